//! Tags: `[Name "value"]`, with the broken forms real files carry, and the names a game
//! already has (a repeated tag after a blank line starts the next game).

use super::*;

/// Up to this many tags, a game's tag names are looked up one by one.
const FEW_TAGS: usize = 16;

/// The bytes of tag names and values one game's `TagNames` remembers: the tags of a header
/// longer than this are not all remembered, so a repeat of one that is not is not found.
pub const TAG_NAMES_KEPT: usize = 1 << 20;

/// The tag names of a game, each with the value of its first occurrence, packed in one string
/// (at most [`TAG_NAMES_KEPT`] bytes). The buffers are kept from game to game, so a game of a
/// few tags allocates nothing; a game of many tags is looked up through a hash table, so it
/// takes linear time.
#[derive(Default)]
pub(super) struct TagNames {
    /// Each tag's name then value, one after the other.
    text: String,
    /// Of each tag: where its name starts in `text`, its length, the value's length.
    entries: Vec<(u32, u32, u32)>,
    /// Once there are more than [`FEW_TAGS`] tags: an open-addressed table of entry indices
    /// (plus one; 0 is a free slot), its length a power of two at least twice the entries'.
    table: Vec<u32>,
    hasher: std::collections::hash_map::RandomState,
}

impl TagNames {
    pub(super) fn clear(&mut self) {
        if self.text.capacity() > 64 << 10 || self.table.len() > 4096 {
            // A game of very many tags does not keep its memory for the rest of the file.
            *self = TagNames {
                hasher: std::mem::take(&mut self.hasher),
                ..TagNames::default()
            };
        }
        self.text.clear();
        self.entries.clear();
        self.table.clear();
    }

    fn name(&self, k: usize) -> &str {
        let (at, n, _) = self.entries[k];
        &self.text[at as usize..(at + n) as usize]
    }

    fn slot(&self, name: &str) -> usize {
        use std::hash::BuildHasher;
        self.hasher.hash_one(name) as usize & (self.table.len() - 1)
    }

    /// The value of the first tag named `name`.
    pub(super) fn get(&self, name: &str) -> Option<&str> {
        let k = if self.table.is_empty() {
            (0..self.entries.len()).find(|&k| self.name(k) == name)?
        } else {
            let mut i = self.slot(name);
            loop {
                match self.table[i] {
                    0 => return None,
                    e if self.name(e as usize - 1) == name => break e as usize - 1,
                    _ => i = (i + 1) & (self.table.len() - 1),
                }
            }
        };
        let (at, n, v) = self.entries[k];
        Some(&self.text[(at + n) as usize..(at + n + v) as usize])
    }

    /// Records a tag whose name is not there yet, unless the text remembered is full.
    pub(super) fn insert(&mut self, name: &str, value: &str) {
        if self.text.len() + name.len() + value.len() > TAG_NAMES_KEPT {
            return;
        }
        let at = self.text.len() as u32;
        self.text.push_str(name);
        self.text.push_str(value);
        self.entries
            .push((at, name.len() as u32, value.len() as u32));
        let n = self.entries.len();
        if n <= FEW_TAGS {
            return;
        }
        if self.table.len() < 2 * n {
            self.table = vec![0; (4 * n).next_power_of_two()];
            for k in 0..n {
                self.place(k);
            }
        } else {
            self.place(n - 1);
        }
    }

    fn place(&mut self, k: usize) {
        let mut i = self.slot(self.name(k));
        while self.table[i] != 0 {
            i = (i + 1) & (self.table.len() - 1);
        }
        self.table[i] = k as u32 + 1;
    }
}

/// Pushes `text`, a piece of a tag value, onto `v` with its escapes (`\\"`, `\\\\`) read.
pub(super) fn push_unescaped(v: &mut String, text: &str) {
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        v.push_str(&rest[..at]);
        match rest.as_bytes().get(at + 1) {
            Some(b'"' | b'\\') => {
                v.push_str(&rest[at + 1..at + 2]);
                rest = &rest[at + 2..];
            }
            _ => {
                v.push('\\');
                rest = &rest[at + 1..];
            }
        }
    }
    v.push_str(rest);
}

