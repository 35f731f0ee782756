// tests/filecheck/cuda/causal-attention-sm90.tile scheduled on one consumer warp group
// (joint-schedule{warp-groups=2}: the mask, the select and its readers on one role, as
// the mask split needs), with what mask-split writes added by hand: twill.split_mask
// on s, twill.unmasked_cycle on the ops the unmasked part runs (their twill.cycle), the
// bound's offset 64 bid - 63 before the loop and twill.mask_split after it: the 64x64
// tile of block j is entirely below the diagonal iff -64 j + 64 bid - 63 >= 0.
builtin.module attributes {twill.target = "h100"} {
  func.func @attn_causal(%Q: !tile.tensor<[N, 64], f16>, %K: !tile.tensor<[N, 64], f16>, %V: !tile.tensor<[N, 64], f16>, %O: !tile.tensor<[N, 64], f16>, %scale: f32) {
    %0 = arith.constant 1 : index
    %1 = arith.constant 64 : index
    %2 = arith.constant 0 : index
    %bid = tile.block_id
    %q = tile.load %Q[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
    %3 = tile.iota {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, dim = 0 : i64} : !tile.tile<64x64xi32>
    %4 = arith.muli %bid, %1 : index
    %5 = arith.index_cast %4 : index to i32
    %rows = tile.add %3, %5 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x64xi32>, i32 -> !tile.tile<64x64xi32>
    %o = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x64xf32>
    %m = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %l = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
    %6 = arith.addi %bid, %0 : index
    %c63 = arith.constant 63 : index
    %bid64 = arith.muli %bid, %1 : index
    %off = arith.subi %bid64, %c63 : index
    %o_1, %m_1, %l_1 = tile.for %2 to %6 step %0 iter_args(%o, %m, %l : !tile.tile<64x64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>) -> !tile.tile<64x64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32> attributes {twill.cross_warp = 9 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 2.657143 : f64, proven = 1 : i64, scale_cycles = 1079 : i64, scale_units = 299 : i64}, twill.schedule = #twill.schedule<ii = 130, length = 386, stages = 3, lower_bound = 130, status = optimal>, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = consumer, regs = 256>], twill.search = #twill.search<solver = "cp-sat", complete, note = "II=130 is the proven modulo lower bound">, twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>} {
    ^bb0(%j: index, %o_2: !tile.tile<64x64xf32>, %m_2: !tile.tile<64xf32>, %l_2: !tile.tile<64xf32>):
      %k = tile.load %K[%j, %2] {twill.cost = #twill.cost<unit = tma, cycles = 18, latency = 155, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.unmasked_cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
      %v = tile.load %V[%j, %2] {twill.cost = #twill.cost<unit = tma, cycles = 18, latency = 155, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 18 : i32, twill.unmasked_cycle = 18 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 18 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 64], f16> -> !tile.tile<64x64xf16>
      %7 = tile.iota {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 14 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 14 : i32, twill.warp = 1 : i32, dim = 1 : i64} : !tile.tile<64x64xi32>
      %8 = arith.muli %j, %1 : index
      %9 = arith.index_cast %8 : index to i32
      %cols = tile.add %7, %9 {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 32 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 32 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xi32>, i32 -> !tile.tile<64x64xi32>
      %10 = tile.cmp "le", %cols, %rows {twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 11 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 126 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 126 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xi32>, !tile.tile<64x64xi32> -> !tile.tile<64x64xi1>
      %11 = tile.mma %q, %k {twill.cost = #twill.cost<unit = tc, cycles = 35, latency = 35, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 128, latency = 128, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 155 : i32, twill.unmasked_cycle = 155 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 25 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<64x64xf16> -> !tile.tile<64x64xf32>
      %12 = tile.mul %11, %scale {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 32, smem = 0, tmem = 0, blocking>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 286 : i64, twill.cycle = 190 : i32, twill.unmasked_cycle = 190 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 60 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>, f32 -> !tile.tile<64x64xf32>
      %13 = arith.constant 0xff800000 : f32
      %s = tile.select %10, %12, %13 {twill.split_mask, twill.cost = #twill.cost<unit = alu, cycles = 18, latency = 18, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 199 : i32, twill.unmasked_cycle = 199 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 69 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xi1>, !tile.tile<64x64xf32>, f32 -> !tile.tile<64x64xf32>
      %14 = tile.rowmax %s {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 13 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 217 : i32, twill.unmasked_cycle = 217 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 87 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %m_new = tile.max %m_2, %14 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 13 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 226 : i32, twill.unmasked_cycle = 226 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 96 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %15 = tile.sub %s, %m_new {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 228 : i32, twill.unmasked_cycle = 228 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 98 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
      %p = tile.exp2 %15 {twill.cost = #twill.cost<unit = sfu, cycles = 70, latency = 70, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 256, latency = 256, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 238 : i32, twill.unmasked_cycle = 238 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 108 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>
      %16 = tile.sub %m_2, %m_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 13 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 227 : i32, twill.unmasked_cycle = 227 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 97 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %alpha = tile.exp2 %16 {twill.cost = #twill.cost<unit = sfu, cycles = 2, latency = 2, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 13 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 228 : i32, twill.unmasked_cycle = 228 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 98 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>
      %17 = tile.mul %l_2, %alpha {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 13 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 310 : i32, twill.unmasked_cycle = 310 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 50 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %18 = tile.rowsum %p {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 13 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 376 : i32, twill.unmasked_cycle = 376 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 116 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %l_3 = tile.add %17, %18 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 13 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 385 : i32, twill.unmasked_cycle = 385 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 125 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %19 = tile.cast %p {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 16, smem = 0, tmem = 0>, twill.cross_warp = 44 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 16, smem = 0, tmem = 0>, twill.raw_cross_warp = 158 : i64, twill.cycle = 311 : i32, twill.unmasked_cycle = 311 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 51 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
      %20 = tile.mul %o_2, %alpha {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 32, smem = 0, tmem = 0, blocking>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 286 : i64, twill.cycle = 237 : i32, twill.unmasked_cycle = 237 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 107 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
      %o_3 = tile.mma %19, %v, %20 {twill.cost = #twill.cost<unit = tc, cycles = 35, latency = 35, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 80 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 128, latency = 128, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 321 : i32, twill.unmasked_cycle = 321 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 61 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
      tile.yield %o_3, %m_new, %l_3 : !tile.tile<64x64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>
    }
    twill.mask_split %off alpha [-64] unmasked <ii = 130, length = 386, stages = 3, lower_bound = 130, status = optimal>
    twill.pipeline ii 130 stages 3 buffers {
      twill.buffer "alpha" depth 1
      twill.buffer "cast" depth 1
      twill.buffer "cmp" depth 1
      twill.buffer "cols" depth 1
      twill.buffer "iota" depth 1
      twill.buffer "k" depth 2
      twill.buffer "l" depth 1
      twill.buffer "m_new" depth 2
      twill.buffer "mma" depth 1
      twill.buffer "mul" depth 1
      twill.buffer "mul_1" depth 1
      twill.buffer "mul_2" depth 1
      twill.buffer "o" depth 1
      twill.buffer "p" depth 2
      twill.buffer "rowmax" depth 1
      twill.buffer "rowsum" depth 1
      twill.buffer "s" depth 1
      twill.buffer "sub" depth 1
      twill.buffer "sub_1" depth 1
      twill.buffer "v" depth 3
    } prologue {
      twill.copy "k" stage 0 step 0 guarded at 0
      twill.copy "iota" stage 0 step 0 guarded at 14
      twill.copy "v" stage 0 step 0 guarded at 18
      twill.copy "cols" stage 0 step 0 guarded at 32
      twill.copy "cmp" stage 0 step 0 guarded at 126
      twill.copy "k" stage 0 step 1 guarded at 0
      twill.copy "iota" stage 0 step 1 guarded at 14
      twill.copy "v" stage 0 step 1 guarded at 18
      twill.copy "mma" stage 1 step 1 guarded at 25
      twill.copy "cols" stage 0 step 1 guarded at 32
      twill.copy "mul" stage 1 step 1 guarded at 60
      twill.copy "s" stage 1 step 1 guarded at 69
      twill.copy "rowmax" stage 1 step 1 guarded at 87
      twill.copy "m_new" stage 1 step 1 guarded at 96
      twill.copy "sub_1" stage 1 step 1 guarded at 97
      twill.copy "sub" stage 1 step 1 guarded at 98
      twill.copy "alpha" stage 1 step 1 guarded at 98
      twill.copy "mul_2" stage 1 step 1 guarded at 107
      twill.copy "p" stage 1 step 1 guarded at 108
      twill.copy "cmp" stage 0 step 1 guarded at 126
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
      twill.copy "iota" stage 0 step 0 at 14
      twill.copy "v" stage 0 step 0 at 18
      twill.copy "mma" stage 1 step 0 at 25
      twill.copy "cols" stage 0 step 0 at 32
      twill.copy "mul_1" stage 2 step 0 at 50
      twill.copy "cast" stage 2 step 0 at 51
      twill.copy "mul" stage 1 step 0 at 60
      twill.copy "o" stage 2 step 0 at 61
      twill.copy "s" stage 1 step 0 at 69
      twill.copy "rowmax" stage 1 step 0 at 87
      twill.copy "m_new" stage 1 step 0 at 96
      twill.copy "sub_1" stage 1 step 0 at 97
      twill.copy "sub" stage 1 step 0 at 98
      twill.copy "alpha" stage 1 step 0 at 98
      twill.copy "mul_2" stage 1 step 0 at 107
      twill.copy "p" stage 1 step 0 at 108
      twill.copy "rowsum" stage 2 step 0 at 116
      twill.copy "l" stage 2 step 0 at 125
      twill.copy "cmp" stage 0 step 0 at 126
    } epilogue {
      twill.copy "mma" stage 1 step 0 guarded at 25
      twill.copy "mul_1" stage 2 step 0 guarded at 50
      twill.copy "cast" stage 2 step 0 guarded at 51
      twill.copy "mul" stage 1 step 0 guarded at 60
      twill.copy "o" stage 2 step 0 guarded at 61
      twill.copy "s" stage 1 step 0 guarded at 69
      twill.copy "rowmax" stage 1 step 0 guarded at 87
      twill.copy "m_new" stage 1 step 0 guarded at 96
      twill.copy "sub_1" stage 1 step 0 guarded at 97
      twill.copy "sub" stage 1 step 0 guarded at 98
      twill.copy "alpha" stage 1 step 0 guarded at 98
      twill.copy "mul_2" stage 1 step 0 guarded at 107
      twill.copy "p" stage 1 step 0 guarded at 108
      twill.copy "rowsum" stage 2 step 0 guarded at 116
      twill.copy "l" stage 2 step 0 guarded at 125
      twill.copy "mul_1" stage 2 step 1 guarded at 50
      twill.copy "cast" stage 2 step 1 guarded at 51
      twill.copy "o" stage 2 step 1 guarded at 61
      twill.copy "rowsum" stage 2 step 1 guarded at 116
      twill.copy "l" stage 2 step 1 guarded at 125
    }
    twill.warp_specialize %2 to %6 step %0 ii 130 stages 3 channels {
      twill.channel "k" from 0 to [1] in "smem" depth 2
      twill.channel "v" from 0 to [1] in "smem" depth 3
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "k" stage 0 step 0 guarded at 0
        twill.copy "v" stage 0 step 0 guarded at 18
        twill.copy "k" stage 0 step 1 guarded at 0
        twill.copy "v" stage 0 step 1 guarded at 18
      } kernel {
        twill.copy "k" stage 0 step 0 at 0
        twill.copy "v" stage 0 step 0 at 18
      } epilogue {
      }
      twill.role "consumer" warp 1 regs 256 prologue {
        twill.copy "iota" stage 0 step 0 guarded at 14
        twill.copy "cols" stage 0 step 0 guarded at 32
        twill.copy "cmp" stage 0 step 0 guarded at 126
        twill.copy "iota" stage 0 step 1 guarded at 14
        twill.copy "mma" stage 1 step 1 guarded at 25
        twill.copy "cols" stage 0 step 1 guarded at 32
        twill.copy "mul" stage 1 step 1 guarded at 60
        twill.copy "s" stage 1 step 1 guarded at 69
        twill.copy "rowmax" stage 1 step 1 guarded at 87
        twill.copy "m_new" stage 1 step 1 guarded at 96
        twill.copy "sub_1" stage 1 step 1 guarded at 97
        twill.copy "sub" stage 1 step 1 guarded at 98
        twill.copy "alpha" stage 1 step 1 guarded at 98
        twill.copy "mul_2" stage 1 step 1 guarded at 107
        twill.copy "p" stage 1 step 1 guarded at 108
        twill.copy "cmp" stage 0 step 1 guarded at 126
      } kernel {
        twill.copy "iota" stage 0 step 0 at 14
        twill.copy "mma" stage 1 step 0 at 25
        twill.copy "cols" stage 0 step 0 at 32
        twill.copy "mul_1" stage 2 step 0 at 50
        twill.copy "cast" stage 2 step 0 at 51
        twill.copy "mul" stage 1 step 0 at 60
        twill.copy "o" stage 2 step 0 at 61
        twill.copy "s" stage 1 step 0 at 69
        twill.copy "rowmax" stage 1 step 0 at 87
        twill.copy "m_new" stage 1 step 0 at 96
        twill.copy "sub_1" stage 1 step 0 at 97
        twill.copy "sub" stage 1 step 0 at 98
        twill.copy "alpha" stage 1 step 0 at 98
        twill.copy "mul_2" stage 1 step 0 at 107
        twill.copy "p" stage 1 step 0 at 108
        twill.copy "rowsum" stage 2 step 0 at 116
        twill.copy "l" stage 2 step 0 at 125
        twill.copy "cmp" stage 0 step 0 at 126
      } epilogue {
        twill.copy "mma" stage 1 step 0 guarded at 25
        twill.copy "mul_1" stage 2 step 0 guarded at 50
        twill.copy "cast" stage 2 step 0 guarded at 51
        twill.copy "mul" stage 1 step 0 guarded at 60
        twill.copy "o" stage 2 step 0 guarded at 61
        twill.copy "s" stage 1 step 0 guarded at 69
        twill.copy "rowmax" stage 1 step 0 guarded at 87
        twill.copy "m_new" stage 1 step 0 guarded at 96
        twill.copy "sub_1" stage 1 step 0 guarded at 97
        twill.copy "sub" stage 1 step 0 guarded at 98
        twill.copy "alpha" stage 1 step 0 guarded at 98
        twill.copy "mul_2" stage 1 step 0 guarded at 107
        twill.copy "p" stage 1 step 0 guarded at 108
        twill.copy "rowsum" stage 2 step 0 guarded at 116
        twill.copy "l" stage 2 step 0 guarded at 125
        twill.copy "mul_1" stage 2 step 1 guarded at 50
        twill.copy "cast" stage 2 step 1 guarded at 51
        twill.copy "o" stage 2 step 1 guarded at 61
        twill.copy "rowsum" stage 2 step 1 guarded at 116
        twill.copy "l" stage 2 step 1 guarded at 125
      }
    } outside {
      twill.live_in "iota" on [1]
      twill.live_in "rows" on [1]
      twill.live_out "o_1" on 1
      twill.live_out "m_1" on 1
      twill.live_out "l_1" on 1
      twill.post "div" on 1
      twill.post "cast" on 1
      twill.post "store" on 1
    }
    %21 = tile.div %o_1, %l_1 {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
    %22 = tile.cast %21 {twill.cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 16, smem = 0, tmem = 0>} : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    tile.store %22, %O[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 64, latency = 64, regs = 0, smem = 8192, tmem = 0>} : !tile.tile<64x64xf16>, !tile.tensor<[N, 64], f16>
    func.return
  }
}
