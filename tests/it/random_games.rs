//! `pdn gen` and `pdnkit::random`: games by random legal play are valid PDN that the replay
//! accepts without a word, in every variant and both notations, and the same seed gives the
//! same bytes.

use pdnkit::Severity;
use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::notation::NotationKind;
use pdnkit::random::{GenOptions, generate};
use pdnkit::rules::Variant;

fn made(options: &GenOptions) -> (Vec<u8>, pdnkit::random::GenStats) {
    let mut out = Vec::new();
    let stats = generate(options, &mut out).expect("writing to memory");
    (out, stats)
}

#[test]
fn random_games_of_every_variant_and_notation_replay_without_a_finding() {
    for variant in Variant::ALL {
        for kind in [NotationKind::Numeric, NotationKind::Algebraic] {
            let mut options = GenOptions::new(variant, 40, 11);
            options.notation = Some(kind);
            let (text, stats) = made(&options);
            // The games hold what a checker must handle: captures of several pieces,
            // crownings, and games decided by a side without a move.
            assert!(stats.multi_captures > 0, "{variant:?} {kind:?}: {stats:?}");
            assert!(stats.promotions > 0, "{variant:?} {kind:?}: {stats:?}");
            assert!(stats.decided > 0, "{variant:?} {kind:?}: {stats:?}");
            let mut findings = Vec::new();
            let totals = check_stream(&text[..], &CheckOptions::default(), |g| {
                for d in &g.diagnostics {
                    if d.severity != Severity::Info {
                        findings.push(format!(
                            "game {:?}: {} {}",
                            g.chunk.index, d.code, d.message
                        ));
                    }
                }
            })
            .expect("reading memory");
            assert_eq!(totals.games, 40, "{variant:?} {kind:?}");
            assert_eq!(totals.plies, stats.plies, "{variant:?} {kind:?}");
            assert_eq!(totals.guessed, 0, "the GameType tag names the variant");
            assert!(findings.is_empty(), "{variant:?} {kind:?}: {findings:?}");
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes_and_another_seed_other_games() {
    let options = GenOptions::new(Variant::Russian, 25, 5);
    let (a, _) = made(&options);
    let (b, _) = made(&options);
    assert_eq!(a, b);
    let (c, _) = made(&GenOptions::new(Variant::Russian, 25, 6));
    assert_ne!(a, c);
    // Game N does not depend on how many games are asked for.
    let (first, _) = made(&GenOptions::new(Variant::Russian, 1, 5));
    assert!(a.starts_with(&first));
}

#[test]
fn game_lengths_vary_between_a_quarter_of_the_limit_and_the_limit() {
    let mut options = GenOptions::new(Variant::International, 60, 3);
    options.max_plies = 80;
    let (text, _) = made(&options);
    let mut lengths = Vec::new();
    check_stream(&text[..], &CheckOptions::default(), |g| {
        if let Some(r) = &g.report {
            let stuck = r
                .final_position
                .as_ref()
                .is_some_and(|p| p.legal_moves().is_empty());
            lengths.push((r.plies, stuck));
        }
    })
    .expect("reading memory");
    assert_eq!(lengths.len(), 60);
    assert!(lengths.iter().all(|&(n, _)| n <= 80), "{lengths:?}");
    let (min, max) = (
        lengths.iter().map(|l| l.0).min(),
        lengths.iter().map(|l| l.0).max(),
    );
    assert!(max > min, "{lengths:?}");
    // A game ends before a quarter of the limit only when the side to move cannot go on.
    assert!(
        lengths.iter().all(|&(n, stuck)| n >= 20 || stuck),
        "{lengths:?}"
    );
}
