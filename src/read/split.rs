//! Splits a file into games without parsing it, so that each game is parsed alone and memory is
//! bounded by the largest game.
//!
//! A game ends after a result token outside comments and variations, or where a tag pair
//! starts a line after movetext. Comments after a result stay with that game unless moves
//! follow them without tag pairs (then they open the next game). Forum wrappers `[pgn]` and
//! `[/pgn]` never start a game. Every space the grammar reads as one (no-break and other
//! Unicode spaces, zero-width spaces and joiners, a BOM, direction marks: [`space`]) counts as
//! white space. A list of UCI games, one per line, is cut at its lines ([`uci_lines`]).

use crate::read::common::{Common, Rule};
use crate::read::space::{self, ByteClass};
use crate::span::Span;

/// Byte spans of the games of `text`, in order. Text between games that holds only white
/// space is dropped; everything else belongs to some game.
pub fn split_games(text: &str) -> Vec<Span> {
    let mut games = Vec::new();
    let mut splitter = Splitter::default();
    splitter.scan(text, true, &mut games);
    games
}

/// Bytes a step of the cutting may read past where it starts without a scan to its end (a
/// move number, a wrapper, a non-ASCII space): a text read in pieces is cut only where
/// this many bytes follow.
const LOOKAHEAD: usize = 16;

/// The cutting of [`split_games`], resumable: it reads a text that grows at its end (a file
/// read in pieces), and stops before any step whose outcome depends on text not read yet, so
/// that the games it finds are the games [`split_games`] finds in the whole text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Splitter {
    /// Where the game being read starts.
    start: usize,
    /// Where the cutting is.
    i: usize,
    /// Variation depth.
    depth: usize,
    /// Movetext seen in the current game.
    moves_seen: bool,
    line_start: bool,
    /// After a result: where the game ended (comments may follow it).
    ended_at: Option<usize>,
    /// After a result: where it starts (`Draw` of `Draw agreed.` goes on with its next word).
    result_at: usize,
    /// The start of the last token, when only spaces or tabs follow it (`and` of `and wins`).
    prev_token: Option<usize>,
    /// Line breaks since the last tag pair, while only white space followed it.
    breaks_after_tag: Option<usize>,
}

impl Default for Splitter {
    fn default() -> Self {
        Splitter {
            start: 0,
            i: 0,
            depth: 0,
            moves_seen: false,
            line_start: true,
            ended_at: None,
            result_at: 0,
            prev_token: None,
            breaks_after_tag: None,
        }
    }
}

/// A step of the cutting reached the end of the text read so far.
struct Pending;

impl Splitter {
    /// Where the game being read starts: the text before it is no longer needed.
    pub(crate) fn start(&self) -> usize {
        self.start
    }

    /// The text before `by` is dropped: positions move back by that much.
    pub(crate) fn drop_before(&mut self, by: usize) {
        debug_assert!(by <= self.start);
        self.start -= by;
        self.i -= by;
        if let Some(e) = &mut self.ended_at {
            *e -= by;
        }
        self.result_at = self.result_at.saturating_sub(by);
        self.prev_token = self.prev_token.and_then(|p| p.checked_sub(by));
    }

    /// Cuts `text` (the text read so far, from where the positions count) on from where it
    /// stopped, pushing the spans of the games it ends. `end`: the text is whole (the last game
    /// ends with it); otherwise the cutting stops where the text read so far cannot decide.
    pub(crate) fn scan(&mut self, text: &str, end: bool, games: &mut Vec<Span>) {
        let len = text.len();
        if end {
            while self.i < len {
                // With the whole text, no step waits for more.
                let _ = self.step(text, len, games);
            }
            push(games, text, self.start, len);
            self.start = len;
            self.ended_at = None;
            return;
        }
        // A step is taken only where `LOOKAHEAD` bytes follow it, and undone (to be taken
        // again with more text) when it needs more text or ends where fewer follow.
        let Some(limit) = len.checked_sub(LOOKAHEAD) else {
            return;
        };
        while self.i <= limit {
            let before = *self;
            let found = games.len();
            let done = self.step(text, limit, games);
            if done.is_err() || self.i > limit {
                *self = before;
                games.truncate(found);
                return;
            }
        }
    }

