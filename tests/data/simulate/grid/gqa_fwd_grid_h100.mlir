builtin.module attributes {twill.target = "h100"} {
  func.func @gqa_fwd(%Q: !tile.tensor<[R, 128], f16>, %K: !tile.tensor<[RK, 128], f16>, %V: !tile.tensor<[RK, 128], f16>, %O: !tile.tensor<[R, 128], f16>, %S: i32, %H: i32, %B: i32) {
    %0 = arith.constant 2 : index
    %1 = arith.constant 1 : index
    %2 = arith.constant 1 : index
    %3 = arith.constant 0 : index
    %bid = tile.block_id
    %4 = arith.constant 128 : index
    %S_1 = arith.index_cast %S : i32 to index
    %5 = arith.constant 4 : index
    %B_1 = arith.index_cast %B : i32 to index
    %H_1 = arith.index_cast %H : i32 to index
    %bid_y = tile.block_id of %H_1 {axis = 1 : i64}
    %bid_z = tile.block_id of %B_1 {axis = 2 : i64}
    %6 = arith.muli %bid_z, %H_1 : index
    %q_head = arith.addi %6, %bid_y : index
    %7 = arith.divui %H_1, %5 : index
    %8 = arith.muli %bid_z, %7 : index
    %9 = arith.divui %bid_y, %5 : index
    %kv_head = arith.addi %8, %9 : index
    %10 = arith.divui %S_1, %4 : index
    %11 = arith.muli %q_head, %10 : index
    %12 = arith.addi %11, %bid : index
    %13 = arith.muli %0, %12 : index
    %q0 = tile.load %Q[%13, %3] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>} : !tile.tensor<[R, 128], f16> -> !tile.tile<64x128xf16>
    %14 = arith.muli %0, %12 : index
    %15 = arith.addi %14, %1 : index
    %q1 = tile.load %Q[%15, %3] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>} : !tile.tensor<[R, 128], f16> -> !tile.tile<64x128xf16>
    %o0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %o1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %m0 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %m1 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %l0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
    %l1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
    %16 = arith.divui %S_1, %4 : index
    %o0_1, %m0_1, %l0_1, %o1_1, %m1_1, %l1_1 = tile.for %3 to %16 step %2 iter_args(%o0, %m0, %l0, %o1, %m1, %l1 : !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>) -> !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32> attributes {twill.cross_warp = 6 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 4.446809 : f64, proven = 1 : i64, scale_cycles = 1623 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 376, length = 703, stages = 2, lower_bound = 376, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=376 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = consumer0, regs = 240>, #twill.warp<id = 2, role = consumer1, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 337, ii_cycles = 2475, lower_bound = 274, status = feasible, note = "">, #twill.variant<parts = 2, ii = 376, ii_cycles = 2034, lower_bound = 376, status = optimal, chosen, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 's' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">]} {
    ^bb0(%j: index, %o0_2: !tile.tile<64x128xf32>, %m0_2: !tile.tile<64xf32>, %l0_2: !tile.tile<64xf32>, %o1_2: !tile.tile<64x128xf32>, %m1_2: !tile.tile<64xf32>, %l1_2: !tile.tile<64xf32>):
      %17 = arith.divui %S_1, %4 : index
      %18 = arith.muli %kv_head, %17 : index
      %19 = arith.addi %18, %j : index
      %k = tile.load %K[%19, %3] {twill.cost = #twill.cost<unit = tma, cycles = 47, latency = 139, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[RK, 128], f16> -> !tile.tile<128x128xf16>
      %20 = arith.divui %S_1, %4 : index
      %21 = arith.muli %kv_head, %20 : index
      %22 = arith.addi %21, %j : index
      %v = tile.load %V[%22, %3] {twill.cost = #twill.cost<unit = tma, cycles = 47, latency = 139, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 282 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 282 : i32, twill.warp = 0 : i32} : !tile.tensor<[RK, 128], f16> -> !tile.tile<128x128xf16>
      %s0 = tile.mma %q0, %k {twill.cost = #twill.cost<unit = tc, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 139 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 139 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<64x128xf32>
      %23 = tile.rowmax %s0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0, blocking>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 46 : i64, twill.cycle = 233 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 233 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %m0_new = tile.max %m0_2, %23 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 245 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 245 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %24 = tile.sub %s0, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 247 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 247 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %p0 = tile.exp2 %24 {twill.cost = #twill.cost<unit = sfu, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 302 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 302 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>
      %25 = tile.sub %m0_2, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 246 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 246 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %alpha0 = tile.exp2 %25 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 258 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 258 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>
      %26 = tile.mul %l0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 259 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 259 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %27 = tile.rowsum %p0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 396 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 20 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %l0_3 = tile.add %26, %27 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 408 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 32 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %28 = tile.cast %p0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 53 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 409 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 33 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %29 = tile.mul %o0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 260 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 260 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %o0_3 = tile.mma %28, %v, %29 {twill.cost = #twill.cost<unit = tc, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 421 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 45 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %s1 = tile.mma %q1, %k {twill.cost = #twill.cost<unit = tc, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 327 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 327 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<64x128xf32>
      %30 = tile.rowmax %s1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0, blocking>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 46 : i64, twill.cycle = 421 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 45 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %m1_new = tile.max %m1_2, %30 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 433 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 57 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %31 = tile.sub %s1, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 435 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 59 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %p1 = tile.exp2 %31 {twill.cost = #twill.cost<unit = sfu, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 490 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 114 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>
      %32 = tile.sub %m1_2, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 434 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 58 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %alpha1 = tile.exp2 %32 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 446 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 70 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>
      %33 = tile.mul %l1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 447 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 71 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %34 = tile.rowsum %p1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 584 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 208 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %l1_3 = tile.add %33, %34 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 596 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 220 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %35 = tile.cast %p1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 53 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 597 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 221 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %36 = tile.mul %o1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 448 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 72 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %o1_3 = tile.mma %35, %v, %36 {twill.cost = #twill.cost<unit = tc, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 609 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 233 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      tile.yield %o0_3, %m0_new, %l0_3, %o1_3, %m1_new, %l1_3 : !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>
    }
    twill.pipeline ii 376 stages 2 buffers {
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
      twill.copy "s0" stage 0 step 0 guarded at 139
      twill.copy "rowmax" stage 0 step 0 guarded at 233
      twill.copy "m0_new" stage 0 step 0 guarded at 245
      twill.copy "sub_1" stage 0 step 0 guarded at 246
      twill.copy "sub" stage 0 step 0 guarded at 247
      twill.copy "alpha0" stage 0 step 0 guarded at 258
      twill.copy "mul" stage 0 step 0 guarded at 259
      twill.copy "mul_1" stage 0 step 0 guarded at 260
      twill.copy "v" stage 0 step 0 guarded at 282
      twill.copy "p0" stage 0 step 0 guarded at 302
      twill.copy "s1" stage 0 step 0 guarded at 327
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
      twill.copy "rowsum" stage 1 step 0 at 20
      twill.copy "l0" stage 1 step 0 at 32
      twill.copy "cast" stage 1 step 0 at 33
      twill.copy "o0" stage 1 step 0 at 45
      twill.copy "rowmax_1" stage 1 step 0 at 45
      twill.copy "m1_new" stage 1 step 0 at 57
      twill.copy "sub_3" stage 1 step 0 at 58
      twill.copy "sub_2" stage 1 step 0 at 59
      twill.copy "alpha1" stage 1 step 0 at 70
      twill.copy "mul_2" stage 1 step 0 at 71
      twill.copy "mul_3" stage 1 step 0 at 72
      twill.copy "p1" stage 1 step 0 at 114
      twill.copy "s0" stage 0 step 0 at 139
      twill.copy "rowsum_1" stage 1 step 0 at 208
      twill.copy "l1" stage 1 step 0 at 220
      twill.copy "cast_1" stage 1 step 0 at 221
      twill.copy "o1" stage 1 step 0 at 233
      twill.copy "rowmax" stage 0 step 0 at 233
      twill.copy "m0_new" stage 0 step 0 at 245
      twill.copy "sub_1" stage 0 step 0 at 246
      twill.copy "sub" stage 0 step 0 at 247
      twill.copy "alpha0" stage 0 step 0 at 258
      twill.copy "mul" stage 0 step 0 at 259
      twill.copy "mul_1" stage 0 step 0 at 260
      twill.copy "v" stage 0 step 0 at 282
      twill.copy "p0" stage 0 step 0 at 302
      twill.copy "s1" stage 0 step 0 at 327
    } epilogue {
      twill.copy "rowsum" stage 1 step 0 guarded at 20
      twill.copy "l0" stage 1 step 0 guarded at 32
      twill.copy "cast" stage 1 step 0 guarded at 33
      twill.copy "o0" stage 1 step 0 guarded at 45
      twill.copy "rowmax_1" stage 1 step 0 guarded at 45
      twill.copy "m1_new" stage 1 step 0 guarded at 57
      twill.copy "sub_3" stage 1 step 0 guarded at 58
      twill.copy "sub_2" stage 1 step 0 guarded at 59
      twill.copy "alpha1" stage 1 step 0 guarded at 70
      twill.copy "mul_2" stage 1 step 0 guarded at 71
      twill.copy "mul_3" stage 1 step 0 guarded at 72
      twill.copy "p1" stage 1 step 0 guarded at 114
      twill.copy "rowsum_1" stage 1 step 0 guarded at 208
      twill.copy "l1" stage 1 step 0 guarded at 220
      twill.copy "cast_1" stage 1 step 0 guarded at 221
      twill.copy "o1" stage 1 step 0 guarded at 233
    }
    twill.warp_specialize %3 to %16 step %2 ii 376 stages 2 channels {
      twill.channel "k" from 0 to [1, 2] in "smem" depth 2
      twill.channel "v" from 0 to [1, 2] in "smem" depth 2
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "k" stage 0 step 0 guarded at 0
        twill.copy "v" stage 0 step 0 guarded at 282
      } kernel {
        twill.copy "k" stage 0 step 0 at 0
        twill.copy "v" stage 0 step 0 at 282
      } epilogue {
      }
      twill.role "consumer0" warp 1 regs 240 prologue {
        twill.copy "s0" stage 0 step 0 guarded at 139
        twill.copy "rowmax" stage 0 step 0 guarded at 233
        twill.copy "m0_new" stage 0 step 0 guarded at 245
        twill.copy "sub_1" stage 0 step 0 guarded at 246
        twill.copy "sub" stage 0 step 0 guarded at 247
        twill.copy "alpha0" stage 0 step 0 guarded at 258
        twill.copy "mul" stage 0 step 0 guarded at 259
        twill.copy "mul_1" stage 0 step 0 guarded at 260
        twill.copy "p0" stage 0 step 0 guarded at 302
      } kernel {
        twill.copy "rowsum" stage 1 step 0 at 20
        twill.copy "l0" stage 1 step 0 at 32
        twill.copy "cast" stage 1 step 0 at 33
        twill.copy "o0" stage 1 step 0 at 45
        twill.copy "s0" stage 0 step 0 at 139
        twill.copy "rowmax" stage 0 step 0 at 233
        twill.copy "m0_new" stage 0 step 0 at 245
        twill.copy "sub_1" stage 0 step 0 at 246
        twill.copy "sub" stage 0 step 0 at 247
        twill.copy "alpha0" stage 0 step 0 at 258
        twill.copy "mul" stage 0 step 0 at 259
        twill.copy "mul_1" stage 0 step 0 at 260
        twill.copy "p0" stage 0 step 0 at 302
      } epilogue {
        twill.copy "rowsum" stage 1 step 0 guarded at 20
        twill.copy "l0" stage 1 step 0 guarded at 32
        twill.copy "cast" stage 1 step 0 guarded at 33
        twill.copy "o0" stage 1 step 0 guarded at 45
      }
      twill.role "consumer1" warp 2 regs 240 prologue {
        twill.copy "s1" stage 0 step 0 guarded at 327
      } kernel {
        twill.copy "rowmax_1" stage 1 step 0 at 45
        twill.copy "m1_new" stage 1 step 0 at 57
        twill.copy "sub_3" stage 1 step 0 at 58
        twill.copy "sub_2" stage 1 step 0 at 59
        twill.copy "alpha1" stage 1 step 0 at 70
        twill.copy "mul_2" stage 1 step 0 at 71
        twill.copy "mul_3" stage 1 step 0 at 72
        twill.copy "p1" stage 1 step 0 at 114
        twill.copy "rowsum_1" stage 1 step 0 at 208
        twill.copy "l1" stage 1 step 0 at 220
        twill.copy "cast_1" stage 1 step 0 at 221
        twill.copy "o1" stage 1 step 0 at 233
        twill.copy "s1" stage 0 step 0 at 327
      } epilogue {
        twill.copy "rowmax_1" stage 1 step 0 guarded at 45
        twill.copy "m1_new" stage 1 step 0 guarded at 57
        twill.copy "sub_3" stage 1 step 0 guarded at 58
        twill.copy "sub_2" stage 1 step 0 guarded at 59
        twill.copy "alpha1" stage 1 step 0 guarded at 70
        twill.copy "mul_2" stage 1 step 0 guarded at 71
        twill.copy "mul_3" stage 1 step 0 guarded at 72
        twill.copy "p1" stage 1 step 0 guarded at 114
        twill.copy "rowsum_1" stage 1 step 0 guarded at 208
        twill.copy "l1" stage 1 step 0 guarded at 220
        twill.copy "cast_1" stage 1 step 0 guarded at 221
        twill.copy "o1" stage 1 step 0 guarded at 233
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
    twill.memory_plan release "last-use" tmem 0 mma 0 {
    }
    %37 = arith.divui %S_1, %4 : index
    %38 = arith.muli %q_head, %37 : index
    %39 = arith.addi %38, %bid : index
    %40 = tile.div %o0_1, %l0_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
    %41 = tile.cast %40 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
    %42 = arith.muli %0, %39 : index
    tile.store %41, %O[%42, %3] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<64x128xf16>, !tile.tensor<[R, 128], f16>
    %43 = tile.div %o1_1, %l1_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
    %44 = tile.cast %43 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
    %45 = arith.muli %0, %39 : index
    %46 = arith.addi %45, %1 : index
    tile.store %44, %O[%46, %3] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<64x128xf16>, !tile.tensor<[R, 128], f16>
    func.return
  }
}
