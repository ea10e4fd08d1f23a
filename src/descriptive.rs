//! Descriptive notation, English (`P-K4`, `N-KB3`, `QN1-Q2`, `BP×B`, `Q×B7`) and Spanish
//! (`P4R`, `C3AR`, `CxP`, `PDxA`): reading a move's designations into every reading they allow,
//! as move patterns relative to the mover, and writing a move in its shortest unambiguous form.
//!
//! Ranks count from the mover's side (White's K4 is e4, Black's K4 is e5). Files are named by
//! the pieces that stand on them at the start: R N B Q K B N R, with a Q/K prefix (English) or
//! D/R suffix (Spanish) for the wing where it matters. A piece may be named by its origin (`KR`
//! is the rook that started on the king's side) and a pawn by its file (`QBP`).

use shakmaty::{Bitboard, CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square};

use crate::pattern::Pattern;
use crate::resolve::{Resolution, resolve};

/// Which descriptive system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum System {
    /// English: `P-K4`, files QR QN QB Q K KB KN KR.
    English,
    /// Spanish: `P4R`, files TD CD AD D R AR CR TR.
    Spanish,
}

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

/// A wing: the queen's side (files a–d) or the king's side (e–h).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wing {
    Queen,
    King,
}

/// A file named by its piece: R, N, B, Q, K.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FileName {
    R,
    N,
    B,
    Q,
    K,
}

impl FileName {
    fn files(self, wing: Option<Wing>) -> Bitboard {
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

/// One letter of an English designation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Letter {
    K,
    Q,
    R,
    B,
    N,
    P,
}

fn english_letters(s: &str) -> Option<Vec<Letter>> {
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

const fn role_of(l: Letter) -> Role {
    match l {
        Letter::K => Role::King,
        Letter::Q => Role::Queen,
        Letter::R => Role::Rook,
        Letter::B => Role::Bishop,
        Letter::N => Role::Knight,
        Letter::P => Role::Pawn,
    }
}

const fn file_of(l: Letter) -> Option<FileName> {
    match l {
        Letter::K => Some(FileName::K),
        Letter::Q => Some(FileName::Q),
        Letter::R => Some(FileName::R),
        Letter::B => Some(FileName::B),
        Letter::N => Some(FileName::N),
        Letter::P => None,
    }
}

const fn wing_of(l: Letter) -> Option<Wing> {
    match l {
        Letter::K => Some(Wing::King),
        Letter::Q => Some(Wing::Queen),
        _ => None,
    }
}

/// A piece as designated: its role, and where it may stand (files or origin).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Designation {
    role: Role,
    /// Squares it may stand on (all squares when not restricted).
    on: Bitboard,
    /// Designated by origin (`KR`, `QN`): the origin squares allowed.
    origin: Option<Bitboard>,
}

/// English piece designations: K Q R B N P; KR QN KB… (by origin); BP QBP KRP… (pawn by file).
fn english_designations(ls: &[Letter]) -> Vec<Designation> {
    let all = Bitboard::FULL;
    let mut out = Vec::new();
    match ls {
        [l] => out.push(Designation {
            role: role_of(*l),
            on: all,
            origin: None,
        }),
        [w, l] if wing_of(*w).is_some() && matches!(l, Letter::R | Letter::N | Letter::B) => {
            let origin = file_of(*l).map(|f| f.files(wing_of(*w))).unwrap_or(all)
                & (Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth));
            out.push(Designation {
                role: role_of(*l),
                on: all,
                origin: Some(origin),
            });
        }
        [f, Letter::P] => {
            if let Some(file) = file_of(*f) {
                out.push(Designation {
                    role: Role::Pawn,
                    on: file.files(None),
                    origin: None,
                });
            }
        }
        [w, f, Letter::P]
            if wing_of(*w).is_some() && matches!(f, Letter::R | Letter::N | Letter::B) =>
        {
            if let Some(file) = file_of(*f) {
                out.push(Designation {
                    role: Role::Pawn,
                    on: file.files(wing_of(*w)),
                    origin: None,
                });
            }
        }
        _ => {}
    }
    out
}

/// English square names without rank: R N B Q K, QR KN… → the files they allow.
fn english_file(ls: &[Letter]) -> Option<Bitboard> {
    match ls {
        [f] => file_of(*f).map(|f| f.files(None)),
        [w, f] if wing_of(*w).is_some() && matches!(f, Letter::R | Letter::N | Letter::B) => {
            file_of(*f).map(|f| f.files(wing_of(*w)))
        }
        _ => None,
    }
}

