builtin.module attributes {twill.target = "h100", twill.reg_reserve = [0 : i32, 88 : i32, 90 : i32], twill.reg_check = "168 registers, 1050 B spill stores, 598 B spill loads, warning C7511 at first in consumer0 (warp group 1, setmaxnreg 240, the model counted 168): 240 registers, 204 B spill stores, 108 B spill loads, warning C7511, clean at more than 256; consumer1 (warp group 2, setmaxnreg 240, the model counted 166): 240 registers, 1218 B spill stores, 976 B spill loads, clean at more than 256; no spill after 1 reschedule(s) with twill.reg_reserve = []: II 2034 -> 2056 cycles (+1.1%)"} {
  func.func @gqa_fwd(%Q: !tile.tensor<[M, 128], f16>, %K: !tile.tensor<[N, 128], f16>, %V: !tile.tensor<[N, 128], f16>, %O: !tile.tensor<[M, 128], f16>, %scale: f32) {
    %0 = arith.constant 1 : index
    %1 = arith.constant 128 : index
    %2 = arith.constant 64 : index
    %N = tile.size "N"
    %3 = arith.constant 0 : index
    %bid = tile.block_id
    %q0 = tile.load %Q[%bid, %3] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>} : !tile.tensor<[M, 128], f16> -> !tile.tile<64x128xf16>
    %4 = arith.divui %N, %2 : index
    %5 = arith.addi %4, %bid : index
    %q1 = tile.load %Q[%5, %3] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>} : !tile.tensor<[M, 128], f16> -> !tile.tile<64x128xf16>
    %o0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %o1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %m0 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %m1 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %l0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
    %l1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
    %6 = arith.divui %N, %1 : index
    %o0_1, %m0_1, %l0_1, %o1_1, %m1_1, %l1_1 = tile.for %3 to %6 step %0 iter_args(%o0, %m0, %l0, %o1, %m1, %l1 : !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>) -> !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32> attributes {twill.cross_warp = 6 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 4.446809 : f64, proven = 1 : i64, scale_cycles = 1623 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 380, length = 707, stages = 2, lower_bound = 376, status = feasible>, twill.search = #twill.search<solver = "z3", note = "II=376 open: II 376..379 not settled (time limit)">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = consumer0, regs = 240>, #twill.warp<id = 2, role = consumer1, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 380, ii_cycles = 2056, lower_bound = 376, status = feasible, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: 2 parts leave this mma 32 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'tile.mma' (64) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 16 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">]} {
    ^bb0(%j: index, %o0_2: !tile.tile<64x128xf32>, %m0_2: !tile.tile<64xf32>, %l0_2: !tile.tile<64xf32>, %o1_2: !tile.tile<64x128xf32>, %m1_2: !tile.tile<64xf32>, %l1_2: !tile.tile<64xf32>):
      %k = tile.load %K[%j, %3] {twill.cost = #twill.cost<unit = tma, cycles = 47, latency = 139, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
      %v = tile.load %V[%j, %3] {twill.cost = #twill.cost<unit = tma, cycles = 47, latency = 139, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 47 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 47 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
      %7 = tile.mma %q0, %k {twill.cost = #twill.cost<unit = tc, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 139 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 139 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<64x128xf32>
      %s0 = tile.mul %7, %scale {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 233 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 233 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, f32 -> !tile.tile<64x128xf32>
      %8 = tile.rowmax %s0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 245 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 245 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %mn0 = tile.max %m0_2, %8 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 257 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 257 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %9 = tile.sub %s0, %mn0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 273 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 273 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %p0 = tile.exp2 %9 {twill.cost = #twill.cost<unit = sfu, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 285 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 285 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>
      %10 = tile.sub %m0_2, %mn0 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 258 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 258 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %a0 = tile.exp2 %10 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 259 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 259 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>
      %11 = tile.mul %l0_2, %a0 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 272 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 272 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %12 = tile.rowsum %p0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 379 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 379 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %l0_3 = tile.add %11, %12 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 391 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 11 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %13 = tile.cast %p0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 53 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 392 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 12 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %14 = tile.mul %o0_2, %a0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 260 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 260 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %o0_3 = tile.mma %13, %v, %14 {twill.cost = #twill.cost<unit = tc, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 421 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 41 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %15 = tile.mma %q1, %k {twill.cost = #twill.cost<unit = tc, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 327 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 327 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<64x128xf32>
      %s1 = tile.mul %15, %scale {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 421 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 41 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, f32 -> !tile.tile<64x128xf32>
      %16 = tile.rowmax %s1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 433 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 53 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %mn1 = tile.max %m1_2, %16 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 445 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 65 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %17 = tile.sub %s1, %mn1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 461 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 81 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %p1 = tile.exp2 %17 {twill.cost = #twill.cost<unit = sfu, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 473 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 93 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>
      %18 = tile.sub %m1_2, %mn1 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 446 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 66 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %a1 = tile.exp2 %18 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 447 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 67 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>
      %19 = tile.mul %l1_2, %a1 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 448 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 68 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %20 = tile.rowsum %p1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 567 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 187 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %l1_3 = tile.add %19, %20 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 591 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 211 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %21 = tile.cast %p1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 53 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 579 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 199 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %22 = tile.mul %o1_2, %a1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 449 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 69 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %o1_3 = tile.mma %21, %v, %22 {twill.cost = #twill.cost<unit = tc, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 613 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 233 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      tile.yield %o0_3, %mn0, %l0_3, %o1_3, %mn1, %l1_3 : !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>
    }
    twill.pipeline ii 380 stages 2 buffers {
      twill.buffer "a0" depth 1
      twill.buffer "a1" depth 1
      twill.buffer "cast" depth 1
      twill.buffer "cast_1" depth 1
      twill.buffer "k" depth 2
      twill.buffer "l0" depth 1
      twill.buffer "l1" depth 1
      twill.buffer "mma" depth 1
      twill.buffer "mma_1" depth 1
      twill.buffer "mn0" depth 2
      twill.buffer "mn1" depth 2
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
      twill.copy "v" stage 0 step 0 guarded at 47
      twill.copy "mma" stage 0 step 0 guarded at 139
      twill.copy "s0" stage 0 step 0 guarded at 233
      twill.copy "rowmax" stage 0 step 0 guarded at 245
      twill.copy "mn0" stage 0 step 0 guarded at 257
      twill.copy "sub_1" stage 0 step 0 guarded at 258
      twill.copy "a0" stage 0 step 0 guarded at 259
      twill.copy "mul_1" stage 0 step 0 guarded at 260
      twill.copy "mul" stage 0 step 0 guarded at 272
      twill.copy "sub" stage 0 step 0 guarded at 273
      twill.copy "p0" stage 0 step 0 guarded at 285
      twill.copy "mma_1" stage 0 step 0 guarded at 327
      twill.copy "rowsum" stage 0 step 0 guarded at 379
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
      twill.copy "l0" stage 1 step 0 at 11
      twill.copy "cast" stage 1 step 0 at 12
      twill.copy "o0" stage 1 step 0 at 41
      twill.copy "s1" stage 1 step 0 at 41
      twill.copy "v" stage 0 step 0 at 47
      twill.copy "rowmax_1" stage 1 step 0 at 53
      twill.copy "mn1" stage 1 step 0 at 65
      twill.copy "sub_3" stage 1 step 0 at 66
      twill.copy "a1" stage 1 step 0 at 67
      twill.copy "mul_2" stage 1 step 0 at 68
      twill.copy "mul_3" stage 1 step 0 at 69
      twill.copy "sub_2" stage 1 step 0 at 81
      twill.copy "p1" stage 1 step 0 at 93
      twill.copy "mma" stage 0 step 0 at 139
      twill.copy "rowsum_1" stage 1 step 0 at 187
      twill.copy "cast_1" stage 1 step 0 at 199
      twill.copy "l1" stage 1 step 0 at 211
      twill.copy "s0" stage 0 step 0 at 233
      twill.copy "o1" stage 1 step 0 at 233
      twill.copy "rowmax" stage 0 step 0 at 245
      twill.copy "mn0" stage 0 step 0 at 257
      twill.copy "sub_1" stage 0 step 0 at 258
      twill.copy "a0" stage 0 step 0 at 259
      twill.copy "mul_1" stage 0 step 0 at 260
      twill.copy "mul" stage 0 step 0 at 272
      twill.copy "sub" stage 0 step 0 at 273
      twill.copy "p0" stage 0 step 0 at 285
      twill.copy "mma_1" stage 0 step 0 at 327
      twill.copy "rowsum" stage 0 step 0 at 379
    } epilogue {
      twill.copy "l0" stage 1 step 0 guarded at 11
      twill.copy "cast" stage 1 step 0 guarded at 12
      twill.copy "o0" stage 1 step 0 guarded at 41
      twill.copy "s1" stage 1 step 0 guarded at 41
      twill.copy "rowmax_1" stage 1 step 0 guarded at 53
      twill.copy "mn1" stage 1 step 0 guarded at 65
      twill.copy "sub_3" stage 1 step 0 guarded at 66
      twill.copy "a1" stage 1 step 0 guarded at 67
      twill.copy "mul_2" stage 1 step 0 guarded at 68
      twill.copy "mul_3" stage 1 step 0 guarded at 69
      twill.copy "sub_2" stage 1 step 0 guarded at 81
      twill.copy "p1" stage 1 step 0 guarded at 93
      twill.copy "rowsum_1" stage 1 step 0 guarded at 187
      twill.copy "cast_1" stage 1 step 0 guarded at 199
      twill.copy "l1" stage 1 step 0 guarded at 211
      twill.copy "o1" stage 1 step 0 guarded at 233
    }
    twill.warp_specialize %3 to %6 step %0 ii 380 stages 2 channels {
      twill.channel "k" from 0 to [1, 2] in "smem" depth 2
      twill.channel "v" from 0 to [1, 2] in "smem" depth 2
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "k" stage 0 step 0 guarded at 0
        twill.copy "v" stage 0 step 0 guarded at 47
      } kernel {
        twill.copy "k" stage 0 step 0 at 0
        twill.copy "v" stage 0 step 0 at 47
      } epilogue {
      }
      twill.role "consumer0" warp 1 regs 240 prologue {
        twill.copy "mma" stage 0 step 0 guarded at 139
        twill.copy "s0" stage 0 step 0 guarded at 233
        twill.copy "rowmax" stage 0 step 0 guarded at 245
        twill.copy "mn0" stage 0 step 0 guarded at 257
        twill.copy "sub_1" stage 0 step 0 guarded at 258
        twill.copy "a0" stage 0 step 0 guarded at 259
        twill.copy "mul_1" stage 0 step 0 guarded at 260
        twill.copy "mul" stage 0 step 0 guarded at 272
        twill.copy "sub" stage 0 step 0 guarded at 273
        twill.copy "p0" stage 0 step 0 guarded at 285
        twill.copy "rowsum" stage 0 step 0 guarded at 379
      } kernel {
        twill.copy "l0" stage 1 step 0 at 11
        twill.copy "cast" stage 1 step 0 at 12
        twill.copy "o0" stage 1 step 0 at 41
        twill.copy "mma" stage 0 step 0 at 139
        twill.copy "s0" stage 0 step 0 at 233
        twill.copy "rowmax" stage 0 step 0 at 245
        twill.copy "mn0" stage 0 step 0 at 257
        twill.copy "sub_1" stage 0 step 0 at 258
        twill.copy "a0" stage 0 step 0 at 259
        twill.copy "mul_1" stage 0 step 0 at 260
        twill.copy "mul" stage 0 step 0 at 272
        twill.copy "sub" stage 0 step 0 at 273
        twill.copy "p0" stage 0 step 0 at 285
        twill.copy "rowsum" stage 0 step 0 at 379
      } epilogue {
        twill.copy "l0" stage 1 step 0 guarded at 11
        twill.copy "cast" stage 1 step 0 guarded at 12
        twill.copy "o0" stage 1 step 0 guarded at 41
      }
      twill.role "consumer1" warp 2 regs 240 prologue {
        twill.copy "mma_1" stage 0 step 0 guarded at 327
      } kernel {
        twill.copy "s1" stage 1 step 0 at 41
        twill.copy "rowmax_1" stage 1 step 0 at 53
        twill.copy "mn1" stage 1 step 0 at 65
        twill.copy "sub_3" stage 1 step 0 at 66
        twill.copy "a1" stage 1 step 0 at 67
        twill.copy "mul_2" stage 1 step 0 at 68
        twill.copy "mul_3" stage 1 step 0 at 69
        twill.copy "sub_2" stage 1 step 0 at 81
        twill.copy "p1" stage 1 step 0 at 93
        twill.copy "rowsum_1" stage 1 step 0 at 187
        twill.copy "cast_1" stage 1 step 0 at 199
        twill.copy "l1" stage 1 step 0 at 211
        twill.copy "o1" stage 1 step 0 at 233
        twill.copy "mma_1" stage 0 step 0 at 327
      } epilogue {
        twill.copy "s1" stage 1 step 0 guarded at 41
        twill.copy "rowmax_1" stage 1 step 0 guarded at 53
        twill.copy "mn1" stage 1 step 0 guarded at 65
        twill.copy "sub_3" stage 1 step 0 guarded at 66
        twill.copy "a1" stage 1 step 0 guarded at 67
        twill.copy "mul_2" stage 1 step 0 guarded at 68
        twill.copy "mul_3" stage 1 step 0 guarded at 69
        twill.copy "sub_2" stage 1 step 0 guarded at 81
        twill.copy "p1" stage 1 step 0 guarded at 93
        twill.copy "rowsum_1" stage 1 step 0 guarded at 187
        twill.copy "cast_1" stage 1 step 0 guarded at 199
        twill.copy "l1" stage 1 step 0 guarded at 211
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
    %23 = tile.div %o0_1, %l0_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
    %24 = tile.cast %23 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
    tile.store %24, %O[%bid, %3] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<64x128xf16>, !tile.tensor<[M, 128], f16>
    %25 = arith.divui %N, %2 : index
    %26 = arith.addi %25, %bid : index
    %27 = tile.div %o1_1, %l1_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
    %28 = tile.cast %27 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
    tile.store %28, %O[%26, %3] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<64x128xf16>, !tile.tensor<[M, 128], f16>
    func.return
  }
}
