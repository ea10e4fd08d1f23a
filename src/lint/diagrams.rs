//! Diagrams in a manuscript: where a book shows a position, what the position is, and which
//! game it follows (rule SC111 compares it with that game).
//!
//! Markdown and plain text: a fenced block tagged `fen`, `diagram`, `position` or `board`, or
//! an untagged one that holds a FEN or a drawn diagram; a FEN in inline code or on a line of
//! its own; a paragraph drawn as a diagram (eight ranks of figurines or FEN letters, `·` or
//! `.` for empty squares); and a position record, lines that start with a language's word for
//! a side and a colon (`White: Kg1, Rf1. Black: Kg8`), when it reads as one. LaTeX: the
//! `setfen` of `\chessboard[…]` and of `\newchessgame[…]`, and `\fenboard{…}`.
//!
//! A diagram follows the last game that starts before it; one before every game, or (LaTeX)
//! after a `\newchessgame` that has no moves yet, follows none. A `\newchessgame[setfen=…]`
//! follows the game before it only as its continuation: its FEN names the move number and side
//! of the position after that game's last move (else it starts another game).

use crate::position::{self, PositionError, Reading};
use crate::read::Format;
use crate::read::source::{Block, group_end, lines, looks_like_position, markdown_blocks};
use crate::span::Span;
use crate::syntax::{Language, Registry};

/// What a diagram is in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shown {
    /// A board the reader is shown.
    Board,
    /// The start position of a LaTeX `\newchessgame[setfen=…]`.
    NewGame,
}

/// A diagram of a manuscript.
#[derive(Clone, Debug)]
pub(crate) struct Diagram {
    /// The position's text in the original.
    pub span: Span,
    /// What it is.
    pub shown: Shown,
    /// The game it follows (0-based), if any.
    pub game: Option<usize>,
    /// The position read, or why it cannot be (spans of the original).
    pub reading: Result<Reading, PositionError>,
}

/// A place that may hold a diagram.
struct Candidate {
    span: Span,
    shown: Shown,
    /// Told to be a position (a `fen` block, a LaTeX board): reported when unreadable. A record
    /// found by its side word is a diagram only when it reads.
    certain: bool,
    /// After a LaTeX `\newchessgame` with no moves yet: it follows no game.
    fresh: bool,
}

/// Every diagram of a manuscript, in text order. `games`: the spans of its games; `lang`: the
/// document's language (records are read in it first).
pub(crate) fn find(
    format: Format,
    text: &str,
    games: &[Span],
    registry: &Registry,
    lang: Option<&Language>,
) -> Vec<Diagram> {
    let candidates = match format {
        Format::Pgn => Vec::new(),
        Format::Text | Format::Markdown => markdown(text, &side_words(registry)),
        Format::Latex => latex(text),
    };
    let mut out = Vec::new();
    for c in candidates {
        let Some(body) = text.get(c.span.start..c.span.end) else {
            continue;
        };
        let read = match lang {
            Some(l) => position::read(body, Some(l), registry)
                .or_else(|e| position::read(body, None, registry).map_err(|_| e)),
            None => position::read(body, None, registry),
        };
        let reading = read.map_err(|e| moved(e, c.span.start));
        if reading.is_err() && !c.certain {
            continue;
        }
        let before = games.partition_point(|g| g.start < c.span.start);
        let game = (!c.fresh).then(|| before.checked_sub(1)).flatten();
        out.push(Diagram {
            span: c.span,
            shown: c.shown,
            game,
            reading,
        });
    }
    out
}

/// An error of a text read on its own, its spans moved to where that text starts.
fn moved(e: PositionError, at: usize) -> PositionError {
    let shift = |s: Span| Span::new(s.start + at, s.end + at);
    match e {
        PositionError::Unreadable {
            form,
            message,
            span,
            label,
            help,
            text,
        } => PositionError::Unreadable {
            form,
            message,
            span: shift(span),
            label,
            help,
            text,
        },
        PositionError::Illegal {
            reason,
            span,
            help,
            text,
        } => PositionError::Illegal {
            reason,
            span: shift(span),
            help,
            text,
        },
    }
}

/// The words for the sides of every language, lowercased (ASCII), longest first.
fn side_words(registry: &Registry) -> Vec<String> {
    let mut words: Vec<String> = registry
        .languages()
        .iter()
        .flat_map(|l| {
            l.record
                .white
                .iter()
                .chain(l.record.black.iter())
                .map(|w| w.to_ascii_lowercase())
                .collect::<Vec<_>>()
        })
        .filter(|w| !w.is_empty())
        .collect();
    words.sort_by_key(|w| std::cmp::Reverse(w.len()));
    words.dedup();
    words
}

/// Does a line start with a side word and a colon (`White:`, `Бели :`)?
fn starts_record(line: &str, words: &[String]) -> bool {
    let t = line.trim_start();
    let lower = t.to_ascii_lowercase();
    words.iter().any(|w| {
        lower.starts_with(w.as_str())
            && lower[w.len()..]
                .trim_start_matches([' ', '\t'])
                .starts_with(':')
    })
}

