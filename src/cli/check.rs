//! `pdn check`: read and replay files and directories, print every problem, summarise.

use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;

use clap::{ArgMatches, ValueEnum};
use pdnkit::check::{CheckOptions, CheckedGame, FileTotals, Retain, check_stream_with};
use pdnkit::lint::codes::file::{F001, F006};
use pdnkit::lint::{Level, LintLevels, Severity, Target};
use pdnkit::parallel::{ParallelOptions, check_stream_parallel};
use pdnkit::replay::{ForcedVariant, ReplayOptions, RuleProfile};
use pdnkit::source::encoding_for_label;
use pdnkit::syntax::ReadOptions;

use super::batch::{
    Discovery, Emitter, Entry, Event, JOBS_PER_CORE, Progress, Runner, discover, open_input,
    worker_count,
};
use super::collect::InputArgs;
use super::config::{self, Config};
use super::printer::{
    Both, FileRecord, FileState, FileStatus, Human, JsonLines, Printer, RunTotals, Short, Table,
    failed_record,
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
    #[value(name = "polish-1902", alias = "polish1902")]
    Polish1902,
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

/// What every job of a run shares.
struct Job<'a> {
    options: CheckOptions,
    /// How a large file is cut to be checked on several threads; `None` with one thread.
    parallel: Option<ParallelOptions>,
    printer: &'a dyn Printer,
    progress: &'a Progress,
}

/// Checks one entry of the walk: its diagnostics are handed over game by game, then the
/// printer's closing lines for the file.
fn check_entry(entry: &Entry, job: &Job<'_>, out: &Emitter<'_, FileRecord>) -> FileRecord {
    let mut state = FileState::of(entry.path());
    let record = check_file(entry, job, &mut state, out);
    let mut buf = Vec::new();
    // Writing to memory cannot fail.
    let _ = job.printer.file(&record, &mut state, &mut buf);
    out.emit(buf);
    record
}

