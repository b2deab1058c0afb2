//===- FerricMatmulToGPU.cpp - Tiled GPU matmul kernel --------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The classic shared-memory tiled matmul: a 16 x 16 block computes a
// 16 x 16 tile of C, staging 16 x 16 tiles of A and B in workgroup memory,
// so each element of A and B is read from global memory once per tile.
// Not a tensor-core kernel; correct and far less memory-bound than one
// thread per output reading whole rows and columns. A transposed operand
// (linalg indexing maps that swap its last two dims, from ferric.matmul's
// transpose_lhs / transpose_rhs) is staged with the block's x threads
// along its stored rows, so its global loads stay coalesced too.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "FerricDialect/Transforms/MatmulLayout.h"
#include "GPUCodegen/KernelBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICMATMULTOGPUPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

static constexpr int64_t kTile = 16;

/// True for a matmul or batch_matmul this pass writes: default maps or a
/// transposed operand.
static bool isSupported(linalg::LinalgOp op) {
  if (failed(getMatmulLayout(op)) || !op.hasPureBufferSemantics() ||
      op->getParentOfType<gpu::LaunchOp>())
    return false;
  return llvm::all_of(op->getOperands(), [](Value v) {
    auto t = dyn_cast<MemRefType>(v.getType());
    return t && t.getLayout().isIdentity();
  });
}

namespace {
class MatmulWriter {
public:
  MatmulWriter(linalg::LinalgOp op, bool workgroupAlloc)
      : op(op), workgroupAlloc(workgroupAlloc), loc(op.getLoc()),
        layout(*getMatmulLayout(op)) {}

  void write(OpBuilder &b);

private:
  Value index(OpBuilder &b, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  Value dim(OpBuilder &b, Value memref, int64_t d) {
    return memref::DimOp::create(b, loc, memref, d);
  }
  /// tile[ti, tj] = X[batch..., i, j] if (i < rows && j < cols), else
  /// zero, where X is `memref`, or its transpose if `transposed`.
  void stage(OpBuilder &b, Value memref, bool transposed, Value batch, Value i,
             Value j, Value rows, Value cols, Value tile, Value ti, Value tj);
  /// Loops `iv` from `lb` to `ub` by `step`; builder inside the body.
  scf::ForOp loop(OpBuilder &b, Value lb, Value ub, Value step) {
    auto f = scf::ForOp::create(b, loc, lb, ub, step);
    b.setInsertionPointToStart(f.getBody());
    return f;
  }

  linalg::LinalgOp op;
  bool workgroupAlloc;
  Location loc;
  MatmulLayout layout;
  bool batched = false;
};
} // namespace

void MatmulWriter::stage(OpBuilder &b, Value memref, bool transposed,
                         Value batch, Value i, Value j, Value rows, Value cols,
                         Value tile, Value ti, Value tj) {
  // Stores, not an scf.if yielding the element: a bf16 value must not cross
  // a region boundary on the SPIR-V path (ferric-bf16-buffers-as-i16 turns
  // bf16 loads and stores into i16 ones that fold together).
  Type elem = cast<MemRefType>(memref.getType()).getElementType();
  Value inside = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i, rows),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, j, cols));
  auto guarded = scf::IfOp::create(b, loc, inside, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(&guarded.getThenRegion().front());
  SmallVector<Value> at;
  if (batched)
    at.push_back(batch);
  if (transposed)
    at.append({j, i});
  else
    at.append({i, j});
  memref::StoreOp::create(b, loc, memref::LoadOp::create(b, loc, memref, at),
                          tile, ValueRange{ti, tj});
  b.setInsertionPointToStart(&guarded.getElseRegion().front());
  memref::StoreOp::create(
      b, loc, arith::ConstantOp::create(b, loc, b.getZeroAttr(elem)), tile,
      ValueRange{ti, tj});
}

