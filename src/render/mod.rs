//! Writing moves: SAN (English), UCI, and ranked suggestions in the input's notation.
//!
//! [`Writer`] writes a legal move in any notation: short algebraic in a language's letters and
//! customs, long and compact algebraic (`Ng1-f3`, `d24`, `Оg5:Кf6`), figurines, English and
//! Spanish descriptive, and the notations without piece letters (coordinate, UCI, Smith, ICCF
//! numeric).

pub use crate::board::descriptive::{DescStyle, Knight};
use crate::syntax::customs::{CapturePlace, Castle, Promotion};
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position, Square};

pub(crate) mod diagram;
pub(crate) mod words;

/// SAN with `+`/`#` for a legal move in `pos`.
pub(crate) fn san_plus(pos: &Chess, m: &Move) -> String {
    SanPlus::from_move(pos.clone(), *m).to_string()
}

/// UCI for a move (`None` = null move `0000`).
pub(crate) fn uci(m: Option<&Move>, mode: CastlingMode) -> String {
    match m {
        Some(m) => UciMove::from_move(*m, mode).to_string(),
        None => "0000".to_owned(),
    }
}

/// Writes moves in one notation (and language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Writer {
    /// Algebraic in a language's style.
    San(Box<Style>),
    /// English descriptive, abbreviated or full.
    Descriptive {
        /// Full form (`NKN1-KB3`) rather than the shortest (`N-KB3`).
        full: bool,
        /// The spelling: `N` or `Kt`, the dash, the capture and check signs.
        style: Box<DescStyle>,
    },
    /// Spanish descriptive.
    DescriptiveEs,
    /// Long or compact algebraic in a language's style (`Ng1-f3`, `Оg5:Кf6`, `d24`).
    Long {
        /// Letters and customs (figurines in [`Style::figurines`]).
        style: Box<Style>,
        /// Hyphenated long form or compact form.
        form: LongForm,
    },
    /// A notation without piece letters: coordinate, UCI, Smith, ICCF numeric.
    Squares(SquareNotation),
}

/// The long forms of algebraic notation (seeds/chess-notation.bg.txt).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LongForm {
    /// Full algebraic: both squares with a hyphen or the capture mark (`Ng1-f3`, `Bf1xb5`,
    /// `e7-e8=Q`).
    Hyphen,
    /// Compact algebraic: no hyphen (`Кg1f3`), a pawn move without its target file (`d24`), a
    /// capture naming the captured piece (`Оg5:Кf6`).
    Compact,
    /// Both squares joined, without a hyphen (`e2e4`, `Ng1f3`), the capture mark between them
    /// (`e4xd5`): long algebraic as many type it, which is not the compact form.
    Joined,
}

/// Notations that write squares only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareNotation {
    /// Coordinate notation: `E2-E4` (capitals, as the Bulgarian seed) or `e2-e4`; castling as
    /// the king's move, a promotion with its English letter (`E7-E8Q`).
    Coordinate {
        /// Capital file letters.
        upper: bool,
    },
    /// UCI: `e2e4`, `e7e8q`, `e1g1` (king takes rook in Chess960).
    Uci,
    /// Smith notation: `e2e4`, `e4d5p`, `e1g1c`, `e5d6E`, `d7c8rQ`.
    Smith,
    /// ICCF numeric notation: `5254`, `57581`.
    Iccf,
}

impl Writer {
    /// The writer for a notation as read in a language (English when none is given).
    pub fn for_notation(
        notation: &str,
        language: Option<&crate::syntax::grammar::LanguageFile>,
    ) -> Writer {
        use crate::syntax::grammar::Notation;
        // Exhaustive: a new notation grammar is written only once it is handled here.
        match notation.parse::<Notation>() {
            Ok(Notation::Descriptive) => Writer::descriptive(false),
            Ok(Notation::DescriptiveEs) => Writer::DescriptiveEs,
            Ok(Notation::Coordinate) => {
                Writer::Squares(SquareNotation::Coordinate { upper: false })
            }
            Ok(Notation::Uci) => Writer::Squares(SquareNotation::Uci),
            Ok(Notation::Smith) => Writer::Squares(SquareNotation::Smith),
            Ok(Notation::Iccf) => Writer::Squares(SquareNotation::Iccf),
            Ok(Notation::Algebraic) | Err(_) => Writer::San(Box::new(
                language
                    .map(|l| Style::of(l, false))
                    .unwrap_or_else(Style::english),
            )),
        }
    }

