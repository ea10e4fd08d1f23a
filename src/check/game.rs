//! One game checked: every line walked on the board, every problem reported.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role};

use crate::board::descriptive::Origins;
use crate::board::pattern::Pattern;
use crate::board::resolve::{Illegal, Resolution, resolve};
use crate::check::types::{CheckedGame, MoveState, Repair, RepairNote, RepairedItem};
use crate::diagnostic::{Code, Diagnostic, Problem, Severity};
use crate::render::words::{role_name, strip_marks};
use crate::render::{self, Style};
use crate::span::Span;
use crate::syntax::grammar::ParserEntry;
use crate::syntax::walker::MAX_DEPTH;
use crate::syntax::{CheckMark, GameSyntax, Item, Line, MoveBody, MoveToken, Outcome, SyntaxIssue};

/// Most syntax errors reported for one game; past it they are counted in one diagnostic.
const MAX_SYNTAX_ERRORS: usize = 50;

/// Checks one parsed game.
pub fn check_game(
    number: usize,
    syntax: GameSyntax,
    text: &str,
    parser: &ParserEntry,
) -> CheckedGame {
    let writer = game_writer(
        render::Writer::for_notation(parser.notation, parser.lang_file),
        &syntax,
        text,
    );
    let style = match &writer {
        render::Writer::San(style) => (**style).clone(),
        render::Writer::DescriptiveEs => Style {
            mate: "++".into(),
            double_plus_mate: true,
            ..Style::english()
        },
        render::Writer::Descriptive { .. } => Style {
            mate: " mate".into(),
            check: " ch".into(),
            ..Style::english()
        },
        render::Writer::Long { style, .. } => (**style).clone(),
        render::Writer::Squares(_) => Style::english(),
    };
    let mut black_figurines = false;
    any_move(&syntax.root, &mut |t| {
        black_figurines |= t.figurine == Some(Color::Black)
    });
    let mut g = GameChecker {
        text,
        parser,
        writer,
        style,
        black_figurines,
        diags: Vec::new(),
        moves: vec![MoveState::NotChecked; syntax.move_count],
        mainline: Vec::new(),
        main_broken: false,
        repairs: Vec::new(),
        repaired: Vec::new(),
        repaired_broken: false,
        work: std::cell::Cell::new(0),
    };
    g.syntax_issues(&syntax);
    // Long and short algebraic in one score (read all the same; a warning).
    g.diags
        .extend(crate::check::mixed::mixed_notation(&syntax, text));
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
            history: Vec::new(),
        };
        let end = g.walk_line(&syntax.root, ctx, 0);
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

struct GameChecker<'a> {
    text: &'a str,
    parser: &'a ParserEntry,
    /// Writes moves in the input's notation and language (suggestions).
    writer: render::Writer,
    /// The input's marks (check, mate) for marker fixes.
    style: Style,
    /// The game writes black figurines somewhere (so it distinguishes the colours).
    black_figurines: bool,
    diags: Vec<Diagnostic>,
    moves: Vec<MoveState>,
    mainline: Vec<Option<Move>>,
    /// The main line has had an error: moves after it are not added to `mainline`.
    main_broken: bool,
    repairs: Vec<RepairNote>,
    /// The main line with repairs (see `CheckedGame::repaired`).
    repaired: Vec<RepairedItem>,
    /// The main line had an error that could not be repaired.
    repaired_broken: bool,
    /// Moves resolved so far while testing repairs and suggestions on the rest of the game
    /// (see [`REPAIR_BUDGET`]).
    work: std::cell::Cell<usize>,
}

/// Where a line starts.
struct LineStart {
    pos: Chess,
    /// Where each piece started (for descriptive designations such as `KR`).
    origins: Origins,
    /// Plies played before the line's first move.
    ply: u32,
    /// Full-move number of the game's start position.
    fullmove: u32,
    /// 1 when the game starts with Black to move.
    first_ply_offset: u32,
    main: bool,
    /// Moves that led here.
    history: Vec<Played>,
}

/// Plays a move the checker assumed (a repair): position, origins, history and ply move on.
fn advance(
    pos: &mut Chess,
    origins: &mut Origins,
    history: &mut Vec<Played>,
    ply: &mut u32,
    (m, span): (Move, Span),
    (fullmove, first_ply_offset): (u32, u32),
) {
    let number = fullmove + (*ply + first_ply_offset) / 2;
    let black = pos.turn() == Color::Black;
    history.push(Played {
        m,
        span,
        number,
        black,
    });
    origins.play(&m);
    pos.play_unchecked(m);
    *ply += 1;
}

/// The move tokens that follow in a line (up to [`REACH`]), skipping everything else; a result
/// or an unreadable token ends them.
fn upcoming(items: &[Item]) -> Vec<&MoveToken> {
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Move(t) => {
                out.push(t);
                if out.len() == REACH {
                    break;
                }
            }
            Item::Result(_) | Item::Unknown(_) => break,
            _ => {}
        }
    }
    out
}

/// How many following moves a repair or a suggestion is tested on (to the end of the line in
/// any real game).
const REACH: usize = 400;

/// After this many errors in a row (each read on from an assumed repair), the checker stops
/// reading the line: the moves no longer belong to the position (a second game pasted without
/// a result, another notation), and reporting each would bury the first error.
const LOST: usize = 5;

/// How many moves the tests of repairs and suggestions may resolve in one game before they
/// look only [`SOON`] moves ahead: a file of hundreds of games without results, read as one
/// game with an error at each game's start, stays fast (a real game with a few errors uses a
/// small part of it).
const REPAIR_BUDGET: usize = 150_000;

/// A repair that leaves fewer than this many following moves readable fails "soon".
const SOON: usize = 8;

/// How many tokens back a missing or swapped half-move is looked for, when an error shows
/// up only a little after it.
const BACK: usize = 3;

/// Candidates whose text costs more than the best one's by this are not tried.
const WINDOW: i32 = 4 * render::EDIT;

/// A missing half-move tried: (moves read after the token in error, tokens back, the missing
/// move, the move of the token after the gap).
type Insertion = (usize, usize, Move, Move);

/// A move number waiting for the move it numbers.
type PendingNumber = (crate::span::Spanned<crate::syntax::MoveNumber>, bool);

/// The state before a move token that read normally (see `walk_line`).
struct Snap<'l> {
    /// Index of the token among the line's items.
    at: usize,
    tok: &'l MoveToken,
    pos: Chess,
    origins: Origins,
    ply: u32,
    history: usize,
    diags: usize,
    mainline: usize,
    repaired: usize,
    pending: Option<PendingNumber>,
    last_move: Option<Span>,
    branch: Option<(Chess, Origins, u32, usize)>,
}

/// A token read before the error, with the position before it.
struct Back<'a> {
    tok: &'a MoveToken,
    pos: &'a Chess,
    origins: &'a Origins,
    /// The move number written before it.
    number: Option<crate::syntax::MoveNumber>,
}

/// The move numbers around an error, as evidence for where a half-move is missing.
#[derive(Clone, Copy, Debug)]
struct Numbering {
    /// The number written before the token in error.
    current: Option<crate::syntax::MoveNumber>,
    /// Plies played before the token in error.
    ply: u32,
    fullmove: u32,
    first_ply_offset: u32,
}

impl Numbering {
    /// How badly a written number fits a token after `ply` plies: 2 for a wrong number, 1
    /// for a White number (`12.`) before a Black move.
    const fn misfit(&self, n: Option<crate::syntax::MoveNumber>, ply: u32) -> u32 {
        let Some(n) = n else { return 0 };
        let p = ply + self.first_ply_offset;
        let expected = self.fullmove + p / 2;
        let black = p % 2 == 1;
        if n.number != expected || (n.black && !black) {
            2
        } else if !n.black && black {
            1
        } else {
            0
        }
    }
}

/// A legal move as a reading of an illegal or unreadable token.
#[derive(Clone, Debug)]
struct Cand {
    m: Move,
    text: String,
    /// Text cost (see `render::score_moves`).
    cost: i32,
    /// How many of the following moves read after it.
    reach: usize,
    /// The cost with a penalty when the following moves read less far than after the best.
    key: i32,
}

/// The repair found for an error.
#[derive(Clone, Debug)]
struct Found {
    repair: Repair,
    /// Following moves read after it.
    seen: usize,
    /// Tokens back from the error where the repair is made (0: at the token itself).
    back: usize,
}

/// The writer for a game's suggestions and fixes: its notation's, in the form the game is
/// written in — long or compact algebraic when most of its moves are (`Ng1-f3`, `Оg5:Кf6`),
/// figurines when it uses them, coordinate notation in the case it is typed in.
fn game_writer(base: render::Writer, syntax: &GameSyntax, text: &str) -> render::Writer {
    let mut long = 0usize;
    let mut short = 0usize;
    let mut hyphen = false;
    let mut figurines = false;
    let mut upper = false;
    let mut lines = vec![&syntax.root];
    while let Some(line) = lines.pop() {
        for item in &line.items {
            match item {
                Item::Move(tok) => {
                    let src = text.get(tok.span.start..tok.span.end).unwrap_or("");
                    match crate::syntax::walker::written_form(tok, src) {
                        Some(crate::syntax::walker::WrittenForm::Long) => {
                            long += 1;
                            hyphen |= src.contains(['-', '–']) && !src.starts_with(['O', '0']);
                        }
                        Some(crate::syntax::walker::WrittenForm::Short) => short += 1,
                        None => {}
                    }
                    figurines |= tok.figurine.is_some();
                    upper |= src.starts_with(|c: char| c.is_ascii_uppercase());
                }
                Item::Variation(v) => lines.push(v),
                _ => {}
            }
        }
    }
    match base {
        render::Writer::San(style) if long > short => render::Writer::Long {
            style: Box::new(if figurines {
                (*style).figurines()
            } else {
                *style
            }),
            form: if hyphen {
                render::LongForm::Hyphen
            } else {
                render::LongForm::Compact
            },
        },
        render::Writer::San(style) if figurines => render::Writer::San(Box::new(style.figurines())),
        render::Writer::Squares(render::SquareNotation::Coordinate { .. }) => {
            render::Writer::Squares(render::SquareNotation::Coordinate { upper })
        }
        other => other,
    }
}

