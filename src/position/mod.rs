//! Positions as people write them, read and written: FEN, position records in every language
//! (`Бели: Цe4, пп.d4,е5. Черни: Цd6, п.d7`, `White: Ke4, Pd4, Pe5. Black: Kd6, Pd7`),
//! diagrams of figurines (the ones this tool draws, and plain ones), and GBR codes
//! (`e4d6 0000.21 .d4e5d7 3/2`).
//!
//! [`read`] takes any of them (the form and, for a record, the language found when not given)
//! and gives a [`Reading`]: the position as a shakmaty [`Setup`], what the text said and did
//! not say, and notes (a look-alike letter such as the Cyrillic `е` of the seed's `е5`, read
//! as the file e, is said, never read silently). [`legal`] turns it into a playable position
//! or says in words why it is illegal. The writers: [`fen`] (of any setup) and [`fen_of`] (of
//! a legal position), [`record`], [`diagram`], [`gbr`] (the full form) and [`gbr_code`] (the
//! basic code).
//!
//! Records, diagrams and GBR codes do not say whether castling is still allowed, nor (records
//! and GBR codes) who is to move. The convention of problem composers is used: castling is
//! allowed where king and rook stand on their original squares, and White is to move unless
//! the caller says otherwise ([`Reading::with_turn`]). A diagram's heading (`Black to move`)
//! says the side to move when it is there.
//!
//! ```
//! use scoresheet::position::{self, Form};
//! use scoresheet::Registry;
//! use shakmaty::{Color, Position};
//!
//! let registry = Registry::builtin();
//! let seed = "Бели: Цe4, пп.d4,е5. Черни: Цd6, п.d7";
//! let reading = position::read(seed, None, &registry).unwrap();
//! assert_eq!(reading.form, Form::Record);
//! assert_eq!(reading.language.as_deref().map(|l| l.code()), Some("bg"));
//! // The Cyrillic `е` of `е5` is read as the file e, and said.
//! assert!(reading.notes[0].message.contains("looks like"));
//! assert_eq!(position::fen(&reading.setup), "8/3p4/3k4/4P3/3PK3/8/8/8 w - - 0 1");
//! // The pawn on e5 gives check: by the convention White is to move, which is illegal here.
//! let why = position::legal(&reading.setup).unwrap_err();
//! assert!(why.reason.contains("Black is in check (the white pawn on e5)"));
//! let pos = position::legal(&reading.with_turn(Color::Black).setup).unwrap();
//! let en = scoresheet::syntax::builtin_language("en").unwrap();
//! assert_eq!(position::record(pos.board(), en).unwrap(), "White: Ke4, Pd4, Pe5. Black: Kd6, Pd7");
//! assert_eq!(position::gbr(pos.board()), "e4d6 0000.21 .d4e5d7 3/2");
//! ```
//!
//! The grammar of records, diagrams and GBR codes is `grammars/position/position.pest`,
//! composed at run time with the language file (see the private `grammar` module).

use std::sync::Arc;

use shakmaty::{Bitboard, Board, Color, Setup, Square};

use crate::diagnostic::Code;
use crate::span::Span;
use crate::syntax::Language;

mod compare;
mod diagram;
pub(crate) mod fen;
mod gbr;
mod grammar;
mod legal;
mod read;
mod record;
#[cfg(test)]
mod tests;

pub use compare::{Difference, differences};
pub use diagram::diagram;
pub use fen::{fen, fen_of};
pub use gbr::{gbr, gbr_code};
pub(crate) use legal::illegal_reason;
pub use legal::{IllegalPosition, conventional_castling, legal};
pub use read::read;
pub use record::{RecordError, record};

/// A way of writing a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// Forsyth–Edwards Notation (`8/3p4/3k4/4P3/3PK3/8/8/8 w - - 0 1`).
    Fen,
    /// A position record (`White: Ke4, Pd4, Pe5. Black: Kd6, Pd7`), in any language.
    Record,
    /// A diagram: eight ranks of figurines (or FEN letters), `·` or `.` for empty squares.
    Diagram,
    /// A GBR code with the squares of the men (`e4d6 0000.21 .d4e5d7 3/2`).
    Gbr,
}

impl Form {
    /// What it is called ("a FEN", "a position record").
    pub const fn name(self) -> &'static str {
        match self {
            Form::Fen => "a FEN",
            Form::Record => "a position record",
            Form::Diagram => "a diagram",
            Form::Gbr => "a GBR code",
        }
    }
}

/// A remark about a text that was read (a warning): a look-alike letter, a figurine of the
/// other colour. A report (`miette`) once given its text ([`Note::with_source`]).
#[derive(Clone, Debug, thiserror::Error)]
#[error("{message}")]
pub struct Note {
    /// The kind of remark: [`Code::LookAlike`] or [`Code::FigurineColor`], as the checker
    /// says them of moves.
    pub code: Code,
    /// What, in words.
    pub message: String,
    /// Where (bytes of the text read).
    pub span: Span,
    /// The label at that place.
    pub label: String,
    /// What to do about it.
    pub help: Option<String>,
    /// The text, for reports.
    text: Option<Arc<miette::NamedSource<String>>>,
}

