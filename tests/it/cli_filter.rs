//! `pdn filter`: one case per criterion, AND across kinds and OR within one, `--invert`,
//! `--list`, and the selected games written byte for byte as they are in their files.

use crate::common;

use common::TempTree;
use std::fs;
use std::path::PathBuf;
use std::process::Command;

fn pdn() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("pdn"))
}

/// Four International games: White, Black, Date, Result, moves.
const GAMES: &[(&str, &str, &str, &str, &str)] = &[
    (
        "Sijbrands, T.",
        "Baba Sy",
        "1973.05.01",
        "2-0",
        "1. 32-28 19-23 2. 28x19 14x23",
    ),
    (
        "Baba Sy",
        "Schwarzman",
        "1999.??.??",
        "1-1",
        "1. 33-28 18-23 2. 39-33 12-18",
    ),
    (
        "Schwärzman",
        "Georgiev",
        "2004.12.24",
        "0-2",
        "1. 32-28 18-23 2. 37-32 12-18 3. 41-37",
    ),
    // 35-30 leaves 19x28 to be taken: R305.
    (
        "Georgiev",
        "Sijbrands",
        "2010.01.01",
        "*",
        "1. 32-28 19-23 2. 35-30",
    ),
];

fn tree() -> (TempTree, PathBuf, Vec<String>) {
    let t =
        TempTree::new(&format!("filter-{:?}", std::thread::current().id()).replace(['(', ')'], ""));
    let games: Vec<String> = GAMES
        .iter()
        .map(|(w, b, d, r, m)| {
            // Odd spacing and a CRLF kept: the output must be these very bytes.
            format!(
                "[GameType \"20\"]\r\n[White \"{w}\"]\n[Black \"{b}\"]\n[Date \"{d}\"]\n[Result \"{r}\"]\n{m}  {r}\n\n"
            )
        })
        .collect();
    let path = t.0.join("games.pdn");
    fs::write(&path, games.concat()).unwrap();
    (t, path, games)
}

/// The games (by index) a filter writes, found by comparing its output with the input games.
fn selected(args: &[&str]) -> Vec<usize> {
    let (_t, path, games) = tree();
    let out = pdn()
        .args(["filter", "--no-config"])
        .args(args)
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut rest = out.stdout.as_slice();
    let mut picked = Vec::new();
    while !rest.is_empty() {
        let i = games
            .iter()
            .position(|g| rest.starts_with(g.as_bytes()))
            .unwrap_or_else(|| panic!("not an input game: {}", String::from_utf8_lossy(rest)));
        picked.push(i);
        rest = &rest[games[i].len()..];
    }
    picked
}

#[test]
fn tags_select_exactly_by_substring_or_by_regex() {
    assert_eq!(selected(&["--tag", "White=Baba Sy"]), [1]);
    assert_eq!(selected(&["--tag", "White~sijbrands"]), [0]);
    assert_eq!(selected(&["--tag", "Date=~^19"]), [0, 1]);
}

#[test]
fn a_player_is_found_on_either_side_with_names_folded() {
    assert_eq!(selected(&["--player", "SIJBRANDS"]), [0, 3]);
    assert_eq!(selected(&["--player", "schwarzman"]), [1, 2]);
}

#[test]
fn variant_result_length_and_date_select() {
    assert_eq!(selected(&["--in-variant", "international"]), [0, 1, 2, 3]);
    assert_eq!(selected(&["--in-variant", "english"]), Vec::<usize>::new());
    assert_eq!(selected(&["--result", "2-0"]), [0]);
    assert_eq!(selected(&["--result", "draw"]), [1]);
    assert_eq!(selected(&["--result", "decided"]), [0, 2]);
    assert_eq!(selected(&["--plies", "5.."]), [2]);
    assert_eq!(selected(&["--plies", "..3"]), [3]);
    assert_eq!(selected(&["--date", "1990..2004"]), [1, 2]);
    assert_eq!(selected(&["--date", "..1973"]), [0]);
}

#[test]
fn clean_and_with_code_select_by_diagnostics() {
    assert_eq!(selected(&["--with-code", "R305"]), [3]);
    assert_eq!(selected(&["--clean"]), [0, 1, 2]);
}

