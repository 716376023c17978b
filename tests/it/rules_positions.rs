//! One position per hard rule, with its exact set of legal moves.
//!
//! Positions are written with algebraic squares (files from White's left, ranks from White's
//! side) because diagonals are easier to check by eye that way; moves are compared as
//! (from, to, set of captured squares, crowned).

use std::collections::BTreeSet;

use pdnkit::board::{Board, CaptureRemoval, Color, Piece, Position, PositionError, Role, Square};
use pdnkit::rules::{Move, Variant, perft};

fn sq(board: Board, name: &str) -> Square {
    let b = name.as_bytes();
    let file = (b[0] - b'a') as i32;
    let rank: i32 = name[1..].parse::<i32>().expect("a rank") - 1;
    board.square_at(file, rank).expect("a playing square")
}

/// A position from lists of algebraic squares: white men, white kings, black men, black kings.
fn pos(
    variant: Variant,
    side: Color,
    wm: &[&str],
    wk: &[&str],
    bm: &[&str],
    bk: &[&str],
) -> Position {
    let board = variant.board();
    let mut p = Position::empty(variant, side);
    for (list, color, role) in [
        (wm, Color::White, Role::Man),
        (wk, Color::White, Role::King),
        (bm, Color::Black, Role::Man),
        (bk, Color::Black, Role::King),
    ] {
        for name in list {
            p.set_piece(sq(board, name), Some(Piece { color, role }));
        }
    }
    p.validate().expect("a valid test position");
    p
}

type Key = (String, String, BTreeSet<String>, bool);

/// An expected move: from, to, captured squares, crowned.
fn mv(from: &str, to: &str, caps: &[&str], crowned: bool) -> Key {
    (
        from.to_string(),
        to.to_string(),
        caps.iter().map(|s| s.to_string()).collect(),
        crowned,
    )
}

fn key(board: Board, m: &Move) -> Key {
    (
        board.algebraic(m.from),
        board.algebraic(m.to),
        m.captured.iter().map(|&s| board.algebraic(s)).collect(),
        m.promotes,
    )
}

fn legal(p: &Position) -> BTreeSet<Key> {
    let list = p.legal_moves();
    let set: BTreeSet<Key> = list.iter().map(|m| key(p.board(), m)).collect();
    assert_eq!(set.len(), list.len(), "a move listed twice");
    set
}

fn set(moves: &[Key]) -> BTreeSet<Key> {
    moves.iter().cloned().collect()
}

#[test]
fn majority_counts_pieces_and_a_king_counts_one() {
    // a1 can take two men (b2, d4); g3 can take one king (h4). Two men beat one king.
    let p = pos(
        Variant::International,
        Color::White,
        &["a1", "g3"],
        &[],
        &["b2", "d4"],
        &["h4"],
    );
    assert_eq!(legal(&p), set(&[mv("a1", "e5", &["b2", "d4"], false)]));
    // Before the majority rule both captures exist.
    assert_eq!(p.all_captures().len(), 2);
    assert!(p.has_capture());
    let only = &p.legal_moves()[0];
    assert_eq!(only.captured_kings(&p), 0);
    let king_take = p
        .all_captures()
        .iter()
        .find(|m| m.captured.len() == 1)
        .cloned()
        .expect("the king capture");
    assert_eq!(king_take.captured_kings(&p), 1);
}

#[test]
fn flying_king_takes_over_a_long_empty_line_and_lands_anywhere_beyond() {
    let p = pos(
        Variant::International,
        Color::White,
        &[],
        &["a1"],
        &["f6"],
        &[],
    );
    assert_eq!(
        legal(&p),
        set(&[
            mv("a1", "g7", &["f6"], false),
            mv("a1", "h8", &["f6"], false),
            mv("a1", "i9", &["f6"], false),
            mv("a1", "j10", &["f6"], false),
        ])
    );
}

#[test]
fn flying_king_must_land_where_it_can_go_on() {
    // After taking f6, only g7 lets the king take h6 next; then it may stop on i5 or j4.
    for v in [Variant::International, Variant::Russian, Variant::Pool] {
        let (king, men): (&str, &[&str]) = if v == Variant::International {
            ("a1", &["f6", "h6"])
        } else {
            ("a1", &["e5", "g5"])
        };
        let p = pos(v, Color::White, &[], &[king], men, &[]);
        let want = if v == Variant::International {
            set(&[
                mv("a1", "i5", &["f6", "h6"], false),
                mv("a1", "j4", &["f6", "h6"], false),
            ])
        } else {
            // 8x8: a1 x e5, land f6 (the only square from which g5 can be taken), x g5 to h4.
            set(&[mv("a1", "h4", &["e5", "g5"], false)])
        };
        assert_eq!(legal(&p), want, "{v}");
    }
}

