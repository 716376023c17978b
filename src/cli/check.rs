//! `pdn check`: read and replay files and directories, print every problem, summarise.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use clap::ValueEnum;
use pdnkit::check::{CheckOptions, CheckedGame, FileTotals, check_stream_with};
use pdnkit::lint::Severity;
use pdnkit::lint::codes::file::{F001, F006};
use pdnkit::replay::{ReplayOptions, RuleProfile};
use pdnkit::rules::Variant;
use pdnkit::source::encoding_for_label;
use pdnkit::syntax::ReadOptions;

use super::batch::{
    Discovery, Emitter, Entry, Event, JOBS_PER_CORE, Progress, Runner, discover, worker_count,
};
use super::printer::{
    Both, FileRecord, FileStatus, Human, JsonLines, Printer, RunTotals, Short, Table, failed_record,
};

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

/// Which historical rules decide what a missed capture is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Rules {
    /// A missed, short or unfinished capture is an error.
    Modern,
    /// A missed capture is a warning and the piece may be huffed (English before the modern
    /// rules, Canadian 1875, Polish 1902).
    Huffing,
    /// Huffing, and captured pieces leave the board one by one (the 1902 Polish text).
    Polish1902,
}

/// What counts as failing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Deny {
    /// Warnings make the run fail too.
    Warnings,
}

/// Arguments of `pdn check`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files and directories to check; `-` reads standard input. A file named here is read
    /// whatever its name; directories are searched for `*.pdn` (any case), `--glob` matches and
    /// `*.txt` files that start like PDN.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Report PDN 3.0 writing restrictions and constructs the standard rejects as errors.
    #[arg(long)]
    pub strict: bool,
    /// Fail (exit 1) on warnings too.
    #[arg(long, value_enum)]
    pub deny: Option<Deny>,
    /// Decode files with this encoding (latin1, cp1252, utf-16le, windows-1251, ...) instead of
    /// sniffing.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// Replay every game as this variant (name or GameType number), whatever its tags say.
    #[arg(long, value_name = "VARIANT")]
    pub variant: Option<Variant>,
    /// Rule profile for missed captures.
    #[arg(long, value_enum, default_value_t = Rules::Modern)]
    pub rules: Rules,
    /// Only read the files: do not replay the moves.
    #[arg(long)]
    pub syntax_only: bool,
    /// Also print info diagnostics (decodings, inferred variants) in human and short output.
    #[arg(short, long)]
    pub verbose: bool,
    /// Print only the summary table, not each diagnostic.
    #[arg(short, long)]
    pub quiet: bool,
    /// Worker threads (default: one per core; at most four per core).
    #[arg(short, long)]
    pub jobs: Option<usize>,
    /// Also read files whose names match this pattern (`*` and `?`) in directories; repeatable.
    #[arg(long, value_name = "PATTERN")]
    pub glob: Vec<String>,
    /// Search hidden files and directories (names starting with `.`) too.
    #[arg(long)]
    pub hidden: bool,
    /// Follow symbolic links in directories.
    #[arg(short = 'L', long)]
    pub follow: bool,
    /// Never draw a progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// When to use colour.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// What every job of a run shares.
struct Job<'a> {
    options: CheckOptions,
    printer: &'a dyn Printer,
    progress: &'a Progress,
}

