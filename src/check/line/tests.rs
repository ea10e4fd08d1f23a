//! The walk of one line: snapshots, restores and variations.
use super::*;
use crate::check::types::MoveState;

/// Reads `text` as an English algebraic game and walks its main line with `f`.
fn with_walk(text: &str, f: impl FnOnce(&mut LineWalk<'_, '_, '_>)) {
    let parser = crate::syntax::grammar::builtin_parser("algebraic", "en").expect("a parser");
    let syntax = (parser.parse)(text, 0);
    let registry = crate::syntax::grammar::Registry::builtin();
    let mut g = GameChecker::new(text, parser, &registry, &syntax);
    let pos = Chess::default();
    let start = LineStart {
        origins: Origins::from_position(&pos),
        pos,
        ply: 0,
        fullmove: 1,
        first_ply_offset: 0,
        main: true,
        history: Vec::new(),
    };
    let mut walk = LineWalk::new(&mut g, &syntax.root, start, 0);
    f(&mut walk);
}

/// Walks items up to (not including) `end`.
fn walk_to(w: &mut LineWalk<'_, '_, '_>, end: usize) {
    while w.at < end {
        let cur = w.at;
        w.at += 1;
        w.on_item(cur);
    }
}

#[test]
fn restore_puts_back_the_state_before_a_snapshot() {
    with_walk("1. e4 e5 2. Nf3 Nc6+ 3. Bb5 *", |w| {
        // The second move token, `e5`.
        let at = (w.line.items.iter().enumerate())
            .filter(|(_, i)| matches!(i, Item::Move(_)))
            .nth(1)
            .map(|(n, _)| n)
            .expect("two moves");
        walk_to(w, at);
        let Item::Move(tok) = &w.line.items[at] else {
            panic!("e5 is a move")
        };
        let snap = w.snapshot(at, tok);
        let (state, history, mark) = (w.state.clone(), snap.history, snap.mark);
        // Read on: `Nc6+` gives no check, so a diagnostic is added.
        walk_to(w, w.line.items.len() - 1);
        assert_eq!(w.state.ply, 5);
        assert_ne!(w.g.mark(), mark, "{:?}", w.g.diags);
        assert_ne!(w.state, state);
        w.restore(snap);
        assert_eq!(w.state, state);
        assert_eq!(w.state.ply, 1);
        assert_eq!(w.history.len(), history);
        assert_eq!(w.g.mark(), mark);
    });
}

#[test]
fn a_variation_starts_from_the_position_before_its_move() {
    with_walk("1. e4 (1. d4 d5) 1... e5 *", |w| {
        walk_to(w, w.line.items.len());
        // `d4` was read from the start position, `e5` after `e4`: no errors.
        assert!(w.g.diags.is_empty(), "{:?}", w.g.diags);
        assert!(
            w.g.moves.iter().all(|m| matches!(m, MoveState::Legal(_))),
            "{:?}",
            w.g.moves
        );
        assert_eq!(w.state.ply, 2);
    });
}
