// RUN: not twillc %s 2>&1 | filecheck %s
builtin.module {
  func.func @k() {
    tile.yield
  }
}
// CHECK: verify-yield-parent.mlir:4:5: error: {{.*}}'tile.yield' expects parent op 'tile.for'
