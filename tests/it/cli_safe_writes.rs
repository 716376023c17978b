//! Writes that leave what they write to what it was: `-o` onto a FIFO, a device or standard
//! output writes into it; a symbolic link is written through (the link stays); a file with
//! other names (hard links) keeps them all, each with the new text; a file keeps its owner and
//! permissions; a file the run may not write is refused. The same holds for `pdn fix
//! --in-place` and for the pages `pdn man --dir` writes.
#![cfg(unix)]

use std::fs;
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt, symlink};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::TempTree;

const FIX: &str = "tests/fixtures/cli";

/// The user (nobody) a run as root drops to, to see what a user who may not write a file gets.
const NOBODY: u32 = 65534;

fn pdn() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("pdn"))
}

/// Every command that writes with `-o`, with arguments that make it write something.
fn writers() -> Vec<Vec<&'static str>> {
    vec![
        vec!["convert", "--canonical"],
        vec!["convert", "--notation", "algebraic"],
        vec!["convert", "--to", "json"],
        vec!["convert", "--to", "jsonl"],
        vec!["convert", "--to", "csv"],
        vec!["annotate"],
        vec!["fix"],
        vec!["filter", "--clean"],
        vec!["filter", "--list"],
        vec!["dedup"],
        vec!["report"],
        vec!["gen", "--variant", "english", "-n", "2"],
    ]
}

/// A scratch directory holding `games.pdn` (a file with findings to fix and annotate),
/// open to every user.
fn scratch(name: &str) -> TempTree {
    let t = TempTree::new(name);
    fs::copy(format!("{FIX}/warnings.pdn"), t.0.join("games.pdn")).unwrap();
    fs::set_permissions(&t.0, fs::Permissions::from_mode(0o777)).unwrap();
    t
}

/// `pdn ARGS -o OUTPUT games.pdn` in `dir` (`gen` reads nothing).
fn command(dir: &Path, args: &[&str], output: &str) -> Command {
    let mut c = pdn();
    c.current_dir(dir).args(args).args(["-o", output]);
    if args[0] != "gen" {
        c.args(["--no-config", "games.pdn"]);
    }
    c
}

fn run(dir: &Path, args: &[&str], output: &str) -> Output {
    command(dir, args, output).output().unwrap()
}

/// Whether the run succeeded (findings allowed).
fn ran(args: &[&str], out: &Output) {
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{args:?}: {:?} {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

/// What the command writes to standard output (`-o -`): what every other target must get.
fn expected(dir: &Path, args: &[&str]) -> Vec<u8> {
    let out = run(dir, args, "-");
    ran(args, &out);
    assert!(!out.stdout.is_empty(), "{args:?}: nothing written");
    out.stdout
}

/// Whether this process runs as root (the owner of a file it makes).
fn root(dir: &Path) -> bool {
    let probe = dir.join(".owner");
    fs::write(&probe, "").unwrap();
    let uid = fs::metadata(&probe).unwrap().uid();
    fs::remove_file(&probe).unwrap();
    uid == 0
}

/// Makes a FIFO at `path`.
fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: `c` is a valid NUL-terminated path for the length of the call.
    let r = unsafe { libc::mkfifo(c.as_ptr(), 0o644) };
    assert_eq!(r, 0, "mkfifo {}", path.display());
}

/// Runs `run` with a thread reading the FIFO at `fifo` to its end; returns what it read and
/// what `run` returned. A reader still waiting for a writer once `run` is over (the command
/// never opened the FIFO) is given an empty one, so that the test fails instead of hanging.
fn read_fifo_while<T>(fifo: &Path, run: impl FnOnce() -> T) -> (Vec<u8>, T) {
    let path = fifo.to_path_buf();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        fs::File::open(&path)
            .unwrap()
            .read_to_end(&mut bytes)
            .unwrap();
        bytes
    });
    let result = run();
    let start = Instant::now();
    while !reader.is_finished() && start.elapsed() < Duration::from_secs(30) {
        // Opens only when a reader waits; dropped at once, which ends its read.
        let _ = fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(fifo);
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(reader.is_finished(), "the FIFO's reader never ended");
    (reader.join().unwrap(), result)
}

