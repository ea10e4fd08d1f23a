//! Wrong or missing check and mate signs.
//!
//! ## What it does
//! Compares every move's check or mate sign with the board: a check without `+`, a mate
//! without `#` (or marked only `+`), a `+` or `#` on a move that gives no check or does not
//! mate, and `++` (double check) on a single check.
//!
//! ## Why is this bad?
//! Readers trust the signs: a missing `#` hides the end of the game, a stray `+` makes them
//! look for a check that is not there.
//!
//! ## Example
//! ```text
//! 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7
//! ```
//! Use instead:
//! ```text
//! 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#
//! ```
//!
//! ## Fix safety
//! The fix writes the sign the board calls for, in the document's own style (its most used
//! check and mate signs, or those of `scoresheet.toml`), and removes a wrong one. The move is
//! unchanged and the new token is read back before it is offered: the fix is safe.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo, mapped};
use crate::diagnostic::Code;
use crate::diagnostic::Problem;
use crate::lint::diag::{Applicability, LintDiagnostic};
use crate::lint::scope::Scope;
use crate::lint::style::{Aspect, append_mark, edited};
use crate::span::Span;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::CheckMark,
        name: "check-mark",
        category: Category::Correctness,
        fix: FixAvailability::Safe,
        checker_codes: &[
            Code::MissingCheck,
            Code::MissingMate,
            Code::CheckWithoutCheck,
            Code::MateWithoutMate,
            Code::NotDoubleCheck,
        ],
        source: include_str!("sc103_check_mark.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    // The document's signs, read when a fix needs them.
    let mut marks: Option<(String, String)> = None;
    mapped(doc, &RULE, out, |unit, d| {
        let unit = unit?;
        let (check, mate) =
            marks.get_or_insert_with(|| (doc.mark(Aspect::Check), doc.mark(Aspect::Mate)));
        let (check, mate) = (check.clone(), mate.clone());
        let tok = unit.token_at(d.span.start)?;
        let text = unit.src(tok.span);
        // The sign's bytes, with a space before it when it stands apart.
        let sign = tok.check().map(|c| {
            let mut s = c.span;
            while s.start > tok.span.start && unit.text.as_bytes()[s.start - 1] == b' ' {
                s.start -= 1;
            }
            s
        });
        let end = Span::new(tok.span.end, tok.span.end);
        let (at, new, title) = match &d.problem {
            Problem::MissingCheck { .. } => (end, append_mark(&check), format!("add `{check}`")),
            Problem::MissingMate { .. } => (
                sign.unwrap_or(end),
                append_mark(&mate),
                format!("mark it `{mate}`"),
            ),
            Problem::CheckWithoutCheck { .. } => {
                (sign?, String::new(), "remove the check sign".into())
            }
            Problem::MateWithoutMate { checks: true, .. } => {
                (sign?, append_mark(&check), format!("mark it `{check}`"))
            }
            Problem::MateWithoutMate { .. } => {
                (sign?, String::new(), "remove the mate sign".into())
            }
            Problem::NotDoubleCheck { .. } => {
                (sign?, append_mark(&check), format!("mark it `{check}`"))
            }
            _ => return None,
        };
        let fixed = edited(text, tok.span, at, &new)?;
        if !doc.same_move(unit, tok, &fixed) {
            return None;
        }
        doc.replace(Some(unit), tok.span, &fixed, Applicability::Safe, title)
    });
}
