//! Detecting the language (and notation) of a score: letters narrow the candidates, the board
//! decides.
//!
//! Letters never decide alone: `B` is a bishop in English and a rook in Hungarian, `R` a rook in
//! English and a knight in Finnish. First the characters that start move tokens narrow the
//! candidate languages (no parse at all); then each remaining candidate reads the first games
//! and the one whose moves stay legal longest wins. When the board never decides (`1. h4 h5
//! 2. Rh3` is legal in English and in Finnish), the [`PREFERENCE`] order decides and a warning
//! says so.
//!
//! The notation (`--notation auto`) is chosen the same way: a cheap scan of the first games'
//! tokens says which notations the text may be in (`P-K4` descriptive, `P4R` Spanish
//! descriptive, `e2e4` UCI, `e4d5p` Smith, `E2-E4` coordinate, `5254` ICCF numeric); each of
//! those reads the first games, and the one whose moves stay legal longest, with the fewest
//! errors and then the fewest warnings, wins. Algebraic, which also reads the long forms,
//! wins ties.

use std::collections::BTreeSet;

use shakmaty::Move;

use crate::check::game::check_game;
use crate::check::types::{CheckError, Choice, LangCode};
use crate::diagnostic::{Diagnostic, Problem};
use crate::span::Span;
use crate::syntax::MoveBody;
use crate::syntax::grammar::{Language, LanguageFile, Notation, Parser, ParserEntry, Registry};
use crate::syntax::walker::{WrittenForm, written_form};
use std::borrow::Cow;

/// Languages preferred when the board cannot tell them apart, most preferred first; the
/// others follow in the order of `grammars/lang/`.
pub(crate) const PREFERENCE: &[&str] =
    &["en", "de", "fr", "es", "ru", "it", "nl", "pt", "pl", "bg"];

mod fit;
pub(crate) use fit::customs_fit;

/// (complete games, resolved main-line plies, fewer errors): higher is better.
pub(crate) type Score = (usize, usize, usize);
/// A game's main line as read (`None` = null move).
pub(crate) type MainLine = Vec<Option<Move>>;
/// How one parser read a text on the board: its score, the main lines it read, and how many
/// marks of the text are its language's own customs ([`customs_fit`], the tie-breaker when
/// the board reads the moves alike in several languages).
pub(crate) type Reading = (Score, Vec<MainLine>, usize);

/// The language reported for a notation without piece letters (UCI, Smith, ICCF numeric,
/// coordinate).
pub(crate) const NO_LANGUAGE: &str = "none";

/// Games read per candidate while the board has not decided.
const MAX_GAMES: usize = 8;

/// Bytes of each game that detection reads: the first moves decide, and a huge game (a
/// megabyte-long comment, token or line) costs every candidate no more than this.
pub(crate) const WINDOW_BYTES: usize = 16 * 1024;

/// The first games, each cut to about [`WINDOW_BYTES`] at white space (at a character
/// boundary when the window holds none): what detection reads of them.
fn windows(text: &str, games: &[Span]) -> Vec<Span> {
    games
        .iter()
        .take(MAX_GAMES)
        .map(|g| {
            if g.end - g.start <= WINDOW_BYTES {
                return *g;
            }
            let mut end = g.start + WINDOW_BYTES;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let cut = text[g.start..end]
                .rfind(char::is_whitespace)
                .filter(|&i| i > 0)
                .map_or(end, |i| g.start + i);
            Span::new(g.start, cut.max(g.start))
        })
        .collect()
}

/// The outcome of detection.
#[derive(Clone, Debug)]
pub(crate) struct Detection {
    /// Notation name.
    pub notation: &'static str,
    /// ISO 639-1 code (or a user language's code).
    pub lang: Cow<'static, str>,
    /// The parser to use.
    pub parser: Parser,
    /// A warning when the choice was made by preference, not by the board.
    pub warning: Option<Diagnostic>,
}

