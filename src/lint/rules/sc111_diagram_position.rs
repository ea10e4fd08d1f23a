//! Diagrams that do not show the position of the game at their place.
//!
//! ## What it does
//! Compares every position the text shows with the game it follows: a FEN (in a fenced
//! block tagged `fen`, `diagram`, `position` or `board`, in inline code or on a line of its
//! own), a position record (`White: Kg1, Rf1. Black: Kg8`, in any language), a drawn diagram
//! (eight ranks of figurines or FEN letters, `·` or `.` for empty squares), or a LaTeX board
//! (`\chessboard[setfen=…]`, `\fenboard{…}`, and `\newchessgame[setfen=…]` when its FEN
//! continues the game before it).
//! The position is the one after the last move before the diagram in the text, on the game's
//! main line or in a line of moves of the prose after it (`after 12...Bxg3 13.fxg3 the position
//! is`). Only the men on the board are compared, and the side to move when the diagram says it
//! (a FEN, a diagram headed `Black to move`); a FEN's counters are not. A diagram before the
//! first game, or after a LaTeX `\newchessgame` with no moves yet, follows no game and is not
//! compared; nor is one after a move that could not be read. A FEN or diagram that cannot be
//! read is reported too.
//!
//! ## Why is this bad?
//! Readers trust diagrams more than the moves: a diagram of another position (a move played
//! twice, a piece left out, a diagram moved from another game) misleads every reader who
//! follows the game on it.
//!
//! ## Example
//! ```text
//! 1. e4 e5 2. Nf3 Nc6
//!
//! The position: `r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2 3`
//! ```
//! The knight is missing from f3. Use instead:
//! ```text
//! 1. e4 e5 2. Nf3 Nc6
//!
//! The position: `r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3`
//! ```
use shakmaty::{Chess, Position};

use super::{Category, FixAvailability, Rule, RuleCode, RuleInfo};
use crate::board::words::side_name;
use crate::diagnostic::Severity;
use crate::lint::diag::LintDiagnostic;
use crate::lint::diagrams::{Diagram, Shown};
use crate::lint::document::{Unit, UnitKind};
use crate::lint::scope::{Scope, Stage};
use crate::position::{self, Form, PositionError, Reading};
use crate::span::Span;
use crate::syntax::{Item, MoveToken};

/// The rule.
pub(crate) static RULE: Rule = Rule {
    info: RuleInfo {
        code: RuleCode::DiagramPosition,
        name: "diagram-position",
        category: Category::Correctness,
        fix: FixAvailability::None,
        checker_codes: &[],
        source: include_str!("sc111_diagram_position.rs"),
    },
    run,
};

/// Differences listed at most in a help.
const MOST_LISTED: usize = 8;

fn run(scope: &Scope<'_>, out: &mut Vec<LintDiagnostic>) {
    match scope.stage {
        // Unreadable diagrams, wherever they are.
        Stage::File => {
            for d in &scope.diagrams {
                if let Err(e) = &d.reading {
                    out.push(unreadable(e));
                }
            }
        }
        Stage::Group => {
            let Some(game) = scope.units.iter().find(|u| u.kind == UnitKind::Game) else {
                return;
            };
            let index = game.game.number.checked_sub(1);
            for d in scope.diagrams.iter().filter(|d| d.game == index) {
                if let Ok(reading) = &d.reading {
                    compare(scope.units, d, reading, out);
                }
            }
        }
        Stage::End => {}
    }
}

fn unreadable(e: &PositionError) -> LintDiagnostic {
    let (label, help) = match e {
        PositionError::Unreadable { label, help, .. } => (label.clone(), help.clone()),
        PositionError::Illegal { help, .. } => ("this position".to_owned(), help.clone()),
    };
    let mut d =
        LintDiagnostic::new(&RULE.info, Severity::Error, e.to_string(), e.span()).label(label);
    d.help = help;
    d
}

