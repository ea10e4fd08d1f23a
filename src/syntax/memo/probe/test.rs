//! The tests pest makes on a text, as the probe follows them: each one a value that says what
//! it reads, so that a run can make it on a second text ([`super::Probe::check_twin`]) or keep
//! it to make again later on another text ([`Checks`]).

use super::first::Bytes;
use super::{Past, Step};

/// One test at a position of a text.
#[derive(Clone, Copy, Debug)]
pub(super) enum Test<'n> {
    /// A literal (`true`: case-insensitive), as pest's `match_string` and `match_insensitive`.
    Literal(&'n [u8], bool),
    /// One character in the range.
    Range(char, char),
    /// Any one character.
    Any,
    /// One character of a built-in class.
    Class(fn(&char) -> bool),
    /// The byte is in the set (none at the text's end).
    ByteIn(&'n Bytes),
    /// The byte is one of these ASCII bytes (a bit each).
    OneOf(u128),
    /// There is a byte, and it is not in the set.
    NotIn(&'n Bytes),
    /// There is a character (its end is the outcome).
    CharLen,
}

impl Test<'_> {
    /// The bytes from its position the test may read (a character: up to four).
    #[inline(always)]
    pub(super) fn len(&self) -> usize {
        match self {
            Test::Literal(lit, _) => lit.len(),
            Test::Range(..) | Test::Any | Test::Class(_) | Test::CharLen => 4,
            Test::ByteIn(_) | Test::OneOf(_) | Test::NotIn(_) => 1,
        }
    }

    /// The outcome on `text` at `pos`: where the match ends, or `None` when it fails (a test
    /// of one byte ends where it starts); `Past` when it reads at or past `limit`.
    #[inline(always)]
    pub(super) fn outcome(&self, text: &str, limit: Option<usize>, pos: usize) -> Step {
        let byte = text.as_bytes().get(pos).copied();
        match *self {
            Test::Literal(lit, insensitive) => literal(text, limit, lit, pos, insensitive),
            Test::Range(lo, hi) => char_end(text, limit, pos, |c| (lo..=hi).contains(&c)),
            Test::Any | Test::CharLen => char_end(text, limit, pos, |_| true),
            Test::Class(f) => char_end(text, limit, pos, |c| f(&c)),
            Test::ByteIn(set) => Ok(byte.is_some_and(|b| set.has(b)).then_some(pos)),
            Test::OneOf(set) => Ok(byte
                .filter(|&b| b < 128 && set & (1 << b) != 0)
                .map(|_| pos + 1)),
            Test::NotIn(set) => Ok(byte.is_some_and(|b| !set.has(b)).then_some(pos)),
        }
    }

    /// Is it the same test as `other` (a built-in class by its function's address: two
    /// copies of one class may count as two tests, which only keeps both)?
    fn same(&self, other: &Test<'_>) -> bool {
        match (*self, *other) {
            (Test::Literal(a, x), Test::Literal(b, y)) => a == b && x == y,
            (Test::Range(a, b), Test::Range(c, d)) => a == c && b == d,
            (Test::Any, Test::Any) | (Test::CharLen, Test::CharLen) => true,
            (Test::Class(f), Test::Class(g)) => std::ptr::fn_addr_eq(f, g),
            (Test::ByteIn(a), Test::ByteIn(b)) | (Test::NotIn(a), Test::NotIn(b)) => a == b,
            (Test::OneOf(a), Test::OneOf(b)) => a == b,
            _ => false,
        }
    }

    /// The same test holding its own data.
    fn owned(&self) -> Owned {
        match *self {
            Test::Literal(lit, insensitive) => Owned::Literal(lit.into(), insensitive),
            Test::Range(lo, hi) => Owned::Range(lo, hi),
            Test::Any => Owned::Any,
            Test::Class(f) => Owned::Class(f),
            Test::ByteIn(set) => Owned::ByteIn(*set),
            Test::OneOf(set) => Owned::OneOf(set),
            Test::NotIn(set) => Owned::NotIn(*set),
            Test::CharLen => Owned::CharLen,
        }
    }
}

/// A [`Test`] holding its own data.
#[derive(Clone, Debug)]
enum Owned {
    Literal(Box<[u8]>, bool),
    Range(char, char),
    Any,
    Class(fn(&char) -> bool),
    ByteIn(Bytes),
    OneOf(u128),
    NotIn(Bytes),
    CharLen,
}

impl Owned {
    fn test(&self) -> Test<'_> {
        match self {
            Owned::Literal(lit, insensitive) => Test::Literal(lit, *insensitive),
            Owned::Range(lo, hi) => Test::Range(*lo, *hi),
            Owned::Any => Test::Any,
            Owned::Class(f) => Test::Class(*f),
            Owned::ByteIn(set) => Test::ByteIn(set),
            Owned::OneOf(set) => Test::OneOf(*set),
            Owned::NotIn(set) => Test::NotIn(set),
            Owned::CharLen => Test::CharLen,
        }
    }
}

