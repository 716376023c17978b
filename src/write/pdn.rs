//! Writing a syntax tree back as PDN 3.0 text.
//!
//! Canonical form: the comments before the game and a blank line, one tag per line, a blank
//! line, then the movetext wrapped at 80 columns;
//! moves without leading zeros, captures with `x`, strength marks right after their move
//! (a PDN 2.0 star becomes `$7`), comments in braces (runs of white space into one space),
//! and the game's terminator (`*` when it had none). A comment holding a brace (a `;` comment,
//! a note in parentheses, or braces inside braces) cannot be written in braces as it is: it
//! is written as PDN's other comment, `%` lines, each word kept ([`percent_lines`]).
//! The tree is walked without recursion.
//!
//! Every token is written so that it reads back as the same kind of token:
//! - a move whose text would read as a result (`1-1` from `1-1A`, `0-2` from `0-2J`, or the
//!   Result tag's own score such as `4-6`) gets a leading zero on its first square (`01-1`),
//!   which the reader takes as the same square with a note (N203), never as a result;
//! - a comment is broken across lines only before a word that does not start with `[`, so
//!   no line inside a comment starts like a tag (the reader ends a runaway comment there);
//! - the game's terminator is always written, so no move is the last token of a game.
//!
//! [`write_chunk`] writes a game the tree cannot stand for faithfully (one with a syntax
//! error, whose dropped text the tree does not hold, or one whose content was all dropped) as
//! its original text instead, and says why.

use std::fmt::Write;
use std::ops::Range;

use crate::Severity;
use crate::syntax::{Chunk, Element, Game, Move, SeparatorKind, SquareValue};

/// Where movetext lines are wrapped: no written line is wider than this many characters
/// (a single word longer than that, or a run of comment words that must stay together, is the
/// only exception).
const WIDTH: usize = 79;

/// Where an escape line (`%` to the end of its line, which the reader skips as white space)
/// is written in a game written whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EscapeAt {
    /// Before the game, followed by a blank line: it stood before the game's first tag,
    /// comment or move, or among its tags and the comments before them (which are written in
    /// an order of their own).
    Before,
    /// On a line of its own before the movetext element of this index in [`Game::body`], or,
    /// at the body's length, before the terminator.
    Body(usize),
    /// After the game, followed by a blank line: it stood after the game's last token.
    After,
}

