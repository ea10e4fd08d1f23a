//! Is a position legal, and if not, why, in words; and the composers' convention for castling.

use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, File, FromSetup, Piece, PositionErrorKinds, Rank,
    Role, Setup, Square,
};

use crate::position::written_order;
use crate::render::words::role_name;

/// A position that cannot be played: why, in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal position: {reason}")]
pub struct IllegalPosition {
    /// Why ("White has 2 kings (e1, g1)").
    pub reason: String,
}

/// The position of a setup, when it is legal: standard castling, or Chess960 castling when
/// the castling rights name other rooks.
///
/// # Errors
/// Why it is illegal, in words (two kings of one side, a pawn on the 1st rank, the side not to
/// move in check…).
pub fn legal(setup: &Setup) -> Result<Chess, IllegalPosition> {
    let mode = if setup.castling_rights.is_empty() {
        CastlingMode::Standard
    } else {
        CastlingMode::detect(setup)
    };
    Chess::from_setup(setup.clone(), mode).map_err(|e| IllegalPosition {
        reason: illegal_reason(setup, e.kinds()),
    })
}

/// The castling rights of the composers' convention: castling is allowed where the king and a
/// rook of its side stand on their original squares (e1 and a1 or h1; e8 and a8 or h8).
pub fn conventional_castling(board: &Board) -> Bitboard {
    let mut rights = Bitboard::EMPTY;
    for color in Color::ALL {
        let back = Rank::new(if color == Color::White { 0 } else { 7 });
        let king = Square::from_coords(File::E, back);
        if board.piece_at(king)
            != Some(Piece {
                color,
                role: Role::King,
            })
        {
            continue;
        }
        for file in [File::A, File::H] {
            let rook = Square::from_coords(file, back);
            if board.piece_at(rook)
                == Some(Piece {
                    color,
                    role: Role::Rook,
                })
            {
                rights.add(rook);
            }
        }
    }
    rights
}

/// "White", "Black".
pub(crate) use crate::board::words::side_name as side;

/// "the white rook".
pub(crate) fn man(piece: Piece) -> String {
    format!(
        "the {} {}",
        piece.color.fold_wb("white", "black"),
        role_name(piece.role)
    )
}

/// "the white rook on a8".
pub(crate) fn man_on(piece: Piece, sq: Square) -> String {
    format!("{} on {sq}", man(piece))
}

/// Squares listed in words: "e1", "e1 and g1", "a1, b2 and c3".
fn squares(list: &[Square]) -> String {
    let names: Vec<String> = list.iter().map(ToString::to_string).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The men of `by` that attack the king of the other side, in words.
fn checkers(board: &Board, by: Color) -> Vec<String> {
    let Some(king) = board.king_of(!by) else {
        return Vec::new();
    };
    written_order(board.attacks_to(king, by, board.occupied()))
        .into_iter()
        .filter_map(|sq| board.piece_at(sq).map(|p| man_on(p, sq)))
        .collect()
}

/// A side's pawns, and its pieces beyond those a side starts with (bishops counted by the
/// colour of their squares), which only promotions can have given.
fn material(board: &Board, color: Color) -> (u32, u32) {
    let mine = board.by_color(color);
    let count = |bb: Bitboard| (bb & mine).count() as u32;
    let beyond = |n: u32, start: u32| n.saturating_sub(start);
    let extra = beyond(count(board.queens()), 1)
        + beyond(count(board.rooks()), 2)
        + beyond(count(board.knights()), 2)
        + beyond(count(board.bishops() & Bitboard::LIGHT_SQUARES), 1)
        + beyond(count(board.bishops() & Bitboard::DARK_SQUARES), 1);
    (count(board.pawns()), extra)
}

/// Why a setup is illegal, in words, for the reasons shakmaty found (`kinds`); each reason
/// names the men and squares that show it.
pub(crate) fn illegal_reason(setup: &Setup, kinds: PositionErrorKinds) -> String {
    let board = &setup.board;
    let mut reasons: Vec<String> = Vec::new();
    if kinds.contains(PositionErrorKinds::EMPTY_BOARD) {
        reasons.push("the board is empty".into());
    }
    if kinds.intersects(PositionErrorKinds::MISSING_KING | PositionErrorKinds::TOO_MANY_KINGS) {
        for color in Color::ALL {
            let kings = written_order(board.kings() & board.by_color(color));
            match kings.len() {
                0 => reasons.push(format!("{} has no king", side(color))),
                1 => {}
                n => reasons.push(format!(
                    "{} has {n} kings ({})",
                    side(color),
                    squares(&kings)
                )),
            }
        }
    }
    if kinds.contains(PositionErrorKinds::PAWNS_ON_BACKRANK) {
        for color in Color::ALL {
            let on = written_order(board.pawns() & board.by_color(color) & Bitboard::BACKRANKS);
            if !on.is_empty() {
                let what = if on.len() == 1 { "a pawn" } else { "pawns" };
                reasons.push(format!(
                    "{} has {what} on {} (pawns never stand on the 1st or the 8th rank: they \
                     promote on reaching the last one)",
                    side(color),
                    squares(&on)
                ));
            }
        }
    }
    if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
        let mover = setup.turn;
        let by = checkers(board, mover);
        reasons.push(format!(
            "{} is to move, but {} is in check ({}): the side that has just moved cannot have \
             left its king in check",
            side(mover),
            side(!mover),
            by.join(", ")
        ));
    }
    if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
        let by = checkers(board, !setup.turn);
        reasons.push(format!(
            "{}'s king is in check from {}, which no move can give at once",
            side(setup.turn),
            by.join(" and ")
        ));
    }
    if kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL) {
        for color in Color::ALL {
            let (pawns, extra) = material(board, color);
            if pawns + extra > 8 {
                reasons.push(format!(
                    "{} has {pawns} pawns and {extra} pieces more than a side starts with: only \
                     its {} missing pawns can have been promoted",
                    side(color),
                    8 - pawns.min(8)
                ));
            }
        }
    }
    if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
        reasons.push(
            "the castling rights name a king or rook that is not on its original square".into(),
        );
    }
    if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
        let at = setup
            .ep_square
            .map_or_else(String::new, |s| format!(" {s}"));
        reasons.push(format!(
            "the en passant square{at} is not behind a pawn that has just moved two squares"
        ));
    }
    if reasons.is_empty() {
        reasons.push("it breaks a rule of the game".into());
    }
    reasons.join("; ")
}
