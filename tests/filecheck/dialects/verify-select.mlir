// RUN: not twillc %s 2>&1 | filecheck %s
// The condition of tile.select is an i1 tile.
builtin.module {
  func.func @k() {
    %a = tile.zeros : !tile.tile<64xf32>
    %s = tile.select %a, %a, %a : !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
    func.return
  }
}
// CHECK: verify-select.mlir:6:5: error: 'tile.select' the condition must be a comparison result (an i1 tile or one i1), got f32[64]
