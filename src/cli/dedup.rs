//! `pdn dedup`: games with the same main line (and, if asked, the same tags) across every input
//! file; the first in path order is kept. Reports the clusters, or writes the collection
//! without the copies (each kept game's original bytes).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::fs::File;
use std::io::{self, BufRead, Read, Seek, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use clap::ArgMatches;
use pdnkit::check::CheckedGame;
use pdnkit::dedup::game_key;

use super::driver::{Failure, FileOut, FileSink, Opening, Run, run_files};
use super::filter::FileState;
use super::input::{InputArgs, Retain};
use super::output::{self, Output};
use super::printer::FileRecord;
use super::{EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK, exit_after_write};

/// Arguments of `pdn dedup`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Exit status: 0 no copies, 1 copies found, 2 a file could not be read. Examples:
  pdn dedup archive/                               which games are copies of which
  pdn dedup --same-tags Event,White,Black,Date a/ b/
  pdn dedup -o unique.pdn archive/                 the collection without the copies")]
pub struct Args {
    /// Files and reading options.
    #[command(flatten)]
    pub input: InputArgs,
    /// Copies must also have the same values of these tags (comma-separated).
    #[arg(long, value_name = "TAGS", value_delimiter = ',')]
    pub same_tags: Vec<String>,
    /// Write the collection without the copies to this file (`-`: standard output).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// A game's place: file, game number, line.
#[derive(Clone, Copy, Debug)]
struct Place {
    file: u32,
    game: u32,
    line: u32,
}

impl Place {
    fn order(&self) -> (u32, u32) {
        (self.file, self.game)
    }

    fn bytes(&self) -> [u8; 12] {
        let mut b = [0; 12];
        b[..4].copy_from_slice(&self.file.to_le_bytes());
        b[4..8].copy_from_slice(&self.game.to_le_bytes());
        b[8..].copy_from_slice(&self.line.to_le_bytes());
        b
    }

    fn from_bytes(b: &[u8]) -> Place {
        let n = |k: usize| u32::from_le_bytes([b[k], b[k + 1], b[k + 2], b[k + 3]]);
        Place {
            file: n(0),
            game: n(4),
            line: n(8),
        }
    }
}

/// Temporary files a game's digest goes to, by its first bits, so that the games are compared
/// one bucket at a time: memory holds a bucket's games, not the collection's.
const BUCKETS: usize = 64;

/// A digest and its game's place (the file as the job's number until the files are known):
/// 28 bytes in a bucket.
const RECORD: usize = 28;

/// The buckets being written, and the first error writing them.
struct Buckets {
    files: Vec<Mutex<io::BufWriter<File>>>,
    error: Mutex<Option<io::Error>>,
}

impl Buckets {
    fn new() -> io::Result<Self> {
        let files = (0..BUCKETS)
            .map(|_| Ok(Mutex::new(io::BufWriter::new(tempfile::tempfile()?))))
            .collect::<io::Result<_>>()?;
        Ok(Buckets {
            files,
            error: Mutex::new(None),
        })
    }

    fn put(&self, digest: u128, place: Place) {
        let mut record = [0u8; RECORD];
        record[..16].copy_from_slice(&digest.to_le_bytes());
        record[16..].copy_from_slice(&place.bytes());
        let bucket = (digest >> 122) as usize % BUCKETS;
        let written = match self.files[bucket].lock() {
            Ok(mut f) => f.write_all(&record),
            Err(_) => Err(io::Error::other("a bucket was left unusable")),
        };
        if let Err(e) = written {
            if let Ok(mut first) = self.error.lock() {
                first.get_or_insert(e);
            }
        }
    }

    /// The buckets written, each read back from its start.
    fn finish(self) -> io::Result<Vec<File>> {
        if let Some(e) = self.error.into_inner().ok().flatten() {
            return Err(e);
        }
        self.files
            .into_iter()
            .map(|m| {
                let mut f = m
                    .into_inner()
                    .map_err(|_| io::Error::other("a bucket was left unusable"))?
                    .into_inner()
                    .map_err(|e| e.into_error())?;
                f.rewind()?;
                Ok(f)
            })
            .collect()
    }
}

/// Copies held at a time while a bucket is compared: past it they are sorted and written to a
/// temporary file of their own (24 bytes each: 12 MiB).
const RUN: usize = 1 << 19;

/// [`RUN`], or `PDN_DEDUP_RUN` from the environment (for tests, which make runs of a few
/// copies).
fn run_size() -> usize {
    std::env::var("PDN_DEDUP_RUN")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(RUN)
}

/// Reads a bucket's records from its start, each with its file (`files` gives each job's).
fn each_record(
    bucket: &mut File,
    files: &[u32],
    mut f: impl FnMut(u128, Place) -> io::Result<()>,
) -> io::Result<()> {
    bucket.rewind()?;
    let mut r = io::BufReader::with_capacity(1 << 16, &mut *bucket);
    let mut record = [0u8; RECORD];
    loop {
        match r.read_exact(&mut record) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(()),
            Err(e) => return Err(e),
        }
        let mut digest = [0u8; 16];
        digest.copy_from_slice(&record[..16]);
        let mut place = Place::from_bytes(&record[16..]);
        // A job whose file was not handed over (the run then stops before comparing) has
        // nothing to compare.
        let Some(&file) = files.get(place.file as usize).filter(|&&k| k != u32::MAX) else {
            continue;
        };
        place.file = file;
        f(u128::from_le_bytes(digest), place)?;
    }
}

/// Sorts `copies` by the game each copies, then by the copy, and writes them to a temporary
/// file.
fn spill(copies: &mut Vec<(Place, Place)>) -> io::Result<File> {
    copies.sort_by_key(|(k, c)| (k.order(), c.order()));
    let mut out = io::BufWriter::new(tempfile::tempfile()?);
    for (k, c) in copies.drain(..) {
        out.write_all(&k.bytes())?;
        out.write_all(&c.bytes())?;
    }
    let mut out = out.into_inner().map_err(|e| e.into_error())?;
    out.rewind()?;
    Ok(out)
}

/// Compares the games of one bucket (files numbered by job, `files` giving each job's file):
/// the first in path order of each key is kept, and each other game with that key is a copy
/// of it. The copies go, with the game each copies, in sorted runs to temporary files (see
/// [`Copies`]); says too how many copies and how many games with copies there were. Holds the
/// bucket's distinct keys and at most [`RUN`] copies.
fn compare_bucket(mut bucket: File, files: &[u32]) -> io::Result<(Vec<File>, usize, usize)> {
    // The game kept for each key, and whether it has copies.
    let mut kept: HashMap<u128, (Place, bool)> = HashMap::new();
    each_record(&mut bucket, files, |digest, place| {
        let e = kept.entry(digest).or_insert((place, false));
        if place.order() < e.0.order() {
            e.0 = place;
        }
        Ok(())
    })?;
    let (mut runs, mut copies, mut n) = (Vec::new(), Vec::new(), 0);
    let run = run_size();
    each_record(&mut bucket, files, |digest, place| {
        if let Some(k) = kept.get_mut(&digest) {
            if k.0.order() != place.order() {
                k.1 = true;
                n += 1;
                copies.push((k.0, place));
                if copies.len() >= run {
                    runs.push(spill(&mut copies)?);
                }
            }
        }
        Ok(())
    })?;
    if !copies.is_empty() {
        runs.push(spill(&mut copies)?);
    }
    let with_copies = kept.values().filter(|k| k.1).count();
    Ok((runs, n, with_copies))
}

/// The next copy of one run: the order of the game it copies, its own order, the run, and the
/// pair as written.
type Head = ((u32, u32), (u32, u32), usize, [u8; 24]);

/// The copies of every bucket, merged from their sorted runs: each with the game it copies, in
/// the order of that game, then of the copy.
struct Copies {
    readers: Vec<io::BufReader<File>>,
    heap: BinaryHeap<Reverse<Head>>,
}

impl Copies {
    fn new(files: Vec<File>) -> io::Result<Self> {
        let mut c = Copies {
            readers: files
                .into_iter()
                .map(|f| io::BufReader::with_capacity(1 << 14, f))
                .collect(),
            heap: BinaryHeap::new(),
        };
        for i in 0..c.readers.len() {
            c.refill(i)?;
        }
        Ok(c)
    }

    fn refill(&mut self, i: usize) -> io::Result<()> {
        let r = &mut self.readers[i];
        if r.fill_buf()?.is_empty() {
            return Ok(());
        }
        let mut pair = [0u8; 24];
        r.read_exact(&mut pair)?;
        let (k, c) = (
            Place::from_bytes(&pair[..12]),
            Place::from_bytes(&pair[12..]),
        );
        self.heap.push(Reverse((k.order(), c.order(), i, pair)));
        Ok(())
    }

    fn next(&mut self) -> io::Result<Option<(Place, Place)>> {
        let Some(Reverse((_, _, i, pair))) = self.heap.pop() else {
            return Ok(None);
        };
        self.refill(i)?;
        Ok(Some((
            Place::from_bytes(&pair[..12]),
            Place::from_bytes(&pair[12..]),
        )))
    }
}

/// A game's key as 128 bits: two hashes of it, each keyed at random for the run, so that no
/// input can be made for two different keys to give the same digest (the chance that two
/// differ with the same digest is about n²/2¹²⁹ for n games: under 10⁻²⁰ for a billion).
struct KeyDigest(std::hash::RandomState, std::hash::RandomState);

impl KeyDigest {
    fn new() -> Self {
        KeyDigest(std::hash::RandomState::new(), std::hash::RandomState::new())
    }

    fn of(&self, key: &[u8]) -> u128 {
        use std::hash::BuildHasher;
        (u128::from(self.0.hash_one(key)) << 64) | u128::from(self.1.hash_one(key))
    }
}

/// Says how many games were kept without being compared, when some were.
fn not_compared(n: usize) -> String {
    if n == 0 {
        String::new()
    } else {
        format!(", {n} too long to compare (kept)")
    }
}

/// Copies standard input to a temporary file (deleted when dropped).
fn spool_stdin() -> io::Result<tempfile::NamedTempFile> {
    let mut f = tempfile::NamedTempFile::new()?;
    io::copy(&mut io::stdin().lock(), f.as_file_mut())?;
    f.as_file_mut().flush()?;
    Ok(f)
}

/// The first pass of `pdn dedup`: each game's key, as its digest, into a bucket.
struct Keys<'a> {
    /// Tags whose values copies share.
    tags: &'a [String],
    digest: &'a KeyDigest,
    buckets: &'a Buckets,
    /// Jobs started: each file's number until the files are known.
    jobs: AtomicU32,
}

