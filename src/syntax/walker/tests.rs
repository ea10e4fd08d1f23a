//! The walker on real parse trees: tokens with their spans, nested variations, the depth
//! limit.

use shakmaty::{Role, Square};

use super::MAX_DEPTH;
use crate::span::Span;
use crate::syntax::builtin::PARSERS;
use crate::syntax::{DescPart, DescSym, GameSyntax, Item, Line, MoveBody, MoveToken, SyntaxIssue};

/// Reads a game with the built-in English algebraic parser, its text starting at `base`.
fn read(text: &str, base: usize) -> GameSyntax {
    let entry = PARSERS
        .iter()
        .find(|p| p.notation == "algebraic" && p.lang_file == "en")
        .expect("English algebraic is built in");
    (entry.parse)(text, base)
}

fn moves(line: &Line) -> Vec<&MoveToken> {
    line.items
        .iter()
        .filter_map(|i| match i {
            Item::Move(m) => Some(m),
            _ => None,
        })
        .collect()
}

fn variations(line: &Line) -> Vec<&Line> {
    line.items
        .iter()
        .filter_map(|i| match i {
            Item::Variation(v) => Some(v),
            _ => None,
        })
        .collect()
}

#[test]
fn move_tokens_carry_their_spans_in_the_file() {
    let text = "1. e4 e5 2. Nf3 Nc6+";
    let g = read(text, 100);
    assert!(g.issues.is_empty(), "{:?}", g.issues);
    let ms = moves(&g.root);
    let spans: Vec<&str> = ms
        .iter()
        .map(|m| &text[m.span.start - 100..m.span.end - 100])
        .collect();
    assert_eq!(spans, ["e4", "e5", "Nf3", "Nc6+"]);
    assert_eq!(ms[2].span, Span::new(112, 115));
    assert_eq!(ms.iter().map(|m| m.index).collect::<Vec<_>>(), [0, 1, 2, 3]);
    assert_eq!(g.move_count, 4);
    let MoveBody::Normal(n) = ms[2].body else {
        panic!("a piece move: {:?}", ms[2].body);
    };
    assert_eq!((n.role, n.to), (Role::Knight, Some(Square::F3)));
    assert!(ms[3].check().is_some());
    assert_eq!(g.root.span, Span::new(100, 100 + text.len()));
}

#[test]
fn variations_nest_and_number_moves_in_reading_order() {
    let text = "1. e4 (1. d4 d5 (1... Nf6 2. c4)) e5 *";
    let g = read(text, 0);
    assert!(g.issues.is_empty(), "{:?}", g.issues);
    let outer = variations(&g.root);
    assert_eq!(outer.len(), 1);
    assert_eq!(
        &text[outer[0].span.start..outer[0].span.end],
        "(1. d4 d5 (1... Nf6 2. c4))"
    );
    let inner = variations(outer[0]);
    assert_eq!(inner.len(), 1);
    assert_eq!(
        &text[inner[0].span.start..inner[0].span.end],
        "(1... Nf6 2. c4)"
    );
    let index = |l: &Line| moves(l).iter().map(|m| m.index).collect::<Vec<_>>();
    assert_eq!(index(&g.root), [0, 5]);
    assert_eq!(index(outer[0]), [1, 2]);
    assert_eq!(index(inner[0]), [3, 4]);
    assert_eq!(g.move_count, 6);
}

#[test]
fn a_variation_too_deep_is_reported_and_skipped() {
    let depth = MAX_DEPTH + 3;
    let text = format!(
        "1. e4 {} e5 {} d5",
        "( 1. d4 ".repeat(depth),
        ")".repeat(depth)
    );
    let g = read(&text, 0);
    // The first `(` past the limit is the one reported.
    let too_deep: Vec<&Span> = g
        .issues
        .iter()
        .filter_map(|i| match i {
            SyntaxIssue::TooDeep(s) => Some(s),
            _ => None,
        })
        .collect();
    let first_skipped = "1. e4 ".len() + "( 1. d4 ".len() * MAX_DEPTH;
    assert_eq!(too_deep, [&Span::new(first_skipped, first_skipped + 1)]);
    assert_eq!(g.issues.len(), 1, "{:?}", g.issues);
    // The tree stops at the limit: MAX_DEPTH nested variations, each with its move.
    let mut deepest = 0;
    let mut line = &g.root;
    while let [v] = variations(line)[..] {
        deepest += 1;
        assert_eq!(moves(v).len(), 1);
        line = v;
    }
    assert_eq!(deepest, MAX_DEPTH);
    // `e5` was inside the skipped variations; `d5` after the last `)` is on the main line.
    let root: Vec<&str> = moves(&g.root)
        .iter()
        .map(|m| &text[m.span.start..m.span.end])
        .collect();
    assert_eq!(root, ["e4", "d5"]);
}

