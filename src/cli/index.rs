//! `pdn index`: an on-disk index of every position reached, and `pdn find --index`.

use std::path::Path;

use pdnkit::search::Query;

use super::EXIT_FAILURE;

/// Answers `pdn find --index`.
pub fn run_find(_args: &super::find::Args, index: &Path, _query: &Query) -> i32 {
    eprintln!("pdn find: --index {}: not read yet", index.display());
    EXIT_FAILURE
}
