builtin.module attributes {twill.target = "h100"} {
  func.func @k(%T0: !tile.tensor<[N, 64], f16>, %T1: !tile.tensor<[N, 64], f16>, %T2: !tile.tensor<[N, 64], f16>, %T3: !tile.tensor<[N, N], f32>, %T4: !tile.tensor<[N, 64], f32>, %T5: !tile.tensor<[N], f32>, %s0: f32) {
    %0 = arith.constant 1 : index
    %1 = arith.constant 64 : index
    %2 = arith.constant 0 : index
    %bid = tile.block_id
    %q = tile.load %T0[%bid, %2] : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
    %3 = tile.iota {dim = 0 : i64} : !tile.tile<64x64xi32>
    %4 = arith.muli %bid, %1 : index
    %5 = arith.index_cast %4 : index to i32
    %rows = tile.add %3, %5 : !tile.tile<64x64xi32>, i32 -> !tile.tile<64x64xi32>
    %l = tile.zeros : !tile.tile<64xf32>
    %o = tile.zeros : !tile.tile<64x64xf32>
    %6 = arith.addi %bid, %0 : index
    %7 = arith.muli %6, %1 : index
    %8 = arith.divui %7, %1 : index
    %l_1, %o_1 = tile.for %2 to %8 step %0 iter_args(%l, %o : !tile.tile<64xf32>, !tile.tile<64x64xf32>) -> !tile.tile<64xf32>, !tile.tile<64x64xf32> {
    ^bb0(%j: index, %l_2: !tile.tile<64xf32>, %o_2: !tile.tile<64x64xf32>):
      %k = tile.load %T1[%j, %2] : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
      %v = tile.load %T2[%j, %2] : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
      %9 = tile.iota {dim = 1 : i64} : !tile.tile<64x64xi32>
      %10 = arith.muli %j, %1 : index
      %11 = arith.index_cast %10 : index to i32
      %cols = tile.add %9, %11 : !tile.tile<64x64xi32>, i32 -> !tile.tile<64x64xi32>
      %12 = tile.cmp "le", %cols, %rows : !tile.tile<64x64xi32>, !tile.tile<64x64xi32> -> !tile.tile<64x64xi1>
      %13 = tile.mma %q, %k {transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<64x64xf16> -> !tile.tile<64x64xf32>
      %14 = tile.mul %13, %s0 : !tile.tile<64x64xf32>, f32 -> !tile.tile<64x64xf32>
      %15 = arith.constant 0xff800000 : f32
      %s = tile.select %12, %14, %15 : !tile.tile<64x64xi1>, !tile.tile<64x64xf32>, f32 -> !tile.tile<64x64xf32>
      %t1 = tile.sub %o_2, %l_2 : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
      %t2 = tile.neg %t1 : !tile.tile<64x64xf32>
      %16 = arith.constant 1.000000e+00 : f32
      %17 = tile.sub %s, %16 : !tile.tile<64x64xf32>, f32 -> !tile.tile<64x64xf32>
      %p = tile.exp2 %17 : !tile.tile<64x64xf32>
      %18 = tile.rowsum %p : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %l_3 = tile.add %l_2, %18 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %19 = tile.cast %p : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
      %o_3 = tile.mma %19, %v, %o_2 : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
      tile.store_add %p, %T3[%bid, %j] : !tile.tile<64x64xf32>, !tile.tensor<[N, N], f32>
      tile.yield %l_3, %o_3 : !tile.tile<64xf32>, !tile.tile<64x64xf32>
    }
    %20 = tile.div %o_1, %l_1 : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
    tile.store_add %20, %T4[%bid, %2] : !tile.tile<64x64xf32>, !tile.tensor<[N, 64], f32>
    %21 = arith.constant 1.000000e+00 : f32
    %22 = tile.add %l_1, %21 : !tile.tile<64xf32>, f32 -> !tile.tile<64xf32>
    tile.store %22, %T5[%bid] : !tile.tile<64xf32>, !tile.tensor<[N], f32>
    func.return
  }
}
