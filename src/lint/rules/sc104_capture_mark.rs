//! Capture marks that do not match the board, and `e.p.` on a move that is not en passant.
//!
//! ## What it does
//! Reports a capture mark (`x`, `:`, `×`) on a move to an empty square, a capture written
//! without its mark, an `e.p.` mark on a move that is not an en passant capture, and (as
//! advice) a pawn capture written without its target's rank (`exd`, `cd`), unless the
//! language's customs say that is usual (`short_capture=usual`).
//!
//! ## Why is this bad?
//! The mark tells the reader what happened on the board; a wrong one makes them doubt the
//! move or the position.
//!
//! ## Example
//! ```text
//! 1. e4 d5 2. ed5 Qd5 3. Nxc3
//! ```
//! Use instead:
//! ```text
//! 1. e4 d5 2. exd5 Qxd5 3. Nc3
//! ```
//!
//! ## Fix safety
//! The fix adds the document's capture mark, removes the wrong mark, or writes the target
//! square in full; the move stays the same (the new token is read back on the board before the
//! fix is offered): safe.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo, mapped};
use crate::diagnostic::Code;
use crate::diagnostic::Problem;
use crate::lint::diag::{Applicability, LintDiagnostic};
use crate::lint::scope::Scope;
use crate::lint::style::{Aspect, edited};
use crate::span::Span;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::CaptureMark,
        name: "capture-mark",
        category: Category::Correctness,
        fix: FixAvailability::Safe,
        checker_codes: &[
            Code::CaptureMarkOnNonCapture,
            Code::MissingCaptureMark,
            Code::EpNotEnPassant,
            Code::ShortPawnCapture,
        ],
        source: include_str!("sc104_capture_mark.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    // The document's capture mark, read when a fix needs it.
    let mut capture: Option<String> = None;
    mapped(doc, &RULE, out, |unit, d| {
        let unit = unit?;
        let capture = capture.get_or_insert_with(|| doc.mark(Aspect::Capture));
        let tok = unit.token_at(d.span.start)?;
        let text = unit.src(tok.span);
        let (at, new, title) = match &d.problem {
            Problem::CaptureMarkOnNonCapture { .. } => {
                (d.span, String::new(), "remove the capture mark".to_owned())
            }
            Problem::EpNotEnPassant { .. } => {
                let mut s = d.span;
                while s.start > tok.span.start && unit.text.as_bytes()[s.start - 1] == b' ' {
                    s.start -= 1;
                }
                (s, String::new(), "remove `e.p.`".to_owned())
            }
            Problem::MissingCaptureMark { square, .. } => {
                let at = text.rfind(square.as_str())?;
                let p = tok.span.start + at;
                (Span::new(p, p), capture.clone(), format!("add `{capture}`"))
            }
            Problem::ShortPawnCapture { read_as, .. } => {
                (tok.span, read_as.clone(), format!("write `{read_as}`"))
            }
            _ => return None,
        };
        let fixed = edited(text, tok.span, at, &new)?;
        if !doc.same_move(unit, tok, &fixed) {
            return None;
        }
        doc.replace(Some(unit), tok.span, &fixed, Applicability::Safe, title)
    });
}
