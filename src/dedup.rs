//! Finding the same game twice: a game's key is its main line's moves (the squares of every
//! move the replay played, with its start position), or, for a game that was not replayed, its
//! main line as written; optionally with some of its tags. A game with no move on its main
//! line (a forfeit, a game whose moves were never entered) is keyed by every tag and its
//! result as well: its moves say nothing of which game it is. Keys are compared whole, so two
//! games are copies exactly when their keys are equal.

use crate::check::CheckedGame;

/// The key of a game, or `None` for a chunk without a game. `tags` are compared as written
/// (trimmed).
pub fn game_key(g: &CheckedGame, tags: &[String]) -> Option<Vec<u8>> {
    let game = g.chunk.game.as_ref()?;
    let mut key = Vec::new();
    for t in tags {
        key.extend_from_slice(game.tag(t).unwrap_or("").trim().as_bytes());
        key.push(0);
    }
    key.extend_from_slice(game.tag("FEN").unwrap_or("").trim().as_bytes());
    key.push(0);
    match g.report.as_ref().filter(|r| r.variant.is_some()) {
        Some(r) => {
            key.push(if r.complete { b'R' } else { b'P' });
            key.extend_from_slice(r.variant.map_or("", |v| v.name()).as_bytes());
            for m in r.moves.iter().filter(|m| m.line == 0) {
                key.push(0xFF);
                key.extend(m.mv.path.iter().map(|s| s.0));
                key.push(0xFE);
                key.extend(m.mv.captured.iter().map(|s| s.0));
            }
            // A main line the replay could not finish is told apart by its text as well.
            if !r.complete {
                written_moves(game, &mut key);
            }
        }
        None => {
            key.push(b'W');
            written_moves(game, &mut key);
        }
    }
    if game.main_line_moves().next().is_none() {
        key.push(b'E');
        for t in &game.tags {
            key.extend_from_slice(t.name.as_bytes());
            key.push(0);
            key.extend_from_slice(t.value.trim().as_bytes());
            key.push(0);
        }
        key.extend_from_slice(
            game.result
                .as_ref()
                .map_or("", |r| r.raw.as_str())
                .as_bytes(),
        );
    }
    Some(key)
}

fn written_moves(game: &crate::syntax::Game, key: &mut Vec<u8>) {
    for m in game.main_line_moves() {
        key.push(0xFF);
        for s in m.squares.iter() {
            key.extend_from_slice(s.raw.as_str().to_ascii_lowercase().as_bytes());
            key.push(b' ');
        }
    }
}
