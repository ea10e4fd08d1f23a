//! Manuscript formats: where the games and the prose are in PGN, plain text, Markdown and
//! LaTeX (skak / xskak).
//!
//! Extraction never moves a byte: it makes two texts of the same length as the original, one
//! that keeps only the games and one that keeps only the prose, with every other character
//! blanked (replaced by as many spaces as it has bytes; line breaks stay). A span in either
//! is the same span in the original file, so diagnostics point at the manuscript and fixes
//! are byte-range edits of it.

use crate::read::split::{is_result, split_games};
use crate::span::Span;

/// The format of a manuscript.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// PGN: games only.
    Pgn,
    /// Plain text: paragraphs of movetext or prose, fenced blocks.
    Text,
    /// Markdown: fenced blocks (```` ```pgn ```` or untagged) and movetext paragraphs are games.
    Markdown,
    /// LaTeX with skak / xskak: `\newchessgame`, `\mainline{…}`, `\hidemoves{…}`,
    /// `\variation{…}`.
    Latex,
}

impl Format {
    /// The name used on the command line and in JSON.
    pub const fn as_str(self) -> &'static str {
        match self {
            Format::Pgn => "pgn",
            Format::Text => "text",
            Format::Markdown => "markdown",
            Format::Latex => "latex",
        }
    }

    /// The format named (`pgn`, `text`, `markdown`/`md`, `latex`/`tex`).
    pub fn from_name(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "pgn" => Some(Format::Pgn),
            "text" | "txt" | "plain" => Some(Format::Text),
            "markdown" | "md" => Some(Format::Markdown),
            "latex" | "tex" => Some(Format::Latex),
            _ => None,
        }
    }

    /// The format a file's extension names, if it names one.
    pub fn by_extension(path: &str) -> Option<Format> {
        let ext = std::path::Path::new(path)
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("pgn") => Some(Format::Pgn),
            Some("md" | "markdown" | "mdown" | "mkd") => Some(Format::Markdown),
            Some("tex" | "ltx" | "latex" | "sty") => Some(Format::Latex),
            Some("txt" | "text") => Some(Format::Text),
            _ => None,
        }
    }

    /// The format of a file: by its extension, else by its content.
    pub fn detect(path: &str, text: &str) -> Format {
        if let Some(f) = Format::by_extension(path) {
            return f;
        }
        if [
            "\\mainline",
            "\\newchessgame",
            "\\documentclass",
            "\\begin{",
        ]
        .iter()
        .any(|m| text.contains(m))
        {
            Format::Latex
        } else if text.contains("```")
            || text.contains("~~~")
            || text.lines().any(|l| l.starts_with("# "))
        {
            Format::Markdown
        } else if text.trim_start().starts_with('[') {
            Format::Pgn
        } else {
            Format::Text
        }
    }
}

/// A manuscript taken apart.
#[derive(Clone, Debug, Default)]
pub(crate) struct Extracted {
    /// The original with everything but the games blanked.
    pub game_text: String,
    /// The original with everything but the prose blanked (LaTeX commands blanked, skak
    /// piece symbols such as `\symknight` read as their English letters).
    pub prose_text: String,
    /// The games: spans of `game_text` (a game may cover blanked prose between its parts).
    pub games: Vec<Span>,
    /// A start position per game (LaTeX `\newchessgame[setfen=…]`).
    pub fens: Vec<Option<String>>,
    /// Spans of `prose_text` that are notation for certain (LaTeX `\variation{…}`).
    pub explicit_fragments: Vec<Span>,
    /// True when the prose is to be scanned for move fragments.
    pub scan_prose: bool,
}

/// Takes a manuscript apart.
pub(crate) fn extract(format: Format, text: &str) -> Extracted {
    match format {
        Format::Pgn => {
            let games = split_games(text);
            Extracted {
                game_text: text.to_owned(),
                prose_text: blank(text),
                fens: vec![None; games.len()],
                games,
                explicit_fragments: Vec::new(),
                scan_prose: false,
            }
        }
        Format::Text | Format::Markdown => extract_markdown(text),
        Format::Latex => extract_latex(text),
    }
}

