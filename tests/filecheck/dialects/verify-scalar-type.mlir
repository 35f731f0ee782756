// RUN: not twillc %s 2>&1 | filecheck %s
// A scalar operand has the element type of the tile it meets.
builtin.module {
  func.func @k(%s: f32) {
    %a = tile.zeros : !tile.tile<64xf16>
    %b = tile.mul %a, %s : !tile.tile<64xf16>, f32 -> !tile.tile<64xf16>
    func.return
  }
}
// CHECK: verify-scalar-type.mlir:6:5: error: 'tile.mul' a scalar f32 does not combine with f16[64]
