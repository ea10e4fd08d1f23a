//! Ideas and plans written as the seed's table writes them: `34. … Тd4 (∆Дd5)` (with the idea
//! Qd5: a move of the same side after the move it annotates, the opponent's reply left open)
//! and `(∇Кf5)` (aimed against the opponent's plan Nf5).
//!
//! An idea that can be made at once, after any reply, is read as a line from there (the walk
//! of [`crate::check::line`]); one that needs moves before it, and a plan aimed against, are
//! checked as plans: some piece of that side must be able to make it in time
//! ([`crate::board::plan`]), else the idea is reported.

use shakmaty::{Chess, Position};

use crate::board::descriptive::Origins;
use crate::board::plan::never;
use crate::board::resolve::Resolution;
use crate::board::token::token_patterns;
use crate::check::checker::GameChecker;
use crate::check::types::MoveState;
use crate::diagnostic::{Diagnostic, Problem};
use crate::syntax::{Item, Line};

impl GameChecker<'_> {
    /// True when the idea's first move can be made at once from `after_reply` (the position
    /// after the annotated move and a pass of the opponent): the idea is then read as a line.
    pub(super) fn idea_at_once(&self, v: &Line, after_reply: &Chess, origins: &Origins) -> bool {
        match v.items.iter().find_map(|i| match i {
            Item::Move(m) => Some(m),
            _ => None,
        }) {
            Some(tok) => matches!(
                self.resolve_tok(tok, after_reply, origins),
                Resolution::Legal(_)
            ),
            None => false,
        }
    }

    /// Checks the moves of an idea or plan as plans of the side to move in `pos`: each must be
    /// one that a piece of that side could ever make; those that could not are reported. The
    /// moves are not played (a plan says where pieces go, not when).
    pub(super) fn plan(&mut self, v: &Line, pos: &Chess, origins: &Origins) {
        let side = pos.turn();
        for item in &v.items {
            let Item::Move(tok) = item else { continue };
            self.moves[tok.index] = MoveState::NotChecked;
            let patterns = token_patterns(tok, pos, origins);
            if let Some(why) = never(pos, side, patterns.as_slice()) {
                let text = self.src(tok.span).to_owned();
                self.moves[tok.index] = MoveState::Error;
                self.diags.push(
                    Diagnostic::new(Problem::IdeaImpossible { text, why }, tok.span)
                        .label("this idea")
                        .help(
                            "an idea is a move of the side that just moved, made after any \
                             reply (∆), or a move of the opponent it is aimed against (∇): is \
                             the piece or the square mistyped?",
                        ),
                );
            }
        }
    }
}
