//! The fuzz targets' properties (`tests/common/props.rs`, asserted by `fuzz/fuzz_targets/`)
//! on every input the fuzzers found a failure with (`fuzz/regressions/<target>/`, each file
//! exactly as the fuzzer ran it: its first byte chooses the options) and on the project's own
//! fixtures, which also seed the fuzzers.

#[path = "common/props.rs"]
mod props;

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files under `dir` (recursively), sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Runs `property` on every reproducer of `target` (`fuzz/regressions/<target>/`; a target
/// whose fuzzer found nothing yet has none, and no test here), naming the file that fails.
fn replay(target: &str, property: fn(&[u8])) {
    let inputs = files(&root().join("fuzz/regressions").join(target));
    assert!(!inputs.is_empty(), "no reproducer of {target}");
    for path in inputs {
        let data = std::fs::read(&path).expect("readable reproducer");
        let outcome = std::panic::catch_unwind(|| property(&data));
        assert!(outcome.is_ok(), "{}: the property fails", path.display());
    }
}

#[test]
fn check_regressions() {
    replay("check", props::run_check);
}

#[test]
fn convert_regressions() {
    replay("convert", props::run_convert);
}

#[test]
fn lint_regressions() {
    replay("lint", props::run_lint);
}

/// Each fixture, read as PGN with the notation and language detected, leaves no token
/// unaccounted for; every game of it that converts reads back from PGN, UCI and one writer
/// (a different one for each fixture).
#[test]
fn fixtures_hold_the_check_and_convert_properties() {
    let fixtures = files(&root().join("tests/fixtures"));
    assert!(fixtures.len() > 50, "{} fixtures", fixtures.len());
    for (i, path) in fixtures.iter().enumerate() {
        let bytes = std::fs::read(path).expect("readable fixture");
        for (name, selector, property) in [
            ("check", 0, props::run_check as fn(&[u8])),
            ("convert", i as u8, props::run_convert),
        ] {
            let mut data = vec![selector];
            data.extend_from_slice(&bytes);
            let outcome = std::panic::catch_unwind(|| property(&data));
            assert!(
                outcome.is_ok(),
                "{name} {}: the property fails",
                path.display()
            );
        }
    }
}

/// The user grammar files of the tests load (or are refused) and read a game, every token
/// accounted for.
#[test]
fn grammar_files_hold_the_grammar_property() {
    let grammars = files(&root().join("tests/data/grammars"));
    assert!(!grammars.is_empty());
    for path in grammars {
        let mut data = std::fs::read(&path).expect("readable grammar");
        data.extend_from_slice(b"\x001. e4 e5 2. Nf3 Xc6 3. Bb5 a6 *");
        let outcome = std::panic::catch_unwind(|| props::run_grammar(&data));
        assert!(outcome.is_ok(), "{}: the property fails", path.display());
    }
}
