//! Write then read: every game read from the input that the writer writes from its tree (the
//! others are kept as written, `write::pdn::keep_reason`) is written as PDN and read again; the
//! game read back has the same tags and the same moves, in order. The written game is read back
//! as text (`syntax::parse_text`), as the writers read back their own output: alone, a game
//! whose comment or junk holds a control byte can have a share of them that F002 takes for a
//! binary file, though the file it came from was text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdnkit::syntax::Element;
use pdnkit::write::pdn::{keep_reason, move_text, write_game};
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

fn tags(g: &Game) -> Vec<(String, String)> {
    g.tags
        .iter()
        .map(|t| (t.name.clone(), t.value.clone()))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let options = ReadOptions::default();
    for chunk in pdnkit::syntax::parse_str(text, &options) {
        let Some(game) = chunk.game else { continue };
        if keep_reason(&game, &chunk.diagnostics).is_some() {
            continue;
        }
        let mut out = String::new();
        write_game(&game, &mut out);
        let again: Vec<Game> = pdnkit::syntax::parse_text(&out, &options)
            .into_iter()
            .filter_map(|c| c.game)
            .collect();
        assert_eq!(again.len(), 1, "one game written, one read back:\n{out}");
        assert_eq!(tags(&again[0]), tags(&game), "tags changed:\n{out}");
        assert_eq!(moves(&again[0]), moves(&game), "moves changed:\n{out}");
    }
});