    /// English descriptive as books since about 1950 print it ([`DescStyle::BOOK`]):
    /// abbreviated (`N-KB3`) or full (`NKN1-KB3`).
    pub fn descriptive(full: bool) -> Writer {
        Writer::Descriptive {
            full,
            style: Box::new(DescStyle::BOOK),
        }
    }

    /// A legal move of `pos`, written out with its check or mate sign.
    pub fn write(
        &self,
        pos: &Chess,
        origins: &crate::board::descriptive::Origins,
        m: &Move,
    ) -> String {
        let mut out = self.write_unmarked(pos, origins, m);
        out.push_str(&self.marks(pos, m));
        out
    }

    /// The marks [`Writer::write`] writes after a legal move of `pos`: its e.p. mark, then its
    /// check or mate sign ("" when it has none, or the notation writes none).
    pub fn marks(&self, pos: &Chess, m: &Move) -> String {
        match self {
            Writer::San(style) | Writer::Long { style, .. } => style_marks(style, pos, m),
            Writer::Descriptive { style, .. } => {
                crate::board::descriptive::english_marks(pos, m, style)
            }
            Writer::DescriptiveEs => crate::board::descriptive::spanish_marks(pos, m),
            Writer::Squares(_) => String::new(),
        }
    }

    /// Writes a legal move of `pos` as [`Writer::write`] does, without its check or mate sign
    /// and its e.p. mark: the move as people compare it with what they wrote.
    pub fn write_unmarked(
        &self,
        pos: &Chess,
        origins: &crate::board::descriptive::Origins,
        m: &Move,
    ) -> String {
        match self {
            Writer::San(style) => san_unmarked(style, pos, m),
            Writer::Descriptive { full, style } => {
                crate::board::descriptive::write_english_unmarked(pos, origins, m, *full, style)
            }
            Writer::DescriptiveEs => {
                crate::board::descriptive::write_spanish_unmarked(pos, origins, m)
            }
            Writer::Long { style, form } => long_unmarked(style, *form, m),
            Writer::Squares(n) => squares(*n, pos, m),
        }
    }

    /// Does the notation write check and mate signs? When it does not (UCI, Smith, ICCF,
    /// coordinate), a missing sign is no slip; a wrong one written all the same still is.
    pub const fn writes_check_marks(&self) -> bool {
        !matches!(self, Writer::Squares(_))
    }

    /// Does the notation mark captures? Smith does (the captured piece's letter); UCI, ICCF
    /// and coordinate notation do not.
    pub const fn writes_capture_marks(&self) -> bool {
        !matches!(
            self,
            Writer::Squares(
                SquareNotation::Uci | SquareNotation::Iccf | SquareNotation::Coordinate { .. }
            )
        )
    }
}

/// A legal move, written out, with how unlike the written text it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Scored {
    /// The move.
    pub m: Move,
    /// The move written by the writer (with its check or mate sign).
    pub text: String,
    /// How unlike the written text it is: about 10 per plain edit, less for typing and
    /// handwriting confusions, less again for what the writer kept (see [`score_moves`]).
    pub cost: i32,
}

/// Cost of one plain edit in [`typing_distance`].
pub(crate) const EDIT: i32 = 10;

/// Pairs of characters that are easily typed or read one for the other (handwriting and
/// typewriter confusions).
const CONFUSIONS: [(char, char); 14] = [
    ('b', '6'),
    ('l', '1'),
    ('I', '1'),
    ('i', '1'),
    ('O', '0'),
    ('o', '0'),
    ('S', '5'),
    ('s', '5'),
    ('g', '9'),
    ('q', '9'),
    ('Z', '2'),
    ('z', '2'),
    ('B', '8'),
    ('G', '6'),
];

