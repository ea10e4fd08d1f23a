//! The `scoresheet` command line.
//!
//! Exit codes: 0 = no errors (warnings allowed), 1 = errors found, 2 = could not run
//! (usage, I/O).

use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand, ValueEnum};

use scoresheet::check::{CheckError, Options};
use scoresheet::diagnostic::text::escape;
use scoresheet::syntax::Registry;

/// Reading a game makes many small allocations, and with several jobs a game's report is
/// built on one thread and freed on another: mimalloc serves both without the system
/// allocator's locks.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `purge_delay` option, which libmimalloc-sys does not name: the number is its
/// place in mimalloc's `mi_option_e`, the same in the v2 and v3 sources (14 and 16, its
/// neighbours, are named there); the unit test below checks that the option with this number
/// has purge_delay's default (1000 ms in v3, the version built).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// mimalloc gives freed pages back to the system only a while (up to a second) after they are
/// freed. A long line
/// or a file of one huge game grows its buffers by doubling, and each old buffer stayed
/// resident until then: the hostile inputs of issue 13 peaked at up to 355 MiB, over the
/// 256 MiB bound (the system allocator: 145–230 MiB). Purging at once brings them to
/// 170–233 MiB at a small cost in time (see the README's performance notes). A
/// `MIMALLOC_PURGE_DELAY` set in the environment is left to win.
fn return_freed_memory_at_once() {
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
        // SAFETY: mi_option_set takes no pointer and stores one integer in mimalloc's table
        // of options (a bounds-checked index); it runs first thing in `main`, before any other
        // thread exists, so no read of the option races with it.
        unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) }
    }
}

#[derive(Parser)]
#[command(
    name = "scoresheet",
    version,
    about = "Reads chess game scores as people write them, and says what is wrong."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// A language file to load at run time (repeatable); see `scoresheet grammar new`. The
    /// grammar directories are loaded too: those named by SCORESHEET_GRAMMARS and
    /// `$XDG_CONFIG_HOME/scoresheet/grammars/` (`grammar` commands load neither: they work on
    /// the files they are given).
    #[arg(long = "grammar", value_name = "FILE.pest", global = true)]
    grammars: Vec<std::path::PathBuf>,
    /// Games checked at the same time (threads); default: the machine's cores, or
    /// RAYON_NUM_THREADS. The output is the same whatever the number.
    #[arg(long, short = 'j', value_name = "N", global = true)]
    jobs: Option<std::num::NonZeroUsize>,
    /// No progress line on standard error (it is drawn only when standard error is a
    /// terminal: files, games, games per second).
    #[arg(long, short = 'q', global = true)]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Check scores: resolve every move and report every problem.
    Check(check_cli::CheckArgs),
    /// Convert scores to another notation.
    Convert(convert::ConvertArgs),
    /// List every language: code, name, piece letters.
    Languages,
    /// Read a position (a FEN, a position record in any language, a diagram, a GBR code, or a
    /// game's position after a move) and write it as a FEN, a record, a diagram or a GBR code.
    Position(position_cli::PositionArgs),
    /// Lint chess manuscripts (PGN, plain text, Markdown, LaTeX): every move checked, the
    /// notation kept consistent; `--fix` applies safe fixes.
    Lint(lint_cli::LintArgs),
    /// Join the JSON Lines of the pieces of one file, checked apart with `check --format jsonl
    /// --totals` (`parallel --pipe`, Hadoop streaming, Spark), into the lines of one run:
    /// game numbers, lines and offsets counted from the file's start, one totals line.
    Join {
        /// The pieces' lines, in the file's order (`-` or none: standard input).
        files: Vec<String>,
    },
    /// Print the documentation of a lint rule (`scoresheet rule SC103`), or list the rules.
    Rule {
        /// A rule code or name; none lists every rule.
        code: Option<String>,
    },
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), or write one page per command into a folder.
    Man {
        /// Write `scoresheet.1` and a page per command (`scoresheet-check.1`, …) here instead.
        #[arg(long, value_name = "DIR")]
        dir: Option<std::path::PathBuf>,
    },
    /// Serve the Language Server Protocol over standard input and output (for editors).
    Lsp,
    /// Write and check language files that add a language at run time.
    Grammar {
        #[command(subcommand)]
        action: GrammarAction,
    },
}

