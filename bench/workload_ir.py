"""The text of a bench workload (bench/workloads/NAME.mlir) made concrete:
its element type T and the static sizes its letters stand for.

Shared by driver.py and check_workloads.py (no torch here).
"""
import re


def typed(src, dt):
    """`src` with the element type T set to `dt` (f32, f16, bf16)."""
    return re.sub(r"\bT\b", dt, src).replace("xT>", "x" + dt + ">")


def static_dims(text, dims):
    """`text` with each size letter of `dims` ({'R': 4096} or {'M': 512,
    'K': 512, 'N': 512}) set in tensor types (`tensor<RxT>`,
    `tensor<1xMxKxT>`) and in shape constants (`dense<[1, M, K]>`): the
    TOSA workloads have static shapes (tosa-to-linalg broadcasts dynamic
    dims with run-time checks), one program a size."""
    def dim(tok):
        return str(dims[tok]) if tok in dims else tok
    text = re.sub(r"tensor<([^<>]*)>",
                  lambda m: "tensor<" + "x".join(
                      dim(p) for p in m.group(1).split("x")) + ">", text)
    return re.sub(r"dense<\[([^\]]*)\]>",
                  lambda m: "dense<[" + ", ".join(
                      dim(p.strip()) for p in m.group(1).split(",")) + "]>",
                  text)


def size_letters(text):
    """The size letters `text` uses (a subset of R, M, K, N), in order."""
    found = set()
    for body in re.findall(r"tensor<([^<>]*)>", text):
        found |= {p for p in body.split("x") if p in ("R", "M", "K", "N")}
    return [d for d in ("R", "M", "K", "N") if d in found]
