//! Annotating a game with its findings: each diagnostic becomes a comment
//! `{[%lint CODE] message}` right after the move it is about (after its strength mark and the
//! glyphs `$n` that follow it), the findings about the game as a whole (its tags, its variant,
//! its result) a comment before its first move; the `[%lint ...]` comments of an earlier run
//! are replaced, so annotating twice gives what annotating once gave;
//! every other character of the game is kept.

use std::ops::Range;

use crate::lint::{Diagnostic, Severity};
use crate::syntax::{Chunk, Comment, Element, Game};

use super::convert::splice;

/// How to annotate.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnnotateOptions {
    /// Add `$4` (a very poor move) after each move with an error.
    pub nags: bool,
}

/// The comment for one diagnostic. A `}` in the message, which would end the comment, is
/// written `)`.
pub fn lint_comment(d: &Diagnostic) -> String {
    format!(
        "{{[%lint {}] {}}}",
        d.code,
        d.message.replace('}', ")").replace('{', "(")
    )
}

/// True for a comment that annotate wrote: one that opens with a `[%lint ...]` command.
fn is_lint_comment(c: &Comment) -> bool {
    !c.semicolon && c.text.trim_start().starts_with("[%lint ")
}

/// The edits that annotate one game, as ranges of `chunk.text` and their text, in order: the
/// `{[%lint ...]}` comments of an earlier run are taken out (each with one space beside it),
/// and the findings written in, so annotating an annotated game gives it back as it was.
/// Findings that point inside an earlier run's comment are left out.
pub fn annotate_edits(
    chunk: &Chunk,
    game: &Game,
    diagnostics: &[Diagnostic],
    options: &AnnotateOptions,
) -> Vec<(Range<usize>, String)> {
    let text = chunk.text.as_bytes();
    let local = |x: usize| x.saturating_sub(chunk.offset);
    // Each move token: where its text starts, where it ends (its strength mark included),
    // where a comment after it goes (after the glyphs `$n` that follow it) and whether those
    // glyphs hold `$4`.
    struct MoveAt {
        start: usize,
        end: usize,
        insert: usize,
        has_poor: bool,
    }
    let mut moves: Vec<MoveAt> = Vec::new();
    // The earlier run's comments, as file offsets (one space beside each included).
    let mut removed: Vec<Range<usize>> = Vec::new();
    let mut last_move: Option<usize> = None;
    for e in &game.body {
        match e {
            Element::Move(m) => {
                let end = m.strength.as_ref().map_or(m.span.end, |s| s.span.end);
                moves.push(MoveAt {
                    start: m.span.start,
                    end,
                    insert: end,
                    has_poor: false,
                });
                last_move = Some(moves.len() - 1);
            }
            Element::Nag { value, span } => {
                if let Some(mv) = last_move.map(|i| &mut moves[i]) {
                    mv.insert = span.end;
                    mv.has_poor |= *value == 4;
                }
            }
            Element::Comment(c) if is_lint_comment(c) => {
                let (s, e) = (local(c.span.start), local(c.span.end));
                let free = removed.last().map_or(0, |r| local(r.end));
                let range = if s > free && s <= text.len() && text[s - 1] == b' ' {
                    c.span.start - 1..c.span.end
                } else if text.get(e) == Some(&b' ') {
                    c.span.start..c.span.end + 1
                } else {
                    c.span.start..c.span.end
                };
                removed.push(range);
                // The glyphs after the comment belong to no move.
                last_move = None;
            }
            _ => last_move = None,
        }
    }
    let first = game.body.iter().find_map(|e| match e {
        Element::Move(m) => Some(m.span.start),
        Element::MoveNumber(n) => Some(n.span.start),
        _ => None,
    });
    let mut before_first = Vec::new();
    // (insertion offset, order, text)
    let mut after: Vec<(usize, usize, String)> = Vec::new();
    for (i, d) in diagnostics.iter().enumerate() {
        let at = d.span.start;
        // Both lists are in text order and do not overlap: each is searched by halves.
        let r = removed.partition_point(|r| r.end <= at);
        if removed.get(r).is_some_and(|r| r.start <= at) {
            continue;
        }
        // A finding about a move (the replay's, with its move context, or one inside a move
        // token) goes after that move; any other is about the game.
        let next = moves.partition_point(|m| m.end <= at);
        let inside = moves.get(next).filter(|m| m.start <= at);
        let target = match (inside, &d.context, first) {
            (Some(m), _, _) => Some(m),
            (None, Some(_), Some(f)) if at >= f => moves.get(next).or(moves.last()),
            _ => None,
        };
        match target {
            Some(m) => {
                if options.nags && d.severity == Severity::Error && !m.has_poor {
                    after.push((m.insert, 0, " $4".to_string()));
                }
                after.push((m.insert, 1 + i, format!(" {}", lint_comment(d))));
            }
            None => before_first.push(lint_comment(d)),
        }
    }
    // One `$4` per move.
    after.sort_by_key(|(at, order, _)| (*at, *order));
    after.dedup_by(|a, b| a.0 == b.0 && a.1 == 0 && b.1 == 0);
    let mut edits: Vec<(Range<usize>, String)> = removed
        .iter()
        .map(|r| (local(r.start)..local(r.end), String::new()))
        .collect();
    if let (Some(f), false) = (first, before_first.is_empty()) {
        let at = local(f);
        edits.push((at..at, before_first.join(" ") + " "));
    }
    for (at, _, text) in after {
        let at = local(at);
        edits.push((at..at, text));
    }
    // In order; an insertion where a removal starts goes in its place, and insertions at one
    // place are joined.
    edits.sort_by_key(|(r, _)| (r.start, r.is_empty()));
    let mut joined: Vec<(Range<usize>, String)> = Vec::with_capacity(edits.len());
    for (r, t) in edits {
        match joined.last_mut() {
            Some((last, lt)) if last.start == r.start && r.is_empty() => lt.push_str(&t),
            _ => joined.push((r, t)),
        }
    }
    joined
}

/// The text of one chunk with its findings written in; a chunk with no game, or a game with
/// no moves and no findings, comes back as it was. The findings of a chunk with no moves are
/// put after its text.
pub fn annotate_chunk(
    chunk: &Chunk,
    diagnostics: &[Diagnostic],
    options: &AnnotateOptions,
) -> String {
    let Some(game) = &chunk.game else {
        return chunk.text.clone();
    };
    let has_moves = game
        .body
        .iter()
        .any(|e| matches!(e, Element::Move(_) | Element::MoveNumber(_)));
    if !has_moves {
        return chunk.text.clone();
    }
    splice(
        &chunk.text,
        &annotate_edits(chunk, game, diagnostics, options),
    )
}
