//! `S1xx` syntax errors and `N2xx` non-standard constructs, reported by the reader.
//!
//! In strict mode every `N2xx` finding is reported with severity error.

use super::Code;
use crate::lint::diagnostic::{Kind, Severity};

/// A `{` comment is never closed.
pub static S101: Code = Code {
    code: "S101",
    name: "unterminated-comment",
    kind: Kind::Syntax,
    severity: Severity::Error,
    summary: "a `{` comment is never closed",
    explanation: "A comment opened with `{` has no closing `}` before the end of the file or before the next line that starts a tag. Everything after the brace would otherwise be swallowed as comment text, so the reader stops the game there and goes on with the next one. Add the missing `}`.",
    example: "1. 32-28 { a note that never ends\n",
};

/// A tag value's `"` is never closed on its line.
pub static S102: Code = Code {
    code: "S102",
    name: "unterminated-string",
    kind: Kind::Syntax,
    severity: Severity::Error,
    summary: "a tag value's `\"` is never closed on its line",
    explanation: "A tag value starts with `\"` but the line ends before the closing quote. Tag values are read up to the end of their line, so one missing quote does not swallow the rest of the file. Close the quote; a quote inside a value is written `\\\"`.",
    example: "[Event \"Club championship]\n1. 32-28 *\n",
};

/// A tag's `[` has no matching `]`.
pub static S103: Code = Code {
    code: "S103",
    name: "unterminated-tag",
    kind: Kind::Syntax,
    severity: Severity::Error,
    summary: "a tag's `[` has no matching `]`",
    explanation: "A tag pair opened with `[` is not closed with `]` on the same line. The name and value that could be read are kept. Add the `]`.",
    example: "[Event \"Club championship\"\n1. 32-28 *\n",
};

/// A variation's `(` is never closed, or a `)` closes nothing.
pub static S104: Code = Code {
    code: "S104",
    name: "unbalanced-parenthesis",
    kind: Kind::Syntax,
    severity: Severity::Error,
    summary: "a variation's `(` is never closed, or a `)` closes nothing",
    explanation: "Variations are written in parentheses and may nest, but every `(` needs its `)` before the game ends and a `)` needs an open `(`. An unclosed `(` is reported where it opens and is taken as closed at the end of the game; a stray `)` is reported and skipped.",
    example: "1. 32-28 (1. 33-29 19-23 2. 31-27 *\n",
};

/// Text that is not PDN where movetext was expected.
pub static S105: Code = Code {
    code: "S105",
    name: "unexpected-token",
    kind: Kind::Syntax,
    severity: Severity::Error,
    summary: "text that is not PDN where movetext was expected",
    explanation: "The reader met something that no part of the PDN grammar starts with (a word, a stray number, a lone punctuation mark). Reading of this game stops there, and goes on at the next line that starts a tag (or after the next game terminator once the game had moves). Only the first such place of a game is reported, so a file that is not PDN at all gets one diagnostic, not one per line.",
    example: "1. 32-28 hello 19-23 *\n",
};

/// A tag without a name or without a quoted value.
pub static S106: Code = Code {
    code: "S106",
    name: "malformed-tag",
    kind: Kind::Syntax,
    severity: Severity::Error,
    summary: "a tag without a name or without a quoted value",
    explanation: "A tag pair is `[Name \"value\"]`: a name made of letters, digits and `_`, then a value in double quotes. This one lacks one of them. It is kept with an empty value when a name could be read.",
    example: "[Event]\n1. 32-28 *\n",
};

/// A square without a second square, or a separator with nothing after it.
pub static S107: Code = Code {
    code: "S107",
    name: "incomplete-move",
    kind: Kind::Syntax,
    severity: Severity::Error,
    summary: "a square without a second square, or a separator with nothing after it",
    explanation: "A move is a square, a separator and another square (more squares for a capture path). Here only one square was written, or a separator is not followed by a square, or a square is out of any notation's range. The token is skipped and reading goes on.",
    example: "1. 32 19-23 *\n",
};

