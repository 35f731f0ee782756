// RUN: not twillc %s 2>&1 | filecheck %s
// An MMA of an integer tile and a float tile is refused (neither an integer nor a float MMA).
builtin.module {
  func.func @k(%a: !tile.tile<128x64xi8>, %b: !tile.tile<64x64xf16>) {
    %c = tile.zeros : !tile.tile<128x64xf32>
    %s = tile.mma %a, %b, %c : !tile.tile<128x64xi8>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
    func.return
  }
}
// CHECK: verify-mma-int-mixed.mlir:6:5: error: 'tile.mma' an MMA of i8[128, 64] and f16[64, 64]: an integer MMA takes 8-bit integer operands on both sides
