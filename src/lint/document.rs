//! A manuscript read for linting: its games and move fragments, each checked by the checker,
//! with every move token placed on the board.

use std::borrow::Cow;
use std::sync::Arc;

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode};

use crate::check::budget;
use crate::check::detect::{
    Detection, MAJORITY_GAMES, ProseReader, Reading, customs_fit, detect, detect_document,
};
use crate::check::prose::scan_fragments;
use crate::check::{
    CheckError, CheckedGame, Choice, LangCode, MoveState, RepairNote, check_game, check_game_within,
};
use crate::diagnostic::{Diagnostic, Problem, Severity};
use crate::lint::config::Config;
use crate::lint::diag::{Applicability, Edit, Fix};
pub(crate) use crate::lint::placed::Placed;
use crate::lint::placed::{Placements, abs_ply};
pub use crate::lint::read_line::{ReadLine, UnitKind};
use crate::lint::read_line::{mostly_unread, unread_words};
use crate::lint::source::{Extracted, Format, extract};
use crate::read::decode::{Encoding, Reader, decode};
use crate::span::Span;
use crate::syntax::grammar::{Notation, Parser, ParserEntry, Registry};
use crate::syntax::{Item, Line, MoveBody, MoveToken, Tag};

/// Positions a fragment is tried from, at most.
const MAX_CANDIDATES: usize = 64;

/// Fragments of prose read per candidate language while detecting.
const MAX_SCORED_FRAGMENTS: usize = 64;

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
    pub parser: Parser,
    /// The move tokens on the board (a token not placed takes no room: a long game read only
    /// up to an early error holds a handful).
    pub placed: Placements,
}

impl Unit {
    /// The source text of a span.
    pub fn src(&self, span: Span) -> &str {
        self.text.get(span.start..span.end).unwrap_or("")
    }

    /// Every move token, main line and variations, in text order.
    pub fn tokens(&self) -> Vec<&MoveToken> {
        self.game.syntax.root.moves().collect()
    }

    /// The move token whose span holds `at`.
    pub fn token_at(&self, at: usize) -> Option<&MoveToken> {
        self.tokens()
            .into_iter()
            .find(|t| t.span.start <= at && at < t.span.end.max(t.span.start + 1))
    }

    /// The token's placement, if it was resolved (its position played again from the
    /// nearest stored one).
    pub fn placed(&self, tok: &MoveToken) -> Option<Placed> {
        self.placed.get(tok.index)
    }

    /// The half-moves played before the token (see [`abs_ply`]), if it was resolved.
    pub fn ply(&self, tok: &MoveToken) -> Option<u32> {
        self.placed.ply(tok.index)
    }

    /// What reading the unit again needs (small: its text is shared).
    pub(crate) fn rereadable(&self) -> Rereadable {
        Rereadable {
            kind: self.kind,
            number: self.game.number,
            span: self.game.syntax.span,
            fens: (self.game.syntax.tags.iter())
                .filter(|t| t.span.is_empty())
                .map(|t| t.value.to_string())
                .collect(),
            text: Arc::clone(&self.text),
            parser: self.parser.clone(),
        }
    }
}

/// A unit as reading it again needs it, without its syntax tree.
#[derive(Clone, Debug)]
pub(crate) struct Rereadable {
    kind: UnitKind,
    number: usize,
    /// The unit's span.
    pub span: Span,
    /// Start positions given from outside the text (a fragment's, a LaTeX `setfen`).
    fens: Vec<String>,
    /// The text its span refers to.
    pub text: Arc<str>,
    parser: Parser,
}

impl Rereadable {
    /// The unit read again with `edits` (inside its span) made: the same parser, the same
    /// start position, the same diagnostics left out for a manuscript. The result's offsets
    /// count from the unit's start.
    pub(crate) fn read(
        &self,
        edits: &mut [&Edit],
        format: Format,
        registry: &Registry,
    ) -> CheckedGame {
        let span = self.span;
        let src = self.text.get(span.start..span.end).unwrap_or("");
        let text = crate::lint::fix::splice(src, span.start, edits);
        let mut syntax = (self.parser.parse)(&text, 0);
        for fen in &self.fens {
            syntax = with_fen(syntax, fen.clone(), 0);
        }
        let mut g = check_game(self.number, syntax, &text, &self.parser, registry);
        let fragment = self.kind == UnitKind::Fragment;
        if fragment || format != Format::Pgn {
            drop_for_manuscript(&mut g, fragment);
        }
        g
    }
}

