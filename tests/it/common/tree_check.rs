//! A reference check for the tests: every game read whole into a syntax tree, then replayed
//! from the tree. The check itself reads and replays each game as it streams, part by part;
//! this is the simplest way to the same findings, against which the check is compared.

use std::io::Read;
use std::sync::Arc;

use pdnkit::check::{
    CheckOptions, CheckedGame, FileTotals, MAX_DIAGNOSTICS_PER_GAME, SURVEY_BYTES,
};
use pdnkit::lint::codes::file::F007;
use pdnkit::lint::{Diagnostic, Kind, Severity};
use pdnkit::replay::{AsWritten, FileContext, FileHead, Survey, WrittenAgain, replay_game};
use pdnkit::source::{Span, TextDecoder};
use pdnkit::syntax::{Game, GameReader, ReadOptions};

/// A file's start, read into trees.
struct Head {
    bytes: Vec<u8>,
    whole: bool,
    encoding: Option<&'static encoding_rs::Encoding>,
    read: ReadOptions,
}

impl FileHead for Head {
    fn games(&self, add: &mut dyn FnMut(Game, AsWritten)) {
        let mut reader =
            GameReader::new(decoder(&self.bytes[..], self.encoding), self.read.clone());
        let mut last: Option<(Game, AsWritten)> = None;
        let mut written = WrittenAgain::default();
        while let Ok(Some(chunk)) = reader.next_chunk() {
            if let Some((g, shares)) = last.take() {
                add(g, shares);
            }
            // A game with a GameType that has no move in its main line and no FEN declares
            // nothing, as the check's own start leaves it out.
            let syntax_error = chunk.diagnostics.iter().any(|d| d.code.starts_with('S'));
            let how = chunk
                .game
                .as_ref()
                .map(|g| written.game(&chunk, g, syntax_error));
            last = chunk
                .game
                .filter(|g| {
                    Survey::wants(&g.tags)
                        || g.main_line_moves().next().is_some()
                        || g.tag("FEN").is_some()
                })
                .zip(how);
        }
        if let Some((g, shares)) = last.filter(|_| self.whole) {
            add(g, shares);
        }
    }
}

fn decoder<R: Read>(input: R, encoding: Option<&'static encoding_rs::Encoding>) -> TextDecoder<R> {
    match encoding {
        Some(e) => TextDecoder::with_encoding(input, e),
        None => TextDecoder::new(input),
    }
}

/// Findings a strict reading turns into errors (`--strict`).
fn strict_kind(k: Kind) -> bool {
    matches!(k, Kind::NonStandard | Kind::Separator | Kind::AmbiguousMove)
}

/// Keeps a game's first diagnostics, as many as the check keeps, and counts the rest in one
/// F007.
fn cap(diagnostics: &mut Vec<Diagnostic>, totals: &mut FileTotals) {
    if diagnostics.len() <= MAX_DIAGNOSTICS_PER_GAME {
        return;
    }
    let rest = diagnostics.split_off(MAX_DIAGNOSTICS_PER_GAME);
    let errors = rest
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let warnings = rest
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    let at = Span::point(diagnostics.last().map_or(0, |d| d.span.end));
    let note = Diagnostic::new(
        &F007,
        at,
        format!(
            "{} more diagnostics in this game ({errors} errors, {warnings} warnings) are \
             counted in the totals but not shown: at most {MAX_DIAGNOSTICS_PER_GAME} are kept \
             per game",
            rest.len()
        ),
    );
    totals.count(&note);
    totals.unshown += rest.len();
    diagnostics.push(note);
}

/// Checks `text` game by game from whole trees: the games, each with its diagnostics in
/// source order, and the totals.
pub fn tree_check(text: &[u8], options: &CheckOptions) -> (Vec<CheckedGame>, FileTotals) {
    let mut ctx = if options.syntax_only || options.replay.variant.is_some() {
        FileContext::default()
    } else {
        let head = &text[..text.len().min(SURVEY_BYTES)];
        FileContext::with_head(Arc::new(Head {
            bytes: head.to_vec(),
            whole: head.len() < SURVEY_BYTES,
            encoding: options.encoding,
            read: options.read.clone(),
        }))
    };
    let mut reader = GameReader::new(decoder(text, options.encoding), options.read.clone());
    let mut totals = FileTotals::default();
    let mut games = Vec::new();
    while let Some(mut chunk) = reader.next_chunk().expect("in memory") {
        options.levels.retain_dialects(&mut chunk.dialects);
        totals.bytes += chunk.text.len();
        let mut diagnostics: Vec<Diagnostic> = std::mem::take(&mut chunk.diagnostics);
        let mut report = None;
        if let Some(game) = &chunk.game {
            totals.games += 1;
            if !options.syntax_only {
                let mut r = replay_game(game, &options.replay, &mut ctx);
                match r.variant {
                    Some(v) => *totals.variants.entry(v).or_default() += 1,
                    None => totals.unreplayed += 1,
                }
                totals.plies += r.plies as u64;
                if let Some(g) = &r.guess {
                    totals.guessed += 1;
                    totals.add_guess(g, 1);
                }
                for mut d in std::mem::take(&mut r.diagnostics) {
                    if options.read.strict && d.severity != Severity::Error && strict_kind(d.kind) {
                        d.severity = Severity::Error;
                    }
                    diagnostics.push(d);
                }
                report = Some(r);
            }
        }
        options.levels.apply(&mut diagnostics);
        diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
        for d in &diagnostics {
            totals.count(d);
        }
        cap(&mut diagnostics, &mut totals);
        games.push(CheckedGame {
            chunk,
            report,
            diagnostics,
            parted: false,
            header: None,
            too_long: None,
            tags_left_out: 0,
            spilled: None,
        });
    }
    totals.decoding = reader.decoding();
    totals.white_score_first = ctx.white_score_first();
    (games, totals)
}
