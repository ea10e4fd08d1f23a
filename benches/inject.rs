//! The error-injection benchmark of issue 6 (a bench binary; see `benches/inject/mod.rs`).
//!
//! Run with `cargo bench --bench inject`. Injects one mistake into each of 2000 real games of
//! `../shared/corpus/bulk/` (`SCORESHEET_CORPUS` overrides), checks them, and prints a table
//! per kind of mistake, then the cases that miss a target grouped by cause. `INJECT_CASES`
//! and `INJECT_SEED` change the count and the seed; `INJECT_EXAMPLES` the examples shown per
//! cause (default 3); `INJECT_SHOW_SLIPS` lists the legal slips named at the edited token. Skips with a message when the corpus is absent.

use std::time::Instant;

#[path = "inject/mod.rs"]
#[allow(dead_code)]
mod inject;

use inject::{Corpus, corpus_dir, run};

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let Some(dir) = corpus_dir() else {
        println!("skipped: corpus not found (set SCORESHEET_CORPUS)");
        return;
    };
    let cases = env_or("INJECT_CASES", 2000) as usize;
    let seed = env_or("INJECT_SEED", 6);
    let examples = env_or("INJECT_EXAMPLES", 3) as usize;
    let corpus = match Corpus::load(&dir) {
        Ok(c) => c,
        Err(e) => {
            println!("skipped: cannot read {}: {e}", dir.display());
            return;
        }
    };
    let t = Instant::now();
    let results = run(&corpus, seed, cases);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "error injection over {} ({} games)",
        dir.join("bulk").display(),
        corpus.games.len()
    );
    println!("{}", results.table());
    println!("{:.1} s", secs);
    println!();
    println!("Cases that miss a target, by cause:");
    println!("{}", results.failures(examples));
    if std::env::var_os("INJECT_SHOW_SLIPS").is_some() {
        println!("Legal slips named at the edit:");
        for c in results
            .cases
            .iter()
            .filter(|c| c.legal_but_wrong && c.named)
        {
            println!(
                "  {} #{} ply {}: `{}` -> `{}`\n    before: {}\n    after:  {}",
                c.origin.0, c.origin.1, c.ply, c.written, c.edited, c.before, c.after
            );
        }
    }
}
