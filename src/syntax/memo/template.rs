//! Tag pairs and comments read once per shape: a piece whose quoted tag value or comment is
//! new is read as its template (the same piece with the characters there replaced by fillers
//! as long as each), kept by shape, and the piece's own tokens are the template's with the
//! tag value taken from the piece.
//!
//! A move number glued to its move is read the same way: `1.` before `e4` is kept with the
//! `e` after it, and read through `1.` with a space after it when every test comes out the
//! same. (Not so a piece before white space or a `)`: the grammar tells those apart from a
//! space.)
//!
//! Nearly every game brings tag values never seen before (players, dates, ratings) and every
//! annotated game new comments, while the grammar looks at few of their characters. Whether
//! it looks at them here is not assumed: the probe makes each of its tests on the piece and
//! on the template alike ([`super::Probe::check_twin`]), and the template stands for the
//! piece only when every test came out the same. pest's matching depends on a text only
//! through those tests, so it reads both alike, rule for rule and span for span; what differs
//! is the text inside the tag value or comment, which no token but that one holds.

use super::{Cache, Entry, Pieces};
use crate::syntax::walker::Top;
use crate::syntax::walker::top::unescape_tag;
use std::sync::Arc;

/// A filler for a character, by its length in UTF-8 (1 to 4 bytes).
const FILLERS: [char; 4] = ['x', 'é', '€', '𝄞'];

/// The template of `key` (a piece of `len` bytes and what follows it), and the bytes whose
/// characters it replaced: a tag pair's value or a comment's text, or else what follows the
/// piece (by spaces); `None` when nothing was replaced.
fn template(key: &str, len: usize) -> Option<(String, (usize, usize))> {
    let piece = key.get(..len)?;
    let (from, to) = match piece.as_bytes().first()? {
        b'[' => (piece.find('"')? + 1, piece.rfind('"')?),
        b'{' if piece.ends_with('}') => (1, len - 1),
        _ => return follower(key, len),
    };
    if from >= to {
        return None;
    }
    let mut out = String::with_capacity(key.len());
    out.push_str(&key[..from]);
    let mut changed = false;
    for c in key[from..to].chars() {
        let f = match c {
            '"' | '\\' | '\n' | '\r' | '{' | '}' => c,
            _ => FILLERS[c.len_utf8() - 1],
        };
        changed |= f != c;
        out.push(f);
    }
    out.push_str(&key[to..]);
    changed.then_some((out, (from, to)))
}

/// The template of a piece whose key is the piece and the start of a word glued to it
/// (letters and digits): that start made spaces (characters of more bytes, fillers as long).
fn follower(key: &str, len: usize) -> Option<(String, (usize, usize))> {
    let after = key.get(len..)?;
    if after.is_empty() || !after.chars().all(char::is_alphanumeric) {
        return None;
    }
    let mut out = String::with_capacity(key.len());
    out.push_str(&key[..len]);
    for c in after.chars() {
        out.push(if c.len_utf8() == 1 {
            ' '
        } else {
            FILLERS[c.len_utf8() - 1]
        });
    }
    (out != key).then_some((out, (len, key.len())))
}

/// The template's tokens as the piece's: the replaced bytes must lie inside one tag value or
/// comment; a tag value is taken from the piece.
fn own_tops(tops: &[Top], key: &str, (from, to): (usize, usize)) -> Option<Box<[Top]>> {
    // What follows the piece is in no token of it.
    let mut inside = tops.iter().all(|t| t.end() <= from);
    let out = tops
        .iter()
        .map(|t| {
            let mut t = t.clone();
            match &mut t {
                Top::Tag(tag) if tag.value_span.start < from && to < tag.value_span.end => {
                    inside = true;
                    tag.value = unescape_tag(&key[tag.value_span.start..tag.value_span.end]).into();
                }
                Top::Comment(c) if c.span.start < from && to < c.span.end => inside = true,
                _ => {}
            }
            t
        })
        .collect();
    inside.then_some(out)
}

impl Pieces<'_> {
    /// Reads a piece alone (as [`Pieces::read`]), through its template when it has one that
    /// reads the same (the template read and kept in `templates` the first time).
    pub(super) fn read_shaped(
        &self,
        templates: &mut Cache,
        key: &str,
        len: usize,
        last: bool,
    ) -> Entry {
        if let Some((shape, replaced)) = template(key, len) {
            let known = templates.map(last).get(shape.as_str()).cloned();
            let shaped = known.unwrap_or_else(|| {
                let entry = Arc::new(self.read(&shape, len, last));
                templates.keep(&shape, last, Arc::clone(&entry));
                entry
            });
            if shaped.verdict.bounded
                && self.probe.check_twin(key, Some(&shape), len, last) == shaped.verdict
                && let Some(tops) = own_tops(&shaped.tops, key, replaced)
            {
                return Entry {
                    verdict: shaped.verdict,
                    tops,
                };
            }
        }
        self.read(key, len, last)
    }
}