/// The span of `s` inside `text` without its surrounding white space (`at`: where `s` starts).
fn trimmed(s: &str, at: usize) -> Span {
    let start = at + (s.len() - s.trim_start().len());
    Span::new(start, start + s.trim().len())
}

/// The length of the FEN at the start of `s`: its board and the fields after it that read as
/// FEN fields (side, castling, en passant square, counters).
fn fen_extent(s: &str) -> usize {
    let mut end = s.find(char::is_whitespace).unwrap_or(s.len());
    let mut rest = &s[end..];
    let field = |w: &str, i: usize| match i {
        0 => w == "w" || w == "b",
        1 => w == "-" || w.chars().all(|c| "KQkqABCDEFGHabcdefgh".contains(c)),
        2 => w == "-" || (w.len() == 2 && w.as_bytes()[0].is_ascii_lowercase()),
        _ => w.bytes().all(|b| b.is_ascii_digit()),
    };
    for i in 0..5 {
        let trimmed = rest.trim_start_matches([' ', '\t']);
        let w = trimmed.split_whitespace().next().unwrap_or("");
        if w.is_empty() || !field(w, i) {
            break;
        }
        let skip = rest.len() - trimmed.len() + w.len();
        end += skip;
        rest = &rest[skip..];
    }
    end
}

/// The candidates of Markdown and plain text.
fn markdown(text: &str, words: &[String]) -> Vec<Candidate> {
    let ls = lines(text);
    let mut out = Vec::new();
    let board = |span: Span| Candidate {
        span,
        shown: Shown::Board,
        certain: true,
        fresh: false,
    };
    for block in markdown_blocks(text, &ls) {
        match block {
            Block::Fence { info, content } => {
                let Some(content) = content else { continue };
                let body = &text[content.start..content.end];
                let tag = info.split_whitespace().next().unwrap_or("");
                let tagged = ["fen", "diagram", "position", "board"]
                    .iter()
                    .any(|t| tag.eq_ignore_ascii_case(t));
                if tagged || (tag.is_empty() && looks_like_position(body)) {
                    out.push(board(trimmed(body, content.start)));
                }
            }
            Block::Paragraph(lines) => {
                let para = Span::new(ls[lines.start].start, ls[lines.end - 1].end);
                let p = &text[para.start..para.end];
                if looks_like_position(p) && !position::fen::looks_like_fen(p.trim()) {
                    out.push(board(trimmed(p, para.start)));
                    continue;
                }
                paragraph_lines(text, &ls[lines], words, &mut out);
            }
        }
    }
    out
}

/// The FENs and records of the lines of a paragraph of prose.
fn paragraph_lines(text: &str, ls: &[Span], words: &[String], out: &mut Vec<Candidate>) {
    let mut k = 0;
    while k < ls.len() {
        let line = &text[ls[k].start..ls[k].end];
        let t = trimmed(line, ls[k].start);
        let body = &text[t.start..t.end];
        if looks_like_position(body) && position::fen::looks_like_fen(body) {
            // A FEN on a line of its own (and what follows it on the line, if prose).
            let len = fen_extent(body);
            out.push(Candidate {
                span: Span::new(t.start, t.start + len),
                shown: Shown::Board,
                certain: true,
                fresh: false,
            });
        } else if starts_record(line, words) {
            // A record: this line and the next ones that start with a side word.
            let mut end = k + 1;
            while end < ls.len() && starts_record(&text[ls[end].start..ls[end].end], words) {
                end += 1;
            }
            let span = Span::new(ls[k].start, ls[end - 1].end);
            out.push(Candidate {
                span: trimmed(&text[span.start..span.end], span.start),
                shown: Shown::Board,
                certain: false,
                fresh: false,
            });
            k = end;
            continue;
        } else {
            inline_fens(line, ls[k].start, out);
        }
        k += 1;
    }
}

/// FENs in inline code (`` `8/8/…` ``) of a line starting at `at`.
fn inline_fens(line: &str, at: usize, out: &mut Vec<Candidate>) {
    let mut rest = line;
    let mut offset = at;
    while let Some(open) = rest.find('`') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('`') else { break };
        let code = &after[..close];
        if position::fen::looks_like_fen(code.trim()) {
            out.push(Candidate {
                span: trimmed(code, offset + open + 1),
                shown: Shown::Board,
                certain: true,
                fresh: false,
            });
        }
        let used = open + 1 + close + 1;
        offset += used;
        rest = &rest[used..];
    }
}

