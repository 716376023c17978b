"""Games read from a path, text, bytes or a file object; tags, moves, variations, positions,
conversion, errors, threads and the table of games."""

import collections.abc
import io
import threading
import time

import pytest

import pdnkit
from conftest import CORPUS

PDN = """[Event "Club"]
[White "Ann"]
[Black "Bob"]
[GameType "20"]
1. 32-28 19-23 {the usual} (1... 18-23 $2) 2. 28x19 $1 14x23 3. 37-32 2-0

[GameType "21"]
1. 11-15 22-18 2. 12-16 *
"""


def test_every_kind_of_source_gives_the_same_games(tmp_path):
    path = tmp_path / "two.pdn"
    path.write_text(PDN, encoding="utf-8")
    sources = [PDN, PDN.encode(), str(path), path, io.BytesIO(PDN.encode()), open(path, "rb")]
    seen = [[(g.tags, [m.text for m in g.moves]) for g in pdnkit.read(s)] for s in sources]
    assert all(s == seen[0] for s in seen)
    assert len(seen[0]) == 2


def test_a_game_tags_moves_and_positions():
    game, second = pdnkit.read(PDN)
    assert game.tags == {"Event": "Club", "White": "Ann", "Black": "Bob", "GameType": "20"}
    assert (game.variant, game.variant_inferred, game.result, game.plies) == ("international", False, "2-0", 5)
    texts = [m.text for m in game.moves]
    assert texts == ["32-28", "19-23", "28x19", "14x23", "37-32"]
    take = game.moves[2]
    assert (take.ply, take.side, take.from_square, take.to_square, take.captures) == (3, "white", "28", "19", ("23",))
    assert game.moves[1].comment == "the usual" and take.nags == (1,)
    (variation,) = game.variations
    assert [m.text for m in variation.moves] == ["18-23"]
    assert (variation.depth, variation.parent, variation.replaces_ply) == (1, 0, 2)
    assert variation.moves[0].ply == 2 and variation.moves[0].nags == (2,)
    assert game.fens()[3] == "W:W31,33-50:B1-13,15-18,20,23"
    assert [p.fen for p in game.positions()] == game.fens()
    assert game.start_position().fen == "W:W31-50:B1-20"
    assert game.diagnostics == []
    (d,) = second.diagnostics
    assert (d.code, d.severity, d.kind, d.line, d.column, d.game, d.ply) == ("R305", "error", "missed-capture", 8, 19, 2, 3)
    assert str(d).startswith("<input>:8:19: error[R305]")
    assert d.to_dict()["move"] == "12-16"


def test_an_untagged_game_has_its_variant_inferred():
    (game,) = pdnkit.read("1. c3-d4 f6-e5 2. d4xf6 g7xe5 *")
    assert (game.variant, game.variant_inferred) == ("russian", True)
    assert game.moves[2].captures == ("e5",)


def test_a_forced_variant_and_the_moves_the_replay_could_not_play():
    (game,) = pdnkit.read("1. 32-28 19-23 2. 99-98 1-0", variant="international")
    assert [m.replayed for m in game.moves] == [True, True, False]
    assert game.moves[2].from_square == "99" and game.moves[2].legal is None
    assert any(d.severity == "error" for d in game.diagnostics)


def test_raise_errors_gives_the_place():
    with pytest.raises(pdnkit.PdnError) as e:
        list(pdnkit.read(PDN, raise_errors=True))
    assert (e.value.code, e.value.line, e.value.column, e.value.game) == ("R305", 8, 19, 2)


def test_to_pdn_converts_notation_and_captures():
    (game,) = pdnkit.read('[GameType "25"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n')
    assert game.to_pdn(notation="numeric") == '[GameType "25,W,8,8,N2,0"]\n1. 22-18 11-15 2. 18:11 8:15 *\n'
    assert game.to_pdn() == game.text
    assert "1. c3-d4" in game.to_pdn(canonical=True)
    with pytest.raises(ValueError):
        game.to_pdn(notation="roman")


def test_convert_a_whole_source(tmp_path):
    pdn = '[GameType "25"]\n1. c3-d4 f6-e5 *\n'
    text = pdnkit.convert(pdn, notation="numeric")
    assert "1. 22-18 11-15 *" in text
    # To a path or a file object: written game by game, nothing returned.
    out = tmp_path / "out.pdn"
    assert pdnkit.convert(pdn, out, notation="numeric") is None
    assert out.read_text() == text
    with open(tmp_path / "text.pdn", "w", encoding="utf-8") as f:
        assert pdnkit.convert(pdn.encode(), f, notation="numeric") is None
    assert (tmp_path / "text.pdn").read_text() == text
    binary = io.BytesIO()
    pdnkit.convert(io.BytesIO(pdn.encode()), binary, notation="numeric")
    assert binary.getvalue().decode() == text
    with pytest.raises(TypeError):
        pdnkit.convert(pdn, 3)


