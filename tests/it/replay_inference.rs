//! Variant inference for games without GameType, hand-written files one class each: one guess
//! per file, stated once; tag words; a game no variant replays; `--variant` for games pdnkit
//! does not replay; the result convention of English files.

use pdnkit::check::{CheckOptions, FileTotals, check_stream};
use pdnkit::lint::{Diagnostic, Severity};
use pdnkit::replay::ForcedVariant;
use pdnkit::rules::Variant;

fn check(text: &str, variant: Option<ForcedVariant>) -> (Vec<Diagnostic>, FileTotals) {
    let mut options = CheckOptions::default();
    options.replay.variant = variant;
    let mut out = Vec::new();
    let totals = check_stream(text.as_bytes(), &options, |g| out.extend(g.diagnostics))
        .expect("reading from memory cannot fail");
    (out, totals)
}

/// Asserts that `d`'s message holds `words`, printing the message where it does not.
#[track_caller]
fn says(d: &Diagnostic, words: &str) {
    assert!(d.message.contains(words), "{}", d.message);
}

fn codes(ds: &[Diagnostic]) -> Vec<&'static str> {
    ds.iter().map(|d| d.code).collect()
}

/// Three Italian openings (White first from 21-32, numeric): English and pool have Black
/// move first, and the White-first variants' boards are turned the other way, so only Italian
/// replays them.
const ITALIAN: &str = "[Event \"Torneo\"]\n1. 21-17 12-15 2. 23-19 11-14 *\n\n\
[Event \"Torneo\"]\n1. 21-17 12-15 2. 23-19 10-14 *\n\n\
[Event \"Torneo\"]\n1. 21-17 12-15 2. 23-19 11-14 3. 19x12 8x15 *\n";

#[test]
fn an_untagged_italian_file_is_guessed_once_for_all_its_games() {
    let (ds, totals) = check(ITALIAN, None);
    assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
    says(&ds[0], "Italian draughts");
    assert!(ds[0].message.contains("White first"), "{}", ds[0].message);
    assert_eq!(totals.variants.get(&Variant::Italian), Some(&3));
    assert_eq!(totals.guessed, 3);
    // The per-file data carries the one guess and its evidence.
    assert_eq!(totals.guesses.len(), 1);
    assert_eq!(totals.guesses[0].games, 3);
    assert_eq!(totals.guesses[0].guess.variant, Variant::Italian);
}

#[test]
fn a_file_mixing_8x8_and_10x10_games_gets_one_guess_per_board() {
    // An English game (squares up to 32, Black first) and an International one (up to 50).
    let text = "1. 11-15 23-19 2. 8-11 22-17 *\n\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 *\n\n\
                1. 9-14 22-17 *\n";
    let (ds, totals) = check(text, None);
    let guesses: Vec<&Diagnostic> = ds.iter().filter(|d| d.code == "G506").collect();
    assert_eq!(guesses.len(), 2, "{ds:#?}");
    assert!(guesses[0].message.contains("English draughts"));
    assert!(guesses[1].message.contains("International draughts"));
    assert!(guesses[1].message.contains("fit 10x10"));
    assert_eq!(totals.variants.get(&Variant::English), Some(&2));
    assert_eq!(totals.variants.get(&Variant::International), Some(&1));
}

#[test]
fn squares_within_32_that_no_8x8_variant_replays_are_tried_on_10x10() {
    // 32-28 is White's move on 8x8, where Black moves first, but a fine International
    // opening: a short 10x10 game may never leave squares 1-32 (parser test files, problems).
    let (ds, totals) = check("1. 32-28 19-23 *\n", None);
    assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
    says(
        &ds[0],
        "no 8x8 variant replays most of these games past their first moves",
    );
    assert!(ds[0].message.contains("fit 10x10 too"), "{}", ds[0].message);
    assert_eq!(totals.variants.get(&Variant::International), Some(&1));
}

/// A short International game without GameType, its squares all within 1-32, in a file whose
/// other game declares International draughts: that game shows the file's board as a game read
/// as International without a GameType does, so the short game is read as International, and
/// no other variant of a board its squares fit is weighed beside it. (A GameType written for
/// the other game as it was read then leaves this one read as it was.)
#[test]
fn a_short_game_without_gametype_is_read_on_the_board_the_files_tagged_games_declare() {
    let short = "[Event \"b\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n";
    let text =
        format!("[Event \"a\"]\n[GameType \"20\"]\n1. 33-28 18-22 2. 39-33 12-18 *\n\n{short}");
    let (ds, totals) = check(&text, None);
    assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
    says(
        &ds[0],
        "the file's games on 10x10 are International draughts",
    );
    assert_eq!(totals.guesses.len(), 1);
    assert_eq!(totals.guesses[0].guess.variant, Variant::International);
    assert!(totals.guesses[0].guess.also.is_empty(), "{totals:#?}");
    // Alone, no 8x8 variant replays it, and it is read on 10x10 as far as Frisian draughts.
    let (ds, totals) = check(short, None);
    assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
    assert_eq!(totals.guesses[0].guess.variant, Variant::International);
    assert_eq!(totals.guesses[0].guess.also, [Variant::Frisian]);
    // Numbered otherwise, the GameType still names International draughts, whose board it
    // shows (`convert` writes a game's GameType anew, always naming the same variant). English
    // draughts declared for the other game is the variant of the short game's own board and
    // notation, and the game is read so.
    let renumbered = text.replace("\"20\"", "\"20,W,10,10,N1,1\"");
    let (_, totals) = check(&renumbered, None);
    assert_eq!(totals.guesses[0].guess.variant, Variant::International);
    assert!(totals.guesses[0].guess.also.is_empty(), "{totals:#?}");
    let english = text.replace("\"20\"", "\"21\"");
    let (_, totals) = check(&english, None);
    assert_eq!(totals.guesses[0].guess.variant, Variant::English);
}

