//! `pdn filter`: select games and write them as they are in their files (the original bytes),
//! or list them.
//!
//! A selected game's place is kept as its offsets in the decoded text, counted at once in UTF-8
//! bytes, characters and UTF-16 units; once the file is over its encoding is known, and the
//! game's bytes are read back from the file at those offsets: exactly the bytes of the file,
//! whatever its encoding (UTF-8, UTF-16 and single-byte encodings; a file in a multi-byte
//! legacy encoding, or standard input, is written as its decoded text in UTF-8).

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use clap::ArgMatches;
use pdnkit::check::CheckedGame;
use pdnkit::filter::{
    Criteria, MoveSequence, PositionCriterion, ResultCriterion, TagCriterion, normalise_date,
    parse_range,
};
use pdnkit::replay::ForcedVariant;
use pdnkit::rules::Variant;
use pdnkit::source::Decoding;

use super::driver::{Failure, FileOut, FileSink, Opening, Run, run_files};
use super::input::{InputArgs, Retain};
use super::output::{self, Output};
use super::printer::{FileRecord, FileStatus};
use super::{EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK, exit_after_write};

/// Arguments of `pdn filter`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Criteria of different kinds must all hold; a criterion repeated holds when any of its values
does. Examples:
  pdn filter --tag White~Sijbrands games/ > sijbrands.pdn
  pdn filter --player 'Baba Sy' --result draw --list archive/
  pdn filter --with-code R305 --list corpus/      games with a missed capture
  pdn filter --starts '32-28 19-23' --in-variant international big.pdn
  pdn filter --position 'W:W31-50:B1-20' --any-line games/
  pdn filter --clean --invert -o broken.pdn archive/")]
