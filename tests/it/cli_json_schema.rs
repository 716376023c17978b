//! Every line of `pdn check --format json` over the whole corpus (and a missing file) matches the
//! fields documented in docs/json.md: no field undocumented, no required field missing, `type`
//! first.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use serde_json::Value;

/// Per record type: every documented field, and whether it is optional.
fn documented() -> BTreeMap<String, BTreeMap<String, bool>> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md"))
        .expect("docs/json.md");
    let mut types: BTreeMap<String, BTreeMap<String, bool>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in doc.lines() {
        if let Some(rest) = line.strip_prefix("## `\"type\": \"") {
            current = rest.split('"').next().map(str::to_string);
            continue;
        }
        if line.starts_with("## ") || line.starts_with("### ") {
            current = None;
            continue;
        }
        let Some(ty) = &current else { continue };
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 4 || !cells[1].starts_with('`') {
            continue;
        }
        let optional = cells[2].contains("optional");
        for name in cells[1].split('`').skip(1).step_by(2) {
            types
                .entry(ty.clone())
                .or_default()
                .insert(name.to_string(), optional);
        }
    }
    types
}

#[test]
fn every_json_line_of_the_corpus_has_the_documented_fields() {
    let docs = documented();
    assert_eq!(
        docs.keys().collect::<Vec<_>>(),
        ["diagnostic", "file", "summary"]
    );
    let out = Command::new(assert_cmd::cargo::cargo_bin("pdn"))
        .args([
            "check",
            "--format",
            "json",
            "--no-config",
            "corpus",
            "no/such/file.pdn",
        ])
        .output()
        .expect("pdn runs");
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut fields_seen: BTreeSet<(String, String)> = BTreeSet::new();
    for line in text.lines() {
        assert!(
            line.starts_with("{\"type\":\""),
            "type is not first: {line}"
        );
        let v: Value = serde_json::from_str(line).expect("every line is JSON");
        let obj = v.as_object().expect("an object");
        let ty = obj["type"].as_str().expect("a string type").to_string();
        let fields = docs
            .get(&ty)
            .unwrap_or_else(|| panic!("undocumented type {ty}: {line}"));
        for key in obj.keys() {
            assert!(
                fields.contains_key(key),
                "field `{key}` of {ty} is not in docs/json.md: {line}"
            );
            fields_seen.insert((ty.clone(), key.clone()));
        }
        for (name, optional) in fields {
            assert!(
                *optional || obj.contains_key(name),
                "required field `{name}` missing from {ty}: {line}"
            );
        }
        *seen.entry(ty).or_default() += 1;
    }
    assert_eq!(seen["summary"], 1);
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("{\"type\":\"summary\"")
    );
    // One file record per file: 47 corpus files read, SOURCES.md skipped, the missing file.
    assert_eq!(seen["file"], 49);
    assert!(seen["diagnostic"] > 900);
    // The documented optional fields do occur somewhere in the corpus output.
    for field in ["game", "labels", "notes", "ply", "expected", "reason"] {
        assert!(
            fields_seen.iter().any(|(_, k)| k == field),
            "`{field}` never printed"
        );
    }
}

#[test]
fn a_file_record_lists_each_variant_guess_with_its_evidence_and_games() {
    let out = Command::new(assert_cmd::cargo::cargo_bin("pdn"))
        .args([
            "check",
            "--format",
            "json",
            "--quiet",
            "--no-config",
            "corpus/wiegerw-pdn/campionato_assoluto_2005.pdn",
            "corpus/py-draughts/brazilian.pdn",
        ])
        .output()
        .expect("pdn runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let files: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .filter(|v| v["type"] == "file")
        .collect();
    assert_eq!(files.len(), 2, "{text}");
    // The Italian championship has no GameType: one guess for its 53 games, with its reasons.
    let italian = &files[0]["guesses"];
    assert_eq!(italian.as_array().map(Vec::len), Some(1), "{text}");
    assert_eq!(italian[0]["variant"], "italian");
    assert_eq!(italian[0]["games"], files[0]["guessed"]);
    assert_eq!(italian[0]["games"], 53);
    assert!(
        italian[0]["evidence"]
            .as_str()
            .unwrap_or("")
            .starts_with("squares within 1-32 fit 8x8, numeric notation, White first"),
        "{text}"
    );
    // The Brazilian file says its variant: nothing is guessed.
    assert_eq!(files[1]["guesses"], serde_json::json!([]));
}

/// Decodes base64 (standard alphabet, padded).
fn unbase64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {text}"),
    };
    let mut out = Vec::new();
    for group in text.as_bytes().chunks(4) {
        let digits: Vec<u8> = group
            .iter()
            .filter(|&&c| c != b'=')
            .map(|&c| value(c))
            .collect();
        let n = digits
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
        for k in 0..digits.len().saturating_sub(1) {
            out.push((n >> (16 - 8 * k)) as u8);
        }
    }
    out
}

/// A file name that is not UTF-8 comes back in JSON as its bytes (`file_bytes`, base64), from
/// which a tool can open the file; `file` shows it with U+FFFD. A UTF-8 name has `file` only.
#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_comes_back_as_its_bytes() {
    use std::os::unix::ffi::OsStrExt;
    let dir = std::env::temp_dir().join(format!("pdnkit-names-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.pdn");
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/cli/errors.pdn"
    ))
    .unwrap();
    std::fs::write(dir.join(name), &text).unwrap();
    std::fs::write(dir.join("sub").join(name), &text).unwrap();
    std::fs::write(dir.join("sub").join("plain.pdn"), &text).unwrap();
    let run = |args: &[&std::ffi::OsStr]| {
        let out = Command::new(assert_cmd::cargo::cargo_bin("pdn"))
            .current_dir(&dir)
            .args(args)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    let s = |t: &'static str| std::ffi::OsStr::new(t);
    let check = run(&[
        s("check"),
        s("--no-config"),
        s("--format"),
        s("json"),
        name,
        s("sub"),
    ]);
    let parse = run(&[s("parse"), name]);
    let export = run(&[s("convert"), s("--no-config"), s("--to"), s("jsonl"), name]);
    let mut named = 0;
    for line in check.lines().chain(parse.lines()).chain(export.lines()) {
        let j: Value = serde_json::from_str(line).unwrap();
        let Some(file) = j["file"].as_str() else {
            continue;
        };
        if file.contains("plain.pdn") {
            assert!(j.get("file_bytes").is_none(), "{line}");
            continue;
        }
        named += 1;
        assert!(file.contains('\u{FFFD}'), "{line}");
        let bytes = unbase64(j["file_bytes"].as_str().unwrap_or_else(|| panic!("{line}")));
        let path = std::path::Path::new(std::ffi::OsStr::from_bytes(&bytes));
        assert!(path.ends_with(name), "{line}");
        assert_eq!(std::fs::read(dir.join(path)).unwrap(), text, "{line}");
    }
    // Diagnostics and file records of both files, parse's game, the export's game.
    assert!(named >= 6, "{check}{parse}{export}");
    std::fs::remove_dir_all(&dir).unwrap();
}
