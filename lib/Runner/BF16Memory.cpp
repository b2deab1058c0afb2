//===- BF16Memory.cpp - bf16 loads and stores as 16-bit integers ----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// On an x86 host with AVX512-BF16 (or AVX-NE-CONVERT) LLVM's back end keeps
// a bf16 value that stays in a register as f32 (`shll $16`) and stores it
// with VCVTNEPS2BF16, which flushes subnormals whatever MXCSR says. A plain
// copy then changed the value: a lone ferric.broadcast of a bf16 subnormal
// from a rank-0 tensor (the loaded value is hoisted out of the loop and
// splat) gave 0 (fuzzer seed 7, programs 680 and 820). Loading and storing
// the 16-bit pattern as i16, with bitcasts to and from bf16 where the value
// is computed with, keeps copies bit-exact: instcombine folds the bitcast
// pairs of a copy away, and arithmetic still extends the bits (a shift).
// Turning the feature off instead also fixed it, but made the copy ten
// times slower (the bf16 splat store was scalarized).
//
//===----------------------------------------------------------------------===//

#include "CompileStages.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

/// i16 for bf16, vector<N x i16> for vector<N x bf16>; null otherwise.
static Type asBits(Type t) {
  if (t.isBF16())
    return IntegerType::get(t.getContext(), 16);
  if (auto v = dyn_cast<VectorType>(t); v && v.getElementType().isBF16())
    return v.clone(IntegerType::get(t.getContext(), 16));
  return nullptr;
}

void mlir::ferric::runner::stages::bf16MemoryAsBits(ModuleOp module) {
  SmallVector<LLVM::LoadOp> loads;
  SmallVector<LLVM::StoreOp> stores;
  module.walk([&](Operation *op) {
    if (auto load = dyn_cast<LLVM::LoadOp>(op); load && asBits(load.getType()))
      loads.push_back(load);
    else if (auto store = dyn_cast<LLVM::StoreOp>(op);
             store && asBits(store.getValue().getType()))
      stores.push_back(store);
  });
  for (LLVM::LoadOp load : loads) {
    OpBuilder b(load);
    Type type = load.getType();
    Operation *bits = b.clone(*load.getOperation());
    bits->getResult(0).setType(asBits(type));
    auto cast =
        LLVM::BitcastOp::create(b, load.getLoc(), type, bits->getResult(0));
    load.getResult().replaceAllUsesWith(cast.getResult());
    load.erase();
  }
  for (LLVM::StoreOp store : stores) {
    OpBuilder b(store);
    Value value = store.getValue();
    auto cast = LLVM::BitcastOp::create(b, store.getLoc(),
                                        asBits(value.getType()), value);
    store.getValueMutable().assign(cast.getResult());
  }
}
