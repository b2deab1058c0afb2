//===- Passes.td - Ferric transformation passes ------------*- tablegen -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_TRANSFORMS_PASSES_TD
#define FERRIC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===- ferric-fuse --------------------------------------------------------===//

def FerricFusePass : Pass<"ferric-fuse", "func::FuncOp"> {
  let summary = "Fuse maximal groups of elementwise ferric ops into ferric.fused";
  let description = [{
    Groups fusible ops (every elementwise op, `ferric.cast`, `ferric.select`,
    `ferric.cmp`, `ferric.broadcast`, scalar operands and existing
    `ferric.fused`) into maximal groups over one iteration space and replaces
    each group with one `ferric.fused` that computes every value the rest of
    the function needs from the group's external inputs: one kernel, no
    intermediate tensors.

    Two rewrites come first, so that programs written with numpy's
    broadcasting (what the Python package records) fuse like the same
    program written by hand: a `tensor.collapse_shape` that drops the kept
    dims of a keepdim `ferric.reduce` moves up through the elementwise ops
    in between and folds into the reduction (one without keepdim; other
    readers of the keepdim result get a `tensor.expand_shape` of it); and a
    `ferric.broadcast` of an elementwise op's single-use result moves above
    that op when its scalar cost is at most `cheap-cost` (a cast of a row of
    weights is then computed in its consumer's kernel, not in a kernel of
    its own).

    The grouping is greedy and visits ops from the last to the first: a
    producer joins the group of its consumers when all its uses are in that
    group (which can never create a cycle), or, with `multi-output`, when it
    also has uses outside and no path from those uses leads back into the
    group, in which case its value becomes an extra result. With
    `recompute-cheap`, a cheap producer used by several groups (and nothing
    else) is copied into each instead. Broadcasts, also chains of them, are
    folded into the indexing maps of the fused op and not materialized
    (unless only a broadcast knows a dynamic size). `ferric.reduce`,
    `ferric.matmul`, calls and non-ferric ops are barriers. Common
    subexpressions are eliminated before grouping and inside every body.

    A group stops growing when its body would cost more than
    `max-body-cost` (the sum of the ops' scalar costs, roughly
    instructions per element: 1 for add or mul, 4 for div or sqrt, 12 for
    exp or tanh, 20 for gelu or pow): compile time of one kernel grows
    faster than its size, while a kernel that spends over a thousand
    instructions per element is compute-bound, so a long chain is cut into
    kernels of bounded size (an N-op chain compiles in time linear in N)
    at the price of one more write and read per cut. The remarks name the
    limit where it cut.

    `report=-` (or a file path) writes, per function, the groups formed, ops
    fused, kernel launches before and after, the intermediate tensor bytes no
    longer written and read, and the reason each unfused edge stayed
    unfused. The same decisions are emitted as optimization remarks in
    category `ferric-fuse` (`--remarks-filter=ferric-fuse
    --remark-format=emitRemark` in ferric-opt).

    ```mlir
    %s = ferric.silu %a : tensor<1024xf32>
    %r = ferric.mul %s, %b : tensor<1024xf32>
    // becomes
    %r = ferric.fused ins(%a, %b : tensor<1024xf32>, tensor<1024xf32>)
        -> tensor<1024xf32> { ... }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::tensor::TensorDialect"];
  let options = [
    Option<"maxInputs", "max-inputs", "unsigned", /*default=*/"0",
           "Most inputs (tensors and scalars) one fused op may read; 0 means "
           "no limit">,
    Option<"maxBuffers", "max-buffers", "unsigned", /*default=*/"0",
           "Most inputs plus results one fused op may have (each is a buffer "
           "binding of its kernel); 0 means no limit. The SPIR-V pipeline "
           "passes the device's storage-buffer limit.">,
    Option<"maxOps", "max-ops", "unsigned", /*default=*/"0",
           "Most elementwise ops in one group; 0 means no limit">,
    Option<"maxBodyCost", "max-body-cost", "unsigned", /*default=*/"1024",
           "Largest summed scalar cost (roughly instructions per element) of "
           "one group's body; 0 means no limit. Compiling a kernel body takes "
           "time superlinear in its size (LLVM's instruction selection and "
           "scheduling: a 24000-op chain took 25 s), and a body this large is "
           "compute-bound anyway, so splitting it costs little at run time">,
    Option<"minOps", "min-ops", "unsigned", /*default=*/"2",
           "Fewest elementwise ops worth a fused kernel; smaller groups stay "
           "unfused unless they fold a broadcast, which saves the "
           "broadcast's own kernel (1 fuses lone ops too)">,
    Option<"multiOutput", "multi-output", "bool", /*default=*/"true",
           "Let a value used inside and outside a group become an extra "
           "result of the fused op">,
    Option<"recomputeCheap", "recompute-cheap", "bool", /*default=*/"false",
           "Copy a cheap producer into each consumer group instead of "
           "materializing it">,
    Option<"cheapCost", "cheap-cost", "unsigned", /*default=*/"1",
           "Largest scalar cost (roughly instructions) that counts as cheap "
           "for recompute-cheap and for moving a broadcast above its "
           "producer">,
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "Write the fusion report to this file, or to stdout with '-'">
  ];
}

//===- ferric-outline-chunks ----------------------------------------------===//

def FerricOutlineChunksPass : Pass<"ferric-outline-chunks", "ModuleOp"> {
  let summary = "Cut functions with many ops into functions of at most "
                "max-ops ops";
  let description = [{
    One-shot bufferization and the buffer deallocation passes take time
    quadratic in the number of ops of one function: an unfused program
    (`fuse=false`, `ferric-run --no-fuse`, the f64 reference of `--check`)
    has one linalg op per ferric op, and a 3000-op chain spent 14 s of CPU
    in them (a 1500-op one 4 s). This pass, run on tensors before
    bufferization, cuts a single-block function's body into runs of at most
    `max-ops` consecutive ops (constants aside: they are cloned where used),
    moves each run into a private function (`<name>_chunk<N>`) called in its
    place, with the values the run reads from before as arguments and the
    values read after it as results, and cuts the calls again while there
    are more than `max-ops` of them. Every function then holds at most
    `max-ops` ops, so the passes after it see small functions only, and
    the number of functions grows linearly. Runs keep their order, so side
    effects stay in program order. Functions of several blocks are left as
    they are.

    ```mlir
    // max-ops=2: three ops become two calls
    %0 = linalg.generic ... %1 = linalg.generic ... %2 = linalg.generic ...
    // becomes
    %r:1 = call @f_chunk0(%a) : ... // the first two ops, returning %1
    %2 = call @f_chunk1(%r#0) : ...
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let options = [
    Option<"maxOps", "max-ops", "unsigned", /*default=*/"64",
           "Most ops (besides constants) one function may keep; 0 cuts "
           "nothing">
  ];
}

//===- ferric-fuse-reductions ---------------------------------------------===//

def FerricFuseReductionsPass : Pass<"ferric-fuse-reductions", "func::FuncOp"> {
  let summary = "Fuse elementwise work across reduction boundaries";
  let description = [{
    `ferric-fuse` keeps reductions out of `ferric.fused` groups, so after
    `convert-ferric-to-linalg` a reduction is surrounded by kernels of their
    own: the elementwise group feeding it (the `x * x` of RMSNorm, the
    `exp(x - max)` of softmax), whose result is written to memory and read
    back, and small per-row generics after it (a mean's division, RMSNorm's
    `rsqrt(mean + eps)`, a cast of the sum), each one more kernel launch.
    This pass, on `linalg.generic` on tensors, fuses with upstream's
    `linalg::fuseElementwiseOps`, when every use of the producer (all loops
    parallel) is an input of a `linalg.generic` it can fuse into:

    - a producer read by at least one reduction is fused into all of its
      consumers. A producer with several uses is recomputed in each
      consumer (cloned per use) and disappears; that is done only when it
      saves memory traffic, counted in bytes per element: reading its
      full-size inputs once, writing its used results and reading them back
      (once per consumer and result) before, against reading the full-size
      inputs once per consumer after. (LayerNorm backward widens two bf16
      tensors into three f32 ones read by four consumers: 4 + 12 + 20 bytes
      before, 4 x 4 after.) A consumer reading several results is fused
      through each (its duplicate operands dropped and its body CSE'd, so
      the producer is computed once), also when it is no reduction;
    - a per-row producer (at most 16 ops, every tensor input a result of a
      reduction or of another per-row producer, at least one, or another
      value of its own shape such as a saved statistic) is fused into all
      of its consumers, which recompute it per element (a few ops) instead
      of launching a kernel for it.

    First, an all-parallel generic that reads only keepdim statistics
    (`tensor.expand_shape` of a reduction's or per-row generic's result, as
    a training forward's `rsqrt(var + eps)` returned as `[1, T, 1]`) is
    rewritten over the statistic's own shape with its result expanded
    (upstream's reshape-by-collapsing patterns), so that it is per-row data
    too.

    Reductions keep their combiner form (`combiner(acc, f(inputs))`), which
    `ferric-reduction-to-gpu` turns into block or warp reductions.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
  let options = [
    Option<"maxBuffers", "max-buffers", "unsigned", /*default=*/"0",
           "Largest number of tensor operands a fused consumer may have (the "
           "Vulkan storage-buffer limit); 0: no limit">
  ];
}

//===- ferric-raise-linalg ------------------------------------------------===//

def FerricRaiseLinalgPass : Pass<"ferric-raise-linalg", "func::FuncOp"> {
  let summary = "Raise linalg-on-tensors into the ferric dialect";
  let description = [{
    The front door for IR other compilers emit (torch-mlir's
    linalg-on-tensors, `tosa-to-linalg`, StableHLO users' linalg): each
    linalg op becomes ferric ops, so that `ferric-fuse` and the reduction
    and matmul codegen make the fusion decisions, or stays exactly as it
    is. Every rule is all-or-nothing:

    - an all-parallel `linalg.generic` (also a named elementwise op,
      `linalg.elementwise`, `linalg.map` or `linalg.transpose`, generalized
      first) whose body holds only scalar ops every Ferric target lowers
      (one list: `whyNotTargetSupported` in `TargetSupport.cpp`) becomes a
      `ferric.fused` with that body and the input maps as they are; the
      iteration space is the result's (a permuted result permutes the input
      maps instead), an input read through a constant 0 in a unit dim is
      read through a `tensor.collapse_shape` that drops the dim, and a
      result block argument that the body reads becomes one more input;
    - a generic (or `linalg.broadcast`) that only adds dims becomes
      `ferric.broadcast`; one that only copies is its input;
    - a reduction (`linalg.reduce` or a generic with reduction iterators)
      of one input whose body is `addf`, `maximumf` or `minimumf` of the
      accumulator and the input (or its `extf`) becomes `ferric.reduce`. An
      init that is not a fill of the identity is combined after the
      reduction with one more elementwise op (TOSA's reduce_max starts from
      -FLT_MAX), so the result is upstream's; an extended input is cast
      first (exact), and when the only use of the f32 result truncates it
      back to the input's f16/bf16, the whole is one `ferric.reduce` of the
      narrow type (which accumulates in f32);
    - `linalg.matmul` / `linalg.batch_matmul` with default maps on a zero
      fill become `ferric.matmul`; a wider accumulator followed by the
      truncation back to the operands' type is `ferric.matmul` of that
      type, otherwise the operands are cast to the accumulator's.

    Anything else (integer math, `linalg.index`, `tensor.extract` in a body,
    NaN-ignoring min/max, multi-result reductions such as argmax, ops no
    target lowers) is left as it is and still runs unfused; each such
    linalg op gets one optimization remark in category
    `ferric-raise-linalg` saying why (`--remarks-filter=ferric-raise-linalg
    --remark-format=emitRemark` in ferric-opt), and each function one
    remark counting the raised and the left linalg ops. Unused results of
    generics are erased first (upstream's pattern), so a dead argmax output
    does not stop a max, and `math.fpowi` by a constant power in a body
    becomes multiplies (upstream's expansion; torch-mlir writes its tanh
    GELU's cube so). Upstream's elementwise fusion is deliberately not
    run: fusion decisions belong to `ferric-fuse`.

    `report=-` (or a file path, appended to) writes, per function with
    linalg ops, how many were raised and left, and each left op with its
    location and why: the section `ferric-run --fuse-report` puts before
    ferric-fuse's for TOSA and linalg modules. (TOSA ops count as the
    linalg ops `tosa-to-linalg` made of them.)
  }];
  let options = [
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "Write the raise report to this file, or to stdout with '-'">
  ];
  let dependentDialects = ["::mlir::ferric::FerricDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::linalg::LinalgDialect"];
}

//===- ferric-require-static-args -----------------------------------------===//

def FerricRequireStaticArgsPass
    : Pass<"ferric-require-static-args", "ModuleOp"> {
  let summary = "Diagnose public functions whose arguments the Vulkan ABI "
                "cannot pass";
  let description = [{
    The SPIR-V pipeline's kernels take buffers only (docs/HostABI.md), so
    every size must be known when the module is compiled. This pass, first
    in `ferric-lower-to-spirv`, reports each public function argument that
    is a tensor with dynamic dims or a scalar, with its location and what to
    do (`ferric-specialize-shapes`), instead of a legalization failure deep
    in the pipeline. It also reports each static tensor (argument or op
    result) with a dim or an element count above 2^31-1: the SPIR-V type
    converter indexes buffers with 32-bit integers, and such a shape
    wrapped (`tensor<4294967296x4294967296xf32>` became `memref<0xf32>`).
  }];
}

//===- ferric-specialize-shapes -------------------------------------------===//

def FerricSpecializeShapesPass : Pass<"ferric-specialize-shapes", "ModuleOp"> {
  let summary = "Give a function's dynamic tensor arguments static shapes";
  let description = [{
    Compiles an entry for concrete argument shapes, as `ferric-run` does from
    its inputs: each tensor argument of `entry` (default: the module's only
    public function with a body) gets the static shape given for it in
    `shapes`, and a `tensor.cast` back to the declared type feeds the body,
    so canonicalization propagates the sizes. The SPIR-V path needs this
    for programs written with dynamic dims.

    `shapes` has one entry per argument: dims joined by `x` (`8x1024`),
    `scalar` for a rank-0 tensor or to leave a scalar argument alone, `*`
    to keep an argument as declared. A shape whose rank or static dims do
    not match the argument is an error.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"\"",
           "Function to specialize (default: the only public one with a "
           "body)">,
    ListOption<"shapes", "shapes", "std::string",
               "One shape per argument: 8x1024, scalar or *">
  ];
}

#endif // FERRIC_TRANSFORMS_PASSES_TD
