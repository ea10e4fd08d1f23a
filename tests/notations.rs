//! Long and compact algebraic, figurines, coordinate notation, UCI, Smith notation and ICCF
//! numeric notation: reading, detection (`--notation auto`), writing (`convert --to …`) and
//! the diagnostics typical of each.
//!
//! - The corpus's multi-notation games (`../shared/corpus/pgn/notations/`, pgn-extract's
//!   `outfiles/test-W*`) read back to the same moves in every notation; skipped with a `SKIPPED`
//!   line on standard error when the corpus is absent, a failure with
//!   `SCORESHEET_REQUIRE_DATA=1` (`SCORESHEET_CORPUS` overrides its place).
//! - The examples of the seeds (`tests/fixtures/notations/seeds/`), each with its moves written
//!   out by hand as UCI.
//! - Round trips: random legal games written by our writers in each notation (× language and
//!   custom where letters apply) read back to the same moves, with the notation given and with
//!   `--notation auto`.
//! - Snapshots of the diagnostics typical of each notation (`tests/fixtures/notations/
//!   diagnostics/`, snapshots in `snapshots/notations/`).
//!
//! Run with `cargo test --test notations -- --nocapture` to see the agreement counts.

mod common;
use common::{corpus_or_skip, games};
use std::path::{Path, PathBuf};
use std::process::Command;

use scoresheet::board::Origins;
use scoresheet::check::{CheckedFile, Options, check_bytes, check_str};
use scoresheet::diagnostic::Code;
use scoresheet::diagnostic::Severity;
use scoresheet::render::{LongForm, SquareNotation, Style, Writer};
use scoresheet::report::output;
use scoresheet::syntax::LANGUAGE_FILES;
use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn options(notation: &str, lang: &str) -> Options {
    Options::given(notation, lang)
}

/// Errors of a checked file, as text.
fn errors(file: &CheckedFile) -> Vec<String> {
    file.all_diagnostics()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| {
            let text = file.text.get(d.span.start..d.span.end).unwrap_or("");
            format!("{} `{text}`: {}", d.code().as_str(), d.problem)
        })
        .collect()
}

/// Codes of every diagnostic, `scoresheet::` left off.
fn codes(file: &CheckedFile) -> Vec<String> {
    file.all_diagnostics()
        .map(|d| {
            d.code()
                .as_str()
                .trim_start_matches("scoresheet::")
                .to_owned()
        })
        .collect()
}

/// The main lines of every game, in UCI, one line per game.
fn uci(file: &CheckedFile) -> Vec<String> {
    file.games.iter().map(output::uci_line).collect()
}

fn read(text: &str, notation: &str, lang: &str) -> CheckedFile {
    check_str("input", text, &options(notation, lang)).expect("the grammar exists")
}

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/notations")
        .join(path)
}

// ---------------------------------------------------------------------------------------------
// Corpus: one game in every notation
// ---------------------------------------------------------------------------------------------

