//! The commentary signs of the seed's table (issue 17): read in every notation and language as
//! annotations of the move they follow, written to PGN as their NAGs and back as signs; ideas
//! and better-is variations as the seed writes them.

mod common;
use common::{Rng, games};

use scoresheet::board::Origins;
use scoresheet::check::{CheckedFile, Options, check_str};
use scoresheet::diagnostic::{Code, Severity};
use scoresheet::render::{SquareNotation, Style, Writer};
use scoresheet::report::output;
use scoresheet::syntax::LANGUAGE_FILES;
use scoresheet::syntax::signs::{Place, SIGNS, Sign};
use shakmaty::{Chess, Color, Move, Position};

fn checked(text: &str, notation: &str, lang: &str) -> CheckedFile {
    check_str("signs", text, &Options::given(notation, lang)).expect("the grammar exists")
}

/// Every diagnostic of a file as `code: message`.
fn said(f: &CheckedFile) -> Vec<String> {
    f.all_diagnostics()
        .map(|d| format!("{}: {}", d.code(), d.problem))
        .collect()
}

/// The errors and warnings of a file (advice left out).
fn errors_and_warnings(f: &CheckedFile) -> Vec<String> {
    f.all_diagnostics()
        .filter(|d| d.severity != Severity::Advice)
        .map(|d| format!("{}: {}", d.code(), d.problem))
        .collect()
}

fn pgn_movetext(f: &CheckedFile, text: &str) -> String {
    let pgn = output::pgn(&f.games[0], text);
    pgn.split("\n\n").nth(1).unwrap_or("").replace('\n', " ")
}

/// The annotated Bulgarian game of the issue, verbatim.
const ANNOTATED: &str =
    "1.e4 e5 2.Кf3 ± Кc6 ∞ 3.Оb5 → a6 ↑ 4.Оa4 ⇄ Кf6 ☉ 5.0-0 Δ Оe7 N 6.Тe1 b5 ⊕ …\n";

#[test]
fn the_seeds_annotated_game_reads_without_error_and_converts_to_nags() {
    let f = checked(ANNOTATED, "algebraic", "bg");
    assert!(
        errors_and_warnings(&f)
            .iter()
            .all(|d| d.contains("missing_result")),
        "{:?}",
        said(&f)
    );
    assert_eq!(f.games[0].mainline.len(), 12);
    // Signs about one side are White's or Black's NAG by the side that moved: ↑ after a6 is
    // Black's initiative (37); ☉ after Black's Кf6 puts White, to move, in zugzwang (22); ⊕
    // after b5 is Black's time trouble (139).
    assert_eq!(
        pgn_movetext(&f, ANNOTATED).trim(),
        "1. e4 e5 2. Nf3 $16 Nc6 $13 3. Bb5 $40 a6 $37 4. Ba4 $132 Nf6 $22 5. O-O $140 Be7 \
         $146 6. Re1 b5 $139 *"
    );
}

#[test]
fn nags_convert_back_to_the_signs_of_each_language() {
    let f = checked(ANNOTATED, "algebraic", "bg");
    let pgn = output::pgn(&f.games[0], ANNOTATED);
    let back = checked(&pgn, "algebraic", "en");
    let bg = LANGUAGE_FILES.iter().find(|l| l.code() == "bg").unwrap();
    let ru = LANGUAGE_FILES.iter().find(|l| l.code() == "ru").unwrap();
    let line = |lang| {
        output::annotated_line(
            &back.games[0],
            &Writer::San(Box::new(Style::of(lang, false))),
            &pgn,
        )
    };
    assert_eq!(
        line(bg),
        "1. e4 e5 2. Кf3 ± Кc6 ∞ 3. Оb5 → a6 ↑ 4. Оa4 ⇄ Кf6 ☉ 5. 0-0 Δ Оe7 N 6. Тe1 b5 ⊕ *"
    );
    assert_eq!(
        line(ru),
        "1. e4 e5 2. Кf3 ± Кc6 ∞ 3. Сb5 → a6 ↑ 4. Сa4 ⇄ Кf6 ☉ 5. 0-0 Δ Сe7 N 6. Лe1 b5 ⊕ *"
    );
    // A NAG whose sign would read back as another NAG stays a NAG: Black's attack after a
    // White move.
    let odd = "1. e4 $41 e5 $8 *";
    let f = checked(odd, "algebraic", "en");
    assert_eq!(
        output::annotated_line(
            &f.games[0],
            &Writer::San(Box::new(Style::of(bg, false))),
            odd
        ),
        "1. e4 $41 e5 $8 *"
    );
}

