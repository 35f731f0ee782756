builtin.module attributes {twill.target = "b200"} {
  func.func @k(%A: !tile.tensor<[K, M], f16>, %B: !tile.tensor<[K, N], f16>, %C: !tile.tensor<[M, N], f16>) {
    %bid = tile.block_id
    %0 = arith.constant 1 : index
    %1 = arith.constant 64 : index
    %K = tile.size "K"
    %2 = arith.constant 0 : index
    %acc = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x64xf32>
    %3 = arith.divui %K, %1 : index
    %acc_1 = tile.for %2 to %3 step %0 iter_args(%acc : !tile.tile<128x64xf32>) -> !tile.tile<128x64xf32> attributes {twill.cross_warp = 1 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 6.666700e-02 : f64, proven = 1 : i64, scale_cycles = 2544 : i64, scale_units = 81 : i64}, twill.schedule = #twill.schedule<ii = 19, length = 46, stages = 3, lower_bound = 19, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=19 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 40>, #twill.warp<id = 1, role = mma, regs = 40>, #twill.warp<id = 2, role = correction, regs = 176>, #twill.warp<id = 3, role = idle, regs = 176>, #twill.warp<id = 4, role = idle, regs = 80>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 19, ii_cycles = 597, lower_bound = 19, status = optimal, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: 2 parts leave this mma 64 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'tile.mma' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">]} {
    ^bb0(%kk: index, %acc_2: !tile.tile<128x64xf32>):
      %a = tile.load %A[%kk, %bid] {twill.cost = #twill.cost<unit = tma, cycles = 4, latency = 20, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[K, M], f16> -> !tile.tile<64x128xf16>
      %b = tile.load %B[%kk, %bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 18, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 4 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 4 : i32, twill.warp = 0 : i32} : !tile.tensor<[K, N], f16> -> !tile.tile<64x64xf16>
      %4 = tile.mma %a, %b {twill.cost = #twill.cost<unit = tc, cycles = 4, latency = 4, regs = 0, smem = 0, tmem = 32768>, twill.cross_warp = 1 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 128, latency = 128, regs = 0, smem = 0, tmem = 32768>, twill.raw_cross_warp = 30 : i64, twill.cycle = 22 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 3 : i32, twill.warp = 1 : i32, transpose_lhs} : !tile.tile<64x128xf16>, !tile.tile<64x64xf16> -> !tile.tile<128x64xf32>
      %acc_3 = tile.add %acc_2, %4 {twill.cost = #twill.cost<unit = alu, cycles = 19, latency = 19, regs = 32, smem = 0, tmem = 32768, blocking, stall = 17>, twill.chunk_cols = 32 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 597, latency = 597, regs = 32, smem = 0, tmem = 32768, blocking, stall = 533>, twill.cycle = 27 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 8 : i32, twill.warp = 2 : i32} : !tile.tile<128x64xf32>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
      tile.yield %acc_3 : !tile.tile<128x64xf32>
    }
    %5 = tile.cast %acc_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
    tile.store %5, %C[%bid, %bid] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<128x64xf16>, !tile.tensor<[M, N], f16>
    func.return
  }
}
