#!/usr/bin/env bash
# Runs every test: sets up (with the test-only packages: setup.sh --tests),
# builds everything, then the lit suite (check-ferric), the unit tests
# (ctest) and the Python package tests (pytest).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" --tests
"$root/scripts/setup-webgpu.sh"
"$root/scripts/build.sh"
build=${FERRIC_BUILD_DIR:-$root/build}
ninja -C "$build" -j"${FERRIC_JOBS:-2}" check-ferric
ctest --test-dir "$build" --output-on-failure --no-tests=ignore
if [ -d "$root/python/tests" ]; then
  PYTHONPATH="$root/python" FERRIC_LIB_DIR="$build/lib" \
    /usr/bin/python3 -m pytest -q "$root/python/tests"
fi
