//===- SpirvReflectionTest.cpp - Which bindings a shader writes -----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Compiles the Vulkan runtime's SPIR-V reflection
// (runtime/vulkan/SpirvReflection.cpp) into the test and feeds it modules
// assembled word by word, so that an id can be made to equal a literal on
// purpose. The runtime copies back only the bindings marked written; a read
// binding marked written is copied back into the caller's memory, which
// segfaults when that memory is a read-only constant (issue 42).
//
//===----------------------------------------------------------------------===//

#include "SpirvReflection.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

using ferric::vulkan::reflectSpirv;
using ferric::vulkan::SpirvBinding;
using ferric::vulkan::SpirvModuleInfo;

namespace {

// Fixed ids of the test module. kInput is 8 on purpose: GLSL.std.450 Floor
// is instruction 8, the collision issue 42 found.
enum Id : uint32_t {
  kGlsl = 1,
  kVoid = 2,
  kFnType = 3,
  kF32 = 4,
  kPtr = 5,
  kMain = 6,
  kLabel = 7,
  kInput = 8,
  kOutput = 9,
  kLoaded = 10,
  kResult = 11,
  kVec = 12,
  kVecType = 13,
  kBound = 20,
};

struct Module {
  std::vector<uint32_t> words{0x07230203, 0x00010000, 0, kBound, 0};

  void op(uint32_t opcode, std::initializer_list<uint32_t> operands) {
    words.push_back(uint32_t(operands.size() + 1) << 16 | opcode);
    words.insert(words.end(), operands);
  }
  void string(uint32_t opcode, std::initializer_list<uint32_t> before,
              const std::string &text) {
    std::vector<uint32_t> packed((text.size() + 4) / 4, 0);
    for (size_t i = 0; i < text.size(); ++i)
      packed[i / 4] |= uint32_t(uint8_t(text[i])) << (8 * (i % 4));
    words.push_back(uint32_t(before.size() + packed.size() + 1) << 16 | opcode);
    words.insert(words.end(), before);
    words.insert(words.end(), packed.begin(), packed.end());
  }
};

/// A compute shader with storage buffers kInput (binding 0) and kOutput
/// (binding 1); `body` adds the instructions between the load of kInput into
/// kLoaded and a final store into kOutput (so both bindings are used).
template <typename Body> SpirvModuleInfo reflect(Body body) {
  Module m;
  m.string(11, {kGlsl}, "GLSL.std.450"); // OpExtInstImport
  m.string(15, {5, kMain}, "main");      // OpEntryPoint GLCompute
  m.op(16, {kMain, 17, 1, 1, 1});        // OpExecutionMode LocalSize
  for (uint32_t var : {kInput, kOutput}) {
    m.op(71, {var, 34, 0});                       // DescriptorSet 0
    m.op(71, {var, 33, var == kInput ? 0u : 1u}); // Binding
  }
  m.op(19, {kVoid});             // OpTypeVoid
  m.op(33, {kFnType, kVoid});    // OpTypeFunction
  m.op(22, {kF32, 32});          // OpTypeFloat
  m.op(23, {kVecType, kF32, 2}); // OpTypeVector
  m.op(32, {kPtr, 12, kF32});    // OpTypePointer StorageBuffer
  m.op(59, {kPtr, kInput, 12});  // OpVariable
  m.op(59, {kPtr, kOutput, 12});
  m.op(54, {kVoid, kMain, 0, kFnType}); // OpFunction
  m.op(248, {kLabel});                  // OpLabel
  m.op(61, {kF32, kLoaded, kInput});    // OpLoad
  body(m);
  m.op(62, {kOutput, kLoaded}); // OpStore
  m.op(253, {});                // OpReturn
  m.op(56, {});                 // OpFunctionEnd

  SpirvModuleInfo info;
  std::string error;
  EXPECT_TRUE(reflectSpirv(m.words.data(), m.words.size(), info, error))
      << error;
  return info;
}

/// (written of binding 0, written of binding 1).
std::pair<bool, bool> written(const SpirvModuleInfo &info) {
  const ferric::vulkan::SpirvEntryPoint *ep = info.find("main");
  EXPECT_NE(ep, nullptr);
  if (!ep || ep->bindings.size() != 2)
    return {true, true};
  return {ep->bindings[0].written, ep->bindings[1].written};
}

TEST(SpirvReflectionTest, ExtInstNumberIsNotAnId) {
  // %r = OpExtInst %f32 %glsl Floor(8) %loaded; OpStore %output %r
  auto info = reflect([](Module &m) {
    m.op(12, {kF32, kResult, kGlsl, 8, kLoaded});
    m.op(62, {kOutput, kResult});
  });
  EXPECT_EQ(written(info), std::make_pair(false, true));
}

TEST(SpirvReflectionTest, MemoryOperandsAreNotIds) {
  // OpStore %output %loaded Aligned 8: the alignment literal is kInput's id.
  auto info = reflect([](Module &m) { m.op(62, {kOutput, kLoaded, 2, 8}); });
  EXPECT_EQ(written(info), std::make_pair(false, true));
}

TEST(SpirvReflectionTest, CompositeIndicesAreNotIds) {
  // A vector built from the load, its element 8... is not an access to
  // kInput: OpCompositeInsert / OpCompositeExtract indices and
  // OpVectorShuffle components are literals.
  auto info = reflect([](Module &m) {
    m.op(80, {kVecType, kVec, kLoaded, kLoaded}); // OpCompositeConstruct
    m.op(79, {kVecType, 14, kVec, kVec, 1, 0});   // OpVectorShuffle
    m.op(82, {kVecType, 15, kLoaded, 14, 8});     // OpCompositeInsert
    m.op(81, {kF32, kResult, 15, 8});             // OpCompositeExtract
    m.op(62, {kOutput, kResult});
  });
  EXPECT_EQ(written(info), std::make_pair(false, true));
}

TEST(SpirvReflectionTest, CopyMemoryWritesOnlyItsTarget) {
  auto info = reflect([](Module &m) { m.op(63, {kOutput, kInput}); });
  EXPECT_EQ(written(info), std::make_pair(false, true));
}

TEST(SpirvReflectionTest, StoresAndUnknownUsesStayWritten) {
  // A store into the input, and a pointer passed to an instruction this
  // reflection does not decode (OpCopyObject), both count as writes.
  auto stored = reflect([](Module &m) { m.op(62, {kInput, kLoaded}); });
  EXPECT_TRUE(written(stored).first);
  auto copied = reflect([](Module &m) { m.op(83, {kPtr, kResult, kInput}); });
  EXPECT_TRUE(written(copied).first);
  // Modf writes through its pointer operand, an id after the literal.
  auto modf = reflect([](Module &m) {
    m.op(12, {kF32, kResult, kGlsl, 35, kLoaded, kInput});
  });
  EXPECT_TRUE(written(modf).first);
}

} // namespace
