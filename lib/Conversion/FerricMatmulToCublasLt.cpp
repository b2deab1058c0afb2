//===- FerricMatmulToCublasLt.cpp - Matmuls as cuBLASLt calls -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Bufferized matmuls become calls of the CUDA runtime's mgpuCublasLtMatmul
// (docs/HostABI.md), with the scale, bias and activation that follow them
// folded into the call's cuBLASLt epilogue, as XLA's GEMM rewriter does.
// The call is an llvm.call of an llvm.func declaration, not a func.call:
// the NVVM pipeline's llvm-request-c-wrappers marks every func.func,
// declarations included, and a marked declaration would be called through
// a `_mlir_ciface_` wrapper that the runtime does not define. What the
// epilogue can take from the generic is read in CublasLt/Epilogue.cpp.
//
//===----------------------------------------------------------------------===//

#include "CublasLt/Epilogue.h"
#include "FerricDialect/Conversion/Passes.h"
#include "FerricDialect/Transforms/MatmulLayout.h"
#include "GPUCodegen/KernelBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICMATMULTOCUBLASLTPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::cublaslt;

static constexpr StringLiteral kEntry = "mgpuCublasLtMatmul";
static constexpr StringLiteral kCategory = "ferric-matmul-to-cublaslt";

// The codes of runtime/cuda/FerricCudaRuntime.h (the epilogue's in
// CublasLt/Epilogue.h).
enum : int32_t { kF32 = 0, kF16 = 1, kBF16 = 2 };
enum : int32_t { kAllowTF32 = 1, kTransposeA = 2, kTransposeB = 4 };

static bool isConstant(Value v, double want) {
  FloatAttr attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return false;
  return std::abs(attr.getValueAsDouble() - want) <= 1e-6 * std::abs(want);
}

//===----------------------------------------------------------------------===//
// The matmul and the buffers around it
//===----------------------------------------------------------------------===//

/// The last op before `before` (same block) that may write `buffer`, or
/// null if there is none. An op whose effect on it is unknown counts as a
/// writer: one before a later zero fill does not matter (the pointer taken
/// for an earlier cuBLASLt call that read the buffer, say), one after it
/// does.
static Operation *lastWriter(Value buffer, Operation *before) {
  Operation *writer = nullptr;
  for (Operation *user : buffer.getUsers()) {
    if (user->getBlock() != before->getBlock() ||
        !user->isBeforeInBlock(before) || isa<memref::DimOp>(user))
      continue;
    bool writes = true;
    if (auto copy = dyn_cast<memref::CopyOp>(user))
      writes = copy.getTarget() == buffer;
    else if (auto linalgOp = dyn_cast<linalg::LinalgOp>(user))
      writes = llvm::is_contained(linalgOp.getDpsInits(), buffer);
    if (writes && (!writer || writer->isBeforeInBlock(user)))
      writer = user;
  }
  return writer;
}

static bool isZeroFill(Operation *op, Value buffer) {
  auto fill = dyn_cast_or_null<linalg::FillOp>(op);
  return fill && fill.getOutputs()[0] == buffer &&
         isConstant(fill.getInputs()[0], 0.0);
}

/// The op that leaves zeros in `buffer` for `op`: a zero fill, or a copy of
/// a zero-filled buffer (bufferization shares one fill between matmuls);
/// null if there is none.
static Operation *zeroInit(Value buffer, Operation *op) {
  Operation *writer = lastWriter(buffer, op);
  if (isZeroFill(writer, buffer))
    return writer;
  auto copy = dyn_cast_or_null<memref::CopyOp>(writer);
  if (copy && isZeroFill(lastWriter(copy.getSource(), copy), copy.getSource()))
    return copy;
  return nullptr;
}

/// A generic that only rounds `from` into its output: out = truncf(in).
static linalg::GenericOp asRounding(Operation *op, Value from) {
  auto g = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!g || g.getNumDpsInputs() != 1 || g.getNumDpsInits() != 1 ||
      g.getDpsInputOperand(0)->get() != from ||
      !llvm::all_of(g.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isIdentity(); }))
    return {};
  Block *body = g.getBody();
  auto trunc = dyn_cast<arith::TruncFOp>(&body->front());
  if (!trunc || trunc.getIn() != body->getArgument(0) ||
      body->getTerminator()->getOperand(0) != trunc.getResult())
    return {};
  return g;
}

