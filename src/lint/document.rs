//! A manuscript read for linting: its games and move fragments, each checked by the checker,
//! with every move token placed on the board.

use std::sync::Arc;

use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

use crate::check::detect::detect;
use crate::check::{CheckError, CheckedGame, MoveState, check_game};
use crate::diagnostic::{Code, Diagnostic, Problem, Severity};
use crate::lint::config::Config;
use crate::lint::diag::{Applicability, Edit, Fix};
use crate::lint::source::{Extracted, Format, extract};
use crate::read::decode::{Encoding, decode};
use crate::span::Span;
use crate::syntax::grammar::ParserEntry;
use crate::syntax::walker::MAX_DEPTH;
use crate::syntax::{Item, Line, MoveBody, MoveToken, Tag};

/// Games detected one by one to find the language most of the document is in.
const MAJORITY_GAMES: usize = 32;

/// A game, or a move fragment of the prose checked against a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitKind {
    /// A game (a PGN game, a fenced block, movetext paragraphs, a LaTeX game).
    Game,
    /// Moves in the prose (`after 12...Bxg3 13.fxg3`) or in a LaTeX `\variation{…}`.
    Fragment,
}

/// A move token placed on the board.
#[derive(Clone, Debug)]
pub struct Placed {
    /// The position before it.
    pub before: Chess,
    /// The move (`None`: a null move).
    pub m: Option<Move>,
    /// On the unit's main line.
    pub main: bool,
}

/// A checked game or fragment.
#[derive(Clone, Debug)]
pub struct Unit {
    /// Game or fragment.
    pub kind: UnitKind,
    /// The checker's result (its diagnostics included).
    pub game: CheckedGame,
    /// The text its spans refer to (same offsets as the original).
    pub text: Arc<str>,
    /// The parser that read it.
    pub parser: &'static ParserEntry,
    /// Every move token on the board, by `MoveToken::index`.
    pub placed: Vec<Option<Placed>>,
}

impl Unit {
    /// The source text of a span.
    pub fn src(&self, span: Span) -> &str {
        self.text.get(span.start..span.end).unwrap_or("")
    }

    /// Every move token, main line and variations, in text order.
    pub fn tokens(&self) -> Vec<&MoveToken> {
        let mut out = Vec::new();
        let mut stack: Vec<&Line> = vec![&self.game.syntax.root];
        while let Some(line) = stack.pop() {
            for item in &line.items {
                match item {
                    Item::Move(m) => out.push(m),
                    Item::Variation(v) => stack.push(v),
                    _ => {}
                }
            }
        }
        out.sort_by_key(|m| m.span.start);
        out
    }

    /// The move token whose span holds `at`.
    pub fn token_at(&self, at: usize) -> Option<&MoveToken> {
        self.tokens()
            .into_iter()
            .find(|t| t.span.start <= at && at < t.span.end.max(t.span.start + 1))
    }

    /// The token's placement, if it was resolved.
    pub fn placed(&self, tok: &MoveToken) -> Option<&Placed> {
        self.placed.get(tok.index).and_then(Option::as_ref)
    }
}

/// A game read in another language or notation than the document's.
#[derive(Clone, Debug)]
pub struct Foreign {
    /// The game number.
    pub game: usize,
    /// Its first move token.
    pub span: Span,
    /// The notation it was read in.
    pub notation: &'static str,
    /// The language it was read in.
    pub language: &'static str,
}

/// What to read a manuscript as.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The format (`None`: by extension and content).
    pub format: Option<Format>,
    /// `auto` or a notation.
    pub notation: Option<String>,
    /// `auto` or an ISO 639-1 code.
    pub lang: Option<String>,
}

