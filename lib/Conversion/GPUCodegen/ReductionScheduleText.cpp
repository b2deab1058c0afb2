//===- ReductionScheduleText.cpp - Schedules as text, and pinned ones -----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// A schedule list is data: ferric-choose-reduction-schedule writes it as the
// ferric.reduction_schedule attribute, an array of "GUARD: SCHEDULE"
// strings ("reduced <= 4096: warp", "always: row-program(team 64, 4 x 4,
// block 256)"), and ferric-reduction-to-gpu emits what the attribute says.
// A user pins a schedule by writing the attribute; checkSchedules refuses
// one the kernels cannot run correctly.
//
//===----------------------------------------------------------------------===//

#include "ReductionSchedule.h"

#include "KernelBuilders.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ferric;

std::string mlir::ferric::describeSchedule(const ReductionSchedule &s) {
  std::string text = stringifyReductionKernel(s.kernel).str();
  llvm::raw_string_ostream os(text);
  if (s.kernel == ReductionKernel::RowProgram) {
    const RowProgramShape &p = s.program;
    os << "(team " << p.team << ", " << p.chunks << " x " << p.width
       << ", block " << p.blockThreads;
    if (p.cluster > 1)
      os << ", cluster " << p.cluster;
    if (p.aligned)
      os << ", aligned";
    if (p.minBlocksPerSM > 1)
      os << ", min-blocks " << p.minBlocksPerSM;
    os << ")";
  } else if (s.kernel == ReductionKernel::RowStream) {
    const RowStreamShape &t = s.stream;
    os << "(block " << t.blockThreads << ", " << t.chunks << " x " << t.width;
    if (t.aligned)
      os << ", aligned";
    if (t.minBlocksPerSM > 1)
      os << ", min-blocks " << t.minBlocksPerSM;
    os << ")";
  }
  return text;
}

std::string mlir::ferric::describeGuard(const ScheduleGuard &g) {
  SmallVector<std::string> terms;
  if (g.minReduced > 0)
    terms.push_back("reduced >= " + std::to_string(g.minReduced));
  if (g.maxReduced > 0)
    terms.push_back("reduced <= " + std::to_string(g.maxReduced));
  if (g.reducedMultipleOf > 1)
    terms.push_back("reduced % " + std::to_string(g.reducedMultipleOf) +
                    " == 0");
  if (g.minOutputs > 0)
    terms.push_back("outputs >= " + std::to_string(g.minOutputs));
  return terms.empty() ? "always" : llvm::join(terms, " && ");
}

namespace {
/// A cursor over one entry's text.
struct Cursor {
  llvm::StringRef rest;
  std::string &error;

  bool fail(const llvm::Twine &what) {
    if (error.empty())
      error = what.str();
    return false;
  }
  bool literal(llvm::StringRef word) {
    rest = rest.ltrim();
    if (!rest.consume_front(word))
      return fail("expected '" + word + "' at '" + rest + "'");
    return true;
  }
  bool optionalLiteral(llvm::StringRef word) {
    rest = rest.ltrim();
    return rest.consume_front(word);
  }
  bool number(int64_t &value) {
    rest = rest.ltrim();
    unsigned long long v;
    if (rest.consumeInteger(10, v) || v > (1ull << 40))
      return fail("expected a count at '" + rest + "'");
    value = (int64_t)v;
    return true;
  }
  bool number(unsigned &value) {
    int64_t v;
    if (!number(v))
      return false;
    if (v > 65535)
      return fail("count " + llvm::Twine(v) + " is too large");
    value = (unsigned)v;
    return true;
  }
};
} // namespace

static bool parseGuard(Cursor &c, ScheduleGuard &g) {
  if (c.optionalLiteral("always"))
    return true;
  do {
    if (c.optionalLiteral("outputs")) {
      if (!c.literal(">=") || !c.number(g.minOutputs))
        return false;
      continue;
    }
    if (!c.literal("reduced"))
      return false;
    if (c.optionalLiteral(">=")) {
      if (!c.number(g.minReduced))
        return false;
    } else if (c.optionalLiteral("<=")) {
      if (!c.number(g.maxReduced))
        return false;
    } else if (c.optionalLiteral("%")) {
      if (!c.number(g.reducedMultipleOf) || !c.literal("==") || !c.literal("0"))
        return false;
    } else {
      return c.fail("expected '>=', '<=' or '%' after 'reduced'");
    }
  } while (c.optionalLiteral("&&"));
  return true;
}

