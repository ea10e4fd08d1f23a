//! Moves typed as people type them, not as PGN writes them.
//!
//! ## What it does
//! Reports two moves typed without a space between them (`e4e5`, `Nf3Nc6`: read as two
//! moves when that reading is legal and the one move it could also be is not), commas,
//! slashes and semicolons between moves (`1. e4, e5; 2. Nf3`), move numbers written `1)`,
//! `1-`, `1:` or `1 .`, a `;` comment that holds moves (everything after a `;` is a
//! comment in PGN), and a pawn move with its file typed twice (`aa3`, read as `a3`). The
//! checker reads all of them; this rule says what it assumed.
//!
//! ## Why is this bad?
//! Other programs read PGN: for them `e4e5` is one illegal move, `e4,` no move at all, and
//! everything after `;` on the line a comment, so the game they read is not the game written.
//!
//! ## Example
//! ```text
//! 1) e4, e5; 2) Nf3Nc6
//! ```
//! Use instead:
//! ```text
//! 1. e4 e5 2. Nf3 Nc6
//! ```
//!
//! ## Fix safety
//! The fixes write a space between glued moves, white space for each separator of the game
//! and a dot for each move number of the game; the moves read are unchanged: safe. A `;`
//! comment that holds moves gets no fix: whether the moves belong to the game is the
//! author's call. Nor does `aa3` get a safe one: it reads as `a3`, but the author may have
//! meant a piece move to a3 with its letter typed as a file (`aa3` for `Qa3`); the push is an
//! unsafe fix, and the piece moves are among the suggestions.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo, mapped};
use crate::diagnostic::{Code, Problem};
use crate::lint::diag::{Applicability, Fix, LintDiagnostic};
use crate::lint::document::Unit;
use crate::lint::scope::Scope;
use crate::span::Span;
use crate::syntax::{Item, SyntaxIssue, typed_number};

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::HandTyped,
        name: "hand-typed",
        category: Category::Correctness,
        fix: FixAvailability::Safe,
        checker_codes: &[
            Code::MissingSpace,
            Code::Separator,
            Code::MoveNumberForm,
            Code::MovesInComment,
            Code::FileTwice,
        ],
        source: include_str!("sc110_hand_typed.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    mapped(doc, &RULE, out, |unit, d| match &d.problem {
        Problem::MissingSpace { .. } => doc.suggested(unit, d, Applicability::Safe),
        // `aa3` reads as `a3`, but it may be `Qa3` with the letter typed as a file.
        Problem::FileTwice { .. } => doc.suggested(unit, d, Applicability::Unsafe),
        Problem::Separator { text, .. } => {
            let u = unit?;
            let spans = u.game.syntax.issues.iter().filter_map(|i| match i {
                SyntaxIssue::Separator(s) if u.src(*s) == text => Some(*s),
                _ => None,
            });
            let edits = spans.map(|s| {
                // White space after it already parts the moves: the separator goes.
                let spaced = u.text[s.end..].starts_with(char::is_whitespace);
                (s, if spaced { "" } else { " " })
            });
            all(
                doc,
                u,
                edits,
                format!("write white space for each `{text}`"),
            )
        }
        Problem::MoveNumberForm { .. } => {
            let u = unit?;
            let edits: Vec<(Span, String)> = u
                .game
                .syntax
                .root
                .items()
                .filter_map(|i| match i {
                    Item::MoveNumber(n) if typed_number(u.src(n.span)) => {
                        let dots = if n.value.black { "..." } else { "." };
                        Some((n.span, format!("{}{dots}", n.value.number)))
                    }
                    _ => None,
                })
                .collect();
            all(
                doc,
                u,
                edits.iter().map(|(s, t)| (*s, t.as_str())),
                "write each move number with a dot".to_owned(),
            )
        }
        _ => None,
    });
}

/// One fix of several replacements in a game, applied together.
fn all<'t>(
    doc: &Scope<'_>,
    u: &Unit,
    edits: impl Iterator<Item = (Span, &'t str)>,
    title: String,
) -> Option<Fix> {
    let mut fix: Option<Fix> = None;
    for (span, new) in edits {
        let one = doc.replace(Some(u), span, new, Applicability::Safe, title.clone())?;
        match &mut fix {
            Some(f) => f.edits.extend(one.edits),
            None => fix = Some(one),
        }
    }
    fix
}
