//! The batch runner under the file driver ([`super::driver::run_files`], the only caller of
//! [`Runner::run`]): discovery, an ordered parallel run with per-file panic isolation, and
//! progress.
//!
//! [`discover`] turns the paths of the command line into [`Entry`]s in path order: the files to
//! read, and every file the walk saw and did not read, with its reason. [`Runner::run`] runs a
//! job per entry on a rayon pool; a job hands its output over game by game through an
//! [`Emitter`], and the printing side writes the output of entry 0 as it comes, then entry 1's,
//! and so on: a file waits only for the files before it, and a job that gets far ahead of the
//! printing side blocks on a short queue, so memory stays flat however large the files.

use std::collections::VecDeque;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};

/// Why a file the walk saw was not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SkipReason {
    /// A hidden file or directory (its name starts with `.`); `--hidden` reads them.
    Hidden,
    /// A symbolic link, not followed; `--follow` follows them.
    Symlink,
    /// Not a PDN file by its name (`*.pdn`, or a `--glob` pattern).
    NotPdn,
    /// A `*.txt` file whose first bytes are not PDN (neither a tag nor a move number).
    TextNotPdn,
    /// A file already met in the run: named twice, or inside two directories named (one
    /// within the other), or reached again through a link. It is read once.
    Again,
    /// With `--follow`, a symbolic link to a directory above it (a loop): its files are read
    /// once, where the walk met them first.
    Loop,
}

impl SkipReason {
    /// The name used in JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            SkipReason::Hidden => "hidden",
            SkipReason::Symlink => "symlink",
            SkipReason::NotPdn => "not-pdn",
            SkipReason::TextNotPdn => "text-not-pdn",
            SkipReason::Again => "again",
            SkipReason::Loop => "loop",
        }
    }

    /// A phrase for the summary: `3 hidden`, `2 symbolic link(s) not followed`.
    pub fn describe(self, n: usize) -> String {
        match self {
            SkipReason::Hidden => format!("{n} hidden (--hidden reads them)"),
            SkipReason::Symlink => {
                format!("{n} symbolic link(s) not followed (--follow follows them)")
            }
            SkipReason::NotPdn => format!("{n} not named *.pdn"),
            SkipReason::TextNotPdn => {
                format!("{n} *.txt not starting like PDN (--glob '*.txt' reads them)")
            }
            SkipReason::Again => format!("{n} met again (read once)"),
            SkipReason::Loop => format!(
                "{n} symbolic link(s) to a directory above them, a loop (its files are read once)"
            ),
        }
    }
}

/// One path of the run, in the order output is written.
#[derive(Clone, Debug)]
pub enum Entry {
    /// A file to read (`-` for standard input).
    Read(PathBuf),
    /// A file or directory the walk saw and did not read.
    Skipped(PathBuf, SkipReason),
    /// A path the walk could not enter or list, with the reason.
    Unwalkable(PathBuf, String),
}

impl Entry {
    /// The path.
    pub fn path(&self) -> &Path {
        match self {
            Entry::Read(p) | Entry::Skipped(p, _) | Entry::Unwalkable(p, _) => p,
        }
    }
}

/// What the walk reads.
#[derive(Clone, Debug, Default)]
pub struct Discovery {
    /// Walk hidden files and directories too.
    pub hidden: bool,
    /// Follow symbolic links.
    pub follow: bool,
    /// File-name patterns (`*`, `?`) read besides `*.pdn`.
    pub globs: Vec<String>,
}

/// Opens a path given on the command line for reading: `-` is standard input, a file is read
/// through a 64 KiB buffer.
pub fn open_input(path: &Path) -> io::Result<Box<dyn io::Read>> {
    if path.as_os_str() == "-" {
        Ok(Box::new(io::stdin().lock()))
    } else {
        let f = std::fs::File::open(path)?;
        Ok(Box::new(io::BufReader::with_capacity(1 << 16, f)))
    }
}

