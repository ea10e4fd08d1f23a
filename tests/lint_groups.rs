//! The linter reads a manuscript group by group (a game and the prose fragments read against
//! it) and lets each group go once its findings are made. These tests hold it to what linting
//! the whole document at once gave: a document of many games finds what each game finds
//! alone; findings that depend on the whole document (its way of writing castling, the space
//! after move numbers) are right in its first games too, where only the later games decide;
//! and the fixes of a long game (positions rebuilt from a few stored ones) are verified.

use scoresheet::lint::config::Config;
use scoresheet::lint::{Applicability, Fixed, LintDiagnostic, LintOptions, fix_bytes, lint_bytes};

fn lint(name: &str, text: &str) -> Vec<LintDiagnostic> {
    lint_bytes(
        name,
        text.as_bytes(),
        &LintOptions::default(),
        Config::default(),
    )
    .expect("lints")
    .diagnostics
}

fn fix_all(name: &str, text: &str) -> Fixed {
    fix_bytes(
        name,
        text.as_bytes(),
        &LintOptions::default(),
        Config::default(),
    )
    .expect("fixes")
}

/// What a finding says, its place moved by `shift` bytes and its game set to `game`.
fn shifted(d: &LintDiagnostic, shift: usize, game: usize) -> String {
    let fix = d.fix.as_ref().map(|f| {
        let edits: Vec<_> = f
            .edits
            .iter()
            .map(|e| (e.span.start + shift, e.span.end + shift, &e.replacement))
            .collect();
        format!("{:?} {} {edits:?}", f.applicability, f.title)
    });
    format!(
        "{} {}..{} {} game {} ply {:?} fix {fix:?}",
        d.code(),
        d.span.start + shift,
        d.span.end + shift,
        d.message,
        game,
        d.ply
    )
}

const GAMES: &[&str] = &[
    // A mate not marked (a safe fix).
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 1-0",
    // A move number written wrong.
    "1. d4 d5 2. c4 e6 4. Nc3 Nf6 *",
    // An illegal king move.
    "1. e4 e5 2. Nf3 Nc6 3. Ke3 a6 *",
    // A capture mark missing, and a glyph run.
    "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nd4 Nf6 5. Nc3 a6 !!?? *",
];

#[test]
fn many_games_find_what_each_game_finds_alone() {
    let mut doc = String::new();
    let mut expected = Vec::new();
    for round in 0..3 {
        for (k, game) in GAMES.iter().enumerate() {
            let number = round * GAMES.len() + k + 1;
            let text = format!("[Event \"game {number}\"]\n\n{game}\n\n");
            let alone = lint("game.pgn", &text);
            assert!(!alone.is_empty(), "game {k} has a finding");
            expected.extend(alone.iter().map(|d| shifted(d, doc.len(), number)));
            doc.push_str(&text);
        }
    }
    let found: Vec<String> = lint("games.pgn", &doc)
        .iter()
        .map(|d| shifted(d, 0, d.game))
        .collect();
    assert_eq!(found, expected);
}

#[test]
fn the_first_games_follow_the_way_the_whole_document_writes() {
    // Game 1 alone writes `0-0`; the document writes `O-O` four times.
    let first = "[Event \"1\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *\n\n";
    let later = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O *\n\n";
    let doc = format!("{first}[Event \"2\"]\n\n{later}[Event \"3\"]\n\n{later}");
    let found = lint("castling.pgn", &doc);
    let castling: Vec<&LintDiagnostic> = found
        .iter()
        .filter(|d| d.code().as_str() == "SC202")
        .collect();
    assert_eq!(castling.len(), 1, "{found:#?}");
    let d = castling[0];
    let at = doc.find("0-0").expect("written");
    assert_eq!((d.span.start, d.span.end, d.game), (at, at + 3, 1));
    assert_eq!(
        d.help.as_deref(),
        Some("4 moves write `O-O`, 1 `0-0`: write one way throughout")
    );
    let first_oo = doc.find("O-O").expect("written");
    assert_eq!(
        d.secondary[0].0.start, first_oo,
        "the document's first `O-O`"
    );
    let fix = d.fix.as_ref().expect("a fix");
    assert_eq!(fix.applicability, Applicability::Safe);
    assert_eq!(fix.edits[0].replacement, "O-O");
    let fixed = fix_all("castling.pgn", &doc);
    assert!(fixed.text.contains("4. O-O Nf6 *"), "{}", fixed.text);
    assert!(!fixed.text.contains("0-0"));
}

