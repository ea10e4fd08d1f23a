//! Reading: bytes to text ([`decode`]), text to games ([`split`]).

pub mod decode;
pub mod split;
