//! The game parser: reads one game from text, with per-game recovery.
//!
//! Scanning is byte-level on `&str` (every token the grammar knows is ASCII), with small nom
//! parsers for the sub-languages inside tokens (results, clock commands). The parser reads one
//! game at a time and tells the streaming reader how many bytes it took; when it runs into the
//! end of the text before it can decide and more text may come, it asks for more.

use nom::{
    IResult, Parser,
    branch::alt,
    character::complete::{char, digit1, one_of, space0},
    combinator::{opt, recognize},
    sequence::preceded,
};

use std::collections::HashMap;

use super::ReadOptions;
use super::ast::*;
use crate::lint::Diagnostic;
use crate::lint::codes::{Code, syntax as c};
use crate::source::Span;

/// The outcome of reading one game.
pub(crate) enum Step {
    /// The text ran out before the game could be delimited; more text is needed.
    NeedMore,
    /// A game (or a piece of text holding none) was read.
    Done(Parsed),
}

/// What one call of [`parse_game`] read.
pub(crate) struct Parsed {
    /// The game, when the text held one.
    pub game: Option<Game>,
    /// Bytes of the text that belong to this chunk.
    pub end: usize,
    /// What was found.
    pub diagnostics: Vec<Diagnostic>,
    /// The chunk ended in the middle of text that is not PDN (so the next chunk continues it).
    pub junk: bool,
    /// The dialects reported so far in the file, this game included.
    pub once: Once,
}

/// The dialects of a file already reported: each is reported at its first place in the file
/// only, since a file written in a dialect is one cause, however many games show it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Once {
    /// Literal `\n`, `\r` text (N217).
    escaped_break: bool,
    /// Upper-case algebraic squares (N219).
    upper_case: bool,
    /// Russian short notation (N220).
    short_notation: bool,
    /// A dash for "no result" (N221).
    dash_result: bool,
    /// A parenthesised note (N222).
    paren_note: bool,
}

/// How far recovery skips before it gives up waiting for a game start and ends the chunk.
const SKIP_CAP: usize = 1 << 20;

/// The longest comment read (in bytes): a `{` not closed within this many bytes (and before a
/// tag line) is reported as never closed, so a stray brace cannot make the reader hold a
/// whole huge file.
const COMMENT_CAP: usize = 3 << 19;

/// Reads one game from the start of `text`, which begins at file offset `base`. `eof` says
/// that no text follows; `in_junk` that the previous chunk ended inside unreadable text (its
/// error was already reported); `once` which dialects the file already reported.
pub(crate) fn parse_game(
    text: &str,
    base: usize,
    eof: bool,
    options: &ReadOptions,
    in_junk: bool,
    once: Once,
) -> Step {
    let mut p = P {
        s: text,
        b: text.as_bytes(),
        pos: 0,
        base,
        eof,
        touched: false,
        options,
        diags: Vec::new(),
        // Without a GameType the variant is not known here; the replay judges `:` then.
        colon_ok: true,
        result_tag: None,
        fatal_reported: in_junk,
        once,
        scratch: Vec::new(),
    };
    let parsed = p.game();
    if p.touched && !eof {
        Step::NeedMore
    } else {
        Step::Done(parsed)
    }
}

/// Why the game loop stopped.
enum Stop {
    /// End of text.
    Eof,
    /// A terminator was read.
    Terminator,
    /// A tag follows movetext.
    Tag,
    /// Unreadable text: recovery skipped to `pos`.
    Fatal,
}

struct P<'a> {
    s: &'a str,
    b: &'a [u8],
    pos: usize,
    base: usize,
    eof: bool,
    touched: bool,
    options: &'a ReadOptions,
    diags: Vec<Diagnostic>,
    colon_ok: bool,
    result_tag: Option<String>,
    fatal_reported: bool,
    once: Once,
    scratch: Vec<SquareToken>,
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c | 0x1a)
}

fn is_sep(b: u8) -> bool {
    matches!(b, b'-' | b'x' | b'X' | b':')
}

fn is_file_letter(b: u8) -> bool {
    (b'a'..=b'l').contains(&b)
}

/// A file letter in either case (`c3`, `C3`).
fn is_any_file_letter(b: u8) -> bool {
    is_file_letter(b.to_ascii_lowercase())
}

impl<'a> P<'a> {
    #[inline(always)]
    fn at(&mut self, i: usize) -> Option<u8> {
        match self.b.get(i) {
            Some(&b) => Some(b),
            None => {
                self.touched = true;
                None
            }
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start, self.base + end)
    }

    fn error(&mut self, code: &'static Code, start: usize, end: usize, msg: impl Into<String>) {
        let d = Diagnostic::new(code, self.span(start, end), msg);
        self.diags.push(d);
    }

    /// A non-standard construct: a warning, or an error in strict mode.
    fn lenient(&mut self, code: &'static Code, start: usize, end: usize, msg: impl Into<String>) {
        let mut d = Diagnostic::new(code, self.span(start, end), msg);
        if self.options.strict {
            d = d.with_severity(crate::lint::Severity::Error);
        }
        self.diags.push(d);
    }

    /// True when `i` is the first non-blank position of its line.
    fn at_line_start(&self, i: usize) -> bool {
        let mut j = i;
        while j > 0 {
            match self.b[j - 1] {
                b' ' | b'\t' => j -= 1,
                b'\n' | b'\r' => return true,
                _ => return false,
            }
        }
        true
    }

