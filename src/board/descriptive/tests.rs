//! Unit tests of the descriptive readings and writers.

use shakmaty::san::San;
use shakmaty::{Bitboard, Chess, Position, Role, Square};

use crate::board::descriptive::{
    DescStyle, Origins, Written, agreeing_with_marks, describe_readings, english_patterns,
    spanish_patterns, write_english, write_spanish,
};
use crate::board::resolve::tests::{position, uci};
use crate::board::resolve::{Resolution, resolve};
use crate::board::token::parse_token_with;
use crate::syntax::grammar::builtin_parser as parser_for;
use crate::syntax::{CheckMark, DescSym, MoveBody};

fn play(pos: &mut Chess, origins: &mut Origins, san: &str) {
    let m = San::from_ascii(san.as_bytes())
        .unwrap()
        .to_move(pos)
        .unwrap();
    origins.play(&m);
    pos.play_unchecked(m);
}

/// The parts of an English descriptive move, as the grammar reads them.
fn written(token: &str) -> Written {
    let parser = parser_for("descriptive", "en").expect("descriptive");
    match parse_token_with(parser, token).expect(token).body {
        MoveBody::Descriptive(d) => Written::of(&d),
        body => panic!("{token} is no descriptive move: {body:?}"),
    }
}

fn read(pos: &Chess, origins: &Origins, w: Written) -> Resolution {
    resolve(pos, &english_patterns(&w, pos.turn(), origins, pos))
}

#[test]
fn ranks_count_from_the_mover() {
    let mut pos = Chess::default();
    let mut o = Origins::default();
    let w = written("P-K4");
    let Resolution::Legal(m) = read(&pos, &o, w) else {
        panic!()
    };
    assert_eq!(m.to(), Square::E4);
    play(&mut pos, &mut o, "e4");
    let Resolution::Legal(m) = read(&pos, &o, w) else {
        panic!()
    };
    assert_eq!(m.to(), Square::E5);
}

#[test]
fn knight_to_b3_is_ambiguous_until_qualified() {
    let pos = Chess::default();
    let o = Origins::default();
    let amb = read(&pos, &o, written("N-B3"));
    assert!(
        matches!(amb, Resolution::Ambiguous(ref v) if v.len() == 2),
        "{amb:?}"
    );
    let Resolution::Legal(m) = read(&pos, &o, written("N-KB3")) else {
        panic!()
    };
    assert_eq!(m.to(), Square::F3);
    let Resolution::Legal(m) = read(&pos, &o, written("QN-B3")) else {
        panic!()
    };
    assert_eq!(m.to(), Square::C3);
}

#[test]
fn writer_picks_the_shortest_form_that_reads_back() {
    let pos = Chess::default();
    let o = Origins::default();
    let m = San::from_ascii(b"Nf3").unwrap().to_move(&pos).unwrap();
    assert_eq!(
        write_english(&pos, &o, &m, false, &DescStyle::BOOK),
        "N-KB3"
    );
    assert_eq!(
        write_english(&pos, &o, &m, true, &DescStyle::BOOK),
        "NKN1-KB3"
    );
    let m = San::from_ascii(b"e4").unwrap().to_move(&pos).unwrap();
    assert_eq!(write_english(&pos, &o, &m, false, &DescStyle::BOOK), "P-K4");
    assert_eq!(write_spanish(&pos, &o, &m), "P4R");
    let m = San::from_ascii(b"Nf3").unwrap().to_move(&pos).unwrap();
    assert_eq!(write_spanish(&pos, &o, &m), "C3AR");
}

#[test]
fn readings_are_described_for_an_ambiguity() {
    let pos = position("4k3/8/8/8/8/8/8/1R2K1Q1 w - - 0 1");
    let o = Origins::from_position(&pos);
    let moves = [uci(&pos, "b1b2"), uci(&pos, "g1g2")];
    assert_eq!(
        describe_readings(&moves, |m| write_english(
            &pos,
            &o,
            m,
            false,
            &DescStyle::BOOK
        )),
        vec![
            ("R-N2".to_owned(), "the rook on b1 to b2".to_owned()),
            ("Q-N2".to_owned(), "the queen on g1 to g2".to_owned()),
        ]
    );
    let pos = position("4k3/8/5p2/3pP3/8/8/8/4K3 w - d6 0 1");
    let o = Origins::from_position(&pos);
    let moves = [uci(&pos, "e5d6"), uci(&pos, "e5f6")];
    let d = describe_readings(&moves, |m| write_spanish(&pos, &o, m));
    assert_eq!(d[0].1, "the pawn on e5 takes the pawn on d5 en passant");
    assert_eq!(d[1].1, "the pawn on e5 takes the pawn on f6");
}

