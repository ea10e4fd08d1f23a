//! FEN, read (by shakmaty, with what is wrong said in words) and written. The checker's
//! `FEN` tag uses the same words ([`fen_problem`]).

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Setup};

use crate::position::{Form, PositionError, Reading};
use crate::span::Span;

/// The FEN of a setup, as it is (legal or not; what FEN cannot say of a variant is left out: a record read by the composers' convention
/// can be illegal with White to move, see [`crate::position`]).
pub fn fen(setup: &Setup) -> String {
    Fen::try_from_setup(setup.clone())
        .unwrap_or_else(|lossy| lossy.ignore())
        .to_string()
}

/// The FEN of a position (the en passant square only when a capture there is legal).
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Does a text look like a FEN (a first word of eight ranks separated by `/`)?
pub(crate) fn looks_like_fen(text: &str) -> bool {
    text.split_whitespace()
        .next()
        .is_some_and(|w| w.matches('/').count() >= 3 && !w.contains("//"))
}

/// Reads a FEN (`text` trimmed; `at`: where it starts in the caller's text).
pub(crate) fn read_fen(text: &str, at: usize) -> Result<Reading, PositionError> {
    let span = Span::new(at, at + text.len());
    match Fen::from_ascii(text.as_bytes()) {
        Ok(f) => Ok(Reading {
            form: Form::Fen,
            setup: f.into_setup(),
            turn_written: text.split_whitespace().nth(1).is_some(),
            language: None,
            notes: Vec::new(),
        }),
        Err(e) => {
            let reason = fen_problem(text).unwrap_or_else(|| e.to_string());
            Err(PositionError::unreadable(Form::Fen, reason, span, "this FEN")
                .help("a FEN is the board rank by rank from the 8th (`8/3p4/3k4/4P3/3PK3/8/8/8`), then the side to move, castling, en passant square and two counters (`w - - 0 1`)"))
        }
    }
}

/// What is wrong with a FEN, in words, when it can be told.
pub(crate) fn fen_problem(fen: &str) -> Option<String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Some("it is empty".into());
    }
    if fields.len() > 6 {
        return Some(format!(
            "it has {} fields; a FEN has 6 (board, side, castling, en passant, half-moves, move number)",
            fields.len()
        ));
    }
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Some(format!(
            "the board has {} ranks separated by `/`; it needs 8",
            ranks.len()
        ));
    }
    for (i, r) in ranks.iter().enumerate() {
        let mut n = 0u32;
        for c in r.chars() {
            match c {
                '1'..='8' => n += c.to_digit(10).unwrap_or(0),
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => n += 1,
                other => {
                    return Some(format!(
                        "`{other}` on rank {} is no piece letter (use pnbrqk / PNBRQK)",
                        8 - i
                    ));
                }
            }
        }
        if n != 8 {
            return Some(format!("rank {} (`{r}`) covers {n} squares, not 8", 8 - i));
        }
    }
    for (k, who) in [('K', "White"), ('k', "Black")] {
        let kings = fields[0].matches(k).count();
        if kings != 1 {
            return Some(format!("{who} has {kings} kings"));
        }
    }
    if let Some(side) = fields.get(1)
        && *side != "w"
        && *side != "b"
    {
        return Some(format!(
            "the side to move is `{side}`; it must be `w` or `b`"
        ));
    }
    None
}