/// Chooses notation and language for a file.
///
/// # Errors
/// When a notation or language is named that has no grammar.
pub(crate) fn detect(
    registry: &Registry,
    text: &str,
    games: &[Span],
    notation: Choice<Notation>,
    lang: &Choice<LangCode>,
) -> Result<Detection, CheckError> {
    let windows = windows(text, games);
    let games = windows.as_slice();
    let letterless = |n: Notation, code: &'static str| -> Result<Detection, CheckError> {
        let name = n.name();
        let parser = registry
            .parser_for(name, "")
            .ok_or_else(|| CheckError::UnknownGrammar {
                notation: name.into(),
                lang: lang.to_string(),
            })?;
        Ok(Detection {
            notation: name,
            lang: Cow::Borrowed(code),
            parser,
            warning: None,
        })
    };
    // Exhaustive: a new notation grammar is read only once it is handled here.
    match notation {
        Choice::Given(Notation::Algebraic) => detect_language(registry, text, games, lang),
        Choice::Given(n @ Notation::Descriptive) => letterless(n, "en"),
        Choice::Given(n @ Notation::DescriptiveEs) => letterless(n, "es"),
        Choice::Given(
            n @ (Notation::Coordinate | Notation::Uci | Notation::Smith | Notation::Iccf),
        ) => letterless(n, NO_LANGUAGE),
        Choice::Auto => {
            let (english, spanish) = descriptive_hints(text, games);
            let squares = square_hints(text, games);
            if !english && !spanish && squares == SquareHints::default() {
                return detect_language(registry, text, games, lang);
            }
            let mut others = Vec::new();
            for (name, code, hinted) in [
                (Notation::Uci, NO_LANGUAGE, squares.uci),
                (Notation::Smith, NO_LANGUAGE, squares.smith),
                (Notation::Coordinate, NO_LANGUAGE, squares.coordinate),
                (Notation::Iccf, NO_LANGUAGE, squares.iccf),
                (Notation::Descriptive, "en", english),
                (Notation::DescriptiveEs, "es", spanish),
            ] {
                if hinted {
                    others.push(letterless(name, code)?);
                }
            }
            // The grammars first (a parse, no board): a notation that leaves more tokens
            // unread than another is not the one the text is in.
            let mut with_algebraic = true;
            if squares != SquareHints::default() {
                let counts: Vec<usize> = others
                    .iter()
                    .map(|d| unread(&d.parser, text, games))
                    .collect();
                // Algebraic in the languages whose letters start the move tokens (any one when
                // no letter does: they read letterless moves alike).
                let starts = token_starts(text, games);
                let langs: Vec<Cow<'static, str>> = if starts.is_empty() {
                    vec![Cow::Borrowed(PREFERENCE[0])]
                } else {
                    narrow(registry, &starts)
                        .iter()
                        .map(|l| l.codes[0].clone())
                        .collect()
                };
                let algebraic = langs
                    .iter()
                    .filter_map(|code| registry.parser_for("algebraic", code))
                    .map(|p| unread(&p, text, games))
                    .min();
                let least = counts
                    .iter()
                    .chain(algebraic.iter())
                    .copied()
                    .min()
                    .unwrap_or(0);
                let mut i = 0;
                others.retain(|_| {
                    i += 1;
                    counts[i - 1] == least
                });
                with_algebraic = algebraic.is_none_or(|u| u == least);
            }
            // The board decides between the notations left; algebraic wins ties, then the
            // order above.
            let mut best = if with_algebraic {
                let algebraic = detect_language(registry, text, games, lang)?;
                Some((
                    notation_score(registry, &algebraic.parser, text, games),
                    algebraic,
                ))
            } else {
                None
            };
            if best.is_none() && others.len() == 1 {
                return Ok(others.remove(0));
            }
            for d in others {
                let score = notation_score(registry, &d.parser, text, games);
                if best.as_ref().is_none_or(|b| score > b.0) {
                    best = Some((score, d));
                }
            }
            match best {
                Some((_, d)) => Ok(d),
                None => detect_language(registry, text, games, lang),
            }
        }
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
            // English: a piece letter, then (after more letters and digits) a dash (`-`, or a
            // typographic one as in `P–K4`) or a capture sign, and a capital.
            if b"KQRBNP".contains(&b[0])
                && let Some(i) = t.find(['-', '‑', '‐', '–', '—', '−', 'x', '×', ':'])
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

/// Which notations without piece letters the movetext may be in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct SquareHints {
    /// `e2e4`, `e7e8q`.
    uci: bool,
    /// `e4d5p`, `e1g1c`, `e7e8Q`.
    smith: bool,
    /// `E2-E4`, `e2-e4`, `b5xd7`, or look-alike capitals (`Е2-Е4`).
    coordinate: bool,
    /// `5254`, `57581`.
    iccf: bool,
}

