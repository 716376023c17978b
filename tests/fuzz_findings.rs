//! Inputs the fuzzers found, kept as regression tests.

use pdnkit::syntax::{Element, parse_str};
use pdnkit::write::pdn::{move_text, write_game};
use pdnkit::{Game, ReadOptions};

fn moves(g: &Game) -> Vec<String> {
    g.body
        .iter()
        .filter_map(|e| match e {
            Element::Move(m) => {
                let mut t = String::new();
                move_text(m, &mut t);
                Some(t)
            }
            _ => None,
        })
        .collect()
}

/// Found by the `roundtrip` target: a game whose moves read back differently once written.
#[test]
fn writing_and_reading_back_keeps_every_move() {
    // The second: a lidraughts game glued to mutated movetext read back with one move more.
    for name in ["roundtrip_moves_changed.pdn", "roundtrip_glued_game.pdn"] {
        let path = format!("{}/tests/fixtures/fuzz/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(path).expect("fixture");
        writes_back_the_same_moves(&String::from_utf8_lossy(&bytes));
    }
}

fn writes_back_the_same_moves(text: &str) {
    let options = ReadOptions::default();
    for chunk in parse_str(text, &options) {
        let Some(game) = chunk.game else { continue };
        let mut out = String::new();
        write_game(&game, &mut out);
        let again: Vec<Game> = parse_str(&out, &options)
            .into_iter()
            .filter_map(|c| c.game)
            .collect();
        assert_eq!(again.len(), 1, "{out}");
        assert_eq!(moves(&again[0]), moves(&game), "{out}");
    }
}
