//! What was written: the notation-neutral syntax tree of a game, with byte spans.
//!
//! The walker builds it from any derived parser's parse tree. It says nothing about the board:
//! resolving moves is the resolver's job.

use shakmaty::{CastlingSide, Color, File, Rank, Role, Square};

use crate::span::{Span, Spanned};

pub(crate) mod builtin;
pub(crate) mod compose;
pub mod customs;
mod desc_part;
pub(crate) mod grammar;
pub(crate) mod grammar_check;
pub(crate) mod kind;
pub(crate) mod lookalike;
pub(crate) mod marks;
mod marks_packed;
pub(crate) mod memo;
pub mod signs;
pub mod user;
pub(crate) mod walker;

pub use desc_part::{DescPart, DescSym, Syms};
use marks_packed::Marks;
// The languages and notations: built in, or loaded from user language files ([`user`]).
pub use builtin::LANGUAGE_FILES;
pub use kind::{
    Language, LanguageFile, Notation, Parser, ParserEntry, RecordWords, Shared, TokenExplanation,
    UnknownNotation,
};
pub use user::{Registry, builtin_language, builtin_parser};
// Checks of grammar files (what `scoresheet grammar check` and build.rs report).
pub use grammar_check::{
    IssueKind, LANGUAGE_RULES, RECORD_RULES, check_grammar, check_language_rules,
};

/// Which descriptive system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum System {
    /// English: `P-K4`, files QR QN QB Q K KB KN KR.
    English,
    /// Spanish: `P4R`, files TD CD AD D R AR CR TR.
    Spanish,
}

/// One game as written.
#[derive(Clone, Debug, Default)]
pub struct GameSyntax {
    /// The whole game, tags and movetext.
    pub span: Span,
    /// Tag pairs in order.
    pub tags: Vec<Tag>,
    /// The main line.
    pub root: Line,
    /// Problems found while reading the text (unreadable tokens, unbalanced parentheses…).
    pub issues: Vec<SyntaxIssue>,
    /// Unreadable tokens past the first thousand, not kept in `issues` (each is still an
    /// `Unknown` item of its line): how many.
    pub unknown_more: usize,
    /// The last of them.
    pub unknown_last: Span,
    /// Number of move tokens (their `index` runs from 0 to this).
    pub move_count: usize,
}

impl GameSyntax {
    /// The number of unreadable tokens (kept as issues or counted).
    pub fn unknown_count(&self) -> usize {
        self.unknown_more
            + self
                .issues
                .iter()
                .filter(|i| matches!(i, SyntaxIssue::Unknown(_)))
                .count()
    }

    /// The value of the first tag with this name (case-sensitive, as PGN says).
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| *t.name == *name)
    }
}

/// A tag pair `[Name "value"]`. Its name and value are shared: the same tag line comes back
/// in game after game, and a copy of it costs a count, not a copy of its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The tag name.
    pub name: std::sync::Arc<str>,
    /// The value, unescaped.
    pub value: std::sync::Arc<str>,
    /// The whole tag pair.
    pub span: Span,
    /// The quoted value.
    pub value_span: Span,
}

/// A line of play: the main line or a variation.
#[derive(Clone, Debug, Default)]
pub struct Line {
    /// The items in order.
    pub items: Vec<Item>,
    /// From `(` to `)` for a variation; the movetext for the main line.
    pub span: Span,
}

impl Line {
    /// The idea this variation writes, from the sign in its first place: 140 for `(∆Дd5)`
    /// (with the idea: a move of the same side after the move it annotates, the opponent's
    /// reply left open), 141 for `(∇Кf5)` (aimed against: the opponent's plan). `None` for a
    /// variation in the usual sense (another move in place of the one before it).
    pub fn idea(&self) -> Option<u16> {
        match self.items.first() {
            Some(Item::Nag(n)) if matches!(n.value, 140 | 141) => Some(n.value),
            _ => None,
        }
    }

    /// Every item of this line and of the variations in it, in text order: a variation's item
    /// comes first, then its own items, then the items after it. No recursion (variations nest
    /// as deep as the walker allows): this is the one traversal of a game's moves.
    pub fn items(&self) -> Items<'_> {
        Items {
            stack: vec![self.items.iter()],
        }
    }

    /// Every move token of this line and its variations, in text order.
    pub fn moves(&self) -> impl Iterator<Item = &MoveToken> {
        self.items().filter_map(|item| match item {
            Item::Move(m) => Some(m),
            _ => None,
        })
    }

    /// This line and every variation in it, each once, in the order they open.
    pub fn lines(&self) -> impl Iterator<Item = &Line> {
        std::iter::once(self).chain(self.items().filter_map(|item| match item {
            Item::Variation(v) => Some(v),
            _ => None,
        }))
    }
}

