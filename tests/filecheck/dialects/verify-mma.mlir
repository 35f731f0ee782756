// RUN: not twillc %s 2>&1 | filecheck %s
builtin.module {
  func.func @k() {
    %a = tile.zeros : !tile.tile<64x32xf16>
    %s = tile.mma %a, %a : !tile.tile<64x32xf16>, !tile.tile<64x32xf16> -> !tile.tile<64x32xf32>
    func.return
  }
}
// CHECK: verify-mma.mlir:5:5: error: 'tile.mma' contraction dimensions differ: 64x32 and 64x32
