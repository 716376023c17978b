//! Repairs that cannot change what a game means, spliced into its text.
//!
//! Each repair answers a finding of `pdn check` and rewrites only the text it is about: a move
//! token (its separators, zero-padded squares, spaces inside it, or the full path of an
//! ambiguous capture that the next move proves), a zero-padded move number, a tag value
//! holding bare quotes or broken over two lines (written escaped, on one line), a tag with
//! extra spaces or a line break inside its brackets (written `[Name "value"]`), a space
//! between a move and the token it runs on into, a missing
//! terminator (restored from the Result tag), or a missing GameType (the variant the replay
//! inferred). Every other character of the game is kept. A game with an error other than one
//! of the findings repaired here is not touched: such an error is a question about what the
//! record means, which no rewriting can answer.

use std::collections::HashMap;
use std::ops::Range;

use crate::lint::{Diagnostic, Severity};
use crate::notation::NotationKind;
use crate::replay::{GameReport, PlayedMove, Reading};
use crate::rules::Variant;
use crate::syntax::{Chunk, Element, Move as MoveToken, ResultKind, SeparatorKind, SquareValue};

use super::convert::{gametype_value, names_squares, splice, writes_gametype};

/// One repair: where, the code of the finding it answers, and what changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// File offset of the text repaired.
    pub at: usize,
    /// The codes of the findings it answers (`N203`, `R311`, ...).
    pub codes: Vec<&'static str>,
    /// The text before.
    pub before: String,
    /// The text after.
    pub after: String,
}

/// A finding that a repair could answer but the record does not allow answering safely.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declined {
    /// File offset of the text it is about.
    pub at: usize,
    /// The finding's code.
    pub code: &'static str,
    /// Why it was left.
    pub why: String,
}

/// What fixing one game gave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fixed {
    /// The game's text with the repairs made.
    pub text: String,
    /// The repairs, in text order.
    pub repairs: Vec<Repair>,
    /// Findings left as they were, and why.
    pub declined: Vec<Declined>,
}

/// Why a game was left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct Untouched {
    /// File offset of the error.
    pub at: usize,
    /// Its code.
    pub code: &'static str,
    /// Its message.
    pub message: String,
}

