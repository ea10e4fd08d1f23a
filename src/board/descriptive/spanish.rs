//! Spanish descriptive readings: `P4R`, `C3AR`, `CxP`, `PDxA`, `T1xP`, `C7-5C`.

use shakmaty::{Bitboard, Chess, Color, Role};

use crate::board::descriptive::origins::Origins;
use crate::board::descriptive::squares::{
    Designation, FileName, LegalMoves, Wing, Written, back_ranks, prefer_quiet, rank_for, single,
};
use crate::board::pattern::Pattern;

/// Spanish letters: R rey, D dama, T torre, A alfil, C caballo, P peón.
pub(super) fn spanish_role(c: char) -> Option<Role> {
    match c {
        'R' => Some(Role::King),
        'D' => Some(Role::Queen),
        'T' => Some(Role::Rook),
        'A' => Some(Role::Bishop),
        'C' => Some(Role::Knight),
        'P' => Some(Role::Pawn),
        _ => None,
    }
}

pub(super) fn spanish_file(c: char) -> Option<FileName> {
    match c {
        'T' => Some(FileName::R),
        'C' => Some(FileName::N),
        'A' => Some(FileName::B),
        'D' => Some(FileName::Q),
        'R' => Some(FileName::K),
        _ => None,
    }
}

pub(super) fn spanish_wing(c: char) -> Option<Wing> {
    match c {
        'R' => Some(Wing::King),
        'D' => Some(Wing::Queen),
        _ => None,
    }
}

/// A Spanish file at the start of `cs`: `R`, `D`, `A`, `AR`, `CD`, `TR`… → (files, length).
pub(super) fn spanish_files_at(cs: &[char]) -> Option<(Bitboard, usize)> {
    match cs {
        [f @ ('T' | 'C' | 'A'), w @ ('R' | 'D'), ..] => {
            Some((spanish_file(*f)?.files(spanish_wing(*w)), 2))
        }
        [f, ..] => Some((spanish_file(*f)?.files(None), 1)),
        [] => None,
    }
}

/// A whole Spanish file name.
pub(super) fn spanish_files(cs: &[char]) -> Option<Bitboard> {
    spanish_files_at(cs).and_then(|(b, n)| (n == cs.len()).then_some(b))
}

/// A Spanish designation with an optional square qualifier: `P`, `PD`, `PAR` (pawn by file),
/// `T`, `TR`, `CD` (by origin), `T1`, `C7`, `T1TD` (by rank or square). The squares are
/// relative to `color`; `None` when the text is no designation.
pub(super) fn spanish_designation(s: &str, color: Color) -> Option<(Designation, Bitboard)> {
    let cs: Vec<char> = s.chars().collect();
    let (&first, rest) = cs.split_first()?;
    let role = spanish_role(first)?;
    let mut d = Designation::any(role);
    let mut i = 0;
    match (role, rest) {
        (Role::Pawn, [c, ..]) if !c.is_ascii_digit() => {
            let (files, n) = spanish_files_at(rest)?;
            d.on = files;
            i = n;
        }
        (Role::Rook | Role::Knight | Role::Bishop, [w @ ('R' | 'D'), ..]) => {
            d.origin = Some(spanish_file(first)?.files(spanish_wing(*w)) & back_ranks());
            i = 1;
        }
        _ => {}
    }
    let mut within = Bitboard::FULL;
    if let Some(digit) = rest.get(i).and_then(|c| c.to_digit(10)) {
        within = rank_for(digit, color)?;
        i += 1;
        if i < rest.len() {
            within &= spanish_files(&rest[i..])?;
            i = rest.len();
        }
    }
    (i == rest.len()).then_some((d, within))
}

/// A Spanish square: rank then file (`4R`, `3AR`).
pub(super) fn spanish_square(s: &str, color: Color) -> Option<Bitboard> {
    let cs: Vec<char> = s.chars().collect();
    let (first, rest) = cs.split_first()?;
    Some(spanish_files(rest)? & rank_for(first.to_digit(10)?, color)?)
}

/// Every reading of a Spanish descriptive move (`P4R`, `C3AR`, `CxP`, `PDxA`, `T1xP`,
/// `C7-5C`), as patterns for `color` to move. Like [`super::english::english_patterns`], a move without `x`
/// prefers readings that capture nothing.
pub fn spanish_patterns(
    w: &Written<'_>,
    color: Color,
    origins: &Origins,
    pos: &Chess,
) -> Vec<Pattern> {
    spanish_patterns_in(w, color, origins, pos, &mut LegalMoves::new(pos))
}

pub(super) fn spanish_patterns_in(
    w: &Written<'_>,
    color: Color,
    origins: &Origins,
    pos: &Chess,
    legal: &mut LegalMoves<'_>,
) -> Vec<Pattern> {
    let mut out = Vec::new();
    let to = match w.to {
        Some(t) => match spanish_square(t, color) {
            Some(b) => b,
            None => return out,
        },
        None => Bitboard::FULL,
    };
    let at = match w.at {
        Some(t) => match spanish_square(t, color) {
            Some(b) => b,
            None => return out,
        },
        None => Bitboard::FULL,
    };
    let mut captured: Vec<(Option<Role>, Bitboard)> = Vec::new();
    match w.captured {
        None => captured.push((None, Bitboard::FULL)),
        Some(c) => {
            // A captured piece has no square qualifier.
            if let Some((d, Bitboard::FULL)) = spanish_designation(c, color) {
                // The captured piece is the other side's: its origin is theirs.
                captured.push((Some(d.role), d.squares(!color, origins, pos)));
            }
            if let Some(sq) = spanish_square(c, color) {
                captured.push((None, sq));
            }
        }
    }
    let Some((d, within)) = spanish_designation(w.who, color) else {
        return out;
    };
    let from = d.squares(color, origins, pos) & within;
    for (crole, con) in &captured {
        let targets = to & at & *con;
        if !targets.is_empty() {
            out.push(Pattern {
                role: Some(d.role),
                from_set: Some(from),
                to: single(targets),
                to_set: Some(targets),
                captured: *crole,
                capture_required: w.captured.is_some(),
                promotion: w.promotion.map(Some),
                ..Pattern::EMPTY
            });
        }
    }
    if w.captured.is_none() {
        out = prefer_quiet(out, color, pos, legal);
    }
    out
}
