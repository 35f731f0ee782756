builtin.module attributes {twill.target = "h100"} {
  func.func @attn_fwd(%Q: !tile.tensor<[N, 256], f16>, %K: !tile.tensor<[N, 256], f16>, %V: !tile.tensor<[N, 256], f16>, %O: !tile.tensor<[N, 256], f16>) {
    %0 = arith.constant 2 : index
    %1 = arith.constant 1 : index
    %2 = arith.constant 1 : index
    %3 = arith.constant 64 : index
    %N = tile.size "N"
    %4 = arith.constant 0 : index
    %bid = tile.block_id
    %5 = arith.muli %0, %bid : index
    %q0 = tile.load %Q[%5, %4] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[N, 256], f16> -> !tile.tile<64x256xf16>
    %6 = arith.muli %0, %bid : index
    %7 = arith.addi %6, %1 : index
    %q1 = tile.load %Q[%7, %4] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[N, 256], f16> -> !tile.tile<64x256xf16>
    %o0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<64x256xf32>
    %o1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<64x256xf32>
    %m0 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %m1 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %l0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
    %l1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
    %8 = arith.divui %N, %3 : index
    %o0_1, %m0_1, %l0_1, %o1_1, %m1_1, %l1_1 = tile.for %4 to %8 step %2 iter_args(%o0, %m0, %l0, %o1, %m1, %l1 : !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>) -> !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32> attributes {twill.cross_warp = 6 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 4.8181820000000002 : f64, proven = 1 : i64, scale_cycles = 1719 : i64, scale_units = 298 : i64}, twill.schedule = #twill.schedule<ii = 352, length = 482, stages = 2, lower_bound = 352, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=352 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = consumer0, regs = 240>, #twill.warp<id = 2, role = consumer1, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, status = unscheduled, note = "joint-schedule: unsatisfiable: op mul_1 keeps 256 registers per thread live, more than any warp it may use allows (240): sub-tile it or raise the budget">, #twill.variant<parts = 2, ii = 352, ii_cycles = 2030, lower_bound = 352, status = optimal, chosen, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'o' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">]} {
    ^bb0(%j: index, %o0_2: !tile.tile<64x256xf32>, %m0_2: !tile.tile<64xf32>, %l0_2: !tile.tile<64xf32>, %o1_2: !tile.tile<64x256xf32>, %m1_2: !tile.tile<64xf32>, %l1_2: !tile.tile<64xf32>):
      %k = tile.load %K[%j, %4] {twill.cost = #twill.cost<unit = tma, cycles = 44, latency = 130, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 256], f16> -> !tile.tile<64x256xf16>
      %v = tile.load %V[%j, %4] {twill.cost = #twill.cost<unit = tma, cycles = 44, latency = 130, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 176 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 176 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 256], f16> -> !tile.tile<64x256xf16>
      %s0 = tile.mma %q0, %k {twill.cost = #twill.cost<unit = tc, cycles = 88, latency = 88, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 50 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 218 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 218 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x256xf16>, !tile.tile<64x256xf16> -> !tile.tile<64x64xf32>
      %9 = tile.rowmax %s0 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 2, smem = 0, tmem = 0, blocking>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 46 : i64, twill.cycle = 306 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 306 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %m0_new = tile.max %m0_2, %9 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 312 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 312 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %10 = tile.sub %s0, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 32, smem = 0, tmem = 0, blocking>, twill.cross_warp = 50 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 286 : i64, twill.cycle = 314 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 314 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
      %p0 = tile.exp2 %10 {twill.cost = #twill.cost<unit = sfu, cycles = 44, latency = 44, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 50 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 256, latency = 256, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 337 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 337 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>
      %11 = tile.sub %m0_2, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 313 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 313 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %alpha0 = tile.exp2 %11 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 319 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 319 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>
      %12 = tile.mul %l0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 320 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 320 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %13 = tile.rowsum %p0 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 381 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 29 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %l0_3 = tile.add %12, %13 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 387 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 35 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %14 = tile.cast %p0 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 16, smem = 0, tmem = 0>, twill.cross_warp = 28 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 16, smem = 0, tmem = 0>, twill.raw_cross_warp = 158 : i64, twill.cycle = 388 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 36 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
      %15 = tile.mul %o0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 22, latency = 22, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 183 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 321 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 321 : i32, twill.warp = 1 : i32} : !tile.tile<64x256xf32>, !tile.tile<64xf32> -> !tile.tile<64x256xf32>
      %o0_3 = tile.mma %14, %v, %15 {twill.cost = #twill.cost<unit = tc, cycles = 88, latency = 88, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 183 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 394 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 42 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf16>, !tile.tile<64x256xf16>, !tile.tile<64x256xf32> -> !tile.tile<64x256xf32>
      %s1 = tile.mma %q1, %k {twill.cost = #twill.cost<unit = tc, cycles = 88, latency = 88, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 50 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 130 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 130 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<64x256xf16>, !tile.tile<64x256xf16> -> !tile.tile<64x64xf32>
      %16 = tile.rowmax %s1 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 2, smem = 0, tmem = 0, blocking>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 46 : i64, twill.cycle = 218 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 218 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %m1_new = tile.max %m1_2, %16 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 224 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 224 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %17 = tile.sub %s1, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 32, smem = 0, tmem = 0, blocking>, twill.cross_warp = 50 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 286 : i64, twill.cycle = 226 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 226 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
      %p1 = tile.exp2 %17 {twill.cost = #twill.cost<unit = sfu, cycles = 44, latency = 44, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 50 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 256, latency = 256, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 249 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 249 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32>
      %18 = tile.sub %m1_2, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 225 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 225 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %alpha1 = tile.exp2 %18 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 231 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 231 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>
      %19 = tile.mul %l1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 232 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 232 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %20 = tile.rowsum %p1 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 293 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 293 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %l1_3 = tile.add %19, %20 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 299 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 299 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %21 = tile.cast %p1 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 16, smem = 0, tmem = 0>, twill.cross_warp = 28 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 16, smem = 0, tmem = 0>, twill.raw_cross_warp = 158 : i64, twill.cycle = 300 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 300 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
      %22 = tile.mul %o1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 22, latency = 22, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 183 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 233 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 233 : i32, twill.warp = 2 : i32} : !tile.tile<64x256xf32>, !tile.tile<64xf32> -> !tile.tile<64x256xf32>
      %o1_3 = tile.mma %21, %v, %22 {twill.cost = #twill.cost<unit = tc, cycles = 88, latency = 88, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 183 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 306 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 306 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf16>, !tile.tile<64x256xf16>, !tile.tile<64x256xf32> -> !tile.tile<64x256xf32>
      tile.yield %o0_3, %m0_new, %l0_3, %o1_3, %m1_new, %l1_3 : !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>
    }
    twill.pipeline ii 352 stages 2 buffers {
      twill.buffer "alpha0" depth 1
      twill.buffer "alpha1" depth 1
      twill.buffer "cast" depth 1
      twill.buffer "cast_1" depth 1
      twill.buffer "k" depth 1
      twill.buffer "l0" depth 1
      twill.buffer "l1" depth 1
      twill.buffer "m0_new" depth 2
      twill.buffer "m1_new" depth 2
      twill.buffer "mul" depth 1
      twill.buffer "mul_1" depth 1
      twill.buffer "mul_2" depth 1
      twill.buffer "mul_3" depth 1
      twill.buffer "o0" depth 1
      twill.buffer "o1" depth 1
      twill.buffer "p0" depth 1
      twill.buffer "p1" depth 1
      twill.buffer "rowmax" depth 1
      twill.buffer "rowmax_1" depth 1
      twill.buffer "rowsum" depth 1
      twill.buffer "rowsum_1" depth 1
      twill.buffer "s0" depth 1
      twill.buffer "s1" depth 1
      twill.buffer "sub" depth 1
      twill.buffer "sub_1" depth 1
      twill.buffer "sub_2" depth 1
      twill.buffer "sub_3" depth 1
      twill.buffer "v" depth 1
    } prologue {
      twill.copy "k" stage 0 step 0 guarded at 0
      twill.copy "s1" stage 0 step 0 guarded at 130
      twill.copy "v" stage 0 step 0 guarded at 176
      twill.copy "s0" stage 0 step 0 guarded at 218
      twill.copy "rowmax_1" stage 0 step 0 guarded at 218
      twill.copy "m1_new" stage 0 step 0 guarded at 224
      twill.copy "sub_3" stage 0 step 0 guarded at 225
      twill.copy "sub_2" stage 0 step 0 guarded at 226
      twill.copy "alpha1" stage 0 step 0 guarded at 231
      twill.copy "mul_2" stage 0 step 0 guarded at 232
      twill.copy "mul_3" stage 0 step 0 guarded at 233
      twill.copy "p1" stage 0 step 0 guarded at 249
      twill.copy "rowsum_1" stage 0 step 0 guarded at 293
      twill.copy "l1" stage 0 step 0 guarded at 299
      twill.copy "cast_1" stage 0 step 0 guarded at 300
      twill.copy "rowmax" stage 0 step 0 guarded at 306
      twill.copy "o1" stage 0 step 0 guarded at 306
      twill.copy "m0_new" stage 0 step 0 guarded at 312
      twill.copy "sub_1" stage 0 step 0 guarded at 313
      twill.copy "sub" stage 0 step 0 guarded at 314
      twill.copy "alpha0" stage 0 step 0 guarded at 319
      twill.copy "mul" stage 0 step 0 guarded at 320
      twill.copy "mul_1" stage 0 step 0 guarded at 321
      twill.copy "p0" stage 0 step 0 guarded at 337
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
      twill.copy "rowsum" stage 1 step 0 at 29
      twill.copy "l0" stage 1 step 0 at 35
      twill.copy "cast" stage 1 step 0 at 36
      twill.copy "o0" stage 1 step 0 at 42
      twill.copy "s1" stage 0 step 0 at 130
      twill.copy "v" stage 0 step 0 at 176
      twill.copy "s0" stage 0 step 0 at 218
      twill.copy "rowmax_1" stage 0 step 0 at 218
      twill.copy "m1_new" stage 0 step 0 at 224
      twill.copy "sub_3" stage 0 step 0 at 225
      twill.copy "sub_2" stage 0 step 0 at 226
      twill.copy "alpha1" stage 0 step 0 at 231
      twill.copy "mul_2" stage 0 step 0 at 232
      twill.copy "mul_3" stage 0 step 0 at 233
      twill.copy "p1" stage 0 step 0 at 249
      twill.copy "rowsum_1" stage 0 step 0 at 293
      twill.copy "l1" stage 0 step 0 at 299
      twill.copy "cast_1" stage 0 step 0 at 300
      twill.copy "rowmax" stage 0 step 0 at 306
      twill.copy "o1" stage 0 step 0 at 306
      twill.copy "m0_new" stage 0 step 0 at 312
      twill.copy "sub_1" stage 0 step 0 at 313
      twill.copy "sub" stage 0 step 0 at 314
      twill.copy "alpha0" stage 0 step 0 at 319
      twill.copy "mul" stage 0 step 0 at 320
      twill.copy "mul_1" stage 0 step 0 at 321
      twill.copy "p0" stage 0 step 0 at 337
    } epilogue {
      twill.copy "rowsum" stage 1 step 0 guarded at 29
      twill.copy "l0" stage 1 step 0 guarded at 35
      twill.copy "cast" stage 1 step 0 guarded at 36
      twill.copy "o0" stage 1 step 0 guarded at 42
    }
    twill.warp_specialize %4 to %8 step %2 ii 352 stages 2 channels {
      twill.channel "k" from 0 to [1, 2] in "smem" depth 1
      twill.channel "v" from 0 to [1, 2] in "smem" depth 1
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "k" stage 0 step 0 guarded at 0
        twill.copy "v" stage 0 step 0 guarded at 176
      } kernel {
        twill.copy "k" stage 0 step 0 at 0
        twill.copy "v" stage 0 step 0 at 176
      } epilogue {
      }
      twill.role "consumer0" warp 1 regs 240 prologue {
        twill.copy "s0" stage 0 step 0 guarded at 218
        twill.copy "rowmax" stage 0 step 0 guarded at 306
        twill.copy "m0_new" stage 0 step 0 guarded at 312
        twill.copy "sub_1" stage 0 step 0 guarded at 313
        twill.copy "sub" stage 0 step 0 guarded at 314
        twill.copy "alpha0" stage 0 step 0 guarded at 319
        twill.copy "mul" stage 0 step 0 guarded at 320
        twill.copy "mul_1" stage 0 step 0 guarded at 321
        twill.copy "p0" stage 0 step 0 guarded at 337
      } kernel {
        twill.copy "rowsum" stage 1 step 0 at 29
        twill.copy "l0" stage 1 step 0 at 35
        twill.copy "cast" stage 1 step 0 at 36
        twill.copy "o0" stage 1 step 0 at 42
        twill.copy "s0" stage 0 step 0 at 218
        twill.copy "rowmax" stage 0 step 0 at 306
        twill.copy "m0_new" stage 0 step 0 at 312
        twill.copy "sub_1" stage 0 step 0 at 313
        twill.copy "sub" stage 0 step 0 at 314
        twill.copy "alpha0" stage 0 step 0 at 319
        twill.copy "mul" stage 0 step 0 at 320
        twill.copy "mul_1" stage 0 step 0 at 321
        twill.copy "p0" stage 0 step 0 at 337
      } epilogue {
        twill.copy "rowsum" stage 1 step 0 guarded at 29
        twill.copy "l0" stage 1 step 0 guarded at 35
        twill.copy "cast" stage 1 step 0 guarded at 36
        twill.copy "o0" stage 1 step 0 guarded at 42
      }
      twill.role "consumer1" warp 2 regs 240 prologue {
        twill.copy "s1" stage 0 step 0 guarded at 130
        twill.copy "rowmax_1" stage 0 step 0 guarded at 218
        twill.copy "m1_new" stage 0 step 0 guarded at 224
        twill.copy "sub_3" stage 0 step 0 guarded at 225
        twill.copy "sub_2" stage 0 step 0 guarded at 226
        twill.copy "alpha1" stage 0 step 0 guarded at 231
        twill.copy "mul_2" stage 0 step 0 guarded at 232
        twill.copy "mul_3" stage 0 step 0 guarded at 233
        twill.copy "p1" stage 0 step 0 guarded at 249
        twill.copy "rowsum_1" stage 0 step 0 guarded at 293
        twill.copy "l1" stage 0 step 0 guarded at 299
        twill.copy "cast_1" stage 0 step 0 guarded at 300
        twill.copy "o1" stage 0 step 0 guarded at 306
      } kernel {
        twill.copy "s1" stage 0 step 0 at 130
        twill.copy "rowmax_1" stage 0 step 0 at 218
        twill.copy "m1_new" stage 0 step 0 at 224
        twill.copy "sub_3" stage 0 step 0 at 225
        twill.copy "sub_2" stage 0 step 0 at 226
        twill.copy "alpha1" stage 0 step 0 at 231
        twill.copy "mul_2" stage 0 step 0 at 232
        twill.copy "mul_3" stage 0 step 0 at 233
        twill.copy "p1" stage 0 step 0 at 249
        twill.copy "rowsum_1" stage 0 step 0 at 293
        twill.copy "l1" stage 0 step 0 at 299
        twill.copy "cast_1" stage 0 step 0 at 300
        twill.copy "o1" stage 0 step 0 at 306
      } epilogue {
      }
    } outside {
      twill.live_out "o0_1" on 1
      twill.live_out "m0_1" on 1
      twill.live_out "l0_1" on 1
      twill.live_out "o1_1" on 2
      twill.live_out "m1_1" on 2
      twill.live_out "l1_1" on 2
      twill.post "div" on 1
      twill.post "cast" on 1
      twill.post "store" on 1
      twill.post "div_1" on 2
      twill.post "cast_1" on 2
      twill.post "store_1" on 2
    }
    %23 = tile.div %o0_1, %l0_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<64x256xf32>, !tile.tile<64xf32> -> !tile.tile<64x256xf32>
    %24 = tile.cast %23 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x256xf32> -> !tile.tile<64x256xf16>
    %25 = arith.muli %0, %bid : index
    tile.store %24, %O[%25, %4] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<64x256xf16>, !tile.tensor<[N, 256], f16>
    %26 = tile.div %o1_1, %l1_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<64x256xf32>, !tile.tile<64xf32> -> !tile.tile<64x256xf32>
    %27 = tile.cast %26 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x256xf32> -> !tile.tile<64x256xf16>
    %28 = arith.muli %0, %bid : index
    %29 = arith.addi %28, %1 : index
    tile.store %27, %O[%29, %4] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<64x256xf16>, !tile.tensor<[N, 256], f16>
    func.return
  }
}
