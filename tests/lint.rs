//! The manuscript linter: one pair of fixtures per rule in `tests/data/lint/rules/`
//! (`CODE-fail.*` must produce the rule's diagnostics, `CODE-pass.*` none of them), with
//! snapshots of the rendered report and of the fixed text; a sample chapter in Markdown and
//! in LaTeX with a dozen known problems; the registry's documentation; the command line.

use std::path::{Path, PathBuf};
use std::process::Command;

use scoresheet::diagnostic::Code;
use scoresheet::lint::Applicability;
use scoresheet::lint::LintDiagnostic;
use scoresheet::lint::config::Config;
use scoresheet::lint::rules::{Category, FixAvailability, RULES, Selection};
use scoresheet::lint::{LintOptions, Linted, fix_bytes, lint_bytes, output};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/lint")
        .join(rel)
}

fn options(select: &[&str], unsafe_fixes: bool) -> LintOptions {
    LintOptions {
        selection: Selection {
            select: select.iter().map(|s| (*s).to_owned()).collect(),
            ignore: Vec::new(),
        },
        unsafe_fixes,
        ..LintOptions::default()
    }
}

fn lint_file(path: &Path, opts: &LintOptions) -> (Vec<u8>, Linted) {
    let bytes = std::fs::read(path).expect("fixture is readable");
    let name = path.file_name().and_then(|n| n.to_str()).expect("name");
    let linted = lint_bytes(name, &bytes, opts, Config::default()).expect("lints");
    (bytes, linted)
}

/// Fixing is idempotent, keeps every byte outside the edits it reported, and never leaves
/// more errors or unreadable text than it found.
fn check_fix(name: &str, bytes: &[u8], opts: &LintOptions) -> String {
    let before = lint_bytes(name, bytes, opts, Config::default()).expect("lints");
    let fixed = fix_bytes(name, bytes, opts, Config::default()).expect("fixes");
    let again = fix_bytes(name, fixed.text.as_bytes(), opts, Config::default()).expect("fixes");
    assert_eq!(
        again.text, fixed.text,
        "{name}: a second --fix changed the text"
    );
    assert_eq!(again.applied, 0, "{name}: a second --fix applied fixes");
    assert!(
        fixed.linted.counts().0 <= before.counts().0,
        "{name}: fixing added errors"
    );
    let unreadable = |l: &Linted| {
        l.diagnostics
            .iter()
            .filter(|d| d.code().as_str() == "SC100")
            .count()
    };
    assert!(
        unreadable(&fixed.linted) <= unreadable(&before),
        "{name}: fixing made text unreadable"
    );
    // With one round, every changed byte is inside a reported edit.
    let edits: Vec<_> = before
        .diagnostics
        .iter()
        .filter_map(|d| d.fix.as_ref())
        .filter(|f| opts.unsafe_fixes || f.applicability == Applicability::Safe)
        .flat_map(|f| f.edits.iter().map(|e| e.span))
        .collect();
    let original = std::str::from_utf8(bytes).expect("UTF-8 fixture");
    let (one_round, _) = scoresheet::lint::fix::apply(
        original,
        &before
            .diagnostics
            .iter()
            .filter_map(|d| d.fix.as_ref())
            .filter(|f| opts.unsafe_fixes || f.applicability == Applicability::Safe)
            .collect::<Vec<_>>(),
    );
    assert_unchanged_outside(original, &one_round, &edits, name);
    fixed.text
}

/// Every byte of `old` outside `edits` is kept: the stretches between the edits appear in
/// `new` in order, the first at its start and the last at its end.
fn assert_unchanged_outside(old: &str, new: &str, edits: &[scoresheet::span::Span], name: &str) {
    let mut merged: Vec<scoresheet::span::Span> = Vec::new();
    let mut sorted = edits.to_vec();
    sorted.sort();
    for e in sorted {
        match merged.last_mut() {
            Some(m) if e.start <= m.end => m.end = m.end.max(e.end),
            _ => merged.push(e),
        }
    }
    let mut pieces = Vec::new();
    let mut at = 0;
    for m in &merged {
        pieces.push(&old[at..m.start]);
        at = m.end;
    }
    pieces.push(&old[at..]);
    assert!(
        new.starts_with(pieces[0]),
        "{name}: the text before the first edit changed"
    );
    assert!(
        new.ends_with(pieces[pieces.len() - 1]),
        "{name}: the text after the last edit changed"
    );
    let mut rest = &new[pieces[0].len()..];
    for piece in &pieces[1..] {
        match rest.find(piece) {
            Some(i) => rest = &rest[i + piece.len()..],
            None => panic!("{name}: `{piece}` (outside the edits) changed"),
        }
    }
}