/// The escape lines of a game in its chunk's text (`text`, starting at file offset
/// `offset`), each with its place among the game's tokens and its text from the `%` to the
/// end of its line, in file order. `None` when the text between the tokens holds anything
/// else than white space, escape lines, and what the reader takes for white space (escaped
/// line breaks, `\n`; byte order marks, N225): that text is not in the tree, and only the
/// game's own text keeps it. Escape lines before the game that a blank line parts are
/// given with an empty line between them.
pub fn escape_lines(text: &str, offset: usize, game: &Game) -> Option<Vec<(EscapeAt, String)>> {
    // Every token of the tree with where the escape lines before it go, in file order.
    let mut tokens: Vec<(usize, usize, EscapeAt)> =
        Vec::with_capacity(game.header_comments.len() + game.tags.len() + game.body.len() + 1);
    for c in &game.header_comments {
        tokens.push((c.span.start, c.span.end, EscapeAt::Before));
    }
    for t in &game.tags {
        tokens.push((t.span.start, t.span.end, EscapeAt::Before));
    }
    for (i, e) in game.body.iter().enumerate() {
        let span = match e {
            Element::MoveNumber(n) => n.span,
            Element::Move(m) => {
                tokens.push((m.span.start, m.span.end, EscapeAt::Body(i)));
                // A strength mark standing apart is written with its move: what stood before
                // it goes before the next element.
                if let Some(st) = &m.strength {
                    tokens.push((st.span.start, st.span.end, EscapeAt::Body(i + 1)));
                }
                continue;
            }
            Element::Comment(c) => c.span,
            Element::Setup(s) => s.span,
            Element::Ellipsis { span }
            | Element::Nag { span, .. }
            | Element::VariationStart { span }
            | Element::VariationEnd { span } => *span,
        };
        tokens.push((span.start, span.end, EscapeAt::Body(i)));
    }
    if let Some(r) = &game.result {
        tokens.push((r.span.start, r.span.end, EscapeAt::Body(game.body.len())));
    }
    tokens.sort_by_key(|&(start, end, _)| (start, end));
    let mut out = Vec::new();
    let mut at = offset;
    let gaps = tokens
        .iter()
        .enumerate()
        .map(|(k, &(start, end, place))| {
            // Before the game's first token, escape lines stand before the game.
            let place = if k == 0 { EscapeAt::Before } else { place };
            (start, end, place)
        })
        .chain(std::iter::once((
            offset + text.len(),
            offset + text.len(),
            EscapeAt::After,
        )));
    for (start, end, place) in gaps {
        let last = place == EscapeAt::After;
        if start < at {
            // A token inside the one before it (the reader makes none): no text between them.
            at = at.max(end);
            continue;
        }
        let gap = text.get(at.checked_sub(offset)?..start - offset)?;
        let b = gap.as_bytes();
        let mut i = 0;
        // Line ends since this gap's last escape line, if it had one: escape lines before the
        // game with a blank line between them are written so (an empty line between them), as
        // escape lines after a game and those before the next are, which read again are all
        // the next game's.
        let mut ends: Option<usize> = None;
        while i < b.len() {
            match b[i] {
                b'\n' => {
                    ends = ends.map(|n| n + 1);
                    i += 1;
                }
                b'\r' => {
                    if b.get(i + 1) != Some(&b'\n') {
                        ends = ends.map(|n| n + 1);
                    }
                    i += 1;
                }
                b' ' | b'\t' | 0x0b | 0x0c | 0x1a => i += 1,
                b'\\' if matches!(b.get(i + 1), Some(b'n' | b'r')) => i += 2,
                // A byte order mark inside the file (N225).
                0xef if gap[i..].starts_with('\u{feff}') => i += '\u{feff}'.len_utf8(),
                b'%' => {
                    let len = gap[i..].find(['\n', '\r']);
                    // An escape line runs to the end of its line: one that does not was not
                    // read as one (unless the text ends there).
                    if len.is_none() && !last {
                        return None;
                    }
                    let len = len.unwrap_or(gap.len() - i);
                    if place == EscapeAt::Before && ends.is_some_and(|n| n >= 2) {
                        out.push((place, String::new()));
                    }
                    out.push((place, gap[i..i + len].to_string()));
                    ends = Some(0);
                    i += len;
                }
                _ => return None,
            }
        }
        at = at.max(end);
    }
    Some(out)
}

/// What the writer puts in place of the tree's own text; empty, the tree is written as it is.
#[derive(Clone, Debug, Default)]
pub struct Rewrite {
    /// New move texts: all of them one after the other, and each move's index in
    /// [`Game::body`] with the range of its text, in body order.
    pub moves: (String, Vec<(usize, Range<usize>)>),
    /// The tags to write, in order, instead of the game's own.
    pub tags: Option<Vec<(String, String)>>,
    /// The terminator to write instead of the game's own.
    pub result: Option<String>,
    /// The escape lines to write, in file order ([`escape_lines`]).
    pub escapes: Vec<(EscapeAt, String)>,
}

/// Appends `game` to `out` in canonical PDN 3.0 form, ending with a blank line.
pub fn write_game(game: &Game, out: &mut String) {
    write_game_with(game, &Rewrite::default(), out);
}

/// Why [`write_chunk`] kept a game's original text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Kept {
    /// The reader found a syntax error: text it dropped is not in the tree.
    #[error("the game has a syntax error, so text the reader skipped would be lost")]
    SyntaxError,
    /// The reader kept nothing of the game (no tag, move or result).
    #[error("nothing of the game could be read")]
    Empty,
    /// A move holds square 0, which is on no board: written alone it would mean something
    /// else than what the file says.
    #[error("a move holds square 0, which is on no board")]
    SquareZero,
    /// The chunk holds no game (text between games).
    #[error("the text holds no game")]
    NoGame,
    /// A tag or comment holds control characters: written on its own, the game could be
    /// taken for a binary file.
    #[error("a tag or comment holds control characters")]
    ControlCharacters,
    /// Text between the game's tokens is neither white space nor an escape line
    /// ([`escape_lines`]): the tree does not hold it.
    #[error("text between its tokens is not held by its tree")]
    Unheld,
}

