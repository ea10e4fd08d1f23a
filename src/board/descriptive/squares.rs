//! What the English and Spanish readings share: wings, file names, designations, ranks
//! counted from the mover, and the preference of a move written with a dash for a quiet square.

use shakmaty::{Bitboard, Chess, Color, File, Move, MoveList, Position, Rank, Role, Square};

use crate::board::descriptive::origins::Origins;
use crate::board::pattern::Pattern;
use crate::syntax::{DescPart, DescriptiveMove};

/// A wing: the queen's side (files a–d) or the king's side (e–h).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Wing {
    Queen,
    King,
}

impl Wing {
    /// The wing of a file.
    pub(super) fn of(f: File) -> Wing {
        if f < File::E { Wing::Queen } else { Wing::King }
    }
}

/// A file named by its piece: R, N, B, Q, K.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FileName {
    R,
    N,
    B,
    Q,
    K,
}

impl FileName {
    /// The files it names: on one wing, or on both when no wing is said.
    pub(super) fn files(self, wing: Option<Wing>) -> Bitboard {
        let (q, k) = match self {
            FileName::R => (File::A, File::H),
            FileName::N => (File::B, File::G),
            FileName::B => (File::C, File::F),
            FileName::Q => (File::D, File::D),
            FileName::K => (File::E, File::E),
        };
        match wing {
            Some(Wing::Queen) => Bitboard::from_file(q),
            Some(Wing::King) => Bitboard::from_file(k),
            None => Bitboard::from_file(q) | Bitboard::from_file(k),
        }
    }
}

/// The back ranks, where pieces named by their origin (`KR`, `QN`, `TR`, `CD`) started.
pub(super) fn back_ranks() -> Bitboard {
    Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth)
}

/// A piece as designated: its role, and where it may stand (files or origin).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Designation {
    pub(super) role: Role,
    /// Squares it may stand on (all squares when not restricted).
    pub(super) on: Bitboard,
    /// Designated by origin (`KR`, `QN`): the origin squares allowed.
    pub(super) origin: Option<Bitboard>,
}

/// What the captured part of a move allows, as (captured role, squares) choices: with no part
/// written, anything; else the other side's piece it designates (its origin is theirs, so its
/// squares are read for `!color`) and the square it names, each when it reads as one.
pub(super) fn captured_choices(
    written: Option<(Option<Designation>, Option<Bitboard>)>,
    color: Color,
    origins: &Origins,
    pos: &Chess,
) -> Vec<(Option<Role>, Bitboard)> {
    let Some((designation, square)) = written else {
        return vec![(None, Bitboard::FULL)];
    };
    let piece = designation.map(|d| (Some(d.role), d.squares(!color, origins, pos)));
    piece
        .into_iter()
        .chain(square.map(|sq| (None, sq)))
        .collect()
}

impl Designation {
    pub(super) const fn any(role: Role) -> Designation {
        Designation {
            role,
            on: Bitboard::FULL,
            origin: None,
        }
    }

    /// The squares this designation allows for `color` (restricted by origin when named so).
    pub(super) fn squares(&self, color: Color, origins: &Origins, pos: &Chess) -> Bitboard {
        let mut on = self.on;
        if let Some(o) = self.origin {
            on &= squares_with_origin(origins, o, color, pos);
        }
        on
    }
}

/// The rank `n` (1–8) counted from `color`'s side.
pub(super) fn rank_for(n: u32, color: Color) -> Option<Bitboard> {
    if !(1..=8).contains(&n) {
        return None;
    }
    let r = if color == Color::White { n - 1 } else { 8 - n };
    Some(Bitboard::from_rank(Rank::new(r)))
}

/// A move as written in descriptive notation: its parts as the grammar read them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Written {
    /// The mover's designation, with any origin qualifier (`QN1`, `PK2`, `R(QR1)`, `KBP`).
    pub who: DescPart,
    /// The target square (`K4`, `KB3`, `Q` = Q1).
    pub to: Option<DescPart>,
    /// The captured piece or square (`N`, `QP`, `B7`).
    pub captured: Option<DescPart>,
    /// The square of a capture (`/QB6`, `(QB6)`).
    pub at: Option<DescPart>,
    /// The promotion piece.
    pub promotion: Option<Role>,
}