#[test]
fn marks_narrow_readings() {
    // B-N5: Bb5 checks, Bg5 does not.
    let pos = position("rnbqk1nr/ppp2ppp/4p3/3p4/1b1PP3/2N5/PPP2PPP/R1BQKBNR w KQkq - 2 4");
    let both = [uci(&pos, "f1b5"), uci(&pos, "c1g5")];
    assert_eq!(
        agreeing_with_marks(&pos, &both, Some(CheckMark::Check), false),
        vec![both[0]]
    );
    assert_eq!(agreeing_with_marks(&pos, &both, None, false), vec![both[1]]);
    // Mate written where no reading mates: the one that checks.
    assert_eq!(
        agreeing_with_marks(&pos, &both, Some(CheckMark::Mate), false),
        vec![both[0]]
    );
    // A mark no reading agrees with keeps them all.
    let quiet = [uci(&pos, "c1g5"), uci(&pos, "c1f4")];
    assert_eq!(
        agreeing_with_marks(&pos, &quiet, Some(CheckMark::Check), false),
        quiet.to_vec()
    );
}

#[test]
fn en_passant_is_marked() {
    let pos = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let o = Origins::from_position(&pos);
    let m = uci(&pos, "e5d6");
    assert_eq!(
        write_english(&pos, &o, &m, false, &DescStyle::BOOK),
        "P×P e.p."
    );
    assert_eq!(
        write_english(&pos, &o, &m, true, &DescStyle::BOOK),
        "PK5×Q6 e.p."
    );
    assert_eq!(write_spanish(&pos, &o, &m), "PxP a.p.");
}

/// The (role, origin squares, target squares) of each reading, in order.
fn readings(pos: &Chess, w: Written) -> Vec<(Option<Role>, Vec<Square>, Vec<Square>)> {
    let o = Origins::from_position(pos);
    english_patterns(&w, pos.turn(), &o, pos)
        .into_iter()
        .map(|p| {
            let set = |b: Option<Bitboard>| b.map(|b| b.into_iter().collect()).unwrap_or_default();
            (p.role, set(p.from_set), set(p.to_set))
        })
        .collect()
}

#[test]
fn knight_to_b3_reads_as_qb3_or_kb3() {
    let pos = Chess::default();
    let w = written("N-B3");
    let r = readings(&pos, w);
    assert_eq!(r.len(), 1, "{r:?}");
    let (role, _, to) = &r[0];
    assert_eq!(*role, Some(Role::Knight));
    assert_eq!(to, &[Square::C3, Square::F3]);
}

#[test]
fn qn1_is_a_square_a_queen_or_the_queens_knight() {
    let mut pos = Chess::default();
    let mut o = Origins::default();
    play(&mut pos, &mut o, "d4");
    play(&mut pos, &mut o, "d5");
    let w = written("QN1-Q2");
    // The piece on QN1, the queen on QN1 or KN1, the queen's knight on the first rank.
    assert_eq!(
        readings(&pos, w),
        vec![
            (None, vec![Square::B1], vec![Square::D2]),
            (
                Some(Role::Queen),
                vec![Square::B1, Square::G1],
                vec![Square::D2]
            ),
            (Some(Role::Knight), vec![Square::B1], vec![Square::D2]),
        ]
    );
    let Resolution::Legal(m) = read(&pos, &o, w) else {
        panic!("QN1-Q2 is the knight's move");
    };
    assert_eq!((m.from(), m.to()), (Some(Square::B1), Square::D2));
    // For Black, QN1 is b8 and Q2 is d7.
    play(&mut pos, &mut o, "Nf3");
    assert_eq!(
        readings(&pos, w)[0],
        (None, vec![Square::B8], vec![Square::D7])
    );
    let Resolution::Legal(m) = read(&pos, &o, w) else {
        panic!("QN1-Q2 is the knight's move");
    };
    assert_eq!((m.from(), m.to()), (Some(Square::B8), Square::D7));
}