/// Fixes one chunk, given its findings (after the lint levels) and, for a game that was
/// replayed, the replay's report with its moves recorded. A chunk with no game comes back as
/// it was; a game with an error fix does not repair is left as it was ([`Untouched`]).
pub fn fix_chunk(
    chunk: &Chunk,
    report: Option<&GameReport>,
    diagnostics: &[Diagnostic],
) -> Result<Fixed, Untouched> {
    let Some(game) = &chunk.game else {
        return Ok(Fixed {
            text: chunk.text.clone(),
            ..Fixed::default()
        });
    };
    // An error fix repairs (one of its codes made an error with `--deny` or `--strict`) does
    // not stop it; any other does.
    if let Some(e) = diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error && !REPAIRED.contains(&d.code))
    {
        return Err(Untouched {
            at: e.span.start,
            code: e.code,
            message: e.message.clone(),
        });
    }
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    let mut repairs = Vec::new();
    let mut declined = Vec::new();
    let local = |r: Range<usize>| (r.start - chunk.offset)..(r.end - chunk.offset);
    let slice = |a: usize, b: usize| chunk.text.get(a - chunk.offset..b - chunk.offset);

    let replayed = report.and_then(|r| r.variant.zip(r.layout));
    let played: HashMap<usize, &PlayedMove> = report
        .map(|r| {
            r.moves
                .iter()
                .filter(|p| p.tokens == 1)
                .map(|p| (p.element, p))
                .collect()
        })
        .unwrap_or_default();
    // The move tokens of captures written one jump per move keep their separators.
    let mut joined: HashMap<usize, u32> = HashMap::new();
    if let Some(r) = report {
        for p in r.moves.iter().filter(|p| p.tokens > 1) {
            joined.insert(p.element, p.tokens);
        }
    }
    // A tag value holding bare quotes, or broken over two lines: written as read, quotes
    // escaped, on one line. A tag with extra spaces or a line break inside its brackets
    // (N201): written `[Name value]`, the name and the value as written.
    for t in &game.tags {
        let within = |code: &str, span: &Range<usize>| {
            diagnostics
                .iter()
                .any(|d| d.code == code && d.span.start >= span.start && d.span.end <= span.end)
        };
        let value_span = t.value_span.start..t.value_span.end;
        let mut codes: Vec<&'static str> = ["N223", "N224"]
            .into_iter()
            .filter(|code| within(code, &value_span))
            .collect();
        let spaced = within("N201", &(t.span.start..t.span.end));
        if codes.is_empty() && !spaced {
            continue;
        }
        let Some(before) = slice(t.value_span.start, t.value_span.end) else {
            continue;
        };
        let mut value = String::with_capacity(t.value.len() + 8);
        if codes.is_empty() {
            value.push_str(before);
        } else {
            value.push('"');
            for ch in t.value.chars() {
                if ch == '"' || ch == '\\' {
                    value.push('\\');
                }
                value.push(ch);
            }
            value.push('"');
        }
        let (span, before, after) = match slice(t.name_span.start, t.name_span.end) {
            Some(name) if spaced => {
                codes.insert(0, "N201");
                let Some(whole) = slice(t.span.start, t.span.end) else {
                    continue;
                };
                (t.span, whole, format!("[{name} {value}]"))
            }
            _ => (t.value_span, before, value),
        };
        if after != before {
            edits.push((local(span.start..span.end), after.clone()));
            repairs.push(Repair {
                at: span.start,
                codes,
                before: before.to_string(),
                after,
            });
        }
    }
    let mut in_jumps = 0u32;
    for (i, e) in game.body.iter().enumerate() {
        match e {
            Element::MoveNumber(mn) if mn.zero_padded => {
                let Some(before) = slice(mn.span.start, mn.span.end) else {
                    continue;
                };
                let digits = before.bytes().take_while(u8::is_ascii_digit).count();
                let trimmed = before[..digits].trim_start_matches('0');
                let after = format!(
                    "{}{}",
                    if trimmed.is_empty() { "0" } else { trimmed },
                    &before[digits..]
                );
                if after != before {
                    edits.push((local(mn.span.start..mn.span.end), after.clone()));
                    repairs.push(Repair {
                        at: mn.span.start,
                        codes: vec!["N203"],
                        before: before.to_string(),
                        after,
                    });
                }
            }
            Element::Move(m) => {
                if let Some(&n) = joined.get(&i) {
                    in_jumps = n;
                }
                let jump = in_jumps > 0;
                in_jumps = in_jumps.saturating_sub(1);
                let Some(before) = slice(m.span.start, m.span.end) else {
                    continue;
                };
                let p = if jump { None } else { played.get(&i).copied() };
                let variant = replayed.map(|(v, _)| v);
                let (after, codes) = fix_move(m, before, p, variant, replayed, &mut declined);
                if after != before {
                    edits.push((local(m.span.start..m.span.end), after.clone()));
                    repairs.push(Repair {
                        at: m.span.start,
                        codes,
                        before: before.to_string(),
                        after,
                    });
                }
            }
            _ => {}
        }
    }

    // The GameType first: a terminator inserted at the same place goes after it.
    // Only a guess the evidence decided: where other variants replay the game as well, a
    // GameType would choose among them. A game that names no square (a forfeit) gets none, as
    // in `convert`: its numbering says nothing, and the tag would only restate the guess.
    let guess = report.and_then(|r| r.guess.as_ref());
    // Each game is written in its own notation, as its text was.
    let form = crate::replay::Form::new(None);
    let guessed = guess.is_some()
        && writes_gametype(guess, form)
        && names_squares(game)
        && !diagnostics.iter().any(|d| d.code == "G513");
    if let (Some(g), false) = (guess, guessed) {
        if !game.tags.iter().any(|t| t.name == "GameType") && !writes_gametype(guess, form) {
            declined.push(Declined {
                at: first_element_or_start(game, chunk.offset),
                code: "G506",
                why: if g.also.is_empty() && !g.others_open && g.upholds.withholds(form) {
                    format!(
                        "no GameType added: read as {}, but a game read with it starts on the \
                         line where the text before it ends and keeps no GameType, and alone it \
                         would be read otherwise",
                        g.variant.title()
                    )
                } else if g.also.is_empty() {
                    format!(
                        "no GameType added: read as {}, but the file's other games without one \
                         in this notation are replayed alike by several variants, and are read \
                         together with this one",
                        g.variant.title()
                    )
                } else {
                    format!(
                        "no GameType added: {} and {} replay the game alike",
                        g.variant.title(),
                        g.also
                            .iter()
                            .map(|v| v.title())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                },
            });
        }
    }
    if let (true, Some((variant, layout))) = (guessed, replayed) {
        if !game.tags.iter().any(|t| t.name == "GameType") {
            let tag = format!("[GameType \"{}\"]", gametype_value(variant, &layout));
            let eol = eol(&chunk.text);
            let (at, text) = match game.tags.last() {
                Some(last) => (last.span.end - chunk.offset, format!("{eol}{tag}")),
                None => (
                    chunk.text.len() - chunk.text.trim_start().len(),
                    format!("{tag}{eol}"),
                ),
            };
            edits.push((at..at, text.clone()));
            repairs.push(Repair {
                at: chunk.offset + at,
                codes: vec!["G506"],
                before: String::new(),
                after: tag,
            });
        }
    }

    // A move run on into the token after it: a space between them.
    for d in diagnostics.iter().filter(|d| d.code == "N226") {
        let glued = game.body.iter().find_map(|e| match e {
            Element::Move(m) if m.span.start == d.span.start => Some(
                m.strength
                    .as_ref()
                    .map_or(m.span.end, |s| s.span.end.max(m.span.end)),
            ),
            _ => None,
        });
        if let Some(at) = glued.filter(|&at| at == d.span.end) {
            let at = at - chunk.offset;
            edits.push((at..at, " ".to_string()));
            repairs.push(Repair {
                at: chunk.offset + at,
                codes: vec!["N226"],
                before: String::new(),
                after: " ".to_string(),
            });
        }
    }

    // A missing terminator, restored from the Result tag.
    if game.result.is_none() && diagnostics.iter().any(|d| d.code == "N210") {
        let value = game
            .tags
            .iter()
            .find(|t| t.name == "Result")
            .and_then(|t| ResultKind::read(&t.value))
            .and_then(ResultKind::as_str)
            .unwrap_or("*");
        let end = chunk.text.trim_end().len();
        // After a `;` comment, or a header with no moves, the terminator takes a line of its
        // own (a `;` comment runs to the end of its line).
        let own_line = match game.body.last() {
            None => true,
            Some(Element::Comment(c)) => c.semicolon,
            Some(_) => false,
        };
        let after = if end == 0 {
            value.to_string()
        } else if own_line {
            format!("{}{value}", eol(&chunk.text))
        } else {
            format!(" {value}")
        };
        edits.push((end..end, after.clone()));
        repairs.push(Repair {
            at: chunk.offset + end,
            codes: vec!["N210"],
            before: String::new(),
            after,
        });
    }

    edits.sort_by_key(|(r, _)| (r.start, r.end));
    repairs.sort_by_key(|r| r.at);
    Ok(Fixed {
        text: splice(&chunk.text, &edits),
        repairs,
        declined,
    })
}

