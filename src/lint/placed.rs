//! Where each move token of a unit stood on the board, kept small: a step per placed token
//! (its move, the move number and side before and after it, and a link to the position
//! before it), with a full position only every [`CHECKPOINT_EVERY`] moves of a line. A token's
//! position is played again from the nearest checkpoint when a rule asks for it; its ply
//! needs no position.
//!
//! A game of 600,000 plies held a position and origins (about 250 bytes) per move; it now
//! holds about 40 bytes per move.

use shakmaty::{Chess, Color, Move, Position};

use crate::board::descriptive::Origins;
use crate::check::{CheckedGame, MoveState};
use crate::syntax::walker::MAX_DEPTH;
use crate::syntax::{Item, Line};

/// The half-moves played before a position, counted from the standard start (move 1, White).
pub(crate) fn abs_ply(pos: &Chess) -> u32 {
    Clock::of(pos).ply()
}

/// Moves played at most from a checkpoint to rebuild a position.
const CHECKPOINT_EVERY: u32 = 32;

/// A move token placed on the board.
#[derive(Clone, Debug)]
pub struct Placed {
    /// The position before it.
    pub before: Chess,
    /// Where each piece of `before` started (descriptive `QN`, `KR` read by it).
    pub origins: Origins,
    /// The move (`None`: a null move).
    pub m: Option<Move>,
    /// On the unit's main line.
    pub main: bool,
}

/// How a position is had: stored, or played from the position before a step.
#[derive(Clone, Copy, Debug)]
enum Link {
    /// A stored position.
    Checkpoint(u32),
    /// The position after this step.
    After(u32),
}

/// The move number and side to move of a position (what its ply is counted from).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Clock {
    fullmoves: u32,
    black: bool,
}

impl Clock {
    fn of(pos: &Chess) -> Clock {
        Clock {
            fullmoves: pos.fullmoves().get(),
            black: pos.turn() == Color::Black,
        }
    }

    /// The half-moves played before it (wrapping on a move number past `u32::MAX / 2`, which
    /// only a hand-written FEN can give).
    const fn ply(self) -> u32 {
        self.fullmoves
            .saturating_sub(1)
            .wrapping_mul(2)
            .wrapping_add(self.black as u32)
    }
}

/// One placed token.
#[derive(Clone, Copy, Debug)]
struct Step {
    /// Its `MoveToken::index`.
    index: u32,
    /// The move (`None`: a null move).
    m: Option<Move>,
    /// The position before it.
    before: Link,
    /// The clock before it.
    clock: Clock,
    /// The clock after it (`None`: a null move the side to move could not pass).
    after: Option<Clock>,
    /// On the unit's main line.
    main: bool,
}

/// Every move token of a checked game on the board, by index.
#[derive(Clone, Debug, Default)]
pub struct Placements {
    /// In the order the walk met them.
    steps: Vec<Step>,
    /// `(index, step)` sorted by index, one per index (the last placement), when the steps
    /// are not already in strictly increasing index order.
    by_index: Vec<(u32, u32)>,
    /// Stored positions.
    checkpoints: Vec<(Chess, Origins)>,
}

/// The position a walk stands on: itself, how to have it again, and how many moves that
/// plays.
#[derive(Clone)]
struct Here {
    pos: Chess,
    origins: Origins,
    /// `None`: not to be had from a step (a stored position is made when a step needs it).
    link: Option<Link>,
    depth: u32,
}

impl Placements {
    /// Places every move token of a checked game.
    pub(crate) fn new(game: &CheckedGame) -> Placements {
        let mut out = Placements::default();
        if let Some(start) = &game.start {
            let here = Here {
                pos: start.clone(),
                origins: Origins::from_position(start),
                link: None,
                depth: 0,
            };
            out.line(&game.syntax.root, here, game, true, 0);
        }
        let sorted = out.steps.windows(2).all(|w| w[0].index < w[1].index);
        if !sorted {
            let mut by: Vec<(u32, u32)> = (0..out.steps.len() as u32)
                .map(|i| (out.steps[i as usize].index, i))
                .collect();
            // Stable: a token placed twice keeps its last placement.
            by.sort_by_key(|p| p.0);
            let mut dedup: Vec<(u32, u32)> = Vec::with_capacity(by.len());
            for p in by {
                match dedup.last_mut() {
                    Some(last) if last.0 == p.0 => *last = p,
                    _ => dedup.push(p),
                }
            }
            out.by_index = dedup;
        }
        out.steps.shrink_to_fit();
        out
    }