/// A run of digits that cannot be split into two squares in one way.
pub static S108: Code = Code {
    code: "S108",
    name: "ambiguous-numeric-run",
    kind: Kind::Syntax,
    severity: Severity::Error,
    summary: "a run of digits that cannot be split into two squares in one way",
    explanation: "A move written without separator (`3228`) is split into two squares. Four digits are read as two two-digit squares; three digits are read only when exactly one split gives two squares in the range 1 to 72 without a leading zero (`911` is 9-11, `123` could be 1-23 or 12-3). Longer runs, and runs with no or several readings, are reported here. Write the separator.",
    example: "1. 123 *\n",
};

/// Variations nested deeper than the reader's limit were skipped.
pub static S109: Code = Code {
    code: "S109",
    name: "variation-too-deep",
    kind: Kind::Syntax,
    severity: Severity::Error,
    summary: "variations nested deeper than the reader's limit were skipped",
    explanation: "Variations may nest, but a file with thousands of nested parentheses is almost always broken or hostile. Variations deeper than the limit (256 unless set otherwise) are skipped with their content, and the reader goes on with the enclosing line once they are closed. The message tells how much text was skipped. When `pdn check` replays the game, the variation of the main line that holds them is not replayed from the deepest level the reader reads (the limit's own) to its end, so that the skipped text need not be held.",
    example: "{ read with the nesting limit set to 4 }\n1. 32-28 (((((19-23))))) 19-23 *\n",
};

/// A setup command's `/` is never closed.
pub static S110: Code = Code {
    code: "S110",
    name: "unterminated-setup",
    kind: Kind::Syntax,
    severity: Severity::Error,
    summary: "a setup command's `/` is never closed",
    explanation: "A setup command is written `/FEN \"...\"/` with a slash on both sides. This one has no closing slash on its line. The game is stopped there. Add the closing `/`.",
    example: "1. 32-28 /FEN \"W:W31-50:B1-20\" 19-23 *\n",
};

/// A strength mark that follows no move.
pub static S111: Code = Code {
    code: "S111",
    name: "misplaced-strength",
    kind: Kind::Syntax,
    severity: Severity::Error,
    summary: "a strength mark that follows no move",
    explanation: "A strength mark (`!`, `?`, `!?`, `(?)`...) belongs right after a move. This one follows a move number, a comment or nothing at all, so it cannot be attached to a move. It is dropped. A numeric annotation glyph (`$1`...) may stand anywhere.",
    example: "{ note } ! 1. 32-28 *\n",
};

/// Extra spaces, or a line break, inside a tag's brackets.
pub static N201: Code = Code {
    code: "N201",
    name: "tag-spacing",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "extra spaces or a line break inside a tag's brackets",
    explanation: "PDN writes a tag as `[Name \"value\"]` on one line: no space after `[` or before `]`, and one space between name and value. Some programs pad the name to line values up (`[Event    \"...\"]`), and files typed or wrapped by hand break a tag over two lines (`[` then `Event \"...\"]`, or the `]` alone on the next line). The tag is read as if written normally; a line break is accepted only where the rest of the tag follows on the next line. `pdn fix` writes the tag `[Name \"value\"]` on one line.",
    example: "[Event    \"Open\" ]\n1. 32-28 *\n",
};

/// A tag name that does not start with a capital letter.
pub static N202: Code = Code {
    code: "N202",
    name: "tag-name-case",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a tag name that does not start with a capital letter",
    explanation: "PDN tag names are case-sensitive and start with an upper-case letter (`Event`, `White`, `GameType`). A name such as `event` or `a` is read but programs looking for the standard tags will not recognise it.",
    example: "[event \"Open\"]\n1. 32-28 *\n",
};

/// A square or move number written with a leading zero.
pub static N203: Code = Code {
    code: "N203",
    name: "leading-zero",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a square or move number written with a leading zero",
    explanation: "PDN 3.0 writes squares and move numbers without leading zeros (`1-7`, not `01-07`); PDN 2.0 allowed them on input only. The value is read the same.",
    example: "01. 34-29 06-11 *\n",
};

