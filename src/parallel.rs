//! Checking one large file on several threads, with the same results as one thread.
//!
//! A file's check is sequential by design: the reader carries what the file already reported
//! (its dialects, whether a game or an error was seen, unreadable text left open), the replay
//! carries the variants inferred and the file's result convention ([`FileContext`]), and spans
//! and lines count from the start of the file. [`check_stream_parallel`] decodes the file on
//! the calling thread and cuts the text into blocks of about [`ParallelOptions::segment`]
//! bytes, each cut at a line that starts a tag after a line that does not (where games
//! usually start). Each block is checked on the thread pool from its own place in the file
//! (offsets and lines are known exactly, as the text before it was decoded), with the state
//! of the chunks before it taken as the last one known for sure, and the next block as
//! look-ahead, so the game that ends the block is read as in the whole file.
//!
//! The blocks' results are taken in file order, and a block's are kept only if the chunks
//! before it ended exactly at its start and left the state it assumed (compared by
//! [`ReaderState::reads_alike`] and `FileContext`'s equality, which leave out what cannot
//! change a finding); otherwise the block is checked again, from where the chunks before it
//! really ended, with their real state. A game longer than a block's look-ahead, or a file
//! whose decoding had something to say (bytes replaced, binary content), is read on one
//! thread from there to the end. Memory holds a few blocks: those in flight, bounded by
//! [`ParallelOptions::in_flight`], and their results.

use std::collections::VecDeque;
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, sync_channel};

use crate::check::{CheckOptions, CheckedGame, FileTotals, check_part};
use crate::replay::FileContext;
use crate::source::{Decoding, TextDecoder};
use crate::syntax::{GameReader, ReaderPlace, ReaderState};

/// How a file is cut for [`check_stream_parallel`].
#[derive(Clone, Copy, Debug)]
pub struct ParallelOptions {
    /// Bytes of text per block, about (a block ends at the first likely game start after
    /// this many bytes). The first block is an eighth of this, so that the state most blocks
    /// start from is known soon.
    pub segment: usize,
    /// Blocks checked or waiting to be taken at most at one time.
    pub in_flight: usize,
}

impl Default for ParallelOptions {
    fn default() -> Self {
        ParallelOptions {
            segment: DEFAULT_SEGMENT,
            in_flight: rayon::current_num_threads() + 2,
        }
    }
}

/// The default block size: large enough that the look-ahead and the cut cost little, small
/// enough that a few blocks in flight keep memory low.
pub const DEFAULT_SEGMENT: usize = 1 << 20;

/// A block is cut after this many likely game starts, before its size is reached: the games
/// of a block are held until it is taken, so with short games a block of the full size would
/// hold tens of thousands of them.
const BLOCK_GAMES: usize = 512;

/// A block without a likely game start within this many segment sizes ends the cutting: the
/// rest of the file is read on one thread.
const MAX_BLOCK_SEGMENTS: usize = 4;

/// A piece of the decoded file, cut where a game likely starts.
struct Block {
    text: Arc<str>,
    place: ReaderPlace,
}

impl Block {
    fn end(&self) -> usize {
        self.place.offset + self.text.len()
    }
}

/// What the chunks before a place left: the reader's state and the replay's context.
#[derive(Clone, Default)]
struct State {
    reader: ReaderState,
    ctx: FileContext,
}

/// One block's check.
struct Outcome {
    games: Vec<CheckedGame>,
    totals: FileTotals,
    state: State,
    /// Where the block's last chunk ended.
    end: ReaderPlace,
    /// A chunk ran past the look-ahead: the block's results are not used.
    overran: bool,
}

/// A block sent to the pool.
struct Pending {
    /// The index of its block.
    block: usize,
    assumed: State,
    rx: Receiver<Outcome>,
}

