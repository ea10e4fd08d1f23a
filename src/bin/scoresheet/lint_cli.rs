//! The `lint` and `rule` subcommands.

use std::sync::Arc;

use scoresheet::syntax::Registry;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use scoresheet::check::{Choice, Options};
use scoresheet::lint::Format as InputFormat;
use scoresheet::lint::ReadOptions;
use scoresheet::lint::config::Config;
use scoresheet::lint::rules::{RULES, Selection, find};
use scoresheet::lint::{LintOptions, Linted, fix, fix_bytes, lint_bytes, output};

use super::{ColorChoice, read_input, terminal_width, use_color};

/// What the exit code of `scoresheet lint` says (printed by `--help`).
const EXIT_CODES: &str = "\
Exit codes:
  0  no errors (warnings and advice allowed); with --fix: no errors left after fixing;
     with --diff: no errors and nothing to fix
  1  errors found (with --fix: errors left after fixing); with --diff: errors found, or
     fixes to show
  2  could not run (usage, configuration, I/O)
--exit-zero turns 1 into 0.";

/// The report formats of `lint`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Human,
    Json,
    /// SARIF 2.1.0, for code-scanning pages.
    Sarif,
}

/// Options of `scoresheet lint`.
#[derive(clap::Args)]
#[command(after_help = EXIT_CODES)]
pub struct LintArgs {
    /// Files to lint (`-` or none: standard input; with --fix the fixed text goes to
    /// standard output).
    files: Vec<String>,
    /// Notation of the games: `auto` or a name (overrides scoresheet.toml).
    #[arg(long)]
    notation: Option<String>,
    /// Language of the games: `auto` or an ISO 639-1 code (overrides scoresheet.toml).
    #[arg(long)]
    lang: Option<String>,
    /// Format of the manuscript: pgn, text, markdown or latex (default: by extension, then
    /// by content).
    #[arg(long = "input-format")]
    input_format: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// When to use colour.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// Rules to run: codes (SC103), prefixes (SC2), names, categories or ALL; comma-separated.
    #[arg(long, value_delimiter = ',')]
    select: Vec<String>,
    /// Rules to leave out (the same forms as --select).
    #[arg(long, value_delimiter = ',')]
    ignore: Vec<String>,
    /// Apply safe fixes (files are rewritten atomically, through symbolic links, keeping
    /// their permissions); the exit code then says whether errors remain.
    #[arg(long)]
    fix: bool,
    /// With --fix or --diff: apply unsafe fixes too.
    #[arg(long)]
    unsafe_fixes: bool,
    /// Print the fixes as a unified diff instead of writing them (exit 1 when there are any,
    /// or when errors remain).
    #[arg(long)]
    diff: bool,
    /// Exit 0 even when errors are found.
    #[arg(long)]
    exit_zero: bool,
    /// Use this configuration file instead of the nearest scoresheet.toml.
    #[arg(long)]
    config: Option<PathBuf>,
    /// Use no configuration file.
    #[arg(long, conflicts_with = "config")]
    no_config: bool,
    /// The path standard input stands for: its name in reports, its format by extension
    /// (`.md`, `.tex`) and the `scoresheet.toml` found from it, as for that file.
    #[arg(long, value_name = "PATH")]
    stdin_filename: Option<String>,
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Exit code 2 after the reason was printed: the lint could not run.
fn usage(message: impl std::fmt::Display) -> ExitCode {
    say!("scoresheet: {message}");
    ExitCode::from(2)
}

/// The lint options of the command line.
fn lint_options(args: &LintArgs, registry: &Arc<Registry>) -> Result<LintOptions, ExitCode> {
    let format = match args.input_format.as_deref() {
        None => None,
        Some(f) => Some(InputFormat::from_name(f).ok_or_else(|| {
            usage(format!(
                "--input-format {f}: use pgn, text, markdown or latex"
            ))
        })?),
    };
    // Named as `check` names them: an unknown name is the same error.
    let auto = Choice::<&str>::Auto.to_string();
    let (notation, lang) = match Options::named(
        args.notation.as_deref().unwrap_or(&auto),
        args.lang.as_deref().unwrap_or(&auto),
        Arc::clone(registry),
    ) {
        Ok(o) => (o.notation, o.lang),
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e));
            return Err(ExitCode::from(2));
        }
    };
    let options = LintOptions {
        read: ReadOptions {
            format,
            notation: args.notation.is_some().then_some(notation),
            lang: args.lang.is_some().then_some(lang),
            registry: Arc::clone(registry),
        },
        selection: Selection {
            select: args.select.clone(),
            ignore: args.ignore.clone(),
        },
        unsafe_fixes: args.unsafe_fixes,
    };
    let unknown = options.selection.unknown();
    if !unknown.is_empty() {
        return Err(usage(format!(
            "no rule is named {} (`scoresheet rule` lists them)",
            unknown.join(", ")
        )));
    }
    Ok(options)
}

