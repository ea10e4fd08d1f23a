//! User grammars at run time (issue 8): a language that exists only as a fixture file works
//! end to end through `--grammar` and the grammar directories, without a rebuild; the
//! run-time path gives the same syntax trees as the derived parsers; `grammar check` reports
//! each kind of mistake (snapshots); pathological grammars end with a clear error.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;
use std::time::{Duration, Instant};

use scoresheet::check::smoke;
use scoresheet::check::{Options, check_str};
use scoresheet::syntax::Registry;
use scoresheet::syntax::user as user_grammar;

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> String {
    root()
        .join("tests/data/grammars")
        .join(name)
        .display()
        .to_string()
}

/// A fresh empty directory under the system's temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "scoresheet-user-grammar-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Runs the binary with no grammar directory but the ones given in `env`.
fn run(args: &[&str], env: &[(&str, &Path)]) -> Output {
    let empty = temp_dir("no-config");
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env("XDG_CONFIG_HOME", &empty)
        .env("HOME", &empty)
        .env_remove("SCORESHEET_GRAMMARS")
        .env_remove("SCORESHEET_CALL_LIMIT")
        .env("NO_COLOR", "1")
        .current_dir(root());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run scoresheet")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A game in the Gazette's house style: `Kt` knights, `×` captures, `†` checks, `‡` mate
/// (Morphy's Opera Game).
const GAZETTE_GAME: &str = "[Event \"Paris\"]\n\n1. e4 e5 2. Ktf3 d6 3. d4 Bg4 4. d×e5 B×f3 5. Q×f3 d×e5 \
6. Bc4 Ktf6 7. Qb3 Qe7 8. Ktc3 c6 9. Bg5 b5 10. Kt×b5 c×b5 11. B×b5† Ktbd7 12. O-O-O Rd8 \
13. R×d7 R×d7 14. Rd1 Qe6 15. B×d7† Kt×d7 16. Qb8† Kt×b8 17. Rd8‡ 1-0\n";

const OPERA_UCI: &str = "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 \
b1c3 c7c6 c1g5 b7b5 c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 b5d7 f6d7 b3b8 d7b8 d1d8";

fn game_file(name: &str, text: &str) -> String {
    let dir = temp_dir(name);
    let path = dir.join("game.pgn");
    std::fs::write(&path, text).expect("write game");
    path.display().to_string()
}

#[test]
fn a_house_dialect_works_end_to_end_through_the_command_line() {
    let gazette = fixture("gazette.pest");
    let game = game_file("e2e", GAZETTE_GAME);

    // Not a built-in language: without the file, the knights are unreadable.
    let without = run(&["check", "--format", "json", &game], &[]);
    assert_eq!(without.status.code(), Some(1), "{}", stdout(&without));

    // With it, detected by `--lang auto` (the default) and named explicitly.
    for lang in ["auto", "en-x-gazette"] {
        let out = run(
            &[
                "--grammar",
                &gazette,
                "check",
                "--format",
                "json",
                "--lang",
                lang,
                &game,
            ],
            &[],
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        assert_eq!(out.status.code(), Some(0), "{lang}: {v:#}");
        assert_eq!(v["files"][0]["language"], "en-x-gazette", "{lang}");
        assert_eq!(
            v["files"][0]["diagnostics"],
            serde_json::json!([]),
            "{lang}"
        );
    }

    // Converted from it and into it.
    let uci = run(
        &["--grammar", &gazette, "convert", "--to", "uci", &game],
        &[],
    );
    assert_eq!(uci.status.code(), Some(0), "{}", stderr(&uci));
    assert_eq!(stdout(&uci).trim(), OPERA_UCI);
    let english = game_file(
        "e2e-en",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 5. Re1 Nd6 6. Nxe5 Be7 7. Bf1 Nxe5 \
         8. Rxe5 O-O 9. d4 Bf6 10. Re1 Re8 11. Rxe8+ Nxe8 *\n",
    );
    let out = run(
        &[
            "--grammar",
            &gazette,
            "convert",
            "--to",
            "san",
            "--main-line",
            "--to-lang",
            "en-x-gazette",
            &english,
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).trim(),
        "1. e4 e5 2. Ktf3 Ktc6 3. Bb5 Ktf6 4. O-O Kt×e4 5. Re1 Ktd6 6. Kt×e5 Be7 7. Bf1 Kt×e5 \
         8. R×e5 O-O 9. d4 Bf6 10. Re1 Re8 11. R×e8† Kt×e8 *"
    );

    // Listed, marked as user-supplied.
    let out = run(&["--grammar", &gazette, "languages"], &[]);
    let line = stdout(&out)
        .lines()
        .find(|l| l.starts_with("en-x-gazette"))
        .map(str::to_owned)
        .expect("listed");
    assert!(line.contains("Gazette English"), "{line}");
    assert!(line.contains(" Kt "), "{line}");
    assert!(line.contains("(user-supplied: "), "{line}");
    assert!(line.ends_with("gazette.pest)"), "{line}");
    let builtin = run(&["languages"], &[]);
    assert!(!stdout(&builtin).contains("en-x-gazette"));
    assert!(!stdout(&builtin).contains("user-supplied"));
}

/// `lint` sees a user language too: a Markdown manuscript in the house dialect is checked in
/// it (an illegal knight move is reported and nothing else), and its mixed capture styles are
/// reported against the dialect's own `×`.
#[test]
fn lint_reads_a_manuscript_in_a_user_language() {
    let gazette = fixture("gazette.pest");
    let dir = temp_dir("lint");
    let path = dir.join("chapter.md");
    std::fs::write(
        &path,
        "# The opera game\n\nThe famous finish:\n\n```pgn\n1. e4 e5 2. Ktf3 d6 3. d4 Bg4 \
         4. d×e5 B×f3 5. Q×f3 d×e5 6. Bc4 Ktf6 7. Qb3 Qe7 8. Ktc3 c6 9. Bg5 b5 10. Ktd5 c×b5 *\n```\n\n\
         After 9...b5 White gave up a knight.\n",
    )
    .expect("write");
    let path = path.display().to_string();
    let out = run(
        &["--grammar", &gazette, "lint", "--format", "json", &path],
        &[],
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(out.status.code(), Some(1), "{v:#}");
    let file = &v["files"][0];
    assert_eq!(file["language"], "en-x-gazette", "{v:#}");
    let rules: Vec<&str> = file["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    // 10. Ktd5 is no move (the knight on c3 takes on b5 in the game); c×b5 is then read on.
    assert!(rules.contains(&"SC101"), "{v:#}");
    // With the file no move is unreadable; without it, the knight moves (`Ktf3`) are.
    assert!(!rules.contains(&"SC100"), "{v:#}");
    let without = run(&["lint", "--format", "json", &path], &[]);
    let w: serde_json::Value = serde_json::from_slice(&without.stdout).expect("json");
    let unreadable = w["files"][0]["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| d["code"] == "SC100")
        .count();
    assert!(unreadable > 0, "{w:#}");
}

#[test]
fn grammar_directories_are_loaded_without_a_flag() {
    let game = game_file("dirs", GAZETTE_GAME);
    let text = std::fs::read_to_string(fixture("gazette.pest")).expect("fixture");

    // The directory named by SCORESHEET_GRAMMARS.
    let dir = temp_dir("env-dir");
    std::fs::write(dir.join("gazette.pest"), &text).expect("copy");
    let out = run(
        &["convert", "--to", "uci", &game],
        &[("SCORESHEET_GRAMMARS", &dir)],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), OPERA_UCI);

    // The platform's configuration directory.
    if cfg!(all(unix, not(target_os = "macos"))) {
        let config = temp_dir("xdg");
        let grammars = config.join("scoresheet/grammars");
        std::fs::create_dir_all(&grammars).expect("dirs");
        std::fs::write(grammars.join("gazette.pest"), &text).expect("copy");
        let out = run(
            &["convert", "--to", "uci", &game],
            &[("XDG_CONFIG_HOME", &config)],
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out).trim(), OPERA_UCI);
    }

    // A broken file in a grammar directory stops every command with its report (exit 2).
    let broken = temp_dir("broken-dir");
    std::fs::copy(
        fixture("broken/letter-prefix.pest"),
        broken.join("letter-prefix.pest"),
    )
    .expect("copy");
    let out = run(&["check", &game], &[("SCORESHEET_GRAMMARS", &broken)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("scoresheet::grammar::letter_collision"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_user_file_named_like_a_built_in_one_keeps_its_own_parser() {
    let dir = temp_dir("en-named");
    let path = dir.join("en.pest");
    std::fs::copy(fixture("gazette.pest"), &path).expect("copy");
    let game = game_file("en-named-game", GAZETTE_GAME);
    let p = path.display().to_string();
    let out = run(&["--grammar", &p, "convert", "--to", "uci", &game], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), OPERA_UCI);
    // English is still English.
    let out = run(
        &[
            "--grammar",
            &p,
            "check",
            "--lang",
            "en",
            "--format",
            "json",
            &game,
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
}

#[test]
fn grammar_new_writes_a_template_that_passes_grammar_check_once_filled_in() {
    let dir = temp_dir("new");
    let path = dir.join("cy.pest");
    let p = path.display().to_string();
    let out = run(&["grammar", "new", "cy", "--output", &p], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&path).expect("written");
    assert!(text.starts_with("//! Piece letters"), "{text}");
    assert!(text.contains("//! code: cy\n"), "{text}");
    // Untouched, its placeholders are reported.
    let out = run(&["grammar", "check", &p], &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("scoresheet::grammar::placeholder")
            && stdout(&out).contains("<Language name>"),
        "{}",
        stdout(&out)
    );
    let filled = dir.join("cy-filled.pest");
    std::fs::write(
        &filled,
        text.replace("<language>", "Welsh")
            .replace("<Language name>", "Cymraeg")
            .replace(
                "<where the letters come from: a federation's rules, a book, a newspaper>",
                "a test",
            ),
    )
    .expect("write");
    let out = run(&["grammar", "check", &filled.display().to_string()], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains(": ok: Cymraeg"), "{}", stdout(&out));
    // It never overwrites a file.
    let again = run(&["grammar", "new", "cy", "--output", &p], &[]);
    assert_eq!(again.status.code(), Some(2));
    // A code that is no code is refused.
    let bad = run(&["grammar", "new", "Welsh", "--output", "-"], &[]);
    assert_eq!(bad.status.code(), Some(2));
    let stdout_template = run(&["grammar", "new", "cy", "--output", "-"], &[]);
    assert_eq!(stdout(&stdout_template), text);
}

#[test]
fn grammar_new_refuses_a_taken_code_as_grammar_check_does() {
    // The message of `grammar check` for a file whose code is built in.
    let wide: &[(&str, &Path)] = &[("COLUMNS", Path::new("200"))];
    let check = run(
        &["grammar", "check", &fixture("broken/code-taken.pest")],
        wide,
    );
    assert_eq!(check.status.code(), Some(1));
    let message = "the code `en` is already taken by the built-in language English \
                   (grammars/lang/en.pest)";
    let flat = |s: String| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let check_text = flat(stdout(&check).replace(['│', '×'], " "));
    assert!(check_text.contains(message), "{check_text}");
    // `grammar new` refuses the same code with the same message, and writes nothing.
    let dir = temp_dir("new-taken");
    let target = dir.join("en.pest");
    let out = run(
        &[
            "grammar",
            "new",
            "en",
            "--output",
            &target.display().to_string(),
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains(message), "{}", stderr(&out));
    assert!(!target.exists());
    let out = run(&["grammar", "new", "ru", "--output", "-"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the code `ru` is already taken by the built-in language"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty());
    // A code served by a loaded language file (`--grammar`) is taken too.
    let out = run(
        &[
            "--grammar",
            &fixture("gazette.pest"),
            "grammar",
            "new",
            "en-x-gazette",
            "--output",
            "-",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("the code `en-x-gazette` is already taken by the user language file"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn grammar_check_finds_a_letter_that_can_never_be_read_before_a_square() {
    let out = run(
        &[
            "grammar",
            "check",
            &fixture("broken/unreadable-letter.pest"),
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    assert!(
        text.contains("scoresheet::grammar::unreadable_letter") && text.contains("`Xe1`"),
        "{text}"
    );
    assert!(!text.contains(": ok: "), "{text}");
}

#[test]
fn grammar_check_exit_codes() {
    let ok = run(&["grammar", "check", &fixture("gazette.pest")], &[]);
    assert_eq!(ok.status.code(), Some(0), "{}", stdout(&ok));
    assert!(stdout(&ok).contains("knight Kt"), "{}", stdout(&ok));
    let bad = run(
        &[
            "grammar",
            "check",
            &fixture("gazette.pest"),
            &fixture("broken/shadowed-choice.pest"),
        ],
        &[],
    );
    assert_eq!(bad.status.code(), Some(1));
    assert!(stdout(&bad).contains("scoresheet::grammar::shadowed_choice"));
}

#[test]
fn a_user_language_is_seen_by_the_library_once_registered() {
    let mut registry = Registry::builtin();
    let lang =
        smoke::register_file(&mut registry, Path::new(&fixture("gazette.pest"))).expect("loads");
    assert_eq!(
        lang.codes.iter().map(|c| &**c).collect::<Vec<_>>(),
        ["en-x-gazette"]
    );
    assert!(lang.user.is_some());
    // Registering the same file again is a no-op.
    smoke::register_file(&mut registry, Path::new(&fixture("gazette.pest"))).expect("again");
    assert_eq!(
        registry
            .languages()
            .iter()
            .filter(|l| l.serves("en-x-gazette"))
            .count(),
        1
    );
    let parser = registry
        .parser_for("algebraic", "en-x-gazette")
        .expect("parser");
    assert!(parser.user.is_some());
    // A file whose code is built in is refused.
    let taken = smoke::register_file(&mut registry, Path::new(&fixture("broken/code-taken.pest")));
    let report = taken.expect_err("refused");
    assert_eq!(
        report.problems[0].kind,
        user_grammar::ProblemKind::CodeTaken
    );
    let registry = Arc::new(registry);
    for lang in ["auto", "en-x-gazette"] {
        let options = Options::named("auto", lang, Arc::clone(&registry)).expect("loaded");
        let file = check_str("gazette.pgn", GAZETTE_GAME, &options).expect("checks");
        assert_eq!(file.language, "en-x-gazette");
        assert!(!file.has_errors(), "{:?}", file.games[0].diagnostics);
        assert_eq!(file.games[0].mainline.len(), 33);
    }
    // A slip is explained with the dialect's own letters.
    let slip = GAZETTE_GAME.replace("8. Ktc3", "8. Ktd2");
    let options = Options {
        registry,
        ..Options::default()
    };
    let file = check_str("slip.pgn", &slip, &options).expect("checks");
    assert_eq!(file.language, "en-x-gazette");
    let d = file
        .all_diagnostics()
        .find(|d| d.severity == scoresheet::diagnostic::Severity::Error)
        .expect("an error");
    assert!(
        d.suggestions.iter().all(|s| !s.starts_with('N')),
        "{:?}",
        d.suggestions
    );
}

/// A typo in a `//! customs:` key and a value the key does not take are each reported at
/// their own line and column, by `grammar check` and when the file is loaded with `--grammar`.
#[test]
fn bad_customs_are_reported_where_they_are_written() {
    let text = std::fs::read_to_string(fixture("gazette.pest"))
        .expect("fixture")
        .replace(
            "capture=× capture_place=before",
            "captur=× capture_place=sideways",
        );
    let problems = user_grammar::check_source(&text);
    let customs: Vec<_> = problems
        .iter()
        .filter(|p| p.kind == user_grammar::ProblemKind::Customs)
        .collect();
    assert_eq!(customs.len(), 2, "{problems:?}");
    assert_eq!(problems.len(), 2, "{problems:?}");
    // (line, column in characters) of each problem, and the text it points at.
    let place = |p: &user_grammar::GrammarProblem| {
        let before = &text[..p.span.start];
        let line = before.matches('\n').count() + 1;
        let col = before.chars().rev().take_while(|&c| c != '\n').count() + 1;
        (line, col, &text[p.span.start..p.span.end])
    };
    assert_eq!(place(customs[0]), (7, 14, "captur"));
    assert!(
        customs[0].message.contains("`captur`"),
        "{}",
        customs[0].message
    );
    assert!(
        customs[0]
            .help
            .as_deref()
            .unwrap_or("")
            .contains("`capture`"),
        "{:?}",
        customs[0].help
    );
    assert_eq!(place(customs[1]), (7, 37, "sideways"));
    assert!(
        customs[1].message.contains("`capture_place`"),
        "{}",
        customs[1].message
    );
    assert_eq!(
        user_grammar::ProblemKind::Customs.code(),
        "scoresheet::grammar::customs"
    );

    let dir = temp_dir("bad-customs");
    let path = dir.join("typo.pest");
    std::fs::write(&path, &text).expect("write grammar");
    let path = path.display().to_string();
    let check = run(&["grammar", "check", &path], &[]);
    assert_eq!(check.status.code(), Some(1), "{}", stdout(&check));
    let out = stdout(&check);
    assert_eq!(
        out.matches("scoresheet::grammar::customs").count(),
        2,
        "{out}"
    );
    assert!(out.contains("typo.pest:7:14]"), "{out}");
    // Loading the file for a check refuses it the same way.
    let game = game_file("bad-customs-game", GAZETTE_GAME);
    let load = run(&["check", "--grammar", &path, &game], &[]);
    assert_eq!(load.status.code(), Some(2), "{}", stdout(&load));
    assert!(
        stderr(&load).contains("scoresheet::grammar::customs"),
        "{}",
        stderr(&load)
    );
    let built = smoke::build(&path, &text);
    let report = built.expect_err("refused");
    assert!(
        report
            .problems
            .iter()
            .all(|p| p.kind == user_grammar::ProblemKind::Customs)
    );
}

/// Snapshots of `scoresheet grammar check` on broken files, one per kind of mistake.
#[test]
fn grammar_check_reports() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots/user_grammar");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("data/grammars/broken/*.pest", |path| {
            let shown = path
                .strip_prefix(root())
                .unwrap_or(path)
                .display()
                .to_string();
            let text = std::fs::read_to_string(path).expect("fixture");
            let report = smoke::build(&shown, &text)
                .and_then(|lang| Registry::builtin().register(lang).map(drop))
                .expect_err("a broken file is refused");
            assert!(!report.problems.is_empty());
            insta::assert_snapshot!("check", report.render(false, 80));
        });
    });
}

// --- Bounds. ---

#[test]
fn an_exponential_grammar_ends_with_a_clear_error() {
    let exp = fixture("exponential.pest");
    // It passes every check: only reading a run of Ks is exponential.
    let ok = run(&["grammar", "check", &exp], &[]);
    assert_eq!(ok.status.code(), Some(0), "{}", stdout(&ok));
    let game = game_file("exp", &format!("1. e4 e5 2. {}c3 *\n", "K".repeat(60)));
    let start = Instant::now();
    let out = run(
        &[
            "--grammar",
            &exp,
            "check",
            "--lang",
            "xx-x-expo",
            "--format",
            "json",
            &game,
        ],
        &[],
    );
    let took = start.elapsed();
    // 2^60 steps without the bound; with it, a few seconds even in a debug build on a
    // loaded machine.
    assert!(took < Duration::from_secs(90), "took {took:?}");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let d = &v["files"][0]["diagnostics"][0];
    assert_eq!(d["code"], "scoresheet::parser_limit", "{v:#}");
    assert!(
        d["message"]
            .as_str()
            .unwrap_or("")
            .contains("call limit reached"),
        "{v:#}"
    );
}

#[test]
fn deep_recursion_in_a_grammar_ends_with_a_clear_error() {
    let deep = fixture("deep.pest");
    let game = game_file(
        "deep",
        &format!("1. e4 e5 2. {}e2 *\n", "K".repeat(200_000)),
    );
    let out = run(
        &[
            "--grammar",
            &deep,
            "check",
            "--lang",
            "xx-x-deep",
            "--format",
            "json",
            &game,
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let d = &v["files"][0]["diagnostics"][0];
    assert_eq!(d["code"], "scoresheet::parser_limit", "{v:#}");
    let message = d["message"].as_str().unwrap_or("");
    assert!(
        message.contains("stack limit reached") || message.contains("call limit reached"),
        "{message}"
    );
}

#[test]
fn a_game_too_long_for_a_run_time_grammar_is_reported_not_read() {
    let gazette = fixture("gazette.pest");
    let mut text = String::from("1. e4 e5 2. Ktf3 Ktc6 ");
    while text.len() <= user_grammar::MAX_GAME_BYTES {
        text.push_str("{ a long comment of padding } ");
    }
    text.push_str("*\n");
    let game = game_file("long", &text);
    let out = run(
        &[
            "--grammar",
            &gazette,
            "check",
            "--lang",
            "en-x-gazette",
            "--format",
            "json",
            &game,
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let d = &v["files"][0]["diagnostics"][0];
    assert_eq!(d["code"], "scoresheet::parser_limit", "{v:#}");
    assert!(
        d["message"]
            .as_str()
            .unwrap_or("")
            .contains("reads games of up to"),
        "{v:#}"
    );
}
