//! One table of rule switches per variant. Sources for each rule: `docs/variants.md`.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::board::{Board, Color};

/// The draughts variants whose rules pdnkit knows. Each has one entry in [`Variant::TABLE`],
/// in the same order (the order inference prefers among the variants of one board).
///
/// # Examples
///
/// ```
/// use pdnkit::Variant;
///
/// let v: Variant = "russian".parse()?;
/// assert_eq!(v, Variant::Russian);
/// assert_eq!(Variant::from_gametype(25), Some(v));
/// assert_eq!((v.name(), v.gametype(), v.capture_separator()), ("russian", 25, ':'));
/// assert_eq!(Variant::from_variant_tag("Frysk!"), Some(Variant::Frysk));
/// assert_eq!(Variant::ALL.len(), 16);
/// # Ok::<(), pdnkit::UnknownVariant>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// International (Polish) draughts, 10x10, GameType 20.
    International,
    /// English draughts / American checkers, 8x8, GameType 21.
    English,
    /// American pool checkers, 8x8, GameType 23.
    Pool,
    /// Russian draughts (shashki), 8x8, GameType 25.
    Russian,
    /// Brazilian draughts: International rules on 8x8, GameType 26.
    Brazilian,
    /// Canadian draughts: International rules on 12x12, GameType 27.
    Canadian,
    /// Italian draughts (dama italiana), 8x8 on the turned board, GameType 22.
    Italian,
    /// Czech draughts (česká dáma), 8x8, GameType 29.
    Czech,
    /// Spanish draughts (damas), 8x8 on the turned board, GameType 24.
    Spanish,
    /// Portuguese draughts (damas clássicas), the Spanish rules, GameType 28.
    Portuguese,
    /// lidraughts' Antidraughts: International moves, the side that cannot move wins
    /// (lidraughts' GameType 98).
    Antidraughts,
    /// lidraughts' Breakthrough: International moves, the first king wins (lidraughts'
    /// GameType 96).
    Breakthrough,
    /// Thai draughts (mak-hot, makhos), 8x8 with eight men a side, GameType 31.
    Thai,
    /// Frisian draughts, 10x10, diagonal and orthogonal captures, GameType 40.
    Frisian,
    /// lidraughts' Frysk!: the Frisian rules with five men a side on the back row (lidraughts'
    /// GameType 97).
    Frysk,
    /// Turkish draughts (dama), all 64 squares of an 8x8 board, orthogonal moves, GameType 30.
    Turkish,
}

/// What happens when a man reaches the far row in the middle of a capture.
///
/// # Examples
///
/// ```
/// use pdnkit::{PromotionRule, Variant};
///
/// assert_eq!(Variant::English.rules().promotion, PromotionRule::EndsMove);
/// assert_eq!(Variant::Russian.rules().promotion, PromotionRule::ContinuesAsKing);
/// assert_eq!(Variant::International.rules().promotion, PromotionRule::ContinuesAsMan);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PromotionRule {
    /// The move ends there and the man is crowned (English).
    EndsMove,
    /// The man is crowned at once and goes on capturing as a king (Russian).
    ContinuesAsKing,
    /// The man goes on capturing as a man; it is crowned only if the move ends on the far row
    /// (International, Brazilian, Canadian, Pool).
    ContinuesAsMan,
}

/// How a player must choose among captures. Whatever the choice, the chosen sequence must be
/// completed.
///
/// Each choice is a list of [`Criterion`]s applied in order: a capture is legal when no other
/// capture beats it on the first criterion where the two differ. [`CaptureChoice::rank`] folds
/// the list into one number, so the legal captures are those of the highest rank.
///
/// # Examples
///
/// ```
/// use pdnkit::{CaptureChoice, Variant};
///
/// assert_eq!(Variant::International.rules().capture_choice, CaptureChoice::Majority);
/// assert_eq!(Variant::Italian.rules().capture_choice, CaptureChoice::Italian);
/// assert_eq!(Variant::Frisian.rules().capture_choice, CaptureChoice::Value);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureChoice {
    /// Any capture (English, pool, Russian).
    Free,
    /// A sequence that takes the most pieces, a king counting as one (International,
    /// Brazilian, Canadian).
    Majority,
    /// A king must capture if one can; otherwise any capture (Czech).
    KingFirst,
    /// The most pieces, then the most kings among them (Spanish, Portuguese).
    MajorityThenKings,
    /// The Italian priorities: the most pieces; then with a king rather than a man; then the
    /// most kings; then the sequence that meets a king first.
    Italian,
    /// The Frisian value rule: the highest value, a king worth more than one man and less than
    /// two; then with a king rather than a man.
    Value,
}

