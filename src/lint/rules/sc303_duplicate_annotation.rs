//! The same annotation twice after one move (`Nf3! $1`), or two that contradict each other.
//!
//! ## What it does
//! Reports, after one move, a NAG or glyph that repeats an earlier one (`!` is `$1`, `±` is
//! `$16`), and two different move assessments (`!` and `?`) or two different evaluations
//! (`±` and `=`).
//!
//! ## Why is this bad?
//! A repeated annotation prints twice; two contradicting ones leave the reader with no
//! assessment at all.
//!
//! ## Example
//! ```text
//! 12. Nf5! $1 Bxf5 13. exf5 $16 ±
//! ```
//! Use instead:
//! ```text
//! 12. Nf5! Bxf5 13. exf5 ±
//! ```
//!
//! ## Fix safety
//! Removing a repeated annotation (and the space before it) loses nothing: safe.
//! Contradicting annotations have no fix: only the author knows which is meant.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo};
use crate::diagnostic::Severity;
use crate::diagnostic::text::short;
use crate::lint::diag::{Applicability, LintDiagnostic};
use crate::lint::scope::Scope;
use crate::span::Spanned;
use crate::syntax::Item;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::DuplicateAnnotation,
        name: "duplicate-annotation",
        category: Category::Style,
        fix: FixAvailability::Safe,
        checker_codes: &[],
        source: include_str!("sc303_duplicate_annotation.rs"),
    },
    run,
};

/// The group of a NAG whose members contradict each other: move assessments, evaluations.
fn group(n: u16) -> Option<u8> {
    match n {
        1..=6 => Some(0),
        10..=19 => Some(1),
        _ => None,
    }
}

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    for u in doc.units {
        for line in u.game.syntax.root.lines() {
            let mut seen: Vec<Spanned<u16>> = Vec::new();
            // The ply of the move the annotations belong to.
            let mut ply: Option<u32> = None;
            for item in &line.items {
                match item {
                    Item::Nag(n) if n.value > 0 => {
                        let glued = seen.last().is_some_and(|p| p.span.end == n.span.start);
                        if let Some(first) = seen.iter().find(|p| p.value == n.value) {
                            if glued {
                                continue; // `!?!?`: glyph-misuse
                            }
                            let mut s = n.span;
                            let b = u.text.as_bytes();
                            while s.start > first.span.end && matches!(b[s.start - 1], b' ' | b'\t')
                            {
                                s.start -= 1;
                            }
                            let text = u.src(n.span);
                            out.push(
                                LintDiagnostic::new(
                                    &RULE,
                                    Severity::Warning,
                                    format!(
                                        "`{}` repeats `{}`",
                                        short(text),
                                        short(u.src(first.span))
                                    ),
                                    n.span,
                                )
                                .label("the same annotation again")
                                .with_secondary(first.span, "first here")
                                .fix(doc.replace(
                                    Some(u),
                                    s,
                                    "",
                                    Applicability::Safe,
                                    format!("remove `{text}`"),
                                ))
                                .at_move(u.game.number, ply),
                            );
                        } else if let Some(first) = seen
                            .iter()
                            .find(|p| group(p.value).is_some() && group(p.value) == group(n.value))
                        {
                            if !glued {
                                out.push(
                                    LintDiagnostic::new(
                                        &RULE,
                                        Severity::Warning,
                                        format!(
                                            "`{}` contradicts `{}` after the same move",
                                            u.src(n.span),
                                            u.src(first.span)
                                        ),
                                        n.span,
                                    )
                                    .label("a second assessment")
                                    .with_secondary(first.span, "the first")
                                    .help("keep the one you mean")
                                    .at_move(u.game.number, ply),
                                );
                            }
                        } else {
                            seen.push(*n);
                        }
                    }
                    Item::Nag(_) | Item::Comment(_) => {}
                    Item::Variation(_) => seen.clear(),
                    Item::Move(tok) => {
                        seen.clear();
                        ply = u.ply(tok).map(|p| p + 1);
                    }
                    _ => seen.clear(),
                }
            }
        }
    }
}
