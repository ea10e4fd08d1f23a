//! The CLI contract (DESIGN.md, "CLI contract"): exit codes, standard input, the JSON
//! document, conversion, broken pipes and colour. Runs the built binary.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

mod common;

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

const CLEAN: &str = "[Event \"Club\"]\n[White \"Müller\"]\n[Black \"Ström\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Bc4 {the bishop eyes f7} Nc6 (2... Nf6 3. d3) 3. Qh5 $2 Nf6?? 4. Qxf7# 1-0\n";

/// An illegal move (`3. Bb6`) on a line with non-ASCII text before it.
const ILLEGAL: &str = "[Event \"Ströbeck–Ålesund\"]\n[White \"Müller, Jürgen\"]\n\n\
1. e4 e5 2. Nf3 Nc6 {Jürgen überlegt lange} 3. Bb6 a6 *\n";

/// Only a warning (`+` on a move that gives no check).
const WARNING: &str = "1. e4 e5 2. Nf3+ Nc6 *\n";

/// A file in this test's own temporary folder.
fn temp_file(name: &str, content: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, content).expect("temp file");
    path
}

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the binary runs");
    {
        let mut input = child.stdin.take().expect("stdin");
        if let Some(text) = stdin {
            // A program that stops early (a usage error) closes its input: that is fine.
            let _ = input.write_all(text.as_bytes());
        }
    }
    child.wait_with_output().expect("the binary finishes")
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("exited, not killed")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(out)))
}

#[test]
fn exit_0_for_a_clean_file() {
    let path = temp_file("clean.pgn", CLEAN);
    let out = run(&["check", "--lang", "en", path.to_str().unwrap()], None);
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    let text = stdout(&out);
    // Seven moves in the main line and two in the variation.
    assert!(text.contains("1 game, 9 moves resolved"), "{text}");
    assert!(text.contains("0 errors, 0 warnings"), "{text}");
}