#[derive(Subcommand)]
enum GrammarAction {
    /// Check a language file: pest syntax, required rules, left recursion, shadowed choices,
    /// colliding letters, and sample games written with its letters read back.
    Check {
        /// The language files to check.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// When to use colour.
        #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
        color: ColorChoice,
    },
    /// Write a commented template language file for a language code.
    New {
        /// The language code (ISO 639-1, or a tag such as `en-x-gazette`).
        code: String,
        /// Where to write it (`-`: standard output). Default: `CODE.pest`.
        #[arg(long, short)]
        output: Option<String>,
    },
}

#[derive(clap::Args)]
struct ReadArgs {
    /// Notation of the input: `auto` or a name (`algebraic`, `descriptive`, `descriptive-es`,
    /// `coordinate`, `uci`, `smith`, `iccf`). Algebraic reads its long and compact forms and
    /// figurines too.
    #[arg(long, default_value = "auto")]
    notation: String,
    /// Language of the input: `auto` or an ISO 639-1 code.
    #[arg(long, default_value = "auto")]
    lang: String,
    /// The name standard input is reported under, as editors and CI steps that pipe a buffer
    /// give it (`convert` reads a `.md` or `.tex` name as a manuscript).
    #[arg(long, value_name = "PATH")]
    stdin_filename: Option<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, ValueEnum)]
enum Target {
    /// Standard PGN with English SAN, keeping tags, comments, NAGs and variations.
    Pgn,
    /// SAN in the target language: the whole game (tags, comments, signs, variations).
    San,
    /// Long algebraic (`Ng1-f3`, `e7-e8=Q`): the whole game.
    Lan,
    /// Compact algebraic (`Кg1f3`, `d24`, `Оg5:Кf6`): the whole game.
    LanCompact,
    /// Figurine algebraic (`♘f3`): the whole game.
    Figurine,
    /// Coordinate notation (`E2-E4 B8-C6`): the whole game.
    Coordinate,
    /// UCI: the main line, one game per line.
    Uci,
    /// Smith notation (`e2e4`, `e4d5p`, `e1g1c`): the whole game.
    Smith,
    /// ICCF numeric notation (`5254`): the whole game.
    Iccf,
    /// English descriptive notation (`P-K4`): the whole game.
    Descriptive,
    /// Spanish descriptive notation (`P4R`): the whole game.
    DescriptiveEs,
}

/// `eprintln!` for messages that may quote the input (file names, tokens, notes): the line
/// with its control characters escaped, never raw on the terminal.
macro_rules! say {
    ($($arg:tt)*) => {
        eprintln!("{}", scoresheet::diagnostic::text::escape(&format!($($arg)*)))
    };
}

mod check_cli;
mod convert;
mod join;
mod lint_cli;
mod lsp;
mod position_cli;
mod progress;
mod shell;

fn main() -> ExitCode {
    return_freed_memory_at_once();
    let cli = Cli::parse();
    if let Some(jobs) = cli.jobs
        && let Err(e) = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.get())
            .build_global()
    {
        say!("scoresheet: cannot start {jobs} threads: {e}");
        return ExitCode::from(2);
    }
    // User languages are loaded into the registry before any command runs, so that checking,
    // converting, detection and `languages` all see them. `grammar` commands work on files as
    // given.
    let mut registry = bounded_registry();
    if !matches!(cli.command, Command::Grammar { .. })
        && let Err(reports) = scoresheet::check::smoke::register_all(&mut registry, &cli.grammars)
    {
        let color = use_color(ColorChoice::Auto, std::io::stderr().is_terminal());
        for r in reports {
            eprint!("{}", r.render(color, terminal_width()));
        }
        say!(
            "scoresheet: a language file could not be loaded (see `scoresheet grammar check FILE`)"
        );
        return ExitCode::from(2);
    }
    match run(cli, &Arc::new(registry)) {
        Ok(code) => code,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            say!("scoresheet: {e}");
            ExitCode::from(2)
        }
    }
}

/// The built-in languages, with the call limit of user languages' parses (pest's, set around
/// those parses only): [`scoresheet::syntax::user::CALL_LIMIT`] or `SCORESHEET_CALL_LIMIT`.
fn bounded_registry() -> Registry {
    let mut registry = Registry::builtin();
    registry.set_call_limit(scoresheet::syntax::user::env_call_limit());
    registry
}

