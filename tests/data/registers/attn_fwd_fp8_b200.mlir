builtin.module attributes {twill.target = "b200"} {
  func.func @attn_fwd_fp8(%Q: !tile.tensor<[N, 128], f8E4M3FN>, %K: !tile.tensor<[N, 128], f8E4M3FN>, %V: !tile.tensor<[N, 128], f8E4M3FN>, %O: !tile.tensor<[N, 128], f16>, %scale: f32, %vscale: f32) {
    %0 = arith.constant 2 : index
    %1 = arith.constant 1 : index
    %2 = arith.constant 1 : index
    %3 = arith.constant 128 : index
    %N = tile.size "N"
    %4 = arith.constant 0 : index
    %bid = tile.block_id
    %5 = arith.muli %0, %bid : index
    %q0 = tile.load %Q[%5, %4] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>} : !tile.tensor<[N, 128], f8E4M3FN> -> !tile.tile<128x128xf8E4M3FN>
    %6 = arith.muli %0, %bid : index
    %7 = arith.addi %6, %1 : index
    %q1 = tile.load %Q[%7, %4] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>} : !tile.tensor<[N, 128], f8E4M3FN> -> !tile.tile<128x128xf8E4M3FN>
    %o0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>
    %o1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>
    %m0 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<128xf32>
    %m1 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<128xf32>
    %l0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<128xf32>
    %l1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<128xf32>
    %8 = arith.divui %N, %3 : index
    %o0_1, %m0_1, %l0_1, %o1_1, %m1_1, %l1_1 = tile.for %4 to %8 step %2 iter_args(%o0, %m0, %l0, %o1, %m1, %l1 : !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>, !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>) -> !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>, !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32> attributes {twill.cross_warp = 3 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 10.017543999999999 : f64, proven = 1 : i64, scale_cycles = 3269 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 188, length = 369, stages = 2, lower_bound = 188, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=188 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 40>, #twill.warp<id = 1, role = mma, regs = 40>, #twill.warp<id = 2, role = softmax0, regs = 176>, #twill.warp<id = 3, role = softmax1, regs = 176>, #twill.warp<id = 4, role = correction, regs = 80>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, status = refused, note = "this mma has 256 rows, more than one MMA of 'b200' (sm_100a) computes (128): it must be sub-tiled">, #twill.variant<parts = 2, ii = 188, ii_cycles = 2049, lower_bound = 188, status = optimal, chosen, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'tile.mma' (256) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 64 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">]} {
    ^bb0(%j: index, %o0_2: !tile.tile<128x128xf32>, %m0_2: !tile.tile<128xf32>, %l0_2: !tile.tile<128xf32>, %o1_2: !tile.tile<128x128xf32>, %m1_2: !tile.tile<128xf32>, %l1_2: !tile.tile<128xf32>):
      %k = tile.load %K[%j, %4] {twill.cost = #twill.cost<unit = tma, cycles = 12, latency = 57, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f8E4M3FN> -> !tile.tile<128x128xf8E4M3FN>
      %v = tile.load %V[%j, %4] {twill.cost = #twill.cost<unit = tma, cycles = 12, latency = 57, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 240 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 52 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f8E4M3FN> -> !tile.tile<128x128xf8E4M3FN>
      %9 = tile.mma %q0, %k {twill.cost = #twill.cost<unit = tc, cycles = 24, latency = 24, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 57 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 57 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<128x128xf8E4M3FN>, !tile.tile<128x128xf8E4M3FN> -> !tile.tile<128x128xf32>
      %s0 = tile.mul %9, %scale {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 97 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 84 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 84 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32>, f32 -> !tile.tile<128x128xf32>
      %10 = tile.rowmax %s0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 99 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 99 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %m0_new = tile.max %m0_2, %10 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 114 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 114 : i32, twill.warp = 2 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %11 = tile.sub %s0, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 97 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 119 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 119 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %p0 = tile.exp2 %11 {twill.cost = #twill.cost<unit = sfu, cycles = 93, latency = 93, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 97 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 140 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 140 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32>
      %12 = tile.sub %m0_2, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 118 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 118 : i32, twill.warp = 2 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %alpha0 = tile.exp2 %12 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 8, latency = 8, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 139 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 139 : i32, twill.warp = 2 : i32} : !tile.tile<128xf32>
      %13 = tile.mul %l0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 154 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 154 : i32, twill.warp = 2 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %14 = tile.rowsum %p0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 238 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 50 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %l0_3 = tile.add %13, %14 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 253 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 65 : i32, twill.warp = 2 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %15 = tile.cast %p0 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 0, smem = 0, tmem = 16384>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 0, smem = 0, tmem = 16384>, twill.raw_cross_warp = 30 : i64, twill.cycle = 260 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 72 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf8E4M3FN>
      %16 = tile.mul %o0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 60, latency = 60, regs = 32, smem = 0, tmem = 65536, blocking, stall = 49>, twill.chunk_cols = 32 : i64, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 661, latency = 661, regs = 32, smem = 0, tmem = 65536, blocking, stall = 533>, twill.raw_cross_warp = 30 : i64, twill.cycle = 152 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 152 : i32, twill.warp = 4 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %o0_3 = tile.mma %15, %v, %16 {twill.cost = #twill.cost<unit = tc, cycles = 24, latency = 24, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 297 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 109 : i32, twill.warp = 1 : i32} : !tile.tile<128x128xf8E4M3FN>, !tile.tile<128x128xf8E4M3FN>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      %17 = tile.mma %q1, %k {twill.cost = #twill.cost<unit = tc, cycles = 24, latency = 24, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 133 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 133 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<128x128xf8E4M3FN>, !tile.tile<128x128xf8E4M3FN> -> !tile.tile<128x128xf32>
      %s1 = tile.mul %17, %scale {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 97 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 174 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 174 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>, f32 -> !tile.tile<128x128xf32>
      %18 = tile.rowmax %s1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 189 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 1 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %m1_new = tile.max %m1_2, %18 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 212 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 24 : i32, twill.warp = 3 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %19 = tile.sub %s1, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 97 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 217 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 29 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %p1 = tile.exp2 %19 {twill.cost = #twill.cost<unit = sfu, cycles = 93, latency = 93, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 97 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 234 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 46 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>
      %20 = tile.sub %m1_2, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 216 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 28 : i32, twill.warp = 3 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %alpha1 = tile.exp2 %20 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 8, latency = 8, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 233 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 45 : i32, twill.warp = 3 : i32} : !tile.tile<128xf32>
      %21 = tile.mul %l1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 237 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 49 : i32, twill.warp = 3 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %22 = tile.rowsum %p1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 343 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 155 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %l1_3 = tile.add %21, %22 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 358 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 170 : i32, twill.warp = 3 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %23 = tile.cast %p1 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 0, smem = 0, tmem = 16384>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 0, smem = 0, tmem = 16384>, twill.raw_cross_warp = 30 : i64, twill.cycle = 330 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 142 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf8E4M3FN>
      %24 = tile.mul %o1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 60, latency = 60, regs = 32, smem = 0, tmem = 65536, blocking, stall = 49>, twill.chunk_cols = 32 : i64, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 661, latency = 661, regs = 32, smem = 0, tmem = 65536, blocking, stall = 533>, twill.raw_cross_warp = 30 : i64, twill.cycle = 270 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 82 : i32, twill.warp = 4 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %o1_3 = tile.mma %23, %v, %24 {twill.cost = #twill.cost<unit = tc, cycles = 24, latency = 24, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 345 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 157 : i32, twill.warp = 1 : i32} : !tile.tile<128x128xf8E4M3FN>, !tile.tile<128x128xf8E4M3FN>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      tile.yield %o0_3, %m0_new, %l0_3, %o1_3, %m1_new, %l1_3 : !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>, !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>
    }
    twill.pipeline ii 188 stages 2 buffers {
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
      twill.buffer "v" depth 1
    } prologue {
      twill.copy "k" stage 0 step 0 guarded at 0
      twill.copy "mma" stage 0 step 0 guarded at 57
      twill.copy "s0" stage 0 step 0 guarded at 84
      twill.copy "rowmax" stage 0 step 0 guarded at 99
      twill.copy "m0_new" stage 0 step 0 guarded at 114
      twill.copy "sub_1" stage 0 step 0 guarded at 118
      twill.copy "sub" stage 0 step 0 guarded at 119
      twill.copy "mma_1" stage 0 step 0 guarded at 133
      twill.copy "alpha0" stage 0 step 0 guarded at 139
      twill.copy "p0" stage 0 step 0 guarded at 140
      twill.copy "mul_1" stage 0 step 0 guarded at 152
      twill.copy "mul" stage 0 step 0 guarded at 154
      twill.copy "s1" stage 0 step 0 guarded at 174
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
      twill.copy "rowmax_1" stage 1 step 0 at 1
      twill.copy "m1_new" stage 1 step 0 at 24
      twill.copy "sub_3" stage 1 step 0 at 28
      twill.copy "sub_2" stage 1 step 0 at 29
      twill.copy "alpha1" stage 1 step 0 at 45
      twill.copy "p1" stage 1 step 0 at 46
      twill.copy "mul_2" stage 1 step 0 at 49
      twill.copy "rowsum" stage 1 step 0 at 50
      twill.copy "v" stage 1 step 0 at 52
      twill.copy "mma" stage 0 step 0 at 57
      twill.copy "l0" stage 1 step 0 at 65
      twill.copy "cast" stage 1 step 0 at 72
      twill.copy "mul_3" stage 1 step 0 at 82
      twill.copy "s0" stage 0 step 0 at 84
      twill.copy "rowmax" stage 0 step 0 at 99
      twill.copy "o0" stage 1 step 0 at 109
      twill.copy "m0_new" stage 0 step 0 at 114
      twill.copy "sub_1" stage 0 step 0 at 118
      twill.copy "sub" stage 0 step 0 at 119
      twill.copy "mma_1" stage 0 step 0 at 133
      twill.copy "alpha0" stage 0 step 0 at 139
      twill.copy "p0" stage 0 step 0 at 140
      twill.copy "cast_1" stage 1 step 0 at 142
      twill.copy "mul_1" stage 0 step 0 at 152
      twill.copy "mul" stage 0 step 0 at 154
      twill.copy "rowsum_1" stage 1 step 0 at 155
      twill.copy "o1" stage 1 step 0 at 157
      twill.copy "l1" stage 1 step 0 at 170
      twill.copy "s1" stage 0 step 0 at 174
    } epilogue {
      twill.copy "rowmax_1" stage 1 step 0 guarded at 1
      twill.copy "m1_new" stage 1 step 0 guarded at 24
      twill.copy "sub_3" stage 1 step 0 guarded at 28
      twill.copy "sub_2" stage 1 step 0 guarded at 29
      twill.copy "alpha1" stage 1 step 0 guarded at 45
      twill.copy "p1" stage 1 step 0 guarded at 46
      twill.copy "mul_2" stage 1 step 0 guarded at 49
      twill.copy "rowsum" stage 1 step 0 guarded at 50
      twill.copy "v" stage 1 step 0 guarded at 52
      twill.copy "l0" stage 1 step 0 guarded at 65
      twill.copy "cast" stage 1 step 0 guarded at 72
      twill.copy "mul_3" stage 1 step 0 guarded at 82
      twill.copy "o0" stage 1 step 0 guarded at 109
      twill.copy "cast_1" stage 1 step 0 guarded at 142
      twill.copy "rowsum_1" stage 1 step 0 guarded at 155
      twill.copy "o1" stage 1 step 0 guarded at 157
      twill.copy "l1" stage 1 step 0 guarded at 170
    }
    twill.warp_specialize %4 to %8 step %2 ii 188 stages 2 channels {
      twill.channel "alpha0" from 2 to [4] in "smem" depth 1
      twill.channel "alpha1" from 3 to [4] in "smem" depth 1
      twill.channel "cast" from 2 to [1] in "tmem" depth 1
      twill.channel "cast_1" from 3 to [1] in "tmem" depth 1
      twill.channel "k" from 0 to [1] in "smem" depth 1
      twill.channel "mma" from 1 to [2] in "tmem" depth 1
      twill.channel "mma_1" from 1 to [3] in "tmem" depth 1
      twill.channel "mul_1" from 4 to [1] in "tmem" depth 1
      twill.channel "mul_3" from 4 to [1] in "tmem" depth 1
      twill.channel "o0" from 1 to [4] in "tmem" depth 1
      twill.channel "o1" from 1 to [4] in "tmem" depth 1
      twill.channel "v" from 0 to [1] in "smem" depth 1
    } roles {
      twill.role "producer" warp 0 regs 40 prologue {
        twill.copy "k" stage 0 step 0 guarded at 0
      } kernel {
        twill.copy "k" stage 0 step 0 at 0
        twill.copy "v" stage 1 step 0 at 52
      } epilogue {
        twill.copy "v" stage 1 step 0 guarded at 52
      }
      twill.role "mma" warp 1 regs 40 prologue {
        twill.copy "mma" stage 0 step 0 guarded at 57
        twill.copy "mma_1" stage 0 step 0 guarded at 133
      } kernel {
        twill.copy "mma" stage 0 step 0 at 57
        twill.copy "o0" stage 1 step 0 at 109
        twill.copy "mma_1" stage 0 step 0 at 133
        twill.copy "o1" stage 1 step 0 at 157
      } epilogue {
        twill.copy "o0" stage 1 step 0 guarded at 109
        twill.copy "o1" stage 1 step 0 guarded at 157
      }
      twill.role "softmax0" warp 2 regs 176 prologue {
        twill.copy "s0" stage 0 step 0 guarded at 84
        twill.copy "rowmax" stage 0 step 0 guarded at 99
        twill.copy "m0_new" stage 0 step 0 guarded at 114
        twill.copy "sub_1" stage 0 step 0 guarded at 118
        twill.copy "sub" stage 0 step 0 guarded at 119
        twill.copy "alpha0" stage 0 step 0 guarded at 139
        twill.copy "p0" stage 0 step 0 guarded at 140
        twill.copy "mul" stage 0 step 0 guarded at 154
      } kernel {
        twill.copy "rowsum" stage 1 step 0 at 50
        twill.copy "l0" stage 1 step 0 at 65
        twill.copy "cast" stage 1 step 0 at 72
        twill.copy "s0" stage 0 step 0 at 84
        twill.copy "rowmax" stage 0 step 0 at 99
        twill.copy "m0_new" stage 0 step 0 at 114
        twill.copy "sub_1" stage 0 step 0 at 118
        twill.copy "sub" stage 0 step 0 at 119
        twill.copy "alpha0" stage 0 step 0 at 139
        twill.copy "p0" stage 0 step 0 at 140
        twill.copy "mul" stage 0 step 0 at 154
      } epilogue {
        twill.copy "rowsum" stage 1 step 0 guarded at 50
        twill.copy "l0" stage 1 step 0 guarded at 65
        twill.copy "cast" stage 1 step 0 guarded at 72
      }
      twill.role "softmax1" warp 3 regs 176 prologue {
        twill.copy "s1" stage 0 step 0 guarded at 174
      } kernel {
        twill.copy "rowmax_1" stage 1 step 0 at 1
        twill.copy "m1_new" stage 1 step 0 at 24
        twill.copy "sub_3" stage 1 step 0 at 28
        twill.copy "sub_2" stage 1 step 0 at 29
        twill.copy "alpha1" stage 1 step 0 at 45
        twill.copy "p1" stage 1 step 0 at 46
        twill.copy "mul_2" stage 1 step 0 at 49
        twill.copy "cast_1" stage 1 step 0 at 142
        twill.copy "rowsum_1" stage 1 step 0 at 155
        twill.copy "l1" stage 1 step 0 at 170
        twill.copy "s1" stage 0 step 0 at 174
      } epilogue {
        twill.copy "rowmax_1" stage 1 step 0 guarded at 1
        twill.copy "m1_new" stage 1 step 0 guarded at 24
        twill.copy "sub_3" stage 1 step 0 guarded at 28
        twill.copy "sub_2" stage 1 step 0 guarded at 29
        twill.copy "alpha1" stage 1 step 0 guarded at 45
        twill.copy "p1" stage 1 step 0 guarded at 46
        twill.copy "mul_2" stage 1 step 0 guarded at 49
        twill.copy "cast_1" stage 1 step 0 guarded at 142
        twill.copy "rowsum_1" stage 1 step 0 guarded at 155
        twill.copy "l1" stage 1 step 0 guarded at 170
      }
      twill.role "correction" warp 4 regs 80 prologue {
        twill.copy "mul_1" stage 0 step 0 guarded at 152
      } kernel {
        twill.copy "mul_3" stage 1 step 0 at 82
        twill.copy "mul_1" stage 0 step 0 at 152
      } epilogue {
        twill.copy "mul_3" stage 1 step 0 guarded at 82
      }
    } outside {
      twill.live_out "o0_1" on 1
      twill.live_out "m0_1" on 2
      twill.live_out "l0_1" on 2
      twill.live_out "o1_1" on 1
      twill.live_out "m1_1" on 3
      twill.live_out "l1_1" on 3
      twill.post "mul" on 1
      twill.post "div" on 1
      twill.post "cast" on 1
      twill.post "store" on 1
      twill.post "mul_1" on 1
      twill.post "div_1" on 1
      twill.post "cast_1" on 1
      twill.post "store_1" on 1
      twill.handoff "l0_1" from 2 to [1] in "smem"
      twill.handoff "l1_1" from 3 to [1] in "smem"
    }
    %25 = tile.mul %o0_1, %vscale {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>, f32 -> !tile.tile<128x128xf32>
    %26 = tile.div %25, %l0_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
    %27 = tile.cast %26 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    %28 = arith.muli %0, %bid : index
    tile.store %27, %O[%28, %4] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    %29 = tile.mul %o1_1, %vscale {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>, f32 -> !tile.tile<128x128xf32>
    %30 = tile.div %29, %l1_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
    %31 = tile.cast %30 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    %32 = arith.muli %0, %bid : index
    %33 = arith.addi %32, %1 : index
    tile.store %31, %O[%33, %4] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    func.return
  }
}
