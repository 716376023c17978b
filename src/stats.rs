//! Statistics over whole collections: games per variant, results under each variant's scoring,
//! game lengths, openings, players, events, sites, years and diagnostics per code and kind.
//!
//! A [`FileStats`] takes the checked games of one file one at a time ([`FileStats::add`]) and
//! becomes a [`Stats`] when the file is over ([`FileStats::finish`]): only then is the file's
//! result convention known (whether `1-0` gives the first mover's score first, as PDN says, or
//! White's, as many English and American files do; the replay decides it from the final
//! positions, G514), so results are kept as written until then. [`Stats`] merge with `+=`.
//! Players, events, sites and openings are counted in [`Tally`]s, which hold a bounded number
//! of bytes in memory and the rest in sorted temporary files, so memory stays bounded however
//! many distinct names a collection holds; what else is counted is bounded by its nature
//! (variants, codes, ballots, years, and game lengths, of which a collection can only hold as
//! many distinct ones as the square root of twice its moves). A player keeps at most
//! [`SPELLINGS`] spellings of the name.

use std::collections::BTreeMap;
use std::io;
use std::ops::AddAssign;

use serde::Serialize;

use crate::ballots::{ballot_of, main_line_key};
use crate::board::Color;
use crate::check::{CheckedGame, FileTotals};
use crate::lint::{Diagnostic, Severity};
use crate::rules::Variant;
use crate::syntax::{Game, ResultKind};
use crate::tally::{Count, Tally, get_str, get_u64, put_str, put_u64};

/// Plies of the main line an opening is named by, unless asked otherwise.
pub const DEFAULT_OPENING_PLIES: usize = 4;

/// The key under which games that were not replayed are counted in [`Stats::variants`].
pub const NOT_REPLAYED: &str = "not replayed";

/// How a result is written, before the file's convention says which side it credits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Written {
    /// `1-0`, `2-0`: the first score is the win.
    pub first: u64,
    /// `0-1`, `0-2`.
    pub second: u64,
    /// `1/2-1/2`, `1-1`.
    pub draw: u64,
    /// `*` or no result.
    pub unfinished: u64,
    /// `0-0` and other scores.
    pub other: u64,
}

impl Written {
    fn fields(&self) -> [u64; 5] {
        [
            self.first,
            self.second,
            self.draw,
            self.unfinished,
            self.other,
        ]
    }

    pub(crate) fn absorb(&mut self, o: &Written) {
        self.first += o.first;
        self.second += o.second;
        self.draw += o.draw;
        self.unfinished += o.unfinished;
        self.other += o.other;
    }

    fn encode(&self, out: &mut Vec<u8>) {
        for n in self.fields() {
            put_u64(out, n);
        }
    }

    fn decode(input: &mut &[u8]) -> Option<Self> {
        Some(Written {
            first: get_u64(input)?,
            second: get_u64(input)?,
            draw: get_u64(input)?,
            unfinished: get_u64(input)?,
            other: get_u64(input)?,
        })
    }

    pub(crate) fn add(&mut self, kind: Option<ResultKind>) {
        match kind {
            Some(ResultKind::Win1 | ResultKind::Win2) => self.first += 1,
            Some(ResultKind::Loss1 | ResultKind::Loss2) => self.second += 1,
            Some(ResultKind::Draw1 | ResultKind::Draw2) => self.draw += 1,
            None | Some(ResultKind::Unknown) => self.unfinished += 1,
            Some(ResultKind::DoubleForfeit | ResultKind::Other) => self.other += 1,
        }
    }
}

/// Results once the side each score credits is known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Results {
    /// Won by White.
    pub white_wins: u64,
    /// Won by Black.
    pub black_wins: u64,
    /// Drawn.
    pub draws: u64,
    /// `*` or no result.
    pub unfinished: u64,
    /// `0-0` and scores that are neither a win nor a draw.
    pub other: u64,
}

