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
# lib/../share/ferric/webgpu (or FERRIC_WEBGPU_DIR); node comes from PATH
# (or FERRIC_WEBGPU_NODE).
set -euo pipefail
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
tar -C "$pack" -c lib share | xz -T2 -2 > "$build/ferric-webgpu-pack.tar.xz"
ls -la "$build/ferric-webgpu-pack.tar.xz"