static bool parseShape(Cursor &c, ReductionSchedule &s) {
  bool program = s.kernel == ReductionKernel::RowProgram;
  unsigned *chunks = program ? &s.program.chunks : &s.stream.chunks;
  unsigned *width = program ? &s.program.width : &s.stream.width;
  bool *aligned = program ? &s.program.aligned : &s.stream.aligned;
  unsigned *minBlocks =
      program ? &s.program.minBlocksPerSM : &s.stream.minBlocksPerSM;
  if (!c.literal("("))
    return false;
  if (program &&
      (!c.literal("team") || !c.number(s.program.team) || !c.literal(",")))
    return false;
  if (!program) {
    if (!c.literal("block") || !c.number(s.stream.blockThreads) ||
        !c.literal(","))
      return false;
  }
  if (!c.number(*chunks) || !c.literal("x") || !c.number(*width))
    return false;
  if (program && (!c.literal(",") || !c.literal("block") ||
                  !c.number(s.program.blockThreads)))
    return false;
  while (c.optionalLiteral(",")) {
    if (program && c.optionalLiteral("cluster")) {
      if (!c.number(s.program.cluster))
        return false;
    } else if (c.optionalLiteral("aligned")) {
      *aligned = true;
    } else if (c.optionalLiteral("min-blocks")) {
      if (!c.number(*minBlocks))
        return false;
    } else {
      return c.fail("unknown shape parameter at '" + c.rest + "'");
    }
  }
  return c.literal(")");
}

std::optional<ScheduleList>
mlir::ferric::parseScheduleList(llvm::ArrayRef<std::string> entries,
                                std::string &error) {
  ScheduleList list;
  for (const std::string &entry : entries) {
    Cursor c{entry, error};
    GuardedSchedule g;
    if (!parseGuard(c, g.guard) || !c.literal(":"))
      return std::nullopt;
    c.rest = c.rest.ltrim();
    llvm::StringRef name =
        c.rest.take_while([](char ch) { return ch == '-' || isalpha(ch); });
    std::optional<ReductionKernel> kernel = symbolizeReductionKernel(name);
    if (!kernel) {
      error = "unknown schedule '" + name.str() + "'";
      return std::nullopt;
    }
    c.rest = c.rest.drop_front(name.size());
    g.schedule.kernel = *kernel;
    if ((*kernel == ReductionKernel::RowProgram ||
         *kernel == ReductionKernel::RowStream) &&
        !parseShape(c, g.schedule))
      return std::nullopt;
    if (!c.rest.trim().empty()) {
      error = "unexpected '" + c.rest.trim().str() + "' after the schedule";
      return std::nullopt;
    }
    list.push_back(g);
  }
  if (list.empty() || !list.back().guard.isAlways()) {
    error = "the last schedule must be guarded by 'always'";
    return std::nullopt;
  }
  return list;
}

/// The kernels a reduction of `form` can get.
static bool fitsForm(ReductionKernel k, const ReductionShape &shape,
                     const ReductionTarget &target) {
  bool warps = target.warpSize != 0 && shape.accumulatorBits <= 32 &&
               shape.threads >= target.warpSize;
  switch (shape.form) {
  case ReductionShape::Form::Plain:
    return k == ReductionKernel::ThreadPerOutput;
  case ReductionShape::Form::Inner:
    return k == ReductionKernel::ThreadPerOutput ||
           k == ReductionKernel::Block || k == ReductionKernel::SplitFull ||
           (k == ReductionKernel::Warp && warps);
  case ReductionShape::Form::Column:
    return k == ReductionKernel::ThreadPerOutput ||
           k == ReductionKernel::Column ||
           (k == ReductionKernel::ColumnNarrow && shape.narrowInner);
  case ReductionShape::Form::RowGroup:
    return warps &&
           (k == ReductionKernel::RowWarp || k == ReductionKernel::RowBlock ||
            ((k == ReductionKernel::RowProgram ||
              k == ReductionKernel::RowStream) &&
             shape.rowInnermost));
  }
  return false;
}

