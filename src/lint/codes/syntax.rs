//! `S1xx` syntax errors and `N2xx` non-standard constructs, reported by the reader.

use super::Code;

/// Every code of this group.
pub static ALL: &[&Code] = &[];
