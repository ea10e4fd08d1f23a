//! The properties of the fuzz targets (`fuzz/fuzz_targets/`), shared with the regression tests
//! of what they found (`tests/fuzz_regressions.rs`): each `run_*` function reads one input
//! through one public entry point and panics, naming the property, when one fails.
//!
//! The first byte of an input chooses the options (notation, file format, target notation);
//! the rest is the input itself, so a reproducer file holds exactly what the fuzzer ran.
//!
//! Only the public API is used (`check_bytes`, `fix_bytes`, the writers, user grammar files).

use std::path::PathBuf;
use std::sync::Arc;

use scoresheet::check::{CheckedFile, CheckedGame, MoveState, Options, check_bytes, smoke};
use scoresheet::diagnostic::{Code, Diagnostic, Problem};
use scoresheet::lint::Applicability;
use scoresheet::lint::{LintOptions, config::Config, fix_bytes, lint_bytes};
use scoresheet::render::{DescStyle, Knight, LongForm, SquareNotation, Style, Writer};
use scoresheet::report::output;
use scoresheet::span::Span;
use scoresheet::syntax::{Item, SyntaxIssue};
use scoresheet::syntax::{LANGUAGE_FILES, Notation, Registry};
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Move};

/// The file names an input is read under: the extension chooses PGN or a manuscript format.
const PATHS: [&str; 4] = ["fuzz.pgn", "fuzz.txt", "fuzz.md", "fuzz.tex"];

/// `auto`, then every notation's name.
fn notations() -> Vec<&'static str> {
    std::iter::once("auto")
        .chain(Notation::ALL.iter().map(|n| n.name()))
        .collect()
}

/// `check_bytes` in one notation (or `auto`), read as PGN or a manuscript: no panic, every
/// token of every game resolved or reported, and the human and JSON reports written.
pub fn run_check(data: &[u8]) {
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    let notations = notations();
    let notation = notations[usize::from(selector) % notations.len()];
    let path = PATHS[usize::from(selector) / notations.len() % PATHS.len()];
    let file = check_bytes(path, input, &Options::given(notation, "auto"))
        .expect("a built-in notation with `--lang auto` always has a grammar");
    assert_accounted(&file, &format!("{path} as {notation}"));
    let _ = output::human(&file, false, 80);
    let whole = output::json(std::slice::from_ref(&file));
    // Read as a stream, in pieces of a few bytes: the same problems at the same places.
    let piece = 1 + usize::from(selector) % 13;
    let options = Options::given(notation, "auto");
    let mut json = Vec::new();
    let mut report = output::JsonReport::new(&mut json).expect("written to memory");
    let mut sink = report.file(path);
    scoresheet::check::check_reader_in_pieces(path, input, piece, &options, &mut sink)
        .expect("a built-in notation with `--lang auto` always has a grammar");
    sink.finish().expect("written to memory");
    report.end().expect("written to memory");
    let streamed: serde_json::Value = serde_json::from_slice(&json).expect("the report is JSON");
    assert_eq!(
        problems(&streamed),
        problems(&whole),
        "{path} as {notation}: read in pieces of {piece} bytes"
    );
}

/// The problems of a JSON report, in the order of their offsets (a note of the file may come
/// elsewhere in a stream), each as its fields.
pub fn problems(json: &serde_json::Value) -> Vec<String> {
    let mut out: Vec<(u64, String)> = json["files"][0]["diagnostics"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|d| (d["offset"].as_u64().unwrap_or(0), d.to_string()))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out.into_iter().map(|(_, d)| d).collect()
}

/// Panics when a token of `file` is neither resolved nor reported.
pub fn assert_accounted(file: &CheckedFile, what: &str) {
    let missing = unaccounted(file);
    assert!(
        missing.is_empty(),
        "{what}: tokens neither resolved nor reported:\n{}\ndiagnostics: {:#?}",
        missing.join("\n"),
        file.all_diagnostics()
            .map(|d| (d.code(), d.span, d.to_string()))
            .collect::<Vec<_>>()
    );
}

