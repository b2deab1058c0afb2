#!/usr/bin/env bash
# Installs the system packages Ferric needs on a fresh Debian 12 machine.
#
#   scripts/setup.sh           what scripts/demo.sh needs: the toolchain,
#                              LLVM/MLIR 22, Vulkan on the CPU, ccache
#   scripts/setup.sh --tests   also what scripts/test.sh needs: googletest,
#                              pytest, numpy, Python's headers, torch,
#                              clang-format
#
# Idempotent: when everything is already installed it only runs dpkg queries.
set -euo pipefail

PKGS=(
  # toolchain
  cmake ninja-build g++ git python3 ccache
  # LLVM/MLIR 22 (headers, shared libMLIR, tools, lit/FileCheck)
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools lld-22
  libzstd-dev zlib1g-dev libedit-dev libxml2-dev libcurl4-openssl-dev
  # Vulkan on the CPU (Mesa lavapipe) and SPIR-V tools
  mesa-vulkan-drivers libvulkan-dev vulkan-tools spirv-tools
)
TEST_PKGS=(
  # unit tests and Python package tests; Python's headers for the
  # package's C fast path (python/csrc/fastcall.c)
  googletest libgtest-dev python3-numpy python3-pytest python3-dev
  # DLPack interop tests of ferric.Tensor with torch (CPU-only on Debian)
  python3-torch
  # the formatting check of C++ sources
  clang-format
)

case "${1:-}" in
"") ;;
--tests) PKGS+=("${TEST_PKGS[@]}") ;;
*)
  echo "usage: scripts/setup.sh [--tests]" >&2
  exit 2
  ;;
esac

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PKGS[@]} packages present"
  exit 0
fi

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "setup: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