pub struct Args {
    /// Files and reading options.
    #[command(flatten)]
    pub input: InputArgs,
    /// A tag: `NAME=VALUE` (exact), `NAME~TEXT` (contains, any case), `NAME=~REGEX`.
    #[arg(long, value_name = "TAG")]
    pub tag: Vec<String>,
    /// A player, White or Black (names folded: case, spaces, dots, accents; a part of the name
    /// is enough).
    #[arg(long, value_name = "NAME")]
    pub player: Vec<String>,
    /// Games replayed as this variant.
    #[arg(long, value_name = "VARIANT")]
    pub in_variant: Vec<String>,
    /// The result as written (`1-0`, `0-1`, `1/2-1/2`, `2-0`, `0-2`, `1-1`, `0-0`, `*`), or
    /// `draw`, or `decided`.
    #[arg(long, value_name = "RESULT")]
    pub result: Vec<String>,
    /// Plies of the main line: `40..80`, `..20`, `100..`, `42`.
    #[arg(long, value_name = "RANGE")]
    pub plies: Vec<String>,
    /// The Date tag: `1990..1999`, `2004.05..2004.06`, `..1950`.
    #[arg(long, value_name = "RANGE")]
    pub date: Vec<String>,
    /// Games without errors or warnings (a dialect of the whole file, reported once at its
    /// first place, counts in every game that shows it).
    #[arg(long)]
    pub clean: bool,
    /// Games with a diagnostic of this code (or showing the dialect of this code).
    #[arg(long, value_name = "CODE")]
    pub with_code: Vec<String>,
    /// The main line starts with these moves (`32-28 19-23`).
    #[arg(long, value_name = "MOVES")]
    pub starts: Vec<String>,
    /// The main line holds these moves one after the other, anywhere.
    #[arg(long, value_name = "MOVES")]
    pub moves: Vec<String>,
    /// A position (FEN, in the game's notation) reached on the main line.
    #[arg(long, value_name = "FEN")]
    pub position: Vec<String>,
    /// `--position` looks in variations too.
    #[arg(long, requires = "position")]
    pub any_line: bool,
    /// Select the games that do not match.
    #[arg(long)]
    pub invert: bool,
    /// List the selected games (file, game, line, tags) instead of writing them.
    #[arg(long)]
    pub list: bool,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

fn collect<T>(v: &[String], f: impl Fn(&str) -> Result<T, String>) -> Result<Vec<T>, String> {
    v.iter().map(|s| f(s)).collect()
}

/// Reads the command line into criteria.
fn criteria(args: &Args) -> Result<Criteria, String> {
    let u32_of = |s: &str| s.parse::<u32>().map_err(|e| format!("`{s}`: {e}"));
    Ok(Criteria {
        tags: collect(&args.tag, TagCriterion::parse)?,
        players: args.player.clone(),
        variants: args
            .in_variant
            .iter()
            .map(|s| match s.parse::<ForcedVariant>() {
                Ok(ForcedVariant::Replay(v)) => Ok(v),
                _ => s.parse::<Variant>().map_err(|e| e.to_string()),
            })
            .collect::<Result<_, _>>()?,
        results: collect(&args.result, ResultCriterion::parse)?,
        plies: args
            .plies
            .iter()
            .map(|s| parse_range(s, u32_of).and_then(|r| not_empty(s, r)))
            .collect::<Result<_, _>>()?,
        dates: args
            .date
            .iter()
            .map(|s| {
                let r = parse_range(s, |t| {
                    normalise_date(t, false).ok_or_else(|| format!("`{t}`: not a date"))
                })?;
                // An upper bound covers the whole of the period it names.
                let max = match s.split_once("..") {
                    Some((_, b)) if !b.trim().is_empty() => normalise_date(b, true),
                    None => normalise_date(s, true),
                    _ => None,
                };
                not_empty(s, pdnkit::filter::Range { min: r.min, max })
            })
            .collect::<Result<_, String>>()?,
        clean: args.clean,
        codes: args
            .with_code
            .iter()
            .map(|c| match pdnkit::lint::codes::lookup(c) {
                Some(code) => Ok(code.code.to_string()),
                None => Err(format!(
                    "--with-code `{c}` is neither a diagnostic code nor a code's name (`pdn \
                     explain` lists the codes)"
                )),
            })
            .collect::<Result<_, _>>()?,
        starts: collect(&args.starts, MoveSequence::parse)?,
        contains: collect(&args.moves, MoveSequence::parse)?,
        positions: args
            .position
            .iter()
            .map(|f| PositionCriterion {
                fen: f.clone(),
                any_line: args.any_line,
            })
            .collect(),
        invert: args.invert,
    })
}

/// `range` (as given: `given`), or the reason no value can be in it.
fn not_empty<T: PartialOrd>(
    given: &str,
    range: pdnkit::filter::Range<T>,
) -> Result<pdnkit::filter::Range<T>, String> {
    match (&range.min, &range.max) {
        (Some(a), Some(b)) if a > b => Err(format!(
            "`{given}` is an empty range: its lower end is above its upper end (write `A..B` \
             with A at most B)"
        )),
        _ => Ok(range),
    }
}

/// A place in the decoded text, counted three ways.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Place {
    utf8: u64,
    chars: u64,
    utf16: u64,
}

impl Place {
    pub(super) fn advance(&mut self, text: &str) {
        self.advance_bytes(text.as_bytes());
    }

    /// Moves over `bytes`, a piece of UTF-8 text that may start or end inside a character:
    /// a character counts at its first byte.
    fn advance_bytes(&mut self, bytes: &[u8]) {
        self.utf8 += bytes.len() as u64;
        for &b in bytes {
            if b & 0xC0 != 0x80 {
                self.chars += 1;
                // Four bytes: outside the Basic Multilingual Plane, two UTF-16 units.
                self.utf16 += if b >= 0xF0 { 2 } else { 1 };
            }
        }
    }
}

/// Bytes written at a time of a game too long to hold.
const BLOCK: usize = 1 << 16;

