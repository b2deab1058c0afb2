"""Element types, errors and the bf16 carrier.

ferric's element types are ``f16``, ``bf16``, ``f32``, ``f64`` (floats) and
``i1`` (masks, the results of comparisons). On the numpy side they are
float16, float32, float64 and bool; numpy has no bfloat16, so a bf16 tensor
travels as its raw 16-bit patterns in a :class:`BF16Array` (the runtime
stores bf16 the same way; see docs/Runner.md).
"""

import numpy as np


class FerricError(Exception):
    """An error from ferric. Errors of the C library carry the same text the
    ferric tools print (after their "ferric-run: " prefix) and the C status
    in ``status``."""

    def __init__(self, message, status=None):
        super().__init__(message)
        self.status = status


class DTypeError(FerricError, TypeError):
    """An element type ferric does not support, or operands that disagree."""


class ShapeError(FerricError, ValueError):
    """Shapes that do not fit together (found before compiling)."""


# dtype name -> C API code (ferric_dtype in Ferric.h).
_CODES = {"f16": 0, "bf16": 1, "f32": 2, "f64": 3, "i1": 4}
_NAMES = {v: k for k, v in _CODES.items()}
FLOAT_DTYPES = ("f16", "bf16", "f32", "f64")

_ALIASES = {
    "f16": "f16", "float16": "f16", "half": "f16",
    "bf16": "bf16", "bfloat16": "bf16",
    "f32": "f32", "float32": "f32", "float": "f32", "single": "f32",
    "f64": "f64", "float64": "f64", "double": "f64",
    "i1": "i1", "bool": "i1", "bool_": "i1",
}

_NUMPY = {"f16": np.dtype(np.float16), "f32": np.dtype(np.float32),
          "f64": np.dtype(np.float64), "i1": np.dtype(np.bool_),
          "bf16": np.dtype(np.uint16)}

SUPPORTED = ("float16, float32, float64, bool, or bf16 bit patterns via "
             "ferric.bf16(...)")


def dtype_code(name):
    return _CODES[name]


def dtype_from_code(code):
    return _NAMES[code]


def normalize_dtype(dtype):
    """The ferric name ("f32", ...) of `dtype`: a ferric name, a numpy dtype
    or type (float16/32/64, bool) or "bf16"/"bfloat16"."""
    if isinstance(dtype, str):
        key = dtype.lower()
        if key in _ALIASES:
            return _ALIASES[key]
        raise DTypeError("unsupported dtype '%s' (ferric supports %s)"
                         % (dtype, SUPPORTED))
    if dtype is BF16Array:
        return "bf16"
    if dtype is bool:
        return "i1"
    if dtype is float:
        return "f64"
    try:
        npd = np.dtype(dtype)
    except TypeError:
        raise DTypeError("unsupported dtype %r (ferric supports %s)"
                         % (dtype, SUPPORTED)) from None
    for name, d in _NUMPY.items():
        if npd == d and name != "bf16":
            return name
    if npd.name == "bfloat16":  # ml_dtypes
        return "bf16"
    raise DTypeError("unsupported dtype %s (ferric supports %s)"
                     % (npd.name, SUPPORTED))


def numpy_dtype(name):
    """The numpy dtype that stores ferric dtype `name` (uint16 for bf16)."""
    return _NUMPY[name]


def is_float(name):
    return name in FLOAT_DTYPES


#
# bf16
#

def _f32_to_bf16_bits(x):
    """Round-to-nearest-even of float32 values to bf16 bit patterns."""
    bits = np.asarray(x, dtype=np.float32, order="C").view(np.uint32)
    rounded = (bits + np.uint32(0x7FFF) + ((bits >> 16) & np.uint32(1)))
    out = (rounded >> 16).astype(np.uint16)
    nan = np.isnan(x)
    if np.any(nan):
        quiet = ((bits >> 16) | np.uint32(0x0040)).astype(np.uint16)
        out = np.where(nan, quiet, out)
    return out


