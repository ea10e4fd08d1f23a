//! Move patterns: what a written move says about the move, as constraints on a legal move.
//!
//! Every notation compiles a move token into one or more patterns. The resolver matches them
//! against the legal moves of a position.

use shakmaty::{Bitboard, CastlingSide, File, Move, Rank, Role, Square};

use crate::syntax::{MoveBody, NormalMove};

/// Constraints on a move. `None` means "not said".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pattern {
    /// The moving piece.
    pub role: Option<Role>,
    /// Origin file.
    pub from_file: Option<File>,
    /// Origin rank.
    pub from_rank: Option<Rank>,
    /// Target square.
    pub to: Option<Square>,
    /// Target file only.
    pub to_file: Option<File>,
    /// Target rank only.
    pub to_rank: Option<Rank>,
    /// Promotion: `Some(None)` = no promotion, `Some(Some(r))` = promotes to `r`,
    /// `None` = not said (any).
    pub promotion: Option<Option<Role>>,
    /// The captured piece, when named.
    pub captured: Option<Role>,
    /// Castling to this side.
    pub castle: Option<CastlingSide>,
    /// A null move.
    pub null: bool,
    /// The origin is one of these squares (descriptive designations).
    pub from_set: Option<Bitboard>,
    /// The target is one of these squares (descriptive squares are relative to the mover).
    pub to_set: Option<Bitboard>,
    /// The move must capture (descriptive `×`, which names what is taken).
    pub capture_required: bool,
}

impl Pattern {
    /// The pattern of a written algebraic move body.
    pub(crate) const fn from_body(body: &MoveBody) -> Pattern {
        match *body {
            MoveBody::Castle(side) => Pattern {
                castle: Some(side),
                ..Pattern::EMPTY
            },
            MoveBody::Null => Pattern {
                null: true,
                ..Pattern::EMPTY
            },
            // Descriptive moves need the board to be read (see `crate::board::descriptive`); alone
            // they match nothing.
            MoveBody::Descriptive(_) => Pattern {
                to_set: Some(Bitboard::EMPTY),
                ..Pattern::EMPTY
            },
            MoveBody::Normal(NormalMove {
                role,
                role_written,
                from_file,
                from_rank,
                to,
                to_file,
                promotion,
                captured,
            }) => {
                // Both squares and no piece letter (`g1f3`): whatever stands on the origin.
                let coordinate =
                    !role_written && from_file.is_some() && from_rank.is_some() && to.is_some();
                Pattern {
                    role: if coordinate { None } else { Some(role) },
                    from_file,
                    from_rank,
                    to,
                    to_file,
                    to_rank: None,
                    // A written promotion must match; an unwritten one is an error the resolver
                    // reports ("which piece?"), so it matches any promotion here.
                    promotion: match promotion {
                        Some(r) => Some(Some(r)),
                        None => None,
                    },
                    captured,
                    castle: None,
                    null: false,
                    from_set: None,
                    to_set: None,
                    capture_required: false,
                }
            }
        }
    }

    /// The empty pattern (matches every move).
    pub(crate) const EMPTY: Pattern = Pattern {
        role: None,
        from_file: None,
        from_rank: None,
        to: None,
        to_file: None,
        to_rank: None,
        promotion: None,
        captured: None,
        castle: None,
        null: false,
        from_set: None,
        to_set: None,
        capture_required: false,
    };

    /// Does this legal move satisfy the pattern?
    pub(crate) fn matches(&self, m: &Move) -> bool {
        if self.null {
            return false;
        }
        if let Some(side) = self.castle {
            return m.castling_side() == Some(side);
        }
        if let Move::Castle { king, rook } = *m {
            // Coordinate style writes castling as the king's move (`e1g1`) or as king takes
            // rook (`e1h1`); a piece letter (`Kg1`) never means castling.
            let coordinate =
                self.role.is_none() && self.from_file.is_some() && self.from_rank.is_some();
            if !coordinate
                || self.from_file != Some(king.file())
                || self.from_rank != Some(king.rank())
            {
                return false;
            }
            let Some(side) = m.castling_side() else {
                return false;
            };
            let color = if king.rank() == Rank::First {
                shakmaty::Color::White
            } else {
                shakmaty::Color::Black
            };
            return self.to == Some(side.king_to(color)) || self.to == Some(rook);
        }
        if self.role.is_some_and(|r| r != m.role()) {
            return false;
        }
        let from = m.from();
        if self
            .from_file
            .is_some_and(|f| from.map(Square::file) != Some(f))
        {
            return false;
        }
        if self
            .from_rank
            .is_some_and(|r| from.map(Square::rank) != Some(r))
        {
            return false;
        }
        if self.to.is_some_and(|t| t != m.to()) {
            return false;
        }
        if self.to_file.is_some_and(|f| f != m.to().file()) {
            return false;
        }
        if self.to_rank.is_some_and(|r| r != m.to().rank()) {
            return false;
        }
        if let Some(p) = self.promotion
            && p != m.promotion()
        {
            return false;
        }
        if let Some(c) = self.captured
            && m.capture() != Some(c)
        {
            return false;
        }
        if self.capture_required && !m.is_capture() {
            return false;
        }
        if self
            .from_set
            .is_some_and(|set| !from.is_some_and(|f| set.contains(f)))
        {
            return false;
        }
        if self.to_set.is_some_and(|set| !set.contains(m.to())) {
            return false;
        }
        true
    }
}