/// Checks `text` (the file's text from `place`, after chunks that left `state`) up to the
/// first chunk that starts at or after `stop_at`; `file_end` says the text ends the file.
#[allow(clippy::too_many_arguments)]
fn check_text(
    text: String,
    file_end: bool,
    decoding: Option<Decoding>,
    options: &CheckOptions,
    place: ReaderPlace,
    state: State,
    stop_at: usize,
    cancelled: &AtomicBool,
) -> Outcome {
    let mut reader = GameReader::over_text(
        text,
        file_end,
        decoding,
        options.read.clone(),
        place,
        state.reader,
    );
    let mut ctx = state.ctx;
    let mut totals = FileTotals::default();
    let mut games = Vec::new();
    let result = check_part(&mut reader, &mut ctx, &mut totals, options, stop_at, |g| {
        games.push(g);
        if cancelled.load(Ordering::Relaxed) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    Outcome {
        games,
        totals,
        state: State {
            reader: reader.state(),
            ctx,
        },
        end: reader.place(),
        overran: result.is_err(),
    }
}

/// Where a block may end if byte `p` of `text` starts a game: `p` starts a line that starts
/// with `[`, and the last line before it with anything but blanks does not end with `]` (a
/// tag after movetext or a result, not after another tag: where a game's header likely
/// starts); or, in files whose games have no tags, `p` starts a line that starts with a move
/// number, after a blank line after a line that ends with a result. The block ends at the end
/// of that last line, where the reader ends the game before (the blank lines between two games
/// are read with the second).
fn likely_game_start(b: &[u8], p: usize) -> Option<usize> {
    if p == 0 || !matches!(b[p - 1], b'\n' | b'\r') {
        return None;
    }
    let tag = match b.get(p) {
        Some(b'[') => true,
        Some(c) if c.is_ascii_digit() => false,
        _ => return None,
    };
    let mut q = p;
    while q > 0 && b[q - 1].is_ascii_whitespace() {
        q -= 1;
    }
    if q == 0 || b[q - 1] == b']' {
        return None;
    }
    let after_result =
        || numbered_line(&b[p..]) && ends_with_result(&b[..q]) && blank_line(&b[q..p]);
    if !tag && !after_result() {
        return None;
    }
    while matches!(b[q], b' ' | b'\t' | 0x0b | 0x0c) {
        q += 1;
    }
    Some(match (b[q], b.get(q + 1)) {
        (b'\r', Some(b'\n')) => q + 2,
        _ => q + 1,
    })
}

/// `line` starts with a move number: digits, then a dot.
fn numbered_line(line: &[u8]) -> bool {
    let digits = line.iter().take_while(|c| c.is_ascii_digit()).count();
    digits > 0 && line.get(digits) == Some(&b'.')
}

/// `text` ends with a game result, as a word of its own.
fn ends_with_result(text: &[u8]) -> bool {
    ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"]
        .iter()
        .any(|r| {
            text.ends_with(r.as_bytes())
                && text
                    .len()
                    .checked_sub(r.len() + 1)
                    .is_none_or(|k| text[k].is_ascii_whitespace())
        })
}

/// `gap` (blanks only) holds a blank line: two line breaks.
fn blank_line(gap: &[u8]) -> bool {
    let lf = gap.iter().filter(|&&c| c == b'\n').count();
    let cr = gap.iter().filter(|&&c| c == b'\r').count();
    lf.max(cr) >= 2
}

/// The next place at or after `i` that may start a game: a `[`, or a line's first byte.
fn next_candidate(b: &[u8], i: usize) -> Option<usize> {
    let k = b[i..]
        .iter()
        .position(|&c| matches!(c, b'[' | b'\n' | b'\r'))?
        + i;
    Some(if b[k] == b'[' { k } else { k + 1 })
}

/// The ends of blocks at the likely game starts at or after `from` in `b`, in order.
fn cuts(b: &[u8], from: usize) -> impl Iterator<Item = usize> + '_ {
    let mut i = from.max(1);
    std::iter::from_fn(move || {
        while i < b.len() {
            let k = next_candidate(b, i)?;
            i = k + 1;
            if let Some(cut) = likely_game_start(b, k) {
                return Some(cut);
            }
        }
        None
    })
}

/// The end of a block at the first likely game start at or after `from` in `text`.
fn find_cut(text: &str, from: usize) -> Option<usize> {
    cuts(text.as_bytes(), from).next()
}

/// The end of a block after its `games`-th likely game start, if that comes before byte
/// `before` of `text`: a block of many short games is cut sooner, so that the results a block
/// holds stay few whatever the games' length.
fn nth_cut(text: &str, before: usize, games: usize) -> Option<usize> {
    let b = &text.as_bytes()[..before.min(text.len())];
    cuts(b, 1).nth(games.checked_sub(1)?)
}

/// The column after `text` when it starts at column `column`, as the reader counts it.
fn next_column(text: &str, column: u32) -> u32 {
    match text.rfind(['\n', '\r']) {
        Some(k) => text[k + 1..].chars().count() as u32 + 1,
        None => column + text.chars().count() as u32,
    }
}

/// Line breaks as the reader counts them (LF, CRLF, lone CR).
fn count_breaks(text: &str) -> u32 {
    let b = text.as_bytes();
    let mut n = 0u32;
    for (i, &c) in b.iter().enumerate() {
        if c == b'\n' || (c == b'\r' && b.get(i + 1) != Some(&b'\n')) {
            n += 1;
        }
    }
    n
}

/// The decoded text not yet cut into blocks, and the decoder that goes on after it.
struct Cutter<R: Read> {
    decoder: TextDecoder<R>,
    /// Decoded text from `place` on.
    window: String,
    place: ReaderPlace,
    /// The decoder has nothing more.
    eof: bool,
    /// No more blocks are cut: the decoder had something to say, or no likely game start
    /// came in time. The rest is read on one thread.
    stopped: bool,
    segment: usize,
    blocks_cut: usize,
}

impl<R: Read> Cutter<R> {
    /// The next block, or `None` once the file is cut to its end or cutting stopped.
    fn next_block(&mut self) -> io::Result<Option<Block>> {
        if self.stopped {
            return Ok(None);
        }
        let target = if self.blocks_cut == 0 {
            (self.segment / 8).max(1)
        } else {
            self.segment
        };
        let mut searched = target;
        loop {
            if self.window.len() > target {
                if searched == target {
                    if let Some(cut) = nth_cut(&self.window, target, BLOCK_GAMES) {
                        return Ok(Some(self.cut(cut)));
                    }
                }
                if let Some(cut) = find_cut(&self.window, searched) {
                    if cut > 0 {
                        return Ok(Some(self.cut(cut)));
                    }
                }
                searched = self.window.len();
            }
            if self.eof {
                if self.window.is_empty() && self.blocks_cut > 0 {
                    return Ok(None);
                }
                if self.window.len() > target {
                    // No likely game start in the rest: as one block, its games, however
                    // many, would all be held until it is taken. It is read on one thread.
                    self.stopped = true;
                    return Ok(None);
                }
                let len = self.window.len();
                return Ok(Some(self.cut(len)));
            }
            if self.window.len() > MAX_BLOCK_SEGMENTS * self.segment {
                self.stopped = true;
                return Ok(None);
            }
            let more = self.decoder.read_block(&mut self.window)?;
            if !more {
                self.eof = true;
            }
            if self.decoder.has_events() {
                self.stopped = true;
                return Ok(None);
            }
        }
    }

    fn cut(&mut self, at: usize) -> Block {
        let rest = self.window.split_off(at);
        let text = std::mem::replace(&mut self.window, rest);
        let place = self.place;
        self.place = ReaderPlace {
            offset: place.offset + text.len(),
            line: place.line + count_breaks(&text),
            column: next_column(&text, place.column),
        };
        self.blocks_cut += 1;
        Block {
            text: text.into(),
            place,
        }
    }
}

/// Checks one stream as [`crate::check::check_stream_with`] does (the same games, diagnostics and totals, handed to `visit` in
/// the same order), cutting the text into blocks checked on the current rayon pool (or the
/// global one). `visit` is called on the calling thread.
pub fn check_stream_parallel<R: Read>(
    input: R,
    options: &CheckOptions,
    parallel: &ParallelOptions,
    mut visit: impl FnMut(CheckedGame) -> ControlFlow<()>,
) -> io::Result<FileTotals> {
    let (ctx, input) = crate::check::surveyed(input, options)?;
    let decoder = match options.encoding {
        Some(e) => TextDecoder::with_encoding(input, e),
        None => TextDecoder::new(input),
    };
    let mut cutter = Cutter {
        decoder,
        window: String::new(),
        place: ReaderPlace::START,
        eof: false,
        stopped: false,
        segment: parallel.segment.max(1),
        blocks_cut: 0,
    };
    // The blocks are spawned on their own, not in a scope: a scope's end waits for its tasks
    // and may meanwhile run any other task of the pool, such as another file's job, which can
    // wait for this file to be printed (see `cli/batch.rs`) while this file waits under it.
    let cancelled = Arc::new(AtomicBool::new(false));
    let shared = Arc::new(options.clone());
    let mut run = Run {
        blocks: VecDeque::new(),
        first_block: 0,
        place: ReaderPlace::START,
        state: State {
            reader: ReaderState::default(),
            ctx,
        },
        totals: FileTotals::default(),
        stopped: false,
        one_thread: false,
    };
    let in_flight = parallel.in_flight.max(1);
    let result: io::Result<()> = (|| {
        let mut pending: VecDeque<Pending> = VecDeque::new();
        // The index of the next block to send.
        let mut next = 0usize;
        let mut blocks_done = false;
        let mut processed = 0usize;
        loop {
            if run.stopped || run.one_thread {
                break;
            }
            // Read ahead: block `next` is sent once the block after it (its look-ahead) is
            // cut or the file is cut to its end. Until the first block is taken, no other
            // is sent, so that they start from its state.
            let room = pending.len() < in_flight && (processed > 0 || next == 0);
            if room && !blocks_done && run.first_block + run.blocks.len() < next + 2 {
                match cutter.next_block()? {
                    Some(b) => run.blocks.push_back(b),
                    None => blocks_done = true,
                }
                continue;
            }
            if room && next < run.first_block + run.blocks.len() {
                let has_next = next + 1 < run.first_block + run.blocks.len();
                let file_end = !has_next && blocks_done && !cutter.stopped;
                if has_next || file_end {
                    let block = &run.blocks[next - run.first_block];
                    let (body, place) = (Arc::clone(&block.text), block.place);
                    let look_ahead = has_next.then(|| {
                        let la = &run.blocks[next + 1 - run.first_block];
                        (Arc::clone(&la.text), la.place.offset)
                    });
                    let (tx, rx) = sync_channel(1);
                    let assumed = run.state.clone();
                    let state = assumed.clone();
                    let decoding = cutter.decoder.decoding();
                    let cancelled = Arc::clone(&cancelled);
                    let options = Arc::clone(&shared);
                    rayon::spawn(move || {
                        // The text is copied when the block is checked, not while it waits.
                        let la_len = look_ahead.as_ref().map_or(0, |(t, _)| t.len());
                        let mut text = String::with_capacity(body.len() + la_len);
                        text.push_str(&body);
                        drop(body);
                        let stop_at = match look_ahead {
                            Some((t, at)) => {
                                text.push_str(&t);
                                at
                            }
                            None => usize::MAX,
                        };
                        let o = check_text(
                            text, file_end, decoding, &options, place, state, stop_at, &cancelled,
                        );
                        let _ = tx.send(o);
                    });
                    pending.push_back(Pending {
                        block: next,
                        assumed,
                        rx,
                    });
                    next += 1;
                    continue;
                }
            }
            let Some(front) = pending.front() else {
                // Nothing in flight and nothing more to send: the blocks are all checked.
                break;
            };
            let outcome = match front.rx.try_recv() {
                Ok(o) => o,
                Err(_) => {
                    // Check a block of this file's while the front one is checked elsewhere.
                    if rayon::yield_local() == Some(rayon::Yield::Executed) {
                        continue;
                    }
                    match front.rx.recv() {
                        Ok(o) => o,
                        Err(_) => return Err(io::Error::other("a block's check was lost")),
                    }
                }
            };
            let Some(front) = pending.pop_front() else {
                break;
            };
            processed += 1;
            run.take(
                front.block,
                front.assumed,
                outcome,
                options,
                cutter.decoder.decoding(),
                blocks_done && !cutter.stopped,
                &cancelled,
                &mut visit,
            );
        }
        Ok(())
    })();
    // Leaving early (stopped, or an error) lets the blocks in flight end soon.
    cancelled.store(true, Ordering::Relaxed);
    result?;
    if !run.stopped && (cutter.stopped || run.one_thread) {
        // The rest of the file, on this thread, from where the blocks' chunks ended.
        let mut text = String::new();
        for b in &run.blocks {
            if b.end() > run.place.offset {
                let from = run.place.offset.saturating_sub(b.place.offset);
                text.push_str(&b.text[from..]);
            }
        }
        run.blocks.clear();
        text.push_str(&cutter.window);
        cutter.window = String::new();
        let mut reader = GameReader::resume(
            cutter.decoder,
            options.read.clone(),
            text,
            run.place,
            run.state.reader,
        );
        check_part(
            &mut reader,
            &mut run.state.ctx,
            &mut run.totals,
            options,
            usize::MAX,
            visit,
        )?;
        run.totals.decoding = reader.decoding();
    } else {
        run.totals.decoding = cutter.decoder.decoding();
    }
    run.totals.white_score_first = run.state.ctx.white_score_first();
    Ok(run.totals)
}

/// The blocks taken so far: where their chunks ended and with what state.
struct Run {
    /// The blocks not yet checked for sure, from `first_block` on.
    blocks: VecDeque<Block>,
    first_block: usize,
    /// Where the chunks taken so far ended.
    place: ReaderPlace,
    /// What they left.
    state: State,
    totals: FileTotals,
    /// `visit` asked to stop.
    stopped: bool,
    /// A chunk ran past a block's look-ahead: the rest of the file is read on one thread.
    one_thread: bool,
}

impl Run {
    /// Takes block `index`'s outcome, checked from the state `assumed`: its games are handed
    /// to `visit` if the chunks before it ended at its start and left that state; otherwise
    /// the block is checked again from where they ended, with their state. A block whose
    /// last chunk ran past its look-ahead stops the cutting: the rest is read on one thread.
    #[allow(clippy::too_many_arguments)]
    fn take(
        &mut self,
        index: usize,
        assumed: State,
        outcome: Outcome,
        options: &CheckOptions,
        decoding: Option<Decoding>,
        cut_to_end: bool,
        cancelled: &AtomicBool,
        visit: &mut impl FnMut(CheckedGame) -> ControlFlow<()>,
    ) {
        // Blocks before this one are no longer needed: the chunks taken ended within it
        // or later.
        while self.first_block < index {
            self.blocks.pop_front();
            self.first_block += 1;
        }
        if self.stopped {
            return;
        }
        let (block_place, block_end) = match self.blocks.front() {
            Some(b) => (b.place, b.end()),
            None => return,
        };
        let exact = self.place == block_place
            && self.state.reader.reads_alike(&assumed.reader)
            && self.state.ctx == assumed.ctx;
        let outcome = if exact {
            outcome
        } else if self.place.offset >= block_end {
            // The chunks before took the whole block.
            return;
        } else if self.place.offset < block_place.offset {
            // Cannot happen (a block whose chunk overran stops the cutting), but never read a
            // place twice.
            self.stop_cutting();
            return;
        } else {
            drop(outcome);
            let from = self.place.offset - block_place.offset;
            let block = &self.blocks[0];
            let mut text = String::with_capacity(block.text.len() * 2);
            text.push_str(&block.text[from..]);
            let (stop_at, file_end) = match self.blocks.get(1) {
                Some(la) => {
                    text.push_str(&la.text);
                    (la.place.offset, false)
                }
                None => (usize::MAX, cut_to_end),
            };
            check_text(
                text,
                file_end,
                decoding,
                options,
                self.place,
                self.state.clone(),
                stop_at,
                cancelled,
            )
        };
        if outcome.overran {
            self.stop_cutting();
            return;
        }
        // The block's games were numbered from the count it assumed.
        let assumed_games = if exact {
            assumed.reader.games()
        } else {
            self.state.reader.games()
        };
        let shift = self.state.reader.games() as isize - assumed_games as isize;
        for mut g in outcome.games {
            if let Some(i) = g.chunk.index.as_mut() {
                *i = i.saturating_add_signed(shift);
            }
            if visit(g).is_break() {
                self.stopped = true;
                break;
            }
        }
        let mut state = outcome.state;
        state.reader.shift_games(shift);
        self.state = state;
        self.place = outcome.end;
        self.totals += &outcome.totals;
    }

    /// The rest of the file, from the current place on, is read on one thread.
    fn stop_cutting(&mut self) {
        self.one_thread = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_stream_with;
    use std::path::Path;

    fn streaming() -> CheckOptions {
        CheckOptions {
            retain: crate::check::Retain::Findings,
            ..CheckOptions::default()
        }
    }

    /// Every game as one thread checks it, then as blocks of `segment` bytes do, compared
    /// whole (text, place, index, report, diagnostics), and the totals.
    fn assert_same(text: &[u8], segment: usize, options: &CheckOptions) {
        let mut one = Vec::new();
        let t1 = check_stream_with(text, options, |g| {
            one.push(format!("{g:?}"));
            ControlFlow::Continue(())
        })
        .unwrap();
        let mut many = Vec::new();
        let parallel = ParallelOptions {
            segment,
            in_flight: 3,
        };
        let t2 = check_stream_parallel(text, options, &parallel, |g| {
            many.push(format!("{g:?}"));
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(one.len(), many.len(), "segment {segment}");
        for (a, b) in one.iter().zip(&many) {
            assert_eq!(a, b, "segment {segment}");
        }
        assert_eq!(t1, t2, "segment {segment}");
    }

    fn corpus(dir: &Path, out: &mut Vec<u8>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                corpus(&p, out);
            } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pdn")) {
                out.extend(std::fs::read(&p).unwrap());
                out.extend(b"\n\n");
            }
        }
    }

    /// An English game whose final position shows White's score first (G514): the games
    /// after it follow that convention.
    const WHITE_FIRST: &str = "[GameType \"21\"]\n[FEN \"W:W18:B14\"]\n1. 18x9 1-0\n\n";

    #[test]
    fn corpus_files_joined_are_checked_alike_in_blocks_of_any_size() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut text = Vec::new();
        // Mixed variants, dialects reported once per file, untagged games whose variant is
        // inferred, and a result convention learnt halfway.
        corpus(&root.join("corpus"), &mut text);
        text.extend(WHITE_FIRST.repeat(3).as_bytes());
        corpus(&root.join("tests/fixtures/dialects"), &mut text);
        text.extend(WHITE_FIRST.as_bytes());
        for segment in [1 << 10, 5000, 64 << 10, 1 << 20] {
            assert_same(&text, segment, &streaming());
        }
        let syntax_only = CheckOptions {
            syntax_only: true,
            ..streaming()
        };
        assert_same(&text, 3000, &syntax_only);
    }

    /// Games whose comments and variations hold lines that start with `[` after movetext:
    /// a block cut there is checked as if a game started there, and must be checked again.
    const TRAPS: &str = "[Event \"A\"]\n1. 32-28 19-23 {a note that goes on\nand quotes \
        another game:\n[Event \"B\"] 1. 33-29 *\n} 2. 28x19 14x23 1-0\n\n[Event \"C\"]\n\
        1. 32-28 (1. 33-29 19-23\n[Event \"D\"] 2. 29-24) 19-23 2. 28x19 14x23 0-1\n\n\
        1. 32-28 19-23 {a comment ending on its own line\n} 2. 28x19 14x23 *\n";

    #[test]
    fn a_cut_inside_a_comment_is_found_and_checked_again() {
        let text = TRAPS.repeat(12);
        // The cut rule does take the `[` line inside the comment for a game start.
        let inside = text.find("[Event \"B\"]").unwrap();
        let cut = find_cut(&text, inside).unwrap();
        let open = text[..cut].rfind('{').unwrap();
        assert!(text[open..cut].find('}').is_none(), "cut at {cut}");
        for segment in (16..600).step_by(7) {
            assert_same(text.as_bytes(), segment, &streaming());
        }
    }

    #[test]
    fn decoding_findings_are_reported_where_one_thread_reports_them() {
        let game = |event: &[u8]| {
            let mut g = b"[Event \"".to_vec();
            g.extend(event);
            g.extend(b"\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n");
            g
        };
        let many = |event: &[u8], n: usize| game(event).repeat(n);
        // Windows-1252 from the start (F003 on the first game).
        let latin = [many(b"Caf\xe9", 3000), TRAPS.as_bytes().to_vec()].concat();
        // UTF-8 for the first megabyte, then bytes replaced (F004), then binary (F002): the
        // rest of the file is read on one thread from the block before.
        let sniffed = many(b"x", 1 << 20 >> 6);
        let replaced = [sniffed.clone(), many(b"\xff", 2), many(b"y", 300)].concat();
        let binary = [sniffed, many(b"\x00", 1), many(b"z", 10)].concat();
        for segment in [4000, 100_000] {
            assert_same(&latin, segment, &streaming());
        }
        // The reader's findings are the point: the moves need not be replayed.
        let syntax_only = CheckOptions {
            syntax_only: true,
            ..streaming()
        };
        for text in [replaced, binary] {
            assert_same(&text, 100_000, &syntax_only);
        }
    }

    #[test]
    fn game_starts_are_lines_of_tags_after_movetext() {
        let t = "1. 32-28 *\n\n[Event \"x\"]\n[Site \"y\"]\n1. 33-29 *\r\n[FEN \"W:W18:B14\"] *\n";
        let b = t.as_bytes();
        let cuts: Vec<usize> = (0..b.len())
            .filter_map(|p| likely_game_start(b, p))
            .collect();
        // After the first game's line, after the second's (CRLF), not between two tags.
        assert_eq!(cuts, [11, t.find("[FEN").unwrap()]);
    }

    #[test]
    fn game_starts_without_tags_are_numbered_lines_after_a_result_and_a_blank_line() {
        let t = "1. 32-28 *\n\n1. 33-29 1-0\n2. 34-30\n\n\r\n1. 31-26 2-0\r\n\r\n1. 35-30 1-1\n\n\
                 1. 31-27 21-1\n\n1. x\n";
        let b = t.as_bytes();
        let cuts: Vec<usize> = (0..b.len())
            .filter_map(|p| likely_game_start(b, p))
            .collect();
        // After `*` and a blank line; not after a line ending with a move, nor before a line
        // that holds no move number, nor after `21-1` (a move, not a result).
        let after = |s: &str| t.find(s).unwrap() + s.len() + 1;
        assert_eq!(cuts, [after("*"), after("2-0\r"), after("1-1")]);
    }
}
