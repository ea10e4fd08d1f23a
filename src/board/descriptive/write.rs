//! Writing a move in descriptive notation: the shortest form that reads back to exactly it.

use shakmaty::{Chess, Color, File, Move, Position, Role, Square};

use crate::board::descriptive::english::english_patterns_in;
use crate::board::descriptive::origins::Origins;
use crate::board::descriptive::spanish::spanish_patterns_in;
use crate::board::descriptive::squares::{LegalMoves, Wing, Written, back_ranks, reads_back};

/// Writes a legal move of `pos` in English descriptive notation: the shortest abbreviated
/// form that reads back to exactly this move (without help from its check mark), or the full
/// form (`PK2-K4`, `QKR5×KB7 mate`).
pub fn write_english(pos: &Chess, origins: &Origins, m: &Move, full: bool) -> String {
    let body = if let Some(side) = m.castling_side() {
        if side.is_king_side() {
            "O-O".to_owned()
        } else {
            "O-O-O".to_owned()
        }
    } else if full {
        full_english(pos, m)
    } else {
        shortest_english(pos, origins, m).unwrap_or_else(|| full_english(pos, m))
    };
    let ep = if m.is_en_passant() { " e.p." } else { "" };
    format!("{body}{ep}{}", check_suffix(pos, m, " mate", " ch"))
}

/// The mate or check suffix of a move.
pub(super) fn check_suffix(
    pos: &Chess,
    m: &Move,
    mate: &'static str,
    check: &'static str,
) -> &'static str {
    let mut after = pos.clone();
    after.play_unchecked(*m);
    if after.is_checkmate() {
        mate
    } else if after.is_check() {
        check
    } else {
        ""
    }
}

pub(super) fn letter(role: Role) -> &'static str {
    match role {
        Role::King => "K",
        Role::Queen => "Q",
        Role::Rook => "R",
        Role::Bishop => "B",
        Role::Knight => "N",
        Role::Pawn => "P",
    }
}

pub(super) fn file_name(f: File) -> &'static str {
    ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"][usize::from(f)]
}

pub(super) fn short_file_name(f: File) -> &'static str {
    ["R", "N", "B", "Q", "K", "B", "N", "R"][usize::from(f)]
}

pub(super) fn wing_letter(f: File) -> &'static str {
    match Wing::of(f) {
        Wing::Queen => "Q",
        Wing::King => "K",
    }
}

pub(super) fn rank_number(sq: Square, color: Color) -> u32 {
    let r = u32::from(sq.rank()) + 1;
    if color == Color::White { r } else { 9 - r }
}

pub(super) fn square_name(sq: Square, color: Color, short: bool) -> String {
    let f = if short {
        short_file_name(sq.file())
    } else {
        file_name(sq.file())
    };
    format!("{f}{}", rank_number(sq, color))
}

pub(super) fn full_english(pos: &Chess, m: &Move) -> String {
    let color = pos.turn();
    let from = m
        .from()
        .map(|s| square_name(s, color, false))
        .unwrap_or_default();
    let to = square_name(m.to(), color, false);
    let sep = if m.is_capture() { "×" } else { "-" };
    let promo = m
        .promotion()
        .map(|p| format!("={}", letter(p)))
        .unwrap_or_default();
    format!("{}{from}{sep}{to}{promo}", letter(m.role()))
}

/// A candidate spelling: mover, target (moves) or captured and capture square (captures).
pub(super) struct Candidate {
    who: String,
    to: Option<String>,
    captured: Option<String>,
    at: Option<String>,
}

impl Candidate {
    pub(super) fn written(&self, promotion: Option<Role>) -> Written<'_> {
        Written {
            who: &self.who,
            to: self.to.as_deref(),
            captured: self.captured.as_deref(),
            at: self.at.as_deref(),
            promotion,
        }
    }
}

/// The first candidate, shortest first (and in the order given among equals), that reads back
/// to exactly `m`.
pub(super) fn first_reading_back(
    candidates: &mut [(String, Candidate)],
    mut read: impl FnMut(&Candidate) -> bool,
) -> Option<&str> {
    candidates.sort_by_key(|(text, _)| text.chars().count());
    candidates
        .iter()
        .find(|(_, c)| read(c))
        .map(|(text, _)| text.as_str())
}

/// The victim's square of a capture (the pawn's square for en passant).
pub(super) fn victim_square(m: &Move) -> Option<Square> {
    let from = m.from()?;
    Some(if m.is_en_passant() {
        Square::from_coords(m.to().file(), from.rank())
    } else {
        m.to()
    })
}

