#!/usr/bin/env bash
# The main job: set up the machine, build what the demo runs (ferric-opt,
# ferric-run and the GPU runtimes: the ferric-demo target, not the tests,
# which scripts/test.sh builds), then fuse a shipped example
# (examples/swiglu.mlir by default) and run it on the CPU, on Vulkan and on
# CUDA where present, printing the fusion report and each target's check
# against the unfused run (scripts/demo-run.sh; arguments go to it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
FERRIC_TARGETS=ferric-demo "$root/scripts/build.sh"
exec "$root/scripts/demo-run.sh" "$@"
