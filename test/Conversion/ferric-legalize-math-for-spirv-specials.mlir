// RUN: ferric-opt %s --pass-pipeline='builtin.module(gpu.module(ferric-legalize-math-for-spirv))' | FileCheck %s
// RUN: ferric-opt %s --pass-pipeline='builtin.module(gpu.module(ferric-legalize-math-for-spirv,convert-math-to-spirv))' | FileCheck %s --check-prefix=SPIRV

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
