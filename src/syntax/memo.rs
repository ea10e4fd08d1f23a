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
//! Pieces are kept in a cache per parser, shared by the threads, with a copy per thread
//! looked up without a lock; each map is bounded by [`MAX_ENTRIES`].

mod own;
mod probe;
mod template;
#[cfg(test)]
mod tests;

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex, PoisonError};

use own::Own;
pub(crate) use probe::Probe;
use probe::{Checks, Verdict};

use crate::read::space::{next_white, skip_white, trim_white};
use crate::syntax::GameSyntax;
use crate::syntax::kind::GrammarParser;
use crate::syntax::walker::{
    ReadSingle, Top, Walker, game_tops, parse_game as whole_game, read_single,
};

/// The most pieces a map of a cache holds; a full map is emptied and fills again.
pub(crate) const MAX_ENTRIES: usize = 1 << 17;

/// The longest piece text kept in a cache (a tag pair's line, a short comment): longer ones
/// are read each time.
const MAX_KEY_BYTES: usize = 256;

/// The most words of one piece: a longer token (a long comment) has the game parsed whole.
const MAX_PIECE_WORDS: usize = 512;

/// Reads one game of text that starts at byte `base` of its file with a derived parser:
/// piece by piece when the game can be cut so, else whole.
pub(crate) fn parse_game<P: GrammarParser>(text: &str, base: usize) -> GameSyntax {
    #[cfg(test)]
    let whole = WHOLE.with(std::cell::Cell::get);
    #[cfg(not(test))]
    let whole = false;
    // One word (a token read alone, as when a token is tried in other languages) gains
    // nothing from the pieces, and would cost the parser's probe where it is not built yet.
    let whole = whole || one_word(text);
    if let Some(probe) = (!whole).then(|| builtin_probe::<P>(text.len())).flatten() {
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

/// The text is at most one short word.
fn one_word(text: &str) -> bool {
    if text.len() > 64 {
        return false;
    }
    let word = trim_white(text).as_bytes();
    next_white(word, 0) == word.len()
}

#[cfg(test)]
thread_local! {
    /// Set by the tests: parse every game whole, to compare.
    static WHOLE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// How much text a derived parser reads whole before its probe is built. A probe costs as
/// much as reading some 8 KB whole (pest_meta parses and checks its grammar): a file of a
/// few games, or a game read in each of the candidate languages while the language is
/// detected, is read sooner whole; past this, the pieces pay. (The unit tests read piece by
/// piece from the first byte, to compare.)
#[cfg(not(test))]
const PROBE_AFTER_BYTES: usize = 8 * 1024;
#[cfg(test)]
const PROBE_AFTER_BYTES: usize = 0;

/// Where a derived parser's probe stands.
#[derive(Clone, Copy, Debug)]
enum ProbeState {
    /// Not built: this much text was read whole so far.
    Reading(usize),
    /// Built (`None`: its game rule is not one the pieces can follow).
    Built(Option<&'static Probe>),
}

impl ProbeState {
    /// Counts `len` more bytes to read: true when the probe is due, that is when the text
    /// read whole would reach `after` bytes.
    fn due(&mut self, len: usize, after: usize) -> bool {
        match self {
            ProbeState::Reading(read) if read.saturating_add(len) < after => {
                *read += len;
                false
            }
            ProbeState::Reading(_) => true,
            ProbeState::Built(_) => false,
        }
    }
}

/// The probes of the derived parsers (see [`PROBE_AFTER_BYTES`]).
static PROBES: Mutex<Vec<(std::any::TypeId, ProbeState)>> = Mutex::new(Vec::new());

/// The probe of a derived parser about to read `len` bytes; `None` while it reads whole.
fn builtin_probe<P: GrammarParser>(len: usize) -> Option<&'static Probe> {
    let id = std::any::TypeId::of::<P>();
    let mut probes = PROBES.lock().unwrap_or_else(PoisonError::into_inner);
    let at = probes
        .iter()
        .position(|(i, _)| *i == id)
        .unwrap_or_else(|| {
            probes.push((id, ProbeState::Reading(0)));
            probes.len() - 1
        });
    let state = &mut probes[at].1;
    if state.due(len, PROBE_AFTER_BYTES) {
        // One probe per derived parser for the life of the program, like the parser itself.
        *state = ProbeState::Built(Probe::new(P::GRAMMAR).map(|p| &*Box::leak(Box::new(p))));
    }
    match *state {
        ProbeState::Built(p) => p,
        ProbeState::Reading(_) => None,
    }
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
    /// A template's: the tests that read its fillers (see [`template`]).
    checks: Option<Box<Checks>>,
}

/// A cheap hash for short words: eight bytes at a time, each folded in by a multiplication
/// (the scheme of rustc's FxHasher).
#[derive(Clone, Copy, Default)]
struct WordHasher(u64);

impl WordHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        // The last bytes as a word padded with zeros, put together without a call to copy
        // them (most keys are shorter than a word).
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let word = rest
                .iter()
                .rev()
                .fold(0u64, |w, &b| (w << 8) | u64::from(b));
            self.add(word);
        }
    }

    fn write_u8(&mut self, b: u8) {
        self.add(u64::from(b));
    }

    /// The state turned so that its well-mixed high bits come first: a multiplication mixes
    /// a bit only into the bits above it, and the tables take their places from the low bits.
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }
}

