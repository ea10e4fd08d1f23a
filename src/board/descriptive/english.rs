//! English descriptive readings: `P-K4`, `N-KB3`, `QN1-Q2`, `R(QR1)-Q1`, `Q×B7`.

use shakmaty::{Bitboard, Chess, Color, Role};

use crate::board::descriptive::origins::Origins;
use crate::board::descriptive::squares::{
    Designation, LegalMoves, Written, back_ranks, captured_choices, file_of, paired, prefer_quiet,
    rank_for, single, wing_of,
};
use crate::board::pattern::Pattern;
use crate::syntax::DescSym::{self, Letter, Rank, Within};

/// English piece designations: K Q R B N P; KR QN KB… (by origin); BP QBP KRP… (pawn by file).
pub(super) fn english_designations(ls: &[DescSym]) -> Option<Designation> {
    match *ls {
        [Letter(l)] => Some(Designation::any(l)),
        [Letter(w), Letter(l)] if wing_of(w).is_some() && paired(l) => Some(Designation {
            role: l,
            on: Bitboard::FULL,
            origin: file_of(l).map(|f| f.files(wing_of(w)) & back_ranks()),
        }),
        [Letter(f), Letter(Role::Pawn)] => file_of(f).map(|file| Designation {
            role: Role::Pawn,
            on: file.files(None),
            origin: None,
        }),
        [Letter(w), Letter(f), Letter(Role::Pawn)] if wing_of(w).is_some() && paired(f) => {
            file_of(f).map(|file| Designation {
                role: Role::Pawn,
                on: file.files(wing_of(w)),
                origin: None,
            })
        }
        _ => None,
    }
}

/// English file names: R N B Q K, QR KN… → the files they allow.
pub(super) fn english_file(ls: &[DescSym]) -> Option<Bitboard> {
    match *ls {
        [Letter(f)] => file_of(f).map(|f| f.files(None)),
        [Letter(w), Letter(f)] if wing_of(w).is_some() && paired(f) => {
            file_of(f).map(|f| f.files(wing_of(w)))
        }
        _ => None,
    }
}

/// Every reading of an English descriptive move, as patterns for `color` to move.
///
/// A move written with a dash goes to an empty square: when some reading of it is a legal
/// move that captures nothing, the readings that capture are dropped (`N-B3` with a knight
/// that could take on QB3 and move to KB3 is the move to KB3). A capture written with a dash
/// is still read when it is the only reading.
pub(crate) fn english_patterns(
    w: &Written,
    color: Color,
    origins: &Origins,
    pos: &Chess,
) -> Vec<Pattern> {
    english_patterns_in(w, color, origins, pos, &mut LegalMoves::new(pos))
}

pub(super) fn english_patterns_in(
    w: &Written,
    color: Color,
    origins: &Origins,
    pos: &Chess,
    legal: &mut LegalMoves<'_>,
) -> Vec<Pattern> {
    let mut out = Vec::new();
    let to_sets: Vec<Bitboard> = match w.to {
        Some(t) => english_squares(&t.syms(), color, true)
            .into_iter()
            .collect(),
        None => vec![Bitboard::FULL],
    };
    let at = match w.at {
        Some(t) => match english_squares(&t.syms(), color, false) {
            Some(b) => b,
            None => return out,
        },
        None => Bitboard::FULL,
    };
    // Captured: a piece designation (possibly by file or origin) or a square.
    let captured = captured_choices(
        w.captured.map(|c| {
            (
                english_designations(&c.syms()),
                english_squares(&c.syms(), color, false),
            )
        }),
        color,
        origins,
        pos,
    );
    for (role, from) in english_movers(&w.who.syms(), color, origins, pos) {
        for to in &to_sets {
            for (crole, con) in &captured {
                let targets = *to & at & *con;
                if targets.is_empty() {
                    continue;
                }
                let p = Pattern {
                    role,
                    from_set: Some(from),
                    to: single(targets),
                    to_set: Some(targets),
                    captured: *crole,
                    capture_required: w.captured.is_some(),
                    promotion: w.promotion.map(Some),
                    ..Pattern::EMPTY
                };
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
    }
    if w.captured.is_none() {
        out = prefer_quiet(out, color, pos, legal);
    }
    out
}

/// The squares an English square name allows for `color` (`K4`, `KB3`, `B3` = QB3 or KB3;
/// `Q` = Q1 when `first_rank_default`).
pub(super) fn english_squares(
    s: &[DescSym],
    color: Color,
    first_rank_default: bool,
) -> Option<Bitboard> {
    let (letters, rank) = match s {
        [letters @ .., Rank(n)] => (letters, Some(*n)),
        _ => (s, None),
    };
    let files = english_file(letters)?;
    let rank = match rank {
        Some(n) => rank_for(u32::from(n), color)?,
        None if first_rank_default => rank_for(1, color)?,
        None => return None,
    };
    Some(files & rank)
}

/// Readings of the mover's designation: (role, or `None` = whatever stands there; the squares
/// it may move from).
///
/// `QN1` is the piece on QN1, the queen on N1, or the queen's knight on the first rank;
/// `NB3` the knight on QB3 or KB3; `R(QR1)`, `R(1)`, `R(R5)` and `R(Kt)` a rook on that square,
/// rank or file.
pub(super) fn english_movers(
    who: &[DescSym],
    color: Color,
    origins: &Origins,
    pos: &Chess,
) -> Vec<(Option<Role>, Bitboard)> {
    let mut out = Vec::new();
    // Bracket form: R(QR1), R(1), N(KB3), R(Kt).
    if let Some(i) = who.iter().position(|s| *s == Within) {
        let (piece, inner) = (&who[..i], &who[i + 1..]);
        let Some(d) = english_designations(piece) else {
            return out;
        };
        let base = d.squares(color, origins, pos);
        let within = match inner {
            [Rank(n)] => rank_for(u32::from(*n), color),
            _ if inner.iter().all(|s| matches!(s, Letter(_))) => english_file(inner),
            _ => english_squares(inner, color, false),
        };
        if let Some(within) = within {
            out.push((Some(d.role), base & within));
        }
        return out;
    }
    let (ls, rank) = match who {
        [ls @ .., Rank(n)] => (ls, Some(*n)),
        _ => (who, None),
    };
    if !ls.iter().all(|s| matches!(s, Letter(_))) {
        return out;
    }
    let rank = match rank {
        None => None,
        Some(n) => match rank_for(u32::from(n), color) {
            Some(r) => Some(r),
            None => return out,
        },
    };
    for k in 0..=ls.len() {
        let (piece, square) = ls.split_at(k);
        if piece.is_empty() {
            // No piece letter: the square alone names the mover (`QN1-Q2`).
            if let (Some(files), Some(r)) = (english_file(square), rank) {
                out.push((None, files & r));
            }
            continue;
        }
        let Some(d) = english_designations(piece) else {
            continue;
        };
        let base = d.squares(color, origins, pos);
        match (square.is_empty(), rank) {
            (true, None) => out.push((Some(d.role), base)),
            (true, Some(r)) => out.push((Some(d.role), base & r)),
            (false, Some(r)) => {
                if let Some(files) = english_file(square) {
                    out.push((Some(d.role), base & files & r));
                }
            }
            (false, None) => {}
        }
    }
    out
}
