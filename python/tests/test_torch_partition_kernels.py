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


def test_training_partitions_keep_norms_in_row_programs():
    # Training graphs at 16 tokens (hidden 64): the forward returns each
    # norm's statistics for the backward, the backward reads them back.
    out, _ = run("""
        sys.path.insert(0, %r)
        import torch
        import torch_partition_kernels as tpk
        counts = {}
        for kind in ("gpt2", "llama"):
            parts = tpk.partitions(kind, 16, torch.bfloat16, 64, 4, 128, True)
            for graph in ("forward", "backward"):
                counts[kind + "_" + graph] = sorted(
                    tpk.cuda_counts(k, p) for k, p in parts
                    if p.function is not None and k == graph)
        print(json.dumps(counts))
        """ % BENCH)
    # GPT-2 forward: the LayerNorm saving mean and rstd ([1, T, 1]) is one
    # row program with its bias + residual producer, then the epilogues
    # (was 6 + 3: the rstd generic ran over [1, T, 1], outside the row
    # group; then 4 + 3: the accumulator's fill and copy between producer
    # and sum kept the producer out).
    assert out["gpt2_forward"] == [[1, 0], [1, 1], [3, 3]], out
    # GPT-2 backward: each LayerNorm backward is 8 launch sites (host
    # guards pick 5 of them; was 13: three f32 [T, H] tensors written and
    # read back, the two row sums in separate kernels, the saved
    # statistics' casts two more); the attention
    # softmax backward is one row program (was 3: its producer was fused
    # into the row sum only, the elementwise tail read it from memory).
    assert out["gpt2_backward"] == [[1, 0], [1, 0], [8, 0], [8, 0]], out
    # LLaMA forward: the RMSNorm saving rstd is one row program (was 5 + 1).
    assert out["llama_forward"] == [[1, 0], [1, 0], [1, 1], [1, 1],
                                    [1, 2]], out
    # LLaMA backward: each RMSNorm backward's input gradient is one row
    # program (was 3: its per-row factor reads the saved rstd, an argument,
    # and was no per-row data), so is the softmax backward (was 3); the
    # weights' column sums are the 4s.
    assert out["llama_backward"] == [[1, 0]] * 6 + [[4, 0], [4, 0]], out
