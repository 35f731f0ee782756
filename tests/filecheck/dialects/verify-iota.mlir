// RUN: not twillc %s 2>&1 | filecheck %s
// An index tile is a rank-2 i32 tile.
builtin.module {
  func.func @k() {
    %r = tile.iota {dim = 0 : i64} : !tile.tile<64xi32>
    func.return
  }
}
// CHECK: verify-iota.mlir:5:5: error: 'tile.iota' an index tile is a rank-2 i32 tile, got i32[64]
