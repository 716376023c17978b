//! Where a command's output goes: standard output, or a file written under a temporary name
//! beside it and put in its place when the run is over.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A command's output: standard output, or a file ([`Output::file`]).
pub enum Output {
    /// Standard output ([`super::stdout_writer`]).
    Stdout(Box<dyn Write>),
    /// A temporary file in the directory of `path`, renamed over it by [`Output::finish`]. An
    /// input of the run named as its output is read whole before it is replaced, and a run
    /// that fails leaves it as it was.
    File {
        /// The temporary file (removed if the run ends without finishing).
        file: BufWriter<tempfile::NamedTempFile>,
        /// The output asked for.
        path: PathBuf,
    },
}

impl Output {
    /// Standard output.
    pub fn stdout() -> Output {
        Output::Stdout(super::stdout_writer())
    }

    /// `path`, `-` being standard output; created under a temporary name beside it (hidden,
    /// so that a walk of its directory does not read it).
    pub fn file(path: &Path) -> io::Result<Output> {
        if path.as_os_str() == "-" {
            return Ok(Output::stdout());
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let name = path
            .file_name()
            .map_or("out".into(), |n| n.to_string_lossy().into_owned());
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        // Created as any file the user makes (0666 less the umask), not private as temporary
        // files are.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let temp = builder.tempfile_in(dir)?;
        Ok(Output::File {
            file: BufWriter::with_capacity(1 << 16, temp),
            path: path.to_path_buf(),
        })
    }

    /// [`Output::file`] when `path` is given, else standard output.
    pub fn open(path: Option<&Path>) -> io::Result<Output> {
        path.map_or_else(|| Ok(Output::stdout()), Output::file)
    }

    /// Flushes the output; a file is synced and put in its place when `keep` (with the
    /// permissions of the file it replaces, if there was one), else removed and the file
    /// asked for left as it was.
    pub fn finish(self, keep: bool) -> io::Result<()> {
        match self {
            Output::Stdout(mut s) => s.flush(),
            Output::File { file, path } => {
                if !keep {
                    return Ok(());
                }
                let temp = file.into_inner().map_err(|e| e.into_error())?;
                temp.as_file().sync_all()?;
                if let Ok(old) = std::fs::metadata(&path) {
                    std::fs::set_permissions(temp.path(), old.permissions())?;
                }
                let _: File = temp.persist(&path).map_err(|e| e.error)?;
                Ok(())
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(s) => s.write(buf),
            Output::File { file, .. } => file.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Output::Stdout(s) => s.write_all(buf),
            Output::File { file, .. } => file.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(s) => s.flush(),
            Output::File { file, .. } => file.flush(),
        }
    }
}