/// The most distinct tests [`Checks`] keeps; a run that makes more keeps none.
const MAX_CHECKS: usize = 16;

/// The tests a run made that read bytes of a span of its text, each kept once, and what they
/// tell of a byte and a character. Another text that differs from it only in that span (each
/// character replaced by one as long) is read the same way when, byte for byte in the span,
/// no kept test tells the two apart: a byte test or a literal sees the same at each byte, a
/// character test the same at each character. Then a run on it makes the same tests in the
/// same order with the same outcomes (those that read only other bytes read the same bytes),
/// so pest reads both the same way.
#[derive(Debug)]
pub(crate) struct Checks {
    /// The span of the text that others may differ in.
    span: (usize, usize),
    tests: Vec<Owned>,
    /// More than [`MAX_CHECKS`] distinct tests were made.
    overflow: bool,
    /// Each ASCII byte's [`Checks::byte_sig`] (the table is kept small: the templates that
    /// hold it are many).
    bytes: [u32; 128],
    /// Each ASCII character's [`Checks::char_sig`].
    ascii: [u16; 128],
}

impl Checks {
    /// Checks of the tests that read `span`.
    pub(super) fn new(span: (usize, usize)) -> Checks {
        Checks {
            span,
            tests: Vec::new(),
            overflow: false,
            bytes: [0; 128],
            ascii: [0; 128],
        }
    }

    /// A test made at `pos`: kept when it reads the span.
    #[cold]
    pub(super) fn saw(&mut self, test: &Test<'_>, pos: usize) {
        let (start, end) = self.span;
        if self.overflow || pos >= end || pos + test.len() <= start {
            return;
        }
        if !self.tests.iter().any(|t| t.test().same(test)) {
            if self.tests.len() == MAX_CHECKS {
                self.overflow = true;
                self.tests.clear();
            } else {
                self.tests.push(test.owned());
            }
        }
    }

    /// The checks, unless there were too many tests to keep, with the signature of each ASCII
    /// byte and character worked out.
    pub(super) fn finish(mut self) -> Option<Checks> {
        if self.overflow {
            return None;
        }
        for b in 0..128u8 {
            self.bytes[usize::from(b)] = self.byte_sig(b);
        }
        for c in 0..128u8 {
            self.ascii[usize::from(c)] = self.char_sig(char::from(c));
        }
        Some(self)
    }

    /// What the byte tests and literals tell of a byte: a bit per byte test that takes it,
    /// and the byte itself when a literal holds it (of either case, for a literal of either
    /// case).
    fn byte_sig(&self, b: u8) -> u32 {
        let mut sig = 0u32;
        for (i, t) in self.tests.iter().enumerate() {
            let hit = match t {
                Owned::ByteIn(set) | Owned::NotIn(set) => set.has(b),
                Owned::OneOf(set) => b < 128 && set & (1 << b) != 0,
                Owned::Literal(lit, insensitive) => lit
                    .iter()
                    .any(|&l| l == b || (*insensitive && l.eq_ignore_ascii_case(&b))),
                _ => false,
            };
            if hit {
                sig |= 1 << i;
                if matches!(t, Owned::Literal(..)) {
                    // Which byte it is matters to a literal.
                    sig |= (u32::from(b) + 1) << 16;
                }
            }
        }
        sig
    }

