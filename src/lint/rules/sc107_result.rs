//! Results that contradict the board or the Result tag, and missing results in PGN.
//!
//! ## What it does
//! Reports a result token that disagrees with the `Result` tag, a result that contradicts the
//! final position (`1-0` after Black mates, a win after stalemate), and, in PGN files, a game
//! without a result token. (In books and articles games are often shown in parts, so a
//! missing result is not reported in Markdown, text or LaTeX.)
//!
//! ## Why is this bad?
//! The result is what readers and databases remember of a game; a wrong one is a factual
//! error.
//!
//! ## Example
//! ```text
//! 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 0-1
//! ```
//! Use instead:
//! ```text
//! 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0
//! ```
//!
//! ## Fix safety
//! Writing the result the board shows (after mate or stalemate) is offered as an unsafe fix:
//! the written result may be right and a move wrong.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo, mapped};
use crate::diagnostic::Code;
use crate::lint::diag::{Applicability, LintDiagnostic};
use crate::lint::scope::Scope;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::Result,
        name: "result",
        category: Category::Correctness,
        fix: FixAvailability::Unsafe,
        checker_codes: &[
            Code::ResultTagMismatch,
            Code::ResultContradictsPosition,
            Code::MissingResult,
        ],
        source: include_str!("sc107_result.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    mapped(doc, &RULE, out, |unit, d| {
        let new = d.suggestions.first()?;
        let old = unit?.src(d.span);
        if d.code() == Code::ResultContradictsPosition && crate::read::split::is_result(old) {
            return doc.suggested(unit, d, Applicability::Unsafe);
        }
        if d.code() == Code::MissingResult && d.span.is_empty() {
            return Some(crate::lint::diag::Fix {
                applicability: Applicability::Unsafe,
                title: format!("write `{new}`"),
                edits: vec![crate::lint::diag::Edit {
                    span: d.span,
                    replacement: format!(" {new}"),
                }],
            });
        }
        None
    });
}
