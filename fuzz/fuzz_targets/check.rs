//! The whole check pipeline, with its options taken from the first byte: the variant (none,
//! or one of those replayed), the rule profile, strictness, a forced encoding and whether to
//! replay at all; every diagnostic is rendered in every output form. By the input's length,
//! the streaming check (what the commands use) runs too, with the reader's smallest window
//! and with trees kept or not: it must find what the tree path finds (with trees kept, but
//! for F009 on a game too large to hold).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdnkit::check::{CheckOptions, Retain, check_stream};
use pdnkit::replay::{ForcedVariant, RuleProfile};
use pdnkit::rules::Variant;
use pdnkit::write::render::{SourceView, render_human, render_json, render_short};

fuzz_target!(|data: &[u8]| {
    let Some((&first, text)) = data.split_first() else {
        return;
    };
    let mut options = CheckOptions::default();
    let v = usize::from(first & 0x0f);
    options.replay.variant = Variant::ALL.get(v).map(|&v| ForcedVariant::Replay(v));
    options.replay.rules = match (first >> 4) & 3 {
        0 => RuleProfile::Modern,
        1 => RuleProfile::Huffing,
        2 => RuleProfile::Polish1902,
        _ => RuleProfile::Modern,
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
    let mut games = findings(text, &streaming);
    for g in &mut games {
        g.retain(|d| !d.contains("[F009]"));
    }
    assert_eq!(tree, games);
});

/// Each chunk's findings (code, place, message), every one rendered in every form.
fn findings(text: &[u8], options: &CheckOptions) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let _ = check_stream(text, options, |g| {
        let view = SourceView::of_chunk("f.pdn", &g.chunk);
        let mut found = Vec::new();
        for d in &g.diagnostics {
            let _ = render_human(&view, d, false);
            found.push(render_short(&view, d));
            let _ = render_json(&view, g.chunk.index, d);
        }
        games.push(found);
    });
    games
}
