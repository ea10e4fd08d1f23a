//! Detecting the language (and notation) of a score: letters narrow the candidates, the board
//! decides.
//!
//! Letters never decide alone: `B` is a bishop in English and a rook in Hungarian, `R` a rook in
//! English and a knight in Finnish. First the characters that start move tokens narrow the
//! candidate languages (no parse at all); then each remaining candidate reads the first games
//! and the one whose moves stay legal longest wins. When the board never decides (`1. h4 h5
//! 2. Rh3` is legal in English and in Finnish), the [`PREFERENCE`] order decides and a warning
//! says so.

use std::collections::BTreeSet;

use shakmaty::Move;

use crate::check::{CheckError, check_game};
use crate::diagnostic::{Diagnostic, Problem};
use crate::grammar::{LANGUAGE_FILES, LanguageFile, ParserEntry, parser_for};
use crate::span::Span;

/// Languages preferred when the board cannot tell them apart, most preferred first; the
/// others follow in the order of `grammars/lang/`.
pub const PREFERENCE: &[&str] = &["en", "de", "fr", "es", "ru", "it", "nl", "pt", "pl", "bg"];

/// (complete games, resolved main-line plies, fewer errors): higher is better.
type Score = (usize, usize, usize);
/// A game's main line as read (`None` = null move).
type MainLine = Vec<Option<Move>>;

/// Games read per candidate while the board has not decided.
const MAX_GAMES: usize = 8;

/// The outcome of detection.
#[derive(Clone, Debug)]
pub struct Detection {
    /// Notation name.
    pub notation: &'static str,
    /// ISO 639-1 code.
    pub lang: &'static str,
    /// The parser to use.
    pub parser: &'static ParserEntry,
    /// A warning when the choice was made by preference, not by the board.
    pub warning: Option<Diagnostic>,
}

/// Chooses notation and language for a file.
///
/// # Errors
/// When a notation or language is named that has no grammar.
pub fn detect(
    text: &str,
    games: &[Span],
    notation: &str,
    lang: &str,
) -> Result<Detection, CheckError> {
    let letterless = |name: &'static str, code: &'static str| -> Result<Detection, CheckError> {
        let parser = parser_for(name, "").ok_or_else(|| CheckError::UnknownGrammar {
            notation: name.into(),
            lang: lang.into(),
        })?;
        Ok(Detection {
            notation: name,
            lang: code,
            parser,
            warning: None,
        })
    };
    match notation {
        "algebraic" | "san" => detect_language(text, games, lang),
        "descriptive" => letterless("descriptive", "en"),
        "descriptive_es" | "descriptive-es" => letterless("descriptive_es", "es"),
        "auto" => {
            let algebraic = detect_language(text, games, lang)?;
            let (english, spanish) = descriptive_hints(text, games);
            if !english && !spanish {
                return Ok(algebraic);
            }
            // The board decides between the notations the text may be in; algebraic wins ties.
            let mut best = (board_score(algebraic.parser, text, games).0, algebraic);
            for (name, code, hinted) in [
                ("descriptive", "en", english),
                ("descriptive_es", "es", spanish),
            ] {
                if !hinted {
                    continue;
                }
                let d = letterless(name, code)?;
                let score = board_score(d.parser, text, games).0;
                if score > best.0 {
                    best = (score, d);
                }
            }
            Ok(best.1)
        }
        other => Err(CheckError::UnknownGrammar {
            notation: other.into(),
            lang: lang.into(),
        }),
    }
}