/// Appends a chunk's game in canonical form, its escape lines kept where they stood
/// ([`escape_lines`]), or, when the tree cannot stand for it faithfully, the chunk's own text
/// (followed by a line break if it has none), and says why.
pub fn write_chunk(chunk: &Chunk, out: &mut String) -> Result<(), Kept> {
    let kept = match &chunk.game {
        None => Some(Kept::NoGame),
        Some(game) => keep_reason(game, &chunk.diagnostics),
    };
    let escapes = match (kept, &chunk.game) {
        (None, Some(game)) => escape_lines(&chunk.text, chunk.offset, game),
        _ => None,
    };
    let kept = match (kept, &escapes) {
        (None, None) => Some(Kept::Unheld),
        (k, _) => k,
    };
    match (kept, &chunk.game, escapes) {
        (None, Some(game), Some(escapes)) => {
            let (after, escapes): (Vec<_>, Vec<_>) = escapes
                .into_iter()
                .partition(|(at, _)| *at == EscapeAt::After);
            let rewrite = Rewrite {
                escapes,
                ..Rewrite::default()
            };
            write_game_with(game, &rewrite, out);
            write_escapes_after(after.iter().map(|(_, text)| text.as_str()), out);
            Ok(())
        }
        (why, _, _) => {
            out.push_str(&chunk.text);
            if !chunk.text.is_empty() && !chunk.text.ends_with(['\n', '\r']) {
                out.push('\n');
            }
            Err(why.unwrap_or(Kept::NoGame))
        }
    }
}

/// Why a game read with `diagnostics` (the reader's) cannot be written from its tree.
pub fn keep_reason(game: &Game, diagnostics: &[crate::Diagnostic]) -> Option<Kept> {
    if diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error && d.code.starts_with('S'))
    {
        return Some(Kept::SyntaxError);
    }
    if game.tags.is_empty() && game.body.is_empty() && game.result.is_none() {
        return Some(Kept::Empty);
    }
    let zero = game.body.iter().any(|e| match e {
        Element::Move(m) => m.squares.iter().any(|s| s.value == SquareValue::Numeric(0)),
        _ => false,
    });
    if zero {
        return Some(Kept::SquareZero);
    }
    let control = |t: &str| {
        t.chars()
            .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
    };
    let controls = game.tags.iter().any(|t| control(&t.value))
        || game.header_comments.iter().any(|c| control(&c.text))
        || game.body.iter().any(|e| match e {
            Element::Comment(c) => control(&c.text),
            _ => false,
        });
    controls.then_some(Kept::ControlCharacters)
}

