//! Real-world dialects: each is read, with one warning that names it, and replayed. The
//! fixtures in `tests/fixtures/dialects/` say at their top what each shows.

use pdnkit::Severity;
use pdnkit::check::{CheckOptions, CheckedGame, check_stream};
use pdnkit::syntax::Element;
use pdnkit::write::pdn::write_game;

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/dialects/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).expect("fixture exists")
}

fn check_with(text: &str, options: &CheckOptions) -> Vec<CheckedGame> {
    let mut games = Vec::new();
    check_stream(text.as_bytes(), options, |g| games.push(g)).expect("reading memory");
    games
        .into_iter()
        .filter(|g| g.chunk.game.is_some())
        .collect()
}

fn check(name: &str) -> Vec<CheckedGame> {
    check_with(&fixture(name), &CheckOptions::default())
}

/// Every diagnostic of the games, as `CODE line:col`.
fn findings(games: &[CheckedGame]) -> Vec<String> {
    games
        .iter()
        .flat_map(|g| {
            g.diagnostics.iter().map(|d| {
                let lc = g.chunk.line_col(d.span.start);
                format!("{} {}:{}", d.code, lc.line, lc.column)
            })
        })
        .collect()
}

fn messages(games: &[CheckedGame], code: &str) -> Vec<String> {
    games
        .iter()
        .flat_map(|g| g.diagnostics.iter())
        .filter(|d| d.code == code)
        .map(|d| format!("{} {}", d.message, d.notes.join(" / ")))
        .collect()
}

/// The texts of a game's comments, in order.
fn comment_texts(game: &pdnkit::Game) -> Vec<&str> {
    game.body
        .iter()
        .filter_map(|e| match e {
            Element::Comment(c) => Some(c.text.as_str()),
            _ => None,
        })
        .collect()
}

fn plies(g: &CheckedGame) -> u32 {
    g.report.as_ref().map_or(0, |r| r.plies)
}

/// The games as canonical PDN: what was read, without the places it was read at.
fn canonical(games: &[CheckedGame]) -> Vec<String> {
    games
        .iter()
        .filter_map(|g| g.chunk.game.as_ref())
        .map(|game| {
            let mut s = String::new();
            write_game(game, &mut s);
            s
        })
        .collect()
}

#[test]
fn literal_line_breaks_read_into_the_same_games_as_the_clean_file_with_one_warning() {
    let broken = check("escaped_breaks.pdn");
    let clean = check("escaped_clean.pdn");
    assert_eq!(broken.len(), 3);
    assert_eq!(canonical(&broken), canonical(&clean));
    let plies_of = |gs: &[CheckedGame]| gs.iter().map(plies).collect::<Vec<_>>();
    assert_eq!(plies_of(&broken), plies_of(&clean));
    assert_eq!(plies_of(&broken), [8, 5, 2]);
    assert_eq!(findings(&broken), ["N217 3:21"]);
    assert!(findings(&clean).is_empty(), "{:?}", findings(&clean));
}

