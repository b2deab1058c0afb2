//===- MemoryOps.cpp - memref, gpu id and barrier ops in WGSL -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// WGSL storage has no 8- or 16-bit elements without extensions: such
// buffers are array<u32> with 2 or 4 elements a word. A store must then
// change half a word that another invocation may be writing: it clears and
// sets its own bits with atomicAnd and atomicOr, which is exact whatever
// the other invocations do, so every word of a written packed buffer is
// atomic<u32>.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::wgsl;

/// The i32 expression of an index operand or a static value.
static std::string indexOf(KernelEmitter &e, OpFoldResult ofr) {
  if (auto attr = dyn_cast<Attribute>(ofr))
    return std::to_string(cast<IntegerAttr>(attr).getInt());
  return e[cast<Value>(ofr)];
}

/// The linear element index of `indices` in `view`.
static std::string linearIndex(KernelEmitter &e, const MemView &view,
                               ValueRange indices) {
  std::string expr = view.offset == "0" ? "" : view.offset;
  for (auto [i, index] : llvm::enumerate(indices)) {
    int64_t stride = view.strides[i];
    if (stride == 0)
      continue;
    std::string term =
        stride == 1 ? e[index] : e[index] + " * " + std::to_string(stride);
    expr = expr.empty() ? term : expr + " + " + term;
  }
  return expr.empty() ? "0" : expr;
}

static FailureOr<MemView> viewOf(KernelEmitter &e, Operation *op, Value v) {
  auto it = e.views.find(v);
  if (it == e.views.end())
    return op->emitError("WGSL emission: a memref that is not a kernel "
                         "argument, a workgroup buffer or a view of one");
  return it->second;
}

/// Static strides and offset of `type`, or failure for dynamic ones.
static FailureOr<std::pair<SmallVector<int64_t>, int64_t>>
staticLayout(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return failure();
  for (int64_t s : strides)
    if (ShapedType::isDynamic(s))
      return failure();
  return std::make_pair(strides, offset);
}

static LogicalResult emitLoad(KernelEmitter &e, memref::LoadOp load) {
  auto view = viewOf(e, load, load.getMemref());
  if (failed(view))
    return failure();
  std::string index = e.bind(nullptr, linearIndex(e, *view, load.getIndices()));
  if (!view->packedBits) {
    e.bind(load, view->array + "[" + index + "]");
    return success();
  }
  unsigned bits = view->packedBits, perWord = 32 / bits;
  std::string word =
      view->array + "[" + index + " / " + std::to_string(perWord) + "]";
  if (view->atomic)
    word = "atomicLoad(&" + word + ")";
  std::string shift = "(u32(" + index + " % " + std::to_string(perWord) +
                      ") * " + std::to_string(bits) + "u)";
  std::string value = "i32((" + word + " >> " + shift + ") & " +
                      std::to_string((1u << bits) - 1) + "u)";
  if (load.getType().isInteger(1))
    value = "(" + value + " != 0)";
  e.bind(load, value);
  return success();
}

static LogicalResult emitStore(KernelEmitter &e, memref::StoreOp store) {
  auto view = viewOf(e, store, store.getMemref());
  if (failed(view))
    return failure();
  std::string index =
      e.bind(nullptr, linearIndex(e, *view, store.getIndices()));
  std::string value = e[store.getValue()];
  if (!view->packedBits) {
    e.line(view->array + "[" + index + "] = " + value + ";");
    return success();
  }
  unsigned bits = view->packedBits, perWord = 32 / bits;
  if (store.getValue().getType().isInteger(1))
    value = "select(0, 1, " + value + ")";
  std::string word =
      "&" + view->array + "[" + index + " / " + std::to_string(perWord) + "]";
  std::string shift =
      e.bind(nullptr, "u32(" + index + " % " + std::to_string(perWord) +
                          ") * " + std::to_string(bits) + "u");
  std::string mask = std::to_string((1u << bits) - 1) + "u";
  if (!view->atomic)
    return store.emitError("WGSL emission: a store to a packed workgroup "
                           "buffer (internal error: those are unpacked)");
  e.line("atomicAnd(" + word + ", ~(" + mask + " << " + shift + "));");
  e.line("atomicOr(" + word + ", (bitcast<u32>(" + value + ") & " + mask +
         ") << " + shift + ");");
  return success();
}