fn read_input(path: &str) -> std::io::Result<Vec<u8>> {
    if path == "-" {
        let mut buf = Vec::new();
        std::io::stdin().lock().read_to_end(&mut buf)?;
        Ok(buf)
    } else {
        not_a_directory(path)?;
        std::fs::read(path).map_err(|e| std::io::Error::new(e.kind(), format!("{path}: {e}")))
    }
}

/// A directory named as an input is refused by name (opening one succeeds on Unix and only
/// the first read fails, with an error that names no path).
fn not_a_directory(path: &str) -> std::io::Result<()> {
    if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            format!("{path}: is a directory, not a file (name the files in it)"),
        ));
    }
    Ok(())
}

fn use_color(choice: ColorChoice, terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

/// An input to read as a stream, with the name it is reported under.
type Input<'f> = (&'f str, Box<dyn Read>);

/// The options named by `read`, and every file opened (before any report starts: a name that
/// cannot be read stops the command before anything is written), each with the name it is
/// reported under; the exit code when one cannot be opened (said on standard error).
fn open_all<'f>(
    files: &'f [String],
    read: &'f ReadArgs,
    registry: &Arc<Registry>,
) -> Result<(Options, Vec<Input<'f>>), ExitCode> {
    let options = match Options::named(&read.notation, &read.lang, Arc::clone(registry)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e));
            return Err(ExitCode::from(2));
        }
    };
    // No file: standard input.
    let mut inputs = Vec::new();
    if files.is_empty() {
        inputs.push((
            input_name("-", read.stdin_filename.as_deref()),
            Box::new(std::io::stdin().lock()) as Box<dyn Read>,
        ));
    }
    for path in files {
        match open_input(path) {
            Ok(input) => inputs.push((input_name(path, read.stdin_filename.as_deref()), input)),
            Err(e) => {
                say!("scoresheet: {e}");
                return Err(ExitCode::from(2));
            }
        }
    }
    Ok((options, inputs))
}

fn run(cli: Cli, registry: &Arc<Registry>) -> std::io::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match cli.command {
        Command::Check(args) => check_cli::run(&args, registry, cli.quiet, &mut out),
        Command::Join { files } => join_command(&files, &mut out),
        Command::Convert(args) => convert::run(args, registry, cli.quiet, &mut out),
        Command::Lint(args) => lint_cli::run(args, registry, cli.quiet, &mut out),
        Command::Rule { code } => lint_cli::rule(code.as_deref(), &mut out),
        Command::Languages => languages(registry, &mut out),
        Command::Position(args) => position_cli::run(args, registry, &mut out),
        Command::Grammar { action } => grammar_command(action, &cli.grammars, &mut out),
        Command::Completions { shell } => shell::completions::<Cli>(shell, &mut out),
        Command::Man { dir } => shell::man::<Cli>(dir.as_deref(), &mut out),
        Command::Lsp => lsp::run(registry, out),
    }
}

