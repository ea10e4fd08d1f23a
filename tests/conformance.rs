//! Conformance against the third-party corpus in `../shared/corpus` (see its `README.md`).
//!
//! The corpus is never copied into the project: when it is absent (a fresh clone), every test
//! here writes `SKIPPED <test>: the corpus … not found at …` to standard error (shown by
//! `cargo test`) and passes, or fails when `SCORESHEET_REQUIRE_DATA=1` (CI sets it).
//! `SCORESHEET_CORPUS` overrides the location.
//!
//! Every place where we deliberately differ from the corpus is listed, with its reason, in a
//! file under `tests/data/`; a test fails both on an unlisted difference and on a listed one
//! that no longer differs, so the lists stay true.
//!
//! Run with `cargo test --test conformance -- --nocapture` to see the counts.

mod common;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use scoresheet::board::{TokenOutcome, parse_token, resolve_token};
use scoresheet::check::{CheckedFile, CheckedGame, MoveState, Options, check_bytes, check_str};
use scoresheet::diagnostic::{Diagnostic, Problem, Severity};
use scoresheet::report::output::uci_line;
use scoresheet::syntax::{Item, Line, MoveToken};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position, PositionError};

// ---------------------------------------------------------------------------------------------
// Corpus and data files
// ---------------------------------------------------------------------------------------------

use common::corpus_or_skip;

/// Rows of a tab-separated file: the header line and `#` lines are skipped.
fn read_tsv(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}

/// A list of deliberate differences or expected errors in `tests/data/`: rows keyed by their
/// first `key_columns` columns; each row must be used at least once.
struct Listed {
    file: &'static str,
    rows: Vec<Vec<String>>,
    used: Vec<bool>,
    key_columns: usize,
}

impl Listed {
    fn load(file: &'static str, key_columns: usize, columns: usize) -> Listed {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(file);
        let rows = read_tsv(&path);
        for (i, r) in rows.iter().enumerate() {
            assert!(
                r.len() == columns && r.last().is_some_and(|reason| reason.trim().len() > 10),
                "{file}: row {} needs {columns} columns and a real reason: {r:?}",
                i + 2
            );
        }
        let used = vec![false; rows.len()];
        Listed {
            file,
            rows,
            used,
            key_columns,
        }
    }

    /// The listed row for this key, marked as used.
    fn find(&mut self, key: &[&str]) -> Option<&Vec<String>> {
        let i = self
            .rows
            .iter()
            .position(|r| r[..self.key_columns].iter().zip(key).all(|(a, b)| a == b))?;
        self.used[i] = true;
        Some(&self.rows[i])
    }

    /// Rows never used: they no longer describe a real difference.
    fn stale(&self) -> Vec<String> {
        self.rows
            .iter()
            .zip(&self.used)
            .filter(|(_, u)| !**u)
            .map(|(r, _)| {
                format!(
                    "{}: stale row (no longer happens): {}",
                    self.file,
                    r.join(" | ")
                )
            })
            .collect()
    }
}

/// A position from a FEN, forgiving about castling rights and e.p. squares that do not fit.
fn position(fen: &str, mode: CastlingMode) -> Chess {
    let setup =
        Fen::from_ascii(fen.trim().as_bytes()).unwrap_or_else(|e| panic!("bad FEN {fen}: {e}"));
    let mut result = setup.into_position::<Chess>(mode);
    for ignore in [
        PositionError::ignore_invalid_castling_rights,
        PositionError::ignore_invalid_ep_square,
        PositionError::ignore_too_much_material,
        PositionError::ignore_impossible_check,
    ] {
        result = result.or_else(ignore);
    }
    result.unwrap_or_else(|e| panic!("bad position {fen}: {e}"))
}

/// English algebraic: the corpus is written in it (language detection is tested elsewhere).
fn english() -> Options {
    Options::given("algebraic", "en")
}

// ---------------------------------------------------------------------------------------------
// a. vectors/san.tsv
// ---------------------------------------------------------------------------------------------

