//! How a document writes things (castling, captures, promotions, check and mate signs),
//! counted over all its games and fragments, so that the consistency rules report the odd
//! ones out and the marker fixes write what the document writes.

use crate::diagnostic::text::short;
use crate::lint::document::{Document, Unit};
use crate::span::Span;
use crate::syntax::{CaptureMark, CheckMark, MoveBody, MoveToken};

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

/// Every token's way of writing `aspect`, in text order.
pub(crate) fn written(doc: &Document, aspect: Aspect) -> Vec<Written<'_>> {
    let mut out = Vec::new();
    for unit in &doc.units {
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

/// The configured style for an aspect, if any.
pub(crate) fn configured(doc: &Document, aspect: Aspect) -> Option<String> {
    let s = &doc.config.style;
    match aspect {
        Aspect::Castling => s.castling.clone(),
        Aspect::Capture => s.capture.clone(),
        Aspect::Promotion => s.promotion.clone(),
        Aspect::Check => s.check.clone(),
        Aspect::Mate => s.mate.clone(),
    }
}

/// The style the document should use: the configured one, else the one most tokens use
/// (the first seen on a tie).
pub(crate) fn preferred(doc: &Document, aspect: Aspect, items: &[Written<'_>]) -> Option<String> {
    if let Some(c) = configured(doc, aspect) {
        return Some(c);
    }
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for w in items {
        match counts.iter_mut().find(|(k, _)| *k == w.key) {
            Some((_, n)) => *n += 1,
            None => counts.push((&w.key, 1)),
        }
    }
    let best = counts.iter().map(|(_, n)| *n).max()?;
    counts
        .iter()
        .find(|(_, n)| *n == best)
        .map(|(k, _)| (*k).to_owned())
}

/// The check or mate sign to write in this document: the configured or most used one, else
/// the one of its notation and language.
pub(crate) fn mark(doc: &Document, aspect: Aspect) -> String {
    let items = written(doc, aspect);
    if let Some(p) = preferred(doc, aspect, &items) {
        return p;
    }
    let descriptive = doc.notation == "descriptive";
    let style = doc
        .registry
        .language(&doc.language)
        .map(|l| crate::render::Style::of(&l, false))
        .unwrap_or_else(crate::render::Style::english);
    match aspect {
        Aspect::Check if descriptive => "ch".into(),
        Aspect::Mate if descriptive => "mate".into(),
        Aspect::Mate if doc.notation == "descriptive_es" => "++".into(),
        Aspect::Check => style.check,
        Aspect::Mate => style.mate,
        Aspect::Capture => {
            if style.capture.is_empty() || style.trailing_capture {
                "x".into()
            } else {
                style.capture
            }
        }
        Aspect::Castling => if style.castle_zero { "0-0" } else { "O-O" }.into(),
        Aspect::Promotion => "=Q".into(),
    }
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

/// Reports every token that writes `aspect` otherwise than the document (or its
/// configuration) prefers, with a safe fix that writes it the preferred way.
pub(crate) fn report_inconsistent(
    doc: &Document,
    rule: &'static crate::lint::rule::RuleInfo,
    aspect: Aspect,
    what: &str,
    out: &mut Vec<crate::lint::diag::LintDiagnostic>,
) {
    use crate::diagnostic::Severity;
    use crate::lint::diag::{Applicability, LintDiagnostic};
    let items = written(doc, aspect);
    let Some(pref) = preferred(doc, aspect, &items) else {
        return;
    };
    let configured = configured(doc, aspect).is_some();
    let first = items.iter().find(|w| w.key == pref).map(|w| w.span);
    let count = |k: &str| items.iter().filter(|w| w.key == k).count();
    for w in items.iter().filter(|w| w.key != pref) {
        let text = w.unit.src(w.tok.span);
        let new_part = match aspect {
            Aspect::Castling => {
                let c = pref.chars().next().unwrap_or('O');
                w.unit
                    .src(w.span)
                    .chars()
                    .map(|x| if matches!(x, 'O' | 'o' | '0') { c } else { x })
                    .collect()
            }
            Aspect::Promotion => match w.piece {
                Some(p) => promotion_text(&pref, p),
                None => continue,
            },
            Aspect::Capture => pref.clone(),
            Aspect::Check | Aspect::Mate => {
                let spaced = w.span.start > w.tok.span.start
                    && w.unit.text.as_bytes().get(w.span.start - 1) == Some(&b' ');
                if spaced {
                    pref.clone()
                } else {
                    append_mark(&pref)
                }
            }
        };
        let fix = edited(text, w.tok.span, w.span, &new_part)
            .filter(|fixed| doc.same_move(w.unit, w.tok, fixed))
            .and_then(|fixed| {
                doc.replace(
                    Some(w.unit),
                    w.tok.span,
                    &fixed,
                    Applicability::Safe,
                    format!("write `{fixed}`"),
                )
            });
        let help = if configured {
            format!("scoresheet.toml asks for {what} `{pref}`")
        } else {
            format!(
                "{} {} `{pref}`, {} `{}`: write one way throughout",
                count(&pref),
                if count(&pref) == 1 {
                    "move writes"
                } else {
                    "moves write"
                },
                count(&w.key),
                w.key
            )
        };
        let mut d = LintDiagnostic::new(
            rule,
            Severity::Warning,
            format!(
                "`{}` writes {what} `{}`; the document writes `{pref}`",
                short(text),
                w.key
            ),
            w.span,
        )
        .label(format!("`{}`", w.key))
        .help(help)
        .fix(fix)
        .at_move(
            w.unit.game.number,
            w.unit
                .placed(w.tok)
                .map(|p| crate::lint::document::abs_ply(&p.before) + 1),
        );
        if let (Some(f), false) = (first, configured) {
            d = d.with_secondary(f, format!("`{pref}` as here"));
        }
        out.push(d);
    }
}