/// The rank `n` (1–8) counted from `color`'s side.
fn rank_for(n: u32, color: Color) -> Option<Bitboard> {
    if !(1..=8).contains(&n) {
        return None;
    }
    let r = if color == Color::White { n - 1 } else { 8 - n };
    Some(Bitboard::from_rank(Rank::new(r)))
}

/// A move as written in descriptive notation, its parts as text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written<'a> {
    /// The mover's designation, with any origin qualifier (`QN1`, `PK2`, `R(QR1)`, `KBP`).
    pub who: &'a str,
    /// The target square (`K4`, `KB3`, `Q` = Q1).
    pub to: Option<&'a str>,
    /// The captured piece or square (`N`, `QP`, `B7`).
    pub captured: Option<&'a str>,
    /// The square of a capture (`/QB6`, `(QB6)`).
    pub at: Option<&'a str>,
    /// The promotion piece.
    pub promotion: Option<Role>,
}

/// Every reading of an English descriptive move, as patterns for `color` to move.
pub fn english_patterns(
    w: &Written<'_>,
    color: Color,
    origins: &Origins,
    pos: &Chess,
) -> Vec<Pattern> {
    let mut out = Vec::new();
    let to_sets: Vec<Bitboard> = match w.to {
        Some(t) => english_squares(t, color, true),
        None => vec![Bitboard::FULL],
    };
    let at_sets: Vec<Bitboard> = match w.at {
        Some(t) => english_squares(t, color, false),
        None => vec![Bitboard::FULL],
    };
    // Captured: a piece designation (possibly by file) or a square.
    let mut captured: Vec<(Option<Role>, Bitboard)> = Vec::new();
    match w.captured {
        None => captured.push((None, Bitboard::FULL)),
        Some(c) => {
            if let Some(ls) = english_letters(c) {
                for d in english_designations(&ls) {
                    let mut on = d.on;
                    if let Some(o) = d.origin {
                        on &= squares_with_origin(origins, o, !color, pos);
                    }
                    captured.push((Some(d.role), on));
                }
            }
            for sq in english_squares(c, color, false) {
                captured.push((None, sq));
            }
        }
    }
    for (designation, from) in english_movers(w.who, color, origins, pos) {
        for to in &to_sets {
            for at in &at_sets {
                for (crole, con) in &captured {
                    let targets = *to & *at & *con;
                    if targets.is_empty() {
                        continue;
                    }
                    out.push(Pattern {
                        role: designation,
                        from_set: Some(from),
                        to_set: Some(targets),
                        captured: *crole,
                        capture_required: w.captured.is_some(),
                        promotion: w.promotion.map(Some),
                        ..Pattern::EMPTY
                    });
                }
            }
        }
    }
    out
}

/// Squares allowed by an English square name for `color` (`K4`, `KB3`, `B3`, `Q` = Q1 when
/// `first_rank_default`).
fn english_squares(s: &str, color: Color, first_rank_default: bool) -> Vec<Bitboard> {
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    let letters: String = s.chars().filter(|c| !c.is_ascii_digit()).collect();
    let Some(ls) = english_letters(&letters) else {
        return Vec::new();
    };
    let Some(files) = english_file(&ls) else {
        return Vec::new();
    };
    let rank = match digits.parse::<u32>() {
        Ok(n) => rank_for(n, color),
        Err(_) if first_rank_default && digits.is_empty() => rank_for(1, color),
        Err(_) => None,
    };
    rank.map(|r| vec![files & r]).unwrap_or_default()
}

