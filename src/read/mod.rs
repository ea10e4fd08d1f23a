//! Reading: bytes to text ([`decode`]), text to games ([`split`]), manuscripts to games and
//! prose ([`source`]).

pub mod decode;
pub mod source;
pub mod split;
