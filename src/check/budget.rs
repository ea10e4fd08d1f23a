//! Bounds on the work for one game. Every token in error costs an explanation and a search
//! for its repair; a game that no longer reads as a score would cost that for each of its
//! moves. So the reading of a game stops — and says so, once — after [`MOST_ERRORS`] tokens
//! in error, or as soon as its moves read as another language than the one it is read in
//! (the game is then reported once, as [`Problem::WrongLanguage`], not move by move).

use std::cell::RefCell;

use crate::diagnostic::{Code, Diagnostic, Problem};
use crate::span::Span;

/// Most tokens in error one game is read past; the rest of the game is not checked.
pub(super) const MOST_ERRORS: usize = 50;

/// Errors a file is read past with explanations, suggestions and repairs; the games after the
/// chunk that reaches it are read to their first error only, reported without suggestions.
pub(crate) const FILE_ERRORS: usize = 5_000;

/// Games checked together between two looks at the file's budget.
pub(super) const CHUNK: usize = 256;

/// The errors reported for a game.
pub(crate) fn errors(g: &crate::check::types::CheckedGame) -> usize {
    g.diagnostics
        .iter()
        .filter(|d| d.severity == crate::diagnostic::Severity::Error)
        .count()
}

/// The file's note that its budget of explained errors was spent before game `number`, which
/// starts at `at`.
pub(crate) fn frugal_note(number: usize, at: Span) -> Diagnostic {
    Diagnostic::new(
        Problem::LimitReached {
            what: format!(
                "the file had {FILE_ERRORS} errors before game {number}: from there on each game \
                 is read to its first error, reported without suggestions or repairs"
            ),
        },
        at,
    )
    .label("explained no further")
    .help("a bound on the work for one file; check the games after it in a file of their own to have them explained")
}

/// Tokens that read as another language's moves, after which a game whose errors are mostly
/// such tokens counts as written in that language.
const FOREIGN: usize = 4;

/// What one game has cost so far.
#[derive(Debug, Default)]
pub(super) struct Budget {
    /// Tokens in error met (on every line, repairs tried or not).
    pub(super) errors: usize,
    /// Those of them that read as a move of another language.
    pub(super) foreign: RefCell<Vec<Foreign>>,
    /// The reading stopped because the game is in another language.
    pub(super) wrong_language: bool,
}

/// A token in error that reads as a move in another language.
#[derive(Clone, Debug)]
pub(super) struct Foreign {
    pub(super) span: Span,
    /// That language's name ("English").
    pub(super) language: String,
    /// Its code.
    pub(super) code: String,
}

/// Why a line's reading stopped before its end, in its `not_checked` report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Lost {
    /// `LOST` errors in a row.
    InARow,
    /// [`MOST_ERRORS`] in the game.
    Errors,
    /// The moves read as another language.
    Language,
}

impl Budget {
    /// Why the game should not be read further, if it should not.
    pub(super) fn spent(&self) -> Option<Lost> {
        let foreign = self.foreign.borrow().len();
        if foreign >= FOREIGN && foreign * 4 >= self.errors * 3 {
            Some(Lost::Language)
        } else if self.errors >= MOST_ERRORS {
            Some(Lost::Errors)
        } else {
            None
        }
    }
}

/// Codes that say nothing about the moves, kept when a game is found to be in another
/// language (everything else after its first foreign move follows from the wrong reading).
const STRUCTURAL: &[Code] = &[
    Code::BrokenTag,
    Code::TagInMovetext,
    Code::UnclosedComment,
    Code::UnmatchedParen,
    Code::UnclosedVariation,
    Code::TooDeep,
    Code::ParserLimit,
    Code::BadFen,
    Code::UnsupportedVariant,
    Code::SetupWithoutFen,
    Code::MissingResult,
    Code::ResultTagMismatch,
];

impl Budget {
    /// Notes a token in error that reads as a move of another language.
    pub(super) fn note_foreign(&self, span: Span, language: String, code: String) {
        let mut foreign = self.foreign.borrow_mut();
        if !foreign.iter().any(|f| f.span == span) {
            foreign.push(Foreign {
                span,
                language,
                code,
            });
        }
    }

    /// A game found to be in another language (read as `language`, its text `text`): its
    /// reports from the first foreign move on become one [`Problem::WrongLanguage`], pointing
    /// at the foreign moves met.
    pub(super) fn report_wrong_language(
        &self,
        diags: &mut Vec<Diagnostic>,
        text: &str,
        language: &str,
    ) {
        let foreign = self.foreign.take();
        let Some(first) = foreign.first() else {
            return;
        };
        let from = first.span.start;
        let mut unchecked = 0;
        diags.retain(|d| {
            if let Problem::NotChecked { count, .. } = d.problem {
                unchecked += count;
            }
            d.span.start < from || STRUCTURAL.contains(&d.code())
        });
        let not = format!("not {language}");
        let mut d = Diagnostic::new(
            Problem::WrongLanguage {
                text: text
                    .get(first.span.start..first.span.end)
                    .unwrap_or("")
                    .to_owned(),
                more: foreign.len() - 1,
                language: language.to_owned(),
                other: first.language.clone(),
            },
            first.span,
        )
        .label(not.clone())
        .help(format!(
            "check it with `--lang {}`, or with `--lang auto` to have the language found; the \
             rest of the game ({unchecked} {}) was not checked",
            first.code,
            if unchecked == 1 { "move" } else { "moves" }
        ));
        for f in &foreign[1..] {
            d = d.with_secondary(f.span, not.clone());
        }
        diags.push(d);
    }
}
