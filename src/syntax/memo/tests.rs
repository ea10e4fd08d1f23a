//! The piecewise reading gives exactly the whole parse's syntax, on the corpus, the fixtures
//! and texts made to trip it, in several notations and languages.

use std::cell::Cell;
use std::path::{Path, PathBuf};

use super::WHOLE;
use crate::read::split_games;
use crate::syntax::ParserEntry;
use crate::syntax::builtin::PARSERS;

thread_local! {
    /// Games read piece by piece on this thread (not parsed whole).
    pub(super) static PIECEWISE: Cell<usize> = const { Cell::new(0) };
}

/// The parsers compared: every notation, several languages (`few`: four of them).
fn parsers(few: bool) -> Vec<&'static ParserEntry> {
    let wanted: &[(&str, &str)] = if few {
        &[
            ("algebraic", "en"),
            ("algebraic", "de"),
            ("descriptive", ""),
            ("coordinate", ""),
        ]
    } else {
        &[
            ("algebraic", "en"),
            ("algebraic", "de"),
            ("algebraic", "bg"),
            ("algebraic", "nl"),
            ("algebraic", "es"),
            ("algebraic", "ru"),
            ("descriptive", ""),
            ("descriptive_es", ""),
            ("coordinate", ""),
            ("smith", ""),
            ("iccf", ""),
            ("uci", ""),
        ]
    };
    let found: Vec<&ParserEntry> = PARSERS
        .iter()
        .filter(|p| wanted.contains(&(p.notation, &*p.lang_file)))
        .collect();
    assert_eq!(found.len(), wanted.len(), "{found:?}");
    found
}

/// Reads `text` (the game at `base` of its file) both ways with a parser and says where they
/// differ. Returns true when it was read piece by piece.
fn same(parser: &ParserEntry, text: &str, base: usize, what: &str) -> bool {
    WHOLE.with(|w| w.set(true));
    let whole = (parser.parse)(text, base);
    WHOLE.with(|w| w.set(false));
    let before = PIECEWISE.with(Cell::get);
    let pieces = (parser.parse)(text, base);
    let piecewise = PIECEWISE.with(Cell::get) > before;
    let (a, b) = (format!("{whole:#?}"), format!("{pieces:#?}"));
    if a != b {
        let line = a
            .lines()
            .zip(b.lines())
            .position(|(x, y)| x != y)
            .unwrap_or(0);
        panic!(
            "{what}, {parser:?}: the piecewise reading differs from the whole parse at line \
             {line} of the tree:\n{}\n---\n{}\ntext: {text:?}",
            a.lines()
                .skip(line.saturating_sub(3))
                .take(8)
                .collect::<Vec<_>>()
                .join("\n"),
            b.lines()
                .skip(line.saturating_sub(3))
                .take(8)
                .collect::<Vec<_>>()
                .join("\n"),
        );
    }
    piecewise
}

