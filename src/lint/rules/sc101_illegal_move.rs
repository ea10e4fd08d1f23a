//! Moves that no legal move matches, and half-moves missing, swapped or written twice.
//!
//! ## What it does
//! Resolves every move on the board and reports those that are illegal in their position
//! (with the reason: a blocked path, a pin, a check), promotions without their piece, a
//! half-move left out, two half-moves in the wrong order and a move written twice. Moves of
//! a line after such an error cannot be checked; that is reported as advice. An idea written
//! as the seed's table writes it (`34. … Тd4 (∆Дd5)`, with the idea Qd5) is checked as a move
//! of the same side after any reply, and when it needs more moves first, as a plan: an idea
//! that no piece of that side could ever carry out (no queen left, a bishop of the other
//! colour) is reported, as is a plan aimed against (`(∇Кf5)`) that the opponent could never
//! make.
//!
//! ## Why is this bad?
//! A reader replaying the game on a board is stuck at the first illegal move; every diagram
//! and comment after it is in doubt.
//!
//! ## Example
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bb3 Nf6 5. O-O Be7
//! ```
//! Use instead:
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7
//! ```
//! (The bishop on b5 cannot reach b3; the retreat is `4. Ba4`.)
//!
//! ## Fix safety
//! When the moves after the error read only with one repair (the move the writer most
//! likely meant, the missing half-move put back, the two moves put in order, the repeated
//! move removed, an earlier legal move read as the slip it was), that repair is offered as an unsafe fix: it changes the moves of the game,
//! so a person has to confirm it against the source.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo, mapped, repaired};
use crate::diagnostic::Code;
use crate::lint::diag::{Applicability, LintDiagnostic};
use crate::lint::scope::Scope;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::IllegalMove,
        name: "illegal-move",
        category: Category::Correctness,
        fix: FixAvailability::Unsafe,
        checker_codes: &[
            Code::IllegalMove,
            Code::WrongSide,
            Code::MissingPromotion,
            Code::SkippedMove,
            Code::SwappedMoves,
            Code::LikelySlip,
            Code::MoveWrittenTwice,
            Code::NotChecked,
            Code::IdeaImpossible,
        ],
        source: include_str!("sc101_illegal_move.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    mapped(doc, &RULE, out, |unit, d| {
        let promotion = d.code() == Code::MissingPromotion;
        if !(repaired(unit, d) || promotion) {
            return None;
        }
        doc.suggested(unit, d, Applicability::Unsafe)
    });
}
