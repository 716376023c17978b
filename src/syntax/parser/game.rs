//! What a token means in a game: the game loop, handing each token to the visitor, the tags
//! before the movetext, the terminator, and recovery (skipping unreadable text to the next
//! game, a variation nested too deep).

use super::*;

impl<'a> P<'a, '_> {
    /// Reads tokens until the game ends or the text runs out.
    pub(super) fn run<V: Visitor + ?Sized>(&mut self, v: &mut V) -> Step {
        let stop = loop {
            if self.g.deep.is_some() {
                let Some(tag) = self.skip_deep_variation() else {
                    return Step::NeedMore;
                };
                if let Some(stop) = self.commit(Tok::DeepSkipped(tag), v) {
                    break stop;
                }
                continue;
            }
            if self.g.long.is_some() {
                let Some(kind) = self.skip_long_token() else {
                    return Step::NeedMore;
                };
                if let Some(stop) = self.commit(Tok::LongSkipped(kind), v) {
                    break stop;
                }
                continue;
            }
            let mut snap = self.snapshot();
            if self.fast_token(v) {
                continue;
            }
            let tok = self.token(&mut snap);
            if self.touched && !self.eof {
                self.restore(snap);
                if self.start_long_token() {
                    let span = self.g.long.as_ref().map(|l| l.anchor.span);
                    if let Some(span) = span.filter(|_| self.listening(v)) {
                        v.long_skip(span);
                    }
                    continue;
                }
                return Step::NeedMore;
            }
            if let Tok::DeepStart(at) = tok {
                // Skipped from here, over as many texts as it takes.
                self.g.deep = Some(DeepSkip {
                    depth: self.g.open.len(),
                    open: 0,
                    in_comment: false,
                    anchor: Anchor::new(self.span(at, at + 1)),
                    end: Anchor::new(self.span(self.g.last_end, self.g.last_end)),
                });
                if self.listening(v) {
                    v.deep_skip(self.span(at, at + 1));
                }
                self.flush_diags(v);
                continue;
            }
            if let Some(stop) = self.commit(tok, v) {
                break stop;
            }
        };
        Step::Done(self.finish_game(stop, v))
    }

    /// Hands the findings of the token just read to the visitor.
    #[inline]
    pub(super) fn flush_diags<V: Visitor + ?Sized>(&mut self, v: &mut V) {
        if self.g.diags.is_empty() {
            return;
        }
        for d in self.g.diags.drain(..) {
            if d.severity == Severity::Error {
                self.g.errors = true;
            }
            v.diagnostic(d);
        }
    }

    /// True when the visitor is to hear of the game's next token: tells it the game began
    /// first.
    pub(super) fn listening<V: Visitor + ?Sized>(&mut self, v: &mut V) -> bool {
        if !self.g.begun {
            self.g.begun = true;
            if v.begin_game().is_break() {
                self.g.halted = true;
            }
        }
        !self.g.halted && self.g.skip_from.is_none()
    }

    pub(super) fn flow(&mut self, f: ControlFlow<()>) {
        if f.is_break() {
            self.g.halted = true;
        }
    }

    pub(super) fn raw_comment(&self, c: PendingComment) -> RawComment<'a> {
        RawComment {
            text: &self.s[c.text.0..c.text.1],
            semicolon: c.semicolon,
            span: self.span(c.start, c.end),
        }
    }

    /// Hands the header comments held back on: the chunk holds a game.
    #[inline]
    pub(super) fn flush_header<V: Visitor + ?Sized>(&mut self, v: &mut V) {
        if !self.g.pending_header.is_empty() {
            self.hand_header(v);
        }
    }

    pub(super) fn hand_header<V: Visitor + ?Sized>(&mut self, v: &mut V) {
        let pending = std::mem::take(&mut self.g.pending_header);
        for &c in &pending {
            if self.listening(v) {
                let f = v.header_comment(self.raw_comment(c));
                self.flow(f);
            }
        }
        self.g.pending_header = pending;
        self.g.pending_header.clear();
    }

    /// Hands the comments read before the first movetext element on as movetext comments
    /// (and the header comments held back before them).
    #[inline]
    pub(super) fn flush_pending<V: Visitor + ?Sized>(&mut self, v: &mut V) {
        self.flush_header(v);
        if !self.g.pending_comments.is_empty() || self.g.left_out > 0 {
            self.hand_pending(v);
        }
    }

    pub(super) fn hand_pending<V: Visitor + ?Sized>(&mut self, v: &mut V) {
        let pending = std::mem::take(&mut self.g.pending_comments);
        for &c in &pending {
            if self.listening(v) {
                let f = v.comment(self.raw_comment(c));
                self.flow(f);
            }
        }
        self.g.pending_comments = pending;
        self.g.pending_comments.clear();
        let n = std::mem::take(&mut self.g.left_out);
        if n > 0 && self.listening(v) {
            v.comments_left_out(n);
        }
    }

    /// Asks the visitor again about each comment held pending: those it no longer wants are
    /// only counted, and their text may be released.
    pub(super) fn ask_again<V: Visitor + ?Sized>(&mut self, v: &mut V) {
        let mut pending = std::mem::take(&mut self.g.pending_comments);
        let before = pending.len();
        pending.retain(|&c| v.wants_comment(&self.raw_comment(c)));
        self.g.left_out += before - pending.len();
        self.g.pending_comments = pending;
    }

    /// A movetext element other than a comment: what came before is movetext too.
    pub(super) fn element<V: Visitor + ?Sized>(&mut self, v: &mut V) -> bool {
        self.flush_pending(v);
        self.g.moves_seen = true;
        self.g.last_move = None;
        self.listening(v)
    }

    /// Takes a complete token into the game and hands it to the visitor; `Some` when the game
    /// ends with it.
    pub(super) fn commit<V: Visitor + ?Sized>(&mut self, tok: Tok, v: &mut V) -> Option<Stop> {
        let mut stop = None;
        match tok {
            Tok::Nothing => {}
            Tok::Stop(s) => stop = Some(s),
            Tok::TagStop => stop = Some(Stop::Tag),
            Tok::Tag(tag, at, mark) => {
                if let Some(stop) = self.commit_tag(tag, at, mark, v) {
                    return Some(stop);
                }
            }
            Tok::Comment(c) => self.commit_comment(c, v),
            Tok::Strength(st, at) => {
                if st.parenthesized {
                    self.g.content = true;
                }
                self.attach_strength(st, at, v);
            }
            Tok::VariationStart(at) => self.commit_variation_start(at, v),
            Tok::VariationEnd(at) => {
                self.g.open.pop();
                if self.g.open.is_empty() {
                    self.g.open_anchor = None;
                }
                let span = self.span(at, at + 1);
                self.end_variation(span, v);
            }
            Tok::DeepStart(_) => {}
            Tok::DeepSkipped(tag) => {
                if tag {
                    stop = Some(Stop::Tag);
                }
            }
            Tok::LongSkipped(kind) => {
                // A strength mark after it follows no move.
                self.g.last_move = None;
                if kind != LongKind::Line {
                    self.g.content = true;
                }
            }
            Tok::Nag(value, a, z) => {
                if self.element(v) {
                    let f = v.nag(value, self.span(a, z));
                    self.flow(f);
                }
                self.g.content = true;
            }
            Tok::Setup(a, z) => self.commit_setup(a, z, v),
            Tok::Ellipsis(at) => {
                if self.element(v) {
                    let f = v.ellipsis(self.span(at, at + 3));
                    self.flow(f);
                }
                self.g.content = true;
            }
            Tok::MoveNumber(n) => {
                if self.element(v) {
                    let f = v.move_number(&n);
                    self.flow(f);
                }
                self.g.content = true;
            }
            Tok::Move(a, z, strength) => self.commit_move(a, z, strength, v),
            Tok::BadMove => self.g.content = true,
            Tok::Terminator(kind, a, z) => {
                self.g.result = Some((kind, a, z));
                self.g.last_end = z;
                stop = Some(Stop::Terminator);
            }
        }
        if stop.is_none() {
            self.g.last_end = self.g.pos;
        }
        self.flush_diags(v);
        stop
    }

    /// A `(`: a variation opens.
    fn commit_variation_start<V: Visitor + ?Sized>(&mut self, at: usize, v: &mut V) {
        let span = self.span(at, at + 1);
        if self.element(v) {
            match v.begin_variation(span) {
                ControlFlow::Continue(Skip(true)) => {
                    self.g.skip_from = Some(self.g.open.len());
                }
                ControlFlow::Continue(Skip(false)) => {}
                ControlFlow::Break(()) => self.g.halted = true,
            }
        }
        if self.g.open.is_empty() {
            self.g.open_anchor = Some(Anchor::new(self.span(at, at + 1)));
        }
        self.g.open.push(at + self.g.shift);
        self.g.content = true;
    }

    /// A setup command `/.../` at `a..z`.
    fn commit_setup<V: Visitor + ?Sized>(&mut self, a: usize, z: usize, v: &mut V) {
        if self.element(v) {
            let raw = &self.s[a + 1..z - 1];
            let t = raw.trim();
            let fen = t
                .strip_prefix("FEN")
                .map(str::trim_start)
                .and_then(|r| r.strip_prefix('"'))
                .and_then(|r| r.strip_suffix('"'));
            let f = v.setup(RawSetup {
                raw,
                fen,
                span: self.span(a, z),
            });
            self.flow(f);
        }
        self.g.content = true;
    }

    /// A move at `a..z` (its squares in the scratch buffer), with its glued strength.
    fn commit_move<V: Visitor + ?Sized>(
        &mut self,
        a: usize,
        z: usize,
        strength: Option<Strength>,
        v: &mut V,
    ) {
        if self.element(v) {
            let f = v.mv(RawMove {
                text: &self.s[a..z],
                squares: &self.g.scratch,
                strength: strength.as_ref(),
                span: self.span(a, z),
            });
            self.flow(f);
        }
        if strength.is_none() {
            self.g.last_move = Some(z);
        }
        self.g.content = true;
    }

    /// A tag read at `at` (`None` for a broken one; the findings before `mark` came before
    /// it): `Some` when it starts the next game, the game then ending before it.
    fn commit_tag<V: Visitor + ?Sized>(
        &mut self,
        tag: Option<Tag>,
        at: usize,
        mark: usize,
        v: &mut V,
    ) -> Option<Stop> {
        // Comments before a tag belong to the header; they are handed over once the
        // chunk is known to hold a game (a tag read, movetext, a terminator).
        let Self { g, .. } = self;
        g.pending_header.append(&mut g.pending_comments);
        // Header comments the visitor does not want are not counted either.
        g.left_out = 0;
        if self.g.first.is_none() {
            self.g.first = Some(at + self.g.shift);
        }
        if let Some(t) = tag {
            self.flush_header(v);
            let blank_line_before = self
                .g
                .prev_tag_end
                .is_some_and(|prev| self.g.gap_breaks + line_breaks(&self.b[prev..at]) >= 2);
            let earlier = self.g.tag_names.get(&t.name);
            if blank_line_before && earlier.is_some() {
                // A repeated tag starts the next game.
                self.g.recycle_tag(t);
                self.g.diags.truncate(mark);
                self.g.pos = self.own_line_start(at);
                self.flush_diags(v);
                return Some(Stop::Tag);
            }
            if let Some(first) = earlier {
                let msg = format!(
                    "the tag {} appears twice in this game; readers take the first, \"{}\"",
                    clip(&t.name),
                    clip(first)
                );
                let (a, z) = (t.span.start - self.base, t.span.end - self.base);
                self.lenient(&c::N218, a, z, msg);
            } else {
                self.g.tag_names.insert(&t.name, &t.value);
            }
            self.g.prev_tag_end = Some(t.span.end - self.base);
            self.g.gap_breaks = 0;
            self.g.tags += 1;
            if self.listening(v) {
                let f = v.tag(&t);
                self.flow(f);
            }
            self.g.recycle_tag(t);
        }
        self.g.content = true;
        None
    }

    /// A comment: movetext's, or held until it is known to be the header's or the movetext's.
    fn commit_comment<V: Visitor + ?Sized>(&mut self, c: PendingComment, v: &mut V) {
        if self.g.moves_seen {
            if self.listening(v) {
                let f = v.comment(self.raw_comment(c));
                self.flow(f);
            }
        } else if v.wants_comment(&self.raw_comment(c)) {
            self.g.pending_comments.push(c);
        } else {
            if !self.g.pending_comments.is_empty() && v.wants_changed() {
                self.ask_again(v);
            }
            self.g.left_out += 1;
        }
        self.g.last_move = None;
    }

    pub(super) fn end_variation<V: Visitor + ?Sized>(&mut self, span: Span, v: &mut V) {
        // Not a comment: what came before is movetext.
        self.flush_pending(v);
        self.g.moves_seen = true;
        self.g.last_move = None;
        if self.listening(v) {
            let f = v.end_variation(span);
            self.flow(f);
        }
        if self.g.skip_from.is_some_and(|d| self.g.open.len() <= d) {
            self.g.skip_from = None;
        }
    }

    /// Attaches a strength mark to the move just before it.
    pub(super) fn attach_strength<V: Visitor + ?Sized>(
        &mut self,
        st: Strength,
        at: usize,
        v: &mut V,
    ) {
        if let Some(move_end) = self.g.last_move.take() {
            if at > move_end {
                self.lenient(
                    &c::N205,
                    move_end,
                    at,
                    "no space may stand between a move and its strength mark",
                );
            }
            if self.listening(v) {
                let f = v.strength(&st);
                self.flow(f);
            }
            return;
        }
        self.error(
            &c::S111,
            st.span.start - self.base,
            st.span.end - self.base,
            "this strength mark follows no move; it is dropped",
        );
    }

    /// Ends the game: closes what is still open, reports a missing terminator, and tells the
    /// visitor the result and the end.
    pub(super) fn finish_game<V: Visitor + ?Sized>(&mut self, stop: Stop, v: &mut V) -> Parsed {
        if matches!(stop, Stop::Orphan) {
            self.flush_diags(v);
            return self.finish(false, false);
        }
        let last_end = self.g.last_end;
        // The file offset of the game's end (anchored when its text may be released).
        let end_at = match &self.g.end_anchor {
            Some(a) => a.span.start,
            None => self.base + last_end,
        };
        // Close what is still open.
        // `first` and `open` count from the chunk's first byte.
        let origin = self.base - self.g.shift;
        if let Some(&outer) = self.g.open.first() {
            let n = self.g.open.len();
            let mut d = Diagnostic::new(
                &c::S104,
                Span::new(origin + outer, origin + outer + 1),
                if n == 1 {
                    "this variation is never closed".to_string()
                } else {
                    format!("this variation and {} inside it are never closed", n - 1)
                },
            );
            if let Some(a) = self.g.open_anchor.take() {
                d.lend_from(&a);
            }
            self.g.diags.push(d);
            let span = Span::point(end_at);
            while self.g.open.pop().is_some() {
                self.end_variation(span, v);
            }
        }
        let has_game = self.g.tags > 0 || self.g.result.is_some() || self.g.moves_seen;
        match stop {
            Stop::Eof => {
                if has_game {
                    self.lenient_at(
                        &c::N210,
                        end_at,
                        "the file ends without `*` or a result after this game",
                    );
                }
            }
            Stop::Tag => {
                // The terminator is missing right after the game's last token.
                let at = end_at;
                if self.g.moves_seen {
                    self.lenient_at(
                        &c::N212,
                        at,
                        "the game ends here without `*` or a result: a tag follows its movetext",
                    );
                } else if has_game {
                    self.lenient_at(
                        &c::N216,
                        at,
                        "the game ends here without movetext or terminator: the next tag \
                         repeats one of its tags and starts a new game",
                    );
                }
            }
            Stop::Terminator | Stop::Fatal | Stop::Orphan => {}
        }
        let junk = matches!(stop, Stop::Fatal)
            && self.g.skip_capped
            && self.g.pos < self.b.len()
            && !self.at_game_start();
        if has_game {
            // Comments never followed by movetext or a tag are movetext comments.
            self.flush_pending(v);
            if let Some((kind, a, z)) = self.g.result {
                if self.listening(v) {
                    let f = v.result(RawResult {
                        kind,
                        raw: &self.s[a..z],
                        span: self.span(a, z),
                    });
                    self.flow(f);
                }
            }
            self.flush_diags(v);
            let start = origin + self.g.first.unwrap_or(0);
            let span = Span::new(start, end_at.max(start));
            // The visitor hears of the end even when it asked to hear no more of the game.
            self.listening(v);
            v.end_game(span);
            let open = matches!(stop, Stop::Tag) && !self.g.moves_seen;
            Parsed {
                open,
                ..self.finish(true, junk)
            }
        } else {
            self.flush_diags(v);
            self.finish(false, junk)
        }
    }

    /// [`P::lenient`] at a point given as a file offset, which may lie in released text (the
    /// end of a game whose last token came before a variation too deep).
    pub(super) fn lenient_at(&mut self, code: &'static Code, at: usize, msg: impl Into<String>) {
        let mut d = Diagnostic::new(code, Span::point(at), msg);
        if self.options.strict {
            d = d.with_severity(crate::lint::Severity::Error);
        }
        if let Some(a) = &self.g.end_anchor {
            d.lend_from(a);
        }
        self.g.diags.push(d);
    }

    pub(super) fn at_game_start(&self) -> bool {
        self.b.get(self.g.pos) == Some(&b'[')
    }

    pub(super) fn finish(&mut self, game: bool, junk: bool) -> Parsed {
        Parsed {
            game,
            end: self.g.pos,
            errors: self.g.errors,
            junk,
            open: false,
            dialects: self.g.shown,
        }
    }

    pub(super) fn fatal(&mut self, start: usize, end: usize, msg: impl Into<String>) -> Stop {
        if !self.g.fatal_reported {
            let end = end.min(self.b.len());
            self.error(&c::S105, start, end, msg);
            self.g.fatal_reported = true;
        }
        self.g.pos = start;
        self.skip_to_next_game(true)
    }

    /// Recovery after an error already reported.
    pub(super) fn fatal_recover(&mut self, content: bool) -> Stop {
        self.g.fatal_reported = true;
        self.skip_to_next_game(content)
    }

    /// Skips to the next line that starts with `[`, or just after a terminator when the game
    /// already had content; gives up (ending the chunk) after [`SKIP_CAP`] bytes.
    pub(super) fn skip_to_next_game(&mut self, after_terminator: bool) -> Stop {
        let from = self.g.pos;
        let mut i = self.g.pos;
        self.g.skip_capped = false;
        loop {
            // Only a `[`, and after a blank a `*` or a result's digit, may end the skip.
            let candidate =
                |b: u8| b == b'[' || (after_terminator && matches!(b, b'*' | b'0'..=b'2'));
            i = find_from(self.b, i, from + SKIP_CAP + 1, candidate);
            if i - from > SKIP_CAP {
                while !self.s.is_char_boundary(i) {
                    i += 1;
                }
                self.g.pos = i;
                self.g.skip_capped = true;
                return Stop::Fatal;
            }
            let Some(b) = self.at(i) else {
                self.g.pos = i;
                return Stop::Fatal;
            };
            if b == b'[' && i > from && self.at_line_start(i) {
                self.g.pos = i;
                return Stop::Fatal;
            }
            if after_terminator && i > from && is_ws(self.b[i - 1]) {
                let rest = &self.b[i..];
                let term_len = if b == b'*' {
                    Some(1)
                } else {
                    standard_result_len(rest)
                };
                if let Some(n) = term_len {
                    match self.at(i + n) {
                        Some(b) if is_ws(b) => {
                            self.g.pos = i + n;
                            self.take_line_end();
                            return Stop::Fatal;
                        }
                        None if self.eof => {
                            self.g.pos = i + n;
                            return Stop::Fatal;
                        }
                        _ => {}
                    }
                }
            }
            i += 1;
        }
    }

    /// Skips on in the variation nested deeper than the limit ([`GameParser::deep`], its `(`
    /// at `self.g.pos` when the skip begins): `Some(true)` when a tag line interrupted it,
    /// `Some(false)` when it closed or the file ended, `None` when the text ran out first (the
    /// skip goes on from there in the next text).
    pub(super) fn skip_deep_variation(&mut self) -> Option<bool> {
        let mut st = self.g.deep.take()?;
        let mut i = self.g.pos;
        let mut tag = false;
        loop {
            let Some(&b) = self.b.get(i) else {
                if self.eof {
                    break;
                }
                self.g.pos = i;
                self.g.deep = Some(st);
                return None;
            };
            let plain = if st.in_comment {
                b != b'}'
            } else {
                !matches!(b, b'(' | b')' | b'{' | b'[')
            };
            if plain {
                // Past the bytes that mean nothing here, a block at a time.
                i = if st.in_comment {
                    find_from(self.b, i, self.b.len(), |b| b == b'}')
                } else {
                    find_from(self.b, i, self.b.len(), |b| {
                        matches!(b, b'(' | b')' | b'{' | b'[')
                    })
                };
                continue;
            }
            if st.in_comment {
                st.in_comment = b != b'}';
                i += 1;
                continue;
            }
            match b {
                b'(' => st.open += 1,
                b')' => {
                    st.open -= 1;
                    if st.open == 0 {
                        i += 1;
                        break;
                    }
                }
                b'{' => st.in_comment = true,
                b'[' if self.at_line_start(i) => {
                    tag = true;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        self.g.pos = i;
        let start = st.anchor.span.start;
        let mut d = Diagnostic::new(
            &c::S109,
            st.anchor.span,
            format!(
                "variations nested deeper than {} levels are not read: {} bytes skipped",
                st.depth,
                self.base + i - start
            ),
        );
        d.lend_from(&st.anchor);
        self.g.diags.push(d);
        if tag {
            self.g.end_anchor = Some(st.end);
        }
        Some(tag)
    }

    /// The token being read ran into the end of the text: when it has run on past
    /// [`LONG_TOKEN`] bytes, skipping it to its end begins ([`P::skip_long_token`]) and `true`
    /// is returned. A `{` comment has its own limit, and a `(` is read one byte at a time.
    pub(super) fn start_long_token(&mut self) -> bool {
        let mut start = self.g.pos;
        loop {
            start = blanks_end(self.b, start);
            match self.b.get(start) {
                Some(&b) if is_ws(b) => start += 1,
                _ => break,
            }
        }
        if self.b.len() - start.min(self.b.len()) <= LONG_TOKEN {
            return false;
        }
        let kind = match self.b[start] {
            b'{' | b'(' => return false,
            b'[' if self.g.moves_seen => return false,
            b'[' => LongKind::TagLine,
            b'%' | b';' => LongKind::Line,
            b'/' => LongKind::Setup,
            _ => LongKind::Word,
        };
        if self.g.first.is_none() {
            self.g.first = Some(start + self.g.shift);
        }
        let first = start + self.s[start..].chars().next().map_or(1, char::len_utf8);
        self.g.long = Some(LongSkip {
            kind,
            anchor: Anchor::new(self.span(start, first)),
        });
        self.g.pos = first;
        true
    }

    /// Skips on over the token too long to read ([`P::start_long_token`]); `None` when the
    /// text runs out first (the skip goes on in the next text), else its kind, its finding
    /// made.
    pub(super) fn skip_long_token(&mut self) -> Option<LongKind> {
        let st = self.g.long.take()?;
        let len = self.b.len();
        let end = match st.kind {
            LongKind::TagLine | LongKind::Line => {
                find_from(self.b, self.g.pos, len, |b| b == b'\n' || b == b'\r')
            }
            LongKind::Setup => {
                let at = find_from(self.b, self.g.pos, len, |b| {
                    matches!(b, b'/' | b'\n' | b'\r')
                });
                if self.b.get(at) == Some(&b'/') {
                    at + 1
                } else {
                    at
                }
            }
            LongKind::Word => find_from(self.b, self.g.pos, len, |b| {
                is_ws(b) || matches!(b, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';')
            }),
        };
        if end >= len && !self.eof {
            self.g.pos = len;
            self.g.long = Some(st);
            return None;
        }
        self.g.pos = end;
        let bytes = self.base + end - st.anchor.span.start;
        let mut d = Diagnostic::new(
            &c::S113,
            st.anchor.span,
            format!(
                "{} of {bytes} bytes, longer than any PDN token ({LONG_TOKEN} bytes): it is not \
                 read",
                st.kind.name()
            ),
        );
        d.lend_from(&st.anchor);
        self.g.diags.push(d);
        Some(st.kind)
    }
}
