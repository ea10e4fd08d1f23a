//! Whether a piece of a game reads the same alone as in its game: a walk over the grammar
//! (pest_meta's tree of the composed grammar) that follows pest's matching on the piece's
//! text and stops as soon as any test would look past the piece and the one white-space
//! character after it. It builds nothing: what the piece says is read by the parser itself.
//!
//! pest's matching is deterministic and depends on the text only through the tests it makes
//! (a literal, a range, `ANY`, `EOI`). A parse that never tests a byte past a limit gives the
//! same result whatever text follows the limit. The walk makes the same tests in the same
//! order as pest; any construct it does not follow exactly (the stack, implicit white space,
//! `SOI` inside a rule, an unknown built-in rule) counts as looking past.

mod first;
mod test;

use std::collections::HashMap;

use first::Bytes;
use pest_meta::ast::{Expr, RuleType};
pub(crate) use test::Checks;
use test::Test;

/// The grammar of one parser, ready for [`Probe::check`]: pest_meta's tree of each rule,
/// with rule names resolved to their places.
#[derive(Debug)]
pub(crate) struct Probe {
    rules: Vec<Node>,
    /// The body of the game rule's loop over the tag pairs at its start.
    first: Node,
    /// The body of the game rule's loop over the rest of the game.
    rest: Node,
}

/// One expression of the grammar, as [`Run::eval`] follows it.
#[derive(Clone, Debug)]
enum Node {
    Str(Box<[u8]>),
    Insens(Box<[u8]>),
    Range(char, char),
    /// A rule of the grammar, by its place.
    Rule(usize),
    Any,
    Eoi,
    Class(fn(&char) -> bool),
    Newline,
    /// A construct not followed (the stack, `SOI` inside a rule, implicit white space of a
    /// `!{…}` rule, an unknown built-in rule): counts as looking past.
    Unfollowed,
    PosPred(Box<Node>),
    NegPred(Box<Node>),
    Seq(Box<[Node]>),
    Choice(Box<[Node]>),
    Opt(Box<Node>),
    /// At least `min`, at most `max` times.
    Repeat(Box<Node>, u32, Option<u32>),
    /// `(!("a" | "b" | …) ~ ANY)*`: characters up to the first of the strings (whose first
    /// bytes are the set).
    SkipUntil(Box<[Box<[u8]>]>, Bytes),
    /// `"a" | "b" | …` of one ASCII byte each, as a set.
    OneOf(u128),
    /// The node, which fails at once where the byte it stands on is not in the set (see
    /// [`first`]).
    Guard(Bytes, Box<Node>),
}

/// Turns pest_meta's expressions into [`Node`]s.
struct Compiler<'a> {
    places: HashMap<&'a str, usize>,
    /// Rules of type `!{…}` (their implicit white space is not followed).
    non_atomic: Vec<bool>,
    /// Rules that are a choice of strings (`space`), by name: pest reads them inside
    /// `(!(…) ~ ANY)*` as the strings themselves.
    strings: HashMap<&'a str, &'a Expr>,
}

