//! Boards, squares and positions. Nothing here knows about PDN text.

pub(crate) mod bitboard;
mod geometry;
mod position;

pub use geometry::{Board, Square};
pub use position::{CaptureRemoval, Position, PositionError};

pub use crate::piece::{Color, Piece, Role};
