//! A game written whole: tags, comments, NAGs and variations to any depth. As standard PGN
//! (English SAN, the commentary signs of the seed's table written as their NAGs), or in any
//! notation and language (the signs written as signs, ideas and signed variations as the seed
//! writes them); and the signs of the main line for the one-line writers.

use std::fmt::Write as _;

use shakmaty::{Chess, Color, Move, Position};

use crate::board::descriptive::Origins;
use crate::check::{CheckedGame, MoveState};
use crate::render::{self, Writer};
use crate::span::{Span, Spanned};
use crate::syntax::signs::{self, Place};
use crate::syntax::{Comment, Item, Line};

/// The game as standard PGN (English SAN), keeping tags, comments, NAGs and variations.
///
/// A sign about one side (`→`, with attack) becomes White's or Black's NAG by the side that
/// made the move it follows; a sign that introduces a variation's first move (`∩22. … О:d5`,
/// better is) follows that move, as PGN places every NAG; an idea (`(∆Дd5)`, with the idea
/// Qd5) becomes the NAG 140 after the move it annotates, with the idea's moves in a comment
/// (in PGN a variation replaces the move before it; an idea follows it). A glyph written
/// twice (`b5? $2`) is written once.
pub fn pgn(g: &CheckedGame, text: &str) -> String {
    whole(g, text, None, false)
}

/// The whole game written by `writer` (a notation, and a language's letters and customs): the
/// tag pairs, then the movetext with its comments, variations to any depth, the commentary
/// signs as the seed's table writes them (`Кf3 ±`, `О:d5!?`, `(∩22... О:d5)`), ideas as
/// `(∆Дd5)`, a NAG that no sign means as `$n`, and the result. It reads back as the same game.
pub fn tree(g: &CheckedGame, text: &str, writer: &Writer) -> String {
    whole(g, text, Some(writer), true)
}

/// The game as PGN in `writer`'s notation and language (`--to pgn --to-lang de`): PGN's tags,
/// NAGs as numbers and comments, the moves written by `writer`. Other programs read PGN in
/// English SAN only.
pub fn pgn_with(g: &CheckedGame, text: &str, writer: &Writer) -> String {
    whole(g, text, Some(writer), false)
}

/// The game whole: its moves written by `writer` (none: English SAN), its NAGs as signs
/// (`signs`) or as numbers.
fn whole(g: &CheckedGame, text: &str, writer: Option<&Writer>, signs: bool) -> String {
    let mut out = tags(g);
    let mut tokens: Vec<String> = Vec::new();
    if let Some(start) = &g.start {
        let origins = Origins::from_position(start);
        Tree {
            g,
            text,
            writer,
            signs,
        }
        .line(&g.syntax.root, (start.clone(), origins), &mut tokens);
    }
    if signs {
        novelty_before_squares(&mut tokens);
    }
    tokens.push(result_of(g));
    wrap(&mut out, tokens);
    out
}

/// The novelty sign `N` before a move that starts with a square (`N f4`) would read as a
/// knight move typed with a space: there it is written as its NAG, `$146`.
fn novelty_before_squares(tokens: &mut [String]) {
    for i in 1..tokens.len() {
        let next = tokens[i].trim_start_matches('(').as_bytes();
        let square = next.len() >= 2
            && matches!(next[0].to_ascii_lowercase(), b'a'..=b'h')
            && matches!(next[1], b'1'..=b'8');
        if square && tokens[i - 1] == "N" {
            tokens[i - 1] = "$146".to_owned();
        }
    }
}

/// Writes a game's lines as tokens: as PGN (`writer` none) or in a notation.
struct Tree<'a> {
    g: &'a CheckedGame,
    text: &'a str,
    writer: Option<&'a Writer>,
    /// NAGs written as signs (else as `$n`, as PGN writes them).
    signs: bool,
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

/// A NAG written in a notation: its sign where one means it after a move of `mover`, else
/// `$n`.
fn sign_text(nag: u16, mover: Color) -> String {
    signs::sign_of_nag(nag, mover).map_or_else(|| format!("${nag}"), |s| s.written().to_owned())
}

