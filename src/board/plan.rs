//! Plans: whether a side could ever make a move, given the pieces it has now.
//!
//! An annotator's idea (`(∆Дd5)`, with the idea Qd5) may need moves before it can be made;
//! what can be told of it is whether any piece of that side could ever make it: a queen,
//! rook, knight or king can reach every square in time; a bishop only the squares of its
//! colour; a pawn only the squares ahead of it within its files' reach, and it promotes on
//! the last rank. Castling needs the right to castle on that side.

use shakmaty::{Bitboard, Chess, Color, Position, Role, Square};

use crate::board::pattern::Pattern;
use crate::board::words::{role_name, side_name};

/// Why no piece of `side` could ever make a move of `patterns`, in words; `None` when one
/// could (or the move names no piece and square to judge by).
pub(crate) fn never(pos: &Chess, side: Color, patterns: &[Pattern]) -> Option<String> {
    let mut why = None;
    for p in patterns {
        match why_not(pos, side, p) {
            None => return None,
            Some(w) => why = why.or(Some(w)),
        }
    }
    why
}

/// Why no piece of `side` could ever make the move `p`, or `None` when one could.
fn why_not(pos: &Chess, side: Color, p: &Pattern) -> Option<String> {
    if p.null {
        return None;
    }
    if let Some(cs) = p.castle {
        return (!pos.castles().has(side, cs)).then(|| {
            format!(
                "{} can no longer castle {}",
                side_name(side),
                if cs.is_king_side() { "short" } else { "long" }
            )
        });
    }
    let targets = targets(p);
    let board = pos.board();
    let mut pieces = board.by_color(side);
    if let Some(role) = p.role {
        pieces &= board.by_role(role);
    }
    if let Some(f) = p.from_file {
        pieces &= Bitboard::from_file(f);
    }
    if let Some(r) = p.from_rank {
        pieces &= Bitboard::from_rank(r);
    }
    if let Some(set) = p.from_set {
        pieces &= set;
    }
    let role_name = p.role.map_or("piece", role_name);
    if pieces.is_empty() {
        return Some(format!("{} has no {role_name} to make it", side_name(side)));
    }
    let reachable = pieces.into_iter().any(|from| {
        board
            .role_at(from)
            .is_some_and(|role| (reach(from, role, side) & targets).any())
    });
    (!reachable).then(|| {
        format!(
            "no {role_name} of {} could ever reach {}",
            side_name(side),
            target_name(p)
        )
    })
}

/// The squares the move may go to.
fn targets(p: &Pattern) -> Bitboard {
    let mut t = Bitboard::FULL;
    if let Some(sq) = p.to {
        t &= Bitboard::from_square(sq);
    }
    if let Some(f) = p.to_file {
        t &= Bitboard::from_file(f);
    }
    if let Some(r) = p.to_rank {
        t &= Bitboard::from_rank(r);
    }
    if let Some(set) = p.to_set {
        t &= set;
    }
    t
}

/// Every square a piece of `role` on `from` could ever stand on.
fn reach(from: Square, role: Role, side: Color) -> Bitboard {
    match role {
        Role::Bishop => {
            if Bitboard::LIGHT_SQUARES.contains(from) {
                Bitboard::LIGHT_SQUARES
            } else {
                Bitboard::DARK_SQUARES
            }
        }
        Role::Pawn => pawn_cone(from, side),
        Role::Knight | Role::Rook | Role::Queen | Role::King => Bitboard::FULL,
    }
}

/// The squares ahead of a pawn that captures could bring it to: each rank further on, as many
/// files aside as ranks ahead.
fn pawn_cone(from: Square, side: Color) -> Bitboard {
    let (file, rank) = (i32::from(from.file()), i32::from(from.rank()));
    Square::ALL
        .into_iter()
        .filter(|sq| {
            let ahead = match side {
                Color::White => i32::from(sq.rank()) - rank,
                Color::Black => rank - i32::from(sq.rank()),
            };
            ahead > 0 && (i32::from(sq.file()) - file).abs() <= ahead
        })
        .collect()
}

fn target_name(p: &Pattern) -> String {
    match (p.to, p.to_file, p.to_rank) {
        (Some(sq), _, _) => sq.to_string(),
        (None, Some(f), _) => format!("the {}-file", f.char()),
        (None, None, Some(r)) => format!("rank {}", r.char()),
        (None, None, None) => "that square".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::resolve::tests::position;

    fn pat(role: Role, to: Square) -> Pattern {
        Pattern {
            role: Some(role),
            to: Some(to),
            ..Pattern::default()
        }
    }

    #[test]
    fn a_piece_that_could_get_there_in_time_makes_a_plan() {
        let pos = position("6k1/3q1ppp/8/8/3r4/8/5PPP/6K1 w - - 0 35");
        assert_eq!(
            never(&pos, Color::Black, &[pat(Role::Queen, Square::D5)]),
            None
        );
        assert_eq!(
            never(&pos, Color::Black, &[pat(Role::Queen, Square::A1)]),
            None
        );
        assert_eq!(
            never(&pos, Color::Black, &[pat(Role::Knight, Square::F5)]).as_deref(),
            Some("Black has no knight to make it")
        );
    }

    #[test]
    fn bishops_keep_their_colour_and_pawns_go_forward() {
        // The white bishop on c1 is dark-squared; the pawn on e4 never goes back to e3.
        let pos = position("4k3/8/8/8/4P3/8/8/2B1K3 w - - 0 1");
        assert!(never(&pos, Color::White, &[pat(Role::Bishop, Square::E5)]).is_none());
        assert_eq!(
            never(&pos, Color::White, &[pat(Role::Bishop, Square::D5)]).as_deref(),
            Some("no bishop of White could ever reach d5")
        );
        assert!(never(&pos, Color::White, &[pat(Role::Pawn, Square::G7)]).is_none());
        assert!(never(&pos, Color::White, &[pat(Role::Pawn, Square::E3)]).is_some());
        assert!(never(&pos, Color::White, &[pat(Role::Pawn, Square::A6)]).is_some());
    }
}
