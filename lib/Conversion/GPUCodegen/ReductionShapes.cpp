//===- ReductionShapes.cpp - How row programs and streams spread a row ---===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ReductionSchedule.h"

#include "KernelBuilders.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::ferric;

//===----------------------------------------------------------------------===//
// Row programs and row streams: how a row is spread
//===----------------------------------------------------------------------===//

unsigned mlir::ferric::rowProgramMaxValues(const RowProgramLimits &limits,
                                           Type element, unsigned blockThreads,
                                           bool cluster) {
  if (limits.maxValues)
    return limits.maxValues;
  return cluster && bytesOf(element) >= 4 &&
                 blockThreads <= kRowProgramWideBlock
             ? kRowProgramMaxWideValues
             : kRowProgramMaxValues;
}

/// Sets `s.minBlocksPerSM`: with `limits.maxRegisters`, the blocks that many
/// registers per thread allow. Automatic (0): 64 registers (two blocks of
/// 512 threads, four of 256) for threads holding at most 80 bytes of each
/// row operand in blocks of 512 threads, which ptxas otherwise leaves one
/// per SM (H100, LayerNorm over 16384 bf16 at 2^28: 92 -> 64 registers,
/// 0.88x the time), and in cluster blocks (softmax over 152064 bf16, 16
/// blocks of 256 threads: 70 -> 64 registers, 0.89x the time). Blocks of
/// 256 threads or fewer already share an SM, and capping them spilled
/// more than it won (LayerNorm over 4096 bf16: 1.21x, residual add +
/// RMSNorm: 2.07x the time); four-byte rows of 64 values need more.
static void chooseOccupancy(RowProgramShape &s, Type element,
                            const RowProgramLimits &limits) {
  unsigned registers = limits.maxRegisters;
  if (!registers &&
      s.chunks * s.width * bytesOf(element) <= kRowProgramCappedBytes &&
      (s.cluster > 1 || s.blockThreads == 512))
    registers = kRowProgramCappedRegisters;
  s.minBlocksPerSM =
      registers ? kRegistersPerSM / (registers * s.blockThreads) : 0;
}

/// The shape with aligned chunks for rows whose whole 16-byte chunks are at
/// most `wholeLength` elements (a multiple of the chunk): that of a row of
/// `wholeLength`, if `limits` allow aligned chunks, the elements are at most
/// four bytes wide, its chunks are 16 bytes and its team holds the row's
/// ends (fewer than two chunks). Four-byte rows of a static length take
/// them only in one block: over a cluster, whose single f32 loads already
/// fill 128 bytes per warp, they took more registers and time (H100,
/// softmax at 2^28: 1.10x the time over 50257, 1.33x over 151937; in one
/// block 0.91x over 32001, 0.98x over 4097). A `variant` for rows of a
/// length known only at run time takes them in clusters too: its single
/// elements each need a mask (aligned: 0.51x the time over 50257 and 0.57x
/// over 100003 with cluster variants).
static std::optional<RowProgramShape>
alignedShape(int64_t wholeLength, Type element, unsigned blockSize,
             unsigned warpSize, const RowProgramLimits &limits, bool variant) {
  if (!limits.alignedChunks || bytesOf(element) > 4)
    return std::nullopt;
  const unsigned maxWidth = 16 / bytesOf(element);
  RowProgramLimits whole = limits;
  whole.alignedChunks = false;
  std::optional<RowProgramShape> s = chooseRowProgram(
      wholeLength, element, /*vectorizable=*/true, blockSize, warpSize, whole);
  if (!s || s->width != maxWidth || s->team < 2 * (maxWidth - 1) ||
      (bytesOf(element) == 4 && s->cluster > 1 && !variant))
    return std::nullopt;
  s->aligned = true;
  return s;
}

