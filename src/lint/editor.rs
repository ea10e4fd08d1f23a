//! What an editor (the language server) asks of a manuscript: its sections, which lint reads
//! apart, so that an edit lints again only the section it falls in ([`sections`]); how the
//! whole is read ([`reading`]); and the move token at a place, on the board ([`spot`]).

use std::borrow::Cow;

use shakmaty::{Chess, Move, Position};

use crate::board::Origins;
use crate::check::CheckError;
use crate::lint::config::Config;
use crate::lint::document::{Document, ReadOptions, Unit};
use crate::read::source::{Format, extract};
use crate::render::Writer;
use crate::span::Span;
use crate::syntax::{Item, Line};

/// The sections of a manuscript that can be linted apart: the first runs from the start of
/// the text, each next one from the paragraph where a game starts (from a LaTeX
/// `\newchessgame` before it, when there is one), each up to the next one; together they
/// cover the text. A game and the prose after it (whose move fragments are read against it)
/// are in one section. A cut is made only where the section on either side, taken alone,
/// holds the same games as the whole text does (the same start, the same starting position);
/// otherwise the two sections are one.
///
/// What only the whole text can tell is not in the sections' findings: the notation and
/// language are the whole's ([`reading`]; give them when linting a section), and the style
/// rules that count how the whole text writes (SC201–SC205) see one section.
///
/// ```
/// use scoresheet::lint::Format;
/// use scoresheet::lint::editor::sections;
///
/// let text = "Intro.\n\n```pgn\n1. e4 e5 *\n```\n\nAfter 1...e5 we go on.\n\n```pgn\n1. d4 *\n```\n";
/// let s = sections(Format::Markdown, text);
/// assert_eq!(s.len(), 2);
/// assert!(text[s[1].start..].starts_with("```pgn\n1. d4"));
/// assert_eq!((s[0].start, s[1].end), (0, text.len()));
/// ```
pub fn sections(format: Format, text: &str) -> Vec<Span> {
    let whole = extract(format, text);
    let mut cuts = vec![0];
    let mut prev_end = 0;
    for (i, g) in whole.games.iter().enumerate() {
        if i > 0
            && let Some(cut) = cut_before(format, text, prev_end, g.start)
            && cut > *cuts.last().unwrap_or(&0)
        {
            cuts.push(cut);
        }
        // A game's span may take in the blank lines after it.
        let end = g.start + text.get(g.start..g.end).map_or(0, |t| t.trim_end().len());
        prev_end = prev_end.max(end);
    }
    cuts.push(text.len());
    let mut out: Vec<Span> = Vec::with_capacity(cuts.len());
    for w in cuts.windows(2) {
        let span = Span::new(w[0], w[1]);
        match out.last_mut() {
            Some(last) if !reads_alone(format, text, &whole, *last) => last.end = span.end,
            _ => out.push(span),
        }
    }
    // The last one is checked too (the whole text reads as itself).
    while out.len() > 1 && !reads_alone(format, text, &whole, out[out.len() - 1]) {
        let last = out.pop().map_or(text.len(), |s| s.end);
        if let Some(prev) = out.last_mut() {
            prev.end = last;
        }
    }
    out
}

/// Where a section can start before the game at `start`: the start of its paragraph (the
/// first line after the last blank line after `from`, the end of the game before), or of the
/// line of the last LaTeX `\newchessgame` before it, if earlier. `None` when no blank line
/// parts the game from what is before it.
fn cut_before(format: Format, text: &str, from: usize, start: usize) -> Option<usize> {
    // From the start of the line where the game before ends: that line is not blank.
    let first_line = text.get(..from)?.rfind('\n').map_or(0, |i| i + 1);
    let lines = text.get(first_line..start)?;
    let mut cut = None;
    let mut at = first_line;
    let mut blank_before = false;
    for line in lines.split_inclusive('\n') {
        let blank = line.trim().is_empty() && line.ends_with('\n') && at >= from;
        if blank_before && !blank {
            cut = Some(at);
        }
        blank_before = blank;
        at += line.len();
    }
    if blank_before {
        // A blank line just before the game's own line.
        cut = Some(text[..start].rfind('\n').map_or(0, |i| i + 1).max(from));
    }
    if format == Format::Latex
        && let Some(i) = text[from..start].rfind("\\newchessgame")
    {
        let line = text[..from + i].rfind('\n').map_or(0, |n| n + 1).max(from);
        cut = Some(cut.map_or(line, |c: usize| c.min(line)));
    }
    cut
}

