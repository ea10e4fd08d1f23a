//! Look-alike characters in a move: another script's letter (a Cyrillic `В` for `B`), or a
//! full-width form (`Ｎｂｄ２`, `１．ｅ４`).
//!
//! ## What it does
//! Reports moves and move numbers that read only after replacing characters that look like
//! Latin letters but are another script's (Cyrillic, Greek), as text pasted from another
//! document often has, or the full-width forms of ASCII characters that East Asian input
//! methods type.
//!
//! ## Why is this bad?
//! The move prints the same (or nearly) but is not the same text: searching, sorting,
//! databases and other programs do not read it as a move.
//!
//! ## Example
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 3. Вb5 a6 ４．Ｂａ４
//! ```
//! (`В` is Cyrillic, `４．Ｂａ４` full-width.) Use instead:
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4.Ba4
//! ```
//!
//! ## Fix safety
//! The fix types the token as it was read, every look-alike character replaced; the move is
//! unchanged: safe.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo, mapped};
use crate::diagnostic::Code;
use crate::diagnostic::Problem;
use crate::lint::diag::{Applicability, LintDiagnostic};
use crate::lint::scope::Scope;
use crate::span::Span;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::LookAlike,
        name: "look-alike",
        category: Category::Correctness,
        fix: FixAvailability::Safe,
        checker_codes: &[Code::LookAlike],
        source: include_str!("sc108_look_alike.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    mapped(doc, &RULE, out, |unit, d| {
        let Problem::LookAlike {
            token,
            meant,
            read_as,
            ..
        } = &d.problem
        else {
            return None;
        };
        // The whole token as read, every character replaced at once (the diagnostic names the
        // first): the token is the text that holds the first character and reads `token`.
        let src = |s: Span| match unit {
            Some(u) => u.src(s),
            None => doc.original.get(s.start..s.end).unwrap_or(""),
        };
        let whole = (d.span.end.saturating_sub(token.len())..=d.span.start)
            .map(|start| Span::new(start, start + token.len()))
            .find(|&s| src(s) == token.as_str());
        // One character replaced: named as the diagnostic names it.
        let one = token.chars().count() == read_as.chars().count()
            && token
                .chars()
                .zip(read_as.chars())
                .filter(|(a, b)| a != b)
                .count()
                == 1;
        let title = if one || whole.is_none() {
            format!("type `{meant}` (U+{:04X})", u32::from(*meant))
        } else {
            format!("type `{read_as}`")
        };
        match whole {
            Some(s) => doc.replace(unit, s, read_as, Applicability::Safe, title),
            None => doc.replace(unit, d.span, &meant.to_string(), Applicability::Safe, title),
        }
    });
}