/// memref views: their elements are the source's, at an offset with strides.
static FailureOr<bool> emitView(KernelEmitter &e, Operation *op) {
  if (!isa<memref::SubViewOp, memref::CollapseShapeOp, memref::ExpandShapeOp,
           memref::ReinterpretCastOp, memref::CastOp,
           memref::AssumeAlignmentOp>(op))
    return false;
  auto src = viewOf(e, op, op->getOperand(0));
  if (failed(src))
    return failure();
  MemView view = *src;
  auto type = cast<MemRefType>(op->getResult(0).getType());
  if (auto sub = dyn_cast<memref::SubViewOp>(op)) {
    std::string offset = view.offset;
    SmallVector<int64_t> strides;
    auto steps = sub.getStaticStrides();
    for (auto [i, off] : llvm::enumerate(sub.getMixedOffsets())) {
      std::string o = indexOf(e, off);
      if (o != "0")
        offset = e.bind(nullptr, offset + " + " + o + " * " +
                                     std::to_string(view.strides[i]));
      if (ShapedType::isDynamic(steps[i]))
        return op->emitError("WGSL emission: a subview with dynamic strides");
      strides.push_back(view.strides[i] * steps[i]);
    }
    // Rank-reducing subviews drop unit dimensions: keep the strides the
    // result's layout names.
    auto layout = staticLayout(type);
    if (failed(layout))
      return op->emitError("WGSL emission: a subview with dynamic strides");
    if (strides.size() != layout->first.size())
      strides = layout->first;
    view.offset = offset;
    view.strides = strides;
  } else if (auto rc = dyn_cast<memref::ReinterpretCastOp>(op)) {
    auto layout = staticLayout(type);
    if (failed(layout))
      return op->emitError(
          "WGSL emission: a reinterpret_cast with dynamic strides");
    view.offset = indexOf(e, rc.getMixedOffsets()[0]);
    view.strides = layout->first;
  } else if (isa<memref::CollapseShapeOp, memref::ExpandShapeOp>(op)) {
    auto layout = staticLayout(type);
    if (failed(layout))
      return op->emitError("WGSL emission: a reshape with dynamic strides");
    view.strides = layout->first;
  }
  e.views[op->getResult(0)] = view;
  return true;
}

/// The workgroup size of dimension `dim` (0, 1, 2).
static std::string dimName(gpu::Dimension dim) {
  return dim == gpu::Dimension::x ? "x" : dim == gpu::Dimension::y ? "y" : "z";
}

FailureOr<bool> wgsl::emitMemoryOp(KernelEmitter &e, Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    if (failed(emitLoad(e, load)))
      return failure();
    return true;
  }
  if (auto store = dyn_cast<memref::StoreOp>(op)) {
    if (failed(emitStore(e, store)))
      return failure();
    return true;
  }
  FailureOr<bool> view = emitView(e, op);
  if (failed(view) || *view)
    return view;
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(op)
      .Case([&](gpu::ThreadIdOp id) {
        e.usesLocalId = true;
        e.bind(id, "i32(lid." + dimName(id.getDimension()) + ")");
        return true;
      })
      .Case([&](gpu::BlockIdOp id) {
        e.bind(id, id.getDimension() == gpu::Dimension::x
                       ? std::string("bx")
                       : "i32(wid." + dimName(id.getDimension()) + ")");
        return true;
      })
      .Case([&](gpu::BlockDimOp dim) {
        e.bind(dim,
               std::to_string(e.workgroupSize[(int)dim.getDimension()]) + "i");
        return true;
      })
      .Case([&](gpu::GridDimOp dim) {
        e.bind(dim, "i32(launch.grid." + dimName(dim.getDimension()) + ")");
        return true;
      })
      .Case([&](gpu::GlobalIdOp id) {
        e.usesLocalId = true;
        int d = (int)id.getDimension();
        std::string block = d == 0
                                ? std::string("bx")
                                : "i32(wid." + dimName(id.getDimension()) + ")";
        e.bind(id, block + " * " + std::to_string(e.workgroupSize[d]) +
                       "i + i32(lid." + dimName(id.getDimension()) + ")");
        return true;
      })
      .Case([&](gpu::BarrierOp) {
        e.line("workgroupBarrier();");
        return true;
      })
      .Default([&](Operation *) { return false; });
}
