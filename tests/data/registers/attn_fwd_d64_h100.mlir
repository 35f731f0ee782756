builtin.module attributes {twill.target = "h100", twill.reg_reserve = [0 : i32, 80 : i32, 80 : i32]} {
  func.func @attn_fwd(%Q: !tile.tensor<[N, 64], f16>, %K: !tile.tensor<[N, 64], f16>, %V: !tile.tensor<[N, 64], f16>, %O: !tile.tensor<[N, 64], f16>) {
    %0 = arith.constant 2 : index
    %1 = arith.constant 1 : index
    %2 = arith.constant 1 : index
    %3 = arith.constant 128 : index
    %N = tile.size "N"
    %4 = arith.constant 0 : index
    %bid = tile.block_id
    %5 = arith.muli %0, %bid : index
    %q0 = tile.load %Q[%5, %4] {twill.cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
    %6 = arith.muli %0, %bid : index
    %7 = arith.addi %6, %1 : index
    %q1 = tile.load %Q[%7, %4] {twill.cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
    %o0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x64xf32>
    %o1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x64xf32>
    %m0 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %m1 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %l0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
    %l1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
    %8 = arith.divui %N, %3 : index
    %o0_1, %m0_1, %l0_1, %o1_1, %m1_1, %l1_1 = tile.for %4 to %8 step %2 iter_args(%o0, %m0, %l0, %o1, %m1, %l1 : !tile.tile<64x64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>) -> !tile.tile<64x64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32> attributes {twill.cross_warp = 6 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 4.5652169999999996 : f64, proven = 1 : i64, scale_cycles = 1655 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 451, length = 564, stages = 2, lower_bound = 186, status = feasible>, twill.search = #twill.search<solver = "heuristic", note = "II=186 open: II 186..450 not settled (time limit)">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = consumer0, regs = 240>, #twill.warp<id = 2, role = consumer1, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 466, ii_cycles = 3720, lower_bound = 129, status = feasible, note = "">, #twill.variant<parts = 2, ii = 451, ii_cycles = 2488, lower_bound = 186, status = feasible, chosen, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'tile.mma' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">]} {
    ^bb0(%j: index, %o0_2: !tile.tile<64x64xf32>, %m0_2: !tile.tile<64xf32>, %l0_2: !tile.tile<64xf32>, %o1_2: !tile.tile<64x64xf32>, %m1_2: !tile.tile<64xf32>, %l1_2: !tile.tile<64xf32>):
      %k = tile.load %K[%j, %4] {twill.cost = #twill.cost<unit = tma, cycles = 23, latency = 113, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 64], f16> -> !tile.tile<128x64xf16>
      %v = tile.load %V[%j, %4] {twill.cost = #twill.cost<unit = tma, cycles = 23, latency = 113, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 23 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 23 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 64], f16> -> !tile.tile<128x64xf16>
      %9 = tile.mma %q0, %k {twill.cost = #twill.cost<unit = tc, cycles = 46, latency = 46, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 113 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 113 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<128x64xf16> -> !tile.tile<64x128xf32>
      %10 = tile.mma %q1, %k {twill.cost = #twill.cost<unit = tc, cycles = 46, latency = 46, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 159 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 159 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<128x64xf16> -> !tile.tile<64x128xf32>
      %11 = arith.constant 0.180336878 : f32
      %s0 = tile.mul %9, %11 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 168 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 168 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, f32 -> !tile.tile<64x128xf32>
      %12 = tile.rowmax %s0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 189 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 189 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %m0_new = tile.max %m0_2, %12 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 210 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 210 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %13 = tile.sub %s0, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 257 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 257 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %p0 = tile.exp2 %13 {twill.cost = #twill.cost<unit = sfu, cycles = 92, latency = 92, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 292 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 292 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>
      %14 = tile.sub %m0_2, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 226 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 226 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %alpha0 = tile.exp2 %14 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 236 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 236 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>
      %15 = tile.mul %l0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 247 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 247 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %16 = tile.rowsum %p0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 393 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 393 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %l0_3 = tile.add %15, %16 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 417 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 417 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %17 = tile.cast %p0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 52 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 405 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 405 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %18 = tile.mul %o0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 32, smem = 0, tmem = 0, blocking>, twill.cross_warp = 52 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 286 : i64, twill.cycle = 248 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 248 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
      %o0_3 = tile.mma %17, %v, %18 {twill.cost = #twill.cost<unit = tc, cycles = 46, latency = 46, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 52 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 426 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 426 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf16>, !tile.tile<128x64xf16>, !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
      %s1 = tile.mul %10, %11 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 214 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 214 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, f32 -> !tile.tile<64x128xf32>
      %19 = tile.rowmax %s1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 235 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 235 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %m1_new = tile.max %m1_2, %19 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 256 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 256 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %20 = tile.sub %s1, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 269 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 269 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %p1 = tile.exp2 %20 {twill.cost = #twill.cost<unit = sfu, cycles = 92, latency = 92, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 384 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 384 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>
      %21 = tile.sub %m1_2, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 281 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 281 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %alpha1 = tile.exp2 %21 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 291 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 291 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>
      %22 = tile.mul %l1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 301 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 301 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %23 = tile.rowsum %p1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 485 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 34 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %l1_3 = tile.add %22, %23 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 509 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 58 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %24 = tile.cast %p1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 52 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 497 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 46 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %25 = tile.mul %o1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 6, latency = 6, regs = 32, smem = 0, tmem = 0, blocking>, twill.cross_warp = 52 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 286 : i64, twill.cycle = 302 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 302 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
      %o1_3 = tile.mma %24, %v, %25 {twill.cost = #twill.cost<unit = tc, cycles = 46, latency = 46, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 52 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 518 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 67 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf16>, !tile.tile<128x64xf16>, !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
      tile.yield %o0_3, %m0_new, %l0_3, %o1_3, %m1_new, %l1_3 : !tile.tile<64x64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>
    }
    twill.pipeline ii 451 stages 2 buffers {
      twill.buffer "alpha0" depth 1
      twill.buffer "alpha1" depth 1
      twill.buffer "cast" depth 1
      twill.buffer "cast_1" depth 1
      twill.buffer "k" depth 1
      twill.buffer "l0" depth 1
      twill.buffer "l1" depth 1
      twill.buffer "m0_new" depth 2
      twill.buffer "m1_new" depth 2
      twill.buffer "mma" depth 1
      twill.buffer "mma_1" depth 1
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
      twill.copy "v" stage 0 step 0 guarded at 23
      twill.copy "mma" stage 0 step 0 guarded at 113
      twill.copy "mma_1" stage 0 step 0 guarded at 159
      twill.copy "s0" stage 0 step 0 guarded at 168
      twill.copy "rowmax" stage 0 step 0 guarded at 189
      twill.copy "m0_new" stage 0 step 0 guarded at 210
      twill.copy "s1" stage 0 step 0 guarded at 214
      twill.copy "sub_1" stage 0 step 0 guarded at 226
      twill.copy "rowmax_1" stage 0 step 0 guarded at 235
      twill.copy "alpha0" stage 0 step 0 guarded at 236
      twill.copy "mul" stage 0 step 0 guarded at 247
      twill.copy "mul_1" stage 0 step 0 guarded at 248
      twill.copy "m1_new" stage 0 step 0 guarded at 256
      twill.copy "sub" stage 0 step 0 guarded at 257
      twill.copy "sub_2" stage 0 step 0 guarded at 269
      twill.copy "sub_3" stage 0 step 0 guarded at 281
      twill.copy "alpha1" stage 0 step 0 guarded at 291
      twill.copy "p0" stage 0 step 0 guarded at 292
      twill.copy "mul_2" stage 0 step 0 guarded at 301
      twill.copy "mul_3" stage 0 step 0 guarded at 302
      twill.copy "p1" stage 0 step 0 guarded at 384
      twill.copy "rowsum" stage 0 step 0 guarded at 393
      twill.copy "cast" stage 0 step 0 guarded at 405
      twill.copy "l0" stage 0 step 0 guarded at 417
      twill.copy "o0" stage 0 step 0 guarded at 426
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
      twill.copy "v" stage 0 step 0 at 23
      twill.copy "rowsum_1" stage 1 step 0 at 34
      twill.copy "cast_1" stage 1 step 0 at 46
      twill.copy "l1" stage 1 step 0 at 58
      twill.copy "o1" stage 1 step 0 at 67
      twill.copy "mma" stage 0 step 0 at 113
      twill.copy "mma_1" stage 0 step 0 at 159
      twill.copy "s0" stage 0 step 0 at 168
      twill.copy "rowmax" stage 0 step 0 at 189
      twill.copy "m0_new" stage 0 step 0 at 210
      twill.copy "s1" stage 0 step 0 at 214
      twill.copy "sub_1" stage 0 step 0 at 226
      twill.copy "rowmax_1" stage 0 step 0 at 235
      twill.copy "alpha0" stage 0 step 0 at 236
      twill.copy "mul" stage 0 step 0 at 247
      twill.copy "mul_1" stage 0 step 0 at 248
      twill.copy "m1_new" stage 0 step 0 at 256
      twill.copy "sub" stage 0 step 0 at 257
      twill.copy "sub_2" stage 0 step 0 at 269
      twill.copy "sub_3" stage 0 step 0 at 281
      twill.copy "alpha1" stage 0 step 0 at 291
      twill.copy "p0" stage 0 step 0 at 292
      twill.copy "mul_2" stage 0 step 0 at 301
      twill.copy "mul_3" stage 0 step 0 at 302
      twill.copy "p1" stage 0 step 0 at 384
      twill.copy "rowsum" stage 0 step 0 at 393
      twill.copy "cast" stage 0 step 0 at 405
      twill.copy "l0" stage 0 step 0 at 417
      twill.copy "o0" stage 0 step 0 at 426
    } epilogue {
      twill.copy "rowsum_1" stage 1 step 0 guarded at 34
      twill.copy "cast_1" stage 1 step 0 guarded at 46
      twill.copy "l1" stage 1 step 0 guarded at 58
      twill.copy "o1" stage 1 step 0 guarded at 67
    }
    twill.warp_specialize %4 to %8 step %2 ii 451 stages 2 channels {
      twill.channel "k" from 0 to [1, 2] in "smem" depth 1
      twill.channel "v" from 0 to [1, 2] in "smem" depth 2
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "k" stage 0 step 0 guarded at 0
        twill.copy "v" stage 0 step 0 guarded at 23
      } kernel {
        twill.copy "k" stage 0 step 0 at 0
        twill.copy "v" stage 0 step 0 at 23
      } epilogue {
      }
      twill.role "consumer0" warp 1 regs 240 prologue {
        twill.copy "mma" stage 0 step 0 guarded at 113
        twill.copy "s0" stage 0 step 0 guarded at 168
        twill.copy "rowmax" stage 0 step 0 guarded at 189
        twill.copy "m0_new" stage 0 step 0 guarded at 210
        twill.copy "sub_1" stage 0 step 0 guarded at 226
        twill.copy "alpha0" stage 0 step 0 guarded at 236
        twill.copy "mul" stage 0 step 0 guarded at 247
        twill.copy "mul_1" stage 0 step 0 guarded at 248
        twill.copy "sub" stage 0 step 0 guarded at 257
        twill.copy "p0" stage 0 step 0 guarded at 292
        twill.copy "rowsum" stage 0 step 0 guarded at 393
        twill.copy "cast" stage 0 step 0 guarded at 405
        twill.copy "l0" stage 0 step 0 guarded at 417
        twill.copy "o0" stage 0 step 0 guarded at 426
      } kernel {
        twill.copy "mma" stage 0 step 0 at 113
        twill.copy "s0" stage 0 step 0 at 168
        twill.copy "rowmax" stage 0 step 0 at 189
        twill.copy "m0_new" stage 0 step 0 at 210
        twill.copy "sub_1" stage 0 step 0 at 226
        twill.copy "alpha0" stage 0 step 0 at 236
        twill.copy "mul" stage 0 step 0 at 247
        twill.copy "mul_1" stage 0 step 0 at 248
        twill.copy "sub" stage 0 step 0 at 257
        twill.copy "p0" stage 0 step 0 at 292
        twill.copy "rowsum" stage 0 step 0 at 393
        twill.copy "cast" stage 0 step 0 at 405
        twill.copy "l0" stage 0 step 0 at 417
        twill.copy "o0" stage 0 step 0 at 426
      } epilogue {
      }
      twill.role "consumer1" warp 2 regs 240 prologue {
        twill.copy "mma_1" stage 0 step 0 guarded at 159
        twill.copy "s1" stage 0 step 0 guarded at 214
        twill.copy "rowmax_1" stage 0 step 0 guarded at 235
        twill.copy "m1_new" stage 0 step 0 guarded at 256
        twill.copy "sub_2" stage 0 step 0 guarded at 269
        twill.copy "sub_3" stage 0 step 0 guarded at 281
        twill.copy "alpha1" stage 0 step 0 guarded at 291
        twill.copy "mul_2" stage 0 step 0 guarded at 301
        twill.copy "mul_3" stage 0 step 0 guarded at 302
        twill.copy "p1" stage 0 step 0 guarded at 384
      } kernel {
        twill.copy "rowsum_1" stage 1 step 0 at 34
        twill.copy "cast_1" stage 1 step 0 at 46
        twill.copy "l1" stage 1 step 0 at 58
        twill.copy "o1" stage 1 step 0 at 67
        twill.copy "mma_1" stage 0 step 0 at 159
        twill.copy "s1" stage 0 step 0 at 214
        twill.copy "rowmax_1" stage 0 step 0 at 235
        twill.copy "m1_new" stage 0 step 0 at 256
        twill.copy "sub_2" stage 0 step 0 at 269
        twill.copy "sub_3" stage 0 step 0 at 281
        twill.copy "alpha1" stage 0 step 0 at 291
        twill.copy "mul_2" stage 0 step 0 at 301
        twill.copy "mul_3" stage 0 step 0 at 302
        twill.copy "p1" stage 0 step 0 at 384
      } epilogue {
        twill.copy "rowsum_1" stage 1 step 0 guarded at 34
        twill.copy "cast_1" stage 1 step 0 guarded at 46
        twill.copy "l1" stage 1 step 0 guarded at 58
        twill.copy "o1" stage 1 step 0 guarded at 67
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
    %26 = tile.div %o0_1, %l0_1 {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
    %27 = tile.cast %26 {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 16, smem = 0, tmem = 0>} : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    %28 = arith.muli %0, %bid : index
    tile.store %27, %O[%28, %4] {twill.cost = #twill.cost<unit = tma, cycles = 64, latency = 64, regs = 0, smem = 8192, tmem = 0>} : !tile.tile<64x64xf16>, !tile.tensor<[N, 64], f16>
    %29 = tile.div %o1_1, %l1_1 {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
    %30 = tile.cast %29 {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 16, smem = 0, tmem = 0>} : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    %31 = arith.muli %0, %bid : index
    %32 = arith.addi %31, %1 : index
    tile.store %30, %O[%32, %4] {twill.cost = #twill.cost<unit = tma, cycles = 64, latency = 64, regs = 0, smem = 8192, tmem = 0>} : !tile.tile<64x64xf16>, !tile.tensor<[N, 64], f16>
    func.return
  }
}