#[test]
fn a_fifo_is_written_into_and_stays_a_fifo() {
    let t = scratch("safe-fifo");
    let dir = &t.0;
    let fifo = dir.join("out.fifo");
    for args in writers() {
        let want = expected(dir, &args);
        mkfifo(&fifo);
        let (got, out) = read_fifo_while(&fifo, || run(dir, &args, "out.fifo"));
        ran(&args, &out);
        assert!(
            fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(),
            "{args:?}: the FIFO was replaced"
        );
        assert_eq!(got, want, "{args:?}: the reader got other bytes");
        fs::remove_file(&fifo).unwrap();
        assert_eq!(leftovers(dir), ["games.pdn"], "{args:?}");
    }
}

/// The names in `dir`, sorted: nothing is left beside the files a test made.
fn leftovers(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[test]
fn dev_null_and_standard_output_are_written_where_they_are() {
    let t = scratch("safe-devices");
    let dir = &t.0;
    for args in writers() {
        let want = expected(dir, &args);
        let out = run(dir, &args, "/dev/null");
        ran(&args, &out);
        assert!(out.stdout.is_empty(), "{args:?}");
        let null = fs::symlink_metadata("/dev/null").unwrap();
        assert!(null.file_type().is_char_device(), "{args:?}");
        for name in ["/dev/stdout", "/proc/self/fd/1"] {
            let out = run(dir, &args, name);
            ran(&args, &out);
            assert_eq!(out.stdout, want, "{args:?} -o {name}");
        }
        let out = run(dir, &args, "/dev/stderr");
        ran(&args, &out);
        assert!(
            out.stderr.windows(want.len()).any(|w| w == want),
            "{args:?}: -o /dev/stderr"
        );
        assert_eq!(leftovers(dir), ["games.pdn"], "{args:?}");
    }
}

#[test]
fn a_symbolic_link_is_written_through_and_stays() {
    let t = scratch("safe-symlink");
    let dir = &t.0;
    fs::create_dir(dir.join("sub")).unwrap();
    for args in writers() {
        let want = expected(dir, &args);
        fs::write(dir.join("target.out"), "old").unwrap();
        // A link to a link to the file, from another directory.
        let _ = fs::remove_file(dir.join("sub/link.out"));
        let _ = fs::remove_file(dir.join("middle.out"));
        symlink("target.out", dir.join("middle.out")).unwrap();
        symlink("../middle.out", dir.join("sub/link.out")).unwrap();
        let out = run(dir, &args, "sub/link.out");
        ran(&args, &out);
        for (link, to) in [
            ("sub/link.out", "../middle.out"),
            ("middle.out", "target.out"),
        ] {
            assert_eq!(
                fs::read_link(dir.join(link)).ok(),
                Some(PathBuf::from(to)),
                "{args:?}: {link} is no longer the link it was"
            );
        }
        assert_eq!(fs::read(dir.join("target.out")).unwrap(), want, "{args:?}");
    }
    let mut left = leftovers(dir);
    left.retain(|n| n != "sub");
    assert_eq!(left, ["games.pdn", "middle.out", "target.out"]);
    assert_eq!(leftovers(&dir.join("sub")), ["link.out"]);
}

/// Both names of a file with two, the same file (device and inode) with two links.
fn same_file_twice(a: &Path, b: &Path, ino: u64, what: &str) {
    let (ma, mb) = (fs::metadata(a).unwrap(), fs::metadata(b).unwrap());
    assert_eq!(ma.nlink(), 2, "{what}: the file lost a name");
    assert_eq!(
        (ma.ino(), mb.ino()),
        (ino, ino),
        "{what}: a name was parted"
    );
}

#[test]
fn a_file_with_two_names_keeps_both_and_both_read_the_new_text() {
    let t = scratch("safe-hardlink");
    let dir = &t.0;
    let (first, second) = (dir.join("first.out"), dir.join("second.out"));
    for args in writers() {
        let want = expected(dir, &args);
        for name in ["first.out", "second.out"] {
            let _ = fs::remove_file(&first);
            let _ = fs::remove_file(&second);
            fs::write(
                &first,
                "old text, longer than some of the outputs' first line\n",
            )
            .unwrap();
            fs::hard_link(&first, &second).unwrap();
            let ino = fs::metadata(&first).unwrap().ino();
            let out = run(dir, &args, name);
            ran(&args, &out);
            let what = format!("{args:?} -o {name}");
            same_file_twice(&first, &second, ino, &what);
            assert_eq!(fs::read(&first).unwrap(), want, "{what}");
            assert_eq!(fs::read(&second).unwrap(), want, "{what}");
        }
        assert_eq!(
            leftovers(dir),
            ["first.out", "games.pdn", "second.out"],
            "{args:?}"
        );
    }
}

/// As root, a file of another user keeps its owner, group and permissions. A user who may
/// not write a file (read-only, in a directory the user may write) is refused before any
/// work, and the file is left as it was; as root, that user is nobody.
#[test]
fn a_replaced_file_keeps_its_owner_and_one_the_user_may_not_write_is_refused() {
    let t = scratch("safe-owner");
    let dir = &t.0;
    let as_root = root(dir);
    let out = dir.join("owned.out");
    for args in writers() {
        let want = expected(dir, &args);
        if as_root {
            fs::write(&out, "old").unwrap();
            std::os::unix::fs::chown(&out, Some(NOBODY), Some(NOBODY)).unwrap();
            fs::set_permissions(&out, fs::Permissions::from_mode(0o640)).unwrap();
            ran(&args, &run(dir, &args, "owned.out"));
            let m = fs::metadata(&out).unwrap();
            assert_eq!((m.uid(), m.gid()), (NOBODY, NOBODY), "{args:?}: owner");
            assert_eq!(m.mode() & 0o7777, 0o640, "{args:?}: permissions");
            assert_eq!(fs::read(&out).unwrap(), want, "{args:?}");
            fs::remove_file(&out).unwrap();
        }
        // Read-only, owned by the user who runs pdn.
        fs::write(&out, "old").unwrap();
        fs::set_permissions(&out, fs::Permissions::from_mode(0o444)).unwrap();
        let mut c = command(dir, &args, "owned.out");
        if as_root {
            std::os::unix::fs::chown(&out, Some(NOBODY), Some(NOBODY)).unwrap();
            c.uid(NOBODY).gid(NOBODY);
        }
        let got = c.output().unwrap();
        let stderr = String::from_utf8_lossy(&got.stderr);
        assert_eq!(got.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("cannot write owned.out: Permission denied")
                || stderr.contains("pdn gen: Permission denied"),
            "{args:?}: {stderr}"
        );
        assert_eq!(fs::read(&out).unwrap(), b"old", "{args:?}");
        fs::remove_file(&out).unwrap();
        assert_eq!(leftovers(dir), ["games.pdn"], "{args:?}");
    }
}

/// A file the user may write in a directory the user may not (a new file cannot be made
/// beside it) is written all the same, through a temporary file elsewhere.
#[test]
fn a_file_in_a_directory_closed_to_new_files_is_written_into() {
    let t = scratch("safe-closed-dir");
    let dir = &t.0;
    if root(dir) && !can_drop_to_nobody(dir) {
        eprintln!("skipped: root cannot run pdn as nobody here");
        return;
    }
    let as_root = root(dir);
    let closed = dir.join("closed");
    fs::create_dir(&closed).unwrap();
    let out = closed.join("f.out");
    for args in writers() {
        let want = expected(dir, &args);
        fs::set_permissions(&closed, fs::Permissions::from_mode(0o755)).unwrap();
        fs::write(&out, "old").unwrap();
        fs::set_permissions(&out, fs::Permissions::from_mode(0o666)).unwrap();
        fs::set_permissions(&closed, fs::Permissions::from_mode(0o555)).unwrap();
        let mut c = command(dir, &args, "closed/f.out");
        if as_root {
            c.uid(NOBODY).gid(NOBODY);
        }
        ran(&args, &c.output().unwrap());
        assert_eq!(fs::read(&out).unwrap(), want, "{args:?}");
        assert_eq!(leftovers(&closed), ["f.out"], "{args:?}");
    }
    fs::set_permissions(&closed, fs::Permissions::from_mode(0o755)).unwrap();
}

/// Whether a run of pdn as nobody starts (the binary reachable by that user).
fn can_drop_to_nobody(dir: &Path) -> bool {
    pdn()
        .current_dir(dir)
        .arg("--version")
        .uid(NOBODY)
        .gid(NOBODY)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The output of `c`, which must end within a minute (it is killed then, and the test fails:
/// a FIFO opened again for reading would wait for a writer for ever).
fn within_a_minute(mut c: Command) -> Output {
    let mut child = c
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "still running after a minute: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// `pdn fix --in-place NAME` in `dir`.
fn fix_in_place(dir: &Path, name: &str) -> Output {
    pdn()
        .current_dir(dir)
        .args(["fix", "--no-config", "--in-place", name])
        .output()
        .unwrap()
}

/// The text `pdn fix` makes of `games.pdn`.
fn fixed(dir: &Path) -> Vec<u8> {
    expected(dir, &["fix"])
}

#[test]
fn fix_in_place_keeps_both_names_of_a_file_with_two() {
    let t = scratch("safe-fix-hardlink");
    let dir = &t.0;
    let want = fixed(dir);
    let source = fs::read(dir.join("games.pdn")).unwrap();
    assert_ne!(want, source, "the fixture has something to fix");
    for name in ["a.pdn", "b.pdn"] {
        let (a, b) = (dir.join("a.pdn"), dir.join("b.pdn"));
        let _ = fs::remove_file(&a);
        let _ = fs::remove_file(&b);
        fs::write(&a, &source).unwrap();
        fs::hard_link(&a, &b).unwrap();
        let ino = fs::metadata(&a).unwrap().ino();
        let out = fix_in_place(dir, name);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        same_file_twice(&a, &b, ino, name);
        assert_eq!(fs::read(&a).unwrap(), want, "{name}");
        assert_eq!(fs::read(&b).unwrap(), want, "{name}");
    }
    assert_eq!(leftovers(dir), ["a.pdn", "b.pdn", "games.pdn"]);
}

#[test]
fn fix_in_place_through_a_link_to_a_link_rewrites_the_file_and_keeps_both_links() {
    let t = scratch("safe-fix-symlink");
    let dir = &t.0;
    let want = fixed(dir);
    fs::copy(dir.join("games.pdn"), dir.join("real.pdn")).unwrap();
    symlink("real.pdn", dir.join("middle.pdn")).unwrap();
    symlink("middle.pdn", dir.join("link.pdn")).unwrap();
    let out = fix_in_place(dir, "link.pdn");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(fs::read(dir.join("real.pdn")).unwrap(), want);
    for (link, to) in [("link.pdn", "middle.pdn"), ("middle.pdn", "real.pdn")] {
        assert_eq!(
            fs::read_link(dir.join(link)).ok(),
            Some(PathBuf::from(to)),
            "{link}"
        );
    }
    assert_eq!(
        leftovers(dir),
        ["games.pdn", "link.pdn", "middle.pdn", "real.pdn"]
    );
}

/// A FIFO, or a link to the standard input, cannot be read again and replaced: fix says so
/// and leaves it as it is (the FIFO a FIFO, the link a link); nothing else is made beside it.
#[test]
fn fix_in_place_refuses_what_is_not_a_regular_file() {
    let t = scratch("safe-fix-fifo");
    let dir = &t.0;
    let source = fs::read(dir.join("games.pdn")).unwrap();
    let fifo = dir.join("games.fifo");
    mkfifo(&fifo);
    let writer = {
        let (fifo, source) = (fifo.clone(), source.clone());
        std::thread::spawn(move || {
            // Fails with a broken pipe if pdn stops reading early; either way it ends.
            let _ = fs::OpenOptions::new()
                .write(true)
                .open(&fifo)
                .and_then(|mut f| std::io::Write::write_all(&mut f, &source));
        })
    };
    let mut fix = pdn();
    fix.current_dir(dir)
        .args(["fix", "--no-config", "--in-place", "games.fifo"]);
    let out = within_a_minute(fix);
    // A writer still waiting for a reader (pdn never opened the FIFO) is given one.
    while !writer.is_finished() {
        let _ = fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo);
        std::thread::sleep(Duration::from_millis(10));
    }
    writer.join().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("games.fifo: error: not rewritten: it is not a regular file"),
        "{stderr}"
    );
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());

    symlink("/proc/self/fd/0", dir.join("stdin.pdn")).unwrap();
    let out = pdn()
        .current_dir(dir)
        .args(["fix", "--no-config", "--in-place", "stdin.pdn"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            let mut stdin = child.stdin.take().unwrap();
            std::io::Write::write_all(&mut stdin, &source)?;
            drop(stdin);
            child.wait_with_output()
        })
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("stdin.pdn: error: not rewritten"),
        "{stderr}"
    );
    assert_eq!(
        fs::read_link(dir.join("stdin.pdn")).ok(),
        Some(PathBuf::from("/proc/self/fd/0"))
    );
    assert_eq!(leftovers(dir), ["games.fifo", "games.pdn", "stdin.pdn"]);
}

