//! Rule SC111 (diagram-position) on whole chapters: a Markdown and a LaTeX chapter, each with
//! a diagram that shows the game's position and one planted wrong; only the wrong one is
//! reported, with both positions and the squares that differ. The right ones are compared too:
//! spoiling one makes it reported.

use std::path::Path;

use scoresheet::lint::config::Config;
use scoresheet::lint::{LintOptions, Linted, lint_bytes};

fn lint(name: &str, text: &str) -> Linted {
    lint_bytes(
        name,
        text.as_bytes(),
        &LintOptions::default(),
        Config::default(),
    )
    .expect("lints")
}

fn chapter(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/lint/diagrams")
        .join(file);
    std::fs::read_to_string(path).expect("the chapter is readable")
}

/// The SC111 findings: (the text of the span, message, help).
fn findings(l: &Linted, text: &str) -> Vec<(String, String, String)> {
    l.diagnostics
        .iter()
        .filter(|d| d.code().as_str() == "SC111")
        .map(|d| {
            (
                text[d.span.start..d.span.end].to_owned(),
                d.message.clone(),
                d.help.clone().unwrap_or_default(),
            )
        })
        .collect()
}

#[test]
fn markdown_chapter_reports_the_planted_diagram_only() {
    let text = chapter("chapter.md");
    let linted = lint("chapter.md", &text);
    assert_eq!(
        linted.diagnostics.len(),
        1,
        "{:#?}",
        linted
            .diagnostics
            .iter()
            .map(|d| &d.message)
            .collect::<Vec<_>>()
    );
    let found = findings(&linted, &text);
    let (span, message, help) = &found[0];
    assert!(span.starts_with("8 ♜ · · · ♚"), "{span}");
    assert_eq!(
        message,
        "the diagram does not show the position after 12... Rd8: 2 squares differ"
    );
    assert!(
        help.contains("a8: the game has an empty square, the diagram a black rook"),
        "{help}"
    );
    assert!(
        help.contains("d8: the game has a black rook, the diagram an empty square"),
        "{help}"
    );
    assert!(help.contains("3rkb1r/p2nqppp/5n2/1B2p1B1/4P3/1Q6/PPP2PPP/2KR3R w k - 3 13"));
    // The right FEN is compared too: one square changed, and it is reported.
    let spoiled = text.replace(
        "rn2kb1r/ppp1qppp/5n2/4p3/2B1P3/1Q6/PPP2PPP/RNB1K2R w KQkq - 2 8",
        "rn2kb1r/ppp1qppp/5n2/4p3/2B1P3/2Q5/PPP2PPP/RNB1K2R w KQkq - 2 8",
    );
    let found = findings(&lint("chapter.md", &spoiled), &spoiled);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].1.contains("after 7... Qe7: 2 squares differ"),
        "{found:#?}"
    );
}

#[test]
fn latex_chapter_reports_the_planted_board_only() {
    let text = chapter("chapter.tex");
    let linted = lint("chapter.tex", &text);
    assert_eq!(
        linted.diagnostics.len(),
        1,
        "{:#?}",
        linted
            .diagnostics
            .iter()
            .map(|d| &d.message)
            .collect::<Vec<_>>()
    );
    let found = findings(&linted, &text);
    let (span, message, help) = &found[0];
    assert_eq!(
        span,
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    );
    assert_eq!(
        message,
        "the FEN does not show the position after 4. Qxf7#: 2 squares differ"
    );
    assert!(
        help.contains("f7: the game has a white queen, the FEN a black pawn"),
        "{help}"
    );
    // The board before the mate, and the \fenboard of the king ending, are compared too.
    for (right, wrong) in [
        (
            "2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 4 4",
        ),
        ("5k2/7K/8 w - - 2 2", "5k2/6K1/8 w - - 2 2"),
    ] {
        let spoiled = text.replace(right, wrong);
        let found = findings(&lint("chapter.tex", &spoiled), &spoiled);
        assert_eq!(found.len(), 2, "{wrong}: {found:#?}");
    }
    // The board after a `\newchessgame` with no moves, and a new game from a position of
    // its own, follow no game: never compared.
    let spoiled = text.replace("5k2/7K w - - 0 1", "5k2/6K1 w - - 0 1");
    assert_eq!(findings(&lint("chapter.tex", &spoiled), &spoiled).len(), 1);
}

#[test]
fn an_unreadable_diagram_is_reported_and_one_before_the_game_is_not_compared() {
    let text = "```fen\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n```\n\n\
                Here a wrong one before the game: `8/8/8/8/8/8/8/K1k5 w - - 0 1`.\n\n\
                ```pgn\n1. e4 e5 *\n```\n\nNow `rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP w KQkq - 0 2`.\n";
    let linted = lint("t.md", text);
    let found = findings(&linted, text);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].1.contains("7 ranks"), "{found:#?}");
}