impl Compiler<'_> {
    fn node(&self, e: &Expr) -> Node {
        let boxed = |e: &Expr| Box::new(self.node(e));
        match e {
            Expr::Str(s) => Node::Str(s.as_bytes().into()),
            Expr::Insens(s) => Node::Insens(s.as_bytes().into()),
            Expr::Range(lo, hi) => match (single(lo), single(hi)) {
                (Some(lo), Some(hi)) => Node::Range(lo, hi),
                _ => Node::Unfollowed,
            },
            Expr::Ident(name) => self.ident(name),
            Expr::PosPred(a) => Node::PosPred(boxed(a)),
            Expr::NegPred(a) => Node::NegPred(boxed(a)),
            Expr::Seq(..) => {
                let mut parts = Vec::new();
                flatten(e, &mut parts, true);
                Node::Seq(parts.into_iter().map(|p| self.node(p)).collect())
            }
            Expr::Choice(..) => {
                let mut parts = Vec::new();
                flatten(e, &mut parts, false);
                one_of(&parts).unwrap_or_else(|| {
                    Node::Choice(parts.into_iter().map(|p| self.node(p)).collect())
                })
            }
            Expr::Opt(a) => Node::Opt(boxed(a)),
            Expr::Rep(a) => self
                .skip_until(a)
                .unwrap_or_else(|| Node::Repeat(boxed(a), 0, None)),
            Expr::RepOnce(a) => Node::Repeat(boxed(a), 1, None),
            Expr::RepExact(a, n) => Node::Repeat(boxed(a), *n, Some(*n)),
            Expr::RepMin(a, n) => Node::Repeat(boxed(a), *n, None),
            Expr::RepMax(a, n) => Node::Repeat(boxed(a), 0, Some(*n)),
            Expr::RepMinMax(a, m, n) => Node::Repeat(boxed(a), *m, Some(*n)),
            // The stack and skips (not made by the parser of grammars) are not followed.
            _ => Node::Unfollowed,
        }
    }

    fn ident(&self, name: &str) -> Node {
        match name {
            "ANY" => Node::Any,
            "EOI" => Node::Eoi,
            "NEWLINE" => Node::Newline,
            "ASCII_DIGIT" => Node::Class(char::is_ascii_digit),
            "ASCII_NONZERO_DIGIT" => Node::Class(|c| ('1'..='9').contains(c)),
            "ASCII_HEX_DIGIT" => Node::Class(char::is_ascii_hexdigit),
            "ASCII_ALPHA_LOWER" => Node::Class(char::is_ascii_lowercase),
            "ASCII_ALPHA_UPPER" => Node::Class(char::is_ascii_uppercase),
            "ASCII_ALPHA" => Node::Class(char::is_ascii_alphabetic),
            "ASCII_ALPHANUMERIC" => Node::Class(char::is_ascii_alphanumeric),
            "ASCII" => Node::Class(char::is_ascii),
            _ => match self.places.get(name) {
                // Inside the atomic game rule every rule is atomic, but `!{…}` brings
                // implicit white space back.
                Some(&i) if !self.non_atomic[i] => Node::Rule(i),
                _ => Node::Unfollowed,
            },
        }
    }
}

/// What [`Probe::check`] found out about a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Verdict {
    /// Every test of the game rule's loops on the piece stayed within the piece and the
    /// character after it, and the loops end exactly at the piece's end.
    pub bounded: bool,
    /// The loop over the tag pairs at a game's start fails at the piece's first byte
    /// without looking past the limit.
    pub first_inert: bool,
    /// The loop over the tag pairs at a game's start covers the whole piece.
    pub first_to_end: bool,
}

/// Looking past the limit, or a construct the walk does not follow.
struct Past;

/// The result of matching: the end on success, `None` on failure.
type Step = Result<Option<usize>, Past>;

/// The most nested rule calls and the most tests of one check.
const MAX_DEPTH: usize = 256;
const MAX_STEPS: usize = 200_000;