/// `scoresheet join`: exit 1 when the joined lines have errors, as `check` would.
fn join_command(files: &[String], out: &mut impl Write) -> std::io::Result<ExitCode> {
    let stdin = [String::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut out = std::io::BufWriter::new(out);
    let mut errors = 0;
    for path in files {
        let input = open_input(path)?;
        errors += join::join(input, &mut out)?;
    }
    out.flush()?;
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Checks the file `name` (read from `input`) into `sink`, its games counted on the
/// progress line: `None` when it was checked, else the exit code (see [`checked`]).
fn check_file(
    progress: &mut progress::Progress,
    name: &str,
    input: impl Read,
    options: &Options,
    sink: &mut dyn scoresheet::check::Sink,
) -> std::io::Result<Option<ExitCode>> {
    progress.file(name);
    let mut sink = progress.counting(sink);
    // A manuscript (plain text, Markdown, LaTeX) is read as `lint` reads it: its score and the
    // moves of its prose; anything else as PGN, game by game as it streams in.
    if scoresheet::lint::checked::is_manuscript(name) {
        let mut bytes = Vec::new();
        let mut input = input;
        input.read_to_end(&mut bytes)?;
        return checked(scoresheet::lint::checked::check_manuscript(
            name, &bytes, options, &mut sink,
        ));
    }
    checked(scoresheet::check::check_reader(
        name, input, options, &mut sink,
    ))
}

/// The outcome of checking one file: `None` when it was checked, the exit code when it could
/// not be (said on standard error), an I/O error as such.
fn checked(result: Result<(), CheckError>) -> std::io::Result<Option<ExitCode>> {
    match result {
        Ok(()) => Ok(None),
        Err(CheckError::Io(e)) => Err(e),
        Err(e) => {
            eprint!("{}", error_report(&e));
            Ok(Some(ExitCode::from(2)))
        }
    }
}

/// A file (or standard input, `-`) to read as a stream.
fn open_input(path: &str) -> std::io::Result<Box<dyn Read>> {
    if path == "-" {
        return Ok(Box::new(std::io::stdin().lock()));
    }
    not_a_directory(path)?;
    std::fs::File::open(path)
        .map(|f| Box::new(f) as Box<dyn Read>)
        .map_err(|e| std::io::Error::new(e.kind(), format!("{path}: {e}")))
}

/// The name a file is reported under: standard input's is `<stdin>` or the name given by
/// `--stdin-filename`.
fn input_name<'a>(path: &'a str, stdin_name: Option<&'a str>) -> &'a str {
    if path == "-" {
        stdin_name.unwrap_or("<stdin>")
    } else {
        path
    }
}

/// A buffered writer that also flushes when a tenth of a second has passed since it last did,
/// so that a report written while a long input is read shows as it comes.
struct Timely<W: Write> {
    inner: W,
    flushed: std::time::Instant,
    /// Writes since the clock was last read (it is read every 64th).
    writes: u8,
}

impl<W: Write> Timely<W> {
    fn new(inner: W) -> Self {
        Timely {
            inner,
            flushed: std::time::Instant::now(),
            writes: 0,
        }
    }
}

impl<W: Write> Write for Timely<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.writes = (self.writes + 1) % 64;
        if self.writes == 0 && self.flushed.elapsed() >= std::time::Duration::from_millis(100) {
            self.flush()?;
        }
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.flushed = std::time::Instant::now();
        self.inner.flush()
    }
}

