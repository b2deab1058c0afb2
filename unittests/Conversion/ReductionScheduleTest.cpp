//===- ReductionScheduleTest.cpp - The reduction schedule chooser ---------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Pins which schedule each reduction shape, element type and chip gets,
// without building any IR: the chooser is a pure function. Each expectation
// restates the rule it checks (ReductionSchedule.h holds the measurements).
//
//===----------------------------------------------------------------------===//

#include "GPUCodegen/ReductionSchedule.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::ferric;

namespace {

class ReductionScheduleTest : public ::testing::Test {
protected:
  MLIRContext context;
  Type f32 = Float32Type::get(&context);
  Type bf16 = BFloat16Type::get(&context);
  Type f16 = Float16Type::get(&context);
  ReductionTarget h100 = *ReductionTarget::forChip("sm_90");
  ReductionTarget a100 = *ReductionTarget::forChip("sm_80");
  ReductionTuning tuning = ReductionTuning::forCUDA();

  ReductionShape inner(std::optional<int64_t> outputs,
                       std::optional<int64_t> reduced) {
    ReductionShape s;
    s.form = ReductionShape::Form::Inner;
    s.outputs = outputs;
    s.reduced = reduced;
    s.element = f32;
    return s;
  }
  ReductionShape rows(std::optional<int64_t> outputs,
                      std::optional<int64_t> reduced, Type element) {
    ReductionShape s = inner(outputs, reduced);
    s.form = ReductionShape::Form::RowGroup;
    s.element = element;
    s.rowInnermost = s.vectorizable = true;
    return s;
  }
  /// The one schedule of a list that the static counts decide.
  ReductionSchedule only(const ReductionShape &shape,
                         const ReductionTarget &target) {
    ScheduleList list = chooseReductionSchedule(shape, target, tuning);
    EXPECT_EQ(list.size(), 1u);
    EXPECT_TRUE(list.front().guard.isAlways());
    return list.front().schedule;
  }
  ReductionKernel kernel(const ReductionShape &shape) {
    return only(shape, h100).kernel;
  }
  std::vector<std::string> describe(const ScheduleList &list) {
    std::vector<std::string> out;
    for (const GuardedSchedule &g : list)
      out.push_back(describeGuard(g.guard) + ": " +
                    describeSchedule(g.schedule));
    return out;
  }
};

TEST_F(ReductionScheduleTest, TargetFromChip) {
  EXPECT_EQ(h100.maxCluster, 16u);
  EXPECT_EQ(a100.maxCluster, 1u);
  EXPECT_EQ(ReductionTarget::forChip("sm_89")->maxThreadsPerSM, 1536u);
  EXPECT_EQ(ReductionTarget::forChip("sm_90a")->maxCluster, 16u);
  EXPECT_FALSE(ReductionTarget::forChip("gfx90a").has_value());
  EXPECT_FALSE(ReductionTarget::forChip("sm_").has_value());
  EXPECT_EQ(ReductionTarget::portable().warpSize, 0u);
}

TEST_F(ReductionScheduleTest, TuningValidation) {
  EXPECT_FALSE(tuning.validate(h100).has_value());
  ReductionTuning bad = tuning;
  bad.rows.maxCluster = 3;
  ASSERT_TRUE(bad.validate(h100).has_value());
  EXPECT_NE(bad.validate(h100)->find("row-program-cluster"), std::string::npos);
  bad = tuning;
  bad.foldBytes = 48;
  EXPECT_NE(bad.validate(h100)->find("split-fold-bytes"), std::string::npos);
  // 4 blocks of 512 threads fit 2048 resident threads, not sm_89's 1536.
  bad = tuning;
  bad.rows.streamMinBlocks = 4;
  EXPECT_FALSE(bad.validate(h100).has_value());
  EXPECT_TRUE(bad.validate(*ReductionTarget::forChip("sm_89")).has_value());
}

TEST_F(ReductionScheduleTest, FullReductionSplitsAcrossBlocks) {
  // One output of 2^24 elements: a block would fill one SM.
  EXPECT_EQ(kernel(inner(1, 1 << 24)), ReductionKernel::SplitFull);
  // 512 outputs still leave two blocks each within split-max-blocks.
  EXPECT_EQ(kernel(inner(512, 1 << 16)), ReductionKernel::SplitFull);
  // Too few elements per output to give each thread a fold block: a
  // block per output (rows too long for a warp, too few to fill the GPU).
  EXPECT_EQ(kernel(inner(4, 256 * 32)), ReductionKernel::Block);
  // A dynamic reduced count still splits a static handful of outputs.
  EXPECT_EQ(kernel(inner(1, std::nullopt)), ReductionKernel::SplitFull);
}

TEST_F(ReductionScheduleTest, WarpOrBlockPerRow) {
  EXPECT_EQ(kernel(inner(1024, 4096)), ReductionKernel::Warp);
  EXPECT_EQ(kernel(inner(1024, 4097)), ReductionKernel::Block);
  // Enough rows to fill the GPU with a warp each.
  EXPECT_EQ(kernel(inner(8192, 1 << 20)), ReductionKernel::Warp);
  ReductionShape wide = inner(1024, 1024);
  wide.accumulatorBits = 64;
  EXPECT_EQ(kernel(wide), ReductionKernel::Block);
  EXPECT_EQ(only(inner(1024, 1024), ReductionTarget::portable()).kernel,
            ReductionKernel::Block);
}

TEST_F(ReductionScheduleTest, DynamicCountsAreGuardedOnTheHost) {
  EXPECT_EQ(
      describe(chooseReductionSchedule(inner(std::nullopt, std::nullopt), h100,
                                       tuning)),
      (std::vector<std::string>{"reduced <= 4096: warp",
                                "outputs >= 8192: warp", "always: block"}));
  // The static reduced count decides the first guard.
  EXPECT_EQ(
      describe(
          chooseReductionSchedule(inner(std::nullopt, 100000), h100, tuning)),
      (std::vector<std::string>{"outputs >= 8192: warp", "always: block"}));
  EXPECT_EQ(kernel(inner(std::nullopt, 1000)), ReductionKernel::Warp);
}

TEST_F(ReductionScheduleTest, Columns) {
  ReductionShape s = inner(4096, 4096);
  s.form = ReductionShape::Form::Column;
  EXPECT_EQ(kernel(s), ReductionKernel::Column);
  s.narrowInner = 8;
  EXPECT_EQ(kernel(s), ReductionKernel::ColumnNarrow);
  s.singleShortChunk = true;
  EXPECT_EQ(kernel(s), ReductionKernel::ThreadPerOutput);
  s.form = ReductionShape::Form::Plain;
  EXPECT_EQ(kernel(s), ReductionKernel::ThreadPerOutput);
}

TEST_F(ReductionScheduleTest, RowsHeldInRegisters) {
  // Softmax over 1024 f32: 16 values (64 bytes) per thread, a team of 64
  // threads per row in blocks of 256, four 4-wide chunks each.
  EXPECT_EQ(describeSchedule(only(rows(4096, 1024, f32), h100)),
            "row-program(team 64, 4 x 4, block 256)");
  // bf16 rows hold 32 values per thread (the same 64 bytes).
  EXPECT_EQ(describeSchedule(only(rows(4096, 4096, bf16), h100)),
            "row-program(team 128, 4 x 8, block 256)");
  // GPT-2's 50257 does not divide into 16-byte chunks: over a cluster f32
  // rows move single elements (aligned chunks took more registers there);
  // 100 bytes per thread are past the 64-register cap's 80.
  EXPECT_EQ(describeSchedule(only(rows(64, 50257, f32), h100)),
            "row-program(team 2048, 25 x 1, block 256, cluster 8)");
  // In one block they move aligned 16-byte chunks.
  EXPECT_EQ(describeSchedule(only(rows(4096, 32001, f32), h100)),
            "row-program(team 1024, 8 x 4, block 1024, aligned)");
  // A row too long for one block's registers on a chip without clusters:
  // streamed, a block per row.
  EXPECT_EQ(only(rows(64, 50257, f32), a100).kernel,
            ReductionKernel::RowStream);
  // Short rows of a chip without clusters still fit one block.
  EXPECT_EQ(only(rows(4096, 1024, f32), a100).kernel,
            ReductionKernel::RowProgram);
}

TEST_F(ReductionScheduleTest, LongRowsStream) {
  // bf16 rows that only a cluster holds are streamed when there are
  // enough of them for a block each (kRowStreamMinRows)...
  EXPECT_EQ(describeSchedule(only(rows(4096, 50257, bf16), h100)),
            "row-stream(block 512, 4 x 8, aligned)");
  // ...and held over a cluster when few; the host picks when the row
  // count is dynamic.
  EXPECT_EQ(only(rows(16, 50257, bf16), h100).kernel,
            ReductionKernel::RowProgram);
  ScheduleList list =
      chooseReductionSchedule(rows(std::nullopt, 50257, bf16), h100, tuning);
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(describeGuard(list[0].guard), "outputs >= 256");
  EXPECT_EQ(list[0].schedule.kernel, ReductionKernel::RowStream);
  EXPECT_EQ(list[1].schedule.kernel, ReductionKernel::RowProgram);
  // f32 rows of 2^19 (kRowStreamMinLength4) are streamed in whole 16-byte
  // chunks at 32 bytes per tile when many, held over a 16-block cluster
  // when few.
  EXPECT_EQ(describeSchedule(only(rows(4096, 524288, f32), h100)),
            "row-stream(block 512, 2 x 4)");
  EXPECT_EQ(describeSchedule(only(rows(64, 524288, f32), h100)),
            "row-program(team 16384, 8 x 4, block 1024, cluster 16)");
  // Without row streams the longest rows are re-read by a block per row.
  ReductionTuning noStream = tuning;
  noStream.rows.stream = false;
  EXPECT_EQ(chooseReductionSchedule(rows(64, 1 << 22, f32), h100, noStream)
                .front()
                .schedule.kernel,
            ReductionKernel::RowBlock);
}

TEST_F(ReductionScheduleTest, DynamicRowLengthVariants) {
  ScheduleList list = chooseReductionSchedule(
      rows(std::nullopt, std::nullopt, f32), h100, tuning);
  std::vector<std::string> text = describe(list);
  ASSERT_GE(text.size(), 6u);
  // Streams first (past every held variant, or many rows of those a
  // cluster holds), with whole chunks when the length allows; then the
  // variants from the shortest row up; then the re-reading kernels.
  EXPECT_EQ(list.front().schedule.kernel, ReductionKernel::RowStream);
  EXPECT_EQ(list.front().guard.reducedMultipleOf, 4);
  EXPECT_EQ(text[4], "reduced >= 1 && reduced <= 64: row-program(team 4, "
                     "16 x 1, block 256)");
  EXPECT_EQ(text[5], "reduced >= 65 && reduced <= 128: row-program(team 8, "
                     "4 x 4, block 256, aligned)");
  EXPECT_EQ(text[text.size() - 2], "reduced >= 2048: row-group-block");
  EXPECT_EQ(text.back(), "always: row-group");
  // Without a row-program path (no warps) only the re-reading kernels.
  ReductionShape noRow = rows(std::nullopt, std::nullopt, f32);
  noRow.rowInnermost = false;
  EXPECT_EQ(describe(chooseReductionSchedule(noRow, h100, tuning)),
            (std::vector<std::string>{"reduced >= 2048: row-group-block",
                                      "always: row-group"}));
}

TEST_F(ReductionScheduleTest, TextRoundTrip) {
  // What the chooser writes into ferric.reduction_schedule parses back to
  // the same list, for every form.
  for (const ReductionShape &shape :
       {inner(std::nullopt, std::nullopt), rows(4096, 50257, bf16),
        rows(std::nullopt, std::nullopt, f32), rows(64, 50257, f32)}) {
    ScheduleList list = chooseReductionSchedule(shape, h100, tuning);
    std::vector<std::string> text = describe(list);
    std::string error;
    std::optional<ScheduleList> back = parseScheduleList(
        std::vector<std::string>(text.begin(), text.end()), error);
    ASSERT_TRUE(back.has_value()) << error;
    ASSERT_EQ(back->size(), list.size());
    for (size_t i = 0; i < list.size(); ++i) {
      EXPECT_TRUE((*back)[i].guard == list[i].guard) << text[i];
      EXPECT_TRUE((*back)[i].schedule == list[i].schedule) << text[i];
    }
    EXPECT_FALSE(checkSchedules(*back, shape, h100).has_value());
  }
}

TEST_F(ReductionScheduleTest, PinnedSchedulesAreChecked) {
  auto check = [&](std::vector<std::string> text,
                   const ReductionShape &shape) -> std::string {
    std::string error;
    std::optional<ScheduleList> list = parseScheduleList(text, error);
    if (!list)
      return error;
    return checkSchedules(*list, shape, h100).value_or("ok");
  };
  EXPECT_EQ(check({"always: block"}, inner(64, 1024)), "ok");
  EXPECT_EQ(check({"always: row-group"}, inner(64, 1024)),
            "schedule 'row-group' does not apply to this reduction");
  // A row program must hold every row its guard admits.
  EXPECT_EQ(check({"always: row-program(team 64, 4 x 4, block 256)"},
                  rows(64, 1024, f32)),
            "ok");
  EXPECT_EQ(check({"always: row-program(team 64, 2 x 4, block 256)"},
                  rows(64, 1024, f32)),
            "row-program holds 512 elements per row, fewer than the 1024 "
            "its guard admits");
  EXPECT_EQ(check({"always: row-program(team 64, 16 x 1, block 256)"},
                  rows(64, std::nullopt, f32)),
            "row-program needs a bound on the row length (guard it with "
            "'reduced <= N')");
  // Unaligned 4-wide chunks need a multiple of 4.
  EXPECT_EQ(
      check({"always: row-stream(block 512, 2 x 4)"}, rows(64, 1001, f32)),
      "row-stream: chunks of 4 elements need a row length that is a "
      "multiple of 4");
  EXPECT_EQ(check({"always: row-program(team 2048, 1 x 1, block 256, "
                   "cluster 32)"},
                  rows(64, 2048, f32)),
            "row-program team 2048 in 32 block(s) of 256 threads is not a "
            "team this target runs");
  EXPECT_EQ(check({"reduced <= 3 warp"}, inner(64, 1024)),
            "expected ':' at 'warp'");
  EXPECT_EQ(check({"always: row-program(team 8)"}, rows(64, 64, f32)),
            "expected ',' at ')'");
}

} // namespace