/// QWERTY rows, for neighbouring keys.
const ROWS: [&str; 4] = ["1234567890-=", "qwertyuiop[]", "asdfghjkl;'", "zxcvbnm,./"];

/// Each ASCII character's key on [`ROWS`]: 0 for none, else its row times 16 plus its place,
/// plus one.
const KEYS: [u8; 128] = {
    let mut keys = [0; 128];
    let mut r = 0;
    while r < ROWS.len() {
        let row = ROWS[r].as_bytes();
        let mut i = 0;
        while i < row.len() {
            keys[row[i] as usize] = (r * 16 + i + 1) as u8;
            keys[row[i].to_ascii_uppercase() as usize] = (r * 16 + i + 1) as u8;
            i += 1;
        }
        r += 1;
    }
    keys
};

fn key_pos(c: char) -> Option<(i32, i32)> {
    let k = *KEYS.get(c as usize)?;
    (k != 0).then(|| (i32::from(k - 1) / 16, i32::from(k - 1) % 16))
}

/// Keys next to each other on a QWERTY keyboard (same row, or the row above or below at the
/// usual stagger).
fn neighbouring_keys(a: char, b: char) -> bool {
    match (key_pos(a), key_pos(b)) {
        (Some((ra, ia)), Some((rb, ib))) => {
            let dr = rb - ra;
            (dr == 0 && (ia - ib).abs() == 1)
                || (dr == 1 && (ib == ia || ib == ia - 1))
                || (dr == -1 && (ib == ia || ib == ia + 1))
        }
        _ => false,
    }
}

const fn is_file(c: char) -> bool {
    matches!(c, 'a'..='h')
}

const fn is_rank(c: char) -> bool {
    matches!(c, '1'..='8')
}

/// The cost of reading `a` where `b` was meant.
fn substitution(a: char, b: char) -> i32 {
    if a == b {
        return 0;
    }
    if CONFUSIONS
        .iter()
        .any(|&(x, y)| (x == a && y == b) || (x == b && y == a))
    {
        return 4;
    }
    let near_file = is_file(a) && is_file(b) && (a as i32 - b as i32).abs() == 1;
    let near_rank = is_rank(a) && is_rank(b) && (a as i32 - b as i32).abs() == 1;
    if near_file || near_rank {
        return 5;
    }
    if neighbouring_keys(a, b) {
        return 6;
    }
    if a.to_lowercase().eq(b.to_lowercase()) {
        return 6;
    }
    if (is_file(a) && is_file(b)) || (is_rank(a) && is_rank(b)) {
        return 8;
    }
    EDIT
}

/// The cost of a character written that was not meant, or left out: marks cost less than the
/// letters and digits that carry the move.
fn indel(c: char) -> i32 {
    match c {
        'x' | ':' | '×' | '-' | '=' | '(' | ')' | '/' => 4,
        _ => EDIT,
    }
}

/// Weighted edit distance (restricted Damerau–Levenshtein) from `written` to `meant`:
/// confusions (b/6, l/1, O/0, S/5, g/9…), neighbouring keys and neighbouring files or ranks
/// cost less than other substitutions; capture marks and hyphens less than other insertions
/// and deletions.
pub(crate) fn typing_distance(written: &str, meant: &str) -> i32 {
    // Moves and the tokens read as moves are short: their characters and the table's rows
    // fit on the stack; longer texts take the heap.
    const SHORT: usize = 24;
    let (mut a_buf, mut b_buf) = (['\0'; SHORT], ['\0'; SHORT]);
    let (mut a_heap, mut b_heap) = (Vec::new(), Vec::new());
    let a = chars_of(written, &mut a_buf, &mut a_heap);
    let b = chars_of(meant, &mut b_buf, &mut b_heap);
    let m = b.len();
    // Three rows of the table: two back (for transpositions), the last and this one.
    let mut rows_buf = [0i32; 3 * (SHORT + 1)];
    let mut rows_heap = Vec::new();
    let rows: &mut [i32] = if 3 * (m + 1) <= rows_buf.len() {
        &mut rows_buf
    } else {
        rows_heap.resize(3 * (m + 1), 0);
        &mut rows_heap
    };
    let w = m + 1;
    let (mut two, mut one, mut cur) = (0, w, 2 * w);
    for j in 1..=m {
        rows[one + j] = rows[one + j - 1] + indel(b[j - 1]);
    }
    for i in 1..=a.len() {
        rows[cur] = rows[one] + indel(a[i - 1]);
        for j in 1..=m {
            let mut best = (rows[one + j] + indel(a[i - 1]))
                .min(rows[cur + j - 1] + indel(b[j - 1]))
                .min(rows[one + j - 1] + substitution(a[i - 1], b[j - 1]));
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[two + j - 2] + 8);
            }
            rows[cur + j] = best;
        }
        (two, one, cur) = (one, cur, two);
    }
    rows[one + m]
}

