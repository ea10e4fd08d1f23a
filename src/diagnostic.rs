//! Diagnostics: concrete problem kinds with named fields, stable path-style codes, a primary
//! label, secondary labels, help and ranked suggestions. They render through miette.

use std::fmt;

use miette::LabeledSpan;

use crate::span::Span;
use text::short;

mod shown;
pub mod text;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The score is wrong or unreadable here.
    Error,
    /// Probably a slip that does not change the moves (a missing `+`, a wrong move number).
    Warning,
    /// Information (lines not checked after an error, assumptions made).
    Advice,
}

impl Severity {
    /// The JSON spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Advice => "advice",
        }
    }
}

/// What kind of problem, with the facts that describe it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// Text that is not a move or any other token.
    #[error("`{}` is not a move: {expected}", short(.text))]
    SyntaxError {
        /// The token.
        text: String,
        /// What was expected, in words.
        expected: String,
    },
    /// A `[` line that is not a tag pair.
    #[error("malformed tag pair `{}`", short(.text))]
    BrokenTag {
        /// The line.
        text: String,
    },
    /// A tag pair in the middle of the movetext.
    #[error("tag pair inside the movetext")]
    TagInMovetext,
    /// A comment never closed.
    #[error("comment is never closed")]
    UnclosedComment,
    /// `)` without `(`.
    #[error("`)` closes no variation")]
    UnmatchedParen,
    /// `(` without `)`.
    #[error("variation is never closed")]
    UnclosedVariation,
    /// Variations nested past the limit.
    #[error("variations are nested more than {limit} deep; the deeper ones are not checked")]
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// A check/mate/e.p. mark with no move before it.
    #[error("`{}` belongs to no move", short(.text))]
    StrayMark {
        /// The mark.
        text: String,
    },
    /// The parser stopped.
    #[error("this game cannot be read: {reason}")]
    ParserLimit {
        /// What the parser said.
        reason: String,
    },
    /// A move that no legal move matches.
    #[error("illegal move `{}`: {why}", short(.text))]
    IllegalMove {
        /// The token.
        text: String,
        /// Why, in words.
        why: String,
    },
    /// A move several legal moves match.
    #[error("ambiguous move `{}`: {count} {pieces} can make it", short(.text))]
    AmbiguousMove {
        /// The token.
        text: String,
        /// How many moves match.
        count: usize,
        /// The kind of piece, plural ("knights").
        pieces: String,
    },
    /// A descriptive move whose readings are several legal moves (`N-B3` when both knights'
    /// third-rank bishop squares can be reached, `R-B1` with QB1 and KB1 open).
    #[error("ambiguous move `{}`: it can be read as {count} legal moves", short(.text))]
    AmbiguousReading {
        /// The token.
        text: String,
        /// How many moves match.
        count: usize,
    },
    /// A promotion without its piece.
    #[error("`{}` promotes a pawn but does not say to which piece", short(.text))]
    MissingPromotion {
        /// The token.
        text: String,
    },
    /// Moves after an error that could not be checked.
    #[error("{count} later {moves} of this line not checked after the error")]
    NotChecked {
        /// How many move tokens.
        count: usize,
        /// "move" or "moves".
        moves: &'static str,
    },
    /// `+` or `++` on a move that gives no check.
    #[error("`{}` is marked as check, but it gives no check", short(.text))]
    CheckWithoutCheck {
        /// The token.
        text: String,
    },
    /// A checking move without `+`.
    #[error("`{}` gives check, but has no `+`", short(.text))]
    MissingCheck {
        /// The token.
        text: String,
    },
    /// A mating move without `#`.
    #[error("`{}` is checkmate, but is not marked as mate", short(.text))]
    MissingMate {
        /// The token.
        text: String,
    },
    /// `#` on a move that does not mate.
    #[error("`{}` is marked as mate, but it {}", short(.text), if *checks { "only gives check" } else { "gives no check" })]
    MateWithoutMate {
        /// The token.
        text: String,
        /// Whether the move gives check (then `+` is the right sign).
        checks: bool,
    },
    /// `++` on a single check.
    #[error("`{}` is marked `++` (double check), but only one piece gives check", short(.text))]
    NotDoubleCheck {
        /// The token.
        text: String,
    },
    /// A capture mark on a move that captures nothing.
    #[error("`{}` is written as a capture, but {square} is empty", short(.text))]
    CaptureMarkOnNonCapture {
        /// The token.
        text: String,
        /// The target square.
        square: String,
    },
    /// A capture without a capture mark.
    #[error("`{}` captures on {square}, but has no capture mark", short(.text))]
    MissingCaptureMark {
        /// The token.
        text: String,
        /// The target square.
        square: String,
    },
    /// A pawn capture written without its target's rank (`exd`, `cd`): read, with a note.
    #[error("`{}` is a pawn capture written without its target's rank; read as `{read_as}`", short(.text))]
    ShortPawnCapture {
        /// The token.
        text: String,
        /// The move it was read as, written out.
        read_as: String,
    },
    /// A pawn push written with its own file before its square (`aa3`, `ee4`): read as the
    /// push, with a warning (a key typed twice, or a piece letter typed as a file).
    #[error("`{}` names its pawn's file twice; read as `{read_as}`", short(.text))]
    FileTwice {
        /// The token.
        text: String,
        /// The move it was read as, written out.
        read_as: String,
    },
    /// `e.p.` on a move that is not en passant.
    #[error("`{}` is marked e.p., but it is not an en passant capture", short(.text))]
    EpNotEnPassant {
        /// The token.
        text: String,
    },
    /// A move number that does not fit the moves before it.
    #[error("move number `{}`, but this is move {expected}", short(.text))]
    MoveNumber {
        /// The number as written.
        text: String,
        /// The right number, with `...` for Black.
        expected: String,
    },
    /// Result token vs Result tag.
    #[error("the result `{}` disagrees with the Result tag `{}`", short(.token), short(.tag))]
    ResultTagMismatch {
        /// The token.
        token: String,
        /// The tag value.
        tag: String,
    },
    /// Result vs final position.
    #[error("the result `{}` contradicts the final position: {position}", short(.written))]
    ResultContradictsPosition {
        /// The result as written.
        written: String,
        /// What the board says.
        position: String,
    },
    /// No result token.
    #[error("the game has no result token")]
    MissingResult,
    /// Moves after the result token.
    #[error("moves after the result `{}`", short(.result))]
    MovesAfterResult {
        /// The result.
        result: String,
    },
    /// Moves after mate or stalemate.
    #[error("move `{}` after the game ended in {end}", short(.text))]
    MoveAfterEnd {
        /// The token.
        text: String,
        /// "checkmate" or "stalemate".
        end: &'static str,
    },
    /// The FEN tag cannot be used.
    #[error("the FEN tag cannot be used: {reason}")]
    BadFen {
        /// Why.
        reason: String,
    },
    /// A variant we do not play.
    #[error("variant `{}` is not supported; this game is not checked", short(.variant))]
    UnsupportedVariant {
        /// The Variant tag.
        variant: String,
    },
    /// SetUp "1" without FEN.
    #[error("SetUp \"1\" without a FEN tag; the game is read from the standard start")]
    SetUpWithoutFen,
    /// Not UTF-8.
    #[error("the input is not valid UTF-8 (first bad byte at offset {offset}); read as Latin-1")]
    NotUtf8 {
        /// Byte offset of the first bad byte.
        offset: usize,
    },
    /// NUL bytes: not text.
    #[error("the input is binary, not a chess score")]
    Binary,
    /// Nothing in the input.
    #[error("no game found in the input")]
    NoGame,
    /// A half-move left out of the score.
    #[error("a half-move of {side} seems to be missing before `{}` (probably {missing})", short(.text))]
    SkippedMove {
        /// The token after the gap.
        text: String,
        /// The side whose move is missing.
        side: &'static str,
        /// The missing move, written out.
        missing: String,
    },
    /// A move that reads legally, but after which the game does not: another move close to
    /// what was written makes the rest read (a slip that happened to be legal).
    #[error("`{}` is legal here, but the moves after it read only with `{}`", short(.text), short(.read_as))]
    LikelySlip {
        /// The token as written.
        text: String,
        /// The move the rest of the game bears out, written out.
        read_as: String,
    },
    /// Two half-moves in the wrong order.
    #[error("`{}` and `{}` seem to be swapped", short(.first), short(.second))]
    SwappedMoves {
        /// The first token as written.
        first: String,
        /// The second token as written.
        second: String,
    },
    /// A move of the other side: written in its place, or a half-move missing before it.
    #[error("`{}` is a move for {owner}, but {mover} is to move", short(.text))]
    WrongSide {
        /// The token.
        text: String,
        /// The side whose move it is ("White" or "Black").
        owner: &'static str,
        /// The side to move.
        mover: &'static str,
    },
    /// The same move written twice.
    #[error("`{}` is written twice", short(.text))]
    MoveWrittenTwice {
        /// The token.
        text: String,
    },
    /// A look-alike character from another script.
    #[error("`{}` contains {found}, which looks like `{meant}`; read as `{}`", short(.token), short(.read_as))]
    LookAlike {
        /// The token as written.
        token: String,
        /// The character found, described (`U+041A (Cyrillic `К`)`).
        found: String,
        /// The character it stands for.
        meant: char,
        /// The token as read.
        read_as: String,
    },
    /// Commas, slashes or semicolons between moves, read as white space.
    #[error("`{text}` between moves{}: read as a separator", if *.count > 1 { format!(" ({} times in this game)", .count) } else { String::new() })]
    Separator {
        /// The separator.
        text: String,
        /// How often the game has it.
        count: usize,
    },
    /// Move numbers written as people type them (`1)`, `1-`, `1:`, `1 .`).
    #[error("move number written `{text}`{}: read as `{number}.`", if *.count > 1 { format!(" (and {} more so)", .count - 1) } else { String::new() })]
    MoveNumberForm {
        /// The number as written.
        text: String,
        /// Its number.
        number: u32,
        /// How many of the game's numbers are written so.
        count: usize,
    },
    /// A `;` comment that starts with moves but holds more than moves: read as PGN reads it.
    #[error("this `;` starts a comment to the end of the line, and the comment holds moves")]
    MovesInComment,
    /// An idea (`(∆Дd5)`, with the idea) or a plan it is aimed against (`(∇Кf5)`) that no
    /// piece of that side could ever carry out.
    #[error("the idea `{}` cannot be carried out: {why}", short(.text))]
    IdeaImpossible {
        /// The idea's move as written.
        text: String,
        /// Why, in words ("Black has no knight").
        why: String,
    },
    /// Two moves written without a space between them, read as two moves.
    #[error("`{}` is two moves without a space: read as `{first}` and `{second}`", short(.text))]
    MissingSpace {
        /// The token as written.
        text: String,
        /// The first move as written.
        first: String,
        /// The second move as written.
        second: String,
    },
    /// A figurine of the other side's colour.
    #[error("`{}` uses a {figurine_color} figurine for a {mover} move", short(.text))]
    FigurineColor {
        /// The token.
        text: String,
        /// "white" or "black".
        figurine_color: &'static str,
        /// "White" or "Black".
        mover: &'static str,
    },
    /// A score that mixes long and short algebraic notation.
    #[error("`{}` is written in {form} algebraic, most of the game in {main} algebraic", short(.text))]
    MixedNotation {
        /// The first move written in the less used form.
        text: String,
        /// Its form: "long" or "short".
        form: &'static str,
        /// The form most moves use.
        main: &'static str,
    },
    /// The board could not tell the language; it was chosen by preference.
    #[error(
        "the language could not be told from the board: read as {chosen}; the moves are also legal in {others}"
    )]
    LanguageUndecided {
        /// The language chosen.
        chosen: String,
        /// The others that fit as well.
        others: String,
    },
    /// Most of a text's move-like words (a square after a move number) were read as no move:
    /// a text that would otherwise pass with its moves unchecked.
    #[error(
        "{unread} of the text's {total} move-like words were not read as moves: its moves are mostly unchecked"
    )]
    MostlyUnread {
        /// Move-like words not read.
        unread: usize,
        /// Move-like words in all.
        total: usize,
    },
    /// Prose in a manuscript given to `check`, which reads games only.
    #[error("{paragraphs} {noun} of prose not checked: `check` reads the games only")]
    ProseNotChecked {
        /// How many paragraphs.
        paragraphs: usize,
        /// "paragraph" or "paragraphs".
        noun: &'static str,
    },
    /// Too many problems of one kind in one game; the rest are counted.
    #[error("{count} more unreadable tokens in this game")]
    TooMany {
        /// How many were not shown.
        count: usize,
    },
    /// A bound on the work for one game was reached: what it cut short.
    #[error("not checked further: {what}")]
    LimitReached {
        /// What was not checked or reported, in words.
        what: String,
    },
    /// The game's moves read in another language than the one it is read in: reported once,
    /// and the rest of the game is not checked.
    #[error("this game reads as {other}, not {language}: `{}` and {more} more of its moves are not {language}", short(.text))]
    WrongLanguage {
        /// The first move that reads in the other language only.
        text: String,
        /// How many more such moves were met before the reading stopped.
        more: usize,
        /// The language the game is read in.
        language: String,
        /// The language its moves read in.
        other: String,
    },
}

