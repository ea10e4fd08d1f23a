//! Look-alike characters: Latin, Cyrillic and Greek letters that print the same (K/К/Κ,
//! C/С, e/е, O/О/Ο, X/Х/Χ…), and invisible bidi marks inside a token.
//!
//! Hand-typed scores mix them, and so does the seed's own table. A token that does not read in
//! its grammar is retried with each script's look-alikes replaced; it is accepted only when
//! exactly one script makes it readable (so the look-alike cannot change the meaning), and the
//! reader warns naming the character and its fix.

/// Groups of characters that look alike: (Latin, Cyrillic, Greek); `'\0'` = none.
const GROUPS: &[(char, char, char)] = &[
    ('A', 'А', 'Α'),
    ('B', 'В', 'Β'),
    ('C', 'С', '\0'),
    ('E', 'Е', 'Ε'),
    ('H', 'Н', 'Η'),
    ('I', 'І', 'Ι'),
    ('K', 'К', 'Κ'),
    ('M', 'М', 'Μ'),
    ('N', '\0', 'Ν'),
    ('O', 'О', 'Ο'),
    ('P', 'Р', 'Ρ'),
    ('T', 'Т', 'Τ'),
    ('X', 'Х', 'Χ'),
    ('Y', 'У', 'Υ'),
    ('Z', '\0', 'Ζ'),
    ('a', 'а', '\0'),
    ('c', 'с', '\0'),
    ('e', 'е', '\0'),
    ('o', 'о', 'ο'),
    ('p', 'р', 'ρ'),
    ('x', 'х', '\0'),
    ('y', 'у', '\0'),
];

/// Invisible direction marks that right-to-left scores carry.
pub(crate) const BIDI_MARKS: &[char] = &[
    '\u{200E}', '\u{200F}', '\u{061C}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{2066}', '\u{2067}',
    '\u{2068}', '\u{2069}',
];

/// A script to map look-alikes into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Script {
    /// Latin letters.
    Latin,
    /// Cyrillic letters.
    Cyrillic,
    /// Greek letters.
    Greek,
}

impl Script {
    /// The script's name.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Script::Latin => "Latin",
            Script::Cyrillic => "Cyrillic",
            Script::Greek => "Greek",
        }
    }

    /// The script a character belongs to, when it is one of the three.
    pub(crate) fn of(c: char) -> Option<Script> {
        match c {
            'A'..='Z' | 'a'..='z' => Some(Script::Latin),
            '\u{0400}'..='\u{04FF}' => Some(Script::Cyrillic),
            '\u{0370}'..='\u{03FF}' => Some(Script::Greek),
            _ => None,
        }
    }
}

/// One replaced character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Replacement {
    /// Byte offset in the original token.
    pub offset: usize,
    /// The character written.
    pub found: char,
    /// The character it stands for.
    pub meant: char,
}

/// The character in `script` that looks like `c`, if `c` belongs to another script.
pub(crate) fn counterpart(c: char, script: Script) -> Option<char> {
    for &(latin, cyrillic, greek) in GROUPS {
        if c == latin || c == cyrillic || c == greek {
            let target = match script {
                Script::Latin => latin,
                Script::Cyrillic => cyrillic,
                Script::Greek => greek,
            };
            return (target != '\0' && target != c).then_some(target);
        }
    }
    None
}

/// The token with every capital look-alike mapped into `script`, every small one into Latin
/// (squares, `x` and castling `o` are always Latin) and bidi marks removed, and what was
/// replaced. `None` when nothing changes.
pub(crate) fn normalize(token: &str, script: Script) -> Option<(String, Vec<Replacement>)> {
    let mut out = String::with_capacity(token.len());
    let mut replaced = Vec::new();
    let mut changed = false;
    for (offset, c) in token.char_indices() {
        if BIDI_MARKS.contains(&c) {
            changed = true;
            continue;
        }
        let target = if c.is_lowercase() {
            Script::Latin
        } else {
            script
        };
        match counterpart(c, target) {
            Some(meant) => {
                out.push(meant);
                replaced.push(Replacement {
                    offset,
                    found: c,
                    meant,
                });
                changed = true;
            }
            None => out.push(c),
        }
    }
    changed.then_some((out, replaced))
}

/// Every script's normalization of the token that changes something.
pub(crate) fn variants(token: &str) -> Vec<(Script, String, Vec<Replacement>)> {
    [Script::Latin, Script::Cyrillic, Script::Greek]
        .into_iter()
        .filter_map(|s| normalize(token, s).map(|(t, r)| (s, t, r)))
        .collect()
}

/// `U+041A CYRILLIC …`-style description of a character.
pub(crate) fn describe(c: char) -> String {
    let script = Script::of(c).map(Script::name).unwrap_or("other");
    format!("U+{:04X} ({script} `{c}`)", u32::from(c))
}