    /// What the character tests tell of a character: a bit per test it matches.
    fn char_sig(&self, c: char) -> u16 {
        let mut sig = 0;
        for (i, t) in self.tests.iter().enumerate() {
            let hit = match t {
                Owned::Range(lo, hi) => (*lo..=*hi).contains(&c),
                Owned::Class(f) => f(&c),
                // Any character matches them, and the two texts' characters are as long.
                _ => false,
            };
            sig |= u16::from(hit) << i;
        }
        sig
    }

    /// Does `other` (a text as long as `text`, differing from it only in the span, each
    /// character replaced by one as long) read as `text` does: does no kept test tell a byte
    /// or a character of the span apart?
    pub(crate) fn same(&self, text: &str, other: &str) -> bool {
        let (start, end) = self.span;
        if text.len() != other.len() || end > text.len() {
            return false;
        }
        let (a, b) = (&text.as_bytes()[start..end], &other.as_bytes()[start..end]);
        let bytes_same = a
            .iter()
            .zip(b)
            .all(|(&x, &y)| x == y || self.byte_of(x) == self.byte_of(y));
        if !bytes_same {
            return false;
        }
        let (Some(a), Some(b)) = (text.get(start..end), other.get(start..end)) else {
            return false;
        };
        a.chars().zip(b.chars()).all(|(x, y)| {
            x == y || (x.len_utf8() == y.len_utf8() && self.sig_of(x) == self.sig_of(y))
        })
    }

    /// [`Checks::byte_sig`], from the table for an ASCII byte.
    fn byte_of(&self, b: u8) -> u32 {
        match self.bytes.get(usize::from(b)) {
            Some(&sig) => sig,
            None => self.byte_sig(b),
        }
    }

    /// [`Checks::char_sig`], from the table for an ASCII character.
    fn sig_of(&self, c: char) -> u16 {
        match u8::try_from(c) {
            Ok(b) if b < 128 => self.ascii[usize::from(b)],
            _ => self.char_sig(c),
        }
    }
}

/// A literal at `pos` of `text` (tests at or past `limit` look past it).
#[inline]
fn literal(text: &str, limit: Option<usize>, lit: &[u8], pos: usize, insensitive: bool) -> Step {
    let same = |a: &[u8], b: &[u8]| {
        if insensitive {
            a.eq_ignore_ascii_case(b)
        } else {
            a == b
        }
    };
    let end = pos + lit.len();
    if let Some(limit) = limit
        && end > limit
    {
        let have = text.as_bytes().get(pos..limit).unwrap_or(&[]);
        return if same(have, &lit[..have.len().min(lit.len())]) {
            Err(Past)
        } else {
            Ok(None)
        };
    }
    if !insensitive {
        // Equal bytes from a character's start end on a character, as the literal does.
        return Ok(text
            .as_bytes()
            .get(pos..end)
            .is_some_and(|s| s == lit)
            .then_some(end));
    }
    // pest's insensitive match takes the input's slice, which must end on a character.
    Ok(match text.get(pos..end) {
        Some(s) if same(s.as_bytes(), lit) => Some(end),
        _ => None,
    })
}

/// The end of the character at `pos` when it matches `f`.
#[inline]
fn char_end(text: &str, limit: Option<usize>, pos: usize, f: impl Fn(char) -> bool) -> Step {
    Ok(char_at(text, limit, pos)?
        .filter(|&c| f(c))
        .map(|c| pos + c.len_utf8()))
}

/// The character at `pos` of `text` (`None` at its end when there is no limit).
#[inline]
pub(super) fn char_at(text: &str, limit: Option<usize>, pos: usize) -> Result<Option<char>, Past> {
    if limit.is_some_and(|l| pos >= l) {
        return Err(Past);
    }
    Ok(text.get(pos..).and_then(|s| s.chars().next()))
}