/// Illegal and ambiguous moves show the position before them.
fn shows_diagram(d: &Diagnostic) -> bool {
    matches!(
        d.code(),
        Code::IllegalMove | Code::AmbiguousMove | Code::WrongSide
    )
}

/// The note on a half-move missing from the score.
fn missing_note(fits: usize) -> String {
    if fits == 1 {
        "scoresheet: missing from the score; the only move that fits".to_owned()
    } else {
        format!("scoresheet: missing from the score; assumed, one of {fits} moves that fit")
    }
}

/// The suggestion texts among ranked candidates: the first `n` that are not far-fetched.
fn suggestion_texts(ranked: &[Cand], written: &str, n: usize) -> Vec<String> {
    let Some(best) = ranked.first() else {
        return Vec::new();
    };
    let limit = render::plausible_limit(written);
    ranked
        .iter()
        .filter(|c| c.key <= best.key + 2 * render::EDIT && c.cost <= limit)
        .take(n)
        .map(|c| c.text.clone())
        .collect()
}

/// One pattern without allocating, or several.
enum Patterns {
    One([Pattern; 1]),
    Many(Vec<Pattern>),
}

impl Patterns {
    fn as_slice(&self) -> &[Pattern] {
        match self {
            Patterns::One(p) => p,
            Patterns::Many(v) => v,
        }
    }
}

/// A move played earlier in the line, to point at when it explains an error.
#[derive(Clone, Debug)]
struct Played {
    m: Move,
    span: Span,
    /// Its move number.
    number: u32,
    /// A Black move.
    black: bool,
}

impl Played {
    /// "5. Nbd2" or "12... Bxg3".
    fn label(&self, text: &str) -> String {
        let token = text.get(self.span.start..self.span.end).unwrap_or("");
        format!(
            "{}{} {}",
            self.number,
            if self.black { "..." } else { "." },
            strip_marks(token)
        )
    }
}

/// How a line ended.
struct LineEnd {
    pos: Chess,
    complete: bool,
    result: Option<(Outcome, Span)>,
    last_move: Option<Span>,
}

