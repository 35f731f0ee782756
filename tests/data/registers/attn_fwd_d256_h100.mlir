builtin.module attributes {twill.target = "h100", twill.reg_reserve = [0 : i32, 90 : i32, 0 : i32]} {
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
    %o0_1, %m0_1, %l0_1, %o1_1, %m1_1, %l1_1 = tile.for %4 to %8 step %2 iter_args(%o0, %m0, %l0, %o1, %m1, %l1 : !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>) -> !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32> attributes {twill.cross_warp = 6 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 4.8181820000000002 : f64, proven = 1 : i64, scale_cycles = 1719 : i64, scale_units = 298 : i64}, twill.schedule = #twill.schedule<ii = 841, length = 1380, stages = 2, lower_bound = 352, status = feasible>, twill.search = #twill.search<solver = "heuristic", note = "II=352 open: II 352..840 not settled (time limit)">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = consumer0, regs = 240>, #twill.warp<id = 2, role = consumer1, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, status = unscheduled, note = "joint-schedule: unsatisfiable: op mul_1 keeps 256 registers per thread live, more than any warp it may use allows (240): sub-tile it or raise the budget">, #twill.variant<parts = 2, ii = 841, ii_cycles = 4851, lower_bound = 352, status = feasible, chosen, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'o' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">]} {
    ^bb0(%j: index, %o0_2: !tile.tile<64x256xf32>, %m0_2: !tile.tile<64xf32>, %l0_2: !tile.tile<64xf32>, %o1_2: !tile.tile<64x256xf32>, %m1_2: !tile.tile<64xf32>, %l1_2: !tile.tile<64xf32>):
      %k = tile.load %K[%j, %4] {twill.cost = #twill.cost<unit = tma, cycles = 44, latency = 130, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 256], f16> -> !tile.tile<64x256xf16>
      %v = tile.load %V[%j, %4] {twill.cost = #twill.cost<unit = tma, cycles = 44, latency = 130, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 44 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 44 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 256], f16> -> !tile.tile<64x256xf16>
      %s0 = tile.mma %q0, %k {twill.cost = #twill.cost<unit = tc, cycles = 88, latency = 88, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 50 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 130 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 130 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<64x256xf16>, !tile.tile<64x256xf16> -> !tile.tile<64x64xf32>
      %9 = tile.rowmax %s0 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 2, smem = 0, tmem = 0, blocking>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 46 : i64, twill.cycle = 268 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 268 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %m0_new = tile.max %m0_2, %9 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 282 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 282 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %10 = tile.sub %s0, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 32, smem = 0, tmem = 0, blocking>, twill.cross_warp = 50 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 286 : i64, twill.cycle = 291 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 291 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
      %p0 = tile.exp2 %10 {twill.cost = #twill.cost<unit = sfu, cycles = 44, latency = 44, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 50 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 256, latency = 256, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 347 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 347 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32>
      %11 = tile.sub %m0_2, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 391 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 391 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %alpha0 = tile.exp2 %11 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 400 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 400 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>
      %12 = tile.mul %l0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 409 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 409 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %13 = tile.rowsum %p0 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 441 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 441 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %l0_3 = tile.add %12, %13 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 455 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 455 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %14 = tile.cast %p0 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 16, smem = 0, tmem = 0>, twill.cross_warp = 28 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 16, smem = 0, tmem = 0>, twill.raw_cross_warp = 158 : i64, twill.cycle = 456 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 456 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
      %15 = tile.mul %o0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 22, latency = 22, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 183 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 462 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 462 : i32, twill.warp = 1 : i32} : !tile.tile<64x256xf32>, !tile.tile<64xf32> -> !tile.tile<64x256xf32>
      %o0_3 = tile.mma %14, %v, %15 {twill.cost = #twill.cost<unit = tc, cycles = 88, latency = 88, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 183 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 667 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 667 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf16>, !tile.tile<64x256xf16>, !tile.tile<64x256xf32> -> !tile.tile<64x256xf32>
      %s1 = tile.mma %q1, %k {twill.cost = #twill.cost<unit = tc, cycles = 88, latency = 88, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 50 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 755 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 755 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<64x256xf16>, !tile.tile<64x256xf16> -> !tile.tile<64x64xf32>
      %16 = tile.rowmax %s1 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 2, smem = 0, tmem = 0, blocking>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 46 : i64, twill.cycle = 893 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 52 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %m1_new = tile.max %m1_2, %16 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 907 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 66 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %17 = tile.sub %s1, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 32, smem = 0, tmem = 0, blocking>, twill.cross_warp = 50 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 286 : i64, twill.cycle = 916 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 75 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
      %p1 = tile.exp2 %17 {twill.cost = #twill.cost<unit = sfu, cycles = 44, latency = 44, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 50 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 256, latency = 256, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 972 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 131 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32>
      %18 = tile.sub %m1_2, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 1016 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 175 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %alpha1 = tile.exp2 %18 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 1025 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 184 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>
      %19 = tile.mul %l1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 1034 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 193 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %20 = tile.rowsum %p1 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 1066 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 225 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %l1_3 = tile.add %19, %20 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 1080 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 239 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %21 = tile.cast %p1 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 16, smem = 0, tmem = 0>, twill.cross_warp = 28 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 16, smem = 0, tmem = 0>, twill.raw_cross_warp = 158 : i64, twill.cycle = 1081 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 240 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
      %22 = tile.mul %o1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 22, latency = 22, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 183 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 1087 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 246 : i32, twill.warp = 2 : i32} : !tile.tile<64x256xf32>, !tile.tile<64xf32> -> !tile.tile<64x256xf32>
      %o1_3 = tile.mma %21, %v, %22 {twill.cost = #twill.cost<unit = tc, cycles = 88, latency = 88, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 183 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 1292 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 451 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf16>, !tile.tile<64x256xf16>, !tile.tile<64x256xf32> -> !tile.tile<64x256xf32>
      tile.yield %o0_3, %m0_new, %l0_3, %o1_3, %m1_new, %l1_3 : !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>
    }
    twill.pipeline ii 841 stages 2 buffers {
      twill.buffer "alpha0" depth 1
      twill.buffer "alpha1" depth 1
      twill.buffer "cast" depth 1
      twill.buffer "cast_1" depth 1
      twill.buffer "k" depth 2
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
      twill.buffer "v" depth 2
    } prologue {
      twill.copy "k" stage 0 step 0 guarded at 0
      twill.copy "v" stage 0 step 0 guarded at 44
      twill.copy "s0" stage 0 step 0 guarded at 130
      twill.copy "rowmax" stage 0 step 0 guarded at 268
      twill.copy "m0_new" stage 0 step 0 guarded at 282
      twill.copy "sub" stage 0 step 0 guarded at 291
      twill.copy "p0" stage 0 step 0 guarded at 347
      twill.copy "sub_1" stage 0 step 0 guarded at 391
      twill.copy "alpha0" stage 0 step 0 guarded at 400
      twill.copy "mul" stage 0 step 0 guarded at 409
      twill.copy "rowsum" stage 0 step 0 guarded at 441
      twill.copy "l0" stage 0 step 0 guarded at 455
      twill.copy "cast" stage 0 step 0 guarded at 456
      twill.copy "mul_1" stage 0 step 0 guarded at 462
      twill.copy "o0" stage 0 step 0 guarded at 667
      twill.copy "s1" stage 0 step 0 guarded at 755
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
      twill.copy "v" stage 0 step 0 at 44
      twill.copy "rowmax_1" stage 1 step 0 at 52
      twill.copy "m1_new" stage 1 step 0 at 66
      twill.copy "sub_2" stage 1 step 0 at 75
      twill.copy "s0" stage 0 step 0 at 130
      twill.copy "p1" stage 1 step 0 at 131
      twill.copy "sub_3" stage 1 step 0 at 175
      twill.copy "alpha1" stage 1 step 0 at 184
      twill.copy "mul_2" stage 1 step 0 at 193
      twill.copy "rowsum_1" stage 1 step 0 at 225
      twill.copy "l1" stage 1 step 0 at 239
      twill.copy "cast_1" stage 1 step 0 at 240
      twill.copy "mul_3" stage 1 step 0 at 246
      twill.copy "rowmax" stage 0 step 0 at 268
      twill.copy "m0_new" stage 0 step 0 at 282
      twill.copy "sub" stage 0 step 0 at 291
      twill.copy "p0" stage 0 step 0 at 347
      twill.copy "sub_1" stage 0 step 0 at 391
      twill.copy "alpha0" stage 0 step 0 at 400
      twill.copy "mul" stage 0 step 0 at 409
      twill.copy "rowsum" stage 0 step 0 at 441
      twill.copy "o1" stage 1 step 0 at 451
      twill.copy "l0" stage 0 step 0 at 455
      twill.copy "cast" stage 0 step 0 at 456
      twill.copy "mul_1" stage 0 step 0 at 462
      twill.copy "o0" stage 0 step 0 at 667
      twill.copy "s1" stage 0 step 0 at 755
    } epilogue {
      twill.copy "rowmax_1" stage 1 step 0 guarded at 52
      twill.copy "m1_new" stage 1 step 0 guarded at 66
      twill.copy "sub_2" stage 1 step 0 guarded at 75
      twill.copy "p1" stage 1 step 0 guarded at 131
      twill.copy "sub_3" stage 1 step 0 guarded at 175
      twill.copy "alpha1" stage 1 step 0 guarded at 184
      twill.copy "mul_2" stage 1 step 0 guarded at 193
      twill.copy "rowsum_1" stage 1 step 0 guarded at 225
      twill.copy "l1" stage 1 step 0 guarded at 239
      twill.copy "cast_1" stage 1 step 0 guarded at 240
      twill.copy "mul_3" stage 1 step 0 guarded at 246
      twill.copy "o1" stage 1 step 0 guarded at 451
    }
    twill.warp_specialize %4 to %8 step %2 ii 841 stages 2 channels {
      twill.channel "cast" from 2 to [1] in "smem" depth 1
      twill.channel "k" from 0 to [2] in "smem" depth 2
      twill.channel "rowsum" from 2 to [1] in "smem" depth 1
      twill.channel "sub_1" from 2 to [1] in "smem" depth 1
      twill.channel "v" from 0 to [1, 2] in "smem" depth 2
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "k" stage 0 step 0 guarded at 0
        twill.copy "v" stage 0 step 0 guarded at 44
      } kernel {
        twill.copy "k" stage 0 step 0 at 0
        twill.copy "v" stage 0 step 0 at 44
      } epilogue {
      }
      twill.role "consumer0" warp 1 regs 240 prologue {
        twill.copy "alpha0" stage 0 step 0 guarded at 400
        twill.copy "mul" stage 0 step 0 guarded at 409
        twill.copy "l0" stage 0 step 0 guarded at 455
        twill.copy "mul_1" stage 0 step 0 guarded at 462
        twill.copy "o0" stage 0 step 0 guarded at 667
      } kernel {
        twill.copy "alpha0" stage 0 step 0 at 400
        twill.copy "mul" stage 0 step 0 at 409
        twill.copy "l0" stage 0 step 0 at 455
        twill.copy "mul_1" stage 0 step 0 at 462
        twill.copy "o0" stage 0 step 0 at 667
      } epilogue {
      }
      twill.role "consumer1" warp 2 regs 240 prologue {
        twill.copy "s0" stage 0 step 0 guarded at 130
        twill.copy "rowmax" stage 0 step 0 guarded at 268
        twill.copy "m0_new" stage 0 step 0 guarded at 282
        twill.copy "sub" stage 0 step 0 guarded at 291
        twill.copy "p0" stage 0 step 0 guarded at 347
        twill.copy "sub_1" stage 0 step 0 guarded at 391
        twill.copy "rowsum" stage 0 step 0 guarded at 441
        twill.copy "cast" stage 0 step 0 guarded at 456
        twill.copy "s1" stage 0 step 0 guarded at 755
      } kernel {
        twill.copy "rowmax_1" stage 1 step 0 at 52
        twill.copy "m1_new" stage 1 step 0 at 66
        twill.copy "sub_2" stage 1 step 0 at 75
        twill.copy "s0" stage 0 step 0 at 130
        twill.copy "p1" stage 1 step 0 at 131
        twill.copy "sub_3" stage 1 step 0 at 175
        twill.copy "alpha1" stage 1 step 0 at 184
        twill.copy "mul_2" stage 1 step 0 at 193
        twill.copy "rowsum_1" stage 1 step 0 at 225
        twill.copy "l1" stage 1 step 0 at 239
        twill.copy "cast_1" stage 1 step 0 at 240
        twill.copy "mul_3" stage 1 step 0 at 246
        twill.copy "rowmax" stage 0 step 0 at 268
        twill.copy "m0_new" stage 0 step 0 at 282
        twill.copy "sub" stage 0 step 0 at 291
        twill.copy "p0" stage 0 step 0 at 347
        twill.copy "sub_1" stage 0 step 0 at 391
        twill.copy "rowsum" stage 0 step 0 at 441
        twill.copy "o1" stage 1 step 0 at 451
        twill.copy "cast" stage 0 step 0 at 456
        twill.copy "s1" stage 0 step 0 at 755
      } epilogue {
        twill.copy "rowmax_1" stage 1 step 0 guarded at 52
        twill.copy "m1_new" stage 1 step 0 guarded at 66
        twill.copy "sub_2" stage 1 step 0 guarded at 75
        twill.copy "p1" stage 1 step 0 guarded at 131
        twill.copy "sub_3" stage 1 step 0 guarded at 175
        twill.copy "alpha1" stage 1 step 0 guarded at 184
        twill.copy "mul_2" stage 1 step 0 guarded at 193
        twill.copy "rowsum_1" stage 1 step 0 guarded at 225
        twill.copy "l1" stage 1 step 0 guarded at 239
        twill.copy "cast_1" stage 1 step 0 guarded at 240
        twill.copy "mul_3" stage 1 step 0 guarded at 246
        twill.copy "o1" stage 1 step 0 guarded at 451
      }
    } outside {
      twill.live_out "o0_1" on 1
      twill.live_out "m0_1" on 2
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
