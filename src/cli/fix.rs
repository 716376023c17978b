//! `pdn fix`: make the repairs that cannot change what a game means, and say each one.

mod diff;
mod in_place;

use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use clap::ArgMatches;
use pdnkit::check::CheckedGame;
use pdnkit::write::fix::fix_chunk;
use pdnkit::write::unchanged::{BLOCK, Unchanged, write_unchanged};

use super::driver::{Failure, FileOut, FileSink, Opening, Run, run_files};
use super::input::{InputArgs, Retain};
use super::output::{self, Output};
use super::printer::{FileRecord, FileStatus};
use super::{EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK, exit_after_write};

/// Arguments of `pdn fix`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files and reading options.
    #[command(flatten)]
    pub input: InputArgs,
    /// Write the fixed files, one after the other, to FILE (replaced at once when the run is
    /// over) instead of standard output.
    #[arg(short, long, value_name = "FILE", conflicts_with_all = ["in_place", "dry_run"])]
    pub output: Option<PathBuf>,
    /// Rewrite each file in its place (through a temporary file renamed over it, or copied into
    /// a file with other names), in its own encoding; a symbolic link is followed and stays; a
    /// file with nothing to repair is not written.
    #[arg(long, conflicts_with = "dry_run")]
    pub in_place: bool,
    /// Write nothing; print what would change as a unified diff.
    #[arg(long)]
    pub dry_run: bool,
}

/// What the command does with the fixed text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Every file's text to one output, as it is fixed.
    Stream,
    /// Each file rewritten in its place.
    InPlace,
    /// A diff per file.
    DryRun,
}

/// Where a file's fixed text goes, as it is made.
enum Sink {
    /// To the output.
    Stream,
    /// Into a temporary file beside the file.
    InPlace(in_place::InPlace),
    /// Compared with the text read, for the diff.
    DryRun(diff::Differ),
}

/// One file as it is fixed.
struct FileFix {
    name: String,
    sink: Sink,
    /// What was repaired and what was left, one line each, for standard error.
    lines: Said,
    /// Findings left as they were, one entry per reason, said when the file is done.
    declined: Declined,
    /// Games left as they were because of an error.
    untouched: usize,
    /// Repairs made.
    repairs: usize,
    /// The last byte written of the file's text (streaming).
    last: u8,
    /// A long game's text, kept in a temporary file, could not be read back.
    unreadable: bool,
}

/// A file's outcome.
struct Done {
    lines: Said,
    untouched: usize,
    /// The file could not be written back.
    failed: bool,
}

/// What `pdn fix` does with each file.
struct Fixing {
    mode: Mode,
    /// `--encoding`, to write a file back in.
    encoding: Option<String>,
    /// Files go one after another into one output: each must end with a line break.
    several: bool,
}

impl FileSink for Fixing {
    type File = FileFix;
    type Done = Done;

    fn retain(&self) -> Retain {
        // Games are read as `pdn parse` reads them: a game's tree is held up to PART_ELEMENTS
        // movetext elements, a longer game's text is kept aside to be written as it was.
        Retain::TreesAndText
    }

    fn begin(&self, file: &Opening<'_>) -> FileFix {
        let name = file.name;
        FileFix {
            name: name.to_string(),
            sink: match self.mode {
                Mode::Stream => Sink::Stream,
                // By its path, not its shown name, which is lossy for a name that is not UTF-8.
                Mode::InPlace => {
                    Sink::InPlace(in_place::InPlace::new(file.path, self.encoding.as_deref()))
                }
                Mode::DryRun => Sink::DryRun(diff::Differ::new(name)),
            },
            lines: Said::default(),
            declined: Declined::default(),
            untouched: 0,
            repairs: 0,
            last: b'\n',
            unreadable: false,
        }
    }

