//! Results: the result after the moves, the Result tag, and the final position agree.

use shakmaty::{Chess, Color, Position};

use crate::board::resolve::{is_checkmate, is_stalemate};
use crate::check::checker::GameChecker;
use crate::diagnostic::{Diagnostic, Problem};
use crate::span::Span;
use crate::syntax::{GameSyntax, Outcome, SyntaxIssue};

/// How a line ended.
pub(super) struct LineEnd<'l> {
    pub(super) pos: Chess,
    pub(super) complete: bool,
    pub(super) result: Option<(Outcome, Span)>,
    pub(super) last_move: Option<Span>,
    /// The moves that led to the line's end (the history it started with, then its own).
    pub(super) history: Vec<crate::check::checker::Played<'l>>,
}

impl GameChecker<'_> {
    pub(super) fn results(&mut self, syntax: &GameSyntax, end: &LineEnd<'_>) {
        let tag = syntax.tag("Result");
        let tag_outcome = tag.and_then(|t| Outcome::from_tag(&t.value));
        match (end.result, tag, tag_outcome) {
            (Some((r, span)), Some(t), Some(to)) if r != to => {
                self.diags.push(
                    Diagnostic::new(
                        Problem::ResultTagMismatch {
                            token: r.pgn().into(),
                            tag: t.value.to_string(),
                        },
                        span,
                    )
                    .label("the result here")
                    .with_secondary(t.value_span, "the Result tag")
                    .help("make the Result tag and the result after the moves agree"),
                );
            }
            _ => {}
        }
        let unclosed = syntax.issues.iter().any(|i| {
            matches!(
                i,
                SyntaxIssue::UnclosedComment(_) | SyntaxIssue::UnclosedVariation(_)
            )
        });
        // UCI has no result token: a game of a list of UCI moves (no tag pairs but a start
        // position's, as `convert --to uci` writes it; other tags make it PGN) is not asked
        // for one.
        let bare_uci = self.parser.notation == "uci"
            && syntax
                .tags
                .iter()
                .all(|t| matches!(&*t.name, "FEN" | "SetUp"));
        if end.result.is_none() && syntax.move_count > 0 && !unclosed && !bare_uci {
            let at = end.last_move.unwrap_or(syntax.span);
            let at = Span::new(at.end, at.end);
            let by_board = if end.complete && is_checkmate(&end.pos) {
                Some(if end.pos.turn() == Color::White {
                    Outcome::BlackWins
                } else {
                    Outcome::WhiteWins
                })
            } else if end.complete && is_stalemate(&end.pos) {
                Some(Outcome::Draw)
            } else {
                None
            };
            let sugg = by_board
                .or(tag_outcome)
                .map(|o| vec![o.pgn().to_owned()])
                .unwrap_or_default();
            self.diags.push(
                Diagnostic::new(Problem::MissingResult, at)
                    .label("the result belongs here")
                    .help("end the movetext with 1-0, 0-1, 1/2-1/2 or *")
                    .suggest(sugg),
            );
        }
        if !end.complete {
            return;
        }
        let pos = &end.pos;
        let position_outcome = if is_checkmate(pos) {
            Some((
                if pos.turn() == Color::White {
                    Outcome::BlackWins
                } else {
                    Outcome::WhiteWins
                },
                "checkmate",
            ))
        } else if is_stalemate(pos) {
            Some((Outcome::Draw, "stalemate"))
        } else {
            None
        };
        if let Some((expected, what)) = position_outcome {
            let winner = match expected {
                Outcome::WhiteWins => "White has mated",
                Outcome::BlackWins => "Black has mated",
                _ => "stalemate",
            };
            let _ = what;
            if let Some((r, span)) = end.result {
                if r != expected && r != Outcome::Unfinished {
                    self.diags.push(
                        Diagnostic::new(
                            Problem::ResultContradictsPosition {
                                written: r.pgn().into(),
                                position: winner.into(),
                            },
                            span,
                        )
                        .label(format!("should be {}", expected.pgn()))
                        .suggest(vec![expected.pgn().into()]),
                    );
                }
            } else if let (Some(t), Some(to)) = (tag, tag_outcome)
                && to != expected
                && to != Outcome::Unfinished
            {
                self.diags.push(
                    Diagnostic::new(
                        Problem::ResultContradictsPosition {
                            written: t.value.to_string(),
                            position: winner.into(),
                        },
                        t.value_span,
                    )
                    .label(format!("should be {}", expected.pgn()))
                    .suggest(vec![expected.pgn().into()]),
                );
            }
        }
    }
}
