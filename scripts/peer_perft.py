#!/usr/bin/env python3
"""Perft (leaf count of the legal-move tree) from the start position, computed
by a peer implementation, to give pdnkit independent reference numbers.

Usage:
    python scripts/peer_perft.py LIBRARY VARIANT DEPTH [--from-depth N] [--unique] [--divide]

LIBRARY:
    dame        dame-rs (PyPI `dame-rs`), native `dame.perft`; international only
    pydr        py-draughts (PyPI `py-draughts`), walks legal_moves/push/pop
    pydraughts  pydraughts (PyPI `pydraughts`), walks legal_moves()/push/pop (slow)
    ref         the small stand-alone generator in this file (stdlib only);
                written for this comparison, shares no code with the libraries

VARIANT: international, english, russian, brazilian, pool, canadian, italian, czech,
    spanish, portuguese, antidraughts, breakthrough, frisian, frysk, thai, turkish
    (not every library knows every variant; the script says so and exits 2)

Each library is imported as `draughts` or `dame`, so run it with the Python of
a virtual environment that has that library installed, e.g.
    python3 -m venv ~/.cache/pdnkit-venvs/pydr && ~/.cache/pdnkit-venvs/pydr/bin/pip install 'py-draughts==1.10.*'
    ~/.cache/pdnkit-venvs/pydr/bin/python scripts/peer_perft.py pydr russian 6
`ref` needs nothing but Python 3.8+.

Output: one line per depth, `LIBRARY VARIANT depth=D nodes=N seconds=S` (tab separated
key=value is easy to grep), from --from-depth (default 1) to DEPTH.

Counting convention: perft(d) counts leaves at depth d, each legal move once.
Two capture sequences with the same start square, end square, the same set of
captured pieces and the same resulting piece are "duplicates" (e.g. a king going
round a ring of pieces either way). The libraries differ: dame-rs and py-draughts
remove them, pydraughts keeps one move per path. `ref` keeps every path unless
--unique is given; --unique with pydr/pydraughts also re-counts their moves
uniquely (a no-op for py-draughts, which already dedupes). From the start
position, duplicates can only arise once a king or a capture ring exists, which
does not happen in the shallow depths (see scripts/perft_reference.md).
"""
import argparse
import sys
import time

VARIANTS = ("international", "english", "russian", "brazilian", "pool", "canadian", "italian",
            "czech", "spanish", "portuguese", "antidraughts", "breakthrough", "frisian", "frysk",
            "thai", "turkish")


# --------------------------------------------------------------------------
# ref: a small generic generator (mailbox board, copy-make), stdlib only.
# --------------------------------------------------------------------------
class Rules:
    def __init__(self, size, rows, flying_kings, men_capture_back, choice,
                 promo_mid_capture, black_first, men_take_kings=True, immediate=False,
                 lands_behind=False):
        self.size = size                      # board is size x size
        self.rows = rows                      # rows of men per side
        self.flying = flying_kings
        self.men_back = men_capture_back
        # choice: 'free'     - any capture
        #         'majority' - the most pieces
        #         'king'     - a king must capture if one can (Czech)
        #         'italian'  - most pieces, then with a king, then most kings, then the
        #                      sequence whose first king is taken earliest
        self.choice = choice
        self.men_take_kings = men_take_kings  # False in Italian: a man may not take a king
        # promo_mid_capture: 'end'   - crowned only if the move ends on the far row
        #                    'king'  - crowned at once, continues as a king (Russian)
        #                    'man'   - continues as a man if it can, crowned if it ends there (pool)
        #                    'stop'  - reaching the far row ends the move (English)
        self.promo = promo_mid_capture
        self.black_first = black_first
        self.immediate = immediate            # captured pieces leave the board as taken (Thai)
        self.lands_behind = lands_behind      # a king lands right behind the piece it takes (Thai)


