//! Convert there and back: any input converted to numeric squares equals the same input
//! converted to algebraic and then to numeric, and canonical output holds as many games as
//! the input and is unchanged when written again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::notation::NotationKind;
use pdnkit::write::convert::{ConvertOptions, convert_checked, unconverted_text};

/// The converted text, and how many games the input held.
fn convert(bytes: &[u8], convert: &ConvertOptions) -> (String, usize) {
    let mut options = CheckOptions::default();
    options.replay.record_moves = true;
    let mut out = String::new();
    let mut games = 0;
    let read = check_stream(bytes, &options, |g| {
        games += usize::from(g.chunk.game.is_some());
        match convert_checked(&g.chunk, g.report.as_ref(), &g.diagnostics, convert) {
            Ok(t) => out.push_str(&t),
            Err(_) => out.push_str(&unconverted_text(&g.chunk.text, convert)),
        }
    });
    assert!(read.is_ok(), "reading from memory cannot fail");
    (out, games)
}

fuzz_target!(|data: &[u8]| {
    let to = |notation| ConvertOptions {
        notation: Some(notation),
        ..ConvertOptions::default()
    };
    let (numeric, _) = convert(data, &to(NotationKind::Numeric));
    let (algebraic, _) = convert(data, &to(NotationKind::Algebraic));
    let (back, _) = convert(algebraic.as_bytes(), &to(NotationKind::Numeric));
    assert_eq!(back, numeric, "there and back differs");
    let canonical = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    let (once, games) = convert(data, &canonical);
    let (twice, again) = convert(once.as_bytes(), &canonical);
    assert_eq!(again, games, "canonical output holds another number of games:\n{once}");
    assert_eq!(twice, once, "canonical output changes when written again");
});
