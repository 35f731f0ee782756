builtin.module attributes {twill.target = "b200"} {
  func.func @attn_fwd_persistent(%Q: !tile.tensor<[N, 128], f16>, %K: !tile.tensor<[N, 128], f16>, %V: !tile.tensor<[N, 128], f16>, %O: !tile.tensor<[N, 128], f16>) {
    %0 = arith.constant 128 : index
    %1 = arith.constant 0 : index
    %2 = arith.constant 2 : index
    %3 = arith.constant 8 : index
    %bid = tile.block_id
    %4 = arith.constant 1 : index
    %5 = arith.constant 256 : index
    %N = tile.size "N"
    %c255 = arith.constant 255 : index
    %Nup = arith.addi %N, %c255 : index
    %6 = arith.divui %Nup, %5 : index
    tile.persistent %6, %4 {twill.nest = {ii = 345695 : i64, length = 346715 : i64, status = "optimal", lower_bound = 345695 : i64, trips = 64 : i64, head = 743 : i64, acc_buffers = 1 : i64, acc_free_at = 1747 : i64, granularity = 85 : i64, epilogue = "warp group holding the result", pre_buffers = 1 : i64, tiles = 1 : i64, consumers = "together", cycles = {mainloop = 0 : i64, stage0 = 344165 : i64, stage1 = 345270 : i64, store0 = 346035 : i64, store1 = 346375 : i64}, optimal_for = "the super-node model: the main loop as one op of (T - 1) * II + L = 344161 cycles (T = 64, II 5382, L 5095 cycles) holding the MMA warp group from cycle 743 (the producer's head start), each accumulator staged out of tensor memory by the warp group holding it (the MMA issuer's, before its next tile), the main loop of tile t + 1 waiting for the staging of tile t (1 accumulators in tensor memory) from its first write of the accumulator on (cycle 1747 of the main loop), each TMA store on the TMA unit (the main loop's own TMA loads not replayed); the main loop: feasible by its own schedule (in steps of 85 cycles: durations rounded up, the main loop's head start down)"}, group = 8 : i64}
    %7 = arith.muli %3, %4 : index
    %8 = arith.divui %bid, %7 : index
    %9 = arith.muli %8, %3 : index
    %10 = arith.subi %6, %9 : index
    %11 = arith.minsi %10, %3 : index
    %12 = arith.maxsi %11, %4 : index
    %13 = arith.remsi %bid, %7 : index
    %14 = arith.remsi %13, %12 : index
    %tm = arith.addi %9, %14 : index
    %tn = arith.divui %13, %12 : index
    %15 = arith.muli %2, %tm : index
    %q0 = tile.load %Q[%15, %1] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
    %16 = arith.muli %2, %tm : index
    %17 = arith.addi %16, %4 : index
    %q1 = tile.load %Q[%17, %1] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
    %o0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>
    %o1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>
    %m0 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<128xf32>
    %m1 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<128xf32>
    %l0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<128xf32>
    %l1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<128xf32>
    %18 = arith.divui %N, %0 : index
    %o0_1, %m0_1, %l0_1, %o1_1, %m1_1, %l1_1 = tile.for %1 to %18 step %4 iter_args(%o0, %m0, %l0, %o1, %m1, %l1 : !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>, !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>) -> !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>, !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32> attributes {twill.cross_warp = 3 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 12.263158000000001 : f64, proven = 1 : i64, scale_cycles = 3909 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 413, length = 391, stages = 1, lower_bound = 158, status = feasible>, twill.search = #twill.search<solver = "heuristic", note = "II=158 open: II 158..412 not settled (time limit)">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = mma, regs = 24>, #twill.warp<id = 2, role = softmax0, regs = 184>, #twill.warp<id = 3, role = softmax1, regs = 184>, #twill.warp<id = 4, role = softmax2, regs = 96>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 413, ii_cycles = 5381, lower_bound = 158, status = feasible, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: 2 parts leave this mma 64 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 's0' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">]} {
    ^bb0(%j: index, %o0_2: !tile.tile<128x128xf32>, %m0_2: !tile.tile<128xf32>, %l0_2: !tile.tile<128xf32>, %o1_2: !tile.tile<128x128xf32>, %m1_2: !tile.tile<128xf32>, %l1_2: !tile.tile<128xf32>):
      %k = tile.load %K[%j, %1] {twill.cost = #twill.cost<unit = tma, cycles = 20, latency = 57, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
      %v = tile.load %V[%j, %1] {twill.cost = #twill.cost<unit = tma, cycles = 20, latency = 57, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 20 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 20 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
      %s0 = tile.mma %q0, %k {twill.cost = #twill.cost<unit = tc, cycles = 39, latency = 39, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 57 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 57 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<128x128xf32>
      %19 = tile.rowmax %s0 {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 1, smem = 0, tmem = 0, blocking>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 38 : i64, twill.cycle = 99 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 99 : i32, twill.warp = 4 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %m0_new = tile.max %m0_2, %19 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 112 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 112 : i32, twill.warp = 4 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %20 = tile.sub %s0, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 81 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 116 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 116 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %p0 = tile.exp2 %20 {twill.cost = #twill.cost<unit = sfu, cycles = 78, latency = 78, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 81 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 170 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 170 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32>
      %21 = tile.sub %m0_2, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 126 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 126 : i32, twill.warp = 4 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %alpha0 = tile.exp2 %21 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 8, latency = 8, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 130 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 130 : i32, twill.warp = 4 : i32} : !tile.tile<128xf32>
      %22 = tile.mul %l0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 134 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 134 : i32, twill.warp = 2 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %23 = tile.rowsum %p0 {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 251 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 251 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %l0_3 = tile.add %22, %23 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 271 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 271 : i32, twill.warp = 2 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %24 = tile.cast %p0 {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 0, smem = 0, tmem = 32768>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 0, smem = 0, tmem = 32768>, twill.raw_cross_warp = 30 : i64, twill.cycle = 261 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 261 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
      %25 = tile.mul %o0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 50, latency = 50, regs = 32, smem = 0, tmem = 65536, blocking, stall = 41>, twill.chunk_cols = 32 : i64, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 661, latency = 661, regs = 32, smem = 0, tmem = 65536, blocking, stall = 533>, twill.raw_cross_warp = 30 : i64, twill.cycle = 134 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 134 : i32, twill.warp = 4 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %o0_3 = tile.mma %24, %v, %25 {twill.cost = #twill.cost<unit = tc, cycles = 39, latency = 39, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 274 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 274 : i32, twill.warp = 1 : i32} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      %s1 = tile.mma %q1, %k {twill.cost = #twill.cost<unit = tc, cycles = 39, latency = 39, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 96 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 96 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<128x128xf32>
      %26 = tile.rowmax %s1 {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 1, smem = 0, tmem = 0, blocking>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 38 : i64, twill.cycle = 138 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 138 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %m1_new = tile.max %m1_2, %26 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 151 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 151 : i32, twill.warp = 2 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %27 = tile.sub %s1, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 81 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 155 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 155 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %p1 = tile.exp2 %27 {twill.cost = #twill.cost<unit = sfu, cycles = 78, latency = 78, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 81 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 248 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 248 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>
      %28 = tile.sub %m1_2, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 165 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 165 : i32, twill.warp = 2 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %alpha1 = tile.exp2 %28 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 8, latency = 8, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 169 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 169 : i32, twill.warp = 2 : i32} : !tile.tile<128xf32>
      %29 = tile.mul %l1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 173 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 173 : i32, twill.warp = 2 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %30 = tile.rowsum %p1 {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 329 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 329 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %l1_3 = tile.add %29, %30 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 349 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 349 : i32, twill.warp = 2 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %31 = tile.cast %p1 {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 0, smem = 0, tmem = 32768>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 0, smem = 0, tmem = 32768>, twill.raw_cross_warp = 30 : i64, twill.cycle = 339 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 339 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
      %32 = tile.mul %o1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 50, latency = 50, regs = 32, smem = 0, tmem = 65536, blocking, stall = 41>, twill.chunk_cols = 32 : i64, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 661, latency = 661, regs = 32, smem = 0, tmem = 65536, blocking, stall = 533>, twill.raw_cross_warp = 30 : i64, twill.cycle = 173 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 173 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %o1_3 = tile.mma %31, %v, %32 {twill.cost = #twill.cost<unit = tc, cycles = 39, latency = 39, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 352 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 352 : i32, twill.warp = 1 : i32} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      tile.yield %o0_3, %m0_new, %l0_3, %o1_3, %m1_new, %l1_3 : !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>, !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>
    }
    twill.pipeline ii 413 stages 1 buffers {
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
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
      twill.copy "v" stage 0 step 0 at 20
      twill.copy "s0" stage 0 step 0 at 57
      twill.copy "s1" stage 0 step 0 at 96
      twill.copy "rowmax" stage 0 step 0 at 99
      twill.copy "m0_new" stage 0 step 0 at 112
      twill.copy "sub" stage 0 step 0 at 116
      twill.copy "sub_1" stage 0 step 0 at 126
      twill.copy "alpha0" stage 0 step 0 at 130
      twill.copy "mul" stage 0 step 0 at 134
      twill.copy "mul_1" stage 0 step 0 at 134
      twill.copy "rowmax_1" stage 0 step 0 at 138
      twill.copy "m1_new" stage 0 step 0 at 151
      twill.copy "sub_2" stage 0 step 0 at 155
      twill.copy "sub_3" stage 0 step 0 at 165
      twill.copy "alpha1" stage 0 step 0 at 169
      twill.copy "p0" stage 0 step 0 at 170
      twill.copy "mul_2" stage 0 step 0 at 173
      twill.copy "mul_3" stage 0 step 0 at 173
      twill.copy "p1" stage 0 step 0 at 248
      twill.copy "rowsum" stage 0 step 0 at 251
      twill.copy "cast" stage 0 step 0 at 261
      twill.copy "l0" stage 0 step 0 at 271
      twill.copy "o0" stage 0 step 0 at 274
      twill.copy "rowsum_1" stage 0 step 0 at 329
      twill.copy "cast_1" stage 0 step 0 at 339
      twill.copy "l1" stage 0 step 0 at 349
      twill.copy "o1" stage 0 step 0 at 352
    } epilogue {
    }
    twill.warp_specialize %1 to %18 step %4 ii 413 stages 1 channels {
      twill.channel "alpha0" from 4 to [2] in "smem" depth 1
      twill.channel "alpha1" from 2 to [3] in "smem" depth 1
      twill.channel "cast" from 2 to [1] in "tmem" depth 1
      twill.channel "cast_1" from 3 to [1] in "tmem" depth 1
      twill.channel "k" from 0 to [1] in "smem" depth 1
      twill.channel "m0_new" from 4 to [2] in "smem" depth 2
      twill.channel "m1_new" from 2 to [3] in "smem" depth 2
      twill.channel "mul_1" from 4 to [1] in "tmem" depth 1
      twill.channel "mul_3" from 3 to [1] in "tmem" depth 1
      twill.channel "o0" from 1 to [4] in "tmem" depth 1
      twill.channel "o1" from 1 to [3] in "tmem" depth 1
      twill.channel "rowsum_1" from 3 to [2] in "smem" depth 1
      twill.channel "s0" from 1 to [2, 4] in "tmem" depth 1
      twill.channel "s1" from 1 to [2, 3] in "tmem" depth 1
      twill.channel "v" from 0 to [1] in "smem" depth 1
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
      } kernel {
        twill.copy "k" stage 0 step 0 at 0
        twill.copy "v" stage 0 step 0 at 20
      } epilogue {
      }
      twill.role "mma" warp 1 regs 24 prologue {
      } kernel {
        twill.copy "s0" stage 0 step 0 at 57
        twill.copy "s1" stage 0 step 0 at 96
        twill.copy "o0" stage 0 step 0 at 274
        twill.copy "o1" stage 0 step 0 at 352
      } epilogue {
      }
      twill.role "softmax0" warp 2 regs 184 prologue {
      } kernel {
        twill.copy "sub" stage 0 step 0 at 116
        twill.copy "mul" stage 0 step 0 at 134
        twill.copy "rowmax_1" stage 0 step 0 at 138
        twill.copy "m1_new" stage 0 step 0 at 151
        twill.copy "sub_3" stage 0 step 0 at 165
        twill.copy "alpha1" stage 0 step 0 at 169
        twill.copy "p0" stage 0 step 0 at 170
        twill.copy "mul_2" stage 0 step 0 at 173
        twill.copy "rowsum" stage 0 step 0 at 251
        twill.copy "cast" stage 0 step 0 at 261
        twill.copy "l0" stage 0 step 0 at 271
        twill.copy "l1" stage 0 step 0 at 349
      } epilogue {
      }
      twill.role "softmax1" warp 3 regs 184 prologue {
      } kernel {
        twill.copy "sub_2" stage 0 step 0 at 155
        twill.copy "mul_3" stage 0 step 0 at 173
        twill.copy "p1" stage 0 step 0 at 248
        twill.copy "rowsum_1" stage 0 step 0 at 329
        twill.copy "cast_1" stage 0 step 0 at 339
      } epilogue {
      }
      twill.role "softmax2" warp 4 regs 96 prologue {
      } kernel {
        twill.copy "rowmax" stage 0 step 0 at 99
        twill.copy "m0_new" stage 0 step 0 at 112
        twill.copy "sub_1" stage 0 step 0 at 126
        twill.copy "alpha0" stage 0 step 0 at 130
        twill.copy "mul_1" stage 0 step 0 at 134
      } epilogue {
      }
    } outside {
      twill.live_out "o0_1" on 1 releases "o0"
      twill.live_out "m0_1" on 4
      twill.live_out "l0_1" on 2
      twill.live_out "o1_1" on 1 releases "o1"
      twill.live_out "m1_1" on 2
      twill.live_out "l1_1" on 2
      twill.post "div" on 1
      twill.post "cast" on 1
      twill.post "store" on 1
      twill.post "div_1" on 1
      twill.post "cast_1" on 1
      twill.post "store_1" on 1
      twill.handoff "l0_1" from 2 to [1] in "smem"
      twill.handoff "l1_1" from 2 to [1] in "smem"
    }
    twill.memory_plan release "last-use" tmem 512 mma 256 {
      twill.tmem "s0" at 0 "mma"
      twill.tmem "s1" at 128 "mma"
      twill.tmem "mul_1" at 256 "ring"
      twill.tmem "mul_3" at 384 "ring"
      twill.tmem "o0" at 256 "in_place"
      twill.tmem "o1" at 384 "in_place"
      twill.tmem "cast" at 0 "over"
      twill.tmem "cast_1" at 128 "over"
    }
    %33 = arith.muli %2, %tm : index
    %34 = tile.div %o0_1, %l0_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
    %35 = tile.cast %34 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %35, %O[%33, %1] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    %36 = arith.muli %2, %tm : index
    %37 = arith.addi %36, %4 : index
    %38 = tile.div %o1_1, %l1_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
    %39 = tile.cast %38 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %39, %O[%37, %1] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    func.return
  }
}