RULES = {
    "international": Rules(10, 4, True, True, "majority", "end", False),
    "brazilian":     Rules(8, 3, True, True, "majority", "end", False),
    "canadian":      Rules(12, 5, True, True, "majority", "end", False),
    "russian":       Rules(8, 3, True, True, "free", "king", False),
    "pool":          Rules(8, 3, True, True, "free", "man", True),
    "english":       Rules(8, 3, False, False, "free", "stop", True),
    # Italian is played on the turned board (a1 light); the mirror image has the same move
    # tree, so it is generated on the same board as the others.
    "italian":       Rules(8, 3, False, False, "italian", "stop", False, men_take_kings=False),
    "czech":         Rules(8, 3, True, False, "king", "stop", False),
    # Spanish and Portuguese: men forward only, flying kings, the most pieces and then the
    # most kings (turned board, mirrored as Italian's).
    "spanish":       Rules(8, 3, True, False, "majority-kings", "stop", False),
    "portuguese":    Rules(8, 3, True, False, "majority-kings", "stop", False),
    # lidraughts' online variants move as International; only their end differs.
    "antidraughts":  Rules(10, 4, True, True, "majority", "end", False),
    "breakthrough":  Rules(10, 4, True, True, "majority", "end", False),
    # Thai: two rows of men, Black first, men forward only, kings land right behind the piece
    # they take, pieces removed as taken, free choice.
    "thai":          Rules(8, 2, True, False, "free", "stop", True, immediate=True,
                           lands_behind=True),
}

# Pieces: +1 white man, +2 white king, -1 black man, -2 black king, 0 empty.
# White's men start on the low rows and move towards higher rows.