std::optional<RowProgramShape> mlir::ferric::chooseRowProgramVariant(
    int64_t maxLength, Type element, bool vectorizable, unsigned blockSize,
    unsigned warpSize, const RowProgramLimits &limits) {
  if (vectorizable && maxLength > kRowProgramAlignedMinLength &&
      maxLength % (16 / bytesOf(element)) == 0)
    if (std::optional<RowProgramShape> s =
            alignedShape(maxLength, element, blockSize, warpSize, limits,
                         /*variant=*/true))
      return s;
  return chooseRowProgram(maxLength, element, /*vectorizable=*/false, blockSize,
                          warpSize, limits);
}

std::optional<RowProgramShape> mlir::ferric::chooseRowProgram(
    int64_t rowLength, Type element, bool vectorizable, unsigned blockSize,
    unsigned warpSize, const RowProgramLimits &limits) {
  if (rowLength < 1 || !warpSize)
    return std::nullopt;
  // A length that no 16-byte chunk divides (an odd one: GPT-2's 50257),
  // of elements of at most four bytes: the shape of the whole chunks of the
  // row, as if it were the multiple of the chunk below it, plus one element
  // of the row's ends per thread (at most 2 * (V - 1) of them: a team at
  // least that wide). H100, softmax at 2^28 elements, against one element
  // per access: bf16 rows of 32001 0.79x, 50257 0.92x, 1001 0.96x the
  // time, 4097 and 151937 1.03x; f32 rows in one block 0.91x at 32001 (not
  // over a cluster: see alignedShape).
  const unsigned maxWidth = std::max(16 / bytesOf(element), 1u);
  if (vectorizable && rowLength % maxWidth != 0 &&
      rowLength >= kRowProgramAlignedMinLength)
    if (std::optional<RowProgramShape> s =
            alignedShape(rowLength - rowLength % maxWidth, element, blockSize,
                         warpSize, limits, /*variant=*/false))
      return s;
  RowProgramShape s;
  s.width = widestChunk(rowLength, element, vectorizable);
  int64_t chunks = rowLength / s.width;
  // About threadBytes of the row per thread (at least 16 values): enough
  // loads in flight per thread to hide the reduction's latency, few enough
  // registers for many rows in flight; bf16 rows hold twice the values of
  // f32 rows (H100, 2^28 elements: 32 instead of 16 bf16 values per thread
  // ran rows of 768, 1024 and 16384 7-12% faster, LayerNorm over 4096 6%
  // slower; bench/RESULTS.md). A team is a power of two of threads, at most
  // 1024.
  int64_t targetElements =
      std::max<int64_t>(16, limits.threadBytes / bytesOf(element));
  int64_t wanted =
      llvm::PowerOf2Ceil(llvm::divideCeil(rowLength, targetElements));
  // More than limits.maxValues values of each operand per thread would
  // spill: such a row does not fit in the registers of one block.
  auto fits = [&](unsigned team, unsigned maxValues) {
    s.team = team;
    s.chunks = llvm::divideCeil(chunks, (int64_t)team);
    return s.chunks * s.width <= maxValues;
  };
  if (fits(std::clamp<int64_t>(wanted, 1, kRowProgramBlockThreads),
           rowProgramMaxValues(limits, element, kRowProgramBlockThreads,
                               /*cluster=*/false))) {
    s.blockThreads = std::max(blockSize, s.team);
    chooseOccupancy(s, element, limits);
    return s;
  }
  // A cluster of at most maxCluster blocks, of the fewest threads (from
  // clusterBlock up) that hold the row: a block of T threads holding up to
  // 32 values each uses about 64 registers, so that 65536 / (64 T) blocks
  // share an SM and one block's exchanges overlap another's loads (on the
  // H200, 131072 f32 per row: 16 blocks of 256 threads run 1.6x faster than
  // 8 of 1024, which leave one block per SM). About targetElements per
  // thread when the cluster is wide enough. Up to maxValues per thread in
  // the smaller block beats fewer in a block twice as wide (H200, softmax
  // over 152064 at 2^28: 40 values in blocks of 256 took 0.78x the time of
  // 20 f32 or 24 bf16 values in blocks of 512). Blocks of 512 threads
  // holding 32 or more four-byte values become blocks of 1024 (below).
  if (limits.maxCluster < 2)
    return std::nullopt;
  // In a cluster, rows of four-byte or narrower elements aim at
  // kRowProgramClusterValues per thread or more (as many as the block may
  // hold, if fewer): fewer blocks exchange partial results (H100, softmax
  // over 50257 f32 at 2^28: 8 blocks of 256 threads x 25 values took 0.70x
  // the time of 16 x 256 x 13, and 2 x 1024 x 25 0.85x the time of 4 x
  // 1024 x 13; bf16 aims at 32 already). With the defaults, f32 rows of
  // 65537 or more fill 16 blocks of 256 either way.
  for (unsigned block = limits.clusterBlock; block <= kRowProgramBlockThreads;
       block *= 2) {
    unsigned maxValues =
        rowProgramMaxValues(limits, element, block, /*cluster=*/true);
    int64_t teamWanted = wanted;
    if (bytesOf(element) <= 4 && targetElements < kRowProgramClusterValues)
      teamWanted = llvm::PowerOf2Ceil(llvm::divideCeil(
          rowLength, (int64_t)std::min(kRowProgramClusterValues, maxValues)));
    if (!fits(std::clamp<int64_t>(teamWanted, 2 * block,
                                  (int64_t)limits.maxCluster * block),
              maxValues))
      continue;
    // 128 bytes of each operand per thread (32 f32 values) take about 76
    // registers: a block of 512 threads then fills an SM alone, while a
    // block of 1024 is held to 64 by the hardware (65536 / 1024) and keeps
    // twice the threads resident, with the same team (H100, softmax over
    // 256000 and 262144 f32 at 2^28: 16 x 512 took 1447 and 1462 us, 8 x
    // 1024 1215 and 1166; bf16's 64 bytes fit two blocks of 512 and stay).
    if (block * 2 == kRowProgramBlockThreads &&
        s.chunks * s.width * bytesOf(element) >= 128 &&
        s.team >= 2 * kRowProgramBlockThreads)
      block = kRowProgramBlockThreads;
    s.cluster = s.team / block;
    s.blockThreads = block;
    chooseOccupancy(s, element, limits);
    return s;
  }
  return std::nullopt;
}

