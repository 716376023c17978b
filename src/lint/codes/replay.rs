//! `R3xx` move findings, `H4xx` huffs and `G5xx` game-level findings, reported by the replay.

use super::Code;
use crate::lint::diagnostic::{Kind, Severity};

macro_rules! code {
    ($id:ident, $name:literal, $kind:ident, $sev:ident, $summary:literal, $expl:literal, $ex:literal) => {
        #[doc = $summary]
        pub static $id: Code = Code {
            code: stringify!($id),
            name: $name,
            kind: Kind::$kind,
            severity: Severity::$sev,
            summary: $summary,
            explanation: $expl,
            example: $ex,
        };
    };
}

code!(
    R301,
    "empty-square",
    IllegalMove,
    Error,
    "the move starts on an empty square",
    "No piece stands on the square the move starts from. Usually a typing error in the square \
     number, a move recorded twice, or a missing move before it. The replay cannot apply the \
     move, so the rest of this line is not checked; other lines and games are.",
    "[GameType \"20\"]\n1. 32-28 19-23 2. 27-22 *"
);
code!(
    R302,
    "wrong-side",
    IllegalMove,
    Error,
    "the move starts on a square held by the side not to move",
    "The piece on the starting square belongs to the player who is not on move. Either the \
     move is attributed to the wrong side (a move is missing or doubled before it), or the \
     game starts with the other side to move than the records assumes (give a FEN, or the \
     right GameType).",
    "[GameType \"20\"]\n1. 19-23 *"
);
code!(
    R303,
    "occupied-destination",
    IllegalMove,
    Error,
    "the move ends on an occupied square",
    "A piece already stands on the square the move ends on.",
    "[GameType \"20\"]\n1. 36-31 *"
);
code!(
    R304,
    "impossible-step",
    IllegalMove,
    Error,
    "no piece can move that way",
    "The squares are on the board and the starting square holds a piece of the side to move, \
     but the piece cannot go there: not on a diagonal, too far for a man or a short king, \
     backwards for a man, or through other pieces for a flying king.",
    "[GameType \"20\"]\n1. 32-23 *"
);
code!(
    R305,
    "missed-capture",
    MissedCapture,
    Error,
    "a quiet move was played while a capture was compulsory",
    "In every variant pdnkit knows, capturing is compulsory. The move recorded is a legal step \
     for the piece, but a capture was available, so the move is not legal. The replay applies \
     the move anyway (the record shows it happened) and goes on; the note lists the captures \
     that were available. Under `--rules huffing` this is a warning, and the piece that should \
     have captured may be huffed.",
    "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 *"
);
code!(
    R306,
    "majority-rule",
    MajorityRule,
    Error,
    "the capture takes fewer pieces than the majority rule requires",
    "International, Brazilian, Canadian and Italian draughts require the capture that takes \
     the most pieces (a king counts as one). The recorded capture is otherwise legal, but \
     another takes more. The replay applies it and goes on. Under `--rules huffing` this is a warning and the \
     capturing piece may be huffed, as in the 1902 Polish rules.",
    "[GameType \"20\"]\n[FEN \"W:W32:B27,28,18\"]\n1. 32x21 *"
);
code!(
    R316,
    "capture-priority",
    MajorityRule,
    Error,
    "another capture takes precedence over the one recorded",
    "Some variants rank captures beyond their number of pieces. Italian draughts: of the \
     captures that take the most pieces, one made by a king comes before one made by a man; \
     then the one that takes the most kings; then the one that meets a king first. Czech \
     draughts: when a king can capture, a king must capture, whatever a man could take. \
     Frisian draughts: the capture of the highest value comes first, a king counting more \
     than one man and less than two; at equal value, a capture by a king. The \
     recorded capture is otherwise legal, but the rules required another. The replay applies \
     it and goes on. Under `--rules huffing` this is a warning and the capturing piece may be \
     huffed.",
    "[GameType \"29\"]\n[FEN \"W:We3,Ka1:Bf4,b2\"]\n1. e3xg5 *"
);
code!(
    R307,
    "incomplete-capture",
    IncompleteCapture,
    Error,
    "the capture stops while the piece could take more",
    "A multi-capture must be completed: the piece must go on taking while it can. The recorded \
     capture stops on a square from which it could have gone on. The replay applies the part \
     that was played and goes on. Under `--rules huffing` this is a warning, and the piece may \
     be huffed where it stands.",
    "[GameType \"21\"]\n[FEN \"B:W18,27:B14\"]\n1. 14x23 *"
);
code!(
    R308,
    "no-such-capture",
    NoSuchCapture,
    Error,
    "the capture matches no legal capture",
    "The move is written as a capture (or through intermediate squares), but no capture of the \
     side to move runs along that path. The note lists the captures that are legal.",
    "[GameType \"20\"]\n1. 32x23 *"
);
code!(
    R309,
    "ambiguous-move",
    AmbiguousMove,
    Warning,
    "the notation matches more than one legal move",
    "Two or more legal captures start and end on the squares written but take different pieces. \
     PDN 3.0 asks for such captures to be written with their intermediate squares. The replay \
     picks the one after which the game goes on legally (or the first), and lists the full \
     paths.",
    "[GameType \"21\"]\n[FEN \"W:W31:B26,27,18,19\"]\n1. 31x15 *"
);
code!(
    R310,
    "capture-separator-on-quiet-move",
    Separator,
    Warning,
    "a quiet move is written with a capture separator",
    "The move takes no piece, but is written with `x` (or `:`). The replay reads it as the quiet \
     move; the separator should be `-`.",
    "[GameType \"20\"]\n1. 32x28 *"
);
code!(
    R311,
    "move-separator-on-capture",
    Separator,
    Warning,
    "a capture is written with a move separator",
    "The move takes a piece, but is written with `-`. The replay reads it as the capture; the \
     separator should be `x` (or `:` in Russian notation).",
    "[GameType \"21\"]\n[FEN \"W:W31:B26\"]\n1. 31-22 *"
);
code!(
    R312,
    "off-board-square",
    IllegalMove,
    Error,
    "a square of the move is not a playing square of the board",
    "The move names a square number larger than the board has, or an algebraic square that is \
     off the board or not a playing (dark) square. Often a sign that the game was taken to be \
     of the wrong variant: check the GameType tag.",
    "[GameType \"21\"]\n1. 33-29 *"
);
code!(
    R313,
    "step-by-step-capture",
    NonStandard,
    Warning,
    "a multi-capture is written as several moves",
    "PDN 1.0 allowed a multi-capture to be written one jump at a time (`11x18 18x25`). PDN 3.0 \
     writes it as one move (`11x25` or `11x18x25`). The replay joins the pieces into one move.",
    "[GameType \"21\"]\n[FEN \"B:W14,22:B9\"]\n1. 9x18 18x25 *"
);
code!(
    R314,
    "foreign-notation",
    NonStandard,
    Warning,
    "moves are written in another notation than the GameType's",
    "The GameType says numeric squares but the moves are algebraic, or the reverse (PDN 3.0 \
     restriction 6). pdnkit reads both; a strict reader would not. Reported once per game.",
    "[GameType \"20\"]\n1. c3-d4 *"
);
code!(
    R315,
    "placeholder-move",
    MoveNumber,
    Warning,
    "a `...` placeholder stands for a move that is not given",
    "The `...` placeholder stands where the side to move should make a move. The replay passes \
     the turn to the other side without a move, so what follows can still be checked, but the \
     position after it may not be the real one.",
    "[GameType \"20\"]\n1. ... 32-28 *"
);
code!(
    R317,
    "ambiguous-short-move",
    AmbiguousMove,
    Error,
    "a move in Russian short notation fits two pieces of its file",
    "Russian short notation (`cd4`, `b:d4`, `gb6`) gives only the file the piece starts from. \
     Here two pieces of the side to move on that file can legally make the move (a man \
     capturing forward and one capturing backward to the same square, or a man and a king \
     stepping to it, for instance), so the record does not say which one moved. The message \
     names both; the replay goes on with the one after which the next recorded move is legal \
     (or the first). Write the move with both squares.",
    "[GameType \"25\"]\n[FEN \"W:Wc3,c7:Bd4,d6\"]\n1. c:e5 *"
);
code!(
    R318,
    "short-move-no-man",
    IllegalMove,
    Error,
    "no piece of the file named can make the move written in short notation",
    "Russian short notation (`cd4`, `b:d4`, `gb6`) names the file a piece starts from. No man \
     or king of the side to move on that file can move or capture to the square written (the \
     legal moves are listed). The rest of this line is not checked.",
    "[GameType \"25\"]\n1. ab6 *"
);
code!(
    R322,
    "king-move-limit",
    IllegalMove,
    Error,
    "one king moves more times in a row than the variant allows",
    "In Frisian draughts (and Frysk!) a side that still has men may make at most three moves in \
     a row with the same king without capturing; then it must capture, or move another piece. \
     The recorded move is the fourth (or a later) such move. The replay applies it and goes \
     on. The count runs along each line, a variation taking over the count of the line it \
     branches from.",
    "[GameType \"40\"]\n[FEN \"W:WK46,35:B5\"]\n1. 46-41 5-10 2. 41-46 10-15 3. 46-41 15-20 4. 41-46 *"
);
code!(
    R320,
    "move-number",
    MoveNumber,
    Warning,
    "the move number does not fit the move it stands before",
    "Move numbers count full moves from the first position of the game. The number written is \
     not the number of the move that follows, which often means that a move is missing or \
     doubled before it.",
    "[GameType \"20\"]\n1. 32-28 19-23 3. 28x19 *"
);
code!(
    R321,
    "second-player-number",
    MoveNumber,
    Warning,
    "a move number is written for the wrong player",
    "`12.` stands before the first player's move and `12...` before the second player's. The \
     move that follows is by the other player than the number says.",
    "[GameType \"20\"]\n1. 32-28 1. 19-23 *"
);
code!(
    H401,
    "huffable",
    Huffable,
    Warning,
    "under huffing rules: a piece that failed to capture may be huffed",
    "Under the old rules (Anderson's and Lasker's laws for English draughts, the 1875 Canadian \
     rules, the 1902 Polish rules) a missed, short or unfinished capture is not a false move: \
     the opponent may let it stand, make the player take it back and capture, or huff (remove) \
     the piece that should have captured, and then make his own move. Under huffing rules \
     this one warning takes the place of the missed, short or unfinished capture (R305, \
     R306, R307): it says what was missed and names the pieces that may be huffed.",
    "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 *"
);
code!(
    H402,
    "huff",
    Huff,
    Info,
    "a huff: a piece that failed to capture was removed",
    "The record shows a huff: a setup command whose position is the previous one less a \
     huffable piece, or a `[%huff SQUARE]` command in a comment. The replay removes the piece \
     and goes on.",
    "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 {[%huff 15]} 24-20 *"
);
code!(
    H403,
    "inferred-huff",
    Huff,
    Info,
    "a huff inferred: the next move is legal only with a huffable piece removed",
    "The opponent's next move is legal only if a huffable piece is taken off first (for \
     example, the move would otherwise have been a missed capture itself, or it goes through \
     the huffable piece's square). The record does not say so, but the huff explains the move: \
     the replay removes the piece and goes on.",
    "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 24-20 *"
);
code!(
    H404,
    "bad-huff",
    Huff,
    Error,
    "a huff names a piece that may not be huffed",
    "A `[%huff SQUARE]` command names a square without a huffable piece of the side that \
     failed to capture, or it appears where no huff is possible (modern rules, or no missed \
     capture just before).",
    "[GameType \"21\"]\n1. 11-15 {[%huff 22]} 23-19 *"
);
code!(
    G501,
    "moves-after-end",
    GameOver,
    Error,
    "moves are recorded after the game was over",
    "The side to move had no legal move (no pieces left, or all blocked), or, in a variant the \
     first king wins (lidraughts' Breakthrough), a king had been made: the game was over, yet \
     more moves follow.",
    "[GameType \"21\"]\n[FEN \"W:W18:B14\"]\n1. 18x9 2. 5-1 *"
);
code!(
    G502,
    "result-mismatch",
    ResultMismatch,
    Error,
    "the Result tag and the game terminator disagree",
    "The `[Result]` tag and the result written after the moves say different things. One of \
     them is wrong.",
    "[Result \"2-0\"]\n1. 32-28 0-2"
);
code!(
    G503,
    "result-contradiction",
    ResultContradiction,
    Error,
    "the result contradicts the final position",
    "At the end of the game the side to move has no legal move (no pieces, or all blocked), so \
     that side has lost; the result credits it with a win or a draw. In English draughts and \
     pool, results are read in the convention the file follows (PDN's first mover first, or \
     White first: see G514).",
    "[GameType \"21\"]\n[FEN \"W:W18:B14\"]\n1. 18x9 1/2-1/2"
);
code!(
    G504,
    "invalid-fen",
    InvalidFen,
    Error,
    "the FEN tag does not describe a position",
    "The `[FEN]` tag cannot be read, or names a square off the board, a square twice, or a man \
     on its own promotion row. The game's moves cannot be checked without a start position.",
    "[GameType \"20\"]\n[FEN \"W:W31-51:B1-20\"]\n1. 32-28 *"
);
code!(
    G505,
    "invalid-setup",
    InvalidFen,
    Error,
    "a setup command does not describe a position",
    "A `/FEN \"...\"/` setup command in the moves cannot be read or describes an impossible \
     position. The rest of that line is not checked.",
    "[GameType \"20\"]\n1. 32-28 /FEN \"X\"/ *"
);
code!(
    G506,
    "variant-guess",
    VariantGuess,
    Warning,
    "no GameType: the variant was inferred",
    "The game has no GameType tag (or one pdnkit cannot use), so the variant was inferred \
     from evidence that does not depend on whether its moves are legal: the board the highest \
     square of the moves and the FEN needs (squares that all fit 8x8 make an 8x8 game), the \
     notation (numeric or algebraic), who moves first, words in the Event, Site, Variant, \
     Opening, Annotator and Source tags (`Italiana`, `Shashki`, `Dammen`, ...) and the file's \
     other games. Where that leaves several variants, the replay breaks the tie once per file, \
     for each run of games with the same evidence: each candidate replays the run's games at \
     the start of the file (up to 256 of them, in its first megabyte), and the first candidate \
     in the order of the evidence (International on 10x10, English first of the numeric 8x8 \
     variants, Russian of the algebraic ones) that does not fail at the first half-move of \
     most of them is kept (where the file's games with a GameType declare a variant whose own \
     records have the run's board and notation, or its other games are read as one, that one, \
     whatever the moves do), unless another replays them \
     further in total: one whose numbering, first mover or start differ (shown by games from \
     the standard start, and where no other game declares the presumption) takes its place so; \
     one set up alike, whose rules alone differ (pool from English, Frisian from \
     International, Czech from Russian), only when it also replays further in at least a \
     quarter of the games (two at least), so that no one game's illegal move ever chooses \
     the variant. The choice is stated once, at the run's first game, with \
     how far each candidate replayed; every later game of the run is read the same way, and \
     its errors are errors, each with a note of the guess. Give `--variant` or add a GameType \
     tag to make it certain.",
    "1. 11-15 23-19 *"
);
code!(
    G507,
    "unsupported-variant",
    Tag,
    Warning,
    "the game's variant has no rules in pdnkit: moves are not checked",
    "The GameType (or Variant tag) names a game whose rules pdnkit does not know \
     (Spantsiretti, chess, Othello ...), or tag words name such a game for a game without \
     GameType. The game is read and its syntax checked, but its moves are not \
     replayed. `--variant` with such a game (`--variant 41`) asks for exactly that: it is said \
     once per file, as an info.",
    "[GameType \"41\"]\n1. a3-a4 *"
);
code!(
    G508,
    "bad-gametype",
    Tag,
    Error,
    "the GameType tag cannot be read",
    "The `[GameType]` value is not of the form `number[,colour,width,height,notation[,invert]]`. \
     The variant is inferred instead.",
    "[GameType \"International\"]\n1. 32-28 *"
);
code!(
    G509,
    "gametype-note",
    NonStandard,
    Warning,
    "the GameType has an unusual or outdated value",
    "The GameType can be used but a field is unusual: a corner value from the tables before \
     2014, an impossible board size, a missing corner digit, an inverted board, or another side \
     to move first than the variant has. The note says what was assumed. Width and height \
     that name another board than the number's variant (`29,W,10,10,N2,0`: 29 is Czech, 8x8, \
     today, and was Frisian in a 2009 table) are weighed against the moves: when the numbered \
     variant does not replay them and a variant of the stated board does (the game an older \
     table gave the number first, then in inference's order), that one is used, and this one \
     warning says so.",
    "[GameType \"25,W,8,8,A1,0\"]\n1. c3-d4 *"
);
code!(
    G510,
    "fen-note",
    NonStandard,
    Warning,
    "the FEN is readable but not in PDN 3.0 form",
    "A trailing `.` (PDN 1.0 style) or spaces inside the FEN. Readers accept it; writers should \
     not produce it.",
    "[FEN \"W:WK4,30:B27,22.\"]\n*"
);
code!(
    G511,
    "unknown-turn",
    InvalidFen,
    Info,
    "the FEN does not say who moves: the first mover is assumed",
    "The FEN starts with `?`. The replay assumes the side that moves first in the variant; if \
     the first move is the other side's, that move is reported as made by the wrong side, which \
     tells the FEN to fix.",
    "[FEN \"?:W31-50:B1-20\"]\n1. 32-28 *"
);
code!(
    G512,
    "impossible-position",
    InvalidFen,
    Warning,
    "the position cannot arise in a game",
    "The position is readable but cannot come from the start position: more than the variant's \
     number of pieces for a side, a man on its own crowning row, or a board with no piece at \
     all (`[FEN \"W::\"]`, which some files use as a placeholder). The replay goes on from it.",
    "[GameType \"21\"]\n[FEN \"W:W17-29:B1-4\"]\n*"
);

