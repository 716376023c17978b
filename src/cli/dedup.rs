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

use super::collect::{self, InputArgs, Work};
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
    let tags = &args.same_tags;
    let mut names: Vec<String> = Vec::new();
    let mut first: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut clusters: Vec<(Place, Vec<Place>)> = Vec::new();
    let mut sink = io::sink();
    let outcome = collect::run(
        "dedup",
        &args.input,
        &options,
        Work {
            start: |_: &str| Vec::new(),
            game: |keys: &mut Vec<(usize, u32, Vec<u8>)>, g: CheckedGame, _: &mut Vec<u8>| {
                if let (Some(key), Some(i), Some(game)) =
                    (game_key(&g, tags), g.chunk.index, g.chunk.game.as_ref())
                {
                    keys.push((i, g.chunk.line_col(game.span.start).line, key));
                }
            },
            end: |keys, _: &FileRecord, _: &mut dyn FnMut(Vec<u8>) -> bool| keys,
        },
        &mut sink,
        |r, keys| {
            let file = names.len();
            names.push(r.path.clone());
            for (game, line, key) in keys {
                let place = Place { file, game, line };
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
                "{} game(s): {copies} copie(s) of {with_copies} game(s)",
                outcome.run.all.games
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
    let mut copy_failed = false;
    let second = collect::run(
        "dedup",
        &args.input,
        &options,
        Work {
            start: FileState::new,
            game: |s: &mut FileState, g: CheckedGame, _: &mut Vec<u8>| {
                let keep = g.chunk.game.is_some()
                    && g.chunk
                        .index
                        .is_some_and(|i| !dropped.contains(&(s.path.clone(), i)));
                s.take(&g, keep);
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
        "pdn dedup: {} game(s) written, {copies} copie(s) left out",
        outcome.run.all.games - copies
    );
    let earned = if copy_failed { EXIT_FAILURE } else { earned };
    exit_after_write(second.written, earned)
}
