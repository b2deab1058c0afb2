//===- SpirvReflection.cpp - Minimal SPIR-V reflection --------------------===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//

#include "SpirvReflection.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <unordered_map>

#ifdef FERRIC_VULKAN_HAVE_SPIRV_TOOLS
#include <spirv-tools/libspirv.h>
#endif

using namespace ferric::vulkan;

namespace {

// Opcodes, decorations and enumerants from the SPIR-V specification. Only the
// ones this file looks at are listed; spirv.hpp is not a dependency of the
// runtime so that it builds against any Vulkan SDK.
enum Op : uint32_t {
  OpEntryPoint = 15,
  OpExecutionMode = 16,
  OpTypeBool = 20,
  OpTypeInt = 21,
  OpTypeFloat = 22,
  OpTypeVector = 23,
  OpTypeMatrix = 24,
  OpTypeArray = 28,
  OpTypeRuntimeArray = 29,
  OpTypeStruct = 30,
  OpTypePointer = 32,
  OpConstant = 43,
  OpFunction = 54,
  OpFunctionEnd = 56,
  OpFunctionCall = 57,
  OpVariable = 59,
  OpLoad = 61,
  OpStore = 62,
  OpCopyMemory = 63,
  OpCopyMemorySized = 64,
  OpAccessChain = 65,
  OpInBoundsAccessChain = 66,
  OpPtrAccessChain = 67,
  OpArrayLength = 68,
  OpInBoundsPtrAccessChain = 70,
  OpDecorate = 71,
  OpMemberDecorate = 72,
  OpVectorShuffle = 79,
  OpCompositeExtract = 81,
  OpCompositeInsert = 82,
  OpAtomicLoad = 227,
  OpAtomicStore = 228,
  OpAtomicXor = 242,
  OpLoopMerge = 246,
  OpSelectionMerge = 247,
  OpBranchConditional = 250,
  OpSwitch = 251,
  OpGroupIAdd = 264,
  OpGroupSMax = 271,
  OpGroupNonUniformBallotBitCount = 342,
  OpGroupNonUniformIAdd = 349,
  OpGroupNonUniformLogicalXor = 364,
};
// Below OpEntryPoint, so not in the sorted enum above.
constexpr uint32_t OpLine = 8;
constexpr uint32_t OpExtInst = 12;
constexpr uint32_t kMagic = 0x07230203;
constexpr uint32_t kExecutionModelGLCompute = 5;
constexpr uint32_t kExecutionModeLocalSize = 17;
constexpr uint32_t kDecorationArrayStride = 6;
constexpr uint32_t kDecorationBinding = 33;
constexpr uint32_t kDecorationDescriptorSet = 34;
constexpr uint32_t kDecorationOffset = 35;
constexpr uint32_t kStorageClassUniform = 2;
constexpr uint32_t kStorageClassStorageBuffer = 12;

struct TypeInfo {
  uint32_t opcode = 0;
  std::vector<uint32_t> operands; // Words after the result id.
};

struct FunctionUses {
  std::set<uint32_t> ids;     // Ids that may be global variables.
  std::set<uint32_t> callees; // Functions called directly.
};

/// Everything collected in one pass over the instruction stream.
struct Parsed {
  std::unordered_map<uint32_t, TypeInfo> types;
  std::unordered_map<uint32_t, uint64_t> constants;
  std::unordered_map<uint32_t, uint32_t> arrayStride;
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> memberOffset;
  std::unordered_map<uint32_t, uint32_t> descriptorSet, binding;
  // Variable id -> (pointer type id, storage class).
  std::unordered_map<uint32_t, std::pair<uint32_t, uint32_t>> variables;
  std::unordered_map<uint32_t, FunctionUses> functions;
  std::vector<std::pair<uint32_t, std::string>> entryPoints; // (fn, name)
  std::unordered_map<uint32_t, std::vector<uint32_t>> localSize;
  // Access chain result id -> base pointer id.
  std::unordered_map<uint32_t, uint32_t> chainBase;
  // Ids used by a function-body instruction other than as the pointer of a
  // load or the base of an access chain: any of them may be written through.
  // Only id operands are recorded (literal words are skipped by opcode): a
  // literal that happens to equal a variable's id must not mark it, or the
  // runtime copies the buffer back into host memory that may be read-only.
  std::set<uint32_t> maybeWritten;
};

/// Index of the first word of `opcode`'s trailing literal operands (memory
/// operand masks and alignments, composite indices, shuffle components, loop
/// controls, branch weights): every operand a pointer may flow through comes
/// before it. `len` when all operands are ids, and for opcodes this file does
/// not know (conservative: treating a literal as an id can only make the
/// runtime copy back a buffer nobody wrote).
uint32_t firstTrailingLiteral(uint32_t opcode, uint32_t len) {
  uint32_t first = len;
  switch (opcode) {
  case OpSwitch: // selector, default, (literal, label)...: never pointers
    first = 1;
    break;
  case OpStore:          // pointer, object, [memory operands]
  case OpSelectionMerge: // merge block, control
  case OpLine:           // file, line, column
  case OpLoopMerge:      // merge block, continue target, control, parameters
    first = 3;
    break;
  case OpCopyMemory:        // target, source, [memory operands]
  case OpCompositeExtract:  // type, result, composite, indices...
  case OpBranchConditional: // condition, true label, false label, weights...
    first = 4;
    break;
  case OpCopyMemorySized: // target, source, size, [memory operands]
  case OpCompositeInsert: // type, result, object, composite, indices...
  case OpVectorShuffle:   // type, result, vector 1, vector 2, components...
    first = 5;
    break;
  default:
    break;
  }
  return std::min(first, len);
}

/// Whether word `i` of an instruction is a literal between its id operands.
bool isInnerLiteral(uint32_t opcode, uint32_t i) {
  // OpExtInst: type, result, set, instruction number, operands...
  // Group reductions: type, result, scope, group operation, value, ...
  return i == 4 && (opcode == OpExtInst ||
                    (opcode >= OpGroupIAdd && opcode <= OpGroupSMax) ||
                    opcode == OpGroupNonUniformBallotBitCount ||
                    (opcode >= OpGroupNonUniformIAdd &&
                     opcode <= OpGroupNonUniformLogicalXor));
}

/// Notes how a function-body instruction uses pointers, for `written`.
void recordPointerUses(const uint32_t *ins, uint32_t opcode, uint32_t len,
                       Parsed &p) {
  switch (opcode) {
  case OpAccessChain:
  case OpInBoundsAccessChain:
  case OpPtrAccessChain:
  case OpInBoundsPtrAccessChain:
    if (len > 3)
      p.chainBase[ins[2]] = ins[3];
    for (uint32_t i = 4; i < len; ++i) // indices
      p.maybeWritten.insert(ins[i]);
    return;
  case OpLoad:
  case OpArrayLength:
  case OpAtomicLoad:
    return;
  case OpCopyMemory:
  case OpCopyMemorySized:
    // Only the target is written; the source and the size are read.
    if (len > 1)
      p.maybeWritten.insert(ins[1]);
    return;
  default:
    for (uint32_t i = 1, e = firstTrailingLiteral(opcode, len); i < e; ++i)
      if (!isInnerLiteral(opcode, i))
        p.maybeWritten.insert(ins[i]);
  }
}

/// The ids that may be written through, each followed back through its
/// access chains to the root pointer (a variable, for buffers): one pass over
/// `maybeWritten`, shared by every binding.
std::set<uint32_t> writtenRoots(const Parsed &p) {
  std::set<uint32_t> roots;
  for (uint32_t id : p.maybeWritten) {
    roots.insert(id);
    for (int depth = 0; depth < 64; ++depth) {
      auto base = p.chainBase.find(id);
      if (base == p.chainBase.end())
        break;
      id = base->second;
      roots.insert(id);
    }
  }
  return roots;
}

/// Decodes a nul-terminated literal string starting at `words[0]`.
std::string literalString(const uint32_t *words, size_t count) {
  std::string s;
  for (size_t i = 0; i < count; ++i) {
    for (int b = 0; b < 4; ++b) {
      char c = static_cast<char>((words[i] >> (8 * b)) & 0xff);
      if (!c)
        return s;
      s.push_back(c);
    }
  }
  return s;
}

/// Size in bytes of `typeId` as laid out in a buffer, or kUnknownSize.
uint64_t typeSize(const Parsed &p, uint32_t typeId, bool &runtimeSized,
                  int depth = 0) {
  auto it = p.types.find(typeId);
  if (it == p.types.end() || depth > 32)
    return kUnknownSize;
  const TypeInfo &t = it->second;
  auto operand = [&](size_t i) {
    return i < t.operands.size() ? t.operands[i] : 0;
  };
  switch (t.opcode) {
  case OpTypeInt:
  case OpTypeFloat:
    return operand(0) / 8;
  case OpTypeVector: {
    uint64_t elem = typeSize(p, operand(0), runtimeSized, depth + 1);
    return elem == kUnknownSize ? elem : elem * operand(1);
  }
  case OpTypeArray: {
    auto len = p.constants.find(operand(1));
    uint64_t elem = typeSize(p, operand(0), runtimeSized, depth + 1);
    if (len == p.constants.end() || elem == kUnknownSize)
      return kUnknownSize;
    if (len->second == 0)
      return 0;
    auto stride = p.arrayStride.find(typeId);
    uint64_t step = stride == p.arrayStride.end() ? elem : stride->second;
    // The last element need not be padded out to the full stride.
    return (len->second - 1) * step + elem;
  }
  case OpTypeRuntimeArray:
    runtimeSized = true;
    return 0;
  case OpTypeStruct: {
    uint64_t end = 0;
    for (uint32_t m = 0; m < t.operands.size(); ++m) {
      auto off = p.memberOffset.find({typeId, m});
      uint64_t size = typeSize(p, t.operands[m], runtimeSized, depth + 1);
      if (off == p.memberOffset.end() || size == kUnknownSize)
        return kUnknownSize;
      end = std::max<uint64_t>(end, off->second + size);
    }
    return end;
  }
  default:
    // Matrices, booleans, pointers: sizing them needs layout rules that MLIR's
    // buffer lowering never produces, so skip the size check.
    return kUnknownSize;
  }
}

/// Records the instruction's id operands that can name a global variable.
void recordUses(const uint32_t *ins, uint32_t opcode, uint32_t len,
                FunctionUses &uses) {
  auto add = [&](uint32_t i) {
    if (i < len)
      uses.ids.insert(ins[i]);
  };
  switch (opcode) {
  case OpFunctionCall:
    add(3);
    uses.callees.insert(len > 3 ? ins[3] : 0);
    for (uint32_t i = 4; i < len; ++i)
      add(i);
    return;
  case OpStore:
  case OpAtomicStore:
    add(1);
    return;
  case OpCopyMemory:
  case OpCopyMemorySized:
    add(1);
    add(2);
    return;
  case OpLoad:
  case OpAccessChain:
  case OpInBoundsAccessChain:
  case OpPtrAccessChain:
  case OpInBoundsPtrAccessChain:
  case OpArrayLength:
    add(3);
    return;
  default:
    if (opcode >= OpAtomicLoad && opcode <= OpAtomicXor)
      add(3);
    return;
  }
}

bool parse(const uint32_t *words, size_t count, Parsed &p, std::string &error) {
  uint32_t currentFunction = 0;
  for (size_t pos = 5; pos < count;) {
    uint32_t len = words[pos] >> 16, opcode = words[pos] & 0xffff;
    if (len == 0 || pos + len > count) {
      error = "malformed SPIR-V: instruction at word " + std::to_string(pos) +
              " has length " + std::to_string(len) + " but the module has " +
              std::to_string(count) + " words";
      return false;
    }
    const uint32_t *ins = words + pos;
    auto at = [&](uint32_t i) { return i < len ? ins[i] : 0; };
    switch (opcode) {
    case OpEntryPoint:
      if (at(1) == kExecutionModelGLCompute)
        p.entryPoints.push_back({at(2), literalString(ins + 3, len - 3)});
      break;
    case OpExecutionMode:
      if (at(2) == kExecutionModeLocalSize && len >= 6)
        p.localSize[at(1)] = {ins[3], ins[4], ins[5]};
      break;
    case OpDecorate:
      if (at(2) == kDecorationDescriptorSet)
        p.descriptorSet[at(1)] = at(3);
      else if (at(2) == kDecorationBinding)
        p.binding[at(1)] = at(3);
      else if (at(2) == kDecorationArrayStride)
        p.arrayStride[at(1)] = at(3);
      break;
    case OpMemberDecorate:
      if (at(3) == kDecorationOffset)
        p.memberOffset[{at(1), at(2)}] = at(4);
      break;
    case OpTypeBool:
    case OpTypeInt:
    case OpTypeFloat:
    case OpTypeVector:
    case OpTypeMatrix:
    case OpTypeArray:
    case OpTypeRuntimeArray:
    case OpTypeStruct:
    case OpTypePointer:
      p.types[at(1)] = {opcode, std::vector<uint32_t>(ins + 2, ins + len)};
      break;
    case OpConstant: {
      uint64_t value = at(3);
      if (len > 4)
        value |= uint64_t(ins[4]) << 32;
      p.constants[at(2)] = value;
      break;
    }
    case OpVariable:
      if (!currentFunction)
        p.variables[at(2)] = {at(1), at(3)};
      break;
    case OpFunction:
      currentFunction = at(2);
      p.functions[currentFunction];
      break;
    case OpFunctionEnd:
      currentFunction = 0;
      break;
    default:
      if (currentFunction) {
        recordUses(ins, opcode, len, p.functions[currentFunction]);
        recordPointerUses(ins, opcode, len, p);
      }
      break;
    }
    pos += len;
  }
  return true;
}

/// Collects the buffer bindings reachable from function `root`.
std::vector<SpirvBinding> bindingsOf(const Parsed &p, uint32_t root) {
  std::set<uint32_t> seen{root};
  std::vector<uint32_t> work{root};
  std::set<uint32_t> used;
  while (!work.empty()) {
    uint32_t fn = work.back();
    work.pop_back();
    auto it = p.functions.find(fn);
    if (it == p.functions.end())
      continue;
    used.insert(it->second.ids.begin(), it->second.ids.end());
    for (uint32_t callee : it->second.callees)
      if (seen.insert(callee).second)
        work.push_back(callee);
  }

  std::vector<SpirvBinding> result;
  std::set<uint32_t> written = writtenRoots(p);
  for (uint32_t id : used) {
    auto var = p.variables.find(id);
    if (var == p.variables.end())
      continue;
    uint32_t storage = var->second.second;
    if (storage != kStorageClassStorageBuffer &&
        storage != kStorageClassUniform)
      continue;
    auto set = p.descriptorSet.find(id), bind = p.binding.find(id);
    if (set == p.descriptorSet.end() || bind == p.binding.end())
      continue;
    SpirvBinding b;
    b.set = set->second;
    b.binding = bind->second;
    b.storageClass = storage;
    b.written = written.count(id) != 0;
    auto ptr = p.types.find(var->second.first);
    if (ptr != p.types.end() && ptr->second.opcode == OpTypePointer &&
        ptr->second.operands.size() == 2)
      b.minBytes = typeSize(p, ptr->second.operands[1], b.runtimeSized);
    else
      b.minBytes = kUnknownSize;
    result.push_back(b);
  }
  std::sort(result.begin(), result.end(),
            [](const SpirvBinding &a, const SpirvBinding &b) {
              return std::make_pair(a.set, a.binding) <
                     std::make_pair(b.set, b.binding);
            });
  return result;
}

} // namespace

