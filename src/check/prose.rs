//! Moves in prose: numbered move fragments (`after 12...Bxg3 13.fxg3 the bishop…`) found in
//! a manuscript's text, and the move-like words that no fragment reads.

use crate::span::Span;
use crate::syntax::grammar::ParserEntry;

/// Words of prose with their spans, split at white space and at punctuation that never
/// belongs to a move; `true` when a hard separator (not white space) comes before the word.
fn words(text: &str) -> Vec<(Span, bool)> {
    let is_sep = |c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '(' | ')'
                    | '['
                    | ']'
                    | '{'
                    | '}'
                    | '"'
                    | '`'
                    | '*'
                    | '_'
                    | '“'
                    | '”'
                    | '‘'
                    | '’'
                    | '«'
                    | '»'
                    | ';'
                    | ','
                    | '\''
            )
    };
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut hard = false;
    // A word of prose glued to the move number after it (`Bearbeiten1.`, a page's link text
    // run into the score) is two words.
    let push = |out: &mut Vec<(Span, bool)>, span: Span, hard: bool| {
        let w = &text[span.start..span.end];
        let letters: usize = w
            .char_indices()
            .take_while(|(_, c)| c.is_alphabetic())
            .last()
            .map_or(0, |(i, c)| i + c.len_utf8());
        let glued = w[..letters].chars().count() >= 5
            && w[..letters].chars().filter(|c| c.is_lowercase()).count() >= 3
            && number_prefix(&w[letters..]).is_some();
        if glued {
            out.push((Span::new(span.start, span.start + letters), hard));
            out.push((Span::new(span.start + letters, span.end), false));
        } else {
            out.push((span, hard));
        }
    };
    for (i, c) in text.char_indices() {
        if is_sep(c) {
            if let Some(s) = start.take() {
                push(&mut out, Span::new(s, i), hard);
                hard = false;
            }
            hard |= !c.is_whitespace();
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        push(&mut out, Span::new(s, text.len()), hard);
    }
    out
}

/// A move number at the start of a word: its length, the number and whether it is Black's.
fn number_prefix(w: &str) -> Option<(usize, u32, bool)> {
    let digits = w.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let n: u32 = w[..digits].parse().ok()?;
    let rest = &w[digits..];
    for (mark, black) in [("...", true), ("…", true), (". ..", true), (".", false)] {
        if rest.starts_with(mark) {
            return Some((digits + mark.len(), n, black));
        }
    }
    None
}

/// The length of an ellipsis standing for White's move at the start of `w` (`...c6`, `…Sc6`,
/// `..Ca6`, as the grammar's ellipsis reads), or 0.
fn ellipsis_len(w: &str) -> usize {
    ["...", "…", ".."]
        .into_iter()
        .find(|e| w.starts_with(e))
        .map_or(0, str::len)
}

/// The end of the move written in `w` after an ellipsis, if any (see [`move_end`]).
fn move_end_after_ellipsis(parser: &ParserEntry, w: &str) -> Option<usize> {
    let e = ellipsis_len(w);
    (e < w.len()).then(|| move_end(parser, &w[e..]).map(|end| e + end))?
}

/// The end of the move written in `w` (trailing sentence punctuation left off), if it is one.
fn move_end(parser: &ParserEntry, w: &str) -> Option<usize> {
    let mut t = w;
    for _ in 0..3 {
        if !t.is_empty()
            && t.chars()
                .any(|c| c.is_ascii_digit() || c == 'O' || c == '0' || c == '-')
            && crate::board::token::parse_token_with(parser, t).is_ok()
        {
            return Some(t.len());
        }
        match t.char_indices().last() {
            Some((i, '.' | ':' | ',' | ';' | '…')) => t = &t[..i],
            _ => return None,
        }
    }
    None
}

