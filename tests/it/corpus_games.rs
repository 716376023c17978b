//! No game is lost or invented: for every file of the corpus, the number of games `check`
//! reads equals a count made another way, line by line, by the rules a person uses to see where
//! one game ends and the next begins, without the reader's code.

#[allow(dead_code)]
use crate::common;
use pdnkit::check::{CheckOptions, check_stream};

/// A line that opens with a tag: `[Name "`.
fn is_tag_line(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('[') else {
        return false;
    };
    let name_len = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    name_len > 0
        && rest.as_bytes()[0].is_ascii_alphabetic()
        && rest[name_len..].trim_start().starts_with('"')
}

/// A line whose last word is a game terminator.
fn ends_with_result(s: &str) -> bool {
    let last = s.split_whitespace().last().unwrap_or("");
    ["*", "1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0"].contains(&last)
}

/// A square as written in either notation: digits, or a file letter and digits.
fn square_len(b: &[u8]) -> usize {
    let letter = usize::from(b.first().is_some_and(|c| c.is_ascii_alphabetic()));
    let digits = b[letter..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 { 0 } else { letter + digits }
}

/// A line holding at least one move: two squares joined by `-`, `x` or `:`, or two algebraic
/// squares written together (`a3b4`).
fn has_move(s: &str) -> bool {
    let b = s.as_bytes();
    (0..b.len()).any(|i| {
        if i > 0 && b[i - 1].is_ascii_alphanumeric() {
            return false;
        }
        let first = square_len(&b[i..]);
        if first == 0 {
            return false;
        }
        let mut j = i + first;
        if b.get(j)
            .is_some_and(|c| matches!(c, b'-' | b'x' | b'X' | b':'))
        {
            j += 1;
        } else if !b[i].is_ascii_alphabetic() {
            return false;
        }
        square_len(&b[j..]) > 0
    })
}

/// Games counted line by line: a game starts at a tag line that follows no tag line of an open
/// header, or at a line with moves after a game that has ended with its result (or at the first
/// moves of the file). A blank line closes a header; the moves after it still belong to it. The
/// literal text `\r` and `\n` some exporters write is blank.
fn count_games(text: &str) -> usize {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let (mut games, mut header, mut awaiting, mut ended) = (0, false, false, true);
    for line in text.lines() {
        let s = line.replace("\\r", " ").replace("\\n", " ");
        let s = s.trim();
        if s.starts_with('%') {
            continue;
        }
        if s.is_empty() {
            if header {
                header = false;
                awaiting = true;
            }
            continue;
        }
        if is_tag_line(s) {
            if !header {
                games += 1;
            }
            header = true;
            awaiting = false;
            ended = false;
            let rest = s[s.rfind(']').map_or(s.len(), |i| i + 1)..].trim();
            if !rest.is_empty() {
                header = false;
                ended = ends_with_result(rest);
            }
            continue;
        }
        if header || awaiting {
            header = false;
            awaiting = false;
        } else if ended && has_move(s) {
            games += 1;
            ended = false;
        }
        if ends_with_result(s) {
            ended = true;
        }
    }
    games
}

#[test]
fn every_corpus_file_gives_as_many_games_as_a_line_count_finds() {
    let files = common::corpus_files(&["pdn", "txt"]);
    assert!(files.len() >= 45, "{} files", files.len());
    let mut wrong = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("corpus file reads");
        let text = String::from_utf8_lossy(&bytes);
        let expected = count_games(&text);
        let totals =
            check_stream(&bytes[..], &CheckOptions::default(), |_| {}).expect("reading memory");
        if totals.games != expected {
            wrong.push(format!(
                "{}: check reads {}, the line count finds {expected}",
                path.display(),
                totals.games
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_line_count_sees_headers_fragments_and_one_line_games() {
    // Two headed games; a header with no moves, then another game.
    assert_eq!(
        count_games("[Event \"a\"]\n\n1. 32-28 *\n\n[Event \"b\"]\n1. 33-29 1-0\n"),
        2
    );
    assert_eq!(
        count_games("[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n\n1. c3-d4 *\n"),
        2
    );
    // Moves with no header after a finished game; one-line FEN games.
    assert_eq!(
        count_games("[Event \"a\"]\n1. 11-15 *\n\n1. 9-13 22-18\n"),
        2
    );
    assert_eq!(
        count_games("[FEN \"B:W21:B1\"] *\n[FEN \"B:W22:B2\"] *\n"),
        2
    );
    // Moves without separator; numbers that are not moves start nothing.
    assert_eq!(count_games("1.a3b4\n"), 1);
    assert_eq!(count_games("3\n1\n[Event \"a\"]\n1. 32-28 *\n"), 1);
}
