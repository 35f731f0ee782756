// RUN: twillc %s | filecheck %s
// Every tile op in its custom form, parsed and printed back.
builtin.module {
  func.func @k(%A: !tile.tensor<[N, 64], f16>) {
    %bid = tile.block_id
    %N = tile.size "N"
    %c0 = arith.constant 0 : index
    %a = tile.load %A[%bid, %c0] : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
    %s = tile.mma %a, %a {transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<64x64xf16> -> !tile.tile<64x64xf32>
    %m = tile.rowmax %s : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
    %d = tile.sub %s, %m : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
    %p = tile.exp2 %d : !tile.tile<64x64xf32>
    %h = tile.cast %p : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    %z = tile.zeros : !tile.tile<64x64xf32>
    %r = tile.for %c0 to %N step %bid iter_args(%z : !tile.tile<64x64xf32>) -> !tile.tile<64x64xf32> {
    ^bb0(%i: index, %acc: !tile.tile<64x64xf32>):
      %n = tile.mma %h, %a, %acc : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
      tile.yield %n : !tile.tile<64x64xf32>
    }
    %o = tile.cast %r : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    tile.store %o, %A[%bid, %c0] : !tile.tile<64x64xf16>, !tile.tensor<[N, 64], f16>
    func.return
  }
}
// CHECK: %s = tile.mma %a, %a {transpose_rhs}
// CHECK: %r = tile.for %c0 to %N step %bid iter_args(%z : !tile.tile<64x64xf32>) -> !tile.tile<64x64xf32> {
// CHECK: tile.store %o, %A[%bid, %c0]