    /// Skips white space and `%` line comments.
    fn skip_ws(&mut self) {
        loop {
            // Plain blanks first, without the checks below.
            while let Some(&b) = self.b.get(self.pos) {
                if matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                    self.pos += 1;
                } else {
                    break;
                }
            }
            match self.at(self.pos) {
                Some(b) if is_ws(b) => self.pos += 1,
                Some(b'%') => self.skip_to_eol(),
                Some(b'\\') if matches!(self.b.get(self.pos + 1), Some(b'n' | b'r')) => {
                    if !self.once.escaped_break {
                        self.once.escaped_break = true;
                        let what = if self.b.get(self.pos + 1) == Some(&b'n') {
                            "n"
                        } else {
                            "r"
                        };
                        self.lenient(
                            &c::N217,
                            self.pos,
                            self.pos + 2,
                            format!(
                                "a literal `\\{what}` is read as a line break (reported once \
                                 per file)"
                            ),
                        );
                    }
                    self.pos += 2;
                }
                _ => return,
            }
        }
    }

    fn skip_to_eol(&mut self) {
        while let Some(b) = self.at(self.pos) {
            if b == b'\n' || b == b'\r' {
                return;
            }
            self.pos += 1;
        }
    }

    /// After a terminator: the rest of the line if it is blank, with its line ending.
    fn take_line_end(&mut self) {
        let mut i = self.pos;
        while let Some(b) = self.at(i) {
            match b {
                b' ' | b'\t' | 0x1a => i += 1,
                b'\n' => {
                    self.pos = i + 1;
                    return;
                }
                b'\r' => {
                    if self.at(i + 1) == Some(b'\n') {
                        self.pos = i + 2;
                    } else {
                        self.pos = i + 1;
                    }
                    return;
                }
                _ => return,
            }
        }
        // Only blanks up to the end of the text.
        self.pos = i;
    }

    fn game(&mut self) -> Parsed {
        let mut game = Game {
            tags: Vec::new(),
            header_comments: Vec::new(),
            body: Vec::new(),
            result: None,
            span: Span::point(self.base),
        };
        let mut first: Option<usize> = None;
        let mut last_end = 0usize;
        let mut open: Vec<usize> = Vec::new();
        let mut content = false; // a tag, a move or anything but comments
        let mut moves_seen = false;
        let mut looked = 0usize;
        // Each tag name of this game, with the index of its first occurrence.
        let mut tag_names: HashMap<String, usize> = HashMap::new();
        let stop = loop {
            self.skip_ws();
            let start = self.pos;
            let Some(ch) = self.at(start) else {
                break Stop::Eof;
            };
            // A token that starts this close to the end of the text may continue in text not
            // read yet: ask for more (tokens longer than this check their own ends).
            let _ = self.at(start + 16);
            if ch != b'{' && first.is_none() {
                first = Some(start);
            }
            // Whether the body holds anything but comments: only the elements added since the
            // last look are examined, so a run of comments costs linear time.
            if !moves_seen {
                moves_seen = game.body[looked..]
                    .iter()
                    .any(|e| !matches!(e, Element::Comment(_)));
                looked = game.body.len();
            }
            match ch {
                b'[' => {
                    if moves_seen {
                        break Stop::Tag;
                    }
                    // Comments before a tag belong to the header.
                    for e in game.body.drain(..) {
                        if let Element::Comment(cm) = e {
                            game.header_comments.push(cm);
                        }
                    }
                    looked = 0;
                    if first.is_none() {
                        first = Some(start);
                    }
                    let saved = self.diags.len();
                    if let Some(t) = self.tag() {
                        let blank_line_before = game.tags.last().is_some_and(|prev| {
                            let gap = &self.b[prev.span.end - self.base..start];
                            gap.iter()
                                .enumerate()
                                .filter(|&(k, &b)| {
                                    b == b'\n' || (b == b'\r' && gap.get(k + 1) != Some(&b'\n'))
                                })
                                .count()
                                >= 2
                        });
                        let earlier = tag_names.get(&t.name).copied();
                        if blank_line_before && earlier.is_some() {
                            // A repeated tag starts the next game.
                            self.diags.truncate(saved);
                            self.pos = start;
                            break Stop::Tag;
                        }
                        if let Some(first) = earlier.and_then(|k| game.tags.get(k)) {
                            let msg = format!(
                                "the tag {} appears twice in this game; readers take the first, \"{}\"",
                                t.name, first.value
                            );
                            let (a, z) = (t.span.start - self.base, t.span.end - self.base);
                            self.lenient(&c::N218, a, z, msg);
                        }
                        tag_names.entry(t.name.clone()).or_insert(game.tags.len());
                        game.tags.push(t);
                    }
                    content = true;
                }
                b'{' => match self.comment() {
                    Some(cm) => game.body.push(Element::Comment(cm)),
                    None => break self.fatal_recover(content),
                },
                b';' => {
                    let s = self.pos;
                    self.pos += 1;
                    self.skip_to_eol();
                    let text = self.s[s + 1..self.pos].trim_end().to_string();
                    self.lenient(
                        &c::N211,
                        s,
                        s + 1,
                        "`;` comments are not PDN; write the note in braces",
                    );
                    game.body.push(Element::Comment(Comment {
                        text,
                        commands: Vec::new(),
                        semicolon: true,
                        span: self.span(s, self.pos),
                    }));
                }
                b'(' => {
                    if let Some(st) = self.paren_strength(start) {
                        self.attach_strength(&mut game.body, st, start, true);
                        content = true;
                    } else if let Some(close) = self.paren_note(start) {
                        game.body
                            .push(Element::Comment(self.note_comment(start, close)));
                    } else if open.len() >= self.options.max_depth {
                        if self.skip_deep_variation(open.len()) {
                            break Stop::Tag;
                        }
                    } else {
                        self.pos += 1;
                        open.push(start);
                        game.body.push(Element::VariationStart {
                            span: self.span(start, start + 1),
                        });
                        content = true;
                    }
                }
                b')' => {
                    self.pos += 1;
                    if open.pop().is_some() {
                        game.body.push(Element::VariationEnd {
                            span: self.span(start, start + 1),
                        });
                    } else {
                        self.error(
                            &c::S104,
                            start,
                            start + 1,
                            "this `)` closes no variation; it is skipped",
                        );
                    }
                }
                b'!' | b'?' => {
                    let mut i = start;
                    while matches!(self.at(i), Some(b'!' | b'?')) {
                        i += 1;
                    }
                    self.pos = i;
                    let st = Strength {
                        marks: RawText::new(&self.s[start..i])
                            .unwrap_or_else(|| RawText::new("?").unwrap_or(RawText::EMPTY)),
                        parenthesized: false,
                        span: self.span(start, i),
                    };
                    self.attach_strength(&mut game.body, st, start, true);
                }
                b'$' => {
                    let mut i = start + 1;
                    while self.at(i).is_some_and(|b| b.is_ascii_digit()) {
                        i += 1;
                    }
                    if i == start + 1 {
                        break self.fatal(start, start + 1, "`$` must be followed by a number");
                    }
                    self.pos = i;
                    let value = match self.s[start + 1..i].parse::<u32>() {
                        Ok(v) => v,
                        Err(_) => {
                            self.error(
                                &c::S112,
                                start,
                                i,
                                format!(
                                    "this NAG's number has {} digits: it is too large to be \
                                     stored (at most 4294967295) and is kept as 4294967295",
                                    i - start - 1
                                ),
                            );
                            u32::MAX
                        }
                    };
                    game.body.push(Element::Nag {
                        value,
                        span: self.span(start, i),
                    });
                    content = true;
                }
                b'/' => match self.setup() {
                    Some(su) => {
                        game.body.push(Element::Setup(su));
                        content = true;
                    }
                    None => break self.fatal_recover(content),
                },
                b'*' => {
                    self.pos += 1;
                    if !content && !moves_seen {
                        self.lenient(
                            &c::N215,
                            start,
                            start + 1,
                            "this `*` ends no game: nothing comes before it",
                        );
                        self.take_line_end();
                        return self.finish(None, false);
                    }
                    game.result = Some(GameResult {
                        kind: ResultKind::Unknown,
                        raw: "*".into(),
                        span: self.span(start, start + 1),
                    });
                    last_end = self.pos;
                    break Stop::Terminator;
                }
                b'-' | 0xE2 if self.dash_terminator(start).is_some() => {
                    let len = self.dash_terminator(start).unwrap_or(1);
                    let raw = &self.s[start..start + len];
                    self.pos = start + len;
                    if !content && !moves_seen {
                        self.lenient(
                            &c::N215,
                            start,
                            self.pos,
                            format!("this `{raw}` ends no game: nothing comes before it"),
                        );
                        self.take_line_end();
                        return self.finish(None, false);
                    }
                    self.dash_result(start, self.pos, "a game terminator");
                    game.result = Some(GameResult {
                        kind: ResultKind::Unknown,
                        raw: raw.to_string(),
                        span: self.span(start, self.pos),
                    });
                    last_end = self.pos;
                    break Stop::Terminator;
                }
                b'.' => {
                    if self.s[start..].starts_with("...") {
                        self.pos += 3;
                        game.body.push(Element::Ellipsis {
                            span: self.span(start, start + 3),
                        });
                        content = true;
                    } else {
                        // Make sure a short text is not cut before the dots.
                        let _ = self.at(start + 2);
                        break self.fatal(start, start + 1, "a lone `.` is not PDN");
                    }
                }
                b'0'..=b'9' => {
                    if let Some(r) = self.result(start) {
                        if !content && !moves_seen {
                            self.lenient(
                                &c::N215,
                                start,
                                self.pos,
                                format!("this result `{}` ends no game", r.raw),
                            );
                            self.take_line_end();
                            return self.finish(None, false);
                        }
                        game.result = Some(r);
                        last_end = self.pos;
                        break Stop::Terminator;
                    }
                    if let Some(n) = self.move_number(start) {
                        game.body.push(Element::MoveNumber(n));
                        content = true;
                    } else {
                        if let Some(m) = self.mv(start) {
                            game.body.push(Element::Move(m));
                        }
                        content = true;
                    }
                }
                b if (is_any_file_letter(b)
                    && self.at(start + 1).is_some_and(|d| d.is_ascii_digit()))
                    || self.short_origin_at(start) =>
                {
                    if let Some(m) = self.mv(start) {
                        game.body.push(Element::Move(m));
                    }
                    content = true;
                }
                _ => {
                    let end = self.token_end(start);
                    let mut tok: String = self.s[start..end].chars().take(20).collect();
                    if tok.len() < end - start {
                        tok.push('…');
                    }
                    break self.fatal(start, end, format!("`{tok}` is not PDN"));
                }
            }
            last_end = self.pos;
        };
        // Close what is still open.
        if let Some(&outer) = open.first() {
            let n = open.len();
            self.error(
                &c::S104,
                outer,
                outer + 1,
                if n == 1 {
                    "this variation is never closed".to_string()
                } else {
                    format!("this variation and {} inside it are never closed", n - 1)
                },
            );
            for _ in 0..n {
                game.body.push(Element::VariationEnd {
                    span: self.span(last_end, last_end),
                });
            }
        }
        let has_game = !game.tags.is_empty()
            || game.result.is_some()
            || game.body.iter().any(|e| !matches!(e, Element::Comment(_)));
        match stop {
            Stop::Terminator => self.take_line_end(),
            Stop::Eof => {
                if has_game {
                    self.lenient(
                        &c::N210,
                        last_end,
                        last_end,
                        "the file ends without `*` or a result after this game",
                    );
                }
            }
            Stop::Tag => {
                // The terminator is missing right after the game's last token.
                let at = last_end;
                let moves_seen = game.body.iter().any(|e| !matches!(e, Element::Comment(_)));
                if moves_seen {
                    self.lenient(
                        &c::N212,
                        at,
                        at,
                        "the game ends here without `*` or a result: a tag follows its movetext",
                    );
                } else if has_game {
                    self.lenient(
                        &c::N216,
                        at,
                        at,
                        "the game ends here without movetext or terminator: the next tag \
                         repeats one of its tags and starts a new game",
                    );
                }
            }
            Stop::Fatal => {}
        }
        let junk = matches!(stop, Stop::Fatal) && self.pos < self.b.len() && !self.at_game_start();
        if has_game {
            let start = first.unwrap_or(0);
            game.span = self.span(start, last_end.max(start));
            self.finish(Some(game), junk)
        } else {
            self.finish(None, junk)
        }
    }

    fn at_game_start(&self) -> bool {
        self.b.get(self.pos) == Some(&b'[')
    }

    fn finish(&mut self, game: Option<Game>, junk: bool) -> Parsed {
        Parsed {
            game,
            end: self.pos,
            diagnostics: std::mem::take(&mut self.diags),
            junk,
            once: self.once,
        }
    }

    /// Where a run of non-blank characters starting at `start` ends.
    fn token_end(&mut self, start: usize) -> usize {
        let mut i = start;
        while let Some(b) = self.b.get(i) {
            if is_ws(*b) || (i > start && matches!(b, b'{' | b'(' | b')' | b'[')) {
                break;
            }
            i += 1;
        }
        while !self.s.is_char_boundary(i) {
            i += 1;
        }
        i.max(start + 1).min(self.b.len())
    }

    fn fatal(&mut self, start: usize, end: usize, msg: impl Into<String>) -> Stop {
        if !self.fatal_reported {
            let end = end.min(self.b.len());
            self.error(&c::S105, start, end, msg);
            self.fatal_reported = true;
        }
        self.pos = start;
        self.skip_to_next_game(true)
    }

    /// Recovery after an error already reported.
    fn fatal_recover(&mut self, content: bool) -> Stop {
        self.fatal_reported = true;
        self.skip_to_next_game(content)
    }

    /// Skips to the next line that starts with `[`, or just after a terminator when the game
    /// already had content; gives up (ending the chunk) after [`SKIP_CAP`] bytes.
    fn skip_to_next_game(&mut self, after_terminator: bool) -> Stop {
        let from = self.pos;
        let mut i = self.pos;
        loop {
            if i - from > SKIP_CAP {
                while !self.s.is_char_boundary(i) {
                    i += 1;
                }
                self.pos = i;
                return Stop::Fatal;
            }
            let Some(b) = self.at(i) else {
                self.pos = i;
                return Stop::Fatal;
            };
            if b == b'[' && i > from && self.at_line_start(i) {
                self.pos = i;
                return Stop::Fatal;
            }
            if after_terminator && i > from && is_ws(self.b[i - 1]) {
                let rest = &self.b[i..];
                let term_len = if b == b'*' {
                    Some(1)
                } else {
                    ["1/2-1/2", "1-0", "0-1", "2-0", "0-2", "1-1", "0-0"]
                        .iter()
                        .find(|r| rest.starts_with(r.as_bytes()))
                        .map(|r| r.len())
                };
                if let Some(n) = term_len {
                    match self.at(i + n) {
                        Some(b) if is_ws(b) => {
                            self.pos = i + n;
                            self.take_line_end();
                            return Stop::Fatal;
                        }
                        None if self.eof => {
                            self.pos = i + n;
                            return Stop::Fatal;
                        }
                        _ => {}
                    }
                }
            }
            i += 1;
        }
    }

    /// Skips a variation nested deeper than the limit (the `(` is at `self.pos`). Returns true
    /// when a tag line interrupted it.
    fn skip_deep_variation(&mut self, depth: usize) -> bool {
        let start = self.pos;
        let mut d = 0usize;
        let mut i = start;
        let mut tag = false;
        while let Some(b) = self.at(i) {
            match b {
                b'(' => d += 1,
                b')' => {
                    d -= 1;
                    if d == 0 {
                        i += 1;
                        break;
                    }
                }
                b'{' => {
                    while let Some(b) = self.at(i) {
                        if b == b'}' {
                            break;
                        }
                        i += 1;
                    }
                }
                b'[' if self.at_line_start(i) => {
                    tag = true;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        let i = i.min(self.b.len());
        self.pos = i;
        self.error(
            &c::S109,
            start,
            start + 1,
            format!(
                "variations nested deeper than {depth} levels are not read: {} bytes skipped",
                i - start
            ),
        );
        tag
    }

    /// Attaches a strength mark to the move just before it.
    fn attach_strength(
        &mut self,
        body: &mut [Element],
        st: Strength,
        at: usize,
        check_space: bool,
    ) {
        if let Some(Element::Move(m)) = body.last_mut() {
            if m.strength.is_none() {
                let move_end = m.span.end - self.base;
                if check_space && at > move_end {
                    self.lenient(
                        &c::N205,
                        move_end,
                        at,
                        "no space may stand between a move and its strength mark",
                    );
                }
                m.strength = Some(st);
                return;
            }
        }
        self.error(
            &c::S111,
            st.span.start - self.base,
            st.span.end - self.base,
            "this strength mark follows no move; it is dropped",
        );
    }

    /// A parenthesised group whose words do not read as movetext (`(a note here)`), as some
    /// programs write their notes: the index of its closing `)`. The group's own words, up to
    /// its first nested `(` or its `)`, decide; a group of moves is a variation. A group not
    /// closed before the next tag line is left to the variation reading (and its S104).
    fn paren_note(&mut self, start: usize) -> Option<usize> {
        let mut i = start + 1;
        loop {
            if i - start > SKIP_CAP {
                return None;
            }
            let b = self.at(i)?;
            if is_ws(b) {
                i += 1;
                continue;
            }
            match b {
                b'(' | b')' => return None,
                b'{' => {
                    while self.at(i)? != b'}' && i - start <= SKIP_CAP {
                        i += 1;
                    }
                    i += 1;
                }
                b'[' if self.at_line_start(i) => return None,
                b';' | b'%' => {
                    while !matches!(self.at(i), None | Some(b'\n' | b'\r')) {
                        i += 1;
                    }
                }
                b'/' => {
                    // A setup command: up to its closing slash on the line.
                    i += 1;
                    while !matches!(self.at(i)?, b'/' | b'\n' | b'\r') {
                        i += 1;
                    }
                    i += 1;
                }
                _ => {
                    let end = self.word_end(i);
                    // A lone bracket (`[` inside a line, `]`, `}`) is no movetext word.
                    if end == i || !self.movetext_word(i, end) {
                        break;
                    }
                    i = end;
                }
            }
        }
        // A note: find its closing parenthesis (notes may hold parentheses of their own).
        let mut depth = 0usize;
        let mut j = start;
        loop {
            if j - start > SKIP_CAP {
                return None;
            }
            match self.at(j)? {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(j);
                    }
                }
                b'[' if self.at_line_start(j) => return None,
                _ => {}
            }
            j += 1;
        }
    }

    /// Where a word of a parenthesised group ends: at a blank or a bracket of any kind.
    fn word_end(&mut self, start: usize) -> usize {
        let mut i = start;
        while let Some(b) = self.at(i) {
            if is_ws(b) || matches!(b, b'(' | b')' | b'{' | b'}' | b'[' | b']') {
                break;
            }
            i += 1;
        }
        i
    }

    /// True when `start..end` reads as a movetext word: a move number, a move (numeric,
    /// algebraic in either case, or Russian short notation), a result, `*`, a NAG, a strength.
    fn movetext_word(&mut self, start: usize, end: usize) -> bool {
        let w = &self.b[start..end.min(self.b.len())];
        let Some(&first) = w.first() else {
            return true;
        };
        let move_char = |b: &u8| {
            b.is_ascii_digit()
                || matches!(
                    b,
                    b'-' | b'x' | b'X' | b':' | b'.' | b'!' | b'?' | b'*' | b'/'
                )
        };
        match first {
            // `1.c3-d4`: a move number glued to an algebraic move.
            b'0'..=b'9' | b'.' | b'*' | b'!' | b'?' => {
                w.iter().all(|b| move_char(b) || is_any_file_letter(*b))
            }
            b'$' => w[1..].iter().all(u8::is_ascii_digit),
            b if is_any_file_letter(b) => {
                let square_start = w.get(1).is_some_and(u8::is_ascii_digit);
                (square_start || self.short_origin_at(start))
                    && w.iter().all(|b| move_char(b) || is_any_file_letter(*b))
            }
            _ => false,
        }
    }

    /// The comment a parenthesised note at `start..=close` is kept as, reported once per file.
    fn note_comment(&mut self, start: usize, close: usize) -> Comment {
        if !self.once.paren_note {
            self.once.paren_note = true;
            self.lenient(
                &c::N222,
                start,
                close + 1,
                "this parenthesised text is not moves: it is kept as a comment, not read as a \
                 variation (reported once per file)",
            );
        }
        self.pos = close + 1;
        let text = &self.s[start + 1..close];
        let commands = if text.contains("[%") {
            commands(text, self.base + start + 1)
        } else {
            Vec::new()
        };
        Comment {
            text: text.to_string(),
            commands,
            semicolon: false,
            span: self.span(start, close + 1),
        }
    }

    /// `(?)`, `(!?)`: a parenthesised strength, not a variation.
    fn paren_strength(&mut self, start: usize) -> Option<Strength> {
        let mut i = start + 1;
        while matches!(self.at(i), Some(b'!' | b'?')) {
            i += 1;
        }
        if i > start + 1 && self.at(i) == Some(b')') {
            self.pos = i + 1;
            Some(Strength {
                marks: RawText::new(&self.s[start + 1..i]).unwrap_or(RawText::EMPTY),
                parenthesized: true,
                span: self.span(start, i + 1),
            })
        } else {
            None
        }
    }

    /// Past the blanks at `i`, and past one line break and the blanks after it when what follows
    /// is `wanted`: a tag broken over two lines (`[` / `Event "x"]`, `[Event` / `"x"]`,
    /// `[Event "x"` / `]`), which import-format files carry. Returns the index reached and
    /// whether anything was skipped.
    fn tag_gap(&mut self, i: usize, wanted: impl Fn(&mut Self, usize) -> bool) -> (usize, bool) {
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
    fn name_then_value(&mut self, i: usize) -> bool {
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

    fn tag(&mut self) -> Option<Tag> {
        let open = self.pos;
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
            self.pos = i;
            self.skip_tag_rest();
            self.error(
                &c::S106,
                open,
                self.pos,
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
                format!("tag name `{name}` does not start with a capital letter"),
            );
        }
        let (after, _) = self.tag_gap(i, |p, k| p.at(k) == Some(b'"'));
        // One blank between name and value is usual; more, or a line break, is reported.
        if after > i + 1 || self.b[i..after].iter().any(|b| matches!(b, b'\n' | b'\r')) {
            spacing = true;
        }
        i = after;
        let value_start = i;
        let value;
        let mut closed_line = false;
        if self.at(i) == Some(b'"') {
            let mut v = String::new();
            let mut j = i + 1;
            let mut seg = j;
            let mut terminated = false;
            while let Some(b) = self.at(j) {
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
            value = v;
        } else {
            let mut j = i;
            while let Some(b) = self.at(j) {
                if matches!(b, b']' | b'\n' | b'\r') {
                    break;
                }
                j += 1;
            }
            value = self.s[i..j].trim().to_string();
            self.error(
                &c::S106,
                open,
                j.max(open + 1),
                format!("tag `{name}` has no quoted value"),
            );
            i = j;
        }
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
                    format!("tag `{name}` is not closed with `]`"),
                );
            }
            i
        };
        self.pos = end;
        if spacing {
            let broken = self.b[open..end].iter().any(|b| matches!(b, b'\n' | b'\r'));
            self.lenient(
                &c::N201,
                open,
                end,
                if broken {
                    format!("tag `{name}` is broken over two lines")
                } else {
                    format!("extra spaces inside tag `{name}`")
                },
            );
        }
        if name == "GameType" {
            let v = value.trim_start();
            let num: String = v.chars().take_while(|c| c.is_ascii_digit()).collect();
            self.colon_ok = num == "25" || num == "41";
        }
        if name == "Result" {
            // Kept only when it is a score but not a standard result: then a score like `4-6`
            // may end the game. A value that is no score (`-`, `?`, words) says nothing about
            // how the movetext ends, so it never makes a move read as a result.
            let compact: String = value.chars().filter(|c| !c.is_whitespace()).collect();
            let standard = ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*", ""];
            let a_score = |t: &str| {
                let r: IResult<&str, &str> =
                    recognize((score, space0, char('-'), space0, score)).parse(t);
                r.is_ok_and(|(rest, _)| rest.is_empty())
            };
            let is_score = a_score(value.trim()) || a_score(&compact);
            self.result_tag =
                (is_score && !standard.contains(&compact.as_str())).then_some(compact);
            if matches!(value.trim(), "-" | "\u{2013}" | "\u{2014}") {
                let (a, z) = (value_start, i);
                self.dash_result(a, z, "the Result tag");
            }
        }
        Some(Tag {
            name: name.to_string(),
            name_span,
            value,
            value_span,
            span: self.span(open, end),
        })
    }

    fn skip_tag_rest(&mut self) {
        while let Some(b) = self.at(self.pos) {
            match b {
                b']' => {
                    self.pos += 1;
                    return;
                }
                b'\n' | b'\r' => return,
                _ => self.pos += 1,
            }
        }
    }

    /// A `{...}` comment; `None` after reporting an unterminated one.
    fn comment(&mut self) -> Option<Comment> {
        let open = self.pos;
        let mut i = open + 1;
        let mut depth = 1usize;
        let mut first_close: Option<usize> = None;
        let mut nested = false;
        let end = loop {
            if i - open > COMMENT_CAP && first_close.is_none() {
                // A runaway comment: do not buffer the rest of a huge file to find its end.
                break None;
            }
            let Some(b) = self.at(i) else {
                break None;
            };
            match b {
                b'{' => {
                    depth += 1;
                    nested = true;
                }
                b'}' => {
                    if first_close.is_none() {
                        first_close = Some(i);
                    }
                    depth -= 1;
                    if depth == 0 {
                        break Some(i);
                    }
                }
                b'\n' | b'\r' => {
                    // A tag line ends a runaway comment.
                    let mut j = i + 1;
                    while matches!(self.b.get(j), Some(b' ' | b'\t' | b'\n' | b'\r')) {
                        j += 1;
                    }
                    if self.b.get(j) == Some(&b'[')
                        && self.b.get(j + 1).is_some_and(|b| b.is_ascii_alphabetic())
                    {
                        break None;
                    }
                }
                _ => {}
            }
            i += 1;
        };
        let close = match (end, first_close) {
            (Some(e), _) if nested && first_close != Some(e) => {
                self.lenient(
                    &c::N209,
                    open,
                    e + 1,
                    "comments cannot nest; this one holds braces inside it",
                );
                e
            }
            (Some(e), _) => e,
            (None, Some(fc)) => fc,
            (None, None) => {
                self.pos = i.min(self.b.len());
                let msg = if i - open > COMMENT_CAP {
                    "this comment is not closed within 1.5 MB: it is taken as never closed"
                } else {
                    "this comment is never closed"
                };
                self.error(&c::S101, open, open + 1, msg);
                return None;
            }
        };
        self.pos = close + 1;
        let text = &self.s[open + 1..close];
        let commands = if text.contains("[%") {
            commands(text, self.base + open + 1)
        } else {
            Vec::new()
        };
        Some(Comment {
            text: text.to_string(),
            commands,
            semicolon: false,
            span: self.span(open, close + 1),
        })
    }

    fn setup(&mut self) -> Option<Setup> {
        let open = self.pos;
        let mut i = open + 1;
        loop {
            match self.at(i) {
                Some(b'/') => break,
                Some(b'\n' | b'\r') | None => {
                    self.pos = i.min(self.b.len());
                    self.error(
                        &c::S110,
                        open,
                        open + 1,
                        "this setup command has no closing `/`",
                    );
                    return None;
                }
                _ => i += 1,
            }
        }
        let raw = &self.s[open + 1..i];
        self.pos = i + 1;
        let t = raw.trim();
        let fen = t
            .strip_prefix("FEN")
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix('"'))
            .and_then(|r| r.strip_suffix('"'))
            .map(str::to_string);
        Some(Setup {
            raw: raw.to_string(),
            fen,
            span: self.span(open, i + 1),
        })
    }

    /// A dash (`-`, `–` or `—`) at `start` that ends the game (blank, then the end of the text
    /// or a tag): its length in bytes.
    fn dash_terminator(&mut self, start: usize) -> Option<usize> {
        let rest = &self.s[start..];
        let len = if rest.starts_with('-') {
            1
        } else if rest.starts_with('\u{2013}') || rest.starts_with('\u{2014}') {
            3
        } else {
            return None;
        };
        let after = self.at(start + len);
        if after.is_some_and(|b| !is_ws(b)) {
            return None;
        }
        self.ends_game_after(start + len).then_some(len)
    }

    /// Reports a dash read as "no result", once per file.
    fn dash_result(&mut self, start: usize, end: usize, what: &str) {
        if self.once.dash_result {
            return;
        }
        self.once.dash_result = true;
        let dash = &self.s[start..end];
        self.lenient(
            &c::N221,
            start,
            end,
            format!(
                "`{}` as {what} is read as no result, like `*` (reported once per file)",
                dash.trim_matches('"')
            ),
        );
    }

    /// After a score at `i..j`: does the game end here (blank, then the end or a tag)?
    fn ends_game_after(&mut self, mut j: usize) -> bool {
        while let Some(b) = self.at(j) {
            if is_ws(b) {
                j += 1;
            } else {
                return b == b'[';
            }
        }
        true
    }

    fn result(&mut self, start: usize) -> Option<GameResult> {
        // Cheap test first: what follows the first run of digits.
        let mut d = start;
        while self.b.get(d).is_some_and(u8::is_ascii_digit) {
            d += 1;
        }
        let after = self.b.get(d).copied();
        let second = self.b.get(d + 1).copied();
        let standard_possible = d == start + 1 && matches!(after, Some(b'-' | b'/'));
        let loose_possible = match after {
            Some(b'/' | b' ') => true,
            Some(b'.') => second.is_some_and(|b| b.is_ascii_digit()),
            Some(b'-') => self.result_tag.is_some(),
            _ => false,
        };
        if !standard_possible && !loose_possible {
            return None;
        }
        // Standard results: must not be followed by a digit (`1-10` is a move).
        let rest = &self.s[start..];
        let std_res: Option<&str> = if !standard_possible {
            None
        } else if rest.starts_with("1/2-1/2") {
            Some(&rest[..7])
        } else {
            match rest.as_bytes() {
                [b'1', b'-', b'0', ..]
                | [b'0', b'-', b'1', ..]
                | [b'2', b'-', b'0', ..]
                | [b'0', b'-', b'2', ..]
                | [b'1', b'-', b'1', ..]
                | [b'0', b'-', b'0', ..] => Some(&rest[..3]),
                _ => None,
            }
        };
        if let Some(r) = std_res {
            let end = start + r.len();
            // Peek (and ask for more text) so `1-1` at a block end is not cut from `1-10`.
            let next = self.at(end);
            if !next.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'/' || b == b'.') {
                self.pos = end;
                let kind = match r {
                    "1/2-1/2" => ResultKind::Draw1,
                    "1-0" => ResultKind::Win1,
                    "0-1" => ResultKind::Loss1,
                    "2-0" => ResultKind::Win2,
                    "0-2" => ResultKind::Loss2,
                    "1-1" => ResultKind::Draw2,
                    _ => ResultKind::DoubleForfeit,
                };
                return Some(GameResult {
                    kind,
                    raw: r.to_string(),
                    span: self.span(start, end),
                });
            }
        }
        // Other scores: `4-6` only where it ends the game and the Result tag is not a standard
        // one, or equals the Result tag; scores no move can look like anywhere.
        let loose: IResult<&str, &str> =
            recognize((score, space0, char('-'), space0, score)).parse(rest);
        if let Ok((_, r)) = loose {
            let end = start + r.len();
            if self.at(end).is_some_and(|b| !is_ws(b) && b != b'{') {
                return None;
            }
            let tag_matches = self
                .result_tag
                .as_deref()
                .is_some_and(|t| t.bytes().eq(r.bytes().filter(|b| !b.is_ascii_whitespace())));
            let tag_is_other = self.result_tag.is_some();
            // `4-6` could be a move; `1 1/2 - 1/2` or `1.01-0.99` cannot.
            let integer = |t: &str| t.trim().bytes().all(|b| b.is_ascii_digit());
            let plain_move = r
                .split_once('-')
                .is_none_or(|(a, b)| integer(a) || integer(b));
            let ok = tag_matches
                || !plain_move
                || (tag_is_other && self.ends_game_after(end) && self.result_tag.is_some());
            if ok {
                self.pos = end;
                self.lenient(
                    &c::N208,
                    start,
                    end,
                    format!("`{r}` is not a standard PDN result"),
                );
                return Some(GameResult {
                    kind: ResultKind::Other,
                    raw: r.to_string(),
                    span: self.span(start, end),
                });
            }
        }
        None
    }

    fn move_number(&mut self, start: usize) -> Option<MoveNumber> {
        let mut i = start;
        while self.at(i).is_some_and(|b| b.is_ascii_digit()) {
            i += 1;
        }
        if self.at(i) != Some(b'.') {
            return None;
        }
        let digits = &self.s[start..i];
        let mut j = i;
        while self.at(j) == Some(b'.') {
            j += 1;
        }
        let dots = j - i;
        // `1. ...`-style: three dots glued are the second player's marker.
        self.pos = j;
        let zero_padded = digits.len() > 1 && digits.starts_with('0');
        if zero_padded {
            self.lenient(
                &c::N203,
                start,
                i,
                format!("move number `{digits}` has a leading zero"),
            );
        }
        let number = match digits.parse::<u32>() {
            Ok(n) => n,
            Err(_) => {
                self.error(
                    &c::S112,
                    start,
                    i,
                    format!(
                        "this move number has {} digits: it is too large to be stored (at \
                         most 4294967295) and is kept as 4294967295",
                        i - start
                    ),
                );
                u32::MAX
            }
        };
        Some(MoveNumber {
            number,
            second_player: dots >= 2,
            zero_padded,
            span: self.span(start, j),
        })
    }

    /// Russian short notation starts at `i`: a file letter, then the square the man goes to
    /// (`cd4`) or a capture separator and the square it captures to (`b:d4`, `bxd4`).
    fn short_origin_at(&mut self, i: usize) -> bool {
        if !self.at(i).is_some_and(is_file_letter) {
            return false;
        }
        let (next, after) = (self.at(i + 1), self.at(i + 2));
        match next {
            Some(b) if is_file_letter(b) => after.is_some_and(|d| d.is_ascii_digit()),
            Some(b':' | b'x') => {
                after.is_some_and(is_file_letter)
                    && self.at(i + 3).is_some_and(|d| d.is_ascii_digit())
            }
            _ => false,
        }
    }

    /// Lexes one square at `i`: returns its end and value.
    fn square(&mut self, i: usize) -> Option<(usize, SquareValue)> {
        let b = self.at(i)?;
        if b.is_ascii_digit() {
            let mut j = i;
            let mut v: u32 = 0;
            while let Some(d) = self.at(j).filter(u8::is_ascii_digit) {
                v = v.saturating_mul(10).saturating_add(u32::from(d - b'0'));
                j += 1;
            }
            return Some((j, SquareValue::Numeric(v.min(u16::MAX as u32) as u16)));
        }
        if is_any_file_letter(b) {
            let d1 = self.at(i + 1)?;
            if !d1.is_ascii_digit() || d1 == b'0' {
                return None;
            }
            let mut j = i + 2;
            let mut rank = d1 - b'0';
            if d1 == b'1' {
                if let Some(d2 @ b'0'..=b'2') = self.at(j) {
                    if !self.at(j + 1).is_some_and(|b| b.is_ascii_digit()) {
                        rank = 10 + (d2 - b'0');
                        j += 1;
                    }
                }
            }
            return Some((
                j,
                SquareValue::Algebraic {
                    file: b.to_ascii_lowercase() - b'a',
                    rank,
                },
            ));
        }
        None
    }

    fn square_token(
        &self,
        s: usize,
        e: usize,
        value: SquareValue,
        sep: Option<Separator>,
    ) -> SquareToken {
        SquareToken {
            raw: RawText::new(&self.s[s..e]).unwrap_or(RawText::EMPTY),
            value,
            span: self.span(s, e),
            separator: sep,
        }
    }

    /// A move token at `start` (a digit or a file letter). Reports and skips what is not one.
    fn mv(&mut self, start: usize) -> Option<Move> {
        let first = match self.square(start) {
            Some(sq) => Some(sq),
            None if self.short_origin_at(start) => Some((
                start + 1,
                SquareValue::File {
                    file: self.b[start] - b'a',
                },
            )),
            None => None,
        };
        let Some((e1, v1)) = first else {
            self.pos = self.token_end(start);
            self.error(&c::S107, start, self.pos, "this is not a square");
            return None;
        };
        // A buffer reused from move to move: no allocation per move.
        let mut squares = std::mem::take(&mut self.scratch);
        squares.clear();
        // Separator-less numeric run: 3228.
        if let SquareValue::Numeric(_) = v1 {
            let len = e1 - start;
            let next = self.at(e1);
            let glued_sep = next.is_some_and(is_sep);
            if len >= 3 && !glued_sep && next != Some(b'.') {
                self.pos = e1;
                let digits = &self.s[start..e1];
                return self.numeric_run(start, e1, digits);
            }
        }
        if e1 - start > RawText::CAPACITY {
            self.pos = e1;
            self.error(&c::S107, start, e1, "this square number is far too long");
            return None;
        }
        squares.push(self.square_token(start, e1, v1, None));
        let mut end = e1;
        let mut spaced = false;
        loop {
            // Separator, possibly with blanks around it (non-standard).
            let mut i = end;
            while matches!(self.at(i), Some(b' ' | b'\t')) {
                i += 1;
            }
            let Some(sb) = self.at(i).filter(|&b| is_sep(b)) else {
                // Separator-less algebraic move: a3b4.
                let letters =
                    matches!(v1, SquareValue::Algebraic { .. } | SquareValue::File { .. });
                if i == end && squares.len() == 1 && letters {
                    if let Some(b) = self.at(end) {
                        if is_any_file_letter(b) {
                            if let Some((e2, v2)) = self.square(end) {
                                if matches!(v2, SquareValue::Algebraic { .. }) {
                                    squares.push(self.square_token(end, e2, v2, None));
                                    end = e2;
                                }
                            }
                        }
                    }
                }
                break;
            };
            // A blank before the separator only counts when a square follows it.
            let sep_pos = i;
            let mut k = i + 1;
            while matches!(self.at(k), Some(b' ' | b'\t')) {
                k += 1;
            }
            let Some((e2, v2)) = self.square(k) else {
                if sep_pos == end {
                    self.pos = sep_pos + 1;
                    self.error(
                        &c::S107,
                        start,
                        sep_pos + 1,
                        "a separator with no square after it",
                    );
                    return None;
                }
                break;
            };
            if e2 - k > RawText::CAPACITY {
                break;
            }
            if sep_pos != end || k != sep_pos + 1 {
                spaced = true;
            }
            let kind = match sb {
                b'-' => SeparatorKind::Move,
                b'x' => SeparatorKind::Capture,
                b'X' => SeparatorKind::CaptureUpper,
                _ => SeparatorKind::Colon,
            };
            let sep = Separator {
                kind,
                span: self.span(sep_pos, sep_pos + 1),
            };
            squares.push(self.square_token(k, e2, v2, Some(sep)));
            end = e2;
        }
        self.pos = end;
        if squares.len() < 2 {
            self.error(
                &c::S107,
                start,
                end,
                format!("`{}` is a square, not a move", &self.s[start..end]),
            );
            return None;
        }
        if spaced {
            self.lenient(&c::N204, start, end, "spaces inside a move");
        }
        if !self.once.upper_case
            && squares
                .iter()
                .any(|s| s.raw.as_bytes().first().is_some_and(u8::is_ascii_uppercase))
        {
            self.once.upper_case = true;
            self.lenient(
                &c::N219,
                start,
                end,
                format!(
                    "`{}` writes its squares in upper case; read as `{}` (reported once per \
                     file)",
                    &self.s[start..end],
                    self.s[start..end].to_ascii_lowercase()
                ),
            );
        }
        if matches!(v1, SquareValue::File { .. }) && !self.once.short_notation {
            self.once.short_notation = true;
            self.lenient(
                &c::N220,
                start,
                end,
                format!(
                    "`{}` is Russian short notation: the file the man starts from, then where \
                     it goes; the replay finds the man (reported once per file)",
                    &self.s[start..end]
                ),
            );
        }
        if squares
            .iter()
            .any(|s| s.raw.as_bytes().len() > 1 && s.raw.as_bytes()[0] == b'0')
        {
            self.lenient(&c::N203, start, end, "square written with a leading zero");
        }
        let mut has_move_sep = false;
        let mut has_capture = false;
        for s in &squares {
            if let Some(sep) = s.separator {
                match sep.kind {
                    SeparatorKind::Move => has_move_sep = true,
                    SeparatorKind::Capture => has_capture = true,
                    SeparatorKind::CaptureUpper => {
                        has_capture = true;
                        self.lenient(
                            &c::N206,
                            sep.span.start - self.base,
                            sep.span.end - self.base,
                            "`X` as capture separator; PDN writes `x`",
                        );
                    }
                    SeparatorKind::Colon => {
                        has_capture = true;
                        if !self.colon_ok {
                            self.lenient(
                                &c::N206,
                                sep.span.start - self.base,
                                sep.span.end - self.base,
                                "`:` as capture separator; PDN writes `x` in this game type",
                            );
                        }
                    }
                }
            }
        }
        if has_move_sep && (squares.len() > 2 || has_capture) {
            self.lenient(
                &c::N214,
                start,
                end,
                "only captures list more than two squares, and only with capture separators",
            );
        }
        let span = self.span(start, end);
        let strength = self.strength_after(end);
        let list = SquareList::from_slice(&squares);
        self.scratch = squares;
        Some(Move {
            squares: list,
            strength,
            span,
        })
    }

    /// A strength glued to the move ending at `end` (`!`, `(?)`, or a PDN 2.0 `*`).
    fn strength_after(&mut self, end: usize) -> Option<Strength> {
        match self.at(end) {
            Some(b'!' | b'?') => {
                let mut i = end;
                while matches!(self.at(i), Some(b'!' | b'?')) {
                    i += 1;
                }
                self.pos = i;
                Some(Strength {
                    marks: RawText::new(&self.s[end..i]).unwrap_or(RawText::EMPTY),
                    parenthesized: false,
                    span: self.span(end, i),
                })
            }
            Some(b'(') => self.paren_strength(end),
            Some(b'*') => {
                // A star glued to a move is a strength when more movetext follows.
                if self.ends_game_after(end + 1) {
                    return None;
                }
                self.pos = end + 1;
                self.lenient(
                    &c::N207,
                    end,
                    end + 1,
                    "`*` after a move is a PDN 2.0 star; PDN 3.0 writes `$7`",
                );
                Some(Strength {
                    marks: RawText::new("*").unwrap_or(RawText::EMPTY),
                    parenthesized: false,
                    span: self.span(end, end + 1),
                })
            }
            _ => None,
        }
    }

    /// `3228` or `911`: a numeric move without separator.
    fn numeric_run(&mut self, start: usize, end: usize, digits: &str) -> Option<Move> {
        let valid =
            |t: &str| !t.starts_with('0') && t.parse::<u16>().is_ok_and(|v| (1..=72).contains(&v));
        let split = match digits.len() {
            4 => {
                let (a, b) = digits.split_at(2);
                (a.parse::<u16>().is_ok_and(|v| (1..=72).contains(&v))
                    && b.parse::<u16>().is_ok_and(|v| (1..=72).contains(&v)))
                .then_some(2)
            }
            3 => {
                let one = valid(&digits[..1]) && valid(&digits[1..]);
                let two = valid(&digits[..2]) && valid(&digits[2..]);
                match (one, two) {
                    (true, false) => Some(1),
                    (false, true) => Some(2),
                    _ => None,
                }
            }
            _ => None,
        };
        let Some(k) = split else {
            self.error(
                &c::S108,
                start,
                end,
                format!("`{digits}` cannot be split into two squares in one way"),
            );
            return None;
        };
        self.lenient(
            &c::N213,
            start,
            end,
            format!(
                "`{digits}` has no separator; read as {}-{}",
                &digits[..k],
                &digits[k..]
            ),
        );
        let num = |t: &str| SquareValue::Numeric(t.parse::<u16>().unwrap_or(0));
        let squares = SquareList::from_slice(&[
            self.square_token(start, start + k, num(&digits[..k]), None),
            self.square_token(start + k, end, num(&digits[k..]), None),
        ]);
        let strength = self.strength_after(end);
        Some(Move {
            squares,
            strength,
            span: self.span(start, end),
        })
    }
}

