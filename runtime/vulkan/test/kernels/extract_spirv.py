#!/usr/bin/env python3
# ===- extract_spirv.py - Pull a gpu.binary blob out of host LLVM IR ------=== #
#
# mlir-translate emits the serialized SPIR-V of `gpu.binary @NAME` as the
# byte-array constant `@NAME_binary`; this writes its bytes to a file.
#
# Usage: extract_spirv.py HOST.ll OUT.spv [NAME]
#
# ===---------------------------------------------------------------------=== #
import re
import sys


def main():
    text = open(sys.argv[1]).read()
    name = sys.argv[3] if len(sys.argv) > 3 else r"\w+"
    match = re.search(
        r"@(" + name + r")_binary = internal constant \[(\d+) x i8\] "
        r'c"((?:[^"\\]|\\[0-9A-Fa-f]{2}|\\\\)*)"',
        text,
    )
    if not match:
        sys.exit("no @<name>_binary constant in " + sys.argv[1])
    encoded, out, i = match.group(3), bytearray(), 0
    while i < len(encoded):
        if encoded[i] != "\\":
            out.append(ord(encoded[i]))
            i += 1
        elif encoded[i + 1] == "\\":
            out.append(0x5C)
            i += 2
        else:
            out.append(int(encoded[i + 1 : i + 3], 16))
            i += 3
    if len(out) != int(match.group(2)):
        sys.exit("decoded %d bytes, expected %s" % (len(out), match.group(2)))
    open(sys.argv[2], "wb").write(out)


if __name__ == "__main__":
    main()
