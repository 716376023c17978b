//! What the commands over whole collections share (`stats`, `filter`, `dedup`, `report`): the
//! input options, read the same way as `pdn check` reads them (pdn.toml included), and a run
//! over the batch runner that hands every checked game of every file to the command, files in
//! path order, each file's output written as soon as the files before it are done.

use std::io::{self, IsTerminal};
use std::ops::ControlFlow;
use std::path::PathBuf;

use clap::ArgMatches;
use pdnkit::check::{CheckOptions, CheckedGame, FileTotals, Retain, check_stream_with};
use pdnkit::lint::Severity;
use pdnkit::lint::codes::file::{F001, F006};
use pdnkit::replay::ForcedVariant;

use super::batch::{Discovery, Entry, Event, Progress, Runner, discover, open_input, worker_count};
use super::check::{self, Rules};
use super::output::Sink;
use super::printer::{FileRecord, FileStatus, RunTotals, failed_record};

/// The files to read and how to read them: `pdn check`'s input options, which every command
/// over collections takes.
#[derive(clap::Args, Debug, Clone)]
pub struct InputArgs {
    /// Files and directories; `-` reads standard input. A file named here is read whatever its
    /// name; directories are searched for `*.pdn` (any case), `--glob` matches and `*.txt`
    /// files that start like PDN.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Replay every game as this variant (name or GameType number), whatever its tags say; a
    /// game of the GameType table without rules in pdnkit (41, spantsiretti) means: check the
    /// syntax only.
    #[arg(long, value_name = "VARIANT")]
    pub variant: Option<ForcedVariant>,
    /// Rule profile for missed captures [default: modern].
    #[arg(long, value_enum)]
    pub rules: Option<Rules>,
    /// Decode files with this encoding (latin1, cp1252, utf-16le, windows-1251, ...) instead of
    /// sniffing.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// Report PDN 3.0 writing restrictions and constructs the standard rejects as errors.
    #[arg(long)]
    pub strict: bool,
    /// Drop the diagnostics of a code (`R310`), a code's name, or a kind (`separator`):
    /// neither shown nor counted; repeatable.
    #[arg(short = 'A', long, value_name = "CODE|KIND")]
    pub allow: Vec<String>,
    /// Make a code's or kind's diagnostics warnings; repeatable.
    #[arg(short = 'W', long, value_name = "CODE|KIND")]
    pub warn: Vec<String>,
    /// Make a code's or kind's diagnostics errors, or every warning with `warnings` (the run
    /// then fails on them); repeatable. A code's setting beats its kind's, which beats
    /// `warnings`; of two settings of the same reach the last given wins.
    #[arg(short = 'D', long, value_name = "CODE|KIND|warnings")]
    pub deny: Vec<String>,
    /// Read settings from this file instead of the nearest pdn.toml.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    pub config: Option<PathBuf>,
    /// Read no pdn.toml.
    #[arg(long)]
    pub no_config: bool,
    /// Worker threads, 1 or more (default: one per core; at most four per core).
    #[arg(short, long, value_parser = jobs)]
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
    /// A copy of standard input, read instead of it wherever `-` is named (a command that
    /// reads its input twice keeps one).
    #[arg(skip)]
    pub stdin_spool: Option<PathBuf>,
}

/// Reads `-j N`: a number of threads, at least one.
fn jobs(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => {
            Err("0 threads cannot do the work: give 1 or more (without -j, one per core)".into())
        }
        Ok(n) => Ok(n),
        Err(e) => Err(format!("`{s}` is not a number of threads: {e}")),
    }
}

impl InputArgs {
    /// The check options, merged with pdn.toml exactly as `pdn check` merges them.
    pub fn options(&self, matches: Option<&ArgMatches>) -> Result<CheckOptions, String> {
        check::settings(self, None, false, matches).map(|s| s.options)
    }
}

/// How a run over files ended.
pub struct Outcome {
    /// Every file's record, merged.
    pub run: RunTotals,
    /// Whether the output could be written.
    pub written: io::Result<()>,
    /// No file was found to read.
    pub nothing_found: bool,
}

/// What a command does with each file: `start` makes a file's state, `game` sees each checked
/// game (and may write output for it), `end` turns the state and the file's record into the
/// file's result, and may hand over more output piece by piece (the function it is given
/// returns false once the output has gone away).
pub struct Work<S, T, Fs, Fg, Fe>
where
    Fs: Fn(&str) -> S + Sync,
    Fg: Fn(&mut S, CheckedGame, &mut Vec<u8>) + Sync,
    Fe: Fn(S, &FileRecord, &mut dyn FnMut(Vec<u8>) -> bool) -> T + Sync,
{
    /// A file starts (its name as shown).
    pub start: Fs,
    /// A game of the file is checked.
    pub game: Fg,
    /// The file is over.
    pub end: Fe,
}