/// Move fragments in prose: a move number, then moves (and numbers and glyphs) up to the
/// first word that is none of them.
pub(crate) fn scan_fragments(text: &str, parser: &ParserEntry) -> Vec<Span> {
    let ws = words(text);
    let mut out = Vec::new();
    let mut i = 0;
    // A move number: with its dots, or bare (`1 d4 Cf6 2 Cf3`) when a move follows it.
    let number = |j: usize| -> Option<(usize, u32, bool)> {
        let (span, _) = ws[j];
        let w = &text[span.start..span.end];
        number_prefix(w).or_else(|| {
            let (next, hard) = *ws.get(j + 1)?;
            let bare = (1..=3).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit());
            (bare
                && !hard
                && move_end_after_ellipsis(parser, &text[next.start..next.end]).is_some())
            .then(|| Some((w.len(), w.parse().ok()?, false)))
            .flatten()
        })
    };
    while i < ws.len() {
        let (span, _) = ws[i];
        let w = &text[span.start..span.end];
        let Some((len, _, _)) = number(i) else {
            i += 1;
            continue;
        };
        let mut end = None;
        let mut trimmed = false;
        if len < w.len() {
            match move_end(parser, &w[len..]) {
                Some(e) => {
                    end = Some(span.start + len + e);
                    trimmed = len + e < w.len();
                }
                None => {
                    i += 1;
                    continue;
                }
            }
        }
        let mut j = i + 1;
        while j < ws.len() && !trimmed {
            let (s, hard) = ws[j];
            if hard {
                break;
            }
            let w = &text[s.start..s.end];
            if let Some((len, _, _)) = number(j) {
                if end.is_none() && len == w.len() {
                    break; // two numbers in a row
                }
                if len < w.len() {
                    match move_end(parser, &w[len..]) {
                        Some(e) => {
                            end = Some(s.start + len + e);
                            trimmed = len + e < w.len();
                        }
                        None => break,
                    }
                }
            } else if w == "..." || w == "…" {
            } else if end.is_some()
                && ((w.chars().all(|c| c == '!' || c == '?') && w.len() <= 3)
                    || matches!(w, "+" | "#" | "†" | "‡")
                    || (w.len() > 1
                        && w.starts_with('$')
                        && w[1..].bytes().all(|b| b.is_ascii_digit())))
            {
                end = Some(s.end);
            } else if let Some(e) = move_end_after_ellipsis(parser, w) {
                end = Some(s.start + e);
                trimmed = e < w.len();
            } else {
                break;
            }
            j += 1;
        }
        if let Some(e) = end {
            out.push(Span::new(span.start, e));
        }
        i = j.max(i + 1);
    }
    out
}

/// A square (`f3`) somewhere in a short word: what makes a word after a move number look like
/// a move in any language.
fn holds_square(w: &str) -> bool {
    let n = w.chars().count();
    (2..=8).contains(&n)
        && w.as_bytes()
            .windows(2)
            .any(|p| (b'a'..=b'h').contains(&p[0]) && (b'1'..=b'8').contains(&p[1]))
}

/// Move-like words of prose: the word glued to or following a move number (`2.Xf3`,
/// `2. Кf3`) and the word after it, when they hold a square; trailing sentence marks left off.
pub(crate) fn move_like_words(text: &str) -> Vec<Span> {
    let ws = words(text);
    let mut out = Vec::new();
    let trim = |s: Span| {
        let w = text[s.start..s.end].trim_end_matches(['.', ',', ':', ';', '!', '?']);
        Span::new(s.start, s.start + w.len())
    };
    let mut i = 0;
    while i < ws.len() {
        let (span, _) = ws[i];
        let w = &text[span.start..span.end];
        i += 1;
        let Some((len, _, _)) = number_prefix(w) else {
            continue;
        };
        let first = if len < w.len() {
            Span::new(span.start + len, span.end)
        } else if let Some(&(next, false)) = ws.get(i) {
            i += 1;
            next
        } else {
            continue;
        };
        let first = trim(first);
        if !holds_square(&text[first.start..first.end]) {
            continue;
        }
        out.push(first);
        if let Some(&(next, false)) = ws.get(i) {
            let next = trim(next);
            let w = &text[next.start..next.end];
            if number_prefix(w).is_none() && holds_square(w) {
                out.push(next);
                i += 1;
            }
        }
    }
    out
}

/// A word shaped like an English descriptive move: a man, a dash or a capture mark, and a
/// square counted from a side (`P-K4`, `N-KB3`, `Kt-QB3`) or a man taken (`PxP`, `BxN`).
fn descriptive_like(w: &str) -> bool {
    let one = |m: &str| {
        matches!(
            m,
            "P" | "N" | "B" | "R" | "Q" | "K" | "Kt" | "KtP" | "NP" | "BP" | "RP"
        )
    };
    // A man, or one named by its side (`QN`, `KBP`).
    let man = |m: &str| {
        one(m)
            || m.strip_prefix(['Q', 'K'])
                .is_some_and(|r| !r.is_empty() && one(r))
    };
    let Some(at) = w.find(['-', 'x', '×']) else {
        return false;
    };
    let sep = w[at..].chars().next().map_or(1, char::len_utf8);
    let (from, to) = (&w[..at], &w[at + sep..]);
    let to = to.trim_end_matches(['+', '!', '?']);
    let square = to
        .strip_suffix(|c: char| ('1'..='8').contains(&c))
        .is_some_and(|f| f.is_empty() || man(f) || matches!(f, "Q" | "K"));
    man(from) && (square || man(to))
}

