//! Tests of user language files.

use super::problems::valid_code;
use super::*;
use crate::syntax::SyntaxIssue;
use crate::syntax::builtin::LANGUAGE_FILES;
use crate::syntax::grammar_check::IssueKind;
use crate::syntax::kind::Shared;

#[test]
fn the_sample_games_are_legal() {
    for s in SAMPLE_GAMES {
        assert!(sample_moves(s).is_some(), "{s}");
    }
}

#[test]
fn codes() {
    for ok in ["cy", "en-x-gazette", "tok", "sr-latn"] {
        assert!(valid_code(ok), "{ok}");
    }
    for bad in ["", "E", "english", "en_GB", "en--x", "x"] {
        assert!(!valid_code(bad), "{bad}");
    }
}

/// The template with its placeholders filled in.
fn filled_template(code: &str) -> String {
    template(code)
        .replace("<language>", "Test")
        .replace("<Language name>", "Test")
        .replace(
            "<where the letters come from: a federation's rules, a book, a newspaper>",
            "a test",
        )
}

/// (kind, text under the span) of each problem.
fn placed<'t>(text: &'t str, problems: &[GrammarProblem]) -> Vec<(ProblemKind, &'t str)> {
    problems
        .iter()
        .map(|p| (p.kind, &text[p.span.start..p.span.end]))
        .collect()
}

#[test]
fn the_template_reports_only_its_placeholders() {
    let text = template("xx");
    let problems = check_source(&text);
    let found = placed(&text, &problems);
    assert_eq!(
        found,
        [
            (ProblemKind::Placeholder, "<language>"),
            (ProblemKind::Placeholder, "<Language name>"),
            (ProblemKind::Placeholder, "<Language name>"),
            (
                ProblemKind::Placeholder,
                "<where the letters come from: a federation's rules, a book, a newspaper>"
            ),
        ]
    );
    // The letters are still the template's: the first help says so.
    let helps: Vec<bool> = problems
        .iter()
        .map(|p| {
            p.help
                .as_deref()
                .is_some_and(|h| h.contains("still the template's English ones"))
        })
        .collect();
    assert_eq!(helps, [true, false, false, false], "{problems:?}");
    // Filled in, it passes every check, the parser's too.
    let filled = filled_template("xx");
    assert!(check_source(&filled).is_empty());
    assert!(crate::syntax::user::build("xx.pest", &filled, |_| Vec::new()).is_ok());
    // With its own letters, a leftover placeholder no longer mentions the letters.
    let own = template("xx").replace("\"N\"", "\"S\"");
    let problems = check_source(&own);
    assert_eq!(problems.len(), 4, "{problems:?}");
    assert!(
        problems.iter().all(|p| !p
            .help
            .as_deref()
            .unwrap_or("")
            .contains("still the template's")),
        "{problems:?}"
    );
}

/// The problems of building a language file whose static checks pass (the parser's checks).
fn built_problems(text: &str) -> Vec<GrammarProblem> {
    assert!(check_source(text).is_empty(), "{:?}", check_source(text));
    match build("t.pest", text, |_| Vec::new()) {
        Ok(_) => Vec::new(),
        Err(report) => report.problems,
    }
}

#[test]
fn a_longer_letter_that_takes_a_file_hides_the_shorter_one() {
    let text = filled_template("xx").replace("rook = @{ \"R\" }", "rook = @{ \"Xe\" | \"X\" }");
    let problems = built_problems(&text);
    let found = placed(&text, &problems);
    // The plain move (a capture `Xxe1` reads); the span is the letter that cannot be read.
    assert_eq!(
        found,
        [(ProblemKind::UnreadableLetter, "\"X\"")],
        "{problems:?}"
    );
    assert_eq!(problems[0].label, "`Xe1` reads as no move");
    let plain = &problems[0];
    assert!(
        plain.message.contains("the squares of the e-file") && plain.message.contains("`Xe1`"),
        "{}",
        plain.message
    );
    let help = plain.help.as_deref().unwrap_or("");
    assert!(help.contains("`Xe1` reads as `Xe` then `1`"), "{help}");
    assert!(help.contains("\"Xe\" ~ !ASCII_DIGIT"), "{help}");
    // The fix the help gives is read back, and `Xe` is still a letter of the rook.
    let fixed = text.replace("\"Xe\" | \"X\"", "\"Xe\" ~ !ASCII_DIGIT | \"X\"");
    assert_eq!(built_problems(&fixed).len(), 0);
    let letters: Vec<String> = crate::syntax::grammar_check::letters(&fixed)
        .into_iter()
        .filter(|l| l.rule == "rook")
        .map(|l| l.text)
        .collect();
    assert_eq!(letters, ["Xe", "X"]);
}

#[test]
fn a_longer_letter_that_takes_the_capture_mark_is_found() {
    let text = filled_template("xx").replace("rook = @{ \"R\" }", "rook = @{ \"Rx\" | \"R\" }");
    let problems = built_problems(&text);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let p = &problems[0];
    assert_eq!(p.kind, ProblemKind::UnreadableLetter);
    assert_eq!(&text[p.span.start..p.span.end], "\"R\"");
    assert!(
        p.message.contains("any square with the capture mark `x`") && p.message.contains("`Rxa1`"),
        "{}",
        p.message
    );
    assert_eq!(p.label, "`Rxa1` reads as a rook move to a1, not a capture");
}

