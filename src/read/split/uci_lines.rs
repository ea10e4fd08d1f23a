//! A list of games in UCI, one game per line, as `scoresheet convert --to uci` writes them and
//! as UCI move lists are kept (a game per line, moves apart, no numbers, no result).
//!
//! Such a text has no result or tag pair between its games, so the cutting at results and tags
//! would see one game. A line break ends a game when the line before it is UCI moves only and
//! a game's first line (it opens as a game opens, or it follows tag pairs, which say where its
//! game starts), and the line after it is UCI moves only and opens as a game opens: White's
//! first move from the standard position, then Black's. A game wrapped over lines goes on: its
//! later lines do not open as a game does, or, when one happens to, that line is read as a
//! game that fails at the first move the start position does not allow, which the checker
//! reports (nothing is joined or cut without a report). The rule looks at the two lines only,
//! so a list is cut as it is read, in bounded memory.

/// Might a game of UCI moves start at `i` (a square, then another)? A cheap test at line
/// starts; [`cut_before`] decides.
pub(super) fn may_start(b: &[u8], i: usize) -> bool {
    let square = |f: Option<&u8>, r: Option<&u8>| {
        f.is_some_and(|f| matches!(f, b'a'..=b'h')) && r.is_some_and(|r| matches!(r, b'1'..=b'8'))
    };
    square(b.get(i), b.get(i + 1)) && square(b.get(i + 2), b.get(i + 3))
}

/// Does a new game start at `i`, the start of a line of the game that starts at `start`?
/// `None` when the text read so far ends before the line at `i` does (and the text is not
/// whole: `end` false).
pub(super) fn cut_before(text: &str, start: usize, i: usize, end: bool) -> Option<bool> {
    let b = text.as_bytes();
    let line_end = match b[i..].iter().position(|&c| c == b'\n') {
        Some(n) => i + n,
        None if end => b.len(),
        None => return None,
    };
    Some(cut_between(text, start, i, line_end))
}

/// The rule of the module for the line `i..line_end` and the one before it (within the game
/// from `start`).
fn cut_between(text: &str, start: usize, i: usize, line_end: usize) -> bool {
    let next: Vec<&str> = text[i..line_end].split_ascii_whitespace().collect();
    if !next.iter().all(|t| is_uci(t)) || !opens_a_game(&next) {
        return false;
    }
    // The line before: the last one with anything on it, after `start`.
    let before = &text[start..i];
    let mut lines = before.lines().rev().filter(|l| !l.trim().is_empty());
    let Some(previous) = lines.next() else {
        return false;
    };
    let tokens: Vec<&str> = previous.split_ascii_whitespace().collect();
    if !tokens.iter().all(|t| is_uci(t)) {
        return false;
    }
    opens_a_game(&tokens)
        || lines
            .next()
            .is_some_and(|l| l.trim_start().starts_with('['))
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

    /// The games of `text` as the splitter cuts them.
    fn cut(text: &str) -> Option<Vec<&str>> {
        let games: Vec<&str> = crate::read::split_games(text)
            .iter()
            .map(|s| text[s.start..s.end].trim_end())
            .collect();
        (games.len() > 1).then_some(games)
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
