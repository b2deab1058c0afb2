// RUN: ferric-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(ferric-legalize-math-for-spirv))' | FileCheck %s
// RUN: ferric-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(ferric-legalize-math-for-spirv,convert-math-to-spirv))' | FileCheck %s --check-prefix=SPIRV

// ferric-legalize-math-for-spirv on special values and types: the target
// environment of the gpu.module's targets becomes its spirv.target_env, so
// that convert-math-to-spirv lowers f16 abs and f64 sqrt/rsqrt (it assumed
// SPIR-V 1.0 without Float16/Float64 and failed). GLSL functions get C's
// special cases as selects: pow is GLSL Pow of |x| with pow(x, 0) = 1,
// pow(1, y) = 1, NaN operands, zeros, infinities and negative bases fixed
// up; exp keeps NaN and gives 0 and inf at -inf and inf.

// CHECK-LABEL: gpu.module @k
//  CHECK-SAME:   spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, Float64], []>
//       CHECK:   %[[AX:.*]] = math.absf %[[X:arg0]] : f32
//       CHECK:   %[[MAG:.*]] = math.powf %[[AX]], %[[Y:arg1]] : f32
//       CHECK:   math.floor %[[Y]] : f32
//       CHECK:   %[[NANX:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
//       CHECK:   %[[POWNAN:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
//       CHECK:   %[[XONE:.*]] = arith.cmpf oeq, %[[X]], %[[ONE:.*]] : f32
//       CHECK:   %[[YZERO:.*]] = arith.cmpf oeq, %[[Y]], %{{.*}} : f32
//       CHECK:   %[[TRIVIAL:.*]] = arith.ori %[[YZERO]], %[[XONE]] : i1
//       CHECK:   %[[POW:.*]] = arith.select %[[TRIVIAL]], %[[ONE]], %[[POWNAN]] : f32
//       CHECK:   %[[EXP:.*]] = math.exp %[[X]] : f32
//       CHECK:   %[[EXPNAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
//       CHECK:   %[[E:.*]] = arith.select %[[EXPNAN]], %[[X]], %{{.*}} : f32
//       CHECK:   memref.store %[[POW]]
//       CHECK:   memref.store %[[E]]

// SPIRV-LABEL: gpu.module @k
//       SPIRV:   spirv.GL.Pow %{{.*}}, %{{.*}} : f32
//       SPIRV:   spirv.GL.Exp %{{.*}} : f32
//       SPIRV:   spirv.GL.FAbs %{{.*}} : f16
//       SPIRV:   spirv.GL.Sqrt %{{.*}} : f64
//       SPIRV:   spirv.GL.InverseSqrt %{{.*}} : f64
//   SPIRV-NOT:   math.
gpu.module @k [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, Float64], []>, #spirv.resource_limits<>>] {
  gpu.func @f(%x: f32, %y: f32, %h: f16, %d: f64, %o: memref<4xf32>, %oh: memref<1xf16>, %od: memref<2xf64>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = math.powf %x, %y : f32
    %1 = math.exp %x : f32
    %2 = math.absf %h : f16
    %3 = math.sqrt %d : f64
    %4 = math.rsqrt %d : f64
    memref.store %0, %o[%c0] : memref<4xf32>
    memref.store %1, %o[%c1] : memref<4xf32>
    memref.store %2, %oh[%c0] : memref<1xf16>
    memref.store %3, %od[%c0] : memref<2xf64>
    memref.store %4, %od[%c1] : memref<2xf64>
    gpu.return
  }
}

// -----

// Arithmetic with a constant +-0 operand, which lavapipe's code generator
// simplified before the float controls apply (x * 0 -> 0, x / 0 -> undef,
// 0 / x -> 0, x + 0 -> x, 0 - x -> -x): written as IEEE's result without
// that arithmetic. x - 0 is exact as it is (here folded to x).

