//! `scoresheet convert`: scores to another notation, games with errors refused (or, with
//! `--repair`, converted as the checker repaired them, every repair listed).

use std::sync::Arc;

use scoresheet::syntax::Registry;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::Args;

use scoresheet::check::{CheckedFile, CheckedGame};
use scoresheet::render::{LongForm, SquareNotation, Style, Writer};
use scoresheet::report::output;

use super::{ColorChoice, ReadArgs, Target, check_files, terminal_width, use_color, write_data};

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

/// `scoresheet convert`.
pub(crate) fn run(
    args: ConvertArgs,
    registry: &Arc<Registry>,
    out: &mut impl Write,
) -> std::io::Result<ExitCode> {
    let Some(writer) = writer(&args, registry) else {
        return Ok(ExitCode::from(2));
    };
    let checked = match check_files(&args.files, &args.read, registry) {
        Ok(c) => c,
        Err(code) => return Ok(code),
    };
    let color = use_color(args.color, std::io::stderr().is_terminal());
    let mut failed = false;
    for f in &checked {
        failed |= convert_file(f, &args, &writer, color, out)?;
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
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
        Target::Descriptive => Writer::Descriptive { full: args.full },
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

/// Converts the games of one file, reporting its problems on standard error; true when the
/// file failed (a game refused, or errors without `--repair`).
fn convert_file(
    f: &CheckedFile,
    args: &ConvertArgs,
    writer: &Writer,
    color: bool,
    out: &mut impl Write,
) -> std::io::Result<bool> {
    // Converted games are data: written as they are, but escaped on a terminal.
    let terminal = std::io::stdout().is_terminal();
    let mut refused = Vec::new();
    let mut repaired = 0;
    for g in &f.games {
        match convert_game(f, g, args, writer, (&mut *out, terminal))? {
            Converted::Clean => {}
            Converted::Repaired => repaired += 1,
            Converted::Refused => refused.push(g.number),
        }
    }
    if !refused.is_empty() || f.has_errors() {
        output::write_human(&mut std::io::stderr().lock(), f, color, terminal_width())?;
    }
    if repaired > 0 {
        say!(
            "scoresheet: {}: {repaired} {} with errors converted as repaired (assumed moves marked)",
            f.path,
            if repaired == 1 { "game" } else { "games" }
        );
    }
    if refused.is_empty() {
        return Ok(f.has_errors() && !args.repair);
    }
    let list: Vec<String> = refused.iter().map(|n| n.to_string()).collect();
    let why = if args.repair {
        "its errors could not all be repaired"
    } else {
        "it has errors (see above); `--repair` converts it with the repairs marked"
    };
    say!(
        "scoresheet: {}: {} {} not converted ({} {}): {why}",
        f.path,
        refused.len(),
        if refused.len() == 1 { "game" } else { "games" },
        if refused.len() == 1 { "game" } else { "games" },
        list.join(", "),
    );
    Ok(true)
}

/// Writes one game in the target notation (as repaired, with `--repair`, when it has errors).
fn convert_game(
    f: &CheckedFile,
    g: &CheckedGame,
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
            | Target::DescriptiveEs => output::line(g, writer) + "\n",
            Target::Pgn => output::pgn(g, &f.text),
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
        say!("scoresheet: {}: game {}: {note}", f.path, g.number);
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
