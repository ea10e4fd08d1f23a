//! A list of games in UCI, one game per line, as `scoresheet convert --to uci` writes them and
//! as UCI move lists are kept (a game per line, moves apart, no numbers, no result).
//!
//! Such a text has no result or tag pair between its games, so the cutting at results and tags
//! sees one game. A game of several lines is read as one game per line when every line is
//! moves in UCI only and every line (but one after tag pairs, whose game starts where they say)
//! opens as a game opens: White's first move from the standard position, then Black's. A game
//! wrapped over lines is left whole unless each of its later lines happens to open so; its
//! lines then read as games that fail at the first move the start position does not allow,
//! which the checker reports (nothing is joined or cut without a report).

use crate::span::Span;

/// The games of the game `start..end` of `text` when it is a list of UCI games, one per line
/// (at least two); `None` otherwise.
pub(super) fn games(text: &str, start: usize, end: usize) -> Option<Vec<Span>> {
    let b = text.as_bytes();
    // Cheap refusal of every other game: its first movetext byte is no file letter.
    let first = (start..end).find(|&i| !b[i].is_ascii_whitespace())?;
    if !matches!(b[first], b'a'..=b'h' | b'[') {
        return None;
    }
    let mut lines = Vec::new();
    let mut tags = false;
    let mut at = start;
    for line in text[start..end].split_inclusive('\n') {
        let from = at;
        at += line.len();
        let body = line.trim();
        if body.is_empty() {
            continue;
        }
        if body.starts_with('[') {
            if !lines.is_empty() {
                return None;
            }
            tags = true;
            continue;
        }
        let tokens: Vec<&str> = body.split_ascii_whitespace().collect();
        if !tokens.iter().all(|t| is_uci(t)) {
            return None;
        }
        let after_tags = tags && lines.is_empty();
        if !after_tags && !opens_a_game(&tokens) {
            return None;
        }
        let lead = line.len() - line.trim_start().len();
        lines.push(Span::new(from + lead, from + line.trim_end().len()));
    }
    if lines.len() < 2 {
        return None;
    }
    // The first game keeps what comes before its line (tag pairs, white space); each game
    // ends with its line.
    lines[0].start = start;
    Some(lines)
}

/// A move in UCI: from and to squares, and a promotion letter; `0000` is the null move.
fn is_uci(t: &str) -> bool {
    let b = t.as_bytes();
    let square = |f: u8, r: u8| matches!(f, b'a'..=b'h') && matches!(r, b'1'..=b'8');
    t == "0000"
        || ((b.len() == 4 || b.len() == 5)
            && square(b[0], b[1])
            && square(b[2], b[3])
            && b.get(4).is_none_or(|p| b"qrbnQRBN".contains(p)))
}

/// The line's first two moves are White's and Black's first moves from the standard position
/// (a line of one move: White's).
fn opens_a_game(tokens: &[&str]) -> bool {
    // `home`: the side's back rank, `pawns`: its pawns' rank, `ahead`: one and two ranks on,
    // where a pawn may go; a knight goes to the rank two on from `home` (the pawns' first step).
    let first = |t: &str, home: u8, pawns: u8, ahead: [u8; 2]| {
        let b = t.as_bytes();
        b.len() == 4
            && ((b[1] == pawns && b[2] == b[0] && ahead.contains(&b[3]))
                || (b[1] == home
                    && b[3] == ahead[0]
                    && matches!((b[0], b[2]), (b'b', b'a' | b'c') | (b'g', b'f' | b'h'))))
    };
    let white = |t: &str| first(t, b'1', b'2', [b'3', b'4']);
    let black = |t: &str| first(t, b'8', b'7', [b'6', b'5']);
    tokens.first().is_some_and(|t| white(t)) && tokens.get(1).is_none_or(|t| black(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str) -> Option<Vec<&str>> {
        games(text, 0, text.len()).map(|g| g.iter().map(|s| &text[s.start..s.end]).collect())
    }

    #[test]
    fn a_game_per_line() {
        let t = "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7\nd2d4 d7d5 c2c4\ng1f3 g8f6\n";
        assert_eq!(
            cut(t).unwrap(),
            [
                "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7",
                "d2d4 d7d5 c2c4",
                "g1f3 g8f6"
            ]
        );
    }

    #[test]
    fn tag_pairs_start_the_first_game() {
        let t = "[FEN \"6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1\"]\n[SetUp \"1\"]\nd1d8\ne2e4 e7e5\n";
        let g = cut(t).unwrap();
        assert_eq!(g.len(), 2);
        assert!(g[0].starts_with("[FEN") && g[0].ends_with("d1d8"));
        assert_eq!(g[1], "e2e4 e7e5");
    }

    #[test]
    fn other_texts_are_left_whole() {
        // One line, move numbers, a wrapped game (its second line opens no game), SAN.
        for t in [
            "e2e4 e7e5 g1f3\n",
            "1. e2e4 e7e5\n2. g1f3 b8c6\n",
            "e2e4 e7e5 g1f3 b8c6\nf1b5 a7a6\n",
            "e4 e5\nd4 d5\n",
            "e2e4 e7e5\ne2e4 e5e4\n",
        ] {
            assert_eq!(cut(t), None, "{t:?}");
        }
    }

    #[test]
    fn first_moves() {
        let opens = |t: &str| opens_a_game(&t.split(' ').collect::<Vec<_>>());
        for ok in ["a2a3 h7h5", "h2h4 a7a6", "b1c3 g8f6", "g1h3 b8a6", "b1a3"] {
            assert!(opens(ok), "{ok}");
        }
        for no in [
            "a2b3",
            "e2e5",
            "b1d2",
            "g1e2 e7e5",
            "e2e4 e7e4",
            "e2e4 g8e7",
            "e7e5",
        ] {
            assert!(!opens(no), "{no}");
        }
    }
}
