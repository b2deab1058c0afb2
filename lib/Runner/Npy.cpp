//===- Npy.cpp - .npy reading and writing ---------------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The .npy format (numpy/lib/format.py): the magic "\x93NUMPY", a major and
// minor version byte, the header length (uint16 little-endian in 1.0, uint32
// in 2.0 and 3.0), then a Python dict literal with the keys 'descr',
// 'fortran_order' and 'shape', padded with spaces and a final '\n' so that the
// data starts at a multiple of 64 bytes. bf16 tensors are stored as '<u2'
// (see HostTensor.h).
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/HostTensor.h"
#include "NpyFormat.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SwapByteOrder.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace mlir::ferric::runner;
using llvm::StringRef;
using llvm::Twine;

static constexpr char kMagic[] = "\x93NUMPY";
static constexpr size_t kMagicLen = 6;
static constexpr size_t kAlign = 64;
/// numpy pads 1-D/N-D headers so that shape[0] can grow to this many digits in
/// place (numpy >= 1.23); we do the same to write byte-identical files.
static constexpr size_t kGrowthAxisMaxDigits = 21;

/// Converts the elements in `data` between little-endian and host order.
void mlir::ferric::runner::toFromLittleEndian(uint8_t *data, size_t bytes,
                                              size_t width) {
  if (llvm::sys::IsLittleEndianHost || width == 1)
    return;
  for (size_t off = 0; off < bytes; off += width)
    std::reverse(data + off, data + off + width);
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

namespace {
/// A value in the header dict.
struct PyValue {
  enum Kind { String, Bool, Tuple, Other } kind = Other;
  std::string str;
  bool boolean = false;
  llvm::SmallVector<int64_t> ints;
};

/// A parser for the Python literal subset numpy writes in headers.
class HeaderParser {
public:
  explicit HeaderParser(StringRef text) : text(text) {}

  /// Parses the whole header into `descr`, `fortranOrder` and `shape`; on
  /// failure returns a description of the problem.
  std::optional<std::string> parse(PyValue &descr, bool &fortranOrder,
                                   llvm::SmallVectorImpl<int64_t> &shape);

private:
  void skipSpace() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }
  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  bool peek(char c) {
    skipSpace();
    return pos < text.size() && text[pos] == c;
  }
  std::optional<std::string> parseString(std::string &out);
  std::optional<std::string> parseValue(PyValue &out);

  StringRef text;
  size_t pos = 0;
};
} // namespace

std::optional<std::string> HeaderParser::parseString(std::string &out) {
  skipSpace();
  if (pos >= text.size() || (text[pos] != '\'' && text[pos] != '"'))
    return std::string("expected a string");
  char quote = text[pos++];
  size_t end = text.find(quote, pos);
  if (end == StringRef::npos)
    return std::string("unterminated string");
  out = text.slice(pos, end).str();
  if (out.find('\\') != std::string::npos)
    return "unsupported escape in string '" + out + "'";
  pos = end + 1;
  return std::nullopt;
}

std::optional<std::string> HeaderParser::parseValue(PyValue &out) {
  skipSpace();
  if (pos >= text.size())
    return std::string("unexpected end of header");
  char c = text[pos];
  if (c == '\'' || c == '"') {
    out.kind = PyValue::String;
    return parseString(out.str);
  }
  StringRef rest = text.substr(pos);
  if (rest.starts_with("True") || rest.starts_with("False")) {
    out.kind = PyValue::Bool;
    out.boolean = rest.starts_with("True");
    pos += out.boolean ? 4 : 5;
    return std::nullopt;
  }
  if (c == '(') {
    ++pos;
    out.kind = PyValue::Tuple;
    while (!consume(')')) {
      skipSpace();
      size_t start = pos;
      while (pos < text.size() && llvm::isDigit(text[pos]))
        ++pos;
      uint64_t v;
      if (text.slice(start, pos).getAsInteger(10, v) || v > uint64_t(INT64_MAX))
        return std::string("bad shape entry");
      if (pos < text.size() && text[pos] == 'L') // Python 2 long.
        ++pos;
      out.ints.push_back(static_cast<int64_t>(v));
      if (!consume(',') && !peek(')'))
        return std::string("expected ',' or ')' in shape");
    }
    return std::nullopt;
  }
  // Something else (e.g. a structured-dtype list): skip it, balancing
  // brackets, so that the caller can report what it is used for.
  out.kind = PyValue::Other;
  int depth = 0;
  size_t start = pos;
  for (; pos < text.size(); ++pos) {
    char ch = text[pos];
    if (ch == '[' || ch == '(' || ch == '{')
      ++depth;
    else if (ch == ']' || ch == ')' || ch == '}') {
      if (depth == 0)
        break;
      --depth;
    } else if (ch == ',' && depth == 0)
      break;
  }
  out.str = text.slice(start, pos).trim().str();
  if (depth != 0 || out.str.empty())
    return std::string("malformed value");
  return std::nullopt;
}