/// Spaces inside a move token.
pub static N204: Code = Code {
    code: "N204",
    name: "space-in-move",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "spaces inside a move token",
    explanation: "A move is written without spaces (`1-6`, `32-28`); PDN 3.0 forbids `1- 6` or `32 - 28`. The squares are joined into one move.",
    example: "1. 32 - 28 19-23 *\n",
};

/// A space between a move and its strength mark.
pub static N205: Code = Code {
    code: "N205",
    name: "space-before-strength",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a space between a move and its strength mark",
    explanation: "PDN 3.0 writes a strength mark right after its move (`32-28!`). With a space in between the mark is still attached to the move before it.",
    example: "1. 32-28 ! 19-23 *\n",
};

/// `X` or `:` as capture separator where `x` is standard.
pub static N206: Code = Code {
    code: "N206",
    name: "capture-separator",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "`X` or `:` as capture separator where `x` is standard",
    explanation: "PDN 3.0 writes captures with a lower-case `x`, except for the variants whose GameType asks for `:` (Russian, Spantsiretti). An upper-case `X` (PDN 2.0) or a `:` in other games is read as a capture.",
    example: "1. 32-28 19-23 2. 28X19 *\n",
};

/// `*` used as a strength mark (PDN 2.0 star move).
pub static N207: Code = Code {
    code: "N207",
    name: "star-strength",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "`*` used as a strength mark (PDN 2.0 star move)",
    explanation: "PDN 2.0 marked an only move or star move with `*` right after it. In PDN 3.0 `*` separates games, so the star clashes with it; write `$7` instead. A `*` directly after a move and followed by more movetext is read as this mark.",
    example: "1. 32-28* 19-23 *\n",
};

/// A game terminator that is not one of the standard results.
pub static N208: Code = Code {
    code: "N208",
    name: "non-standard-result",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a game terminator that is not one of the standard results",
    explanation: "The standard results are `1-0`, `0-1`, `1/2-1/2`, `2-0`, `0-2`, `1-1`, `0-0` and `*`. Some archives score games differently (`4-6`, Delfts `1 1/2 - 1/2`, Goes `1.01-0.99`, see the ResultFormat tag). Such a score is taken as the terminator when it ends the game (the file or the next tag follows) or equals the Result tag (the first, in a game that has two).",
    example: "[Result \"4-6\"]\n1. 32-28 19-23 4-6\n",
};

/// A comment with braces nested inside it.
pub static N209: Code = Code {
    code: "N209",
    name: "nested-comment",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a comment with braces nested inside it",
    explanation: "PDN comments cannot nest: the first `}` ends the comment. This comment holds a balanced `{...}` inside it and is read up to its matching brace. The standard's conformance set rejects such files.",
    example: "1. 32-28 {a {nested} note} *\n",
};

/// The last game of the file has no terminator.
pub static N210: Code = Code {
    code: "N210",
    name: "missing-terminator",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "the last game of the file has no terminator",
    explanation: "Each game should end with `*` or a result. The file ends in the middle of the movetext of its last game; the game is read as it stands. Add `*` (or the result) at the end.",
    example: "1. 32-28 19-23\n",
};

/// A `;` rest-of-line comment.
pub static N211: Code = Code {
    code: "N211",
    name: "semicolon-comment",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a `;` rest-of-line comment",
    explanation: "Chess PGN allows comments from `;` to the end of the line; PDN only has `{...}` comments and `%` lines. The text is read as a comment.",
    example: "1. 32-28 ; a note\n19-23 *\n",
};

/// A tag follows movetext without a terminator between them.
pub static N212: Code = Code {
    code: "N212",
    name: "tag-after-movetext",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a tag follows movetext without a terminator between them",
    explanation: "A tag in the middle of movetext can only start the next game, so the game before it ended without `*` or a result. The game is read as it stands and the tag starts a new game; where only blanks stand before the tag on its line, the new game starts with that line, as after a terminator.",
    example: "1. 32-28 19-23\n[Event \"next\"]\n1. 33-29 *\n",
};

