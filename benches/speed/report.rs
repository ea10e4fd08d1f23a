//! The measured rows, the table printed, the streaming probe and the targets of issue 14.

use std::fmt::Write as _;
use std::path::Path;

use super::Check;
use super::inputs::Inputs;
use super::measure::{self, Cmd, End, Limits, Run, Streaming};

/// One measured command.
pub struct Row {
    pub key: String,
    what: String,
    input: String,
    cmd: Cmd,
    /// Run once whatever the repetitions (the ten-fold and 1 GB files).
    once: bool,
    runs: Vec<Run>,
}

impl Row {
    pub fn new(key: &str, what: &str, input: &Path, cmd: Cmd) -> Row {
        Row {
            key: key.to_owned(),
            what: what.to_owned(),
            input: input
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned()),
            cmd,
            once: false,
            runs: Vec::new(),
        }
    }

    pub const fn once(mut self) -> Row {
        self.once = true;
        self
    }

    /// The wall times of the runs, least first, when every run finished.
    fn walls(&self) -> Option<Vec<f64>> {
        if self.runs.is_empty() || !self.runs.iter().all(Run::finished) {
            return None;
        }
        let mut w: Vec<f64> = self.runs.iter().map(|r| r.wall).collect();
        w.sort_by(f64::total_cmp);
        Some(w)
    }

    /// The median wall time of the runs, when every run finished.
    pub fn wall(&self) -> Option<f64> {
        self.walls().map(|w| w[w.len() / 2])
    }

    /// The least wall time of the runs, when every run finished: noise only adds time, so on a
    /// busy machine it is the steadier of the two (the targets are judged on the median).
    fn best(&self) -> Option<f64> {
        self.walls().map(|w| w[0])
    }

    fn cpu(&self) -> Option<f64> {
        if !self.runs.iter().all(Run::finished) {
            return None;
        }
        let mut c: Vec<f64> = self.runs.iter().map(|r| r.cpu).collect();
        c.sort_by(f64::total_cmp);
        c.get(c.len() / 2).copied()
    }

    /// The largest peak RSS over the runs, in MiB.
    pub fn rss_mib(&self) -> Option<f64> {
        self.runs
            .iter()
            .map(|r| r.max_rss_kib as f64 / 1024.0)
            .max_by(f64::total_cmp)
    }

    /// How the runs ended, when not all by exiting.
    fn ends(&self) -> String {
        let mut codes: Vec<String> = self
            .runs
            .iter()
            .map(|r| match r.end {
                End::Exit(c) => c.to_string(),
                End::Signal(s) => format!("signal {s}"),
                End::Timeout => "timeout".to_owned(),
                End::OverMemory => "over memory cap".to_owned(),
            })
            .collect();
        codes.dedup();
        codes.join(", ")
    }
}

/// The rows, in the order they are printed.
#[derive(Default)]
pub struct Table {
    rows: Vec<Row>,
}

/// `a` in times `b`, or a dash.
fn times(a: Option<f64>, b: Option<f64>) -> String {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => format!("{:.1}", a / b),
        _ => "—".to_owned(),
    }
}

fn secs(s: Option<f64>) -> String {
    s.map_or("—".to_owned(), |s| format!("{s:.3}"))
}

impl Table {
    pub fn push(&mut self, row: Row) {
        self.rows.push(row);
    }

    pub fn get(&self, key: &str) -> Option<&Row> {
        self.rows.iter().find(|r| r.key == key)
    }

    /// The median wall time of a row.
    pub fn wall(&self, key: &str) -> Option<f64> {
        self.get(key).and_then(Row::wall)
    }

    /// The median CPU time of a row.
    pub fn cpu(&self, key: &str) -> Option<f64> {
        self.get(key).and_then(Row::cpu)
    }

    /// Runs every row `reps` times, the repetitions interleaved (so that a slow spell of the
    /// machine spreads over all rows), after one untimed warm-up run of each program.
    pub fn measure(mut self, reps: usize, limits: Limits) -> Table {
        for key in ["validator", "pgn-extract", "check-1"] {
            if let Some(r) = self.get(key) {
                let _ = measure::run(&r.cmd, limits);
            }
        }
        for rep in 0..reps {
            for row in self.rows.iter_mut().filter(|r| rep == 0 || !r.once) {
                eprint!("[{}/{reps}] {:<14} ", rep + 1, row.key);
                match measure::run(&row.cmd, limits) {
                    Ok(run) => {
                        eprintln!(
                            "{:8.3} s {:8.1} MiB {:?}",
                            run.wall,
                            run.max_rss_kib as f64 / 1024.0,
                            run.end
                        );
                        row.runs.push(run);
                    }
                    Err(e) => eprintln!("cannot run {}: {e}", row.cmd.display()),
                }
            }
        }
        self
    }

