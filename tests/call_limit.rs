//! A run-time grammar's call limit bounds its own parses only, never the built-in parsers.
//! (Its own test binary: pest's call limit is one process-wide setting, and no other test may
//! parse while this one runs.)

use std::num::NonZeroUsize;

use scoresheet::syntax::Registry;
use scoresheet::syntax::SyntaxIssue;
use scoresheet::syntax::builtin_parser as parser_for;
use scoresheet::syntax::user::{self, vm_parser};

#[test]
fn built_in_parsers_are_not_bounded_by_a_run_time_grammars_call_limit() {
    let english = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/grammars/lang/en.pest"
    ))
    .expect("grammars/lang/en.pest");
    let vm = vm_parser("algebraic", &english).expect("the English grammar composes");
    let game = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *";
    let limited = |g: &scoresheet::syntax::GameSyntax| {
        g.issues
            .iter()
            .any(|i| matches!(i, SyntaxIssue::ParserLimit(_, m) if m.contains("call limit")))
    };
    // Unbounded enough, the run-time parser reads the game.
    assert!(!limited(&vm.parse_game(game, 0)));
    // With a tiny limit, its own parse stops…
    vm.set_call_limit(NonZeroUsize::new(50));
    let stopped = vm.parse_game(game, 0);
    assert!(limited(&stopped), "{:?}", stopped.issues);
    // …and the built-in parser of the same grammar, run right after, is not bounded by it.
    let built_in = parser_for("algebraic", "en").expect("built in");
    let read = (built_in.parse)(game, 0);
    assert!(read.issues.is_empty(), "{:?}", read.issues);
    assert_eq!(read.move_count, 10);

    // The same through a registry: its call limit bounds its user languages' parses, never
    // the built-in parsers it hands out.
    let gazette = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/grammars/gazette.pest"
    );
    let mut registry = Registry::builtin();
    registry.set_call_limit(NonZeroUsize::new(50));
    registry
        .register(
            user::build(
                gazette,
                &std::fs::read_to_string(gazette).expect("fixture"),
                |_| Vec::new(),
            )
            .expect("builds"),
        )
        .expect("registers");
    let user = registry
        .parser_for("algebraic", "en-x-gazette")
        .expect("the user language");
    let stopped = (user.parse)(game, 0);
    assert!(limited(&stopped), "{:?}", stopped.issues);
    let built_in = registry.parser_for("algebraic", "en").expect("built in");
    let read = (built_in.parse)(game, 0);
    assert!(read.issues.is_empty(), "{:?}", read.issues);
    assert_eq!(read.move_count, 10);
}
