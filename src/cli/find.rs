//! `pdn find`: select games by what happens on the board and say where: an exact position, a
//! partial one, material, moves in a row. The selected games are written as they are in
//! their files (the original bytes, as `pdn filter` writes them), or listed with the places
//! they match (`--list`, `--format json`). With `--index`, the index names the games that may
//! hold the position and only those are read.

use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use clap::{ArgMatches, ValueEnum};
use pdnkit::check::CheckedGame;
use pdnkit::filter::MoveSequence;
use pdnkit::search::{Hit, HitKind, Manoeuvre, Material, Pattern, Query, Searcher, Verdict};
use serde::Serialize;

use super::driver::{Failure, FileOut, FileSink, Opening, Run, run_files};
use super::filter::FileState;
use super::input::{InputArgs, Retain};
use super::output::{self, Output};
use super::printer::FileRecord;
use super::{EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK, exit_after_write};

/// Output formats of `pdn find`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum FindFormat {
    /// The selected games as they are in their files (or `--list`'s lines).
    #[default]
    Pdn,
    /// One JSON object a line per selected game, with every place it matches.
    Json,
}

/// Arguments of `pdn find`.
#[derive(clap::Args, Debug)]
#[command(mut_arg("paths", |a| a.required(false)))]
#[command(after_help = "\
Position criteria (--fen, --pattern, --material) must hold together on one position;
--sequence must hold too when given. A criterion repeated holds when any of its values does.
Patterns (docs/search.md): [W|B:] LISTS [| LISTS] [! LISTS], a LIST being W, B or E and
squares: `W:W28,K45,*33:B19,23:E24` (28 a white man, 45 a white king, 33 any white piece,
19 and 23 black men, 24 empty), `| ...` at least one of, `! ...` none of. Examples:
  pdn find --fen 'W:W31-50:B1-19,21' games/ --list
  pdn find --pattern 'W:W28,32:B23,19' --min-plies 4 archive/ -o theme.pdn
  pdn find --material 'wk=1,bm=3..4,bk=0' --list archive/
  pdn find --sequence '32-28 18-23 * 23x32' --format json archive/
  pdn find --manoeuvre K46x2 --after 'B:E1-5' --list archive/
  pdn find --index archive.pdnidx --fen 'B:W28,31-50:B1-20'")]
pub struct Args {
    /// Files and reading options (with --index: the files are the index's own, and no path
    /// is needed).
    #[command(flatten)]
    pub input: InputArgs,
    /// An exact position, with the side to move (a FEN, in the game's notation).
    #[arg(long, value_name = "FEN")]
    pub fen: Vec<String>,
    /// Also find --fen's position with colours swapped (the board turned half a turn, each
    /// piece given to the other side, the other side to move).
    #[arg(long, requires = "fen")]
    pub mirror: bool,
    /// A partial position (docs/search.md).
    #[arg(long, value_name = "PATTERN")]
    pub pattern: Vec<String>,
    /// Men and kings per side, as ranges: `wm=3..5,wk=0,bm=..4,bk=1..` (`w`, `b`: all pieces).
    #[arg(long, value_name = "COUNTS")]
    pub material: Option<String>,
    /// Moves in a row anywhere in a line: `32-28 18-23 * 23x32` (`*`: any one move).
    #[arg(long, value_name = "MOVES")]
    pub sequence: Vec<String>,
    /// A piece's path: `K46x2` (a king captures from 46 and lands on 2), `M32-28-23` (a man
    /// goes 32-28, then on a later move 28-23); K or M optional.
    #[arg(long, value_name = "PATH")]
    pub manoeuvre: Option<String>,
    /// A pattern that must hold before the manoeuvre's first move.
    #[arg(long, value_name = "PATTERN", requires = "manoeuvre")]
    pub before: Option<String>,
    /// A pattern that must hold after the manoeuvre's last move.
    #[arg(long, value_name = "PATTERN", requires = "manoeuvre")]
    pub after: Option<String>,
    /// The position criteria hold for this many positions in a row (plies), at least.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub min_plies: u32,
    /// Look in variations too.
    #[arg(long)]
    pub variations: bool,
    /// Answer from this index (`pdn index`): only the games it names are read.
    #[arg(long, value_name = "FILE")]
    pub index: Option<PathBuf>,
    /// List the selected games with where they match instead of writing them.
    #[arg(long)]
    pub list: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FindFormat::Pdn)]
    pub format: FindFormat,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Reads the command line into a query.