#[test]
fn the_seeds_idea_example_is_a_move_of_the_same_side_after_any_reply() {
    // 34. … Тd4 (∆Дd5): the rook goes to d4 so that the queen can follow to d5 later.
    let text = "[FEN \"6k1/3q1ppp/8/8/r7/8/5PPP/6K1 b - - 0 34\"]\n\n34. … Тd4 (∆Дd5) 35. h3 *\n";
    let f = checked(text, "algebraic", "bg");
    assert!(said(&f).is_empty(), "{:?}", said(&f));
    assert_eq!(
        pgn_movetext(&f, text).trim(),
        "34... Rd4 $140 {Qd5} 35. h3 *"
    );
    // An idea is Black's move after White's reply: Black has no bishop for `Оd6`, which
    // White's pieces could not make either.
    let f = checked(&text.replace("(∆Дd5)", "(∆Оd6)"), "algebraic", "bg");
    let d: Vec<_> = f.all_diagnostics().collect();
    assert_eq!(d.len(), 1, "{:?}", said(&f));
    assert_eq!(d[0].code(), Code::IdeaImpossible);
}

#[test]
fn an_idea_that_needs_moves_first_is_a_plan_and_an_impossible_one_is_reported() {
    let base = "[FEN \"6k1/3q1ppp/8/8/r7/8/5PPP/2B3K1 b - - 0 34\"]\n\n34. … Тd4 IDEA 35. h3 *\n";
    // The queen reaches a1 in time: a plan, no error.
    let f = checked(&base.replace("IDEA", "(∆Дa1)"), "algebraic", "bg");
    assert!(errors_and_warnings(&f).is_empty(), "{:?}", said(&f));
    // Black has no knight.
    let f = checked(&base.replace("IDEA", "(∆Кf5)"), "algebraic", "bg");
    let d: Vec<_> = f.all_diagnostics().collect();
    assert_eq!(d.len(), 1, "{:?}", said(&f));
    assert_eq!(d[0].code(), Code::IdeaImpossible);
    assert!(
        d[0].problem.to_string().contains("Black has no knight"),
        "{}",
        d[0].problem
    );
    // Aimed against White's plan: White's dark-squared bishop never reaches d5.
    let f = checked(&base.replace("IDEA", "(∇Оd5)"), "algebraic", "bg");
    let d: Vec<_> = f.all_diagnostics().collect();
    assert_eq!(d.len(), 1, "{:?}", said(&f));
    assert!(
        d[0].problem.to_string().contains("no bishop of White"),
        "{}",
        d[0].problem
    );
    let f = checked(&base.replace("IDEA", "(∇Оe3)"), "algebraic", "bg");
    assert!(errors_and_warnings(&f).is_empty(), "{:?}", said(&f));
}

#[test]
fn the_seeds_better_is_example_is_a_variation_introduced_by_a_sign() {
    // 22. … f:e6 (∩22. … О:d5!? 23. e:d5 Т:d5∓): better was the bishop's capture on d5.
    let text = "[FEN \"3r2k1/1b3p2/4N3/3N4/4P3/8/8/6K1 b - - 0 22\"]\n\n\
                22. … f:e6 (∩22. … О:d5!? 23. e:d5 Т:d5∓) 23. Кc3 *\n";
    let f = checked(text, "algebraic", "bg");
    assert!(said(&f).is_empty(), "{:?}", said(&f));
    assert_eq!(
        pgn_movetext(&f, text).trim(),
        "22... fxe6 (22... Bxd5 $142 $5 23. exd5 Rxd5 $17) 23. Nc3 *"
    );
    // It is checked as a variation: a wrong move in it is an error.
    let wrong = text.replace("О:d5!?", "О:d4!?");
    let f = checked(&wrong, "algebraic", "bg");
    assert!(
        f.all_diagnostics().any(|d| d.severity == Severity::Error),
        "{:?}",
        said(&f)
    );
}