/// Every character blanked to spaces (as many as its bytes), line breaks kept.
pub(crate) fn blank(text: &str) -> String {
    let bytes = text
        .bytes()
        .map(|b| if b == b'\n' || b == b'\r' { b } else { b' ' })
        .collect();
    // Spaces and line breaks only: always UTF-8.
    String::from_utf8(bytes).unwrap_or_default()
}

/// Copies `text[span]` into `out` (a blanked copy of `text`).
fn keep(out: &mut [u8], text: &str, span: Span) {
    out[span.start..span.end].copy_from_slice(&text.as_bytes()[span.start..span.end]);
}

fn to_string(bytes: Vec<u8>, text: &str) -> String {
    String::from_utf8(bytes).unwrap_or_else(|_| blank(text))
}

/// One line: its span without the line break.
pub(crate) fn lines(text: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in text.bytes().enumerate() {
        if b == b'\n' {
            let end = if i > start && text.as_bytes()[i - 1] == b'\r' {
                i - 1
            } else {
                i
            };
            out.push(Span::new(start, end));
            start = i + 1;
        }
    }
    if start < text.len() {
        out.push(Span::new(start, text.len()));
    }
    out
}

/// A fence line (```` ``` ```` or `~~~`, indented at most 3 spaces): its character, length
/// and info string.
pub(crate) fn fence(line: &str) -> Option<(u8, usize, &str)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let t = &line[indent..];
    let c = *t.as_bytes().first()?;
    if c != b'`' && c != b'~' {
        return None;
    }
    let n = t.bytes().take_while(|&b| b == c).count();
    (n >= 3).then(|| (c, n, t[n..].trim()))
}

/// Words of PGN movetext that are not inside comments, without the parentheses around them.
fn movetext_words(p: &str) -> impl Iterator<Item = &str> {
    let mut depth = 0usize;
    let count = |w: &str, b: u8| w.bytes().filter(|&c| c == b).count();
    p.split_whitespace().filter_map(move |raw| {
        if depth > 0 || raw.starts_with('{') {
            depth += count(raw, b'{');
            depth = depth.saturating_sub(count(raw, b'}'));
            return None;
        }
        Some(trim_ascii(raw, |b| b == b'(' || b == b')'))
    })
}

/// `w` without the ASCII characters `cut` tells at its ends (an ASCII byte is a whole
/// character, so the cuts fall on characters).
fn trim_ascii(w: &str, cut: impl Fn(u8) -> bool) -> &str {
    let b = w.as_bytes();
    let Some(start) = b.iter().position(|&c| !cut(c)) else {
        return "";
    };
    let end = b.iter().rposition(|&c| !cut(c)).map_or(start, |e| e + 1);
    &w[start..end]
}

/// Words that are no notation although they are written in letters.
const NOTATION_WORDS: &[&str] = &[
    "ch", "mate", "check", "castles", "dis", "dbl", "ep", "e.p.", "resigns", "draw", "kt",
];

/// A word of prose (letters only, at least two of them lowercase, not a notation word such
/// as `mate` or `ch`), with the punctuation around it left off.
pub(crate) fn is_prose_word(w: &str) -> bool {
    // A digit is no letter, and no punctuation that the trim takes off: most moves end here.
    if w.bytes().any(|b| b.is_ascii_digit()) {
        return false;
    }
    let w = trim_ascii(w, |b| b.is_ascii_punctuation());
    w.chars().all(char::is_alphabetic)
        && w.chars().filter(|c| c.is_lowercase()).count() >= 2
        && !NOTATION_WORDS.contains(&w.to_lowercase().as_str())
}

/// Does a block of text look like a written position rather than moves or prose: a FEN (its
/// first word eight ranks of men and digits between `/`), or a drawn diagram (at least eight
/// lines of figurines or FEN letters with `·` or `.` for empty squares, rank numbers and file
/// letters allowed, and one line of heading)? Such a block is neither a game nor prose; the
/// linter compares it with the game (`lint::diagrams`).
pub(crate) fn looks_like_position(block: &str) -> bool {
    let t = block.trim();
    let first = t.split_whitespace().next().unwrap_or("");
    if first.matches('/').count() == 7
        && first
            .chars()
            .all(|c| c == '/' || ('1'..='8').contains(&c) || "pnbrqkPNBRQK".contains(c))
    {
        return true;
    }
    let is_cell = |c: char| ('♔'..='♟').contains(&c) || c == '·' || c == '.';
    let is_row = |l: &str| {
        let cells = l
            .chars()
            .filter(|&c| is_cell(c) || "pnbrqkPNBRQK".contains(c))
            .count();
        cells >= 8
            && l.chars().any(is_cell)
            && l.chars().all(|c| {
                is_cell(c)
                    || c.is_whitespace()
                    || ('1'..='8').contains(&c)
                    || "pnbrqkPNBRQK|←".contains(c)
                    || c.is_ascii_lowercase()
            })
    };
    let lines: Vec<&str> = t.lines().filter(|l| !l.trim().is_empty()).collect();
    let rows = lines.iter().filter(|l| is_row(l)).count();
    rows >= 8 && lines.len() <= rows + 2
}

