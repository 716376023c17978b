//! The `pdn` command line: exit codes, formats, and the commands around the rules engine.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn pdn() -> Command {
    Command::cargo_bin("pdn").expect("the pdn binary is built for tests")
}

const FIX: &str = "tests/fixtures/cli";

/// Runs `pdn ARGS`, checks the exit status, and returns standard output.
fn stdout_of(args: &[&str], code: i32) -> String {
    let out = pdn()
        .args(args)
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).expect("pdn writes UTF-8")
}

#[test]
fn clean_file_exits_zero_with_a_table() {
    pdn()
        .args(["check", &format!("{FIX}/clean.pdn")])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "1 file(s), 1 game(s): 0 error(s), 0 warning(s)",
        ));
}

#[test]
fn errors_exit_one_and_every_game_is_checked() {
    let out = stdout_of(
        &["check", "--format", "short", &format!("{FIX}/errors.pdn")],
        1,
    );
    // The first game's error does not hide the second game's.
    assert!(
        out.contains("errors.pdn:3:28: error[R303]: 13-18: 18 is occupied"),
        "{out}"
    );
    assert!(out.contains("errors.pdn:7:19: error[R305]"), "{out}");
}

#[test]
fn warnings_pass_unless_denied() {
    let f = format!("{FIX}/warnings.pdn");
    pdn().args(["check", &f]).assert().code(0);
    pdn()
        .args(["check", "--deny", "warnings", &f])
        .assert()
        .code(1);
}

#[test]
fn a_missing_file_exits_two_and_the_batch_goes_on() {
    pdn()
        .args([
            "check",
            "--format",
            "short",
            "no/such/file.pdn",
            &format!("{FIX}/clean.pdn"),
        ])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("no/such/file.pdn: error[F001]"))
        .stdout(predicate::str::contains("2 file(s), 1 game(s)"));
}

#[test]
fn json_lines_carry_the_documented_fields() {
    let out = stdout_of(
        &["check", "--format", "json", &format!("{FIX}/errors.pdn")],
        1,
    );
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    let diag = lines
        .iter()
        .find(|l| l["code"] == "R305")
        .expect("the missed capture is reported");
    for key in [
        "file", "game", "line", "column", "severity", "code", "kind", "message",
    ] {
        assert!(diag.get(key).is_some(), "missing {key}: {diag}");
    }
    assert_eq!(diag["type"], "diagnostic");
    assert_eq!(diag["game"], 2);
    assert_eq!(diag["kind"], "missed-capture");
    assert_eq!(diag["ply"], 3);
    assert_eq!(diag["move_number"], 2);
    assert_eq!(diag["side"], "black");
    assert_eq!(diag["move"], "12-16");
    assert_eq!(diag["variation_depth"], 0);
    assert_eq!(diag["expected"], serde_json::json!(["15x22"]));
    let summary = lines.last().unwrap();
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["files"], 1);
    assert_eq!(summary["games"], 2);
    assert_eq!(summary["errors"], 2);
}

#[test]
fn human_output_quotes_the_line_and_draws_the_board() {
    pdn()
        .args(["check", "--color", "never", &format!("{FIX}/errors.pdn")])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "error[R303]: 13-18: 18 is occupied",
        ))
        .stdout(predicate::str::contains(
            "1. 32-28 19-23 2. 28x19 13-18 3. 19x10 *",
        ))
        .stdout(predicate::str::contains("black to move"))
        // International is numeric: each row of the diagram ends with its square numbers.
        .stdout(predicate::str::contains("  1-5\n"))
        .stdout(predicate::str::contains("  46-50\n"));
}

#[test]
fn an_english_game_in_algebraic_squares_is_answered_in_algebraic_squares() {
    // GameType 21 is numeric, but the moves are written c3-d4: the message and the diagram
    // speak the game's notation, and the man moved to d4 stands on d4.
    let out = pdn()
        .args(["check", "--color", "never", "--no-config", "-"])
        .write_stdin("[GameType \"21\"]\n1. c3-d4 b6-c5 2. a3-b4 *\n")
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("error[R305]: a3-b4 takes nothing, but black had to capture (d4xb6)"),
        "{out}"
    );
    let rank4 = out
        .lines()
        .find(|l| l.trim_start().starts_with("4 "))
        .unwrap();
    // Files a..h at columns 0, 2, 4, ... after the label: d is the fourth.
    let cells: Vec<char> = rank4.trim_start()[2..].chars().step_by(2).collect();
    assert_eq!(cells.get(3), Some(&'b'), "{out}");
    assert!(out.contains("a b c d e f g h"), "{out}");
}

