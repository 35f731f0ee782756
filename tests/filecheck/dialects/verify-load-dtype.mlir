// RUN: not twillc %s 2>&1 | filecheck %s
builtin.module {
  func.func @k(%A: !tile.tensor<[N, 64], f16>) {
    %c0 = arith.constant 0 : index
    %a = tile.load %A[%c0, %c0] : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf32>
    func.return
  }
}
// CHECK: verify-load-dtype.mlir:5:5: error: 'tile.load' the tile must have the element type of the tensor