#[test]
fn event_marks_and_encyclopedia_references_are_kept_as_remarks() {
    let text = "1. e4 (ch) e5 corr. 2. Nf3 ♙3/3c *\n";
    let f = checked(text, "algebraic", "en");
    assert!(said(&f).is_empty(), "{:?}", said(&f));
    assert_eq!(
        pgn_movetext(&f, text).trim(),
        "1. e4 {(ch)} 1... e5 {corr.} 2. Nf3 {♙3/3c} *"
    );
}

#[test]
fn a_letter_sign_before_a_square_is_not_read_as_a_sign() {
    // `N f3` is a knight move typed with a space: never read as a novelty and a pawn move.
    let f = checked("1. e4 e5 2. N f3 *", "algebraic", "en");
    assert!(
        f.all_diagnostics().any(|d| d.severity == Severity::Error),
        "{:?}",
        said(&f)
    );
}

/// Signs that may be glued to the move before them (their first character ends a move).
fn glued(sign: &str) -> bool {
    sign.chars().next().is_some_and(|c| {
        "±∓⩲⩱∞⯹□↑→↻⟳⇄⇆☉⊙⨀○◯⊞»⟫«⟪⇔⟺⇗⊕✕⊥◫◨⊶‖⡁⚯⚮⚨".contains(c)
            && sign != "«"
            && sign != "»"
    }) || matches!(sign, "!" | "?" | "!!" | "??" | "!?" | "?!")
}

/// A game written by `writer` with one sign after every move (taken in turn from `signs`),
/// glued where it can be, and the NAG each should read as.
fn annotated(
    writer: &Writer,
    moves: &[Move],
    signs: &mut impl Iterator<Item = (&'static Sign, &'static str)>,
    rng: &mut Rng,
) -> (String, Vec<u16>) {
    let mut pos = Chess::default();
    let mut origins = Origins::from_position(&pos);
    let mut text = String::new();
    let mut nags = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let mover = pos.turn();
        if mover == Color::White {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(&writer.write(&pos, &origins, m));
        origins.play(m);
        pos.play_unchecked(*m);
        // Letter signs (`N`, `RR`, `O`) only before a move number or the result: before a
        // square they read as a piece letter typed apart.
        let (sign, form) = loop {
            let (s, f) = signs.next().expect("cycled");
            let letter = f.chars().all(|c| c.is_ascii_uppercase());
            if !letter || mover == Color::Black || i + 1 == moves.len() {
                break (s, f);
            }
        };
        if !(glued(form) && rng.below(2) == 0) {
            text.push(' ');
        }
        text.push_str(form);
        text.push(' ');
        nags.push(sign.nag_for(mover));
    }
    text.push('*');
    (text, nags)
}

/// The NAGs of a PGN movetext, one list per move.
fn nags_per_move(movetext: &str) -> Vec<Vec<u16>> {
    let mut out: Vec<Vec<u16>> = Vec::new();
    for t in movetext.split_whitespace() {
        if let Some(n) = t.strip_prefix('$') {
            out.last_mut()
                .expect("a NAG follows a move")
                .push(n.parse().unwrap());
        } else if !t.ends_with('.') && t != "*" {
            out.push(Vec::new());
        }
    }
    out
}

