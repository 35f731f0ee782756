builtin.module attributes {twill.target = "b200"} {
  func.func @attn_bwd_dv(%Q: !tile.tensor<[N, 128], f16>, %K: !tile.tensor<[N, 128], f16>, %dO: !tile.tensor<[N, 128], f16>, %LSE: !tile.tensor<[N], f32>, %dV: !tile.tensor<[N, 128], f16>, %scale: f32) {
    %0 = arith.constant 1 : index
    %1 = arith.constant 128 : index
    %N = tile.size "N"
    %2 = arith.constant 0 : index
    %bid = tile.block_id
    %k = tile.load %K[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
    %dv = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>
    %3 = arith.divui %N, %1 : index
    %dv_1 = tile.for %2 to %3 step %0 iter_args(%dv : !tile.tile<128x128xf32>) -> !tile.tile<128x128xf32> attributes {twill.cross_warp = 3 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 1.700000e+00 : f64, proven = 1 : i64, scale_cycles = 3214 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 155, length = 476, stages = 4, lower_bound = 155, status = optimal>, twill.search = #twill.search<solver = "cp-sat", complete, note = "II=96..154 refuted at every length">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = idle, regs = 24>, #twill.warp<id = 2, role = consumer, regs = 184>, #twill.warp<id = 3, role = correction, regs = 184>, #twill.warp<id = 4, role = idle, regs = 96>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 155, ii_cycles = 1661, lower_bound = 155, status = optimal, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: splitting the rows of 'tile.mma' would cut the contraction dimension of this mma">, #twill.variant<parts = 3, status = refused, note = "sub-tile: splitting the rows of 'tile.mma' would cut the contraction dimension of this mma">, #twill.variant<parts = 4, status = refused, note = "sub-tile: splitting the rows of 'tile.mma' would cut the contraction dimension of this mma">]} {
    ^bb0(%i: index, %dv_2: !tile.tile<128x128xf32>):
      %q = tile.load %Q[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 24, latency = 70, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
      %do = tile.load %dO[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 24, latency = 70, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 24 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 24 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
      %lse = tile.load %LSE[%i] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 47, regs = 0, smem = 512, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 4, latency = 504, regs = 0, smem = 512, tmem = 0, variable_latency>, twill.cycle = 48 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 48 : i32, twill.warp = 0 : i32} : !tile.tensor<[N], f32> -> !tile.tile<128xf32>
      %4 = tile.mma %q, %k {twill.cost = #twill.cost<unit = tc, cycles = 48, latency = 48, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 70 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 70 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<128x128xf32>
      %5 = tile.mul %4, %scale {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 166 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 11 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>, f32 -> !tile.tile<128x128xf32>
      %6 = tile.sub %5, %lse {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 178 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 23 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %p = tile.exp2 %6 {twill.cost = #twill.cost<unit = sfu, cycles = 95, latency = 95, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 99 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 321 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 11 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32>
      %7 = tile.cast %p {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 51 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 416 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 106 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
      %dv_3 = tile.mma %7, %do, %dv_2 {twill.cost = #twill.cost<unit = tc, cycles = 48, latency = 48, regs = 0, smem = 0, tmem = 65536>, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 65536>, twill.cycle = 428 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 118 : i32, twill.warp = 2 : i32, transpose_lhs} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      tile.yield %dv_3 : !tile.tile<128x128xf32>
    }
    twill.pipeline ii 155 stages 4 buffers {
      twill.buffer "cast" depth 1
      twill.buffer "do" depth 3
      twill.buffer "dv" depth 2
      twill.buffer "lse" depth 1
      twill.buffer "mma" depth 1
      twill.buffer "mul" depth 1
      twill.buffer "p" depth 1
      twill.buffer "q" depth 1
      twill.buffer "sub" depth 2
    } prologue {
      twill.copy "q" stage 0 step 0 guarded at 0
      twill.copy "do" stage 0 step 0 guarded at 24
      twill.copy "lse" stage 0 step 0 guarded at 48
      twill.copy "mma" stage 0 step 0 guarded at 70
      twill.copy "q" stage 0 step 1 guarded at 0
      twill.copy "mul" stage 1 step 1 guarded at 11
      twill.copy "sub" stage 1 step 1 guarded at 23
      twill.copy "do" stage 0 step 1 guarded at 24
      twill.copy "lse" stage 0 step 1 guarded at 48
      twill.copy "mma" stage 0 step 1 guarded at 70
      twill.copy "q" stage 0 step 2 guarded at 0
      twill.copy "mul" stage 1 step 2 guarded at 11
      twill.copy "p" stage 2 step 2 guarded at 11
      twill.copy "sub" stage 1 step 2 guarded at 23
      twill.copy "do" stage 0 step 2 guarded at 24
      twill.copy "lse" stage 0 step 2 guarded at 48
      twill.copy "mma" stage 0 step 2 guarded at 70
      twill.copy "cast" stage 2 step 2 guarded at 106
      twill.copy "dv" stage 2 step 2 guarded at 118
    } kernel {
      twill.copy "q" stage 0 step 0 at 0
      twill.copy "mul" stage 1 step 0 at 11
      twill.copy "p" stage 2 step 0 at 11
      twill.copy "sub" stage 1 step 0 at 23
      twill.copy "do" stage 0 step 0 at 24
      twill.copy "lse" stage 0 step 0 at 48
      twill.copy "mma" stage 0 step 0 at 70
      twill.copy "cast" stage 2 step 0 at 106
      twill.copy "dv" stage 2 step 0 at 118
    } epilogue {
      twill.copy "mul" stage 1 step 0 guarded at 11
      twill.copy "p" stage 2 step 0 guarded at 11
      twill.copy "sub" stage 1 step 0 guarded at 23
      twill.copy "cast" stage 2 step 0 guarded at 106
      twill.copy "dv" stage 2 step 0 guarded at 118
      twill.copy "p" stage 2 step 1 guarded at 11
      twill.copy "cast" stage 2 step 1 guarded at 106
      twill.copy "dv" stage 2 step 1 guarded at 118
    }
    twill.warp_specialize %2 to %3 step %0 ii 155 stages 4 channels {
      twill.channel "do" from 0 to [2] in "smem" depth 3
      twill.channel "lse" from 0 to [3] in "smem" depth 1
      twill.channel "mma" from 2 to [3] in "tmem" depth 1
      twill.channel "q" from 0 to [2] in "smem" depth 1
      twill.channel "sub" from 3 to [2] in "tmem" depth 2
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "q" stage 0 step 0 guarded at 0
        twill.copy "do" stage 0 step 0 guarded at 24
        twill.copy "lse" stage 0 step 0 guarded at 48
        twill.copy "q" stage 0 step 1 guarded at 0
        twill.copy "do" stage 0 step 1 guarded at 24
        twill.copy "lse" stage 0 step 1 guarded at 48
        twill.copy "q" stage 0 step 2 guarded at 0
        twill.copy "do" stage 0 step 2 guarded at 24
        twill.copy "lse" stage 0 step 2 guarded at 48
      } kernel {
        twill.copy "q" stage 0 step 0 at 0
        twill.copy "do" stage 0 step 0 at 24
        twill.copy "lse" stage 0 step 0 at 48
      } epilogue {
      }
      twill.role "consumer" warp 2 regs 184 prologue {
        twill.copy "mma" stage 0 step 0 guarded at 70
        twill.copy "mma" stage 0 step 1 guarded at 70
        twill.copy "p" stage 2 step 2 guarded at 11
        twill.copy "mma" stage 0 step 2 guarded at 70
        twill.copy "cast" stage 2 step 2 guarded at 106
        twill.copy "dv" stage 2 step 2 guarded at 118
      } kernel {
        twill.copy "p" stage 2 step 0 at 11
        twill.copy "mma" stage 0 step 0 at 70
        twill.copy "cast" stage 2 step 0 at 106
        twill.copy "dv" stage 2 step 0 at 118
      } epilogue {
        twill.copy "p" stage 2 step 0 guarded at 11
        twill.copy "cast" stage 2 step 0 guarded at 106
        twill.copy "dv" stage 2 step 0 guarded at 118
        twill.copy "p" stage 2 step 1 guarded at 11
        twill.copy "cast" stage 2 step 1 guarded at 106
        twill.copy "dv" stage 2 step 1 guarded at 118
      }
      twill.role "correction" warp 3 regs 184 prologue {
        twill.copy "mul" stage 1 step 1 guarded at 11
        twill.copy "sub" stage 1 step 1 guarded at 23
        twill.copy "mul" stage 1 step 2 guarded at 11
        twill.copy "sub" stage 1 step 2 guarded at 23
      } kernel {
        twill.copy "mul" stage 1 step 0 at 11
        twill.copy "sub" stage 1 step 0 at 23
      } epilogue {
        twill.copy "mul" stage 1 step 0 guarded at 11
        twill.copy "sub" stage 1 step 0 guarded at 23
      }
    } outside {
      twill.live_out "dv_1" on 2
      twill.post "cast" on 2
      twill.post "store" on 2
    }
    twill.memory_plan release "last-use" tmem 512 mma 256 {
      twill.tmem "mma" at 0 "mma"
      twill.tmem "sub" at 256 "ring"
      twill.tmem_acc "dv" at 128
      twill.staged "dv" operand "a^T" bytes 32768
    }
    %8 = tile.cast %dv_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %8, %dV[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    func.return
  }
}