/// Does the section hold, read alone, the games the whole text has in it (same starts and
/// ends, same starting positions)?
fn reads_alone(
    format: Format,
    text: &str,
    whole: &crate::read::source::Extracted,
    span: Span,
) -> bool {
    let alone = extract(format, &text[span.start..span.end]);
    // The whole's games that start in the section (the games are in text order).
    let first = whole.games.partition_point(|g| g.start < span.start);
    let end = whole.games.partition_point(|g| g.start < span.end);
    let inside = first..end;
    inside.len() == alone.games.len()
        && inside
            .zip(alone.games.iter().zip(&alone.fens))
            .all(|(i, (a, af))| {
                let g = whole.games[i];
                g.start == a.start + span.start
                    && g.end == a.end + span.start
                    && whole.fens[i] == *af
            })
}

/// How a manuscript is read as a whole: its format, notation and language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The format (by the options, the configuration, the extension, the content).
    pub format: Format,
    /// The notation found or given.
    pub notation: &'static str,
    /// The language found or given.
    pub language: Cow<'static, str>,
}

/// Finds how a manuscript is read (as [`crate::lint::lint_bytes`] finds it), without checking
/// its games.
///
/// # Errors
/// When the options name a notation or language that has no grammar.
pub fn reading(
    path: &str,
    bytes: &[u8],
    options: &ReadOptions,
    config: Config,
) -> Result<Reading, CheckError> {
    let (doc, _) = Document::open(path, bytes, options, config)?;
    Ok(Reading {
        format: doc.format,
        notation: doc.notation,
        language: doc.language,
    })
}

/// A move token placed on the board.
#[derive(Clone, Debug)]
pub struct MoveAt {
    /// The token.
    pub span: Span,
    /// The position before it.
    pub before: Chess,
    /// Where each piece of `before` started (for descriptive notation).
    pub origins: Origins,
    /// The move (`None`: a null move).
    pub m: Option<Move>,
    /// The half-moves played before it, counted from the standard start.
    pub ply: Option<u32>,
}

/// What stands at a place of a manuscript.
#[derive(Clone, Debug, Default)]
pub struct Spot {
    /// The move token whose span holds the place (or ends at it), when it was placed on the
    /// board.
    pub token: Option<MoveAt>,
    /// The position a move written at the place is played in (after the move before it on
    /// the same line; a variation's first move replaces the move before the variation), with
    /// its origins, when the moves before it were read.
    pub position: Option<(Chess, Origins)>,
    /// The writer of the notation and language of the game or fragment there.
    pub writer: Option<Writer>,
}

/// What stands at byte `at` of a manuscript: the move token there and the position a move
/// written there is played in. Reads the whole text given (give it a section: see
/// [`sections`]).
///
/// # Errors
/// When the options name a notation or language that has no grammar.
///
/// ```
/// use scoresheet::lint::config::Config;
/// use scoresheet::lint::editor::spot;
/// use shakmaty::Position;
///
/// let text = "1. e4 e5 2. Sf3 Sc6 3. ";
/// let s = spot("g.txt", text, &Default::default(), Config::default(), 13).unwrap();
/// let t = s.token.unwrap();
/// assert_eq!(&text[t.span.start..t.span.end], "Sf3");
/// let s = spot("g.txt", text, &Default::default(), Config::default(), text.len()).unwrap();
/// assert_eq!(s.position.unwrap().0.fullmoves().get(), 3);
/// ```
pub fn spot(
    path: &str,
    text: &str,
    options: &ReadOptions,
    config: Config,
    at: usize,
) -> Result<Spot, CheckError> {
    let (mut doc, mut src) = Document::open(path, text.as_bytes(), options, config)?;
    let mut best: Option<Unit> = None;
    while let Some(mut group) = src.next_group() {
        for u in src.read(&mut doc, &mut group) {
            let span = u.game.syntax.span;
            let holds = span.start <= at
                && (at <= span.end || text.get(span.end..at).is_some_and(|t| t.trim().is_empty()));
            let smaller = best
                .as_ref()
                .is_none_or(|b| b.game.syntax.span.len() >= span.len());
            if holds && smaller {
                best = Some(u);
            }
        }
    }
    let Some(unit) = best else {
        return Ok(Spot::default());
    };
    let token = unit
        .tokens()
        .into_iter()
        .find(|t| t.span.start <= at && at <= t.span.end)
        .and_then(|t| {
            let p = unit.placed(t)?;
            Some(MoveAt {
                span: t.span,
                before: p.before,
                origins: p.origins,
                m: p.m,
                ply: unit.ply(t),
            })
        });
    let parser = &unit.parser;
    Ok(Spot {
        token,
        position: position_at(&unit, at),
        writer: Some(Writer::for_notation(
            parser.notation,
            parser.language.as_deref(),
        )),
    })
}

