//! Writing moves: every writer on the same positions, and the suggestion ranking.

use super::*;
use crate::board::descriptive::Origins;
use shakmaty::uci::UciMove;

/// The position after `moves` (UCI) and the move `next` (UCI) in it.
fn at(moves: &[&str], next: &str) -> (Chess, Move) {
    let mut pos = Chess::default();
    for m in moves {
        let m = m
            .parse::<UciMove>()
            .expect("uci")
            .to_move(&pos)
            .expect("legal");
        pos.play_unchecked(m);
    }
    let m = next
        .parse::<UciMove>()
        .expect("uci")
        .to_move(&pos)
        .expect("legal");
    (pos, m)
}

fn written(writer: &Writer, pos: &Chess, m: &Move) -> String {
    writer.write(pos, &Origins::from_position(pos), m)
}

fn language(code: &str) -> Writer {
    Writer::for_notation("algebraic", crate::syntax::grammar::builtin_language(code))
}

const RUY: [&str; 4] = ["e2e4", "e7e5", "g1f3", "b8c6"];

#[test]
fn one_move_in_every_notation() {
    let (pos, m) = at(&RUY, "f1b5");
    let cases = [
        (Writer::San(Box::new(Style::english())), "Bb5"),
        (language("de"), "Lb5"),
        (language("bg"), "Оb5"),
        (Writer::Descriptive { full: false }, "B-N5"),
        (Writer::DescriptiveEs, "A5C"),
        (Writer::Squares(SquareNotation::Uci), "f1b5"),
        (
            Writer::Squares(SquareNotation::Coordinate { upper: false }),
            "f1-b5",
        ),
        (Writer::Squares(SquareNotation::Iccf), "6125"),
        (
            Writer::Long {
                style: Box::new(Style::english()),
                form: LongForm::Hyphen,
            },
            "Bf1-b5",
        ),
    ];
    for (writer, want) in cases {
        assert_eq!(written(&writer, &pos, &m), want, "{writer:?}");
    }
}

#[test]
fn captures_castling_and_mate_in_each_language_s_customs() {
    // Scholar's mate: 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7#.
    let (pos, m) = at(&["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"], "h5f7");
    assert_eq!(
        written(&Writer::San(Box::new(Style::english())), &pos, &m),
        "Qxf7#"
    );
    // Bulgarian: `:` before the square, `X` for mate.
    assert_eq!(written(&language("bg"), &pos, &m), "Д:f7X");
    // Dutch: the capture mark after the square.
    assert_eq!(written(&language("nl"), &pos, &m), "Df7:#");
    // Castling with zeros where the customs say so.
    let (pos, m) = at(&["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"], "e1h1");
    assert_eq!(written(&language("bg"), &pos, &m), "0-0");
    assert_eq!(written(&language("de"), &pos, &m), "O-O");
}

#[test]
fn letterless_notations_write_no_marks() {
    let uci = Writer::Squares(SquareNotation::Uci);
    assert!(!uci.writes_check_marks() && !uci.writes_capture_marks());
    let smith = Writer::Squares(SquareNotation::Smith);
    assert!(!smith.writes_check_marks() && smith.writes_capture_marks());
    assert!(language("de").writes_check_marks());
}

#[test]
fn typing_slips_cost_less_than_other_edits() {
    // `b`/`6` look alike; `b`/`x` do not.
    assert!(typing_distance("N6d2", "Nbd2") < typing_distance("Nxd2", "Nbd2"));
    // Two swapped letters are one slip, cheaper than two substitutions.
    assert!(typing_distance("Nf3", "fN3") < typing_distance("Nf3", "Bg3"));
    assert_eq!(typing_distance("e4", "e4"), 0);
}

#[test]
fn the_nearest_legal_moves_are_suggested_in_the_writer_s_letters() {
    // After 1.e4 e5 2.Nf3 Nc6, `Bb4` is no legal move; `Bb5` and `Bc4` are one slip away.
    let (pos, _) = at(&RUY, "f1b5");
    let origins = Origins::from_position(&pos);
    let english = Writer::San(Box::new(Style::english()));
    let got = suggestions(&english, &pos, &origins, "Bb4", None, 3);
    assert!(
        got[..2].contains(&"Bb5".to_string()) && got[..2].contains(&"Bc4".to_string()),
        "{got:?}"
    );
    // In German the suggestions are written with German letters.
    let got = suggestions(&language("de"), &pos, &origins, "Lb4", None, 3);
    assert!(got[..2].contains(&"Lb5".to_string()), "{got:?}");
}

/// Moved from `diagram`'s doc example (the module is crate-private).
#[test]
fn the_diagram_of_the_start_position() {
    let d = diagram::diagram(&Chess::default(), None, &[]);
    assert!(d.starts_with("position before the move: White to move, no move played yet"));
    assert!(d.contains("1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖"));
    assert!(d.ends_with("  a b c d e f g h"));
}
