builtin.module attributes {twill.target = "b200"} {
  func.func @cross_entropy(%X: !tile.tensor<[M, V], f32>, %T: !tile.tensor<[M, V], f32>, %Loss: !tile.tensor<[M], f32>, %DX: !tile.tensor<[M, V], f32>) attributes {twill.loops = 2 : i64} {
    %bid = tile.block_id
    %0 = arith.constant 1 : index
    %1 = arith.constant 128 : index
    %V = tile.size "V"
    %2 = arith.constant 0 : index
    %m = tile.full {value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %l = tile.zeros : !tile.tile<64xf32>
    %tx = tile.zeros : !tile.tile<64xf32>
    %3 = arith.divui %V, %1 : index
    %m_1, %l_1, %tx_1 = tile.for %2 to %3 step %0 iter_args(%m, %l, %tx : !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>) -> !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32> {
    ^bb0(%j: index, %m_2: !tile.tile<64xf32>, %l_2: !tile.tile<64xf32>, %tx_2: !tile.tile<64xf32>):
      %x = tile.load %X[%bid, %j] : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
      %t = tile.load %T[%bid, %j] : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
      %4 = tile.rowmax %x : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %m_new = tile.max %m_2, %4 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %5 = tile.sub %m_2, %m_new : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %6 = tile.exp %5 : !tile.tile<64xf32>
      %7 = tile.mul %l_2, %6 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %8 = tile.sub %x, %m_new : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %9 = tile.exp %8 : !tile.tile<64x128xf32>
      %10 = tile.rowsum %9 : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %l_3 = tile.add %7, %10 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %11 = tile.mul %t, %x : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %12 = tile.rowsum %11 : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %tx_3 = tile.add %tx_2, %12 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      tile.yield %m_new, %l_3, %tx_3 : !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>
    }
    %13 = tile.log %l_1 : !tile.tile<64xf32>
    %lse = tile.add %m_1, %13 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
    %14 = tile.sub %lse, %tx_1 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
    tile.store %14, %Loss[%bid] : !tile.tile<64xf32>, !tile.tensor<[M], f32>
    %15 = arith.divui %V, %1 : index
    tile.for %2 to %15 step %0 {
    ^bb0(%j_1: index):
      %x_1 = tile.load %X[%bid, %j_1] : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
      %t_1 = tile.load %T[%bid, %j_1] : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
      %16 = tile.sub %x_1, %lse : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %17 = tile.exp %16 : !tile.tile<64x128xf32>
      %18 = tile.sub %17, %t_1 : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      tile.store %18, %DX[%bid, %j_1] : !tile.tile<64x128xf32>, !tile.tensor<[M, V], f32>
      tile.yield
    }
    func.return
  }
  builtin.module attributes {twill.segment = 0 : i64, twill.target = "b200"} {
    func.func @cross_entropy_loop0(%X: !tile.tensor<[M, V], f32>, %T: !tile.tensor<[M, V], f32>, %Loss: !tile.tensor<[M], f32>, %DX: !tile.tensor<[M, V], f32>, %tw_pass_lse: !tile.tensor<[TW_PASS_LSE], f32>) {
      %0 = arith.constant 2 : index
      %1 = arith.constant 1 : index
      %2 = arith.constant 0 : index
      %V = tile.size "V"
      %3 = arith.constant 128 : index
      %4 = arith.divui %V, %3 : index
      %5 = arith.constant 1 : index
      %m0 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<32xf32>
      %m1 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<32xf32>
      %l0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<32xf32>
      %l1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<32xf32>
      %tx0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<32xf32>
      %tx1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<32xf32>
      %bid = tile.block_id
      %m0_1, %l0_1, %tx0_1, %m1_1, %l1_1, %tx1_1 = tile.for %2 to %4 step %5 iter_args(%m0, %l0, %tx0, %m1, %l1, %tx1 : !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>) -> !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32> attributes {twill.cross_warp = 9 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 2.630058 : f64, proven = 1 : i64, scale_cycles = 1077 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 144, length = 346, stages = 3, lower_bound = 144, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=144 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = idle, regs = 24>, #twill.warp<id = 2, role = softmax0, regs = 184>, #twill.warp<id = 3, role = softmax1, regs = 184>, #twill.warp<id = 4, role = idle, regs = 96>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 132, ii_cycles = 714, lower_bound = 95, status = feasible, note = "">, #twill.variant<parts = 2, ii = 144, ii_cycles = 517, lower_bound = 144, status = optimal, chosen, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'm' (64) do not divide in 3 parts">, #twill.variant<parts = 4, ii = 196, ii_cycles = 525, lower_bound = 196, status = optimal, note = "">]} {
      ^bb0(%j: index, %m0_2: !tile.tile<32xf32>, %l0_2: !tile.tile<32xf32>, %tx0_2: !tile.tile<32xf32>, %m1_2: !tile.tile<32xf32>, %l1_2: !tile.tile<32xf32>, %tx1_2: !tile.tile<32xf32>):
        %6 = arith.muli %0, %bid : index
        %x0 = tile.load %X[%6, %j] {twill.cost = #twill.cost<unit = tma, cycles = 36, latency = 173, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 72 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 72 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<32x128xf32>
        %7 = arith.muli %0, %bid : index
        %t0 = tile.load %T[%7, %j] {twill.cost = #twill.cost<unit = tma, cycles = 36, latency = 173, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 108 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 108 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<32x128xf32>
        %8 = tile.rowmax %x0 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 245 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 101 : i32, twill.warp = 2 : i32} : !tile.tile<32x128xf32> -> !tile.tile<32xf32>
        %m0_new = tile.max %m0_2, %8 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 254 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 110 : i32, twill.warp = 2 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %9 = tile.sub %m0_2, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 255 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 111 : i32, twill.warp = 2 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %10 = tile.exp %9 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 2, latency = 2, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 263 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 119 : i32, twill.warp = 2 : i32} : !tile.tile<32xf32>
        %11 = tile.mul %l0_2, %10 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 265 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 121 : i32, twill.warp = 2 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %12 = tile.sub %x0, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 294 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 256 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 112 : i32, twill.warp = 2 : i32} : !tile.tile<32x128xf32>, !tile.tile<32xf32> -> !tile.tile<32x128xf32>
        %13 = tile.exp %12 {twill.cost = #twill.cost<unit = sfu, cycles = 71, latency = 71, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 294 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 265 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 121 : i32, twill.warp = 2 : i32} : !tile.tile<32x128xf32>
        %14 = tile.rowsum %13 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 336 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 48 : i32, twill.warp = 2 : i32} : !tile.tile<32x128xf32> -> !tile.tile<32xf32>
        %l0_3 = tile.add %11, %14 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 345 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 57 : i32, twill.warp = 2 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %15 = tile.mul %t0, %x0 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 294 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 281 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 137 : i32, twill.warp = 3 : i32} : !tile.tile<32x128xf32>, !tile.tile<32x128xf32> -> !tile.tile<32x128xf32>
        %16 = tile.rowsum %15 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 290 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 2 : i32, twill.warp = 3 : i32} : !tile.tile<32x128xf32> -> !tile.tile<32xf32>
        %tx0_3 = tile.add %tx0_2, %16 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cycle = 299 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 11 : i32, twill.warp = 3 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %17 = arith.muli %0, %bid : index
        %18 = arith.addi %17, %1 : index
        %x1 = tile.load %X[%18, %j] {twill.cost = #twill.cost<unit = tma, cycles = 36, latency = 173, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<32x128xf32>
        %19 = arith.muli %0, %bid : index
        %20 = arith.addi %19, %1 : index
        %t1 = tile.load %T[%20, %j] {twill.cost = #twill.cost<unit = tma, cycles = 36, latency = 173, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 36 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 36 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<32x128xf32>
        %21 = tile.rowmax %x1 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 173 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 29 : i32, twill.warp = 3 : i32} : !tile.tile<32x128xf32> -> !tile.tile<32xf32>
        %m1_new = tile.max %m1_2, %21 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 182 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 38 : i32, twill.warp = 3 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %22 = tile.sub %m1_2, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 202 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 58 : i32, twill.warp = 3 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %23 = tile.exp %22 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 2, latency = 2, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 264 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 120 : i32, twill.warp = 3 : i32} : !tile.tile<32xf32>
        %24 = tile.mul %l1_2, %23 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 266 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 122 : i32, twill.warp = 3 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %25 = tile.sub %x1, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 294 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 183 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 39 : i32, twill.warp = 3 : i32} : !tile.tile<32x128xf32>, !tile.tile<32xf32> -> !tile.tile<32x128xf32>
        %26 = tile.exp %25 {twill.cost = #twill.cost<unit = sfu, cycles = 71, latency = 71, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 294 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 192 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 48 : i32, twill.warp = 3 : i32} : !tile.tile<32x128xf32>
        %27 = tile.rowsum %26 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 267 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 123 : i32, twill.warp = 3 : i32} : !tile.tile<32x128xf32> -> !tile.tile<32xf32>
        %l1_3 = tile.add %24, %27 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 276 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 132 : i32, twill.warp = 3 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %28 = tile.mul %t1, %x1 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 294 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 209 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 65 : i32, twill.warp = 2 : i32} : !tile.tile<32x128xf32>, !tile.tile<32x128xf32> -> !tile.tile<32x128xf32>
        %29 = tile.rowsum %28 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 218 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 74 : i32, twill.warp = 2 : i32} : !tile.tile<32x128xf32> -> !tile.tile<32xf32>
        %tx1_3 = tile.add %tx1_2, %29 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cycle = 227 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 83 : i32, twill.warp = 2 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        tile.yield %m0_new, %l0_3, %tx0_3, %m1_new, %l1_3, %tx1_3 : !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>
      }
      twill.pipeline ii 144 stages 3 buffers {
        twill.buffer "exp" depth 1
        twill.buffer "exp_1" depth 1
        twill.buffer "exp_2" depth 1
        twill.buffer "exp_3" depth 1
        twill.buffer "l0" depth 1
        twill.buffer "l1" depth 1
        twill.buffer "m0_new" depth 2
        twill.buffer "m1_new" depth 2
        twill.buffer "mul" depth 1
        twill.buffer "mul_1" depth 1
        twill.buffer "mul_2" depth 1
        twill.buffer "mul_3" depth 1
        twill.buffer "rowmax" depth 1
        twill.buffer "rowmax_1" depth 1
        twill.buffer "rowsum" depth 1
        twill.buffer "rowsum_1" depth 1
        twill.buffer "rowsum_2" depth 1
        twill.buffer "rowsum_3" depth 1
        twill.buffer "sub" depth 1
        twill.buffer "sub_1" depth 1
        twill.buffer "sub_2" depth 1
        twill.buffer "sub_3" depth 1
        twill.buffer "t0" depth 2
        twill.buffer "t1" depth 2
        twill.buffer "tx0" depth 2
        twill.buffer "tx1" depth 2
        twill.buffer "x0" depth 2
        twill.buffer "x1" depth 2
      } prologue {
        twill.copy "x1" stage 0 step 0 guarded at 0
        twill.copy "t1" stage 0 step 0 guarded at 36
        twill.copy "x0" stage 0 step 0 guarded at 72
        twill.copy "t0" stage 0 step 0 guarded at 108
        twill.copy "x1" stage 0 step 1 guarded at 0
        twill.copy "rowmax_1" stage 1 step 1 guarded at 29
        twill.copy "t1" stage 0 step 1 guarded at 36
        twill.copy "m1_new" stage 1 step 1 guarded at 38
        twill.copy "sub_3" stage 1 step 1 guarded at 39
        twill.copy "exp_3" stage 1 step 1 guarded at 48
        twill.copy "sub_2" stage 1 step 1 guarded at 58
        twill.copy "mul_3" stage 1 step 1 guarded at 65
        twill.copy "x0" stage 0 step 1 guarded at 72
        twill.copy "rowsum_3" stage 1 step 1 guarded at 74
        twill.copy "tx1" stage 1 step 1 guarded at 83
        twill.copy "rowmax" stage 1 step 1 guarded at 101
        twill.copy "t0" stage 0 step 1 guarded at 108
        twill.copy "m0_new" stage 1 step 1 guarded at 110
        twill.copy "sub" stage 1 step 1 guarded at 111
        twill.copy "sub_1" stage 1 step 1 guarded at 112
        twill.copy "exp" stage 1 step 1 guarded at 119
        twill.copy "exp_2" stage 1 step 1 guarded at 120
        twill.copy "mul" stage 1 step 1 guarded at 121
        twill.copy "exp_1" stage 1 step 1 guarded at 121
        twill.copy "mul_2" stage 1 step 1 guarded at 122
        twill.copy "rowsum_2" stage 1 step 1 guarded at 123
        twill.copy "l1" stage 1 step 1 guarded at 132
        twill.copy "mul_1" stage 1 step 1 guarded at 137
      } kernel {
        twill.copy "x1" stage 0 step 0 at 0
        twill.copy "rowsum_1" stage 2 step 0 at 2
        twill.copy "tx0" stage 2 step 0 at 11
        twill.copy "rowmax_1" stage 1 step 0 at 29
        twill.copy "t1" stage 0 step 0 at 36
        twill.copy "m1_new" stage 1 step 0 at 38
        twill.copy "sub_3" stage 1 step 0 at 39
        twill.copy "rowsum" stage 2 step 0 at 48
        twill.copy "exp_3" stage 1 step 0 at 48
        twill.copy "l0" stage 2 step 0 at 57
        twill.copy "sub_2" stage 1 step 0 at 58
        twill.copy "mul_3" stage 1 step 0 at 65
        twill.copy "x0" stage 0 step 0 at 72
        twill.copy "rowsum_3" stage 1 step 0 at 74
        twill.copy "tx1" stage 1 step 0 at 83
        twill.copy "rowmax" stage 1 step 0 at 101
        twill.copy "t0" stage 0 step 0 at 108
        twill.copy "m0_new" stage 1 step 0 at 110
        twill.copy "sub" stage 1 step 0 at 111
        twill.copy "sub_1" stage 1 step 0 at 112
        twill.copy "exp" stage 1 step 0 at 119
        twill.copy "exp_2" stage 1 step 0 at 120
        twill.copy "mul" stage 1 step 0 at 121
        twill.copy "exp_1" stage 1 step 0 at 121
        twill.copy "mul_2" stage 1 step 0 at 122
        twill.copy "rowsum_2" stage 1 step 0 at 123
        twill.copy "l1" stage 1 step 0 at 132
        twill.copy "mul_1" stage 1 step 0 at 137
      } epilogue {
        twill.copy "rowsum_1" stage 2 step 0 guarded at 2
        twill.copy "tx0" stage 2 step 0 guarded at 11
        twill.copy "rowmax_1" stage 1 step 0 guarded at 29
        twill.copy "m1_new" stage 1 step 0 guarded at 38
        twill.copy "sub_3" stage 1 step 0 guarded at 39
        twill.copy "rowsum" stage 2 step 0 guarded at 48
        twill.copy "exp_3" stage 1 step 0 guarded at 48
        twill.copy "l0" stage 2 step 0 guarded at 57
        twill.copy "sub_2" stage 1 step 0 guarded at 58
        twill.copy "mul_3" stage 1 step 0 guarded at 65
        twill.copy "rowsum_3" stage 1 step 0 guarded at 74
        twill.copy "tx1" stage 1 step 0 guarded at 83
        twill.copy "rowmax" stage 1 step 0 guarded at 101
        twill.copy "m0_new" stage 1 step 0 guarded at 110
        twill.copy "sub" stage 1 step 0 guarded at 111
        twill.copy "sub_1" stage 1 step 0 guarded at 112
        twill.copy "exp" stage 1 step 0 guarded at 119
        twill.copy "exp_2" stage 1 step 0 guarded at 120
        twill.copy "mul" stage 1 step 0 guarded at 121
        twill.copy "exp_1" stage 1 step 0 guarded at 121
        twill.copy "mul_2" stage 1 step 0 guarded at 122
        twill.copy "rowsum_2" stage 1 step 0 guarded at 123
        twill.copy "l1" stage 1 step 0 guarded at 132
        twill.copy "mul_1" stage 1 step 0 guarded at 137
        twill.copy "rowsum_1" stage 2 step 1 guarded at 2
        twill.copy "tx0" stage 2 step 1 guarded at 11
        twill.copy "rowsum" stage 2 step 1 guarded at 48
        twill.copy "l0" stage 2 step 1 guarded at 57
      }
      twill.warp_specialize %2 to %4 step %5 ii 144 stages 3 channels {
        twill.channel "t0" from 0 to [3] in "smem" depth 2
        twill.channel "t1" from 0 to [2] in "smem" depth 2
        twill.channel "x0" from 0 to [2, 3] in "smem" depth 2
        twill.channel "x1" from 0 to [2, 3] in "smem" depth 2
      } roles {
        twill.role "producer" warp 0 regs 24 prologue {
          twill.copy "x1" stage 0 step 0 guarded at 0
          twill.copy "t1" stage 0 step 0 guarded at 36
          twill.copy "x0" stage 0 step 0 guarded at 72
          twill.copy "t0" stage 0 step 0 guarded at 108
          twill.copy "x1" stage 0 step 1 guarded at 0
          twill.copy "t1" stage 0 step 1 guarded at 36
          twill.copy "x0" stage 0 step 1 guarded at 72
          twill.copy "t0" stage 0 step 1 guarded at 108
        } kernel {
          twill.copy "x1" stage 0 step 0 at 0
          twill.copy "t1" stage 0 step 0 at 36
          twill.copy "x0" stage 0 step 0 at 72
          twill.copy "t0" stage 0 step 0 at 108
        } epilogue {
        }
        twill.role "softmax0" warp 2 regs 184 prologue {
          twill.copy "mul_3" stage 1 step 1 guarded at 65
          twill.copy "rowsum_3" stage 1 step 1 guarded at 74
          twill.copy "tx1" stage 1 step 1 guarded at 83
          twill.copy "rowmax" stage 1 step 1 guarded at 101
          twill.copy "m0_new" stage 1 step 1 guarded at 110
          twill.copy "sub" stage 1 step 1 guarded at 111
          twill.copy "sub_1" stage 1 step 1 guarded at 112
          twill.copy "exp" stage 1 step 1 guarded at 119
          twill.copy "mul" stage 1 step 1 guarded at 121
          twill.copy "exp_1" stage 1 step 1 guarded at 121
        } kernel {
          twill.copy "rowsum" stage 2 step 0 at 48
          twill.copy "l0" stage 2 step 0 at 57
          twill.copy "mul_3" stage 1 step 0 at 65
          twill.copy "rowsum_3" stage 1 step 0 at 74
          twill.copy "tx1" stage 1 step 0 at 83
          twill.copy "rowmax" stage 1 step 0 at 101
          twill.copy "m0_new" stage 1 step 0 at 110
          twill.copy "sub" stage 1 step 0 at 111
          twill.copy "sub_1" stage 1 step 0 at 112
          twill.copy "exp" stage 1 step 0 at 119
          twill.copy "mul" stage 1 step 0 at 121
          twill.copy "exp_1" stage 1 step 0 at 121
        } epilogue {
          twill.copy "rowsum" stage 2 step 0 guarded at 48
          twill.copy "l0" stage 2 step 0 guarded at 57
          twill.copy "mul_3" stage 1 step 0 guarded at 65
          twill.copy "rowsum_3" stage 1 step 0 guarded at 74
          twill.copy "tx1" stage 1 step 0 guarded at 83
          twill.copy "rowmax" stage 1 step 0 guarded at 101
          twill.copy "m0_new" stage 1 step 0 guarded at 110
          twill.copy "sub" stage 1 step 0 guarded at 111
          twill.copy "sub_1" stage 1 step 0 guarded at 112
          twill.copy "exp" stage 1 step 0 guarded at 119
          twill.copy "mul" stage 1 step 0 guarded at 121
          twill.copy "exp_1" stage 1 step 0 guarded at 121
          twill.copy "rowsum" stage 2 step 1 guarded at 48
          twill.copy "l0" stage 2 step 1 guarded at 57
        }
        twill.role "softmax1" warp 3 regs 184 prologue {
          twill.copy "rowmax_1" stage 1 step 1 guarded at 29
          twill.copy "m1_new" stage 1 step 1 guarded at 38
          twill.copy "sub_3" stage 1 step 1 guarded at 39
          twill.copy "exp_3" stage 1 step 1 guarded at 48
          twill.copy "sub_2" stage 1 step 1 guarded at 58
          twill.copy "exp_2" stage 1 step 1 guarded at 120
          twill.copy "mul_2" stage 1 step 1 guarded at 122
          twill.copy "rowsum_2" stage 1 step 1 guarded at 123
          twill.copy "l1" stage 1 step 1 guarded at 132
          twill.copy "mul_1" stage 1 step 1 guarded at 137
        } kernel {
          twill.copy "rowsum_1" stage 2 step 0 at 2
          twill.copy "tx0" stage 2 step 0 at 11
          twill.copy "rowmax_1" stage 1 step 0 at 29
          twill.copy "m1_new" stage 1 step 0 at 38
          twill.copy "sub_3" stage 1 step 0 at 39
          twill.copy "exp_3" stage 1 step 0 at 48
          twill.copy "sub_2" stage 1 step 0 at 58
          twill.copy "exp_2" stage 1 step 0 at 120
          twill.copy "mul_2" stage 1 step 0 at 122
          twill.copy "rowsum_2" stage 1 step 0 at 123
          twill.copy "l1" stage 1 step 0 at 132
          twill.copy "mul_1" stage 1 step 0 at 137
        } epilogue {
          twill.copy "rowsum_1" stage 2 step 0 guarded at 2
          twill.copy "tx0" stage 2 step 0 guarded at 11
          twill.copy "rowmax_1" stage 1 step 0 guarded at 29
          twill.copy "m1_new" stage 1 step 0 guarded at 38
          twill.copy "sub_3" stage 1 step 0 guarded at 39
          twill.copy "exp_3" stage 1 step 0 guarded at 48
          twill.copy "sub_2" stage 1 step 0 guarded at 58
          twill.copy "exp_2" stage 1 step 0 guarded at 120
          twill.copy "mul_2" stage 1 step 0 guarded at 122
          twill.copy "rowsum_2" stage 1 step 0 guarded at 123
          twill.copy "l1" stage 1 step 0 guarded at 132
          twill.copy "mul_1" stage 1 step 0 guarded at 137
          twill.copy "rowsum_1" stage 2 step 1 guarded at 2
          twill.copy "tx0" stage 2 step 1 guarded at 11
        }
      } outside {
        twill.live_out "m0_1" on 2
        twill.live_out "l0_1" on 2
        twill.live_out "tx0_1" on 3
        twill.live_out "m1_1" on 3
        twill.live_out "l1_1" on 3
        twill.live_out "tx1_1" on 2
        twill.post "log" on 2
        twill.post "lse0" on 2
        twill.post "sub" on 2
        twill.post "store" on 2
        twill.post "store_1" on 2
        twill.post "log_1" on 3
        twill.post "lse1" on 3
        twill.post "sub_1" on 3
        twill.post "store_2" on 3
        twill.post "store_3" on 3
        twill.handoff "tx0_1" from 3 to [2] in "smem"
        twill.handoff "tx1_1" from 2 to [3] in "smem"
      }
      twill.memory_plan release "last-use" tmem 0 mma 0 {
      }
      %30 = tile.log %l0_1 {twill.cost = #twill.cost<unit = sfu, cycles = 2, latency = 2, regs = 1, smem = 0, tmem = 0>} : !tile.tile<32xf32>
      %lse0 = tile.add %m0_1, %30 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
      %31 = tile.sub %lse0, %tx0_1 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
      %32 = arith.muli %0, %bid : index
      tile.store %31, %Loss[%32] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 1, regs = 0, smem = 128, tmem = 0>} : !tile.tile<32xf32>, !tile.tensor<[M], f32>
      %33 = arith.muli %0, %bid : index
      tile.store %lse0, %tw_pass_lse[%33] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 1, regs = 0, smem = 128, tmem = 0>} : !tile.tile<32xf32>, !tile.tensor<[TW_PASS_LSE], f32>
      %34 = tile.log %l1_1 {twill.cost = #twill.cost<unit = sfu, cycles = 2, latency = 2, regs = 1, smem = 0, tmem = 0>} : !tile.tile<32xf32>
      %lse1 = tile.add %m1_1, %34 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
      %35 = tile.sub %lse1, %tx1_1 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
      %36 = arith.muli %0, %bid : index
      %37 = arith.addi %36, %1 : index
      tile.store %35, %Loss[%37] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 1, regs = 0, smem = 128, tmem = 0>} : !tile.tile<32xf32>, !tile.tensor<[M], f32>
      %38 = arith.muli %0, %bid : index
      %39 = arith.addi %38, %1 : index
      tile.store %lse1, %tw_pass_lse[%39] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 1, regs = 0, smem = 128, tmem = 0>} : !tile.tile<32xf32>, !tile.tensor<[TW_PASS_LSE], f32>
      func.return
    }
  }
  builtin.module attributes {twill.segment = 1 : i64, twill.target = "b200"} {
    func.func @cross_entropy_loop1(%X: !tile.tensor<[M, V], f32>, %T: !tile.tensor<[M, V], f32>, %Loss: !tile.tensor<[M], f32>, %DX: !tile.tensor<[M, V], f32>, %tw_pass_lse: !tile.tensor<[TW_PASS_LSE], f32>) {
      %0 = arith.constant 0 : index
      %V = tile.size "V"
      %1 = arith.constant 128 : index
      %2 = arith.divui %V, %1 : index
      %3 = arith.constant 1 : index
      %bid = tile.block_id
      %lse = tile.load %tw_pass_lse[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>} : !tile.tensor<[TW_PASS_LSE], f32> -> !tile.tile<64xf32>
      tile.for %0 to %2 step %3 attributes {twill.cross_warp = 5 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 3.125000e-02 : f64, proven = 1 : i64, scale_cycles = 1618 : i64, scale_units = 271 : i64}, twill.schedule = #twill.schedule<ii = 129, length = 387, stages = 3, lower_bound = 129, status = optimal>, twill.search = #twill.search<solver = "heuristic", complete, note = "II=129 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = idle, regs = 24>, #twill.warp<id = 2, role = softmax, regs = 184>, #twill.warp<id = 3, role = idle, regs = 184>, #twill.warp<id = 4, role = idle, regs = 96>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 129, ii_cycles = 770, lower_bound = 129, status = optimal, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">, #twill.variant<parts = 4, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">]} {
      ^bb0(%j: index):
        %x = tile.load %X[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 43, latency = 126, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
        %t = tile.load %T[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 43, latency = 126, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 172 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 43 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
        %4 = tile.sub %x, %lse {twill.cost = #twill.cost<unit = alu, cycles = 11, latency = 11, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 177 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 220 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 91 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
        %5 = tile.exp %4 {twill.cost = #twill.cost<unit = sfu, cycles = 86, latency = 86, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 177 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 236 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 107 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>
        %6 = tile.sub %5, %t {twill.cost = #twill.cost<unit = alu, cycles = 11, latency = 11, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 177 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 327 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 69 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
        tile.store %6, %DX[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 43, latency = 43, regs = 0, smem = 32768, tmem = 0>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>, twill.cycle = 344 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 86 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tensor<[M, V], f32>
        tile.yield
      }
      twill.pipeline ii 129 stages 3 buffers {
        twill.buffer "exp" depth 1
        twill.buffer "store" depth 1
        twill.buffer "sub" depth 1
        twill.buffer "sub_1" depth 1
        twill.buffer "t" depth 2
        twill.buffer "x" depth 2
      } prologue {
        twill.copy "x" stage 0 step 0 guarded at 0
        twill.copy "x" stage 0 step 1 guarded at 0
        twill.copy "t" stage 1 step 1 guarded at 43
        twill.copy "sub" stage 1 step 1 guarded at 91
        twill.copy "exp" stage 1 step 1 guarded at 107
      } kernel {
        twill.copy "x" stage 0 step 0 at 0
        twill.copy "t" stage 1 step 0 at 43
        twill.copy "sub_1" stage 2 step 0 at 69
        twill.copy "store" stage 2 step 0 at 86
        twill.copy "sub" stage 1 step 0 at 91
        twill.copy "exp" stage 1 step 0 at 107
      } epilogue {
        twill.copy "t" stage 1 step 0 guarded at 43
        twill.copy "sub_1" stage 2 step 0 guarded at 69
        twill.copy "store" stage 2 step 0 guarded at 86
        twill.copy "sub" stage 1 step 0 guarded at 91
        twill.copy "exp" stage 1 step 0 guarded at 107
        twill.copy "sub_1" stage 2 step 1 guarded at 69
        twill.copy "store" stage 2 step 1 guarded at 86
      }
      twill.warp_specialize %0 to %2 step %3 ii 129 stages 3 channels {
        twill.channel "t" from 0 to [2] in "smem" depth 2
        twill.channel "x" from 0 to [2] in "smem" depth 2
      } roles {
        twill.role "producer" warp 0 regs 24 prologue {
          twill.copy "x" stage 0 step 0 guarded at 0
          twill.copy "x" stage 0 step 1 guarded at 0
          twill.copy "t" stage 1 step 1 guarded at 43
        } kernel {
          twill.copy "x" stage 0 step 0 at 0
          twill.copy "t" stage 1 step 0 at 43
        } epilogue {
          twill.copy "t" stage 1 step 0 guarded at 43
        }
        twill.role "softmax" warp 2 regs 184 prologue {
          twill.copy "sub" stage 1 step 1 guarded at 91
          twill.copy "exp" stage 1 step 1 guarded at 107
        } kernel {
          twill.copy "sub_1" stage 2 step 0 at 69
          twill.copy "store" stage 2 step 0 at 86
          twill.copy "sub" stage 1 step 0 at 91
          twill.copy "exp" stage 1 step 0 at 107
        } epilogue {
          twill.copy "sub_1" stage 2 step 0 guarded at 69
          twill.copy "store" stage 2 step 0 guarded at 86
          twill.copy "sub" stage 1 step 0 guarded at 91
          twill.copy "exp" stage 1 step 0 guarded at 107
          twill.copy "sub_1" stage 2 step 1 guarded at 69
          twill.copy "store" stage 2 step 1 guarded at 86
        }
      } outside {
      }
      twill.memory_plan release "last-use" tmem 0 mma 0 {
      }
      func.return
    }
  }
}
