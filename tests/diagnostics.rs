//! Snapshot tests of every diagnostic the checker produces: one input file per kind in
//! `tests/fixtures/diagnostics/`, one case per file, the rendered miette report (unicode, no
//! colour, width 80) and the JSON document of the CLI contract.
//!
//! Every snapshot was read by a person: it must point at the right text and its message and
//! help must be true. The table [`EXPECTED`] also pins which codes each file produces, so a
//! fixture cannot silently stop testing its kind when snapshots are re-accepted.
//!
//! KNOWN WRONG (snapshots accepted as they are today so that the suite is green; each entry
//! says what the diagnostic should be instead):
//!
//! - `too-many.pgn` (a paragraph of prose without braces): fifty separate syntax errors and a
//!   count of the rest. One diagnostic "this looks like a comment; put it in braces `{ }`"
//!   would help more (planned with the manuscript linter, which reads prose).
//!
//! Fixed since this list was first written, and now asserted by the snapshots: castling
//! without the right, the wrong-side guess (now a hint beside the real reason), other-language
//! readings (now after the file's own suggestions), promotion suggestions (queen first), moves
//! after a result and a tag line inside a game (no phantom second game), the missing-result
//! suggestion after mate, syntax errors with suggestions, grammar docs shown to users, the
//! missing-result warning after an unclosed `{` or `(`, FEN problems in words, the position of
//! the first NUL byte, and German read without a Finnish warning.

use std::path::Path;

use scoresheet::check::{Options, check_bytes};
use scoresheet::diagnostic::Code;
use scoresheet::report::output;