/// The move-like words of a whole text, for counting what was read: a word holding a square
/// (`Cf3`, `e4`, `Кf3`) that has a move number of its own (`12.Cf3`), follows a move number
/// with or without its dot (`1 Cf3`, `12. Cf3`, `12... e5`), or follows such a word
/// (`1 Cf3 d5`); trailing sentence marks left off. A square named in a sentence (`the pawn
/// on e6`) is none.
pub(crate) fn coverage_words(text: &str) -> Vec<Span> {
    let is_number = |w: &str| {
        let digits = w.bytes().take_while(u8::is_ascii_digit).count();
        (1..=3).contains(&digits) && w[digits..].chars().all(|c| c == '.' || c == '…')
    };
    let mut out = Vec::new();
    let mut chained = false;
    for (span, _) in words(text) {
        let raw = &text[span.start..span.end];
        let (w, start) = match number_prefix(raw) {
            Some((len, _, _)) if len < raw.len() => (&raw[len..], span.start + len),
            _ if is_number(raw) => {
                chained = true;
                continue;
            }
            _ => (raw, span.start),
        };
        let own_number = start > span.start;
        let w = w.trim_end_matches(['.', ',', ':', ';', '!', '?']);
        if (chained || own_number) && (holds_square(w) || descriptive_like(w)) {
            out.push(Span::new(start, start + w.len()));
            chained = true;
        } else {
            chained = false;
        }
    }
    out
}

/// The move-like words of prose that none of `read` (the fragments read) holds.
pub(crate) fn unread_moves(text: &str, read: &[Span]) -> Vec<Span> {
    move_like_words(text)
        .into_iter()
        .filter(|w| !read.iter().any(|f| f.start < w.end && w.start < f.end))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fragments(text: &str) -> Vec<&str> {
        let parser = crate::syntax::grammar::builtin_parser("algebraic", "en").expect("English");
        scan_fragments(text, parser)
            .into_iter()
            .map(|s| &text[s.start..s.end])
            .collect()
    }

    #[test]
    fn finds_numbered_moves_in_prose() {
        assert_eq!(
            fragments("after 12...Bxg3 13.fxg3 the bishop is gone."),
            vec!["12...Bxg3 13.fxg3"]
        );
        assert_eq!(
            fragments("Then 13. fxg3, and 14.Qh5!"),
            vec!["13. fxg3", "14.Qh5!"]
        );
        assert_eq!(fragments("(12... Nf6 13. e5)"), vec!["12... Nf6 13. e5"]);
        assert_eq!(fragments("ends with 20.Qf3."), vec!["20.Qf3"]);
        assert_eq!(fragments("12.Nf5!! $1 wins"), vec!["12.Nf5!! $1"]);
    }

    #[test]
    fn move_like_words_hold_squares() {
        let text = "Then 2.Xf3 Yc6 3. Кb5 and 1. Introduction, see 12. 13.";
        let got: Vec<&str> = move_like_words(text)
            .into_iter()
            .map(|s| &text[s.start..s.end])
            .collect();
        assert_eq!(got, vec!["Xf3", "Yc6", "Кb5"]);
    }

    #[test]
    fn coverage_words_are_numbered_moves_and_their_followers() {
        let text = "Para disfrutar: 1 Cf3 d5 2 d4 Cf6, y 12...Ae7! El peón de e6 y \
                    la casilla f3. 1. P-K4 P-K4 2. Kt-KB3 PxP; see page 12 and 3 pawns.";
        let got: Vec<&str> = coverage_words(text)
            .into_iter()
            .map(|s| &text[s.start..s.end])
            .collect();
        assert_eq!(
            got,
            vec![
                "Cf3", "d5", "d4", "Cf6", "Ae7", "P-K4", "P-K4", "Kt-KB3", "PxP"
            ]
        );
        assert!(!descriptive_like("x-ray") && !descriptive_like("e-mail"));
    }

    #[test]
    fn bare_numbers_ellipses_and_glued_words_start_fragments() {
        assert_eq!(
            fragments("Para disfrutar: 1 e4 e5 2 Nf3 Nc6 and then"),
            vec!["1 e4 e5 2 Nf3 Nc6"]
        );
        assert_eq!(
            fragments("after 8. ...c6 9.Nf3 it was over"),
            vec!["8. ...c6 9.Nf3"]
        );
        assert_eq!(fragments("then 7. …Nc6 8.Bb5."), vec!["7. …Nc6 8.Bb5"]);
        assert_eq!(fragments("so 6 ..Nf6 7 Bg5 was"), vec!["6 ..Nf6 7 Bg5"]);
        assert_eq!(fragments("Hier 3.Bc4… und"), vec!["3.Bc4"]);
        assert_eq!(
            fragments("Bearbeiten1. e4 e5 2. Nf3"),
            vec!["1. e4 e5 2. Nf3"]
        );
        // A bare number is a move number only before a move.
        assert!(fragments("he had 3 pawns and 2 knights").is_empty());
    }

    #[test]
    fn leaves_prose_alone() {
        assert!(fragments("1. Introduction to the game").is_empty());
        assert!(fragments("In 1858. Be careful, 3 pawns.").is_empty());
        assert!(fragments("the knight on f3 and Nf3 without a number").is_empty());
        assert!(fragments("see page 12. 13. 14.").is_empty());
    }
}