/// Adds to `ins` the inputs of `op`, a generic, that read `from` (not as an
/// output), if every use of their elements rounds them to `type`
/// (arith.truncf): a reader that fusion gave the rounding of a matmul's
/// accumulator (a row program reads it in each of its passes, a fused body
/// may read it twice). False (and `ins` unchanged) otherwise.
static bool roundedOnRead(Operation *op, Value from, Type type,
                          SmallVectorImpl<OpOperand *> &ins) {
  auto g = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!g || llvm::is_contained(g.getDpsInits(), from))
    return false;
  SmallVector<OpOperand *> found;
  for (OpOperand *operand : g.getDpsInputOperands()) {
    if (operand->get() != from)
      continue;
    BlockArgument element = g.getMatchingBlockArgument(operand);
    if (!llvm::all_of(element.getUsers(), [&](Operation *user) {
          auto trunc = dyn_cast<arith::TruncFOp>(user);
          return trunc && trunc.getType() == type;
        }))
      return false;
    found.push_back(operand);
  }
  if (found.empty())
    return false;
  ins.append(found.begin(), found.end());
  return true;
}

/// Makes the generic of `in` (see roundedOnRead) read `rounded`, the
/// product already rounded, instead: its element is used as it is.
static void readRounded(OpOperand *in, Value rounded) {
  auto g = cast<linalg::GenericOp>(in->getOwner());
  BlockArgument element = g.getMatchingBlockArgument(in);
  in->set(rounded);
  element.setType(getElementTypeOrSelf(rounded.getType()));
  for (Operation *trunc : llvm::make_early_inc_range(element.getUsers())) {
    trunc->getResult(0).replaceAllUsesWith(element);
    trunc->erase();
  }
}

/// The ops using `buffer` other than its dealloc, each once (a generic
/// that updates it in place uses it twice).
static SmallVector<Operation *> readers(Value buffer) {
  SmallVector<Operation *> users;
  for (Operation *user : buffer.getUsers())
    if (!isa<memref::DeallocOp>(user) && !llvm::is_contained(users, user))
      users.push_back(user);
  return users;
}

/// Whether an op strictly between `from` and `to` (one block) may write
/// one of `buffers`.
static bool writtenBetween(Operation *from, Operation *to,
                           ArrayRef<Value> buffers) {
  // The call replaces `from` itself: nothing is between. (Walking on would
  // scan the rest of the block: an f32 matmul, which has no rounding generic
  // after it, was refused for any later write or dealloc of its operands.)
  if (from == to)
    return false;
  for (Operation *op = from->getNextNode(); op && op != to;
       op = op->getNextNode()) {
    for (Value buffer : buffers) {
      if (!llvm::is_contained(op->getOperands(), buffer))
        continue;
      if (isa<memref::DimOp>(op))
        continue;
      auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      if (!linalgOp || llvm::any_of(linalgOp.getDpsInits(),
                                    [&](Value init) { return init == buffer; }))
        return true;
    }
  }
  return false;
}