/// The pieces read alone, by their text with what follows it.
type Entries = HashMap<Box<str>, Arc<Entry>, BuildHasherDefault<WordHasher>>;

/// Pieces read alone by one parser.
#[derive(Default)]
struct Cache {
    /// Pieces with text of their game after them.
    words: Entries,
    /// Pieces that run to their game's end.
    ends: Entries,
}

impl Cache {
    fn map(&mut self, last: bool) -> &mut Entries {
        if last {
            &mut self.ends
        } else {
            &mut self.words
        }
    }

    /// Keeps what a piece reads (a full map is emptied first).
    fn keep(&mut self, key: &str, last: bool, entry: Arc<Entry>) {
        self.keep_within(key, last, entry, MAX_ENTRIES);
    }

    /// [`Cache::keep`] in a map of at most `max` pieces.
    fn keep_within(&mut self, key: &str, last: bool, entry: Arc<Entry>, max: usize) {
        let map = self.map(last);
        if map.len() >= max {
            map.clear();
        }
        map.insert(key.into(), entry);
    }
}

/// The caches of one parser seen from one thread: its own, looked up without a lock, and the
/// one every thread shares, so that a piece is parsed once whatever thread meets it first.
struct Caches {
    own: Own,
    /// The templates of tag pairs and comments read on this thread.
    templates: Cache,
    shared: Arc<Mutex<Cache>>,
    /// The words of the game being read (kept between games for its room).
    words: Vec<(usize, usize)>,
}

/// The most words whose room [`Caches::words`] keeps after a game.
const KEPT_WORDS: usize = 1 << 16;

/// The most parsers whose caches are kept (parsers built at run time come and go).
const MAX_PARSERS: usize = 64;

/// The shared cache of each parser.
static SHARED: Mutex<Vec<(MemoId, Arc<Mutex<Cache>>)>> = Mutex::new(Vec::new());

thread_local! {
    static CACHES: RefCell<Vec<(MemoId, Caches)>> = const { RefCell::new(Vec::new()) };
}