/// ostinato's one French game written in ICCF numeric, Smith, coordinate, algebraic and
/// figurine notation and in PGN: every text reads, with its notation named and detected, to
/// the 13 plies and the final position the source asserts.
#[test]
fn ostinato_multinotation() {
    let Some(corpus) = corpus_or_skip("ostinato_multinotation") else {
        return;
    };
    let path = corpus.join("pgn/notations/ostinato_multinotation.jsonl");
    let text = std::fs::read_to_string(&path).expect("readable");
    let mut agree = 0;
    let mut lines = Vec::new();
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let row: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        let movetext = row["text"].as_str().expect("text");
        let notation = match row["notation"].as_str().expect("notation") {
            "IccfNotationRules" => "iccf",
            "SmithNotationRules" => "smith",
            "CoordinateNotationRules" => "coordinate",
            "AlgebraicNotationRules" => "algebraic",
            other => panic!("row {i}: unknown notation {other}"),
        };
        let plies = row["expected_ply_count"].as_u64().expect("ply count") as usize;
        let fen = row["expected_final_fen_python_chess"]
            .as_str()
            .expect("final FEN");
        for (how, file) in [
            ("named", read(movetext, notation, "en")),
            ("auto", read(movetext, "auto", "auto")),
        ] {
            assert!(
                errors(&file).is_empty(),
                "row {i} ({notation}, {how}): {:?}",
                errors(&file)
            );
            let g = &file.games[0];
            assert_eq!(g.mainline.len(), plies, "row {i} ({notation}, {how})");
            let mut pos = g.start.clone().expect("start");
            for m in g.mainline.iter().flatten() {
                pos.play_unchecked(*m);
            }
            let ours = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
            assert_eq!(ours, fen, "row {i} ({notation}, {how})");
            lines.push(uci(&file));
            agree += 1;
        }
    }
    assert!(lines.windows(2).all(|w| w[0] == w[1]), "{lines:?}");
    println!("ostinato multinotation: {agree} of {agree} readings agree");
}

/// wolfraam's FAN and LAN tests: each reads to the moves of its SAN; the illegal LAN moves are
/// errors.
#[test]
fn wolfraam_fan_and_lan() {
    let Some(corpus) = corpus_or_skip("wolfraam_fan_and_lan") else {
        return;
    };
    let path = corpus.join("pgn/notations/wolfraam-san-fan-lan.tsv");
    let text = std::fs::read_to_string(&path).expect("readable");
    let (mut agree, mut rejected) = (0, 0);
    for (i, line) in text.lines().skip(1).enumerate() {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 4 {
            continue;
        }
        let (kind, san, other) = (cols[0], cols[2], cols[3]);
        if kind.ends_with("illegal-from-start") {
            for notation in ["algebraic", "auto"] {
                let file = read(&format!("{other} *"), notation, "en");
                assert!(
                    file.has_errors(),
                    "row {i}: `{other}` must be rejected ({notation})"
                );
            }
            rejected += 1;
            continue;
        }
        let want = read(&format!("{san} *"), "algebraic", "en");
        assert!(errors(&want).is_empty(), "row {i} SAN: {:?}", errors(&want));
        for (notation, lang) in [("algebraic", "en"), ("auto", "auto")] {
            let file = read(&format!("{other} *"), notation, lang);
            assert!(
                errors(&file).is_empty(),
                "row {i} {kind} ({notation}): {:?}",
                errors(&file)
            );
            assert_eq!(uci(&file), uci(&want), "row {i} {kind} ({notation})");
        }
        agree += 1;
    }
    println!(
        "wolfraam: {agree} FAN/LAN games agree with their SAN, {rejected} illegal moves rejected"
    );
    assert!(agree >= 6 && rejected >= 4);
}

/// pgn-extract's one game (Barnes–Horton) written as SAN and by its -W options: UCI, LAN with
/// `x`, enhanced LAN, hyphenated and plain coordinate forms. Every form reads to the same main
/// line, with its notation named and detected.
#[test]
fn pgn_extract_output_formats() {
    let Some(corpus) = corpus_or_skip("pgn_extract_output_formats") else {
        return;
    };
    let dir = corpus.join("pgn/pgn-extract");
    let read_file = |rel: &str, notation: &str| -> CheckedFile {
        let bytes = std::fs::read(dir.join(rel)).expect("readable");
        check_bytes(rel, &bytes, &options(notation, "en")).expect("grammar")
    };
    let san = read_file("infiles/barnes-horton.pgn", "algebraic");
    assert!(errors(&san).is_empty(), "{:?}", errors(&san));
    let want = uci(&san);
    let forms: &[(&str, &[&str], &str)] = &[
        ("outfiles/test-WWuci-out.pgn", &["uci", "algebraic"], "uci"),
        ("outfiles/test-WWxlalg-out.pgn", &["algebraic"], "algebraic"),
        ("outfiles/test-Welalg-out.pgn", &["algebraic"], "algebraic"),
        (
            "outfiles/test-Whalg-out.pgn",
            &["coordinate", "algebraic"],
            "coordinate",
        ),
        (
            "outfiles/test-Wlalg-out.pgn",
            &["coordinate", "algebraic"],
            "coordinate",
        ),
        (
            "infiles/alg.txt",
            &["coordinate", "algebraic"],
            "coordinate",
        ),
    ];
    let mut agree = 0;
    for (rel, named, detected) in forms {
        for notation in named.iter().chain(["auto"].iter()) {
            let file = read_file(rel, notation);
            assert!(
                errors(&file).is_empty(),
                "{rel} ({notation}): {:?}",
                errors(&file)
            );
            assert_eq!(uci(&file), want, "{rel} ({notation})");
            if *notation == "auto" {
                assert_eq!(file.notation, *detected, "{rel}: detected notation");
            }
            agree += 1;
        }
    }
    println!(
        "pgn-extract: {agree} readings of {} forms agree with the SAN game",
        forms.len()
    );
}