/// Declares [`Code`] from one list, so that [`Code::ALL`] and [`Code::as_str`] cannot miss one.
macro_rules! codes {
    ($($name:ident => $text:literal,)*) => {
        /// The stable code of a kind of problem: one per [`Problem`] kind (two kinds of
        /// ambiguity share one), written `scoresheet::illegal_move` in reports and JSON. Lint
        /// rules name the codes they report by these values; nothing compares codes or
        /// messages as text.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $(
                #[doc = concat!("`scoresheet::", $text, "`")]
                $name,
            )*
        }

        impl Code {
            /// Every code, in the order of [`Problem`]'s kinds.
            pub const ALL: &'static [Code] = &[$(Code::$name,)*];

            /// The path-style spelling (`scoresheet::illegal_move`).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$name => concat!("scoresheet::", $text),)*
                }
            }
        }
    };
}

codes! {
    Syntax => "syntax",
    BrokenTag => "broken_tag",
    TagInMovetext => "tag_in_movetext",
    UnclosedComment => "unclosed_comment",
    UnmatchedParen => "unmatched_paren",
    UnclosedVariation => "unclosed_variation",
    TooDeep => "too_deep",
    StrayMark => "stray_mark",
    ParserLimit => "parser_limit",
    IllegalMove => "illegal_move",
    AmbiguousMove => "ambiguous_move",
    MissingPromotion => "missing_promotion",
    NotChecked => "not_checked",
    ProseNotChecked => "prose_not_checked",
    MostlyUnread => "mostly_unread",
    CheckWithoutCheck => "check_without_check",
    MissingCheck => "missing_check",
    MissingMate => "missing_mate",
    MateWithoutMate => "mate_without_mate",
    NotDoubleCheck => "not_double_check",
    CaptureMarkOnNonCapture => "capture_mark_on_non_capture",
    MissingCaptureMark => "missing_capture_mark",
    ShortPawnCapture => "short_pawn_capture",
    FileTwice => "file_twice",
    EpNotEnPassant => "ep_not_en_passant",
    MoveNumber => "move_number",
    ResultTagMismatch => "result_tag_mismatch",
    ResultContradictsPosition => "result_contradicts_position",
    MissingResult => "missing_result",
    MovesAfterResult => "moves_after_result",
    MoveAfterEnd => "move_after_end",
    BadFen => "bad_fen",
    UnsupportedVariant => "unsupported_variant",
    SetupWithoutFen => "setup_without_fen",
    NotUtf8 => "not_utf8",
    Binary => "binary",
    NoGame => "no_game",
    TooMany => "too_many",
    LimitReached => "limit_reached",
    LanguageUndecided => "language_undecided",
    MixedNotation => "mixed_notation",
    FigurineColor => "figurine_color",
    LookAlike => "look_alike",
    Separator => "separator",
    MoveNumberForm => "move_number_form",
    MovesInComment => "moves_in_comment",
    MissingSpace => "missing_space",
    IdeaImpossible => "idea_impossible",
    SkippedMove => "skipped_move",
    SwappedMoves => "swapped_moves",
    LikelySlip => "likely_slip",
    MoveWrittenTwice => "move_written_twice",
    WrongSide => "wrong_side",
    WrongLanguage => "wrong_language",
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Problem {
    /// The stable path-style code, e.g. `scoresheet::illegal_move`.
    pub const fn code(&self) -> Code {
        match self {
            Problem::SyntaxError { .. } => Code::Syntax,
            Problem::BrokenTag { .. } => Code::BrokenTag,
            Problem::TagInMovetext => Code::TagInMovetext,
            Problem::UnclosedComment => Code::UnclosedComment,
            Problem::UnmatchedParen => Code::UnmatchedParen,
            Problem::UnclosedVariation => Code::UnclosedVariation,
            Problem::TooDeep { .. } => Code::TooDeep,
            Problem::StrayMark { .. } => Code::StrayMark,
            Problem::ParserLimit { .. } => Code::ParserLimit,
            Problem::IllegalMove { .. } => Code::IllegalMove,
            Problem::AmbiguousMove { .. } | Problem::AmbiguousReading { .. } => Code::AmbiguousMove,
            Problem::MissingPromotion { .. } => Code::MissingPromotion,
            Problem::NotChecked { .. } => Code::NotChecked,
            Problem::ProseNotChecked { .. } => Code::ProseNotChecked,
            Problem::MostlyUnread { .. } => Code::MostlyUnread,
            Problem::CheckWithoutCheck { .. } => Code::CheckWithoutCheck,
            Problem::MissingCheck { .. } => Code::MissingCheck,
            Problem::MissingMate { .. } => Code::MissingMate,
            Problem::MateWithoutMate { .. } => Code::MateWithoutMate,
            Problem::NotDoubleCheck { .. } => Code::NotDoubleCheck,
            Problem::CaptureMarkOnNonCapture { .. } => Code::CaptureMarkOnNonCapture,
            Problem::MissingCaptureMark { .. } => Code::MissingCaptureMark,
            Problem::ShortPawnCapture { .. } => Code::ShortPawnCapture,
            Problem::FileTwice { .. } => Code::FileTwice,
            Problem::EpNotEnPassant { .. } => Code::EpNotEnPassant,
            Problem::MoveNumber { .. } => Code::MoveNumber,
            Problem::ResultTagMismatch { .. } => Code::ResultTagMismatch,
            Problem::ResultContradictsPosition { .. } => Code::ResultContradictsPosition,
            Problem::MissingResult => Code::MissingResult,
            Problem::MovesAfterResult { .. } => Code::MovesAfterResult,
            Problem::MoveAfterEnd { .. } => Code::MoveAfterEnd,
            Problem::BadFen { .. } => Code::BadFen,
            Problem::UnsupportedVariant { .. } => Code::UnsupportedVariant,
            Problem::SetUpWithoutFen => Code::SetupWithoutFen,
            Problem::NotUtf8 { .. } => Code::NotUtf8,
            Problem::Binary => Code::Binary,
            Problem::NoGame => Code::NoGame,
            Problem::TooMany { .. } => Code::TooMany,
            Problem::LimitReached { .. } => Code::LimitReached,
            Problem::LanguageUndecided { .. } => Code::LanguageUndecided,
            Problem::MixedNotation { .. } => Code::MixedNotation,
            Problem::FigurineColor { .. } => Code::FigurineColor,
            Problem::LookAlike { .. } => Code::LookAlike,
            Problem::Separator { .. } => Code::Separator,
            Problem::MoveNumberForm { .. } => Code::MoveNumberForm,
            Problem::MovesInComment => Code::MovesInComment,
            Problem::MissingSpace { .. } => Code::MissingSpace,
            Problem::IdeaImpossible { .. } => Code::IdeaImpossible,
            Problem::SkippedMove { .. } => Code::SkippedMove,
            Problem::SwappedMoves { .. } => Code::SwappedMoves,
            Problem::LikelySlip { .. } => Code::LikelySlip,
            Problem::MoveWrittenTwice { .. } => Code::MoveWrittenTwice,
            Problem::WrongSide { .. } => Code::WrongSide,
            Problem::WrongLanguage { .. } => Code::WrongLanguage,
        }
    }

    /// The default severity of this kind of problem.
    pub const fn severity(&self) -> Severity {
        match self {
            Problem::SyntaxError { .. }
            | Problem::BrokenTag { .. }
            | Problem::UnclosedComment
            | Problem::UnmatchedParen
            | Problem::UnclosedVariation
            | Problem::TooDeep { .. }
            | Problem::ParserLimit { .. }
            | Problem::IllegalMove { .. }
            | Problem::AmbiguousMove { .. }
            | Problem::AmbiguousReading { .. }
            | Problem::MissingPromotion { .. }
            | Problem::ResultTagMismatch { .. }
            | Problem::ResultContradictsPosition { .. }
            | Problem::MovesAfterResult { .. }
            | Problem::MoveAfterEnd { .. }
            | Problem::BadFen { .. }
            | Problem::UnsupportedVariant { .. }
            | Problem::Binary
            | Problem::TooMany { .. }
            | Problem::LimitReached { .. }
            | Problem::SkippedMove { .. }
            | Problem::SwappedMoves { .. }
            | Problem::LikelySlip { .. }
            | Problem::MoveWrittenTwice { .. }
            | Problem::WrongSide { .. }
            | Problem::WrongLanguage { .. }
            | Problem::MostlyUnread { .. }
            | Problem::IdeaImpossible { .. } => Severity::Error,
            Problem::TagInMovetext
            | Problem::StrayMark { .. }
            | Problem::CheckWithoutCheck { .. }
            | Problem::MissingCheck { .. }
            | Problem::MissingMate { .. }
            | Problem::MateWithoutMate { .. }
            | Problem::NotDoubleCheck { .. }
            | Problem::CaptureMarkOnNonCapture { .. }
            | Problem::MissingCaptureMark { .. }
            | Problem::EpNotEnPassant { .. }
            | Problem::MoveNumber { .. }
            | Problem::MissingResult
            | Problem::SetUpWithoutFen
            | Problem::NotUtf8 { .. }
            | Problem::NoGame
            | Problem::LanguageUndecided { .. }
            | Problem::MixedNotation { .. }
            | Problem::FigurineColor { .. }
            | Problem::MissingSpace { .. }
            | Problem::FileTwice { .. }
            | Problem::MovesInComment => Severity::Warning,
            Problem::NotChecked { .. }
            | Problem::Separator { .. }
            | Problem::MoveNumberForm { .. }
            | Problem::ProseNotChecked { .. }
            // A letter of another script read as the one it looks like: what was assumed is
            // said, but the move is the one written (`е4` with a Cyrillic `е`).
            | Problem::LookAlike { .. }
            | Problem::ShortPawnCapture { .. } => Severity::Advice,
        }
    }
}

/// One problem at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What is wrong.
    pub problem: Problem,
    /// How bad.
    pub severity: Severity,
    /// The offending text.
    pub span: Span,
    /// The primary label's text.
    pub label: Option<String>,
    /// Other places that explain the problem.
    pub secondary: Vec<(Span, String)>,
    /// What to do about it.
    pub help: Option<String>,
    /// Replacement texts for `span`, best first, in the input's notation and language.
    pub suggestions: Vec<String>,
    /// The game (1-based).
    pub game: usize,
    /// The half-move (1 = White's first move), when about a move.
    pub ply: Option<u32>,
    /// A board diagram of the position before the move (illegal and ambiguous moves), shown
    /// at the end of the help.
    pub diagram: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with the problem's default severity.
    pub fn new(problem: Problem, span: Span) -> Self {
        Diagnostic {
            severity: problem.severity(),
            problem,
            span,
            label: None,
            secondary: Vec::new(),
            help: None,
            suggestions: Vec::new(),
            game: 0,
            ply: None,
            diagram: None,
        }
    }

    /// Sets the primary label.
    pub fn label(mut self, text: impl Into<String>) -> Self {
        self.label = Some(text.into());
        self
    }

    /// Sets the help.
    pub fn help(mut self, text: impl Into<String>) -> Self {
        self.help = Some(text.into());
        self
    }

    /// Sets the ply.
    pub fn ply(mut self, ply: u32) -> Self {
        self.ply = Some(ply);
        self
    }

    /// Adds a secondary label, once: a label with the same place and text as one the
    /// diagnostic has (the same piece behind two readings of a move) is not added again.
    pub(crate) fn with_secondary(mut self, span: Span, text: impl Into<String>) -> Self {
        let text = text.into();
        if !self.secondary.iter().any(|(s, t)| *s == span && *t == text) {
            self.secondary.push((span, text));
        }
        self
    }

    /// Sets the board diagram shown at the end of the help.
    pub fn diagram(mut self, diagram: String) -> Self {
        self.diagram = Some(diagram);
        self
    }

    /// The help with the board diagram after it (the JSON `help`).
    pub(crate) fn full_help(&self) -> Option<String> {
        match (&self.help, &self.diagram) {
            (Some(h), Some(d)) => Some(format!("{h}\n{d}")),
            (Some(h), None) => Some(h.clone()),
            (None, Some(d)) => Some(d.clone()),
            (None, None) => None,
        }
    }

    /// Sets the suggestions.
    pub(crate) fn suggest(mut self, suggestions: Vec<String>) -> Self {
        self.suggestions = suggestions;
        self
    }

    /// The stable code.
    pub const fn code(&self) -> Code {
        self.problem.code()
    }

    /// The diagnostic with its spans moved from a text in which offset `from` is offset `to`
    /// of another (a note of a file shown in the text of one of its games, and back).
    pub fn moved(mut self, from: usize, to: usize) -> Self {
        let shift = |s: Span| Span::new(s.start - from + to, s.end - from + to);
        self.span = shift(self.span);
        for (s, _) in &mut self.secondary {
            *s = shift(*s);
        }
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.problem.fmt(f)
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.problem.code()))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity.into())
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let help = self.help.as_deref();
        if self.suggestions.is_empty() {
            return match (help, &self.diagram) {
                (Some(h), Some(d)) => Some(Box::new(format!("{h}\n{d}"))),
                (None, Some(d)) => Some(Box::new(d.as_str())),
                (h, None) => h.map(|h| Box::new(h) as Box<dyn fmt::Display>),
            };
        }
        let list = did_you_mean(&self.suggestions);
        let mut text = match help {
            Some(h) => format!("{h}\n{list}"),
            None => list,
        };
        if let Some(d) = &self.diagram {
            text.push('\n');
            text.push_str(d);
        }
        Some(Box::new(text))
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let primary = LabeledSpan::new_primary_with_span(self.label.clone(), self.span);
        let rest = self
            .secondary
            .iter()
            .map(|(s, t)| LabeledSpan::new_with_span(Some(t.clone()), *s));
        Some(Box::new(std::iter::once(primary).chain(rest)))
    }
}