/// The shared cache of a parser.
fn shared_cache(id: MemoId) -> Arc<Mutex<Cache>> {
    let mut all = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, c)) = all.iter().find(|(i, _)| *i == id) {
        return Arc::clone(c);
    }
    if all.len() >= MAX_PARSERS {
        all.remove(0);
    }
    let cache = Arc::new(Mutex::new(Cache::default()));
    all.push((id, Arc::clone(&cache)));
    cache
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
                    if caches.len() >= MAX_PARSERS {
                        caches.remove(0);
                    }
                    let shared = shared_cache(self.id);
                    let own = Own::new(MAX_ENTRIES);
                    let templates = Cache::default();
                    caches.push((
                        self.id,
                        Caches {
                            own,
                            templates,
                            shared,
                            words: Vec::new(),
                        },
                    ));
                    caches.len() - 1
                }
            };
            // Each token is walked as it is read: a long game's tokens are not kept in a list
            // beside its tree. A game that cannot be cut drops what was walked of it.
            let cache = &mut caches[at].1;
            let mut words = std::mem::take(&mut cache.words);
            words.clear();
            words_into(text, &mut words);
            let mut walker = Walker::new(base, text.len(), self.read_single);
            // Most words are tokens of the main line.
            walker.reserve(words.len());
            let read = self.tops(cache, text, &words, base, &mut walker);
            if words.capacity() <= KEPT_WORDS {
                cache.words = words;
            }
            read?;
            #[cfg(test)]
            tests::PIECEWISE.with(|n| n.set(n.get() + 1));
            Some(walker.finish(text))
        })
    }

    /// Walks the game's tokens, piece by piece (spans in the file, the game starting at
    /// `base`); `None` when the game cannot be cut so.
    fn tops(
        &self,
        cache: &mut Caches,
        text: &str,
        words: &[(usize, usize)],
        base: usize,
        walker: &mut Walker<'_>,
    ) -> Option<()> {
        let mut state = State::Tags;
        let mut i = 0;
        while i < words.len() {
            let (j, verdict) = self.piece(cache, text, words, i, base, walker)?;
            if state == State::Rest && !verdict.first_inert {
                return None;
            }
            let gap_end = words.get(j + 1).map_or(text.len(), |w| w.0);
            let gap = &text.as_bytes()[words[j].1..gap_end];
            state = if verdict.first_to_end || has_break(gap) {
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
        cache: &mut Caches,
        text: &str,
        words: &[(usize, usize)],
        i: usize,
        base: usize,
        walker: &mut Walker<'_>,
    ) -> Option<(usize, Verdict)> {
        let start = words[i].0;
        let last = words.len() - 1;
        let at = Place { start, base, text };
        // A tag pair or a comment that runs over several words is not tried word by word.
        let hinted = hint(text, words, i);
        if i != last && hinted.is_none_or(|j| j == i) {
            let end = words[i].1;
            // The word and the character after it; failing that, the word and what follows
            // up to the next word's first character (a descriptive `P-K4` looks past the
            // space for a `ch` or `e.p.` of its own).
            let first = after(text, end);
            if let Some(verdict) = self.try_piece(cache, at, first, end, false, walker) {
                return Some((i, verdict));
            }
            let ahead = after(text, words[i + 1].0);
            if ahead != first
                && let Some(verdict) = self.try_piece(cache, at, ahead, end, false, walker)
            {
                return Some((i, verdict));
            }
        }
        // A piece of several words: first where its first word suggests it ends, then one
        // more word, then twice as many each time.
        let mut j = hinted.unwrap_or(i + 1).min(last);
        loop {
            let end = words[j].1;
            let key_end = if j == last {
                text.len()
            } else {
                after(text, end)
            };
            if let Some(verdict) = self.try_piece(cache, at, key_end, end, j == last, walker) {
                return Some((j, verdict));
            }
            if j == last || j - i + 1 >= MAX_PIECE_WORDS {
                return None;
            }
            j = (i + 2 * (j - i + 1) - 1).min(last);
        }
    }

    /// Reads the piece from `at.start` to `end`, looked up (or read and kept) with what
    /// follows it up to `key_end`, and walks its tokens when it reads alone as in its game.
    /// `last`: the key runs to the game's end.
    fn try_piece(
        &self,
        cache: &mut Caches,
        at: Place<'_>,
        key_end: usize,
        end: usize,
        last: bool,
        walker: &mut Walker<'_>,
    ) -> Option<Verdict> {
        let key = &at.text[at.start..key_end];
        let hash = key_hash(key, last);
        let walk = |verdict: Verdict, tops: &[Top], walker: &mut Walker<'_>| {
            verdict.bounded.then(|| {
                walk_shifted(walker, tops, at.base + at.start, at.text);
                verdict
            })
        };
        if let Some(e) = cache.own.get(hash, key, last) {
            return walk(e.verdict, e.tops(), walker);
        }
        let keep = key.len() <= MAX_KEY_BYTES;
        let lock = || cache.shared.lock().unwrap_or_else(PoisonError::into_inner);
        let known = lock().map(last).get(key).cloned();
        let (templates, shared) = (&mut cache.templates, &cache.shared);
        let entry = known.unwrap_or_else(|| {
            let entry = Arc::new(self.read_shaped(templates, shared, key, end - at.start, last));
            if keep {
                lock().keep(key, last, Arc::clone(&entry));
            }
            entry
        });
        if keep {
            cache.own.insert(hash, key, last, &entry);
        }
        walk(entry.verdict, &entry.tops, walker)
    }

    /// Reads a piece alone: `len` bytes of `key`, then what follows it in the game up to the
    /// key's end (or, when `last`, the rest of the game).
    fn read(&self, key: &str, len: usize, last: bool) -> Entry {
        self.read_checked(key, len, (self.probe.check(key, len, last), None))
    }

    /// [`Pieces::read`] with the probe's verdict on the piece given, and the checks kept.
    fn read_checked(
        &self,
        key: &str,
        len: usize,
        (mut verdict, checks): (Verdict, Option<Checks>),
    ) -> Entry {
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
            checks: checks.map(Box::new),
        }
    }
}

