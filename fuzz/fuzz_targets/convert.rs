//! Convert there and back: any input converted to numeric squares equals the same input
//! converted to algebraic and then to numeric, and canonical output holds as many games as
//! the input and is unchanged when written again.
//!
//! A GameType names one corner, that of its notation: a game numbered from another corner
//! than its variant's (`[GameType "27,W,12,12,N1,0"]`) keeps that numbering when converted to
//! numeric, but its algebraic text cannot say where the numbers started, so numbered again it
//! is numbered from the standard corner. For an input holding such a game the target checks
//! instead that the numeric conversion, taken to algebraic and back, gives what the input
//! taken to algebraic and back gives.
//!
//! A game that other variants replay alike gets a GameType only when it is written in another
//! notation than its own (and keeps it on the way back): the GameType tags the numeric
//! conversion lacks are left out of the text there and back before the two are compared, each
//! with the line break before it and, where the numeric text has none there, the one after it
//! (a tag added to a game that starts on the line after the result before it is written on a
//! line of its own after a blank line).
//!
//! Byte order marks at the start of the text converted are not compared: written as UTF-8, a
//! reader takes them for the file's own mark.
//!
//! Canonical output of an input read as text reads as text too (F002 judges text binary by its
//! share of control bytes, which leaving text out could raise).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::notation::{Layout, NotationKind};
use pdnkit::write::convert::{ConvertOptions, FileConversion};

/// The converted text, how many games the input held, whether one of them numbers its squares
/// from another corner than its variant's, and whether the input was judged binary.
fn convert(bytes: &[u8], convert: &ConvertOptions) -> (String, usize, bool, bool) {
    let mut options = CheckOptions::default();
    options.replay.record_moves = true;
    let mut out = String::new();
    let mut games = 0;
    let mut odd = false;
    let mut binary = false;
    let mut conversion = FileConversion::default();
    let read = check_stream(bytes, &options, |g| {
        binary |= g.diagnostics.iter().any(|d| d.code == "F002");
        games += usize::from(g.chunk.game.is_some());
        if let Some((v, l)) = g.report.as_ref().and_then(|r| r.variant.zip(r.layout)) {
            odd |= l.numeric_corner != Layout::standard(v).numeric_corner;
        }
        match conversion.convert(&g.chunk, g.report.as_ref(), &g.diagnostics, convert) {
            Ok(t) => out.push_str(&t),
            Err(why) => out.push_str(
                &conversion
                    .write_kept(&g.chunk, g.report.as_ref(), &why, convert)
                    .text,
            ),
        }
    });
    assert!(read.is_ok(), "reading from memory cannot fail");
    (out, games, odd, binary)
}

#[path = "../../tests/it/common/there_and_back.rs"]
mod there_and_back;
use there_and_back::without_added_gametypes;

fuzz_target!(|data: &[u8]| {
    let to = |notation| ConvertOptions {
        notation: Some(notation),
        ..ConvertOptions::default()
    };
    let (numeric, _, odd, _) = convert(data, &to(NotationKind::Numeric));
    let (algebraic, _, _, _) = convert(data, &to(NotationKind::Algebraic));
    let (back, _, _, _) = convert(algebraic.as_bytes(), &to(NotationKind::Numeric));
    // Byte order marks that open a text (a file in UTF-16 whose text starts with U+FEFF) are
    // read, once it is written as UTF-8, as the file's own mark: not compared.
    let numeric = numeric.trim_start_matches('\u{feff}').to_string();
    let back = back.trim_start_matches('\u{feff}').to_string();
    if odd {
        let (there, _, _, _) = convert(numeric.as_bytes(), &to(NotationKind::Algebraic));
        let (again, _, _, _) = convert(there.as_bytes(), &to(NotationKind::Numeric));
        assert_eq!(
            again, back,
            "there and back differs (squares numbered from another corner)"
        );
    } else {
        assert_eq!(
            without_added_gametypes(&back, &numeric),
            numeric,
            "there and back differs"
        );
    }
    let canonical = ConvertOptions {
        canonical: true,
        ..ConvertOptions::default()
    };
    let (once, games, _, binary) = convert(data, &canonical);
    let (twice, again, _, binary_again) = convert(once.as_bytes(), &canonical);
    assert!(
        binary || !binary_again,
        "canonical output of text reads as binary:\n{once}"
    );
    assert_eq!(
        again, games,
        "canonical output holds another number of games:\n{once}"
    );
    assert_eq!(twice, once, "canonical output changes when written again");
});