impl Results {
    /// Every game counted.
    pub fn total(&self) -> u64 {
        self.white_wins + self.black_wins + self.draws + self.unfinished + self.other
    }

    pub(crate) fn add_written(&mut self, w: &Written, first_is_white: bool) {
        let (white, black) = if first_is_white {
            (w.first, w.second)
        } else {
            (w.second, w.first)
        };
        self.white_wins += white;
        self.black_wins += black;
        self.draws += w.draw;
        self.unfinished += w.unfinished;
        self.other += w.other;
    }

    pub(crate) fn merge(&mut self, o: &Results) {
        self.white_wins += o.white_wins;
        self.black_wins += o.black_wins;
        self.draws += o.draws;
        self.unfinished += o.unfinished;
        self.other += o.other;
    }
}

/// The games of one variant.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct VariantStats {
    /// Games replayed as this variant (or not replayed, under [`NOT_REPLAYED`]).
    pub games: u64,
    /// Of which the variant was declared (GameType, `[Variant]`, `--variant`).
    pub declared: u64,
    /// Of which it was inferred.
    pub guessed: u64,
    /// How they ended, under the variant's scoring and each file's result convention.
    pub results: Results,
}

/// One player's games, under every spelling of the name that folds to the same key.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlayerStats {
    /// The spelling seen most often (the first in sort order among equals).
    pub name: String,
    /// Games played.
    pub games: u64,
    /// As White.
    pub white: u64,
    /// As Black.
    pub black: u64,
    /// Won.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost.
    pub losses: u64,
    /// Unfinished or with another score.
    pub unscored: u64,
    /// Every spelling seen, with its number of games; once a name has been spelled in more
    /// than twice [`SPELLINGS`] ways, the most frequent (see [`PlayerStats::trimmed`]).
    pub forms: BTreeMap<String, u64>,
    /// Games under spellings no longer in `forms`.
    #[serde(skip_serializing_if = "is_zero")]
    pub other_spellings: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Spellings a player keeps of the name: once it has more than twice as many, only the most
/// frequent (the first in sort order among equals) are kept, and the games of the others are
/// counted together; [`PlayerStats::trimmed`] keeps no more.
pub const SPELLINGS: usize = 16;

/// Adds the spellings of `from` to `into`, keeping the [`SPELLINGS`] most frequent once there
/// are more than twice as many; says how many games' spellings were let go.
fn add_spellings(into: &mut BTreeMap<String, u64>, from: BTreeMap<String, u64>) -> u64 {
    for (f, n) in from {
        *into.entry(f).or_default() += n;
    }
    if into.len() <= 2 * SPELLINGS {
        return 0;
    }
    keep_most_frequent(into)
}

/// Keeps the [`SPELLINGS`] most frequent spellings of `forms` (the first in sort order among
/// equals); says how many games the others had.
fn keep_most_frequent(into: &mut BTreeMap<String, u64>) -> u64 {
    if into.len() <= SPELLINGS {
        return 0;
    }
    let mut all: Vec<(String, u64)> = std::mem::take(into).into_iter().collect();
    all.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let let_go = all[SPELLINGS..].iter().map(|(_, n)| n).sum();
    all.truncate(SPELLINGS);
    into.extend(all);
    let_go
}

fn spellings_bytes(forms: &BTreeMap<String, u64>) -> usize {
    forms.keys().map(|f| f.len() + 64).sum()
}

fn encode_spellings(forms: &BTreeMap<String, u64>, out: &mut Vec<u8>) {
    put_u64(out, forms.len() as u64);
    for (f, n) in forms {
        put_str(out, f);
        put_u64(out, *n);
    }
}

fn decode_spellings(input: &mut &[u8]) -> Option<BTreeMap<String, u64>> {
    let n = get_u64(input)?;
    let mut forms = BTreeMap::new();
    for _ in 0..n {
        let f = get_str(input)?;
        forms.insert(f, get_u64(input)?);
    }
    Some(forms)
}

