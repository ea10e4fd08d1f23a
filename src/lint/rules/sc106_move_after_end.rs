//! Moves after the end of the game: after mate, stalemate or the result.
//!
//! ## What it does
//! Reports moves written after the game ended: after checkmate or stalemate on the board, or
//! after the result token (`1-0`) of the main line.
//!
//! ## Why is this bad?
//! Nothing can follow the end of a game; such moves are usually a second game glued to the
//! first, or analysis that lost its parentheses.
//!
//! ## Example
//! ```text
//! 1. f3 e5 2. g4 Qh4# 3. Nc3
//! ```
//! Use instead:
//! ```text
//! 1. f3 e5 2. g4 Qh4# 0-1
//! ```
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo, mapped};
use crate::diagnostic::Code;
use crate::lint::diag::LintDiagnostic;
use crate::lint::scope::Scope;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::MoveAfterEnd,
        name: "move-after-end",
        category: Category::Correctness,
        fix: FixAvailability::None,
        checker_codes: &[Code::MoveAfterEnd, Code::MovesAfterResult],
        source: include_str!("sc106_move_after_end.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    mapped(doc, &RULE, out, |_, _| None);
}
