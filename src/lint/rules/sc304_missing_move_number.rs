//! Missing move numbers: a White move without its number, a Black move without `12...`
//! after a comment or a variation.
//!
//! ## What it does
//! Reports a White move written without its move number, and a Black move that follows a
//! comment or a variation (or starts a line) without its number and three dots.
//!
//! ## Why is this bad?
//! After a comment or a variation the reader has lost count; standard PGN numbers such a
//! Black move (`12... Nf6`), and books do the same.
//!
//! ## Example
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4) Bb5 {the Spanish} a6
//! ```
//! Use instead:
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4) 3. Bb5 {the Spanish} 3... a6
//! ```
//!
//! ## Fix safety
//! The fix writes the number the board gives, spaced as most numbers of the document; the
//! moves are unchanged: safe.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo};
use crate::lint::diag::LintDiagnostic;
use crate::lint::scope::Scope;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::MissingMoveNumber,
        name: "missing-move-number",
        category: Category::Style,
        fix: FixAvailability::Safe,
        checker_codes: &[],
        source: include_str!("sc304_missing_move_number.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    super::sc105_move_number::walk(doc, &RULE, true, out);
}
