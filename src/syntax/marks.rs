//! The marks at the end of a text that no parse has read as a move (an unreadable token, the
//! word before a token), found by the grammars' own mark rules: a token the grammar read is
//! cut at its marks' spans instead ([`crate::syntax::MoveToken::unmarked`]).

use pest::Parser as _;

use crate::read::space::{is_space, is_white, trim_white};
use crate::syntax::builtin::descriptive::{P, Rule};

/// Marks are short: a tail is looked for in this many last bytes of a text only, so that a
/// long token costs no more than a short one.
const LONGEST_TAIL: usize = 24;

/// The text without the check, mate, glyph and e.p. marks (and descriptive check words) that
/// end it, trimmed; the text itself (trimmed) when none ends it. A word (`ch`, `mate`) counts
/// as a mark only after a space, a digit or a capital (`N-B6ch`, `Kt-Q5 mate`), never inside
/// a word (`Bach`).
pub(crate) fn without_marks(text: &str) -> &str {
    let t = trim_white(text);
    let first = t.len().saturating_sub(LONGEST_TAIL);
    // The longest tail is the one that starts first; something must stay before it.
    for (at, _) in t.char_indices().filter(|&(at, _)| at > 0 && at >= first) {
        let tail = &t[at..];
        if P::parse(Rule::trailing_marks, tail).is_err() {
            continue;
        }
        let head = &t[..at];
        let word = tail
            .trim_start_matches(is_space)
            .starts_with(|c: char| c.is_alphabetic());
        if word && !head.ends_with(|c: char| is_space(c) || c.is_ascii_digit() || c.is_uppercase())
        {
            continue;
        }
        return head.trim_end_matches(is_white);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::without_marks;
    use crate::read::space::trim_white;

    #[test]
    fn every_kind_of_mark_is_cut() {
        for (text, bare) in [
            ("Nf3+", "Nf3"),
            ("Qxf7#", "Qxf7"),
            ("Дf3:f7X", "Дf3:f7"),
            ("e4!?", "e4"),
            ("Rd8++", "Rd8"),
            ("exd6 e.p.", "exd6"),
            ("exd6ep+", "exd6"),
            ("N-B6ch", "N-B6"),
            ("Kt-Q5 mate", "Kt-Q5"),
            ("Kt-Q5\u{a0}mate", "Kt-Q5"),
            ("P-K4\u{202f}ch", "P-K4"),
            ("R-K8 dbl. ch.", "R-K8"),
            ("B-N5 dis ch", "B-N5"),
            ("Qh5†", "Qh5"),
            ("  Nbd2  ", "Nbd2"),
        ] {
            assert_eq!(without_marks(text), bare, "{text}");
        }
    }

    #[test]
    fn words_inside_words_and_lone_marks_stay() {
        for text in ["Bach", "+", "#", "h3 Nb8", "e4e5"] {
            assert_eq!(without_marks(text), trim_white(text), "{text}");
        }
    }

    #[test]
    fn a_long_token_is_read_from_its_end_only() {
        let long = "N".repeat(100_000) + "+";
        assert_eq!(without_marks(&long).len(), 100_000);
    }
}