/// Where a piece starts: at byte `start` of a game's `text`, which starts at byte `base` of
/// its file.
#[derive(Clone, Copy)]
struct Place<'t> {
    start: usize,
    base: usize,
    text: &'t str,
}

/// Where a piece that starts at word `i` likely ends, judging by its first byte: a tag pair at
/// the end of its line, a comment at the word that balances its braces. Only a guess: the
/// probe decides.
fn hint(text: &str, words: &[(usize, usize)], i: usize) -> Option<usize> {
    let (start, _) = words[i];
    match text.as_bytes()[start] {
        b'[' => {
            // Through the end of its line (a tag pair, read and kept by its line: the same
            // `[Event "…"]` comes back in game after game).
            let mut j = i;
            while j + 1 < words.len() && !has_break(&text.as_bytes()[words[j].1..words[j + 1].0]) {
                j += 1;
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

/// The hash of a key of the own table (`last`: it runs to its game's end).
fn key_hash(key: &str, last: bool) -> u64 {
    let mut h = WordHasher::default();
    h.write(key.as_bytes());
    h.write_u8(u8::from(last));
    h.finish()
}

/// Walks tokens read at the start of a piece, moved to the piece's place (`text`: the game's).
fn walk_shifted(walker: &mut Walker<'_>, read: &[Top], at: usize, text: &str) {
    for t in read {
        match t {
            Top::Move(m) => walker.move_at(m, at),
            _ => {
                let mut t = t.clone();
                t.shift(at);
                walker.top(t, text);
            }
        }
    }
}

/// The end of the character at byte `at` (`at` at the end of the text).
fn after(text: &str, at: usize) -> usize {
    match text.as_bytes().get(at) {
        None => at,
        Some(b) if b.is_ascii() => at + 1,
        Some(_) => at + text[at..].chars().next().map_or(0, char::len_utf8),
    }
}

/// Adds the words of a text to `out`: the runs of bytes between white space (spaces of every
/// kind and line breaks, [`crate::read::space`], as the grammar reads them), as byte ranges. A word is cut where it likely holds several tokens (`(60...Ka4`,
/// `e5)`), so that each part is the one read in other games; the probe decides whether each
/// reads alone.
fn words_into(text: &str, out: &mut Vec<(usize, usize)>) {
    let bytes = text.as_bytes();
    let mut i = 0;
    loop {
        let s = skip_white(bytes, i);
        if s == bytes.len() {
            return;
        }
        i = next_white(bytes, s);
        // Most words are one token: no parenthesis around it, no move number in front (see
        // `push_word`).
        if !matches!(bytes[s], b'(' | b'0'..=b'9') && bytes[i - 1] != b')' {
            out.push((s, i));
        } else {
            push_word(text, s, i, out);
        }
    }
}

/// Does white space between words hold a line break? (Most is one byte: no call to search
/// it. No other space holds the byte of a line break.)
fn has_break(gap: &[u8]) -> bool {
    match gap {
        [b] => *b == b'\n',
        _ => gap.contains(&b'\n'),
    }
}

/// Adds the word `start..end`: `(`s that open it and `)`s that close it apart, and a move
/// number glued to what follows it apart.
fn push_word(text: &str, mut start: usize, end: usize, out: &mut Vec<(usize, usize)>) {
    let bytes = text.as_bytes();
    while end - start > 1 && bytes[start] == b'(' {
        out.push((start, start + 1));
        start += 1;
    }
    let mut closing = end;
    while closing - start > 1 && bytes[closing - 1] == b')' {
        closing -= 1;
    }
    let word = &bytes[start..closing];
    let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
    let dots = word[digits..].iter().take_while(|&&b| b == b'.').count();
    let cut = start + digits + dots;
    if digits > 0 && dots > 0 && cut < closing && !word[digits + dots].is_ascii_digit() {
        out.push((start, cut));
        start = cut;
    }
    out.push((start, closing));
    while closing < end {
        out.push((closing, closing + 1));
        closing += 1;
    }
}
