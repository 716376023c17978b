//! Hand-written games for the rules a replay must know, in English, International, Russian,
//! Brazilian, Italian and Czech, numeric and algebraic, under modern and huffing rules; and two
//! real Italian and Czech games.

use pdnkit::check::{CheckOptions, check_stream};
use pdnkit::lint::{Diagnostic, Kind, Severity};
use pdnkit::replay::RuleProfile;

fn run(text: &str, rules: RuleProfile) -> Vec<Diagnostic> {
    let mut options = CheckOptions::default();
    options.replay.rules = rules;
    let mut out = Vec::new();
    check_stream(text.as_bytes(), &options, |g| out.extend(g.diagnostics))
        .expect("reading from memory cannot fail");
    out
}

/// The codes of everything but info diagnostics.
fn codes(text: &str) -> Vec<&'static str> {
    codes_under(text, RuleProfile::Modern)
}

fn codes_under(text: &str, rules: RuleProfile) -> Vec<&'static str> {
    run(text, rules)
        .iter()
        .filter(|d| d.severity != Severity::Info)
        .map(|d| d.code)
        .collect()
}

fn all_codes(text: &str, rules: RuleProfile) -> Vec<&'static str> {
    run(text, rules).iter().map(|d| d.code).collect()
}

#[test]
fn a_man_reaching_the_far_row_mid_capture_follows_each_variant() {
    // White man b6, black men c7 and e7.
    // Russian: crowned on d8 at once, it goes on as a flying king and may land on h4.
    assert_eq!(
        codes("[GameType \"25\"]\n[FEN \"W:Wb6:Bc7,e7\"]\n1. b6:d8:h4 *"),
        [""; 0]
    );
    // Brazilian: it goes on as a man, so it lands on f6 and cannot fly to h4 ...
    assert_eq!(
        codes("[GameType \"26\"]\n[FEN \"W:Wb6:Bc7,e7\"]\n1. b6xd8xf6 *"),
        [""; 0]
    );
    assert_eq!(
        codes("[GameType \"26\"]\n[FEN \"W:Wb6:Bc7,e7\"]\n1. b6xd8xh4 *"),
        ["R308"]
    );
    // ... and stopping on d8 is a capture stopped early.
    assert_eq!(
        codes("[GameType \"26\"]\n[FEN \"W:Wb6:Bc7,e7\"]\n1. b6xd8 *"),
        ["R307"]
    );
    // English (numeric: b6 = 9, c7 = 6, e7 = 7, d8 = 2): crowned, and the move ends there.
    assert_eq!(
        codes("[GameType \"21\"]\n[FEN \"W:W9:B6,7\"]\n1. 9x2 *"),
        [""; 0]
    );
    assert_eq!(
        codes("[GameType \"21\"]\n[FEN \"W:W9:B6,7\"]\n1. 9x2x11 *"),
        ["R308"]
    );
}

#[test]
fn the_majority_rule_binds_brazilian_and_international_but_not_russian() {
    // c3 can take b4 (one piece) or d4 and d6 (two).
    let game = |gt: &str, sep: char| {
        format!("[GameType \"{gt}\"]\n[FEN \"W:Wc3:Bb4,d4,d6\"]\n1. c3{sep}a5 *")
    };
    assert_eq!(codes(&game("26", 'x')), ["R306"]);
    assert_eq!(codes(&game("25", ':')), [""; 0]);
    // International, numeric: 32 takes 27 alone, or 28 and 18.
    let intl = "[GameType \"20\"]\n[FEN \"W:W32:B27,28,18\"]\n1. 32x21 *";
    let ds = run(intl, RuleProfile::Modern);
    assert_eq!(ds[0].code, "R306");
    assert_eq!(ds[0].kind, Kind::MajorityRule);
    assert_eq!(ds[0].context.as_ref().unwrap().expected, ["32x12"]);
}

