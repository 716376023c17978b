//! Checking a file end to end: decode, read, replay, one game at a time.
//!
//! [`check_stream`] drives the stages over any byte stream and hands each game, with all its
//! diagnostics in source order, to a callback while the game's text is still at hand, so
//! renderers can quote it; then the text is dropped, and memory stays flat however long the
//! file is.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::ops::{AddAssign, ControlFlow};

use crate::lint::{Anchor, Diagnostic, Kind, LintLevels, Severity, SourcePiece};
use crate::replay::{FileContext, GameReport, Guess, PartReplay, ReplayOptions, replay_game};
use crate::rules::Variant;
use crate::source::{Decoding, LineIndex, Span, TextDecoder};
use crate::syntax::{
    Chunk, Element, Game, GameReader, MoveNumber, RawComment, RawMove, RawResult, RawSetup,
    ReadOptions, Skip, Strength, Tag, TreeBuilder, Visitor,
};

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
    /// Check each game as it is read, keeping no syntax tree: the moves are replayed part by
    /// part (every [`PART_ELEMENTS`] movetext elements), and only the findings that will be
    /// shown are kept, so the memory a game takes does not grow with its length.
    /// [`CheckedGame::chunk`] then holds no `game`. For callers that need only the findings.
    /// A game longer than the reader's window is not held whole either: the text read past
    /// is released as the game is read, and each finding keeps the source text it is shown
    /// with ([`Diagnostic::quotes`]); [`CheckedGame::chunk`] then holds the game's last part.
    pub streaming: bool,
    /// With `streaming`, the bytes of one game's text held before the text read past is
    /// released; `None`: [`crate::syntax::GAME_WINDOW`].
    pub window: Option<usize>,
    /// With `streaming`, hand over the syntax tree of every game read in one piece (of at most
    /// [`PART_ELEMENTS`] movetext elements), as the tree path does: the games a command
    /// rewrites, compares or selects by their moves. A longer game is replayed in parts and
    /// handed over without its moves ([`CheckedGame::parted`]): `chunk.game` is `None`, and
    /// [`CheckedGame::header`] holds its tags and terminator. Memory stays bounded: one tree
    /// holds at most a part.
    pub keep_trees: bool,
    /// With `streaming`, keep the text the reader releases while it reads a game longer than
    /// its window in a temporary file ([`CheckedGame::spilled`]), so that the game's whole
    /// text can still be written out ([`CheckedGame::text`]) without being held in memory.
    pub keep_text: bool,
}

/// A game is replayed in parts of about this many movetext elements when
/// [`CheckOptions::streaming`] is on; a game shorter than this is replayed whole.
pub const PART_ELEMENTS: usize = 1 << 14;

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
    /// The game was replayed in parts, being longer than [`PART_ELEMENTS`] movetext elements
    /// (only with [`CheckOptions::streaming`]): its tree was not held.
    pub parted: bool,
    /// With [`CheckOptions::keep_trees`], of a game replayed in parts: its tree without the
    /// movetext (tags, header comments, terminator, span).
    pub header: Option<Game>,
    /// With [`CheckOptions::keep_text`], the chunk's text released while it was read (the
    /// part before `chunk.text`), kept in a temporary file; `None` when nothing was released.
    pub spilled: Option<Spilled>,
}

impl CheckedGame {
    /// The chunk's whole text: the released part ([`CheckedGame::spilled`]) read back, then
    /// `chunk.text`. Without [`CheckOptions::keep_text`], the text of a game longer than the
    /// reader's window starts where its released part ended ([`Chunk::released`] bytes in).
    pub fn text(&mut self) -> io::Result<impl Read + '_> {
        let before: Box<dyn Read + '_> = match &mut self.spilled {
            Some(s) => Box::new(s.reader()?),
            None => Box::new(io::empty()),
        };
        Ok(before.chain(self.chunk.text.as_bytes()))
    }
}

/// The text of a long game released by the reader, kept in a temporary file (deleted when
/// this is dropped) instead of memory.
#[derive(Debug)]
pub struct Spilled {
    file: std::fs::File,
    len: u64,
}

impl Spilled {
    fn new() -> io::Result<Self> {
        Ok(Spilled {
            file: tempfile::tempfile()?,
            len: 0,
        })
    }

    fn push(&mut self, text: &str) -> io::Result<()> {
        use std::io::Write;
        self.file.write_all(text.as_bytes())?;
        self.len += text.len() as u64;
        Ok(())
    }