/// Does the movetext look like English descriptive (`P-K4`, `NxP`, `Castles`) or Spanish
/// descriptive (`P4R`, `C3AR`)? A cheap scan of the first games' tokens, no parse.
fn descriptive_hints(text: &str, games: &[Span]) -> (bool, bool) {
    let mut english = false;
    let mut spanish = false;
    for span in games.iter().take(MAX_GAMES) {
        for token in text[span.start..span.end].split_whitespace().take(400) {
            let t = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            let b = t.as_bytes();
            if b.len() < 2 {
                continue;
            }
            let upper = |c: u8| c.is_ascii_uppercase();
            // English: a piece letter, then (after more letters and digits) `-` or `x` and a capital.
            if b"KQRBNP".contains(&b[0])
                && let Some(i) = t.find(['-', 'x', '×', ':'])
            {
                let after = t[i..].chars().nth(1);
                if after.is_some_and(|c| "KQRBNP".contains(c))
                    && t[..i].bytes().all(|c| {
                        upper(c)
                            || c.is_ascii_digit()
                            || c == b't'
                            || c == b'n'
                            || c == b'('
                            || c == b')'
                    })
                {
                    english = true;
                }
            }
            if t.starts_with("Castles") || t.starts_with("castles") {
                english = true;
            }
            // Spanish: a piece letter (and wing), a rank digit, a file letter: P4R, C3AR, CR3AR.
            if b"PCATDR".contains(&b[0])
                && let Some(i) = t.find(|c: char| c.is_ascii_digit())
            {
                let next = t.as_bytes().get(i + 1).copied();
                if i <= 3
                    && next.is_some_and(|c| b"TCADR".contains(&c))
                    && t[..i].bytes().all(upper)
                {
                    spanish = true;
                }
            }
            if english && spanish {
                return (true, true);
            }
        }
    }
    (english, spanish)
}

