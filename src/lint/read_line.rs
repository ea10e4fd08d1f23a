//! What each game and fragment of a document read: kept by [`Document`] after its units are
//! let go, for coverage and for callers that want the moves (`Document::read`).
//!
//! [`Document`]: crate::lint::Document

use shakmaty::Chess;

use crate::check::MoveState;
use crate::lint::document::{Unit, UnitKind};
use crate::span::Span;

/// What a game or fragment of a document read: its start position and its main line as
/// resolved, and how many of its move tokens (variations included) were read as moves.
#[derive(Clone, Debug)]
pub struct ReadLine {
    /// Game or fragment.
    pub kind: UnitKind,
    /// Where it is in the text.
    pub span: Span,
    /// The position it was read from (`None`: it could not be set up).
    pub start: Option<Chess>,
    /// The main line as resolved (`None` = null move), up to its first error.
    pub mainline: Vec<Option<shakmaty::Move>>,
    /// Move tokens resolved, in every line.
    pub resolved: usize,
}

impl ReadLine {
    pub(crate) fn of(u: &Unit) -> ReadLine {
        ReadLine {
            kind: u.kind,
            span: u.game.syntax.span,
            start: u.game.start.clone(),
            mainline: u.game.mainline.clone(),
            resolved: (u.game.moves.iter())
                .filter(|m| matches!(m, MoveState::Legal(_) | MoveState::Null))
                .count(),
        }
    }
}