    /// Bytes kept.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The text kept, from its start.
    pub fn reader(&mut self) -> io::Result<impl Read + '_> {
        use std::io::{Seek, SeekFrom};
        self.file.seek(SeekFrom::Start(0))?;
        Ok(io::BufReader::with_capacity(1 << 16, &mut self.file).take(self.len))
    }
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

    /// The variants the file's games were replayed as, each with its number of games when
    /// there are several (`international`, or `english 3`, `italian 2`), for the tables.
    pub fn variant_names(&self) -> Vec<String> {
        self.variants
            .iter()
            .map(|(v, n)| {
                if self.variants.len() == 1 {
                    v.name().to_string()
                } else {
                    format!("{} {n}", v.name())
                }
            })
            .collect()
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

/// Diagnostics of a game not kept, beyond the cap: how many, and of which severity.
#[derive(Clone, Copy, Debug, Default)]
struct Dropped {
    all: usize,
    errors: usize,
    warnings: usize,
}

impl Dropped {
    fn add(&mut self, rest: &[Diagnostic]) {
        self.all += rest.len();
        for d in rest {
            match d.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Info => {}
            }
        }
    }
}

/// Keeps the first [`MAX_DIAGNOSTICS_PER_GAME`] diagnostics (already counted in `totals`) and
/// says in one F007 how many more there were (`dropped` already) and of which severity.
fn cap_diagnostics(diagnostics: &mut Vec<Diagnostic>, totals: &mut FileTotals, dropped: Dropped) {
    let mut dropped = dropped;
    if diagnostics.len() > MAX_DIAGNOSTICS_PER_GAME {
        dropped.add(&diagnostics[MAX_DIAGNOSTICS_PER_GAME..]);
        diagnostics.truncate(MAX_DIAGNOSTICS_PER_GAME);
    }
    if dropped.all == 0 {
        return;
    }
    let Dropped {
        all,
        errors,
        warnings,
    } = dropped;
    let at = diagnostics
        .last()
        .map_or(Span::point(0), |d| Span::point(d.span.end));
    let mut note = Diagnostic::new(
        &crate::lint::codes::file::F007,
        at,
        format!(
            "{} more diagnostics in this game ({errors} errors, {warnings} warnings) are \
             counted in the totals but not shown: at most {MAX_DIAGNOSTICS_PER_GAME} are kept \
             per game",
            all
        ),
    );
    if let Some(last) = diagnostics.last() {
        // Shown where the last one kept ends, from its source text if it keeps its own.
        note.quotes = last
            .quotes
            .iter()
            .filter(|q| q.holds(at.start))
            .cloned()
            .collect();
    }
    totals.count(&note);
    totals.unshown += all;
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
    if options.streaming {
        let mut reader = GameReader::new(decoder, options.read.clone());
        if let Some(w) = options.window {
            reader = reader.with_window(w);
        }
        return check_streaming(reader, options, visit);
    }
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
        cap_diagnostics(&mut diagnostics, &mut totals, Dropped::default());
        let flow = visit(CheckedGame {
            chunk,
            report,
            diagnostics,
            parted: false,
            header: None,
            spilled: None,
        });
        if flow.is_break() {
            break;
        }
    }
    totals.decoding = reader.decoding();
    totals.white_score_first = ctx.white_score_first();
    Ok(totals)
}

/// Where a diagnostic comes from: findings at the same place are listed decoding first, then
/// the reader's, then the replay's, as the tree path lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Origin {
    Decoding,
    Reader,
    Replay,
}

/// The diagnostics of one game as they come, levels applied and counted at once; at most
/// twice the cap are held: the first [`MAX_DIAGNOSTICS_PER_GAME`] in source order are kept,
/// the others counted.
#[derive(Default)]
struct Kept {
    list: Vec<(Origin, Diagnostic)>,
    dropped: Dropped,
    one: Vec<Diagnostic>,
}

impl Kept {
    fn push(
        &mut self,
        d: Diagnostic,
        origin: Origin,
        options: &CheckOptions,
        totals: &mut FileTotals,
    ) {
        let mut d = d;
        if origin == Origin::Replay
            && options.read.strict
            && d.severity == Severity::Warning
            && strict_kind(d.kind)
        {
            d.severity = Severity::Error;
        }
        self.one.push(d);
        options.levels.apply(&mut self.one);
        let Some(d) = self.one.pop() else { return };
        totals.count(&d);
        self.list.push((origin, d));
        if self.list.len() >= 2 * MAX_DIAGNOSTICS_PER_GAME {
            self.trim();
        }
    }

