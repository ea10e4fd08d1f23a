//! Whole games converted (issue 18): every target notation keeps the tags, comments, NAGs and
//! signs, and variations to any depth, so that reading the output back gives the same tree.
//!
//! Random legal games are annotated at random (comments, NAGs with and without a sign, nested
//! variations of random legal moves, some opening with a null move `--` as ChessBase writes
//! them), written as PGN, converted to each notation (algebraic in a
//! sample of languages, long, compact and figurine algebraic, English and Spanish descriptive,
//! coordinate, Smith, ICCF), read back, and written as PGN again: the two PGN texts are the same.

mod common;
use common::{Rng, games};

use scoresheet::board::{Origins, play_null};
use scoresheet::check::{CheckedFile, Options, check_str};
use scoresheet::diagnostic::Severity;
use scoresheet::render::{LongForm, SquareNotation, Style, Writer};
use scoresheet::report::output;
use scoresheet::syntax::LANGUAGE_FILES;
use shakmaty::{Chess, Color, Move, Position};

/// NAGs to annotate with: signs of every kind, and numbers no sign writes.
const NAGS: &[u16] = &[
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 22, 23, 26, 32, 33, 36, 37, 40,
    41, 44, 45, 132, 133, 138, 139, 140, 142, 143, 145, 146, 148, 149, 150, 190, 201,
];

fn english() -> Writer {
    let en = LANGUAGE_FILES.iter().find(|l| l.code() == "en").unwrap();
    Writer::San(Box::new(Style::of(en, true)))
}

/// Writes a line of moves from `pos` as PGN, with annotations and variations at random
/// (`depth`: how many more levels of variations may open).
fn annotated_line(pos: &Chess, moves: &[Move], rng: &mut Rng, depth: usize, out: &mut String) {
    let en = english();
    let mut pos = pos.clone();
    let mut origins = Origins::from_position(&pos);
    let mut number_due = true;
    for m in moves {
        let before = pos.clone();
        if pos.turn() == Color::White {
            out.push_str(&format!("{}. ", pos.fullmoves()));
        } else if number_due {
            out.push_str(&format!("{}... ", pos.fullmoves()));
        }
        out.push_str(&en.write(&pos, &origins, m));
        out.push(' ');
        origins.play(m);
        pos.play_unchecked(*m);
        number_due = false;
        if rng.below(4) == 0 {
            out.push_str(&format!("${} ", NAGS[rng.below(NAGS.len())]));
        }
        if rng.below(6) == 0 {
            out.push_str(&format!("{{note {}}} ", rng.below(1000)));
            number_due = true;
        }
        if depth > 0 && rng.below(5) == 0 {
            // Another move in place of this one, and a few after it; one time in three the
            // side to move passes first (a null move), when it is not in check.
            let pass = (rng.below(3) == 0 && !before.is_check()).then(|| play_null(&before));
            let mut alt = pass.clone().unwrap_or_else(|| before.clone());
            let mut line = Vec::new();
            for _ in 0..1 + rng.below(4) {
                let legal = alt.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let pick = legal[rng.below(legal.len())];
                alt.play_unchecked(pick);
                line.push(pick);
            }
            if let Some(after) = &pass {
                let dots = if before.turn() == Color::White {
                    "."
                } else {
                    "..."
                };
                out.push_str(&format!("({}{dots} -- ", before.fullmoves()));
                annotated_line(after, &line, rng, depth - 1, out);
                out.push_str(") ");
                number_due = true;
            } else if !line.is_empty() {
                out.push('(');
                annotated_line(&before, &line, rng, depth - 1, out);
                out.push_str(") ");
                number_due = true;
            }
        }
    }
}

fn checked(text: &str, notation: &str, lang: &str) -> CheckedFile {
    check_str("tree", text, &Options::given(notation, lang)).expect("the grammar exists")
}

fn problems(f: &CheckedFile) -> Vec<String> {
    f.all_diagnostics()
        .filter(|d| d.severity != Severity::Advice)
        .map(|d| {
            format!(
                "{} `{}`: {}",
                d.code(),
                f.text.get(d.span.start..d.span.end).unwrap_or(""),
                d.problem
            )
        })
        .collect()
}