/// What a file's run keeps.
pub(super) struct FileState {
    /// The file's name as shown.
    pub(super) path: String,
    /// The file's path, to read its bytes again (a name shown may not be the path: a path
    /// that is not UTF-8 is shown with replacement characters).
    pub(super) file: std::path::PathBuf,
    pub(super) at: Place,
    /// The selected games' places, start and end.
    pub(super) selected: Vec<(Place, Place)>,
    pub(super) count: u64,
    /// The first error met while reading back a long game's text.
    pub(super) failed: Option<io::Error>,
}

impl FileState {
    /// A file's state before its first game.
    pub(super) fn new(file: &Opening<'_>) -> Self {
        FileState {
            path: file.name.to_string(),
            file: file.path.to_path_buf(),
            at: Place::default(),
            selected: Vec::new(),
            count: 0,
            failed: None,
        }
    }

    /// Passes over a game's chunk; keeps the game's place when `keep`, or, from standard input
    /// (which cannot be read again), writes its text to `emit` at once. A chunk whose text
    /// was partly released (a long game) is read back from [`CheckedGame::text`].
    pub(super) fn take(
        &mut self,
        g: &mut CheckedGame,
        keep: bool,
        emit: &mut dyn FnMut(Vec<u8>) -> bool,
    ) {
        self.count += u64::from(keep);
        // The game's own text, from its first tag or move to its terminator; the blank lines
        // between games are written as one blank line.
        let span = g
            .chunk
            .game
            .as_ref()
            .or(g.header.as_ref())
            .map(|gm| gm.span)
            .filter(|_| keep);
        if g.chunk.released == 0 {
            let chunk_start = self.at;
            self.at.advance(&g.chunk.text);
            let Some(span) = span else {
                return;
            };
            let text = &g.chunk.text;
            let a = span.start.saturating_sub(g.chunk.offset).min(text.len());
            let b = span.end.saturating_sub(g.chunk.offset).clamp(a, text.len());
            if self.path == "-" {
                let mut bytes = text.get(a..b).unwrap_or(text).as_bytes().to_vec();
                bytes.extend_from_slice(b"\n\n");
                // The game is over: an empty piece marks it.
                if emit(bytes) {
                    emit(Vec::new());
                }
            } else {
                let mut start = chunk_start;
                start.advance(text.get(..a).unwrap_or(""));
                let mut end = start;
                end.advance(text.get(a..b).unwrap_or(""));
                self.selected.push((start, end));
            }
            return;
        }
        if let Err(e) = self.take_released(g, span, emit) {
            self.failed.get_or_insert(e);
        }
    }

    /// [`FileState::take`] of a chunk whose text was partly released: its whole text is read
    /// back block by block, counting places, and, from standard input, the game's bytes are
    /// written as they come.
    fn take_released(
        &mut self,
        g: &mut CheckedGame,
        span: Option<pdnkit::source::Span>,
        emit: &mut dyn FnMut(Vec<u8>) -> bool,
    ) -> io::Result<()> {
        if g.spilled.is_none() {
            return Err(io::Error::other(format!(
                "the text of game {} could not be kept while it was read",
                g.chunk.index.unwrap_or(0)
            )));
        }
        let whole = (g.chunk.released + g.chunk.text.len()) as u64;
        let chunk_offset = (g.chunk.offset - g.chunk.released) as u64;
        let (a, b) = span.map_or((whole, whole), |s| {
            let a = (s.start as u64).saturating_sub(chunk_offset).min(whole);
            (
                a,
                (s.end as u64).saturating_sub(chunk_offset).clamp(a, whole),
            )
        });
        let stdin = self.path == "-";
        let mut start = None;
        let mut end = None;
        let mut open = true;
        let mut read = 0u64;
        let mut text = g.text()?;
        let mut buf = vec![0u8; BLOCK];
        loop {
            let n = text.read(&mut buf)?;
            if n == 0 {
                break;
            }
            let piece = &buf[..n];
            let (lo, hi) = (read, read + n as u64);
            // Where the game starts and ends in this block, if it does.
            let cut = |x: u64| (x.clamp(lo, hi) - lo) as usize;
            if start.is_none() && a < hi {
                self.at.advance_bytes(&piece[..cut(a)]);
                start = Some(self.at);
                self.at.advance_bytes(&piece[cut(a)..]);
            } else {
                self.at.advance_bytes(piece);
            }
            if end.is_none() && b <= hi && start.is_some() {
                let mut e = self.at;
                // Back from the block's end to `b`.
                let mut back = Place::default();
                back.advance_bytes(&piece[cut(b)..]);
                e.utf8 -= back.utf8;
                e.chars -= back.chars;
                e.utf16 -= back.utf16;
                end = Some(e);
            }
            if stdin && open && span.is_some() && a < hi && b > lo {
                open = emit(piece[cut(a)..cut(b)].to_vec());
            }
            read = hi;
        }
        if span.is_none() {
            return Ok(());
        }
        let start = start.unwrap_or(self.at);
        let end = end.unwrap_or(self.at);
        if stdin {
            if open && emit(b"\n\n".to_vec()) {
                emit(Vec::new());
            }
        } else {
            self.selected.push((start, end));
        }
        Ok(())
    }

