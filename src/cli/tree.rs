//! `pdn tree`: the opening tree from a position, over files and directories: each next move
//! with its games, results, average rating and years, transpositions merged; as a table, JSON
//! or CSV.

use std::collections::HashMap;
use std::io::{self, Write};
use std::ops::ControlFlow;

use clap::{ArgMatches, ValueEnum};
use pdnkit::check::CheckedGame;
use pdnkit::filter::MoveSequence;
use pdnkit::notation::Layout;
use pdnkit::search::Key;
use pdnkit::search::tree::{FileTree, NodeStats, Root, Tree, VariantTree};
use serde::Serialize;

use super::driver::{Failure, FileOut, FileSink, Opening, Run, run_files};
use super::input::{InputArgs, Retain};
use super::printer::FileRecord;
use super::{EXIT_FAILURE, EXIT_OK, exit_after_write};

/// Output formats of `pdn tree`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum TreeFormat {
    /// An indented table.
    #[default]
    Table,
    /// One JSON document: a tree per variant.
    Json,
    /// One row per move of the tree, with its path from the root.
    Csv,
}

/// Arguments of `pdn tree`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Counts are per position: a position reached by two move orders is one node, counting the games
of both (marked `=` in the table). Examples:
  pdn tree archive/                             the first moves of every variant
  pdn tree --moves '32-28 18-23' --depth 3 archive/
  pdn tree --fen 'W:W31-50:B1-20' --format json archive/")]
pub struct Args {
    /// Files and reading options.
    #[command(flatten)]
    pub input: InputArgs,
    /// The root: this position (FEN, in the games' notation).
    #[arg(long, value_name = "FEN", conflicts_with = "moves")]
    pub fen: Option<String>,
    /// The root: the position after these moves from the start (`32-28 18-23`).
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
    /// Plies below the root.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub depth: u32,
    /// Show only moves played in at least this many games.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub min_games: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TreeFormat::Table)]
    pub format: TreeFormat,
}

struct TreeWork<'a> {
    root: &'a Root,
    depth: u32,
}

impl<'a> FileSink for TreeWork<'a> {
    type File = FileTree<'a>;
    type Done = Tree;

    fn retain(&self) -> Retain {
        Retain::Trees
    }

