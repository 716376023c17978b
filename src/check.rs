//! Checking a file end to end: decode, read, replay, one game at a time.
//!
//! [`check_stream`] drives the stages over any byte stream and hands each game, with all its
//! diagnostics in source order, to a callback while the game's text is still at hand, so
//! renderers can quote it; then the text is dropped, and memory stays flat however long the
//! file is.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::ops::{AddAssign, ControlFlow};
use std::sync::Arc;

use crate::lint::{Anchor, Diagnostic, Kind, LintLevels, Severity, SourcePiece};
use crate::replay::{
    AsWritten, FileContext, FileHead, GameReport, Guess, PartReplay, ReplayOptions, Survey,
    WrittenAgain,
};
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
    /// What is kept of each game besides its findings: see [`Retain`].
    pub retain: Retain,
    /// The bytes of one game's text held before the text read past is released; `None`:
    /// [`crate::syntax::GAME_WINDOW`].
    pub window: Option<usize>,
}

/// What the check keeps of each game besides its diagnostics, for the caller to use.
///
/// Every game is checked the same way whatever is kept: read and replayed as it streams, one
/// part of at most [`PART_ELEMENTS`] movetext elements at a time, so the memory a game takes
/// does not grow with its length, and the diagnostics are the same.
///
/// ```
/// use pdnkit::{check_stream, CheckOptions, Retain};
///
/// let pdn = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n";
/// let options = CheckOptions { retain: Retain::Findings, ..CheckOptions::default() };
/// check_stream(pdn.as_bytes(), &options, |game| {
///     assert!(game.diagnostics.is_empty());
///     assert!(game.chunk.game.is_none());
/// })?;
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Retain {
    /// Only the findings: no syntax tree is kept ([`CheckedGame::chunk`] holds no `game`).
    /// The fastest: for callers that report diagnostics and counts.
    Findings,
    /// The syntax tree of every game read in one piece (at most [`PART_ELEMENTS`] movetext
    /// elements): the games a caller rewrites, compares or selects by their moves. A longer
    /// game is handed over without its moves ([`CheckedGame::parted`]): `chunk.game` is
    /// `None`, and [`CheckedGame::header`] holds its tags and terminator.
    #[default]
    Trees,
    /// As [`Retain::Trees`], and the text the reader releases while it reads a game longer
    /// than its window is kept in a temporary file ([`CheckedGame::spilled`]), so that the
    /// game's whole text can still be written out ([`CheckedGame::text`]) without being held
    /// in memory.
    TreesAndText,
}

impl Retain {
    /// Trees are kept.
    pub fn trees(self) -> bool {
        self != Retain::Findings
    }

    /// The released text of long games is kept.
    pub fn text(self) -> bool {
        self == Retain::TreesAndText
    }
}

/// A game is replayed in parts of about this many movetext elements; a game shorter than this
/// is replayed whole.
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
    /// The game was replayed in parts, being longer than [`PART_ELEMENTS`] movetext elements:
    /// its tree was not held.
    pub parted: bool,
    /// With [`Retain::Trees`], of a game replayed in parts: its tree without the
    /// movetext (tags, header comments, terminator, span).
    pub header: Option<Game>,
    /// With [`Retain::Trees`], why a game is handed over without its moves
    /// (`parted`, F009).
    pub too_long: Option<TooLong>,
    /// With [`Retain::Trees`], the tags of a game handed over without its moves
    /// that are not in `header` (its header was too large to hold whole; nor are its header
    /// comments from there on).
    pub tags_left_out: usize,
    /// With [`Retain::TreesAndText`], the chunk's text released while it was read (the
    /// part before `chunk.text`), kept in a temporary file; `None` when nothing was released.
    pub spilled: Option<Spilled>,
}