/// An Italian game without GameType whose first move is illegal (`22-17`, which is no move on
/// Italian draughts' turned board), in a file whose other game declares Italian draughts: the
/// declared variant is the presumption whatever the moves do, so the game is read as Italian
/// and its illegal move is an error at its ply. Alone, Italian fails at the first move and
/// another variant replays it further: it was read as Russian draughts, and the error was
/// reported at the wrong move.
#[test]
fn an_illegal_move_does_not_take_a_game_away_from_the_variant_its_file_declares() {
    let untagged = "[Event \"b\"]\n1. 22-17 12-15 2. 23-19 11-14 *\n";
    let text =
        format!("[Event \"a\"]\n[GameType \"22\"]\n1. 21-17 12-15 2. 23-19 11-14 *\n\n{untagged}");
    let (ds, totals) = check(&text, None);
    assert_eq!(codes(&ds), ["G506", "R304"], "{ds:#?}");
    says(
        &ds[0],
        "read as Italian draughts (from: squares within 1-32 fit 8x8, numeric notation, the file's games with a GameType are Italian draughts",
    );
    assert_eq!(
        (ds[1].span.start, ds[1].message.as_str()),
        (
            text.find("22-17").unwrap(),
            "22-17: 17 is not on a diagonal from 22"
        )
    );
    assert_eq!(totals.variants.get(&Variant::Italian), Some(&2));
    let (ds, totals) = check(untagged, None);
    assert_eq!(totals.guesses[0].guess.variant, Variant::Russian, "{ds:#?}");
    // Written in the other notation, the GameType declares Italian draughts all the same:
    // a game renamed into letters by `convert` keeps declaring what it declared numbered.
    let lettered = text.replace("\"22\"", "\"22,W,8,8,A1,1\"");
    let (ds, totals) = check(&lettered, None);
    assert_eq!(totals.guesses[0].guess.variant, Variant::Italian, "{ds:#?}");
    // Two games with GameTypes that name two variants of the board declare neither.
    let two = format!("{text}\n[GameType \"21\"]\n1. 11-15 23-19 *\n");
    let (ds, totals) = check(&two, None);
    assert_eq!(totals.guesses[0].guess.variant, Variant::Russian, "{ds:#?}");
}

/// A run of untagged games read as a variant in the notation that is not that variant's own
/// (Russian draughts numbered) is, for the file's games in that variant's own notation (its
/// lettered games), what a GameType naming it would be: the presumption, whatever their moves
/// do. So converting the numbered games to letters, which writes their GameType, leaves the
/// lettered games read as they were.
#[test]
fn a_run_read_as_a_variant_in_its_other_notation_is_the_presumption_for_its_own() {
    // Numbered Russian draughts: the Russian opening 1. c3-d4 numbered 22-18 (Russian's
    // numbering from a1 = 29), then a capture exchange only Russian-set boards allow.
    let numbered = "[Event \"n\"]\n1. 22-18 11-15 2. 18x11 8x15 *\n\n";
    // Lettered games whose first move is illegal under every 8x8 variant: alone no variant
    // replays them, and they are not checked.
    let lettered = "[Event \"l\"]\n1. c3-e5 f6-g5 *\n\n[Event \"m\"]\n1. a3-c5 b6-a5 *\n";
    let (ds, _) = check(lettered, None);
    assert!(codes(&ds).contains(&"G513"), "{ds:#?}");
    let text = format!("{numbered}{lettered}");
    let (ds, totals) = check(&text, None);
    let numbered_variant = totals.guesses[0].guess.variant;
    assert_eq!(numbered_variant, Variant::Russian, "{ds:#?}");
    assert_eq!(codes(&ds), ["G506", "G506", "R304", "R304"], "{ds:#?}");
    let statement = ds
        .iter()
        .find(|d| d.code == "G506" && d.message.contains("algebraic notation"))
        .expect("the lettered run is read");
    says(
        statement,
        &format!(
            "the file's other games without a GameType are read as {}",
            numbered_variant.title()
        ),
    );
    // The illegal moves are errors at their plies.
    assert_eq!(ds[2].span.start, text.find("c3-e5").unwrap());
    assert_eq!(ds[3].span.start, text.find("a3-c5").unwrap());
}

