//! Two positions compared square by square (a diagram in a manuscript against the game's
//! position after the move before it).

use shakmaty::{Board, Square};

use crate::position::legal::side;
use crate::render::words::role_name;

/// A square where two boards differ: what each has there (`None`: empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The square.
    pub square: Square,
    /// The first board's man there.
    pub expected: Option<shakmaty::Piece>,
    /// The second board's.
    pub found: Option<shakmaty::Piece>,
}

impl Difference {
    /// "e5: the game has a white pawn, the diagram an empty square", naming the two boards.
    pub fn describe(&self, first: &str, second: &str) -> String {
        let what = |p: Option<shakmaty::Piece>| match p {
            Some(p) => format!(
                "a {} {}",
                side(p.color).to_ascii_lowercase(),
                role_name(p.role)
            ),
            None => "an empty square".to_owned(),
        };
        format!(
            "{}: {first} has {}, {second} {}",
            self.square,
            what(self.expected),
            what(self.found)
        )
    }
}

/// The squares where two boards differ, a1 to h8 file by file.
pub fn differences(expected: &Board, found: &Board) -> Vec<Difference> {
    let mut out: Vec<Difference> = Square::ALL
        .into_iter()
        .filter(|&sq| expected.piece_at(sq) != found.piece_at(sq))
        .map(|square| Difference {
            square,
            expected: expected.piece_at(square),
            found: found.piece_at(square),
        })
        .collect();
    out.sort_by_key(|d| (d.square.file(), d.square.rank()));
    out
}