#[test]
fn a_variation_replays_from_the_position_before_the_move_it_replaces() {
    let clean = "[GameType \"20\"]\n1. 32-28 19-23 (1... 17-22 2. 28x17 11x22) 2. 28x19 14x23 *";
    assert_eq!(codes(clean), [""; 0]);
    // The variation's 2. 37-32 ignores the capture 28x19 of the main line.
    let bad = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 (2. 37-32) 14x23 *";
    let ds = run(bad, RuleProfile::Modern);
    assert_eq!(ds.len(), 1, "{ds:#?}");
    let ctx = ds[0].context.as_ref().unwrap();
    assert_eq!(
        (ds[0].code, ctx.ply, ctx.move_number, ctx.variation_depth),
        ("R305", 1, 2, 1)
    );
    assert_eq!(ctx.text, "37-32");
}

#[test]
fn variations_nest() {
    let text = "[GameType \"20\"]\n1. 32-28 19-23 (1... 17-22 (1... 18-22 2. 37-32) 2. 28x17 11x22) 2. 28x19 14x23 *";
    assert_eq!(codes(text), [""; 0]);
    let text =
        "[GameType \"20\"]\n1. 32-28 19-23 (1... 17-22 2. 28x17 (2. 37-32) 11x22) 2. 28x19 14x23 *";
    let ds = run(text, RuleProfile::Modern);
    assert_eq!(ds.len(), 1, "{ds:#?}");
    let ctx = ds[0].context.as_ref().unwrap();
    assert_eq!((ds[0].code, ctx.variation_depth, ctx.ply), ("R305", 2, 1));
}

#[test]
fn a_setup_command_resets_the_position() {
    let text = "[GameType \"20\"]\n1. 32-28 /FEN \"B:W28:B19\"/ 1... 19-23 2. 28x19 *";
    assert_eq!(codes(text), [""; 0]);
    let bad = "[GameType \"20\"]\n1. 32-28 /FEN \"B:W28:B51\"/ 1... 19-23 *";
    assert_eq!(codes(bad), ["G505"]);
}

#[test]
fn a_game_from_a_fen_with_the_second_player_to_move_numbers_from_one() {
    let text = "[GameType \"20\"]\n[FEN \"B:W28:B19,7\"]\n1. ... 19-23 2. 28x19 7-11 *";
    assert_eq!(all_codes(text, RuleProfile::Modern), [""; 0]);
    let text = "[GameType \"20\"]\n[FEN \"B:W28:B19,7\"]\n1... 19-23 2. 28x19 7-11 *";
    assert_eq!(all_codes(text, RuleProfile::Modern), [""; 0]);
}

#[test]
fn a_wrong_move_number_is_reported_once() {
    let text = "[GameType \"20\"]\n1. 32-28 19-23 3. 28x19 14x23 4. 37-32 *";
    assert_eq!(codes(text), ["R320"]);
}

#[test]
fn a_multi_capture_written_one_jump_per_move_is_joined() {
    // English: 14 takes 18 and 27 (14x23x32), written as two moves.
    let text = "[GameType \"21\"]\n[FEN \"B:W18,27:B14\"]\n1. 14x23 23x32 *";
    assert_eq!(codes(text), ["R313"]);
    // Russian, algebraic, with the jumps numbered as separate moves as some servers do.
    let text = "[GameType \"25\"]\n[FEN \"W:Wc3:Bd4,f6\"]\n1. c3:e5 1... e5:g7 *";
    assert_eq!(codes(text), ["R313"]);
}

