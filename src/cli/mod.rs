//! The command line: argument definitions (clap derive) and one module per subcommand.
//!
//! Arguments are checked here and turned into library options in each subcommand's module; the
//! library does the work, this layer walks files, prints and chooses the exit code.

pub mod batch;
pub mod check;
pub mod config;
pub mod convert;
pub mod dedup;
pub mod diagram;
pub mod driver;
pub mod explain;
pub mod filter;
pub mod find;
pub mod fix;
pub mod generate;
pub mod index;
pub mod input;
pub mod output;
pub mod parse;
pub mod printer;
pub mod report;
pub mod rules;
pub mod stats;
pub mod tree;

use std::io;

use clap::{Parser, Subcommand};

/// Exit status: no errors.
pub const EXIT_OK: i32 = 0;
/// Exit status: errors found (or warnings under `--deny warnings`).
pub const EXIT_FINDINGS: i32 = 1;
/// Exit status: usage or I/O failure.
pub const EXIT_FAILURE: i32 = 2;

/// Examples and exit codes, shown under `pdn --help`.
const AFTER_HELP: &str = "\
Examples:
  pdn check games/                  check every PDN file under games/, with a table at the end
  pdn check --format json a.pdn     JSON Lines for tools (docs/json.md)
  pdn check -A R310 -D warnings .   drop R310, fail on every other warning
  pdn convert --notation algebraic a.pdn -o b.pdn   rename every square, keep everything else
  pdn fix --dry-run a.pdn           what fix would repair, as a diff (--in-place to do it)
  pdn report corpus/ -o report.html a page with tables, charts and boards, for a browser
  pdn explain R305                  what a code means and what to do about it
  pdn perft --variant english -d 8  count the leaves of the move tree
  pdn gen --variant russian -n 1000 1000 random legal games, for benchmarks
  pdn completions bash > /etc/bash_completion.d/pdn

Exit status:
  0  no errors
  1  errors found (or warnings made errors with --deny)
  2  usage error, a file that could not be read, or output that could not be written

Settings: pdn check reads pdn.toml from the current directory or the nearest above it.";

/// Read, check, replay and convert PDN draughts game records.
#[derive(Parser, Debug)]
#[command(
    name = "pdn",
    version,
    about,
    long_about = None,
    propagate_version = true,
    after_help = AFTER_HELP
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Read and replay PDN files and directories; report every problem with its place.
    Check(check::Args),
    /// Write files back in another notation: only move tokens and the GameType and FEN tags
    /// change, every other character is kept.
    Convert(convert::Args),
    /// Write files back with each finding of `pdn check` as a `{[%lint CODE] ...}` comment
    /// after its move; nothing else changes.
    Annotate(convert::AnnotateArgs),
    /// Make the repairs that cannot change what a game means (separators, zero padding, spaces
    /// in moves and tags, the full path of an ambiguous capture the game proves, a missing
    /// terminator, the inferred GameType), each said on standard error; a game with another
    /// error is left as it was.
    Fix(fix::Args),
    /// Print the syntax tree of each game as JSON, or write the games back as canonical PDN.
    Parse(parse::Args),
    /// Count the leaf positions of the move tree to a given depth (move generator test).
    Perft(rules::PerftArgs),
    /// List the legal moves of a position.
    Moves(rules::MovesArgs),
    /// Draw a position: as text, or as an SVG or PNG picture.
    Board(rules::BoardArgs),
    /// Draw a position of a game (after a given half-move, the last move as an arrow) as SVG
    /// or PNG, or the whole game as an animated GIF.
    Diagram(diagram::DiagramArgs),
    /// Statistics over files and directories: variants, results, lengths, openings, players,
    /// events, years, diagnostics per code.
    Stats(stats::Args),
    /// Select games by tags, players, variant, result, length, date, diagnostics, moves or a
    /// position, and write them as they are in their files (or list them).
    Filter(Box<filter::Args>),
    /// Find games by what happens on the board (an exact position, a partial one, material,
    /// moves in a row) and say where; by a scan, or from an index.
    Find(Box<find::Args>),
    /// The opening tree from a position: each next move with its games, results, rating and
    /// years, transpositions merged.
    Tree(Box<tree::Args>),
    /// Write an index of every position of each game's main line, for `pdn find --index`;
    /// update it when files change.
    Index(Box<index::Args>),
    /// Find games with the same main line (and tags, if asked) across files; report the
    /// copies or write the collection without them.
    Dedup(dedup::Args),
    /// Write one self-contained HTML page over files and directories: the table of files,
    /// charts, and every finding with its source line and the board before the move.
    Report(report::Args),
    /// Print the long explanation of a diagnostic code (or all of them).
    Explain(explain::Args),
    /// Write games made by random legal play (deterministic from a seed): inputs for
    /// benchmarks and tests.
    Gen(generate::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(CompletionsArgs),
    /// Print the manual page of pdn or of one subcommand (roff), e.g. `pdn man > pdn.1`,
    /// `pdn man check`; or write every page, pdn.1 and pdn-SUBCOMMAND.1, with `--dir DIR`.
    Man(ManArgs),
}

