"""Kernels per partition of bench/torch_blocks.py's GPT-2 block on the CUDA
target, read from the lowered IR without a GPU (the fake CUDA driver only
lets the runtime load; nothing runs): what bench/torch_partition_kernels.py
prints as a table, pinned for one case. A LayerNorm feeding a linear stays
one row program (the collapse of torch's [1, T, H] -> [T, H] view was once
moved onto the norm's broadcasts: 10 kernels), and every matmul is a
cuBLASLt call in bf16 too (a product read by a row program that rounds it
was once left on the tiled kernel)."""

import os

import pytest

from test_fake_cuda import pytestmark, run  # noqa: F401 (the skip mark)

pytest.importorskip("torch")

BENCH = os.path.join(os.path.dirname(__file__), "..", "..", "bench")


def test_gpt2_forward_partitions_lower_to_few_kernels_and_cublaslt():
    out, _ = run("""
        sys.path.insert(0, %r)
        import torch
        import torch_partition_kernels as tpk
        counts = {}
        for name, dtype in (("f32", torch.float32), ("bf16", torch.bfloat16)):
            parts = tpk.partitions("gpt2", 1, dtype, 64, 4, 128, False)
            counts[name] = sorted(tpk.cuda_counts(kind, p)
                                  for kind, p in parts
                                  if p.function is not None)
            counts[name + "_eager"] = sum(p.function is None
                                          for _, p in parts)
        print(json.dumps(counts))
        """ % BENCH)
    for dtype in ("f32", "bf16"):
        # (Ferric kernels, cuBLASLt calls) per partition: the attention
        # scores + softmax, the LayerNorm + QKV linear, and the residual +
        # LayerNorm + MLP (its row program and the final residual add).
        assert out[dtype] == [[1, 1], [1, 1], [2, 3]], (dtype, out)
        assert out[dtype + "_eager"] == 0, out