#[test]
fn huffing_a_piece_by_setup_comment_or_inference() {
    // English: after 11-15 22-18, Black must take 15x22 but plays 12-16.
    let base = "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16";
    // The huff recorded as a setup: the position less the black man on 15.
    let setup = format!("{base} /FEN \"W:W18,21,23-32:B1-10,16\"/ 24-20 *");
    assert_eq!(all_codes(&setup, RuleProfile::Huffing), ["H401", "H402"]);
    // The huff recorded as a comment command.
    let comment = format!("{base} {{[%huff 15]}} 24-20 *");
    assert_eq!(all_codes(&comment, RuleProfile::Huffing), ["H401", "H402"]);
    // Not recorded: 24-20 is legal only with 15 gone (18x11 would be compulsory).
    let inferred = format!("{base} 24-20 *");
    assert_eq!(all_codes(&inferred, RuleProfile::Huffing), ["H401", "H403"]);
    // Under modern rules the missed capture is an error and there is no huff to follow.
    assert_eq!(
        codes_under(&inferred, RuleProfile::Modern),
        ["R305", "R305"]
    );
    // A huff command that names a piece which did not fail to capture.
    let wrong = format!("{base} {{[%huff 16]}} 24-20 *");
    assert!(codes_under(&wrong, RuleProfile::Huffing).contains(&"H404"));
}

#[test]
fn huffing_under_the_1902_polish_rules_in_brazilian() {
    // 1. c3-d4 f6-e5: White must take d4xf6; a3-b4 misses it, Black huffs d4 and plays on.
    let text = "[GameType \"26\"]\n1. c3-d4 f6-e5 2. a3-b4 {[%huff d4]} g7-f6 *";
    assert_eq!(all_codes(text, RuleProfile::Polish1902), ["H401", "H402"]);
    let d = &run(text, RuleProfile::Polish1902)[0];
    assert_eq!(d.severity, Severity::Warning);
}

#[test]
fn the_1902_rule_removes_each_captured_piece_at_once() {
    // International king on a3 (36) takes c5, g5, g3 (27, 29, 39); with each piece removed as
    // it is taken, the way back past c5 opens and it goes on to take b6 (21), ending on a7 (16).
    let text = "[GameType \"20\"]\n[FEN \"W:WK36:B27,29,39,21\"]\n1. 36x16 *";
    assert_eq!(codes_under(text, RuleProfile::Polish1902), [""; 0]);
    assert_eq!(codes_under(text, RuleProfile::Modern), ["R308"]);
}

#[test]
fn results_are_checked_against_the_tag_and_the_board() {
    let text = "[GameType \"20\"]\n[Result \"2-0\"]\n1. 32-28 0-2";
    assert_eq!(codes(text), ["G502"]);
    // Chess-style 1-0 in a 10x10 game means the same as 2-0.
    let text = "[GameType \"20\"]\n[Result \"2-0\"]\n1. 32-28 1-0";
    assert_eq!(codes(text), [""; 0]);
    // Black (first to move in English) has no piece left: 0-1 credits White, as PDN counts.
    let text = "[GameType \"21\"]\n[FEN \"W:W18:B14\"]\n1. 18x9 0-1";
    assert_eq!(codes(text), [""; 0]);
    // A draw fits no convention.
    let text = "[GameType \"21\"]\n[FEN \"W:W18:B14\"]\n1. 18x9 1/2-1/2";
    assert_eq!(codes(text), ["G503"]);
}

#[test]
fn a_game_without_gametype_gets_a_reported_guess() {
    let russian = "1. c3-d4 f6-g5 2. g3-h4 *";
    let ds = run(russian, RuleProfile::Modern);
    assert_eq!(ds.len(), 1, "{ds:#?}");
    assert_eq!(ds[0].kind, Kind::VariantGuess);
    assert!(
        ds[0].message.contains("Russian draughts"),
        "{}",
        ds[0].message
    );
    let intl = "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 *";
    assert!(
        run(intl, RuleProfile::Modern)[0]
            .message
            .contains("International")
    );
    // English starts with Black: 11-15 fits English, not the White-first 8x8 variants.
    let english = "1. 11-15 23-19 2. 8-11 22-17 *";
    assert!(
        run(english, RuleProfile::Modern)[0]
            .message
            .contains("English")
    );
}

