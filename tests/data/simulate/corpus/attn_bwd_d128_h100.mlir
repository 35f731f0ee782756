builtin.module attributes {twill.target = "h100"} {
  func.func @attn_bwd(%Q: !tile.tensor<[N, 128], f16>, %K: !tile.tensor<[N, 128], f16>, %V: !tile.tensor<[N, 128], f16>, %dO: !tile.tensor<[N, 128], f16>, %LSE: !tile.tensor<[N], f32>, %D: !tile.tensor<[N], f32>, %dQ: !tile.tensor<[N, 128], f32>, %dK: !tile.tensor<[N, 128], f16>, %dV: !tile.tensor<[N, 128], f16>) {
    %0 = arith.constant 1 : index
    %1 = arith.constant 128 : index
    %N = tile.size "N"
    %2 = arith.constant 0 : index
    %bid = tile.block_id
    %k = tile.load %K[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
    %v = tile.load %V[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
    %dk = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>
    %dv = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>
    %3 = arith.divui %N, %1 : index
    %4 = arith.constant 2 : index
    %5 = arith.muli %3, %4 : index
    %dk_1, %dv_1 = tile.for %2 to %5 step %0 iter_args(%dk, %dv : !tile.tile<128x128xf32>, !tile.tile<128x128xf32>) -> !tile.tile<128x128xf32>, !tile.tile<128x128xf32> attributes {twill.cross_warp = 5 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 2.5681820000000002 : f64, proven = 1 : i64, scale_cycles = 2122 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 360, length = 592, stages = 2, lower_bound = 360, status = optimal>, twill.search = #twill.search<solver = "cp-sat", complete, note = "II=360 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = consumer0, regs = 240>, #twill.warp<id = 2, role = consumer1, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, status = unscheduled, note = "joint-schedule: unsatisfiable: the values of dk (128), dv (128) stay live through every iteration (registers per thread), each on its warp; wherever they go, s (128) then fits no warp beside them (registers per warp group: 24, 240, 240): sub-tile the loop or raise the budgets">, #twill.variant<parts = 2, status = refused, note = "sub-tile: splitting the rows of 's' would cut the contraction dimension of this mma">, #twill.variant<parts = 3, status = refused, note = "sub-tile: splitting the rows of 's' would cut the contraction dimension of this mma">, #twill.variant<parts = 4, status = refused, note = "sub-tile: splitting the rows of 's' would cut the contraction dimension of this mma">, #twill.variant<parts = 1, loop = 2, ii = 360, ii_cycles = 2546, lower_bound = 360, status = optimal, chosen, note = "">]} {
    ^bb0(%i: index, %dk_2: !tile.tile<128x128xf32>, %dv_2: !tile.tile<128x128xf32>):
      %q = tile.load %Q[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 18, latency = 88, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<64x128xf16>
      %do = tile.load %dO[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 18, latency = 88, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 18 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 18 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<64x128xf16>
      %lse = tile.load %LSE[%i] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 71, regs = 0, smem = 256, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>, twill.cycle = 36 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 36 : i32, twill.warp = 0 : i32} : !tile.tensor<[N], f32> -> !tile.tile<64xf32>
      %delta = tile.load %D[%i] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 71, regs = 0, smem = 256, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>, twill.cycle = 37 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 37 : i32, twill.warp = 0 : i32} : !tile.tensor<[N], f32> -> !tile.tile<64xf32>
      %s = tile.mma %q, %k {twill.cost = #twill.cost<unit = tc, cycles = 72, latency = 72, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 88 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 88 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<64x128xf32>
      %6 = tile.sub %s, %lse {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 160 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 160 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %p = tile.exp2 %6 {twill.cost = #twill.cost<unit = sfu, cycles = 72, latency = 72, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 169 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 169 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>
      %dp = tile.mma %do, %v {twill.cost = #twill.cost<unit = tc, cycles = 72, latency = 72, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 232 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 232 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<64x128xf32>
      %7 = tile.sub %dp, %delta {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 304 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 304 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %ds = tile.mul %p, %7 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 318 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 318 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %8 = tile.cast %p {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 41 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 295 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 295 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %dv_3 = tile.mma %8, %do, %dv_2 {twill.cost = #twill.cost<unit = tc, cycles = 72, latency = 72, regs = 128, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.cycle = 304 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 304 : i32, twill.warp = 1 : i32, transpose_lhs} : !tile.tile<64x128xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      %9 = tile.cast %ds {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 41 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 327 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 327 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %dk_3 = tile.mma %9, %q, %dk_2 {twill.cost = #twill.cost<unit = tc, cycles = 72, latency = 72, regs = 128, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.cycle = 520 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 160 : i32, twill.warp = 2 : i32, transpose_lhs} : !tile.tile<64x128xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      %10 = tile.mma %9, %k {twill.cost = #twill.cost<unit = tc, cycles = 72, latency = 72, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 376 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 16 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<64x128xf32>
      tile.store %10, %dQ[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 36, latency = 36, regs = 0, smem = 32768, tmem = 0, blocking>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0, blocking>, twill.cycle = 448 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 88 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tensor<[N, 128], f32>
      tile.yield %dk_3, %dv_3 : !tile.tile<128x128xf32>, !tile.tile<128x128xf32>
    }
    twill.pipeline ii 360 stages 2 buffers {
      twill.buffer "cast" depth 1
      twill.buffer "cast_1" depth 1
      twill.buffer "delta" depth 1
      twill.buffer "dk" depth 2
      twill.buffer "do" depth 1
      twill.buffer "dp" depth 1
      twill.buffer "ds" depth 1
      twill.buffer "dv" depth 2
      twill.buffer "lse" depth 1
      twill.buffer "mma" depth 1
      twill.buffer "p" depth 1
      twill.buffer "q" depth 2
      twill.buffer "s" depth 1
      twill.buffer "store" depth 1
      twill.buffer "sub" depth 1
      twill.buffer "sub_1" depth 1
    } prologue {
      twill.copy "q" stage 0 step 0 guarded at 0
      twill.copy "do" stage 0 step 0 guarded at 18
      twill.copy "lse" stage 0 step 0 guarded at 36
      twill.copy "delta" stage 0 step 0 guarded at 37
      twill.copy "s" stage 0 step 0 guarded at 88
      twill.copy "sub" stage 0 step 0 guarded at 160
      twill.copy "p" stage 0 step 0 guarded at 169
      twill.copy "dp" stage 0 step 0 guarded at 232
      twill.copy "cast" stage 0 step 0 guarded at 295
      twill.copy "sub_1" stage 0 step 0 guarded at 304
      twill.copy "dv" stage 0 step 0 guarded at 304
      twill.copy "ds" stage 0 step 0 guarded at 318
      twill.copy "cast_1" stage 0 step 0 guarded at 327
    } kernel {
      twill.copy "q" stage 0 step 0 at 0
      twill.copy "mma" stage 1 step 0 at 16
      twill.copy "do" stage 0 step 0 at 18
      twill.copy "lse" stage 0 step 0 at 36
      twill.copy "delta" stage 0 step 0 at 37
      twill.copy "s" stage 0 step 0 at 88
      twill.copy "store" stage 1 step 0 at 88
      twill.copy "sub" stage 0 step 0 at 160
      twill.copy "dk" stage 1 step 0 at 160
      twill.copy "p" stage 0 step 0 at 169
      twill.copy "dp" stage 0 step 0 at 232
      twill.copy "cast" stage 0 step 0 at 295
      twill.copy "sub_1" stage 0 step 0 at 304
      twill.copy "dv" stage 0 step 0 at 304
      twill.copy "ds" stage 0 step 0 at 318
      twill.copy "cast_1" stage 0 step 0 at 327
    } epilogue {
      twill.copy "mma" stage 1 step 0 guarded at 16
      twill.copy "store" stage 1 step 0 guarded at 88
      twill.copy "dk" stage 1 step 0 guarded at 160
    }
    twill.warp_specialize %2 to %5 step %0 ii 360 stages 2 channels {
      twill.channel "delta" from 0 to [2] in "smem" depth 1
      twill.channel "do" from 0 to [1, 2] in "smem" depth 1
      twill.channel "lse" from 0 to [1] in "smem" depth 1
      twill.channel "p" from 1 to [2] in "smem" depth 1
      twill.channel "q" from 0 to [1, 2] in "smem" depth 2
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "q" stage 0 step 0 guarded at 0
        twill.copy "do" stage 0 step 0 guarded at 18
        twill.copy "lse" stage 0 step 0 guarded at 36
        twill.copy "delta" stage 0 step 0 guarded at 37
      } kernel {
        twill.copy "q" stage 0 step 0 at 0
        twill.copy "do" stage 0 step 0 at 18
        twill.copy "lse" stage 0 step 0 at 36
        twill.copy "delta" stage 0 step 0 at 37
      } epilogue {
      }
      twill.role "consumer0" warp 1 regs 240 prologue {
        twill.copy "s" stage 0 step 0 guarded at 88
        twill.copy "sub" stage 0 step 0 guarded at 160
        twill.copy "p" stage 0 step 0 guarded at 169
        twill.copy "cast" stage 0 step 0 guarded at 295
        twill.copy "dv" stage 0 step 0 guarded at 304
      } kernel {
        twill.copy "s" stage 0 step 0 at 88
        twill.copy "sub" stage 0 step 0 at 160
        twill.copy "p" stage 0 step 0 at 169
        twill.copy "cast" stage 0 step 0 at 295
        twill.copy "dv" stage 0 step 0 at 304
      } epilogue {
      }
      twill.role "consumer1" warp 2 regs 240 prologue {
        twill.copy "dp" stage 0 step 0 guarded at 232
        twill.copy "sub_1" stage 0 step 0 guarded at 304
        twill.copy "ds" stage 0 step 0 guarded at 318
        twill.copy "cast_1" stage 0 step 0 guarded at 327
      } kernel {
        twill.copy "mma" stage 1 step 0 at 16
        twill.copy "store" stage 1 step 0 at 88
        twill.copy "dk" stage 1 step 0 at 160
        twill.copy "dp" stage 0 step 0 at 232
        twill.copy "sub_1" stage 0 step 0 at 304
        twill.copy "ds" stage 0 step 0 at 318
        twill.copy "cast_1" stage 0 step 0 at 327
      } epilogue {
        twill.copy "mma" stage 1 step 0 guarded at 16
        twill.copy "store" stage 1 step 0 guarded at 88
        twill.copy "dk" stage 1 step 0 guarded at 160
      }
    } outside {
      twill.live_out "dk_1" on 2
      twill.live_out "dv_1" on 1
      twill.post "cast" on 2
      twill.post "store" on 2
      twill.post "cast_1" on 1
      twill.post "store_1" on 1
    }
    %11 = tile.cast %dk_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %11, %dK[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    %12 = tile.cast %dv_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %12, %dV[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    func.return
  }
}
