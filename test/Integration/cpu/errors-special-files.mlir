// Paths that are not regular files are never read (issue 42): an --input
// that is (or links to) /dev/zero or /dev/urandom was read until memory ran
// out, a fifo blocked forever, a directory or /dev/zero without the .npy
// suffix got "missing ':'" (taken for a generator spec); a kernel-cache
// entry that is a fifo hung the lookup, one linked to /dev/zero exhausted
// memory. `timeout` and RLIMIT_AS (ulimit -v, KiB) turn the old hang and
// the old unbounded read into failures without touching the machine's
// memory (not under ASan, whose shadow memory needs more address space).
// UNSUPPORTED: asan

// RUN: rm -rf %t && mkdir -p %t/dir && mkfifo %t/fifo.npy
// RUN: ln -s /dev/zero %t/zero.npy && ln -s /dev/urandom %t/urandom.npy
// RUN: not timeout 60 bash -c 'ulimit -v 4000000 && exec ferric-run %s --input=%t/zero.npy' 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: ferric-run: input 0 ('{{.*}}zero.npy'): cannot open '{{.*}}zero.npy': not a regular file (a device, fifo or socket)
// RUN: not timeout 60 bash -c 'ulimit -v 4000000 && exec ferric-run %s --input=%t/urandom.npy' 2>&1 | FileCheck %s --check-prefix=URANDOM
// URANDOM: ferric-run: input 0 ('{{.*}}urandom.npy'): cannot open '{{.*}}urandom.npy': not a regular file
// RUN: not timeout 60 bash -c 'ulimit -v 4000000 && exec ferric-run %s --input=/dev/zero' 2>&1 | FileCheck %s --check-prefix=DEVZERO
// DEVZERO: ferric-run: input 0 ('/dev/zero'): cannot open '/dev/zero': not a regular file
// RUN: not timeout 60 ferric-run %s --input=%t/fifo.npy 2>&1 | FileCheck %s --check-prefix=FIFO
// FIFO: ferric-run: input 0 ('{{.*}}fifo.npy'): cannot open '{{.*}}fifo.npy': not a regular file
// RUN: not timeout 60 ferric-run %s --input=%t/dir 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: ferric-run: input 0 ('{{.*}}dir'): cannot open '{{.*}}dir': it is a directory

// Kernel-cache entries: the first run fills the cache, then each entry is
// replaced by a fifo, then by a link to /dev/zero; each is a miss that the
// run replaces with a regular file.
// RUN: env XDG_CACHE_HOME=%t/c ferric-run %s --input=full=2:16xf32 --print | FileCheck %s
// RUN: for f in %t/c/ferric/*.mlir; do rm $f && mkfifo $f; done
// RUN: env XDG_CACHE_HOME=%t/c timeout 60 ferric-run %s --input=full=2:16xf32 --print --bench=1 --warmup=0 | FileCheck %s --check-prefixes=CHECK,MISS
// RUN: for f in %t/c/ferric/*.mlir; do test -f $f && ! test -p $f; done
// RUN: for f in %t/c/ferric/*.mlir; do rm $f && ln -s /dev/zero $f; done
// RUN: env XDG_CACHE_HOME=%t/c timeout 60 bash -c 'ulimit -v 4000000 && exec ferric-run %s --input=full=2:16xf32 --print --bench=1 --warmup=0' | FileCheck %s --check-prefixes=CHECK,MISS
// RUN: for f in %t/c/ferric/*.mlir; do ! test -L $f; done
// CHECK: result 0: array([-2, -2, {{.*}}dtype=f32)
// MISS: compile {{[0-9.]+}} s (cache miss)

func.func @neg_f(%a: tensor<16xf32>) -> tensor<16xf32> {
  %0 = ferric.neg %a : tensor<16xf32>
  return %0 : tensor<16xf32>
}
