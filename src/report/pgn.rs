//! The game as standard PGN (English SAN): tags, comments, NAGs and variations to any depth,
//! the commentary signs of the seed's table written as their NAGs; and the signs of the main
//! line for the one-line writers, written back as signs.

use std::fmt::Write as _;

use shakmaty::{Chess, Color, Position};

use crate::check::{CheckedGame, MoveState};
use crate::render;
use crate::span::Spanned;
use crate::syntax::signs::{self, Place};
use crate::syntax::{Item, Line};

/// The game as standard PGN (English SAN), keeping tags, comments, NAGs and variations.
///
/// A sign about one side (`→`, with attack) becomes White's or Black's NAG by the side that
/// made the move it follows; a sign that introduces a variation's first move (`∩22. … О:d5`,
/// better is) follows that move, as PGN places every NAG; an idea (`(∆Дd5)`, with the idea
/// Qd5) becomes the NAG 140 after the move it annotates, with the idea's moves in a comment
/// (in PGN a variation replaces the move before it; an idea follows it).
pub fn pgn(g: &CheckedGame, text: &str) -> String {
    let mut out = tags(g);
    let mut tokens: Vec<String> = Vec::new();
    if let Some(start) = &g.start {
        Tree { g, text }.line(&g.syntax.root, start.clone(), &mut tokens);
    }
    tokens.push(result_of(g));
    wrap(&mut out, tokens);
    out
}

/// Writes a game's lines as PGN tokens.
struct Tree<'a> {
    g: &'a CheckedGame,
    text: &'a str,
}

/// The NAG of an annotation item after a move of `mover`: a `$n` as written, a sign by its
/// table (the side it means), or the value read for it (a look-alike of a sign).
fn nag_value(n: &Spanned<u16>, text: &str, mover: Color) -> u16 {
    let raw = text.get(n.span.start..n.span.end).unwrap_or("");
    match signs::nag_of(raw, mover) {
        0 => n.value,
        v => v,
    }
}

impl Tree<'_> {
    fn src(&self, span: crate::span::Span) -> &str {
        self.text.get(span.start..span.end).unwrap_or("")
    }

    fn line(&self, line: &Line, start: Chess, out: &mut Vec<String>) {
        let mut pos = start;
        let mut before: Option<Chess> = None;
        let mut need_number = true;
        // NAGs written before the line's first move (a sign introducing a variation).
        let mut prefix: Vec<u16> = Vec::new();
        for item in &line.items {
            match item {
                Item::Move(tok) => {
                    let m = match self.g.state(tok.index) {
                        MoveState::Legal(m) => Some(m),
                        MoveState::Null => None,
                        MoveState::NotChecked | MoveState::Error | MoveState::Assumed(_) => break,
                    };
                    let number = pos.fullmoves().get();
                    if pos.turn() == Color::White {
                        out.push(format!("{number}."));
                    } else if need_number {
                        out.push(format!("{number}..."));
                    }
                    before = Some(pos.clone());
                    match m {
                        Some(m) => {
                            out.push(render::san_plus(&pos, &m));
                            pos.play_unchecked(m);
                        }
                        None => {
                            out.push("--".into());
                            pos = crate::board::resolve::play_null(&pos);
                        }
                    }
                    out.extend(prefix.drain(..).map(|n| format!("${n}")));
                    need_number = false;
                }
                Item::Comment(c) => {
                    out.push(self.comment(c));
                    need_number = true;
                }
                Item::Nag(n) => {
                    let value = nag_value(n, self.text, !pos.turn());
                    if value == 0 {
                    } else if before.is_none() {
                        prefix.push(value);
                    } else {
                        out.push(format!("${value}"));
                    }
                }
                Item::Variation(v) => {
                    if let Some(nag) = v.idea() {
                        if before.is_some() {
                            out.push(format!("${nag}"));
                            out.push(self.idea(v, &pos));
                            need_number = true;
                        }
                    } else if let Some(b) = &before {
                        let mut inner = Vec::new();
                        self.line(v, b.clone(), &mut inner);
                        if !inner.is_empty() {
                            inner[0] = format!("({}", inner[0]);
                            let last = inner.len() - 1;
                            inner[last].push(')');
                            out.extend(inner);
                            need_number = true;
                        }
                    }
                }
                Item::MoveNumber(_) | Item::Ellipsis(_) | Item::Result(_) | Item::Unknown(_) => {}
            }
        }
    }

    /// A comment as PGN writes it: in braces, on one line.
    fn comment(&self, c: &crate::syntax::Comment) -> String {
        let raw = self.src(c.span);
        let body = if c.braced {
            raw.trim_start_matches('{')
                .trim_end_matches('}')
                .replace(['{', '}'], "")
        } else {
            // A `;` or `%` comment may hold braces, which a braced comment cannot: they are
            // written as parentheses, so that the comment reads back as one.
            raw.trim_start_matches([';', '%'])
                .replace('{', "(")
                .replace('}', ")")
        };
        let body = body.split_whitespace().collect::<Vec<_>>().join(" ");
        format!("{{{body}}}")
    }

    /// The moves of an idea, in a comment: in SAN where the checker read them (after any
    /// reply of the opponent), else as written.
    fn idea(&self, v: &Line, after: &Chess) -> String {
        let mut pos = crate::board::resolve::play_null(after);
        let mut words = Vec::new();
        for item in &v.items {
            if let Item::Move(tok) = item {
                match self.g.state(tok.index) {
                    MoveState::Legal(m) => {
                        words.push(render::san_plus(&pos, &m));
                        pos.play_unchecked(m);
                    }
                    _ => words.push(self.src(tok.span).to_owned()),
                }
            }
        }
        format!("{{{}}}", words.join(" "))
    }
}