#[test]
fn an_unclosed_variation_and_a_stray_close_are_issues() {
    let g = read("1. e4 ( 1. d4", 0);
    assert_eq!(g.issues, [SyntaxIssue::UnclosedVariation(Span::new(6, 7))]);
    assert_eq!(variations(&g.root).len(), 1);
    let g = read("1. e4 ) e5", 0);
    assert_eq!(g.issues, [SyntaxIssue::UnmatchedClose(Span::new(6, 7))]);
}

#[test]
fn a_token_without_its_marks_is_cut_where_the_tree_puts_them() {
    let text = "1. e4 d5 2. exd5 e5 3. dxe6 e.p. Bb4+ 4. c3 Qxd2+ 5. Bxd2 Nf6 6. Qe2 Ne4 *";
    let g = read(text, 0);
    let unmarked: Vec<&str> = g.root.moves().map(|t| t.unmarked(text)).collect();
    assert_eq!(
        unmarked,
        vec![
            "e4", "d5", "exd5", "e5", "dxe6", "Bb4", "c3", "Qxd2", "Bxd2", "Nf6", "Qe2", "Ne4"
        ]
    );
}

/// The descriptive move of a token read alone by a built-in descriptive parser.
fn descriptive(notation: &str, token: &str) -> crate::syntax::DescriptiveMove {
    let entry = PARSERS
        .iter()
        .find(|p| p.notation == notation)
        .expect("descriptive notations are built in");
    let game = (entry.parse)(token, 0);
    match moves(&game.root).first().map(|m| m.body.clone()) {
        Some(MoveBody::Descriptive(d)) => *d,
        other => panic!("{token}: {other:?}"),
    }
}

/// The symbols of a part.
fn syms(part: Option<crate::span::Spanned<DescPart>>) -> Vec<DescSym> {
    part.map(|p| p.value.syms().to_vec()).unwrap_or_default()
}

/// The letters of either system, by the role they name.
const KING: DescSym = DescSym::Letter(Role::King);
const QUEEN: DescSym = DescSym::Letter(Role::Queen);
const ROOK: DescSym = DescSym::Letter(Role::Rook);
const BISHOP: DescSym = DescSym::Letter(Role::Bishop);
const KNIGHT: DescSym = DescSym::Letter(Role::Knight);
const PAWN: DescSym = DescSym::Letter(Role::Pawn);

#[test]
fn english_descriptive_parts_carry_the_letters_the_grammar_read() {
    use DescSym::{Rank, Within};
    let (k, q, r, b, n, p) = (KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN);
    let d = descriptive("descriptive", "QBP-QB4");
    assert_eq!(*d.who.value.syms(), [q, b, p]);
    assert_eq!(d.who.span, Span::new(0, 3));
    assert_eq!(syms(d.to), [q, b, Rank(4)]);
    assert_eq!(d.to.map(|t| t.span), Some(Span::new(4, 7)));
    // Kt and Kn are the knight, also as a file letter.
    assert_eq!(*descriptive("descriptive", "Kt-KKt3").who.value.syms(), [n]);
    assert_eq!(
        syms(descriptive("descriptive", "Kn-KKn3").to),
        [k, n, Rank(3)]
    );
    // A mover named with its square in brackets; a capture with its square.
    let d = descriptive("descriptive", "R(QR1)-Q1");
    assert_eq!(*d.who.value.syms(), [r, Within, q, r, Rank(1)]);
    let d = descriptive("descriptive", "B×N/QB6");
    assert_eq!(
        (d.who.value.syms().to_vec(), syms(d.captured)),
        (vec![b], vec![n])
    );
    assert_eq!(syms(d.at), [q, b, Rank(6)]);
    assert_eq!(
        descriptive("descriptive", "P-K8=Kt").promotion,
        Some(Role::Knight)
    );
}

