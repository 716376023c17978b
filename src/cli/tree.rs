//! `pdn tree`: the opening tree from a position, over files and directories: each next move
//! with its games, results, average rating and years, transpositions merged; as a table, JSON
//! or CSV.

use std::io::{self, Write};
use std::ops::ControlFlow;

use clap::{ArgMatches, ValueEnum};
use pdnkit::check::CheckedGame;
use pdnkit::filter::MoveSequence;
use pdnkit::search::tree::{FileTree, MoveOut, NodeOut, Root, Tree, VariantOut, variant_out};

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
    /// A page for a browser, in the style of `pdn report` (with `-o`).
    Html,
}

/// Arguments of `pdn tree`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Counts are per position: a position reached by two move orders is one node, counting the games
of both (marked `=` in the table). Examples:
  pdn tree archive/                             the first moves of every variant
  pdn tree --moves '32-28 18-23' --depth 3 archive/
  pdn tree --fen 'W:W31-50:B1-20' --format json archive/
  pdn tree --depth 3 --format html -o tree.html archive/")]
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
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
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
    let mut out: Box<dyn Write> = match &args.output {
        Some(p) => match std::fs::File::create(p) {
            Ok(f) => Box::new(io::BufWriter::new(f)),
            Err(e) => return fail(format!("cannot write {}: {e}", p.display())),
        },
        None => super::stdout_writer(),
    };
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
            TreeFormat::Html => {
                let title = args.input.names(" ");
                pdnkit::write::report::write_tree_page(&title, &outs, &mut out)?;
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
