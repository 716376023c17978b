//! Memory that does not grow with the input, and time that grows linearly with it, on the
//! shapes of input that once made a command hold a tree or a copy of everything it read. Each
//! test runs the `pdn` built for the tests as a child on the same shape at doubling sizes,
//! from a file and from standard input, and reads the child's own peak resident set and CPU
//! time from `wait4` (its rusage, not the test process's nor another test's children).
//!
//! Peak memory is flat when each larger input's peak is within a fixed 8 MiB and a share of
//! the added bytes of the smallest's: 4 bytes per byte for inputs the reader holds whole
//! anyway (one game's text within its 4 MiB window), a quarter of a byte past that window.
//! A tree of the input costs 25 to 130 bytes per byte. CPU time is linear when the largest
//! takes less than 2.5 times its share (a quadratic cost takes the size ratio again), the
//! smallest counted as at least 50 ms so that start-up noise does not decide. A pair that fails
//! is measured once more and the lower figures kept, to ride out a busy machine.

#![cfg(target_os = "linux")]

use std::fs;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;

use crate::common::TempTree;

const KIB: usize = 1 << 10;
const MIB: usize = 1 << 20;

/// The tests of this file take turns: each child then has the machine's cores to itself
/// among them, and its peak is its own.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// What one run of the child cost.
#[derive(Clone, Copy, Debug)]
struct Cost {
    /// Peak resident set, in KiB.
    peak_kib: u64,
    /// User and system CPU time.
    cpu: Duration,
}

/// Where the child reads its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum From {
    File,
    Stdin,
}

/// Makes this process the reaper of the processes its children leave behind, once.
fn become_subreaper() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes one integer argument.
        let r = unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };
        assert_eq!(r, 0, "prctl: {}", std::io::Error::last_os_error());
    });
}

