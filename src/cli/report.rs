//! `pdn report`: one self-contained HTML page over files and directories: the table `pdn check`
//! prints, charts, and every finding with its source line and the board before the move.

use std::io;
use std::ops::ControlFlow;
use std::path::PathBuf;

use clap::ArgMatches;
use pdnkit::check::CheckedGame;
use pdnkit::stats::{DEFAULT_OPENING_PLIES, FileStats, Stats};
use pdnkit::write::report::{FileFindings, FileOutcome, LIMITS, Report};

use super::driver::{Failure, FileOut, FileSink, Opening, Run, run_files};
use super::input::{InputArgs, Retain};
use super::output::{self, Output};
use super::printer::{FileRecord, FileStatus};
use super::{EXIT_FAILURE, EXIT_OK, exit_after_write};

/// Arguments of `pdn report`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  pdn report corpus/ -o report.html       a page to open in a browser
  pdn report --variant english games/ -o english.html

The page needs no network: styles, charts and boards are inline. Limits (docs/limits.md): at
most 2,000 findings listed per file and 20,000 in all, and boards for the first 200 errors of a
file and 1,000 in all; the rest are counted by code, and `pdn check` lists every one.")]
pub struct Args {
    /// Files and reading options.
    #[command(flatten)]
    pub input: InputArgs,
    /// Write the page to FILE (replaced when it is complete; never one of the inputs); `-`
    /// writes to standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
}

/// What `pdn report` does with each file: its charts' counts and its findings.
struct Page;

impl FileSink for Page {
    type File = (FileStats, FileFindings);
    /// The file's counts, findings and outcome; `None` for a file not read.
    type Done = Option<(io::Result<Stats>, FileFindings, FileOutcome)>;

    fn retain(&self) -> Retain {
        Retain::Trees
    }

    fn begin(&self, _: &Opening<'_>) -> Self::File {
        (
            // The page shows no players, events, sites or openings.
            FileStats::new(DEFAULT_OPENING_PLIES).without_names(),
            FileFindings::new(LIMITS),
        )
    }

    fn game(
        &self,
        (stats, findings): &mut Self::File,
        g: CheckedGame,
        _: &mut FileOut<'_>,
    ) -> ControlFlow<()> {
        stats.add(&g);
        findings.add(&g);
        ControlFlow::Continue(())
    }

    fn end(
        &self,
        (mut stats, mut findings): Self::File,
        r: &FileRecord,
        _: Option<&Failure>,
        _: &mut FileOut<'_>,
    ) -> Self::Done {
        match &r.status {
            FileStatus::Skipped(_) => None,
            FileStatus::Failed(d) => {
                stats.add_diagnostic(d);
                findings.add_failure(d);
                Some((stats.finish(&r.totals), findings, FileOutcome::Failed))
            }
            FileStatus::Read => Some((stats.finish(&r.totals), findings, FileOutcome::Read)),
        }
    }
}

/// Runs `pdn report`.
pub fn run(args: &Args, matches: Option<&ArgMatches>) -> i32 {
    let options = match args.input.options(matches) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("pdn report: {e}");
            return EXIT_FAILURE;
        }
    };
    if let Err(e) = output::refuse_input(Some(&args.output), &args.input, false) {
        eprintln!("pdn report: {e}");
        return EXIT_FAILURE;
    }
    // Opened first, so that a page that cannot be written fails before the work.
    let mut out = match Output::file(&args.output) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("pdn report: cannot write {}: {e}", args.output.display());
            return EXIT_FAILURE;
        }
    };
    let title = args.input.names(" ");
    let mut report = Report::new(&title, LIMITS);
    let mut trouble = false;
    let run = Run::new("report", &args.input, &options);
    let outcome = run_files(&run, &Page, &mut io::sink(), |record, value| match value {
        Some((Ok(stats), findings, outcome)) => {
            report.add_file(&record.path, &record.totals, outcome, stats, findings);
        }
        Some((Err(e), ..)) => {
            eprintln!("pdn report: {}: {e}", record.path);
            trouble = true;
        }
        None => {}
    });
    if outcome.nothing_found {
        return EXIT_FAILURE;
    }
    for (reason, n) in &outcome.run.skipped {
        report.not_read(reason.describe(*n));
    }
    let earned = if outcome.run.failed > 0 || trouble {
        EXIT_FAILURE
    } else {
        EXIT_OK
    };
    // The page is put in place only when it is whole.
    let written = outcome
        .written
        .and_then(|()| report.write(&mut out))
        .and_then(|()| out.finish(true));
    match written {
        // Standard output as every command's: a closed pipe (`pdn report -o - | head`) is
        // not an error.
        _ if out.is_stdout() => exit_after_write(written, earned),
        Err(e) => {
            eprintln!("pdn report: cannot write {}: {e}", args.output.display());
            EXIT_FAILURE
        }
        Ok(()) => earned,
    }
}