/// As root, the file fixed keeps its owner, group and permissions; a user who may not write
/// it is told so and it is left as it was.
#[test]
fn fix_in_place_keeps_the_owner_and_refuses_a_file_the_user_may_not_write() {
    let t = scratch("safe-fix-owner");
    let dir = &t.0;
    let want = fixed(dir);
    let source = fs::read(dir.join("games.pdn")).unwrap();
    let file = dir.join("owned.pdn");
    let as_root = root(dir);
    if as_root {
        fs::write(&file, &source).unwrap();
        std::os::unix::fs::chown(&file, Some(NOBODY), Some(NOBODY)).unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o604)).unwrap();
        let out = fix_in_place(dir, "owned.pdn");
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let m = fs::metadata(&file).unwrap();
        assert_eq!(
            (m.uid(), m.gid(), m.mode() & 0o7777),
            (NOBODY, NOBODY, 0o604)
        );
        assert_eq!(fs::read(&file).unwrap(), want);
        fs::remove_file(&file).unwrap();
    }
    fs::write(&file, &source).unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
    let mut c = pdn();
    c.current_dir(dir)
        .args(["fix", "--no-config", "--in-place", "owned.pdn"]);
    if as_root {
        if !can_drop_to_nobody(dir) {
            eprintln!("skipped the read-only case: root cannot run pdn as nobody here");
            return;
        }
        std::os::unix::fs::chown(&file, Some(NOBODY), Some(NOBODY)).unwrap();
        c.uid(NOBODY).gid(NOBODY);
    }
    let out = c.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("owned.pdn: error: not rewritten: Permission denied"),
        "{stderr}"
    );
    assert_eq!(fs::read(&file).unwrap(), source);
    assert_eq!(leftovers(dir), ["games.pdn", "owned.pdn"]);
}

