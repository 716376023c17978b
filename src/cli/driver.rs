//! The file driver: every command over files is a [`FileSink`], and [`run_files`] runs it.
//!
//! A sink says what the command does with a file: [`FileSink::begin`] when the file begins,
//! [`FileSink::game`] for each checked game (its tree, text and findings, as [`Retain`] asks),
//! [`FileSink::end`] when the file is over, with its record (its totals, or why it failed), and
//! [`FileSink::summary`] once the run is over. What it writes goes through the [`FileOut`] it is
//! handed. [`run_files`] does the rest, the same for every command: the walk, the worker
//! threads, the progress bar, the check of each file on the batch runner
//! ([`super::batch::Runner`], of which it is the only caller), the output written in path order,
//! the stop when the output goes away, and each file's record.

use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::Path;

use pdnkit::check::{CheckOptions, CheckedGame, FileTotals, check_stream_with};
use pdnkit::lint::Severity;
use pdnkit::lint::codes::file::{F001, F006};
use pdnkit::parallel::{ParallelOptions, check_stream_parallel};
use pdnkit::write::unchanged::BLOCK;

use super::batch::{
    Discovery, Emitter, Entry, Event, JOBS_PER_CORE, Progress, Runner, discover, open_input,
    worker_count,
};
use super::input::{InputArgs, Retain, retain};
use super::output;
use super::printer::{FileRecord, FileStatus, RunTotals, failed_record};

/// What a command does with the files of a run. `begin`, `game` and `end` run on the file's
/// job thread, several files at once; what they write reaches the output in path order.
pub trait FileSink: Sync {
    /// What the command keeps of a file while it is read.
    type File;
    /// What a file gives the printing side when it is over ([`run_files`]'s `done`).
    type Done: Send;

    /// What the command needs of each game besides its findings.
    fn retain(&self) -> Retain;

    /// A file begins (also one that is skipped or cannot be read, before its `end`).
    fn begin(&self, file: &Opening<'_>) -> Self::File;

    /// A game of the file (or text outside any game) is checked. `Break` stops reading the
    /// file, as does output that has gone away.
    fn game(
        &self,
        file: &mut Self::File,
        game: CheckedGame,
        out: &mut FileOut<'_>,
    ) -> ControlFlow<()>;

    /// The file is over: read to its end (or to where the sink stopped), skipped, or failed
    /// (`failure` says why; `record` holds the counts of the games read before).
    fn end(
        &self,
        file: Self::File,
        record: &FileRecord,
        failure: Option<&Failure>,
        out: &mut FileOut<'_>,
    ) -> Self::Done;

    /// The run is over and its output written: what the command writes of the run's totals.
    fn summary(&self, _run: &RunTotals, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

/// A file as its sink first hears of it.
pub struct Opening<'a> {
    /// Its path, as named or met in the walk.
    pub path: &'a Path,
    /// Its name as shown.
    pub name: &'a str,
    /// Its place among the run's entries, from 0: two entries may show the same name (a file
    /// named twice, standard input twice).
    pub index: usize,
    /// The entries of the run (files read, skipped or not walked): with more than one, files
    /// go one after another into one output.
    pub entries: usize,
}

impl<'a> Opening<'a> {
    fn of(entry: &'a Entry, index: usize, name: &'a str, entries: usize) -> Self {
        Opening {
            path: entry.path(),
            name,
            index,
            entries,
        }
    }
}

/// Why a file could not be read to its end.
#[derive(Clone, Debug)]
pub enum Failure {
    /// It could not be opened, listed or read (F001): the reason.
    Unreadable(String),
    /// Its job hit a bug (F006): the panic's message.
    Panicked(String),
}

/// A file's way to the output, handed to its sink: bytes sent as they are, or gathered into
/// blocks of [`BLOCK`] bytes (`append`, `Write`), marks after a game's bytes, and lines for
/// standard error in order with the output. Every method says whether the output is still
/// there; once it has gone away, nothing more is handed over and the file's reading stops.
pub struct FileOut<'a> {
    lane: &'a dyn Lane,
    block: Vec<u8>,
    open: bool,
}

/// The printing side as a job sees it.
trait Lane {
    fn emit(&self, bytes: Vec<u8>) -> bool;
    fn mark(&self) -> bool;
    fn say(&self, bytes: Vec<u8>) -> bool;
}

impl<T> Lane for Emitter<'_, T> {
    fn emit(&self, bytes: Vec<u8>) -> bool {
        Emitter::emit(self, bytes)
    }
    fn mark(&self) -> bool {
        Emitter::mark(self)
    }
    fn say(&self, bytes: Vec<u8>) -> bool {
        Emitter::say(self, bytes)
    }
}