/// The characters of `text`: in `buf` when they fit, else in `heap`.
fn chars_of<'a>(text: &str, buf: &'a mut [char], heap: &'a mut Vec<char>) -> &'a [char] {
    let mut n = 0;
    for c in text.chars() {
        let Some(slot) = buf.get_mut(n) else {
            heap.extend(text.chars());
            return heap;
        };
        *slot = c;
        n += 1;
    }
    &buf[..n]
}

/// The roles with a piece letter, in the order of [`Style::letters`] and of a language
/// file's rules.
const LETTERED_ROLES: [shakmaty::Role; 5] = [
    shakmaty::Role::King,
    shakmaty::Role::Queen,
    shakmaty::Role::Rook,
    shakmaty::Role::Bishop,
    shakmaty::Role::Knight,
];

/// What can be told from a token that could not be read as a move: a piece letter at its
/// start (in `style`'s letters), and the last square, or file and rank, it names.
pub(crate) fn partial_hint(style: Option<&Style>, written: &str) -> crate::board::pattern::Pattern {
    use shakmaty::{File, Rank};
    let mut hint = crate::board::pattern::Pattern::EMPTY;
    let text = written.trim();
    if let Some(style) = style {
        for (i, l) in style.letters.iter().enumerate() {
            if !l.is_empty() && text.starts_with(l.as_str()) {
                hint.role = Some(LETTERED_ROLES[i]);
                break;
            }
        }
        let upper = text.to_uppercase();
        if upper.starts_with("O-O") || upper.starts_with("0-0") {
            hint.castle = Some(
                if upper.starts_with("O-O-O") || upper.starts_with("0-0-0") {
                    shakmaty::CastlingSide::QueenSide
                } else {
                    shakmaty::CastlingSide::KingSide
                },
            );
        }
    }
    let chars: Vec<char> = text.chars().collect();
    for i in (0..chars.len()).rev() {
        if is_rank(chars[i]) {
            if i > 0 && is_file(chars[i - 1]) {
                let f = File::new(u32::from(chars[i - 1]) - u32::from('a'));
                let r = Rank::new(u32::from(chars[i]) - u32::from('1'));
                hint.to = Some(Square::from_coords(f, r));
            } else {
                hint.to_rank = Some(Rank::new(u32::from(chars[i]) - u32::from('1')));
            }
            break;
        }
    }
    if hint.to.is_none()
        && let Some(&c) = chars.iter().rev().find(|c| is_file(**c))
    {
        hint.to_file = Some(File::new(u32::from(c) - u32::from('a')));
    }
    hint
}

/// Roles whose letter, in some language, starts `written` (a piece letter from another
/// language: `S` for the knight in German, `L` for the bishop…).
fn foreign_roles(written: &str) -> Vec<shakmaty::Role> {
    let roles = LETTERED_ROLES;
    let mut out = Vec::new();
    let Some(first) = written.chars().next() else {
        return out;
    };
    if !first.is_uppercase() {
        return out;
    }
    for lang in crate::syntax::grammar::LANGUAGE_FILES {
        for (i, letters) in lang.letters.iter().take(5).enumerate() {
            if letters
                .split_whitespace()
                .any(|l| l.chars().count() == 1 && l.starts_with(first))
                && !out.contains(&roles[i])
            {
                out.push(roles[i]);
            }
        }
    }
    out
}