    /// The table in Markdown, each time also as a ratio to the minimal validator's.
    pub fn render(&self, games: usize) -> String {
        let base = self.wall("validator");
        let mut s = String::new();
        let _ = writeln!(
            s,
            "| row | what | input | wall s | best s | CPU s | peak RSS MiB | × validator | best × validator | µs/game | exit |\n\
             |---|---|---|--:|--:|--:|--:|--:|--:|--:|---|"
        );
        for r in &self.rows {
            let wall = r.wall();
            let ratio = times(wall, base);
            let best_ratio = times(r.best(), self.get("validator").and_then(Row::best));
            let per_game = match wall {
                Some(w) if r.input == "en.pgn" => format!("{:.0}", w * 1e6 / games as f64),
                _ => "—".to_owned(),
            };
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} | {} | {ratio} | {best_ratio} | {per_game} | {} |",
                r.key,
                r.what,
                r.input,
                secs(wall),
                secs(r.best()),
                secs(r.cpu()),
                r.rss_mib().map_or("—".to_owned(), |m| format!("{m:.0}")),
                r.ends()
            );
        }
        let _ = write!(s, "\nCommands:");
        for r in &self.rows {
            let _ = write!(s, "\n  {:<14} {}", r.key, r.cmd.display());
        }
        s
    }
}

/// Measurements outside the table.
pub struct Extra {
    /// The corpus with an error in every game given on standard input: when the first
    /// report came out, and when the last byte of input was taken.
    pub streaming: Option<Streaming>,
}

impl Extra {
    pub fn measure(check: &Check, inputs: &Inputs, limits: Limits) -> Extra {
        let cmd = check.stdin(1, &[]);
        let streaming = match measure::run_streaming(&cmd, &inputs.errors, limits) {
            Ok(s) => Some(s),
            Err(e) => {
                eprintln!("streaming probe: {e}");
                None
            }
        };
        Extra { streaming }
    }
}

/// Why a target has no value when its runs were made.
const NOT_RUN: &str = "not measured (a run did not finish, or could not start)";

/// The target lines: what, the measured value (from wall times), the same ratio in CPU time
/// (steadier on a busy machine; no verdict), and PASS / MISS or why it was not measured.
struct Targets(String);

/// A ratio target: `a / b` at most (or, `at_least`, at least) `bound`.
struct Ratio<'a> {
    a: &'a str,
    b: &'a str,
    bound: f64,
    at_least: bool,
}

impl Targets {
    fn line(&mut self, what: &str, measured: Option<(f64, bool)>, unit: &str, missing: &str) {
        self.line_cpu(what, measured, None, unit, missing);
    }

    fn line_cpu(
        &mut self,
        what: &str,
        measured: Option<(f64, bool)>,
        cpu: Option<f64>,
        unit: &str,
        missing: &str,
    ) {
        let (m, verdict) = match measured {
            Some((v, ok)) => (format!("{v:.2}{unit}"), if ok { "PASS" } else { "MISS" }),
            None => ("—".to_owned(), missing),
        };
        let cpu = cpu.map_or("—".to_owned(), |c| format!("{c:.2}{unit}"));
        let _ = writeln!(self.0, "| {what} | {m} | {cpu} | {verdict} |");
    }

    fn ratio(&mut self, t: &Table, what: &str, r: Ratio, missing: &str) {
        let wall = ratio(t.wall(r.a), t.wall(r.b));
        let cpu = ratio(t.cpu(r.a), t.cpu(r.b));
        let ok = |v: f64| {
            if r.at_least {
                v >= r.bound
            } else {
                v <= r.bound
            }
        };
        // Both rows there: one of them did not run to its end.
        let missing = if t.get(r.a).is_some() && t.get(r.b).is_some() {
            NOT_RUN
        } else {
            missing
        };
        self.line_cpu(what, wall.map(|v| (v, ok(v))), cpu, "×", missing);
    }
}

fn ratio(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => Some(a / b),
        _ => None,
    }
}

const fn at_most<'a>(a: &'a str, b: &'a str, bound: f64) -> Ratio<'a> {
    Ratio {
        a,
        b,
        bound,
        at_least: false,
    }
}