/// Arguments of `pdn man`.
#[derive(clap::Args, Debug)]
pub struct ManArgs {
    /// The subcommand whose page to print (`check` for pdn-check(1)); without it, the page of
    /// pdn itself.
    #[arg(value_name = "SUBCOMMAND")]
    pub subcommand: Option<String>,
    /// Write the pages as files into DIR (made if missing) instead of printing one: pdn.1 and a
    /// pdn-SUBCOMMAND.1 for each subcommand, or only the page of SUBCOMMAND when one is named.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<std::path::PathBuf>,
}

/// Arguments of `pdn completions`.
#[derive(clap::Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// The command line's definition as the manual pages describe it: built (each subcommand
/// named `pdn-SUBCOMMAND`), without clap's `help` subcommand, which has no page.
fn man_command() -> clap::Command {
    use clap::CommandFactory;
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// The manual pages asked for: pdn's, or the one of the subcommand named (`None` when no
/// subcommand has that name).
fn man_pages(subcommand: Option<&str>) -> Option<Vec<clap_mangen::Man>> {
    let cmd = man_command();
    match subcommand {
        Some(name) => cmd.find_subcommand(name).map(|sub| vec![sub_page(sub)]),
        None => Some(vec![clap_mangen::Man::new(cmd)]),
    }
}

/// The page of one subcommand, from the same source as pdn's (`pdn 0.1.0`).
fn sub_page(sub: &clap::Command) -> clap_mangen::Man {
    clap_mangen::Man::new(sub.clone()).source(format!("pdn {}", env!("CARGO_PKG_VERSION")))
}

/// Runs `pdn man`: one page to standard output, or pages written as files into a directory.
fn run_man(args: &ManArgs) -> i32 {
    let Some(pages) = man_pages(args.subcommand.as_deref()) else {
        let names: Vec<String> = man_command()
            .get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect();
        eprintln!(
            "pdn man: no subcommand `{}`; one of: {}",
            args.subcommand.as_deref().unwrap_or_default(),
            names.join(", ")
        );
        return EXIT_FAILURE;
    };
    let Some(dir) = &args.dir else {
        let mut buf = Vec::new();
        let made = pages.iter().try_for_each(|p| p.render(&mut buf));
        let mut out = io::stdout().lock();
        let written = made
            .and_then(|()| io::Write::write_all(&mut out, &buf))
            .and_then(|()| io::Write::flush(&mut out));
        return exit_after_write(written, EXIT_OK);
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("pdn man: cannot make {}: {e}", dir.display());
        return EXIT_FAILURE;
    }
    let pages = if args.subcommand.is_some() {
        pages
    } else {
        let cmd = man_command();
        let mut all = vec![clap_mangen::Man::new(cmd.clone())];
        all.extend(
            cmd.get_subcommands()
                .filter(|s| !s.is_hide_set())
                .map(sub_page),
        );
        all
    };
    for page in pages {
        let path = dir.join(page.get_filename());
        if let Err(e) = page.generate_to(dir) {
            eprintln!("pdn man: cannot write {}: {e}", path.display());
            return EXIT_FAILURE;
        }
    }
    EXIT_OK
}

/// Writes a completion script, generated from the argument definitions.
fn run_completions(args: &CompletionsArgs) -> i32 {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "pdn", &mut buf);
    let made: io::Result<()> = Ok(());
    let mut out = io::stdout().lock();
    let written = made
        .and_then(|()| io::Write::write_all(&mut out, &buf))
        .and_then(|()| io::Write::flush(&mut out));
    exit_after_write(written, EXIT_OK)
}

