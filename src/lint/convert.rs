//! Manuscripts converted in place (`scoresheet convert chapter.md --to san --to-lang de`): every
//! move of every game and prose fragment the linter reads (`after 12...Bxg3 13.fxg3 the
//! bishop`) written in another notation and language, and every other byte left as it was.
//!
//! A move is rewritten only where the board placed it: the text is read as the linter reads
//! it ([`Document`]), and each move token that its game or fragment resolved is written by the
//! target's writer from the position before it. A token that was not resolved (an illegal
//! move, a fragment that reads in no position of its game) is left as written and listed,
//! never guessed.

use crate::check::CheckError;
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
    /// The move tokens left as written because the board did not place them.
    pub left: Vec<Left>,
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
}

/// Converts the moves of a manuscript (`bytes`, read as the linter reads `path`) with `writer`.
///
/// # Errors
/// When the options name a notation or language that has no grammar.
pub fn convert_manuscript(
    path: &str,
    bytes: &[u8],
    options: &ReadOptions,
    config: Config,
    writer: &Writer,
) -> Result<Converted, CheckError> {
    let (mut doc, mut src) = Document::open(path, bytes, options, config)?;
    let mut edits: Vec<(Span, String)> = Vec::new();
    let mut left: Vec<Left> = Vec::new();
    while let Some(mut group) = src.next_group() {
        for unit in src.read(&mut doc, &mut group) {
            for tok in unit.tokens() {
                let written = unit.src(tok.span);
                match unit.placed(tok) {
                    Some(p) => {
                        let Some(m) = p.m else { continue };
                        let new = writer.write(&p.before, &p.origins, &m);
                        if new != written {
                            edits.push((tok.span, new));
                        }
                    }
                    None => left.push(Left {
                        span: tok.span,
                        text: written.to_owned(),
                    }),
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
    left.retain(|l| !edits.iter().any(|(s, _)| *s == l.span));
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
        read_as: (doc.notation.to_owned(), doc.language.to_string()),
    })
}
