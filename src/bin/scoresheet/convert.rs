//! `scoresheet convert`: scores to another notation, games with errors refused (or, with
//! `--repair`, converted as the checker repaired them, every repair listed).

use std::sync::Arc;

use scoresheet::syntax::Registry;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use scoresheet::check::{CheckedGame, Sink};
use scoresheet::diagnostic::{Diagnostic, Severity};
use scoresheet::render::{DescStyle, Knight, LongForm, SquareNotation, Style, Writer};
use scoresheet::report::output;
use scoresheet::span::SourceText;

use super::{ColorChoice, ReadArgs, Target, open_all, terminal_width, use_color, write_data};

/// The options of `scoresheet convert`.
#[derive(Args)]
pub(crate) struct ConvertArgs {
    /// Files to convert (`-` or none: standard input).
    files: Vec<String>,
    #[command(flatten)]
    read: ReadArgs,
    /// Target notation.
    #[arg(long, value_enum)]
    to: Target,
    /// Target language (ISO 639-1 code, default `en`) of the algebraic targets (`san`, `lan`,
    /// `lan-compact`, `figurine`); its own customs (Bulgarian `:` and `X`, Dutch trailing
    /// `:`…) unless --fide. An error with a target that has no piece letters of a language.
    /// With `--to pgn`: PGN whose moves are in that language's letters (FIDE style) — a file
    /// only this tool and a few others read: PGN readers expect English SAN.
    #[arg(long)]
    to_lang: Option<String>,
    /// Write FIDE style (`x`, `+`, `#`, `=`, `O-O`) with the target language's letters (the
    /// algebraic targets only).
    #[arg(long)]
    fide: bool,
    /// With `--to descriptive`: the full form (`PK2-K4`, `NKN1-KB3`).
    #[arg(long)]
    full: bool,
    /// With `--to descriptive`: the knight's letter, `N` (books since about 1950), `Kt` (older
    /// English books) or `Kn`.
    #[arg(long, value_enum)]
    knight: Option<KnightLetter>,
    /// With `--to san`, `lan` or `lan-compact`: figurines (`♘f3`) instead of letters.
    #[arg(long)]
    figurines: bool,
    /// Write each game's main line on one line (move numbers, the signs after the moves and
    /// the result), as UCI always is, instead of the whole game with its tags, comments and
    /// variations. Not with `--to pgn`.
    #[arg(long)]
    main_line: bool,
    /// Convert games with errors too, as the checker repaired them (the move assumed for
    /// an illegal or unreadable one, a missing half-move inserted, swapped half-moves put
    /// back in order, a repeated one left out), each repair marked in a comment (listed on
    /// standard error for UCI, coordinate, Smith and ICCF lines). Without it, a game with
    /// errors is not converted.
    #[arg(long)]
    repair: bool,
    /// When to use colour in error reports.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// Convert a manuscript in place of its moves: every move of its games and prose
    /// fragments rewritten, every other byte kept. Markdown (`.md`) and LaTeX (`.tex`) files
    /// are manuscripts without it; with it, any file is read as the linter reads it.
    #[arg(long)]
    manuscript: bool,
    /// With a manuscript: rewrite the file (atomically, as `lint --fix` does) instead of
    /// printing it.
    #[arg(long, conflicts_with = "diff")]
    in_place: bool,
    /// With a manuscript: print the changes as a unified diff instead of the text.
    #[arg(long)]
    diff: bool,
    /// `text`: the converted games; `jsonl`: a JSON object per game, one per line, with its
    /// converted text (null when it was not converted), its status and its diagnostics.
    #[arg(long, value_enum, default_value_t = ConvertFormat::Text)]
    format: ConvertFormat,
}

/// The output formats of `convert`.
#[derive(Clone, Copy, ValueEnum)]
enum ConvertFormat {
    Text,
    Jsonl,
}

/// The knight's letter of English descriptive notation.
#[derive(Clone, Copy, ValueEnum)]
enum KnightLetter {
    /// `N-KB3`.
    N,
    /// `Kt-KB3`.
    Kt,
    /// `Kn-KB3`.
    Kn,
}

