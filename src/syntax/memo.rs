//! Reading a game piece by piece, each piece already read looked up instead of parsed again.
//!
//! A game is cut where white space separates words. Most words are move tokens, move numbers
//! and results, and the same few tens of thousands come back in every game: the syntax of a
//! word does not depend on the position. Each piece (a word, or several when a token spans
//! words: a comment, a tag pair, a descriptive `P-K4 ch`) is parsed alone by the grammar's own
//! game rule, with the white-space character after it (or up to the next word's first
//! character), and what it reads ([`Top`]s) is used in the game at the piece's place.
//!
//! That reading is the game parse's own only when the parse of the game reaches the piece's
//! start in the same state and reads the piece without looking past it. The grammar tells:
//! [`Probe`] follows pest's tests on the piece and says whether any of them looks further
//! than the character after the piece (then the piece grows by more words), and how the game
//! rule's two loops (tag pairs at the start, then the rest) stand at its ends. Whenever a game
//! cannot be cut so, it is parsed whole, as before: the result is always the full parse's.
//!
//! Single words are kept in a cache per parser and per thread, bounded by [`MAX_ENTRIES`].

mod probe;
#[cfg(test)]
mod tests;

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Mutex, PoisonError};

pub(crate) use probe::Probe;
use probe::Verdict;

use crate::syntax::GameSyntax;
use crate::syntax::kind::GrammarParser;
use crate::syntax::walker::{
    ReadSingle, Top, Walker, game_tops, parse_game as whole_game, read_single,
};

/// The most words a cache holds; a full cache is emptied and fills again.
pub(crate) const MAX_ENTRIES: usize = 1 << 16;

/// The most words of one piece: a longer token (a long comment) has the game parsed whole.
const MAX_PIECE_WORDS: usize = 512;

/// Reads one game of text that starts at byte `base` of its file with a derived parser:
/// piece by piece when the game can be cut so, else whole.
pub(crate) fn parse_game<P: GrammarParser>(text: &str, base: usize) -> GameSyntax {
    #[cfg(test)]
    let whole = WHOLE.with(std::cell::Cell::get);
    #[cfg(not(test))]
    let whole = false;
    if let Some(probe) = builtin_probe::<P>().filter(|_| !whole) {
        let pieces = Pieces {
            id: MemoId::Builtin(std::any::TypeId::of::<P>()),
            probe,
            parse: &|t| game_tops(P::parse(P::GAME, t)),
            read_single: &read_single::<P>,
        };
        if let Some(game) = pieces.parse_game(text, base) {
            return game;
        }
    }
    whole_game::<P>(text, base)
}

#[cfg(test)]
thread_local! {
    /// Set by the tests: parse every game whole, to compare.
    static WHOLE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The probes of the derived parsers, built when a parser is first used (`None`: its game
/// rule is not one the pieces can follow).
static PROBES: Mutex<Vec<(std::any::TypeId, Option<&'static Probe>)>> = Mutex::new(Vec::new());

/// The probe of a derived parser.
fn builtin_probe<P: GrammarParser>() -> Option<&'static Probe> {
    let id = std::any::TypeId::of::<P>();
    let mut probes = PROBES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, p)) = probes.iter().find(|(i, _)| *i == id) {
        return *p;
    }
    // One probe per derived parser for the life of the program, like the parser itself.
    let probe = Probe::new(P::GRAMMAR).map(|p| &*Box::leak(Box::new(p)));
    probes.push((id, probe));
    probe
}

/// Which parser a cache belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MemoId {
    /// A derived parser, by its type.
    Builtin(std::any::TypeId),
    /// A parser built at run time, by a number given when it was built.
    User(u64),
}

/// What one piece reads, and how the game rule stands at its ends.
#[derive(Debug)]
struct Entry {
    verdict: Verdict,
    /// The tokens, with spans from the piece's start.
    tops: Box<[Top]>,
}

/// A cheap hash for short words (FNV-1a).
#[derive(Clone, Copy)]
struct WordHasher(u64);

impl Default for WordHasher {
    fn default() -> Self {
        WordHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The cache of one parser on one thread.
#[derive(Default)]
struct Cache {
    words: HashMap<Box<str>, Entry, BuildHasherDefault<WordHasher>>,
}

thread_local! {
    static CACHES: RefCell<Vec<(MemoId, Cache)>> = const { RefCell::new(Vec::new()) };
}

/// A parser as the piecewise reading uses it.
pub(crate) struct Pieces<'a> {
    /// Its cache's name.
    pub id: MemoId,
    /// Its grammar.
    pub probe: &'a Probe,
    /// Parses a text alone with the game rule into its tokens (spans from 0); `None` when the
    /// parser fails.
    pub parse: &'a dyn Fn(&str) -> Option<Vec<Top>>,
    /// Reads one token alone as a move (the walker's look-alike retries).
    pub read_single: ReadSingle<'a>,
}

/// Where the game rule stands when a piece starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// In the loop over the tag pairs at the start, or after a line break: the piece alone
    /// starts the same way.
    Tags,
    /// In the loop over the rest, after spaces on the same line: the piece alone must not
    /// start with a tag pair.
    Rest,
}