// CHECK-LABEL: gpu.module @zeros
//       CHECK:   gpu.func @f(%[[X:.*]]: f32, %[[V:.*]]: vector<4xf32>,
//   CHECK-NOT:   arith.mulf %[[X]], %{{.*}} : f32
//       CHECK:   %[[BITS:.*]] = arith.bitcast %[[X]] : f32 to i32
//       CHECK:   %[[NEG:.*]] = arith.cmpi slt, %[[BITS]], %{{.*}} : i32
//       CHECK:   %[[SZ:.*]] = arith.select %[[NEG]], %[[MZERO:.*]], %[[ZERO:.*]] : f32
//       CHECK:   %[[AX:.*]] = math.absf %[[X]] : f32
//       CHECK:   %[[FINITE:.*]] = arith.cmpf olt, %[[AX]], %[[INF:.*]] : f32
//       CHECK:   %[[MUL:.*]] = arith.select %[[FINITE]], %[[SZ]], %[[NAN:.*]] : f32
//       CHECK:   %[[DIVZ:.*]] = arith.mulf %[[X]], %[[INF]] : f32
//       CHECK:   arith.bitcast %[[X]] : f32 to i32
//       CHECK:   arith.select %{{.*}}, %[[MZERO]], %[[ZERO]] : f32
//       CHECK:   %[[XZ:.*]] = arith.cmpf oeq, %[[X]], %[[ZERO]] : f32
//       CHECK:   %[[XNAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
//       CHECK:   %[[BAD:.*]] = arith.ori %[[XNAN]], %[[XZ]] : i1
//       CHECK:   %[[ZDIV:.*]] = arith.select %[[BAD]], %[[NAN]], %{{.*}} : f32
//       CHECK:   %[[ADD:.*]] = arith.select %{{.*}}, %[[ZERO]], %[[X]] : f32
//       CHECK:   %[[NX:.*]] = arith.negf %[[X]] : f32
//       CHECK:   %[[SUB:.*]] = arith.select %{{.*}}, %[[ZERO]], %[[NX]] : f32
//       CHECK:   math.absf %[[V]] : vector<4xf32>
//       CHECK:   %[[VMUL:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xf32>
//   CHECK-NOT:   arith.mulf %{{.*}}, %[[V]]
//       CHECK:   memref.store %[[MUL]]
//       CHECK:   memref.store %[[DIVZ]]
//       CHECK:   memref.store %[[ZDIV]]
//       CHECK:   memref.store %[[ADD]]
//       CHECK:   memref.store %[[SUB]]
//       CHECK:   memref.store %[[X]]
//       CHECK:   vector.store %[[VMUL]]
gpu.module @zeros [#spirv.target_env<#spirv.vce<v1.3, [Shader], []>, #spirv.resource_limits<>>] {
  gpu.func @f(%x: f32, %v: vector<4xf32>, %o: memref<8xf32>, %ov: memref<4xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %z = arith.constant 0.0 : f32
    %zv = arith.constant dense<0.0> : vector<4xf32>
    %0 = arith.mulf %x, %z : f32
    %1 = arith.divf %x, %z : f32
    %2 = arith.divf %z, %x : f32
    %3 = arith.addf %z, %x : f32
    %4 = arith.subf %z, %x : f32
    %5 = arith.subf %x, %z : f32
    %6 = arith.mulf %zv, %v : vector<4xf32>
    memref.store %0, %o[%c0] : memref<8xf32>
    memref.store %1, %o[%c1] : memref<8xf32>
    memref.store %2, %o[%c2] : memref<8xf32>
    memref.store %3, %o[%c3] : memref<8xf32>
    memref.store %4, %o[%c4] : memref<8xf32>
    memref.store %5, %o[%c5] : memref<8xf32>
    vector.store %6, %ov[%c0] : memref<4xf32>, vector<4xf32>
    gpu.return
  }
}

// -----

// arith.minimumf / maximumf order -0 below +0 and propagate NaN; GLSL
// FMin/FMax and arith-expand-ops' compare-and-select do not (lavapipe gave
// min(-0, +0) = +0, so rsqrt of it was +inf where the CPU and CUDA give
// -inf). Written out: NaN if either is NaN, else the smaller (larger), else
// (equal) x if its sign bit is set (x is -0) for min, y for max.
// CHECK-LABEL: gpu.module @minmax
//   CHECK-NOT:   arith.minimumf
//   CHECK-NOT:   arith.maximumf
//       CHECK:   %[[XLT:.*]] = arith.cmpf olt, %[[X:arg0]], %[[Y:arg1]] : f32
//       CHECK:   %[[YLT:.*]] = arith.cmpf olt, %[[Y]], %[[X]] : f32
//       CHECK:   %[[BITS:.*]] = arith.bitcast %[[X]] : f32 to i32
//       CHECK:   %[[NEG:.*]] = arith.cmpi slt, %[[BITS]], %{{.*}} : i32
//       CHECK:   %[[EQ:.*]] = arith.select %[[NEG]], %[[X]], %[[Y]] : f32
//       CHECK:   %[[INNER:.*]] = arith.select %[[YLT]], %[[Y]], %[[EQ]] : f32
//       CHECK:   %[[ORD:.*]] = arith.select %[[XLT]], %[[X]], %[[INNER]] : f32
//       CHECK:   %[[XN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
//       CHECK:   %[[YN:.*]] = arith.cmpf uno, %[[Y]], %[[Y]] : f32
//       CHECK:   %[[ANYN:.*]] = arith.ori %[[XN]], %[[YN]] : i1
//       CHECK:   %[[MIN:.*]] = arith.select %[[ANYN]], %{{.*}}, %[[ORD]] : f32
//       CHECK:   memref.store %[[MIN]]
//       CHECK:   arith.cmpf olt, %[[Y]], %[[X]] : vector<4xf32>
//       CHECK:   arith.cmpf olt, %[[X]], %[[Y]] : vector<4xf32>
//       CHECK:   arith.select %{{.*}}, %[[Y]], %[[X]] : vector<4xi1>, vector<4xf32>
gpu.module @minmax [#spirv.target_env<#spirv.vce<v1.3, [Shader], []>, #spirv.resource_limits<>>] {
  gpu.func @f(%x: f32, %y: f32, %o: memref<1xf32>) kernel {
    %c0 = arith.constant 0 : index
    %0 = arith.minimumf %x, %y : f32
    memref.store %0, %o[%c0] : memref<1xf32>
    gpu.return
  }
  gpu.func @g(%x: vector<4xf32>, %y: vector<4xf32>, %o: memref<4xf32>) kernel {
    %c0 = arith.constant 0 : index
    %0 = arith.maximumf %x, %y : vector<4xf32>
    vector.store %0, %o[%c0] : memref<4xf32>, vector<4xf32>
    gpu.return
  }
}