/// A full descriptive move without the side letter of its origin square (`NKN3-K2` →
/// `NN3-K2`, `KtKKt3-K2` → `KtKt3-K2`), as `style` spells it.
fn without_side_letter(full: &str, style: &DescStyle) -> String {
    let chars: Vec<char> = full.chars().collect();
    let end = chars
        .iter()
        .position(|c| matches!(*c, '-' | 'x' | '×') || *c == style.dash || *c == style.capture)
        .unwrap_or(chars.len());
    let knight: Vec<char> = style.knight.as_str().chars().collect();
    // The letters of the origin square's file after a side letter at `i`: `R`, `B` or the
    // knight's.
    let file_at = |i: usize| -> usize {
        match chars.get(i) {
            Some('R' | 'B') => 1,
            _ if chars.get(i..i + knight.len()) == Some(&knight[..]) => knight.len(),
            _ => 0,
        }
    };
    let mut out = String::with_capacity(full.len());
    for (i, c) in chars.iter().enumerate() {
        let file = file_at(i + 1);
        let side = (*c == 'K' || *c == 'Q')
            && i > 0
            && file > 0
            && i + file < end
            && chars.get(i + 1 + file).is_some_and(|d| d.is_ascii_digit());
        if !(side && i < end) {
            out.push(*c);
        }
    }
    out
}

/// The legal moves of `pos` that read `written` at most `window` worse than the best
/// reading, written by `writer` (with their check or mate signs), with their cost as a reading
/// of `written`, cheapest first (ties keep the move generator's order).
///
/// The cost is the [`typing_distance`] from the written text to the move written out (also
/// without its capture mark, as people often leave it out), less a bonus for what the writer
/// kept that the move shares: castling for castling; the same piece (the piece letter counts
/// more than the target square), the same target square, or a square next to it; the same
/// target rank or file; the same origin file; a piece letter that means this piece in another
/// language.
pub(crate) fn score_moves(
    writer: &Writer,
    pos: &Chess,
    origins: &crate::board::descriptive::Origins,
    written: &str,
    hint: Option<&crate::board::pattern::Pattern>,
    window: i32,
) -> Vec<Scored> {
    let foreign = foreign_roles(written);
    let capture_mark = match writer {
        Writer::San(style) | Writer::Long { style, .. } if !style.capture.is_empty() => {
            Some(style.capture.clone())
        }
        _ => None,
    };
    let mut scored: Vec<Scored> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let bare = writer.write_unmarked(pos, origins, m);
            let mut cost = typing_distance(written, &bare);
            if let Writer::Descriptive { full: false, style } = writer {
                // The writer may name the origin square (`NB3-K2`): also compare with the
                // full form, with and without the side letter of the origin (`NKN3`, `NN3`).
                let long =
                    crate::board::descriptive::write_english_unmarked(pos, origins, m, true, style);
                cost = cost.min(typing_distance(written, &long));
                cost = cost.min(typing_distance(written, &without_side_letter(&long, style)));
            }
            if let Some(mark) = &capture_mark
                && bare.contains(mark.as_str())
            {
                cost = cost.min(typing_distance(written, &bare.replacen(mark.as_str(), "", 1)) + 2);
            }
            if let Some(h) = hint {
                if h.castle.is_some() && m.is_castle() {
                    cost -= 12;
                }
                if !m.is_castle() {
                    let to = m.to();
                    if h.to == Some(to) || h.to_set.is_some_and(|t| t.contains(to)) {
                        cost -= 4;
                    } else if let Some(t) = h.to {
                        let df = (i32::from(t.file()) - i32::from(to.file())).abs();
                        let dr = (i32::from(t.rank()) - i32::from(to.rank())).abs();
                        if df + dr == 1 {
                            cost -= 1;
                        }
                    }
                    if h.to_rank == Some(to.rank()) || h.to_file == Some(to.file()) {
                        cost -= 2;
                    }
                }
                if h.role == Some(m.role()) {
                    cost -= 6;
                }
                if h.from_file.is_some() && h.from_file == m.from().map(Square::file) {
                    cost -= 2;
                }
            }
            if m.role() != shakmaty::Role::Pawn && foreign.contains(&m.role()) {
                cost -= 2;
            }
            if m.promotion() == Some(shakmaty::Role::Queen) {
                cost -= 1;
            }
            Scored {
                m: *m,
                text: bare,
                cost,
            }
        })
        .collect();
    scored.sort_by_key(|s| s.cost);
    // The signs only for the readings kept: each costs the move played and its replies.
    let best = scored.first().map_or(0, |s| s.cost);
    scored.retain(|s| s.cost <= best + window);
    for s in &mut scored {
        s.text.push_str(&writer.marks(pos, &s.m));
    }
    scored
}