#[test]
fn the_guess_stays_the_same_across_a_file() {
    let text = "1. 11-15 23-19 *\n\n1. 9-14 22-17 *\n";
    let ds = run(text, RuleProfile::Modern);
    let guesses: Vec<&Diagnostic> = ds.iter().filter(|d| d.kind == Kind::VariantGuess).collect();
    // Said once, at the first game, for the whole file.
    assert_eq!(guesses.len(), 1, "{guesses:#?}");
    assert!(guesses[0].message.contains("English"));
}

#[test]
fn moves_after_the_end_are_reported() {
    let text = "[GameType \"21\"]\n[FEN \"W:W18:B14\"]\n1. 18x9 5-1 *";
    let ds = run(text, RuleProfile::Modern);
    assert_eq!(ds[0].code, "G501");
    assert_eq!(ds[0].kind, Kind::GameOver);
}

#[test]
fn an_error_stops_its_line_only_and_says_how_much_is_left() {
    let text = "[GameType \"20\"]\n1. 32-28 19-23 2. 33-29 23x32 3. 38x27 *\n\n[GameType \"20\"]\n1. 32-27 *";
    let ds = run(text, RuleProfile::Modern);
    // 2. 33-29 misses 28x19; it is applied and the replay goes on; the second game is fine.
    assert_eq!(
        ds.iter().map(|d| d.code).collect::<Vec<_>>(),
        ["R305"],
        "{ds:#?}"
    );
    // 2. 27-21 starts on an empty square: the line stops there, and says so.
    let text = "[GameType \"20\"]\n1. 32-28 19-23 2. 27-21 3. 28x19 *";
    let ds = run(text, RuleProfile::Modern);
    assert_eq!(ds[0].code, "R301");
    assert!(
        ds[0].notes.iter().any(|n| n.contains("1 move(s) after it")),
        "{:?}",
        ds[0].notes
    );
}

#[test]
fn a_huge_move_number_in_a_fen_game_does_not_overflow() {
    let text = "[GameType \"20\"]\n[FEN \"W:W31:B1\"]\n4000000000. 31-27 *";
    assert_eq!(codes(text), [""; 0]);
}

#[test]
fn a_variation_replacing_a_jump_of_a_capture_written_one_jump_per_move_is_replayed() {
    // `(1. 1-5)` replaces 18x25, the second half of 9x18 18x25: it starts where the capture
    // started, with Black to move, and 1 is empty.
    let text = "[GameType \"21\"]\n[FEN \"B:W14,22,30:B9\"]\n1. 9x18 18x25 (1. 1-5) 2. 30-26 *";
    let ds = run(text, RuleProfile::Modern);
    assert!(
        ds.iter()
            .any(|d| d.code == "R301" && d.message.starts_with("1-5")),
        "{ds:#?}"
    );
}

#[test]
fn a_variation_replacing_a_placeholder_is_replayed() {
    let text = "[GameType \"20\"]\n1. 32-28 ... ( 1-99 ) 2. 28-23 *";
    assert!(codes(text).contains(&"R312"), "{:?}", codes(text));
}

#[test]
fn a_placeholder_ends_the_right_to_huff() {
    let text = "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 ... 3. 10-15 *";
    let found = all_codes(text, RuleProfile::Huffing);
    assert!(!found.contains(&"H403"), "{found:?}");
}

#[test]
fn a_fen_game_numbered_from_the_second_player_with_a_placeholder() {
    let text = "[GameType \"20\"]\n[FEN \"B:W32:B19\"]\n31. ... 19-23 32. 32-28 *";
    assert_eq!(all_codes(text, RuleProfile::Modern), [""; 0]);
}

#[test]
fn a_game_without_squares_does_not_steer_the_next_guess() {
    let text = "[Event \"a\"]\n*\n\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n";
    let ds = run(text, RuleProfile::Modern);
    let guesses: Vec<&Diagnostic> = ds.iter().filter(|d| d.kind == Kind::VariantGuess).collect();
    // The empty game says nothing (and, first in the file, is not replayed: G515): the one
    // statement is the Russian game's.
    let codes: Vec<&str> = guesses.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["G515", "G506"], "{guesses:#?}");
    assert!(guesses[1].message.contains("Russian"), "{:#?}", guesses[1]);
}

