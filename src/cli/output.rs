//! Where a command's output goes: standard output, a device or FIFO written where it is, or a
//! file written under a temporary name beside it and put in its place when the run is over.
//!
//! Nothing is replaced by accident: [`refuse_input`] turns down an output that is one of the
//! run's inputs (the same file, however it is spelled), a symbolic link is written through to
//! the file it names (the link stays), and a device or FIFO (`/dev/null`, `/dev/stdout`, a
//! named pipe) is written to, never renamed over. A file that a new file renamed over it would
//! not be the same as ([`put_in_place`]: one with other names, or an owner the run cannot give
//! a new file) has the new text copied into it instead, and a file the run may not write is
//! refused as the shell refuses it.

use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Seek, Write};
use std::path::{Path, PathBuf};

use super::batch::{Discovery, Entry, discover};
use super::input::InputArgs;

/// Where the bytes go.
enum Target {
    /// Standard output.
    Stdout(io::StdoutLock<'static>),
    /// A device, FIFO or socket, written where it is.
    Device(File),
    /// The text of the file asked for, put in its place by [`Output::finish`].
    Temp(Staged),
}

impl Write for Target {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Target::Stdout(s) => s.write(buf),
            Target::Device(f) => f.write(buf),
            Target::Temp(t) => t.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Target::Stdout(s) => s.flush(),
            Target::Device(f) => f.flush(),
            Target::Temp(t) => t.flush(),
        }
    }
}

/// A writer that counts the bytes the writer under it took.
struct Counted {
    target: Target,
    accepted: u64,
}

impl Write for Counted {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.target.write(buf)?;
        self.accepted += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.target.flush()
    }
}

/// A command's output ([`Output::stdout`], [`Output::file`]). It counts the games handed to
/// it ([`Output::mark`]) that reached their destination ([`Output::games_written`]), so that a
/// command can say what was written before the output closed or failed.
pub struct Output {
    /// `None` once finished.
    w: Option<BufWriter<Counted>>,
    /// The file a temporary file is renamed over.
    path: Option<PathBuf>,
    /// The temporary file was put in its place.
    persisted: bool,
    /// Bytes handed to the output.
    handed: u64,
    /// Where each game marked and not yet known to be written ends, in bytes handed.
    marks: VecDeque<u64>,
    /// Games known to have reached the target.
    games: u64,
    /// The target is standard output.
    stdout: bool,
}

/// Paths that name the process's own standard output.
const STDOUT_NAMES: [&str; 3] = ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"];

/// Whether `path` names one of the process's open files (`/dev/stderr`, `/dev/fd/N`,
/// `/proc/self/fd/N`): it is written where it is, at its end, whatever it leads to.
fn names_an_open_file(path: &Path) -> bool {
    let s = path.to_string_lossy();
    s == "/dev/stderr" || s.starts_with("/dev/fd/") || s.starts_with("/proc/self/fd/")
}

impl Output {
    fn new(target: Target, capacity: usize, path: Option<PathBuf>) -> Output {
        Output {
            stdout: matches!(target, Target::Stdout(_)),
            w: Some(BufWriter::with_capacity(
                capacity,
                Counted {
                    target,
                    accepted: 0,
                },
            )),
            path,
            persisted: false,
            handed: 0,
            marks: VecDeque::new(),
            games: 0,
        }
    }

    /// Standard output: a line at a time on a terminal, in blocks of 64 KiB elsewhere.
    pub fn stdout() -> Output {
        let out = io::stdout();
        let capacity = if io::IsTerminal::is_terminal(&out) {
            // Standard output keeps lines itself on a terminal.
            0
        } else {
            1 << 16
        };
        Output::new(Target::Stdout(out.lock()), capacity, None)
    }