/// One rule for choosing among captures, as [`CaptureChoice::criteria`] lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Criterion {
    /// Take the most pieces.
    MostPieces,
    /// Capture with a king rather than with a man.
    WithKing,
    /// Take the most kings.
    MostKings,
    /// Take the sequence whose first king comes earliest.
    KingFirstMet,
    /// Take the highest value, a king counting a little less than two men (Frisian).
    MostValue,
}

/// What the capture-choice rules look at in one capture sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CaptureTraits {
    /// Pieces taken.
    pub pieces: u32,
    /// The capturing piece is a king when the move starts.
    pub with_king: bool,
    /// Kings taken.
    pub kings: u32,
    /// The 0-based place of the first king in the order of taking, if a king is taken.
    pub first_king: Option<u32>,
}

impl CaptureChoice {
    /// The criteria, in the order they apply.
    pub const fn criteria(self) -> &'static [Criterion] {
        use Criterion::*;
        match self {
            CaptureChoice::Free => &[],
            CaptureChoice::Majority => &[MostPieces],
            CaptureChoice::KingFirst => &[WithKing],
            CaptureChoice::MajorityThenKings => &[MostPieces, MostKings],
            CaptureChoice::Italian => &[MostPieces, WithKing, MostKings, KingFirstMet],
            CaptureChoice::Value => &[MostValue, WithKing],
        }
    }

    /// True when the order in which the pieces are taken can change a capture's rank (the
    /// Italian "king met first"). Otherwise the rank depends only on the set of pieces taken
    /// and on the piece that takes them.
    pub(crate) const fn ranks_by_order(self) -> bool {
        let list = self.criteria();
        let mut i = 0;
        while i < list.len() {
            if matches!(list[i], Criterion::KingFirstMet) {
                return true;
            }
            i += 1;
        }
        false
    }

    /// A number that orders captures as the criteria do: of two captures, the one the rules
    /// prefer has the higher rank, and equal ranks leave the player free to choose.
    pub const fn rank(self, t: CaptureTraits) -> u32 {
        // Fields, most significant first: pieces (7 bits) or value (12 bits, never in the same
        // list), with a king (1), kings (7), and how early the first king comes (8 bits).
        let mut rank = 0;
        let list = self.criteria();
        let mut i = 0;
        while i < list.len() {
            rank |= list[i].key(t) << list[i].shift();
            i += 1;
        }
        rank
    }

    /// The rule a capture of traits `played` broke when one of traits `best` (a legal capture)
    /// was available: the first criterion on which the two differ, if `best` wins it.
    pub fn broken(self, played: CaptureTraits, best: CaptureTraits) -> Option<Criterion> {
        let c = self
            .criteria()
            .iter()
            .copied()
            .find(|c| c.key(played) != c.key(best))?;
        (c.key(best) > c.key(played)).then_some(c)
    }
}

impl Criterion {
    /// The value this criterion compares: higher is preferred.
    const fn key(self, t: CaptureTraits) -> u32 {
        match self {
            Criterion::MostPieces => t.pieces & 0x7f,
            Criterion::WithKing => t.with_king as u32,
            Criterion::MostKings => t.kings & 0x7f,
            // Earlier is better; no king at all is worst.
            Criterion::KingFirstMet => match t.first_king {
                Some(i) if i < 128 => 128 - i,
                _ => 0,
            },
            // A man counts one and a king two, less a little for each king: first the value
            // in whole men, then the fewer kings (the value a king lacks of two men).
            Criterion::MostValue => {
                let kings = if t.kings < t.pieces {
                    t.kings
                } else {
                    t.pieces
                };
                let kings = if kings > 31 { 31 } else { kings };
                let whole = t.pieces + kings;
                let whole = if whole > 127 { 127 } else { whole };
                (whole << 5) | (31 - kings)
            }
        }
    }

