//! Descriptive notation, English (`P-K4`, `N-KB3`, `QN1-Q2`, `BP×B`, `Q×B7`) and Spanish
//! (`P4R`, `C3AR`, `CxP`, `PDxA`): reading a move's designations into every reading they allow,
//! as move patterns relative to the mover, and writing a move in its shortest unambiguous form.
//!
//! Ranks count from the mover's side (White's K4 is e4, Black's K4 is e5). Files are named by
//! the pieces that stand on them at the start: R N B Q K B N R, with a Q/K prefix (English) or
//! D/R suffix (Spanish) for the wing where it matters. A piece may be named by its origin (`KR`
//! is the rook that started on the king's side) and a pawn by its file (`QBP`).
//!
//! A token has every reading its text allows ([`english_patterns`], [`spanish_patterns`]); a
//! move written with a dash prefers the readings that capture nothing. When several legal moves
//! remain, what else was written chooses ([`agreeing_with_marks`]): `B-N5ch` is the bishop move
//! that checks, `B-N5` the one that does not, `P×P e.p.` the capture in passing. For a whole
//! token, [`resolve_move`] does all of it; [`describe_readings`] names the moves of an
//! ambiguous token for a diagnostic.
//!
//! ```
//! use scoresheet::board::descriptive::{Origins, Written, english_patterns, write_english};
//! use scoresheet::board::resolve::{Resolution, resolve};
//! use shakmaty::{Chess, Position, Square};
//!
//! let pos = Chess::default();
//! let origins = Origins::default();
//! let w = Written { who: "N", to: Some("KB3"), ..Written::default() };
//! let Resolution::Legal(m) = resolve(&pos, &english_patterns(&w, pos.turn(), &origins, &pos)) else {
//!     panic!("N-KB3 is one move");
//! };
//! assert_eq!(m.to(), Square::F3);
//! assert_eq!(write_english(&pos, &origins, &m, false), "N-KB3");
//! assert_eq!(write_english(&pos, &origins, &m, true), "NKN1-KB3");
//! ```

use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, File, Move, MoveList, Position, Rank, Role, Square,
};

use crate::board::pattern::Pattern;
use crate::board::resolve::{Resolution, resolve};
pub use crate::syntax::System;
use crate::syntax::{CheckMark, DescriptiveMove, MoveBody, MoveToken};

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