/// The file offset of the game's first move or move number, or of its text.
fn first_element_or_start(game: &crate::syntax::Game, offset: usize) -> usize {
    game.body
        .iter()
        .find_map(|e| match e {
            Element::Move(m) => Some(m.span.start),
            Element::MoveNumber(n) => Some(n.span.start),
            _ => None,
        })
        .unwrap_or(offset)
}

/// The line break the text uses.
fn eol(text: &str) -> &'static str {
    if text.contains("\r\n") { "\r\n" } else { "\n" }
}

/// The codes of the findings fix repairs.
pub const REPAIRED: &[&str] = &[
    "G506", "N201", "N203", "N204", "N206", "N210", "N214", "N223", "N224", "N226", "R309", "R310",
    "R311",
];

/// A move token rewritten: its new text and the codes of the findings the rewriting answers.
/// `played` is the move the replay read it as (none for a token it did not read alone).
fn fix_move(
    m: &MoveToken,
    before: &str,
    played: Option<&PlayedMove>,
    variant: Option<Variant>,
    replayed: Option<(Variant, crate::notation::Layout)>,
    declined: &mut Vec<Declined>,
) -> (String, Vec<&'static str>) {
    let mut codes: Vec<&'static str> = Vec::new();
    let mut add = |c: &'static str| {
        if !codes.contains(&c) {
            codes.push(c);
        }
    };
    if m.is_short() {
        // Russian short notation names squares by what the position allows: left as written.
        return (before.to_string(), Vec::new());
    }
    if before.chars().any(char::is_whitespace) {
        add("N204");
    }
    let capture = played.map(|p| !p.mv.captured.is_empty());
    let capture_sep = variant.map_or('x', Variant::capture_separator);

    // An ambiguous capture that the next move proves: its full path.
    if let (Some(p), Some((_, layout))) = (played, replayed) {
        if let Reading::Chosen { proven, .. } = p.reading {
            if !proven {
                declined.push(Declined {
                    at: m.span.start,
                    code: "R309",
                    why: format!(
                        "{} matches several captures and the next move does not prove which was played",
                        crate::lint::clip(before)
                    ),
                });
            } else {
                let mut layout = layout;
                let algebraic = matches!(
                    m.squares.first().map(|s| s.value),
                    Some(SquareValue::Algebraic { .. })
                );
                layout.kind = if algebraic {
                    NotationKind::Algebraic
                } else {
                    NotationKind::Numeric
                };
                let upper = m
                    .squares
                    .first()
                    .is_some_and(|s| s.raw.as_str().chars().any(|c| c.is_ascii_uppercase()));
                let mut s = String::new();
                for (k, sq) in p.mv.path.iter().enumerate() {
                    if k > 0 {
                        s.push(capture_sep);
                    }
                    let name = layout.name(*sq);
                    s.push_str(&if upper { name.to_uppercase() } else { name });
                }
                add("R309");
                let old: Vec<&str> = m.squares.iter().map(|q| q.raw.as_str()).collect();
                if old.iter().any(|r| r.len() > 1 && r.starts_with('0')) {
                    add("N203");
                }
                for q in m.squares.iter().skip(1) {
                    if let Some(sep) = q.separator {
                        if let Some(c) = separator_code(sep.kind, Some(true), capture_sep, m) {
                            add(c);
                        }
                    }
                }
                return (s, codes);
            }
        }
    }

    // A quiet move written with more than two squares: its two ends say it all.
    let squares: Vec<_> = match capture {
        Some(false) if m.squares.len() > 2 => {
            add("N214");
            let n = m.squares.len();
            vec![&m.squares[0], &m.squares[n - 1]]
        }
        _ => m.squares.iter().collect(),
    };
    let mut s = String::new();
    for (k, q) in squares.iter().enumerate() {
        if k > 0 {
            match q.separator {
                // Separator-less moves (`3228`, `a3b4`) are left so.
                None if squares.len() == m.squares.len() => {}
                None => s.push('-'),
                Some(sep) => match separator_code(sep.kind, capture, capture_sep, m) {
                    Some(code) => {
                        add(code);
                        s.push(match capture {
                            Some(true) => capture_sep,
                            Some(false) => '-',
                            None => 'x',
                        });
                    }
                    None => s.push(sep.kind.as_char()),
                },
            }
        }
        let raw = q.raw.as_str();
        if matches!(q.value, SquareValue::Numeric(_)) && raw.len() > 1 && raw.starts_with('0') {
            add("N203");
            let t = raw.trim_start_matches('0');
            s.push_str(if t.is_empty() { "0" } else { t });
        } else {
            s.push_str(raw);
        }
    }
    (s, codes)
}

