// RUN: not twillc %s 2>&1 | filecheck %s
builtin.module {
  func.func @k() {
    %a = tile.zeros : !tile.tile<2x2x2xf32>
    func.return
  }
}
// CHECK: verify-tile-rank.mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}a tile has rank 1 or 2, got 3
