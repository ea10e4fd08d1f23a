//! The side-by-side speed benchmark of issue 14 (a bench binary).
//!
//! Run with `cargo bench --bench speed`. In one run, on the same files, it times as child
//! processes (wall time, CPU time and peak RSS from each child's rusage):
//! - `scoresheet check` (the release binary cargo builds for benches), with one thread and
//!   with all cores (`--jobs N` when the binary has it, and `RAYON_NUM_THREADS=N` always);
//! - `pgn-extract -r -s` when installed (Debian package `pgn-extract`:
//!   `apt-get install pgn-extract`), skipped with a message otherwise;
//! - a minimal validator, pgn-reader + shakmaty (main line, SAN → legal move): this binary
//!   run as `speed --validate FILE` (`benches/speed/validator.rs`);
//!
//! on the bulk corpus (`../shared/corpus/bulk/*.pgn` joined, or `SCORESHEET_CORPUS`), the
//! same games rendered in German and Bulgarian letters and in long algebraic, with
//! `--notation auto --lang auto` and with them given, a file whose every game has an illegal
//! move, the corpus read with the wrong language (`--lang bg`), and the corpus ten times over.
//! It prints the table, then each target of issue 14 with the measured ratio and PASS/MISS.
//!
//! Environment: `SPEED_REPS` (repetitions, the median is shown; default 3, quick 1),
//! `SPEED_QUICK=1` (one repetition, no ten-fold corpus), `SPEED_HUGE=1` (also a 1 GB file, once),
//! `SPEED_TIMEOUT` (seconds per run, default 600), `SPEED_RSS_CAP_MIB` (a run over it is
//! stopped, default 8192), `SPEED_SCORESHEET` (another scoresheet binary), `PGN_EXTRACT` (its
//! path), `SPEED_KEEP=1` (keep the generated inputs).

use std::path::{Path, PathBuf};
use std::time::Duration;

// The corpus reader and the random generator of the error-injection bench.
#[path = "inject/mod.rs"]
#[allow(dead_code, unused_imports)]
mod inject;
#[path = "speed/inputs.rs"]
mod inputs;
#[path = "speed/measure.rs"]
mod measure;
#[path = "speed/report.rs"]
mod report;
#[path = "speed/validator.rs"]
mod validator;

use inputs::Inputs;
use measure::{Cmd, Limits};
use report::{Row, Table};

fn env_num(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

fn env_flag(name: &str) -> bool {
    std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// pgn-extract: `PGN_EXTRACT` (when that file exists), else on PATH or where Debian puts it.
fn pgn_extract() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("PGN_EXTRACT") {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([
            PathBuf::from("/usr/games"),
            PathBuf::from("/usr/local/games"),
        ])
        .map(|d| d.join("pgn-extract"))
        .find(|p| p.is_file())
}

/// How `check` is told its number of threads.
struct Check {
    bin: PathBuf,
    /// The binary has `--jobs`.
    jobs: bool,
}

impl Check {
    fn new(bin: PathBuf) -> Check {
        let help = std::process::Command::new(&bin)
            .args(["check", "--help"])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default();
        Check {
            jobs: help.contains("--jobs"),
            bin,
        }
    }

    /// `scoresheet check` with `threads` threads and these arguments, reading standard input.
    fn stdin(&self, threads: usize, args: &[&str]) -> Cmd {
        let n = threads.to_string();
        let mut c = Cmd::new(&self.bin)
            .env("RAYON_NUM_THREADS", &n)
            .args(["check"]);
        if self.jobs {
            c = c.args(["--jobs", n.as_str()]);
        }
        c.args(args.iter().copied())
    }

    /// `scoresheet check` with `threads` threads and these arguments, reading `file`.
    fn cmd(&self, threads: usize, args: &[&str], file: &Path) -> Cmd {
        self.stdin(threads, args).args([file.as_os_str()])
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--measure") {
        measure::intermediary(&args[i + 1..]);
    }
    if let Some(i) = args.iter().position(|a| a == "--validate") {
        validator::main(args.get(i + 1).map_or("-", String::as_str));
    }
    let Some(corpus) = inject::corpus_dir() else {
        println!("skipped: corpus not found (set SCORESHEET_CORPUS)");
        return;
    };
    let quick = env_flag("SPEED_QUICK");
    let reps = env_num("SPEED_REPS")
        .unwrap_or(if quick { 1 } else { 3 })
        .max(1) as usize;
    let huge = env_flag("SPEED_HUGE");
    let limits = Limits {
        timeout: Duration::from_secs(env_num("SPEED_TIMEOUT").unwrap_or(600)),
        rss_cap_kib: env_num("SPEED_RSS_CAP_MIB").unwrap_or(8192) * 1024,
    };
    let bin = std::env::var_os("SPEED_SCORESHEET").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_scoresheet")),
        PathBuf::from,
    );
    let check = Check::new(bin);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "speed: {} repetition(s) (median shown){}; scoresheet {} (threads by {}); {cores} cores",
        reps,
        if quick {
            ", quick: no ten-fold corpus"
        } else {
            ""
        },
        check.bin.display(),
        if check.jobs {
            "--jobs and RAYON_NUM_THREADS"
        } else {
            "RAYON_NUM_THREADS"
        },
    );
    let inputs = match Inputs::make(&check.bin, &corpus, !quick, huge) {
        Ok(i) => i,
        Err(e) => {
            println!("skipped: cannot make the inputs: {e}");
            return;
        }
    };
    describe_tools(&inputs);
    let table = build_table(&check, &inputs, cores);
    let table = table.measure(reps, limits);
    let extra = report::Extra::measure(&check, &inputs, limits);
    println!();
    println!("{}", table.render(inputs.games));
    println!("{}", report::targets(&table, &inputs, &extra, cores));
}