impl CheckedGame {
    /// The chunk's whole text: the released part ([`CheckedGame::spilled`]) read back, then
    /// `chunk.text`. Without [`Retain::TreesAndText`], the text of a game longer than the
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
            file: crate::scratch::scratch_file()?,
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
    pub fn add_guess(&mut self, guess: &Guess, games: usize) {
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

/// How much of a file's start (in bytes as read) inference weighs the untagged games of:
/// each run of games with the same evidence is decided once, from its games there
/// ([`crate::replay::Survey`]), when the first game whose variant the replay decides is met.
pub const SURVEY_BYTES: usize = 1 << 20;

/// A file's input with its start, read once already, in front.
pub(crate) type Reread<R> = io::Chain<io::Cursor<Arc<[u8]>>, R>;

/// Reads the start of `input`, which the replay weighs the variants of its untagged games
/// from when it meets the first of them (a file whose games all have a GameType is read once);
/// returns the file's replay context, and the input to check (the start read again first).
pub(crate) fn surveyed<R: Read>(
    mut input: R,
    options: &CheckOptions,
) -> io::Result<(FileContext, Reread<R>)> {
    let mut head = Vec::new();
    if options.syntax_only || options.replay.variant.is_some() {
        return Ok((
            FileContext::default(),
            io::Cursor::new(head.into()).chain(input),
        ));
    }
    (&mut input)
        .take(SURVEY_BYTES as u64)
        .read_to_end(&mut head)?;
    let head: Arc<[u8]> = head.into();
    let ctx = FileContext::with_head(Arc::new(Head {
        whole: head.len() < SURVEY_BYTES,
        bytes: Arc::clone(&head),
        encoding: options.encoding,
        read: options.read.clone(),
    }));
    Ok((ctx, io::Cursor::new(head).chain(input)))
}

/// A file's start, as the replay weighs it.
struct Head {
    bytes: Arc<[u8]>,
    /// The start is the whole file (else its last game may be cut, and is left out).
    whole: bool,
    encoding: Option<&'static encoding_rs::Encoding>,
    read: ReadOptions,
}

impl FileHead for Head {
    /// The games at the file's start as trees: those inference may weigh (no GameType or
    /// `[Variant]` tag), and those with a GameType that name a square (what they declare rests
    /// on their first move too); what the reader finds is reported by the check itself.
    fn games(&self, add: &mut dyn FnMut(Game, AsWritten)) {
        let decoder = match self.encoding {
            Some(e) => TextDecoder::with_encoding(&self.bytes[..], e),
            None => TextDecoder::new(&self.bytes[..]),
        };
        let mut reader = GameReader::new(decoder, self.read.clone());
        let mut visitor = SurveyVisitor::default();
        let mut last: Option<(Game, AsWritten)> = None;
        let mut written = WrittenAgain::default();
        while let Ok(Some(chunk)) = reader.next_chunk_with(&mut visitor) {
            if let Some((g, shares)) = last.take() {
                add(g, shares);
            }
            let syntax_error = std::mem::take(&mut visitor.syntax_error);
            // A game with a GameType is evidence of its file's board when its main line has a
            // move or it has a FEN: one without names no square (moves only in variations
            // name none the replay plays first), and is read as the file's games so far are.
            last = visitor
                .builder
                .take_game()
                .map(|g| {
                    let how = written.game(&chunk, &g, syntax_error);
                    (g, how)
                })
                .filter(|(g, _)| {
                    Survey::wants(&g.tags)
                        || g.main_line_moves().next().is_some()
                        || g.tags.iter().any(|t| t.name == "FEN")
                });
            visitor.builder.take_diagnostics();
        }
        if let Some((g, shares)) = last.filter(|_| self.whole) {
            add(g, shares);
        }
    }
}

/// Builds the trees of the games at the file's start for the survey.
#[derive(Default)]
struct SurveyVisitor {
    builder: TreeBuilder,
    /// The game read has had a move.
    moved: bool,
    /// Elements other than moves and variations read before the game's first move: past
    /// [`EARLY_ELEMENTS`] they are not built, as the check does not hold them (F011).
    early: usize,
    /// The reader found a syntax error in the chunk read ([`AsWritten::syntax_error`]).
    syntax_error: bool,
}

impl SurveyVisitor {
    /// The builder for an element that is neither a move nor part of a variation's frame:
    /// `None` past [`EARLY_ELEMENTS`] of them before the first move.
    fn leaf(&mut self) -> Option<&mut TreeBuilder> {
        if !self.moved {
            self.early += 1;
            if self.early > EARLY_ELEMENTS {
                return None;
            }
        }
        Some(&mut self.builder)
    }
}

impl Visitor for SurveyVisitor {
    fn begin_game(&mut self) -> ControlFlow<()> {
        self.moved = false;
        self.early = 0;
        self.builder.begin_game()
    }
    fn header_comment(&mut self, comment: RawComment<'_>) -> ControlFlow<()> {
        self.builder.header_comment(comment)
    }
    fn tag(&mut self, tag: &Tag) -> ControlFlow<()> {
        self.builder.tag(tag)
    }
    fn move_number(&mut self, number: &MoveNumber) -> ControlFlow<()> {
        self.leaf()
            .map_or(ControlFlow::Continue(()), |b| b.move_number(number))
    }
    fn mv(&mut self, mv: RawMove<'_>) -> ControlFlow<()> {
        self.moved = true;
        self.builder.mv(mv)
    }
    fn strength(&mut self, strength: &Strength) -> ControlFlow<()> {
        self.builder.strength(strength)
    }
    fn ellipsis(&mut self, span: Span) -> ControlFlow<()> {
        self.leaf()
            .map_or(ControlFlow::Continue(()), |b| b.ellipsis(span))
    }
    fn comment(&mut self, comment: RawComment<'_>) -> ControlFlow<()> {
        self.leaf()
            .map_or(ControlFlow::Continue(()), |b| b.comment(comment))
    }
    fn nag(&mut self, value: u32, span: Span) -> ControlFlow<()> {
        self.leaf()
            .map_or(ControlFlow::Continue(()), |b| b.nag(value, span))
    }
    fn setup(&mut self, setup: RawSetup<'_>) -> ControlFlow<()> {
        self.leaf()
            .map_or(ControlFlow::Continue(()), |b| b.setup(setup))
    }
    fn begin_variation(&mut self, span: Span) -> ControlFlow<(), Skip> {
        // The squares of variations are evidence of the board too (the replay weighs the main
        // line only).
        self.builder.begin_variation(span)
    }
    fn end_variation(&mut self, span: Span) -> ControlFlow<()> {
        self.builder.end_variation(span)
    }
    fn result(&mut self, result: RawResult<'_>) -> ControlFlow<()> {
        self.builder.result(result)
    }
    // What the reader finds is reported by the check itself; a syntax error is noted.
    fn diagnostic(&mut self, diagnostic: Diagnostic) {
        self.syntax_error |= diagnostic.code.starts_with('S');
    }
    fn end_game(&mut self, span: Span) {
        self.builder.end_game(span);
    }
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
    visit: impl FnMut(CheckedGame) -> ControlFlow<()>,
) -> io::Result<FileTotals> {
    let (mut ctx, input) = surveyed(input, options)?;
    let decoder = match options.encoding {
        Some(e) => TextDecoder::with_encoding(input, e),
        None => TextDecoder::new(input),
    };
    let mut reader = GameReader::new(decoder, options.read.clone());
    if let Some(w) = options.window {
        reader = reader.with_window(w);
    }
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
            && d.severity != Severity::Error
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
    /// A move of the main line was read.
    moved: bool,
    /// A move number of the main line was read since its last move.
    numbered: bool,
    found: Vec<Diagnostic>,
    /// The replay's report of the game just ended.
    report: Option<GameReport>,
    /// A part of the game was replayed before its end.
    parted: bool,
    /// The game just ended was replayed in parts.
    in_parts: bool,
    /// With trees kept, the tree of the game just ended, when it was read in one piece.
    game: Option<Game>,
    /// With trees kept, the tree without movetext of the game just ended, when it was read
    /// in parts.
    header: Option<Game>,
    /// With the text kept, the text released since the last chunk.
    spilled: Option<Spilled>,
    spill_error: Option<io::Error>,
    /// The game's first tag and the tags the replay reads (at most [`TAGS_ANCHORED`]): their
    /// source text is kept when the header is released before the replay reports on them.
    anchors: Vec<Anchor>,
    /// Movetext comments of the part being built that were left out of its tree (not
    /// wanted: without trees kept, a comment before the first move that holds no command),
    /// counted as its elements so that the game is cut where it would be with them.
    left_out: usize,
    /// A variation of the main line grew past [`VARIATION_ELEMENTS`]: the part was closed
    /// and replayed there, and every token is left out until the reader is back on the main
    /// line.
    dropping: bool,
    /// With trees kept, the chunk's tree is no longer held to be handed over (F009 was
    /// given): the game is too long, its header too large or its text past the reader's
    /// window. From then on the tree is built as without trees kept.
    let_go: bool,
    /// With trees kept, the header elements held of the chunk being read: tags, header
    /// comments and comments kept before the first move ([`HEADER_ELEMENTS`] at most).
    held: usize,
    /// The game's tree was let go since the reader last asked which comments before the
    /// first move are wanted.
    ask_again: bool,
    /// Why the chunk's tree was let go.
    too_long: Option<TooLong>,
    /// Copies of the comments holding commands read before the first move and not wanted
    /// (held by the reader), each with its number among those not wanted.
    early: Vec<(usize, crate::syntax::Comment)>,
    /// Comments before the first move not wanted, since the last tag.
    unwanted: usize,
    /// Tags not held once the tree was let go.
    tags_left_out: usize,
    /// The main line held [`EARLY_ELEMENTS`] elements before its first move (F011 was given):
    /// the elements from there to the first move are left out.
    early_full: bool,
    /// The first comment holding a command before the first move that was not copied, there
    /// being [`EARLY_ELEMENTS`] copies already: its number among those not wanted, and its
    /// place.
    early_lost: Option<(usize, Span)>,
}

/// The most movetext elements of a game's main line held before its first move (move
/// numbers, comments holding commands, setups, variations; comments held for a tree are let
/// go sooner, past [`HEADER_ELEMENTS`]): past it, the elements up to the first move are
/// read but not held, nor replayed (F011). A part is cut only after a move, and the first
/// part is what the variant is inferred from, so without this limit they would all be held.
pub const EARLY_ELEMENTS: usize = PART_ELEMENTS;

/// The most movetext elements one part may hold while a variation is open (a part is cut
/// only on the main line): past it the rest of the variation is not held, nor replayed (F010).
pub const VARIATION_ELEMENTS: usize = 4 * PART_ELEMENTS;

/// A part is cut at the next place it may be once its text passes this (from its first
/// element), whatever its number of elements: a long run of comments, say.
pub const PART_BYTES: usize = 4 << 20;

/// The most text a part may hold while a variation is open: past it, as past
/// [`VARIATION_ELEMENTS`], the rest of the variation is not held, nor replayed (F010). On the
/// main line, a part is cut there even after a capture (whose next jump may then be judged as
/// a move of its own).
pub const VARIATION_BYTES: usize = 8 << 20;

/// The most tags of one game kept for the replay (without [`Retain::Trees`]) and
/// anchored for its findings: the first tag and the tags it reads
/// ([`crate::replay::reads_tag`]).
pub const TAGS_ANCHORED: usize = 64;

/// The most header elements (tags, header comments, comments before the first move) of one
/// game held with [`Retain::Trees`]: past it the game is handed over as one too
/// long to hold ([`CheckedGame::parted`], F009), its header cut there.
pub const HEADER_ELEMENTS: usize = 1 << 12;

/// Why a game's tree is not held to be handed over with [`Retain::Trees`] (F009).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TooLong {
    /// More than [`PART_ELEMENTS`] movetext elements.
    Moves,
    /// More than [`HEADER_ELEMENTS`] tags and comments before its first move.
    Header,
    /// Its text, or the text of one part of it, is longer than these bytes.
    Text(usize),
    /// Its variations are nested deeper than this: the reader skips the deeper ones (S109).
    Deep(usize),
    /// It holds a token longer than this many bytes, which the reader skips (S113).
    Token(usize),
}

impl std::fmt::Display for TooLong {
    /// The reason as a clause: `it has more than 16384 movetext elements`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TooLong::Moves => write!(f, "it has more than {PART_ELEMENTS} movetext elements"),
            TooLong::Header => write!(
                f,
                "its header has more than {HEADER_ELEMENTS} tags and comments"
            ),
            TooLong::Text(bytes) => write!(f, "its text is longer than {}", size(*bytes)),
            TooLong::Deep(depth) => write!(f, "its variations are nested more than {depth} deep"),
            TooLong::Token(bytes) => write!(f, "it holds a token longer than {}", size(*bytes)),
        }
    }
}

