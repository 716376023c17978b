//! `pdn filter`: select games and write them as they are in their files (the original bytes),
//! or list them.
//!
//! A selected game's place is kept as its offsets in the decoded text, counted at once in UTF-8
//! bytes, characters and UTF-16 units; once the file is over its encoding is known, and the
//! game's bytes are read back from the file at those offsets: exactly the bytes of the file,
//! whatever its encoding (UTF-8, UTF-16 and single-byte encodings; a file in a multi-byte
//! legacy encoding, or standard input, is written as its decoded text in UTF-8).

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::PathBuf;

use clap::ArgMatches;
use pdnkit::check::CheckedGame;
use pdnkit::filter::{
    Criteria, MoveSequence, PositionCriterion, ResultCriterion, TagCriterion, normalise_date,
    parse_range,
};
use pdnkit::replay::ForcedVariant;
use pdnkit::rules::Variant;
use pdnkit::source::Decoding;

use super::collect::{self, InputArgs, Work};
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
    /// Games without errors or warnings.
    #[arg(long)]
    pub clean: bool,
    /// Games with a diagnostic of this code.
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
    #[arg(long)]
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
            .map(|s| parse_range(s, u32_of))
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
                Ok(pdnkit::filter::Range { min: r.min, max })
            })
            .collect::<Result<_, String>>()?,
        clean: args.clean,
        codes: args.with_code.clone(),
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

/// A place in the decoded text, counted three ways.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Place {
    utf8: u64,
    chars: u64,
    utf16: u64,
}

impl Place {
    pub(super) fn advance(&mut self, text: &str) {
        self.utf8 += text.len() as u64;
        for c in text.chars() {
            self.chars += 1;
            self.utf16 += c.len_utf16() as u64;
        }
    }
}

/// What a file's run keeps.
pub(super) struct FileState {
    pub(super) path: String,
    pub(super) at: Place,
    /// The selected games' places, start and end.
    pub(super) selected: Vec<(Place, Place)>,
    /// The selected games' text, kept only for standard input (it cannot be read again).
    pub(super) texts: Vec<String>,
    pub(super) count: u64,
}

impl FileState {
    /// A file's state before its first game.
    pub(super) fn new(path: &str) -> Self {
        FileState {
            path: path.to_string(),
            at: Place::default(),
            selected: Vec::new(),
            texts: Vec::new(),
            count: 0,
        }
    }

    /// Passes over a game's chunk; keeps the game's place (or text) when `keep`.
    pub(super) fn take(&mut self, g: &CheckedGame, keep: bool) {
        let chunk_start = self.at;
        self.at.advance(&g.chunk.text);
        if !keep {
            return;
        }
        self.count += 1;
        // The game's own text, from its first tag or move to its terminator; the blank lines
        // between games are written as one blank line.
        let Some(span) = g.chunk.game.as_ref().map(|gm| gm.span) else {
            return;
        };
        let text = &g.chunk.text;
        let a = span.start.saturating_sub(g.chunk.offset).min(text.len());
        let b = span.end.saturating_sub(g.chunk.offset).clamp(a, text.len());
        if self.path == "-" {
            self.texts.push(text.get(a..b).unwrap_or(text).to_string());
        } else {
            let mut start = chunk_start;
            start.advance(text.get(..a).unwrap_or(""));
            let mut end = start;
            end.advance(text.get(a..b).unwrap_or(""));
            self.selected.push((start, end));
        }
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
        for t in &self.texts {
            let mut b = t.clone().into_bytes();
            b.extend_from_slice(b"\n\n");
            if !emit(b) {
                break;
            }
        }
        copy_games(&self, r, emit).err().map(|e| e.to_string())
    }
}

pub(super) fn list_line(file: &str, g: &CheckedGame) -> String {
    let game = g.chunk.game.as_ref();
    let tag = |n: &str| {
        game.and_then(|gm| gm.tag(n))
            .unwrap_or("?")
            .trim()
            .to_string()
    };
    let line = g.chunk.game.as_ref().map_or(g.chunk.first_line, |gm| {
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

/// Copies the selected games' bytes from the file, game by game.
fn copy_games(
    s: &FileState,
    r: &FileRecord,
    emit: &mut dyn FnMut(Vec<u8>) -> bool,
) -> io::Result<()> {
    let decoding = r.totals.decoding;
    let mut file = File::open(&s.path)?;
    for &(start, end) in &s.selected {
        let range = decoding
            .as_ref()
            .and_then(|d| Some((byte_offset(start, d)?, byte_offset(end, d)?)));
        let Some((a, b)) = range else {
            return Err(io::Error::other(
                "its encoding is not one whose bytes can be copied",
            ));
        };
        file.seek(SeekFrom::Start(a))?;
        let mut buf = Vec::with_capacity((b - a) as usize);
        (&mut file).take(b - a).read_to_end(&mut buf)?;
        buf.extend_from_slice(b"\n\n");
        if !emit(buf) {
            break;
        }
    }
    Ok(())
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
    let mut out: Box<dyn Write> = match &args.output {
        Some(p) => match File::create(p) {
            Ok(f) => Box::new(io::BufWriter::new(f)),
            Err(e) => return fail(format!("cannot write {}: {e}", p.display())),
        },
        None => Box::new(io::stdout().lock()),
    };
    let list = args.list;
    let mut selected = 0u64;
    let mut copy_failed = false;
    let outcome = collect::run(
        "filter",
        &args.input,
        &options,
        Work {
            start: FileState::new,
            game: |s: &mut FileState, g: CheckedGame, buf: &mut Vec<u8>| {
                let keep = criteria.select(&g);
                if keep && list {
                    buf.extend_from_slice(list_line(&s.path, &g).as_bytes());
                }
                s.take(&g, keep && !list);
                s.count += u64::from(keep && list);
            },
            end: |s: FileState, r: &FileRecord, emit: &mut dyn FnMut(Vec<u8>) -> bool| {
                let count = s.count;
                (count, s.finish(r, emit))
            },
        },
        &mut out,
        |r, (n, failed)| {
            selected += n;
            if let Some(e) = failed {
                eprintln!(
                    "pdn filter: {}: cannot copy the selected games: {e}",
                    r.path
                );
                copy_failed = true;
            }
        },
    );
    let earned = if outcome.nothing_found || outcome.run.failed > 0 || copy_failed {
        EXIT_FAILURE
    } else if selected == 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };
    eprintln!(
        "pdn filter: {selected} of {} game(s) selected",
        outcome.run.all.games
    );
    exit_after_write(outcome.written, earned)
}
