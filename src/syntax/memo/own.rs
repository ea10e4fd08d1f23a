//! A thread's own copy of a parser's pieces, laid out for the lookup that every word of every
//! game makes: a small table of slots (the hash's high half and the entry's place) in front of
//! one array of entries, each holding its key and, for the common piece of one token, that
//! token itself. A hit reads one slot and one entry, where a map of boxed keys and shared
//! entries reads four places scattered over memory.

use std::sync::Arc;

use super::Entry;
use super::probe::Verdict;
use crate::syntax::Tag;
use crate::syntax::walker::Top;

/// Keys up to this many bytes are kept in their entry.
const INLINE: usize = 22;

/// A piece's text with what follows it.
enum Key {
    Short { len: u8, bytes: [u8; INLINE] },
    Long(Box<str>),
}

impl Key {
    fn new(key: &str) -> Key {
        if key.len() <= INLINE {
            let mut bytes = [0; INLINE];
            bytes[..key.len()].copy_from_slice(key.as_bytes());
            Key::Short {
                len: key.len() as u8,
                bytes,
            }
        } else {
            Key::Long(key.into())
        }
    }

    fn is(&self, key: &str) -> bool {
        match self {
            Key::Short { len, bytes } => bytes[..usize::from(*len)] == *key.as_bytes(),
            Key::Long(k) => **k == *key,
        }
    }
}

/// What a piece reads: nothing, one token (kept here), or several (shared with the cache of
/// all threads).
enum Tops {
    None,
    One(Top),
    Many(Arc<Entry>),
}

/// One piece, read alone.
pub(super) struct OwnEntry {
    hash: u64,
    key: Key,
    last: bool,
    pub(super) verdict: Verdict,
    tops: Tops,
}

impl OwnEntry {
    /// The tokens the piece reads.
    pub(super) fn tops(&self) -> &[Top] {
        match &self.tops {
            Tops::None => &[],
            Tops::One(t) => std::slice::from_ref(t),
            Tops::Many(entry) => &entry.tops,
        }
    }
}

/// A thread's own pieces of one parser, at most `max` of them (a full table is emptied).
pub(super) struct Own {
    /// Open addressing with linear probing: 0 is empty, else the hash's high 32 bits and the
    /// entry's place plus one. At most half full.
    slots: Vec<u64>,
    entries: Vec<OwnEntry>,
    max: usize,
}

impl Own {
    pub(super) fn new(max: usize) -> Own {
        Own {
            slots: vec![0; 1024],
            entries: Vec::new(),
            max,
        }
    }

    /// The entry of `key` (`last`: the key runs to its game's end), its hash given.
    pub(super) fn get(&self, hash: u64, key: &str, last: bool) -> Option<&OwnEntry> {
        let mask = self.slots.len() - 1;
        let tag = hash >> 32;
        let mut i = (hash as usize) & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return None;
            }
            if slot >> 32 == tag {
                let e = &self.entries[(slot & 0xffff_ffff) as usize - 1];
                if e.hash == hash && e.last == last && e.key.is(key) {
                    return Some(e);
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Keeps what `key` reads (not kept already).
    pub(super) fn insert(&mut self, hash: u64, key: &str, last: bool, entry: &Arc<Entry>) {
        if self.entries.len() >= self.max {
            self.entries.clear();
            self.slots.iter_mut().for_each(|s| *s = 0);
        }
        if 2 * (self.entries.len() + 1) > self.slots.len() {
            self.grow();
        }
        let tops = match &*entry.tops {
            [] => Tops::None,
            [one] => Tops::One(unshared(one)),
            _ => Tops::Many(Arc::clone(entry)),
        };
        self.entries.push(OwnEntry {
            hash,
            key: Key::new(key),
            last,
            verdict: entry.verdict,
            tops,
        });
        self.place(hash, self.entries.len());
    }

    /// Puts entry number `n` (from one) in the table.
    fn place(&mut self, hash: u64, n: usize) {
        let mask = self.slots.len() - 1;
        let mut i = (hash as usize) & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = (hash >> 32) << 32 | n as u64;
    }

    /// Doubles the table.
    fn grow(&mut self) {
        self.slots = vec![0; self.slots.len() * 2];
        for n in 0..self.entries.len() {
            self.place(self.entries[n].hash, n + 1);
        }
    }
}

/// A token with its own copy of the text it holds: the counts of a thread's table are
/// touched by that thread alone (a count shared with other threads would pass between cores
/// at each copy).
fn unshared(t: &Top) -> Top {
    match t {
        Top::Tag(tag) => Top::Tag(Tag {
            name: Arc::from(&*tag.name),
            value: Arc::from(&*tag.value),
            span: tag.span,
            value_span: tag.value_span,
        }),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{Entry, Own};
    use crate::span::Span;
    use crate::syntax::memo::key_hash;
    use crate::syntax::memo::probe::Verdict;
    use crate::syntax::walker::Top;

    fn entry(tops: Vec<Top>) -> Arc<Entry> {
        Arc::new(Entry {
            verdict: Verdict {
                bounded: true,
                first_inert: true,
                first_to_end: false,
            },
            tops: tops.into_boxed_slice(),
            checks: None,
        })
    }

    /// Keys short and long, ending the game or not, are found with what they read, through
    /// the table's growth; a full table starts again empty.
    #[test]
    fn pieces_are_found_again_until_the_table_is_full() {
        let mut own = Own::new(3000);
        let key = |n: usize| {
            if n.is_multiple_of(2) {
                format!("e{n} ")
            } else {
                format!("{{a comment longer than the inline keys, number {n}}} ")
            }
        };
        let read = |n: usize| match n % 3 {
            0 => vec![],
            1 => vec![Top::Unknown(Span::new(0, n))],
            _ => vec![
                Top::Ellipsis(Span::new(0, 1)),
                Top::Unknown(Span::new(1, n)),
            ],
        };
        for n in 0..3000 {
            let k = key(n);
            own.insert(
                key_hash(&k, n.is_multiple_of(5)),
                &k,
                n.is_multiple_of(5),
                &entry(read(n)),
            );
        }
        for n in 0..3000 {
            let k = key(n);
            let last = n.is_multiple_of(5);
            let e = own.get(key_hash(&k, last), &k, last).expect("kept");
            assert_eq!(format!("{:?}", e.tops()), format!("{:?}", read(n)), "{k}");
            // The same text with the other end is another piece.
            assert!(own.get(key_hash(&k, !last), &k, !last).is_none(), "{k}");
        }
        let k = key(3000);
        own.insert(key_hash(&k, false), &k, false, &entry(read(1)));
        assert!(own.get(key_hash(&key(2), false), &key(2), false).is_none());
        assert!(own.get(key_hash(&k, false), &k, false).is_some());
    }
}
