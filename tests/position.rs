//! `scoresheet position`: positions read as FEN, records in any language, diagrams and GBR codes,
//! or taken from a game after a move, and written in each form; illegal positions refused with
//! the reason in words; exit codes as `check`. Runs the built binary.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

/// The seed's record, verbatim (its `е5` has a Cyrillic `е`).
const SEED: &str = "Бели: Цe4, пп.d4,е5. Черни: Цd6, п.d7\n";
/// Its position with White to move (the convention) and with Black to move.
const SEED_FEN_W: &str = "8/3p4/3k4/4P3/3PK3/8/8/8 w - - 0 1";
const SEED_FEN_B: &str = "8/3p4/3k4/4P3/3PK3/8/8/8 b - - 0 1";

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    {
        let mut input = child.stdin.take().expect("stdin");
        let _ = input.write_all(stdin.as_bytes());
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

/// Runs and expects exit 0; the first line of standard output.
fn line(args: &[&str], stdin: &str) -> String {
    let out = run(args, stdin);
    assert_eq!(code(&out), 0, "{args:?}: {}{}", stdout(&out), stderr(&out));
    stdout(&out).trim_end().to_owned()
}

fn temp_file(name: &str, content: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("position");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, content).expect("temp file");
    path
}

#[test]
fn the_seeds_record_to_fen_with_its_look_alike_and_the_convention_said() {
    let out = run(&["position", "--to", "fen"], SEED);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    // With White to move (the convention) Black would be in check from e5: only Black can be
    // to move, and is.
    assert_eq!(stdout(&out).trim_end(), SEED_FEN_B);
    let err = stderr(&out);
    // The Cyrillic `е` of `е5`, said with its place.
    assert!(err.contains("scoresheet::look_alike"), "{err}");
    assert!(err.contains("U+0435"), "{err}");
    assert!(err.contains("read as the file e"), "{err}");
    assert!(err.contains("the white pawn on e5"), "{err}");
    assert!(err.contains("Black is: with White to move"), "{err}");
    // Said to be White's turn, it is refused with the reason.
    let out = run(&["position", "--to", "fen", "--turn", "w"], SEED);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("the white pawn on e5"),
        "{}",
        stderr(&out)
    );
    // A FEN says who is to move: White to move is refused with the reason, not turned.
    let out = run(&["position", "--to", "record", "--lang", "en"], SEED_FEN_W);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("the white pawn on e5"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        line(&["position", "--to", "fen", "--turn", "b"], SEED),
        SEED_FEN_B
    );
}

#[test]
fn the_seeds_position_to_records_and_back_in_four_languages() {
    for (lang, record) in [
        ("bg", "Бели: Цe4, пп.d4,e5. Черни: Цd6, п.d7"),
        ("ru", "Белые: Крe4, пп. d4, e5. Черные: Крd6, п. d7"),
        ("en", "White: Ke4, Pd4, Pe5. Black: Kd6, Pd7"),
        ("de", "Weiß: Ke4, Bd4, Be5. Schwarz: Kd6, Bd7"),
    ] {
        // FEN → record (the record cannot say Black is to move: a note says so).
        let out = run(&["position", "--to", "record", "--lang", lang], SEED_FEN_B);
        assert_eq!(code(&out), 0, "{lang}: {}", stderr(&out));
        assert_eq!(stdout(&out).trim_end(), record, "{lang}");
        assert!(
            stderr(&out).contains("--turn b"),
            "{lang}: {}",
            stderr(&out)
        );
        // Record → FEN, the language found by its words and given.
        assert_eq!(
            line(&["position", "--to", "fen", "--turn", "b"], record),
            SEED_FEN_B,
            "{lang}"
        );
        assert_eq!(
            line(
                &[
                    "position",
                    "--to",
                    "fen",
                    "--turn",
                    "b",
                    "--from-lang",
                    lang
                ],
                record
            ),
            SEED_FEN_B,
            "{lang}"
        );
    }
    // The seed's Bulgarian record written in Russian.
    assert_eq!(
        line(&["position", "--to", "record", "--lang", "ru"], SEED),
        "Белые: Крe4, пп. d4, e5. Черные: Крd6, п. d7"
    );
}