/// The configuration for one file: none, the one named, or the nearest `scoresheet.toml`.
fn config_for(args: &LintArgs, path: &str, registry: &Registry) -> Result<Config, ExitCode> {
    let config = if args.no_config {
        Ok(Config::default())
    } else if let Some(c) = &args.config {
        Config::load(c, registry)
    } else {
        Config::find_for(path, registry)
    };
    let config = config.map_err(usage)?;
    let unknown = Selection {
        select: config.select.clone(),
        ignore: config.ignore.clone(),
    }
    .unknown();
    if !unknown.is_empty() {
        let shown = config.path.as_ref().map(|p| p.display().to_string());
        return Err(usage(format!(
            "{}: no rule is named {}",
            shown.unwrap_or_default(),
            unknown.join(", ")
        )));
    }
    Ok(config)
}

/// `--fix` or `--diff` on one file: the fixes written (to the file, standard output or as a
/// diff); returns the lint of the fixed text and whether the text changed.
fn fix_file(
    args: &LintArgs,
    (path, name): (&str, &str),
    bytes: &[u8],
    (options, config): (&LintOptions, Config),
    out: &mut impl Write,
) -> std::io::Result<Result<(Linted, bool), ExitCode>> {
    let fixed = match fix_bytes(name, bytes, options, config) {
        Ok(f) => f,
        Err(e) => {
            eprint!("{}", super::error_report(&e));
            return Ok(Err(ExitCode::from(2)));
        }
    };
    let original = &fixed.linted.doc.original;
    let before = std::str::from_utf8(bytes.strip_prefix(BOM).unwrap_or(bytes)).ok();
    if before.is_none() {
        say!("scoresheet: {name}: not UTF-8; not fixed");
    }
    let before = before.unwrap_or(original);
    let new_bytes = [
        if bytes.starts_with(BOM) { BOM } else { b"" },
        fixed.text.as_bytes(),
    ]
    .concat();
    let differs = fixed.text != before;
    // The diff and the fixed text are data: escaped only on a terminal.
    let terminal = std::io::stdout().is_terminal();
    if args.diff {
        super::write_data(out, &fix::diff(name, before, &fixed.text), terminal)?;
    } else if path == "-" && terminal {
        super::write_data(out, &String::from_utf8_lossy(&new_bytes), terminal)?;
    } else if path == "-" {
        out.write_all(&new_bytes)?;
    } else if differs {
        fix::write_atomic(std::path::Path::new(path), &new_bytes)?;
    }
    if !args.diff && fixed.applied > 0 {
        let what = if fixed.applied == 1 {
            "problem"
        } else {
            "problems"
        };
        say!("scoresheet: {name}: {} {what} fixed", fixed.applied);
    }
    Ok(Ok((fixed.linted, differs)))
}

