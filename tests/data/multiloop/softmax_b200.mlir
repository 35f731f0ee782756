builtin.module attributes {twill.target = "b200"} {
  func.func @softmax(%X: !tile.tensor<[M, V], f32>, %Y: !tile.tensor<[M, V], f32>) attributes {twill.loops = 2 : i64} {
    %bid = tile.block_id
    %0 = arith.constant 1 : index
    %1 = arith.constant 128 : index
    %V = tile.size "V"
    %2 = arith.constant 0 : index
    %m = tile.full {value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %l = tile.zeros : !tile.tile<64xf32>
    %3 = arith.divui %V, %1 : index
    %m_1, %l_1 = tile.for %2 to %3 step %0 iter_args(%m, %l : !tile.tile<64xf32>, !tile.tile<64xf32>) -> !tile.tile<64xf32>, !tile.tile<64xf32> {
    ^bb0(%j: index, %m_2: !tile.tile<64xf32>, %l_2: !tile.tile<64xf32>):
      %x = tile.load %X[%bid, %j] : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
      %4 = tile.rowmax %x : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %m_new = tile.max %m_2, %4 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %5 = tile.sub %m_2, %m_new : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %6 = tile.exp %5 : !tile.tile<64xf32>
      %7 = tile.mul %l_2, %6 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %8 = tile.sub %x, %m_new : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %9 = tile.exp %8 : !tile.tile<64x128xf32>
      %10 = tile.rowsum %9 : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %l_3 = tile.add %7, %10 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      tile.yield %m_new, %l_3 : !tile.tile<64xf32>, !tile.tile<64xf32>
    }
    %11 = arith.divui %V, %1 : index
    tile.for %2 to %11 step %0 {
    ^bb0(%j_1: index):
      %x_1 = tile.load %X[%bid, %j_1] : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
      %12 = tile.sub %x_1, %m_1 : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %13 = tile.exp %12 : !tile.tile<64x128xf32>
      %14 = tile.div %13, %l_1 : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      tile.store %14, %Y[%bid, %j_1] : !tile.tile<64x128xf32>, !tile.tensor<[M, V], f32>
      tile.yield
    }
    func.return
  }
  builtin.module attributes {twill.segment = 0 : i64, twill.target = "b200"} {
    func.func @softmax_loop0(%X: !tile.tensor<[M, V], f32>, %Y: !tile.tensor<[M, V], f32>, %tw_pass_m: !tile.tensor<[TW_PASS_M], f32>, %tw_pass_l: !tile.tensor<[TW_PASS_L], f32>) {
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
      %bid = tile.block_id
      %m0_1, %l0_1, %m1_1, %l1_1 = tile.for %2 to %4 step %5 iter_args(%m0, %l0, %m1, %l1 : !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>) -> !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32> attributes {twill.cross_warp = 9 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 2.630058 : f64, proven = 1 : i64, scale_cycles = 1077 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 144, length = 346, stages = 3, lower_bound = 144, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=144 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = idle, regs = 24>, #twill.warp<id = 2, role = softmax0, regs = 184>, #twill.warp<id = 3, role = softmax1, regs = 184>, #twill.warp<id = 4, role = idle, regs = 96>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 132, ii_cycles = 714, lower_bound = 95, status = feasible, note = "">, #twill.variant<parts = 2, ii = 144, ii_cycles = 517, lower_bound = 144, status = optimal, chosen, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'm' (64) do not divide in 3 parts">, #twill.variant<parts = 4, ii = 196, ii_cycles = 525, lower_bound = 196, status = optimal, note = "">]} {
      ^bb0(%j: index, %m0_2: !tile.tile<32xf32>, %l0_2: !tile.tile<32xf32>, %m1_2: !tile.tile<32xf32>, %l1_2: !tile.tile<32xf32>):
        %6 = arith.muli %0, %bid : index
        %x0 = tile.load %X[%6, %j] {twill.cost = #twill.cost<unit = tma, cycles = 36, latency = 173, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<32x128xf32>
        %7 = tile.rowmax %x0 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 173 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 29 : i32, twill.warp = 2 : i32} : !tile.tile<32x128xf32> -> !tile.tile<32xf32>
        %m0_new = tile.max %m0_2, %7 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 182 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 38 : i32, twill.warp = 2 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %8 = tile.sub %m0_2, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 202 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 58 : i32, twill.warp = 2 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %9 = tile.exp %8 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 2, latency = 2, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 263 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 119 : i32, twill.warp = 2 : i32} : !tile.tile<32xf32>
        %10 = tile.mul %l0_2, %9 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 264 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 120 : i32, twill.warp = 2 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %11 = tile.sub %x0, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 294 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 183 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 39 : i32, twill.warp = 2 : i32} : !tile.tile<32x128xf32>, !tile.tile<32xf32> -> !tile.tile<32x128xf32>
        %12 = tile.exp %11 {twill.cost = #twill.cost<unit = sfu, cycles = 71, latency = 71, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 294 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 192 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 48 : i32, twill.warp = 2 : i32} : !tile.tile<32x128xf32>
        %13 = tile.rowsum %12 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 266 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 122 : i32, twill.warp = 2 : i32} : !tile.tile<32x128xf32> -> !tile.tile<32xf32>
        %l0_3 = tile.add %10, %13 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 275 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 131 : i32, twill.warp = 2 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %14 = arith.muli %0, %bid : index
        %15 = arith.addi %14, %1 : index
        %x1 = tile.load %X[%15, %j] {twill.cost = #twill.cost<unit = tma, cycles = 36, latency = 173, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 71 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 71 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<32x128xf32>
        %16 = tile.rowmax %x1 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 244 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 100 : i32, twill.warp = 3 : i32} : !tile.tile<32x128xf32> -> !tile.tile<32xf32>
        %m1_new = tile.max %m1_2, %16 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 253 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 109 : i32, twill.warp = 3 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %17 = tile.sub %m1_2, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 254 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 110 : i32, twill.warp = 3 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %18 = tile.exp %17 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 2, latency = 2, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 264 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 120 : i32, twill.warp = 3 : i32} : !tile.tile<32xf32>
        %19 = tile.mul %l1_2, %18 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 265 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 121 : i32, twill.warp = 3 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %20 = tile.sub %x1, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 294 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 255 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 111 : i32, twill.warp = 3 : i32} : !tile.tile<32x128xf32>, !tile.tile<32xf32> -> !tile.tile<32x128xf32>
        %21 = tile.exp %20 {twill.cost = #twill.cost<unit = sfu, cycles = 71, latency = 71, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 294 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 265 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 121 : i32, twill.warp = 3 : i32} : !tile.tile<32x128xf32>
        %22 = tile.rowsum %21 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 336 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 48 : i32, twill.warp = 3 : i32} : !tile.tile<32x128xf32> -> !tile.tile<32xf32>
        %l1_3 = tile.add %19, %22 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 345 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 57 : i32, twill.warp = 3 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        tile.yield %m0_new, %l0_3, %m1_new, %l1_3 : !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>, !tile.tile<32xf32>
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
        twill.buffer "rowmax" depth 1
        twill.buffer "rowmax_1" depth 1
        twill.buffer "rowsum" depth 1
        twill.buffer "rowsum_1" depth 1
        twill.buffer "sub" depth 1
        twill.buffer "sub_1" depth 1
        twill.buffer "sub_2" depth 1
        twill.buffer "sub_3" depth 1
        twill.buffer "x0" depth 2
        twill.buffer "x1" depth 2
      } prologue {
        twill.copy "x0" stage 0 step 0 guarded at 0
        twill.copy "x1" stage 0 step 0 guarded at 71
        twill.copy "x0" stage 0 step 1 guarded at 0
        twill.copy "rowmax" stage 1 step 1 guarded at 29
        twill.copy "m0_new" stage 1 step 1 guarded at 38
        twill.copy "sub_1" stage 1 step 1 guarded at 39
        twill.copy "exp_1" stage 1 step 1 guarded at 48
        twill.copy "sub" stage 1 step 1 guarded at 58
        twill.copy "x1" stage 0 step 1 guarded at 71
        twill.copy "rowmax_1" stage 1 step 1 guarded at 100
        twill.copy "m1_new" stage 1 step 1 guarded at 109
        twill.copy "sub_2" stage 1 step 1 guarded at 110
        twill.copy "sub_3" stage 1 step 1 guarded at 111
        twill.copy "exp" stage 1 step 1 guarded at 119
        twill.copy "mul" stage 1 step 1 guarded at 120
        twill.copy "exp_2" stage 1 step 1 guarded at 120
        twill.copy "mul_1" stage 1 step 1 guarded at 121
        twill.copy "exp_3" stage 1 step 1 guarded at 121
        twill.copy "rowsum" stage 1 step 1 guarded at 122
        twill.copy "l0" stage 1 step 1 guarded at 131
      } kernel {
        twill.copy "x0" stage 0 step 0 at 0
        twill.copy "rowmax" stage 1 step 0 at 29
        twill.copy "m0_new" stage 1 step 0 at 38
        twill.copy "sub_1" stage 1 step 0 at 39
        twill.copy "rowsum_1" stage 2 step 0 at 48
        twill.copy "exp_1" stage 1 step 0 at 48
        twill.copy "l1" stage 2 step 0 at 57
        twill.copy "sub" stage 1 step 0 at 58
        twill.copy "x1" stage 0 step 0 at 71
        twill.copy "rowmax_1" stage 1 step 0 at 100
        twill.copy "m1_new" stage 1 step 0 at 109
        twill.copy "sub_2" stage 1 step 0 at 110
        twill.copy "sub_3" stage 1 step 0 at 111
        twill.copy "exp" stage 1 step 0 at 119
        twill.copy "mul" stage 1 step 0 at 120
        twill.copy "exp_2" stage 1 step 0 at 120
        twill.copy "mul_1" stage 1 step 0 at 121
        twill.copy "exp_3" stage 1 step 0 at 121
        twill.copy "rowsum" stage 1 step 0 at 122
        twill.copy "l0" stage 1 step 0 at 131
      } epilogue {
        twill.copy "rowmax" stage 1 step 0 guarded at 29
        twill.copy "m0_new" stage 1 step 0 guarded at 38
        twill.copy "sub_1" stage 1 step 0 guarded at 39
        twill.copy "rowsum_1" stage 2 step 0 guarded at 48
        twill.copy "exp_1" stage 1 step 0 guarded at 48
        twill.copy "l1" stage 2 step 0 guarded at 57
        twill.copy "sub" stage 1 step 0 guarded at 58
        twill.copy "rowmax_1" stage 1 step 0 guarded at 100
        twill.copy "m1_new" stage 1 step 0 guarded at 109
        twill.copy "sub_2" stage 1 step 0 guarded at 110
        twill.copy "sub_3" stage 1 step 0 guarded at 111
        twill.copy "exp" stage 1 step 0 guarded at 119
        twill.copy "mul" stage 1 step 0 guarded at 120
        twill.copy "exp_2" stage 1 step 0 guarded at 120
        twill.copy "mul_1" stage 1 step 0 guarded at 121
        twill.copy "exp_3" stage 1 step 0 guarded at 121
        twill.copy "rowsum" stage 1 step 0 guarded at 122
        twill.copy "l0" stage 1 step 0 guarded at 131
        twill.copy "rowsum_1" stage 2 step 1 guarded at 48
        twill.copy "l1" stage 2 step 1 guarded at 57
      }
      twill.warp_specialize %2 to %4 step %5 ii 144 stages 3 channels {
        twill.channel "x0" from 0 to [2] in "smem" depth 2
        twill.channel "x1" from 0 to [3] in "smem" depth 2
      } roles {
        twill.role "producer" warp 0 regs 24 prologue {
          twill.copy "x0" stage 0 step 0 guarded at 0
          twill.copy "x1" stage 0 step 0 guarded at 71
          twill.copy "x0" stage 0 step 1 guarded at 0
          twill.copy "x1" stage 0 step 1 guarded at 71
        } kernel {
          twill.copy "x0" stage 0 step 0 at 0
          twill.copy "x1" stage 0 step 0 at 71
        } epilogue {
        }
        twill.role "softmax0" warp 2 regs 184 prologue {
          twill.copy "rowmax" stage 1 step 1 guarded at 29
          twill.copy "m0_new" stage 1 step 1 guarded at 38
          twill.copy "sub_1" stage 1 step 1 guarded at 39
          twill.copy "exp_1" stage 1 step 1 guarded at 48
          twill.copy "sub" stage 1 step 1 guarded at 58
          twill.copy "exp" stage 1 step 1 guarded at 119
          twill.copy "mul" stage 1 step 1 guarded at 120
          twill.copy "rowsum" stage 1 step 1 guarded at 122
          twill.copy "l0" stage 1 step 1 guarded at 131
        } kernel {
          twill.copy "rowmax" stage 1 step 0 at 29
          twill.copy "m0_new" stage 1 step 0 at 38
          twill.copy "sub_1" stage 1 step 0 at 39
          twill.copy "exp_1" stage 1 step 0 at 48
          twill.copy "sub" stage 1 step 0 at 58
          twill.copy "exp" stage 1 step 0 at 119
          twill.copy "mul" stage 1 step 0 at 120
          twill.copy "rowsum" stage 1 step 0 at 122
          twill.copy "l0" stage 1 step 0 at 131
        } epilogue {
          twill.copy "rowmax" stage 1 step 0 guarded at 29
          twill.copy "m0_new" stage 1 step 0 guarded at 38
          twill.copy "sub_1" stage 1 step 0 guarded at 39
          twill.copy "exp_1" stage 1 step 0 guarded at 48
          twill.copy "sub" stage 1 step 0 guarded at 58
          twill.copy "exp" stage 1 step 0 guarded at 119
          twill.copy "mul" stage 1 step 0 guarded at 120
          twill.copy "rowsum" stage 1 step 0 guarded at 122
          twill.copy "l0" stage 1 step 0 guarded at 131
        }
        twill.role "softmax1" warp 3 regs 184 prologue {
          twill.copy "rowmax_1" stage 1 step 1 guarded at 100
          twill.copy "m1_new" stage 1 step 1 guarded at 109
          twill.copy "sub_2" stage 1 step 1 guarded at 110
          twill.copy "sub_3" stage 1 step 1 guarded at 111
          twill.copy "exp_2" stage 1 step 1 guarded at 120
          twill.copy "mul_1" stage 1 step 1 guarded at 121
          twill.copy "exp_3" stage 1 step 1 guarded at 121
        } kernel {
          twill.copy "rowsum_1" stage 2 step 0 at 48
          twill.copy "l1" stage 2 step 0 at 57
          twill.copy "rowmax_1" stage 1 step 0 at 100
          twill.copy "m1_new" stage 1 step 0 at 109
          twill.copy "sub_2" stage 1 step 0 at 110
          twill.copy "sub_3" stage 1 step 0 at 111
          twill.copy "exp_2" stage 1 step 0 at 120
          twill.copy "mul_1" stage 1 step 0 at 121
          twill.copy "exp_3" stage 1 step 0 at 121
        } epilogue {
          twill.copy "rowsum_1" stage 2 step 0 guarded at 48
          twill.copy "l1" stage 2 step 0 guarded at 57
          twill.copy "rowmax_1" stage 1 step 0 guarded at 100
          twill.copy "m1_new" stage 1 step 0 guarded at 109
          twill.copy "sub_2" stage 1 step 0 guarded at 110
          twill.copy "sub_3" stage 1 step 0 guarded at 111
          twill.copy "exp_2" stage 1 step 0 guarded at 120
          twill.copy "mul_1" stage 1 step 0 guarded at 121
          twill.copy "exp_3" stage 1 step 0 guarded at 121
          twill.copy "rowsum_1" stage 2 step 1 guarded at 48
          twill.copy "l1" stage 2 step 1 guarded at 57
        }
      } outside {
        twill.live_out "m0_1" on 2
        twill.live_out "l0_1" on 2
        twill.live_out "m1_1" on 3
        twill.live_out "l1_1" on 3
        twill.post "store" on 2
        twill.post "store_1" on 2
        twill.post "store_2" on 3
        twill.post "store_3" on 3
      }
      twill.memory_plan release "last-use" tmem 0 mma 0 {
      }
      %23 = arith.muli %0, %bid : index
      tile.store %m0_1, %tw_pass_m[%23] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 1, regs = 0, smem = 128, tmem = 0>} : !tile.tile<32xf32>, !tile.tensor<[TW_PASS_M], f32>
      %24 = arith.muli %0, %bid : index
      tile.store %l0_1, %tw_pass_l[%24] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 1, regs = 0, smem = 128, tmem = 0>} : !tile.tile<32xf32>, !tile.tensor<[TW_PASS_L], f32>
      %25 = arith.muli %0, %bid : index
      %26 = arith.addi %25, %1 : index
      tile.store %m1_1, %tw_pass_m[%26] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 1, regs = 0, smem = 128, tmem = 0>} : !tile.tile<32xf32>, !tile.tensor<[TW_PASS_M], f32>
      %27 = arith.muli %0, %bid : index
      %28 = arith.addi %27, %1 : index
      tile.store %l1_1, %tw_pass_l[%28] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 1, regs = 0, smem = 128, tmem = 0>} : !tile.tile<32xf32>, !tile.tensor<[TW_PASS_L], f32>
      func.return
    }
  }
  builtin.module attributes {twill.segment = 1 : i64, twill.target = "b200"} {
    func.func @softmax_loop1(%X: !tile.tensor<[M, V], f32>, %Y: !tile.tensor<[M, V], f32>, %tw_pass_m: !tile.tensor<[TW_PASS_M], f32>, %tw_pass_l: !tile.tensor<[TW_PASS_L], f32>) {
      %0 = arith.constant 0 : index
      %V = tile.size "V"
      %1 = arith.constant 128 : index
      %2 = arith.divui %V, %1 : index
      %3 = arith.constant 1 : index
      %bid = tile.block_id
      %m = tile.load %tw_pass_m[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>} : !tile.tensor<[TW_PASS_M], f32> -> !tile.tile<64xf32>
      %l = tile.load %tw_pass_l[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>} : !tile.tensor<[TW_PASS_L], f32> -> !tile.tile<64xf32>
      tile.for %0 to %2 step %3 attributes {twill.cross_warp = 5 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 3.125000e-02 : f64, proven = 1 : i64, scale_cycles = 1618 : i64, scale_units = 271 : i64}, twill.schedule = #twill.schedule<ii = 108, length = 302, stages = 3, lower_bound = 108, status = optimal>, twill.search = #twill.search<solver = "cp-sat", complete, note = "II=86..107 refuted at every length">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = idle, regs = 24>, #twill.warp<id = 2, role = softmax, regs = 184>, #twill.warp<id = 3, role = idle, regs = 184>, #twill.warp<id = 4, role = idle, regs = 96>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 108, ii_cycles = 645, lower_bound = 108, status = optimal, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">, #twill.variant<parts = 4, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">]} {
      ^bb0(%j: index):
        %x = tile.load %X[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 43, latency = 126, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
        %4 = tile.sub %x, %m {twill.cost = #twill.cost<unit = alu, cycles = 11, latency = 11, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 177 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 151 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 43 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
        %5 = tile.exp %4 {twill.cost = #twill.cost<unit = sfu, cycles = 86, latency = 86, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 177 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 162 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 54 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>
        %6 = tile.div %5, %l {twill.cost = #twill.cost<unit = alu, cycles = 11, latency = 11, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 177 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 248 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 32 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
        tile.store %6, %Y[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 43, latency = 43, regs = 0, smem = 32768, tmem = 0>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>, twill.cycle = 259 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 43 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tensor<[M, V], f32>
        tile.yield
      }
      twill.pipeline ii 108 stages 3 buffers {
        twill.buffer "div" depth 1
        twill.buffer "exp" depth 1
        twill.buffer "store" depth 1
        twill.buffer "sub" depth 1
        twill.buffer "x" depth 2
      } prologue {
        twill.copy "x" stage 0 step 0 guarded at 0
        twill.copy "x" stage 0 step 1 guarded at 0
        twill.copy "sub" stage 1 step 1 guarded at 43
        twill.copy "exp" stage 1 step 1 guarded at 54
      } kernel {
        twill.copy "x" stage 0 step 0 at 0
        twill.copy "div" stage 2 step 0 at 32
        twill.copy "store" stage 2 step 0 at 43
        twill.copy "sub" stage 1 step 0 at 43
        twill.copy "exp" stage 1 step 0 at 54
      } epilogue {
        twill.copy "div" stage 2 step 0 guarded at 32
        twill.copy "store" stage 2 step 0 guarded at 43
        twill.copy "sub" stage 1 step 0 guarded at 43
        twill.copy "exp" stage 1 step 0 guarded at 54
        twill.copy "div" stage 2 step 1 guarded at 32
        twill.copy "store" stage 2 step 1 guarded at 43
      }
      twill.warp_specialize %0 to %2 step %3 ii 108 stages 3 channels {
        twill.channel "x" from 0 to [2] in "smem" depth 2
      } roles {
        twill.role "producer" warp 0 regs 24 prologue {
          twill.copy "x" stage 0 step 0 guarded at 0
          twill.copy "x" stage 0 step 1 guarded at 0
        } kernel {
          twill.copy "x" stage 0 step 0 at 0
        } epilogue {
        }
        twill.role "softmax" warp 2 regs 184 prologue {
          twill.copy "sub" stage 1 step 1 guarded at 43
          twill.copy "exp" stage 1 step 1 guarded at 54
        } kernel {
          twill.copy "div" stage 2 step 0 at 32
          twill.copy "store" stage 2 step 0 at 43
          twill.copy "sub" stage 1 step 0 at 43
          twill.copy "exp" stage 1 step 0 at 54
        } epilogue {
          twill.copy "div" stage 2 step 0 guarded at 32
          twill.copy "store" stage 2 step 0 guarded at 43
          twill.copy "sub" stage 1 step 0 guarded at 43
          twill.copy "exp" stage 1 step 0 guarded at 54
          twill.copy "div" stage 2 step 1 guarded at 32
          twill.copy "store" stage 2 step 1 guarded at 43
        }
      } outside {
      }
      twill.memory_plan release "last-use" tmem 0 mma 0 {
      }
      func.return
    }
  }
}