    /// Where the key goes in [`CaptureChoice::rank`].
    const fn shift(self) -> u32 {
        match self {
            Criterion::MostPieces | Criterion::MostValue => 16,
            Criterion::WithKing => 15,
            Criterion::MostKings => 8,
            Criterion::KingFirstMet => 0,
        }
    }
}

/// How a game ends: who has lost in a final position.
///
/// # Examples
///
/// ```
/// use pdnkit::{EndRule, Variant};
///
/// assert_eq!(Variant::International.rules().end, EndRule::NoMoveLoses);
/// assert_eq!(Variant::Antidraughts.rules().end, EndRule::NoMoveWins);
/// assert_eq!(Variant::Breakthrough.rules().end, EndRule::FirstKingWins);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndRule {
    /// The side to move that has no legal move (no pieces left, or all blocked) loses.
    NoMoveLoses,
    /// The side to move that has no legal move wins (Antidraughts).
    NoMoveWins,
    /// The side that crowns the first king wins; a side to move without a move loses
    /// (Breakthrough).
    FirstKingWins,
}

/// When captured pieces leave the board.
///
/// # Examples
///
/// ```
/// use pdnkit::{CaptureRemoval, Variant};
///
/// assert_eq!(Variant::International.rules().capture_removal, CaptureRemoval::AfterMove);
/// assert_eq!(Variant::Thai.rules().capture_removal, CaptureRemoval::Immediate);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureRemoval {
    /// The modern rule (the "Turkish strike" rule): captured pieces are lifted only when the
    /// whole move is over, so a piece cannot be jumped twice and a captured piece still blocks
    /// the line. Source: the FMJD-style rules of International draughts ("all jumps are first
    /// completed, and then the captured pieces are removed from the board. However, one may not
    /// jump over the same piece twice").
    #[default]
    AfterMove,
    /// Each captured piece is removed as it is taken, so its square is free for the rest of
    /// the move. Source: the 1902 encyclopaedia text on Polish draughts ("it is the rule to
    /// remove every captured piece as it is taken").
    Immediate,
}

/// The rule switches of a variant. Everything the move generator needs to know.
///
/// # Examples
///
/// ```
/// use pdnkit::{Board, CaptureChoice, Color, Variant};
///
/// let english = Variant::English.rules();
/// assert_eq!((english.board, english.first_to_move), (Board::B8, Color::Black));
/// assert!(!english.flying_kings && !english.men_capture_backward);
/// assert_eq!(english.capture_choice, CaptureChoice::Free);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Rules {
    /// Board size.
    pub board: Board,
    /// Who makes the first move of a game from the start position.
    pub first_to_move: Color,
    /// Men may capture backwards.
    pub men_capture_backward: bool,
    /// Kings move and capture over any distance (flying kings).
    pub flying_kings: bool,
    /// Men may capture kings (not in Italian draughts, where only a king takes a king).
    pub men_capture_kings: bool,
    /// How captures must be chosen.
    pub capture_choice: CaptureChoice,
    /// What a man reaching the far row during a capture does.
    pub promotion: PromotionRule,
    /// Rows of men each side starts with.
    pub start_rows: u8,
    /// Empty rows behind each side's men at the start (Turkish draughts: its back row).
    pub start_gap: u8,
    /// Who has won when the game is over.
    pub end: EndRule,
    /// When captured pieces leave the board (a position's default; see
    /// [`CaptureRemoval`]).
    pub capture_removal: CaptureRemoval,
    /// A flying king that captures lands on the square right behind the captured piece, not
    /// on any empty square beyond it (Thai).
    pub king_lands_behind: bool,
    /// Men and kings also capture along the rows and files, over the next playing square of
    /// the same colour (Frisian). On the full board of Turkish draughts every move is
    /// orthogonal and this switch is not used.
    pub orthogonal_captures: bool,
    /// A capturing king may not turn back 180 degrees between two captures (Turkish).
    pub no_about_turn: bool,
    /// A side that still has men may make at most this many non-capturing moves in a row with
    /// the same king (Frisian: three). History, so the replay checks it, not the generator.
    pub king_move_limit: Option<u8>,
}

