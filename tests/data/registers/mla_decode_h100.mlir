builtin.module attributes {twill.target = "h100"} {
  func.func @mla_decode(%QN: !tile.tensor<[H, 512], bf16>, %QR: !tile.tensor<[H, 64], bf16>, %KV: !tile.tensor<[S, 512], bf16>, %KR: !tile.tensor<[S, 64], bf16>, %O: !tile.tensor<[H, 512], bf16>, %scale: f32) {
    %0 = arith.constant 64 : index
    %S = tile.size "S"
    %1 = arith.constant 1 : index
    %2 = arith.constant 0 : index
    %bid = tile.block_id
    %qa = tile.load %QN[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[H, 512], bf16> -> !tile.tile<64x256xbf16>
    %qb = tile.load %QN[%bid, %1] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[H, 512], bf16> -> !tile.tile<64x256xbf16>
    %qr = tile.load %QR[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>} : !tile.tensor<[H, 64], bf16> -> !tile.tile<64x64xbf16>
    %oa = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<64x256xf32>
    %ob = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<64x256xf32>
    %m = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %l = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
    %3 = arith.divui %S, %0 : index
    %oa_1, %ob_1, %m_1, %l_1 = tile.for %2 to %3 step %1 iter_args(%oa, %ob, %m, %l : !tile.tile<64x256xf32>, !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>) -> !tile.tile<64x256xf32>, !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32> attributes {twill.cross_warp = 4 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 7.000000e+00 : f64, proven = 1 : i64, scale_cycles = 2347 : i64, scale_units = 296 : i64}, twill.schedule = #twill.schedule<ii = 480, length = 921, stages = 2, lower_bound = 272, status = feasible>, twill.search = #twill.search<solver = "heuristic", note = "II=272 open: II 272..479 not settled (time limit)">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = consumer0, regs = 240>, #twill.warp<id = 2, role = consumer1, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 480, ii_cycles = 3806, lower_bound = 272, status = feasible, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: 2 parts leave this mma 32 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'oa' (64) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 16 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">]} {
    ^bb0(%j: index, %oa_2: !tile.tile<64x256xf32>, %ob_2: !tile.tile<64x256xf32>, %m_2: !tile.tile<64xf32>, %l_2: !tile.tile<64xf32>):
      %ca = tile.load %KV[%j, %2] {twill.cost = #twill.cost<unit = tma, cycles = 32, latency = 95, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[S, 512], bf16> -> !tile.tile<64x256xbf16>
      %cb = tile.load %KV[%j, %1] {twill.cost = #twill.cost<unit = tma, cycles = 32, latency = 95, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 32 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 32 : i32, twill.warp = 0 : i32} : !tile.tensor<[S, 512], bf16> -> !tile.tile<64x256xbf16>
      %kr = tile.load %KR[%j, %2] {twill.cost = #twill.cost<unit = tma, cycles = 8, latency = 71, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 64 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 64 : i32, twill.warp = 0 : i32} : !tile.tensor<[S, 64], bf16> -> !tile.tile<64x64xbf16>
      %4 = tile.mma %qa, %ca {twill.cost = #twill.cost<unit = tc, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 37 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 95 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 95 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x256xbf16>, !tile.tile<64x256xbf16> -> !tile.tile<64x64xf32>
      %5 = tile.mma %qb, %cb, %4 {twill.cost = #twill.cost<unit = tc, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 37 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 196 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 196 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x256xbf16>, !tile.tile<64x256xbf16>, !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
      %6 = tile.mma %qr, %kr, %5 {twill.cost = #twill.cost<unit = tc, cycles = 16, latency = 16, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 37 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 128, latency = 128, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 297 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 297 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x64xbf16>, !tile.tile<64x64xbf16>, !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
      %s = tile.mul %6, %scale {twill.cost = #twill.cost<unit = alu, cycles = 4, latency = 4, regs = 32, smem = 0, tmem = 0, blocking>, twill.cross_warp = 37 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 286 : i64, twill.cycle = 350 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 350 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>, f32 -> !tile.tile<64x64xf32>
      %7 = tile.rowmax %s {twill.cost = #twill.cost<unit = alu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 6 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 391 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 391 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %m_new = tile.max %m_2, %7 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 6 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 401 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 401 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %8 = tile.sub %s, %m_new {twill.cost = #twill.cost<unit = alu, cycles = 4, latency = 4, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 37 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 408 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 408 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>, !tile.tile<64xf32> -> !tile.tile<64x64xf32>
      %p = tile.exp2 %8 {twill.cost = #twill.cost<unit = sfu, cycles = 32, latency = 32, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 37 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 256, latency = 256, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 449 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 449 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32>
      %9 = tile.sub %m_2, %m_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 6 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 412 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 412 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %alpha = tile.exp2 %9 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 6 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 419 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 419 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>
      %10 = tile.mul %l_2, %alpha {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 6 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 426 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 426 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %11 = tile.rowsum %p {twill.cost = #twill.cost<unit = alu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 6 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 518 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 38 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64xf32>
      %l_3 = tile.add %10, %11 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 6 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 528 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 48 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %pb = tile.cast %p {twill.cost = #twill.cost<unit = alu, cycles = 4, latency = 4, regs = 16, smem = 0, tmem = 0>, twill.cross_warp = 20 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 16, smem = 0, tmem = 0>, twill.raw_cross_warp = 158 : i64, twill.cycle = 522 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 42 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xf32> -> !tile.tile<64x64xbf16>
      %12 = tile.mul %oa_2, %alpha {twill.cost = #twill.cost<unit = alu, cycles = 16, latency = 16, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 133 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 529 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 49 : i32, twill.warp = 2 : i32} : !tile.tile<64x256xf32>, !tile.tile<64xf32> -> !tile.tile<64x256xf32>
      %oa_3 = tile.mma %pb, %ca, %12 {twill.cost = #twill.cost<unit = tc, cycles = 64, latency = 64, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 133 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 793 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 313 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xbf16>, !tile.tile<64x256xbf16>, !tile.tile<64x256xf32> -> !tile.tile<64x256xf32>
      %13 = tile.mul %ob_2, %alpha {twill.cost = #twill.cost<unit = alu, cycles = 16, latency = 16, regs = 128, smem = 0, tmem = 0, blocking>, twill.cross_warp = 133 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 574 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 94 : i32, twill.warp = 1 : i32} : !tile.tile<64x256xf32>, !tile.tile<64xf32> -> !tile.tile<64x256xf32>
      %ob_3 = tile.mma %pb, %cb, %13 {twill.cost = #twill.cost<unit = tc, cycles = 64, latency = 64, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 133 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 857 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 377 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xbf16>, !tile.tile<64x256xbf16>, !tile.tile<64x256xf32> -> !tile.tile<64x256xf32>
      tile.yield %oa_3, %ob_3, %m_new, %l_3 : !tile.tile<64x256xf32>, !tile.tile<64x256xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>
    }
    twill.pipeline ii 480 stages 2 buffers {
      twill.buffer "alpha" depth 1
      twill.buffer "ca" depth 2
      twill.buffer "cb" depth 2
      twill.buffer "kr" depth 1
      twill.buffer "l" depth 1
      twill.buffer "m_new" depth 2
      twill.buffer "mma" depth 1
      twill.buffer "mma_1" depth 1
      twill.buffer "mma_2" depth 1
      twill.buffer "mul" depth 1
      twill.buffer "mul_1" depth 1
      twill.buffer "mul_2" depth 1
      twill.buffer "oa" depth 1
      twill.buffer "ob" depth 1
      twill.buffer "p" depth 1
      twill.buffer "pb" depth 1
      twill.buffer "rowmax" depth 1
      twill.buffer "rowsum" depth 1
      twill.buffer "s" depth 1
      twill.buffer "sub" depth 1
      twill.buffer "sub_1" depth 1
    } prologue {
      twill.copy "ca" stage 0 step 0 guarded at 0
      twill.copy "cb" stage 0 step 0 guarded at 32
      twill.copy "kr" stage 0 step 0 guarded at 64
      twill.copy "mma" stage 0 step 0 guarded at 95
      twill.copy "mma_1" stage 0 step 0 guarded at 196
      twill.copy "mma_2" stage 0 step 0 guarded at 297
      twill.copy "s" stage 0 step 0 guarded at 350
      twill.copy "rowmax" stage 0 step 0 guarded at 391
      twill.copy "m_new" stage 0 step 0 guarded at 401
      twill.copy "sub" stage 0 step 0 guarded at 408
      twill.copy "sub_1" stage 0 step 0 guarded at 412
      twill.copy "alpha" stage 0 step 0 guarded at 419
      twill.copy "mul" stage 0 step 0 guarded at 426
      twill.copy "p" stage 0 step 0 guarded at 449
    } kernel {
      twill.copy "ca" stage 0 step 0 at 0
      twill.copy "cb" stage 0 step 0 at 32
      twill.copy "rowsum" stage 1 step 0 at 38
      twill.copy "pb" stage 1 step 0 at 42
      twill.copy "l" stage 1 step 0 at 48
      twill.copy "mul_1" stage 1 step 0 at 49
      twill.copy "kr" stage 0 step 0 at 64
      twill.copy "mul_2" stage 1 step 0 at 94
      twill.copy "mma" stage 0 step 0 at 95
      twill.copy "mma_1" stage 0 step 0 at 196
      twill.copy "mma_2" stage 0 step 0 at 297
      twill.copy "oa" stage 1 step 0 at 313
      twill.copy "s" stage 0 step 0 at 350
      twill.copy "ob" stage 1 step 0 at 377
      twill.copy "rowmax" stage 0 step 0 at 391
      twill.copy "m_new" stage 0 step 0 at 401
      twill.copy "sub" stage 0 step 0 at 408
      twill.copy "sub_1" stage 0 step 0 at 412
      twill.copy "alpha" stage 0 step 0 at 419
      twill.copy "mul" stage 0 step 0 at 426
      twill.copy "p" stage 0 step 0 at 449
    } epilogue {
      twill.copy "rowsum" stage 1 step 0 guarded at 38
      twill.copy "pb" stage 1 step 0 guarded at 42
      twill.copy "l" stage 1 step 0 guarded at 48
      twill.copy "mul_1" stage 1 step 0 guarded at 49
      twill.copy "mul_2" stage 1 step 0 guarded at 94
      twill.copy "oa" stage 1 step 0 guarded at 313
      twill.copy "ob" stage 1 step 0 guarded at 377
    }
    twill.warp_specialize %2 to %3 step %1 ii 480 stages 2 channels {
      twill.channel "alpha" from 1 to [2] in "smem" depth 1
      twill.channel "ca" from 0 to [1, 2] in "smem" depth 2
      twill.channel "cb" from 0 to [1] in "smem" depth 2
      twill.channel "kr" from 0 to [1] in "smem" depth 1
      twill.channel "pb" from 1 to [2] in "smem" depth 1
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "ca" stage 0 step 0 guarded at 0
        twill.copy "cb" stage 0 step 0 guarded at 32
        twill.copy "kr" stage 0 step 0 guarded at 64
      } kernel {
        twill.copy "ca" stage 0 step 0 at 0
        twill.copy "cb" stage 0 step 0 at 32
        twill.copy "kr" stage 0 step 0 at 64
      } epilogue {
      }
      twill.role "consumer0" warp 1 regs 240 prologue {
        twill.copy "mma" stage 0 step 0 guarded at 95
        twill.copy "mma_1" stage 0 step 0 guarded at 196
        twill.copy "mma_2" stage 0 step 0 guarded at 297
        twill.copy "s" stage 0 step 0 guarded at 350
        twill.copy "rowmax" stage 0 step 0 guarded at 391
        twill.copy "m_new" stage 0 step 0 guarded at 401
        twill.copy "sub" stage 0 step 0 guarded at 408
        twill.copy "sub_1" stage 0 step 0 guarded at 412
        twill.copy "alpha" stage 0 step 0 guarded at 419
        twill.copy "mul" stage 0 step 0 guarded at 426
        twill.copy "p" stage 0 step 0 guarded at 449
      } kernel {
        twill.copy "rowsum" stage 1 step 0 at 38
        twill.copy "pb" stage 1 step 0 at 42
        twill.copy "l" stage 1 step 0 at 48
        twill.copy "mul_2" stage 1 step 0 at 94
        twill.copy "mma" stage 0 step 0 at 95
        twill.copy "mma_1" stage 0 step 0 at 196
        twill.copy "mma_2" stage 0 step 0 at 297
        twill.copy "s" stage 0 step 0 at 350
        twill.copy "ob" stage 1 step 0 at 377
        twill.copy "rowmax" stage 0 step 0 at 391
        twill.copy "m_new" stage 0 step 0 at 401
        twill.copy "sub" stage 0 step 0 at 408
        twill.copy "sub_1" stage 0 step 0 at 412
        twill.copy "alpha" stage 0 step 0 at 419
        twill.copy "mul" stage 0 step 0 at 426
        twill.copy "p" stage 0 step 0 at 449
      } epilogue {
        twill.copy "rowsum" stage 1 step 0 guarded at 38
        twill.copy "pb" stage 1 step 0 guarded at 42
        twill.copy "l" stage 1 step 0 guarded at 48
        twill.copy "mul_2" stage 1 step 0 guarded at 94
        twill.copy "ob" stage 1 step 0 guarded at 377
      }
      twill.role "consumer1" warp 2 regs 240 prologue {
      } kernel {
        twill.copy "mul_1" stage 1 step 0 at 49
        twill.copy "oa" stage 1 step 0 at 313
      } epilogue {
        twill.copy "mul_1" stage 1 step 0 guarded at 49
        twill.copy "oa" stage 1 step 0 guarded at 313
      }
    } outside {
      twill.live_out "oa_1" on 2
      twill.live_out "ob_1" on 1
      twill.live_out "m_1" on 1
      twill.live_out "l_1" on 1
      twill.post "div" on 2
      twill.post "cast" on 2
      twill.post "store" on 2
      twill.post "div_1" on 1
      twill.post "cast_1" on 1
      twill.post "store_1" on 1
      twill.handoff "l_1" from 1 to [2] in "smem"
    }
    %14 = tile.div %oa_1, %l_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<64x256xf32>, !tile.tile<64xf32> -> !tile.tile<64x256xf32>
    %15 = tile.cast %14 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x256xf32> -> !tile.tile<64x256xbf16>
    tile.store %15, %O[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<64x256xbf16>, !tile.tensor<[H, 512], bf16>
    %16 = tile.div %ob_1, %l_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<64x256xf32>, !tile.tile<64xf32> -> !tile.tile<64x256xf32>
    %17 = tile.cast %16 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x256xf32> -> !tile.tile<64x256xbf16>
    tile.store %17, %O[%bid, %1] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<64x256xbf16>, !tile.tensor<[H, 512], bf16>
    func.return
  }
}
