//! `pdn gen`: games made by random legal play, for benchmarks and tests.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use pdnkit::notation::NotationKind;
use pdnkit::random::{GenOptions, generate};
use pdnkit::rules::Variant;

use super::output::Output;
use super::{EXIT_FAILURE, EXIT_OK, exit_after_write};

/// The notation the moves are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Notation {
    /// Square numbers (`32-28`).
    Numeric,
    /// Coordinates (`c3-d4`).
    Algebraic,
}

/// Arguments of `pdn gen`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The variant played: a name or a GameType number.
    #[arg(long)]
    pub variant: Variant,
    /// How many games.
    #[arg(long, short = 'n', default_value_t = 100)]
    pub games: usize,
    /// The seed: the same seed gives the same games, byte for byte.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The notation written [default: the variant's standard one].
    #[arg(long, value_enum)]
    pub notation: Option<Notation>,
    /// The longest game in plies; lengths vary between a quarter of it and all of it.
    #[arg(long, default_value_t = 200)]
    pub max_plies: u32,
    /// Write to this file instead of standard output (written whole, then renamed into place;
    /// a device or FIFO is written where it is, a symbolic link where it leads).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// Print what the games hold (plies, captures, crownings, decided games) on standard error.
    #[arg(long, short)]
    pub verbose: bool,
}

/// Runs `pdn gen`.
pub fn run(args: &Args) -> i32 {
    let mut options = GenOptions::new(args.variant, args.games, args.seed);
    options.max_plies = args.max_plies;
    options.notation = args.notation.map(|n| match n {
        Notation::Numeric => NotationKind::Numeric,
        Notation::Algebraic => NotationKind::Algebraic,
    });
    let made = match &args.output {
        None => {
            let mut out = BufWriter::new(io::stdout().lock());
            generate(&options, &mut out).and_then(|s| out.flush().map(|()| s))
        }
        Some(path) => write_file(path, &options),
    };
    match made {
        Ok(stats) => {
            if args.verbose {
                eprintln!(
                    "{} game(s), {} plies, {} captures ({} of several pieces), {} crownings, {} decided",
                    stats.games,
                    stats.plies,
                    stats.captures,
                    stats.multi_captures,
                    stats.promotions,
                    stats.decided
                );
            }
            EXIT_OK
        }
        Err(e) if args.output.is_some() => {
            eprintln!("pdn gen: {e}");
            EXIT_FAILURE
        }
        Err(e) => exit_after_write(Err(e), EXIT_OK),
    }
}

/// Writes the games to `path` as [`Output::file`] does: through a temporary file renamed into
/// place, so `path` never holds half a collection (a device or FIFO is written where it is).
fn write_file(path: &Path, options: &GenOptions) -> io::Result<pdnkit::random::GenStats> {
    let mut out = Output::file(path)?;
    let stats = generate(options, &mut out)?;
    out.finish(true)?;
    Ok(stats)
}
