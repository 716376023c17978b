//! Variant rules and legal move generation.

mod variant;

pub use variant::{CaptureChoice, PromotionRule, Rules, UnknownVariant, Variant};