/// A cheap scan of the first games' tokens for moves written as squares only, no parse.
fn square_hints(text: &str, games: &[Span]) -> SquareHints {
    let mut h = SquareHints::default();
    // A file letter in either case, or a Cyrillic or Greek capital that looks like one.
    let file = |c: char| {
        matches!(
            c,
            'a'..='h' | 'A'..='H' | 'А' | 'В' | 'С' | 'Е' | 'Н' | 'а' | 'с' | 'е' | 'Α' | 'Β' | 'Ε' | 'Η'
        )
    };
    let rank = |c: char| matches!(c, '1'..='8');
    for span in games.iter().take(MAX_GAMES) {
        for token in text[span.start..span.end].split_whitespace().take(400) {
            // A move number glued to its move (`1.e2e4`), then the marks after the move.
            let t = token.rsplit(['.', '…']).next().unwrap_or(token);
            let t = t.trim_end_matches(['+', '#', '!', '?']);
            let c: Vec<char> = t.chars().take(8).collect();
            if c.len() >= 4 && c.len() <= 5 && c.iter().all(char::is_ascii_digit) {
                let digits = |d: &[char]| d.iter().all(|&d| ('1'..='8').contains(&d));
                h.iccf |= digits(&c[..4]) && c.get(4).is_none_or(|&p| ('1'..='4').contains(&p));
                continue;
            }
            if c.len() < 4 || !file(c[0]) || !rank(c[1]) {
                continue;
            }
            let sep = matches!(c[2], '-' | '‑' | '–' | '—' | 'x' | '×' | ':');
            let rest = if sep { &c[3..] } else { &c[2..] };
            if rest.len() < 2 || !file(rest[0]) || !rank(rest[1]) {
                continue;
            }
            // Coordinate notation reads every such move (marks optional).
            h.coordinate = true;
            let lower = c[0].is_ascii_lowercase() && rest[0].is_ascii_lowercase();
            let tail = &rest[2..];
            if sep || !lower {
                continue;
            }
            match tail {
                [] => h.uci = true,
                ['q' | 'r' | 'b' | 'n'] => {
                    h.uci = true;
                    h.smith = true;
                }
                ['p' | 'k' | 'E' | 'c' | 'C']
                | ['N' | 'B' | 'R' | 'Q']
                | [
                    'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'E',
                    'N' | 'B' | 'R' | 'Q',
                ] => h.smith = true,
                _ => {}
            }
        }
    }
    h
}

/// Move-like tokens of the first games that `parser`'s grammar cannot read (a parse only).
fn unread(parser: &ParserEntry, text: &str, games: &[Span]) -> usize {
    games
        .iter()
        .take(MAX_GAMES)
        .map(|span| (parser.parse)(&text[span.start..span.end], span.start).unknown_count())
        .sum()
}

/// How well a notation's parser reads the first games: (complete games, resolved main-line
/// plies, fewer errors), then fewer warnings, then whether the notation explains the text:
/// algebraic only when some move uses its letters or short forms (`e2-e4 e7-e5 g1-f3` is
/// coordinate notation even though algebraic reads it too).
fn notation_score(
    registry: &Registry,
    parser: &ParserEntry,
    text: &str,
    games: &[Span],
) -> (Score, usize, bool) {
    let mut warnings = 0usize;
    let mut fits = parser.notation != "algebraic";
    let mut score = (0, 0, usize::MAX);
    let mut errors = 0usize;
    for (i, span) in games.iter().take(MAX_GAMES).enumerate() {
        let syntax = (parser.parse)(&text[span.start..span.end], span.start);
        let g = check_game(i + 1, syntax, text, parser, registry);
        if !fits {
            fits = g.syntax.root.moves().any(|tok| {
                let src = text.get(tok.span.start..tok.span.end).unwrap_or("");
                matches!(tok.body, MoveBody::Normal(n) if n.role_written)
                    || written_form(tok, src) == Some(WrittenForm::Short)
            });
        }
        score.0 += usize::from(g.complete);
        score.1 += g.mainline.len();
        for d in &g.diagnostics {
            match d.severity {
                crate::diagnostic::Severity::Error => errors += 1,
                crate::diagnostic::Severity::Warning => warnings += 1,
                crate::diagnostic::Severity::Advice => {}
            }
        }
    }
    score.2 -= errors;
    (score, usize::MAX - warnings, fits)
}

