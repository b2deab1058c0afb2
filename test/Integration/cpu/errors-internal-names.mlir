// Errors name functions as the user wrote them: the runner compiles every
// function as @__ferric_<name> (stages::prefixSymbols), and that name leaked
// into the errors and IR dumps users see (issue 42).

// A call to a function with no body cannot be linked by the JIT.
// RUN: not ferric-run %s --entry=calls_external --input=rand:4xf32 2>&1 | FileCheck %s --check-prefix=LINK --implicit-check-not=__ferric
// LINK: ferric-run: cannot link @calls_external: {{.*}}calls_external

// A lowering failure whose note dumps an op naming a kernel (Vulkan cannot
// launch from a called function), on the Vulkan target where it is here.
// RUN: %if vulkan %{ not ferric-run %s --target=vulkan --entry=calls_helper --input=rand:4xf32 2>&1 | FileCheck %s --check-prefix=DUMP --implicit-check-not=__ferric %}
// DUMP: note: see current operation: {{.*}}@helper_kernel::@helper_kernel

func.func private @ext(%a: tensor<4xf32>) -> tensor<4xf32>

func.func @calls_external(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @ext(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func private @helper(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %a[%c0] : tensor<4xf32>
  %s = tensor.splat %e : tensor<4xf32>
  return %s : tensor<4xf32>
}

func.func private @calls_helper(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @helper(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %e = ferric.exp %r : tensor<4xf32>
  return %e : tensor<4xf32>
}
