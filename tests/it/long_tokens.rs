//! A token, tag value or setup of any length is quoted in a message by a short excerpt and its
//! length, never whole: every message stays small, in every output format, however long the
//! token it is about.

use std::path::PathBuf;

use assert_cmd::Command;

/// Bytes of each long token: far more than any message may hold.
const LONG: usize = 1 << 21;

/// The longest message a finding about a long token may have: its own words and two quoted
/// excerpts.
const MESSAGE_MAX: usize = 400;

/// Runs `pdn check` with `args` over `text`, written to a file of the test's own.
fn check(name: &str, text: &str, args: &[&str]) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("long-token-{name}.pdn"));
    std::fs::write(&path, text).expect("the test directory is writable");
    let out = Command::cargo_bin("pdn")
        .expect("the pdn binary is built for tests")
        .args(["check", "--no-config"])
        .args(args)
        .arg(&path)
        .output()
        .expect("pdn runs");
    let status = out.status.code().expect("pdn exits, it is not killed");
    assert!((0..=1).contains(&status), "{name}: exit {status}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Checks `text` in JSON and in the human form: the finding `code` is made, with a message
/// that quotes `quoted` (the start of the long token) cut with the token's length, and no
/// message, move or output is long.
fn assert_bounded(name: &str, text: &str, code: &str, quoted: &str) {
    let json = check(name, text, &["--format", "json"]);
    let mut found = false;
    for line in json.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("each line is JSON");
        if v["type"] != "diagnostic" {
            continue;
        }
        let message = v["message"].as_str().expect("a diagnostic has a message");
        assert!(
            message.len() <= MESSAGE_MAX,
            "{name}: a message of {} bytes: {}…",
            message.len(),
            &message[..200]
        );
        if let Some(mv) = v["move"].as_str() {
            assert!(
                mv.len() <= MESSAGE_MAX,
                "{name}: a move of {} bytes",
                mv.len()
            );
        }
        if v["code"] == code {
            found = true;
            assert!(message.contains(quoted), "{name}: {message}");
            assert!(message.contains(" bytes)"), "{name}: {message}");
        }
    }
    assert!(found, "{name}: no {code} in\n{json}");
    let human = check(name, text, &[]);
    assert!(
        human.len() < 20_000,
        "{name}: {} bytes of output",
        human.len()
    );
    assert!(human.contains(&format!("[{code}]")), "{name}: {human}");
}

#[test]
fn a_run_of_digits_is_quoted_by_its_start() {
    let text = format!("[GameType \"20\"]\n\n1. {} *\n", "1".repeat(LONG));
    assert_bounded("digits", &text, "S108", &format!("`{}…", "1".repeat(40)));
}

#[test]
fn a_long_gametype_is_quoted_by_its_start() {
    let text = format!("[GameType \"2{}\"]\n\n1. 32-28 *\n", "0".repeat(LONG));
    assert_bounded("gametype", &text, "G508", "GameType \"2000");
    let text = format!("[GameType \"20,{}\"]\n\n1. 32-28 *\n", "W".repeat(LONG));
    assert_bounded("gametype-field", &text, "G508", "field 2 `WWWW");
}

#[test]
fn a_long_fen_and_setup_are_quoted_by_their_start() {
    let text = format!(
        "[GameType \"20\"]\n[FEN \"W:W31,{}:B1\"]\n\n1. 32-28 *\n",
        "Q".repeat(LONG)
    );
    assert_bounded("fen", &text, "G504", "`QQQQ");
    let text = format!("[GameType \"20\"]\n\n1. 32-28 /{}/ *\n", "Q".repeat(LONG));
    assert_bounded("setup", &text, "G505", "`/QQQQ");
}

#[test]
fn long_numbers_give_their_length_only() {
    // The number of digits is the length: S112 quotes none of them.
    for (name, text) in [
        ("nag", format!("1. 32-28 ${} *\n", "9".repeat(LONG))),
        (
            "move-number",
            format!("1. 32-28 {}. 19-23 *\n", "7".repeat(LONG)),
        ),
        ("square", format!("1. 32-{} *\n", "7".repeat(LONG))),
    ] {
        let json = check(name, &text, &["--format", "json"]);
        assert!(
            json.contains(&format!("has {LONG} digits")),
            "{name}: {json}"
        );
        assert!(json.len() < 20_000, "{name}: {} bytes", json.len());
        assert!(check(name, &text, &[]).len() < 20_000, "{name}");
    }
}

#[test]
fn a_long_tag_name_is_quoted_by_its_start() {
    let text = format!("[event{} \"x\"]\n\n1. 32-28 *\n", "e".repeat(LONG));
    assert_bounded("tag-name", &text, "N202", "`eventeee");
}

#[test]
fn a_long_unreadable_token_is_quoted_by_its_start() {
    let text = format!("1. 32-28 {} *\n", "@".repeat(LONG));
    assert_bounded("junk", &text, "S105", "`@@@@");
}

#[test]
fn a_long_score_is_quoted_by_its_start() {
    let score = format!("{}-0", "1".repeat(LONG));
    let text = format!("[Result \"{score}\"]\n\n1. 32-28 {score}\n");
    assert_bounded("score", &text, "N208", "`1111");
}

#[test]
fn a_long_result_tag_is_quoted_by_its_start() {
    let text = format!(
        "[GameType \"20\"]\n[Result \"1{}-0\"]\n\n1. 32-28 0-2\n",
        " ".repeat(LONG)
    );
    assert_bounded("result-tag", &text, "G502", "Result tag says 1     ");
}

#[test]
fn a_long_capture_is_quoted_by_its_start() {
    let path = ["28", "23"].repeat(LONG / 6).join("x");
    let text = format!("[GameType \"20\"]\n\n1. 32x{path} *\n");
    assert_bounded("capture", &text, "R308", "32x28x23x28");
    let upper = ["C3", "E5"].repeat(LONG / 6).join("x");
    let text = format!("1. {upper} *\n");
    assert_bounded("upper-case", &text, "N219", "`C3xE5xC3");
}