/// The span of the value of `setfen=` in an option list starting at `at` (`[…, setfen=…]`,
/// the value in braces or up to the next `,` or `]`).
fn setfen(text: &str, open: usize, close: usize) -> Option<Span> {
    let opts = &text[open..close];
    let key = opts.find("setfen")?;
    let mut i = open + key + "setfen".len();
    let b = text.as_bytes();
    while i < close && b[i].is_ascii_whitespace() {
        i += 1;
    }
    if b.get(i) != Some(&b'=') {
        return None;
    }
    i += 1;
    while i < close && b[i].is_ascii_whitespace() {
        i += 1;
    }
    let (start, end) = if b.get(i) == Some(&b'{') {
        let end = group_end(b, i).unwrap_or(close);
        (i + 1, end.saturating_sub(1))
    } else {
        let end = text[i..close].find([',', ']']).map_or(close, |e| i + e);
        (i, end)
    };
    let span = trimmed(&text[start..end], start);
    (!span.is_empty()).then_some(span)
}

/// The candidates of a LaTeX text: boards of chessboard / xskak with a FEN.
fn latex(text: &str) -> Vec<Candidate> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut fresh = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'\\' => {
                let len = b[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .count();
                let after = i + 1 + len;
                let name = &text[i + 1..after];
                let mut j = after;
                while j < b.len() && matches!(b[j], b' ' | b'\t') {
                    j += 1;
                }
                let group = (matches!(b.get(j), Some(b'[' | b'{')))
                    .then(|| group_end(b, j))
                    .flatten();
                match (name, group) {
                    ("newchessgame" | "resetchessgame", _) => {
                        if let Some(end) = group.filter(|_| b[j] == b'[')
                            && let Some(span) = setfen(text, j, end)
                        {
                            out.push(Candidate {
                                span,
                                shown: Shown::NewGame,
                                certain: true,
                                fresh: false,
                            });
                        }
                        fresh = true;
                    }
                    ("mainline" | "hidemoves", _) => fresh = false,
                    ("chessboard", Some(end)) if b[j] == b'[' => {
                        if let Some(span) = setfen(text, j, end) {
                            out.push(Candidate {
                                span,
                                shown: Shown::Board,
                                certain: true,
                                fresh,
                            });
                        }
                    }
                    ("fenboard", Some(end)) if b[j] == b'{' => {
                        let span = trimmed(&text[j + 1..end - 1], j + 1);
                        out.push(Candidate {
                            span,
                            shown: Shown::Board,
                            certain: true,
                            fresh,
                        });
                    }
                    _ => {}
                }
                i = after.max(i + 1);
            }
            _ => i += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(format: Format, text: &str) -> Vec<(String, Option<usize>, bool)> {
        find(format, text, &[Span::new(0, 1)], &Registry::builtin(), None)
            .into_iter()
            .map(|d| {
                (
                    text[d.span.start..d.span.end].to_owned(),
                    d.game,
                    d.reading.is_ok(),
                )
            })
            .collect()
    }

    #[test]
    fn markdown_diagrams_are_found() {
        let text = "1. e4 *\n\n```fen\n8/8/8/8/8/8/8/K1k5 w - - 0 1\n```\n\nSee `8/8/8/8/8/8/8/K1k5 b - - 0 1` here.\n\n\
                    8/8/8/8/8/8/8/K1k5 w - - 0 1 is it.\n\nWhite: Ka1. Black: Kc1\n\nWhite: the king is safe.\n\n\
                    ```\n8/8/8/8/8/8/8 w\n```\n";
        let found = spans(Format::Markdown, text);
        let texts: Vec<&str> = found.iter().map(|f| f.0.as_str()).collect();
        assert_eq!(
            texts,
            [
                "8/8/8/8/8/8/8/K1k5 w - - 0 1",
                "8/8/8/8/8/8/8/K1k5 b - - 0 1",
                "8/8/8/8/8/8/8/K1k5 w - - 0 1",
                "White: Ka1. Black: Kc1",
            ],
            "{found:?}"
        );
        assert!(found.iter().all(|f| f.1 == Some(0) && f.2));
    }

    #[test]
    fn latex_boards_are_found() {
        let text = "\\newchessgame\n\\mainline{1. e4}\n\\chessboard[setfen=8/8/8/8/8/8/8/K1k5 w - - 0 1, showmover]\n\
                    \\newchessgame\n\\chessboard[setfen={8/8/8/8/8/8/8/K1k5 b - - 0 1}]\n% \\fenboard{x}\n\
                    \\newchessgame[setfen=8/8/8/8/8/8/8/K1k5 b - - 0 1]\\mainline{1... Kd1}\\fenboard{8/8/8 w}";
        let found = spans(Format::Latex, text);
        let texts: Vec<(&str, Option<usize>, bool)> =
            found.iter().map(|f| (f.0.as_str(), f.1, f.2)).collect();
        assert_eq!(
            texts,
            [
                ("8/8/8/8/8/8/8/K1k5 w - - 0 1", Some(0), true),
                ("8/8/8/8/8/8/8/K1k5 b - - 0 1", None, true),
                ("8/8/8/8/8/8/8/K1k5 b - - 0 1", Some(0), true),
                ("8/8/8 w", Some(0), false),
            ]
        );
    }
}