/// The codes of each game of a fixture, in order.
fn codes_per_game(text: &str) -> Vec<Vec<&'static str>> {
    let mut out = Vec::new();
    check_stream(text.as_bytes(), &CheckOptions::default(), |g| {
        out.push(
            g.diagnostics
                .iter()
                .filter(|d| d.severity != Severity::Info)
                .map(|d| d.code)
                .collect(),
        )
    })
    .expect("reading from memory cannot fail");
    out
}

#[test]
fn real_italian_and_czech_games_replay_clean() {
    let italian = include_str!("../fixtures/replay/italian_game.pdn");
    assert_eq!(codes_per_game(italian), [Vec::<&str>::new()]);
    let czech = include_str!("../fixtures/replay/czech_game.pdn");
    assert_eq!(codes_per_game(czech), [Vec::<&str>::new(), Vec::new()]);
}

#[test]
fn italian_numbering_is_the_turned_board_s() {
    // A GameType that drops the invert flag declares the board unturned: read that way the
    // real game fails, so the standard (turned) numbering is used, with one note that says both.
    let italian = include_str!("../fixtures/replay/italian_game.pdn");
    let flagless = italian.replace("22,W,8,8,N2,1", "22,W,8,8,N2,0");
    assert_eq!(codes_per_game(&flagless), [vec!["G509"]]);
    let ds = run(&flagless, RuleProfile::Modern);
    assert!(
        ds[0].message.contains("the turned board")
            && ds[0]
                .message
                .ends_with("; the moves fit the standard numbering, which is used"),
        "{}",
        ds[0].message
    );
}

#[test]
fn italian_rule_errors_have_their_codes() {
    let text = include_str!("../fixtures/replay/italian_errors.pdn");
    assert_eq!(
        codes_per_game(text),
        [
            vec!["R308"],
            vec!["R306"],
            vec!["R316"],
            vec!["R316"],
            vec!["R316"]
        ]
    );
    let ds = run(text, RuleProfile::Modern);
    assert!(
        ds[0]
            .notes
            .iter()
            .any(|n| n.contains("may not take a king")),
        "{:?}",
        ds[0].notes
    );
    let r316: Vec<&str> = ds
        .iter()
        .filter(|d| d.code == "R316")
        .map(|d| d.message.as_str())
        .collect();
    assert!(
        r316[0].contains("a capture by a king comes first"),
        "{r316:?}"
    );
    assert!(r316[1].contains("the most kings"), "{r316:?}");
    assert!(r316[2].contains("meets a king first"), "{r316:?}");
    assert!(
        ds.iter()
            .all(|d| d.code != "R316" || d.kind == Kind::MajorityRule)
    );
}

#[test]
fn czech_rule_errors_have_their_codes() {
    let text = include_str!("../fixtures/replay/czech_errors.pdn");
    assert_eq!(
        codes_per_game(text),
        [vec!["R316"], vec!["R305"], vec!["R307"]]
    );
    let ds = run(text, RuleProfile::Modern);
    assert!(
        ds[0].message.contains("a king must capture"),
        "{}",
        ds[0].message
    );
    assert_eq!(
        ds[0].context.as_ref().unwrap().expected,
        ["h4xd8", "h4xe7", "h4xf6"]
    );
}

#[test]
fn spanish_rule_errors_have_their_codes() {
    let text = include_str!("../fixtures/replay/spanish_errors.pdn");
    assert_eq!(
        codes_per_game(text),
        [vec!["R316"], vec!["R306"], Vec::new()]
    );
    let ds = run(text, RuleProfile::Modern);
    assert!(
        ds[0].message.contains("the most kings"),
        "{}",
        ds[0].message
    );
    assert_eq!(ds[0].context.as_ref().unwrap().expected, ["11x27"]);
}

