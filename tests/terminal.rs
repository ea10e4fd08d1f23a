//! What reaches a terminal: no panic in a human report whatever the line length and column
//! of an error, and no control character of the input written raw (escape sequences in tag
//! values, comments, tokens and file names are shown escaped, as `\u{1b}`). Runs the built
//! binary with `check`, `lint` and `convert`.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

/// A file in this test's own temporary folder.
fn temp_file(name: &str, content: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("terminal");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, content).expect("temp file");
    path
}

fn run(args: &[&str], file: &PathBuf) -> Output {
    Command::new(BIN)
        .args(args)
        .arg(file)
        .env_remove("NO_COLOR")
        .env("COLUMNS", "80")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("the output is UTF-8")
}

/// The characters that must never reach a terminal raw (ESC only as part of the colour
/// codes miette writes, `ESC [ … m`, when `colour` is set).
fn raw_controls(out: &str, colour: bool) -> Vec<(usize, char)> {
    let chars: Vec<char> = out.chars().collect();
    let mut bad = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if colour && c == '\u{1b}' && chars.get(i + 1) == Some(&'[') {
            let mut j = i + 2;
            while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == ';') {
                j += 1;
            }
            if chars.get(j) == Some(&'m') {
                i = j + 1;
                continue;
            }
        }
        if scoresheet::diagnostic::text::is_unsafe(c) {
            bad.push((i, c));
        }
        i += 1;
    }
    bad
}

fn assert_no_raw(what: &str, out: &Output, colour: bool) {
    for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        let s = text(bytes);
        let bad = raw_controls(&s, colour);
        assert!(bad.is_empty(), "{what}: raw {bad:?} on {stream}:\n{s}");
    }
}

/// The column (in characters, 1-based) of `needle` in `line`.
fn column_of(line: &str, needle: &str) -> usize {
    line[..line.find(needle).expect("needle in line")]
        .chars()
        .count()
        + 1
}

fn assert_reported(what: &str, out: &Output, header: &str, snippet: &str) {
    let code = out.status.code();
    assert!(
        matches!(code, Some(0 | 1)),
        "{what}: exit {code:?}\n{}",
        text(&out.stderr)
    );
    let all = text(&out.stdout) + &text(&out.stderr);
    assert!(all.contains(header), "{what}: no `{header}` in\n{all}");
    assert!(all.contains(snippet), "{what}: no `{snippet}` in\n{all}");
    // The long line is shown as a window, not whole.
    assert!(all.len() < 20_000, "{what}: {} bytes of report", all.len());
}

/// A one-line game with a comment of `n` characters, and an illegal move before, inside or
/// after it.
fn long_line(n: usize, illegal: &str) -> (String, &'static str) {
    let comment = "x".repeat(n);
    match illegal {
        "start" => (format!("1. e4 Ke4 2. Nf3 {{{comment}}} Nc6 *\n"), "Ke4"),
        "middle" => (
            format!(
                "1. e4 e5 {{{half}}} 2. Nf3 Qq9 {{{half}}} Nc6 *\n",
                half = &comment[..n / 2]
            ),
            "Qq9",
        ),
        _ => (
            format!("1. e4 e5 2. Nf3 {{{comment}}} Nc6 3. Bb5 Kxe4 *\n"),
            "Kxe4",
        ),
    }
}

#[test]
fn errors_anywhere_on_lines_of_100000_and_more_characters_are_reported() {
    for n in [100_000, 200_000] {
        for place in ["start", "middle", "end"] {
            let (game, token) = long_line(n, place);
            let path = temp_file(&format!("long-{n}-{place}.pgn"), &game);
            let name = path.to_str().expect("a UTF-8 path");
            let header = format!("{name}:1:{}", column_of(&game, token));
            for args in [
                &["check", "--color", "never"][..],
                &["check", "--color", "always"][..],
                &["lint", "--color", "never"][..],
                &["convert", "--to", "san", "--color", "never"][..],
            ] {
                let what = format!("{args:?} with the error at the {place} of {n}");
                let out = run(args, &path);
                assert_reported(&what, &out, &header, token);
            }
        }
    }
}

#[test]
fn several_labels_on_one_long_line_each_shown_in_its_window() {
    // `3. Nd2`: both knights can go to d2, and each is labelled where it stands or moved.
    let comment = "y".repeat(120_000);
    let game = format!("1. d3 e5 2. Nf3 {{{comment}}} Nc6 3. Nd2 {{{comment}}} Nf6 *\n");
    let path = temp_file("labels.pgn", &game);
    let name = path.to_str().expect("a UTF-8 path");
    let out = run(&["check", "--color", "never"], &path);
    let header = format!("{name}:1:{}", column_of(&game, "Nd2"));
    assert_reported("ambiguous on a long line", &out, &header, "Nd2");
    let report = text(&out.stdout);
    assert!(report.contains('…'), "{report}");
    assert!(
        report.contains("Nf3"),
        "the knight's label is shown:\n{report}"
    );
}

/// Escape sequences that retitle (`ESC ] 0 ; … BEL`) and clear (`ESC [ 2 J`) a terminal.
const TITLE: &str = "\u{1b}]0;pwned\u{7}";
const CLEAR: &str = "\u{1b}[2J";

