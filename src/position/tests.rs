//! The readers and writers of positions: the seed's record verbatim, each form on its own, the
//! illegal positions said in words, and round trips record ↔ FEN ↔ diagram ↔ GBR over random
//! positions of random games in every built-in language.

use shakmaty::fen::Fen;
use shakmaty::{Board, CastlingMode, Chess, Color, Position};

use super::*;
use crate::syntax::{LANGUAGE_FILES, Registry, Shared, builtin_language};

const SEED: &str = "Бели: Цe4, пп.d4,е5. Черни: Цd6, п.d7";
const SEED_FEN: &str = "8/3p4/3k4/4P3/3PK3/8/8/8 w - - 0 1";

fn registry() -> Registry {
    Registry::builtin()
}

fn lang(code: &str) -> Language {
    Shared::Static(builtin_language(code).expect("a built-in language"))
}

/// The FEN of a text read as a position (its language found when `code` is `None`), as read
/// (legal or not).
fn fen_read(text: &str, code: Option<&str>) -> String {
    let l = code.map(lang);
    let r = read(text, l.as_ref(), &registry()).unwrap_or_else(|e| panic!("{text}: {e}"));
    fen(&r.setup)
}

fn board_of(fen: &str) -> Board {
    fen.parse::<Fen>().expect("a FEN").into_setup().board
}

#[test]
fn the_seeds_record_reads_with_its_look_alike_said() {
    let r = read(SEED, None, &registry()).expect("reads");
    assert_eq!(r.form, Form::Record);
    assert_eq!(r.language.as_deref().map(|l| l.code()), Some("bg"));
    assert!(!r.turn_written);
    assert_eq!(fen(&r.setup), SEED_FEN);
    // The pawn on e5 checks the king on d6: by the convention (White to move) the position is
    // illegal; with Black to move it is legal.
    let why = legal(&r.setup).expect_err("Black is in check").reason;
    assert!(
        why.contains("Black is in check (the white pawn on e5)"),
        "{why}"
    );
    let black = r.clone().with_turn(Color::Black);
    assert_eq!(
        fen_of(&legal(&black.setup).expect("legal")),
        "8/3p4/3k4/4P3/3PK3/8/8/8 b - - 0 1"
    );
    // The `е` of `е5` is Cyrillic (U+0435): read as the file e, and said.
    assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
    let note = &r.notes[0];
    assert_eq!(&SEED[note.span.start..note.span.end], "е");
    assert!(note.message.contains("U+0435"), "{}", note.message);
    assert!(note.message.contains("read as `e5`"), "{}", note.message);
}

#[test]
fn records_in_russian_english_and_german() {
    for (text, code) in [
        ("Белые: Крe4, пп. d4, e5. Черные: Крd6, п. d7", "ru"),
        ("Белые: Крe4, пп.d4,e5. Чёрные: Крd6, п.d7", "ru"),
        ("White: Ke4, Pd4, Pe5. Black: Kd6, Pd7", "en"),
        ("white: Ke4 Pd4 Pe5; black: Kd6 Pd7.", "en"),
        ("Weiß: Ke4, Bd4, Be5. Schwarz: Kd6, Bd7", "de"),
        ("Weiss: Ke4, d4, e5. Schwarz: Kd6, d7 (3+2)", "de"),
        ("White: ♔e4, ♙d4, ♙e5. Black: ♚d6, ♟d7", "en"),
        ("Black: Kd6, Pd7. White: Ke4, Pd4,e5", "en"),
    ] {
        assert_eq!(fen_read(text, None), SEED_FEN, "{text}");
        assert_eq!(fen_read(text, Some(code)), SEED_FEN, "{text}");
    }
}

#[test]
fn a_square_after_a_comma_continues_the_group_only_without_a_space() {
    let both_rooks = fen_read("White: Kg1, Rd1,e1. Black: Kg8", Some("en"));
    assert_eq!(both_rooks, "6k1/8/8/8/8/8/8/3RR1K1 w - - 0 1");
    // After a comma and a space a bare square is a pawn.
    assert_eq!(
        fen_read("White: Kg1, Rd1, e2. Black: Kg8", None),
        "6k1/8/8/8/8/8/4P3/3R2K1 w - - 0 1"
    );
    // After a pawn abbreviation every square is a pawn, spaces or not.
    assert_eq!(
        fen_read("Белые: Крg1, пп. d4, e4, f4. Черные: Крg8", None),
        "6k1/8/8/8/3PPP2/8/8/6K1 w - - 0 1"
    );
}