/// Prints what the validator reads of the corpus and pgn-extract's version: a check that the
/// tools measured do the same work.
fn describe_tools(inputs: &Inputs) {
    let exe = std::env::current_exe().expect("the bench binary's path");
    let out = std::process::Command::new(exe)
        .arg("--validate")
        .arg(&inputs.en)
        .output();
    if let Ok(out) = out {
        let text = String::from_utf8_lossy(&out.stdout);
        if let [games, plies, errors] = text.split_whitespace().collect::<Vec<_>>()[..] {
            println!(
                "minimal validator on en.pgn: {games} games, {plies} plies played, {errors} games \
                 stopped at a move it does not take"
            );
        }
    }
    if let Some(p) = pgn_extract() {
        // It prints its version on standard error.
        let out = std::process::Command::new(&p).arg("--version").output();
        let version = out.map(|o| {
            let text = [o.stdout, o.stderr].concat();
            let text = String::from_utf8_lossy(&text);
            text.lines().next().unwrap_or_default().trim().to_owned()
        });
        println!(
            "pgn-extract: {} ({})",
            p.display(),
            version.unwrap_or_default()
        );
    }
}

/// The rows of the table: key, what is run.
fn build_table(check: &Check, inputs: &Inputs, cores: usize) -> Table {
    let self_exe = std::env::current_exe().expect("the bench binary's path");
    let mut t = Table::default();
    let validate = |file: &Path| {
        Cmd::new(&self_exe).args([std::ffi::OsStr::new("--validate"), file.as_os_str()])
    };
    let extract = |p: &Path, file: &Path| {
        Cmd::new(p).args([std::ffi::OsStr::new("-r"), "-s".as_ref(), file.as_os_str()])
    };
    let pe = pgn_extract();
    t.push(Row::new(
        "validator",
        "minimal validator (pgn-reader + shakmaty)",
        &inputs.en,
        validate(&inputs.en),
    ));
    match &pe {
        Some(p) => t.push(Row::new(
            "pgn-extract",
            "pgn-extract -r -s",
            &inputs.en,
            extract(p, &inputs.en),
        )),
        None => println!(
            "pgn-extract: not installed, skipped (Debian/Ubuntu: `apt-get install pgn-extract`; \
             or set PGN_EXTRACT to its path)"
        ),
    }
    let auto: &[&str] = &[];
    let json: &[&str] = &["--format", "json"];
    let mut add = |key: &str, what: &str, threads: usize, args: &[&str], file: &Path| {
        t.push(Row::new(key, what, file, check.cmd(threads, args, file)));
    };
    let (en, errors) = (inputs.en.as_path(), inputs.errors.as_path());
    add("check-1", "check, 1 thread", 1, auto, en);
    add(
        "check-all",
        &format!("check, {cores} threads"),
        cores,
        auto,
        en,
    );
    let given = ["--notation", "algebraic", "--lang", "en"];
    add(
        "check-1-given",
        "check, 1 thread, algebraic en given",
        1,
        &given,
        en,
    );
    add(
        "check-1-json",
        "check, 1 thread, --format json",
        1,
        json,
        en,
    );
    for (key, lang, file) in [
        ("san-en", "en", &inputs.san_en),
        ("san-de", "de", &inputs.san_de),
        ("san-bg", "bg", &inputs.san_bg),
        ("lan", "en", &inputs.lan),
    ] {
        let given = ["--notation", "algebraic", "--lang", lang];
        let what = format!("check, 1 thread, algebraic {lang} given");
        add(&format!("{key}-given"), &what, 1, &given, file);
        add(
            &format!("{key}-auto"),
            "check, 1 thread, auto",
            1,
            auto,
            file,
        );
    }
    add("errors", "check, 1 thread", 1, auto, errors);
    add(
        "errors-json",
        "check, 1 thread, --format json",
        1,
        json,
        errors,
    );
    let wrong = ["--notation", "algebraic", "--lang", "bg"];
    add(
        "wrong-lang",
        "check, 1 thread, algebraic bg given (wrong)",
        1,
        &wrong,
        en,
    );
    // A file of one game: what starting costs.
    t.push(Row::new(
        "one-validator",
        "minimal validator (pgn-reader + shakmaty)",
        &inputs.one,
        validate(&inputs.one),
    ));
    if let Some(p) = &pe {
        t.push(Row::new(
            "one-pgn-extract",
            "pgn-extract -r -s",
            &inputs.one,
            extract(p, &inputs.one),
        ));
    }
    t.push(Row::new(
        "one-game",
        "check, 1 thread",
        &inputs.one,
        check.cmd(1, auto, &inputs.one),
    ));
    if let Some(x10) = &inputs.x10 {
        t.push(Row::new("x10", "check, 1 thread", x10, check.cmd(1, auto, x10)).once());
    }
    if let Some((huge, _)) = &inputs.huge {
        t.push(Row::new("huge", "check, 1 thread", huge, check.cmd(1, auto, huge)).once());
    }
    t
}
