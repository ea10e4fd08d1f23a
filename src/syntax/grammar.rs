//! The languages and parsers in use: the built-in ones ([`crate::syntax::builtin`]) and a
//! [`Registry`] value of those plus the languages loaded from user language files
//! ([`crate::syntax::user`]).

pub(crate) use crate::syntax::builtin::LANGUAGE_FILES;
pub(crate) use crate::syntax::kind::{Language, LanguageFile, Notation, Parser, ParserEntry};
pub(crate) use crate::syntax::user::{Registry, builtin_parser};
#[cfg(test)]
pub(crate) use crate::syntax::{
    builtin::{COMMON_GRAMMAR, NOTATION_GRAMMARS},
    kind::Shared,
    user::builtin_language,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::builtin::{NOTATION_FILES, PARSERS};
    use crate::syntax::compose::header_value;
    use crate::syntax::customs::{Customs, Mate};

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

    // Moved from tests/grammar_files.rs (the header reader is crate-private).
    #[test]
    fn every_built_in_language_file_has_valid_customs() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("grammars/lang");
        let mut read = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            read += 1;
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            let (_, value) = header_value(&text, "customs")
                .unwrap_or_else(|| panic!("{}: no customs header", path.display()));
            let customs =
                Customs::parse(value).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
            // The table build.rs wrote holds the same typed customs, shown as written.
            let built = LANGUAGE_FILES
                .iter()
                .find(|l| l.file == stem)
                .expect("built in");
            assert_eq!(built.read_customs(), customs, "{}", path.display());
            assert_eq!(built.customs, value);
        }
        assert!(read >= 38, "only {read} language files");
        // Spanish alone writes mate `++`.
        let plus_plus: Vec<&str> = LANGUAGE_FILES
            .iter()
            .filter(|l| l.read_customs().mate == Mate::DoublePlus)
            .map(|l| &*l.file)
            .collect();
        assert_eq!(plus_plus, ["es"]);
    }
}
