//! Never crash, never hang: hostile and odd inputs return promptly with a sensible diagnostic.
//!
//! Every case runs on a worker thread with a deadline, so a hang fails the test instead of
//! blocking the suite. The deadlines are generous for unoptimised builds.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use scoresheet::check::{CheckedFile, Options, check_bytes};
use scoresheet::diagnostic::{Problem, Severity};

/// Checks `bytes` on a worker thread; fails when it panics or takes longer than `secs`.
fn check_within(name: &str, bytes: Vec<u8>, secs: u64) -> CheckedFile {
    let (tx, rx) = mpsc::channel();
    let owned = name.to_owned();
    let started = Instant::now();
    std::thread::Builder::new()
        .name(owned.clone())
        .stack_size(8 << 20)
        .spawn(move || {
            let options = english();
            let _ = tx.send(check_bytes(&owned, &bytes, &options));
        })
        .expect("thread");
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(Ok(file)) => {
            println!(
                "{name}: {:?}, {} games",
                started.elapsed(),
                file.games.len()
            );
            file
        }
        Ok(Err(e)) => panic!("{name}: {e}"),
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{name}: no answer within {secs} s"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{name}: the check panicked"),
    }
}

/// English algebraic, whatever other options exist.
fn english() -> Options {
    Options::given("algebraic", "en")
}

fn codes(file: &CheckedFile) -> Vec<&'static str> {
    file.all_diagnostics().map(|d| d.code().as_str()).collect()
}

#[test]
fn invalid_utf8_falls_back_to_latin1_with_a_warning() {
    let mut bytes =
        b"[Event \"Dortmund\"]\n[White \"M\xfcller\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n".to_vec();
    bytes.extend_from_slice(b"\n");
    let file = check_within("latin1", bytes, 20);
    let d = file
        .diagnostics
        .iter()
        .find(|d| matches!(d.problem, Problem::NotUtf8 { .. }))
        .expect("not_utf8");
    assert_eq!(d.severity, Severity::Warning);
    assert!(
        matches!(d.problem, Problem::NotUtf8 { offset: 28 }),
        "{:?}",
        d.problem
    );
    assert_eq!(file.games.len(), 1);
    assert_eq!(
        file.games[0].syntax.tag("White").map(|t| &*t.value),
        Some("Müller")
    );
    assert_eq!(file.games[0].mainline.len(), 4);
    assert!(!file.has_errors(), "{:?}", codes(&file));
}

#[test]
fn bom_is_ignored() {
    let file = check_within(
        "bom",
        "\u{FEFF}[Event \"x\"]\n\n1. e4 e5 *\n".as_bytes().to_vec(),
        20,
    );
    assert_eq!(file.games.len(), 1);
    assert_eq!(file.games[0].mainline.len(), 2);
    assert!(codes(&file).is_empty(), "{:?}", codes(&file));
    // A BOM in the middle of a file (files glued together) is white space too.
    let glued = "[Event \"a\"]\n\n1. e4 *\n\u{FEFF}[Event \"b\"]\n[Site \"c\"]\n\n1. d4 *\n";
    let file = check_within("bom inside", glued.as_bytes().to_vec(), 20);
    assert_eq!(file.games.len(), 2);
    assert!(codes(&file).is_empty(), "{:?}", codes(&file));
}

#[test]
fn crlf_line_ends() {
    let text = "[Event \"x\"]\r\n[Result \"*\"]\r\n\r\n1. e4 e5 2. Nf3 {a\r\ncomment} Nc6\r\n3. Bb5 ; note\r\na6 *\r\n";
    let file = check_within("crlf", text.as_bytes().to_vec(), 20);
    assert_eq!(file.games.len(), 1);
    assert_eq!(file.games[0].mainline.len(), 6);
    assert_eq!(
        file.games[0].syntax.tag("Result").map(|t| &*t.value),
        Some("*")
    );
    assert!(codes(&file).is_empty(), "{:?}", codes(&file));
}

#[test]
fn deeply_nested_variations() {
    let mut text = String::from("1. e4 ");
    text.push_str(&"(".repeat(100_000));
    text.push_str("1. d4 *");
    let file = check_within("100000 (", text.into_bytes(), 60);
    assert!(file.has_errors());
    let c = codes(&file);
    assert!(
        c.contains(&"scoresheet::too_deep") || c.contains(&"scoresheet::parser_limit"),
        "{c:?}"
    );
    // Balanced, too.
    let mut text = String::from("1. e4 ");
    text.push_str(&"(1. d4 ".repeat(100_000));
    text.push_str(&")".repeat(100_000));
    text.push_str(" e5 *");
    let file = check_within("100000 ( )", text.into_bytes(), 60);
    assert!(
        codes(&file).contains(&"scoresheet::too_deep"),
        "{:?}",
        codes(&file)
    );
    assert_eq!(file.games[0].mainline.len(), 2);
}