/// Readings of the mover's designation: (role or None = whatever stands there, from squares).
fn english_movers(
    who: &str,
    color: Color,
    origins: &Origins,
    pos: &Chess,
) -> Vec<(Option<Role>, Bitboard)> {
    let mut out = Vec::new();
    // Bracket form: R(QR1), R(1), N(KB3).
    if let Some((piece, rest)) = who.split_once('(') {
        let inner = rest.trim_end_matches(')');
        let Some(ls) = english_letters(piece) else {
            return out;
        };
        for d in english_designations(&ls) {
            let base = designation_squares(&d, color, origins, pos);
            if let Ok(n) = inner.parse::<u32>() {
                if let Some(r) = rank_for(n, color) {
                    out.push((Some(d.role), base & r));
                }
            } else {
                for sq in english_squares(inner, color, false) {
                    out.push((Some(d.role), base & sq));
                }
            }
        }
        return out;
    }
    let digits: String = who.chars().filter(char::is_ascii_digit).collect();
    let letters: String = who.chars().filter(|c| !c.is_ascii_digit()).collect();
    let Some(ls) = english_letters(&letters) else {
        return out;
    };
    let rank = if digits.is_empty() {
        None
    } else {
        digits.parse::<u32>().ok().and_then(|n| rank_for(n, color))
    };
    if !digits.is_empty() && rank.is_none() {
        return out;
    }
    for k in 0..=ls.len() {
        let (piece, square) = ls.split_at(k);
        let designations = if piece.is_empty() {
            Vec::new()
        } else {
            english_designations(piece)
        };
        if piece.is_empty() {
            // No piece letter: the square alone names the mover (`QN1-Q2`).
            if let (Some(files), Some(r)) = (english_file(square), rank) {
                out.push((None, files & r));
            }
            continue;
        }
        for d in designations {
            let base = designation_squares(&d, color, origins, pos);
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
    }
    out
}

fn designation_squares(d: &Designation, color: Color, origins: &Origins, pos: &Chess) -> Bitboard {
    let mut on = d.on;
    if let Some(o) = d.origin {
        on &= squares_with_origin(origins, o, color, pos);
    }
    on
}

/// Squares of `color`'s pieces whose origin is in `origins_allowed`.
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

/// Writes a legal move of `pos` in English descriptive notation: the shortest abbreviated
/// form that reads back to exactly this move, or the full form.
pub fn write_english(pos: &Chess, origins: &Origins, m: &Move, full: bool) -> String {
    let color = pos.turn();
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
    let mut after = pos.clone();
    after.play_unchecked(*m);
    let suffix = if after.is_checkmate() {
        " mate"
    } else if after.is_check() {
        " ch"
    } else {
        ""
    };
    let ep = if m.is_en_passant() { " e.p." } else { "" };
    let _ = color;
    format!("{body}{ep}{suffix}")
}

fn letter(role: Role) -> &'static str {
    match role {
        Role::King => "K",
        Role::Queen => "Q",
        Role::Rook => "R",
        Role::Bishop => "B",
        Role::Knight => "N",
        Role::Pawn => "P",
    }
}

fn file_name(f: File) -> &'static str {
    ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"][usize::from(f)]
}

fn short_file_name(f: File) -> &'static str {
    ["R", "N", "B", "Q", "K", "B", "N", "R"][usize::from(f)]
}

fn rank_number(sq: Square, color: Color) -> u32 {
    let r = u32::from(sq.rank()) + 1;
    if color == Color::White { r } else { 9 - r }
}

fn square_name(sq: Square, color: Color, short: bool) -> String {
    let f = if short {
        short_file_name(sq.file())
    } else {
        file_name(sq.file())
    };
    format!("{f}{}", rank_number(sq, color))
}

fn promo_suffix(m: &Move) -> String {
    m.promotion()
        .map(|p| format!("={}", letter(p)))
        .unwrap_or_default()
}

fn full_english(pos: &Chess, m: &Move) -> String {
    let color = pos.turn();
    let from = m
        .from()
        .map(|s| square_name(s, color, false))
        .unwrap_or_default();
    let to = square_name(m.to(), color, false);
    let sep = if m.is_capture() { "×" } else { "-" };
    format!("{}{from}{sep}{to}{}", letter(m.role()), promo_suffix(m))
}

/// Does this spelling read back to exactly `m`?
fn reads_as(w: &Written<'_>, pos: &Chess, origins: &Origins, m: &Move) -> bool {
    let pats = english_patterns(w, pos.turn(), origins, pos);
    !pats.is_empty() && resolve(pos, &pats) == Resolution::Legal(*m)
}

