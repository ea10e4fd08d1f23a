//! The move tokens ahead of a token in error, which its repairs are tried on: those that
//! follow up to a result or an unreadable token, and the ones after that token.

use crate::check::repair::{Beyond, REACH};
use crate::span::Span;
use crate::syntax::{Item, MoveToken};

/// The move tokens that follow in a line (up to [`REACH`]), skipping everything else; a result
/// or an unreadable token ends them. With them, the index and span of the unreadable token
/// that ended them, if one did.
fn walk(items: &[Item]) -> (Vec<&MoveToken>, Option<(usize, Span)>) {
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match item {
            Item::Move(t) => {
                out.push(t);
                if out.len() == REACH {
                    break;
                }
            }
            Item::Unknown(s) => return (out, Some((i, *s))),
            Item::Result(_) => break,
            _ => {}
        }
    }
    (out, None)
}

/// The move tokens that follow in a line (see [`walk`]), and, when text that is no move ended
/// them (a slip that made a move unreadable, or prose), its span and the move tokens after it:
/// reading through it tells apart repairs that read equally far up to it.
pub(super) fn ahead(items: &[Item]) -> (Vec<&MoveToken>, Option<(Span, Vec<&MoveToken>)>) {
    let (rest, stop) = walk(items);
    (rest, stop.map(|(i, s)| (s, walk(&items[i + 1..]).0)))
}

/// [`ahead`]'s second answer as the repair search takes it.
pub(super) fn as_beyond<'a>(far: &'a Option<(Span, Vec<&'a MoveToken>)>) -> Beyond<'a> {
    far.as_ref().map_or_else(Beyond::default, |(s, a)| Beyond {
        unreadable: Some(*s),
        after: a,
    })
}