/// The corpus's PGN files, read as English algebraic, never mix long and short algebraic (a
/// SAN move naming both squares, `Ng1f3`, is not long algebraic): no mixed-notation warning.
#[test]
fn no_mixed_notation_warning_on_corpus_pgn() {
    let Some(corpus) = corpus_or_skip("no_mixed_notation_warning_on_corpus_pgn") else {
        return;
    };
    let mut paths = Vec::new();
    let mut dirs = vec![corpus.join("pgn")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "pgn") {
                paths.push(p);
            }
        }
    }
    paths.sort();
    let mut games = 0;
    let mut found = Vec::new();
    for p in &paths {
        let bytes = std::fs::read(p).expect("readable");
        let file = check_bytes("corpus", &bytes, &options("algebraic", "en")).expect("grammar");
        games += file.games.len();
        for d in file.all_diagnostics() {
            if d.code() == Code::MixedNotation {
                found.push(format!("{}: {}", p.display(), d.problem));
            }
        }
    }
    println!(
        "mixed notation: {} warnings in {games} games of {} files",
        found.len(),
        paths.len()
    );
    assert!(found.is_empty(), "{found:#?}");
}

// ---------------------------------------------------------------------------------------------
// Seed examples
// ---------------------------------------------------------------------------------------------

/// (fixture, notation, language, moves in UCI written out by hand, codes of the diagnostics,
/// notation detected with `--notation auto`).
type SeedCase = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static str,
);

