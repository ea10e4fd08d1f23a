//! Output: miette reports for people, JSON for machines, and converted games. Reports are
//! written as the games are checked ([`HumanFile`], [`JsonReport`]): a file is never held
//! whole, and its report never rendered whole.

use std::fmt::Write as _;
use std::io;
use std::sync::Arc;

use serde_json::{Value, json};
use shakmaty::{CastlingMode, Chess, Position};

use crate::check::{CheckedFile, CheckedGame, MoveState, RepairedItem, Sink};
use crate::diagnostic::{Diagnostic, ReportWriter, Severity};
use crate::render;
pub use crate::report::pgn::{pgn, pgn_with, signs_after, tree};
use crate::report::pgn::{result_of, tags, wrap};
use crate::span::SourceText;

/// What a file's report has counted: games, resolved moves and problems by severity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games read.
    pub games: usize,
    /// Moves resolved (legal or null), in every line.
    pub plies: usize,
    /// Errors.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Advice.
    pub advice: usize,
    /// Fragments of a manuscript's prose checked (see [`Sink::fragment`]).
    pub fragments: usize,
    /// Moves resolved in them.
    pub fragment_plies: usize,
}

impl Tally {
    pub(crate) fn diagnostic(&mut self, d: &Diagnostic) {
        match d.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Advice => self.advice += 1,
        }
    }

    pub(crate) fn game(&mut self, g: &CheckedGame) {
        self.games += 1;
        self.plies += resolved(g);
        for d in &g.diagnostics {
            self.diagnostic(d);
        }
    }

    /// A fragment of prose checked (its diagnostics are tallied as notes).
    pub(crate) fn fragment(&mut self, g: &CheckedGame) {
        self.fragments += 1;
        self.fragment_plies += resolved(g);
    }

    /// The tally of a file checked at once.
    pub fn of(f: &CheckedFile) -> Tally {
        let mut t = Tally::default();
        for d in &f.diagnostics {
            t.diagnostic(d);
        }
        for g in &f.games {
            t.game(g);
        }
        for g in &f.fragments {
            t.fragment(g);
        }
        t
    }

    /// The one-line summary of a file (its name's control characters escaped).
    pub fn summary(&self, path: &str, notation: &str, language: &str) -> String {
        let plural =
            |n: usize, one: &'static str, many: &'static str| if n == 1 { one } else { many };
        let prose = if self.fragments > 0 {
            format!(
                ", {} more in {} {} of prose",
                self.fragment_plies,
                self.fragments,
                plural(self.fragments, "fragment", "fragments")
            )
        } else {
            String::new()
        };
        let line = format!(
            "{path}: {} {}, {} {} resolved{prose} ({notation} {language}): {} {}, {} {}",
            self.games,
            plural(self.games, "game", "games"),
            self.plies,
            plural(self.plies, "move", "moves"),
            self.errors,
            plural(self.errors, "error", "errors"),
            self.warnings,
            plural(self.warnings, "warning", "warnings"),
        );
        crate::diagnostic::text::escape(&line).into_owned()
    }
}

/// The JSON document of the CLI contract for these files.
pub fn json(files: &[CheckedFile]) -> Value {
    let mut bytes = Vec::new();
    write_json(&mut bytes, files).expect("writing to memory does not fail");
    serde_json::from_slice(&bytes).expect("the report is JSON")
}

/// Writes [`json()`]'s document, pretty-printed, one diagnostic at a time (see
/// [`JsonReport`]).
///
/// # Errors
/// When writing fails.
pub fn write_json(out: &mut dyn io::Write, files: &[CheckedFile]) -> io::Result<()> {
    let mut report = JsonReport::new(out)?;
    for f in files {
        let mut file = report.file(&f.path);
        replay(f, &mut file)?;
        file.finish()?;
    }
    report.end()
}

/// A report that is also written from a file checked at once (its games borrowed, not handed
/// over as a stream hands them).
trait Replayed: Sink {
    fn write_game(&mut self, g: &CheckedGame, source: &Arc<SourceText>) -> io::Result<()>;
}

/// Writes a file checked at once into its report: its notes, then its games, in its whole
/// text.
fn replay(f: &CheckedFile, report: &mut impl Replayed) -> io::Result<()> {
    report.start(f.notation, &f.language)?;
    let source = Arc::new(SourceText::whole(Arc::clone(&f.text)));
    for d in &f.diagnostics {
        report.note(d, &source)?;
    }
    for g in &f.games {
        report.write_game(g, &source)?;
    }
    Ok(())
}

