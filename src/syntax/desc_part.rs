//! The parts of a descriptive move as the grammar read them: a sequence of symbols, each a
//! piece or file letter (by the role it names), a rank digit, or the bracket of `R(QR1)`.
//!
//! The letters are read once, by the grammar (`desc_king`, `desc_knight`… in
//! `grammars/descriptive.pest` and `grammars/descriptive_es.pest`): in both systems a file or
//! wing letter is a piece letter (the K file is the king's file, Spanish `R` the rey's), so a
//! letter is its [`Role`]. The board reads the symbols, never the text.

use std::num::NonZeroU8;
use std::ops::Deref;

use shakmaty::Role;

/// One symbol of a descriptive part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DescSym {
    /// A piece, file or wing letter, by the role it names (`K`, `Kt`, Spanish `C`…).
    Letter(Role),
    /// A digit, the rank counted from the mover's side as written (0 and 9 name no rank).
    Rank(u8),
    /// The bracket of a mover named with its square, rank or file: the `(` of `R(QR1)`.
    Within,
}

impl DescSym {
    /// One byte: the role's number (1–6), 10 + a digit, or 20 for the bracket.
    const fn code(self) -> u8 {
        match self {
            DescSym::Letter(role) => role as u8,
            DescSym::Rank(n) => 10 + n % 10,
            DescSym::Within => 20,
        }
    }

    const fn from_code(code: u8) -> DescSym {
        match code {
            1 => DescSym::Letter(Role::Pawn),
            2 => DescSym::Letter(Role::Knight),
            3 => DescSym::Letter(Role::Bishop),
            4 => DescSym::Letter(Role::Rook),
            5 => DescSym::Letter(Role::Queen),
            6 => DescSym::Letter(Role::King),
            10..=19 => DescSym::Rank(code - 10),
            _ => DescSym::Within,
        }
    }
}

/// A part of a descriptive move (who moves, to where, what is taken, where) as symbols, in
/// eight bytes.
///
/// The longest part any reading uses has 7 symbols (`QBP(QB2)`); a longer part is kept as
/// [`DescPart::too_long`] with no symbols, and reads as nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DescPart {
    codes: [u8; DescPart::CAPACITY],
    /// One more than the number of symbols; [`DescPart::TOO_LONG`] when too long.
    len: NonZeroU8,
}

impl Default for DescPart {
    fn default() -> Self {
        DescPart::EMPTY
    }
}

impl DescPart {
    /// The most symbols a part holds.
    pub const CAPACITY: usize = 7;

    const TOO_LONG: NonZeroU8 = NonZeroU8::MAX;

    /// A part without symbols.
    pub const EMPTY: DescPart = DescPart {
        codes: [0; DescPart::CAPACITY],
        len: NonZeroU8::MIN,
    };

    /// The part of these symbols (a longer sequence than [`DescPart::CAPACITY`] is
    /// [`DescPart::too_long`]).
    pub fn new(syms: &[DescSym]) -> DescPart {
        let mut part = DescPart::EMPTY;
        for s in syms {
            part.push(*s);
        }
        part
    }

    /// Appends a symbol; past [`DescPart::CAPACITY`] the part becomes too long.
    pub fn push(&mut self, sym: DescSym) {
        if self.len == DescPart::TOO_LONG {
            return;
        }
        let n = usize::from(self.len.get() - 1);
        if n == DescPart::CAPACITY {
            self.len = DescPart::TOO_LONG;
        } else {
            self.codes[n] = sym.code();
            self.len = self.len.saturating_add(1);
        }
    }

    /// The symbols, in the order written (none when too long).
    pub fn syms(&self) -> Syms {
        let mut out = Syms {
            syms: [DescSym::Within; DescPart::CAPACITY],
            len: 0,
        };
        if self.len != DescPart::TOO_LONG {
            for &code in &self.codes[..usize::from(self.len.get() - 1)] {
                out.syms[out.len] = DescSym::from_code(code);
                out.len += 1;
            }
        }
        out
    }

    /// Whether the part had more symbols than any reading uses.
    pub fn too_long(&self) -> bool {
        self.len == DescPart::TOO_LONG
    }
}

/// The symbols of a [`DescPart`], as a slice (`&*part.syms()`).
#[derive(Clone, Copy, Debug)]
pub struct Syms {
    syms: [DescSym; DescPart::CAPACITY],
    len: usize,
}

impl Deref for Syms {
    type Target = [DescSym];

    fn deref(&self) -> &[DescSym] {
        &self.syms[..self.len]
    }
}