/// `bytes` as a person reads it: `4 MiB`, or `1500 bytes`.
fn size(bytes: usize) -> String {
    if bytes >= 1 << 20 && bytes % (1 << 20) == 0 {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes % (1 << 10) == 0 {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

impl StreamingCheck<'_> {
    fn replaying(&self) -> bool {
        !self.options.syntax_only
    }

    /// Whether the game's tree is built (part by part): to replay it, or to hand it over.
    fn building(&self) -> bool {
        self.replaying() || self.options.retain.trees()
    }

    /// Whether the game's tree is still held to be handed over.
    fn keeping(&self) -> bool {
        self.options.retain.trees() && !self.let_go
    }

    /// With trees kept, the first time: F009 at `at`, and the game's tree is not held to be
    /// handed over from there on (the game is handed over as one too long to hold).
    fn let_go(&mut self, at: Span, why: TooLong) {
        if !self.keeping() {
            return;
        }
        self.let_go = true;
        self.too_long = Some(why);
        self.ask_again = true;
        let message = match why {
            TooLong::Moves => format!(
                "this game has more than {PART_ELEMENTS} movetext elements: it is checked \
                 whole, part by part, but its moves are not held from here on"
            ),
            TooLong::Header => format!(
                "this game's header has more than {HEADER_ELEMENTS} tags and comments: it is \
                 checked whole, but its header is not held from here on, nor its moves"
            ),
            TooLong::Text(bytes) => format!(
                "this game's text is longer than {}: it is checked whole, part by part, but \
                 it is not held from here on",
                size(bytes)
            ),
            TooLong::Deep(depth) => format!(
                "this game's variations are nested more than {depth} deep: it is checked \
                 whole, part by part, but it is not held from here on"
            ),
            TooLong::Token(bytes) => format!(
                "this game holds a token longer than {}: it is checked whole, part by part, \
                 but it is not held from here on",
                size(bytes)
            ),
        };
        let d = Diagnostic::new(&crate::lint::codes::file::F009, at, message);
        self.kept
            .push(d, Origin::Reader, self.options, &mut self.totals);
    }

    /// With trees kept, one more header element held: past [`HEADER_ELEMENTS`], the game's
    /// tree is let go at `at`. Whether the element is still to be held.
    fn hold_header(&mut self, at: Span) -> bool {
        if !self.keeping() {
            return false;
        }
        self.held += 1;
        if self.held > HEADER_ELEMENTS {
            self.let_go(at, TooLong::Header);
            return false;
        }
        true
    }

    /// The reader's window (the text of one game it holds before releasing some).
    fn window(&self) -> usize {
        self.options.window.unwrap_or(crate::syntax::GAME_WINDOW)
    }

    /// Replays the part built so far if it is long and the main line may be cut here: before
    /// a move number or a variation of the main line, after a move that takes nothing (so a
    /// capture written one jump per move is never split).
    /// With trees kept, the first cut gives F009 at `at`, the token the next part starts
    /// with: the moves from there on are not held.
    /// A part is also cut once its text passes [`PART_BYTES`], and, even after a capture,
    /// once it passes [`VARIATION_BYTES`].
    fn maybe_cut(&mut self, at: Span) {
        if self.depth > 0 {
            return;
        }
        let Some((why, bytes)) = self.past(at, PART_ELEMENTS, PART_BYTES) else {
            return;
        };
        // Not before the main line's first move: the first part is what the variant is
        // inferred from.
        if self.last_quiet || (bytes >= VARIATION_BYTES && self.moved) {
            if !self.parted {
                self.let_go(at, why);
            }
            self.replay_part(false);
        }
    }

    /// Whether the part being built has passed `elements` movetext elements or `bytes` of
    /// text at `at`: which, and its text.
    fn past(&mut self, at: Span, elements: usize, bytes: usize) -> Option<(TooLong, usize)> {
        let (n, text) = self.part_size(at);
        if n >= elements {
            Some((TooLong::Moves, text))
        } else if text >= bytes {
            Some((TooLong::Text(bytes), text))
        } else {
            None
        }
    }

    /// The part being built: its movetext elements (with the comments left out of it), and
    /// its text from its first element to `at`.
    fn part_size(&mut self, at: Span) -> (usize, usize) {
        let left_out = self.left_out;
        self.builder.game().map_or((left_out, 0), |g| {
            let bytes = g
                .body
                .first()
                .map_or(0, |e| at.start.saturating_sub(e.start()));
            (g.body.len() + left_out, bytes)
        })
    }

    /// Whether the token at `at` is left out: it is inside a variation (of the main line)
    /// that grew too long to hold ([`VARIATION_ELEMENTS`], [`VARIATION_BYTES`]). The first
    /// time, gives F010 there, closes the part's open variations and replays the part, so the
    /// text and moves before it are let go.
    fn drops(&mut self, at: Span) -> bool {
        if self.dropping {
            return true;
        }
        if self.depth == 0 {
            return !self.moved && self.early_limit(at);
        }
        let Some((why, _)) = self.past(at, VARIATION_ELEMENTS, VARIATION_BYTES) else {
            return false;
        };
        self.let_variation_go(at, why);
        true
    }

    /// Lets the variation open go at `at`: F010 (saying after what, `why`, when given),
    /// the part's open variations closed and the part replayed; every token is then left out
    /// until the reader is back on the main line.
    /// Whether the main line's element at `at`, before its first move, is left out: the part
    /// holds [`EARLY_ELEMENTS`] elements already. The first time, gives F011 there (and F009
    /// with trees kept).
    fn early_limit(&mut self, at: Span) -> bool {
        if self.early_full {
            return true;
        }
        let held = self.builder.game().map_or(0, |g| g.body.len());
        if held < EARLY_ELEMENTS {
            return false;
        }
        self.stop_holding_early(at);
        true
    }

    /// From `at` to the main line's first move nothing is held (F011).
    fn stop_holding_early(&mut self, at: Span) {
        self.early_full = true;
        // Nothing before the first move is held from here on, nor the text from the first
        // element: a game whose variant is known without that move has the elements held
        // replayed now; in a game without GameType the first part must hold the first move
        // (evidence of the variant), so the elements held are let go unreplayed.
        let declared = self.declared();
        if self.replaying() {
            let which = if declared || self.depth > 0 {
                "from here to that move they are not held"
            } else {
                "none of them is held"
            };
            let d = Diagnostic::new(
                &crate::lint::codes::file::F011,
                at,
                format!(
                    "more than {EARLY_ELEMENTS} movetext elements before the game's first \
                     move: {which}, and the commands and setups among them are not applied"
                ),
            );
            self.kept
                .push(d, Origin::Reader, self.options, &mut self.totals);
        }
        if !self.parted {
            self.let_go(at, TooLong::Moves);
        }
        if self.depth > 0 {
            return;
        }
        if declared {
            self.replay_part(false);
        } else if let Some(game) = self.builder.game_mut() {
            game.body.clear();
            self.left_out = 0;
        }
    }

    /// Whether the game's variant is known without inference: forced, or named by a GameType
    /// tag. Only such a game's part may be cut before the main line's first move, which is
    /// evidence of the variant of a game without GameType (who moves first).
    fn declared(&self) -> bool {
        self.options.replay.variant.is_some()
            || self
                .builder
                .game()
                .is_some_and(|g| g.tags.iter().any(|t| t.name == "GameType"))
    }

    fn let_variation_go(&mut self, at: Span, why: TooLong) {
        let after = match why {
            TooLong::Moves => Some(format!("{VARIATION_ELEMENTS} movetext elements")),
            TooLong::Text(bytes) => Some(format!("{} of text", size(bytes))),
            // A variation too deep is the reader's S109, a token too long its S113: one
            // finding for one cause.
            TooLong::Header | TooLong::Deep(_) | TooLong::Token(_) => None,
        };
        if let Some(why) = after.filter(|_| self.replaying()) {
            let d = Diagnostic::new(
                &crate::lint::codes::file::F010,
                at,
                format!(
                    "this variation is still open after {why}: the rest of it is not held, \
                     and its moves from here on are not checked"
                ),
            );
            self.kept
                .push(d, Origin::Reader, self.options, &mut self.totals);
        }
        if !self.parted {
            self.let_go(at, why);
        }
        let end = Span::new(at.start, at.start);
        for _ in 0..self.depth {
            let _ = self.builder.end_variation(end);
        }
        self.replay_part(false);
        self.dropping = true;
    }

    /// A movetext element the replay does not read (a comment, a NAG; `read`: a comment
    /// holding a command, which it does) at `at`: a run of them may be long, so the part may
    /// be cut before it; and past [`PART_ELEMENTS`] elements that cannot be cut, the game's
    /// tree is let go. Whether the element is to be built (for a tree handed over, or read);
    /// if not, it is counted, so that the game is cut where it would be with it.
    fn unread(&mut self, at: Span, read: bool) -> bool {
        self.maybe_cut(at);
        if self.keeping() && self.part_size(at).0 >= PART_ELEMENTS {
            self.let_go(at, TooLong::Moves);
        }
        if self.keeping() || read {
            return true;
        }
        self.left_out += 1;
        false
    }

    /// Replays the part built so far, and empties it unless it is the whole game and its tree
    /// is handed over.
    fn replay_part(&mut self, last: bool) {
        let keep = last && !self.parted && self.keeping();
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
        self.moved = false;
        self.numbered = false;
        self.parted = false;
        self.anchors.clear();
        self.left_out = 0;
        self.dropping = false;
        self.early_full = false;
        self.early_lost = None;
        if self.building() {
            self.builder.begin_game()
        } else {
            ControlFlow::Continue(())
        }
    }
    fn header_comment(&mut self, c: RawComment<'_>) -> ControlFlow<()> {
        // The replay reads no header comment: only a tree handed over keeps them (each was
        // counted as a comment wanted before the first move).
        if self.keeping() {
            self.builder.header_comment(c)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn wants_comment(&mut self, c: &RawComment<'_>) -> bool {
        if self.hold_header(c.span) {
            return true;
        }
        // Of a comment before the first move, the replay reads only its commands: such a
        // comment is copied, so that the text after it need not be held until it is known to
        // be a header comment or a movetext comment (`comments_left_out` says).
        self.unwanted += 1;
        if self.replaying() && c.text.contains("[%") {
            if self.early.len() < EARLY_ELEMENTS {
                self.early.push((self.unwanted, c.to_comment()));
            } else if self.early_lost.is_none() {
                self.early_lost = Some((self.unwanted, c.span));
            }
        }
        false
    }
    fn wants_changed(&mut self) -> bool {
        // The game's tree was let go: comments held to be handed over are not wanted now.
        std::mem::take(&mut self.ask_again)
    }
    fn comments_left_out(&mut self, n: usize) {
        // The last `n` comments not wanted are movetext comments; the copies of those among
        // them that hold commands are built, in their order in the text.
        let from = self.unwanted.saturating_sub(n);
        let lost = self.early_lost.take().filter(|(k, _)| *k > from);
        let mut early = std::mem::take(&mut self.early);
        early.retain(|(k, _)| *k > from);
        early.sort_by_key(|(_, c)| c.span.start);
        self.left_out += n.saturating_sub(early.len());
        self.unwanted = 0;
        for (_, c) in &early {
            let _ = self.builder.comment(RawComment {
                text: &c.text,
                semicolon: c.semicolon,
                span: c.span,
            });
        }
        if let Some((_, at)) = lost {
            if !self.early_full && !self.moved && self.depth == 0 {
                self.stop_holding_early(at);
            }
        }
    }
    fn tag(&mut self, tag: &Tag) -> ControlFlow<()> {
        if !self.building() {
            return ControlFlow::Continue(());
        }
        // The comments before it were header comments.
        self.early.clear();
        let first = self.builder.game().is_none_or(|g| g.tags.is_empty());
        let read = first || crate::replay::reads_tag(&tag.name);
        let anchored = read && self.anchors.len() < TAGS_ANCHORED;
        if anchored {
            self.anchors.push(Anchor::new(tag.span));
        }
        let held = self.hold_header(tag.span);
        self.tags_left_out += usize::from(self.let_go && !held && !anchored);
        if held || anchored {
            self.builder.tag(tag)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn move_number(&mut self, number: &MoveNumber) -> ControlFlow<()> {
        if !self.building() {
            return ControlFlow::Continue(());
        }
        if self.drops(number.span) {
            return ControlFlow::Continue(());
        }
        self.maybe_cut(number.span);
        if self.depth == 0 {
            self.numbered = true;
        }
        self.builder.move_number(number)
    }
    fn mv(&mut self, mv: RawMove<'_>) -> ControlFlow<()> {
        if !self.building() {
            return ControlFlow::Continue(());
        }
        // The limit before the first move leaves out no move of the main line.
        if self.depth > 0 && self.drops(mv.span) {
            return ControlFlow::Continue(());
        }
        if self.depth == 0 {
            // Moves written without numbers: a part may be cut before one that no number
            // goes with.
            if !self.numbered {
                self.maybe_cut(mv.span);
            }
            self.numbered = false;
            self.moved = true;
            self.last_quiet = !mv
                .squares
                .iter()
                .any(|s| s.separator.is_some_and(|x| x.kind.is_capture()));
        }
        self.builder.mv(mv)
    }
    fn strength(&mut self, strength: &Strength) -> ControlFlow<()> {
        if self.building() && !self.drops(strength.span) {
            self.builder.strength(strength)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn ellipsis(&mut self, span: Span) -> ControlFlow<()> {
        if self.building() && !self.drops(span) {
            if self.depth == 0 {
                // A run of them may be long: a part may be cut before one that no number goes
                // with, and after one (it takes nothing).
                if !self.numbered {
                    self.maybe_cut(span);
                }
                self.last_quiet = true;
            }
            self.builder.ellipsis(span)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn comment(&mut self, c: RawComment<'_>) -> ControlFlow<()> {
        if !self.building() || self.drops(c.span) {
            return ControlFlow::Continue(());
        }
        // The replay reads only a comment's commands.
        if self.unread(c.span, c.text.contains("[%")) {
            self.builder.comment(c)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn nag(&mut self, value: u32, span: Span) -> ControlFlow<()> {
        if !self.building() || self.drops(span) {
            return ControlFlow::Continue(());
        }
        if self.unread(span, false) {
            self.builder.nag(value, span)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn setup(&mut self, setup: RawSetup<'_>) -> ControlFlow<()> {
        if self.building() && !self.drops(setup.span) {
            if self.depth == 0 {
                // As for `...`: the position is set, nothing is being taken.
                if !self.numbered {
                    self.maybe_cut(setup.span);
                }
                self.last_quiet = true;
            }
            self.builder.setup(setup)
        } else {
            ControlFlow::Continue(())
        }
    }
    fn begin_variation(&mut self, span: Span) -> ControlFlow<(), Skip> {
        if self.building() && self.drops(span) {
            // The reader still reports what it finds in it. Left out before the first move,
            // it is left out to its end.
            self.dropping = true;
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
    fn deep_skip(&mut self, span: Span) {
        // The text skipped would be held with the part: the variation is let go here, so
        // that it is not (the reader's S109 says what was skipped).
        if self.building() && !self.dropping && self.depth > 0 {
            self.let_variation_go(span, TooLong::Deep(self.options.read.max_depth));
        }
    }
    fn long_skip(&mut self, span: Span) {
        // The reader releases the token's text as it skips it, and the text before it with it:
        // what the part built so far needs of that text (quotes of its moves) is taken now, by
        // replaying the part here (in a variation, by letting the variation go). Before the
        // main line's first move, only in a game whose variant is declared: the first move of
        // a game without GameType is evidence of its variant (who moves first), which a part
        // replayed without it would lack.
        if !self.building() || self.dropping || !(self.moved || self.declared()) {
            return;
        }
        let why = TooLong::Token(crate::syntax::LONG_TOKEN);
        if self.depth > 0 {
            self.let_variation_go(span, why);
        } else {
            if !self.parted {
                self.let_go(span, why);
            }
            self.replay_part(false);
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
    fn keep_from(&mut self, reading_at: usize) -> Option<usize> {
        if !self.building() {
            // Every finding is about the token being read.
            return Some(usize::MAX);
        }
        // The game's text grew past the window: a tree handed over would hold it all.
        self.let_go(Span::point(reading_at), TooLong::Text(self.window()));
        if !self.parted {
            // The first part's replay quotes the moves it reads, and the tags: in the header,
            // the tags it reads are anchored.
            let in_header = self.builder.game().is_none_or(|g| g.body.is_empty());
            return Some(if in_header { usize::MAX } else { 0 });
        }
        let body = self
            .builder
            .game()
            .map(|g| g.body.as_slice())
            .unwrap_or(&[]);
        Some(body.first().map_or(usize::MAX, Element::start))
    }
    fn release(&mut self, piece: &SourcePiece<'_>, index: &LineIndex) {
        self.kept.quote(piece, index);
        for a in &mut self.anchors {
            a.quote(piece, index);
        }
        for d in self.replay.held_mut() {
            d.quote(piece, index);
        }
        if self.options.retain.text() && self.spill_error.is_none() {
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
            let whole = !self.parted && !self.let_go;
            self.in_parts = !whole;
            self.replay_part(true);
            if let Some(game) = self.builder.take_game() {
                match (self.options.retain.trees(), whole) {
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

/// Checks the chunks of `reader` as [`check_stream_with`] does, from where the reader stands
/// to the first chunk that starts at or after file offset `stop_at` (not read), or to the end of the file. `ctx` is the file's
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
        moved: false,
        numbered: false,
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
        let_go: false,
        held: 0,
        ask_again: false,
        too_long: None,
        tags_left_out: 0,
        early: Vec::new(),
        unwanted: 0,
        early_full: false,
        early_lost: None,
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
        check.let_go = false;
        check.held = 0;
        check.ask_again = false;
        check.too_long = None;
        check.tags_left_out = 0;
        check.early.clear();
        check.unwanted = 0;
        let Some(mut chunk) = reader.next_chunk_with(check)? else {
            break;
        };
        options.levels.retain_dialects(&mut chunk.dialects);
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
            too_long: check.too_long.take().filter(|_| parted),
            tags_left_out: std::mem::take(&mut check.tags_left_out),
            spilled: check.spilled.take(),
        });
        if flow.is_break() {
            break;
        }
    }
    Ok(())
}
