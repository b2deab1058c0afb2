"""Writes ../reduce.mlir, ../matmul.mlir, ../fusion.mlir, ../broadcast.mlir,
../multi-output.mlir and ../dynamic-shapes.mlir.

Run with a Python that has numpy: /usr/bin/python3 gen_more.py
"""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from more_fusion import gen_fusion, gen_multi
from more_reductions import gen_matmul, gen_reduce
from more_shapes import gen_broadcast, gen_dynamic

# (The generators live in more_*.py, the helpers they share in
# more_common.py.)
gen_reduce()
gen_matmul()
gen_fusion()
gen_broadcast()
gen_multi()
gen_dynamic()