std::optional<std::string>
HeaderParser::parse(PyValue &descr, bool &fortranOrder,
                    llvm::SmallVectorImpl<int64_t> &shape) {
  if (!consume('{'))
    return std::string("expected '{'");
  bool seenDescr = false, seenOrder = false, seenShape = false;
  while (!consume('}')) {
    std::string key;
    if (auto err = parseString(key))
      return err;
    if (!consume(':'))
      return "expected ':' after '" + key + "'";
    PyValue value;
    if (auto err = parseValue(value))
      return err;
    if (key == "descr") {
      descr = value;
      seenDescr = true;
    } else if (key == "fortran_order") {
      if (value.kind != PyValue::Bool)
        return std::string("'fortran_order' is not True or False");
      fortranOrder = value.boolean;
      seenOrder = true;
    } else if (key == "shape") {
      if (value.kind != PyValue::Tuple)
        return std::string("'shape' is not a tuple");
      shape.assign(value.ints.begin(), value.ints.end());
      seenShape = true;
    } else {
      return "unexpected key '" + key + "'";
    }
    if (!consume(',') && !peek('}'))
      return std::string("expected ',' or '}'");
  }
  skipSpace();
  if (pos != text.size())
    return std::string("unexpected text after '}'");
  if (!seenDescr || !seenOrder || !seenShape)
    return std::string(
        "missing one of the keys 'descr', 'fortran_order', 'shape'");
  return std::nullopt;
}

static llvm::Error npyError(StringRef name, std::errc code, const Twine &msg) {
  return llvm::createStringError(std::make_error_code(code),
                                 "'" + name + "': " + msg);
}

static std::string shapeRepr(llvm::ArrayRef<int64_t> shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1)
    s += ",";
  return s + ")";
}

/// Maps a numpy descr to a DType.
static llvm::Expected<DType> parseDescr(StringRef name, const PyValue &descr) {
  if (descr.kind != PyValue::String)
    return npyError(name, std::errc::not_supported,
                    "unsupported dtype " + descr.str +
                        " (structured arrays are not supported)");
  StringRef d = descr.str;
  char order = '=';
  if (!d.empty() && StringRef("<>|=").contains(d.front())) {
    order = d.front();
    d = d.drop_front();
  }
  std::optional<DType> type;
  if (d == "f2")
    type = DType::F16;
  else if (d == "f4")
    type = DType::F32;
  else if (d == "f8")
    type = DType::F64;
  else if (d == "b1" || d == "?")
    type = DType::I1;
  else if (d == "u2")
    type = DType::BF16; // The bf16 extension: raw bit patterns.
  if (!type)
    return npyError(name, std::errc::not_supported,
                    "unsupported dtype '" + descr.str +
                        "' (supported: '<f2', '<f4', '<f8', '|b1', and '<u2' "
                        "holding bf16 bit patterns)");
  bool bigEndian =
      order == '>' || (order == '=' && !llvm::sys::IsLittleEndianHost);
  if (bigEndian && dtypeBytes(*type) > 1)
    return npyError(name, std::errc::not_supported,
                    "big-endian arrays are not supported ('" + descr.str +
                        "')");
  return *type;
}