/// Every target writer: (writer, notation to read it back with, language).
fn targets() -> Vec<(Writer, &'static str, &'static str)> {
    let mut out = Vec::new();
    for code in ["en", "bg", "de", "ru", "fr", "tr", "nl", "es", "zh"] {
        let lang = LANGUAGE_FILES.iter().find(|l| l.code() == code).unwrap();
        out.push((
            Writer::San(Box::new(Style::of(lang, false))),
            "algebraic",
            lang.code(),
        ));
    }
    let en = LANGUAGE_FILES.iter().find(|l| l.code() == "en").unwrap();
    let bg = LANGUAGE_FILES.iter().find(|l| l.code() == "bg").unwrap();
    out.push((
        Writer::San(Box::new(Style::of(en, false).figurines())),
        "algebraic",
        "en",
    ));
    out.push((
        Writer::Long {
            style: Box::new(Style::of(en, false)),
            form: LongForm::Hyphen,
        },
        "algebraic",
        "en",
    ));
    out.push((
        Writer::Long {
            style: Box::new(Style::of(bg, false)),
            form: LongForm::Compact,
        },
        "algebraic",
        "bg",
    ));
    out.push((Writer::descriptive(false), "descriptive", "en"));
    out.push((Writer::descriptive(true), "descriptive", "en"));
    out.push((Writer::DescriptiveEs, "descriptive_es", "es"));
    out.push((
        Writer::Squares(SquareNotation::Coordinate { upper: true }),
        "coordinate",
        "en",
    ));
    out.push((Writer::Squares(SquareNotation::Smith), "smith", "en"));
    out.push((Writer::Squares(SquareNotation::Iccf), "iccf", "en"));
    out
}

#[test]
fn every_notation_keeps_the_whole_tree() {
    let mut rng = Rng(0x5EED_0018_7EE0_0001);
    let targets = targets();
    for (i, moves) in games(0x5EED_0018_7EE0_0002, 6, 70).iter().enumerate() {
        let mut text =
            format!("[Event \"Tree {i}\"]\n[White \"A\"]\n[Black \"B\"]\n[Annotator \"test\"]\n\n");
        annotated_line(&Chess::default(), moves, &mut rng, 2, &mut text);
        text.push_str("*\n");
        let f = checked(&text, "algebraic", "en");
        assert!(problems(&f).is_empty(), "{text}\n{:?}", problems(&f));
        let pgn = output::pgn(&f.games[0], &text);
        for (writer, notation, lang) in &targets {
            let converted = output::tree(&f.games[0], &text, writer);
            let back = checked(&converted, notation, lang);
            assert!(
                problems(&back).is_empty(),
                "{notation} {lang}:\n{converted}\n{:?}",
                problems(&back)
            );
            assert_eq!(
                output::pgn(&back.games[0], &converted),
                pgn,
                "{notation} {lang}:\n{converted}"
            );
        }
    }
}

/// A game from a set-up position keeps it (its FEN tag), and a game that ends in mate gets its
/// result when the input had none.
#[test]
fn the_start_position_travels_and_mate_ends_the_game() {
    let text = "[FEN \"6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Rd8# \n";
    let f = checked(text, "algebraic", "en");
    let bg = LANGUAGE_FILES.iter().find(|l| l.code() == "bg").unwrap();
    let out = output::tree(
        &f.games[0],
        text,
        &Writer::San(Box::new(Style::of(bg, false))),
    );
    assert!(
        out.contains("[FEN \"6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1\"]"),
        "{out}"
    );
    assert!(out.contains("[Result \"1-0\"]"), "{out}");
    assert!(out.trim_end().ends_with("1. Тd8X 1-0"), "{out}");
    let back = checked(&out, "algebraic", "bg");
    assert!(problems(&back).is_empty(), "{out}\n{:?}", problems(&back));
}

/// A glyph and its NAG are written once; an escape line stays an escape line; a move number
/// is never the last word of a line.
#[test]
fn glyphs_once_escape_lines_kept_and_numbers_with_their_moves() {
    let text = "% exported by a program\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 \
                6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 \
                13. Nc3 Bb7 14. Bg5 b4? $2 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 *\n";
    let f = checked(text, "algebraic", "en");
    let pgn = output::pgn(&f.games[0], text);
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("b4 $2 15. Nb1"), "{pgn}");
    assert!(!pgn.contains("$2 $2"), "{pgn}");
    assert!(pgn.contains("\n% exported by a program\n"), "{pgn}");
    for line in pgn.lines() {
        let last = line.split_whitespace().last().unwrap_or("");
        assert!(
            !(last.ends_with('.') && last.trim_end_matches('.').parse::<u32>().is_ok()),
            "a move number ends a line: {line:?}\n{pgn}"
        );
    }
}