#[test]
fn a_game_that_fits_another_variant_is_checked_under_its_runs_variant() {
    // English games around one that International would replay, on the same squares: the
    // file's games with this evidence are English, so its first move is an error there, with
    // the guess in a note. One odd game never moves its run to another variant.
    let text = "1. 11-15 23-19 2. 8-11 22-17 *\n\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
                1. 9-14 22-17 *\n";
    let (ds, totals) = check(text, None);
    assert_eq!(codes(&ds), ["G506", "R302"], "{ds:#?}");
    says(&ds[0], "English draughts");
    says(&ds[0], "the file's 3 games with this evidence");
    assert_eq!(ds[1].severity, Severity::Error);
    assert!(
        ds[1]
            .notes
            .iter()
            .any(|n| n.starts_with("variant guessed: English draughts")),
        "{:?}",
        ds[1].notes
    );
    assert_eq!(totals.variants.get(&Variant::English), Some(&3));
}

#[test]
fn a_square_past_the_files_board_is_an_error_under_the_files_variant() {
    // Two English games and one whose slip writes 36 (no square of 8x8): no 10x10 variant
    // replays it past its first move, so it is read as the file's other games are, and the
    // square is reported.
    let text = "1. 11-15 23-19 2. 8-11 22-17 *\n\n1. 11-15 23-19 2. 8-11 22-36 *\n\n\
                1. 9-14 22-17 *\n";
    let (ds, totals) = check(text, None);
    assert_eq!(codes(&ds), ["G506", "G506", "R312"], "{ds:#?}");
    says(&ds[1], "the file's other games are English draughts");
    assert_eq!(ds[2].severity, Severity::Error);
    assert_eq!(totals.variants.get(&Variant::English), Some(&3));
}

/// 11-15 23-19, then 11-16 from the square 11-15 just left: no variant replays it.
const NO_VARIANT: &str = "[Event \"Club\"]\n1. 11-15 23-19 2. 11-16 24-20 *\n";

#[test]
fn an_illegal_move_in_an_untagged_game_is_an_error_at_its_ply() {
    let (ds, totals) = check(NO_VARIANT, None);
    assert_eq!(codes(&ds), ["G506", "R301"], "{ds:#?}");
    let e = &ds[1];
    assert_eq!(e.severity, Severity::Error);
    says(e, "there is no piece on 11");
    assert_eq!(e.context.as_ref().map(|c| c.ply), Some(3));
    assert!(
        e.notes
            .iter()
            .any(|n| n.starts_with("variant guessed: English draughts")),
        "{:?}",
        e.notes
    );
    assert_eq!(totals.errors, 1);
    assert_eq!(totals.unreplayed, 0);
}

/// 13-17 and 17-13: squares empty at the start of every 8x8 variant, and a man of the side
/// that does not move first on the larger boards.
const NO_VARIANT_AT_ALL: &str = "1. 13-17 17-13 *\n\n1. 14-18 18-14 *\n";

#[test]
fn a_file_no_variant_replays_past_the_first_moves_gets_one_warning_per_game_and_no_error() {
    let (ds, totals) = check(NO_VARIANT_AT_ALL, None);
    assert_eq!(codes(&ds), ["G513", "G513"], "{ds:#?}");
    let w = &ds[0];
    assert_eq!(w.severity, Severity::Warning);
    says(w, "closest: English draughts");
    says(w, "failing here at ply 1");
    says(w, "there is no piece on 13");
    assert!(w.notes.iter().any(|n| n.starts_with("candidates weighed")));
    assert_eq!(totals.errors, 0);
    assert_eq!(totals.unreplayed, 2);
}

#[test]
fn with_variant_the_same_game_has_its_errors() {
    let (ds, totals) = check(NO_VARIANT, Some(ForcedVariant::Replay(Variant::English)));
    assert_eq!(codes(&ds), ["R301"], "{ds:#?}");
    assert_eq!(ds[0].severity, Severity::Error);
    assert_eq!(totals.errors, 1);
}

#[test]
fn tag_words_name_the_variant_and_its_errors_carry_the_guess() {
    // 'Italiano' in Event names Italian; the second move starts on an empty square, a real
    // error, reported with the guess and its evidence.
    let text = "[Event \"Campionato Italiano\"]\n1. 21-17 12-15 2. 23-19 13-14 *\n";
    let (ds, _) = check(text, None);
    assert_eq!(codes(&ds), ["G506", "R301"], "{ds:#?}");
    says(&ds[0], "'Italiano' in Event");
    assert!(
        ds[1].notes.iter().any(|n| n
            .starts_with("variant guessed: Italian draughts, from: squares within 1-32 fit 8x8")
            && n.contains("'Italiano' in Event")),
        "{:?}",
        ds[1].notes
    );
}

#[test]
fn tag_words_name_frisian_which_is_replayed_without_a_contest() {
    // The moves are legal in International draughts too; 'Fries' in Event names Frisian.
    let text = "[Event \"Fries kampioenschap\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 *\n";
    let (ds, totals) = check(text, None);
    assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
    says(&ds[0], "read as Frisian draughts");
    says(&ds[0], "'Fries'");
    assert_eq!(totals.variants.get(&Variant::Frisian), Some(&1));
    assert_eq!(totals.unreplayed, 0);
}

