//! Manuscripts converted in place (`scoresheet convert chapter.md --to san --to-lang de`): every
//! move of every game and prose fragment the linter reads (`after 12...Bxg3 13.fxg3 the
//! bishop`) written in another notation and language, and every other byte left as it was.
//!
//! A move is rewritten only where the board placed it as written: the text is read as the
//! linter reads it ([`Document`]), and each move token that its game or fragment resolved,
//! with no error or warning on it, is written by the target's writer from the position before
//! it. A token that was not resolved (an illegal move, a fragment that reads in no position of
//! its game), that the checker read on from as an assumed repair, or that reads only with a
//! warning on it (`Txf2` with nothing on f2: was the capture or the square meant?) is left as
//! written and listed, never guessed; with `repair`, an assumed repair is written as the
//! checker assumed it, and listed as such.

use crate::check::{CheckError, MoveState};
use crate::diagnostic::Severity;
use crate::lint::config::Config;
use crate::lint::document::{Document, ReadOptions};
use crate::render::Writer;
use crate::span::Span;

/// A manuscript converted.
#[derive(Clone, Debug)]
pub struct Converted {
    /// The text with its moves rewritten.
    pub text: String,
    /// The decoded text it was made from (the same bytes outside the moves).
    pub original: String,
    /// How many move tokens were rewritten (written differently).
    pub rewritten: usize,
    /// Each rewritten token: its place in `original` and its new text, in text order.
    pub edits: Vec<(Span, String)>,
    /// The move tokens left as written: the board did not place them as written.
    pub left: Vec<Left>,
    /// The move tokens written as the checker repaired them (with `repair` only).
    pub repaired: Vec<Left>,
    /// The notation and language the manuscript was read in.
    pub read_as: (String, String),
}

/// A move token left as written.
#[derive(Clone, Debug)]
pub struct Left {
    /// Where it is.
    pub span: Span,
    /// The token as written.
    pub text: String,
    /// Why it was left (or what it was repaired to).
    pub why: String,
}

/// Converts the moves of a manuscript (`bytes`, read as the linter reads `path`) with `writer`;
/// with `repair`, a move the checker read on from as an assumed repair is written as assumed
/// (and listed in [`Converted::repaired`]) instead of being left as written.
///
/// # Errors
/// When the options name a notation or language that has no grammar.
pub fn convert_manuscript(
    path: &str,
    bytes: &[u8],
    options: &ReadOptions,
    config: Config,
    writer: &Writer,
    repair: bool,
) -> Result<Converted, CheckError> {
    let (mut doc, mut src) = Document::open(path, bytes, options, config)?;
    let mut edits: Vec<(Span, String)> = Vec::new();
    let mut left: Vec<Left> = Vec::new();
    let mut repaired: Vec<Left> = Vec::new();
    // Tokens placed as written (or repaired): one read twice (a fragment read again) and
    // placed once is not left.
    let mut good: std::collections::HashSet<Span> = std::collections::HashSet::new();
    while let Some(mut group) = src.next_group() {
        for unit in src.read(&mut doc, &mut group) {
            // After a move the checker assumed, the board is a guess: what follows in the
            // unit is placed on it, and is converted only with `repair`.
            let mut after_guess: Option<String> = None;
            for tok in unit.tokens() {
                let written = unit.src(tok.span);
                let state = unit.game.state(tok.index);
                // The worst problem the checker found on the token itself.
                let doubt = (unit.game.diagnostics.iter())
                    .filter(|d| d.severity != Severity::Advice)
                    .filter(|d| d.span.start < tok.span.end && tok.span.start < d.span.end)
                    .min_by_key(|d| d.severity != Severity::Error);
                let assumed = matches!(state, MoveState::Assumed(_));
                let leave = |why: String| Left {
                    span: tok.span,
                    text: written.to_owned(),
                    why,
                };
                let why = match (unit.placed(tok), doubt) {
                    _ if repair => None,
                    (Some(_), None) if !assumed => after_guess.clone(),
                    (_, Some(d)) => Some(d.to_string()),
                    (Some(_), None) => Some("the checker assumed another move here".to_owned()),
                    (None, None) if matches!(state, MoveState::NotChecked) => {
                        Some("not checked: an earlier move of its line did not read".to_owned())
                    }
                    (None, None) => Some("the board does not place it".to_owned()),
                };
                if assumed || doubt.is_some_and(|d| d.severity == Severity::Error) {
                    after_guess.get_or_insert_with(|| {
                        format!("read after a move the checker had to assume (`{written}`)")
                    });
                }
                match (why, unit.placed(tok)) {
                    (None, Some(p)) => {
                        good.insert(tok.span);
                        let Some(m) = p.m else { continue };
                        let new = writer.write(&p.before, &p.origins, &m);
                        if assumed || doubt.is_some() {
                            repaired.push(leave(format!("repaired as `{new}`")));
                        }
                        if new != written {
                            edits.push((tok.span, new));
                        }
                    }
                    (why, _) => left.push(leave(
                        why.unwrap_or_else(|| "the board does not place it".to_owned()),
                    )),
                }
            }
        }
    }
    doc.finish(src);
    let original = doc.original.to_string();
    // A token read twice (a fragment read again) is rewritten once; none overlap.
    edits.sort_by_key(|(s, _)| (s.start, s.end));
    edits.dedup_by_key(|(s, _)| *s);
    left.sort_by_key(|l| l.span.start);
    left.dedup_by_key(|l| l.span);
    left.retain(|l| !good.contains(&l.span));
    repaired.sort_by_key(|l| l.span.start);
    repaired.dedup_by_key(|l| l.span);
    let mut text = String::with_capacity(original.len() + original.len() / 8);
    let mut at = 0;
    let mut end = 0;
    edits.retain(|(span, _)| {
        let keep = span.start >= end && span.end <= original.len();
        if keep {
            end = span.end;
        }
        keep
    });
    for (span, new) in &edits {
        text.push_str(&original[at..span.start]);
        text.push_str(new);
        at = span.end;
    }
    let rewritten = edits.len();
    text.push_str(&original[at..]);
    Ok(Converted {
        text,
        original,
        rewritten,
        edits,
        left,
        repaired,
        read_as: (doc.notation.to_owned(), doc.language.to_string()),
    })
}