/// How a variant's files name squares when nothing says otherwise: the standard GameType's
/// notation field and invert flag (PDN 3.0).
///
/// # Examples
///
/// ```
/// use pdnkit::Variant;
///
/// assert!(Variant::Russian.info().notation.algebraic);
/// assert!(!Variant::International.info().notation.algebraic);
/// assert!(Variant::Italian.info().notation.inverted);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StandardNotation {
    /// Algebraic squares (`A`), else numeric (`N`).
    pub algebraic: bool,
    /// The corner digit of numeric square 1, 0-3 (bottom-left, bottom-right, top-left,
    /// top-right) seen from the side that moves first.
    pub numeric_corner: u8,
    /// The bottom-left corner is not a playing square (the turned board).
    pub inverted: bool,
}

/// Everything pdnkit knows of one variant besides its move generator: one entry of
/// [`Variant::TABLE`]. Adding a variant is one entry here, a line in the move generator's
/// variant list (`src/rules/movegen.rs`), and rule code for what no switch yet expresses.
///
/// # Examples
///
/// ```
/// use pdnkit::Variant;
///
/// let info = Variant::International.info();
/// assert_eq!((info.gametype, info.title), (20, "International draughts"));
/// assert!(info.aliases.contains(&"polish"));
/// assert!(info.two_point_results);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct VariantInfo {
    /// The variant.
    pub variant: Variant,
    /// The PDN GameType number (lidraughts' own number for its online variants).
    pub gametype: u32,
    /// The lower-case name used on the command line and in JSON.
    pub name: &'static str,
    /// Other names `--variant` accepts.
    pub aliases: &'static [&'static str],
    /// The name a person reads.
    pub title: &'static str,
    /// The rule switches.
    pub rules: Rules,
    /// The capture separator PDN 3.0 prescribes for the GameType.
    pub capture_separator: char,
    /// The standard square names.
    pub notation: StandardNotation,
    /// Values of lidraughts' and PlayStrategy's `[Variant]` tag that name it, in lower case.
    pub variant_tags: &'static [&'static str],
    /// Words of the Event, Site and similar tags that name it (lower case, no accents): one
    /// counts twice as evidence.
    pub strong_words: &'static [&'static str],
    /// Words that often but not always mean it: one counts once.
    pub weak_words: &'static [&'static str],
    /// Inference may choose it by a replay alone. False for a variant whose moves are another
    /// variant's (the online variants play International moves): only its tags name it.
    pub replay_candidate: bool,
    /// Its results are scored on two points (`2-0`, `1-1`, `0-2`): PDN's International
    /// ResultType. The others score `1-0`, `1/2-1/2`, `0-1` (its Default ResultType).
    pub two_point_results: bool,
}

/// The International rules, on which the 10x10 online variants are built.
const INTERNATIONAL: Rules = Rules {
    board: Board::B10,
    first_to_move: Color::White,
    men_capture_backward: true,
    flying_kings: true,
    men_capture_kings: true,
    capture_choice: CaptureChoice::Majority,
    promotion: PromotionRule::ContinuesAsMan,
    start_rows: 4,
    start_gap: 0,
    end: EndRule::NoMoveLoses,
    capture_removal: CaptureRemoval::AfterMove,
    king_lands_behind: false,
    orthogonal_captures: false,
    no_about_turn: false,
    king_move_limit: None,
};

/// The 8x8 rules shared by most variants; each entry changes what differs.
const EIGHT: Rules = Rules {
    board: Board::B8,
    start_rows: 3,
    ..INTERNATIONAL
};

const NUMERIC: StandardNotation = StandardNotation {
    algebraic: false,
    numeric_corner: 2,
    inverted: false,
};

const ALGEBRAIC: StandardNotation = StandardNotation {
    algebraic: true,
    ..NUMERIC
};

const fn entry(
    variant: Variant,
    gametype: u32,
    name: &'static str,
    title: &'static str,
    rules: Rules,
) -> VariantInfo {
    VariantInfo {
        variant,
        gametype,
        name,
        aliases: &[],
        title,
        rules,
        capture_separator: 'x',
        notation: NUMERIC,
        variant_tags: &[],
        strong_words: &[],
        weak_words: &[],
        replay_candidate: true,
        two_point_results: false,
    }
}