impl<'a> FileOut<'a> {
    fn new(lane: &'a dyn Lane) -> Self {
        FileOut {
            lane,
            block: Vec::new(),
            open: true,
        }
    }

    /// Whether the output is still there.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Hands over the block gathered so far.
    fn hand_over(&mut self) -> bool {
        if self.open && !self.block.is_empty() {
            self.open = self.lane.emit(std::mem::take(&mut self.block));
        }
        self.open
    }

    /// Hands `bytes` over to be written, after the block gathered so far.
    pub fn send(&mut self, bytes: Vec<u8>) -> bool {
        if self.hand_over() && !bytes.is_empty() {
            self.open = self.lane.emit(bytes);
        }
        self.open
    }

    /// Says that a game's bytes have all been handed over ([`output::Sink::mark`]), so that
    /// the games written can be counted.
    pub fn mark(&mut self) -> bool {
        if self.hand_over() {
            self.open = self.lane.mark();
        }
        self.open
    }

    /// Hands `text` over to be written to standard error, in order with the output.
    pub fn say(&mut self, text: String) -> bool {
        if self.hand_over() && !text.is_empty() {
            self.open = self.lane.say(text.into_bytes());
        }
        self.open
    }

    /// `send` and `mark` as one function, for output handed over piece by piece: an empty
    /// piece marks the end of a game's bytes.
    pub fn marking(&mut self) -> impl FnMut(Vec<u8>) -> bool + '_ {
        |bytes: Vec<u8>| {
            if bytes.is_empty() {
                self.mark()
            } else {
                self.send(bytes)
            }
        }
    }

    /// Gathers output: `add` appends to the block, which is handed over once it holds
    /// [`BLOCK`] bytes (one hand-over per game can cost more than the game).
    pub fn append(&mut self, add: impl FnOnce(&mut Vec<u8>)) -> bool {
        if !self.open {
            return false;
        }
        add(&mut self.block);
        self.block.len() < BLOCK || self.hand_over()
    }
}

/// Gathers into blocks, as [`FileOut::append`]; a closed output is a broken pipe.
impl Write for FileOut<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.append(|b| b.extend_from_slice(bytes)) {
            Ok(bytes.len())
        } else {
            Err(io::ErrorKind::BrokenPipe.into())
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.hand_over() {
            Ok(())
        } else {
            Err(io::ErrorKind::BrokenPipe.into())
        }
    }
}

/// The warning when `-j` asks for more threads than are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobsNote {
    /// `-j N is more than 4 per core` (`check`).
    PerCore,
    /// `-j N is too many`.
    TooMany,
    /// None.
    Silent,
}

/// How a run finds and reads its files, and what it says of them on standard error; what it
/// does with them is its [`FileSink`]'s.
pub struct Run<'a> {
    /// The command's name, in messages (`pdn stats: ...`).
    pub cmd: &'static str,
    /// The paths and how to read them.
    pub input: &'a InputArgs,
    /// How each file is checked (what is kept of a game is the sink's [`FileSink::retain`]).
    pub options: &'a CheckOptions,
    /// Walk the directories named; else each path is read as named (`parse`).
    pub walk: bool,
    /// With more than one worker thread, cut a file of two blocks or more into blocks checked
    /// on several threads ([`check_stream_parallel`]; `check`, whose sinks keep no trees).
    pub parallel: bool,
    /// Draw the progress bar on a terminal (unless `--no-progress`).
    pub progress: bool,
    /// What the command does to a file, for the message of a file whose job hit a bug
    /// (`internal error while reading the file`).
    pub doing: &'static str,
    /// Say on standard error each file that failed (`pdn stats: FILE: cannot read ...`), for
    /// the commands whose output does not.
    pub say_failures: bool,
    /// Say on standard error that no file was found to read.
    pub say_nothing_found: bool,
    /// The warning when `-j` is capped.
    pub jobs_note: JobsNote,
}

