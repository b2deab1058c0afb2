"""Every --pipeline-options string of the CUDA integration tests
(test/Integration/cuda/*.mlir), parsed by ferric-lower-to-nvvm here: CI has
no GPU, so a test string that names an option the pipeline no longer has
would otherwise fail only on the GPU machine. Prints one line per distinct
string: `ok: STRING` or `bad: STRING: the error`; exits 1 on any bad one.

    cuda_test_options.py FERRIC_OPT CUDA_TEST_DIR TINY_INPUT
"""

import glob
import os
import re
import subprocess
import sys

ferric_opt, test_dir, tiny = sys.argv[1:4]
pattern = re.compile(r'--pipeline-options=("([^"]*)"|(\S+))')
strings = set()
for path in sorted(glob.glob(os.path.join(test_dir, "*.mlir"))):
    for line in open(path):
        if "RUN:" in line:
            for m in pattern.finditer(line):
                strings.add(m.group(2) if m.group(2) is not None else m.group(3))
bad = 0
for s in sorted(strings):
    r = subprocess.run([ferric_opt, tiny, f"--ferric-lower-to-nvvm={s} format=isa",
                        "-o", os.devnull], capture_output=True, text=True)
    if r.returncode == 0:
        print(f"ok: {s}")
    else:
        bad += 1
        err = (r.stderr.strip().splitlines() or ["(no message)"])[0]
        print(f"bad: {s}: {err}")
print(f"{len(strings)} option strings, {bad} bad")
sys.exit(1 if bad else 0)