/// Every move token, unknown token and syntax issue of the file that is neither resolved (a
/// legal or null move) nor reported (a diagnostic at its place, or, for a token not reached,
/// a diagnostic of its game before it); a `too_many` or `limit_reached` diagnostic stands for
/// those left out, and a `wrong_language` one for the rest of its game.
pub fn unaccounted(file: &CheckedFile) -> Vec<String> {
    let mut out = Vec::new();
    let text = &file.text;
    let show = |span: Span| {
        text.get(span.start..span.end)
            .unwrap_or("<not on a char boundary>")
    };
    for g in &file.games {
        let diags = || g.diagnostics.iter().chain(&file.diagnostics);
        // `too_many` stands for the unreadable tokens left out, `limit_reached` for the other
        // syntax problems past the per-game bound, `wrong_language` for the game read no
        // further. Only the game's own: the file's `limit_reached` (its budget of explained
        // errors spent) stands for no token.
        let too_many = g.diagnostics.iter().any(|d| {
            matches!(
                d.code(),
                Code::TooMany | Code::LimitReached | Code::WrongLanguage
            )
        });
        let reported = |span: Span| too_many || diags().any(|d| covers(d, span));
        for item in g.syntax.root.items() {
            let (span, fate) = match item {
                Item::Move(t) => match g.moves.get(t.index) {
                    Some(MoveState::Legal(_) | MoveState::Null) => continue,
                    Some(MoveState::Assumed(_) | MoveState::Error) => {
                        (t.span, reported(t.span).then_some(()))
                    }
                    Some(MoveState::NotChecked) => (
                        t.span,
                        (too_many || g.diagnostics.iter().any(|d| d.span.start <= t.span.start))
                            .then_some(()),
                    ),
                    None => (t.span, None),
                },
                Item::Unknown(span) => (*span, reported(*span).then_some(())),
                _ => continue,
            };
            if fate.is_none() {
                out.push(format!(
                    "game {}: {item_kind} {:?} at {}..{}",
                    g.number,
                    show(span),
                    span.start,
                    span.end,
                    item_kind = if matches!(item, Item::Move(_)) {
                        "move"
                    } else {
                        "unknown token"
                    },
                ));
            }
        }
        for issue in &g.syntax.issues {
            let span = issue.span();
            // Separators are said once per game and kind, with how many.
            let said_once = match issue {
                SyntaxIssue::Separator(_) => diags().any(
                    |d| matches!(&d.problem, Problem::Separator { text, .. } if text == show(span)),
                ),
                SyntaxIssue::NumberForm(_) => diags().any(|d| d.code() == Code::MoveNumberForm),
                _ => false,
            };
            if !said_once && !reported(span) {
                out.push(format!(
                    "game {}: syntax issue {issue:?} ({:?})",
                    g.number,
                    show(span)
                ));
            }
        }
    }
    out
}

/// Does the diagnostic point at (a part of) `span`, with its primary or a secondary label?
fn covers(d: &Diagnostic, span: Span) -> bool {
    std::iter::once(d.span)
        .chain(d.secondary.iter().map(|(s, _)| *s))
        .any(|s| overlaps(s, span))
}

fn overlaps(a: Span, b: Span) -> bool {
    if a.start == a.end || b.start == b.end {
        a.start <= b.end && b.start <= a.end
    } else {
        a.start < b.end && b.start < a.end
    }
}

/// The writers of `convert`, each with the notation and language that read its output back.
pub fn writers() -> Vec<(String, Writer, &'static str, String)> {
    let mut out = Vec::new();
    for lang in LANGUAGE_FILES {
        let code = lang.codes[0].to_string();
        for fide in [false, true] {
            let style = Style::of(lang, fide);
            let name = format!("san {code} fide={fide}");
            out.push((
                name,
                Writer::San(Box::new(style.clone())),
                "algebraic",
                code.clone(),
            ));
            for form in [LongForm::Hyphen, LongForm::Compact, LongForm::Joined] {
                let name = format!("{form:?} {code} fide={fide}");
                let writer = Writer::Long {
                    style: Box::new(style.clone()),
                    form,
                };
                out.push((name, writer, "algebraic", code.clone()));
            }
        }
    }
    let figurines = Writer::San(Box::new(Style::english().figurines()));
    out.push(("figurine".into(), figurines, "algebraic", "en".into()));
    // As books since about 1950 print it, and as older books do (`Kt-KB3`, `P–K4`, `PxP`,
    // `B-Kt5+`, `QxP#`).
    let older = DescStyle {
        knight: Knight::Kt,
        dash: '–',
        capture: 'x',
        check: "+".into(),
        mate: "#".into(),
        ep: " e.p.".into(),
    };
    for full in [false, true] {
        out.push((
            format!("descriptive full={full}"),
            Writer::descriptive(full),
            "descriptive",
            "en".into(),
        ));
        out.push((
            format!("descriptive Kt full={full}"),
            Writer::Descriptive {
                full,
                style: Box::new(older.clone()),
            },
            "descriptive",
            "en".into(),
        ));
    }
    out.push((
        "descriptive_es".into(),
        Writer::DescriptiveEs,
        "descriptive_es",
        "es".into(),
    ));
    for (name, n, notation) in [
        (
            "coordinate",
            SquareNotation::Coordinate { upper: true },
            "coordinate",
        ),
        (
            "coordinate lower",
            SquareNotation::Coordinate { upper: false },
            "coordinate",
        ),
        ("uci", SquareNotation::Uci, "uci"),
        ("smith", SquareNotation::Smith, "smith"),
        ("iccf", SquareNotation::Iccf, "iccf"),
    ] {
        out.push((name.into(), Writer::Squares(n), notation, "auto".into()));
    }
    out
}

