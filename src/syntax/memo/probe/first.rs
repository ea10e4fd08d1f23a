//! The bytes an expression can start with, so that the walk skips the alternatives that cannot
//! match where it stands without following them test by test.
//!
//! For each expression: whether it can match the empty text, and a set holding the first byte
//! of every non-empty match (a superset: a construct the walk does not follow may start with
//! any byte and match nothing). An expression that cannot match empty fails wherever the byte
//! it stands on is not in its set, whatever follows; the walk then fails it at once
//! ([`Node::Guard`]). That is pest's outcome too: a failed alternative leaves nothing behind.

use super::Node;

/// A set of bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Bytes([u64; 4]);

impl Bytes {
    const ALL: Bytes = Bytes([u64::MAX; 4]);

    pub(super) fn has(&self, b: u8) -> bool {
        self.0[usize::from(b >> 6)] & (1 << (b & 63)) != 0
    }

    fn add(&mut self, b: u8) {
        self.0[usize::from(b >> 6)] |= 1 << (b & 63);
    }

    fn union(self, other: Bytes) -> Bytes {
        let mut out = self;
        for (o, x) in out.0.iter_mut().zip(other.0) {
            *o |= x;
        }
        out
    }

    fn range(lo: u8, hi: u8) -> Bytes {
        let mut out = Bytes::default();
        for b in lo..=hi {
            out.add(b);
        }
        out
    }

    /// The first bytes of the strings (all bytes for an empty one).
    pub(super) fn firsts(strings: &[Box<[u8]>]) -> Bytes {
        let mut out = Bytes::default();
        for s in strings {
            match s.first() {
                Some(&b) => out.add(b),
                None => return Bytes::ALL,
            }
        }
        out
    }
}

/// What an expression can start with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Start {
    /// It can match the empty text.
    empty: bool,
    /// The first byte of each non-empty match is in this set.
    bytes: Bytes,
}

impl Start {
    const ANYTHING: Start = Start {
        empty: true,
        bytes: Bytes::ALL,
    };

    fn bytes(bytes: Bytes) -> Start {
        Start {
            empty: false,
            bytes,
        }
    }
}

/// The first byte of a character's UTF-8 form.
fn lead(c: char) -> u8 {
    let mut buf = [0; 4];
    c.encode_utf8(&mut buf).as_bytes()[0]
}

/// What `e` can start with, the rules' own given.
fn start(e: &Node, rules: &[Start]) -> Start {
    match e {
        Node::Str(s) => match s.first() {
            Some(&b) => Start::bytes(Bytes::range(b, b)),
            None => Start {
                empty: true,
                bytes: Bytes::default(),
            },
        },
        Node::Insens(s) => match s.first() {
            Some(&b) if b.is_ascii() => {
                let mut set = Bytes::range(b, b);
                set.add(b.to_ascii_lowercase());
                set.add(b.to_ascii_uppercase());
                Start::bytes(set)
            }
            _ => Start::ANYTHING,
        },
        Node::Range(lo, hi) => Start::bytes(Bytes::range(lead(*lo), lead(*hi))),
        Node::Rule(i) => rules[*i],
        Node::Any => Start::bytes(Bytes::ALL),
        Node::Eoi | Node::PosPred(_) | Node::NegPred(_) => Start {
            empty: true,
            bytes: Bytes::default(),
        },
        Node::Class(f) => {
            let mut set = Bytes::default();
            for b in 0..128u8 {
                if f(&char::from(b)) {
                    set.add(b);
                }
            }
            Start::bytes(set)
        }
        Node::Newline => {
            let mut set = Bytes::range(b'\n', b'\n');
            set.add(b'\r');
            Start::bytes(set)
        }
        Node::Unfollowed | Node::SkipUntil(..) => Start::ANYTHING,
        Node::Seq(parts) => {
            let mut out = Start {
                empty: true,
                bytes: Bytes::default(),
            };
            for p in parts.iter() {
                let s = start(p, rules);
                out.bytes = out.bytes.union(s.bytes);
                if !s.empty {
                    out.empty = false;
                    break;
                }
            }
            out
        }
        Node::Choice(alts) => alts.iter().fold(
            Start {
                empty: false,
                bytes: Bytes::default(),
            },
            |acc, a| {
                let s = start(a, rules);
                Start {
                    empty: acc.empty || s.empty,
                    bytes: acc.bytes.union(s.bytes),
                }
            },
        ),
        Node::Opt(a) => Start {
            empty: true,
            bytes: start(a, rules).bytes,
        },
        Node::Repeat(a, min, _) => {
            let s = start(a, rules);
            Start {
                empty: s.empty || *min == 0,
                bytes: s.bytes,
            }
        }
        Node::OneOf(set) => {
            let mut bytes = Bytes::default();
            for b in 0..128u8 {
                if set & (1 << b) != 0 {
                    bytes.add(b);
                }
            }
            Start::bytes(bytes)
        }
        Node::Guard(_, a) => start(a, rules),
    }
}

/// What each rule can start with: from nothing, grown until no rule's changes (a rule's set
/// only grows, so this ends).
fn rule_starts(rules: &[Node]) -> Vec<Start> {
    let mut starts = vec![
        Start {
            empty: false,
            bytes: Bytes::default(),
        };
        rules.len()
    ];
    loop {
        let mut changed = false;
        for (i, r) in rules.iter().enumerate() {
            let s = start(r, &starts);
            if s != starts[i] {
                starts[i] = s;
                changed = true;
            }
        }
        if !changed {
            return starts;
        }
    }
}

/// `e` with a guard on each alternative, optional part and repeated part that cannot match
/// empty and cannot start with every byte.
fn guarded(e: Node, rules: &[Start]) -> Node {
    let guard = |a: Node| {
        let a = guarded(a, rules);
        let s = start(&a, rules);
        if s.empty || s.bytes == Bytes::ALL {
            a
        } else {
            Node::Guard(s.bytes, Box::new(a))
        }
    };
    match e {
        Node::Choice(alts) => Node::Choice(alts.into_vec().into_iter().map(guard).collect()),
        Node::Opt(a) => Node::Opt(Box::new(guard(*a))),
        Node::Repeat(a, min, max) => Node::Repeat(Box::new(guard(*a)), min, max),
        Node::Seq(parts) => Node::Seq(
            parts
                .into_vec()
                .into_iter()
                .map(|p| guarded(p, rules))
                .collect(),
        ),
        Node::PosPred(a) => Node::PosPred(Box::new(guarded(*a, rules))),
        Node::NegPred(a) => Node::NegPred(Box::new(guarded(*a, rules))),
        other => other,
    }
}

/// The rules and the loops' bodies with their guards.
pub(super) fn guard_all(rules: Vec<Node>, loops: [Node; 2]) -> (Vec<Node>, [Node; 2]) {
    let starts = rule_starts(&rules);
    let rules = rules.into_iter().map(|r| guarded(r, &starts)).collect();
    let loops = loops.map(|l| guarded(l, &starts));
    (rules, loops)
}