#[test]
fn man_reaching_the_far_row_mid_capture() {
    // White man b6 takes c7 and lands on d8, the far row; e7 stands next to it.
    let shape = |v| pos(v, Color::White, &["b6"], &[], &["c7", "e7"], &[]);
    // English: crowned, and the move ends there.
    assert_eq!(
        legal(&shape(Variant::English)),
        set(&[mv("b6", "d8", &["c7"], true)])
    );
    // Brazilian and Pool: goes on as a man (backward) and is not crowned.
    for v in [Variant::Brazilian, Variant::Pool] {
        assert_eq!(
            legal(&shape(v)),
            set(&[mv("b6", "f6", &["c7", "e7"], false)]),
            "{v}"
        );
    }
    // Russian: crowned at once, goes on as a flying king, lands anywhere beyond e7.
    assert_eq!(
        legal(&shape(Variant::Russian)),
        set(&[
            mv("b6", "f6", &["c7", "e7"], true),
            mv("b6", "g5", &["c7", "e7"], true),
            mv("b6", "h4", &["c7", "e7"], true),
        ])
    );
    // International and Canadian: the same on their boards.
    for v in [Variant::International, Variant::Canadian] {
        let top = v.board().size();
        let row = |r: u8| r.to_string();
        let (a, b, c, d, e) = (
            format!("b{}", row(top - 2)),
            format!("c{}", row(top - 1)),
            format!("e{}", row(top - 1)),
            format!("d{}", row(top)),
            format!("f{}", row(top - 2)),
        );
        let p = pos(v, Color::White, &[&a], &[], &[&b, &c], &[]);
        assert_eq!(legal(&p), set(&[mv(&a, &e, &[&b, &c], false)]), "{v}");
        // Ending on the far row crowns.
        let p = pos(v, Color::White, &[&a], &[], &[&b], &[]);
        assert_eq!(legal(&p), set(&[mv(&a, &d, &[&b], true)]), "{v}");
    }
}

#[test]
fn same_ends_different_captured_pieces_are_two_moves() {
    // English: e3 reaches e7 by c5 (taking d4, d6) or by g5 (taking f4, f6).
    let p = pos(
        Variant::English,
        Color::White,
        &["e3"],
        &[],
        &["d4", "f4", "d6", "f6"],
        &[],
    );
    assert_eq!(
        legal(&p),
        set(&[
            mv("e3", "e7", &["d4", "d6"], false),
            mv("e3", "e7", &["f4", "f6"], false),
        ])
    );
}

#[test]
fn same_ends_same_captured_set_is_one_move() {
    // International: d4 circles c5, c7, e7, e5 in either direction and comes back to d4.
    let p = pos(
        Variant::International,
        Color::White,
        &["d4"],
        &[],
        &["c5", "e5", "c7", "e7"],
        &[],
    );
    assert_eq!(
        legal(&p),
        set(&[mv("d4", "d4", &["c5", "c7", "e5", "e7"], false)])
    );
    let m = &p.legal_moves()[0];
    assert_eq!(m.path.len(), 5);
    let mut after = p.clone();
    after.play(m);
    assert_eq!(after.pieces().count(), 1);
    assert_eq!(
        after.piece_at(sq(Board::B10, "d4")),
        Some(Piece {
            color: Color::White,
            role: Role::Man
        })
    );
}

/// a3 x c5, land e7 x g5, land h4 x g3, land f2 or e1. From f2 the line back up-left runs
/// through c5, already taken.
fn king_tour(with_b6: bool, removal: CaptureRemoval) -> Position {
    let men: &[&str] = if with_b6 {
        &["c5", "g5", "g3", "b6"]
    } else {
        &["c5", "g5", "g3"]
    };
    let mut p = pos(Variant::International, Color::White, &[], &["a3"], men, &[]);
    p.set_capture_removal(removal);
    p
}

#[test]
fn a_piece_cannot_be_jumped_twice() {
    // From f2 the king could take c5 again (b6 and a7 are empty) if that were allowed.
    let p = king_tour(false, CaptureRemoval::AfterMove);
    let caps = ["c5", "g5", "g3"];
    assert_eq!(
        legal(&p),
        set(&[mv("a3", "f2", &caps, false), mv("a3", "e1", &caps, false)])
    );
}

