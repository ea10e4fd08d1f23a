//! Completion: the legal moves of the position at the cursor, written in the notation and
//! language of the game there, filtered by what is typed of the move so far.

use std::sync::Arc;

use lsp_types::{CompletionItem, CompletionItemKind, CompletionTextEdit, Position, TextEdit};
use scoresheet::board::describe_move;
use scoresheet::lint::editor::spot;
use scoresheet::syntax::Registry;
use shakmaty::Position as _;

use super::documents::Doc;

/// Where the move being typed starts: after white space, a bracket, a brace or a move
/// number's dot.
fn word_start(text: &str, at: usize) -> usize {
    text[..at]
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_whitespace() || "(){}[].…".contains(*c))
        .map_or(0, |(i, c)| i + c.len_utf8())
}

/// The completion items at a position of the document.
pub fn complete(doc: &Doc, registry: &Arc<Registry>, p: Position) -> Vec<CompletionItem> {
    let text = doc.text.as_str();
    let at = doc.text.offset(p);
    let start = word_start(text, at);
    let typed = &text[start..at];
    let section = doc.section_at(start);
    let part = &text[section.start..section.end];
    let options = doc.section_options(registry).read;
    let Ok(found) = spot(
        &doc.path,
        part,
        &options,
        doc.config.clone(),
        start - section.start,
    ) else {
        return Vec::new();
    };
    let (Some((pos, origins)), Some(writer)) = (found.position, found.writer) else {
        return Vec::new();
    };
    let range = doc.text.range(start, at);
    let mut items: Vec<CompletionItem> = pos
        .legal_moves()
        .iter()
        .map(|m| (writer.write(&pos, &origins, m), m))
        .filter(|(w, _)| w.starts_with(typed))
        .map(|(w, m)| CompletionItem {
            label: w.clone(),
            kind: Some(CompletionItemKind::VALUE),
            detail: Some(describe_move(m)),
            filter_text: Some(w.clone()),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(range, w))),
            ..CompletionItem::default()
        })
        .collect();
    items.sort_by(|a, b| a.label.cmp(&b.label));
    for (i, item) in items.iter_mut().enumerate() {
        item.sort_text = Some(format!("{i:04}"));
    }
    items
}

#[cfg(test)]
mod tests {
    use super::word_start;

    #[test]
    fn the_word_typed_starts_after_a_number_or_space() {
        assert_eq!(word_start("1. e4 e5 2.Sf", 13), 11);
        assert_eq!(word_start("1. e4 e5 2. Кf", 15), 12);
        assert_eq!(word_start("(12...", 6), 6);
        assert_eq!(word_start("e4", 2), 0);
    }
}
