//! Tokens read alone, remembered: a token that does not read in its game's grammar is read
//! again alone — to explain why, and with each script's look-alikes replaced — and a file in
//! the wrong language has dozens of such tokens in every game, the same few hundred again and
//! again. What a token reads alone depends on its text and the grammar only, so each thread
//! keeps what it read, per grammar, up to [`KEPT`] tokens (a full memo is emptied).

use std::any::TypeId;
use std::cell::RefCell;
use std::collections::HashMap;
use std::thread::LocalKey;

use super::top::shift_move;
use crate::syntax::MoveToken;
use crate::syntax::kind::TokenExplanation;

/// Tokens of one kind a thread keeps, over all grammars.
const KEPT: usize = 8192;

/// Tokens no longer than this are kept (a longer one is read each time).
const LONGEST: usize = 64;

/// One thread's tokens of one kind: per grammar, by text.
type Memo<V> = RefCell<HashMap<TypeId, HashMap<Box<str>, V>>>;

thread_local! {
    static READ: Memo<Option<MoveToken>> = RefCell::new(HashMap::new());
    static EXPLAINED: Memo<TokenExplanation> = RefCell::new(HashMap::new());
}

/// What `read` reads of `text`, remembered for grammar `id`.
fn remembered<V: Clone>(
    memo: &'static LocalKey<Memo<V>>,
    id: TypeId,
    text: &str,
    read: impl FnOnce() -> V,
) -> V {
    if text.len() > LONGEST {
        return read();
    }
    let known = memo.with(|m| {
        m.try_borrow()
            .ok()
            .and_then(|m| m.get(&id)?.get(text).cloned())
    });
    if let Some(v) = known {
        return v;
    }
    let v = read();
    memo.with(|m| {
        if let Ok(mut m) = m.try_borrow_mut() {
            if m.values().map(HashMap::len).sum::<usize>() >= KEPT {
                m.clear();
            }
            m.entry(id).or_default().insert(text.into(), v.clone());
        }
    });
    v
}

/// `text` read alone as one move of grammar `id` by `read` (spans from 0), its spans moved to
/// start at `base`.
pub(super) fn read_alone(
    id: TypeId,
    text: &str,
    base: usize,
    read: impl FnOnce() -> Option<MoveToken>,
) -> Option<MoveToken> {
    let mut m = remembered(&READ, id, text, read)?;
    shift_move(&mut m, base);
    Some(m)
}

/// Why `token` is not a move of grammar `id`, as `explain` says.
pub(super) fn explained(
    id: TypeId,
    token: &str,
    explain: impl FnOnce() -> TokenExplanation,
) -> TokenExplanation {
    remembered(&EXPLAINED, id, token, explain)
}