/// Appends `game` to `out` in canonical PDN 3.0 form with the texts of `rewrite` in place of
/// the tree's own, ending with a blank line.
pub fn write_game_with(game: &Game, rewrite: &Rewrite, out: &mut String) {
    let own: Vec<(String, String)>;
    let tags = match &rewrite.tags {
        Some(t) => t,
        None => {
            own = game
                .tags
                .iter()
                .map(|t| (t.name.clone(), t.value.clone()))
                .collect();
            &own
        }
    };
    // Comments written as `%` lines that come before the game's first token (with no tag and
    // no other comment before them) are, read again, escape lines before the game: they are
    // written there, with the escape lines among them.
    let lead = if tags.is_empty() && game.header_comments.iter().all(|c| holds_brace(&c.text)) {
        game.body
            .iter()
            .take_while(|e| matches!(e, Element::Comment(c) if holds_brace(&c.text)))
            .count()
    } else {
        0
    };
    let ahead = |at: &EscapeAt| match at {
        EscapeAt::Before => true,
        EscapeAt::Body(j) => lead > 0 && *j <= lead,
        EscapeAt::After => false,
    };
    let mut escapes = rewrite.escapes.iter().peekable();
    let mut before = false;
    let block = out.len();
    while let Some((_, line)) = escapes.next_if(|(at, _)| *at == EscapeAt::Before) {
        out.push_str(line);
        out.push('\n');
        before = true;
    }
    // Before the game's comments in braces, as escape lines among them are.
    for c in game.header_comments.iter().filter(|c| holds_brace(&c.text)) {
        for l in percent_lines(&c.text) {
            out.push_str(&l);
            out.push('\n');
        }
        before = true;
    }
    for e in &game.body[..lead] {
        let Element::Comment(c) = e else { continue };
        for l in percent_lines(&c.text) {
            out.push_str(&l);
            out.push('\n');
        }
        before = true;
    }
    while let Some((_, line)) = escapes.next_if(|(at, _)| ahead(at)) {
        out.push_str(line);
        out.push('\n');
        before = true;
    }
    if before {
        // Read again, these lines are text before the game, which canonical form writes up to
        // its last character that is not white space (as [`write_escapes_after`] does).
        let end = block + out[block..].trim_end_matches(blank).len();
        out.truncate(end);
        out.push_str("\n\n");
    }
    let braced: Vec<_> = game
        .header_comments
        .iter()
        .filter(|c| !holds_brace(&c.text))
        .collect();
    for c in &braced {
        let mut line = LineWriter::new(out);
        line.comment(&c.text);
        line.out.push('\n');
    }
    // A blank line after the comments before a game, as after its tags: after a game written
    // as it was that has no result, they read as that game's, and then it is kept with the
    // blank line that follows them.
    if !braced.is_empty() {
        out.push('\n');
    }
    for (name, value) in tags {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        for ch in value.chars() {
            if ch == '"' || ch == '\\' {
                out.push('\\');
            }
            // A line break inside a value would end the tag line.
            out.push(if ch == '\n' || ch == '\r' { ' ' } else { ch });
        }
        out.push_str("\"]\n");
    }
    if !tags.is_empty() {
        out.push('\n');
    }
    // The score the reader may take a move for: the Result tag's, without spaces.
    let result_tag: Option<String> = tags
        .iter()
        .find(|(n, _)| n == "Result")
        .map(|(_, v)| v.chars().filter(|c| !c.is_whitespace()).collect());
    let mut line = LineWriter::new(out);
    let mut new_moves = rewrite.moves.1.iter().peekable();
    for (i, e) in game.body.iter().enumerate().skip(lead) {
        while let Some((_, text)) = escapes.next_if(|(at, _)| *at == EscapeAt::Body(i)) {
            line.escape(text);
        }
        match e {
            Element::MoveNumber(n) => {
                let dots = if n.second_player { "..." } else { "." };
                line.token(&format!("{}{}", n.number, dots));
            }
            Element::Move(m) => {
                let mut t = String::with_capacity(8);
                while new_moves.peek().is_some_and(|(k, _)| *k < i) {
                    new_moves.next();
                }
                match new_moves.peek() {
                    Some((k, r)) if *k == i => {
                        t.push_str(rewrite.moves.0.get(r.clone()).unwrap_or_default());
                        strength_text(m, &mut t);
                    }
                    _ => move_text(m, &mut t),
                }
                not_a_result(&mut t, result_tag.as_deref());
                line.token(&t);
                if let Some(st) = &m.strength {
                    if st.marks.as_str() == "*" {
                        line.token("$7");
                    }
                }
            }
            Element::Ellipsis { .. } => line.token("..."),
            Element::Comment(c) if holds_brace(&c.text) => {
                for l in percent_lines(&c.text) {
                    line.escape(&l);
                }
            }
            Element::Comment(c) => line.comment(&c.text),
            Element::Nag { value, .. } => line.token(&format!("${value}")),
            Element::Setup(s) => line.token(&format!("/{}/", s.raw.trim())),
            Element::VariationStart { .. } => {
                line.token("(");
                line.glue = true;
            }
            Element::VariationEnd { .. } => line.close(),
        }
    }
    // A dash for "no result", and a result written with a colon (`1:0`), are written as PDN
    // writes them.
    let own_result = game
        .result
        .as_ref()
        .map_or("*", |r| r.kind.as_str().unwrap_or(r.raw.as_str()));
    // What stood before the terminator, and any escape lines the tree has no place for.
    while let Some((_, text)) = escapes.next_if(|(at, _)| *at != EscapeAt::After) {
        line.escape(text);
    }
    line.token(rewrite.result.as_deref().unwrap_or(own_result));
    if line.col > 0 {
        line.out.push('\n');
    }
    line.out.push('\n');
    write_escapes_after(escapes.map(|(_, text)| text.as_str()), out);
}

