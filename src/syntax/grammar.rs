//! The languages and parsers in use: the built-in ones ([`crate::syntax::builtin`]) and a
//! [`Registry`] value of those plus the languages loaded from user language files
//! ([`crate::syntax::user`]).

pub use crate::syntax::builtin::{
    COMMON_GRAMMAR, LANGUAGE_FILES, NOTATION_FILES, NOTATION_GRAMMARS, PARSERS,
};
pub use crate::syntax::kind::{
    ExplainFn, GrammarParser, Kind, Language, LanguageFile, Notation, ParseFn, Parser, ParserEntry,
    RuleKind, Shared, TokenExplanation, UnknownNotation,
};
pub use crate::syntax::user::{Registry, builtin_language, builtin_parser};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notations_are_the_notation_grammar_files() {
        let names: Vec<&str> = Notation::ALL.iter().map(|n| n.name()).collect();
        let files: Vec<&str> = NOTATION_FILES.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, files);
        for n in Notation::ALL {
            assert_eq!(n.name().parse::<Notation>(), Ok(*n));
            assert_eq!(n.to_string(), n.name());
        }
        for p in PARSERS {
            assert!(p.notation.parse::<Notation>().is_ok(), "{p:?}");
        }
        let err = "algebriac".parse::<Notation>().unwrap_err();
        assert_eq!(err.name, "algebriac");
        assert!(err.to_string().contains("algebraic, coordinate"), "{err}");
    }
}