#[test]
fn rules() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots/lint");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("data/lint/rules/*", |path| {
            let name = path.file_name().and_then(|n| n.to_str()).expect("name");
            let code = name.split('-').next().expect("code");
            let fail = name.contains("-fail.");
            let opts = options(&[code], true);
            let (bytes, linted) = lint_file(path, &opts);
            let own = linted
                .diagnostics
                .iter()
                .filter(|d| d.code().as_str() == code)
                .count();
            assert_eq!(
                own,
                linted.diagnostics.len(),
                "{name}: only {code} was selected"
            );
            if !fail {
                assert!(
                    linted.diagnostics.is_empty(),
                    "{name}: a passing case has diagnostics:\n{}",
                    output::human(&linted, false, 80)
                );
                return;
            }
            assert!(own > 0, "{name}: no {code} diagnostic");
            let human = output::human(&linted, false, 80);
            assert!(!human.contains('\u{1b}'), "{name}: escape codes");
            insta::assert_snapshot!("human", human);
            let fixable = linted.diagnostics.iter().any(|d| d.fix.is_some());
            let rule = scoresheet::lint::rules::find(code).expect("rule");
            if rule.fix == FixAvailability::None {
                assert!(!fixable, "{name}: {code} says it has no fix");
            } else {
                assert!(fixable, "{name}: {code} offers no fix here");
                let fixed = check_fix(name, &bytes, &opts);
                insta::assert_snapshot!("fixed", fixed);
            }
        });
    });
}

#[test]
fn every_rule_has_a_failing_and_a_passing_fixture() {
    let files: Vec<String> = std::fs::read_dir(data("rules"))
        .expect("fixtures")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    for r in RULES {
        for kind in ["fail", "pass"] {
            let prefix = format!("{}-{kind}.", r.code);
            assert!(
                files.iter().any(|f| f.starts_with(&prefix)),
                "{} has no {kind}ing fixture",
                r.code
            );
        }
    }
}

#[test]
fn registry_codes_are_unique_and_documented() {
    let mut codes = std::collections::HashSet::new();
    let mut names = std::collections::HashSet::new();
    for r in RULES {
        assert!(codes.insert(r.code), "{} twice", r.code);
        let code = r.code.as_str();
        assert!(names.insert(r.name), "{} twice", r.name);
        assert!(
            code.len() == 5
                && code.starts_with("SC")
                && code[2..].bytes().all(|b| b.is_ascii_digit()),
            "{}: codes are SC and three digits",
            r.code
        );
        let hundreds = match r.category {
            Category::Correctness => '1',
            Category::Consistency => '2',
            Category::Style => '3',
        };
        assert_eq!(
            code.as_bytes()[2] as char,
            hundreds,
            "{}: category and code disagree",
            r.code
        );
        let doc = r.doc();
        for section in ["## What it does", "## Why is this bad?", "## Example"] {
            assert!(doc.contains(section), "{} lacks `{section}`", r.code);
        }
        assert_eq!(
            doc.contains("## Fix safety"),
            r.fix != FixAvailability::None,
            "{}: `## Fix safety` is there exactly when the rule fixes",
            r.code
        );
        assert!(!r.summary().is_empty(), "{}: no summary line", r.code);
        // The example blocks are closed.
        assert_eq!(
            doc.matches("```").count() % 2,
            0,
            "{}: unclosed code block",
            r.code
        );
    }
}

/// Every diagnostic code of the checker is reported by exactly one rule.
#[test]
fn every_checker_code_is_mapped_once() {
    // Every code `Diagnostic::code` can return (`Code::ALL` is declared from the same list as
    // the enum), so that a new kind of diagnostic cannot be left without a rule (and silently
    // dropped by lint).
    assert!(Code::ALL.len() > 30 && Code::ALL.contains(&Code::WrongSide));
    for code in Code::ALL {
        let n = RULES
            .iter()
            .filter(|r| r.checker_codes.contains(code))
            .count();
        assert_eq!(n, 1, "{code} is reported by {n} rules");
    }
}

/// The known problems of a chapter: (code, text of the diagnostic) in order.
fn known(linted: &Linted) -> Vec<(String, String)> {
    linted
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.code().as_str().to_owned(),
                linted.doc.original[d.span.start..d.span.end].to_owned(),
            )
        })
        .collect()
}

fn chapter(file: &str, expected: &[(&str, &str)]) {
    let path = data(file);
    let opts = LintOptions::default();
    let (bytes, linted) = lint_file(&path, &opts);
    let got = known(&linted);
    let want: Vec<(String, String)> = expected
        .iter()
        .map(|(c, t)| ((*c).to_owned(), (*t).to_owned()))
        .collect();
    assert_eq!(got, want, "{file}: the known problems");
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots/lint");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::assert_snapshot!(
            format!("chapter-human@{file}"),
            output::human(&linted, false, 80)
        );
        let json = output::json(std::slice::from_ref(&linted));
        insta::assert_snapshot!(format!("chapter-json@{file}"), format!("{json:#}"));
        let fixed = check_fix(file, &bytes, &opts);
        insta::assert_snapshot!(format!("chapter-fixed@{file}"), fixed);
    });
}

#[test]
fn markdown_chapter() {
    chapter(
        "chapter.md",
        &[
            ("SC304", "Qe7"),
            ("SC301", "b"),
            ("SC203", ":"),
            ("SC103", "Bxb5"),
            ("SC202", "0-0-0"),
            ("SC302", "!!?"),
            ("SC105", "14."),
            ("SC303", "$1"),
            ("SC103", "Rd8"),
            ("SC107", "0-1"),
            ("SC107", "0-1"),
            ("SC101", "Kxd7"),
            ("SC103", "Rd8"),
            ("SC108", "В"),
        ],
    );
}

#[test]
fn latex_chapter() {
    chapter(
        "chapter.tex",
        &[
            ("SC301", "c"),
            ("SC102", "Nd7"),
            ("SC101", "Bd3"),
            ("SC103", "Qa5"),
            ("SC202", "0-0-0"),
            ("SC203", ":"),
            ("SC105", "11."),
            ("SC103", "Bd8"),
            ("SC107", "1/2-1/2"),
            ("SC302", "!!!"),
            ("SC105", "7."),
        ],
    );
}

fn scoresheet(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    use std::io::Write as _;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_scoresheet"));
    cmd.args(args)
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().expect("runs");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("writes");
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("scoresheet-lint-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn fixture(name: &str) -> String {
    data(&format!("rules/{name}")).display().to_string()
}

#[test]
fn cli_exit_codes() {
    let (code, out, _) = scoresheet(&["lint", "--no-config", &fixture("SC103-fail.md")], None);
    assert_eq!(code, 0, "warnings only: {out}");
    assert!(out.contains("SC103 check-mark"));
    let (code, _, _) = scoresheet(&["lint", "--no-config", &fixture("SC101-fail.md")], None);
    assert_eq!(code, 1, "errors");
    let (code, _, _) = scoresheet(
        &[
            "lint",
            "--no-config",
            "--exit-zero",
            &fixture("SC101-fail.md"),
        ],
        None,
    );
    assert_eq!(code, 0, "--exit-zero");
    let (code, _, err) = scoresheet(
        &["lint", "--select", "SC999", &fixture("SC101-fail.md")],
        None,
    );
    assert_eq!(code, 2, "unknown rule: {err}");
    let (code, _, _) = scoresheet(&["lint", "/nonexistent/file.md"], None);
    assert_eq!(code, 2, "unreadable file");
}

#[test]
fn cli_rule_docs() {
    let (code, out, _) = scoresheet(&["rule", "SC103"], None);
    assert_eq!(code, 0);
    assert!(out.starts_with("# SC103 check-mark"), "{out}");
    assert!(out.contains("## What it does") && out.contains("## Fix safety"));
    let (code, out, _) = scoresheet(&["rule", "glyph-misuse"], None);
    assert_eq!(code, 0);
    assert!(out.contains("SC302"));
    let (code, out, _) = scoresheet(&["rule"], None);
    assert_eq!(code, 0);
    for r in RULES {
        assert!(
            out.contains(r.code.as_str()) && out.contains(r.name),
            "{} not listed",
            r.code
        );
    }
    let (code, _, _) = scoresheet(&["rule", "SC999"], None);
    assert_eq!(code, 2);
}

#[test]
fn cli_fix_rewrites_the_file_and_converges() {
    let dir = temp_dir("fix");
    let path = dir.join("game.md");
    let text = "# A game\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7\n\nThe end.\n";
    std::fs::write(&path, text).expect("writes");
    let p = path.display().to_string();
    let (code, out, err) = scoresheet(&["lint", "--no-config", "--diff", &p], None);
    assert_eq!(code, 1, "--diff exits 1 when there is something to fix");
    assert!(
        out.contains(
            "-1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7\n+1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#"
        ),
        "{out}{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&path).expect("reads"),
        text,
        "--diff writes nothing"
    );
    let (code, _, err) = scoresheet(&["lint", "--no-config", "--fix", &p], None);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 problem fixed"), "{err}");
    let fixed = std::fs::read_to_string(&path).expect("reads");
    assert_eq!(fixed, text.replace("Qxf7\n", "Qxf7#\n"));
    let (_, _, err) = scoresheet(&["lint", "--no-config", "--fix", &p], None);
    assert!(!err.contains("fixed"), "a second run fixes nothing: {err}");
    assert_eq!(std::fs::read_to_string(&path).expect("reads"), fixed);
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(&dir).expect("lists").count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--diff` fails like `lint` when errors remain, even with nothing to fix; `--fix` fails when
/// errors are left after fixing; each passes when the text is clean.
#[test]
fn cli_exit_codes_of_fix_and_diff() {
    let illegal = fixture("SC101-fail.md"); // an illegal move, no safe fix
    let (code, out, err) = scoresheet(&["lint", "--no-config", "--diff", &illegal], None);
    assert_eq!(code, 1, "--diff with errors and no fix: {out}{err}");
    assert!(!out.contains("+++"), "nothing to fix: {out}");
    let (code, _, _) = scoresheet(
        &["lint", "--no-config", "--diff", "--exit-zero", &illegal],
        None,
    );
    assert_eq!(code, 0, "--diff --exit-zero");
    let clean = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n";
    let (code, out, _) = scoresheet(&["lint", "--no-config", "--diff", "-"], Some(clean));
    assert_eq!(code, 0, "--diff on a clean text: {out}");
    let (code, out, _) = scoresheet(&["lint", "--no-config", "--fix", "-"], Some(clean));
    assert_eq!((code, out.as_str()), (0, clean), "--fix on a clean text");
    // Fixable warnings only: --diff shows them (1), --fix fixes them and passes (0).
    let marks = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7\n";
    let (code, _, _) = scoresheet(&["lint", "--no-config", "--diff", "-"], Some(marks));
    assert_eq!(code, 1, "--diff with a fix to show");
    let (code, out, _) = scoresheet(&["lint", "--no-config", "--fix", "-"], Some(marks));
    assert_eq!(
        (code, out.as_str()),
        (0, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#\n")
    );
    // Errors left after fixing: --fix fails.
    let both = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7\n\n1. e4 e5 2. Ke3 Nc6\n";
    let (code, out, err) = scoresheet(&["lint", "--no-config", "--fix", "-"], Some(both));
    assert_eq!(code, 1, "--fix with an error left: {err}");
    assert!(out.contains("Qxf7#"), "{out}");
}

/// The permission bits of a file.
#[cfg(unix)]
fn mode_of(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(path).expect("meta").permissions().mode() & 0o777
}

/// `--fix` on a symbolic link writes the file it points to (the link stays a link), and a
/// fixed file keeps its permissions.
#[cfg(unix)]
#[test]
fn cli_fix_writes_through_links_and_keeps_the_mode() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = temp_dir("link");
    std::fs::create_dir_all(dir.join("chapters")).expect("dir");
    let text = "# A game\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7\n";
    let fixed = text.replace("Qxf7\n", "Qxf7#\n");
    let target = dir.join("chapters/one.md");
    std::fs::write(&target, text).expect("writes");
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).expect("mode");
    let link = dir.join("one.md");
    std::os::unix::fs::symlink("chapters/one.md", &link).expect("link");
    let (code, _, err) = scoresheet(
        &["lint", "--no-config", "--fix", &link.display().to_string()],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 problem fixed"), "{err}");
    let meta = std::fs::symlink_metadata(&link).expect("link");
    assert!(
        meta.file_type().is_symlink(),
        "the link was replaced by a file"
    );
    assert_eq!(
        std::fs::read_link(&link).expect("link"),
        Path::new("chapters/one.md")
    );
    assert_eq!(std::fs::read_to_string(&target).expect("reads"), fixed);
    assert_eq!(mode_of(&target), 0o640);
    // No temporary file is left in either folder.
    assert_eq!(std::fs::read_dir(&dir).expect("lists").count(), 2);
    assert_eq!(
        std::fs::read_dir(dir.join("chapters"))
            .expect("lists")
            .count(),
        1
    );
    // A plain file keeps its mode too.
    let plain = dir.join("two.md");
    std::fs::write(&plain, text).expect("writes");
    std::fs::set_permissions(&plain, std::fs::Permissions::from_mode(0o600)).expect("mode");
    let (code, _, err) = scoresheet(
        &["lint", "--no-config", "--fix", &plain.display().to_string()],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&plain).expect("reads"), fixed);
    assert_eq!(mode_of(&plain), 0o600);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_stdin_fix_goes_to_stdout() {
    let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. 0-0 Be7 6. Re1 b5 7. Bb3 O-O\n\n\
                1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6\n";
    let (code, out, err) = scoresheet(
        &[
            "lint",
            "--no-config",
            "--input-format",
            "text",
            "--fix",
            "-",
        ],
        Some(text),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, text.replace("5. 0-0", "5. O-O"));
    assert!(
        err.contains("SC") || err.contains("0 errors"),
        "the report goes to stderr: {err}"
    );
    // Unsafe fixes only when asked.
    let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bb3 Nf6 5. O-O Be7 6. Re1 b5\n";
    let (_, out, _) = scoresheet(&["lint", "--no-config", "--fix", "-"], Some(text));
    assert_eq!(out, text);
    let (_, out, _) = scoresheet(
        &["lint", "--no-config", "--fix", "--unsafe-fixes", "-"],
        Some(text),
    );
    assert_ne!(out, text);
}

/// Black's 14th left out where many moves fit, before White's numbered 15th (`14.Кd2 15.Тc1`):
/// the advertised fixes insert a Black move and keep every move as written (before, the first
/// "did you mean" read White's `Тc1` as a Black rook move, and `--unsafe-fixes` then rewrote
/// four moves that were right).
#[test]
fn a_gap_where_many_moves_fit_is_fixed_by_an_insertion_not_by_rewriting_the_next_move() {
    let text = "1.d4 d5 2.c4 e6 3.Кc3 Кf6 4.Оg5 Оe7 5.e3 0-0 6.Кf3 Кbd7 7.Тc1 c6 8.Оd3 d:c4 \
                9.О:c4 Кd5 10.О:e7 Д:e7 11.0-0 К:c3 12.Т:c3 e5 13.Дc2 e4 14.Кd2 15.Тc1 Дg5 \
                16.Кb3 Кf6 *\n";
    let (code, out, _) = scoresheet(
        &["check", "--lang", "bg", "--color", "never", "-"],
        Some(text),
    );
    assert_eq!(code, 1);
    assert!(out.contains("did you mean `c5 Тc1`, `a6 Тc1`"), "{out}");
    let (code, out, err) = scoresheet(
        &[
            "lint",
            "--no-config",
            "--lang",
            "bg",
            "--fix",
            "--unsafe-fixes",
            "-",
        ],
        Some(text),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, text.replace("14.Кd2 15.Тc1", "14.Кd2 14...c5 15.Тc1"));
}

#[test]
fn cli_json_has_the_check_fields_and_the_fix() {
    let (code, out, _) = scoresheet(
        &[
            "lint",
            "--no-config",
            "--format",
            "json",
            &fixture("SC104-fail.md"),
        ],
        None,
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let d = &v["files"][0]["diagnostics"][0];
    for field in [
        "code",
        "severity",
        "message",
        "line",
        "column",
        "offset",
        "length",
        "game",
        "ply",
        "text",
        "help",
        "suggestions",
        "fix",
    ] {
        assert!(d.get(field).is_some(), "no `{field}` in {d}");
    }
    assert_eq!(d["code"], "SC104");
    assert_eq!(d["fix"]["applicability"], "safe");
    assert_eq!(d["fix"]["edits"][0]["replacement"], "x");
    assert_eq!(d["fix"]["edits"][0]["length"], 0);
    assert_eq!(v["files"][0]["format"], "markdown");
}

#[test]
fn cli_select_and_ignore() {
    let f = fixture("SC202-fail.md");
    let (_, out, _) = scoresheet(
        &[
            "lint",
            "--no-config",
            "--select",
            "SC2",
            "--ignore",
            "castling-style",
            &f,
        ],
        None,
    );
    assert!(!out.contains("SC202 castling-style"), "{out}");
    let (_, out, _) = scoresheet(
        &["lint", "--no-config", "--select", "consistency", &f],
        None,
    );
    assert!(out.contains("SC202 castling-style"), "{out}");
    assert!(!out.contains("SC101 illegal-move"), "{out}");
}

#[test]
fn config_file_is_found_next_to_the_file_or_above() {
    let dir = temp_dir("config");
    let sub = dir.join("chapters");
    std::fs::create_dir_all(&sub).expect("dir");
    std::fs::write(
        dir.join("scoresheet.toml"),
        "language = \"en\"\nselect = [\"SC202\"]\n\n[style]\ncastling = \"0-0\"\n",
    )
    .expect("writes");
    let path = sub.join("one.md");
    std::fs::write(
        &path,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O\n",
    )
    .expect("writes");
    let (_, out, _) = scoresheet(&["lint", &path.display().to_string()], None);
    assert!(out.contains("the document writes `0-0`"), "{out}");
    assert!(
        out.contains("scoresheet.toml asks for castling `0-0`"),
        "{out}"
    );
    // A closer configuration wins.
    std::fs::write(sub.join("scoresheet.toml"), "select = [\"SC3\"]\n").expect("writes");
    let (_, out, _) = scoresheet(&["lint", &path.display().to_string()], None);
    assert!(!out.contains("SC202"), "{out}");
    // A broken one is a usage error.
    std::fs::write(sub.join("scoresheet.toml"), "selec = 1\n").expect("writes");
    let (code, _, err) = scoresheet(&["lint", &path.display().to_string()], None);
    assert_eq!(code, 2, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn plain_text_paragraphs_and_prose_fragments() {
    let text = "Chapter one\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n\nNow 3...Nf6 is the Berlin, and 4.Ba4 Nf6 5.O-O Be7 is \
                the main line; 4.Bh6 is impossible and 3...Nf6+ is no check.\n";
    let opts = LintOptions::default();
    let l = lint_bytes("notes.txt", text.as_bytes(), &opts, Config::default()).expect("lints");
    assert_eq!(l.doc.format, scoresheet::lint::Format::Text);
    assert_eq!((l.doc.games, l.doc.fragments()), (1, 4));
    let found: Vec<(&str, &str)> = l
        .diagnostics
        .iter()
        .map(|d| (d.code().as_str(), &text[d.span.start..d.span.end]))
        .collect();
    assert_eq!(found, vec![("SC101", "Bh6"), ("SC103", "+")]);
    // Words of prose in a paragraph of moves are not reported; the moves after them are
    // still checked.
    let text2 = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O \
                 9. h3 and now Na5 10. Bc2 c5 11. d4 Qc7 12. Nbd2+\n";
    let l2 = lint_bytes("notes.txt", text2.as_bytes(), &opts, Config::default()).expect("lints");
    let found2: Vec<(&str, &str)> = l2
        .diagnostics
        .iter()
        .map(|d| (d.code().as_str(), &text2[d.span.start..d.span.end]))
        .collect();
    assert_eq!(found2, vec![("SC103", "+")]);
    // Prose is never touched: fixing changes only the `+`.
    let fixed = fix_bytes("notes.txt", text.as_bytes(), &opts, Config::default()).expect("fixes");
    assert_eq!(fixed.text, text.replace("3...Nf6+", "3...Nf6"));
}

#[test]
fn latex_piece_symbols_are_read_but_never_rewritten() {
    let text =
        "\\newchessgame\\mainline{1. e4 e5 2. Nf3 Nc6}\nThe bishop: 3.\\symbishop{}b5+ a6.\n";
    let opts = LintOptions::default();
    let l = lint_bytes("a.tex", text.as_bytes(), &opts, Config::default()).expect("lints");
    assert_eq!(l.doc.fragments(), 1);
    let d = &l.diagnostics[0];
    assert_eq!(d.code().as_str(), "SC103");
    let fixed = fix_bytes("a.tex", text.as_bytes(), &opts, Config::default()).expect("fixes");
    assert_eq!(fixed.text, text.replace("b5+", "b5"));
    // A binary file is reported, not read.
    let l = lint_bytes("x.md", b"\x00\x01binary", &opts, Config::default()).expect("lints");
    assert_eq!(l.diagnostics[0].code().as_str(), "SC100");
    assert!(l.has_errors());
}

/// The code blocks of a rule's `## Example`: the wrong text, and the text to use instead.
fn examples(doc: &str) -> (String, Option<String>) {
    let example = &doc[doc.find("## Example").expect("example")..];
    let mut blocks = example.split("```").skip(1).step_by(2).map(|b| {
        b.strip_prefix("text")
            .unwrap_or(b)
            .trim_start_matches('\n')
            .to_owned()
    });
    let bad = blocks.next().expect("a code block");
    (bad, blocks.next())
}

/// The documentation tells the truth: each rule reports its example, and not what it says
/// to use instead. (SC201 and SC204 show two games side by side in prose, not as one
/// manuscript; their fixtures test them. SC111's example is a Markdown page: a game and a
/// diagram after it.)
#[test]
fn rule_examples_are_true() {
    for r in RULES {
        if ["SC201", "SC204"].contains(&r.code.as_str()) {
            continue;
        }
        let (bad, good) = examples(&r.doc());
        let format = if r.code.as_str() == "SC111" {
            scoresheet::lint::Format::Markdown
        } else {
            scoresheet::lint::Format::Pgn
        };
        let opts = LintOptions {
            read: scoresheet::lint::ReadOptions {
                format: Some(format),
                ..Default::default()
            },
            ..options(&[r.code.as_str()], false)
        };
        let found = |text: &str| {
            lint_bytes("example.pgn", text.as_bytes(), &opts, Config::default())
                .expect("lints")
                .diagnostics
                .iter()
                .filter(|d| d.code() == r.code)
                .count()
        };
        assert!(
            found(&bad) > 0,
            "{}: its example is not reported:\n{bad}",
            r.code
        );
        if let Some(good) = good {
            assert_eq!(
                found(&good),
                0,
                "{}: the text to use instead is reported:\n{good}",
                r.code
            );
        }
    }
}

/// A descriptive score's fixes are checked like any other: the fixed token is resolved on the
/// board, with the pieces' origins at that move, and must be the same move.
#[test]
fn descriptive_fixes_are_read_back_on_the_board() {
    let text = "1. P-K4 P-K4 2. B-B4 N-QB3 3. Q-R5 N-B3 4. QxBP *\n";
    let fixed = check_fix("mate.pgn", text.as_bytes(), &LintOptions::default());
    assert_eq!(
        fixed,
        "1. P-K4 P-K4 2. B-B4 N-QB3 3. Q-R5 N-B3 4. QxBP mate *\n"
    );
}

/// The move numbers of a text, in order (`12.`, `12...`).
fn move_numbers(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || c == '\u{200b}')
        .filter(|w| w.ends_with('.') && w.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit()))
        .collect()
}

/// A real game (the Breyer Spanish of `tests/fixtures/cutting/heading.txt`) with `9. h3` and
/// `Nb8` joined by a stray character: `h3~Nb8` is one unreadable token, so every later number
/// looks one too high. No fix (safe or not) renumbers the moves; the game reads with its
/// numbers as written. (A no-break or zero-width space there is white space, and the game
/// reads clean: `spaces_as_editors_make_them_read_clean`; `h3Nb8` reads as two moves typed
/// without a space: `tests/hand_typed.rs`.)
#[test]
fn no_fix_renumbers_moves_after_an_unreadable_token() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cutting/heading.txt");
    let game = std::fs::read_to_string(path).expect("fixture");
    assert!(game.contains("9. h3 Nb8 10. d4"));
    let text = game.replace("h3 Nb8", "h3~Nb8");
    let name = "h3~Nb8";
    for unsafe_fixes in [false, true] {
        let opts = options(&[], unsafe_fixes);
        let l = lint_bytes("game.txt", text.as_bytes(), &opts, Config::default()).expect("lints");
        let numbers: Vec<&LintDiagnostic> = l
            .diagnostics
            .iter()
            .filter(|d| ["SC105", "SC304"].contains(&d.code().as_str()))
            .collect();
        assert!(!numbers.is_empty(), "{name}: the numbers look off");
        for d in numbers {
            assert!(
                d.fix.is_none(),
                "{name}: a fix for `{}`",
                &text[d.span.start..d.span.end]
            );
        }
        let fixed =
            fix_bytes("game.txt", text.as_bytes(), &opts, Config::default()).expect("fixes");
        assert_eq!(
            move_numbers(&fixed.text),
            move_numbers(&text),
            "{name}: fixing changed a move number:\n{}",
            fixed.text
        );
        assert_eq!(move_numbers(&text).len(), 24);
    }
    // With the safe fixes only, nothing is touched at all: the game does not read to its end.
    let fixed = fix_bytes(
        "game.txt",
        text.as_bytes(),
        &options(&[], false),
        Config::default(),
    )
    .expect("fixes");
    assert_eq!(fixed.text, text, "{name}");
    assert_eq!(fixed.linted.fixable(false), 0, "{name}");
}

/// The same game with a no-break, narrow no-break, zero-width or ideographic space between
/// `9. h3` and `Nb8` (as word processors and web pages type them) reads clean: nothing to
/// report, nothing to fix.
#[test]
fn spaces_as_editors_make_them_read_clean() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cutting/heading.txt");
    let game = std::fs::read_to_string(path).expect("fixture");
    for sep in ['\u{a0}', '\u{202f}', '\u{200b}', '\u{3000}', '\u{2060}'] {
        let text = game.replace("h3 Nb8", &format!("h3{sep}Nb8"));
        let name = format!("U+{:04X}", u32::from(sep));
        let l = lint_bytes(
            "game.txt",
            text.as_bytes(),
            &options(&[], true),
            Config::default(),
        )
        .expect("lints");
        let shown: Vec<String> = l
            .diagnostics
            .iter()
            .map(|d| format!("{} `{}`", d.code(), &text[d.span.start..d.span.end]))
            .collect();
        assert!(shown.is_empty(), "{name}: {shown:?}");
        let fixed = fix_bytes(
            "game.txt",
            text.as_bytes(),
            &options(&[], true),
            Config::default(),
        )
        .expect("fixes");
        assert_eq!(fixed.text, text, "{name}");
    }
}

/// Full-width moves and numbers (`Ｎｆ３`, `３．Ｂｂ５`) are fixed a whole token at a time, in
/// one round; a Cyrillic letter in a move, one character.
#[test]
fn look_alikes_are_fixed_a_token_at_a_time() {
    let text = "[Event \"x\"]\n\n1. e4 e5 2. Ｎｆ３ Nc6 ３．Ｂｂ５ a6 4. Вa4 Nf6 *\n";
    let l = lint_bytes(
        "game.pgn",
        text.as_bytes(),
        &options(&[], false),
        Config::default(),
    )
    .expect("lints");
    let titles: Vec<String> = l
        .diagnostics
        .iter()
        .filter_map(|d| d.fix.as_ref().map(|f| f.title.clone()))
        .collect();
    assert_eq!(
        titles,
        ["type `Nf3`", "type `3.Bb5`", "type `B` (U+0042)"],
        "{:?}",
        l.diagnostics
    );
    let fixed = fix_bytes(
        "game.pgn",
        text.as_bytes(),
        &options(&[], false),
        Config::default(),
    )
    .expect("fixes");
    assert_eq!(
        fixed.text,
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3.Bb5 a6 4. Ba4 Nf6 *\n"
    );
    assert_eq!(fixed.applied, 3);
}

/// A game numbered wrongly for real (`11.` for White's tenth move) still gets its safe fix, and
/// only that number changes.
#[test]
fn a_misnumbered_game_is_renumbered_safely() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cutting/heading.txt");
    let game = std::fs::read_to_string(path).expect("fixture");
    let text = game.replace("10. d4", "11. d4");
    let opts = options(&[], false);
    let l = lint_bytes("game.txt", text.as_bytes(), &opts, Config::default()).expect("lints");
    let d = l
        .diagnostics
        .iter()
        .find(|d| d.code().as_str() == "SC105")
        .expect("the wrong number is reported");
    assert_eq!(&text[d.span.start..d.span.end], "11.");
    assert_eq!(
        d.fix.as_ref().map(|f| f.applicability),
        Some(Applicability::Safe)
    );
    let fixed = fix_bytes("game.txt", text.as_bytes(), &opts, Config::default()).expect("fixes");
    assert_eq!(fixed.text, game);
    assert_eq!(fixed.applied, 1);
}

/// Over every fixture: `--fix` (safe fixes, then safe and unsafe) leaves no fixable problem of
/// the rules it ran, and a second `--fix` changes nothing.
#[test]
fn fixing_leaves_nothing_to_fix_and_is_idempotent() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = vec![data("chapter.md"), data("chapter.tex")];
    for dir in [
        "tests/data/lint/rules",
        "tests/fixtures/lint_languages",
        "tests/fixtures/cutting",
    ] {
        let mut more: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .expect("fixtures")
            .filter_map(|e| Some(e.ok()?.path()))
            .collect();
        more.sort();
        files.extend(more);
    }
    let heading =
        std::fs::read_to_string(root.join("tests/fixtures/cutting/heading.txt")).expect("fixture");
    let mut texts: Vec<(String, String)> = files
        .iter()
        .map(|p| {
            let name = p
                .file_name()
                .and_then(|n| n.to_str())
                .expect("name")
                .to_owned();
            (name, std::fs::read_to_string(p).expect("UTF-8 fixture"))
        })
        .collect();
    texts.push(("nbsp.txt".into(), heading.replace("h3 Nb8", "h3\u{a0}Nb8")));
    texts.push((
        "zwsp.txt".into(),
        heading.replace("h3 Nb8", "h3\u{200b}Nb8"),
    ));
    texts.push(("glued.txt".into(), heading.replace("h3 Nb8", "h3Nb8")));
    assert!(texts.len() > 40, "{} fixtures", texts.len());
    for (name, text) in &texts {
        for unsafe_fixes in [false, true] {
            let opts = options(&[], unsafe_fixes);
            let fixed = fix_bytes(name, text.as_bytes(), &opts, Config::default()).expect("fixes");
            let left =
                lint_bytes(name, fixed.text.as_bytes(), &opts, Config::default()).expect("lints");
            let fixable: Vec<String> = left
                .diagnostics
                .iter()
                .filter(|d| {
                    d.fix
                        .as_ref()
                        .is_some_and(|f| unsafe_fixes || f.applicability == Applicability::Safe)
                })
                .map(|d| format!("{} `{}`", d.code(), &fixed.text[d.span.start..d.span.end]))
                .collect();
            assert!(
                fixable.is_empty(),
                "{name} (unsafe: {unsafe_fixes}): fixable after --fix: {fixable:?}\n{}",
                fixed.text
            );
            let again =
                fix_bytes(name, fixed.text.as_bytes(), &opts, Config::default()).expect("fixes");
            assert_eq!(
                again.text, fixed.text,
                "{name} (unsafe: {unsafe_fixes}): a second --fix changed it"
            );
            assert_eq!(again.applied, 0, "{name}");
        }
    }
}
