//! Fuzz target `check`: see `fuzz_props::run_check` (`tests/common/props.rs`) for the input's
//! layout and the properties asserted.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_props::run_check(data));
