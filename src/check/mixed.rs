//! The mixed-notation warning: a game that mixes long and short algebraic.

use crate::diagnostic::{Diagnostic, Problem};
use crate::span::Span;
use crate::syntax::walker::{WrittenForm, written_form};
use crate::syntax::{GameSyntax, MoveBody};

/// A warning when a game mixes long and short algebraic (a long-algebraic game with a
/// short-algebraic variation): the first move written in the less used form, with the first
/// move of the other form as a secondary label. `text` is the file's text.
pub(crate) fn mixed_notation(syntax: &GameSyntax, text: &str) -> Option<Diagnostic> {
    // (first token, count) of each form, in reading order (main line and variations).
    let mut first: [Option<Span>; 2] = [None, None];
    let mut count = [0usize; 2];
    for tok in syntax.root.moves() {
        // The text tells only a move naming both squares (a hyphen: long); it is cut for
        // those alone.
        let both = matches!(tok.body, MoveBody::Normal(n) if n.from_file.is_some() && n.from_rank.is_some());
        let src = if both {
            text.get(tok.span.start..tok.span.end).unwrap_or("")
        } else {
            ""
        };
        if let Some(form) = written_form(tok, src) {
            let i = form as usize;
            count[i] += 1;
            first[i].get_or_insert(tok.span);
        }
    }
    let (Some(short), Some(long)) = (first[0], first[1]) else {
        return None;
    };
    // The form most moves use is the game's; the first move in the other one is reported.
    let (odd, odd_form, main, main_form) = if count[0] < count[1] {
        (short, WrittenForm::Short, long, WrittenForm::Long)
    } else {
        (long, WrittenForm::Long, short, WrittenForm::Short)
    };
    let odd_count = count[odd_form as usize];
    let main_count = count[main_form as usize];
    let token = text.get(odd.start..odd.end).unwrap_or("").to_owned();
    let to = match main_form {
        WrittenForm::Long => "lan",
        WrittenForm::Short => "san",
    };
    Some(
        Diagnostic::new(
            Problem::MixedNotation {
                text: token,
                form: odd_form.name(),
                main: main_form.name(),
            },
            odd,
        )
        .label(format!("{} algebraic", odd_form.name()))
        .with_secondary(
            main,
            format!("{} algebraic, as most moves", main_form.name()),
        )
        .help(format!(
            "{odd_count} {} written in {} algebraic, {main_count} in {} algebraic; the moves are \
             read all the same. Write the score in one notation (`scoresheet convert --to {to}` \
             does it)",
            if odd_count == 1 {
                "move is"
            } else {
                "moves are"
            },
            odd_form.name(),
            main_form.name()
        )),
    )
}
