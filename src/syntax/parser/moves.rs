//! Move tokens: squares, separators, a strength glued to the move, and the findings about
//! how a move is written.

use super::*;

impl<'a> P<'a, '_> {
    /// A square number at `start..end` too large to be stored: reported (S112), and the
    /// whole token is skipped, since no board has such a square.
    pub(super) fn square_too_large(&mut self, start: usize, end: usize) -> bool {
        // Four digits or fewer always fit: the common case costs one comparison.
        if end - start < 5 {
            return false;
        }
        let digits = &self.s[start..end];
        if !digits.bytes().all(|b| b.is_ascii_digit())
            || digits
                .parse::<u32>()
                .is_ok_and(|v| v <= u32::from(MAX_SQUARE))
        {
            return false;
        }
        self.g.pos = token_end(self.s, start).max(end);
        self.error(
            &c::S112,
            start,
            end,
            format!(
                "this square number has {} digits: it is too large to be stored (at most \
                 {MAX_SQUARE}; the largest board has 72 squares), so the move is not read",
                end - start
            ),
        );
        true
    }

    /// Russian short notation starts at `i`: a file letter, then the square the man goes to
    /// (`cd4`) or a capture separator and the square it captures to (`b:d4`, `bxd4`).
    pub(super) fn short_origin_at(&mut self, i: usize) -> bool {
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
    pub(super) fn square(&mut self, i: usize) -> Option<(usize, SquareValue)> {
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

    pub(super) fn square_token(
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

    /// A move token at `start` (a digit or a file letter): its end and glued strength, its
    /// squares in the scratch buffer. Reports and skips what is not one.
    pub(super) fn mv(&mut self, start: usize) -> Option<(usize, Option<Strength>)> {
        // A buffer reused from move to move: no allocation per move.
        let mut squares = std::mem::take(&mut self.g.scratch);
        squares.clear();
        let read = self.mv_into(start, &mut squares);
        self.g.scratch = squares;
        read
    }

    pub(super) fn mv_into(
        &mut self,
        start: usize,
        squares: &mut Vec<SquareToken>,
    ) -> Option<(usize, Option<Strength>)> {
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
            self.g.pos = token_end(self.s, start);
            self.error(&c::S107, start, self.g.pos, "this is not a square");
            return None;
        };
        // Separator-less numeric run: 3228.
        if let SquareValue::Numeric(_) = v1 {
            let len = e1 - start;
            let next = self.at(e1);
            let glued_sep = next.is_some_and(is_sep);
            if len >= 3 && !glued_sep && next != Some(b'.') {
                self.g.pos = e1;
                let digits = &self.s[start..e1];
                return self.numeric_run(start, e1, digits, squares);
            }
        }
        if self.square_too_large(start, e1) {
            return None;
        }
        if e1 - start > RawText::CAPACITY {
            self.g.pos = e1;
            self.error(&c::S107, start, e1, "this square is far too long");
            return None;
        }
        squares.push(self.square_token(start, e1, v1, None));
        let (end, spaced) = self.more_squares(start, e1, v1, squares)?;
        self.g.pos = end;
        if squares.len() < 2 {
            self.error(
                &c::S107,
                start,
                end,
                format!("`{}` is a square, not a move", clip(&self.s[start..end])),
            );
            return None;
        }
        self.move_findings(start, end, v1, spaced, squares);
        let strength = self.strength_after(end);
        // A digit right after the move (an algebraic move's last square is whole: `b2-c33.`)
        // starts the next token with no space between.
        let after = strength.as_ref().map_or(end, |s| s.span.end - self.base);
        if self.at(after).is_some_and(|b| b.is_ascii_digit()) {
            // What follows, as far as a number, move number or result goes (the finding is
            // the move's: what follows may end the game, and the chunk, before its own end).
            let rest = &self.b[after..];
            let len = rest
                .iter()
                .take(16)
                .take_while(|b| b.is_ascii_digit() || matches!(b, b'.' | b'/' | b'-'))
                .count();
            let next = &self.s[after..after + len];
            let msg = format!(
                "`{}` runs on into `{next}` with no space between: read as the move, then \
                 `{next}`",
                clip(&self.s[start..after]),
            );
            self.lenient(&c::N226, start, after, msg);
        }
        Some((end, strength))
    }

    /// The squares after a move's first (`v1`, ending at `e1`), each after its separator, into
    /// `squares`: where the move ends, and whether blanks stand inside it. `None` when what
    /// follows a separator is no square (reported).
    fn more_squares(
        &mut self,
        start: usize,
        e1: usize,
        v1: SquareValue,
        squares: &mut Vec<SquareToken>,
    ) -> Option<(usize, bool)> {
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
            // A standard result after a blank ends the game, not the move (`37-32X 1-0`).
            let apart = sep_pos != end || k != sep_pos + 1;
            let next = if apart && self.standard_result_at(k) {
                None
            } else {
                self.square(k)
            };
            let Some((e2, v2)) = next else {
                if sep_pos == end {
                    self.g.pos = sep_pos + 1;
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
            if self.square_too_large(k, e2) {
                return None;
            }
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
        Some((end, spaced))
    }

    /// The findings about how the move at `start..end` is written: blanks inside it, upper
    /// case, short notation, leading zeros, its separators.
    fn move_findings(
        &mut self,
        start: usize,
        end: usize,
        v1: SquareValue,
        spaced: bool,
        squares: &[SquareToken],
    ) {
        if spaced {
            self.lenient(&c::N204, start, end, "spaces inside a move");
        }
        if !self.g.shown.has(Dialects::UPPER_CASE)
            && squares
                .iter()
                .any(|s| s.raw.as_bytes().first().is_some_and(u8::is_ascii_uppercase))
        {
            self.g.shown.insert(Dialects::UPPER_CASE);
        }
        if !self.g.once.upper_case && self.g.shown.has(Dialects::UPPER_CASE) {
            self.g.once.upper_case = true;
            self.lenient(
                &c::N219,
                start,
                end,
                format!(
                    "`{}` writes its squares in upper case; read as `{}` (reported once per \
                     file)",
                    clip(&self.s[start..end]),
                    clip(&self.s[start..end]).to_string().to_ascii_lowercase()
                ),
            );
        }
        if matches!(v1, SquareValue::File { .. }) {
            self.g.shown.insert(Dialects::SHORT_NOTATION);
        }
        if matches!(v1, SquareValue::File { .. }) && !self.g.once.short_notation {
            self.g.once.short_notation = true;
            self.lenient(
                &c::N220,
                start,
                end,
                format!(
                    "`{}` is Russian short notation: the file the piece starts from, then \
                     where it goes; the replay finds the piece (reported once per file)",
                    clip(&self.s[start..end])
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
        for s in squares.iter() {
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
                        if !self.g.colon_ok {
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
    }

    /// A standard result (`1-0`, `0-2`, `1/2-1/2`, ...) at `k`, not followed by what would
    /// make it a move (`1-10`).
    pub(super) fn standard_result_at(&mut self, k: usize) -> bool {
        // Ask for more text when a result could be cut.
        let _ = self.at(k + 7);
        let rest = &self.b[k.min(self.b.len())..];
        let Some(len) = standard_result_len(rest) else {
            return false;
        };
        !self
            .at(k + len)
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'/' || b == b'.')
    }

    /// A strength glued to the move ending at `end` (`!`, `(?)`, or a PDN 2.0 `*`).
    pub(super) fn strength_after(&mut self, end: usize) -> Option<Strength> {
        match self.at(end) {
            Some(b'!' | b'?') => {
                let mut i = end;
                while matches!(self.at(i), Some(b'!' | b'?')) {
                    i += 1;
                }
                self.g.pos = i;
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
                self.g.pos = end + 1;
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
    pub(super) fn numeric_run(
        &mut self,
        start: usize,
        end: usize,
        digits: &str,
        squares: &mut Vec<SquareToken>,
    ) -> Option<(usize, Option<Strength>)> {
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
                format!(
                    "`{}` cannot be split into two squares in one way",
                    clip(digits)
                ),
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
        squares.push(self.square_token(start, start + k, num(&digits[..k]), None));
        squares.push(self.square_token(start + k, end, num(&digits[k..]), None));
        let strength = self.strength_after(end);
        Some((end, strength))
    }
}

/// The text of the one or two digits at `a..e`.
#[inline(always)]
pub(super) fn digits_text(b: &[u8], a: usize, e: usize) -> RawText {
    RawText::digits(b[a], if e - a == 2 { b[a + 1] } else { 0 })
}