const SpirvEntryPoint *SpirvModuleInfo::find(const std::string &name) const {
  for (const SpirvEntryPoint &ep : entryPoints)
    if (ep.name == name)
      return &ep;
  return nullptr;
}

std::string SpirvModuleInfo::entryPointList() const {
  std::string list;
  for (const SpirvEntryPoint &ep : entryPoints)
    list += (list.empty() ? "" : ", ") + ep.name;
  return list.empty() ? "none" : list;
}

bool ferric::vulkan::reflectSpirv(const uint32_t *words, size_t wordCount,
                                  SpirvModuleInfo &info, std::string &error) {
  if (!words || wordCount < 5) {
    error = "SPIR-V blob of " + std::to_string(wordCount * 4) +
            " bytes is too short to hold a module header";
    return false;
  }
  if (words[0] != kMagic) {
    char buf[16];
    snprintf(buf, sizeof(buf), "0x%08x", words[0]);
    error = std::string("not a SPIR-V module (magic number ") + buf +
            (words[0] == 0x03022307 ? ", byte-swapped" : "") +
            ", expected 0x07230203)";
    return false;
  }
  info = SpirvModuleInfo();
  info.version = words[1];
  Parsed p;
  if (!parse(words, wordCount, p, error))
    return false;
  for (const auto &[fn, name] : p.entryPoints) {
    SpirvEntryPoint ep;
    ep.name = name;
    auto ls = p.localSize.find(fn);
    if (ls != p.localSize.end()) {
      ep.hasLocalSize = true;
      std::copy(ls->second.begin(), ls->second.end(), ep.localSize);
    }
    ep.bindings = bindingsOf(p, fn);
    info.entryPoints.push_back(std::move(ep));
  }
  if (info.entryPoints.empty()) {
    error = "SPIR-V module has no GLCompute entry point (was it lowered for "
            "OpenCL/Kernel instead of Vulkan/Shader?)";
    return false;
  }
  return true;
}

