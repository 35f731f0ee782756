// RUN: not twillc %s 2>&1 | filecheck %s
// A comparison gives an i1 tile of its operands' broadcast shape.
builtin.module {
  func.func @k() {
    %a = tile.zeros : !tile.tile<64x32xf32>
    %b = tile.zeros : !tile.tile<64xf32>
    %c = tile.cmp "lt", %a, %b : !tile.tile<64x32xf32>, !tile.tile<64xf32> -> !tile.tile<64x32xf32>
    func.return
  }
}
// CHECK: verify-cmp.mlir:7:5: error: 'tile.cmp' result must be i1[64, 32]