/// The last main-line move before `at` in the group (of its game or of a line of moves in
/// the prose after it): its unit and token.
fn last_move_before(units: &[Unit], at: usize) -> Option<(&Unit, &MoveToken)> {
    let mut best: Option<(&Unit, &MoveToken)> = None;
    for u in units {
        for item in &u.game.syntax.root.items {
            let Item::Move(tok) = item else { continue };
            if tok.span.end <= at && best.is_none_or(|(_, b)| tok.span.end > b.span.end) {
                best = Some((u, tok));
            }
        }
    }
    best
}

/// The move as a book names it: `13. fxg3`, `12... Bxg3`.
fn move_name(u: &Unit, tok: &MoveToken) -> String {
    // As written, without the blanks a LaTeX `\#` leaves in the text of the game.
    let text: String = u.src(tok.span).split_whitespace().collect();
    match u.placed.clock(tok.index) {
        Some((n, false)) => format!("{n}. {text}"),
        Some((n, true)) => format!("{n}... {text}"),
        None => text.to_owned(),
    }
}

/// Compares a diagram with the position after the move before it.
fn compare(units: &[Unit], d: &Diagram, reading: &Reading, out: &mut Vec<LintDiagnostic>) {
    let Some((unit, tok)) = last_move_before(units, d.span.start) else {
        return;
    };
    // A move that could not be placed: the game's position there is not known.
    let Some(placed) = unit.placed(tok) else {
        return;
    };
    let mut after: Chess = placed.before;
    match placed.m {
        Some(m) => after.play_unchecked(m),
        None => match after.swap_turn() {
            Ok(p) => after = p,
            Err(_) => return,
        },
    }
    // A new game whose FEN is not the next move of this one starts another game.
    if d.shown == Shown::NewGame
        && (reading.setup.fullmoves != after.fullmoves() || reading.setup.turn != after.turn())
    {
        return;
    }
    let diffs = position::differences(after.board(), &reading.setup.board);
    let side = reading.turn_written && reading.setup.turn != after.turn();
    if diffs.is_empty() && !side {
        return;
    }
    let name = move_name(unit, tok);
    let what = match reading.form {
        Form::Fen => "FEN",
        Form::Record => "position record",
        Form::Diagram | Form::Gbr => "diagram",
    };
    let message = if diffs.is_empty() {
        format!(
            "the {what} says {} is to move after {name}; it is {}'s move",
            side_name(reading.setup.turn),
            side_name(after.turn())
        )
    } else {
        let n = diffs.len();
        let squares = if n == 1 {
            "square differs"
        } else {
            "squares differ"
        };
        format!("the {what} does not show the position after {name}: {n} {squares}")
    };
    let mut help: Vec<String> = diffs
        .iter()
        .take(MOST_LISTED)
        .map(|x| x.describe("the game", &format!("the {what}")))
        .collect();
    if diffs.len() > MOST_LISTED {
        help.push(format!("… and {} more", diffs.len() - MOST_LISTED));
    }
    if side && !diffs.is_empty() {
        help.push(format!(
            "to move: in the game {}, in the {what} {}",
            side_name(after.turn()),
            side_name(reading.setup.turn)
        ));
    }
    let (game_label, shown_label) = ("the game:".to_owned(), format!("the {what}:"));
    let width = game_label.chars().count().max(shown_label.chars().count());
    help.push(format!("{game_label:<width$} {}", position::fen_of(&after)));
    help.push(format!(
        "{shown_label:<width$} {}",
        position::fen(&reading.setup)
    ));
    let ply = unit.ply(tok).map(|p| p + 1);
    out.push(
        LintDiagnostic::new(&RULE.info, Severity::Error, message, d.span)
            .label(format!("not the position after {name}"))
            .with_secondary(
                Span::new(tok.span.start, tok.span.end),
                "the move before it",
            )
            .help(help.join("\n"))
            .at_move(unit.game.number, ply),
    );
}
