#!/bin/sh
#===- regenerate.sh - Rebuild kernels.spvasm from kernels.mlir -------------===#
#
# Runs MLIR's Vulkan pipeline (the one ABI.md documents) over kernels.mlir,
# pulls the SPIR-V blob out of the host LLVM IR and disassembles it, so the
# checked-in kernels.spvasm is exactly what MLIR hands to mgpuModuleLoad.
#
# Usage: regenerate.sh [LLVM_BIN_DIR]   (default /usr/lib/llvm-22/bin)
#
#===------------------------------------------------------------------------===#
set -eu
bin=${1:-/usr/lib/llvm-22/bin}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pipeline='builtin.module(gpu-kernel-outlining,fold-memref-alias-ops,'
pipeline="${pipeline}spirv-attach-target{ver=v1.0 caps=Shader exts=SPV_KHR_storage_buffer_storage_class},"
pipeline="${pipeline}test-convert-to-spirv{convert-gpu-modules=true nest-in-gpu-module=true},"
pipeline="${pipeline}gpu.module(spirv.module(spirv-lower-abi-attrs,spirv-update-vce)),"
pipeline="${pipeline}gpu-module-to-binary,finalize-memref-to-llvm,"
pipeline="${pipeline}func.func(llvm-request-c-wrappers),"
pipeline="${pipeline}gpu-to-llvm{use-bare-pointers-for-host=false use-bare-pointers-for-kernels=true intersperse-sizes-for-kernels=true},"
pipeline="${pipeline}reconcile-unrealized-casts)"

"$bin/mlir-opt" "$here/kernels.mlir" --pass-pipeline="$pipeline" -o "$tmp/host.mlir"
"$bin/mlir-translate" --mlir-to-llvmir "$tmp/host.mlir" -o "$tmp/host.ll"
python3 "$here/extract_spirv.py" "$tmp/host.ll" "$tmp/kernels.spv"
spirv-val --target-env vulkan1.1 "$tmp/kernels.spv"
spirv-dis "$tmp/kernels.spv" -o "$here/kernels.spvasm"
echo "wrote $here/kernels.spvasm"