#[test]
fn a_captured_piece_still_blocks_unless_removed_at_once() {
    // b6 stands behind c5 on the line from f2: blocked by the taken c5 under the modern rule,
    // open when each piece is removed as it is taken (the 1902 Polish rule).
    let caps = ["c5", "g5", "g3"];
    let p = king_tour(true, CaptureRemoval::AfterMove);
    assert_eq!(
        legal(&p),
        set(&[mv("a3", "f2", &caps, false), mv("a3", "e1", &caps, false)])
    );
    let p = king_tour(true, CaptureRemoval::Immediate);
    assert_eq!(
        legal(&p),
        set(&[mv("a3", "a7", &["c5", "g5", "g3", "b6"], false)])
    );
    let path: Vec<String> = p.legal_moves()[0]
        .path
        .iter()
        .map(|&s| Board::B10.algebraic(s))
        .collect();
    assert_eq!(path, ["a3", "e7", "h4", "f2", "a7"]);
}

#[test]
fn men_capture_backward_except_in_english() {
    for v in [Variant::Russian, Variant::Brazilian, Variant::Pool] {
        let p = pos(v, Color::White, &["d4"], &[], &["c3"], &[]);
        assert_eq!(legal(&p), set(&[mv("d4", "b2", &["c3"], false)]), "{v}");
    }
    let p = pos(Variant::English, Color::White, &["d4"], &[], &["c3"], &[]);
    assert!(!p.has_capture());
    assert_eq!(
        legal(&p),
        set(&[mv("d4", "c5", &[], false), mv("d4", "e5", &[], false)])
    );
    // Black men capture toward White's side (down the board) as their forward direction.
    let p = pos(Variant::English, Color::Black, &["c3"], &[], &["d4"], &[]);
    assert_eq!(legal(&p), set(&[mv("d4", "b2", &["c3"], false)]));
}

#[test]
fn english_kings_are_short() {
    let p = pos(Variant::English, Color::White, &[], &["a1"], &["c3"], &[]);
    assert_eq!(legal(&p), set(&[mv("a1", "b2", &[], false)]));
    let p = pos(Variant::English, Color::White, &[], &["a1"], &["b2"], &[]);
    assert_eq!(legal(&p), set(&[mv("a1", "c3", &["b2"], false)]));
}

#[test]
fn capture_is_compulsory_but_the_quiet_moves_stay_available_for_diagnostics() {
    let p = pos(
        Variant::English,
        Color::White,
        &["d4", "a1"],
        &[],
        &["e5"],
        &[],
    );
    assert_eq!(legal(&p), set(&[mv("d4", "f6", &["e5"], false)]));
    assert_eq!(p.quiet_moves().len(), 2); // d4-c5, a1-b2
}

#[test]
fn start_positions_use_standard_squares() {
    // International: Black on 1-20, White on 31-50, White to move. English: Black on 1-12,
    // White on 21-32, Black to move.
    let p = Position::start(Variant::International);
    assert_eq!(p.side_to_move(), Color::White);
    assert_eq!(p.count(Color::White, Role::Man), 20);
    assert_eq!(p.count(Color::Black, Role::Man), 20);
    let white: Vec<u32> = p
        .pieces()
        .filter(|(_, pc)| pc.color == Color::White)
        .map(|(s, _)| s.number())
        .collect();
    assert_eq!(white, (31..=50).collect::<Vec<_>>());
    let p = Position::start(Variant::English);
    assert_eq!(p.side_to_move(), Color::Black);
    let black: Vec<u32> = p
        .pieces()
        .filter(|(_, pc)| pc.color == Color::Black)
        .map(|(s, _)| s.number())
        .collect();
    assert_eq!(black, (1..=12).collect::<Vec<_>>());
    let canadian = Position::start(Variant::Canadian);
    assert_eq!(canadian.count(Color::White, Role::Man), 30);
    assert_eq!(perft(&canadian, 1), 11);
}

#[test]
fn validate_names_the_square_of_a_man_on_its_promotion_row() {
    let mut p = Position::empty(Variant::English, Color::White);
    let s = Square::from_number(2).expect("square 2");
    p.set_piece(
        s,
        Some(Piece {
            color: Color::White,
            role: Role::Man,
        }),
    );
    assert_eq!(
        p.validate(),
        Err(PositionError::ManOnPromotionRow {
            square: s,
            color: Color::White
        })
    );
    p.set_piece(s, None);
    // A board with no piece at all is no position a game reaches.
    assert_eq!(p.validate(), Err(PositionError::Empty));
    p.set_piece(
        Square::from_number(20).expect("square 20"),
        Some(Piece {
            color: Color::White,
            role: Role::Man,
        }),
    );
    assert_eq!(p.validate(), Ok(()));
}