impl Probe {
    /// The probe of a composed grammar, or `None` when its game rule is not the shape the
    /// pieces rely on (`SOI ~ (…)* ~ (…)* ~ EOI`, atomic) or it does not parse.
    pub(crate) fn new(grammar: &str) -> Option<Probe> {
        let pairs =
            pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, grammar).ok()?;
        let rules = pest_meta::parser::consume_rules(pairs).ok()?;
        let compiler = Compiler {
            places: rules
                .iter()
                .enumerate()
                .map(|(i, r)| (r.name.as_str(), i))
                .collect(),
            non_atomic: rules.iter().map(|r| r.ty == RuleType::NonAtomic).collect(),
            strings: rules
                .iter()
                .filter(|r| {
                    let mut alts = Vec::new();
                    flatten(&r.expr, &mut alts, false);
                    alts.iter().all(|a| matches!(a, Expr::Str(_)))
                })
                .map(|r| (r.name.as_str(), &r.expr))
                .collect(),
        };
        let game = rules.iter().find(|r| r.name == "game")?;
        if !matches!(game.ty, RuleType::Atomic | RuleType::CompoundAtomic) {
            return None;
        }
        let mut parts = Vec::new();
        flatten(&game.expr, &mut parts, true);
        let [
            Expr::Ident(soi),
            Expr::Rep(first),
            Expr::Rep(rest),
            Expr::Ident(eoi),
        ] = &parts[..]
        else {
            return None;
        };
        if soi != "SOI" || eoi != "EOI" {
            return None;
        }
        let (rules, [first, rest]) = first::guard_all(
            rules.iter().map(|r| compiler.node(&r.expr)).collect(),
            [compiler.node(first), compiler.node(rest)],
        );
        Some(Probe { rules, first, rest })
    }

    /// Follows the game rule's loops on `text`, a piece of `len` bytes and what follows it in
    /// its game: when `last` is false, the text's end is the limit no test may reach (the
    /// game goes on there); when it is true, the text runs to the game's end.
    pub(crate) fn check(&self, text: &str, len: usize, last: bool) -> Verdict {
        self.check_twin(text, None, len, last)
    }

    /// [`Probe::check`], every test also made on `twin` (a text of the same length, each
    /// character as long as the text's): the verdict is bounded only when every test has the
    /// same outcome on both, a predicate (`&a`, `!a`) counting as one test. Then pest reads
    /// both texts the same way, rule for rule and span for span: its matching depends on a
    /// text only through those tests, and on a predicate only through whether it matches (it
    /// keeps no token and goes back where it started).
    pub(crate) fn check_twin(
        &self,
        text: &str,
        twin: Option<&str>,
        len: usize,
        last: bool,
    ) -> Verdict {
        // A twin of another length has no test in common with the text.
        if twin.is_some_and(|t| t.len() != text.len()) {
            return UNBOUNDED;
        }
        let mut run = Run::new(self, text, (!last).then_some(text.len()));
        run.twin = twin.map(|t| (t, differing(text, t)));
        run.verdict(len)
    }

    /// [`Probe::check`], keeping the tests that read bytes of `span` (see [`Checks`]); no
    /// checks when there were too many to keep.
    pub(crate) fn check_keeping(
        &self,
        text: &str,
        len: usize,
        last: bool,
        span: (usize, usize),
    ) -> (Verdict, Option<Checks>) {
        let mut run = Run::new(self, text, (!last).then_some(text.len()));
        run.checks = Some(Checks::new(span));
        let verdict = run.verdict(len);
        (verdict, run.checks.and_then(Checks::finish))
    }
}

/// The verdict of a run that looked past its limit.
const UNBOUNDED: Verdict = Verdict {
    bounded: false,
    first_inert: false,
    first_to_end: false,
};

impl<'a> Run<'a> {
    /// A run on `text` alone, keeping no test, that may not test at or past `limit`.
    fn new(probe: &'a Probe, text: &'a str, limit: Option<usize>) -> Run<'a> {
        Run {
            probe,
            text,
            twin: None,
            checks: None,
            limit,
            steps: 0,
            depth: 0,
        }
    }

    /// Follows the game rule's loops on a piece of `len` bytes (see [`Probe::check`]).
    fn verdict(&mut self, len: usize) -> Verdict {
        let probe = self.probe;
        let first_inert = matches!(self.eval(&probe.first, 0), Ok(None));
        let mut pos = 0;
        let mut first_to_end = true;
        while pos < len {
            match self.eval(&probe.first, pos) {
                Ok(Some(end)) if end > pos => pos = end,
                Ok(_) => {
                    first_to_end = false;
                    break;
                }
                Err(Past) => return UNBOUNDED,
            }
        }
        while pos < len {
            match self.eval(&probe.rest, pos) {
                Ok(Some(end)) if end > pos => pos = end,
                _ => return UNBOUNDED,
            }
        }
        Verdict {
            bounded: pos == len,
            first_inert,
            first_to_end,
        }
    }
}

/// `a ~ b ~ c` as `[a, b, c]` (or `a | b | c` when `!seq`), however pest_meta nested it.
fn flatten<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>, seq: bool) {
    match e {
        Expr::Seq(a, b) if seq => {
            flatten(a, out, seq);
            flatten(b, out, seq);
        }
        Expr::Choice(a, b) if !seq => {
            flatten(a, out, seq);
            flatten(b, out, seq);
        }
        _ => out.push(e),
    }
}