#[test]
fn spanish_descriptive_parts_carry_the_letters_the_grammar_read() {
    use DescSym::Rank;
    let (rey, dama, torre, alfil, caballo, peon) = (KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN);
    let d = descriptive("descriptive_es", "CR-3AD");
    assert_eq!(*d.who.value.syms(), [caballo, rey]);
    assert_eq!(syms(d.to), [Rank(3), alfil, dama]);
    let d = descriptive("descriptive_es", "T1TDxPAR");
    assert_eq!(*d.who.value.syms(), [torre, Rank(1), torre, dama]);
    assert_eq!(syms(d.captured), [peon, alfil, rey]);
    let d = descriptive("descriptive_es", "PxC(3AD)");
    assert_eq!(syms(d.at), [Rank(3), alfil, dama]);
    assert_eq!(
        descriptive("descriptive_es", "P8D=C").promotion,
        Some(Role::Knight)
    );
}

#[test]
fn a_descriptive_part_longer_than_any_reading_is_kept_as_too_long() {
    let d = descriptive("descriptive", "QBQBQBQBP-K4");
    assert!(d.who.value.too_long());
    assert!(d.who.value.syms().is_empty());
    assert_eq!(d.who.span, Span::new(0, 9));
    assert!(!d.to.is_some_and(|t| t.value.too_long()));
}

/// A token read alone a second time (remembered) is the token read the first time, wherever
/// in the file it is and whatever it reads as: a move with marks, a descriptive move with its
/// parts, no move; and so is why it is not a move.
#[test]
fn tokens_read_alone_again_read_the_same_at_any_place() {
    use crate::syntax::builtin::{algebraic_bg, algebraic_en, descriptive};
    use crate::syntax::kind::GrammarParser;
    use crate::syntax::walker::{explain_parsed, explain_token, read_single, walk_single};

    fn fresh<P: GrammarParser>(text: &str, base: usize) -> Option<MoveToken> {
        walk_single(P::parse(P::SINGLE_MOVE, text), base)
    }
    fn same<P: GrammarParser>(texts: &[&str]) {
        for text in texts {
            for base in [0, 7, 1000, 7] {
                let (a, b) = (read_single::<P>(text, base), fresh::<P>(text, base));
                assert_eq!(format!("{a:?}"), format!("{b:?}"), "{text:?} at {base}");
                let fresh_why = explain_parsed(P::parse(P::SINGLE_MOVE, text), text);
                assert_eq!(explain_token::<P>(text), fresh_why, "{text:?}");
            }
        }
    }
    same::<algebraic_en::P>(&[
        "Nf3", "exd6e.p.", "Qxf7#", "e8=Q+", "O-O-O", "Кf3", "Nf", "x",
    ]);
    same::<algebraic_bg::P>(&["Кf3", "Nf3", "Дf3:f7X", "Вxc3"]);
    same::<descriptive::P>(&["P-K4", "NxN", "BP×B", "Q-KR5ch", "N-QB9"]);
    // Read as a move once and as no move once, the two grammars keep their own readings.
    assert!(read_single::<algebraic_en::P>("Nf3", 3).is_some());
    assert!(read_single::<algebraic_bg::P>("Nf3", 3).is_none());
}

/// Reads a game with a built-in parser.
fn read_in(notation: &str, lang: &str, text: &str) -> GameSyntax {
    let entry = PARSERS
        .iter()
        .find(|p| p.notation == notation && p.lang_file == lang)
        .expect("built in");
    (entry.parse)(text, 0)
}

