//! Perft from the start position against published numbers.
//!
//! Sources: International draughts perft from the start position as published in the
//! FMJD-community perft tables (also quoted by open-source draughts engines' issue trackers);
//! English draughts (American checkers) perft from the start position as published in the
//! checkers-programming community's perft tables.
//!
//! The deep counts are `#[ignore]`d; run them with
//! `cargo test --release --test perft -- --ignored`.

use pdnkit::board::Position;
use pdnkit::rules::{Variant, perft};

const INTERNATIONAL: [u64; 8] = [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961];
const ENGLISH: [u64; 9] = [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680];

fn check(variant: Variant, expected: &[u64], depths: std::ops::RangeInclusive<u32>) {
    let start = Position::start(variant);
    for depth in depths {
        assert_eq!(
            perft(&start, depth),
            expected[depth as usize - 1],
            "{variant} perft({depth})"
        );
    }
}

#[test]
fn international_start_perft_to_depth_6() {
    check(Variant::International, &INTERNATIONAL, 1..=6);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn international_start_perft_depths_7_and_8() {
    check(Variant::International, &INTERNATIONAL, 7..=8);
}

#[test]
fn english_start_perft_to_depth_7() {
    check(Variant::English, &ENGLISH, 1..=7);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn english_start_perft_depths_8_and_9() {
    check(Variant::English, &ENGLISH, 8..=9);
}