/// The codes each fixture produces, in report order (`scoresheet::` left off).
const EXPECTED: &[(&str, &[&str])] = &[
    ("ambiguous-knights", &["ambiguous_move"]),
    // `PxP ch` from e6 (descriptive): two readings of one pawn, its arrival labelled once.
    ("ambiguous-one-piece-label-once", &["ambiguous_move"]),
    ("ambiguous-rooks", &["ambiguous_move"]),
    ("bad-fen-no-king", &["bad_fen"]),
    // `c5` typed as `5`: a number where a move belongs.
    ("bare-number", &["syntax"]),
    ("bad-fen-syntax", &["bad_fen"]),
    ("binary", &["binary"]),
    ("broken-tag", &["broken_tag"]),
    (
        "capture-mark-on-non-capture",
        &["capture_mark_on_non_capture"],
    ),
    ("check-without-check", &["check_without_check"]),
    ("ep-not-en-passant", &["ep_not_en_passant"]),
    ("figurine-wrong-colour", &["figurine_color"]),
    // The seed's idea note `(∆Дd5)` with a piece Black does not have.
    ("idea-impossible", &["idea_impossible"]),
    ("illegal-cannot-reach", &["illegal_move"]),
    ("illegal-castling-blocked", &["illegal_move"]),
    ("illegal-castling-in-check", &["illegal_move"]),
    ("illegal-castling-no-right-black-could", &["illegal_move"]),
    ("illegal-castling-no-right", &["illegal_move"]),
    ("illegal-castling-through-check", &["illegal_move"]),
    ("illegal-empty-origin", &["illegal_move"]),
    ("illegal-king-into-check", &["illegal_move"]),
    ("illegal-no-such-piece", &["illegal_move"]),
    ("illegal-none-from-there", &["illegal_move"]),
    ("illegal-null-in-check", &["illegal_move"]),
    ("illegal-opponents-piece", &["illegal_move"]),
    ("illegal-own-piece", &["illegal_move"]),
    ("illegal-path-blocked", &["illegal_move"]),
    ("illegal-pawn-capture-empty", &["illegal_move"]),
    ("illegal-pinned", &["illegal_move"]),
    ("illegal-promotion-not-last-rank", &["illegal_move"]),
    ("illegal-promotion-to-king-figurine", &["illegal_move"]),
    ("illegal-promotion-to-king", &["illegal_move"]),
    ("illegal-stays-in-check", &["illegal_move"]),
    ("illegal-wrong-side-overeager", &["illegal_move"]),
    ("illegal-wrong-side", &["wrong_side"]),
    ("mate-without-check", &["mate_without_mate"]),
    ("mate-without-mate", &["mate_without_mate"]),
    ("missing-capture-mark-pawn", &["missing_capture_mark"]),
    ("missing-capture-mark", &["missing_capture_mark"]),
    ("missing-check", &["missing_check"]),
    ("missing-mate-plus", &["missing_mate"]),
    ("missing-mate", &["missing_mate"]),
    ("missing-promotion", &["missing_promotion"]),
    ("missing-result", &["missing_result"]),
    ("move-after-mate", &["move_after_end"]),
    ("move-written-twice", &["move_written_twice"]),
    ("move-number-black", &["move_number"]),
    ("move-number", &["move_number"]),
    (
        "moves-after-result-colon-draw",
        &["moves_after_result", "not_checked"],
    ),
    ("moves-after-result", &["moves_after_result", "not_checked"]),
    ("no-game", &["no_game"]),
    ("not-checked", &["illegal_move"]),
    // `Sf3` read as English: the help names the languages where S is the knight.
    ("cross-language", &["syntax"]),
    // A descriptive score with `Kt`, `x` and `+`: suggestions written the same way
    // (`Kt-KB3`, `QxQ+`), not `N-KB3` and `QxQ ch`.
    ("descriptive-kt", &["illegal_move", "missing_check"]),
    // French: White's `Dh5` in Black's place, and a Black half-move left out before `Fb3`;
    // every move named in French letters (`Dh5`, `Cc5`), never in English (`Qd1-h5`).
    ("french-wrong-side", &["illegal_move", "wrong_side"]),
    // `4. Ba5` read as `Ba4`: the diagram of the next error names the move read, `4. Ba4`.
    ("last-move-as-read", &["illegal_move", "illegal_move"]),
    // Cyrillic `е` and `В` typed for Latin `e` and `B`.
    ("look-alike", &["look_alike", "look_alike"]),
    // `12. Ｎｂｄ２` and `１３．Ｂｃ２`: full-width moves and a full-width number glued to its
    // move, read as ASCII with a warning naming the first full-width character of each.
    ("full-width-move", &["look_alike", "look_alike"]),
    // Spaces as editors make them separate moves like a space: a no-break space between moves
    // and after a move number, a narrow one; before `!` and `?` (French typography); zero-width
    // spaces, joiners, a word joiner and a BOM between moves; ideographic spaces. No diagnostic.
    ("space-no-break", &[]),
    ("space-before-glyph", &[]),
    ("space-zero-width", &[]),
    ("space-ideographic", &[]),
    ("not-double-check", &["not_double_check"]),
    ("not-utf8", &["not_utf8"]),
    // Four mistakes in one game, each named, the game read on after each.
    (
        "recovery-chain",
        &[
            "illegal_move",
            "skipped_move",
            "swapped_moves",
            "illegal_move",
        ],
    ),
    ("result-contradicts-mate", &["result_contradicts_position"]),
    (
        "result-contradicts-stalemate",
        &["result_contradicts_position"],
    ),
    (
        "result-tag-contradicts-mate",
        &["result_contradicts_position", "missing_result"],
    ),
    ("result-tag-mismatch", &["result_tag_mismatch"]),
    ("setup-without-fen", &["setup_without_fen"]),
    // `2. Qf3` for `2. Nf3`: legal as written, shown wrong by `5. O-O` (the knight still on
    // g1); the only reading of it after which the whole rest of the game reads is named.
    ("likely-slip", &["likely_slip"]),
    // `2.exd` for `2.exd5`: read, with an advice note saying so.
    ("short-pawn-capture", &["short_pawn_capture"]),
    // `1.ee4` (a key typed twice) and `8.cc3`, where `Nc3` was as likely: read as the pushes,
    // with a warning that offers the knight move too.
    ("file-twice", &["file_twice", "file_twice"]),
    ("skipped-move", &["skipped_move"]),
    // The gap shows one half-move late; the move number after it agrees.
    ("skipped-move-found-later", &["skipped_move"]),
    ("stray-mark", &["stray_mark", "missing_mate"]),
    // Typing and handwriting slips: `Qv2` (neighbouring key), `8d3` (8 for B).
    ("suggestions-typos", &["syntax", "syntax"]),
    ("swapped-moves", &["swapped_moves"]),
    // `2. d5 Bf4` for `2. Bf4 d5`: the first token is legal as written.
    ("swapped-moves-first-legal", &["swapped_moves"]),
    // `4... dxe5 5. Qxf3 Bxf3` for `4... Bxf3 5. Qxf3 dxe5`: Black's first move is legal as
    // written; the error shows at White's reply between them.
    ("swapped-one-side-at-reply", &["swapped_moves"]),
    // Black's `4... dxe5 5. Qxf3 Bxf3` or White's `5. Qxf3 Bxf3 6. Bc4` swapped: the rest
    // reads as far either way; the report names one and lists the other.
    ("swapped-tie", &["swapped_moves"]),
    // `Nz9` read on as `Nc6`, which the next moves bear out.
    ("syntax-bad-square", &["syntax"]),
    ("syntax-garbage", &["syntax"]),
    ("syntax-rank-nine", &["syntax"]),
    ("syntax-trailing-x", &["syntax"]),
    ("tag-in-movetext-own-line", &["tag_in_movetext"]),
    ("tag-in-movetext", &["tag_in_movetext"]),
    ("too-deep", &["too_deep"]),
    // Fifty syntax errors, the advice after the first two, and the count of the rest: checked
    // apart in `too_many_counts_the_rest`.
    ("too-many", &[]),
    ("unclosed-comment", &["unclosed_comment"]),
    (
        "unclosed-variation",
        &["unclosed_variation", "swapped_moves"],
    ),
    // Black's 14th left out where many moves fit: the fixes offered insert one before
    // White's numbered 15th, not a reading of it as Black's move.
    ("skipped-move-many-fit", &["wrong_side"]),
    // Black's 4th left out: only 33...bxc5, 47 half-moves later, tells `b6` from `b5`.
    ("skipped-move-decided-late", &["skipped_move"]),
    // One side's swap whose first token is illegal, preferred to a one-character repair of it
    // (`Qf6` for `Qh6` would read on for a while).
    ("swapped-one-side-over-one-char", &["swapped_moves"]),
    // A dropped half-move and, three moves later, a slip: the drop is told from the 30 other
    // moves that fit before the slip by reading through the slip.
    ("two-errors", &["skipped_move", "syntax"]),
    // White's first move left out and `5` typed for `3... c5`: swapping `e6` and `d4` reads
    // one move further than inserting `e4`, but leaves more mistakes in the rest of the game;
    // the whole line decides for the insertion, and the report says so.
    ("whole-line-drop-then-slip", &["skipped_move", "syntax"]),
    // Black's `4... Nd7` and `5... Ngf6` in each other's place: `Nd7` is ambiguous where it
    // stands, and `Ngf6` names its knight as only the swapped order needs.
    ("swapped-one-side-ambiguous", &["swapped_moves"]),
    // `12... Nd7` for `Bd7`: two knights could go to d7, but after either a later move is
    // illegal; the bishop move, after which the whole game reads, is assumed and said.
    ("ambiguous-slip", &["ambiguous_move"]),
    // `14. g5` left out and `18. f6` typed for `f5`: `f5` inserted at the gap reads further
    // (its `18. f6` then reads), but leaves more mistakes after it; `g5`, which reads less
    // far, leaves one, the slip at `18. f6`.
    ("whole-line-shorter-gap", &["skipped_move", "illegal_move"]),
    ("unmatched-paren", &["unmatched_paren"]),
    ("unsupported-variant", &["unsupported_variant"]),
    (
        "variation-after-illegal",
        &["illegal_move", "missing_check"],
    ),
    ("variation-illegal", &["illegal_move"]),
    // Hand-typed forms, read with what was assumed said once per game and kind.
    ("hand-separators", &["separator", "separator", "separator"]),
    ("hand-move-numbers", &["move_number_form"]),
    ("hand-two-columns", &[]),
    (
        "glued-moves",
        &[
            "missing_space",
            "missing_space",
            "missing_space",
            "missing_space",
            "missing_space",
        ],
    ),
    ("semicolon-comment-holds-moves", &["moves_in_comment"]),
    ("mate-words", &[]),
    ("draw-agreed", &[]),
    // The Cyrillic `Х` typed as the mate sign in an English score.
    ("cyrillic-mate-sign", &["look_alike"]),
];