/// The finding a separator answers to, in a move read as a capture (`Some(true)`), a quiet
/// move (`Some(false)`), or not read (`None`: only `X` is judged).
fn separator_code(
    kind: SeparatorKind,
    capture: Option<bool>,
    capture_sep: char,
    m: &MoveToken,
) -> Option<&'static str> {
    match (capture, kind) {
        (Some(false), SeparatorKind::Move) => None,
        (Some(false), _) => Some("R310"),
        (Some(true), SeparatorKind::Move) if m.squares.len() > 2 || m.is_capture() => Some("N214"),
        (Some(true), SeparatorKind::Move) => Some("R311"),
        (Some(true), SeparatorKind::CaptureUpper) => Some("N206"),
        (Some(true), SeparatorKind::Colon) if capture_sep != ':' => Some("N206"),
        (Some(true), _) => None,
        (None, SeparatorKind::CaptureUpper) => Some("N206"),
        (None, _) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckOptions, check_stream};

    fn fix(text: &str) -> Vec<Result<Fixed, Untouched>> {
        let mut options = CheckOptions::default();
        options.replay.record_moves = true;
        let mut out = Vec::new();
        check_stream(text.as_bytes(), &options, |g| {
            out.push(fix_chunk(&g.chunk, g.report.as_ref(), &g.diagnostics));
        })
        .expect("read");
        out
    }

    fn text(text: &str) -> String {
        fix(text)
            .into_iter()
            .map(|r| r.expect("fixed").text)
            .collect()
    }

    #[test]
    fn bare_quotes_in_a_tag_value_are_escaped() {
        let t = "[Site \"Kiev \"Dynamo\" club\"]\n[GameType \"20\"]\n1. 32-28 *\n";
        let f = fix(t).remove(0).expect("fixed");
        assert_eq!(
            f.text,
            "[Site \"Kiev \\\"Dynamo\\\" club\"]\n[GameType \"20\"]\n1. 32-28 *\n"
        );
        assert_eq!(f.repairs[0].codes, ["N223"]);
        assert_eq!(f.repairs[0].at, 6);
        // Read again, the value is the same, with nothing to report.
        let again = crate::syntax::parse_str(&f.text, &Default::default());
        assert_eq!(
            again[0].game.as_ref().unwrap().tag("Site"),
            Some("Kiev \"Dynamo\" club")
        );
        assert!(again[0].diagnostics.is_empty());
    }

    #[test]
    fn a_tag_value_broken_over_two_lines_is_written_on_one() {
        let t = "[Event \"Campionato\r\nItaliano 2005\"]\r\n[GameType \"20\"]\r\n1. 32-28 *\r\n";
        let f = fix(t).remove(0).expect("fixed");
        assert_eq!(
            f.text,
            "[Event \"Campionato Italiano 2005\"]\r\n[GameType \"20\"]\r\n1. 32-28 *\r\n"
        );
        assert_eq!(f.repairs[0].codes, ["N224"]);
    }

    #[test]
    fn a_capture_written_with_a_dash_gets_the_capture_separator() {
        let t = "[GameType \"20\"]\n[FEN \"W:W28:B23\"]\n1. 28-19 *\n";
        assert_eq!(text(t), t.replace("28-19", "28x19"));
    }

    #[test]
    fn upper_case_x_and_zero_padding_are_written_the_pdn_way() {
        let t = "[GameType \"20\"]\n[FEN \"W:W28:B23\"]\n01. 28X019 *\n";
        assert_eq!(text(t), t.replace("01. 28X019", "1. 28x19"));
    }

    #[test]
    fn a_quiet_move_written_with_x_gets_a_dash() {
        let t = "[GameType \"20\"]\n1. 32x28 19-23 *\n";
        assert_eq!(text(t), t.replace("32x28", "32-28"));
    }

    #[test]
    fn spaces_inside_a_move_are_taken_out() {
        let t = "[GameType \"20\"]\n1. 32 - 28 19-23 *\n";
        assert_eq!(text(t), t.replace("32 - 28", "32-28"));
    }

    #[test]
    fn russian_captures_get_a_colon() {
        let t = "[GameType \"25\"]\n[FEN \"W:Wc3:Bd4\"]\n1. c3-e5 *\n";
        assert_eq!(text(t), t.replace("c3-e5", "c3:e5"));
    }

    #[test]
    fn a_move_run_on_into_the_next_token_gets_a_space() {
        let fixed = fix("[GameType \"29\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3!3. h6-g5 *\n");
        let f = fixed[0].as_ref().expect("fixed");
        assert_eq!(
            f.text,
            "[GameType \"29\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3! 3. h6-g5 *\n"
        );
        assert_eq!(f.repairs[0].codes, ["N226"]);
    }

    #[test]
    fn a_missing_terminator_comes_from_the_result_tag() {
        let t = "[GameType \"20\"]\n[Result \"1-0\"]\n1. 32-28 19-23\n";
        assert_eq!(
            text(t),
            "[GameType \"20\"]\n[Result \"1-0\"]\n1. 32-28 19-23 1-0\n"
        );
        // A Result tag written with a colon gives the terminator in PDN's form.
        let t = "[GameType \"25\"]\n[Result \"0:1\"]\n1. c3-d4 f6-g5\n";
        assert_eq!(
            text(t),
            "[GameType \"25\"]\n[Result \"0:1\"]\n1. c3-d4 f6-g5 0-1\n"
        );
    }

    #[test]
    fn a_missing_terminator_after_a_line_comment_takes_its_own_line() {
        let t = "[GameType \"20\"]\n1. 32-28 19-23 ; a note\n";
        assert_eq!(text(t), "[GameType \"20\"]\n1. 32-28 19-23 ; a note\n*\n");
    }

    #[test]
    fn a_game_without_moves_in_an_undecided_run_gets_no_gametype() {
        // The first game fits several 8x8 variants; the second, a position only, is tried under
        // the run's variant alone and tells them apart no better.
        let t = "1. 11-15 23-19 *\n\n[FEN \"B:W21-32:B1-12\"]\n*\n";
        let r = fix(t);
        let texts: String = r
            .iter()
            .map(|f| f.as_ref().expect("fixed").text.clone())
            .collect();
        assert_eq!(texts, t);
        assert!(r.iter().all(|f| {
            f.as_ref()
                .is_ok_and(|f| f.declined.iter().all(|d| d.code == "G506"))
        }));
    }

    #[test]
    fn a_game_of_tags_only_gets_its_terminator_on_a_line_of_its_own() {
        let t = "[GameType \"20\"]\n[Result \"1-0\"]\n";
        assert_eq!(text(t), "[GameType \"20\"]\n[Result \"1-0\"]\n1-0\n");
    }

    #[test]
    fn the_inferred_gametype_goes_before_a_terminator_inserted_at_the_same_place() {
        // The event names the federation: International, not Frisian (whose start is the same).
        let t = "[Event \"KNDB\"]\n[FEN \"W:W31-50:B1-20\"]\n[Result \"*\"]\n";
        assert_eq!(
            text(t),
            "[Event \"KNDB\"]\n[FEN \"W:W31-50:B1-20\"]\n[Result \"*\"]\n[GameType \"20\"]\n*\n"
        );
    }

    #[test]
    fn an_ambiguous_capture_the_next_move_proves_gets_its_full_path() {
        // English: 31x15 takes 26 and 18 (by 22) or 27 and 19 (by 24); black's 19-24 is
        // legal only after the first.
        let t = "[GameType \"21\"]\n[FEN \"W:W31:B26,27,18,19\"]\n1. 31x15 19-24 *\n";
        let r = fix(t);
        let f = r[0].as_ref().expect("fixed");
        assert_eq!(f.repairs.len(), 1, "{f:?}");
        assert_eq!(f.repairs[0].codes, vec!["R309"]);
        assert_eq!(f.text, t.replace("31x15", "31x22x15"));
    }

    #[test]
    fn an_ambiguous_capture_the_record_does_not_prove_is_left_and_said() {
        let t = "[GameType \"21\"]\n[FEN \"W:W31:B26,27,18,19\"]\n1. 31x15 *\n";
        let r = fix(t);
        let f = r[0].as_ref().expect("fixed");
        assert_eq!(f.text, t);
        assert_eq!(f.declined.len(), 1);
        assert_eq!(f.declined[0].code, "R309");
    }

    #[test]
    fn a_game_with_an_error_is_left_as_it_was() {
        let r = fix("[GameType \"20\"]\n1. 32-28 19-23 2. 27X22 *\n");
        let e = r[0].as_ref().expect_err("untouched");
        assert_eq!(e.code, "R301");
    }

    #[test]
    fn the_inferred_gametype_is_added_after_the_last_tag() {
        // Squares above 32: a 10x10 board; the event names the federation, so International
        // rather than Frisian, which replays these moves alike.
        let t = "[Event \"FMJD\"]\n1. 33-28 18-23 *\n";
        let f = text(t);
        assert!(
            f.starts_with("[Event \"FMJD\"]\n[GameType \"20\"]\n1. 33-28"),
            "{f}"
        );
    }

    #[test]
    fn a_game_that_names_no_square_gets_no_gametype() {
        // The event names the federation; the second game, a forfeit, is read with the first
        // and says nothing of its numbering: it gets no tag, as `convert` gives it none.
        let t = "[Event \"FMJD\"]\n1. 33-28 18-23 *\n\n[Event \"FMJD\"]\n[Result \"1-0\"]\n1-0\n";
        let f = text(t);
        assert_eq!(
            f,
            "[Event \"FMJD\"]\n[GameType \"20\"]\n1. 33-28 18-23 *\n\n\
             [Event \"FMJD\"]\n[Result \"1-0\"]\n1-0\n"
        );
    }

    #[test]
    fn no_gametype_is_added_when_other_variants_replay_the_game_alike() {
        // 11-15 23-19 is a legal opening in every 8x8 variant where black moves first.
        let t = "[Event \"x\"]\n1. 11-15 23-19 *\n";
        let r = fix(t);
        let f = r[0].as_ref().expect("fixed");
        assert_eq!(f.text, t);
        assert_eq!(f.declined.len(), 1, "{f:?}");
        assert_eq!(f.declined[0].code, "G506");
    }
}