impl Wing {
    /// The wing of a file.
    fn of(f: File) -> Wing {
        if f < File::E { Wing::Queen } else { Wing::King }
    }
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
    /// The files it names: on one wing, or on both when no wing is said.
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

/// The back ranks, where pieces named by their origin (`KR`, `QN`, `TR`, `CD`) started.
fn back_ranks() -> Bitboard {
    Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth)
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

/// The letters of an English designation; `Kt` and `Kn` are the knight.
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

/// Rook, knight and bishop come in pairs, one on each wing.
const fn paired(l: Letter) -> bool {
    matches!(l, Letter::R | Letter::N | Letter::B)
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

impl Designation {
    const fn any(role: Role) -> Designation {
        Designation {
            role,
            on: Bitboard::FULL,
            origin: None,
        }
    }

    /// The squares this designation allows for `color` (restricted by origin when named so).
    fn squares(&self, color: Color, origins: &Origins, pos: &Chess) -> Bitboard {
        let mut on = self.on;
        if let Some(o) = self.origin {
            on &= squares_with_origin(origins, o, color, pos);
        }
        on
    }
}

/// English piece designations: K Q R B N P; KR QN KB… (by origin); BP QBP KRP… (pawn by file).
fn english_designations(ls: &[Letter]) -> Option<Designation> {
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
fn english_file(ls: &[Letter]) -> Option<Bitboard> {
    match *ls {
        [f] => file_of(f).map(|f| f.files(None)),
        [w, f] if wing_of(w).is_some() && paired(f) => file_of(f).map(|f| f.files(wing_of(w))),
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

fn english_patterns_in(
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
                let mut on = d.on;
                if let Some(o) = d.origin {
                    on &= squares_with_origin(origins, o, !color, pos);
                }
                captured.push((Some(d.role), on));
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

/// The legal moves of a position, generated once, when first needed.
struct LegalMoves<'a> {
    pos: &'a Chess,
    moves: Option<MoveList>,
}

impl<'a> LegalMoves<'a> {
    fn new(pos: &'a Chess) -> Self {
        LegalMoves { pos, moves: None }
    }

    fn get(&mut self) -> &[Move] {
        self.moves.get_or_insert_with(|| self.pos.legal_moves())
    }
}

/// Do the patterns match exactly one legal move, `m`?
fn reads_back(pats: &[Pattern], legal: &[Move], m: &Move) -> bool {
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
fn single(set: Bitboard) -> Option<Square> {
    set.single_square()
}

/// The readings of a move written with a dash that go to a square without an enemy piece,
/// when one of them is legal; all readings otherwise.
fn prefer_quiet(
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

/// The squares an English square name allows for `color` (`K4`, `KB3`, `B3` = QB3 or KB3;
/// `Q` = Q1 when `first_rank_default`).
fn english_squares(s: &str, color: Color, first_rank_default: bool) -> Option<Bitboard> {
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
fn english_movers(
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

// ---------------------------------------------------------------------------------------------
// Check and mate marks choose among readings.

/// Among the legal moves several readings of one token allow, those that agree with what else
/// was written: the check or mate mark, or its absence (`B-N5ch` is the bishop move that
/// gives check, `B-N5` the one that does not), and the e.p. mark (the en passant capture).
///
/// Descriptive scores rely on this: books print `B-N5ch` where `B-QN5` and `B-KN5` are both
/// legal but only one checks, and `R(R6)-B6` where the rook's move to KB6 would check and the
/// move to QB6 does not. When no move agrees, all are kept: the mark is then wrong, which the
/// checker reports of the move eventually read.
pub fn agreeing_with_marks(
    pos: &Chess,
    moves: &[Move],
    mark: Option<CheckMark>,
    ep: bool,
) -> Vec<Move> {
    let mut kept = moves.to_vec();
    if ep {
        narrow(&mut kept, |m| m.is_en_passant());
    }
    // (checkers, mate) after each move.
    let after = |m: &Move| {
        let mut after = pos.clone();
        after.play_unchecked(*m);
        let n = after.checkers().count();
        (n, n > 0 && after.is_checkmate())
    };
    match mark {
        None => narrow(&mut kept, |m| after(m).0 == 0),
        Some(CheckMark::Check) => {
            narrow(&mut kept, |m| after(m).0 > 0);
            narrow(&mut kept, |m| !after(m).1);
        }
        Some(CheckMark::DoubleCheck) => {
            narrow(&mut kept, |m| after(m).0 > 0);
            narrow(&mut kept, |m| after(m).0 > 1);
        }
        Some(CheckMark::Mate) => {
            narrow(&mut kept, |m| after(m).0 > 0);
            narrow(&mut kept, |m| after(m).1);
        }
    }
    kept
}

/// Keeps the moves that satisfy `f`, unless none does.
fn narrow(moves: &mut Vec<Move>, f: impl Fn(&Move) -> bool) {
    if moves.iter().any(&f) {
        moves.retain(f);
    }
}

/// Resolves the readings of a descriptive move: [`resolve`], then, when several legal moves
/// remain, [`agreeing_with_marks`] chooses among them.
pub fn resolve_readings(
    pos: &Chess,
    patterns: &[Pattern],
    mark: Option<CheckMark>,
    ep: bool,
) -> Resolution {
    match resolve(pos, patterns) {
        Resolution::Ambiguous(ms) => {
            let kept = agreeing_with_marks(pos, &ms, mark, ep);
            match kept.as_slice() {
                [m] => Resolution::Legal(*m),
                _ => Resolution::Ambiguous(kept),
            }
        }
        other => other,
    }
}

// ---------------------------------------------------------------------------------------------
// Whole tokens.

/// Every reading of a descriptive move as patterns (`Castles` alone: both sides). `text` is the
/// source text the move's spans index. A move that names nothing on the board gets one pattern
/// that matches no move, so that the resolver explains it.
pub fn move_patterns(
    d: &DescriptiveMove,
    text: &str,
    pos: &Chess,
    origins: &Origins,
) -> Vec<Pattern> {
    if let Some(side) = d.castles {
        let sides: &[CastlingSide] = match side {
            Some(CastlingSide::KingSide) => &[CastlingSide::KingSide],
            Some(CastlingSide::QueenSide) => &[CastlingSide::QueenSide],
            None => &[CastlingSide::KingSide, CastlingSide::QueenSide],
        };
        return sides
            .iter()
            .map(|s| Pattern {
                castle: Some(*s),
                ..Pattern::EMPTY
            })
            .collect();
    }
    let src = |s: crate::span::Span| text.get(s.start..s.end).unwrap_or("");
    let w = Written {
        who: src(d.who),
        to: d.to.map(src),
        captured: d.captured.map(src),
        at: d.at.map(src),
        promotion: d.promotion,
    };
    let pats = match d.system {
        System::English => english_patterns(&w, pos.turn(), origins, pos),
        System::Spanish => spanish_patterns(&w, pos.turn(), origins, pos),
    };
    if pats.is_empty() {
        vec![Pattern {
            to_set: Some(Bitboard::EMPTY),
            ..Pattern::EMPTY
        }]
    } else {
        pats
    }
}

/// The check or mate mark of a descriptive move token. Spanish has no double-check sign: its
/// `++` is mate, also when written apart from the move.
pub fn written_mark(tok: &MoveToken) -> Option<CheckMark> {
    let mark = tok.check.map(|c| c.value);
    match (tok.body, mark) {
        (
            MoveBody::Descriptive(DescriptiveMove {
                system: System::Spanish,
                ..
            }),
            Some(CheckMark::DoubleCheck),
        ) => Some(CheckMark::Mate),
        _ => mark,
    }
}

/// Resolves a descriptive move token in `pos`: its readings ([`move_patterns`]) matched on the
/// board, and among several legal moves, those its marks agree with
/// ([`agreeing_with_marks`]). `None` when the token is not descriptive.
pub fn resolve_move(
    tok: &MoveToken,
    text: &str,
    pos: &Chess,
    origins: &Origins,
) -> Option<Resolution> {
    let MoveBody::Descriptive(d) = &tok.body else {
        return None;
    };
    let pats = move_patterns(d, text, pos, origins);
    Some(resolve_readings(
        pos,
        &pats,
        written_mark(tok),
        tok.ep.is_some(),
    ))
}

/// The moves a descriptive token can mean, each as its unambiguous spelling and in words
/// (`("R-N2", "the rook on b1 to b2")`), for an ambiguity diagnostic: the readings of one
/// token may be different pieces (`QN1-N2`: the rook on QN1, or the queen on KN1) or one
/// piece going to different squares (`R-B1`: to QB1 or KB1).
pub fn describe_readings(
    pos: &Chess,
    origins: &Origins,
    moves: &[Move],
    system: System,
) -> Vec<(String, String)> {
    moves
        .iter()
        .map(|m| {
            let spelling = match system {
                System::English => write_english(pos, origins, m, false),
                System::Spanish => write_spanish(pos, origins, m),
            };
            (spelling, describe_move(m))
        })
        .collect()
}

/// A legal move in words: "the knight on g1 to f3", "the bishop on d4 takes the knight on
/// c5", "castling on the king's side".
fn describe_move(m: &Move) -> String {
    let name = |r: Role| match r {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    };
    if let Some(side) = m.castling_side() {
        return format!(
            "castling on the {} side",
            if side.is_king_side() {
                "king's"
            } else {
                "queen's"
            }
        );
    }
    let Some(from) = m.from() else {
        return m.to().to_string();
    };
    let mut out = format!("the {} on {from}", name(m.role()));
    match (m.capture(), victim_square(m)) {
        (Some(victim), Some(sq)) if m.is_en_passant() => {
            out.push_str(&format!(" takes the {} on {sq} en passant", name(victim)));
        }
        (Some(victim), _) => out.push_str(&format!(" takes the {} on {}", name(victim), m.to())),
        (None, _) => out.push_str(&format!(" to {}", m.to())),
    }
    if let Some(p) = m.promotion() {
        out.push_str(&format!(", promoting to a {}", name(p)));
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Writing English descriptive.

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
fn check_suffix(pos: &Chess, m: &Move, mate: &'static str, check: &'static str) -> &'static str {
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

fn wing_letter(f: File) -> &'static str {
    match Wing::of(f) {
        Wing::Queen => "Q",
        Wing::King => "K",
    }
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

fn full_english(pos: &Chess, m: &Move) -> String {
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
struct Candidate {
    who: String,
    to: Option<String>,
    captured: Option<String>,
    at: Option<String>,
}

impl Candidate {
    fn written(&self, promotion: Option<Role>) -> Written<'_> {
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
fn first_reading_back(
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
fn victim_square(m: &Move) -> Option<Square> {
    let from = m.from()?;
    Some(if m.is_en_passant() {
        Square::from_coords(m.to().file(), from.rank())
    } else {
        m.to()
    })
}

fn shortest_english(pos: &Chess, origins: &Origins, m: &Move) -> Option<String> {
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

/// A Spanish file at the start of `cs`: `R`, `D`, `A`, `AR`, `CD`, `TR`… → (files, length).
fn spanish_files_at(cs: &[char]) -> Option<(Bitboard, usize)> {
    match cs {
        [f @ ('T' | 'C' | 'A'), w @ ('R' | 'D'), ..] => {
            Some((spanish_file(*f)?.files(spanish_wing(*w)), 2))
        }
        [f, ..] => Some((spanish_file(*f)?.files(None), 1)),
        [] => None,
    }
}

/// A whole Spanish file name.
fn spanish_files(cs: &[char]) -> Option<Bitboard> {
    spanish_files_at(cs).and_then(|(b, n)| (n == cs.len()).then_some(b))
}

/// A Spanish designation with an optional square qualifier: `P`, `PD`, `PAR` (pawn by file),
/// `T`, `TR`, `CD` (by origin), `T1`, `C7`, `T1TD` (by rank or square). The squares are
/// relative to `color`; `None` when the text is no designation.
fn spanish_designation(s: &str, color: Color) -> Option<(Designation, Bitboard)> {
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
fn spanish_square(s: &str, color: Color) -> Option<Bitboard> {
    let cs: Vec<char> = s.chars().collect();
    let (first, rest) = cs.split_first()?;
    Some(spanish_files(rest)? & rank_for(first.to_digit(10)?, color)?)
}

/// Every reading of a Spanish descriptive move (`P4R`, `C3AR`, `CxP`, `PDxA`, `T1xP`,
/// `C7-5C`), as patterns for `color` to move. Like [`english_patterns`], a move without `x`
/// prefers readings that capture nothing.
pub fn spanish_patterns(
    w: &Written<'_>,
    color: Color,
    origins: &Origins,
    pos: &Chess,
) -> Vec<Pattern> {
    spanish_patterns_in(w, color, origins, pos, &mut LegalMoves::new(pos))
}

fn spanish_patterns_in(
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

fn spanish_wing_letter(f: File) -> char {
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

    fn position(fen: &str) -> Chess {
        fen.parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap()
    }

    fn uci(pos: &Chess, s: &str) -> Move {
        s.parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(pos)
            .unwrap()
    }

    #[test]
    fn readings_are_described_for_an_ambiguity() {
        let pos = position("4k3/8/8/8/8/8/8/1R2K1Q1 w - - 0 1");
        let o = Origins::from_position(&pos);
        let moves = [uci(&pos, "b1b2"), uci(&pos, "g1g2")];
        assert_eq!(
            describe_readings(&pos, &o, &moves, System::English),
            vec![
                ("R-N2".to_owned(), "the rook on b1 to b2".to_owned()),
                ("Q-N2".to_owned(), "the queen on g1 to g2".to_owned()),
            ]
        );
        let pos = position("4k3/8/5p2/3pP3/8/8/8/4K3 w - d6 0 1");
        let o = Origins::from_position(&pos);
        let moves = [uci(&pos, "e5d6"), uci(&pos, "e5f6")];
        let d = describe_readings(&pos, &o, &moves, System::Spanish);
        assert_eq!(d[0].1, "the pawn on e5 takes the pawn on d5 en passant");
        assert_eq!(d[1].1, "the pawn on e5 takes the pawn on f6");
    }

    #[test]
    fn marks_narrow_readings() {
        // B-N5: Bb5 checks, Bg5 does not.
        let pos = position("rnbqk1nr/ppp2ppp/4p3/3p4/1b1PP3/2N5/PPP2PPP/R1BQKBNR w KQkq - 2 4");
        let both = [uci(&pos, "f1b5"), uci(&pos, "c1g5")];
        assert_eq!(
            agreeing_with_marks(&pos, &both, Some(CheckMark::Check), false),
            vec![both[0]]
        );
        assert_eq!(agreeing_with_marks(&pos, &both, None, false), vec![both[1]]);
        // Mate written where no reading mates: the one that checks.
        assert_eq!(
            agreeing_with_marks(&pos, &both, Some(CheckMark::Mate), false),
            vec![both[0]]
        );
        // A mark no reading agrees with keeps them all.
        let quiet = [uci(&pos, "c1g5"), uci(&pos, "c1f4")];
        assert_eq!(
            agreeing_with_marks(&pos, &quiet, Some(CheckMark::Check), false),
            quiet.to_vec()
        );
    }

    #[test]
    fn en_passant_is_marked() {
        let pos = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let o = Origins::from_position(&pos);
        let m = uci(&pos, "e5d6");
        assert_eq!(write_english(&pos, &o, &m, false), "P×P e.p.");
        assert_eq!(write_english(&pos, &o, &m, true), "PK5×Q6 e.p.");
        assert_eq!(write_spanish(&pos, &o, &m), "PxP a.p.");
    }
}
