builtin.module attributes {twill.target = "h100"} {
  func.func @k(%T0: !tile.tensor<[N, 64], f16>, %T1: !tile.tensor<[N, 64], f16>, %T2: !tile.tensor<[N, 64], f16>, %T3: !tile.tensor<[N, 64], f32>, %T4: !tile.tensor<[N], f32>, %s0: f32) {
    %0 = arith.constant 2 : index
    %1 = arith.constant 1 : index
    %N = tile.size "N"
    %2 = arith.constant 64 : index
    %3 = arith.constant 1 : index
    %4 = arith.constant 128 : index
    %5 = arith.constant 0 : index
    %bid = tile.block_id
    %6 = arith.muli %0, %bid : index
    %q0 = tile.load %T0[%6, %5] {twill.cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
    %7 = arith.muli %0, %bid : index
    %8 = arith.addi %7, %1 : index
    %q1 = tile.load %T0[%8, %5] {twill.cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
    %9 = tile.iota {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>, dim = 0 : i64} : !tile.tile<128x64xi32>
    %10 = arith.muli %bid, %4 : index
    %11 = arith.index_cast %10 : index to i32
    %rows = tile.add %9, %11 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x64xi32>, i32 -> !tile.tile<128x64xi32>
    %o0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x64xf32>
    %o1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x64xf32>
    %m0 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %m1 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %12 = arith.addi %bid, %3 : index
    %13 = arith.muli %12, %4 : index
    %14 = arith.divui %13, %2 : index
    %o0_1, %m0_1, %o1_1, %m1_1 = tile.for %5 to %14 step %3 iter_args(%o0, %m0, %o1, %m1 : !tile.tile<64x64xf32>, !tile.tile<64xf32>, !tile.tile<64x64xf32>, !tile.tile<64xf32>) -> !tile.tile<64x64xf32>, !tile.tile<64xf32>, !tile.tile<64x64xf32>, !tile.tile<64xf32> attributes {twill.normalization = {budget = 300 : i64, max_ratio_error = 2.657143 : f64, proven = 1 : i64, scale_cycles = 1079 : i64, scale_units = 299 : i64}, twill.cross_warp = 9 : i64, twill.schedule = #twill.schedule<ii = 238, length = 1398, stages = 6, lower_bound = 238, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=238 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = consumer0, regs = 240>, #twill.warp<id = 2, role = consumer1, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.split_refused = "'s1' is read on several warps", twill.variants = [#twill.variant<parts = 1, ii = 235, ii_cycles = 1124, lower_bound = 108, status = feasible, note = "">, #twill.variant<parts = 2, ii = 238, ii_cycles = 859, lower_bound = 238, status = optimal, chosen, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'tile.mma' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">]} {
    ^bb0(%j: index, %o0_2: !tile.tile<64x64xf32>, %m0_2: !tile.tile<64xf32>, %o1_2: !tile.tile<64x64xf32>, %m1_2: !tile.tile<64xf32>):
      %k = tile.load %T1[%j, %5] {twill.cost = #twill.cost<unit = tma, cycles = 18, latency = 155, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
      %v = tile.load %T2[%j, %5] {twill.cost = #twill.cost<unit = tma, cycles = 18, latency = 155, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 18 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 18 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
      %15 = tile.iota {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 0, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 73 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 73 : i32, twill.warp = 1 : i32, dim = 1 : i64} : !tile.tile<64x64xi32>
      %16 = tile.iota {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 0, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 91 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 91 : i32, twill.warp = 1 : i32, dim = 1 : i64} : !tile.tile<64x64xi32>
      %17 = arith.muli %j, %2 : index
      %18 = arith.index_cast %17 : index to i32
      %cols0 = tile.add %15, %18 {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 0, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 275 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 37 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xi32>, i32 -> !tile.tile<64x64xi32>
      %cols1 = tile.add %16, %18 {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 0, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 257 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 19 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xi32>, i32 -> !tile.tile<64x64xi32>
      %19 = arith.index_cast %N : index to i32
      %20 = tile.cmp "lt", %cols0, %19 {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 0, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 477 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 1 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xi32>, i32 -> !tile.tile<64x64xi1>
      %21 = tile.mma %q0, %k {twill.cost = #twill.cost<unit = tc, cycles = 35, latency = 35, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 128, latency = 128, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 273 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 35 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<64x64xf16> -> !tile.tile<64x64xf32>
      %22 = tile.cmp "lt", %cols1, %19 {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 0, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 365 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 127 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xi32>, i32 -> !tile.tile<64x64xi1>
      %23 = tile.mma %q1, %k {twill.cost = #twill.cost<unit = tc, cycles = 35, latency = 35, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 128, latency = 128, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 308 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 70 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<64x64xf16> -> !tile.tile<64x64xf32>
      %24 = arith.constant 0xff800000 : f32
      %s0_1 = tile.select %20, %21, %24 {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 32, smem = 0, tmem = 0, blocking>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 286 : i64, twill.cycle = 585 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 109 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xi1>, !tile.tile<64x64xf32>, f32 -> !tile.tile<64x64xf32>
      %t1 = tile.rowsum %s0_1 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 2, smem = 0, tmem = 0, blocking>, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0, blocking>, twill.cycle = 666 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 190 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %25 = tile.rowmax %s0_1 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 2, smem = 0, tmem = 0, blocking>, twill.cross_warp = 13 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 46 : i64, twill.cycle = 648 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 172 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %m0_new = tile.max %m0_2, %25 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 13 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 712 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 236 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %26 = tile.sub %s0_1, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 32, smem = 0, tmem = 0, blocking>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 286 : i64, twill.cycle = 859 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 145 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
      %p0 = tile.exp2 %26 {twill.cost = #twill.cost<unit = sfu, cycles = 70, latency = 70, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 256, latency = 256, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 1024 : i32, twill.stage = 4 : i32, loop.stage = 4 : i32, loop.cluster = 72 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32>
      %27 = tile.sub %m0_2, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 13 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 949 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 235 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %alpha0 = tile.exp2 %27 {twill.cost = #twill.cost<unit = sfu, cycles = 2, latency = 2, regs = 2, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.cycle = 1094 : i32, twill.stage = 4 : i32, loop.stage = 4 : i32, loop.cluster = 142 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>
      %28 = tile.cast %p0 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 16, smem = 0, tmem = 0>, twill.cross_warp = 44 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 16, smem = 0, tmem = 0>, twill.raw_cross_warp = 158 : i64, twill.cycle = 1160 : i32, twill.stage = 4 : i32, loop.stage = 4 : i32, loop.cluster = 208 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
      %29 = tile.mma %28, %v {twill.cost = #twill.cost<unit = tc, cycles = 35, latency = 35, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 128, latency = 128, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 1190 : i32, twill.stage = 5 : i32, loop.stage = 5 : i32, loop.cluster = 0 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf16>, !tile.tile<64x64xf16> -> !tile.tile<64x64xf32>
      %o0_3 = tile.add %o0_2, %29 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0, blocking>, twill.cycle = 1389 : i32, twill.stage = 5 : i32, loop.stage = 5 : i32, loop.cluster = 199 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>, !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
      %s1 = tile.select %22, %23, %24 {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 32, smem = 0, tmem = 0, blocking>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 286 : i64, twill.cycle = 531 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 55 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xi1>, !tile.tile<64x64xf32>, f32 -> !tile.tile<64x64xf32>
      %t1_1 = tile.rowsum %s1 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 2, smem = 0, tmem = 0, blocking>, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0, blocking>, twill.cycle = 702 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 226 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %30 = tile.rowmax %s1 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 2, smem = 0, tmem = 0, blocking>, twill.cross_warp = 13 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 46 : i64, twill.cycle = 693 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 217 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %m1_new = tile.max %m1_2, %30 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 13 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 714 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 0 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %31 = tile.sub %s1, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 32, smem = 0, tmem = 0, blocking>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 286 : i64, twill.cycle = 877 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 163 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
      %p1 = tile.exp2 %31 {twill.cost = #twill.cost<unit = sfu, cycles = 70, latency = 70, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 256, latency = 256, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 954 : i32, twill.stage = 4 : i32, loop.stage = 4 : i32, loop.cluster = 2 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32>
      %32 = tile.sub %m1_2, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 13 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 951 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 237 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %alpha1 = tile.exp2 %32 {twill.cost = #twill.cost<unit = sfu, cycles = 2, latency = 2, regs = 2, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.cycle = 952 : i32, twill.stage = 4 : i32, loop.stage = 4 : i32, loop.cluster = 0 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>
      %33 = tile.cast %p1 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 16, smem = 0, tmem = 0>, twill.cross_warp = 44 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 16, smem = 0, tmem = 0>, twill.raw_cross_warp = 158 : i64, twill.cycle = 1133 : i32, twill.stage = 4 : i32, loop.stage = 4 : i32, loop.cluster = 181 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
      %34 = tile.mma %33, %v {twill.cost = #twill.cost<unit = tc, cycles = 35, latency = 35, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 128, latency = 128, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 1295 : i32, twill.stage = 5 : i32, loop.stage = 5 : i32, loop.cluster = 105 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf16>, !tile.tile<64x64xf16> -> !tile.tile<64x64xf32>
      %o1_3 = tile.add %o1_2, %34 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0, blocking>, twill.cycle = 1344 : i32, twill.stage = 5 : i32, loop.stage = 5 : i32, loop.cluster = 154 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xf32>, !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
      tile.yield %o0_3, %m0_new, %o1_3, %m1_new : !tile.tile<64x64xf32>, !tile.tile<64xf32>, !tile.tile<64x64xf32>, !tile.tile<64xf32>
    }
    twill.pipeline ii 238 stages 6 buffers {
      twill.buffer "alpha0" depth 1
      twill.buffer "alpha1" depth 1
      twill.buffer "cast" depth 1
      twill.buffer "cast_1" depth 1
      twill.buffer "cmp" depth 1
      twill.buffer "cmp_1" depth 1
      twill.buffer "cols0" depth 1
      twill.buffer "cols1" depth 1
      twill.buffer "iota" depth 1
      twill.buffer "iota_1" depth 1
      twill.buffer "k" depth 2
      twill.buffer "m0_new" depth 2
      twill.buffer "m1_new" depth 2
      twill.buffer "mma" depth 2
      twill.buffer "mma_1" depth 2
      twill.buffer "mma_2" depth 1
      twill.buffer "mma_3" depth 1
      twill.buffer "o0" depth 2
      twill.buffer "o1" depth 2
      twill.buffer "p0" depth 1
      twill.buffer "p1" depth 1
      twill.buffer "rowmax" depth 1
      twill.buffer "rowmax_1" depth 1
      twill.buffer "s0" depth 2
      twill.buffer "s1" depth 2
      twill.buffer "sub" depth 1
      twill.buffer "sub_1" depth 1
      twill.buffer "sub_2" depth 1
      twill.buffer "sub_3" depth 1
      twill.buffer "t1" depth 1
      twill.buffer "t1_1" depth 1
      twill.buffer "v" depth 6
    } prologue {
      twill.copy "k" stage 0 step 0 guarded at 0
      twill.copy "v" stage 0 step 0 guarded at 18
      twill.copy "iota" stage 0 step 0 guarded at 73
      twill.copy "iota_1" stage 0 step 0 guarded at 91
      twill.copy "k" stage 0 step 1 guarded at 0
      twill.copy "v" stage 0 step 1 guarded at 18
      twill.copy "cols1" stage 1 step 1 guarded at 19
      twill.copy "mma" stage 1 step 1 guarded at 35
      twill.copy "cols0" stage 1 step 1 guarded at 37
      twill.copy "mma_1" stage 1 step 1 guarded at 70
      twill.copy "iota" stage 0 step 1 guarded at 73
      twill.copy "iota_1" stage 0 step 1 guarded at 91
      twill.copy "cmp_1" stage 1 step 1 guarded at 127
      twill.copy "k" stage 0 step 2 guarded at 0
      twill.copy "cmp" stage 2 step 2 guarded at 1
      twill.copy "v" stage 0 step 2 guarded at 18
      twill.copy "cols1" stage 1 step 2 guarded at 19
      twill.copy "mma" stage 1 step 2 guarded at 35
      twill.copy "cols0" stage 1 step 2 guarded at 37
      twill.copy "s1" stage 2 step 2 guarded at 55
      twill.copy "mma_1" stage 1 step 2 guarded at 70
      twill.copy "iota" stage 0 step 2 guarded at 73
      twill.copy "iota_1" stage 0 step 2 guarded at 91
      twill.copy "s0" stage 2 step 2 guarded at 109
      twill.copy "cmp_1" stage 1 step 2 guarded at 127
      twill.copy "rowmax" stage 2 step 2 guarded at 172
      twill.copy "t1" stage 2 step 2 guarded at 190
      twill.copy "rowmax_1" stage 2 step 2 guarded at 217
      twill.copy "t1_1" stage 2 step 2 guarded at 226
      twill.copy "m0_new" stage 2 step 2 guarded at 236
      twill.copy "k" stage 0 step 3 guarded at 0
      twill.copy "m1_new" stage 3 step 3 guarded at 0
      twill.copy "cmp" stage 2 step 3 guarded at 1
      twill.copy "v" stage 0 step 3 guarded at 18
      twill.copy "cols1" stage 1 step 3 guarded at 19
      twill.copy "mma" stage 1 step 3 guarded at 35
      twill.copy "cols0" stage 1 step 3 guarded at 37
      twill.copy "s1" stage 2 step 3 guarded at 55
      twill.copy "mma_1" stage 1 step 3 guarded at 70
      twill.copy "iota" stage 0 step 3 guarded at 73
      twill.copy "iota_1" stage 0 step 3 guarded at 91
      twill.copy "s0" stage 2 step 3 guarded at 109
      twill.copy "cmp_1" stage 1 step 3 guarded at 127
      twill.copy "sub" stage 3 step 3 guarded at 145
      twill.copy "sub_2" stage 3 step 3 guarded at 163
      twill.copy "rowmax" stage 2 step 3 guarded at 172
      twill.copy "t1" stage 2 step 3 guarded at 190
      twill.copy "rowmax_1" stage 2 step 3 guarded at 217
      twill.copy "t1_1" stage 2 step 3 guarded at 226
      twill.copy "sub_1" stage 3 step 3 guarded at 235
      twill.copy "m0_new" stage 2 step 3 guarded at 236
      twill.copy "sub_3" stage 3 step 3 guarded at 237
      twill.copy "k" stage 0 step 4 guarded at 0
      twill.copy "m1_new" stage 3 step 4 guarded at 0
      twill.copy "alpha1" stage 4 step 4 guarded at 0
      twill.copy "cmp" stage 2 step 4 guarded at 1
      twill.copy "p1" stage 4 step 4 guarded at 2
      twill.copy "v" stage 0 step 4 guarded at 18
      twill.copy "cols1" stage 1 step 4 guarded at 19
      twill.copy "mma" stage 1 step 4 guarded at 35
      twill.copy "cols0" stage 1 step 4 guarded at 37
      twill.copy "s1" stage 2 step 4 guarded at 55
      twill.copy "mma_1" stage 1 step 4 guarded at 70
      twill.copy "p0" stage 4 step 4 guarded at 72
      twill.copy "iota" stage 0 step 4 guarded at 73
      twill.copy "iota_1" stage 0 step 4 guarded at 91
      twill.copy "s0" stage 2 step 4 guarded at 109
      twill.copy "cmp_1" stage 1 step 4 guarded at 127
      twill.copy "alpha0" stage 4 step 4 guarded at 142
      twill.copy "sub" stage 3 step 4 guarded at 145
      twill.copy "sub_2" stage 3 step 4 guarded at 163
      twill.copy "rowmax" stage 2 step 4 guarded at 172
      twill.copy "cast_1" stage 4 step 4 guarded at 181
      twill.copy "t1" stage 2 step 4 guarded at 190
      twill.copy "cast" stage 4 step 4 guarded at 208
      twill.copy "rowmax_1" stage 2 step 4 guarded at 217
      twill.copy "t1_1" stage 2 step 4 guarded at 226
      twill.copy "sub_1" stage 3 step 4 guarded at 235
      twill.copy "m0_new" stage 2 step 4 guarded at 236
      twill.copy "sub_3" stage 3 step 4 guarded at 237
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
      twill.copy "mma_2" stage 5 step 0 at 0
      twill.copy "m1_new" stage 3 step 0 at 0
      twill.copy "alpha1" stage 4 step 0 at 0
      twill.copy "cmp" stage 2 step 0 at 1
      twill.copy "p1" stage 4 step 0 at 2
      twill.copy "v" stage 0 step 0 at 18
      twill.copy "cols1" stage 1 step 0 at 19
      twill.copy "mma" stage 1 step 0 at 35
      twill.copy "cols0" stage 1 step 0 at 37
      twill.copy "s1" stage 2 step 0 at 55
      twill.copy "mma_1" stage 1 step 0 at 70
      twill.copy "p0" stage 4 step 0 at 72
      twill.copy "iota" stage 0 step 0 at 73
      twill.copy "iota_1" stage 0 step 0 at 91
      twill.copy "mma_3" stage 5 step 0 at 105
      twill.copy "s0" stage 2 step 0 at 109
      twill.copy "cmp_1" stage 1 step 0 at 127
      twill.copy "alpha0" stage 4 step 0 at 142
      twill.copy "sub" stage 3 step 0 at 145
      twill.copy "o1" stage 5 step 0 at 154
      twill.copy "sub_2" stage 3 step 0 at 163
      twill.copy "rowmax" stage 2 step 0 at 172
      twill.copy "cast_1" stage 4 step 0 at 181
      twill.copy "t1" stage 2 step 0 at 190
      twill.copy "o0" stage 5 step 0 at 199
      twill.copy "cast" stage 4 step 0 at 208
      twill.copy "rowmax_1" stage 2 step 0 at 217
      twill.copy "t1_1" stage 2 step 0 at 226
      twill.copy "sub_1" stage 3 step 0 at 235
      twill.copy "m0_new" stage 2 step 0 at 236
      twill.copy "sub_3" stage 3 step 0 at 237
    } epilogue {
      twill.copy "mma_2" stage 5 step 0 guarded at 0
      twill.copy "m1_new" stage 3 step 0 guarded at 0
      twill.copy "alpha1" stage 4 step 0 guarded at 0
      twill.copy "cmp" stage 2 step 0 guarded at 1
      twill.copy "p1" stage 4 step 0 guarded at 2
      twill.copy "cols1" stage 1 step 0 guarded at 19
      twill.copy "mma" stage 1 step 0 guarded at 35
      twill.copy "cols0" stage 1 step 0 guarded at 37
      twill.copy "s1" stage 2 step 0 guarded at 55
      twill.copy "mma_1" stage 1 step 0 guarded at 70
      twill.copy "p0" stage 4 step 0 guarded at 72
      twill.copy "mma_3" stage 5 step 0 guarded at 105
      twill.copy "s0" stage 2 step 0 guarded at 109
      twill.copy "cmp_1" stage 1 step 0 guarded at 127
      twill.copy "alpha0" stage 4 step 0 guarded at 142
      twill.copy "sub" stage 3 step 0 guarded at 145
      twill.copy "o1" stage 5 step 0 guarded at 154
      twill.copy "sub_2" stage 3 step 0 guarded at 163
      twill.copy "rowmax" stage 2 step 0 guarded at 172
      twill.copy "cast_1" stage 4 step 0 guarded at 181
      twill.copy "t1" stage 2 step 0 guarded at 190
      twill.copy "o0" stage 5 step 0 guarded at 199
      twill.copy "cast" stage 4 step 0 guarded at 208
      twill.copy "rowmax_1" stage 2 step 0 guarded at 217
      twill.copy "t1_1" stage 2 step 0 guarded at 226
      twill.copy "sub_1" stage 3 step 0 guarded at 235
      twill.copy "m0_new" stage 2 step 0 guarded at 236
      twill.copy "sub_3" stage 3 step 0 guarded at 237
      twill.copy "mma_2" stage 5 step 1 guarded at 0
      twill.copy "m1_new" stage 3 step 1 guarded at 0
      twill.copy "alpha1" stage 4 step 1 guarded at 0
      twill.copy "cmp" stage 2 step 1 guarded at 1
      twill.copy "p1" stage 4 step 1 guarded at 2
      twill.copy "s1" stage 2 step 1 guarded at 55
      twill.copy "p0" stage 4 step 1 guarded at 72
      twill.copy "mma_3" stage 5 step 1 guarded at 105
      twill.copy "s0" stage 2 step 1 guarded at 109
      twill.copy "alpha0" stage 4 step 1 guarded at 142
      twill.copy "sub" stage 3 step 1 guarded at 145
      twill.copy "o1" stage 5 step 1 guarded at 154
      twill.copy "sub_2" stage 3 step 1 guarded at 163
      twill.copy "rowmax" stage 2 step 1 guarded at 172
      twill.copy "cast_1" stage 4 step 1 guarded at 181
      twill.copy "t1" stage 2 step 1 guarded at 190
      twill.copy "o0" stage 5 step 1 guarded at 199
      twill.copy "cast" stage 4 step 1 guarded at 208
      twill.copy "rowmax_1" stage 2 step 1 guarded at 217
      twill.copy "t1_1" stage 2 step 1 guarded at 226
      twill.copy "sub_1" stage 3 step 1 guarded at 235
      twill.copy "m0_new" stage 2 step 1 guarded at 236
      twill.copy "sub_3" stage 3 step 1 guarded at 237
      twill.copy "mma_2" stage 5 step 2 guarded at 0
      twill.copy "m1_new" stage 3 step 2 guarded at 0
      twill.copy "alpha1" stage 4 step 2 guarded at 0
      twill.copy "p1" stage 4 step 2 guarded at 2
      twill.copy "p0" stage 4 step 2 guarded at 72
      twill.copy "mma_3" stage 5 step 2 guarded at 105
      twill.copy "alpha0" stage 4 step 2 guarded at 142
      twill.copy "sub" stage 3 step 2 guarded at 145
      twill.copy "o1" stage 5 step 2 guarded at 154
      twill.copy "sub_2" stage 3 step 2 guarded at 163
      twill.copy "cast_1" stage 4 step 2 guarded at 181
      twill.copy "o0" stage 5 step 2 guarded at 199
      twill.copy "cast" stage 4 step 2 guarded at 208
      twill.copy "sub_1" stage 3 step 2 guarded at 235
      twill.copy "sub_3" stage 3 step 2 guarded at 237
      twill.copy "mma_2" stage 5 step 3 guarded at 0
      twill.copy "alpha1" stage 4 step 3 guarded at 0
      twill.copy "p1" stage 4 step 3 guarded at 2
      twill.copy "p0" stage 4 step 3 guarded at 72
      twill.copy "mma_3" stage 5 step 3 guarded at 105
      twill.copy "alpha0" stage 4 step 3 guarded at 142
      twill.copy "o1" stage 5 step 3 guarded at 154
      twill.copy "cast_1" stage 4 step 3 guarded at 181
      twill.copy "o0" stage 5 step 3 guarded at 199
      twill.copy "cast" stage 4 step 3 guarded at 208
      twill.copy "mma_2" stage 5 step 4 guarded at 0
      twill.copy "mma_3" stage 5 step 4 guarded at 105
      twill.copy "o1" stage 5 step 4 guarded at 154
      twill.copy "o0" stage 5 step 4 guarded at 199
    }
    twill.warp_specialize %5 to %14 step %3 ii 238 stages 6 channels {
      twill.channel "k" from 0 to [1, 2] in "smem" depth 2
      twill.channel "m1_new" from 1 to [2] in "smem" depth 2
      twill.channel "mma" from 2 to [1] in "smem" depth 2
      twill.channel "mma_2" from 2 to [1] in "smem" depth 1
      twill.channel "s1" from 1 to [2] in "smem" depth 2
      twill.channel "sub" from 1 to [2] in "smem" depth 1
      twill.channel "v" from 0 to [2] in "smem" depth 6
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "k" stage 0 step 0 guarded at 0
        twill.copy "v" stage 0 step 0 guarded at 18
        twill.copy "k" stage 0 step 1 guarded at 0
        twill.copy "v" stage 0 step 1 guarded at 18
        twill.copy "k" stage 0 step 2 guarded at 0
        twill.copy "v" stage 0 step 2 guarded at 18
        twill.copy "k" stage 0 step 3 guarded at 0
        twill.copy "v" stage 0 step 3 guarded at 18
        twill.copy "k" stage 0 step 4 guarded at 0
        twill.copy "v" stage 0 step 4 guarded at 18
      } kernel {
        twill.copy "k" stage 0 step 0 at 0
        twill.copy "v" stage 0 step 0 at 18
      } epilogue {
      }
      twill.role "consumer0" warp 1 regs 240 prologue {
        twill.copy "iota" stage 0 step 0 guarded at 73
        twill.copy "iota_1" stage 0 step 0 guarded at 91
        twill.copy "cols1" stage 1 step 1 guarded at 19
        twill.copy "cols0" stage 1 step 1 guarded at 37
        twill.copy "mma_1" stage 1 step 1 guarded at 70
        twill.copy "iota" stage 0 step 1 guarded at 73
        twill.copy "iota_1" stage 0 step 1 guarded at 91
        twill.copy "cmp_1" stage 1 step 1 guarded at 127
        twill.copy "cmp" stage 2 step 2 guarded at 1
        twill.copy "cols1" stage 1 step 2 guarded at 19
        twill.copy "cols0" stage 1 step 2 guarded at 37
        twill.copy "s1" stage 2 step 2 guarded at 55
        twill.copy "mma_1" stage 1 step 2 guarded at 70
        twill.copy "iota" stage 0 step 2 guarded at 73
        twill.copy "iota_1" stage 0 step 2 guarded at 91
        twill.copy "s0" stage 2 step 2 guarded at 109
        twill.copy "cmp_1" stage 1 step 2 guarded at 127
        twill.copy "rowmax" stage 2 step 2 guarded at 172
        twill.copy "t1" stage 2 step 2 guarded at 190
        twill.copy "rowmax_1" stage 2 step 2 guarded at 217
        twill.copy "t1_1" stage 2 step 2 guarded at 226
        twill.copy "m0_new" stage 2 step 2 guarded at 236
        twill.copy "m1_new" stage 3 step 3 guarded at 0
        twill.copy "cmp" stage 2 step 3 guarded at 1
        twill.copy "cols1" stage 1 step 3 guarded at 19
        twill.copy "cols0" stage 1 step 3 guarded at 37
        twill.copy "s1" stage 2 step 3 guarded at 55
        twill.copy "mma_1" stage 1 step 3 guarded at 70
        twill.copy "iota" stage 0 step 3 guarded at 73
        twill.copy "iota_1" stage 0 step 3 guarded at 91
        twill.copy "s0" stage 2 step 3 guarded at 109
        twill.copy "cmp_1" stage 1 step 3 guarded at 127
        twill.copy "sub" stage 3 step 3 guarded at 145
        twill.copy "rowmax" stage 2 step 3 guarded at 172
        twill.copy "t1" stage 2 step 3 guarded at 190
        twill.copy "rowmax_1" stage 2 step 3 guarded at 217
        twill.copy "t1_1" stage 2 step 3 guarded at 226
        twill.copy "sub_1" stage 3 step 3 guarded at 235
        twill.copy "m0_new" stage 2 step 3 guarded at 236
        twill.copy "sub_3" stage 3 step 3 guarded at 237
        twill.copy "m1_new" stage 3 step 4 guarded at 0
        twill.copy "alpha1" stage 4 step 4 guarded at 0
        twill.copy "cmp" stage 2 step 4 guarded at 1
        twill.copy "cols1" stage 1 step 4 guarded at 19
        twill.copy "cols0" stage 1 step 4 guarded at 37
        twill.copy "s1" stage 2 step 4 guarded at 55
        twill.copy "mma_1" stage 1 step 4 guarded at 70
        twill.copy "iota" stage 0 step 4 guarded at 73
        twill.copy "iota_1" stage 0 step 4 guarded at 91
        twill.copy "s0" stage 2 step 4 guarded at 109
        twill.copy "cmp_1" stage 1 step 4 guarded at 127
        twill.copy "alpha0" stage 4 step 4 guarded at 142
        twill.copy "sub" stage 3 step 4 guarded at 145
        twill.copy "rowmax" stage 2 step 4 guarded at 172
        twill.copy "t1" stage 2 step 4 guarded at 190
        twill.copy "rowmax_1" stage 2 step 4 guarded at 217
        twill.copy "t1_1" stage 2 step 4 guarded at 226
        twill.copy "sub_1" stage 3 step 4 guarded at 235
        twill.copy "m0_new" stage 2 step 4 guarded at 236
        twill.copy "sub_3" stage 3 step 4 guarded at 237
      } kernel {
        twill.copy "m1_new" stage 3 step 0 at 0
        twill.copy "alpha1" stage 4 step 0 at 0
        twill.copy "cmp" stage 2 step 0 at 1
        twill.copy "cols1" stage 1 step 0 at 19
        twill.copy "cols0" stage 1 step 0 at 37
        twill.copy "s1" stage 2 step 0 at 55
        twill.copy "mma_1" stage 1 step 0 at 70
        twill.copy "iota" stage 0 step 0 at 73
        twill.copy "iota_1" stage 0 step 0 at 91
        twill.copy "s0" stage 2 step 0 at 109
        twill.copy "cmp_1" stage 1 step 0 at 127
        twill.copy "alpha0" stage 4 step 0 at 142
        twill.copy "sub" stage 3 step 0 at 145
        twill.copy "rowmax" stage 2 step 0 at 172
        twill.copy "t1" stage 2 step 0 at 190
        twill.copy "o0" stage 5 step 0 at 199
        twill.copy "rowmax_1" stage 2 step 0 at 217
        twill.copy "t1_1" stage 2 step 0 at 226
        twill.copy "sub_1" stage 3 step 0 at 235
        twill.copy "m0_new" stage 2 step 0 at 236
        twill.copy "sub_3" stage 3 step 0 at 237
      } epilogue {
        twill.copy "m1_new" stage 3 step 0 guarded at 0
        twill.copy "alpha1" stage 4 step 0 guarded at 0
        twill.copy "cmp" stage 2 step 0 guarded at 1
        twill.copy "cols1" stage 1 step 0 guarded at 19
        twill.copy "cols0" stage 1 step 0 guarded at 37
        twill.copy "s1" stage 2 step 0 guarded at 55
        twill.copy "mma_1" stage 1 step 0 guarded at 70
        twill.copy "s0" stage 2 step 0 guarded at 109
        twill.copy "cmp_1" stage 1 step 0 guarded at 127
        twill.copy "alpha0" stage 4 step 0 guarded at 142
        twill.copy "sub" stage 3 step 0 guarded at 145
        twill.copy "rowmax" stage 2 step 0 guarded at 172
        twill.copy "t1" stage 2 step 0 guarded at 190
        twill.copy "o0" stage 5 step 0 guarded at 199
        twill.copy "rowmax_1" stage 2 step 0 guarded at 217
        twill.copy "t1_1" stage 2 step 0 guarded at 226
        twill.copy "sub_1" stage 3 step 0 guarded at 235
        twill.copy "m0_new" stage 2 step 0 guarded at 236
        twill.copy "sub_3" stage 3 step 0 guarded at 237
        twill.copy "m1_new" stage 3 step 1 guarded at 0
        twill.copy "alpha1" stage 4 step 1 guarded at 0
        twill.copy "cmp" stage 2 step 1 guarded at 1
        twill.copy "s1" stage 2 step 1 guarded at 55
        twill.copy "s0" stage 2 step 1 guarded at 109
        twill.copy "alpha0" stage 4 step 1 guarded at 142
        twill.copy "sub" stage 3 step 1 guarded at 145
        twill.copy "rowmax" stage 2 step 1 guarded at 172
        twill.copy "t1" stage 2 step 1 guarded at 190
        twill.copy "o0" stage 5 step 1 guarded at 199
        twill.copy "rowmax_1" stage 2 step 1 guarded at 217
        twill.copy "t1_1" stage 2 step 1 guarded at 226
        twill.copy "sub_1" stage 3 step 1 guarded at 235
        twill.copy "m0_new" stage 2 step 1 guarded at 236
        twill.copy "sub_3" stage 3 step 1 guarded at 237
        twill.copy "m1_new" stage 3 step 2 guarded at 0
        twill.copy "alpha1" stage 4 step 2 guarded at 0
        twill.copy "alpha0" stage 4 step 2 guarded at 142
        twill.copy "sub" stage 3 step 2 guarded at 145
        twill.copy "o0" stage 5 step 2 guarded at 199
        twill.copy "sub_1" stage 3 step 2 guarded at 235
        twill.copy "sub_3" stage 3 step 2 guarded at 237
        twill.copy "alpha1" stage 4 step 3 guarded at 0
        twill.copy "alpha0" stage 4 step 3 guarded at 142
        twill.copy "o0" stage 5 step 3 guarded at 199
        twill.copy "o0" stage 5 step 4 guarded at 199
      }
      twill.role "consumer1" warp 2 regs 240 prologue {
        twill.copy "mma" stage 1 step 1 guarded at 35
        twill.copy "mma" stage 1 step 2 guarded at 35
        twill.copy "mma" stage 1 step 3 guarded at 35
        twill.copy "sub_2" stage 3 step 3 guarded at 163
        twill.copy "p1" stage 4 step 4 guarded at 2
        twill.copy "mma" stage 1 step 4 guarded at 35
        twill.copy "p0" stage 4 step 4 guarded at 72
        twill.copy "sub_2" stage 3 step 4 guarded at 163
        twill.copy "cast_1" stage 4 step 4 guarded at 181
        twill.copy "cast" stage 4 step 4 guarded at 208
      } kernel {
        twill.copy "mma_2" stage 5 step 0 at 0
        twill.copy "p1" stage 4 step 0 at 2
        twill.copy "mma" stage 1 step 0 at 35
        twill.copy "p0" stage 4 step 0 at 72
        twill.copy "mma_3" stage 5 step 0 at 105
        twill.copy "o1" stage 5 step 0 at 154
        twill.copy "sub_2" stage 3 step 0 at 163
        twill.copy "cast_1" stage 4 step 0 at 181
        twill.copy "cast" stage 4 step 0 at 208
      } epilogue {
        twill.copy "mma_2" stage 5 step 0 guarded at 0
        twill.copy "p1" stage 4 step 0 guarded at 2
        twill.copy "mma" stage 1 step 0 guarded at 35
        twill.copy "p0" stage 4 step 0 guarded at 72
        twill.copy "mma_3" stage 5 step 0 guarded at 105
        twill.copy "o1" stage 5 step 0 guarded at 154
        twill.copy "sub_2" stage 3 step 0 guarded at 163
        twill.copy "cast_1" stage 4 step 0 guarded at 181
        twill.copy "cast" stage 4 step 0 guarded at 208
        twill.copy "mma_2" stage 5 step 1 guarded at 0
        twill.copy "p1" stage 4 step 1 guarded at 2
        twill.copy "p0" stage 4 step 1 guarded at 72
        twill.copy "mma_3" stage 5 step 1 guarded at 105
        twill.copy "o1" stage 5 step 1 guarded at 154
        twill.copy "sub_2" stage 3 step 1 guarded at 163
        twill.copy "cast_1" stage 4 step 1 guarded at 181
        twill.copy "cast" stage 4 step 1 guarded at 208
        twill.copy "mma_2" stage 5 step 2 guarded at 0
        twill.copy "p1" stage 4 step 2 guarded at 2
        twill.copy "p0" stage 4 step 2 guarded at 72
        twill.copy "mma_3" stage 5 step 2 guarded at 105
        twill.copy "o1" stage 5 step 2 guarded at 154
        twill.copy "sub_2" stage 3 step 2 guarded at 163
        twill.copy "cast_1" stage 4 step 2 guarded at 181
        twill.copy "cast" stage 4 step 2 guarded at 208
        twill.copy "mma_2" stage 5 step 3 guarded at 0
        twill.copy "p1" stage 4 step 3 guarded at 2
        twill.copy "p0" stage 4 step 3 guarded at 72
        twill.copy "mma_3" stage 5 step 3 guarded at 105
        twill.copy "o1" stage 5 step 3 guarded at 154
        twill.copy "cast_1" stage 4 step 3 guarded at 181
        twill.copy "cast" stage 4 step 3 guarded at 208
        twill.copy "mma_2" stage 5 step 4 guarded at 0
        twill.copy "mma_3" stage 5 step 4 guarded at 105
        twill.copy "o1" stage 5 step 4 guarded at 154
      }
    } outside {
      twill.live_out "o0_1" on 1
      twill.live_out "m0_1" on 1
      twill.live_out "o1_1" on 2
      twill.live_out "m1_1" on 1
      twill.post "mul" on 1
      twill.post "store" on 1
      twill.post "mul_1" on 2
      twill.post "store_1" on 2
      twill.post "add" on 1
      twill.post "store_2" on 1
      twill.post "add_1" on 1
      twill.post "store_3" on 1
    }
    %35 = tile.mul %o0_1, %s0 {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x64xf32>, f32 -> !tile.tile<64x64xf32>
    %36 = arith.muli %0, %bid : index
    tile.store %35, %T3[%36, %5] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<64x64xf32>, !tile.tensor<[N, 64], f32>
    %37 = tile.mul %o1_1, %s0 {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x64xf32>, f32 -> !tile.tile<64x64xf32>
    %38 = arith.muli %0, %bid : index
    %39 = arith.addi %38, %1 : index
    tile.store %37, %T3[%39, %5] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<64x64xf32>, !tile.tensor<[N, 64], f32>
    %40 = arith.constant 1.000000e+00 : f32
    %41 = tile.add %m0_1, %40 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>, f32 -> !tile.tile<64xf32>
    %42 = arith.muli %0, %bid : index
    tile.store %41, %T4[%42] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 2, regs = 0, smem = 256, tmem = 0>} : !tile.tile<64xf32>, !tile.tensor<[N], f32>
    %43 = tile.add %m1_1, %40 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>, f32 -> !tile.tile<64xf32>
    %44 = arith.muli %0, %bid : index
    %45 = arith.addi %44, %1 : index
    tile.store %43, %T4[%45] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 2, regs = 0, smem = 256, tmem = 0>} : !tile.tile<64xf32>, !tile.tensor<[N], f32>
    func.return
  }
}
