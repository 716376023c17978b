//! Replaying the lines of one game: the main line and every variation.

use std::collections::HashMap;

use crate::board::bitboard::bit_square;
use crate::board::{Color, Piece, Role, Square};
use crate::lint::codes::replay::*;
use crate::lint::{ClipBuilder, Code, Diagnostic, MoveContext, Severity, clip};
use crate::notation::resolve::{
    ResolveError, matching, prefix_of, resolve, resolve_quick, resolve_squares, token_squares,
    write_move,
};
use crate::notation::{Layout, NotationKind, RawFen};
use crate::rules::{Ended, KingRuns, Move, Position};
use crate::source::Span;
use crate::syntax::{Element, Game, Line, Move as MoveToken, MoveNumber, ResultKind, SquareValue};

use super::verdict::{Voice, piece_role, resolve_diagnostic};
use super::{Legality, PlyEvent, Reading, RuleProfile, Selection};

/// The most move tokens one capture written one jump per move can take.
const MAX_JUMPS: usize = 24;

/// What replaying all lines of a game gave.
pub(super) struct LinesOutcome {
    pub diagnostics: Vec<Diagnostic>,
    pub plies: u32,
    pub complete: bool,
    pub final_position: Option<Position>,
    /// The result of a game whose main line ends with the side to move unable to move.
    pub decided: Option<Decided>,
    /// Where the main line stands at its end, for a replay of the game's next part.
    pub carry: Option<Carry>,
    /// Index into `diagnostics` of the one that stopped the main line (its last note says how
    /// much was left unchecked), and how many of the part's main-line moves were left.
    pub main_stop: Option<(usize, usize)>,
    /// Quiet moves written with `x` in the game so far.
    pub quiet_x_seen: usize,
}

/// Where the replay of one part of a long game left off, for the replay of the next part
/// (a game of millions of moves is replayed part by part, so its tree is never whole in
/// memory). Parts are cut before a move number of the main line, outside variations.
#[derive(Clone)]
pub(super) struct Carry {
    /// The main line's state at the end of the part.
    state: State,
    /// The state before the main line's last move: where a variation right after the cut
    /// starts.
    before_last: Option<State>,
    /// The main line's moves so far, and whether its move numbers were reported.
    line_ply: u32,
    numbers_reported: bool,
    foreign_reported: bool,
    colon_reported: bool,
    written: Layout,
    written_fixed: bool,
    /// Quiet moves written with `x` so far (the one R310 says how many more).
    pub quiet_x_seen: usize,
    offset: u32,
}

/// A result set against a final position in which the side to move has lost: judged by the
/// caller, who knows the file's result convention.
pub(super) struct Decided {
    /// The result as written, where, and what it says from the first player's side.
    pub raw: String,
    pub span: Span,
    pub outcome: Outcome,
    /// The side that lost by the variant's end rule, and why ("white cannot move").
    pub loser: Color,
    pub why: String,
    /// The final position, and the layout its squares are named in when it is drawn (only
    /// for a result that does not fit it).
    pub position: Position,
    pub written: Layout,
}

/// The replay state at one point of a line.
#[derive(Clone)]
struct State {
    pos: Position,
    /// Half-moves since the start of the game.
    ply: u32,
    /// Pieces the side to move may huff (they failed to capture on the move just played).
    huffable: Vec<Square>,
    /// Extra move tokens consumed by captures written one jump per move; the file's move
    /// numbers count them as half-moves.
    shift: u32,
    /// Each side's run of king moves (the Frisian limit).
    king_runs: KingRuns,
}

/// Replays every line of `game`; `listener` hears of each move as it is played.
pub(super) fn replay_lines<'l>(
    game: &Game,
    sel: &Selection,
    rules: RuleProfile,
    listener: Option<&'l mut dyn FnMut(&PlyEvent<'_>)>,
) -> LinesOutcome {
    replay_part(game, sel, rules, listener, None, true)
}

/// Replays one part of a long game: `game` holds the game's tags and the part's movetext
/// (and, in the last part, its terminator); `from` is where the previous part left off.
/// The end of the game (result, the count of quiet moves written with `x`) is judged in the
/// last part only.
pub(super) fn replay_part<'l>(
    game: &Game,
    sel: &Selection,
    rules: RuleProfile,
    listener: Option<&'l mut dyn FnMut(&PlyEvent<'_>)>,
    from: Option<Carry>,
    last: bool,
) -> LinesOutcome {
    replay_inner(game, sel, rules, listener, from, last, false).0
}

/// How far the main line of a game replays under a selection: what inference weighs the
/// candidates by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Probe {
    /// Half-moves of the main line played before its first rule error (all of them when it
    /// has none).
    pub plies: u32,
    /// The main line stopped at a rule error.
    pub failed: bool,
}

/// Replays the main line of `game` only as far as its first rule error, building no
/// diagnostic for it, message or board: variations, move numbers and the result are not
/// looked at.
pub(super) fn probe_main_line(game: &Game, sel: &Selection, rules: RuleProfile) -> Probe {
    let (out, failed) = replay_inner(game, sel, rules, None, None, true, true);
    Probe {
        plies: out.plies,
        failed,
    }
}