def test_convert_streams_a_source_larger_than_a_piece_in_pieces(tmp_path):
    # Each game converted is handed to the file object as it comes, in pieces of 64 KiB, a
    # character never split: the text file gets whole characters only.
    game = '[Event "Łódź ♔"]\n[GameType "25"]\n1. c3-d4 f6-e5 {é} *\n\n'
    pdn = game * 4000
    writes = []

    class Text(io.StringIO):
        def write(self, s):
            writes.append(len(s))
            return super().write(s)

    out = Text()
    pdnkit.convert(pdn, out, notation="numeric")
    assert out.getvalue() == pdnkit.convert(pdn, notation="numeric")
    assert out.getvalue().count("1. 22-18 11-15 {é} *") == 4000
    assert len(writes) > 3 and max(writes) < 70_000


def test_game_moves_are_a_lazy_sequence():
    (game,) = pdnkit.read('[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *\n')
    moves = game.moves
    assert len(moves) == 4 and isinstance(moves, collections.abc.Sequence)
    assert moves[-1].text == "14x23" and moves[0].ply == 1
    assert [m.text for m in moves[1:3]] == ["19-23", "28x19"]
    assert [m.text for m in moves[::-2]] == ["14x23", "19-23"]
    assert moves == ["32-28", "19-23", "28x19", "14x23"]
    assert moves[2].path == ("28", "19") and moves[2].captures == ("23",)
    with pytest.raises(IndexError):
        moves[4]
    # The same square names, made once: the same Python object.
    assert moves[0].to_square is moves[2].from_square


def test_missing_files_raise_os_errors(tmp_path):
    with pytest.raises(OSError):
        pdnkit.read(tmp_path / "none.pdn")
    with pytest.raises(OSError):
        pdnkit.check([str(tmp_path / "none.pdn")])


def test_findings_outside_games_are_on_the_reader():
    reader = pdnkit.read(b"\x00\x01 just junk\n1. 32-28 *\n")
    games = list(reader)
    assert len(games) == len([g for g in games if g.index])
    assert games or reader.diagnostics


def test_the_reader_stops_when_dropped_and_streams_a_long_file():
    one = '[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n'
    reader = pdnkit.read(one * 5000)
    assert next(reader).index == 1
    reader.close()
    assert list(reader) == []
    assert sum(1 for _ in pdnkit.read(one * 5000)) == 5000


def test_threads_read_in_parallel():
    files = [str(p) for p in sorted(CORPUS.rglob("*.pdn"))]
    expected = {f: len(list(pdnkit.read(f))) for f in files}
    counts = {}

    def work(f):
        counts[f] = sum(1 for _ in pdnkit.read(f))

    threads = [threading.Thread(target=work, args=(f,)) for f in files]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert counts == expected


def test_games_table_rows():
    rows = pdnkit.games_table([PDN])
    assert [r["game"] for r in rows] == [1, 2]
    assert rows[0]["White"] == "Ann" and rows[0]["plies"] == 5 and rows[0]["errors"] == 0
    assert rows[1]["errors"] == 1 and rows[1]["variant"] == "english"


def test_games_table_as_a_data_frame():
    pandas = pytest.importorskip("pandas", reason="pandas is not installed")
    frame = pdnkit.games_table([PDN], as_frame=True)
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame["plies"]) == [5, 3]


def test_bad_arguments_are_value_errors():
    with pytest.raises(ValueError):
        pdnkit.read(PDN, rules="ancient")
    with pytest.raises(ValueError):
        pdnkit.read(PDN, variant="chess960")
    with pytest.raises(ValueError):
        pdnkit.read(PDN, encoding="no-such-encoding")
    with pytest.raises(TypeError):
        pdnkit.read(42)


def test_check_releases_the_interpreter_lock(tmp_path):
    big = tmp_path / "big.pdn"
    big.write_bytes((CORPUS / "py-draughts" / "standard.pdn").read_bytes() * 400)
    start = time.perf_counter()
    pdnkit.check([str(big)])
    alone = time.perf_counter() - start
    # While another thread checks the file, this one keeps running: no long gap between ticks.
    worker = threading.Thread(target=pdnkit.check, args=([str(big)],))
    ticks = []
    worker.start()
    while worker.is_alive():
        ticks.append(time.perf_counter())
    worker.join()
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    assert len(ticks) > 100
    assert max(gaps) < alone / 2, (max(gaps), alone)