impl Pieces<'_> {
    /// Reads one game whose text starts at byte `base` of its file; `None` when it cannot be
    /// cut into pieces that read alone as in the game (the caller parses it whole).
    pub(crate) fn parse_game(&self, text: &str, base: usize) -> Option<GameSyntax> {
        CACHES.with(|caches| {
            let mut caches = caches.try_borrow_mut().ok()?;
            let at = match caches.iter().position(|(id, _)| *id == self.id) {
                Some(at) => at,
                None => {
                    caches.push((self.id, Cache::default()));
                    caches.len() - 1
                }
            };
            // Each token is walked as it is read: a long game's tokens are not kept in a list
            // beside its tree. A game that cannot be cut drops what was walked of it.
            let mut walker = Walker::new(base, text.len(), self.read_single);
            self.tops(&mut caches[at].1, text, base, &mut walker)?;
            #[cfg(test)]
            tests::PIECEWISE.with(|n| n.set(n.get() + 1));
            Some(walker.finish(text))
        })
    }

    /// Walks the game's tokens, piece by piece (spans in the file, the game starting at
    /// `base`); `None` when the game cannot be cut so.
    fn tops(
        &self,
        cache: &mut Cache,
        text: &str,
        base: usize,
        tops: &mut Walker<'_>,
    ) -> Option<()> {
        let words = words(text);
        let mut state = State::Tags;
        let mut i = 0;
        while i < words.len() {
            let (j, verdict) = self.piece(cache, text, &words, i, base, tops)?;
            if state == State::Rest && !verdict.first_inert {
                return None;
            }
            let gap_end = words.get(j + 1).map_or(text.len(), |w| w.0);
            state = if verdict.first_to_end || text[words[j].1..gap_end].contains('\n') {
                State::Tags
            } else {
                State::Rest
            };
            i = j + 1;
        }
        Some(())
    }

    /// Reads the piece that starts at word `i`: the word alone, or with as many words after
    /// it as its tokens need. Walks its tokens and returns its last word and its verdict.
    fn piece(
        &self,
        cache: &mut Cache,
        text: &str,
        words: &[(usize, usize)],
        i: usize,
        base: usize,
        tops: &mut Walker<'_>,
    ) -> Option<(usize, Verdict)> {
        let start = words[i].0;
        let last = words.len() - 1;
        if i != last {
            let end = words[i].1;
            // The word and the character after it; failing that, the word and what follows
            // up to the next word's first character (a descriptive `P-K4` looks past the
            // space for a `ch` or `e.p.` of its own).
            let next = words[i + 1].0;
            let ahead = next + text[next..].chars().next().map_or(0, char::len_utf8);
            for key_end in [end + 1, ahead] {
                let key = &text[start..key_end];
                if !cache.words.contains_key(key) {
                    if cache.words.len() >= MAX_ENTRIES {
                        cache.words.clear();
                    }
                    let entry = self.read(key, end - start, false);
                    cache.words.insert(key.into(), entry);
                }
                let entry = &cache.words[key];
                if entry.verdict.bounded {
                    walk_shifted(tops, &entry.tops, base + start, text);
                    return Some((i, entry.verdict));
                }
            }
        }
        // A piece of several words: first where its first word suggests it ends, then one
        // more word, then twice as many each time.
        let mut j = hint(text, words, i).unwrap_or(i + 1).min(last);
        loop {
            let end = words[j].1;
            let key_end = if j == last { text.len() } else { end + 1 };
            let entry = self.read(&text[start..key_end], end - start, j == last);
            if entry.verdict.bounded {
                walk_shifted(tops, &entry.tops, base + start, text);
                return Some((j, entry.verdict));
            }
            if j == last || j - i + 1 >= MAX_PIECE_WORDS {
                return None;
            }
            j = (i + 2 * (j - i + 1) - 1).min(last);
        }
    }

    /// Reads a piece alone: `len` bytes of `key`, then what follows it in the game up to the
    /// key's end (or, when `last`, the rest of the game).
    fn read(&self, key: &str, len: usize, last: bool) -> Entry {
        let mut verdict = self.probe.check(key, len, last);
        let mut tops = Vec::new();
        if verdict.bounded {
            match (self.parse)(key) {
                // The tokens of the piece; those of what follows it are read with their own.
                Some(mut t) => {
                    t.retain_mut(|t| t.span_mut().start < len);
                    tops = t;
                }
                None => verdict.bounded = false,
            }
        }
        Entry {
            verdict,
            tops: tops.into_boxed_slice(),
        }
    }
}

/// Where a piece that starts at word `i` likely ends, judging by its first byte: tag pairs at
/// the end of the last line that starts with `[`, a comment at the word that balances its
/// braces. Only a guess: the
/// probe decides.
fn hint(text: &str, words: &[(usize, usize)], i: usize) -> Option<usize> {
    let (start, _) = words[i];
    match text.as_bytes()[start] {
        b'[' => {
            // Through the last of the lines that start with `[` (the tag pairs, read at once).
            let mut j = i;
            let mut line_start = start;
            for (k, w) in words.iter().enumerate().skip(i) {
                if w.0 > line_start && text[line_start..w.0].contains('\n') {
                    if text.as_bytes()[w.0] != b'[' {
                        break;
                    }
                    line_start = w.0;
                }
                j = k;
            }
            Some(j)
        }
        b'{' => {
            let mut depth = 0i32;
            for (j, w) in words.iter().enumerate().skip(i) {
                for b in text[w.0..w.1].bytes() {
                    depth += i32::from(b == b'{') - i32::from(b == b'}');
                }
                if depth <= 0 {
                    return Some(j);
                }
            }
            None
        }
        _ => None,
    }
}

/// Walks tokens read at the start of a piece, moved to the piece's place (`text`: the game's).
fn walk_shifted(walker: &mut Walker<'_>, read: &[Top], at: usize, text: &str) {
    for t in read {
        let mut t = t.clone();
        t.shift(at);
        walker.top(t, text);
    }
}

/// The words of a text: the runs of bytes between spaces, tabs and line breaks, as byte ranges.
fn words(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, b) in text.bytes().enumerate() {
        let space = matches!(b, b' ' | b'\t' | b'\r' | b'\n');
        match (start, space) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}
