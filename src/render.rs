//! Writing moves: SAN (English), UCI, and ranked suggestions in the input's notation.

use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

/// SAN with `+`/`#` for a legal move in `pos`.
pub fn san_plus(pos: &Chess, m: &Move) -> String {
    SanPlus::from_move(pos.clone(), *m).to_string()
}

/// SAN without suffix.
pub fn san(pos: &Chess, m: &Move) -> String {
    San::from_move(pos, *m).to_string()
}

/// UCI for a move (`None` = null move `0000`).
pub fn uci(m: Option<&Move>, mode: CastlingMode) -> String {
    match m {
        Some(m) => UciMove::from_move(*m, mode).to_string(),
        None => "0000".to_owned(),
    }
}

/// The legal moves of `pos` most like `written`, best first, as SAN.
pub fn suggestions(pos: &Chess, written: &str, n: usize) -> Vec<String> {
    let mut scored: Vec<(usize, String)> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let s = san(pos, m);
            (strsim::damerau_levenshtein(written, &s), san_plus(pos, m))
        })
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    let best = scored.first().map(|s| s.0).unwrap_or(0);
    scored
        .into_iter()
        .filter(|(d, _)| *d <= best.max(2))
        .take(n)
        .map(|(_, s)| s)
        .collect()
}