impl Variant {
    /// Every variant pdnkit replays, one entry each, in the order of [`Variant`].
    pub const TABLE: [VariantInfo; 16] = [
        VariantInfo {
            aliases: &["standard", "polish", "intl", "10x10"],
            variant_tags: &["standard", "international", "from position"],
            two_point_results: true,
            strong_words: &[
                "international",
                "internationale",
                "internationaal",
                "dammen",
                "fmjd",
                "kndb",
            ],
            weak_words: &["damen", "dames"],
            ..entry(
                Variant::International,
                20,
                "international",
                "International draughts",
                INTERNATIONAL,
            )
        },
        VariantInfo {
            aliases: &["checkers", "american", "american-checkers", "draughts"],
            variant_tags: &[
                "american/english",
                "english",
                "american",
                "checkers",
                "english draughts",
            ],
            strong_words: &["checkers", "checker", "english", "eda", "acf"],
            notation: StandardNotation {
                numeric_corner: 1,
                ..NUMERIC
            },
            ..entry(
                Variant::English,
                21,
                "english",
                "English draughts",
                Rules {
                    first_to_move: Color::Black,
                    men_capture_backward: false,
                    flying_kings: false,
                    capture_choice: CaptureChoice::Free,
                    promotion: PromotionRule::EndsMove,
                    ..EIGHT
                },
            )
        },
        VariantInfo {
            aliases: &["american-pool", "pool-checkers"],
            variant_tags: &["pool", "american pool"],
            strong_words: &["pool"],
            notation: StandardNotation {
                numeric_corner: 1,
                ..NUMERIC
            },
            ..entry(
                Variant::Pool,
                23,
                "pool",
                "American pool checkers",
                Rules {
                    first_to_move: Color::Black,
                    capture_choice: CaptureChoice::Free,
                    ..EIGHT
                },
            )
        },
        VariantInfo {
            aliases: &["shashki"],
            variant_tags: &["russian"],
            strong_words: &["russian", "russia", "shashki", "шашки", "русские", "россия"],
            weak_words: &["rus"],
            capture_separator: ':',
            notation: ALGEBRAIC,
            ..entry(
                Variant::Russian,
                25,
                "russian",
                "Russian draughts",
                Rules {
                    capture_choice: CaptureChoice::Free,
                    promotion: PromotionRule::ContinuesAsKing,
                    ..EIGHT
                },
            )
        },
        VariantInfo {
            variant_tags: &["brazilian"],
            strong_words: &["brazilian", "brasil", "brazil", "brasileiro", "brasileira"],
            weak_words: &["damas", "bra"],
            notation: ALGEBRAIC,
            ..entry(
                Variant::Brazilian,
                26,
                "brazilian",
                "Brazilian draughts",
                EIGHT,
            )
        },
        VariantInfo {
            variant_tags: &["canadian"],
            two_point_results: true,
            strong_words: &["canadian", "canadienne", "canadien"],
            ..entry(
                Variant::Canadian,
                27,
                "canadian",
                "Canadian draughts",
                Rules {
                    board: Board::B12,
                    start_rows: 5,
                    ..INTERNATIONAL
                },
            )
        },
        VariantInfo {
            aliases: &["dama-italiana"],
            variant_tags: &["italian", "italian draughts"],
            strong_words: &["italiana", "italian", "italia", "italiano", "fid"],
            weak_words: &["dama", "ita"],
            notation: StandardNotation {
                inverted: true,
                ..NUMERIC
            },
            ..entry(
                Variant::Italian,
                22,
                "italian",
                "Italian draughts",
                Rules {
                    men_capture_backward: false,
                    flying_kings: false,
                    men_capture_kings: false,
                    capture_choice: CaptureChoice::Italian,
                    promotion: PromotionRule::EndsMove,
                    ..EIGHT
                },
            )
        },
        VariantInfo {
            aliases: &["ceska", "ceska-dama"],
            variant_tags: &["czech", "czech draughts"],
            strong_words: &["ceska", "cesky", "ceske", "czech", "cesko"],
            weak_words: &["cze", "praha"],
            notation: ALGEBRAIC,
            ..entry(
                Variant::Czech,
                29,
                "czech",
                "Czech draughts",
                Rules {
                    men_capture_backward: false,
                    capture_choice: CaptureChoice::KingFirst,
                    promotion: PromotionRule::EndsMove,
                    ..EIGHT
                },
            )
        },
        VariantInfo {
            aliases: &["damas", "damas-espanolas"],
            variant_tags: &["spanish", "spanish draughts"],
            strong_words: &["spanish", "espanola", "espanolas", "espana", "spain"],
            weak_words: &["esp"],
            notation: StandardNotation {
                numeric_corner: 1,
                inverted: true,
                ..NUMERIC
            },
            ..entry(Variant::Spanish, 24, "spanish", "Spanish draughts", SPANISH)
        },
        VariantInfo {
            aliases: &["damas-classicas"],
            variant_tags: &["portuguese", "portuguese draughts"],
            strong_words: &[
                "portuguese",
                "portugues",
                "portuguesa",
                "portuguesas",
                "portugal",
                "classicas",
                "fpd",
            ],
            weak_words: &["por"],
            replay_candidate: false,
            notation: StandardNotation {
                numeric_corner: 1,
                inverted: true,
                ..NUMERIC
            },
            ..entry(
                Variant::Portuguese,
                28,
                "portuguese",
                "Portuguese draughts",
                SPANISH,
            )
        },
        VariantInfo {
            aliases: &["anti", "antidraughts-lidraughts"],
            variant_tags: &["antidraughts"],
            two_point_results: true,
            strong_words: &["antidraughts", "antidammen"],
            replay_candidate: false,
            ..entry(
                Variant::Antidraughts,
                98,
                "antidraughts",
                "Antidraughts (lidraughts)",
                Rules {
                    end: EndRule::NoMoveWins,
                    ..INTERNATIONAL
                },
            )
        },
        VariantInfo {
            variant_tags: &["breakthrough"],
            two_point_results: true,
            strong_words: &["breakthrough"],
            replay_candidate: false,
            ..entry(
                Variant::Breakthrough,
                96,
                "breakthrough",
                "Breakthrough (lidraughts)",
                Rules {
                    end: EndRule::FirstKingWins,
                    ..INTERNATIONAL
                },
            )
        },
        VariantInfo {
            aliases: &["makhos", "mak-hot", "thai-draughts"],
            variant_tags: &["thai", "thai draughts", "makhos"],
            strong_words: &["thai", "makhos", "thailand", "หมากฮอส"],
            ..entry(Variant::Thai, 31, "thai", "Thai draughts", THAI)
        },
        VariantInfo {
            aliases: &["fries", "frysk-spul"],
            variant_tags: &["frisian", "frisian draughts"],
            strong_words: &["frisian", "fries", "friese", "friesland"],
            ..entry(Variant::Frisian, 40, "frisian", "Frisian draughts", FRISIAN)
        },
        VariantInfo {
            aliases: &["frysk!"],
            variant_tags: &["frysk!", "frysk"],
            two_point_results: true,
            strong_words: &["frysk"],
            ..entry(
                Variant::Frysk,
                97,
                "frysk",
                "Frysk! (lidraughts)",
                Rules {
                    start_rows: 1,
                    ..FRISIAN
                },
            )
        },
        VariantInfo {
            aliases: &["turkish-draughts"],
            variant_tags: &["turkish", "turkish draughts"],
            strong_words: &["turkish", "turkiye", "turkey"],
            notation: ALGEBRAIC,
            ..entry(Variant::Turkish, 30, "turkish", "Turkish draughts", TURKISH)
        },
    ];