/// The buffer `v` is a view of (through view-like ops), or `v` itself.
static Value storageOf(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

namespace {
struct FerricMatmulToCublasLtPass
    : ferric::impl::FerricMatmulToCublasLtPassBase<FerricMatmulToCublasLtPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> matmuls;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op.getOperation()))
        matmuls.push_back(op);
    });
    for (linalg::LinalgOp op : matmuls)
      rewrite(op);
    if (!report.empty())
      writeReport();
  }

  /// One line of the report per matmul, in walk order: what its remark says.
  SmallVector<std::string> reportLines;

  void noteForReport(Operation *op, bool called, const std::string &text) {
    if (report.empty())
      return;
    std::string line;
    llvm::raw_string_ostream os(line);
    os << "  @" << functionName(op) << ": "
       << (isa<linalg::BatchMatmulOp>(op) ? "batch_matmul" : "matmul");
    if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
      os << " at " << loc.getFilename().getValue() << ":" << loc.getLine()
         << ":" << loc.getColumn();
    os << (called ? ": cuBLASLt, " : ": tiled kernel, ") << text << "\n";
    reportLines.push_back(line);
  }

  /// Appends this pass' part of ferric-fuse's report (the pipelines give
  /// both the same fuse-report file): ferric-fuse cannot say what went into
  /// an epilogue, because the epilogue is decided here, after bufferization.
  void writeReport() {
    std::string text = "ferric-matmul-to-cublaslt report\n";
    text += "  matmuls: " + std::to_string(reportLines.size()) + "\n";
    for (const std::string &line : reportLines)
      text += line;
    if (report == "-") {
      llvm::outs() << text;
      llvm::outs().flush();
      return;
    }
    std::error_code ec;
    llvm::raw_fd_ostream file(report, ec, llvm::sys::fs::OF_Append);
    if (ec) {
      getOperation().emitError("ferric-matmul-to-cublaslt: cannot write "
                               "report to '")
          << report << "': " << ec.message();
      return signalPassFailure();
    }
    file << text;
  }

  void missed(Operation *op, const std::string &why) {
    remark::missed(op->getLoc(), remark::RemarkOpts::name("TiledKernel")
                                     .category(kCategory)
                                     .function(functionName(op)))
        << ("stays on ferric-matmul-to-gpu's tiled kernel: " + why);
    noteForReport(op, /*called=*/false, why);
  }

  static StringRef functionName(Operation *op) {
    auto f = op->getParentOfType<func::FuncOp>();
    return f ? f.getSymName() : StringRef();
  }

  /// Why `op` cannot be a cuBLASLt call ("" if it can); sets the dtype.
  std::string unsupported(linalg::LinalgOp op, int32_t &dtype) {
    if (!useCublasLt)
      return "use-cublaslt=false";
    if (failed(getMatmulLayout(op)))
      return "user-defined indexing maps other than a transposed operand";
    if (!op.hasPureBufferSemantics())
      return "not bufferized";
    if (op->getParentOfType<gpu::LaunchOp>() ||
        !isa<func::FuncOp>(op->getParentOp()))
      return "not at the top level of a host function";
    for (Value v : op->getOperands()) {
      auto t = dyn_cast<MemRefType>(v.getType());
      if (!t || !t.getLayout().isIdentity())
        return "an operand has a non-identity layout";
    }
    Type a = getElementTypeOrSelf(op->getOperand(0).getType());
    Type b = getElementTypeOrSelf(op->getOperand(1).getType());
    Type c = getElementTypeOrSelf(op->getOperand(2).getType());
    if (a != b || !c.isF32() || !(a.isF32() || a.isF16() || a.isBF16())) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "cuBLASLt is called for f16, bf16 and f32 operands accumulating "
            "in f32, not "
         << a << " x " << b << " -> " << c;
      return text;
    }
    dtype = a.isF32() ? kF32 : a.isF16() ? kF16 : kBF16;
    return "";
  }

  void rewrite(linalg::LinalgOp op) {
    int32_t dtype = kF32;
    if (std::string why = unsupported(op, dtype); !why.empty())
      return missed(op, why);
    Value a = op->getOperand(0), b = op->getOperand(1), c = op->getOperand(2);
    Operation *fill = zeroInit(c, op);
    if (!fill)
      return missed(op, "the accumulator is not a zero-filled buffer");

    // The product in the operands' type: the accumulator itself for f32,
    // the output of the generic that rounds it otherwise. Readers of the
    // accumulator before the matmul saw the zeros; while there are any,
    // the fill stays.
    SmallVector<Operation *> erase = {op};
    SmallVector<Operation *> after;
    bool zerosRead = false;
    for (Operation *user : readers(c)) {
      if (user == fill || user == op.getOperation() || isa<memref::DimOp>(user))
        continue;
      if (user->getBlock() == op->getBlock() && user->isBeforeInBlock(op))
        zerosRead = true;
      else
        after.push_back(user);
    }
    if (!zerosRead)
      erase.insert(erase.begin(), fill);
    Value product = c;
    Operation *last = op;
    if (dtype != kF32) {
      Type elementType = getElementTypeOrSelf(a.getType());
      linalg::GenericOp round =
          after.size() == 1 ? asRounding(after[0], c) : linalg::GenericOp();
      SmallVector<OpOperand *> roundedIn;
      bool allRounded = !round && !after.empty();
      for (Operation *reader : allRounded ? after : ArrayRef<Operation *>())
        allRounded = allRounded && reader->getBlock() == op->getBlock() &&
                     roundedOnRead(reader, c, elementType, roundedIn);
      if (round && round->getBlock() == op->getBlock()) {
        erase.push_back(round);
        product = round.getDpsInitOperand(0)->get();
        last = round;
        after = readers(product);
        llvm::erase(after, round.getOperation());
      } else if (allRounded) {
        // Every reader of the accumulator rounds it as it reads it (fusion
        // put the rounding into larger kernels): the call writes the
        // rounded product into a buffer of its own, which they read
        // instead, freed after the last.
        OpBuilder builder(op);
        product = temporaryLike(builder, op.getLoc(), c, elementType);
        for (OpOperand *in : roundedIn)
          readRounded(in, product);
        Operation *lastReader =
            *llvm::max_element(after, [](Operation *x, Operation *y) {
              return x->isBeforeInBlock(y);
            });
        builder.setInsertionPointAfter(lastReader);
        memref::DeallocOp::create(builder, op.getLoc(), product);
      } else {
        return missed(op, "the f32 accumulator is read by more than the "
                          "generic that rounds it");
      }
    }

    // A generic that updates the product in place hides it from the ops
    // after it: they read the generic's result.
    if (after.size() > 1) {
      Operation *first =
          *llvm::min_element(after, [](Operation *x, Operation *y) {
            return x->getBlock() == y->getBlock() && x->isBeforeInBlock(y);
          });
      auto inPlace = dyn_cast<linalg::GenericOp>(first);
      if (inPlace && llvm::is_contained(inPlace.getDpsInits(), product) &&
          llvm::all_of(after, [&](Operation *user) {
            return user == first || (user->getBlock() == first->getBlock() &&
                                     first->isBeforeInBlock(user));
          }))
        after = {first};
    }

    Epilogue e;
    Value d = product;
    linalg::GenericOp consumer;
    if (fuseEpilogue && after.size() == 1)
      consumer = dyn_cast<linalg::GenericOp>(after[0]);
    std::string notFused;
    if (!fuseEpilogue)
      notFused = "fuse-epilogue=false";
    else if (after.size() != 1)
      notFused = "the product has " + std::to_string(after.size()) +
                 " readers; an epilogue needs exactly one";
    else if (isa<func::ReturnOp>(after[0]))
      ; // Nothing follows the product.
    else if (!consumer || consumer->getBlock() != op->getBlock() ||
             consumer.getNumLoops() != consumer.getNumParallelLoops())
      notFused = "the product's reader is not an elementwise linalg.generic";
    if (consumer && notFused.empty()) {
      OpOperand *in = nullptr;
      for (OpOperand *operand : consumer.getDpsInputOperands())
        if (operand->get() == product)
          in = in ? nullptr : operand;
      if (!in || !consumer.getMatchingIndexingMap(in).isIdentity())
        notFused = "the generic does not read the product once, element "
                   "by element";
      else
        e = matchEpilogue(consumer, consumer.getMatchingBlockArgument(in));
      if (notFused.empty() && e.ops.empty())
        notFused = e.stopped;
    }
    if (writtenBetween(op, consumer && !e.ops.empty() ? consumer : last,
                       {a, b}))
      return missed(op, "an operand is written between the matmul and its "
                        "epilogue");
    if (!e.ops.empty()) {
      last = consumer;
      // Nothing left but a copy of the result: the call writes the
      // generic's output instead.
      Value out = consumer.getDpsInitOperand(0)->get();
      Operation *yield = consumer.getBody()->getTerminator();
      bool onlyCopy = e.stopped.empty() && consumer.getNumDpsInits() == 1 &&
                      yield->getOperand(0) == e.result &&
                      consumer.getIndexingMapsArray().back().isIdentity() &&
                      out.getType() == product.getType();
      if (onlyCopy) {
        d = out;
        erase.push_back(consumer);
      } else {
        Value x = consumer.getMatchingBlockArgument(
            consumer.getDpsInputOperand(0)->get() == product
                ? consumer.getDpsInputOperand(0)
                : *llvm::find_if(
                      consumer.getDpsInputOperands(),
                      [&](OpOperand *o) { return o->get() == product; }));
        e.result.replaceAllUsesWith(x);
        for (Operation *dead : llvm::reverse(e.ops))
          dead->erase();
      }
    }

    // Bufferization may give the product the buffer of an operand that is
    // dead after the matmul (a rounding generic writing over the matmul's
    // own input), but the call reads its operands while it writes `d`, and
    // autotuning runs it several times: it writes a temporary then, copied
    // into `d` after the call.
    Value bias = e.flags & kBias ? e.bias : Value();
    bool aliased = llvm::any_of(SmallVector<Value>{a, b, bias}, [&](Value v) {
      return v && storageOf(v) == storageOf(d);
    });
    OpBuilder builder(last);
    Value out = d;
    if (aliased)
      out = temporaryLike(builder, op.getLoc(), d);
    emitCall(builder, op, out, a, b, bias, dtype, e.flags, e.alpha);
    if (aliased) {
      memref::CopyOp::create(builder, op.getLoc(), out, d);
      memref::DeallocOp::create(builder, op.getLoc(), out);
    }
    std::string decision = describe(e, notFused);
    if (aliased)
      decision += "; the output buffer is also an operand's: the call writes "
                  "a temporary, copied into it after the call";
    remark::passed(op->getLoc(), remark::RemarkOpts::name("CublasLt")
                                     .category(kCategory)
                                     .function(functionName(op)))
        << decision;
    noteForReport(op, /*called=*/true, decision);
    for (Operation *dead : llvm::reverse(erase))
      dead->erase();
    // The f32 accumulator, and the rounded product when the call writes the
    // generic's output, are now only allocated and freed: drop them before
    // ferric-gpu-device-memory makes device allocations of them.
    eraseIfOnlyFreed(c);
    if (product != c)
      eraseIfOnlyFreed(product);
  }

  /// A new buffer of `like`'s shape and element type (or `elementType`),
  /// identity layout.
  static Value temporaryLike(OpBuilder &b, Location loc, Value like,
                             Type elementType = {}) {
    auto type = cast<MemRefType>(like.getType());
    SmallVector<Value> sizes;
    for (int64_t i = 0; i < type.getRank(); ++i)
      if (type.isDynamicDim(i))
        sizes.push_back(memref::DimOp::create(b, loc, like, i));
    return memref::AllocOp::create(
        b, loc,
        MemRefType::get(type.getShape(),
                        elementType ? elementType : type.getElementType()),
        sizes);
  }

  static std::string describe(const Epilogue &e, const std::string &notFused) {
    std::string text = "one mgpuCublasLtMatmul call, epilogue: ";
    text += e.parts.empty() ? "none" : llvm::join(e.parts, ", ");
    std::string rest = e.ops.empty() ? notFused : e.stopped;
    if (!rest.empty())
      text += "; left in a Ferric kernel: " + rest;
    return text;
  }

  /// The runtime's entry point, declared once per module.
  LLVM::LLVMFuncOp entryPoint(Location loc) {
    ModuleOp module = getOperation();
    if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(kEntry))
      return f;
    MLIRContext *ctx = module.getContext();
    auto ptr = LLVM::LLVMPointerType::get(ctx);
    auto i64 = IntegerType::get(ctx, 64), i32 = IntegerType::get(ctx, 32);
    auto type = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(ctx), {ptr, ptr, ptr, ptr, i64, i64, i64, i64,
                                       i32, i32, Float32Type::get(ctx), i32});
    OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
    return LLVM::LLVMFuncOp::create(b, loc, kEntry, type);
  }

  void emitCall(OpBuilder &b, linalg::LinalgOp op, Value d, Value a, Value bm,
                Value bias, int32_t dtype, int32_t epilogue, float alpha) {
    Location loc = op.getLoc();
    LLVM::LLVMFuncOp callee = entryPoint(loc);
    auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
    auto pointer = [&](Value memref) -> Value {
      if (!memref)
        return LLVM::ZeroOp::create(b, loc, ptrType);
      Value index =
          memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
      Value i64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
      return LLVM::IntToPtrOp::create(b, loc, ptrType, i64);
    };
    auto dim = [&](Value memref, int64_t i) -> Value {
      Value v = memref::DimOp::create(b, loc, memref, i);
      return arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
    };
    auto i32 = [&](int32_t v) -> Value {
      return arith::ConstantIntOp::create(b, loc, v, 32);
    };
    bool batched = isa<linalg::BatchMatmulOp>(op.getOperation());
    int64_t r = batched ? 1 : 0;
    // A transposed lhs is stored [batch,] K x M, a transposed rhs N x K.
    MatmulLayout layout = *getMatmulLayout(op);
    int64_t mDim = layout.transposeLhs ? r + 1 : r;
    int64_t kDim = layout.transposeLhs ? r : r + 1;
    int64_t nDim = layout.transposeRhs ? r : r + 1;
    int32_t flags = allowTF32 && dtype == kF32 ? kAllowTF32 : 0;
    if (layout.transposeLhs)
      flags |= kTransposeA;
    if (layout.transposeRhs)
      flags |= kTransposeB;
    Value batch = batched
                      ? dim(a, 0)
                      : arith::ConstantIntOp::create(b, loc, 1, 64).getResult();
    SmallVector<Value> args = {
        pointer(d),
        pointer(a),
        pointer(bm),
        pointer(bias),
        batch,
        dim(a, mDim),
        dim(bm, nDim),
        dim(a, kDim),
        i32(dtype),
        i32(epilogue),
        arith::ConstantOp::create(b, loc, b.getF32FloatAttr(alpha)),
        i32(flags)};
    LLVM::CallOp::create(b, loc, callee, args);
  }
};
} // namespace
