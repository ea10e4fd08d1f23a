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
        file.games[0].syntax.tag("White").map(|t| t.value.as_str()),
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
        file.games[0].syntax.tag("Result").map(|t| t.value.as_str()),
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
        file.games[0].syntax.tag("White").map(|t| t.value.as_str()),
        Some("Müller")
    );
    assert_eq!(file.games[0].mainline.len(), 2);
    assert!(codes(&file).is_empty(), "{:?}", codes(&file));
}
