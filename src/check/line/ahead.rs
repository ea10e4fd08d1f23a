//! The move tokens ahead of a token in error, which its repairs are tried on: those that
//! follow up to a result or an unreadable token, and the ones after that token.

use crate::check::repair::{Beyond, REACH};
use crate::span::Span;
use crate::syntax::{Item, MoveToken};

/// The move tokens that follow in a line (up to [`REACH`]), skipping everything else; a result
/// or an unreadable token ends them.
pub(super) fn upcoming(items: &[Item]) -> Vec<&MoveToken> {
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Move(t) => {
                out.push(t);
                if out.len() == REACH {
                    break;
                }
            }
            Item::Result(_) | Item::Unknown(_) => break,
            _ => {}
        }
    }
    out
}

/// The text that ended the move tokens [`upcoming`] gives, when it is no move (a slip that
/// made a move unreadable, or prose), and the move tokens after it: reading through it tells
/// apart repairs that read equally far up to it.
pub(super) fn beyond(items: &[Item]) -> Option<(Span, Vec<&MoveToken>)> {
    let mut moves = 0;
    for (i, item) in items.iter().enumerate() {
        match item {
            Item::Move(_) => {
                moves += 1;
                if moves == REACH {
                    return None;
                }
            }
            Item::Unknown(s) => return Some((*s, upcoming(&items[i + 1..]))),
            Item::Result(_) => return None,
            _ => {}
        }
    }
    None
}

/// [`beyond`]'s answer as the repair search takes it.
pub(super) fn as_beyond<'a>(far: &'a Option<(Span, Vec<&'a MoveToken>)>) -> Beyond<'a> {
    far.as_ref().map_or_else(Beyond::default, |(s, a)| Beyond {
        unreadable: Some(*s),
        after: a,
    })
}
