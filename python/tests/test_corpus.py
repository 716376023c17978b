"""Every corpus file read from Python gives the same games, moves and diagnostics as the CLI."""

import pytest

import pdnkit
from conftest import ROOT, corpus_files

FIELDS = ("code", "severity", "kind", "line", "column", "end_line", "end_column", "game", "message", "ply")


def cli_diagnostics(records):
    return [tuple(r.get(f) for f in FIELDS) for r in records if r["type"] == "diagnostic"]


def py_diagnostics(diagnostics):
    return [tuple(getattr(d, f) for f in FIELDS) for d in diagnostics]


def ids(files):
    return [str(p.relative_to(ROOT)) for p in files]


FILES = corpus_files()


def test_the_corpus_is_there():
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_check_gives_the_diagnostics_of_pdn_check(pdn, path):
    cli = pdn("check", "--no-config", "-j", "1", "--format", "json", path)
    ours = pdnkit.check([str(path)])
    assert py_diagnostics(ours) == cli_diagnostics(cli)
    assert all(d.file == str(path) for d in ours)


@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_read_gives_the_games_and_diagnostics_of_pdn_check(pdn, path):
    cli = pdn("check", "--no-config", "-j", "1", "--format", "json", path)
    (record,) = [r for r in cli if r["type"] == "file"]
    reader = pdnkit.read(path)
    games = list(reader)
    assert len(games) == record["games"]
    assert [g.index for g in games] == list(range(1, len(games) + 1))
    # The diagnostics of the games and those outside any game, in the file's order.
    ours = [d for g in games for d in g.diagnostics] + reader.diagnostics
    assert sorted(py_diagnostics(ours), key=repr) == sorted(cli_diagnostics(cli), key=repr)
    variants = {}
    for g in games:
        if g.variant:
            variants[g.variant] = variants.get(g.variant, 0) + 1
    assert variants == record["variants"]
    assert sum(g.variant_inferred for g in games) == record["guessed"]


def main_line_tokens(tree):
    """The spans of the main line's move tokens of a syntax tree from `pdn parse`."""
    depth, spans = 0, []
    for e in tree["body"]:
        if e["type"] == "variation-start":
            depth += 1
        elif e["type"] == "variation-end":
            depth = max(depth - 1, 0)
        elif e["type"] == "move" and depth == 0:
            spans.append((e["span"]["start"], e["span"]["end"]))
    return spans


@pytest.mark.parametrize("path", FILES, ids=ids(FILES))
def test_read_gives_the_moves_of_pdn_parse(pdn, path):
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        pytest.skip("offsets are into the decoded text; compared on the UTF-8 files")
    if text.startswith("\ufeff"):
        pytest.skip("a byte order mark shifts the offsets")
    data = text.encode("utf-8")
    trees = {r["game"]: r["tree"] for r in pdn("parse", "--format", "json", path) if r["type"] == "game"}
    games = list(pdnkit.read(path))
    assert len(games) == len(trees)
    for g in games:
        tokens = main_line_tokens(trees[g.index]) if trees[g.index] else []
        if g.too_long:
            continue
        # Each move is one token as written, or several (a capture written one jump a move).
        i = 0
        for m in g.moves:
            start = tokens[i][0]
            j = i
            while data[start : tokens[j][1]].decode() != m.text:
                j += 1
                assert j < len(tokens), (g.index, m.text)
            i = j + 1
        assert i == len(tokens), g.index
        assert len(g.positions()) == g.plies
        assert sum(m.replayed for m in g.moves) == g.plies
