//! Hand-typed input as it really comes (issue 16): random legal games written by our writers in
//! every notation and language, then typed as people's editors type them, read back to the
//! same moves.
//!
//! The typing: every space between tokens kept, replaced by, or joined by the spaces word
//! processors and web pages make (no-break and narrow no-break spaces, the other Unicode
//! space separators, the ideographic space, zero-width spaces and joiners, the word joiner, a
//! BOM, direction marks, tabs); typographic dashes in castling and in descriptive and long
//! moves (`O–O`, `P–K4`, `Ng1–f3`); `×` for the capture `x`; Black's moves numbered now and
//! then, with `...` or `…`, glued to the move or not; and a few tokens (moves and move
//! numbers) in full-width forms (`Ｎｂｄ２`, `１２．`), glued to each other (`１．ｅ４`) or not.
//!
//! The spaces and the typography read without a word; a full-width token reads with a
//! look-alike warning and nothing else. No error, and no other warning than the text's own
//! before it was typed so.

mod common;
#[path = "common/read.rs"]
mod read_back;
use common::{Rng, games};

use scoresheet::board::Origins;
use scoresheet::check::{CheckedFile, Options, check_str};
use scoresheet::diagnostic::{Code, Severity};
use scoresheet::render::{LongForm, SquareNotation, Style, Writer};
use scoresheet::syntax::LANGUAGE_FILES;
use shakmaty::{Chess, Color, Move, Position};

/// The spaces people's editors put between tokens (and the tab).
const SPACES: &[char] = &[
    '\u{A0}', '\u{202F}', '\u{3000}', '\u{200B}', '\u{FEFF}', '\u{2000}', '\u{2001}', '\u{2002}',
    '\u{2003}', '\u{2004}', '\u{2005}', '\u{2006}', '\u{2007}', '\u{2008}', '\u{2009}', '\u{200A}',
    '\u{200C}', '\u{200D}', '\u{200E}', '\u{200F}', '\u{061C}', '\u{1680}', '\u{205F}', '\u{2060}',
    '\t',
];

/// Typographic dashes the grammars read for `-`.
const DASHES: &[char] = &['–', '—', '‑', '‐', '−'];

/// What a written token is, for the typing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A move number (`12.`).
    Number,
    /// A move, maybe with a mark after it written apart (`P-K4 ch`).
    Move,
    /// The result.
    Result,
}

/// A game written by `writer`: its tokens, each with its kind.
fn written(writer: &Writer, moves: &[Move], rng: &mut Rng) -> Vec<(String, Kind)> {
    let mut pos = Chess::default();
    let mut origins = Origins::from_position(&pos);
    let mut out = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let number = i / 2 + 1;
        if pos.turn() == Color::White {
            out.push((format!("{number}."), Kind::Number));
        } else if rng.below(6) == 0 {
            // Black's move numbered, as after a comment.
            let dots = if rng.below(2) == 0 { "..." } else { "…" };
            out.push((format!("{number}{dots}"), Kind::Number));
        }
        out.push((writer.write(&pos, &origins, m), Kind::Move));
        origins.play(m);
        pos.play_unchecked(*m);
    }
    out.push(("*".to_owned(), Kind::Result));
    out
}

