//! Going back in a line: a mistake shown by a later token (a half-move left out before it,
//! two moves swapped) is repaired where it was made, and the line is read on from there.

use shakmaty::{Move, Position};

use crate::board::resolve::{Illegal, Resolution};
use crate::check::checker::Bare;
use crate::check::repair::{Found, Site, missing_note};
use crate::check::types::{MoveState, Repair, RepairNote, RepairedItem};
use crate::span::Span;
use crate::syntax::{Item, MoveToken};

use super::{BranchAt, Failure, LineWalk, shows_diagram};
use crate::diagnostic::text::short;

impl<'l> LineWalk<'_, '_, 'l> {
    /// Goes back to the token where the mistake was made (a half-move missing before it, or
    /// swapped with the next) and reads on from there.
    pub(super) fn go_back(&mut self, f: Found, failure: Failure<'l>) {
        let Failure { tok, mut d, .. } = failure;
        let i = self.snaps.len() - f.back;
        // Its branch point is kept in the snapshot before it.
        let before = i.checked_sub(1).and_then(|j| self.snaps.get(j));
        let branch = before.map(|b| BranchAt::Own(Box::new(self.snap_branch(b))));
        let mut s = self
            .snaps
            .remove(i)
            .expect("a repair goes back at most to the oldest snapshot");
        if matches!(s.branch, Some(BranchAt::Snapshot)) {
            s.branch = branch;
        }
        let (at, at_tok) = (s.at, s.tok);
        self.restore(s);
        self.snaps.clear();
        // The tokens after it that a swap plays too.
        let later: Vec<&MoveToken> = self.line.items[at + 1..]
            .iter()
            .filter_map(|i| match i {
                Item::Move(t) => Some(t),
                _ => None,
            })
            .take(f.repair.played_order().len().saturating_sub(1))
            .collect();
        d.span = at_tok.span;
        d.ply = Some(self.state.ply + 1);
        let (pos, origins) = (&self.state.pos, &self.state.origins);
        self.g.name_repair(
            &mut d,
            &Site {
                span: at_tok.span,
                pos,
                origins,
                next: &later,
            },
            &f,
            (false, false),
        );
        let shown = self.g.src(tok.span).to_owned();
        d = d.with_secondary(
            tok.span,
            format!(
                "`{}` is the first move that cannot be read as written",
                short(&shown)
            ),
        );
        self.g.diags.push(d);
        self.g.repairs.push(RepairNote {
            span: at_tok.span,
            index: Some(at_tok.index),
            repair: f.repair.clone(),
        });
        // The token after a gap is read again, and its number checked then; the first of
        // swapped tokens, or a slip, is not.
        if !matches!(f.repair, Repair::Insert { .. } | Repair::Delete) {
            self.check_pending();
        }
        match f.repair {
            Repair::Insert { missing, fits, .. } => {
                if self.record {
                    self.g.repaired.push(RepairedItem::Move {
                        m: Some(missing),
                        note: Some(missing_note(fits)),
                    });
                }
                self.play_assumed(missing, at_tok.span, Bare::Token(at_tok));
                self.at = at;
            }
            Repair::Swap { .. } | Repair::SwapOneSide { .. } => {
                let toks: Vec<&MoveToken> = std::iter::once(at_tok).chain(later).collect();
                self.play_swapped(&toks, &f.repair.played_order());
                self.at = at + 1;
            }
            Repair::Replace(m) => {
                self.g.moves[at_tok.index] = MoveState::Assumed(m);
                if self.record {
                    let shown = self.g.src(at_tok.span).to_owned();
                    self.g.repaired.push(RepairedItem::Move {
                        m: Some(m),
                        note: Some(format!(
                            "scoresheet: `{shown}` is legal, but the moves after it do not read; assumed this move"
                        )),
                    });
                }
                self.play_assumed(m, at_tok.span, Bare::Token(at_tok));
                self.at = at + 1;
            }
            Repair::Delete => {}
        }
    }

    /// Plays a move a repair assumed at `span`: messages that name it later write it as the
    /// game's writer would, unless the token there reads as it.
    pub(super) fn play_assumed(&mut self, m: Move, span: Span, bare: Bare<'l>) {
        let (pos, origins) = (&self.state.pos, &self.state.origins);
        let as_written = match bare {
            Bare::Token(tok) => {
                matches!(self.g.resolve_tok(tok, pos, origins), Resolution::Legal(r) if r == m)
            }
            Bare::Span(_) => false,
        };
        let read_as =
            (!as_written).then(|| self.g.writer().write_unmarked(pos, origins, &m).into());
        self.play_read(m, span, bare, read_as);
    }