/// Writes the reports: to standard output, or to standard error when standard output carries
/// the fixed text or the diff.
fn write_reports(
    args: &LintArgs,
    results: &[Linted],
    to_stderr: bool,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    let sink: &mut dyn Write = if to_stderr { &mut err } else { out };
    match args.format {
        Format::Json => {
            output::write_json(&mut *sink, results)?;
            writeln!(sink)
        }
        Format::Sarif => {
            let mut log = scoresheet::lint::sarif::Log::new();
            for l in results {
                log.lint(l);
            }
            log.write(sink)
        }
        Format::Human => {
            let terminal = if to_stderr {
                std::io::stderr().is_terminal()
            } else {
                std::io::stdout().is_terminal()
            };
            let color = use_color(args.color, terminal);
            for l in results {
                output::write_human(&mut *sink, l, color, terminal_width())?;
            }
            Ok(())
        }
    }
}

/// Runs `scoresheet lint`.
pub fn run(
    args: LintArgs,
    registry: &Arc<Registry>,
    quiet: bool,
    out: &mut impl Write,
) -> std::io::Result<ExitCode> {
    let files = if args.files.is_empty() {
        vec!["-".to_owned()]
    } else {
        args.files.clone()
    };
    let options = match lint_options(&args, registry) {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    let mut results: Vec<Linted> = Vec::new();
    let mut changed = false;
    let mut progress = super::progress::Progress::new(quiet, files.len());
    for path in &files {
        let bytes = match read_input(path) {
            Ok(b) => b,
            Err(e) => return Ok(usage(e)),
        };
        // Standard input stands for the file `--stdin-filename` names, if any.
        let name = super::input_name(path, args.stdin_filename.as_deref());
        progress.file(name);
        let config = match config_for(&args, name, registry) {
            Ok(c) => c,
            Err(code) => return Ok(code),
        };
        if args.fix || args.diff {
            match fix_file(&args, (path, name), &bytes, (&options, config), out)? {
                Ok((linted, differs)) => {
                    changed |= differs;
                    results.push(linted);
                }
                Err(code) => return Ok(code),
            }
        } else {
            match lint_bytes(name, &bytes, &options, config) {
                Ok(l) => {
                    progress.games(l.doc.games);
                    results.push(l);
                }
                Err(e) => {
                    eprint!("{}", super::error_report(&e));
                    return Ok(ExitCode::from(2));
                }
            }
        }
    }
    drop(progress);
    let to_stderr = args.diff || (args.fix && files.iter().any(|f| f == "-"));
    write_reports(&args, &results, to_stderr, out)?;
    // Errors (left after fixing, with --fix) fail, as does a diff with something in it.
    let failed = results.iter().any(Linted::has_errors) || (args.diff && changed);
    Ok(if failed && !args.exit_zero {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Runs `scoresheet rule [CODE]`.
pub fn rule(code: Option<&str>, out: &mut impl Write) -> std::io::Result<ExitCode> {
    let Some(code) = code else {
        writeln!(
            out,
            "{:<6} {:<22} {:<12} {:<22} summary",
            "code", "name", "category", "fix"
        )?;
        for r in RULES {
            writeln!(
                out,
                "{:<6} {:<22} {:<12} {:<22} {}",
                r.code,
                r.name,
                r.category.as_str(),
                r.fix.as_str(),
                r.summary()
            )?;
        }
        return Ok(ExitCode::SUCCESS);
    };
    match find(code) {
        Some(r) => {
            writeln!(out, "# {} {}\n", r.code, r.name)?;
            writeln!(
                out,
                "Category: {}. Fix: {}.\n",
                r.category.as_str(),
                r.fix.as_str()
            )?;
            write!(out, "{}", r.doc())?;
            Ok(ExitCode::SUCCESS)
        }
        None => {
            say!("scoresheet: no rule {code} (`scoresheet rule` lists them)");
            Ok(ExitCode::from(2))
        }
    }
}