/// The items of a line and its variations in text order ([`Line::items`]).
#[derive(Clone, Debug)]
pub struct Items<'a> {
    stack: Vec<std::slice::Iter<'a, Item>>,
}

impl<'a> Iterator for Items<'a> {
    type Item = &'a Item;

    fn next(&mut self) -> Option<&'a Item> {
        loop {
            let top = self.stack.last_mut()?;
            match top.next() {
                Some(item) => {
                    if let Item::Variation(v) = item {
                        self.stack.push(v.items.iter());
                    }
                    return Some(item);
                }
                None => {
                    self.stack.pop();
                }
            }
        }
    }
}

/// One item of a line.
#[derive(Clone, Debug)]
pub enum Item {
    /// A move token.
    Move(MoveToken),
    /// A move number such as `12.` or `12...`.
    MoveNumber(Spanned<MoveNumber>),
    /// A lone `...` or `…`.
    Ellipsis(Span),
    /// A comment (`{…}` or `;…`); the span covers the delimiters.
    Comment(Comment),
    /// An annotation: `$n`, a glyph (`!?`) or an evaluation symbol (`±`), as its NAG.
    Nag(Spanned<u16>),
    /// A variation `( … )`.
    Variation(Line),
    /// A result token.
    Result(Spanned<Outcome>),
    /// Text that is no token (reported as a syntax issue).
    Unknown(Span),
}

/// A comment and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The comment including its delimiters.
    pub span: Span,
    /// `{…}` (true) or `;…` (false).
    pub braced: bool,
}

/// A move number as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number.
    pub number: u32,
    /// Written with `...` or `…` (a Black move follows).
    pub black: bool,
}

/// A game result token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`
    Unfinished,
    /// `Resigns` (`Abandonan`): the side to move resigns; [`Outcome::decided`] names the winner.
    Resigns,
}

impl Outcome {
    /// The PGN spelling.
    pub const fn pgn(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unfinished | Outcome::Resigns => "*",
        }
    }

    /// The outcome when `to_move` is the side to move where it was written: `Resigns` is a
    /// win for the other side; the others stay as they are.
    pub const fn decided(self, to_move: shakmaty::Color) -> Outcome {
        match (self, to_move) {
            (Outcome::Resigns, shakmaty::Color::White) => Outcome::BlackWins,
            (Outcome::Resigns, shakmaty::Color::Black) => Outcome::WhiteWins,
            (other, _) => other,
        }
    }

    /// Reads a PGN `Result` tag value.
    pub fn from_tag(value: &str) -> Option<Outcome> {
        match value.trim() {
            "1-0" => Some(Outcome::WhiteWins),
            "0-1" => Some(Outcome::BlackWins),
            "1/2-1/2" | "½-½" => Some(Outcome::Draw),
            "*" => Some(Outcome::Unfinished),
            _ => None,
        }
    }
}

/// A check or mate sign as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckMark {
    /// `+`
    Check,
    /// `++`
    DoubleCheck,
    /// `#`, `X`, `×`, `‡`
    Mate,
}

/// A capture mark as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureMark {
    /// `x`
    X,
    /// `×`
    Times,
    /// `:`
    Colon,
    /// `:` after the target square (Dutch `Lg3:`)
    TrailingColon,
}

/// One move token as written.
///
/// A long game holds millions of them, so a token is small (72 bytes): its marks are kept
/// packed, as offsets from the token's start ([`MoveToken::check`], [`MoveToken::capture`],
/// [`MoveToken::ep`], [`MoveToken::figurine`] read them), and a descriptive move's parts are
/// boxed.
#[derive(Clone, PartialEq, Eq)]
pub struct MoveToken {
    /// The token (including any separate `+`/`#`/`e.p.` that belongs to it). Its marks are
    /// kept from its start: moving the span moves them with it.
    pub span: Span,
    /// The move itself, without its marks.
    pub body: MoveBody,
    /// Order of this move token in the game (pre-order over lines and variations).
    pub index: usize,
    /// The check, capture and e.p. marks and the figurine's colour.
    marks: Marks,
}

impl MoveToken {
    /// A token of this span and body, without marks.
    pub fn new(span: Span, body: MoveBody, index: usize) -> MoveToken {
        MoveToken {
            span,
            body,
            index,
            marks: Marks::default(),
        }
    }

    /// The check or mate mark, if any.
    pub fn check(&self) -> Option<Spanned<CheckMark>> {
        let c = self.marks.check?;
        Some(Spanned::new(c, self.marks.span(Marks::CHECK, self.span)))
    }

