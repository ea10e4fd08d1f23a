//! Under-disambiguated moves: two pieces of the same kind can make the move as written.
//!
//! ## What it does
//! Reports a move such as `Nd2` when both knights can go to d2, naming each candidate and
//! where it came from.
//!
//! ## Why is this bad?
//! The reader cannot tell which piece moved, and the position after it is unknown: every
//! later move is in doubt.
//!
//! ## Example
//! ```text
//! 1. d4 Nf6 2. Nf3 e6 3. Bg5 c5 4. e3 b6 5. Nd2
//! ```
//! Use instead:
//! ```text
//! 1. d4 Nf6 2. Nf3 e6 3. Bg5 c5 4. e3 b6 5. Nbd2
//! ```
//!
//! ## Fix safety
//! When only one of the candidates lets the following moves be read, writing it out
//! (`Nbd2`) is offered as an unsafe fix: it is the likely move, not a certain one.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo, mapped, repaired};
use crate::diagnostic::Code;
use crate::lint::diag::{Applicability, LintDiagnostic};
use crate::lint::scope::Scope;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::AmbiguousMove,
        name: "ambiguous-move",
        category: Category::Correctness,
        fix: FixAvailability::Unsafe,
        checker_codes: &[Code::AmbiguousMove],
        source: include_str!("sc102_ambiguous_move.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    mapped(doc, &RULE, out, |unit, d| {
        if !repaired(unit, d) {
            return None;
        }
        doc.suggested(unit, d, Applicability::Unsafe)
    });
}
