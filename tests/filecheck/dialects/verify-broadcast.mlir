// RUN: not twillc %s 2>&1 | filecheck %s
builtin.module {
  func.func @k() {
    %a = tile.zeros : !tile.tile<64x32xf32>
    %b = tile.zeros : !tile.tile<32xf32>
    %c = tile.add %a, %b : !tile.tile<64x32xf32>, !tile.tile<32xf32> -> !tile.tile<64x32xf32>
    func.return
  }
}
// CHECK: verify-broadcast.mlir:6:5: error: 'tile.add' shapes do not broadcast: f32[64, 32] and f32[32]
