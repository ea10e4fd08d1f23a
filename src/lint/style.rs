//! How a document writes things (castling, captures, promotions, check and mate signs),
//! counted over all its games and fragments, so that the consistency rules report the odd
//! ones out and the marker fixes write what the document writes.

use crate::lint::document::Unit;
use crate::span::Span;
use crate::syntax::walker::written_form;
use crate::syntax::{CaptureMark, CheckMark, Item, Line, MoveBody, MoveToken};

/// One aspect of writing a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Aspect {
    /// `O-O` or `0-0`.
    Castling,
    /// `x`, `:` or `×`.
    Capture,
    /// `=Q`, `Q`, `(Q)`, `/Q`.
    Promotion,
    /// `+`, `†`, `ch`.
    Check,
    /// `#`, `‡`, `X`, `mate`.
    Mate,
}

impl Aspect {
    /// Every aspect.
    pub(crate) const ALL: [Aspect; 5] = [
        Aspect::Castling,
        Aspect::Capture,
        Aspect::Promotion,
        Aspect::Check,
        Aspect::Mate,
    ];
}

/// One move token's way of writing an aspect.
#[derive(Clone, Debug)]
pub(crate) struct Written<'a> {
    /// The unit.
    pub unit: &'a Unit,
    /// The token.
    pub tok: &'a MoveToken,
    /// The style (`O-O`, `x`, `=Q`, `+`…), with `Q` standing for any promotion piece.
    pub key: String,
    /// The bytes that write it.
    pub span: Span,
    /// The promotion piece as written.
    pub piece: Option<char>,
}

/// The part of a castling token that is `O-O` / `0-0-0`.
fn castling_part(text: &str) -> Option<(usize, String)> {
    let len: usize = text
        .chars()
        .take_while(|c| matches!(c, 'O' | '0' | 'o' | '-' | '–'))
        .map(char::len_utf8)
        .sum();
    let first = text.chars().next()?;
    let key = match first {
        'O' => "O-O",
        '0' => "0-0",
        'o' => "o-o",
        _ => return None,
    };
    (len >= 3).then(|| (len, key.to_owned()))
}

/// The promotion as written after the target square: (offset in the token, length, style,
/// piece).
fn promotion_part(text: &str, square: &str) -> Option<(usize, usize, &'static str, char)> {
    let at = text.rfind(square)? + square.len();
    let rest = &text[at..];
    let mut chars = rest.chars();
    let first = chars.next()?;
    let (style, piece, len) = match first {
        '=' => {
            let p = chars.next()?;
            ("=Q", p, 1 + p.len_utf8())
        }
        '/' => {
            let p = chars.next()?;
            ("/Q", p, 1 + p.len_utf8())
        }
        '(' => {
            let p = chars.next()?;
            if chars.next()? != ')' {
                return None;
            }
            ("(Q)", p, 2 + p.len_utf8())
        }
        p => ("Q", p, p.len_utf8()),
    };
    // UCI's lowercase `q` is another notation, not a style.
    (piece.is_alphabetic() && !piece.is_lowercase() || ('♔'..='♟').contains(&piece))
        .then_some((at, len, style, piece))
}

/// Writes a promotion piece in a style.
pub(crate) fn promotion_text(style: &str, piece: char) -> String {
    match style {
        "=Q" => format!("={piece}"),
        "/Q" => format!("/{piece}"),
        "(Q)" => format!("({piece})"),
        _ => piece.to_string(),
    }
}

/// Every token's way of writing `aspect` in these units, in text order.
pub(crate) fn written(units: &[Unit], aspect: Aspect) -> Vec<Written<'_>> {
    let mut out = Vec::new();
    for unit in units {
        for tok in unit.tokens() {
            let text = unit.src(tok.span);
            let w = |key: String, span: Span, piece: Option<char>| Written {
                unit,
                tok,
                key,
                span,
                piece,
            };
            match aspect {
                Aspect::Castling => {
                    if matches!(tok.body, MoveBody::Castle(_))
                        && let Some((len, key)) = castling_part(text)
                    {
                        out.push(w(
                            key,
                            Span::new(tok.span.start, tok.span.start + len),
                            None,
                        ));
                    }
                }
                Aspect::Capture => {
                    if let Some(c) = tok.capture()
                        && c.value != CaptureMark::TrailingColon
                    {
                        out.push(w(unit.src(c.span).to_owned(), c.span, None));
                    }
                }
                Aspect::Promotion => {
                    if let MoveBody::Normal(n) = tok.body
                        && n.promotion.is_some()
                        && let Some(to) = n.to
                        && let Some((at, len, style, piece)) = promotion_part(text, &to.to_string())
                    {
                        let start = tok.span.start + at;
                        out.push(w(
                            style.to_owned(),
                            Span::new(start, start + len),
                            Some(piece),
                        ));
                    }
                }
                Aspect::Check | Aspect::Mate => {
                    if let Some(c) = tok.check() {
                        let wanted = if aspect == Aspect::Check {
                            CheckMark::Check
                        } else {
                            CheckMark::Mate
                        };
                        if c.value == wanted {
                            out.push(w(unit.src(c.span).trim().to_owned(), c.span, None));
                        }
                    }
                }
            }
        }
    }
    out
}

