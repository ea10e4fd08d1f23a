//! Small words for messages: piece plurals, colour names, lists.

use shakmaty::{Color, Role};

pub(super) const fn plural(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawns",
        Role::Knight => "knights",
        Role::Bishop => "bishops",
        Role::Rook => "rooks",
        Role::Queen => "queens",
        Role::King => "kings",
    }
}

pub(super) fn figurine_of(role: Role, color: Color) -> char {
    let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
    let i = role as usize - 1;
    if color == Color::White {
        white[i]
    } else {
        black[i]
    }
}

pub(super) fn color_name(c: Color) -> &'static str {
    if c == Color::White { "White" } else { "Black" }
}

pub(super) fn piece_letter_desc(before: &str) -> Option<String> {
    let mut chars = before.chars();
    let c = chars.next()?;
    if chars.next().is_none() && c.is_uppercase() {
        Some(format!("the piece letter {c}"))
    } else {
        None
    }
}

pub(super) fn join_or(items: &[&str]) -> String {
    let sep = if items.iter().any(|i| i.contains(',')) {
        "; "
    } else {
        ", "
    };
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} or {}", rest.join(sep), last),
    }
}

pub(super) fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {}", rest.join(", "), last),
    }
}