#[test]
fn move_sequences_from_the_start_or_anywhere() {
    assert_eq!(selected(&["--starts", "32-28 19-23"]), [0, 3]);
    assert_eq!(selected(&["--starts", "1. 32-28 19-23 2. 28x19"]), [0]);
    assert_eq!(selected(&["--moves", "12-18"]), [1, 2]);
    assert_eq!(selected(&["--moves", "37-32 12-18"]), [2]);
}

#[test]
fn a_position_reached_selects() {
    // After 1. 32-28 19-23 2. 28x19 14x23 (game 0): the 20 black men less 14 and 19, plus 23;
    // White lost 32's man.
    let fen = "W:W31,33-50:B1-13,15-18,20,23";
    assert_eq!(selected(&["--position", fen]), [0]);
    assert_eq!(selected(&["--position", "W:W31-50:B1-20"]), [0, 1, 2, 3]);
}

#[test]
fn criteria_combine_with_and_and_repeats_with_or() {
    assert_eq!(selected(&["--player", "Sijbrands", "--result", "2-0"]), [0]);
    assert_eq!(selected(&["--result", "2-0", "--result", "0-2"]), [0, 2]);
    assert_eq!(selected(&["--player", "Georgiev", "--invert"]), [0, 1]);
}

#[test]
fn list_gives_file_game_line_and_tags() {
    let (_t, path, _) = tree();
    let out = pdn()
        .args(["filter", "--no-config", "--list", "--player", "Baba Sy"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].ends_with(":1: game 1: Sijbrands, T. - Baba Sy | ? | 1973.05.01 | 2-0"),
        "{text}"
    );
    assert!(
        lines[1].contains(":8: game 2: Baba Sy - Schwarzman"),
        "{text}"
    );
}

