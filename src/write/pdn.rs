//! Writing a syntax tree back as canonical PDN 3.0 text.
//!
//! Canonical form: one tag per line, a blank line, then the movetext wrapped at 80 columns;
//! moves without leading zeros, captures with `x`, strength marks right after their move
//! (a PDN 2.0 star becomes `$7`), comments in braces (inner braces turned into parentheses,
//! runs of white space into one space), and the game's terminator (`*` when it had none).
//! The tree is walked without recursion.

use std::fmt::Write;

use crate::syntax::{Element, Game, Move, ResultKind, SeparatorKind, SquareValue};

/// Where movetext lines are wrapped.
const WIDTH: usize = 79;

/// Appends `game` to `out` in canonical PDN 3.0 form, ending with a blank line.
pub fn write_game(game: &Game, out: &mut String) {
    for c in &game.header_comments {
        let _ = writeln!(out, "{{{}}}", clean_comment(&c.text));
    }
    for t in &game.tags {
        out.push('[');
        out.push_str(&t.name);
        out.push_str(" \"");
        for ch in t.value.chars() {
            if ch == '"' || ch == '\\' {
                out.push('\\');
            }
            out.push(ch);
        }
        out.push_str("\"]\n");
    }
    if !game.tags.is_empty() && !game.body.is_empty() {
        out.push('\n');
    }
    let mut line = LineWriter {
        out,
        col: 0,
        glue: false,
    };
    for e in &game.body {
        match e {
            Element::MoveNumber(n) => {
                let dots = if n.second_player { "..." } else { "." };
                line.token(&format!("{}{}", n.number, dots));
            }
            Element::Move(m) => {
                let mut t = String::with_capacity(8);
                move_text(m, &mut t);
                line.token(&t);
                if let Some(st) = &m.strength {
                    if st.marks.as_str() == "*" {
                        line.token("$7");
                    }
                }
            }
            Element::Ellipsis { .. } => line.token("..."),
            Element::Comment(c) => line.comment(&clean_comment(&c.text)),
            Element::Nag { value, .. } => line.token(&format!("${value}")),
            Element::Setup(s) => line.token(&format!("/{}/", s.raw.trim())),
            Element::VariationStart { .. } => {
                line.token("(");
                line.glue = true;
            }
            Element::VariationEnd { .. } => line.close(),
        }
    }
    // A dash for "no result" is written as PDN writes it.
    let result = game.result.as_ref().map_or("*", |r| match r.kind {
        ResultKind::Unknown => "*",
        _ => r.raw.as_str(),
    });
    line.token(result);
    if line.col > 0 {
        line.out.push('\n');
    }
    line.out.push('\n');
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

fn clean_comment(text: &str) -> String {
    text.replace('{', "(").replace('}', ")")
}

struct LineWriter<'a> {
    out: &'a mut String,
    col: usize,
    /// The next token follows `(` without a space.
    glue: bool,
}

impl LineWriter<'_> {
    fn token(&mut self, t: &str) {
        let width = t.chars().count();
        if self.col > 0 && !self.glue {
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
        // A comment with line breaks: count from its last line.
        if let Some(k) = t.rfind('\n') {
            self.col = t[k + 1..].chars().count();
        }
    }

    /// A comment, its words wrapped like the other tokens (line breaks inside it become
    /// spaces).
    fn comment(&mut self, text: &str) {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
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

    fn close(&mut self) {
        if self.glue {
            // An empty variation: `()`.
            self.glue = false;
        }
        self.out.push(')');
        self.col += 1;
    }
}