/// Why the chunks of `width` elements cannot cover the rows `guard` admits.
static std::optional<std::string> checkChunks(unsigned width, bool aligned,
                                              const ScheduleGuard &guard,
                                              const ReductionShape &shape) {
  unsigned bytes = bytesOf(shape.element);
  if (!llvm::isPowerOf2_32(width) || width * bytes > 16)
    return "a chunk of " + std::to_string(width) +
           " elements is not a vector of at most 16 bytes";
  if (width > 1 && !shape.vectorizable)
    return std::string("the row group's buffers take no vector chunks");
  if (aligned && (width * bytes != 16 || bytes > 4))
    return std::string("aligned chunks are 16 bytes of elements of at most "
                       "four bytes");
  if (!aligned && width > 1) {
    bool divides = shape.reduced ? *shape.reduced % width == 0
                                 : guard.reducedMultipleOf % width == 0;
    if (!divides)
      return "chunks of " + std::to_string(width) +
             " elements need a row length that is a multiple of " +
             std::to_string(width);
  }
  return std::nullopt;
}

std::optional<std::string>
mlir::ferric::checkSchedules(const ScheduleList &list,
                             const ReductionShape &shape,
                             const ReductionTarget &target) {
  for (const GuardedSchedule &g : list) {
    const ReductionSchedule &s = g.schedule;
    std::string name = stringifyReductionKernel(s.kernel).str();
    if (!fitsForm(s.kernel, shape, target))
      return "schedule '" + name + "' does not apply to this reduction";
    if (s.kernel == ReductionKernel::RowProgram) {
      const RowProgramShape &p = s.program;
      if (!llvm::isPowerOf2_32(p.team) ||
          !llvm::isPowerOf2_32(p.blockThreads) || p.blockThreads > 1024 ||
          p.blockThreads < target.warpSize || !llvm::isPowerOf2_32(p.cluster) ||
          p.cluster > target.maxCluster || p.chunks == 0 ||
          p.team > p.blockThreads * p.cluster ||
          (p.cluster > 1 && p.team != p.blockThreads * p.cluster))
        return "row-program team " + std::to_string(p.team) + " in " +
               std::to_string(p.cluster) + " block(s) of " +
               std::to_string(p.blockThreads) +
               " threads is not a team this target runs";
      if (std::optional<std::string> why =
              checkChunks(p.width, p.aligned, g.guard, shape))
        return "row-program: " + *why;
      // Aligned chunks: the team holds the row's ends (fewer than two
      // chunks), and every row has a whole chunk.
      int64_t shortest = shape.reduced ? *shape.reduced : g.guard.minReduced;
      if (p.aligned &&
          (p.team < 2 * (p.width - 1) ||
           shortest < kRowProgramAlignedMinLength ||
           (!shape.reduced && shortest <= kRowProgramAlignedMinLength)))
        return std::string("row-program: aligned chunks need a team of at "
                           "least two chunks' elements and rows of more than "
                           "64 elements (guard them with 'reduced >= 65')");
      int64_t holds = (int64_t)p.team * p.chunks * p.width;
      std::optional<int64_t> longest = shape.reduced;
      if (!longest && g.guard.maxReduced > 0)
        longest = g.guard.maxReduced;
      if (!longest)
        return std::string("row-program needs a bound on the row length "
                           "(guard it with 'reduced <= N')");
      // Aligned chunks hold the row's ends in one extra slot per thread.
      if (*longest > holds + (p.aligned ? (int64_t)p.team : 0))
        return "row-program holds " + std::to_string(holds) +
               " elements per row, fewer than the " + std::to_string(*longest) +
               " its guard admits";
    }
    if (s.kernel == ReductionKernel::RowStream) {
      const RowStreamShape &t = s.stream;
      if (!llvm::isPowerOf2_32(t.blockThreads) || t.blockThreads < 64 ||
          t.blockThreads > 1024 || t.chunks == 0)
        return "row-stream block of " + std::to_string(t.blockThreads) +
               " threads is not 64 to 1024 (a power of two)";
      if (std::optional<std::string> why =
              checkChunks(t.width, t.aligned, g.guard, shape))
        return "row-stream: " + *why;
    }
    if (s.kernel == ReductionKernel::SplitFull && !shape.outputs)
      return std::string("split-full needs a static output count");
  }
  return std::nullopt;
}