/// The letters are read by the grammar alone: a descriptive grammar whose knight is `S` (as
/// a German book would write it), built at run time, reads `S-KB3` as the knight's move, and
/// no Rust code knows the letter.
#[test]
fn a_letter_is_what_the_grammar_says() {
    use crate::syntax::compose::compose;
    use crate::syntax::grammar::{COMMON_GRAMMAR, NOTATION_GRAMMARS};
    use crate::syntax::user::VmParser;

    let (_, _, english) = NOTATION_GRAMMARS
        .iter()
        .find(|n| n.0 == "descriptive")
        .expect("descriptive is built in");
    let knight = r#"desc_knight_letter = _{ "Kt" | "Kn" | "N" }"#;
    assert!(english.contains(knight), "the English knight's letters");
    let german = english.replace(knight, r#"desc_knight_letter = _{ "S" }"#);
    let parser = VmParser::new(&compose(&[COMMON_GRAMMAR, &german]).text).expect("grammar");
    let tok = parser.read_single("S-KB3", 0).expect("S-KB3 reads");
    let MoveBody::Descriptive(d) = tok.body else {
        panic!("{tok:?}");
    };
    let pos = Chess::default();
    let Resolution::Legal(m) = read(&pos, &Origins::default(), Written::of(&d)) else {
        panic!("S-KB3 is one move");
    };
    assert_eq!((m.from(), m.to()), (Some(Square::G1), Square::F3));
    assert!(
        parser.read_single("N-KB3", 0).is_none(),
        "N is no letter of it"
    );
    // The built-in grammar still reads N, Kt and Kn, and not S.
    assert!(matches!(
        written("Kt-KB3").who.syms()[..],
        [DescSym::Letter(Role::Knight)]
    ));
    assert!(
        parse_token_with(parser_for("descriptive", "en").unwrap(), "S-KB3").is_err(),
        "S is no English letter"
    );
}

/// Spanish descriptive through its grammar: `C3AR` is the knight to f3; in `CR-3AD` and
/// `CD-3AD` the grammar reads `C` as the knight, `R` and `D` after it as its wing (the king's
/// knight cannot reach c3, the queen's can), `AD` as the queen's bishop's file.
#[test]
fn spanish_letters_come_from_the_spanish_grammar() {
    let parser = parser_for("descriptive_es", "es").expect("Spanish descriptive");
    let pos = Chess::default();
    let origins = Origins::default();
    let resolve_es = |token: &str| {
        let MoveBody::Descriptive(d) = parse_token_with(parser, token).expect(token).body else {
            panic!("{token}");
        };
        let w = Written::of(&d);
        resolve(&pos, &spanish_patterns(&w, pos.turn(), &origins, &pos))
    };
    let Resolution::Legal(m) = resolve_es("C3AR") else {
        panic!("C3AR is one move");
    };
    assert_eq!((m.from(), m.to()), (Some(Square::G1), Square::F3));
    assert!(!matches!(resolve_es("CR-3AD"), Resolution::Legal(_)));
    let Resolution::Legal(m) = resolve_es("CD-3AD") else {
        panic!("CD-3AD is one move");
    };
    assert_eq!((m.from(), m.to()), (Some(Square::B1), Square::C3));
}

/// Moved from the module's doc example (its items are crate-private): N-KB3 as the grammar
/// reads it, resolved and written back.
#[test]
fn n_kb3_step_by_step() {
    use crate::syntax::DescPart;
    use crate::syntax::DescSym::{Letter, Rank};
    let pos = Chess::default();
    let origins = Origins::default();
    // N-KB3, as the grammar reads it: the knight to the king's bishop's file, third rank.
    let w = Written {
        who: DescPart::new(&[Letter(Role::Knight)]),
        to: Some(DescPart::new(&[
            Letter(Role::King),
            Letter(Role::Bishop),
            Rank(3),
        ])),
        ..Written::default()
    };
    let Resolution::Legal(m) = resolve(&pos, &english_patterns(&w, pos.turn(), &origins, &pos))
    else {
        panic!("N-KB3 is one move");
    };
    assert_eq!(m.to(), Square::F3);
    assert_eq!(
        write_english(&pos, &origins, &m, false, &DescStyle::BOOK),
        "N-KB3"
    );
    assert_eq!(
        write_english(&pos, &origins, &m, true, &DescStyle::BOOK),
        "NKN1-KB3"
    );
}