pub(super) fn shortest_english(pos: &Chess, origins: &Origins, m: &Move) -> Option<String> {
    let color = pos.turn();
    let from = m.from()?;
    let role = m.role();
    let piece = letter(role);
    let promo = m.promotion();
    let promo_text = promo.map(|p| format!("={}", letter(p))).unwrap_or_default();
    // Designations of the mover, plainest first.
    let mut whos: Vec<String> = vec![piece.to_owned()];
    if role == Role::Pawn {
        whos.push(format!("{}P", short_file_name(from.file())));
        whos.push(format!("{}P", file_name(from.file())));
    } else if matches!(role, Role::Rook | Role::Knight | Role::Bishop)
        && let Some(origin) = origins.at(from).filter(|o| back_ranks().contains(*o))
    {
        whos.push(format!("{}{piece}", wing_letter(origin.file())));
    }
    whos.push(format!("{piece}{}", square_name(from, color, true)));
    whos.push(format!("{piece}{}", square_name(from, color, false)));
    if role != Role::Pawn {
        whos.push(format!("{piece}({})", rank_number(from, color)));
        whos.push(format!("{piece}({})", square_name(from, color, true)));
        whos.push(format!("{piece}({})", square_name(from, color, false)));
    }
    let mut candidates: Vec<(String, Candidate)> = Vec::new();
    if m.is_capture() {
        let victim_sq = victim_square(m)?;
        let victim = pos.board().role_at(victim_sq)?;
        let vl = letter(victim);
        let mut captured: Vec<String> = vec![vl.to_owned()];
        if victim == Role::Pawn {
            captured.push(format!("{}P", short_file_name(victim_sq.file())));
            captured.push(format!("{}P", file_name(victim_sq.file())));
        } else if matches!(victim, Role::Rook | Role::Knight | Role::Bishop)
            && let Some(origin) = origins.at(victim_sq).filter(|o| back_ranks().contains(*o))
        {
            captured.push(format!("{}{vl}", wing_letter(origin.file())));
        }
        // By square (`Q×B7`).
        captured.push(square_name(m.to(), color, true));
        captured.push(square_name(m.to(), color, false));
        let ats = [
            None,
            Some(square_name(m.to(), color, true)),
            Some(square_name(m.to(), color, false)),
        ];
        for at in &ats {
            for who in &whos {
                for c in &captured {
                    if at.is_some() && c.ends_with(|ch: char| ch.is_ascii_digit()) {
                        continue;
                    }
                    let at_text = at.as_ref().map(|a| format!("/{a}")).unwrap_or_default();
                    candidates.push((
                        format!("{who}×{c}{at_text}{promo_text}"),
                        Candidate {
                            who: who.clone(),
                            to: None,
                            captured: Some(c.clone()),
                            at: at.clone(),
                        },
                    ));
                }
            }
        }
    } else {
        let tos = [
            square_name(m.to(), color, true),
            square_name(m.to(), color, false),
        ];
        for who in &whos {
            for to in &tos {
                candidates.push((
                    format!("{who}-{to}{promo_text}"),
                    Candidate {
                        who: who.clone(),
                        to: Some(to.clone()),
                        captured: None,
                        at: None,
                    },
                ));
            }
        }
    }
    let mut legal = LegalMoves::new(pos);
    first_reading_back(&mut candidates, |c| {
        let pats = english_patterns_in(&c.written(promo), color, origins, pos, &mut legal);
        reads_back(&pats, legal.get(), m)
    })
    .map(str::to_owned)
}
pub(super) fn spanish_letter(role: Role) -> char {
    match role {
        Role::King => 'R',
        Role::Queen => 'D',
        Role::Rook => 'T',
        Role::Bishop => 'A',
        Role::Knight => 'C',
        Role::Pawn => 'P',
    }
}

pub(super) fn spanish_file_name(f: File, short: bool) -> &'static str {
    if short {
        ["T", "C", "A", "D", "R", "A", "C", "T"][usize::from(f)]
    } else {
        ["TD", "CD", "AD", "D", "R", "AR", "CR", "TR"][usize::from(f)]
    }
}

pub(super) fn spanish_wing_letter(f: File) -> char {
    match Wing::of(f) {
        Wing::Queen => 'D',
        Wing::King => 'R',
    }
}