#[test]
fn online_variants_results_follow_their_end_rules() {
    let text = include_str!("../fixtures/replay/online_results.pdn");
    assert_eq!(
        codes_per_game(text),
        [Vec::new(), vec!["G503"], Vec::new(), vec!["G503"]]
    );
    let ds = run(text, RuleProfile::Modern);
    let g503: Vec<&str> = ds
        .iter()
        .filter(|d| d.code == "G503")
        .map(|d| d.message.as_str())
        .collect();
    assert!(g503[0].contains("which wins Antidraughts"), "{g503:?}");
    assert!(g503[1].contains("which wins Breakthrough"), "{g503:?}");
}

#[test]
fn a_move_after_the_first_king_of_breakthrough_is_one_g501() {
    let text = "[GameType \"96\"]\n[FEN \"B:W31:B42\"]\n1... 42-47 2. 31-27 27-22 *\n";
    let ds = run(text, RuleProfile::Modern);
    assert_eq!(
        ds.iter().map(|d| d.code).collect::<Vec<_>>(),
        ["G501"],
        "{ds:#?}"
    );
    assert!(
        ds[0]
            .message
            .contains("black has a king, which wins Breakthrough"),
        "{}",
        ds[0].message
    );
}

#[test]
fn a_variant_tag_naming_a_lidraughts_game_refines_its_boards_gametype() {
    // lidraughts writes Frysk! on Frisian's GameType 40 and Antidraughts on International's
    // 20, with the game in the Variant tag. Frysk! starts with five men a side, so 48-42 is
    // a move there; under Frisian 42 is occupied.
    let frysk = "[GameType \"40\"]\n[Variant \"Frysk!\"]\n1. 48-42 3-8 *\n";
    assert!(codes(frysk).is_empty(), "{:?}", codes(frysk));
    let frisian = "[GameType \"40\"]\n1. 48-42 3-8 *\n";
    assert_eq!(codes(frisian), ["R303"]);
    // White has no piece left and so wins Antidraughts.
    let anti = "[GameType \"20\"]\n[Variant \"Antidraughts\"]\n[FEN \"B:W28:B23\"]\n\
                [Result \"2-0\"]\n1... 23x32 2-0\n";
    assert!(codes(anti).is_empty(), "{:?}", codes(anti));
    // A Variant tag naming a game with a GameType of its own does not override the GameType.
    let russian = "[GameType \"26\"]\n[Variant \"Russian\"]\n1. 32-28 19-23 *\n";
    assert_eq!(
        codes(russian),
        codes("[GameType \"26\"]\n1. 32-28 19-23 *\n")
    );
}

