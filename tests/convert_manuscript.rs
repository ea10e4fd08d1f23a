//! Manuscripts converted in place (issue 18): a Markdown chapter and a LaTeX chapter written in
//! English descriptive become German algebraic with every byte outside the moves unchanged,
//! and the result lints clean.

mod common;

use std::path::PathBuf;
use std::process::Command;

use scoresheet::board::parse_token_with;
use scoresheet::lint::ReadOptions;
use scoresheet::lint::config::Config;
use scoresheet::lint::convert::convert_manuscript;
use scoresheet::render::{Style, Writer};
use scoresheet::syntax::{LANGUAGE_FILES, builtin_parser};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/manuscripts")
        .join(name)
}

fn german() -> Writer {
    let de = LANGUAGE_FILES.iter().find(|l| l.code() == "de").unwrap();
    Writer::San(Box::new(Style::of(de, false)))
}

/// The move part of a word of prose (`5...B-K2,` → `B-K2`).
fn move_part(word: &str) -> &str {
    let w = word.trim_end_matches([',', '.', ';', ')', '}']);
    w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '{')
}

/// Converts a chapter and checks it word by word against the original: the same words in the
/// same order, the changed ones a descriptive move before and a German algebraic move after,
/// as many as the moves said rewritten; and the bytes outside the rewritten spans the same.
fn converts_only_the_moves(name: &str, moves: usize) {
    let path = fixture(name);
    let bytes = std::fs::read(&path).unwrap();
    let path = path.to_str().unwrap();
    let c = convert_manuscript(
        path,
        &bytes,
        &ReadOptions::default(),
        Config::default(),
        &german(),
        false,
    )
    .expect("reads");
    assert!(c.left.is_empty(), "{:?}", c.left);
    assert_eq!(c.read_as, ("descriptive".to_owned(), "en".to_owned()));
    assert_eq!(c.rewritten, moves);
    // Outside the spans of the moves, byte for byte.
    let mut at = 0;
    let mut out_at = 0;
    for (span, new) in &c.edits {
        let same = &c.original[at..span.start];
        assert_eq!(&c.text[out_at..out_at + same.len()], same);
        out_at += same.len() + new.len();
        at = span.end;
    }
    assert_eq!(&c.text[out_at..], &c.original[at..]);
    // Word by word, read by the grammars.
    let desc = builtin_parser("descriptive", "en").unwrap();
    let alg = builtin_parser("algebraic", "de").unwrap();
    let before: Vec<&str> = c.original.split_whitespace().collect();
    let after: Vec<&str> = c.text.split_whitespace().collect();
    assert_eq!(before.len(), after.len());
    let mut changed = 0;
    for (b, a) in before.iter().zip(&after) {
        if b == a {
            continue;
        }
        changed += 1;
        let (b, a) = (move_part(b), move_part(a));
        assert!(
            parse_token_with(desc, b).is_ok(),
            "`{b}` is no descriptive move"
        );
        assert!(parse_token_with(alg, a).is_ok(), "`{a}` is no German move");
    }
    assert!(changed > 0 && changed <= moves);
}

#[test]
fn a_markdown_chapter_in_descriptive_becomes_german_algebraic() {
    converts_only_the_moves("descriptive-chapter.md", 13);
}

#[test]
fn a_latex_chapter_in_descriptive_becomes_german_algebraic() {
    converts_only_the_moves("descriptive-chapter.tex", 15);
}

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .args(["--color", "never"])
        .output()
        .expect("the binary runs")
}