/// The targets of issue 14, each with the measured value and PASS / MISS.
pub fn targets(t: &Table, inputs: &Inputs, extra: &Extra, cores: usize) -> String {
    let mut o = Targets(String::from(
        "Targets of issue 14 (measured on wall times; the CPU-time ratio beside it):\n\n\
         | target | measured | CPU time | result |\n|---|--:|--:|---|\n",
    ));
    let not_run = NOT_RUN;
    o.ratio(
        t,
        "one thread, bulk corpus: ≤ 3× the minimal validator's time",
        at_most("check-1", "validator", 3.0),
        not_run,
    );
    o.ratio(
        t,
        "… which is ≥ 2× pgn-extract's speed: ≤ 0.5× pgn-extract's time",
        at_most("check-1", "pgn-extract", 0.5),
        "not measured (pgn-extract not installed)",
    );
    let threads = Ratio {
        a: "check-1",
        b: if cores >= 2 { "check-all" } else { "" },
        bound: 1.8,
        at_least: true,
    };
    let what = format!("{cores} threads ≥ 1.8× faster than one (CPU: total over all threads)");
    o.ratio(t, &what, threads, "not measured (one core)");
    for lang in ["de", "bg"] {
        o.ratio(
            t,
            &format!("`{lang}` letters within 1.5× of English (SAN, language given)"),
            at_most(&format!("san-{lang}-given"), "san-en-given", 1.5),
            not_run,
        );
    }
    o.ratio(
        t,
        "long algebraic within 1.5× of SAN (the same bound; a notation, not a language)",
        at_most("lan-given", "san-en-given", 1.5),
        not_run,
    );
    for (name, auto, given) in [
        ("en.pgn", "check-1", "check-1-given"),
        ("SAN en", "san-en-auto", "san-en-given"),
        ("SAN de", "san-de-auto", "san-de-given"),
        ("SAN bg", "san-bg-auto", "san-bg-given"),
        ("long algebraic", "lan-auto", "lan-given"),
    ] {
        o.ratio(
            t,
            &format!("{name}: `--notation auto --lang auto` within 1.3× of given"),
            at_most(auto, given, 1.3),
            not_run,
        );
    }
    let skipped = "not run (quick mode)";
    let x10_missing = if inputs.x10.is_some() {
        not_run
    } else {
        skipped
    };
    o.ratio(
        t,
        "the corpus ten times over: ≤ 12× the time of once",
        at_most("x10", "check-1", 12.0),
        x10_missing,
    );
    for (key, what, off) in [
        ("x10", "ten times over", skipped),
        ("huge", "about 1 GB", "not run (set SPEED_HUGE=1)"),
    ] {
        let rss = t.get(key).and_then(Row::rss_mib);
        let finished = t.get(key).is_some_and(|r| r.wall().is_some());
        o.line(
            &format!("peak RSS on the corpus {what}: ≤ 64 MiB"),
            rss.map(|m| (m, finished && m <= 64.0)),
            " MiB",
            if t.get(key).is_some() { not_run } else { off },
        );
    }
    let first = extra.streaming.as_ref().filter(|s| s.run.finished());
    o.line(
        "the first report printed before the input is read to its end (errors.pgn on stdin, \
         1 thread): seconds to the first output",
        first.and_then(|s| s.first_output.map(|f| (f, f < s.input_taken))),
        " s",
        "not measured (no output, or the run failed)",
    );
    if let Some(s) = first {
        let _ = writeln!(
            o.0,
            "| … the last byte of input was taken at | {:.2} s | | |",
            s.input_taken
        );
    }
    let scale = inputs.error_games as f64 / inputs.games as f64;
    for (name, errors, clean) in [
        ("human", "errors", "check-1"),
        ("JSON", "errors-json", "check-1-json"),
    ] {
        let cost = |e: Option<f64>, c: Option<f64>| {
            Some((e? - c? * scale) / inputs.error_games as f64 * 1e3)
        };
        let wall = cost(t.wall(errors), t.wall(clean));
        o.line_cpu(
            &format!("a game with an error costs ≤ 5 ms more than a clean one ({name})"),
            wall.map(|c| (c, c <= 5.0)),
            cost(t.cpu(errors), t.cpu(clean)),
            " ms",
            not_run,
        );
    }
    o.ratio(
        t,
        "the wrong language (`--lang bg` on English): ≤ 10× the right language's time",
        at_most("wrong-lang", "check-1-given", 10.0),
        not_run,
    );
    o.0
}