void MatmulWriter::write(OpBuilder &b) {
  Value a = op.getDpsInputs()[0], bm = op.getDpsInputs()[1];
  Value c = op.getDpsInits()[0];
  batched = cast<MemRefType>(c.getType()).getRank() == 3;
  unsigned r = batched ? 1 : 0;
  // C[batch, M, N] += A[batch, M, K] * B[batch, K, N] on the host side;
  // a transposed A is stored [batch, K, M], a transposed B [batch, N, K].
  Value c1 = index(b, 1), tile = index(b, kTile);
  Value batch = batched ? dim(b, c, 0) : c1;
  Value m = dim(b, c, r), n = dim(b, c, r + 1),
        k = dim(b, a, layout.transposeLhs ? r : r + 1);
  Value limit = index(b, 65535);
  auto gridOf = [&](Value count) {
    return arith::MinUIOp::create(
        b, loc, arith::MaxUIOp::create(b, loc, count, c1), limit);
  };
  Value tilesN = arith::CeilDivUIOp::create(b, loc, n, tile);
  Value tilesM = arith::CeilDivUIOp::create(b, loc, m, tile);
  Type ta = cast<MemRefType>(a.getType()).getElementType();
  Type tb = cast<MemRefType>(bm.getType()).getElementType();
  SmallVector<Type> shared = {getWorkgroupMemRefType({kTile, kTile}, ta),
                              getWorkgroupMemRefType({kTile, kTile}, tb)};
  auto launch = gpu::LaunchOp::create(
      b, loc, gridOf(tilesN), gridOf(tilesM), gridOf(batch), tile, tile, c1,
      /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
      /*asyncDependencies=*/{},
      workgroupAlloc ? TypeRange{} : TypeRange(shared));
  b.setInsertionPointToStart(&launch.getBody().front());
  gpu::TerminatorOp::create(b, loc);
  b.setInsertionPointToStart(&launch.getBody().front());
  SmallVector<Value> tiles =
      getWorkgroupBuffers(b, loc, launch, shared, workgroupAlloc);
  Value tx = launch.getThreadIds().x, ty = launch.getThreadIds().y;
  Value c0 = index(b, 0);

  // Grid-stride loops over batches and tiles (uniform in the block).
  loop(b, launch.getBlockIds().z, batch, launch.getGridSize().z);
  Value bi = b.getInsertionBlock()->getArgument(0);
  loop(b, launch.getBlockIds().y, tilesM, launch.getGridSize().y);
  Value rowBase = arith::MulIOp::create(
      b, loc, b.getInsertionBlock()->getArgument(0), tile);
  Value row = arith::AddIOp::create(b, loc, rowBase, ty);
  loop(b, launch.getBlockIds().x, tilesN, launch.getGridSize().x);
  Value colBase = arith::MulIOp::create(
      b, loc, b.getInsertionBlock()->getArgument(0), tile);
  Value col = arith::AddIOp::create(b, loc, colBase, tx);
  Value inC = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, m),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, col, n));
  SmallVector<Value> cAt;
  if (batched)
    cAt.push_back(bi);
  cAt.append({row, col});
  // C's value at (row, col), clamped into C for the threads outside it
  // (whose result is not stored); the loops run only when M, N >= 1.
  SmallVector<Value> clampedAt(cAt);
  clampedAt[r] =
      arith::MinUIOp::create(b, loc, row, arith::SubIOp::create(b, loc, m, c1));
  clampedAt[r + 1] =
      arith::MinUIOp::create(b, loc, col, arith::SubIOp::create(b, loc, n, c1));
  Value start = memref::LoadOp::create(b, loc, c, clampedAt);

  // for (k0 = 0; k0 < K; k0 += 16)
  auto [kLoop, total] = createNonEmptyLoop(b, loc, c0, k, tile, start);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value k0 = kLoop.getInductionVar();
    // Stage A[row, k0 + tx] and B[k0 + ty, col]: consecutive x threads
    // read consecutive addresses. A transposed operand swaps the threads'
    // roles (A^T[k0 + ty, rowBase + tx], B^T[colBase + ty, k0 + tx]).
    auto add = [&](Value x, Value y) -> Value {
      return arith::AddIOp::create(b, loc, x, y);
    };
    // (Indices built before each call: argument evaluation order is
    // unspecified, and the IR should not depend on the compiler.)
    if (layout.transposeLhs) {
      Value i = add(rowBase, tx), j = add(k0, ty);
      stage(b, a, true, bi, i, j, m, k, tiles[0], tx, ty);
    } else {
      Value j = add(k0, tx);
      stage(b, a, false, bi, row, j, m, k, tiles[0], ty, tx);
    }
    if (layout.transposeRhs) {
      Value i = add(k0, tx), j = add(colBase, ty);
      stage(b, bm, true, bi, i, j, k, n, tiles[1], tx, ty);
    } else {
      Value i = add(k0, ty);
      stage(b, bm, false, bi, i, col, k, n, tiles[1], ty, tx);
    }
    gpu::BarrierOp::create(b, loc);
    // Fold the valid part of the step (at least one element: k0 < K).
    Value steps = arith::MinUIOp::create(b, loc, tile,
                                         arith::SubIOp::create(b, loc, k, k0));
    auto inner = scf::ForOp::create(b, loc, c0, steps, c1,
                                    ValueRange{kLoop.getRegionIterArgs()[0]});
    {
      OpBuilder::InsertionGuard gi(b);
      b.setInsertionPointToStart(inner.getBody());
      Value kk = inner.getInductionVar();
      Block *body = op.getBlock();
      IRMapping map;
      map.map(body->getArgument(0),
              memref::LoadOp::create(b, loc, tiles[0], ValueRange{ty, kk}));
      map.map(body->getArgument(1),
              memref::LoadOp::create(b, loc, tiles[1], ValueRange{kk, tx}));
      map.map(body->getArgument(2), inner.getRegionIterArgs()[0]);
      for (Operation &o : body->without_terminator())
        b.clone(o, map);
      scf::YieldOp::create(b, loc,
                           map.lookup(body->getTerminator()->getOperand(0)));
    }
    // The next step overwrites the tiles.
    gpu::BarrierOp::create(b, loc);
    scf::YieldOp::create(b, loc, inner.getResult(0));
  }
  auto store = scf::IfOp::create(b, loc, inC, /*withElseRegion=*/false);
  b.setInsertionPointToStart(&store.getThenRegion().front());
  memref::StoreOp::create(b, loc, total, c, cAt);
}

namespace {
struct FerricMatmulToGPUPass
    : ferric::impl::FerricMatmulToGPUPassBase<FerricMatmulToGPUPass> {
  using FerricMatmulToGPUPassBase::FerricMatmulToGPUPassBase;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> found;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (isSupported(op))
        found.push_back(op);
    });
    for (linalg::LinalgOp op : found) {
      OpBuilder b(op);
      MatmulWriter(op, workgroupAlloc).write(b);
      op->erase();
    }
  }
};
} // namespace
