//! A `[` starts a tag line only where a game or a line starts (after white space, or after
//! another tag pair of the line). In the middle of movetext a `[` that starts no complete tag
//! pair is one unknown token, and the moves after it are still read and checked, by `check`
//! and by `lint` alike.

use scoresheet::check::{Options, check_str};
use scoresheet::diagnostic::Code;
use scoresheet::lint::config::Config;
use scoresheet::lint::rules::RuleCode;
use scoresheet::lint::{LintOptions, lint_bytes};

const STRAY: &str = "1. e4 e5 2. Nf3 [ Nc6 3. Bb5 Kxe4 4. Qq9 1-0\n";

/// (code, text) of every diagnostic of every game, in order.
fn checked(text: &str) -> Vec<(Code, String)> {
    let file = check_str("t.pgn", text, &Options::default()).expect("checks");
    assert!(file.diagnostics.is_empty(), "{:?}", file.diagnostics);
    file.games
        .iter()
        .flat_map(|g| &g.diagnostics)
        .map(|d| (d.code(), text[d.span.start..d.span.end].to_owned()))
        .collect()
}

fn at(text: &str, token: &str) -> usize {
    text.find(token).expect("token in text")
}

#[test]
fn a_stray_bracket_is_one_token_and_the_moves_after_it_are_checked() {
    let file = check_str("t.pgn", STRAY, &Options::default()).expect("checks");
    assert_eq!(file.games.len(), 1);
    let found: Vec<(Code, usize, usize)> = file.games[0]
        .diagnostics
        .iter()
        .map(|d| (d.code(), d.span.start, d.span.end))
        .collect();
    let kxe4 = at(STRAY, "Kxe4");
    let qq9 = at(STRAY, "Qq9");
    assert_eq!(
        found,
        [
            (Code::Syntax, 16, 17),
            (Code::IllegalMove, kxe4, kxe4 + 4),
            (Code::Syntax, qq9, qq9 + 3),
        ]
    );
    assert!(!found.iter().any(|f| f.0 == Code::BrokenTag), "{found:?}");
}

#[test]
fn lint_sees_the_moves_after_a_stray_bracket() {
    let linted = lint_bytes(
        "t.pgn",
        STRAY.as_bytes(),
        &LintOptions::default(),
        Config::default(),
    )
    .expect("lints");
    let texts: Vec<&str> = linted
        .diagnostics
        .iter()
        .map(|d| &STRAY[d.span.start..d.span.end])
        .collect();
    assert_eq!(texts, ["[", "Kxe4", "Qq9"]);
    let codes: Vec<RuleCode> = linted.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(
        codes,
        [
            RuleCode::Unreadable,
            RuleCode::IllegalMove,
            RuleCode::Unreadable
        ]
    );
}

#[test]
fn a_bracket_in_a_comment_is_untouched() {
    let text = "1. e4 e5 2. Nf3 { see [1] and [Event \"x\"] } Nc6 3. Bb5 a6 1-0\n";
    assert_eq!(checked(text), []);
    let file = check_str("t.pgn", text, &Options::default()).expect("checks");
    assert_eq!(file.games[0].moves.len(), 6);
}

#[test]
fn tag_lines_are_still_tag_pairs() {
    // At the start of the text, indented, several on one line, on the next line.
    let text = "  [Event \"Club\"] [Site \"Utrecht\"]\n\t[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    assert_eq!(checked(text), []);
    let file = check_str("t.pgn", text, &Options::default()).expect("checks");
    let names: Vec<&str> = file.games[0].syntax.tags.iter().map(|t| &*t.name).collect();
    assert_eq!(names, ["Event", "Site", "White"]);
    // A tag line starts the next game, even indented.
    second_game_has_its_tag("[Event \"1\"]\n1. e4 e5 1-0\n  [Event \"2\"]\n1. d4 d5 0-1\n");
}

/// `text` holds two clean games, the second with the tag `Event "2"`.
fn second_game_has_its_tag(text: &str) {
    let file = check_str("t.pgn", text, &Options::default()).expect("checks");
    assert_eq!(file.games.len(), 2);
    assert_eq!(&*file.games[1].syntax.tags[0].value, "2");
    assert_eq!(checked(text), []);
}

#[test]
fn a_tag_after_a_result_and_a_comment_on_the_same_line_opens_the_next_game() {
    second_game_has_its_tag("1. e4 e5 1-0 {a comment} [Event \"2\"] 1. d4 d5 0-1\n");
}

#[test]
fn a_broken_tag_at_the_start_of_a_line_is_still_reported() {
    let text = "[Event \"Club championship]\n[Site \"Utrecht\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    assert_eq!(
        checked(text),
        [(Code::BrokenTag, "[Event \"Club championship]".to_owned())]
    );
    // Also after other tag pairs and when indented.
    let text = "[Site \"Utrecht\"]\n  [Event \"Club\n1. e4 e5 *\n";
    assert_eq!(
        checked(text),
        [(Code::BrokenTag, "[Event \"Club".to_owned())]
    );
}

#[test]
fn a_complete_tag_pair_in_the_middle_of_movetext_is_reported_as_one() {
    // A complete tag pair swallows nothing: it is one warning, and the moves around it are
    // read.
    let text = "1. e4 e5 2. Nf3 [Event \"x\"] Nc6 3. Bxc6 1-0\n";
    assert_eq!(
        checked(text),
        [
            (Code::TagInMovetext, "[Event \"x\"]".to_owned()),
            (Code::IllegalMove, "Bxc6".to_owned())
        ]
    );
}