impl GameChecker<'_> {
    fn src(&self, span: Span) -> &str {
        self.text.get(span.start..span.end).unwrap_or("")
    }

    fn syntax_issues(&mut self, syntax: &GameSyntax) {
        let mut unknown = 0usize;
        let mut hidden = 0usize;
        let mut last_unknown = Span::default();
        for issue in &syntax.issues {
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
                SyntaxIssue::LookAlike { token, at, found, meant, read_as } => Diagnostic::new(
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
                    "it prints the same but is another script's letter; type `{meant}` (U+{:04X})",
                    u32::from(*meant)
                ))
                .suggest(vec![read_as.clone()]),
                SyntaxIssue::ParserLimit(span, reason) => Diagnostic::new(Problem::ParserLimit { reason: reason.clone() }, *span)
                    .label("reading stopped here"),
            };
            self.diags.push(d);
        }
        if hidden > 0 {
            self.diags.push(
                Diagnostic::new(Problem::TooMany { count: hidden }, last_unknown)
                    .label("the last of them"),
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
                    self.style.letters.iter().map(|l| l.to_string()).collect();
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
                                variant: v.value.clone(),
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
                        f.into_position::<Chess>(mode).map_err(|e| e.to_string())
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

    fn walk_line(&mut self, line: &Line, start: LineStart, depth: usize) -> LineEnd {
        let LineStart {
            mut pos,
            mut origins,
            mut ply,
            fullmove,
            first_ply_offset,
            main,
            mut history,
        } = start;
        // The line whose repaired moves are kept for `convert --repair`.
        let record = main && depth == 0;
        // The position before the most recent move token, for variations that follow it.
        let mut branch: Option<(Chess, Origins, u32, usize)> = None;
        let mut broken = false;
        let mut unchecked: Vec<Span> = Vec::new();
        let mut result: Option<(Outcome, Span)> = None;
        let mut last_move: Option<Span> = None;
        let mut pending_number: Option<PendingNumber> = None;
        // A token already played by a repair (the second of two swapped moves).
        let mut played_ahead: Option<usize> = None;
        // The states before the last few tokens that read normally, to go back to when an error
        // shows that a half-move was missing, or two were swapped, a little earlier.
        let mut snaps: Vec<Snap<'_>> = Vec::new();
        // Errors since the last move that read as written; after `LOST` of them the reading
        // has lost the game (see `LOST`) and the rest of the line is not checked.
        let mut streak = 0usize;
        let mut lost = false;
        let mut at = 0;
        while at < line.items.len() {
            let cur = at;
            let item = &line.items[cur];
            at += 1;
            let before_item = cur.checked_sub(1).map(|i| &line.items[i]);
            // A bare number (no dot) where a move belongs is a move with its letters lost
            // (`g5` typed as `5`), not a move number.
            let unreadable = match item {
                Item::Unknown(span) => Some(*span),
                Item::MoveNumber(n)
                    if !broken
                        && self.misplaced_number(n, before_item, line.items.get(at), &pos) =>
                {
                    let text = self.src(n.span).to_owned();
                    self.diags.push(
                        Diagnostic::new(
                            Problem::SyntaxError {
                                text,
                                expected: "a number without a dot stands where a move belongs"
                                    .into(),
                            },
                            n.span,
                        )
                        .label("not a move"),
                    );
                    Some(n.span)
                }
                _ => None,
            };
            if let Some(span) = unreadable {
                snaps.clear();
                if broken {
                    unchecked.push(span);
                    continue;
                }
                streak += 1;
                if streak > LOST {
                    self.main_broken |= main;
                    self.repaired_broken |= record;
                    broken = true;
                    lost = true;
                    unchecked.push(span);
                    continue;
                }
                // An unreadable token may have been a move: read on from the best repair.
                self.main_broken |= main;
                let token = strip_marks(self.src(span));
                let rest = upcoming(&line.items[at..]);
                let style = match &self.writer {
                    render::Writer::San(s) | render::Writer::Long { style: s, .. } => Some(&**s),
                    _ => None,
                };
                let hint = render::partial_hint(style, &token);
                let ranked = self.rank_candidates(&pos, &origins, &token, Some(&hint), &rest);
                // Unreadable text followed by more unreadable text is prose more likely than a
                // move: it is left out rather than read as a move that nothing bears out.
                let prose = rest.is_empty() && matches!(line.items.get(at), Some(Item::Unknown(_)));
                let mut sugg = if prose {
                    Vec::new()
                } else {
                    suggestion_texts(&ranked, &token, 3)
                };
                let other = self.other_languages(span, &pos);
                if let Some((_, o)) = &other {
                    sugg.retain(|s| !o.contains(s));
                    sugg.splice(0..0, o.iter().cloned());
                }
                let found = self.find_repair(
                    &pos,
                    &origins,
                    None,
                    (&token, if prose { &[] } else { &ranked }),
                    &rest,
                    &Resolution::Illegal(Illegal::NoMatch),
                    other.as_ref().map(|(_, o)| o.as_slice()).unwrap_or(&[]),
                    (
                        &[],
                        Numbering {
                            current: None,
                            ply,
                            fullmove,
                            first_ply_offset,
                        },
                    ),
                );
                if let Some(i) = self
                    .diags
                    .iter()
                    .position(|d| d.span == span && d.code() == Code::Syntax)
                {
                    let mut d = self.diags.remove(i);
                    if let Some((help, _)) = other {
                        d.help = Some(help);
                    }
                    d.suggestions = sugg;
                    d.ply = Some(ply + 1);
                    if let Some(f) = &found {
                        self.name_repair(&mut d, span, f, &rest, &pos, &origins, false);
                    }
                    self.diags.push(d);
                }
                if let Some(f) = found {
                    self.repairs.push(RepairNote {
                        span,
                        index: None,
                        repair: f.repair.clone(),
                    });
                    let written = self.src(span).to_owned();
                    match f.repair {
                        Repair::Replace(m) => {
                            if record {
                                self.repaired.push(RepairedItem::Move {
                                    m: Some(m),
                                    note: Some(format!(
                                        "scoresheet: `{written}` could not be read; assumed this move"
                                    )),
                                });
                            }
                            advance(
                                &mut pos,
                                &mut origins,
                                &mut history,
                                &mut ply,
                                (m, span),
                                (fullmove, first_ply_offset),
                            );
                        }
                        _ => {
                            if record {
                                self.repaired.push(RepairedItem::Note(format!(
                                    "scoresheet: `{written}` could not be read; left out"
                                )));
                            }
                        }
                    }
                    continue;
                }
                broken = true;
                self.repaired_broken |= record;
                branch = Some((pos.clone(), origins, ply, history.len()));
                continue;
            }
            match item {
                Item::Move(tok) if played_ahead == Some(tok.index) => {
                    played_ahead = None;
                }
                Item::Move(tok) => {
                    if let Some((r, _)) = result
                        && main
                        && !broken
                    {
                        self.diags.push(
                                Diagnostic::new(Problem::MovesAfterResult { result: r.pgn().into() }, tok.span)
                                    .label("after the result")
                                    .help("the result ends the game; start a new game with its own tag pairs, or remove the result"),
                            );
                        broken = true;
                        self.repaired_broken |= record;
                        continue;
                    }
                    if broken {
                        unchecked.push(tok.span);
                        branch = None;
                        continue;
                    }
                    let snap = Snap {
                        at: cur,
                        tok,
                        pos: pos.clone(),
                        origins,
                        ply,
                        history: history.len(),
                        diags: self.diags.len(),
                        mainline: self.mainline.len(),
                        repaired: self.repaired.len(),
                        pending: pending_number,
                        last_move,
                        branch: branch.clone(),
                    };
                    if let Some((n, _)) = pending_number.take() {
                        self.check_number(n, ply, fullmove, first_ply_offset, pos.turn());
                    }
                    last_move = Some(tok.span);
                    let ply_here = ply + 1;
                    match self.resolve_tok(tok, &pos, &origins) {
                        Resolution::Legal(m) => {
                            streak = 0;
                            let before = pos.clone();
                            let origins_before = origins;
                            origins.play(&m);
                            pos.play_unchecked(m);
                            self.markers(tok, &before, &origins_before, &pos, &m, ply_here);
                            self.moves[tok.index] = MoveState::Legal(m);
                            if main && !self.main_broken {
                                self.mainline.push(Some(m));
                            }
                            if record {
                                self.repaired.push(RepairedItem::Move {
                                    m: Some(m),
                                    note: None,
                                });
                            }
                            let number = fullmove + (ply + first_ply_offset) / 2;
                            let black = before.turn() == Color::Black;
                            branch = Some((before, origins_before, ply, history.len()));
                            history.push(Played {
                                m,
                                span: tok.span,
                                number,
                                black,
                            });
                            ply += 1;
                            snaps.push(snap);
                            if snaps.len() > BACK {
                                snaps.remove(0);
                            }
                        }
                        Resolution::Null => {
                            snaps.clear();
                            let before = pos.clone();
                            let origins_before = origins;
                            pos = crate::board::resolve::play_null(&before);
                            self.moves[tok.index] = MoveState::Null;
                            if main && !self.main_broken {
                                self.mainline.push(None);
                            }
                            if record {
                                self.repaired.push(RepairedItem::Move {
                                    m: None,
                                    note: None,
                                });
                            }
                            branch = Some((before, origins_before, ply, history.len()));
                            ply += 1;
                        }
                        Resolution::Illegal(Illegal::GameOver { mate }) => {
                            snaps.clear();
                            self.main_broken |= main;
                            let end = if mate { "checkmate" } else { "stalemate" };
                            self.diags.push(
                                Diagnostic::new(
                                    Problem::MoveAfterEnd {
                                        text: self.src(tok.span).into(),
                                        end,
                                    },
                                    tok.span,
                                )
                                .label(format!("the game was already over ({end})"))
                                .ply(ply_here)
                                .help("remove the moves after the end of the game"),
                            );
                            self.moves[tok.index] = MoveState::Error;
                            branch = Some((pos.clone(), origins, ply, history.len()));
                            broken = true;
                            self.repaired_broken |= record;
                        }
                        _ if streak >= LOST => {
                            // The reading has lost the game: the rest is not checked.
                            self.moves[tok.index] = MoveState::NotChecked;
                            self.main_broken |= main;
                            self.repaired_broken |= record;
                            broken = true;
                            lost = true;
                            unchecked.push(tok.span);
                        }
                        other => {
                            streak += 1;
                            let rest = upcoming(&line.items[at..]);
                            let written = strip_marks(self.src(tok.span));
                            let hint = self.hint(tok, &pos, &origins);
                            let mut ranked =
                                self.rank_candidates(&pos, &origins, &written, Some(&hint), &rest);
                            // An ambiguous move (or a promotion without its piece) is one of the
                            // moves it matches: only those are assumed in its place.
                            if let Resolution::Ambiguous(ms) | Resolution::MissingPromotion(ms) =
                                &other
                                && ranked.iter().any(|c| ms.contains(&c.m))
                            {
                                ranked.retain(|c| ms.contains(&c.m));
                            }
                            let mut d = self.move_error(
                                tok,
                                &pos,
                                &origins,
                                other.clone(),
                                ply_here,
                                &history,
                                (&ranked, &rest),
                            );
                            self.moves[tok.index] = MoveState::Error;
                            if main {
                                self.main_broken = true;
                            }
                            let diagram = crate::render::diagram::diagram(
                                &pos,
                                history.last().map(|p| p.label(self.text)).as_deref(),
                                &marked_squares(&other),
                            );
                            branch = Some((pos.clone(), origins, ply, history.len()));
                            let back: Vec<Back<'_>> = snaps
                                .iter()
                                .map(|s| Back {
                                    tok: s.tok,
                                    pos: &s.pos,
                                    origins: &s.origins,
                                    number: s.pending.map(|(n, _)| n.value),
                                })
                                .collect();
                            let found = self.find_repair(
                                &pos,
                                &origins,
                                Some(tok),
                                (&written, &ranked),
                                &rest,
                                &other,
                                &[],
                                (
                                    &back,
                                    Numbering {
                                        current: snap.pending.map(|(n, _)| n.value),
                                        ply,
                                        fullmove,
                                        first_ply_offset,
                                    },
                                ),
                            );
                            drop(back);
                            let wrong_side =
                                matches!(other, Resolution::Illegal(Illegal::WrongSide { .. }));
                            match found {
                                Some(f) if f.back > 0 => {
                                    // Go back to the token where the mistake was made.
                                    let s = snaps.swap_remove(snaps.len() - f.back);
                                    snaps.clear();
                                    pos = s.pos;
                                    origins = s.origins;
                                    ply = s.ply;
                                    history.truncate(s.history);
                                    self.diags.truncate(s.diags);
                                    self.mainline.truncate(s.mainline);
                                    self.repaired.truncate(s.repaired);
                                    pending_number = s.pending;
                                    last_move = s.last_move;
                                    branch = s.branch;
                                    let at_tok = s.tok;
                                    let second: Vec<&MoveToken> = match &f.repair {
                                        Repair::Swap { .. } => line.items[s.at + 1..]
                                            .iter()
                                            .find_map(|i| match i {
                                                Item::Move(t) => Some(t),
                                                _ => None,
                                            })
                                            .into_iter()
                                            .collect(),
                                        _ => Vec::new(),
                                    };
                                    d.span = at_tok.span;
                                    d.ply = Some(ply + 1);
                                    self.name_repair(
                                        &mut d,
                                        at_tok.span,
                                        &f,
                                        &second,
                                        &pos,
                                        &origins,
                                        false,
                                    );
                                    let shown = self.src(tok.span).to_owned();
                                    d = d.with_secondary(
                                        tok.span,
                                        format!("`{shown}` is the first move that cannot be read as written"),
                                    );
                                    self.diags.push(d);
                                    self.repairs.push(RepairNote {
                                        span: at_tok.span,
                                        index: Some(at_tok.index),
                                        repair: f.repair.clone(),
                                    });
                                    // The token after a gap is read again, and its number
                                    // checked then; the first of two swapped tokens is not.
                                    if matches!(f.repair, Repair::Swap { .. })
                                        && let Some((n, _)) = pending_number.take()
                                    {
                                        self.check_number(
                                            n,
                                            ply,
                                            fullmove,
                                            first_ply_offset,
                                            pos.turn(),
                                        );
                                    }
                                    match f.repair {
                                        Repair::Insert { missing, fits, .. } => {
                                            if record {
                                                self.repaired.push(RepairedItem::Move {
                                                    m: Some(missing),
                                                    note: Some(missing_note(fits)),
                                                });
                                            }
                                            advance(
                                                &mut pos,
                                                &mut origins,
                                                &mut history,
                                                &mut ply,
                                                (missing, at_tok.span),
                                                (fullmove, first_ply_offset),
                                            );
                                            at = s.at;
                                        }
                                        Repair::Swap {
                                            first,
                                            second: then,
                                        } => {
                                            let next = second[0];
                                            self.moves[at_tok.index] = MoveState::Legal(then);
                                            self.moves[next.index] = MoveState::Legal(first);
                                            played_ahead = Some(next.index);
                                            let (t1, t2) = (
                                                self.src(at_tok.span).to_owned(),
                                                self.src(next.span).to_owned(),
                                            );
                                            if record {
                                                self.repaired.push(RepairedItem::Move {
                                                    m: Some(first),
                                                    note: Some(format!("scoresheet: written after `{t1}`; the two moves swapped")),
                                                });
                                                self.repaired.push(RepairedItem::Move {
                                                    m: Some(then),
                                                    note: Some(format!(
                                                        "scoresheet: written before `{t2}`"
                                                    )),
                                                });
                                            }
                                            for (m, sp) in [(first, next.span), (then, at_tok.span)]
                                            {
                                                advance(
                                                    &mut pos,
                                                    &mut origins,
                                                    &mut history,
                                                    &mut ply,
                                                    (m, sp),
                                                    (fullmove, first_ply_offset),
                                                );
                                            }
                                            at = s.at + 1;
                                        }
                                        Repair::Replace(_) | Repair::Delete => {}
                                    }
                                }
                                Some(f) => {
                                    snaps.clear();
                                    // With a half-move inserted before it, the token's move
                                    // number is checked again.
                                    let renumber = match (&f.repair, snap.pending) {
                                        (Repair::Insert { .. }, Some((n, _))) => {
                                            self.diags.truncate(snap.diags);
                                            Some(n)
                                        }
                                        _ => None,
                                    };
                                    self.name_repair(
                                        &mut d, tok.span, &f, &rest, &pos, &origins, wrong_side,
                                    );
                                    if shows_diagram(&d) {
                                        d.diagram = Some(diagram);
                                    }
                                    self.diags.push(d);
                                    self.repairs.push(RepairNote {
                                        span: tok.span,
                                        index: Some(tok.index),
                                        repair: f.repair.clone(),
                                    });
                                    let shown = self.src(tok.span).to_owned();
                                    let moves: Vec<(Move, Option<String>)> = match &f.repair {
                                        Repair::Replace(m) => {
                                            self.moves[tok.index] = MoveState::Assumed(*m);
                                            vec![(
                                                *m,
                                                Some(format!(
                                                    "scoresheet: `{shown}` {}; assumed this move",
                                                    match other {
                                                        Resolution::Ambiguous(_) =>
                                                            "is ambiguous here",
                                                        Resolution::MissingPromotion(_) =>
                                                            "does not name the promotion piece",
                                                        _ => "is not legal here",
                                                    }
                                                )),
                                            )]
                                        }
                                        Repair::Insert {
                                            missing,
                                            then,
                                            fits,
                                        } => {
                                            self.moves[tok.index] = MoveState::Legal(*then);
                                            vec![
                                                (*missing, Some(missing_note(*fits))),
                                                (*then, None),
                                            ]
                                        }
                                        Repair::Swap { first, second } => {
                                            self.moves[tok.index] = MoveState::Legal(*second);
                                            let next_text = rest
                                                .first()
                                                .map(|n| self.src(n.span).to_owned())
                                                .unwrap_or_default();
                                            if let Some(next) = rest.first() {
                                                self.moves[next.index] = MoveState::Legal(*first);
                                                played_ahead = Some(next.index);
                                            }
                                            vec![
                                                (
                                                    *first,
                                                    Some(format!(
                                                        "scoresheet: written after `{shown}`; the two moves swapped"
                                                    )),
                                                ),
                                                (
                                                    *second,
                                                    Some(format!(
                                                        "scoresheet: written before `{next_text}`"
                                                    )),
                                                ),
                                            ]
                                        }
                                        Repair::Delete => {
                                            if record {
                                                self.repaired.push(RepairedItem::Note(format!(
                                                    "scoresheet: `{shown}` left out (it does not fit)"
                                                )));
                                            }
                                            Vec::new()
                                        }
                                    };
                                    for (m, note) in moves {
                                        if record {
                                            self.repaired
                                                .push(RepairedItem::Move { m: Some(m), note });
                                        }
                                        // Repaired moves are not part of the main line as read.
                                        advance(
                                            &mut pos,
                                            &mut origins,
                                            &mut history,
                                            &mut ply,
                                            (m, tok.span),
                                            (fullmove, first_ply_offset),
                                        );
                                    }
                                    if let Some(n) = renumber {
                                        let turn = !pos.turn();
                                        self.check_number(
                                            n,
                                            ply - 1,
                                            fullmove,
                                            first_ply_offset,
                                            turn,
                                        );
                                    }
                                }
                                None => {
                                    snaps.clear();
                                    if shows_diagram(&d) {
                                        d.diagram = Some(diagram);
                                    }
                                    self.diags.push(d);
                                    broken = true;
                                    self.repaired_broken |= record;
                                }
                            }
                        }
                    }
                }
                Item::Variation(v) => {
                    snaps.clear();
                    match &branch {
                        Some((bpos, borigins, bply, hlen)) => {
                            let ctx = LineStart {
                                pos: bpos.clone(),
                                origins: *borigins,
                                ply: *bply,
                                fullmove,
                                first_ply_offset,
                                main: false,
                                history: history[..*hlen].to_vec(),
                            };
                            // Variations nest up to `MAX_DEPTH`; the stack grows on the heap
                            // when it runs short (on rayon's threads too).
                            stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || {
                                self.walk_line(v, ctx, depth + 1)
                            });
                        }
                        None => {
                            // A variation before any move, or after moves we could not follow.
                            let mut count = 0;
                            count_moves(v, &mut count);
                            if count > 0 {
                                unchecked.push(v.span);
                            }
                        }
                    }
                    if broken {
                        // After an error the branch point of later variations is unknown.
                        branch = None;
                    }
                }
                Item::MoveNumber(n) => {
                    if !broken {
                        pending_number = Some((*n, true));
                    }
                }
                Item::Result(r) => {
                    snaps.clear();
                    if main && depth == 0 {
                        result = Some((r.value.decided(pos.turn()), r.span));
                    }
                }
                Item::Unknown(_) | Item::Ellipsis(_) | Item::Comment(_) | Item::Nag(_) => {}
            }
        }
        // Count unchecked moves (including inside variations that could not be placed).
        let count = unchecked_moves(line, &unchecked);
        if count > 0 {
            let first = unchecked[0];
            let last = *unchecked.last().expect("non-empty");
            self.diags.push(
                Diagnostic::new(
                    Problem::NotChecked {
                        count,
                        moves: if count == 1 { "move" } else { "moves" },
                    },
                    first.join(last),
                )
                .label("not checked")
                .help(if lost {
                    format!(
                        "{LOST} moves in a row did not read as written, so the reading has lost \
                         the game here: is another game (without a result between them) or \
                         another notation written here?"
                    )
                } else {
                    "fix the error before them to have them checked".to_owned()
                }),
            );
        }
        LineEnd {
            pos,
            complete: !broken,
            result,
            last_move,
        }
    }

    /// Is this move number a move with its letters lost (`g5` typed as `5`)? A number
    /// without a dot is one when it follows a move number, or stands where Black moves (and
    /// no `...` follows).
    fn misplaced_number(
        &self,
        n: &crate::span::Spanned<crate::syntax::MoveNumber>,
        before: Option<&Item>,
        next: Option<&Item>,
        pos: &Chess,
    ) -> bool {
        let text = self.src(n.span);
        if n.value.black || !text.chars().all(|c| c.is_ascii_digit()) {
            return false;
        }
        matches!(before, Some(Item::MoveNumber(_)))
            || (pos.turn() == Color::Black && !matches!(next, Some(Item::Ellipsis(_))))
    }

    fn check_number(
        &mut self,
        n: crate::span::Spanned<crate::syntax::MoveNumber>,
        ply: u32,
        fullmove: u32,
        first_ply_offset: u32,
        turn: Color,
    ) {
        let expected = fullmove + (ply + first_ply_offset) / 2;
        let black = turn == Color::Black;
        let number_ok = n.value.number == expected;
        // `12...` before a White move is wrong; a plain `12.` before Black's move is common
        // after a comment or variation and is not reported.
        let side_ok = !n.value.black || black;
        if !number_ok || !side_ok {
            let want = if black {
                format!("{expected}...")
            } else {
                format!("{expected}.")
            };
            self.diags.push(
                Diagnostic::new(
                    Problem::MoveNumber {
                        text: self.src(n.span).into(),
                        expected: want.clone(),
                    },
                    n.span,
                )
                .label(format!("should be {want}"))
                .ply(ply + 1)
                .suggest(vec![want]),
            );
        }
    }

    fn markers(
        &mut self,
        tok: &MoveToken,
        before: &Chess,
        origins: &Origins,
        after: &Chess,
        m: &Move,
        ply: u32,
    ) {
        let text = self.src(tok.span).to_owned();
        let checkers = after.checkers().count();
        let mate = checkers > 0 && after.is_checkmate();
        let mut written = tok.check.map(|c| c.value);
        if written == Some(CheckMark::DoubleCheck) && self.style.double_plus_mate {
            written = Some(CheckMark::Mate); // Spanish: `++` is mate
        }
        let mark_span = tok.check.map(|c| c.span).unwrap_or(tok.span);
        match (written, checkers > 0, mate) {
            // UCI, Smith, ICCF and coordinate notation write no check signs.
            (None, true, _) if !self.writer.writes_check_marks() => {}
            (None, true, true) => self.diags.push(
                Diagnostic::new(Problem::MissingMate { text: text.clone() }, tok.span)
                    .label("this move mates")
                    .ply(ply)
                    .suggest(vec![format!("{}{}", strip_marks(&text), self.style.mate)]),
            ),
            (None, true, false) => self.diags.push(
                Diagnostic::new(Problem::MissingCheck { text: text.clone() }, tok.span)
                    .label("this move gives check")
                    .ply(ply)
                    .suggest(vec![format!("{}{}", strip_marks(&text), self.style.check)]),
            ),
            (Some(CheckMark::Check), true, true) => self.diags.push(
                Diagnostic::new(Problem::MissingMate { text: text.clone() }, mark_span)
                    .label("this is mate, not just check")
                    .ply(ply)
                    .suggest(vec![format!("{}{}", strip_marks(&text), self.style.mate)]),
            ),
            (Some(CheckMark::Check | CheckMark::DoubleCheck), false, _) => self.diags.push(
                Diagnostic::new(Problem::CheckWithoutCheck { text: text.clone() }, mark_span)
                    .label("no check")
                    .ply(ply)
                    .suggest(vec![strip_marks(&text)]),
            ),
            (Some(CheckMark::DoubleCheck), true, false) if checkers < 2 => self.diags.push(
                Diagnostic::new(Problem::NotDoubleCheck { text: text.clone() }, mark_span)
                    .label("single check")
                    .ply(ply)
                    .suggest(vec![format!("{}{}", strip_marks(&text), self.style.check)]),
            ),
            (Some(CheckMark::Mate), c, false) => self.diags.push(
                Diagnostic::new(
                    Problem::MateWithoutMate {
                        text: text.clone(),
                        checks: c,
                    },
                    mark_span,
                )
                .label("not mate")
                .ply(ply)
                .suggest(vec![if c {
                    format!("{}{}", strip_marks(&text), self.style.check)
                } else {
                    strip_marks(&text)
                }]),
            ),
            _ => {}
        }
        // Capture marks. A descriptive capture names what it takes (`P×P`); a dash there
        // (`P-Q5`) is a capture written without its mark.
        if let (MoveBody::Normal(_), Some(c), false) = (tok.body, tok.capture, m.is_capture()) {
            self.diags.push(
                Diagnostic::new(
                    Problem::CaptureMarkOnNonCapture {
                        text: text.clone(),
                        square: m.to().to_string(),
                    },
                    c.span,
                )
                .label("nothing to capture")
                .ply(ply)
                .suggest(vec![self.writer.write(before, origins, m)]),
            );
        }
        let unmarked = match tok.body {
            // `cd`: the form itself says capture.
            MoveBody::Normal(n) => {
                tok.capture.is_none() && n.to_file.is_none() && self.writer.writes_capture_marks()
            }
            MoveBody::Descriptive(d) => d.castles.is_none() && d.captured.is_none(),
            _ => false,
        };
        if unmarked && m.is_capture() {
            let mut d = Diagnostic::new(
                Problem::MissingCaptureMark {
                    text: text.clone(),
                    square: m.to().to_string(),
                },
                tok.span,
            )
            .label(format!(
                "captures the {} on {}",
                role_name(m.capture().unwrap_or(Role::Pawn)),
                m.to()
            ))
            .ply(ply);
            if matches!(tok.body, MoveBody::Descriptive(_)) {
                d = d.help(
                    "descriptive notation writes a capture with × and what is taken, not with a dash",
                );
            }
            self.diags
                .push(d.suggest(vec![self.writer.write(before, origins, m)]));
        }
        if let Some(color) = tok.figurine {
            // Print style uses the white set for both sides: a white figurine on a Black move is
            // only wrong when the writer uses black figurines too.
            let wrong = color != before.turn() && (color == Color::Black || self.black_figurines);
            if wrong {
                let figurine = figurine_of(m.role(), before.turn());
                let fixed =
                    text.replacen(|c: char| ('♔'..='♟').contains(&c), &figurine.to_string(), 1);
                self.diags.push(
                    Diagnostic::new(
                        Problem::FigurineColor {
                            text: text.clone(),
                            figurine_color: if color == Color::White { "white" } else { "black" },
                            mover: color_name(before.turn()),
                        },
                        tok.span,
                    )
                    .label(format!("{} is to move", color_name(before.turn())))
                    .ply(ply)
                    .help("the move is read all the same; use the mover's figurine, or the white set for both sides")
                    .suggest(vec![fixed]),
                );
            }
        }
        if let Some(ep) = tok.ep
            && !m.is_en_passant()
        {
            self.diags.push(
                Diagnostic::new(Problem::EpNotEnPassant { text: text.clone() }, ep)
                    .label("not en passant")
                    .ply(ply)
                    .suggest(vec![self.writer.write(before, origins, m)]),
            );
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn move_error(
        &self,
        tok: &MoveToken,
        pos: &Chess,
        origins: &Origins,
        res: Resolution,
        ply: u32,
        history: &[Played],
        (ranked, rest): (&[Cand], &[&MoveToken]),
    ) -> Diagnostic {
        let text = self.src(tok.span).to_owned();
        match res {
            Resolution::Ambiguous(mut ms) if matches!(tok.body, MoveBody::Descriptive(_)) => {
                let MoveBody::Descriptive(d) = &tok.body else {
                    unreachable!("matched above")
                };
                // The reading after which the following moves read furthest first.
                ms.sort_by_key(|m| std::cmp::Reverse(self.reach_after(pos, origins, m, rest)));
                let readings =
                    crate::board::descriptive::describe_readings(pos, origins, &ms, d.system);
                let mut d = Diagnostic::new(
                    Problem::AmbiguousReading {
                        text: text.clone(),
                        count: ms.len(),
                    },
                    tok.span,
                )
                .label("which one?")
                .ply(ply);
                for m in &ms {
                    if let Some(p) = history.iter().rev().find(|p| Some(p.m.to()) == m.from()) {
                        let from = m.from().map(|s| s.to_string()).unwrap_or_default();
                        d = d.with_secondary(
                            p.span,
                            format!(
                                "the {} on {from} arrived with {}",
                                role_name(m.role()),
                                p.label(self.text)
                            ),
                        );
                    }
                }
                let listed: Vec<String> = readings
                    .iter()
                    .map(|(spelling, words)| format!("`{spelling}` ({words})"))
                    .collect();
                let marks = if tok.check.is_some() {
                    "; its check mark does not choose between them"
                } else {
                    ""
                };
                d.help(format!(
                    "`{text}` can mean {}{marks}; write the one you mean",
                    join_or(&listed.iter().map(String::as_str).collect::<Vec<_>>())
                ))
                .suggest(readings.into_iter().map(|(spelling, _)| spelling).collect())
            }
            Resolution::Ambiguous(mut ms) => {
                // The candidate after which the following moves read furthest first.
                ms.sort_by_key(|m| std::cmp::Reverse(self.reach_after(pos, origins, m, rest)));
                let role = ms[0].role();
                let mut d = Diagnostic::new(
                    Problem::AmbiguousMove {
                        text: text.clone(),
                        count: ms.len(),
                        pieces: plural(role).into(),
                    },
                    tok.span,
                )
                .label("which one?")
                .ply(ply);
                let mut forms = Vec::new();
                for m in &ms {
                    let san = self.writer.write(pos, origins, m);
                    let from = m.from().map(|s| s.to_string()).unwrap_or_default();
                    if let Some(p) = history.iter().rev().find(|p| Some(p.m.to()) == m.from()) {
                        d = d.with_secondary(
                            p.span,
                            format!(
                                "the {} on {from} arrived with {}",
                                role_name(role),
                                p.label(self.text)
                            ),
                        );
                    }
                    forms.push(san);
                }
                let squares: Vec<String> = ms
                    .iter()
                    .filter_map(|m| m.from())
                    .map(|s| s.to_string())
                    .collect();
                d.help(format!(
                    "the {} on {} {} make this move; name the one you mean",
                    plural(role),
                    join_and(&squares),
                    if squares.len() == 2 {
                        "can both"
                    } else {
                        "can all"
                    }
                ))
                .suggest(forms)
            }
            Resolution::MissingPromotion(ms) => {
                let forms: Vec<String> = ms
                    .iter()
                    .map(|m| self.writer.write(pos, origins, m))
                    .collect();
                Diagnostic::new(Problem::MissingPromotion { text: text.clone() }, tok.span)
                    .label("promote to what?")
                    .ply(ply)
                    .help("write the piece after the square, as in e8=Q")
                    .suggest(forms)
            }
            Resolution::Illegal(why) => {
                let (why_text, secondary) = describe_illegal(&why, pos, history, self.text);
                let mut d = Diagnostic::new(
                    Problem::IllegalMove {
                        text: text.clone(),
                        why: why_text,
                    },
                    tok.span,
                )
                .label("illegal here")
                .ply(ply);
                for (s, t) in secondary {
                    d = d.with_secondary(s, t);
                }
                let mut sugg = suggestion_texts(ranked, &strip_marks(&text), 3);
                let side = if pos.turn() == Color::White {
                    "White"
                } else {
                    "Black"
                };
                match self.other_languages(tok.span, pos) {
                    Some((help, other)) => {
                        for o in other {
                            if !sugg.contains(&o) {
                                sugg.push(o);
                            }
                        }
                        d.help(format!("{side} is to move; {help}")).suggest(sugg)
                    }
                    None => d.help(format!("{side} is to move")).suggest(sugg),
                }
            }
            Resolution::Legal(_) | Resolution::Null => Diagnostic::new(Problem::NoGame, tok.span),
        }
    }

    /// When the token reads as a legal move in other languages: a help text naming them, and
    /// the move written in the current language.
    fn other_languages(&self, span: Span, pos: &Chess) -> Option<(String, Vec<String>)> {
        let token = self.src(span);
        let current = self.parser.lang_file;
        let mut hits: Vec<(&'static crate::syntax::grammar::LanguageFile, Move)> = Vec::new();
        for lang in crate::syntax::grammar::languages() {
            if lang.file == current {
                continue;
            }
            let Some(entry) =
                crate::syntax::grammar::parser_for(self.parser.notation, lang.codes[0])
            else {
                continue;
            };
            let syntax = (entry.parse)(token, span.start);
            if !syntax.issues.is_empty() {
                continue;
            }
            let mut toks = Vec::new();
            any_move(&syntax.root, &mut |t| toks.push(t.body));
            let [body] = toks.as_slice() else { continue };
            // A pawn letter of another language is too weak a sign to name it.
            if let Resolution::Legal(m) = resolve(pos, &[Pattern::from_body(body)])
                && m.role() != Role::Pawn
            {
                hits.push((lang, m));
            }
        }
        let (first_lang, m) = *hits.first()?;
        let same: Vec<&crate::syntax::grammar::LanguageFile> = hits
            .iter()
            .filter(|(_, h)| *h == m)
            .map(|(l, _)| *l)
            .collect();
        let letter = Style::of(first_lang, true).letter(m.role()).to_owned();
        let names: Vec<String> = same
            .iter()
            .take(3)
            .map(|l| {
                format!(
                    "{} (`--lang {}`)",
                    l.names.first().copied().unwrap_or(l.codes[0]),
                    l.codes[0]
                )
            })
            .collect();
        let current_name = crate::syntax::grammar::language_file(current)
            .and_then(|l| l.names.first().copied())
            .unwrap_or("the language read");
        let what = if m.role() == Role::Pawn || letter.is_empty() {
            format!("it reads as {} in {}", m, join_and(&names))
        } else {
            format!(
                "in {} {letter} is the {}",
                join_and(&names),
                role_name(m.role())
            )
        };
        let help = format!("`{token}` is not {current_name} here; {what}");
        Some((help, vec![render::san_styled(&self.style, pos, &m)]))
    }

    /// How many of `rest` resolve in turn from `pos`.
    fn lookahead(&self, pos: &Chess, origins: &Origins, rest: &[&MoveToken]) -> usize {
        let mut pos = pos.clone();
        let mut origins = *origins;
        let rest = if self.work.get() > REPAIR_BUDGET {
            &rest[..rest.len().min(SOON)]
        } else {
            rest
        };
        for (n, tok) in rest.iter().enumerate() {
            self.work.set(self.work.get() + 1);
            match self.resolve_tok(tok, &pos, &origins) {
                Resolution::Legal(m) => {
                    origins.play(&m);
                    pos.play_unchecked(m);
                }
                _ => return n,
            }
        }
        rest.len()
    }

    /// How many of `rest` read after `m` is played in `pos`.
    fn reach_after(&self, pos: &Chess, origins: &Origins, m: &Move, rest: &[&MoveToken]) -> usize {
        let mut p = pos.clone();
        let mut o = *origins;
        o.play(m);
        p.play_unchecked(*m);
        self.lookahead(&p, &o, rest)
    }

    /// Plays `toks` in turn from `pos`; the position after them and the move of each, or
    /// `None` when one does not read.
    fn replay(
        &self,
        pos: &Chess,
        origins: &Origins,
        toks: &[&MoveToken],
    ) -> Option<(Chess, Origins, Vec<Move>)> {
        let mut p = pos.clone();
        let mut o = *origins;
        let mut moves = Vec::with_capacity(toks.len());
        for tok in toks {
            match self.resolve_tok(tok, &p, &o) {
                Resolution::Legal(m) => {
                    o.play(&m);
                    p.play_unchecked(m);
                    moves.push(m);
                }
                _ => return None,
            }
        }
        Some((p, o, moves))
    }

    /// The legal moves as readings of `written`, most likely first: the cheapest texts (see
    /// `render::score_moves`), each tried on the following moves; a reading after which they
    /// read less far than after the best one pays a penalty (more when they stop soon).
    fn rank_candidates(
        &self,
        pos: &Chess,
        origins: &Origins,
        written: &str,
        hint: Option<&Pattern>,
        rest: &[&MoveToken],
    ) -> Vec<Cand> {
        let scored = render::score_moves(&self.writer, pos, origins, written, hint);
        let Some(best) = scored.first().map(|s| s.cost) else {
            return Vec::new();
        };
        let mut out: Vec<Cand> = scored
            .into_iter()
            .filter(|s| s.cost <= best + WINDOW)
            .map(|s| Cand {
                reach: self.reach_after(pos, origins, &s.m, rest),
                m: s.m,
                text: s.text,
                cost: s.cost,
                key: 0,
            })
            .collect();
        let max = out.iter().map(|c| c.reach).max().unwrap_or(0);
        for c in &mut out {
            c.key = c.cost
                + if c.reach >= max {
                    0
                } else if c.reach >= SOON {
                    2 * render::EDIT
                } else {
                    3 * render::EDIT
                };
        }
        out.sort_by_key(|c| c.key);
        out
    }

    /// The repair after which most of the following moves read: the token replaced by a likely move, a missing half-move inserted
    /// before it or before one of the few tokens `back` (read before it, oldest first), two
    /// adjacent half-moves swapped (the token and the next, or earlier ones), or the token
    /// dropped. Ties go to the likelier kind of mistake.
    #[allow(clippy::too_many_arguments)]
    fn find_repair(
        &self,
        pos: &Chess,
        origins: &Origins,
        tok: Option<&MoveToken>,
        (written, ranked): (&str, &[Cand]),
        rest: &[&MoveToken],
        resolution: &Resolution,
        preferred: &[String],
        (back, numbering): (&[Back<'_>], Numbering),
    ) -> Option<Found> {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return None;
        }
        // (moves read after it, cost, repair, tokens back): more moves read wins, then the
        // lower cost. After a move token, when the next move is wrong too whatever is assumed,
        // the likeliest repair is still taken, so that reading goes on and later errors are
        // found; an unreadable token (it may be no move at all, such as a word of prose) is
        // read as a move only when at least two following moves, or all when fewer follow,
        // bear it out.
        let need = if tok.is_some() { 0 } else { rest.len().min(2) };
        let mut best: Option<(usize, u32, Repair, usize)> = None;
        let mut consider = |seen: usize, cost: u32, repair: Repair, back: usize| {
            if seen < need && !matches!(repair, Repair::Delete) {
                return;
            }
            if best
                .as_ref()
                .is_none_or(|(s, c, _, _)| seen > *s || (seen == *s && cost < *c))
            {
                best = Some((seen, cost, repair, back));
            }
        };
        // Replacements: the candidates of an ambiguity, readings in other languages, and the
        // ranked readings.
        let mut candidates: Vec<(Move, Option<usize>)> = match resolution {
            Resolution::Ambiguous(ms) | Resolution::MissingPromotion(ms) => {
                ms.iter().map(|m| (*m, None)).collect()
            }
            _ => Vec::new(),
        };
        for text in preferred {
            if let Some(m) = legal
                .iter()
                .find(|m| self.writer.write(pos, origins, m) == *text)
                && !candidates.iter().any(|c| c.0 == *m)
            {
                candidates.push((*m, None));
            }
        }
        // Far-fetched readings are no repair.
        let limit = render::plausible_limit(written);
        for c in ranked.iter().filter(|c| c.cost <= limit) {
            if !candidates.iter().any(|x| x.0 == c.m) {
                candidates.push((c.m, Some(c.reach)));
            }
        }
        for (rank, (m, reach)) in candidates.iter().enumerate() {
            let queen_first = u32::from(m.promotion().is_some_and(|r| r != Role::Queen));
            let seen = reach.unwrap_or_else(|| self.reach_after(pos, origins, m, rest));
            consider(
                seen,
                10 + rank.min(50) as u32 + queen_first,
                Repair::Replace(*m),
                0,
            );
        }
        if let Some(tok) = tok {
            let wrong_side = matches!(resolution, Resolution::Illegal(Illegal::WrongSide { .. }));
            // Going back rewrites moves that read as written: only for an illegal move (an
            // ambiguous one is right as far as it goes), and only when some later move bears
            // it out.
            let back: &[Back<'_>] = if matches!(resolution, Resolution::Illegal(_)) {
                back
            } else {
                &[]
            };
            // A missing half-move before the token, or before one of the tokens just before it.
            // (moves read after the token, tokens back, missing move, the move of the token
            // after the gap)
            let mut inserts: Vec<Insertion> = Vec::new();
            for g in 0..=back.len() {
                let (p0, o0) = if g == 0 {
                    (pos, origins)
                } else {
                    let b = &back[back.len() - g];
                    (b.pos, b.origins)
                };
                let mut toks: Vec<&MoveToken> =
                    back[back.len() - g..].iter().map(|b| b.tok).collect();
                toks.push(tok);
                for x in p0.legal_moves() {
                    let mut p = p0.clone();
                    let mut o = *o0;
                    o.play(&x);
                    p.play_unchecked(x);
                    if let Some((p, o, moves)) = self.replay(&p, &o, &toks) {
                        inserts.push((self.lookahead(&p, &o, rest), g, x, moves[0]));
                    }
                }
            }
            if let Some(top) = inserts.iter().map(|i| i.0).max() {
                // Among the inserts that read furthest, those that agree best with the move
                // numbers written.
                let misfit = |g: usize| -> u32 {
                    let n = back.len();
                    (0..=n)
                        .map(|i| {
                            let number = if i == n {
                                numbering.current
                            } else {
                                back[i].number
                            };
                            let ply = numbering.ply + i as u32 - n as u32 + u32::from(i >= n - g);
                            numbering.misfit(number, ply)
                        })
                        .sum()
                };
                let reading: Vec<(u32, &Insertion)> = inserts
                    .iter()
                    .filter(|i| i.0 == top)
                    .map(|i| (misfit(i.1), i))
                    .collect();
                let least = reading.iter().map(|r| r.0).min().unwrap_or(0);
                let tied: Vec<&Insertion> = reading
                    .iter()
                    .filter(|r| r.0 == least)
                    .map(|r| r.1)
                    .collect();
                // A unique missing move is named; several that fit are a weaker repair, taken
                // only when later moves bear it out, or when the token is a move of the other
                // side as written.
                let (_, g, missing, then) = *tied[0];
                if (tied.len() == 1 || top >= 2 || (wrong_side && g == 0)) && (g == 0 || top >= 1) {
                    let cost = if tied.len() == 1 || (wrong_side && g == 0) {
                        9
                    } else {
                        16
                    };
                    consider(
                        top,
                        cost,
                        Repair::Insert {
                            missing,
                            then,
                            fits: tied.len(),
                        },
                        g,
                    );
                }
            }
            // The token and the next one swapped.
            if let Some(next) = rest.first()
                && strip_marks(self.src(next.span)) != strip_marks(self.src(tok.span))
                && let Some((p, o, moves)) = self.replay(pos, origins, &[next, tok])
            {
                let seen = 1 + self.lookahead(&p, &o, &rest[1..]);
                consider(
                    seen,
                    8,
                    Repair::Swap {
                        first: moves[0],
                        second: moves[1],
                    },
                    0,
                );
            }
            // Two half-moves just before it swapped, or the one before and the token itself.
            for k in 1..=back.len() {
                let b = &back[back.len() - k];
                let mut toks: Vec<&MoveToken> =
                    back[back.len() - k..].iter().map(|b| b.tok).collect();
                toks.push(tok);
                if strip_marks(self.src(toks[0].span)) == strip_marks(self.src(toks[1].span)) {
                    continue;
                }
                toks.swap(0, 1);
                if let Some((p, o, moves)) = self.replay(b.pos, b.origins, &toks)
                    && let seen = self.lookahead(&p, &o, rest)
                    && seen >= 1
                {
                    consider(
                        seen,
                        8,
                        Repair::Swap {
                            first: moves[0],
                            second: moves[1],
                        },
                        k,
                    );
                }
            }
        }
        // The token dropped: written twice, or not a move at all.
        let twice = tok.is_some_and(|t| self.written_twice(t));
        consider(
            self.lookahead(pos, origins, rest),
            if twice { 7 } else { 20 },
            Repair::Delete,
            0,
        );
        best.map(|(seen, _, repair, back)| Found { repair, seen, back })
    }

    /// Is this token the same text as the move token just before it?
    fn written_twice(&self, tok: &MoveToken) -> bool {
        let text = strip_marks(self.src(tok.span));
        let before = &self.text[..tok.span.start];
        let prev = before
            .split_whitespace()
            .rev()
            .find(|w| !w.chars().next().is_some_and(|c| c.is_ascii_digit()));
        prev.is_some_and(|p| strip_marks(p) == text)
    }

    /// Names the repair in the diagnostic: a missing half-move, swapped moves, a move written
    /// twice, or the move assumed.
    #[allow(clippy::too_many_arguments)]
    fn name_repair(
        &self,
        d: &mut Diagnostic,
        span: Span,
        found: &Found,
        rest: &[&MoveToken],
        pos: &Chess,
        origins: &Origins,
        wrong_side: bool,
    ) {
        let (repair, seen) = (&found.repair, found.seen);
        let text = self.src(span).to_owned();
        let after = match seen {
            0 => "the game ends there".to_owned(),
            1 => "the next move reads".to_owned(),
            n => format!("the next {n} moves read"),
        };
        let side = color_name(pos.turn());
        match repair {
            Repair::Replace(m) => {
                let w = self.writer.write(pos, origins, m);
                let note = format!("read on as if `{w}` had been written (assumed; {after})");
                d.help = Some(match d.help.take() {
                    Some(h) => format!("{h}\n{note}"),
                    None => note,
                });
                if let Some(i) = d.suggestions.iter().position(|s| *s == w) {
                    let s = d.suggestions.remove(i);
                    d.suggestions.insert(0, s);
                } else {
                    d.suggestions.insert(0, w);
                }
            }
            Repair::Insert {
                missing,
                then,
                fits,
            } => {
                let w = self.writer.write(pos, origins, missing);
                let probably = if *fits == 1 {
                    format!("`{w}`")
                } else {
                    match fits - 1 {
                        1 => format!("`{w}`, or one other move that fits as well"),
                        n => format!("`{w}`, or one of {n} other moves that fit as well"),
                    }
                };
                let mut p = pos.clone();
                let mut o = *origins;
                o.play(missing);
                p.play_unchecked(*missing);
                let t = self.writer.write(&p, &o, then);
                if wrong_side && *fits > 1 {
                    // Not one move fits: say what is sure, that the move is the other side's.
                    let owner = color_name(!pos.turn());
                    d.problem = Problem::WrongSide {
                        text: text.clone(),
                        owner,
                        mover: side,
                    };
                    d.severity = Severity::Error;
                    d.label = Some(format!("a move for {owner}"));
                    d.help = Some(format!(
                        "it reads as {owner}'s `{t}`: either it was written in {owner}'s place, or a half-move of {side} is missing before it (such as {probably}); read on with `{w}` inserted (assumed; {after})"
                    ));
                    // The inserted move is one of many: the suggestions stay the readings as a
                    // move of the side to move.
                    return;
                }
                d.problem = Problem::SkippedMove {
                    text: text.clone(),
                    side,
                    missing: probably,
                };
                // The reasons the token was illegal as read no longer apply.
                d.secondary.clear();
                d.severity = Severity::Error;
                d.label = Some(format!(
                    "a half-move of {side} seems to be missing before this"
                ));
                d.help = Some(format!(
                    "with {side}'s `{w}` inserted before it, `{text}` reads as `{t}` and {after} (assumed)"
                ));
                d.suggestions = vec![format!("{w} {t}")];
            }
            Repair::Swap { first, second } => {
                let next_text = rest
                    .first()
                    .map(|t| self.src(t.span).to_owned())
                    .unwrap_or_default();
                let w1 = self.writer.write(pos, origins, first);
                let mut p = pos.clone();
                let mut o = *origins;
                o.play(first);
                p.play_unchecked(*first);
                let w2 = self.writer.write(&p, &o, second);
                d.problem = Problem::SwappedMoves {
                    first: text.clone(),
                    second: next_text.clone(),
                };
                d.secondary.clear();
                d.severity = Severity::Error;
                if let Some(next) = rest.first() {
                    d.span = span.join(next.span);
                }
                d.label = Some("these two half-moves are in the wrong order".into());
                d.help = Some(format!(
                    "played as `{w1}` then `{w2}`, they are legal and {after} (assumed)"
                ));
                d.suggestions = vec![format!("{next_text} {text}")];
            }
            Repair::Delete => {
                if rest.is_empty() && seen == 0 {
                    let note = "read on without it (assumed)".to_owned();
                    d.help = Some(match d.help.take() {
                        Some(h) => format!("{h}\n{note}"),
                        None => note,
                    });
                    return;
                }
                let twice = d.code() != Code::Syntax
                    && self.text[..span.start]
                        .trim_end()
                        .ends_with(&strip_marks(&text));
                if twice {
                    d.problem = Problem::MoveWrittenTwice { text: text.clone() };
                    d.label = Some("the same move again".into());
                }
                let note = format!("without `{text}`, {after} (assumed)");
                d.help = Some(match d.help.take() {
                    Some(h) => format!("{h}\n{note}"),
                    None => note,
                });
                if twice || d.suggestions.is_empty() {
                    // The fix is to remove it.
                    d.suggestions = vec![String::new()];
                }
            }
        }
    }

    /// What the token says about the move, merged over its readings, to rank suggestions.
    fn hint(&self, tok: &MoveToken, pos: &Chess, origins: &Origins) -> Pattern {
        match tok.body {
            MoveBody::Descriptive(_) => {
                let pats = self.patterns(tok, pos, origins);
                let pats = pats.as_slice();
                let role = pats
                    .first()
                    .and_then(|p| p.role)
                    .filter(|r| pats.iter().all(|p| p.role == Some(*r)));
                let to_set = pats
                    .iter()
                    .filter_map(|p| p.to_set)
                    .fold(shakmaty::Bitboard::EMPTY, |a, b| a | b);
                Pattern {
                    role,
                    to_set: Some(to_set),
                    ..Pattern::EMPTY
                }
            }
            _ => Pattern::from_body(&tok.body),
        }
    }

    /// The patterns of a move token in this position (descriptive moves have several readings).
    fn patterns(&self, tok: &MoveToken, pos: &Chess, origins: &Origins) -> Patterns {
        match &tok.body {
            MoveBody::Descriptive(d) => Patterns::Many(crate::board::descriptive::move_patterns(
                d, self.text, pos, origins,
            )),
            _ => Patterns::One([Pattern::from_body(&tok.body)]),
        }
    }

    /// Resolves a move token in `pos`. A descriptive token's readings are matched on the
    /// board, and among several legal moves its check or mate mark (or its absence) and its
    /// e.p. mark choose, as readers of descriptive scores do (`B-N5ch`).
    fn resolve_tok(&self, tok: &MoveToken, pos: &Chess, origins: &Origins) -> Resolution {
        crate::board::token::resolve_move_token(tok, self.text, pos, origins)
    }

    fn results(&mut self, syntax: &GameSyntax, end: &LineEnd) {
        let tag = syntax.tag("Result");
        let tag_outcome = tag.and_then(|t| Outcome::from_tag(&t.value));
        match (end.result, tag, tag_outcome) {
            (Some((r, span)), Some(t), Some(to)) if r != to => {
                self.diags.push(
                    Diagnostic::new(
                        Problem::ResultTagMismatch {
                            token: r.pgn().into(),
                            tag: t.value.clone(),
                        },
                        span,
                    )
                    .label("the result here")
                    .with_secondary(t.value_span, "the Result tag")
                    .help("make the Result tag and the result after the moves agree"),
                );
            }
            _ => {}
        }
        let unclosed = syntax.issues.iter().any(|i| {
            matches!(
                i,
                SyntaxIssue::UnclosedComment(_) | SyntaxIssue::UnclosedVariation(_)
            )
        });
        if end.result.is_none() && syntax.move_count > 0 && !unclosed {
            let at = end.last_move.unwrap_or(syntax.span);
            let at = Span::new(at.end, at.end);
            let by_board = if end.complete && end.pos.is_checkmate() {
                Some(if end.pos.turn() == Color::White {
                    Outcome::BlackWins
                } else {
                    Outcome::WhiteWins
                })
            } else if end.complete && end.pos.is_stalemate() {
                Some(Outcome::Draw)
            } else {
                None
            };
            let sugg = by_board
                .or(tag_outcome)
                .map(|o| vec![o.pgn().to_owned()])
                .unwrap_or_default();
            self.diags.push(
                Diagnostic::new(Problem::MissingResult, at)
                    .label("the result belongs here")
                    .help("end the movetext with 1-0, 0-1, 1/2-1/2 or *")
                    .suggest(sugg),
            );
        }
        if !end.complete {
            return;
        }
        let pos = &end.pos;
        let position_outcome = if pos.is_checkmate() {
            Some((
                if pos.turn() == Color::White {
                    Outcome::BlackWins
                } else {
                    Outcome::WhiteWins
                },
                "checkmate",
            ))
        } else if pos.is_stalemate() {
            Some((Outcome::Draw, "stalemate"))
        } else {
            None
        };
        if let Some((expected, what)) = position_outcome {
            let winner = match expected {
                Outcome::WhiteWins => "White has mated",
                Outcome::BlackWins => "Black has mated",
                _ => "stalemate",
            };
            let _ = what;
            if let Some((r, span)) = end.result {
                if r != expected && r != Outcome::Unfinished {
                    self.diags.push(
                        Diagnostic::new(
                            Problem::ResultContradictsPosition {
                                written: r.pgn().into(),
                                position: winner.into(),
                            },
                            span,
                        )
                        .label(format!("should be {}", expected.pgn()))
                        .suggest(vec![expected.pgn().into()]),
                    );
                }
            } else if let (Some(t), Some(to)) = (tag, tag_outcome)
                && to != expected
                && to != Outcome::Unfinished
            {
                self.diags.push(
                    Diagnostic::new(
                        Problem::ResultContradictsPosition {
                            written: t.value.clone(),
                            position: winner.into(),
                        },
                        t.value_span,
                    )
                    .label(format!("should be {}", expected.pgn()))
                    .suggest(vec![expected.pgn().into()]),
                );
            }
        }
    }
}

/// The squares a diagram marks for an illegal or ambiguous move: the pieces that could make
/// it, or the pieces that stop it.
fn marked_squares(res: &Resolution) -> Vec<shakmaty::Square> {
    fn of(why: &Illegal) -> Vec<shakmaty::Square> {
        match why {
            Illegal::NoneFromThere { pieces, .. } | Illegal::CannotReach { pieces, .. } => {
                pieces.clone()
            }
            Illegal::PathBlocked { from, blocker, .. } => vec![*from, *blocker],
            Illegal::Pinned { from, pinner, .. } => vec![*from, *pinner],
            Illegal::StaysInCheck { checker, king, .. } => vec![*king, *checker],
            Illegal::KingIntoCheck { attacker, .. } => vec![*attacker],
            Illegal::CastlingInCheck { checker } => vec![*checker],
            Illegal::CastlingBlocked { square, .. } => vec![*square],
            Illegal::CastlingThroughCheck { attacker, .. } => vec![*attacker],
            Illegal::OwnPieceOnTarget { to, .. } => vec![*to],
            Illegal::WrongSide { own, .. } => of(own),
            _ => Vec::new(),
        }
    }
    let mut squares = match res {
        Resolution::Ambiguous(ms) | Resolution::MissingPromotion(ms) => {
            ms.iter().filter_map(|m| m.from()).collect()
        }
        Resolution::Illegal(why) => of(why),
        Resolution::Legal(_) | Resolution::Null => Vec::new(),
    };
    squares.sort();
    squares.dedup();
    squares
}

/// Does the move put a piece on `sq` (castling: the king's or the rook's square)?
fn lands_on(m: &Move, sq: shakmaty::Square) -> bool {
    match m.castling_side() {
        Some(side) => [Color::White, Color::Black]
            .iter()
            .any(|&c| side.king_to(c) == sq || side.rook_to(c) == sq),
        None => m.to() == sq,
    }
}

fn any_move(line: &Line, f: &mut impl FnMut(&MoveToken)) {
    for item in &line.items {
        match item {
            Item::Move(m) => f(m),
            Item::Variation(v) => any_move(v, f),
            _ => {}
        }
    }
}

/// What is wrong with a FEN, in words, when it can be told.
fn fen_problem(fen: &str) -> Option<String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Some("it is empty".into());
    }
    if fields.len() > 6 {
        return Some(format!(
            "it has {} fields; a FEN has 6 (board, side, castling, en passant, half-moves, move number)",
            fields.len()
        ));
    }
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Some(format!(
            "the board has {} ranks separated by `/`; it needs 8",
            ranks.len()
        ));
    }
    for (i, r) in ranks.iter().enumerate() {
        let mut n = 0u32;
        for c in r.chars() {
            match c {
                '1'..='8' => n += c.to_digit(10).unwrap_or(0),
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => n += 1,
                other => {
                    return Some(format!(
                        "`{other}` on rank {} is no piece letter (use pnbrqk / PNBRQK)",
                        8 - i
                    ));
                }
            }
        }
        if n != 8 {
            return Some(format!("rank {} (`{r}`) covers {n} squares, not 8", 8 - i));
        }
    }
    for (k, who) in [('K', "White"), ('k', "Black")] {
        let kings = fields[0].matches(k).count();
        if kings != 1 {
            return Some(format!("{who} has {kings} kings"));
        }
    }
    if let Some(side) = fields.get(1)
        && *side != "w"
        && *side != "b"
    {
        return Some(format!(
            "the side to move is `{side}`; it must be `w` or `b`"
        ));
    }
    None
}

fn count_moves(line: &Line, n: &mut usize) {
    for item in &line.items {
        match item {
            Item::Move(_) => *n += 1,
            Item::Variation(v) => count_moves(v, n),
            _ => {}
        }
    }
}

/// Moves among `spans` (move tokens and whole variations).
fn unchecked_moves(line: &Line, spans: &[Span]) -> usize {
    let mut count = 0;
    for item in &line.items {
        match item {
            Item::Move(m) if spans.contains(&m.span) => count += 1,
            Item::Variation(v) if spans.contains(&v.span) => count_moves(v, &mut count),
            _ => {}
        }
    }
    count
}

const fn plural(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawns",
        Role::Knight => "knights",
        Role::Bishop => "bishops",
        Role::Rook => "rooks",
        Role::Queen => "queens",
        Role::King => "kings",
    }
}