/// Checks one entry of the walk: its diagnostics are handed over game by game.
fn check_entry(entry: &Entry, job: &Job<'_>, out: &Emitter<'_, FileRecord>) -> FileRecord {
    let path = match entry {
        Entry::Read(p) => p,
        Entry::Skipped(p, reason) => {
            return FileRecord {
                path: p.display().to_string(),
                totals: FileTotals::default(),
                status: FileStatus::Skipped(*reason),
            };
        }
        Entry::Unwalkable(p, why) => {
            return failed_record(
                p.display().to_string(),
                FileTotals::default(),
                &F001,
                format!("cannot read the file: {why}"),
            );
        }
    };
    let name = path.display().to_string();
    let input: Box<dyn io::Read> = if path.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        match File::open(path) {
            Ok(f) => Box::new(io::BufReader::with_capacity(1 << 16, f)),
            Err(e) => {
                return failed_record(
                    name,
                    FileTotals::default(),
                    &F001,
                    format!("cannot read the file: {e}"),
                );
            }
        }
    };
    let mut so_far = FileTotals::default();
    let result = check_stream_with(input, &job.options, |g: CheckedGame| {
        let errors = g
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        job.progress.game(errors, g.chunk.text.len());
        for d in &g.diagnostics {
            so_far.count(d);
        }
        so_far.games += usize::from(g.chunk.game.is_some());
        let mut buf = Vec::new();
        // Writing to memory cannot fail.
        let _ = job.printer.game(&name, &g, &mut buf);
        if out.emit(buf) {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    match result {
        Ok(totals) => FileRecord {
            path: name,
            totals,
            status: FileStatus::Read,
        },
        Err(e) => failed_record(name, so_far, &F001, format!("cannot read the file: {e}")),
    }
}

/// Runs `pdn check`.
pub fn run(args: &Args) -> i32 {
    let encoding = match &args.encoding {
        None => None,
        Some(label) => match encoding_for_label(label) {
            Some(e) => Some(e),
            None => {
                eprintln!(
                    "pdn check: unknown encoding `{label}` (try utf-8, latin1, cp1252, utf-16le, windows-1251)"
                );
                return EXIT_FAILURE;
            }
        },
    };
    let options = CheckOptions {
        read: ReadOptions {
            strict: args.strict,
            ..ReadOptions::default()
        },
        replay: ReplayOptions {
            variant: args.variant,
            rules: match args.rules {
                Rules::Modern => RuleProfile::Modern,
                Rules::Huffing => RuleProfile::Huffing,
                Rules::Polish1902 => RuleProfile::Polish1902,
            },
        },
        encoding,
        syntax_only: args.syntax_only,
    };
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    let (jobs, capped) = worker_count(args.jobs);
    if let (Some(cap), Some(asked)) = (capped, args.jobs) {
        eprintln!(
            "pdn check: warning: -j {asked} is more than {JOBS_PER_CORE} per core; using {cap} worker threads"
        );
    }
    let entries = discover(
        &args.paths,
        &Discovery {
            hidden: args.hidden,
            follow: args.follow,
            globs: args.glob.clone(),
        },
    );
    let printer: Box<dyn Printer> = match (args.format, args.quiet) {
        (Format::Json, quiet) => Box::new(JsonLines { quiet }),
        (_, true) => Box::new(Table),
        (Format::Short, false) => Box::new(Both(
            Short {
                verbose: args.verbose,
            },
            Table,
        )),
        (Format::Human, false) => Box::new(Both(
            Human {
                color,
                verbose: args.verbose,
            },
            Table,
        )),
    };
    let progress = Progress::new(
        !args.no_progress && !args.quiet && io::stderr().is_terminal(),
        entries.len(),
    );
    let job = Job {
        options,
        printer: printer.as_ref(),
        progress: &progress,
    };
    let mut stdout = io::stdout().lock();
    let mut run = RunTotals::default();
    let written = Runner { jobs }.run(
        &entries,
        &progress,
        |entry, out| check_entry(entry, &job, out),
        |entry, why| {
            failed_record(
                entry.path().display().to_string(),
                FileTotals::default(),
                &F006,
                format!("internal error while checking the file: {why}"),
            )
        },
        |_, event| match event {
            Event::Output(bytes) => stdout.write_all(&bytes),
            Event::Done(record) => {
                let mut buf = Vec::new();
                printer.file(&record, &mut buf)?;
                run += record;
                stdout.write_all(&buf)?;
                stdout.flush()
            }
        },
    );
    let nothing_found = run.files_checked() == 0;
    let written = written.and_then(|()| {
        printer.summary(&run, &mut stdout)?;
        stdout.flush()
    });
    let earned = if run.failed > 0 || nothing_found {
        EXIT_FAILURE
    } else if run.all.errors > 0
        || progress.errors() > 0
        || (args.deny.is_some() && run.all.warnings > 0)
    {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };
    if nothing_found && written.is_ok() {
        eprintln!(
            "pdn check: no PDN file found in {}",
            args.paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    exit_after_write(written, earned)
}