#[test]
fn a_windows_1252_file_is_copied_byte_for_byte() {
    let t = TempTree::new("filter-cp1252");
    let mut bytes = b"[GameType \"20\"]\n[White \"Sch\xe4fer\"]\n1. 32-28 *\n\n".to_vec();
    let second = b"[GameType \"20\"]\n[White \"M\xfcller\"]\n1. 33-28 *\n\n".to_vec();
    bytes.extend_from_slice(&second);
    let path = t.0.join("latin.pdn");
    fs::write(&path, &bytes).unwrap();
    let out = pdn()
        .args(["filter", "--no-config", "--player", "muller"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.stdout, second);
}

/// A UTF-8 file with a bad byte in a name is read as UTF-8, the byte replaced by U+FFFD (three
/// bytes of text for one of the file): the games after it are still copied from their own
/// bytes, and listed with their names whole.
#[test]
fn a_mostly_utf8_file_is_listed_with_its_names_and_copied_byte_for_byte() {
    let t = TempTree::new("filter-mostly-utf8");
    let game = |white: &[u8], black: &str| {
        [
            "[Event \"Чемпионат мира\"]\n[GameType \"25\"]\n[White \"".as_bytes(),
            white,
            format!("\"]\n[Black \"{black}\"]\n1. c3-d4 *\n\n").as_bytes(),
        ]
        .concat()
    };
    // `Ян` pasted in Windows-1251 into a UTF-8 file.
    let first = game(b"\xdf\xed \xd1.", "Иванов Пётр");
    let second = game("Сидоров Олег".as_bytes(), "Кузнецов Иван");
    let path = t.0.join("mostly.pdn");
    fs::write(&path, [first, second.clone()].concat()).unwrap();
    let out = pdn()
        .args(["filter", "--no-config", "--player", "Кузнецов"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.stdout, second);
    let out = pdn()
        .args(["filter", "--no-config", "--list"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("\u{FFFD}\u{FFFD} \u{FFFD}. - Иванов Пётр"),
        "{text}"
    );
    assert!(text.contains("Сидоров Олег - Кузнецов Иван"), "{text}");
}

/// A dialect of the whole file (here upper-case squares) is reported once, at its first place:
/// the later games that show it have no finding of their own, and were taken for clean.
#[test]
fn a_dialect_reported_once_per_file_keeps_every_game_that_shows_it_from_being_clean() {
    let t = TempTree::new("filter-dialect");
    let game = |moves: &str| format!("[GameType \"25\"]\n1. {moves} *\n\n");
    let text = [
        game("C3-D4 F6-E5"),
        game("c3-b4 f6-e5"),
        game("E3-F4 F6-G5"),
    ]
    .concat();
    let path = t.file("upper.pdn", &text);
    let run = |args: &[&str]| {
        let out = pdn()
            .arg("filter")
            .arg("--no-config")
            .args(args)
            .arg("--list")
            .arg(&path)
            .output()
            .expect("pdn runs");
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .filter_map(|l| l.split(": game ").nth(1))
            .filter_map(|l| l.split(':').next())
            .map(|n| n.parse::<usize>().unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(run(&["--clean"]), [2]);
    assert_eq!(run(&["--with-code", "N219"]), [1, 3]);
    // Dropped with `-A`, the dialect no longer counts.
    assert_eq!(run(&["--clean", "-A", "N219"]), [1, 2, 3]);
}

/// A criterion that can select nothing is a usage error, as `check -A ZZZ999` is: a code that
/// does not exist, and a range whose lower end is above its upper end. A code's name is a code.
#[test]
fn an_unknown_code_and_an_empty_range_are_usage_errors() {
    let (_t, path, _) = tree();
    for (args, said) in [
        (
            ["--with-code", "ZZZ999"],
            "`ZZZ999` is neither a diagnostic code",
        ),
        (["--plies", "80..40"], "`80..40` is an empty range"),
        (["--date", "1999..1990"], "`1999..1990` is an empty range"),
        (["--date", "2004.06..2004.05"], "is an empty range"),
    ] {
        let out = pdn()
            .args(["filter", "--no-config"])
            .args(args)
            .arg(&path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert_eq!(selected(&["--with-code", "missed-capture"]), [3]);
    assert_eq!(selected(&["--date", "1999..1999"]), [1]);
    assert_eq!(selected(&["--plies", "4..4"]), [0, 1]);
}

/// Many small games, more than a pipe holds.
fn many_games() -> (TempTree, PathBuf) {
    let t = TempTree::new(
        &format!("filter-many-{:?}", std::thread::current().id()).replace(['(', ')'], ""),
    );
    let path = t.0.join("many.pdn");
    let status = pdn()
        .args(["gen", "--variant", "international", "-n", "3000", "-o"])
        .arg(&path)
        .status()
        .unwrap();
    assert!(status.success());
    (t, path)
}

/// After the reader closes the pipe (`pdn filter big.pdn | head -1`), the count line says how
/// many games reached the pipe, not "0 of 0 game(s) selected", and the run ends quietly with
/// the status it earned; with `--list`, how many were listed.
#[test]
fn after_a_closed_pipe_the_count_says_how_many_games_were_written() {
    let (_t, path) = many_games();
    for (list, what) in [(false, "written"), (true, "listed")] {
        let mut c = pdn();
        c.args(["filter", "--no-config"]);
        if list {
            c.arg("--list");
        }
        let mut child = c
            .arg(&path)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 16];
        std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
        drop(stdout);
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        let line = stderr.trim_end();
        let n: u64 = line
            .strip_prefix("pdn filter: ")
            .and_then(|l| l.strip_suffix(&format!(" game(s) {what} before the output closed")))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{stderr}"));
        assert!((1..3000).contains(&n), "{stderr}");
    }
}

/// On a full device, standard output or `-o`, the count says that no game was written and
/// the run fails with the error.
#[test]
fn on_a_full_device_the_count_says_nothing_was_written_and_the_run_fails() {
    let (_t, path) = many_games();
    for to_file in [false, true] {
        let mut c = pdn();
        c.args(["filter", "--no-config"]).arg(&path);
        if to_file {
            c.args(["-o", "/dev/full"]);
        } else {
            c.stdout(std::fs::File::create("/dev/full").unwrap());
        }
        let out = c.output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("pdn filter: 0 game(s) written before the output failed"),
            "{stderr}"
        );
        assert!(stderr.contains("No space left on device"), "{stderr}");
        assert!(!stderr.contains("selected"), "{stderr}");
    }
}

/// A file whose name is not UTF-8 is shown with a replacement character, and its games are
/// copied from the file found by its path, not by the name shown.
#[cfg(unix)]
#[test]
fn games_are_copied_from_a_file_whose_name_is_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let t = TempTree::new("filter-non-utf8-name");
    let game = "[GameType \"20\"]\n1. 32-28 19-23 *\n";
    fs::write(t.0.join(std::ffi::OsStr::from_bytes(b"g\xff.pdn")), game).unwrap();
    let out = pdn()
        .args(["filter", "--no-config"])
        .arg(&t.0)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("1. 32-28 19-23 *"),
        "{stderr}"
    );
}