    /// Every variant, in the order of [`Variant::TABLE`].
    pub const ALL: [Variant; Variant::TABLE.len()] = {
        let mut all = [Variant::International; Variant::TABLE.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = Variant::TABLE[i].variant;
            i += 1;
        }
        all
    };

    /// The variant's entry of [`Variant::TABLE`].
    pub const fn info(self) -> &'static VariantInfo {
        &Variant::TABLE[self as usize]
    }

    /// The rule switches.
    pub const fn rules(self) -> Rules {
        self.info().rules
    }

    /// The board.
    pub const fn board(self) -> Board {
        self.rules().board
    }

    /// The PDN GameType number.
    pub const fn gametype(self) -> u32 {
        self.info().gametype
    }

    /// The variant with GameType number `n`.
    pub const fn from_gametype(n: u32) -> Option<Variant> {
        let mut i = 0;
        while i < Variant::TABLE.len() {
            if Variant::TABLE[i].gametype == n {
                return Some(Variant::TABLE[i].variant);
            }
            i += 1;
        }
        None
    }

    /// The lower-case name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// The name a person reads.
    pub const fn title(self) -> &'static str {
        self.info().title
    }

    /// The capture separator PDN 3.0 prescribes for the variant's GameType.
    pub const fn capture_separator(self) -> char {
        self.info().capture_separator
    }

    /// The variant a lidraughts or PlayStrategy `[Variant]` tag value names (any case).
    /// The game's title in the tag (`Russian draughts`, as [`Variant::title`] writes it) names
    /// it too.
    pub fn from_variant_tag(value: &str) -> Option<Variant> {
        let v = value.trim().to_lowercase();
        Variant::TABLE
            .iter()
            .find(|e| e.variant_tags.contains(&v.as_str()) || e.title.eq_ignore_ascii_case(&v))
            .map(|e| e.variant)
    }
}