/// Walks `paths` in order (directories in name order) into entries. A path given by name is
/// read whatever its name; `-` is standard input. A file met a second time (the same file
/// by its canonical path) is read the first time only ([`SkipReason::Again`]): its games
/// would otherwise count twice, and be copies of themselves.
pub fn discover(paths: &[PathBuf], options: &Discovery) -> Vec<Entry> {
    let mut entries = Vec::new();
    let mut met = std::collections::HashSet::new();
    let mut read = |path: PathBuf, entries: &mut Vec<Entry>| {
        // A path that cannot be resolved is read, and its error reported then.
        let again =
            path.as_os_str() != "-" && path.canonicalize().is_ok_and(|real| !met.insert(real));
        entries.push(if again {
            Entry::Skipped(path, SkipReason::Again)
        } else {
            Entry::Read(path)
        });
    };
    for p in paths {
        if p.as_os_str() == "-" || !p.is_dir() {
            read(p.clone(), &mut entries);
            continue;
        }
        let mut walk = walkdir::WalkDir::new(p)
            .follow_links(options.follow)
            .sort_by_file_name()
            .into_iter();
        while let Some(item) = walk.next() {
            let e = match item {
                Ok(e) => e,
                Err(err) => {
                    let path = err.path().map_or_else(|| p.clone(), Path::to_path_buf);
                    // A link back to a directory above it: the walk has been there already.
                    if err.loop_ancestor().is_some() {
                        entries.push(Entry::Skipped(path, SkipReason::Loop));
                        continue;
                    }
                    let why = match err.io_error() {
                        Some(io) => io.to_string(),
                        None => err.to_string(),
                    };
                    entries.push(Entry::Unwalkable(path, why));
                    continue;
                }
            };
            if e.depth() > 0 && !options.hidden && e.file_name().to_string_lossy().starts_with('.')
            {
                if e.file_type().is_dir() {
                    walk.skip_current_dir();
                }
                entries.push(Entry::Skipped(e.into_path(), SkipReason::Hidden));
                continue;
            }
            let ft = e.file_type();
            if ft.is_symlink() {
                entries.push(Entry::Skipped(e.into_path(), SkipReason::Symlink));
            } else if ft.is_file() {
                match classify(e.into_path(), &options.globs) {
                    Entry::Read(path) => read(path, &mut entries),
                    other => entries.push(other),
                }
            }
        }
    }
    entries
}

/// Whether a file met in a walk is read: `*.pdn` in any case, a `--glob` match, or a `*.txt`
/// whose first bytes look like PDN.
fn classify(path: PathBuf, globs: &[String]) -> Entry {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    if name.ends_with(".pdn") || globs.iter().any(|g| glob_match(&g.to_lowercase(), &name)) {
        Entry::Read(path)
    } else if name.ends_with(".txt") {
        if starts_like_pdn(&path) {
            Entry::Read(path)
        } else {
            Entry::Skipped(path, SkipReason::TextNotPdn)
        }
    } else {
        Entry::Skipped(path, SkipReason::NotPdn)
    }
}

