//! Square names drawn as strokes instead of text: the digits and the file letters `a` to `p`,
//! each a path on a grid 4 units wide and 6 high (the baseline at 6), stroked with round ends.
//! A picture made from these needs no font, so it looks the same wherever it is rendered (a
//! PNG made without any font installed keeps its numbers and coordinates).

use std::fmt::Write as _;

/// Width of a glyph's box, in glyph units.
pub const WIDTH: f64 = 4.0;
/// Height of a glyph's box, in glyph units.
pub const HEIGHT: f64 = 6.0;
/// Space between two glyphs, in glyph units.
pub const GAP: f64 = 1.3;
/// The stroke width glyphs are drawn with, in glyph units.
pub const STROKE: f64 = 0.8;

/// The strokes of `c`, or `None` for a character without a glyph.
fn strokes(c: char) -> Option<&'static str> {
    Some(match c {
        '0' => "M2 0A2 3 0 0 0 2 6A2 3 0 0 0 2 0Z",
        '1' => "M0.9 1.3L2.5 0V6M0.9 6H4",
        '2' => "M0.2 1.6A1.9 1.6 0 1 1 3.4 2.9L0.1 6H4",
        '3' => "M0.3 0.4H3.6L1.9 2.6A1.8 1.7 0 1 1 0.2 5.3",
        '4' => "M2.9 6V0L0 4.2H4",
        '5' => "M3.6 0H0.7L0.4 2.9A1.9 1.6 0 1 1 0.2 5.4",
        '6' => "M3.3 0.4A2.3 3 0 0 0 0.1 4.1A1.95 1.85 0 1 0 0.5 3.1",
        '7' => "M0 0H4L1.4 6",
        '8' => {
            "M2 2.8A1.6 1.4 0 1 1 2 0A1.6 1.4 0 1 1 2 2.8A1.9 1.6 0 1 0 2 6A1.9 1.6 0 1 0 2 2.8Z"
        }
        '9' => "M0.7 5.6A2.3 3 0 0 0 3.9 1.9A1.95 1.85 0 1 0 3.5 2.9",
        'a' => "M3.5 2V6M3.5 4A1.6 1.9 0 1 0 3.5 4.1",
        'b' => "M0.5 0V6M0.5 4A1.6 1.9 0 1 1 0.5 4.1",
        'c' => "M3.5 2.7A1.7 2 0 1 0 3.5 5.3",
        'd' => "M3.5 0V6M3.5 4A1.6 1.9 0 1 0 3.5 4.1",
        'e' => "M0.4 4H3.6A1.6 2 0 1 0 3.1 5.5",
        'f' => "M3.4 0.5A1.4 1.4 0 0 0 1.4 1.5V6M0.2 2.3H3",
        'g' => "M3.5 2V6.4A1.6 1.4 0 0 1 0.6 7M3.5 3.9A1.6 1.8 0 1 0 3.5 4",
        'h' => "M0.5 0V6M0.5 3.6A1.5 1.5 0 0 1 3.5 3.6V6",
        'i' => "M2 2.2V6M2 0.4V0.6",
        'j' => "M2.6 2.2V6.3A1.3 1.3 0 0 1 0.5 7.2M2.6 0.4V0.6",
        'k' => "M0.5 0V6M3.4 2.1L0.6 4.4M1.6 3.5L3.6 6",
        'l' => "M1.2 0V4.8A1.2 1.2 0 0 0 3 6",
        'm' => "M0.2 6V2.2M0.2 3.2A0.9 1 0 0 1 2 3.2V6M2 3.2A0.9 1 0 0 1 3.8 3.2V6",
        'n' => "M0.5 6V2.2M0.5 3.6A1.5 1.5 0 0 1 3.5 3.6V6",
        'o' => "M2 2A1.7 2 0 0 0 2 6A1.7 2 0 0 0 2 2Z",
        'p' => "M0.5 2.1V7.6M0.5 4A1.6 1.9 0 1 1 0.5 4.1",
        _ => return None,
    })
}

/// The width of `text` in glyph units.
pub fn width(text: &str) -> f64 {
    let n = text.chars().count() as f64;
    if n == 0.0 {
        0.0
    } else {
        n * WIDTH + (n - 1.0) * GAP
    }
}

/// A path element for `text`, its box's top left at (`x`, `y`) and `scale` user units to a
/// glyph unit; characters without a glyph are left as blank space. The caller gives the
/// stroke (colour, width `STROKE`) on the element or a group around it.
pub fn path(text: &str, x: f64, y: f64, scale: f64) -> String {
    let mut d = String::new();
    let mut at = 0.0;
    for c in text.chars() {
        if let Some(s) = strokes(c.to_ascii_lowercase()) {
            if !d.is_empty() {
                d.push(' ');
            }
            // The glyph's commands are absolute: its points are moved to its place.
            shift(s, at, &mut d);
        }
        at += WIDTH + GAP;
    }
    let mut out = String::new();
    let _ = write!(
        out,
        "<path transform=\"translate({x:.2} {y:.2}) scale({scale:.3})\" d=\"{d}\"/>"
    );
    out
}

/// Appends the path `s` moved right by `dx` glyph units: the x of every point of its absolute
/// commands (`M`, `L`, `H`, `A`'s end point) shifts, sizes and the y coordinates stay.
fn shift(s: &str, dx: f64, out: &mut String) {
    if dx == 0.0 {
        out.push_str(s);
        return;
    }
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let cmd = bytes[i] as char;
        i += 1;
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        let nums: Vec<f64> = s[start..i]
            .split([' ', ','])
            .filter(|t| !t.is_empty())
            .filter_map(|t| t.parse().ok())
            .collect();
        out.push(cmd);
        // Which of each command's numbers are x coordinates, by its argument count.
        let (args, xs): (usize, &[usize]) = match cmd {
            'M' | 'L' => (2, &[0]),
            'H' => (1, &[0]),
            'A' => (7, &[5]),
            _ => (1, &[]),
        };
        for (k, v) in nums.iter().enumerate() {
            if k > 0 {
                out.push(' ');
            }
            let v = if xs.contains(&(k % args)) { v + dx } else { *v };
            let _ = write!(out, "{}", trim(v));
        }
    }
}

/// A number written short: at most two decimals, no trailing zeros.
fn trim(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_digit_and_file_letter_has_a_glyph() {
        for c in ('0'..='9').chain('a'..='p') {
            assert!(strokes(c).is_some(), "{c}");
        }
        assert!(strokes('?').is_none());
    }

    #[test]
    fn a_second_glyph_is_drawn_one_box_and_gap_to_the_right() {
        let p = path("11", 0.0, 0.0, 1.0);
        assert!(
            p.contains("M0.9 1.3L2.5 0V6M0.9 6H4 M6.2 1.3L7.8 0V6M6.2 6H9.3"),
            "{p}"
        );
        // Arc end points move, radii and flags stay.
        let mut d = String::new();
        shift("M2 0A2 3 0 0 0 2 6", 10.0, &mut d);
        assert_eq!(d, "M12 0A2 3 0 0 0 12 6");
        assert_eq!(width("10"), 9.3);
    }
}