bool ferric::vulkan::validateSpirv(const uint32_t *words, size_t wordCount,
                                   std::string &error) {
#ifdef FERRIC_VULKAN_HAVE_SPIRV_TOOLS
  // Pick the oldest Vulkan environment that accepts the module's version.
  uint32_t minor = wordCount > 1 ? (words[1] >> 8) & 0xff : 0;
  spv_target_env env = minor <= 3   ? SPV_ENV_VULKAN_1_1
                       : minor == 4 ? SPV_ENV_VULKAN_1_1_SPIRV_1_4
                       : minor == 5 ? SPV_ENV_VULKAN_1_2
                                    : SPV_ENV_VULKAN_1_3;
  spv_context context = spvContextCreate(env);
  if (!context)
    return true;
  spv_const_binary_t binary = {words, wordCount};
  spv_diagnostic diagnostic = nullptr;
  spv_result_t result = spvValidate(context, &binary, &diagnostic);
  if (result != SPV_SUCCESS) {
    error = "SPIR-V validation failed";
    if (diagnostic && diagnostic->error)
      error += std::string(": ") + diagnostic->error;
    // The validator's messages can span lines; keep the error to one line.
    std::replace(error.begin(), error.end(), '\n', ' ');
  }
  spvDiagnosticDestroy(diagnostic);
  spvContextDestroy(context);
  return result == SPV_SUCCESS;
#else
  (void)words;
  (void)wordCount;
  (void)error;
  return true;
#endif
}
