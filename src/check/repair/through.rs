//! Reading on through a second mistake: when several repairs of an error read equally far,
//! and what stops them all is one later token (a second mistake in the game), the moves after
//! that token still tell them apart. The later token is taken as its likeliest reading, or as
//! read after a half-move left out before it, whichever the moves after it bear out better,
//! and reading goes on; the repair after which more moves read that way is the better one.

use shakmaty::{Chess, Move, Position};

use super::{Back, Insertion, REPAIR_BUDGET, SOON, THROUGH_AFTER, Trouble, WINDOW};
use crate::board::descriptive::Origins;
use crate::board::resolve::Resolution;
use crate::check::checker::GameChecker;
use crate::diagnostic::Severity;
use crate::render;
use crate::span::Span;
use crate::syntax::MoveToken;

/// What follows the moves read ahead when an unreadable token ended them (the tokens read
/// ahead stop at text that is no move): its span, and the move tokens after it.
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::check) struct Beyond<'t> {
    pub(in crate::check) unreadable: Option<Span>,
    pub(in crate::check) after: &'t [&'t MoveToken],
}

/// How many of the cheapest readings of a later slip are tried, each on the moves after it.
const READINGS: usize = 4;

/// A game's later errors are not read through once it has this many: the issue is two or
/// three mistakes in a game, and a game with more (a score in another language or notation,
/// garbage) would pay for reading through at every one of them.
const THROUGH_ERRORS: usize = 3;

impl GameChecker<'_> {
    /// Whether ties between repairs may be broken by reading through a later mistake: within
    /// the game's repair budget, and while the game has few errors.
    pub(super) fn reads_through(&self) -> bool {
        self.work.get() <= REPAIR_BUDGET
            && self
                .diags
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .take(THROUGH_ERRORS)
                .count()
                < THROUGH_ERRORS
    }

    /// The likeliest reading of `written` as a legal move of `pos`: of the few cheapest
    /// plausible texts, the one after which most of `next` read (the cheapest of those), with
    /// how many read.
    fn likeliest(
        &self,
        pos: &Chess,
        origins: &Origins,
        written: &str,
        next: &[&MoveToken],
    ) -> Option<(Move, usize)> {
        let limit = render::plausible_limit(written);
        render::score_moves(self.writer(), pos, origins, written, None, WINDOW)
            .into_iter()
            .filter(|s| s.cost <= limit)
            .take(READINGS)
            .map(|s| (s.m, self.reach_after(pos, origins, &s.m, next)))
            .reduce(|a, b| if b.1 > a.1 { b } else { a })
    }

    /// A half-move left out before `tok`: of the moves after which `tok` reads, the one after
    /// which most of `next` read, with the move `tok` reads as and how many of `next` read.
    fn likeliest_gap(
        &self,
        pos: &Chess,
        origins: &Origins,
        tok: &MoveToken,
        next: &[&MoveToken],
    ) -> Option<(Move, Move, usize)> {
        let mut best: Option<(Move, Move, usize)> = None;
        for x in pos.legal_moves() {
            let mut q = pos.clone();
            let mut o = *origins;
            o.play(&x);
            q.play_unchecked(x);
            self.work.set(self.work.get() + 1);
            if let Resolution::Legal(m) = self.resolve_tok(tok, &q, &o) {
                let r = self.reach_after(&q, &o, &m, next);
                if best.is_none_or(|b| r > b.2) {
                    best = Some((x, m, r));
                }
            }
        }
        best
    }

    /// Reads `toks` from `p`, taking a token that does not read, while `left` allows, as its
    /// likeliest reading or as read after a half-move left out before it (whichever the next
    /// few moves bear out better): how many read as written, and whether all were played.
    fn read_through(
        &self,
        p: &mut Chess,
        o: &mut Origins,
        toks: &[&MoveToken],
        left: &mut usize,
    ) -> (usize, bool) {
        let mut read = 0;
        for (i, tok) in toks.iter().enumerate() {
            self.work.set(self.work.get() + 1);
            let played: Vec<Move> = match self.resolve_tok(tok, p, o) {
                Resolution::Legal(m) => {
                    read += 1;
                    vec![m]
                }
                _ if *left > 0 => {
                    *left -= 1;
                    let next = &toks[i + 1..];
                    let near = &next[..next.len().min(SOON)];
                    let replaced = self.likeliest(p, o, tok.unmarked(self.text), next);
                    let inserted = self.likeliest_gap(p, o, tok, near);
                    match (replaced, inserted) {
                        (r, Some((x, m, n)))
                            if n > 0 && r.is_none_or(|(_, k)| n > k.min(near.len())) =>
                        {
                            read += 1;
                            vec![x, m]
                        }
                        (Some((m, _)), _) => vec![m],
                        (None, _) => return (read, false),
                    }
                }
                _ => return (read, false),
            };
            for m in played {
                o.play(&m);
                p.play_unchecked(m);
            }
        }
        (read, true)
    }

    /// How many of `rest`, then of the tokens `beyond` an unreadable one, read from `pos` when
    /// up to `slips` tokens that do not read (the unreadable one among them) are taken as
    /// their likeliest reading. 0 past the file's repair budget (no tie is broken then).
    pub(super) fn reach_through(
        &self,
        pos: &Chess,
        origins: &Origins,
        rest: &[&MoveToken],
        beyond: &Beyond<'_>,
        slips: usize,
    ) -> usize {
        if !self.reads_through() {
            return 0;
        }
        let mut p = pos.clone();
        let mut o = *origins;
        let mut left = slips;
        let (mut read, all) = self.read_through(&mut p, &mut o, rest, &mut left);
        if let (true, Some(span)) = (all, beyond.unreadable)
            && left > 0
            && let Some((m, _)) = self.likeliest(&p, &o, self.src(span), beyond.after)
        {
            left -= 1;
            o.play(&m);
            p.play_unchecked(m);
            read += self.read_through(&mut p, &mut o, beyond.after, &mut left).0;
        }
        read
    }

    /// Of several missing half-moves that read equally far, those after which the line reads
    /// furthest through one more slip (all of them when that tells none apart).
    pub(super) fn through_ties<'i>(
        &self,
        t: &Trouble<'_>,
        tok: &MoveToken,
        back: &[Back<'_>],
        tied: Vec<&'i Insertion>,
    ) -> Vec<&'i Insertion> {
        if tied.len() < 2 || tied[0].0 < THROUGH_AFTER || !self.reads_through() {
            return tied;
        }
        let through: Vec<usize> = tied
            .iter()
            .map(|&&(_, g, x, _)| {
                let (p0, o0) = if g == 0 {
                    (t.pos, t.origins)
                } else {
                    let b = &back[back.len() - g];
                    (b.pos, b.origins)
                };
                let mut toks: Vec<&MoveToken> =
                    back[back.len() - g..].iter().map(|b| b.tok).collect();
                toks.push(tok);
                let mut p = p0.clone();
                let mut o = *o0;
                o.play(&x);
                p.play_unchecked(x);
                self.replay(&p, &o, &toks).map_or(0, |(p, o, _)| {
                    self.reach_through(&p, &o, t.rest, &t.beyond, 1)
                })
            })
            .collect();
        let top = through.iter().copied().max().unwrap_or(0);
        tied.into_iter()
            .zip(through)
            .filter(|(_, r)| *r == top)
            .map(|(i, _)| i)
            .collect()
    }
}
