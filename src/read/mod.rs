//! Reading: bytes to text ([`decode`]), text to games ([`split_games`]), manuscripts to games
//! and prose (by [`Format`]).

pub(crate) mod common;
pub(crate) mod decode;
pub(crate) mod source;
pub(crate) mod space;
pub(crate) mod split;
pub mod stream;

pub use decode::{Decoded, Encoding, decode};
pub use source::Format;
pub use split::split_games;
pub use stream::{GameReader, GameText, Piece};