fn fixtures_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/diagnostics")
}

/// The fixtures in another notation or language than English algebraic: (file, notation,
/// language).
const GIVEN: &[(&str, &str, &str)] = &[
    ("ambiguous-one-piece-label-once", "descriptive", "en"),
    ("descriptive-kt", "descriptive", "en"),
    ("french-wrong-side", "algebraic", "fr"),
];

/// The fixtures are English algebraic but those in [`GIVEN`]; they are read as such, not
/// detected, so that a new language file cannot change what they test.
fn options(stem: &str) -> Options {
    match GIVEN.iter().find(|(name, _, _)| *name == stem) {
        Some((_, notation, lang)) => Options::given(notation, lang),
        None => Options::given("algebraic", "en"),
    }
}

fn check_fixture(path: &Path) -> scoresheet::check::CheckedFile {
    let bytes = std::fs::read(path).expect("fixture is readable");
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .expect("file name");
    let stem = path.file_stem().and_then(|s| s.to_str()).expect("stem");
    check_bytes(name, &bytes, &options(stem)).expect("the fixture's grammar exists")
}

fn codes(file: &scoresheet::check::CheckedFile) -> Vec<String> {
    file.all_diagnostics()
        .map(|d| {
            d.code()
                .as_str()
                .trim_start_matches("scoresheet::")
                .to_owned()
        })
        .collect()
}