#[test]
fn deeply_nested_comments() {
    let mut text = String::from("1. e4 ");
    text.push_str(&"{".repeat(100_000));
    text.push_str(" e5 *");
    let file = check_within("100000 {", text.into_bytes(), 60);
    assert!(
        codes(&file).contains(&"scoresheet::unclosed_comment"),
        "{:?}",
        codes(&file)
    );
    assert_eq!(file.games[0].mainline.len(), 1);
    // Braces nest four deep in a comment; the `}` left over are reported, not a crash.
    let mut text = String::from("1. e4 ");
    text.push_str(&"{".repeat(100_000));
    text.push_str(&"}".repeat(100_000));
    text.push_str(" e5 *");
    let file = check_within("100000 { }", text.into_bytes(), 60);
    assert_eq!(file.games.len(), 1);
    assert!(
        codes(&file).contains(&"scoresheet::syntax"),
        "{:?}",
        codes(&file)
    );
    assert_eq!(file.games[0].mainline.len(), 1);
    // Nesting within the limit is one comment.
    let file = check_within("nested", b"1. e4 {a {b {c {d} c} b} a} e5 *".to_vec(), 20);
    assert!(codes(&file).is_empty(), "{:?}", codes(&file));
    assert_eq!(file.games[0].mainline.len(), 2);
}

#[test]
fn ten_megabyte_comment() {
    let mut text = String::from("1. e4 {");
    text.push_str(&"a very long comment ".repeat(500_000));
    text.push_str("} e5 *");
    let file = check_within("10 MB comment", text.into_bytes(), 120);
    assert_eq!(file.games.len(), 1);
    assert_eq!(file.games[0].mainline.len(), 2);
    assert!(!file.has_errors(), "{:?}", codes(&file));
    // Never closed.
    let mut text = String::from("1. e4 {");
    text.push_str(&"a very long comment ".repeat(500_000));
    let file = check_within("10 MB unclosed comment", text.into_bytes(), 120);
    assert!(
        codes(&file).contains(&"scoresheet::unclosed_comment"),
        "{:?}",
        codes(&file)
    );
}

#[test]
fn binary_garbage() {
    // A simple deterministic generator: no dependency, same bytes every run.
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut bytes = Vec::with_capacity(1 << 20);
    for _ in 0..(1 << 20) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        bytes.push((x >> 24) as u8);
    }
    let file = check_within("binary", bytes.clone(), 60);
    assert!(
        codes(&file).contains(&"scoresheet::binary"),
        "{:?}",
        codes(&file)
    );
    // Garbage without NUL bytes is read as (Latin-1) text and reported, not crashed on.
    let text: Vec<u8> = bytes
        .into_iter()
        .map(|b| if b == 0 { b' ' } else { b })
        .collect();
    let file = check_within("garbage", text, 120);
    assert!(file.has_errors());
}

#[test]
fn empty_and_blank_files() {
    for (name, bytes) in [
        ("empty", &b""[..]),
        ("blank", &b"  \n\r\n\t\n"[..]),
        ("bom only", &b"\xEF\xBB\xBF"[..]),
    ] {
        let file = check_within(name, bytes.to_vec(), 20);
        assert!(file.games.is_empty(), "{name}");
        assert_eq!(codes(&file), vec!["scoresheet::no_game"], "{name}");
        assert!(!file.has_errors(), "{name}");
    }
}

#[test]
fn utf16_with_bom_is_read() {
    let text = "\u{FEFF}[White \"Müller\"]\r\n\r\n1. e4 e5 1-0\r\n";
    let bytes: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let file = check_within("utf-16", bytes, 20);
    assert_eq!(file.games.len(), 1);
    assert_eq!(
        file.games[0].syntax.tag("White").map(|t| &*t.value),
        Some("Müller")
    );
    assert_eq!(file.games[0].mainline.len(), 2);
    assert!(codes(&file).is_empty(), "{:?}", codes(&file));
}