    /// The capture mark, if any.
    pub fn capture(&self) -> Option<Spanned<CaptureMark>> {
        let c = self.marks.capture?;
        Some(Spanned::new(c, self.marks.span(Marks::CAPTURE, self.span)))
    }

    /// The `e.p.` mark, if any.
    pub fn ep(&self) -> Option<Span> {
        self.marks.ep.then(|| self.marks.span(Marks::EP, self.span))
    }

    /// The colour of a figurine used for the piece, if one was used.
    pub fn figurine(&self) -> Option<Color> {
        self.marks.figurine
    }

    /// Sets the check or mate mark (its span within the token's, or at its end: set the
    /// token's span first).
    pub fn set_check(&mut self, check: Option<Spanned<CheckMark>>) {
        self.marks.check = check.map(|c| c.value);
        self.marks
            .set_span(Marks::CHECK, check.map(|c| c.span), self.span);
    }

    /// Sets the capture mark (see [`MoveToken::set_check`]).
    pub fn set_capture(&mut self, capture: Option<Spanned<CaptureMark>>) {
        self.marks.capture = capture.map(|c| c.value);
        self.marks
            .set_span(Marks::CAPTURE, capture.map(|c| c.span), self.span);
    }

    /// Sets the `e.p.` mark (see [`MoveToken::set_check`]).
    pub fn set_ep(&mut self, ep: Option<Span>) {
        self.marks.ep = ep.is_some();
        self.marks.set_span(Marks::EP, ep, self.span);
    }

    /// Sets the colour of the figurine used for the piece.
    pub fn set_figurine(&mut self, figurine: Option<Color>) {
        self.marks.figurine = figurine;
    }

    /// The token's text without its check or mate sign and its e.p. mark, cut where the tree
    /// says the first of them starts (so no spelling of a mark is repeated outside the
    /// grammars). `text` is the text the spans point into.
    pub fn unmarked<'t>(&self, text: &'t str) -> &'t str {
        let bare = self.unmarked_span(text);
        text.get(bare.start..bare.end).unwrap_or("")
    }

    /// Where [`MoveToken::unmarked`]'s text is: the token's span cut before its marks, without
    /// the spaces around what is left.
    pub fn unmarked_span(&self, text: &str) -> Span {
        let end = [
            self.check().map(|c| c.span.start),
            self.ep().map(|e| e.start),
        ]
        .into_iter()
        .flatten()
        .filter(|&at| at > self.span.start && at <= self.span.end)
        .min()
        .unwrap_or(self.span.end);
        let Some(cut) = text.get(self.span.start..end) else {
            return Span::new(self.span.start, self.span.start);
        };
        let white = crate::read::space::is_white;
        let start = self.span.start + (cut.len() - cut.trim_start_matches(white).len());
        Span::new(start, start + cut.trim_matches(white).len())
    }
}

/// A move, as constraints the writer gave on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveBody {
    /// Castling.
    Castle(CastlingSide),
    /// A null move (`--`, `Z0`).
    Null,
    /// Any other move.
    Normal(NormalMove),
    /// A move in descriptive notation: its parts, read against the board by
    /// the board's descriptive readings ([`crate::board::resolve_move_token`]). Boxed: the
    /// parts are five times the size of any other body.
    Descriptive(Box<DescriptiveMove>),
}

/// A descriptive move as written: its parts as the grammar read them, with their spans in the
/// source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DescriptiveMove {
    /// English or Spanish.
    pub system: System,
    /// Castling, with its wing when written (`Castles KR`); `Some(None)` = `Castles`.
    pub castles: Option<Option<CastlingSide>>,
    /// The moving piece's designation (`P`, `QN1`, `R(QR1)`, `KBP`).
    pub who: Spanned<DescPart>,
    /// The target square (`K4`), for a move to an empty square.
    pub to: Option<Spanned<DescPart>>,
    /// What is taken (`N`, `QP`, `B7`), for a capture.
    pub captured: Option<Spanned<DescPart>>,
    /// The square of a capture (`QB6` in `B×N/QB6`).
    pub at: Option<Spanned<DescPart>>,
    /// The promotion piece.
    pub promotion: Option<Role>,
}

/// A piece or pawn move with what the writer said about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NormalMove {
    /// The moving piece (`Pawn` for pawn moves).
    pub role: Role,
    /// A piece letter (or figurine, or pawn letter) was written. Without one, a move that
    /// names both squares (`g1f3`, coordinate style) moves whatever stands on the origin.
    pub role_written: bool,
    /// The origin file, if given.
    pub from_file: Option<File>,
    /// The origin rank, if given.
    pub from_rank: Option<Rank>,
    /// The target square, when written in full.
    pub to: Option<Square>,
    /// Only the target file (pawn captures such as `cd`).
    pub to_file: Option<File>,
    /// The promotion piece, if any.
    pub promotion: Option<Role>,
    /// The captured piece, when named.
    pub captured: Option<Role>,
}

