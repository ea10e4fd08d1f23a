//! Where each piece started, for designations by origin (`KR`, `QN`).

use shakmaty::{CastlingSide, Chess, Color, Move, Position, Rank, Square};

/// Where each piece on the board started (for `KR`, `QN`), updated move by move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origins([Option<Square>; 64]);

impl Default for Origins {
    fn default() -> Self {
        Origins::from_position(&Chess::default())
    }
}

impl Origins {
    /// Every piece of `pos` taken as standing on its origin.
    pub fn from_position(pos: &Chess) -> Origins {
        let mut o = [None; 64];
        for sq in pos.board().occupied() {
            o[usize::from(sq)] = Some(sq);
        }
        Origins(o)
    }

    /// The origin of the piece on `sq`.
    pub fn at(&self, sq: Square) -> Option<Square> {
        self.0[usize::from(sq)]
    }

    /// Updates the map for a move played.
    pub fn play(&mut self, m: &Move) {
        match *m {
            Move::Castle { king, rook } => {
                let side = if rook > king {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                let color = if king.rank() == Rank::First {
                    Color::White
                } else {
                    Color::Black
                };
                let (ko, ro) = (self.at(king), self.at(rook));
                self.0[usize::from(king)] = None;
                self.0[usize::from(rook)] = None;
                self.0[usize::from(side.king_to(color))] = ko;
                self.0[usize::from(side.rook_to(color))] = ro;
            }
            Move::EnPassant { from, to } => {
                let victim = Square::from_coords(to.file(), from.rank());
                self.0[usize::from(victim)] = None;
                self.0[usize::from(to)] = self.at(from);
                self.0[usize::from(from)] = None;
            }
            Move::Normal { from, to, .. } => {
                self.0[usize::from(to)] = self.at(from);
                self.0[usize::from(from)] = None;
            }
            Move::Put { to, .. } => self.0[usize::from(to)] = Some(to),
        }
    }
}
