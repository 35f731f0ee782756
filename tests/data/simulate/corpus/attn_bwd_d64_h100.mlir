builtin.module attributes {twill.target = "h100"} {
  func.func @attn_bwd(%Q: !tile.tensor<[N, 64], f16>, %K: !tile.tensor<[N, 64], f16>, %V: !tile.tensor<[N, 64], f16>, %dO: !tile.tensor<[N, 64], f16>, %LSE: !tile.tensor<[N], f32>, %D: !tile.tensor<[N], f32>, %dQ: !tile.tensor<[N, 64], f32>, %dK: !tile.tensor<[N, 64], f16>, %dV: !tile.tensor<[N, 64], f16>) {
    %0 = arith.constant 1 : index
    %1 = arith.constant 128 : index
    %N = tile.size "N"
    %2 = arith.constant 0 : index
    %bid = tile.block_id
    %k = tile.load %K[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>} : !tile.tensor<[N, 64], f16> -> !tile.tile<128x64xf16>
    %v = tile.load %V[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>} : !tile.tensor<[N, 64], f16> -> !tile.tile<128x64xf16>
    %dk = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x64xf32>
    %dv = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x64xf32>
    %3 = arith.divui %N, %1 : index
    %4 = arith.constant 2 : index
    %5 = arith.muli %3, %4 : index
    %dk_1, %dv_1 = tile.for %2 to %5 step %0 iter_args(%dk, %dv : !tile.tile<128x64xf32>, !tile.tile<128x64xf32>) -> !tile.tile<128x64xf32>, !tile.tile<128x64xf32> attributes {twill.cross_warp = 5 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 2.481481 : f64, proven = 1 : i64, scale_cycles = 2058 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 185, length = 406, stages = 3, lower_bound = 185, status = optimal>, twill.search = #twill.search<solver = "cp-sat", complete, note = "II=185 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = consumer0, regs = 240>, #twill.warp<id = 2, role = consumer1, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 371, ii_cycles = 3829, lower_bound = 245, status = feasible, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: splitting the rows of 's' would cut the contraction dimension of this mma">, #twill.variant<parts = 3, status = refused, note = "sub-tile: splitting the rows of 's' would cut the contraction dimension of this mma">, #twill.variant<parts = 4, status = refused, note = "sub-tile: splitting the rows of 's' would cut the contraction dimension of this mma">, #twill.variant<parts = 1, loop = 2, ii = 185, ii_cycles = 1269, lower_bound = 185, status = optimal, chosen, note = "">]} {
    ^bb0(%i: index, %dk_2: !tile.tile<128x64xf32>, %dv_2: !tile.tile<128x64xf32>):
      %q = tile.load %Q[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 10, latency = 81, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
      %do = tile.load %dO[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 10, latency = 81, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 36 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 36 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
      %lse = tile.load %LSE[%i] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 73, regs = 0, smem = 256, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>, twill.cycle = 11 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 11 : i32, twill.warp = 0 : i32} : !tile.tensor<[N], f32> -> !tile.tile<64xf32>
      %delta = tile.load %D[%i] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 73, regs = 0, smem = 256, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>, twill.cycle = 10 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 10 : i32, twill.warp = 0 : i32} : !tile.tensor<[N], f32> -> !tile.tile<64xf32>
      %s = tile.mma %q, %k {twill.cost = #twill.cost<unit = tc, cycles = 37, latency = 37, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 81 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 81 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<128x64xf16> -> !tile.tile<64x128xf32>
      %6 = tile.sub %s, %lse {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 118 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 118 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %p = tile.exp2 %6 {twill.cost = #twill.cost<unit = sfu, cycles = 74, latency = 74, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 128 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 128 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>
      %dp = tile.mma %do, %v {twill.cost = #twill.cost<unit = tc, cycles = 37, latency = 37, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 192 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 7 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<128x64xf16> -> !tile.tile<64x128xf32>
      %7 = tile.sub %dp, %delta {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 272 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 87 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %ds = tile.mul %p, %7 {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 282 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 97 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %8 = tile.cast %p {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 42 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 203 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 18 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %dv_3 = tile.mma %8, %do, %dv_2 {twill.cost = #twill.cost<unit = tc, cycles = 37, latency = 37, regs = 64, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.cycle = 229 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 44 : i32, twill.warp = 1 : i32, transpose_lhs} : !tile.tile<64x128xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
      %9 = tile.cast %ds {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 42 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 292 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 107 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %dk_3 = tile.mma %9, %q, %dk_2 {twill.cost = #twill.cost<unit = tc, cycles = 37, latency = 37, regs = 64, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.cycle = 340 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 155 : i32, twill.warp = 2 : i32, transpose_lhs} : !tile.tile<64x128xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
      %10 = tile.mma %9, %k {twill.cost = #twill.cost<unit = tc, cycles = 37, latency = 37, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 42 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 303 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 118 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf16>, !tile.tile<128x64xf16> -> !tile.tile<64x64xf32>
      tile.store %10, %dQ[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 19, latency = 19, regs = 0, smem = 16384, tmem = 0, blocking>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0, blocking>, twill.cycle = 387 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 17 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>, !tile.tensor<[N, 64], f32>
      tile.yield %dk_3, %dv_3 : !tile.tile<128x64xf32>, !tile.tile<128x64xf32>
    }
    twill.pipeline ii 185 stages 3 buffers {
      twill.buffer "cast" depth 1
      twill.buffer "cast_1" depth 1
      twill.buffer "delta" depth 2
      twill.buffer "dk" depth 2
      twill.buffer "do" depth 2
      twill.buffer "dp" depth 1
      twill.buffer "ds" depth 1
      twill.buffer "dv" depth 2
      twill.buffer "lse" depth 1
      twill.buffer "mma" depth 1
      twill.buffer "p" depth 1
      twill.buffer "q" depth 3
      twill.buffer "s" depth 1
      twill.buffer "store" depth 1
      twill.buffer "sub" depth 1
      twill.buffer "sub_1" depth 1
    } prologue {
      twill.copy "q" stage 0 step 0 guarded at 0
      twill.copy "delta" stage 0 step 0 guarded at 10
      twill.copy "lse" stage 0 step 0 guarded at 11
      twill.copy "do" stage 0 step 0 guarded at 36
      twill.copy "s" stage 0 step 0 guarded at 81
      twill.copy "sub" stage 0 step 0 guarded at 118
      twill.copy "p" stage 0 step 0 guarded at 128
      twill.copy "q" stage 0 step 1 guarded at 0
      twill.copy "dp" stage 1 step 1 guarded at 7
      twill.copy "delta" stage 0 step 1 guarded at 10
      twill.copy "lse" stage 0 step 1 guarded at 11
      twill.copy "cast" stage 1 step 1 guarded at 18
      twill.copy "do" stage 0 step 1 guarded at 36
      twill.copy "dv" stage 1 step 1 guarded at 44
      twill.copy "s" stage 0 step 1 guarded at 81
      twill.copy "sub_1" stage 1 step 1 guarded at 87
      twill.copy "ds" stage 1 step 1 guarded at 97
      twill.copy "cast_1" stage 1 step 1 guarded at 107
      twill.copy "sub" stage 0 step 1 guarded at 118
      twill.copy "mma" stage 1 step 1 guarded at 118
      twill.copy "p" stage 0 step 1 guarded at 128
      twill.copy "dk" stage 1 step 1 guarded at 155
    } kernel {
      twill.copy "q" stage 0 step 0 at 0
      twill.copy "dp" stage 1 step 0 at 7
      twill.copy "delta" stage 0 step 0 at 10
      twill.copy "lse" stage 0 step 0 at 11
      twill.copy "store" stage 2 step 0 at 17
      twill.copy "cast" stage 1 step 0 at 18
      twill.copy "do" stage 0 step 0 at 36
      twill.copy "dv" stage 1 step 0 at 44
      twill.copy "s" stage 0 step 0 at 81
      twill.copy "sub_1" stage 1 step 0 at 87
      twill.copy "ds" stage 1 step 0 at 97
      twill.copy "cast_1" stage 1 step 0 at 107
      twill.copy "sub" stage 0 step 0 at 118
      twill.copy "mma" stage 1 step 0 at 118
      twill.copy "p" stage 0 step 0 at 128
      twill.copy "dk" stage 1 step 0 at 155
    } epilogue {
      twill.copy "dp" stage 1 step 0 guarded at 7
      twill.copy "store" stage 2 step 0 guarded at 17
      twill.copy "cast" stage 1 step 0 guarded at 18
      twill.copy "dv" stage 1 step 0 guarded at 44
      twill.copy "sub_1" stage 1 step 0 guarded at 87
      twill.copy "ds" stage 1 step 0 guarded at 97
      twill.copy "cast_1" stage 1 step 0 guarded at 107
      twill.copy "mma" stage 1 step 0 guarded at 118
      twill.copy "dk" stage 1 step 0 guarded at 155
      twill.copy "store" stage 2 step 1 guarded at 17
    }
    twill.warp_specialize %2 to %5 step %0 ii 185 stages 3 channels {
      twill.channel "delta" from 0 to [2] in "smem" depth 2
      twill.channel "do" from 0 to [1, 2] in "smem" depth 2
      twill.channel "lse" from 0 to [1] in "smem" depth 1
      twill.channel "mma" from 2 to [1] in "smem" depth 1
      twill.channel "p" from 1 to [2] in "smem" depth 1
      twill.channel "q" from 0 to [1, 2] in "smem" depth 3
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "q" stage 0 step 0 guarded at 0
        twill.copy "delta" stage 0 step 0 guarded at 10
        twill.copy "lse" stage 0 step 0 guarded at 11
        twill.copy "do" stage 0 step 0 guarded at 36
        twill.copy "q" stage 0 step 1 guarded at 0
        twill.copy "delta" stage 0 step 1 guarded at 10
        twill.copy "lse" stage 0 step 1 guarded at 11
        twill.copy "do" stage 0 step 1 guarded at 36
      } kernel {
        twill.copy "q" stage 0 step 0 at 0
        twill.copy "delta" stage 0 step 0 at 10
        twill.copy "lse" stage 0 step 0 at 11
        twill.copy "do" stage 0 step 0 at 36
      } epilogue {
      }
      twill.role "consumer0" warp 1 regs 240 prologue {
        twill.copy "s" stage 0 step 0 guarded at 81
        twill.copy "sub" stage 0 step 0 guarded at 118
        twill.copy "p" stage 0 step 0 guarded at 128
        twill.copy "cast" stage 1 step 1 guarded at 18
        twill.copy "dv" stage 1 step 1 guarded at 44
        twill.copy "s" stage 0 step 1 guarded at 81
        twill.copy "sub" stage 0 step 1 guarded at 118
        twill.copy "p" stage 0 step 1 guarded at 128
      } kernel {
        twill.copy "store" stage 2 step 0 at 17
        twill.copy "cast" stage 1 step 0 at 18
        twill.copy "dv" stage 1 step 0 at 44
        twill.copy "s" stage 0 step 0 at 81
        twill.copy "sub" stage 0 step 0 at 118
        twill.copy "p" stage 0 step 0 at 128
      } epilogue {
        twill.copy "store" stage 2 step 0 guarded at 17
        twill.copy "cast" stage 1 step 0 guarded at 18
        twill.copy "dv" stage 1 step 0 guarded at 44
        twill.copy "store" stage 2 step 1 guarded at 17
      }
      twill.role "consumer1" warp 2 regs 240 prologue {
        twill.copy "dp" stage 1 step 1 guarded at 7
        twill.copy "sub_1" stage 1 step 1 guarded at 87
        twill.copy "ds" stage 1 step 1 guarded at 97
        twill.copy "cast_1" stage 1 step 1 guarded at 107
        twill.copy "mma" stage 1 step 1 guarded at 118
        twill.copy "dk" stage 1 step 1 guarded at 155
      } kernel {
        twill.copy "dp" stage 1 step 0 at 7
        twill.copy "sub_1" stage 1 step 0 at 87
        twill.copy "ds" stage 1 step 0 at 97
        twill.copy "cast_1" stage 1 step 0 at 107
        twill.copy "mma" stage 1 step 0 at 118
        twill.copy "dk" stage 1 step 0 at 155
      } epilogue {
        twill.copy "dp" stage 1 step 0 guarded at 7
        twill.copy "sub_1" stage 1 step 0 guarded at 87
        twill.copy "ds" stage 1 step 0 guarded at 97
        twill.copy "cast_1" stage 1 step 0 guarded at 107
        twill.copy "mma" stage 1 step 0 guarded at 118
        twill.copy "dk" stage 1 step 0 guarded at 155
      }
    } outside {
      twill.live_out "dk_1" on 2
      twill.live_out "dv_1" on 1
      twill.post "cast" on 2
      twill.post "store" on 2
      twill.post "cast_1" on 1
      twill.post "store_1" on 1
    }
    %11 = tile.cast %dk_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
    tile.store %11, %dK[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<128x64xf16>, !tile.tensor<[N, 64], f16>
    %12 = tile.cast %dv_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
    tile.store %12, %dV[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<128x64xf16>, !tile.tensor<[N, 64], f16>
    func.return
  }
}