    /// One step of the cutting at `self.i`. `limit`: the end of the text when it is whole,
    /// else where the last step may start (`LOOKAHEAD` bytes before its end).
    fn step(&mut self, text: &str, limit: usize, games: &mut Vec<Span>) -> Result<(), Pending> {
        let b = text.as_bytes();
        let end = limit == b.len();
        let i = self.i;
        let c = b[i];
        if let Some(n) = space::wide_space_at(b, i) {
            self.i += n;
            return Ok(());
        }
        if c == b'[' && self.depth == 0 {
            if let Some(n) = forum_wrapper(b, i) {
                self.i += n;
                return Ok(());
            }
            // A tag pair: at the start of a line (after white space), or anywhere before the
            // movetext (after the tag pairs of the line, or a result and its comments).
            // Elsewhere a `[` is a token of the movetext, which the walker reports.
            if self.line_start || !self.moves_seen {
                return self.tag(text, end, games);
            }
        }
        if self.line_start && c == b'%' {
            self.i = end_of_line(b, i);
            return Ok(());
        }
        if self.line_start
            && self.moves_seen
            && self.depth == 0
            && self.ended_at.is_none()
            && uci_lines::may_start(b, i)
            && uci_lines::cut_before(text, self.start, i, end).ok_or(Pending)?
        {
            // A list of UCI games, a game per line: the next one starts here.
            push(games, text, self.start, i);
            self.start = i;
            self.prev_token = None;
        }
        // A tag pair may be indented: white space keeps the start of a line.
        self.line_start &= matches!(c, b' ' | b'\t' | b'\r');
        match c {
            b'\n' | b' ' | b'\t' | b'\r' => self.blank(b, limit),
            b'{' => {
                self.moves_seen |= self.ended_at.is_none();
                self.i = end_of_comment(b, i);
            }
            // A `;` before a move number on its line separates moves (as the grammar's
            // `separator` reads it); else it starts a comment to the end of the line.
            b';' if numbered_after(b, i + 1) => self.i += 1,
            b';' => {
                self.moves_seen |= self.ended_at.is_none();
                self.i = end_of_line(b, i);
            }
            _ => self.movetext(text, limit, games),
        }
        Ok(())
    }

    /// White space at `self.i`: the run of it up to `limit` (at least its first byte), as
    /// a step a byte would take.
    fn blank(&mut self, b: &[u8], limit: usize) {
        let mut i = self.i;
        loop {
            match b[i] {
                b'\n' => {
                    self.line_start = true;
                    self.breaks_after_tag = self.breaks_after_tag.map(|n| n + 1);
                }
                b' ' | b'\t' | b'\r' => {}
                _ => break,
            }
            i += 1;
            if i >= limit {
                break;
            }
        }
        self.i = i;
    }

    /// A tag pair at `self.i`: it may start the next game.
    fn tag(&mut self, text: &str, end: bool, games: &mut Vec<Span>) -> Result<(), Pending> {
        let b = text.as_bytes();
        let i = self.i;
        if self.moves_seen && continues_after_tags(text, i, end)? {
            // A stray tag line inside a game whose moves go on: the walker reports it.
            self.i = end_of_tag(b, i);
            self.line_start = false;
            return Ok(());
        }
        if self.moves_seen {
            push(games, text, self.start, i);
            self.start = i;
            self.moves_seen = false;
        } else if self.ended_at.is_none() && self.breaks_after_tag.is_some_and(|n| n >= 2) {
            // Tag pairs after a blank line that ends a game of tag pairs only: a new game.
            push(games, text, self.start, i);
            self.start = i;
        } else if self.ended_at.take().is_some() {
            // Comments after the result stay with it: the next game starts with its tags
            // (the grammar reads a tag pair only where a game or line starts).
            push(games, text, self.start, i);
            self.start = i;
        }
        self.i = end_of_tag(b, i);
        self.breaks_after_tag = Some(0);
        self.line_start = false;
        Ok(())
    }

