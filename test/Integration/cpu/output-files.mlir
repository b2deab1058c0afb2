// --output never loses what the user had: special files are written
// through and stay what they are, a symlink keeps pointing where it did,
// and a failed write of one result leaves every pre-existing file as it was.

// RUN: rm -rf %t && mkdir -p %t/sub

// Special files are reached through symlinks in %t, so that a regression
// replaces the link, never the machine's device node.
// RUN: ln -s /dev/null %t/null.npy && ln -s /dev/full %t/full.npy
// /dev/null stays a character device (it used to be renamed over).
// RUN: ferric-run %s --input=rand:3xf32 --output=%t/null.npy
// RUN: test -L %t/null.npy
// RUN: test -c /dev/null
// /dev/full: one clear error, and it is still a device.
// RUN: not ferric-run %s --input=rand:3xf32 --output=%t/full.npy 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: ferric-run: cannot write result 0: cannot write '{{.*}}full.npy': No space left on device
// RUN: test -L %t/full.npy
// RUN: test -c /dev/full

// A symlink stays a symlink; its target gets the result (2 + 3, read back
// and run again: 8).
// RUN: touch %t/target.npy && ln -s target.npy %t/link.npy
// RUN: ferric-run %s --input=full=2:3xf32 --output=%t/link.npy
// RUN: test -L %t/link.npy
// RUN: ferric-run %s --input=%t/target.npy --print | FileCheck %s --check-prefix=LINK
// LINK: result 0: array([8, 8, 8], shape=(3,), dtype=f32)

// The same file for two results (it kept only the second, issue 42): an
// error before anything runs, also through another spelling or a symlink;
// nothing is written. A device takes both.
// RUN: not ferric-run %s --entry=two --input=rand:3xf32 --output=%t/same.npy --output=%t/same.npy 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: not ferric-run %s --entry=two --input=rand:3xf32 --output=%t/same.npy --output=%t/sub/../same.npy 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: not ferric-run %s --entry=two --input=rand:3xf32 --output=%t/target.npy --output=%t/link.npy 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: ferric-run: --output for results 0 and 1 name the same file ('{{.*}}' and '{{.*}}'); each result needs its own file
// RUN: not ls %t/same.npy
// RUN: ferric-run %s --entry=two --input=rand:3xf32 --output=%t/null.npy --output=/dev/null

// Two results, the second cannot be written: the first file, which existed
// before, is unchanged, and no temporary is left.
// RUN: echo precious > %t/first.npy
// RUN: not ferric-run %s --entry=two --input=rand:3xf32 --output=%t/first.npy --output=%t/nodir/second.npy 2>&1 | FileCheck %s --check-prefix=SECOND
// SECOND: ferric-run: cannot write result 1: cannot write '{{.*}}nodir/second.npy': No such file or directory
// RUN: grep -q precious %t/first.npy
// RUN: ls %t | FileCheck %s --check-prefix=LEFT --implicit-check-not=tmp
// LEFT: first.npy
// LEFT: full.npy
// LEFT: link.npy
// LEFT: null.npy
// LEFT: target.npy

func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %c = arith.constant 3.0 : f32
  %r = ferric.add %a, %c : tensor<3xf32>, f32
  return %r : tensor<3xf32>
}

func.func private @two(%a: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = ferric.exp %a : tensor<3xf32>
  %1 = ferric.neg %a : tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}
