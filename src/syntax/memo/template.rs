//! Tag pairs and comments read once per shape: a piece whose quoted tag value or comment is
//! new is read as its template (the same piece with the characters there replaced by fillers
//! as long as each), kept by shape, and the piece's own tokens are the template's with the
//! tag value taken from the piece.
//!
//! A word's other pieces are read the same way: the same move before a line break or a `)`,
//! a move number glued to its move (`Rxe5` then `\n`, `1.` then `e`), are read through the
//! piece with a space after it when every test comes out the same (a predicate such as
//! `&token_end` by its outcome: see [`super::Probe::check_twin`]).
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
use std::sync::{Arc, Mutex, PoisonError};

/// The most templates a thread keeps of each kind (each holds its tests' tables, and a
/// manuscript of long comments has a shape for nearly every one).
const MAX_TEMPLATES: usize = 1 << 13;

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

/// The template of a piece whose key is the piece and what follows it: what follows made
/// spaces (characters of more bytes, fillers as long).
fn follower(key: &str, len: usize) -> Option<(String, (usize, usize))> {
    let after = key.get(len..)?;
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
/// comment (a tag value is taken from the piece), or after every token (what follows the
/// piece).
fn own_tops(tops: &[Top], key: &str, (from, to): (usize, usize)) -> Option<Box<[Top]>> {
    let mut inside = false;
    let mut before = true;
    let out = tops
        .iter()
        .map(|t| {
            let mut t = t.clone();
            before &= t.span_mut().end <= from;
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
    (inside || before).then_some(out)
}

impl Pieces<'_> {
    /// Reads a piece alone (as [`Pieces::read`]), through its template when it has one that
    /// reads the same: a piece of the cache all threads share (a word before a space), or a
    /// template read and kept in `templates` the first time.
    pub(super) fn read_shaped(
        &self,
        templates: &mut Cache,
        shared: &Mutex<Cache>,
        key: &str,
        len: usize,
        last: bool,
    ) -> Entry {
        if let Some((shape, replaced)) = template(key, len) {
            let known = templates
                .map(last)
                .get(shape.as_str())
                .cloned()
                .or_else(|| {
                    let mut shared = shared.lock().unwrap_or_else(PoisonError::into_inner);
                    shared.map(last).get(shape.as_str()).cloned()
                });
            let shaped = known.unwrap_or_else(|| {
                let checked = self.probe.check_keeping(&shape, len, last, replaced);
                let entry = Arc::new(self.read_checked(&shape, len, checked));
                templates.keep_within(&shape, last, Arc::clone(&entry), MAX_TEMPLATES);
                entry
            });
            // The tests kept of the template's fillers tell at once, byte by byte; else (or
            // when one differs) the probe follows the piece and its template side by side.
            let same = || {
                shaped.checks.as_ref().is_some_and(|c| c.same(&shape, key))
                    || self.probe.check_twin(key, Some(&shape), len, last) == shaped.verdict
            };
            if shaped.verdict.bounded
                && same()
                && let Some(tops) = own_tops(&shaped.tops, key, replaced)
            {
                return Entry {
                    verdict: shaped.verdict,
                    tops,
                    checks: None,
                };
            }
        }
        self.read(key, len, last)
    }
}