/// The annotated games of the corpus (comments, NAGs and glyphs, nested variations) converted
/// to a sample of targets and read back give the same PGN.
#[test]
fn the_corpus_annotated_games_keep_their_tree() {
    let Some(root) = common::corpus_or_skip("the_corpus_annotated_games_keep_their_tree") else {
        return;
    };
    let files = [
        "pgn/pychess/annotated.pgn",
        "pgn/pgn-extract/infiles/test-nagcomments.pgn",
        "pgn/scalachess-fixtures/variations.pgn",
        "pgn/scalachess-fixtures/commentsAndVariations.pgn",
        "pgn/scalachess-fixtures/bySmartChess.pgn",
        "pgn/scalachess-fixtures/withNag.pgn",
        "pgn/scalachess-fixtures/withGlyphAnnotations.pgn",
        // A null move (`Z0`) in its main line.
        "pgn/python-chess/anastasian-lewis.pgn",
        "bulk/world_matches.pgn",
    ];
    let targets: Vec<_> = targets()
        .into_iter()
        .filter(|(_, n, l)| {
            matches!(
                (*n, *l),
                ("algebraic", "bg") | ("descriptive", "en") | ("coordinate" | "smith" | "iccf", _)
            )
        })
        .collect();
    let mut games = 0;
    for name in files {
        let path = root.join(name);
        let text = std::fs::read_to_string(&path).expect("a corpus file");
        let f = check_str(name, &text, &Options::given("algebraic", "en")).expect("reads");
        for g in f
            .games
            .iter()
            .filter(|g| !g.has_errors() && g.start.is_some())
        {
            let pgn = output::pgn(g, &text);
            for (writer, notation, lang) in &targets {
                let converted = output::tree(g, &text, writer);
                let back = checked(&converted, notation, lang);
                let errors: Vec<String> = problems(&back)
                    .into_iter()
                    .filter(|p| !p.contains("missing_result"))
                    .collect();
                assert!(
                    errors.is_empty(),
                    "{name} game {} {notation} {lang}:\n{converted}\n{errors:?}",
                    g.number
                );
                assert_eq!(
                    output::pgn(&back.games[0], &converted),
                    pgn,
                    "{name} game {} {notation} {lang}:\n{converted}",
                    g.number
                );
            }
            games += 1;
        }
    }
    eprintln!(
        "convert_tree: {games} annotated corpus games kept their tree in {} targets",
        targets.len()
    );
    assert!(games > 20, "only {games} games");
}

fn convert_cli(args: &[&str], input: &str) -> std::process::Output {
    let args: Vec<&str> = ["convert"]
        .iter()
        .chain(args)
        .chain(&["--color", "never", "-"])
        .copied()
        .collect();
    common::run_piped(env!("CARGO_BIN_EXE_scoresheet"), &args, input)
}

/// The descriptive writer's options (old books' `Kt`, FIDE's `x`), PGN in another language's
/// letters on request, and options that do not apply to a target refused, not ignored.
#[test]
fn writer_options_and_options_that_do_not_apply() {
    let game = "1. e4 e5 2. Nf3 $1 Nc6 3. Bb5 a6 4. Bxc6 dxc6 *\n";
    let out = convert_cli(
        &[
            "--to",
            "descriptive",
            "--knight",
            "kt",
            "--fide",
            "--main-line",
        ],
        game,
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "1. P-K4 P-K4 2. Kt-KB3! Kt-QB3 3. B-Kt5 P-QR3 4. BxKt QPxB *"
    );
    let out = convert_cli(&["--to", "pgn", "--to-lang", "de"], game);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("2. Sf3 $1 Sc6 3. Lb5 a6 4. Lxc6 dxc6 *")
    );
    for (args, said) in [
        (
            &["--to", "descriptive", "--to-lang", "de"][..],
            "--to-lang de applies to",
        ),
        (
            &["--to", "uci", "--full"][..],
            "--full applies to `--to descriptive`",
        ),
        (
            &["--to", "coordinate", "--figurines"][..],
            "--figurines applies to",
        ),
        (
            &["--to", "san", "--knight", "kt"][..],
            "--knight applies to",
        ),
        (&["--to", "smith", "--fide"][..], "--fide applies to"),
        (
            &["--to", "pgn", "--main-line"][..],
            "--main-line: PGN is written whole",
        ),
        (
            &["--to", "san", "--in-place"][..],
            "--in-place and --diff apply to manuscripts",
        ),
    ] {
        let out = convert_cli(args, game);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(said),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // A move the board reads otherwise than written is written as the board has it, and said.
    let out = convert_cli(&["--to", "san", "--main-line"], "1. e4 e5 2. Qxh5 Nc6 *\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "1. e4 e5 2. Qh5 Nc6 *"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("written as the board reads it"));
}

/// One-line output keeps each game's start position (its FEN before the line) and sets the
/// games apart, so that the file reads back as the same games, under any file name.
#[test]
fn main_lines_read_back_as_the_same_games() {
    let games = "[FEN \"6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Rd8#\n\n\
                 [Event \"2\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    let out = convert_cli(&["--to", "san", "--main-line"], games);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text,
        "[FEN \"6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1\"]\n[SetUp \"1\"]\n1. Rd8# 1-0\n\n\
         1. e4 e5 2. Nf3 Nc6 *\n"
    );
    for name in ["lines.txt", "lines.pgn"] {
        let f = scoresheet::check::check_bytes(
            name,
            text.as_bytes(),
            &Options::given("algebraic", "en"),
        )
        .expect("reads");
        assert_eq!(f.games.len(), 2, "{name}");
        assert!(problems(&f).is_empty(), "{name}: {:?}", problems(&f));
    }
}