/// A numeric move written without separator (`3228`).
pub static N213: Code = Code {
    code: "N213",
    name: "numeric-run",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a numeric move written without separator (`3228`)",
    explanation: "PDN 1.0 allowed numeric moves without separator; the reading grammar only allows it for algebraic moves (`a3b4`). Four digits are read as two two-digit squares, three digits only where one split is possible (see S108).",
    example: "1. 3228 1923 *\n",
};

/// A move with more than two squares that is not a capture path.
pub static N214: Code = Code {
    code: "N214",
    name: "long-move-path",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a move with more than two squares that is not a capture path",
    explanation: "Only captures may list intermediate squares (`28x19x10`). A path written with `-` (`29-18-27`) or mixing `-` and `x` comes from old programs that wrote multi-jumps that way. It is read as written; the replay decides what it means.",
    example: "1. 29-18-27 *\n",
};

/// A game terminator with no game before it.
pub static N215: Code = Code {
    code: "N215",
    name: "stray-terminator",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a game terminator with no game before it",
    explanation: "A `*` or result stands where no tags or moves came before it, often a second terminator after a game (`1-0 *`). It is skipped.",
    example: "1. 32-28 1-0 *\n",
};

/// A tag repeats one of the same game: a new game starts.
pub static N216: Code = Code {
    code: "N216",
    name: "repeated-tag",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a tag repeats one of the same game: a new game starts",
    explanation: "Each tag appears at most once per game. A tag whose name the current game already has can only start the next game, so the game before it (which has tags but no movetext) ended without `*` or a result. The tag starts a new game, with its line where only blanks stand before it there.",
    example: "[Event \"one\"]\n\n[Event \"two\"]\n1. 32-28 *\n",
};

/// A tag appears twice in one header.
pub static N218: Code = Code {
    code: "N218",
    name: "duplicate-tag",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a tag appears twice in the same header",
    explanation: "Each tag may appear once per game. Two values for the same tag in one header \
                  (no blank line between them, so no new game starts) leave it unclear which \
                  is meant. pdnkit keeps both in the syntax tree and uses the first.",
    example: "[Event \"one\"]\n[Event \"two\"]\n1. 32-28 *\n",
};

/// A literal `\n` stands where a line break should be.
pub static N217: Code = Code {
    code: "N217",
    name: "escaped-line-break",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a literal `\\n` stands where a line break should be",
    explanation: "Some exports pass PDN through JSON or a programming language and keep the two characters backslash and `n` (or `r`, or both: `\\r\\n`) instead of a line break (`[Event \"x\"]\\n[Site \"y\"]`), often at the end of every line. Outside tag values and comments the reader takes them as white space, so the file reads into the same games as its clean version. It is one fault of the program that wrote the file, so it is reported once per file, at its first place. Replace the literal `\\r` and `\\n` with line breaks.",
    example: "[Event \"x\"]\\r\\n[Site \"y\"]\\r\n1. 32-28 *\\r\n",
};

/// Algebraic squares written in upper case (`C3-B4`).
pub static N219: Code = Code {
    code: "N219",
    name: "upper-case-square",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "algebraic squares written in upper case (`C3-B4`)",
    explanation: "PDN writes algebraic squares with a lower-case file letter (`c3-b4`). Some programs and hand-typed files use capitals (`1. C3-B4 B6-A5`). The squares are read as their lower-case names. A file written so is one habit of its writer, so this is reported once per file, at the first such move.",
    example: "[GameType \"25\"]\n1. C3-B4 B6-A5 *\n",
};

/// A move in Russian short notation (`cd4`, `b:d4`).
pub static N220: Code = Code {
    code: "N220",
    name: "short-notation",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a move in Russian short notation (`cd4`, `b:d4`)",
    explanation: "Russian books, magazines and correspondence play write moves with the file the piece starts from and the square it goes to: `cd4` for c3-d4, `b:d4` (or `bxd4`) for the capture b2:d4 (the \"half-short\" notation, e.g. `1.cd4 fg5 2.dc5 b:d4 3.e:c5`), and kings' moves the same way (`gb6` for a king's g1-b6, `g:b6` for its capture). PDN writes both squares. The replay finds the piece: the man or king of the side to move on that file that can legally make a quiet move or a capture to the square written (further squares after it are the capture's path, as usual); when none can legally, the one whose move only breaks the duty to capture, which is then reported as such. When no piece of the file can make the move, R318 says so; when two can, R317 names both. Reported once per file, at the first such move.",
    example: "[GameType \"25\"]\n1. cd4 fg5 2. dc5 b:d4 *\n",
};

