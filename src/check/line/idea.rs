//! Ideas after a move, in the walk of a line (see [`crate::check::plan`]).

use super::LineWalk;
use crate::syntax::{Item, Line};

impl<'l> LineWalk<'_, '_, 'l> {
    /// An idea after the last move (`(∆Дd5)`, 140) or a plan it is aimed against (`(∇Кf5)`,
    /// 141): an idea that can be made after any reply is read as a line from there; otherwise
    /// each move is checked as a plan of its side (see [`crate::check::plan`]).
    pub(super) fn on_idea(&mut self, v: &'l Line, kind: u16) {
        if self.broken || self.state.last_move.is_none() {
            if v.moves().next().is_some() {
                self.unchecked.push(v.span);
            }
            return;
        }
        let after_reply = crate::board::resolve::play_null(&self.state.pos);
        let origins = self.state.origins;
        if kind == 140 && self.g.idea_at_once(v, &after_reply, &origins) {
            let shared = self.history.len();
            self.walk_variation(v, (after_reply, origins, self.state.ply + 1), shared);
            return;
        }
        if kind == 140 {
            self.g.plan(v, &after_reply, &origins);
        } else {
            let pos = self.state.pos.clone();
            self.g.plan(v, &pos, &origins);
        }
        // A plan is not played: a variation inside it has no position to be read from.
        for item in &v.items {
            if let Item::Variation(inner) = item
                && inner.moves().next().is_some()
            {
                self.unchecked.push(inner.span);
            }
        }
    }
}