/// True when a file is converted as a manuscript (its moves rewritten in place).
fn is_manuscript(args: &ConvertArgs, path: &str) -> bool {
    let ext = std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    args.manuscript || matches!(ext.as_deref(), Some("md" | "markdown" | "tex" | "latex"))
}

/// Converts the manuscripts among the files; the others are left to the game converter.
/// `None` when there are none, else the exit code.
fn manuscripts(
    args: &ConvertArgs,
    registry: &Arc<Registry>,
    writer: &Writer,
    out: &mut impl Write,
) -> std::io::Result<Option<ExitCode>> {
    // Each file with the name it is read and reported as (standard input: `--stdin-filename`).
    let stdin = [String::from("-")];
    let given = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    let stdin_name = args.read.stdin_filename.as_deref();
    let named = given
        .iter()
        .map(|f| (f.as_str(), super::input_name(f, stdin_name)));
    let files: Vec<(&str, &str)> = named
        .filter(|(_, name)| is_manuscript(args, name))
        .collect();
    if files.is_empty() {
        if args.in_place || args.diff {
            say!(
                "scoresheet: --in-place and --diff apply to manuscripts (Markdown, LaTeX, or --manuscript)"
            );
            return Ok(Some(ExitCode::from(2)));
        }
        return Ok(None);
    }
    if files.len() != given.len() {
        say!("scoresheet: convert manuscripts and game files in separate runs");
        return Ok(Some(ExitCode::from(2)));
    }
    if matches!(args.format, ConvertFormat::Jsonl) {
        say!(
            "scoresheet: --format jsonl writes games; a manuscript is written as text (or --diff)"
        );
        return Ok(Some(ExitCode::from(2)));
    }
    if args.in_place && files.iter().any(|(path, _)| *path == "-") {
        say!(
            "scoresheet: --in-place rewrites files; standard input's text goes to standard output"
        );
        return Ok(Some(ExitCode::from(2)));
    }
    if matches!(args.to, Target::Pgn | Target::Uci) {
        say!(
            "scoresheet: a manuscript's moves are rewritten in a notation of moves; `--to pgn` and `--to uci` convert games"
        );
        return Ok(Some(ExitCode::from(2)));
    }
    let auto = "auto".to_owned();
    let read = match scoresheet::check::Options::named(
        &args.read.notation,
        &args.read.lang,
        Arc::clone(registry),
    ) {
        Ok(o) => scoresheet::lint::ReadOptions {
            format: None,
            notation: (args.read.notation != auto).then_some(o.notation),
            lang: (args.read.lang != auto).then_some(o.lang),
            registry: Arc::clone(registry),
        },
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e));
            return Ok(Some(ExitCode::from(2)));
        }
    };
    let terminal = std::io::stdout().is_terminal();
    let mut failed = false;
    for (file, path) in files {
        let bytes = match super::read_input(file) {
            Ok(b) => b,
            Err(e) => {
                say!("scoresheet: {path}: {e}");
                return Ok(Some(ExitCode::from(2)));
            }
        };
        let config = match scoresheet::lint::config::Config::find_for(path, registry) {
            Ok(c) => c,
            Err(e) => {
                say!("scoresheet: {path}: {e}");
                return Ok(Some(ExitCode::from(2)));
            }
        };
        let converted = match scoresheet::lint::convert::convert_manuscript(
            path,
            &bytes,
            &read,
            config,
            writer,
            args.repair,
        ) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{:?}", miette::Report::new(e));
                return Ok(Some(ExitCode::from(2)));
            }
        };
        failed |= say_left(path, &converted);
        if args.diff {
            let diff = scoresheet::lint::fix::diff(path, &converted.original, &converted.text);
            write_data(out, &diff, terminal)?;
        } else if args.in_place {
            if converted.text != converted.original {
                scoresheet::lint::fix::write_atomic(
                    std::path::Path::new(path),
                    converted.text.as_bytes(),
                )?;
            }
        } else {
            write_data(out, &converted.text, terminal)?;
        }
        let (notation, lang) = &converted.read_as;
        say!(
            "scoresheet: {path}: {} {} rewritten (read as {notation} {lang})",
            converted.rewritten,
            if converted.rewritten == 1 {
                "move"
            } else {
                "moves"
            }
        );
    }
    Ok(Some(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }))
}

