//! `--format sarif` for `check` and `lint` (issue 19 item 2): SARIF 2.1.0 that validates
//! against the standard's schema, with every problem's rule, level, place and fixes; and
//! `--stdin-filename`, the name standard input stands for.

mod common;

use serde_json::Value;

/// Runs the binary with `args`, `input` on standard input: (exit code, standard output).
fn run(args: &[&str], input: &str) -> (i32, String) {
    let out = common::run_piped(env!("CARGO_BIN_EXE_scoresheet"), args, input);
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

fn schema() -> jsonschema::Validator {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sarif/sarif-schema-2.1.0.json"
    );
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::draft4::new(&schema).expect("the SARIF schema compiles")
}

/// The log parsed, after it validated against the schema.
fn valid(text: &str) -> Value {
    let log: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let validator = schema();
    let errors: Vec<String> = validator
        .iter_errors(&log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    log
}

#[test]
fn the_schema_refuses_a_broken_log() {
    // The validator is no rubber stamp: a log without its version, and a result with a level
    // SARIF does not know, are refused.
    let validator = schema();
    let (_, text) = run(&["check", "--format", "sarif", "-"], "1. e4 e5 2. Ke3 *\n");
    let log: Value = serde_json::from_str(&text).unwrap();
    assert!(validator.is_valid(&log));
    let mut broken = log.clone();
    broken.as_object_mut().unwrap().remove("version");
    assert!(!validator.is_valid(&broken));
    let mut broken = log;
    broken["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(!validator.is_valid(&broken));
}

#[test]
fn check_reports_every_problem_with_its_place_and_fixes() {
    let games = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb4 a6 *\n\n\
                 [Event \"b\"]\n\n1. d4 d5 2. Кf3 Кc6 *\n";
    let (code, text) = run(
        &[
            "check",
            "--format",
            "sarif",
            "--stdin-filename",
            "games/ch 1.pgn",
            "-",
        ],
        games,
    );
    assert_eq!(code, 1, "errors found");
    let log = valid(&text);
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "scoresheet");
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    assert_eq!(run["artifacts"][0]["location"]["uri"], "games/ch%201.pgn");
    let results = run["results"].as_array().unwrap();
    let illegal = results
        .iter()
        .find(|r| r["ruleId"] == "scoresheet::illegal_move")
        .expect("the illegal move");
    assert_eq!(illegal["level"], "error");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let rule = &rules[illegal["ruleIndex"].as_u64().unwrap() as usize];
    assert_eq!(rule["id"], "scoresheet::illegal_move");
    assert_eq!(rule["properties"]["lintRule"], "SC101");
    let place = &illegal["locations"][0]["physicalLocation"];
    assert_eq!(place["artifactLocation"]["uri"], "games/ch%201.pgn");
    let region = &place["region"];
    assert_eq!(
        (
            &region["startLine"],
            &region["startColumn"],
            &region["endColumn"]
        ),
        (&3.into(), &24.into(), &27.into())
    );
    assert_eq!(region["snippet"]["text"], "Bb4");
    assert_eq!(
        &games[region["byteOffset"].as_u64().unwrap() as usize..][..3],
        "Bb4"
    );
    // The ranked suggestions are fixes that replace the move.
    let fix = &illegal["fixes"][0];
    assert_eq!(fix["description"]["text"], "write `Bc4`");
    let replacement = &fix["artifactChanges"][0]["replacements"][0];
    assert_eq!(replacement["insertedContent"]["text"], "Bc4");
    assert_eq!(replacement["deletedRegion"]["snippet"]["text"], "Bb4");
    // The second game's Cyrillic knight: columns counted in characters, offsets in bytes.
    let knight = results
        .iter()
        .map(|r| &r["locations"][0]["physicalLocation"]["region"])
        .find(|r| r["snippet"]["text"] == "Кc6")
        .unwrap_or_else(|| panic!("{results:#?}"));
    assert_eq!(
        [
            &knight["startLine"],
            &knight["startColumn"],
            &knight["endColumn"],
            &knight["byteLength"]
        ],
        [7, 17, 20, 4].map(Value::from).each_ref()
    );
    assert_eq!(
        &games[knight["byteOffset"].as_u64().unwrap() as usize..][..4],
        "Кc6"
    );
    // A rule is described once however often it is reported.
    let mut ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    let n = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), n);
}

#[test]
fn a_clean_file_is_a_log_without_results() {
    let (code, text) = run(
        &["check", "--format", "sarif", "-"],
        "1. e4 e5 2. Nf3 Nc6 *\n",
    );
    assert_eq!(code, 0);
    let log = valid(&text);
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
    assert_eq!(
        log["runs"][0]["artifacts"][0]["location"]["uri"],
        "%3Cstdin%3E"
    );
}

#[test]
fn lint_reports_rules_and_their_fixes() {
    // A Markdown chapter piped in under its name: read as Markdown because of it. The mate is
    // not marked (SC103, a safe fix) and a move in the prose is illegal (SC101).
    let chapter = "# Chapter 1\n\nThe game went 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 and not 4.Qxf8 but mate.\n\n\
                   ```pgn\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *\n```\n";
    let (code, text) = run(
        &[
            "lint",
            "--format",
            "sarif",
            "--no-config",
            "--stdin-filename",
            "book/ch1.md",
            "-",
        ],
        chapter,
    );
    let log = valid(&text);
    let run = &log["runs"][0];
    assert_eq!(run["artifacts"][0]["location"]["uri"], "book/ch1.md");
    let results = run["results"].as_array().unwrap();
    let mate = results
        .iter()
        .find(|r| {
            r["ruleId"] == "SC103"
                && r["locations"][0]["physicalLocation"]["region"]["startLine"] == 6
        })
        .unwrap_or_else(|| panic!("the unmarked mate in the fence: {results:#?}"));
    let edit = &mate["fixes"][0]["artifactChanges"][0]["replacements"][0];
    // The fix inserts the mark after the move: an empty region where `Qxf7` ends.
    assert_eq!(edit["insertedContent"]["text"], "#");
    assert_eq!(edit["deletedRegion"]["byteLength"], 0);
    let at = edit["deletedRegion"]["byteOffset"].as_u64().unwrap() as usize;
    assert!(chapter[..at].ends_with("4. Qxf7"), "{at}");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let rule = &rules[mate["ruleIndex"].as_u64().unwrap() as usize];
    assert_eq!(
        (&rule["id"], &rule["name"]),
        (&"SC103".into(), &"check-mark".into())
    );
    assert!(
        rule["help"]["markdown"]
            .as_str()
            .unwrap()
            .contains("## What it does")
    );
    // Read as Markdown (by the name given), the prose's fragment is checked too.
    let illegal = results
        .iter()
        .find(|r| r["ruleId"] == "SC101")
        .unwrap_or_else(|| panic!("the illegal move in the prose: {results:#?}"));
    let region = &illegal["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (&region["startLine"], &region["snippet"]["text"]),
        (&3.into(), &"Qxf8".into())
    );
    assert_eq!(illegal["level"], "error");
    assert_eq!(code, 1);
}