/// `-` or `–` used for "no result".
pub static N221: Code = Code {
    code: "N221",
    name: "dash-result",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "`-` or `–` used as game terminator or Result for \"no result\"",
    explanation: "Some archives end a game with a lone dash (`-`, `–` or `—`) or write `[Result \"-\"]` where the result is unknown. PDN writes `*` for that. A dash that ends the game (the file or the next tag follows it) is read as `*`; a dash Result tag is read as no result. A Result tag that is not a score (`-`, `?`, words) never makes the reader take the game's last move as its score. Reported once per file.",
    example: "[Result \"-\"]\n1. 32-28 19-23 -\n",
};

/// A parenthesised note read as a comment.
pub static N222: Code = Code {
    code: "N222",
    name: "parenthesised-note",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a note written in parentheses, read as a comment",
    explanation: "Parentheses hold variations in PDN, but some programs write their notes in them (`11-16 (a note here) 18-14`). A parenthesised group whose own words do not read as movetext (moves, move numbers, results, NAGs, strength marks) is kept as a comment with its whole text, and the game goes on after it; a group of moves (`(12-16 21-17)`) stays a variation, and so does a group in which a comment or a setup before its first word holds a parenthesis (`(; see 12)`): the comment runs past the `)` a note would end at, so what follows it is not the group's own. Write notes in braces. Reported once per file.",
    example: "1. 32-28 (a note here) 19-23 *\n",
};

/// A tag value holding a `"` that is not escaped.
pub static N223: Code = Code {
    code: "N223",
    name: "unescaped-quote-in-tag",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a tag value holds a `\"` that is not escaped",
    explanation: "PDN writes a quote inside a tag value as `\\\"` (`[Site \"Kiev \\\"Dynamo\\\" club\"]`). Many archives write it bare (`[Site \"Kiev \"Dynamo\" club\"]`), so the value seems to end at its second quote. When the line still ends the tag plainly (a quote, `]`, then only blanks to the line's end or another tag), the value is read as everything between the first quote after the name and the last quote before that `]`, and reported here at its first inner quote. Any other line stays an error (S103 and what follows), and so does a value that would hold a tag's end (a quote and `]` that other text follows) or another tag's start (`[Name \"`). `pdn fix` writes the inner quotes escaped.",
    example: "[Site \"Kiev \"Dynamo\" club\"]\n1. 32-28 *\n",
};

/// A tag value broken over two lines.
pub static N224: Code = Code {
    code: "N224",
    name: "tag-value-line-break",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a tag value broken over two lines",
    explanation: "A tag value is written on its tag's line, but files wrapped by hand or by a mail program break a long one (`[Event \"Campionato` then `Italiano 2005\"]`). When the next line starts like no tag, comment or movetext and ends the tag plainly (a quote, `]`, then only blanks to the line's end or another tag), the two lines are read as one value, with one space for the line break and the blanks around it, and reported here at the line break. Otherwise the value's quote stays unclosed (S102). `pdn fix` writes the value on one line.",
    example: "[Event \"Campionato\nItaliano 2005\"]\n1. 32-28 *\n",
};

/// A byte order mark inside the file.
pub static N225: Code = Code {
    code: "N225",
    name: "byte-order-mark-inside",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a byte order mark (U+FEFF) stands inside the file",
    explanation: "A byte order mark belongs at the very start of a file, where it says the file is in UTF-8 (or UTF-16) and is not read as text. Files saved with one and then joined (`cat a.pdn b.pdn > all.pdn`, or `copy /b` on Windows) carry the next file's mark inside, often just before its first tag, where it would make that line no tag and lose the game after it. Between tokens the reader takes the mark for white space, so the joined file reads into the same games as its parts. It is one fault of how the file was made, so it is reported once per file, at its first place. Remove the marks after the first (`pdn convert --canonical` writes games without them).",
    example: "[Event \"a\"]\n1. 32-28 *\n\u{feff}[Event \"b\"]\n1. 32-28 *\n",
};

