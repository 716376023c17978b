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
#[derive(Clone, Debug)]
struct Place {
    file: usize,
    game: usize,
    line: u32,
}

/// A game's number, line and key (`None`: too long to compare).
type Keyed = (usize, u32, Option<Vec<u8>>);

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
    let mut first: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut clusters: Vec<(Place, Vec<Place>)> = Vec::new();
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
                    keys.push((i, g.chunk.line_col(game.span.start).line, Some(key)));
                } else if let Some(header) = g.header.as_ref().filter(|_| g.parted) {
                    let at = g.chunk.line_col(header.span.start);
                    eprintln!(
                        "{name}:{}:{}: warning: game {i} is kept without being compared: {} \
                         (F009): its moves are not held",
                        at.line,
                        at.column,
                        g.too_long.unwrap_or(pdnkit::check::TooLong::Moves)
                    );
                    keys.push((i, at.line, None));
                }
            },
            end: |(_, keys), _: &FileRecord, _: &mut dyn FnMut(Vec<u8>) -> bool| keys,
        },
        &mut sink,
        |r, keys| {
            let file = names.len();
            names.push(r.path.clone());
            for (game, line, key) in keys {
                let place = Place { file, game, line };
                let Some(key) = key else {
                    uncompared += 1;
                    continue;
                };
                match first.get(&key) {
                    Some(&c) => clusters[c].1.push(place),
                    None => {
                        first.insert(key, clusters.len());
                        clusters.push((place, Vec::new()));
                    }
                }
            }
        },
    );
    drop(first);
    if outcome.nothing_found || outcome.run.failed > 0 {
        return EXIT_FAILURE;
    }
    let copies: usize = clusters.iter().map(|c| c.1.len()).sum();
    let with_copies = clusters.iter().filter(|c| !c.1.is_empty()).count();
    let earned = if copies > 0 { EXIT_FINDINGS } else { EXIT_OK };
    let show = |p: &Place| format!("{}:{}: game {}", names[p.file], p.line, p.game);
    let Some(path) = &args.output else {
        let mut out = io::stdout().lock();
        let mut written = Ok(());
        for (kept, dups) in clusters.iter().filter(|c| !c.1.is_empty()) {
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
                "{} game(s): {copies} copie(s) of {with_copies} game(s){}",
                outcome.run.all.games,
                not_compared(uncompared)
            )
        });
        return exit_after_write(written.and_then(|()| out.flush()), earned);
    };
    // Second pass: every game that is not a copy, as its bytes are in its file.
    let dropped: HashSet<(String, usize)> = clusters
        .iter()
        .flat_map(|c| c.1.iter())
        .map(|p| (names[p.file].clone(), p.game))
        .collect();
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
                    && g.chunk
                        .index
                        .is_some_and(|i| !dropped.contains(&(s.path.clone(), i)));
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
        "pdn dedup: {} game(s) written, {copies} copie(s) left out{}",
        outcome.run.all.games - copies,
        not_compared(uncompared)
    );
    let earned = if copy_failed { EXIT_FAILURE } else { earned };
    exit_after_write(second.written, earned)
}