/// True for the NAGs of the move assessments (`!`, `?!`, `□`), glued to their move.
const fn glued(nag: u16) -> bool {
    nag >= 1 && nag <= 7
}

/// Where a line stands while it is written.
struct At {
    pos: Chess,
    origins: Origins,
    /// The position before the last move written (where a variation after it starts).
    before: Option<(Chess, Origins)>,
    /// The NAGs written after the last move (a glyph and its `$n` are written once).
    nags: Vec<u16>,
    need_number: bool,
}

impl Tree<'_> {
    fn src(&self, span: Span) -> &str {
        self.text.get(span.start..span.end).unwrap_or("")
    }

    fn line(&self, line: &Line, (pos, origins): (Chess, Origins), out: &mut Vec<String>) {
        let mut at = At {
            pos,
            origins,
            before: None,
            nags: Vec::new(),
            need_number: true,
        };
        // NAGs before the line's first move (a sign introducing a variation).
        let mut prefix: Vec<u16> = Vec::new();
        for item in &line.items {
            match item {
                Item::Move(tok) => {
                    let m = match self.g.state(tok.index) {
                        MoveState::Legal(m) => Some(m),
                        MoveState::Null => None,
                        MoveState::NotChecked | MoveState::Error | MoveState::Assumed(_) => break,
                    };
                    if self.signs {
                        out.extend(prefix.iter().map(|&n| sign_text(n, at.pos.turn())));
                    }
                    self.number(&at, out);
                    self.play(&mut at, m.as_ref(), out);
                    if !self.signs {
                        for n in prefix.drain(..) {
                            self.nag(&mut at, n, out);
                        }
                    }
                    prefix.clear();
                }
                Item::Comment(c) => {
                    out.push(self.comment(c));
                    at.need_number = true;
                }
                Item::Nag(n) => {
                    let value = nag_value(n, self.text, !at.pos.turn());
                    // `$0` is the null annotation: nothing to write.
                    match (value, &at.before) {
                        (0, _) => {}
                        (_, None) => prefix.push(value),
                        (_, Some(_)) => self.nag(&mut at, value, out),
                    }
                }
                Item::Variation(v) => self.variation(v, &mut at, out),
                Item::MoveNumber(_) | Item::Ellipsis(_) | Item::Result(_) | Item::Unknown(_) => {}
            }
        }
    }

    /// The move number before a move: White's always, Black's after an interruption.
    fn number(&self, at: &At, out: &mut Vec<String>) {
        let number = at.pos.fullmoves().get();
        if at.pos.turn() == Color::White {
            out.push(format!("{number}."));
        } else if at.need_number {
            out.push(format!("{number}..."));
        }
    }

    /// A move (`None`: a null move) written and played.
    fn play(&self, at: &mut At, m: Option<&Move>, out: &mut Vec<String>) {
        at.before = Some((at.pos.clone(), at.origins));
        at.nags.clear();
        match m {
            Some(m) => {
                out.push(self.write_move(&at.pos, &at.origins, m));
                at.origins.play(m);
                at.pos.play_unchecked(*m);
            }
            None => {
                out.push("--".into());
                at.pos = crate::board::resolve::play_null(&at.pos);
            }
        }
        at.need_number = false;
    }

    fn write_move(&self, pos: &Chess, origins: &Origins, m: &Move) -> String {
        match self.writer {
            None => render::san_plus(pos, m),
            Some(w) => w.write(pos, origins, m),
        }
    }

    /// A NAG after the last move: `$n` in PGN, the sign in a notation (a move assessment glued
    /// to its move); one already written after that move is not written again.
    fn nag(&self, at: &mut At, nag: u16, out: &mut Vec<String>) {
        if at.nags.contains(&nag) {
            return;
        }
        at.nags.push(nag);
        let mover = !at.pos.turn();
        match self.signs {
            false => out.push(format!("${nag}")),
            true => {
                let text = sign_text(nag, mover);
                match out.last_mut() {
                    Some(last) if glued(nag) && !text.starts_with('$') => last.push_str(&text),
                    _ => out.push(text),
                }
            }
        }
    }

    /// A variation after the last move: another move in its place, or an idea after it.
    fn variation(&self, v: &Line, at: &mut At, out: &mut Vec<String>) {
        let Some(before) = &at.before else { return };
        if let Some(nag) = v.idea() {
            match self.signs {
                false => {
                    self.nag(at, nag, out);
                    out.push(format!(
                        "{{{}}}",
                        self.idea(v, &at.pos, &at.origins).join(" ")
                    ));
                }
                true => {
                    let sign = sign_text(nag, !at.pos.turn());
                    let moves = self.idea(v, &at.pos, &at.origins).join(" ");
                    out.push(format!("({sign}{moves})"));
                }
            }
            at.need_number = true;
            return;
        }
        let mut inner = Vec::new();
        self.line(v, before.clone(), &mut inner);
        if !inner.is_empty() {
            inner[0] = format!("({}", inner[0]);
            let last = inner.len() - 1;
            inner[last].push(')');
            out.extend(inner);
            at.need_number = true;
        }
    }

    /// A comment as PGN writes it: in braces, on one line; an escape line (`%`) as one.
    fn comment(&self, c: &Comment) -> String {
        let raw = self.src(c.span);
        if !c.braced && raw.starts_with('%') {
            return raw.trim_end().to_owned();
        }
        let body = if c.braced {
            raw.trim_start_matches('{')
                .trim_end_matches('}')
                .replace(['{', '}'], "")
        } else {
            // A `;` comment may hold braces, which a braced comment cannot: they are written
            // as parentheses, so that the comment reads back as one.
            raw.trim_start_matches(';')
                .replace('{', "(")
                .replace('}', ")")
        };
        let body = body.split_whitespace().collect::<Vec<_>>().join(" ");
        format!("{{{body}}}")
    }

    /// The moves of an idea: written where the checker read them (after any reply of the
    /// opponent), else as written.
    fn idea(&self, v: &Line, after: &Chess, origins: &Origins) -> Vec<String> {
        let mut pos = crate::board::resolve::play_null(after);
        let mut origins = *origins;
        let mut words = Vec::new();
        for item in &v.items {
            if let Item::Move(tok) = item {
                match self.g.state(tok.index) {
                    MoveState::Legal(m) => {
                        words.push(self.write_move(&pos, &origins, &m));
                        origins.play(&m);
                        pos.play_unchecked(m);
                    }
                    _ => words.push(self.src(tok.span).to_owned()),
                }
            }
        }
        words
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
    let mut tokens = tokens.into_iter().peekable();
    while let Some(mut t) = tokens.next() {
        // An escape line stands alone on its line, from its first column.
        if t.starts_with('%') {
            if col > 0 {
                out.push('\n');
            }
            out.push_str(&t);
            out.push('\n');
            col = 0;
            continue;
        }
        // A move number stays on the line of its move.
        if is_number(&t)
            && let Some(next) = tokens.next_if(|n| !n.starts_with('%'))
        {
            t = format!("{t} {next}");
        }
        let width = t.chars().count();
        if col > 0 && col + 1 + width > 79 {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        col += width;
        out.push_str(&t);
    }
    out.push_str("\n\n");
}

/// True for a move number token (`12.`, `12...`, `(12.`).
fn is_number(t: &str) -> bool {
    let t = t.trim_start_matches('(');
    let digits = t.trim_end_matches('.');
    !digits.is_empty() && digits.len() < t.len() && digits.bytes().all(|b| b.is_ascii_digit())
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
        .or_else(|| ended(g))
        .unwrap_or_else(|| "*".to_owned())
}

/// The result of a main line that ends in mate or stalemate, read whole.
fn ended(g: &CheckedGame) -> Option<String> {
    if g.has_errors() {
        return None;
    }
    let mut pos = g.start.clone()?;
    for m in &g.mainline {
        match m {
            Some(m) => pos.play_unchecked(*m),
            None => pos = crate::board::resolve::play_null(&pos),
        }
    }
    if pos.is_checkmate() {
        Some(
            if pos.turn() == Color::White {
                "0-1"
            } else {
                "1-0"
            }
            .to_owned(),
        )
    } else if pos.is_stalemate() {
        Some("1/2-1/2".to_owned())
    } else {
        None
    }
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
