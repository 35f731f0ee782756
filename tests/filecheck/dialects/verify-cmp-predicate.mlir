// RUN: not twillc %s 2>&1 | filecheck %s
builtin.module {
  func.func @k() {
    %a = tile.zeros : !tile.tile<64xf32>
    %c = tile.cmp "less", %a, %a : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xi1>
    func.return
  }
}
// CHECK: verify-cmp-predicate.mlir:5:5: error: 'tile.cmp' unknown predicate 'less' (one of: lt, le, gt, ge, eq, ne)