/// The JSON document of the CLI contract, written as the files are checked, as
/// `serde_json::to_writer_pretty` prints it: `{"files": [{"path", "notation", "language",
/// "diagnostics": [...], "games"}]}`, each diagnostic written as it comes.
pub struct JsonReport<'o> {
    out: &'o mut dyn io::Write,
    files: usize,
}

impl<'o> JsonReport<'o> {
    /// Opens the document.
    ///
    /// # Errors
    /// When writing fails.
    pub fn new(out: &'o mut dyn io::Write) -> io::Result<JsonReport<'o>> {
        out.write_all(b"{\n  \"files\": [")?;
        Ok(JsonReport { out, files: 0 })
    }

    /// The next file's entry (a [`Sink`]); [`JsonFile::finish`] closes it.
    pub fn file(&mut self, path: &str) -> JsonFile<'_, 'o> {
        JsonFile {
            path: path.to_owned(),
            report: self,
            diagnostics: 0,
            tally: Tally::default(),
            line: Vec::new(),
        }
    }

    /// Closes the document (with a line break after it).
    ///
    /// # Errors
    /// When writing fails.
    pub fn end(self) -> io::Result<()> {
        if self.files > 0 {
            self.out.write_all(b"\n  ")?;
        }
        self.out.write_all(b"]\n}\n")
    }
}

/// One file of a [`JsonReport`], written as it is checked.
pub struct JsonFile<'r, 'o> {
    report: &'r mut JsonReport<'o>,
    path: String,
    diagnostics: usize,
    tally: Tally,
    /// A diagnostic as written.
    line: Vec<u8>,
}

/// Bytes with every line break followed by the indentation of a diagnostic in the document.
struct Indented<'b>(&'b mut Vec<u8>);