impl<'a> Run<'a> {
    /// A run of `cmd` over `input`'s paths, walked, with a progress bar; a file that fails and
    /// a run that finds no file are said on standard error.
    pub fn new(cmd: &'static str, input: &'a InputArgs, options: &'a CheckOptions) -> Self {
        Run {
            cmd,
            input,
            options,
            walk: true,
            parallel: false,
            progress: true,
            doing: "reading",
            say_failures: true,
            say_nothing_found: true,
            jobs_note: JobsNote::TooMany,
        }
    }
}

/// How a run ended.
pub struct Outcome {
    /// Every file's record, merged.
    pub run: RunTotals,
    /// Whether the output could be written.
    pub written: io::Result<()>,
    /// No file was found to read.
    pub nothing_found: bool,
    /// Errors found in every game read, the files whose output was not written included.
    pub errors: u64,
}

/// Standard output as `check` writes it: each file's lines as they come.
impl output::Sink for io::StdoutLock<'_> {}

/// Standard output through [`super::stdout_writer`].
impl output::Sink for Box<dyn Write> {}

/// Runs `sink` over the files of `run` ([`Files::find`], then [`Files::run`]).
pub fn run_files<S: FileSink>(
    run: &Run<'_>,
    sink: &S,
    out: &mut dyn output::Sink,
    done: impl FnMut(&FileRecord, S::Done),
) -> Outcome {
    Files::find(run).run(sink, out, done)
}

/// The files of a run, found, and the threads and progress bar to read them with.
pub struct Files<'a> {
    run: &'a Run<'a>,
    jobs: usize,
    entries: Vec<Entry>,
    progress: Progress,
}

impl<'a> Files<'a> {
    /// Walks the paths of `run` (after a warning when `-j` is capped).
    pub fn find(run: &'a Run<'a>) -> Self {
        let input = run.input;
        let (jobs, capped) = worker_count(input.jobs);
        if let (Some(cap), Some(asked)) = (capped, input.jobs) {
            let cmd = run.cmd;
            match run.jobs_note {
                JobsNote::PerCore => eprintln!(
                    "pdn {cmd}: warning: -j {asked} is more than {JOBS_PER_CORE} per core; using {cap} worker threads"
                ),
                JobsNote::TooMany => eprintln!(
                    "pdn {cmd}: warning: -j {asked} is too many; using {cap} worker threads"
                ),
                JobsNote::Silent => {}
            }
        }
        let entries: Vec<Entry> = if run.walk {
            discover(
                &input.paths,
                &Discovery {
                    hidden: input.hidden,
                    follow: input.follow,
                    globs: input.glob.clone(),
                },
            )
        } else {
            input.paths.iter().cloned().map(Entry::Read).collect()
        };
        let progress = Progress::new(
            run.progress && !input.no_progress && io::stderr().is_terminal(),
            entries.len(),
        );
        Files {
            run,
            jobs,
            entries,
            progress,
        }
    }

    /// Runs `sink` over the files: writes what each file hands over to `out`, files in path
    /// order, and hands each file's record and result to `done`, in path order, on the
    /// calling thread. When the output goes away the run stops. The sink's summary is written
    /// last, when everything before it was.
    pub fn run<S: FileSink>(
        self,
        sink: &S,
        mut out: &mut dyn output::Sink,
        mut done: impl FnMut(&FileRecord, S::Done),
    ) -> Outcome {
        let Files {
            run,
            jobs,
            entries,
            progress,
        } = self;
        let mut options = run.options.clone();
        retain(&mut options, sink.retain());
        let reader = Reader {
            options: &options,
            parallel: (run.parallel && jobs > 1).then(|| ParallelOptions {
                segment: segment_bytes(),
                in_flight: jobs + 2,
            }),
            progress: &progress,
            stdin_spool: run.input.stdin_spool.as_deref(),
        };
        let count = entries.len();
        let mut totals = RunTotals::default();
        let indexed: Vec<(usize, &Entry)> = entries.iter().enumerate().collect();
        let written = Runner { jobs }.run(
            &indexed,
            &progress,
            |&(index, entry), emitter| {
                let name = entry.path().display().to_string();
                let mut out = FileOut::new(emitter);
                let mut file = sink.begin(&Opening::of(entry, index, &name, count));
                let (record, failure) = reader.read(entry, name, sink, &mut file, &mut out);
                let value = sink.end(file, &record, failure.as_ref(), &mut out);
                out.hand_over();
                (record, value)
            },
            |&(index, entry), why, emitter| {
                let name = entry.path().display().to_string();
                let mut out = FileOut::new(emitter);
                let file = sink.begin(&Opening::of(entry, index, &name, count));
                let record = failed_record(
                    name,
                    FileTotals::default(),
                    &F006,
                    format!("internal error while {} the file: {why}", run.doing),
                );
                let value = sink.end(file, &record, Some(&Failure::Panicked(why)), &mut out);
                out.hand_over();
                (record, value)
            },
            |_, event| match event {
                Event::Output(bytes) => out.write_all(&bytes),
                Event::Mark => {
                    out.mark();
                    Ok(())
                }
                Event::Said(bytes) => {
                    eprint!("{}", String::from_utf8_lossy(&bytes));
                    Ok(())
                }
                Event::Done((record, value)) => {
                    if let (true, FileStatus::Failed(d)) = (run.say_failures, &record.status) {
                        eprintln!("pdn {}: {}: {}", run.cmd, record.path, d.message);
                    }
                    done(&record, value);
                    totals += record;
                    Ok(())
                }
            },
        );
        let written = written
            .and_then(|()| sink.summary(&totals, &mut out))
            .and_then(|()| out.flush());
        let nothing_found = !entries.iter().any(|e| !matches!(e, Entry::Skipped(..)));
        if run.say_nothing_found && nothing_found && written.is_ok() {
            eprintln!(
                "pdn {}: no PDN file found in {}",
                run.cmd,
                run.input.names(", ")
            );
        }
        Outcome {
            run: totals,
            written,
            nothing_found,
            errors: progress.errors(),
        }
    }
}

