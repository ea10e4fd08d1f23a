//! Castling written two ways in one document (`O-O` and `0-0`).
//!
//! ## What it does
//! Counts how the document writes castling over all its games and move fragments, and reports
//! every move written otherwise than most of them (or than `scoresheet.toml` asks, under
//! `[style]`).
//!
//! ## Why is this bad?
//! A book or an article is edited to one style; two ways of writing the same thing look like
//! two authors, or like a mistake, and distract the reader.
//!
//! ## Example
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Be7 5. Re1 b5 6. Bb3 0-0
//! ```
//! Use instead:
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Be7 5. Re1 b5 6. Bb3 O-O
//! ```
//!
//! ## Fix safety
//! The fix rewrites the move in the preferred style and is read back on the board before it
//! is offered; the move is unchanged: safe.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo};
use crate::lint::consistent::report_inconsistent;
use crate::lint::diag::LintDiagnostic;
use crate::lint::scope::Scope;
use crate::lint::style::Aspect;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::CastlingStyle,
        name: "castling-style",
        category: Category::Consistency,
        fix: FixAvailability::Safe,
        checker_codes: &[],
        source: include_str!("sc202_castling_style.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    report_inconsistent(doc, &RULE, Aspect::Castling, "castling", out);
}