impl PlayerStats {
    /// The same, with no more than the [`SPELLINGS`] most frequent spellings listed.
    pub fn trimmed(mut self) -> Self {
        self.other_spellings += keep_most_frequent(&mut self.forms);
        self
    }
}

impl Count for PlayerStats {
    fn absorb(&mut self, o: Self) {
        self.games += o.games;
        self.white += o.white;
        self.black += o.black;
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
        self.unscored += o.unscored;
        self.other_spellings += o.other_spellings + add_spellings(&mut self.forms, o.forms);
        self.name = most_frequent(&self.forms);
    }

    fn games(&self) -> u64 {
        self.games
    }

    fn heap_bytes(&self) -> usize {
        self.name.len() + spellings_bytes(&self.forms)
    }

    fn encode(&self, out: &mut Vec<u8>) {
        put_str(out, &self.name);
        for n in [
            self.games,
            self.white,
            self.black,
            self.wins,
            self.draws,
            self.losses,
            self.unscored,
            self.other_spellings,
        ] {
            put_u64(out, n);
        }
        encode_spellings(&self.forms, out);
    }

    fn decode(input: &mut &[u8]) -> Option<Self> {
        Some(PlayerStats {
            name: get_str(input)?,
            games: get_u64(input)?,
            white: get_u64(input)?,
            black: get_u64(input)?,
            wins: get_u64(input)?,
            draws: get_u64(input)?,
            losses: get_u64(input)?,
            unscored: get_u64(input)?,
            other_spellings: get_u64(input)?,
            forms: decode_spellings(input)?,
        })
    }
}

/// One diagnostic code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CodeStats {
    /// Its kind.
    pub kind: &'static str,
    /// Its severity (after the lint levels).
    pub severity: &'static str,
    /// How many times it was reported.
    pub count: u64,
}

/// Game lengths in plies of the main line, as a histogram (exact quartiles, bounded memory).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lengths(pub BTreeMap<u32, u64>);

/// Min, quartiles and max of [`Lengths`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LengthSummary {
    /// Games counted.
    pub games: u64,
    /// Shortest.
    pub min: u32,
    /// First quartile (the length at rank ceil(n/4)).
    pub q1: u32,
    /// Median (the length at rank ceil(n/2)).
    pub median: u32,
    /// Third quartile (the length at rank ceil(3n/4)).
    pub q3: u32,
    /// Longest.
    pub max: u32,
}

impl Lengths {
    /// The length at rank `r` (1-based) in sorted order.
    fn at_rank(&self, r: u64) -> u32 {
        let mut seen = 0;
        for (&len, &n) in &self.0 {
            seen += n;
            if seen >= r {
                return len;
            }
        }
        0
    }

    /// Min, quartiles (nearest rank) and max.
    pub fn summary(&self) -> LengthSummary {
        let n: u64 = self.0.values().sum();
        if n == 0 {
            return LengthSummary::default();
        }
        let rank = |num: u64| (n * num).div_ceil(4).max(1);
        LengthSummary {
            games: n,
            min: self.0.keys().next().copied().unwrap_or(0),
            q1: self.at_rank(rank(1)),
            median: self.at_rank(rank(2)),
            q3: self.at_rank(rank(3)),
            max: self.0.keys().next_back().copied().unwrap_or(0),
        }
    }
}