    /// The link to `here`, storing it when it has none or is too many moves away.
    fn link(&mut self, here: &mut Here) -> Link {
        match here.link {
            Some(l) if here.depth < CHECKPOINT_EVERY => l,
            _ => {
                self.checkpoints.push((here.pos.clone(), here.origins));
                let l = Link::Checkpoint(self.checkpoints.len() as u32 - 1);
                here.link = Some(l);
                here.depth = 0;
                l
            }
        }
    }

    fn push(&mut self, here: &mut Here, index: usize, m: Option<Move>, main: bool) -> u32 {
        let before = self.link(here);
        self.steps.push(Step {
            index: index as u32,
            m,
            before,
            clock: Clock::of(&here.pos),
            after: None,
            main,
        });
        self.steps.len() as u32 - 1
    }

    fn line(&mut self, line: &Line, start: Here, game: &CheckedGame, main: bool, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        let mut here = start;
        let mut before: Option<Here> = None;
        for item in &line.items {
            match item {
                Item::Move(tok) => {
                    let state = game.state(tok.index);
                    let placed = tok.index < game.syntax.move_count;
                    match state {
                        MoveState::Legal(m) | MoveState::Assumed(m) if here.pos.is_legal(m) => {
                            let step =
                                placed.then(|| self.push(&mut here, tok.index, Some(m), main));
                            before = Some(here.clone());
                            here.origins.play(&m);
                            here.pos.play_unchecked(m);
                            self.moved(&mut here, step);
                        }
                        MoveState::Null => {
                            let step = placed.then(|| self.push(&mut here, tok.index, None, main));
                            before = Some(here.clone());
                            match here.pos.clone().swap_turn() {
                                Ok(p) => here.pos = p,
                                Err(_) => break,
                            }
                            self.moved(&mut here, step);
                        }
                        _ => break,
                    }
                }
                Item::Variation(v) => {
                    if let Some(b) = &before {
                        self.line(v, b.clone(), game, false, depth + 1);
                    }
                }
                _ => {}
            }
        }
    }

    /// `here` has just been played from the position before `step` (when the token was
    /// placed): the step's clock after, and the link to `here`.
    fn moved(&mut self, here: &mut Here, step: Option<u32>) {
        match step {
            Some(s) => {
                let depth = here.depth;
                self.steps[s as usize].after = Some(Clock::of(&here.pos));
                here.link = Some(Link::After(s));
                here.depth = depth + 1;
            }
            None => here.link = None,
        }
    }

    /// The step of a token index.
    fn step(&self, index: usize) -> Option<&Step> {
        let index = u32::try_from(index).ok()?;
        if self.by_index.is_empty() {
            let at = self.steps.binary_search_by_key(&index, |s| s.index).ok()?;
            Some(&self.steps[at])
        } else {
            let at = self.by_index.binary_search_by_key(&index, |p| p.0).ok()?;
            Some(&self.steps[self.by_index[at].1 as usize])
        }
    }

    /// The steps by index, one per index.
    fn sorted(&self) -> impl Iterator<Item = &Step> {
        let direct = self.by_index.is_empty();
        let n = if direct {
            self.steps.len()
        } else {
            self.by_index.len()
        };
        (0..n).map(move |i| {
            if direct {
                &self.steps[i]
            } else {
                &self.steps[self.by_index[i].1 as usize]
            }
        })
    }

    /// The position a link stands for.
    fn position(&self, link: Link) -> Option<(Chess, Origins)> {
        let mut moves = Vec::new();
        let mut at = link;
        let (mut pos, mut origins) = loop {
            match at {
                Link::Checkpoint(c) => break self.checkpoints.get(c as usize)?.clone(),
                Link::After(s) => {
                    let step = self.steps.get(s as usize)?;
                    moves.push(step.m);
                    at = step.before;
                }
            }
        };
        for m in moves.into_iter().rev() {
            match m {
                Some(m) => {
                    origins.play(&m);
                    pos.play_unchecked(m);
                }
                None => pos = pos.swap_turn().ok()?,
            }
        }
        Some((pos, origins))
    }

    /// The token's placement, if it was placed.
    pub fn get(&self, index: usize) -> Option<Placed> {
        let step = self.step(index)?;
        let (before, origins) = self.position(step.before)?;
        Some(Placed {
            before,
            origins,
            m: step.m,
            main: step.main,
        })
    }