    /// The file is over: writes the kept games' bytes; the error says why they could not be.
    pub(super) fn finish(
        self,
        r: &FileRecord,
        emit: &mut dyn FnMut(Vec<u8>) -> bool,
    ) -> Option<String> {
        if !matches!(r.status, FileStatus::Read) {
            return None;
        }
        if let Some(e) = &self.failed {
            return Some(e.to_string());
        }
        if self.file.as_os_str() == "-" {
            return None;
        }
        copy_games(&self, r, emit).err().map(|e| e.to_string())
    }
}

/// The tree of a chunk's game: whole, or without its moves for a game too long to hold.
fn tree_of(g: &CheckedGame) -> Option<&pdnkit::syntax::Game> {
    g.chunk
        .game
        .as_ref()
        .or(g.header.as_ref().filter(|_| g.chunk.index.is_some()))
}

pub(super) fn list_line(file: &str, g: &CheckedGame) -> String {
    let game = tree_of(g);
    let tag = |n: &str| {
        game.and_then(|gm| gm.tag(n))
            .unwrap_or("?")
            .trim()
            .to_string()
    };
    let line = game.map_or(g.chunk.first_line, |gm| {
        g.chunk.line_col(gm.span.start).line
    });
    format!(
        "{file}:{line}: game {}: {} - {} | {} | {} | {}\n",
        g.chunk.index.unwrap_or(0),
        tag("White"),
        tag("Black"),
        tag("Event"),
        tag("Date"),
        tag("Result")
    )
}

/// The byte offset of `p` in a file decoded as `d`, or `None` when it cannot be known.
fn byte_offset(p: Place, d: &Decoding) -> Option<u64> {
    let e = d.encoding;
    let bom = if d.bom {
        if e == encoding_rs::UTF_8 { 3 } else { 2 }
    } else {
        0
    };
    let n = if e == encoding_rs::UTF_8 {
        p.utf8
    } else if e == encoding_rs::UTF_16LE || e == encoding_rs::UTF_16BE {
        2 * p.utf16
    } else if e.is_single_byte() {
        p.chars
    } else {
        return None;
    };
    Some(bom + n)
}

/// Of a UTF-8 file some of whose bytes were replaced by U+FFFD (an invalid sequence of one or
/// two bytes became three bytes of text), the byte offsets of the selected games' ends, found
/// by reading the file again; `None` for any other file, whose offsets follow from its text.
fn utf8_with_replacements(
    file: &mut File,
    s: &FileState,
    r: &FileRecord,
) -> io::Result<Option<Vec<u64>>> {
    let Some(d) = r
        .totals
        .decoding
        .filter(|d| d.encoding == encoding_rs::UTF_8)
    else {
        return Ok(None);
    };
    let bom = if d.bom { 3 } else { 0 };
    // Replacements that keep the length (three bytes for three) move no place.
    if file.metadata()?.len() == bom + r.totals.bytes as u64 || s.selected.is_empty() {
        return Ok(None);
    }
    file.seek(SeekFrom::Start(bom))?;
    let places: Vec<u64> = s
        .selected
        .iter()
        .flat_map(|(a, b)| [a.utf8, b.utf8])
        .collect();
    let raw = pdnkit::source::utf8_raw_offsets(io::BufReader::new(&mut *file), &places)?;
    Ok(Some(raw.into_iter().map(|o| o + bom).collect()))
}