/// Statistics over files.
#[derive(Debug, Default)]
pub struct Stats {
    /// Files read.
    pub files: u64,
    /// Games read (as `check` counts them).
    pub games: u64,
    /// Diagnostics by severity (as `check` counts them).
    pub errors: u64,
    /// Warnings.
    pub warnings: u64,
    /// Infos.
    pub infos: u64,
    /// Games by variant name (or [`NOT_REPLAYED`]).
    pub variants: BTreeMap<String, VariantStats>,
    /// Lengths of the replayed main lines.
    pub lengths: Lengths,
    /// Openings: the first plies of the main line as played, written in the variant's standard
    /// notation (as written for games not replayed).
    pub openings: Tally<u64>,
    /// English games by the three-move ballot they followed (`ACF 5 9-13 22-18 6-9 (...)`).
    pub ballots: BTreeMap<String, u64>,
    /// Games whose opening (and ballot) is not counted: games too long to hold whole
    /// ([`CheckedGame::parted`]), whose moves are not at hand once the game is read.
    pub openings_not_counted: u64,
    /// Players by folded name.
    pub players: Tally<PlayerStats>,
    /// Games by Event tag.
    pub events: Tally<u64>,
    /// Games by Site tag.
    pub sites: Tally<u64>,
    /// Games by the year of their Date tag (`?` when it has none).
    pub years: BTreeMap<String, u64>,
    /// Diagnostics by code.
    pub codes: BTreeMap<&'static str, CodeStats>,
    /// Diagnostics by kind.
    pub kinds: BTreeMap<&'static str, u64>,
}

fn add_counts<K: Ord + Clone>(into: &mut BTreeMap<K, u64>, from: &BTreeMap<K, u64>) {
    for (k, n) in from {
        *into.entry(k.clone()).or_default() += n;
    }
}

impl Stats {
    /// Empty statistics whose tallies each hold about `bytes` in memory before they write a
    /// run to a temporary file ([`crate::tally::HELD_BYTES`] by default).
    pub fn holding(bytes: usize) -> Self {
        Stats {
            openings: Tally::new(bytes),
            players: Tally::new(bytes),
            events: Tally::new(bytes),
            sites: Tally::new(bytes),
            ..Stats::default()
        }
    }

    /// Why a tally could not write its runs to temporary files, when one could not (it then
    /// holds them in memory).
    pub fn trouble(&self) -> Option<&io::Error> {
        self.players
            .trouble()
            .or(self.events.trouble())
            .or(self.sites.trouble())
            .or(self.openings.trouble())
    }
}

impl AddAssign<Stats> for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.files += o.files;
        self.games += o.games;
        self.errors += o.errors;
        self.warnings += o.warnings;
        self.infos += o.infos;
        for (k, v) in &o.variants {
            let e = self.variants.entry(k.clone()).or_default();
            e.games += v.games;
            e.declared += v.declared;
            e.guessed += v.guessed;
            e.results.merge(&v.results);
        }
        add_counts(&mut self.lengths.0, &o.lengths.0);
        self.openings.absorb(o.openings);
        add_counts(&mut self.ballots, &o.ballots);
        self.openings_not_counted += o.openings_not_counted;
        self.players.absorb(o.players);
        self.events.absorb(o.events);
        self.sites.absorb(o.sites);
        add_counts(&mut self.years, &o.years);
        for (code, c) in &o.codes {
            self.codes
                .entry(code)
                .and_modify(|e| e.count += c.count)
                .or_insert_with(|| c.clone());
        }
        add_counts(&mut self.kinds, &o.kinds);
    }
}

fn most_frequent(forms: &BTreeMap<String, u64>) -> String {
    let mut best: Option<(&String, u64)> = None;
    for (f, &n) in forms {
        if best.is_none_or(|(_, b)| n > b) {
            best = Some((f, n));
        }
    }
    best.map(|(f, _)| f.clone()).unwrap_or_default()
}

/// A player's results in one file, as written, by the colour played.
#[derive(Clone, Debug, Default)]
pub struct PendingPlayer {
    forms: BTreeMap<String, u64>,
    other_spellings: u64,
    white: Written,
    black: Written,
}

impl Count for PendingPlayer {
    fn absorb(&mut self, o: Self) {
        self.other_spellings += o.other_spellings + add_spellings(&mut self.forms, o.forms);
        self.white.absorb(&o.white);
        self.black.absorb(&o.black);
    }