llvm::Expected<HostTensor>
mlir::ferric::runner::parseNpy(llvm::ArrayRef<uint8_t> bytes, StringRef name) {
  StringRef file(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  if (!file.starts_with(StringRef(kMagic, kMagicLen)))
    return npyError(name, std::errc::invalid_argument,
                    "not an .npy file (bad magic)");
  if (file.size() < kMagicLen + 2)
    return npyError(name, std::errc::invalid_argument,
                    "bad .npy header: truncated");
  uint8_t major = bytes[kMagicLen], minor = bytes[kMagicLen + 1];
  size_t lenBytes;
  if (major == 1)
    lenBytes = 2;
  else if (major == 2 || major == 3)
    lenBytes = 4;
  else
    return npyError(name, std::errc::not_supported,
                    "unsupported .npy version " + Twine(unsigned(major)) + "." +
                        Twine(unsigned(minor)));
  size_t prefix = kMagicLen + 2 + lenBytes;
  if (file.size() < prefix)
    return npyError(name, std::errc::invalid_argument,
                    "bad .npy header: truncated");
  uint64_t headerLen = 0;
  for (size_t i = 0; i < lenBytes; ++i)
    headerLen |= uint64_t(bytes[kMagicLen + 2 + i]) << (8 * i);
  if (file.size() - prefix < headerLen)
    return npyError(name, std::errc::invalid_argument,
                    "bad .npy header: truncated (header length " +
                        Twine(headerLen) + ", file size " + Twine(file.size()) +
                        ")");
  StringRef header = file.substr(prefix, headerLen);

  PyValue descr;
  bool fortranOrder = false;
  llvm::SmallVector<int64_t> shape;
  if (std::optional<std::string> err =
          HeaderParser(header).parse(descr, fortranOrder, shape))
    return npyError(name, std::errc::invalid_argument,
                    "bad .npy header: " + *err);

  llvm::Expected<DType> type = parseDescr(name, descr);
  if (!type)
    return type.takeError();
  if (fortranOrder)
    return npyError(name, std::errc::not_supported,
                    "fortran-order arrays are not supported");

  size_t width = dtypeBytes(*type);
  int64_t n = 1;
  int64_t dataBytes;
  for (int64_t d : shape)
    if (llvm::MulOverflow(n, d, n))
      return npyError(name, std::errc::invalid_argument,
                      "bad .npy header: shape " + shapeRepr(shape) +
                          " is too large");
  if (llvm::MulOverflow(n, static_cast<int64_t>(width), dataBytes))
    return npyError(name, std::errc::invalid_argument,
                    "bad .npy header: shape " + shapeRepr(shape) +
                        " is too large");
  size_t available = file.size() - prefix - headerLen;
  if (available < static_cast<uint64_t>(dataBytes))
    return npyError(name, std::errc::invalid_argument,
                    "truncated data: expected " + Twine(dataBytes) +
                        " bytes for shape " + shapeRepr(shape) + " of " +
                        dtypeName(*type) + ", found " + Twine(available));
  // Trailing bytes are ignored, as np.load does (several arrays may have been
  // saved into one file).

  llvm::Expected<HostTensor> allocated =
      HostTensor::allocate(*type, shape, "'" + name.str() + "'");
  if (!allocated)
    return allocated.takeError();
  HostTensor t = std::move(*allocated);
  const uint8_t *src = bytes.data() + prefix + headerLen;
  if (dataBytes)
    std::memcpy(t.data.data(), src, dataBytes);
  toFromLittleEndian(t.data.data(), t.data.size(), width);
  if (*type == DType::I1)
    for (uint8_t &b : t.data)
      b = b != 0;
  return t;
}

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
mlir::ferric::runner::readRegularFile(StringRef path) {
  auto cannot = [&](std::error_code ec, const Twine &why) {
    return llvm::createStringError(ec, "cannot open '" + path + "': " + why);
  };
  // O_NONBLOCK: opening a fifo must not wait for a writer; fstat, not stat,
  // so that what is checked is what is read.
  llvm::SmallString<256> nulTerminated(path);
  int fd = ::open(nulTerminated.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    std::error_code ec(errno, std::generic_category());
    return cannot(ec, ec.message());
  }
  auto closeFd = llvm::make_scope_exit([&] { ::close(fd); });
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    std::error_code ec(errno, std::generic_category());
    return cannot(ec, ec.message());
  }
  if (S_ISDIR(st.st_mode))
    return cannot(std::make_error_code(std::errc::is_a_directory),
                  "it is a directory");
  if (!S_ISREG(st.st_mode))
    return cannot(std::make_error_code(std::errc::invalid_argument),
                  "not a regular file (a device, fifo or socket)");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buf =
      llvm::MemoryBuffer::getOpenFile(llvm::sys::fs::convertFDToNativeFile(fd),
                                      path, static_cast<uint64_t>(st.st_size),
                                      /*RequiresNullTerminator=*/false);
  if (!buf)
    return cannot(buf.getError(), buf.getError().message());
  return std::move(*buf);
}

