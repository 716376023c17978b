//! The counts of a report page and of `pdn check --format json` on the same input, for the
//! report's tests with and without a browser.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use regex::Regex;
use serde_json::Value;

/// The `pdn` binary.
pub fn pdn() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("pdn"))
}

/// Per file (games, errors, warnings), and the diagnostics listed by severity.
pub type Counts = (BTreeMap<String, (u64, u64, u64)>, BTreeMap<String, u64>);

pub fn check_counts(paths: &[&Path]) -> Counts {
    let out = pdn()
        .args(["check", "--format", "json", "--no-config"])
        .args(paths)
        .output()
        .unwrap();
    let mut files = BTreeMap::new();
    let mut listed = BTreeMap::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        match v["type"].as_str() {
            Some("file") if v["status"] != "skipped" => {
                let n = |k: &str| v[k].as_u64().unwrap();
                files.insert(
                    v["file"].as_str().unwrap().to_string(),
                    (n("games"), n("errors"), n("warnings")),
                );
            }
            Some("diagnostic") => {
                *listed
                    .entry(v["severity"].as_str().unwrap().to_string())
                    .or_default() += 1;
            }
            _ => {}
        }
    }
    (files, listed)
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The same counts read back from the page: the table's rows and the findings' elements.
pub fn page_counts(html: &str) -> Counts {
    let row = Regex::new(
        r#"<tr class="file[^"]*" data-games="(\d+)" data-errors="(\d+)" data-warnings="(\d+)"><td class="p">(?:<a href="[^"]*">)?([^<]*)"#,
    )
    .unwrap();
    let mut files = BTreeMap::new();
    for c in row.captures_iter(html) {
        let n = |i: usize| c[i].parse::<u64>().unwrap();
        files.insert(unescape(&c[4]), (n(1), n(2), n(3)));
    }
    let mut listed = BTreeMap::new();
    for sev in ["error", "warning"] {
        let n = html.matches(&format!("class=\"d {sev}\"")).count() as u64;
        if n > 0 {
            listed.insert(sev.to_string(), n);
        }
    }
    (files, listed)
}