/// A manuscript, read.
#[derive(Clone, Debug)]
pub struct Document {
    /// The file's name as given.
    pub path: String,
    /// The decoded text.
    pub original: Arc<str>,
    /// The bytes decoded as UTF-8 (fixes are written only then).
    pub utf8: bool,
    /// The format.
    pub format: Format,
    /// The notation read.
    pub notation: &'static str,
    /// The language read.
    pub language: &'static str,
    /// The parser of the document's notation and language.
    pub parser: &'static ParserEntry,
    /// Games and fragments, in text order of their start.
    pub units: Vec<Unit>,
    /// How many games.
    pub games: usize,
    /// The checker's file-level diagnostics (encoding, detection).
    pub file_diagnostics: Vec<Diagnostic>,
    /// Games in another language or notation.
    pub foreign: Vec<Foreign>,
    /// The configuration in force.
    pub config: Config,
}

/// The half-moves played before a position, counted from the standard start (move 1, White).
pub fn abs_ply(pos: &Chess) -> u32 {
    (pos.fullmoves().get().saturating_sub(1)) * 2 + u32::from(pos.turn() == Color::Black)
}

/// Every move token of a checked game on the board.
pub fn place(game: &CheckedGame) -> Vec<Option<Placed>> {
    let mut out = vec![None; game.syntax.move_count];
    if let Some(start) = &game.start {
        place_line(&game.syntax.root, start.clone(), game, &mut out, true, 0);
    }
    out
}

fn place_line(
    line: &Line,
    start: Chess,
    game: &CheckedGame,
    out: &mut Vec<Option<Placed>>,
    main: bool,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    let mut pos = start;
    let mut before: Option<Chess> = None;
    for item in &line.items {
        match item {
            Item::Move(tok) => {
                let state = game
                    .moves
                    .get(tok.index)
                    .copied()
                    .unwrap_or(MoveState::NotChecked);
                match state {
                    MoveState::Legal(m) | MoveState::Assumed(m) if pos.is_legal(m) => {
                        if let Some(slot) = out.get_mut(tok.index) {
                            *slot = Some(Placed {
                                before: pos.clone(),
                                m: Some(m),
                                main,
                            });
                        }
                        before = Some(pos.clone());
                        pos.play_unchecked(m);
                    }
                    MoveState::Null => {
                        if let Some(slot) = out.get_mut(tok.index) {
                            *slot = Some(Placed {
                                before: pos.clone(),
                                m: None,
                                main,
                            });
                        }
                        before = Some(pos.clone());
                        match pos.clone().swap_turn() {
                            Ok(p) => pos = p,
                            Err(_) => break,
                        }
                    }
                    _ => break,
                }
            }
            Item::Variation(v) => {
                if let Some(b) = &before {
                    place_line(v, b.clone(), game, out, false, depth + 1);
                }
            }
            _ => {}
        }
    }
}

/// Positions of a unit where a fragment may start: before every placed move and after the
/// last, main line first.
fn positions(unit: &Unit) -> Vec<Chess> {
    let mut main = Vec::new();
    let mut side = Vec::new();
    for p in unit.placed.iter().flatten() {
        let list = if p.main { &mut main } else { &mut side };
        list.push(p.before.clone());
        let mut after = p.before.clone();
        match p.m {
            Some(m) => after.play_unchecked(m),
            None => match after.swap_turn() {
                Ok(a) => after = a,
                Err(_) => continue,
            },
        }
        list.push(after);
    }
    main.extend(side);
    main
}

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
    for (i, c) in text.char_indices() {
        if is_sep(c) {
            if let Some(s) = start.take() {
                out.push((Span::new(s, i), hard));
                hard = false;
            }
            hard |= !c.is_whitespace();
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((Span::new(s, text.len()), hard));
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
            Some((i, '.' | ':' | ',' | ';')) => t = &t[..i],
            _ => return None,
        }
    }
    None
}