impl From<Severity> for miette::Severity {
    fn from(s: Severity) -> miette::Severity {
        match s {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Advice => miette::Severity::Advice,
        }
    }
}

/// Renders a miette report the house way (Unicode, one line of context, `width` columns;
/// without colour when `color` is false); its message alone if miette cannot. Control
/// characters of the input are escaped everywhere in it (snippets, messages, labels, help,
/// the source's name), and a long line is shown as windows around the labels with the real
/// line and column in the header (see [`text`] and the `shown` module), so that any column
/// of any line can be reported.
pub fn render(report: &dyn miette::Diagnostic, color: bool, width: usize) -> String {
    let source = report.source_code().map(shown::Input::Code);
    render_shown(report, source, color, width)
}

/// [`render`] with the input read from `source` (the report's related diagnostics without a
/// source of their own read it too).
fn render_shown(
    report: &dyn miette::Diagnostic,
    source: Option<shown::Input<'_>>,
    color: bool,
    width: usize,
) -> String {
    let theme = if color {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let handler = miette::GraphicalReportHandler::new_themed(theme)
        .with_width(width)
        .with_context_lines(1);
    // Never the input itself: each diagnostic against its own excerpt, texts escaped.
    let shown = shown::Shown::with_source(report, source);
    let mut out = String::new();
    if handler.render_report(&mut out, &shown).is_err() {
        out = text::escape(&report.to_string()).into_owned();
    }
    out
}

mod report;

pub(crate) use report::{ReportWriter, render_file_report, write_file_report};

/// The line that offers suggestions ("did you mean `Nf3`, `Nc3`?"). An empty suggestion means
/// the text is better left out: "did you mean `Nf3`, or to leave it out?", or, alone, "did you
/// mean to leave it out?".
pub(crate) fn did_you_mean(suggestions: &[String]) -> String {
    let list: Vec<String> = suggestions
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| format!("`{s}`"))
        .collect();
    let remove = suggestions.iter().any(String::is_empty);
    match (list.is_empty(), remove) {
        (true, _) => "did you mean to leave it out?".to_owned(),
        (false, true) => format!("did you mean {}, or to leave it out?", list.join(", ")),
        (false, false) => format!("did you mean {}?", list.join(", ")),
    }
}

#[cfg(test)]
mod tests;
