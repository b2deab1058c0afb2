#!/usr/bin/env bash
# Regenerates docs/FerricDialect/*.md (the ferric dialect and pass reference)
# from the ODS and pass TableGen files: builds the ferric-doc target in
# build/ (or $FERRIC_BUILD_DIR), which runs mlir-tblgen and copies the
# markdown into the source tree. Commit the result.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRIC_BUILD_DIR:-$root/build}
if [ ! -f "$build/build.ninja" ]; then
  "$root/scripts/build.sh" >/dev/null
fi
ninja -C "$build" -j"${FERRIC_JOBS:-1}" ferric-doc
ls "$root"/docs/FerricDialect/*.md