impl io::Write for Indented<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        for piece in buf.split_inclusive(|&b| b == b'\n') {
            self.0.extend_from_slice(piece);
            if piece.ends_with(b"\n") {
                self.0.extend_from_slice(b"        ");
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl JsonFile<'_, '_> {
    fn diagnostic(&mut self, d: &Diagnostic, source: &SourceText) -> io::Result<()> {
        let out = &mut *self.report.out;
        out.write_all(if self.diagnostics == 0 { b"\n" } else { b",\n" })?;
        // JSON strings hold no line break: every line of the value is indented alike, four
        // levels deep.
        self.line.clear();
        self.line.extend_from_slice(b"        ");
        serde_json::to_writer_pretty(Indented(&mut self.line), &json_diag(d, source))
            .map_err(io::Error::other)?;
        out.write_all(&self.line)?;
        self.diagnostics += 1;
        Ok(())
    }

    /// Writes a checked game's problems (its spans in `source`'s text).
    ///
    /// # Errors
    /// When writing fails.
    pub fn write_game(&mut self, g: &CheckedGame, source: &SourceText) -> io::Result<()> {
        self.tally.game(g);
        for d in &g.diagnostics {
            self.diagnostic(d, source)?;
        }
        Ok(())
    }

    /// Closes the file's entry; returns its tally.
    ///
    /// # Errors
    /// When writing fails.
    pub fn finish(self) -> io::Result<Tally> {
        let out = &mut *self.report.out;
        if self.diagnostics > 0 {
            out.write_all(b"\n      ")?;
        }
        write!(out, "],\n      \"games\": {}\n    }}", self.tally.games)?;
        self.report.files += 1;
        Ok(self.tally)
    }
}

impl Replayed for JsonFile<'_, '_> {
    fn write_game(&mut self, g: &CheckedGame, source: &Arc<SourceText>) -> io::Result<()> {
        JsonFile::write_game(self, g, source)
    }
}

impl Sink for JsonFile<'_, '_> {
    fn start(&mut self, notation: &'static str, language: &str) -> io::Result<()> {
        let out = &mut *self.report.out;
        out.write_all(if self.report.files == 0 {
            b"\n"
        } else {
            b",\n"
        })?;
        let field = |v: &str| serde_json::to_string(v).map_err(io::Error::other);
        write!(
            out,
            "    {{\n      \"path\": {},\n      \"notation\": {},\n      \"language\": {},\n      \"diagnostics\": [",
            field(&self.path)?,
            field(notation)?,
            field(language)?,
        )
    }

    fn note(&mut self, note: &Diagnostic, source: &Arc<SourceText>) -> io::Result<()> {
        self.tally.diagnostic(note);
        self.diagnostic(note, source)
    }

    fn game(&mut self, game: CheckedGame, source: &Arc<SourceText>) -> io::Result<()> {
        self.write_game(&game, source)
    }
}

/// Moves resolved (legal or null) in every line of a game.
fn resolved(g: &CheckedGame) -> usize {
    (g.moves.iter())
        .filter(|m| matches!(m, MoveState::Legal(_) | MoveState::Null))
        .count()
}

/// A diagnostic as the JSON contract writes it (its spans in `source`'s text).
pub fn json_diag(d: &Diagnostic, source: &SourceText) -> Value {
    let mut out = serde_json::Map::new();
    out.insert("code".into(), json!(d.code().as_str()));
    out.insert("severity".into(), json!(d.severity.as_str()));
    out.insert("message".into(), json!(d.problem.to_string()));
    out.extend(json_place(source, d.span, d.game, d.ply));
    out.insert("help".into(), json!(d.full_help()));
    out.insert("suggestions".into(), json!(d.suggestions));
    Value::Object(out)
}

/// Where a diagnostic is, as the JSON fields of the CLI contract, in order: `line`, `column`,
/// `offset`, `length`, `game` (null for the file), `ply` and the `text` at the span (a span
/// of `source`'s text: the offset is the file's). Shared by `check` and `lint`.
pub(crate) fn json_place(
    source: &SourceText,
    span: crate::span::Span,
    game: usize,
    ply: Option<u32>,
) -> serde_json::Map<String, Value> {
    let (line, column) = source.line_col(span.start);
    let mut out = serde_json::Map::new();
    out.insert("line".into(), json!(line));
    out.insert("column".into(), json!(column));
    out.insert("offset".into(), json!(source.origin.offset + span.start));
    out.insert("length".into(), json!(span.len()));
    out.insert(
        "game".into(),
        if game == 0 { Value::Null } else { json!(game) },
    );
    out.insert("ply".into(), json!(ply));
    out.insert(
        "text".into(),
        json!(source.text.get(span.start..span.end).unwrap_or("")),
    );
    out
}

/// Counts of (errors, warnings, advice).
pub fn counts(f: &CheckedFile) -> (usize, usize, usize) {
    let t = Tally::of(f);
    (t.errors, t.warnings, t.advice)
}

/// The one-line summary of a file (its name's control characters escaped).
pub fn summary(f: &CheckedFile) -> String {
    Tally::of(f).summary(&f.path, f.notation, &f.language)
}

/// The human report of a file, rendered (see [`HumanFile`]).
pub fn human(f: &CheckedFile, color: bool, width: usize) -> String {
    let mut out = Vec::new();
    write_human(&mut out, f, color, width).expect("writing to memory does not fail");
    String::from_utf8(out).expect("the report is text")
}

/// [`human`] written to `out` as it is rendered (see [`HumanFile`]).
///
/// # Errors
/// When writing to `out` fails.
pub fn write_human(
    out: &mut dyn io::Write,
    f: &CheckedFile,
    color: bool,
    width: usize,
) -> io::Result<()> {
    let mut file = HumanFile::new(out, &f.path, (color, width));
    replay(f, &mut file)?;
    file.finish().map(|_| ())
}

/// A file's human report, written as the file is checked (a [`Sink`]): each game's problems
/// as soon as the game is checked, in full (past the first 2,000 problems a line each), and
/// the file's summary line last.
pub struct HumanFile<'o> {
    out: &'o mut dyn io::Write,
    path: String,
    writer: ReportWriter,
    notation: &'static str,
    language: String,
    tally: Tally,
}

impl<'o> HumanFile<'o> {
    /// The report of the file `path` in this style (colour, width), written to `out`.
    pub fn new(out: &'o mut dyn io::Write, path: &str, style: (bool, usize)) -> HumanFile<'o> {
        HumanFile {
            out,
            path: path.to_owned(),
            writer: ReportWriter::new(path, style),
            notation: "",
            language: String::new(),
            tally: Tally::default(),
        }
    }

    /// Writes a checked game's problems (its spans in `source`'s text).
    ///
    /// # Errors
    /// When writing fails.
    pub fn write_game(&mut self, g: &CheckedGame, source: &Arc<SourceText>) -> io::Result<()> {
        self.tally.game(g);
        let out = &mut *self.out;
        self.writer.part(
            source,
            g.diagnostics.iter().map(|d| (d, d.severity)),
            &mut |piece: &str| out.write_all(piece.as_bytes()),
        )
    }

    /// Counts a checked game without writing its problems (a report of some games only).
    pub fn count_game(&mut self, g: &CheckedGame) {
        self.tally.game(g);
    }

    /// Writes the summary line; returns the file's tally.
    ///
    /// # Errors
    /// When writing fails.
    pub fn finish(self) -> io::Result<Tally> {
        let summary = self
            .tally
            .summary(&self.path, self.notation, &self.language);
        let out = self.out;
        self.writer
            .finish(summary, &mut |piece: &str| out.write_all(piece.as_bytes()))?;
        Ok(self.tally)
    }
}

impl Replayed for HumanFile<'_> {
    fn write_game(&mut self, g: &CheckedGame, source: &Arc<SourceText>) -> io::Result<()> {
        HumanFile::write_game(self, g, source)
    }
}

impl Sink for HumanFile<'_> {
    fn start(&mut self, notation: &'static str, language: &str) -> io::Result<()> {
        self.notation = notation;
        language.clone_into(&mut self.language);
        Ok(())
    }