/// How every job of a run reads its file.
struct Reader<'a> {
    options: &'a CheckOptions,
    /// How a large file is cut to be checked on several threads.
    parallel: Option<ParallelOptions>,
    progress: &'a Progress,
    /// Read instead of standard input ([`InputArgs::stdin_spool`]).
    stdin_spool: Option<&'a Path>,
}

impl Reader<'_> {
    /// Checks one entry, handing each game to `sink`: the file's record, and why it failed.
    fn read<S: FileSink>(
        &self,
        entry: &Entry,
        name: String,
        sink: &S,
        file: &mut S::File,
        out: &mut FileOut<'_>,
    ) -> (FileRecord, Option<Failure>) {
        let path = match entry {
            Entry::Read(path) => path,
            Entry::Skipped(_, reason) => {
                let status = FileStatus::Skipped(*reason);
                let totals = FileTotals::default();
                return (
                    FileRecord {
                        path: name,
                        totals,
                        status,
                    },
                    None,
                );
            }
            Entry::Unwalkable(_, why) => {
                return unreadable(name, FileTotals::default(), why.clone());
            }
        };
        let spooled = self.stdin_spool.filter(|_| path.as_os_str() == "-");
        let input = match open_input(spooled.unwrap_or(path)) {
            Ok(input) => input,
            Err(e) => return unreadable(name, FileTotals::default(), e.to_string()),
        };
        let mut so_far = FileTotals::default();
        let visit = |g: CheckedGame| {
            let errors = g
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count();
            self.progress
                .game(errors, g.chunk.released + g.chunk.text.len());
            for d in &g.diagnostics {
                so_far.count(d);
            }
            so_far.games += usize::from(g.chunk.index.is_some());
            match sink.game(file, g, out) {
                ControlFlow::Continue(()) if out.is_open() => ControlFlow::Continue(()),
                _ => ControlFlow::Break(()),
            }
        };
        // A file of a few blocks or more is cut and checked on the pool's threads; the others,
        // checked on one thread each, keep the pool busy with their neighbours.
        let parallel = self
            .parallel
            .filter(|p| std::fs::metadata(path).map_or(true, |m| m.len() >= 2 * p.segment as u64));
        let result = match parallel {
            Some(p) => check_stream_parallel(input, self.options, &p, visit),
            None => check_stream_with(input, self.options, visit),
        };
        match result {
            Ok(totals) => (
                FileRecord {
                    path: name,
                    totals,
                    status: FileStatus::Read,
                },
                None,
            ),
            Err(e) => unreadable(name, so_far, e.to_string()),
        }
    }
}

/// The record of a file that could not be read (F001), and why.
fn unreadable(name: String, totals: FileTotals, why: String) -> (FileRecord, Option<Failure>) {
    let record = failed_record(name, totals, &F001, format!("cannot read the file: {why}"));
    (record, Some(Failure::Unreadable(why)))
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
