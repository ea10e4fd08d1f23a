//! Splits a file into games without parsing it, so that each game is parsed alone and memory is
//! bounded by the largest game.
//!
//! A game ends after a result token outside comments and variations, or where a tag pair
//! starts a line after movetext.

use crate::span::Span;

/// Byte spans of the games of `text`, in order. Text between games that holds only white
/// space is dropped; everything else belongs to some game.
pub fn split_games(text: &str) -> Vec<Span> {
    let b = text.as_bytes();
    let mut games = Vec::new();
    let mut start = 0;
    let mut i = 0;
    let mut depth = 0usize; // variation depth
    let mut moves_seen = false; // movetext seen in the current game
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if line_start && c == b'[' && depth == 0 {
            if moves_seen {
                push(&mut games, text, start, i);
                start = i;
                moves_seen = false;
            }
            // Skip the tag line (a tag value may hold any character).
            i = end_of_line(b, i);
            line_start = true;
            continue;
        }
        if line_start && c == b'%' {
            i = end_of_line(b, i);
            continue;
        }
        line_start = false;
        match c {
            b'\n' => {
                line_start = true;
                i += 1;
            }
            b' ' | b'\t' | b'\r' => i += 1,
            b'{' => {
                moves_seen = true;
                i = end_of_comment(b, i);
            }
            b';' => {
                moves_seen = true;
                i = end_of_line(b, i);
            }
            b'(' => {
                moves_seen = true;
                depth += 1;
                i += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ => {
                moves_seen = true;
                let end = token_end(b, i);
                if depth == 0 && is_result(&text[i..end]) {
                    push(&mut games, text, start, end);
                    start = end;
                    moves_seen = false;
                }
                i = end.max(i + 1);
            }
        }
    }
    push(&mut games, text, start, b.len());
    games
}

fn push(games: &mut Vec<Span>, text: &str, start: usize, end: usize) {
    if !text[start..end].trim().is_empty() {
        games.push(Span::new(start, end));
    }
}

fn end_of_line(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] != b'\n' {
        i += 1;
    }
    i
}

/// Past the `}` that closes the comment at `i` (nested braces count), or the end of input.
fn end_of_comment(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    i
}

fn token_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && !matches!(b[i], b' ' | b'\t' | b'\r' | b'\n' | b'{' | b'(' | b')' | b';') {
        i += 1;
    }
    i
}

/// Is this token a game result?
pub fn is_result(token: &str) -> bool {
    let t = token.trim_end_matches(['!', '?']);
    matches!(
        t,
        "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" | "1:0" | "0:1" | "½:½" | "1–0" | "0–1" | "½–½" | "1/2–1/2"
            | "1‑0" | "0‑1" | "½‑½" | "1—0" | "0—1"
    )
}