/// A file's budget of explained errors: 150 games of some forty errors each spend it
/// (5,000), so the games of the next chunks of 256 are read to their first error only, without
/// suggestions or diagram, and one file-level `limit_reached` note says so at the first of them.
#[test]
fn a_file_past_five_thousand_errors_is_read_frugally() {
    let bad = format!("1. e4 e5 {}*\n\n", "Nf3 Qxh7 Ng1 ".repeat(40));
    let mut text = bad.repeat(150);
    text.push_str(&"1. e4 e5 2. Nf3 Nc6 *\n\n".repeat(106));
    text.push_str(&"1. e4 e5 2. Ke3 Nc6 3. Nf3 Nf6 *\n\n".repeat(10));
    let file = check_within("budget", text.into_bytes(), 600);
    assert_eq!(file.games.len(), 266);
    // Explained in full before the budget was spent: suggestions and repairs.
    assert!(
        file.games[0]
            .diagnostics
            .iter()
            .any(|d| !d.suggestions.is_empty())
    );
    let note: Vec<_> = file
        .diagnostics
        .iter()
        .filter(|d| matches!(d.problem, Problem::LimitReached { .. }))
        .collect();
    assert_eq!(note.len(), 1, "{:?}", file.diagnostics);
    assert!(
        note[0].problem.to_string().contains("before game 257"),
        "{}",
        note[0].problem
    );
    for g in &file.games[256..] {
        let errors: Vec<_> = g
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert_eq!(errors.len(), 1, "game {}: {errors:?}", g.number);
        assert_eq!(
            errors[0].problem.to_string().split(':').next(),
            Some("illegal move `Ke3`")
        );
        assert!(errors[0].suggestions.is_empty() && errors[0].diagram.is_none());
        // Read to its first error only: the later moves are counted, not checked.
        assert!(
            g.diagnostics
                .iter()
                .any(|d| matches!(d.problem, Problem::NotChecked { .. }))
        );
    }
}

/// The inputs of issue 13's table (smaller, with the same behaviour), run through the binary:
/// the exit code and the first diagnostic (code, line, column) of `check --format json`.
/// Their time and memory are measured by `benches/hostile.sh`, not asserted here.
mod table {
    use std::io::Write;
    use std::process::{Command, Stdio};

    const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

    /// A game from the first match game of 1992, with tags and a result.
    const GAME: &str = "[Event \"Test\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
        1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O \
        9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 \
        16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 1-0\n\n";

    /// Exit code, the codes of the diagnostics, and line and column of the first.
    fn first(args: &[&str], input: &str) -> (i32, Vec<String>, u64, u64) {
        let (code, ds) = diagnostics(args, input);
        let codes = ds
            .iter()
            .map(|d| d["code"].as_str().expect("code").to_owned())
            .collect();
        let at = |k: &str| ds.first().and_then(|d| d[k].as_u64()).unwrap_or(0);
        (code, codes, at("line"), at("column"))
    }