#[test]
fn windows_1252_files_are_decoded_and_said_so() {
    pdn()
        .args(["check", "--format", "json", &format!("{FIX}/latin1.pdn")])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(r#""code":"F003""#))
        .stdout(predicate::str::contains("windows-1252"));
}

#[test]
fn standard_input_is_read_with_a_dash() {
    pdn()
        .args(["check", "--format", "short", "-"])
        .write_stdin("[GameType \"20\"]\n1. 32-28 32-27 *\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "-:2:10: error[R301]: 32-27: there is no piece on 32",
        ));
}

#[test]
fn huffing_rules_turn_a_missed_capture_into_a_warning() {
    let f = format!("{FIX}/errors.pdn");
    pdn()
        .args(["check", "--format", "short", "--rules", "huffing", &f])
        .assert()
        .stdout(predicate::str::contains("warning[H401]"))
        .stdout(predicate::str::contains("R305").not());
}

#[test]
fn directories_are_walked_in_name_order() {
    let out = stdout_of(&["check", "--quiet", FIX], 1);
    let order: Vec<usize> = ["clean.pdn", "errors.pdn", "latin1.pdn", "warnings.pdn"]
        .iter()
        .map(|f| out.find(f).unwrap_or_else(|| panic!("{f} missing: {out}")))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{out}");
}

#[test]
fn explain_prints_a_code_and_refuses_an_unknown_one() {
    pdn()
        .args(["explain", "R305"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("missed-capture"));
    pdn().args(["explain", "Z999"]).assert().code(2);
}

#[test]
fn perft_json_has_the_documented_shape() {
    let out = stdout_of(
        &[
            "perft",
            "--variant",
            "english",
            "--depth",
            "5",
            "--format",
            "json",
        ],
        0,
    );
    let j: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["variant"], "english");
    assert_eq!(j["depth"], 5);
    assert_eq!(j["nodes"], 7361);
    assert!(j["seconds"].is_number());
}

#[test]
fn perft_by_gametype_number_and_divide() {
    pdn()
        .args(["perft", "--variant", "20", "--depth", "2", "--divide"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("32-28: 9"))
        .stdout(predicate::str::contains("perft(2) = 81"));
}

#[test]
fn moves_and_perft_list_nothing_once_a_breakthrough_king_is_made() {
    // White has crowned on 3: in Breakthrough the game is over, as the replay and the
    // library's `Position` say; the same board in International goes on.
    let fen = "B:WK3,40:B20,21";
    let over = stdout_of(&["moves", "--variant", "breakthrough", "--fen", fen], 0);
    assert_eq!(
        over,
        "no legal move: white has a king, which wins Breakthrough (lidraughts): black has lost\n"
    );
    // Antidraughts: the side without a move has won.
    let anti = stdout_of(
        &["moves", "--variant", "antidraughts", "--fen", "W:W:B1"],
        0,
    );
    assert_eq!(
        anti,
        "no legal move: white has no pieces left, which wins Antidraughts (lidraughts): black has lost\n"
    );
    let perft = stdout_of(
        &[
            "perft",
            "--variant",
            "breakthrough",
            "--fen",
            fen,
            "--depth",
            "2",
            "--format",
            "json",
        ],
        0,
    );
    let j: Value = serde_json::from_str(&perft).unwrap();
    assert_eq!(j["nodes"], 0);
    let on = stdout_of(&["moves", "--variant", "international", "--fen", fen], 0);
    assert_eq!(on.lines().count(), 4, "{on}");
}

#[test]
fn moves_json_uses_numbers_for_numeric_and_names_for_algebraic_variants() {
    let out = stdout_of(
        &[
            "moves",
            "--variant",
            "international",
            "--fen",
            "W:W32:B27,28,18",
            "--format",
            "json",
        ],
        0,
    );
    let j: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        j["moves"][0],
        serde_json::json!({"from": 32, "to": 12, "path": [32, 23, 12], "captured": [28, 18], "notation": "32x12"})
    );
    let out = stdout_of(
        &[
            "moves",
            "--variant",
            "russian",
            "--fen",
            "W:Wa1,c3:Bb4,d6,f6",
            "--format",
            "json",
        ],
        0,
    );
    let j: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["moves"][0]["from"], "c3");
    assert_eq!(j["moves"][0]["notation"], "c3:a5");
}