RowStreamShape mlir::ferric::chooseRowStream(int64_t rowLength, Type element,
                                             bool vectorizable,
                                             const RowProgramLimits &limits,
                                             bool staticLength) {
  RowStreamShape s;
  s.blockThreads = limits.streamThreads;
  s.minBlocksPerSM = limits.streamMinBlocks;
  s.width = widestChunk(rowLength, element, vectorizable);
  const unsigned maxWidth = 16 / bytesOf(element);
  if (vectorizable && limits.alignedChunks && bytesOf(element) <= 4 &&
      s.width < maxWidth) {
    s.width = maxWidth;
    s.aligned = true;
  }
  unsigned bytes = limits.streamThreadBytes;
  if (!bytes)
    bytes = !staticLength || s.aligned || s.width < maxWidth
                ? kRowStreamThreadBytes
            : bytesOf(element) >= 4 ? kRowStreamThreadBytesWhole4
                                    : kRowStreamThreadBytesWholeNarrow;
  s.chunks = std::max(1u, bytes / (s.width * bytesOf(element)));
  return s;
}

std::optional<int64_t>
mlir::ferric::rowStreamMinLength(Type element, int64_t unheld,
                                 int64_t clustered,
                                 const RowProgramLimits &limits) {
  if (!limits.stream)
    return std::nullopt;
  if (limits.streamMinLength)
    return limits.streamMinLength;
  if (bytesOf(element) >= 4)
    return std::min(unheld, kRowStreamMinLength4);
  return std::min({unheld, clustered, kRowStreamMinLengthNarrow});
}

bool mlir::ferric::prefersRowStream(int64_t rowLength, Type element,
                                    const std::optional<RowProgramShape> &held,
                                    const RowProgramLimits &limits) {
  const int64_t never = std::numeric_limits<int64_t>::max();
  std::optional<int64_t> from = rowStreamMinLength(
      element, held ? never : 1, held && held->cluster > 1 ? 1 : never, limits);
  return from && rowLength >= 1 && rowLength >= *from;
}
