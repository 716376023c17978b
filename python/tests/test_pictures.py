"""Pictures of positions: SVG read back piece by piece, PNG when the wheel has it."""

import xml.etree.ElementTree as ET

import pytest

import pdnkit

SVG = "{http://www.w3.org/2000/svg}"


def pieces_drawn(svg):
    """(colour, role) of every piece element of a picture, read back from the SVG."""
    root = ET.fromstring(svg)
    found = []
    for g in root.iter(SVG + "g"):
        classes = g.get("class", "").split()
        if classes[:1] == ["piece"]:
            found.append((classes[1], classes[2]))
    return found


SYMBOL = {"w": ("white", "man"), "W": ("white", "king"), "b": ("black", "man"), "B": ("black", "king")}


@pytest.mark.parametrize("variant", pdnkit.variants())
def test_svg_has_one_piece_element_per_piece(variant):
    pos = pdnkit.Position.start(variant)
    for _ in range(12):
        moves = pos.legal_moves()
        if not moves:
            break
        pos = pos.play(moves[len(moves) // 2])
    svg = pos.to_svg()
    assert sorted(pieces_drawn(svg)) == sorted(SYMBOL[p] for p in pos.pieces.values())
    assert ET.fromstring(svg).get("width") == "400"
    assert pos._repr_svg_() == svg


def test_svg_options():
    pos = pdnkit.Position.from_fen("W:WK46,28:B23,7", "international")
    plain = pos.to_svg(size=240)
    assert 'width="240"' in plain and "arrow" not in plain
    assert pos.to_svg(flip=True) != pos.to_svg()
    assert pos.to_svg(coords="none").count("<text") < pos.to_svg(coords="numbers").count("<text")
    (take,) = [m for m in pos.legal_moves() if m.from_square == "28"]
    with_arrow = pos.to_svg(last_move=take)
    assert 'class="arrow"' in with_arrow
    # A move as text or as square names draws the same arrow.
    assert pos.to_svg(last_move=take.path) == with_arrow
    assert pos.to_svg(last_move="x".join(take.path)) == with_arrow
    kings = [p for p in pieces_drawn(plain) if p[1] == "king"]
    assert kings == [("white", "king")]
    with pytest.raises(ValueError):
        pos.to_svg(size=0)
    with pytest.raises(ValueError):
        pos.to_svg(coords="roman")
    with pytest.raises(ValueError):
        pos.to_svg(last_move="99-98")


def test_a_game_drawn_at_each_ply():
    (game,) = pdnkit.read('[GameType "21"]\n1. 11-15 22-18 2. 15x22 25x18 *\n')
    start = game.svg(0)
    assert "arrow" not in start and len(pieces_drawn(start)) == 24
    last = game.svg()
    assert last == game.svg(4) and 'class="arrow"' in last
    assert len(pieces_drawn(last)) == 22
    assert last == game.positions()[-1].to_svg(last_move=game.moves[-1])
    with pytest.raises(ValueError):
        game.svg(5)


def test_png_when_the_wheel_draws_them():
    pos = pdnkit.Position.start("english")
    if not hasattr(pos, "to_png"):
        pytest.skip("this wheel was built without the raster feature")
    png = pos.to_png(size=64)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(ValueError):
        pos.to_png(size=8)
