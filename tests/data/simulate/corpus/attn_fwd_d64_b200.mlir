builtin.module attributes {twill.target = "b200"} {
  func.func @attn_fwd(%Q: !tile.tensor<[N, 64], f16>, %K: !tile.tensor<[N, 64], f16>, %V: !tile.tensor<[N, 64], f16>, %O: !tile.tensor<[N, 64], f16>) {
    %0 = arith.constant 1 : index
    %1 = arith.constant 128 : index
    %N = tile.size "N"
    %2 = arith.constant 0 : index
    %bid = tile.block_id
    %q = tile.load %Q[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>} : !tile.tensor<[N, 64], f16> -> !tile.tile<128x64xf16>
    %o = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x64xf32>
    %m = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<128xf32>
    %l = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<128xf32>
    %3 = arith.divui %N, %1 : index
    %o_1, %m_1, %l_1 = tile.for %2 to %3 step %0 iter_args(%o, %m, %l : !tile.tile<128x64xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>) -> !tile.tile<128x64xf32>, !tile.tile<128xf32>, !tile.tile<128xf32> attributes {twill.cross_warp = 4 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 8.061947 : f64, proven = 1 : i64, scale_cycles = 2673 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 150, length = 428, stages = 3, lower_bound = 114, status = feasible>, twill.search = #twill.search<solver = "cp-sat", note = "II=114 open: II 114..149 not settled (time limit)">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = idle, regs = 24>, #twill.warp<id = 2, role = consumer, regs = 184>, #twill.warp<id = 3, role = softmax0, regs = 184>, #twill.warp<id = 4, role = softmax1, regs = 96>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 150, ii_cycles = 1336, lower_bound = 114, status = feasible, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: 2 parts leave this mma 64 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 's' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">]} {
    ^bb0(%j: index, %o_2: !tile.tile<128x64xf32>, %m_2: !tile.tile<128xf32>, %l_2: !tile.tile<128xf32>):
      %k = tile.load %K[%j, %2] {twill.cost = #twill.cost<unit = tma, cycles = 15, latency = 70, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 64], f16> -> !tile.tile<128x64xf16>
      %v = tile.load %V[%j, %2] {twill.cost = #twill.cost<unit = tma, cycles = 15, latency = 70, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 15 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 15 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 64], f16> -> !tile.tile<128x64xf16>
      %s = tile.mma %q, %k {twill.cost = #twill.cost<unit = tc, cycles = 29, latency = 29, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 70 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 70 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<128x64xf16>, !tile.tile<128x64xf16> -> !tile.tile<128x128xf32>
      %4 = tile.rowmax %s {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 1, smem = 0, tmem = 0, blocking>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 38 : i64, twill.cycle = 105 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 105 : i32, twill.warp = 4 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %m_new = tile.max %m_2, %4 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 120 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 120 : i32, twill.warp = 4 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %5 = tile.sub %s, %m_new {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 128 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 128 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %p = tile.exp2 %5 {twill.cost = #twill.cost<unit = sfu, cycles = 113, latency = 113, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 119 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 262 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 112 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>
      %6 = tile.sub %m_2, %m_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 121 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 121 : i32, twill.warp = 4 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %alpha = tile.exp2 %6 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 8, latency = 8, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 225 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 75 : i32, twill.warp = 4 : i32} : !tile.tile<128xf32>
      %7 = tile.mul %l_2, %alpha {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 273 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 123 : i32, twill.warp = 4 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %8 = tile.rowsum %p {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 390 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 90 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %l_3 = tile.add %7, %8 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 5 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 422 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 122 : i32, twill.warp = 4 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %9 = tile.cast %p {twill.cost = #twill.cost<unit = alu, cycles = 15, latency = 15, regs = 0, smem = 0, tmem = 32768>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 0, smem = 0, tmem = 32768>, twill.raw_cross_warp = 30 : i64, twill.cycle = 375 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 75 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
      %10 = tile.mul %o_2, %alpha {twill.cost = #twill.cost<unit = alu, cycles = 37, latency = 37, regs = 32, smem = 0, tmem = 32768, blocking, stall = 30>, twill.chunk_cols = 32 : i64, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 331, latency = 331, regs = 32, smem = 0, tmem = 32768, blocking, stall = 267>, twill.raw_cross_warp = 30 : i64, twill.cycle = 293 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 143 : i32, twill.warp = 2 : i32} : !tile.tile<128x64xf32>, !tile.tile<128xf32> -> !tile.tile<128x64xf32>
      %o_3 = tile.mma %9, %v, %10 {twill.cost = #twill.cost<unit = tc, cycles = 29, latency = 29, regs = 0, smem = 0, tmem = 32768>, twill.cross_warp = 4 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 0, smem = 0, tmem = 32768>, twill.raw_cross_warp = 30 : i64, twill.cycle = 399 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 99 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf16>, !tile.tile<128x64xf16>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
      tile.yield %o_3, %m_new, %l_3 : !tile.tile<128x64xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>
    }
    twill.pipeline ii 150 stages 3 buffers {
      twill.buffer "alpha" depth 1
      twill.buffer "cast" depth 1
      twill.buffer "k" depth 1
      twill.buffer "l" depth 1
      twill.buffer "m_new" depth 2
      twill.buffer "mul" depth 1
      twill.buffer "mul_1" depth 1
      twill.buffer "o" depth 1
      twill.buffer "p" depth 1
      twill.buffer "rowmax" depth 1
      twill.buffer "rowsum" depth 1
      twill.buffer "s" depth 3
      twill.buffer "sub" depth 2
      twill.buffer "sub_1" depth 1
      twill.buffer "v" depth 3
    } prologue {
      twill.copy "k" stage 0 step 0 guarded at 0
      twill.copy "v" stage 0 step 0 guarded at 15
      twill.copy "s" stage 0 step 0 guarded at 70
      twill.copy "rowmax" stage 0 step 0 guarded at 105
      twill.copy "m_new" stage 0 step 0 guarded at 120
      twill.copy "sub_1" stage 0 step 0 guarded at 121
      twill.copy "sub" stage 0 step 0 guarded at 128
      twill.copy "k" stage 0 step 1 guarded at 0
      twill.copy "v" stage 0 step 1 guarded at 15
      twill.copy "s" stage 0 step 1 guarded at 70
      twill.copy "alpha" stage 1 step 1 guarded at 75
      twill.copy "rowmax" stage 0 step 1 guarded at 105
      twill.copy "p" stage 1 step 1 guarded at 112
      twill.copy "m_new" stage 0 step 1 guarded at 120
      twill.copy "sub_1" stage 0 step 1 guarded at 121
      twill.copy "mul" stage 1 step 1 guarded at 123
      twill.copy "sub" stage 0 step 1 guarded at 128
      twill.copy "mul_1" stage 1 step 1 guarded at 143
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
      twill.copy "v" stage 0 step 0 at 15
      twill.copy "s" stage 0 step 0 at 70
      twill.copy "alpha" stage 1 step 0 at 75
      twill.copy "cast" stage 2 step 0 at 75
      twill.copy "rowsum" stage 2 step 0 at 90
      twill.copy "o" stage 2 step 0 at 99
      twill.copy "rowmax" stage 0 step 0 at 105
      twill.copy "p" stage 1 step 0 at 112
      twill.copy "m_new" stage 0 step 0 at 120
      twill.copy "sub_1" stage 0 step 0 at 121
      twill.copy "l" stage 2 step 0 at 122
      twill.copy "mul" stage 1 step 0 at 123
      twill.copy "sub" stage 0 step 0 at 128
      twill.copy "mul_1" stage 1 step 0 at 143
    } epilogue {
      twill.copy "alpha" stage 1 step 0 guarded at 75
      twill.copy "cast" stage 2 step 0 guarded at 75
      twill.copy "rowsum" stage 2 step 0 guarded at 90
      twill.copy "o" stage 2 step 0 guarded at 99
      twill.copy "p" stage 1 step 0 guarded at 112
      twill.copy "l" stage 2 step 0 guarded at 122
      twill.copy "mul" stage 1 step 0 guarded at 123
      twill.copy "mul_1" stage 1 step 0 guarded at 143
      twill.copy "cast" stage 2 step 1 guarded at 75
      twill.copy "rowsum" stage 2 step 1 guarded at 90
      twill.copy "o" stage 2 step 1 guarded at 99
      twill.copy "l" stage 2 step 1 guarded at 122
    }
    twill.warp_specialize %2 to %3 step %0 ii 150 stages 3 channels {
      twill.channel "alpha" from 4 to [2] in "smem" depth 1
      twill.channel "cast" from 3 to [2] in "tmem" depth 1
      twill.channel "k" from 0 to [2] in "smem" depth 1
      twill.channel "m_new" from 4 to [2] in "smem" depth 2
      twill.channel "rowsum" from 3 to [4] in "smem" depth 1
      twill.channel "s" from 2 to [4] in "tmem" depth 3
      twill.channel "sub" from 2 to [3] in "smem" depth 2
      twill.channel "v" from 0 to [2] in "smem" depth 3
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "k" stage 0 step 0 guarded at 0
        twill.copy "v" stage 0 step 0 guarded at 15
        twill.copy "k" stage 0 step 1 guarded at 0
        twill.copy "v" stage 0 step 1 guarded at 15
      } kernel {
        twill.copy "k" stage 0 step 0 at 0
        twill.copy "v" stage 0 step 0 at 15
      } epilogue {
      }
      twill.role "consumer" warp 2 regs 184 prologue {
        twill.copy "s" stage 0 step 0 guarded at 70
        twill.copy "sub" stage 0 step 0 guarded at 128
        twill.copy "s" stage 0 step 1 guarded at 70
        twill.copy "sub" stage 0 step 1 guarded at 128
        twill.copy "mul_1" stage 1 step 1 guarded at 143
      } kernel {
        twill.copy "s" stage 0 step 0 at 70
        twill.copy "o" stage 2 step 0 at 99
        twill.copy "sub" stage 0 step 0 at 128
        twill.copy "mul_1" stage 1 step 0 at 143
      } epilogue {
        twill.copy "o" stage 2 step 0 guarded at 99
        twill.copy "mul_1" stage 1 step 0 guarded at 143
        twill.copy "o" stage 2 step 1 guarded at 99
      }
      twill.role "softmax0" warp 3 regs 184 prologue {
        twill.copy "p" stage 1 step 1 guarded at 112
      } kernel {
        twill.copy "cast" stage 2 step 0 at 75
        twill.copy "rowsum" stage 2 step 0 at 90
        twill.copy "p" stage 1 step 0 at 112
      } epilogue {
        twill.copy "cast" stage 2 step 0 guarded at 75
        twill.copy "rowsum" stage 2 step 0 guarded at 90
        twill.copy "p" stage 1 step 0 guarded at 112
        twill.copy "cast" stage 2 step 1 guarded at 75
        twill.copy "rowsum" stage 2 step 1 guarded at 90
      }
      twill.role "softmax1" warp 4 regs 96 prologue {
        twill.copy "rowmax" stage 0 step 0 guarded at 105
        twill.copy "m_new" stage 0 step 0 guarded at 120
        twill.copy "sub_1" stage 0 step 0 guarded at 121
        twill.copy "alpha" stage 1 step 1 guarded at 75
        twill.copy "rowmax" stage 0 step 1 guarded at 105
        twill.copy "m_new" stage 0 step 1 guarded at 120
        twill.copy "sub_1" stage 0 step 1 guarded at 121
        twill.copy "mul" stage 1 step 1 guarded at 123
      } kernel {
        twill.copy "alpha" stage 1 step 0 at 75
        twill.copy "rowmax" stage 0 step 0 at 105
        twill.copy "m_new" stage 0 step 0 at 120
        twill.copy "sub_1" stage 0 step 0 at 121
        twill.copy "l" stage 2 step 0 at 122
        twill.copy "mul" stage 1 step 0 at 123
      } epilogue {
        twill.copy "alpha" stage 1 step 0 guarded at 75
        twill.copy "l" stage 2 step 0 guarded at 122
        twill.copy "mul" stage 1 step 0 guarded at 123
        twill.copy "l" stage 2 step 1 guarded at 122
      }
    } outside {
      twill.live_out "o_1" on 2
      twill.live_out "m_1" on 4
      twill.live_out "l_1" on 4
      twill.post "div" on 2
      twill.post "cast" on 2
      twill.post "store" on 2
      twill.handoff "l_1" from 4 to [2] in "smem"
    }
    %11 = tile.div %o_1, %l_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x64xf32>, !tile.tile<128xf32> -> !tile.tile<128x64xf32>
    %12 = tile.cast %11 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
    tile.store %12, %O[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<128x64xf16>, !tile.tensor<[N, 64], f16>
    func.return
  }
}