#[test]
fn orthogonal_captures_in_the_files_games_tell_frisian_from_international() {
    // No tags: 1. 31-27 17-22 2. 33-28 22x22 (a man taking three round a square, diagonally
    // and along the row) exists only in Frisian among the 10x10 variants. Two such games make
    // a Frisian file.
    let game = "1. 31-27 17-22 2. 33-28 22x22 *\n\n";
    let (ds, totals) = check(&game.repeat(2), None);
    assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
    says(&ds[0], "read as Frisian draughts");
    assert_eq!(totals.variants.get(&Variant::Frisian), Some(&2));
    // One game alone never outweighs International, the presumption on 10x10: its capture is
    // an error there, and the statement shows how far Frisian went.
    let (ds, totals) = check(game, None);
    assert_eq!(codes(&ds), ["G506", "R308"], "{ds:#?}");
    assert!(
        ds[0]
            .notes
            .iter()
            .any(|n| n.starts_with("candidates weighed: Frisian draughts 5 step(s)")),
        "{:?}",
        ds[0].notes
    );
    assert_eq!(totals.variants.get(&Variant::International), Some(&1));
}

#[test]
fn a_start_from_the_back_row_tells_frysk_from_frisian() {
    let text = "1. 46-41 5-10 2. 41-37 10-14 *\n";
    let (ds, totals) = check(text, None);
    assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
    assert_eq!(totals.variants.get(&Variant::Frysk), Some(&1), "{ds:#?}");
}

#[test]
fn tag_words_of_another_board_do_not_override_the_squares() {
    // 'Dammen' is International (10x10); the squares fit 8x8, so the replay decides: English.
    let text = "[Event \"Dammen\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n";
    let (ds, totals) = check(text, None);
    assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
    assert_eq!(totals.variants.get(&Variant::English), Some(&1));
}

#[test]
fn variant_names_every_gametype_and_the_ones_not_replayed_check_syntax_only() {
    assert_eq!(
        "41".parse::<ForcedVariant>(),
        Ok(ForcedVariant::NotReplayed(41))
    );
    assert_eq!(
        "spantsiretti".parse::<ForcedVariant>(),
        Ok(ForcedVariant::NotReplayed(41))
    );
    assert_eq!(
        "turkish".parse::<ForcedVariant>(),
        Ok(ForcedVariant::Replay(Variant::Turkish))
    );
    assert_eq!(
        "frisian".parse::<ForcedVariant>(),
        Ok(ForcedVariant::Replay(Variant::Frisian))
    );
    assert_eq!(
        "22".parse::<ForcedVariant>(),
        Ok(ForcedVariant::Replay(Variant::Italian))
    );
    assert!("19".parse::<ForcedVariant>().is_err());
    assert!("martian".parse::<ForcedVariant>().is_err());
    let text = "1. c3-d4 f6-g5 *\n\n1. a3-b4 b6-a5 *\n";
    let (ds, totals) = check(text, Some(ForcedVariant::NotReplayed(41)));
    // Said once for the file, as an info; no game replayed.
    assert_eq!(codes(&ds), ["G507"], "{ds:#?}");
    assert_eq!(ds[0].severity, Severity::Info);
    assert!(ds[0].message.contains("Spantsiretti"));
    assert_eq!(totals.unreplayed, 2);
    assert_eq!(totals.errors + totals.warnings, 0);
}

/// White (18) takes Black's last man: White has won. PDN, where Black moves first in English
/// draughts, writes that 0-1; many files write 1-0.
fn ending(result: &str) -> String {
    format!("[GameType \"21\"]\n[FEN \"W:W18:B14\"]\n1. 18x9 {result}\n\n")
}

#[test]
fn a_file_giving_whites_score_first_is_said_once() {
    let text = ending("1-0").repeat(3);
    let (ds, _) = check(&text, None);
    assert_eq!(codes(&ds), ["G514"], "{ds:#?}");
    assert_eq!(ds[0].severity, Severity::Warning);
}

#[test]
fn a_file_following_pdn_results_has_no_convention_warning() {
    let text = ending("0-1").repeat(3);
    let (ds, _) = check(&text, None);
    assert!(ds.is_empty(), "{ds:#?}");
}

#[test]
fn a_result_that_breaks_the_files_convention_is_a_contradiction() {
    let text = format!("{}{}{}", ending("1-0"), ending("1-0"), ending("0-1"));
    let (ds, _) = check(&text, None);
    assert_eq!(codes(&ds), ["G514", "G503"], "{ds:#?}");
    assert!(
        ds[1]
            .notes
            .iter()
            .any(|n| n.contains("White's score first"))
    );
}