/// What a command does with each file, when it writes a game's output piece by piece (a game
/// too long to hold is written as it is read back, in blocks): as [`Work`], but `game` hands
/// its output to `emit` (which returns false once the output has gone away) instead of
/// filling one buffer.
pub trait EmittingWork: Sync {
    /// What a file's run keeps.
    type State;
    /// What a file's run gives.
    type Result: Send;
    /// A file starts (its name as shown).
    fn start(&self, name: &str) -> Self::State;
    /// A game of the file is checked.
    fn game(&self, state: &mut Self::State, g: CheckedGame, emit: &mut dyn FnMut(Vec<u8>) -> bool);
    /// The file is over.
    fn end(
        &self,
        state: Self::State,
        record: &FileRecord,
        emit: &mut dyn FnMut(Vec<u8>) -> bool,
    ) -> Self::Result;
    /// Whether an empty piece of output means: a game's bytes have all been handed over
    /// ([`Sink::mark`]), so that the games written can be counted.
    fn marks_games(&self) -> bool {
        false
    }
}

/// An [`EmittingWork`] made of three functions, as [`Work`] is.
pub struct Emitting<Fs, Fg, Fe> {
    /// A file starts (its name as shown).
    pub start: Fs,
    /// A game of the file is checked; its output goes to the function given.
    pub game: Fg,
    /// The file is over.
    pub end: Fe,
}

impl<S, T, Fs, Fg, Fe> EmittingWork for Emitting<Fs, Fg, Fe>
where
    T: Send,
    Fs: Fn(&str) -> S + Sync,
    Fg: Fn(&mut S, CheckedGame, &mut dyn FnMut(Vec<u8>) -> bool) + Sync,
    Fe: Fn(S, &FileRecord, &mut dyn FnMut(Vec<u8>) -> bool) -> T + Sync,
{
    type State = S;
    type Result = T;
    fn start(&self, name: &str) -> S {
        (self.start)(name)
    }
    fn game(&self, state: &mut S, g: CheckedGame, emit: &mut dyn FnMut(Vec<u8>) -> bool) {
        (self.game)(state, g, emit)
    }
    fn end(&self, state: S, record: &FileRecord, emit: &mut dyn FnMut(Vec<u8>) -> bool) -> T {
        (self.end)(state, record, emit)
    }
}

/// An [`EmittingWork`] whose empty pieces of output mark the end of a game's bytes
/// ([`EmittingWork::marks_games`]).
pub struct Marked<W>(pub W);

impl<W: EmittingWork> EmittingWork for Marked<W> {
    type State = W::State;
    type Result = W::Result;
    fn start(&self, name: &str) -> W::State {
        self.0.start(name)
    }
    fn game(&self, state: &mut W::State, g: CheckedGame, emit: &mut dyn FnMut(Vec<u8>) -> bool) {
        self.0.game(state, g, emit)
    }
    fn end(
        &self,
        state: W::State,
        record: &FileRecord,
        emit: &mut dyn FnMut(Vec<u8>) -> bool,
    ) -> W::Result {
        self.0.end(state, record, emit)
    }
    fn marks_games(&self) -> bool {
        true
    }
}

/// Sets `options` to read as the streaming check does, in bounded memory whatever a game's
/// length: a game of at most [`pdnkit::check::PART_ELEMENTS`] movetext elements is handed over
/// with its tree, as the tree path hands it; a longer one without its moves
/// ([`CheckedGame::parted`], F009). `keep_text`: a command that writes games out keeps the text
/// of a long game in a temporary file ([`CheckedGame::text`]).
pub fn bounded(options: &mut CheckOptions, keep_text: bool) {
    options.retain = if keep_text {
        Retain::TreesAndText
    } else {
        Retain::Trees
    };
}

/// Runs `work` over every file of `input`, writes each file's output to `out` in path order,
/// and hands each file's result to `done`, in path order.
pub fn run<S, T, Fs, Fg, Fe>(
    cmd: &str,
    input: &InputArgs,
    options: &CheckOptions,
    work: Work<S, T, Fs, Fg, Fe>,
    out: &mut dyn Sink,
    done: impl FnMut(&FileRecord, T),
) -> Outcome
where
    T: Send,
    Fs: Fn(&str) -> S + Sync,
    Fg: Fn(&mut S, CheckedGame, &mut Vec<u8>) + Sync,
    Fe: Fn(S, &FileRecord, &mut dyn FnMut(Vec<u8>) -> bool) -> T + Sync,
{
    let Work { start, game, end } = work;
    let game = move |s: &mut S, g: CheckedGame, emit: &mut dyn FnMut(Vec<u8>) -> bool| {
        let mut buf = Vec::new();
        game(s, g, &mut buf);
        emit(buf);
    };
    run_emitting(
        cmd,
        input,
        options,
        &Emitting { start, game, end },
        out,
        done,
    )
}

