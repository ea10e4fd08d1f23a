//! Words and marks: a role's name, a token without its check, mate and e.p. marks.

use shakmaty::Role;

/// The token without check, mate, glyph and e.p. marks, found by their spellings: only for
/// text that no parse has read (an unreadable token, the word before a token). A token the
/// grammar read is cut at its marks' spans instead ([`crate::syntax::MoveToken::unmarked`]),
/// and the writers write a move without its marks ([`crate::render::Writer::write_unmarked`]).
pub(crate) fn strip_marks(text: &str) -> String {
    let mut t = text.trim();
    loop {
        let before = t;
        for suffix in [
            "e.p.", "ep", "a.p.", "(e.p)", "(e.p.)", "#", "++", "+", "‡", "†", "!", "?", "X",
        ] {
            if let Some(s) = t.strip_suffix(suffix) {
                t = s.trim_end();
            }
        }
        // The words of descriptive scores, in any case, with or without a space or dots.
        for word in [
            "checkmate",
            "mate",
            "dis. ch.",
            "dis.ch.",
            "dis ch.",
            "dis. ch",
            "dis.ch",
            "dis ch",
            "disch",
            "dbl. ch.",
            "dbl.ch.",
            "dbl ch.",
            "dbl. ch",
            "dbl.ch",
            "dbl ch",
            "dblch",
            "check",
            "ch.",
            "ch",
        ] {
            let n = t.len().saturating_sub(word.len());
            if n > 0
                && t.is_char_boundary(n)
                && t[n..].eq_ignore_ascii_case(word)
                && t[..n].ends_with(|c: char| c == ' ' || c.is_ascii_digit() || c.is_uppercase())
            {
                t = t[..n].trim_end();
                break;
            }
        }
        if t == before {
            break;
        }
    }
    t.to_owned()
}

/// Words for a role.
pub(crate) const fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}
