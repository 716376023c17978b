//! `pdn dedup`: games with the same main line (and, if asked, the same tags) across every input
//! file; the first in path order is kept. Reports the clusters, or writes the collection
//! without the copies (each kept game's original bytes).

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;

use clap::ArgMatches;
use pdnkit::check::CheckedGame;
use pdnkit::dedup::game_key;

use super::collect::{self, Emitting, InputArgs, Work};
use super::filter::FileState;
use super::printer::FileRecord;
use super::{EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK, exit_after_write};

/// Arguments of `pdn dedup`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Exit status: 0 no copies, 1 copies found, 2 a file could not be read. Examples:
  pdn dedup archive/                               which games are copies of which
  pdn dedup --same-tags Event,White,Black,Date a/ b/
  pdn dedup -o unique.pdn archive/                 the collection without the copies")]
pub struct Args {
    /// Files and reading options.
    #[command(flatten)]
    pub input: InputArgs,
    /// Copies must also have the same values of these tags (comma-separated).
    #[arg(long, value_name = "TAGS", value_delimiter = ',')]
    pub same_tags: Vec<String>,
    /// Write the collection without the copies to this file (`-`: standard output).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// A game's place: file, game number, line.
#[derive(Clone, Copy, Debug)]
struct Place {
    file: u32,
    game: u32,
    line: u32,
}

/// A game's number, line and key digest (`None`: too long to compare).
type Keyed = (u32, u32, Option<u128>);

/// A game's key as 128 bits: two hashes of it, each keyed at random for the run, so that no
/// input can be made for two different keys to give the same digest (the chance that two
/// differ with the same digest is about n²/2¹²⁹ for n games: under 10⁻²⁰ for a billion).
struct KeyDigest(std::hash::RandomState, std::hash::RandomState);

impl KeyDigest {
    fn new() -> Self {
        KeyDigest(std::hash::RandomState::new(), std::hash::RandomState::new())
    }

