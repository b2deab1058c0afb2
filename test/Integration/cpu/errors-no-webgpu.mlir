// --target=webgpu says in one line, before compiling, what it lacks and
// exits 1: node (FERRIC_WEBGPU_NODE names a missing one) or Dawn (a runner
// directory without node_modules/webgpu). Needs neither; the missing
// adapter is test/Integration/webgpu/errors.mlir.

// RUN: rm -rf %t.node %t.dawn && mkdir -p %t.node/node_modules/webgpu %t.dawn
// RUN: cp %ferric_src/runtime/webgpu/ferric-webgpu.mjs %t.node/ && cp %ferric_src/runtime/webgpu/ferric-webgpu.mjs %t.dawn/
// RUN: echo '{}' > %t.node/node_modules/webgpu/package.json

// RUN: env FERRIC_WEBGPU_DIR=%t.node FERRIC_WEBGPU_NODE=%t.no-node not ferric-run %S/../Inputs/ops_f32.mlir --target=webgpu --entry=chain --input=rand:3xf32 --check 2>&1 | FileCheck %s --check-prefix=NODE
// NODE: ferric-run: ferric webgpu runtime: cannot start '{{.*}}.no-node' (No such file or directory): node.js is needed for --target=webgpu (set FERRIC_WEBGPU_NODE to its path)
// NODE-NOT: check:

// RUN: env FERRIC_WEBGPU_DIR=%t.dawn not ferric-run %S/../Inputs/ops_f32.mlir --target=webgpu --entry=chain --input=rand:3xf32 --check 2>&1 | FileCheck %s --check-prefix=DAWN
// DAWN: ferric-run: ferric webgpu runtime: Dawn (npm package 'webgpu') is not installed in {{.*}}.dawn (run scripts/setup-webgpu.sh)
// DAWN-NOT: check:
