//! `pdn check`: read and replay files and directories, print every problem, summarise.

use std::io::{self, IsTerminal};

use clap::{ArgMatches, ValueEnum};

use super::driver::{FileSink, JobsNote, Run, run_files};
use super::input::{InputArgs, Settings, settings};
use super::printer::{Human, JsonLines, Short, Table};
use super::{EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK, exit_after_write};

/// How diagnostics are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// rustc-style, with the source line, a caret and a board diagram; a table at the end.
    Human,
    /// One line each: `file:line:col: severity[code]: message`; a table at the end.
    Short,
    /// JSON Lines: one object per diagnostic, one per file, and a summary.
    Json,
}

/// When to colour output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// When standard output is a terminal.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Examples and exit codes, shown under `pdn check --help`.
const AFTER_HELP: &str = "\
Examples:
  pdn check corpus/                       every *.pdn under corpus/, diagnostics and a table
  pdn check --format short -j 8 archive/  one line per diagnostic, eight worker threads
  pdn check --format json big.pdn | jq .  JSON Lines (schema in docs/json.md)
  pdn check --rules huffing old.pdn       missed captures are warnings; huffs are followed
  pdn check -A separator -D warnings .    drop separator findings, fail on other warnings
  pdn check --glob '*.txt' --hidden notes/

Exit status:
  0  no errors
  1  errors found (or warnings made errors with --deny)
  2  usage error, a file that could not be read or checked, no PDN file found, or output
     that could not be written (a closed pipe is not an error)

pdn.toml (the current directory or the nearest above it; --config FILE, --no-config) may set
variant, rules, encoding, strict, max-diagnostics, allow, warn and deny; the command line wins.";

/// Arguments of `pdn check`.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The files and how to read them.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Show at most N diagnostics per file in human and short output (JSON lists every one).
    #[arg(long, value_name = "N")]
    pub max_diagnostics: Option<usize>,
    /// Only read the files: do not replay the moves (so no --variant or --rules).
    #[arg(long, conflicts_with_all = ["variant", "rules"])]
    pub syntax_only: bool,
    /// Also print info diagnostics (decodings, inferred variants) in human and short output
    /// (JSON lists every diagnostic).
    #[arg(short, long)]
    pub verbose: bool,
    /// Print only the summary table (JSON: the file records and the summary), not each
    /// diagnostic; no progress bar is drawn either.
    #[arg(short, long, conflicts_with = "verbose")]
    pub quiet: bool,
    /// When to use colour (human and short output: severity and code; NO_COLOR turns `auto`
    /// off).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// List in the summary table only the files with errors or warnings (and those that could
    /// not be read); the totals still count every file.
    #[arg(long)]
    pub problems_only: bool,
}

/// Refuses flags that would change nothing in the output asked for.
fn flags_apply(args: &Args) -> Result<(), String> {
    let json = args.format == Format::Json;
    if json && args.verbose {
        return Err(
            "--verbose adds info diagnostics to human and short output; --format json \
                    lists every diagnostic already"
                .into(),
        );
    }
    if json && args.problems_only {
        return Err(
            "--problems-only trims the summary table; --format json prints none (its \
                    file records say which files have problems)"
                .into(),
        );
    }
    if args.max_diagnostics.is_some() && (json || args.quiet) {
        let what = if json { "--format json" } else { "--quiet" };
        return Err(format!(
            "--max-diagnostics limits the diagnostics shown; {what} shows {}",
            if json { "every one" } else { "none" }
        ));
    }
    Ok(())
}

/// Runs `pdn check`; `matches` are its parsed arguments, for the order of repeated flags.
pub fn run(args: &Args, matches: Option<&ArgMatches>) -> i32 {
    if let Err(e) = flags_apply(args) {
        eprintln!("pdn check: {e}");
        return EXIT_FAILURE;
    }
    let Settings {
        options,
        max_diagnostics,
    } = match settings(&args.input, args.max_diagnostics, args.syntax_only, matches) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("pdn check: {e}");
            return EXIT_FAILURE;
        }
    };
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    let run = Run {
        // A large file is checked on several threads: check keeps no tree.
        parallel: true,
        progress: !args.quiet,
        doing: "checking",
        // The printers show a file that could not be read.
        say_failures: false,
        jobs_note: JobsNote::PerCore,
        ..Run::new("check", &args.input, &options)
    };
    let table = Table {
        fit: io::stdout().is_terminal(),
        problems_only: args.problems_only,
    };
    let (verbose, max) = (args.verbose, max_diagnostics);
    match (args.format, args.quiet) {
        (Format::Json, quiet) => check_with(&run, &JsonLines { quiet }),
        (_, true) => check_with(&run, &table),
        (Format::Short, false) => check_with(
            &run,
            &Short {
                color,
                verbose,
                max,
                table,
            },
        ),
        (Format::Human, false) => check_with(
            &run,
            &Human {
                color,
                verbose,
                max,
                table,
            },
        ),
    }
}

/// Runs a check with `printer`, writing to standard output, and chooses the exit code.
fn check_with(run: &Run<'_>, printer: &impl FileSink<Done = ()>) -> i32 {
    let outcome = run_files(run, printer, &mut io::stdout().lock(), |_, ()| {});
    let earned = if outcome.run.failed > 0 || outcome.nothing_found {
        EXIT_FAILURE
    } else if outcome.run.all.errors > 0 || outcome.errors > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };
    exit_after_write(outcome.written, earned)
}
