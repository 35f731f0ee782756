builtin.module attributes {twill.target = "h100"} {
  func.func @attn_fwd_simplified(%Q: !tile.tensor<[N, 64], f16>, %K: !tile.tensor<[N, 64], f16>, %V: !tile.tensor<[N, 64], f16>, %O: !tile.tensor<[N, 64], f16>) {
    %0 = arith.constant 1 : index
    %1 = arith.constant 64 : index
    %N = tile.size "N"
    %2 = arith.constant 0 : index
    %bid = tile.block_id
    %q = tile.load %Q[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
    %k = tile.load %K[%2, %2] {twill.cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
    %v = tile.load %V[%2, %2] {twill.cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
    %o = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x64xf32>
    %3 = arith.divui %N, %1 : index
    %o_1 = tile.for %2 to %3 step %0 iter_args(%o : !tile.tile<64x64xf32>) -> !tile.tile<64x64xf32> attributes {twill.cross_warp = 30 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 0.000000e+00 : f64, proven = 1 : i64, scale_cycles = 31 : i64, scale_units = 31 : i64}, twill.schedule = #twill.schedule<ii = 2, length = 4, stages = 2, lower_bound = 2, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=2 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = idle, regs = 24>, #twill.warp<id = 1, role = consumer, regs = 240>, #twill.warp<id = 2, role = idle, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 2, ii_cycles = 2, lower_bound = 2, status = optimal, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: 2 parts leave this mma 32 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 's' (64) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 16 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">]} {
    ^bb0(%j: index, %o_2: !tile.tile<64x64xf32>):
      %s = tile.mma %q, %k {twill.override = {cycles = 1 : i64, latency = 1 : i64}, twill.cost = #twill.cost<unit = tc, cycles = 1, latency = 1, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 286 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 1, latency = 1, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<64x64xf16> -> !tile.tile<64x64xf32>
      %p = tile.exp %s {twill.override = {cycles = 1 : i64, latency = 1 : i64, blocking = false}, twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 286 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 2 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 0 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>
      %o_3 = tile.mma %p, %v, %o_2 {twill.override = {cycles = 1 : i64, latency = 1 : i64}, twill.cost = #twill.cost<unit = tc, cycles = 1, latency = 1, regs = 32, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 1, latency = 1, regs = 32, smem = 0, tmem = 0>, twill.cycle = 3 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 1 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
      tile.yield %o_3 : !tile.tile<64x64xf32>
    }
    twill.pipeline ii 2 stages 2 buffers {
      twill.buffer "o" depth 2
      twill.buffer "p" depth 1
      twill.buffer "s" depth 2
    } prologue {
      twill.copy "s" stage 0 step 0 guarded at 0
    } kernel {
      twill.copy "s" stage 0 step 0 at 0
      twill.copy "p" stage 1 step 0 at 0
      twill.copy "o" stage 1 step 0 at 1
    } epilogue {
      twill.copy "p" stage 1 step 0 guarded at 0
      twill.copy "o" stage 1 step 0 guarded at 1
    }
    twill.warp_specialize %2 to %3 step %0 ii 2 stages 2 channels {
    } roles {
      twill.role "idle" warp 0 regs 24 prologue {
      } kernel {
      } epilogue {
      }
      twill.role "consumer" warp 1 regs 240 prologue {
        twill.copy "s" stage 0 step 0 guarded at 0
      } kernel {
        twill.copy "s" stage 0 step 0 at 0
        twill.copy "p" stage 1 step 0 at 0
        twill.copy "o" stage 1 step 0 at 1
      } epilogue {
        twill.copy "p" stage 1 step 0 guarded at 0
        twill.copy "o" stage 1 step 0 guarded at 1
      }
    } outside {
      twill.live_out "o_1" on 1
      twill.post "cast" on 1
      twill.post "store" on 1
    }
    %4 = tile.cast %o_1 {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 16, smem = 0, tmem = 0>} : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    tile.store %4, %O[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 64, latency = 64, regs = 0, smem = 8192, tmem = 0>} : !tile.tile<64x64xf16>, !tile.tensor<[N, 64], f16>
    func.return
  }
}