/// Our answer for a san.tsv row, in the file's vocabulary.
fn san_row_outcome(fen: &str, input: &str, note: &str) -> String {
    if fen == "-" {
        return match parse_token(input) {
            Ok(_) => "valid-syntax".into(),
            Err(_) => "invalid".into(),
        };
    }
    let mode = if note.contains("Chess960") {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let pos = position(fen, mode);
    match resolve_token(&pos, input) {
        TokenOutcome::Legal(m) => UciMove::from_move(m, mode).to_string(),
        TokenOutcome::Null => "0000".into(),
        TokenOutcome::Illegal(_) => "illegal".into(),
        TokenOutcome::Ambiguous(_) => "ambiguous".into(),
        TokenOutcome::MissingPromotion(_) => "missing-promotion".into(),
        TokenOutcome::Invalid(_) => "invalid".into(),
    }
}

/// Does our answer agree with the row's expectation?
fn san_agrees(fen: &str, expected: &str, ours: &str) -> bool {
    // `illegal: promotion to king` → `illegal`
    let kind = expected.split(':').next().unwrap_or(expected).trim();
    if fen == "-" {
        // Position-free rows: `valid-syntax`, or a UCI move (well-formed), or `invalid`.
        return match kind {
            "invalid" => ours == "invalid",
            _ => ours == "valid-syntax",
        };
    }
    // A missing promotion piece is one way of not being a legal move as written.
    kind == ours || (kind == "illegal" && ours == "missing-promotion")
}

#[test]
fn san_vectors() {
    let Some(root) = corpus_or_skip("san_vectors") else {
        return;
    };
    let rows = read_tsv(&root.join("vectors/san.tsv"));
    let mut listed = Listed::load("san_differences.tsv", 3, 5);
    let mut agree = 0;
    let mut differ_listed = 0;
    let mut failures = Vec::new();
    for row in &rows {
        let [source, fen, input, expected, note, ..] = &row[..] else {
            panic!("short row {row:?}")
        };
        let text = match input.as_str() {
            "(empty string)" => String::new(),
            other => other.replace("\\n", "\n"),
        };
        let ours = san_row_outcome(fen, &text, note);
        let agrees = san_agrees(fen, expected, &ours);
        match (agrees, listed.find(&[source, input, expected])) {
            (true, None) => agree += 1,
            (true, Some(r)) => failures.push(format!(
                "listed difference no longer differs: {source} | {input} | expected {expected} | ours {ours} (listed: {})",
                r[3]
            )),
            (false, Some(r)) if r[3] == ours => differ_listed += 1,
            (false, Some(r)) => failures.push(format!(
                "{source} | {fen} | {input}: expected {expected}, ours {ours}, but the list says ours is {}",
                r[3]
            )),
            (false, None) => {
                failures.push(format!("{source} | {fen} | {input}: expected {expected}, ours {ours} ({note})"))
            }
        }
    }
    // A row can be used by several identical vectors; rows never used are stale.
    failures.extend(listed.stale());
    println!(
        "conformance: san.tsv: {} rows, {agree} agree, {differ_listed} differ deliberately (tests/data/san_differences.tsv)",
        rows.len()
    );
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// Every game of the corpus, checked once
// ---------------------------------------------------------------------------------------------

/// A checked corpus file and its path relative to the corpus.
struct Checked {
    rel: String,
    file: CheckedFile,
}

/// Every `*.pgn` under `bulk/` and `pgn/`, checked once for all tests.
fn checked_corpus(root: &Path) -> &'static [Checked] {
    static ALL: OnceLock<Vec<Checked>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut paths = Vec::new();
        for dir in ["bulk", "pgn"] {
            collect_pgn(&root.join(dir), &mut paths);
        }
        paths.sort();
        paths
            .iter()
            .map(|p| {
                let rel = p
                    .strip_prefix(root)
                    .expect("under root")
                    .to_string_lossy()
                    .replace('\\', "/");
                let bytes = std::fs::read(p).expect("readable corpus file");
                let file = check_bytes(&rel, &bytes, &english()).expect("English algebraic exists");
                Checked { rel, file }
            })
            .collect()
    })
}

fn collect_pgn(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_pgn(&p, out);
        } else if p.extension().is_some_and(|x| x == "pgn") {
            out.push(p);
        }
    }
}

/// The games of corpus/README.md "Games that do not replay legally" (PGN ones): file, game,
/// and where the first error must be reported (ply, token text).
const NOT_LEGAL: &[(&str, usize, u32, &str)] = &[
    // 57. Rb6+ Re1: Black ignores the check.
    (
        "pgn/scalachess-fixtures/festivalFigueira.pgn",
        1,
        114,
        "Re1",
    ),
    // (10. Bh4 …) is attached to Black's 10...gxf6: a White move where Black is to move.
    ("pgn/scalachess-fixtures/overflow.pgn", 1, 20, "Bh4"),
    // No FEN: the variation (35. h3 …) is illegal from the standard start.
    (
        "pgn/scalachess-fixtures/fromPositionEmptyFen.pgn",
        1,
        69,
        "h3",
    ),
];

fn is_not_legal(rel: &str, game: usize) -> bool {
    NOT_LEGAL.iter().any(|(f, g, _, _)| *f == rel && *g == game)
}

/// True for a game of a variant we do not check (crazyhouse, atomic…).
fn is_variant(g: &CheckedGame) -> bool {
    g.syntax.tag("Variant").is_some_and(|v| {
        let name = v.value.to_ascii_lowercase().replace([' ', '-', '_'], "");
        !matches!(
            name.as_str(),
            "" | "standard"
                | "chess"
                | "normal"
                | "fromposition"
                | "chess960"
                | "fischerandom"
                | "fischerrandom"
                | "960"
                | "freestyle"
        )
    })
}

