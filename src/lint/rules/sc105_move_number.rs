//! Wrong move numbers.
//!
//! ## What it does
//! Reports a move number that does not fit the moves before it (`14.` where move 13 is
//! played), `12...` before a White move and `12.` before a Black move, in games and in move
//! fragments of the prose (`after 12.Bxg3`, when only Black can play `Bxg3`). Missing
//! numbers are `SC304`.
//!
//! ## Why is this bad?
//! Readers find their place by the numbers, and prose refers to moves by them ("after
//! 12...Bxg3"); a wrong number sends them to the wrong move.
//!
//! ## Example
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4) Bb5 4. O-O 4. Nf6
//! ```
//! Use instead:
//! ```text
//! 1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4) 3. Bb5 a6 4. O-O Nf6
//! ```
//! (`4. Nf6` is Black's move: `4... Nf6`.)
//!
//! ## Fix safety
//! The fix writes the number the board gives (`12...` for Black, `12.` for White); the moves
//! are unchanged: safe. Not after a token the checker had to leave out (or a half-move it had
//! to put in) to read on: the count from there is a guess (an unreadable `h3 Nb8` may hold two
//! moves), so those numbers get no fix. Like every fix, it stays safe only when the game reads
//! to its end without an assumed repair once it is made.
use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo, mapped};
use crate::check::Repair;
use crate::diagnostic::Code;
use crate::diagnostic::Severity;
use crate::diagnostic::text::short;
use crate::lint::diag::{Applicability, LintDiagnostic};
use crate::lint::document::{Unit, UnitKind, assumed_repairs};
use crate::lint::scope::Scope;
use crate::span::Span;
use crate::syntax::Item;

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::MoveNumber,
        name: "move-number",
        category: Category::Correctness,
        fix: FixAvailability::Safe,
        checker_codes: &[Code::MoveNumber],
        source: include_str!("sc105_move_number.rs"),
    },
    run,
};

fn run(doc: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    let from = out.len();
    mapped(doc, &RULE, out, |unit, d| {
        if unit.and_then(|u| guessed_count(u, d.span.start)).is_some() {
            return None;
        }
        doc.suggested(unit, d, Applicability::Safe)
    });
    for (d, (unit, _)) in out[from..].iter_mut().zip(doc.checker(RULE.checker_codes)) {
        if let Some(left) = unit.and_then(|u| guessed_count(u, d.span.start)) {
            d.help = Some(format!(
                "counted on past `{left}`, which the checker left out or filled in to read on; \
                 the number may be right: no fix"
            ));
        }
    }
    walk(doc, &RULE, false, out);
}

/// Is the count of half-moves at `at` a guess? It is after an assumed repair that leaves a
/// token out or puts a missing half-move in (an unreadable `h3 Nb8` may hold two moves): the
/// text of the first such repair, when there is one before `at`.
fn guessed_count(u: &Unit, at: usize) -> Option<&str> {
    assumed_repairs(&u.game)
        .find(|r| r.span.start < at && matches!(r.repair, Repair::Delete | Repair::Insert { .. }))
        .map(|r| u.src(r.span))
}

/// Move numbers of the games, move by move: `missing` selects the moves without a number
/// (`SC304`), else the numbers written for the wrong side (`SC105`).
pub(crate) fn walk(
    doc: &Scope<'_>,
    rule: &'static Rule,
    missing: bool,
    out: &mut Vec<LintDiagnostic>,
) {
    let reported: Vec<Span> = out
        .iter()
        .filter(|d| d.rule.code == RULE.code)
        .map(|d| d.span)
        .collect();
    // Numbers followed by a space (`12. e4`) or not (`12.e4`): as most of the document (read
    // when a move is reported).
    let gap = std::cell::OnceCell::new();
    let gap = || *gap.get_or_init(|| doc.gap());
    for u in doc.units.iter().filter(|u| u.kind == UnitKind::Game) {
        for line in u.game.syntax.root.lines() {
            for (k, item) in line.items.iter().enumerate() {
                if let Item::Move(tok) = item
                    && let Some(d) = check_move(doc, u, &line.items, k, tok, &gap, &reported)
                    && d.0 == missing
                {
                    let mut d = d.1;
                    d.rule = rule;
                    out.push(d);
                }
            }
        }
    }
}

fn check_move(
    doc: &Scope<'_>,
    u: &Unit,
    items: &[Item],
    k: usize,
    tok: &crate::syntax::MoveToken,
    gap: &dyn Fn() -> &'static str,
    reported: &[Span],
) -> Option<(bool, LintDiagnostic)> {
    let (n, black) = u.placed.clock(tok.index)?;
    // A number counted past a token left out (or a move put in) is a guess: no fix.
    let sure = guessed_count(u, tok.span.start).is_none();
    let fix = |span: Span, new: &str, title: String| {
        sure.then(|| doc.replace(Some(u), span, new, Applicability::Safe, title))
            .flatten()
    };
    let ply = u.ply(tok)? + 1;
    let prev = k.checked_sub(1).map(|i| &items[i]);
    let prev2 = k.checked_sub(2).map(|i| &items[i]);
    let text = u.src(tok.span);
    let at = Span::new(tok.span.start, tok.span.start);
    match (black, prev) {
        (false, Some(Item::MoveNumber(_))) => None,
        (false, _) => {
            let new = format!("{n}.{}", gap());
            Some((
                true,
                LintDiagnostic::new(
                    &RULE,
                    Severity::Warning,
                    format!("`{}` has no move number", short(text)),
                    tok.span,
                )
                .label(format!("White's move {n}"))
                .fix(fix(at, &new, format!("write `{n}.` before it")))
                .at_move(u.game.number, Some(ply)),
            ))
        }
        (true, Some(Item::MoveNumber(num))) if !num.value.black => {
            if num.value.number != n || reported.contains(&num.span) {
                return None;
            }
            let new = format!("{n}...");
            Some((
                false,
                LintDiagnostic::new(
                    &RULE,
                    Severity::Warning,
                    format!(
                        "move number `{}` before Black's move `{text}`",
                        u.src(num.span)
                    ),
                    num.span,
                )
                .label(format!("should be {n}..."))
                .help("a Black move is numbered with three dots")
                .fix(fix(num.span, &new, format!("write `{new}`")))
                .at_move(u.game.number, Some(ply)),
            ))
        }
        (true, Some(Item::Comment(_) | Item::Variation(_))) | (true, None) => {
            if matches!(prev2, Some(Item::MoveNumber(_))) {
                return None;
            }
            let after = match prev {
                Some(Item::Comment(_)) => "after a comment",
                Some(_) => "after a variation",
                None => "at the start of a line",
            };
            let new = format!("{n}...{}", gap());
            Some((
                true,
                LintDiagnostic::new(
                    &RULE,
                    Severity::Warning,
                    format!("Black's move `{text}` {after} has no move number"),
                    tok.span,
                )
                .label(format!("Black's move {n}"))
                .help(format!(
                    "the reader has lost count here: write `{n}...` before it"
                ))
                .fix(fix(at, &new, format!("write `{n}...` before it")))
                .at_move(u.game.number, Some(ply)),
            ))
        }
        _ => None,
    }
}
