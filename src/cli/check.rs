//! `pdn check`: read and replay files and directories, print every problem, summarise.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;

use clap::ValueEnum;
use pdnkit::check::{CheckOptions, CheckedGame, FileTotals, check_stream};
use pdnkit::lint::codes::file::{F001, F006};
use pdnkit::lint::{Code, Diagnostic, Severity};
use pdnkit::replay::{ReplayOptions, RuleProfile};
use pdnkit::rules::Variant;
use pdnkit::source::{Span, encoding_for_label};
use pdnkit::syntax::ReadOptions;
use pdnkit::write::render::{SourceView, render_human, render_json, render_short};

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
    /// Files and directories to check (directories are searched for *.pdn and *.txt files);
    /// `-` reads standard input.
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
    /// Worker threads (default: one per core).
    #[arg(short, long)]
    pub jobs: Option<usize>,
    /// Never draw a progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// When to use colour.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// The result of one file: its printed output and its counts.
struct FileResult {
    path: String,
    output: String,
    totals: FileTotals,
    failed: bool,
}

/// What walking the paths found: the files to check, the paths that could not be walked, and
/// how many other files the directories held (not `*.pdn` or `*.txt`).
struct Found {
    files: Vec<PathBuf>,
    errors: Vec<(PathBuf, String)>,
    skipped: usize,
}

fn discover(paths: &[PathBuf]) -> Found {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    let mut skipped = 0;
    for p in paths {
        if p.as_os_str() == "-" || !p.is_dir() {
            files.push(p.clone());
            continue;
        }
        for entry in walkdir::WalkDir::new(p).sort_by_file_name() {
            match entry {
                Ok(e) if e.file_type().is_file() => {
                    let ext = e
                        .path()
                        .extension()
                        .and_then(|x| x.to_str())
                        .map(str::to_ascii_lowercase);
                    if matches!(ext.as_deref(), Some("pdn" | "txt")) {
                        files.push(e.into_path());
                    } else {
                        skipped += 1;
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    let path = e.path().map_or_else(|| p.clone(), Path::to_path_buf);
                    errors.push((path, e.to_string()));
                }
            }
        }
    }
    Found {
        files,
        errors,
        skipped,
    }
}

fn check_one(path: &Path, options: &CheckOptions, args: &Args, color: bool) -> FileResult {
    let name = path.display().to_string();
    let mut output = String::new();
    let input: Box<dyn io::Read> = if path.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        match File::open(path) {
            Ok(f) => Box::new(io::BufReader::with_capacity(1 << 16, f)),
            Err(e) => return io_failure(&name, &e.to_string(), args),
        }
    };
    let show = |d: &Diagnostic| args.verbose || d.severity != Severity::Info;
    let result = check_stream(input, options, |g: CheckedGame| {
        if args.quiet {
            return;
        }
        let view = SourceView::of_chunk(&name, &g.chunk);
        for d in &g.diagnostics {
            match args.format {
                Format::Json => {
                    output.push_str(&render_json(&view, g.chunk.index, d));
                    output.push('\n');
                }
                Format::Short if show(d) => {
                    output.push_str(&render_short(&view, d));
                    output.push('\n');
                }
                Format::Human if show(d) => {
                    output.push_str(&render_human(&view, d, color));
                    output.push_str("\n\n");
                }
                _ => {}
            }
        }
    });
    match result {
        Ok(totals) => {
            if args.format == Format::Json {
                let j = serde_json::json!({
                    "type": "file",
                    "file": name,
                    "games": totals.games,
                    "errors": totals.errors,
                    "warnings": totals.warnings,
                    "infos": totals.infos,
                    "encoding": totals.decoding.map(|d| d.name()),
                    "variants": totals.variants.iter().map(|(v, n)| (v.name(), *n)).collect::<std::collections::BTreeMap<_, _>>(),
                    "guessed": totals.guessed,
                    "unreplayed": totals.unreplayed,
                });
                output.push_str(&j.to_string());
                output.push('\n');
            }
            FileResult {
                path: name,
                output,
                totals,
                failed: false,
            }
        }
        Err(e) => {
            let mut r = io_failure(&name, &e.to_string(), args);
            r.output.insert_str(0, &output);
            r
        }
    }
}

fn io_failure(name: &str, why: &str, args: &Args) -> FileResult {
    failure(name, &F001, why, args)
}