/// Chooses the language of algebraic notation.
fn detect_language(text: &str, games: &[Span], lang: &str) -> Result<Detection, CheckError> {
    let notation: &'static str = "algebraic";
    if lang != "auto" {
        let Some(file) = crate::grammar::language(lang) else {
            return Err(CheckError::UnknownGrammar {
                notation: notation.into(),
                lang: lang.into(),
            });
        };
        let code = file
            .codes
            .iter()
            .find(|c| **c == lang)
            .copied()
            .unwrap_or(file.codes[0]);
        let parser = parser_for(notation, code).ok_or_else(|| CheckError::UnknownGrammar {
            notation: notation.into(),
            lang: lang.into(),
        })?;
        return Ok(Detection {
            notation,
            lang: code,
            parser,
            warning: None,
        });
    }
    let starts = token_starts(text, games);
    let mut candidates = narrow(&starts);
    candidates.sort_by_key(|l| preference_rank(l));
    type Scored = (&'static LanguageFile, (Score, Vec<MainLine>));
    let by_board = |cands: &[&'static LanguageFile]| -> Vec<Scored> {
        cands
            .iter()
            .filter_map(|l| parser_for(notation, l.codes[0]).map(|p| (*l, p)))
            .map(|(l, p)| (l, board_score(p, text, games)))
            .collect()
    };
    let english = LANGUAGE_FILES
        .iter()
        .find(|l| l.codes.contains(&"en"))
        .unwrap_or(&LANGUAGE_FILES[0]);
    let first = candidates.first().copied().unwrap_or(english);
    if candidates.len() <= 1 {
        let parser =
            parser_for(notation, first.codes[0]).ok_or_else(|| CheckError::UnknownGrammar {
                notation: notation.into(),
                lang: first.codes[0].into(),
            })?;
        return Ok(Detection {
            notation,
            lang: first.codes[0],
            parser,
            warning: None,
        });
    }
    let scored = by_board(&candidates);
    // Best score; the sort above made ties keep the preference order.
    let best = scored.iter().map(|(_, s)| s.0).max().unwrap_or_default();
    let tied: Vec<&Scored> = scored.iter().filter(|(_, s)| s.0 == best).collect();
    let chosen = tied.first().map(|t| t.0).unwrap_or(first);
    // Languages that read the same moves (same letters for the pieces used) are no rival.
    let chosen_moves = tied.first().map(|t| &t.1.1);
    let mut winners: Vec<&'static LanguageFile> = vec![chosen];
    winners.extend(
        tied.iter()
            .skip(1)
            .filter(|t| Some(&t.1.1) != chosen_moves)
            .map(|t| t.0),
    );
    let parser =
        parser_for(notation, chosen.codes[0]).ok_or_else(|| CheckError::UnknownGrammar {
            notation: notation.into(),
            lang: chosen.codes[0].into(),
        })?;
    let warning = (winners.len() > 1 && best.1 > 0).then(|| {
        let others: Vec<String> = winners[1..]
            .iter()
            .map(|l| format!("{} (`--lang {}`)", l.names.first().copied().unwrap_or(l.codes[0]), l.codes[0]))
            .collect();
        let at = games.first().copied().unwrap_or_default();
        Diagnostic::new(
            Problem::LanguageUndecided {
                chosen: chosen.names.first().copied().unwrap_or(chosen.codes[0]).into(),
                others: others.join(", "),
            },
            Span::new(at.start, at.start),
        )
        .help(format!(
            "the moves are legal in each of these languages; scoresheet prefers {} (order: {}). Give --lang to choose",
            chosen.codes[0],
            PREFERENCE.join(", ")
        ))
    });
    Ok(Detection {
        notation,
        lang: chosen.codes[0],
        parser,
        warning,
    })
}

fn preference_rank(l: &LanguageFile) -> usize {
    l.codes
        .iter()
        .filter_map(|c| PREFERENCE.iter().position(|p| p == c))
        .min()
        .unwrap_or(PREFERENCE.len())
}

/// (complete games, resolved main-line plies, -errors) of the first games read with `parser`,
/// and the main lines read.
fn board_score(parser: &ParserEntry, text: &str, games: &[Span]) -> (Score, Vec<MainLine>) {
    let mut lines = Vec::new();
    let mut complete = 0;
    let mut plies = 0;
    let mut errors = 0usize;
    for (i, span) in games.iter().take(MAX_GAMES).enumerate() {
        let syntax = (parser.parse)(&text[span.start..span.end], span.start);
        let g = check_game(i + 1, syntax, text, parser);
        if g.complete {
            complete += 1;
        }
        plies += g.mainline.len();
        lines.push(g.mainline);
        errors += g
            .diagnostics
            .iter()
            .filter(|d| d.severity == crate::diagnostic::Severity::Error)
            .count();
    }
    ((complete, plies, usize::MAX - errors), lines)
}

/// The languages whose letters explain the characters that start move tokens, best first.
fn narrow(starts: &BTreeSet<char>) -> Vec<&'static LanguageFile> {
    // Piece letters count first; a pawn letter (rarely written) only breaks ties.
    let starts_of = |alts: &[&str]| -> BTreeSet<char> {
        alts.iter()
            .flat_map(|a| a.split_whitespace())
            .filter_map(|s| s.chars().next())
            .collect()
    };
    let scored: Vec<(&'static LanguageFile, (usize, usize))> = LANGUAGE_FILES
        .iter()
        .map(|l| {
            let pieces = starts_of(&l.letters[..5]);
            let pawn = starts_of(&l.letters[5..]);
            let p = starts.iter().filter(|c| pieces.contains(c)).count();
            let q = starts
                .iter()
                .filter(|c| pawn.contains(c) && !pieces.contains(c))
                .count();
            (l, (p, q))
        })
        .collect();
    let best = scored.iter().map(|(_, n)| *n).max().unwrap_or((0, 0));
    scored
        .into_iter()
        .filter(|(_, n)| *n == best)
        .map(|(l, _)| l)
        .collect()
}

/// Characters that start move-like tokens in the movetext of the first games: letters other
/// than the file letters a–h and the castling O, and any non-ASCII character that is not a
/// figurine or a sign.
pub fn token_starts(text: &str, games: &[Span]) -> BTreeSet<char> {
    let mut set = BTreeSet::new();
    for span in games.iter().take(MAX_GAMES) {
        let game = &text[span.start..span.end];
        let mut in_comment = 0usize;
        for line in game.lines() {
            let t = line.trim_start();
            if in_comment == 0 && (t.starts_with('[') || t.starts_with('%')) {
                continue;
            }
            for token in line.split_whitespace() {
                let mut rest = token;
                // Skip comments.
                if in_comment > 0 || rest.starts_with('{') {
                    in_comment += rest.matches('{').count();
                    in_comment = in_comment.saturating_sub(rest.matches('}').count());
                    continue;
                }
                if rest.starts_with(';') {
                    break;
                }
                rest = rest.trim_start_matches(|c: char| {
                    c.is_ascii_digit() || c == '.' || c == '…' || c == '('
                });
                let mut chars = rest.chars();
                let Some(c) = chars.next() else { continue };
                let castling = matches!(c, 'O' | 'o' | 'О')
                    && matches!(chars.next(), Some('-' | '‑' | '–' | '—'));
                if c.is_alphabetic() && !matches!(c, 'a'..='h' | 'x') && !castling && !is_sign(c) {
                    set.insert(c);
                }
                if set.len() > 32 {
                    return set;
                }
            }
        }
    }
    set
}

fn is_sign(c: char) -> bool {
    matches!(
        c,
        '♔'..='♟' | '×' | '‡' | '†' | '±' | '∓' | '∞' | '⩲' | '⩱' | '□'
    )
}