/// Swaps the results `2-0` and `0-2` of a text, in Result tags and as words of the movetext.
fn flip_results(text: &str) -> String {
    let flip = |w: &str| match w {
        "2-0" => "0-2".to_string(),
        "0-2" => "2-0".to_string(),
        "[Result \"2-0\"]" => "[Result \"0-2\"]".to_string(),
        "[Result \"0-2\"]" => "[Result \"2-0\"]".to_string(),
        w => w.to_string(),
    };
    text.lines()
        .map(|line| {
            if line.starts_with("[Result ") {
                flip(line)
            } else {
                line.split(' ').map(flip).collect::<Vec<_>>().join(" ")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn real_online_games_agree_with_their_end_rules_and_flipped_results_do_not() {
    // lidraughts' exports: every result that a final position decides fits the variant's
    // end rule (16 Antidraughts games end without a move for the side to move, 12
    // Breakthrough games with a king); the same results swapped are one G503 each.
    for (text, decided) in [
        (
            include_str!("../../corpus/py-draughts/antidraughts.pdn"),
            16,
        ),
        (
            include_str!("../../corpus/py-draughts/breakthrough.pdn"),
            12,
        ),
    ] {
        assert!(codes(text).is_empty(), "{:?}", codes(text));
        let flipped = codes(&flip_results(text));
        assert_eq!(flipped.len(), decided, "{flipped:?}");
        assert!(flipped.iter().all(|&c| c == "G503"), "{flipped:?}");
    }
}

#[test]
fn a_fourth_king_move_in_a_row_breaks_the_frisian_limit_along_each_line() {
    // White's king 46 shuttles to 41 and back while White still has the man 35.
    let base = "[GameType \"40\"]\n[FEN \"W:WK46,35:B1\"]\n";
    let main = format!("{base}1. 46-41 1-7 2. 41-46 7-12 3. 46-41 12-18 4. 41-46 *\n");
    let ds = run(&main, RuleProfile::Modern);
    assert_eq!(
        ds.iter().map(|d| d.code).collect::<Vec<_>>(),
        ["R322"],
        "{ds:#?}"
    );
    assert!(
        ds[0].message.contains("move 4 in a row"),
        "{}",
        ds[0].message
    );
    let ctx = ds[0].context.as_ref().expect("a move context");
    assert_eq!(ctx.ply, 7);
    // A variation that moves the man instead starts the count again.
    let var = format!(
        "{base}1. 46-41 1-7 2. 41-46 7-12 3. 46-41 (3. 35-30 12-18 4. 46-41) 12-18 4. 35-30 *\n"
    );
    assert_eq!(codes(&var), Vec::<&str>::new());
    // A variation takes over the count of its line: its king move is the fourth.
    let var = format!(
        "{base}1. 46-41 1-7 2. 41-46 7-12 3. 46-41 12-18 (3... 12-17 4. 41-46) 4. 35-30 *\n"
    );
    assert_eq!(codes(&var), ["R322"]);
    // A man move starts the count again; a side with only kings has no limit.
    let man =
        format!("{base}1. 46-41 1-7 2. 41-46 7-12 3. 35-30 12-18 4. 46-41 18-22 5. 41-46 *\n");
    assert_eq!(codes(&man), Vec::<&str>::new());
    let kings = "[GameType \"40\"]\n[FEN \"W:WK46:B1\"]\n\
                 1. 46-41 1-7 2. 41-46 7-12 3. 46-41 12-18 4. 41-46 *\n";
    assert_eq!(codes(kings), Vec::<&str>::new());
}

#[test]
fn turkish_games_replay_along_rows_and_files() {
    // Men step forward and sideways, and take sideways; a king flies along the rows.
    assert_eq!(
        codes(
            "[GameType \"30\"]\n1. e3-e4 c6-c5 2. e2-e3 c5-b5 3. f2-e2 b6-c6 4. g3-g4 h6-h5 \
             5. d3-d4 b5-a5 *"
        ),
        [""; 0]
    );
    // Pieces leave the board as they are jumped: the king comes back down the c-file.
    assert_eq!(
        codes("[GameType \"30\"]\n[FEN \"W:WKa4:Bc4,f6,d7,c2\"]\n1. a4xf4xf7xc7xc1 *"),
        [""; 0]
    );
    assert_eq!(
        codes("[GameType \"30\"]\n[FEN \"W:WKa4:Bc4,f6,d7,c2\"]\n1. a4xf4xf7xc7 *"),
        ["R307"]
    );
    // A king that turns back within a capture makes no capture White has.
    assert_eq!(
        codes("[GameType \"30\"]\n[FEN \"W:WKc4:Bb4,d4\"]\n1. c4xe4xa4 *"),
        ["R308"]
    );
    // An impossible step is explained in rows and files, not diagonals.
    let back = run(
        "[GameType \"30\"]\n1. e3-e4 c6-c5 2. e4-e3 *",
        RuleProfile::Modern,
    );
    let errors: Vec<_> = back
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1, "{back:#?}");
    assert_eq!(errors[0].code, "R304");
    assert!(
        errors[0].message.contains("cannot move backwards"),
        "{}",
        errors[0].message
    );
    let slant = run("[GameType \"30\"]\n1. e3-f4 *", RuleProfile::Modern);
    assert!(
        slant
            .iter()
            .any(|d| d.message.contains("f4 is not on a row or file with e3")),
        "{slant:#?}"
    );
}