fn check_file(
    entry: &Entry,
    job: &Job<'_>,
    state: &mut FileState,
    out: &Emitter<'_, FileRecord>,
) -> FileRecord {
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
    let input = match open_input(path) {
        Ok(input) => input,
        Err(e) => {
            return failed_record(
                name,
                FileTotals::default(),
                &F001,
                format!("cannot read the file: {e}"),
            );
        }
    };
    let mut so_far = FileTotals::default();
    let visit = |g: CheckedGame| {
        let errors = g
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        job.progress
            .game(errors, g.chunk.released + g.chunk.text.len());
        for d in &g.diagnostics {
            so_far.count(d);
        }
        so_far.games += usize::from(g.chunk.index.is_some());
        let mut buf = Vec::new();
        let _ = job.printer.game(&name, &g, state, &mut buf);
        if out.emit(buf) {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    };
    // A file of a few blocks or more is cut and checked on the pool's threads; the others,
    // checked on one thread each, keep the pool busy with their neighbours.
    let parallel = job
        .parallel
        .filter(|p| std::fs::metadata(path).map_or(true, |m| m.len() >= 2 * p.segment as u64));
    let result = match parallel {
        Some(p) => check_stream_parallel(input, &job.options, &p, visit),
        None => check_stream_with(input, &job.options, visit),
    };
    match result {
        Ok(totals) => FileRecord {
            path: name,
            totals,
            status: FileStatus::Read,
        },
        Err(e) => failed_record(name, so_far, &F001, format!("cannot read the file: {e}")),
    }
}

/// The size of the blocks a large file is cut into: [`pdnkit::parallel::DEFAULT_SEGMENT`], or
/// `PDN_SEGMENT_BYTES` from the environment (for tests, which cut small files into many
/// blocks).
fn segment_bytes() -> usize {
    std::env::var("PDN_SEGMENT_BYTES")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(pdnkit::parallel::DEFAULT_SEGMENT)
}

/// The settings of a run once the command line and pdn.toml are merged.
pub(crate) struct Settings {
    /// What to check and how.
    pub(crate) options: CheckOptions,
    /// `--max-diagnostics`, or pdn.toml's.
    pub(crate) max_diagnostics: Option<usize>,
}

/// Merges pdn.toml (found upwards from the current directory, or `--config`) under the command
/// line. `matches` gives the order of `--allow`/`--warn`/`--deny` on the command line.
pub(crate) fn settings(
    args: &InputArgs,
    max_diagnostics: Option<usize>,
    syntax_only: bool,
    matches: Option<&ArgMatches>,
) -> Result<Settings, String> {
    let config = if args.no_config {
        Config::default()
    } else if let Some(path) = &args.config {
        config::load(path)?
    } else {
        match std::env::current_dir().ok().and_then(|d| config::find(&d)) {
            Some(path) => config::load(&path)?,
            None => Config::default(),
        }
    };
    // Where a setting of the file stands, before a message about it.
    let place = |s: &toml::Spanned<String>, key: &str| format!("{}: {key}: ", config.at(s.span()));
    let (label, from_file) = match (&args.encoding, &config.encoding) {
        (Some(l), _) => (Some(l), String::new()),
        (None, Some(l)) => (Some(l.get_ref()), place(l, "encoding")),
        (None, None) => (None, String::new()),
    };
    let encoding = match label {
        None => None,
        Some(label) => Some(encoding_for_label(label).ok_or_else(|| {
            format!(
                "{from_file}unknown encoding `{label}` (try utf-8, latin1, cp1252, utf-16le, windows-1251)"
            )
        })?),
    };
    let variant = match (args.variant, &config.variant) {
        (Some(v), _) => Some(v),
        (None, Some(name)) => Some(
            name.get_ref()
                .parse::<ForcedVariant>()
                .map_err(|e| format!("{}{e}", place(name, "variant")))?,
        ),
        (None, None) => None,
    };
    let rules = match (args.rules, &config.rules) {
        (Some(r), _) => r,
        (None, Some(name)) => Rules::from_str(name.get_ref(), true).map_err(|_| {
            format!(
                "{}`{}` is not modern, huffing or polish-1902",
                place(name, "rules"),
                name.get_ref()
            )
        })?,
        (None, None) => Rules::Modern,
    };
    let mut levels = LintLevels::default();
    let parse = |t: &str| Target::parse(t).map_err(|e| e.to_string());
    for (list, level, key) in [
        (&config.allow, Level::Allow, "allow"),
        (&config.warn, Level::Warn, "warn"),
        (&config.deny, Level::Deny, "deny"),
    ] {
        for t in list {
            let target = parse(t.get_ref()).map_err(|e| format!("{}{e}", place(t, key)))?;
            levels.push(target, level);
        }
    }
    // The command line's settings, in the order given.
    let mut given: Vec<(usize, &String, Level)> = Vec::new();
    for (id, list, level) in [
        ("allow", &args.allow, Level::Allow),
        ("warn", &args.warn, Level::Warn),
        ("deny", &args.deny, Level::Deny),
    ] {
        let indices: Vec<usize> = matches
            .and_then(|m| m.indices_of(id))
            .map(|i| i.collect())
            .unwrap_or_default();
        for (k, t) in list.iter().enumerate() {
            given.push((indices.get(k).copied().unwrap_or(usize::MAX), t, level));
        }
    }
    given.sort_by_key(|g| g.0);
    for (_, t, level) in given {
        levels.push(parse(t)?, level);
    }
    Ok(Settings {
        options: CheckOptions {
            read: ReadOptions {
                strict: args.strict || config.strict.unwrap_or(false),
                ..ReadOptions::default()
            },
            replay: ReplayOptions {
                variant,
                rules: match rules {
                    Rules::Modern => RuleProfile::Modern,
                    Rules::Huffing => RuleProfile::Huffing,
                    Rules::Polish1902 => RuleProfile::Polish1902,
                },
                ..ReplayOptions::default()
            },
            encoding,
            syntax_only,
            levels,
            // The commands that need each game's tree (stats, filter, dedup) share these.
            retain: Retain::Trees,
            window: None,
        },
        max_diagnostics: max_diagnostics.or(config.max_diagnostics),
    })
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
    let (jobs, capped) = worker_count(args.input.jobs);
    if let (Some(cap), Some(asked)) = (capped, args.input.jobs) {
        eprintln!(
            "pdn check: warning: -j {asked} is more than {JOBS_PER_CORE} per core; using {cap} worker threads"
        );
    }
    let entries = discover(
        &args.input.paths,
        &Discovery {
            hidden: args.input.hidden,
            follow: args.input.follow,
            globs: args.input.glob.clone(),
        },
    );
    let table = Table {
        fit: io::stdout().is_terminal(),
        problems_only: args.problems_only,
    };
    let printer: Box<dyn Printer> = match (args.format, args.quiet) {
        (Format::Json, quiet) => Box::new(JsonLines { quiet }),
        (_, true) => Box::new(table),
        (Format::Short, false) => Box::new(Both(
            Short {
                color,
                verbose: args.verbose,
                max: max_diagnostics,
            },
            table,
        )),
        (Format::Human, false) => Box::new(Both(
            Human {
                color,
                verbose: args.verbose,
                max: max_diagnostics,
            },
            table,
        )),
    };
    let progress = Progress::new(
        !args.input.no_progress && !args.quiet && io::stderr().is_terminal(),
        entries.len(),
    );
    let job = Job {
        // Check needs nothing of a game but its findings: read and replay it as it streams.
        options: CheckOptions {
            retain: Retain::Findings,
            ..options
        },
        parallel: (jobs > 1).then(|| ParallelOptions {
            segment: segment_bytes(),
            in_flight: jobs + 2,
        }),
        printer: printer.as_ref(),
        progress: &progress,
    };
    let mut stdout = io::stdout().lock();
    let mut run = RunTotals::default();
    let written = Runner { jobs }.run(
        &entries,
        &progress,
        |entry, out| check_entry(entry, &job, out),
        |entry, why, out| {
            let record = failed_record(
                entry.path().display().to_string(),
                FileTotals::default(),
                &F006,
                format!("internal error while checking the file: {why}"),
            );
            let mut buf = Vec::new();
            let mut state = FileState::of(entry.path());
            let _ = printer.file(&record, &mut state, &mut buf);
            out.emit(buf);
            record
        },
        |_, event| match event {
            Event::Output(bytes) => stdout.write_all(&bytes),
            Event::Mark => Ok(()),
            Event::Done(record) => {
                run += record;
                stdout.flush()
            }
        },
    );
    let nothing_found = !entries.iter().any(|e| !matches!(e, Entry::Skipped(..)));
    let written = written.and_then(|()| {
        printer.summary(&run, &mut stdout)?;
        stdout.flush()
    });
    let earned = if run.failed > 0 || nothing_found {
        EXIT_FAILURE
    } else if run.all.errors > 0 || progress.errors() > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };
    if nothing_found && written.is_ok() {
        eprintln!(
            "pdn check: no PDN file found in {}",
            args.input
                .paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    exit_after_write(written, earned)
}
