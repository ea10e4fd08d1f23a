//! Throughput of `check` on the real games of ../shared/corpus/bulk/ (a bench binary).
//!
//! Run with `cargo bench --bench check`. Prints games/s and plies/s per file and in total,
//! single-threaded (one rayon thread) and with all cores. Skips with a message when the corpus
//! is absent.

use std::path::PathBuf;
use std::time::Instant;

use scoresheet::check::{MoveState, Options, check_bytes};

fn corpus() -> PathBuf {
    std::env::var_os("SCORESHEET_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"))
}

fn run(files: &[(String, Vec<u8>)], options: &Options, label: &str) {
    let mut total_games = 0usize;
    let mut total_plies = 0usize;
    let mut total_secs = 0f64;
    println!("{label}");
    for (name, bytes) in files {
        // Warm up once, then take the best of three runs.
        let _ = check_bytes(name, bytes, options);
        let mut best = f64::MAX;
        let mut games = 0;
        let mut plies = 0;
        for _ in 0..3 {
            let t = Instant::now();
            let f = check_bytes(name, bytes, options).expect("English algebraic is built in");
            let secs = t.elapsed().as_secs_f64();
            games = f.games.len();
            plies = f
                .games
                .iter()
                .map(|g| {
                    g.moves
                        .iter()
                        .filter(|m| matches!(m, MoveState::Legal(_) | MoveState::Null))
                        .count()
                })
                .sum();
            best = best.min(secs);
        }
        println!(
            "  {name:<24} {games:>6} games {plies:>8} plies {:>8.1} ms {:>9.0} games/s {:>11.0} plies/s",
            best * 1e3,
            games as f64 / best,
            plies as f64 / best
        );
        total_games += games;
        total_plies += plies;
        total_secs += best;
    }
    println!(
        "  {:<24} {total_games:>6} games {total_plies:>8} plies {:>8.1} ms {:>9.0} games/s {:>11.0} plies/s",
        "total",
        total_secs * 1e3,
        total_games as f64 / total_secs,
        total_plies as f64 / total_secs
    );
}

fn main() {
    let dir = corpus().join("bulk");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("skipped: corpus not found at {}", dir.display());
        return;
    };
    let mut files: Vec<(String, Vec<u8>)> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    files.sort();
    let options = Options::given("algebraic", "en");
    let single = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    single.install(|| {
        run(
            &files,
            &options,
            "check, 1 thread (--notation algebraic --lang en)",
        )
    });
    run(
        &files,
        &options,
        &format!(
            "check, {} threads (--notation algebraic --lang en)",
            rayon::current_num_threads()
        ),
    );
    let auto = Options::default();
    run(
        &files,
        &auto,
        &format!(
            "check, {} threads (--notation auto --lang auto)",
            rayon::current_num_threads()
        ),
    );
}