/// The byte ranges in the file of the kept games' places, or `None` when the file's encoding
/// does not allow them to be known.
pub(super) fn byte_ranges(s: &FileState, r: &FileRecord) -> io::Result<Option<Vec<(u64, u64)>>> {
    byte_ranges_in(&mut File::open(&s.file)?, s, r)
}

/// [`byte_ranges`] of the file opened as `file`.
fn byte_ranges_in(
    file: &mut File,
    s: &FileState,
    r: &FileRecord,
) -> io::Result<Option<Vec<(u64, u64)>>> {
    let raw = utf8_with_replacements(file, s, r)?;
    let decoding = r.totals.decoding;
    Ok(s.selected
        .iter()
        .enumerate()
        .map(|(k, &(start, end))| match &raw {
            Some(offsets) => offsets
                .get(2 * k)
                .zip(offsets.get(2 * k + 1))
                .map(|(a, b)| (*a, *b)),
            None => decoding
                .as_ref()
                .and_then(|d| Some((byte_offset(start, d)?, byte_offset(end, d)?))),
        })
        .collect())
}

/// Copies the selected games' bytes from the file, game by game.
fn copy_games(
    s: &FileState,
    r: &FileRecord,
    emit: &mut dyn FnMut(Vec<u8>) -> bool,
) -> io::Result<()> {
    let mut file = File::open(&s.file)?;
    let Some(ranges) = byte_ranges_in(&mut file, s, r)? else {
        return Err(io::Error::other(
            "its encoding is not one whose bytes can be copied",
        ));
    };
    for (a, b) in ranges {
        file.seek(SeekFrom::Start(a))?;
        // A long game is copied a block at a time; the others in one piece, as before.
        let mut left = b - a;
        loop {
            let n = left.min(BLOCK as u64);
            let mut buf = Vec::with_capacity(n as usize + 2);
            (&mut file).take(n).read_to_end(&mut buf)?;
            if (buf.len() as u64) < n {
                return Err(io::Error::other(
                    "the file is shorter than when it was read",
                ));
            }
            left -= n;
            if left == 0 {
                buf.extend_from_slice(b"\n\n");
            }
            if !emit(buf) {
                return Ok(());
            }
            if left == 0 {
                // The game is over: an empty piece marks it.
                emit(Vec::new());
                break;
            }
        }
    }
    Ok(())
}

/// What `pdn filter` does with each file.
struct FilterWork<'a> {
    criteria: &'a Criteria,
    list: bool,
    /// The criteria given that need moves, as named on the command line.
    unjudged_by: String,
}

/// A file's state and the games that could not be judged.
type FilterState = (FileState, u64);