/// The commentary signs after each move of the main line (as many lists as moves in
/// `g.mainline`), written as signs where a sign means the NAG after that move, else as `$n`;
/// a move assessment (`!`, `?!`, `□`) first and glued to the move, the others after a space.
pub fn signs_after(g: &CheckedGame, text: &str) -> Vec<String> {
    let mut out: Vec<String> = vec![String::new(); g.mainline.len()];
    let Some(start) = &g.start else {
        return out;
    };
    let mut mover = start.turn();
    let mut at: Option<usize> = None;
    let mut next = 0;
    for item in &g.syntax.root.items {
        match item {
            Item::Move(tok) => match g.state(tok.index) {
                MoveState::Legal(_) | MoveState::Null if next < out.len() => {
                    at = Some(next);
                    mover = if next % 2 == 0 {
                        start.turn()
                    } else {
                        !start.turn()
                    };
                    next += 1;
                }
                _ => break,
            },
            Item::Nag(n) => {
                let Some(i) = at else { continue };
                let value = nag_value(n, text, mover);
                if value == 0 {
                    continue;
                }
                let s = &mut out[i];
                match signs::sign_of_nag(value, mover) {
                    Some(sign) if value <= 7 && sign.place == Place::After => {
                        s.push_str(sign.written())
                    }
                    Some(sign) => {
                        let _ = write!(s, " {}", sign.written());
                    }
                    None => {
                        let _ = write!(s, " ${value}");
                    }
                }
            }
            Item::Variation(_) | Item::Comment(_) | Item::MoveNumber(_) | Item::Ellipsis(_) => {}
            Item::Result(_) | Item::Unknown(_) => {}
        }
    }
    out
}

/// The tag pairs of a game: the seven-tag roster first, then the others.
pub(super) fn tags(g: &CheckedGame) -> String {
    let mut out = String::new();
    let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    let result = result_of(g);
    for name in roster {
        let value = if name == "Result" {
            result.clone()
        } else {
            g.syntax
                .tag(name)
                .map(|t| t.value.to_string())
                .unwrap_or_else(|| "?".into())
        };
        let _ = writeln!(out, "[{name} \"{}\"]", escape(&value));
    }
    for t in &g.syntax.tags {
        if !roster.contains(&&*t.name) {
            let _ = writeln!(out, "[{} \"{}\"]", t.name, escape(&t.value));
        }
    }
    out.push('\n');
    out
}

/// Movetext tokens wrapped at 79 columns, then a blank line.
pub(super) fn wrap(out: &mut String, tokens: Vec<String>) {
    let mut col = 0;
    for t in tokens {
        if col > 0 && col + 1 + t.chars().count() > 79 {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        col += t.chars().count();
        out.push_str(&t);
    }
    out.push_str("\n\n");
}

pub(super) fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

pub(super) fn result_of(g: &CheckedGame) -> String {
    let token = find_result(&g.syntax.root);
    token
        .map(|o| {
            // `Resigns`: the side to move after the main line resigns.
            let turn = g.start.as_ref().map(|p| p.turn());
            match turn {
                Some(t) if g.mainline.len() % 2 == 1 => o.decided(!t),
                Some(t) => o.decided(t),
                None => o,
            }
            .pgn()
            .to_owned()
        })
        // The tag's value only when it is a result (`½-½` written `1/2-1/2`): anything else
        // would end the movetext with a token that reads as no result.
        .or_else(|| {
            g.syntax
                .tag("Result")
                .and_then(|t| crate::syntax::Outcome::from_tag(&t.value))
                .map(|o| o.pgn().to_owned())
        })
        .unwrap_or_else(|| "*".to_owned())
}

fn find_result(line: &Line) -> Option<crate::syntax::Outcome> {
    line.items.iter().rev().find_map(|i| {
        if let Item::Result(r) = i {
            Some(r.value)
        } else {
            None
        }
    })
}
