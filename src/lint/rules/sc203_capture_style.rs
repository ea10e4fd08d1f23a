//! Captures marked two ways in one document (`x`, `:` and `×`).
//!
//! ## What it does
//! Counts how the document writes the capture mark over all its games and move fragments,
//! and reports every move written otherwise than most of them (or than `scoresheet.toml`
//! asks, under `[style]`).
//!
//! ## Why is this bad?
//! A book or an article is edited to one style; two ways of writing the same thing look like
//! two authors, or like a mistake, and distract the reader.
//!
//! ## Example
//! ```text
//! 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4 6. h3 B:f3
//! ```
//! Use instead:
//! ```text
//! 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4 6. h3 Bxf3
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
        code: RuleCode::CaptureStyle,
        name: "capture-style",
        category: Category::Consistency,
        fix: FixAvailability::Safe,
        checker_codes: &[],
        source: include_str!("sc203_capture_style.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    report_inconsistent(doc, &RULE, Aspect::Capture, "the capture mark", out);
}