#[test]
fn board_draws_a_fen_and_rejects_a_bad_one() {
    pdn()
        .args(["board", "--variant", "english", "--fen", "B:W18:BK14"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("black to move"));
    pdn()
        .args(["board", "--variant", "english", "--fen", "B:W33:B14"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "square 33 is not a playing square",
        ));
}

#[test]
fn parse_prints_one_json_tree_per_game() {
    let out = stdout_of(&["parse", &format!("{FIX}/errors.pdn")], 0);
    let games: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1]["game"], 2);
    assert_eq!(
        games[1]["tree"]["tags"][0]["value"],
        "second game still checked"
    );
}

#[test]
fn moves_for_a_position_from_the_corpus() {
    // The problem in corpus/orac-draughts/oldbury1.pdn, written with zero-padded squares, a
    // space and a trailing dot as in the file. White to play; the record's first move is 27-24.
    // White's men on 6, 10, 14, 15, 18, 19, 22, 23, 27 (moving up towards 1-4); Black's pieces
    // stand next to several of them but no black piece has an empty square behind it on White's
    // side, so there is no capture and every step forward to an empty square is legal.
    let out = stdout_of(
        &[
            "moves",
            "--variant",
            "english",
            "--fen",
            "W:W06,10,14,15,18,19,22,23,27:B01,03,07,12,K13,20,K25,26. ",
        ],
        0,
    );
    let moves: Vec<String> = out.lines().map(str::to_string).collect();
    assert!(moves.contains(&"27-24".to_string()), "{moves:?}");
    assert!(moves.iter().all(|m| m.contains('-')), "{moves:?}");
    assert!(
        !moves.contains(&"6-1".to_string()),
        "1 holds a black man: {moves:?}"
    );
}

#[test]
fn a_directory_without_pdn_files_is_a_failure_and_other_files_are_counted() {
    let empty = std::env::temp_dir().join(format!("pdnkit-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    pdn()
        .arg("check")
        .arg(&empty)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no PDN file found"));
    let _ = std::fs::remove_dir(&empty);
    // corpus/ holds SOURCES.md besides the game files: it is counted, not read.
    pdn()
        .args([
            "check",
            "--quiet",
            "corpus/raven-checkers",
            "corpus/SOURCES.md",
        ])
        .assert()
        .stdout(predicate::str::contains("corpus/SOURCES.md"));
    let out = stdout_of(&["check", "--format", "json", "--quiet", "corpus"], 1);
    let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["skipped"], 1, "{last}");
}

#[test]
fn italian_and_czech_by_name_in_the_rules_commands_and_check() {
    let out = stdout_of(&["perft", "--variant", "italian", "--depth", "6"], 0);
    assert!(out.contains("perft(6) = 36473"), "{out}");
    let out = stdout_of(&["perft", "--variant", "29", "--depth", "6"], 0);
    assert!(out.contains("perft(6) = 36768"), "{out}");
    // The turned Italian board: square 1 at the top left (a8), the dark corner 32 at h1.
    let out = stdout_of(&["board", "--variant", "italian"], 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("b   b") && lines[0].ends_with("1-4"),
        "{out}"
    );
    assert!(
        lines[7].starts_with("  w   w") && lines[7].ends_with("29-32"),
        "{out}"
    );
    // A Czech king must capture: the man's capture a3xc5 is not listed.
    let out = stdout_of(
        &["moves", "--variant", "czech", "--fen", "W:Wa3,Kh4:Bb4,g5"],
        0,
    );
    assert_eq!(out.lines().collect::<Vec<_>>(), ["h4xd8", "h4xe7", "h4xf6"]);
    // `--variant` makes a game without GameType Italian.
    let game = "1. 21-17 12-15 2. 23-19 11-14 3. 19x12 8x15 *\n";
    pdn()
        .args(["check", "--variant", "italian", "-"])
        .write_stdin(game)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("0 error(s), 0 warning(s)"));
}

