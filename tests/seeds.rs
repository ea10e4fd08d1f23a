//! The games of the seed texts (`../shared/seeds/*.txt`), with their piece letters translated
//! to English by our fixtures in `tests/fixtures/seeds/`: each resolves without errors to the
//! moves of the game (UCI lists written out by hand from the game, move by move), ends in the
//! position it should, and the seed's own slips are warnings, not errors.

use std::path::Path;

use scoresheet::check::{CheckedFile, CheckedGame, Options, check_bytes};
use scoresheet::diagnostic::Severity;
use scoresheet::report::output;
use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, EnPassantMode, Position};

fn english() -> Options {
    Options::given("algebraic", "en")
}

fn check_seed(name: &str, options: &Options) -> CheckedFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/seeds")
        .join(name);
    let bytes = std::fs::read(&path).expect("fixture");
    check_bytes(name, &bytes, options).expect("grammar")
}

fn only_game(file: &CheckedFile) -> &CheckedGame {
    assert_eq!(file.games.len(), 1, "{}: one game", file.path);
    &file.games[0]
}

/// `(code, severity)` of every diagnostic, in order.
fn diagnostics(file: &CheckedFile) -> Vec<(&'static str, Severity)> {
    file.all_diagnostics()
        .map(|d| (d.code().as_str(), d.severity))
        .collect()
}

fn final_position(game: &CheckedGame) -> Chess {
    let mut pos = game.start.clone().expect("standard start");
    for m in &game.mainline {
        let m = m.expect("no null moves in the seeds");
        assert!(pos.is_legal(m), "{m:?} is legal");
        pos.play_unchecked(m);
    }
    pos
}

fn board_fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

const SCHOLARS_MATE: &str = "e2e4 e7e5 f1c4 f8c5 d1h5 g8f6 h5f7";

fn assert_scholars_mate(name: &str) {
    let file = check_seed(name, &english());
    assert!(!file.has_errors(), "{name}: {:?}", diagnostics(&file));
    // The seed gives no result after the mate: that is a warning and the only diagnostic.
    assert_eq!(
        diagnostics(&file),
        [("scoresheet::missing_result", Severity::Warning)],
        "{name}"
    );
    let game = only_game(&file);
    assert!(game.complete, "{name}: every move resolved");
    assert_eq!(output::uci_line(game), SCHOLARS_MATE, "{name}");
    let pos = final_position(game);
    assert!(pos.is_checkmate(), "{name}: Qxf7 mates");
    assert_eq!(pos.turn(), Color::Black);
    assert_eq!(
        board_fen(&pos),
        "rnbqk2r/pppp1Qpp/5n2/2b1p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
        "{name}"
    );
}

/// `1. e2-e4 e7-e5 2. Bf1-c4 Bf8-c5 3. Qd1-h5 Ng8-f6 4. Qh5×f7 #`: long algebraic with
/// dashes, `×` for the capture and the mate sign written apart.
#[test]
fn scholars_mate_long_form() {
    assert_scholars_mate("scholars-mate-long.txt");
}

/// `1. e4 e5 2. Bc4 Bc5 3. Qh5 Nf6 4. Qf7: #`: the Dutch trailing-colon capture.
#[test]
fn scholars_mate_short_form() {
    assert_scholars_mate("scholars-mate-short.txt");
}

