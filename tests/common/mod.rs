//! Helpers shared by the integration tests: the corpus folder and random legal games.
//!
//! Each test binary uses part of this module; the rest is dead code there.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use shakmaty::{Chess, Move, Position};

/// Runs the program `bin` (the test's `env!("CARGO_BIN_EXE_scoresheet")`: this module is
/// also compiled into the library's tests, where that name is not known) with `args`, `stdin`
/// written to its standard input; its output. A program that stops before reading all of its
/// input (a refused option) is not an error of the test.
pub fn run_piped(bin: &str, args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes());
    child.wait_with_output().expect("the binary finishes")
}

/// The corpus folder (`SCORESHEET_CORPUS`, else `../shared/corpus`), when it holds `probe`.
pub fn corpus_with(probe: &str) -> Option<PathBuf> {
    let dir = match std::env::var_os("SCORESHEET_CORPUS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
    };
    dir.join(probe).is_file().then_some(dir)
}

/// The corpus folder, or `None` after saying why `test` is skipped (see [`skip`]).
pub fn corpus_or_skip(test: &str) -> Option<PathBuf> {
    corpus_or_skip_with(test, "README.md")
}

/// The corpus folder when it holds `probe`, or `None` after saying why `test` is skipped (see
/// [`skip`]).
pub fn corpus_or_skip_with(test: &str, probe: &str) -> Option<PathBuf> {
    let c = corpus_with(probe);
    if c.is_none() {
        let dir = std::env::var("SCORESHEET_CORPUS")
            .unwrap_or_else(|_| format!("{}/../shared/corpus", env!("CARGO_MANIFEST_DIR")));
        skip(test, &format!("the corpus ({probe}) not found at {dir}"));
    }
    c
}

/// The seeds folder (`SCORESHEET_SEEDS`, else `../shared/seeds`), or `None` after saying why
/// `test` is skipped (see [`skip`]).
pub fn seeds_or_skip(test: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("SCORESHEET_SEEDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/seeds"));
    if dir.is_dir() {
        return Some(dir);
    }
    skip(test, &format!("the seeds not found at {}", dir.display()));
    None
}

/// Set to `1`, a test whose data (the corpus, the seeds) is missing fails instead of skipping:
/// CI (`.ci/run`) sets it.
pub const REQUIRE_DATA: &str = "SCORESHEET_REQUIRE_DATA";

/// Says that `test` is skipped, and `why`: a failure when [`REQUIRE_DATA`] is `1`; otherwise a
/// `SKIPPED` line written straight to the process's standard error, which the test harness
/// does not capture (it captures only `print!` and `eprint!`), so it shows in `cargo test`
/// output next to the test's `ok`.
pub fn skip(test: &str, why: &str) {
    let message = format!("SKIPPED {test}: {why} (set {REQUIRE_DATA}=1 to make this a failure)");
    if std::env::var(REQUIRE_DATA).is_ok_and(|v| v.trim() == "1") {
        panic!("{message}");
    }
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{message}");
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal game of up to `plies` half-moves, biased towards captures (en passant too),
/// promotions and castling so that every form of every notation is written.
pub fn random_game(rng: &mut Rng, plies: usize) -> Vec<Move> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let Some(m) = random_move(rng, &pos) else {
            break;
        };
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// A random legal move of `pos` (`None` at the end of the game): a capture, promotion or
/// castling one time in three when there is one.
pub fn random_move(rng: &mut Rng, pos: &Chess) -> Option<Move> {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let special: Vec<&Move> = legal
        .iter()
        .filter(|m| m.is_capture() || m.is_promotion() || m.is_castle())
        .collect();
    Some(if !special.is_empty() && rng.below(3) == 0 {
        *special[rng.below(special.len())]
    } else {
        legal[rng.below(legal.len())]
    })
}

/// `count` random games of up to `plies` half-moves from `seed`.
pub fn games(seed: u64, count: usize, plies: usize) -> Vec<Vec<Move>> {
    let mut rng = Rng(seed);
    (0..count).map(|_| random_game(&mut rng, plies)).collect()
}