/// The legal moves of `pos` most like `written`, best first, written by `writer` (at most
/// `n`; see [`score_moves`]). Far-fetched readings are left out. (The checker scores moves
/// itself; the render tests use this.)
#[cfg(test)]
pub(crate) fn suggestions(
    writer: &Writer,
    pos: &Chess,
    origins: &crate::board::descriptive::Origins,
    written: &str,
    hint: Option<&crate::board::pattern::Pattern>,
    n: usize,
) -> Vec<String> {
    let scored = score_moves(writer, pos, origins, written, hint, 2 * EDIT);
    let limit = plausible_limit(written);
    scored
        .into_iter()
        .filter(|s| s.cost <= limit)
        .take(n)
        .map(|s| s.text)
        .collect()
}

/// The highest cost of a reading worth suggesting for this written text (longer texts allow
/// more edits).
pub(crate) fn plausible_limit(written: &str) -> i32 {
    EDIT * written.chars().count().max(2) as i32 / 2
}

/// How a language writes moves: its letters and customs (from its grammar file's header).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// Letters of king, queen, rook, bishop, knight (first alternative of each).
    pub letters: [String; 5],
    /// The capture mark (`x`, `:`, `×`; empty for none).
    pub capture: String,
    /// Captures marked after the target square (Dutch `Lg3:`).
    pub trailing_capture: bool,
    /// The mate sign.
    pub mate: String,
    /// The check sign.
    pub check: String,
    /// The double-check sign, if the language writes one.
    pub double_check: Option<String>,
    /// Castling written with zeros (`0-0`).
    pub castle_zero: bool,
    /// Promotion mark: `=`, empty, or `(` for `(Q)`.
    pub promotion: String,
    /// The en passant mark, if written.
    pub ep: Option<String>,
    /// A written `++` is mate, not double check (Spanish, algebraic and descriptive).
    pub double_plus_mate: bool,
    /// The dash of the long form (`Ng1-f3`, `Ng1–f3`).
    pub dash: char,
}

impl Style {
    /// The same style with figurines (the white set, as printed books use for both sides)
    /// instead of letters.
    pub fn figurines(mut self) -> Style {
        self.letters = ["♔", "♕", "♖", "♗", "♘"].map(String::from);
        self
    }

    /// FIDE style with English letters.
    pub fn english() -> Style {
        Style::fide(["K", "Q", "R", "B", "N"].map(String::from))
    }

    /// FIDE style (`x`, `+`, `#`, `=`, `O-O`) with the given letters.
    pub fn fide(letters: [String; 5]) -> Style {
        Style {
            letters,
            capture: "x".into(),
            trailing_capture: false,
            mate: "#".into(),
            check: "+".into(),
            double_check: None,
            castle_zero: false,
            promotion: "=".into(),
            ep: None,
            double_plus_mate: false,
            dash: '-',
        }
    }

