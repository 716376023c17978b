//! The byte-level scanner under the game parser: pure functions over a text's bytes that find
//! where blanks, lines, numbers and tokens end, and what a token is made of. They keep no
//! state and read no game: each takes the bytes and an offset and gives an offset or a length,
//! so a scan may start (or start again, once more text came) at any offset. Runs are found a
//! block at a time (`memchr` for a line's end; slice searches for the rest), not byte by byte
//! through the parser.

/// A byte order mark: at the start of a file the decoder takes it away; anywhere else, where
/// files saved with one were joined, the reader takes it for white space between tokens.
pub(crate) const BOM: char = '\u{feff}';

/// White space between tokens (with vertical tab, form feed and the DOS end-of-file mark).
pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c | 0x1a)
}

/// The blanks of plain text: space, tab, line breaks.
fn is_plain_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

/// A separator between a move's squares.
pub(crate) fn is_sep(b: u8) -> bool {
    matches!(b, b'-' | b'x' | b'X' | b':')
}

/// A lower-case file letter (`a` to `l`).
pub(crate) fn is_file_letter(b: u8) -> bool {
    (b'a'..=b'l').contains(&b)
}

/// A file letter in either case (`c3`, `C3`).
pub(crate) fn is_any_file_letter(b: u8) -> bool {
    is_file_letter(b.to_ascii_lowercase())
}

/// Where the run of plain blanks (space, tab, line breaks) from `from` ends: the first other
/// byte, or the end of `b`.
#[inline]
pub(crate) fn blanks_end(b: &[u8], from: usize) -> usize {
    let rest = b.get(from..).unwrap_or_default();
    from + rest
        .iter()
        .position(|&c| !is_plain_blank(c))
        .unwrap_or(rest.len())
}

/// The first line break (`\n` or `\r`) at or after `from`, if any.
#[inline]
pub(crate) fn line_break_from(b: &[u8], from: usize) -> Option<usize> {
    memchr::memchr2(b'\n', b'\r', b.get(from..)?).map(|k| from + k)
}

/// Where the run of ASCII digits from `from` ends.
#[inline]
pub(crate) fn digits_end(b: &[u8], from: usize) -> usize {
    let rest = b.get(from..).unwrap_or_default();
    from + rest
        .iter()
        .position(|c| !c.is_ascii_digit())
        .unwrap_or(rest.len())
}

/// The first byte at or after `from` that `stop` accepts, within `b[..limit]`, or `limit`.
#[inline]
pub(crate) fn find_from(b: &[u8], from: usize, limit: usize, stop: impl Fn(u8) -> bool) -> usize {
    let limit = limit.min(b.len());
    if from >= limit {
        return limit.max(from);
    }
    from + b[from..limit]
        .iter()
        .position(|&c| stop(c))
        .unwrap_or(limit - from)
}

/// Where a run of non-blank text starting at `start` ends: at a blank, or at a bracket that
/// starts a token of its own (`{`, `(`, `)`, `[`) after the first byte; at least one byte on,
/// at a character boundary of `s`, and at most the end of `s`.
pub(crate) fn token_end(s: &str, start: usize) -> usize {
    let b = s.as_bytes();
    let stop = |c: u8| is_ws(c) || matches!(c, b'{' | b'(' | b')' | b'[');
    let mut i = if b.get(start).is_some_and(|&c| is_ws(c)) {
        start
    } else {
        find_from(b, start + 1, b.len(), stop)
    };
    while !s.is_char_boundary(i.min(b.len())) {
        i += 1;
    }
    i.max(start + 1).min(b.len())
}

/// Line breaks in `gap` (LF, CRLF, lone CR).
pub(crate) fn line_breaks(gap: &[u8]) -> usize {
    gap.iter()
        .enumerate()
        .filter(|&(k, &b)| b == b'\n' || (b == b'\r' && gap.get(k + 1) != Some(&b'\n')))
        .count()
}

/// A square of one or two digits at `i`, without a leading zero, and not followed by a third
/// digit: its value and end. `None` also when the text ends before that is known.
#[inline(always)]
pub(crate) fn plain_square(b: &[u8], i: usize) -> Option<(u16, usize)> {
    let d1 = *b.get(i)?;
    if !(b'1'..=b'9').contains(&d1) {
        return None;
    }
    let d2 = *b.get(i + 1)?;
    if !d2.is_ascii_digit() {
        return Some((u16::from(d1 - b'0'), i + 1));
    }
    if b.get(i + 2)?.is_ascii_digit() {
        return None;
    }
    Some((u16::from(d1 - b'0') * 10 + u16::from(d2 - b'0'), i + 2))
}