    fn sort(&mut self) {
        self.list
            .sort_by_key(|(o, d)| (d.span.start, d.span.end, *o));
    }

    fn trim(&mut self) {
        self.sort();
        if self.list.len() > MAX_DIAGNOSTICS_PER_GAME {
            let rest: Vec<Diagnostic> = self
                .list
                .drain(MAX_DIAGNOSTICS_PER_GAME..)
                .map(|(_, d)| d)
                .collect();
            self.dropped.add(&rest);
        }
    }

    /// Keeps from `piece`, about to be released, the source text each diagnostic held is
    /// shown with.
    fn quote(&mut self, piece: &SourcePiece<'_>, index: &LineIndex) {
        for (_, d) in &mut self.list {
            d.quote(piece, index);
        }
    }

    /// The game's diagnostics in source order, capped with an F007 that counts the rest.
    fn take(&mut self, totals: &mut FileTotals) -> Vec<Diagnostic> {
        self.trim();
        let mut out: Vec<Diagnostic> = self.list.drain(..).map(|(_, d)| d).collect();
        cap_diagnostics(&mut out, totals, std::mem::take(&mut self.dropped));
        out
    }
}

/// The visitor of the streaming check: it builds the game's tags and one part of its
/// movetext at a time, replays each part as soon as it is cut, and keeps the findings.
struct StreamingCheck<'a> {
    options: &'a CheckOptions,
    ctx: FileContext,
    totals: FileTotals,
    builder: TreeBuilder,
    replay: PartReplay,
    kept: Kept,
    /// Variation depth.
    depth: usize,
    /// The main line's last move token takes nothing (a capture written one jump per move
    /// is never cut).
    last_quiet: bool,
    found: Vec<Diagnostic>,
    /// The replay's report of the game just ended.
    report: Option<GameReport>,
    /// A part of the game was replayed before its end.
    parted: bool,
    /// The game just ended was replayed in parts.
    in_parts: bool,
    /// With `keep_trees`, the tree of the game just ended, when it was read in one piece.
    game: Option<Game>,
    /// With `keep_trees`, the tree without movetext of the game just ended, when it was read
    /// in parts.
    header: Option<Game>,
    /// With `keep_text`, the text released since the last chunk.
    spilled: Option<Spilled>,
    spill_error: Option<io::Error>,
    /// The game's first tag and the tags the replay reads (at most [`TAGS_ANCHORED`]): their
    /// source text is kept when the header is released before the replay reports on them.
    anchors: Vec<Anchor>,
    /// Movetext comments of the part being built that were left out of its tree (not
    /// wanted: without `keep_trees`, a comment before the first move that holds no command),
    /// counted as its elements so that the game is cut where it would be with them.
    left_out: usize,
    /// A variation of the main line grew past [`VARIATION_ELEMENTS`]: the part was closed
    /// and replayed there, and every token is left out until the reader is back on the main
    /// line.
    dropping: bool,
}

/// The most movetext elements one part may hold while a variation is open (a part is cut
/// only on the main line): past it the rest of the variation is not held, nor replayed (F010).
pub const VARIATION_ELEMENTS: usize = 4 * PART_ELEMENTS;

/// The most tags of one game kept for the replay (without [`CheckOptions::keep_trees`]) and
/// anchored for its findings: the first tag and the tags it reads
/// ([`crate::replay::reads_tag`]).
pub const TAGS_ANCHORED: usize = 64;

