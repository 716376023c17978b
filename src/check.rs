//! Checking a file end to end: decode, read, replay, one game at a time.
//!
//! [`check_stream`] drives the stages over any byte stream and hands each game, with all its
//! diagnostics in source order, to a callback while the game's text is still at hand, so
//! renderers can quote it; then the text is dropped, and memory stays flat however long the
//! file is.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::ops::{AddAssign, ControlFlow};

use crate::lint::{Diagnostic, Kind, LintLevels, Severity};
use crate::replay::{FileContext, GameReport, Guess, ReplayOptions, replay_game};
use crate::rules::Variant;
use crate::source::{Decoding, Span, TextDecoder};
use crate::syntax::{Chunk, GameReader, ReadOptions};

/// What to check and how.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// Reading options (strictness, nesting limit).
    pub read: ReadOptions,
    /// Replay options (forced variant, rule profile).
    pub replay: ReplayOptions,
    /// Decode with this encoding instead of sniffing.
    pub encoding: Option<&'static encoding_rs::Encoding>,
    /// Only read: do not replay the moves.
    pub syntax_only: bool,
    /// Codes and kinds allowed, warned or denied; applied after `--strict`, before counting.
    pub levels: LintLevels,
}

/// One piece of a file (usually one game) with everything found in it.
#[derive(Debug)]
pub struct CheckedGame {
    /// The text, place and syntax tree (its reader diagnostics are moved into
    /// `diagnostics`).
    pub chunk: Chunk,
    /// The replay's outcome, for chunks that hold a game that was replayed (its diagnostics are
    /// moved into `diagnostics`).
    pub report: Option<GameReport>,
    /// Reader and replay diagnostics together, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Counts over one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileTotals {
    /// Games read.
    pub games: usize,
    /// Diagnostics by severity.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Infos.
    pub infos: usize,
    /// Games replayed, by variant.
    pub variants: BTreeMap<Variant, usize>,
    /// Games whose variant was inferred.
    pub guessed: usize,
    /// Each distinct guess of the file (variant and evidence), with its number of games.
    pub guesses: Vec<FileGuess>,
    /// Games whose moves were not replayed (unknown rules, no start position).
    pub unreplayed: usize,
    /// Half-moves of main lines replayed.
    pub plies: u64,
    /// Bytes of decoded text.
    pub bytes: usize,
    /// How the file was decoded.
    pub decoding: Option<Decoding>,
    /// The file gives White's score first where Black moves first (the replay found it from a
    /// final position, G514), so its `1-0` there is White's win.
    pub white_score_first: bool,
    /// Diagnostics counted but not kept, beyond the cap per game (each game's F007 says how
    /// many of its own).
    pub unshown: usize,
}

impl FileTotals {
    /// Adds a diagnostic to the counts.
    pub fn count(&mut self, d: &Diagnostic) {
        match d.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Info => self.infos += 1,
        }
    }
}

impl FileTotals {
    /// Counts `games` more games read under the guess `guess`.
    fn add_guess(&mut self, guess: &Guess, games: usize) {
        match self.guesses.iter_mut().find(|f| f.guess == *guess) {
            Some(f) => f.games += games,
            None => self.guesses.push(FileGuess {
                guess: guess.clone(),
                games,
            }),
        }
    }
}

impl AddAssign<&FileTotals> for FileTotals {
    /// Merges the counts of another file (or run) into these; the decoding is kept only when
    /// both agree.
    fn add_assign(&mut self, other: &FileTotals) {
        self.games += other.games;
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.infos += other.infos;
        for (v, n) in &other.variants {
            *self.variants.entry(*v).or_default() += n;
        }
        for g in &other.guesses {
            self.add_guess(&g.guess, g.games);
        }
        self.guessed += other.guessed;
        self.unreplayed += other.unreplayed;
        self.plies += other.plies;
        self.bytes += other.bytes;
        self.unshown += other.unshown;
        if self.decoding != other.decoding {
            self.decoding = None;
        }
        self.white_score_first |= other.white_score_first;
    }
}