#[test]
fn every_letter_of_the_built_in_languages_reads_before_every_square() {
    for lang in LANGUAGE_FILES {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("grammars/lang")
            .join(format!("{}.pest", lang.file));
        let text = std::fs::read_to_string(&path).expect("language file");
        let vm = vm_parser("algebraic", &text).expect("a valid grammar");
        let problems = unreadable_letters(&text, &|t| vm.read_single(t, 0));
        assert!(problems.is_empty(), "{}: {problems:?}", path.display());
    }
}

#[test]
fn every_built_in_language_file_passes_the_user_checks() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammars/lang");
    for e in std::fs::read_dir(dir).expect("grammars/lang") {
        let path = e.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("read");
        let problems = check_source(&text);
        assert!(problems.is_empty(), "{}: {problems:?}", path.display());
    }
}

#[test]
fn a_panic_in_pest_becomes_a_parse_error() {
    // `POP` on an empty stack panics in pest; the checks refuse it, the parser survives it.
    let text = template("xx").replace("king = @{ \"K\" }", "king = @{ \"K\" ~ POP }");
    assert!(
        check_source(&text)
            .iter()
            .any(|p| p.kind == ProblemKind::Grammar(IssueKind::StackOperation))
    );
    let vm = vm_parser("algebraic", &text).expect("a valid pest grammar");
    let game = vm.parse_game("1. e4 e5 2. Ke2 *", 0);
    assert!(
        game.issues
            .iter()
            .any(|i| matches!(i, SyntaxIssue::ParserLimit(_, m) if m.contains("failed"))),
        "{:?}",
        game.issues
    );
    assert!(!vm.explain("Ke2").is_move);
}

#[test]
fn run_time_composition_is_build_time_composition() {
    // build.rs writes every composed grammar it derives a parser from to OUT_DIR.
    let out = Path::new(env!("OUT_DIR"));
    let mut compared = 0;
    for lang in LANGUAGE_FILES {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("grammars/lang")
            .join(format!("{}.pest", lang.file));
        let text = std::fs::read_to_string(path).expect("language file");
        for (notation, spec, notation_text) in NOTATION_GRAMMARS {
            if notation_is_letterless(spec) || !notation_takes(spec, &language_header(&text).codes)
            {
                continue;
            }
            let built = std::fs::read_to_string(out.join(format!("{notation}_{}.pest", lang.file)))
                .expect("composed by build.rs");
            assert_eq!(
                compose(&[COMMON_GRAMMAR, notation_text, &text]).text,
                built,
                "{notation} × {}",
                lang.file
            );
            compared += 1;
        }
    }
    assert!(compared >= LANGUAGE_FILES.len());
}

#[test]
fn lines_place_columns_in_characters() {
    let l = Lines::new("ab\nКр x\n");
    assert_eq!(l.offset((2, 1)), 3);
    assert_eq!(l.offset((2, 3)), 3 + "Кр".len());
    assert_eq!(l.span((2, 1), None), Span::new(3, 3 + "Кр".len()));
}

/// The gazette fixture, built (no smoke test: that is the checker's, a later stage).
fn gazette() -> UserLanguage {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/grammars/gazette.pest"
    );
    let text = std::fs::read_to_string(path).expect("the gazette fixture");
    build(path, &text, |_| Vec::new()).expect("the gazette fixture builds")
}

#[test]
fn two_registries_are_independent() {
    let mut loaded = Registry::builtin();
    let other = Registry::builtin();
    let lang = loaded.register(gazette()).expect("registers");
    assert!(lang.serves("en-x-gazette"));
    assert!(loaded.language("en-x-gazette").is_some());
    assert!(loaded.parser_for("algebraic", "en-x-gazette").is_some());
    assert_eq!(loaded.languages().len(), LANGUAGE_FILES.len() + 1);
    // The other registry (and a fresh one) never sees it.
    for r in [&other, &Registry::default()] {
        assert!(r.language("en-x-gazette").is_none());
        assert!(r.parser_for("algebraic", "en-x-gazette").is_none());
        assert_eq!(r.languages().len(), LANGUAGE_FILES.len());
    }
    // A clone carries the languages loaded so far; loading into it leaves the original alone.
    let mut copy = loaded.clone();
    assert!(copy.language("en-x-gazette").is_some());
    let again = copy
        .register(gazette())
        .expect("the same file again is a no-op");
    assert!(again.same(&lang));
    assert_eq!(copy.languages().len(), loaded.languages().len());
}

#[test]
fn a_code_taken_in_one_registry_is_free_in_another() {
    let mut first = Registry::builtin();
    first.register(gazette()).expect("registers");
    let mut renamed = gazette();
    renamed.path = "elsewhere/gazette.pest".into();
    let report = first.register(renamed).expect_err("its code is taken here");
    assert_eq!(report.problems[0].kind, ProblemKind::CodeTaken);
    let mut second = Registry::builtin();
    let mut renamed = gazette();
    renamed.path = "elsewhere/gazette.pest".into();
    second.register(renamed).expect("free in another registry");
}

#[test]
fn built_in_lookups_are_static() {
    let r = Registry::builtin();
    let p = r.parser_for("algebraic", "de").expect("German");
    assert!(matches!(p, Shared::Static(_)));
    assert!(std::ptr::eq(
        &*p,
        builtin_parser("algebraic", "de").expect("German")
    ));
    assert!(r.languages().iter().all(|l| matches!(l, Shared::Static(_))));
    assert!(r.call_limit().is_none());
}