#[test]
fn a_quiet_move_to_the_far_row_crowns() {
    let p = pos(Variant::Russian, Color::White, &["c7"], &[], &[], &["h8"]);
    assert_eq!(
        legal(&p),
        set(&[mv("c7", "b8", &[], true), mv("c7", "d8", &[], true)])
    );
    let mut after = p.clone();
    let m = p.legal_moves()[0].clone();
    after.play(&m);
    assert_eq!(after.count(Color::White, Role::King), 1);
    assert_eq!(after.side_to_move(), Color::Black);
}

// Italian draughts. pdnkit plays Italian on the mirror image of the turned Italian board (see
// docs/variants.md), so squares here are pdnkit's own algebraic names; the rules do not
// change under the mirror.

#[test]
fn italian_man_cannot_take_a_king_but_a_king_can() {
    let p = pos(Variant::Italian, Color::White, &["c3"], &[], &[], &["d4"]);
    assert!(!p.has_capture());
    assert!(p.all_captures().is_empty());
    assert_eq!(legal(&p), set(&[mv("c3", "b4", &[], false)]));
    let p = pos(Variant::Italian, Color::White, &[], &["c3"], &[], &["d4"]);
    assert_eq!(legal(&p), set(&[mv("c3", "e5", &["d4"], false)]));
}

#[test]
fn italian_men_do_not_capture_backward_and_kings_do_not_fly() {
    let p = pos(Variant::Italian, Color::White, &["d4"], &[], &["c3"], &[]);
    assert_eq!(
        legal(&p),
        set(&[mv("d4", "c5", &[], false), mv("d4", "e5", &[], false)])
    );
    let p = pos(Variant::Italian, Color::White, &[], &["a1"], &["d4"], &[]);
    assert_eq!(legal(&p), set(&[mv("a1", "b2", &[], false)]));
}

#[test]
fn italian_captures_the_most_pieces_first_then_with_a_king() {
    // The man a3 takes two men, the king f2 one: the count comes first.
    let p = pos(
        Variant::Italian,
        Color::White,
        &["a3"],
        &["f2"],
        &["b4", "d6", "g3"],
        &[],
    );
    assert_eq!(legal(&p), set(&[mv("a3", "e7", &["b4", "d6"], false)]));
    // One piece each: the king must take.
    let p = pos(
        Variant::Italian,
        Color::White,
        &["c3"],
        &["f2"],
        &["d4", "g3"],
        &[],
    );
    assert_eq!(p.all_captures().len(), 2);
    assert_eq!(legal(&p), set(&[mv("f2", "h4", &["g3"], false)]));
}

#[test]
fn italian_king_takes_the_most_kings() {
    // d4 can take the man c5 or the king e5, one piece either way: the king must go.
    let p = pos(
        Variant::Italian,
        Color::White,
        &[],
        &["d4"],
        &["c5"],
        &["e5"],
    );
    assert_eq!(p.all_captures().len(), 2);
    assert_eq!(legal(&p), set(&[mv("d4", "f6", &["e5"], false)]));
}

#[test]
fn italian_king_takes_where_it_meets_a_king_first() {
    // Two pieces and one king either way: c5 then the king c7, or the king e5 then g7. The
    // sequence that takes the king first is compulsory.
    let p = pos(
        Variant::Italian,
        Color::White,
        &[],
        &["d4"],
        &["c5", "g7"],
        &["c7", "e5"],
    );
    assert_eq!(p.all_captures().len(), 2);
    assert_eq!(legal(&p), set(&[mv("d4", "h8", &["e5", "g7"], false)]));
    let m = &p.legal_moves()[0];
    assert_eq!(p.capture_traits(m).first_king, Some(0));
}

// Czech draughts.

#[test]
fn czech_king_must_capture_when_it_can() {
    // The man a3 could take b4, but the king h4 can take g5, so the king must.
    let p = pos(
        Variant::Czech,
        Color::White,
        &["a3"],
        &["h4"],
        &["b4", "g5"],
        &[],
    );
    assert_eq!(p.all_captures().len(), 4);
    let caps = ["g5"];
    assert_eq!(
        legal(&p),
        set(&[
            mv("h4", "f6", &caps, false),
            mv("h4", "e7", &caps, false),
            mv("h4", "d8", &caps, false),
        ])
    );
}