/// Is this paragraph movetext (tag pairs or numbered moves with hardly a word of prose)? When
/// it is: whether it ends with a result, read in the same pass over its words.
fn movetext_ending(p: &str) -> Option<bool> {
    let t = p.trim_start();
    if t.starts_with('[') {
        return Some(ends_with_result(t));
    }
    if !t.bytes().next().is_some_and(|b| b.is_ascii_digit()) {
        return None;
    }
    let (mut words, mut prose, mut moves, mut last) = (0, 0, 0, None);
    for w in movetext_words(t) {
        words += 1;
        prose += usize::from(is_prose_word(w));
        // A notation word that is no move number (at least one move).
        moves += usize::from(!w.is_empty() && !is_number(w));
        last = Some(w);
    }
    (moves > 0 && prose * 10 <= words).then(|| last.is_some_and(is_result))
}

/// The fewest half-moves a run of movetext lines inside a paragraph of prose holds to be read
/// as a score: fewer (`1.e4` alone on its line, then a sentence) are the prose's own moves.
const MIN_SCORE_MOVES: usize = 8;

/// Does a line start with a tag pair (`[Event "…"]`, typographic quotes too), rather than
/// with some other bracketed text (`[Jesper Skjoldborg]1.e4`)?
fn looks_like_tag(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('[') else {
        return false;
    };
    let name = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    name > 0
        && rest[name..]
            .trim_start()
            .starts_with(['"', '“', '„', '”', '«'])
}

/// A move number: digits, then dots or ellipses (or nothing).
fn is_number(w: &str) -> bool {
    let mut b = w.as_bytes();
    while let Some(rest) = b
        .strip_suffix(b".")
        .or_else(|| b.strip_suffix("…".as_bytes()))
    {
        b = rest;
    }
    b.iter().all(u8::is_ascii_digit)
}

/// The first move number of a block (`12` and whether Black's), if it starts with one.
fn first_number(p: &str) -> Option<(u32, bool)> {
    let t = p.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 4 {
        return None;
    }
    let n: u32 = t[..digits].parse().ok()?;
    let rest = t[digits..].trim_start();
    let black = rest.starts_with("...") || rest.starts_with('…') || {
        let after = rest.strip_prefix('.').unwrap_or(rest).trim_start();
        after.starts_with("...") || after.starts_with('…')
    };
    Some((n, black))
}

/// Does the text end with a result token?
fn ends_with_result(p: &str) -> bool {
    movetext_words(p).last().is_some_and(is_result)
}

/// Assembles game blocks: a block without tags that starts after move 1 continues the game
/// before it when that game has no result yet.
struct Games {
    games: Vec<Span>,
    open: bool,
    /// The last game holds tag pairs only (its movetext is the next block).
    tags_only: bool,
}

impl Games {
    /// Adds a block of movetext (`ends`: it ends with a result).
    fn add(&mut self, block: Span, text: &str, ends: bool) {
        let p = &text[block.start..block.end];
        let tags = p.trim_start().starts_with('[');
        let continues = (self.tags_only && !tags)
            || (self.open && !tags && first_number(p).is_some_and(|(n, black)| n > 1 || black));
        match self.games.last_mut() {
            Some(last) if continues => last.end = block.end,
            _ => self.games.push(block),
        }
        self.open = !ends;
        self.tags_only = p
            .lines()
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('['));
    }
}