    fn games(&self) -> u64 {
        self.white.fields().iter().chain(&self.black.fields()).sum()
    }

    fn heap_bytes(&self) -> usize {
        spellings_bytes(&self.forms)
    }

    fn encode(&self, out: &mut Vec<u8>) {
        put_u64(out, self.other_spellings);
        self.white.encode(out);
        self.black.encode(out);
        encode_spellings(&self.forms, out);
    }

    fn decode(input: &mut &[u8]) -> Option<Self> {
        Some(PendingPlayer {
            other_spellings: get_u64(input)?,
            white: Written::decode(input)?,
            black: Written::decode(input)?,
            forms: decode_spellings(input)?,
        })
    }
}

/// What one file has given so far; [`FileStats::finish`] turns it into [`Stats`].
#[derive(Debug, Default)]
pub struct FileStats {
    stats: Stats,
    opening_plies: usize,
    /// Whether players, events, sites, openings and ballots are counted.
    names: bool,
    /// Results as written, per variant key.
    results: BTreeMap<String, (Option<Variant>, Written)>,
    /// Players by folded name and variant key, joined by a NUL.
    players: Tally<PendingPlayer>,
}

/// Folds a player's name for comparison: letters without accents, in lower case, and no white
/// space or dots (`Sijbrands, T.`, `sijbrands,t` and `SIJBRANDS , T` fold alike).
pub fn fold_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_whitespace() || c == '.' {
            continue;
        }
        for l in c.to_lowercase() {
            match strip_accent(l) {
                Some(base) => out.push_str(base),
                None => out.push(l),
            }
        }
    }
    out
}

/// The letters without their accent, for the lower-case Latin letters with diacritics of the
/// Latin-1 Supplement and Latin Extended-A blocks (the names of the draughts world: Dutch,
/// French, Czech, Polish, Baltic, Turkish), and the Cyrillic `ё`.
fn strip_accent(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
        'ď' | 'đ' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => "i",
        'ĵ' => "j",
        'ķ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ŏ' | 'ő' => "o",
        'œ' => "oe",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' => "s",
        'ß' => "ss",
        'ţ' | 'ť' | 'ŧ' => "t",
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => "u",
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        'ё' => "е",
        _ => return None,
    })
}

/// The year of a Date tag: its first run of four digits (`1997.05.12`, `12.05.1997`,
/// `1997-??-??`), or `None`.
pub fn year_of(date: &str) -> Option<&str> {
    let b = date.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i - start == 4 {
                return date.get(start..i);
            }
        } else {
            i += 1;
        }
    }
    None
}

/// A tag's value, trimmed, when it says something (not empty, not `?`, not `-`).
pub fn tag_value<'a>(game: &'a Game, name: &str) -> Option<&'a str> {
    game.tag(name)
        .map(str::trim)
        .filter(|v| !v.is_empty() && !v.chars().all(|c| matches!(c, '?' | '-')))
}

/// The result of a game: its terminator, else its Result tag.
pub fn result_of(game: &Game) -> Option<ResultKind> {
    match &game.result {
        Some(r) if r.kind != ResultKind::Unknown => Some(r.kind),
        other => {
            // Written as PDN writes it, or with a colon (`1:0`).
            let from_tag = game
                .tag("Result")
                .and_then(ResultKind::read)
                .filter(|k| *k != ResultKind::Unknown);
            from_tag.or(other.as_ref().map(|r| r.kind))
        }
    }
}