impl Note {
    pub(crate) fn new(
        code: Code,
        message: String,
        span: Span,
        label: String,
        help: impl Into<String>,
    ) -> Note {
        Note {
            code,
            message,
            span,
            label,
            help: Some(help.into()),
            text: None,
        }
    }

    /// The note with the text it is about, for a report (`name`: the file's name).
    pub fn with_source(mut self, name: &str, text: &str) -> Note {
        self.text = Some(Arc::new(miette::NamedSource::new(name, text.to_owned())));
        self
    }
}

impl miette::Diagnostic for Note {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(miette::Severity::Warning)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.text.as_deref().map(|t| t as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(
            miette::LabeledSpan::new_primary_with_span(Some(self.label.clone()), self.span),
        )))
    }
}

/// A position read from a text.
#[derive(Clone, Debug)]
pub struct Reading {
    /// The form it was written in.
    pub form: Form,
    /// The position: the men on the board; the side to move, castling rights, en passant
    /// square and counters of a FEN as written, and otherwise White to move (or the side a
    /// diagram's heading names), castling by the composers' convention
    /// ([`conventional_castling`]), no en passant square, move 1.
    pub setup: Setup,
    /// True when the text says who is to move (a FEN, a diagram with a heading).
    pub turn_written: bool,
    /// The language a record was read in.
    pub language: Option<Language>,
    /// Remarks (warnings), in text order.
    pub notes: Vec<Note>,
}

impl Reading {
    /// The reading with another side to move (`--turn b`): castling rights and counters stay,
    /// an en passant square is dropped (it belongs to the side that was to move).
    pub fn with_turn(mut self, turn: Color) -> Reading {
        if self.setup.turn != turn {
            self.setup.turn = turn;
            self.setup.ep_square = None;
        }
        self
    }
}

/// A setup of a board without a FEN: `turn` to move, castling by the composers' convention,
/// no en passant square, move 1.
pub(crate) fn setup_of(board: Board, turn: Color) -> Setup {
    let castling_rights = conventional_castling(&board);
    Setup {
        board,
        castling_rights,
        turn,
        ..Setup::empty()
    }
}

/// Why a text is no position that can be read.
#[derive(Clone, Debug, thiserror::Error, miette::Diagnostic)]
pub enum PositionError {
    /// The text is not a position in the form it was taken for.
    #[error("this is not {} that can be read: {message}", .form.name())]
    #[diagnostic(code(scoresheet::position::unreadable))]
    Unreadable {
        /// The form it was read as.
        form: Form,
        /// What is wrong, in words.
        message: String,
        /// Where.
        #[label("{label}")]
        span: Span,
        /// The label there.
        label: String,
        /// What to do.
        #[help]
        help: Option<String>,
        /// The text, for reports (set with [`PositionError::with_source`]).
        #[source_code]
        text: Option<Arc<miette::NamedSource<String>>>,
    },
    /// The position is illegal.
    #[error("illegal position: {reason}")]
    #[diagnostic(code(scoresheet::position::illegal))]
    Illegal {
        /// Why, in words.
        reason: String,
        /// The text read (or the part of it that shows the reason).
        #[label("this position")]
        span: Span,
        /// What to do.
        #[help]
        help: Option<String>,
        /// The text, for reports.
        #[source_code]
        text: Option<Arc<miette::NamedSource<String>>>,
    },
}

impl PositionError {
    /// The error with the text it is about, for a report (`name`: the file's name).
    pub fn with_source(mut self, name: &str, text: &str) -> PositionError {
        let named = Some(Arc::new(miette::NamedSource::new(name, text.to_owned())));
        match &mut self {
            PositionError::Unreadable { text, .. } | PositionError::Illegal { text, .. } => {
                *text = named;
            }
        }
        self
    }

    /// Where the error is.
    pub fn span(&self) -> Span {
        match self {
            PositionError::Unreadable { span, .. } | PositionError::Illegal { span, .. } => *span,
        }
    }

    pub(crate) fn unreadable(
        form: Form,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
    ) -> PositionError {
        PositionError::Unreadable {
            form,
            message: message.into(),
            span,
            label: label.into(),
            help: None,
            text: None,
        }
    }

    pub(crate) fn help(mut self, text: impl Into<String>) -> PositionError {
        match &mut self {
            PositionError::Unreadable { help, .. } | PositionError::Illegal { help, .. } => {
                *help = Some(text.into());
            }
        }
        self
    }
}

/// The squares of a bitboard in the order positions are written: file by file, each from
/// the 1st rank up (a1 a2 … b1 …).
pub(crate) fn written_order(bb: Bitboard) -> Vec<Square> {
    let mut v: Vec<Square> = bb.into_iter().collect();
    v.sort_by_key(|s| (s.file(), s.rank()));
    v
}