impl FileSink for Keys<'_> {
    /// The file's name, its job's number, and the games not compared.
    type File = (String, u32, usize);
    /// The job's number and the games not compared.
    type Done = (u32, usize);

    fn retain(&self) -> Retain {
        Retain::Trees
    }

    fn begin(&self, file: &Opening<'_>) -> Self::File {
        (
            file.name.to_string(),
            self.jobs.fetch_add(1, Ordering::Relaxed),
            0,
        )
    }

    fn game(
        &self,
        (name, job, unc): &mut Self::File,
        g: CheckedGame,
        out: &mut FileOut<'_>,
    ) -> ControlFlow<()> {
        let Some(i) = g.chunk.index else {
            return ControlFlow::Continue(());
        };
        if let (Some(key), Some(game)) = (game_key(&g, self.tags), g.chunk.game.as_ref()) {
            let line = g.chunk.line_col(game.span.start).line;
            let place = Place {
                file: *job,
                game: i as u32,
                line,
            };
            self.buckets.put(self.digest.of(&key), place);
        } else if let Some(header) = g.header.as_ref().filter(|_| g.parted) {
            let at = g.chunk.line_col(header.span.start);
            // In order with the other files' warnings, from the file's job.
            out.say(format!(
                "{name}:{}:{}: warning: game {i} is kept without being compared: {} (F009): its \
                 moves are not held\n",
                at.line,
                at.column,
                g.too_long.unwrap_or(pdnkit::check::TooLong::Moves)
            ));
            *unc += 1;
        }
        ControlFlow::Continue(())
    }

    fn end(
        &self,
        (_, job, unc): Self::File,
        _: &FileRecord,
        _: Option<&Failure>,
        _: &mut FileOut<'_>,
    ) -> Self::Done {
        (job, unc)
    }
}

