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

use std::collections::HashMap;

use pest_meta::ast::{Expr, RuleType};

/// The grammar of one parser, ready for [`Probe::check`].
#[derive(Debug)]
pub(crate) struct Probe {
    rules: HashMap<String, (RuleType, Expr)>,
    /// The body of the game rule's loop over the tag pairs at its start.
    first: Expr,
    /// The body of the game rule's loop over the rest of the game.
    rest: Expr,
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
        let rules: HashMap<String, (RuleType, Expr)> = pest_meta::parser::consume_rules(pairs)
            .ok()?
            .into_iter()
            .map(|r| (r.name, (r.ty, r.expr)))
            .collect();
        let (ty, game) = rules.get("game")?;
        if !matches!(ty, RuleType::Atomic | RuleType::CompoundAtomic) {
            return None;
        }
        let mut parts = Vec::new();
        flatten(game, &mut parts);
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
        let (first, rest) = ((**first).clone(), (**rest).clone());
        Some(Probe { rules, first, rest })
    }

    /// Follows the game rule's loops on `text`, a piece of `len` bytes and what follows it:
    /// one white-space character when `last` is false (the limit is the text's end), the rest
    /// of the game when it is true (no limit: the end is the game's end).
    pub(crate) fn check(&self, text: &str, len: usize, last: bool) -> Verdict {
        let mut run = Run {
            probe: self,
            text,
            limit: (!last).then_some(text.len()),
            steps: 0,
            depth: 0,
        };
        let unbounded = Verdict {
            bounded: false,
            first_inert: false,
            first_to_end: false,
        };
        let first_inert = matches!(run.eval(&self.first, 0), Ok(None));
        let mut pos = 0;
        let mut first_to_end = true;
        while pos < len {
            match run.eval(&self.first, pos) {
                Ok(Some(end)) if end > pos => pos = end,
                Ok(_) => {
                    first_to_end = false;
                    break;
                }
                Err(Past) => return unbounded,
            }
        }
        while pos < len {
            match run.eval(&self.rest, pos) {
                Ok(Some(end)) if end > pos => pos = end,
                _ => return unbounded,
            }
        }
        Verdict {
            bounded: pos == len,
            first_inert,
            first_to_end,
        }
    }
}

/// `a ~ b ~ c` as `[a, b, c]`, however pest_meta nested it.
fn flatten<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    if let Expr::Seq(a, b) = e {
        flatten(a, out);
        flatten(b, out);
    } else {
        out.push(e);
    }
}

struct Run<'a> {
    probe: &'a Probe,
    text: &'a str,
    /// Tests at or past this byte look past the piece (`None`: the text is all there is).
    limit: Option<usize>,
    steps: usize,
    depth: usize,
}