/// `convert`: every game that converts (no errors) is written as PGN and in one target
/// notation, and each output reads back, without errors, to the same moves.
pub fn run_convert(data: &[u8]) {
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    let writers = writers();
    let (name, writer, notation, lang) = &writers[usize::from(selector) % writers.len()];
    let file = check_bytes("fuzz.pgn", input, &Options::default()).expect("auto has a grammar");
    for g in &file.games {
        let Some(start) = g.start.as_ref().filter(|_| !g.has_errors()) else {
            continue;
        };
        reads_back(&output::pgn(g, &file.text), "algebraic", "en", g, "pgn");
        // The one-line forms carry no set-up position: only from the initial one.
        if fen(start) == fen(&Chess::default()) {
            reads_back(&output::uci_line(g), "uci", "auto", g, "uci line");
            reads_back(&output::line(g, writer), notation, lang, g, name);
        }
    }
}

fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Panics unless `text` reads, in this notation and language, without errors to the main line
/// of `g`.
pub fn reads_back(text: &str, notation: &str, lang: &str, g: &CheckedGame, what: &str) {
    let file = check_bytes(
        "converted.pgn",
        text.as_bytes(),
        &Options::given(notation, lang),
    )
    .expect("a writer's notation has a grammar");
    let errors: Vec<String> = file
        .all_diagnostics()
        .filter(|d| d.severity == scoresheet::diagnostic::Severity::Error)
        .map(|d| format!("{} at {:?}", d, d.span))
        .collect();
    assert!(
        errors.is_empty(),
        "{what}: the converted game {} reads back with errors {errors:?}:\n{text}",
        g.number
    );
    let back: Vec<Option<Move>> = file
        .games
        .iter()
        .flat_map(|b| b.mainline.iter().copied())
        .collect();
    assert_eq!(
        back, g.mainline,
        "{what}: the converted game {} reads back to other moves:\n{text}",
        g.number
    );
}

/// `lint` and `lint --fix` of a manuscript (PGN, text, Markdown, LaTeX): no panic; after the
/// fix no safe fix is left; fixing the fixed text again changes nothing.
pub fn run_lint(data: &[u8]) {
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    let path = PATHS[usize::from(selector) % PATHS.len()];
    let options = LintOptions::default();
    let linted = lint_bytes(path, input, &options, Config::default()).expect("auto reads");
    let _ = scoresheet::lint::output::human(&linted, false, 80);
    let fixed = fix_bytes(path, input, &options, Config::default()).expect("auto reads");
    if !linted.doc.utf8 {
        // Not UTF-8: never fixed, so that no byte changes.
        assert!(
            fixed.applied == 0 && fixed.text == linted.doc.original.as_ref(),
            "{path}: a file that is not UTF-8 was changed by --fix"
        );
        return;
    }
    let left: Vec<String> = fixed
        .linted
        .diagnostics
        .iter()
        .filter(|d| {
            d.fix
                .as_ref()
                .is_some_and(|f| f.applicability == Applicability::Safe)
        })
        .map(|d| format!("{} {:?}: {}", d.rule.code, d.span, d.message))
        .collect();
    assert!(
        left.is_empty(),
        "{path}: safe fixes left after --fix ({} applied): {left:?}\nfixed text:\n{}",
        fixed.applied,
        fixed.text
    );
    let again =
        fix_bytes(path, fixed.text.as_bytes(), &options, Config::default()).expect("auto reads");
    assert!(
        again.applied == 0 && again.text == fixed.text,
        "{path}: a second --fix changed the text ({} fixes):\nfirst:\n{}\nsecond:\n{}",
        again.applied,
        fixed.text,
        again.text
    );
}

/// A user grammar file (the input up to its first NUL byte; the rest, or a short game, is a
/// game read with it): loading never panics; a file that loads reads the game with every token
/// resolved or reported; a file that does not gives a report that renders.
pub fn run_grammar(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (grammar, game) = text
        .split_once('\0')
        .unwrap_or((&text, "1. e4 e5 2. d4 exd4 *"));
    let path = grammar_file(grammar);
    let mut registry = Registry::builtin();
    registry.set_call_limit(scoresheet::syntax::user::env_call_limit());
    match smoke::register_file(&mut registry, &path) {
        Ok(language) => {
            let code = language.codes[0].to_string();
            let options = Options::named("algebraic", &code, Arc::new(registry))
                .expect("a registered language is named in its registry");
            let file = check_bytes("game.pgn", game.as_bytes(), &options)
                .expect("a registered language has a grammar");
            assert_accounted(&file, &format!("a game read in the user language {code}"));
            let _ = output::human(&file, false, 80);
        }
        Err(report) => {
            let _ = report.render(false, 80);
        }
    }
}

/// Writes the grammar to this process's own file (loading reads a file, as the CLI does).
fn grammar_file(grammar: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("scoresheet-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("fuzz.pest");
    std::fs::write(&path, grammar).expect("the grammar file is written");
    path
}