/// A block of Markdown text.
pub(crate) enum Block<'t> {
    /// A fenced block: its info string, and its content (`None` when it has no line).
    Fence {
        info: &'t str,
        content: Option<Span>,
    },
    /// A paragraph: its lines (indexes into the text's line spans).
    Paragraph(std::ops::Range<usize>),
}

/// The blocks of Markdown `text`, whose line spans are `ls`: fenced blocks (closed by a fence
/// of the same character at least as long, or by the end of the text) and paragraphs (lines up
/// to a blank line or a fence).
pub(crate) fn markdown_blocks<'t>(text: &'t str, ls: &[Span]) -> Vec<Block<'t>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < ls.len() {
        let line = &text[ls[i].start..ls[i].end];
        if let Some((c, n, info)) = fence(line) {
            let close = (i + 1..ls.len()).find(|&j| {
                fence(&text[ls[j].start..ls[j].end])
                    .is_some_and(|(c2, n2, rest)| c2 == c && n2 >= n && rest.is_empty())
            });
            let last = close.unwrap_or(ls.len());
            let content = (last > i + 1).then(|| Span::new(ls[i + 1].start, ls[last - 1].end));
            out.push(Block::Fence { info, content });
            i = last + 1;
            continue;
        }
        if line.trim().is_empty() {
            i += 1;
            continue;
        }
        let first = i;
        while i < ls.len() {
            let l = &text[ls[i].start..ls[i].end];
            if l.trim().is_empty() || (i > first && fence(l).is_some()) {
                break;
            }
            i += 1;
        }
        out.push(Block::Paragraph(first..i));
    }
    out
}

/// The lines `ls` of a paragraph of prose, which may hold lines of a score (a text with no
/// blank line between its headings, prose and score). Each run of score lines that starts a
/// game (tag pairs, or move 1) and holds at least [`MIN_SCORE_MOVES`] half-moves is a game; a
/// comment of prose in parentheses inside it (`5.Sxd4 Sf6 (Die Stellung nach dem 5.Zug …)`,
/// over several lines too) goes to the prose, where its moves are read as the prose's are. A
/// run from the middle of a game stays prose: it is read against the positions of the game and
/// of the moves read before it, which also places the prose's own moves between two runs.
fn score_runs(text: &str, ls: &[Span], game: &mut [u8], prose: &mut [u8], games: &mut Games) {
    // The run so far and its half-moves outside parentheses, and the depth of parentheses at
    // its end (a comment that goes on to the next line).
    let mut run: Option<(Span, usize)> = None;
    let mut depth = 0;
    for l in ls {
        let line = &text[l.start..l.end];
        let shape = Shape::of(line, depth);
        let joins = match run {
            Some(_) if depth > 0 || is_result(line.trim()) => true,
            _ => shape.is_score(line) || looks_like_tag(line),
        };
        if joins {
            run = Some(match run {
                Some((r, m)) => (Span::new(r.start, l.end), m + shape.moves),
                None => (*l, shape.moves),
            });
            depth = shape.depth;
            continue;
        }
        end_run(text, run.take(), game, prose, games);
        depth = 0;
        keep(prose, text, *l);
    }
    end_run(text, run, game, prose, games);
}

/// A run of score lines read as a game, or as prose (see [`score_runs`]).
fn end_run(
    text: &str,
    run: Option<(Span, usize)>,
    game: &mut [u8],
    prose: &mut [u8],
    games: &mut Games,
) {
    let Some((r, moves)) = run else { return };
    let p = &text[r.start..r.end];
    let starts = looks_like_tag(p) || first_number(p).is_some_and(|(n, black)| n == 1 && !black);
    if !(starts && moves >= MIN_SCORE_MOVES) {
        keep(prose, text, r);
        return;
    }
    keep_score(text, r, game, prose);
    games.add(r, text, ends_with_result(p));
}

/// Keeps the score at `r` in the text of games, but for its comments of prose and its groups
/// in square brackets (see [`prose_comments`]), which go to the prose.
fn keep_score(text: &str, r: Span, game: &mut [u8], prose: &mut [u8]) {
    keep(game, text, r);
    for c in prose_comments(&text[r.start..r.end], r.start) {
        keep(prose, text, c);
        for (i, b) in game[c.start..c.end].iter_mut().enumerate() {
            if text.as_bytes()[c.start + i] != b'\n' {
                *b = b' ';
            }
        }
    }
}

