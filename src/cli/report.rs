//! `pdn report`: one self-contained HTML page over files and directories: the table `pdn check`
//! prints, charts, and every finding with its source line and the board before the move.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use clap::ArgMatches;
use pdnkit::stats::{DEFAULT_OPENING_PLIES, FileStats, Stats};
use pdnkit::write::report::{FileFindings, FileOutcome, LIMITS, Report};

use super::collect::{self, InputArgs, Work};
use super::printer::FileStatus;
use super::{EXIT_FAILURE, EXIT_OK};

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
    /// Write the page to FILE (replaced when it is complete); `-` writes to standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
}

/// Writes `bytes` of the page to `path` through a temporary file beside it, renamed over it
/// once complete, or to standard output for `-`.
fn write_page(path: &Path, report: &mut Report) -> io::Result<()> {
    if path == Path::new("-") {
        let mut out = io::stdout().lock();
        report.write(&mut out)?;
        return out.flush();
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map_or("report".into(), |n| n.to_string_lossy().into_owned());
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let done = File::create(&temp).and_then(|f| {
        let mut w = BufWriter::new(f);
        report.write(&mut w)?;
        w.into_inner()
            .map_err(|e| e.into_error())
            .and_then(|f| f.sync_all())
            .and_then(|()| std::fs::rename(&temp, path))
    });
    if done.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    done
}

/// Runs `pdn report`.
pub fn run(args: &Args, matches: Option<&ArgMatches>) -> i32 {
    let mut options = match args.input.options(matches) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("pdn report: {e}");
            return EXIT_FAILURE;
        }
    };
    collect::bounded(&mut options, false);
    let title = args
        .input
        .paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let mut report = Report::new(&title, LIMITS);
    let mut trouble = false;
    let outcome = collect::run(
        "report",
        &args.input,
        &options,
        Work {
            start: |_: &str| {
                (
                    // The page shows no players, events, sites or openings.
                    FileStats::new(DEFAULT_OPENING_PLIES).without_names(),
                    FileFindings::new(LIMITS),
                )
            },
            game: |(stats, findings): &mut (FileStats, FileFindings), g, _: &mut Vec<u8>| {
                stats.add(&g);
                findings.add(&g);
            },
            end: |(mut stats, mut findings): (FileStats, FileFindings),
                  r: &super::printer::FileRecord,
                  _: &mut dyn FnMut(Vec<u8>) -> bool| {
                match &r.status {
                    FileStatus::Skipped(_) => None,
                    FileStatus::Failed(d) => {
                        stats.add_diagnostic(d);
                        findings.add_failure(d);
                        Some((stats.finish(&r.totals), findings, FileOutcome::Failed))
                    }
                    FileStatus::Read => {
                        Some((stats.finish(&r.totals), findings, FileOutcome::Read))
                    }
                }
            },
        },
        &mut io::sink(),
        |record, value: Option<(io::Result<Stats>, FileFindings, FileOutcome)>| match value {
            Some((Ok(stats), findings, outcome)) => {
                report.add_file(&record.path, &record.totals, outcome, stats, findings);
            }
            Some((Err(e), ..)) => {
                eprintln!("pdn report: {}: {e}", record.path);
                trouble = true;
            }
            None => {}
        },
    );
    if outcome.nothing_found {
        return EXIT_FAILURE;
    }
    for (reason, n) in &outcome.run.skipped {
        report.not_read(reason.describe(*n));
    }
    if let Err(e) = outcome
        .written
        .and_then(|()| write_page(&args.output, &mut report))
    {
        eprintln!("pdn report: cannot write {}: {e}", args.output.display());
        return EXIT_FAILURE;
    }
    if outcome.run.failed > 0 || trouble {
        EXIT_FAILURE
    } else {
        EXIT_OK
    }
}
