//! The replay's move stream: every move of every line, with its token's span, the move and the
//! position it is played from.

use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::replay::{FileContext, Legality, PlayedMove, ReplayOptions, replay_game_with};
use pdnkit::syntax::{GameReader, ReadOptions};

/// The moves of each game of `text`, recorded by the replay, with the game's text.
fn recorded(text: &str) -> Vec<(String, Vec<PlayedMove>)> {
    let mut options = CheckOptions::default();
    options.replay.record_moves = true;
    let mut out = Vec::new();
    check_stream(text.as_bytes(), &options, |g| {
        let moves = g.report.map(|r| r.moves).unwrap_or_default();
        out.push((g.chunk.text.to_string(), moves))
    })
    .expect("reading from memory cannot fail");
    out
}

fn written<'t>(text: &'t str, m: &PlayedMove) -> &'t str {
    &text[m.span.start..m.span.end]
}

#[test]
fn every_main_line_move_comes_with_its_token_and_the_position_before_it() {
    let text = "[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 *";
    let games = recorded(text);
    let (_, moves) = &games[0];
    let tokens: Vec<&str> = moves.iter().map(|m| written(text, m)).collect();
    assert_eq!(tokens, ["11-15", "23-19", "8-11", "22-17"]);
    assert_eq!(
        moves.iter().map(|m| m.ply).collect::<Vec<_>>(),
        [0, 1, 2, 3]
    );
    // Each position before is the one before it with its move played.
    for w in moves.windows(2) {
        let mut p = w[0].before.clone();
        p.play(&w[0].mv);
        assert_eq!(p, w[1].before);
    }
    assert!(moves.iter().all(|m| m.line == 0 && m.depth == 0));
    assert!(moves.iter().all(|m| m.legality == Legality::Legal));
}

#[test]
fn a_variation_starts_from_the_position_before_the_move_it_replaces() {
    let text = "[GameType \"21\"]\n1. 11-15 23-19 (1... 22-18 2. 15x22) 2. 8-11 *";
    let games = recorded(text);
    let (_, moves) = &games[0];
    let main: Vec<&PlayedMove> = moves.iter().filter(|m| m.line == 0).collect();
    let var: Vec<&PlayedMove> = moves.iter().filter(|m| m.line == 1).collect();
    assert_eq!(main.len(), 3);
    assert_eq!(var.len(), 2);
    assert_eq!(written(text, var[0]), "22-18");
    assert_eq!(var[0].depth, 1);
    assert_eq!(var[0].ply, 1);
    assert_eq!(var[0].line_ply, 1);
    assert_eq!(var[0].before, main[1].before);
    assert_eq!(written(text, var[1]), "15x22");
    assert_eq!(var[1].mv.captured.len(), 1);
}

#[test]
fn a_capture_written_one_jump_per_move_is_one_move_over_both_tokens() {
    let text = "[GameType \"21\"]\n[FEN \"B:W14,22:B9\"]\n1. 9x18 18x25 *";
    let games = recorded(text);
    let (_, moves) = &games[0];
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].tokens, 2);
    assert_eq!(written(text, &moves[0]), "9x18 18x25");
    assert_eq!(moves[0].mv.captured.len(), 2);
}

#[test]
fn a_move_the_rules_forbid_but_the_record_follows_is_marked_applied() {
    // 12-16 while 15x22 was compulsory (R305).
    let text = "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 *";
    let games = recorded(text);
    let (_, moves) = &games[0];
    assert_eq!(moves.len(), 3);
    assert_eq!(moves[2].legality, Legality::Applied);
    assert_eq!(written(text, &moves[2]), "12-16");
}

#[test]
fn a_move_that_cannot_be_applied_is_not_handed_over_and_its_line_stops() {
    let text = "[GameType \"21\"]\n1. 11-15 24-19 2. 20-16 8-11 *";
    let games = recorded(text);
    let tokens: Vec<&str> = games[0].1.iter().map(|m| written(text, m)).collect();
    assert_eq!(tokens, ["11-15", "24-19"]);
}

#[test]
fn a_game_whose_variant_is_inferred_is_still_handed_over_move_by_move() {
    // No GameType: the choice of variant replays the game before the listener's replay.
    let text = "1. 33-28 18-23 2. 39-33 13-18 3. 44-39 18-22 4. 31-27 22x31 *";
    let games = recorded(text);
    let tokens: Vec<&str> = games[0].1.iter().map(|m| written(text, m)).collect();
    assert_eq!(
        tokens,
        [
            "33-28", "18-23", "39-33", "13-18", "44-39", "18-22", "31-27", "22x31"
        ]
    );
}

#[test]
fn moves_are_kept_only_when_asked() {
    let text = "[GameType \"20\"]\n1. 32-28 19-23 *";
    let mut out = Vec::new();
    check_stream(text.as_bytes(), &CheckOptions::default(), |g| {
        out.push(g.report.map(|r| r.moves.len()))
    })
    .expect("reading from memory cannot fail");
    assert_eq!(out, [Some(0)]);
}

#[test]
fn the_listener_hears_each_move_as_it_is_played() {
    let text = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *";
    let mut reader = GameReader::new(
        pdnkit::source::TextDecoder::new(text.as_bytes()),
        ReadOptions::default(),
    );
    let chunk = reader
        .next_chunk()
        .expect("reading from memory cannot fail")
        .expect("one game");
    let game = chunk.game.expect("a game");
    let mut heard = Vec::new();
    let report = replay_game_with(
        &game,
        &ReplayOptions::default(),
        &mut FileContext::default(),
        &mut |e| heard.push((e.ply, e.mv.from, e.mv.to, e.mv.captured.len())),
    );
    assert_eq!(heard.len() as u32, report.plies);
    assert_eq!(heard[2].3, 1);
    assert!(report.moves.is_empty());
}