#[test]
fn czech_men_choose_freely_among_captures() {
    // No majority rule: two men or one, and a man may take a king.
    let p = pos(
        Variant::Czech,
        Color::White,
        &["a3", "e3"],
        &[],
        &["b4", "d6", "f4"],
        &[],
    );
    assert_eq!(
        legal(&p),
        set(&[
            mv("a3", "e7", &["b4", "d6"], false),
            mv("e3", "g5", &["f4"], false),
        ])
    );
    let p = pos(Variant::Czech, Color::White, &["c3"], &[], &[], &["d4"]);
    assert_eq!(legal(&p), set(&[mv("c3", "e5", &["d4"], false)]));
}

#[test]
fn czech_flying_king_takes_from_afar_and_lands_where_it_can_go_on() {
    let p = pos(Variant::Czech, Color::White, &[], &["a1"], &["d4"], &[]);
    let caps = ["d4"];
    assert_eq!(
        legal(&p),
        set(&[
            mv("a1", "e5", &caps, false),
            mv("a1", "f6", &caps, false),
            mv("a1", "g7", &caps, false),
            mv("a1", "h8", &caps, false),
        ])
    );
    // With g5 beside the line, the king must land on f6 and take it too.
    let p = pos(
        Variant::Czech,
        Color::White,
        &[],
        &["a1"],
        &["d4", "g5"],
        &[],
    );
    assert_eq!(legal(&p), set(&[mv("a1", "h4", &["d4", "g5"], false)]));
}

// Spanish and Portuguese draughts.

#[test]
fn spanish_takes_the_most_pieces_then_the_most_kings() {
    // a3 can take the men b4 and d6; e3 can take the king f4 and the man f6: two pieces
    // either way, and the capture with a king in it is compulsory.
    for v in [Variant::Spanish, Variant::Portuguese] {
        let p = pos(
            v,
            Color::White,
            &["a3", "e3"],
            &[],
            &["b4", "d6", "f6"],
            &["f4"],
        );
        assert_eq!(p.all_captures().len(), 2, "{v}");
        assert_eq!(
            legal(&p),
            set(&[mv("e3", "e7", &["f4", "f6"], false)]),
            "{v}"
        );
    }
    // Without f6, the king alone is one piece: the two men come first.
    let p = pos(
        Variant::Spanish,
        Color::White,
        &["a3", "e3"],
        &[],
        &["b4", "d6"],
        &["f4"],
    );
    assert_eq!(legal(&p), set(&[mv("a3", "e7", &["b4", "d6"], false)]));
}

#[test]
fn spanish_men_capture_forward_only_and_kings_fly() {
    // The man d4 has c3 behind it with b2 empty: no capture, only its two steps forward.
    let p = pos(Variant::Spanish, Color::White, &["d4"], &[], &["c3"], &[]);
    assert_eq!(
        legal(&p),
        set(&[mv("d4", "c5", &[], false), mv("d4", "e5", &[], false)])
    );
    let p = pos(Variant::Spanish, Color::White, &[], &["a1"], &["d4"], &[]);
    let caps = ["d4"];
    assert_eq!(
        legal(&p),
        set(&[
            mv("a1", "e5", &caps, false),
            mv("a1", "f6", &caps, false),
            mv("a1", "g7", &caps, false),
            mv("a1", "h8", &caps, false),
        ])
    );
}

// The online variants' end rules.

#[test]
fn antidraughts_is_won_by_the_side_that_cannot_move() {
    // White to move has no piece left.
    let p = pos(Variant::Antidraughts, Color::White, &[], &[], &["c7"], &[]);
    let end = p.ended().expect("over");
    assert_eq!(end.loser, Color::Black);
    let p = pos(Variant::International, Color::White, &[], &[], &["c7"], &[]);
    assert_eq!(p.ended().expect("over").loser, Color::White);
    // Blocked: the man a1 cannot step to b2.
    let p = pos(
        Variant::Antidraughts,
        Color::White,
        &["a1"],
        &[],
        &["b2", "c3"],
        &[],
    );
    assert_eq!(p.ended().expect("over").loser, Color::Black);
    let p = pos(
        Variant::Antidraughts,
        Color::White,
        &["a1"],
        &[],
        &["e7"],
        &[],
    );
    assert_eq!(p.ended(), None);
}

#[test]
fn breakthrough_is_won_by_the_first_king() {
    // White has crowned; Black still has men and moves.
    let p = pos(
        Variant::Breakthrough,
        Color::Black,
        &["a1"],
        &["b10"],
        &["c7", "e7"],
        &[],
    );
    let end = p.ended().expect("over");
    assert_eq!(end.loser, Color::Black);
    assert!(end.why.contains("king"), "{}", end.why);
    let p = pos(
        Variant::International,
        Color::Black,
        &["a1"],
        &["b10"],
        &["c7", "e7"],
        &[],
    );
    assert_eq!(p.ended(), None);
}