fn shortest_english(pos: &Chess, origins: &Origins, m: &Move) -> Option<String> {
    let color = pos.turn();
    let from = m.from()?;
    let role = m.role();
    let promo = m.promotion();
    let piece = letter(role);
    let pawn_files = [
        format!("{}P", short_file_name(from.file())),
        format!("{}P", file_name(from.file())),
    ];
    let whos: Vec<String> = if role == Role::Pawn {
        let mut v = vec!["P".to_owned()];
        v.extend(pawn_files.iter().cloned());
        v
    } else {
        let mut v = vec![piece.to_owned()];
        if let (Some(origin), Role::Rook | Role::Knight | Role::Bishop) = (origins.at(from), role) {
            v.push(format!(
                "{}{piece}",
                if origin.file() < File::E { "Q" } else { "K" }
            ));
        }
        v.extend([
            format!("{piece}({})", rank_number(from, color)),
            format!("{piece}({})", square_name(from, color, true)),
            format!("{piece}({})", square_name(from, color, false)),
        ]);
        v
    };
    let promo_text = promo.map(|p| format!("={}", letter(p))).unwrap_or_default();
    if m.is_capture() {
        let victim_sq = if m.is_en_passant() {
            Square::from_coords(m.to().file(), from.rank())
        } else {
            m.to()
        };
        let victim = pos.board().role_at(victim_sq)?;
        let vl = letter(victim);
        let mut captured: Vec<String> = vec![vl.to_owned()];
        if victim == Role::Pawn {
            captured.push(format!("{}P", short_file_name(victim_sq.file())));
            captured.push(format!("{}P", file_name(victim_sq.file())));
        } else {
            captured.push(format!(
                "{}{vl}",
                if victim_sq.file() < File::E { "Q" } else { "K" }
            ));
        }
        let ats = [
            None,
            Some(square_name(m.to(), color, true)),
            Some(square_name(m.to(), color, false)),
        ];
        for at in &ats {
            for who in &whos {
                for c in &captured {
                    let w = Written {
                        who,
                        to: None,
                        captured: Some(c),
                        at: at.as_deref(),
                        promotion: promo,
                    };
                    if reads_as(&w, pos, origins, m) {
                        let at_text = at.as_ref().map(|a| format!("/{a}")).unwrap_or_default();
                        return Some(format!("{who}×{c}{at_text}{promo_text}"));
                    }
                }
            }
        }
        None
    } else {
        let tos = [
            square_name(m.to(), color, true),
            square_name(m.to(), color, false),
        ];
        for who in &whos {
            for to in &tos {
                let w = Written {
                    who,
                    to: Some(to),
                    captured: None,
                    at: None,
                    promotion: promo,
                };
                if reads_as(&w, pos, origins, m) {
                    return Some(format!("{who}-{to}{promo_text}"));
                }
            }
        }
        None
    }
}

// ---------------------------------------------------------------------------------------------
// Spanish descriptive.

/// Spanish letters: R rey, D dama, T torre, A alfil, C caballo, P peón.
fn spanish_role(c: char) -> Option<Role> {
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

fn spanish_file(c: char) -> Option<FileName> {
    match c {
        'T' => Some(FileName::R),
        'C' => Some(FileName::N),
        'A' => Some(FileName::B),
        'D' => Some(FileName::Q),
        'R' => Some(FileName::K),
        _ => None,
    }
}

fn spanish_wing(c: char) -> Option<Wing> {
    match c {
        'R' => Some(Wing::King),
        'D' => Some(Wing::Queen),
        _ => None,
    }
}

/// Files named in Spanish: `R`, `D`, `A`, `AR`, `CD`, `TR`…
fn spanish_files(s: &str) -> Option<Bitboard> {
    let cs: Vec<char> = s.chars().collect();
    match cs.as_slice() {
        [f] => spanish_file(*f).map(|f| f.files(None)),
        [f, w] if matches!(f, 'T' | 'C' | 'A') => spanish_file(*f)
            .map(|f| f.files(spanish_wing(*w)))
            .filter(|_| spanish_wing(*w).is_some()),
        _ => None,
    }
}

/// Spanish designations: R D T A C P; TR CD AR… (by origin); PD PAR… (pawn by file).
fn spanish_designations(s: &str) -> Vec<Designation> {
    let cs: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    match cs.as_slice() {
        [p] => {
            if let Some(role) = spanish_role(*p) {
                out.push(Designation {
                    role,
                    on: Bitboard::FULL,
                    origin: None,
                });
            }
        }
        ['P', rest @ ..] => {
            let name: String = rest.iter().collect();
            if let Some(files) = spanish_files(&name) {
                out.push(Designation {
                    role: Role::Pawn,
                    on: files,
                    origin: None,
                });
            }
        }
        [p, w] if matches!(p, 'T' | 'C' | 'A') && spanish_wing(*w).is_some() => {
            let origin = spanish_file(*p)
                .map(|f| f.files(spanish_wing(*w)))
                .unwrap_or(Bitboard::FULL)
                & (Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth));
            out.push(Designation {
                role: spanish_role(*p).unwrap_or(Role::Pawn),
                on: Bitboard::FULL,
                origin: Some(origin),
            });
        }
        _ => {}
    }
    out
}