#[test]
fn gen_writes_the_same_games_to_a_file_as_to_standard_output_and_they_check_clean() {
    let args = ["gen", "--variant", "czech", "-n", "12", "--seed", "9"];
    let printed = stdout_of(&args, 0);
    assert_eq!(printed.matches("[Event ").count(), 12, "{printed}");
    let dir = std::env::temp_dir().join(format!("pdnkit-gen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("czech.pdn");
    let mut with_file = args.to_vec();
    with_file.extend(["-o", file.to_str().unwrap()]);
    stdout_of(&with_file, 0);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), printed);
    // Only the file is left in the directory: the temporary one was renamed into place.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    let table = stdout_of(&["check", "--no-config", file.to_str().unwrap()], 0);
    assert!(
        table.contains("12 game(s): 0 error(s), 0 warning(s)"),
        "{table}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--format short --color always` colours each diagnostic's severity and code as the human
/// format colours its title (and the lines that close a file); `--color never` writes none.
#[test]
fn short_format_in_colour_styles_severity_and_code_as_the_human_format_does() {
    let errors = format!("{FIX}/errors.pdn");
    let short = stdout_of(
        &[
            "check",
            "--no-config",
            "--format",
            "short",
            "--color",
            "always",
            &errors,
        ],
        1,
    );
    let human = stdout_of(&["check", "--no-config", "--color", "always", &errors], 1);
    let red = "\x1b[1m\x1b[91merror[R303]\x1b[0m";
    assert!(human.contains(red), "{human:?}");
    assert!(
        short.contains(&format!("errors.pdn:3:28: {red}")),
        "{short:?}"
    );
    let plain = stdout_of(
        &[
            "check",
            "--no-config",
            "--format",
            "short",
            "--color",
            "never",
            &errors,
        ],
        1,
    );
    assert!(!plain.contains('\x1b'), "{plain:?}");
    assert!(plain.contains("errors.pdn:3:28: error[R303]: "), "{plain}");
}

/// Written to a file or a pipe, the summary table keeps every path whole (a terminal gets
/// them cut to fit, tests/it/cli_progress.rs).
#[test]
fn the_table_keeps_whole_paths_when_standard_output_is_not_a_terminal() {
    let dir = std::env::temp_dir().join(format!("pdnkit-table-{}", std::process::id()));
    let deep = dir.join("a-directory-with-a-rather-long-name/and-another-one-below-it");
    std::fs::create_dir_all(&deep).unwrap();
    let file = deep.join("a-file-with-a-long-name-too.pdn");
    std::fs::copy(format!("{FIX}/errors.pdn"), &file).unwrap();
    let name = file.display().to_string();
    assert!(name.chars().count() > 60);
    let out = stdout_of(&["check", "--no-config", "--quiet", &name], 1);
    assert!(
        out.lines().any(|l| l.starts_with(&format!("{name}  "))),
        "{out}"
    );
    assert!(!out.contains('…'), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--problems-only` lists in the table only the files with errors or warnings, and says how
/// many it left out; the totals count every file. JSON has no table: the flag is refused.
#[test]
fn problems_only_lists_the_files_with_errors_or_warnings() {
    let out = stdout_of(
        &["check", "--no-config", "--quiet", "--problems-only", FIX],
        1,
    );
    assert!(out.contains("errors.pdn"), "{out}");
    assert!(out.contains("warnings.pdn"), "{out}");
    assert!(!out.contains("clean.pdn"), "{out}");
    let all = stdout_of(&["check", "--no-config", "--quiet", FIX], 1);
    let totals = |t: &str| {
        t.lines()
            .find(|l| l.contains(" file(s), "))
            .map(str::to_string)
    };
    assert_eq!(totals(&out), totals(&all));
    assert!(
        out.contains("file(s) without errors or warnings not listed (--problems-only)"),
        "{out}"
    );
    pdn()
        .args(["check", "--format", "json", "--problems-only", FIX])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--problems-only"));
}

/// `--quiet` says in `--help` that it hides the progress bar too.
#[test]
fn quiet_says_it_hides_the_progress_bar() {
    let help = stdout_of(&["check", "--help"], 0);
    let quiet = help
        .split("--quiet")
        .nth(1)
        .and_then(|t| t.split("\n  -").next())
        .unwrap_or("");
    assert!(quiet.contains("progress bar"), "{help}");
}