impl FileSink for FilterWork<'_> {
    type File = FilterState;
    /// Games selected, games that could not be judged, and why the selected ones could not
    /// be copied.
    type Done = (u64, u64, Option<String>);

    fn retain(&self) -> Retain {
        // Selected games are written as they are; a long one is read back from where its text
        // was kept while it was read.
        if self.list {
            Retain::Trees
        } else {
            Retain::TreesAndText
        }
    }

    fn begin(&self, file: &Opening<'_>) -> FilterState {
        (FileState::new(file), 0)
    }

    fn game(
        &self,
        (s, unjudged): &mut FilterState,
        mut g: CheckedGame,
        out: &mut FileOut<'_>,
    ) -> ControlFlow<()> {
        let judged = self.criteria.judge(&g);
        if judged.is_none() {
            *unjudged += 1;
            let at = tree_of(&g).map_or(g.chunk.start(), |gm| g.chunk.line_col(gm.span.start));
            // In order with the file's other output, from the file's job.
            out.say(format!(
                "{}:{}:{}: warning: game {} is not selected: {} (F009): its moves are not held, so \
                 {} cannot judge it\n",
                s.path,
                at.line,
                at.column,
                g.chunk.index.unwrap_or(0),
                g.too_long.unwrap_or(pdnkit::check::TooLong::Moves),
                self.unjudged_by
            ));
        }
        let keep = judged == Some(true);
        let mut emit = out.marking();
        if keep && self.list && emit(list_line(&s.path, &g).into_bytes()) {
            emit(Vec::new());
        }
        if self.list {
            // Listed, not copied: no place is needed (nor is a long game's text kept).
            s.count += u64::from(keep);
        } else {
            s.take(&mut g, keep, &mut emit);
        }
        ControlFlow::Continue(())
    }

    fn end(
        &self,
        (s, unjudged): FilterState,
        r: &FileRecord,
        _: Option<&Failure>,
        out: &mut FileOut<'_>,
    ) -> Self::Done {
        let count = s.count;
        (count, unjudged, s.finish(r, &mut out.marking()))
    }
}

/// Runs `pdn filter`. Exit status: 0 when games were selected, 1 when none was.
pub fn run(args: &Args, matches: Option<&ArgMatches>) -> i32 {
    let fail = |e: String| {
        eprintln!("pdn filter: {e}");
        EXIT_FAILURE
    };
    let criteria = match criteria(args) {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    let mut options = match args.input.options(matches) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    options.replay.record_moves = criteria.needs_moves();
    if let Err(e) = output::refuse_input(args.output.as_deref(), &args.input, false) {
        return fail(e);
    }
    let mut out = match Output::open(args.output.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            let name = args.output.as_deref().unwrap_or(Path::new("-"));
            return fail(format!("cannot write {}: {e}", name.display()));
        }
    };
    let unjudged_by = [
        ("--starts", args.starts.is_empty()),
        ("--moves", args.moves.is_empty()),
        ("--position", args.position.is_empty()),
    ]
    .iter()
    .filter(|(_, none)| !none)
    .map(|(f, _)| *f)
    .collect::<Vec<_>>()
    .join(", ");
    let mut selected = 0u64;
    let mut unjudged = 0u64;
    let mut copy_failed = false;
    let work = FilterWork {
        criteria: &criteria,
        list: args.list,
        unjudged_by,
    };
    let run = Run::new("filter", &args.input, &options);
    let outcome = run_files(&run, &work, &mut out, |r, (n, u, failed)| {
        selected += n;
        unjudged += u;
        if let Some(e) = failed {
            eprintln!(
                "pdn filter: {}: cannot copy the selected games: {e}",
                r.path
            );
            copy_failed = true;
        }
    });
    // The output is put in place only when everything was written.
    let written = outcome.written.and_then(|()| out.finish(true));
    let games_out = out.games_written();
    let earned = if outcome.nothing_found || outcome.run.failed > 0 || copy_failed {
        EXIT_FAILURE
    } else if selected.max(games_out) == 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };
    let what = if args.list { "listed" } else { "written" };
    match &written {
        Ok(()) => {
            let unjudged = if unjudged > 0 {
                format!(", {unjudged} could not be judged (not selected)")
            } else {
                String::new()
            };
            eprintln!(
                "pdn filter: {selected} of {} game(s) selected{unjudged}",
                outcome.run.all.games
            );
        }
        // The run stopped where the output did: the games after it were not judged.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            eprintln!("pdn filter: {games_out} game(s) {what} before the output closed");
        }
        Err(_) => eprintln!("pdn filter: {games_out} game(s) {what} before the output failed"),
    }
    exit_after_write(written, earned)
}