/// A score of a non-standard result: `4`, `1/2`, `1.01`, `1 1/2`.
fn score(i: &str) -> IResult<&str, &str> {
    recognize((
        digit1,
        opt(alt((
            preceded(char(' '), recognize((digit1, char('/'), digit1))),
            recognize((one_of("./"), digit1)),
        ))),
    ))
    .parse(i)
}

/// Embedded commands `[%name args]` in a comment's text, which starts at file offset `base`.
pub(crate) fn commands(text: &str, base: usize) -> Vec<Command> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = text[from..].find("[%") {
        let open = from + k;
        let Some(close_rel) = text[open..].find(']') else {
            break;
        };
        let close = open + close_rel;
        let inner = &text[open + 2..close];
        let name_len = inner
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(inner.len());
        let name = &inner[..name_len];
        let args = inner[name_len..].trim();
        let clocks = if matches!(name, "clock" | "clk" | "mct" | "egt" | "emt") {
            clock_args(args).unwrap_or_default()
        } else {
            Vec::new()
        };
        out.push(Command {
            name: name.to_string(),
            args: args.to_string(),
            clocks,
            span: Span::new(base + open, base + close + 1),
        });
        from = close + 1;
    }
    out
}

fn clock_time(i: &str) -> IResult<&str, ClockTime> {
    let (i, side) = opt(one_of("wWbB")).parse(i)?;
    let (i, (h, _, m, _, s)) = (digit1, char(':'), digit1, char(':'), digit1).parse(i)?;
    let bad = h.len() > 2 || m.len() != 2 || s.len() != 2;
    let n = |t: &str| t.parse::<u32>().unwrap_or(0);
    if bad {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Verify,
        )));
    }
    Ok((
        i,
        ClockTime {
            side: side.map(|c| c.to_ascii_lowercase()),
            running: side.is_some_and(|c| c.is_ascii_uppercase()),
            seconds: n(h) * 3600 + n(m) * 60 + n(s),
        },
    ))
}

/// One or two clock times, as the standard's clock command has them.
fn clock_args(args: &str) -> Option<Vec<ClockTime>> {
    let (rest, first) = clock_time(args).ok()?;
    let rest = rest.trim_start();
    if rest.is_empty() {
        return Some(vec![first]);
    }
    let (rest, second) = clock_time(rest).ok()?;
    rest.trim().is_empty().then(|| vec![first, second])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_command_fits_the_standard_form() {
        let cmds = commands("[%clock w0:00:10 B0:00:03] x", 100);
        assert_eq!(cmds.len(), 1);
        assert_eq!(cmds[0].name, "clock");
        assert_eq!(cmds[0].clocks.len(), 2);
        assert_eq!(cmds[0].clocks[0].seconds, 10);
        assert!(cmds[0].clocks[1].running);
        assert_eq!(cmds[0].span, Span::new(100, 126));
        let cmds = commands("[%clk 1:55:21]", 0);
        assert_eq!(cmds[0].clocks[0].seconds, 6921);
        let cmds = commands("[%csl R12,G23]", 0);
        assert_eq!(cmds[0].args, "R12,G23");
        assert!(cmds[0].clocks.is_empty());
    }
}
