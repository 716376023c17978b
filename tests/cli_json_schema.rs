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
