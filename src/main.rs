//! The `pdn` command-line tool: a thin layer over the `pdnkit` library.

mod cli;

use clap::{CommandFactory, FromArgMatches};

fn main() {
    let matches = cli::Cli::command().get_matches();
    let cli = cli::Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    std::process::exit(cli::run(cli, &matches));
}