/// The second pass of `pdn dedup`: every game that is not a copy, as its bytes are in its file.
struct Kept<F> {
    /// Whether game N of a file (by its place among the run's entries) is a copy.
    is_dropped: F,
}

impl<F: Fn(usize, usize) -> bool + Sync> FileSink for Kept<F> {
    type File = (usize, FileState);
    /// Why the games could not be copied.
    type Done = Option<String>;

    fn retain(&self) -> Retain {
        Retain::TreesAndText
    }

    fn begin(&self, file: &Opening<'_>) -> (usize, FileState) {
        (file.index, FileState::new(file))
    }

    fn game(
        &self,
        (file, s): &mut (usize, FileState),
        mut g: CheckedGame,
        out: &mut FileOut<'_>,
    ) -> ControlFlow<()> {
        let keep = (g.chunk.game.is_some() || g.parted)
            && g.chunk.index.is_some_and(|i| !(self.is_dropped)(*file, i));
        s.take(&mut g, keep, &mut out.marking());
        ControlFlow::Continue(())
    }

    fn end(
        &self,
        (_, s): (usize, FileState),
        r: &FileRecord,
        _: Option<&Failure>,
        out: &mut FileOut<'_>,
    ) -> Self::Done {
        s.finish(r, &mut out.marking())
    }
}

