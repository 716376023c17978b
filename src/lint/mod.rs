//! Diagnostics: the [`Diagnostic`] type every stage reports with, and the registry of codes.

pub mod codes;
mod diagnostic;
pub mod levels;

pub use codes::Code;
pub use diagnostic::{Diagnostic, Diagram, DiagramSquare, Kind, Label, MoveContext, Severity};
pub use levels::{Level, LintLevels, Target};
