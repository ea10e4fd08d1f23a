//! Check and mate signs written two ways in one document (`+` and `†`, `#` and `‡`).
//!
//! ## What it does
//! Counts the check signs and the mate signs the document writes over all its games and
//! move fragments, and reports every sign written otherwise than most of them (or than
//! `scoresheet.toml` asks, under `[style]`).
//!
//! ## Why is this bad?
//! A book or an article is edited to one style; two ways of writing the same thing look like
//! two authors, or like a mistake, and distract the reader.
//!
//! ## Example
//! ```text
//! 1. e4 e5 2. Bc4 Bc5 3. Bxf7+ Kxf7 4. Qh5† g6
//! ```
//! Use instead:
//! ```text
//! 1. e4 e5 2. Bc4 Bc5 3. Bxf7+ Kxf7 4. Qh5+ g6
//! ```
//!
//! ## Fix safety
//! The fix writes the preferred sign and is read back on the board before it is offered; the
//! move is unchanged: safe.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo};
use crate::lint::consistent::report_inconsistent;
use crate::lint::diag::LintDiagnostic;
use crate::lint::scope::Scope;
use crate::lint::style::Aspect;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::CheckStyle,
        name: "check-style",
        category: Category::Consistency,
        fix: FixAvailability::Safe,
        checker_codes: &[],
        source: include_str!("sc205_check_style.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    report_inconsistent(doc, &RULE, Aspect::Check, "the check sign", out);
    report_inconsistent(doc, &RULE, Aspect::Mate, "the mate sign", out);
}