#[test]
fn files_joined_with_their_byte_order_marks_read_into_the_games_of_the_parts() {
    let joined = check("joined_with_byte_order_marks.pdn");
    let clean = check("escaped_clean.pdn");
    assert_eq!(joined.len(), 3);
    assert_eq!(canonical(&joined), canonical(&clean));
    let plies_of = |gs: &[CheckedGame]| gs.iter().map(plies).collect::<Vec<_>>();
    assert_eq!(plies_of(&joined), plies_of(&clean));
    // The first mark is the file's own, taken away by the decoder (F003 says the file is
    // UTF-8 with a mark); the next is reported, once.
    assert_eq!(findings(&joined), ["F003 1:1", "N225 7:1"]);
    // Marks before a tag leave it at the start of its line; between moves, a mark is white
    // space too.
    let games = check_with(
        "[GameType \"20\"]\n1. 32-28 *\n\u{feff}\u{feff}[GameType \"20\"] 1. 33-29 \u{feff}19-23 *\n",
        &CheckOptions::default(),
    );
    assert_eq!(games.iter().map(plies).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(findings(&games), ["N225 3:1"]);
}

#[test]
fn a_dash_result_tag_never_turns_the_last_move_into_a_score() {
    let games = check("result_tag_dash.pdn");
    assert_eq!(games.len(), 1);
    let game = games[0].chunk.game.as_ref().expect("a game");
    assert!(game.result.is_none());
    assert_eq!(game.main_line_moves().count(), 6);
    assert_eq!(plies(&games[0]), 6);
    assert_eq!(findings(&games), ["N221 4:9", "N210 5:43"]);
}

#[test]
fn short_notation_replays_to_the_same_position_as_full_notation() {
    let games = check("short_notation.pdn");
    assert_eq!(games.len(), 2);
    assert_eq!(findings(&games), ["N220 5:4"]);
    let end = |g: &CheckedGame| {
        g.report
            .as_ref()
            .and_then(|r| r.final_position.clone())
            .expect("replayed")
    };
    assert_eq!(plies(&games[0]), 8);
    assert_eq!(plies(&games[1]), 8);
    assert_eq!(end(&games[0]), end(&games[1]));
}

#[test]
fn short_notation_fitting_two_men_is_an_error_naming_both() {
    let games = check("short_ambiguous.pdn");
    assert_eq!(findings(&games), ["N220 6:4", "R317 6:4"]);
    let m = messages(&games, "R317");
    assert!(m[0].contains("c7 and c3"), "{m:?}");
    assert!(m[0].contains("read as the man on"), "{m:?}");
    // The replay goes on after it.
    assert_eq!(plies(&games[0]), 1);
}

#[test]
fn short_notation_finds_kings_as_it_finds_men() {
    let games = check("short_king.pdn");
    // King moves and a king's capture replay; the move no piece of its file can make is an
    // error at its ply; a man and a king that can both make a move are named both.
    assert_eq!(findings(&games), ["N220 8:4", "R318 8:27", "R317 14:4"]);
    let r318 = games[0]
        .diagnostics
        .iter()
        .find(|d| d.code == "R318")
        .expect("R318");
    assert_eq!(r318.context.as_ref().map(|c| c.ply), Some(5));
    let m = messages(&games, "R318");
    assert!(
        m[0].starts_with("ac3: no white piece on the a file can move to c3"),
        "{m:?}"
    );
    assert_eq!(plies(&games[0]), 4);
    let m = messages(&games, "R317");
    assert!(
        m[0].contains("the white king on b4 and man on b2 can both make this move"),
        "{m:?}"
    );
    assert!(m[0].contains("read as the king on b4"), "{m:?}");
}

#[test]
fn findings_of_a_game_in_short_notation_name_squares_algebraically() {
    let games = check("short_algebraic_names.pdn");
    assert_eq!(findings(&games), ["N220 6:4", "R318 6:15"]);
    let d = games[0]
        .diagnostics
        .iter()
        .find(|d| d.code == "R318")
        .expect("R318");
    let expected = &d.context.as_ref().expect("a move").expected;
    assert!(expected.contains(&"g1-f2".to_string()), "{expected:?}");
    assert!(
        expected
            .iter()
            .all(|m| m.bytes().next().is_some_and(|b| b.is_ascii_lowercase())),
        "{expected:?}"
    );
}

#[test]
fn results_written_with_a_colon_are_results_with_one_warning_per_file() {
    use pdnkit::syntax::ResultKind;
    let games = check("colon_results.pdn");
    assert_eq!(games.len(), 3);
    assert_eq!(findings(&games), ["N227 5:9", "N220 14:4"]);
    let kinds: Vec<_> = games
        .iter()
        .map(|g| {
            g.chunk
                .game
                .as_ref()
                .and_then(|gm| gm.result.as_ref())
                .map(|r| r.kind)
        })
        .collect();
    assert_eq!(
        kinds,
        [
            Some(ResultKind::Win1),
            Some(ResultKind::Loss1),
            Some(ResultKind::Draw1)
        ]
    );
    assert_eq!(games.iter().map(plies).collect::<Vec<_>>(), [4, 4, 2]);
    assert!(messages(&games, "N227")[0].contains("read as the result `1-0`"));
    // Written out, each is PDN's own result.
    let written = canonical(&games);
    assert!(written[0].contains("g7-f6 1-0"), "{}", written[0]);
    assert!(written[2].contains("1/2-1/2"), "{}", written[2]);
    // A colon result in movetext alone is reported where it stands.
    let games = check_with(
        "[GameType \"25\"]\n1. c3-d4 f6-g5 0:1\n",
        &CheckOptions::default(),
    );
    assert_eq!(findings(&games), ["N227 2:16"]);
}

#[test]
fn a_colon_result_is_never_a_move_and_a_colon_capture_never_a_result() {
    use pdnkit::syntax::ResultKind;
    let result = |g: &CheckedGame| {
        g.chunk
            .game
            .as_ref()
            .and_then(|gm| gm.result.as_ref())
            .map(|r| r.kind)
    };
    // In numeric notation `1:0` could only be a move to square 0, which no board has.
    let games = check_with(
        "[GameType \"20\"]\n1. 32-28 19-23 1:0\n[GameType \"20\"]\n1. 32-28 1:1\n",
        &CheckOptions::default(),
    );
    assert_eq!(findings(&games), ["N227 2:16"]);
    assert_eq!(
        games.iter().map(result).collect::<Vec<_>>(),
        [Some(ResultKind::Win1), Some(ResultKind::Draw2)]
    );
    // A Russian capture that ends a game with no terminator is its last move.
    let games = check_with(
        "[GameType \"25\"]\n[FEN \"W:Wc3:Bd4,h8\"]\n1. c3:e5\n",
        &CheckOptions::default(),
    );
    assert_eq!(plies(&games[0]), 1);
    assert_eq!(result(&games[0]), None);
    // A score no move can be is read as one, as its dash form is.
    let games = check_with(
        "[GameType \"25\"]\n1. c3-d4 f6-g5 0.5:0.5\n",
        &CheckOptions::default(),
    );
    assert_eq!(findings(&games), ["N208 2:16"]);
    assert_eq!(result(&games[0]), Some(ResultKind::Other));
    // The Result tag is read in colon form too: a terminator that contradicts it is found.
    let games = check_with(
        "[Result \"1:0\"]\n[GameType \"25\"]\n1. c3-d4 f6-g5 0-1\n",
        &CheckOptions::default(),
    );
    assert_eq!(findings(&games), ["N227 1:9", "G502 3:16"]);
}

#[test]
fn notes_in_parentheses_are_kept_as_comments_and_the_game_goes_on() {
    let games = check("paren_note.pdn");
    assert_eq!(findings(&games), ["N222 5:10"]);
    assert_eq!(plies(&games[0]), 8);
    let game = games[0].chunk.game.as_ref().expect("a game");
    let comments = comment_texts(game);
    assert_eq!(comments, ["a note here", "best, see game 2"]);
    // The group of moves is still a variation.
    assert_eq!(game.lines().len(), 2);
}

#[test]
fn upper_case_squares_are_read_with_one_warning_per_file() {
    let games = check("upper_case.pdn");
    assert_eq!(games.len(), 2);
    assert_eq!(findings(&games), ["N219 3:4"]);
    assert_eq!(plies(&games[0]), 3);
    assert_eq!(plies(&games[1]), 2);
}

#[test]
fn strict_mode_makes_every_dialect_an_error() {
    let mut strict = CheckOptions::default();
    strict.read.strict = true;
    for (name, code) in [
        ("escaped_breaks.pdn", "N217"),
        ("upper_case.pdn", "N219"),
        ("short_notation.pdn", "N220"),
        ("result_tag_dash.pdn", "N221"),
        ("paren_note.pdn", "N222"),
        ("colon_results.pdn", "N227"),
        ("joined_with_byte_order_marks.pdn", "N225"),
    ] {
        let games = check_with(&fixture(name), &strict);
        let d: Vec<_> = games
            .iter()
            .flat_map(|g| g.diagnostics.iter())
            .filter(|d| d.code == code)
            .collect();
        assert_eq!(d.len(), 1, "{name}");
        assert_eq!(d[0].severity, Severity::Error, "{name}");
    }
}

#[test]
fn a_bracket_inside_a_parenthesis_is_read_as_a_note_and_reading_ends() {
    // `([` once sent the note scan round without moving on; each of these must end.
    for text in ["([", "1. 32-28 (] 19-23) *", "1. 32-28 ( } ) 19-23 *"] {
        let games = check_with(text, &CheckOptions::default());
        assert!(games.len() <= 1, "{text}");
    }
    // A `[` that may open a tag ends the group's reading; the text after it is read on.
    assert!(!check_with("(1. [x", &CheckOptions::default()).is_empty());
    let games = check_with("1. 32-28 (a [b] note) 19-23 *", &CheckOptions::default());
    let game = games[0].chunk.game.as_ref().expect("a game");
    let texts = comment_texts(game);
    assert_eq!(texts, ["a [b] note"]);
    assert_eq!(game.main_line_moves().count(), 2);
}

/// A `{` inside a parenthesis is read as the comment reader reads it: never closed, it ends at
/// the next tag line, and the group is no note but a variation (S104, S101), whatever `}` comes
/// after that tag line. (Found by the `convert` fuzz target: the note's scan looked for the `}`
/// past the tag line, so a `;` comment that canonical form wrote as `{}` in the next game made
/// the two games one.)
#[test]
fn a_comment_never_closed_inside_a_parenthesis_ends_at_the_tag_line() {
    for tail in ["", "\n{} *"] {
        let text = format!("({{)\n\n[Event \"b\"]\n{tail}");
        let games = check_with(&text, &CheckOptions::default());
        assert_eq!(games.len(), 2, "{text:?}");
        let codes: Vec<&str> = games[0].diagnostics.iter().map(|d| d.code).collect();
        assert!(
            codes.contains(&"S104") && codes.contains(&"S101") && !codes.contains(&"N222"),
            "{text:?}: {codes:?}"
        );
    }
}

/// A parenthesised group is a note when its own words, up to its `)`, are not moves. A `;`
/// comment (or a `{}` comment, or a setup) that holds a parenthesis runs past where the note's
/// `)` would be found, so the words after it are not the group's own: the `(` opens a
/// variation, whatever the next line holds. (Read as a note, `(;)` once depended on the
/// next line.)
#[test]
fn a_group_whose_comment_holds_a_parenthesis_reads_alike_whatever_follows() {
    for next in ["18-22 *", "white wins *", "[\n3126%"] {
        for open in ["(;)", "( {x)} )", "(/)/"] {
            let text = format!("1. 32-28 {open}\n{next}\n");
            let games = check_with(&text, &CheckOptions::default());
            let codes: Vec<&str> = games[0].diagnostics.iter().map(|d| d.code).collect();
            assert!(!codes.contains(&"N222"), "{text:?}: {codes:?}");
        }
    }
}

#[test]
fn white_first_results_name_the_winner_and_the_pdn_result_either_way() {
    let games = check_with(
        "[GameType \"21\"]\n[FEN \"B:W18:B14\"]\n1. 14x23 0-1\n",
        &CheckOptions::default(),
    );
    let m = messages(&games, "G514");
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(
        m[0].contains("so black won, and the file writes 0-1")
            && m[0].contains("so black's win is 1-0"),
        "{m:?}"
    );
    let games = check_with(
        "[GameType \"21\"]\n[FEN \"W:W18:B14\"]\n1. 18x9 1-0\n",
        &CheckOptions::default(),
    );
    let m = messages(&games, "G514");
    assert!(m[0].contains("so white's win is 0-1"), "{m:?}");
}

#[test]
fn a_tag_broken_over_two_lines_is_one_tag_with_one_warning() {
    for text in [
        "[\nEvent \"Open\"]\n[Result \"*\"]\n\n1. 32-28 *\n",
        "[Event\n\"Open\"]\n[Result \"*\"]\n\n1. 32-28 *\n",
        "[Event \"Open\"\n]\n[Result \"*\"]\n\n1. 32-28 *\n",
        "[Event \"Open\"\r\n]\r\n[Result \"*\"]\r\n\r\n1. 32-28 *\r\n",
    ] {
        let games = check_with(text, &CheckOptions::default());
        assert_eq!(games.len(), 1, "{text:?}");
        let game = games[0].chunk.game.as_ref().expect("a game");
        let tags: Vec<(&str, &str)> = game
            .tags
            .iter()
            .map(|t| (t.name.as_str(), t.value.as_str()))
            .collect();
        assert_eq!(tags, [("Event", "Open"), ("Result", "*")], "{text:?}");
        let syntax: Vec<String> = findings(&games)
            .into_iter()
            .filter(|f| f.starts_with('S') || f.starts_with('N'))
            .collect();
        assert_eq!(syntax, ["N201 1:1"], "{text:?}");
        assert!(messages(&games, "N201")[0].contains("broken over two lines"));
    }
    // A `[` alone whose next line is no tag stays an error.
    let games = check_with("[Event \"x\"]\n[\n1. 32-28 *\n", &CheckOptions::default());
    assert!(findings(&games).iter().any(|f| f.starts_with("S106")));
}
