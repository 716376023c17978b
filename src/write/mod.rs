//! Output: rendering diagnostics and writing PDN.

pub mod render;
