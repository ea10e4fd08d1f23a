//! Composition of grammar files, shared by build.rs (the built-in parsers, derived with
//! pest_derive) and the library (user grammars loaded at run time into pest_vm), so that a
//! language file loaded at run time is composed *exactly* as a built-in one.
//!
//! A composed grammar is `grammars/common.pest`, then a notation grammar, then (for notations
//! with piece letters) one language file. `//!` lines are grammar docs, which pest allows only
//! at the start of a grammar: the first file keeps them, later files have them turned into
//! plain `//` comments, so that line numbers stay the same and every line of the composed
//! text maps back to a line of one file ([`Composed::locate`]).
//!
//! This file is compiled twice (build.rs includes it with `#[path]`): it uses `std` only.

use std::collections::BTreeMap;

/// A composed grammar text and where each part starts.
#[derive(Clone, Debug)]
pub(crate) struct Composed {
    /// The composed grammar.
    pub text: String,
    /// The first line (1-based) of each part in `text`, in the order the parts were given.
    pub starts: Vec<usize>,
}

impl Composed {
    /// Maps a 1-based line of the composed text to (part index, 1-based line in that part).
    pub(crate) fn locate(&self, line: usize) -> (usize, usize) {
        let mut best = (0, self.starts.first().copied().unwrap_or(1));
        for (i, &start) in self.starts.iter().enumerate() {
            if start <= line {
                best = (i, start);
            }
        }
        (best.0, line + 1 - best.1.min(line))
    }
}

/// Composes grammar files in order (common, notation, language).
pub(crate) fn compose(parts: &[&str]) -> Composed {
    let mut text = String::new();
    let mut starts = Vec::with_capacity(parts.len());
    let mut line = 1;
    for part in parts {
        starts.push(line);
        // `//!` grammar docs are only allowed at the start of a grammar: keep the first file's.
        let body: String = if text.is_empty() {
            (*part).to_owned()
        } else {
            part.lines()
                .map(|l| if l.starts_with("//!") { "//" } else { l })
                .collect::<Vec<_>>()
                .join("\n")
                + "\n"
        };
        line += body.matches('\n').count();
        text.push_str(&body);
        if !text.ends_with('\n') {
            text.push('\n');
            line += 1;
        }
    }
    Composed { text, starts }
}

/// `//! key: value` lines of a file's header (the first occurrence of each key).
pub(crate) fn header(text: &str) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    for (_, k, v) in header_lines(text) {
        m.entry(k.to_owned()).or_insert_with(|| v.to_owned());
    }
    m
}

/// The value of a `//! key:` header line (its first occurrence, as [`header`] reads it) and
/// its byte offset in `text`.
pub(crate) fn header_value<'a>(text: &'a str, key: &str) -> Option<(usize, &'a str)> {
    header_lines(text)
        .find(|(_, k, _)| *k == key)
        .map(|(at, _, v)| (at, v))
}

/// Every `//! key: value` line: (byte offset of the value in `text`, key, value), trimmed.
fn header_lines(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    text.lines().filter_map(move |line| {
        let rest = line.strip_prefix("//!")?;
        let (k, v) = rest.split_once(':')?;
        let k = k.trim();
        if k.is_empty() || !k.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
            return None;
        }
        let v = v.trim();
        Some((v.as_ptr() as usize - text.as_ptr() as usize, k, v))
    })
}

/// The header of a language file: codes and names (its customs are read by
/// `syntax::customs::Customs::parse` from [`header_value`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LanguageHeader {
    /// `//! code:` — the codes this file serves, separated by spaces.
    pub codes: Vec<String>,
    /// `//! names:` (or `//! name:`) — one name per code, separated by commas.
    pub names: Vec<String>,
}

/// Reads the header of a language file.
pub(crate) fn language_header(text: &str) -> LanguageHeader {
    let h = header(text);
    LanguageHeader {
        codes: h
            .get("code")
            .map(|c| c.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default(),
        names: h
            .get("names")
            .or(h.get("name"))
            .map(|n| n.split(',').map(|s| s.trim().to_owned()).collect())
            .unwrap_or_default(),
    }
}

/// Does a notation whose `//! languages:` header is `spec` take a language file serving
/// `codes`? (`all`, `none` or empty, or a list of codes.)
pub(crate) fn notation_takes(spec: &str, codes: &[String]) -> bool {
    match spec.trim() {
        "all" => true,
        "none" | "" => false,
        list => {
            let wanted: Vec<&str> = list.split_whitespace().collect();
            codes.iter().any(|c| wanted.contains(&c.as_str()))
        }
    }
}

/// Does a notation whose `//! languages:` header is `spec` take no language at all (one
/// letterless parser)?
pub(crate) fn notation_is_letterless(spec: &str) -> bool {
    matches!(spec.trim(), "none" | "")
}

/// The `Kind` variant name of a rule name (`piece_move` → `PieceMove`, `EOI` → `Eoi`).
#[allow(
    dead_code,
    reason = "build.rs generates the parsers with it; the library uses it in tests only"
)]
pub(crate) fn camel(name: &str) -> String {
    if name == "EOI" {
        return "Eoi".into();
    }
    if name.chars().all(|c| c.is_ascii_uppercase()) {
        return name[..1].to_owned() + &name[1..].to_ascii_lowercase();
    }
    name.split('_')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let mut c = s.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn composed_lines_map_back_to_their_file() {
        let c = compose(&[
            "//! a\nx = { \"x\" }\n",
            "//! b\ny = { \"y\" }",
            "z = { \"z\" }\n",
        ]);
        assert_eq!(c.starts, vec![1, 3, 5]);
        assert!(c.text.starts_with("//! a\n"));
        assert!(c.text.contains("//\ny = "));
        assert_eq!(c.locate(2), (0, 2));
        assert_eq!(c.locate(3), (1, 1));
        assert_eq!(c.locate(4), (1, 2));
        assert_eq!(c.locate(5), (2, 1));
    }

    #[test]
    fn notations_take_languages_by_header() {
        let codes = vec!["bg".to_owned()];
        assert!(notation_takes("all", &codes));
        assert!(notation_takes("ru bg", &codes));
        assert!(!notation_takes("ru", &codes));
        assert!(!notation_takes("none", &codes));
        assert!(notation_is_letterless(""));
    }

    #[test]
    fn headers_and_names() {
        let h = language_header("//! code: en mn\n//! names: English, Mongolian\n//! customs: x\n");
        assert_eq!(h.codes, vec!["en", "mn"]);
        assert_eq!(h.names, vec!["English", "Mongolian"]);
        let text = "//! code: en\n//! customs:  x=y \n//! customs: z\n";
        assert_eq!(header_value(text, "customs"), Some((27, "x=y")));
        assert_eq!(header_value(text, "name"), None);
        assert_eq!(camel("piece_move"), "PieceMove");
        assert_eq!(camel("EOI"), "Eoi");
        assert_eq!(camel("WHITESPACE"), "Whitespace");
    }
}
