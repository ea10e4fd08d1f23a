//! A file read as a stream reports what the same file read at once reports: the same bytes
//! whatever the size of the pieces it is read in and the number of threads, and the same
//! problems (code, place, text, message, help, suggestions) as the checker of a whole text.

mod common;
#[path = "common/props.rs"]
#[allow(dead_code)]
mod props;

use props::problems;

use std::path::Path;

use scoresheet::check::{Options, check_bytes, check_reader_in_pieces};
use scoresheet::report::output::{self, HumanFile, JsonReport};
use serde_json::Value;

/// Threads of the several-thread runs: the global pool's, so that the check runs its pipeline
/// from a thread outside the pool, as the command line does (on a thread of a pool it checks
/// in turn).
const JOBS: usize = 3;

/// The report of `bytes` (named `path`) read `piece` bytes at a time with `jobs` threads (1 or
/// [`JOBS`]): (human, JSON).
fn streamed(path: &str, bytes: &[u8], piece: usize, jobs: usize) -> (String, String) {
    let run = || {
        let options = Options::default();
        let mut human = Vec::new();
        let mut file = HumanFile::new(&mut human, path, (false, 80));
        check_reader_in_pieces(path, bytes, piece, &options, &mut file).expect("checked");
        file.finish().expect("written");
        let mut json = Vec::new();
        let mut report = JsonReport::new(&mut json).expect("written");
        let mut file = report.file(path);
        check_reader_in_pieces(path, bytes, piece, &options, &mut file).expect("checked");
        file.finish().expect("written");
        report.end().expect("written");
        (
            String::from_utf8(human).expect("text"),
            String::from_utf8(json).expect("text"),
        )
    };
    if jobs == 1 {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("a thread pool");
        return pool.install(run);
    }
    assert_eq!(jobs, JOBS);
    static GLOBAL: std::sync::Once = std::sync::Once::new();
    GLOBAL.call_once(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(JOBS)
            .build_global()
            .expect("the global pool");
    });
    assert_eq!(rayon::current_num_threads(), JOBS);
    run()
}

/// A game much slower to check than the hundreds after it (more than are held in flight) does
/// not stall the pipeline: the others are reported after it, in order, as with one thread.
#[test]
fn a_slow_game_before_many_quick_ones_reports_the_same() {
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut text = String::from("[Event \"long\"]\n\n");
    for ply in 0..20_000 {
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(cycle[ply % 4]);
        text.push(' ');
    }
    text.push_str("*\n\n");
    for i in 0..1200 {
        text.push_str(&format!("[Event \"g{i}\"]\n\n1. e4 e5 2. Qh5 *\n\n"));
    }
    let bytes = text.as_bytes();
    let (tx, rx) = std::sync::mpsc::channel();
    let whole = streamed("slow.pgn", bytes, bytes.len(), 1);
    let own = bytes.to_vec();
    std::thread::spawn(move || {
        let _ = tx.send(streamed("slow.pgn", &own, 1 << 16, JOBS));
    });
    let parallel = rx
        .recv_timeout(std::time::Duration::from_secs(600))
        .expect("the several-thread check ends");
    assert_eq!(parallel, whole);
}

/// Reads `bytes` in pieces of every size given and with 1 and 3 threads: each report is the
/// report of the whole input read in one piece; and its problems are those of `check_bytes`.
fn same_reports(path: &str, bytes: &[u8], pieces: &[usize]) {
    let whole = streamed(path, bytes, bytes.len().max(1), 1);
    // Every size of piece with one thread, the smallest with three too.
    let runs = pieces.iter().map(|&p| (p, 1)).chain([(pieces[0], JOBS)]);
    for (piece, jobs) in runs {
        let (human, json) = streamed(path, bytes, piece, jobs);
        assert_eq!(
            human, whole.0,
            "{path}: human report, pieces of {piece}, {jobs} jobs"
        );
        assert_eq!(
            json, whole.1,
            "{path}: JSON report, pieces of {piece}, {jobs} jobs"
        );
    }
    let at_once = check_bytes(path, bytes, &Options::default()).expect("checked");
    let expected = output::json(std::slice::from_ref(&at_once));
    let got: Value = serde_json::from_str(&whole.1).expect("JSON");
    assert_eq!(problems(&got), problems(&expected), "{path}: problems");
    for key in ["path", "notation", "language", "games"] {
        assert_eq!(
            got["files"][0][key], expected["files"][0][key],
            "{path}: {key}"
        );
    }
}