/// Every game of a text, both ways, with every parser of [`parsers`]; at most `limit` games.
/// Returns (games, games read piece by piece) with the first parser.
fn compare_text(text: &str, what: &str, limit: usize, few: bool) -> (usize, usize) {
    let (mut games, mut pieces) = (0, 0);
    for (n, parser) in parsers(few).into_iter().enumerate() {
        for span in split_games(text).into_iter().take(limit) {
            let piecewise = same(parser, &text[span.start..span.end], span.start, what);
            if n == 0 {
                games += 1;
                pieces += usize::from(piecewise);
            }
        }
    }
    (games, pieces)
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn tricky_texts_read_the_same_piece_by_piece() {
    let texts = [
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0",
        "[Event \"a b\"] [Site \"c\"]\n[Date \"?\"]\n\n1.e4 e5 2.Nf3 *",
        "1. e4 [Event \"late\"] e5 [broken\n[also broken] Nf3",
        "1. e4 e5 White resigns",
        "1. e4 e5 Black   resigned 0-1",
        "1. e4 e5 las blancas abandonan",
        "1. e4 d5 2. exd5 e. p. c5 3. dxc6 e.p. Draw agreed",
        "1. P-K4 P-K4 2. N-KB3 ch N-QB3 e. p. 3. Castles KR Castles\nQR 4. PxP e.p.",
        "1. e4 { a comment { nested } e5 } e5 ; to the end\n2. Nf3 % escape\nNc6 (2... d6 3. d4) *",
        "1. e4 {never closed Nf3 Nc6",
        "1. e4 <br /> e5<br>2. Nf3 <BR/> Nc6",
        "1. e4\u{a0}e5 \u{feff}2. Nf3 \u{200e}Nc6",
        // Every kind of space between tokens, before a glyph, in a tag pair, a result and a
        // descriptive move; a word with a wide space as the character after it.
        "[Event\u{a0}\"x\"]\u{3000}\n1.\u{a0}e4\u{200b}e5 2.\u{202f}Nf3\u{2009}!\u{2060}Nc6\u{200c}\u{200d}3.\u{3000}Bb5\u{1680}a6\u{205f}*",
        "1.\u{2002}e4 e5\u{feff}\u{feff}2.Nf3 12\u{a0}Nc6 White\u{a0}resigns draw\u{3000}agreed\u{a0}",
        "1. P-K4\u{a0}ch P-K4 2. Castles\u{a0}KR dis\u{a0}ch P-Q3\u{200b}e.\u{a0}p. dbl.\u{202f}ch.",
        "1.e4e5 2.Nf3!? Nc6?! 3.Bb5 $1 a6 +- +/= 4.Ba4 + Nf6 # 5. O-O ++",
        "12 e4 12\ne5 5254 7775 e2e4 e7e5 g1f3",
        "1. e4 ( ( ( e5 ) ) ) ) ( 1-0",
        "   \n\n  1. e4   \t e5  \r\n 2. Nf3\n\n",
        "[pgn] 1. e4 e5 [/pgn]",
        "1. e4 e5 2. Ke2 ½-½",
        "1. d4 Sf6 2. c4 e6 3. Sc3 Lb4 4. Dc2 d5 5. a3 L:c3+ 6. D:c3 Se4 7. Dc2 *",
        "1. е4 е5 2. Кf3 Кc6 3. Оb5 a6 4. Оa4 Кf6 5. 0-0 Оe7 1:0",
        "1. P4R P4R 2. C3AR C3AD 3. A5C P3TD 4. A4T C3A 5. O-O A2R Abandonan",
        "Resigns",
        "[",
        "59.Kb3 Ra1 60.Ka4 Rb1 61.Ka5 12...Nf6 13..e5 1.e4 e5 2.Nf3 1.d24 5.e5+ 6.Кf3 12.34 7.",
        "1.\u{a0}e4 1.…e5 1…e5 2.(e4) 3.{c} 4.[Event \"x\"] 5.; c\n6.O-O-O 7.0-0 8.-- 9.1-0",
        "1. e4 (1. d4 d5) (1.c4 e5 (1...c5)) e5 ((2. Nf3)) (e.p) (e.p.) e5) $1) (60...Ka4) ()",
        "[White \"a\"]\n[Black \"b\"] [Date \"1.2\"]\n1.e4\n[Round \"1\"]\n2.e5",
        "",
        "{",
        "e4",
        "1. e4 e",
        // One word before every kind of follower (read through its template before a space).
        "1. e4\ne5 2. e4)\te5\r\n3. e4( e5{x} 4. e4; c\n5.e4 6.Nf3 Nf3+\n7.Nf3# 8.Nf3$1 e4!",
    ];
    for text in texts {
        compare_text(text, "a tricky text", usize::MAX, false);
        // The same text at another place of a file.
        for parser in parsers(false) {
            same(parser, text, 1000, "a tricky text at 1000");
        }
    }
}

/// Tag values and comments of one shape (the same length, character for character) read as
/// their own: templates shared by values the grammar reads alike, and by values it does not
/// (escapes, quotes, braces, a second tag pair on the line, characters of every length).
#[test]
fn tag_values_and_comments_of_one_shape_read_as_their_own() {
    let texts = [
        "[White \"Carlsen, Magnus\"]\n[Black \"Anand, Viswanath\"]\n\n1. e4 {best by test} e5 *",
        "[White \"Kasparov, Garry\"]\n[Black \"Karpov, Anatoly1\"]\n\n1. d4 {other by test} d5 *",
        "[White \"Kasparov\\\"Garry\"]\n[Black \"Ka\\rpov\\\\Anatoly\"]\n\n1. d4 {a {b} c} d5 *",
        "[White \"Kasp\"] [Site \"ov, Garry\"]\n[Date \"2024.01.01\"]\n1. d4 {x}}x d5 *",
        "[White \"Kaspárov, Gärry\"]\n[Black \"Карпов, Анатолий\"]\n\n1. d4 {шах € 𝄞} d5 *",
        "[White \"Kasparov, Garry\"]\n[Black \"Karpov, Anatoly]\"]\n\n1. d4 {1-0 } d5 *",
        "[White \"Kasparov, Garry\"\n[Black \"Karpov\nAnatoly\"]\n1. d4 {[%clk 0:05:00]} d5 *",
        "[White \"xxxxxxxx, xxxxx\"]\n\n1. d4 {xxxxx xx xxxx} d5 *",
    ];
    for text in texts {
        compare_text(text, "a tag value or comment", usize::MAX, false);
        // Again, with the templates of the texts before kept.
        compare_text(text, "a tag value or comment, again", usize::MAX, false);
    }
    // The value read is the piece's own, not its template's.
    let en = parsers(true)[0];
    for (text, white) in [
        ("[White \"Carlsen, Magnus\"]\n\n1. e4 *", "Carlsen, Magnus"),
        ("[White \"Kasparo, Garryx\"]\n\n1. e4 *", "Kasparo, Garryx"),
        (
            "[White \"Kasparo\\\"Garryx\"]\n\n1. e4 *",
            "Kasparo\"Garryx",
        ),
    ] {
        let game = (en.parse)(text, 0);
        assert_eq!(&*game.tags[0].value, white, "{text}");
    }
}

#[test]
fn the_fixtures_read_the_same_piece_by_piece() {
    let mut paths = Vec::new();
    files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures"),
        &mut paths,
    );
    assert!(paths.len() > 50, "{} fixture files", paths.len());
    for path in paths {
        if let Ok(text) = std::fs::read_to_string(&path) {
            compare_text(&text, &path.display().to_string(), usize::MAX, false);
        }
    }
}