fn src(file: &CheckedFile, span: scoresheet::span::Span) -> &str {
    file.text.get(span.start..span.end).unwrap_or("")
}

// ---------------------------------------------------------------------------------------------
// b. Every resolved token against shakmaty's own SAN reader
// ---------------------------------------------------------------------------------------------

/// The token's text with only what shakmaty's SAN reader cannot read taken out or respelled:
/// white space, glyphs, e.p. marks, check and mate signs (shakmaty checks no suffix), figurines,
/// other castling, capture and promotion spellings, and dashes of long algebraic.
fn for_shakmaty(text: &str) -> String {
    let mut t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    loop {
        let before = t.len();
        for suffix in [
            "(e.p.)", "(e.p)", "e.p.", "e.p", "a.p.", "ep", "!", "?", "□", "++", "+", "#", "‡",
            "†", "X",
        ] {
            if let Some(s) = t.strip_suffix(suffix) {
                t = s.to_owned();
            }
        }
        if t.len() == before {
            break;
        }
    }
    let t: String = t
        .chars()
        .map(|c| match c {
            '♔' | '♚' => 'K',
            '♕' | '♛' => 'Q',
            '♖' | '♜' => 'R',
            '♗' | '♝' => 'B',
            '♘' | '♞' => 'N',
            '♙' | '♟' => 'P',
            ':' | '×' => 'x',
            '‑' | '‐' | '–' | '—' | '−' => '-',
            c => c,
        })
        .collect();
    let castle: String = t
        .chars()
        .map(|c| if matches!(c, '0' | 'o') { 'O' } else { c })
        .collect();
    if castle == "O-O" || castle == "O-O-O" {
        return castle;
    }
    if t == "--" {
        return t;
    }
    let mut t = t.replace('-', "");
    // Promotion without `=`, in parentheses or after a slash: `e8Q`, `e8(Q)`, `e8/Q`.
    for (open, close) in [("(", ")"), ("/", "")] {
        if let Some(i) = t.rfind(open)
            && t.ends_with(close)
            && t.len() == i + open.len() + 1 + close.len()
        {
            let piece = t[i + open.len()..i + open.len() + 1].to_owned();
            t = format!("{}={piece}", &t[..i]);
        }
    }
    let b = t.as_bytes();
    if b.len() >= 3 && b[b.len() - 2].is_ascii_digit() && b"QRBNK".contains(&b[b.len() - 1]) {
        t.insert(t.len() - 1, '=');
    }
    t
}

/// What shakmaty makes of a token's text in a position.
#[derive(Debug)]
enum Reading {
    /// shakmaty's SAN reader finds this move.
    San(Move),
    /// shakmaty's UCI reader finds this move (coordinate notation such as `g1f3`).
    Uci(Move),
    /// shakmaty finds this move once the capture mark is added or removed: shakmaty insists
    /// on the `x` being right, we read the move and warn about the mark.
    CaptureMark(Move),
    /// A null move.
    Null,
    /// shakmaty cannot read the text, or finds no unique legal move.
    Nothing,
}

fn shakmaty_reads(pos: &Chess, text: &str) -> Reading {
    let t = for_shakmaty(text);
    if let Ok(san) = San::from_ascii(t.as_bytes()) {
        if san == San::Null {
            return Reading::Null;
        }
        if let Ok(m) = san.to_move(pos) {
            return Reading::San(m);
        }
        if let San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } = san
        {
            let toggled = San::Normal {
                role,
                file,
                rank,
                capture: !capture,
                to,
                promotion,
            };
            if let Ok(m) = toggled.to_move(pos) {
                return Reading::CaptureMark(m);
            }
        }
    }
    match UciMove::from_ascii(t.to_ascii_lowercase().as_bytes()) {
        Ok(UciMove::Null) => Reading::Null,
        Ok(uci) => uci.to_move(pos).map_or(Reading::Nothing, Reading::Uci),
        Err(_) => Reading::Nothing,
    }
}

#[derive(Default)]
struct Tally {
    games: usize,
    tokens: usize,
    san: usize,
    uci: usize,
    capture_mark: usize,
    null: usize,
    respelled: usize,
    unreadable: Vec<String>,
    failures: Vec<String>,
}

