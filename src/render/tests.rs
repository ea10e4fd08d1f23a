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
        (Writer::descriptive(false), "B-N5"),
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

/// The distance as defined: the whole table of restricted Damerau–Levenshtein, each row kept.
fn distance_by_the_table(written: &str, meant: &str) -> i32 {
    let (a, b): (Vec<char>, Vec<char>) = (written.chars().collect(), meant.chars().collect());
    let w = b.len() + 1;
    let mut d = vec![0i32; (a.len() + 1) * w];
    for i in 1..=a.len() {
        d[i * w] = d[(i - 1) * w] + indel(a[i - 1]);
    }
    for j in 1..=b.len() {
        d[j] = d[j - 1] + indel(b[j - 1]);
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let mut best = (d[(i - 1) * w + j] + indel(a[i - 1]))
                .min(d[i * w + j - 1] + indel(b[j - 1]))
                .min(d[(i - 1) * w + j - 1] + substitution(a[i - 1], b[j - 1]));
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * w + j - 2] + 8);
            }
            d[i * w + j] = best;
        }
    }
    d[a.len() * w + b.len()]
}

/// The distance kept in three rows on the stack is the table's, for empty, short, long and
/// non-ASCII texts (past the stack's room on either side).
#[test]
fn typing_distance_is_the_full_tables() {
    let long = "Nbd2xe4+ and a comment that runs past the room on the stack";
    let texts = [
        "",
        "e",
        "e4",
        "Nf3",
        "fN3",
        "N6d2",
        "Nbd2",
        "O-O-O",
        "0-0",
        "Кf3",
        "Дxf7X",
        "exd5 e.p.",
        "qwertyuiopasdfghjkl",
        "123456789012345678901234",
        "1234567890123456789012345",
        long,
    ];
    for a in texts {
        for b in texts {
            assert_eq!(
                typing_distance(a, b),
                distance_by_the_table(a, b),
                "{a:?} for {b:?}"
            );
        }
    }
}

/// Every key next to another on the keyboard, in either case, and nothing else.
#[test]
fn neighbouring_keys_are_the_keyboards() {
    assert!(
        neighbouring_keys('f', 'g') && neighbouring_keys('F', 'g') && neighbouring_keys('r', 'f')
    );
    assert!(
        neighbouring_keys('4', 'e') && neighbouring_keys('e', '3') && neighbouring_keys('x', 'c')
    );
    assert!(
        !neighbouring_keys('a', 'l')
            && !neighbouring_keys('f', 'f')
            && !neighbouring_keys('q', 'p')
    );
    assert!(
        !neighbouring_keys('к', 'f')
            && !neighbouring_keys('€', 'r')
            && !neighbouring_keys('+', '=')
    );
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