    /// The exit code and the diagnostics of `check --format json` (the first file's).
    fn diagnostics(args: &[&str], input: &str) -> (i32, Vec<serde_json::Value>) {
        let mut child = Command::new(BIN)
            .arg("check")
            .args(["--format", "json"])
            .args(args)
            .arg("-")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        let mut stdin = child.stdin.take().expect("stdin");
        let bytes = input.as_bytes().to_vec();
        let writer = std::thread::spawn(move || stdin.write_all(&bytes));
        let out = child.wait_with_output().expect("finishes");
        writer.join().expect("writer").expect("written");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
        });
        let ds = json["files"][0]["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .clone();
        (out.status.code().expect("exit code"), ds)
    }

    /// The exit code, the first diagnostic's code and place (line, column), and a code
    /// among the others.
    fn expect(args: &[&str], input: &str, want: (i32, &str, u64, u64), among: &str) {
        let (code, codes, line, column) = first(args, input);
        let head = codes.first().map_or("", String::as_str);
        assert_eq!((code, head, line, column), want, "{args:?}: {codes:?}");
        assert!(
            codes.iter().any(|c| c == among),
            "{args:?}: {among} not in {codes:?}"
        );
    }

    /// [`expect`] with the notation and language given (English algebraic) and detected.
    fn expect_given_and_auto(input: &str, want: (i32, &str, u64, u64), among: &str) {
        for args in [EN, &[]] {
            expect(args, input, want, among);
        }
    }

    const EN: &[&str] = &["--notation", "algebraic", "--lang", "en"];

    #[test]
    fn unclosed_comment_of_200_kb() {
        let text = format!("1. e4 {{{}", "x".repeat(200_000));
        expect(
            EN,
            &text,
            (1, "scoresheet::unclosed_comment", 1, 7),
            "scoresheet::unclosed_comment",
        );
        // Detection reads a window of the game, with the same answer.
        expect(
            &[],
            &text,
            (1, "scoresheet::unclosed_comment", 1, 7),
            "scoresheet::unclosed_comment",
        );
    }

    #[test]
    fn twenty_thousand_nested_parentheses() {
        let text = format!("1. e4 {}e5{}", "(".repeat(20_000), ")".repeat(20_000));
        expect_given_and_auto(
            &text,
            (1, "scoresheet::missing_result", 1, 6),
            "scoresheet::too_deep",
        );
    }

    #[test]
    fn unmatched_closing_parentheses_are_counted_past_the_bound() {
        let text = format!("1. e4 {} e5 *", ")".repeat(20_000));
        let (code, codes, line, column) = first(EN, &text);
        assert_eq!((code, line, column), (1, 1, 7));
        assert_eq!(codes[0], "scoresheet::unmatched_paren");
        // 50 reported, the rest counted in one diagnostic.
        let unmatched = codes
            .iter()
            .filter(|c| *c == "scoresheet::unmatched_paren")
            .count();
        assert_eq!(unmatched, 50, "{codes:?}");
        assert!(
            codes.iter().any(|c| c == "scoresheet::limit_reached"),
            "{codes:?}"
        );
    }

    #[test]
    fn one_line_repeating_a_game_5000_times() {
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 ".repeat(5_000);
        expect(
            EN,
            &text,
            (1, "scoresheet::move_number", 1, 31),
            "scoresheet::not_checked",
        );
    }

    #[test]
    fn twenty_thousand_plies_of_knight_moves() {
        let mut text = String::new();
        for n in 1..=10_000 {
            let moves = if n % 2 == 1 { "Nf3 Nf6" } else { "Ng1 Ng8" };
            text.push_str(&format!("{n}. {moves} "));
            if n % 8 == 0 {
                text.push('\n');
            }
        }
        text.push_str("*\n");
        let (code, codes, _, _) = first(EN, &text);
        assert_eq!((code, codes.len()), (0, 0), "{codes:?}");
    }

    /// A long game's six-digit move numbers are move numbers (they were unreadable tokens, each
    /// explored as a repair, past move 99,999 of the 600,000-ply game of issue 13).
    #[test]
    fn six_digit_move_numbers_are_move_numbers() {
        let text = "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999\"]\n\n\
                    99999. Nf3 Nf6 100000. Ng1 Ng8 100001. Nc3 1-0\n";
        let (code, codes, _, _) = first(EN, text);
        assert_eq!((code, codes.len()), (0, 0), "{codes:?}");
    }

    #[test]
    fn a_token_of_50000_letters() {
        let text = format!("1. e4 {} e5 *\n", "N".repeat(50_000));
        expect_given_and_auto(&text, (1, "scoresheet::syntax", 1, 7), "scoresheet::syntax");
    }

    #[test]
    fn a_tag_value_of_500000_characters() {
        let text = format!("[Event \"{}\"]\n\n1. e4 e5 *\n", "v".repeat(500_000));
        for args in [EN, &[]] {
            let (code, codes, _, _) = first(args, &text);
            assert_eq!((code, codes.len()), (0, 0), "{codes:?}");
        }
    }

    /// Each game is reported once, as written in English, from its first knight move on:
    /// not move by move.
    #[test]
    fn english_games_checked_as_bulgarian() {
        let text = GAME.repeat(30);
        let (code, codes, line, column) = first(&["--lang", "bg"], &text);
        assert_eq!((code, line, column), (1, 6, 13), "{codes:?}");
        assert_eq!(codes, vec!["scoresheet::wrong_language"; 30]);
    }

    /// A game that goes on with an error every few moves is read past 50 errors, no further:
    /// the rest is one `not_checked` report that says why.
    #[test]
    fn a_game_with_thousands_of_errors_is_read_past_fifty() {
        let text = format!("1. e4 e5 {}*\n", "Nf3 Qxh7 Ng1 ".repeat(2_000));
        let (code, codes, line, column) = first(EN, &text);
        assert_eq!((code, line, column), (1, 1, 14), "{codes:?}");
        // The limit counts errors (the warnings of moves read on from a repair are not).
        let (_, ds) = diagnostics(EN, &text);
        let errors = ds.iter().filter(|d| d["severity"] == "error").count();
        assert!((50..=60).contains(&errors), "{errors}: {codes:?}");
        assert_eq!(
            codes.last().map(String::as_str),
            Some("scoresheet::not_checked")
        );
    }

    #[test]
    fn english_games_checked_as_descriptive() {
        let text = GAME.repeat(30);
        expect(
            &["--notation", "descriptive"],
            &text,
            (1, "scoresheet::syntax", 6, 4),
            "scoresheet::syntax",
        );
    }
}