#[test]
fn a_missing_move_number_is_written_with_the_documents_spacing() {
    // Game 1 alone writes `1.e4`; the rest of the document `1. e4`.
    let first = "[Event \"1\"]\n\n1.e4 e5 2.Nf3 Nc6 Bb5 a6 *\n\n";
    let later = "[Event \"n\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 *\n\n";
    let doc = format!("{first}{later}{later}");
    let found = lint("spacing.pgn", &doc);
    let d = found
        .iter()
        .find(|d| d.code().as_str() == "SC304")
        .expect("the missing number is found");
    assert_eq!(d.game, 1);
    let fix = d.fix.as_ref().expect("a fix");
    assert_eq!(fix.edits[0].replacement, "3. ");
    // Alone, the game writes its numbers without a space.
    let alone = lint("spacing.pgn", first);
    let d = alone
        .iter()
        .find(|d| d.code().as_str() == "SC304")
        .expect("found alone");
    assert_eq!(d.fix.as_ref().expect("a fix").edits[0].replacement, "3.");
}

/// A game of `shuffles` times four knight moves that come back to the start, with a variation
/// at move `at` that writes `Ngf3` where only one knight can go (over-disambiguated), then a
/// mate left unmarked.
fn long_game(shuffles: u32, at: u32) -> String {
    let mut s = String::new();
    let mut n = 1;
    for k in 0..shuffles {
        if k == at {
            s.push_str(&format!("{n}. Nf3 ({n}. Nc3 Nf6 {}. Ngf3) Nf6 ", n + 1));
        } else {
            s.push_str(&format!("{n}. Nf3 Nf6 "));
        }
        s.push_str(&format!("{}. Ng1 Ng8\n", n + 1));
        n += 2;
    }
    s.push_str(&format!(
        "{n}. e4 e5 {}. Bc4 Nc6 {}. Qh5 Nf6 {}. Qxf7 1-0\n",
        n + 1,
        n + 2,
        n + 3
    ));
    s
}

#[test]
fn the_fixes_of_a_long_game_are_placed_and_verified() {
    let shuffles = 500;
    let text = long_game(shuffles, 377);
    let found = lint("long.pgn", &text);
    let mate = found
        .iter()
        .find(|d| d.code().as_str() == "SC103")
        .expect("the unmarked mate");
    assert_eq!(mate.ply, Some(shuffles * 4 + 7));
    let fix = mate.fix.as_ref().expect("a fix");
    assert_eq!(fix.applicability, Applicability::Safe);
    let over = found
        .iter()
        .find(|d| d.code().as_str() == "SC301")
        .expect("the needless origin in the variation");
    let at = text.find("Ngf3").expect("written");
    assert_eq!(over.span.start, at + 1);
    // White's move 2 * 377 + 2 in the variation.
    assert_eq!(over.ply, Some(2 * (2 * 377 + 1) + 1));
    let fixed = fix_all("long.pgn", &text);
    assert!(
        fixed.text.ends_with("Qxf7# 1-0\n"),
        "{}",
        &fixed.text[fixed.text.len() - 40..]
    );
    assert!(
        fixed.text.contains("Nf3)"),
        "the variation's move is written `Nf3`"
    );
    assert!(
        !fixed
            .linted
            .diagnostics
            .iter()
            .any(|d| matches!(d.code().as_str(), "SC103" | "SC301")),
        "{:#?}",
        fixed.linted.diagnostics
    );
}