const SEEDS: &[SeedCase] = &[
    (
        "bg-full-scholars-mate.txt",
        "algebraic",
        "bg",
        "e2e4 e7e5 f1c4 b8c6 d1f3 d7d6 f3f7",
        &[],
        "algebraic",
    ),
    (
        "bg-full-captures.txt",
        "algebraic",
        "bg",
        "e2e4 e7e5 g1f3 b8c6 d2d4 c6d4 f3d4 e5d4",
        &["look_alike"],
        "algebraic",
    ),
    (
        "bg-full-check.txt",
        "algebraic",
        "bg",
        "e2e4 e7e5 g1f3 b8c6 f1c4 d7d6 b1c3 c8g4 c4f7",
        &["look_alike"],
        "algebraic",
    ),
    (
        "bg-full-en-passant.txt",
        "algebraic",
        "bg",
        "d2d4 g8f6 d4d5 e7e6 e2e4 f6e4 f1d3 e4f6 g1f3 f8e7 e1g1 e8g8 b1c3 c7c5 d5c6",
        &[],
        "algebraic",
    ),
    (
        "bg-full-promotion.txt",
        "algebraic",
        "bg",
        "e2e4 d7d5 e4d5 e7e6 d5e6 f8b4 e6f7 e8e7 f7f8q",
        &[],
        "algebraic",
    ),
    (
        "bg-full-black-promotion.txt",
        "algebraic",
        "bg",
        "c2c4 b7b5 c4b5 c7c5 b2b3 c5c4 c1b2 c4c3 b2a3 c3c2 e2e3 c2c1n",
        &[],
        "algebraic",
    ),
    (
        "bg-long.txt",
        "algebraic",
        "bg",
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1",
        &[],
        "algebraic",
    ),
    (
        "bg-compact.txt",
        "algebraic",
        "bg",
        "d2d4 g8f6 c1g5 e7e6 g5f6 d8f6 e2e4 d7d5 e4d5 e6d5",
        &[],
        "algebraic",
    ),
    (
        "bg-compact-as-typed.txt",
        "algebraic",
        "bg",
        "d2d4 g8f6 c1g5 e7e6 g5f6",
        &["look_alike"],
        "algebraic",
    ),
    (
        "coordinate-seed.txt",
        "coordinate",
        "en",
        "e2e4 b8c6",
        &["look_alike", "look_alike"],
        "coordinate",
    ),
    (
        "coordinate-capitals.txt",
        "coordinate",
        "en",
        "e2e4 b8c6 g1f3 g8f6 f1c4 f6e4 e1g1 e4f6 f3g5 d7d5 c4d5 f6d5 d1h5 d5f6 h5f7",
        &[],
        "coordinate",
    ),
    (
        "coordinate-lowercase.txt",
        "coordinate",
        "en",
        "d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7 e1c1 e7e6 c3d5 e6d5",
        &[],
        "coordinate",
    ),
    (
        "uci.txt",
        "uci",
        "en",
        "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f8c5 d2d3 0000 c1g5 h7h6",
        &[],
        "uci",
    ),
    (
        "uci-king-takes-rook.txt",
        "uci",
        "en",
        "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f8c5",
        &[],
        "uci",
    ),
    (
        "uci-promotion.txt",
        "uci",
        "en",
        "h2h4 g7g5 h4g5 h7h6 g5h6 g8f6 h6h7 h8g8 h7g8n f6g8 a2a4 b7b5 a4b5 a7a6 b5a6 c8b7 a6b7 b8c6 b7b8q a8b8",
        &[],
        "uci",
    ),
    (
        "smith.txt",
        "smith",
        "en",
        "e2e4 a7a6 e4e5 d7d5 e5d6 c7d6 g1f3 g8f6 f1e2 e7e6 e1g1 f8e7 d2d4 e8g8",
        &[],
        "smith",
    ),
    (
        "smith-long-castling.txt",
        "smith",
        "en",
        "d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7 e1c1 e8c8",
        &[],
        "smith",
    ),
    (
        "smith-promotion.txt",
        "smith",
        "en",
        "a2a4 b7b5 a4b5 a7a6 b5a6 c8b7 a6b7 b8c6 b7b8q a8b8 h2h4 g7g5 h4g5 h7h6 g5h6 g8f6 h6h7 h8g8 h7g8q f6g8",
        &[],
        "smith",
    ),
    (
        "iccf.txt",
        "iccf",
        "en",
        "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f8c5",
        &[],
        "iccf",
    ),
    (
        "iccf-promotion.txt",
        "iccf",
        "en",
        "a2a4 b7b5 a4b5 a7a6 b5a6 c8b7 a6b7 b8c6 b7b8q",
        &[],
        "iccf",
    ),
];

#[test]
fn seed_examples_read_to_their_moves() {
    for (name, notation, lang, want, want_codes, detected) in SEEDS {
        let bytes = std::fs::read(fixture("seeds").join(name)).expect("fixture");
        for (how, opts) in [
            ("named", options(notation, lang)),
            ("auto", options("auto", "auto")),
        ] {
            let file = check_bytes(name, &bytes, &opts).expect("grammar");
            assert!(
                errors(&file).is_empty(),
                "{name} ({how}): {:?}",
                errors(&file)
            );
            assert_eq!(uci(&file), vec![want.to_string()], "{name} ({how})");
            assert_eq!(codes(&file), *want_codes, "{name} ({how})");
            if how == "auto" {
                assert_eq!(file.notation, *detected, "{name}: detected notation");
            }
        }
    }
}