    /// The half-moves played before the token (see [`abs_ply`]), if it was placed.
    pub fn ply(&self, index: usize) -> Option<u32> {
        self.step(index).map(|s| s.clock.ply())
    }

    /// The move number and whether Black is to move before the token, if it was placed.
    pub fn clock(&self, index: usize) -> Option<(u32, bool)> {
        self.step(index).map(|s| (s.clock.fullmoves, s.clock.black))
    }

    /// Is no token placed?
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The positions before every placed move and after each (main line first, then the
    /// variations; by index) whose ply is `ply`, in that order.
    pub(crate) fn positions_at(&self, ply: u32) -> impl Iterator<Item = Chess> + '_ {
        [true, false].into_iter().flat_map(move |main| {
            self.sorted()
                .filter(move |s| s.main == main)
                .flat_map(move |s| {
                    let before = (s.clock.ply() == ply).then_some(false);
                    let after = (s.after.is_some_and(|a| a.ply() == ply)).then_some(true);
                    before.into_iter().chain(after).filter_map(move |after| {
                        let (mut pos, _) = self.position(s.before)?;
                        if after {
                            match s.m {
                                Some(m) => pos.play_unchecked(m),
                                None => pos = pos.swap_turn().ok()?,
                            }
                        }
                        Some(pos)
                    })
                })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{Options, check_str};

    fn game(text: &str) -> CheckedGame {
        let file = check_str("t.pgn", text, &Options::default()).expect("reads");
        file.games.into_iter().next().expect("a game")
    }

    /// `moves` moves of knights going out and back.
    fn knights(moves: u32) -> String {
        (1..=moves)
            .step_by(2)
            .map(|n| format!("{n}. Nf3 Nf6 {}. Ng1 Ng8 ", n + 1))
            .collect()
    }

    #[test]
    fn positions_are_rebuilt_from_the_stored_ones() {
        // 400 plies of knights, far more than one stretch between stored positions.
        let text = format!("{}201. e4 *", knights(200));
        let g = game(&text);
        let placed = Placements::new(&g);
        assert!(
            placed.checkpoints.len() < 20,
            "{}",
            placed.checkpoints.len()
        );
        let mut pos = g.start.clone().expect("a start");
        for (tok, m) in g.syntax.root.moves().zip(&g.mainline) {
            let p = placed.get(tok.index).expect("placed");
            assert_eq!(p.before, pos, "token {}", tok.index);
            assert_eq!(p.m, *m);
            assert!(p.main);
            assert_eq!(placed.ply(tok.index), Some(abs_ply(&pos)));
            pos.play_unchecked(m.expect("a move"));
        }
        assert_eq!(g.mainline.len(), 401);
    }

    fn d5_before(placed: &Placements, toks: &[&crate::syntax::MoveToken], e4: usize) -> Chess {
        placed.get(toks[e4 + 2].index).expect("d5").before
    }

    #[test]
    fn a_variation_starts_from_the_position_before_the_move_it_replaces() {
        let text = format!(
            "{}81. e4 (81. d4 d5 (81... Nf6) 82. c4) 81... e5 *",
            knights(80)
        );
        let g = game(&text);
        let placed = Placements::new(&g);
        let toks: Vec<_> = g.syntax.root.moves().collect();
        let text_of = |i: usize| &text[toks[i].span.start..toks[i].span.end];
        let e4 = toks
            .iter()
            .position(|t| text_of(t.index) == "e4")
            .expect("e4");
        let d4 = placed.get(toks[e4 + 1].index).expect("d4 placed");
        assert_eq!(d4.before, placed.get(toks[e4].index).expect("e4").before);
        assert!(!d4.main);
        // `81... Nf6` replaces `d5`: after `d4`.
        let nf6 = placed.get(toks[e4 + 3].index).expect("Nf6 placed");
        assert_eq!(
            nf6.before,
            placed.get(toks[e4 + 2].index).expect("d5").before
        );
        assert_eq!(placed.ply(toks[e4 + 3].index), Some(161));
        // Positions at a ply, main line first: after e4, before e5; then after d4, before d5,
        // before Nf6.
        let at: Vec<Chess> = placed.positions_at(161).collect();
        assert_eq!(at.len(), 5);
        let e5 = placed.get(toks[e4 + 5].index).expect("e5");
        assert!(e5.main);
        assert_eq!((&at[0], &at[1]), (&e5.before, &e5.before));
        assert_eq!(at[2], d5_before(&placed, &toks, e4));
    }
}