#[test]
fn exit_0_with_warnings_only() {
    let path = temp_file("warning.pgn", WARNING);
    let out = run(&["check", "--lang", "en", path.to_str().unwrap()], None);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert!(
        stdout(&out).contains("scoresheet::check_without_check"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn exit_1_for_an_illegal_move() {
    let path = temp_file("illegal.pgn", ILLEGAL);
    let out = run(&["check", "--lang", "en", path.to_str().unwrap()], None);
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    let text = stdout(&out);
    assert!(text.contains("scoresheet::illegal_move"), "{text}");
    assert!(text.contains("illegal move `Bb6`"), "{text}");
    // One file with an error among clean ones still fails the run.
    let clean = temp_file("clean-2.pgn", CLEAN);
    let out = run(
        &[
            "check",
            "--lang",
            "en",
            clean.to_str().unwrap(),
            path.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code(&out), 1);
}

#[test]
fn exit_2_when_it_cannot_run() {
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-file.pgn");
    let missing = missing.to_str().unwrap();
    let out = run(&["check", missing], None);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("no-such-file.pgn"),
        "the message names the file: {}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty());
    // A missing file among good ones.
    let clean = temp_file("clean-3.pgn", CLEAN);
    let out = run(&["check", clean.to_str().unwrap(), missing], None);
    assert_eq!(code(&out), 2);
    // Usage errors.
    for args in [
        &["check", "--bogus"][..],
        &["check", "--format", "xml", "-"],
        &["check", "--color", "sometimes", "-"],
        &["convert", "-"],
        &["frobnicate"],
        &[],
    ] {
        let out = run(args, Some(CLEAN));
        assert_eq!(code(&out), 2, "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).is_empty(), "{args:?}: says why");
    }
    // A language that has no grammar.
    let out = run(&["check", "--lang", "xx", "-"], Some(CLEAN));
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("xx"), "{}", stderr(&out));
}

/// A directory given as a file is refused by name, by every command that reads files.
#[test]
fn a_directory_is_refused_with_its_name() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    for args in [
        &["check", dir][..],
        &["lint", dir],
        &["convert", "--to", "uci", dir],
        &["position", "--to", "fen", dir],
    ] {
        let out = run(args, None);
        assert_eq!(code(&out), 2, "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(dir) && stderr(&out).contains("is a directory"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

/// An empty input is said to hold no game, with no label pointing into nothing (miette's
/// `OutOfBounds` leaked into the report).
#[test]
fn an_empty_input_is_reported_plainly() {
    for args in [&["check", "-"][..], &["lint", "-"]] {
        let out = run(args, Some(""));
        let all = format!("{}{}", stdout(&out), stderr(&out));
        assert!(!all.contains("OutOfBounds"), "{args:?}: {all}");
        assert!(!all.contains("Failed to read"), "{args:?}: {all}");
        assert!(code(&out) != 2, "{args:?}: {all}");
    }
    let out = run(&["check", "-"], Some(""));
    assert!(stdout(&out).contains("no game found"), "{}", stdout(&out));
}

#[test]
fn standard_input() {
    for args in [
        &["check", "--lang", "en", "-"][..],
        &["check", "--lang", "en"],
    ] {
        let out = run(args, Some(ILLEGAL));
        assert_eq!(code(&out), 1, "{args:?}");
        assert!(
            stdout(&out).contains("illegal move `Bb6`"),
            "{args:?}: {}",
            stdout(&out)
        );
        let out = run(args, Some(CLEAN));
        assert_eq!(code(&out), 0, "{args:?}");
        assert!(
            stdout(&out).contains("<stdin>"),
            "{args:?}: {}",
            stdout(&out)
        );
    }
    let out = run(&["check", "--lang", "en", "--format", "json"], Some(CLEAN));
    assert_eq!(json(&out)["files"][0]["path"], "<stdin>");
}

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    k.sort_unstable();
    k
}

#[test]
fn json_has_exactly_the_documented_fields() {
    let path = temp_file("illegal-json.pgn", ILLEGAL);
    let out = run(
        &[
            "check",
            "--lang",
            "en",
            "--format",
            "json",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code(&out), 1);
    let doc = json(&out);
    assert_eq!(keys(&doc), ["files"]);
    let files = doc["files"].as_array().expect("files");
    assert_eq!(files.len(), 1);
    let file = &files[0];
    assert_eq!(
        keys(file),
        ["diagnostics", "games", "language", "notation", "path"]
    );
    assert_eq!(file["path"], path.to_str().unwrap());
    assert_eq!(file["notation"], "algebraic");
    assert_eq!(file["language"], "en");
    assert_eq!(file["games"], 1);
    let diags = file["diagnostics"].as_array().expect("diagnostics");
    for d in diags {
        assert_eq!(
            keys(d),
            [
                "code",
                "column",
                "game",
                "help",
                "length",
                "line",
                "message",
                "offset",
                "ply",
                "severity",
                "suggestions",
                "text"
            ]
        );
        assert!(
            ["error", "warning", "advice"].contains(&d["severity"].as_str().expect("severity"))
        );
        assert!(d["help"].is_null() || d["help"].is_string());
        assert!(
            d["suggestions"]
                .as_array()
                .expect("suggestions")
                .iter()
                .all(Value::is_string)
        );
    }
    let d = diags
        .iter()
        .find(|d| d["code"] == "scoresheet::illegal_move")
        .expect("the illegal move");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["text"], "Bb6");
    assert_eq!(d["line"], 4);
    // `1. e4 e5 2. Nf3 Nc6 {Jürgen überlegt lange} 3. ` is 47 characters and 49 bytes.
    assert_eq!(d["column"], 48, "the column counts characters, not bytes");
    // Line 1 is 31 bytes with its newline (ö, – and Å take 2, 3 and 2), line 2 is 27, line 3 is 1.
    assert_eq!(d["offset"], 31 + 27 + 1 + 49);
    assert_eq!(&ILLEGAL[108..111], "Bb6");
    assert_eq!(d["length"], 3);
    assert_eq!(d["game"], 1);
    assert_eq!(
        d["ply"], 5,
        "3. Bb6 is White's third move, the fifth half-move"
    );
    assert!(d["message"].as_str().expect("message").contains("Bb6"));
    let suggestions: Vec<&str> = d["suggestions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(suggestions.contains(&"Bb5"), "{suggestions:?}");
    // After the error the checker reads on from its best repair, and says what it assumed.
    let help = d["help"].as_str().expect("help");
    assert!(help.contains("assumed"), "{help}");
    assert_eq!(
        suggestions.first(),
        Some(&"Bb5"),
        "the assumed move comes first: {suggestions:?}"
    );
    assert!(
        !diags.iter().any(|d| d["code"] == "scoresheet::not_checked"),
        "with a repair the rest of the line is checked"
    );
}

#[test]
fn json_for_several_files_and_games() {
    let a = temp_file("json-a.pgn", CLEAN);
    let b = temp_file("json-b.pgn", &format!("{WARNING}\n{WARNING}"));
    let out = run(
        &[
            "check",
            "--lang",
            "en",
            "--format",
            "json",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code(&out), 0);
    let doc = json(&out);
    let files = doc["files"].as_array().expect("files");
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["path"], a.to_str().unwrap());
    assert_eq!(files[0]["diagnostics"].as_array().unwrap().len(), 0);
    assert_eq!(files[1]["games"], 2);
    let games: Vec<i64> = files[1]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["game"].as_i64())
        .collect();
    assert_eq!(games, [1, 2]);
    let lines: Vec<i64> = files[1]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["line"].as_i64())
        .collect();
    assert_eq!(lines, [1, 3]);
}

#[test]
fn convert_to_uci() {
    let out = run(&["convert", "--lang", "en", "--to", "uci"], Some(CLEAN));
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7\n");
    // One line per game.
    let two = format!("{CLEAN}\n1. d4 d5 2. c4 *\n");
    let out = run(&["convert", "--lang", "en", "--to", "uci", "-"], Some(&two));
    assert_eq!(
        stdout(&out),
        "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7\nd2d4 d7d5 c2c4\n"
    );
    // Castling is written king-to-square in standard chess.
    let out = run(
        &["convert", "--lang", "en", "--to", "uci"],
        Some("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *"),
    );
    assert_eq!(stdout(&out), "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1\n");
}

#[test]
fn convert_refuses_games_with_errors() {
    let out = run(&["convert", "--lang", "en", "--to", "uci"], Some(ILLEGAL));
    assert_eq!(code(&out), 1);
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("illegal move `Bb6`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn convert_to_pgn() {
    let out = run(&["convert", "--lang", "en", "--to", "pgn"], Some(CLEAN));
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let pgn = stdout(&out);
    for tag in [
        "[Event \"Club\"]",
        "[Site \"?\"]",
        "[Date \"?\"]",
        "[Round \"?\"]",
        "[White \"Müller\"]",
        "[Black \"Ström\"]",
        "[Result \"1-0\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in\n{pgn}");
    }
    // Comments, variations and NAGs are kept; `??` becomes $4.
    for part in [
        "{the bishop eyes f7}",
        "(2... Nf6 3. d3)",
        "Qh5 $2",
        "Nf6 $4",
        "Qxf7#",
        "1-0",
    ] {
        assert!(pgn.contains(part), "{part} in\n{pgn}");
    }
    assert!(
        pgn.lines().all(|l| l.chars().count() <= 80),
        "lines are wrapped:\n{pgn}"
    );
    // The PGN reads back to the same moves, without any diagnostic.
    let back = run(&["check", "--lang", "en", "--format", "json"], Some(&pgn));
    assert_eq!(code(&back), 0);
    assert_eq!(
        json(&back)["files"][0]["diagnostics"],
        Value::Array(Vec::new())
    );
    let uci = run(&["convert", "--lang", "en", "--to", "uci"], Some(&pgn));
    assert_eq!(stdout(&uci), "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7\n");
}

/// Output piped into a reader that has gone away (as in `scoresheet … | head -1`) ends the
/// program quietly: no error message and not exit 2.
#[test]
fn broken_pipe_is_not_an_error() {
    let game = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n";
    let many = temp_file("many.pgn", &game.repeat(1500));
    let illegal = temp_file("many-illegal.pgn", &ILLEGAL.repeat(100));
    for args in [
        vec![
            "convert",
            "--lang",
            "en",
            "--to",
            "uci",
            many.to_str().unwrap(),
        ],
        vec![
            "convert",
            "--lang",
            "en",
            "--to",
            "pgn",
            many.to_str().unwrap(),
        ],
        vec![
            "check",
            "--lang",
            "en",
            "--format",
            "json",
            illegal.to_str().unwrap(),
        ],
        vec![
            "check",
            "--lang",
            "en",
            "--color",
            "never",
            illegal.to_str().unwrap(),
        ],
    ] {
        let mut child = Command::new(BIN)
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        // Read a little, then close the pipe.
        let mut first = [0u8; 16];
        let mut out = child.stdout.take().expect("stdout");
        let _ = out.read(&mut first);
        drop(out);
        let mut err = String::new();
        child
            .stderr
            .take()
            .expect("stderr")
            .read_to_string(&mut err)
            .expect("stderr");
        let status = child.wait().expect("wait");
        assert_ne!(status.code(), Some(2), "{args:?}: {err}");
        assert!(
            status.code().is_some(),
            "{args:?}: killed by a signal, not a clean exit"
        );
        assert!(
            !err.to_lowercase().contains("broken pipe"),
            "{args:?}: {err}"
        );
        if args[0] == "convert" {
            assert_eq!(status.code(), Some(0), "{args:?}: {err}");
            assert!(err.is_empty(), "{args:?}: {err}");
        }
    }
}

fn has_escape(bytes: &[u8]) -> bool {
    bytes.contains(&0x1b)
}

#[test]
fn colour() {
    let path = temp_file("colour.pgn", ILLEGAL);
    let p = path.to_str().unwrap();
    let always = run(&["check", "--lang", "en", "--color", "always", p], None);
    assert!(has_escape(&always.stdout), "--color always colours");
    let never = run(&["check", "--lang", "en", "--color", "never", p], None);
    assert!(
        !has_escape(&never.stdout) && !has_escape(&never.stderr),
        "--color never"
    );
    assert!(stdout(&never).contains("illegal move `Bb6`"));
    // Not a terminal: no colour by default.
    let auto = run(&["check", "--lang", "en", p], None);
    assert!(!has_escape(&auto.stdout), "a pipe is not coloured");
    let no_color = Command::new(BIN)
        .args(["check", "--lang", "en", p])
        .env("NO_COLOR", "1")
        .output()
        .expect("run");
    assert!(!has_escape(&no_color.stdout));
    // On a terminal (through `script`, when it is installed), NO_COLOR turns colour off.
    let script = Command::new("script").arg("--version").output();
    if script.is_err() || !script.as_ref().is_ok_and(|o| o.status.success()) {
        common::skip(
            "colour",
            "util-linux's `script` is not installed: the terminal cases",
        );
        return;
    }
    let in_terminal = |no_color: Option<&str>, extra: &str| {
        let mut cmd = Command::new("script");
        cmd.args([
            "-qec",
            &format!("'{BIN}' check --lang en {extra} '{p}'"),
            "/dev/null",
        ]);
        cmd.env_remove("NO_COLOR");
        if let Some(v) = no_color {
            cmd.env("NO_COLOR", v);
        }
        cmd.stdin(Stdio::null()).output().expect("script runs")
    };
    let tty = in_terminal(None, "");
    assert!(
        has_escape(&tty.stdout),
        "a terminal is coloured: {}",
        String::from_utf8_lossy(&tty.stdout)
    );
    let tty_no_color = in_terminal(Some("1"), "");
    assert!(
        !has_escape(&tty_no_color.stdout),
        "NO_COLOR: {}",
        String::from_utf8_lossy(&tty_no_color.stdout)
    );
    assert!(String::from_utf8_lossy(&tty_no_color.stdout).contains("illegal move `Bb6`"));
    let tty_never = in_terminal(None, "--color never");
    assert!(
        !has_escape(&tty_never.stdout),
        "--color never on a terminal"
    );
}

#[test]
fn languages_lists_english() {
    let out = run(&["languages"], None);
    assert_eq!(code(&out), 0);
    let text = stdout(&out);
    let en = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some("en"))
        .expect("an `en` line");
    let fields: Vec<&str> = en.split_whitespace().collect();
    assert_eq!(
        &fields[..8],
        ["en", "English", "K", "Q", "R", "B", "N", "P"],
        "{en}"
    );
}

/// `--jobs` changes how many games are checked at once, never what is reported: the human
/// and JSON reports of many games, clean and in error, are the same with 1, 2 and 5 threads.
#[test]
fn the_report_is_the_same_whatever_the_number_of_jobs() {
    let mut text = String::new();
    for n in 0..200 {
        text.push_str(match n % 4 {
            0 => CLEAN,
            1 => WARNING,
            2 => "1. e4 e5 2. Ke3 Kd6 3. Nf3 *\n",
            _ => "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7 1/2-1/2\n",
        });
        text.push('\n');
    }
    let path = temp_file("jobs.pgn", &text);
    let path = path.to_str().expect("UTF-8 path");
    for format in ["human", "json"] {
        let runs: Vec<Output> = ["1", "2", "5"]
            .iter()
            .map(|j| {
                run(
                    &[
                        "check", "--jobs", j, "--color", "never", "--format", format, path,
                    ],
                    None,
                )
            })
            .collect();
        assert_eq!(code(&runs[0]), 1, "{}", stderr(&runs[0]));
        assert!(
            stdout(&runs[0]).contains("illegal move `Ke3`"),
            "{}",
            stdout(&runs[0])
        );
        for r in &runs[1..] {
            assert_eq!(stdout(r), stdout(&runs[0]), "{format}");
            assert_eq!(code(r), code(&runs[0]));
        }
    }
    let bad = run(&["check", "--jobs", "0", path], None);
    assert_eq!(code(&bad), 2, "{}", stderr(&bad));
}

/// A file with more than 2,000 problems: the first 2,000 are shown in full, the rest one line
/// each with their place and code, and JSON still has every one in full.
#[test]
fn past_two_thousand_problems_the_human_report_takes_a_line_each() {
    let text = format!("{WARNING}\n").repeat(2_100);
    let path = temp_file("many-warnings.pgn", &text);
    let path = path.to_str().expect("UTF-8 path");
    let human = run(&["check", "--color", "never", path], None);
    assert_eq!(code(&human), 0, "{}", stderr(&human));
    let out = stdout(&human);
    assert!(
        out.contains("\nMore problems, one line each (the first 2000"),
        "{}",
        &out[out.len().saturating_sub(3_000)..]
    );
    let compact: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("  ⚠ ") && l.contains("[scoresheet::check_without_check]"))
        .collect();
    assert_eq!(compact.len(), 100, "{compact:?}");
    // The last game's warning, at its own line and column (2 lines a game; the label is on `+`).
    assert!(
        compact[99].starts_with(&format!("  ⚠ {path}:4199:16: `Nf3+` is marked as check")),
        "{}",
        compact[99]
    );
    let json = json(&run(&["check", "--format", "json", path], None));
    assert_eq!(
        json["files"][0]["diagnostics"].as_array().map(Vec::len),
        Some(2_100)
    );
}