/// Appends escape lines that stood after a game ([`EscapeAt::After`]), one a line, then a
/// blank line, as escape lines before a game are written: read again, they are text between
/// games, which canonical form writes up to its last character that is not white space, so the
/// last line goes without the blanks it ended with.
pub fn write_escapes_after<'a>(lines: impl IntoIterator<Item = &'a str>, out: &mut String) {
    let mut lines = lines.into_iter().peekable();
    let any = lines.peek().is_some();
    while let Some(text) = lines.next() {
        let text = if lines.peek().is_none() {
            text.trim_end_matches(blank)
        } else {
            text
        };
        out.push_str(text);
        out.push('\n');
    }
    if any {
        out.push('\n');
    }
}

/// What the reader takes for white space (a no-break space, for one, it does not): only that
/// may be trimmed from text kept as it was.
pub(crate) fn blank(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\r' | '\n' | '\u{b}' | '\u{c}' | '\u{1a}' | '\u{feff}'
    )
}

/// Whether `t`, written as a token followed by a blank, reads as a game result: one of the
/// standard results not followed by a letter, digit, `/` or `.`, or the score of the Result
/// tag (`result_tag`, without spaces).
pub fn reads_as_result(t: &str, result_tag: Option<&str>) -> bool {
    let b = t.as_bytes();
    // A colon form (`1:1`) reads as a result too.
    let standard = matches!(
        b,
        [b'1', b'-' | b':', b'0', ..]
            | [b'0', b'-' | b':', b'1', ..]
            | [b'2', b'-' | b':', b'0', ..]
            | [b'0', b'-' | b':', b'2', ..]
            | [b'1', b'-' | b':', b'1', ..]
            | [b'0', b'-' | b':', b'0', ..]
    ) && !b
        .get(3)
        .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'/' || c == b'.');
    standard || result_tag.is_some_and(|r| !r.is_empty() && t == r)
}

/// Makes a move's text read as a move: a first square that makes it read as a result gets
/// leading zeros (`1-1` becomes `01-1`), as many as it takes.
fn not_a_result(t: &mut String, result_tag: Option<&str>) {
    if !t.starts_with(|c: char| c.is_ascii_digit()) {
        return;
    }
    while reads_as_result(t, result_tag) {
        t.insert(0, '0');
    }
}

/// Writes a move as `32-28`, `28x19x10`, `c3xe5`, strength included (except a star).
pub fn move_text(m: &Move, out: &mut String) {
    let capture = m.is_capture();
    for (i, s) in m.squares.iter().enumerate() {
        // Russian short notation keeps its form (`cd4`): PDN has no other way to write it.
        let short_quiet = i == 1 && s.separator.is_none() && m.is_short();
        if i > 0 && !short_quiet {
            let sep = match s.separator.map(|s| s.kind) {
                Some(SeparatorKind::Move) => '-',
                Some(_) => 'x',
                None if capture => 'x',
                None => '-',
            };
            out.push(sep);
        }
        match s.value {
            SquareValue::Numeric(n) => {
                let _ = write!(out, "{n}");
            }
            SquareValue::Algebraic { file, rank } => {
                out.push((b'a' + file) as char);
                let _ = write!(out, "{rank}");
            }
            SquareValue::File { file } => out.push((b'a' + file) as char),
        }
    }
    strength_text(m, out);
}