/// The Spanish rules, which Portuguese draughts shares: men step and capture forward only,
/// flying kings, the most pieces and then the most kings.
const SPANISH: Rules = Rules {
    men_capture_backward: false,
    capture_choice: CaptureChoice::MajorityThenKings,
    promotion: PromotionRule::EndsMove,
    ..EIGHT
};

/// The Thai rules: eight men a side on the two back rows, men step and capture forward only,
/// flying kings that land right behind the piece they take, captured pieces removed as they
/// are taken, free choice of capture, Black first (GameType 31's first-to-move field).
const THAI: Rules = Rules {
    first_to_move: Color::Black,
    men_capture_backward: false,
    capture_choice: CaptureChoice::Free,
    promotion: PromotionRule::EndsMove,
    start_rows: 2,
    capture_removal: CaptureRemoval::Immediate,
    king_lands_behind: true,
    ..EIGHT
};

/// The Frisian rules: International's board, men and moves, but men and kings also capture
/// along rows and files, the capture of the highest value comes first (a king worth a little
/// less than two men), then a capture by a king, and a side with men may move the same king at
/// most three times in a row without capturing.
const FRISIAN: Rules = Rules {
    capture_choice: CaptureChoice::Value,
    orthogonal_captures: true,
    king_move_limit: Some(3),
    ..INTERNATIONAL
};

/// The Turkish rules: all 64 squares, 16 men a side on the second and third rows, men step and
/// capture forward and sideways, kings fly along rows and files, captured pieces removed as
/// they are taken, a capturing king never turns back, the most pieces must be taken (a king
/// counting as one), a man that reaches the far row during a capture is crowned when the move
/// ends, White first (docs/variants.md names the sources).
const TURKISH: Rules = Rules {
    board: Board::F8,
    men_capture_backward: false,
    start_rows: 2,
    start_gap: 1,
    capture_removal: CaptureRemoval::Immediate,
    no_about_turn: true,
    ..EIGHT
};

// The table is in the order of the enum, so `info` is an index.
const _: () = {
    let mut i = 0;
    while i < Variant::TABLE.len() {
        assert!(Variant::TABLE[i].variant as usize == i);
        i += 1;
    }
};

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name or GameType number that pdnkit does not know.
///
/// # Examples
///
/// ```
/// use pdnkit::Variant;
///
/// let e = "chess960".parse::<Variant>().unwrap_err();
/// assert_eq!(e.0, "chess960");
/// assert!(e.to_string().starts_with("unknown variant `chess960`"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant `{0}` (expected one of: {names}, or a GameType number {numbers})", names = known_names(), numbers = known_numbers())]
pub struct UnknownVariant(pub String);

fn known_names() -> String {
    Variant::TABLE
        .iter()
        .map(|e| e.name)
        .collect::<Vec<_>>()
        .join(", ")
}

