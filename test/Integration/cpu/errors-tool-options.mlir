// ferric-run refuses option values it would otherwise replace or misread.

// --atol/--rtol must be finite and >= 0 (they were silently replaced by the
// defaults).
// RUN: not ferric-run %s --input=rand:3xf32 --check --atol=-1 2>&1 | FileCheck %s --check-prefix=ATOL
// ATOL: ferric-run: --atol must be a finite number >= 0, got -1.00
// RUN: not ferric-run %s --input=rand:3xf32 --check --rtol=nan 2>&1 | FileCheck %s --check-prefix=RTOL
// RUN: not ferric-run %s --input=rand:3xf32 --check --rtol=inf 2>&1 | FileCheck %s --check-prefix=RTOL
// RTOL: ferric-run: --rtol must be a finite number >= 0, got {{(nan|NAN|inf|INF)}}

// An existing file is read as .npy whatever its name (it was parsed as a
// generator spec: "missing ':'").
// RUN: echo "not a tensor" > %t.txt
// RUN: not ferric-run %s --input=%t.txt 2>&1 | FileCheck %s --check-prefix=NOTNPY
// NOTNPY: ferric-run: input 0 ('{{.*}}.txt'): '{{.*}}.txt': not an .npy file (bad magic)

// A generator spec with nothing after ':' is told so (it said "missing
// ':'", issue 42); a name that is neither a file nor a spec says both.
// RUN: not ferric-run %s --input=rand: 2>&1 | FileCheck %s --check-prefix=EMPTYSPEC
// EMPTYSPEC: ferric-run: input 0 ('rand:'): invalid tensor spec 'rand:': nothing after ':' (the shape and dtype)
// RUN: not ferric-run %s --input=%t.missing 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: ferric-run: input 0 ('{{.*}}.missing'): invalid tensor spec '{{.*}}.missing': not an existing file, and no ':' for a generator

// Empty IR, or a module without a function, has nothing to run (it said
// "the module has 0 public functions; choose one with --entry").
// RUN: printf '' | not ferric-run - --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: echo 'module {}' | not ferric-run - --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: ferric-run: the module has no public function with a body to run (is the IR empty?)

func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %r = ferric.exp %a : tensor<3xf32>
  return %r : tensor<3xf32>
}
