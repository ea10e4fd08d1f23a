//! Letters that can never be read in context: every piece letter of a language file is tried
//! before every square (and as a capture) through the file's own algebraic parser, and each
//! move that does not read back as that piece's move to that square is reported.
//!
//! pest's ordered choice commits to the first alternative that matches: with
//! `rook = @{ "Xe" | "X" }`, `Xe1` reads `Xe`, then finds `1` where a square belongs, and
//! the rook letter `X` is never tried before a square of the e-file. No check of the letters
//! alone finds every such case (the square's letters, capture marks and the notation's other
//! parts all follow a letter), so the parser itself is asked.

use shakmaty::{File, Rank, Role, Square};

use crate::syntax::customs::{CapturePlace, Customs};
use crate::syntax::grammar_check::{LANGUAGE_RULES, Letter, letters};
use crate::syntax::user::problems::{GrammarProblem, Lines, ProblemKind};
use crate::syntax::{MoveBody, MoveToken};

/// Reads one token alone as a move of a grammar.
pub type ReadMove<'a> = &'a dyn Fn(&str) -> Option<MoveToken>;

/// How many unreadable moves a problem lists by name.
const SHOWN: usize = 4;

/// Tries every piece letter of the language file `text` before every square, plain and as a
/// capture (the pawn letter plain only), with `read` (the file's algebraic parser), and
/// reports each letter and form whose moves do not all read back as that piece's move to that
/// square: one problem per letter and form, naming the moves that fail.
pub fn unreadable_letters(text: &str, read: ReadMove<'_>) -> Vec<GrammarProblem> {
    let all = letters(text);
    let lines = Lines::new(text);
    let captures = capture_marks(text);
    let mut out = Vec::new();
    for letter in &all {
        let Some(role) = role_of(letter.rule) else {
            continue;
        };
        if letter.text.is_empty() {
            continue; // reported by the letter checks
        }
        let marks: &[&str] = if role == Role::Pawn { &[""] } else { &captures };
        for &mark in marks {
            let mut failed: Vec<(String, Square)> = Vec::new();
            let mut first_reading = String::new();
            for sq in Square::ALL {
                let token = format!("{}{mark}{sq}", letter.text);
                let reading = read(&token);
                if !reads_back(reading.as_ref(), role, sq, !mark.is_empty()) {
                    if failed.is_empty() {
                        first_reading = describe(reading.as_ref());
                    }
                    failed.push((token, sq));
                }
            }
            if !failed.is_empty() {
                let mut p = problem(letter, &all, mark, &failed, &lines);
                p.label = format!("`{}` reads as {first_reading}", failed[0].0);
                out.push(p);
            }
        }
    }
    out
}

/// The capture marks a letter is tried with: none, `x`, and the language's own mark when it
/// is written before the square (and is one the algebraic grammar reads: `×` or `:`).
fn capture_marks(text: &str) -> Vec<&str> {
    let mut marks = vec!["", "x"];
    let customs = crate::syntax::compose::header_value(text, "customs")
        .and_then(|(_, v)| Customs::parse(v).ok());
    if let Some(c) = customs
        && c.capture_place == CapturePlace::Before
        && let Some(mark) = c.capture
        && matches!(mark, "×" | ":")
    {
        marks.push(mark);
    }
    marks
}

fn role_of(rule: &str) -> Option<Role> {
    let roles = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    LANGUAGE_RULES
        .iter()
        .position(|r| *r == rule)
        .map(|i| roles[i])
}

/// Did the token read as a move of `role` to `to`, with nothing more (no origin but a pawn
/// push's own file, no promotion), and with a capture mark exactly when one was written?
fn reads_back(token: Option<&MoveToken>, role: Role, to: Square, capture: bool) -> bool {
    let Some(token) = token else {
        return false;
    };
    match token.body {
        MoveBody::Normal(m) => {
            m.role == role
                && m.role_written
                && m.to == Some(to)
                // The walker gives a pawn push its own file as the origin file.
                && (m.from_file.is_none() || role == Role::Pawn && m.from_file == Some(to.file()))
                && m.from_rank.is_none()
                && m.promotion.is_none()
                && m.captured.is_none()
                && token.capture().is_some() == capture
                && token.check().is_none()
        }
        MoveBody::Castle(_) | MoveBody::Null | MoveBody::Descriptive(_) => false,
    }
}

