//! Reading on through a second mistake: when several repairs of an error read equally far,
//! and what stops them all is one later token (a second slip in the game), the moves after
//! that token still tell them apart. The later token is taken as its likeliest reading (the
//! cheapest text within the plausible limit) and reading goes on; the repair after which more
//! moves read that way is the better one.

use shakmaty::{Chess, Move, Position};

use super::{Back, Insertion, REPAIR_BUDGET, Trouble, WINDOW};
use crate::board::descriptive::Origins;
use crate::board::resolve::Resolution;
use crate::check::checker::GameChecker;
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

impl GameChecker<'_> {
    /// The likeliest reading of `written` as a legal move of `pos`: of the few cheapest
    /// plausible texts, the one after which most of `next` read (the cheapest of those).
    fn likeliest(
        &self,
        pos: &Chess,
        origins: &Origins,
        written: &str,
        next: &[&MoveToken],
    ) -> Option<Move> {
        let limit = render::plausible_limit(written);
        render::score_moves(self.writer(), pos, origins, written, None, WINDOW)
            .into_iter()
            .filter(|s| s.cost <= limit)
            .take(READINGS)
            .map(|s| (self.reach_after(pos, origins, &s.m, next), s.m))
            .reduce(|a, b| if b.0 > a.0 { b } else { a })
            .map(|(_, m)| m)
    }

    /// Reads `toks` from `p`, taking a token that does not read as its likeliest reading while
    /// `left` allows: how many read as written, and whether all of them were played.
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
            let m = match self.resolve_tok(tok, p, o) {
                Resolution::Legal(m) => {
                    read += 1;
                    m
                }
                _ if *left > 0 => {
                    match self.likeliest(p, o, tok.unmarked(self.text), &toks[i + 1..]) {
                        Some(m) => {
                            *left -= 1;
                            m
                        }
                        None => return (read, false),
                    }
                }
                _ => return (read, false),
            };
            o.play(&m);
            p.play_unchecked(m);
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
        if self.work.get() > REPAIR_BUDGET {
            return 0;
        }
        let mut p = pos.clone();
        let mut o = *origins;
        let mut left = slips;
        let (mut read, all) = self.read_through(&mut p, &mut o, rest, &mut left);
        if let (true, Some(span)) = (all, beyond.unreadable)
            && left > 0
            && let Some(m) = self.likeliest(&p, &o, self.src(span), beyond.after)
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
        if tied.len() < 2 {
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