impl Run<'_> {
    fn eval(&mut self, e: &Expr, pos: usize) -> Step {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(Past);
        }
        match e {
            Expr::Str(s) => self.literal(s.as_bytes(), pos, false),
            Expr::Insens(s) => self.literal(s.as_bytes(), pos, true),
            Expr::Range(lo, hi) => {
                let (Some(lo), Some(hi)) = (single(lo), single(hi)) else {
                    return Err(Past);
                };
                Ok(self
                    .char_at(pos)?
                    .filter(|c| (lo..=hi).contains(c))
                    .map(|c| pos + c.len_utf8()))
            }
            Expr::Ident(name) => self.ident(name, pos),
            Expr::PosPred(a) => Ok(self.eval(a, pos)?.map(|_| pos)),
            Expr::NegPred(a) => Ok(match self.eval(a, pos)? {
                Some(_) => None,
                None => Some(pos),
            }),
            Expr::Seq(a, b) => match self.eval(a, pos)? {
                Some(mid) => self.eval(b, mid),
                None => Ok(None),
            },
            Expr::Choice(a, b) => match self.eval(a, pos)? {
                Some(end) => Ok(Some(end)),
                None => self.eval(b, pos),
            },
            Expr::Opt(a) => Ok(Some(self.eval(a, pos)?.unwrap_or(pos))),
            Expr::Rep(a) => self.repeat(a, pos, 0, None),
            Expr::RepOnce(a) => self.repeat(a, pos, 1, None),
            Expr::RepExact(a, n) => self.repeat(a, pos, *n, Some(*n)),
            Expr::RepMin(a, n) => self.repeat(a, pos, *n, None),
            Expr::RepMax(a, n) => self.repeat(a, pos, 0, Some(*n)),
            Expr::RepMinMax(a, m, n) => self.repeat(a, pos, *m, Some(*n)),
            // The stack and skips (not made by the parser of grammars) are not followed.
            _ => Err(Past),
        }
    }

    /// `a` at least `min` and at most `max` times, as many as match.
    fn repeat(&mut self, a: &Expr, mut pos: usize, min: u32, max: Option<u32>) -> Step {
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

    /// A literal, as pest's `match_string` and `match_insensitive` compare it.
    fn literal(&self, lit: &[u8], pos: usize, insensitive: bool) -> Step {
        let same = |a: &[u8], b: &[u8]| {
            if insensitive {
                a.eq_ignore_ascii_case(b)
            } else {
                a == b
            }
        };
        let end = pos + lit.len();
        if let Some(limit) = self.limit
            && end > limit
        {
            let have = self.text.as_bytes().get(pos..limit).unwrap_or(&[]);
            return if same(have, &lit[..have.len().min(lit.len())]) {
                Err(Past)
            } else {
                Ok(None)
            };
        }
        // pest's insensitive match takes the input's slice, which must end on a character.
        Ok(match self.text.get(pos..end) {
            Some(s) if same(s.as_bytes(), lit) => Some(end),
            _ => None,
        })
    }

    /// The character at `pos` (`None` at the end of a text with no limit).
    fn char_at(&self, pos: usize) -> Result<Option<char>, Past> {
        if self.limit.is_some_and(|l| pos >= l) {
            return Err(Past);
        }
        Ok(self.text.get(pos..).and_then(|s| s.chars().next()))
    }

    fn ident(&mut self, name: &str, pos: usize) -> Step {
        let class = |f: fn(&char) -> bool| -> Step {
            Ok(self.char_at(pos)?.filter(f).map(|c| pos + c.len_utf8()))
        };
        match name {
            "ANY" => return class(|_| true),
            "EOI" => {
                if self.limit.is_some_and(|l| pos >= l) {
                    return Err(Past);
                }
                return Ok((pos >= self.text.len()).then_some(pos));
            }
            "ASCII_DIGIT" => return class(char::is_ascii_digit),
            "ASCII_NONZERO_DIGIT" => return class(|c| ('1'..='9').contains(c)),
            "ASCII_HEX_DIGIT" => return class(char::is_ascii_hexdigit),
            "ASCII_ALPHA_LOWER" => return class(char::is_ascii_lowercase),
            "ASCII_ALPHA_UPPER" => return class(char::is_ascii_uppercase),
            "ASCII_ALPHA" => return class(char::is_ascii_alphabetic),
            "ASCII_ALPHANUMERIC" => return class(char::is_ascii_alphanumeric),
            "ASCII" => return class(char::is_ascii),
            "NEWLINE" => {
                for nl in [&b"\n"[..], b"\r\n", b"\r"] {
                    if let Some(end) = self.literal(nl, pos, false)? {
                        return Ok(Some(end));
                    }
                }
                return Ok(None);
            }
            _ => {}
        }
        let probe = self.probe;
        let Some((ty, expr)) = probe.rules.get(name) else {
            // SOI inside a rule, the stack, other built-in rules: not followed.
            return Err(Past);
        };
        // Inside the atomic game rule every rule is atomic, but `!{…}` brings implicit white
        // space back: not followed.
        if *ty == RuleType::NonAtomic || self.depth >= MAX_DEPTH {
            return Err(Past);
        }
        self.depth += 1;
        let r = self.eval(expr, pos);
        self.depth -= 1;
        r
    }
}

/// The one character of a range bound.
fn single(s: &str) -> Option<char> {
    let mut c = s.chars();
    let first = c.next()?;
    c.next().is_none().then_some(first)
}