/// `scoresheet languages`: every language, its code, name and piece letters.
fn languages(registry: &Registry, out: &mut impl Write) -> std::io::Result<ExitCode> {
    let languages = registry.languages();
    // Columns as wide as the longest code and name (user codes such as `en-x-gazette`
    // are longer than ISO 639-1 codes).
    let cw = languages
        .iter()
        .flat_map(|l| l.codes.iter().map(|c| c.chars().count()))
        .max()
        .unwrap_or(0)
        .max(5);
    let nw = languages
        .iter()
        .flat_map(|l| l.names.iter().map(|n| n.chars().count()))
        .max()
        .unwrap_or(0)
        .max(15);
    writeln!(
        out,
        "{:<cw$} {:<nw$} {:<5} {:<5} {:<5} {:<6} {:<6} {:<5} customs",
        "code", "name", "king", "queen", "rook", "bishop", "knight", "pawn"
    )?;
    for l in languages {
        for (i, code) in l.codes.iter().enumerate() {
            let name = l.names.get(i).or(l.names.first()).map_or("", |n| n);
            let [k, q, r, b, n, p] = std::array::from_fn(|i| {
                let s: &str = &l.letters[i];
                if s.is_empty() { "-" } else { s }
            });
            let customs = &l.customs;
            // A language loaded at run time is marked with its file.
            let user = l
                .user
                .as_ref()
                .map(|path| format!("  (user-supplied: {path})"))
                .unwrap_or_default();
            let row = format!(
                "{code:<cw$} {name:<nw$} {k:<5} {q:<5} {r:<5} {b:<6} {n:<6} {p:<5} {customs}{user}"
            );
            // A user language's names and letters come from its file.
            writeln!(out, "{}", escape(&row))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `scoresheet grammar check` and `scoresheet grammar new`.
fn grammar_command(
    action: GrammarAction,
    grammars: &[std::path::PathBuf],
    out: &mut impl Write,
) -> std::io::Result<ExitCode> {
    use scoresheet::check::smoke;
    use scoresheet::syntax::user as user_grammar;
    match action {
        GrammarAction::Check { files, color } => {
            let color = use_color(color, std::io::stdout().is_terminal());
            let mut failed = false;
            let mut registry = bounded_registry();
            for path in &files {
                // Built and checked against the built-in languages' codes (registering it in
                // this process checks that; nothing is written anywhere).
                let result = registry.build(path, smoke::smoke_test).and_then(|lang| {
                    let summary = grammar_summary(&lang);
                    registry.register(lang).map(|_| summary)
                });
                match result {
                    Ok(summary) => writeln!(out, "{}", escape(&summary))?,
                    Err(report) => {
                        failed = true;
                        write!(out, "{}", report.render(color, terminal_width()))?;
                    }
                }
            }
            Ok(if failed {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        GrammarAction::New { code, output } => {
            let text = user_grammar::template(&code);
            if user_grammar::check_source(&text)
                .iter()
                .any(|p| p.kind == user_grammar::ProblemKind::Header)
            {
                say!(
                    "scoresheet: `{code}` is not a language code: use an ISO 639-1 code (two lowercase letters) or a tag such as `en-x-gazette`"
                );
                return Ok(ExitCode::from(2));
            }
            // A code that a built-in language or a loaded language file (`--grammar`, the
            // grammar directories) serves is refused as `grammar check` would refuse it. A
            // file that does not load takes no code.
            let mut registry = bounded_registry();
            let _ = smoke::register_all(&mut registry, grammars);
            if let Some(taken) = registry.code_taken(&code) {
                let help = taken.help.map(|h| format!("; {h}")).unwrap_or_default();
                eprintln!("scoresheet: {}{help}", taken.message);
                return Ok(ExitCode::from(2));
            }
            let target = output.unwrap_or_else(|| format!("{code}.pest"));
            if target == "-" {
                write!(out, "{text}")?;
                return Ok(ExitCode::SUCCESS);
            }
            let file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&target);
            match file.and_then(|mut f| f.write_all(text.as_bytes())) {
                Ok(()) => {
                    writeln!(
                        out,
                        "wrote {target}: fill in the letters, then run `scoresheet grammar check {target}`"
                    )?;
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => {
                    say!("scoresheet: {target}: {e}");
                    Ok(ExitCode::from(2))
                }
            }
        }
    }
}

/// One line about a language file that passed every check.
fn grammar_summary(lang: &scoresheet::syntax::user::UserLanguage) -> String {
    let l = &lang.language;
    let letters: Vec<String> = ["king", "queen", "rook", "bishop", "knight", "pawn"]
        .iter()
        .zip(&l.letters)
        .map(|(role, s)| format!("{role} {}", if s.is_empty() { "-" } else { s }))
        .collect();
    let notations: Vec<&str> = lang.parsers.iter().map(|p| p.notation).collect();
    format!(
        "{}: ok: {} ({}), {}; composed with {}; the sample games written with its letters read back",
        lang.path,
        l.name(),
        l.codes.join(" "),
        letters.join(", "),
        notations.join(", ")
    )
}

/// An error that stops a command, rendered the house way for standard error (input text in
/// it escaped).
fn error_report(e: &dyn miette::Diagnostic) -> String {
    let color = use_color(ColorChoice::Auto, std::io::stderr().is_terminal());
    scoresheet::diagnostic::render(e, color, terminal_width())
}

/// Writes data derived from the input (converted games, fixed text, a diff): as it is into a
/// file or a pipe, with control characters escaped when it goes to a terminal (as `ls` does
/// with file names), so that nothing from the input reaches a terminal raw.
fn write_data(out: &mut impl Write, text: &str, terminal: bool) -> std::io::Result<()> {
    if terminal {
        out.write_all(escape(text).as_bytes())
    } else {
        out.write_all(text.as_bytes())
    }
}

fn terminal_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_purge_delay_option_is_the_one_set_and_it_takes() {
        // SAFETY: reads and stores of one integer option; this is the only test that touches
        // mimalloc's options.
        let before = unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) };
        let from_env = std::env::var("MIMALLOC_PURGE_DELAY").ok();
        let from_env = from_env.and_then(|v| v.parse::<std::ffi::c_long>().ok());
        return_freed_memory_at_once();
        // SAFETY: as above.
        let after = unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) };
        match from_env {
            // What the user set wins.
            Some(v) => assert_eq!((before, after), (v, v)),
            None => assert_eq!(
                (before, after),
                (1000, 0),
                "purge_delay: v3's default, then 0"
            ),
        }
    }
}
