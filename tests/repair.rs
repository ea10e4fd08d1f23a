//! `scoresheet convert --repair` (issue 6, item 5): a game with errors is converted only when
//! asked, as the checker repaired it, with every repair marked; without `--repair` it is
//! refused with the reason. Runs the built binary.

mod common;

use std::process::Output;

use scoresheet::check::{Options, check_str};

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

/// Four mistakes: `3. Bb4` for `Bb5`, `8... Qxd1` left out, `11. Nc3 Ne7` swapped, `13... Ne6`
/// for `Be6`.
const TYPED: &str = "[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n\
1. e4 e5 2. Nf3 Nc6 3. Bb4 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5 8. Nb3\n\
9. Rxd1 Bd6 10. Be3 b6 11. Ne7 Nc3 12. Nd5 Nxd5 13. Rxd5 Ne6 14. Rd2 O-O-O *\n";

/// The game as played.
const PLAYED: &str = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1 f7f6 d2d4 e5d4 f3d4 c6c5 \
d4b3 d8d1 f1d1 f8d6 c1e3 b7b6 b1c3 g8e7 c3d5 e7d5 d1d5 c8e6 d5d2 e8c8";

fn run(args: &[&str], stdin: &str) -> Output {
    common::run_piped(BIN, args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn without_repair_a_game_with_errors_is_refused_with_the_reason() {
    let out = run(&["convert", "--lang", "en", "--to", "pgn"], TYPED);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(err.contains("illegal move `Bb4`"), "{err}");
    assert!(err.contains("not converted"), "{err}");
    assert!(err.contains("--repair"), "{err}");
}

#[test]
fn repaired_pgn_marks_every_repair_and_reads_back_clean() {
    let out = run(
        &["convert", "--lang", "en", "--to", "pgn", "--repair"],
        TYPED,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let pgn = text(&out.stdout);
    // One comment per assumed move (the swap marks both of its moves).
    assert_eq!(pgn.matches("{scoresheet:").count(), 5, "{pgn}");
    for part in [
        "`Bb4` is not legal here",
        "missing from the score",
        "swapped",
        "`Ne6`",
    ] {
        assert!(pgn.contains(part), "{part}: {pgn}");
    }
    // The repaired game is the game as played, and has no errors.
    let file = check_str("repaired.pgn", &pgn, &Options::default()).expect("grammar");
    assert!(!file.has_errors(), "{pgn}");
    let uci = scoresheet::report::output::uci_line(&file.games[0]);
    assert_eq!(uci, PLAYED);
    // Every repair is listed on standard error too.
    let err = text(&out.stderr);
    assert!(
        err.contains("game 1: 8... Qxd1: missing from the score"),
        "{err}"
    );
    assert!(
        err.contains("game 1: 3. Bb5: `Bb4` is not legal here"),
        "{err}"
    );
}

#[test]
fn repaired_lines_in_other_notations() {
    let out = run(
        &["convert", "--lang", "en", "--to", "uci", "--repair"],
        TYPED,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // UCI has no comments: the moves only, the repairs on standard error.
    assert_eq!(text(&out.stdout).trim_end(), PLAYED);
    assert_eq!(text(&out.stderr).matches("game 1:").count(), 5);
    let out = run(
        &[
            "convert",
            "--lang",
            "en",
            "--to",
            "san",
            "--to-lang",
            "de",
            "--repair",
        ],
        TYPED,
    );
    let line = text(&out.stdout);
    assert!(
        line.contains("3. Lb5 {scoresheet: `Bb4` is not legal here"),
        "{line}"
    );
    assert!(line.contains("8. Sb3 Dxd1 {scoresheet: missing"), "{line}");
}

#[test]
fn a_game_that_cannot_be_repaired_is_still_refused() {
    // A move after mate: nothing to assume.
    let out = run(
        &["convert", "--lang", "en", "--to", "uci", "--repair"],
        "1. f3 e5 2. g4 Qh4# 3. a3 *\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.contains("could not all be repaired"), "{err}");
}

#[test]
fn clean_games_are_converted_alike_with_or_without_repair() {
    let clean = "1. e4 e5 2. Nf3 Nc6 *\n";
    let a = run(&["convert", "--lang", "en", "--to", "san"], clean);
    let b = run(
        &["convert", "--lang", "en", "--to", "san", "--repair"],
        clean,
    );
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(b.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout);
    assert!(b.stderr.is_empty(), "{}", text(&b.stderr));
}