/// What a token was read as, in words (for the label of a problem).
fn describe(token: Option<&MoveToken>) -> String {
    let Some(token) = token else {
        return "no move".to_owned();
    };
    match token.body {
        MoveBody::Normal(m) => {
            let mut s = format!("a {} move", format!("{:?}", m.role).to_lowercase());
            if let Some(to) = m.to {
                s.push_str(&format!(" to {to}"));
            }
            if let Some(f) = m.from_file {
                s.push_str(&format!(" from the {}-file", f.char()));
            }
            if let Some(r) = m.from_rank {
                s.push_str(&format!(" from rank {}", r.char()));
            }
            if token.capture().is_some() {
                s.push_str(", a capture");
            } else if m.captured.is_none() {
                s.push_str(", not a capture");
            }
            s
        }
        MoveBody::Castle(_) => "castling".to_owned(),
        MoveBody::Null => "a null move".to_owned(),
        MoveBody::Descriptive(_) => "a descriptive move".to_owned(),
    }
}

/// The problem of one letter and form, with the moves that fail and a hint.
fn problem(
    letter: &Letter,
    all: &[Letter],
    mark: &str,
    failed: &[(String, Square)],
    lines: &Lines<'_>,
) -> GrammarProblem {
    let (first, first_sq) = &failed[0];
    let shown: Vec<String> = failed
        .iter()
        .take(SHOWN)
        .map(|(t, _)| format!("`{t}`"))
        .collect();
    let mut shown = shown.join(", ");
    if failed.len() > SHOWN {
        shown.push_str(&format!(" and {} more", failed.len() - SHOWN));
    }
    let form = if mark.is_empty() {
        String::new()
    } else {
        format!(" with the capture mark `{mark}`")
    };
    let message = if failed.len() == 1 {
        format!(
            "the {rule} letter `{text}` can never be read before {first_sq}{form}: {shown} is \
             not read as a {rule} move to {first_sq}",
            rule = letter.rule,
            text = letter.text,
        )
    } else {
        format!(
            "the {rule} letter `{text}` can never be read before {}{form}: {shown} are not read \
             as {rule} moves to those squares",
            squares_described(failed),
            rule = letter.rule,
            text = letter.text,
        )
    };
    // A longer letter that the token starts with takes part of the square.
    let culprit = all
        .iter()
        .filter(|m| m.text.len() > letter.text.len() && first.starts_with(m.text.as_str()))
        .max_by_key(|m| m.text.len());
    let help = match culprit {
        Some(m) => format!(
            "the {} letter `{}` (line {}) is tried first and takes the start of the square: \
             `{first}` reads as `{}` then `{}`. Keep it from matching before a rank: `\"{}\" ~ \
             !ASCII_DIGIT`; putting the shorter letter first instead would hide `{}` for good",
            m.rule,
            m.text,
            m.at.0,
            m.text,
            &first[m.text.len()..],
            m.text,
            m.text,
        ),
        None => format!(
            "`{first}` must read as the {} letter and the square {first_sq}: choose a letter \
             that no square, capture mark or other part of a move continues",
            letter.rule
        ),
    };
    GrammarProblem {
        kind: ProblemKind::UnreadableLetter,
        message,
        span: lines.span(letter.at, Some(letter.end)),
        label: String::new(),
        help: Some(help),
    }
}

/// "the squares of the e-file", "the squares of rank 1", or "14 of the 64 squares".
fn squares_described(failed: &[(String, Square)]) -> String {
    let files: Vec<File> = failed.iter().map(|(_, s)| s.file()).collect();
    let ranks: Vec<Rank> = failed.iter().map(|(_, s)| s.rank()).collect();
    if failed.len() == 64 {
        "any square".to_owned()
    } else if failed.len() == 8 && files.iter().all(|f| *f == files[0]) {
        format!("the squares of the {}-file", files[0].char())
    } else if failed.len() == 8 && ranks.iter().all(|r| *r == ranks[0]) {
        format!("the squares of rank {}", ranks[0].char())
    } else {
        format!(
            "{} of the 64 square{}",
            failed.len(),
            if failed.len() == 1 { "" } else { "s" }
        )
    }
}