/// The last move token of a line (not of its variations) that ends at or before `upto`.
fn last_move(line: &Line, upto: usize) -> Option<&crate::syntax::MoveToken> {
    line.items.iter().rev().find_map(|i| match i {
        Item::Move(t) if t.span.end <= upto => Some(t),
        _ => None,
    })
}

/// The position a move written at `at` of the unit is played in.
fn position_at(unit: &Unit, at: usize) -> Option<(Chess, Origins)> {
    let root = &unit.game.syntax.root;
    let holds = |l: &Line| l.span.start < at && at <= l.span.end;
    // The innermost variation holding `at` (the last to open of those holding it), else the
    // main line.
    let line = root
        .lines()
        .skip(1)
        .filter(|l| holds(l))
        .last()
        .unwrap_or(root);
    if let Some(t) = last_move(line, at) {
        let p = unit.placed(t)?;
        let m = p.m?;
        let mut origins = p.origins;
        origins.play(&m);
        return Some((p.before.play(m).ok()?, origins));
    }
    if std::ptr::eq(line, root) {
        let start = unit.game.start.clone()?;
        let origins = Origins::from_position(&start);
        return Some((start, origins));
    }
    // A variation's first move: played instead of the move before the variation.
    let parent = root.lines().find(|l| {
        l.items
            .iter()
            .any(|i| matches!(i, Item::Variation(v) if std::ptr::eq(v, line)))
    })?;
    let t = last_move(parent, line.span.start)?;
    let p = unit.placed(t)?;
    Some((p.before, p.origins))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_of_pgn_cut_between_games() {
        let text = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n";
        let s = sections(Format::Pgn, text);
        assert_eq!(s.len(), 2, "{s:?}");
        assert!(text[s[1].start..].starts_with("[Event \"b\"]"));
        assert_eq!(s[0].end, s[1].start);
    }

    #[test]
    fn latex_section_starts_at_newchessgame() {
        let text = "\\newchessgame\n\\mainline{1. e4 e5}\n\nText.\n\n\\newchessgame[setfen=8/8/8/8/8/8/8/K6k w - - 0 1]\n\n\\mainline{1. Kb1}\n";
        let s = sections(Format::Latex, text);
        assert_eq!(s.len(), 2, "{s:?}");
        assert!(text[s[1].start..].starts_with("\\newchessgame[setfen"));
    }

    /// The position a move typed at the end of `text` is played in.
    fn position_at_end(text: &str) -> Chess {
        let s = spot(
            "g.pgn",
            text,
            &ReadOptions::default(),
            Config::default(),
            text.len(),
        )
        .expect("reads");
        s.position.expect("a position").0
    }

    #[test]
    fn position_in_a_variation_replaces_the_move_before_it() {
        // After 2. Bc4: Black to move, the bishop on c4.
        let pos = position_at_end("1. e4 e5 2. Nf3 (2. Bc4 ");
        assert_eq!(pos.turn(), shakmaty::Color::Black);
        assert!(pos.board().piece_at(shakmaty::Square::C4).is_some());
        // The variation's first move replaces 2. Nf3: White to move, the knight still home.
        let pos = position_at_end("1. e4 e5 2. Nf3 (");
        assert_eq!(pos.turn(), shakmaty::Color::White);
        assert!(pos.board().piece_at(shakmaty::Square::G1).is_some());
    }
}
