//! Hover on a move: the move in words and the board after it.

use std::sync::Arc;

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};
use scoresheet::board::describe_move;
use scoresheet::lint::editor::{MoveAt, spot};
use scoresheet::syntax::Registry;
use shakmaty::Position as _;

use super::documents::Doc;

/// The move number as written before a move (`12.` or `12...`), from the plies before it.
fn number(ply: u32) -> String {
    let n = ply / 2 + 1;
    if ply.is_multiple_of(2) {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}

/// The hover's Markdown for a placed move token written `written`.
pub fn describe(t: &MoveAt, written: &str) -> String {
    let head = t.ply.map_or_else(
        || written.to_owned(),
        |p| format!("{} {written}", number(p)),
    );
    let Some(m) = t.m else {
        let pos = &t.before;
        return format!(
            "**{head}**: a null move (the turn passes)\n\n```text\n{}\n```\n",
            scoresheet::position::diagram(pos.board(), pos.turn())
        );
    };
    let mut words = describe_move(&m);
    let after = t.before.clone().play(m);
    let board = match &after {
        Ok(after) => {
            if after.is_checkmate() {
                words.push_str(", mate");
            } else if after.is_stalemate() {
                words.push_str(", stalemate");
            } else if after.is_check() {
                words.push_str(", check");
            }
            format!(
                "After the move:\n\n```text\n{}\n```\n",
                scoresheet::position::diagram(after.board(), after.turn())
            )
        }
        Err(_) => String::new(),
    };
    let san = shakmaty::san::SanPlus::from_move(t.before.clone(), m);
    format!("**{head}**: {words} (SAN `{san}`)\n\n{board}")
}

/// The hover at a position of the document, when a move read on the board is there.
pub fn hover(doc: &Doc, registry: &Arc<Registry>, p: Position) -> Option<Hover> {
    let at = doc.text.offset(p);
    let section = doc.section_at(at);
    let text = doc.text.as_str();
    let part = &text[section.start..section.end];
    let options = doc.section_options(registry).read;
    let found = spot(
        &doc.path,
        part,
        &options,
        doc.config.clone(),
        at - section.start,
    )
    .ok()?;
    let t = found.token?;
    let written = part.get(t.span.start..t.span.end).unwrap_or("");
    let value = describe(&t, written);
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(
            doc.text
                .range(section.start + t.span.start, section.start + t.span.end),
        ),
    })
}
