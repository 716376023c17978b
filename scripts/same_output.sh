#!/usr/bin/env bash
# Prints nothing and exits 0 when two `pdn` binaries print the same bytes for `pdn check
# --format json --no-config` on every file given (directories are searched for *.pdn), under
# several option sets: by default, each rule profile and a few forced variants. Used to show that
# a change to the replay changes no finding. With PARSE=1, `pdn parse` (its JSON trees and its
# canonical PDN, lenient and strict) is compared on every file too: a change to the reader
# changes no tree.
#
# With --all, every command over files is compared too, standard output, standard error and exit
# status: check's other formats, stats, filter, dedup, report, convert, annotate, fix (to standard
# output, --dry-run and --in-place on a copy) and parse, on each file alone, on every PATH at once
# (directories walked, files one after another into one output), on standard input, and on a
# missing file and an empty directory. Used to show that a change to the command line changes no
# output.
#
# Usage: [PARSE=1] scripts/same_output.sh [--all] BASE_PDN NEW_PDN PATH... [-- EXTRA CHECK OPTIONS]
set -u -o pipefail
ALL=0
if [ "${1:-}" = "--all" ]; then ALL=1; shift; fi
BASE="${1:?usage: same_output.sh [--all] BASE NEW PATH...}"
NEW="${2:?usage: same_output.sh [--all] BASE NEW PATH...}"
shift 2
PATHS=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do PATHS+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
if [ $# -gt 0 ]; then SETS=("$*"); else
    SETS=("" "--rules huffing" "--rules polish-1902" "--variant international" "--variant english" "--variant russian" "--variant frisian" "--variant turkish" "--strict")
fi
FILES=$(for p in "${PATHS[@]}"; do if [ -d "$p" ]; then find "$p" -type f -iname '*.pdn'; else echo "$p"; fi; done | sort)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
status=0
n=0
while IFS= read -r f; do
    for s in "${SETS[@]}"; do
        # shellcheck disable=SC2086
        "$BASE" check --format json --no-config -j 1 $s "$f" >"$TMP/a" 2>"$TMP/ae"; ra=$?
        # shellcheck disable=SC2086
        "$NEW" check --format json --no-config -j 1 $s "$f" >"$TMP/b" 2>"$TMP/be"; rb=$?
        n=$((n + 1))
        if [ $ra != $rb ] || ! cmp -s "$TMP/a" "$TMP/b" || ! cmp -s "$TMP/ae" "$TMP/be"; then
            echo "DIFFERS: $f [$s] (exit $ra vs $rb)"
            diff <(head -c 3000000 "$TMP/a") <(head -c 3000000 "$TMP/b") | head -5
            status=1
        fi
    done
    if [ "${PARSE:-0}" = 1 ]; then
        for s in "--format json" "--format pdn" "--format json --strict"; do
            # shellcheck disable=SC2086
            "$BASE" parse $s "$f" >"$TMP/a" 2>"$TMP/ae"; ra=$?
            # shellcheck disable=SC2086
            "$NEW" parse $s "$f" >"$TMP/b" 2>"$TMP/be"; rb=$?
            n=$((n + 1))
            if [ $ra != $rb ] || ! cmp -s "$TMP/a" "$TMP/b" || ! cmp -s "$TMP/ae" "$TMP/be"; then
                echo "DIFFERS: parse $f [$s] (exit $ra vs $rb)"
                diff <(head -c 3000000 "$TMP/a") <(head -c 3000000 "$TMP/b") | head -5
                status=1
            fi
        done
    fi
done <<<"$FILES"
if [ $ALL = 0 ]; then
    echo "compared $n runs" >&2
    exit $status
fi

# One run of each binary: `same IN ARGS...` reads IN (a file, or /dev/null) as standard input.
same() {
    local in=$1
    shift
    "$BASE" "$@" <"$in" >"$TMP/a" 2>"$TMP/ae"; local ra=$?
    "$NEW" "$@" <"$in" >"$TMP/b" 2>"$TMP/be"; local rb=$?
    n=$((n + 1))
    if [ $ra != $rb ] || ! cmp -s "$TMP/a" "$TMP/b" || ! cmp -s "$TMP/ae" "$TMP/be"; then
        echo "DIFFERS: $* (exit $ra vs $rb)"
        diff <(head -c 3000000 "$TMP/a") <(head -c 3000000 "$TMP/b") | head -5
        diff "$TMP/ae" "$TMP/be" | head -5
        status=1
    fi
}

# `pdn fix --in-place` on a copy of FILE made afresh for each binary: what it prints, its exit
# status and the file it leaves.
same_in_place() {
    local f=$1 name side bin
    name=$(basename "$f")
    for side in a b; do
        if [ $side = a ]; then bin=$BASE; else bin=$NEW; fi
        rm -rf "$TMP/ip" && mkdir "$TMP/ip" && cp "$f" "$TMP/ip/$name"
        (cd "$TMP/ip" && "$bin" fix --no-config -j 1 --in-place "$name" >"$TMP/$side" 2>"$TMP/${side}e"
         echo $? >"$TMP/${side}r"; cp "$name" "$TMP/${side}f")
    done
    n=$((n + 1))
    if ! cmp -s "$TMP/ar" "$TMP/br" || ! cmp -s "$TMP/a" "$TMP/b" || ! cmp -s "$TMP/ae" "$TMP/be" ||
        ! cmp -s "$TMP/af" "$TMP/bf"; then
        echo "DIFFERS: fix --in-place $f"
        status=1
    fi
}

# The option sets of every command but check --format json (above); each is run with its paths.
COMMANDS=(
    "check --no-config -j 1 --format human --color never"
    "check --no-config -j 1 --format short --color never -v"
    "check --no-config -j 1 --format short --color never --max-diagnostics 2 --problems-only"
    "check --no-config -j 1 --quiet"
    "check --no-config -j 1 --format json --quiet"
    "check --no-config -j 1 --format json --syntax-only"
    "stats --no-config -j 1"
    "stats --no-config -j 1 --format json"
    "stats --no-config -j 1 --format csv --by player"
    "stats --no-config -j 1 --by opening"
    "filter --no-config -j 1 --result decided"
    "filter --no-config -j 1 --list --plies 10..60"
    "filter --no-config -j 1 --clean --invert"
    "dedup --no-config -j 1"
    "dedup --no-config -j 1 -o -"
    "report --no-config -j 1 -o -"
    "convert --no-config -j 1"
    "convert --no-config -j 1 --notation algebraic"
    "convert --no-config -j 1 --notation numeric --captures full"
    "convert --no-config -j 1 --canonical --eol crlf"
    "convert --no-config -j 1 --to json --fen-each-ply"
    "convert --no-config -j 1 --to jsonl"
    "convert --no-config -j 1 --to csv"
    "annotate --no-config -j 1"
    "annotate --no-config -j 1 --nags --eol crlf"
    "fix --no-config -j 1"
    "fix --no-config -j 1 --dry-run"
)
while IFS= read -r f; do
    for c in "${COMMANDS[@]}"; do
        # shellcheck disable=SC2086
        same /dev/null $c "$f"
    done
    same /dev/null parse "$f"
    same /dev/null parse --format pdn --strict "$f"
    same_in_place "$f"
done <<<"$FILES"
# Every path at once: directories walked, several files into one output, files not read.
for c in "${COMMANDS[@]}"; do
    # shellcheck disable=SC2086
    same /dev/null $c "${PATHS[@]}"
done
# A large file cut into blocks checked on several threads.
export PDN_SEGMENT_BYTES=4096
same /dev/null check --no-config -j 2 --format json "${PATHS[@]}"
same /dev/null check --no-config -j 2 --format short --color never "${PATHS[@]}"
unset PDN_SEGMENT_BYTES
# Standard input, a missing file, an empty directory.
FIRST=$(head -n 1 <<<"$FILES")
mkdir -p "$TMP/empty"
for c in "${COMMANDS[@]}"; do
    # shellcheck disable=SC2086
    same "$FIRST" $c -
    # shellcheck disable=SC2086
    same /dev/null $c "$TMP/missing.pdn"
    # shellcheck disable=SC2086
    same /dev/null $c "$TMP/empty"
done
same "$FIRST" parse -
same "$FIRST" parse --format pdn -
same /dev/null parse "$TMP/missing.pdn"
same /dev/null parse "$TMP/empty"
same /dev/null parse --encoding nonsense "$TMP/missing.pdn"
same /dev/null parse --encoding nonsense "$FIRST"
echo "compared $n runs" >&2
exit $status