/// The command converts to standard output, as a diff, or in place; the result lints clean.
#[test]
fn the_command_converts_in_place_and_the_result_lints_clean() {
    let dir = std::env::temp_dir().join(format!("scoresheet-ms-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["descriptive-chapter.md", "descriptive-chapter.tex"] {
        let copy = dir.join(name);
        std::fs::copy(fixture(name), &copy).unwrap();
        let copy = copy.to_str().unwrap();
        let printed = run(&["convert", "--to", "san", "--to-lang", "de", copy]);
        assert_eq!(
            printed.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&printed.stderr)
        );
        let diff = run(&["convert", "--to", "san", "--to-lang", "de", "--diff", copy]);
        let diff = String::from_utf8(diff.stdout).unwrap();
        assert!(
            diff.contains("-1. P-K4 P-K4") || diff.contains("-\\mainline{1. P-K4"),
            "{diff}"
        );
        assert!(
            diff.contains("+1. e4 e5") || diff.contains("+\\mainline{1. e4 e5"),
            "{diff}"
        );
        let inplace = run(&[
            "convert",
            "--to",
            "san",
            "--to-lang",
            "de",
            "--in-place",
            copy,
        ]);
        assert_eq!(inplace.status.code(), Some(0));
        let written = std::fs::read(copy).unwrap();
        assert_eq!(written, printed.stdout, "--in-place writes what is printed");
        let lint = run(&["lint", copy]);
        assert_eq!(
            lint.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&lint.stdout)
        );
        let said = String::from_utf8_lossy(&lint.stdout).to_string();
        assert!(
            said.contains("algebraic de") && said.contains("0 errors, 0 warnings"),
            "{said}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A move the board does not place is left as written and reported; the exit code says so.
#[test]
fn an_unresolved_move_is_left_and_reported() {
    let dir = std::env::temp_dir().join(format!("scoresheet-ms-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.md");
    std::fs::write(
        &path,
        "# A game\n\n```pgn\n1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 4. B-R5 N-B3\n```\n",
    )
    .unwrap();
    let out = run(&[
        "convert",
        "--to",
        "san",
        "--to-lang",
        "de",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    // What the board placed is converted; from the error on, the moves are left as written
    // (the checker reads `P-QR3` as following a missing half-move) and each is listed.
    assert!(text.contains("1. e4 e5 2. Sf3 Sc6 3. Lb5 "), "{text}");
    assert!(text.contains(" 4. B-R5 N-B3"), "{text}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("`B-R5` left as written"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The chapters go to every language and back: each converted chapter lints clean in the
/// language it was written in (or one with the same piece letters: German, Norwegian and
/// Swedish write alike), and converting it back to descriptive gives the original bytes. The fenced
/// game has no rook or king move, so Turkish and Azerbaijani (rook `K` and `T`), Russian and
/// Ukrainian (`Л` and `Т`) read it alike: the prose's `6. Ke1` / `6. Лe1` decides.
#[test]
fn every_language_there_and_back_and_the_prose_decides_a_tie() {
    let bin = env!("CARGO_BIN_EXE_scoresheet");
    for name in ["descriptive-chapter.md", "descriptive-chapter.tex"] {
        let original = std::fs::read_to_string(fixture(name)).unwrap();
        for lang in LANGUAGE_FILES.iter() {
            let code = lang.code();
            let to = common::run_piped(
                bin,
                &[
                    "convert",
                    "--to",
                    "san",
                    "--to-lang",
                    code,
                    "--stdin-filename",
                    name,
                    "-",
                ],
                &original,
            );
            assert_eq!(to.status.code(), Some(0), "{name} {code}");
            let converted = String::from_utf8(to.stdout).unwrap();
            let lint = common::run_piped(
                bin,
                &["lint", "--color", "never", "--stdin-filename", name, "-"],
                &converted,
            );
            let said = String::from_utf8_lossy(&lint.stdout).to_string();
            assert!(
                lint.status.code() == Some(0) && said.contains("0 errors, 0 warnings"),
                "{name} {code}:\n{converted}\n{said}"
            );
            let read_in = said
                .split("algebraic ")
                .nth(1)
                .and_then(|rest| rest.split(')').next())
                .expect("the language read");
            let read_in = LANGUAGE_FILES
                .iter()
                .find(|l| l.codes.iter().any(|c| c == read_in))
                .expect("a language");
            assert_eq!(
                read_in.letters[..5],
                lang.letters[..5],
                "{name} {code}: read as {said}"
            );
            let back = common::run_piped(
                bin,
                &[
                    "convert",
                    "--to",
                    "descriptive",
                    "--stdin-filename",
                    name,
                    "-",
                ],
                &converted,
            );
            assert_eq!(
                String::from_utf8_lossy(&back.stdout),
                original,
                "{name} {code}:\n{converted}"
            );
        }
    }
}

/// A conversion never guesses: a move that reads only with a warning on it (`Axa4` with
/// nothing on a4), an illegal move and every move read after it are left as written and
/// listed, with exit 1, in every way a manuscript is written (to standard output, `--diff`,
/// `--in-place`); `--repair` writes them as the checker read them and lists each.
#[test]
fn a_conversion_leaves_what_it_would_have_to_guess() {
    let dir = std::env::temp_dir().join(format!("scoresheet-ms-guess-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = "Partida de prueba.\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axa4 Cf6 5. O-O Ae7\n\n\
                Otra partida.\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. Db3 b5 6. Ab3 d6\n";
    let path = dir.join("partidas.txt");
    std::fs::write(&path, text).unwrap();
    let p = path.to_str().unwrap();
    let base = ["convert", "--manuscript", "--lang", "es", "--to", "san"];
    let with = |extra: &[&str]| {
        let mut a: Vec<&str> = base.to_vec();
        a.extend_from_slice(extra);
        a.push(p);
        run(&a)
    };

    let out = with(&[]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let converted = String::from_utf8(out.stdout).unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    // The clean moves are converted; the doubtful ones are not.
    assert!(
        converted.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Axa4 Nf6 5. O-O Be7"),
        "{converted}"
    );
    assert!(
        converted.contains("4. Ba4 Nf6 5. Db3 b5 6. Ab3 d6"),
        "{converted}"
    );
    assert!(err.contains("`Axa4` left as written"), "{err}");
    assert!(err.contains("`Db3` left as written"), "{err}");
    assert!(err.contains("`b5` left as written"), "{err}");
    assert!(err.contains("2 more moves after it"), "{err}");

    // The same in a diff, and in place: the file keeps the doubtful moves as written.
    let out = with(&["--diff"]);
    assert_eq!(out.status.code(), Some(1));
    let diff = String::from_utf8(out.stdout).unwrap();
    assert!(
        diff.contains("+1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Axa4 Nf6"),
        "{diff}"
    );
    assert!(!diff.contains("Qb3"), "{diff}");
    let out = with(&["--in-place"]);
    assert_eq!(out.status.code(), Some(1));
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(written, converted);

    // --repair writes what the checker read, and lists every such move.
    std::fs::write(&path, text).unwrap();
    let out = with(&["--repair"]);
    let converted = String::from_utf8(out.stdout).unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(converted.contains("4. Ba4 Nf6 5. O-O Be7"), "{converted}");
    assert!(!converted.contains("Db3"), "{converted}");
    assert!(err.contains("`Axa4` repaired as `Ba4`"), "{err}");
    assert!(err.contains("`Db3` repaired as"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
