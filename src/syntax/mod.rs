//! Reading PDN: the syntax tree, the game parser and the streaming reader.
//!
//! [`GameReader`] wraps a [`crate::source::TextDecoder`] and hands out one [`Chunk`] per game,
//! each with its exact text, its [`Game`] tree and the syntax findings in it. A broken game is
//! still handed out with what could be read, and reading resumes at the next game.
//!
//! Underneath, the reader is a streaming one: [`GameReader::next_chunk_with`] hands each token
//! of a game to a [`Visitor`] as it is read (move tokens borrowed, not built), and the syntax
//! tree is what one visitor, [`TreeBuilder`], makes of them.
//!
//! The reader is lenient: constructs that real files use but PDN 3.0 does not allow are read
//! and reported as `N2xx` warnings (errors with [`ReadOptions::strict`]); text the grammar
//! cannot read is reported as `S1xx` errors.
//!
//! Separator-less numeric moves: four digits are two two-digit squares (`3228` is 32-28);
//! three digits are read only when exactly one split gives two squares from 1 to 72 without a
//! leading zero (`911` is 9-11; `123` is reported as ambiguous).
//!
//! Dialects that a whole file is written in are reported once per file, at their first place:
//! literal `\r`/`\n` text (read as white space), upper-case squares (`C3-B4`), Russian short
//! notation (`cd4`, `b:d4`: the first square is [`SquareValue::File`], resolved by the replay),
//! a dash for "no result" (`-`, `–`, `—`, as terminator or Result tag), results written with a
//! colon (`1:0`, `1/2:1/2`, as terminator or Result tag, read as their PDN results), and notes
//! written in parentheses (a group whose own words are not movetext is kept as a [`Comment`]).

mod ast;
mod parser;
mod reader;
mod scan;
pub(crate) use scan::{BOM, is_ws};
mod visitor;

pub use ast::*;
pub use parser::{Dialects, LONG_TOKEN, TAG_NAMES_KEPT};
pub use reader::{
    Chunk, GAME_WINDOW, GameReader, HEAD_KEPT, ReaderPlace, ReaderState, TextCut, parse_str,
    parse_text,
};
pub use visitor::{RawComment, RawMove, RawResult, RawSetup, Skip, TreeBuilder, Visitor};

/// How to read.
///
/// # Examples
///
/// ```
/// use pdnkit::{ReadOptions, Severity, parse_str};
///
/// // A result written with a colon is read, with a warning; strict reading makes it an error.
/// let pdn = "1. 32-28 1:0";
/// let lenient = parse_str(pdn, &ReadOptions::default());
/// assert!(lenient[0].diagnostics.iter().all(|d| d.severity != Severity::Error));
/// let strict = ReadOptions { strict: true, ..ReadOptions::default() };
/// assert!(parse_str(pdn, &strict)[0].diagnostics.iter().any(|d| d.severity == Severity::Error));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    /// Report the constructs that PDN 3.0 does not allow as errors rather than warnings.
    pub strict: bool,
    /// Variations nested deeper than this are skipped (with an `S109` error).
    pub max_depth: usize,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            strict: false,
            max_depth: 256,
        }
    }
}

// The settings of `lint::levels` know codes, not the syntax's dialects: what a setting does to
// a game's dialects is said here, where the dialects are.
impl crate::lint::LintLevels {
    /// Takes out of `dialects` those whose code is allowed (their findings dropped), so that a
    /// game counts as showing only the dialects that would be reported.
    pub fn retain_dialects(&self, dialects: &mut Dialects) {
        if self.is_empty() || dialects.is_empty() {
            return;
        }
        dialects.retain(|code| {
            let probe =
                crate::lint::Diagnostic::new(code, crate::source::Span::point(0), String::new());
            self.level_of(&probe) != Some(crate::lint::Level::Allow)
        });
    }
}

/// The last tag of `game` (read from `chunk`) after which a line may be written: it ends with
/// its `]`, and it is written `[Name "value"]` on one line or nothing but white space follows it
/// on its line. A tag left open reads on into what follows it, and whether the `"]` of a tag
/// written otherwise ends it rests on what follows on its line, which a line written after it
/// would change. Where a GameType tag is added to a game (after this tag; with none, before the
/// first tag or element).
pub fn last_closed_tag<'g>(chunk: &Chunk, game: &'g Game) -> Option<&'g Tag> {
    game.tags.iter().rev().find(|t| {
        let (start, end) = (
            t.span.start.saturating_sub(chunk.offset),
            t.span.end.saturating_sub(chunk.offset),
        );
        let Some(raw) = chunk.text.get(start..end).filter(|r| r.ends_with(']')) else {
            return false;
        };
        let plain = raw.matches('"').count() == 2 && !raw.contains(['\n', '\r']);
        let rest = chunk.text.get(end..).unwrap_or_default();
        let line = &rest[..rest.find(['\n', '\r']).unwrap_or(rest.len())];
        // What the reader takes for white space there ([`is_ws`], a byte order mark), as its
        // own look-ahead does.
        plain
            || line
                .chars()
                .all(|c| c == BOM || (c.is_ascii() && is_ws(c as u8)))
    })
}