#[test]
fn diagnostics() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots/diagnostics");
    settings.set_prepend_module_to_snapshot(false);
    let mismatches = std::sync::Mutex::new(Vec::new());
    settings.bind(|| {
        insta::glob!("fixtures/diagnostics/*.pgn", |path| {
            let file = check_fixture(path);
            let stem = path.file_stem().and_then(|s| s.to_str()).expect("stem");
            match EXPECTED.iter().find(|(name, _)| *name == stem) {
                None => mismatches
                    .lock()
                    .unwrap()
                    .push(format!("{stem}.pgn has no entry in EXPECTED")),
                Some((_, expected)) if stem != "too-many" && codes(&file) != *expected => {
                    mismatches.lock().unwrap().push(format!(
                        "{stem}.pgn: codes {:?}, want {expected:?}",
                        codes(&file)
                    ));
                }
                Some(_) => {}
            }
            let human = output::human(&file, false, 80);
            assert!(
                !human.contains('\u{1b}'),
                "{stem}: escape codes in a colourless report"
            );
            insta::assert_snapshot!("human", human);
            let json = output::json(std::slice::from_ref(&file));
            insta::assert_snapshot!("json", format!("{json:#}"));
        });
    });
    let mismatches = mismatches.into_inner().unwrap();
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn every_expected_fixture_exists() {
    for (name, _) in EXPECTED {
        let path = fixtures_dir().join(format!("{name}.pgn"));
        assert!(path.exists(), "{} is missing", path.display());
    }
}

