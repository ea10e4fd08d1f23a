//! Move glyphs that are no glyph: `!!?`, `?!!`, `!?!`, `???`.
//!
//! ## What it does
//! Reports runs of `!` and `?` after a move that are not one of the six move glyphs (`!`,
//! `?`, `!!`, `??`, `!?`, `?!`).
//!
//! ## Why is this bad?
//! Each glyph has one meaning (NAGs 1 to 6); `!!?` has none, and PGN programs read it as two
//! glyphs that contradict each other.
//!
//! ## Example
//! ```text
//! 23. Rxf7!!? Kxf7
//! ```
//! Use instead:
//! ```text
//! 23. Rxf7!? Kxf7
//! ```
//!
//! ## Fix safety
//! Only the author knows which glyph was meant; the fix keeps the first and the last sign
//! (`!!?` → `!?`, `???` → `??`) and is unsafe.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo};
use crate::diagnostic::Severity;
use crate::diagnostic::text::short;
use crate::lint::diag::{Applicability, LintDiagnostic};
use crate::lint::scope::Scope;
use crate::span::Span;
use crate::syntax::Item;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::GlyphMisuse,
        name: "glyph-misuse",
        category: Category::Style,
        fix: FixAvailability::Unsafe,
        checker_codes: &[],
        source: include_str!("sc302_glyph_misuse.rs"),
    },
    run,
};

fn is_glyph(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c == '!' || c == '?')
}

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    for u in doc.units {
        for line in u.game.syntax.root.lines() {
            let mut run: Option<Span> = None;
            let mut ply: Option<u32> = None;
            let mut flush = |run: &mut Option<Span>, ply: Option<u32>| {
                if let Some(s) = run.take() {
                    let text = u.src(s);
                    if text.len() > 2 {
                        let chars: Vec<char> = text.chars().collect();
                        let (a, b) = (chars[0], chars[chars.len() - 1]);
                        let new: String = [a, b].iter().collect();
                        out.push(
                            LintDiagnostic::new(
                                &RULE,
                                Severity::Warning,
                                format!("`{}` is no move glyph", short(text)),
                                s,
                            )
                            .label("not one of ! ? !! ?? !? ?!")
                            .help("write one glyph: ! good, ? mistake, !! brilliant, ?? blunder, !? interesting, ?! dubious")
                            .fix(doc.replace(Some(u), s, &new, Applicability::Unsafe, format!("write `{new}`")))
                            .at_move(u.game.number, ply),
                        );
                    }
                }
            };
            for item in &line.items {
                match item {
                    Item::Nag(n) if is_glyph(u.src(n.span)) => match run {
                        Some(s) if s.end == n.span.start => run = Some(s.join(n.span)),
                        _ => {
                            flush(&mut run, ply);
                            run = Some(n.span);
                        }
                    },
                    Item::Variation(_) => flush(&mut run, ply),
                    Item::Move(tok) => {
                        flush(&mut run, ply);
                        ply = u.ply(tok).map(|p| p + 1);
                    }
                    _ => flush(&mut run, ply),
                }
            }
            flush(&mut run, ply);
        }
    }
}
