//! The cheapest explanation of the rest of a line: the written tokens after a repair, each
//! matched to a legal move at a cost — nothing for a token that reads as written; a mistake
//! for a slip (plus how unlike its move the text is), a half-move left out, a token with no
//! move, two adjacent half-moves or one side's two moves in each other's place. The search is
//! by cost over the whole rest of the line (cheapest explanation first, the same position
//! after the same token explored once), not one mistake at a time: a repair that reads less
//! far but leaves one cheap mistake after it beats one that reads further into two.
//!
//! It is bounded: at most [`MOST_MISTAKES`] more mistakes are looked for, and [`EXPANSIONS`]
//! explanations followed, each within the game's repair budget.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position};

use super::best::Start;
use super::{Beyond, REPAIR_BUDGET, WINDOW};
use crate::board::descriptive::Origins;
use crate::board::resolve::Resolution;
use crate::check::checker::GameChecker;
use crate::render::{self, EDIT};
use crate::span::Span;
use crate::syntax::MoveToken;

/// What any mistake costs, beside what sets its kinds apart: ten plain typing edits, so that
/// one mistake more always costs more than the text of a likelier reading saves.
pub(super) const MISTAKE: i32 = 10 * EDIT;

/// Beside [`MISTAKE`]: a half-move left out (about one slip's edit).
const LEFT_OUT: i32 = EDIT;
/// Beside [`MISTAKE`]: two adjacent half-moves in each other's place.
const SWAPPED: i32 = EDIT / 2;
/// Beside [`MISTAKE`]: one side's two moves in each other's place.
const SWAPPED_ONE_SIDE: i32 = EDIT;
/// Beside [`MISTAKE`]: a token that is no move (left out of the game).
const NO_MOVE: i32 = 2 * EDIT;
/// Beside [`MISTAKE`]: a move written twice (the second left out of the game).
const WRITTEN_TWICE: i32 = EDIT / 2;

/// How many more mistakes an explanation may have.
pub(super) const MOST_MISTAKES: u8 = 3;

/// How many explanations are followed, at most, in one search, per start.
const EXPANSIONS: usize = 40;

/// How many of the cheapest readings of a token in error are tried, and how many at most
/// when more are about as cheap.
const READINGS: usize = 4;
const MOST_READINGS: usize = 10;

/// One written item of the rest of a line.
#[derive(Clone, Copy)]
enum Step<'t> {
    Move(&'t MoveToken),
    /// Text that is no move as written (a slip that made a token unreadable, or prose).
    Unreadable(Span),
}

/// The cheapest explanation found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Decoded {
    /// What its mistakes cost (0: the rest reads as written); when the search stopped before
    /// explaining everything, the least any explanation can still cost.
    pub(super) cost: i32,
    /// How many of the tokens the furthest explanation got past.
    pub(super) reach: usize,
}

impl Decoded {
    /// The order of explanations: cheaper first, then the one that got further.
    pub(super) fn key(self) -> (i32, Reverse<usize>) {
        (self.cost, Reverse(self.reach))
    }
}

/// What the search does next with a node: walk it, or draw up its explanations of one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Task {
    Walk,
    Slips,
    LeftOut,
    Swaps,
    NoMove,
}

impl Task {
    /// The kinds of explanation.
    const KINDS: [Task; 4] = [Task::Slips, Task::LeftOut, Task::Swaps, Task::NoMove];

    /// The least an explanation of the kind costs beside [`MISTAKE`].
    const fn floor(self) -> i32 {
        match self {
            Task::Walk | Task::Slips => 0,
            Task::LeftOut => LEFT_OUT,
            Task::Swaps => SWAPPED,
            Task::NoMove => WRITTEN_TWICE,
        }
    }
}

/// An explanation of the steps before `at`, and the position it leads to.
struct Node {
    cost: i32,
    at: usize,
    pos: Chess,
    origins: Origins,
    mistakes: u8,
    /// The positions before the last two steps, when both were read as written in this
    /// explanation (for swaps that show only after them).
    before: [Option<(Chess, Origins)>; 2],
    /// Which start it explains on from.
    root: usize,
}

impl Node {
    fn child(&self, cost: i32, at: usize, (pos, origins): (Chess, Origins)) -> Node {
        Node {
            cost: self.cost + MISTAKE + cost,
            at,
            pos,
            origins,
            mistakes: self.mistakes + 1,
            before: [None, None],
            root: self.root,
        }
    }
}

