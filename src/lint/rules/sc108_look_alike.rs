//! Look-alike characters from another script in a move (a Cyrillic `В` for `B`).
//!
//! ## What it does
//! Reports moves that read only after replacing characters that look like Latin letters but
//! are another script's (Cyrillic, Greek), as text pasted from another document often has.
//!
//! ## Why is this bad?
//! The move prints the same but is not the same text: searching, sorting, databases and
//! other programs do not read it as a move.
//!
//! ## Example
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 3. Вb5
//! ```
//! (`В` is Cyrillic.) Use instead:
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 3. Bb5
//! ```
//!
//! ## Fix safety
//! The fix types the character the move was read with; the move is unchanged: safe.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo, mapped};
use crate::diagnostic::Code;
use crate::diagnostic::Problem;
use crate::lint::diag::{Applicability, LintDiagnostic};
use crate::lint::scope::Scope;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::LookAlike,
        name: "look-alike",
        category: Category::Correctness,
        fix: FixAvailability::Safe,
        checker_codes: &[Code::LookAlike],
        source: include_str!("sc108_look_alike.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    mapped(doc, &RULE, out, |unit, d| {
        let Problem::LookAlike { meant, .. } = &d.problem else {
            return None;
        };
        doc.replace(
            unit,
            d.span,
            &meant.to_string(),
            Applicability::Safe,
            format!("type `{meant}` (U+{:04X})", u32::from(*meant)),
        )
    });
}
