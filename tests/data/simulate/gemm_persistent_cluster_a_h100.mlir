builtin.module attributes {twill.target = "h100"} {
  func.func @gemm_persistent_cluster_a(%A: !tile.tensor<[M, K], bf16>, %B: !tile.tensor<[K, N], bf16>, %C: !tile.tensor<[M, N], bf16>) {
    %0 = arith.constant 3 : index
    %1 = arith.constant 2 : index
    %2 = arith.constant 4 : index
    %3 = arith.constant 64 : index
    %K = tile.size "K"
    %4 = arith.constant 0 : index
    %5 = arith.constant 8 : index
    %bid = tile.block_id
    %6 = arith.constant 128 : index
    %N = tile.size "N"
    %7 = arith.constant 1 : index
    %8 = arith.constant 256 : index
    %M = tile.size "M"
    %9 = arith.addi %M, %8 : index
    %10 = arith.subi %9, %7 : index
    %11 = arith.divui %10, %8 : index
    %12 = arith.addi %N, %6 : index
    %13 = arith.subi %12, %7 : index
    %14 = arith.divui %13, %6 : index
    %15 = arith.constant 1 : index
    %16 = arith.constant 2 : index
    %17 = arith.addi %14, %15 : index
    %pair_cols = arith.divui %17, %16 : index
    %18 = arith.muli %pair_cols, %16 : index
    %pair = arith.divui %bid, %16 : index
    %lane = arith.remui %bid, %16 : index
    tile.persistent %11, %18 {twill.nest = {ii = 66240 : i64, length = 67060 : i64, status = "optimal", lower_bound = 66240 : i64, trips = 64 : i64, head = 692 : i64, acc_buffers = 1 : i64, cycles = {mainloop = 0 : i64, stage0 = 66356 : i64, stage1 = 66356 : i64, stage2 = 66548 : i64, stage3 = 66740 : i64, store0 = 66548 : i64, store1 = 66676 : i64, store2 = 66804 : i64, store3 = 66932 : i64}, optimal_for = "the super-node model: the main loop as one op of (T - 1) * II + L = 66356 cycles (T = 64, II 1026, L 1718 cycles) holding the consumer warp groups from cycle 692 (the producer's head start), each accumulator staged on its consumer warp group, each TMA store on the TMA unit (the main loop's own TMA loads not replayed); the main loop: optimal by its own schedule"}, twill.cluster_order = "1x2", twill.cluster = {size = 2 : i64, multicast = ["A"], saving = 16384 : i64, cycles = [2458 : i64, 1639 : i64], shared = "A"}, group = 8 : i64, cluster = 2 : i64}
    %19 = arith.muli %5, %pair_cols : index
    %20 = arith.divui %pair, %19 : index
    %21 = arith.muli %20, %5 : index
    %22 = arith.subi %11, %21 : index
    %23 = arith.minsi %22, %5 : index
    %24 = arith.maxsi %23, %7 : index
    %25 = arith.remsi %pair, %19 : index
    %26 = arith.remsi %25, %24 : index
    %tm = arith.addi %21, %26 : index
    %pair_col = arith.divui %25, %24 : index
    %27 = arith.muli %pair_col, %16 : index
    %tn = arith.addi %27, %lane : index
    %acc0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %acc1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %acc2 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %acc3 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %28 = arith.divui %K, %3 : index
    %acc0_1, %acc1_1, %acc2_1, %acc3_1 = tile.for %4 to %28 step %7 iter_args(%acc0, %acc1, %acc2, %acc3 : !tile.tile<64x128xf32>, !tile.tile<64x128xf32>, !tile.tile<64x128xf32>, !tile.tile<64x128xf32>) -> !tile.tile<64x128xf32>, !tile.tile<64x128xf32>, !tile.tile<64x128xf32>, !tile.tile<64x128xf32> attributes {twill.cross_warp = 5 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 3.125000e-02 : f64, proven = 1 : i64, scale_cycles = 1670 : i64, scale_units = 280 : i64}, twill.schedule = #twill.schedule<ii = 172, length = 288, stages = 2, lower_bound = 172, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=172 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 32>, #twill.warp<id = 1, role = mma0, regs = 240>, #twill.warp<id = 2, role = mma1, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 172, ii_cycles = 1026, lower_bound = 172, status = optimal, chosen, note = "">]} {
    ^bb0(%kk: index, %acc0_2: !tile.tile<64x128xf32>, %acc1_2: !tile.tile<64x128xf32>, %acc2_2: !tile.tile<64x128xf32>, %acc3_2: !tile.tile<64x128xf32>):
      %29 = arith.muli %2, %tm : index
      %a0 = tile.load %A[%29, %kk] {twill.cost = #twill.cost<unit = tma, cycles = 11, latency = 94, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 151 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 151 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, K], bf16> -> !tile.tile<64x64xbf16>
      %30 = arith.muli %2, %tm : index
      %31 = arith.addi %30, %7 : index
      %a1 = tile.load %A[%31, %kk] {twill.cost = #twill.cost<unit = tma, cycles = 11, latency = 94, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, K], bf16> -> !tile.tile<64x64xbf16>
      %32 = arith.muli %2, %tm : index
      %33 = arith.addi %32, %1 : index
      %a2 = tile.load %A[%33, %kk] {twill.cost = #twill.cost<unit = tma, cycles = 11, latency = 94, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 108 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 108 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, K], bf16> -> !tile.tile<64x64xbf16>
      %34 = arith.muli %2, %tm : index
      %35 = arith.addi %34, %0 : index
      %a3 = tile.load %A[%35, %kk] {twill.cost = #twill.cost<unit = tma, cycles = 11, latency = 94, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 65 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 65 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, K], bf16> -> !tile.tile<64x64xbf16>
      %b = tile.load %B[%kk, %tn] {twill.cost = #twill.cost<unit = tma, cycles = 22, latency = 105, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 11 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 11 : i32, twill.warp = 0 : i32} : !tile.tensor<[K, N], bf16> -> !tile.tile<64x128xbf16>
      %acc0_3 = tile.mma %a0, %b, %acc0_2 {twill.cost = #twill.cost<unit = tc, cycles = 43, latency = 43, regs = 64, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.cycle = 245 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 73 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xbf16>, !tile.tile<64x128xbf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %acc1_3 = tile.mma %a1, %b, %acc1_2 {twill.cost = #twill.cost<unit = tc, cycles = 43, latency = 43, regs = 64, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.cycle = 116 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 116 : i32, twill.warp = 2 : i32} : !tile.tile<64x64xbf16>, !tile.tile<64x128xbf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %acc2_3 = tile.mma %a2, %b, %acc2_2 {twill.cost = #twill.cost<unit = tc, cycles = 43, latency = 43, regs = 64, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.cycle = 202 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 30 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xbf16>, !tile.tile<64x128xbf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %acc3_3 = tile.mma %a3, %b, %acc3_2 {twill.cost = #twill.cost<unit = tc, cycles = 43, latency = 43, regs = 64, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.cycle = 159 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 159 : i32, twill.warp = 1 : i32} : !tile.tile<64x64xbf16>, !tile.tile<64x128xbf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      tile.yield %acc0_3, %acc1_3, %acc2_3, %acc3_3 : !tile.tile<64x128xf32>, !tile.tile<64x128xf32>, !tile.tile<64x128xf32>, !tile.tile<64x128xf32>
    }
    twill.pipeline ii 172 stages 2 buffers {
      twill.buffer "a0" depth 1
      twill.buffer "a1" depth 1
      twill.buffer "a2" depth 1
      twill.buffer "a3" depth 1
      twill.buffer "acc0" depth 2
      twill.buffer "acc1" depth 2
      twill.buffer "acc2" depth 2
      twill.buffer "acc3" depth 2
      twill.buffer "b" depth 2
    } prologue {
      twill.copy "a1" stage 0 step 0 guarded at 0
      twill.copy "b" stage 0 step 0 guarded at 11
      twill.copy "a3" stage 0 step 0 guarded at 65
      twill.copy "a2" stage 0 step 0 guarded at 108
      twill.copy "acc1" stage 0 step 0 guarded at 116
      twill.copy "a0" stage 0 step 0 guarded at 151
      twill.copy "acc3" stage 0 step 0 guarded at 159
    } kernel {
      twill.copy "a1" stage 0 step 0 at 0
      twill.copy "b" stage 0 step 0 at 11
      twill.copy "acc2" stage 1 step 0 at 30
      twill.copy "a3" stage 0 step 0 at 65
      twill.copy "acc0" stage 1 step 0 at 73
      twill.copy "a2" stage 0 step 0 at 108
      twill.copy "acc1" stage 0 step 0 at 116
      twill.copy "a0" stage 0 step 0 at 151
      twill.copy "acc3" stage 0 step 0 at 159
    } epilogue {
      twill.copy "acc2" stage 1 step 0 guarded at 30
      twill.copy "acc0" stage 1 step 0 guarded at 73
    }
    twill.warp_specialize %4 to %28 step %7 ii 172 stages 2 channels {
      twill.channel "a0" from 0 to [1] in "smem" depth 3
      twill.channel "a1" from 0 to [2] in "smem" depth 3
      twill.channel "a2" from 0 to [1] in "smem" depth 3
      twill.channel "a3" from 0 to [1] in "smem" depth 3
      twill.channel "b" from 0 to [1, 2] in "smem" depth 3
    } roles {
      twill.role "producer" warp 0 regs 32 prologue {
        twill.copy "a1" stage 0 step 0 guarded at 0
        twill.copy "b" stage 0 step 0 guarded at 11
        twill.copy "a3" stage 0 step 0 guarded at 65
        twill.copy "a2" stage 0 step 0 guarded at 108
        twill.copy "a0" stage 0 step 0 guarded at 151
      } kernel {
        twill.copy "a1" stage 0 step 0 at 0
        twill.copy "b" stage 0 step 0 at 11
        twill.copy "a3" stage 0 step 0 at 65
        twill.copy "a2" stage 0 step 0 at 108
        twill.copy "a0" stage 0 step 0 at 151
      } epilogue {
      }
      twill.role "mma0" warp 1 regs 240 prologue {
        twill.copy "acc3" stage 0 step 0 guarded at 159
      } kernel {
        twill.copy "acc2" stage 1 step 0 at 30
        twill.copy "acc0" stage 1 step 0 at 73
        twill.copy "acc3" stage 0 step 0 at 159
      } epilogue {
        twill.copy "acc2" stage 1 step 0 guarded at 30
        twill.copy "acc0" stage 1 step 0 guarded at 73
      }
      twill.role "mma1" warp 2 regs 240 prologue {
        twill.copy "acc1" stage 0 step 0 guarded at 116
      } kernel {
        twill.copy "acc1" stage 0 step 0 at 116
      } epilogue {
      }
    } outside {
      twill.live_out "acc0_1" on 1
      twill.live_out "acc1_1" on 2
      twill.live_out "acc2_1" on 1
      twill.live_out "acc3_1" on 1
      twill.post "cast" on 1
      twill.post "store" on 1
      twill.post "cast_1" on 2
      twill.post "store_1" on 2
      twill.post "cast_2" on 1
      twill.post "store_2" on 1
      twill.post "cast_3" on 1
      twill.post "store_3" on 1
    }
    twill.memory_plan release "deferred" tmem 0 mma 0 {
    }
    %36 = arith.muli %2, %tm : index
    %37 = tile.cast %acc0_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x128xf32> -> !tile.tile<64x128xbf16>
    tile.store %37, %C[%36, %tn] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<64x128xbf16>, !tile.tensor<[M, N], bf16>
    %38 = arith.muli %2, %tm : index
    %39 = arith.addi %38, %7 : index
    %40 = tile.cast %acc1_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x128xf32> -> !tile.tile<64x128xbf16>
    tile.store %40, %C[%39, %tn] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<64x128xbf16>, !tile.tensor<[M, N], bf16>
    %41 = arith.muli %2, %tm : index
    %42 = arith.addi %41, %1 : index
    %43 = tile.cast %acc2_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x128xf32> -> !tile.tile<64x128xbf16>
    tile.store %43, %C[%42, %tn] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<64x128xbf16>, !tile.tensor<[M, N], bf16>
    %44 = arith.muli %2, %tm : index
    %45 = arith.addi %44, %0 : index
    %46 = tile.cast %acc3_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x128xf32> -> !tile.tile<64x128xbf16>
    tile.store %46, %C[%45, %tn] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<64x128xbf16>, !tile.tensor<[M, N], bf16>
    func.return
  }
}