/// The groups of a score `p` (at `at` in the text) that go to the prose: those in
/// parentheses that are comments rather than variations (more than a third of their words are
/// words of prose), and those in square brackets that are no tag pair.
fn prose_comments(p: &str, at: usize) -> Vec<Span> {
    let b = p.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let close = match b[i] {
            b'(' => b')',
            b'[' => b']',
            _ => {
                i += 1;
                continue;
            }
        };
        let open = b[i];
        let mut depth = 0usize;
        let mut end = b.len();
        for (j, &c) in b.iter().enumerate().skip(i) {
            if c == open {
                depth += 1;
            } else if c == close {
                depth -= 1;
            }
            if depth == 0 {
                end = j + 1;
                break;
            }
        }
        let group = &p[i..end];
        let inner = &p[i + 1..end.saturating_sub(1).max(i + 1)];
        let words = inner.split_whitespace().count();
        let prose = inner
            .split_whitespace()
            .filter(|w| is_prose_word(w))
            .count();
        // Square brackets inside a score are no PGN (`[13.Bd5]`, `[0:1]`): their moves are
        // read as the prose's, placed by the board.
        if (prose * 3 > words || open == b'[') && !looks_like_tag(group) {
            out.push(Span::new(at + i, at + end));
        }
        i = end;
    }
    out
}

/// A line of a paragraph counted outside its parentheses and square brackets (which go on
/// from `depth`): its words, words of prose and half-moves there, and the depth at its end.
#[derive(Debug)]
struct Shape {
    words: usize,
    prose: usize,
    moves: usize,
    depth: usize,
}

impl Shape {
    fn of(line: &str, mut depth: usize) -> Shape {
        let (mut words, mut prose, mut moves) = (0, 0, 0);
        for raw in line.split_whitespace() {
            let outside = depth == 0 && !raw.starts_with(['(', '[']);
            depth += raw.matches(['(', '[']).count();
            depth = depth.saturating_sub(raw.matches([')', ']']).count());
            if outside {
                let w = trim_ascii(raw, |b| matches!(b, b'(' | b')' | b'[' | b']'));
                words += 1;
                prose += usize::from(is_prose_word(w));
                moves += usize::from(!w.is_empty() && !is_number(w) && !is_result(w));
            }
        }
        Shape {
            words,
            prose,
            moves,
            depth,
        }
    }

    /// A line of a score: it starts with a move number, and at most a third of its words
    /// outside parentheses are words of prose (`7. Kt-Q5 ch, mate, and wins`).
    fn is_score(&self, line: &str) -> bool {
        line.trim_start()
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_digit())
            && self.moves > 0
            && self.prose * 3 <= self.words
    }
}

fn extract_markdown(text: &str) -> Extracted {
    let ls = lines(text);
    let mut game = blank(text).into_bytes();
    let mut prose = game.clone();
    let mut games = Games {
        games: Vec::new(),
        open: false,
        tags_only: false,
    };
    for block in markdown_blocks(text, &ls) {
        match block {
            Block::Fence { info, content } => {
                let info = info.to_ascii_lowercase();
                let is_game = info.is_empty() || info == "pgn" || info.starts_with("pgn ");
                if let Some(span) = content
                    && is_game
                    && !(info.is_empty() && looks_like_position(&text[span.start..span.end]))
                {
                    keep(&mut game, text, span);
                    games.add(span, text, ends_with_result(&text[span.start..span.end]));
                }
            }
            Block::Paragraph(lines) => {
                let span = Span::new(ls[lines.start].start, ls[lines.end - 1].end);
                if looks_like_position(&text[span.start..span.end]) {
                    // A FEN or a diagram: the linter compares it with the game.
                    continue;
                }
                if let Some(ends) = movetext_ending(&text[span.start..span.end]) {
                    keep_score(text, span, &mut game, &mut prose);
                    games.add(span, text, ends);
                    continue;
                }
                score_runs(text, &ls[lines], &mut game, &mut prose, &mut games);
            }
        }
    }
    let n = games.games.len();
    Extracted {
        game_text: to_string(game, text),
        prose_text: to_string(prose, text),
        games: games.games,
        fens: vec![None; n],
        explicit_fragments: Vec::new(),
        scan_prose: true,
    }
}

