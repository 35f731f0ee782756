// RUN: not twillc %s 2>&1 | filecheck %s
// Comparison results are not numbers: no arithmetic on i1 tiles.
builtin.module {
  func.func @k() {
    %a = tile.zeros : !tile.tile<64xf32>
    %c = tile.cmp "lt", %a, %a : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xi1>
    %d = tile.add %c, %c : !tile.tile<64xi1>, !tile.tile<64xi1> -> !tile.tile<64xi1>
    func.return
  }
}
// CHECK: verify-arith-bool.mlir:7:5: error: 'tile.add' i1[64] is a comparison result, not a number