/// `c` in its full-width form when it has one (ASCII `!` to `~`).
fn widened(c: char) -> char {
    match c {
        '!'..='~' => char::from_u32(u32::from(c) + 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

/// A random space of [`SPACES`].
fn space(rng: &mut Rng) -> char {
    SPACES[rng.below(SPACES.len())]
}

/// The white space typed where the writer put one space.
fn typed_space(rng: &mut Rng, out: &mut String) {
    match rng.below(10) {
        0..=4 => out.push(' '),
        5..=7 => out.push(space(rng)),
        8 => {
            out.push(' ');
            out.push(space(rng));
        }
        _ => {
            out.push(space(rng));
            out.push(space(rng));
            out.push(' ');
        }
    }
}

/// A move typed with typographic dashes and `×` (where the notation reads them), each of its
/// own spaces typed as [`typed_space`] types one.
fn typed_move(token: &str, notation: &str, rng: &mut Rng, out: &mut String) {
    let typographic = rng.below(3) == 0;
    let chars: Vec<char> = token.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        match c {
            ' ' => typed_space(rng, out),
            '-' if typographic && notation != "uci" && notation != "smith" => {
                out.push(DASHES[rng.below(DASHES.len())]);
            }
            // A capture mark: before a square or a descriptive piece (never a letter of a word).
            'x' if typographic
                && i > 0
                && next.is_some_and(|n| n.is_ascii_lowercase() || n.is_ascii_uppercase())
                && notation != "smith"
                && notation != "uci" =>
            {
                out.push('×');
            }
            _ => out.push(c),
        }
    }
}

/// The game typed as a person's editor types it; true when some token is full-width.
fn typed(tokens: &[(String, Kind)], notation: &str, rng: &mut Rng) -> (String, bool) {
    let mut out = String::new();
    let mut wide = false;
    let mut glue = false;
    for (i, (token, kind)) in tokens.iter().enumerate() {
        if i > 0 && !glue {
            typed_space(rng, &mut out);
        }
        // A number glued to its move now and then (`12.e4`, `12...Nf6`).
        glue = *kind == Kind::Number && rng.below(4) == 0;
        // Never full-width: a token with a space inside (`P-K4 ch`), nor a number glued to such
        // a move (`８．Q×QP ch`: the walker reads the glued pair as one token, which ends
        // before `ch`).
        let apart =
            token.contains(' ') || glue && tokens.get(i + 1).is_some_and(|(t, _)| t.contains(' '));
        match kind {
            Kind::Result => out.push_str(token),
            // Other tokens in full-width forms one time in eight.
            _ if !apart && rng.below(8) == 0 => {
                wide = true;
                out.extend(token.chars().map(widened));
            }
            Kind::Number => out.push_str(token),
            Kind::Move => typed_move(token, notation, rng, &mut out),
        }
    }
    (out, wide)
}

/// What a text reads as: its main line, its errors, and its warnings other than look-alikes.
fn read(text: &str, notation: &str, lang: &str) -> (Vec<Move>, Vec<String>, Vec<String>) {
    let file: CheckedFile =
        check_str("typed", text, &Options::given(notation, lang)).expect("the grammar exists");
    let shown = |d: &scoresheet::diagnostic::Diagnostic| {
        format!(
            "{} `{}`: {}",
            d.code().as_str(),
            &file.text[d.span.start..d.span.end],
            d.problem
        )
    };
    let errors = file
        .all_diagnostics()
        .filter(|d| d.severity == Severity::Error)
        .map(shown)
        .collect();
    let warnings = file
        .all_diagnostics()
        .filter(|d| d.severity == Severity::Warning && d.code() != Code::LookAlike)
        .map(|d| d.code().as_str().to_owned())
        .collect();
    let moves = read_back::first_mainline(&file);
    (moves, errors, warnings)
}

/// Types each game written by `writer` twice and reads it back in `notation` and `lang`.
fn types_back(writer: &Writer, notation: &str, lang: &str, games: &[Vec<Move>], rng: &mut Rng) {
    for (gi, game) in games.iter().enumerate() {
        let tokens = written(writer, game, rng);
        let clean: Vec<&str> = tokens.iter().map(|(t, _)| t.as_str()).collect();
        let (_, _, own) = read(&clean.join(" "), notation, lang);
        for round in 0..2 {
            let (text, wide) = typed(&tokens, notation, rng);
            let what = format!("{notation} {lang} game {gi} round {round} (full-width: {wide})");
            let (moves, errors, warnings) = read(&text, notation, lang);
            assert!(errors.is_empty(), "{what}: {errors:?}\n{text:?}");
            assert_eq!(&moves, game, "{what}\n{text:?}");
            assert_eq!(warnings, own, "{what}\n{text:?}");
        }
    }
}

/// Algebraic in every language (short in its customs and in FIDE style, long and compact,
/// figurines), descriptive (English short and full, Spanish), coordinate, UCI, Smith and ICCF.
#[test]
fn every_notation_and_language_reads_back_as_typed() {
    let mut rng = Rng(0x5EED_0016_7A9E_0001);
    let games = games(0x5EED_0016_6A3E_0001, 3, 60);
    for lang in LANGUAGE_FILES {
        let code = lang.code();
        let mut writers = vec![
            Writer::San(Box::new(Style::of(lang, false))),
            Writer::San(Box::new(Style::of(lang, true))),
            Writer::Long {
                style: Box::new(Style::of(lang, false)),
                form: LongForm::Hyphen,
            },
            Writer::Long {
                style: Box::new(Style::of(lang, false)),
                form: LongForm::Compact,
            },
        ];
        if code == "en" || code == "ru" {
            writers.push(Writer::San(Box::new(Style::of(lang, false).figurines())));
        }
        for writer in &writers {
            types_back(writer, "algebraic", code, &games, &mut rng);
        }
    }
    let games = common::games(0x5EED_0016_DE5C_0002, 6, 80);
    for (writer, notation, lang) in [
        (Writer::descriptive(false), "descriptive", "en"),
        (Writer::descriptive(true), "descriptive", "en"),
        (Writer::DescriptiveEs, "descriptive_es", "es"),
        (
            Writer::Squares(SquareNotation::Coordinate { upper: true }),
            "coordinate",
            "en",
        ),
        (
            Writer::Squares(SquareNotation::Coordinate { upper: false }),
            "coordinate",
            "en",
        ),
        (Writer::Squares(SquareNotation::Uci), "uci", "en"),
        (Writer::Squares(SquareNotation::Smith), "smith", "en"),
        (Writer::Squares(SquareNotation::Iccf), "iccf", "en"),
    ] {
        types_back(&writer, notation, lang, &games, &mut rng);
    }
}

/// Typed text detected as typed: `--notation auto --lang auto` reads it to the same moves.
#[test]
fn typed_text_is_detected() {
    let mut rng = Rng(0x5EED_0016_A070_0003);
    let games = games(0x5EED_0016_A070_0004, 1, 60);
    for code in ["en", "de", "ru", "fr"] {
        let lang = LANGUAGE_FILES
            .iter()
            .find(|l| l.code() == code)
            .expect("a language");
        let writer = Writer::San(Box::new(Style::of(lang, false)));
        types_back(&writer, "auto", "auto", &games, &mut rng);
    }
    types_back(
        &Writer::descriptive(false),
        "auto",
        "auto",
        &games,
        &mut rng,
    );
}