/// The opening of a game that was not replayed: the squares of its first `plies` main-line
/// moves as written, each move's squares joined by `-` (`x` for captures), moves by spaces;
/// `None` for a game with fewer moves. Replayed games are named by the moves played
/// ([`crate::ballots::main_line_key`]).
pub fn opening_of(game: &Game, plies: usize) -> Option<String> {
    if plies == 0 {
        return None;
    }
    let mut out = String::new();
    let mut n = 0;
    for m in game.main_line_moves().take(plies) {
        if n > 0 {
            out.push(' ');
        }
        let sep = if m.is_capture() { "x" } else { "-" };
        let squares: Vec<String> = m
            .squares
            .iter()
            .map(|s| s.raw.as_str().to_ascii_lowercase())
            .collect();
        out.push_str(&squares.join(sep));
        n += 1;
    }
    (n == plies).then_some(out)
}

/// Whether the first score of a result (`1-0`) credits White: always where White moves
/// first; where Black does, only in a file that gives White's score first.
pub(crate) fn first_is_white(variant: Option<Variant>, white_score_first: bool) -> bool {
    variant.is_none_or(|v| v.rules().first_to_move == Color::White || white_score_first)
}

impl FileStats {
    /// Statistics of one file, naming openings by their first `opening_plies` plies.
    pub fn new(opening_plies: usize) -> Self {
        FileStats {
            opening_plies,
            names: true,
            ..FileStats::default()
        }
    }

    /// The same, its tallies each holding about `bytes` in memory (see [`Stats::holding`]).
    pub fn holding(self, bytes: usize) -> Self {
        FileStats {
            stats: Stats::holding(bytes),
            players: Tally::new(bytes),
            ..self
        }
    }

    /// The same, counting neither players, events, sites, openings nor ballots: only games,
    /// variants, results, lengths, years and diagnostics.
    pub fn without_names(self) -> Self {
        FileStats {
            names: false,
            ..self
        }
    }

    /// Counts a diagnostic that belongs to no game (a file that could not be read).
    pub fn add_diagnostic(&mut self, d: &Diagnostic) {
        let s = &mut self.stats;
        match d.severity {
            Severity::Error => s.errors += 1,
            Severity::Warning => s.warnings += 1,
            Severity::Info => s.infos += 1,
        }
        s.codes
            .entry(d.code)
            .and_modify(|c| c.count += 1)
            .or_insert(CodeStats {
                kind: d.kind.as_str(),
                severity: d.severity.as_str(),
                count: 1,
            });
        *s.kinds.entry(d.kind.as_str()).or_default() += 1;
    }

    /// Counts one checked game (or piece of text outside any game: its diagnostics count).
    ///
    /// A game too long to hold whole ([`CheckedGame::parted`], read with
    /// [`crate::check::Retain::Trees`]) counts from its tags, terminator and replay
    /// report like any other, but its opening cannot be named: it is counted in
    /// [`Stats::openings_not_counted`] instead.
    pub fn add(&mut self, g: &CheckedGame) {
        for d in &g.diagnostics {
            self.add_diagnostic(d);
        }
        let s = &mut self.stats;
        let Some(game) = g.chunk.game.as_ref().or(g
            .header
            .as_ref()
            .filter(|_| g.parted && g.chunk.index.is_some()))
        else {
            return;
        };
        s.games += 1;
        let variant = g.report.as_ref().and_then(|r| r.variant);
        let key = variant.map_or(NOT_REPLAYED, Variant::name).to_string();
        let v = s.variants.entry(key.clone()).or_default();
        v.games += 1;
        match g.report.as_ref().map(|r| r.guess.is_some()) {
            Some(true) => v.guessed += 1,
            Some(false) if variant.is_some() => v.declared += 1,
            _ => {}
        }
        let result = result_of(game);
        self.results
            .entry(key.clone())
            .or_insert((variant, Written::default()))
            .1
            .add(result);
        if let Some(r) = g.report.as_ref().filter(|r| r.variant.is_some()) {
            *s.lengths.0.entry(r.plies).or_default() += 1;
        }
        let year = tag_value(game, "Date").and_then(year_of).unwrap_or("?");
        *s.years.entry(year.to_string()).or_default() += 1;
        if !self.names {
            return;
        }
        let played = g
            .report
            .as_ref()
            .filter(|r| !r.moves.is_empty())
            .zip(variant);
        let opening = match played {
            _ if g.chunk.game.is_none() => {
                s.openings_not_counted += 1;
                None
            }
            Some((r, v)) => main_line_key(v, &r.moves, self.opening_plies),
            None => opening_of(game, self.opening_plies),
        };
        if let Some(b) = played.and_then(|(r, v)| ballot_of(v, &r.moves)) {
            *s.ballots.entry(b.label()).or_default() += 1;
        }
        if let Some(o) = opening {
            let name = match variant {
                Some(v) => format!("{}: {o}", v.name()),
                None => o,
            };
            s.openings.add_count(name, 1);
        }
        for (tag, tally) in [("Event", &mut s.events), ("Site", &mut s.sites)] {
            if let Some(v) = tag_value(game, tag) {
                tally.add(v, |n| *n += 1);
            }
        }
        for (tag, white) in [("White", true), ("Black", false)] {
            let Some(name) = tag_value(game, tag) else {
                continue;
            };
            let folded = fold_name(name);
            if folded.is_empty() {
                continue;
            }
            self.players.add(&format!("{folded}\u{0}{key}"), |p| {
                *p.forms.entry(name.to_string()).or_default() += 1;
                if p.forms.len() > 2 * SPELLINGS {
                    p.other_spellings += keep_most_frequent(&mut p.forms);
                }
                if white { &mut p.white } else { &mut p.black }.add(result);
            });
        }
    }

