//! Scores as people type them (issue 16): each example reads to its last move with the moves
//! of the same game written as plain PGN, with no error, and the report says what was
//! assumed where the text is not PGN (glued moves, separators, `1)` numbers).
//!
//! Every case is read with the notation and language detected, as a user's file would be.

mod common;
#[path = "common/read.rs"]
mod read_back;

use scoresheet::check::{CheckedFile, Options, check_str};
use scoresheet::diagnostic::{Code, Severity};
use scoresheet::render::{Style, Writer};
use scoresheet::syntax::LANGUAGE_FILES;
use shakmaty::Move;

/// Légal's mate, the old books' favourite, as plain English SAN.
const LEGAL: &str = "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0";

/// The start of a Ruy Lopez, as plain English SAN.
const LOPEZ: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \
                     8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *";

/// The scholar's mate, as plain English SAN.
const SCHOLAR: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";

fn read(text: &str) -> CheckedFile {
    check_str("typed", text, &Options::default()).expect("auto detection runs")
}

fn moves(file: &CheckedFile) -> Vec<Move> {
    file.games
        .iter()
        .flat_map(|g| g.mainline.iter().flatten().copied())
        .collect()
}

fn describe(file: &CheckedFile) -> String {
    file.all_diagnostics()
        .map(|d| format!("{} `{}`: {}", d.code().as_str(), d_text(file, d), d.problem))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `typed` reads as one game with the moves of `plain`, no error, and at least the codes
/// `said` among its diagnostics.
fn reads_as(typed: &str, plain: &str, said: &[Code]) {
    let want = moves(&read(plain));
    assert!(!want.is_empty(), "the plain game reads: {plain}");
    let file = read(typed);
    let report = describe(&file);
    assert_eq!(file.games.len(), 1, "{typed:?} is one game:\n{report}");
    assert!(
        !file
            .all_diagnostics()
            .any(|d| d.severity == Severity::Error),
        "{typed:?} has errors:\n{report}"
    );
    assert_eq!(moves(&file), want, "{typed:?} reads other moves:\n{report}");
    for code in said {
        assert!(
            file.all_diagnostics().any(|d| d.code() == *code),
            "{typed:?} does not say {code}:\n{report}"
        );
    }
}

#[test]
fn list_numbering_reads_and_is_said() {
    let typed = LOPEZ.replace(". ", ") ");
    reads_as(&typed, LOPEZ, &[Code::MoveNumberForm]);
    for sign in ["-", ":", " .", ".-"] {
        let typed = LOPEZ.replace(". ", &format!("{sign} "));
        reads_as(&typed, LOPEZ, &[Code::MoveNumberForm]);
    }
}

#[test]
fn numbers_in_the_margin_of_two_columns() {
    let typed = "1   e4    e5\n2   Nf3   Nc6\n3   Bb5   a6\n4   Ba4   Nf6\n5   O-O   Be7\n\
                 6   Re1   b5\n7   Bb3   d6\n8   c3    O-O\n9   h3    Nb8\n10  d4    Nbd7\n*\n";
    reads_as(typed, LOPEZ, &[]);
}

#[test]
fn commas_semicolons_and_slashes_between_moves() {
    let typed = "1. e4, e5; 2. Nf3, Nc6; 3. Bb5, a6; 4. Ba4, Nf6; 5. O-O, Be7; 6. Re1, b5; \
                 7. Bb3, d6; 8. c3, O-O; 9. h3, Nb8; 10. d4, Nbd7 *";
    reads_as(typed, LOPEZ, &[Code::Separator]);
    let typed = LOPEZ.replace(" e5", "/e5").replace(" Nc6", "/Nc6");
    reads_as(&typed, LOPEZ, &[Code::Separator]);
}

#[test]
fn a_semicolon_comment_that_holds_moves_is_said_not_swallowed() {
    let file = read("1. e4 e5 ; 2. Nf3 was the plan\n2. Nf3 Nc6 *");
    let report = describe(&file);
    assert_eq!(moves(&file).len(), 4, "{report}");
    assert!(
        file.all_diagnostics()
            .any(|d| d.code() == Code::MovesInComment),
        "{report}"
    );
    // An ordinary `;` comment is a comment, and nothing is said.
    let file = read("1. e4 e5 ; the open game\n2. Nf3 Nc6 *");
    assert_eq!(moves(&file).len(), 4);
    assert_eq!(file.all_diagnostics().count(), 0, "{}", describe(&file));
}

#[test]
fn glued_moves_read_as_two_with_a_fix() {
    let typed = "1.e4e5 2.Nf3Nc6 3.Bb5a6 4.Ba4Nf6 5.O-OBe7 6.Re1b5 7.Bb3d6 8.c3O-O 9.h3Nb8 \
                 10.d4Nbd7 *";
    reads_as(typed, LOPEZ, &[Code::MissingSpace]);
    let file = read(typed);
    let d = file
        .all_diagnostics()
        .find(|d| d.code() == Code::MissingSpace)
        .expect("said");
    assert_eq!(&file.text[d.span.start..d.span.end], "e4e5");
    assert_eq!(d.suggestions, ["e4 e5"]);
    // No suggestion in a notation the writer does not use (the compact `e24`, long `Nb8c6`).
    for d in file.all_diagnostics() {
        for s in &d.suggestions {
            assert!(!s.contains("24") && !s.contains("b8c6"), "{s}");
        }
    }
    // Long algebraic that is legal stays one move.
    let file = read("1. e2e4 e7e5 2. g1f3 b8c6 *");
    assert_eq!(moves(&file).len(), 4);
    assert!(
        !file
            .all_diagnostics()
            .any(|d| d.code() == Code::MissingSpace),
        "{}",
        describe(&file)
    );
}

#[test]
fn old_book_check_mate_and_result_words() {
    for typed in [
        "1. P-K4 P-K4 2. Kt-KB3 P-Q3 3. B-B4 B-Kt5 4. Kt-B3 P-KKt3 5. KtxP BxQ 6. BxP ch K-K2 \
         7. Kt-Q5 mate.",
        "1. P-K4 P-K4 2. Kt-KB3 P-Q3 3. B-B4 B-Kt5 4. Kt-B3 P-KKt3 5. KtxP BxQ 6. BxP ch K-K2 \
         7. Kt-Q5 ch, mate",
        "1. P-K4 P-K4 2. Kt-KB3 P-Q3 3. B-B4 B-Kt5 4. Kt-B3 P-KKt3 5. KtxP BxQ 6. BxP ch K-K2 \
         7. Kt-Q5 mate, and wins",
        "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5 mate.",
        "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7 ch Ke7 7. Nd5 ch, mate",
        "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# White wins.",
        "1. P4R P4R 2. C3AR P3D 3. A4A A5C 4. C3A P3CR 5. CxP AxD 6. AxP+ R2R 7. C5D jaque mate. \
         Abandonan.",
        "1. P4R P4R 2. C3AR P3D 3. A4A A5C 4. C3A P3CR 5. CxP AxD 6. AxP+ R2R 7. C5D mate, y ganan",
    ] {
        reads_as(typed, LEGAL, &[]);
        // The mate is read as marked: no warning that it is not.
        let file = read(typed);
        assert!(
            !file
                .all_diagnostics()
                .any(|d| d.code() == Code::MissingMate),
            "{typed}: {}",
            describe(&file)
        );
    }
}

#[test]
fn results_in_words_end_one_game() {
    for (words, games) in [
        ("Resigns.", 1),
        ("White resigns.", 1),
        ("Draw agreed.", 1),
        ("Draw agreed.\n\n1. d4 d5 *", 2),
        ("and wins\n1. d4 d5 *", 2),
        ("Tablas.", 1),
        ("Draw by agreement.", 1),
        ("Drawn by repetition\n1. d4 d5 *", 2),
        ("1/2 - 1/2\n1. d4 d5 *", 2),
        ("1 - 0", 1),
    ] {
        let text = format!("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {words}");
        let file = read(&text);
        assert_eq!(file.games.len(), games, "{text}: {}", describe(&file));
        assert_eq!(file.language, "en", "{text}");
        assert!(
            !file
                .all_diagnostics()
                .any(|d| d.severity == Severity::Error),
            "{text}: {}",
            describe(&file)
        );
        assert!(
            file.games[0]
                .syntax
                .root
                .items
                .iter()
                .any(|i| matches!(i, scoresheet::syntax::Item::Result(_))),
            "{text}: no result read"
        );
    }
}

#[test]
fn cyrillic_mate_sign_after_cyrillic_letters() {
    // Russian (Ф queen, К knight, С bishop, Кр king) and Bulgarian (Д queen, О bishop).
    reads_as("1. e4 e5 2. Фh5 Кc6 3. Сc4 Кf6 4. Ф:f7Х", SCHOLAR, &[]);
    reads_as("1. e4 e5 2. Дh5 Кc6 3. Оc4 Кf6 4. Д:f7Х", SCHOLAR, &[]);
    reads_as(
        "1. e4 e5 2. Кf3 d6 3. Сc4 Сg4 4. Кc3 g6 5. К:e5 С:d1 6. С:f7+ Крe7 7. Кd5Х",
        LEGAL,
        &[],
    );
    for typed in [
        "1. e4 e5 2. Фh5 Кc6 3. Сc4 Кf6 4. Ф:f7Х",
        "1. e4 e5 2. Кf3 d6 3. Сc4 Сg4 4. Кc3 g6 5. К:e5 С:d1 6. С:f7+ Крe7 7. Кd5Х",
    ] {
        let file = read(typed);
        assert_eq!(
            file.all_diagnostics()
                .filter(|d| d.code() != Code::MissingResult)
                .count(),
            0,
            "{}",
            describe(&file)
        );
    }
    // In an English score the Cyrillic letter is a look-alike: read, and said.
    reads_as(
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7Х",
        SCHOLAR,
        &[Code::LookAlike],
    );
}

/// Random games in every language's algebraic, with one White move and Black's reply typed
/// without a space between them (`12. Nf3Nc6`), as a hurried typist does: the game reads with
/// the same moves, no error, and one `missing_space` warning on the glued token, whose fix is
/// the two moves with a space.
#[test]
fn a_missing_space_reads_in_every_language() {
    let games = common::games(0x5EED_0016_61E0, 4, 60);
    let mut rng = common::Rng(0x0016_5ACE);
    let mut tried = 0;
    for lang in LANGUAGE_FILES {
        let code = lang.codes[0].as_ref();
        let writer = Writer::San(Box::new(Style::of(lang, false)));
        for game in games.iter().filter(|g| g.len() >= 10) {
            let tokens = read_back::written(&writer, game);
            // A White move (even ply) and the reply, not the first move: the language has been
            // seen by then.
            let white = 2 + 2 * rng.below((game.len() - 2) / 2 - 1);
            let mut text = String::new();
            let mut glued = String::new();
            for (i, t) in tokens.iter().enumerate() {
                if i % 2 == 0 {
                    text.push_str(&format!("{}. ", i / 2 + 1));
                }
                text.push_str(t);
                if i == white {
                    glued = format!("{t}{}", tokens[i + 1]);
                } else {
                    text.push(' ');
                }
            }
            text.push('*');
            let file = check_str("glued", &text, &Options::given("algebraic", code))
                .expect("a built-in language");
            let report = describe(&file);
            assert!(
                !file
                    .all_diagnostics()
                    .any(|d| d.severity == Severity::Error),
                "{code}: {text}\n{report}"
            );
            assert_eq!(moves(&file), *game, "{code}: {text}\n{report}");
            let said: Vec<_> = file
                .all_diagnostics()
                .filter(|d| d.code() == Code::MissingSpace)
                .collect();
            assert_eq!(said.len(), 1, "{code}: {text}\n{report}");
            assert_eq!(
                &file.text[said[0].span.start..said[0].span.end],
                glued,
                "{code}"
            );
            assert_eq!(
                said[0].suggestions,
                [format!("{} {}", tokens[white], tokens[white + 1])],
                "{code}"
            );
            tried += 1;
        }
    }
    assert!(tried > 3 * LANGUAGE_FILES.len(), "{tried} games tried");
}

/// A move whose letter was typed as a sign (`11. !5` for `11. b5`), or lost after a sign or a
/// comment (`11. $1 5`, `11. {…} 5`), leaves a bare number where the move belongs: it is an
/// error at the number, never a move number that swallows the move silently.
#[test]
fn a_bare_number_after_a_move_number_and_a_sign_is_reported() {
    let head = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 \
                O-O 9. h3 Nb8 10. d4 Nbd7 11.";
    for between in [" !5", " ?5", " $1 5", " {a long think} 5", " ! {then} 5"] {
        let text = format!("{head}{between} Bb7 12. Nbd2 *");
        let file = read(&text);
        let report = describe(&file);
        let at = file
            .all_diagnostics()
            .find(|d| d.severity == Severity::Error)
            .unwrap_or_else(|| panic!("{between:?}: no error\n{report}"));
        assert_eq!(d_text(&file, at), "5", "{between:?}:\n{report}");
        assert_eq!(at.code(), Code::Syntax, "{between:?}:\n{report}");
    }
    // A sign after a move, then the next move number, is PGN as usual.
    reads_as(
        "1. e4 e5 2. Nf3 $1 Nc6 3. Bb5 ?! {the Spanish} 3... a6 *",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *",
        &[],
    );
}

/// The text a diagnostic points at.
fn d_text<'a>(file: &'a CheckedFile, d: &scoresheet::diagnostic::Diagnostic) -> &'a str {
    file.text.get(d.span.start..d.span.end).unwrap_or("")
}