fn figurine_of(role: Role, color: Color) -> char {
    let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
    let i = role as usize - 1;
    if color == Color::White {
        white[i]
    } else {
        black[i]
    }
}

fn color_name(c: Color) -> &'static str {
    if c == Color::White { "White" } else { "Black" }
}

fn piece_letter_desc(before: &str) -> Option<String> {
    let mut chars = before.chars();
    let c = chars.next()?;
    if chars.next().is_none() && c.is_uppercase() {
        Some(format!("the piece letter {c}"))
    } else {
        None
    }
}

fn join_or(items: &[&str]) -> String {
    let sep = if items.iter().any(|i| i.contains(',')) {
        "; "
    } else {
        ", "
    };
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} or {}", rest.join(sep), last),
    }
}

fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {}", rest.join(", "), last),
    }
}

/// The reason in words, and secondary labels on earlier moves that explain it.
fn describe_illegal(
    why: &Illegal,
    pos: &Chess,
    history: &[Played],
    text: &str,
) -> (String, Vec<(Span, String)>) {
    let turn = color_name(pos.turn());
    let board = pos.board();
    let piece_on = |sq: shakmaty::Square| -> String {
        board
            .piece_at(sq)
            .map(|p| {
                format!(
                    "{} {} on {sq}",
                    color_name(p.color).to_lowercase(),
                    role_name(p.role)
                )
            })
            .unwrap_or_else(|| format!("piece on {sq}"))
    };
    let arrived = |sq: shakmaty::Square, what: &str| -> Vec<(Span, String)> {
        history
            .iter()
            .rev()
            .find(|p| lands_on(&p.m, sq))
            .map(|p| vec![(p.span, format!("{what} with {}", p.label(text)))])
            .unwrap_or_default()
    };
    // "the knight on c3 arrived with 5. Nc3" for each of these pieces.
    let each_arrived = |pieces: &[shakmaty::Square], role: Role| -> Vec<(Span, String)> {
        pieces
            .iter()
            .flat_map(|sq| arrived(*sq, &format!("the {} on {sq} arrived", role_name(role))))
            .collect()
    };
    match why {
        Illegal::GameOver { mate } => (
            if *mate {
                format!("{turn} is checkmated")
            } else {
                format!("{turn} is stalemated")
            },
            Vec::new(),
        ),
        Illegal::NoSuchPiece { piece } => (
            format!("{turn} has no {}", role_name(piece.role)),
            Vec::new(),
        ),
        Illegal::NoneFromThere { piece, pieces } => {
            let squares: Vec<String> = pieces.iter().map(|s| s.to_string()).collect();
            (
                format!(
                    "{turn} has no {} there; {} {} on {}",
                    role_name(piece.role),
                    "its",
                    if pieces.len() == 1 {
                        role_name(piece.role)
                    } else {
                        plural(piece.role)
                    },
                    join_and(&squares)
                )
                .replace(
                    &format!("its {} on", role_name(piece.role)),
                    &format!("the {} is on", role_name(piece.role)),
                )
                .replace(
                    &format!("its {} on", plural(piece.role)),
                    &format!("the {} are on", plural(piece.role)),
                ),
                each_arrived(pieces, piece.role),
            )
        }
        Illegal::EmptyOrigin { square } => (format!("there is no piece on {square}"), Vec::new()),
        Illegal::OpponentsPiece { square, piece } => (
            format!(
                "the {} on {square} is {}'s",
                role_name(piece.role),
                color_name(piece.color)
            ),
            Vec::new(),
        ),
        Illegal::CannotReach { piece, to, pieces } => {
            let squares: Vec<String> = pieces.iter().map(|s| s.to_string()).collect();
            let n = pieces.len();
            (
                format!(
                    "no {} {} can reach {to} ({} on {})",
                    turn.to_lowercase(),
                    role_name(piece.role),
                    if n == 1 {
                        format!("the {} is", role_name(piece.role))
                    } else {
                        format!("the {} are", plural(piece.role))
                    },
                    join_and(&squares)
                ),
                each_arrived(pieces, piece.role),
            )
        }
        Illegal::PathBlocked { from, to, blocker } => (
            format!(
                "the {} cannot reach {to}: the {} is in the way",
                piece_on(*from),
                piece_on(*blocker)
            ),
            arrived(*blocker, "the blocking piece arrived"),
        ),
        Illegal::OwnPieceOnTarget { to, piece } => (
            format!("{to} is occupied by {turn}'s own {}", role_name(piece.role)),
            arrived(*to, "it arrived"),
        ),
        Illegal::NothingToCapture { from, to } => (
            format!(
                "the pawn on {from} can only go to {to} by capturing, and there is nothing to capture"
            ),
            Vec::new(),
        ),
        Illegal::WrongCapturedPiece { to, actual, named } => (
            match actual {
                Some(p) => format!(
                    "the piece on {to} is a {}, not a {}",
                    role_name(p.role),
                    role_name(*named)
                ),
                None => format!(
                    "{to} is empty; there is no {} to capture",
                    role_name(*named)
                ),
            },
            Vec::new(),
        ),
        Illegal::Pinned { from, pinner, king } => (
            format!(
                "the {} is pinned: moving it would expose the king on {king} to the {}",
                piece_on(*from),
                piece_on(*pinner)
            ),
            arrived(*pinner, "the pinning piece arrived"),
        ),
        Illegal::StaysInCheck {
            from,
            checker,
            king,
        } => (
            format!(
                "{turn} is in check from the {}, and moving the {} does not end it (king on {king})",
                piece_on(*checker),
                piece_on(*from)
            ),
            arrived(*checker, "the check came"),
        ),
        Illegal::KingIntoCheck { to, attacker } => (
            format!(
                "the king would be in check on {to} from the {}",
                piece_on(*attacker)
            ),
            arrived(*attacker, "the attacker arrived"),
        ),
        Illegal::NoCastlingRight { side } => (
            format!(
                "{turn} can no longer castle {}: the king or that rook has moved",
                if side.is_king_side() {
                    "kingside"
                } else {
                    "queenside"
                }
            ),
            Vec::new(),
        ),
        Illegal::CastlingInCheck { checker } => (
            format!(
                "{turn} cannot castle out of check (check from the {})",
                piece_on(*checker)
            ),
            arrived(*checker, "the check came"),
        ),
        Illegal::CastlingBlocked { side, square } => (
            format!(
                "{turn} cannot castle {}: there is a {} on {square}",
                if side.is_king_side() {
                    "kingside"
                } else {
                    "queenside"
                },
                board
                    .piece_at(*square)
                    .map(|p| role_name(p.role))
                    .unwrap_or("piece")
            ),
            arrived(*square, "it arrived"),
        ),
        Illegal::CastlingThroughCheck {
            side,
            square,
            attacker,
        } => (
            format!(
                "{turn} cannot castle {}: the king would pass through or land on {square}, attacked by the {}",
                if side.is_king_side() {
                    "kingside"
                } else {
                    "queenside"
                },
                piece_on(*attacker)
            ),
            arrived(*attacker, "the attacker arrived"),
        ),
        Illegal::PromotionNotAllowed { to } => (
            format!("a promotion is written, but the move to {to} does not reach the last rank"),
            Vec::new(),
        ),
        Illegal::BadPromotion { role } => (
            format!("a pawn cannot promote to a {}", role_name(*role)),
            Vec::new(),
        ),
        Illegal::NullInCheck => (format!("{turn} is in check and cannot pass"), Vec::new()),
        Illegal::WrongSide { color, m, own } => {
            let (why, labels) = describe_illegal(own, pos, history, text);
            let other = color_name(*color);
            (
                format!(
                    "{why}; it is a legal move for {other} ({m}): was a move skipped, or written for the wrong side?"
                ),
                labels,
            )
        }
        Illegal::NoMatch => (format!("no legal move of {turn} matches it"), Vec::new()),
    }
}