fn reads_signs(writer: &Writer, notation: &str, lang: &str, moves: &[Move], rng: &mut Rng) {
    let forms: Vec<(&'static Sign, &'static str)> = SIGNS
        .iter()
        .flat_map(|s| s.forms.iter().map(move |f| (s, *f)))
        .collect();
    let mut cycle = forms.iter().copied().cycle().skip(rng.below(forms.len()));
    let (text, nags) = annotated(writer, moves, &mut cycle, rng);
    let f = checked(&text, notation, lang);
    assert!(
        errors_and_warnings(&f).is_empty(),
        "{notation} {lang}: {text}\n{:?}",
        said(&f)
    );
    assert_eq!(
        f.games[0].mainline.len(),
        moves.len(),
        "{notation} {lang}: {text}"
    );
    let got = nags_per_move(&pgn_movetext(&f, &text));
    let want: Vec<Vec<u16>> = nags.iter().map(|&n| vec![n]).collect();
    assert_eq!(got, want, "{notation} {lang}: {text}");
}

/// Every sign, in every form, after moves of every notation and language: read as the NAG it
/// means after that move (White's or Black's), and nothing else said.
#[test]
fn every_sign_reads_in_every_notation_and_language() {
    let mut rng = Rng(0x5EED_0017_5167_0001);
    let games = games(0x5EED_0017_5167_0002, 2, 70);
    for lang in LANGUAGE_FILES {
        let writer = Writer::San(Box::new(Style::of(lang, false)));
        for g in &games {
            reads_signs(&writer, "algebraic", lang.code(), g, &mut rng);
        }
    }
    for (writer, notation, lang) in [
        (Writer::descriptive(false), "descriptive", "en"),
        (Writer::DescriptiveEs, "descriptive_es", "es"),
        (
            Writer::Squares(SquareNotation::Coordinate { upper: true }),
            "coordinate",
            "en",
        ),
        (Writer::Squares(SquareNotation::Uci), "uci", "en"),
        (Writer::Squares(SquareNotation::Smith), "smith", "en"),
        (Writer::Squares(SquareNotation::Iccf), "iccf", "en"),
    ] {
        for g in &games {
            reads_signs(&writer, notation, lang, g, &mut rng);
        }
    }
}

/// A sign that stands before its move is written before it when converted back.
#[test]
fn prefix_signs_are_the_ones_of_the_table() {
    for s in SIGNS {
        assert_eq!(
            s.place == Place::Before,
            scoresheet::syntax::signs::stands_before(s.nag),
            "{}",
            s.meaning
        );
    }
}

/// `~`, any move, stands for a move of the side to move, whatever it is: read as a move passed
/// over, so that the line goes on from the other side's move.
#[test]
fn any_move_is_read_as_a_move_passed_over() {
    let text = "1. e4 e5 2. Nf3 (2. ~ Nc6 3. Bc4) Nc6 3. Bb5 *\n";
    let f = checked(text, "algebraic", "en");
    assert!(said(&f).is_empty(), "{:?}", said(&f));
    assert_eq!(
        pgn_movetext(&f, text).trim(),
        "1. e4 e5 2. Nf3 (2. -- Nc6 3. Bc4) 2... Nc6 3. Bb5 *"
    );
    // `~=` is compensation, not any move: Black's, after Black's move.
    let f = checked("1. e4 e5 ~= *", "algebraic", "en");
    assert_eq!(pgn_movetext(&f, "1. e4 e5 ~= *").trim(), "1. e4 e5 $45 *");
}

/// A plan is not played: a variation inside it cannot be read and is said not checked.
#[test]
fn a_variation_inside_a_plan_is_reported_not_checked() {
    let text = "[FEN \"6k1/3q1ppp/8/8/r7/8/5PPP/2B3K1 b - - 0 34\"]\n\n\
                34. … Тd4 (∆Дa1 (Дb2)) 35. h3 *\n";
    let f = checked(text, "algebraic", "bg");
    assert!(errors_and_warnings(&f).is_empty(), "{:?}", said(&f));
    assert!(
        f.all_diagnostics().any(|d| d.code() == Code::NotChecked),
        "{:?}",
        said(&f)
    );
}