fn hostile_games() -> Vec<(&'static str, String)> {
    vec![
        (
            "tag",
            format!(
                "[Event \"{TITLE}{CLEAR}\"]\n[Variant \"x{CLEAR}\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n"
            ),
        ),
        (
            "comment",
            format!("1. e4 {{{TITLE} and {CLEAR}}} e5 2. Nf3 Ke4 *\n"),
        ),
        (
            "token",
            format!("1. e4 e5 2. Nf3{TITLE} Nc6{CLEAR} 3. Q{CLEAR}h5 *\n"),
        ),
        (
            "bidi",
            "1. e4 e5 2. \u{202e}Nf3 Nc6\u{85} 3. Bb5 Kxe4 *\n".to_owned(),
        ),
        (
            "long token",
            format!("1. e4 e5 2. N{}{CLEAR} Nc6 *\n", "x".repeat(500)),
        ),
    ]
}

#[test]
fn control_characters_of_the_input_never_reach_the_terminal_raw() {
    for (what, game) in hostile_games() {
        let path = temp_file(&format!("hostile-{}.pgn", what.replace(' ', "-")), &game);
        for (args, colour) in [
            (&["check", "--color", "never"][..], false),
            (&["check", "--color", "always"][..], true),
            (&["lint", "--color", "never"][..], false),
            (&["lint", "--color", "always"][..], true),
            (&["convert", "--to", "san", "--color", "never"][..], false),
            (
                &["convert", "--to", "san", "--repair", "--color", "never"][..],
                false,
            ),
        ] {
            let out = run(args, &path);
            assert!(
                matches!(out.status.code(), Some(0 | 1)),
                "{what} {args:?}: {:?}",
                out.status
            );
            if args[0] != "convert" {
                assert_no_raw(&format!("{what} {args:?}"), &out, colour);
                let shown = text(&out.stdout);
                assert!(
                    shown.contains("\\u{"),
                    "{what} {args:?}: nothing escaped:\n{shown}"
                );
            } else {
                // Converted games on standard output are data (a pipe here: kept as they
                // are); the report on standard error is for people.
                let report = Output {
                    stdout: Vec::new(),
                    ..out
                };
                assert_no_raw(&format!("{what} {args:?}"), &report, colour);
            }
        }
    }
}

#[test]
fn a_file_name_with_escape_sequences_is_shown_escaped() {
    let name = format!("name{CLEAR}{TITLE}.pgn");
    let path = temp_file(&name, "1. e4 e5 2. Nf3 Ke4 *\n");
    for args in [
        &["check", "--color", "never"][..],
        &["lint", "--color", "never"][..],
        &["convert", "--to", "uci", "--color", "never"][..],
    ] {
        let out = run(args, &path);
        assert_no_raw(&format!("file name {args:?}"), &out, false);
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(all.contains("name\\u{1b}[2J"), "{args:?}:\n{all}");
    }
    // A file that cannot be read is named escaped too.
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("no{CLEAR}such.pgn"));
    let out = run(&["check"], &missing);
    assert_eq!(out.status.code(), Some(2));
    assert_no_raw("a missing file", &out, false);
}

#[test]
fn json_keeps_control_characters_as_json_escapes() {
    // The Variant tag `x ESC [ 2 J` is quoted in the message.
    let (_, game) = &hostile_games()[0];
    let path = temp_file("hostile-json.pgn", game);
    let out = run(&["check", "--format", "json"], &path);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let raw = text(&out.stdout);
    assert!(raw.contains("\\u001b[2J"), "{raw}");
    assert!(raw_controls(&raw, false).is_empty(), "{raw}");
    let messages: Vec<&str> = doc["files"][0]["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter_map(|d| d["message"].as_str())
        .collect();
    assert!(
        messages.iter().any(|m| m.contains(&format!("x{CLEAR}"))),
        "{messages:?}"
    );
}

#[test]
fn a_long_token_is_quoted_shortened_in_messages() {
    let token = format!("N{}", "x".repeat(5_000));
    let game = format!("1. e4 e5 2. {token} Nc6 *\n");
    let path = temp_file("long-token.pgn", &game);
    let fixed = [
        "--color",
        "never",
        "--notation",
        "algebraic",
        "--lang",
        "en",
    ];
    for command in ["check", "lint"] {
        let args: Vec<&str> = std::iter::once(command).chain(fixed).collect();
        let args = &args[..];
        let out = run(args, &path);
        let report = text(&out.stdout);
        assert!(report.contains("(5001 characters)"), "{report}");
        assert!(report.len() < 5_000, "{} bytes:\n{report}", report.len());
    }
    let out = run(
        &[
            "check",
            "--format",
            "json",
            "--notation",
            "algebraic",
            "--lang",
            "en",
        ],
        &path,
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let d = &doc["files"][0]["diagnostics"][0];
    // The message is short; the `text` field keeps the whole token.
    assert!(d["message"].as_str().expect("a message").len() < 200, "{d}");
    assert_eq!(d["text"].as_str().map(str::len), Some(token.len()));
}
