//! Variant rules and legal move generation.

mod movegen;
mod perft;
mod variant;

pub use movegen::{MAX_PATH, Move, MoveList};
pub use perft::{perft, perft_divide};
pub use variant::{
    CaptureChoice, CaptureTraits, Criterion, PromotionRule, Rules, UnknownVariant, Variant,
};
