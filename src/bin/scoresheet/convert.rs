//! `scoresheet convert`: scores to another notation, games with errors refused (or, with
//! `--repair`, converted as the checker repaired them, every repair listed).

use std::sync::Arc;

use scoresheet::syntax::Registry;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::Args;

use scoresheet::check::{CheckedGame, Sink, check_reader};
use scoresheet::diagnostic::{Diagnostic, Severity};
use scoresheet::render::{LongForm, SquareNotation, Style, Writer};
use scoresheet::report::output;
use scoresheet::span::SourceText;

use super::{
    ColorChoice, ReadArgs, Target, checked, open_all, terminal_width, use_color, write_data,
};

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
    /// Target language (ISO 639-1 code) for notations with piece letters; its own customs
    /// (Bulgarian `:` and `X`, Dutch trailing `:`…) unless --fide.
    #[arg(long, default_value = "en")]
    to_lang: String,
    /// Write FIDE style (`x`, `+`, `#`, `=`, `O-O`) with the target language's letters.
    #[arg(long)]
    fide: bool,
    /// With `--to descriptive`: the full form (`PK2-K4`, `NKN1-KB3`).
    #[arg(long)]
    full: bool,
    /// With `--to san`, `lan` or `lan-compact`: figurines (`♘f3`) instead of letters.
    #[arg(long)]
    figurines: bool,
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
}

/// `scoresheet convert`: each file read as a stream, each game written as soon as it is
/// checked.
pub(crate) fn run(
    args: ConvertArgs,
    registry: &Arc<Registry>,
    out: &mut impl Write,
) -> std::io::Result<ExitCode> {
    let Some(writer) = writer(&args, registry) else {
        return Ok(ExitCode::from(2));
    };
    let (options, inputs) = match open_all(&args.files, &args.read, registry) {
        Ok(opened) => opened,
        Err(code) => return Ok(code),
    };
    let color = use_color(args.color, std::io::stderr().is_terminal());
    let mut failed = false;
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    for (name, input) in inputs {
        let mut stderr = std::io::stderr().lock();
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
            errors: false,
        };
        if let Some(code) = checked(check_reader(name, input, &options, &mut file))? {
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
        let converted = convert_game(
            self.path,
            &g,
            &source.text,
            self.args,
            self.writer,
            (&mut *self.out, self.terminal),
        )?;
        match converted {
            Converted::Clean => {}
            Converted::Repaired => self.repaired += 1,
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
    let to_lang = &args.to_lang;
    let Some(lang) = registry.language(to_lang) else {
        say!("scoresheet: --to-lang {to_lang}: no such language (see `scoresheet languages`)");
        return None;
    };
    if matches!(args.to, Target::Pgn) && to_lang != "en" {
        say!(
            "scoresheet: PGN is always written in English SAN; use `--to san --to-lang {to_lang}`"
        );
        return None;
    }
    let style = || {
        let style = Style::of(&lang, args.fide);
        Box::new(if args.figurines || matches!(args.to, Target::Figurine) {
            style.figurines()
        } else {
            style
        })
    };
    Some(match args.to {
        Target::Descriptive => Writer::descriptive(args.full),
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
    (out, terminal): (&mut impl Write, bool),
) -> std::io::Result<Converted> {
    if g.start.is_none() {
        return Ok(Converted::Refused);
    }
    if !g.has_errors() {
        let text = match args.to {
            Target::Uci => output::uci_line(g) + "\n",
            Target::San
            | Target::Lan
            | Target::LanCompact
            | Target::Figurine
            | Target::Coordinate
            | Target::Smith
            | Target::Iccf
            | Target::Descriptive
            | Target::DescriptiveEs => output::annotated_line(g, writer, text) + "\n",
            Target::Pgn => output::pgn(g, text),
        };
        write_data(out, &text, terminal)?;
        return Ok(Converted::Clean);
    }
    let Some(items) = g.repaired.as_ref().filter(|_| args.repair) else {
        return Ok(Converted::Refused);
    };
    // Never silently: every repair is listed, and marked in the output where the notation
    // has comments.
    for note in output::repair_notes(g, items) {
        say!("scoresheet: {path}: game {}: {note}", g.number);
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
    write_data(out, &text, terminal)?;
    Ok(Converted::Repaired)
}