/// A Spanish square: rank then file (`4R`, `3AR`).
fn spanish_square(s: &str, color: Color) -> Option<Bitboard> {
    let digit = s.chars().next()?.to_digit(10)?;
    let files = spanish_files(&s[1..])?;
    Some(files & rank_for(digit, color)?)
}

/// Every reading of a Spanish descriptive move (`P4R`, `C3AR`, `CxP`, `PDxA`), as patterns.
pub fn spanish_patterns(
    w: &Written<'_>,
    color: Color,
    origins: &Origins,
    pos: &Chess,
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
        Some(t) => spanish_square(t, color).unwrap_or(Bitboard::EMPTY),
        None => Bitboard::FULL,
    };
    let mut captured: Vec<(Option<Role>, Bitboard)> = Vec::new();
    match w.captured {
        None => captured.push((None, Bitboard::FULL)),
        Some(c) => {
            for d in spanish_designations(c) {
                let mut on = d.on;
                if let Some(o) = d.origin {
                    on &= squares_with_origin(origins, o, !color, pos);
                }
                captured.push((Some(d.role), on));
            }
            if let Some(sq) = spanish_square(c, color) {
                captured.push((None, sq));
            }
        }
    }
    for d in spanish_designations(w.who) {
        let from = designation_squares(&d, color, origins, pos);
        for (crole, con) in &captured {
            let targets = to & at & *con;
            if !targets.is_empty() {
                out.push(Pattern {
                    role: Some(d.role),
                    from_set: Some(from),
                    to_set: Some(targets),
                    captured: *crole,
                    capture_required: w.captured.is_some(),
                    promotion: w.promotion.map(Some),
                    ..Pattern::EMPTY
                });
            }
        }
    }
    out
}

fn spanish_letter(role: Role) -> char {
    match role {
        Role::King => 'R',
        Role::Queen => 'D',
        Role::Rook => 'T',
        Role::Bishop => 'A',
        Role::Knight => 'C',
        Role::Pawn => 'P',
    }
}

fn spanish_file_name(f: File, short: bool) -> &'static str {
    if short {
        ["T", "C", "A", "D", "R", "A", "C", "T"][usize::from(f)]
    } else {
        ["TD", "CD", "AD", "D", "R", "AR", "CR", "TR"][usize::from(f)]
    }
}