#[test]
fn the_file_is_read_as_the_candidate_that_replays_its_games_furthest_from_its_first_game() {
    // A white king on 29 of an 8x8 numeric board. 29-25 is a step every candidate allows; 29-4
    // runs the long diagonal, which a flying king (pool) may and an English king may not.
    // Weighed together, pool replays the file further in two of its three games: every game
    // is pool, the first too.
    let step = "[FEN \"W:WK29:B1\"]\n1. 29-25 *\n\n";
    let fly = "[FEN \"W:WK29:B1\"]\n1. 29-4 *\n\n";
    let (ds, totals) = check(&format!("{step}{fly}{fly}"), None);
    assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
    says(&ds[0], "read as American pool checkers");
    assert_eq!(totals.variants.get(&Variant::Pool), Some(&3));
    assert_eq!(totals.errors, 0);
    // Where English replays as far (no king flies), English comes first.
    let (ds, totals) = check(&format!("{step}{step}"), None);
    assert!(ds[0].message.contains("read as English draughts"));
    assert_eq!(totals.variants.get(&Variant::English), Some(&2));
}

#[test]
fn an_illegal_move_in_one_game_never_changes_the_files_variant() {
    // Ten English games, one with a flying king move (legal in pool only): the file stays
    // English and the move is an error there.
    let step = "[FEN \"W:WK29:B1\"]\n1. 29-25 *\n\n";
    let fly = "[FEN \"W:WK29:B1\"]\n1. 29-4 *\n\n";
    let text = format!("{}{fly}{}", step.repeat(5), step.repeat(5));
    let (ds, totals) = check(&text, None);
    assert_eq!(codes(&ds), ["G506", "R304"], "{ds:#?}");
    assert!(ds[0].message.contains("read as English draughts"));
    assert_eq!(ds[1].severity, Severity::Error);
    assert_eq!(totals.variants.get(&Variant::English), Some(&11));
}

#[test]
fn huffing_reports_a_missed_capture_and_its_huff_as_one_warning() {
    let mut options = CheckOptions::default();
    options.replay.rules = pdnkit::replay::RuleProfile::Huffing;
    let mut ds = Vec::new();
    check_stream(
        "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 *\n".as_bytes(),
        &options,
        |g| ds.extend(g.diagnostics),
    )
    .expect("reading from memory cannot fail");
    assert_eq!(codes(&ds), ["H401"], "{ds:#?}");
    says(&ds[0], "black had to capture");
    assert!(ds[0].message.contains("may huff"), "{}", ds[0].message);
}

#[test]
fn spanish_portuguese_and_the_online_variants_are_named_by_tags_and_numbers() {
    for (name, v) in [
        ("spanish", Variant::Spanish),
        ("24", Variant::Spanish),
        ("portuguese", Variant::Portuguese),
        ("28", Variant::Portuguese),
        ("antidraughts", Variant::Antidraughts),
        ("98", Variant::Antidraughts),
        ("breakthrough", Variant::Breakthrough),
        ("96", Variant::Breakthrough),
    ] {
        assert_eq!(name.parse::<ForcedVariant>(), Ok(ForcedVariant::Replay(v)));
    }
    // Tag words name the Spanish and Portuguese games; the replay alone never chooses
    // Portuguese, whose moves are Spanish.
    let game = "[FEN \"W:W9,11:B13,22,23,K15\"]\n1. 11x27 *\n";
    for (event, v) in [
        ("Campeonato de España", Variant::Spanish),
        ("Campeonato de Portugal", Variant::Portuguese),
    ] {
        let text = format!("[Event \"{event}\"]\n{game}");
        let (ds, totals) = check(&text, None);
        assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
        assert_eq!(totals.variants.get(&v), Some(&1), "{event}");
    }
    // Without words, nothing tells this position's one capture apart: pool, first of the
    // numeric candidates, replays it, and the statement names Spanish among the others.
    let (ds, totals) = check(game, None);
    assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
    assert_eq!(totals.variants.get(&Variant::Pool), Some(&1), "{ds:#?}");
    says(&ds[0], "Spanish draughts");
    // lidraughts' [Variant] tags name the online variants.
    let (_, totals) = check("[Variant \"Antidraughts\"]\n1. 32-28 19-23 *\n", None);
    assert_eq!(totals.variants.get(&Variant::Antidraughts), Some(&1));
}

/// Two forfeits without moves around a 10x10 game: the one before it shows no variant and is
/// not replayed (G515); the one after it is read as the file's International.
#[test]
fn a_game_without_moves_takes_the_variant_the_file_showed_before_it() {
    let (ds, totals) = check(include_str!("../fixtures/replay/forfeits.pdn"), None);
    assert_eq!(codes(&ds), ["G515", "G506"], "{ds:#?}");
    assert_eq!(ds[0].severity, Severity::Warning);
    assert!(ds[0].message.contains("not replayed"), "{}", ds[0].message);
    assert_eq!(totals.variants.get(&Variant::International), Some(&2));
    assert_eq!(totals.variants.get(&Variant::English), None);
    assert_eq!(totals.unreplayed, 1);
    assert_eq!(totals.guessed, 2);
}

