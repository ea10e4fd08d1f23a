//! The `check` subcommand.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use clap::ValueEnum;
use scoresheet::report::output;
use scoresheet::syntax::Registry;

use super::progress::Progress;
use super::{ColorChoice, ReadArgs, Timely, check_file, open_all, terminal_width, use_color};

/// Options of `scoresheet check`.
#[derive(clap::Args)]
pub(crate) struct CheckArgs {
    /// Files to check (`-` or none: standard input).
    files: Vec<String>,
    #[command(flatten)]
    read: ReadArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// When to use colour.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// With --format jsonl: after each file, a line of its totals (games, moves, errors,
    /// warnings, advice, bytes, lines), which `scoresheet join` needs to join pieces.
    #[arg(long)]
    totals: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Json,
    /// One JSON object per line: a line per game as soon as it is checked, a line per problem
    /// of a file as a whole.
    Jsonl,
    /// SARIF 2.1.0, for code-scanning pages: one log of every file's problems.
    Sarif,
}

/// `scoresheet check`: each file read as a stream, its report written game by game as the
/// games are checked.
pub(crate) fn run(
    args: &CheckArgs,
    registry: &Arc<Registry>,
    quiet: bool,
    out: &mut impl Write,
) -> std::io::Result<ExitCode> {
    if args.totals && !matches!(args.format, Format::Jsonl) {
        say!("scoresheet: --totals applies to --format jsonl");
        return Ok(ExitCode::from(2));
    }
    let (options, inputs) = match open_all(&args.files, &args.read, registry) {
        Ok(opened) => opened,
        Err(code) => return Ok(code),
    };
    let mut progress = Progress::new(quiet, inputs.len());
    // The report goes out in blocks, not a system call per line (standard output is line
    // buffered; a large JSON report has millions of lines), and at least every tenth of a
    // second while the input is read; under the progress line, when there is one.
    let mut out = Timely::new(std::io::BufWriter::with_capacity(
        1 << 16,
        progress.under(out),
    ));
    let mut errors = false;
    match args.format {
        Format::Json => {
            let mut report = output::JsonReport::new(&mut out)?;
            for (name, input) in inputs {
                let mut file = report.file(name);
                if let Some(code) = check_file(&mut progress, name, input, &options, &mut file)? {
                    return Ok(code);
                }
                errors |= file.finish()?.errors > 0;
            }
            report.end()?;
        }
        Format::Jsonl => {
            for (name, input) in inputs {
                let input = super::join::Counted::new(input);
                let counts = Arc::clone(&input.counts);
                let mut file = scoresheet::report::jsonl::JsonLines::new(&mut out, name);
                if let Some(code) = check_file(&mut progress, name, input, &options, &mut file)? {
                    return Ok(code);
                }
                if args.totals {
                    let (bytes, lines) = counts.get();
                    file.totals(bytes, lines)?;
                }
                errors |= file.finish().errors > 0;
            }
        }
        Format::Sarif => {
            let mut log = scoresheet::lint::sarif::Log::new();
            for (name, input) in inputs {
                let mut file = log.file(name);
                if let Some(code) = check_file(&mut progress, name, input, &options, &mut file)? {
                    return Ok(code);
                }
                errors |= file.errors() > 0;
            }
            log.write(&mut out)?;
        }
        Format::Human => {
            let style = (
                use_color(args.color, std::io::stdout().is_terminal()),
                terminal_width(),
            );
            for (i, (name, input)) in inputs.into_iter().enumerate() {
                // A blank line between one file's summary and the next file's report.
                if i > 0 {
                    writeln!(out)?;
                }
                let mut file = output::HumanFile::new(&mut out, name, style);
                if let Some(code) = check_file(&mut progress, name, input, &options, &mut file)? {
                    return Ok(code);
                }
                errors |= file.finish()?.errors > 0;
            }
        }
    }
    out.flush()?;
    drop(out);
    drop(progress);
    Ok(if errors {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
