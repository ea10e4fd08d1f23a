//! Whole descriptive move tokens: their readings, their marks, and the moves of an
//! ambiguous token in words.

use shakmaty::{Bitboard, CastlingSide, Chess, Move, Position, Role};

use crate::board::descriptive::english::english_patterns;
use crate::board::descriptive::origins::Origins;
use crate::board::descriptive::spanish::spanish_patterns;
use crate::board::descriptive::squares::Written;
use crate::board::descriptive::write::victim_square;
use crate::board::pattern::Pattern;
use crate::syntax::{CheckMark, DescriptiveMove, MoveBody, MoveToken, System};

/// Every reading of a descriptive move as patterns (`Castles` alone: both sides), from the
/// symbols its grammar read. A move that names nothing on the board gets one pattern that
/// matches no move, so that the resolver explains it.
pub(crate) fn move_patterns(d: &DescriptiveMove, pos: &Chess, origins: &Origins) -> Vec<Pattern> {
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
    let w = Written::of(d);
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
pub(crate) fn written_mark(tok: &MoveToken) -> Option<CheckMark> {
    let mark = tok.check().map(|c| c.value);
    match (&tok.body, mark) {
        (MoveBody::Descriptive(d), Some(CheckMark::DoubleCheck)) if d.system == System::Spanish => {
            Some(CheckMark::Mate)
        }
        _ => mark,
    }
}

/// The moves a descriptive token can mean, each as its unambiguous spelling (by `write`) and
/// in words (`("R-N2", "the rook on b1 to b2")`), for an ambiguity diagnostic: the readings of
/// one token may be different pieces (`QN1-N2`: the rook on QN1, or the queen on KN1) or one
/// piece going to different squares (`R-B1`: to QB1 or KB1).
pub(crate) fn describe_readings(
    moves: &[Move],
    write: impl Fn(&Move) -> String,
) -> Vec<(String, String)> {
    moves.iter().map(|m| (write(m), describe_move(m))).collect()
}

/// A legal move in words: "the knight on g1 to f3", "the bishop on d4 takes the knight on
/// c5", "castling on the king's side" (the check or mate it gives is not said: it needs the
/// position).
///
/// ```
/// use scoresheet::board::{TokenOutcome, describe_move, resolve_token};
/// use shakmaty::Chess;
///
/// let TokenOutcome::Legal(m) = resolve_token(&Chess::default(), "Nf3") else { panic!() };
/// assert_eq!(describe_move(&m), "the knight on g1 to f3");
/// ```
pub fn describe_move(m: &Move) -> String {
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