/// Runs `pdn dedup`.
pub fn run(args: &Args, matches: Option<&ArgMatches>) -> i32 {
    let fail = |e: String| {
        eprintln!("pdn dedup: {e}");
        EXIT_FAILURE
    };
    let mut options = match args.input.options(matches) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    options.replay.record_moves = true;
    if let Err(e) = output::refuse_input(args.output.as_deref(), &args.input, false) {
        return fail(e);
    }
    // Standard input is read twice to write the games kept: it is kept in a temporary file.
    let mut input = args.input.clone();
    let _spool = if args.output.is_some() && input.paths.iter().any(|p| p.as_os_str() == "-") {
        match spool_stdin() {
            Ok(f) => {
                input.stdin_spool = Some(f.path().to_path_buf());
                Some(f)
            }
            Err(e) => return fail(format!("cannot keep standard input to read it twice: {e}")),
        }
    } else {
        None
    };
    let mut names: Vec<String> = Vec::new();
    // Each game's key goes to a bucket as its digest; the buckets are compared one at a time
    // once every file is read.
    let digest = KeyDigest::new();
    let buckets = match Buckets::new() {
        Ok(b) => b,
        Err(e) => {
            return fail(format!(
                "cannot keep the games' keys in temporary files: {e}"
            ));
        }
    };
    let keys = Keys {
        tags: &args.same_tags,
        digest: &digest,
        buckets: &buckets,
        jobs: AtomicU32::new(0),
    };
    // The file of each job, once the files before it are done.
    let mut files: Vec<u32> = Vec::new();
    let mut uncompared = 0usize;
    let run = Run::new("dedup", &input, &options);
    let outcome = run_files(&run, &keys, &mut io::sink(), |r, (job, unc)| {
        let job = job as usize;
        if files.len() <= job {
            files.resize(job + 1, u32::MAX);
        }
        files[job] = names.len() as u32;
        names.push(r.path.clone());
        uncompared += unc;
    });
    if outcome.nothing_found || outcome.run.failed > 0 {
        return EXIT_FAILURE;
    }
    let compared = buckets.finish().and_then(|all| {
        let mut copies_files = Vec::with_capacity(all.len());
        let (mut copies_n, mut with_copies) = (0, 0);
        for bucket in all {
            let (runs, n, kept) = compare_bucket(bucket, &files)?;
            copies_files.extend(runs);
            copies_n += n;
            with_copies += kept;
        }
        Ok((copies_files, copies_n, with_copies))
    });
    let (copies_files, copies_n, with_copies) = match compared {
        Ok(c) => c,
        Err(e) => return fail(format!("cannot compare the games' keys: {e}")),
    };
    let mut copies = match Copies::new(copies_files) {
        Ok(c) => c,
        Err(e) => return fail(format!("cannot compare the games' keys: {e}")),
    };
    let earned = if copies_n > 0 { EXIT_FINDINGS } else { EXIT_OK };
    let show = |p: &Place| format!("{}:{}: game {}", names[p.file as usize], p.line, p.game);
    let Some(path) = &args.output else {
        let mut out = super::stdout_writer();
        let mut written: io::Result<()> = Ok(());
        let mut last: Option<(u32, u32)> = None;
        while written.is_ok() {
            let (kept, copy) = match copies.next() {
                Ok(Some(pair)) => pair,
                Ok(None) => break,
                Err(e) => return fail(format!("cannot compare the games' keys: {e}")),
            };
            if last != Some(kept.order()) {
                last = Some(kept.order());
                written = writeln!(out, "kept  {}", show(&kept));
            }
            written = written.and_then(|()| writeln!(out, "copy  {}", show(&copy)));
        }
        let written = written.and_then(|()| {
            writeln!(
                out,
                "{} game(s): {} of {with_copies} game(s){}",
                outcome.run.all.games,
                copies_phrase(copies_n),
                not_compared(uncompared)
            )
        });
        return exit_after_write(written.and_then(|()| out.flush()), earned);
    };
    // Second pass: every game that is not a copy, as its bytes are in its file. The copies are
    // one bit a game.
    let mut dropped: Vec<Vec<u64>> = vec![Vec::new(); names.len()];
    loop {
        let copy = match copies.next() {
            Ok(Some((_, copy))) => copy,
            Ok(None) => break,
            Err(e) => return fail(format!("cannot compare the games' keys: {e}")),
        };
        if let Some(bits) = dropped.get_mut(copy.file as usize) {
            let (word, bit) = (copy.game as usize / 64, copy.game % 64);
            if bits.len() <= word {
                bits.resize(word + 1, 0);
            }
            bits[word] |= 1 << bit;
        }
    }
    // The second pass reads the same entries in the same order: a file is known by its place
    // among them, not by its name (a file named twice has one name and two places).
    let is_dropped = |file: usize, game: usize| {
        dropped.get(file).is_some_and(|bits| {
            bits.get(game / 64)
                .is_some_and(|w| w & (1 << (game % 64)) != 0)
        })
    };
    let mut out = match Output::file(path) {
        Ok(o) => o,
        Err(e) => return fail(format!("cannot write {}: {e}", path.display())),
    };
    options.replay.record_moves = false;
    let mut copy_failed = false;
    let run = Run::new("dedup", &input, &options);
    let second = run_files(&run, &Kept { is_dropped }, &mut out, |r, failed| {
        if let Some(e) = failed {
            eprintln!("pdn dedup: {}: cannot copy the games: {e}", r.path);
            copy_failed = true;
        }
    });
    // The output is put in place only when everything was written.
    let written = second.written.and_then(|()| out.finish(true));
    match &written {
        Ok(()) => eprintln!(
            "pdn dedup: {} game(s) written, {} left out{}",
            outcome.run.all.games - copies_n,
            copies_phrase(copies_n),
            not_compared(uncompared)
        ),
        Err(e) => {
            let how = if e.kind() == io::ErrorKind::BrokenPipe {
                "closed"
            } else {
                "failed"
            };
            eprintln!(
                "pdn dedup: {} game(s) written before the output {how}",
                out.games_written()
            );
        }
    }
    let earned = if copy_failed { EXIT_FAILURE } else { earned };
    exit_after_write(written, earned)
}

/// `1 copy`, `2 copies`.
fn copies_phrase(n: usize) -> String {
    if n == 1 {
        "1 copy".to_string()
    } else {
        format!("{n} copies")
    }
}
