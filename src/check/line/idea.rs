//! Ideas after a move, in the walk of a line (see [`crate::check::plan`]).

use super::{LineStart, LineWalk};
use crate::syntax::Line;

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
            let start = LineStart {
                pos: after_reply,
                origins,
                ply: self.state.ply + 1,
                fullmove: self.fullmove,
                first_ply_offset: self.first_ply_offset,
                main: false,
                history: std::mem::take(&mut self.history),
            };
            let depth = self.depth + 1;
            let end = stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || {
                self.g.walk_line(v, start, depth)
            });
            self.history = end.history;
            self.history.truncate(shared);
        } else if kind == 140 {
            self.g.plan(v, &after_reply, &origins);
        } else {
            let pos = self.state.pos.clone();
            self.g.plan(v, &pos, &origins);
        }
    }
}