/// Writes a legal move in Spanish descriptive notation: the shortest form that reads back to
/// exactly this move (`P4R`, `C3AR`, `CRxP`, `T1xP`, `C7-5C`), `++` for mate.
pub fn write_spanish(pos: &Chess, origins: &Origins, m: &Move) -> String {
    let color = pos.turn();
    let suffix = check_suffix(pos, m, "++", "+");
    if let Some(side) = m.castling_side() {
        let castle = if side.is_king_side() { "O-O" } else { "O-O-O" };
        return format!("{castle}{suffix}");
    }
    let Some(from) = m.from() else {
        return String::new();
    };
    let role = m.role();
    let piece = spanish_letter(role);
    let sq = |s: Square, short: bool| {
        format!(
            "{}{}",
            rank_number(s, color),
            spanish_file_name(s.file(), short)
        )
    };
    let mut whos: Vec<String> = vec![piece.to_string()];
    if role == Role::Pawn {
        whos.push(format!("P{}", spanish_file_name(from.file(), true)));
        whos.push(format!("P{}", spanish_file_name(from.file(), false)));
    } else if matches!(role, Role::Rook | Role::Knight | Role::Bishop)
        && let Some(origin) = origins.at(from).filter(|o| back_ranks().contains(*o))
    {
        whos.push(format!("{piece}{}", spanish_wing_letter(origin.file())));
    }
    whos.push(format!("{piece}{}", rank_number(from, color)));
    whos.push(format!("{piece}{}", sq(from, true)));
    whos.push(format!("{piece}{}", sq(from, false)));
    let promo = m.promotion();
    let promo_text = promo
        .map(|p| format!("={}", spanish_letter(p)))
        .unwrap_or_default();
    let mut candidates: Vec<(String, Candidate)> = Vec::new();
    if m.is_capture() {
        let Some(victim_sq) = victim_square(m) else {
            return String::new();
        };
        let victim = pos.board().role_at(victim_sq).unwrap_or(Role::Pawn);
        let vl = spanish_letter(victim);
        let mut caps = vec![vl.to_string()];
        if victim == Role::Pawn {
            caps.push(format!("P{}", spanish_file_name(victim_sq.file(), true)));
            caps.push(format!("P{}", spanish_file_name(victim_sq.file(), false)));
        } else if matches!(victim, Role::Rook | Role::Knight | Role::Bishop)
            && let Some(origin) = origins.at(victim_sq).filter(|o| back_ranks().contains(*o))
        {
            caps.push(format!("{vl}{}", spanish_wing_letter(origin.file())));
        }
        caps.push(sq(m.to(), true));
        caps.push(sq(m.to(), false));
        for at in [None, Some(sq(m.to(), true)), Some(sq(m.to(), false))] {
            for who in &whos {
                for c in &caps {
                    if at.is_some() && c.starts_with(|ch: char| ch.is_ascii_digit()) {
                        continue;
                    }
                    let at_text = at.as_ref().map(|a| format!("({a})")).unwrap_or_default();
                    candidates.push((
                        format!("{who}x{c}{at_text}{promo_text}"),
                        Candidate {
                            who: who.clone(),
                            to: None,
                            captured: Some(c.clone()),
                            at: at.clone(),
                        },
                    ));
                }
            }
        }
    } else {
        for who in &whos {
            // A mover with a square qualifier is followed by a dash (`C7-5C`).
            let dash = if who.contains(|c: char| c.is_ascii_digit()) {
                "-"
            } else {
                ""
            };
            for short in [true, false] {
                let to = sq(m.to(), short);
                candidates.push((
                    format!("{who}{dash}{to}{promo_text}"),
                    Candidate {
                        who: who.clone(),
                        to: Some(to),
                        captured: None,
                        at: None,
                    },
                ));
            }
        }
    }
    let ep = if m.is_en_passant() { " a.p." } else { "" };
    let mut legal = LegalMoves::new(pos);
    match first_reading_back(&mut candidates, |c| {
        let pats = spanish_patterns_in(&c.written(promo), color, origins, pos, &mut legal);
        reads_back(&pats, legal.get(), m)
    }) {
        Some(text) => format!("{text}{ep}{suffix}"),
        // Unreachable in practice: the full square qualifier names one piece, the target one
        // square. Kept so that the writer never panics.
        None => {
            let sep = if m.is_capture() { "x" } else { "-" };
            format!(
                "{piece}{}{sep}{}{promo_text}{ep}{suffix}",
                sq(from, false),
                sq(m.to(), false)
            )
        }
    }
}