    fn note(&mut self, note: &Diagnostic, source: &Arc<SourceText>) -> io::Result<()> {
        self.tally.diagnostic(note);
        let out = &mut *self.out;
        self.writer
            .part(source, [(note, note.severity)], &mut |piece: &str| {
                out.write_all(piece.as_bytes())
            })
    }

    fn game(&mut self, game: CheckedGame, source: &Arc<SourceText>) -> io::Result<()> {
        self.write_game(&game, source)
    }

    fn fragment(&mut self, fragment: CheckedGame, source: &Arc<SourceText>) -> io::Result<()> {
        self.tally.fragment(&fragment);
        for d in &fragment.diagnostics {
            self.note(d, source)?;
        }
        Ok(())
    }
}

/// The main line in UCI, moves separated by single spaces.
pub fn uci_line(g: &CheckedGame) -> String {
    let mode = g
        .start
        .as_ref()
        .map(castling_mode)
        .unwrap_or(CastlingMode::Standard);
    g.mainline
        .iter()
        .map(|m| render::uci(m.as_ref(), mode))
        .collect::<Vec<_>>()
        .join(" ")
}

fn castling_mode(pos: &Chess) -> CastlingMode {
    pos.castles().mode()
}

/// The main line written by `writer` (a notation, and a language's letters and customs), with
/// move numbers, on one line.
pub fn line(g: &CheckedGame, writer: &render::Writer) -> String {
    main_line(g, writer, &[])
}

/// The main line as [`line()`] writes it, with the commentary signs and NAGs after its moves
/// (`text` is the game's file), written as the seed's signs (`Кf3 ±`, `0-0 Δ`) where one means
/// the NAG, else as `$n`.
pub fn annotated_line(g: &CheckedGame, writer: &render::Writer, text: &str) -> String {
    main_line(g, writer, &signs_after(g, text))
}

/// The main line, each move followed by its entry of `signs` (none past its end).
fn main_line(g: &CheckedGame, writer: &render::Writer, signs: &[String]) -> String {
    let Some(start) = g.start.clone() else {
        return String::new();
    };
    let mut origins = crate::board::descriptive::Origins::from_position(&start);
    let mut pos = start;
    let mut out = String::new();
    for (i, m) in g.mainline.iter().enumerate() {
        let number = pos.fullmoves().get();
        if pos.turn() == shakmaty::Color::White {
            let _ = write!(out, "{number}. ");
        } else if i == 0 {
            let _ = write!(out, "{number}... ");
        }
        match m {
            Some(m) => {
                out.push_str(&writer.write(&pos, &origins, m));
                origins.play(m);
                pos.play_unchecked(*m);
            }
            None => {
                out.push_str("--");
                pos = crate::board::resolve::play_null(&pos);
            }
        }
        if let Some(s) = signs.get(i) {
            out.push_str(s);
        }
        out.push(' ');
    }
    out.push_str(&result_of(g));
    out
}

/// One written-out token of a repaired main line: a move number, a move, or a comment.
enum Piece {
    Number(String),
    Move(String),
    Comment(String),
}