impl Written {
    /// The parts of a parsed descriptive move.
    pub(crate) fn of(d: &DescriptiveMove) -> Written {
        Written {
            who: d.who.value,
            to: d.to.map(|p| p.value),
            captured: d.captured.map(|p| p.value),
            at: d.at.map(|p| p.value),
            promotion: d.promotion,
        }
    }
}

/// The file a letter names, in both systems (the K file is the king's, Spanish `A` the
/// alfil's); a pawn names none.
pub(super) const fn file_of(role: Role) -> Option<FileName> {
    match role {
        Role::King => Some(FileName::K),
        Role::Queen => Some(FileName::Q),
        Role::Rook => Some(FileName::R),
        Role::Bishop => Some(FileName::B),
        Role::Knight => Some(FileName::N),
        Role::Pawn => None,
    }
}

/// The wing a letter names: the king's or the queen's (English `K`, `Q`; Spanish `R`, `D`).
pub(super) const fn wing_of(role: Role) -> Option<Wing> {
    match role {
        Role::King => Some(Wing::King),
        Role::Queen => Some(Wing::Queen),
        _ => None,
    }
}

/// Rook, knight and bishop come in pairs, one on each wing.
pub(super) const fn paired(role: Role) -> bool {
    matches!(role, Role::Rook | Role::Knight | Role::Bishop)
}

/// The legal moves of a position, generated once, when first needed.
pub(super) struct LegalMoves<'a> {
    pos: &'a Chess,
    moves: Option<MoveList>,
}

impl<'a> LegalMoves<'a> {
    pub(super) fn new(pos: &'a Chess) -> Self {
        LegalMoves { pos, moves: None }
    }

    pub(super) fn get(&mut self) -> &[Move] {
        self.moves.get_or_insert_with(|| self.pos.legal_moves())
    }
}

/// Do the patterns match exactly one legal move, `m`?
pub(super) fn reads_back(pats: &[Pattern], legal: &[Move], m: &Move) -> bool {
    let mut found = None;
    for mv in legal {
        if pats.iter().any(|p| p.matches(mv)) {
            if found.is_some() {
                return false;
            }
            found = Some(mv);
        }
    }
    found == Some(m)
}

/// The square of a one-square set: patterns name it as their target too, so that the resolver
/// looks only at the moves to it and can say why none is legal.
pub(super) fn single(set: Bitboard) -> Option<Square> {
    set.single_square()
}

/// The readings of a move written with a dash that go to a square without an enemy piece,
/// when one of them is legal; all readings otherwise.
pub(super) fn prefer_quiet(
    pats: Vec<Pattern>,
    color: Color,
    pos: &Chess,
    legal: &mut LegalMoves<'_>,
) -> Vec<Pattern> {
    let theirs = pos.board().by_color(!color);
    let quiet: Vec<Pattern> = pats
        .iter()
        .filter_map(|p| {
            let t = p.to_set? & !theirs;
            (!t.is_empty()).then_some(Pattern {
                to: single(t),
                to_set: Some(t),
                ..*p
            })
        })
        .collect();
    if quiet.len() == pats.len() && quiet == pats {
        return pats;
    }
    if legal
        .get()
        .iter()
        .any(|m| quiet.iter().any(|p| p.matches(m)))
    {
        quiet
    } else {
        pats
    }
}

/// Squares of `color`'s pieces whose origin is in `allowed`.
fn squares_with_origin(
    origins: &Origins,
    allowed: Bitboard,
    color: Color,
    pos: &Chess,
) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in pos.board().by_color(color) {
        if origins.at(sq).is_some_and(|o| allowed.contains(o)) {
            out = out.with(sq);
        }
    }
    out
}