#[test]
fn a_game_without_moves_after_games_of_several_variants_is_not_replayed() {
    // An English game, an International one, then a forfeit: nothing says which it is.
    let text = "1. 11-15 23-19 2. 8-11 22-17 *\n\n1. 32-28 18-23 2. 37-32 12-18 *\n\n\
                [Result \"1-0\"]\n*\n";
    let (ds, totals) = check(text, None);
    let g515: Vec<&Diagnostic> = ds.iter().filter(|d| d.code == "G515").collect();
    assert_eq!(g515.len(), 1, "{ds:#?}");
    assert!(
        g515[0].notes.iter().any(|n| n.contains("several variants")),
        "{:?}",
        g515[0].notes
    );
    assert_eq!(totals.unreplayed, 1);
    // A declared game shows the variant too, and tag words still name a game without moves.
    let text = "[GameType \"20\"]\n1. 32-28 19-23 *\n\n[Result \"0-2\"]\n*\n\n\
                [Event \"Campionato italiano\"]\n*\n";
    let (ds, totals) = check(text, None);
    assert!(!codes(&ds).contains(&"G515"), "{ds:#?}");
    assert_eq!(totals.variants.get(&Variant::International), Some(&2));
    assert_eq!(totals.variants.get(&Variant::Italian), Some(&1));
}

/// Tag words name a game as a GameType does: a game without moves that they name shows the
/// file's variant to the games without squares after it, as a declared one does (so that a
/// GameType written for it by `convert` changes nothing).
#[test]
fn a_game_without_moves_takes_the_variant_tag_words_named_before_it() {
    let named = "[Event \"Campionato italiano\"]\n[Result \"1-0\"]\n1-0\n\n[Result \"0-1\"]\n0-1\n";
    let declared = "[GameType \"22\"]\n[Result \"1-0\"]\n1-0\n\n[Result \"0-1\"]\n0-1\n";
    for text in [named, declared] {
        let (ds, totals) = check(text, None);
        assert!(!codes(&ds).contains(&"G515"), "{ds:#?}");
        assert_eq!(totals.variants.get(&Variant::Italian), Some(&2), "{text}");
        assert_eq!(totals.unreplayed, 0);
    }
}

/// Turkish men move along rows and files, onto the squares other 8x8 variants leave empty:
/// only Turkish replays such a game, and it is a candidate of the replay.
#[test]
fn turkish_games_without_gametype_are_guessed_by_the_replay() {
    let (ds, totals) = check(
        include_str!("../fixtures/replay/turkish_untagged.pdn"),
        None,
    );
    assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
    says(&ds[0], "Turkish draughts");
    assert_eq!(totals.variants.get(&Variant::Turkish), Some(&2));
    // A Russian game with an error is read as Russian, not as Turkish, which fails at once:
    // the missed capture is an error.
    let (ds, totals) = check("1. c3-d4 f6-e5 2. d4-c5 *\n", None);
    assert_eq!(codes(&ds), ["G506", "R305"], "{ds:#?}");
    says(&ds[0], "Russian draughts");
    assert_eq!(totals.variants.get(&Variant::Russian), Some(&1));
}

/// `29,W,10,10,N2,0`: 29 is Czech today, 8x8, but the 2009 table gave it to Frisian: the moves
/// and the board the fields state decide, in one G509, with no false rule error.
#[test]
fn a_gametype_whose_board_contradicts_its_number_is_read_by_the_stated_board() {
    let (ds, totals) = check(
        include_str!("../fixtures/replay/gametype_29_frisian.pdn"),
        None,
    );
    assert_eq!(codes(&ds), ["G509"], "{ds:#?}");
    says(&ds[0], "Frisian draughts");
    assert_eq!(totals.variants.get(&Variant::Frisian), Some(&1));
    // When the numbered variant replays the moves, the number stands (with its board note).
    let (ds, totals) = check(
        "[GameType \"29,W,10,10,A0,0\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n",
        None,
    );
    assert_eq!(codes(&ds), ["G509"], "{ds:#?}");
    assert!(ds[0].message.contains("8x8 is used"), "{}", ds[0].message);
    assert_eq!(totals.variants.get(&Variant::Czech), Some(&1));
}

/// Eight Russian games by random legal play (`pdn gen --variant russian -n 8 --seed 7
/// --max-plies 16`, results taken off).
const RUSSIAN_GAMES: &str = "1. a3-b4 b6-a5 2. b4-c5 d6:b4 3. c3-d4 f6-g5 4. g3-h4 b4-c3 5. d2:b4 a5:e5\n6. h4:d4 e7-f6 7. d4-e5 f6:d4 8. e3:c5 *\n\n1. g3-h4 d6-c5 2. h2-g3 e7-d6 3. h4-g5 h6:h2 4. c3-d4 b6-a5 5. d4:b6 a7:c5\n6. b2-c3 f6-g5 7. e3-f4 g5:e3 8. f2:b6 *\n\n1. c3-b4 b6-a5 2. b2-c3 h6-g5 3. b4-c5 d6:b4 4. a3:c5 a7-b6 5. c5:a7 *\n\n1. e3-f4 d6-c5 2. c3-d4 c5:g5 3. a3-b4 c7-d6 4. d2-e3 g5-h4 5. b4-a5 d8-c7\n6. e1-d2 *\n\n1. c3-d4 b6-c5 2. d4:b6 c7:a5 3. d2-c3 f6-e5 4. c3-d4 *\n\n1. e3-d4 f6-g5 2. d4-c5 d6:b4 3. a3:c5 b6:d4 4. c3:e5 g5-f4 5. b2-c3 f4:d6\n6. c3-d4 *\n\n1. c3-d4 d6-e5 2. e3-f4 e5:c3 3. d2:b4 c7-d6 4. c1-d2 d6-c5 5. b4:d6 *\n\n1. g3-h4 h6-g5 2. e3-f4 g5:e3 3. d2:f4 f6-e5 4. c3-b4 *\n\n";

