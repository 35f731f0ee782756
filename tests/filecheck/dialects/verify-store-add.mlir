// RUN: not twillc %s 2>&1 | filecheck %s
// A reduce-add store adds a tile of the tensor's element type.
builtin.module {
  func.func @k(%A: !tile.tensor<[N, 64], f32>) {
    %c0 = arith.constant 0 : index
    %a = tile.zeros : !tile.tile<64x64xf16>
    tile.store_add %a, %A[%c0, %c0] : !tile.tile<64x64xf16>, !tile.tensor<[N, 64], f32>
    func.return
  }
}
// CHECK: verify-store-add.mlir:7:5: error: 'tile.store_add' the added tile must have the element type of the tensor (cast first)
