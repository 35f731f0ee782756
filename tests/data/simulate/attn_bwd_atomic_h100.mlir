builtin.module attributes {twill.target = "h100"} {
  func.func @attn_bwd(%Q: !tile.tensor<[N, 128], f16>, %K: !tile.tensor<[N, 128], f16>, %V: !tile.tensor<[N, 128], f16>, %dO: !tile.tensor<[N, 128], f16>, %LSE: !tile.tensor<[N], f32>, %D: !tile.tensor<[N], f32>, %dQ: !tile.tensor<[N, 128], f32>, %dK: !tile.tensor<[N, 128], f16>, %dV: !tile.tensor<[N, 128], f16>, %scale: f32, %scale_log2: f32) {
    %0 = arith.constant 1 : index
    %1 = arith.constant 64 : index
    %N = tile.size "N"
    %2 = arith.constant 0 : index
    %bid = tile.block_id
    %k = tile.load %K[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
    %v = tile.load %V[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
    %dk = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>
    %dv = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>
    %3 = arith.divui %N, %1 : index
    %dk_1, %dv_1 = tile.for %2 to %3 step %0 iter_args(%dk, %dv : !tile.tile<128x128xf32>, !tile.tile<128x128xf32>) -> !tile.tile<128x128xf32>, !tile.tile<128x128xf32> attributes {twill.cross_warp = 5 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 2.5681820000000002 : f64, proven = 1 : i64, scale_cycles = 2122 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 841, length = 1037, stages = 2, lower_bound = 360, status = feasible>, twill.search = #twill.search<solver = "heuristic", note = "II=360 open: II 360..840 not settled (time limit)">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = consumer0, regs = 240>, #twill.warp<id = 2, role = consumer1, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 841, ii_cycles = 5949, lower_bound = 360, status = feasible, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: splitting the rows of 'dv' would cut the contraction dimension of this mma">, #twill.variant<parts = 3, status = refused, note = "sub-tile: splitting the rows of 'dv' would cut the contraction dimension of this mma">, #twill.variant<parts = 4, status = refused, note = "sub-tile: splitting the rows of 'dv' would cut the contraction dimension of this mma">]} {
    ^bb0(%i: index, %dk_2: !tile.tile<128x128xf32>, %dv_2: !tile.tile<128x128xf32>):
      %q = tile.load %Q[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 18, latency = 88, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<64x128xf16>
      %do = tile.load %dO[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 18, latency = 88, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 18 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 18 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 128], f16> -> !tile.tile<64x128xf16>
      %lse = tile.load %LSE[%i] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 71, regs = 0, smem = 256, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>, twill.cycle = 36 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 36 : i32, twill.warp = 0 : i32} : !tile.tensor<[N], f32> -> !tile.tile<64xf32>
      %delta = tile.load %D[%i] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 71, regs = 0, smem = 256, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>, twill.cycle = 37 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 37 : i32, twill.warp = 0 : i32} : !tile.tensor<[N], f32> -> !tile.tile<64xf32>
      %s = tile.mma %q, %k {twill.cost = #twill.cost<unit = tc, cycles = 72, latency = 72, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 88 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 88 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<64x128xf32>
      %4 = tile.mul %s, %scale_log2 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 237 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 237 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, f32 -> !tile.tile<64x128xf32>
      %5 = tile.sub %4, %lse {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 323 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 323 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %p = tile.exp2 %5 {twill.cost = #twill.cost<unit = sfu, cycles = 72, latency = 72, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 409 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 409 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>
      %dp = tile.mma %do, %v {twill.cost = #twill.cost<unit = tc, cycles = 72, latency = 72, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 160 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 160 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<64x128xf32>
      %6 = tile.sub %dp, %delta {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 309 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 309 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %ds = tile.mul %p, %6 {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 558 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 558 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %p16 = tile.cast %p {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 41 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 567 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 567 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %ds16 = tile.cast %ds {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 41 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 644 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 644 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      %dv_3 = tile.mma %p16, %do, %dv_2 {twill.cost = #twill.cost<unit = tc, cycles = 72, latency = 72, regs = 128, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.cycle = 617 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 617 : i32, twill.warp = 1 : i32, transpose_lhs} : !tile.tile<64x128xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      %dk_3 = tile.mma %ds16, %q, %dk_2 {twill.cost = #twill.cost<unit = tc, cycles = 72, latency = 72, regs = 128, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.cycle = 694 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 694 : i32, twill.warp = 2 : i32, transpose_lhs} : !tile.tile<64x128xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      %dq = tile.mma %ds16, %k {twill.cost = #twill.cost<unit = tc, cycles = 72, latency = 72, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 766 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 766 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<64x128xf32>
      %7 = tile.mul %dq, %scale {twill.cost = #twill.cost<unit = alu, cycles = 9, latency = 9, regs = 64, smem = 0, tmem = 0, blocking>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0, blocking>, twill.raw_cross_warp = 542 : i64, twill.cycle = 915 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 74 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, f32 -> !tile.tile<64x128xf32>
      tile.store_add %7, %dQ[%i, %2] {twill.cost = #twill.cost<unit = tma, cycles = 36, latency = 36, regs = 0, smem = 32768, tmem = 0>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>, twill.cycle = 1001 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 160 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tensor<[N, 128], f32>
      tile.yield %dk_3, %dv_3 : !tile.tile<128x128xf32>, !tile.tile<128x128xf32>
    }
    twill.pipeline ii 841 stages 2 buffers {
      twill.buffer "delta" depth 1
      twill.buffer "dk" depth 2
      twill.buffer "do" depth 1
      twill.buffer "dp" depth 1
      twill.buffer "dq" depth 1
      twill.buffer "ds" depth 1
      twill.buffer "ds16" depth 1
      twill.buffer "dv" depth 2
      twill.buffer "lse" depth 1
      twill.buffer "mul" depth 1
      twill.buffer "mul_1" depth 1
      twill.buffer "p" depth 1
      twill.buffer "p16" depth 1
      twill.buffer "q" depth 1
      twill.buffer "s" depth 1
      twill.buffer "store_add" depth 1
      twill.buffer "sub" depth 1
      twill.buffer "sub_1" depth 1
    } prologue {
      twill.copy "q" stage 0 step 0 guarded at 0
      twill.copy "do" stage 0 step 0 guarded at 18
      twill.copy "lse" stage 0 step 0 guarded at 36
      twill.copy "delta" stage 0 step 0 guarded at 37
      twill.copy "s" stage 0 step 0 guarded at 88
      twill.copy "dp" stage 0 step 0 guarded at 160
      twill.copy "mul" stage 0 step 0 guarded at 237
      twill.copy "sub_1" stage 0 step 0 guarded at 309
      twill.copy "sub" stage 0 step 0 guarded at 323
      twill.copy "p" stage 0 step 0 guarded at 409
      twill.copy "ds" stage 0 step 0 guarded at 558
      twill.copy "p16" stage 0 step 0 guarded at 567
      twill.copy "dv" stage 0 step 0 guarded at 617
      twill.copy "ds16" stage 0 step 0 guarded at 644
      twill.copy "dk" stage 0 step 0 guarded at 694
      twill.copy "dq" stage 0 step 0 guarded at 766
    } kernel {
      twill.copy "q" stage 0 step 0 at 0
      twill.copy "do" stage 0 step 0 at 18
      twill.copy "lse" stage 0 step 0 at 36
      twill.copy "delta" stage 0 step 0 at 37
      twill.copy "mul_1" stage 1 step 0 at 74
      twill.copy "s" stage 0 step 0 at 88
      twill.copy "store_add" stage 1 step 0 at 160
      twill.copy "dp" stage 0 step 0 at 160
      twill.copy "mul" stage 0 step 0 at 237
      twill.copy "sub_1" stage 0 step 0 at 309
      twill.copy "sub" stage 0 step 0 at 323
      twill.copy "p" stage 0 step 0 at 409
      twill.copy "ds" stage 0 step 0 at 558
      twill.copy "p16" stage 0 step 0 at 567
      twill.copy "dv" stage 0 step 0 at 617
      twill.copy "ds16" stage 0 step 0 at 644
      twill.copy "dk" stage 0 step 0 at 694
      twill.copy "dq" stage 0 step 0 at 766
    } epilogue {
      twill.copy "mul_1" stage 1 step 0 guarded at 74
      twill.copy "store_add" stage 1 step 0 guarded at 160
    }
    twill.warp_specialize %2 to %3 step %0 ii 841 stages 2 channels {
      twill.channel "delta" from 0 to [2] in "smem" depth 1
      twill.channel "do" from 0 to [1, 2] in "smem" depth 1
      twill.channel "dq" from 1 to [2] in "smem" depth 1
      twill.channel "ds16" from 2 to [1] in "smem" depth 1
      twill.channel "lse" from 0 to [1] in "smem" depth 1
      twill.channel "p" from 1 to [2] in "smem" depth 1
      twill.channel "q" from 0 to [1, 2] in "smem" depth 1
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
        twill.copy "mul" stage 0 step 0 guarded at 237
        twill.copy "sub" stage 0 step 0 guarded at 323
        twill.copy "p" stage 0 step 0 guarded at 409
        twill.copy "p16" stage 0 step 0 guarded at 567
        twill.copy "dv" stage 0 step 0 guarded at 617
        twill.copy "dq" stage 0 step 0 guarded at 766
      } kernel {
        twill.copy "s" stage 0 step 0 at 88
        twill.copy "mul" stage 0 step 0 at 237
        twill.copy "sub" stage 0 step 0 at 323
        twill.copy "p" stage 0 step 0 at 409
        twill.copy "p16" stage 0 step 0 at 567
        twill.copy "dv" stage 0 step 0 at 617
        twill.copy "dq" stage 0 step 0 at 766
      } epilogue {
      }
      twill.role "consumer1" warp 2 regs 240 prologue {
        twill.copy "dp" stage 0 step 0 guarded at 160
        twill.copy "sub_1" stage 0 step 0 guarded at 309
        twill.copy "ds" stage 0 step 0 guarded at 558
        twill.copy "ds16" stage 0 step 0 guarded at 644
        twill.copy "dk" stage 0 step 0 guarded at 694
      } kernel {
        twill.copy "mul_1" stage 1 step 0 at 74
        twill.copy "store_add" stage 1 step 0 at 160
        twill.copy "dp" stage 0 step 0 at 160
        twill.copy "sub_1" stage 0 step 0 at 309
        twill.copy "ds" stage 0 step 0 at 558
        twill.copy "ds16" stage 0 step 0 at 644
        twill.copy "dk" stage 0 step 0 at 694
      } epilogue {
        twill.copy "mul_1" stage 1 step 0 guarded at 74
        twill.copy "store_add" stage 1 step 0 guarded at 160
      }
    } outside {
      twill.live_out "dk_1" on 2
      twill.live_out "dv_1" on 1
      twill.post "mul" on 2
      twill.post "cast" on 2
      twill.post "store" on 2
      twill.post "cast_1" on 1
      twill.post "store_1" on 1
    }
    %8 = tile.mul %dk_1, %scale {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>, f32 -> !tile.tile<128x128xf32>
    %9 = tile.cast %8 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %9, %dK[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    %10 = tile.cast %dv_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %10, %dV[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    func.return
  }
}
