// RUN: not twillc %s 2>&1 | filecheck %s
builtin.module {
  func.func @k() {
    %a = tile.zeros : !tile.tile<64xf32>
    %r = tile.rowsum %a : !tile.tile<64xf32> -> !tile.tile<64xf32>
    func.return
  }
}
// CHECK: verify-rowsum-rank.mlir:5:5: error: 'tile.rowsum' expects a rank-2 tile, got f32[64]
