//! Every diagnostic code's example in the registry (and so in docs/lints.md) produces that code.

use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::lint::codes;
use pdnkit::replay::RuleProfile;

fn codes_of(text: &str, rules: RuleProfile, max_depth: Option<usize>) -> Vec<&'static str> {
    let mut options = CheckOptions::default();
    options.replay.rules = rules;
    if let Some(d) = max_depth {
        options.read.max_depth = d;
    }
    let mut found = Vec::new();
    check_stream(text.as_bytes(), &options, |g| {
        found.extend(g.diagnostics.iter().map(|d| d.code));
    })
    .expect("reading from memory cannot fail");
    found
}

#[test]
fn every_example_produces_its_code() {
    let mut failures = Vec::new();
    for c in codes::all() {
        if c.example.is_empty() {
            continue;
        }
        let rules = if c.code.starts_with('H') && c.code != "H404" {
            RuleProfile::Huffing
        } else {
            RuleProfile::Modern
        };
        // The nesting limit is 256; its example says it is read with a limit of 4.
        let depth = (c.code == "S109").then_some(4);
        let found = codes_of(c.example, rules, depth);
        if !found.contains(&c.code) {
            failures.push(format!(
                "{}: example gives {:?}\n{}",
                c.code, found, c.example
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
}

#[test]
fn codes_without_an_example_are_the_ones_no_pdn_text_shows() {
    let without: Vec<&str> = codes::all()
        .iter()
        .filter(|c| c.example.is_empty())
        .map(|c| c.code)
        .collect();
    // I/O, binary and encoding findings need bytes or a missing file, and an internal error
    // needs a bug, the cap on a game's diagnostics needs over a thousand of them (F007) and the
    // capture search limit a position built for it under the 1902 rules (F008; both tested in
    // cli_hostile.rs), and a game too long to hold a game of over 16,384 movetext elements
    // read by a command that keeps trees (F009, tested in check_keep.rs), and a variation too
    // long to hold one of over 65,536 (F010, tested in check_big_game.rs), and more than
    // 16,384 elements before a game's first move (F011, tested in check_big_game.rs), and a
    // token of over a megabyte (S113, tested in syntax_recovery.rs): each but F006 has its
    // own test.
    for c in &without {
        assert!(
            [
                "F001", "F002", "F003", "F004", "F006", "F007", "F008", "F009", "F010", "F011",
                "S113",
            ]
            .contains(c),
            "{c} has no example"
        );
    }
}
