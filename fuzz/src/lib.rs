//! The properties the fuzz targets assert: the same file as the regression tests use
//! (`tests/common/props.rs`), so a finding replays as a `#[test]` on the very same checks.

#[path = "../../tests/common/props.rs"]
mod props;

pub use props::*;
