//! Diagnostics: the [`Diagnostic`] type every stage reports with, and the registry of codes.

mod clip;
pub mod codes;
mod diagnostic;
pub mod levels;

pub use clip::{Clip, ClipBuilder, QUOTED_HEAD, QUOTED_WHOLE, clip};
pub use codes::Code;
pub use diagnostic::{
    Anchor, Diagnostic, Diagram, DiagramSquare, Kind, LONG_LINE, Label, MAX_EXCERPT_LINES,
    MoveContext, Quote, Severity, SourcePiece, WINDOW_CONTEXT,
};
pub use levels::{Level, LintLevels, Target};
