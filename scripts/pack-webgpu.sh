#!/usr/bin/env bash
# Packs what --target=webgpu needs on a machine with node but no npm
# registry (the GPU machine), next to ferric-gpu-pack.tar.xz of
# scripts/build-static.sh (unpack both into one directory):
#   lib/libferric_webgpu_runtime.so    the mgpu* runtime that drives node
#   lib/libferric_vulkan_runtime.so    for bench/webgpu.sh's Vulkan column
#   share/ferric/webgpu/               ferric-webgpu.mjs, its package files
#     node_modules/webgpu/             and Dawn pruned to linux-x64: index.js,
#                                      package.json, LICENSE.md and
#                                      dist/linux-x64/dawn.node (~21 MB of
#                                      the package's 132 MB)
# into build-static/ferric-webgpu-pack.tar.xz (FERRIC_STATIC_BUILD_DIR to
# pack another build). The runtime finds the script at
# lib/../share/ferric/webgpu (or FERRIC_WEBGPU_DIR); node comes from
# FERRIC_WEBGPU_NODE, else share/ferric/webgpu/node, else PATH.
#
#   scripts/pack-webgpu.sh --with-node   also packs this machine's node as
#                                        share/ferric/webgpu/node (the GPU
#                                        machine has none; ~24 MB packed:
#                                        with the gpu pack and the tree it
#                                        stays under the 64 MiB a call
#                                        carries)
set -euo pipefail
with_node=0
case "${1:-}" in
"") ;;
--with-node) with_node=1 ;;
*)
  echo "usage: scripts/pack-webgpu.sh [--with-node]" >&2
  exit 2
  ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRIC_STATIC_BUILD_DIR:-$root/build-static}
src=$root/runtime/webgpu
dawn=$src/node_modules/webgpu
if [ ! -f "$dawn/dist/linux-x64/dawn.node" ]; then
  echo "pack-webgpu: $dawn/dist/linux-x64/dawn.node is missing (run scripts/setup-webgpu.sh)" >&2
  exit 1
fi
if [ ! -f "$build/build.ninja" ]; then
  echo "pack-webgpu: no build in $build (run scripts/build-static.sh first)" >&2
  exit 1
fi
ninja -C "$build" -j"${FERRIC_JOBS:-2}" ferric_webgpu_runtime ferric_vulkan_runtime
pack=$build/pack-webgpu
rm -rf "$pack"
share=$pack/share/ferric/webgpu
mkdir -p "$pack/lib" "$share/node_modules/webgpu/dist/linux-x64"
cp "$build/lib/libferric_webgpu_runtime.so" "$build/lib/libferric_vulkan_runtime.so" "$pack/lib/"
strip "$pack/lib/"*.so
cp "$src/ferric-webgpu.mjs" "$src/npy.mjs" "$src/package.json" "$src/package-lock.json" "$share/"
cp "$dawn/package.json" "$dawn/index.js" "$dawn/LICENSE.md" "$share/node_modules/webgpu/"
cp "$dawn/dist/linux-x64/dawn.node" "$share/node_modules/webgpu/dist/linux-x64/"
level=-2
if [ "$with_node" = 1 ]; then
  node=$(command -v node || true)
  if [ -z "$node" ]; then
    echo "pack-webgpu: --with-node: no node on PATH" >&2
    exit 1
  fi
  cp "$(readlink -f "$node")" "$share/node"
  level=-6
fi
tar -C "$pack" -c lib share | xz -T2 $level > "$build/ferric-webgpu-pack.tar.xz"
ls -la "$build/ferric-webgpu-pack.tar.xz"