    /// The style of a language file: its customs, or FIDE style with its letters.
    pub fn of(lang: &crate::syntax::grammar::LanguageFile, fide: bool) -> Style {
        let letters: [String; 5] = std::array::from_fn(|i| {
            lang.letters[i]
                .split_whitespace()
                .next()
                .unwrap_or("?")
                .to_owned()
        });
        if fide {
            return Style::fide(letters);
        }
        let c = lang.read_customs();
        Style {
            letters,
            capture: c.capture.unwrap_or("").into(),
            trailing_capture: c.capture_place == CapturePlace::Trailing,
            mate: c.mate.as_str().into(),
            check: c.check.into(),
            double_check: c.double_check.map(String::from),
            castle_zero: c.castle == Castle::Zero,
            promotion: match c.promotion {
                Promotion::Bare => String::new(),
                Promotion::Paren => "(".into(),
                Promotion::Mark(mark) => mark.into(),
            },
            ep: c.ep.map(String::from),
            double_plus_mate: c.double_plus_is_mate(),
            dash: '-',
        }
    }

    /// The letter of a role (empty for a pawn).
    pub fn letter(&self, role: shakmaty::Role) -> &str {
        match role {
            shakmaty::Role::King => &self.letters[0],
            shakmaty::Role::Queen => &self.letters[1],
            shakmaty::Role::Rook => &self.letters[2],
            shakmaty::Role::Bishop => &self.letters[3],
            shakmaty::Role::Knight => &self.letters[4],
            shakmaty::Role::Pawn => "",
        }
    }
}

/// A legal move of `pos` written in `style`, shortest unambiguous form (SAN disambiguation),
/// with its check or mate sign.
pub fn san_styled(style: &Style, pos: &Chess, m: &Move) -> String {
    let mut out = san_unmarked(style, pos, m);
    out.push_str(&style_marks(style, pos, m));
    out
}

/// [`san_styled`] without the marks (e.p., check, mate).
fn san_unmarked(style: &Style, pos: &Chess, m: &Move) -> String {
    let mut out = String::new();
    match San::from_move(pos, *m) {
        San::Castle(side) => castling(style, side, &mut out),
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            out.push_str(style.letter(role));
            if let Some(f) = file {
                out.push(f.char());
            }
            if let Some(r) = rank {
                out.push(r.char());
            }
            if capture && !style.trailing_capture {
                out.push_str(&style.capture);
            }
            out.push_str(&to.to_string());
            if let Some(p) = promotion {
                promotion_in(style, p, &mut out);
            }
            if capture && style.trailing_capture {
                out.push_str(if style.capture.is_empty() {
                    ":"
                } else {
                    &style.capture
                });
            }
        }
        San::Put { .. } | San::Null => out.push_str("--"),
    }
    out
}

/// The marks of a move in `style`: its e.p. mark (after a space), then its check or mate sign.
fn style_marks(style: &Style, pos: &Chess, m: &Move) -> String {
    let mut out = String::new();
    if m.is_en_passant()
        && let Some(ep) = &style.ep
    {
        out.push(' ');
        out.push_str(ep);
    }
    out.push_str(check_suffix(style, pos, m));
    out
}

/// The check or mate sign of `m` in `style` ("" when it gives neither).
fn check_suffix<'a>(style: &'a Style, pos: &Chess, m: &Move) -> &'a str {
    let mut after = pos.clone();
    after.play_unchecked(*m);
    if after.is_checkmate() {
        &style.mate
    } else if after.is_check() {
        match &style.double_check {
            Some(dc) if after.checkers().count() > 1 => dc,
            _ => &style.check,
        }
    } else {
        ""
    }
}

/// Castling in a style's letters (`O-O`, `0-0-0`).
fn castling(style: &Style, side: shakmaty::CastlingSide, out: &mut String) {
    let o = if style.castle_zero { "0" } else { "O" };
    out.push_str(o);
    out.push('-');
    out.push_str(o);
    if side.is_queen_side() {
        out.push('-');
        out.push_str(o);
    }
}

/// A promotion piece in a style (`=Q`, `Д`, `(D)`).
fn promotion_in(style: &Style, role: shakmaty::Role, out: &mut String) {
    match style.promotion.as_str() {
        "(" => {
            out.push('(');
            out.push_str(style.letter(role));
            out.push(')');
        }
        mark => {
            out.push_str(mark);
            out.push_str(style.letter(role));
        }
    }
}

