//! The checks build.rs runs on every grammar file fail on the mistakes they exist for.

use scoresheet::syntax::{LANGUAGE_RULES, check_grammar, check_language_rules};

const GOOD: &str = "//! code: xx\n/// king\nking = @{ \"K\" }\n/// queen\nqueen = @{ \"Q\" }\n/// rook\nrook = @{ \"R\" }\n/// bishop\nbishop = @{ \"B\" }\n/// knight\nknight = @{ \"N\" }\n/// pawn\npawn = @{ \"P\" }\n";

#[test]
fn a_complete_language_file_passes() {
    assert_eq!(check_language_rules(GOOD), Vec::<(usize, String)>::new());
    let (names, problems) = check_grammar(GOOD);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(
        names,
        LANGUAGE_RULES
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_missing_required_rule_fails() {
    let text = GOOD.replace("/// pawn\npawn = @{ \"P\" }\n", "");
    let problems = check_language_rules(&text);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].1.contains("required rule `pawn` is missing"),
        "{problems:?}"
    );
}

#[test]
fn an_extra_rule_fails_with_its_line() {
    let text = format!("{GOOD}/// helper\nhelper = @{{ \"H\" }}\n");
    let problems = check_language_rules(&text);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].0, 15, "{problems:?}");
    assert!(
        problems[0].1.contains("`helper` is not a language rule"),
        "{problems:?}"
    );
}

#[test]
fn a_missing_final_newline_fails() {
    let text = GOOD.trim_end();
    let problems = check_language_rules(text);
    assert!(
        problems.iter().any(|p| p.1.contains("end with a newline")),
        "{problems:?}"
    );
}

#[test]
fn a_shadowed_choice_fails_with_its_line() {
    // Russian king written with the knight's letter first: "Кр" can never match.
    let text = GOOD.replace("king = @{ \"K\" }", "king = @{ \"К\" | \"Кр\" }");
    let (_, problems) = check_grammar(&text);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].0, 3);
    assert!(problems[0].1.contains("can never match"), "{problems:?}");
    // Longest first is fine.
    let fixed = GOOD.replace("king = @{ \"K\" }", "king = @{ \"Кр\" | \"К\" }");
    assert!(check_grammar(&fixed).1.is_empty());
}

#[test]
fn a_shadowed_choice_across_rules_fails() {
    // Belarusian: queen В before knight Вк in a choice of the two rules.
    let text = format!(
        "{}/// piece\npiece = @{{ queen | knight }}\n",
        GOOD.replace("\"Q\"", "\"В\"").replace("\"N\"", "\"Вк\"")
    );
    let (_, problems) = check_grammar(&text);
    assert!(
        problems.iter().any(|p| p.1.contains("can never match")),
        "{problems:?}"
    );
    // A guard fixes it.
    let guarded = text.replace("queen = @{ \"В\" }", "queen = @{ \"В\" ~ !\"к\" }");
    assert!(
        check_grammar(&guarded).1.is_empty(),
        "{:?}",
        check_grammar(&guarded).1
    );
}

#[test]
fn a_pest_syntax_error_is_reported_with_its_line() {
    let text = GOOD.replace("rook = @{ \"R\" }", "rook = @{ \"R\" ");
    let (_, problems) = check_grammar(&text);
    assert!(!problems.is_empty());
    assert!(problems[0].0 >= 7, "{problems:?}");
}

/// Every built-in language file: (path, text); at least 38 of them.
fn built_in_language_files() -> Vec<(std::path::PathBuf, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("grammars/lang");
    let files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            (path, text)
        })
        .collect();
    assert!(files.len() >= 38, "only {} language files", files.len());
    files
}

#[test]
fn every_built_in_language_file_passes() {
    for (path, text) in built_in_language_files() {
        assert_eq!(
            check_language_rules(&text),
            Vec::<(usize, String)>::new(),
            "{}",
            path.display()
        );
    }
}
