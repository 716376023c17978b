//! Variant rules and legal move generation.

mod end;
mod kingrun;
mod movegen;
mod perft;
mod position;
mod variant;

pub use end::Ended;
pub use kingrun::{KingRunBroken, KingRuns};
pub(crate) use movegen::CompactMove;
pub use movegen::{CAPTURE_SEARCH_LIMIT, MAX_PATH, Move, MoveList};
pub use perft::{perft, perft_divide};
pub use position::{Position, PositionError};
pub use variant::{
    CaptureChoice, CaptureRemoval, CaptureTraits, Criterion, EndRule, PromotionRule, Rules,
    StandardNotation, UnknownVariant, Variant, VariantInfo,
};
