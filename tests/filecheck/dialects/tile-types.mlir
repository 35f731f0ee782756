// RUN: twillc %s | filecheck %s
// RUN: twillc %s --print-op-generic | twillc - | filecheck %s
// Every element type, symbolic and constant tensor dims, ±inf in tile.full,
// a scalar operand of an elementwise op: parsed and printed back identically.
builtin.module {
  func.func @types(%A: !tile.tensor<[N, 64], f16>, %B: !tile.tensor<[128], bf16>, %C: !tile.tensor<[M, K], f8E4M3FN>, %D: !tile.tensor<[4, 4], f8E5M2>, %E: !tile.tensor<[N], i32>, %F: !tile.tensor<[N, 8], i8>, %G: !tile.tensor<[N, 8], f32>) {
    %z = tile.zeros : !tile.tile<64xbf16>
    %i = tile.zeros : !tile.tile<8x8xi8>
    %ninf = tile.full {value = 0xfff0000000000000 : f64} : !tile.tile<128xf32>
    %inf = tile.full {value = 0x7ff0000000000000 : f64} : !tile.tile<128xf32>
    %half = tile.full {value = 5.000000e-01 : f64} : !tile.tile<128x2xf32>
    %c = arith.constant 2.000000e+00 : f32
    %s = tile.mul %half, %c : !tile.tile<128x2xf32>, f32 -> !tile.tile<128x2xf32>
    %t = tile.min %c, %inf : f32, !tile.tile<128xf32> -> !tile.tile<128xf32>
    func.return
  }
}
// CHECK: func.func @types(%A: !tile.tensor<[N, 64], f16>, %B: !tile.tensor<[128], bf16>, %C: !tile.tensor<[M, K], f8E4M3FN>, %D: !tile.tensor<[4, 4], f8E5M2>, %E: !tile.tensor<[N], i32>, %F: !tile.tensor<[N, 8], i8>, %G: !tile.tensor<[N, 8], f32>) {
// CHECK-NEXT: %z = tile.zeros : !tile.tile<64xbf16>
// CHECK-NEXT: %i = tile.zeros : !tile.tile<8x8xi8>
// CHECK-NEXT: %ninf = tile.full {value = 0xfff0000000000000 : f64} : !tile.tile<128xf32>
// CHECK-NEXT: %inf = tile.full {value = 0x7ff0000000000000 : f64} : !tile.tile<128xf32>
// CHECK-NEXT: %half = tile.full {value = 5.000000e-01 : f64} : !tile.tile<128x2xf32>
// CHECK-NEXT: %c = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %s = tile.mul %half, %c : !tile.tile<128x2xf32>, f32 -> !tile.tile<128x2xf32>
// CHECK-NEXT: %t = tile.min %c, %inf : f32, !tile.tile<128xf32> -> !tile.tile<128xf32>