/// A man capturing onto the crowning row that stops there: Russian makes it a king that must
/// capture on (R307), American pool ends the move (and plays the same squares otherwise).
const STOPS_ON_THE_CROWNING_ROW: &str =
    "1. g3-h4 f6-g5 2. h4:f6 e7:g5 3. a3-b4 d8-e7 4. e3-d4 d6-c5 5. b4:d6 c7:e5 6. d4:f6:d8 *\n\n";

#[test]
fn two_games_a_variant_of_other_rules_allows_do_not_move_a_file_of_ten_to_it() {
    let text = format!("{RUSSIAN_GAMES}{}", STOPS_ON_THE_CROWNING_ROW.repeat(2));
    let (ds, totals) = check(&text, None);
    assert_eq!(codes(&ds), ["G506", "R307", "R307"], "{ds:#?}");
    says(&ds[0], "Russian draughts");
    assert_eq!(totals.variants.get(&Variant::Russian), Some(&10));
    let (forced, _) = check(&text, Some(ForcedVariant::Replay(Variant::Russian)));
    assert_eq!(codes(&forced), ["R307", "R307"], "{forced:#?}");
}

#[test]
fn a_game_on_squares_within_32_in_a_10x10_file_is_read_as_the_file_even_when_its_first_move_fails()
{
    // The second game's squares fit 8x8, and its first move is illegal everywhere: the file's
    // games on 10x10 decide, and the move is an error at its ply, as with --variant.
    let text = "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 *\n\n1. 32-21 *\n";
    let (ds, totals) = check(text, None);
    assert_eq!(codes(&ds), ["G506", "G506", "R304"], "{ds:#?}");
    says(
        &ds[1],
        "the file's games on 10x10 are International draughts",
    );
    assert_eq!(ds[2].context.as_ref().map(|c| c.ply), Some(1));
    assert_eq!(totals.variants.get(&Variant::International), Some(&2));
}

#[test]
fn a_czech_file_scored_on_two_points_is_said_once_and_is_an_error_under_strict() {
    // PDN 3.0's conformance files reject a Czech league file scored 2-0, 1-1, 0-2: Czech, like
    // every game but International and Canadian, scores on one point.
    let text = "[Site \"Praha\"]\n[Result \"2-0\"]\n1. c3-d4 f6-g5 2-0\n\n\
                [Site \"Praha\"]\n[Result \"1-1\"]\n1. c3-b4 f6-e5 1-1\n";
    let (ds, totals) = check(text, None);
    let g516: Vec<&Diagnostic> = ds.iter().filter(|d| d.code == "G516").collect();
    assert_eq!(g516.len(), 1, "{ds:#?}");
    assert_eq!(g516[0].severity, Severity::Info);
    says(g516[0], "`2-0` is a score on two points");
    says(g516[0], "Czech draughts on one point");
    assert_eq!(totals.errors, 0);
    let mut options = CheckOptions::default();
    options.read.strict = true;
    let mut errors = Vec::new();
    check_stream(text.as_bytes(), &options, |g| {
        errors.extend(
            g.diagnostics
                .into_iter()
                .filter(|d| d.severity == Severity::Error)
                .map(|d| d.code),
        )
    })
    .expect("in memory");
    assert_eq!(errors, ["G516"]);
    // International scores on two points: its 2-0 is said nothing of.
    let (ds, _) = check("[GameType \"20\"]\n[Result \"2-0\"]\n1. 32-28 2-0\n", None);
    assert!(!ds.iter().any(|d| d.code == "G516"), "{ds:#?}");
}

#[test]
fn a_numeric_russian_game_is_not_read_as_italian_whose_numbers_neighbour_others() {
    // Numbered from White's left, Russian and Italian draughts put White's men on 21-32 alike,
    // but on Italian draughts' mirrored board 16 is not on a diagonal from 11. One game that
    // Russian draughts replays further is enough: the squares are evidence of the board.
    let (ds, totals) = check("1. 24-20 11-16 2. 20x11 7x16 *\n", None);
    assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
    says(&ds[0], "Russian draughts");
    assert_eq!(totals.variants.get(&Variant::Russian), Some(&1));
}

#[test]
fn a_variant_tag_naming_the_game_by_its_title_is_read_as_that_game() {
    for (value, variant) in [
        ("Russian draughts", Variant::Russian),
        ("BRAZILIAN DRAUGHTS", Variant::Brazilian),
        ("American pool checkers", Variant::Pool),
    ] {
        let text = format!("[Variant \"{value}\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n");
        let (ds, totals) = check(&text, None);
        assert_eq!(codes(&ds), Vec::<&str>::new(), "{value}: {ds:#?}");
        assert_eq!(totals.variants.get(&variant), Some(&1), "{value}");
    }
}

