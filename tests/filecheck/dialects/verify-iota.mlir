// RUN: not twillc %s 2>&1 | filecheck %s
// An index tile is an i32 tile; a rank-1 one counts along its only axis.
builtin.module {
  func.func @k() {
    %r = tile.iota {dim = 1 : i64} : !tile.tile<64xi32>
    func.return
  }
}
// CHECK: verify-iota.mlir:5:5: error: 'tile.iota' a rank-1 index tile holds each element's index: dim 0, got 1