    /// `path`: `-` (or `/dev/stdout`) is standard output; a device, FIFO or socket is written
    /// where it is; a symbolic link is followed, and the file it names replaced (the link
    /// stays; a link to nothing is refused); any other path is made as a [`Staged`] file and
    /// put in its place by [`Output::finish`]. An existing file the run may not write is
    /// refused here, before any work.
    pub fn file(path: &Path) -> io::Result<Output> {
        if path.as_os_str() == "-" || STDOUT_NAMES.iter().any(|n| path == Path::new(n)) {
            return Ok(Output::stdout());
        }
        if names_an_open_file(path) {
            let f = OpenOptions::new().append(true).open(path)?;
            return Ok(Output::new(Target::Device(f), 1 << 16, None));
        }
        let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
        let path = match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    "it is a directory",
                ));
            }
            Ok(m) if !m.is_file() => {
                let f = OpenOptions::new().write(true).open(path)?;
                return Ok(Output::new(Target::Device(f), 1 << 16, None));
            }
            Ok(_) => {
                // Opened, not truncated: the permission to write is the file's own.
                OpenOptions::new().write(true).open(path)?;
                if link {
                    std::fs::canonicalize(path)?
                } else {
                    path.to_path_buf()
                }
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound && link => {
                let to = std::fs::read_link(path).unwrap_or_default();
                return Err(io::Error::new(
                    io::ErrorKind::NotFound,
                    format!(
                        "it is a symbolic link to {}, which does not exist",
                        to.display()
                    ),
                ));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => path.to_path_buf(),
            Err(e) => return Err(e),
        };
        let temp = Staged::new(&path)?;
        Ok(Output::new(Target::Temp(temp), 1 << 16, Some(path)))
    }

    /// [`Output::file`] when `path` is given, else standard output.
    pub fn open(path: Option<&Path>) -> io::Result<Output> {
        path.map_or_else(|| Ok(Output::stdout()), Output::file)
    }

    /// Whether this is the process's standard output.
    pub fn is_stdout(&self) -> bool {
        self.stdout
    }

    fn writer(&mut self) -> io::Result<&mut BufWriter<Counted>> {
        self.w
            .as_mut()
            .ok_or_else(|| io::Error::other("the output is already finished"))
    }

    /// A game's bytes have all been handed over: it counts in [`Output::games_written`] once
    /// they have reached the output.
    pub fn mark(&mut self) {
        self.marks.push_back(self.handed);
        self.sweep();
    }

    /// Counts the games whose bytes have all reached the target.
    fn sweep(&mut self) {
        if let Some(w) = &self.w {
            let accepted = w.get_ref().accepted;
            self.count_marks(accepted);
        }
    }

    /// Counts the games whose bytes end at or before `accepted`.
    fn count_marks(&mut self, accepted: u64) {
        while self.marks.front().is_some_and(|&end| end <= accepted) {
            self.marks.pop_front();
            self.games += 1;
        }
    }

    /// The games marked whose bytes reached standard output, the device, or the file put in
    /// place (none when the file asked for was left as it was).
    pub fn games_written(&mut self) -> u64 {
        self.sweep();
        if self.path.is_some() && !self.persisted {
            0
        } else {
            self.games
        }
    }

    /// Flushes the output; a temporary file is put in its place ([`put_in_place`]) when
    /// `keep`, else removed and the file asked for left as it was.
    pub fn finish(&mut self, keep: bool) -> io::Result<()> {
        let Some(w) = self.w.take() else {
            return Ok(());
        };
        let (w, flushed) = match w.into_inner() {
            Ok(c) => (c, Ok(())),
            Err(e) => {
                let (e, w) = e.into_parts();
                // The writer keeps what it could not write.
                (w.into_parts().0, Err(e))
            }
        };
        let mut counted = w;
        let result = flushed.and_then(|()| counted.flush());
        let accepted = counted.accepted;
        // Games counted by what reached the target; nothing is handed any more, so the marks
        // not reached never will be.
        self.count_marks(accepted);
        self.marks.clear();
        match (counted.target, &self.path) {
            (Target::Temp(temp), Some(path)) => {
                result?;
                if !keep {
                    return Ok(());
                }
                put_in_place(temp, path)?;
                self.persisted = true;
                Ok(())
            }
            _ => result,
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.writer()?.write(buf)?;
        self.handed += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer()?.flush()
    }
}

/// The new text of a file, made under a temporary name: hidden beside the file (so that a walk
/// of its directory does not read it, and a rename puts it in place), or, when the file exists
/// and its directory takes no new file, in the system's temporary directory (its text is then
/// copied into the file).
pub struct Staged {
    temp: tempfile::NamedTempFile,
    beside: bool,
}

impl Staged {
    /// A new temporary file for the text of `path`.
    pub fn new(path: &Path) -> io::Result<Staged> {
        temp_for(path, ".tmp", true).map(|(temp, beside)| Staged { temp, beside })
    }
}

/// A temporary file named after `path` (hidden, ending in `suffix`), beside it or, when `path`
/// exists and its directory takes no new file, in the system's temporary directory (`false`).
/// `usual`: created as any file the user makes (0666 less the umask), else private.
fn temp_for(path: &Path, suffix: &str, usual: bool) -> io::Result<(tempfile::NamedTempFile, bool)> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or("out".into(), |n| n.to_string_lossy().into_owned());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(suffix);
    #[cfg(unix)]
    if usual {
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    }
    #[cfg(not(unix))]
    let _ = usual;
    match builder.tempfile_in(dir) {
        Ok(temp) => Ok((temp, true)),
        Err(e) if path.is_file() => {
            let mut elsewhere = tempfile::Builder::new();
            elsewhere.prefix(&prefix).suffix(suffix);
            elsewhere.tempfile().map(|t| (t, false)).map_err(|_| e)
        }
        Err(e) => Err(e),
    }
}

impl Write for Staged {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.temp.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.temp.flush()
    }
}

/// Puts the text `staged` in the place of the regular file `path` (made canonical): renamed
/// over it when the new file can be what the old one was (its only name, its owner and group,
/// its permissions), else copied into it, the old text kept in a backup until the copy is
/// done (a file with other names, hard links, keeps them and their content stays the same; a
/// file of another owner keeps its owner). A copy that fails leaves the backup and names it.
pub fn put_in_place(staged: Staged, path: &Path) -> io::Result<()> {
    let Staged { temp, beside } = staged;
    temp.as_file().sync_all()?;
    let old = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound && beside => {
            let _: File = temp.persist(path).map_err(|e| e.error)?;
            return Ok(());
        }
        Err(e) => return Err(e),
    };
    // Only a regular file is replaced by renaming; anything else is written into.
    if beside && old.is_file() && takes_its_place(&temp, &old) {
        let _: File = temp.persist(path).map_err(|e| e.error)?;
        return Ok(());
    }
    copy_into(temp, path)
}