/// The look-alike warnings of a game: (where, found, read as).
fn look_alikes(g: &GameSyntax) -> Vec<(Span, char, String)> {
    g.issues
        .iter()
        .filter_map(|i| match i {
            SyntaxIssue::LookAlike(l) => Some((l.at, l.found, l.read_as.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn full_width_moves_and_numbers_read_as_ascii() {
    // `１２．Ｎｂｄ２`: a number (9 bytes) glued to a move (12 bytes).
    let text = "1. e4 e5 2. Ｎｆ３＋ １２．Ｎｂｄ２ Ｂｃ２！ １３． Ｒｅ１";
    let g = read(text, 100);
    assert!(
        !g.issues
            .iter()
            .any(|i| matches!(i, SyntaxIssue::Unknown(_))),
        "{:?}",
        g.issues
    );
    let at = |s: &str| 100 + text.find(s).expect("in the text");
    let mv = moves(&g.root);
    assert_eq!(mv.len(), 6);
    let nf3 = mv[2];
    assert_eq!(nf3.span, Span::new(at("Ｎｆ３＋"), at("Ｎｆ３＋") + 12));
    let check = nf3.check().expect("a check mark");
    assert_eq!(check.span, Span::new(at("＋"), at("＋") + 3));
    assert_eq!(mv[3].span, Span::new(at("Ｎｂｄ２"), at("Ｎｂｄ２") + 12));
    assert_eq!(mv[4].span, Span::new(at("Ｂｃ２"), at("Ｂｃ２") + 9));
    let numbers: Vec<(Span, u32)> = g
        .root
        .items
        .iter()
        .filter_map(|i| match i {
            Item::MoveNumber(n) => Some((n.span, n.value.number)),
            _ => None,
        })
        .collect();
    assert_eq!(
        numbers,
        vec![
            (Span::new(100, 102), 1),
            (Span::new(at("2."), at("2.") + 2), 2),
            (Span::new(at("１２．"), at("１２．") + 9), 12),
            (Span::new(at("１３．"), at("１３．") + 9), 13),
        ]
    );
    // The glyph after `Ｂｃ２` is its own, as `!` is.
    let nag = g.root.items.iter().find_map(|i| match i {
        Item::Nag(n) => Some((n.span, n.value)),
        _ => None,
    });
    assert_eq!(nag, Some((Span::new(at("！"), at("！") + 3), 1)));
    // The first full-width character of each token: three bytes.
    let first =
        |token: &str, c: char, read: &str| (Span::new(at(token), at(token) + 3), c, read.into());
    assert_eq!(
        look_alikes(&g),
        vec![
            first("Ｎｆ３", 'Ｎ', "Nf3+"),
            first("１２．", '１', "12.Nbd2"),
            first("Ｂｃ２", 'Ｂ', "Bc2!"),
            first("１３．", '１', "13."),
            first("Ｒｅ１", 'Ｒ', "Re1"),
        ]
    );
}

#[test]
fn full_width_forms_keep_the_other_letters_as_written() {
    // The Russian king `Кр` is Cyrillic, its square full-width.
    let g = read_in("algebraic", "ru", "1. e4 e5 2. Крｅ２ Крｅ７");
    assert!(
        !g.issues
            .iter()
            .any(|i| matches!(i, SyntaxIssue::Unknown(_))),
        "{:?}",
        g.issues
    );
    let mv = moves(&g.root);
    assert_eq!(mv.len(), 4);
    assert!(matches!(mv[2].body, MoveBody::Normal(n) if n.role == Role::King));
    // A descriptive move in full-width forms, its parts on the characters they were read from.
    let text = "1. Ｐ－Ｋ４ P-K4";
    let g = read_in("descriptive", "", text);
    let mv = moves(&g.root);
    assert_eq!(mv.len(), 2, "{:?}", g.issues);
    let MoveBody::Descriptive(d) = &mv[0].body else {
        panic!("descriptive: {:?}", mv[0]);
    };
    assert_eq!(d.who.span, Span::new(3, 6));
    assert_eq!(d.to.map(|t| t.span), Some(Span::new(9, 15)));
}

#[test]
fn a_look_alike_with_a_glyph_reads() {
    let text = "1. е4! e5";
    let g = read(text, 0);
    let mv = moves(&g.root);
    assert_eq!(mv.len(), 2, "{:?}", g.issues);
    assert_eq!(mv[0].span, Span::new(3, 6));
    assert_eq!(look_alikes(&g), vec![(Span::new(3, 5), 'е', "e4!".into())]);
}
