#!/usr/bin/env bash
# Installs what --target=webgpu needs on Debian: node and npm, Dawn (npm
# `webgpu`, pinned by runtime/webgpu/package-lock.json, installed into
# runtime/webgpu/node_modules) and Chromium, whose SwiftShader (Vulkan on the
# CPU: /usr/lib/chromium/libvk_swiftshader.so) Dawn runs on here, and whose
# headless browser runs examples/web/. Separate from scripts/setup.sh so
# that the demo's set-up stays small; scripts/test.sh calls both.
# FERRIC_SKIP_WEBGPU_SETUP=1 skips it (the webgpu tests then skip).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "${FERRIC_SKIP_WEBGPU_SETUP:-0}" = 1 ]; then
  exit 0
fi
missing=()
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
[ -f /usr/lib/chromium/vk_swiftshader_icd.json ] || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
  else
    echo "setup-webgpu: missing ${missing[*]} (apt-get install them as root)" >&2
    exit 1
  fi
fi
cd "$root/runtime/webgpu"
# npm ci reinstalls from scratch: skip it when the pinned Dawn is there.
if ! cmp -s package-lock.json node_modules/.package-lock.json 2>/dev/null &&
   ! node -e "process.exit(require('./node_modules/webgpu/package.json').version === require('./package-lock.json').packages['node_modules/webgpu'].version ? 0 : 1)" 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
fi
# playwright-core (no browser download: the test drives Debian's chromium)
# for examples/web's headless test.
cd "$root/examples/web"
if [ ! -f node_modules/playwright-core/package.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