    /// The file is over: its results are read under the convention the replay found in it
    /// (`totals`), and its totals must be those `check` counted. Fails only when a temporary
    /// file of its players cannot be read back.
    pub fn finish(mut self, totals: &FileTotals) -> io::Result<Stats> {
        let s = &mut self.stats;
        s.files = 1;
        for (key, (variant, written)) in &self.results {
            let fw = first_is_white(*variant, totals.white_score_first);
            if let Some(v) = s.variants.get_mut(key) {
                v.results.add_written(written, fw);
            }
        }
        let trouble = self
            .players
            .trouble()
            .map(|e| io::Error::new(e.kind(), e.to_string()));
        for entry in self.players.sorted()? {
            let (key, p) = entry?;
            let (folded, vkey) = key.split_once('\u{0}').unwrap_or((key.as_str(), ""));
            let variant = vkey.parse::<Variant>().ok();
            let fw = first_is_white(variant, totals.white_score_first);
            let mut e = PlayerStats::default();
            for (w, as_white) in [(&p.white, true), (&p.black, false)] {
                let mut r = Results::default();
                r.add_written(w, fw);
                let (won, lost) = if as_white {
                    (r.white_wins, r.black_wins)
                } else {
                    (r.black_wins, r.white_wins)
                };
                let games = r.total();
                if as_white {
                    e.white += games;
                } else {
                    e.black += games;
                }
                e.games += games;
                e.wins += won;
                e.losses += lost;
                e.draws += r.draws;
                e.unscored += r.unfinished + r.other;
            }
            e.other_spellings = p.other_spellings;
            e.name = most_frequent(&p.forms);
            e.forms = p.forms;
            s.players.add_count(folded.to_string(), e);
        }
        if let Some(e) = trouble {
            s.players.note_trouble(e);
        }
        Ok(self.stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fold_case_space_dots_and_accents() {
        assert_eq!(fold_name("Sijbrands, T."), fold_name("SIJBRANDS ,t"));
        assert_eq!(fold_name("Gérard  Jansen"), fold_name("gerard jansen"));
        assert_eq!(fold_name("Čapek, Zdeněk"), "capek,zdenek");
        assert_ne!(fold_name("Baba Sy"), fold_name("Babasy Ndiaye"));
    }

    #[test]
    fn years_are_the_first_four_digit_run() {
        assert_eq!(year_of("1997.05.12"), Some("1997"));
        assert_eq!(year_of("12.05.1997"), Some("1997"));
        assert_eq!(year_of("1997-??-??"), Some("1997"));
        assert_eq!(year_of("??.??.??"), None);
        assert_eq!(year_of("12345"), None);
    }

    #[test]
    fn quartiles_are_nearest_rank() {
        let mut l = Lengths::default();
        for len in [10, 20, 30, 40, 50, 60, 70, 80] {
            *l.0.entry(len).or_default() += 1;
        }
        let s = l.summary();
        assert_eq!((s.min, s.q1, s.median, s.q3, s.max), (10, 20, 40, 60, 80));
        assert_eq!(Lengths::default().summary().games, 0);
    }

    fn stats_of(pdn: &str) -> Stats {
        let mut fs = FileStats::new(2);
        let totals = crate::check::check_stream(
            pdn.as_bytes(),
            &crate::check::CheckOptions::default(),
            |g| fs.add(&g),
        )
        .unwrap();
        fs.finish(&totals).unwrap()
    }

    #[test]
    fn players_read_back_from_runs_as_they_were_held() {
        let mut text = String::new();
        for (i, (w, b, r)) in [
            ("Sijbrands, T.", "Baba Sy", "1-0"),
            ("Baba Sy", "SIJBRANDS ,T", "0-1"),
            ("Sijbrands,  T", "Schwarzman", "1/2-1/2"),
            ("Schwärzman", "Sijbrands, T.", "*"),
        ]
        .iter()
        .cycle()
        .take(40)
        .enumerate()
        {
            let gt = if i % 3 == 0 { "21" } else { "20" };
            text.push_str(&format!(
                "[GameType \"{gt}\"][White \"{w}\"][Black \"{b} {}\"][Result \"{r}\"]\n{r}\n\n",
                i % 5
            ));
        }
        let players = |held: usize| {
            let mut fs = FileStats::new(2).holding(held);
            let totals = crate::check::check_stream(
                text.as_bytes(),
                &crate::check::CheckOptions::default(),
                |g| fs.add(&g),
            )
            .unwrap();
            all(fs.finish(&totals).unwrap().players)
        };
        let held = players(usize::MAX);
        assert_eq!(held.len(), 3 + 3 * 5);
        assert_eq!(held["sijbrands,t"].games, 20);
        assert_eq!(players(0), held);
        let p = &held["sijbrands,t"];
        let mut bytes = Vec::new();
        p.encode(&mut bytes);
        assert_eq!(PlayerStats::decode(&mut bytes.as_slice()).as_ref(), Some(p));
    }

    fn all<V: Count>(t: Tally<V>) -> BTreeMap<String, V> {
        t.sorted().unwrap().map(Result::unwrap).collect()
    }

    #[test]
    fn english_one_nil_is_a_black_win_under_pdn_convention() {
        let s = stats_of(
            "[GameType \"21\"][White \"W\"][Black \"B\"][Result \"1-0\"]\n1. 11-15 23-19 1-0\n",
        );
        let r = s.variants["english"].results;
        assert_eq!((r.black_wins, r.white_wins), (1, 0));
        let players = all(s.players);
        assert_eq!(players["b"].wins, 1);
        assert_eq!(players["w"].losses, 1);
    }

    #[test]
    fn international_one_nil_is_a_white_win() {
        let s = stats_of(
            "[GameType \"20\"][White \"Wé\"][Black \"B\"][Result \"1-0\"]\n1. 32-28 19-23 1-0\n",
        );
        assert_eq!(s.variants["international"].results.white_wins, 1);
        assert_eq!(all(s.openings)["international: 32-28 19-23"], 1);
        let players = all(s.players);
        assert_eq!(players["we"].wins, 1);
        assert_eq!(players["we"].forms["Wé"], 1);
    }
}
