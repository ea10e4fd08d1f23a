//! A board diagram for the help of illegal and ambiguous moves: the position before the move
//! in Unicode figurines, White at the bottom, with the side to move and the last move.

use shakmaty::{Board, Chess, Color, File, Position, Rank, Role, Square};

/// The figurine of a piece.
pub(crate) const fn figurine(role: Role, color: Color) -> char {
    match (color, role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}

/// The diagram: a heading with the side to move and the last move (`last`, as written, e.g.
/// `9... Bb4`), eight ranks from the 8th down, and the files. Empty squares are `·`; the
/// squares in `marks` (the pieces the message is about) are named after an arrow on the right
/// of their rank.
pub(crate) fn diagram(pos: &Chess, last: Option<&str>, marks: &[Square]) -> String {
    let side = if pos.turn() == Color::White {
        "White"
    } else {
        "Black"
    };
    let mut out = match last {
        Some(l) => format!("position before the move: {side} to move, last move {l}"),
        None => format!("position before the move: {side} to move, no move played yet"),
    };
    out.push('\n');
    out.push_str(&board_rows(pos.board(), marks));
    out
}

/// A board drawn in figurines: eight ranks from the 8th down, each after its number, and the
/// files under them (`  a b c d e f g h`). Empty squares are `·`; the squares in `marks` are
/// named after an arrow on the right of their rank.
pub(crate) fn board_rows(board: &Board, marks: &[Square]) -> String {
    let mut out = String::new();
    for r in (0..8u32).rev() {
        let rank = Rank::new(r);
        out.push(rank.char());
        for f in 0..8u32 {
            let sq = Square::from_coords(File::new(f), rank);
            out.push(' ');
            out.push(match board.piece_at(sq) {
                Some(p) => figurine(p.role, p.color),
                None => '·',
            });
        }
        let here: Vec<String> = marks
            .iter()
            .filter(|s| s.rank() == rank)
            .map(|s| s.to_string())
            .collect();
        if !here.is_empty() {
            out.push_str(&format!("   ← {}", here.join(", ")));
        }
        out.push('\n');
    }
    out.push_str("  a b c d e f g h");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    #[test]
    fn pieces_stand_on_their_squares() {
        let fen: Fen = "4k3/8/8/3q4/8/8/8/R3K3 b Q - 0 1".parse().expect("fen");
        let pos: Chess = fen.into_position(CastlingMode::Standard).expect("legal");
        let d = diagram(&pos, Some("40. Ra1"), &[Square::D5]);
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(
            lines[0],
            "position before the move: Black to move, last move 40. Ra1"
        );
        assert_eq!(lines[1], "8 · · · · ♚ · · ·");
        assert_eq!(lines[4], "5 · · · ♛ · · · ·   ← d5");
        assert_eq!(lines[8], "1 ♖ · · · ♔ · · ·");
        assert_eq!(lines[9], "  a b c d e f g h");
        assert_eq!(lines.len(), 10);
    }
}