impl StreamingCheck<'_> {
    fn replaying(&self) -> bool {
        !self.options.syntax_only
    }

    /// Whether the game's tree is built (part by part): to replay it, or to hand it over.
    fn building(&self) -> bool {
        self.replaying() || self.options.keep_trees
    }

    /// With `keep_trees`, at the first cut of a game (`at`, the token the next part starts
    /// with), F009: the moves from there on are not held.
    fn moves_let_go(&mut self, at: Span) {
        if self.options.keep_trees && !self.parted {
            let d = Diagnostic::new(
                &crate::lint::codes::file::F009,
                at,
                format!(
                    "this game has more than {PART_ELEMENTS} movetext elements: it is \
                     checked whole, part by part, but its moves are not held from here on"
                ),
            );
            self.kept
                .push(d, Origin::Reader, self.options, &mut self.totals);
        }
    }

    /// Replays the part built so far if it is long and the main line may be cut here: before
    /// a move number or a variation of the main line, after a move that takes nothing (so a
    /// capture written one jump per move is never split).
    /// With `keep_trees`, the first cut gives F009 at `at`, the token the next part starts
    /// with: the moves from there on are not held.
    fn maybe_cut(&mut self, at: Span) {
        let left_out = self.left_out;
        let long = self
            .builder
            .game_mut()
            .is_some_and(|g| g.body.len() + left_out >= PART_ELEMENTS);
        if self.depth == 0 && self.last_quiet && long {
            self.moves_let_go(at);
            self.replay_part(false);
        }
    }

    /// Whether the token at `at` is left out: it is inside a variation (of the main line)
    /// that grew too long to hold, or it opens a variation as deep as the reader reads (`(`,
    /// `opening`), which the reader would otherwise skip whole with nothing to cut the part
    /// at. The first time, gives F010 there, closes the part's open variations and replays
    /// the part, so the text and moves before it are let go.
    fn drops(&mut self, at: Span, opening: bool) -> bool {
        if self.dropping {
            return true;
        }
        let left_out = self.left_out;
        let long = self
            .builder
            .game_mut()
            .is_some_and(|g| g.body.len() + left_out >= VARIATION_ELEMENTS);
        // (A command that keeps trees holds a game read in one piece whole anyway.)
        let deep =
            opening && !self.options.keep_trees && self.depth + 1 >= self.options.read.max_depth;
        if self.depth == 0 || !(long || deep) {
            return false;
        }
        // A variation too deep is the reader's S109: one finding for one cause.
        if self.replaying() && long {
            let d = Diagnostic::new(
                &crate::lint::codes::file::F010,
                at,
                format!(
                    "this variation is still open after {VARIATION_ELEMENTS} movetext \
                     elements: the rest of it is not held, and its moves from here on are not \
                     checked"
                ),
            );
            self.kept
                .push(d, Origin::Reader, self.options, &mut self.totals);
        }
        self.moves_let_go(at);
        let end = Span::new(at.start, at.start);
        for _ in 0..self.depth {
            let _ = self.builder.end_variation(end);
        }
        self.replay_part(false);
        self.dropping = true;
        true
    }

    /// Replays the part built so far, and empties it unless it is the whole game and its tree
    /// is handed over.
    fn replay_part(&mut self, last: bool) {
        let keep = last && !self.parted && self.options.keep_trees;
        let Some(game) = self.builder.game_mut() else {
            return;
        };
        if !self.options.syntax_only {
            self.replay.part(
                game,
                &self.options.replay,
                &mut self.ctx,
                last,
                &mut self.found,
            );
        }
        if !keep {
            game.body.clear();
            self.left_out = 0;
        }
        self.parted = true;
        for mut d in std::mem::take(&mut self.found) {
            for a in &self.anchors {
                d.lend_from(a);
            }
            self.kept
                .push(d, Origin::Replay, self.options, &mut self.totals);
        }
    }
}