llvm::Expected<HostTensor> mlir::ferric::runner::readNpy(StringRef path) {
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buf =
      readRegularFile(path);
  if (!buf)
    return buf.takeError();
  llvm::ArrayRef<uint8_t> bytes(
      reinterpret_cast<const uint8_t *>((*buf)->getBufferStart()),
      (*buf)->getBufferSize());
  return parseNpy(bytes, path);
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

/// The descr written for `type`.
static StringRef npyDescr(DType type) {
  switch (type) {
  case DType::F16:
    return "<f2";
  case DType::BF16:
    return "<u2";
  case DType::F32:
    return "<f4";
  case DType::F64:
    return "<f8";
  case DType::I1:
    return "|b1";
  }
  llvm_unreachable("unknown DType");
}

/// Magic, version, header length and the padded header, exactly as
/// numpy.lib.format writes them.
std::string mlir::ferric::runner::npyHeader(const HostTensor &t) {
  std::string dict =
      "{'descr': '" + npyDescr(t.dtype).str() +
      "', 'fortran_order': False, 'shape': " + shapeRepr(t.shape) + ", }";
  if (!t.shape.empty()) {
    size_t digits = std::to_string(t.shape.front()).size();
    if (digits < kGrowthAxisMaxDigits)
      dict.append(kGrowthAxisMaxDigits - digits, ' ');
  }
  size_t hlen = dict.size() + 1; // With the final '\n'.
  uint8_t major = 1;
  size_t lenBytes = 2;
  size_t padlen = kAlign - (kMagicLen + 2 + lenBytes + hlen) % kAlign;
  if (hlen + padlen > 0xFFFF) {
    major = 2;
    lenBytes = 4;
    padlen = kAlign - (kMagicLen + 2 + lenBytes + hlen) % kAlign;
  }
  uint64_t total = hlen + padlen;
  std::string out(kMagic, kMagicLen);
  out += static_cast<char>(major);
  out += '\0';
  for (size_t i = 0; i < lenBytes; ++i)
    out += static_cast<char>((total >> (8 * i)) & 0xFF);
  out += dict;
  out.append(padlen, ' ');
  out += '\n';
  return out;
}

bool mlir::ferric::runner::isConsistent(const HostTensor &t) {
  int64_t n = 1;
  for (int64_t d : t.shape)
    if (d < 0 || llvm::MulOverflow(n, d, n))
      return false;
  return t.data.size() == static_cast<uint64_t>(n) * dtypeBytes(t.dtype);
}

std::vector<uint8_t> mlir::ferric::runner::serializeNpy(const HostTensor &t) {
  assert(isConsistent(t) && "data size does not match the shape");
  std::string header = npyHeader(t);
  std::vector<uint8_t> out(header.begin(), header.end());
  size_t start = out.size();
  out.insert(out.end(), t.data.begin(), t.data.end());
  toFromLittleEndian(out.data() + start, t.data.size(), dtypeBytes(t.dtype));
  return out;
}