/// Walks a line as check.rs does, comparing every resolved token with shakmaty.
fn compare_line(file: &CheckedFile, game: &CheckedGame, line: &Line, start: Chess, t: &mut Tally) {
    let mut pos = start;
    let mut before: Option<Chess> = None;
    let mut broken = false;
    for item in &line.items {
        match item {
            Item::Move(tok) => {
                // After a repair the checker reads on in a position it assumed: stop comparing.
                if broken || game.repairs.iter().any(|r| r.index == Some(tok.index)) {
                    broken = true;
                    continue;
                }
                match game.moves[tok.index] {
                    MoveState::Legal(m) => {
                        compare_token(file, game, tok, &pos, m, t);
                        before = Some(pos.clone());
                        pos.play_unchecked(m);
                    }
                    MoveState::Null => {
                        t.tokens += 1;
                        match shakmaty_reads(&pos, src(file, tok.span)) {
                            Reading::Null => t.null += 1,
                            other => t.failures.push(format!(
                                "{} game {}: `{}` is a null move for us, shakmaty reads {other:?}",
                                file.path,
                                game.number,
                                src(file, tok.span)
                            )),
                        }
                        before = Some(pos.clone());
                        pos = pos.clone().swap_turn().unwrap_or(pos);
                    }
                    MoveState::Error | MoveState::NotChecked | MoveState::Assumed(_) => {
                        broken = true;
                        before = Some(pos.clone());
                    }
                }
            }
            Item::Variation(v) => {
                if let Some(b) = &before {
                    compare_line(file, game, v, b.clone(), t);
                }
                if broken {
                    before = None;
                }
            }
            Item::Unknown(_) if !broken => {
                broken = true;
                before = Some(pos.clone());
            }
            _ => {}
        }
    }
}

fn compare_token(
    file: &CheckedFile,
    game: &CheckedGame,
    tok: &MoveToken,
    pos: &Chess,
    ours: Move,
    t: &mut Tally,
) {
    let text = src(file, tok.span);
    t.tokens += 1;
    let stripped = for_shakmaty_strip_only(text);
    if for_shakmaty(text) != stripped {
        t.respelled += 1;
    }
    let mode = pos.castles().mode();
    let uci = |m: Move| UciMove::from_move(m, mode).to_string();
    match shakmaty_reads(pos, text) {
        Reading::San(m) if m == ours => t.san += 1,
        Reading::Uci(m) if m == ours => t.uci += 1,
        Reading::CaptureMark(m) if m == ours => {
            t.capture_mark += 1;
            let warned = game.diagnostics.iter().any(|d| {
                matches!(
                    d.problem,
                    Problem::MissingCaptureMark { .. } | Problem::CaptureMarkOnNonCapture { .. }
                ) && d.span.start >= tok.span.start
                    && d.span.end <= tok.span.end
            });
            if !warned {
                t.failures.push(format!(
                    "{} game {}: `{text}` needs a capture mark fixed for shakmaty, but we gave no warning",
                    file.path, game.number
                ));
            }
        }
        Reading::Nothing => {
            if t.unreadable.len() < 10_000 {
                t.unreadable.push(format!(
                    "{} game {}: `{text}` ({})",
                    file.path,
                    game.number,
                    uci(ours)
                ));
            }
        }
        other => t.failures.push(format!(
            "{} game {}: `{text}` in {}: we read {}, shakmaty reads {other:?}",
            file.path,
            game.number,
            Fen::from_position(pos, EnPassantMode::Legal),
            uci(ours)
        )),
    }
}

/// Only the part of [`for_shakmaty`] that strips (for counting respelled tokens).
fn for_shakmaty_strip_only(text: &str) -> String {
    let mut t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    loop {
        let before = t.len();
        for suffix in [
            "(e.p.)", "(e.p)", "e.p.", "e.p", "a.p.", "ep", "!", "?", "□", "+", "#",
        ] {
            if let Some(s) = t.strip_suffix(suffix) {
                t = s.to_owned();
            }
        }
        if t.len() == before {
            break;
        }
    }
    t
}

fn error_diags(g: &CheckedGame) -> impl Iterator<Item = &Diagnostic> {
    g.diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
}

