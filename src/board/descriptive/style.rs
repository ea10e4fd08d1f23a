//! How a writer spells English descriptive moves: the knight's letter (`N`, `Kt`, `Kn`), the
//! dash, the capture sign and the check, mate and e.p. marks. Books differ (`Kt-KB3` in older
//! English books, `N-KB3` in newer ones; `P×P` or `PxP`; `B-N5ch` or `B-N5+`), and a
//! suggestion reads best in the spelling of the score it is about.

use std::borrow::Cow;

use shakmaty::Role;

/// How English descriptive moves are spelled (the letters other than the knight's are fixed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DescStyle {
    /// The knight's letter, also in a file's name (`Kt-KB3`, `B-Kt5`): `N`, `Kt` or `Kn`.
    pub knight: Knight,
    /// The dash between the mover and its square (`-`, `–`).
    pub dash: char,
    /// The capture sign (`×`, `x`, `:`).
    pub capture: char,
    /// The check sign as written after a move, with its space if any (` ch`, `+`).
    pub check: Cow<'static, str>,
    /// The mate sign as written after a move (` mate`, `#`).
    pub mate: Cow<'static, str>,
    /// The en passant mark as written after a move (` e.p.`).
    pub ep: Cow<'static, str>,
}

/// The knight's letter in English descriptive notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knight {
    /// `N` (`N-KB3`), as in books since about 1950.
    N,
    /// `Kt` (`Kt-KB3`), as in older books.
    Kt,
    /// `Kn` (`Kn-KB3`).
    Kn,
}

impl Knight {
    /// The letter as written.
    pub const fn as_str(self) -> &'static str {
        match self {
            Knight::N => "N",
            Knight::Kt => "Kt",
            Knight::Kn => "Kn",
        }
    }
}

impl DescStyle {
    /// The spelling of English books since about 1950: `N-KB3`, `P×P`, `B-N5 ch`, `Q×P mate`,
    /// `P×P e.p.`.
    pub const BOOK: DescStyle = DescStyle {
        knight: Knight::N,
        dash: '-',
        capture: '×',
        check: Cow::Borrowed(" ch"),
        mate: Cow::Borrowed(" mate"),
        ep: Cow::Borrowed(" e.p."),
    };

    /// The letter of a role (`P` for a pawn).
    pub(super) const fn letter(&self, role: Role) -> &'static str {
        match role {
            Role::King => "K",
            Role::Queen => "Q",
            Role::Rook => "R",
            Role::Bishop => "B",
            Role::Knight => self.knight.as_str(),
            Role::Pawn => "P",
        }
    }
}

impl Default for DescStyle {
    fn default() -> DescStyle {
        DescStyle::BOOK
    }
}
