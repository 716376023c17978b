//! The `pdn` command-line tool: a thin layer over the `pdnkit` library.

mod cli;

use clap::{CommandFactory, FromArgMatches};

fn main() {
    let matches = match cli::Cli::command().try_get_matches() {
        Ok(m) => m,
        Err(e) => std::process::exit(cli::exit_after_clap(&e)),
    };
    let cli = cli::Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    std::process::exit(cli::run(cli, &matches));
}
