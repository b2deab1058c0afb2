"""`from ferric import *` must not shadow Python's builtins."""

import builtins

import ferric


def test_star_import_keeps_builtins():
    namespace = {}
    exec("from ferric import *", namespace)
    # The star import brings the API in...
    assert namespace["E"] is ferric.E and namespace["jit"] is ferric.jit
    # ...but not eval/compile: in that namespace they are still the builtins.
    assert "eval" not in namespace and "compile" not in namespace
    assert exec("result = eval('1 + 1')", namespace) is None
    assert namespace["result"] == 2
    assert eval("compile", namespace) is builtins.compile


def test_eval_and_compile_stay_importable():
    from ferric import compile as fcompile, eval as feval
    assert fcompile is ferric.compile and feval is ferric.eval
    assert "eval" not in ferric.__all__ and "compile" not in ferric.__all__
    # Everything else __all__ names exists.
    assert all(hasattr(ferric, name) for name in ferric.__all__)
