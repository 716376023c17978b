//! Notation: square names per GameType, the GameType tag, and FEN.
//!
//! This stage turns what a file writes into squares of a concrete board; it knows nothing of
//! the rules.

pub mod fen;
pub mod gametype;
pub mod resolve;
pub mod squares;

pub use fen::{Fen, FenError, FenErrorKind, RawFen, position, write_fen};
pub use gametype::{GameType, GameTypeError, Resolved};
pub use squares::{Corner, Layout, NotationKind};
