//! Repairs that reach further from the token in error: one side's two moves swapped, and an
//! earlier move, legal as written, that was a slip.

use shakmaty::{Chess, Move, Position};

use super::{Back, Best, Trouble, WINDOW};
use crate::board::descriptive::Origins;
use crate::board::resolve::Resolution;
use crate::check::checker::GameChecker;
use crate::check::types::Repair;
use crate::render;
use crate::syntax::MoveToken;

/// The readings of an earlier legal move tried as its slip, cheapest first.
const SLIPS: usize = 6;

impl GameChecker<'_> {
    /// One side's two consecutive moves swapped, the opponent's move between them read as
    /// written: the first of them the token itself or one of the tokens `back` before it (the
    /// error may show at the first, at the reply between them, at the second or a little
    /// later).
    pub(super) fn try_one_side_swaps(
        &self,
        t: &Trouble<'_>,
        tok: &MoveToken,
        back: &[Back<'_>],
        best: &mut Best,
    ) {
        let Trouble {
            pos, origins, rest, ..
        } = *t;
        for k in 0..=back.len() {
            // The tokens from the first swapped one through the token in error, or through
            // the second swapped one when that comes later.
            let ahead = 2usize.saturating_sub(k);
            let mut toks: Vec<&MoveToken> = back[back.len() - k..].iter().map(|b| b.tok).collect();
            toks.push(tok);
            toks.extend(rest.iter().take(ahead));
            if toks.len() < 3 || toks[0].unmarked(self.text) == toks[2].unmarked(self.text) {
                continue;
            }
            toks.swap(0, 2);
            let (p0, o0) = match k {
                0 => (pos, origins),
                _ => (back[back.len() - k].pos, back[back.len() - k].origins),
            };
            if let Some((p, o, moves)) = self.replay(p0, o0, &toks) {
                // (With the first at the token or one back, `ahead` tokens already read.)
                let seen = ahead + self.lookahead(&p, &o, &rest[ahead..]);
                if seen >= 1 {
                    consider_one_side(best, seen, &moves, k, (p, o, ahead));
                }
            }
        }
    }

    /// A move read legally before the token in error that was a slip: another move close to
    /// what was written there, after which the tokens up to the one in error and all those
    /// after it read. It costs more than any repair at the token in error, so it is taken only
    /// when the rest of the line reads further with it than with any of those.
    pub(super) fn try_slips(
        &self,
        t: &Trouble<'_>,
        tok: &MoveToken,
        back: &[Back<'_>],
        best: &mut Best,
    ) {
        for k in 1..=back.len() {
            let b = &back[back.len() - k];
            let Resolution::Legal(read) = self.resolve_tok(b.tok, b.pos, b.origins) else {
                continue;
            };
            let written = b.tok.unmarked(self.text);
            let limit = render::plausible_limit(written);
            let mut scored =
                render::score_moves(self.writer(), b.pos, b.origins, written, None, WINDOW);
            scored.retain(|s| s.cost <= limit && s.m != read);
            scored.sort_by_key(|s| s.cost);
            let mut toks: Vec<&MoveToken> =
                back[back.len() - k + 1..].iter().map(|b| b.tok).collect();
            toks.push(tok);
            // Only a reading after which the whole rest of the line reads, and the only one
            // of this token that does: a correct move is never blamed on a guess.
            let whole: Vec<(Move, Chess, Origins)> = scored
                .iter()
                .take(SLIPS)
                .filter_map(|s| {
                    let mut p = b.pos.clone();
                    let mut o = *b.origins;
                    o.play(&s.m);
                    p.play_unchecked(s.m);
                    self.replay(&p, &o, &toks)
                        .filter(|(p, o, _)| self.lookahead(p, o, t.rest) == t.rest.len())
                        .map(|(p, o, _)| (s.m, p, o))
                })
                .collect();
            if let [(m, p, o)] = &whole[..]
                && !t.rest.is_empty()
            {
                best.consider(t.rest.len(), 70, Repair::Replace(*m), k, (p.clone(), *o, 0));
            }
        }
    }

    /// An ambiguous move that is one side's move written in the place of the same side's move
    /// before it (the reply between them as written): taken when the earlier token is written
    /// as the game's writer writes its move only where the swap puts it — `Raf8` where `Rf8`
    /// says it all, before the ambiguous `Rf4` whose move made the `a` needed.
    pub(super) fn try_ambiguous_swap(&self, t: &Trouble<'_>, tok: &MoveToken, best: &mut Best) {
        let n = t.back.len();
        if n < 2 {
            return;
        }
        let (b0, b1) = (&t.back[n - 2], &t.back[n - 1]);
        let earlier = b0.tok.unmarked(self.text);
        if earlier == tok.unmarked(self.text) {
            return;
        }
        let Resolution::Legal(as_written) = self.resolve_tok(b0.tok, b0.pos, b0.origins) else {
            return;
        };
        let Some((p, o, moves)) = self.replay(b0.pos, b0.origins, &[tok, b1.tok, b0.tok]) else {
            return;
        };
        let (q, qo, _) = super::start_after(b0.pos, b0.origins, &moves[..2]);
        let writer = self.writer();
        if writer.write_unmarked(&q, &qo, &moves[2]) != earlier
            || writer.write_unmarked(b0.pos, b0.origins, &as_written) == earlier
        {
            return;
        }
        let seen = self.lookahead(&p, &o, t.rest);
        consider_one_side(best, seen, &moves, 2, (p, o, 0));
    }

    /// An ambiguous move whose candidates do not read to the end of the line: other readings
    /// of its text (a slip of the piece letter, `Nd7` for `Bd7`), each tried on the following
    /// moves; they cost more than the candidates, so they win only by reading further.
    pub(super) fn try_other_readings(&self, t: &Trouble<'_>, best: &mut Best) {
        let Resolution::Ambiguous(ms) = t.resolution else {
            return;
        };
        if best.best.as_ref().is_some_and(|b| b.0 >= t.rest.len()) {
            return;
        }
        let limit = render::plausible_limit(t.written);
        let scored = render::score_moves(self.writer(), t.pos, t.origins, t.written, None, WINDOW);
        let others = scored
            .iter()
            .filter(|s| s.cost <= limit && !ms.contains(&s.m))
            .take(SLIPS);
        for (rank, s) in others.enumerate() {
            let seen = self.reach_after(t.pos, t.origins, &s.m, t.rest);
            let start = super::start_after(t.pos, t.origins, &[s.m]);
            best.consider(seen, 30 + rank as u32, Repair::Replace(s.m), 0, start);
        }
    }
}

/// One side's two moves swapped, played as `moves` (the first, the reply, the second), the
/// first of them `back` tokens before the token in error.
fn consider_one_side(
    best: &mut Best,
    seen: usize,
    moves: &[Move],
    back: usize,
    start: super::best::Start,
) {
    let repair = Repair::SwapOneSide {
        first: moves[0],
        between: moves[1],
        second: moves[2],
    };
    best.consider(seen, 8, repair, back, start);
}