/// `--to uci` writes a game per line (the CLI contract: moves only), and such a list reads
/// back as the same games: a list of UCI games is cut at its lines. A game wrapped over lines
/// stays one game, and one whose later line happens to open like a game is not read silently.
#[test]
fn uci_lists_read_back_as_the_same_games() {
    let games = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
                 [FEN \"6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Rd8# 1-0\n\n\
                 1. d4 d5 2. c4 *\n\n1. Nf3 Nf6 2. g3 *\n\n\
                 [FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. a8=Q *\n\n1. b3 e5 *\n";
    let uci = String::from_utf8(convert_cli(&["--to", "uci"], games).stdout).unwrap();
    assert_eq!(
        uci,
        "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7\n\
         [FEN \"6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1\"]\n[SetUp \"1\"]\nd1d8\n\
         d2d4 d7d5 c2c4\ng1f3 g8f6 g2g3\n\
         [FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\na7a8q\nb2b3 e7e5\n"
    );
    let again = String::from_utf8(convert_cli(&["--to", "uci"], &uci).stdout).unwrap();
    assert_eq!(again, uci);
    let f = scoresheet::check::check_bytes("list.uci", uci.as_bytes(), &Options::default())
        .expect("reads");
    assert_eq!(f.notation, "uci");
    let moves: Vec<usize> = f.games.iter().map(|g| g.mainline.len()).collect();
    assert_eq!(moves, [7, 1, 3, 3, 1, 2]);
    assert!(f.games.iter().all(|g| !g.has_errors()));
    // UCI has no result token: a list's games are not asked for one (nor for anything else).
    let said: Vec<&str> = f.all_diagnostics().map(|d| d.code().as_str()).collect();
    assert!(said.is_empty(), "{said:?}");

    // One game wrapped over two lines is one game.
    let wrapped = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6\nb5a4 g8f6 e1g1 f8e7\n";
    let f = scoresheet::check::check_bytes("wrapped.uci", wrapped.as_bytes(), &Options::default())
        .expect("reads");
    assert_eq!((f.games.len(), f.games[0].mainline.len()), (1, 10));
    assert!(!f.games[0].has_errors());
    // A wrapped game whose second line opens like a game: the lines are read as games, and
    // the second one's first move the start position does not allow is an error, not a
    // silent new game.
    let wrapped = "e2e4 e7e5 g1f3 b8c6\nf1b5 a7a6\nc2c3 g8f6 f1b5\n";
    let f = scoresheet::check::check_bytes("wrapped.uci", wrapped.as_bytes(), &Options::default())
        .expect("reads");
    assert_eq!(f.games.len(), 1, "the second line opens no game: one game");
    let wrapped = "e2e4 e7e5\nb1c3 b8c6 f1b5\n";
    let f = scoresheet::check::check_bytes("wrapped.uci", wrapped.as_bytes(), &Options::default())
        .expect("reads");
    assert_eq!(f.games.len(), 2);
    assert!(f.games[1].has_errors(), "f1b5 from the start is reported");
}

/// Converting from one notation to another keeps the tree too: for every pair of targets, a
/// game written in the first, read, written in the second and read again is the same game.
#[test]
fn every_pair_of_notations_keeps_the_tree() {
    let mut rng = Rng(0x5EED_0018_7A12_0001);
    let targets = targets();
    for (i, moves) in games(0x5EED_0018_7A12_0002, 2, 40).iter().enumerate() {
        let mut text = format!("[Event \"Pair {i}\"]\n\n");
        annotated_line(&Chess::default(), moves, &mut rng, 2, &mut text);
        text.push_str("*\n");
        let f = checked(&text, "algebraic", "en");
        let pgn = output::pgn(&f.games[0], &text);
        for (wa, na, la) in &targets {
            let a = output::tree(&f.games[0], &text, wa);
            let read_a = checked(&a, na, la);
            for (wb, nb, lb) in &targets {
                let b = output::tree(&read_a.games[0], &a, wb);
                let read_b = checked(&b, nb, lb);
                assert!(problems(&read_b).is_empty(), "{na} {la} → {nb} {lb}:\n{b}");
                assert_eq!(
                    output::pgn(&read_b.games[0], &b),
                    pgn,
                    "{na} {la} → {nb} {lb}:\n{b}"
                );
            }
        }
    }
}
