//! Writing a move in descriptive notation: the shortest form that reads back to exactly it.

use shakmaty::{Chess, Color, File, Move, Position, Role, Square};

use crate::syntax::{DescPart, DescSym, System};

use crate::board::descriptive::english::english_patterns_in;
use crate::board::descriptive::origins::Origins;
use crate::board::descriptive::spanish::spanish_patterns_in;
use crate::board::descriptive::squares::{LegalMoves, Wing, Written, back_ranks, reads_back};
use crate::board::descriptive::style::DescStyle;

/// Writes a legal move of `pos` in English descriptive notation, spelled in `style`: the
/// shortest abbreviated form that reads back to exactly this move (without help from its
/// check mark), or the full form (`PK2-K4`, `QKR5×KB7 mate`).
#[cfg(test)]
pub(crate) fn write_english(
    pos: &Chess,
    origins: &Origins,
    m: &Move,
    full: bool,
    style: &DescStyle,
) -> String {
    let mut out = write_english_unmarked(pos, origins, m, full, style);
    out.push_str(&english_marks(pos, m, style));
    out
}

/// The marks [`write_english`] writes after a move: its e.p. mark (` e.p.`), then its mate or
/// check sign (` mate`, ` ch`), as `style` spells them.
pub(crate) fn english_marks(pos: &Chess, m: &Move, style: &DescStyle) -> String {
    let ep = if m.is_en_passant() { &*style.ep } else { "" };
    format!("{ep}{}", check_suffix(pos, m, &style.mate, &style.check))
}

/// [`write_english`]'s move without its e.p. mark and its check or mate word.
pub(crate) fn write_english_unmarked(
    pos: &Chess,
    origins: &Origins,
    m: &Move,
    full: bool,
    style: &DescStyle,
) -> String {
    if let Some(side) = m.castling_side() {
        if side.is_king_side() {
            "O-O".to_owned()
        } else {
            "O-O-O".to_owned()
        }
    } else if full {
        full_english(pos, m, style)
    } else {
        shortest(Spell::English(style), pos, origins, m)
            .unwrap_or_else(|| full_english(pos, m, style))
    }
}

/// The mate or check suffix of a move.
pub(super) fn check_suffix<'a>(pos: &Chess, m: &Move, mate: &'a str, check: &'a str) -> &'a str {
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

/// How a system spells a move: Spanish, or English in a writer's style.
#[derive(Clone, Copy)]
enum Spell<'s> {
    English(&'s DescStyle),
    Spanish,
}

impl Spell<'_> {
    const fn system(self) -> System {
        match self {
            Spell::English(_) => System::English,
            Spell::Spanish => System::Spanish,
        }
    }

    /// The letter of a role: the only table of descriptive letters in Rust, for output
    /// (reading goes through the grammars, which give each letter its role).
    const fn letter(self, role: Role) -> &'static str {
        match (self, role) {
            (Spell::English(style), _) => style.letter(role),
            (Spell::Spanish, Role::King) => "R",
            (Spell::Spanish, Role::Queen) => "D",
            (Spell::Spanish, Role::Rook) => "T",
            (Spell::Spanish, Role::Bishop) => "A",
            (Spell::Spanish, Role::Knight) => "C",
            (Spell::Spanish, Role::Pawn) => "P",
        }
    }

    /// A part as written: its letters, ranks, and the brackets of `R(QR1)`.
    fn part(self, part: &DescPart) -> String {
        let mut out = String::new();
        let mut open = false;
        for sym in part.syms().iter() {
            match *sym {
                DescSym::Letter(role) => out.push_str(self.letter(role)),
                DescSym::Rank(n) => out.push(char::from(b'0' + n)),
                DescSym::Within => {
                    out.push('(');
                    open = true;
                }
            }
        }
        if open {
            out.push(')');
        }
        out
    }
}

/// The piece whose file it is at the start (R N B Q K B N R): the file's short name.
pub(super) fn file_piece(f: File) -> Role {
    [
        Role::Rook,
        Role::Knight,
        Role::Bishop,
        Role::Queen,
        Role::King,
        Role::Bishop,
        Role::Knight,
        Role::Rook,
    ][usize::from(f)]
}

/// The wing of a file, by the piece that names it (the king's or the queen's).
pub(super) fn wing_piece(f: File) -> Role {
    match Wing::of(f) {
        Wing::Queen => Role::Queen,
        Wing::King => Role::King,
    }
}

/// A file's name: its piece alone when `short` or for the Q and K files, else with its wing,
/// before the piece (English `QR`) or after it (Spanish `TD`).
pub(super) fn file_syms(system: System, f: File, short: bool) -> DescPart {
    let piece = DescSym::Letter(file_piece(f));
    let wing = DescSym::Letter(wing_piece(f));
    if short || matches!(f, File::D | File::E) {
        DescPart::new(&[piece])
    } else if system == System::English {
        DescPart::new(&[wing, piece])
    } else {
        DescPart::new(&[piece, wing])
    }
}