/// Inputs that test the cutting and decoding at every byte: line ends of every kind, games
/// on one line, comments and results across pieces, encodings.
fn tricky() -> Vec<(&'static str, Vec<u8>)> {
    let games = "[Event \"a\"]\r\n[White \"Müller\"]\r\n\r\n1. e4 e5 2. Ke3 {a comment\r\nover two lines} Kd6 *\r\n\r\n\
                 1. d4 d5 2. Qq9 1-0 {after} 1. c4 e5 0-1 ; end\n\
                 [Event \"b\"]\n1. Nf3 (1. e4 {x} e5) Nf6 2. g3 [ g6 3. Bg2 Bg7 1/2-1/2\n\
                 % escape line\n\n[pgn]1. e4 c5 2. Nf3 d6 *[/pgn]\n\
                 1. e4 e5\n[Round \"2\"]\n2. Nf3 Nc6 *\n\u{feff}1. a3 ½-½";
    let mut latin1 =
        b"[Event \"M\xfcller\"]\n\n1. e4 e5 2. Nf3 {caf\xe9} Nc6 *\n\n1. d4 \xff 2. c4 *\n"
            .to_vec();
    latin1.extend_from_slice("1. e4 e5 {é ½} 2. Kf3 *\n".as_bytes());
    let utf16 = |big: bool| -> Vec<u8> {
        let text = "\u{feff}[Event \"𝄞\"]\n1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n";
        text.encode_utf16()
            .flat_map(|u| {
                if big {
                    u.to_be_bytes()
                } else {
                    u.to_le_bytes()
                }
            })
            .collect()
    };
    vec![
        ("tricky.pgn", games.as_bytes().to_vec()),
        ("lone-cr.pgn", b"1. e4 e5\r2. Ke3 *\r\r1. d4 *\r".to_vec()),
        ("latin1.pgn", latin1),
        ("utf16le.pgn", utf16(false)),
        ("utf16be.pgn", utf16(true)),
        ("bom.pgn", "\u{feff}1. e4 e5 2. Ke3 *".as_bytes().to_vec()),
        ("binary.pgn", b"1. e4 \0\0\0 e5 *".to_vec()),
        ("empty.pgn", Vec::new()),
        ("blank.pgn", b"\n \n\t\n".to_vec()),
        ("no-result.pgn", b"1. e4 e5 2. Nf3".to_vec()),
        (
            "one-line.pgn",
            "1. e4 e5 2. Ke3 Kd6 * ".repeat(40).into_bytes(),
        ),
        (
            "manuscript.md",
            b"# Chapter\n\nSome prose.\n\n1. e4 e5 2. Ke3 Kd6\n".to_vec(),
        ),
    ]
}

#[test]
fn tricky_inputs_read_in_any_pieces_report_the_same() {
    for (path, bytes) in tricky() {
        same_reports(path, &bytes, &[1, 3, 17, 1000]);
    }
}

#[test]
fn the_fixtures_read_in_pieces_report_the_same() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut all = Vec::new();
    for entry in walk(&dir) {
        let bytes = std::fs::read(&entry).expect("readable");
        same_reports(&entry.to_string_lossy(), &bytes, &[1, 4096]);
        if entry.extension().is_some_and(|e| e == "pgn") {
            all.extend_from_slice(&bytes);
            all.extend_from_slice(b"\n\n");
        }
    }
    assert!(all.len() > 5_000, "the fixtures are there");
    // All of them in one file: past the first window of games, languages mixed.
    same_reports("fixtures.pgn", &all, &[5, 333, 65_536]);
}

#[test]
fn a_corpus_file_read_in_pieces_reports_the_same() {
    let Some(corpus) = common::corpus_or_skip_with("stream equality", "bulk/dortmund1928.pgn")
    else {
        return;
    };
    for name in ["bulk/dortmund1928.pgn", "bulk/london1851.pgn"] {
        let bytes = std::fs::read(corpus.join(name)).expect("readable");
        same_reports(name, &bytes, &[4096, 65_536]);
    }
}

/// The files under `dir`, in order.
fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            out.extend(walk(&e));
        } else {
            out.push(e);
        }
    }
    out
}

#[test]
fn reading_fails_loudly() {
    /// A reader that fails after a few bytes.
    struct Failing(usize);
    impl std::io::Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.0 == 0 {
                return Err(std::io::Error::other("disk on fire"));
            }
            let n = buf.len().min(self.0);
            buf[..n].fill(b' ');
            self.0 -= n;
            Ok(n)
        }
    }
    let mut out = Vec::new();
    let mut file = HumanFile::new(&mut out, "x.pgn", (false, 80));
    let options = Options::default();
    let err = check_reader_in_pieces("x.pgn", Failing(10), 4, &options, &mut file)
        .expect_err("the failure is reported");
    assert!(err.to_string().contains("disk on fire"), "{err}");
}
