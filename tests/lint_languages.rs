//! `scoresheet lint` with the defaults on manuscripts whose moves stand in the prose only, in
//! several languages (`tests/fixtures/lint_languages/`): the language is decided by the board,
//! every fragment is read in it, and the planted illegal move is found where it stands. A text
//! whose move-like words read in no language is never passed as clean.

use std::path::Path;
use std::process::Command;

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/lint_languages")
        .join(name)
        .display()
        .to_string()
}

/// `scoresheet lint --no-config --format json FILE`: the exit code and the file's report.
fn lint_json(name: &str) -> (i32, serde_json::Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["lint", "--no-config", "--format", "json", &fixture(name)])
        .env("NO_COLOR", "1")
        .output()
        .expect("runs");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    (out.status.code().unwrap_or(-1), v["files"][0].clone())
}

/// The 1-based line and column (in characters) where `token` stands in the fixture.
fn position_of(name: &str, token: &str) -> (u64, u64) {
    let text = std::fs::read_to_string(fixture(name)).expect("fixture");
    let at = text
        .find(token)
        .expect("the planted move is in the fixture");
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line as u64, column as u64)
}

/// The fixtures: file, language, the planted illegal move with its number.
const MANUSCRIPTS: &[(&str, &str, &str)] = &[
    ("de.txt", "de", "11.Sbd3"),
    ("ru.md", "ru", "11.Кbd3"),
    ("fr.md", "fr", "9.Cbd3"),
    ("es.txt", "es", "11.Dh6"),
    ("nl.md", "nl", "11.Pbd3"),
];

/// The move of a numbered move (`11.Sbd3` → `Sbd3`) and the length of its number.
fn split_number(numbered: &str) -> (&str, u64) {
    let at = numbered.find('.').expect("a move number") + 1;
    (&numbered[at..], at as u64)
}

#[test]
fn default_lint_reads_prose_moves_in_their_language() {
    for &(name, lang, planted) in MANUSCRIPTS {
        let (code, file) = lint_json(name);
        assert_eq!(file["language"], lang, "{name}: {file}");
        assert_eq!(code, 1, "{name}: the illegal move is an error: {file}");
        let diags = file["diagnostics"].as_array().expect("diagnostics");
        let illegal: Vec<_> = diags.iter().filter(|d| d["code"] == "SC101").collect();
        assert_eq!(illegal.len(), 1, "{name}: one illegal move: {file}");
        let d = illegal[0];
        let (text, number) = split_number(planted);
        assert_eq!(d["text"], text, "{name}");
        let (line, column) = position_of(name, planted);
        assert_eq!(d["line"], line, "{name}: {d}");
        assert_eq!(d["column"], column + number, "{name}: {d}");
        // Nothing else is an error: the other moves are correct and all were read.
        let errors = diags.iter().filter(|d| d["severity"] == "error").count();
        assert_eq!(errors, 1, "{name}: {file}");
    }
}

#[test]
fn unreadable_move_like_words_are_reported() {
    let (code, file) = lint_json("unreadable.txt");
    assert_eq!(code, 1, "{file}");
    let diags = file["diagnostics"].as_array().expect("diagnostics");
    let unreadable: Vec<&str> = diags
        .iter()
        .filter(|d| d["code"] == "SC100")
        .filter_map(|d| d["text"].as_str())
        .collect();
    assert!(unreadable.contains(&"Xf3"), "{file}");
    assert!(unreadable.contains(&"Yb5"), "{file}");
    let (line, column) = position_of("unreadable.txt", "Xf3");
    let first = diags.iter().find(|d| d["text"] == "Xf3").expect("Xf3");
    assert_eq!(
        (first["line"].clone(), first["column"].clone()),
        (line.into(), column.into())
    );
}

#[test]
fn naming_the_language_reads_the_same() {
    for &(name, lang, planted) in MANUSCRIPTS {
        let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
            .args(["lint", "--no-config", "--format", "json", "--lang", lang])
            .arg(fixture(name))
            .output()
            .expect("runs");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let diags = v["files"][0]["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .clone();
        assert!(
            diags
                .iter()
                .any(|d| d["code"] == "SC101" && d["text"] == split_number(planted).0),
            "{name} --lang {lang}: {v}"
        );
    }
}