/// The length of the standard result (`1-0`, `1/2-1/2`, ...) or its colon form (`1:0`,
/// `1/2:1/2`) that `b` starts with, whatever follows it.
pub(crate) fn standard_result_len(b: &[u8]) -> Option<usize> {
    if b.starts_with(b"1/2-1/2") || b.starts_with(b"1/2:1/2") {
        return Some(7);
    }
    match b {
        [b'1', b'-' | b':', b'0', ..]
        | [b'0', b'-' | b':', b'1', ..]
        | [b'2', b'-' | b':', b'0', ..]
        | [b'0', b'-' | b':', b'2', ..]
        | [b'1', b'-' | b':', b'1', ..]
        | [b'0', b'-' | b':', b'0', ..] => Some(3),
        _ => None,
    }
}

/// Whether a line reads `Name "value"]`: a tag whose `[` was lost.
pub(crate) fn unopened_tag(line: &str) -> bool {
    let line = line.trim_end();
    let Some(rest) = line.strip_suffix(']') else {
        return false;
    };
    let name_end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let (name, value) = rest.split_at(name_end);
    let value = value.trim();
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && value.len() >= 2
        && value.starts_with('"')
        && value.ends_with('"')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blanks_end_at_the_first_other_byte() {
        assert_eq!(blanks_end(b"  \r\n\t32-28", 0), 5);
        assert_eq!(blanks_end(b"32-28", 0), 0);
        assert_eq!(blanks_end(b"1.   ", 2), 5);
        assert_eq!(blanks_end(b"ab", 7), 7);
        // Vertical tab and form feed are white space, but not plain blanks.
        assert_eq!(blanks_end(b" \x0b ", 0), 1);
    }

    #[test]
    fn a_scan_resumes_from_any_offset() {
        let text = b"% note\r\n1. 32-28 {x}\n";
        assert_eq!(line_break_from(text, 0), Some(6));
        assert_eq!(line_break_from(text, 7), Some(7));
        assert_eq!(line_break_from(text, 8), Some(20));
        assert_eq!(line_break_from(text, 21), None);
        assert_eq!(line_break_from(text, 99), None);
        assert_eq!(digits_end(b"123.", 0), 3);
        assert_eq!(digits_end(b"123.", 1), 3);
        assert_eq!(digits_end(b"12", 0), 2);
    }

    #[test]
    fn find_from_stops_at_its_limit() {
        let b = b"abc}def";
        assert_eq!(find_from(b, 0, b.len(), |c| c == b'}'), 3);
        assert_eq!(find_from(b, 0, 2, |c| c == b'}'), 2);
        assert_eq!(find_from(b, 4, 99, |c| c == b'}'), 7);
        assert_eq!(find_from(b, 9, 99, |c| c == b'}'), 9);
    }

    #[test]
    fn a_token_ends_at_a_blank_or_a_bracket() {
        assert_eq!(token_end("abc def", 0), 3);
        assert_eq!(token_end("abc(def", 0), 3);
        // A bracket starts the token: it is one byte at least.
        assert_eq!(token_end("(abc", 0), 4);
        assert_eq!(token_end("{", 0), 1);
        assert_eq!(token_end(" x", 0), 1);
        // Never inside a character.
        assert_eq!(token_end("é x", 0), 2);
        assert_eq!(token_end("abc", 3), 3);
    }

    #[test]
    fn squares_and_results_are_read_from_the_bytes() {
        assert_eq!(plain_square(b"32-28", 0), Some((32, 2)));
        assert_eq!(plain_square(b"9x", 0), Some((9, 1)));
        assert_eq!(plain_square(b"05-", 0), None);
        assert_eq!(plain_square(b"123", 0), None);
        // The text ends before the square's end is known.
        assert_eq!(plain_square(b"32", 0), None);
        assert_eq!(standard_result_len(b"1/2-1/2 "), Some(7));
        assert_eq!(standard_result_len(b"2-0"), Some(3));
        assert_eq!(standard_result_len(b"1:0"), Some(3));
        assert_eq!(standard_result_len(b"3-0"), None);
        assert_eq!(line_breaks(b"\r\n\n\r x"), 3);
    }

    #[test]
    fn a_tag_without_its_bracket_is_told() {
        assert!(unopened_tag("Event \"x\"]"));
        assert!(unopened_tag("Event \"x\"]  "));
        assert!(!unopened_tag("[Event \"x\"]"));
        assert!(!unopened_tag("32-28 x]"));
    }
}
