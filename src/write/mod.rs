//! Output: rendering diagnostics, board diagrams, and writing PDN.

pub mod annotate;
pub mod convert;
pub mod diagram;
pub mod export;
pub mod fix;
pub mod glyphs;
pub mod pdn;
#[cfg(feature = "raster")]
pub mod raster;
pub mod render;
pub mod report;
pub mod svg;
pub mod unchanged;