/// Runs `pdn ARGS` (the file's path appended, or `-` with the file on standard input through
/// a FIFO) with `env`; panics on an exit status other than 0 or 1.
///
/// A process's peak resident set as the kernel keeps it takes in the memory of the process it
/// was started from when it replaces that process's image (a child spawned by this test
/// process, large itself, would count it). So `pdn` is started by a shell that a small process
/// runs: the shell starts it in the background and ends, `pdn` is handed to this process (its
/// reaper), and `wait4` gives its own peak and CPU time.
fn run(args: &[&str], file: &Path, from: From, env: &[(&str, &str)]) -> Cost {
    become_subreaper();
    let err = file.with_extension("stderr");
    let fifo = file.with_extension("fifo");
    let mut line: Vec<std::ffi::OsString> = vec![assert_cmd::cargo::cargo_bin("pdn").into()];
    line.extend(args.iter().map(Into::into));
    if args[0] != "parse" {
        line.push("--no-config".into());
    }
    let input = match from {
        From::File => {
            line.push(file.into());
            PathBuf::from("/dev/null")
        }
        From::Stdin => {
            line.push("-".into());
            let _ = fs::remove_file(&fifo);
            let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
            // SAFETY: `c` is a valid NUL-terminated path for the length of the call.
            assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
            fifo.clone()
        }
    };
    let feeder = (from == From::Stdin).then(|| {
        let (fifo, bytes) = (fifo.clone(), fs::read(file).unwrap());
        // The child may stop reading early (a broken pipe is its business).
        std::thread::spawn(move || {
            if let Ok(mut w) = fs::OpenOptions::new().write(true).open(&fifo) {
                let _ = w.write_all(&bytes);
            }
        })
    });
    let shell = Command::new("sh")
        .arg("-c")
        .arg(r#"in=$1; err=$2; shift 2; "$@" < "$in" > /dev/null 2> "$err" & echo $!"#)
        .arg("sh")
        .arg(&input)
        .arg(&err)
        .args(&line)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .expect("sh runs");
    assert!(shell.status.success(), "sh: {shell:?}");
    let pid: libc::pid_t = String::from_utf8_lossy(&shell.stdout)
        .trim()
        .parse()
        .expect("the shell says the pid");
    let mut status = 0;
    // SAFETY: rusage is plain data, zeroed is a valid value; wait4 writes both out-parameters.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is a child handed to this process; the pointers are valid.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4: {}", std::io::Error::last_os_error());
    if let Some(f) = feeder {
        // A feeder still waiting for a reader (pdn never opened the FIFO) is given one.
        while !f.is_finished() {
            let _ = fs::OpenOptions::new()
                .read(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(&fifo);
            std::thread::sleep(Duration::from_millis(10));
        }
        f.join().unwrap();
        let _ = fs::remove_file(&fifo);
    }
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    assert!(
        matches!(code, Some(0 | 1)),
        "pdn {} on {}: status {code:?}, {}",
        args.join(" "),
        file.display(),
        fs::read_to_string(&err).unwrap_or_default()
    );
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    Cost {
        // Linux gives ru_maxrss in KiB.
        peak_kib: usage.ru_maxrss as u64,
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
    }
}

/// A shape of input: how to make it at a size, the sizes (each twice the one before), and
/// the bytes per added byte memory may grow by.
struct Shape {
    name: &'static str,
    make: fn(usize) -> String,
    sizes: &'static [usize],
    per_byte: f64,
}

/// Whether `costs` (one per size) are flat in memory and linear in time; `None` when they
/// are, else what is wrong.
fn judge(shape: &Shape, costs: &[Cost]) -> Option<String> {
    let (s0, c0) = (shape.sizes[0], costs[0]);
    let mut wrong = Vec::new();
    for (&s, c) in shape.sizes.iter().zip(costs).skip(1) {
        let allowed =
            c0.peak_kib as f64 + (8 * KIB) as f64 + shape.per_byte * (s - s0) as f64 / 1024.0;
        if c.peak_kib as f64 > allowed {
            wrong.push("memory grows");
        }
    }
    let (sn, cn) = (shape.sizes[shape.sizes.len() - 1], costs[costs.len() - 1]);
    let floor = c0.cpu.max(Duration::from_millis(50));
    if cn.cpu.as_secs_f64() > 2.5 * (sn as f64 / s0 as f64) * floor.as_secs_f64() {
        wrong.push("time grows faster than the input");
    }
    if wrong.is_empty() {
        return None;
    }
    let figures: Vec<String> = shape
        .sizes
        .iter()
        .zip(costs)
        .map(|(&s, c)| {
            format!(
                "{} KiB: {} MiB, {:.2} s",
                s / KIB,
                c.peak_kib / 1024,
                c.cpu.as_secs_f64()
            )
        })
        .collect();
    Some(format!("{} ({})", wrong.join(", "), figures.join("; ")))
}

/// Runs every command of `commands` on each shape of `shapes` at each of its sizes, from a
/// file and, for those in `stdin`, from standard input too; panics with every failure found.
fn assert_flat(shapes: &[Shape], commands: &[&[&str]], stdin: &[&[&str]], env: &[(&str, &str)]) {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let failures: Vec<String> = shapes
        .iter()
        .flat_map(|shape| failures(shape, commands, stdin, env))
        .collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// What [`assert_flat`] finds wrong with one shape.
fn failures(
    shape: &Shape,
    commands: &[&[&str]],
    stdin: &[&[&str]],
    env: &[(&str, &str)],
) -> Vec<String> {
    let t = TempTree::new(&format!("shape-{}", shape.name));
    let files: Vec<PathBuf> = shape
        .sizes
        .iter()
        .map(|&s| {
            let p = t.0.join(format!("{}-{s}.pdn", shape.name));
            fs::write(&p, (shape.make)(s)).unwrap();
            p
        })
        .collect();
    let runs = commands
        .iter()
        .map(|c| (*c, From::File))
        .chain(stdin.iter().map(|c| (*c, From::Stdin)));
    let mut failures = Vec::new();
    for (args, from) in runs {
        let measure = || -> Vec<Cost> { files.iter().map(|f| run(args, f, from, env)).collect() };
        let mut costs = measure();
        if judge(shape, &costs).is_some() {
            for (kept, again) in costs.iter_mut().zip(measure()) {
                kept.peak_kib = kept.peak_kib.min(again.peak_kib);
                kept.cpu = kept.cpu.min(again.cpu);
            }
        }
        // Shown with --nocapture: the figures of every run.
        eprintln!(
            "{} pdn {} {from:?}: {:?}",
            shape.name,
            args.join(" "),
            costs
                .iter()
                .map(|c| (c.peak_kib / 1024, c.cpu.as_millis()))
                .collect::<Vec<_>>()
        );
        if let Some(why) = judge(shape, &costs) {
            let source = if from == From::Stdin {
                " (standard input)"
            } else {
                ""
            };
            failures.push(format!(
                "{}: pdn {}{source}: {why}",
                shape.name,
                args.join(" ")
            ));
        }
    }
    failures
}

/// `unit` repeated to about `size` bytes between `head` and `tail`.
fn fill(unit: &str, size: usize, head: &str, tail: &str) -> String {
    let n = size.saturating_sub(head.len() + tail.len()) / unit.len();
    let mut s = String::with_capacity(size + unit.len());
    s.push_str(head);
    for _ in 0..n.max(1) {
        s.push_str(unit);
    }
    s.push_str(tail);
    s
}

/// Sizes the reader holds whole as one game's text anyway (within its 4 MiB window).
const SMALL: &[usize] = &[256 * KIB, MIB];
/// Sizes past the reader's window, for one token or one line.
const PAST_THE_WINDOW: &[usize] = &[5 * MIB, 10 * MIB];

fn commands_before_the_first_move() -> Shape {
    Shape {
        name: "commands",
        make: |n| fill("{[%c 1]} ", n, "[GameType \"20\"]\n", "1. 32-28 *\n"),
        sizes: SMALL,
        per_byte: 4.0,
    }
}

/// Every command and output form, but `parse` (below).
const EVERY_COMMAND: &[&[&str]] = &[
    &["check"],
    &["check", "--format", "short"],
    &["check", "--format", "json"],
    &["convert"],
    &["convert", "--canonical"],
    &["convert", "--to", "json"],
    &["convert", "--to", "jsonl"],
    &["convert", "--to", "csv"],
    &["annotate"],
    &["fix"],
    &["stats"],
    &["stats", "--format", "json"],
    &["filter"],
    &["dedup"],
    &["report", "-o", "/dev/null"],
];

#[test]
fn comments_holding_a_command_before_the_first_move_are_not_held_by_parse() {
    assert_flat(
        &[commands_before_the_first_move()],
        &[&["parse"], &["parse", "--format", "pdn"]],
        &[&["parse"]],
        &[],
    );
}

#[test]
fn comments_holding_a_command_before_the_first_move_are_not_held() {
    assert_flat(
        &[commands_before_the_first_move()],
        EVERY_COMMAND,
        &[&["check"], &["convert", "--canonical"]],
        &[],
    );
}

#[test]
fn move_numbers_without_moves_are_not_held() {
    let shape = Shape {
        name: "numbers",
        make: |n| fill("1. ", n, "", "*\n"),
        sizes: SMALL,
        per_byte: 4.0,
    };
    assert_flat(
        &[shape],
        &[
            &["parse"],
            &["parse", "--format", "pdn"],
            &["check"],
            &["check", "--format", "json"],
            &["check", "--format", "short"],
            &["convert"],
            &["convert", "--to", "json"],
            &["stats"],
        ],
        &[&["check", "--format", "json"]],
        &[],
    );
}

/// One long token in each place a message quotes one: a square's run of digits, a GameType
/// value, a setup, a NAG, a move number.
fn long_tokens() -> Vec<Shape> {
    vec![
        Shape {
            name: "square",
            make: |n| format!("[GameType \"20\"]\n1. 32-{} *\n", "2".repeat(n)),
            sizes: PAST_THE_WINDOW,
            per_byte: 0.25,
        },
        Shape {
            name: "gametype",
            make: |n| format!("[GameType \"{}\"]\n1. 32-28 *\n", "2".repeat(n)),
            sizes: PAST_THE_WINDOW,
            per_byte: 0.25,
        },
        Shape {
            name: "setup",
            make: |n| {
                format!(
                    "[GameType \"20\"]\n/FEN \"W:W{}\"/ 1. 32-28 *\n",
                    "3".repeat(n)
                )
            },
            sizes: PAST_THE_WINDOW,
            per_byte: 0.25,
        },
        Shape {
            name: "nag",
            make: |n| format!("[GameType \"20\"]\n1. 32-28 ${} *\n", "1".repeat(n)),
            sizes: PAST_THE_WINDOW,
            per_byte: 0.25,
        },
        Shape {
            name: "move-number",
            make: |n| format!("[GameType \"20\"]\n{}. 32-28 *\n", "1".repeat(n)),
            sizes: PAST_THE_WINDOW,
            per_byte: 0.25,
        },
    ]
}

#[test]
fn one_long_token_is_not_held_by_check() {
    assert_flat(&long_tokens(), &[&["check"]], &[&["check"]], &[]);
}

#[test]
fn one_long_token_is_not_held_in_short_and_json_output() {
    assert_flat(
        &long_tokens(),
        &[
            &["check", "--format", "short"],
            &["check", "--format", "json"],
        ],
        &[],
        &[],
    );
}

#[test]
fn one_long_fen_or_tag_line_is_not_held() {
    let fen = Shape {
        name: "fen",
        make: |n| {
            let mut squares = String::with_capacity(n + 8);
            let mut i = 0;
            while squares.len() < n {
                if i > 0 {
                    squares.push(',');
                }
                squares.push_str(&(1 + i % 50).to_string());
                i += 1;
            }
            format!("[GameType \"20\"]\n[FEN \"W:W{squares}:B1\"]\n\n1. 32-28 *\n")
        },
        sizes: PAST_THE_WINDOW,
        per_byte: 0.25,
    };
    let tag = Shape {
        name: "tag",
        make: |n| {
            format!(
                "[Event \"{}\"]\n[GameType \"20\"]\n\n1. 32-28 *\n",
                "x".repeat(n)
            )
        },
        sizes: PAST_THE_WINDOW,
        per_byte: 0.25,
    };
    assert_flat(
        &[fen, tag],
        &[
            &["check"],
            &["convert"],
            &["convert", "--canonical"],
            &["convert", "--to", "json"],
            &["parse"],
            &["parse", "--format", "pdn"],
        ],
        &[&["check"]],
        &[],
    );
}

fn tiny_games() -> Shape {
    Shape {
        name: "tiny",
        make: |n| fill("1. 32-28 *\n", n, "", ""),
        sizes: &[256 * KIB, 512 * KIB, MIB, 2 * MIB],
        per_byte: 0.25,
    }
}

/// Blocks of 256 KiB, so that a file of a few blocks is checked block by block in parallel.
const SMALL_BLOCKS: &[(&str, &str)] = &[("PDN_SEGMENT_BYTES", "262144")];

#[test]
fn many_tiny_games_are_not_held_by_one_worker() {
    assert_flat(&[tiny_games()], &[&["check", "-j", "1"]], &[], SMALL_BLOCKS);
}

#[test]
fn many_tiny_games_are_not_held_when_checked_in_parallel() {
    assert_flat(
        &[tiny_games()],
        &[&["check"], &["check", "--format", "json"]],
        &[&["check"]],
        SMALL_BLOCKS,
    );
}
