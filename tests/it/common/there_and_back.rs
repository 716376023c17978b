//! What a conversion there and back may add: shared by the `convert` fuzz target and the
//! conversion tests, so that both judge alike.

/// `back` without the GameType tags (each with the line break before or after it, or both
/// where `numeric` has no line break there) that `numeric` lacks where `back` has them. Where
/// a tag has a line break on both sides and `numeric` one, the one the rest agrees with longer
/// is kept (a tag added after a line of its input is followed by the line end the game's text
/// uses, which may not be the one before it).
pub fn without_added_gametypes(back: &str, numeric: &str) -> String {
    let line_break = |t: &str| match t {
        _ if t.starts_with("\r\n") => 2,
        _ if t.starts_with('\n') || t.starts_with('\r') => 1,
        _ => 0,
    };
    // The tag at the start of `s` (after a line break, `eol` long): its line break before,
    // its length and the line break after it.
    let tag_at = |s: &str| -> Option<(usize, usize, usize)> {
        let eol = line_break(s);
        let tag = s[eol..].strip_prefix("[GameType \"")?;
        // A value as the writer writes one: digits, letters and commas.
        let value = tag.find("\"]")?;
        if !tag[..value]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ',')
        {
            return None;
        }
        let end = "[GameType \"".len() + value + 2;
        Some((eol, end, line_break(&s[eol + end..])))
    };
    let agree = |a: &str, b: &str| a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    let mut out = String::with_capacity(back.len());
    let (mut i, mut j) = (0, 0);
    while let Some(c) = back[i..].chars().next() {
        // A tag `numeric` lacks here is left out before the characters are compared: its
        // first characters (`[`, a line break) may be the same as what `numeric` has there.
        let skip = tag_at(&back[i..]).and_then(|(eol, end, after)| {
            // The same tag is there: not one added.
            if numeric[j..].starts_with(&back[i..i + eol + end]) {
                return None;
            }
            let here = line_break(&numeric[j..]);
            // Left out with the line break before it (and the one after it where `numeric`
            // has none here), or, keeping the one before it, with the one after it.
            let before = eol + end + if eol == 0 || here == 0 { after } else { 0 };
            let keep = (eol > 0 && here > 0 && numeric[j..].starts_with(&back[i..i + eol]))
                .then_some((eol, eol + end + after));
            if numeric[j..].starts_with(&back[i..i + before]) {
                return None;
            }
            match keep {
                Some((kept, n))
                    if agree(&back[i + n..], &numeric[j + kept..])
                        > agree(&back[i + before..], &numeric[j..]) =>
                {
                    Some((kept, n))
                }
                _ => Some((0, before)),
            }
        });
        if let Some((kept, n)) = skip {
            out.push_str(&back[i..i + kept]);
            i += n;
            j += kept;
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