/// A problem in the text itself, found before any move is resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxIssue {
    /// Text that is no token at all.
    Unknown(Span),
    /// A `[` line that is not a tag pair.
    BrokenTag(Span),
    /// A tag pair after the movetext started.
    TagInMovetext(Span),
    /// A `{` comment that is never closed.
    UnclosedComment(Span),
    /// A `)` with no `(`.
    UnmatchedClose(Span),
    /// A `(` never closed.
    UnclosedVariation(Span),
    /// Variations nested deeper than the limit; the span is the first `(` too deep.
    TooDeep(Span),
    /// A `+`, `#` or `e.p.` standing alone with no move before it.
    StrayMark(Span),
    /// The parser gave up (pest reports e.g. its stack limit), and why.
    ParserLimit(Span, Box<str>),
    /// A comma, slash or semicolon between moves, read as white space.
    Separator(Span),
    /// A move number written `1)`, `1-`, `1:` or `1 .`.
    NumberForm(Span),
    /// A `;` comment (to the end of the line) that starts with moves: kept as a comment.
    MovesInComment(Span),
    /// A token read only after replacing look-alike characters from another script (boxed:
    /// a game may hold millions of issues, nearly all of them a span alone).
    LookAlike(Box<LookAlike>),
}

/// A token read only after replacing look-alike characters from another script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LookAlike {
    /// The whole token.
    pub token: Span,
    /// The first replaced character.
    pub at: Span,
    /// The character written.
    pub found: char,
    /// The character it stands for.
    pub meant: char,
    /// The token as read.
    pub read_as: String,
}

impl SyntaxIssue {
    /// Where the problem is (for a look-alike, the first replaced character).
    pub fn span(&self) -> Span {
        match self {
            SyntaxIssue::Unknown(s)
            | SyntaxIssue::BrokenTag(s)
            | SyntaxIssue::TagInMovetext(s)
            | SyntaxIssue::UnclosedComment(s)
            | SyntaxIssue::UnmatchedClose(s)
            | SyntaxIssue::UnclosedVariation(s)
            | SyntaxIssue::TooDeep(s)
            | SyntaxIssue::StrayMark(s)
            | SyntaxIssue::Separator(s)
            | SyntaxIssue::NumberForm(s)
            | SyntaxIssue::MovesInComment(s)
            | SyntaxIssue::ParserLimit(s, _) => *s,
            SyntaxIssue::LookAlike(l) => l.at,
        }
    }
}

/// Is a move number written in a form PGN has not: a `)`, `-` or `:` after the digits, white
/// space before the dot, or a dash after it (the Spanish `12.-`)?
pub(crate) fn typed_number(written: &str) -> bool {
    let rest = written.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.starts_with(|c: char| matches!(c, ')' | '-' | ':') || c.is_whitespace())
        || rest.starts_with(".-")
        || rest.starts_with(".–")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(at: usize) -> Item {
        Item::Ellipsis(Span::new(at, at + 1))
    }

    fn line(at: usize, items: Vec<Item>) -> Line {
        Line {
            items,
            span: Span::new(at, at + 1),
        }
    }

    fn starts(items: Items<'_>) -> Vec<usize> {
        items
            .map(|i| match i {
                Item::Ellipsis(s) => s.start,
                Item::Variation(v) => v.span.start,
                _ => usize::MAX,
            })
            .collect()
    }

    #[test]
    fn items_come_in_text_order_through_nested_variations() {
        // 0 (1 2 (3 4) 5) 6 (7) 8
        let root = line(
            100,
            vec![
                number(0),
                Item::Variation(line(
                    1,
                    vec![
                        number(2),
                        Item::Variation(line(3, vec![number(4)])),
                        number(5),
                    ],
                )),
                number(6),
                Item::Variation(line(7, vec![])),
                number(8),
            ],
        );
        assert_eq!(starts(root.items()), vec![0, 1, 2, 3, 4, 5, 6, 7, 8]);
        let lines: Vec<usize> = root.lines().map(|l| l.span.start).collect();
        assert_eq!(lines, vec![100, 1, 3, 7]);
    }

    #[test]
    fn a_deep_nesting_is_walked_without_recursion() {
        let mut deep = line(0, vec![number(0)]);
        for depth in 1..50_000 {
            deep = line(depth, vec![Item::Variation(deep)]);
        }
        assert_eq!(deep.lines().count(), 50_000);
        assert_eq!(deep.items().count(), 50_000);
        // Dropping a 50,000-deep tree recurses in Drop; forget it (a test-only leak).
        std::mem::forget(deep);
    }
}