/// `pdn man --dir` writes each page into what has its name: a link is written through, a file
/// with two names keeps both, a FIFO gets the page.
#[test]
fn man_pages_are_written_into_links_hard_links_and_fifos() {
    let t = scratch("safe-man");
    let dir = &t.0;
    let page = |name: &str| {
        let sub = name.trim_start_matches("pdn-").trim_end_matches(".1");
        let out = pdn().args(["man", sub]).output().unwrap();
        assert!(out.status.success());
        out.stdout
    };
    let man = dir.join("man");
    fs::create_dir(&man).unwrap();
    fs::write(dir.join("target.1"), "old").unwrap();
    symlink("../target.1", man.join("pdn-check.1")).unwrap();
    fs::write(man.join("pdn-fix.1"), "old").unwrap();
    fs::hard_link(man.join("pdn-fix.1"), dir.join("fix.1")).unwrap();
    let ino = fs::metadata(dir.join("fix.1")).unwrap().ino();
    mkfifo(&man.join("pdn-convert.1"));
    let (got, out) = read_fifo_while(&man.join("pdn-convert.1"), || {
        pdn().args(["man", "--dir"]).arg(&man).output().unwrap()
    });
    assert!(out.status.success(), "{out:?}");
    assert_eq!(got, page("pdn-convert.1"));
    assert!(
        fs::symlink_metadata(man.join("pdn-convert.1"))
            .unwrap()
            .file_type()
            .is_fifo()
    );
    assert_eq!(
        fs::read_link(man.join("pdn-check.1")).ok(),
        Some(PathBuf::from("../target.1"))
    );
    assert_eq!(fs::read(dir.join("target.1")).unwrap(), page("pdn-check.1"));
    same_file_twice(&man.join("pdn-fix.1"), &dir.join("fix.1"), ino, "man");
    assert_eq!(fs::read(dir.join("fix.1")).unwrap(), page("pdn-fix.1"));
}

/// `-o` onto the file standard input is redirected from is refused as `-o` onto a named input
/// is: the output would replace the text being read.
#[test]
fn output_onto_the_file_standard_input_reads_is_refused() {
    let t = scratch("safe_writes_stdin_input");
    let before = fs::read(t.0.join("games.pdn")).unwrap();
    for args in writers().into_iter().filter(|a| a[0] != "gen") {
        let out = pdn()
            .current_dir(&t.0)
            .args(&args)
            .args(["-o", "games.pdn", "--no-config", "-"])
            .stdin(fs::File::open(t.0.join("games.pdn")).unwrap())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("is the file standard input reads"),
            "{args:?}: {stderr}"
        );
        assert_eq!(fs::read(t.0.join("games.pdn")).unwrap(), before, "{args:?}");
    }
}