/// Says on standard error which moves of a converted manuscript were left as written (a run
/// of moves left for one reason, said once with its count) and which were written as
/// repaired; true when any was left.
fn say_left(path: &str, converted: &scoresheet::lint::convert::Converted) -> bool {
    use scoresheet::diagnostic::text::escape;
    let place = |l: &scoresheet::lint::convert::Left| {
        let at = converted.original.get(..l.span.start).unwrap_or("");
        let line = at.matches('\n').count() + 1;
        let column = at.rsplit('\n').next().map_or(0, |c| c.chars().count()) + 1;
        (line, column)
    };
    // Each token left, but a run of tokens left for the same reason (the moves read after
    // an assumed one) is said once, with its count.
    let mut i = 0;
    while let Some(l) = converted.left.get(i) {
        let (line, column) = place(l);
        let same = converted.left[i + 1..]
            .iter()
            .take_while(|o| o.why == l.why)
            .count();
        let more = match same {
            0 => String::new(),
            1 => ", and 1 more move after it".to_owned(),
            n => format!(", and {n} more moves after it"),
        };
        say!(
            "scoresheet: {path}:{line}:{column}: `{}` left as written: {}{more} (see `scoresheet lint {path}`)",
            escape(&l.text),
            escape(&l.why)
        );
        i += 1 + same;
    }
    for l in &converted.repaired {
        let (line, column) = place(l);
        say!(
            "scoresheet: {path}:{line}:{column}: `{}` {} (assumed, --repair)",
            escape(&l.text),
            escape(&l.why)
        );
    }
    !converted.left.is_empty()
}