#[test]
fn corpus_games_agree_with_shakmaty() {
    let Some(root) = corpus_or_skip("corpus_games_agree_with_shakmaty") else {
        return;
    };
    let files = checked_corpus(&root);
    let mut t = Tally::default();
    let mut listed = Listed::load("corpus_expected_errors.tsv", 3, 4);
    let mut variants = 0;
    let mut failures = Vec::new();
    for c in files {
        let in_variants = c.rel.starts_with("pgn/variants/");
        for d in &c.file.diagnostics {
            if d.severity == Severity::Error {
                failures.push(format!(
                    "{}: file error {}: {}",
                    c.rel,
                    d.code().as_str(),
                    d.problem
                ));
            }
        }
        for g in &c.file.games {
            if is_variant(g) {
                variants += 1;
                if !g
                    .diagnostics
                    .iter()
                    .any(|d| matches!(d.problem, Problem::UnsupportedVariant { .. }))
                {
                    failures.push(format!(
                        "{} game {}: a variant game is not reported as unsupported",
                        c.rel, g.number
                    ));
                }
                continue;
            }
            if in_variants {
                failures.push(format!(
                    "{} game {}: game of pgn/variants without a Variant tag",
                    c.rel, g.number
                ));
                continue;
            }
            t.games += 1;
            if let Some(start) = &g.start {
                compare_line(&c.file, g, &g.syntax.root, start.clone(), &mut t);
            }
            if is_not_legal(&c.rel, g.number) {
                continue;
            }
            let codes: BTreeSet<&str> = error_diags(g).map(|d| d.code().as_str()).collect();
            for code in codes {
                let number = g.number.to_string();
                if listed.find(&[&c.rel, &number, code]).is_none() {
                    let first = error_diags(g)
                        .find(|d| d.code().as_str() == code)
                        .expect("present");
                    failures.push(format!(
                        "{} game {}: unexpected error {code}: {} (at `{}`)",
                        c.rel,
                        g.number,
                        first.problem,
                        src(&c.file, first.span)
                    ));
                }
            }
        }
    }
    failures.append(&mut t.failures);
    failures.extend(listed.stale());
    println!(
        "conformance: corpus games: {} games checked ({variants} variant games reported unsupported), {} resolved tokens: \
         {} agree with shakmaty's SAN reader, {} with its UCI reader, {} once the capture mark is fixed \
         (we warned), {} null moves; {} needed respelling for shakmaty; {} shakmaty cannot read",
        t.games,
        t.tokens,
        t.san,
        t.uci,
        t.capture_mark,
        t.null,
        t.respelled,
        t.unreadable.len()
    );
    for u in t.unreadable.iter().take(30) {
        println!("conformance:   shakmaty cannot read: {u}");
    }
    let agreed = t.san + t.uci + t.capture_mark + t.null;
    println!(
        "conformance: corpus games: agreement {agreed}/{} tokens",
        t.tokens
    );
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// c. Games that do not replay legally are reported at the right move
// ---------------------------------------------------------------------------------------------

#[test]
fn illegal_games_reported_at_the_right_move() {
    let Some(root) = corpus_or_skip("illegal_games_reported_at_the_right_move") else {
        return;
    };
    let files = checked_corpus(&root);
    let mut failures = Vec::new();
    for (rel, number, ply, text) in NOT_LEGAL {
        let Some(c) = files.iter().find(|c| c.rel == *rel) else {
            failures.push(format!("{rel}: not in the corpus"));
            continue;
        };
        let Some(g) = c.file.games.iter().find(|g| g.number == *number) else {
            failures.push(format!("{rel}: no game {number}"));
            continue;
        };
        let first = g
            .diagnostics
            .iter()
            .filter(|d| {
                // The mistake may also be named (a skipped or swapped half-move).
                matches!(
                    d.problem,
                    Problem::IllegalMove { .. }
                        | Problem::AmbiguousMove { .. }
                        | Problem::SkippedMove { .. }
                        | Problem::SwappedMoves { .. }
                )
            })
            .min_by_key(|d| d.span.start);
        match first {
            // A named mistake (two swapped half-moves) spans the token and the next one.
            Some(d) if d.ply == Some(*ply) && src(&c.file, d.span).starts_with(*text) => {
                println!("conformance: {rel} game {number}: reported at ply {ply} `{text}`: {}", d.problem);
            }
            Some(d) => failures.push(format!(
                "{rel} game {number}: first error at ply {:?} `{}` ({}), expected ply {ply} `{text}`",
                d.ply,
                src(&c.file, d.span),
                d.problem
            )),
            None => failures.push(format!("{rel} game {number}: no illegal move reported")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// d. `--to uci` on bulk/
// ---------------------------------------------------------------------------------------------

/// The main line replayed with shakmaty alone (SAN reader, then UCI reader), in UCI.
fn shakmaty_mainline(file: &CheckedFile, g: &CheckedGame) -> Result<String, String> {
    let mut pos = g.start.clone().ok_or("no start position")?;
    let mode = pos.castles().mode();
    let mut out: Vec<String> = Vec::new();
    for item in &g.syntax.root.items {
        let Item::Move(tok) = item else { continue };
        let text = src(file, tok.span);
        let m = match shakmaty_reads(&pos, text) {
            Reading::San(m) | Reading::Uci(m) | Reading::CaptureMark(m) => m,
            Reading::Null => {
                out.push("0000".into());
                pos = pos
                    .clone()
                    .swap_turn()
                    .map_err(|_| format!("null move `{text}` in check"))?;
                continue;
            }
            Reading::Nothing => return Err(format!("shakmaty cannot read `{text}`")),
        };
        out.push(UciMove::from_move(m, mode).to_string());
        pos.play_unchecked(m);
    }
    Ok(out.join(" "))
}

#[test]
fn uci_output_matches_shakmaty_on_bulk() {
    let Some(root) = corpus_or_skip("uci_output_matches_shakmaty_on_bulk") else {
        return;
    };
    let files = checked_corpus(&root);
    let mut games = 0;
    let mut plies = 0;
    let mut failures = Vec::new();
    for c in files.iter().filter(|c| c.rel.starts_with("bulk/")) {
        for g in &c.file.games {
            games += 1;
            let ours = uci_line(g);
            match shakmaty_mainline(&c.file, g) {
                Ok(theirs) if theirs == ours => plies += g.mainline.len(),
                Ok(theirs) => failures.push(format!(
                    "{} game {}: --to uci differs\n  ours:     {ours}\n  shakmaty: {theirs}",
                    c.rel, g.number
                )),
                Err(e) => failures.push(format!("{} game {}: {e}", c.rel, g.number)),
            }
        }
    }
    println!(
        "conformance: --to uci: {games} bulk games, {plies} plies, {} differences",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// e. vectors/pgn_snippets.jsonl and pgn/scalachess-fixtures/INDEX.tsv
// ---------------------------------------------------------------------------------------------

/// The position at the end of the main line.
fn final_position(g: &CheckedGame) -> Option<Chess> {
    let mut pos = g.start.clone()?;
    for m in &g.mainline {
        match m {
            Some(m) => pos.play_unchecked(*m),
            None => pos = pos.swap_turn().ok()?,
        }
    }
    Some(pos)
}

/// Our summary of a checked text: games, main-line plies of each game, errors.
fn summary(file: &CheckedFile) -> (Vec<usize>, Vec<String>) {
    let plies = file.games.iter().map(|g| g.mainline.len()).collect();
    let errors = file
        .all_diagnostics()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| format!("{} `{}`", d.code().as_str(), src(file, d.span)))
        .collect();
    (plies, errors)
}

#[test]
fn pgn_snippets() {
    let Some(root) = corpus_or_skip("pgn_snippets") else {
        return;
    };
    let text = std::fs::read_to_string(root.join("vectors/pgn_snippets.jsonl")).expect("snippets");
    let mut listed = Listed::load("snippet_differences.tsv", 2, 4);
    let mut failures = Vec::new();
    let (mut count, mut agree, mut differ) = (0, 0, 0);
    for (i, line) in text.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        let source = v["source"].as_str().unwrap_or("");
        let test = v["test"].as_str().unwrap_or("");
        let pgn = v["pgn"].as_str().unwrap_or("");
        let key = format!("{}#{}", i + 1, test);
        count += 1;
        let file = check_str("snippet.pgn", pgn, &english()).expect("English algebraic exists");
        let (plies, errors) = summary(&file);
        let mut problems = Vec::new();
        // chess.js expectations: rejected or not, and the final position.
        let lenient_rejects = v["lenient_pgn_rejects"].as_bool();
        let we_reject = !errors.is_empty();
        if let Some(rejects) = lenient_rejects
            && rejects != we_reject
        {
            problems.push(format!(
                "chess.js (permissive) rejects: {rejects}; our errors: {errors:?}"
            ));
        }
        if let Some(fen) = v["expected_final_fen"].as_str() {
            let ours = file
                .games
                .first()
                .and_then(final_position)
                .map(|p| Fen::from_position(&p, EnPassantMode::Legal).to_string());
            if ours.as_deref().map(strip_clocks) != Some(strip_clocks(fen)) {
                problems.push(format!("final position {ours:?}, expected {fen}"));
            }
        }
        // python-chess expectations: main-line plies, errors.
        if lenient_rejects.is_none() {
            if let Some(pc) = v["python_chess"].as_object() {
                let want = pc
                    .get("mainline_plies")
                    .and_then(serde_json::Value::as_u64)
                    .unwrap_or(0) as usize;
                let pc_errors = pc
                    .get("errors")
                    .and_then(serde_json::Value::as_array)
                    .map_or(0, Vec::len);
                if plies.first().copied().unwrap_or(0) != want {
                    problems.push(format!("main line of {plies:?} plies, python-chess {want}"));
                }
                if (pc_errors > 0) != we_reject {
                    problems.push(format!(
                        "python-chess errors {:?}; ours {errors:?}",
                        pc.get("errors")
                    ));
                }
            } else if !errors.is_empty() || plies.iter().any(|&p| p > 0) {
                problems.push(format!(
                    "python-chess reads no game; ours: {plies:?} plies, errors {errors:?}"
                ));
            }
        }
        let ours = problems.join("; ");
        match (problems.is_empty(), listed.find(&[source, &key])) {
            (true, None) => agree += 1,
            (true, Some(_)) => failures.push(format!(
                "{source} {key}: listed difference no longer differs"
            )),
            (false, Some(_)) => differ += 1,
            (false, None) => failures.push(format!("{source} {key}: {ours}\n---\n{pgn}\n---")),
        }
    }
    failures.extend(listed.stale());
    println!(
        "conformance: pgn_snippets.jsonl: {count} snippets, {agree} agree, {differ} differ deliberately (tests/data/snippet_differences.tsv)"
    );
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A FEN without its half-move clock and move number (sources disagree about them after
/// null moves and FEN starts).
fn strip_clocks(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

#[test]
fn scalachess_fixtures_index() {
    let Some(root) = corpus_or_skip("scalachess_fixtures_index") else {
        return;
    };
    let dir = root.join("pgn/scalachess-fixtures");
    let rows = read_tsv(&dir.join("INDEX.tsv"));
    let mut listed = Listed::load("scalachess_differences.tsv", 1, 3);
    let mut failures = Vec::new();
    let (mut agree, mut differ) = (0, 0);
    for row in &rows {
        let [name, _fixture, games, scala_plies, variant, python, ..] = &row[..] else {
            panic!("short row {row:?}")
        };
        let bytes = std::fs::read(dir.join(name)).expect("fixture");
        let file = check_bytes(name, &bytes, &english()).expect("English algebraic exists");
        let mut problems = Vec::new();
        if name.ends_with(".txt") {
            // One game per line; python-chess: "N lines, E with errors".
            let text = String::from_utf8_lossy(&bytes);
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            let with_errors = lines
                .iter()
                .filter(|l| {
                    check_str(name, l, &english())
                        .expect("English algebraic exists")
                        .has_errors()
                })
                .count();
            let ours = format!("{} lines, {with_errors} with errors", lines.len());
            if ours != *python {
                problems.push(format!("{ours}, python-chess {python}"));
            }
        } else if !variant.is_empty() {
            let reported = file.games.iter().all(|g| {
                g.diagnostics
                    .iter()
                    .any(|d| matches!(d.problem, Problem::UnsupportedVariant { .. }))
                    || g.has_errors()
            });
            if !reported {
                problems
                    .push("a variant game is checked as standard chess without error".to_owned());
            }
        } else {
            let want_games: usize = games.parse().unwrap_or(0);
            let ours = file.games.len();
            if ours != want_games {
                problems.push(format!("{ours} games, expected {want_games}"));
            }
            // scalachess asserts the main-line plies of the (first) game.
            if let Ok(want) = scala_plies.parse::<usize>() {
                let ours = file.games.first().map_or(0, |g| g.mainline.len());
                if ours != want {
                    problems.push(format!(
                        "main line of {ours} plies, scalachess expects {want}"
                    ));
                }
            } else {
                // python-chess: "N plies, E errors" per game.
                let theirs: Vec<&str> = python.split("; ").collect();
                for (g, pc) in file.games.iter().zip(&theirs) {
                    let mut words = pc.split_whitespace();
                    let plies: usize = words
                        .next()
                        .and_then(|w| w.parse().ok())
                        .unwrap_or(usize::MAX);
                    let clean = pc.contains(" 0 errors");
                    if !clean {
                        continue; // python-chess stopped at an error: see README
                    }
                    if g.mainline.len() != plies || g.has_errors() {
                        problems.push(format!(
                            "game {}: {} plies, errors {}, python-chess {pc}",
                            g.number,
                            g.mainline.len(),
                            g.has_errors()
                        ));
                    }
                }
            }
        }
        let ours = problems.join("; ");
        match (problems.is_empty(), listed.find(&[name])) {
            (true, None) => agree += 1,
            (true, Some(_)) => {
                failures.push(format!("{name}: listed difference no longer differs"))
            }
            (false, Some(_)) => differ += 1,
            (false, None) => failures.push(format!("{name}: {ours}")),
        }
    }
    failures.extend(listed.stale());
    println!(
        "conformance: scalachess-fixtures/INDEX.tsv: {} fixtures, {agree} agree, {differ} differ deliberately (tests/data/scalachess_differences.tsv)",
        rows.len()
    );
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// Our own fixtures (no corpus needed): the forms people write
// ---------------------------------------------------------------------------------------------

/// Single tokens in a position and the move (UCI), `0000` or outcome we read.
#[test]
fn tokens_people_write() {
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const CASTLE: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    const PROMO: &str = "7k/3P4/7K/8/8/8/8/8 w - - 0 1";
    const EP: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    let cases: &[(&str, &str, &str)] = &[
        (START, "e4", "e2e4"),
        (START, "Pe4", "e2e4"),
        (START, "e2-e4", "e2e4"),
        (START, "e2–e4", "e2e4"),
        (START, "e2e4", "e2e4"),
        (START, "Ng1f3", "g1f3"),
        (START, "Ng1-f3", "g1f3"),
        (START, "♘f3", "g1f3"),
        (START, "Nf3!?", "g1f3"),
        (START, "Nf3 $1", "g1f3"),
        (START, "--", "0000"),
        (START, "Z0", "0000"),
        (START, "0000", "0000"),
        (START, "e5", "illegal"),
        (START, "Nd2", "illegal"),
        (START, "Nf3 Nf6", "invalid"),
        (START, " Nf3", "invalid"),
        (START, "1. Nf3", "invalid"),
        (START, "", "invalid"),
        (START, "e4!+", "invalid"),
        (CASTLE, "O-O", "e1g1"),
        (CASTLE, "0-0", "e1g1"),
        (CASTLE, "o-o", "e1g1"),
        (CASTLE, "O‑O", "e1g1"),
        (CASTLE, "O-O-O", "e1c1"),
        (CASTLE, "0–0–0", "e1c1"),
        (CASTLE, "O-O+", "e1g1"),
        (PROMO, "d8=Q", "d7d8q"),
        (PROMO, "d8Q", "d7d8q"),
        (PROMO, "d8(Q)", "d7d8q"),
        (PROMO, "d8/Q", "d7d8q"),
        (PROMO, "d7d8R", "d7d8r"),
        (PROMO, "d7-d8N", "d7d8n"),
        (PROMO, "d7d8b", "d7d8b"),
        (PROMO, "d8=♕", "d7d8q"),
        (PROMO, "d8", "missing-promotion"),
        (PROMO, "d8=K", "illegal"),
        (EP, "exd6", "e5d6"),
        (EP, "exd6 e.p.", "e5d6"),
        (EP, "exd6e.p.", "e5d6"),
        (EP, "exd6ep", "e5d6"),
        (EP, "exd6 (e.p.)", "e5d6"),
        (EP, "e5:d6", "e5d6"),
        (EP, "ed6", "e5d6"),
        (EP, "ed", "e5d6"),
        (EP, "d6", "illegal"),
    ];
    let mut failures = Vec::new();
    for (fen, token, want) in cases {
        let ours = san_row_outcome(fen, token, "");
        if ours != *want {
            failures.push(format!("{token:?} in {fen}: expected {want}, ours {ours}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Whole texts: container forms (move numbers, comments, escape lines, results, tags) and the
/// main-line plies read without any error.
#[test]
fn texts_people_write() {
    let cases: &[(&str, usize, usize)] = &[
        // (text, games, plies of the first game)
        ("1.e4 e5 2.Nf3 Nc6 *", 1, 4),
        ("1. e4 1... e5 2. Nf3 2...Nc6 *", 1, 4),
        ("1. e4 1…e5 2. Nf3 2.. Nc6 *", 1, 4),
        ("1. e4 ... e5 2. Nf3 .. Nc6 *", 1, 4),
        ("1 e4 e5 2 Nf3 Nc6 *", 1, 4),
        (
            "1. e4 {a {nested} comment} e5 ; to the end of the line\n2. Nf3 *",
            1,
            3,
        ),
        (
            "%escape line\n[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 *",
            1,
            2,
        ),
        ("1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *", 1, 3),
        ("1. e4 e5 1–0", 1, 2),
        ("1. e4 e5 ½-½", 1, 2),
        ("1. e4 e5 1/2-1/2", 1, 2),
        ("1. e4 e5 0:1", 1, 2),
        ("[Result \"+--\"]\n\n+--", 1, 0),
        (
            "1. e4 e5 1-0\n; a comment after the result\n[Event \"2\"]\n1. d4 *",
            2,
            2,
        ),
        ("1. e4 1-0 1. d4 0-1", 2, 1),
        (
            "[ Event  \"odd spacing\" ]\n[Site\"none\"]\n\n1. e4 *",
            1,
            1,
        ),
        ("[Event \"a \\\"quoted\\\" name\"]\n1. e4 *", 1, 1),
        ("[Event \"x\"] [Site \"y\"] 1. e4 e5 *", 1, 2),
        ("[pgn] 1. e4 e5 2. Nf3 *[/pgn]", 1, 3),
        ("[pgn]\n[Event \"x\"]\n1. e4 e5 *\n[/pgn]\n", 1, 2),
        ("1. e4<br />e5<br/>2. Nf3 *", 1, 3),
        ("\u{FEFF}1. e4 \u{00A0}e5 *", 1, 2),
        ("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", 1, 7),
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *",
            1,
            10,
        ),
        ("1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.0-0 Be7 *", 1, 10),
    ];
    let mut failures = Vec::new();
    for (text, games, plies) in cases {
        let file = check_str("forms.pgn", text, &english()).expect("English algebraic exists");
        let (ours, errors) = summary(&file);
        if file.games.len() != *games
            || ours.first().copied().unwrap_or(0) != *plies
            || !errors.is_empty()
        {
            failures.push(format!(
                "{text:?}: {} games, plies {ours:?}, errors {errors:?}",
                file.games.len()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
