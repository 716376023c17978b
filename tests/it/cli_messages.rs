//! Messages that say what to do: the encoding to try, a cut token marked as cut, a move number
//! too large said to be so.

use assert_cmd::Command;
use serde_json::Value;

fn json_of(args: &[&str], stdin: &[u8]) -> Vec<Value> {
    let out = Command::cargo_bin("pdn")
        .unwrap()
        .args(["check", "--format", "json", "--no-config"])
        .args(args)
        .arg("-")
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &Value| v["type"] == "diagnostic")
        .collect()
}

fn notes(d: &Value) -> String {
    d["notes"].to_string()
}

#[test]
fn invalid_bytes_name_the_encoding_to_try() {
    // Latin-1 `é` read as UTF-8.
    let ds = json_of(
        &["--encoding", "utf-8"],
        b"[Event \"Caf\xe9\"]\n[GameType \"20\"]\n1. 32-28 *\n",
    );
    let f004 = ds.iter().find(|d| d["code"] == "F004").expect("F004");
    assert!(notes(f004).contains("--encoding cp1252"), "{f004}");
}

#[test]
fn a_binary_file_names_the_utf16_encodings() {
    let ds = json_of(&[], b"\x00\x01\x02\x03binary\x00\x00\x00");
    let f002 = ds.iter().find(|d| d["code"] == "F002").expect("F002");
    assert!(notes(f002).contains("--encoding utf-16le"), "{f002}");
}

#[test]
fn a_long_token_is_quoted_cut_with_an_ellipsis() {
    let ds = json_of(
        &[],
        b"[GameType \"20\"]\n1. 32-28 Whiteoversteppedthetimelimit *\n",
    );
    let s105 = ds.iter().find(|d| d["code"] == "S105").expect("S105");
    assert_eq!(s105["message"], "`Whiteoversteppedthetimelimit` is not PDN");
    let long = format!(
        "[GameType \"20\"]\n1. 32-28 {} *\n",
        "Whiteoverstepped".repeat(5)
    );
    let ds = json_of(&[], long.as_bytes());
    let s105 = ds.iter().find(|d| d["code"] == "S105").expect("S105");
    assert_eq!(
        s105["message"],
        "`WhiteoversteppedWhiteoversteppedWhiteove… (80 bytes)` is not PDN"
    );
    let ds = json_of(&[], b"[GameType \"20\"]\n1. 32-28 Short!! *\n");
    if let Some(d) = ds.iter().find(|d| d["code"] == "S105") {
        assert!(!d["message"].as_str().unwrap().contains('…'), "{d}");
    }
}

#[test]
fn a_move_number_too_large_says_so() {
    let ds = json_of(&[], b"[GameType \"20\"]\n99999999999. 32-28 *\n");
    let r320 = ds.iter().find(|d| d["code"] == "R320").expect("R320");
    let message = r320["message"].as_str().unwrap();
    assert!(message.starts_with("move number is too large"), "{message}");
    assert!(!message.contains("4294967295"), "{message}");
}
