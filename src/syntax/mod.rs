//! What was written: the notation-neutral syntax tree of a game, with byte spans.
//!
//! The walker builds it from any derived parser's parse tree. It says nothing about the board:
//! resolving moves is the resolver's job.

use shakmaty::{CastlingSide, Color, File, Rank, Role, Square};

use crate::span::{Span, Spanned};

pub mod builtin;
pub mod compose;
pub mod grammar;
pub mod grammar_check;
pub mod kind;
pub mod lookalike;
pub mod user;
pub mod walker;

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
    /// Number of move tokens (their `index` runs from 0 to this).
    pub move_count: usize,
}

impl GameSyntax {
    /// The value of the first tag with this name (case-sensitive, as PGN says).
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }
}

/// A tag pair `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The tag name.
    pub name: String,
    /// The value, unescaped.
    pub value: String,
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveToken {
    /// The token (including any separate `+`/`#`/`e.p.` that belongs to it).
    pub span: Span,
    /// The move itself, without its marks.
    pub body: MoveBody,
    /// The check or mate mark, if any.
    pub check: Option<Spanned<CheckMark>>,
    /// The capture mark, if any.
    pub capture: Option<Spanned<CaptureMark>>,
    /// The `e.p.` mark, if any.
    pub ep: Option<Span>,
    /// The colour of a figurine used for the piece, if one was used.
    pub figurine: Option<Color>,
    /// Order of this move token in the game (pre-order over lines and variations).
    pub index: usize,
}

/// A move, as constraints the writer gave on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveBody {
    /// Castling.
    Castle(CastlingSide),
    /// A null move (`--`, `Z0`).
    Null,
    /// Any other move.
    Normal(NormalMove),
    /// A move in descriptive notation: its parts, read against the board by
    /// [`crate::board::descriptive`].
    Descriptive(DescriptiveMove),
}

/// A descriptive move as written: spans of its parts in the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DescriptiveMove {
    /// English or Spanish.
    pub system: System,
    /// Castling, with its wing when written (`Castles KR`); `Some(None)` = `Castles`.
    pub castles: Option<Option<CastlingSide>>,
    /// The moving piece's designation (`P`, `QN1`, `R(QR1)`, `KBP`).
    pub who: Span,
    /// The target square (`K4`), for a move to an empty square.
    pub to: Option<Span>,
    /// What is taken (`N`, `QP`, `B7`), for a capture.
    pub captured: Option<Span>,
    /// The square of a capture (`QB6` in `B×N/QB6`).
    pub at: Option<Span>,
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
    /// The parser gave up (pest reports e.g. its stack limit).
    ParserLimit(Span, String),
    /// A token read only after replacing look-alike characters from another script.
    LookAlike {
        /// The whole token.
        token: Span,
        /// The first replaced character.
        at: Span,
        /// The character written.
        found: char,
        /// The character it stands for.
        meant: char,
        /// The token as read.
        read_as: String,
    },
}