#[test]
fn records_are_written_in_each_languages_style() {
    let board = board_of(SEED_FEN);
    for (code, want) in [
        ("bg", "Бели: Цe4, пп.d4,e5. Черни: Цd6, п.d7"),
        ("ru", "Белые: Крe4, пп. d4, e5. Черные: Крd6, п. d7"),
        ("en", "White: Ke4, Pd4, Pe5. Black: Kd6, Pd7"),
        ("de", "Weiß: Ke4, Bd4, Be5. Schwarz: Kd6, Bd7"),
        ("hu", "Világos: Ke4, d4, e5. Sötét: Kd6, d7"),
        ("fr", "Blancs: Re4, Pd4, Pe5. Noirs: Rd6, Pd7"),
    ] {
        assert_eq!(record(&board, &lang(code)).expect("writes"), want, "{code}");
    }
    let start = Chess::default();
    assert_eq!(
        record(start.board(), &lang("en")).expect("writes"),
        "White: Ke1, Qd1, Ra1, Rh1, Bc1, Bf1, Nb1, Ng1, Pa2, Pb2, Pc2, Pd2, Pe2, Pf2, Pg2, Ph2. \
         Black: Ke8, Qd8, Ra8, Rh8, Bc8, Bf8, Nb8, Ng8, Pa7, Pb7, Pc7, Pd7, Pe7, Pf7, Pg7, Ph7"
    );
}

#[test]
fn gbr_codes() {
    let board = board_of(SEED_FEN);
    assert_eq!(gbr_code(&board), "0000.21");
    assert_eq!(gbr(&board), "e4d6 0000.21 .d4e5d7 3/2");
    assert_eq!(gbr_code(Chess::default().board()), "4888.88");
    // ARVES' example: wR wB bN bN.
    let arves = "a7d3 0116.00 b2b3c6d6 3/3+";
    let r = read(arves, None, &registry()).expect("reads");
    assert_eq!(r.form, Form::Gbr);
    assert_eq!(gbr(&r.setup.board), "a7d3 0116.00 b2b3c6d6 3/3");
    assert_eq!(
        fen_read("e4d6 0000.21 .d4e5d7 3/2", None),
        SEED_FEN,
        "the full form reads back"
    );
    // A code whose squares are not all given, and a 9.
    let e = read("e4d6 0000.21 .d4e5", None, &registry()).expect_err("two pawns of three");
    assert!(e.to_string().contains("counts 3 pawns"), "{e}");
    let e = read("e1e8 9000.00 a1b1c1", None, &registry()).expect_err("9");
    assert!(e.to_string().contains("more than two"), "{e}");
    let e = read("e4d6 0000.21 .d4e5d7 3/3", None, &registry()).expect_err("control");
    assert!(e.to_string().contains("control"), "{e}");
}

#[test]
fn diagrams_read_as_the_tool_draws_them_and_plain() {
    let board = board_of(SEED_FEN);
    let drawn = diagram(&board, Color::Black);
    assert!(
        drawn.starts_with("Black to move\n8 · · · · · · · ·\n7 · · · ♟ · · · ·"),
        "{drawn}"
    );
    let r = read(&drawn, None, &registry()).expect("reads");
    assert_eq!(
        (r.form, r.setup.turn, r.turn_written),
        (Form::Diagram, Color::Black, true)
    );
    assert_eq!(r.setup.board, board);
    // Plain: dots, no numbers, no letters, no heading.
    let plain = "........\n...♟....\n...♚....\n....♙...\n...♙♔...\n........\n........\n........\n";
    let r = read(plain, None, &registry()).expect("reads");
    assert_eq!((r.setup.turn, r.turn_written), (Color::White, false));
    assert_eq!(r.setup.board, board);
    // FEN letters, numbers on the right.
    let letters = ". . . . . . . . 8\n. . . p . . . . 7\n. . . k . . . . 6\n. . . . P . . . 5\n\
                   . . . P K . . . 4\n. . . . . . . . 3\n. . . . . . . . 2\n. . . . . . . . 1\n";
    assert_eq!(
        read(letters, None, &registry()).expect("reads").setup.board,
        board
    );
    // A rank numbered wrongly.
    let wrong = drawn.replace("7 · · · ♟", "6 · · · ♟");
    let e = read(&wrong, None, &registry()).expect_err("numbered 6");
    assert!(e.to_string().contains("numbered 6"), "{e}");
}

#[test]
fn illegal_positions_are_said_in_words() {
    let reason = |text: &str| {
        let r = read(text, None, &registry()).expect("reads");
        legal(&r.setup).expect_err("illegal").reason
    };
    let two = reason("White: Ke1, Kg1. Black: Ke8");
    assert!(two.contains("White has 2 kings (e1 and g1)"), "{two}");
    let back = reason("White: Ke1, Pd1. Black: Ke8");
    assert!(back.contains("White has a pawn on d1"), "{back}");
    let check = reason("White: Ke1, Ra8. Black: Ke8");
    assert!(
        check.contains("White is to move, but Black is in check (the white rook on a8)"),
        "{check}"
    );
    let none = reason("White: Ke1");
    assert!(none.contains("Black has no king"), "{none}");
    // The same words for a FEN.
    let r = read("4k3/8/8/8/8/8/8/R3K1K1 w - - 0 1", None, &registry()).expect("reads");
    assert!(
        legal(&r.setup)
            .expect_err("illegal")
            .reason
            .contains("2 kings")
    );
}