/// The repairs the checker assumed to read a game on: those still reported (a word of prose
/// between the moves of a manuscript is left out, not repaired).
pub(crate) fn assumed_repairs(g: &CheckedGame) -> impl Iterator<Item = &RepairNote> {
    g.repairs.iter().filter(|r| {
        g.diagnostics
            .iter()
            .any(|d| d.span.start == r.span.start && d.severity == Severity::Error)
    })
}

/// A game read in another language or notation than the document's.
#[derive(Clone, Debug)]
pub(crate) struct Foreign {
    /// The game number.
    pub game: usize,
    /// Its first move token.
    pub span: Span,
    /// The notation it was read in.
    pub notation: &'static str,
    /// The language it was read in.
    pub language: Cow<'static, str>,
}

/// What to read a manuscript as.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The format (`None`: by extension and content).
    pub format: Option<Format>,
    /// The notation, or `auto` (`None`: the configuration's, else `auto`).
    pub notation: Option<Choice<Notation>>,
    /// The language, or `auto` (`None`: the configuration's, else `auto`).
    pub lang: Option<Choice<LangCode>>,
    /// The languages and parsers to read with (by default the built-in ones).
    pub registry: Arc<Registry>,
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
    pub language: Cow<'static, str>,
    /// The parser of the document's notation and language.
    pub parser: Parser,
    /// How many games.
    pub games: usize,
    /// How many fragments were read.
    fragments: usize,
    /// What each game and fragment read, in the order they were read (their main lines).
    pub read: Vec<ReadLine>,
    /// The move tokens of every game and fragment read (resolved or reported).
    pub(crate) token_spans: Vec<Span>,
    /// Move-like words of the text read as no move (see [`Document::unread`]).
    unread: Vec<Span>,
    /// The checker's file-level diagnostics (encoding, detection).
    pub(crate) file_diagnostics: Vec<Diagnostic>,
    /// Games in another language or notation.
    pub(crate) foreign: Vec<Foreign>,
    /// The configuration in force.
    pub(crate) config: Config,
    /// The languages it was read with.
    pub(crate) registry: Arc<Registry>,
    /// The positions it shows (FENs, records, drawn diagrams, LaTeX boards), in text order.
    pub(crate) diagrams: Vec<crate::lint::diagrams::Diagram>,
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
        value: fen.into(),
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
    parser: &Parser,
    registry: &Registry,
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
            .flat_map(|u| u.placed.positions_at(ply))
            .take(MAX_CANDIDATES)
            .collect();
        if candidates.is_empty() && ply == 0 {
            candidates.push(Chess::default());
        }
        let mut best: Option<((bool, usize), CheckedGame)> = None;
        for pos in &candidates {
            let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
            let mut g = check_game(
                number,
                with_fen(syntax.clone(), fen, span.start),
                prose,
                parser,
                registry,
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
    let placed = Placements::new(&g);
    Some(Unit {
        kind: UnitKind::Fragment,
        game: g,
        text: Arc::clone(prose),
        parser: parser.clone(),
        placed,
    })
}

/// The fragments of a manuscript's prose that `parser` reads (the explicit ones, LaTeX
/// variations, first), in text order.
fn fragment_spans(
    prose: &str,
    parser: &ParserEntry,
    explicit: &[Span],
    scan_prose: bool,
) -> Vec<Span> {
    let mut frags = explicit.to_vec();
    if scan_prose {
        for f in scan_fragments(prose, parser) {
            if !explicit.iter().any(|e| e.start < f.end && f.start < e.end) {
                frags.push(f);
            }
        }
    }
    frags.sort();
    frags
}

/// Reads fragments in order, each against `units` (a game, or nothing) and the fragments
/// read before it, which join `units`.
fn read_against(
    frags: &[Span],
    prose: &Arc<str>,
    parser: &Parser,
    registry: &Registry,
    units: &mut Vec<Unit>,
    number: usize,
) {
    for &f in frags {
        let against: Vec<&Unit> = units.iter().collect();
        if let Some(u) = check_fragment(f, prose, parser, registry, &against, number) {
            units.push(u);
        }
    }
}

/// The fragments of the prose read, each against the game before it: the first
/// [`MAJORITY_GAMES`] games are read with `r`'s parser, and the fragments after them are not
/// read (they would be read against the wrong game).
fn prose_after_games(
    r: &GameReading<'_>,
    games: &[Span],
    frags: &[Span],
    prose: &Arc<str>,
) -> Vec<Unit> {
    let first = games.len().min(MAJORITY_GAMES);
    let mut read = Vec::new();
    let mut group: Vec<Unit> = Vec::new();
    let mut k = 0;
    for i in 0..=first {
        let end = games.get(i).map_or(usize::MAX, |g| g.start);
        let upto = k + frags[k..].iter().take_while(|f| f.start < end).count();
        read_against(&frags[k..upto], prose, r.parser, r.registry, &mut group, i);
        read.extend(group.drain(..).filter(|u| u.kind == UnitKind::Fragment));
        k = upto;
        if i < first {
            group.push(read_game(r, i, &games[i], (false, false)).0);
        }
    }
    read
}

/// A move-like word of the prose that no fragment reads: it is in no language the document
/// is read in, so it is reported rather than passed unchecked.
fn unread_move(prose: &str, w: Span) -> Diagnostic {
    let text = prose.get(w.start..w.end).unwrap_or("").to_owned();
    Diagnostic::new(
        Problem::SyntaxError {
            text,
            expected: "it reads as a move in no language the text is read in".into(),
        },
        w,
    )
    .label("not read as a move")
    .help("write the move in the text's language (or give --lang); moves that are not read are not checked")
}

fn count_errors(g: &CheckedGame) -> usize {
    g.diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count()
}

/// What the games of a document are read with.
struct GameReading<'a> {
    /// The document's text of games.
    text: &'a Arc<str>,
    /// A start position per game.
    fens: &'a [Option<String>],
    format: Format,
    /// The document's parser.
    parser: &'a Parser,
    /// The languages to read with.
    registry: &'a Registry,
    /// Each game's own detection (the first games).
    per_game: &'a [Option<Detection>],
    notation: Choice<Notation>,
    lang: &'a Choice<LangCode>,
}

