//! Promotions written two ways in one document (`e8=Q`, `e8Q`, `e8(Q)`, `e8/Q`).
//!
//! ## What it does
//! Counts how the document writes the promotion over all its games and move fragments, and reports
//! every move written otherwise than most of them (or than `scoresheet.toml` asks, under
//! `[style]`).
//!
//! ## Why is this bad?
//! A book or an article is edited to one style; two ways of writing the same thing look like
//! two authors, or like a mistake, and distract the reader.
//!
//! ## Example
//! ```text
//! (in one game) 45. b8=Q ... (in the next) 52. a1Q
//! ```
//! Use instead:
//! ```text
//! (in one game) 45. b8=Q ... (in the next) 52. a1=Q
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
        code: RuleCode::PromotionStyle,
        name: "promotion-style",
        category: Category::Consistency,
        fix: FixAvailability::Safe,
        checker_codes: &[],
        source: include_str!("sc204_promotion_style.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    report_inconsistent(doc, &RULE, Aspect::Promotion, "the promotion", out);
}
