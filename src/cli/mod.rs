//! The command line: argument definitions (clap derive) and one module per subcommand.
//!
//! Arguments are checked here and turned into library options in each subcommand's module; the
//! library does the work, this layer walks files, prints and chooses the exit code.

pub mod batch;
pub mod check;
pub mod config;
pub mod explain;
pub mod parse;
pub mod printer;
pub mod rules;

use std::io;

use clap::{Parser, Subcommand};

/// Exit status: no errors.
pub const EXIT_OK: i32 = 0;
/// Exit status: errors found (or warnings under `--deny warnings`).
pub const EXIT_FINDINGS: i32 = 1;
/// Exit status: usage or I/O failure.
pub const EXIT_FAILURE: i32 = 2;

/// Read, check, replay and convert PDN draughts game records.
#[derive(Parser, Debug)]
#[command(name = "pdn", version, about, long_about = None, propagate_version = true)]
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
    /// Print the syntax tree of each game as JSON, or write the games back as canonical PDN.
    Parse(parse::Args),
    /// Count the leaf positions of the move tree to a given depth (move generator test).
    Perft(rules::PerftArgs),
    /// List the legal moves of a position.
    Moves(rules::MovesArgs),
    /// Draw a position.
    Board(rules::BoardArgs),
    /// Print the long explanation of a diagnostic code (or all of them).
    Explain(explain::Args),
}

/// Runs the parsed command line and returns the exit status; `matches` are the parsed
/// arguments clap's derive was built from (for the order of repeated flags).
pub fn run(cli: Cli, matches: &clap::ArgMatches) -> i32 {
    match cli.command {
        Command::Check(args) => check::run(&args, matches.subcommand_matches("check")),
        Command::Explain(args) => explain::run(&args),
        Command::Parse(args) => parse::run(&args),
        Command::Perft(args) => rules::run_perft(&args),
        Command::Moves(args) => rules::run_moves(&args),
        Command::Board(args) => rules::run_board(&args),
    }
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