/// Runs the parsed command line and returns the exit status; `matches` are the parsed
/// arguments clap's derive was built from (for the order of repeated flags).
pub fn run(cli: Cli, matches: &clap::ArgMatches) -> i32 {
    match cli.command {
        Command::Check(args) => check::run(&args, matches.subcommand_matches("check")),
        Command::Explain(args) => explain::run(&args),
        Command::Gen(args) => generate::run(&args),
        Command::Convert(args) => convert::run(&args, matches.subcommand_matches("convert")),
        Command::Annotate(args) => {
            convert::run_annotate(args, matches.subcommand_matches("annotate"))
        }
        Command::Filter(args) => filter::run(&args, matches.subcommand_matches("filter")),
        Command::Find(args) => find::run(&args, matches.subcommand_matches("find")),
        Command::Tree(args) => tree::run(&args, matches.subcommand_matches("tree")),
        Command::Index(args) => index::run(&args, matches.subcommand_matches("index")),
        Command::Dedup(args) => dedup::run(&args, matches.subcommand_matches("dedup")),
        Command::Report(args) => report::run(&args, matches.subcommand_matches("report")),
        Command::Stats(args) => stats::run(&args, matches.subcommand_matches("stats")),
        Command::Fix(args) => fix::run(&args, matches.subcommand_matches("fix")),
        Command::Parse(args) => parse::run(&args),
        Command::Perft(args) => rules::run_perft(&args),
        Command::Moves(args) => rules::run_moves(&args),
        Command::Board(args) => rules::run_board(&args),
        Command::Diagram(args) => diagram::run(&args),
        Command::Completions(args) => run_completions(&args),
        Command::Man(args) => run_man(&args),
    }
}

/// Standard output for a command's data: a line at a time on a terminal, in blocks of 64 KiB
/// elsewhere (standard output flushes at every line end, a system call per game or row).
pub fn stdout_writer() -> Box<dyn io::Write> {
    let out = io::stdout();
    if io::IsTerminal::is_terminal(&out) {
        Box::new(out.lock())
    } else {
        Box::new(io::BufWriter::with_capacity(1 << 16, out.lock()))
    }
}

/// Prints what clap says instead of running (a usage error on standard error; `--help` or
/// `--version` on standard output) and returns the exit status: clap's own, or 2 when the
/// help could not be written (a full disk; a closed pipe is not an error).
pub fn exit_after_clap(e: &clap::Error) -> i32 {
    let printed = e.print();
    if !e.use_stderr() {
        let flushed = printed.and_then(|()| io::Write::flush(&mut io::stdout()));
        return exit_after_write(flushed, e.exit_code());
    }
    e.exit_code()
}

/// The exit status once output has been written: `earned` when it all went out or the reader
/// closed the pipe (as `pdn check | head` does: not an error, the work so far stands); any other
/// write error (a full disk, a closed terminal) is reported once and fails the run.
pub fn exit_after_write(written: io::Result<()>, earned: i32) -> i32 {
    match written {
        Ok(()) => earned,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => earned,
        Err(e) => {
            eprintln!("pdn: cannot write output: {e}");
            EXIT_FAILURE
        }
    }
}