/// The English letter a skak piece-symbol command stands for.
fn skak_symbol(name: &str) -> Option<&'static str> {
    Some(match name {
        "symking" => "K",
        "symqueen" => "Q",
        "symrook" => "R",
        "symbishop" => "B",
        "symknight" => "N",
        "sympawn" => "",
        _ => return None,
    })
}

/// Past the group that opens at `open` (`{` or `[`), nested groups counted; `None` when it
/// is never closed.
pub(crate) fn group_end(b: &[u8], open: usize) -> Option<usize> {
    let (o, c) = match b.get(open)? {
        b'{' => (b'{', b'}'),
        b'[' => (b'[', b']'),
        _ => return None,
    };
    let mut depth = 0usize;
    let mut i = open;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            x if x == o => depth += 1,
            x if x == c => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

fn skip_spaces(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t') {
        i += 1;
    }
    i
}

/// The value of `setfen=` in an option list such as `[id=main, setfen=…]`.
fn setfen(options: &str) -> Option<String> {
    let at = options.find("setfen")?;
    let rest = options[at + 6..]
        .trim_start()
        .strip_prefix('=')?
        .trim_start();
    let rest = rest.strip_prefix('{').unwrap_or(rest);
    let end = rest.find([',', ']', '}']).unwrap_or(rest.len());
    let fen = rest[..end].trim();
    (!fen.is_empty()).then(|| fen.to_owned())
}

