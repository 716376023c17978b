//! Anonymous scratch files: where the library keeps what it must not hold in memory (the text
//! a long game's reader released, a sort's runs, a report's spool, a table's rows).
//!
//! A scratch file is created in the system's temporary directory under a name no one can
//! guess or has taken (`create_new`: an existing file is never opened), and no name is left
//! behind: on Unix it is readable by its owner only and unlinked at once, so it lives as long
//! as the handle; on Windows it is opened unshared and deleted when the handle is closed.

use std::collections::hash_map::RandomState;
use std::fs::{File, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// Names tried before giving up: each is taken only if another file already has it.
const ATTEMPTS: u32 = 64;

/// Scratch files made by this process so far: part of every name.
static MADE: AtomicU64 = AtomicU64::new(0);

/// A new, empty scratch file, open for reading and writing, that disappears when it is
/// dropped.
pub(crate) fn scratch_file() -> io::Result<File> {
    create_in(&std::env::temp_dir())
}

/// A scratch file in `dir`.
fn create_in(dir: &Path) -> io::Result<File> {
    for _ in 0..ATTEMPTS {
        let path = dir.join(unique_name());
        match open_new(&path) {
            Ok(file) => {
                unlink(&path)?;
                return Ok(file);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!(
            "no free name for a scratch file in {} after {ATTEMPTS} tries",
            dir.display()
        ),
    ))
}

/// A name made of the process id, a count of this process's scratch files, and 64 bits from
/// the standard library's per-process random hash keys mixed with the time.
fn unique_name() -> String {
    let n = MADE.fetch_add(1, Ordering::Relaxed);
    let mut h = RandomState::new().build_hasher();
    h.write_u64(n);
    if let Ok(t) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(t.as_nanos());
    }
    format!(".pdnkit-{}-{n}-{:016x}.tmp", std::process::id(), h.finish())
}

#[cfg(unix)]
fn open_new(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
}

#[cfg(windows)]
fn open_new(path: &Path) -> io::Result<File> {
    use std::os::windows::fs::OpenOptionsExt;
    /// `FILE_FLAG_DELETE_ON_CLOSE`: the file goes when its last handle is closed.
    const DELETE_ON_CLOSE: u32 = 0x0400_0000;
    /// `FILE_ATTRIBUTE_TEMPORARY`: kept in the cache rather than written out, where it can.
    const TEMPORARY: u32 = 0x0000_0100;
    OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .share_mode(0)
        .custom_flags(DELETE_ON_CLOSE)
        .attributes(TEMPORARY)
        .open(path)
}

#[cfg(not(any(unix, windows)))]
fn open_new(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(path)
}

/// Removes the scratch file's name; on Windows the file removes itself when closed.
#[cfg(not(windows))]
fn unlink(path: &Path) -> io::Result<()> {
    std::fs::remove_file(path)
}

#[cfg(windows)]
fn unlink(_path: &Path) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::{Read, Seek, SeekFrom, Write};

    use super::*;

    /// A new empty directory of the test's own, removed when dropped.
    struct Dir(std::path::PathBuf);

    impl Dir {
        fn new(tag: &str) -> Dir {
            let p = std::env::temp_dir().join(format!(".pdnkit-test-{tag}-{}", unique_name()));
            std::fs::create_dir(&p).unwrap();
            Dir(p)
        }

        #[cfg_attr(windows, allow(dead_code))]
        fn entries(&self) -> usize {
            std::fs::read_dir(&self.0).unwrap().count()
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn what_is_written_reads_back() {
        let mut f = scratch_file().unwrap();
        f.write_all(b"1. 32-28 19-23 *").unwrap();
        f.seek(SeekFrom::Start(3)).unwrap();
        let mut s = String::new();
        f.read_to_string(&mut s).unwrap();
        assert_eq!(s, "32-28 19-23 *");
    }

    #[test]
    fn two_scratch_files_are_two_files() {
        let mut a = scratch_file().unwrap();
        let mut b = scratch_file().unwrap();
        a.write_all(b"aaaa").unwrap();
        b.write_all(b"b").unwrap();
        assert_eq!(a.metadata().unwrap().len(), 4);
        assert_eq!(b.metadata().unwrap().len(), 1);
    }

    #[test]
    fn names_differ() {
        assert_ne!(unique_name(), unique_name());
    }

    #[cfg(not(windows))]
    #[test]
    fn no_name_is_left_behind() {
        let dir = Dir::new("unlinked");
        let mut f = create_in(&dir.0).unwrap();
        assert_eq!(dir.entries(), 0, "the scratch file still has a name");
        // The file is still there for its handle.
        f.write_all(b"kept").unwrap();
        f.rewind().unwrap();
        let mut s = String::new();
        f.read_to_string(&mut s).unwrap();
        assert_eq!(s, "kept");
    }

    #[cfg(unix)]
    #[test]
    fn only_the_owner_may_read_it() {
        use std::os::unix::fs::PermissionsExt;
        let f = scratch_file().unwrap();
        assert_eq!(f.metadata().unwrap().permissions().mode() & 0o777, 0o600);
    }

    #[test]
    fn a_missing_directory_is_an_error_not_a_loop() {
        let dir = Dir::new("missing");
        let gone = dir.0.join("not-there");
        let e = create_in(&gone).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn a_name_that_is_taken_is_never_opened() {
        let dir = Dir::new("taken");
        let taken = dir.0.join("x");
        std::fs::write(&taken, b"someone else's").unwrap();
        let e = open_new(&taken).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&taken).unwrap(), b"someone else's");
    }
}