code!(
    G513,
    "no-variant-fits",
    VariantGuess,
    Warning,
    "no GameType, and no variant pdnkit knows replays the file's games past their first moves",
    "The game has no GameType tag, and the variant of its run of games (the file's games with \
     the same evidence: board, notation, tag words) is unknown: every candidate the evidence \
     allows, on the board its squares need, on the larger boards they fit and as the file's \
     other games are read, fails early in more than half of the run's games weighed (it \
     rejects the start position or the first half-move). Such files are of a variant pdnkit \
     does not replay (Spantsiretti, ...) or written in a numbering it does not know, and \
     pdnkit asserts no rule error under a guess. The warning names the closest candidate (the \
     one that replayed the weighed games furthest) and where this game fails under it, ply \
     counted from 1. Give `--variant` or add a GameType tag: the moves are then checked under \
     that variant and its errors are errors.",
    "1. 13-17 17-13 *"
);
code!(
    G514,
    "result-convention",
    NonStandard,
    Warning,
    "the file's results give White's score first, not the first mover's",
    "In English draughts and American pool Black moves first, and PDN writes results from the \
     first mover's side: `1-0` means Black won. Many programs and files write White's score \
     first instead. When the final position of a game shows that the file follows the other \
     convention, this is said once for the file, at that game; later games are judged by the \
     same convention, and one that fits neither is a result contradiction (G503).",
    "[GameType \"21\"]\n[FEN \"W:W18:B14\"]\n1. 18x9 1-0"
);
code!(
    G515,
    "no-variant-evidence",
    VariantGuess,
    Warning,
    "no GameType, and nothing in the game shows its variant: it is not replayed",
    "The game has no GameType tag and no squares at all (no moves and no FEN: a forfeit, a game \
     not played), and no tag words name its game. Every variant replays it alike, so the replay \
     cannot choose, and a choice would decide how its result is read (`1-0` credits Black where \
     Black moves first). It is read as the variant the file's earlier games showed, when they \
     all showed one (declared, or inferred from their squares); otherwise it is not replayed, \
     commands that write it add no GameType, and statistics count it as not replayed. Add a \
     GameType tag or give `--variant` to read it as one.",
    "[Result \"2-0\"]\n*"
);
code!(
    G516,
    "result-scale",
    NonStandard,
    Info,
    "the results are scored on the other scale than the variant's",
    "PDN 3.0 gives each GameType a ResultType: International (20) and Canadian (27) score a game \
     on two points (`2-0`, `1-1`, `0-2`), the other games on one (`1-0`, `1/2-1/2`, `0-1`); \
     `0-0` and `*` belong to both. A file whose results use the other scale (a Czech league \
     file scoring `2-0` and `1-1`, an International file scoring `1-0`) is read all the same, \
     each score meaning what it says, and this is said once per file, as information (shown \
     with `--verbose`). PDN 3.0's conformance files reject such a file, so with `--strict` it \
     is an error. Write the scores of the variant's ResultType (lidraughts' 10x10 variants, \
     Antidraughts, Breakthrough and Frysk!, score on two points as International does).",
    "[GameType \"29\"]\n[Result \"2-0\"]\n1. c3-d4 f6-g5 2-0"
);

/// Every code of this group.
pub static ALL: &[&Code] = &[
    &R301, &R302, &R303, &R304, &R305, &R306, &R307, &R308, &R309, &R310, &R311, &R312, &R313,
    &R314, &R315, &R316, &R317, &R318, &R320, &R321, &R322, &H401, &H402, &H403, &H404, &G501,
    &G502, &G503, &G504, &G505, &G506, &G507, &G508, &G509, &G510, &G511, &G512, &G513, &G514,
    &G515, &G516,
];
