//! # pdnkit
//!
//! Read, check, replay and convert PDN (Portable Draughts Notation) game records.
//!
//! ## How a file flows
//!
//! ```text
//! bytes ─decode─▶ text ─parse─▶ syntax tree ─resolve─▶ moves ─replay─▶ events ─lint─▶ diagnostics ─render─▶ output
//! ```
//!
//! - [`source`] decodes bytes (BOM, UTF-8, Windows-1252, or a forced encoding) and maps spans
//!   to line:column.
//! - [`board`] and [`rules`] know boards, positions and each variant's legal moves; they know
//!   nothing of PDN text.
//! - [`lint`] holds the [`Diagnostic`] type and the registry of codes.
//!
//! The library never prints and never exits; the `pdn` binary is a thin layer over it.

#![warn(missing_docs)]

pub mod board;
pub mod check;
pub mod lint;
pub mod notation;
pub mod replay;
pub mod rules;
pub mod source;
pub mod syntax;
pub mod write;

pub use lint::{Diagnostic, Kind, Severity};
pub use rules::Variant;
pub use syntax::{Chunk, Game, GameReader, ReadOptions};