/// A file that could not be checked at all: unreadable (F001) or a bug (F006).
fn failure(name: &str, code: &'static Code, why: &str, args: &Args) -> FileResult {
    let message = if code == &F001 {
        format!("cannot read the file: {why}")
    } else {
        format!("internal error while checking the file: {why}")
    };
    let d = Diagnostic::new(code, Span::default(), message);
    let view = SourceView::new(name, "", 0, 1, 1);
    let mut output = match args.format {
        Format::Json => render_json(&view, None, &d),
        Format::Short | Format::Human => format!("{name}: error[{}]: {}", d.code, d.message),
    };
    output.push('\n');
    let mut totals = FileTotals::default();
    totals.count(&d);
    FileResult {
        path: name.to_string(),
        output,
        totals,
        failed: true,
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
    let Found {
        files,
        errors: walk_errors,
        skipped,
    } = discover(&args.paths);
    if files.is_empty() && walk_errors.is_empty() {
        eprintln!(
            "pdn check: no *.pdn or *.txt file found in {}",
            args.paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        return EXIT_FAILURE;
    }
    let mut stdout = io::stdout().lock();
    let mut results: Vec<FileResult> = walk_errors
        .iter()
        .map(|(p, e)| io_failure(&p.display().to_string(), e, args))
        .collect();
    for r in &results {
        if let Err(e) = write_out(&mut stdout, &r.output) {
            return exit_after_write(Err(e), EXIT_FAILURE);
        }
    }

    let progress =
        (!args.no_progress && io::stderr().is_terminal() && files.len() > 1).then(|| {
            let pb = indicatif::ProgressBar::new(files.len() as u64);
            pb.set_style(
                indicatif::ProgressStyle::with_template(
                    "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} files {msg}",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            pb
        });

    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("pdn check: cannot start worker threads: {e}");
            return EXIT_FAILURE;
        }
    };
    // Files are checked in parallel and printed in order: results that arrive early wait
    // until those before them have been printed.
    let (tx, rx) = mpsc::channel::<(usize, FileResult)>();
    let mut write_error: Option<io::Error> = None;
    pool.in_place_scope(|scope| {
        for (i, f) in files.iter().enumerate() {
            let tx = tx.clone();
            let options = &options;
            scope.spawn(move |_| {
                // A bug must cost one file, not the batch.
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    check_one(f, options, args, color)
                }))
                .unwrap_or_else(|p| {
                    let why = p
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| p.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "unknown panic".into());
                    failure(&f.display().to_string(), &F006, &why, args)
                });
                let _ = tx.send((i, r));
            });
        }
        drop(tx);
        let mut pending: std::collections::BTreeMap<usize, FileResult> = Default::default();
        let mut next = 0;
        for (i, r) in rx {
            pending.insert(i, r);
            while let Some(r) = pending.remove(&next) {
                if let Some(pb) = &progress {
                    pb.inc(1);
                    pb.set_message(r.path.clone());
                }
                if write_error.is_none() {
                    write_error = write_out(&mut stdout, &r.output).err();
                }
                results.push(FileResult {
                    output: String::new(),
                    ..r
                });
                next += 1;
            }
        }
    });
    if let Some(pb) = progress {
        pb.finish_and_clear();
    }

    let mut all = FileTotals::default();
    let mut failed = false;
    for r in &results {
        all.games += r.totals.games;
        all.errors += r.totals.errors;
        all.warnings += r.totals.warnings;
        all.infos += r.totals.infos;
        failed |= r.failed;
    }
    let summary = match args.format {
        Format::Json => {
            let j = serde_json::json!({
                "type": "summary",
                "files": results.len(),
                "games": all.games,
                "errors": all.errors,
                "warnings": all.warnings,
                "infos": all.infos,
                "skipped": skipped,
            });
            format!("{j}\n")
        }
        _ => {
            let mut t = table(&results, &all);
            if skipped > 0 {
                t.push_str(&format!(
                    "{skipped} other file(s) in the directories were not read (only *.pdn and *.txt are)\n"
                ));
            }
            t
        }
    };
    let earned = if failed {
        EXIT_FAILURE
    } else if all.errors > 0 || (args.deny.is_some() && all.warnings > 0) {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };
    let written = match write_error {
        Some(e) => Err(e),
        None => write_out(&mut stdout, &summary),
    };
    exit_after_write(written, earned)
}

fn write_out(out: &mut impl Write, s: &str) -> io::Result<()> {
    out.write_all(s.as_bytes())?;
    out.flush()
}

/// The summary table of human and short output.
fn table(results: &[FileResult], all: &FileTotals) -> String {
    use std::fmt::Write as _;
    let width = results
        .iter()
        .map(|r| r.path.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, 60);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:<width$}  {:>7}  {:>6}  {:>8}  variant",
        "file", "games", "errors", "warnings"
    );
    for r in results {
        let mut variant: Vec<String> = r
            .totals
            .variants
            .iter()
            .map(|(v, n)| {
                if r.totals.variants.len() == 1 {
                    v.name().to_string()
                } else {
                    format!("{} {n}", v.name())
                }
            })
            .collect();
        if r.totals.guessed > 0 {
            variant.push(format!("({} guessed)", r.totals.guessed));
        }
        if r.totals.unreplayed > 0 {
            variant.push(format!("({} not replayed)", r.totals.unreplayed));
        }
        if r.failed {
            variant = vec!["unreadable".into()];
        }
        let path: String = if r.path.chars().count() > width {
            let skip = r.path.chars().count() - (width - 1);
            format!("…{}", r.path.chars().skip(skip).collect::<String>())
        } else {
            r.path.clone()
        };
        let _ = writeln!(
            s,
            "{:<width$}  {:>7}  {:>6}  {:>8}  {}",
            path,
            r.totals.games,
            r.totals.errors,
            r.totals.warnings,
            variant.join(" ")
        );
    }
    let _ = writeln!(
        s,
        "{} file(s), {} game(s): {} error(s), {} warning(s)",
        results.len(),
        all.games,
        all.errors,
        all.warnings
    );
    s
}
