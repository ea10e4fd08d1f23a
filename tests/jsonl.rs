//! `check --format jsonl` (issue 19 item 3): one JSON object per line, a line per game as soon
//! as it is checked and a line per problem of a file as a whole.

mod common;

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

fn check_jsonl(input: &str) -> (i32, Vec<serde_json::Value>) {
    let out = common::run_piped(
        BIN,
        &["check", "--format", "jsonl", "--lang", "en", "-"],
        input,
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (out.status.code().unwrap(), lines)
}

#[test]
fn a_line_per_game_with_its_diagnostics() {
    let (code, lines) = check_jsonl("1. e4 e5 2. Nf3 Nc6 *\n\n1. e4 e5 2. Qxe5 *\n\n1. d4 d5 *\n");
    assert_eq!(code, 1);
    assert_eq!(lines.len(), 3);
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l["path"], "<stdin>");
        assert_eq!(l["game"], i + 1);
        assert_eq!(l["notation"], "algebraic");
        assert_eq!(l["language"], "en");
    }
    assert_eq!(lines[0]["moves"], 4);
    assert_eq!(lines[0]["errors"], 0);
    assert_eq!(lines[0]["diagnostics"].as_array().unwrap().len(), 0);
    assert_eq!(lines[1]["errors"], 1);
    let d = &lines[1]["diagnostics"][0];
    assert_eq!(d["code"], "scoresheet::illegal_move");
    assert_eq!(d["text"], "Qxe5");
    assert_eq!(d["line"], 3);
    assert_eq!(d["ply"], 3);
    assert_eq!(lines[2]["errors"], 0);
}

#[test]
fn a_problem_of_the_file_is_a_line_of_its_own() {
    let (code, lines) = check_jsonl("");
    assert_eq!(lines.len(), 1);
    assert!(lines[0]["game"].is_null());
    assert_eq!(lines[0]["diagnostics"][0]["code"], "scoresheet::no_game");
    assert_eq!(code, 0, "a warning only");
}

/// `convert --format jsonl`: a line per game with its converted text (null when it was not
/// converted), its status and its diagnostics.
#[test]
fn convert_writes_a_line_per_game() {
    let out = common::run_piped(
        BIN,
        &[
            "convert",
            "--to",
            "san",
            "--to-lang",
            "de",
            "--main-line",
            "--format",
            "jsonl",
            "-",
        ],
        "1. e4 e5 2. Nf3 Nc6 *\n\n1. e4 e5 2. Qxe5 *\n",
    );
    assert_eq!(out.status.code(), Some(1), "a game not converted");
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["status"], "converted");
    assert_eq!(lines[0]["text"], "1. e4 e5 2. Sf3 Sc6 *\n");
    assert_eq!(lines[1]["status"], "refused");
    assert!(lines[1]["text"].is_null());
    assert_eq!(
        lines[1]["diagnostics"][0]["code"],
        "scoresheet::illegal_move"
    );
}