/// A move's strength marks (`!`, `(?)`), except a star, which is written as `$7`.
fn strength_text(m: &Move, out: &mut String) {
    if let Some(st) = &m.strength {
        if st.marks.as_str() != "*" {
            if st.parenthesized {
                let _ = write!(out, "({})", st.marks);
            } else {
                out.push_str(st.marks.as_str());
            }
        }
    }
}

/// Whether a comment's text holds a brace: `}` would end a comment in braces, and `{` is read
/// by some readers as a comment nested in it, so such a comment is written as `%` lines.
fn holds_brace(text: &str) -> bool {
    text.contains(['{', '}'])
}

/// A comment's words as PDN's line comments: `%` and the words, each line at most 79
/// characters wide (a longer word has a line of its own). Read again, they are escape lines
/// ([`escape_lines`]), which are written back as they are.
pub fn percent_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::from("%");
    let mut width = 1;
    for w in text.split(blank).filter(|w| !w.is_empty()) {
        let n = w.chars().count();
        if width > 1 && width + 1 + n > WIDTH {
            lines.push(std::mem::replace(&mut line, String::from("%")));
            width = 1;
        }
        line.push(' ');
        line.push_str(w);
        width += 1 + n;
    }
    lines.push(line);
    lines
}

struct LineWriter<'a> {
    out: &'a mut String,
    col: usize,
    /// The next token follows `(` without a space.
    glue: bool,
}

impl<'a> LineWriter<'a> {
    fn new(out: &'a mut String) -> Self {
        LineWriter {
            out,
            col: 0,
            glue: false,
        }
    }

    fn token(&mut self, t: &str) {
        let width = t.chars().count();
        if self.col > 0 && self.glue && self.col + width > WIDTH {
            // After `(`: a line break, not a space, when the token does not fit.
            self.out.push('\n');
            self.col = 0;
        } else if self.col > 0 && !self.glue {
            if self.col + 1 + width > WIDTH {
                self.out.push('\n');
                self.col = 0;
            } else {
                self.out.push(' ');
                self.col += 1;
            }
        }
        self.glue = false;
        self.out.push_str(t);
        self.col += width;
    }

    /// A comment, its words wrapped like the other tokens (line breaks inside it become
    /// spaces). A word that starts with `[` stays on the line of the word before it: a line
    /// inside a comment that starts with `[` and a letter would end the comment when read.
    fn comment(&mut self, text: &str) {
        let mut units: Vec<String> = Vec::new();
        for w in text.split(blank).filter(|w| !w.is_empty()) {
            match units.last_mut() {
                Some(last) if w.starts_with('[') => {
                    last.push(' ');
                    last.push_str(w);
                }
                _ => units.push(w.to_string()),
            }
        }
        match units.as_slice() {
            [] => self.token("{}"),
            [only] => self.token(&format!("{{{only}}}")),
            [first, middle @ .., last] => {
                self.token(&format!("{{{first}"));
                for w in middle {
                    self.token(w);
                }
                self.token(&format!("{last}}}"));
            }
        }
    }

    /// An escape line, on a line of its own.
    fn escape(&mut self, text: &str) {
        if self.col > 0 {
            self.out.push('\n');
        }
        self.out.push_str(text);
        self.out.push('\n');
        self.col = 0;
    }

    fn close(&mut self) {
        if self.glue {
            // An empty variation: `()`.
            self.glue = false;
        } else if self.col + 1 > WIDTH {
            self.out.push('\n');
            self.col = 0;
        }
        self.out.push(')');
        self.col += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::percent_lines;

    #[test]
    fn percent_lines_split_only_where_the_reader_sees_blanks() {
        // A no-break space is text to the reader: it stays inside its word.
        assert_eq!(
            percent_lines("a\u{a0}b }  c"),
            vec!["% a\u{a0}b } c".to_string()]
        );
    }
}