#[test]
fn every_seed_fixture_is_listed() {
    for e in std::fs::read_dir(fixture("seeds"))
        .expect("fixtures")
        .flatten()
    {
        let name = e.file_name().to_string_lossy().into_owned();
        assert!(
            SEEDS.iter().any(|s| s.0 == name),
            "{name} has no entry in SEEDS"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Round trips
// ---------------------------------------------------------------------------------------------

/// A game written by `writer`, with move numbers, ending `*`.
fn write_game(writer: &Writer, moves: &[Move]) -> String {
    let mut pos = Chess::default();
    let mut origins = Origins::from_position(&pos);
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        if pos.turn() == Color::White {
            out.push_str(&format!("{}. ", i / 2 + 1));
        }
        out.push_str(&writer.write(&pos, &origins, m));
        out.push(' ');
        origins.play(m);
        pos.play_unchecked(*m);
    }
    out.push('*');
    out
}

/// Reads `text` and checks that it gives `game`, without errors and with no warning either
/// when `clean` (our writers write every mark a notation has).
fn assert_reads_back(text: &str, notation: &str, lang: &str, game: &[Move], what: &str) {
    let file = read(text, notation, lang);
    assert!(
        errors(&file).is_empty(),
        "{what} ({notation} {lang}) read as {} {}: {:?}\n{text}",
        file.notation,
        file.language,
        errors(&file)
    );
    let moves: Vec<Move> = file.games[0].mainline.iter().flatten().copied().collect();
    assert_eq!(
        moves, game,
        "{what} ({notation} {lang}) read as {} {}\n{text}",
        file.notation, file.language
    );
    let warnings: Vec<String> = file
        .all_diagnostics()
        .filter(|d| d.severity == Severity::Warning && d.code() != Code::LanguageUndecided)
        .map(|d| format!("{}: {}", d.code().as_str(), d.problem))
        .collect();
    assert!(
        warnings.is_empty(),
        "{what} ({notation} {lang}) read as {} {}: {warnings:?}\n{text}",
        file.notation,
        file.language
    );
}

/// Long and compact algebraic in every language, in its customs and in FIDE style (detected
/// with `--notation auto` for the first game of each).
#[test]
fn long_and_compact_algebraic_read_back_in_every_language() {
    let games = games(0x5EED_0005_1A11_0001, 3, 70);
    let mut n = 0;
    for lang in LANGUAGE_FILES {
        for fide in [false, true] {
            for form in [LongForm::Hyphen, LongForm::Compact, LongForm::Joined] {
                let writer = Writer::Long {
                    style: Box::new(Style::of(lang, fide)),
                    form,
                };
                for (gi, game) in games.iter().enumerate() {
                    let text = write_game(&writer, game);
                    let what = format!("{form:?} {} fide={fide} game {gi}", lang.code());
                    assert_reads_back(&text, "algebraic", lang.code(), game, &what);
                    if gi == 0 {
                        assert_reads_back(&text, "auto", "auto", game, &what);
                    }
                    n += 1;
                }
            }
        }
    }
    println!("long and compact algebraic: {n} games read back");
}

/// Figurines in short, long and compact algebraic, with each language's customs.
#[test]
fn figurines_read_back() {
    let games = games(0x5EED_0005_F16E_0002, 2, 70);
    let mut n = 0;
    for lang in LANGUAGE_FILES {
        let style = Box::new(Style::of(lang, false).figurines());
        for writer in [
            Writer::San(style.clone()),
            Writer::Long {
                style: style.clone(),
                form: LongForm::Hyphen,
            },
            Writer::Long {
                style: style.clone(),
                form: LongForm::Compact,
            },
        ] {
            for (gi, game) in games.iter().enumerate() {
                let text = write_game(&writer, game);
                let what = format!("figurines {} game {gi}", lang.code());
                assert_reads_back(&text, "algebraic", lang.code(), game, &what);
                // Detection reads figurines in every language alike: once per language is
                // enough.
                if gi == 0 && matches!(writer, Writer::Long { .. }) {
                    assert_reads_back(&text, "auto", "auto", game, &what);
                }
                n += 1;
            }
        }
    }
    println!("figurines: {n} games read back");
}

/// Coordinate (capitals and lower case), UCI, Smith and ICCF numeric notation.
#[test]
fn letterless_notations_read_back() {
    let games = games(0x5EED_0005_5A11_0003, 16, 90);
    let notations = [
        ("coordinate", SquareNotation::Coordinate { upper: true }),
        ("coordinate", SquareNotation::Coordinate { upper: false }),
        ("uci", SquareNotation::Uci),
        ("smith", SquareNotation::Smith),
        ("iccf", SquareNotation::Iccf),
    ];
    let mut n = 0;
    for (name, notation) in notations {
        let writer = Writer::Squares(notation);
        for (gi, game) in games.iter().enumerate() {
            let text = write_game(&writer, game);
            let what = format!("{notation:?} game {gi}");
            assert_reads_back(&text, name, "en", game, &what);
            assert_reads_back(&text, "auto", "auto", game, &what);
            n += 1;
        }
    }
    println!("coordinate, UCI, Smith, ICCF: {n} games read back");
}

/// A Smith game with captures and castling is told from UCI and algebraic by the board.
#[test]
fn smith_iccf_and_coordinate_are_detected() {
    let games = games(0x5EED_0005_DE7E_0004, 8, 80);
    for (name, notation) in [
        ("smith", SquareNotation::Smith),
        ("iccf", SquareNotation::Iccf),
        ("coordinate", SquareNotation::Coordinate { upper: true }),
    ] {
        for (gi, game) in games.iter().enumerate() {
            let text = write_game(&Writer::Squares(notation), game);
            if name == "smith" && !text.contains(['p', 'n', 'b', 'r', 'q', 'E', 'c', 'C']) {
                continue; // nothing tells it from UCI
            }
            let file = read(&text, "auto", "auto");
            assert_eq!(file.notation, name, "game {gi}:\n{text}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Mixed notation
// ---------------------------------------------------------------------------------------------

#[test]
fn mixed_notation_is_a_warning() {
    // Long algebraic with a short-algebraic variation.
    let file = read(
        "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 (3. Bc4 Nf6) 3... a7-a6 *",
        "auto",
        "auto",
    );
    assert_eq!(codes(&file), ["mixed_notation"]);
    assert!(!file.has_errors());
    // Short algebraic with a long move.
    let file = read("1. e4 e5 2. Nf3 Nc6 3. Bf1-b5 a6 *", "algebraic", "en");
    assert_eq!(codes(&file), ["mixed_notation"]);
    // SAN naming both squares of a piece (`Ng1f3`) is no long algebraic, and castling and
    // compact forms are not short.
    for text in [
        "1. e4 e5 2. Ng1f3 Nc6 *",
        "1. e2-e4 e7-e5 2. O-O-O *",
        "1.d24 Кg8f6 2.Оc1g5 e76 3.Оg5:Кf6 Дd8:Оf6 *",
    ] {
        let file = read(text, "algebraic", "bg");
        assert!(
            !codes(&file).contains(&"mixed_notation".to_owned()),
            "{text}: {:?}",
            codes(&file)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Diagnostics typical of each notation (snapshots)
// ---------------------------------------------------------------------------------------------

/// (fixture stem, notation, language, codes in report order).
const DIAGNOSTICS: &[(&str, &str, &str, &[&str])] = &[
    (
        "coordinate-check-without-check",
        "coordinate",
        "en",
        &["check_without_check"],
    ),
    (
        "coordinate-look-alike",
        "coordinate",
        "en",
        &["look_alike", "look_alike"],
    ),
    ("coordinate-wrong-side", "coordinate", "en", &["wrong_side"]),
    ("iccf-empty-square", "iccf", "en", &["illegal_move"]),
    (
        "iccf-promotion-not-last-rank",
        "iccf",
        "en",
        &["illegal_move"],
    ),
    (
        "lan-compact-pawn-blocked",
        "algebraic",
        "en",
        &["illegal_move"],
    ),
    (
        "lan-compact-wrong-captured-piece",
        "algebraic",
        "bg",
        &["illegal_move"],
    ),
    ("lan-mixed-notation", "algebraic", "en", &["mixed_notation"]),
    ("lan-wrong-origin", "algebraic", "en", &["illegal_move"]),
    (
        "smith-castling-without-right",
        "smith",
        "en",
        &["illegal_move"],
    ),
    ("smith-castling-wrong-letter", "smith", "en", &["syntax"]),
    (
        "smith-en-passant-mark-on-plain-capture",
        "smith",
        "en",
        &["ep_not_en_passant"],
    ),
    (
        "smith-missing-capture-letter",
        "smith",
        "en",
        &["missing_capture_mark"],
    ),
    (
        "smith-wrong-captured-piece",
        "smith",
        "en",
        &["illegal_move"],
    ),
    ("uci-empty-square", "uci", "en", &["illegal_move"]),
    ("uci-uppercase-promotion", "uci", "en", &["syntax"]),
];

#[test]
fn diagnostics() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots/notations");
    settings.set_prepend_module_to_snapshot(false);
    let mismatches = std::sync::Mutex::new(Vec::new());
    settings.bind(|| {
        insta::glob!("fixtures/notations/diagnostics/*.pgn", |path| {
            let stem = path.file_stem().and_then(|s| s.to_str()).expect("stem");
            let Some((_, notation, lang, want)) = DIAGNOSTICS.iter().find(|d| d.0 == stem) else {
                mismatches
                    .lock()
                    .unwrap()
                    .push(format!("{stem}.pgn has no entry in DIAGNOSTICS"));
                return;
            };
            let bytes = std::fs::read(path).expect("fixture");
            let name = format!("{stem}.pgn");
            let file = check_bytes(&name, &bytes, &options(notation, lang)).expect("grammar");
            if codes(&file) != *want {
                mismatches.lock().unwrap().push(format!(
                    "{stem}.pgn: codes {:?}, want {want:?}",
                    codes(&file)
                ));
            }
            insta::assert_snapshot!("human", output::human(&file, false, 80));
            let json = output::json(std::slice::from_ref(&file));
            insta::assert_snapshot!("json", format!("{json:#}"));
        });
    });
    let mismatches = mismatches.into_inner().unwrap();
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// The command line
// ---------------------------------------------------------------------------------------------

fn convert(args: &[&str], input: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .arg("convert")
        .arg(input)
        .args(args)
        .args(if args.contains(&"pgn") {
            &[][..]
        } else {
            &["--main-line"][..]
        })
        .args(["--color", "never"])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "convert {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// `convert --to …` in every notation: the text begins as it should and reads back to the
/// same moves.
#[test]
fn convert_to_every_notation_reads_back() {
    let input = fixture("seeds/bg-full-en-passant.txt");
    let want = "d2d4 g8f6 d4d5 e7e6 e2e4 f6e4 f1d3 e4f6 g1f3 f8e7 e1g1 e8g8 b1c3 c7c5 d5c6";
    let cases: &[(&[&str], &str, &str, &str)] = &[
        (
            &["--to", "lan"],
            "1. d2-d4 Ng8-f6 2. d4-d5 e7-e6 3. e2-e4 Nf6xe4",
            "algebraic",
            "en",
        ),
        (
            &["--to", "lan", "--to-lang", "bg"],
            "1. d2-d4 Кg8-f6 2. d4-d5 e7-e6 3. e2-e4 Кf6:e4",
            "algebraic",
            "bg",
        ),
        (
            &["--to", "lan-compact", "--to-lang", "bg"],
            "1. d24 Кg8f6 2. d45 e76 3. e24 Кf6:e4",
            "algebraic",
            "bg",
        ),
        (
            &["--to", "figurine"],
            "1. d4 ♘f6 2. d5 e6 3. e4 ♘xe4",
            "algebraic",
            "en",
        ),
        (
            &["--to", "lan", "--figurines"],
            "1. d2-d4 ♘g8-f6 2. d4-d5 e7-e6 3. e2-e4 ♘f6xe4",
            "algebraic",
            "en",
        ),
        (
            &["--to", "coordinate"],
            "1. D2-D4 G8-F6 2. D4-D5 E7-E6 3. E2-E4 F6-E4",
            "coordinate",
            "en",
        ),
        (
            &["--to", "uci"],
            "d2d4 g8f6 d4d5 e7e6 e2e4 f6e4",
            "uci",
            "en",
        ),
        (
            &["--to", "smith"],
            "1. d2d4 g8f6 2. d4d5 e7e6 3. e2e4 f6e4p",
            "smith",
            "en",
        ),
        (
            &["--to", "iccf"],
            "1. 4244 7866 2. 4445 5756 3. 5254 6654",
            "iccf",
            "en",
        ),
    ];
    for (args, start, notation, lang) in cases {
        let out = convert(args, &input);
        assert!(out.starts_with(start), "{args:?}: {out}");
        let file = read(&out, notation, lang);
        assert!(
            errors(&file).is_empty(),
            "{args:?}: {:?}\n{out}",
            errors(&file)
        );
        assert_eq!(uci(&file), vec![want.to_string()], "{args:?}: {out}");
    }
    // The en passant capture and castling in Smith, ICCF and coordinate notation.
    let smith = convert(&["--to", "smith"], &input);
    assert!(smith.contains("e1g1c") && smith.contains("e8g8c") && smith.ends_with("d5c6E *\n"));
    assert!(convert(&["--to", "iccf"], &input).contains("6. 5171 5878"));
    assert!(convert(&["--to", "coordinate"], &input).contains("6. E1-G1 E8-G8"));
}

/// A null move passes the turn: after Black's `--` the move number goes on, and every notation
/// writes and reads it (`--` in SAN and long algebraic, `0000` in UCI).
#[test]
fn null_moves_keep_move_numbers() {
    let dir = std::env::temp_dir().join(format!("scoresheet-null-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let input = dir.join("null.pgn");
    std::fs::write(&input, "1. e4 e5 2. -- Nf6 3. Nf3 -- 4. d4 *\n").expect("write");
    assert_eq!(
        convert(&["--to", "san"], &input),
        "1. e4 e5 2. -- Nf6 3. Nf3 -- 4. d4 *\n"
    );
    assert_eq!(
        convert(&["--to", "lan"], &input),
        "1. e2-e4 e7-e5 2. -- Ng8-f6 3. Ng1-f3 -- 4. d2-d4 *\n"
    );
    let uci_text = convert(&["--to", "uci"], &input);
    assert_eq!(uci_text, "e2e4 e7e5 0000 g8f6 g1f3 0000 d2d4\n");
    // The move numbers the checker expects go on too: `4.` is right, `3.` would be wrong.
    let file = read("1. e4 e5 2. -- Nf6 3. Nf3 -- 4. d4 *", "algebraic", "en");
    assert!(codes(&file).is_empty(), "{:?}", codes(&file));
    let pgn = convert(&["--to", "pgn"], &input);
    assert!(pgn.contains("3. Nf3 -- 4. d4"), "{pgn}");
    std::fs::remove_dir_all(&dir).ok();
}