/// `*` matches any run of characters, `?` one character; the rest matches itself.
pub fn glob_match(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    // Classic wildcard matching with one backtrack point for the last `*`.
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < n.len() {
        if i < p.len() && (p[i] == '?' || p[i] == n[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some((i, j));
            i += 1;
        } else if let Some((si, sj)) = star {
            i = si + 1;
            j = sj + 1;
            star = Some((si, sj + 1));
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

/// Whether a file's first bytes look like PDN: after a byte-order mark, blank space and
/// `{...}` comments, a tag (`[`) or a move number (digits and a dot). A file that cannot be
/// opened is read, so that its reason is reported.
fn starts_like_pdn(path: &Path) -> bool {
    let mut head = Vec::with_capacity(1024);
    match std::fs::File::open(path) {
        Ok(f) => {
            if io::Read::read_to_end(&mut io::Read::take(f, 1024), &mut head).is_err() {
                return true;
            }
        }
        Err(_) => return true,
    }
    looks_like_pdn(&head)
}

/// See [`starts_like_pdn`]. UTF-16 text is read by dropping its zero bytes.
pub fn looks_like_pdn(head: &[u8]) -> bool {
    let bytes: Vec<u8> = if head.starts_with(&[0xFF, 0xFE]) || head.starts_with(&[0xFE, 0xFF]) {
        head[2..].iter().copied().filter(|&b| b != 0).collect()
    } else {
        head.strip_prefix(&[0xEF, 0xBB, 0xBF])
            .unwrap_or(head)
            .to_vec()
    };
    let mut i = 0;
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        match bytes.get(i) {
            Some(b'{') => match bytes[i..].iter().position(|&b| b == b'}') {
                Some(end) => i += end + 1,
                None => return false,
            },
            Some(b'[') => return true,
            Some(b) if b.is_ascii_digit() => {
                let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                return bytes.get(i + digits) == Some(&b'.');
            }
            _ => return false,
        }
    }
}

/// What a job hands to the printing side.
pub enum Event<T> {
    /// Bytes to write, in order.
    Output(Vec<u8>),
    /// Bytes for standard error, in order with the output.
    Said(Vec<u8>),
    /// A game's bytes have all been handed over (for commands that count the games written).
    Mark,
    /// The job is over, with its result.
    Done(T),
}

/// A job's line to the printing side.
pub struct Emitter<'a, T> {
    tx: &'a SyncSender<Event<T>>,
}

impl<T> Emitter<'_, T> {
    /// Hands `bytes` over to be written. False when the printing side has stopped (a closed
    /// pipe): the job should stop too.
    pub fn emit(&self, bytes: Vec<u8>) -> bool {
        bytes.is_empty() || self.tx.send(Event::Output(bytes)).is_ok()
    }

    /// Says that a game's bytes have all been handed over. False when the printing side has
    /// stopped.
    pub fn mark(&self) -> bool {
        self.tx.send(Event::Mark).is_ok()
    }

    /// Hands `bytes` over to be written to standard error, in order with the output. False
    /// when the printing side has stopped.
    pub fn say(&self, bytes: Vec<u8>) -> bool {
        bytes.is_empty() || self.tx.send(Event::Said(bytes)).is_ok()
    }
}

/// Outputs a job may queue ahead of the printing side before it waits.
const QUEUE: usize = 64;

/// Entries started ahead of the one being printed, per worker thread.
const AHEAD_PER_JOB: usize = 4;

/// Files, games, errors and bytes done, shown on standard error while a run goes on.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    games: AtomicU64,
    errors: AtomicU64,
    bytes: AtomicU64,
    start: Instant,
}

impl Progress {
    /// A progress bar over `files` files, drawn only when `show` (the caller checks that
    /// standard error is a terminal and that it was not turned off).
    pub fn new(show: bool, files: usize) -> Self {
        let bar = show.then(|| {
            let pb = indicatif::ProgressBar::new(files as u64);
            pb.set_style(
                indicatif::ProgressStyle::with_template(
                    "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} files {msg}",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            pb
        });
        Progress {
            bar,
            games: AtomicU64::new(0),
            errors: AtomicU64::new(0),
            bytes: AtomicU64::new(0),
            start: Instant::now(),
        }
    }

    /// Counts a game done, with its errors and its size in bytes.
    pub fn game(&self, errors: usize, bytes: usize) {
        self.games.fetch_add(1, Ordering::Relaxed);
        self.errors.fetch_add(errors as u64, Ordering::Relaxed);
        self.bytes.fetch_add(bytes as u64, Ordering::Relaxed);
    }

    /// Errors counted so far, in every file started.
    pub fn errors(&self) -> u64 {
        self.errors.load(Ordering::Relaxed)
    }

    fn file_done(&self) {
        if let Some(pb) = &self.bar {
            pb.inc(1);
        }
    }

    fn refresh(&self) {
        if let Some(pb) = &self.bar {
            let seconds = self.start.elapsed().as_secs_f64().max(1e-3);
            let mb = self.bytes.load(Ordering::Relaxed) as f64 / 1e6;
            pb.set_message(format!(
                "{} games, {} errors, {:.1} MB/s",
                self.games.load(Ordering::Relaxed),
                self.errors.load(Ordering::Relaxed),
                mb / seconds
            ));
        }
    }

    /// Runs `f` with the bar cleared from the terminal, so that output never shares its line.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(pb) => pb.suspend(f),
            None => f(),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(pb) = &self.bar {
            pb.finish_and_clear();
        }
    }
}

/// Worker threads per core above which `-j` is capped.
pub const JOBS_PER_CORE: usize = 4;

/// The number of worker threads: `requested` (default one per core), capped at
/// [`JOBS_PER_CORE`] per core; the second value is the cap when it applied.
pub fn worker_count(requested: Option<usize>) -> (usize, Option<usize>) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cap = cores * JOBS_PER_CORE;
    match requested {
        None | Some(0) => (cores, None),
        Some(n) if n > cap => (cap, Some(cap)),
        Some(n) => (n, None),
    }
}

