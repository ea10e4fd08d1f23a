//! Look-alike characters: Latin, Cyrillic and Greek letters that print the same (K/К/Κ,
//! C/С, e/е, O/О/Ο, X/Х/Χ…), the full-width forms of ASCII characters that East Asian input
//! methods type (`Ｎｂｄ２`, `１．ｅ４`), and invisible bidi marks inside a token.
//!
//! Hand-typed scores mix them, and so does the seed's own table. A token that does not read in
//! its grammar is retried with each script's look-alikes replaced (a full-width form stands for
//! its ASCII character, itself a look-alike in another script); it is accepted only when
//! exactly one script makes it readable (so the look-alike cannot change the meaning), and the
//! reader warns naming the character and its fix.

use crate::span::Span;

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

/// The ASCII character a full-width form stands for (U+FF01 to U+FF5E: `Ｎ` for `N`, `１`
/// for `1`, `．` for `.`, `－` for `-`).
pub(crate) const fn from_full_width(c: char) -> Option<char> {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0),
        _ => None,
    }
}

/// The character `c` reads as before any script is chosen: its ASCII character when it is a
/// full-width form, else itself.
pub(crate) const fn unwidened(c: char) -> char {
    match from_full_width(c) {
        Some(a) => a,
        None => c,
    }
}

/// A token with its look-alikes replaced ([`normalize`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Normalized {
    /// The token as read.
    pub text: String,
    /// What was replaced, in order.
    pub replaced: Vec<Replacement>,
    /// For each byte of `text`, and for its end: where in the token the character it comes
    /// from starts (the token's end for the end).
    origin: Vec<usize>,
}

impl Normalized {
    /// The bytes of the token that `span` of [`Normalized::text`] (counted from 0) was read
    /// from: a span in the token, on its character boundaries.
    pub(crate) fn origin(&self, span: Span) -> Span {
        let at = |i: usize| self.origin[i.min(self.origin.len() - 1)];
        Span::new(at(span.start), at(span.end).max(at(span.start)))
    }
}

/// The token with every full-width form read as its ASCII character, bidi marks removed, and
/// with a `script`: every capital look-alike mapped into it, every small one into Latin
/// (squares, `x` and castling `o` are always Latin); and what was replaced. Without a script,
/// the other characters are kept as written (`Крｃ３`, a Russian king's move, is `Крc3`).
/// `None` when nothing changes.
pub(crate) fn normalize(token: &str, script: Option<Script>) -> Option<Normalized> {
    let mut out = String::with_capacity(token.len());
    let mut origin = Vec::with_capacity(token.len() + 1);
    let mut replaced = Vec::new();
    let mut changed = false;
    // Within the piece's name at the token's start (a capital, then small letters that are no
    // file and no capture mark: the Russian king `Кр` typed in Latin as `Kp`), small letters
    // are the script's too.
    let mut in_name = false;
    for (offset, written) in token.char_indices() {
        if BIDI_MARKS.contains(&written) {
            changed = true;
            continue;
        }
        let c = unwidened(written);
        in_name = if offset == 0 {
            c.is_uppercase()
        } else {
            in_name && c.is_lowercase() && !matches!(c, 'a'..='h' | 'x' | '×')
        };
        let target = match script {
            Some(s) if in_name && offset > 0 => Some(s),
            Some(_) if c.is_lowercase() => Some(Script::Latin),
            other => other,
        };
        let meant = target.and_then(|t| counterpart(c, t)).unwrap_or(c);
        if meant != written {
            replaced.push(Replacement {
                offset,
                found: written,
                meant,
            });
            changed = true;
        }
        out.push(meant);
        origin.resize(out.len(), offset);
    }
    origin.push(token.len());
    changed.then_some(Normalized {
        text: out,
        replaced,
        origin,
    })
}

/// The token as written, as a [`Normalized`] that replaced nothing.
pub(crate) fn unchanged(token: &str) -> Normalized {
    let mut origin = Vec::with_capacity(token.len() + 1);
    for (offset, c) in token.char_indices() {
        origin.resize(offset + c.len_utf8(), offset);
    }
    origin.push(token.len());
    Normalized {
        text: token.to_owned(),
        replaced: Vec::new(),
        origin,
    }
}

/// Every normalization of the token that changes something: its full-width forms alone, then
/// each script's.
pub(crate) fn variants(token: &str) -> Vec<Normalized> {
    [
        None,
        Some(Script::Latin),
        Some(Script::Cyrillic),
        Some(Script::Greek),
    ]
    .into_iter()
    .filter_map(|s| normalize(token, s))
    .collect()
}

/// A move number at the start of a token, written with full-width characters (`１２．`,
/// `１２．．．`, `１．` before its move, `１２` alone): as the grammar's `move_number` reads
/// it once each character is read as its ASCII one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WideNumber {
    /// Its length in the token, in bytes.
    pub len: usize,
    /// It in ASCII (`12.`).
    pub text: String,
    /// Its first full-width character.
    pub first: Replacement,
}