/// `scoresheet convert`: each file read as a stream, each game written as soon as it is
/// checked.
pub(crate) fn run(
    args: ConvertArgs,
    registry: &Arc<Registry>,
    quiet: bool,
    out: &mut impl Write,
) -> std::io::Result<ExitCode> {
    let Some(writer) = writer(&args, registry) else {
        return Ok(ExitCode::from(2));
    };
    if let Some(code) = manuscripts(&args, registry, &writer, out)? {
        return Ok(code);
    }
    let (options, inputs) = match open_all(&args.files, &args.read, registry) {
        Ok(opened) => opened,
        Err(code) => return Ok(code),
    };
    let color = use_color(args.color, std::io::stderr().is_terminal());
    let mut failed = false;
    let mut progress = super::progress::Progress::new(quiet, inputs.len());
    // The games and the reports pass under the progress line, when there is one.
    let mut out = std::io::BufWriter::with_capacity(1 << 16, progress.under(out));
    for (name, input) in inputs {
        let mut stderr = progress.under(std::io::stderr());
        let mut file = ConvertFile {
            args: &args,
            writer: &writer,
            out: &mut out,
            terminal: std::io::stdout().is_terminal(),
            path: name,
            report: output::HumanFile::new(&mut stderr, name, (color, terminal_width())),
            held: Vec::new(),
            shown: false,
            refused: Vec::new(),
            repaired: 0,
            converted: 0,
            read_as: ("", String::new()),
            errors: false,
        };
        if let Some(code) = super::check_file(&mut progress, name, input, &options, &mut file)? {
            return Ok(code);
        }
        failed |= file.finish()?;
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// One file converted as it is checked: its games written to `out`, its problems to standard
/// error when it has errors (the problems of the games with errors or not converted, and the
/// file's own, with the file's summary line).
struct ConvertFile<'a, 'e, W: Write> {
    args: &'a ConvertArgs,
    writer: &'a Writer,
    out: &'a mut W,
    terminal: bool,
    path: &'a str,
    report: output::HumanFile<'e>,
    /// The file's notes not shown yet (shown once the file has errors).
    held: Vec<(Diagnostic, Arc<SourceText>)>,
    /// The report has started.
    shown: bool,
    refused: Vec<usize>,
    repaired: usize,
    /// Games written so far.
    converted: usize,
    /// The notation and language the file is read in.
    read_as: (&'static str, String),
    errors: bool,
}

impl<W: Write> ConvertFile<'_, '_, W> {
    /// Starts the report on standard error, with the notes held so far.
    fn show(&mut self) -> std::io::Result<()> {
        if !self.shown {
            self.shown = true;
            for (note, source) in std::mem::take(&mut self.held) {
                self.report.note(&note, &source)?;
            }
        }
        Ok(())
    }

    /// Writes a converted game: as it is, or as a JSON line with `--format jsonl`.
    fn write(
        &mut self,
        g: &CheckedGame,
        source: &Arc<SourceText>,
        converted: &Converted,
        written: Option<&str>,
    ) -> std::io::Result<()> {
        match self.args.format {
            ConvertFormat::Jsonl => {
                let status = match converted {
                    Converted::Clean => "converted",
                    Converted::Repaired => "repaired",
                    Converted::Refused => "refused",
                };
                let diagnostics: Vec<serde_json::Value> = g
                    .diagnostics
                    .iter()
                    .map(|d| output::json_diag(d, source))
                    .collect();
                let line = serde_json::json!({
                    "path": self.path,
                    "game": g.number,
                    "notation": self.read_as.0,
                    "language": self.read_as.1,
                    "status": status,
                    "text": written,
                    "diagnostics": diagnostics,
                });
                let mut text = line.to_string();
                text.push('\n');
                write_data(&mut *self.out, &text, self.terminal)
            }
            ConvertFormat::Text => {
                let Some(written) = written else {
                    return Ok(());
                };
                // One-line games are set apart by a blank line, so that they read back as the
                // same games (a plain-text file goes on past a result on the next line).
                if self.converted > 0 && self.args.main_line && !matches!(self.args.to, Target::Uci)
                {
                    write_data(&mut *self.out, "\n", self.terminal)?;
                }
                write_data(&mut *self.out, written, self.terminal)
            }
        }
    }

    /// Ends the file: its summary and what was not converted, on standard error; true when
    /// the file failed (a game refused, or errors without `--repair`).
    fn finish(mut self) -> std::io::Result<bool> {
        let path = self.path;
        if !self.refused.is_empty() || self.errors {
            self.show()?;
            self.report.finish()?;
        }
        if self.repaired > 0 {
            say!(
                "scoresheet: {path}: {} {} with errors converted as repaired (assumed moves marked)",
                self.repaired,
                if self.repaired == 1 { "game" } else { "games" }
            );
        }
        let refused = &self.refused;
        if refused.is_empty() {
            return Ok(self.errors && !self.args.repair);
        }
        let list: Vec<String> = refused.iter().map(|n| n.to_string()).collect();
        let why = if self.args.repair {
            "its errors could not all be repaired"
        } else {
            "it has errors (see above); `--repair` converts it with the repairs marked"
        };
        say!(
            "scoresheet: {path}: {} {} not converted ({} {}): {why}",
            refused.len(),
            if refused.len() == 1 { "game" } else { "games" },
            if refused.len() == 1 { "game" } else { "games" },
            list.join(", "),
        );
        Ok(true)
    }
}

impl<W: Write> Sink for ConvertFile<'_, '_, W> {
    fn start(&mut self, notation: &'static str, language: &str) -> std::io::Result<()> {
        self.read_as = (notation, language.to_owned());
        self.report.start(notation, language)
    }

    fn note(&mut self, note: &Diagnostic, source: &Arc<SourceText>) -> std::io::Result<()> {
        if note.severity == Severity::Error {
            self.errors = true;
            self.show()?;
        }
        if self.shown {
            self.report.note(note, source)
        } else {
            self.held.push((note.clone(), Arc::clone(source)));
            Ok(())
        }
    }

    fn game(&mut self, g: CheckedGame, source: &Arc<SourceText>) -> std::io::Result<()> {
        // Converted games are data: written as they are, but escaped on a terminal.
        let (converted, written) =
            convert_game(self.path, &g, &source.text, self.args, self.writer);
        self.write(&g, source, &converted, written.as_deref())?;
        match converted {
            Converted::Clean => self.converted += 1,
            Converted::Repaired => {
                self.repaired += 1;
                self.converted += 1;
            }
            Converted::Refused => self.refused.push(g.number),
        }
        if g.has_errors() || matches!(converted, Converted::Refused) {
            self.errors |= g.has_errors();
            self.show()?;
            self.report.write_game(&g, source)
        } else {
            self.report.count_game(&g);
            Ok(())
        }
    }
}

/// The writer of the target notation and language; `None` (after saying why) when they
/// cannot be written.
fn writer(args: &ConvertArgs, registry: &Registry) -> Option<Writer> {
    if let Some(problem) = options_problem(args) {
        say!("scoresheet: {problem}");
        return None;
    }
    let to_lang = args.to_lang.as_deref().unwrap_or("en");
    let Some(lang) = registry.language(to_lang) else {
        say!("scoresheet: --to-lang {to_lang}: no such language (see `scoresheet languages`)");
        return None;
    };
    let style = || {
        let style = Style::of(&lang, args.fide || matches!(args.to, Target::Pgn));
        Box::new(if args.figurines || matches!(args.to, Target::Figurine) {
            style.figurines()
        } else {
            style
        })
    };
    Some(match args.to {
        Target::Descriptive => Writer::Descriptive {
            full: args.full,
            style: Box::new(DescStyle {
                knight: match args.knight {
                    None | Some(KnightLetter::N) => Knight::N,
                    Some(KnightLetter::Kt) => Knight::Kt,
                    Some(KnightLetter::Kn) => Knight::Kn,
                },
                // FIDE's signs: `x` for `×`, `+` and `#` for `ch` and `mate`.
                capture: if args.fide { 'x' } else { '×' },
                check: (if args.fide { "+" } else { " ch" }).into(),
                mate: (if args.fide { "#" } else { " mate" }).into(),
                ..DescStyle::BOOK
            }),
        },
        Target::DescriptiveEs => Writer::DescriptiveEs,
        Target::Lan => Writer::Long {
            style: style(),
            form: LongForm::Hyphen,
        },
        Target::LanCompact => Writer::Long {
            style: style(),
            form: LongForm::Compact,
        },
        Target::Coordinate => Writer::Squares(SquareNotation::Coordinate { upper: true }),
        Target::Smith => Writer::Squares(SquareNotation::Smith),
        Target::Iccf => Writer::Squares(SquareNotation::Iccf),
        Target::San | Target::Figurine | Target::Pgn | Target::Uci => Writer::San(style()),
    })
}

/// An option given that does not apply to the target, in words: never ignored silently.
fn options_problem(args: &ConvertArgs) -> Option<String> {
    let algebraic = matches!(
        args.to,
        Target::San | Target::Lan | Target::LanCompact | Target::Figurine
    );
    let name = args
        .to
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_owned());
    if let Some(lang) = &args.to_lang
        && !algebraic
        && !matches!(args.to, Target::Pgn)
    {
        return Some(format!(
            "--to-lang {lang} applies to pgn, san, lan, lan-compact and figurine; `--to {name}` \
             has no letters of a language"
        ));
    }
    if args.fide && !(algebraic || matches!(args.to, Target::Pgn | Target::Descriptive)) {
        return Some(format!(
            "--fide applies to the algebraic targets and descriptive, not `--to {name}`"
        ));
    }
    if args.knight.is_some() && !matches!(args.to, Target::Descriptive) {
        return Some(format!(
            "--knight applies to `--to descriptive`, not `--to {name}`"
        ));
    }
    if args.full && !matches!(args.to, Target::Descriptive) {
        return Some(format!(
            "--full applies to `--to descriptive`, not `--to {name}`"
        ));
    }
    if args.figurines && !matches!(args.to, Target::San | Target::Lan | Target::LanCompact) {
        return Some(format!(
            "--figurines applies to san, lan and lan-compact, not `--to {name}`"
        ));
    }
    if args.main_line && matches!(args.to, Target::Pgn) {
        return Some("--main-line: PGN is written whole; use `--to san --main-line`".to_owned());
    }
    None
}

/// The tag pairs of a game's set-up start position, each on its line, before a one-line
/// output (a line of moves means nothing without its start); empty from the usual start.
fn start_tags(g: &CheckedGame) -> String {
    match g.syntax.tag("FEN") {
        Some(fen) => format!(
            "[FEN \"{}\"]\n[SetUp \"1\"]\n",
            fen.value.trim().replace('\\', "\\\\").replace('"', "\\\"")
        ),
        None => String::new(),
    }
}

/// What became of a game.
enum Converted {
    /// Written as read.
    Clean,
    /// Written as repaired.
    Repaired,
    /// Not written.
    Refused,
}

/// Writes one game in the target notation (as repaired, with `--repair`, when it has errors).
fn convert_game(
    path: &str,
    g: &CheckedGame,
    text: &str,
    args: &ConvertArgs,
    writer: &Writer,
) -> (Converted, Option<String>) {
    if g.start.is_none() {
        return (Converted::Refused, None);
    }
    if !g.has_errors() {
        let source = text;
        let text = match args.to {
            Target::Uci => start_tags(g) + &output::uci_line(g) + "\n",
            Target::San
            | Target::Lan
            | Target::LanCompact
            | Target::Figurine
            | Target::Coordinate
            | Target::Smith
            | Target::Iccf
            | Target::Descriptive
            | Target::DescriptiveEs => {
                if args.main_line {
                    start_tags(g) + &output::annotated_line(g, writer, text) + "\n"
                } else {
                    output::tree(g, text, writer)
                }
            }
            Target::Pgn if args.to_lang.as_deref().is_some_and(|l| l != "en") => {
                output::pgn_with(g, text, writer)
            }
            Target::Pgn => output::pgn(g, text),
        };
        // Never silently: a move the board reads otherwise than written (a capture mark on
        // no capture, a wrong check sign, a look-alike letter) is written as the board has it.
        for d in g
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning && d.ply.is_some())
        {
            let at = source.get(..d.span.start).unwrap_or("");
            let line = at.matches('\n').count() + 1;
            let column = at.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            let written = source.get(d.span.start..d.span.end).unwrap_or("");
            say!(
                "scoresheet: {path}:{line}:{column}: game {}: `{written}` written as the board reads it ({})",
                g.number,
                d.problem
            );
        }
        return (Converted::Clean, Some(text));
    }
    let Some(items) = g.repaired.as_ref().filter(|_| args.repair) else {
        return (Converted::Refused, None);
    };
    // Never silently: every repair is listed, and marked in the output where the notation
    // has comments.
    for note in output::repair_notes(g, items) {
        say!("scoresheet: {path}: game {}: {note}", g.number);
    }
    // A repaired game is written as its main line: what that leaves out is said.
    if let Some(what) = left_out_of_repaired(g, args.to) {
        say!(
            "scoresheet: {path}: game {}: written as repaired without its {what}",
            g.number
        );
    }
    let text = match args.to {
        Target::Pgn => output::repaired_pgn(g, items),
        Target::Uci => output::repaired_line(g, items, writer, false, true) + "\n",
        Target::Coordinate | Target::Smith | Target::Iccf => {
            output::repaired_line(g, items, writer, false, false) + "\n"
        }
        Target::San
        | Target::Lan
        | Target::LanCompact
        | Target::Figurine
        | Target::Descriptive
        | Target::DescriptiveEs => output::repaired_line(g, items, writer, true, false) + "\n",
    };
    (Converted::Repaired, Some(text))
}

/// What a game written as repaired leaves out that it has: its variations, comments and NAGs
/// (a repaired game is its main line), and its tags where the target writes tags elsewhere but
/// not in a repaired line.
fn left_out_of_repaired(g: &scoresheet::CheckedGame, to: Target) -> Option<String> {
    use scoresheet::syntax::Item;
    let root = &g.syntax.root;
    let mut parts: Vec<&str> = Vec::new();
    if root.lines().count() > 1 {
        parts.push("variations");
    }
    if root.items().any(|i| matches!(i, Item::Comment(_))) {
        parts.push("comments");
    }
    if root.items().any(|i| matches!(i, Item::Nag(_))) {
        parts.push("NAGs");
    }
    let tagged = g.syntax.tags.iter().any(|t| !t.span.is_empty());
    if tagged && !matches!(to, Target::Pgn | Target::Uci) {
        parts.push("tags");
    }
    match parts.as_slice() {
        [] => None,
        [one] => Some((*one).to_owned()),
        [rest @ .., last] => Some(format!("{} and {last}", rest.join(", "))),
    }
}