/// Runs jobs over entries on a pool and hands their output, in entry order, to the printing
/// side.
pub struct Runner {
    /// Worker threads.
    pub jobs: usize,
}

impl Runner {
    /// Runs `work` on every entry in parallel; `consume` receives each entry's events in order,
    /// entry by entry, on the calling thread, with the progress bar suspended. A job that panics
    /// costs its own entry only: `panicked` turns the panic's message into its result. The
    /// first error `consume` returns stops the run (jobs not yet started are not run, running
    /// ones see [`Emitter::emit`] fail) and is returned.
    pub fn run<E, T>(
        &self,
        entries: &[E],
        progress: &Progress,
        work: impl Fn(&E, &Emitter<'_, T>) -> T + Sync,
        panicked: impl Fn(&E, String, &Emitter<'_, T>) -> T + Sync,
        mut consume: impl FnMut(usize, Event<T>) -> io::Result<()>,
    ) -> io::Result<()>
    where
        E: Sync,
        T: Send,
    {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs.max(1))
            .build()
            .map_err(io::Error::other)?;
        let cancelled = AtomicBool::new(false);
        let mut result = Ok(());
        pool.in_place_scope(|scope| {
            // Jobs are started a few entries ahead of the one being printed, not all at once:
            // each holds its queue, and a job done early holds its output and result until
            // its turn, so a run over many files behind a long one would grow with them.
            let ahead = self.jobs.max(1) * AHEAD_PER_JOB;
            let mut queues: VecDeque<Receiver<Event<T>>> = VecDeque::with_capacity(ahead);
            let mut started = 0;
            'entries: for i in 0..entries.len() {
                while started < entries.len() && started < i + ahead {
                    let entry = &entries[started];
                    started += 1;
                    let (tx, rx) = sync_channel(QUEUE);
                    queues.push_back(rx);
                    let (work, panicked, cancelled) = (&work, &panicked, &cancelled);
                    // Jobs start in entry order (the pool takes jobs spawned from outside it
                    // first in, first out), so the entry being printed is always running or
                    // done.
                    scope.spawn(move |_| {
                        if cancelled.load(Ordering::Relaxed) {
                            return;
                        }
                        let emitter = Emitter { tx: &tx };
                        let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            work(entry, &emitter)
                        }))
                        .unwrap_or_else(|p| panicked(entry, panic_message(p.as_ref()), &emitter));
                        let _ = tx.send(Event::Done(done));
                    });
                }
                let Some(rx) = queues.pop_front() else {
                    break;
                };
                loop {
                    match rx.recv_timeout(Duration::from_millis(100)) {
                        Ok(event) => {
                            let done = matches!(event, Event::Done(_));
                            if done {
                                progress.file_done();
                            }
                            progress.refresh();
                            if let Err(e) = progress.suspend(|| consume(i, event)) {
                                cancelled.store(true, Ordering::Relaxed);
                                result = Err(e);
                                break 'entries;
                            }
                            if done {
                                break;
                            }
                        }
                        Err(RecvTimeoutError::Timeout) => progress.refresh(),
                        Err(RecvTimeoutError::Disconnected) => break,
                    }
                }
            }
            // Leaving the loop drops every queue not yet read: jobs still sending see their
            // `emit` fail and stop.
        });
        progress.finish();
        result
    }
}

fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_whole_file_names() {
        assert!(glob_match("*.txt", "notes.txt"));
        assert!(glob_match("game?.dat", "game1.dat"));
        assert!(glob_match("*a*b", "xxaxxb"));
        assert!(!glob_match("*.txt", "notes.txt.bak"));
        assert!(!glob_match("game?.dat", "game12.dat"));
    }

    #[test]
    fn pdn_is_recognised_by_a_tag_or_a_move_number() {
        assert!(looks_like_pdn(b"\r\n[Event \"x\"]"));
        assert!(looks_like_pdn(b"1.\t10-15 22-18"));
        assert!(looks_like_pdn(b"\xEF\xBB\xBF{a comment} 12. 11-15"));
        assert!(looks_like_pdn(b"\xFF\xFE[\x00E\x00"));
        assert!(!looks_like_pdn(b"Notes on the 1923 match"));
        assert!(!looks_like_pdn(b"2026 was a good year"));
        assert!(!looks_like_pdn(b""));
    }

    #[test]
    fn jobs_are_capped_at_a_few_per_core() {
        let (n, capped) = worker_count(Some(100_000));
        assert_eq!(capped, Some(n));
        assert!(n <= 4 * std::thread::available_parallelism().map_or(1, |c| c.get()));
        assert_eq!(worker_count(Some(1)), (1, None));
    }

    #[test]
    fn output_comes_in_entry_order_and_a_panic_costs_one_entry() {
        let entries: Vec<u32> = (0..20).collect();
        let mut seen = Vec::new();
        let progress = Progress::new(false, entries.len());
        Runner { jobs: 4 }
            .run(
                &entries,
                &progress,
                |&e, out| {
                    if e == 7 {
                        panic!("entry seven");
                    }
                    // Later entries finish first.
                    std::thread::sleep(Duration::from_millis(u64::from(20 - e)));
                    out.emit(vec![e as u8]);
                    out.emit(vec![e as u8]);
                    e
                },
                |_, why, _| {
                    assert_eq!(why, "entry seven");
                    1000
                },
                |i, ev| {
                    match ev {
                        Event::Output(b) => seen.push((i, u32::from(b[0]))),
                        Event::Done(t) => seen.push((i, t)),
                        Event::Mark | Event::Said(_) => {}
                    }
                    Ok(())
                },
            )
            .unwrap();
        let mut expected = Vec::new();
        for e in 0..20u32 {
            if e == 7 {
                expected.push((7, 1000));
            } else {
                expected.extend([(e as usize, e), (e as usize, e), (e as usize, e)]);
            }
        }
        assert_eq!(seen, expected);
    }

    /// Behind an entry that takes long, the entries after it are started only a few ahead of
    /// it: a run over many files holds a few files' results, not all of them.
    #[test]
    fn entries_start_a_few_ahead_of_the_one_printed() {
        let entries: Vec<usize> = (0..200).collect();
        let printed = AtomicU64::new(0);
        let lead = AtomicU64::new(0);
        let progress = Progress::new(false, entries.len());
        let jobs = 2;
        Runner { jobs }
            .run(
                &entries,
                &progress,
                |&e, _| {
                    let p = printed.load(Ordering::SeqCst);
                    lead.fetch_max(e as u64 - p.min(e as u64), Ordering::SeqCst);
                    if e == 0 {
                        std::thread::sleep(Duration::from_millis(300));
                    }
                },
                |_, _, _| (),
                |_, ev| {
                    if matches!(ev, Event::Done(())) {
                        printed.fetch_add(1, Ordering::SeqCst);
                    }
                    Ok(())
                },
            )
            .unwrap();
        assert_eq!(printed.load(Ordering::SeqCst), 200);
        let lead = lead.load(Ordering::SeqCst) as usize;
        assert!(lead < jobs * AHEAD_PER_JOB, "{lead}");
        assert!(lead > 0);
    }
}