#[test]
fn unreadable_records_say_where_and_what_was_expected() {
    let e = read("White: Ke4, Pd9. Black: Kd6", None, &registry()).expect_err("d9");
    let PositionError::Unreadable { span, message, .. } = &e else {
        panic!("{e}")
    };
    assert_eq!(span.start, "White: Ke4, Pd".len(), "{message}");
    let e = read("White: Ke4, Pe4. Black: Kd6", None, &registry()).expect_err("twice");
    assert!(e.to_string().contains("two men on e4"), "{e}");
    let e = read("Nothing here at all", None, &registry()).expect_err("no side words");
    assert!(e.to_string().contains("no language"), "{e}");
}

#[test]
fn castling_follows_the_composers_convention() {
    let r = read("White: Ke1, Ra1, Rh1. Black: Ke8, Ra8", None, &registry()).expect("reads");
    assert_eq!(
        fen_of(&legal(&r.setup).expect("legal")),
        "r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1"
    );
    let black = r.with_turn(Color::Black);
    assert_eq!(
        fen_of(&legal(&black.setup).expect("legal")),
        "r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1"
    );
}

#[test]
fn a_language_without_side_words_cannot_write_a_record() {
    let mut l = builtin_language("en").expect("en").clone();
    l.record = RecordWords::default();
    assert!(matches!(
        record(Chess::default().board(), &l),
        Err(RecordError::NoSideWords { .. })
    ));
}

use crate::syntax::RecordWords;

/// A small random number generator (xorshift), seeded: the same games every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Positions of random games: after a random number of random legal moves.
fn random_positions(count: usize) -> Vec<Chess> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Chess::default();
        let plies = 1 + rng.next(120);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.next(moves.len())];
            pos.play_unchecked(m);
        }
        out.push(pos);
    }
    out
}

#[test]
fn round_trips_over_random_positions_in_every_language() {
    let reg = registry();
    let positions = random_positions(40);
    for (i, pos) in positions.iter().enumerate() {
        let board = pos.board();
        // FEN → reading → the same position.
        let f = fen_of(pos);
        let r = read(&f, None, &reg).expect("a FEN reads");
        assert_eq!(legal(&r.setup).expect("legal"), *pos, "{f}");
        // Diagram, with the side to move.
        let d = diagram(board, pos.turn());
        let r = read(&d, None, &reg).expect("a diagram reads");
        assert_eq!((&r.setup.board, r.setup.turn), (board, pos.turn()), "{d}");
        // GBR, unless a side has more than two of a kind (a 9).
        if !gbr_code(board).contains('9') {
            let g = gbr(board);
            let r = read(&g, None, &reg).unwrap_or_else(|e| panic!("{g}: {e}"));
            assert_eq!(&r.setup.board, board, "{g}");
        }
        // A record in every language, read in it and (for a few) found by its side words.
        for l in LANGUAGE_FILES {
            let text = record(board, l).expect("every built-in language writes records");
            let lang = Shared::Static(l);
            let r = read(&text, Some(&lang), &reg)
                .unwrap_or_else(|e| panic!("{} {text}: {e}", l.code()));
            assert_eq!(&r.setup.board, board, "{}: {text}", l.code());
            assert!(r.notes.is_empty(), "{}: {text}: {:?}", l.code(), r.notes);
            if i < 3 {
                let found = read(&text, None, &reg)
                    .unwrap_or_else(|e| panic!("{} {text} (detected): {e}", l.code()));
                assert_eq!(&found.setup.board, board, "{}: {text}", l.code());
            }
        }
    }
}

#[test]
fn the_conventions_give_the_start_position_back() {
    let start = Chess::default();
    for text in [
        record(start.board(), &lang("bg")).expect("writes"),
        diagram(start.board(), Color::White),
        gbr(start.board()),
    ] {
        let r = read(&text, None, &registry()).expect("reads");
        let pos: Chess = legal(&r.setup).expect("legal");
        assert_eq!(pos, start, "{text}");
    }
    let _ = CastlingMode::Standard;
}

#[test]
fn a_user_language_file_reads_and_writes_records_with_its_own_words() {
    use crate::syntax::user;
    let gazette = include_str!("../../tests/data/grammars/gazette.pest");
    // Without the record rules the file loads; no record can be written in it.
    let plain = user::build("gazette.pest", gazette, |_| Vec::new()).expect("loads");
    assert!(record(Chess::default().board(), &plain.language).is_err());
    // With them, its words and its knight `Kt` are read and written.
    let text = format!(
        "{gazette}/// White\nwhite_side = @{{ ^\"Whites\" }}\n/// Black\nblack_side = @{{ ^\"Blacks\" }}\n"
    );
    let built = user::build("gazette.pest", &text, |_| Vec::new()).expect("loads");
    let mut reg = Registry::builtin();
    reg.register(built).expect("registers");
    let r = read("Whites: Kg1, Ktf3. Blacks: Kg8", None, &reg).expect("reads");
    assert_eq!(
        r.language.as_deref().map(|l| l.code()),
        Some("en-x-gazette")
    );
    assert_eq!(fen(&r.setup), "6k1/8/8/8/8/5N2/8/6K1 w - - 0 1");
    let l = r.language.expect("a language");
    assert_eq!(
        record(&r.setup.board, &l).expect("writes"),
        "Whites: Kg1, Ktf3. Blacks: Kg8"
    );
}