#[test]
fn the_variant_of_a_run_is_said_where_its_first_game_cannot_be_set_up() {
    // Both games are read as one variant; the first game's FEN puts a white man on its
    // promotion row. Its error is said under the variant said before it.
    let (ds, totals) = check(
        "[FEN \"B:W2:B9\"]\n*\n\n[FEN \"B:W9:B1\"]\n1. 9-5 *\n",
        None,
    );
    assert_eq!(codes(&ds), ["G506", "G504"], "{ds:#?}");
    assert!(ds[0].message.contains("2 games"), "{}", ds[0].message);
    assert_eq!(totals.unreplayed, 1);
}

#[test]
fn captures_written_with_a_colon_put_russian_draughts_first() {
    // Numbered Russian games from a FEN of the standard start: English, pool and Russian
    // draughts replay them alike, and `:` (PDN 3.0's separator for Russian draughts, `x` for
    // every other game) is the evidence that tells them apart without a replay.
    let game = "[FEN \"W:W21-32:B1-12\"]\n\n1. 22-18 11-15 2. 18:11 8:15 *\n";
    let (ds, totals) = check(game, None);
    assert_eq!(codes(&ds), ["G506"], "{ds:#?}");
    says(&ds[0], "Russian draughts");
    says(&ds[0], "captures written with `:`");
    assert_eq!(totals.variants.get(&Variant::Russian), Some(&1));
    // Written with `x`, nothing tells them apart, and the board's first candidate stands.
    let (ds, _) = check(&game.replace("18:11 8:15", "18x11 8x15"), None);
    assert!(
        ds[0]
            .message
            .starts_with("no GameType: read as English draughts"),
        "{}",
        ds[0].message
    );
}

#[test]
fn a_game_no_candidate_tells_apart_is_settled_by_the_run_it_is_presumed_from() {
    // A lettered English game from a FEN (English records are numbered, so the run is
    // evidence for the file's numbered games), and a numbered game whose first move fails
    // under every 8x8 variant alike. It is read as English, and its error is reported there;
    // its own moves leave no other variant open, so it is as settled as the run it leans on,
    // which `convert` writes with a GameType: written again, the file reads the same.
    let text = "[FEN \"B:B10\"]\n1. ef4 *\n\n5-9 *\n";
    let (ds, _) = check(text, None);
    assert_eq!(codes(&ds), ["N220", "G506", "G506", "R303"], "{ds:#?}");
    let numbered = &ds[2];
    says(
        numbered,
        "the file's other games without a GameType are read as English draughts",
    );
    assert!(
        !numbered.message.contains("as far as"),
        "{}",
        numbered.message
    );
}

#[test]
fn a_run_weighed_again_is_not_held_up_by_its_own_first_reading() {
    // `32-28` fits 8x8, where no variant plays it; the lettered game is International on the
    // larger board its squares fit, and so the numbered run takes the file's board. Weighed
    // first, before the lettered run was decided, the numbered run was read on 10x10 with
    // Frisian draughts alike, and weighed again it kept that opening from its own first
    // reading: `convert` then gave it no GameType until the lettered game had its own.
    let text = "1. 32-28 *\n\n[FEN \"W:Wc3,e3,h2:B28\"]\n1. cb4 *\n";
    let (ds, totals) = check(text, None);
    assert_eq!(codes(&ds), ["G506", "N220", "G506"], "{ds:#?}");
    says(
        &ds[0],
        "the file's games on 10x10 are International draughts",
    );
    for g in &totals.guesses {
        assert_eq!(g.guess.variant, Variant::International);
        assert!(g.guess.also.is_empty(), "{:?}", g.guess);
    }
}

/// A game named by its tag words is read apart: it says nothing of the file's other games.
/// Written with its GameType in letters (as `convert --notation algebraic` writes it), it
/// still says nothing: only the words for the variant its GameType names count, and they name
/// it, where weighed against the words for Italian draughts, whose numbering places the
/// lettered squares otherwise than the numbered ones, they tied. (Found by the `convert` fuzz
/// target: the file written in letters read the run after it as English draughts, where the
/// input read it as no variant.)
#[test]
fn a_game_named_by_its_words_declares_nothing_in_either_notation() {
    let numbered = "[Event \"English Italia\"]\n1. 1x1 *\n\n1. 10-1 *\n";
    let lettered =
        "[Event \"English Italia\"]\n[GameType \"21,B,8,8,A0,0\"]\n1. g1xg1 *\n\n1. 10-1 *\n";
    for text in [numbered, lettered] {
        let (ds, totals) = check(text, None);
        let g513: Vec<&Diagnostic> = ds.iter().filter(|d| d.code == "G513").collect();
        assert_eq!(g513.len(), 1, "{text}: {:?}", codes(&ds));
        says(g513[0], "no variant pdnkit knows replays");
        assert_eq!(totals.variants.get(&Variant::English), Some(&1), "{text}");
    }
}
