builtin.module attributes {twill.target = "b200"} {
  func.func @attn_fwd(%Q: !tile.tensor<[N, 128], f16>, %K: !tile.tensor<[N, 128], f16>, %V: !tile.tensor<[N, 128], f16>, %O: !tile.tensor<[N, 128], f16>) {
    %0 = arith.constant 1 : index
    %1 = arith.constant 128 : index
    %N = tile.size "N"
    %2 = arith.constant 0 : index
    %bid = tile.block_id
    %q = tile.load %Q[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
    %o = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>
    %m = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<128xf32>
    %l = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>} : !tile.tile<128xf32>
    %3 = arith.divui %N, %1 : index
    %o_1, %m_1, %l_1 = tile.for %2 to %3 step %0 iter_args(%o, %m, %l : !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>) -> !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32> attributes {twill.cross_warp = 3 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 12.263158000000001 : f64, proven = 1 : i64, scale_cycles = 3909 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 119, length = 280, stages = 3, lower_bound = 89, status = feasible>, twill.search = #twill.search<solver = "z3", note = "II=89 open: II 89..118 not settled (time limit)">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = idle, regs = 24>, #twill.warp<id = 2, role = consumer, regs = 184>, #twill.warp<id = 3, role = softmax, regs = 184>, #twill.warp<id = 4, role = correction, regs = 96>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 119, ii_cycles = 1551, lower_bound = 89, status = feasible, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: 2 parts leave this mma 64 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 's' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">]} {
    ^bb0(%j: index, %o_2: !tile.tile<128x128xf32>, %m_2: !tile.tile<128xf32>, %l_2: !tile.tile<128xf32>):
      %k = tile.load %K[%j, %2] {twill.cost = #twill.cost<unit = tma, cycles = 20, latency = 57, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
      %v = tile.load %V[%j, %2] {twill.cost = #twill.cost<unit = tma, cycles = 20, latency = 57, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 184 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 65 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
      %s = tile.mma %q, %k {twill.cost = #twill.cost<unit = tc, cycles = 39, latency = 39, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 57 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 57 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<128x128xf32>
      %4 = tile.rowmax %s {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 1, smem = 0, tmem = 0, blocking>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 38 : i64, twill.cycle = 99 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 99 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %m_new = tile.max %m_2, %4 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 129 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 10 : i32, twill.warp = 3 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %5 = tile.sub %s, %m_new {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 81 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 134 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 15 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %p = tile.exp2 %5 {twill.cost = #twill.cost<unit = sfu, cycles = 78, latency = 78, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 81 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 147 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 28 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32>
      %6 = tile.sub %m_2, %m_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 133 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 14 : i32, twill.warp = 3 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %alpha = tile.exp2 %6 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 8, latency = 8, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 146 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 27 : i32, twill.warp = 3 : i32} : !tile.tile<128xf32>
      %7 = tile.mul %l_2, %alpha {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 150 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 31 : i32, twill.warp = 3 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %8 = tile.rowsum %p {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 238 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 0 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %l_3 = tile.add %7, %8 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 251 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 13 : i32, twill.warp = 3 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      %9 = tile.cast %p {twill.cost = #twill.cost<unit = alu, cycles = 10, latency = 10, regs = 0, smem = 0, tmem = 32768>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 0, smem = 0, tmem = 32768>, twill.raw_cross_warp = 30 : i64, twill.cycle = 228 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 109 : i32, twill.warp = 3 : i32} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
      %10 = tile.mul %o_2, %alpha {twill.cost = #twill.cost<unit = alu, cycles = 50, latency = 50, regs = 32, smem = 0, tmem = 65536, blocking, stall = 41>, twill.chunk_cols = 32 : i64, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 661, latency = 661, regs = 32, smem = 0, tmem = 65536, blocking, stall = 533>, twill.raw_cross_warp = 30 : i64, twill.cycle = 164 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 45 : i32, twill.warp = 4 : i32} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
      %o_3 = tile.mma %9, %v, %10 {twill.cost = #twill.cost<unit = tc, cycles = 39, latency = 39, regs = 0, smem = 0, tmem = 65536>, twill.cross_warp = 3 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 65536>, twill.raw_cross_warp = 30 : i64, twill.cycle = 241 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 3 : i32, twill.warp = 2 : i32} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      tile.yield %o_3, %m_new, %l_3 : !tile.tile<128x128xf32>, !tile.tile<128xf32>, !tile.tile<128xf32>
    }
    twill.pipeline ii 119 stages 3 buffers {
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
      twill.buffer "s" depth 2
      twill.buffer "sub" depth 1
      twill.buffer "sub_1" depth 1
      twill.buffer "v" depth 1
    } prologue {
      twill.copy "k" stage 0 step 0 guarded at 0
      twill.copy "s" stage 0 step 0 guarded at 57
      twill.copy "rowmax" stage 0 step 0 guarded at 99
      twill.copy "k" stage 0 step 1 guarded at 0
      twill.copy "m_new" stage 1 step 1 guarded at 10
      twill.copy "sub_1" stage 1 step 1 guarded at 14
      twill.copy "sub" stage 1 step 1 guarded at 15
      twill.copy "alpha" stage 1 step 1 guarded at 27
      twill.copy "p" stage 1 step 1 guarded at 28
      twill.copy "mul" stage 1 step 1 guarded at 31
      twill.copy "mul_1" stage 1 step 1 guarded at 45
      twill.copy "s" stage 0 step 1 guarded at 57
      twill.copy "v" stage 1 step 1 guarded at 65
      twill.copy "rowmax" stage 0 step 1 guarded at 99
      twill.copy "cast" stage 1 step 1 guarded at 109
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
      twill.copy "rowsum" stage 2 step 0 at 0
      twill.copy "o" stage 2 step 0 at 3
      twill.copy "m_new" stage 1 step 0 at 10
      twill.copy "l" stage 2 step 0 at 13
      twill.copy "sub_1" stage 1 step 0 at 14
      twill.copy "sub" stage 1 step 0 at 15
      twill.copy "alpha" stage 1 step 0 at 27
      twill.copy "p" stage 1 step 0 at 28
      twill.copy "mul" stage 1 step 0 at 31
      twill.copy "mul_1" stage 1 step 0 at 45
      twill.copy "s" stage 0 step 0 at 57
      twill.copy "v" stage 1 step 0 at 65
      twill.copy "rowmax" stage 0 step 0 at 99
      twill.copy "cast" stage 1 step 0 at 109
    } epilogue {
      twill.copy "rowsum" stage 2 step 0 guarded at 0
      twill.copy "o" stage 2 step 0 guarded at 3
      twill.copy "m_new" stage 1 step 0 guarded at 10
      twill.copy "l" stage 2 step 0 guarded at 13
      twill.copy "sub_1" stage 1 step 0 guarded at 14
      twill.copy "sub" stage 1 step 0 guarded at 15
      twill.copy "alpha" stage 1 step 0 guarded at 27
      twill.copy "p" stage 1 step 0 guarded at 28
      twill.copy "mul" stage 1 step 0 guarded at 31
      twill.copy "mul_1" stage 1 step 0 guarded at 45
      twill.copy "v" stage 1 step 0 guarded at 65
      twill.copy "cast" stage 1 step 0 guarded at 109
      twill.copy "rowsum" stage 2 step 1 guarded at 0
      twill.copy "o" stage 2 step 1 guarded at 3
      twill.copy "l" stage 2 step 1 guarded at 13
    }
    twill.warp_specialize %2 to %3 step %0 ii 119 stages 3 channels {
      twill.channel "alpha" from 3 to [4] in "smem" depth 1
      twill.channel "cast" from 3 to [2] in "tmem" depth 1
      twill.channel "k" from 0 to [2] in "smem" depth 1
      twill.channel "mul_1" from 4 to [2] in "tmem" depth 1
      twill.channel "o" from 2 to [4] in "tmem" depth 1
      twill.channel "rowmax" from 2 to [3] in "smem" depth 1
      twill.channel "s" from 2 to [3] in "tmem" depth 2
      twill.channel "v" from 0 to [2] in "smem" depth 1
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "k" stage 0 step 0 guarded at 0
        twill.copy "k" stage 0 step 1 guarded at 0
        twill.copy "v" stage 1 step 1 guarded at 65
      } kernel {
        twill.copy "k" stage 0 step 0 at 0
        twill.copy "v" stage 1 step 0 at 65
      } epilogue {
        twill.copy "v" stage 1 step 0 guarded at 65
      }
      twill.role "consumer" warp 2 regs 184 prologue {
        twill.copy "s" stage 0 step 0 guarded at 57
        twill.copy "rowmax" stage 0 step 0 guarded at 99
        twill.copy "s" stage 0 step 1 guarded at 57
        twill.copy "rowmax" stage 0 step 1 guarded at 99
      } kernel {
        twill.copy "o" stage 2 step 0 at 3
        twill.copy "s" stage 0 step 0 at 57
        twill.copy "rowmax" stage 0 step 0 at 99
      } epilogue {
        twill.copy "o" stage 2 step 0 guarded at 3
        twill.copy "o" stage 2 step 1 guarded at 3
      }
      twill.role "softmax" warp 3 regs 184 prologue {
        twill.copy "m_new" stage 1 step 1 guarded at 10
        twill.copy "sub_1" stage 1 step 1 guarded at 14
        twill.copy "sub" stage 1 step 1 guarded at 15
        twill.copy "alpha" stage 1 step 1 guarded at 27
        twill.copy "p" stage 1 step 1 guarded at 28
        twill.copy "mul" stage 1 step 1 guarded at 31
        twill.copy "cast" stage 1 step 1 guarded at 109
      } kernel {
        twill.copy "rowsum" stage 2 step 0 at 0
        twill.copy "m_new" stage 1 step 0 at 10
        twill.copy "l" stage 2 step 0 at 13
        twill.copy "sub_1" stage 1 step 0 at 14
        twill.copy "sub" stage 1 step 0 at 15
        twill.copy "alpha" stage 1 step 0 at 27
        twill.copy "p" stage 1 step 0 at 28
        twill.copy "mul" stage 1 step 0 at 31
        twill.copy "cast" stage 1 step 0 at 109
      } epilogue {
        twill.copy "rowsum" stage 2 step 0 guarded at 0
        twill.copy "m_new" stage 1 step 0 guarded at 10
        twill.copy "l" stage 2 step 0 guarded at 13
        twill.copy "sub_1" stage 1 step 0 guarded at 14
        twill.copy "sub" stage 1 step 0 guarded at 15
        twill.copy "alpha" stage 1 step 0 guarded at 27
        twill.copy "p" stage 1 step 0 guarded at 28
        twill.copy "mul" stage 1 step 0 guarded at 31
        twill.copy "cast" stage 1 step 0 guarded at 109
        twill.copy "rowsum" stage 2 step 1 guarded at 0
        twill.copy "l" stage 2 step 1 guarded at 13
      }
      twill.role "correction" warp 4 regs 96 prologue {
        twill.copy "mul_1" stage 1 step 1 guarded at 45
      } kernel {
        twill.copy "mul_1" stage 1 step 0 at 45
      } epilogue {
        twill.copy "mul_1" stage 1 step 0 guarded at 45
      }
    } outside {
      twill.live_out "o_1" on 2
      twill.live_out "m_1" on 3
      twill.live_out "l_1" on 3
      twill.post "div" on 2
      twill.post "cast" on 2
      twill.post "store" on 2
      twill.handoff "l_1" from 3 to [2] in "smem"
    }
    %11 = tile.div %o_1, %l_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
    %12 = tile.cast %11 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %12, %O[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    func.return
  }
}
