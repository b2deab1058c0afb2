// The block-size diagnostic prints the number it got (it once streamed the
// option object, which printed as a char: NUL for 0, byte 0xD0 for 2000).
// RUN: not ferric-opt %s --ferric-elementwise-to-gpu=block-size=0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not ferric-opt %s --ferric-elementwise-to-gpu=block-size=2000 2>&1 | FileCheck %s --check-prefix=BIG

// ZERO: error: ferric-elementwise-to-gpu: block-size must be in [1, 1024], got 0{{$}}
// BIG: error: ferric-elementwise-to-gpu: block-size must be in [1, 1024], got 2000{{$}}
func.func @f(%a: memref<?xf32>, %o: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%a : memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%x: f32, %out: f32):
    %0 = arith.negf %x : f32
    linalg.yield %0 : f32
  }
  return
}