#[test]
fn gbr_codes_and_diagrams() {
    assert_eq!(
        line(&["position", "--to", "gbr", "--turn", "b"], SEED),
        "e4d6 0000.21 .d4e5d7 3/2"
    );
    assert_eq!(
        line(&["position", "--to", "gbr-code", "--turn", "b"], SEED),
        "0000.21"
    );
    assert_eq!(
        line(
            &["position", "--to", "fen", "--turn", "b"],
            "e4d6 0000.21 .d4e5d7 3/2"
        ),
        SEED_FEN_B
    );
    let diagram = line(&["position", "--to", "diagram"], SEED_FEN_B);
    assert_eq!(
        diagram,
        "Black to move\n8 · · · · · · · ·\n7 · · · ♟ · · · ·\n6 · · · ♚ · · · ·\n\
         5 · · · · ♙ · · ·\n4 · · · ♙ ♔ · · ·\n3 · · · · · · · ·\n2 · · · · · · · ·\n\
         1 · · · · · · · ·\n  a b c d e f g h"
    );
    // The diagram's heading says who is to move.
    assert_eq!(line(&["position", "--to", "fen"], &diagram), SEED_FEN_B);
}

#[test]
fn illegal_positions_are_refused_with_the_reason() {
    for (input, args, reason) in [
        (
            "White: Ke1, Kg1. Black: Ke8",
            &[][..],
            "White has 2 kings (e1 and g1)",
        ),
        (
            "White: Ke1, Pd1. Black: Ke8",
            &[][..],
            "White has a pawn on d1",
        ),
        (
            "R3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            &[][..],
            "White is to move, but Black is in check (the white rook on a8)",
        ),
        (
            "White: Ke4, Pd4, Pe5. Black: Kd6, Pd7",
            &["--turn", "w"][..],
            "Black is in check (the white pawn on e5)",
        ),
    ] {
        let mut a = vec!["position", "--to", "fen"];
        a.extend(args);
        let out = run(&a, input);
        assert_eq!(code(&out), 1, "{input}: {}", stdout(&out));
        assert!(stdout(&out).is_empty(), "{input}: {}", stdout(&out));
        let err = stderr(&out);
        assert!(err.contains("scoresheet::position::illegal"), "{err}");
        assert!(err.contains(reason), "{input}: {err}");
    }
}

#[test]
fn unreadable_input_is_reported_with_its_place() {
    let out = run(&["position", "--to", "fen"], "White: Ke4, Pd9. Black: Kd6");
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    assert!(err.contains("scoresheet::position::unreadable"), "{err}");
    assert!(err.contains("<stdin>:1:15"), "{err}");
    assert!(err.contains("expected a rank 1-8"), "{err}");
    let out = run(&["position", "--to", "fen"], "8/8/8/8 w - - 0 1");
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("needs 8"), "{}", stderr(&out));
}

#[test]
fn the_position_after_a_move_of_a_game() {
    let games = "[Event \"One\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n\
                 [Event \"Two\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 *\n";
    let path = temp_file("games.pgn", games);
    let p = path.to_str().expect("a path");
    assert_eq!(
        line(&["position", p, "--after", "2", "--to", "fen"], ""),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(
        line(
            &[
                "position", p, "--game", "2", "--after", "2...", "--to", "fen"
            ],
            ""
        ),
        "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3"
    );
    assert_eq!(
        line(
            &[
                "position", p, "--game", "2", "--after", "0", "--to", "gbr-code"
            ],
            ""
        ),
        "4888.88"
    );
    // Past the end of the game, and a game that is not there: the input is wrong.
    let out = run(&["position", p, "--after", "9", "--to", "fen"], "");
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("ends after Black's move 3"),
        "{}",
        stderr(&out)
    );
    let out = run(
        &["position", p, "--game", "3", "--after", "1", "--to", "fen"],
        "",
    );
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("no game 3"), "{}", stderr(&out));
}

#[test]
fn usage_and_io_errors_exit_2() {
    let out = run(&["position", "--to", "record", "--lang", "xx"], SEED);
    assert_eq!(code(&out), 2);
    let out = run(&["position", "/no/such/file", "--to", "fen"], "");
    assert_eq!(code(&out), 2);
    let out = run(&["position", "--to", "fen", "--after", "x"], "1. e4 *");
    assert_eq!(code(&out), 2);
    let out = run(&["position", "--to", "nothing"], SEED);
    assert_eq!(code(&out), 2);
}

#[test]
fn the_help_says_the_conventions() {
    let out = run(&["position", "--help"], "");
    assert_eq!(code(&out), 0);
    let help = stdout(&out);
    assert!(help.contains("problem composers' convention"), "{help}");
    assert!(help.contains("--turn b"), "{help}");
}
