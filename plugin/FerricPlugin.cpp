//===- FerricPlugin.cpp - Ferric as an mlir-opt plugin --------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Lets an upstream mlir-opt (one that links libMLIR.so) load the ferric dialect
// and Ferric's passes, conversions and pipelines:
//
//   mlir-opt --load-dialect-plugin=lib/FerricPlugin.so \
//            --load-pass-plugin=lib/FerricPlugin.so \
//            --pass-pipeline='builtin.module(func.func(ferric-fuse))' in.mlir
//
// mlir-opt creates its per-pass flags (--ferric-fuse) when its command line
// parser is built, before --load-pass-plugin loads anything, and it rejects
// --pass-pipeline next to per-pass flags; so with --load-pass-plugin,
// Ferric's passes and pipelines are reached through --pass-pipeline:
//
//   mlir-opt --load-pass-plugin=lib/FerricPlugin.so \
//     --pass-pipeline='builtin.module(ferric-import-tosa,func.func(ferric-fuse))'
//
// Loaded before mlir-opt's main runs (LD_PRELOAD), the plugin registers
// them from a static constructor, in time for the flags to exist:
//
//   LD_PRELOAD=lib/FerricPlugin.so mlir-opt --ferric-import-tosa --ferric-fuse
//
// The plugin links Ferric's own libraries statically and MLIR only through
// libMLIR.so, so that it shares the host tool's dialect and pass registries.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"
#include "FerricDialect/Dialect/FerricDialect.h"
#include "FerricDialect/Pipelines/Pipelines.h"
#include "FerricDialect/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

/// Registers Ferric's passes, conversions and the ferric-lower-to-* pipelines,
/// once: both entry points below call it, and the pass registry rejects a
/// second registration of the same pass argument. This mirrors
/// mlir::ferric::registerFerricPasses() without linking FerricRegistration,
/// which also references every dialect Ferric's pipelines produce.
static void registerFerricPluginPasses() {
  static const bool registered = [] {
    // A tool that links Ferric (ferric-opt) has them already.
    if (PassInfo::lookup("ferric-fuse"))
      return false;
    ferric::registerFerricTransformsPasses();
    ferric::registerFerricConversionPasses();
    ferric::registerFerricPipelines();
    return true;
  }();
  (void)registered;
}

/// Registers the passes when the library is loaded, so that a tool that
/// preloads it (LD_PRELOAD) builds its command line with their flags.
[[maybe_unused]] static const bool registeredAtLoad =
    (registerFerricPluginPasses(), true);

/// Dialect plugin entry point: registers the ferric dialect (and, as the
/// upstream example does, the passes, so that one flag is enough for
/// --pass-pipeline).
extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Ferric", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            registry->insert<ferric::FerricDialect>();
            registerFerricPluginPasses();
          }};
}

/// Pass plugin entry point: registers Ferric's passes, conversions and the
/// ferric-lower-to-* pipelines.
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "FerricPasses", LLVM_VERSION_STRING,
          []() { registerFerricPluginPasses(); }};
}
