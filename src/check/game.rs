//! One game checked: every line walked on the board, every problem reported.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position};

use crate::board::descriptive::Origins;
use crate::check::checker::GameChecker;
use crate::check::glued;
use crate::check::line::LineStart;
use crate::check::types::{CheckedGame, MoveState};
use crate::check::words::{join_or, piece_letter_desc};
use crate::diagnostic::{Diagnostic, Problem};
use crate::position::fen::fen_problem;
use crate::position::illegal_reason;
use crate::span::Span;
use crate::syntax::grammar::{ParserEntry, Registry};
use crate::syntax::walker::MAX_DEPTH;
use crate::syntax::{GameSyntax, SyntaxIssue};

/// Most syntax errors reported for one game; past it they are counted in one diagnostic.
const MAX_SYNTAX_ERRORS: usize = 50;

/// Checks one parsed game.
pub(crate) fn check_game(
    number: usize,
    syntax: GameSyntax,
    text: &str,
    parser: &ParserEntry,
    registry: &Registry,
) -> CheckedGame {
    check_game_within(number, syntax, text, parser, registry, false)
}

/// Checks one parsed game; `frugal`: the file's budget of explained errors is spent, so an
/// error is reported without suggestions or repair and its line is read no further.
///
/// Tokens in error that read as two moves typed without a space (`e4e5`, `Nf3Nc6`) are
/// split and the game checked again (see [`crate::check::glued`]).
pub(crate) fn check_game_within(
    number: usize,
    syntax: GameSyntax,
    text: &str,
    parser: &ParserEntry,
    registry: &Registry,
    frugal: bool,
) -> CheckedGame {
    let once = check_once(number, syntax, text, parser, registry, frugal);
    // A score read in the wrong language is not two moves typed without a space at each
    // error: it is not tried (nor is a game read once the file's budget is spent).
    let wrong_language = || {
        once.diagnostics
            .iter()
            .any(|d| d.code() == crate::diagnostic::Code::WrongLanguage)
    };
    if frugal || !once.has_errors() || wrong_language() {
        return once;
    }
    glued::reread(once, text, parser, |syntax| {
        check_once(number, syntax, text, parser, registry, frugal)
    })
}

/// Checks one parsed game as written.
fn check_once(
    number: usize,
    syntax: GameSyntax,
    text: &str,
    parser: &ParserEntry,
    registry: &Registry,
    frugal: bool,
) -> CheckedGame {
    let mut g = GameChecker::new(text, parser, registry, &syntax);
    g.frugal = frugal;
    g.syntax_issues(&syntax);
    // Long and short algebraic in one score (read all the same; a warning).
    g.diags
        .extend(crate::check::mixed::mixed_notation(&syntax, text));
    g.diags
        .extend(crate::check::typed::hand_typed(&syntax, text));
    g.diags.extend(crate::check::typed::cyrillic_mates(
        &syntax,
        text,
        parser.language.as_deref(),
    ));
    let start = g.start_position(&syntax);
    let mut complete = false;
    if let Some(start) = &start {
        let fullmove = start.fullmoves().get();
        let first_ply_offset = u32::from(start.turn() == Color::Black);
        let ctx = LineStart {
            pos: start.clone(),
            origins: Origins::from_position(start),
            ply: 0,
            fullmove,
            first_ply_offset,
            main: true,
            history: Vec::with_capacity(g.mainline.capacity()),
        };
        let end = g.walk_line(&syntax.root, ctx, 0);
        if g.budget.wrong_language {
            let language = g.language_name().to_owned();
            g.budget
                .report_wrong_language(&mut g.diags, text, &language);
        }
        // Moves read on after an error (assumed repairs) do not make the game complete.
        complete = end.complete && !g.main_broken;
        g.results(&syntax, &end);
    }
    for d in &mut g.diags {
        d.game = number;
    }
    g.diags.sort_by_key(|d| (d.span.start, d.severity));
    let repaired = (start.is_some() && !g.repaired_broken).then_some(g.repaired);
    CheckedGame {
        number,
        start,
        moves: g.moves,
        mainline: g.mainline,
        complete,
        diagnostics: g.diags,
        repaired,
        repairs: g.repairs,
        syntax,
    }
}

impl<'a> GameChecker<'a> {
    /// A checker for one game read by `parser`, nothing found yet; its writer and marks are
    /// made when a problem first needs them (see [`GameChecker::writer`]).
    pub(super) fn new(
        text: &'a str,
        parser: &'a ParserEntry,
        registry: &'a Registry,
        syntax: &'a GameSyntax,
    ) -> GameChecker<'a> {
        // The main line's moves, known in advance: its lists are sized once, not grown.
        let main_moves = syntax
            .root
            .items
            .iter()
            .filter(|i| matches!(i, crate::syntax::Item::Move(_)))
            .count();
        GameChecker {
            text,
            parser,
            registry,
            syntax,
            form: std::cell::OnceCell::new(),
            black_figurines: std::cell::OnceCell::new(),
            diags: Vec::new(),
            moves: vec![MoveState::NotChecked; syntax.move_count],
            mainline: Vec::with_capacity(main_moves),
            main_broken: false,
            repairs: Vec::new(),
            repaired: Vec::with_capacity(main_moves),
            repaired_broken: false,
            work: std::cell::Cell::new(0),
            at: std::cell::Cell::new(0),
            budget: crate::check::budget::Budget::default(),
            frugal: false,
        }
    }
}

impl GameChecker<'_> {
    fn syntax_issues(&mut self, syntax: &GameSyntax) {
        let mut unknown = 0usize;
        let mut hidden = 0usize;
        let mut last_unknown = Span::default();
        // Other problems past the bound: how many, and the first of them.
        let mut others = 0usize;
        let mut first_hidden: Option<Span> = None;
        for issue in &syntax.issues {
            if matches!(
                issue,
                SyntaxIssue::Separator(_) | SyntaxIssue::NumberForm(_)
            ) {
                // Said once per game, by `typed::hand_typed`.
                continue;
            }
            if !matches!(issue, SyntaxIssue::Unknown(_)) {
                others += 1;
                if others > MAX_SYNTAX_ERRORS {
                    first_hidden.get_or_insert(issue.span());
                    continue;
                }
            }
            let d = match issue {
                SyntaxIssue::Unknown(span) => {
                    unknown += 1;
                    if unknown > MAX_SYNTAX_ERRORS {
                        hidden += 1;
                        last_unknown = *span;
                        continue;
                    }
                    self.unknown_token(*span)
                }
                SyntaxIssue::BrokenTag(span) => {
                    Diagnostic::new(Problem::BrokenTag { text: self.src(*span).trim_end().to_owned() }, *span)
                        .label("not a tag pair")
                        .help("a tag pair is written [Name \"value\"], with the value in double quotes")
                }
                SyntaxIssue::TagInMovetext(span) => Diagnostic::new(Problem::TagInMovetext, *span)
                    .label("this tag pair follows moves")
                    .help("tag pairs come before the moves; a new game starts with its tag pairs after the previous game's result"),
                SyntaxIssue::UnclosedComment(span) => {
                    let open = Span::new(span.start, span.start + 1);
                    Diagnostic::new(Problem::UnclosedComment, open)
                        .label("this `{` is never closed")
                        .help("close the comment with `}`; everything after `{` was read as comment")
                }
                SyntaxIssue::UnmatchedClose(span) => Diagnostic::new(Problem::UnmatchedParen, *span)
                    .label("no `(` before this")
                    .help("remove the `)` or add the `(` that starts the variation"),
                SyntaxIssue::UnclosedVariation(span) => Diagnostic::new(Problem::UnclosedVariation, *span)
                    .label("this `(` is never closed")
                    .help("close the variation with `)` where it ends"),
                SyntaxIssue::TooDeep(span) => Diagnostic::new(Problem::TooDeep { limit: MAX_DEPTH }, *span)
                    .label("too deep")
                    .help("no real game nests variations this deep; check for stray `(`"),
                SyntaxIssue::StrayMark(span) => {
                    Diagnostic::new(Problem::StrayMark { text: self.src(*span).to_owned() }, *span)
                        .label("no move before this mark")
                        .help("write the mark right after its move, as in `Qh5+`")
                }
                SyntaxIssue::LookAlike(l) => {
                    let crate::syntax::LookAlike { token, at, found, meant, read_as } = &**l;
                    Diagnostic::new(
                    Problem::LookAlike {
                        token: self.src(*token).to_owned(),
                        found: crate::syntax::lookalike::describe(*found),
                        meant: *meant,
                        read_as: read_as.clone(),
                    },
                    *at,
                )
                .label(format!("not `{meant}`"))
                .help(format!(
                    "{}; type `{meant}` (U+{:04X})",
                    crate::syntax::lookalike::why_not(*found),
                    u32::from(*meant)
                ))
                .suggest(vec![read_as.clone()])
                }
                SyntaxIssue::Separator(_) | SyntaxIssue::NumberForm(_) => continue,
                SyntaxIssue::MovesInComment(span) => Diagnostic::new(Problem::MovesInComment, *span)
                    .label("read as a comment to the end of the line")
                    .help("if the moves belong to the game, write a space instead of `;`; a comment about them goes in braces `{…}`"),
                SyntaxIssue::ParserLimit(span, reason) => Diagnostic::new(Problem::ParserLimit { reason: reason.to_string() }, *span)
                    .label("reading stopped here"),
            };
            self.diags.push(d);
        }
        // Past the first thousand, unreadable tokens are counted by the walker.
        hidden += syntax.unknown_more;
        if syntax.unknown_more > 0 {
            last_unknown = syntax.unknown_last;
        }
        if hidden > 0 {
            self.diags.push(
                Diagnostic::new(Problem::TooMany { count: hidden }, last_unknown)
                    .label("the last of them"),
            );
        }
        if let Some(span) = first_hidden {
            let more = others - MAX_SYNTAX_ERRORS;
            self.diags.push(
                Diagnostic::new(
                    Problem::LimitReached {
                        what: format!(
                            "{more} more syntax {} in this game (after the first {MAX_SYNTAX_ERRORS})",
                            if more == 1 { "problem" } else { "problems" }
                        ),
                    },
                    span,
                )
                .label("the first not reported")
                .help("no real score has this many; is this file a game score?"),
            );
        }
    }

    fn unknown_token(&self, span: Span) -> Diagnostic {
        let token = self.src(span);
        let ex = (self.parser.explain)(token);
        let at = ex.offset.min(token.len());
        let expected = if ex.expected.is_empty() {
            "it is not a move, move number, comment or result".to_owned()
        } else {
            let list = join_or(&ex.expected);
            if at == 0 {
                let letters: Vec<String> =
                    self.style().letters.iter().map(|l| l.to_string()).collect();
                format!(
                    "a move starts with a piece letter ({}), a file letter a–h, or O-O for castling",
                    join_or(&letters.iter().map(String::as_str).collect::<Vec<_>>())
                )
            } else {
                let before = &token[..at];
                let what = piece_letter_desc(before).unwrap_or_else(|| format!("`{before}`"));
                format!("expected {list} after {what}")
            }
        };
        let mut point = span;
        if at < token.len() {
            let next = token[at..].chars().next().map(char::len_utf8).unwrap_or(1);
            point = Span::new(span.start + at, span.start + at + next);
        }
        let mut d = Diagnostic::new(
            Problem::SyntaxError {
                text: token.to_owned(),
                expected: expected.clone(),
            },
            span,
        );
        if point != span {
            d = d
                .label("the token")
                .with_secondary(point, "reading stops here");
        } else {
            d = d.label("not a move");
        }
        d
    }

    fn start_position(&mut self, syntax: &GameSyntax) -> Option<Chess> {
        let mut mode = CastlingMode::Standard;
        if let Some(v) = syntax.tag("Variant") {
            let name = v.value.to_ascii_lowercase().replace([' ', '-', '_'], "");
            match name.as_str() {
                "" | "standard" | "chess" | "normal" | "fromposition" => {}
                "chess960" | "fischerandom" | "fischerrandom" | "960" | "freestyle" => {
                    mode = CastlingMode::Chess960
                }
                _ => {
                    self.diags.push(
                        Diagnostic::new(
                            Problem::UnsupportedVariant {
                                variant: v.value.to_string(),
                            },
                            v.span,
                        )
                        .label("this variant")
                        .help("scoresheet checks standard chess and Chess960"),
                    );
                    return None;
                }
            }
        }
        let fen = syntax.tag("FEN");
        match fen {
            Some(tag) => {
                let parsed = Fen::from_ascii(tag.value.trim().as_bytes())
                    .map_err(|e| fen_problem(tag.value.trim()).unwrap_or_else(|| e.to_string()))
                    .and_then(|f| {
                        let mode = if mode == CastlingMode::Standard
                            && f.as_setup().castling_rights != shakmaty::Bitboard::EMPTY
                        {
                            CastlingMode::detect(f.as_setup())
                        } else {
                            mode
                        };
                        let setup = f.as_setup().clone();
                        f.into_position::<Chess>(mode)
                            .map_err(|e| illegal_reason(&setup, e.kinds()))
                    });
                match parsed {
                    Ok(p) => Some(p),
                    Err(reason) => {
                        self.diags.push(
                            Diagnostic::new(Problem::BadFen { reason }, tag.value_span)
                                .label("this position")
                                .help("fix the FEN; the game's moves are not checked without a start position"),
                        );
                        None
                    }
                }
            }
            None => {
                if let Some(s) = syntax.tag("SetUp")
                    && s.value.trim() == "1"
                {
                    self.diags.push(
                        Diagnostic::new(Problem::SetUpWithoutFen, s.span)
                            .label("no FEN tag goes with this"),
                    );
                }
                Some(Chess::default())
            }
        }
    }
}