/// [`run`] for a command that writes a game's output piece by piece.
pub fn run_emitting<W: EmittingWork>(
    cmd: &str,
    input: &InputArgs,
    options: &CheckOptions,
    work: &W,
    out: &mut dyn Sink,
    mut done: impl FnMut(&FileRecord, W::Result),
) -> Outcome {
    let (jobs, capped) = worker_count(input.jobs);
    if let (Some(cap), Some(asked)) = (capped, input.jobs) {
        eprintln!("pdn {cmd}: warning: -j {asked} is too many; using {cap} worker threads");
    }
    let entries = discover(
        &input.paths,
        &Discovery {
            hidden: input.hidden,
            follow: input.follow,
            globs: input.glob.clone(),
        },
    );
    let progress = Progress::new(
        !input.no_progress && io::stderr().is_terminal(),
        entries.len(),
    );
    let mut run = RunTotals::default();
    let marks = work.marks_games();
    let written = Runner { jobs }.run(
        &entries,
        &progress,
        |entry, emitter| {
            let name = entry.path().display().to_string();
            let mut state = work.start(&name);
            let record = match entry {
                Entry::Read(path) => match open_input(
                    input
                        .stdin_spool
                        .as_ref()
                        .filter(|_| path.as_os_str() == "-")
                        .unwrap_or(path),
                ) {
                    Err(e) => failed_record(
                        name.clone(),
                        FileTotals::default(),
                        &F001,
                        format!("cannot read the file: {e}"),
                    ),
                    Ok(input) => {
                        let mut so_far = FileTotals::default();
                        let result = check_stream_with(input, options, |g| {
                            let errors = g
                                .diagnostics
                                .iter()
                                .filter(|d| d.severity == Severity::Error)
                                .count();
                            progress.game(errors, g.chunk.released + g.chunk.text.len());
                            for d in &g.diagnostics {
                                so_far.count(d);
                            }
                            so_far.games += usize::from(g.chunk.index.is_some());
                            let mut open = true;
                            work.game(&mut state, g, &mut |bytes| {
                                open = open
                                    && if marks && bytes.is_empty() {
                                        emitter.mark()
                                    } else {
                                        emitter.emit(bytes)
                                    };
                                open
                            });
                            if open {
                                ControlFlow::Continue(())
                            } else {
                                ControlFlow::Break(())
                            }
                        });
                        match result {
                            Ok(totals) => FileRecord {
                                path: name.clone(),
                                totals,
                                status: FileStatus::Read,
                            },
                            Err(e) => failed_record(
                                name.clone(),
                                so_far,
                                &F001,
                                format!("cannot read the file: {e}"),
                            ),
                        }
                    }
                },
                Entry::Skipped(_, reason) => FileRecord {
                    path: name.clone(),
                    totals: FileTotals::default(),
                    status: FileStatus::Skipped(*reason),
                },
                Entry::Unwalkable(_, why) => failed_record(
                    name.clone(),
                    FileTotals::default(),
                    &F001,
                    format!("cannot read the file: {why}"),
                ),
            };
            let value = work.end(state, &record, &mut |bytes| {
                if marks && bytes.is_empty() {
                    emitter.mark()
                } else {
                    emitter.emit(bytes)
                }
            });
            (record, value)
        },
        |entry, why, _| {
            let name = entry.path().display().to_string();
            let record = failed_record(
                name.clone(),
                FileTotals::default(),
                &F006,
                format!("internal error while reading the file: {why}"),
            );
            let value = work.end(work.start(&name), &record, &mut |_| true);
            (record, value)
        },
        |_, event| match event {
            Event::Output(bytes) => out.write_all(&bytes),
            Event::Mark => {
                out.mark();
                Ok(())
            }
            Event::Done((record, value)) => {
                if let FileStatus::Failed(d) = &record.status {
                    eprintln!("pdn {cmd}: {}: {}", record.path, d.message);
                }
                done(&record, value);
                run += record;
                Ok(())
            }
        },
    );
    let written = written.and_then(|()| out.flush());
    let nothing_found = !entries.iter().any(|e| !matches!(e, Entry::Skipped(..)));
    if nothing_found {
        eprintln!(
            "pdn {cmd}: no PDN file found in {}",
            input
                .paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Outcome {
        run,
        written,
        nothing_found,
    }
}