fn extract_latex(text: &str) -> Extracted {
    let b = text.as_bytes();
    let mut game = blank(text).into_bytes();
    let mut prose = game.clone();
    let mut games: Vec<Span> = Vec::new();
    let mut fens: Vec<Option<String>> = Vec::new();
    let mut explicit = Vec::new();
    // A new game starts at the next \mainline (after \newchessgame, or at the first one).
    let mut new_game = true;
    let mut pending_fen: Option<String> = None;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'\\' => {
                let name_len = b[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .count();
                if name_len == 0 {
                    // A control symbol (`\%`, `\,`, `\\`): blank, but `\#` is a mate sign.
                    let next = text[i + 1..].chars().next().map_or(0, char::len_utf8);
                    if b.get(i + 1) == Some(&b'#') {
                        prose[i + 1] = b'#';
                    }
                    i += 1 + next;
                    continue;
                }
                let name = &text[i + 1..i + 1 + name_len];
                let after = i + 1 + name_len;
                match name {
                    "newchessgame" | "resetchessgame" => {
                        new_game = true;
                        pending_fen = None;
                        let j = skip_spaces(b, after);
                        i = if b.get(j) == Some(&b'[') {
                            let end = group_end(b, j).unwrap_or(b.len());
                            pending_fen = setfen(&text[j..end]);
                            end
                        } else {
                            after
                        };
                    }
                    "mainline" | "hidemoves" | "variation" => {
                        let mut j = skip_spaces(b, after);
                        if b.get(j) == Some(&b'[') {
                            j = skip_spaces(b, group_end(b, j).unwrap_or(b.len()));
                        }
                        let Some(end) =
                            (b.get(j) == Some(&b'{')).then(|| group_end(b, j)).flatten()
                        else {
                            i = after;
                            continue;
                        };
                        let content = Span::new(j + 1, end - 1);
                        if name == "variation" {
                            keep(&mut prose, text, content);
                            explicit.push(content);
                        } else {
                            keep(&mut game, text, content);
                            // `\#` is the mate sign of a LaTeX source.
                            for k in content.start..content.end.saturating_sub(1) {
                                if b[k] == b'\\' && b[k + 1] == b'#' {
                                    game[k] = b' ';
                                }
                            }
                            match games.last_mut() {
                                Some(last) if !new_game => last.end = content.end,
                                _ => {
                                    games.push(content);
                                    fens.push(pending_fen.take());
                                }
                            }
                            new_game = false;
                        }
                        i = end;
                    }
                    _ => {
                        if let Some(letter) = skak_symbol(name) {
                            // `\symknight{}f3`, `\symknight f3`: the letter right before what
                            // follows, the rest blanked.
                            let mut end = after;
                            if b[end..].starts_with(b"{}") {
                                end += 2;
                            } else if b.get(end) == Some(&b' ') {
                                end += 1;
                            }
                            if !letter.is_empty() {
                                prose[end - 1] = letter.as_bytes()[0];
                            }
                            i = end;
                        } else {
                            i = after;
                        }
                    }
                }
            }
            b'{' | b'}' | b'$' | b'~' | b'&' | b'[' | b']' => i += 1,
            _ => {
                let len = text[i..].chars().next().map_or(1, char::len_utf8);
                keep(&mut prose, text, Span::new(i, i + len));
                i += len;
            }
        }
    }
    Extracted {
        game_text: to_string(game, text),
        prose_text: to_string(prose, text),
        games,
        fens,
        explicit_fragments: explicit,
        scan_prose: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(f: Format, text: &str) -> Vec<String> {
        let e = extract(f, text);
        assert_eq!(e.game_text.len(), text.len());
        assert_eq!(e.prose_text.len(), text.len());
        e.games
            .iter()
            .map(|s| {
                e.game_text[s.start..s.end]
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn markdown_fences_and_paragraphs() {
        let md = "# Title\n\nSome prose 1. e4 here.\n\n```pgn\n1. e4 e5 *\n```\n\n```rust\n1. e4\n```\n\n1. d4 d5 2. c4\n\nText.\n\n2... e6 3. Nc3\n";
        assert_eq!(
            games(Format::Markdown, md),
            vec!["1. e4 e5 *", "1. d4 d5 2. c4 2... e6 3. Nc3"]
        );
        let e = extract(Format::Markdown, md);
        assert!(e.prose_text.contains("Some prose 1. e4 here."));
        assert!(!e.prose_text.contains("```"));
    }

    #[test]
    fn positions_are_neither_games_nor_prose() {
        let diagram = "8 · · · · · · · ·\n7 · · · ♟ · · · ·\n6 · · · ♚ · · · ·\n5 · · · · ♙ · · ·\n\
                       4 · · · ♙ ♔ · · ·\n3 · · · · · · · ·\n2 · · · · · · · ·\n1 · · · · · · · ·\n  a b c d e f g h";
        let fen = "8/3p4/3k4/4P3/3PK3/8/8/8 w - - 0 1";
        assert!(looks_like_position(diagram));
        assert!(looks_like_position(&format!("Black to move\n{diagram}")));
        assert!(looks_like_position(fen));
        assert!(!looks_like_position("1. e4 e5 2. Nf3"));
        assert!(!looks_like_position("8/8/8 w - - 0 1"));
        let md = format!("1. e4 e5 *\n\n{diagram}\n\n{fen}\n\n```\n{fen}\n```\n\n2. Nf3 *\n");
        assert_eq!(games(Format::Markdown, &md), vec!["1. e4 e5 *", "2. Nf3 *"]);
        let e = extract(Format::Markdown, &md);
        assert!(!e.prose_text.contains('♔') && !e.prose_text.contains("3PK3"));
    }

    /// A text with no blank line between its heading, its prose and its score: the score's
    /// lines are a game, the rest prose; a move or two alone on a line, a run from the middle
    /// of a game and a bracketed name before the score are not.
    #[test]
    fn score_lines_inside_a_paragraph_of_prose() {
        let text = "Chigorin - Davidov\nEvento: St. Petesburgo\nData: 1874\n\
                    1.e4 e5 2.f4 exf4 3.Cf3 g5 4.Bc4 g4 5.0-0 gxf3\n\
                    6.Dxf3 Df6 7.e5 Dxe5\nAs brancas jogam e ganham.\n\
                    12.Cd5 Rd8 13.Bc3 Te8 14.Bf6 Bg5 15.g4 Dg6 16.Bxg5 Dxg5\n\
                    1.e4\ne5\nPremier principe.\n";
        assert_eq!(
            games(Format::Text, text),
            vec!["1.e4 e5 2.f4 exf4 3.Cf3 g5 4.Bc4 g4 5.0-0 gxf3 6.Dxf3 Df6 7.e5 Dxe5"]
        );
        let prose = extract(Format::Text, text).prose_text;
        assert!(prose.contains("12.Cd5 Rd8"), "{prose}");
        assert!(prose.contains("1.e4\ne5"), "{prose}");
        assert!(looks_like_tag("[White \"Anderssen\"]"));
        assert!(looks_like_tag("[White „Anderssen”]"));
        assert!(!looks_like_tag("[Jesper Skjoldborg]1.e4 e5 2.Sf3"));
    }

    #[test]
    fn a_score_line_with_a_comment_in_parentheses_is_a_score() {
        let score = |l: &str| Shape::of(l, 0).is_score(l);
        assert!(score(
            "1 d4 Cf6 2 Cf3 d5 3 Cc3 Ff5 4 Ff4 c6 5 e3 e6 (les blancs sont bien mieux ici) 6 Fd3 Fxd3"
        ));
        assert!(!score(
            "1. e4 is the most popular first move, and it is good."
        ));
        assert!(score("7. Kt-Q5 ch, mate, and wins"));
        assert_eq!(
            Shape::of("1.e4 c5 5.Sxd4 Sf6 (Die Stellung nach", 0).depth,
            1
        );
        // A comment over two lines goes to the prose; a variation stays in the game.
        let text = "Partie\n1.e4 c5 2.Sf3 e6 3.Sc3 Sc6 4.d4 cxd4 5.Sxd4 Sf6 (Die Stellung nach\n\
                    dem 5.Zug ist bekannt) 6.Lg5 (6.Sdb5 d6) 6...Le7 7.Dd2 d5\nEin Satz.\n";
        let e = extract(Format::Text, text);
        assert_eq!(e.games.len(), 1);
        let g = &e.game_text[e.games[0].start..e.games[0].end];
        assert!(g.contains("6.Lg5 (6.Sdb5 d6) 6...Le7 7.Dd2 d5"), "{g}");
        assert!(!g.contains("Stellung"), "{g}");
        assert!(
            e.prose_text.contains("dem 5.Zug ist bekannt)"),
            "{}",
            e.prose_text
        );
        // Square brackets in a text's score are the prose's; a tag pair is the game's.
        let text = "[White \"A\"]\n1. e4 e5 2. Nf3 d6 3. c3 f5 4. Bc4 Nf6 5. d4 [5.dxe5 est \
                    meilleur] 5... fxe4 13. O-O-O? [13.Bd5] [0:1]\n";
        let e = extract(Format::Text, text);
        let g = &e.game_text[e.games[0].start..e.games[0].end];
        assert!(g.contains("[White \"A\"]"), "{g}");
        assert!(!g.contains("13.Bd5") && !g.contains("meilleur"), "{g}");
        assert!(e.prose_text.contains("[13.Bd5]"), "{}", e.prose_text);
    }

    #[test]
    fn prose_paragraph_with_a_number_is_prose() {
        assert_eq!(
            movetext_ending("1. e4 is the most popular first move, and it is good."),
            None
        );
        assert_eq!(
            movetext_ending("1. P-K4 P-K4 2. N-KB3 N-QB3 3. PxP Castles"),
            Some(false)
        );
        assert_eq!(
            movetext_ending("12. Nf3 {a good move, says the author} Nc6 13. Bb5"),
            Some(false)
        );
        // The last word outside comments tells whether the block ends the game.
        assert_eq!(movetext_ending("40. Qg7# {mate} 1-0"), Some(true));
        assert_eq!(movetext_ending("40. Qg7# {1-0}"), Some(false));
        assert_eq!(
            movetext_ending("[Event \"x\"]\n\n1. e4 e5 1/2-1/2"),
            Some(true)
        );
    }

    #[test]
    fn latex_games_variations_and_symbols() {
        let tex = "\\newchessgame\n\\mainline{1. e4 e5 2. Nf3}\nNow \\variation{2. f4} is the gambit. \\mainline{2... Nc6} % 3. xx\nthen \\symknight{}c3.\n\\newchessgame[setfen=8/8/8/8/8/8/8/K1k5 w - - 0 1]\\hidemoves{1. Kb1}";
        assert_eq!(
            games(Format::Latex, tex),
            vec!["1. e4 e5 2. Nf3 2... Nc6", "1. Kb1"]
        );
        let e = extract(Format::Latex, tex);
        assert_eq!(e.fens[1].as_deref(), Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"));
        assert_eq!(
            &e.prose_text[e.explicit_fragments[0].start..e.explicit_fragments[0].end],
            "2. f4"
        );
        assert!(e.prose_text.contains("Nc3."));
        assert!(!e.prose_text.contains("xx"));
    }
}
