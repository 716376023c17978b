//! The whole check pipeline, with its options taken from the first byte: the variant (left to
//! the file, so inferred where no tag gives it, or one of those replayed), the rule profile,
//! strictness, a forced encoding and whether to replay at all. Every diagnostic is rendered in
//! the short form (which the two paths must agree on); the first of each game and its last
//! are rendered in the human and JSON forms too (rendering every one of a game's hundreds of
//! findings took most of a run's time, and the renderers do nothing per finding that the
//! first and last do not reach). By the input's length,
//! the check runs again keeping findings only, with the reader's smallest window, or keeping
//! trees and text with it: it must find what the check keeping trees finds (but for F009, where
//! a game too large to hold stops being held). Every input is also checked keeping findings only against the
//! tests' reference, a replay of each game's whole tree: the same findings.
#![no_main]

/// The reference the tests compare the check with: every game read whole, then replayed.
#[path = "../../tests/it/common/tree_check.rs"]
mod tree_check;

use libfuzzer_sys::fuzz_target;
use pdnkit::check::{CheckOptions, CheckedGame, Retain, check_stream};
use pdnkit::replay::{ForcedVariant, RuleProfile};
use pdnkit::rules::Variant;
use pdnkit::write::render::{SourceView, render_human, render_json, render_short};

fuzz_target!(|data: &[u8]| {
    let Some((&first, text)) = data.split_first() else {
        return;
    };
    let mut options = CheckOptions::default();
    let v = usize::from(first & 0x0f);
    // Bits 4-5: the rule profile, or (3) no variant forced, as `pdn check` runs by default.
    let forced = Variant::ALL.get(v).map(|&v| ForcedVariant::Replay(v));
    (options.replay.rules, options.replay.variant) = match (first >> 4) & 3 {
        0 => (RuleProfile::Modern, forced),
        1 => (RuleProfile::Huffing, forced),
        2 => (RuleProfile::Polish1902, forced),
        _ => (RuleProfile::Modern, None),
    };
    options.read.strict = first & 0x40 != 0;
    if first & 0x80 != 0 {
        options.encoding = Some(if v % 2 == 0 {
            encoding_rs::WINDOWS_1251
        } else {
            encoding_rs::UTF_16LE
        });
        options.syntax_only = v % 3 == 0;
    }
    // The check keeping findings only finds what a replay of each game's whole tree finds.
    let reference: Vec<Vec<String>> = tree_check::tree_check(text, &options)
        .0
        .iter()
        .map(short)
        .collect();
    let only = CheckOptions {
        retain: Retain::Findings,
        ..options.clone()
    };
    assert_eq!(reference, findings(text, &only));
    let tree = findings(text, &options);
    let streaming = match text.len() % 4 {
        0 => return,
        1 => CheckOptions {
            retain: Retain::Findings,
            ..options
        },
        2 => CheckOptions {
            retain: Retain::Findings,
            window: Some(1024),
            ..options
        },
        _ => CheckOptions {
            retain: Retain::TreesAndText,
            window: Some(1024),
            ..options
        },
    };
    // F009 says where a game stops being held, which the paths hold differently (a game
    // nested deeper than the reader holds is not held whole by either).
    let held = |mut games: Vec<Vec<String>>| {
        for g in &mut games {
            g.retain(|d| !d.contains("[F009]"));
        }
        games
    };
    assert_eq!(held(tree), held(findings(text, &streaming)));
});

/// A chunk's findings in the short form.
fn short(g: &CheckedGame) -> Vec<String> {
    let view = SourceView::of_chunk("f.pdn", &g.chunk);
    g.diagnostics.iter().map(|d| render_short(&view, d)).collect()
}

/// Each chunk's findings (code, place, message) in the short form; the first and the last
/// rendered in the human (in colour for every other game) and JSON forms too.
fn findings(text: &[u8], options: &CheckOptions) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let _ = check_stream(text, options, |g| {
        let view = SourceView::of_chunk("f.pdn", &g.chunk);
        let mut found = Vec::new();
        let last = g.diagnostics.len().saturating_sub(1);
        for (i, d) in g.diagnostics.iter().enumerate() {
            if i == 0 || i == last {
                let _ = render_human(&view, d, g.chunk.index.is_some_and(|n| n % 2 == 1));
                let _ = render_json(&view, g.chunk.index, d);
            }
            found.push(render_short(&view, d));
        }
        games.push(found);
    });
    games
}