    /// A movetext token (or parenthesis) at `self.i`.
    fn movetext(&mut self, text: &str, limit: usize, games: &mut Vec<Span>) {
        let i = self.i;
        if let Some(cut) = self.ended_at {
            // A result of several words goes on (`Draw agreed.`, `Draw by agreement`).
            match self.result_goes_on(text, cut, i, limit) {
                Ok(Some(end)) => {
                    self.ended_at = Some(end);
                    self.i = end;
                    return;
                }
                Ok(None) => {}
                Err(Pending) => {
                    // Taken again with more text.
                    self.i = text.len() + 1;
                    return;
                }
            }
        }
        if let Some(cut) = self.ended_at.take() {
            if move_number_at(text, i).is_some_and(|n| n > 1) {
                // The numbering goes on: moves after the result, in the same game (the
                // checker reports them).
            } else {
                // A new game without tag pairs starts after the result.
                push(games, text, self.start, cut);
                self.start = cut;
            }
        }
        self.moves_seen = true;
        self.breaks_after_tag = None;
        self.item(text);
        self.run(text, limit);
    }

    /// Where the result that ends at `cut` ends when the words after it on its line (the
    /// first at `i`, at most [`RESULT_WORDS`] of them) go on with it, as the grammar reads a
    /// result (`Draw` `by agreement`); [`Pending`] when the text read so far ends among them.
    fn result_goes_on(
        &self,
        text: &str,
        cut: usize,
        i: usize,
        limit: usize,
    ) -> Result<Option<usize>, Pending> {
        let b = text.as_bytes();
        let whole = limit == b.len();
        let (mut from, mut at, mut longest) = (cut, i, None);
        for _ in 0..RESULT_WORDS {
            if at >= b.len() || !text[from..at].chars().all(space::is_space) {
                break;
            }
            let end = token_end(b, at);
            if end >= b.len() && !whole {
                return Err(Pending);
            }
            if is_result(&text[self.result_at..end]) {
                longest = Some(end);
            }
            from = end;
            at = end;
            while let Some(n) = space::white_at(b, at).filter(|_| !matches!(b[at], b'\n' | b'\r')) {
                at += n;
            }
        }
        Ok(longest)
    }

    /// A parenthesis or a token at `self.i`: the depth, or the end of the game at a result.
    fn item(&mut self, text: &str) {
        let i = self.i;
        match text.as_bytes()[i] {
            b'(' => {
                self.depth += 1;
                self.prev_token = None;
                self.i += 1;
            }
            b')' => {
                self.prev_token = None;
                self.depth = self.depth.saturating_sub(1);
                self.i += 1;
            }
            _ => {
                let b = text.as_bytes();
                let end = token_end(b, i);
                if self.depth == 0
                    && let Some(at) = result_from(text, self.prev_token, i, end)
                {
                    self.ended_at = Some(end);
                    self.result_at = at;
                    self.moves_seen = false;
                }
                self.prev_token = Some(i);
                self.i = end.max(i + 1);
            }
        }
    }

