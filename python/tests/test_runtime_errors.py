"""Run-time sizes and allocations that cannot work are a FerricError, never a
crash of the interpreter (issue 16: a negative broadcast size ended in
"Fatal Python error: Aborted", a result the memory limit cannot hold in a
segfault inside the compiled code)."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import ferric

INPUTS = os.path.join(os.path.dirname(__file__), "..", "..", "test",
                      "Integration", "Inputs")


def _ir(name):
    with open(os.path.join(INPUTS, name)) as f:
        return f.read()


def test_negative_runtime_broadcast_size():
    exe = ferric.Executable(_ir("negative_sizes.mlir"), entry="rows_minus_5")
    row = np.ones(3, np.float32)
    with pytest.raises(ferric.FerricError,
                       match=r"'ferric.broadcast' at line 10 size operand 0 "
                             r"is -3 for these inputs; sizes must be >= 0"):
        exe.run(np.zeros(2, np.float32), row)
    # The executable stays usable, and a size of 0 is an empty result.
    (empty,) = exe.run(np.zeros(5, np.float32), row)
    assert empty.shape == (0, 3)
    (out,) = exe.run(np.zeros(6, np.float32), row)
    np.testing.assert_allclose(out, np.exp(np.ones((1, 3), np.float32)),
                               rtol=1e-6)


def test_negative_size_under_check_options():
    exe = ferric.Executable(_ir("negative_sizes.mlir"), entry="softmax_rows",
                            options="fuse=0")
    with pytest.raises(ferric.FerricError, match=r"is -1 for these inputs"):
        exe.run(np.zeros(4, np.float32), np.ones(3, np.float32))


def _run_limited(code):
    """Runs `code` in a fresh interpreter whose address space is limited to
    4 GB, so that big allocations fail without touching the machine."""
    prelude = textwrap.dedent("""
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
    """)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.join(os.path.dirname(__file__), "..")] +
        env.get("PYTHONPATH", "").split(os.pathsep))
    return subprocess.run([sys.executable, "-c", prelude + code],
                          capture_output=True, text=True, env=env,
                          timeout=300)


def test_result_that_cannot_be_allocated():
    code = textwrap.dedent("""
        import numpy as np, ferric
        exe = ferric.Executable(open(%r).read())
        row = np.ones(64, np.float32)
        try:
            exe.run(row, np.zeros(1, np.float32))
        except ferric.FerricError as e:
            print("error:", e)
        # Still usable after the failed call.
        print("shape:", exe.run(row, np.zeros(0, np.float32))[0].shape)
    """ % os.path.join(INPUTS, "huge_result.mlir"))
    done = _run_limited(code)
    assert done.returncode == 0, done.stderr
    assert ("error: @huge could not allocate 256000000" in done.stdout), \
        done.stdout
    assert "shape: (0, 64)" in done.stdout