    /// Reads on from a repair at the token in error itself.
    pub(super) fn repair_here(&mut self, f: Found, failure: Failure<'l>) {
        self.clear_snaps();
        let Failure {
            tok,
            res,
            mut d,
            diagram,
            rest,
            before,
            ..
        } = failure;
        // With a half-move inserted before it, the token's move number is checked again.
        let renumber = match (&f.repair, before.pending) {
            (Repair::Insert { .. }, Some((n, _))) => {
                self.g.rewind(before.mark);
                Some(n)
            }
            _ => None,
        };
        let wrong_side = matches!(res, Resolution::Illegal(Illegal::WrongSide { .. }));
        let (pos, origins) = (&self.state.pos, &self.state.origins);
        // The move number written before it says the move is the other side's (`15.` before
        // a token read for Black): a reading as the mover's is no fix then.
        let numbered_other = wrong_side
            && before
                .pending
                .is_some_and(|(n, _)| n.value.black == (pos.turn() == shakmaty::Color::White));
        self.g.name_repair(
            &mut d,
            &Site {
                span: tok.span,
                pos,
                origins,
                next: &rest,
            },
            &f,
            (wrong_side, numbered_other),
        );
        if shows_diagram(&d) {
            d.diagram = diagram;
        }
        self.g.diags.push(d);
        self.g.repairs.push(RepairNote {
            span: tok.span,
            index: Some(tok.index),
            repair: f.repair.clone(),
        });
        for (m, note) in self.repaired_moves(tok, &f.repair, &res, &rest) {
            if self.record {
                self.g
                    .repaired
                    .push(RepairedItem::Move { m: Some(m), note });
            }
            // Repaired moves are not part of the main line as read.
            self.play_assumed(m, tok.span, Bare::Token(tok));
        }
        if let Some(n) = renumber {
            let turn = !self.state.pos.turn();
            self.g.check_number(
                n,
                self.state.ply - 1,
                self.fullmove,
                self.first_ply_offset,
                turn,
            );
        }
    }

    /// The moves a repair at a token plays, each with its note for the repaired score; the
    /// tokens' states set to them. Swapped tokens are played here, each at its own token
    /// (nothing is returned for them).
    fn repaired_moves(
        &mut self,
        tok: &'l MoveToken,
        repair: &Repair,
        res: &Resolution,
        rest: &[&'l MoveToken],
    ) -> Vec<(Move, Option<String>)> {
        let shown = self.g.src(tok.span).to_owned();
        match repair {
            Repair::Replace(m) => {
                self.g.moves[tok.index] = MoveState::Assumed(*m);
                let why = match res {
                    Resolution::Ambiguous(_) => "is ambiguous here",
                    Resolution::MissingPromotion(_) => "does not name the promotion piece",
                    _ => "is not legal here",
                };
                vec![(
                    *m,
                    Some(format!("scoresheet: `{shown}` {why}; assumed this move")),
                )]
            }
            Repair::Insert {
                missing,
                then,
                fits,
            } => {
                self.g.moves[tok.index] = MoveState::Legal(*then);
                vec![(*missing, Some(missing_note(*fits))), (*then, None)]
            }
            Repair::Swap { .. } | Repair::SwapOneSide { .. } => {
                let moves = repair.played_order();
                let toks: Vec<&MoveToken> = std::iter::once(tok)
                    .chain(rest.iter().copied())
                    .take(moves.len())
                    .collect();
                self.play_swapped(&toks, &moves);
                Vec::new()
            }
            Repair::Delete => {
                if self.record {
                    self.g.repaired.push(RepairedItem::Note(format!(
                        "scoresheet: `{shown}` left out (it does not fit)"
                    )));
                }
                Vec::new()
            }
        }
    }

    /// Plays swapped tokens: `toks` as written, the first where the line is now; `moves` as
    /// played in their places, the first and the last written in each other's place. The
    /// tokens after the first are played ahead (skipped when reached, their move numbers
    /// checked then).
    fn play_swapped(&mut self, toks: &[&'l MoveToken], moves: &[Move]) {
        let n = toks.len();
        let texts: Vec<String> = toks.iter().map(|t| self.g.src(t.span).to_owned()).collect();
        let start = self.state.ply;
        for (i, m) in moves.iter().enumerate() {
            // The token this move is written at.
            let w = match i {
                0 => n - 1,
                i if i == n - 1 => 0,
                i => i,
            };
            self.g.moves[toks[w].index] = MoveState::Legal(*m);
            if i > 0 {
                self.played_ahead.push((toks[i].index, start + i as u32));
            }
            if self.record {
                let note = if i == 0 {
                    Some(format!(
                        "scoresheet: written after `{}`; the two moves swapped",
                        texts[0]
                    ))
                } else if i == n - 1 {
                    Some(format!("scoresheet: written before `{}`", texts[n - 1]))
                } else {
                    None
                };
                self.g
                    .repaired
                    .push(RepairedItem::Move { m: Some(*m), note });
            }
            self.play(*m, toks[w].span, Bare::Token(toks[w]));
        }
    }
}
