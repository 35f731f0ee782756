// RUN: not twillc %s -p "" 2>&1 | filecheck %s
// The verifier: an f16 result (and accumulator) needs f16 operands.
builtin.module {
  func.func @k(%a: !tile.tile<64x64xbf16>, %b: !tile.tile<64x64xbf16>, %c: !tile.tile<64x64xf16>) {
    %r = tile.mma %a, %b, %c : !tile.tile<64x64xbf16>, !tile.tile<64x64xbf16>, !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
    func.return
  }
}
// CHECK: mma-f16-acc.mlir:5:5: error: 'tile.mma' an f16 accumulator takes f16 operands (wgmma .f16.f16.f16, tcgen05.mma kind::f16), got bf16[64, 64] and bf16[64, 64]: accumulate in f32
