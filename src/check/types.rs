//! What a check produces: the fate of every move, repairs, checked games and files.

use std::borrow::Cow;
use std::sync::Arc;

use shakmaty::{Chess, Move};

use crate::diagnostic::{Diagnostic, Severity};
use crate::span::Span;
use crate::syntax::GameSyntax;
use crate::syntax::grammar::{Notation, Registry};

/// `auto` (detected) or a given value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice<T> {
    /// Detected from the input.
    Auto,
    /// Given.
    Given(T),
}

impl Choice<Notation> {
    /// The notation named by `--notation` (`auto`, a notation grammar's name, or one of the
    /// names it also answers to: `san`, `lan` and `figurine` are algebraic, `descriptive-es`
    /// is `descriptive_es`); `None` for an unknown name.
    pub fn named(name: &str) -> Option<Choice<Notation>> {
        match name {
            "auto" => Some(Choice::Auto),
            "san" | "lan" | "figurine" => Some(Choice::Given(Notation::Algebraic)),
            "descriptive-es" => Some(Choice::Given(Notation::DescriptiveEs)),
            other => other.parse().ok().map(Choice::Given),
        }
    }
}

/// What to read the input as.
#[derive(Clone, Debug)]
pub struct Options {
    /// `auto` or a notation name (`algebraic`).
    pub notation: String,
    /// `auto` or an ISO 639-1 code.
    pub lang: String,
    /// The languages and parsers to read with (by default the built-in ones).
    pub registry: Arc<Registry>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            notation: "auto".into(),
            lang: "auto".into(),
            registry: Arc::default(),
        }
    }
}

impl Options {
    /// Reads in this notation and language, with the built-in languages.
    pub fn given(notation: &str, lang: &str) -> Options {
        Options {
            notation: notation.into(),
            lang: lang.into(),
            ..Options::default()
        }
    }
}

/// A move token's fate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveState {
    /// Not reached (after an error, or in a variation that could not be placed).
    NotChecked,
    /// Resolved to this move.
    Legal(Move),
    /// Resolved to a null move.
    Null,
    /// Could not be resolved; the checker read on as if this move had been written (see the
    /// game's `repairs`).
    Assumed(Move),
    /// Could not be resolved.
    Error,
}

/// How the checker read on after an error, so that later errors are still found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Repair {
    /// The token was taken as this move.
    Replace(Move),
    /// A half-move was missing before the token, which then reads as its move.
    Insert {
        /// The missing half-move (the first that fits, when several do).
        missing: Move,
        /// The token's move after it.
        then: Move,
        /// How many half-moves fit the gap equally well (1 = the missing move is named).
        fits: usize,
    },
    /// The token and the next one were written in the wrong order.
    Swap {
        /// The move played first (written second).
        first: Move,
        /// The move played second (written first).
        second: Move,
    },
    /// The token was dropped (written twice, or no move at all).
    Delete,
}

/// A repair made at a token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepairNote {
    /// The token's span.
    pub span: Span,
    /// The token's index (`MoveToken::index`), if it is a move token.
    pub index: Option<usize>,
    /// What was assumed.
    pub repair: Repair,
}

/// One half-move of the main line as repaired, or a note where a token was left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RepairedItem {
    /// A half-move (`None`: a null move), with a note when the checker assumed it.
    Move {
        /// The move.
        m: Option<Move>,
        /// What was assumed, for a comment beside the move.
        note: Option<String>,
    },
    /// A token left out (written twice, or no move at all).
    Note(String),
}

/// One checked game.
#[derive(Clone, Debug)]
pub struct CheckedGame {
    /// 1-based number in the file.
    pub number: usize,
    /// The syntax tree.
    pub syntax: GameSyntax,
    /// The starting position (`None` when it could not be set up).
    pub start: Option<Chess>,
    /// The fate of every move token, by `MoveToken::index`.
    pub moves: Vec<MoveState>,
    /// The main line as resolved (`None` = null move), up to the first error.
    pub mainline: Vec<Option<Move>>,
    /// True when every move of the main line resolved.
    pub complete: bool,
    /// The game's diagnostics.
    pub diagnostics: Vec<Diagnostic>,
    /// Where the checker assumed a repair to read on after an error, in order.
    pub repairs: Vec<RepairNote>,
    /// The main line read to its end with every repair made (`None` when an error could
    /// not be repaired, or there is no start position).
    pub repaired: Option<Vec<RepairedItem>>,
}

impl CheckedGame {
    /// True when the game has errors.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// One checked file.
#[derive(Clone, Debug)]
pub struct CheckedFile {
    /// The file's name as given.
    pub path: String,
    /// The decoded text.
    pub text: Arc<str>,
    /// The notation read.
    pub notation: &'static str,
    /// The language read (ISO 639-1 code).
    pub language: Cow<'static, str>,
    /// The games.
    pub games: Vec<CheckedGame>,
    /// Problems of the file as a whole (encoding, no game).
    pub diagnostics: Vec<Diagnostic>,
}

impl CheckedFile {
    /// Every diagnostic of the file, file-level first, then game by game.
    pub fn all_diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .chain(self.games.iter().flat_map(|g| g.diagnostics.iter()))
    }

    /// True when any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.all_diagnostics()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Errors that stop a check before it starts.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum CheckError {
    /// No parser for the requested notation and language.
    #[error("no grammar for notation `{notation}` in language `{lang}`")]
    #[diagnostic(
        code(scoresheet::unknown_grammar),
        help("`scoresheet languages` lists the languages")
    )]
    UnknownGrammar {
        /// The notation asked for.
        notation: String,
        /// The language asked for.
        lang: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::grammar::{LANGUAGE_FILES, Shared};

    #[test]
    fn default_options_see_exactly_the_built_in_languages() {
        let options = Options::default();
        let languages = options.registry.languages();
        assert_eq!(languages.len(), LANGUAGE_FILES.len());
        for (l, b) in languages.iter().zip(LANGUAGE_FILES) {
            assert!(matches!(l, Shared::Static(_)), "{}", l.file);
            assert!(std::ptr::eq(&**l, b));
        }
        assert!(options.registry.language("en-x-gazette").is_none());
        assert_eq!((&*options.notation, &*options.lang), ("auto", "auto"));
    }
}
