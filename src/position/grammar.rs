//! The grammar of written positions (`grammars/position/position.pest`: records, diagrams and
//! GBR codes) composed with one language file, exactly as user languages are composed with the
//! notation grammars (`crate::syntax::compose`), and run by pest_vm.
//!
//! A record needs the language's letters and words, so its grammar is built at run time for
//! each language it is read in (a built-in one or a user language file alike); diagrams and GBR
//! codes are the same in every language and are read with the English composition. Building
//! one takes about a millisecond: each composition is kept, by the language file's text, for
//! the life of the process (at most [`MOST_KEPT`] of them).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use pest::iterators::Pairs;

use crate::syntax::compose::compose;
use crate::syntax::grammar_check::{docs, grammar_issues};
use crate::syntax::{LanguageFile, RECORD_RULES, builtin_language};

/// The text of `grammars/position/position.pest`.
pub(crate) const POSITION_GRAMMAR: &str = include_str!("../../grammars/position/position.pest");

/// Compositions kept at most (one per language file read with).
const MOST_KEPT: usize = 128;

/// The longest text read as a position: a record of 32 men in any script is far shorter.
pub(crate) const MAX_POSITION_BYTES: usize = 16 * 1024;

/// The grammar of positions composed with one language file.
pub(crate) struct PositionGrammar {
    vm: pest_vm::Vm,
    /// What a person calls each rule (the first line of its `///` doc).
    names: HashMap<String, String>,
}

/// Where and why a text is not what a rule reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    /// Byte offset in the text where reading stopped.
    pub at: usize,
    /// What was expected there, in words ("a square such as e4").
    pub expected: Vec<String>,
}

impl Failure {
    /// "a square such as e4 or a comma" — what was expected, in one phrase.
    pub(crate) fn expected_words(&self) -> String {
        match self.expected.as_slice() {
            [] => "something else".to_owned(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
        }
    }
}

impl PositionGrammar {
    /// Reads `text` with one of the grammar's entry rules (`record`, `diagram`, `gbr`).
    pub(crate) fn parse<'a>(
        &'a self,
        rule: &'a str,
        text: &'a str,
    ) -> Result<Pairs<'a, &'a str>, Failure> {
        // pest_vm stops a grammar that goes wrong with a panic: a failure, never a crash.
        let run =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.vm.parse(rule, text)));
        match run {
            Ok(Ok(pairs)) => Ok(pairs),
            Ok(Err(e)) => Err(self.failure(&e)),
            Err(_) => Err(Failure {
                at: 0,
                expected: vec!["text the grammar can read".to_owned()],
            }),
        }
    }

    fn failure(&self, e: &pest::error::Error<&str>) -> Failure {
        let at = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        let mut expected: Vec<String> = Vec::new();
        if let pest::error::ErrorVariant::ParsingError { positives, .. } = &e.variant {
            for r in positives {
                let name = self
                    .names
                    .get(*r)
                    .cloned()
                    .unwrap_or_else(|| r.replace('_', " "));
                if !expected.contains(&name) {
                    expected.push(name);
                }
            }
        }
        Failure { at, expected }
    }
}

/// The grammar of positions composed with a language file.
///
/// # Errors
/// The composition's problems in words (only a user language file can have any: the built-in
/// compositions are tested).
pub(crate) fn grammar_for(lang: &LanguageFile) -> Result<Arc<PositionGrammar>, String> {
    static KEPT: OnceLock<Mutex<HashMap<String, Arc<PositionGrammar>>>> = OnceLock::new();
    let kept = KEPT.get_or_init(Mutex::default);
    if let Some(g) = kept
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&*lang.source)
    {
        return Ok(Arc::clone(g));
    }
    let built = Arc::new(build(&lang.source)?);
    let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
    if kept.len() >= MOST_KEPT {
        kept.clear();
    }
    kept.insert(lang.source.to_string(), Arc::clone(&built));
    Ok(built)
}

/// The grammar for diagrams and GBR codes (composed with the English file; they are the same
/// in every language).
pub(crate) fn plain_grammar() -> Result<Arc<PositionGrammar>, String> {
    let en = builtin_language("en").ok_or("the English language file is missing")?;
    grammar_for(en)
}

/// The composed grammar text: the grammar of positions, the language file, and a rule that
/// matches nothing for each record rule the file does not define.
pub(crate) fn composed_text(language_text: &str) -> String {
    let (defined, _) = grammar_issues(language_text);
    let mut missing = String::new();
    for r in RECORD_RULES {
        if !defined.iter().any(|d| d == r) {
            missing.push_str(&format!(
                "/// not defined by the language file: matches nothing\n{r} = @{{ !ANY ~ ANY }}\n"
            ));
        }
    }
    compose(&[POSITION_GRAMMAR, language_text, &missing]).text
}

fn build(language_text: &str) -> Result<PositionGrammar, String> {
    let text = composed_text(language_text);
    let (_, issues) = grammar_issues(&text);
    if let Some(i) = issues.first() {
        return Err(format!(
            "the grammar of positions composed with this language file does not build: {}",
            i.message
        ));
    }
    let (_, rules) = pest_meta::parse_and_optimize(&text).map_err(|e| {
        format!(
            "the grammar of positions composed with this language file does not build: {}",
            e.first().map_or_else(String::new, ToString::to_string)
        )
    })?;
    Ok(PositionGrammar {
        vm: pest_vm::Vm::new(rules),
        names: docs(&text).into_iter().collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::LANGUAGE_FILES;

    #[test]
    fn the_grammar_composes_with_every_built_in_language() {
        for l in LANGUAGE_FILES {
            let (_, issues) = grammar_issues(&composed_text(&l.source));
            assert!(issues.is_empty(), "{}: {issues:?}", l.file);
            assert!(grammar_for(l).is_ok(), "{}", l.file);
        }
    }

    #[test]
    fn a_language_without_record_rules_gets_rules_that_match_nothing() {
        let text = "/// k\nking = @{ \"K\" }\n/// q\nqueen = @{ \"Q\" }\n/// r\nrook = @{ \"R\" }\n\
                    /// b\nbishop = @{ \"B\" }\n/// n\nknight = @{ \"N\" }\n/// p\npawn = @{ \"P\" }\n";
        let g = build(text).expect("builds");
        assert!(g.parse("record", "White: Ke4").is_err());
        assert!(g.parse("gbr", "e1e8 0000.00").is_ok());
    }
}
