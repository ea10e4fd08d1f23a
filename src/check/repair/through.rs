//! Reading on through later mistakes: when several repairs of an error read equally far, and
//! what stops them all is a later token (another mistake in the game), the moves after that
//! token still tell them apart: the rest of the line is decoded after each (see `decode`), and
//! the repairs that leave its cheapest explanation are the better ones. Here: when that is
//! done, and the half-moves that fit a gap told apart that way.

use shakmaty::Chess;

use crate::board::descriptive::Origins;

use super::decode::Decoded;
use super::{Back, Insertion, REPAIR_BUDGET, THROUGH_AFTER, Trouble};
use crate::check::checker::GameChecker;
use crate::diagnostic::Severity;
use crate::span::Span;
use crate::syntax::MoveToken;

/// What follows the moves read ahead when an unreadable token ended them (the tokens read
/// ahead stop at text that is no move): its span, and the move tokens after it.
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::check) struct Beyond<'t> {
    pub(in crate::check) unreadable: Option<Span>,
    pub(in crate::check) after: &'t [&'t MoveToken],
}

/// A game's later errors are not read through once it has this many: the issue is two or
/// three mistakes in a game, and a game with more (a score in another language or notation,
/// garbage) would pay for decoding at every one of them.
const THROUGH_ERRORS: usize = 3;

impl GameChecker<'_> {
    /// Whether repairs may be weighed by decoding the rest of the line through later
    /// mistakes: within the game's repair budget, while the game has few errors before the
    /// one being repaired, and not many in all (unreadable tokens are reported before the
    /// walk reaches them: a few are slips, many a score in another language or notation).
    pub(super) fn reads_through(&self) -> bool {
        let errors = self.diags.iter().filter(|d| d.severity == Severity::Error);
        let before = errors.clone().filter(|d| d.span.start < self.at.get());
        self.work.get() <= REPAIR_BUDGET
            && before.take(THROUGH_ERRORS).count() < THROUGH_ERRORS
            && errors.take(2 * THROUGH_ERRORS).count() < 2 * THROUGH_ERRORS
    }

    /// Of several missing half-moves that read equally far, those after which the rest of the
    /// line has the cheapest explanation (all of them when that tells none apart).
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
        // Each tie played, with the tokens from its gap through the token in error: the
        // starts of the rest of the line (a tie whose tokens do not read again is dropped).
        let mut starts = Vec::with_capacity(tied.len());
        let mut kept = Vec::with_capacity(tied.len());
        for &i in &tied {
            if let Some((p, o)) = self.gap_start(t, tok, back, i) {
                starts.push((0, (p, o, 0)));
                kept.push(i);
            }
        }
        if kept.is_empty() {
            return tied;
        }
        let keys: Vec<_> = self
            .decode_all(starts, t.rest, &t.beyond)
            .into_iter()
            .map(Decoded::key)
            .collect();
        let top = keys.iter().copied().min();
        kept.into_iter()
            .zip(keys)
            .filter(|(_, k)| Some(*k) == top)
            .map(|(i, _)| i)
            .collect()
    }

    /// The position after a missing half-move tried and the tokens from its gap through the
    /// token in error; `None` when they do not read again.
    pub(super) fn gap_start(
        &self,
        t: &Trouble<'_>,
        tok: &MoveToken,
        back: &[Back<'_>],
        &(_, g, x, _): &Insertion,
    ) -> Option<(Chess, Origins)> {
        let (p0, o0) = if g == 0 {
            (t.pos, t.origins)
        } else {
            let b = &back[back.len() - g];
            (b.pos, b.origins)
        };
        let mut toks: Vec<&MoveToken> = back[back.len() - g..].iter().map(|b| b.tok).collect();
        toks.push(tok);
        let (p, o, _) = super::start_after(p0, o0, &[x]);
        self.replay(&p, &o, &toks).map(|(p, o, _)| (p, o))
    }
}