fn replay_inner<'l>(
    game: &Game,
    sel: &Selection,
    rules: RuleProfile,
    listener: Option<&'l mut dyn FnMut(&PlyEvent<'_>)>,
    from: Option<Carry>,
    last: bool,
    probe: bool,
) -> (LinesOutcome, bool) {
    let lines = game.lines();
    let mut start = sel.start.clone();
    if rules == RuleProfile::Polish1902 {
        start.set_capture_removal(crate::rules::CaptureRemoval::Immediate);
    }
    let mut initial = State {
        pos: start,
        ply: 0,
        huffable: Vec::new(),
        shift: 0,
        king_runs: KingRuns::default(),
    };
    // The main line's last move, whose state before it the next part may need.
    let last_main = lines.first().and_then(|l| {
        l.elements
            .iter()
            .rev()
            .find(|&&i| matches!(game.body[i], Element::Move(_) | Element::Ellipsis { .. }))
            .copied()
    });
    let mut shared = Shared {
        game,
        sel,
        rules,
        diagnostics: Vec::new(),
        before: HashMap::new(),
        // A probe replays no variation: no position before a move need be kept for one.
        targets: lines
            .iter()
            .filter_map(|l| l.replaces)
            .chain(last_main.filter(|_| !last))
            .filter(|_| !probe)
            .collect(),
        from_fen: game.tags.iter().any(|t| t.name == "FEN"),
        has_gametype: game.tags.iter().any(|t| t.name == "GameType"),
        foreign_reported: false,
        colon_reported: false,
        written: sel.layout,
        written_fixed: false,
        quiet_x_seen: 0,
        quiet_x_index: None,
        offset: if sel.start.side_to_move() == sel.first_to_move {
            0
        } else {
            1
        },
        listener,
        at: (0, 0, 0),
        main_line: (0, false),
        main_stop: None,
        probe,
        failed: false,
    };
    let mut before_last = None;
    if let Some(c) = from {
        initial = c.state;
        before_last = c.before_last;
        shared.main_line = (c.line_ply, c.numbers_reported);
        shared.foreign_reported = c.foreign_reported;
        shared.colon_reported = c.colon_reported;
        shared.written = c.written;
        shared.written_fixed = c.written_fixed;
        shared.quiet_x_seen = c.quiet_x_seen;
        shared.offset = c.offset;
    }
    let mut line_start: Vec<Option<State>> = Vec::with_capacity(lines.len());
    let mut main = None;
    for (index, line) in lines.iter().enumerate() {
        if probe && line.parent.is_some() {
            continue;
        }
        shared.at = (index, line.depth, 0);
        let state = match (line.parent, line.replaces) {
            (None, _) => Some(initial.clone()),
            (Some(_), Some(idx)) => shared.before.get(&idx).cloned(),
            // A variation before the part's first move replaces the previous part's last.
            (Some(0), None) if before_last.is_some() => before_last.clone(),
            (Some(p), None) => line_start.get(p).cloned().flatten(),
        };
        line_start.push(state.clone());
        // A variation whose parent line stopped before it branches off is not replayed; the
        // diagnostic that stopped the parent says so.
        let Some(state) = state else { continue };
        let r = shared.run(line, state);
        if line.parent.is_none() {
            main = Some(r);
        }
    }
    if last && !probe {
        shared.finish_separators();
    }
    let (plies, complete, final_position, decided, carry) = match main {
        Some((state, complete)) => {
            let decided = if last && !probe {
                shared.check_result(&state, complete)
            } else {
                None
            };
            let carry = (!last && complete).then(|| Carry {
                state: state.clone(),
                // A part with no move of the main line (variations only) hands on what it got.
                before_last: match last_main {
                    Some(i) => shared.before.get(&i).cloned(),
                    None => before_last.clone(),
                },
                line_ply: shared.main_line.0,
                numbers_reported: shared.main_line.1,
                foreign_reported: shared.foreign_reported,
                colon_reported: shared.colon_reported,
                written: shared.written,
                written_fixed: shared.written_fixed,
                quiet_x_seen: shared.quiet_x_seen,
                offset: shared.offset,
            });
            (state.ply, complete, Some(state.pos), decided, carry)
        }
        None => (0, false, None, None, None),
    };
    let failed = shared.failed;
    (
        LinesOutcome {
            diagnostics: shared.diagnostics,
            plies,
            complete,
            final_position,
            decided,
            carry,
            main_stop: shared.main_stop,
            quiet_x_seen: shared.quiet_x_seen,
        },
        failed,
    )
}

/// The note on the diagnostic that stops a line: how many of its moves are left unchecked.
pub(super) fn stop_note_text(rest: usize) -> String {
    if rest == 0 {
        "this is the end of the line".to_string()
    } else {
        format!(
            "the replay of this line stops here: the {rest} move(s) after it, and the variations branching from them, are not checked"
        )
    }
}

/// The note on the one R310 of a game: how many more quiet moves were written with `x`.
pub(super) fn quiet_x_note(more: usize) -> String {
    format!(
        "{more} more quiet move(s) in this game are written with a capture separator; only the first is reported"
    )
}

struct Shared<'g, 'l> {
    game: &'g Game,
    sel: &'g Selection,
    rules: RuleProfile,
    diagnostics: Vec<Diagnostic>,
    /// The state before each move (by body index) that a variation replaces.
    before: HashMap<usize, State>,
    /// The body indices of the moves that variations replace.
    targets: std::collections::HashSet<usize>,
    foreign_reported: bool,
    colon_reported: bool,
    /// The layout squares are written in, in messages and diagrams: the game's, in the notation
    /// its first move is written in (an English game in `c3-d4` squares under a numeric
    /// GameType is answered in algebraic squares).
    written: Layout,
    /// `written` follows the first move token already.
    written_fixed: bool,
    /// Quiet moves written with `x` so far, and where the one report of them is.
    quiet_x_seen: usize,
    quiet_x_index: Option<usize>,
    /// Half-moves before the game's first: 1 when it starts with the second player to move,
    /// or what the first move number of a game from a FEN says.
    offset: u32,
    /// The game starts from a FEN tag.
    from_fen: bool,
    /// The game has a GameType tag (which the reader judged the capture separators by).
    has_gametype: bool,
    /// Hears of each move played.
    listener: Option<&'l mut dyn FnMut(&PlyEvent<'_>)>,
    /// The line being replayed (index, depth) and the body index of the move being played.
    at: (usize, u32, usize),
    /// The main line's moves played and whether its move numbers were reported: where a part
    /// of a long game starts, and then where it ends.
    main_line: (u32, bool),
    /// Index into `diagnostics` of the one that stopped the main line, and the moves left.
    main_stop: Option<(usize, usize)>,
    /// Only how far the main line replays is wanted ([`probe_main_line`]): the line stops at
    /// its first rule error, and no diagnostic is built for it.
    probe: bool,
    /// In a probe, the main line stopped at a rule error.
    failed: bool,
}