class RefGame:
    def __init__(self, variant, unique):
        r = self.rules = RULES[variant]
        n = r.size
        self.unique = unique
        self.n = n
        # Playing squares: (row + col) even, so a1 = (0, 0) is a playing square.
        self.squares = [row * n + col for row in range(n) for col in range(n) if (row + col) % 2 == 0]
        dirs = ((1, -1), (1, 1), (-1, -1), (-1, 1))  # first two are White's forward
        self.rays = {}
        for sq in self.squares:
            row, col = divmod(sq, n)
            rs = []
            for dr, dc in dirs:
                ray = []
                rr, cc = row + dr, col + dc
                while 0 <= rr < n and 0 <= cc < n:
                    ray.append(rr * n + cc)
                    rr += dr
                    cc += dc
                rs.append(tuple(ray))
            self.rays[sq] = tuple(rs)
        self.far_row = {1: set(range((n - 1) * n, n * n)), -1: set(range(0, n))}

    def start(self):
        b = [0] * (self.n * self.n)
        k = self.rules.rows
        for sq in self.squares:
            row = sq // self.n
            if row < k:
                b[sq] = 1
            elif row >= self.n - k:
                b[sq] = -1
        side = -1 if self.rules.black_first else 1
        return b, side

    # ---- move generation: a move is (from, to, captured tuple, piece after)
    def moves(self, b, side):
        caps = self.captures(b, side)
        if caps:
            choice = self.rules.choice
            if choice != "free":
                def key(m):
                    kings = [i for i, c in enumerate(m[2]) if abs(b[c]) == 2]
                    with_king = abs(b[m[0]]) == 2
                    if choice == "majority":
                        return (len(m[2]),)
                    if choice == "king":
                        return (with_king,)
                    if choice == "majority-kings":
                        return (len(m[2]), len(kings))
                    first = -kings[0] if kings else -1000
                    return (len(m[2]), with_king, len(kings), first)
                best = max(key(m) for m in caps)
                caps = [m for m in caps if key(m) == best]
            if self.unique:
                seen, out = set(), []
                for m in caps:
                    key = (m[0], m[1], frozenset(m[2]), m[3])
                    if key not in seen:
                        seen.add(key)
                        out.append(m)
                caps = out
            return caps
        out = []
        fwd = (0, 1) if side == 1 else (2, 3)
        far = self.far_row[side]
        stop_fly = not self.rules.flying
        for sq in self.squares:
            p = b[sq] * side
            if p <= 0:
                continue
            rays = self.rays[sq]
            if p == 1:
                for d in fwd:
                    ray = rays[d]
                    if ray and b[ray[0]] == 0:
                        to = ray[0]
                        out.append((sq, to, (), 2 * side if to in far else side))
            else:
                for ray in rays:
                    for to in ray:
                        if b[to] != 0:
                            break
                        out.append((sq, to, (), 2 * side))
                        if stop_fly:
                            break
        return out

    def captures(self, b, side):
        out = []
        r = self.rules
        for sq in self.squares:
            p = b[sq] * side
            if p <= 0:
                continue
            b[sq] = 0  # the moving piece leaves its square (it may pass or land there)
            if p == 2:
                self._king_caps(b, side, sq, sq, [], out)
            else:
                self._man_caps(b, side, sq, sq, [], out)
            b[sq] = p * side
        return out

    def _man_dirs(self, side):
        if self.rules.men_back:
            return (0, 1, 2, 3)
        return (0, 1) if side == 1 else (2, 3)

    def _man_jumps(self, b, side, at, captured):
        res = []
        rays = self.rays[at]
        for d in self._man_dirs(side):
            ray = rays[d]
            if len(ray) >= 2:
                over, to = ray[0], ray[1]
                if not self.rules.men_take_kings and abs(b[over]) == 2:
                    continue
                if b[over] * side < 0 and over not in captured and b[to] == 0:
                    res.append((over, to))
        return res

    def _king_jumps(self, b, side, at, captured):
        """List of (captured square, [landing squares]) for one flying-king step."""
        res = []
        short = not self.rules.flying
        for ray in self.rays[at]:
            i, L = 0, len(ray)
            while i < L and b[ray[i]] == 0:
                if short:
                    break
                i += 1
            if i >= L or (short and i > 0):
                continue
            over = ray[i]
            if b[over] * side >= 0 or over in captured:
                continue  # own piece, or an already captured piece (it stays on the board until the move ends)
            lands = []
            j = i + 1
            while j < L and b[ray[j]] == 0:
                lands.append(ray[j])
                if short or self.rules.lands_behind:
                    break
                j += 1
            if lands:
                res.append((over, lands))
        return res

    def _king_caps(self, b, side, origin, at, captured, out):
        any_jump = False
        for over, lands in self._king_jumps(b, side, at, captured):
            any_jump = True
            captured.append(over)
            saved = b[over]
            if self.rules.immediate:
                b[over] = 0
            # Landing squares from which the capture can go on are compulsory when any exist.
            cont = [t for t in lands if self._king_jumps(b, side, t, captured)]
            if cont:
                for t in cont:
                    self._king_caps(b, side, origin, t, captured, out)
            else:
                for t in lands:
                    out.append((origin, t, tuple(captured), 2 * side))
            b[over] = saved
            captured.pop()
        return any_jump

    def _man_caps(self, b, side, origin, at, captured, out):
        promo = self.rules.promo
        far = self.far_row[side]
        for over, to in self._man_jumps(b, side, at, captured):
            captured.append(over)
            saved = b[over]
            if self.rules.immediate:
                b[over] = 0
            if to in far:
                if promo == "king":
                    if not self._king_caps(b, side, origin, to, captured, out):
                        out.append((origin, to, tuple(captured), 2 * side))
                elif promo == "stop":
                    out.append((origin, to, tuple(captured), 2 * side))
                elif promo == "man":
                    if not self._man_jumps(b, side, to, captured):
                        out.append((origin, to, tuple(captured), 2 * side))
                    else:
                        self._man_caps(b, side, origin, to, captured, out)
                else:  # 'end'
                    if self._man_jumps(b, side, to, captured):
                        self._man_caps(b, side, origin, to, captured, out)
                    else:
                        out.append((origin, to, tuple(captured), 2 * side))
            else:
                if self._man_jumps(b, side, to, captured):
                    self._man_caps(b, side, origin, to, captured, out)
                else:
                    out.append((origin, to, tuple(captured), side))
            b[over] = saved
            captured.pop()

    @staticmethod
    def play(b, m):
        nb = b[:]
        nb[m[0]] = 0
        for c in m[2]:
            nb[c] = 0
        nb[m[1]] = m[3]
        return nb

    def perft(self, b, side, depth):
        ms = self.moves(b, side)
        if depth == 1:
            return len(ms)
        total = 0
        play = self.play
        for m in ms:
            total += self.perft(play(b, m), -side, depth - 1)
        return total

    def divide(self, depth):
        b, side = self.start()
        res = []
        for m in self.moves(b, side):
            nb = self.play(b, m)
            res.append((self.name(m), 1 if depth == 1 else self.perft(nb, -side, depth - 1)))
        return res

    def name(self, m):
        n = self.n
        f = lambda s: "abcdefghijkl"[s % n] + str(s // n + 1)
        return f(m[0]) + ("x" if m[2] else "-") + f(m[1])


# --------------------------------------------------------------------------
# Library adapters: each returns perft(depth) -> int
# --------------------------------------------------------------------------
def unsupported(lib, variant, why):
    print(f"{lib} does not support variant {variant!r}: {why}", file=sys.stderr)
    sys.exit(2)


def make_ref(variant, unique):
    g = RefGame(variant, unique)

    def perft(d):
        b, side = g.start()
        return g.perft(b, side, d)
    return perft, g


def make_dame(variant, unique):
    if variant != "international":
        unsupported("dame", variant, "dame-rs plays International draughts (10x10) only")
    import dame

    def perft(d):
        return dame.perft(dame.Board(), d)
    return perft, None


def make_pydr(variant, unique):
    import draughts
    try:
        from loguru import logger
        logger.remove()
    except Exception:
        pass
    boards = {"international": "StandardBoard", "russian": "RussianBoard",
              "brazilian": "BrazilianBoard", "english": "AmericanBoard",
              "antidraughts": "AntidraughtsBoard", "breakthrough": "BreakthroughBoard",
              "frisian": "FrisianBoard", "frysk": "FryskBoard"}
    if variant not in boards:
        unsupported("pydr", variant, "py-draughts 1.10 has standard, american, russian, brazilian, "
                    "frisian, frysk, antidraughts, breakthrough; no canadian, pool, italian, czech, "
                    "spanish or portuguese")
    if variant == "english":
        print("warning: py-draughts' AmericanBoard makes captures optional, so its English "
              "numbers differ from the rules once a capture is possible", file=sys.stderr)
    cls = getattr(draughts, boards[variant])

    def moves(board):
        ms = board.legal_moves
        if unique:
            # One move per (from, to, captured set, crowned), at every ply: py-draughts lists
            # a Frisian capture once per order of taking.
            seen, out = set(), []
            for m in ms:
                key = (m.square_list[0], m.square_list[-1], frozenset(m.captured_list), m.is_promotion)
                if key not in seen:
                    seen.add(key)
                    out.append(m)
            ms = out
        return ms

    def walk(board, d):
        if d == 1:
            return len(moves(board))
        n = 0
        for m in moves(board):
            board.push(m)
            n += walk(board, d - 1)
            board.pop()
        return n

    def perft(d):
        return walk(cls(), d)
    return perft, None


def make_pydraughts(variant, unique):
    from draughts import Board
    names = {"international": "standard", "russian": "russian", "brazilian": "brazilian",
             "english": "english", "italian": "italian", "antidraughts": "antidraughts",
             "breakthrough": "breakthrough", "frisian": "frisian", "frysk": "frysk!",
             "turkish": "turkish"}
    if variant not in names:
        unsupported("pydraughts", variant, "pydraughts 0.6 has standard, english, italian, russian, "
                    "brazilian, turkish, frisian, frysk!, antidraughts, breakthrough; no canadian, "
                    "pool, czech, spanish or portuguese")

    def moves(board):
        ms = board.legal_moves()
        if unique:
            # One move per (from, to, captured set), at every ply.
            seen, out = set(), []
            for m in ms:
                key = (m.board_move[0][0], m.board_move[-1][-1], frozenset(m.captures or ()))
                if key not in seen:
                    seen.add(key)
                    out.append(m)
            ms = out
        return ms

    def walk(board, d):
        if d == 1:
            return len(moves(board))
        n = 0
        for m in moves(board):
            board.push(m)
            n += walk(board, d - 1)
            board.pop()
        return n

    def perft(d):
        return walk(Board(names[variant]), d)
    return perft, None


LIBS = {"ref": make_ref, "dame": make_dame, "pydr": make_pydr, "pydraughts": make_pydraughts}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("library", choices=sorted(LIBS))
    ap.add_argument("variant", choices=VARIANTS)
    ap.add_argument("depth", type=int)
    ap.add_argument("--from-depth", type=int, default=1, help="first depth to print (default 1)")
    ap.add_argument("--unique", action="store_true",
                    help="count capture sequences with the same from/to/captured set/result once")
    ap.add_argument("--divide", action="store_true", help="ref only: per-root-move counts at DEPTH")
    a = ap.parse_args()
    perft, g = LIBS[a.library](a.variant, a.unique)
    if a.divide:
        if g is None:
            sys.exit("--divide is only implemented for ref")
        total = 0
        for name, n in g.divide(a.depth):
            print(f"{name}\t{n}")
            total += n
        print(f"total\t{total}")
        return
    conv = "unique" if a.unique else "library-default"
    for d in range(max(1, a.from_depth), a.depth + 1):
        t0 = time.perf_counter()
        n = perft(d)
        t = time.perf_counter() - t0
        print(f"{a.library}\t{a.variant}\tdepth={d}\tnodes={n}\tseconds={t:.3f}\tcount={conv}", flush=True)


if __name__ == "__main__":
    main()