pub(super) fn rank_number(sq: Square, color: Color) -> u8 {
    let r = u8::from(sq.rank()) + 1;
    if color == Color::White { r } else { 9 - r }
}

/// A square: file then rank (English `KB3`), rank then file (Spanish `3AR`).
pub(super) fn square_syms(system: System, sq: Square, color: Color, short: bool) -> DescPart {
    let file = file_syms(system, sq.file(), short);
    let rank = DescSym::Rank(rank_number(sq, color));
    match system {
        System::English => joined(&[&file.syms(), &[rank]]),
        System::Spanish => joined(&[&[rank], &file.syms()]),
    }
}

/// The symbols of several parts in a row.
pub(super) fn joined(parts: &[&[DescSym]]) -> DescPart {
    let mut out = DescPart::EMPTY;
    for sym in parts.iter().flat_map(|p| p.iter()) {
        out.push(*sym);
    }
    out
}

fn full_english(pos: &Chess, m: &Move, style: &DescStyle) -> String {
    let color = pos.turn();
    let spell = Spell::English(style);
    let text = |p: DescPart| spell.part(&p);
    let from = m
        .from()
        .map(|s| text(square_syms(System::English, s, color, false)))
        .unwrap_or_default();
    let to = text(square_syms(System::English, m.to(), color, false));
    let sep = if m.is_capture() {
        style.capture
    } else {
        style.dash
    };
    let promo = m
        .promotion()
        .map(|p| format!("={}", spell.letter(p)))
        .unwrap_or_default();
    format!("{}{from}{sep}{to}{promo}", spell.letter(m.role()))
}

/// A candidate spelling: mover, target (moves) or captured and capture square (captures).
#[derive(Clone, Copy)]
pub(super) struct Candidate {
    who: DescPart,
    to: Option<DescPart>,
    captured: Option<DescPart>,
    at: Option<DescPart>,
}

