"""Positions: the legal moves Python gives equal the Rust library's (`pdn moves`) on random
positions of every variant, reached by random legal play."""

import random

import pytest

import pdnkit


def random_positions(variant, seed, count):
    """Positions reached by random legal play from the start (each game to its end or 80 plies)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        pos = pdnkit.Position.start(variant)
        for _ in range(rng.randrange(1, 80)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        found.append(pos)
    return found


@pytest.mark.parametrize("variant", pdnkit.variants())
def test_legal_moves_equal_the_libraries(pdn, variant):
    for pos in random_positions(variant, seed=sum(map(ord, variant)), count=6):
        if pos.is_game_over():
            # Over (no move, or a Breakthrough king made): no legal move, whatever the board.
            assert pos.legal_moves() == [] and pos.winner() in ("white", "black")
            continue
        (cli,) = pdn("moves", "--variant", variant, "--fen", pos.fen, "--format", "json")
        ours = [(m.notation, m.path, m.captures) for m in pos.legal_moves()]
        theirs = [
            (m["notation"], tuple(map(str, m["path"])), tuple(map(str, m["captured"])))
            for m in cli["moves"]
        ]
        assert sorted(ours) == sorted(theirs), pos.fen
        assert pos.perft(2) == pdn("perft", "--variant", variant, "--fen", pos.fen, "--depth", "2", "--format", "json")[0]["nodes"]


def test_the_start_of_three_variants():
    assert [m.notation for m in pdnkit.Position.start("english").legal_moves()] == [
        "9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16",
    ]
    assert pdnkit.Position.start("russian").legal_moves()[0].notation == "a3-b4"
    assert pdnkit.Position.start(20).perft(3) == 658


def test_play_gives_the_next_position_and_leaves_this_one():
    start = pdnkit.Position.start("international")
    pos = start.play("32-28").play("19-23").play("28x19")
    assert pos.fen == "B:W19,31,33-50:B1-18,20"
    assert start.fen == "W:W31-50:B1-20"
    assert pos.turn == "black"
    moves = {m.notation: m for m in pos.legal_moves()}
    assert sorted(moves) == ["13x24", "14x23"]
    take = moves["14x23"]
    assert (take.is_capture, take.captures, take.path) == (True, ("19",), ("14", "23"))
    assert pos.play(take) == pos.play("14x23")
    assert pos.pieces["19"] == "w" and pos.piece_at("20") == "b" and pos.piece_at("25") is None


def test_an_illegal_move_raises_and_a_bad_fen_says_where():
    pos = pdnkit.Position.start("english")
    with pytest.raises(pdnkit.IllegalMoveError, match="white's, but it is black's move"):
        pos.play("22-18")
    with pytest.raises(pdnkit.PdnError):
        pos.play("hello")
    with pytest.raises(pdnkit.PdnError) as e:
        pdnkit.Position.from_fen("W:W51:B1", "international")
    assert e.value.line == 1 and e.value.column >= 1
    with pytest.raises(ValueError):
        pdnkit.Position.start("chess-but-not")


def test_game_over_and_winner():
    blocked = pdnkit.Position.from_fen("B:W9,14:B5", "english")
    assert blocked.is_game_over() and blocked.winner() == "white"
    assert blocked.legal_moves() == []
    assert pdnkit.Position.from_fen("W:W:B1", "antidraughts").winner() == "white"


def test_notation_can_be_changed():
    pos = pdnkit.Position.start("international").with_notation("algebraic")
    assert pos.legal_moves()[0].notation == "b4-a5"
    assert pdnkit.Position.start("russian").with_notation("numeric").fen == "W:W21-32:B1-12"
