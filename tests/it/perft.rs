//! Perft from the start position against published numbers.
//!
//! Sources: International draughts perft from the start position as published in the
//! FMJD-community perft tables (also quoted by open-source draughts engines' issue trackers);
//! English draughts (American checkers) perft from the start position as published in the
//! checkers-programming community's perft tables.
//!
//! The deep counts are `#[ignore]`d; run them with
//! `cargo test --release --test it perft:: -- --ignored`.

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

// The other variants. Sources (see scripts/perft_reference.md, which says how each number was
// obtained): a stand-alone reference generator (`scripts/peer_perft.py ref`), the PyPI library
// py-draughts (Russian, Brazilian), pydraughts (Russian, Brazilian, to depth 6), and the test
// tables of Rein Halbersma's DCTL, which credit the Shashki forum thread "Standard validation
// generator moves" (8x8) and the FMJD forum thread "Perft on large boards" (12x12). All count a
// capture with the same start, end, captured pieces and resulting piece once, as pdnkit does.
// Russian and pool agree to depth 7 and part at depth 8, where a pool man that reaches the far
// row mid-capture goes on as a man.
const RUSSIAN: [u64; 9] = [7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586];
const BRAZILIAN: [u64; 9] = [7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766];
const POOL: [u64; 9] = [7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534];
const CANADIAN: [u64; 7] = [11, 121, 1222, 10053, 79049, 584100, 4369366];

#[test]
fn russian_brazilian_and_pool_start_perft_to_depth_7() {
    check(Variant::Russian, &RUSSIAN, 1..=7);
    check(Variant::Brazilian, &BRAZILIAN, 1..=7);
    check(Variant::Pool, &POOL, 1..=7);
}

#[test]
fn canadian_start_perft_to_depth_5() {
    check(Variant::Canadian, &CANADIAN, 1..=5);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn eight_by_eight_variants_depths_8_and_9() {
    check(Variant::Russian, &RUSSIAN, 8..=9);
    check(Variant::Brazilian, &BRAZILIAN, 8..=9);
    check(Variant::Pool, &POOL, 8..=9);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn canadian_start_perft_depths_6_and_7() {
    check(Variant::Canadian, &CANADIAN, 6..=7);
}

// Italian and Czech. Sources (see scripts/perft_reference.md): the PyPI library pydraughts
// 0.6.7 (`Board('italian')`, to depth 7) and the stand-alone reference generator
// `scripts/peer_perft.py ref` (both variants, to depth 10, counting a capture with the same
// start, end and captured set once). No published implementation of Czech draughts was found;
// the reference generator is the independent source. Czech agrees with English draughts to
// depth 8 and parts from it at depth 9: the two differ only in what kings may do.
const ITALIAN: [u64; 10] = [
    7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384,
];
const CZECH: [u64; 10] = [
    7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918,
];

#[test]
fn italian_and_czech_start_perft_to_depth_7() {
    check(Variant::Italian, &ITALIAN, 1..=7);
    check(Variant::Czech, &CZECH, 1..=7);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn italian_and_czech_start_perft_depths_8_to_10() {
    check(Variant::Italian, &ITALIAN, 8..=10);
    check(Variant::Czech, &CZECH, 8..=10);
}

// Spanish and Portuguese (the same rules on the same turned board). Source: the stand-alone
// reference generator `scripts/peer_perft.py ref spanish 8` (no published implementation of
// Spanish draughts was found; pydraughts and py-draughts have none). To depth 8 no king can
// appear, so the counts equal Italian's: the two differ only in kings.
const SPANISH: [u64; 8] = [7, 49, 302, 1469, 7361, 36473, 177532, 828783];

// Antidraughts and Breakthrough move as International. Source: py-draughts 1.10
// (`AntidraughtsBoard`, `BreakthroughBoard`, `scripts/peer_perft.py pydr`), to depth 5.
#[test]
fn spanish_portuguese_and_the_online_variants_start_perft() {
    check(Variant::Spanish, &SPANISH, 1..=7);
    check(Variant::Portuguese, &SPANISH, 1..=7);
    check(Variant::Antidraughts, &INTERNATIONAL, 1..=5);
    check(Variant::Breakthrough, &INTERNATIONAL, 1..=5);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn spanish_start_perft_depth_8() {
    check(Variant::Spanish, &SPANISH, 8..=8);
}

// Thai draughts. No published implementation was found (pydraughts 0.6.7 and py-draughts 1.10
// have none), so the numbers come from two generators of this project's own that share no code
// with the fast one: the naive second generator of `tests/it/rules_reference.rs`
// (`thai_naive_perft_agrees_to_depth_6`) and the stand-alone Python reference generator
// (`scripts/peer_perft.py ref thai 8 --unique`, to depth 8; see scripts/perft_reference.md).
// Captured pieces leave the board as they are taken and kings land right behind the piece they
// take.
const THAI: [u64; 8] = [7, 49, 392, 3136, 26592, 218695, 1820189, 14533014];

#[test]
fn thai_start_perft_to_depth_6() {
    check(Variant::Thai, &THAI, 1..=6);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn thai_start_perft_depths_7_and_8() {
    check(Variant::Thai, &THAI, 7..=8);
}

// Frisian and Frysk!. Source: py-draughts 1.10 (`FrisianBoard`, `FryskBoard`, walked with
// `scripts/peer_perft.py pydr frisian 7 --unique`): py-draughts lists a Frisian capture once
// per order of taking, so --unique keeps one per (from, to, captured set, crowned) at every ply,
// as pdnkit counts; the first such duplicate comes at depth 4 (a man taking three pieces round
// a square, diagonally and along a row, either way round). Frysk! has none to depth 6.
// pydraughts 0.6.7 (`Board('frisian')`, `Board('frysk!')`) gives the same numbers to depth 5.
const FRISIAN: [u64; 7] = [9, 81, 658, 3874, 21265, 102431, 540126];
const FRYSK: [u64; 6] = [9, 81, 657, 5329, 41829, 328329];

#[test]
fn frisian_and_frysk_start_perft() {
    check(Variant::Frisian, &FRISIAN, 1..=6);
    check(Variant::Frysk, &FRYSK, 1..=6);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn frisian_start_perft_depth_7() {
    check(Variant::Frisian, &FRISIAN, 7..=7);
}

// Turkish draughts. Source: pydraughts 0.6.7 (`Board('turkish')`, walked with
// `scripts/peer_perft.py pydraughts turkish 5`), which agrees to depth 4. At depth 5 it counts
// 85146 to pdnkit's 85090: pydraughts lets a king move along a file past its own man (after
// 1. a3-a4 a6-a5 2. a4xa8 it lists a8-a1 over the man on a2), which no rule allows; see
// scripts/perft_reference.md.
const TURKISH: [u64; 4] = [8, 64, 708, 7538];

#[test]
fn turkish_start_perft_to_depth_4() {
    check(Variant::Turkish, &TURKISH, 1..=4);
}