/// A move run on into the token after it.
pub static N226: Code = Code {
    code: "N226",
    name: "move-run-on",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a move runs on into the token after it with no space between",
    explanation: "An algebraic square is a file letter and a rank: once the move's last square is whole, a digit after it starts another token. A lost space (`b2-c33. h6-g5`, where `b2-c3 3. h6-g5` was meant) is read as the move and then that token, a move number here. Numeric squares have no such end, so converted to numeric notation the same text would run the two into one square: `pdn convert` keeps such a game as written. Write a space between; `pdn fix` puts one in.",
    example: "[GameType \"29\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c33. h6-g5 *\n",
};

/// A result written with a colon.
pub static N227: Code = Code {
    code: "N227",
    name: "colon-result",
    kind: Kind::NonStandard,
    severity: Severity::Warning,
    summary: "a result written with a colon (`1:0`, `0:1`, `1/2:1/2`)",
    explanation: "Russian archives write results with a colon where PDN writes a dash: `1:0`, `0:1`, `1/2:1/2` (and `2:0`, `0:2`, `1:1`), as the game terminator and in the Result tag. Each is read as the PDN result it stands for (`1:0` as `1-0`): the game ends there, and the result is judged against the Result tag and the final position. It is never a move: no square is numbered 0, and `1/2` is no square, though a Russian capture is written with the same colon (`c3:e5`, `22:13`). A score of whole numbers other than these (`4:6`) ends the game only as the Result tag's own value (N208); one that cannot be a move (`0.5:0.5`) always does (N208). `pdn convert --canonical` writes the PDN form. Reported once per file.",
    example: "[Result \"1:0\"]\n1. c3-d4 f6-g5 1:0\n",
};

/// A NAG or move number too large for its field.
pub static S112: Code = Code {
    code: "S112",
    name: "number-too-large",
    kind: Kind::Syntax,
    severity: Severity::Error,
    summary: "a NAG, move number or square number too large to be stored",
    explanation: "A NAG (`$` and a number) or a move number holds more digits than any real one: it does not fit in 32 bits (above 4294967295). The number is kept as 4294967295 and the game is read on, but its meaning is lost. A square number above 65535 (no board has more than 72 squares) cannot be stored either: the move it is in is not read. A number this long is usually two tokens run together or a corrupted file; write the number that was meant.",
    example: "1. 32-28 $123456789012345678901234567890 19-23 *\n",
};

/// A token too long to read was skipped.
pub static S113: Code = Code {
    code: "S113",
    name: "token-too-long",
    kind: Kind::Syntax,
    severity: Severity::Error,
    summary: "a token longer than any PDN token was skipped",
    explanation: "No PDN token is long: a tag line, a move, a setup command or a NAG takes a few dozen bytes, a long annotation a few thousand. A tag line, an escape line, a `;` comment, a setup command or a word of movetext that runs on for more than a megabyte (1,048,576 bytes) is almost always a corrupted file, two files run together or hostile input. It is skipped to its end (the end of its line, the closing `/` of a setup, or the white space or bracket after a word) without being held, and the reader goes on after it: a tag skipped is not read (a GameType or FEN among them), a word skipped is no move, and in a variation the rest of that variation is not checked. The message tells how long it was. A command that keeps games as trees holds such a game part by part (F009). Comments in braces have their own limit (S101). Find the place in the file and cut the run of bytes that does not belong there.",
    example: "",
};

/// Every code of this group.
pub static ALL: &[&Code] = &[
    &S101, &S102, &S103, &S104, &S105, &S106, &S107, &S108, &S109, &S110, &S111, &S112, &S113,
    &N201, &N202, &N203, &N204, &N205, &N206, &N207, &N208, &N209, &N210, &N211, &N212, &N213,
    &N214, &N215, &N216, &N217, &N218, &N219, &N220, &N221, &N222, &N223, &N224, &N225, &N226,
    &N227,
];
