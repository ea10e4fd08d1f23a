//! One reader of a file's games and prose for `check` and `lint` (`tests/fixtures/cutting/`):
//! both see the same games and the same moves in the prose, and find the same errors in them.

use std::path::Path;

use scoresheet::check::Options;
use scoresheet::lint::checked::check_file_bytes;
use scoresheet::lint::config::Config;
use scoresheet::lint::{LintOptions, lint_bytes};

fn read(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/cutting")
        .join(name);
    std::fs::read(path).expect("fixture")
}

/// (games, error spans) as `check` sees the file.
fn checked(name: &str) -> (usize, Vec<(usize, usize)>, Vec<&'static str>) {
    let file = check_file_bytes(name, &read(name), &Options::default()).expect("checks");
    let errors = file
        .games
        .iter()
        .flat_map(|g| &g.diagnostics)
        .chain(&file.diagnostics)
        .filter(|d| d.code().as_str() != "scoresheet::no_game")
        .filter(|d| d.severity == scoresheet::diagnostic::Severity::Error)
        .map(|d| (d.span.start, d.span.end))
        .collect();
    let codes = file.diagnostics.iter().map(|d| d.code().as_str()).collect();
    (file.games.len(), errors, codes)
}

/// (games, error spans) as `lint` sees the file.
fn linted(name: &str) -> (usize, Vec<(usize, usize)>) {
    let l = lint_bytes(
        name,
        &read(name),
        &LintOptions::default(),
        Config::default(),
    )
    .expect("lints");
    let errors = l
        .diagnostics
        .iter()
        .filter(|d| d.severity == scoresheet::diagnostic::Severity::Error)
        .map(|d| (d.span.start, d.span.end))
        .collect();
    (l.doc.games, errors)
}

/// Both `check` and `lint` see two clean games in each file.
fn two_clean_games(names: &[&str]) {
    for &name in names {
        let (games, errors, _) = checked(name);
        assert_eq!(games, 2, "{name}");
        assert!(errors.is_empty(), "{name}: {errors:?}");
        assert_eq!(linted(name), (2, Vec::new()), "{name}");
    }
}

#[test]
fn two_hand_typed_games_are_two() {
    two_clean_games(&["two_games.txt", "two_games_no_results.txt"]);
}

#[test]
fn a_game_of_tag_pairs_only_is_not_merged_with_the_next() {
    two_clean_games(&["header_only.pgn", "header_only.txt"]);
}

#[test]
fn a_score_under_a_heading_is_read_whole() {
    let (games, errors, codes) = checked("heading.txt");
    assert_eq!(games, 1);
    assert!(errors.is_empty(), "{errors:?}");
    assert!(
        !codes.contains(&"scoresheet::prose_not_checked"),
        "check reads the prose: {codes:?}"
    );
    let file =
        check_file_bytes("heading.txt", &read("heading.txt"), &Options::default()).expect("checks");
    assert_eq!(file.games[0].mainline.len(), 48, "every move resolved");
    // The three typos: check and lint find the same ones, at the same places.
    let (games, errors, _) = checked("heading_typos.txt");
    assert_eq!(games, 1);
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert_eq!(linted("heading_typos.txt"), (1, errors));
}

/// `check` of a chapter reads the moves of its prose as `lint` does: the same fragments, and
/// every error the checker finds in the games and the prose is one of lint's.
#[test]
fn check_reads_the_prose_as_lint_does() {
    let chapter = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/lint/chapter.md");
    let bytes = std::fs::read(chapter).expect("chapter");
    let file = check_file_bytes("chapter.md", &bytes, &Options::default()).expect("checks");
    let l = lint_bytes(
        "chapter.md",
        &bytes,
        &LintOptions::default(),
        Config::default(),
    )
    .expect("lints");
    assert!(!file.fragments.is_empty());
    assert_eq!(file.fragments.len(), l.doc.fragments());
    assert_eq!(file.games.len(), l.doc.games);
    let lint_errors: Vec<(usize, usize)> = (l.diagnostics.iter())
        .filter(|d| d.severity == scoresheet::diagnostic::Severity::Error)
        .map(|d| (d.span.start, d.span.end))
        .collect();
    let check_errors: Vec<(usize, usize)> = (file.games.iter().chain(&file.fragments))
        .flat_map(|g| &g.diagnostics)
        .chain(&file.diagnostics)
        .filter(|d| d.severity == scoresheet::diagnostic::Severity::Error)
        .map(|d| (d.span.start, d.span.end))
        .collect();
    assert!(!check_errors.is_empty());
    for e in &check_errors {
        assert!(lint_errors.contains(e), "{e:?} not in {lint_errors:?}");
    }
}
