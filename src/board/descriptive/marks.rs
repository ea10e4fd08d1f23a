//! Check, mate and e.p. marks choose among the legal moves several readings allow.

use shakmaty::{Chess, Move, Position};

use crate::board::pattern::Pattern;
use crate::board::resolve::{Resolution, resolve};
use crate::syntax::CheckMark;

/// Among the legal moves several readings of one token allow, those that agree with what else
/// was written: the check or mate mark, or its absence (`B-N5ch` is the bishop move that
/// gives check, `B-N5` the one that does not), and the e.p. mark (the en passant capture).
///
/// Descriptive scores rely on this: books print `B-N5ch` where `B-QN5` and `B-KN5` are both
/// legal but only one checks, and `R(R6)-B6` where the rook's move to KB6 would check and the
/// move to QB6 does not. When no move agrees, all are kept: the mark is then wrong, which the
/// checker reports of the move eventually read.
pub(crate) fn agreeing_with_marks(
    pos: &Chess,
    moves: &[Move],
    mark: Option<CheckMark>,
    ep: bool,
) -> Vec<Move> {
    let mut kept = moves.to_vec();
    if ep {
        narrow(&mut kept, |m| m.is_en_passant());
    }
    // (checkers, mate) after each move.
    let after = |m: &Move| {
        let mut after = pos.clone();
        after.play_unchecked(*m);
        let n = after.checkers().count();
        (n, n > 0 && after.is_checkmate())
    };
    match mark {
        None => narrow(&mut kept, |m| after(m).0 == 0),
        Some(CheckMark::Check) => {
            narrow(&mut kept, |m| after(m).0 > 0);
            narrow(&mut kept, |m| !after(m).1);
        }
        Some(CheckMark::DoubleCheck) => {
            narrow(&mut kept, |m| after(m).0 > 0);
            narrow(&mut kept, |m| after(m).0 > 1);
        }
        Some(CheckMark::Mate) => {
            narrow(&mut kept, |m| after(m).0 > 0);
            narrow(&mut kept, |m| after(m).1);
        }
    }
    kept
}

/// Keeps the moves that satisfy `f`, unless none does.
pub(super) fn narrow(moves: &mut Vec<Move>, f: impl Fn(&Move) -> bool) {
    if moves.iter().any(&f) {
        moves.retain(f);
    }
}

/// Resolves the readings of a descriptive move: [`resolve`], then, when several legal moves
/// remain, [`agreeing_with_marks`] chooses among them.
pub(crate) fn resolve_readings(
    pos: &Chess,
    patterns: &[Pattern],
    mark: Option<CheckMark>,
    ep: bool,
) -> Resolution {
    match resolve(pos, patterns) {
        Resolution::Ambiguous(ms) => {
            let kept = agreeing_with_marks(pos, &ms, mark, ep);
            match kept.as_slice() {
                [m] => Resolution::Legal(*m),
                _ => Resolution::Ambiguous(kept),
            }
        }
        other => other,
    }
}
