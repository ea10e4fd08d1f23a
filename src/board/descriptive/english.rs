//! English descriptive readings: `P-K4`, `N-KB3`, `QN1-Q2`, `R(QR1)-Q1`, `Q×B7`.

use shakmaty::{Bitboard, Chess, Color, Role};

use crate::board::descriptive::origins::Origins;
use crate::board::descriptive::squares::{
    Designation, FileName, LegalMoves, Wing, Written, back_ranks, prefer_quiet, rank_for, single,
};
use crate::board::pattern::Pattern;

/// One letter of an English designation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Letter {
    K,
    Q,
    R,
    B,
    N,
    P,
}

/// The letters of an English designation; `Kt` and `Kn` are the knight.
pub(super) fn english_letters(s: &str) -> Option<Vec<Letter>> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'K' && matches!(b.get(i + 1), Some(b't' | b'n')) {
            out.push(Letter::N);
            i += 2;
            continue;
        }
        out.push(match b[i] {
            b'K' => Letter::K,
            b'Q' => Letter::Q,
            b'R' => Letter::R,
            b'B' => Letter::B,
            b'N' => Letter::N,
            b'P' => Letter::P,
            _ => return None,
        });
        i += 1;
    }
    Some(out)
}

pub(super) const fn role_of(l: Letter) -> Role {
    match l {
        Letter::K => Role::King,
        Letter::Q => Role::Queen,
        Letter::R => Role::Rook,
        Letter::B => Role::Bishop,
        Letter::N => Role::Knight,
        Letter::P => Role::Pawn,
    }
}

pub(super) const fn file_of(l: Letter) -> Option<FileName> {
    match l {
        Letter::K => Some(FileName::K),
        Letter::Q => Some(FileName::Q),
        Letter::R => Some(FileName::R),
        Letter::B => Some(FileName::B),
        Letter::N => Some(FileName::N),
        Letter::P => None,
    }
}

pub(super) const fn wing_of(l: Letter) -> Option<Wing> {
    match l {
        Letter::K => Some(Wing::King),
        Letter::Q => Some(Wing::Queen),
        _ => None,
    }
}

/// Rook, knight and bishop come in pairs, one on each wing.
pub(super) const fn paired(l: Letter) -> bool {
    matches!(l, Letter::R | Letter::N | Letter::B)
}

/// English piece designations: K Q R B N P; KR QN KB… (by origin); BP QBP KRP… (pawn by file).
pub(super) fn english_designations(ls: &[Letter]) -> Option<Designation> {
    match *ls {
        [l] => Some(Designation::any(role_of(l))),
        [w, l] if wing_of(w).is_some() && paired(l) => Some(Designation {
            role: role_of(l),
            on: Bitboard::FULL,
            origin: file_of(l).map(|f| f.files(wing_of(w)) & back_ranks()),
        }),
        [f, Letter::P] => file_of(f).map(|file| Designation {
            role: Role::Pawn,
            on: file.files(None),
            origin: None,
        }),
        [w, f, Letter::P] if wing_of(w).is_some() && paired(f) => {
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
pub(super) fn english_file(ls: &[Letter]) -> Option<Bitboard> {
    match *ls {
        [f] => file_of(f).map(|f| f.files(None)),
        [w, f] if wing_of(w).is_some() && paired(f) => file_of(f).map(|f| f.files(wing_of(w))),
        _ => None,
    }
}

/// Every reading of an English descriptive move, as patterns for `color` to move.
///
/// A move written with a dash goes to an empty square: when some reading of it is a legal
/// move that captures nothing, the readings that capture are dropped (`N-B3` with a knight
/// that could take on QB3 and move to KB3 is the move to KB3). A capture written with a dash
/// is still read when it is the only reading.
pub fn english_patterns(
    w: &Written<'_>,
    color: Color,
    origins: &Origins,
    pos: &Chess,
) -> Vec<Pattern> {
    english_patterns_in(w, color, origins, pos, &mut LegalMoves::new(pos))
}

pub(super) fn english_patterns_in(
    w: &Written<'_>,
    color: Color,
    origins: &Origins,
    pos: &Chess,
    legal: &mut LegalMoves<'_>,
) -> Vec<Pattern> {
    let mut out = Vec::new();
    let to_sets: Vec<Bitboard> = match w.to {
        Some(t) => english_squares(t, color, true).into_iter().collect(),
        None => vec![Bitboard::FULL],
    };
    let at = match w.at {
        Some(t) => match english_squares(t, color, false) {
            Some(b) => b,
            None => return out,
        },
        None => Bitboard::FULL,
    };
    // Captured: a piece designation (possibly by file or origin) or a square.
    let mut captured: Vec<(Option<Role>, Bitboard)> = Vec::new();
    match w.captured {
        None => captured.push((None, Bitboard::FULL)),
        Some(c) => {
            if let Some(d) = english_letters(c).and_then(|ls| english_designations(&ls)) {
                // The captured piece is the other side's: its origin is theirs.
                captured.push((Some(d.role), d.squares(!color, origins, pos)));
            }
            if let Some(sq) = english_squares(c, color, false) {
                captured.push((None, sq));
            }
        }
    }
    for (role, from) in english_movers(w.who, color, origins, pos) {
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
pub(super) fn english_squares(s: &str, color: Color, first_rank_default: bool) -> Option<Bitboard> {
    let split = s.find(|c: char| c.is_ascii_digit()).unwrap_or(s.len());
    let (letters, digits) = s.split_at(split);
    let files = english_file(&english_letters(letters)?)?;
    let rank = match digits.parse::<u32>() {
        Ok(n) => rank_for(n, color)?,
        Err(_) if first_rank_default && digits.is_empty() => rank_for(1, color)?,
        Err(_) => return None,
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
    who: &str,
    color: Color,
    origins: &Origins,
    pos: &Chess,
) -> Vec<(Option<Role>, Bitboard)> {
    let mut out = Vec::new();
    // Bracket form: R(QR1), R(1), N(KB3), R(Kt).
    if let Some((piece, rest)) = who.split_once('(') {
        let inner = rest.trim_end_matches(')');
        let Some(d) = english_letters(piece).and_then(|ls| english_designations(&ls)) else {
            return out;
        };
        let base = d.squares(color, origins, pos);
        let within = if let Ok(n) = inner.parse::<u32>() {
            rank_for(n, color)
        } else if inner.bytes().all(|b| !b.is_ascii_digit()) {
            english_letters(inner).and_then(|ls| english_file(&ls))
        } else {
            english_squares(inner, color, false)
        };
        if let Some(within) = within {
            out.push((Some(d.role), base & within));
        }
        return out;
    }
    let split = who.find(|c: char| c.is_ascii_digit()).unwrap_or(who.len());
    let (letters, digits) = who.split_at(split);
    let Some(ls) = english_letters(letters) else {
        return out;
    };
    let rank = if digits.is_empty() {
        None
    } else {
        match digits.parse::<u32>().ok().and_then(|n| rank_for(n, color)) {
            Some(r) => Some(r),
            None => return out,
        }
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
