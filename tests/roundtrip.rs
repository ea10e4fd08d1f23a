//! Round-trip property tests: random legal games rendered in every language, in its own
//! customs and in FIDE style, read back to the same moves — with the language given and with
//! `--lang auto`.

mod common;
#[path = "common/read.rs"]
mod read_back;
use common::{Rng, random_game};
use scoresheet::check::{Options, check_str};
use scoresheet::render::{Style, san_styled};
use scoresheet::syntax::LANGUAGE_FILES;
use shakmaty::{Chess, Color, Move, Position};

fn render(style: &Style, moves: &[Move]) -> String {
    let mut pos = Chess::default();
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        if pos.turn() == Color::White {
            out.push_str(&format!("{}. ", i / 2 + 1));
        }
        out.push_str(&san_styled(style, &pos, m));
        out.push(' ');
        pos.play_unchecked(*m);
    }
    out.push('*');
    out
}

fn read(text: &str, lang: &str) -> (Vec<Move>, Vec<String>, String) {
    let options = Options::given("algebraic", lang);
    let file = check_str("roundtrip", text, &options).expect("grammar exists");
    let errors: Vec<String> = file
        .all_diagnostics()
        .filter(|d| d.severity == scoresheet::diagnostic::Severity::Error)
        .map(|d| format!("{} at {:?}", d.problem, d.span))
        .collect();
    let moves = read_back::first_mainline(&file);
    (moves, errors, file.language.into_owned())
}

#[test]
fn every_language_and_custom_reads_back() {
    let mut rng = Rng(0x5EED_CAFE_F00D_0001);
    let games: Vec<Vec<Move>> = (0..12).map(|_| random_game(&mut rng, 80)).collect();
    for lang in LANGUAGE_FILES {
        for fide in [false, true] {
            let style = Style::of(lang, fide);
            for (gi, game) in games.iter().enumerate() {
                let text = render(&style, game);
                for code in lang.codes.iter() {
                    let (moves, errors, _) = read(&text, code);
                    assert!(
                        errors.is_empty(),
                        "{code} fide={fide} game {gi}: {errors:?}\n{text}"
                    );
                    assert_eq!(&moves, game, "{code} fide={fide} game {gi}:\n{text}");
                }
                let (moves, errors, detected) = read(&text, "auto");
                assert!(
                    errors.is_empty(),
                    "auto ({}) fide={fide} game {gi}: read as {detected}: {errors:?}\n{text}",
                    lang.codes[0]
                );
                assert_eq!(
                    &moves, game,
                    "auto ({}) fide={fide} game {gi}: read as {detected}\n{text}",
                    lang.codes[0]
                );
            }
        }
    }
}
