//! Figurines of the wrong colour: a black knight for a White move.
//!
//! ## What it does
//! In a document that prints figurines of both colours, reports a move whose figurine is the
//! other side's (`♞f3` for White). Books that print the white set for both sides are left
//! alone.
//!
//! ## Why is this bad?
//! The figurine says who moves; the wrong colour makes the reader doubt the move order.
//!
//! ## Example
//! ```text
//! 1. e4 e5 2. ♞f3 ♞c6
//! ```
//! Use instead:
//! ```text
//! 1. e4 e5 2. ♘f3 ♞c6
//! ```
//!
//! ## Fix safety
//! The fix writes the mover's figurine; the move is unchanged: safe.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo, mapped};
use crate::diagnostic::Code;
use crate::lint::diag::{Applicability, LintDiagnostic};
use crate::lint::scope::Scope;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::FigurineColor,
        name: "figurine-color",
        category: Category::Correctness,
        fix: FixAvailability::Safe,
        checker_codes: &[Code::FigurineColor],
        source: include_str!("sc109_figurine_color.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    mapped(doc, &RULE, out, |unit, d| {
        doc.suggested(unit, d, Applicability::Safe)
    });
}