// Thai draughts (docs/variants.md gives two sources for each rule).

#[test]
fn thai_king_lands_right_behind_the_piece_it_takes() {
    // The king a1 sees d4 from afar and must land on e5 (not f6, g7 or h8); from e5 it sees
    // g3 and lands on h2. Free choice, but the sequence is completed.
    let p = pos(
        Variant::Thai,
        Color::White,
        &[],
        &["a1"],
        &["d4", "g3"],
        &[],
    );
    assert_eq!(legal(&p), set(&[mv("a1", "h2", &["d4", "g3"], false)]));
    // With d4 alone the Thai king still stops on e5, where a Russian king may choose.
    let p = pos(Variant::Thai, Color::White, &[], &["a1"], &["d4"], &[]);
    assert_eq!(legal(&p), set(&[mv("a1", "e5", &["d4"], false)]));
    let r = pos(Variant::Russian, Color::White, &[], &["a1"], &["d4"], &[]);
    assert_eq!(legal(&r).len(), 4);
}

#[test]
fn thai_captured_pieces_leave_the_board_as_they_are_taken() {
    // a1 takes b2 and lands on c3. From there it may take d2 (landing on e1) and then, d2's
    // square being free again, b4 from e1 (landing on a5); or b4 first and then d2, crossing
    // b4's square. Both orders take all three pieces and end on different squares.
    let p = pos(
        Variant::Thai,
        Color::White,
        &[],
        &["a1"],
        &["b2", "d2", "b4"],
        &[],
    );
    assert_eq!(p.capture_removal(), CaptureRemoval::Immediate);
    assert_eq!(
        legal(&p),
        set(&[
            mv("a1", "a5", &["b2", "d2", "b4"], false),
            mv("a1", "e1", &["b2", "b4", "d2"], false),
        ])
    );
    // Were the pieces lifted only after the move, each taken piece would block the way back.
    let mut after = p.clone();
    after.set_capture_removal(CaptureRemoval::AfterMove);
    assert_eq!(
        legal(&after),
        set(&[
            mv("a1", "a5", &["b2", "b4"], false),
            mv("a1", "e1", &["b2", "d2"], false),
        ])
    );
}

#[test]
fn thai_men_capture_forward_only_and_the_capture_is_a_free_choice() {
    // c3 may take b4 (one piece) and g3 may take f4 and d6 (two): both are legal. The man d2
    // behind c3 cannot be taken backward.
    let p = pos(
        Variant::Thai,
        Color::White,
        &["c3", "g3"],
        &[],
        &["b4", "f4", "d6", "d2"],
        &[],
    );
    assert_eq!(
        legal(&p),
        set(&[
            mv("c3", "a5", &["b4"], false),
            mv("g3", "c7", &["f4", "d6"], false),
        ])
    );
}

#[test]
fn thai_starts_with_eight_men_a_side_and_black_to_move() {
    let p = Position::start(Variant::Thai);
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.count(Color::White, Role::Man), 8);
    assert_eq!(p.count(Color::Black, Role::Man), 8);
    let board = p.board();
    for name in ["a1", "c1", "b2", "h2"] {
        assert_eq!(
            p.piece_at(sq(board, name)).map(|x| x.color),
            Some(Color::White)
        );
    }
    assert_eq!(p.piece_at(sq(board, "a3")), None);
    assert_eq!(perft(&p, 1), 7);
}

// Frisian draughts (docs/variants.md gives the sources of each rule).

#[test]
fn frisian_men_capture_along_files_and_rows() {
    // e3 takes e5 up the file (landing on e7) or g3 along the row (landing on i3); the jumped
    // piece is the next square of the same colour, two squares away.
    let p = pos(
        Variant::Frisian,
        Color::White,
        &["e3"],
        &[],
        &["e5", "g3"],
        &[],
    );
    assert_eq!(
        legal(&p),
        set(&[
            mv("e3", "e7", &["e5"], false),
            mv("e3", "i3", &["g3"], false)
        ])
    );
    // In International draughts neither is a capture: the man just steps.
    let i = pos(
        Variant::International,
        Color::White,
        &["e3"],
        &[],
        &["e5", "g3"],
        &[],
    );
    assert!(legal(&i).iter().all(|k| k.2.is_empty()));
}

#[test]
fn frisian_king_captures_along_a_row_from_afar_and_lands_anywhere_beyond() {
    let p = pos(Variant::Frisian, Color::White, &[], &["a5"], &["e5"], &[]);
    assert_eq!(
        legal(&p),
        set(&[
            mv("a5", "g5", &["e5"], false),
            mv("a5", "i5", &["e5"], false)
        ])
    );
}