impl<'a> P<'a, '_> {
    /// Past the blanks at `i`, and past one line break and the blanks after it when what follows
    /// is `wanted`: a tag broken over two lines (`[` / `Event "x"]`, `[Event` / `"x"]`,
    /// `[Event "x"` / `]`), which import-format files carry. Returns the index reached and
    /// whether anything was skipped.
    pub(super) fn tag_gap(
        &mut self,
        i: usize,
        wanted: impl Fn(&mut Self, usize) -> bool,
    ) -> (usize, bool) {
        let mut j = i;
        while matches!(self.at(j), Some(b' ' | b'\t')) {
            j += 1;
        }
        let mut k = j;
        match self.at(k) {
            Some(b'\r') if self.at(k + 1) == Some(b'\n') => k += 2,
            Some(b'\r' | b'\n') => k += 1,
            _ => return (j, j > i),
        }
        while matches!(self.at(k), Some(b' ' | b'\t')) {
            k += 1;
        }
        if wanted(self, k) {
            (k, true)
        } else {
            (j, j > i)
        }
    }

    /// A tag name, blanks, then a quote at `i`: the rest of a tag after its `[`.
    pub(super) fn name_then_value(&mut self, i: usize) -> bool {
        let mut j = i;
        while self
            .at(j)
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80)
        {
            j += 1;
        }
        while matches!(self.at(j), Some(b' ' | b'\t')) {
            j += 1;
        }
        let quote = self.at(j) == Some(b'"');
        j > i && self.at(i).is_some_and(|b| b.is_ascii_alphabetic()) && quote
    }

    pub(super) fn tag(&mut self) -> Option<Tag> {
        let open = self.g.pos;
        let (mut i, mut spacing) = self.tag_gap(open + 1, Self::name_then_value);
        let name_start = i;
        while let Some(b) = self.at(i) {
            if b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80 {
                i += 1;
            } else {
                break;
            }
        }
        while !self.s.is_char_boundary(i) {
            i += 1;
        }
        let name = &self.s[name_start..i];
        if name.is_empty() {
            self.g.pos = i;
            self.skip_tag_rest();
            self.error(
                &c::S106,
                open,
                self.g.pos,
                "this tag has no name; it is skipped",
            );
            return None;
        }
        let name_span = self.span(name_start, i);
        if !name.chars().next().is_some_and(|ch| ch.is_uppercase()) {
            self.lenient(
                &c::N202,
                name_start,
                i,
                format!(
                    "tag name `{}` does not start with a capital letter",
                    clip(name)
                ),
            );
        }
        let (after, _) = self.tag_gap(i, |p, k| p.at(k) == Some(b'"'));
        // One blank between name and value is usual; more, or a line break, is reported.
        if after > i + 1 || self.b[i..after].iter().any(|b| matches!(b, b'\n' | b'\r')) {
            spacing = true;
        }
        i = after;
        let value_start = i;
        let (mut name_buf, mut value) = std::mem::take(&mut self.g.tag_spare);
        value.clear();
        let (mut i, closed_line) = if self.at(i) == Some(b'"') {
            self.quoted_value(name, value_start, &mut value)
        } else {
            (self.bare_value(name, open, i, &mut value), false)
        };
        let value_span = self.span(value_start, i);
        let (after, skipped) = self.tag_gap(i, |p, k| p.at(k) == Some(b']'));
        spacing |= skipped;
        i = after;
        let end = if self.at(i) == Some(b']') {
            i + 1
        } else {
            if !closed_line {
                self.error(
                    &c::S103,
                    open,
                    open + 1,
                    format!("tag `{}` is not closed with `]`", clip(name)),
                );
            }
            i
        };
        self.g.pos = end;
        if spacing {
            let broken = self.b[open..end].iter().any(|b| matches!(b, b'\n' | b'\r'));
            self.lenient(
                &c::N201,
                open,
                end,
                if broken {
                    format!("tag `{}` is broken over two lines", clip(name))
                } else {
                    format!("extra spaces inside tag `{}`", clip(name))
                },
            );
        }
        self.tag_effects(name, &value, value_start, i);
        name_buf.clear();
        name_buf.push_str(name);
        Some(Tag {
            name: name_buf,
            name_span,
            value,
            value_span,
            span: self.span(open, end),
        })
    }

    /// A tag's quoted value, its `"` at `value_start`, read into `v`: where the tag goes on, and
    /// whether the value ran to the end of its line (its `]` missing is reported with it).
    fn quoted_value(&mut self, name: &str, value_start: usize, v: &mut String) -> (usize, bool) {
        let mut i = value_start;
        let mut closed_line = false;
        let mut j = i + 1;
        let mut seg = j;
        let mut terminated = false;
        loop {
            // The plain characters of the value in one run.
            let text = self.b;
            j += text[j..]
                .iter()
                .position(|&c| matches!(c, b'"' | b'\\' | b'\n' | b'\r'))
                .unwrap_or(text.len() - j);
            let Some(b) = self.at(j) else { break };
            match b {
                b'"' => {
                    terminated = true;
                    break;
                }
                b'\\' if matches!(self.b.get(j + 1), Some(b'"' | b'\\')) => {
                    v.push_str(&self.s[seg..j]);
                    j += 1;
                    seg = j;
                    j += 1;
                }
                b'\n' | b'\r' => break,
                _ => j += 1,
            }
        }
        if terminated {
            v.push_str(&self.s[seg..j]);
            i = j + 1;
            // A quote that no `]` follows, on a line that ends the tag plainly further on:
            // the quote is part of the value (`[Site "Kiev "Dynamo" club"]`).
            if !self.closes_tag(i) && !self.holds_tag_start(value_start + 1, j) {
                if let Some((close, _)) = self.plain_close(i) {
                    v.push('"');
                    push_unescaped(v, &self.s[i..close]);
                    self.lenient(
                        &c::N223,
                        j,
                        j + 1,
                        format!(
                            "unescaped quote inside the value of tag `{}`: write it as \
                             `\\\"`",
                            clip(name)
                        ),
                    );
                    i = close + 1;
                }
            }
        } else if let Some((close, inner, k)) = self.continued_value(j) {
            // The value goes on on the next line, which ends the tag plainly.
            v.push_str(self.s[seg..j].trim_end_matches([' ', '\t']));
            v.push(' ');
            push_unescaped(v, &self.s[k..close]);
            let brk = if self.b[j] == b'\r' && self.b.get(j + 1) == Some(&b'\n') {
                j + 2
            } else {
                j + 1
            };
            self.lenient(
                &c::N224,
                j,
                brk,
                format!(
                    "the value of tag `{}` is broken over two lines; it is read with one \
                     space for the line break",
                    clip(name)
                ),
            );
            if let Some(q) = inner {
                self.lenient(
                    &c::N223,
                    q,
                    q + 1,
                    format!(
                        "unescaped quote inside the value of tag `{}`: write it as \
                         `\\\"`",
                        clip(name)
                    ),
                );
            }
            i = close + 1;
        } else {
            // Read up to a `]` on the line, or the line end.
            let line = &self.s[seg..j];
            let cut = line.rfind(']').unwrap_or(line.len());
            v.push_str(&line[..cut]);
            self.error(
                &c::S102,
                value_start,
                value_start + 1,
                "this tag value's quote is never closed on its line",
            );
            i = seg + cut;
            closed_line = cut == line.len();
        }
        (i, closed_line)
    }

    /// A tag's value with no quotes, from `i` to the `]` or the line end, read into `value`
    /// (reported): where it ends.
    fn bare_value(&mut self, name: &str, open: usize, i: usize, value: &mut String) -> usize {
        let j = find_from(self.b, i, self.b.len(), |b| {
            matches!(b, b']' | b'\n' | b'\r')
        });
        let j = self.touching(j);
        value.push_str(self.s[i..j].trim());
        self.error(
            &c::S106,
            open,
            j.max(open + 1),
            format!("tag `{}` has no quoted value", clip(name)),
        );
        j
    }

    /// What a tag read tells the rest of the game: a GameType whether `:` separates captures,
    /// a Result tag which scores end the game (and its dialects, reported). Only the game's
    /// first GameType and first Result tag tell it, as they alone count everywhere else (N218
    /// says readers take the first): the writer makes a move that would read as the first
    /// Result tag's score read as a move, and a later Result tag must not make another score
    /// end the game.
    fn tag_effects(&mut self, name: &str, value: &str, value_start: usize, i: usize) {
        if name == "GameType" && !std::mem::replace(&mut self.g.first_read.0, true) {
            let v = value.trim_start();
            let num = &v[..v.bytes().take_while(u8::is_ascii_digit).count()];
            self.g.colon_ok = num == "25" || num == "41";
        }
        if name == "Result" {
            // Kept only when it is a score but not a standard result: then a score like `4-6`
            // may end the game. A value that is no score (`-`, `?`, words) says nothing about
            // how the movetext ends, so it never makes a move read as a result.
            let compact: String = value.chars().filter(|c| !c.is_whitespace()).collect();
            let colon = ResultKind::colon_form(&compact).is_some();
            if !std::mem::replace(&mut self.g.first_read.1, true) {
                let a_score = |t: &str| {
                    let r: IResult<&str, &str> =
                        recognize((score, space0, one_of("-:"), space0, score)).parse(t);
                    r.is_ok_and(|(rest, _)| rest.is_empty())
                };
                let is_score = a_score(value.trim()) || a_score(&compact);
                self.g.result_tag = (is_score
                    && !colon
                    && !compact.is_empty()
                    && ResultKind::standard(&compact).is_none())
                .then_some(compact);
            }
            if matches!(value.trim(), "-" | "\u{2013}" | "\u{2014}") {
                let (a, z) = (value_start, i);
                self.dash_result(a, z, "the Result tag");
            } else if colon {
                let (a, z) = (value_start, i);
                self.colon_result(a, z, "the Result tag");
            }
        }
    }

    /// A tag's start (`[Name "`) in `a..z`.
    pub(super) fn holds_tag_start(&mut self, a: usize, z: usize) -> bool {
        (a..z).any(|k| self.b[k] == b'[' && self.name_then_value(k + 1))
    }

    /// Blanks (or a line break) then `]` at `i`: the quote before `i` closes the tag's value.
    pub(super) fn closes_tag(&mut self, i: usize) -> bool {
        let (k, _) = self.tag_gap(i, |p, k| p.at(k) == Some(b']'));
        self.at(k) == Some(b']')
    }

    /// The quote that closes a tag value holding unescaped quotes, read from `from` on the
    /// same line: the first `"` (not escaped) followed by blanks, `]`, and then only blanks to
    /// the line's end or another tag (`[Name "`). With it, the first unescaped quote passed on
    /// the way. `None` when the line ends first, or a `"]` comes first that other text
    /// follows (the value would hold a tag's end), or a tag's start (`[Name "`). Where the scan stopped so does any scan
    /// from before it, so that stretch is not scanned again for another tag on the line.
    pub(super) fn no_plain_close_until(&mut self, j: usize) {
        // Not when the text ran out on the way: the answer may change with more text.
        if !self.touched {
            self.g.no_plain_close = self.base + j;
        }
    }

    pub(super) fn plain_close(&mut self, from: usize) -> Option<(usize, Option<usize>)> {
        if self.base + from < self.g.no_plain_close {
            return None;
        }
        let mut j = from;
        let mut inner = None;
        loop {
            let text = self.b;
            j += text[j..]
                .iter()
                .position(|&c| matches!(c, b'"' | b'\\' | b'\n' | b'\r' | b'['))
                .unwrap_or(text.len() - j);
            match self.at(j)? {
                b'\\' if matches!(self.b.get(j + 1), Some(b'"' | b'\\')) => j += 2,
                b'\\' => j += 1,
                // The value would hold another tag's start: two tags, one left open.
                b'[' if self.name_then_value(j + 1) => {
                    self.no_plain_close_until(j);
                    return None;
                }
                b'[' => j += 1,
                b'\n' | b'\r' => {
                    self.no_plain_close_until(j);
                    return None;
                }
                _ => match self.ends_tag_line(j + 1) {
                    Some(true) => return Some((j, inner)),
                    // A `"]` inside would make the value hold a tag's end: not read so.
                    Some(false) => {
                        self.no_plain_close_until(j);
                        return None;
                    }
                    None => {
                        inner.get_or_insert(j);
                        j += 1;
                    }
                },
            }
        }
    }

    /// At `i`, after a quote: `None` when no `]` follows past blanks; else whether blanks
    /// follow it to the line's end (or the text's) or another tag.
    pub(super) fn ends_tag_line(&mut self, mut i: usize) -> Option<bool> {
        while matches!(self.at(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        if self.at(i) != Some(b']') {
            return None;
        }
        i += 1;
        // White space to the line's end: what the reader takes for it between tokens (vertical
        // tab, form feed, the DOS end-of-file mark, a byte order mark), which text written
        // again may lose.
        loop {
            match self.at(i) {
                Some(b'\n' | b'\r') => break,
                Some(b) if is_ws(b) => i += 1,
                Some(0xef) if self.s[i..].starts_with(BOM) => i += BOM.len_utf8(),
                _ => break,
            }
        }
        Some(match self.at(i) {
            None => self.eof,
            Some(b'\n' | b'\r') => true,
            Some(b'[') => self.name_then_value(i + 1),
            Some(_) => false,
        })
    }

    /// A tag value left open at the line end `j` that goes on on the next line: that line
    /// starts like no tag, comment or movetext and ends the tag plainly ([`P::plain_close`]).
    /// Gives the closing quote, the first unescaped quote before it, and where the next
    /// line's text starts.
    pub(super) fn continued_value(&mut self, j: usize) -> Option<(usize, Option<usize>, usize)> {
        let mut k = match self.at(j)? {
            b'\r' if self.at(j + 1) == Some(b'\n') => j + 2,
            _ => j + 1,
        };
        while matches!(self.at(k), Some(b' ' | b'\t')) {
            k += 1;
        }
        let first = self.at(k)?;
        let second = self.at(k + 1).unwrap_or(b' ');
        let third = self.at(k + 2).unwrap_or(b' ');
        let square_like = |a: u8, b: u8| is_any_file_letter(a) && b.is_ascii_digit();
        let movetext = first.is_ascii_digit()
            || matches!(
                first,
                b'\n'
                    | b'\r'
                    | b'['
                    | b']'
                    | b'{'
                    | b'}'
                    | b'('
                    | b')'
                    | b'%'
                    | b';'
                    | b'*'
                    | b'$'
                    | b'/'
                    | b'.'
                    | b'!'
                    | b'?'
                    | b'-'
                    | b'\\'
            )
            || square_like(first, second)
            || (is_any_file_letter(first) && matches!(second, b':' | b'x'))
            || (is_any_file_letter(first) && square_like(second, third));
        if movetext || !self.s.is_char_boundary(k) {
            return None;
        }
        let (close, inner) = self.plain_close(k)?;
        Some((close, inner, k))
    }

    pub(super) fn skip_tag_rest(&mut self) {
        self.g.pos = find_from(self.b, self.g.pos, self.b.len(), |b| {
            matches!(b, b']' | b'\n' | b'\r')
        });
        while let Some(b) = self.at(self.g.pos) {
            match b {
                b']' => {
                    self.g.pos += 1;
                    return;
                }
                b'\n' | b'\r' => return,
                _ => self.g.pos += 1,
            }
        }
    }
}
