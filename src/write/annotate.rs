//! Annotating a game with its findings: each diagnostic becomes a comment
//! `{[%lint CODE] message}` right after the move it is about (after its strength mark), the
//! findings about the game as a whole (its tags, its variant, its result) a comment before its
//! first move;
//! every other character of the game is kept.

use std::ops::Range;

use crate::lint::{Diagnostic, Severity};
use crate::syntax::{Chunk, Element, Game};

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

/// The edits that annotate one game, as ranges of `chunk.text` (all empty: insertions) and
/// their text, in order.
pub fn annotate_edits(
    chunk: &Chunk,
    game: &Game,
    diagnostics: &[Diagnostic],
    options: &AnnotateOptions,
) -> Vec<(Range<usize>, String)> {
    // Each move token: where its text starts, and where a comment after it goes.
    let moves: Vec<(usize, usize)> = game
        .body
        .iter()
        .filter_map(|e| match e {
            Element::Move(m) => Some((
                m.span.start,
                m.strength.as_ref().map_or(m.span.end, |s| s.span.end),
            )),
            _ => None,
        })
        .collect();
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
        // A finding about a move (the replay's, with its move context, or one inside a move
        // token) goes after that move; any other is about the game.
        let inside = moves.iter().find(|&&(start, end)| start <= at && at < end);
        let target = match (inside, &d.context, first) {
            (Some(&(_, end)), _, _) => Some(end),
            (None, Some(_), Some(f)) if at >= f => moves
                .iter()
                .find(|&&(_, end)| end > at)
                .or(moves.last())
                .map(|&(_, end)| end),
            _ => None,
        };
        match target {
            Some(end) => {
                if options.nags && d.severity == Severity::Error {
                    after.push((end, 0, " $4".to_string()));
                }
                after.push((end, 1 + i, format!(" {}", lint_comment(d))));
            }
            None => before_first.push(lint_comment(d)),
        }
    }
    // One `$4` per move.
    after.sort_by_key(|(at, order, _)| (*at, *order));
    after.dedup_by(|a, b| a.0 == b.0 && a.1 == 0 && b.1 == 0);
    let local = |x: usize| x - chunk.offset;
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    if let (Some(f), false) = (first, before_first.is_empty()) {
        let at = local(f);
        edits.push((at..at, before_first.join(" ") + " "));
    }
    for (at, _, text) in after {
        let at = local(at);
        match edits.last_mut() {
            Some((r, t)) if r.start == at => t.push_str(&text),
            _ => edits.push((at..at, text)),
        }
    }
    edits.sort_by_key(|(r, _)| r.start);
    edits
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
