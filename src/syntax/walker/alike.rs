//! Unreadable tokens read again with their look-alike characters replaced
//! ([`crate::syntax::lookalike`]): a move (`Вb5`, `Ｎｂｄ２`), a move number in full-width
//! digits alone or glued to its move (`１２．`, `１．ｅ４`), and a move followed by a glyph
//! (`Кf3!`, `Ｎｆ３！`), which the grammar's unreadable token runs into.
//!
//! Every span stays the original text's: the parts of what was read map back onto the
//! characters they were read from.

use super::Walker;
use super::top::move_number;
use crate::span::{Span, Spanned};
use crate::syntax::lookalike::{self, Normalized, Replacement, unwidened};
use crate::syntax::signs::plain_nag;
use crate::syntax::{Item, LookAlike, MoveBody, MoveToken, SyntaxIssue};

/// A move read with its look-alikes replaced: what it was read as, and the move (spans in the
/// file).
struct Alike {
    read: Normalized,
    token: MoveToken,
}

impl Walker<'_> {
    /// Retries an unreadable token (spanning `span` of the file) with look-alike characters
    /// of each script replaced, full-width forms read as ASCII and bidi marks removed. A move
    /// is accepted only when every reading is the same move, so the replacement cannot change
    /// the meaning; a warning names the first character replaced. True when the token was read
    /// (its items are pushed).
    pub(super) fn look_alike(&mut self, token: &str, span: Span) -> bool {
        let number = lookalike::wide_number(token);
        let at = number.as_ref().map_or(0, |n| n.len);
        let body = &token[at..];
        let mut glyph = body.len();
        let read = if body.is_empty() {
            None
        } else {
            // The whole token as written is known not to read: only its variants are tried.
            self.read_alike(body, span.start + at, at > 0).or_else(|| {
                glyph = glyph_start(body)?;
                self.read_alike(&body[..glyph], span.start + at, true)
            })
        };
        if read.is_none() && (number.is_none() || !body.is_empty()) {
            return false;
        }
        // What was read, and its first replaced character (in the token).
        let mut read_as = String::new();
        let mut first: Option<Replacement> = None;
        if let Some(n) = &number {
            read_as.push_str(&n.text);
            first = Some(n.first);
            let span = Span::new(span.start, span.start + n.len);
            self.push(Item::MoveNumber(Spanned::new(move_number(&n.text), span)));
        }
        if let Some(Alike { read, mut token }) = read {
            read_as.push_str(&read.text);
            first = first.or_else(|| {
                let r = read.replaced.first()?;
                Some(Replacement {
                    offset: at + r.offset,
                    ..*r
                })
            });
            token.index = self.moves;
            self.moves += 1;
            self.push(Item::Move(token));
        }
        if glyph < body.len() {
            let written = &body[glyph..];
            let ascii: String = written.chars().map(unwidened).collect();
            let offset = at + glyph;
            first = first.or_else(|| {
                let (i, found) = written.char_indices().find(|&(_, c)| unwidened(c) != c)?;
                Some(Replacement {
                    offset: offset + i,
                    found,
                    meant: unwidened(found),
                })
            });
            let span = Span::new(span.start + offset, span.end);
            self.push(Item::Nag(Spanned::new(plain_nag(&ascii), span)));
            read_as.push_str(&ascii);
        }
        // Nothing replaced but bidi marks removed: no warning.
        if let Some(r) = first {
            let at = Span::new(
                span.start + r.offset,
                span.start + r.offset + r.found.len_utf8(),
            );
            self.issues.push(SyntaxIssue::LookAlike(Box::new(LookAlike {
                token: span,
                at,
                found: r.found,
                meant: r.meant,
                read_as,
            })));
        }
        true
    }

    /// The reading of `text` (which starts at byte `base` of the file) as a move with its
    /// look-alikes replaced, when every script that gives one gives the same move (most often
    /// one script does); `text` as written when it holds no look-alike (a move after a
    /// full-width move number; `as_written`: `text` is a part of the token, which may read as
    /// written).
    fn read_alike(&self, text: &str, base: usize, as_written: bool) -> Option<Alike> {
        let mut variants = lookalike::variants(text);
        if as_written && !variants.iter().any(|v| v.text == text) {
            variants.insert(0, lookalike::unchanged(text));
        }
        let mut readings: Vec<Alike> = Vec::new();
        for read in variants {
            if readings.iter().any(|r| r.read.text == read.text) {
                continue;
            }
            if let Some(token) = (self.read_single)(&read.text, 0) {
                readings.push(Alike { read, token });
            }
        }
        let first = readings.first()?;
        let same = |a: &MoveToken| {
            let b = &first.token;
            a.body == b.body && a.check().map(|c| c.value) == b.check().map(|c| c.value)
        };
        if !readings.iter().all(|r| same(&r.token)) {
            return None;
        }
        let Alike { read, token } = readings.swap_remove(0);
        let token = placed(token, &read, base);
        Some(Alike { read, token })
    }
}

/// A move read from a normalized text (spans from 0) with its spans on the original text,
/// which starts at byte `base` of the file.
fn placed(mut m: MoveToken, read: &Normalized, base: usize) -> MoveToken {
    let span = |s: Span| read.origin(s).offset(base);
    let (check, capture, ep) = (m.check(), m.capture(), m.ep());
    let whole = span(m.span);
    if let MoveBody::Descriptive(d) = &mut m.body {
        for part in [
            Some(&mut d.who),
            d.to.as_mut(),
            d.captured.as_mut(),
            d.at.as_mut(),
        ]
        .into_iter()
        .flatten()
        {
            part.span = span(part.span);
        }
    }
    // The marks are kept from the token's start: set again once it is placed.
    m.span = whole;
    m.set_check(check.map(|c| Spanned::new(c.value, span(c.span))));
    m.set_capture(capture.map(|c| Spanned::new(c.value, span(c.span))));
    m.set_ep(ep.map(span));
    m
}

/// Where a glyph (`!`, `?`, `!!`, `!?`…, in ASCII or full-width) at the end of `body` starts,
/// when something comes before it.
fn glyph_start(body: &str) -> Option<usize> {
    let mut start = body.len();
    for (i, c) in body.char_indices().rev().take(2) {
        if !matches!(unwidened(c), '!' | '?') {
            break;
        }
        start = i;
    }
    (start > 0 && start < body.len()).then_some(start)
}
