builtin.module attributes {twill.target = "b200"} {
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
    %dk_1, %dv_1 = tile.for %2 to %3 step %0 iter_args(%dk, %dv : !tile.tile<128x128xf32>, !tile.tile<128x128xf32>) -> !tile.tile<128x128xf32>, !tile.tile<128x128xf32> attributes {twill.cross_warp = 3 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 1.700000e+00 : f64, proven = 1 : i64, scale_cycles = 3214 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 419, length = 403, stages = 1, lower_bound = 240, status = feasible>, twill.search = #twill.search<solver = "cp-sat", note = "II=240 open: II 240..418 not settled (time limit)">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 40>, #twill.warp<id = 1, role = correction, regs = 40>, #twill.warp<id = 2, role = consumer, regs = 176>, #twill.warp<id = 3, role = softmax, regs = 176>, #twill.warp<id = 4, role = idle, regs = 80>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 419, ii_cycles = 4489, lower_bound = 240, status = feasible, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: splitting the rows of 's' would cut the contraction dimension of this mma">, #twill.variant<parts = 3, status = refused, note = "sub-tile: splitting the rows of 's' would cut the contraction dimension of this mma">, #twill.variant<parts = 4, status = refused, note = "sub-tile: splitting the rows of 's' would cut the contraction dimension of this mma">]} {
    ^bb0(%i: index, %dk_2: !tile.tile<128x128xf32>, %dv_2: !tile.tile<128x128xf32>):
      %q = tile.load %Q[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 24, latency = 70, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
      %do = tile.load %dO[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 24, latency = 70, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 24 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 24 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
      %lse = tile.load %LSE[%i] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 47, regs = 0, smem = 512, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 4, latency = 504, regs = 0, smem = 512, tmem = 0, variable_latency>, twill.cycle = 48 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 48 : i32, twill.warp = 0 : i32} : !tile.tensor<[N], f32> -> !tile.tile<128xf32>
      %delta = tile.load %D[%i] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 47, regs = 0, smem = 512, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 4, latency = 504, regs = 0, smem = 512, tmem = 0, variable_latency>, twill.cycle = 49 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 49 : i32, twill.warp = 0 : i32} : !tile.tensor<[N], f32> -> !tile.tile<128xf32>
      %s = tile.mma %q, %k {twill.cost = #twill.cost<unit = tc, cycles = 48, latency = 48, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 70 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 70 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<128x128xf32>
      %4 = tile.sub %s, %lse {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 121 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 121 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %p = tile.exp2 %4 {twill.cost = #twill.cost<unit = sfu, cycles = 95, latency = 95, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 133 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 133 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>
      %dp = tile.mma %do, %v {twill.cost = #twill.cost<unit = tc, cycles = 48, latency = 48, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 118 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 118 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<128x128xf32>
      %5 = tile.sub %dp, %delta {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 166 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 166 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %ds = tile.mul %p, %5 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 277 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 277 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      %6 = tile.cast %p {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 0, smem = 0, tmem = 32768>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 0, smem = 0, tmem = 32768>, twill.raw_cross_warp = 30 : i64, twill.cycle = 228 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 228 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
      %dv_3 = tile.mma %6, %do, %dv_2 {twill.cost = #twill.cost<unit = tc, cycles = 48, latency = 48, regs = 0, smem = 0, tmem = 65536>, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 65536>, twill.cycle = 243 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 243 : i32, twill.warp = 2 : i32, transpose_lhs} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      %7 = tile.cast %ds {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 0, smem = 0, tmem = 32768>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 0, smem = 0, tmem = 32768>, twill.raw_cross_warp = 30 : i64, twill.cycle = 301 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 301 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
      %dk_3 = tile.mma %7, %q, %dk_2 {twill.cost = #twill.cost<unit = tc, cycles = 48, latency = 48, regs = 0, smem = 0, tmem = 65536>, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 65536>, twill.cycle = 352 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 352 : i32, twill.warp = 2 : i32, transpose_lhs} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      %8 = tile.cast %ds {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 0, smem = 0, tmem = 32768>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 0, smem = 0, tmem = 32768>, twill.raw_cross_warp = 30 : i64, twill.cycle = 289 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 289 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
      %9 = tile.mma %8, %k {twill.cost = #twill.cost<unit = tc, cycles = 48, latency = 48, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 304 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 304 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<128x128xf32>
      tile.store %9, %dQ[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 48, latency = 48, regs = 0, smem = 65536, tmem = 0, blocking>, twill.raw_cost = #twill.cost<unit = tma, cycles = 512, latency = 512, regs = 0, smem = 65536, tmem = 0, blocking>, twill.cycle = 355 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 355 : i32, twill.warp = 1 : i32} : !tile.tile<128x128xf32>, !tile.tensor<[N, 128], f32>
      tile.yield %dk_3, %dv_3 : !tile.tile<128x128xf32>, !tile.tile<128x128xf32>
    }
    twill.pipeline ii 419 stages 1 buffers {
      twill.buffer "cast" depth 1
      twill.buffer "cast_1" depth 1
      twill.buffer "cast_2" depth 1
      twill.buffer "delta" depth 1
      twill.buffer "dk" depth 2
      twill.buffer "do" depth 1
      twill.buffer "dp" depth 1
      twill.buffer "ds" depth 1
      twill.buffer "dv" depth 2
      twill.buffer "lse" depth 1
      twill.buffer "mma" depth 1
      twill.buffer "p" depth 1
      twill.buffer "q" depth 1
      twill.buffer "s" depth 1
      twill.buffer "store" depth 1
      twill.buffer "sub" depth 1
      twill.buffer "sub_1" depth 1
    } prologue {
    } kernel {
      twill.copy "q" stage 0 step 0 at 0
      twill.copy "do" stage 0 step 0 at 24
      twill.copy "lse" stage 0 step 0 at 48
      twill.copy "delta" stage 0 step 0 at 49
      twill.copy "s" stage 0 step 0 at 70
      twill.copy "dp" stage 0 step 0 at 118
      twill.copy "sub" stage 0 step 0 at 121
      twill.copy "p" stage 0 step 0 at 133
      twill.copy "sub_1" stage 0 step 0 at 166
      twill.copy "cast" stage 0 step 0 at 228
      twill.copy "dv" stage 0 step 0 at 243
      twill.copy "ds" stage 0 step 0 at 277
      twill.copy "cast_2" stage 0 step 0 at 289
      twill.copy "cast_1" stage 0 step 0 at 301
      twill.copy "mma" stage 0 step 0 at 304
      twill.copy "dk" stage 0 step 0 at 352
      twill.copy "store" stage 0 step 0 at 355
    } epilogue {
    }
    twill.warp_specialize %2 to %3 step %0 ii 419 stages 1 channels {
      twill.channel "cast" from 3 to [2] in "smem" depth 1
      twill.channel "cast_1" from 3 to [2] in "smem" depth 1
      twill.channel "cast_2" from 3 to [2] in "tmem" depth 1
      twill.channel "delta" from 0 to [2] in "smem" depth 1
      twill.channel "do" from 0 to [2] in "smem" depth 1
      twill.channel "lse" from 0 to [3] in "smem" depth 1
      twill.channel "mma" from 2 to [1] in "tmem" depth 1
      twill.channel "q" from 0 to [2] in "smem" depth 1
      twill.channel "s" from 2 to [3] in "tmem" depth 1
      twill.channel "sub_1" from 2 to [3] in "smem" depth 1
    } roles {
      twill.role "producer" warp 0 regs 40 prologue {
      } kernel {
        twill.copy "q" stage 0 step 0 at 0
        twill.copy "do" stage 0 step 0 at 24
        twill.copy "lse" stage 0 step 0 at 48
        twill.copy "delta" stage 0 step 0 at 49
      } epilogue {
      }
      twill.role "correction" warp 1 regs 40 prologue {
      } kernel {
        twill.copy "store" stage 0 step 0 at 355
      } epilogue {
      }
      twill.role "consumer" warp 2 regs 176 prologue {
      } kernel {
        twill.copy "s" stage 0 step 0 at 70
        twill.copy "dp" stage 0 step 0 at 118
        twill.copy "sub_1" stage 0 step 0 at 166
        twill.copy "dv" stage 0 step 0 at 243
        twill.copy "mma" stage 0 step 0 at 304
        twill.copy "dk" stage 0 step 0 at 352
      } epilogue {
      }
      twill.role "softmax" warp 3 regs 176 prologue {
      } kernel {
        twill.copy "sub" stage 0 step 0 at 121
        twill.copy "p" stage 0 step 0 at 133
        twill.copy "cast" stage 0 step 0 at 228
        twill.copy "ds" stage 0 step 0 at 277
        twill.copy "cast_2" stage 0 step 0 at 289
        twill.copy "cast_1" stage 0 step 0 at 301
      } epilogue {
      }
    } outside {
      twill.live_out "dk_1" on 2
      twill.live_out "dv_1" on 2
      twill.post "cast" on 2
      twill.post "store" on 2
      twill.post "cast_1" on 2
      twill.post "store_1" on 2
    }
    %10 = tile.cast %dk_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %10, %dK[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    %11 = tile.cast %dv_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %11, %dV[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    func.return
  }
}
