//! What each game and fragment of a document read: kept by [`Document`] after its units are
//! let go, for coverage and for callers that want the moves (`Document::read`).
//!
//! [`Document`]: crate::lint::Document

use shakmaty::Chess;

use crate::check::{CheckedGame, MoveState};
use crate::diagnostic::{Diagnostic, Problem};
use crate::span::Span;

/// Fewest move-like words left unread for a text to be called mostly unread.
const MOSTLY_UNREAD_FLOOR: usize = 3;

/// A game, or a move fragment of the prose checked against a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitKind {
    /// A game (a PGN game, a fenced block, movetext paragraphs, a LaTeX game).
    Game,
    /// Moves in the prose (`after 12...Bxg3 13.fxg3`) or in a LaTeX `\variation{…}`.
    Fragment,
}

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
    pub(crate) fn of(kind: UnitKind, g: &CheckedGame) -> ReadLine {
        ReadLine {
            kind,
            span: g.syntax.span,
            start: g.start.clone(),
            mainline: g.mainline.clone(),
            resolved: (g.moves.iter())
                .filter(|m| matches!(m, MoveState::Legal(_) | MoveState::Null))
                .count(),
        }
    }
}

/// The move-like words (see [`crate::check::prose::coverage_words`]) of the text's `parts`
/// (its games and its prose, each the whole text's length with the rest blanked, so that code
/// blocks of other languages are left out) that none of `read` (the move tokens of every game
/// and fragment) holds, and how many move-like words and tokens there are in all.
pub(crate) fn unread_words(parts: &[&str], mut read: Vec<Span>) -> (Vec<Span>, usize) {
    read.sort_unstable_by_key(|s| s.start);
    let covered = |w: &Span| {
        let i = read.partition_point(|s| s.end <= w.start);
        read.get(i).is_some_and(|s| s.start < w.end)
    };
    let mut unread: Vec<Span> = (parts.iter())
        .flat_map(|p| crate::check::prose::coverage_words(p))
        .filter(|w| !covered(w))
        .collect();
    unread.sort_unstable_by_key(|w| w.start);
    unread.dedup();
    let total = unread.len() + read.len();
    (unread, total)
}

/// An error when most of a text's move-like words were not read: the text would otherwise
/// pass with its moves unchecked.
pub(crate) fn mostly_unread(unread: &[Span], total: usize) -> Option<Diagnostic> {
    let first = unread.first()?;
    (unread.len() >= MOSTLY_UNREAD_FLOOR && unread.len() * 2 > total).then(|| {
        Diagnostic::new(
            Problem::MostlyUnread {
                unread: unread.len(),
                total,
            },
            *first,
        )
        .label("the first move-like word not read")
        .help(
            "give the language and notation (--lang, --notation) if they were not found, or \
             write the moves in a form the text's language reads",
        )
    })
}