/// Chooses the language of algebraic notation.
fn detect_language(
    registry: &Registry,
    text: &str,
    games: &[Span],
    lang: &Choice<LangCode>,
) -> Result<Detection, CheckError> {
    let notation: &'static str = "algebraic";
    if let Choice::Given(code) = lang {
        let parser = registry.parser_for(notation, code.code()).ok_or_else(|| {
            CheckError::UnknownGrammar {
                notation: notation.into(),
                lang: code.to_string(),
            }
        })?;
        return Ok(Detection {
            notation,
            lang: code.shared_code(),
            parser,
            warning: None,
        });
    }
    let starts = token_starts(text, games);
    let at = games.first().copied().unwrap_or_default();
    choose(registry, &starts, at, &|p| {
        board_score(registry, &p, text, games)
    })
}

/// Games detected one by one to find the language most of a document is in.
pub(crate) const MAJORITY_GAMES: usize = 32;

/// Reads the prose of a document with a parser: finds the move fragments it reads and reads
/// them on the board, in order.
pub(crate) type ProseReader<'a> = dyn Fn(Parser) -> Reading + 'a;

/// Chooses notation and language for a document of games and moves in prose, by the board:
/// each of the first games alone, then the language and notation most games are in (the
/// first game's on a tie), so that one game in another language cannot decide. Without
/// games, the moves of the prose (`prose`: its text and its reader) decide.
///
/// Returns the document's detection and each game's own (`None` past the first games, or
/// for a single game).
///
/// # Errors
/// When a notation or language is named that has no grammar.
pub(crate) fn detect_document(
    registry: &Registry,
    text: &str,
    games: &[Span],
    prose: Option<(&str, &ProseReader<'_>)>,
    notation: Choice<Notation>,
    lang: &Choice<LangCode>,
) -> Result<(Detection, Vec<Option<Detection>>), CheckError> {
    // Only the first games are detected alone: the list holds no more (a document of 300,000
    // games held a `None` of 300 bytes for each).
    let per_game: Vec<Option<Detection>> = games
        .iter()
        .take(MAJORITY_GAMES)
        .enumerate()
        .map(|(i, g)| {
            (games.len() > 1 && i < MAJORITY_GAMES)
                .then(|| detect(registry, text, std::slice::from_ref(g), notation, lang).ok())
                .flatten()
        })
        .collect();
    let mut tally: Vec<(&Parser, usize)> = Vec::new();
    for d in per_game.iter().flatten().filter(|d| d.warning.is_none()) {
        match tally.iter_mut().find(|(p, _)| p.same(&d.parser)) {
            Some((_, n)) => *n += 1,
            None => tally.push((&d.parser, 1)),
        }
    }
    let top = tally.iter().map(|(_, n)| *n).max().unwrap_or(0);
    let majority = tally.iter().find(|(_, n)| *n == top).map(|(p, _)| *p);
    let chosen = majority.and_then(|m| {
        per_game
            .iter()
            .flatten()
            .find(|d| d.parser.same(m))
            .cloned()
    });
    let chosen = match (chosen, prose) {
        (Some(d), _) => d,
        (None, Some((prose, read))) if games.is_empty() => {
            detect_prose(registry, prose, notation, lang, read)?
        }
        (None, _) => detect(registry, text, games, notation, lang)?,
    };
    let chosen = match prose {
        Some((_, read))
            if !games.is_empty()
                && matches!(lang, Choice::Auto)
                && chosen.notation == "algebraic"
                && chosen.warning.is_none() =>
        {
            let first = &games[..games.len().min(MAJORITY_GAMES)];
            settle_by_prose(registry, text, first, chosen, read)
        }
        _ => chosen,
    };
    Ok((chosen, per_game))
}

/// Among the languages that read the first games move for move as `chosen`'s does, the one
/// that reads the moves in the prose best (`chosen` on a tie): Turkish and Azerbaijani read
/// `Af3 Fb5` alike, and a chapter's `6. Ke1` (a Turkish rook, an Azerbaijani king) tells
/// them apart. Languages with `chosen`'s letters for every piece (the pawn's aside) are not
/// read again.
fn settle_by_prose(
    registry: &Registry,
    text: &str,
    games: &[Span],
    chosen: Detection,
    read: &ProseReader<'_>,
) -> Detection {
    let Some(own) = registry.language(&chosen.lang) else {
        return chosen;
    };
    let mut rivals: Vec<Language> = narrow(registry, &token_starts(text, games))
        .into_iter()
        .filter(|l| l.letters[..5] != own.letters[..5])
        .collect();
    if rivals.is_empty() {
        return chosen;
    }
    rivals.sort_by_key(|l| preference_rank(l));
    let games_read = board_score(registry, &chosen.parser, text, games);
    let mut best = read(chosen.parser.clone()).0;
    let mut pick = None;
    for l in rivals {
        let Some(parser) = registry.parser_for(chosen.notation, l.code()) else {
            continue;
        };
        // The same score and the same moves: the games do not tell the two apart.
        let (games_score, lines, _) = board_score(registry, &parser, text, games);
        if (games_score, &lines) != (games_read.0, &games_read.1) {
            continue;
        }
        let score = read(parser.clone()).0;
        if score > best {
            best = score;
            pick = Some(Detection {
                notation: chosen.notation,
                lang: l.codes[0].clone(),
                parser,
                warning: None,
            });
        }
    }
    pick.unwrap_or(chosen)
}

/// Chooses the language of the moves written in prose (no games around them): the letters
/// that start its move-like words narrow the candidates, and `read` (which finds the
/// fragments a parser reads and reads them on the board, in order) decides between them.
///
/// # Errors
/// When a notation or language is named that has no grammar.
pub(crate) fn detect_prose(
    registry: &Registry,
    prose: &str,
    notation: Choice<Notation>,
    lang: &Choice<LangCode>,
    read: &ProseReader<'_>,
) -> Result<Detection, CheckError> {
    if matches!(lang, Choice::Given(_))
        || !matches!(notation, Choice::Auto | Choice::Given(Notation::Algebraic))
    {
        return detect(registry, prose, &[], notation, lang);
    }
    let words = crate::check::prose::coverage_words(prose);
    let starts: BTreeSet<char> = words
        .iter()
        .filter_map(|w| prose[w.start..w.end].chars().next())
        .filter(|&c| c.is_alphabetic() && !matches!(c, 'a'..='h' | 'x' | 'O' | 'o' | 'О'))
        .filter(|&c| !is_sign(c))
        .collect();
    if starts.is_empty() {
        // No piece letter: every language reads the moves alike.
        return detect_language(registry, prose, &[], lang);
    }
    let at = words
        .first()
        .map_or_else(Span::default, |w| Span::new(w.start, w.start));
    choose(registry, &starts, at, read)
}

/// Chooses among the languages whose letters explain `starts` by how `read` reads the text
/// with each: the best board score wins; on a tie the language whose customs the text writes
/// most ([`customs_fit`]: Spanish `a.p.`, Bulgarian `:` and `X`…), then the [`PREFERENCE`]
/// order, with a warning (at `at`) when the tied languages read different moves.
fn choose(
    registry: &Registry,
    starts: &BTreeSet<char>,
    at: Span,
    read: &ProseReader<'_>,
) -> Result<Detection, CheckError> {
    let notation: &'static str = "algebraic";
    let mut candidates = narrow(registry, starts);
    candidates.sort_by_key(|l| preference_rank(l));
    type Scored = (Language, Reading);
    let english = registry.language("en").expect("English is built in");
    let first = candidates.first().cloned().unwrap_or(english);
    if candidates.len() <= 1 {
        let parser = registry.parser_for(notation, first.code()).ok_or_else(|| {
            CheckError::UnknownGrammar {
                notation: notation.into(),
                lang: first.code().into(),
            }
        })?;
        return Ok(Detection {
            notation,
            lang: first.codes[0].clone(),
            parser,
            warning: None,
        });
    }
    let scored: Vec<Scored> = candidates
        .iter()
        .filter_map(|l| {
            registry
                .parser_for(notation, l.code())
                .map(|p| (l.clone(), p))
        })
        .map(|(l, p)| (l, read(p)))
        .collect();
    // Best score; among the tied, the one whose customs the text writes most; the sort above
    // made ties keep the preference order.
    let best = scored.iter().map(|(_, s)| s.0).max().unwrap_or_default();
    let tied: Vec<&Scored> = scored.iter().filter(|(_, s)| s.0 == best).collect();
    let most_fit = tied.iter().map(|t| t.1.2).max().unwrap_or(0);
    let pick = tied.iter().position(|t| t.1.2 == most_fit).unwrap_or(0);
    let by_customs = pick > 0;
    let chosen = tied.get(pick).map_or(first, |t| t.0.clone());
    // Languages that read the same moves (same letters for the pieces used) are no rival.
    let chosen_moves = tied.get(pick).map(|t| &t.1.1);
    let mut winners: Vec<&LanguageFile> = vec![&chosen];
    winners.extend(
        tied.iter()
            .enumerate()
            .filter(|(i, t)| *i != pick && Some(&t.1.1) != chosen_moves)
            .map(|(_, t)| &*t.0),
    );
    let parser = registry
        .parser_for(notation, chosen.code())
        .ok_or_else(|| CheckError::UnknownGrammar {
            notation: notation.into(),
            lang: chosen.code().into(),
        })?;
    let warning = (winners.len() > 1 && best.1 > 0).then(|| {
        let others: Vec<String> = winners[1..]
            .iter()
            .map(|l| format!("{} (`--lang {}`)", l.name(), l.code()))
            .collect();
        Diagnostic::new(
            Problem::LanguageUndecided {
                chosen: chosen.name().into(),
                others: others.join(", "),
            },
            Span::new(at.start, at.start),
        )
        .help(if by_customs {
            format!(
                "the moves are legal in each of these languages; scoresheet prefers {}, whose customs the text writes ({}). Give --lang to choose",
                chosen.code(),
                chosen.read_customs()
            )
        } else {
            format!(
                "the moves are legal in each of these languages; scoresheet prefers {} (order: {}). Give --lang to choose",
                chosen.code(),
                PREFERENCE.join(", ")
            )
        })
    });
    Ok(Detection {
        notation,
        lang: chosen.codes[0].clone(),
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
/// the main lines read, and how many marks are the language's own customs.
fn board_score(registry: &Registry, parser: &ParserEntry, text: &str, games: &[Span]) -> Reading {
    let mut lines = Vec::new();
    let mut complete = 0;
    let mut plies = 0;
    let mut errors = 0usize;
    let mut fit = 0;
    let customs = parser.language.as_deref().map(LanguageFile::read_customs);
    for (i, span) in games.iter().take(MAX_GAMES).enumerate() {
        let syntax = (parser.parse)(&text[span.start..span.end], span.start);
        let g = check_game(i + 1, syntax, text, parser, registry);
        if let Some(c) = &customs {
            fit += customs_fit(&g.syntax, text, c);
        }
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
    ((complete, plies, usize::MAX - errors), lines, fit)
}

/// The languages whose letters explain the characters that start move tokens, best first.
fn narrow(registry: &Registry, starts: &BTreeSet<char>) -> Vec<Language> {
    // Piece letters count first; a pawn letter (rarely written) only breaks ties.
    let starts_of = |alts: &[Cow<'static, str>]| -> BTreeSet<char> {
        alts.iter()
            .flat_map(|a| a.split_whitespace())
            .filter_map(|s| s.chars().next())
            .collect()
    };
    let scored: Vec<(Language, (usize, usize))> = registry
        .languages()
        .into_iter()
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

/// Characters that start move-like tokens (tokens with a digit) in the movetext of the first
/// games: letters other than the file letters a–h and the castling O, and any non-ASCII
/// character that is not a figurine or a sign.
pub(crate) fn token_starts(text: &str, games: &[Span]) -> BTreeSet<char> {
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
                // A piece move names its square, so holds a digit; words (`Draw agreed.`,
                // `mate`, `White resigns`) do not.
                if !rest.bytes().any(|b| b.is_ascii_digit()) {
                    continue;
                }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::split::split_games;
    use crate::syntax::grammar::builtin_parser as parser_for;

    static BUILTIN: Registry = Registry::builtin();

    fn detect_auto(text: &str) -> Detection {
        let games = split_games(text);
        detect(&BUILTIN, text, &games, Choice::Auto, &Choice::Auto).expect("detects")
    }

    #[test]
    fn a_german_game_is_german_by_the_board() {
        let d = detect_auto("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 *");
        assert_eq!((d.notation, &*d.lang), ("algebraic", "de"));
        assert!(d.warning.is_none());
    }

    #[test]
    fn a_huge_game_is_detected_by_its_first_moves() {
        // A comment of a megabyte after the first moves: detection reads a window of the game
        // (the German moves), not the comment with every candidate.
        let mut text = String::from("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 {");
        text.push_str(&"Sx ".repeat(400_000));
        text.push_str("} 6. Te1 b5 *");
        let games = split_games(&text);
        let w = windows(&text, &games);
        assert_eq!(w.len(), 1);
        assert!(w[0].end - w[0].start <= WINDOW_BYTES, "{:?}", w[0]);
        assert!(text[..w[0].end].ends_with("Sx"), "cut at white space");
        let d = detect_auto(&text);
        assert_eq!((d.notation, &*d.lang), ("algebraic", "de"));
        // A game within the window is read whole.
        let short = "1. e4 e5 *";
        assert_eq!(windows(short, &split_games(short)), split_games(short));
    }

    #[test]
    fn an_english_game_with_bishop_moves_stays_english() {
        // `B` is a bishop in English, a rook in Hungarian, a pawn in German: the board says
        // which reading is the game.
        for text in [
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 *",
            "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Qc2 O-O 5. a3 Bxc3+ 6. Qxc3 b6 7. Bg5 Bb7 *",
            "1. e4 c5 2. Bc4 e6 3. Bb3 Nc6 *",
        ] {
            let d = detect_auto(text);
            assert_eq!((d.notation, &*d.lang), ("algebraic", "en"), "{text}");
            assert!(d.warning.is_none(), "{text}: {:?}", d.warning);
        }
    }

    #[test]
    fn customs_only_break_ties_of_the_board() {
        // Without a bishop move, French and Spanish read the moves alike: the Spanish `a.p.`
        // decides (French is preferred otherwise).
        let d = detect_auto("1. e4 Cf6 2. e5 d5 3. exd6 a.p. Dxd6 4. d4 Cc6 *");
        assert_eq!(d.lang, "es");
        let d = detect_auto("1. e4 Cf6 2. e5 d5 3. exd6 Dxd6 4. d4 Cc6 *");
        assert_eq!(d.lang, "fr");
        // `Fc4` is a French bishop move and no Spanish one: the board decides, whatever the
        // marks.
        let d = detect_auto("1. e4 Cf6 2. e5 d5 3. exd6 a.p. Dxd6 4. Fc4 Cc6 *");
        assert_eq!(d.lang, "fr");
    }

    #[test]
    fn an_ambiguous_short_fragment_is_read_by_preference_with_a_warning() {
        // `R` is a rook in English and a knight in Finnish: `Rh3` is legal either way.
        let d = detect_auto("1. h4 h5 2. Rh3");
        assert_eq!(d.lang, "en");
        let w = d.warning.expect("the choice is said");
        assert!(
            matches!(w.problem, Problem::LanguageUndecided { .. }),
            "{w:?}"
        );
    }

    #[test]
    fn prose_without_piece_letters_is_read_alike_in_every_language() {
        let read = |_: Parser| -> Reading { ((0, 0, usize::MAX), Vec::new(), 0) };
        let d = detect_prose(
            &BUILTIN,
            "After 1.e4 e5 2.d4 exd4 the centre opens.",
            Choice::Auto,
            &Choice::Auto,
            &read,
        )
        .expect("detects");
        assert_eq!(d.lang, "en");
        assert!(d.warning.is_none());
    }

    #[test]
    fn prose_letters_narrow_the_languages_before_the_board() {
        // Only languages whose piece letters include `S` and `L` are read at all.
        let german = parser_for("algebraic", "de").expect("German");
        let english = parser_for("algebraic", "en").expect("English");
        let seen = std::cell::RefCell::new(Vec::new());
        let read = |p: Parser| -> Reading {
            let score = usize::from(std::ptr::eq(&*p, german));
            seen.borrow_mut().push(p);
            ((0, score, usize::MAX), Vec::new(), 0)
        };
        let d = detect_prose(
            &BUILTIN,
            "Nach 1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 spielt Weiß.",
            Choice::Auto,
            &Choice::Auto,
            &read,
        )
        .expect("detects");
        assert_eq!(d.lang, "de");
        assert!(!seen.borrow().iter().any(|p| std::ptr::eq(&**p, english)));
        assert!(!seen.borrow().is_empty());
    }
}