/// Whether `temp` can be made what `old` is: `old` has no other name, and `temp` takes its
/// owner, group and permissions.
#[cfg(unix)]
fn takes_its_place(temp: &tempfile::NamedTempFile, old: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    old.nlink() == 1
        && std::os::unix::fs::fchown(temp.as_file(), Some(old.uid()), Some(old.gid())).is_ok()
        && temp.as_file().set_permissions(old.permissions()).is_ok()
}

#[cfg(not(unix))]
fn takes_its_place(temp: &tempfile::NamedTempFile, old: &std::fs::Metadata) -> bool {
    temp.as_file().set_permissions(old.permissions()).is_ok()
}

/// Copies the text of `temp` into `path`, the old text kept aside until it is done.
fn copy_into(mut temp: tempfile::NamedTempFile, path: &Path) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).open(path)?;
    let (mut backup, _) = temp_for(path, ".old", false)?;
    io::copy(&mut File::open(path)?, &mut backup)?;
    backup.as_file().sync_all()?;
    let copied = (|| {
        temp.as_file_mut().rewind()?;
        file.set_len(0)?;
        io::copy(temp.as_file_mut(), &mut file)?;
        file.sync_all()
    })();
    match copied {
        Ok(()) => Ok(()),
        Err(e) => {
            let kept = match backup.keep() {
                Ok((_, p)) => format!("its old text is in {}", p.display()),
                Err(k) => format!("its old text could not be kept: {}", k.error),
            };
            Err(io::Error::new(e.kind(), format!("{e}; {kept}")))
        }
    }
}

/// Where a run writes: an [`Output`], or nowhere (a command that writes its result at the
/// end). Games are marked as their bytes are handed over.
pub trait Sink: Write {
    /// A game's bytes have all been handed over.
    fn mark(&mut self) {}
}

impl Sink for Output {
    fn mark(&mut self) {
        Output::mark(self);
    }
}

impl Sink for io::Sink {}

/// The identity of an existing file: device and inode (the path made canonical elsewhere).
#[cfg(unix)]
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// The identity of an existing file: its canonical path.
#[cfg(not(unix))]
fn identity(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok()
}

/// The input of `input` that `output` would replace: the same file as one the run reads (by
/// identity: hard links, symbolic links and other spellings included), named or met in the
/// walk of a directory named. `None` when the output does not exist yet, is not a regular
/// file, or is not read by the run.
pub fn input_replaced(output: &Path, input: &InputArgs) -> Option<PathBuf> {
    if output.as_os_str() == "-" || !std::fs::metadata(output).is_ok_and(|m| m.is_file()) {
        return None;
    }
    let id = identity(output)?;
    // Standard input redirected from the output file (`pdn convert - -o f.pdn < f.pdn`).
    #[cfg(unix)]
    if input.paths.iter().any(|p| p.as_os_str() == "-")
        && identity(Path::new("/dev/stdin")) == Some(id)
    {
        return Some(PathBuf::from("-"));
    }
    let named = input.paths.iter().filter(|p| p.as_os_str() != "-");
    // A file named is read whatever its name; the walk says which files of a directory are.
    if let Some(p) = named
        .clone()
        .find(|p| !p.is_dir() && identity(p) == Some(id))
    {
        return Some(p.clone());
    }
    let dirs: Vec<PathBuf> = named.filter(|p| p.is_dir()).cloned().collect();
    if dirs.is_empty() {
        return None;
    }
    let entries = discover(
        &dirs,
        &Discovery {
            hidden: input.hidden,
            follow: input.follow,
            globs: input.glob.clone(),
        },
    );
    entries.into_iter().find_map(|e| match e {
        Entry::Read(p) if identity(&p) == Some(id) => Some(p),
        _ => None,
    })
}

/// Refuses an output that is one of the run's inputs ([`input_replaced`]): the message for a
/// usage error, which names `--in-place` when the command has it.
pub fn refuse_input(
    output: Option<&Path>,
    input: &InputArgs,
    in_place: bool,
) -> Result<(), String> {
    let Some(output) = output else {
        return Ok(());
    };
    let Some(read) = input_replaced(output, input) else {
        return Ok(());
    };
    let what = if read.as_os_str() == "-" {
        format!("-o {} is the file standard input reads", output.display())
    } else if read == output {
        format!("-o {} is an input", output.display())
    } else {
        format!(
            "-o {} is the same file as the input {}",
            output.display(),
            read.display()
        )
    };
    let then = if in_place {
        "use --in-place to rewrite it"
    } else {
        "write to another file"
    };
    Err(format!(
        "{what}: it would be replaced by the output; {then}"
    ))
}