#[test]
fn too_many_counts_the_rest() {
    let file = check_fixture(&fixtures_dir().join("too-many.pgn"));
    let codes = codes(&file);
    let syntax = codes.iter().filter(|c| *c == "syntax").count();
    assert_eq!(syntax, 50, "at most fifty syntax errors are shown");
    assert_eq!(
        codes.iter().filter(|c| *c == "too_many").count(),
        1,
        "{codes:?}"
    );
    // The rest are counted: every unreadable token of the game is either shown or counted,
    // and the count stands at the last of them.
    let game = &file.games[0];
    let unreadable: Vec<_> = game
        .syntax
        .root
        .items()
        .filter_map(|item| match item {
            scoresheet::syntax::Item::Unknown(span) => Some(*span),
            _ => None,
        })
        .collect();
    assert!(
        unreadable.len() > 50,
        "{} unreadable tokens",
        unreadable.len()
    );
    let rest = file
        .all_diagnostics()
        .find(|d| d.code() == Code::TooMany)
        .expect("too_many");
    let hidden = unreadable.len() - syntax;
    assert_eq!(
        rest.to_string(),
        format!("{hidden} more unreadable tokens in this game")
    );
    assert_eq!(Some(&rest.span), unreadable.last(), "at the last one");
    assert_eq!(&file.text[rest.span.start..rest.span.end], "London.");
}

/// Each kind of problem named after the fixture really is the primary diagnostic, and moves
/// diagnostics carry the ply of the move they are about.
#[test]
fn plies_of_move_diagnostics() {
    let cases: &[(&str, &str, u32, &str)] = &[
        ("illegal-pinned", "illegal_move", 8, "Nd4"),
        ("illegal-stays-in-check", "illegal_move", 6, "Nf6"),
        ("ambiguous-knights", "ambiguous_move", 5, "Nd2"),
        ("missing-check", "missing_check", 5, "Bxf7"),
        ("missing-mate", "missing_mate", 7, "Qxf7"),
        ("check-without-check", "check_without_check", 3, "+"),
        (
            "capture-mark-on-non-capture",
            "capture_mark_on_non_capture",
            3,
            "x",
        ),
        ("ep-not-en-passant", "ep_not_en_passant", 3, "e.p."),
        ("move-number", "move_number", 3, "3."),
        ("move-after-mate", "move_after_end", 8, "Ke7"),
        ("missing-promotion", "missing_promotion", 1, "a8"),
    ];
    for (name, code, ply, text) in cases {
        let file = check_fixture(&fixtures_dir().join(format!("{name}.pgn")));
        let d = file
            .all_diagnostics()
            .find(|d| d.code().as_str() == format!("scoresheet::{code}"))
            .unwrap_or_else(|| panic!("{name}: no {code}"));
        assert_eq!(d.ply, Some(*ply), "{name}: ply");
        assert_eq!(&file.text[d.span.start..d.span.end], *text, "{name}: span");
        assert_eq!(d.game, 1, "{name}: game");
    }
}