/// Writes a legal move in Spanish descriptive notation, shortest form that reads back.
pub fn write_spanish(pos: &Chess, origins: &Origins, m: &Move) -> String {
    let color = pos.turn();
    let mut after = pos.clone();
    after.play_unchecked(*m);
    let suffix = if after.is_checkmate() {
        "++"
    } else if after.is_check() {
        "+"
    } else {
        ""
    };
    if let Some(side) = m.castling_side() {
        return format!(
            "{}{suffix}",
            if side.is_king_side() { "O-O" } else { "O-O-O" }
        );
    }
    let Some(from) = m.from() else {
        return String::new();
    };
    let piece = spanish_letter(m.role()).to_string();
    let whos: Vec<String> = if m.role() == Role::Pawn {
        vec![
            piece.clone(),
            format!("P{}", spanish_file_name(from.file(), true)),
            format!("P{}", spanish_file_name(from.file(), false)),
        ]
    } else {
        let wing = if from.file() < File::E { "D" } else { "R" };
        vec![piece.clone(), format!("{piece}{wing}")]
    };
    let promo = m
        .promotion()
        .map(|p| format!("={}", spanish_letter(p)))
        .unwrap_or_default();
    let sq = |s: Square, short: bool| {
        format!(
            "{}{}",
            rank_number(s, color),
            spanish_file_name(s.file(), short)
        )
    };
    if m.is_capture() {
        let victim_sq = if m.is_en_passant() {
            Square::from_coords(m.to().file(), from.rank())
        } else {
            m.to()
        };
        let victim = pos.board().role_at(victim_sq).unwrap_or(Role::Pawn);
        let vl = spanish_letter(victim).to_string();
        let mut caps = vec![vl.clone()];
        if victim == Role::Pawn {
            caps.push(format!("P{}", spanish_file_name(victim_sq.file(), true)));
            caps.push(format!("P{}", spanish_file_name(victim_sq.file(), false)));
        }
        for at in [None, Some(sq(m.to(), true)), Some(sq(m.to(), false))] {
            for who in &whos {
                for c in &caps {
                    let w = Written {
                        who,
                        to: None,
                        captured: Some(c),
                        at: at.as_deref(),
                        promotion: m.promotion(),
                    };
                    let pats = spanish_patterns(&w, color, origins, pos);
                    if !pats.is_empty() && resolve(pos, &pats) == Resolution::Legal(*m) {
                        let at_text = at.map(|a| format!("({a})")).unwrap_or_default();
                        return format!("{who}x{c}{at_text}{promo}{suffix}");
                    }
                }
            }
        }
    } else {
        for who in &whos {
            for short in [true, false] {
                let to = sq(m.to(), short);
                let w = Written {
                    who,
                    to: Some(&to),
                    captured: None,
                    at: None,
                    promotion: m.promotion(),
                };
                let pats = spanish_patterns(&w, color, origins, pos);
                if !pats.is_empty() && resolve(pos, &pats) == Resolution::Legal(*m) {
                    return format!("{who}{to}{promo}{suffix}");
                }
            }
        }
    }
    // Fallback: piece, origin and target in full.
    format!(
        "{piece}{}-{}{promo}{suffix}",
        sq(from, false),
        sq(m.to(), false)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;

    fn play(pos: &mut Chess, origins: &mut Origins, san: &str) {
        let m = San::from_ascii(san.as_bytes())
            .unwrap()
            .to_move(pos)
            .unwrap();
        origins.play(&m);
        pos.play_unchecked(m);
    }

    fn read(pos: &Chess, origins: &Origins, w: Written<'_>) -> Resolution {
        resolve(pos, &english_patterns(&w, pos.turn(), origins, pos))
    }

    #[test]
    fn ranks_count_from_the_mover() {
        let mut pos = Chess::default();
        let mut o = Origins::default();
        let w = Written {
            who: "P",
            to: Some("K4"),
            ..Written::default()
        };
        let Resolution::Legal(m) = read(&pos, &o, w) else {
            panic!()
        };
        assert_eq!(m.to(), Square::E4);
        play(&mut pos, &mut o, "e4");
        let Resolution::Legal(m) = read(&pos, &o, w) else {
            panic!()
        };
        assert_eq!(m.to(), Square::E5);
    }

    #[test]
    fn knight_to_b3_is_ambiguous_until_qualified() {
        let pos = Chess::default();
        let o = Origins::default();
        let amb = read(
            &pos,
            &o,
            Written {
                who: "N",
                to: Some("B3"),
                ..Written::default()
            },
        );
        assert!(
            matches!(amb, Resolution::Ambiguous(ref v) if v.len() == 2),
            "{amb:?}"
        );
        let Resolution::Legal(m) = read(
            &pos,
            &o,
            Written {
                who: "N",
                to: Some("KB3"),
                ..Written::default()
            },
        ) else {
            panic!()
        };
        assert_eq!(m.to(), Square::F3);
        let Resolution::Legal(m) = read(
            &pos,
            &o,
            Written {
                who: "QN",
                to: Some("B3"),
                ..Written::default()
            },
        ) else {
            panic!()
        };
        assert_eq!(m.to(), Square::C3);
    }

    #[test]
    fn writer_picks_the_shortest_form_that_reads_back() {
        let pos = Chess::default();
        let o = Origins::default();
        let m = San::from_ascii(b"Nf3").unwrap().to_move(&pos).unwrap();
        assert_eq!(write_english(&pos, &o, &m, false), "N-KB3");
        assert_eq!(write_english(&pos, &o, &m, true), "NKN1-KB3");
        let m = San::from_ascii(b"e4").unwrap().to_move(&pos).unwrap();
        assert_eq!(write_english(&pos, &o, &m, false), "P-K4");
        assert_eq!(write_spanish(&pos, &o, &m), "P4R");
        let m = San::from_ascii(b"Nf3").unwrap().to_move(&pos).unwrap();
        assert_eq!(write_spanish(&pos, &o, &m), "C3AR");
    }
}