/// A check or mate sign as appended to a token (words after a space).
pub(crate) fn append_mark(mark: &str) -> String {
    if mark.chars().next().is_some_and(char::is_alphabetic) && mark != "X" {
        format!(" {mark}")
    } else {
        mark.to_owned()
    }
}

/// The text of `token` (at `span`) with `edit` (a span inside it) replaced.
pub(crate) fn edited(token: &str, span: Span, edit: Span, new: &str) -> Option<String> {
    let a = edit.start.checked_sub(span.start)?;
    let b = edit.end.checked_sub(span.start)?;
    if b > token.len() || !token.is_char_boundary(a) || !token.is_char_boundary(b) {
        return None;
    }
    Some(format!("{}{}{}", &token[..a], new, &token[b..]))
}

/// What the whole document writes, counted unit by unit as it is read (a few numbers per way
/// of writing, not the units): the consistency rules and the marks of the fixes follow it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Shared {
    /// Per aspect: each way of writing it, in the order first seen, with how many tokens
    /// write it and the first that does.
    styles: [Vec<(String, usize, Span)>; 5],
    /// Move numbers followed by white space (`12. e4`), and not (`12.e4`).
    spaced: usize,
    tight: usize,
    /// Per form of algebraic (short, long): the games in the document's own language and
    /// notation that write more moves in it than in the other form, in order, each with its
    /// number and its first move in that form.
    pub forms: [Vec<(usize, Span)>; 2],
    /// Moves in short and in long algebraic in those games (all of them).
    pub form_totals: [usize; 2],
}

impl Shared {
    /// Counts the ways of writing of these units (read in the document's order).
    pub(crate) fn add(&mut self, units: &[Unit]) {
        for aspect in Aspect::ALL {
            let counts = &mut self.styles[aspect as usize];
            for w in written(units, aspect) {
                match counts.iter_mut().find(|(k, _, _)| *k == w.key) {
                    Some((_, n, _)) => *n += 1,
                    None => counts.push((w.key, 1, w.span)),
                }
            }
        }
        for u in units {
            self.count_spacing(u, &u.game.syntax.root);
        }
    }

    fn count_spacing(&mut self, u: &Unit, line: &Line) {
        for item in line.items() {
            if let Item::MoveNumber(n) = item {
                match u.text.as_bytes().get(n.span.end) {
                    Some(b' ' | b'\t' | b'\n' | b'\r') => self.spaced += 1,
                    Some(_) => self.tight += 1,
                    None => {}
                }
            }
        }
    }

    /// Counts the forms of algebraic of a game read in the document's language and notation.
    pub(crate) fn add_forms(&mut self, u: &Unit) {
        let mut first = [None; 2];
        let mut count = [0usize; 2];
        for tok in u.tokens() {
            if let Some(form) = written_form(tok, u.src(tok.span)) {
                count[form as usize] += 1;
                first[form as usize].get_or_insert(tok.span);
            }
        }
        self.form_totals[0] += count[0];
        self.form_totals[1] += count[1];
        // A game with as many of each is never reported (see `mixed-notation`).
        let most = usize::from(count[1] > count[0]);
        if count[0] != count[1]
            && let Some(span) = first[most]
        {
            self.forms[most].push((u.game.number, span));
        }
    }

    /// The way of writing an aspect most tokens use (the first seen on a tie).
    pub(crate) fn most_used(&self, aspect: Aspect) -> Option<&str> {
        let counts = &self.styles[aspect as usize];
        let best = counts.iter().map(|c| c.1).max()?;
        counts.iter().find(|c| c.1 == best).map(|c| c.0.as_str())
    }

    /// How many tokens write an aspect this way.
    pub(crate) fn count(&self, aspect: Aspect, key: &str) -> usize {
        self.styles[aspect as usize]
            .iter()
            .find(|c| c.0 == key)
            .map_or(0, |c| c.1)
    }

    /// The first token that writes an aspect this way.
    pub(crate) fn first(&self, aspect: Aspect, key: &str) -> Option<Span> {
        self.styles[aspect as usize]
            .iter()
            .find(|c| c.0 == key)
            .map(|c| c.2)
    }

    /// What follows a move number: a space, unless most numbers of the document have none.
    pub(crate) fn gap(&self) -> &'static str {
        if self.tight > self.spaced { "" } else { " " }
    }
}