    fn begin(&self, _: &Opening<'_>) -> FileTree<'a> {
        FileTree::new(self.root, self.depth)
    }

    fn game(&self, t: &mut FileTree<'a>, g: CheckedGame, _: &mut FileOut<'_>) -> ControlFlow<()> {
        t.add(&g);
        ControlFlow::Continue(())
    }

    fn end(
        &self,
        t: FileTree<'a>,
        r: &FileRecord,
        _: Option<&Failure>,
        _: &mut FileOut<'_>,
    ) -> Tree {
        t.finish(r.totals.white_score_first)
    }
}

/// One move of the tree, as JSON writes it.
#[derive(Serialize)]
pub struct MoveOut {
    /// The move (`huff` for a huff).
    #[serde(rename = "move")]
    pub mv: String,
    /// The position it leads to is reached by other moves or orders too.
    pub transposition: bool,
    /// The games that reached that position (by any order), their results and so on.
    #[serde(flatten)]
    pub stats: NodeOut,
    /// The moves from there.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveOut>,
}

/// A node's counts as written.
#[derive(Serialize)]
pub struct NodeOut {
    /// Games.
    pub games: u64,
    /// Won by White.
    pub white_wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Won by Black.
    pub black_wins: u64,
    /// Unfinished or other results.
    pub unfinished: u64,
    /// The players' average rating, where tags give one.
    pub rating: Option<u32>,
    /// First year.
    pub first_year: Option<u32>,
    /// Last year.
    pub last_year: Option<u32>,
}

fn node_out(n: &NodeStats) -> NodeOut {
    NodeOut {
        games: n.games,
        white_wins: n.results.white_wins,
        draws: n.results.draws,
        black_wins: n.results.black_wins,
        unfinished: n.results.unfinished + n.results.other,
        rating: n.average_rating(),
        first_year: n.first_year,
        last_year: n.last_year,
    }
}

/// A variant's tree, as JSON writes it.
#[derive(Serialize)]
pub struct VariantOut {
    /// The variant.
    pub variant: &'static str,
    /// How its results are scored.
    pub scoring: &'static str,
    /// The root (FEN).
    pub root: String,
    /// The games that reached the root.
    #[serde(flatten)]
    pub stats: NodeOut,
    /// The moves from the root.
    pub moves: Vec<MoveOut>,
}

/// The tree of one variant, built for output.
pub fn variant_out(
    v: pdnkit::rules::Variant,
    t: &VariantTree,
    depth: u32,
    min_games: u64,
) -> Option<VariantOut> {
    let root = t.root.as_ref()?;
    let rk = pdnkit::search::key(root);
    let mut parents: HashMap<Key, u32> = HashMap::new();
    for es in t.edges.values() {
        for (_, c) in es {
            *parents.entry(*c).or_default() += 1;
        }
    }
    fn walk(
        t: &VariantTree,
        k: Key,
        left: u32,
        min: u64,
        parents: &HashMap<Key, u32>,
    ) -> Vec<MoveOut> {
        if left == 0 {
            return Vec::new();
        }
        let mut out: Vec<MoveOut> = t
            .edges
            .get(&k)
            .map(|es| {
                es.iter()
                    .filter_map(|(label, c)| {
                        let n = t.nodes.get(c)?;
                        (n.games >= min).then(|| MoveOut {
                            mv: label.clone(),
                            transposition: parents.get(c).copied().unwrap_or(0) > 1,
                            stats: node_out(n),
                            moves: walk(t, *c, left - 1, min, parents),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        out.sort_by(|a, b| b.stats.games.cmp(&a.stats.games).then(a.mv.cmp(&b.mv)));
        out
    }
    let layout = Layout::standard(v);
    let pieces: Vec<_> = root.pieces().collect();
    Some(VariantOut {
        variant: v.name(),
        scoring: if v.info().two_point_results {
            "2-0 / 1-1 / 0-2"
        } else {
            "1-0 / 1/2-1/2 / 0-1"
        },
        root: pdnkit::notation::fen::write_fen(Some(root.side_to_move()), &pieces, &layout),
        stats: node_out(t.nodes.get(&rk)?),
        moves: walk(t, rk, depth, min_games, &parents),
    })
}

fn pct(n: u64, of: u64) -> String {
    if of == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * n as f64 / of as f64)
    }
}

fn years(n: &NodeOut) -> String {
    match (n.first_year, n.last_year) {
        (Some(a), Some(b)) if a == b => a.to_string(),
        (Some(a), Some(b)) => format!("{a}-{b}"),
        _ => "-".into(),
    }
}

/// Writes the table of a variant's tree.
pub fn write_table(v: &VariantOut, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{}: {} game(s) from {} (results {})",
        v.variant, v.stats.games, v.root, v.scoring
    )?;
    writeln!(
        out,
        "{:<24} {:>8} {:>7} {:>7} {:>7} {:>7} {:>6}  years",
        "move", "games", "white", "draw", "black", "other", "rating"
    )?;
    fn rows(ms: &[MoveOut], depth: usize, out: &mut dyn Write) -> io::Result<()> {
        for m in ms {
            let s = &m.stats;
            let name = format!(
                "{}{}{}",
                "  ".repeat(depth),
                m.mv,
                if m.transposition { " =" } else { "" }
            );
            writeln!(
                out,
                "{:<24} {:>8} {:>7} {:>7} {:>7} {:>7} {:>6}  {}",
                name,
                s.games,
                pct(s.white_wins, s.games),
                pct(s.draws, s.games),
                pct(s.black_wins, s.games),
                pct(s.unfinished, s.games),
                s.rating.map_or("-".into(), |r| r.to_string()),
                years(s)
            )?;
            rows(&m.moves, depth + 1, out)?;
        }
        Ok(())
    }
    rows(&v.moves, 0, out)?;
    writeln!(out)
}

/// Writes the CSV rows of a variant's tree (the header is the caller's).
pub fn write_csv(v: &VariantOut, out: &mut dyn Write) -> io::Result<()> {
    fn rows(
        v: &str,
        path: &str,
        ms: &[MoveOut],
        depth: u32,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        for m in ms {
            let p = if path.is_empty() {
                m.mv.clone()
            } else {
                format!("{path} {}", m.mv)
            };
            let s = &m.stats;
            let opt = |x: Option<u32>| x.map_or(String::new(), |n| n.to_string());
            writeln!(
                out,
                "{v},{p},{},{depth},{},{},{},{},{},{},{},{},{}",
                m.mv,
                s.games,
                s.white_wins,
                s.draws,
                s.black_wins,
                s.unfinished,
                opt(s.rating),
                opt(s.first_year),
                opt(s.last_year),
                m.transposition
            )?;
            rows(v, &p, &m.moves, depth + 1, out)?;
        }
        Ok(())
    }
    rows(v.variant, "", &v.moves, 1, out)
}

/// The header of `--format csv`.
pub const CSV_HEADER: &str = "variant,path,move,depth,games,white_wins,draws,black_wins,unfinished,rating,first_year,last_year,transposition";

/// Runs `pdn tree`.
pub fn run(args: &Args, matches: Option<&ArgMatches>) -> i32 {
    let fail = |e: String| {
        eprintln!("pdn tree: {e}");
        EXIT_FAILURE
    };
    let root = match (&args.fen, &args.moves) {
        (Some(f), _) => {
            if let Err(e) = pdnkit::notation::fen::RawFen::parse(f) {
                return fail(format!("--fen `{f}`: {}", e.message()));
            }
            Root::Fen(f.clone())
        }
        (None, Some(m)) => match MoveSequence::parse(m) {
            Ok(s) if s.0.iter().all(|m| !m.is_empty()) => Root::Moves(s),
            Ok(_) => return fail(format!("--moves `{m}`: `*` does not name a move")),
            Err(e) => return fail(format!("--moves {e}")),
        },
        (None, None) => Root::Start,
    };
    let mut options = match args.input.options(matches) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    options.replay.record_moves = true;
    let work = TreeWork {
        root: &root,
        depth: args.depth,
    };
    let mut tree = Tree::default();
    let run = Run::new("tree", &args.input, &options);
    let mut sink: Box<dyn Write> = Box::new(io::sink());
    let outcome = run_files(&run, &work, &mut sink, |_, t| tree.absorb(t));
    if outcome.nothing_found {
        return EXIT_FAILURE;
    }
    let outs: Vec<VariantOut> = tree
        .variants
        .iter()
        .filter_map(|(v, t)| variant_out(*v, t, args.depth, args.min_games))
        .collect();
    let mut out = super::stdout_writer();
    let written = (|| -> io::Result<()> {
        match args.format {
            TreeFormat::Json => {
                serde_json::to_writer_pretty(&mut out, &outs)?;
                writeln!(out)?;
            }
            TreeFormat::Csv => {
                writeln!(out, "{CSV_HEADER}")?;
                for v in &outs {
                    write_csv(v, &mut out)?;
                }
            }
            TreeFormat::Table => {
                if outs.is_empty() {
                    writeln!(out, "no game reaches the position")?;
                }
                for v in &outs {
                    write_table(v, &mut out)?;
                }
            }
        }
        out.flush()
    })();
    let earned = if outcome.run.failed > 0 {
        EXIT_FAILURE
    } else {
        EXIT_OK
    };
    exit_after_write(written, earned)
}
