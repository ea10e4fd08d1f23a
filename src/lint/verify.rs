//! Safe fixes are safe by construction: before a fix is offered as safe, it is made in the game
//! or fragment it touches and that unit is read again. It stays safe only when the unit then
//! reads to its end without an assumed repair, without more errors, and (when it read so
//! before) with the same moves. Otherwise it is offered as unsafe, or not at all when it makes
//! the reading worse.
//!
//! A unit's safe fixes are tried together (one more reading per unit); only when together they
//! read worse than the text as it is are they tried one by one, to find the ones to drop (a
//! bounded number of them: the rest are offered as unsafe).

use crate::check::{CheckedGame, MoveState};
use crate::diagnostic::Severity;
use crate::lint::diag::{Applicability, Edit, Fix, LintDiagnostic};
use crate::lint::document::{Document, Rereadable, Unit, assumed_repairs};

/// Most fixes of one unit tried one by one (the others are offered as unsafe).
const MAX_SINGLE_TRIALS: usize = 16;

/// Most move tokens read again per unit by the one-by-one trials: a long game gets fewer of
/// them, so that verifying costs at most a few readings of it.
const MAX_TRIAL_TOKENS: usize = 20_000;

/// How well a unit reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reading {
    /// Errors reported.
    errors: usize,
    /// Repairs assumed to read on.
    repairs: usize,
    /// Move tokens not resolved to a move (not reached, unresolved, or assumed).
    unresolved: usize,
}

impl Reading {
    fn of(g: &CheckedGame) -> Reading {
        Reading {
            errors: g
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count(),
            repairs: assumed_repairs(g).count(),
            unresolved: g
                .moves
                .iter()
                .filter(|m| !matches!(m, MoveState::Legal(_) | MoveState::Null))
                .count(),
        }
    }

    /// Every move read, with no repair.
    const fn clean(self) -> bool {
        self.repairs == 0 && self.unresolved == 0
    }

    const fn worse_than(self, old: Reading) -> bool {
        self.errors > old.errors || self.repairs > old.repairs || self.unresolved > old.unresolved
    }
}

/// What becomes of a safe fix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// The unit reads clean with it: safe.
    Safe,
    /// No worse, but not clean: unsafe.
    Unsafe,
    /// Worse (more errors, repairs or unread moves; other moves): dropped.
    Drop,
}

/// A unit as its verdicts need it, once its syntax tree is let go: how to read it again, how
/// it reads as it is, and its moves when they all read (a safe fix must keep them).
struct Kept {
    unit: Rereadable,
    move_count: usize,
    reading: Reading,
    moves: Option<Vec<MoveState>>,
}

impl Kept {
    fn of(unit: &Unit) -> Kept {
        let reading = Reading::of(&unit.game);
        Kept {
            unit: unit.rereadable(),
            move_count: unit.game.syntax.move_count,
            reading,
            moves: reading.clean().then(|| unit.game.moves.clone()),
        }
    }

    /// The verdict on the unit read again with fixes made, against the unit as it is.
    fn verdict(&self, new: &CheckedGame) -> Verdict {
        let (before, after) = (self.reading, Reading::of(new));
        // A clean game must keep its moves: a safe fix changes how they are written, not them.
        let same_moves = self.moves.as_ref().is_none_or(|m| *m == new.moves);
        if after.worse_than(before) || !same_moves {
            Verdict::Drop
        } else if after.clean() && after.errors <= before.errors {
            Verdict::Safe
        } else {
            Verdict::Unsafe
        }
    }
}

/// The unit whose span holds every edit of `fix`: the innermost (a LaTeX game's span runs from
/// its first `\mainline` to its last, around the fragments of the prose between them).
fn unit_of(units: &[Unit], fix: &Fix) -> Option<usize> {
    let first = fix.edits.iter().map(|e| e.span.start).min()?;
    let end = units.partition_point(|u| u.game.syntax.span.start <= first);
    (0..end).rev().find(|&i| {
        let span = units[i].game.syntax.span;
        fix.edits
            .iter()
            .all(|e| span.start <= e.span.start && e.span.end <= span.end)
    })
}

/// Checks every safe fix of `diagnostics` (found in `units`, a group of the document) by
/// reading its unit again, and downgrades or drops the ones that do not hold. A safe fix
/// outside every unit is offered as unsafe. The units' syntax trees are let go first: one
/// reading at a time is held.
pub(crate) fn verify(doc: &Document, units: Vec<Unit>, diagnostics: &mut [LintDiagnostic]) {
    // The diagnostics with a safe fix, by unit.
    let mut by_unit: Vec<Vec<usize>> = vec![Vec::new(); units.len()];
    for (i, d) in diagnostics.iter_mut().enumerate() {
        let Some(fix) = d
            .fix
            .as_mut()
            .filter(|f| f.applicability == Applicability::Safe)
        else {
            continue;
        };
        match unit_of(&units, fix) {
            Some(u) => by_unit[u].push(i),
            None => fix.applicability = Applicability::Unsafe,
        }
    }
    let kept: Vec<Option<Kept>> = units
        .into_iter()
        .zip(&by_unit)
        .map(|(u, list)| (!list.is_empty()).then(|| Kept::of(&u)))
        .collect();
    for (unit, list) in kept.iter().zip(&by_unit) {
        let Some(unit) = unit else {
            continue;
        };
        let fixes: Vec<&Fix> = list
            .iter()
            .filter_map(|&i| diagnostics[i].fix.as_ref())
            .collect();
        let verdicts = unit_verdicts(doc, unit, &fixes);
        for (&i, v) in list.iter().zip(verdicts) {
            match v {
                Verdict::Safe => {}
                Verdict::Unsafe => {
                    if let Some(f) = diagnostics[i].fix.as_mut() {
                        f.applicability = Applicability::Unsafe;
                    }
                }
                Verdict::Drop => diagnostics[i].fix = None,
            }
        }
    }
}