#[test]
fn frisian_two_men_outweigh_a_king() {
    // a1 can take the king b2 (worth less than two men); h2 can take the men g3 and e5.
    let p = pos(
        Variant::Frisian,
        Color::White,
        &["a1", "h2"],
        &[],
        &["g3", "e5"],
        &["b2"],
    );
    assert_eq!(legal(&p), set(&[mv("h2", "d6", &["g3", "e5"], false)]));
    // A king outweighs one man: with e5 gone, a1 must take the king.
    let p = pos(
        Variant::Frisian,
        Color::White,
        &["a1", "h2"],
        &[],
        &["g3"],
        &["b2"],
    );
    assert_eq!(legal(&p), set(&[mv("a1", "c3", &["b2"], false)]));
}

#[test]
fn frisian_at_equal_value_the_king_captures() {
    // The man c3 and the king a9 can each take one man: the king must.
    let p = pos(
        Variant::Frisian,
        Color::White,
        &["c3"],
        &["a9"],
        &["d4", "c9"],
        &[],
    );
    assert_eq!(
        legal(&p),
        set(&[
            mv("a9", "e9", &["c9"], false),
            mv("a9", "g9", &["c9"], false),
            mv("a9", "i9", &["c9"], false),
        ])
    );
}

#[test]
fn frisian_king_taking_every_piece_with_pieces_removed_as_taken_is_searched_to_the_end() {
    // Pieces removed as they are taken (the polish-1902 rule profile, which applies to any
    // variant). Black's king g1 takes f2, e5 and g5 (the last along the g-file) and stops on
    // g3; White's king b2 can then take all seventeen black pieces in a great many orders,
    // and ends on 32 squares. Searched order by order, the capture search reached its limit
    // and missed the endings on a1, h6, j8 and g9; the order does not change a Frisian
    // capture's value, so each (square, pieces taken) is searched once.
    let mut p = pos(
        Variant::Frisian,
        Color::Black,
        &[
            "a9", "c9", "a7", "j6", "e5", "g5", "i5", "b4", "j4", "d2", "f2", "j2", "c1", "e1",
        ],
        &["i7", "b2"],
        &[
            "h10", "g9", "i9", "b8", "d8", "f8", "e7", "b6", "d6", "h6", "c5", "f4", "h4", "a3",
            "c3", "h2",
        ],
        &["g1"],
    );
    p.set_capture_removal(CaptureRemoval::Immediate);
    let board = p.board();
    let first = p
        .legal_moves()
        .iter()
        .find(|m| board.algebraic(m.from) == "g1" && board.algebraic(m.to) == "g3")
        .cloned()
        .expect("g1 takes to g3");
    assert_eq!(
        key(board, &first),
        mv("g1", "g3", &["f2", "e5", "g5"], false)
    );
    p.play(&first);
    assert!(p.legal_moves().is_complete());
    let every_black_piece = [
        "h10", "g9", "i9", "b8", "d8", "f8", "e7", "b6", "d6", "h6", "c5", "f4", "h4", "a3", "c3",
        "h2", "g3",
    ];
    let ends = [
        "a1", "a5", "b6", "b8", "b10", "c3", "c5", "c7", "d4", "d6", "d8", "d10", "e3", "e5", "e7",
        "e9", "f2", "f4", "f6", "f8", "f10", "g1", "g3", "g7", "g9", "h2", "h4", "h6", "h8", "h10",
        "i1", "j8",
    ];
    let want: Vec<Key> = ends
        .iter()
        .map(|to| mv("b2", to, &every_black_piece, false))
        .collect();
    assert_eq!(legal(&p), set(&want));
    assert_eq!(perft(&p, 1), 32);
}

#[test]
fn frysk_starts_with_five_men_a_side_on_the_back_rows() {
    let p = Position::start(Variant::Frysk);
    let board = p.board();
    assert_eq!(p.count(Color::White, Role::Man), 5);
    assert_eq!(p.count(Color::Black, Role::Man), 5);
    for name in ["a1", "c1", "e1", "g1", "i1"] {
        assert_eq!(
            p.piece_at(sq(board, name)).map(|x| x.color),
            Some(Color::White)
        );
    }
    for name in ["b10", "d10", "f10", "h10", "j10"] {
        assert_eq!(
            p.piece_at(sq(board, name)).map(|x| x.color),
            Some(Color::Black)
        );
    }
    assert_eq!(perft(&p, 1), 9);
}

// Turkish draughts (docs/variants.md gives two sources for each rule).