/// Reads game `i` with the document's parser, or, when it has errors and reads better in
/// another language or notation, in that one (said as a [`Foreign`] game).
///
/// `frugal`: the document's budget of explained errors is spent (see
/// [`budget::FILE_ERRORS`]): the game is read to its first error, without suggestions, and
/// not tried in other languages.
/// `others`: a game with errors may be tried in other languages and notations (the document
/// has tried fewer than [`MOST_RETRIED`] so far); the last value says whether it was.
fn read_game(
    r: &GameReading<'_>,
    i: usize,
    span: &Span,
    (frugal, others): (bool, bool),
) -> (Unit, Option<Foreign>, bool) {
    let GameReading {
        text: game_text,
        fens,
        format,
        parser,
        per_game,
        notation,
        lang,
        registry,
    } = *r;
    let mut foreign = None;
    let read = |parser: &Parser| {
        let mut syntax = (parser.parse)(&game_text[span.start..span.end], span.start);
        if let Some(Some(fen)) = fens.get(i) {
            syntax = with_fen(syntax, fen.clone(), span.start);
        }
        let mut g = check_game_within(i + 1, syntax, game_text, parser, registry, frugal);
        if format != Format::Pgn {
            drop_for_manuscript(&mut g, false);
        }
        g
    };
    let mut g = read(parser);
    let mut used = parser.clone();
    let retried = count_errors(&g) > 0 && !frugal && others;
    if retried {
        // A game in another language or notation: read it so, and say so.
        let alone = match per_game.get(i).cloned().flatten() {
            Some(d) if matches!(lang, Choice::Auto) => Ok(d),
            _ => detect(
                registry,
                game_text,
                std::slice::from_ref(span),
                notation,
                &Choice::Auto,
            ),
        };
        if let Ok(other) = alone
            && !other.parser.same(parser)
            && other.warning.is_none()
        {
            let g2 = read(&other.parser);
            if count_errors(&g2) < count_errors(&g) {
                let first = Unit {
                    kind: UnitKind::Game,
                    game: g2.clone(),
                    text: Arc::clone(game_text),
                    parser: other.parser.clone(),
                    placed: Placements::default(),
                }
                .tokens()
                .first()
                .map(|t| t.span)
                .unwrap_or(*span);
                foreign = Some(Foreign {
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
    let placed = Placements::new(&g);
    let unit = Unit {
        kind: UnitKind::Game,
        game: g,
        text: Arc::clone(game_text),
        parser: used,
        placed,
    };
    (unit, foreign, retried)
}

/// Games with errors a document tries in other languages and notations (a detection each,
/// about a millisecond); later ones are read in the document's own.
const MOST_RETRIED: usize = 500;

/// A manuscript taken apart, its notation and language found: what its games and fragments
/// are read from, group by group ([`Group`]), and the reading's budget so far.
pub(crate) struct Source {
    game_text: Arc<str>,
    prose_text: Arc<str>,
    games: Vec<Span>,
    fens: Vec<Option<String>>,
    /// The fragments of the prose, in text order.
    frags: Vec<Span>,
    per_game: Vec<Option<Detection>>,
    notation: Choice<Notation>,
    lang: Choice<LangCode>,
    /// Move-like words of the prose that no fragment reads (file-level diagnostics).
    unread: Vec<Diagnostic>,
    /// Explained errors so far (the same budget as `check`'s, spent in the games' order).
    errors: usize,
    /// Games tried in other languages and notations so far.
    retried: usize,
    /// The first game read frugally.
    frugal_from: Option<usize>,
    /// The next group: its game (`games.len()` when done), its first fragment, and whether
    /// the fragments before the first game were taken.
    next: (usize, usize, bool),
}

/// A game and the fragments of the prose after it (up to the next game), read against it; or
/// the fragments before the first game. Its units are in text order of their start.
#[derive(Clone, Debug)]
pub(crate) struct Group {
    game: Option<usize>,
    frags: std::ops::Range<usize>,
    /// How the game was read: frugally, and whether it could be tried in other languages.
    flags: (bool, bool),
}

impl Source {
    /// The next group to read, in text order.
    pub(crate) fn next_group(&mut self) -> Option<Group> {
        let (game, frag, started) = self.next;
        let upto = |end: Option<usize>| -> usize {
            match end {
                Some(g) => {
                    let start = self.games[g].start;
                    frag + self.frags[frag..].partition_point(|f| f.start < start)
                }
                None => self.frags.len(),
            }
        };
        if !started {
            self.next.2 = true;
            let end = upto((!self.games.is_empty()).then_some(0));
            if end > frag {
                self.next.1 = end;
                return Some(Group {
                    game: None,
                    frags: frag..end,
                    flags: (false, false),
                });
            }
        }
        if game >= self.games.len() {
            return None;
        }
        let end = upto((game + 1 < self.games.len()).then_some(game + 1));
        self.next = (game + 1, end, true);
        Some(Group {
            game: Some(game),
            frags: frag..end,
            flags: (false, false),
        })
    }

    /// Reads a group for the first time: the budget decides how its game is read.
    pub(crate) fn read(&mut self, doc: &mut Document, group: &mut Group) -> Vec<Unit> {
        if let Some(i) = group.game {
            let frugal = self.errors >= budget::FILE_ERRORS;
            if frugal {
                self.frugal_from.get_or_insert(i);
            }
            group.flags = (frugal, self.retried < MOST_RETRIED);
        }
        let (units, foreign, tried) = self.units(doc, group);
        self.retried += usize::from(tried);
        if let Some(game) = units.iter().find(|u| u.kind == UnitKind::Game) {
            self.errors += budget::errors(&game.game);
        }
        doc.foreign.extend(foreign);
        doc.fragments += units.len() - usize::from(group.game.is_some());
        doc.read
            .extend(units.iter().map(|u| ReadLine::of(u.kind, &u.game)));
        for u in &units {
            doc.token_spans.extend(u.tokens().iter().map(|t| t.span));
        }
        units
    }

    /// Is there no fragment of prose to read?
    pub(crate) fn no_fragments(&self) -> bool {
        self.frags.is_empty()
    }

    /// Reads a group again, as it was read the first time.
    pub(crate) fn reread(&self, doc: &Document, group: &Group) -> Vec<Unit> {
        self.units(doc, group).0
    }

    fn units(&self, doc: &Document, group: &Group) -> (Vec<Unit>, Option<Foreign>, bool) {
        let mut units = Vec::new();
        let (mut foreign, mut tried) = (None, false);
        if let Some(i) = group.game {
            let reading = GameReading {
                text: &self.game_text,
                fens: &self.fens,
                format: doc.format,
                parser: &doc.parser,
                registry: &doc.registry,
                per_game: &self.per_game,
                notation: self.notation,
                lang: &self.lang,
            };
            let (unit, other, t) = read_game(&reading, i, &self.games[i], group.flags);
            units.push(unit);
            (foreign, tried) = (other, t);
        }
        // Each fragment against the game and the fragments already read against it.
        read_against(
            &self.frags[group.frags.clone()],
            &self.prose_text,
            &doc.parser,
            &doc.registry,
            &mut units,
            group.game.map_or(0, |i| i + 1),
        );
        units.sort_by_key(|u| u.game.syntax.span.start);
        (units, foreign, tried)
    }
}

impl Document {
    /// Reads a manuscript (its games and fragments are read and let go: see
    /// [`crate::lint::lint_bytes`] for what is found in them).
    ///
    /// # Errors
    /// When the options name a notation or language that has no grammar.
    pub fn read(
        path: &str,
        bytes: &[u8],
        options: &ReadOptions,
        config: Config,
    ) -> Result<Document, CheckError> {
        let (mut doc, mut src) = Document::open(path, bytes, options, config)?;
        while let Some(mut group) = src.next_group() {
            src.read(&mut doc, &mut group);
        }
        doc.finish(src);
        Ok(doc)
    }

    /// Reads a manuscript and keeps every unit (for tests: a whole document's units at once).
    #[cfg(test)]
    pub(crate) fn read_units(path: &str, text: &str) -> (Document, Vec<Unit>) {
        let (mut doc, mut src) = Document::open(
            path,
            text.as_bytes(),
            &ReadOptions::default(),
            Config::default(),
        )
        .expect("reads");
        let mut units = Vec::new();
        while let Some(mut group) = src.next_group() {
            units.extend(src.read(&mut doc, &mut group));
        }
        doc.finish(src);
        (doc, units)
    }

    /// Takes a manuscript apart and finds its notation and language; its games and fragments
    /// are read from the [`Source`] group by group, then [`Document::finish`] is called.
    pub(crate) fn open(
        path: &str,
        bytes: &[u8],
        options: &ReadOptions,
        config: Config,
    ) -> Result<(Document, Source), CheckError> {
        let decoded = decode(bytes);
        let original: Arc<str> = Arc::from(decoded.text.as_ref());
        let utf8 = decoded.encoding == Encoding::Utf8;
        let mut file_diagnostics = decoded.diagnostics(Reader::Lint);
        let format = options
            .format
            .or(config.format)
            .unwrap_or_else(|| Format::detect(path, &original));
        let notation = options.notation.or(config.notation).unwrap_or(Choice::Auto);
        let lang = options
            .lang
            .clone()
            .or_else(|| config.language.clone())
            .unwrap_or(Choice::Auto);
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
        drop(decoded);
        // One copy of the text: a PGN file's games are its whole text, and its prose (blank)
        // is never read.
        let game_text: Arc<str> = if *game_text == *original {
            Arc::clone(&original)
        } else {
            Arc::from(game_text)
        };
        let prose_text: Arc<str> = if scan_prose || !explicit_fragments.is_empty() {
            Arc::from(prose_text)
        } else {
            Arc::from("")
        };
        // Moves in prose: the board decides between the languages of its fragments, each read
        // against the game before it (of the first games).
        let read_prose = |p: Parser| -> Reading {
            let frags = fragment_spans(&prose_text, &p, &explicit_fragments, true);
            let frags = &frags[..frags.len().min(MAX_SCORED_FRAGMENTS)];
            let reading = GameReading {
                text: &game_text,
                fens: &fens,
                format,
                parser: &p,
                registry: &options.registry,
                per_game: &[],
                notation,
                lang: &lang,
            };
            let read = prose_after_games(&reading, &games, frags, &prose_text);
            let errors: usize = read.iter().map(|u| count_errors(&u.game)).sum();
            let plies = read.iter().map(|u| u.game.mainline.len()).sum();
            let fit = p.language.as_deref().map_or(0, |l| {
                let customs = l.read_customs();
                read.iter()
                    .map(|u| customs_fit(&u.game.syntax, &u.text, &customs))
                    .sum()
            });
            let lines = read.into_iter().map(|u| u.game.mainline).collect();
            ((0, plies, usize::MAX - errors), lines, fit)
        };
        let prose = scan_prose.then_some((&*prose_text, &read_prose as &ProseReader));
        let (det, per_game) = detect_document(
            &options.registry,
            &game_text,
            &games,
            prose,
            notation,
            &lang,
        )?;
        file_diagnostics.extend(det.warning.clone());
        let parser = det.parser.clone();
        // Fragments: LaTeX variations and moves in the prose, each against the game before it.
        let frags = fragment_spans(&prose_text, &parser, &explicit_fragments, scan_prose);
        let mut unread = Vec::new();
        if scan_prose {
            for w in crate::check::prose::unread_moves(&prose_text, &frags) {
                unread.push(unread_move(&prose_text, w));
            }
        }
        let diagrams = crate::lint::diagrams::find(
            format,
            &original,
            &games,
            &options.registry,
            options.registry.language(&det.lang).as_ref(),
        );
        let doc = Document {
            path: path.to_owned(),
            original,
            utf8,
            format,
            notation: det.notation,
            language: det.lang,
            parser,
            games: games.len(),
            fragments: 0,
            read: Vec::new(),
            token_spans: Vec::new(),
            unread: Vec::new(),
            file_diagnostics,
            foreign: Vec::new(),
            config,
            registry: Arc::clone(&options.registry),
            diagrams,
        };
        let src = Source {
            game_text,
            prose_text,
            games,
            fens,
            frags,
            per_game,
            notation,
            lang,
            unread,
            errors: 0,
            retried: 0,
            frugal_from: None,
            next: (0, 0, false),
        };
        Ok((doc, src))
    }

    /// Ends the reading: the file-level diagnostics found while reading (the budget's note,
    /// then the prose's unread moves).
    pub(crate) fn finish(&mut self, src: Source) {
        if let Some(from) = src.frugal_from {
            let at = Span::new(src.games[from].start, src.games[from].start);
            self.file_diagnostics
                .push(budget::frugal_note(from + 1, at));
        }
        self.file_diagnostics.extend(src.unread);
        self.count_unread(&[&src.game_text, &src.prose_text]);
    }

    /// Counts what was not read (see [`unread_words`]), and calls the text mostly unread
    /// when it is.
    fn count_unread(&mut self, parts: &[&str]) {
        let read = std::mem::take(&mut self.token_spans);
        let total;
        (self.unread, total) = unread_words(parts, read);
        self.file_diagnostics
            .extend(mostly_unread(&self.unread, total));
    }

    /// The move-like words of the text (a square after a move number) that no game or
    /// fragment read as a move, in text order.
    pub fn unread(&self) -> &[Span] {
        &self.unread
    }

    /// How many fragments were checked.
    pub fn fragments(&self) -> usize {
        self.fragments
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
        let Ok(t) = crate::board::token::parse_token_with(&unit.parser, new) else {
            return false;
        };
        let Some(placed) = unit.placed(tok) else {
            return false;
        };
        match (&t.body, placed.m) {
            (_, Some(m)) => matches!(
                crate::board::token::resolve_move_token(&t, &placed.before, &placed.origins),
                crate::board::resolve::Resolution::Legal(x) if x == m
            ),
            (MoveBody::Null, None) => true,
            _ => false,
        }
    }
}
