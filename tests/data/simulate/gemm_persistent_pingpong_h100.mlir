builtin.module attributes {twill.target = "h100"} {
  func.func @gemm_pingpong(%A: !tile.tensor<[M, K], bf16>, %B: !tile.tensor<[K, N], bf16>, %C: !tile.tensor<[M, N], bf16>) {
    %0 = arith.constant 64 : index
    %K = tile.size "K"
    %1 = arith.constant 0 : index
    %2 = arith.constant 8 : index
    %bid = tile.block_id
    %N = tile.size "N"
    %3 = arith.constant 1 : index
    %4 = arith.constant 128 : index
    %M = tile.size "M"
    %5 = arith.addi %M, %4 : index
    %6 = arith.subi %5, %3 : index
    %7 = arith.divui %6, %4 : index
    %8 = arith.addi %N, %4 : index
    %9 = arith.subi %8, %3 : index
    %10 = arith.divui %9, %4 : index
    tile.persistent %7, %10 {twill.nest = {ii = 65406 : i64, length = 66804 : i64, status = "optimal", lower_bound = 65406 : i64, trips = 64 : i64, head = 758 : i64, acc_buffers = 1 : i64, tiles = 2 : i64, consumers = "alternate", regs = [24 : i64, 240 : i64, 240 : i64], cycles = {mainloop0 = 32703 : i64, mainloop1 = 0 : i64, stage0_0 = 66164 : i64, stage0_1 = 33461 : i64, store0_0 = 66548 : i64, store0_1 = 66292 : i64}, optimal_for = "the super-node model of two tiles on alternate consumer warp groups: each main loop as one op of (T - 1) * II + L = 33461 cycles (T = 64, II 511, L 1268 cycles) holding the tensor core and its consumer warp group from cycle 758 (the producer's head start), each accumulator staged on its tile's consumer warp group, each TMA store on the TMA unit (the main loop's own TMA loads not replayed); the main loop: optimal by its own schedule"}, group = 8 : i64}
    %11 = arith.muli %2, %10 : index
    %12 = arith.divui %bid, %11 : index
    %13 = arith.muli %12, %2 : index
    %14 = arith.subi %7, %13 : index
    %15 = arith.minsi %14, %2 : index
    %16 = arith.maxsi %15, %3 : index
    %17 = arith.remsi %bid, %11 : index
    %18 = arith.remsi %17, %16 : index
    %tm = arith.addi %13, %18 : index
    %tn = arith.divui %17, %16 : index
    %acc = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>
    %19 = arith.divui %K, %0 : index
    %acc_1 = tile.for %1 to %19 step %3 iter_args(%acc : !tile.tile<128x128xf32>) -> !tile.tile<128x128xf32> attributes {twill.cross_warp = 4 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 7.068000e-03 : f64, proven = 1 : i64, scale_cycles = 1298 : i64, scale_units = 173 : i64}, twill.schedule = #twill.schedule<ii = 68, length = 169, stages = 3, lower_bound = 68, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=68 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = mma, regs = 240>, #twill.warp<id = 2, role = idle, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 68, ii_cycles = 510, lower_bound = 68, status = optimal, chosen, note = "">, #twill.variant<parts = 2, ii = 86, ii_cycles = 513, lower_bound = 86, status = optimal, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'acc' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">]} {
    ^bb0(%kk: index, %acc_2: !tile.tile<128x128xf32>):
      %a = tile.load %A[%tm, %kk] {twill.cost = #twill.cost<unit = tma, cycles = 17, latency = 84, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, K], bf16> -> !tile.tile<128x64xbf16>
      %b = tile.load %B[%kk, %tn] {twill.cost = #twill.cost<unit = tma, cycles = 17, latency = 84, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 17 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 17 : i32, twill.warp = 0 : i32} : !tile.tensor<[K, N], bf16> -> !tile.tile<64x128xbf16>
      %acc_3 = tile.mma %a, %b, %acc_2 {twill.cost = #twill.cost<unit = tc, cycles = 68, latency = 68, regs = 128, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.cycle = 101 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 33 : i32, twill.warp = 1 : i32} : !tile.tile<128x64xbf16>, !tile.tile<64x128xbf16>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      tile.yield %acc_3 : !tile.tile<128x128xf32>
    }
    twill.pipeline ii 68 stages 3 buffers {
      twill.buffer "a" depth 3
      twill.buffer "acc" depth 2
      twill.buffer "b" depth 3
    } prologue {
      twill.copy "a" stage 0 step 0 guarded at 0
      twill.copy "b" stage 0 step 0 guarded at 17
      twill.copy "a" stage 0 step 1 guarded at 0
      twill.copy "b" stage 0 step 1 guarded at 17
      twill.copy "acc" stage 1 step 1 guarded at 33
    } kernel {
      twill.copy "a" stage 0 step 0 at 0
      twill.copy "b" stage 0 step 0 at 17
      twill.copy "acc" stage 1 step 0 at 33
    } epilogue {
      twill.copy "acc" stage 1 step 0 guarded at 33
    }
    twill.warp_specialize %1 to %19 step %3 ii 68 stages 3 channels {
      twill.channel "a" from 0 to [1] in "smem" depth 4
      twill.channel "b" from 0 to [1] in "smem" depth 4
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "a" stage 0 step 0 guarded at 0
        twill.copy "b" stage 0 step 0 guarded at 17
        twill.copy "a" stage 0 step 1 guarded at 0
        twill.copy "b" stage 0 step 1 guarded at 17
      } kernel {
        twill.copy "a" stage 0 step 0 at 0
        twill.copy "b" stage 0 step 0 at 17
      } epilogue {
      }
      twill.role "mma" warp 1 regs 240 prologue {
        twill.copy "acc" stage 1 step 1 guarded at 33
      } kernel {
        twill.copy "acc" stage 1 step 0 at 33
      } epilogue {
        twill.copy "acc" stage 1 step 0 guarded at 33
      }
    } outside {
      twill.live_out "acc_1" on 1
      twill.post "cast" on 1
      twill.post "store" on 1
    }
    twill.memory_plan release "deferred" tmem 0 mma 0 {
    }
    %20 = tile.cast %acc_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xbf16>
    tile.store %20, %C[%tm, %tn] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xbf16>, !tile.tensor<[M, N], bf16>
    func.return
  }
}
