#!/usr/bin/env bash
# The Python package's tests: builds its abi3 wheel, installs the wheel in a throwaway virtual
# environment (no Rust compiler needed there), and runs pytest on python/tests against the
# `pdn` binary. Without python3 (3.9 or later), venv or a reachable PyPI, says so and skips.
#
#   scripts/python-test.sh            # pandas is installed too when it installs within 3 minutes
#   PDNKIT_NO_PANDAS=1 scripts/python-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
skip() {
    echo "python-test: skipped: $*"
    exit 0
}
start=$(date +%s)
phase() { echo "python-test: $* ($(($(date +%s) - start)) s)"; }
py=${PYTHON:-python3}
command -v "$py" >/dev/null 2>&1 || skip "no $py on PATH"
"$py" -c 'import sys; sys.exit(sys.version_info < (3, 9))' 2>/dev/null || skip "$py is older than 3.9"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$py" -m venv "$work/venv" >/dev/null 2>&1 || skip "$py cannot make a virtual environment (python3-venv)"
vpy="$work/venv/bin/python"
pip() { "$vpy" -m pip -q --disable-pip-version-check "$@"; }
pip install 'maturin>=1.5,<2' pytest >/dev/null 2>&1 || skip "maturin and pytest cannot be installed from PyPI"
phase "maturin and pytest installed"
if [[ -z "${PDNKIT_NO_PANDAS:-}" ]]; then
    timeout 180 "$vpy" -m pip -q --disable-pip-version-check install pandas >/dev/null 2>&1 ||
        echo "python-test: pandas is not installed: the DataFrame test is skipped"
    phase "pandas"
fi

# The binding crate is a crate of its own (python/Cargo.toml), never part of the library's build.
export PYO3_PYTHON="$vpy"
(cd python && cargo fmt --check && cargo clippy -q --release -- -D warnings)
phase "binding crate formatted and linted"
"$work/venv/bin/maturin" build -q --release -m python/Cargo.toml -o "$work/dist"
pip install "$work"/dist/pdnkit-*.whl
phase "wheel built and installed"
cargo build -q --bin pdn
export PDNKIT_PDN="$PWD/target/debug/pdn"
# Run from outside the source tree, so that the installed wheel is what is imported.
(cd "$work" && "$vpy" -m pytest -q -p no:cacheprovider "$OLDPWD/python/tests")
echo "python-test: done in $(($(date +%s) - start)) s"