/// A legal move of `pos` in long or compact algebraic, in `style`, with its check or mate
/// sign: `Ng1-f3`, `Bf1xb5`, `e7-e8=Q` (hyphen); `Кg1f3`, `d24`, `Оg5:Кf6`, `f78Д` (compact).
pub fn long_styled(style: &Style, form: LongForm, pos: &Chess, m: &Move) -> String {
    let mut out = long_unmarked(style, form, m);
    out.push_str(&style_marks(style, pos, m));
    out
}

/// [`long_styled`] without the marks (e.p., check, mate).
fn long_unmarked(style: &Style, form: LongForm, m: &Move) -> String {
    let mut out = String::new();
    if let Some(side) = m.castling_side() {
        castling(style, side, &mut out);
    } else if let Some(from) = m.from() {
        let to = m.to();
        // The capture mark between the squares (a trailing-colon language writes `:` there).
        let capture = if style.capture.is_empty() {
            "x"
        } else {
            &style.capture
        };
        out.push_str(style.letter(m.role()));
        out.push_str(&from.to_string());
        match (form, m.capture()) {
            (LongForm::Hyphen, None) => {
                out.push(style.dash);
                out.push_str(&to.to_string());
            }
            (LongForm::Joined, None) => out.push_str(&to.to_string()),
            (LongForm::Hyphen | LongForm::Joined, Some(_)) => {
                out.push_str(capture);
                out.push_str(&to.to_string());
            }
            // `d24`: a pawn move keeps its file.
            (LongForm::Compact, None) if m.role() == shakmaty::Role::Pawn => {
                out.push(to.rank().char());
            }
            (LongForm::Compact, None) => out.push_str(&to.to_string()),
            // `Оg5:Кf6`; a captured pawn is not named (`e5:d6`), pawns have no letter.
            (LongForm::Compact, Some(captured)) => {
                out.push_str(capture);
                out.push_str(style.letter(captured));
                out.push_str(&to.to_string());
            }
        }
        if let Some(p) = m.promotion() {
            promotion_in(style, p, &mut out);
        }
    } else {
        out.push_str("--");
    }
    out
}

/// A legal move of `pos` in a notation without piece letters.
pub fn squares(notation: SquareNotation, pos: &Chess, m: &Move) -> String {
    use shakmaty::{CastlingSide, Role};
    let letter = |r: Role| match r {
        Role::Queen => 'Q',
        Role::Rook => 'R',
        Role::Bishop => 'B',
        Role::Knight => 'N',
        Role::King => 'K',
        Role::Pawn => 'P',
    };
    // The king's squares, also for castling (UCI in Chess960 aside).
    let from = m.from().unwrap_or(m.to());
    let to = match m.castling_side() {
        Some(side) => side.king_to(pos.turn()),
        None => m.to(),
    };
    let mut out = String::new();
    match notation {
        SquareNotation::Coordinate { upper } => {
            let sq = |s: Square| {
                let t = s.to_string();
                if upper { t.to_ascii_uppercase() } else { t }
            };
            out.push_str(&sq(from));
            out.push('-');
            out.push_str(&sq(to));
            if let Some(p) = m.promotion() {
                out.push(letter(p));
            }
        }
        SquareNotation::Uci => out.push_str(&uci(Some(m), pos.castles().mode())),
        SquareNotation::Smith => {
            out.push_str(&from.to_string());
            out.push_str(&to.to_string());
            match (m.castling_side(), m.capture()) {
                (Some(CastlingSide::KingSide), _) => out.push('c'),
                (Some(CastlingSide::QueenSide), _) => out.push('C'),
                _ if m.is_en_passant() => out.push('E'),
                (None, Some(captured)) => out.push(letter(captured).to_ascii_lowercase()),
                (None, None) => {}
            }
            if let Some(p) = m.promotion() {
                out.push(letter(p));
            }
        }
        SquareNotation::Iccf => {
            for s in [from, to] {
                out.push(char::from(b'1' + u32::from(s.file()) as u8));
                out.push(s.rank().char());
            }
            if let Some(p) = m.promotion() {
                out.push(match p {
                    Role::Queen => '1',
                    Role::Rook => '2',
                    Role::Bishop => '3',
                    _ => '4',
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
