#!/usr/bin/env bash
# The main job: set up the machine, build Ferric, and fuse the shipped SwiGLU
# example, printing the fused IR and the fusion report.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
"$root/scripts/build.sh"
build=${FERRIC_BUILD_DIR:-$root/build}
example=${1:-$root/examples/swiglu.mlir}
"$build/bin/ferric-opt" "$example" --ferric-fuse="report=-"
