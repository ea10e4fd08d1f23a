//! The smoke test of a user language file: sample games written with its letters and customs
//! must read back to the same moves through the checker.

use shakmaty::{Chess, Color, Move, Position};

use std::path::{Path, PathBuf};

use crate::syntax::grammar::Registry;
use crate::syntax::user::{
    self, GrammarProblem, GrammarReport, ProblemKind, SAMPLE_GAMES, UserLanguage, customs_span,
    letters_span, sample_moves,
};

/// Writes the sample games with the language's letters and customs (and in FIDE style with
/// its letters), reads them back with each of its parsers, and reports every game that does
/// not read back to the same moves.
pub fn smoke_test(lang: &UserLanguage) -> Vec<GrammarProblem> {
    let mut problems = Vec::new();
    let letters_span = letters_span(&lang.text);
    let customs_span = customs_span(&lang.text);
    for parser in &lang.parsers {
        if parser.notation != "algebraic" {
            continue;
        }
        // FIDE style first: when it fails, the letters are at fault; when only the language's
        // customs fail, the customs are.
        for fide in [true, false] {
            let style = crate::render::Style::of(&lang.language, fide);
            for sample in SAMPLE_GAMES {
                let Some(moves) = sample_moves(sample) else {
                    continue;
                };
                let mut pos = Chess::default();
                let mut text = String::new();
                for (i, m) in moves.iter().enumerate() {
                    if pos.turn() == Color::White {
                        text.push_str(&format!("{}. ", i / 2 + 1));
                    }
                    text.push_str(&crate::render::san_styled(&style, &pos, m));
                    text.push(' ');
                    pos.play_unchecked(*m);
                }
                text.push('*');
                let syntax = (parser.parse)(&text, 0);
                let game = crate::check::game::check_game(
                    1,
                    syntax,
                    &text,
                    parser,
                    &crate::syntax::grammar::Registry::builtin(),
                );
                let read: Vec<Move> = game.mainline.iter().flatten().copied().collect();
                if read != moves {
                    let why = game
                        .diagnostics
                        .iter()
                        .find(|d| d.severity == crate::diagnostic::Severity::Error)
                        .map(|d| {
                            let at = d.span;
                            format!(
                                "`{}`: {}",
                                text.get(at.start..at.end).unwrap_or(""),
                                d.problem
                            )
                        })
                        .unwrap_or_else(|| "the moves read differ".into());
                    problems.push(GrammarProblem {
                        kind: ProblemKind::SmokeTest,
                        message: format!(
                            "a sample game written with these letters{} does not read back: {why}",
                            if fide {
                                " in FIDE style"
                            } else {
                                " and customs"
                            }
                        ),
                        span: match customs_span {
                            Some(span) if !fide => span,
                            _ => letters_span,
                        },
                        label: if fide {
                            "the letters written".into()
                        } else {
                            "the customs followed (the letters alone read back)".into()
                        },
                        help: Some(format!("the sample game as written: {text}")),
                    });
                    return problems;
                }
            }
        }
    }
    problems
}

/// Builds a user language from a file's text and smoke-tests it (see
/// [`crate::syntax::user::build`]).
///
/// # Errors
/// Every problem found, as one report in the file's own line numbers.
pub fn build(path: &str, text: &str) -> Result<UserLanguage, GrammarReport> {
    user::build(path, text, smoke_test)
}

/// Reads, builds and smoke-tests a user language file.
///
/// # Errors
/// The file cannot be read, or has problems.
pub fn load(path: &Path) -> Result<UserLanguage, GrammarReport> {
    user::load(path, smoke_test)
}

/// Loads a user language file into a registry.
///
/// # Errors
/// See [`load`] and [`crate::syntax::grammar::Registry::register`].
pub fn register_file(
    registry: &mut Registry,
    path: &Path,
) -> Result<crate::syntax::grammar::Language, GrammarReport> {
    registry.load(path, smoke_test)
}

/// Loads the given files, then the grammar directories' files, into a registry (see
/// [`Registry::load_all`]).
///
/// # Errors
/// The reports of every file that could not be loaded (the others are registered).
pub fn register_all(registry: &mut Registry, files: &[PathBuf]) -> Result<(), Vec<GrammarReport>> {
    registry.load_all(files, smoke_test)
}

#[cfg(test)]
mod tests;
