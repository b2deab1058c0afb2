#!/usr/bin/env python3
"""Extracts the kernel objects of every gpu.binary in MLIR text.

Reads MLIR (a file or stdin) and writes, for each #gpu.object, its
`assembly` (PTX) or `bin` payload, unescaped. With --out-dir, writes one file
per object (NAME.ptx / NAME.bin / NAME.spv); otherwise prints PTX to stdout.
"""
import argparse
import os
import re
import sys


def unescape(s):
    out = bytearray()
    i = 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            nxt = s[i + 1]
            if nxt in "\\\"":
                out.append(ord(nxt))
                i += 2
                continue
            if nxt == "n":
                out.append(10)
                i += 2
                continue
            if nxt == "t":
                out.append(9)
                i += 2
                continue
            out.append(int(s[i + 1:i + 3], 16))
            i += 3
            continue
        out += c.encode("utf-8")
        i += 1
    return bytes(out)


BINARY = re.compile(r"gpu\.binary @([\w$.]+)")
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
OPEN, CLOSE = "<[{(", ">]})"


def objects(line):
    """Yields (kind, payload) for each #gpu.object<...> in `line`.

    The payload is the object's one string literal at the top level of the
    attribute (strings inside the target, the properties dictionary or
    `link = [...]` are nested deeper). It is `assembly = "..."` (PTX),
    `bin = "..."`, or, in the offload and fatbin formats, an unkeyed string.
    """
    start = 0
    while True:
        start = line.find("#gpu.object<", start)
        if start < 0:
            return
        i, depth = start + len("#gpu.object<"), 1
        while i < len(line) and depth:
            c = line[i]
            if c == '"':
                m = STRING.match(line, i)
                if depth == 1:
                    before = line[start:i].rstrip()
                    kind = "assembly" if before.endswith("assembly =") else "bin"
                    yield kind, m.group(1)
                i = m.end()
                continue
            if c in OPEN:
                depth += 1
            elif c in CLOSE:
                depth -= 1
            i += 1
        start = i


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("input", nargs="?", help="MLIR file (default: stdin)")
    ap.add_argument("--out-dir", help="write one file per object here")
    args = ap.parse_args()
    text = open(args.input).read() if args.input else sys.stdin.read()
    found = 0
    for line in text.splitlines():
        m = BINARY.search(line)
        if not m:
            continue
        for kind, payload in objects(line):
            data = unescape(payload)
            found += 1
            if args.out_dir:
                ext = ".ptx" if kind == "assembly" else (
                    ".spv" if data[:4] == b"\x03\x02\x23\x07" else ".bin")
                path = os.path.join(args.out_dir, m.group(1) + ext)
                with open(path, "wb") as f:
                    f.write(data)
            elif kind == "assembly":
                sys.stdout.write(data.decode("utf-8", "replace"))
    if not found:
        print("extract-gpu-binary: no gpu.binary objects found", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