/// Every move a message, label or suggestion names is written in the game's own notation,
/// language and habits; a label is shown once.
#[test]
fn moves_are_named_in_the_writers_own_way() {
    let fixture = |name: &str| check_fixture(&fixtures_dir().join(format!("{name}.pgn")));
    let find = |file: &scoresheet::check::CheckedFile, code: &str| {
        file.all_diagnostics()
            .find(|d| d.code().as_str() == format!("scoresheet::{code}"))
            .unwrap_or_else(|| panic!("no {code}"))
            .clone()
    };
    // French: White's queen move named in French, as the game writes it; the inserted move
    // and the suggestions in French letters too.
    let file = fixture("french-wrong-side");
    let illegal = find(&file, "illegal_move");
    let message = illegal.to_string();
    assert!(
        message.contains("a legal move for White (`Dh5`)"),
        "{message}"
    );
    assert!(!message.contains('Q'), "{message}");
    assert_eq!(illegal.suggestions, ["Dh4", "Dg5", "Df6"]);
    let wrong = find(&file, "wrong_side");
    let help = wrong.help.clone().unwrap_or_default();
    assert!(help.contains("White's `Fb3`"), "{help}");
    assert!(help.contains("read on with `Cc5` inserted"), "{help}");
    assert!(
        wrong.suggestions.iter().all(|s| s.ends_with(" Fb3")),
        "{:?}",
        wrong.suggestions
    );
    // `Kt`, `x` and `+` as the score writes them.
    let file = fixture("descriptive-kt");
    let illegal = find(&file, "illegal_move");
    assert_eq!(illegal.suggestions, ["Kt-KB3", "Kt-B4", "Kt-Kt4"]);
    assert_eq!(find(&file, "missing_check").suggestions, ["QxQ+"]);
    // Two readings of one pawn: where it came from, said once.
    let file = fixture("ambiguous-one-piece-label-once");
    let ambiguous = find(&file, "ambiguous_move");
    let labels: Vec<&str> = ambiguous
        .secondary
        .iter()
        .map(|(_, t)| t.as_str())
        .collect();
    assert_eq!(labels, ["the pawn on e6 arrived with 3. PxP"]);
    assert_eq!(ambiguous.suggestions, ["PxQP ch", "PxBP ch"]);
    // A move assumed by a repair is named as read, not as written.
    let file = fixture("last-move-as-read");
    let second = file
        .all_diagnostics()
        .filter(|d| d.code() == Code::IllegalMove)
        .nth(1)
        .expect("two illegal moves");
    let diagram = second.diagram.clone().unwrap_or_default();
    assert!(diagram.contains("last move 4. Ba4\n"), "{diagram}");
}

/// Files read with the language detected (`--lang auto`): the language chosen, and the
/// warning when the board cannot decide. Snapshots in `snapshots/detect/`.
#[test]
fn detection() {
    let expected: &[(&str, &str, &[&str])] = &[
        ("french", "fr", &[]),
        // `S` and `L` are German piece letters; in Finnish `S` is only the pawn letter, which
        // counts for little, so German wins without a warning.
        ("german", "de", &[]),
        ("language-undecided", "en", &["language_undecided"]),
        // Where the board reads the moves alike in several languages, the customs the text
        // writes decide (then the preference order): Spanish `a.p.` against French (`C`, `D`
        // read alike, no bishop move to tell `A` from `F`); Turkish `(e.p)` against
        // Azerbaijani (`A`, `V` read alike); the Dutch trailing `:` against German (`D`, `L`).
        ("spanish-en-passant", "es", &[]),
        ("turkish-en-passant", "tr", &[]),
        ("dutch-trailing-colon", "nl", &[]),
        // No piece letter: every language reads the pawn moves alike. The Bulgarian `:`
        // captures and `X` mate are customs of Bulgarian, Russian, Ukrainian and Belarusian
        // alike (they read these moves alike too), so the preference order names Russian
        // among them; without the customs it named English.
        ("colon-captures", "ru", &[]),
    ];
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots/detect");
    settings.set_prepend_module_to_snapshot(false);
    let mismatches = std::sync::Mutex::new(Vec::new());
    settings.bind(|| {
        insta::glob!("fixtures/detect/*.pgn", |path| {
            let bytes = std::fs::read(path).expect("fixture");
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .expect("file name");
            let file = check_bytes(name, &bytes, &Options::default()).expect("auto");
            let stem = path.file_stem().and_then(|s| s.to_str()).expect("stem");
            match expected.iter().find(|(n, _, _)| *n == stem) {
                Some((_, lang, want)) if file.language != *lang || codes(&file) != *want => {
                    mismatches.lock().unwrap().push(format!(
                        "{stem}: read as {} with {:?}, want {lang} with {want:?}",
                        file.language,
                        codes(&file)
                    ));
                }
                Some(_) => {}
                None => mismatches
                    .lock()
                    .unwrap()
                    .push(format!("{stem}.pgn is not in the table")),
            }
            insta::assert_snapshot!("human", output::human(&file, false, 80));
            let json = output::json(std::slice::from_ref(&file));
            insta::assert_snapshot!("json", format!("{json:#}"));
        });
    });
    let mismatches = mismatches.into_inner().unwrap();
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}