/// Move fragments in prose: a move number, then moves (and numbers and glyphs) up to the
/// first word that is none of them.
pub fn scan_fragments(text: &str, parser: &ParserEntry) -> Vec<Span> {
    let ws = words(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < ws.len() {
        let (span, _) = ws[i];
        let w = &text[span.start..span.end];
        let Some((len, _, _)) = number_prefix(w) else {
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
            if let Some((len, _, _)) = number_prefix(w) {
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
            } else if let Some(e) = move_end(parser, w) {
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

/// The first move number of a line (number, Black's), when it starts with one.
fn leading_number(line: &Line) -> Option<(u32, bool)> {
    let mut it = line.items.iter();
    let Some(Item::MoveNumber(n)) = it.next() else {
        return None;
    };
    let black = n.value.black || matches!(it.next(), Some(Item::Ellipsis(_)));
    Some((n.value.number, black))
}

fn with_fen(
    mut syntax: crate::syntax::GameSyntax,
    fen: String,
    at: usize,
) -> crate::syntax::GameSyntax {
    syntax.tags.push(Tag {
        name: "FEN".into(),
        value: fen,
        span: Span::new(at, at),
        value_span: Span::new(at, at),
    });
    syntax
}

/// Diagnostics of the checker that make no sense for a fragment or a book's game: a missing
/// result (books show games in parts), and words of prose in a paragraph of moves (prose is
/// never reported; the moves around it are still checked).
fn drop_for_manuscript(g: &mut CheckedGame, fragment: bool) {
    g.diagnostics.retain(|d| {
        let drop = match &d.problem {
            Problem::MissingResult => true,
            Problem::NoGame => fragment,
            Problem::SyntaxError { text, .. } => crate::lint::source::is_prose_word(text),
            _ => false,
        };
        !drop
    });
}

/// Checks a fragment against a game: from the position its first move number names, on the
/// game's main line if the fragment reads there, else on a variation where it does.
fn check_fragment(
    span: Span,
    prose: &Arc<str>,
    parser: &'static ParserEntry,
    game: &[&Unit],
    number: usize,
) -> Option<Unit> {
    let syntax = (parser.parse)(&prose[span.start..span.end], span.start);
    let (n, black) = leading_number(&syntax.root)?;
    let written_ply = (n.checked_sub(1)?) * 2 + u32::from(black);
    let game_start = game
        .first()
        .and_then(|u| u.game.start.as_ref())
        .map_or(0, abs_ply);
    // Reads the fragment from each position at `ply`: the game first, then the fragments
    // already read against it (prose goes on from them); the first clean reading wins, else
    // the one that reads furthest.
    let read_at = |ply: u32| -> Option<((bool, usize), CheckedGame)> {
        let mut candidates: Vec<Chess> = game
            .iter()
            .flat_map(|u| positions(u))
            .filter(|p| abs_ply(p) == ply)
            .collect();
        if candidates.is_empty() && ply == 0 {
            candidates.push(Chess::default());
        }
        let mut best: Option<((bool, usize), CheckedGame)> = None;
        for pos in candidates.iter().take(64) {
            let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
            let mut g = check_game(
                number,
                with_fen(syntax.clone(), fen, span.start),
                prose,
                parser,
            );
            drop_for_manuscript(&mut g, true);
            let resolved = g
                .moves
                .iter()
                .filter(|m| matches!(m, MoveState::Legal(_) | MoveState::Null))
                .count();
            let score = (!g.has_errors(), resolved);
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                let clean = score.0;
                best = Some((score, g));
                if clean {
                    break;
                }
            }
        }
        best
    };
    let mut ply = written_ply;
    let mut best = read_at(ply);
    // `12.` written for Black's twelfth move (or `12...` for White's): the other side's
    // move of that number, when only it reads.
    if best.as_ref().is_none_or(|((clean, _), _)| !clean) {
        let other = if black {
            ply.checked_sub(1)
        } else {
            Some(ply + 1)
        };
        if let Some(other) = other
            && let Some(found) = read_at(other).filter(|((clean, _), _)| *clean)
        {
            ply = other;
            best = Some(found);
        }
    }
    let (_, mut g) = best?;
    if ply != written_ply
        && let Some(Item::MoveNumber(num)) = g.syntax.root.items.first()
        && !g.diagnostics.iter().any(|d| d.span == num.span)
    {
        let want = if black {
            format!("{n}.")
        } else {
            format!("{n}...")
        };
        let text = prose
            .get(num.span.start..num.span.end)
            .unwrap_or("")
            .to_owned();
        g.diagnostics.insert(
            0,
            Diagnostic::new(
                Problem::MoveNumber {
                    text,
                    expected: want.clone(),
                },
                num.span,
            )
            .label(format!("should be {want}"))
            .ply(1)
            .suggest(vec![want]),
        );
        g.diagnostics[0].game = number;
    }
    // Plies counted from the game's start, as for the game's own moves.
    let offset = ply.saturating_sub(game_start);
    for d in &mut g.diagnostics {
        if let Some(p) = &mut d.ply {
            *p += offset;
        }
    }
    let placed = place(&g);
    Some(Unit {
        kind: UnitKind::Fragment,
        game: g,
        text: Arc::clone(prose),
        parser,
        placed,
    })
}

fn count_errors(g: &CheckedGame) -> usize {
    g.diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count()
}

impl Document {
    /// Reads a manuscript.
    ///
    /// # Errors
    /// When the options name a notation or language that has no grammar.
    pub fn read(
        path: &str,
        bytes: &[u8],
        options: &ReadOptions,
        config: Config,
    ) -> Result<Document, CheckError> {
        let decoded = decode(bytes);
        let original: Arc<str> = Arc::from(decoded.text.as_ref());
        let utf8 = decoded.encoding == Encoding::Utf8;
        let mut file_diagnostics = Vec::new();
        if let Encoding::Latin1 { first_invalid } = decoded.encoding {
            let at = first_invalid.min(original.len());
            let end = (at + 1..=original.len())
                .find(|&i| original.is_char_boundary(i))
                .unwrap_or(original.len());
            file_diagnostics.push(
                Diagnostic::new(Problem::NotUtf8 { offset: first_invalid }, Span::new(at, end))
                    .label("not UTF-8")
                    .help("save the file as UTF-8; the text was read as Latin-1 (ISO 8859-1); it is not fixed"),
            );
        }
        if decoded.binary {
            let nul = original.find('\0').unwrap_or(0);
            file_diagnostics.push(
                Diagnostic::new(Problem::Binary, Span::new(nul, nul + 1))
                    .label("a NUL byte")
                    .help("scoresheet lints text files: PGN, plain text, Markdown or LaTeX"),
            );
        }
        let format = options
            .format
            .or(config.format)
            .unwrap_or_else(|| Format::detect(path, &original));
        let notation = options
            .notation
            .clone()
            .or_else(|| config.notation.clone())
            .unwrap_or_else(|| "auto".into());
        let lang = options
            .lang
            .clone()
            .or_else(|| config.language.clone())
            .unwrap_or_else(|| "auto".into());
        let Extracted {
            game_text,
            prose_text,
            games,
            fens,
            explicit_fragments,
            scan_prose,
        } = if decoded.binary {
            Extracted::default()
        } else {
            extract(format, &original)
        };
        let game_text: Arc<str> = Arc::from(game_text);
        let prose_text: Arc<str> = Arc::from(prose_text);
        // Each game alone, then the document: the language and notation most games are in
        // (the first game's on a tie), so that one game in another language cannot decide.
        // (The first games decide; a large PGN file is not read twice over.)
        let per_game: Vec<Option<crate::check::detect::Detection>> = games
            .iter()
            .enumerate()
            .map(|(i, g)| {
                (games.len() > 1 && i < MAJORITY_GAMES)
                    .then(|| detect(&game_text, std::slice::from_ref(g), &notation, &lang).ok())
                    .flatten()
            })
            .collect();
        let mut tally: Vec<(&'static ParserEntry, usize)> = Vec::new();
        for d in per_game.iter().flatten().filter(|d| d.warning.is_none()) {
            match tally.iter_mut().find(|(p, _)| std::ptr::eq(*p, d.parser)) {
                Some((_, n)) => *n += 1,
                None => tally.push((d.parser, 1)),
            }
        }
        let top = tally.iter().map(|(_, n)| *n).max().unwrap_or(0);
        let majority = tally.iter().find(|(_, n)| *n == top).map(|(p, _)| *p);
        let det = match majority.and_then(|m| {
            per_game
                .iter()
                .flatten()
                .find(|d| std::ptr::eq(d.parser, m))
                .cloned()
        }) {
            Some(d) => d,
            None => detect(&game_text, &games, &notation, &lang)?,
        };
        if !games.is_empty() {
            file_diagnostics.extend(det.warning.clone());
        }
        let parser = det.parser;
        let mut units: Vec<Unit> = Vec::new();
        let mut foreign = Vec::new();
        for (i, span) in games.iter().enumerate() {
            let read = |parser: &'static ParserEntry| {
                let mut syntax = (parser.parse)(&game_text[span.start..span.end], span.start);
                if let Some(Some(fen)) = fens.get(i) {
                    syntax = with_fen(syntax, fen.clone(), span.start);
                }
                let mut g = check_game(i + 1, syntax, &game_text, parser);
                if format != Format::Pgn {
                    drop_for_manuscript(&mut g, false);
                }
                g
            };
            let mut g = read(parser);
            let mut used = parser;
            if count_errors(&g) > 0 {
                // A game in another language or notation: read it so, and say so.
                let alone = match per_game.get(i).cloned().flatten() {
                    Some(d) if lang == "auto" => Ok(d),
                    _ => detect(&game_text, std::slice::from_ref(span), &notation, "auto"),
                };
                if let Ok(other) = alone
                    && !std::ptr::eq(other.parser, parser)
                    && other.warning.is_none()
                {
                    let g2 = read(other.parser);
                    if count_errors(&g2) < count_errors(&g) {
                        let first = Unit {
                            kind: UnitKind::Game,
                            game: g2.clone(),
                            text: Arc::clone(&game_text),
                            parser: other.parser,
                            placed: Vec::new(),
                        }
                        .tokens()
                        .first()
                        .map(|t| t.span)
                        .unwrap_or(*span);
                        foreign.push(Foreign {
                            game: i + 1,
                            span: first,
                            notation: other.notation,
                            language: other.lang,
                        });
                        g = g2;
                        used = other.parser;
                    }
                }
            }
            let placed = place(&g);
            units.push(Unit {
                kind: UnitKind::Game,
                game: g,
                text: Arc::clone(&game_text),
                parser: used,
                placed,
            });
        }
        // Fragments: LaTeX variations and moves in the prose, each against the game before it.
        let mut frags = explicit_fragments.clone();
        if scan_prose {
            for f in scan_fragments(&prose_text, parser) {
                if !explicit_fragments
                    .iter()
                    .any(|e| e.start < f.end && f.start < e.end)
                {
                    frags.push(f);
                }
            }
        }
        frags.sort();
        let game_count = units.len();
        // Fragments read so far, by game (`None`: before the first game).
        let mut read: Vec<(Option<usize>, Unit)> = Vec::new();
        for f in frags {
            let at = games.iter().rposition(|g| g.start <= f.start);
            let against: Vec<&Unit> = at
                .map(|i| &units[i])
                .into_iter()
                .chain(read.iter().filter(|(g, _)| *g == at).map(|(_, u)| u))
                .collect();
            if let Some(u) =
                check_fragment(f, &prose_text, parser, &against, at.map_or(0, |i| i + 1))
            {
                read.push((at, u));
            }
        }
        units.extend(read.into_iter().map(|(_, u)| u));
        units.sort_by_key(|u| u.game.syntax.span.start);
        Ok(Document {
            path: path.to_owned(),
            original,
            utf8,
            format,
            notation: det.notation,
            language: det.lang,
            parser,
            units,
            games: game_count,
            file_diagnostics,
            foreign,
            config,
        })
    }

    /// How many fragments were checked.
    pub fn fragments(&self) -> usize {
        self.units.len() - self.games
    }

    /// The checker's diagnostics with one of these codes: the unit (none for file-level
    /// ones) and the diagnostic.
    pub fn checker<'a>(
        &'a self,
        codes: &'a [Code],
    ) -> impl Iterator<Item = (Option<&'a Unit>, &'a Diagnostic)> + 'a {
        self.file_diagnostics
            .iter()
            .map(|d| (None, d))
            .chain(
                self.units
                    .iter()
                    .flat_map(|u| u.game.diagnostics.iter().map(move |d| (Some(u), d))),
            )
            .filter(|(_, d)| codes.contains(&d.code()))
    }

    /// The fix that writes the checker's first suggestion for `d` over its span ("write
    /// `…`", or "remove it" for an empty suggestion), when there is one.
    pub fn suggested(
        &self,
        unit: Option<&Unit>,
        d: &crate::diagnostic::Diagnostic,
        applicability: Applicability,
    ) -> Option<Fix> {
        let new = d.suggestions.first()?;
        let title = if new.is_empty() {
            "remove it".to_owned()
        } else {
            format!("write `{new}`")
        };
        self.replace(unit, d.span, new, applicability, title)
    }

    /// A fix that replaces `span` with `new`, as the smallest edit (common beginning and end
    /// left alone). `None` when the bytes to edit are not the manuscript's own (a LaTeX symbol
    /// read as a letter) or nothing would change.
    pub fn replace(
        &self,
        unit: Option<&Unit>,
        span: Span,
        new: &str,
        applicability: Applicability,
        title: impl Into<String>,
    ) -> Option<Fix> {
        let old = match unit {
            Some(u) => u.src(span),
            None => self.original.get(span.start..span.end)?,
        };
        let prefix = old
            .char_indices()
            .zip(new.char_indices())
            .take_while(|((_, a), (_, b))| a == b)
            .last()
            .map_or(0, |((i, c), _)| i + c.len_utf8());
        let (old_rest, new_rest) = (&old[prefix..], &new[prefix..]);
        let suffix = old_rest
            .chars()
            .rev()
            .zip(new_rest.chars().rev())
            .take_while(|(a, b)| a == b)
            .map(|(c, _)| c.len_utf8())
            .sum::<usize>();
        let old_mid = Span::new(span.start + prefix, span.end - suffix);
        let new_mid = &new_rest[..new_rest.len() - suffix];
        if old_mid.is_empty() && new_mid.is_empty() {
            return None;
        }
        // Only the manuscript's own bytes are edited (not a LaTeX symbol read as a letter).
        if self.original.get(old_mid.start..old_mid.end)? != &old[prefix..old.len() - suffix] {
            return None;
        }
        Some(Fix {
            applicability,
            title: title.into(),
            edits: vec![Edit {
                span: old_mid,
                replacement: new_mid.to_owned(),
            }],
        })
    }

    /// Does `new` read as one move token that is the same move as `tok` in its position?
    pub fn same_move(&self, unit: &Unit, tok: &MoveToken, new: &str) -> bool {
        let Ok(t) = crate::board::token::parse_token_with(unit.parser, new) else {
            return false;
        };
        let Some(placed) = unit.placed(tok) else {
            return false;
        };
        match (t.body, placed.m) {
            (MoveBody::Descriptive(_), _) => matches!(tok.body, MoveBody::Descriptive(_)),
            (_, Some(m)) => matches!(
                crate::board::token::resolve_move_token(&t, new, &placed.before, &crate::board::descriptive::Origins::from_position(&placed.before)),
                crate::board::resolve::Resolution::Legal(x) if x == m
            ),
            (MoveBody::Null, None) => true,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fragments(text: &str) -> Vec<&str> {
        let parser = crate::syntax::grammar::parser_for("algebraic", "en").expect("English");
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
    fn leaves_prose_alone() {
        assert!(fragments("1. Introduction to the game").is_empty());
        assert!(fragments("In 1858. Be careful, 3 pawns.").is_empty());
        assert!(fragments("the knight on f3 and Nf3 without a number").is_empty());
        assert!(fragments("see page 12. 13. 14.").is_empty());
    }
}
