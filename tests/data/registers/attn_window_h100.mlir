builtin.module attributes {twill.target = "h100"} {
  func.func @attn_window(%Q: !tile.tensor<[N, 128], f16>, %K: !tile.tensor<[N, 128], f16>, %V: !tile.tensor<[N, 128], f16>, %O: !tile.tensor<[N, 128], f16>, %scale: f32) {
    %0 = arith.constant 1 : index
    %1 = arith.constant 4096 : index
    %2 = arith.constant 128 : index
    %3 = arith.constant 0 : index
    %bid = tile.block_id
    %q = tile.load %Q[%bid, %3] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
    %4 = tile.iota {twill.cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, dim = 0 : i64} : !tile.tile<128x128xi32>
    %5 = arith.muli %bid, %2 : index
    %6 = arith.index_cast %5 : index to i32
    %rows = tile.add %4, %6 {twill.cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xi32>, i32 -> !tile.tile<128x128xi32>
    %7 = arith.constant 4096 : i32
    %lo = tile.sub %rows, %7 {twill.cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xi32>, i32 -> !tile.tile<128x128xi32>
    %o = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>
    %m = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 4, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<128xf32>
    %l = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 4, smem = 0, tmem = 0>} : !tile.tile<128xf32>
    %8 = arith.muli %bid, %2 : index
    %9 = arith.subi %8, %1 : index
    %10 = arith.addi %9, %0 : index
    %11 = arith.maxsi %3, %10 : index
    %12 = arith.divui %11, %2 : index
    %13 = arith.addi %bid, %0 : index
    %14 = arith.muli %13, %2 : index
    %15 = arith.divui %14, %2 : index
    %16 = arith.constant -127 : index
    %17 = arith.constant 128 : index
    %18 = arith.muli %bid, %17 : index
    %19 = arith.addi %16, %18 : index
    %20 = arith.constant 3968 : index
    %21 = arith.constant -128 : index
    %22 = arith.muli %bid, %21 : index
    %23 = arith.addi %20, %22 : index
    %o_1, %m_1, %l_1 = tile.for %12 to %15 step %0 iter_args(%o, %m, %l : !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>) -> !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32> attributes {twill.normalization = {budget = 300 : i64, max_ratio_error = 6.4851489999999998 : f64, proven = 1 : i64, scale_cycles = 2205 : i64, scale_units = 300 : i64}, twill.cross_warp = 5 : i64, twill.schedule = #twill.schedule<ii = 608, length = 1216, stages = 2, lower_bound = 383, status = feasible>, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = consumer0, regs = 240>, #twill.warp<id = 2, role = consumer1, regs = 240>], twill.search = #twill.search<solver = "cp-sat", note = "II=352..382 refuted under the pins; II=383 open (time limit); II=384 refuted under the pins; II=385..415 open (time limit); II=416 refuted under the pins; II=417..479 open (time limit); II=480 refuted under the pins; II=481..607 open (time limit); length not proven shortest">, twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 352, ii_cycles = 2587, lower_bound = 274, status = feasible, chosen, note = "">, #twill.variant<parts = 2, ii = 507, ii_cycles = 2743, lower_bound = 444, status = feasible, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'tile.mma' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">]} {
    ^bb0(%j: index, %o_2: !tile.tile<128x128xf32>, %m_2: !tile.tile<128xf32>, %l_2: !tile.tile<128xf32>):
      %k = tile.load %K[%j, %3] {twill.cost = #twill.cost<unit = tma, cycles = 35, latency = 101, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32, twill.unmasked_cycle = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
      %v = tile.load %V[%j, %3] {twill.cost = #twill.cost<unit = tma, cycles = 35, latency = 101, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 35 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 35 : i32, twill.warp = 0 : i32, twill.unmasked_cycle = 35 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
      %24 = tile.iota {twill.cost = #twill.cost<unit = alu, cycles = 35, latency = 35, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 144 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 36 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 36 : i32, twill.warp = 1 : i32, dim = 1 : i64} : !tile.tile<128x128xi32>
      %25 = arith.muli %j, %2 : index
      %26 = arith.index_cast %25 : index to i32
      %cols = tile.add %24, %26 {twill.cost = #twill.cost<unit = alu, cycles = 35, latency = 35, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 144 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 71 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 71 : i32, twill.warp = 1 : i32} : !tile.tile<128x128xi32>, i32 -> !tile.tile<128x128xi32>
      %27 = tile.cmp "le", %cols, %rows {twill.cost = #twill.cost<unit = alu, cycles = 35, latency = 35, regs = 4, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 4, smem = 0, tmem = 0>, twill.raw_cross_warp = 62 : i64, twill.cycle = 106 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 106 : i32, twill.warp = 1 : i32} : !tile.tile<128x128xi32>, !tile.tile<128x128xi32> -> !tile.tile<128x128xi1>
      %28 = tile.cmp "gt", %cols, %lo {twill.cost = #twill.cost<unit = alu, cycles = 35, latency = 35, regs = 4, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 4, smem = 0, tmem = 0>, twill.raw_cross_warp = 62 : i64, twill.cycle = 141 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 141 : i32, twill.warp = 1 : i32} : !tile.tile<128x128xi32>, !tile.tile<128x128xi32> -> !tile.tile<128x128xi1>
      %29 = tile.and %27, %28 {twill.cost = #twill.cost<unit = alu, cycles = 35, latency = 35, regs = 4, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 4, smem = 0, tmem = 0>, twill.raw_cross_warp = 62 : i64, twill.cycle = 176 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 176 : i32, twill.warp = 1 : i32} : !tile.tile<128x128xi1>, !tile.tile<128x128xi1> -> !tile.tile<128x128xi1>
      %30 = tile.mma %q, %k {twill.cost = #twill.cost<unit = tc, cycles = 137, latency = 137, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 144 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 141 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 141 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 101 : i32, transpose_rhs} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<128x128xf32>
      %31 = tile.mul %30, %scale {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 144 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 278 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 278 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 238 : i32} : !tile.tile<128x128xf32>, f32 -> !tile.tile<128x128xf32>
      %32 = arith.constant 0xff800000 : f32
      %s = tile.select %29, %31, %32 {twill.split_mask, twill.cost = #twill.cost<unit = alu, cycles = 35, latency = 35, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 144 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 296 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 296 : i32, twill.warp = 1 : i32} : !tile.tile<128x128xi1>, !tile.tile<128x128xf32>, f32 -> !tile.tile<128x128xf32>
      %33 = tile.rowmax %s {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 4, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 4, smem = 0, tmem = 0>, twill.raw_cross_warp = 62 : i64, twill.cycle = 331 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 331 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 256 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %m_new = tile.max %m_2, %33 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 4, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 4, smem = 0, tmem = 0>, twill.raw_cross_warp = 62 : i64, twill.cycle = 349 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 349 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 274 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %34 = arith.constant 0xff800000 : f32
      %35 = tile.cmp "eq", %m_new, %34 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 6 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 2, latency = 2, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 350 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 350 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 275 : i32} : !tile.tile<128xf32>, f32 -> !tile.tile<128xi1>
      %36 = arith.constant 0.000000e+00 : f32
      %m_use = tile.select %35, %36, %m_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 4, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 2, latency = 2, regs = 4, smem = 0, tmem = 0>, twill.raw_cross_warp = 62 : i64, twill.cycle = 351 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 351 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 276 : i32} : !tile.tile<128xi1>, f32, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %37 = tile.sub %s, %m_use {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 144 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 352 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 352 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 277 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %p = tile.exp2 %37 {twill.cost = #twill.cost<unit = sfu, cycles = 137, latency = 137, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 144 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 471 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 471 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 298 : i32} : !tile.tile<128x128xf32>
      %38 = tile.sub %m_2, %m_use {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 4, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 4, smem = 0, tmem = 0>, twill.raw_cross_warp = 62 : i64, twill.cycle = 370 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 370 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 295 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %alpha = tile.exp2 %38 {twill.cost = #twill.cost<unit = sfu, cycles = 2, latency = 2, regs = 4, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 8, latency = 8, regs = 4, smem = 0, tmem = 0>, twill.raw_cross_warp = 62 : i64, twill.cycle = 371 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 371 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 296 : i32} : !tile.tile<128xf32>
      %39 = tile.mul %l_2, %alpha {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 4, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 4, smem = 0, tmem = 0>, twill.raw_cross_warp = 62 : i64, twill.cycle = 373 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 373 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 298 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %40 = tile.rowsum %p {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 4, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 4, smem = 0, tmem = 0>, twill.raw_cross_warp = 62 : i64, twill.cycle = 626 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 18 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 435 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %l_3 = tile.add %39, %40 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 4, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 4, smem = 0, tmem = 0>, twill.raw_cross_warp = 62 : i64, twill.cycle = 837 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 229 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 471 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %41 = tile.cast %p {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 74 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 608 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 0 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 453 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
      %42 = tile.mul %o_2, %alpha {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 144 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 819 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 211 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 375 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %o_3 = tile.mma %41, %v, %42 {twill.cost = #twill.cost<unit = tc, cycles = 137, latency = 137, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 144 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 1079 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 471 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 590 : i32} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      tile.yield %o_3, %m_new, %l_3 : !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>
    }
    twill.pipeline ii 608 stages 2 buffers {
      twill.buffer "alpha" depth 1
      twill.buffer "and" depth 1
      twill.buffer "cast" depth 1
      twill.buffer "cmp" depth 1
      twill.buffer "cmp_1" depth 1
      twill.buffer "cmp_2" depth 1
      twill.buffer "cols" depth 1
      twill.buffer "iota" depth 1
      twill.buffer "k" depth 1
      twill.buffer "l" depth 1
      twill.buffer "m_new" depth 2
      twill.buffer "m_use" depth 1
      twill.buffer "mma" depth 1
      twill.buffer "mul" depth 1
      twill.buffer "mul_1" depth 1
      twill.buffer "mul_2" depth 1
      twill.buffer "o" depth 1
      twill.buffer "p" depth 1
      twill.buffer "rowmax" depth 1
      twill.buffer "rowsum" depth 1
      twill.buffer "s" depth 1
      twill.buffer "sub" depth 1
      twill.buffer "sub_1" depth 1
      twill.buffer "v" depth 2
    } prologue {
      twill.copy "k" stage 0 step 0 guarded at 0
      twill.copy "v" stage 0 step 0 guarded at 35
      twill.copy "iota" stage 0 step 0 guarded at 36
      twill.copy "cols" stage 0 step 0 guarded at 71
      twill.copy "cmp" stage 0 step 0 guarded at 106
      twill.copy "cmp_1" stage 0 step 0 guarded at 141
      twill.copy "mma" stage 0 step 0 guarded at 141
      twill.copy "and" stage 0 step 0 guarded at 176
      twill.copy "mul" stage 0 step 0 guarded at 278
      twill.copy "s" stage 0 step 0 guarded at 296
      twill.copy "rowmax" stage 0 step 0 guarded at 331
      twill.copy "m_new" stage 0 step 0 guarded at 349
      twill.copy "cmp_2" stage 0 step 0 guarded at 350
      twill.copy "m_use" stage 0 step 0 guarded at 351
      twill.copy "sub" stage 0 step 0 guarded at 352
      twill.copy "sub_1" stage 0 step 0 guarded at 370
      twill.copy "alpha" stage 0 step 0 guarded at 371
      twill.copy "mul_1" stage 0 step 0 guarded at 373
      twill.copy "p" stage 0 step 0 guarded at 471
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
      twill.copy "cast" stage 1 step 0 at 0
      twill.copy "rowsum" stage 1 step 0 at 18
      twill.copy "v" stage 0 step 0 at 35
      twill.copy "iota" stage 0 step 0 at 36
      twill.copy "cols" stage 0 step 0 at 71
      twill.copy "cmp" stage 0 step 0 at 106
      twill.copy "cmp_1" stage 0 step 0 at 141
      twill.copy "mma" stage 0 step 0 at 141
      twill.copy "and" stage 0 step 0 at 176
      twill.copy "mul_2" stage 1 step 0 at 211
      twill.copy "l" stage 1 step 0 at 229
      twill.copy "mul" stage 0 step 0 at 278
      twill.copy "s" stage 0 step 0 at 296
      twill.copy "rowmax" stage 0 step 0 at 331
      twill.copy "m_new" stage 0 step 0 at 349
      twill.copy "cmp_2" stage 0 step 0 at 350
      twill.copy "m_use" stage 0 step 0 at 351
      twill.copy "sub" stage 0 step 0 at 352
      twill.copy "sub_1" stage 0 step 0 at 370
      twill.copy "alpha" stage 0 step 0 at 371
      twill.copy "mul_1" stage 0 step 0 at 373
      twill.copy "p" stage 0 step 0 at 471
      twill.copy "o" stage 1 step 0 at 471
    } epilogue {
      twill.copy "cast" stage 1 step 0 guarded at 0
      twill.copy "rowsum" stage 1 step 0 guarded at 18
      twill.copy "mul_2" stage 1 step 0 guarded at 211
      twill.copy "l" stage 1 step 0 guarded at 229
      twill.copy "o" stage 1 step 0 guarded at 471
    }
    twill.warp_specialize %12 to %15 step %0 ii 608 stages 2 channels {
      twill.channel "alpha" from 1 to [2] in "smem" depth 1
      twill.channel "cast" from 1 to [2] in "smem" depth 1
      twill.channel "k" from 0 to [1] in "smem" depth 1
      twill.channel "v" from 0 to [2] in "smem" depth 2
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "k" stage 0 step 0 guarded at 0
        twill.copy "v" stage 0 step 0 guarded at 35
      } kernel {
        twill.copy "k" stage 0 step 0 at 0
        twill.copy "v" stage 0 step 0 at 35
      } epilogue {
      }
      twill.role "consumer0" warp 1 regs 240 prologue {
        twill.copy "iota" stage 0 step 0 guarded at 36
        twill.copy "cols" stage 0 step 0 guarded at 71
        twill.copy "cmp" stage 0 step 0 guarded at 106
        twill.copy "cmp_1" stage 0 step 0 guarded at 141
        twill.copy "mma" stage 0 step 0 guarded at 141
        twill.copy "and" stage 0 step 0 guarded at 176
        twill.copy "mul" stage 0 step 0 guarded at 278
        twill.copy "s" stage 0 step 0 guarded at 296
        twill.copy "rowmax" stage 0 step 0 guarded at 331
        twill.copy "m_new" stage 0 step 0 guarded at 349
        twill.copy "cmp_2" stage 0 step 0 guarded at 350
        twill.copy "m_use" stage 0 step 0 guarded at 351
        twill.copy "sub" stage 0 step 0 guarded at 352
        twill.copy "sub_1" stage 0 step 0 guarded at 370
        twill.copy "alpha" stage 0 step 0 guarded at 371
        twill.copy "mul_1" stage 0 step 0 guarded at 373
        twill.copy "p" stage 0 step 0 guarded at 471
      } kernel {
        twill.copy "cast" stage 1 step 0 at 0
        twill.copy "rowsum" stage 1 step 0 at 18
        twill.copy "iota" stage 0 step 0 at 36
        twill.copy "cols" stage 0 step 0 at 71
        twill.copy "cmp" stage 0 step 0 at 106
        twill.copy "cmp_1" stage 0 step 0 at 141
        twill.copy "mma" stage 0 step 0 at 141
        twill.copy "and" stage 0 step 0 at 176
        twill.copy "l" stage 1 step 0 at 229
        twill.copy "mul" stage 0 step 0 at 278
        twill.copy "s" stage 0 step 0 at 296
        twill.copy "rowmax" stage 0 step 0 at 331
        twill.copy "m_new" stage 0 step 0 at 349
        twill.copy "cmp_2" stage 0 step 0 at 350
        twill.copy "m_use" stage 0 step 0 at 351
        twill.copy "sub" stage 0 step 0 at 352
        twill.copy "sub_1" stage 0 step 0 at 370
        twill.copy "alpha" stage 0 step 0 at 371
        twill.copy "mul_1" stage 0 step 0 at 373
        twill.copy "p" stage 0 step 0 at 471
      } epilogue {
        twill.copy "cast" stage 1 step 0 guarded at 0
        twill.copy "rowsum" stage 1 step 0 guarded at 18
        twill.copy "l" stage 1 step 0 guarded at 229
      }
      twill.role "consumer1" warp 2 regs 240 prologue {
      } kernel {
        twill.copy "mul_2" stage 1 step 0 at 211
        twill.copy "o" stage 1 step 0 at 471
      } epilogue {
        twill.copy "mul_2" stage 1 step 0 guarded at 211
        twill.copy "o" stage 1 step 0 guarded at 471
      }
    } outside {
      twill.live_in "iota" on [1]
      twill.live_in "rows" on [1]
      twill.live_in "lo" on [1]
      twill.live_out "o_1" on 2
      twill.live_out "m_1" on 1
      twill.live_out "l_1" on 1
      twill.post "div" on 2
      twill.post "cast" on 2
      twill.post "store" on 2
      twill.handoff "l_1" from 1 to [2] in "smem"
    }
    twill.mask_split %19, %23 alpha [-128, 128] unmasked <ii = 352, length = 727, stages = 3, lower_bound = 274, status = feasible>
    %43 = tile.div %o_1, %l_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
    %44 = tile.cast %43 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %44, %O[%bid, %3] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    func.return
  }
}