pub fn query(args: &Args) -> Result<Query, String> {
    for f in &args.fen {
        pdnkit::notation::fen::RawFen::parse(f)
            .map_err(|e| format!("--fen `{f}`: {}", e.message()))?;
    }
    let patterns = args
        .pattern
        .iter()
        .map(|p| Pattern::parse(p).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    // A pattern whose squares are on no variant's board could never match: say so.
    for p in &patterns {
        let mut first = None;
        let fits = pdnkit::rules::Variant::ALL.iter().any(|v| {
            match p.compile(&pdnkit::notation::Layout::standard(*v)) {
                Ok(_) => true,
                Err(e) => {
                    first.get_or_insert(e);
                    false
                }
            }
        });
        if !fits {
            return Err(format!(
                "pattern `{}`: {} (nor of any other variant's)",
                p.text,
                first.unwrap_or_default()
            ));
        }
    }
    let material = args.material.as_deref().map(Material::parse).transpose()?;
    let sequences = args
        .sequence
        .iter()
        .map(|s| MoveSequence::parse(s).map_err(|e| format!("--sequence {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let manoeuvre = match &args.manoeuvre {
        Some(m) => {
            let mut man = Manoeuvre::parse(m)?;
            let pat = |p: &Option<String>| {
                p.as_deref()
                    .map(Pattern::parse)
                    .transpose()
                    .map_err(|e| e.to_string())
            };
            man.before = pat(&args.before)?;
            man.after = pat(&args.after)?;
            Some(man)
        }
        None => None,
    };
    if args.min_plies == 0 {
        return Err("--min-plies 0: give 1 or more (positions in a row)".into());
    }
    if args.fen.is_empty()
        && patterns.is_empty()
        && material.is_none()
        && sequences.is_empty()
        && manoeuvre.is_none()
    {
        return Err(
            "nothing to find: give --fen, --pattern, --material, --sequence or --manoeuvre".into(),
        );
    }
    if args.min_plies > 1 && args.fen.is_empty() && patterns.is_empty() && material.is_none() {
        return Err("--min-plies counts positions: give --fen, --pattern or --material".into());
    }
    Ok(Query {
        fens: args.fen.clone(),
        mirror: args.mirror,
        patterns,
        material,
        sequences,
        manoeuvre,
        min_plies: args.min_plies,
        variations: args.variations,
    })
}

/// One place a game matches, as `--format json` writes it.
#[derive(Serialize)]
pub struct HitOut {
    /// Which criterion: `position` or `sequence`.
    pub kind: HitKind,
    /// The line (0: the main line).
    pub line: usize,
    /// Half-moves played before the position.
    pub ply: u32,
    /// The move number of the move played from it (`12.` or `12...`).
    pub move_number: String,
    /// The move played from it, as written.
    pub mv: Option<String>,
    /// Positions in a row (a position hit) or moves (a sequence).
    pub length: u32,
    /// The position follows a huff the replay inferred.
    pub huffed: bool,
}

/// A selected game, as `--format json` writes it.
#[derive(Serialize)]
pub struct GameOut<'a> {
    /// The file.
    pub file: &'a str,
    /// The game's number in its file (from 1).
    pub game: usize,
    /// The line its text starts on.
    pub line: u32,
    /// The variant it was replayed as.
    pub variant: Option<&'static str>,
    /// Tags: White, Black, Event, Date, Result.
    pub white: Option<&'a str>,
    /// See `white`.
    pub black: Option<&'a str>,
    /// See `white`.
    pub event: Option<&'a str>,
    /// See `white`.
    pub date: Option<&'a str>,
    /// See `white`.
    pub result: Option<&'a str>,
    /// Where it matches.
    pub hits: Vec<HitOut>,
}

/// `12.` for an even ply, `12...` for an odd one.
pub fn move_number(ply: u32) -> String {
    let n = ply / 2 + 1;
    if ply % 2 == 0 {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}

/// The hits of a game as written out.
pub fn hits_out(g: &CheckedGame, hits: &[Hit]) -> Vec<HitOut> {
    let text = &g.chunk.text;
    hits.iter()
        .map(|h| HitOut {
            kind: h.kind,
            line: h.line,
            ply: h.ply,
            move_number: move_number(h.ply),
            mv: h.span.and_then(|s| {
                let a = s.start.checked_sub(g.chunk.offset)?;
                let b = s.end.checked_sub(g.chunk.offset)?;
                text.get(a..b).map(str::to_string)
            }),
            length: h.length,
            huffed: h.huffed,
        })
        .collect()
}

/// The `--list` line of a selected game, or its JSON line; `place` is the game's number and
/// first line in its file when the game was read alone (from an index).
pub fn game_line(
    file: &str,
    g: &CheckedGame,
    hits: &[Hit],
    json: bool,
    place: Option<(usize, u32)>,
) -> String {
    let game = g.chunk.game.as_ref();
    let tag = |n: &str| game.and_then(|gm| gm.tag(n)).map(str::trim);
    let line = place.map_or_else(
        || {
            game.map_or(g.chunk.first_line, |gm| {
                g.chunk.line_col(gm.span.start).line
            })
        },
        |p| p.1,
    );
    let number = place.map_or(g.chunk.index.unwrap_or(0), |p| p.0);
    let out = hits_out(g, hits);
    if json {
        let record = GameOut {
            file,
            game: number,
            line,
            variant: g.report.as_ref().and_then(|r| r.variant).map(|v| v.name()),
            white: tag("White"),
            black: tag("Black"),
            event: tag("Event"),
            date: tag("Date"),
            result: tag("Result"),
            hits: out,
        };
        let mut s = serde_json::to_string(&record).unwrap_or_default();
        s.push('\n');
        return s;
    }
    let places: Vec<String> = out
        .iter()
        .map(|h| {
            let mut p = format!("ply {} ({}", h.ply, h.move_number);
            if let Some(m) = &h.mv {
                p.push(' ');
                p.push_str(m);
            }
            p.push(')');
            if h.kind == HitKind::Sequence {
                p.push_str(&format!(" sequence of {}", h.length));
            } else if h.kind == HitKind::Manoeuvre {
                p.push_str(&format!(" manoeuvre over {} plies", h.length));
            } else if h.length > 1 {
                p.push_str(&format!(" for {} plies", h.length));
            }
            if h.line > 0 {
                p.push_str(&format!(" in variation {}", h.line));
            }
            if h.huffed {
                p.push_str(" after a huff");
            }
            p
        })
        .collect();
    let q = |n: &str| tag(n).unwrap_or("?");
    format!(
        "{file}:{line}: game {number}: {} - {} | {} | {} | {}: {}\n",
        q("White"),
        q("Black"),
        q("Event"),
        q("Date"),
        q("Result"),
        places.join(", ")
    )
}

/// What `pdn find` does with each file.
pub(super) struct FindWork<'a> {
    pub(super) query: &'a Query,
    pub(super) list: bool,
    pub(super) json: bool,
}

/// A file's state: its copy state, its searcher, the games that could not be judged.
pub(super) struct FindState<'q> {
    copy: FileState,
    searcher: Searcher<'q>,
    unjudged: u64,
}

impl<'a> FileSink for FindWork<'a> {
    type File = FindState<'a>;
    /// Games selected, games not judged, why the selected ones could not be copied.
    type Done = (u64, u64, Option<String>);

    fn retain(&self) -> Retain {
        if self.list || self.json {
            Retain::Trees
        } else {
            Retain::TreesAndText
        }
    }

    fn begin(&self, file: &Opening<'_>) -> FindState<'a> {
        FindState {
            copy: FileState::new(file),
            searcher: Searcher::new(self.query),
            unjudged: 0,
        }
    }

    fn game(
        &self,
        s: &mut FindState<'a>,
        mut g: CheckedGame,
        out: &mut FileOut<'_>,
    ) -> ControlFlow<()> {
        let verdict = s.searcher.judge(&g);
        if verdict == Verdict::Unjudged {
            s.unjudged += 1;
            let at = g
                .header
                .as_ref()
                .map_or(g.chunk.start(), |gm| g.chunk.line_col(gm.span.start));
            out.say(format!(
                "{}:{}:{}: warning: game {} is not searched: {} (F009): its moves are not held\n",
                s.copy.path,
                at.line,
                at.column,
                g.chunk.index.unwrap_or(0),
                g.too_long.unwrap_or(pdnkit::check::TooLong::Moves),
            ));
        }
        let hits = match &verdict {
            Verdict::Hits(h) => Some(h.as_slice()),
            _ => None,
        };
        let keep = hits.is_some();
        let mut emit = out.marking();
        if let Some(h) = hits.filter(|_| self.list || self.json) {
            if emit(game_line(&s.copy.path, &g, h, self.json, None).into_bytes()) {
                emit(Vec::new());
            }
        }
        if self.list || self.json {
            s.copy.count += u64::from(keep);
        } else {
            s.copy.take(&mut g, keep, &mut emit);
        }
        ControlFlow::Continue(())
    }

    fn end(
        &self,
        s: FindState<'a>,
        r: &FileRecord,
        _: Option<&Failure>,
        out: &mut FileOut<'_>,
    ) -> Self::Done {
        let count = s.copy.count;
        (count, s.unjudged, s.copy.finish(r, &mut out.marking()))
    }
}

/// Runs `pdn find`. Exit status: 0 when games were found, 1 when none was.
pub fn run(args: &Args, matches: Option<&ArgMatches>) -> i32 {
    let fail = |e: String| {
        eprintln!("pdn find: {e}");
        EXIT_FAILURE
    };
    let query = match query(args) {
        Ok(q) => q,
        Err(e) => return fail(e),
    };
    if let Some(index) = &args.index {
        return super::index::run_find(args, index, &query);
    }
    if args.input.paths.is_empty() {
        return fail("name the files or directories to search (or an index with --index)".into());
    }
    let mut options = match args.input.options(matches) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    options.replay.record_moves = true;
    run_over(args, &args.input, &options, &query)
}

/// Runs the search over `input`'s files.
fn run_over(
    args: &Args,
    input: &InputArgs,
    options: &pdnkit::check::CheckOptions,
    query: &Query,
) -> i32 {
    if let Err(e) = output::refuse_input(args.output.as_deref(), input, false) {
        eprintln!("pdn find: {e}");
        return EXIT_FAILURE;
    }
    let mut out = match Output::open(args.output.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            let name = args.output.as_deref().unwrap_or(Path::new("-"));
            eprintln!("pdn find: cannot write {}: {e}", name.display());
            return EXIT_FAILURE;
        }
    };
    let work = FindWork {
        query,
        list: args.list,
        json: args.format == FindFormat::Json,
    };
    let mut selected = 0u64;
    let mut unjudged = 0u64;
    let mut copy_failed = false;
    let run = Run::new("find", input, options);
    let outcome = run_files(&run, &work, &mut out, |r, (n, u, failed)| {
        selected += n;
        unjudged += u;
        if let Some(e) = failed {
            eprintln!("pdn find: {}: cannot copy the selected games: {e}", r.path);
            copy_failed = true;
        }
    });
    let written = outcome.written.and_then(|()| out.finish(true));
    let earned = if outcome.nothing_found || outcome.run.failed > 0 || copy_failed {
        EXIT_FAILURE
    } else if selected == 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };
    match &written {
        Ok(()) => {
            let unjudged = if unjudged > 0 {
                format!(", {unjudged} could not be searched (not selected)")
            } else {
                String::new()
            };
            eprintln!(
                "pdn find: {selected} of {} game(s) found{unjudged}",
                outcome.run.all.games
            );
        }
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => eprintln!("pdn find: the output failed: {e}"),
    }
    exit_after_write(written, earned)
}