#[test]
fn the_corpus_reads_the_same_piece_by_piece() {
    let Some(dir) = crate::test_common::corpus_or_skip("the_corpus_reads_the_same_piece_by_piece")
    else {
        return;
    };
    let mut paths = Vec::new();
    files(&dir, &mut paths);
    let (mut games, mut pieces) = (0, 0);
    for path in paths {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        // The big files: their first games (the whole of them is measured, not tested).
        let (g, p) = compare_text(&text, &path.display().to_string(), 40, true);
        games += g;
        pieces += p;
    }
    assert!(games > 1000, "{games} games");
    // Nearly every game is read piece by piece: the fast path is taken, not only the fallback.
    assert!(
        pieces * 10 > games * 9,
        "{pieces} of {games} games read piece by piece"
    );
}

#[test]
fn a_grammar_loaded_at_run_time_reads_the_same_piece_by_piece() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammars/lang");
    let before = PIECEWISE.with(Cell::get);
    for (notation, lang) in [
        ("algebraic", "en"),
        ("algebraic", "bg"),
        ("descriptive", "en"),
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{lang}.pest"))).expect("language");
        let vm = crate::syntax::user::vm_parser(notation, &text).expect("it composes");
        let mut paths = Vec::new();
        files(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/notations"),
            &mut paths,
        );
        for path in paths {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            for span in split_games(&text) {
                let game = &text[span.start..span.end];
                // A call limit has each game parsed whole; without one, piece by piece.
                vm.set_call_limit(std::num::NonZeroUsize::new(usize::MAX));
                let whole = vm.parse_game(game, span.start);
                vm.set_call_limit(None);
                let pieces = vm.parse_game(game, span.start);
                assert_eq!(
                    format!("{whole:?}"),
                    format!("{pieces:?}"),
                    "{notation} {lang}, {}: {game:?}",
                    path.display()
                );
            }
        }
    }
    assert!(
        PIECEWISE.with(Cell::get) > before,
        "no game was read piece by piece"
    );
}

#[test]
fn every_built_in_grammar_can_be_read_piece_by_piece() {
    use crate::syntax::kind::GrammarParser;
    // The probe follows every built-in grammar (else its games would all be parsed whole).
    for p in PARSERS {
        let game = "1. e4 e5 2. Nf3 Nc6 *";
        let before = PIECEWISE.with(Cell::get);
        (p.parse)(game, 0);
        assert!(PIECEWISE.with(Cell::get) > before, "{p:?}");
    }
    assert!(super::Probe::new(crate::syntax::builtin::descriptive::P::GRAMMAR).is_some());
}

#[test]
fn a_probe_is_built_once_its_parser_has_read_enough_text_whole() {
    use super::ProbeState;
    let mut s = ProbeState::Reading(0);
    assert!(!s.due(3000, 8192));
    assert!(!s.due(5000, 8192));
    assert!(matches!(s, ProbeState::Reading(8000)));
    // The game that would reach the threshold is read with the probe (built by the caller).
    assert!(s.due(192, 8192));
    assert!(matches!(s, ProbeState::Reading(8000)));
    // A built probe (or none, for a grammar the pieces cannot follow) stays.
    let mut built = ProbeState::Built(None);
    assert!(!built.due(1 << 20, 8192));
    assert!(matches!(built, ProbeState::Built(None)));
    // A game too long to count is past any threshold; with none, the first game builds it.
    assert!(ProbeState::Reading(10).due(usize::MAX, 8192));
    assert!(ProbeState::Reading(0).due(0, 0));
}