/// Walks the repaired main line: each move written by `write` (given the position before it),
/// with its move number, and each note as a comment.
fn repaired_pieces(
    g: &CheckedGame,
    items: &[RepairedItem],
    write: &mut dyn FnMut(&Chess, &crate::board::descriptive::Origins, &shakmaty::Move) -> String,
) -> Vec<Piece> {
    let mut out = Vec::new();
    let Some(start) = g.start.clone() else {
        return out;
    };
    let mut origins = crate::board::descriptive::Origins::from_position(&start);
    let mut pos = start;
    let mut need_number = true;
    for item in items {
        match item {
            RepairedItem::Note(note) => {
                out.push(Piece::Comment(note.clone()));
                need_number = true;
            }
            RepairedItem::Move { m, note } => {
                let number = pos.fullmoves().get();
                if pos.turn() == shakmaty::Color::White {
                    out.push(Piece::Number(format!("{number}.")));
                } else if need_number {
                    out.push(Piece::Number(format!("{number}...")));
                }
                need_number = false;
                match m {
                    Some(m) => {
                        out.push(Piece::Move(write(&pos, &origins, m)));
                        origins.play(m);
                        pos.play_unchecked(*m);
                    }
                    None => {
                        out.push(Piece::Move("--".into()));
                        pos = pos.clone().swap_turn().unwrap_or(pos);
                    }
                }
                if let Some(n) = note {
                    out.push(Piece::Comment(n.clone()));
                    need_number = true;
                }
            }
        }
    }
    out
}

/// The main line as repaired (`CheckedGame::repaired`), written by `writer` on one line with
/// move numbers; each assumed move is followed by its note in braces when `comments` (the
/// notations without comments, such as UCI, get the moves only).
pub fn repaired_line(
    g: &CheckedGame,
    items: &[RepairedItem],
    writer: &render::Writer,
    comments: bool,
    uci: bool,
) -> String {
    let mode = g
        .start
        .as_ref()
        .map(castling_mode)
        .unwrap_or(CastlingMode::Standard);
    let mut write =
        |pos: &Chess, origins: &crate::board::descriptive::Origins, m: &shakmaty::Move| {
            if uci {
                render::uci(Some(m), mode)
            } else {
                writer.write(pos, origins, m)
            }
        };
    let pieces = repaired_pieces(g, items, &mut write);
    let mut out: Vec<String> = Vec::new();
    for p in pieces {
        match p {
            Piece::Number(n) if !uci => out.push(n),
            Piece::Move(m) => out.push(if uci && m == "--" { "0000".into() } else { m }),
            Piece::Comment(c) if comments => out.push(format!("{{{c}}}")),
            Piece::Number(_) | Piece::Comment(_) => {}
        }
    }
    if !uci {
        out.push(result_of(g));
    }
    out.join(" ")
}

/// The notes of a repaired main line, each with the move it is about (`7. Bb3`, `12... Re8`),
/// for a report beside a conversion.
pub fn repair_notes(g: &CheckedGame, items: &[RepairedItem]) -> Vec<String> {
    let mut write = |pos: &Chess, _: &crate::board::descriptive::Origins, m: &shakmaty::Move| {
        render::san_plus(pos, m)
    };
    let pieces = repaired_pieces(g, items, &mut write);
    let mut notes = Vec::new();
    let mut number = String::new();
    let mut last = String::new();
    for p in pieces {
        match p {
            Piece::Number(n) => number = n,
            Piece::Move(m) => {
                last = format!("{number} {m}");
                if !number.ends_with("...") {
                    // The next Black move has no number of its own.
                    number = number.replace('.', "...");
                }
            }
            Piece::Comment(c) => {
                let c = c.trim_start_matches("scoresheet: ");
                notes.push(if last.is_empty() {
                    c.to_owned()
                } else {
                    format!("{}: {c}", last.trim())
                });
            }
        }
    }
    notes
}

/// The main line as repaired, as standard PGN (English SAN) with the game's tags and each
/// repair marked in a comment beside the move it concerns.
pub fn repaired_pgn(g: &CheckedGame, items: &[RepairedItem]) -> String {
    let mut out = tags(g);
    let mut write = |pos: &Chess, _: &crate::board::descriptive::Origins, m: &shakmaty::Move| {
        render::san_plus(pos, m)
    };
    let mut tokens: Vec<String> = repaired_pieces(g, items, &mut write)
        .into_iter()
        .map(|p| match p {
            Piece::Number(t) | Piece::Move(t) => t,
            Piece::Comment(c) => format!("{{{c}}}"),
        })
        .collect();
    tokens.push(result_of(g));
    wrap(&mut out, tokens);
    out
}
