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
//! - [`source`] decodes bytes (BOM, UTF-8, Windows-1251 or KOI8-R for Cyrillic words, else
//!   Windows-1252, or a forced encoding) and maps spans
//!   to line:column.
//! - [`board`] and [`rules`] know boards, positions and each variant's legal moves; they know
//!   nothing of PDN text.
//! - [`lint`] holds the [`Diagnostic`] type and the registry of codes.
//!
//! The library never prints and never exits; the `pdn` binary is a thin layer over it.
//!
//! ## Example
//!
//! ```
//! use pdnkit::check::{check_stream, CheckOptions};
//!
//! // English draughts: after 11-15 22-18, Black must take 15x22 but plays 12-16.
//! let pdn = "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 *\n";
//! let mut found = Vec::new();
//! check_stream(pdn.as_bytes(), &CheckOptions::default(), |game| {
//!     found.extend(game.diagnostics.iter().map(|d| (d.code, d.message.clone())));
//! })?;
//! assert_eq!(found[0].0, "R305");
//! assert_eq!(found[0].1, "12-16 takes nothing, but black had to capture (15x22)");
//! # Ok::<(), std::io::Error>(())
//! ```

#![warn(missing_docs)]

pub mod ballots;
pub mod board;
pub mod check;
pub mod dedup;
pub mod filter;
pub mod lint;
pub mod notation;
pub mod parallel;
pub mod random;
pub mod replay;
pub mod rules;
pub mod source;
pub mod stats;
pub mod syntax;
pub mod tally;
pub mod write;

mod scratch;

pub use lint::{Diagnostic, Kind, Severity};
pub use rules::Variant;
pub use syntax::{Chunk, Game, GameReader, ReadOptions};