// -----

// x / y with a y the driver may fold to the literal 0 (lavapipe folded the
// divisor y - y of a select it had decided, then x / 0 to undef: vulkan
// fuzz program 11523 at seed 20261205): y == 0 selects x * +-inf with y's
// sign from its bits (f64 and f16 through an f32 of the same sign). Not
// for a constant divisor, a constant zero dividend, or c + exp(z) with
// c > 0 (sigmoid's denominator, never zero).
// CHECK-LABEL: gpu.module @divisions
//       CHECK:   gpu.func @f(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[D:.*]]: f64, %[[Z:.*]]: f64, %[[H:.*]]: f16, %[[K:.*]]: f16
//       CHECK:   %[[Q:.*]] = arith.divf %[[X]], %[[Y]] : f32
//       CHECK:   %[[YB:.*]] = arith.bitcast %[[Y]] : f32 to i32
//       CHECK:   %[[YN:.*]] = arith.cmpi slt, %[[YB]], %{{.*}} : i32
//       CHECK:   %[[YI:.*]] = arith.select %[[YN]], %{{.*}}, %{{.*}} : f32
//       CHECK:   %[[AT0:.*]] = arith.mulf %[[X]], %[[YI]] : f32
//       CHECK:   %[[Y0:.*]] = arith.cmpf oeq, %[[Y]], %{{.*}} : f32
//       CHECK:   %[[R:.*]] = arith.select %[[Y0]], %[[AT0]], %[[Q]] : f32
//       CHECK:   arith.divf %[[D]], %[[Z]] : f64
//       CHECK:   %[[ZT:.*]] = arith.truncf %[[Z]] : f64 to f32
//       CHECK:   arith.bitcast %[[ZT]] : f32 to i32
//       CHECK:   arith.divf %[[H]], %[[K]] : f16
//       CHECK:   %[[KE:.*]] = arith.extf %[[K]] : f16 to f32
//       CHECK:   arith.bitcast %[[KE]] : f32 to i32
//       CHECK:   %[[C:.*]] = arith.divf %[[X]], %{{.*}} : f32
//       CHECK:   %[[S:.*]] = arith.divf %{{.*}}, %[[E:.*]] : f32
//   CHECK-NOT:   arith.bitcast
//       CHECK:   memref.store %[[R]]
gpu.module @divisions [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, Float64], []>, #spirv.resource_limits<>>] {
  gpu.func @f(%x: f32, %y: f32, %d: f64, %z: f64, %h: f16, %k: f16, %o: memref<8xf32>, %o64: memref<1xf64>, %o16: memref<1xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %0 = arith.divf %x, %y : f32
    %1 = arith.divf %d, %z : f64
    %2 = arith.divf %h, %k : f16
    %3 = arith.divf %x, %two : f32
    %n = arith.negf %x : f32
    %e = math.exp %n : f32
    %den = arith.addf %e, %one : f32
    %4 = arith.divf %one, %den : f32
    memref.store %0, %o[%c0] : memref<8xf32>
    memref.store %1, %o64[%c0] : memref<1xf64>
    memref.store %2, %o16[%c0] : memref<1xf16>
    memref.store %3, %o[%c1] : memref<8xf32>
    memref.store %4, %o[%c2] : memref<8xf32>
    gpu.return
  }
}
