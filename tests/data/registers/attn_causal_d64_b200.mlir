builtin.module attributes {twill.target = "b200"} {
  func.func @attn_causal_d64(%Q: !tile.tensor<[N, 64], f16>, %K: !tile.tensor<[N, 64], f16>, %V: !tile.tensor<[N, 64], f16>, %O: !tile.tensor<[N, 64], f16>, %scale: f32) {
    %0 = arith.constant 2 : index
    %1 = arith.constant 1 : index
    %2 = arith.constant 128 : index
    %3 = arith.constant 1 : index
    %4 = arith.constant 256 : index
    %5 = arith.constant 0 : index
    %bid = tile.block_id
    %6 = arith.muli %0, %bid : index
    %q0 = tile.load %Q[%6, %5] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>} : !tile.tensor<[N, 64], f16> -> !tile.tile<128x64xf16>
    %7 = arith.muli %0, %bid : index
    %8 = arith.addi %7, %1 : index
    %q1 = tile.load %Q[%8, %5] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>} : !tile.tensor<[N, 64], f16> -> !tile.tile<128x64xf16>
    %o0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x64xf32>
    %o1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x64xf32>
    %m0 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<128xf32>
    %m1 = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<128xf32>
    %l0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<128xf32>
    %l1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<128xf32>
    %9 = tile.iota {twill.cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, dim = 0 : i64} : !tile.tile<128x128xi32>
    %10 = tile.iota {twill.cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, dim = 0 : i64} : !tile.tile<128x128xi32>
    %11 = arith.constant 128 : i32
    %12 = tile.add %10, %11 {twill.cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xi32>, i32 -> !tile.tile<128x128xi32>
    %13 = arith.muli %bid, %4 : index
    %14 = arith.index_cast %13 : index to i32
    %rows0 = tile.add %9, %14 {twill.cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xi32>, i32 -> !tile.tile<128x128xi32>
    %rows1 = tile.add %12, %14 {twill.cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xi32>, i32 -> !tile.tile<128x128xi32>
    %15 = arith.addi %bid, %3 : index
    %16 = arith.muli %15, %4 : index
    %17 = arith.divui %16, %2 : index
    %18 = arith.constant -127 : index
    %19 = arith.constant 256 : index
    %20 = arith.muli %bid, %19 : index
    %21 = arith.addi %18, %20 : index
    %22 = arith.constant 1 : index
    %23 = arith.constant 256 : index
    %24 = arith.muli %bid, %23 : index
    %25 = arith.addi %22, %24 : index
    %o0_1, %m0_1, %l0_1, %o1_1, %m1_1, %l1_1 = tile.for %5 to %17 step %3 iter_args(%o0, %m0, %l0, %o1, %m1, %l1 : !tile.tile<128x64xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>, !tile.tile<128x64xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>) -> !tile.tile<128x64xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>, !tile.tile<128x64xf32>, !tile.tile<128xf32>, !tile.tile<128xf32> attributes {twill.normalization = {budget = 300 : i64, max_ratio_error = 8.061947 : f64, proven = 1 : i64, scale_cycles = 2673 : i64, scale_units = 300 : i64}, twill.cross_warp = 4 : i64, twill.schedule = #twill.schedule<ii = 404, length = 608, stages = 2, lower_bound = 404, status = optimal>, twill.warps = [#twill.warp<id = 0, role = producer, regs = 40>, #twill.warp<id = 1, role = mma, regs = 40>, #twill.warp<id = 2, role = softmax0, regs = 176>, #twill.warp<id = 3, role = softmax1, regs = 176>, #twill.warp<id = 4, role = softmax2, regs = 80>], twill.search = #twill.search<solver = "cp-sat", complete, note = "II<404 below the modulo bound 404; length not proven shortest">, twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, status = refused, note = "this mma has 256 rows, more than one MMA of 'b200' (sm_100a) computes (128): it must be sub-tiled">, #twill.variant<parts = 2, ii = 228, ii_cycles = 2031, lower_bound = 228, status = optimal, chosen, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'tile.mma' (256) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 64 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">]} {
    ^bb0(%j: index, %o0_2: !tile.tile<128x64xf32>, %m0_2: !tile.tile<128xf32>, %l0_2: !tile.tile<128xf32>, %o1_2: !tile.tile<128x64xf32>, %m1_2: !tile.tile<128xf32>, %l1_2: !tile.tile<128xf32>):
      %k = tile.load %K[%j, %5] {twill.cost = #twill.cost<unit = tma, cycles = 15, latency = 70, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32, twill.unmasked_cycle = 0 : i32} : !tile.tensor<[N, 64], f16> -> !tile.tile<128x64xf16>
      %v = tile.load %V[%j, %5] {twill.cost = #twill.cost<unit = tma, cycles = 15, latency = 70, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 419 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 15 : i32, twill.warp = 0 : i32, twill.unmasked_cycle = 288 : i32} : !tile.tensor<[N, 64], f16> -> !tile.tile<128x64xf16>
      %26 = tile.iota {twill.cost = #twill.cost<unit = alu, cycles = 29, latency = 29, regs = 0, smem = 0, tmem = 0>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 32 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 32 : i32, twill.warp = 2 : i32, dim = 1 : i64} : !tile.tile<128x128xi32>
      %27 = tile.iota {twill.cost = #twill.cost<unit = alu, cycles = 29, latency = 29, regs = 0, smem = 0, tmem = 0>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 120 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 120 : i32, twill.warp = 3 : i32, dim = 1 : i64} : !tile.tile<128x128xi32>
      %28 = arith.muli %j, %2 : index
      %29 = arith.index_cast %28 : index to i32
      %cols0 = tile.add %26, %29 {twill.cost = #twill.cost<unit = alu, cycles = 29, latency = 29, regs = 0, smem = 0, tmem = 0>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 76 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 76 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xi32>, i32 -> !tile.tile<128x128xi32>
      %30 = tile.cmp "le", %cols0, %rows0 {twill.cost = #twill.cost<unit = alu, cycles = 29, latency = 29, regs = 0, smem = 0, tmem = 0>, twill.cross_warp = 7 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 4, smem = 0, tmem = 0>, twill.raw_cross_warp = 62 : i64, twill.cycle = 323 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 323 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xi32>, !tile.tile<128x128xi32> -> !tile.tile<128x128xi1>
      %31 = tile.mma %q0, %k {twill.cost = #twill.cost<unit = tc, cycles = 29, latency = 29, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 319 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 319 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 159 : i32, transpose_rhs} : !tile.tile<128x64xf16>, !tile.tile<128x64xf16> -> !tile.tile<128x128xf32>
      %32 = tile.mul %31, %scale {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 352 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 352 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 217 : i32} : !tile.tile<128x128xf32>, f32 -> !tile.tile<128x128xf32>
      %cols1 = tile.add %27, %29 {twill.cost = #twill.cost<unit = alu, cycles = 29, latency = 29, regs = 0, smem = 0, tmem = 0>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 204 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 204 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xi32>, i32 -> !tile.tile<128x128xi32>
      %33 = tile.cmp "le", %cols1, %rows1 {twill.cost = #twill.cost<unit = alu, cycles = 29, latency = 29, regs = 0, smem = 0, tmem = 0>, twill.cross_warp = 7 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 4, smem = 0, tmem = 0>, twill.raw_cross_warp = 62 : i64, twill.cycle = 233 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 233 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xi32>, !tile.tile<128x128xi32> -> !tile.tile<128x128xi1>
      %34 = tile.mma %q1, %k {twill.cost = #twill.cost<unit = tc, cycles = 29, latency = 29, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 70 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 70 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 70 : i32, transpose_rhs} : !tile.tile<128x64xf16>, !tile.tile<128x64xf16> -> !tile.tile<128x128xf32>
      %35 = tile.mul %34, %scale {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 188 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 188 : i32, twill.warp = 3 : i32, twill.unmasked_cycle = 103 : i32} : !tile.tile<128x128xf32>, f32 -> !tile.tile<128x128xf32>
      %36 = arith.constant 0xff800000 : f32
      %s0 = tile.select %30, %32, %36 {twill.split_mask, twill.cost = #twill.cost<unit = alu, cycles = 29, latency = 29, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 375 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 375 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xi1>, !tile.tile<128x128xf32>, f32 -> !tile.tile<128x128xf32>
      %37 = tile.rowmax %s0 {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 404 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 0 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 236 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %m0_new = tile.max %m0_2, %37 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 419 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 15 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 255 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %38 = tile.sub %s0, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 421 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 17 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 261 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %p0 = tile.exp2 %38 {twill.cost = #twill.cost<unit = sfu, cycles = 113, latency = 113, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 437 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 33 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 280 : i32} : !tile.tile<128x128xf32>
      %39 = tile.sub %m0_2, %m0_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 420 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 16 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 260 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %alpha0 = tile.exp2 %39 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 8, latency = 8, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 436 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 32 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 279 : i32} : !tile.tile<128xf32>
      %40 = tile.mul %l0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 591 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 187 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 284 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %41 = tile.rowsum %p0 {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 575 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 171 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 413 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %l0_3 = tile.add %40, %41 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 607 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 203 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 435 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %42 = tile.cast %p0 {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 0, smem = 0, tmem = 32768>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 0, smem = 0, tmem = 32768>, twill.raw_cross_warp = 30 : i64, twill.cycle = 553 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 149 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 397 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
      %43 = tile.mul %o0_2, %alpha0 {twill.cost = #twill.cost<unit = alu, cycles = 37, latency = 37, regs = 32, smem = 0, tmem = 32768, blocking, stall = 30>, twill.chunk_cols = 32 : i64, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 331, latency = 331, regs = 32, smem = 0, tmem = 32768, blocking, stall = 267>, twill.raw_cross_warp = 30 : i64, twill.cycle = 538 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 134 : i32, twill.warp = 4 : i32, twill.unmasked_cycle = 290 : i32} : !tile.tile<128x64xf32>, !tile.tile<128xf32> -> !tile.tile<128x64xf32>
      %o0_3 = tile.mma %42, %v, %43 {twill.cost = #twill.cost<unit = tc, cycles = 29, latency = 29, regs = 0, smem = 0, tmem = 32768>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 0, smem = 0, tmem = 32768>, twill.raw_cross_warp = 30 : i64, twill.cycle = 579 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 175 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 416 : i32} : !tile.tile<128x128xf16>, !tile.tile<128x64xf16>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
      %s1 = tile.select %33, %35, %36 {twill.split_mask, twill.cost = #twill.cost<unit = alu, cycles = 29, latency = 29, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 262 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 262 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xi1>, !tile.tile<128x128xf32>, f32 -> !tile.tile<128x128xf32>
      %44 = tile.rowmax %s1 {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 291 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 291 : i32, twill.warp = 3 : i32, twill.unmasked_cycle = 122 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %m1_new = tile.max %m1_2, %44 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 306 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 306 : i32, twill.warp = 3 : i32, twill.unmasked_cycle = 141 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %45 = tile.sub %s1, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 308 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 308 : i32, twill.warp = 3 : i32, twill.unmasked_cycle = 147 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %p1 = tile.exp2 %45 {twill.cost = #twill.cost<unit = sfu, cycles = 113, latency = 113, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 323 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 323 : i32, twill.warp = 3 : i32, twill.unmasked_cycle = 166 : i32} : !tile.tile<128x128xf32>
      %46 = tile.sub %m1_2, %m1_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 307 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 307 : i32, twill.warp = 3 : i32, twill.unmasked_cycle = 146 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %alpha1 = tile.exp2 %46 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 8, latency = 8, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 313 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 313 : i32, twill.warp = 4 : i32, twill.unmasked_cycle = 165 : i32} : !tile.tile<128xf32>
      %47 = tile.mul %l1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 374 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 374 : i32, twill.warp = 2 : i32, twill.unmasked_cycle = 184 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %48 = tile.rowsum %p1 {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 465 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 61 : i32, twill.warp = 3 : i32, twill.unmasked_cycle = 285 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %l1_3 = tile.add %47, %48 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 590 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 186 : i32, twill.warp = 3 : i32, twill.unmasked_cycle = 304 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %49 = tile.cast %p1 {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 0, smem = 0, tmem = 32768>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 0, smem = 0, tmem = 32768>, twill.raw_cross_warp = 30 : i64, twill.cycle = 509 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 105 : i32, twill.warp = 3 : i32, twill.unmasked_cycle = 305 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
      %50 = tile.mul %o1_2, %alpha1 {twill.cost = #twill.cost<unit = alu, cycles = 37, latency = 37, regs = 32, smem = 0, tmem = 32768, blocking, stall = 30>, twill.chunk_cols = 32 : i64, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 331, latency = 331, regs = 32, smem = 0, tmem = 32768, blocking, stall = 267>, twill.raw_cross_warp = 30 : i64, twill.cycle = 337 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 337 : i32, twill.warp = 4 : i32, twill.unmasked_cycle = 170 : i32} : !tile.tile<128x64xf32>, !tile.tile<128xf32> -> !tile.tile<128x64xf32>
      %o1_3 = tile.mma %49, %v, %50 {twill.cost = #twill.cost<unit = tc, cycles = 29, latency = 29, regs = 0, smem = 0, tmem = 32768>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 0, smem = 0, tmem = 32768>, twill.raw_cross_warp = 30 : i64, twill.cycle = 528 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 124 : i32, twill.warp = 1 : i32, twill.unmasked_cycle = 358 : i32} : !tile.tile<128x128xf16>, !tile.tile<128x64xf16>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
      tile.yield %o0_3, %m0_new, %l0_3, %o1_3, %m1_new, %l1_3 : !tile.tile<128x64xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>, !tile.tile<128x64xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>
    }
    twill.pipeline ii 404 stages 2 buffers {
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
      twill.buffer "mul_4" depth 1
      twill.buffer "mul_5" depth 1
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
      twill.copy "iota" stage 0 step 0 guarded at 32
      twill.copy "mma_1" stage 0 step 0 guarded at 70
      twill.copy "cols0" stage 0 step 0 guarded at 76
      twill.copy "iota_1" stage 0 step 0 guarded at 120
      twill.copy "mul_1" stage 0 step 0 guarded at 188
      twill.copy "cols1" stage 0 step 0 guarded at 204
      twill.copy "cmp_1" stage 0 step 0 guarded at 233
      twill.copy "s1" stage 0 step 0 guarded at 262
      twill.copy "rowmax_1" stage 0 step 0 guarded at 291
      twill.copy "m1_new" stage 0 step 0 guarded at 306
      twill.copy "sub_3" stage 0 step 0 guarded at 307
      twill.copy "sub_2" stage 0 step 0 guarded at 308
      twill.copy "alpha1" stage 0 step 0 guarded at 313
      twill.copy "mma" stage 0 step 0 guarded at 319
      twill.copy "cmp" stage 0 step 0 guarded at 323
      twill.copy "p1" stage 0 step 0 guarded at 323
      twill.copy "mul_5" stage 0 step 0 guarded at 337
      twill.copy "mul" stage 0 step 0 guarded at 352
      twill.copy "mul_4" stage 0 step 0 guarded at 374
      twill.copy "s0" stage 0 step 0 guarded at 375
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
      twill.copy "rowmax" stage 1 step 0 at 0
      twill.copy "v" stage 1 step 0 at 15
      twill.copy "m0_new" stage 1 step 0 at 15
      twill.copy "sub_1" stage 1 step 0 at 16
      twill.copy "sub" stage 1 step 0 at 17
      twill.copy "iota" stage 0 step 0 at 32
      twill.copy "alpha0" stage 1 step 0 at 32
      twill.copy "p0" stage 1 step 0 at 33
      twill.copy "rowsum_1" stage 1 step 0 at 61
      twill.copy "mma_1" stage 0 step 0 at 70
      twill.copy "cols0" stage 0 step 0 at 76
      twill.copy "cast_1" stage 1 step 0 at 105
      twill.copy "iota_1" stage 0 step 0 at 120
      twill.copy "o1" stage 1 step 0 at 124
      twill.copy "mul_3" stage 1 step 0 at 134
      twill.copy "cast" stage 1 step 0 at 149
      twill.copy "rowsum" stage 1 step 0 at 171
      twill.copy "o0" stage 1 step 0 at 175
      twill.copy "l1" stage 1 step 0 at 186
      twill.copy "mul_2" stage 1 step 0 at 187
      twill.copy "mul_1" stage 0 step 0 at 188
      twill.copy "l0" stage 1 step 0 at 203
      twill.copy "cols1" stage 0 step 0 at 204
      twill.copy "cmp_1" stage 0 step 0 at 233
      twill.copy "s1" stage 0 step 0 at 262
      twill.copy "rowmax_1" stage 0 step 0 at 291
      twill.copy "m1_new" stage 0 step 0 at 306
      twill.copy "sub_3" stage 0 step 0 at 307
      twill.copy "sub_2" stage 0 step 0 at 308
      twill.copy "alpha1" stage 0 step 0 at 313
      twill.copy "mma" stage 0 step 0 at 319
      twill.copy "cmp" stage 0 step 0 at 323
      twill.copy "p1" stage 0 step 0 at 323
      twill.copy "mul_5" stage 0 step 0 at 337
      twill.copy "mul" stage 0 step 0 at 352
      twill.copy "mul_4" stage 0 step 0 at 374
      twill.copy "s0" stage 0 step 0 at 375
    } epilogue {
      twill.copy "rowmax" stage 1 step 0 guarded at 0
      twill.copy "v" stage 1 step 0 guarded at 15
      twill.copy "m0_new" stage 1 step 0 guarded at 15
      twill.copy "sub_1" stage 1 step 0 guarded at 16
      twill.copy "sub" stage 1 step 0 guarded at 17
      twill.copy "alpha0" stage 1 step 0 guarded at 32
      twill.copy "p0" stage 1 step 0 guarded at 33
      twill.copy "rowsum_1" stage 1 step 0 guarded at 61
      twill.copy "cast_1" stage 1 step 0 guarded at 105
      twill.copy "o1" stage 1 step 0 guarded at 124
      twill.copy "mul_3" stage 1 step 0 guarded at 134
      twill.copy "cast" stage 1 step 0 guarded at 149
      twill.copy "rowsum" stage 1 step 0 guarded at 171
      twill.copy "o0" stage 1 step 0 guarded at 175
      twill.copy "l1" stage 1 step 0 guarded at 186
      twill.copy "mul_2" stage 1 step 0 guarded at 187
      twill.copy "l0" stage 1 step 0 guarded at 203
    }
    twill.warp_specialize %5 to %17 step %3 ii 404 stages 2 channels {
      twill.channel "alpha0" from 2 to [4] in "smem" depth 1
      twill.channel "alpha1" from 4 to [2] in "smem" depth 1
      twill.channel "cast" from 2 to [1] in "tmem" depth 1
      twill.channel "cast_1" from 3 to [1] in "tmem" depth 1
      twill.channel "k" from 0 to [1] in "smem" depth 1
      twill.channel "l1" from 3 to [2] in "smem" depth 2
      twill.channel "mma" from 1 to [2] in "tmem" depth 1
      twill.channel "mma_1" from 1 to [3] in "tmem" depth 1
      twill.channel "mul_3" from 4 to [1] in "tmem" depth 1
      twill.channel "mul_4" from 2 to [3] in "smem" depth 1
      twill.channel "mul_5" from 4 to [1] in "tmem" depth 1
      twill.channel "o0" from 1 to [4] in "tmem" depth 1
      twill.channel "o1" from 1 to [4] in "tmem" depth 1
      twill.channel "sub_3" from 3 to [4] in "smem" depth 1
      twill.channel "v" from 0 to [1] in "smem" depth 1
    } roles {
      twill.role "producer" warp 0 regs 40 prologue {
        twill.copy "k" stage 0 step 0 guarded at 0
      } kernel {
        twill.copy "k" stage 0 step 0 at 0
        twill.copy "v" stage 1 step 0 at 15
      } epilogue {
        twill.copy "v" stage 1 step 0 guarded at 15
      }
      twill.role "mma" warp 1 regs 40 prologue {
        twill.copy "mma_1" stage 0 step 0 guarded at 70
        twill.copy "mma" stage 0 step 0 guarded at 319
      } kernel {
        twill.copy "mma_1" stage 0 step 0 at 70
        twill.copy "o1" stage 1 step 0 at 124
        twill.copy "o0" stage 1 step 0 at 175
        twill.copy "mma" stage 0 step 0 at 319
      } epilogue {
        twill.copy "o1" stage 1 step 0 guarded at 124
        twill.copy "o0" stage 1 step 0 guarded at 175
      }
      twill.role "softmax0" warp 2 regs 176 prologue {
        twill.copy "iota" stage 0 step 0 guarded at 32
        twill.copy "cols0" stage 0 step 0 guarded at 76
        twill.copy "cmp" stage 0 step 0 guarded at 323
        twill.copy "mul" stage 0 step 0 guarded at 352
        twill.copy "mul_4" stage 0 step 0 guarded at 374
        twill.copy "s0" stage 0 step 0 guarded at 375
      } kernel {
        twill.copy "rowmax" stage 1 step 0 at 0
        twill.copy "m0_new" stage 1 step 0 at 15
        twill.copy "sub_1" stage 1 step 0 at 16
        twill.copy "sub" stage 1 step 0 at 17
        twill.copy "iota" stage 0 step 0 at 32
        twill.copy "alpha0" stage 1 step 0 at 32
        twill.copy "p0" stage 1 step 0 at 33
        twill.copy "cols0" stage 0 step 0 at 76
        twill.copy "cast" stage 1 step 0 at 149
        twill.copy "rowsum" stage 1 step 0 at 171
        twill.copy "mul_2" stage 1 step 0 at 187
        twill.copy "l0" stage 1 step 0 at 203
        twill.copy "cmp" stage 0 step 0 at 323
        twill.copy "mul" stage 0 step 0 at 352
        twill.copy "mul_4" stage 0 step 0 at 374
        twill.copy "s0" stage 0 step 0 at 375
      } epilogue {
        twill.copy "rowmax" stage 1 step 0 guarded at 0
        twill.copy "m0_new" stage 1 step 0 guarded at 15
        twill.copy "sub_1" stage 1 step 0 guarded at 16
        twill.copy "sub" stage 1 step 0 guarded at 17
        twill.copy "alpha0" stage 1 step 0 guarded at 32
        twill.copy "p0" stage 1 step 0 guarded at 33
        twill.copy "cast" stage 1 step 0 guarded at 149
        twill.copy "rowsum" stage 1 step 0 guarded at 171
        twill.copy "mul_2" stage 1 step 0 guarded at 187
        twill.copy "l0" stage 1 step 0 guarded at 203
      }
      twill.role "softmax1" warp 3 regs 176 prologue {
        twill.copy "iota_1" stage 0 step 0 guarded at 120
        twill.copy "mul_1" stage 0 step 0 guarded at 188
        twill.copy "cols1" stage 0 step 0 guarded at 204
        twill.copy "cmp_1" stage 0 step 0 guarded at 233
        twill.copy "s1" stage 0 step 0 guarded at 262
        twill.copy "rowmax_1" stage 0 step 0 guarded at 291
        twill.copy "m1_new" stage 0 step 0 guarded at 306
        twill.copy "sub_3" stage 0 step 0 guarded at 307
        twill.copy "sub_2" stage 0 step 0 guarded at 308
        twill.copy "p1" stage 0 step 0 guarded at 323
      } kernel {
        twill.copy "rowsum_1" stage 1 step 0 at 61
        twill.copy "cast_1" stage 1 step 0 at 105
        twill.copy "iota_1" stage 0 step 0 at 120
        twill.copy "l1" stage 1 step 0 at 186
        twill.copy "mul_1" stage 0 step 0 at 188
        twill.copy "cols1" stage 0 step 0 at 204
        twill.copy "cmp_1" stage 0 step 0 at 233
        twill.copy "s1" stage 0 step 0 at 262
        twill.copy "rowmax_1" stage 0 step 0 at 291
        twill.copy "m1_new" stage 0 step 0 at 306
        twill.copy "sub_3" stage 0 step 0 at 307
        twill.copy "sub_2" stage 0 step 0 at 308
        twill.copy "p1" stage 0 step 0 at 323
      } epilogue {
        twill.copy "rowsum_1" stage 1 step 0 guarded at 61
        twill.copy "cast_1" stage 1 step 0 guarded at 105
        twill.copy "l1" stage 1 step 0 guarded at 186
      }
      twill.role "softmax2" warp 4 regs 80 prologue {
        twill.copy "alpha1" stage 0 step 0 guarded at 313
        twill.copy "mul_5" stage 0 step 0 guarded at 337
      } kernel {
        twill.copy "mul_3" stage 1 step 0 at 134
        twill.copy "alpha1" stage 0 step 0 at 313
        twill.copy "mul_5" stage 0 step 0 at 337
      } epilogue {
        twill.copy "mul_3" stage 1 step 0 guarded at 134
      }
    } outside {
      twill.live_in "iota" on [2]
      twill.live_in "iota_1" on [3]
      twill.live_in "add" on [3]
      twill.live_in "rows0" on [2]
      twill.live_in "rows1" on [3]
      twill.live_out "o0_1" on 1
      twill.live_out "m0_1" on 2
      twill.live_out "l0_1" on 2
      twill.live_out "o1_1" on 1
      twill.live_out "m1_1" on 3
      twill.live_out "l1_1" on 3
      twill.post "div" on 1
      twill.post "cast" on 1
      twill.post "store" on 1
      twill.post "div_1" on 1
      twill.post "cast_1" on 1
      twill.post "store_1" on 1
      twill.handoff "l0_1" from 2 to [1] in "smem"
      twill.handoff "l1_1" from 3 to [1] in "smem"
    }
    twill.mask_split %21, %25 alpha [-128, -128] unmasked <ii = 228, length = 445, stages = 2, lower_bound = 228, status = optimal>
    %51 = tile.div %o0_1, %l0_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x64xf32>, !tile.tile<128xf32> -> !tile.tile<128x64xf32>
    %52 = tile.cast %51 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
    %53 = arith.muli %0, %bid : index
    tile.store %52, %O[%53, %5] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<128x64xf16>, !tile.tensor<[N, 64], f16>
    %54 = tile.div %o1_1, %l1_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x64xf32>, !tile.tile<128xf32> -> !tile.tile<128x64xf32>
    %55 = tile.cast %54 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
    %56 = arith.muli %0, %bid : index
    %57 = arith.addi %56, %1 : index
    tile.store %55, %O[%57, %5] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<128x64xf16>, !tile.tensor<[N, 64], f16>
    func.return
  }
}