    /// After a token of the movetext: the tokens, parentheses, spaces and line breaks that
    /// follow it (up to `limit`), each taken as a step of its own would take it. The run stops
    /// at anything else (where a line starts: with the start of the line kept), after a
    /// result, and before a token that ends past `limit`.
    fn run(&mut self, text: &str, limit: usize) {
        // Here the moves are seen and no tag pair is being counted past (`movetext` saw to
        // it): a token changes nothing else, a line break only starts a line.
        let b = text.as_bytes();
        let mut i = self.i;
        let mut depth = self.depth;
        let mut line_start = false;
        let mut prev = self.prev_token;
        if self.ended_at.is_some() {
            return;
        }
        while i < limit {
            match CLASS[usize::from(b[i])] {
                BLANK => i += 1,
                BREAK => {
                    line_start = true;
                    prev = None;
                    i += 1;
                }
                OPEN => {
                    depth += 1;
                    line_start = false;
                    prev = None;
                    i += 1;
                }
                CLOSE => {
                    depth = depth.saturating_sub(1);
                    line_start = false;
                    prev = None;
                    i += 1;
                }
                TOKEN => {
                    if line_start && depth == 0 && uci_lines::may_start(b, i) {
                        // Perhaps the next game of a list of UCI games: for a step of its own.
                        break;
                    }
                    let end = token_end(b, i);
                    if end > limit {
                        // Left to a step of its own, taken again with more text.
                        break;
                    }
                    line_start = false;
                    // The token's first two bytes (the second 0 when it has one).
                    let second = if end > i + 1 { b[i + 1] } else { 0 };
                    if depth == 0
                        && (pair_in_results(b[i], second) || pair_ends_phrase(b[i], second))
                        && let Some(at) = result_from(text, prev, i, end)
                    {
                        self.ended_at = Some(end);
                        self.result_at = at;
                        self.moves_seen = false;
                        self.prev_token = Some(i);
                        i = end;
                        break;
                    }
                    // A move number `12)`: its `)` closes no variation.
                    if end < limit && b[end] == b')' && b[i..end].iter().all(u8::is_ascii_digit) {
                        i = end + 1;
                        prev = None;
                        continue;
                    }
                    prev = Some(i);
                    i = end;
                    // The space after the token, at once.
                    if i + 1 < limit && b[i] == b' ' {
                        i += 1;
                    }
                }
                COMMENT => {
                    let end = end_of_comment(b, i);
                    if end > limit {
                        break;
                    }
                    line_start = false;
                    prev = None;
                    i = end;
                }
                // A tag, a comment to the end of the line, an escape, an HTML break or a
                // non-ASCII character (a space among them): for a step of its own.
                _ => break,
            }
        }
        self.i = i;
        self.depth = depth;
        self.line_start = line_start;
        self.prev_token = prev;
    }
}

/// Where the result that ends with the token `i..end` starts: the token itself, or the token
/// before it on its line (`prev`) with it (`and wins`, `White wins`), or the two before it
/// (`1 - 0`), as the grammar reads a result.
fn result_from(text: &str, prev: Option<usize>, i: usize, end: usize) -> Option<usize> {
    if is_result(&text[i..end]) {
        return Some(i);
    }
    let b = text.as_bytes();
    let p = prev?;
    let second = if end > i + 1 { b[i + 1] } else { 0 };
    if !pair_ends_phrase(b[i], second) {
        return None;
    }
    if is_result_phrase(&text[p..end]) {
        return Some(p);
    }
    let before = token_before(b, p)?;
    is_result_phrase(&text[before..end]).then_some(before)
}

/// The start of the token before the one at `p` on its line, parted from it by spaces or
/// tabs.
fn token_before(b: &[u8], p: usize) -> Option<usize> {
    let mut i = p;
    while i > 0 && matches!(b[i - 1], b' ' | b'\t') {
        i -= 1;
    }
    if i == p || i == 0 || ENDS[usize::from(b[i - 1])] == End::Here {
        return None;
    }
    while i > 0 && ENDS[usize::from(b[i - 1])] != End::Here {
        i -= 1;
    }
    Some(i)
}

/// Words after a result that may go on with it (`Draw` `by mutual agreement`).
const RESULT_WORDS: usize = 4;

/// Do a token's first two bytes (the second 0 when it has one) allow the last word of a
/// result of several words (`wins`, `won`, Spanish `ganan`, the `0` of `1 - 0`, the `1/2` of
/// `1/2 - 1/2`)?
const fn pair_ends_phrase(first: u8, second: u8) -> bool {
    matches!(
        (first.to_ascii_lowercase(), second.to_ascii_lowercase()),
        (b'w', b'i' | b'o') | (b'g', b'a') | (b'0' | b'1', 0 | b'/') | (0xC2, _)
    )
}