impl Visitor for StreamingCheck<'_> {
    fn begin_game(&mut self) -> ControlFlow<()> {
        self.depth = 0;
        self.last_quiet = false;
        self.parted = false;
        self.anchors.clear();
        self.left_out = 0;
        self.dropping = false;
        if self.building() {
            self.builder.begin_game()
        } else {
            ControlFlow::Continue(())
        }
    }
    fn header_comment(&mut self, c: RawComment<'_>) -> ControlFlow<()> {
        // The replay reads no header comment: only a tree handed over keeps them.
        if self.options.keep_trees {
            self.builder.header_comment(c)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn wants_comment(&self, c: &RawComment<'_>) -> bool {
        // Of a comment before the first move, the replay reads only its commands.
        self.options.keep_trees || (self.replaying() && c.text.contains("[%"))
    }
    fn comments_left_out(&mut self, n: usize) {
        self.left_out += n;
    }
    fn tag(&mut self, tag: &Tag) -> ControlFlow<()> {
        if !self.building() {
            return ControlFlow::Continue(());
        }
        let held = self.builder.game().map_or(0, |g| g.tags.len());
        let read = held == 0 || crate::replay::reads_tag(&tag.name);
        if read && self.anchors.len() < TAGS_ANCHORED {
            self.anchors.push(Anchor::new(tag.span));
        }
        if self.options.keep_trees || (read && held < TAGS_ANCHORED) {
            self.builder.tag(tag)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn move_number(&mut self, number: &MoveNumber) -> ControlFlow<()> {
        if !self.building() {
            return ControlFlow::Continue(());
        }
        if self.drops(number.span, false) {
            return ControlFlow::Continue(());
        }
        self.maybe_cut(number.span);
        self.builder.move_number(number)
    }
    fn mv(&mut self, mv: RawMove<'_>) -> ControlFlow<()> {
        if !self.building() {
            return ControlFlow::Continue(());
        }
        if self.drops(mv.span, false) {
            return ControlFlow::Continue(());
        }
        if self.depth == 0 {
            self.last_quiet = !mv
                .squares
                .iter()
                .any(|s| s.separator.is_some_and(|x| x.kind.is_capture()));
        }
        self.builder.mv(mv)
    }
    fn strength(&mut self, strength: &Strength) -> ControlFlow<()> {
        if self.building() && !self.drops(strength.span, false) {
            self.builder.strength(strength)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn ellipsis(&mut self, span: Span) -> ControlFlow<()> {
        if self.building() && !self.drops(span, false) {
            if self.depth == 0 {
                self.last_quiet = false;
            }
            self.builder.ellipsis(span)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn comment(&mut self, c: RawComment<'_>) -> ControlFlow<()> {
        if self.building() && !self.drops(c.span, false) {
            self.builder.comment(c)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn nag(&mut self, value: u32, span: Span) -> ControlFlow<()> {
        if self.building() && !self.drops(span, false) {
            self.builder.nag(value, span)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn setup(&mut self, setup: RawSetup<'_>) -> ControlFlow<()> {
        if self.building() && !self.drops(setup.span, false) {
            if self.depth == 0 {
                self.last_quiet = false;
            }
            self.builder.setup(setup)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn begin_variation(&mut self, span: Span) -> ControlFlow<(), Skip> {
        if self.building() && self.drops(span, true) {
            // The reader still reports what it finds in it.
            self.depth += 1;
            return ControlFlow::Continue(Skip(true));
        }
        if self.building() {
            self.maybe_cut(span);
            self.depth += 1;
            self.builder.begin_variation(span)
        } else {
            self.depth += 1;
            // Nothing of a variation is needed to check syntax only: the reader still reports
            // its findings.
            ControlFlow::Continue(Skip(true))
        }
    }
    fn end_variation(&mut self, span: Span) -> ControlFlow<()> {
        self.depth = self.depth.saturating_sub(1);
        if self.dropping {
            // The part's variations were closed when it was replayed.
            self.dropping = self.depth > 0;
            return ControlFlow::Continue(());
        }
        if self.building() {
            self.builder.end_variation(span)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn result(&mut self, result: RawResult<'_>) -> ControlFlow<()> {
        if self.building() {
            self.builder.result(result)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn diagnostic(&mut self, d: Diagnostic) {
        self.kept
            .push(d, Origin::Reader, self.options, &mut self.totals);
    }
    fn keep_from(&self) -> Option<usize> {
        if !self.building() {
            // Every finding is about the token being read.
            return Some(usize::MAX);
        }
        if !self.parted {
            // The first part's replay quotes the moves it reads, and the tags: in the header,
            // the tags it reads are anchored. A game handed over with its tree keeps its whole
            // text.
            let in_header = self.builder.game().is_none_or(|g| g.body.is_empty());
            return Some(if in_header && !self.options.keep_trees {
                usize::MAX
            } else {
                0
            });
        }
        let body = self
            .builder
            .game()
            .map(|g| g.body.as_slice())
            .unwrap_or(&[]);
        Some(body.first().map_or(usize::MAX, element_start))
    }
    fn release(&mut self, piece: &SourcePiece<'_>, index: &LineIndex) {
        self.kept.quote(piece, index);
        for a in &mut self.anchors {
            a.quote(piece, index);
        }
        for d in self.replay.held_mut() {
            d.quote(piece, index);
        }
        if self.options.keep_text && self.spill_error.is_none() {
            let kept = match &mut self.spilled {
                Some(s) => s.push(piece.text),
                None => Spilled::new().and_then(|mut s| {
                    s.push(piece.text)?;
                    self.spilled = Some(s);
                    Ok(())
                }),
            };
            if let Err(e) = kept {
                self.spill_error = Some(e);
            }
        }
    }
    fn end_game(&mut self, span: Span) {
        self.totals.games += 1;
        if self.building() {
            self.builder.end_game(span);
            let whole = !self.parted;
            self.in_parts = !whole;
            self.replay_part(true);
            if let Some(game) = self.builder.take_game() {
                match (self.options.keep_trees, whole) {
                    (true, true) => self.game = Some(game),
                    (true, false) => self.header = Some(game),
                    (false, _) => self.builder.recycle(game),
                }
            }
        }
        if self.replaying() {
            let r = std::mem::take(&mut self.replay).finish();
            match r.variant {
                Some(v) => *self.totals.variants.entry(v).or_default() += 1,
                None => self.totals.unreplayed += 1,
            }
            self.totals.plies += r.plies as u64;
            if let Some(g) = &r.guess {
                self.totals.guessed += 1;
                self.totals.add_guess(g, 1);
            }
            self.report = Some(r);
        }
    }
}

/// Where a movetext element starts in the file.
fn element_start(e: &Element) -> usize {
    match e {
        Element::MoveNumber(n) => n.span.start,
        Element::Move(m) => m.span.start,
        Element::Comment(c) => c.span.start,
        Element::Setup(s) => s.span.start,
        Element::Ellipsis { span }
        | Element::Nag { span, .. }
        | Element::VariationStart { span }
        | Element::VariationEnd { span } => span.start,
    }
}

/// [`check_stream_with`] with [`CheckOptions::streaming`].
fn check_streaming<R: Read>(
    mut reader: GameReader<R>,
    options: &CheckOptions,
    visit: impl FnMut(CheckedGame) -> ControlFlow<()>,
) -> io::Result<FileTotals> {
    let mut ctx = FileContext::default();
    let mut totals = FileTotals::default();
    check_part(
        &mut reader,
        &mut ctx,
        &mut totals,
        options,
        usize::MAX,
        visit,
    )?;
    totals.decoding = reader.decoding();
    totals.white_score_first = ctx.white_score_first();
    Ok(totals)
}

/// Checks the chunks of `reader` as [`check_stream_with`] does with
/// [`CheckOptions::streaming`], from where the reader stands to the first chunk that starts at
/// or after file offset `stop_at` (not read), or to the end of the file. `ctx` is the file's
/// replay context before the reader's place and after the chunks read; the chunks' counts are
/// added to `totals` (but not the decoding nor the result convention, which are the whole
/// file's). A file read in parts is checked with one call per part, each part's reader
/// starting where the one before stopped, with its state.
pub fn check_part<R: Read>(
    reader: &mut GameReader<R>,
    ctx: &mut FileContext,
    totals: &mut FileTotals,
    options: &CheckOptions,
    stop_at: usize,
    mut visit: impl FnMut(CheckedGame) -> ControlFlow<()>,
) -> io::Result<()> {
    let mut check = StreamingCheck {
        options,
        ctx: std::mem::take(ctx),
        totals: std::mem::take(totals),
        builder: TreeBuilder::new(),
        replay: PartReplay::new(),
        kept: Kept::default(),
        depth: 0,
        last_quiet: false,
        found: Vec::new(),
        report: None,
        parted: false,
        in_parts: false,
        game: None,
        header: None,
        spilled: None,
        spill_error: None,
        anchors: Vec::new(),
        left_out: 0,
        dropping: false,
    };
    let result = check_chunks(reader, &mut check, stop_at, &mut visit);
    *ctx = check.ctx;
    *totals = check.totals;
    result
}

fn check_chunks<R: Read>(
    reader: &mut GameReader<R>,
    check: &mut StreamingCheck<'_>,
    stop_at: usize,
    visit: &mut impl FnMut(CheckedGame) -> ControlFlow<()>,
) -> io::Result<()> {
    let options = check.options;
    while reader.place().offset < stop_at {
        let Some(mut chunk) = reader.next_chunk_with(check)? else {
            break;
        };
        check.totals.bytes += chunk.released + chunk.text.len();
        for d in std::mem::take(&mut chunk.diagnostics) {
            let origin = if d.code == crate::lint::codes::file::F005.code {
                Origin::Reader
            } else {
                Origin::Decoding
            };
            check.kept.push(d, origin, options, &mut check.totals);
        }
        if let Some(e) = check.spill_error.take() {
            return Err(io::Error::new(
                e.kind(),
                format!("cannot keep the text of a long game in a temporary file: {e}"),
            ));
        }
        let diagnostics = check.kept.take(&mut check.totals);
        let report = check.report.take();
        let parted = chunk.index.is_some() && std::mem::take(&mut check.in_parts);
        if chunk.index.is_some() {
            chunk.game = check.game.take();
        }
        let flow = visit(CheckedGame {
            chunk,
            report,
            diagnostics,
            parted,
            header: check.header.take(),
            spilled: check.spilled.take(),
        });
        if flow.is_break() {
            break;
        }
    }
    Ok(())
}
