"""TOSA and linalg-on-tensors modules through the C API (issue 37): the
runner imports them (ferric-import-tosa / ferric-import-linalg) before
lowering, or not, as the `import` option says."""

import numpy as np
import pytest

import ferric
from ferric import _capi

SOFTMAX_TOSA = """func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.reduce_max %x {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %d = tosa.sub %x, %m : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %e = tosa.exp %d : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %r = tosa.reciprocal %s : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %y = tosa.mul %e, %r, %shift : (tensor<4x8xf32>, tensor<4x1xf32>, tensor<1xi8>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
"""

ADD_LINALG = """#id = affine_map<(d0) -> (d0)>
func.func @add(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
"""


def _softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


@pytest.mark.parametrize("options", [None, "import=tosa", "fuse=0"])
def test_tosa_softmax_runs(options):
    x = np.random.default_rng(0).standard_normal((4, 8)).astype(np.float32)
    exe = _capi.Executable(SOFTMAX_TOSA, options=options)
    assert exe.entry == "softmax"
    (y,) = exe.run(x)
    np.testing.assert_allclose(y, _softmax(x), rtol=1e-5, atol=1e-6)


def test_linalg_module_runs():
    a = np.arange(8, dtype=np.float32)
    b = np.full(8, 0.5, dtype=np.float32)
    (r,) = _capi.Executable(ADD_LINALG).run(a, b)
    np.testing.assert_array_equal(r, a + b)
    (r,) = _capi.Executable(ADD_LINALG, options="import=none").run(a, b)
    np.testing.assert_array_equal(r, a + b)


def test_import_option_errors():
    with pytest.raises(ferric.FerricError,
                       match="'import' takes auto, tosa, linalg or none"):
        _capi.Executable(SOFTMAX_TOSA, options="import=onnx")
    # Not imported, TOSA reaches the lowering, which says it failed.
    with pytest.raises(ferric.FerricError, match="lowering with"):
        _capi.Executable(SOFTMAX_TOSA, options="import=none")


# A TOSA product reduction: Ferric has none, so its linalg.reduce stays.
PRODUCT_TOSA = """func.func @prod(%x: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %p = tosa.reduce_product %x {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  return %p : tensor<4x1xf32>
}
"""


def test_fusion_report_of_tosa_and_linalg_has_the_raise_section():
    # As `ferric-run --fuse-report` prints it: the raise's section first,
    # then ferric-fuse's, per function.
    report = ferric.fusion_report(SOFTMAX_TOSA)
    raise_at = report.index("ferric-raise-linalg report for @softmax\n"
                            "  linalg ops raised: 6\n"
                            "  linalg ops left: 0\n")
    assert report.index("ferric-fuse report for @softmax") > raise_at
    report = ferric.fusion_report(ADD_LINALG)
    assert report.startswith("ferric-raise-linalg report for @add\n"
                             "  linalg ops raised: 1\n"
                             "  linalg ops left: 0\n"
                             "ferric-fuse report for @add\n")
    # A left op: its line and why it stays.
    report = ferric.fusion_report(PRODUCT_TOSA)
    assert ("  linalg ops left: 1\n    'linalg.reduce' (line 2): its "
            "combiner 'arith.mulf' is not addf, maximumf or minimumf"
            in report), report
    # Ferric IR is not imported: no raise section.
    ferric_ir = ("func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n"
                 "  %0 = ferric.exp %a : tensor<8xf32>\n"
                 "  return %0 : tensor<8xf32>\n}\n")
    assert "ferric-raise-linalg" not in ferric.fusion_report(ferric_ir)


def test_fusion_report_of_tosa_matmul_has_the_cublaslt_section():
    # The matmul exists only after the import; its epilogue decisions are
    # still reported (the exporter's spelled-out GELU goes into cuBLASLt).
    import pathlib
    root = pathlib.Path(__file__).resolve().parents[2]
    ir = (root / "test/Import/models/gelu_linear.mlir").read_text()
    report = ferric.fusion_report(ir)
    assert report.startswith("ferric-raise-linalg report for @main\n")
    assert "epilogue: bias, gelu(tanh)" in report, report