/// Does a move number follow at `i` on its line (after spaces or tabs), as the grammar's
/// `move_number` reads one: digits, then a dot, `…` or `)`, a `-` or `:` before white space,
/// or white space (`1-0` and `1/2-1/2` are results)?
fn numbered_after(b: &[u8], mut i: usize) -> bool {
    while let Some(n) = space::white_at(b, i).filter(|_| !matches!(b[i], b'\n' | b'\r')) {
        i += n;
    }
    let digits = b[i.min(b.len())..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 {
        return false;
    }
    let space = |c: Option<&u8>| c.is_none_or(|c| c.is_ascii_whitespace());
    match b.get(i + digits) {
        Some(b'.' | b')' | 0xE2) => true,
        Some(b'-' | b':') => space(b.get(i + digits + 1)),
        c => space(c),
    }
}

/// What a byte is to [`Splitter::run`]: white space in a line, a line break, a parenthesis, a
/// comment, a byte that starts a token, or a byte that stops the run (`[ ; % <` and
/// non-ASCII).
const CLASS: [u8; 256] = {
    let mut class = [STOP; 256];
    let mut b = 0;
    while b < 128 {
        class[b] = match b as u8 {
            b' ' | b'\t' | b'\r' => BLANK,
            b'\n' => BREAK,
            b'(' => OPEN,
            b')' => CLOSE,
            b'{' => COMMENT,
            b'[' | b';' | b'%' | b'<' => STOP,
            _ => TOKEN,
        };
        b += 1;
    }
    class
};

/// Classes of [`CLASS`].
const STOP: u8 = 0;
const BLANK: u8 = 1;
const BREAK: u8 = 2;
const OPEN: u8 = 3;
const CLOSE: u8 = 4;
const TOKEN: u8 = 5;
const COMMENT: u8 = 6;

/// Do the first two bytes of `token` allow a result (see [`is_result`])? A result starts
/// with `1`, `0`, `+` or a dash followed by a dash, `:` or `/`; with `*`, `½` or a typographic
/// dash; or with the first two letters of a word (`white`, `las`, `blancas`, `black`, `negras`,
/// `resigns`, `abandonan`, `drawn`, `tablas`) in either case. Most moves fail at once.
fn may_be_result(token: &[u8]) -> bool {
    let Some(&first) = token.first() else {
        return false;
    };
    pair_in_results(first, token.get(1).copied().unwrap_or(0))
}

/// [`RESULT_PAIRS`] of a token's first two bytes.
#[inline]
fn pair_in_results(first: u8, second: u8) -> bool {
    let pair = usize::from(first) << 8 | usize::from(second);
    RESULT_PAIRS[pair / 64] >> (pair % 64) & 1 == 1
}

/// [`pair_may_be_result`] of every two bytes (the first in the high byte of the index), as
/// bits.
static RESULT_PAIRS: [u64; 1024] = {
    let mut bits = [0u64; 1024];
    let mut pair = 0usize;
    while pair < 1 << 16 {
        if pair_may_be_result((pair >> 8) as u8, pair as u8) {
            bits[pair / 64] |= 1 << (pair % 64);
        }
        pair += 1;
    }
    bits
};

/// [`may_be_result`] of a token that starts with `first` and `second` (0 when it has one
/// byte).
const fn pair_may_be_result(first: u8, second: u8) -> bool {
    // The second byte as a lower-case letter, when it is a letter.
    let letter = second.to_ascii_lowercase();
    match first.to_ascii_lowercase() {
        b'1' | b'0' | b'+' | b'-' => matches!(second, b'-' | b':' | b'/' | 0xE2),
        b'*' | 0xE2 | 0xC2 => true,
        b'w' => letter == b'h',
        b'l' | b't' => letter == b'a',
        b'b' => letter == b'l',
        b'n' | b'r' => letter == b'e',
        b'a' => letter == b'b',
        b'd' => letter == b'r',
        _ => false,
    }
}

/// The move number written at `i` (`12.`, `12...`), if one is.
fn move_number_at(text: &str, i: usize) -> Option<u32> {
    let rest = &text[i..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 4 || !rest[digits..].starts_with(['.', '…', ')']) {
        return None;
    }
    rest[..digits].parse().ok()
}

/// At a tag line after moves: do the tags belong to the same game? True when they hold no
/// `Event`, `FEN` or `White` tag and the moves after them continue the numbering (a move
/// number above 1). [`Pending`] when the text read so far cannot tell (`end`: it is whole).
fn continues_after_tags(text: &str, mut i: usize, end: bool) -> Result<bool, Pending> {
    let b = text.as_bytes();
    loop {
        i = space::skip_white(b, i);
        if !end && i + LOOKAHEAD > b.len() {
            return Err(Pending);
        }
        if i >= b.len() {
            return Ok(false);
        }
        if b[i] != b'[' {
            break;
        }
        let name: String = text[i + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if matches!(
            name.as_str(),
            "Event" | "FEN" | "White" | "Black" | "Site" | "SetUp" | "Variant"
        ) {
            return Ok(false);
        }
        i = end_of_tag(b, i);
    }
    Ok(move_number_at(text, i).is_some_and(|n| n > 1))
}

/// Pushes the game `start..end` unless it is only white space.
fn push(games: &mut Vec<Span>, text: &str, start: usize, end: usize) {
    if !text[start..end]
        .trim_matches(|c: char| c.is_whitespace() || space::is_white(c))
        .is_empty()
    {
        games.push(Span::new(start, end));
    }
}

/// The length of a forum wrapper `[pgn]` or `[/pgn]` (any case) at `i`.
fn forum_wrapper(b: &[u8], i: usize) -> Option<usize> {
    let rest = &b[i..];
    if !matches!(rest.get(1), Some(b'p' | b'P' | b'/')) {
        return None;
    }
    [&b"[pgn]"[..], &b"[/pgn]"[..]]
        .into_iter()
        .find(|w| rest.len() >= w.len() && rest[..w.len()].eq_ignore_ascii_case(w))
        .map(<[u8]>::len)
}

fn end_of_line(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] != b'\n' {
        i += 1;
    }
    i
}

/// Past the tag pair at `i`: its `]`, or the end of the line when it has none. A quoted
/// value may hold `]` and escaped quotes.
fn end_of_tag(b: &[u8], mut i: usize) -> usize {
    let mut quoted = false;
    loop {
        // The next byte that matters: a line break, a quote, and `\\` in a value or `]` out of
        // one.
        i = if quoted {
            find3(b, i, b'\n', b'"', b'\\')
        } else {
            find3(b, i, b'\n', b'"', b']')
        };
        match b.get(i) {
            None | Some(b'\n') => return i.min(b.len()),
            Some(b'\\') => i += 2,
            Some(b'"') => {
                quoted = !quoted;
                i += 1;
            }
            Some(_) => return i + 1,
        }
    }
}

/// The first position from `i` on (or the end) that holds `x`, `y` or `z`, looked for eight
/// bytes at a time.
fn find3(b: &[u8], mut i: usize, x: u8, y: u8, z: u8) -> usize {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    // The high bit of each zero byte of `v` is set, and of no byte below the first one.
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    while let Some(chunk) = b.get(i..i + 8) {
        let Ok(bytes) = <[u8; 8]>::try_from(chunk) else {
            break;
        };
        let w = u64::from_le_bytes(bytes);
        let found = zero(w ^ (ONES * u64::from(x)))
            | zero(w ^ (ONES * u64::from(y)))
            | zero(w ^ (ONES * u64::from(z)));
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i] != x && b[i] != y && b[i] != z {
        i += 1;
    }
    i.min(b.len())
}

/// Braces nest this deep in a comment; deeper `{` are plain text (as in the grammar).
const COMMENT_NESTING: usize = 4;

/// Past the `}` that closes the comment at `i` (nested braces count), or the end of input.
fn end_of_comment(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0usize;
    loop {
        i = find3(b, i, b'{', b'}', b'}');
        match b.get(i) {
            None => return i,
            Some(b'{') if depth < COMMENT_NESTING => depth += 1,
            Some(b'}') => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            Some(_) => {}
        }
        i += 1;
    }
}

/// What a byte is to [`token_end`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    /// The token goes on.
    No,
    /// The token ends here: white space, a brace, a parenthesis, `;`, `[` or `<`.
    Here,
    /// A non-ASCII space may start here ([`space::wide_space_at`] tells).
    Maybe,
}

/// [`End`] of every byte: the white space of [`space`] and the ASCII bytes that end a token.
static ENDS: [End; 256] = {
    let mut ends = [End::No; 256];
    let mut b = 0;
    while b < 256 {
        ends[b] = match space::BYTE_CLASS[b] {
            ByteClass::Ascii => End::Here,
            ByteClass::Lead => End::Maybe,
            ByteClass::Other => match b as u8 {
                b'{' | b'(' | b')' | b';' | b',' | b'[' | b'<' => End::Here,
                _ => End::No,
            },
        };
        b += 1;
    }
    ends
};

/// The end of the token at `i` (at least its first byte: a `,` is a token of its own).
fn token_end(b: &[u8], i: usize) -> usize {
    let mut i = i + 1;
    while let Some(&c) = b.get(i) {
        match ENDS[usize::from(c)] {
            End::No => i += 1,
            End::Here => return i,
            End::Maybe if space::wide_space_at(b, i).is_some() => return i,
            End::Maybe => i += 1,
        }
    }
    b.len()
}

/// Is this token a game result, as `grammars/common.pest` reads it (one word: `Resigns` is
/// the last word of `White resigns`)? Trailing `!`/`?` are left off.
pub(crate) fn is_result(token: &str) -> bool {
    match token.as_bytes() {
        b"1-0" | b"0-1" | b"1/2-1/2" | b"*" => return true,
        t if may_be_result(t) => {}
        // Most moves: no result starts so.
        _ => return false,
    }
    // (`!` and `?` are neither letters nor digits: a token names a square with them as
    // without them.)
    if names_a_square(token.as_bytes()) {
        return false;
    }
    let mut kept = token.as_bytes();
    while let [rest @ .., b'!' | b'?'] = kept {
        kept = rest;
    }
    // Nor is a move number (digits, then dots or nothing): a result has a sign or a letter.
    let digits = kept.iter().take_while(|b| b.is_ascii_digit()).count();
    if kept[digits..].iter().all(|&b| b == b'.') {
        return false;
    }
    is_result_phrase(&token[..kept.len()])
}

/// Is this text a game result, as `grammars/common.pest` reads it, with no test of its
/// first bytes (a result of several words: `and wins`)?
fn is_result_phrase(t: &str) -> bool {
    use pest::Parser as _;
    // The tokens that get this far are few and often the same (move numbers, castling,
    // results): each is parsed once per thread.
    thread_local! {
        static READ: std::cell::RefCell<std::collections::HashMap<Box<str>, bool>> =
            std::cell::RefCell::default();
    }
    if let Some(known) = READ.with(|r| r.borrow().get(t).copied()) {
        return known;
    }
    let result = Common::parse(Rule::result, t)
        .ok()
        .and_then(|mut pairs| pairs.next())
        .is_some_and(|p| p.as_span().end() == t.len());
    READ.with(|r| {
        let mut r = r.borrow_mut();
        if r.len() >= RESULTS_KEPT {
            r.clear();
        }
        r.insert(t.into(), result);
    });
    result
}

/// Does the token name a square (a letter, then a digit), as a move does and no result does?
/// Most tokens stop here, without a parse.
fn names_a_square(t: &[u8]) -> bool {
    let mut letter = false;
    for &b in t {
        if letter && b.is_ascii_digit() {
            return true;
        }
        letter = b.is_ascii_alphabetic();
    }
    false
}

/// Tokens whose reading as a result is kept per thread.
const RESULTS_KEPT: usize = 4_096;

#[cfg(test)]
mod tests;
mod uci_lines;
