//! Boards, squares and pieces. Nothing here knows about rules or PDN text.

pub(crate) mod bitboard;
mod geometry;

pub use geometry::{Board, Square};

pub use crate::piece::{Color, Piece, Role};

// A position is a variant's and when captured pieces leave the board is a rule, so both are the
// rules' (`rules::Position`, `rules::CaptureRemoval`); named here too for the code that still
// reaches them by this path. Nothing in this module uses them.
pub use crate::rules::{CaptureRemoval, Position, PositionError};