/// One variant guess of a file and the number of games read with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileGuess {
    /// The variant and its evidence.
    pub guess: Guess,
    /// Games read with this guess.
    pub games: usize,
}

/// The most diagnostics kept (and handed on) for one game; the rest are counted only.
pub const MAX_DIAGNOSTICS_PER_GAME: usize = 1000;

/// Keeps the first [`MAX_DIAGNOSTICS_PER_GAME`] diagnostics (already counted in `totals`) and
/// says in one F007 how many more there were and of which severity.
fn cap_diagnostics(diagnostics: &mut Vec<Diagnostic>, totals: &mut FileTotals) {
    if diagnostics.len() <= MAX_DIAGNOSTICS_PER_GAME {
        return;
    }
    let rest = diagnostics.split_off(MAX_DIAGNOSTICS_PER_GAME);
    let errors = rest
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let warnings = rest
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    let at = diagnostics
        .last()
        .map_or(Span::point(0), |d| Span::point(d.span.end));
    let note = Diagnostic::new(
        &crate::lint::codes::file::F007,
        at,
        format!(
            "{} more diagnostics in this game ({errors} errors, {warnings} warnings) are \
             counted in the totals but not shown: at most {MAX_DIAGNOSTICS_PER_GAME} are kept \
             per game",
            rest.len()
        ),
    );
    totals.count(&note);
    totals.unshown += rest.len();
    diagnostics.push(note);
}

/// In strict mode the replay's findings about PDN 3.0 writing restrictions (notation, capture
/// separators, ambiguous short captures) are errors.
fn strict_kind(k: Kind) -> bool {
    matches!(k, Kind::NonStandard | Kind::Separator | Kind::AmbiguousMove)
}

/// Checks one stream: every chunk is read, replayed and handed to `visit`.
pub fn check_stream<R: Read>(
    input: R,
    options: &CheckOptions,
    mut visit: impl FnMut(CheckedGame),
) -> io::Result<FileTotals> {
    check_stream_with(input, options, |g| {
        visit(g);
        ControlFlow::Continue(())
    })
}

/// Like [`check_stream`], but `visit` may stop the check (its output has gone away, say): the
/// totals then count the games visited so far.
pub fn check_stream_with<R: Read>(
    input: R,
    options: &CheckOptions,
    mut visit: impl FnMut(CheckedGame) -> ControlFlow<()>,
) -> io::Result<FileTotals> {
    let decoder = match options.encoding {
        Some(e) => TextDecoder::with_encoding(input, e),
        None => TextDecoder::new(input),
    };
    let mut reader = GameReader::new(decoder, options.read.clone());
    let mut ctx = FileContext::default();
    let mut totals = FileTotals::default();
    while let Some(mut chunk) = reader.next_chunk()? {
        totals.bytes += chunk.text.len();
        let mut diagnostics = std::mem::take(&mut chunk.diagnostics);
        let mut report = None;
        if let Some(game) = &chunk.game {
            totals.games += 1;
            if !options.syntax_only {
                let mut r = replay_game(game, &options.replay, &mut ctx);
                match r.variant {
                    Some(v) => *totals.variants.entry(v).or_default() += 1,
                    None => totals.unreplayed += 1,
                }
                totals.plies += r.plies as u64;
                if let Some(g) = &r.guess {
                    totals.guessed += 1;
                    totals.add_guess(g, 1);
                }
                for mut d in std::mem::take(&mut r.diagnostics) {
                    if options.read.strict && d.severity == Severity::Warning && strict_kind(d.kind)
                    {
                        d.severity = Severity::Error;
                    }
                    diagnostics.push(d);
                }
                report = Some(r);
            }
        }
        options.levels.apply(&mut diagnostics);
        diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
        for d in &diagnostics {
            totals.count(d);
        }
        cap_diagnostics(&mut diagnostics, &mut totals);
        let flow = visit(CheckedGame {
            chunk,
            report,
            diagnostics,
        });
        if flow.is_break() {
            break;
        }
    }
    totals.decoding = reader.decoding();
    totals.white_score_first = ctx.white_score_first();
    Ok(totals)
}
