//! Nothing panics the whole pipeline (read, choose the variant, replay), whatever the text, and
//! every FEN the reader accepts gives a position whose moves can be generated and played.

use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::notation::{Layout, RawFen};
use pdnkit::replay::RuleProfile;
use pdnkit::rules::Variant;
use proptest::prelude::*;

fn square() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u32..80).prop_map(|n| n.to_string()),
        ("[a-l]", 0u32..13).prop_map(|(f, r)| format!("{f}{r}")),
    ]
}

fn mv() -> impl Strategy<Value = String> {
    (
        square(),
        prop::collection::vec(
            (prop_oneof![Just("-"), Just("x"), Just(":")], square()),
            1..4,
        ),
    )
        .prop_map(|(first, rest)| {
            let mut s = first;
            for (sep, sq) in rest {
                s.push_str(sep);
                s.push_str(&sq);
            }
            s
        })
}

fn fen_text() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("W"), Just("B"), Just("?")],
        prop::collection::vec((any::<bool>(), square()), 0..12),
        prop::collection::vec((any::<bool>(), square()), 0..12),
    )
        .prop_map(|(turn, w, b)| {
            let list = |v: Vec<(bool, String)>| {
                v.into_iter()
                    .map(|(k, s)| if k { format!("K{s}") } else { s })
                    .collect::<Vec<_>>()
                    .join(",")
            };
            format!("{turn}:W{}:B{}", list(w), list(b))
        })
}

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => mv(),
        1 => (1u32..60).prop_map(|n| format!("{n}.")),
        1 => (1u32..60).prop_map(|n| format!("{n}...")),
        1 => Just("...".to_string()),
        1 => Just("(".to_string()),
        1 => Just(")".to_string()),
        1 => square().prop_map(|s| format!("{{[%huff {s}]}}")),
        1 => fen_text().prop_map(|f| format!("/FEN \"{f}\"/")),
        1 => prop_oneof![Just("1-0"), Just("0-1"), Just("2-0"), Just("1-1"), Just("*")].prop_map(str::to_string),
        1 => prop_oneof![Just("20"), Just("21"), Just("23"), Just("25"), Just("26"), Just("27"), Just("22"), Just("25,W,8,8,A1,0"), Just("x")]
            .prop_map(|g| format!("\n[GameType \"{g}\"]\n")),
        1 => fen_text().prop_map(|f| format!("\n[FEN \"{f}\"]\n")),
        1 => prop_oneof![Just("2-0"), Just("0-2"), Just("1/2-1/2")].prop_map(|r| format!("\n[Result \"{r}\"]\n")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn no_text_panics_the_check(parts in prop::collection::vec(piece(), 0..40), rules in 0u8..3) {
        let text = parts.join(" ");
        let mut options = CheckOptions::default();
        options.replay.rules = match rules {
            0 => RuleProfile::Modern,
            1 => RuleProfile::Huffing,
            _ => RuleProfile::Polish1902,
        };
        let mut seen = 0usize;
        check_stream(text.as_bytes(), &options, |g| seen += g.diagnostics.len())
            .expect("reading from memory cannot fail");
    }

    #[test]
    fn every_accepted_fen_gives_a_playable_position(text in fen_text(), v in 0usize..Variant::ALL.len()) {
        let variant = Variant::ALL[v];
        let layout = Layout::standard(variant);
        if let Ok(fen) = RawFen::parse(&text).and_then(|raw| raw.resolve(&layout)) {
            let mut pos = pdnkit::board::Position::empty(variant, fen.turn.unwrap_or(pdnkit::board::Color::White));
            for (sq, p) in fen.pieces {
                pos.set_piece(sq, Some(p));
            }
            for _ in 0..6 {
                let moves = pos.legal_moves();
                let _ = (pos.all_captures(), pos.quiet_moves(), pos.has_capture());
                let Some(m) = moves.first().cloned() else { break };
                pos.play(&m);
            }
        }
    }
}