/// The verdict on each of a unit's safe fixes: all of them together first, one by one only
/// when together they read worse (or do not fit together).
fn unit_verdicts(doc: &Document, unit: &Kept, fixes: &[&Fix]) -> Vec<Verdict> {
    let read = |fixes: &[&Fix]| {
        let mut edits: Vec<&Edit> = fixes.iter().flat_map(|f| &f.edits).collect();
        unit.verdict(&unit.unit.read(&mut edits, doc.format, &doc.registry))
    };
    let taken = crate::lint::fix::taken(&unit.unit.text, fixes);
    let together: Vec<&Fix> = taken.iter().map(|&i| fixes[i]).collect();
    let all = read(&together);
    let mut out = vec![all; fixes.len()];
    let mut single: Vec<usize> = (0..fixes.len()).filter(|i| !taken.contains(i)).collect();
    if all == Verdict::Drop {
        single = (0..fixes.len()).collect();
    }
    let trials = MAX_SINGLE_TRIALS.min(MAX_TRIAL_TOKENS / unit.move_count.max(1));
    for (n, i) in single.into_iter().enumerate() {
        out[i] = if n < trials {
            read(&fixes[i..=i])
        } else {
            Verdict::Unsafe
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rule::RuleInfo;
    use crate::lint::rules::sc103_check_mark::RULE;
    use crate::span::Span;

    fn read(name: &str, text: &str) -> (Document, Vec<Unit>) {
        Document::read_units(name, text)
    }

    /// A safe fix that writes `new` over `old` (its first occurrence in `text`).
    fn safe_fix(text: &str, old: &str, new: &str) -> Fix {
        let at = text.find(old).expect("in the text");
        Fix {
            applicability: Applicability::Safe,
            title: String::new(),
            edits: vec![Edit {
                span: Span::new(at, at + old.len()),
                replacement: new.into(),
            }],
        }
    }

    /// The verdict on one made-up safe fix: `old` replaced by `new` (its first occurrence).
    fn judged(text: &str, old: &str, new: &str) -> Option<Applicability> {
        let (doc, units) = read("t.pgn", text);
        let rule: &'static RuleInfo = &RULE;
        let mut d = vec![
            LintDiagnostic::new(rule, Severity::Warning, "test", Span::new(0, 0))
                .fix(Some(safe_fix(text, old, new))),
        ];
        verify(&doc, units, &mut d);
        d[0].fix.as_ref().map(|f| f.applicability)
    }

    #[test]
    fn a_fix_that_keeps_the_moves_of_a_clean_game_stays_safe() {
        let game = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 1-0\n";
        assert_eq!(judged(game, "Qxf7", "Qxf7#"), Some(Applicability::Safe));
        assert_eq!(judged(game, "2. Bc4", "2.Bc4"), Some(Applicability::Safe));
    }

    #[test]
    fn a_fix_that_changes_or_breaks_a_move_is_dropped() {
        let game = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
        assert_eq!(judged(game, "Nf3", "Nc3"), None, "another move");
        assert_eq!(judged(game, "Nf3", "Nf9"), None, "unreadable");
        assert_eq!(judged(game, "Bb5", "Bb6"), None, "illegal");
    }

    #[test]
    fn a_fix_in_a_fragment_inside_a_latex_game_is_read_with_the_fragment() {
        let text = "\\newchessgame\n\\mainline{1. e4 e5 2. Nf3}\n\nNow 2...Nc6 3.Bb5+ is usual.\n\n\
                    \\mainline{2... Nc6 3. Bb5 a6}\n";
        let (doc, units) = read("t.tex", text);
        assert_eq!((doc.games, doc.fragments()), (1, 1));
        let fix = safe_fix(text, "Bb5+", "Bb5");
        let unit = unit_of(&units, &fix).expect("a unit");
        assert_eq!(units[unit].kind, crate::lint::document::UnitKind::Fragment);
    }

    #[test]
    fn a_fix_in_a_game_that_does_not_read_to_its_end_is_unsafe() {
        // `Ke3` is illegal: the checker reads on from an assumed repair.
        let game = "1. e4 e5 2. Nf3 Nc6 3. Ke3 a6 4. Bb5+ *\n";
        assert_eq!(judged(game, "Bb5+", "Bb5"), Some(Applicability::Unsafe));
        // A fix with which the game reads to its end is left as it is (verifying never makes
        // a fix safer than its rule says).
        assert_eq!(judged(game, "Ke3", "Bc4"), Some(Applicability::Safe));
    }
}
