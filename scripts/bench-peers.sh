#!/usr/bin/env bash
# Compare `pdn check` with the other draughts tools on the same inputs, in one run, from a
# fresh clone: builds pdn, makes the inputs with `pdn gen` (games by random legal play),
# sets up the PyPI peers in throwaway virtual environments (through scripts/compare_check.sh),
# times each tool, and prints games/s and pdn's ratio to each, with two floors no reader can
# beat on the same file: `wc -l`, and a plain byte scan that counts the dots of the move
# numbers. A peer is compared on the games it replays to their end, and only when that is at
# least 90% of the file's (compare_check.sh --min-replayed): one that rejects more (a variant
# it plays by other rules, a notation it does not read) is listed as not comparable.
#
# Usage: scripts/bench-peers.sh [--games N] [--english-games N] [--small-games N] [--keep DIR]
#   --games N          International games for pdn, dame-rs and its own reader (default 20000)
#   --english-games N  English games for pdn and py-draughts (default 5000)
#   --small-games N    International games for the slow peers, py-draughts and pydraughts
#                      (default 30; pydraughts replays a few games per second)
#   --keep DIR         write the inputs to DIR and keep them (default: a temporary folder)
#
# Environment: as scripts/compare_check.sh (PDNKIT_PEERS, PDNKIT_VENVS, PDNKIT_PEER_TIMEOUT,
# PYTHON). Peers that cannot be installed are reported as such and the rest still runs.
set -u -o pipefail

GAMES=20000
ENGLISH=5000
SMALL=30
KEEP=""
while [ $# -gt 0 ]; do
    case "$1" in
        --games) shift; GAMES="${1:?}" ;;
        --english-games) shift; ENGLISH="${1:?}" ;;
        --small-games) shift; SMALL="${1:?}" ;;
        --keep) shift; KEEP="${1:?}" ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench-peers.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
echo "== cargo build --release" >&2
cargo build --release --quiet || exit 1
PDN="$ROOT/target/release/pdn"

if [ -n "$KEEP" ]; then
    mkdir -p "$KEEP" && DIR="$(cd "$KEEP" && pwd)"
else
    DIR="$(mktemp -d)"
    trap 'rm -rf "$DIR"' EXIT
fi
INTL="$DIR/international.pdn"
SMALLF="$DIR/international-small.pdn"
ENG="$DIR/english.pdn"
echo "== making inputs in $DIR" >&2
"$PDN" gen --variant international -n "$GAMES" --seed 1 -o "$INTL" || exit 1
"$PDN" gen --variant international -n "$SMALL" --seed 2 -o "$SMALLF" || exit 1
"$PDN" gen --variant english -n "$ENGLISH" --seed 3 -o "$ENG" || exit 1

# floor FILE: seconds of `wc -l` and of a byte scan for move-number dots, best of three.
floor() {
    "${PYTHON:-python3}" - "$1" <<'EOF'
import subprocess, sys, time
path = sys.argv[1]
def best(cmd):
    t = []
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run(cmd, shell=True, check=True, stdout=subprocess.DEVNULL)
        t.append(time.perf_counter() - t0)
    return min(t)
print(f"wc-l {best(f'wc -l < {path!r}'):.4f}")
print(f"byte-scan {best(f'LC_ALL=C tr -cd . < {path!r} | wc -c'):.4f}")
EOF
}

# run NAME FILE ARGS...: one compare_check.sh table, saved for the summary.
run() {
    local name="$1" file="$2"
    shift 2
    echo "== $name" >&2
    PDNKIT_COMPARE_TSV="$DIR/$name.tsv" scripts/compare_check.sh "$file" --no-build "$@" |
        tee "$DIR/$name.table"
    floor "$file" > "$DIR/$name.floor"
    echo
}

run international "$INTL" --only pdnkit,dame,dame-book
run international-small "$SMALLF" --only pdnkit,dame,dame-book,pydr,pydraughts
run english "$ENG" --variant english --only pdnkit,pydr

"${PYTHON:-python3}" - "$DIR" <<'EOF'
import os, sys
d = sys.argv[1]
print("pdn check against each tool (wall time, process start included). A peer's rate is over the")
print("games it replayed to their end, pdn's over the file; a peer that replayed under 90% of them")
print("is not compared:")
print(f"{'input':<21}{'MB':>7}{'tool':>12}{'games':>8}{'replayed':>10}{'games/s':>10}{'MB/s':>9}{'pdn':>16}")
for name in ("international", "international-small", "english"):
    path = os.path.join(d, name + ".tsv")
    if not os.path.exists(path):
        print(f"{name:<21}  (no table)")
        continue
    lines = open(path).read().splitlines()
    size = int(lines[0].split("\t")[1]) / 1e6
    rows = [l.split("\t") for l in lines[1:]]
    pdn = next((r for r in rows if r[0] == "pdnkit" and r[3]), None)
    pdn_wall = float(pdn[3]) if pdn else None
    for tool, games, replayed, wall, rate, comparable, ratio, note in rows:
        # A peer not compared read only part of the file: no rate is given for it.
        shown = wall and (tool == "pdnkit" or comparable == "1")
        mbs = f"{size / float(wall):.2f}" if shown else "-"
        rate = rate if shown else ""
        if tool == "pdnkit":
            verdict = ""
        elif not wall:
            verdict = "did not run"
        elif comparable != "1":
            verdict = "not comparable"
        else:
            verdict = f"{float(ratio):.1f}x faster" if ratio else ""
        print(f"{name:<21}{size:>7.2f}{tool:>12}{games or '-':>8}{replayed or '-':>10}{rate or '-':>10}"
              f"{mbs:>9}{verdict:>16}")
        if comparable != "1" and tool != "pdnkit" and note:
            print(f"{'':<21}{'':>7}{'':>12}  {note}")
    floors = dict(l.split() for l in open(os.path.join(d, name + ".floor")))
    for fl, secs in floors.items():
        secs = float(secs)
        verdict = f"{pdn_wall / secs:.1f}x slower" if pdn_wall else ""
        print(f"{name:<21}{size:>7.2f}{fl:>12}{'':>8}{'':>10}{'':>10}{size / secs:>9.1f}{verdict:>16}")
EOF