    fn game(&self, s: &mut FileFix, mut g: CheckedGame, out: &mut FileOut<'_>) -> ControlFlow<()> {
        if g.parted {
            copy_parted(s, &mut g, out);
            return ControlFlow::Continue(());
        }
        let text = fix_game(s, &g);
        match &mut s.sink {
            Sink::Stream => {
                s.last = text.bytes().last().unwrap_or(s.last);
                out.send(text.into_bytes());
            }
            Sink::InPlace(w) => w.piece(&g.chunk.text, &text),
            Sink::DryRun(d) => {
                if !s.unreadable {
                    if let Err(e) = d.piece(&g.chunk.text, &text, &mut |b| out.send(b)) {
                        cannot_diff(s, &e);
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn end(
        &self,
        mut s: FileFix,
        r: &FileRecord,
        _: Option<&Failure>,
        out: &mut FileOut<'_>,
    ) -> Done {
        for l in std::mem::take(&mut s.declined).lines() {
            s.lines.push(l);
        }
        let mut done = Done {
            lines: s.lines,
            untouched: s.untouched,
            failed: s.unreadable,
        };
        // A file's last line is ended before the next file's, even when it failed part way.
        if matches!(s.sink, Sink::Stream) && self.several && s.last != b'\n' {
            out.send(b"\n".to_vec());
        }
        if !matches!(r.status, FileStatus::Read) {
            return done;
        }
        match s.sink {
            Sink::Stream => {}
            // The diff stops at a long game that could not be read back.
            Sink::DryRun(d) => {
                if !s.unreadable {
                    if let Err(e) = d.finish(&mut |b| out.send(b)) {
                        done.lines
                            .push(format!("{}: error: cannot make the diff: {e}", s.name));
                        done.failed = true;
                    }
                }
            }
            // A file whose long game could not be read back is not rewritten.
            Sink::InPlace(w) => {
                if let Err(e) = w.finish(s.repairs > 0 && !s.unreadable) {
                    done.lines
                        .push(format!("{}: error: not rewritten: {e}", s.name));
                    done.failed = true;
                }
            }
        }
        done
    }
}

/// Runs `pdn fix`.
pub fn run(args: &Args, matches: Option<&ArgMatches>) -> i32 {
    let mut options = match args.input.options(matches) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("pdn fix: {e}");
            return EXIT_FAILURE;
        }
    };
    options.replay.record_moves = true;
    let mode = if args.in_place {
        Mode::InPlace
    } else if args.dry_run {
        Mode::DryRun
    } else {
        Mode::Stream
    };
    let stdin = args.input.paths.iter().any(|p| p.as_os_str() == "-");
    if stdin && mode == Mode::InPlace {
        eprintln!("pdn fix: standard input cannot be fixed in place; use -o FILE");
        return EXIT_FAILURE;
    }
    if let Err(e) = output::refuse_input(args.output.as_deref(), &args.input, true) {
        eprintln!("pdn fix: {e}");
        return EXIT_FAILURE;
    }
    // Files go one after another into one output: each must end with a line break.
    let several = args.input.paths.len() > 1 || args.input.paths.iter().any(|p| p.is_dir());
    let encoding = args.input.encoding.clone();
    let mut output = match Output::open(args.output.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            let name = args.output.as_deref().unwrap_or(Path::new("-"));
            eprintln!("pdn fix: cannot write {}: {e}", name.display());
            return EXIT_FAILURE;
        }
    };
    let mut untouched = 0usize;
    let mut failed = false;
    let fixing = Fixing {
        mode,
        encoding,
        several,
    };
    let run = Run::new("fix", &args.input, &options);
    let outcome = run_files(&run, &fixing, &mut output, |_, d: Done| {
        d.lines.print();
        untouched += d.untouched;
        failed |= d.failed;
    });
    if outcome.nothing_found {
        return EXIT_FAILURE;
    }
    // The output is replaced only when everything was written; else it is left as it was.
    let keep = outcome.written.is_ok();
    let written = outcome.written.and(output.finish(keep));
    let earned = if failed || outcome.run.failed > 0 {
        EXIT_FAILURE
    } else if untouched > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };
    exit_after_write(written, earned)
}

/// A game too long to hold as a tree (F009): said, and written as it was, a block at a time
/// (to the output, the temporary file, or the diff). It counts as left because of an error
/// when it has one.
fn copy_parted(s: &mut FileFix, g: &mut CheckedGame, out: &mut FileOut<'_>) {
    let at = g.chunk.start();
    let errors = g
        .diagnostics
        .iter()
        .any(|d| d.severity == pdnkit::Severity::Error);
    s.untouched += usize::from(errors);
    s.lines.push(format!(
        "{}:{}:{}: not fixed: game {}: {} (F009), too many to hold as a tree; it is written as \
         it was",
        s.name,
        at.line,
        at.column,
        g.chunk.index.unwrap_or(0),
        g.too_long.unwrap_or(pdnkit::check::TooLong::Moves)
    ));
    let sink = &mut s.sink;
    let copied = g.text().and_then(|mut text| {
        if let Sink::Stream = sink {
            // Handed over a block at a time.
            let last = write_unchanged(&mut text, Unchanged::default(), out)?;
            out.flush()?;
            s.last = last.unwrap_or(s.last);
            return Ok(());
        }
        // Read a block at a time; a character cut by a block's end waits for the next.
        let mut buf = vec![0u8; BLOCK];
        let mut kept = 0;
        loop {
            let n = text.read(&mut buf[kept..])?;
            let have = kept + n;
            let whole = match std::str::from_utf8(&buf[..have]) {
                Ok(t) => t,
                Err(e) if e.error_len().is_none() && n > 0 => {
                    // Valid up to a character cut short.
                    std::str::from_utf8(&buf[..e.valid_up_to()]).map_err(io::Error::other)?
                }
                Err(e) => return Err(io::Error::other(e)),
            };
            let used = whole.len();
            match sink {
                Sink::InPlace(w) => w.piece(whole, whole),
                Sink::DryRun(d) => d.same_piece(whole, &mut |b| out.send(b))?,
                Sink::Stream => {}
            }
            buf.copy_within(used..have, 0);
            kept = have - used;
            if n == 0 {
                return Ok(());
            }
        }
    });
    if let Err(e) = copied {
        if e.kind() != io::ErrorKind::BrokenPipe {
            s.lines
                .push(format!("{}: error: cannot read the game back: {e}", s.name));
            s.unreadable = true;
        }
    }
}

/// The diff could not be made (a temporary file failed): said, and the diff stops.
fn cannot_diff(s: &mut FileFix, e: &io::Error) {
    s.lines
        .push(format!("{}: error: cannot make the diff: {e}", s.name));
    s.unreadable = true;
}

/// What is said about a file on standard error when the file is done, one line per repair or
/// finding left: held in memory up to `diff::HELD` bytes, then in a temporary file.
#[derive(Default)]
struct Said {
    held: Vec<String>,
    bytes: usize,
    file: Option<io::BufWriter<std::fs::File>>,
    broken: bool,
}

impl Said {
    fn push(&mut self, line: String) {
        if self.file.is_none() && self.bytes + line.len() > diff::HELD {
            // Kept in memory when no temporary file can be made.
            if let Ok(f) = tempfile::tempfile() {
                let mut f = io::BufWriter::new(f);
                let moved = std::mem::take(&mut self.held)
                    .iter()
                    .try_for_each(|l| writeln!(f, "{l}"));
                if moved.is_ok() {
                    self.file = Some(f);
                }
            }
        }
        self.bytes += line.len() + 1;
        match &mut self.file {
            // Once the file fails, the lines after it are held in memory.
            Some(f) if !self.broken => {
                if writeln!(f, "{line}").is_err() {
                    self.broken = true;
                    self.held.push(line);
                }
            }
            _ => self.held.push(line),
        }
    }