/// The Spanish seed's shepherd's mate ends `4. Dxf7+`, a mate marked as a check: a warning
/// that suggests `Qxf7#`, not an error.
#[test]
fn spanish_shepherds_mate() {
    let name = "spanish-shepherds-mate.txt";
    let file = check_seed(name, &english());
    assert!(!file.has_errors(), "{:?}", diagnostics(&file));
    assert_eq!(
        diagnostics(&file),
        [
            ("scoresheet::missing_mate", Severity::Warning),
            ("scoresheet::missing_result", Severity::Warning),
        ]
    );
    let mate = file.all_diagnostics().next().expect("missing_mate");
    assert_eq!(
        &file.text[mate.span.start..mate.span.end],
        "+",
        "points at the `+`"
    );
    assert_eq!(mate.ply, Some(7));
    assert_eq!(mate.suggestions, ["Qxf7#"]);
    let game = only_game(&file);
    assert_eq!(output::uci_line(game), "e2e4 e7e5 f1c4 b8c6 d1h5 f8c5 h5f7");
    let pos = final_position(game);
    assert!(pos.is_checkmate());
    assert_eq!(
        board_fen(&pos),
        "r1bqk1nr/pppp1Qpp/2n5/2b1p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    );
}

/// Boleslavsky–Bronstein, Moscow 1945, the whole algebraic column, with the Dutch customs
/// (`Bg3:`, `fg3:`, `ed4:`, `cd4:`, `Qb3:`, `Nd5:`, `ed6:`, `Bd8:`, `0-0`).
#[test]
fn boleslavsky_bronstein() {
    let name = "boleslavsky-bronstein-1945.txt";
    let file = check_seed(name, &english());
    assert_eq!(diagnostics(&file), [], "a clean score");
    let game = only_game(&file);
    assert!(game.complete);
    let expected = [
        "e2e4 e7e5", // 1. e4 e5
        "g1f3 b8c6", // 2. Nf3 Nc6
        "f1b5 a7a6", // 3. Bb5 a6
        "b5a4 d7d6", // 4. Ba4 d6
        "c2c3 c8d7", // 5. c3 Bd7
        "e1g1 g8e7", // 6. 0-0 Nge7
        "d2d4 e7g6", // 7. d4 Ng6
        "c1e3 f8e7", // 8. Be3 Be7
        "b1d2 h7h6", // 9. Nbd2 h6
        "f1e1 e7g5", // 10. Re1 Bg5
        "d2f1 g5f4", // 11. Nf1 Bf4
        "f1g3 f4g3", // 12. Ng3 Bg3: (Bxg3)
        "f2g3 e8g8", // 13. fg3: (fxg3, not hxg3) 0-0
        "h2h3 e5d4", // 14. h3 ed4:
        "c3d4 c6e7", // 15. cd4: Nce7
        "a4b3 d7e6", // 16. Bb3 Be6
        "a1c1 e6b3", // 17. Rc1 Bb3:
        "d1b3 a8b8", // 18. Qb3: Rb8
        "d4d5 d8d7", // 19. d5 Qd7
        "e3a7 b8a8", // 20. Ba7 Ra8
        "b3b7 f8c8", // 21. Qb7: Rfc8
        "a7d4 d7a4", // 22. Bd4 Qa4
        "d4c3 a8b8", // 23. Bc3 Rab8
        "b7a7 c7c5", // 24. Qa7 c5
        "e4e5 e7d5", // 25. e5 Nd5:
        "e5d6 a4b5", // 26. ed6: Qb5
        "d6d7 c8d8", // 27. d7 Rd8
        "c3e5 b8b6", // 28. Be5 Rb6
        "e1d1 g6e7", // 29. Red1 Nge7
        "e5c7 b6b7", // 30. Bc7 Rb7
        "a7b7 b5b7", // 31. Qb7: Qb7:
        "c7d8 b7d7", // 32. Bd8: Qd7:
    ]
    .join(" ");
    assert_eq!(output::uci_line(game), expected);
    assert_eq!(game.mainline.len(), 64);
    let pos = final_position(game);
    // White: Kg1, Rc1, Rd1, Bd8, Nf3, pawns a2 b2 g2 g3 h3. Black: Kg8, Qd7, Nd5, Ne7, pawns
    // a6 c5 f7 g7 h6. White to move at move 33, the last move a capture.
    assert_eq!(
        board_fen(&pos),
        "3B2k1/3qnpp1/p6p/2pn4/8/5NPP/PP4P1/2RR2K1 w - - 0 33"
    );
    assert!(!pos.is_check());
    // The score ends with ½-½, and the draw is what the tag-less game says.
    let last = game.syntax.root.items.last();
    assert!(
        matches!(last, Some(scoresheet::syntax::Item::Result(r)) if r.value == scoresheet::syntax::Outcome::Draw),
        "{last:?}"
    );
}

/// Read with the language detected instead of given, the English seeds give the same moves
/// and no errors (a warning that the language was a guess is allowed).
#[test]
fn detected_language_reads_the_same_moves() {
    for (name, uci) in [
        ("scholars-mate-long.txt", SCHOLARS_MATE),
        ("scholars-mate-short.txt", SCHOLARS_MATE),
        (
            "spanish-shepherds-mate.txt",
            "e2e4 e7e5 f1c4 b8c6 d1h5 f8c5 h5f7",
        ),
    ] {
        let file = check_seed(name, &Options::default());
        assert!(!file.has_errors(), "{name}: {:?}", diagnostics(&file));
        assert_eq!(output::uci_line(only_game(&file)), uci, "{name}");
    }
    let file = check_seed("boleslavsky-bronstein-1945.txt", &Options::default());
    assert!(!file.has_errors(), "{:?}", diagnostics(&file));
    assert_eq!(only_game(&file).mainline.len(), 64);
}
