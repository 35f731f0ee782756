builtin.module attributes {twill.target = "h100"} {
  func.func @attn_fwd_finite_pivot(%K: !tile.tensor<[N_CTX, K_d1], f16>, %Q: !tile.tensor<[N_CTX, Q_d1], f16>, %sm_scale: f32, %V: !tile.tensor<[N_CTX, V_d1], f16>) {
    %0 = arith.constant 2 : index
    %1 = arith.constant 1 : index
    %2 = arith.constant 128 : index
    %3 = arith.constant 1 : index
    %4 = arith.constant 0 : index
    %5 = tile.block_id
    %6 = tile.full {twill.triton = [11 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %7 = tile.full {twill.triton = [11 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %8 = tile.zeros {twill.triton = [8 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
    %9 = tile.zeros {twill.triton = [8 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
    %10 = tile.zeros {twill.triton = [10 : i64], twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %11 = tile.zeros {twill.triton = [10 : i64], twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %12 = arith.muli %0, %5 : index
    %13 = tile.load %Q[%12, %4] {twill.triton = [22 : i64, 23 : i64], twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>} : !tile.tensor<[N_CTX, Q_d1], f16> -> !tile.tile<64x128xf16>
    %14 = arith.muli %0, %5 : index
    %15 = arith.addi %14, %1 : index
    %16 = tile.load %Q[%15, %4] {twill.triton = [22 : i64, 23 : i64], twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>} : !tile.tensor<[N_CTX, Q_d1], f16> -> !tile.tile<64x128xf16>
    %17 = arith.constant {twill.triton = [5 : i64]} 1.44269502 : f32
    %18 = arith.mulf %sm_scale, %17 {twill.triton = [21 : i64]} : f32
    %19 = arith.muli %5, %2 {twill.triton = [17 : i64]} : index
    %20 = arith.index_cast %19 {twill.triton = [20 : i64]} : index to i32
    %21 = tile.iota {twill.triton = [18 : i64], twill.remat, dim = 0 : i64} : !tile.tile<64x128xi32>
    %22 = tile.iota {twill.triton = [18 : i64], twill.remat, dim = 0 : i64} : !tile.tile<64x128xi32>
    %23 = arith.constant 64 : i32
    %24 = tile.add %22, %23 {twill.remat} : !tile.tile<64x128xi32>, i32 -> !tile.tile<64x128xi32>
    %25 = tile.add %21, %20 {twill.triton = [20 : i64], twill.remat} : !tile.tile<64x128xi32>, i32 -> !tile.tile<64x128xi32>
    %26 = tile.add %24, %20 {twill.triton = [20 : i64], twill.remat} : !tile.tile<64x128xi32>, i32 -> !tile.tile<64x128xi32>
    %27 = arith.addi %5, %3 {twill.triton = [24 : i64]} : index
    %28 = arith.muli %27, %2 {twill.triton = [25 : i64]} : index
    %29 = arith.subi %2, %3 {twill.triton = [31 : i64]} : index
    %30 = arith.addi %28, %29 {twill.triton = [31 : i64]} : index
    %31 = arith.divui %30, %2 {twill.triton = [31 : i64]} : index
    %32, %33, %34, %35, %36, %37 = tile.for %4 to %31 step %3 iter_args(%6, %8, %10, %7, %9, %11 : !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x128xf32>) -> !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x128xf32> attributes {twill.triton = [31 : i64], twill.normalization = {budget = 300 : i64, max_ratio_error = 4.446809 : f64, proven = 1 : i64, scale_cycles = 1623 : i64, scale_units = 300 : i64}, twill.cross_warp = 6 : i64, twill.schedule = #twill.schedule<ii = 376, length = 891, stages = 3, lower_bound = 376, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=376 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = consumer0, regs = 240>, #twill.warp<id = 2, role = consumer1, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.split_refused = "the mask fits the unmasked pipeline at no II (II=376..378 refuted under the pins; II=379 open (time limit); II=380 refuted under the pins; II=381..383 open (time limit); II=384 refuted under the pins; II=385..391 open (time limit); II=392 open (work limit); II=393..3163 open (time limit); no schedule with II <= 3163)", twill.variants = [#twill.variant<parts = 1, ii = 401, ii_cycles = 2947, lower_bound = 274, status = feasible, note = "">, #twill.variant<parts = 2, ii = 376, ii_cycles = 2034, lower_bound = 376, status = optimal, chosen, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'tile.mma' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">]} {
    ^bb0(%iv: index, %38: !tile.tile<64xf32>, %39: !tile.tile<64xf32>, %40: !tile.tile<64x128xf32>, %41: !tile.tile<64xf32>, %42: !tile.tile<64xf32>, %43: !tile.tile<64x128xf32>):
      %44 = tile.load %K[%iv, %4] {twill.triton = [32 : i64, 33 : i64, 34 : i64], twill.cost = #twill.cost<unit = tma, cycles = 47, latency = 139, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N_CTX, K_d1], f16> -> !tile.tile<128x128xf16>
      %45 = tile.mma %13, %44 {twill.triton = [35 : i64], twill.cost = #twill.cost<unit = tc, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 139 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 139 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<64x128xf32>
      %46 = tile.mul %45, %18 {twill.triton = [36 : i64], twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 233 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 233 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, f32 -> !tile.tile<64x128xf32>
      %47 = tile.mma %16, %44 {twill.triton = [35 : i64], twill.cost = #twill.cost<unit = tc, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 233 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 233 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<64x128xf32>
      %48 = tile.mul %47, %18 {twill.triton = [36 : i64], twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 327 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 327 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, f32 -> !tile.tile<64x128xf32>
      %49 = arith.muli %iv, %2 {twill.triton = [38 : i64]} : index
      %50 = arith.index_cast %49 {twill.triton = [38 : i64]} : index to i32
      %51 = tile.iota {twill.triton = [28 : i64], twill.remat, dim = 1 : i64} : !tile.tile<64x128xi32>
      %52 = tile.add %51, %50 {twill.triton = [38 : i64], twill.remat} : !tile.tile<64x128xi32>, i32 -> !tile.tile<64x128xi32>
      %53 = tile.cmp "ge", %25, %52 {twill.triton = [40 : i64], twill.remat} : !tile.tile<64x128xi32>, !tile.tile<64x128xi32> -> !tile.tile<64x128xi1>
      %54 = tile.iota {twill.triton = [28 : i64], twill.remat, dim = 1 : i64} : !tile.tile<64x128xi32>
      %55 = tile.add %54, %50 {twill.triton = [38 : i64], twill.remat} : !tile.tile<64x128xi32>, i32 -> !tile.tile<64x128xi32>
      %56 = tile.cmp "ge", %26, %55 {twill.triton = [40 : i64], twill.remat} : !tile.tile<64x128xi32>, !tile.tile<64x128xi32> -> !tile.tile<64x128xi1>
      %57 = arith.constant {twill.triton = [9 : i64]} 0xff800000 : f32
      %58 = tile.select %53, %46, %57 {twill.triton = [41 : i64], twill.cost = #twill.cost<unit = alu, cycles = 47, latency = 47, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 245 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 245 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xi1>, !tile.tile<64x128xf32>, f32 -> !tile.tile<64x128xf32>
      %59 = tile.rowmax %58 {twill.triton = [42 : i64, 43 : i64], twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 292 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 292 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %60 = tile.max %38, %59 {twill.triton = [45 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 304 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 304 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %61 = tile.select %56, %48, %57 {twill.triton = [41 : i64], twill.cost = #twill.cost<unit = alu, cycles = 47, latency = 47, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 339 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 339 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xi1>, !tile.tile<64x128xf32>, f32 -> !tile.tile<64x128xf32>
      %62 = tile.rowmax %61 {twill.triton = [42 : i64, 43 : i64], twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 386 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 10 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %63 = tile.max %41, %62 {twill.triton = [45 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 398 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 22 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %64 = arith.constant {twill.triton = [11 : i64]} 0xff800000 : f32
      %65 = tile.cmp "eq", %60, %64 {twill.triton = [46 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 305 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 305 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, f32 -> !tile.tile<64xi1>
      %66 = tile.cmp "eq", %63, %64 {twill.triton = [46 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 8 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 399 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 23 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, f32 -> !tile.tile<64xi1>
      %67 = arith.constant {twill.triton = [8 : i64]} 0.000000e+00 : f32
      %68 = tile.select %65, %67, %60 {twill.triton = [47 : i64, 49 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 306 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 306 : i32, twill.warp = 1 : i32} : !tile.tile<64xi1>, f32, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %69 = tile.sub %58, %68 {twill.triton = [50 : i64], twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 307 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 307 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %70 = tile.exp2 %69 {twill.triton = [51 : i64], twill.cost = #twill.cost<unit = sfu, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 319 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 319 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>
      %71 = tile.sub %38, %68 {twill.triton = [52 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 319 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 319 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %72 = tile.exp2 %71 {twill.triton = [53 : i64, 63 : i64], twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 507 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 131 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>
      %73 = tile.mul %39, %72 {twill.triton = [54 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 556 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 180 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %74 = tile.rowsum %70 {twill.triton = [55 : i64, 56 : i64], twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 414 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 38 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %75 = tile.add %73, %74 {twill.triton = [58 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 558 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 182 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %76 = tile.select %66, %67, %63 {twill.triton = [47 : i64, 49 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 400 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 24 : i32, twill.warp = 2 : i32} : !tile.tile<64xi1>, f32, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %77 = tile.sub %61, %76 {twill.triton = [50 : i64], twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 401 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 25 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %78 = tile.exp2 %77 {twill.triton = [51 : i64], twill.cost = #twill.cost<unit = sfu, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 413 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 37 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>
      %79 = tile.sub %41, %76 {twill.triton = [52 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 413 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 37 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %80 = tile.exp2 %79 {twill.triton = [53 : i64, 63 : i64], twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 508 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 132 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>
      %81 = tile.mul %42, %80 {twill.triton = [54 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 557 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 181 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %82 = tile.rowsum %78 {twill.triton = [55 : i64, 56 : i64], twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 532 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 156 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %83 = tile.add %81, %82 {twill.triton = [58 : i64], twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 559 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 183 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %84 = tile.load %V[%iv, %4] {twill.triton = [59 : i64, 60 : i64], twill.cost = #twill.cost<unit = tma, cycles = 47, latency = 139, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 47 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 47 : i32, twill.warp = 0 : i32} : !tile.tensor<[N_CTX, V_d1], f16> -> !tile.tile<128x128xf16>
      %85 = tile.cast %70 {twill.triton = [61 : i64, 65 : i64], twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 53 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 426 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 50 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %86 = tile.mul %40, %72 {twill.triton = [64 : i64], twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 508 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 132 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %87 = tile.mma %85, %84, %86 {twill.triton = [66 : i64], twill.cost = #twill.cost<unit = tc, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 703 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 327 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %88 = tile.cast %78 {twill.triton = [61 : i64, 65 : i64], twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 53 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 544 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 168 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %89 = tile.mul %43, %80 {twill.triton = [64 : i64], twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 520 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 144 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %90 = tile.mma %88, %84, %89 {twill.triton = [66 : i64], twill.cost = #twill.cost<unit = tc, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 797 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 45 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      tile.yield %60, %75, %87, %63, %83, %90 : !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x128xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64x128xf32>
    }
    twill.pipeline ii 376 stages 3 buffers {
      twill.buffer "add" depth 1
      twill.buffer "add_1" depth 1
      twill.buffer "cast" depth 1
      twill.buffer "cast_1" depth 1
      twill.buffer "cmp" depth 1
      twill.buffer "cmp_1" depth 1
      twill.buffer "exp2" depth 1
      twill.buffer "exp2_1" depth 1
      twill.buffer "exp2_2" depth 1
      twill.buffer "exp2_3" depth 1
      twill.buffer "load" depth 1
      twill.buffer "load_1" depth 3
      twill.buffer "max" depth 2
      twill.buffer "max_1" depth 2
      twill.buffer "mma" depth 1
      twill.buffer "mma_1" depth 1
      twill.buffer "mma_2" depth 1
      twill.buffer "mma_3" depth 1
      twill.buffer "mul" depth 1
      twill.buffer "mul_1" depth 1
      twill.buffer "mul_2" depth 1
      twill.buffer "mul_3" depth 1
      twill.buffer "mul_4" depth 1
      twill.buffer "mul_5" depth 1
      twill.buffer "rowmax" depth 1
      twill.buffer "rowmax_1" depth 1
      twill.buffer "rowsum" depth 1
      twill.buffer "rowsum_1" depth 1
      twill.buffer "select" depth 1
      twill.buffer "select_1" depth 1
      twill.buffer "select_2" depth 1
      twill.buffer "select_3" depth 1
      twill.buffer "sub" depth 1
      twill.buffer "sub_1" depth 1
      twill.buffer "sub_2" depth 1
      twill.buffer "sub_3" depth 1
    } prologue {
      twill.copy "load" stage 0 step 0 guarded at 0
      twill.copy "load_1" stage 0 step 0 guarded at 47
      twill.copy "mma" stage 0 step 0 guarded at 139
      twill.copy "mul" stage 0 step 0 guarded at 233
      twill.copy "mma_1" stage 0 step 0 guarded at 233
      twill.copy "select" stage 0 step 0 guarded at 245
      twill.copy "rowmax" stage 0 step 0 guarded at 292
      twill.copy "max" stage 0 step 0 guarded at 304
      twill.copy "cmp" stage 0 step 0 guarded at 305
      twill.copy "select_2" stage 0 step 0 guarded at 306
      twill.copy "sub" stage 0 step 0 guarded at 307
      twill.copy "exp2" stage 0 step 0 guarded at 319
      twill.copy "sub_1" stage 0 step 0 guarded at 319
      twill.copy "mul_1" stage 0 step 0 guarded at 327
      twill.copy "select_1" stage 0 step 0 guarded at 339
      twill.copy "load" stage 0 step 1 guarded at 0
      twill.copy "rowmax_1" stage 1 step 1 guarded at 10
      twill.copy "max_1" stage 1 step 1 guarded at 22
      twill.copy "cmp_1" stage 1 step 1 guarded at 23
      twill.copy "select_3" stage 1 step 1 guarded at 24
      twill.copy "sub_2" stage 1 step 1 guarded at 25
      twill.copy "exp2_2" stage 1 step 1 guarded at 37
      twill.copy "sub_3" stage 1 step 1 guarded at 37
      twill.copy "rowsum" stage 1 step 1 guarded at 38
      twill.copy "load_1" stage 0 step 1 guarded at 47
      twill.copy "cast" stage 1 step 1 guarded at 50
      twill.copy "exp2_1" stage 1 step 1 guarded at 131
      twill.copy "exp2_3" stage 1 step 1 guarded at 132
      twill.copy "mul_4" stage 1 step 1 guarded at 132
      twill.copy "mma" stage 0 step 1 guarded at 139
      twill.copy "mul_5" stage 1 step 1 guarded at 144
      twill.copy "rowsum_1" stage 1 step 1 guarded at 156
      twill.copy "cast_1" stage 1 step 1 guarded at 168
      twill.copy "mul_2" stage 1 step 1 guarded at 180
      twill.copy "mul_3" stage 1 step 1 guarded at 181
      twill.copy "add" stage 1 step 1 guarded at 182
      twill.copy "add_1" stage 1 step 1 guarded at 183
      twill.copy "mul" stage 0 step 1 guarded at 233
      twill.copy "mma_1" stage 0 step 1 guarded at 233
      twill.copy "select" stage 0 step 1 guarded at 245
      twill.copy "rowmax" stage 0 step 1 guarded at 292
      twill.copy "max" stage 0 step 1 guarded at 304
      twill.copy "cmp" stage 0 step 1 guarded at 305
      twill.copy "select_2" stage 0 step 1 guarded at 306
      twill.copy "sub" stage 0 step 1 guarded at 307
      twill.copy "exp2" stage 0 step 1 guarded at 319
      twill.copy "sub_1" stage 0 step 1 guarded at 319
      twill.copy "mma_2" stage 1 step 1 guarded at 327
      twill.copy "mul_1" stage 0 step 1 guarded at 327
      twill.copy "select_1" stage 0 step 1 guarded at 339
    } kernel {
      twill.copy "load" stage 0 step 0 at 0
      twill.copy "rowmax_1" stage 1 step 0 at 10
      twill.copy "max_1" stage 1 step 0 at 22
      twill.copy "cmp_1" stage 1 step 0 at 23
      twill.copy "select_3" stage 1 step 0 at 24
      twill.copy "sub_2" stage 1 step 0 at 25
      twill.copy "exp2_2" stage 1 step 0 at 37
      twill.copy "sub_3" stage 1 step 0 at 37
      twill.copy "rowsum" stage 1 step 0 at 38
      twill.copy "mma_3" stage 2 step 0 at 45
      twill.copy "load_1" stage 0 step 0 at 47
      twill.copy "cast" stage 1 step 0 at 50
      twill.copy "exp2_1" stage 1 step 0 at 131
      twill.copy "exp2_3" stage 1 step 0 at 132
      twill.copy "mul_4" stage 1 step 0 at 132
      twill.copy "mma" stage 0 step 0 at 139
      twill.copy "mul_5" stage 1 step 0 at 144
      twill.copy "rowsum_1" stage 1 step 0 at 156
      twill.copy "cast_1" stage 1 step 0 at 168
      twill.copy "mul_2" stage 1 step 0 at 180
      twill.copy "mul_3" stage 1 step 0 at 181
      twill.copy "add" stage 1 step 0 at 182
      twill.copy "add_1" stage 1 step 0 at 183
      twill.copy "mul" stage 0 step 0 at 233
      twill.copy "mma_1" stage 0 step 0 at 233
      twill.copy "select" stage 0 step 0 at 245
      twill.copy "rowmax" stage 0 step 0 at 292
      twill.copy "max" stage 0 step 0 at 304
      twill.copy "cmp" stage 0 step 0 at 305
      twill.copy "select_2" stage 0 step 0 at 306
      twill.copy "sub" stage 0 step 0 at 307
      twill.copy "exp2" stage 0 step 0 at 319
      twill.copy "sub_1" stage 0 step 0 at 319
      twill.copy "mma_2" stage 1 step 0 at 327
      twill.copy "mul_1" stage 0 step 0 at 327
      twill.copy "select_1" stage 0 step 0 at 339
    } epilogue {
      twill.copy "rowmax_1" stage 1 step 0 guarded at 10
      twill.copy "max_1" stage 1 step 0 guarded at 22
      twill.copy "cmp_1" stage 1 step 0 guarded at 23
      twill.copy "select_3" stage 1 step 0 guarded at 24
      twill.copy "sub_2" stage 1 step 0 guarded at 25
      twill.copy "exp2_2" stage 1 step 0 guarded at 37
      twill.copy "sub_3" stage 1 step 0 guarded at 37
      twill.copy "rowsum" stage 1 step 0 guarded at 38
      twill.copy "mma_3" stage 2 step 0 guarded at 45
      twill.copy "cast" stage 1 step 0 guarded at 50
      twill.copy "exp2_1" stage 1 step 0 guarded at 131
      twill.copy "exp2_3" stage 1 step 0 guarded at 132
      twill.copy "mul_4" stage 1 step 0 guarded at 132
      twill.copy "mul_5" stage 1 step 0 guarded at 144
      twill.copy "rowsum_1" stage 1 step 0 guarded at 156
      twill.copy "cast_1" stage 1 step 0 guarded at 168
      twill.copy "mul_2" stage 1 step 0 guarded at 180
      twill.copy "mul_3" stage 1 step 0 guarded at 181
      twill.copy "add" stage 1 step 0 guarded at 182
      twill.copy "add_1" stage 1 step 0 guarded at 183
      twill.copy "mma_2" stage 1 step 0 guarded at 327
      twill.copy "mma_3" stage 2 step 1 guarded at 45
    }
    twill.warp_specialize %4 to %31 step %3 ii 376 stages 3 channels {
      twill.channel "load" from 0 to [1, 2] in "smem" depth 1
      twill.channel "load_1" from 0 to [1, 2] in "smem" depth 3
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "load" stage 0 step 0 guarded at 0
        twill.copy "load_1" stage 0 step 0 guarded at 47
        twill.copy "load" stage 0 step 1 guarded at 0
        twill.copy "load_1" stage 0 step 1 guarded at 47
      } kernel {
        twill.copy "load" stage 0 step 0 at 0
        twill.copy "load_1" stage 0 step 0 at 47
      } epilogue {
      }
      twill.role "consumer0" warp 1 regs 240 prologue {
        twill.copy "mma" stage 0 step 0 guarded at 139
        twill.copy "mul" stage 0 step 0 guarded at 233
        twill.copy "select" stage 0 step 0 guarded at 245
        twill.copy "rowmax" stage 0 step 0 guarded at 292
        twill.copy "max" stage 0 step 0 guarded at 304
        twill.copy "cmp" stage 0 step 0 guarded at 305
        twill.copy "select_2" stage 0 step 0 guarded at 306
        twill.copy "sub" stage 0 step 0 guarded at 307
        twill.copy "exp2" stage 0 step 0 guarded at 319
        twill.copy "sub_1" stage 0 step 0 guarded at 319
        twill.copy "rowsum" stage 1 step 1 guarded at 38
        twill.copy "cast" stage 1 step 1 guarded at 50
        twill.copy "exp2_1" stage 1 step 1 guarded at 131
        twill.copy "mul_4" stage 1 step 1 guarded at 132
        twill.copy "mma" stage 0 step 1 guarded at 139
        twill.copy "mul_2" stage 1 step 1 guarded at 180
        twill.copy "add" stage 1 step 1 guarded at 182
        twill.copy "mul" stage 0 step 1 guarded at 233
        twill.copy "select" stage 0 step 1 guarded at 245
        twill.copy "rowmax" stage 0 step 1 guarded at 292
        twill.copy "max" stage 0 step 1 guarded at 304
        twill.copy "cmp" stage 0 step 1 guarded at 305
        twill.copy "select_2" stage 0 step 1 guarded at 306
        twill.copy "sub" stage 0 step 1 guarded at 307
        twill.copy "exp2" stage 0 step 1 guarded at 319
        twill.copy "sub_1" stage 0 step 1 guarded at 319
        twill.copy "mma_2" stage 1 step 1 guarded at 327
      } kernel {
        twill.copy "rowsum" stage 1 step 0 at 38
        twill.copy "cast" stage 1 step 0 at 50
        twill.copy "exp2_1" stage 1 step 0 at 131
        twill.copy "mul_4" stage 1 step 0 at 132
        twill.copy "mma" stage 0 step 0 at 139
        twill.copy "mul_2" stage 1 step 0 at 180
        twill.copy "add" stage 1 step 0 at 182
        twill.copy "mul" stage 0 step 0 at 233
        twill.copy "select" stage 0 step 0 at 245
        twill.copy "rowmax" stage 0 step 0 at 292
        twill.copy "max" stage 0 step 0 at 304
        twill.copy "cmp" stage 0 step 0 at 305
        twill.copy "select_2" stage 0 step 0 at 306
        twill.copy "sub" stage 0 step 0 at 307
        twill.copy "exp2" stage 0 step 0 at 319
        twill.copy "sub_1" stage 0 step 0 at 319
        twill.copy "mma_2" stage 1 step 0 at 327
      } epilogue {
        twill.copy "rowsum" stage 1 step 0 guarded at 38
        twill.copy "cast" stage 1 step 0 guarded at 50
        twill.copy "exp2_1" stage 1 step 0 guarded at 131
        twill.copy "mul_4" stage 1 step 0 guarded at 132
        twill.copy "mul_2" stage 1 step 0 guarded at 180
        twill.copy "add" stage 1 step 0 guarded at 182
        twill.copy "mma_2" stage 1 step 0 guarded at 327
      }
      twill.role "consumer1" warp 2 regs 240 prologue {
        twill.copy "mma_1" stage 0 step 0 guarded at 233
        twill.copy "mul_1" stage 0 step 0 guarded at 327
        twill.copy "select_1" stage 0 step 0 guarded at 339
        twill.copy "rowmax_1" stage 1 step 1 guarded at 10
        twill.copy "max_1" stage 1 step 1 guarded at 22
        twill.copy "cmp_1" stage 1 step 1 guarded at 23
        twill.copy "select_3" stage 1 step 1 guarded at 24
        twill.copy "sub_2" stage 1 step 1 guarded at 25
        twill.copy "exp2_2" stage 1 step 1 guarded at 37
        twill.copy "sub_3" stage 1 step 1 guarded at 37
        twill.copy "exp2_3" stage 1 step 1 guarded at 132
        twill.copy "mul_5" stage 1 step 1 guarded at 144
        twill.copy "rowsum_1" stage 1 step 1 guarded at 156
        twill.copy "cast_1" stage 1 step 1 guarded at 168
        twill.copy "mul_3" stage 1 step 1 guarded at 181
        twill.copy "add_1" stage 1 step 1 guarded at 183
        twill.copy "mma_1" stage 0 step 1 guarded at 233
        twill.copy "mul_1" stage 0 step 1 guarded at 327
        twill.copy "select_1" stage 0 step 1 guarded at 339
      } kernel {
        twill.copy "rowmax_1" stage 1 step 0 at 10
        twill.copy "max_1" stage 1 step 0 at 22
        twill.copy "cmp_1" stage 1 step 0 at 23
        twill.copy "select_3" stage 1 step 0 at 24
        twill.copy "sub_2" stage 1 step 0 at 25
        twill.copy "exp2_2" stage 1 step 0 at 37
        twill.copy "sub_3" stage 1 step 0 at 37
        twill.copy "mma_3" stage 2 step 0 at 45
        twill.copy "exp2_3" stage 1 step 0 at 132
        twill.copy "mul_5" stage 1 step 0 at 144
        twill.copy "rowsum_1" stage 1 step 0 at 156
        twill.copy "cast_1" stage 1 step 0 at 168
        twill.copy "mul_3" stage 1 step 0 at 181
        twill.copy "add_1" stage 1 step 0 at 183
        twill.copy "mma_1" stage 0 step 0 at 233
        twill.copy "mul_1" stage 0 step 0 at 327
        twill.copy "select_1" stage 0 step 0 at 339
      } epilogue {
        twill.copy "rowmax_1" stage 1 step 0 guarded at 10
        twill.copy "max_1" stage 1 step 0 guarded at 22
        twill.copy "cmp_1" stage 1 step 0 guarded at 23
        twill.copy "select_3" stage 1 step 0 guarded at 24
        twill.copy "sub_2" stage 1 step 0 guarded at 25
        twill.copy "exp2_2" stage 1 step 0 guarded at 37
        twill.copy "sub_3" stage 1 step 0 guarded at 37
        twill.copy "mma_3" stage 2 step 0 guarded at 45
        twill.copy "exp2_3" stage 1 step 0 guarded at 132
        twill.copy "mul_5" stage 1 step 0 guarded at 144
        twill.copy "rowsum_1" stage 1 step 0 guarded at 156
        twill.copy "cast_1" stage 1 step 0 guarded at 168
        twill.copy "mul_3" stage 1 step 0 guarded at 181
        twill.copy "add_1" stage 1 step 0 guarded at 183
        twill.copy "mma_3" stage 2 step 1 guarded at 45
      }
    } outside {
      twill.live_out "result" on 1
      twill.live_out "result_1" on 1
      twill.live_out "result_2" on 1
      twill.live_out "result_3" on 2
      twill.live_out "result_4" on 2
      twill.live_out "result_5" on 2
    }
    twill.memory_plan release "last-use" tmem 0 mma 0 {
    }
    func.return
  }
}