/// The move number that starts `token` when one of its characters is full-width (a number in
/// ASCII is the grammar's): digits, then dots or an ellipsis; or one to three digits and
/// nothing after them (a number before a space).
pub(crate) fn wide_number(token: &str) -> Option<WideNumber> {
    let mut text = String::new();
    let mut first = None;
    let mut len = 0;
    let mut digits = 0;
    let mut dots = false;
    for (offset, written) in token.char_indices() {
        let c = unwidened(written);
        let fits = if dots {
            c == '.'
        } else {
            c.is_ascii_digit() || (digits > 0 && matches!(c, '.' | '…'))
        };
        if !fits {
            break;
        }
        digits += usize::from(c.is_ascii_digit());
        dots |= !c.is_ascii_digit();
        if first.is_none() && c != written {
            first = Some(Replacement {
                offset,
                found: written,
                meant: c,
            });
        }
        text.push(c);
        len = offset + written.len_utf8();
        if c == '…' {
            break;
        }
    }
    let whole = dots || (len == token.len() && (1..=3).contains(&digits));
    if digits == 0 || !whole {
        return None;
    }
    Some(WideNumber {
        len,
        text,
        first: first?,
    })
}

/// `U+041A (Cyrillic `К`)`-style description of a character (`U+FF2E (full-width `Ｎ`)`).
pub(crate) fn describe(c: char) -> String {
    let script = if from_full_width(c).is_some() {
        "full-width"
    } else {
        Script::of(c).map(Script::name).unwrap_or("other")
    };
    format!("U+{:04X} ({script} `{c}`)", u32::from(c))
}

/// Why a look-alike character is not the character it looks like, for the help of its
/// warning.
pub(crate) fn why_not(found: char) -> &'static str {
    if from_full_width(found).is_some() {
        "it is the full-width form of an ASCII character, as East Asian input methods type it"
    } else {
        "it prints the same but is another script's letter"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_width_forms_read_as_ascii() {
        assert_eq!(from_full_width('Ｎ'), Some('N'));
        assert_eq!(from_full_width('！'), Some('!'));
        assert_eq!(from_full_width('～'), Some('~'));
        assert_eq!(from_full_width('\u{3000}'), None);
        assert_eq!(from_full_width('N'), None);
        let n = normalize("Ｎｂｄ２", None).expect("changed");
        assert_eq!(n.text, "Nbd2");
        assert_eq!(n.replaced.len(), 4);
        assert_eq!(n.replaced[0].found, 'Ｎ');
        assert_eq!(n.replaced[3].offset, 9);
        // Spans of the text read map back onto the token's characters.
        assert_eq!(n.origin(Span::new(1, 3)), Span::new(3, 9));
        assert_eq!(n.origin(Span::new(0, 4)), Span::new(0, 12));
        // A full-width capital is a Latin capital, which another script may read as its own.
        let k = normalize("Ｋｆ３", Some(Script::Cyrillic)).expect("changed");
        assert_eq!(k.text, "Кf3");
        assert_eq!((k.replaced[0].found, k.replaced[0].meant), ('Ｋ', 'К'));
        // Bidi marks are left out, the spans around them kept.
        let b = normalize("\u{200E}Кf3", Some(Script::Latin)).expect("changed");
        assert_eq!(b.text, "Kf3");
        assert_eq!(b.origin(Span::new(0, 1)), Span::new(3, 5));
        // Without a script, only the full-width forms change.
        assert_eq!(
            normalize("Крｃ３", None).map(|n| n.text),
            Some("Крc3".into())
        );
        assert_eq!(normalize("Кр", None), None);
        assert_eq!(variants("Ｂｂ５").len(), 4);
        assert_eq!(describe('Ｎ'), "U+FF2E (full-width `Ｎ`)");
        assert_eq!(describe('К'), "U+041A (Cyrillic `К`)");
    }

    /// The Russian king `Кр` typed in Latin (`Kp`): in the Cyrillic reading the small letter
    /// of the piece's name is Cyrillic too, the square and the capture mark stay Latin.
    #[test]
    fn a_piece_name_typed_in_latin_reads_in_its_script() {
        let read = |t: &str| normalize(t, Some(Script::Cyrillic)).map(|n| n.text);
        assert_eq!(read("Kpe2").as_deref(), Some("Крe2"));
        assert_eq!(read("Kpe1:d2").as_deref(), Some("Крe1:d2"));
        assert_eq!(read("Kxe4").as_deref(), Some("Кxe4"));
        assert_eq!(read("Cd2:b4").as_deref(), Some("Сd2:b4"));
        assert_eq!(read("e4").as_deref(), None);
    }

    #[test]
    fn full_width_move_numbers() {
        let n = |t: &str| wide_number(t).map(|n| (n.len, n.text));
        assert_eq!(n("１２．"), Some((9, "12.".into())));
        assert_eq!(n("１２．．．Ｎｆ６"), Some((15, "12...".into())));
        assert_eq!(n("１．ｅ４"), Some((6, "1.".into())));
        assert_eq!(n("１２…"), Some((9, "12…".into())));
        assert_eq!(n("12．e4"), Some((5, "12.".into())));
        assert_eq!(n("１２"), Some((6, "12".into())));
        assert_eq!(wide_number("１２．").map(|n| n.first.found), Some('１'));
        // No number: ASCII only (the grammar's), four digits alone, digits glued to a move.
        for t in ["12.", "12", "１２３４", "１２ｅ４", "ｅ４", "．", ""] {
            assert_eq!(n(t), None, "{t}");
        }
    }
}