/// How a move went.
enum Step {
    /// Applied; go on.
    Played,
    /// Applied, and this many of the following move tokens were part of it (a capture written
    /// one jump per move).
    PlayedMore(usize),
    /// Could not be applied: the line stops.
    Stop,
}

/// The move as written, as a message quotes it (a long capture cut, with its length).
fn token_text(m: &MoveToken) -> String {
    let mut s = ClipBuilder::default();
    for sq in m.squares.iter() {
        if let Some(sep) = sq.separator {
            s.push(sep.kind.as_char());
        }
        s.push_str(sq.raw.as_str());
    }
    s.finish()
}

impl<'g> Shared<'g, '_> {
    /// Tells the listener that `mv` is played from `state` by the move at `self.at`, written
    /// over `span` in `tokens` move token(s).
    #[allow(clippy::too_many_arguments)]
    fn emit(
        &mut self,
        state: &mut State,
        line_ply: u32,
        mv: &Move,
        span: Span,
        tokens: u32,
        legality: Legality,
        reading: Reading,
    ) {
        if let Some(l) = self.listener.as_mut() {
            let (line, depth, element) = self.at;
            l(&PlyEvent {
                line,
                depth,
                element,
                tokens,
                span,
                ply: state.ply,
                line_ply,
                before: &state.pos,
                mv,
                legality,
                reading,
            });
        }
        if let Some(b) = state.king_runs.record(&state.pos, mv) {
            let ctx = MoveContext {
                ply: line_ply,
                move_number: self.number_of(state).0,
                side: state.pos.side_to_move(),
                text: self.full(mv),
                variation_depth: self.at.1,
                expected: Vec::new(),
            };
            self.diagnostics.push(
                Diagnostic::new(
                    &R322,
                    span,
                    format!(
                        "{} is move {} in a row of the king from {} without a capture, while {} \
                     still has men: in {} a king may make at most {} such moves in a row",
                        self.full(mv),
                        b.moves,
                        self.name(b.from),
                        state.pos.side_to_move().as_str(),
                        self.sel.variant.title(),
                        b.limit
                    ),
                )
                .with_context(ctx),
            );
        }
    }

    /// How the findings about this game's moves name squares and moves.
    fn voice(&self) -> Voice<'_> {
        Voice {
            sel: self.sel,
            written: self.written,
        }
    }

    fn board(&self) -> crate::board::Board {
        self.voice().board()
    }

    fn name(&self, sq: Square) -> String {
        self.voice().name(sq)
    }

    fn names(&self, squares: &[Square]) -> String {
        self.voice().names(squares)
    }

    fn notate(&self, mv: &Move, legal: &[Move]) -> String {
        self.voice().notate(mv, legal)
    }

    fn full(&self, mv: &Move) -> String {
        self.voice().full(mv)
    }

    fn number_of(&self, state: &State) -> (u32, bool) {
        let p = state
            .ply
            .saturating_add(state.shift)
            .saturating_add(self.offset);
        (1 + p / 2, p % 2 == 1)
    }

    /// Anchors the numbering of a game from a FEN on the number its first move carries.
    fn anchor(&mut self, number: u32, second_player: bool) {
        self.offset = number
            .max(1)
            .saturating_sub(1)
            .saturating_mul(2)
            .saturating_add(u32::from(second_player));
    }

    /// Replays one line from `state`; returns the state at its end and whether it was played
    /// to the end.
    fn run(&mut self, line: &Line, state: State) -> (State, bool) {
        let main = line.parent.is_none();
        let (line_ply, numbers_reported) = if main { self.main_line } else { (0, false) };
        let mut reached = (line_ply, numbers_reported);
        let out = self.run_from(line, state, &mut reached);
        if main {
            self.main_line = reached;
        }
        out
    }

    /// Replays one line from `state`, `at` holding its moves played before and whether its
    /// move numbers were reported (and, at the end, where it got).
    fn run_from(&mut self, line: &Line, mut state: State, at: &mut (u32, bool)) -> (State, bool) {
        let mut pending: Option<&'g MoveNumber> = None;
        let (mut line_ply, mut numbers_reported) = *at;
        let mut k = 0;
        let elems = &line.elements;
        while k < elems.len() {
            let idx = elems[k];
            let game = self.game;
            match &game.body[idx] {
                Element::MoveNumber(mn) => pending = Some(mn),
                Element::Nag { .. } => {}
                Element::VariationStart { .. } | Element::VariationEnd { .. } => {}
                Element::Comment(c) => {
                    for cmd in &c.commands {
                        if cmd.name.eq_ignore_ascii_case("huff") {
                            self.huff_command(&mut state, &cmd.args, cmd.span);
                        }
                    }
                }
                Element::Setup(s) => {
                    if !self.setup(&mut state, s) {
                        self.failed = true;
                        self.stop_note(elems, k);
                        *at = (line_ply, numbers_reported);
                        return (state, false);
                    }
                }
                Element::Ellipsis { span } => {
                    if self.targets.contains(&idx) {
                        self.before.insert(idx, state.clone());
                    }
                    let numbered_first = pending.is_some_and(|n| !n.second_player);
                    if let Some(n) = pending.filter(|n| !n.second_player) {
                        if line.parent.is_none() && state.ply == 0 && self.from_fen {
                            // `31. ... 19-23` from a FEN: the first player's half of move 31
                            // came before the position.
                            self.anchor(n.number, true);
                        }
                    }
                    let (_, second) = self.number_of(&state);
                    if numbered_first && second {
                        // `1. ... 7-12`: the game starts with the second player; nothing to do.
                    } else {
                        let side = state.pos.side_to_move();
                        self.diagnostics.push(
                            Diagnostic::new(
                                &R315,
                                *span,
                                format!(
                                    "`...` stands for a move of {} that is not given; the turn passes to {}",
                                    side.as_str(),
                                    side.opponent().as_str()
                                ),
                            )
                            .with_context(self.context(&state, line, line_ply + 1, "...".into())),
                        );
                        state.pos.set_side_to_move(side.opponent());
                        // The turn passed: no huff is due any more.
                        state.huffable.clear();
                        state.ply += 1;
                        line_ply += 1;
                    }
                    pending = None;
                }
                Element::Move(m) => {
                    if self.targets.contains(&idx) {
                        self.before.insert(idx, state.clone());
                    }
                    line_ply += 1;
                    if let Some(mn) = pending.take() {
                        if line.parent.is_none() && state.ply == 0 && self.from_fen {
                            // A game from a position counts its moves from whatever number
                            // its first move has (`31.` to go on from a real game, `1.` for a
                            // problem whatever side moves): that number anchors the rest.
                            self.anchor(mn.number, mn.second_player);
                        } else if !numbers_reported && !self.probe {
                            numbers_reported = self.check_number(mn, &state, line, line_ply, m);
                        }
                    }
                    // Kept only in games with variations, for the tokens a capture written
                    // one jump per move consumes.
                    let pre = (!self.targets.is_empty()).then(|| state.clone());
                    self.at.2 = idx;
                    let found = self.diagnostics.len();
                    let ply_before = state.ply;
                    let mut step = match self.play_quick(&mut state, m) {
                        Some(step) => step,
                        None => self.play(&mut state, line, line_ply, m, &elems[k + 1..]),
                    };
                    if self.probe
                        && (matches!(step, Step::Stop)
                            || self.diagnostics[found..]
                                .iter()
                                .any(|d| d.severity == Severity::Error))
                    {
                        // The probe counts the half-moves played before the error.
                        state.ply = ply_before;
                        self.failed = true;
                        step = Step::Stop;
                    }
                    match step {
                        Step::Played => {}
                        Step::PlayedMore(n) => {
                            // Skip the move tokens that were part of this capture; a variation
                            // that replaces one of them starts where the capture started.
                            for _ in 0..n {
                                k += 1;
                                while k < elems.len()
                                    && !matches!(game.body[elems[k]], Element::Move(_))
                                {
                                    k += 1;
                                }
                                if let (Some(&i), Some(pre)) = (elems.get(k), &pre) {
                                    if self.targets.contains(&i) {
                                        self.before.insert(i, pre.clone());
                                    }
                                }
                            }
                            state.shift += n as u32;
                        }
                        Step::Stop => {
                            self.stop_note(elems, k);
                            *at = (line_ply, numbers_reported);
                            return (state, false);
                        }
                    }
                }
            }
            k += 1;
        }
        *at = (line_ply, numbers_reported);
        (state, true)
    }

    /// The move tokens among the line's elements `after`, as many as one capture can take.
    fn following(&self, after: &[usize]) -> Vec<&'g MoveToken> {
        let game = self.game;
        after
            .iter()
            .filter_map(|&i| match &game.body[i] {
                Element::Move(n) => Some(n),
                _ => None,
            })
            .take(MAX_JUMPS)
            .collect()
    }

    /// Adds to the last diagnostic how much of the line is left unchecked.
    fn stop_note(&mut self, elems: &[usize], k: usize) {
        let rest = elems[k + 1..]
            .iter()
            .filter(|&&i| matches!(self.game.body[i], Element::Move(_)))
            .count();
        if self.at.0 == 0 && !self.diagnostics.is_empty() {
            self.main_stop = Some((self.diagnostics.len() - 1, rest));
        }
        if let Some(d) = self.diagnostics.last_mut() {
            d.notes.push(stop_note_text(rest));
        }
    }

    fn context(&self, state: &State, line: &Line, line_ply: u32, text: String) -> MoveContext {
        let (move_number, _) = self.number_of(state);
        MoveContext {
            ply: line_ply,
            move_number,
            side: state.pos.side_to_move(),
            text,
            variation_depth: line.depth,
            expected: Vec::new(),
        }
    }

    /// Checks a move number against the move after it; true when it reported something.
    fn check_number(
        &mut self,
        mn: &MoveNumber,
        state: &State,
        line: &Line,
        line_ply: u32,
        m: &MoveToken,
    ) -> bool {
        let (number, second) = self.number_of(state);
        let d = if mn.number != number {
            // The reader keeps a number too long for 32 bits as u32::MAX.
            let written = if mn.number == u32::MAX {
                "is too large and".to_string()
            } else {
                mn.number.to_string()
            };
            Diagnostic::new(
                &R320,
                mn.span,
                format!(
                    "move number {written} does not fit: the move after it ({}'s) is move {number}{}",
                    state.pos.side_to_move().as_str(),
                    if second { "..." } else { "." }
                ),
            )
        } else if !mn.second_player && second {
            Diagnostic::new(
                &R321,
                mn.span,
                format!(
                    "`{}.` marks a move of the first player, but the move after it is the second player's ({}); write `{}...`",
                    mn.number,
                    state.pos.side_to_move().as_str(),
                    mn.number
                ),
            )
        } else if mn.second_player && !second {
            Diagnostic::new(
                &R321,
                mn.span,
                format!(
                    "`{}...` marks a move of the second player, but the move after it is the first player's ({})",
                    mn.number,
                    state.pos.side_to_move().as_str()
                ),
            )
        } else {
            return false;
        };
        let ctx = self.context(state, line, line_ply, token_text(m));
        self.diagnostics.push(d.with_context(ctx).with_note(
            "later move numbers of this line are not checked, so one slip is reported once",
        ));
        true
    }

    /// Reads and plays a move the quick path left (see [`Shared::play_quick`]): every
    /// reading, error and repair.
    #[inline(never)]
    fn play(
        &mut self,
        state: &mut State,
        line: &Line,
        line_ply: u32,
        m: &MoveToken,
        after: &[usize],
    ) -> Step {
        let huffable = std::mem::take(&mut state.huffable);
        let side = state.pos.side_to_move();
        let board = self.board();
        let layout = self.sel.layout;
        // The context is only built on the paths that report something.
        let context = |s: &Self, st: &State| s.context(st, line, line_ply, token_text(m));

        // A finding about the game's first move names squares as it is written too.
        self.fix_written(m);
        let mut result = match resolve(m, &state.pos, &layout) {
            // A probe wants to know only that the line stops here: no diagnostic is built for
            // an error the rules make (a capture written one jump per move, a reading to
            // choose or, under huffing rules, a huff still go the full way).
            Err(ref e)
                if self.probe
                    && !matches!(
                        e,
                        ResolveError::Ambiguous { .. }
                            | ResolveError::ShortAmbiguous { .. }
                            | ResolveError::StoppedEarly { .. }
                    )
                    && !self.rules.huffing() =>
            {
                return Step::Stop;
            }
            Err(e @ (ResolveError::OffBoard(_) | ResolveError::ShortNoPiece { .. })) => {
                let d = resolve_diagnostic(&self.voice(), &e, &state.pos, m, context(self, state));
                self.diagnostics.push(d);
                return Step::Stop;
            }
            Err(ResolveError::ShortAmbiguous { file, pieces, rest }) => {
                let with = |from: Square| {
                    let mut w = Vec::with_capacity(rest.len() + 1);
                    w.push(from);
                    w.extend_from_slice(&rest);
                    w
                };
                // Prefer the reading after which the next recorded move is legal.
                let next = self
                    .following(after)
                    .first()
                    .copied()
                    .and_then(|n| token_squares(n, &layout).ok());
                let all: Vec<Move> = state
                    .pos
                    .quiet_moves()
                    .iter()
                    .chain(state.pos.all_captures().iter())
                    .cloned()
                    .collect();
                let pick = next
                    .and_then(|nw| {
                        pieces.iter().position(|&from| {
                            let w = with(from);
                            matching(board, &w, &all).first().is_some_and(|mv| {
                                let mut p2 = state.pos.clone();
                                p2.play(mv);
                                !matching(board, &nw, &p2.legal_moves()).is_empty()
                            })
                        })
                    })
                    .unwrap_or(0);
                let e = ResolveError::ShortAmbiguous {
                    file,
                    pieces: pieces.clone(),
                    rest: rest.clone(),
                };
                let mut d =
                    resolve_diagnostic(&self.voice(), &e, &state.pos, m, context(self, state));
                d.notes.push(format!(
                    "read as the {} on {}",
                    piece_role(&state.pos, pieces[pick]),
                    self.name(pieces[pick])
                ));
                self.diagnostics.push(d);
                resolve_squares(&with(pieces[pick]), m.is_capture(), &state.pos)
            }
            r => r,
        };
        self.read_token(m);

        // A huff that the record does not show: the move is legal only without a huffable piece.
        if result.as_ref().is_err_and(ResolveError::matches_nothing) {
            for &h in &huffable {
                let mut p2 = state.pos.clone();
                p2.set_piece(h, None);
                let again = resolve(m, &p2, &layout);
                if matches!(again, Ok(_) | Err(ResolveError::Ambiguous { .. })) {
                    let ctx = context(self, state);
                    self.diagnostics.push(
                        Diagnostic::new(
                            &H403,
                            m.span,
                            format!(
                                "{} is legal only if the {} piece on {} is huffed first: huff inferred",
                                ctx.text,
                                side.opponent().as_str(),
                                self.name(h)
                            ),
                        )
                        .with_context(ctx),
                    );
                    state.pos = p2;
                    result = again;
                    break;
                }
            }
        }

        let (chosen, reading) = match result {
            Ok(r) => (r.mv, Reading::Unique),
            Err(ResolveError::Ambiguous { candidates }) => {
                // Prefer the reading after which the next recorded move is legal.
                let next = self
                    .following(after)
                    .first()
                    .copied()
                    .and_then(|n| token_squares(n, &layout).ok());
                let fits: Vec<bool> = candidates
                    .iter()
                    .map(|c| {
                        next.as_ref().is_some_and(|nw| {
                            let mut p2 = state.pos.clone();
                            p2.play(c);
                            !matching(board, nw, &p2.legal_moves()).is_empty()
                        })
                    })
                    .collect();
                let pick = fits.iter().position(|&f| f).unwrap_or(0);
                let reading = Reading::Chosen {
                    candidates: candidates.len() as u32,
                    proven: fits.iter().filter(|&&f| f).count() == 1,
                };
                let chosen = candidates[pick].clone();
                let e = ResolveError::Ambiguous { candidates };
                let mut d =
                    resolve_diagnostic(&self.voice(), &e, &state.pos, m, context(self, state));
                d.notes.push(format!("read as {}", self.full(&chosen)));
                self.diagnostics.push(d);
                (chosen, reading)
            }
            Err(e) => return self.unresolved(state, e, m, context(self, state), after),
        };
        if let Some(code) = separator_mismatch(m, &chosen) {
            let ctx = context(self, state);
            self.report_separator(code, m, &chosen, ctx);
        }
        self.emit(
            state,
            line_ply,
            &chosen,
            m.span,
            1,
            Legality::Legal,
            reading,
        );
        state.pos.play(&chosen);
        state.ply += 1;
        Step::Played
    }

    /// What is judged of a move token read as a legal move or not, before it is played: its
    /// notation against the GameType's, a `:` outside Russian notation, and, at the first
    /// move, the notation messages name squares in.
    fn read_token(&mut self, m: &MoveToken) {
        self.check_foreign(m);
        self.check_colon(m);
        self.fix_written(m);
    }

    /// At the game's first move token: messages and diagrams name squares in the notation it
    /// is written in (Russian short notation, `cd4`, is algebraic).
    fn fix_written(&mut self, m: &MoveToken) {
        if !self.written_fixed {
            self.written_fixed = true;
            if let Some(kind) = m.squares.first().map(|s| match s.value {
                SquareValue::Algebraic { .. } | SquareValue::File { .. } => NotationKind::Algebraic,
                SquareValue::Numeric(_) => NotationKind::Numeric,
            }) {
                self.written.kind = kind;
            }
        }
    }

    /// The quick path of [`Shared::play`], for the move of most tokens: two squares that name
    /// one legal move (looked up without building the legal moves), with nothing to report
    /// but a quiet move written with `x` after the game's first (which is only counted). It
    /// plays the move as the full path would, with the same findings; `None`, with nothing
    /// changed, leaves the move to the full path (no listener is told of moves here).
    fn play_quick(&mut self, state: &mut State, m: &MoveToken) -> Option<Step> {
        if self.listener.is_some() || !state.huffable.is_empty() {
            return None;
        }
        let c = resolve_quick(m, &state.pos, &self.sel.layout)?;
        let count_quiet_x = match separator_mismatch_of(m, c.is_capture()) {
            None => false,
            Some(code) if code == &R310 && self.quiet_x_seen > 0 => true,
            Some(_) => return None,
        };
        let mut runs = state.king_runs;
        if state.pos.variant().rules().king_move_limit.is_some() {
            let board = self.board();
            let from = bit_square(board, c.from.trailing_zeros())?;
            let to = bit_square(board, c.to.trailing_zeros())?;
            if runs
                .record_squares(&state.pos, from, to, c.is_capture())
                .is_some()
            {
                return None;
            }
        }
        self.read_token(m);
        if count_quiet_x {
            self.quiet_x_seen += 1;
        }
        state.king_runs = runs;
        state.pos.play_compact(&c);
        state.ply += 1;
        Some(Step::Played)
    }

    /// The move names no legal move: report why, and apply it when the record can still be
    /// followed.
    fn unresolved(
        &mut self,
        state: &mut State,
        e: ResolveError,
        m: &MoveToken,
        ctx: MoveContext,
        after: &[usize],
    ) -> Step {
        let line_ply = ctx.ply;
        let side = ctx.side;
        match &e {
            ResolveError::MissedCapture { played, captures } => {
                let d = resolve_diagnostic(&self.voice(), &e, &state.pos, m, ctx);
                let takers: Vec<Square> = dedup(captures.iter().map(|c| c.from));
                let q = played;
                self.emit(
                    state,
                    line_ply,
                    q,
                    m.span,
                    1,
                    Legality::Applied,
                    Reading::Unique,
                );
                state.pos.play(q);
                state.ply += 1;
                let moved: Vec<Square> = takers
                    .iter()
                    .map(|&s| if s == q.from { q.to } else { s })
                    .collect();
                self.offence(state, d, side, moved);
                Step::Played
            }
            ResolveError::CaptureChoice { played: c, .. } => {
                let d = resolve_diagnostic(&self.voice(), &e, &state.pos, m, ctx);
                self.emit(
                    state,
                    line_ply,
                    c,
                    m.span,
                    1,
                    Legality::Applied,
                    Reading::Unique,
                );
                state.pos.play(c);
                state.ply += 1;
                self.offence(state, d, side, vec![c.to]);
                Step::Played
            }
            ResolveError::StoppedEarly {
                partial, written, ..
            } => {
                // A multi-capture written one jump at a time, or a capture that stops early.
                let rest = self.following(after);
                let legal = state.pos.legal_moves();
                let all = state.pos.all_captures();
                if let Some((c, used)) = self.join_jumps(written, &rest, &legal, &all) {
                    let span = m.span.join(rest[used - 1].span);
                    let parts: Vec<String> = std::iter::once(ctx.text.clone())
                        .chain(rest[..used].iter().map(|n| token_text(n)))
                        .collect();
                    self.diagnostics.push(
                        Diagnostic::new(
                            &R313,
                            span,
                            format!(
                                "{} is one capture written as {} moves; PDN 3.0 writes {}",
                                parts.join(" "),
                                used + 1,
                                self.notate(&c, &legal)
                            ),
                        )
                        .with_context(ctx),
                    );
                    self.emit(
                        state,
                        line_ply,
                        &c,
                        span,
                        used as u32 + 1,
                        Legality::Legal,
                        Reading::Unique,
                    );
                    state.pos.play(&c);
                    state.ply += 1;
                    return Step::PlayedMore(used);
                }
                let d = resolve_diagnostic(&self.voice(), &e, &state.pos, m, ctx);
                let Some(piece) = state.pos.piece_at(partial.from) else {
                    // The error was found with a piece on the start square.
                    self.diagnostics.push(d);
                    return Step::Stop;
                };
                self.emit(
                    state,
                    line_ply,
                    partial,
                    m.span,
                    1,
                    Legality::Applied,
                    Reading::Unique,
                );
                apply_partial(&mut state.pos, partial, piece);
                state.ply += 1;
                self.offence(state, d, side, vec![partial.to]);
                Step::Played
            }
            _ => {
                let d = resolve_diagnostic(&self.voice(), &e, &state.pos, m, ctx);
                self.diagnostics.push(d);
                Step::Stop
            }
        }
    }

    /// Joins the following move tokens onto `written` while they go on from where it stops and
    /// stay on the path of a capture; returns the legal capture they make together and how
    /// many tokens were used.
    fn join_jumps(
        &self,
        written: &[Square],
        rest: &[&MoveToken],
        legal: &[Move],
        all: &[Move],
    ) -> Option<(Move, usize)> {
        let board = self.board();
        let mut joined = written.to_vec();
        for (used, n) in rest.iter().enumerate() {
            let nw = token_squares(n, &self.sel.layout).ok()?;
            if nw.len() < 2 || Some(&nw[0]) != joined.last() {
                return None;
            }
            joined.extend_from_slice(&nw[1..]);
            if let Some(c) = matching(board, &joined, legal).first() {
                return Some(((*c).clone(), used + 1));
            }
            prefix_of(board, &joined, all)?;
        }
        None
    }

    /// Reports a missed, short or unfinished capture of `color` that was applied. Under huffing
    /// rules it is one H401 warning that names the offence and the pieces that may be huffed,
    /// and those pieces become huffable.
    fn offence(&mut self, state: &mut State, d: Diagnostic, color: Color, huffable: Vec<Square>) {
        let mut d = d;
        if self.rules.huffing() {
            let list = self.names(&huffable);
            d = Diagnostic {
                code: H401.code,
                severity: H401.severity,
                kind: H401.kind,
                message: format!(
                    "{}; under huffing rules {} may huff the {} piece(s) on {list} before moving",
                    d.message,
                    color.opponent().as_str(),
                    color.as_str()
                ),
                ..d
            };
            state.huffable = huffable;
        }
        self.diagnostics.push(d);
    }

    fn report_separator(
        &mut self,
        code: &'static Code,
        m: &MoveToken,
        mv: &Move,
        ctx: MoveContext,
    ) {
        let quiet_with_x = code == &R310;
        if quiet_with_x && self.quiet_x_seen > 0 {
            // Reported once per game: some archives write every move of an exchange with `x`.
            self.quiet_x_seen += 1;
            return;
        }
        let span = m
            .squares
            .iter()
            .find_map(|s| s.separator.map(|x| x.span))
            .unwrap_or(m.span);
        let msg = if quiet_with_x {
            format!(
                "{} takes nothing but is written with a capture separator",
                ctx.text
            )
        } else {
            format!(
                "{} is a capture but is written with `-`; write {}",
                ctx.text,
                write_move(
                    &self.written,
                    mv,
                    self.sel.variant.capture_separator(),
                    false
                )
            )
        };
        if quiet_with_x {
            self.quiet_x_seen = 1;
            self.quiet_x_index = Some(self.diagnostics.len());
        }
        self.diagnostics
            .push(Diagnostic::new(code, span, msg).with_context(ctx));
    }

    /// Adds to the one R310 of the game how many more quiet moves were written with `x`.
    fn finish_separators(&mut self) {
        if let (Some(i), n) = (self.quiet_x_index, self.quiet_x_seen) {
            if n > 1 {
                if let Some(d) = self.diagnostics.get_mut(i) {
                    d.notes.push(quiet_x_note(n - 1));
                }
            }
        }
    }

    /// `:` separates captures in Russian notation only. The reader judges it when a GameType
    /// says the variant; otherwise the replay does, once per game.
    fn check_colon(&mut self, m: &MoveToken) {
        if self.colon_reported || self.sel.variant.capture_separator() == ':' || self.has_gametype {
            return;
        }
        let colon = m.squares.iter().find_map(|s| {
            s.separator
                .filter(|x| x.kind == crate::syntax::SeparatorKind::Colon)
                .map(|x| x.span)
        });
        if let Some(span) = colon {
            self.colon_reported = true;
            self.diagnostics.push(Diagnostic::new(
                &crate::lint::codes::syntax::N206,
                span,
                format!(
                    "`:` as capture separator; PDN writes `x` in {}",
                    self.sel.variant.title()
                ),
            ));
        }
    }

    fn check_foreign(&mut self, m: &MoveToken) {
        if self.foreign_reported || !self.sel.declared_notation {
            return;
        }
        let algebraic = m.squares.iter().any(|s| {
            matches!(
                s.value,
                SquareValue::Algebraic { .. } | SquareValue::File { .. }
            )
        });
        let expect_alg = self.sel.layout.kind == NotationKind::Algebraic;
        if algebraic != expect_alg {
            self.foreign_reported = true;
            self.diagnostics.push(Diagnostic::new(
                &R314,
                m.span,
                format!(
                    "{} is written in {} notation, but the game's GameType asks for {} squares",
                    token_text(m),
                    if algebraic { "algebraic" } else { "numeric" },
                    if expect_alg { "algebraic" } else { "numeric" }
                ),
            ));
        }
    }

    /// A setup command: the position changes. Returns false when it cannot be read.
    fn setup(&mut self, state: &mut State, s: &crate::syntax::Setup) -> bool {
        let layout = self.sel.layout;
        let parsed = match &s.fen {
            None => Err(format!("setup command `/{}/` holds no FEN", clip(&s.raw))),
            Some(f) => RawFen::parse(f)
                .and_then(|raw| raw.resolve(&layout))
                .map_err(|e| e.message()),
        };
        let fen = match parsed {
            Ok(f) => f,
            Err(msg) => {
                self.diagnostics.push(Diagnostic::new(&G505, s.span, msg));
                return false;
            }
        };
        let mut p = Position::empty(
            self.sel.variant,
            fen.turn.unwrap_or(state.pos.side_to_move()),
        );
        p.set_capture_removal(state.pos.capture_removal());
        for (sq, piece) in &fen.pieces {
            p.set_piece(*sq, Some(*piece));
        }
        if let Err(e) = p.validate() {
            self.diagnostics
                .push(Diagnostic::new(&G512, s.span, e.to_string()));
        }
        let huffable = std::mem::take(&mut state.huffable);
        for &h in &huffable {
            let mut q = state.pos.clone();
            q.set_piece(h, None);
            if same_pieces(&q, &p) {
                self.diagnostics.push(Diagnostic::new(
                    &H402,
                    s.span,
                    format!(
                        "the setup removes the huffable piece on {}: a huff",
                        self.name(h)
                    ),
                ));
                break;
            }
        }
        state.pos = p;
        true
    }

    fn huff_command(&mut self, state: &mut State, args: &str, span: Span) {
        let sq = self.sel.layout.parse(args.trim());
        match sq {
            Some(sq) if state.huffable.contains(&sq) => {
                state.pos.set_piece(sq, None);
                state.huffable.clear();
                self.diagnostics.push(Diagnostic::new(
                    &H402,
                    span,
                    format!("huff: the piece on {} is removed", self.name(sq)),
                ));
            }
            _ => {
                let why = if !self.rules.huffing() {
                    "huffs belong to the old rules; pass --rules huffing to follow them".to_string()
                } else if state.huffable.is_empty() {
                    "no capture was missed on the move before".to_string()
                } else {
                    format!(
                        "the pieces that may be huffed are on {}",
                        self.names(&state.huffable)
                    )
                };
                self.diagnostics.push(
                    Diagnostic::new(
                        &H404,
                        span,
                        format!("`[%huff {}]` names no huffable piece", clip(args.trim())),
                    )
                    .with_note(why),
                );
            }
        }
    }

    /// The terminator against the Result tag; and, when the side to move cannot move at the
    /// end, the result for the caller to judge against the final position.
    fn check_result(&mut self, end: &State, complete: bool) -> Option<Decided> {
        let game = self.game;
        let tag = game.tags.iter().find(|t| t.name == "Result");
        let term = game
            .result
            .as_ref()
            .filter(|r| r.kind != ResultKind::Unknown);
        if let (Some(t), Some(r)) = (tag, term) {
            let (a, b) = (outcome(&t.value), outcome(&r.raw));
            if a != Outcome::Unknown && a != b {
                self.diagnostics.push(
                    Diagnostic::new(
                        &G502,
                        r.span,
                        format!(
                            "the game ends with {} but its Result tag says {}",
                            clip(&r.raw),
                            clip(&t.value)
                        ),
                    )
                    .with_label(t.value_span, "the Result tag"),
                );
            }
        }
        if !complete || end.ply == 0 {
            return None;
        }
        let (raw, span, o) = match (term, tag) {
            (Some(r), _) if outcome(&r.raw) != Outcome::Unknown => {
                (r.raw.clone(), r.span, outcome(&r.raw))
            }
            (_, Some(t)) if outcome(&t.value) != Outcome::Unknown => {
                (t.value.clone(), t.value_span, outcome(&t.value))
            }
            _ => return None,
        };
        let Ended { loser, why } = end.pos.ended()?;
        Some(Decided {
            raw,
            span,
            outcome: o,
            loser,
            why,
            position: end.pos.clone(),
            written: self.written,
        })
    }
}

