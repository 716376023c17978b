//! `R3xx` move findings, `H4xx` huffs and `G5xx` game-level findings, reported by the replay.

use super::Code;

/// Every code of this group.
pub static ALL: &[&Code] = &[];