fn known_numbers() -> String {
    let mut n: Vec<u32> = Variant::TABLE.iter().map(|e| e.gametype).collect();
    n.sort_unstable();
    n.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Accepts the names of [`Variant::name`], the aliases of the table, and GameType numbers.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        if let Ok(n) = t.parse::<u32>() {
            return Variant::from_gametype(n).ok_or_else(|| UnknownVariant(s.to_string()));
        }
        Variant::TABLE
            .iter()
            .find(|e| e.name == t || e.aliases.contains(&t.as_str()))
            .map(|e| e.variant)
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_gametypes_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
            assert_eq!(v.gametype().to_string().parse::<Variant>(), Ok(v));
            assert_eq!(Variant::from_gametype(v.gametype()), Some(v));
        }
        assert_eq!("30".parse::<Variant>(), Ok(Variant::Turkish));
        assert!("41".parse::<Variant>().is_err());
    }

    #[test]
    fn black_moves_first_only_in_english_pool_and_thai() {
        for v in Variant::ALL {
            let black = matches!(v, Variant::English | Variant::Pool | Variant::Thai);
            assert_eq!(v.rules().first_to_move == Color::Black, black, "{v}");
        }
    }

    #[test]
    fn capture_choice_ranks_follow_the_criteria_in_order() {
        let t = |pieces, with_king, kings, first_king| CaptureTraits {
            pieces,
            with_king,
            kings,
            first_king,
        };
        let it = CaptureChoice::Italian;
        // More pieces beat everything after.
        assert!(it.rank(t(3, false, 0, None)) > it.rank(t(2, true, 2, Some(0))));
        // Then a king capturing beats a man.
        assert!(it.rank(t(2, true, 0, None)) > it.rank(t(2, false, 0, None)));
        // Then more kings, then the earlier first king.
        assert!(it.rank(t(2, true, 2, Some(1))) > it.rank(t(2, true, 1, Some(0))));
        assert!(it.rank(t(2, true, 1, Some(0))) > it.rank(t(2, true, 1, Some(1))));
        // Equal traits: free choice.
        assert_eq!(
            it.rank(t(2, true, 1, Some(1))),
            it.rank(t(2, true, 1, Some(1)))
        );
        assert_eq!(
            it.broken(t(2, true, 1, Some(1)), t(2, true, 1, Some(0))),
            Some(Criterion::KingFirstMet)
        );
        assert_eq!(
            it.broken(t(1, true, 1, Some(0)), t(2, false, 0, None)),
            Some(Criterion::MostPieces)
        );
        // Czech: only whether a king captures counts.
        let cz = CaptureChoice::KingFirst;
        assert!(cz.rank(t(1, true, 0, None)) > cz.rank(t(3, false, 1, Some(0))));
        assert_eq!(cz.rank(t(1, false, 0, None)), cz.rank(t(3, false, 0, None)));
        assert_eq!(
            cz.broken(t(3, false, 0, None), t(1, true, 0, None)),
            Some(Criterion::WithKing)
        );
        // Frisian: a king is worth more than a man and less than two; equal value, a king
        // captures first.
        let fr = CaptureChoice::Value;
        assert!(fr.rank(t(1, false, 1, None)) > fr.rank(t(1, false, 0, None)));
        assert!(fr.rank(t(2, false, 0, None)) > fr.rank(t(1, false, 1, None)));
        assert!(fr.rank(t(2, false, 2, None)) > fr.rank(t(3, false, 0, None)));
        assert!(fr.rank(t(2, false, 1, None)) < fr.rank(t(3, false, 0, None)));
        assert!(fr.rank(t(2, true, 0, None)) > fr.rank(t(2, false, 0, None)));
        assert_eq!(
            fr.broken(t(2, false, 0, None), t(2, false, 1, None)),
            Some(Criterion::MostValue)
        );
        // Free choice ranks everything alike; the majority rule counts pieces only.
        assert_eq!(CaptureChoice::Free.rank(t(3, true, 2, Some(0))), 0);
        assert_eq!(
            CaptureChoice::Majority.rank(t(2, true, 2, Some(0))),
            CaptureChoice::Majority.rank(t(2, false, 0, None))
        );
    }

    #[test]
    fn only_a_choice_whose_rank_changes_with_the_order_of_taking_says_so() {
        let t = |first_king| CaptureTraits {
            pieces: 3,
            with_king: true,
            kings: 2,
            first_king,
        };
        for c in [
            CaptureChoice::Free,
            CaptureChoice::Majority,
            CaptureChoice::KingFirst,
            CaptureChoice::MajorityThenKings,
            CaptureChoice::Italian,
            CaptureChoice::Value,
        ] {
            let by_order = c.rank(t(Some(0))) != c.rank(t(Some(2)));
            assert_eq!(c.ranks_by_order(), by_order, "{c:?}");
        }
        assert!(CaptureChoice::Italian.ranks_by_order());
    }
}
