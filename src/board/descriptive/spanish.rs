//! Spanish descriptive readings: `P4R`, `C3AR`, `CxP`, `PDxA`, `T1xP`, `C7-5C`.

use shakmaty::{Bitboard, Chess, Color, Role};

use crate::board::descriptive::origins::Origins;
use crate::board::descriptive::squares::{
    Designation, LegalMoves, Written, back_ranks, captured_choices, file_of, paired, prefer_quiet,
    rank_for, single, wing_of,
};
use crate::board::pattern::Pattern;
use crate::syntax::DescSym::{self, Letter, Rank};

/// A Spanish file at the start of `cs`: `R`, `D`, `A`, `AR`, `CD`, `TR`… → (files, length).
pub(super) fn spanish_files_at(cs: &[DescSym]) -> Option<(Bitboard, usize)> {
    match *cs {
        [Letter(f), Letter(w), ..] if paired(f) && wing_of(w).is_some() => {
            Some((file_of(f)?.files(wing_of(w)), 2))
        }
        [Letter(f), ..] => Some((file_of(f)?.files(None), 1)),
        _ => None,
    }
}

/// A whole Spanish file name.
pub(super) fn spanish_files(cs: &[DescSym]) -> Option<Bitboard> {
    spanish_files_at(cs).and_then(|(b, n)| (n == cs.len()).then_some(b))
}

/// A Spanish designation with an optional square qualifier: `P`, `PD`, `PAR` (pawn by file),
/// `T`, `TR`, `CD` (by origin), `T1`, `C7`, `T1TD` (by rank or square). The squares are
/// relative to `color`; `None` when the part is no designation.
pub(super) fn spanish_designation(s: &[DescSym], color: Color) -> Option<(Designation, Bitboard)> {
    let (&Letter(role), rest) = s.split_first()? else {
        return None;
    };
    let mut d = Designation::any(role);
    let mut i = 0;
    match (role, rest) {
        (Role::Pawn, [c, ..]) if !matches!(c, Rank(_)) => {
            let (files, n) = spanish_files_at(rest)?;
            d.on = files;
            i = n;
        }
        (Role::Rook | Role::Knight | Role::Bishop, [Letter(w), ..]) if wing_of(*w).is_some() => {
            d.origin = Some(file_of(role)?.files(wing_of(*w)) & back_ranks());
            i = 1;
        }
        _ => {}
    }
    let mut within = Bitboard::FULL;
    if let Some(Rank(digit)) = rest.get(i) {
        within = rank_for(u32::from(*digit), color)?;
        i += 1;
        if i < rest.len() {
            within &= spanish_files(&rest[i..])?;
            i = rest.len();
        }
    }
    (i == rest.len()).then_some((d, within))
}

/// A Spanish square: rank then file (`4R`, `3AR`).
pub(super) fn spanish_square(s: &[DescSym], color: Color) -> Option<Bitboard> {
    let (Rank(n), rest) = s.split_first()? else {
        return None;
    };
    Some(spanish_files(rest)? & rank_for(u32::from(*n), color)?)
}

/// Every reading of a Spanish descriptive move (`P4R`, `C3AR`, `CxP`, `PDxA`, `T1xP`,
/// `C7-5C`), as patterns for `color` to move. Like [`super::english::english_patterns`], a move without `x`
/// prefers readings that capture nothing.
pub(crate) fn spanish_patterns(
    w: &Written,
    color: Color,
    origins: &Origins,
    pos: &Chess,
) -> Vec<Pattern> {
    spanish_patterns_in(w, color, origins, pos, &mut LegalMoves::new(pos))
}

pub(super) fn spanish_patterns_in(
    w: &Written,
    color: Color,
    origins: &Origins,
    pos: &Chess,
    legal: &mut LegalMoves<'_>,
) -> Vec<Pattern> {
    let mut out = Vec::new();
    let to = match w.to {
        Some(t) => match spanish_square(&t.syms(), color) {
            Some(b) => b,
            None => return out,
        },
        None => Bitboard::FULL,
    };
    let at = match w.at {
        Some(t) => match spanish_square(&t.syms(), color) {
            Some(b) => b,
            None => return out,
        },
        None => Bitboard::FULL,
    };
    let captured = captured_choices(
        w.captured.map(|c| {
            // A captured piece has no square qualifier.
            let piece = match spanish_designation(&c.syms(), color) {
                Some((d, Bitboard::FULL)) => Some(d),
                _ => None,
            };
            (piece, spanish_square(&c.syms(), color))
        }),
        color,
        origins,
        pos,
    );
    let Some((d, within)) = spanish_designation(&w.who.syms(), color) else {
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
