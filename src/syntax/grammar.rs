//! The languages and parsers in use: the built-in ones ([`crate::syntax::builtin`]) and those
//! loaded from user language files ([`crate::syntax::user`]).

pub use crate::syntax::builtin::{
    COMMON_GRAMMAR, LANGUAGE_FILES, NOTATION_FILES, NOTATION_GRAMMARS, PARSERS,
};
pub use crate::syntax::kind::{
    ExplainFn, GrammarParser, Kind, LanguageFile, Notation, ParseFn, ParserEntry, RuleKind,
    TokenExplanation, UnknownNotation,
};

/// The parser for a notation and language code, if there is one: built in, or loaded from a
/// user language file ([`crate::syntax::user::register`]).
pub fn parser_for(notation: &str, lang: &str) -> Option<&'static ParserEntry> {
    let file = language(lang).map(|l| l.file).unwrap_or("");
    let matches =
        |p: &ParserEntry| p.notation == notation && (p.lang_file.is_empty() || p.lang_file == file);
    PARSERS.iter().find(|p| matches(p)).or_else(|| {
        crate::syntax::user::parsers()
            .into_iter()
            .find(|p| matches(p))
    })
}

/// The language file serving an ISO 639-1 code (or a user language's code).
pub fn language(code: &str) -> Option<&'static LanguageFile> {
    LANGUAGE_FILES
        .iter()
        .find(|l| l.codes.contains(&code))
        .or_else(|| {
            crate::syntax::user::languages()
                .into_iter()
                .find(|l| l.codes.contains(&code))
        })
}

/// The language file with this file stem, built in or user-supplied.
pub fn language_file(file: &str) -> Option<&'static LanguageFile> {
    LANGUAGE_FILES.iter().find(|l| l.file == file).or_else(|| {
        crate::syntax::user::languages()
            .into_iter()
            .find(|l| l.file == file)
    })
}

/// Every language: the built-in ones in the order of `grammars/lang/`, then the user-supplied
/// ones in the order they were loaded.
pub fn languages() -> Vec<&'static LanguageFile> {
    let mut v: Vec<&'static LanguageFile> = LANGUAGE_FILES.iter().collect();
    v.extend(crate::syntax::user::languages());
    v
}

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