    /// Prints the lines held (those kept in a temporary file first, then any held in memory
    /// after it failed).
    fn print(self) {
        if let Some(f) = self.file {
            let back = f
                .into_inner()
                .map_err(|e| e.into_error())
                .and_then(|mut f| {
                    io::Seek::seek(&mut f, io::SeekFrom::Start(0))?;
                    let mut stderr = io::stderr().lock();
                    io::copy(&mut io::BufReader::new(f), &mut stderr).map(|_| ())
                });
            if let Err(e) = back {
                eprintln!("pdn fix: cannot read back what was said: {e}");
            }
        }
        for l in &self.held {
            eprintln!("{l}");
        }
    }
}

/// The findings a file's repairs left, one entry per code and reason: where the first was,
/// and in how many games.
#[derive(Default)]
struct Declined {
    /// (code, reason) -> index in `entries`.
    index: std::collections::HashMap<(&'static str, String), usize>,
    /// (place of the first, code, reason, games, the last game counted).
    entries: Vec<(String, &'static str, String, usize, usize)>,
}

impl Declined {
    /// At most this many reasons are held for a file; the ones after are said as they come.
    const HELD: usize = 10_000;

    /// Counts a finding left in game `game`; the line to say now, when the reason cannot be
    /// held.
    fn add(
        &mut self,
        game: usize,
        code: &'static str,
        why: &str,
        place: impl FnOnce() -> String,
    ) -> Option<String> {
        if let Some(&i) = self.index.get(&(code, why.to_string())) {
            let e = &mut self.entries[i];
            if e.4 != game {
                e.3 += 1;
                e.4 = game;
            }
            return None;
        }
        if self.entries.len() >= Self::HELD {
            return Some(format!("{}: not fixed {code}: {why}", place()));
        }
        self.index
            .insert((code, why.to_string()), self.entries.len());
        self.entries.push((place(), code, why.to_string(), 1, game));
        None
    }

    /// One line per reason, in the order first met.
    fn lines(self) -> impl Iterator<Item = String> {
        self.entries
            .into_iter()
            .map(|(place, code, why, games, _)| {
                if games > 1 {
                    format!(
                        "{place}: not fixed {code}: {why} (in {games} games; the first is here)"
                    )
                } else {
                    format!("{place}: not fixed {code}: {why}")
                }
            })
    }
}

/// Fixes one game, records what was done in the file's lines, and returns its new text.
fn fix_game(s: &mut FileFix, g: &CheckedGame) -> String {
    let chunk = &g.chunk;
    let at = |offset: usize| {
        let lc = chunk.line_col(offset);
        format!("{}:{}:{}", s.name, lc.line, lc.column)
    };
    match fix_chunk(chunk, g.report.as_ref(), &g.diagnostics) {
        Ok(f) => {
            let mut lines = Vec::new();
            for r in &f.repairs {
                let what = if r.before.is_empty() {
                    format!("added {}", r.after.trim())
                } else {
                    format!("{} -> {}", r.before, r.after)
                };
                lines.push(format!(
                    "{}: fixed {}: {what}",
                    at(r.at),
                    r.codes.join(", ")
                ));
            }
            let game = chunk.index.unwrap_or(0);
            for d in &f.declined {
                if let Some(line) = s.declined.add(game, d.code, &d.why, || at(d.at)) {
                    lines.push(line);
                }
            }
            s.repairs += f.repairs.len();
            for l in lines {
                s.lines.push(l);
            }
            f.text
        }
        Err(u) => {
            s.untouched += 1;
            s.lines.push(format!(
                "{}: not fixed: game {} has an error, {}: {}; it is written as it was",
                at(u.at),
                chunk.index.unwrap_or(0),
                u.code,
                u.message
            ));
            chunk.text.clone()
        }
    }
}