struct Run<'a> {
    probe: &'a Probe,
    text: &'a str,
    /// A text every test is also made on (see [`Probe::check_twin`]), and the bytes where
    /// it differs from the text.
    twin: Option<(&'a str, (usize, usize))>,
    /// The tests kept (see [`Probe::check_keeping`]).
    checks: Option<Checks>,
    /// Tests at or past this byte look past the piece (`None`: the text is all there is).
    limit: Option<usize>,
    steps: usize,
    depth: usize,
}

impl Run<'_> {
    fn eval(&mut self, e: &Node, pos: usize) -> Step {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(Past);
        }
        match e {
            Node::Str(s) => self.test(pos, Test::Literal(s, false)),
            Node::Insens(s) => self.test(pos, Test::Literal(s, true)),
            Node::Range(lo, hi) => self.test(pos, Test::Range(*lo, *hi)),
            Node::Rule(i) => {
                if self.depth >= MAX_DEPTH {
                    return Err(Past);
                }
                self.depth += 1;
                let probe = self.probe;
                let r = self.eval(&probe.rules[*i], pos);
                self.depth -= 1;
                r
            }
            Node::Any => self.test(pos, Test::Any),
            Node::Eoi => {
                if self.limit.is_some_and(|l| pos >= l) {
                    return Err(Past);
                }
                Ok((pos >= self.text.len()).then_some(pos))
            }
            Node::Class(f) => self.test(pos, Test::Class(*f)),
            Node::Newline => {
                for nl in [&b"\n"[..], b"\r\n", b"\r"] {
                    if let Some(end) = self.test(pos, Test::Literal(nl, false))? {
                        return Ok(Some(end));
                    }
                }
                Ok(None)
            }
            Node::Unfollowed => Err(Past),
            Node::PosPred(a) => Ok(self.predicate(a, pos)?.then_some(pos)),
            Node::NegPred(a) => Ok((!self.predicate(a, pos)?).then_some(pos)),
            Node::Seq(parts) => {
                let mut at = pos;
                for p in parts.iter() {
                    match self.eval(p, at)? {
                        Some(end) => at = end,
                        None => return Ok(None),
                    }
                }
                Ok(Some(at))
            }
            Node::Choice(alts) => {
                for a in alts.iter() {
                    if let Some(end) = self.eval(a, pos)? {
                        return Ok(Some(end));
                    }
                }
                Ok(None)
            }
            Node::Opt(a) => Ok(Some(self.eval(a, pos)?.unwrap_or(pos))),
            Node::Repeat(a, min, max) => self.repeat(a, pos, *min, *max),
            Node::Guard(set, a) => {
                if self.limit.is_some_and(|l| pos >= l) {
                    return self.eval(a, pos);
                }
                // Not a byte it can start with, or the end of a text with no limit: it fails.
                if self.test(pos, Test::ByteIn(set))?.is_some() {
                    self.eval(a, pos)
                } else {
                    Ok(None)
                }
            }
            Node::OneOf(set) => {
                if self.limit.is_some_and(|l| pos >= l) {
                    return Err(Past);
                }
                self.test(pos, Test::OneOf(*set))
            }
            Node::SkipUntil(strings, firsts) => {
                let mut at = pos;
                'chars: loop {
                    // A byte that starts none of the strings is passed without testing them
                    // (at the limit, the tests say that they look past it).
                    let plain = self.limit.is_none_or(|l| at < l)
                        && self.test(at, Test::NotIn(firsts))?.is_some();
                    for s in strings.iter().filter(|_| !plain) {
                        if self.test(at, Test::Literal(s, false))?.is_some() {
                            break 'chars;
                        }
                    }
                    match self.test(at, Test::CharLen)? {
                        Some(end) => at = end,
                        None => break,
                    }
                }
                Ok(Some(at))
            }
        }
    }

    /// Whether `a` matches at `pos`, as a predicate (`&a`, `!a`): pest keeps no token of it
    /// and goes on from `pos` either way. With a twin, its outcome must be the same on both
    /// texts, not each of its tests: a line break after a move passes `&token_end` as a space
    /// does, though it fails the space's test first.
    fn predicate(&mut self, a: &Node, pos: usize) -> Result<bool, Past> {
        let Some((twin, _)) = self.twin else {
            return Ok(self.eval(a, pos)?.is_some());
        };
        let outcome = |text: &str, steps: usize| -> Result<(bool, usize), Past> {
            let mut alone = Run::new(self.probe, text, self.limit);
            (alone.steps, alone.depth) = (steps, self.depth);
            let matched = alone.eval(a, pos)?.is_some();
            Ok((matched, alone.steps))
        };
        let (here, steps) = outcome(self.text, self.steps)?;
        let (there, steps) = outcome(twin, steps)?;
        self.steps = steps;
        if here == there { Ok(here) } else { Err(Past) }
    }

    /// The outcome of a test at `pos` on the text; with a twin, the same test's on the twin
    /// must be the same, else the walk stops as if it looked past its limit. (A test of bytes
    /// where the twin is the text's own is not made twice.)
    #[inline(always)]
    fn test(&mut self, pos: usize, test: Test<'_>) -> Step {
        let out = test.outcome(self.text, self.limit, pos)?;
        if let Some((twin, (from, to))) = self.twin
            && pos < to
            && from < pos + test.len()
            && test.outcome(twin, self.limit, pos)? != out
        {
            return Err(Past);
        }
        if let Some(checks) = &mut self.checks {
            checks.saw(&test, pos);
        }
        Ok(out)
    }

    /// `a` at least `min` and at most `max` times, as many as match.
    fn repeat(&mut self, a: &Node, mut pos: usize, min: u32, max: Option<u32>) -> Step {
        let mut n = 0;
        while max.is_none_or(|m| n < m) {
            match self.eval(a, pos)? {
                Some(end) if end > pos || n < min => pos = end,
                // An iteration that makes no progress ends the loop (pest refuses such
                // grammars; kept finite here anyway).
                Some(_) => break,
                None => break,
            }
            n += 1;
        }
        Ok((n >= min).then_some(pos))
    }
}

