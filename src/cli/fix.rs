//! `pdn fix`: make the repairs that cannot change what a game means, and say each one.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use clap::ArgMatches;
use pdnkit::check::CheckedGame;
use pdnkit::write::fix::fix_chunk;
use pdnkit::write::unchanged::{BLOCK, Unchanged, write_unchanged};

use super::collect::{self, Emitting, InputArgs};
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
    /// Rewrite each file in its place (through a temporary file renamed over it), in its own
    /// encoding; a file with nothing to repair is not written.
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

/// One file as it is fixed.
struct FileFix {
    name: String,
    /// The text read and the text fixed (kept whole only to rewrite or compare the file).
    original: String,
    fixed: String,
    /// What was repaired and what was left, one line each, for standard error.
    lines: Vec<String>,
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
    lines: Vec<String>,
    untouched: usize,
    /// The file could not be written back.
    failed: bool,
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
    // Games are read as `pdn parse` reads them: a game's tree is held up to PART_ELEMENTS
    // movetext elements, a longer game's text is kept aside to be written as it was.
    options.streaming = true;
    options.keep_trees = true;
    options.keep_text = true;
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
    if let Some(out) = &args.output {
        if args.input.paths.iter().any(|p| same_file(p, out)) {
            eprintln!(
                "pdn fix: {} is an input; use --in-place to rewrite it",
                out.display()
            );
            return EXIT_FAILURE;
        }
    }
    // Files go one after another into one output: each must end with a line break.
    let several = args.input.paths.len() > 1 || args.input.paths.iter().any(|p| p.is_dir());
    let encoding = args.input.encoding.clone();
    let mut temp = match &args.output {
        Some(path) => match temp_beside(path) {
            Ok(t) => Some(io::BufWriter::new(t)),
            Err(e) => {
                eprintln!("pdn fix: cannot write {}: {e}", path.display());
                return EXIT_FAILURE;
            }
        },
        None => None,
    };
    let mut stdout = io::stdout().lock();
    let out: &mut dyn Write = match temp.as_mut() {
        Some(t) => t,
        None => &mut stdout,
    };
    let mut untouched = 0usize;
    let mut failed = false;
    let outcome = collect::run_emitting(
        "fix",
        &args.input,
        &options,
        &Emitting {
            start: |name: &str| FileFix {
                name: name.to_string(),
                original: String::new(),
                fixed: String::new(),
                lines: Vec::new(),
                untouched: 0,
                repairs: 0,
                last: b'\n',
                unreadable: false,
            },
            game: |s: &mut FileFix, mut g: CheckedGame, emit: &mut dyn FnMut(Vec<u8>) -> bool| {
                if g.parted {
                    copy_parted(s, &mut g, mode, emit);
                    return;
                }
                let text = fix_game(s, &g);
                if mode == Mode::Stream {
                    s.last = text.bytes().last().unwrap_or(s.last);
                    emit(text.into_bytes());
                } else {
                    s.original.push_str(&g.chunk.text);
                    s.fixed.push_str(&text);
                }
            },
            end: |s: FileFix, r: &FileRecord, emit: &mut dyn FnMut(Vec<u8>) -> bool| {
                let mut done = Done {
                    lines: s.lines,
                    untouched: s.untouched,
                    failed: s.unreadable,
                };
                if !matches!(r.status, FileStatus::Read) {
                    return done;
                }
                match mode {
                    Mode::Stream => {
                        if several && s.last != b'\n' {
                            emit(b"\n".to_vec());
                        }
                    }
                    Mode::DryRun => {
                        if s.original != s.fixed && !s.unreadable {
                            let diff = similar::TextDiff::from_lines(&s.original, &s.fixed)
                                .unified_diff()
                                .header(&s.name, &s.name)
                                .to_string();
                            emit(diff.into_bytes());
                        }
                    }
                    // A file whose long game could not be read back is not rewritten.
                    Mode::InPlace => {
                        if s.repairs > 0 && !s.unreadable {
                            let path = Path::new(&s.name);
                            if let Err(e) =
                                rewrite(path, &s.original, &s.fixed, encoding.as_deref())
                            {
                                done.lines
                                    .push(format!("{}: error: not rewritten: {e}", s.name));
                                done.failed = true;
                            }
                        }
                    }
                }
                done
            },
        },
        out,
        |_, d: Done| {
            for l in &d.lines {
                eprintln!("{l}");
            }
            untouched += d.untouched;
            failed |= d.failed;
        },
    );
    if outcome.nothing_found {
        return EXIT_FAILURE;
    }
    let mut written = outcome.written;
    if let (Some(t), Some(path)) = (temp, &args.output) {
        // The output is replaced only when everything was written; else it is left as it was.
        if written.is_ok() {
            written = t.into_inner().map_err(|e| e.into_error()).and_then(|t| {
                t.as_file().sync_all()?;
                t.persist(path).map(|_| ()).map_err(|e| e.error)
            });
        }
    }
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
/// (`--in-place` and `--dry-run` hold the file's whole text anyway). It counts as left because
/// of an error when it has one.
fn copy_parted(
    s: &mut FileFix,
    g: &mut CheckedGame,
    mode: Mode,
    emit: &mut dyn FnMut(Vec<u8>) -> bool,
) {
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
    let copied = g.text().and_then(|mut text| {
        if mode == Mode::Stream {
            let mut to = Blocks {
                pending: Vec::new(),
                emit,
            };
            let last = write_unchanged(&mut text, Unchanged::default(), &mut to)?;
            to.flush()?;
            s.last = last.unwrap_or(s.last);
        } else {
            let mut whole = String::new();
            text.read_to_string(&mut whole)?;
            s.original.push_str(&whole);
            s.fixed.push_str(&whole);
        }
        Ok(())
    });
    if let Err(e) = copied {
        if e.kind() != io::ErrorKind::BrokenPipe {
            s.lines
                .push(format!("{}: error: cannot read the game back: {e}", s.name));
            s.unreadable = true;
        }
    }
}

/// Output handed over a block at a time.
struct Blocks<'a> {
    pending: Vec<u8>,
    emit: &'a mut dyn FnMut(Vec<u8>) -> bool,
}

