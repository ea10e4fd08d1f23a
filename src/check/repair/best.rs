//! The best repair of an error: first the one after which most of the following moves read
//! (then the cheapest kind); when none reads to the end of the line, the one that leaves the
//! cheapest explanation of the whole rest of the line (see `decode`).

use std::cmp::Reverse;
use std::mem::discriminant;

use shakmaty::Chess;

use super::{Fits, THROUGH_AFTER, Trouble};
use crate::board::descriptive::Origins;
use crate::check::checker::GameChecker;
use crate::check::types::Repair;
use crate::syntax::MoveToken;

/// Where reading the rest of the line starts after a repair: the position, and how many of
/// the move tokens after the token in error the repair has read.
pub(super) type Start = (Chess, Origins, usize);

/// How many repairs are weighed on the whole rest of the line, at most.
const WEIGHED: usize = 8;

/// How many readings of the token, and how many half-moves left out at one place, are among
/// them at most (the most numerous kinds).
const WEIGHED_READINGS: usize = 3;

/// A repair tried: moves read after it, its cost, tokens back, and where the rest starts.
struct Tried {
    seen: usize,
    cost: u32,
    repair: Repair,
    back: usize,
    start: Start,
}

/// The best repair so far: (moves read after it, cost, repair, tokens back). More moves read
/// wins, then the lower cost; a repair other than dropping the token needs `need` moves read.
pub(super) struct Best {
    need: usize,
    pub(super) best: Option<(usize, u32, Repair, usize)>,
    /// Other repairs as good as the best (as many moves read, the same cost), with their
    /// tokens back.
    rivals: Vec<(Repair, usize)>,
    /// What the search for a missing half-move knew of the moves that fit, with its repair.
    pub(super) fits: Option<(Repair, Fits)>,
    /// The repairs tried, for weighing on the whole rest of the line.
    tried: Vec<Tried>,
    /// The best repair by moves read, when weighing on the whole line put another first: in
    /// words, with how many moves it read.
    pub(super) displaced: Option<(String, usize)>,
}

impl Best {
    pub(super) const fn new(need: usize) -> Self {
        Best {
            need,
            best: None,
            rivals: Vec::new(),
            fits: None,
            tried: Vec::new(),
            displaced: None,
        }
    }

    pub(super) fn consider(
        &mut self,
        seen: usize,
        cost: u32,
        repair: Repair,
        back: usize,
        start: Start,
    ) {
        if seen < self.need && !matches!(repair, Repair::Delete) {
            return;
        }
        self.tried.push(Tried {
            seen,
            cost,
            repair: repair.clone(),
            back,
            start,
        });
        match &self.best {
            Some((s, c, _, _)) if seen < *s || (seen == *s && cost > *c) => {}
            Some((s, c, r, b)) if seen == *s && cost == *c => {
                let same = |r2: &Repair, b2: usize| *r2 == repair && b2 == back;
                if !(same(r, *b) || self.rivals.iter().any(|(r2, b2)| same(r2, *b2))) {
                    self.rivals.push((repair, back));
                }
            }
            _ => {
                self.best = Some((seen, cost, repair, back));
                self.rivals.clear();
            }
        }
    }