/// The separator finding for a move written as `m` and read as `mv`, if any: `x` on a quiet
/// move, or only `-` on a capture. Separator-less moves (`a3b4`) have none.
fn separator_mismatch(m: &MoveToken, mv: &Move) -> Option<&'static Code> {
    separator_mismatch_of(m, mv.is_capture())
}

/// [`separator_mismatch`] for a move that captures or not (`capture`).
fn separator_mismatch_of(m: &MoveToken, capture_move: bool) -> Option<&'static Code> {
    let mut any = false;
    let mut capture = false;
    for s in m.squares.iter() {
        if let Some(x) = s.separator {
            any = true;
            capture |= x.kind.is_capture();
        }
    }
    match (any, capture_move, capture) {
        (true, false, true) => Some(&R310),
        // A path of more than two squares written with `-` (`29-18-27`) is the reader's N214
        // already: the same cause is not reported twice.
        (true, true, false) if m.squares.len() <= 2 => Some(&R311),
        _ => None,
    }
}

/// A result, from the first player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    FirstWins,
    SecondWins,
    Draw,
    BothLose,
    Unknown,
}

/// What a result says, written as PDN writes it or with a colon (`1:0`).
fn outcome(text: &str) -> Outcome {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if t == "½-½" {
        return Outcome::Draw;
    }
    match ResultKind::read(&t) {
        Some(ResultKind::Win1 | ResultKind::Win2) => Outcome::FirstWins,
        Some(ResultKind::Loss1 | ResultKind::Loss2) => Outcome::SecondWins,
        Some(ResultKind::Draw1 | ResultKind::Draw2) => Outcome::Draw,
        Some(ResultKind::DoubleForfeit) => Outcome::BothLose,
        _ => Outcome::Unknown,
    }
}

fn dedup(it: impl Iterator<Item = Square>) -> Vec<Square> {
    let mut v: Vec<Square> = Vec::new();
    for s in it {
        if !v.contains(&s) {
            v.push(s);
        }
    }
    v
}

fn same_pieces(a: &Position, b: &Position) -> bool {
    a.pieces().eq(b.pieces())
}

/// Plays the first part of a capture by hand: the piece moves, the pieces it took leave, a man
/// that stops on its promotion row is crowned.
fn apply_partial(pos: &mut Position, mv: &Move, piece: Piece) {
    let board = pos.board();
    pos.set_piece(mv.from, None);
    for &c in &mv.captured {
        pos.set_piece(c, None);
    }
    let role = if piece.role == Role::Man && board.is_promotion_square(mv.to, piece.color) {
        Role::King
    } else {
        piece.role
    };
    pos.set_piece(mv.to, Some(Piece { role, ..piece }));
    pos.set_side_to_move(piece.color.opponent());
}
