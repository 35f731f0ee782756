builtin.module attributes {twill.target = "b200"} {
  func.func @gemm_persistent(%A: !tile.tensor<[M, K], bf16>, %B: !tile.tensor<[K, N], bf16>, %C: !tile.tensor<[M, N], bf16>) {
    %0 = arith.constant 64 : index
    %K = tile.size "K"
    %1 = arith.constant 0 : index
    %2 = arith.constant 8 : index
    %bid = tile.block_id
    %3 = arith.constant 256 : index
    %N = tile.size "N"
    %4 = arith.constant 1 : index
    %5 = arith.constant 128 : index
    %M = tile.size "M"
    %6 = arith.addi %M, %5 : index
    %7 = arith.subi %6, %4 : index
    %8 = arith.divui %7, %5 : index
    %9 = arith.addi %N, %3 : index
    %10 = arith.subi %9, %4 : index
    %11 = arith.divui %10, %3 : index
    tile.persistent %8, %11 {twill.nest = {ii = 33023 : i64, length = 36252 : i64, status = "optimal", lower_bound = 33023 : i64, trips = 64 : i64, head = 883 : i64, acc_buffers = 2 : i64, cycles = {mainloop = 0 : i64, stage0 = 33906 : i64, store0 = 35740 : i64}, optimal_for = "the super-node model: the main loop as one op of (T - 1) * II + L = 33906 cycles (T = 64, II 516, L 1398 cycles) holding the MMA warp group from cycle 883 (the producer's head start), each accumulator staged out of tensor memory by the epilogue warp group, the main loop of tile t + 2 waiting for the staging of tile t (2 accumulators in tensor memory), each TMA store on the TMA unit (the main loop's own TMA loads not replayed); the main loop: optimal by its own schedule"}, group = 8 : i64}
    %12 = arith.muli %2, %11 : index
    %13 = arith.divui %bid, %12 : index
    %14 = arith.muli %13, %2 : index
    %15 = arith.subi %8, %14 : index
    %16 = arith.minsi %15, %2 : index
    %17 = arith.maxsi %16, %4 : index
    %18 = arith.remsi %bid, %12 : index
    %19 = arith.remsi %18, %17 : index
    %tm = arith.addi %14, %19 : index
    %tn = arith.divui %18, %17 : index
    %acc = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 256, smem = 0, tmem = 0>} : !tile.tile<128x256xf32>
    %20 = arith.divui %K, %0 : index
    %acc_1 = tile.for %1 to %20 step %4 iter_args(%acc : !tile.tile<128x256xf32>) -> !tile.tile<128x256xf32> attributes {twill.cross_warp = 3 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 1.538500e-02 : f64, proven = 1 : i64, scale_cycles = 2310 : i64, scale_units = 233 : i64}, twill.schedule = #twill.schedule<ii = 52, length = 141, stages = 3, lower_bound = 52, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=52 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = mma, regs = 24>, #twill.warp<id = 2, role = idle, regs = 184>, #twill.warp<id = 3, role = idle, regs = 184>, #twill.warp<id = 4, role = idle, regs = 96>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 52, ii_cycles = 516, lower_bound = 52, status = optimal, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: 2 parts leave this mma 64 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'acc' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">]} {
    ^bb0(%kk: index, %acc_2: !tile.tile<128x256xf32>):
      %a = tile.load %A[%tm, %kk] {twill.cost = #twill.cost<unit = tma, cycles = 13, latency = 63, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 26 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 26 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, K], bf16> -> !tile.tile<128x64xbf16>
      %b = tile.load %B[%kk, %tn] {twill.cost = #twill.cost<unit = tma, cycles = 26, latency = 76, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[K, N], bf16> -> !tile.tile<64x256xbf16>
      %acc_3 = tile.mma %a, %b, %acc_2 {twill.cost = #twill.cost<unit = tc, cycles = 52, latency = 52, regs = 0, smem = 0, tmem = 131072>, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 131072>, twill.cycle = 89 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 37 : i32, twill.warp = 1 : i32} : !tile.tile<128x64xbf16>, !tile.tile<64x256xbf16>, !tile.tile<128x256xf32> -> !tile.tile<128x256xf32>
      tile.yield %acc_3 : !tile.tile<128x256xf32>
    }
    twill.pipeline ii 52 stages 3 buffers {
      twill.buffer "a" depth 3
      twill.buffer "acc" depth 2
      twill.buffer "b" depth 3
    } prologue {
      twill.copy "b" stage 0 step 0 guarded at 0
      twill.copy "a" stage 0 step 0 guarded at 26
      twill.copy "b" stage 0 step 1 guarded at 0
      twill.copy "a" stage 0 step 1 guarded at 26
      twill.copy "acc" stage 1 step 1 guarded at 37
    } kernel {
      twill.copy "b" stage 0 step 0 at 0
      twill.copy "a" stage 0 step 0 at 26
      twill.copy "acc" stage 1 step 0 at 37
    } epilogue {
      twill.copy "acc" stage 1 step 0 guarded at 37
    }
    twill.warp_specialize %1 to %20 step %4 ii 52 stages 3 channels {
      twill.channel "a" from 0 to [1] in "smem" depth 3
      twill.channel "b" from 0 to [1] in "smem" depth 3
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "b" stage 0 step 0 guarded at 0
        twill.copy "a" stage 0 step 0 guarded at 26
        twill.copy "b" stage 0 step 1 guarded at 0
        twill.copy "a" stage 0 step 1 guarded at 26
      } kernel {
        twill.copy "b" stage 0 step 0 at 0
        twill.copy "a" stage 0 step 0 at 26
      } epilogue {
      }
      twill.role "mma" warp 1 regs 24 prologue {
        twill.copy "acc" stage 1 step 1 guarded at 37
      } kernel {
        twill.copy "acc" stage 1 step 0 at 37
      } epilogue {
        twill.copy "acc" stage 1 step 0 guarded at 37
      }
    } outside {
      twill.live_out "acc_1" on 1
      twill.post "cast" on 1
      twill.post "store" on 1
    }
    twill.memory_plan release "last-use" tmem 256 mma 256 {
      twill.tmem_acc "acc" at 0
    }
    %21 = tile.cast %acc_1 {twill.cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x256xf32> -> !tile.tile<128x256xbf16>
    tile.store %21, %C[%tm, %tn] {twill.cost = #twill.cost<unit = tma, cycles = 512, latency = 512, regs = 0, smem = 65536, tmem = 0>} : !tile.tile<128x256xbf16>, !tile.tensor<[M, N], bf16>
    func.return
  }
}
