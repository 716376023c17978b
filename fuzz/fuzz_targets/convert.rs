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

/// `back` without the GameType tags (each with the line break before or after it, or both
/// where `numeric` has no line break there) that `numeric` lacks where `back` has them.
fn without_added_gametypes(back: &str, numeric: &str) -> String {
    let added = |s: &str, numeric: &str| -> Option<usize> {
        let (eol, tag) = if s.starts_with("\r\n[GameType \"") {
            (2, &s[2..])
        } else if s.starts_with("\n[GameType \"") {
            (1, &s[1..])
        } else if s.starts_with("[GameType \"") {
            (0, s)
        } else {
            return None;
        };
        let end = tag.find("\"]")? + 2;
        let rest = &tag[end..];
        let line_break = |t: &str| match t {
            _ if t.starts_with("\r\n") => 2,
            _ if t.starts_with('\n') => 1,
            _ => 0,
        };
        let after = match line_break(rest) {
            n if eol == 0 || line_break(numeric) == 0 => n,
            _ => 0,
        };
        Some(eol + end + after)
    };
    let mut out = String::with_capacity(back.len());
    let (mut i, mut j) = (0, 0);
    while let Some(c) = back[i..].chars().next() {
        // A tag `numeric` lacks here is left out before the characters are compared: its
        // first characters (`[`, a line break) may be the same as what `numeric` has there.
        let tag = added(&back[i..], &numeric[j..])
            .filter(|&n| !numeric[j..].starts_with(&back[i..i + n]));
        if let Some(n) = tag {
            i += n;
        } else if numeric[j..].starts_with(c) {
            out.push(c);
            i += c.len_utf8();
            j += c.len_utf8();
        } else {
            out.push_str(&back[i..]);
            break;
        }
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let to = |notation| ConvertOptions {
        notation: Some(notation),
        ..ConvertOptions::default()
    };
    let (numeric, _, odd, _) = convert(data, &to(NotationKind::Numeric));
    let (algebraic, _, _, _) = convert(data, &to(NotationKind::Algebraic));
    let (back, _, _, _) = convert(algebraic.as_bytes(), &to(NotationKind::Numeric));
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
