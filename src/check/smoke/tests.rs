//! The run-time path (a language file composed and read by pest_vm, as a user's file is)
//! gives the same trees, syntax and token explanations as the derived parsers built in.
//! (Moved from tests/user_grammar.rs: the derived parsers' modules are crate-private.)

use std::path::Path;

use pest::Parser as _;
use shakmaty::{Chess, Color, Position};

use crate::render::{Style, san_styled};
use crate::syntax::grammar::{LANGUAGE_FILES, builtin_parser as parser_for};
use crate::syntax::user::vm_parser;

use crate::test_common::{Rng, random_move};

/// A random legal game written in a language's style, with the things around moves that a
/// score holds: tags, move numbers in several forms, comments, NAGs, glyphs, a variation, and
/// now and then a corrupted token (so that unknown text and error paths are compared too).
fn random_score(rng: &mut Rng, style: &Style, plies: usize) -> String {
    let mut pos = Chess::default();
    let mut out = String::from("[Event \"Random\"]\n[Round \"1\"]\n\n");
    let mut variation: Option<(usize, Chess)> = None;
    for i in 0..plies {
        let Some(m) = random_move(rng, &pos) else {
            break;
        };
        if pos.turn() == Color::White {
            out.push_str(&match rng.below(4) {
                0 => format!("{}.", i / 2 + 1),
                _ => format!("{}. ", i / 2 + 1),
            });
        } else if rng.below(8) == 0 {
            out.push_str(&format!("{}... ", i / 2 + 1));
        }
        let mut token = san_styled(style, &pos, &m);
        if rng.below(40) == 0 {
            // A slip of the pen: a character doubled or dropped.
            let chars: Vec<char> = token.chars().collect();
            let k = rng.below(chars.len());
            token = if rng.below(2) == 0 {
                chars[..=k].iter().chain(&chars[k..]).collect()
            } else {
                chars[..k].iter().chain(&chars[k + 1..]).collect()
            };
        }
        out.push_str(&token);
        match rng.below(12) {
            0 => out.push_str(" {a comment}"),
            1 => out.push_str(" $1"),
            2 => out.push_str("!?"),
            3 => out.push_str(" ; a line comment\n"),
            _ => {}
        }
        out.push(' ');
        if variation.is_none() && i > 4 && rng.below(10) == 0 {
            variation = Some((i, pos.clone()));
        }
        pos.play_unchecked(m);
    }
    if let Some((i, vpos)) = variation {
        // A one-move variation at the end (its moves need not fit the main line here: the
        // trees are compared, not the board).
        if let Some(m) = vpos.legal_moves().first() {
            out.push_str(&format!(
                "({}{} {}) ",
                i / 2 + 1,
                if vpos.turn() == Color::White {
                    "."
                } else {
                    "..."
                },
                san_styled(style, &vpos, m)
            ));
        }
    }
    out.push_str(["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)]);
    out.push('\n');
    out
}

/// A parse tree: (rule name, start, end) in pre-order.
type Tree = Vec<(String, usize, usize)>;

/// The derived parser's tree of a game: (rule name, start, end) in pre-order.
fn derived_tree(lang_file: &str, rule: &str, text: &str) -> Option<Result<Tree, String>> {
    macro_rules! tree {
        ($($file:literal => $module:ident),* $(,)?) => {
            match lang_file {
                $($file => {
                    use crate::syntax::builtin::$module::{P, Rule};
                    let r = if rule == "game" { Rule::game } else { Rule::single_move };
                    Some(match P::parse(r, text) {
                        Ok(pairs) => Ok(pairs
                            .flatten()
                            .map(|p| (format!("{:?}", p.as_rule()), p.as_span().start(), p.as_span().end()))
                            .collect()),
                        Err(e) => Err(e.variant.message().into_owned()),
                    })
                })*
                _ => None,
            }
        };
    }
    tree!(
        "en" => algebraic_en,
        "bg" => algebraic_bg,
        "ru" => algebraic_ru,
        "nl" => algebraic_nl,
        "de" => algebraic_de,
        "zh" => algebraic_zh,
        "be" => algebraic_be,
        "hu" => algebraic_hu,
    )
}

#[test]
fn the_run_time_path_gives_the_derived_parsers_trees() {
    let mut rng = Rng(0x0DD_BA11_5EED_0008);
    let mut compared = 0;
    for lang in LANGUAGE_FILES {
        let source = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("grammars/lang")
            .join(format!("{}.pest", lang.file));
        let text = std::fs::read_to_string(&source).expect("built-in language file");
        // The built-in file loaded exactly as a user's file would be (not registered: its
        // codes are taken by the built-in language).
        let user = super::build(&source.display().to_string(), &text)
            .unwrap_or_else(|r| panic!("{}", r.render(false, 100)));
        let vm_entry = user
            .parsers
            .iter()
            .find(|p| p.notation == "algebraic")
            .expect("algebraic");
        let derived = parser_for("algebraic", lang.code()).expect("built in");
        assert!(derived.user.is_none());
        let vm = vm_parser("algebraic", &text).expect("composes");
        for fide in [false, true] {
            let style = Style::of(lang, fide);
            for _ in 0..3 {
                let plies = 40 + rng.below(60);
                let score = random_score(&mut rng, &style, plies);
                // The syntax the walker builds from either tree.
                let a = format!("{:#?}", (derived.parse)(&score, 7));
                let b = format!("{:#?}", (vm_entry.parse)(&score, 7));
                assert_eq!(a, b, "{}: syntax differs on\n{score}", lang.file);
                // The raw trees, rule by rule, where the derived parser is named here.
                if let Some(d) = derived_tree(&lang.file, "game", &score) {
                    assert_eq!(
                        d,
                        vm.tree("game", &score),
                        "{}: tree differs on\n{score}",
                        lang.file
                    );
                }
                // Every token alone, explained.
                for token in score.split_whitespace().take(30) {
                    assert_eq!(
                        (derived.explain)(token),
                        (vm_entry.explain)(token),
                        "{}: explanation of {token:?} differs",
                        lang.file
                    );
                    if let Some(d) = derived_tree(&lang.file, "single_move", token) {
                        assert_eq!(d, vm.tree("single_move", token), "{}: {token:?}", lang.file);
                    }
                }
                compared += 1;
            }
        }
    }
    assert_eq!(compared, LANGUAGE_FILES.len() * 6);
}

mod registry_names {
    use std::path::Path;
    use std::sync::Arc;

    use crate::check::smoke::register_file;
    use crate::check::types::{Choice, Options};
    use crate::syntax::grammar::Registry;

    #[test]
    fn a_user_language_is_named_only_in_the_registry_it_was_loaded_into() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/grammars/gazette.pest"
        );
        let mut registry = Registry::builtin();
        register_file(&mut registry, Path::new(path)).expect("loads");
        let registry = Arc::new(registry);
        let o = Options::named("auto", "en-x-gazette", Arc::clone(&registry)).expect("loaded");
        let Choice::Given(gazette) = &o.lang else {
            panic!("a language is given")
        };
        assert_eq!(gazette.code(), "en-x-gazette");
        assert!(gazette.language().user.is_some());
        let err = Options::named("auto", "en-x-gazette", Arc::default()).expect_err("not loaded");
        assert_eq!(
            err.to_string(),
            "no grammar for notation `algebraic` in language `en-x-gazette`"
        );
    }
}
