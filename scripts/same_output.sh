#!/usr/bin/env bash
# Prints nothing and exits 0 when two `pdn` binaries print the same bytes for `pdn check
# --format json --no-config` on every file given (directories are searched for *.pdn), under
# several option sets: by default, each rule profile and a few forced variants. Used to show that
# a change to the replay changes no finding. With PARSE=1, `pdn parse` (its JSON trees and its
# canonical PDN, lenient and strict) is compared on every file too: a change to the reader
# changes no tree.
#
# Usage: [PARSE=1] scripts/same_output.sh BASE_PDN NEW_PDN PATH... [-- EXTRA CHECK OPTIONS]
set -u -o pipefail
BASE="${1:?usage: same_output.sh BASE NEW PATH...}"
NEW="${2:?usage: same_output.sh BASE NEW PATH...}"
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
echo "compared $n runs" >&2
exit $status