def _f64_to_f32_round_to_odd(x):
    """float64 -> float32 rounded to odd, so that rounding the result again
    to bf16 gives the correctly rounded bf16 (no double rounding)."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        r = x.astype(np.float32)
        too_big = np.abs(r.astype(np.float64)) > np.abs(x)
        r = np.where(too_big & np.isfinite(x),
                     np.nextafter(r, np.float32(0)), r).astype(np.float32)
        inexact = (r.astype(np.float64) != x) & np.isfinite(x)
    bits = r.view(np.uint32) | inexact.astype(np.uint32)
    return bits.view(np.float32)


class BF16Array:
    """A bf16 array, held as its raw 16-bit patterns (``bits``, uint16).

    Make one with :func:`ferric.bf16`; ferric returns bf16 results as
    BF16Array. ``np.asarray(a)`` and ``a.to_float32()`` widen it exactly to
    float32.
    """

    __array_priority__ = 1.0

    def __init__(self, bits):
        bits = np.asarray(bits)
        if bits.dtype.kind == "u" and bits.dtype.itemsize == 2 and \
                not bits.dtype.isnative:
            bits = bits.astype(np.uint16)  # the same patterns, host order
        if bits.dtype != np.uint16:
            raise DTypeError("BF16Array holds uint16 bit patterns, got %s; "
                             "use ferric.bf16(x) to round floats"
                             % bits.dtype.name)
        self.bits = bits

    dtype = "bf16"

    @property
    def shape(self):
        return self.bits.shape

    @property
    def ndim(self):
        return self.bits.ndim

    @property
    def size(self):
        return self.bits.size

    def __len__(self):
        return len(self.bits)

    def __getitem__(self, index):
        return BF16Array(np.asarray(self.bits[index]))

    def reshape(self, *shape):
        return BF16Array(self.bits.reshape(*shape))

    def to_float32(self):
        """The values, widened exactly to float32."""
        wide = np.asarray(self.bits.astype(np.uint32) << np.uint32(16))
        return wide.view(np.float32)

    def __array__(self, dtype=None, copy=None):
        out = self.to_float32()
        return out if dtype is None else out.astype(dtype)

    def __eq__(self, other):
        if isinstance(other, BF16Array):
            return np.array_equal(self.bits, other.bits)
        return NotImplemented

    __hash__ = None

    def __repr__(self):
        return "BF16Array(%s)" % np.array2string(self.to_float32(),
                                                 separator=", ")


def bf16(x):
    """A :class:`BF16Array` from `x`: uint16 data is taken as bf16 bit
    patterns; float data (float16/32/64) is rounded to nearest even."""
    if isinstance(x, BF16Array):
        return x
    arr = np.asarray(x)
    if arr.dtype.kind == "u" and arr.dtype.itemsize == 2:
        # uint16 of either byte order: bit patterns (a big-endian '>u2' was
        # converted as numbers).
        return BF16Array(arr)
    if arr.dtype.name == "bfloat16":  # ml_dtypes.bfloat16
        return BF16Array(arr.view(np.uint16))
    if arr.dtype.kind in "fiub":
        if arr.dtype == np.float64 or arr.dtype.kind in "iu":
            f32 = _f64_to_f32_round_to_odd(arr.astype(np.float64))
        else:
            f32 = arr.astype(np.float32)
        return BF16Array(_f32_to_bf16_bits(f32))
    raise DTypeError("cannot make bf16 from dtype %s" % arr.dtype.name)


def dtype_of(x):
    """The ferric dtype of an input value (ndarray, BF16Array, numpy
    scalar), or raise DTypeError."""
    if isinstance(x, BF16Array):
        return "bf16"
    dt = getattr(x, "dtype", None)
    if dt is None:
        dt = np.asarray(x).dtype
    return normalize_dtype(dt)


def _c_order(a):
    # (np.ascontiguousarray would turn a rank-0 array into rank 1.)
    return np.asarray(a, order="C")


def to_host_array(x, what, want=None):
    """A C-contiguous ndarray holding `x` as the C API stores it, and its
    ferric dtype. `want` (a ferric dtype name or None) lets a uint16 array
    stand for bf16 bit patterns and converts Python numbers. A non-native
    byte order (e.g. ``>f4``) is converted: a byte-swapped copy."""
    if isinstance(x, BF16Array):
        return _c_order(x.bits), "bf16"
    if isinstance(x, (bool, int, float)) and not isinstance(x, np.generic):
        if want is None:
            raise DTypeError("%s is a Python %s; pass a numpy array (or numpy "
                             "scalar) with a dtype" % (what, type(x).__name__))
        if want == "bf16":
            return _c_order(bf16(float(x)).bits), "bf16"
        return np.asarray(x, dtype=numpy_dtype(want)), want
    arr = np.asarray(x)
    if not arr.dtype.isnative:
        # Big-endian (or otherwise non-native) data: ferric computes in the
        # host's byte order, so it gets a byte-swapped copy of the values.
        arr = arr.astype(arr.dtype.newbyteorder("="))
    if arr.dtype == np.uint16 and want == "bf16":
        return _c_order(arr), "bf16"
    if arr.dtype.name == "bfloat16":
        return _c_order(arr.view(np.uint16)), "bf16"
    try:
        name = normalize_dtype(arr.dtype)
    except DTypeError:
        hint = ("; wrap bf16 bit patterns with ferric.bf16(bits)"
                if arr.dtype == np.uint16 else "")
        raise DTypeError("%s has dtype %s, which ferric does not support "
                         "(supported: %s)%s" % (what, arr.dtype.name,
                                                SUPPORTED, hint)) from None
    if name == "i1" and arr.size:
        # numpy calls every nonzero byte True (uint8.view(bool) makes bytes
        # of 2, 3, ...); the compiled code reads an i1 from the low bit.
        raw = arr.view(np.uint8)
        if raw.max() > 1:
            arr = raw != 0
    return _c_order(arr), name
