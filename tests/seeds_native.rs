//! The seeds' algebraic examples read in their own language, exactly as printed: the Dutch
//! seed's Herdersmat columns and the whole Boleslavsky–Bronstein algebraic column (Dutch
//! letters, trailing-colon captures), and the Spanish seed's game. Each is read with its
//! language given and with `--lang auto`. Needs `../shared/seeds` (`SCORESHEET_SEEDS`
//! overrides): without it the test writes `SKIPPED …` to standard error and passes, or fails
//! with `SCORESHEET_REQUIRE_DATA=1`.

mod common;

use std::path::PathBuf;

use scoresheet::check::{CheckedFile, Options, check_str};
use scoresheet::diagnostic::Severity;

fn read(text: &str, lang: &str) -> CheckedFile {
    let options = Options::given("auto", lang);
    check_str("seed", text, &options).expect("grammar")
}

fn errors(f: &CheckedFile) -> Vec<String> {
    f.all_diagnostics()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect()
}

fn uci(f: &CheckedFile) -> String {
    scoresheet::report::output::uci_line(&f.games[0])
}

/// The Boleslavsky–Bronstein algebraic column of the Dutch seed, as printed.
fn dutch_column(seed: &str) -> String {
    let start = seed.find("De partij Boleslavski").expect("the game");
    let mut out = Vec::new();
    for line in seed[start..].lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        // "1. P-K4 \t P-K4 \t 1. e4 \t e5 \t comment"
        if cols.len() >= 4
            && cols[2]
                .split_once(". ")
                .is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
        {
            out.push(format!("{} {}", cols[2].trim(), cols[3].trim()));
        }
    }
    out.join(" ") + " 1/2-1/2"
}

#[test]
fn boleslavsky_bronstein_dutch_column_as_printed() {
    let Some(dir) = common::seeds_or_skip("boleslavsky_bronstein_dutch_column_as_printed") else {
        return;
    };
    let seed = std::fs::read_to_string(dir.join("english-descriptive-notation.nl.txt")).unwrap();
    let text = dutch_column(&seed);
    assert!(
        text.contains("12. Pg3 Lg3:") && text.contains("13. fg3: 0-0"),
        "{text}"
    );
    // The same game in English SAN, bundled with the project.
    let english = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/boleslavsky-bronstein.pgn"),
    )
    .unwrap();
    let want = uci(&read(&english, "en"));
    assert_eq!(want.split(' ').count(), 64);
    for lang in ["nl", "auto"] {
        let f = read(&text, lang);
        assert_eq!(f.language, "nl", "{lang}");
        assert!(errors(&f).is_empty(), "{lang}: {:?}", errors(&f));
        assert_eq!(uci(&f), want, "{lang}");
    }
}

#[test]
fn herdersmat_dutch_columns_as_printed() {
    let full = "1. e2-e4 e7-e5 2. Lf1-c4 Lf8-c5 3. Dd1-h5 Pg8-f6 4. Dh5×f7 # 1-0";
    let short = "1. e4 e5 2. Lc4 Lc5 3. Dh5 Pf6 4. Df7: # 1-0";
    for text in [full, short] {
        for lang in ["nl", "auto"] {
            let f = read(text, lang);
            assert!(errors(&f).is_empty(), "{text} ({lang}): {:?}", errors(&f));
            assert_eq!(
                uci(&f),
                "e2e4 e7e5 f1c4 f8c5 d1h5 g8f6 h5f7",
                "{text} ({lang})"
            );
            assert_eq!(f.all_diagnostics().count(), 0, "{text} ({lang})");
        }
    }
}

#[test]
fn spanish_seed_game_with_its_plus_on_mate() {
    // The Spanish seed's example: `4. Dxf7+` is mate, so `+` is read with a warning.
    let text = "1. e4 e5 2. Ac4 Cc6 3. Dh5 Ac5 4. Dxf7+";
    for lang in ["es", "auto"] {
        let f = read(text, lang);
        assert!(errors(&f).is_empty(), "{lang}: {:?}", errors(&f));
        assert_eq!(uci(&f), "e2e4 e7e5 f1c4 b8c6 d1h5 f8c5 h5f7", "{lang}");
        let codes: Vec<&str> = f.all_diagnostics().map(|d| d.code().as_str()).collect();
        assert!(
            codes.contains(&"scoresheet::missing_mate"),
            "{lang}: {codes:?}"
        );
    }
    // Spanish `++` is mate: no warning.
    let f = read("1. e4 e5 2. Ac4 Cc6 3. Dh5 Ac5 4. Dxf7++ 1-0", "es");
    assert_eq!(
        f.all_diagnostics().count(),
        0,
        "{:?}",
        f.all_diagnostics()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
    );
}

#[test]
fn bulgarian_seed_forms() {
    // Captures with `:` in the long and short forms, mate `X`, promotion without `=`.
    let long = "1. e2-e4 e7-e5 2. Оf1-c4 Кb8-c6 3. Дd1-f3 d7-d6 4. Дf3:f7X 1-0";
    let short = "1. e4 e5 2. Оc4 Кc6 3. Дf3 d6 4. Д:f7X 1-0";
    for text in [long, short] {
        for lang in ["bg", "auto"] {
            let f = read(text, lang);
            assert!(errors(&f).is_empty(), "{text} ({lang}): {:?}", errors(&f));
            assert_eq!(
                uci(&f),
                "e2e4 e7e5 f1c4 b8c6 d1f3 d7d6 f3f7",
                "{text} ({lang})"
            );
        }
    }
    // `cd4` and `cd`: a pawn capture written by its files.
    let f = read("1. e4 d5 2. c4 e6 3. cd 4. ed ed 1-0", "bg");
    assert!(errors(&f).is_empty(), "{:?}", errors(&f));
    assert_eq!(uci(&f), "e2e4 d7d5 c2c4 e7e6 c4d5 e6d5 e4d5");
}