impl Write for Blocks<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        if self.pending.len() >= BLOCK {
            self.flush()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.pending.is_empty() || (self.emit)(std::mem::take(&mut self.pending)) {
            Ok(())
        } else {
            Err(io::ErrorKind::BrokenPipe.into())
        }
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
            for d in &f.declined {
                lines.push(format!("{}: not fixed {}: {}", at(d.at), d.code, d.why));
            }
            s.repairs += f.repairs.len();
            s.lines.extend(lines);
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

/// True when `a` and `b` name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// The fixed text in the bytes of the file's own encoding: the encoding that gives back the
/// file's bytes from the text read (UTF-8 with or without a byte-order mark, UTF-16 with one,
/// the `--encoding` asked, or Windows-1252). `None` when none does.
fn encode_like(bytes: &[u8], original: &str, fixed: &str, label: Option<&str>) -> Option<Vec<u8>> {
    if bytes == original.as_bytes() {
        return Some(fixed.as_bytes().to_vec());
    }
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    if bytes.strip_prefix(BOM) == Some(original.as_bytes()) {
        return Some([BOM, fixed.as_bytes()].concat());
    }
    let utf16 = |text: &str, le: bool| -> Vec<u8> {
        let mut v = if le {
            vec![0xFF, 0xFE]
        } else {
            vec![0xFE, 0xFF]
        };
        for u in text.encode_utf16() {
            v.extend_from_slice(&if le { u.to_le_bytes() } else { u.to_be_bytes() });
        }
        v
    };
    for le in [true, false] {
        if utf16(original, le) == bytes {
            return Some(utf16(fixed, le));
        }
    }
    for label in label.into_iter().chain(["windows-1252"]) {
        let Some(enc) = encoding_rs::Encoding::for_label(label.as_bytes()) else {
            continue;
        };
        let (back, _, bad) = enc.encode(original);
        if !bad && back.as_ref() == bytes {
            let (out, _, bad) = enc.encode(fixed);
            if !bad {
                return Some(out.into_owned());
            }
        }
    }
    None
}

/// Writes `fixed` over the file at `path` through a temporary file in the same directory,
/// keeping the file's permissions; the file is left as it was on any failure.
fn rewrite(path: &Path, original: &str, fixed: &str, label: Option<&str>) -> io::Result<()> {
    let bytes = std::fs::read(path)?;
    let out = encode_like(&bytes, original, fixed, label).ok_or_else(|| {
        io::Error::other(
            "the file changed while it was read, or its encoding cannot be written back; use -o FILE to write UTF-8",
        )
    })?;
    let mut temp = temp_beside(path)?;
    temp.write_all(&out)?;
    temp.as_file().sync_all()?;
    let permissions = std::fs::metadata(path)?.permissions();
    std::fs::set_permissions(temp.path(), permissions)?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// A temporary file in the directory of `path`, so that renaming it over `path` is atomic.
fn temp_beside(path: &Path) -> io::Result<tempfile::NamedTempFile> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    tempfile::NamedTempFile::new_in(dir)
}