/// The steps of the rest of a line: the move tokens after the repair, then, when an
/// unreadable token ended them, that token and the move tokens after it.
fn steps<'t>(rest: &[&'t MoveToken], beyond: &Beyond<'t>) -> Vec<Step<'t>> {
    let mut out: Vec<Step<'t>> = rest.iter().map(|t| Step::Move(t)).collect();
    if let Some(span) = beyond.unreadable {
        out.push(Step::Unreadable(span));
        out.extend(beyond.after.iter().map(|t| Step::Move(t)));
    }
    out
}

/// The swaps tried at a token in error, as (which position they start from: 0 the one before
/// it, 1 or 2 that many tokens earlier; the tokens played from there, as offsets from the token
/// in error; the kind's cost): the token and the next, one side's two moves around the reply,
/// and the same ending at the token in error, which show only after the first of them read.
const SWAPS: [(usize, &[isize], i32); 5] = [
    (0, &[1, 0], SWAPPED),
    (0, &[2, 1, 0], SWAPPED_ONE_SIDE),
    (1, &[0, -1], SWAPPED),
    (1, &[1, 0, -1], SWAPPED_ONE_SIDE),
    (2, &[0, -1, -2], SWAPPED_ONE_SIDE),
];

impl GameChecker<'_> {
    /// The cheapest explanation of the rest of a line after each of several starts (what it
    /// costs already, a position, and how many of `rest` it has read), searched together: the
    /// search stops as soon as the cheapest start is explained (and those that cost as much),
    /// so that a start that needs more mistakes costs little to rule out. A start left
    /// unexplained gets the least it can still cost, more than the cheapest.
    pub(super) fn decode_all(
        &self,
        starts: Vec<(i32, Start)>,
        rest: &[&MoveToken],
        beyond: &Beyond<'_>,
    ) -> Vec<Decoded> {
        let steps = steps(rest, beyond);
        let starts_len = starts.len();
        let mut out = vec![None; starts.len()];
        let mut reach = vec![0; starts.len()];
        let mut heap = BinaryHeap::new();
        let mut nodes = Vec::with_capacity(starts.len());
        for (root, (cost, (pos, origins, at))) in starts.into_iter().enumerate() {
            heap.push((Reverse(cost), at, Reverse(nodes.len()), Task::Walk));
            nodes.push(Node {
                cost,
                at,
                pos,
                origins,
                mistakes: 0,
                before: [None, None],
                root,
            });
        }
        let mut explored: HashSet<(usize, usize, u64)> = HashSet::new();
        let mut cheapest: Option<i32> = None;
        let most = EXPANSIONS * starts_len;
        let mut walks = 0;
        // Where the search stopped short: the cost it had come to.
        let mut stopped = None;
        while let Some((Reverse(cost), _, Reverse(id), task)) = heap.pop() {
            if cheapest.is_some_and(|c| cost > c)
                || walks == most
                || self.work.get() > REPAIR_BUDGET
            {
                stopped = Some(cost);
                break;
            }
            let root = nodes[id].root;
            if out[root].is_some() {
                continue;
            }
            let Task::Walk = task else {
                // The explanations of one kind of a node that stopped: each a node to walk.
                for child in self.explanations(&nodes[id], &steps, task) {
                    heap.push((
                        Reverse(child.cost),
                        child.at,
                        Reverse(nodes.len()),
                        Task::Walk,
                    ));
                    nodes.push(child);
                }
                continue;
            };
            walks += 1;
            let node = &mut nodes[id];
            self.walk(node, &steps);
            reach[root] = reach[root].max(node.at);
            if node.at == steps.len() {
                out[root] = Some(cost);
                cheapest.get_or_insert(cost);
                continue;
            }
            let hash: Zobrist64 = node.pos.zobrist_hash(EnPassantMode::Legal);
            if node.mistakes == MOST_MISTAKES || !explored.insert((root, node.at, hash.0)) {
                continue;
            }
            // Each kind of explanation is drawn up only when the search comes to its cost.
            let unreadable = matches!(steps[node.at], Step::Unreadable(_));
            for task in Task::KINDS {
                if !(unreadable && matches!(task, Task::LeftOut | Task::Swaps)) {
                    let floor = node.cost + MISTAKE + task.floor();
                    heap.push((Reverse(floor), node.at, Reverse(id), task));
                }
            }
        }
        // Unexplained starts: at least what the search had come to (more than the cheapest
        // when it stopped past it), or more than any explanation looked for.
        let floor = stopped.map_or(i32::from(MOST_MISTAKES + 1) * MISTAKE, |c| {
            c.max(cheapest.map_or(0, |c| c + 1))
        });
        out.into_iter()
            .zip(reach)
            .map(|(cost, reach)| Decoded {
                cost: cost.unwrap_or(floor),
                reach,
            })
            .collect()
    }

    /// Reads the steps from the node's on while they read as written.
    fn walk(&self, node: &mut Node, steps: &[Step<'_>]) {
        while let Some(Step::Move(tok)) = steps.get(node.at) {
            self.work.set(self.work.get() + 1);
            let Resolution::Legal(m) = self.resolve_tok(tok, &node.pos, &node.origins) else {
                return;
            };
            let now = (node.pos.clone(), node.origins);
            node.before = [Some(now), node.before[0].take()];
            node.origins.play(&m);
            node.pos.play_unchecked(m);
            node.at += 1;
        }
    }

    /// Plays the steps at `at` from a position, each read as written; `None` when one is
    /// missing or does not read.
    fn replayed(
        &self,
        (pos, origins): (&Chess, &Origins),
        steps: &[Step<'_>],
        at: impl IntoIterator<Item = Option<usize>>,
    ) -> Option<(Chess, Origins)> {
        let mut p = pos.clone();
        let mut o = *origins;
        for k in at {
            let Step::Move(tok) = steps.get(k?)? else {
                return None;
            };
            self.work.set(self.work.get() + 1);
            let Resolution::Legal(m) = self.resolve_tok(tok, &p, &o) else {
                return None;
            };
            o.play(&m);
            p.play_unchecked(m);
        }
        Some((p, o))
    }

    /// The explanations of one kind of the step a node stops at, each one more mistake.
    fn explanations(&self, node: &Node, steps: &[Step<'_>], task: Task) -> Vec<Node> {
        let j = node.at;
        let here = (&node.pos, &node.origins);
        let played = |m: &Move| {
            let mut p = node.pos.clone();
            let mut o = node.origins;
            o.play(m);
            p.play_unchecked(*m);
            (p, o)
        };
        let mut out = Vec::new();
        match task {
            Task::Walk => {}
            Task::Slips => {
                // The likeliest readings of the text.
                let written = match steps[j] {
                    Step::Move(tok) => tok.unmarked(self.text),
                    Step::Unreadable(span) => self.src(span),
                };
                let limit = render::plausible_limit(written);
                let readings =
                    render::score_moves(self.writer(), here.0, here.1, written, None, WINDOW);
                // The cheapest few, and any as cheap as one plain edit more than the cheapest
                // (a wrong piece letter is as likely as a wrong square).
                let cheapest = readings.first().map_or(0, |s| s.cost);
                let likely = readings.iter().enumerate().filter(|(i, s)| {
                    s.cost <= limit && (*i < READINGS || s.cost <= cheapest + EDIT)
                });
                for (_, s) in likely.take(MOST_READINGS) {
                    out.push(node.child(s.cost.max(0), j + 1, played(&s.m)));
                }
            }
            Task::NoMove => {
                // Cheaper when it is the move before written again.
                let text = |k: usize| match steps.get(k) {
                    Some(Step::Move(tok)) => Some(tok.unmarked(self.text)),
                    _ => None,
                };
                let twice = j > 0 && text(j).is_some() && text(j) == text(j - 1);
                let cost = if twice { WRITTEN_TWICE } else { NO_MOVE };
                out.push(node.child(cost, j + 1, (node.pos.clone(), node.origins)));
            }
            Task::LeftOut => {
                for x in node.pos.legal_moves() {
                    let (p, o) = played(&x);
                    if let Some(after) = self.replayed((&p, &o), steps, [Some(j)]) {
                        out.push(node.child(LEFT_OUT, j + 1, after));
                    }
                }
            }
            Task::Swaps => {
                for (back, offsets, cost) in SWAPS {
                    let from = match back {
                        0 => Some(here),
                        b => node.before[b - 1].as_ref().map(|(p, o)| (p, o)),
                    };
                    let at = offsets.iter().map(|&d| j.checked_add_signed(d));
                    if let Some(from) = from
                        && let Some(after) = self.replayed(from, steps, at)
                    {
                        let next = j + 1 + offsets[0].max(0) as usize;
                        out.push(node.child(cost, next, after));
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::Item;

    /// Decodes the whole of `text` (English algebraic) from the start position, each `start`
    /// of `decode_all` given as the moves played first and how many tokens they read.
    fn decoded(text: &str, starts: &[(&[&str], usize)]) -> Vec<Decoded> {
        let parser = crate::syntax::grammar::builtin_parser("algebraic", "en").expect("a parser");
        let syntax = (parser.parse)(text, 0);
        let registry = crate::syntax::grammar::Registry::builtin();
        let g = GameChecker::new(text, parser, &registry, &syntax);
        let toks: Vec<&MoveToken> = syntax
            .root
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Move(t) => Some(t),
                _ => None,
            })
            .collect();
        let starts = starts
            .iter()
            .map(|(ucis, read)| {
                let mut pos = Chess::default();
                let mut origins = Origins::from_position(&pos);
                for u in *ucis {
                    let m = u
                        .parse::<shakmaty::uci::UciMove>()
                        .expect("uci")
                        .to_move(&pos)
                        .expect("legal");
                    origins.play(&m);
                    pos.play_unchecked(m);
                }
                (0, (pos, origins, *read))
            })
            .collect();
        g.decode_all(starts, &toks, &Beyond::default())
    }

    #[test]
    fn a_line_that_reads_as_written_costs_nothing() {
        let d = decoded("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *", &[(&[], 0)]);
        assert_eq!(d[0], Decoded { cost: 0, reach: 6 });
    }

    #[test]
    fn each_kind_of_mistake_costs_one_mistake_and_what_sets_it_apart() {
        // A slip: `Nf4` for `Nf3` (neighbouring ranks).
        let slip = decoded("1. e4 e5 2. Nf4 Nc6 3. Bb5 a6 *", &[(&[], 0)])[0];
        assert!(
            slip.cost > MISTAKE && slip.cost < MISTAKE + EDIT,
            "{slip:?}"
        );
        // Two adjacent half-moves in each other's place.
        let swap = decoded("1. e4 e5 2. Nc6 Nf3 3. Bb5 a6 *", &[(&[], 0)])[0];
        assert_eq!(swap.cost, MISTAKE + SWAPPED);
        // One side's two moves around the reply: shown at the first of them (`Ng5` before
        // `Nf3`), and only at the reply (`exf4` before `f4`).
        let first = decoded("1. e4 e5 2. Ng5 d6 3. Nf3 Nc6 *", &[(&[], 0)])[0];
        assert_eq!(first.cost, MISTAKE + SWAPPED_ONE_SIDE, "{first:?}");
        let reply = decoded("1. e4 e5 2. Nf3 exf4 3. f4 Nc6 *", &[(&[], 0)])[0];
        assert_eq!(reply.cost, MISTAKE + SWAPPED_ONE_SIDE, "{reply:?}");
        // A move written twice, and a token that is no move.
        let twice = decoded("1. e4 e5 2. Nf3 Nf3 Nc6 3. Bb5 *", &[(&[], 0)])[0];
        assert_eq!(twice.cost, MISTAKE + WRITTEN_TWICE, "{twice:?}");
        let stray = decoded("1. e4 e5 2. Nf3 Qh7 Nc6 3. Bb5 *", &[(&[], 0)])[0];
        assert_eq!(stray.cost, MISTAKE + NO_MOVE, "{stray:?}");
        // A half-move left out (`Nc6` missing before `3. Bb5`).
        let gap = decoded("1. e4 e5 2. Nf3 3. Bb5 a6 4. Bxc6 *", &[(&[], 0)])[0];
        assert_eq!(gap.cost, MISTAKE + LEFT_OUT, "{gap:?}");
        assert_eq!(gap.reach, 6);
    }

    #[test]
    fn the_cheaper_start_is_explained_and_the_dearer_one_ruled_out() {
        // After `1. e4 e5`, `2. Nf4` is one slip; after `1. d4 e5` the line needs more.
        let d = decoded(
            "1. e4 e5 2. Nf4 Nc6 3. Bb5 a6 4. Ba4 Nf6 *",
            &[(&["e2e4", "e7e5"], 2), (&["d2d4", "e7e5"], 2)],
        );
        assert!(d[0].cost < MISTAKE + EDIT, "{d:?}");
        assert!(d[1].cost > d[0].cost, "{d:?}");
    }

    #[test]
    fn text_that_no_mistake_within_the_bound_explains_is_unexplained() {
        let d = decoded(
            "1. e4 e5 2. Qh8 Qh1 3. Qa8 Qa1 4. Kh8 Kh1 5. Ra9 *",
            &[(&[], 0)],
        )[0];
        assert!(d.cost >= i32::from(MOST_MISTAKES) * MISTAKE, "{d:?}");
    }
}