#[test]
fn turkish_men_capture_forward_and_sideways_but_never_back() {
    // d4 may take c4 (to b4), e4 (to f4) or d5 (to d6), never d3 behind it.
    let p = pos(
        Variant::Turkish,
        Color::White,
        &["d4"],
        &[],
        &["c4", "e4", "d3", "d5"],
        &[],
    );
    assert_eq!(
        legal(&p),
        set(&[
            mv("d4", "b4", &["c4"], false),
            mv("d4", "f4", &["e4"], false),
            mv("d4", "d6", &["d5"], false),
        ])
    );
}

#[test]
fn turkish_must_take_the_most_pieces() {
    // c4 alone (to b4) or e4 and then f5 (d4-f4-f6): two pieces beat one.
    let p = pos(
        Variant::Turkish,
        Color::White,
        &["d4"],
        &[],
        &["c4", "e4", "f5"],
        &[],
    );
    assert_eq!(legal(&p), set(&[mv("d4", "f6", &["e4", "f5"], false)]));
    assert_eq!(p.all_captures().len(), 2);
}

#[test]
fn turkish_king_takes_from_afar_along_a_file_and_lands_anywhere_beyond() {
    let p = pos(Variant::Turkish, Color::White, &[], &["a1"], &["a4"], &[]);
    assert_eq!(
        legal(&p),
        set(&[
            mv("a1", "a5", &["a4"], false),
            mv("a1", "a6", &["a4"], false),
            mv("a1", "a7", &["a4"], false),
            mv("a1", "a8", &["a4"], false),
        ])
    );
}

#[test]
fn turkish_king_may_not_turn_back_within_a_capture() {
    // Taking b4 and then d4 (or d4 and then b4) turns back 180 degrees: each is taken alone.
    let p = pos(
        Variant::Turkish,
        Color::White,
        &[],
        &["c4"],
        &["b4", "d4"],
        &[],
    );
    assert_eq!(
        legal(&p),
        set(&[
            mv("c4", "a4", &["b4"], false),
            mv("c4", "e4", &["d4"], false),
            mv("c4", "f4", &["d4"], false),
            mv("c4", "g4", &["d4"], false),
            mv("c4", "h4", &["d4"], false),
        ])
    );
}

#[test]
fn turkish_captured_pieces_leave_the_board_as_they_are_jumped() {
    // a4 takes c4, f6 and d7 (a4-f4-f7-c7) and then, c4's square being free, goes down the
    // c-file over c2 to c1.
    let p = pos(
        Variant::Turkish,
        Color::White,
        &[],
        &["a4"],
        &["c4", "f6", "d7", "c2"],
        &[],
    );
    assert_eq!(p.capture_removal(), CaptureRemoval::Immediate);
    assert_eq!(
        legal(&p),
        set(&[mv("a4", "c1", &["c4", "f6", "d7", "c2"], false)])
    );
    // Were the pieces lifted only after the move, c4 would block the way down.
    let mut after = p.clone();
    after.set_capture_removal(CaptureRemoval::AfterMove);
    assert_eq!(
        legal(&after),
        set(&[
            mv("a4", "c7", &["c4", "f6", "d7"], false),
            mv("a4", "b7", &["c4", "f6", "d7"], false),
            mv("a4", "a7", &["c4", "f6", "d7"], false),
        ])
    );
}

#[test]
fn turkish_man_reaching_the_far_row_mid_capture_goes_on_as_a_man() {
    // b6 takes b7 to b8 and then c8 along the row, landing right behind it as a man would
    // (a king could land on e8-h8 as well); it is crowned when the move ends.
    let p = pos(
        Variant::Turkish,
        Color::White,
        &["b6"],
        &[],
        &["b7", "c8"],
        &[],
    );
    assert_eq!(legal(&p), set(&[mv("b6", "d8", &["b7", "c8"], true)]));
}

#[test]
fn turkish_starts_with_sixteen_men_a_side_two_rows_in_and_white_to_move() {
    let p = Position::start(Variant::Turkish);
    assert_eq!(p.board(), Board::F8);
    assert_eq!(p.side_to_move(), Color::White);
    for (sq, piece) in p.pieces() {
        let name = p.board().algebraic(sq);
        let rank = &name[1..];
        let want = if piece.color == Color::White {
            ["2", "3"]
        } else {
            ["6", "7"]
        };
        assert!(want.contains(&rank), "{name}");
    }
    assert_eq!(p.count(Color::White, Role::Man), 16);
    assert_eq!(p.count(Color::Black, Role::Man), 16);
    // The men of the third row step forward; the sides are full.
    assert_eq!(p.legal_moves().len(), 8);
    assert_eq!(perft(&p, 2), 64);
}