impl Candidate {
    pub(super) fn written(&self, promotion: Option<Role>) -> Written {
        Written {
            who: self.who,
            to: self.to,
            captured: self.captured,
            at: self.at,
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

/// A piece's designations without its square, plainest first: its letter; a pawn by its
/// file (`BP`, `QBP`; Spanish `PA`, `PAD`); a rook, knight or bishop by its origin's wing
/// (`KR`; Spanish `TR`) when it started on a back rank.
fn designations(system: System, role: Role, sq: Square, origin: Option<Square>) -> Vec<DescPart> {
    let piece = DescSym::Letter(role);
    let mut out = vec![DescPart::new(&[piece])];
    if role == Role::Pawn {
        for short in [true, false] {
            let file = file_syms(system, sq.file(), short);
            out.push(match system {
                System::English => joined(&[&file.syms(), &[piece]]),
                System::Spanish => joined(&[&[piece], &file.syms()]),
            });
        }
    } else if matches!(role, Role::Rook | Role::Knight | Role::Bishop)
        && let Some(origin) = origin.filter(|o| back_ranks().contains(*o))
    {
        let wing = DescSym::Letter(wing_piece(origin.file()));
        out.push(match system {
            System::English => DescPart::new(&[wing, piece]),
            System::Spanish => DescPart::new(&[piece, wing]),
        });
    }
    out
}

/// Designations of the mover, plainest first: as [`designations`], then with the rank
/// (Spanish `T1`) or the square it stands on (`NKB3`, `C3AR`), then in brackets (English
/// `R(1)`, `R(QR1)`).
fn movers(system: System, pos: &Chess, origins: &Origins, m: &Move, from: Square) -> Vec<DescPart> {
    let color = pos.turn();
    let role = m.role();
    let piece = DescSym::Letter(role);
    let mut whos = designations(system, role, from, origins.at(from));
    if system == System::Spanish {
        whos.push(DescPart::new(&[
            piece,
            DescSym::Rank(rank_number(from, color)),
        ]));
    }
    for short in [true, false] {
        whos.push(joined(&[
            &[piece],
            &square_syms(system, from, color, short).syms(),
        ]));
    }
    if system == System::English && role != Role::Pawn {
        let within = [piece, DescSym::Within];
        whos.push(joined(&[
            &within,
            &[DescSym::Rank(rank_number(from, color))],
        ]));
        for short in [true, false] {
            whos.push(joined(&[
                &within,
                &square_syms(system, from, color, short).syms(),
            ]));
        }
    }
    whos
}

/// A candidate as text: English `who-to`, `who×captured/at`; Spanish `who to` (with a dash
/// after a mover named by its rank or square: `C7-5C`), `who x captured (at)`.
fn candidate_text(spell: Spell<'_>, c: &Candidate, promotion: Option<Role>) -> String {
    let text = |p: &DescPart| spell.part(p);
    let mut out = text(&c.who);
    if let Some(to) = &c.to {
        match spell {
            Spell::English(style) => out.push(style.dash),
            Spell::Spanish if c.who.syms().iter().any(|s| matches!(s, DescSym::Rank(_))) => {
                out.push('-');
            }
            Spell::Spanish => {}
        }
        out.push_str(&text(to));
    }
    if let Some(captured) = &c.captured {
        out.push(match spell {
            Spell::English(style) => style.capture,
            Spell::Spanish => 'x',
        });
        out.push_str(&text(captured));
    }
    match (spell, &c.at) {
        (Spell::English(_), Some(at)) => out.push_str(&format!("/{}", text(at))),
        (Spell::Spanish, Some(at)) => out.push_str(&format!("({})", text(at))),
        (_, None) => {}
    }
    if let Some(p) = promotion {
        out.push('=');
        out.push_str(spell.letter(p));
    }
    out
}

/// Every spelling of a move to try, with its text.
fn candidates(
    spell: Spell<'_>,
    pos: &Chess,
    origins: &Origins,
    m: &Move,
) -> Option<Vec<(String, Candidate)>> {
    let system = spell.system();
    let color = pos.turn();
    let from = m.from()?;
    let whos = movers(system, pos, origins, m, from);
    let squares = [true, false].map(|short| square_syms(system, m.to(), color, short));
    let mut out: Vec<Candidate> = Vec::new();
    if m.is_capture() {
        let victim_sq = victim_square(m)?;
        let victim = pos.board().role_at(victim_sq)?;
        // By piece, then by square (`Q×B7`).
        let mut captured = designations(system, victim, victim_sq, origins.at(victim_sq));
        captured.extend(squares);
        for at in [None, Some(squares[0]), Some(squares[1])] {
            for who in &whos {
                for c in &captured {
                    if at.is_some() && squares.contains(c) {
                        continue;
                    }
                    out.push(Candidate {
                        who: *who,
                        to: None,
                        captured: Some(*c),
                        at,
                    });
                }
            }
        }
    } else {
        for who in &whos {
            for to in squares {
                out.push(Candidate {
                    who: *who,
                    to: Some(to),
                    captured: None,
                    at: None,
                });
            }
        }
    }
    let promotion = m.promotion();
    Some(
        out.into_iter()
            .map(|c| (candidate_text(spell, &c, promotion), c))
            .collect(),
    )
}

/// The shortest spelling of a move in a system that reads back to exactly it.
fn shortest(spell: Spell<'_>, pos: &Chess, origins: &Origins, m: &Move) -> Option<String> {
    let system = spell.system();
    let color = pos.turn();
    let promo = m.promotion();
    let mut candidates = candidates(spell, pos, origins, m)?;
    let mut legal = LegalMoves::new(pos);
    first_reading_back(&mut candidates, |c| {
        let w = c.written(promo);
        let pats = match system {
            System::English => english_patterns_in(&w, color, origins, pos, &mut legal),
            System::Spanish => spanish_patterns_in(&w, color, origins, pos, &mut legal),
        };
        reads_back(&pats, legal.get(), m)
    })
    .map(str::to_owned)
}

/// Writes a legal move in Spanish descriptive notation: the shortest form that reads back to
/// exactly this move (`P4R`, `C3AR`, `CRxP`, `T1xP`, `C7-5C`), `++` for mate.
#[cfg(test)]
pub(crate) fn write_spanish(pos: &Chess, origins: &Origins, m: &Move) -> String {
    let mut out = write_spanish_unmarked(pos, origins, m);
    out.push_str(&spanish_marks(pos, m));
    out
}

/// The marks [`write_spanish`] writes after a move: ` a.p.`, then `++` or `+`.
pub(crate) fn spanish_marks(pos: &Chess, m: &Move) -> String {
    let ep = if m.is_en_passant() { " a.p." } else { "" };
    format!("{ep}{}", check_suffix(pos, m, "++", "+"))
}

/// [`write_spanish`]'s move without its e.p. mark and its check or mate sign.
pub(crate) fn write_spanish_unmarked(pos: &Chess, origins: &Origins, m: &Move) -> String {
    let color = pos.turn();
    if let Some(side) = m.castling_side() {
        let castle = if side.is_king_side() { "O-O" } else { "O-O-O" };
        return castle.to_owned();
    }
    let Some(from) = m.from() else {
        return String::new();
    };
    match shortest(Spell::Spanish, pos, origins, m) {
        Some(text) => text,
        // Unreachable in practice: the full square qualifier names one piece, the target one
        // square. Kept so that the writer never panics.
        None => {
            let sq =
                |s: Square| Spell::Spanish.part(&square_syms(System::Spanish, s, color, false));
            let sep = if m.is_capture() { "x" } else { "-" };
            let promo = m
                .promotion()
                .map(|p| format!("={}", Spell::Spanish.letter(p)))
                .unwrap_or_default();
            format!(
                "{}{}{sep}{}{promo}",
                Spell::Spanish.letter(m.role()),
                sq(from),
                sq(m.to())
            )
        }
    }
}