    fn of(&self, key: &[u8]) -> u128 {
        use std::hash::BuildHasher;
        (u128::from(self.0.hash_one(key)) << 64) | u128::from(self.1.hash_one(key))
    }
}

/// Says how many games were kept without being compared, when some were.
fn not_compared(n: usize) -> String {
    if n == 0 {
        String::new()
    } else {
        format!(", {n} too long to compare (kept)")
    }
}

/// Copies standard input to a temporary file (deleted when dropped).
fn spool_stdin() -> io::Result<tempfile::NamedTempFile> {
    let mut f = tempfile::NamedTempFile::new()?;
    io::copy(&mut io::stdin().lock(), f.as_file_mut())?;
    f.as_file_mut().flush()?;
    Ok(f)
}

/// Runs `pdn dedup`.
pub fn run(args: &Args, matches: Option<&ArgMatches>) -> i32 {
    let fail = |e: String| {
        eprintln!("pdn dedup: {e}");
        EXIT_FAILURE
    };
    let mut options = match args.input.options(matches) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    options.replay.record_moves = true;
    collect::bounded(&mut options, false);
    // Standard input is read twice to write the games kept: it is kept in a temporary file.
    let mut input = args.input.clone();
    let _spool = if args.output.is_some() && input.paths.iter().any(|p| p.as_os_str() == "-") {
        match spool_stdin() {
            Ok(f) => {
                input.stdin_spool = Some(f.path().to_path_buf());
                Some(f)
            }
            Err(e) => return fail(format!("cannot keep standard input to read it twice: {e}")),
        }
    } else {
        None
    };
    let tags = &args.same_tags;
    let mut names: Vec<String> = Vec::new();
    // Each game's key is held as its digest: about 40 bytes a game kept, 16 a copy.
    let digest = KeyDigest::new();
    let mut first: HashMap<u128, u32> = HashMap::new();
    let mut kept: Vec<Place> = Vec::new();
    // Each copy with the number of the game it copies (its cluster), in input order.
    let mut copies: Vec<(u32, Place)> = Vec::new();
    let mut uncompared = 0usize;
    let mut sink = io::sink();
    let outcome = collect::run(
        "dedup",
        &input,
        &options,
        Work {
            start: |name: &str| (name.to_string(), Vec::new()),
            game: |(name, keys): &mut (String, Vec<Keyed>), g: CheckedGame, _: &mut Vec<u8>| {
                let Some(i) = g.chunk.index else {
                    return;
                };
                if let (Some(key), Some(game)) = (game_key(&g, tags), g.chunk.game.as_ref()) {
                    let line = g.chunk.line_col(game.span.start).line;
                    keys.push((i as u32, line, Some(digest.of(&key))));
                } else if let Some(header) = g.header.as_ref().filter(|_| g.parted) {
                    let at = g.chunk.line_col(header.span.start);
                    eprintln!(
                        "{name}:{}:{}: warning: game {i} is kept without being compared: {} \
                         (F009): its moves are not held",
                        at.line,
                        at.column,
                        g.too_long.unwrap_or(pdnkit::check::TooLong::Moves)
                    );
                    keys.push((i as u32, at.line, None));
                }
            },
            end: |(_, keys), _: &FileRecord, _: &mut dyn FnMut(Vec<u8>) -> bool| keys,
        },
        &mut sink,
        |r, keys| {
            let file = names.len() as u32;
            names.push(r.path.clone());
            for (game, line, key) in keys {
                let place = Place { file, game, line };
                let Some(key) = key else {
                    uncompared += 1;
                    continue;
                };
                match first.get(&key) {
                    Some(&c) => copies.push((c, place)),
                    None => {
                        first.insert(key, kept.len() as u32);
                        kept.push(place);
                    }
                }
            }
        },
    );
    drop(first);
    // The copies of each kept game together, in the order the kept games came.
    copies.sort_by_key(|c| c.0);
    if outcome.nothing_found || outcome.run.failed > 0 {
        return EXIT_FAILURE;
    }
    let with_copies = copies.chunk_by(|a, b| a.0 == b.0).count();
    let clusters = || {
        copies
            .chunk_by(|a, b| a.0 == b.0)
            .map(|run| (&kept[run[0].0 as usize], run.iter().map(|c| &c.1)))
    };
    let copies_n = copies.len();
    let earned = if copies_n > 0 { EXIT_FINDINGS } else { EXIT_OK };
    let show = |p: &Place| format!("{}:{}: game {}", names[p.file as usize], p.line, p.game);
    let Some(path) = &args.output else {
        let mut out = io::stdout().lock();
        let mut written = Ok(());
        for (kept, dups) in clusters() {
            written = written.and_then(|()| {
                writeln!(out, "kept  {}", show(kept))?;
                for d in dups {
                    writeln!(out, "copy  {}", show(d))?;
                }
                Ok(())
            });
        }
        let written = written.and_then(|()| {
            writeln!(
                out,
                "{} game(s): {copies_n} copie(s) of {with_copies} game(s){}",
                outcome.run.all.games,
                not_compared(uncompared)
            )
        });
        return exit_after_write(written.and_then(|()| out.flush()), earned);
    };
    // Second pass: every game that is not a copy, as its bytes are in its file.
    let mut dropped: HashMap<&str, HashSet<u32>> = HashMap::new();
    for (_, p) in &copies {
        dropped
            .entry(names[p.file as usize].as_str())
            .or_default()
            .insert(p.game);
    }
    let mut out: Box<dyn Write> = if path.as_os_str() == "-" {
        Box::new(io::stdout().lock())
    } else {
        match File::create(path) {
            Ok(f) => Box::new(io::BufWriter::new(f)),
            Err(e) => return fail(format!("cannot write {}: {e}", path.display())),
        }
    };
    options.replay.record_moves = false;
    collect::bounded(&mut options, true);
    let mut copy_failed = false;
    let second = collect::run_emitting(
        "dedup",
        &input,
        &options,
        &Emitting {
            start: FileState::new,
            game: |s: &mut FileState, mut g: CheckedGame, emit: &mut dyn FnMut(Vec<u8>) -> bool| {
                let keep = (g.chunk.game.is_some() || g.parted)
                    && g.chunk.index.is_some_and(|i| {
                        !dropped
                            .get(s.path.as_str())
                            .is_some_and(|d| d.contains(&(i as u32)))
                    });
                s.take(&mut g, keep, emit);
            },
            end: |s: FileState, r: &FileRecord, emit: &mut dyn FnMut(Vec<u8>) -> bool| {
                s.finish(r, emit)
            },
        },
        &mut out,
        |r, failed| {
            if let Some(e) = failed {
                eprintln!("pdn dedup: {}: cannot copy the games: {e}", r.path);
                copy_failed = true;
            }
        },
    );
    eprintln!(
        "pdn dedup: {} game(s) written, {copies_n} copie(s) left out{}",
        outcome.run.all.games - copies_n,
        not_compared(uncompared)
    );
    let earned = if copy_failed { EXIT_FAILURE } else { earned };
    exit_after_write(second.written, earned)
}
