//! Reading one token at the parser's place: blanks, comments, variations' parentheses, NAGs,
//! setup commands, terminators, move numbers; moves are read in `moves`.

use super::*;

impl<'a> P<'a, '_> {
    /// Skips white space and `%` line comments.
    pub(super) fn skip_ws(&mut self) {
        loop {
            // Plain blanks first, without the checks below.
            self.g.pos = blanks_end(self.b, self.g.pos);
            match self.at(self.g.pos) {
                Some(b) if is_ws(b) => self.g.pos += 1,
                Some(b'%') => self.skip_to_eol(),
                Some(0xef) if self.s[self.g.pos..].starts_with(BOM) => {
                    self.g.shown.insert(Dialects::INNER_BOM);
                    if !self.g.once.inner_bom {
                        self.g.once.inner_bom = true;
                        self.lenient(
                            &c::N225,
                            self.g.pos,
                            self.g.pos + BOM.len_utf8(),
                            "a byte order mark (U+FEFF) inside the file, as where files saved \
                             with one were joined: it is read as white space (reported once per \
                             file)",
                        );
                    }
                    self.g.pos += BOM.len_utf8();
                }
                Some(b'\\') if matches!(self.b.get(self.g.pos + 1), Some(b'n' | b'r')) => {
                    self.g.shown.insert(Dialects::ESCAPED_BREAK);
                    if !self.g.once.escaped_break {
                        self.g.once.escaped_break = true;
                        let what = if self.b.get(self.g.pos + 1) == Some(&b'n') {
                            "n"
                        } else {
                            "r"
                        };
                        self.lenient(
                            &c::N217,
                            self.g.pos,
                            self.g.pos + 2,
                            format!(
                                "a literal `\\{what}` is read as a line break (reported once \
                                 per file)"
                            ),
                        );
                    }
                    self.g.pos += 2;
                }
                _ => return,
            }
        }
    }

    pub(super) fn skip_to_eol(&mut self) {
        match line_break_from(self.b, self.g.pos) {
            Some(k) => self.g.pos = k,
            None => self.run_to_end(),
        }
    }

    /// Goes to the end of the text, which a token ran into: it may go on in more text.
    pub(super) fn run_to_end(&mut self) {
        self.g.pos = self.b.len();
        self.touched = true;
    }

    /// `i`, noting that a token that ends there ran into the end of the text.
    pub(super) fn touching(&mut self, i: usize) -> usize {
        if i >= self.b.len() {
            self.touched = true;
        }
        i
    }

    /// After a terminator: the rest of the line if it is blank, with its line ending.
    pub(super) fn take_line_end(&mut self) {
        let mut i = self.g.pos;
        while let Some(b) = self.at(i) {
            match b {
                b' ' | b'\t' | 0x1a => i += 1,
                b'\n' => {
                    self.g.pos = i + 1;
                    return;
                }
                b'\r' => {
                    if self.at(i + 1) == Some(b'\n') {
                        self.g.pos = i + 2;
                    } else {
                        self.g.pos = i + 1;
                    }
                    return;
                }
                _ => return,
            }
        }
        // Only blanks up to the end of the text.
        self.g.pos = i;
    }

    /// Reads and hands over a move number or a plain numeric move (blanks before it included)
    /// without going through [`Tok`]; false when the next token is anything else, or is too
    /// close to the end of the text (then only blanks were skipped, and [`P::token`] reads on
    /// from there).
    #[inline(always)]
    pub(super) fn fast_token<V: Visitor + ?Sized>(&mut self, v: &mut V) -> bool {
        self.touched = false;
        self.skip_ws();
        let start = self.g.pos;
        // `token` asks for more text this close to the end.
        if self.touched || start + 16 >= self.b.len() {
            return false;
        }
        if !self.b[start].is_ascii_digit() {
            return false;
        }
        match self.plain_numeric(start) {
            None => return false,
            Some(Plain::Number(n)) => {
                if self.g.first.is_none() {
                    self.g.first = Some(start);
                }
                if self.element(v) {
                    let f = v.move_number(&n);
                    self.flow(f);
                }
            }
            Some(Plain::Move(end)) => {
                if self.g.first.is_none() {
                    self.g.first = Some(start);
                }
                if self.element(v) {
                    let f = v.mv(RawMove {
                        text: &self.s[start..end],
                        squares: &self.g.scratch,
                        strength: None,
                        span: self.span(start, end),
                    });
                    self.flow(f);
                }
                self.g.last_move = Some(end);
            }
        }
        self.g.content = true;
        self.g.last_end = self.g.pos;
        self.flush_diags(v);
        true
    }

    /// Reads one token (blanks before it included).
    pub(super) fn token(&mut self, snap: &mut Snapshot) -> Tok {
        self.touched = false;
        self.skip_ws();
        let start = self.g.pos;
        let Some(ch) = self.at(start) else {
            return Tok::Stop(Stop::Eof);
        };
        // A token that starts this close to the end of the text may continue in text not
        // read yet: ask for more (tokens longer than this check their own ends).
        let _ = self.at(start + 16);
        if ch != b'{' && self.g.first.is_none() {
            self.g.first = Some(start + self.g.shift);
        }
        match ch {
            b'[' => {
                if self.g.moves_seen {
                    self.g.pos = self.own_line_start(start);
                    Tok::TagStop
                } else {
                    snap.result_tag = Some(self.g.result_tag.clone());
                    let mark = self.g.diags.len();
                    Tok::Tag(self.tag(), start, mark)
                }
            }
            b'{' => match self.comment() {
                Some(cm) => Tok::Comment(cm),
                None => Tok::Stop(self.fatal_recover(self.g.content)),
            },
            b';' => self.semicolon_comment(),
            b'(' => {
                if let Some(st) = self.paren_strength(start) {
                    Tok::Strength(st, start)
                } else if let Some(close) = self.paren_note(start) {
                    Tok::Comment(self.note_comment(start, close))
                } else if self.g.open.len() >= self.options.max_depth {
                    Tok::DeepStart(start)
                } else {
                    self.g.pos += 1;
                    Tok::VariationStart(start)
                }
            }
            b')' => self.close_paren(start),
            b'!' | b'?' => self.marks(start),
            b'$' => self.nag_token(start),
            b'/' => match self.setup() {
                Some(end) => Tok::Setup(start, end),
                None => Tok::Stop(self.fatal_recover(self.g.content)),
            },
            b'*' => self.star(start),
            b'-' | 0xE2 if self.dash_terminator(start).is_some() => self.dash_token(start),
            b'.' => {
                if self.s[start..].starts_with("...") {
                    self.g.pos += 3;
                    Tok::Ellipsis(start)
                } else {
                    // Make sure a short text is not cut before the dots.
                    let _ = self.at(start + 2);
                    Tok::Stop(self.fatal(start, start + 1, "a lone `.` is not PDN"))
                }
            }
            b'0'..=b'9' => self.digit_token(start),
            b if (is_any_file_letter(b)
                && self.at(start + 1).is_some_and(|d| d.is_ascii_digit()))
                || self.short_origin_at(start) =>
            {
                match self.mv(start) {
                    Some((end, strength)) => Tok::Move(start, end, strength),
                    None => Tok::BadMove,
                }
            }
            _ => self.unreadable(start),
        }
    }

    /// A `;` comment, to the end of its line (not PDN: reported).
    fn semicolon_comment(&mut self) -> Tok {
        let s = self.g.pos;
        self.g.pos += 1;
        self.skip_to_eol();
        let text_end = s + 1 + self.s[s + 1..self.g.pos].trim_end().len();
        self.lenient(
            &c::N211,
            s,
            s + 1,
            "`;` comments are not PDN; write the note in braces",
        );
        Tok::Comment(PendingComment {
            start: s,
            end: self.g.pos,
            text: (s + 1, text_end),
            semicolon: true,
        })
    }

    /// A `)`: the end of a variation, or one that closes none (reported and skipped).
    fn close_paren(&mut self, start: usize) -> Tok {
        self.g.pos += 1;
        if self.g.open.is_empty() {
            self.error(
                &c::S104,
                start,
                start + 1,
                "this `)` closes no variation; it is skipped",
            );
            Tok::Nothing
        } else {
            Tok::VariationEnd(start)
        }
    }

    /// A strength mark standing on its own (`!`, `?!`).
    fn marks(&mut self, start: usize) -> Tok {
        let mut i = start;
        while matches!(self.at(i), Some(b'!' | b'?')) {
            i += 1;
        }
        self.g.pos = i;
        let st = Strength {
            marks: RawText::new(&self.s[start..i])
                .unwrap_or_else(|| RawText::new("?").unwrap_or(RawText::EMPTY)),
            parenthesized: false,
            span: self.span(start, i),
        };
        Tok::Strength(st, start)
    }

    /// A NAG, `$` and its number.
    fn nag_token(&mut self, start: usize) -> Tok {
        let i = digits_end(self.b, start + 1);
        let i = self.touching(i);
        if i == start + 1 {
            Tok::Stop(self.fatal(start, start + 1, "`$` must be followed by a number"))
        } else {
            self.g.pos = i;
            let value = self.nag_value(start, i);
            Tok::Nag(value, start, i)
        }
    }

    /// A `*` terminator, or one that ends no game (reported).
    fn star(&mut self, start: usize) -> Tok {
        self.g.pos += 1;
        if !self.g.content && !self.g.moves_seen {
            self.lenient(
                &c::N215,
                start,
                start + 1,
                "this `*` ends no game: nothing comes before it",
            );
            self.take_line_end();
            Tok::Stop(Stop::Orphan)
        } else {
            self.take_line_end();
            Tok::Terminator(ResultKind::Unknown, start, start + 1)
        }
    }

    /// A dash read as "no result" that ends the game, or ends no game (reported).
    fn dash_token(&mut self, start: usize) -> Tok {
        let len = self.dash_terminator(start).unwrap_or(1);
        let raw = &self.s[start..start + len];
        self.g.pos = start + len;
        if !self.g.content && !self.g.moves_seen {
            self.lenient(
                &c::N215,
                start,
                self.g.pos,
                format!("this `{}` ends no game: nothing comes before it", clip(raw)),
            );
            self.take_line_end();
            Tok::Stop(Stop::Orphan)
        } else {
            self.dash_result(start, self.g.pos, "a game terminator");
            let end = self.g.pos;
            self.take_line_end();
            Tok::Terminator(ResultKind::Unknown, start, end)
        }
    }

    /// A token that starts with a digit: a result, a move number or a move.
    fn digit_token(&mut self, start: usize) -> Tok {
        if let Some((kind, end)) = self.result(start) {
            if !self.g.content && !self.g.moves_seen {
                self.lenient(
                    &c::N215,
                    start,
                    self.g.pos,
                    format!("this result `{}` ends no game", clip(&self.s[start..end])),
                );
                self.take_line_end();
                Tok::Stop(Stop::Orphan)
            } else {
                self.take_line_end();
                Tok::Terminator(kind, start, end)
            }
        } else if let Some(n) = self.move_number(start) {
            Tok::MoveNumber(n)
        } else {
            match self.mv(start) {
                Some((end, strength)) => Tok::Move(start, end, strength),
                None => Tok::BadMove,
            }
        }
    }

    /// Text that no token starts with: reported, and the game is skipped to the next one.
    fn unreadable(&mut self, start: usize) -> Tok {
        let end = token_end(self.s, start);
        let tok = clip(&self.s[start..end]);
        let line = self.s[start..].lines().next().unwrap_or("");
        let why = if unopened_tag(line) {
            ": the line looks like a tag missing its opening `[`, and is not read as one"
        } else {
            ""
        };
        Tok::Stop(self.fatal(start, end, format!("`{tok}` is not PDN{why}")))
    }

    /// The value of the NAG `$` digits at `start..end`; a number too large to keep is reported.
    pub(super) fn nag_value(&mut self, start: usize, end: usize) -> u32 {
        match self.s[start + 1..end].parse::<u32>() {
            Ok(v) => v,
            Err(_) => {
                self.error(
                    &c::S112,
                    start,
                    end,
                    format!(
                        "this NAG's number has {} digits: it is too large to be stored (at \
                         most 4294967295) and is kept as 4294967295",
                        end - start - 1
                    ),
                );
                u32::MAX
            }
        }
    }

    /// A parenthesised group whose words do not read as movetext (`(a note here)`), as some
    /// programs write their notes: the index of its closing `)`. The group's own words, up to
    /// its first nested `(` or its `)`, decide; a group of moves is a variation. A group not
    /// closed before the next tag line is left to the variation reading (and its S104).
    pub(super) fn paren_note(&mut self, start: usize) -> Option<usize> {
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
                    // A comment, read as the comment reader reads one: to its `}`, or, never
                    // closed, to the next tag line, and then the group is no note; one holding
                    // a parenthesis makes no note either (as a `;` comment).
                    i += 1;
                    loop {
                        if i - start > SKIP_CAP {
                            return None;
                        }
                        match self.at(i)? {
                            b'}' => break,
                            b'(' | b')' => return None,
                            b'\n' | b'\r' => {
                                i += 1;
                                while i - start <= SKIP_CAP
                                    && matches!(self.at(i)?, b' ' | b'\t' | b'\n' | b'\r')
                                {
                                    i += 1;
                                }
                                if self.at(i)? == b'[' && self.at(i + 1)?.is_ascii_alphabetic() {
                                    return None;
                                }
                            }
                            _ => i += 1,
                        }
                    }
                    i += 1;
                }
                b'[' if self.at_line_start(i) => return None,
                b';' | b'%' => {
                    let from = i;
                    i = match line_break_from(self.b, i) {
                        Some(k) => k,
                        // A line longer than the cap: no note (nor asking for more text).
                        None if self.b.len() - start > SKIP_CAP => return None,
                        None => self.touching(self.b.len()),
                    };
                    // A parenthesis inside the comment: where the group closes is not for its
                    // words to say (the closing `)` found below would be in the comment).
                    if self.b[from..i.min(self.b.len())]
                        .iter()
                        .any(|&c| c == b'(' || c == b')')
                    {
                        return None;
                    }
                }
                b'/' => {
                    // A setup command: up to its closing slash on the line.
                    i += 1;
                    while !matches!(self.at(i)?, b'/' | b'\n' | b'\r') {
                        if matches!(self.at(i)?, b'(' | b')') {
                            return None;
                        }
                        i += 1;
                        if i - start > SKIP_CAP {
                            return None;
                        }
                    }
                    i += 1;
                }
                _ => {
                    // A word running on past the cap makes no note (and is read as what it
                    // is once the `(` is taken for a variation).
                    let cap = start + SKIP_CAP + 1;
                    if self.b.len() > cap && find_from(self.b, i, cap, word_stop) == cap {
                        return None;
                    }
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
    pub(super) fn word_end(&mut self, start: usize) -> usize {
        let i = find_from(self.b, start, self.b.len(), word_stop);
        self.touching(i)
    }

    /// True when `start..end` reads as a movetext word: a move number, a move (numeric,
    /// algebraic in either case, or Russian short notation), a result, `*`, a NAG, a strength.
    pub(super) fn movetext_word(&mut self, start: usize, end: usize) -> bool {
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
    pub(super) fn note_comment(&mut self, start: usize, close: usize) -> PendingComment {
        self.g.shown.insert(Dialects::PAREN_NOTE);
        if !self.g.once.paren_note {
            self.g.once.paren_note = true;
            self.lenient(
                &c::N222,
                start,
                close + 1,
                "this parenthesised text is not moves: it is kept as a comment, not read as a \
                 variation (reported once per file)",
            );
        }
        self.g.pos = close + 1;
        PendingComment {
            start,
            end: close + 1,
            text: (start + 1, close),
            semicolon: false,
        }
    }

    /// `(?)`, `(!?)`: a parenthesised strength, not a variation.
    pub(super) fn paren_strength(&mut self, start: usize) -> Option<Strength> {
        let mut i = start + 1;
        // More marks than this are no strength, whatever follows them.
        while i - start <= 64 && matches!(self.at(i), Some(b'!' | b'?')) {
            i += 1;
        }
        // Marks too many to hold are not taken for a strength: held as none, they would be
        // written as `()`, which reads as an empty variation.
        let marks = RawText::new(&self.s[start + 1..i]);
        if let (true, Some(marks), Some(b')')) = (i > start + 1, marks, self.at(i)) {
            self.g.pos = i + 1;
            Some(Strength {
                marks,
                parenthesized: true,
                span: self.span(start, i + 1),
            })
        } else {
            None
        }
    }

    /// A `{...}` comment; `None` after reporting an unterminated one.
    pub(super) fn comment(&mut self) -> Option<PendingComment> {
        let open = self.g.pos;
        let mut i = open + 1;
        let mut depth = 1usize;
        let mut first_close: Option<usize> = None;
        let mut nested = false;
        let end = loop {
            // Past the bytes that mean nothing here, a block at a time.
            let limit = if first_close.is_none() {
                open + COMMENT_CAP + 1
            } else {
                self.b.len()
            };
            i = find_from(self.b, i, limit, |b| {
                matches!(b, b'{' | b'}' | b'\n' | b'\r')
            });
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
                self.g.pos = i.min(self.b.len());
                let msg = if i - open > COMMENT_CAP {
                    "this comment is longer than the longest comment read, 1.5 MiB (1572864 \
                     bytes), with no `}` within it: it is taken as never closed"
                } else {
                    "this comment is never closed"
                };
                self.error(&c::S101, open, open + 1, msg);
                return None;
            }
        };
        self.g.pos = close + 1;
        Some(PendingComment {
            start: open,
            end: close + 1,
            text: (open + 1, close),
            semicolon: false,
        })
    }

    /// A setup command `/.../`: where it ends; `None` after reporting an unclosed one.
    pub(super) fn setup(&mut self) -> Option<usize> {
        let open = self.g.pos;
        let mut i = open + 1;
        loop {
            i = find_from(self.b, i, self.b.len(), |b| {
                matches!(b, b'/' | b'\n' | b'\r')
            });
            match self.at(i) {
                Some(b'/') => break,
                Some(b'\n' | b'\r') | None => {
                    self.g.pos = i.min(self.b.len());
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
        self.g.pos = i + 1;
        Some(i + 1)
    }

    /// A dash (`-`, `–` or `—`) at `start` that ends the game (blank, then the end of the text
    /// or a tag): its length in bytes.
    pub(super) fn dash_terminator(&mut self, start: usize) -> Option<usize> {
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
    pub(super) fn dash_result(&mut self, start: usize, end: usize, what: &str) {
        self.g.shown.insert(Dialects::DASH_RESULT);
        if self.g.once.dash_result {
            return;
        }
        self.g.once.dash_result = true;
        let dash = &self.s[start..end];
        self.lenient(
            &c::N221,
            start,
            end,
            format!(
                "`{}` as {what} is read as no result, like `*` (reported once per file)",
                clip(dash.trim_matches('"'))
            ),
        );
    }

    /// Reports a standard result written with a colon (`1:0`), read as its PDN form, once per
    /// file.
    pub(super) fn colon_result(&mut self, start: usize, end: usize, what: &str) {
        self.g.shown.insert(Dialects::COLON_RESULT);
        if self.g.once.colon_result {
            return;
        }
        self.g.once.colon_result = true;
        let written = self.s[start..end].trim_matches('"');
        let compact: String = written.chars().filter(|c| !c.is_whitespace()).collect();
        let pdn = ResultKind::colon_form(&compact)
            .and_then(ResultKind::as_str)
            .unwrap_or("");
        self.lenient(
            &c::N227,
            start,
            end,
            format!(
                "`{}` as {what} is read as the result `{pdn}` (reported once per file)",
                clip(written)
            ),
        );
    }

    /// After a score at `i..j`: does the game end here (blank, then the end or a tag)?
    pub(super) fn ends_game_after(&mut self, mut j: usize) -> bool {
        while let Some(b) = self.at(j) {
            if is_ws(b) {
                j += 1;
            } else {
                return b == b'[';
            }
        }
        true
    }

    /// A terminator at `start`: its kind and end.
    pub(super) fn result(&mut self, start: usize) -> Option<(ResultKind, usize)> {
        // Cheap test first: what follows the first run of digits.
        let d = digits_end(self.b, start);
        let after = self.b.get(d).copied();
        let second = self.b.get(d + 1).copied();
        let standard_possible = d == start + 1 && matches!(after, Some(b'-' | b'/' | b':'));
        let loose_possible = match after {
            Some(b'/' | b' ') => true,
            Some(b'.') => second.is_some_and(|b| b.is_ascii_digit()),
            Some(b'-' | b':') => self.g.result_tag.is_some(),
            _ => false,
        };
        if !standard_possible && !loose_possible {
            return None;
        }
        // Standard results, or their colon forms (`1:0`, `1/2:1/2`): must not be followed by
        // a digit (`1-10` is a move).
        let rest = &self.s[start..];
        let std_res: Option<&str> = if !standard_possible {
            None
        } else {
            standard_result_len(rest.as_bytes()).map(|n| &rest[..n])
        };
        if let Some(r) = std_res {
            let end = start + r.len();
            // Peek (and ask for more text) so `1-1` at a block end is not cut from `1-10`.
            let next = self.at(end);
            if !next.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'/' || b == b'.') {
                self.g.pos = end;
                let kind = match ResultKind::standard(r) {
                    Some(kind) => kind,
                    None => {
                        self.colon_result(start, end, "a game terminator");
                        ResultKind::colon_form(r).unwrap_or(ResultKind::Other)
                    }
                };
                return Some((kind, end));
            }
        }
        // Other scores: `4-6` only where it ends the game and the Result tag is not a standard
        // one, or equals the Result tag; scores no move can look like anywhere. A single digit
        // then `-` with no such Result tag is a move (`2-8`): its left side is a whole number,
        // so it could only be taken through the Result tag.
        if !loose_possible {
            return None;
        }
        let loose: IResult<&str, &str> =
            recognize((score, space0, one_of("-:"), space0, score)).parse(rest);
        if let Ok((_, r)) = loose {
            let end = start + r.len();
            if self.at(end).is_some_and(|b| !is_ws(b) && b != b'{') {
                return None;
            }
            let tag_matches = self
                .g
                .result_tag
                .as_deref()
                .is_some_and(|t| t.bytes().eq(r.bytes().filter(|b| !b.is_ascii_whitespace())));
            let tag_is_other = self.g.result_tag.is_some();
            // `4-6` could be a move; `1 1/2 - 1/2` or `1.01-0.99` cannot. A colon score of
            // whole numbers (`22:13`, a Russian capture) is a result only as the Result tag.
            let integer = |t: &str| t.trim().bytes().all(|b| b.is_ascii_digit());
            let colon = !r.contains('-');
            let plain_move = r
                .split_once(['-', ':'])
                .is_none_or(|(a, b)| integer(a) || integer(b));
            let ok = tag_matches
                || !plain_move
                || (!colon
                    && tag_is_other
                    && self.ends_game_after(end)
                    && self.g.result_tag.is_some());
            if ok {
                self.g.pos = end;
                self.lenient(
                    &c::N208,
                    start,
                    end,
                    format!("`{}` is not a standard PDN result", clip(r)),
                );
                return Some((ResultKind::Other, end));
            }
        }
        None
    }

    pub(super) fn move_number(&mut self, start: usize) -> Option<MoveNumber> {
        let i = digits_end(self.b, start);
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
        self.g.pos = j;
        let zero_padded = digits.len() > 1 && digits.starts_with('0');
        if zero_padded {
            self.lenient(
                &c::N203,
                start,
                i,
                format!("move number `{}` has a leading zero", clip(digits)),
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

    /// The common numeric tokens read in one pass: a move number (`12.`, `12...`) or a move of
    /// one- or two-digit squares joined by `-` or `x` (`32-28`, `26x37x48`) with a blank after
    /// it. `None` for anything else, and for anything that would give a finding, a result, a
    /// strength mark or a move spaced over a blank: the general path reads those. Every byte
    /// the general path would look at is looked at here too, and a token that reaches the end
    /// of the text is left to the general path, so asking for more text works the same.
    #[inline(always)]
    pub(super) fn plain_numeric(&mut self, start: usize) -> Option<Plain> {
        if self.g.result_tag.is_some() {
            return None;
        }
        let b = self.b;
        let (v, mut i) = plain_square(b, start)?;
        match *b.get(i)? {
            b'.' => {
                // A move number: `1.`, `12...`; `1.5` could start a score.
                let mut j = i + 1;
                while *b.get(j)? == b'.' {
                    j += 1;
                }
                if j == i + 1 && b[j].is_ascii_digit() {
                    return None;
                }
                self.g.pos = j;
                return Some(Plain::Number(MoveNumber {
                    number: u32::from(v),
                    second_player: j - i >= 2,
                    zero_padded: false,
                    span: self.span(start, j),
                }));
            }
            b'-' | b'x' => {}
            _ => return None,
        }
        // A single digit, `-` and a digit from 0 to 2 may be a result (`1-0`, `0-2`).
        if i == start + 1
            && b[i] == b'-'
            && b[start] <= b'2'
            && matches!(b.get(i + 1)?, b'0'..=b'2')
        {
            return None;
        }
        let mut squares = std::mem::take(&mut self.g.scratch);
        squares.clear();
        squares.push(SquareToken {
            raw: digits_text(b, start, i),
            value: SquareValue::Numeric(v),
            span: self.span(start, i),
            separator: None,
        });
        let (mut quiet, mut capture) = (false, false);
        let end = loop {
            let sep = *b.get(i)?;
            let kind = match sep {
                b'-' => {
                    quiet = true;
                    SeparatorKind::Move
                }
                b'x' => {
                    capture = true;
                    SeparatorKind::Capture
                }
                b' ' | b'\t' => {
                    // The move ends here unless a separator follows the blanks.
                    let mut k = i + 1;
                    while matches!(*b.get(k)?, b' ' | b'\t') {
                        k += 1;
                    }
                    if is_sep(b[k]) {
                        self.g.scratch = squares;
                        return None;
                    }
                    break i;
                }
                b'\n' | b'\r' => break i,
                _ => {
                    self.g.scratch = squares;
                    return None;
                }
            };
            let Some((v, e)) = plain_square(b, i + 1) else {
                self.g.scratch = squares;
                return None;
            };
            let separator = Separator {
                kind,
                span: self.span(i, i + 1),
            };
            squares.push(SquareToken {
                raw: digits_text(b, i + 1, e),
                value: SquareValue::Numeric(v),
                span: self.span(i + 1, e),
                separator: Some(separator),
            });
            i = e;
        };
        self.g.scratch = squares;
        // Only captures list more than two squares, and never with `-` (N214).
        if quiet && (capture || self.g.scratch.len() > 2) {
            return None;
        }
        self.g.pos = end;
        Some(Plain::Move(end))
    }
}

/// Where a word of a parenthesised group ends: at a blank or a bracket of any kind.
fn word_stop(b: u8) -> bool {
    is_ws(b) || matches!(b, b'(' | b')' | b'{' | b'}' | b'[' | b']')
}