/// The bytes from the first to the last where two texts of the same length differ.
fn differing(a: &str, b: &str) -> (usize, usize) {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let from = a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(a.len());
    let to = a
        .iter()
        .zip(b)
        .rposition(|(x, y)| x != y)
        .map_or(from, |i| i + 1);
    (from, to)
}

/// Alternatives that are each one ASCII byte, as a set.
fn one_of(alts: &[&Expr]) -> Option<Node> {
    let mut set = 0u128;
    for a in alts {
        match a {
            Expr::Str(s) if s.len() == 1 && s.is_ascii() => set |= 1 << s.as_bytes()[0],
            _ => return None,
        }
    }
    Some(Node::OneOf(set))
}

impl Compiler<'_> {
    /// The strings of `!("a" | "b" | …) ~ ANY` (repeated, it is a [`Node::SkipUntil`]), a
    /// rule of strings among them read as its strings (as pest reads it).
    fn skip_until(&self, e: &Expr) -> Option<Node> {
        let Expr::Seq(not, any) = e else {
            return None;
        };
        let (Expr::NegPred(choice), Expr::Ident(any)) = (&**not, &**any) else {
            return None;
        };
        if any != "ANY" {
            return None;
        }
        let mut alts = Vec::new();
        flatten(choice, &mut alts, false);
        let mut strings: Vec<Box<[u8]>> = Vec::new();
        for a in alts {
            match a {
                Expr::Str(s) => strings.push(s.as_bytes().into()),
                Expr::Ident(name) => {
                    let mut inner = Vec::new();
                    flatten(self.strings.get(name.as_str())?, &mut inner, false);
                    for i in inner {
                        let Expr::Str(s) = i else { return None };
                        strings.push(s.as_bytes().into());
                    }
                }
                _ => return None,
            }
        }
        let firsts = Bytes::firsts(&strings);
        Some(Node::SkipUntil(strings.into(), firsts))
    }
}

/// The one character of a range bound.
fn single(s: &str) -> Option<char> {
    let mut c = s.chars();
    let first = c.next()?;
    c.next().is_none().then_some(first)
}