    /// When the best repair does not read to the end of the line: the few likeliest repairs
    /// (the best of each kind and place, and the first readings of the token) weighed on the
    /// whole rest of the line, each by its own cost and the cheapest explanation of what
    /// follows it; the cheapest becomes the best.
    pub(super) fn decide(&mut self, g: &GameChecker<'_>, t: &Trouble<'_>) {
        let Some((seen, ..)) = self.best else {
            return;
        };
        if (seen >= t.rest.len() && t.beyond.unreadable.is_none())
            || seen < THROUGH_AFTER
            || !g.reads_through()
        {
            return;
        }
        let mut tried = std::mem::take(&mut self.tried);
        tried.sort_by_key(|x| (Reverse(x.seen), x.cost));
        let mut weighed: Vec<Tried> = Vec::new();
        for x in tried {
            // Readings of the token and half-moves left out are the most numerous kinds: a
            // few of each place; one of every other kind and place.
            let most = match x.repair {
                Repair::Replace(_) if x.back == 0 => WEIGHED_READINGS,
                Repair::Insert { .. } => WEIGHED_READINGS,
                _ => 1,
            };
            let alike = weighed
                .iter()
                .filter(|w| discriminant(&w.repair) == discriminant(&x.repair) && w.back == x.back)
                .count();
            if alike < most
                && !weighed
                    .iter()
                    .any(|w| w.repair == x.repair && w.back == x.back)
            {
                weighed.push(x);
                if weighed.len() == WEIGHED {
                    break;
                }
            }
        }
        if weighed.len() < 2 {
            return;
        }
        // A reading of the token weighs what its text costs (its rank among the readings
        // would hide how much likelier the first is); other repairs their kind's cost.
        let weight = |w: &Tried| match w.repair {
            Repair::Replace(m) if w.back == 0 => t
                .ranked
                .iter()
                .find(|c| c.m == m)
                .map_or(w.cost as i32, |c| 10 + c.cost.max(0)),
            _ => w.cost as i32,
        };
        let starts = weighed
            .iter()
            .map(|w| (weight(w), w.start.clone()))
            .collect();
        let decoded = g.decode_all(starts, t.rest, &t.beyond);
        let keys: Vec<_> = weighed
            .iter()
            .zip(&decoded)
            .map(|(w, d)| (d.cost, Reverse(w.seen), w.cost))
            .collect();
        let Some(top) = keys.iter().copied().min() else {
            return;
        };
        let mut winners = weighed
            .into_iter()
            .zip(keys)
            .filter(|(_, k)| *k == top)
            .map(|(w, _)| w);
        let Some(w) = winners.next() else {
            return;
        };
        if self
            .best
            .as_ref()
            .is_some_and(|b| b.2 == w.repair && b.3 == w.back)
        {
            return;
        }
        if let Some((seen, _, r, back)) = &self.best {
            self.displaced = describe(g, t, r, *back).map(|d| (d, *seen));
        }
        self.best = Some((w.seen, w.cost, w.repair, w.back));
        self.rivals = winners.map(|w| (w.repair, w.back)).collect();
    }

    /// The repairs as good as the best, in words (the tokens as written): each another
    /// explanation of the same mistake (other readings of the token are its suggestions).
    pub(super) fn rival_words(&self, g: &GameChecker<'_>, t: &Trouble<'_>) -> Vec<String> {
        self.rivals
            .iter()
            .filter(|(r, back)| !matches!(r, Repair::Replace(_)) || *back > 0)
            .filter_map(|(r, back)| describe(g, t, r, *back))
            .collect()
    }
}

/// A repair in words, by the tokens as written: `` `e6` and `d4` swapped ``, `` `e4` left out
/// before `e6` ``, `` `5` read as `c5` ``, `` `Nf3` written by mistake ``.
pub(super) fn describe(
    g: &GameChecker<'_>,
    t: &Trouble<'_>,
    repair: &Repair,
    back: usize,
) -> Option<String> {
    // The texts of the tokens read before the error, the token in error (as written when it
    // is unreadable), and the move tokens after it.
    let src = |tok: &MoveToken| g.src(tok.span).to_owned();
    let all: Vec<String> = t
        .back
        .iter()
        .map(|b| src(b.tok))
        .chain(std::iter::once(
            t.tok.map_or_else(|| t.written.to_owned(), src),
        ))
        .chain(t.rest.iter().map(|tok| src(tok)))
        .collect();
    let at = |ahead: usize| all.get((t.back.len() + ahead).checked_sub(back)?);
    let first = at(0)?;
    let (pos, origins) = match back {
        0 => (t.pos, t.origins),
        k => {
            let b = t.back.get(t.back.len().checked_sub(k)?)?;
            (b.pos, b.origins)
        }
    };
    Some(match repair {
        Repair::Swap { .. } | Repair::SwapOneSide { .. } => {
            let gap = repair.played_order().len() - 1;
            format!("`{first}` and `{}` swapped", at(gap)?)
        }
        Repair::Replace(m) => {
            format!("`{first}` read as `{}`", g.writer().write(pos, origins, m))
        }
        Repair::Insert { missing, .. } => format!(
            "`{}` left out before `{first}`",
            g.writer().write(pos, origins, missing)
        ),
        Repair::Delete => format!("`{first}` written by mistake"),
    })
}
