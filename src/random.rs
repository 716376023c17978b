//! Games made by random legal play, written as PDN: large, varied and valid inputs for
//! benchmarks and tests, in every variant and both notations.
//!
//! Output is a function of the options alone: the same seed gives the same bytes on every
//! machine and every version of the dependencies, which is why the random numbers come from a
//! fixed SplitMix64 sequence of this module rather than from a general-purpose generator.

use std::fmt::Write as _;
use std::io;

use crate::board::Color;
use crate::notation::resolve::write_move_in;
use crate::notation::{Layout, NotationKind};
use crate::rules::{KingRuns, Move, Position, Variant};

/// What to generate.
#[derive(Clone, Debug)]
pub struct GenOptions {
    /// The variant played.
    pub variant: Variant,
    /// How many games.
    pub games: usize,
    /// The seed: the same seed gives the same games.
    pub seed: u64,
    /// The notation written; `None` for the variant's standard one.
    pub notation: Option<NotationKind>,
    /// The longest game, in plies (half-moves). Each game's length is drawn between a quarter
    /// of it and all of it, unless a side runs out of moves first.
    pub max_plies: u32,
}

impl GenOptions {
    /// `games` games of `variant` from `seed`, in the standard notation, up to 200 plies each.
    pub fn new(variant: Variant, games: usize, seed: u64) -> GenOptions {
        GenOptions {
            variant,
            games,
            seed,
            notation: None,
            max_plies: 200,
        }
    }
}

/// What the generated games hold, counted while they were played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GenStats {
    /// Games written.
    pub games: usize,
    /// Plies of all games.
    pub plies: u64,
    /// Captures played.
    pub captures: u64,
    /// Captures that took more than one piece.
    pub multi_captures: u64,
    /// Men crowned.
    pub promotions: u64,
    /// Games that end by the variant's end rule (a decided result).
    pub decided: usize,
}

/// SplitMix64: a small, fixed, well-mixed sequence of 64-bit numbers.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: u64) -> u64 {
        // The remainder's bias is below 2^-40 for the small ranges used here.
        self.next() % n
    }
}

/// The GameType tag value of `variant` written in `layout`: the bare number when the layout is
/// the variant's standard one, else the full form with the notation letter and corner digit.
pub fn gametype_value(variant: Variant, layout: &Layout) -> String {
    if *layout == Layout::standard(variant) {
        return variant.gametype().to_string();
    }
    let first = variant.rules().first_to_move;
    let (letter, corner) = match layout.kind {
        NotationKind::Numeric => ('N', layout.numeric_corner.digit(first)),
        NotationKind::Algebraic => ('A', layout.algebraic_corner.digit(first)),
    };
    let size = layout.board.size();
    format!(
        "{},{},{size},{size},{letter}{corner},{}",
        variant.gametype(),
        if first == Color::White { 'W' } else { 'B' },
        u8::from(layout.inverted)
    )
}

/// The result text when `loser` has lost by the variant's end rule, or of an unfinished game (`None`): a draw
/// or `*`. Scores count from the side that moves first; 10x10 and 12x12 games score two points.
fn result_text(variant: Variant, loser: Option<Color>, rng: &mut SplitMix) -> &'static str {
    let two = variant.board().size() >= 10;
    let first = variant.rules().first_to_move;
    match loser {
        Some(l) if l == first => {
            if two {
                "0-2"
            } else {
                "0-1"
            }
        }
        Some(_) => {
            if two {
                "2-0"
            } else {
                "1-0"
            }
        }
        None if rng.below(2) == 0 => "*",
        None if two => "1-1",
        None => "1/2-1/2",
    }
}

/// Appends `word` to the movetext, breaking lines before 80 columns.
fn push_word(out: &mut String, col: &mut usize, word: &str) {
    if *col > 0 && *col + 1 + word.len() > 79 {
        out.push('\n');
        *col = 0;
    } else if *col > 0 {
        out.push(' ');
        *col += 1;
    }
    out.push_str(word);
    *col += word.len();
}

/// Writes the games `options` ask for to `out`, one game at a time (memory stays flat for any
/// number of games), and counts what they hold.
pub fn generate<W: io::Write>(options: &GenOptions, writer: &mut W) -> io::Result<GenStats> {
    let variant = options.variant;
    let mut layout = Layout::standard(variant);
    if let Some(kind) = options.notation {
        layout.kind = kind;
    }
    let gametype = gametype_value(variant, &layout);
    let separator = variant.capture_separator();
    let mut stats = GenStats::default();
    let max = options.max_plies.max(1);
    let mut text = String::new();
    for index in 0..options.games {
        text.clear();
        let out = &mut text;
        // Each game has its own sequence, so game N is the same whatever the number of games.
        let mut rng = SplitMix(options.seed ^ (index as u64).wrapping_mul(0xA24B_AED4_963E_E407));
        let target = max / 4 + rng.below(u64::from(max - max / 4) + 1) as u32;
        let mut pos = Position::start(variant);
        let mut moves = Vec::new();
        let mut loser = None;
        let mut runs = KingRuns::default();
        loop {
            // Each variant's own end rule: no move left, or (Breakthrough) a first king.
            if let Some(end) = pos.ended() {
                loser = Some(end.loser);
                break;
            }
            if moves.len() >= target as usize {
                break;
            }
            let legal = pos.legal_moves();
            // The moves the history allows too (Frisian: no fourth king move in a row); when
            // it allows none, the game stops there, undecided.
            let allowed: Vec<&Move> = legal
                .iter()
                .filter(|m| {
                    let mut after = runs;
                    after.record(&pos, m).is_none()
                })
                .collect();
            if allowed.is_empty() {
                break;
            }
            let Some(&mv) = allowed.get(rng.below(allowed.len() as u64) as usize) else {
                break;
            };
            runs.record(&pos, mv);
            moves.push(write_move_in(&layout, mv, &legal, separator));
            if !mv.captured.is_empty() {
                stats.captures += 1;
                if mv.captured.len() > 1 {
                    stats.multi_captures += 1;
                }
            }
            if mv.promotes {
                stats.promotions += 1;
            }
            pos.play(mv);
        }
        if loser.is_some() {
            stats.decided += 1;
        }
        let result = result_text(variant, loser, &mut rng);
        let _ = write!(
            out,
            "[Event \"Random legal play, seed {}\"]\n[Round \"{}\"]\n[White \"random\"]\n\
             [Black \"random\"]\n[Result \"{result}\"]\n[GameType \"{gametype}\"]\n\n",
            options.seed,
            index + 1
        );
        let mut col = 0;
        for (ply, text) in moves.iter().enumerate() {
            if ply % 2 == 0 {
                // A move number stays on the line of its move.
                push_word(out, &mut col, &format!("{}. {text}", ply / 2 + 1));
            } else {
                push_word(out, &mut col, text);
            }
        }
        push_word(out, &mut col, result);
        out.push_str("\n\n");
        writer.write_all(text.as_bytes())?;
        stats.games += 1;
        stats.plies += moves.len() as u64;
    }
    Ok(stats)
}
