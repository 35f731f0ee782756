builtin.module attributes {twill.target = "h100"} {
  func.func @layernorm(%X: !tile.tensor<[M, D], f16>, %Y: !tile.tensor<[M, D], f16>, %inv_d: f32, %eps: f32) attributes {twill.loops = 3 : i64} {
    %bid = tile.block_id
    %0 = arith.constant 1 : index
    %1 = arith.constant 128 : index
    %D = tile.size "D"
    %2 = arith.constant 0 : index
    %s = tile.zeros : !tile.tile<64xf32>
    %3 = arith.divui %D, %1 : index
    %s_1 = tile.for %2 to %3 step %0 iter_args(%s : !tile.tile<64xf32>) -> !tile.tile<64xf32> {
    ^bb0(%j: index, %s_2: !tile.tile<64xf32>):
      %4 = tile.load %X[%bid, %j] : !tile.tensor<[M, D], f16> -> !tile.tile<64x128xf16>
      %5 = tile.cast %4 : !tile.tile<64x128xf16> -> !tile.tile<64x128xf32>
      %6 = tile.rowsum %5 : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %s_3 = tile.add %s_2, %6 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      tile.yield %s_3 : !tile.tile<64xf32>
    }
    %mean = tile.mul %s_1, %inv_d : !tile.tile<64xf32>, f32 -> !tile.tile<64xf32>
    %v = tile.zeros : !tile.tile<64xf32>
    %7 = arith.divui %D, %1 : index
    %v_1 = tile.for %2 to %7 step %0 iter_args(%v : !tile.tile<64xf32>) -> !tile.tile<64xf32> {
    ^bb0(%j_1: index, %v_2: !tile.tile<64xf32>):
      %8 = tile.load %X[%bid, %j_1] : !tile.tensor<[M, D], f16> -> !tile.tile<64x128xf16>
      %9 = tile.cast %8 : !tile.tile<64x128xf16> -> !tile.tile<64x128xf32>
      %d = tile.sub %9, %mean : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %10 = tile.mul %d, %d : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %11 = tile.rowsum %10 : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %v_3 = tile.add %v_2, %11 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      tile.yield %v_3 : !tile.tile<64xf32>
    }
    %12 = tile.mul %v_1, %inv_d : !tile.tile<64xf32>, f32 -> !tile.tile<64xf32>
    %13 = tile.add %12, %eps : !tile.tile<64xf32>, f32 -> !tile.tile<64xf32>
    %r = tile.rsqrt %13 : !tile.tile<64xf32>
    %14 = arith.divui %D, %1 : index
    tile.for %2 to %14 step %0 {
    ^bb0(%j_2: index):
      %15 = tile.load %X[%bid, %j_2] : !tile.tensor<[M, D], f16> -> !tile.tile<64x128xf16>
      %x = tile.cast %15 : !tile.tile<64x128xf16> -> !tile.tile<64x128xf32>
      %16 = tile.sub %x, %mean : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %17 = tile.mul %16, %r : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %18 = tile.cast %17 : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
      tile.store %18, %Y[%bid, %j_2] : !tile.tile<64x128xf16>, !tile.tensor<[M, D], f16>
      tile.yield
    }
    func.return
  }
  builtin.module attributes {twill.segment = 0 : i64, twill.target = "h100"} {
    func.func @layernorm_loop0(%X: !tile.tensor<[M, D], f16>, %Y: !tile.tensor<[M, D], f16>, %inv_d: f32, %eps: f32, %tw_pass_s: !tile.tensor<[TW_PASS_S], f32>) {
      %0 = arith.constant 0 : index
      %D = tile.size "D"
      %1 = arith.constant 128 : index
      %2 = arith.divui %D, %1 : index
      %3 = arith.constant 1 : index
      %s = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
      %bid = tile.block_id
      %s_1 = tile.for %0 to %2 step %3 iter_args(%s : !tile.tile<64xf32>) -> !tile.tile<64xf32> attributes {twill.cross_warp = 11 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 1.8545450000000001 : f64, proven = 1 : i64, scale_cycles = 851 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 47, length = 267, stages = 6, lower_bound = 47, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=47 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = correction, regs = 240>, #twill.warp<id = 2, role = idle, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 47, ii_cycles = 133, lower_bound = 47, status = optimal, chosen, note = "">, #twill.variant<parts = 2, ii = 58, ii_cycles = 134, lower_bound = 58, status = optimal, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 's' (64) do not divide in 3 parts">, #twill.variant<parts = 4, ii = 68, ii_cycles = 138, lower_bound = 68, status = optimal, note = "">]} {
      ^bb0(%j: index, %s_2: !tile.tile<64xf32>):
        %4 = tile.load %X[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 45, latency = 220, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, D], f16> -> !tile.tile<64x128xf16>
        %5 = tile.cast %4 {twill.cost = #twill.cost<unit = alu, cycles = 23, latency = 23, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 192 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 220 : i32, twill.stage = 4 : i32, loop.stage = 4 : i32, loop.cluster = 32 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf16> -> !tile.tile<64x128xf32>
        %6 = tile.rowsum %5 {twill.cost = #twill.cost<unit = alu, cycles = 23, latency = 23, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 17 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 243 : i32, twill.stage = 5 : i32, loop.stage = 5 : i32, loop.cluster = 8 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
        %s_3 = tile.add %s_2, %6 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cycle = 266 : i32, twill.stage = 5 : i32, loop.stage = 5 : i32, loop.cluster = 31 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
        tile.yield %s_3 : !tile.tile<64xf32>
      }
      twill.pipeline ii 47 stages 6 buffers {
        twill.buffer "cast" depth 1
        twill.buffer "load" depth 6
        twill.buffer "rowsum" depth 1
        twill.buffer "s" depth 2
      } prologue {
        twill.copy "load" stage 0 step 0 guarded at 0
        twill.copy "load" stage 0 step 1 guarded at 0
        twill.copy "load" stage 0 step 2 guarded at 0
        twill.copy "load" stage 0 step 3 guarded at 0
        twill.copy "load" stage 0 step 4 guarded at 0
        twill.copy "cast" stage 4 step 4 guarded at 32
      } kernel {
        twill.copy "load" stage 0 step 0 at 0
        twill.copy "rowsum" stage 5 step 0 at 8
        twill.copy "s" stage 5 step 0 at 31
        twill.copy "cast" stage 4 step 0 at 32
      } epilogue {
        twill.copy "rowsum" stage 5 step 0 guarded at 8
        twill.copy "s" stage 5 step 0 guarded at 31
        twill.copy "cast" stage 4 step 0 guarded at 32
        twill.copy "rowsum" stage 5 step 1 guarded at 8
        twill.copy "s" stage 5 step 1 guarded at 31
        twill.copy "cast" stage 4 step 1 guarded at 32
        twill.copy "rowsum" stage 5 step 2 guarded at 8
        twill.copy "s" stage 5 step 2 guarded at 31
        twill.copy "cast" stage 4 step 2 guarded at 32
        twill.copy "rowsum" stage 5 step 3 guarded at 8
        twill.copy "s" stage 5 step 3 guarded at 31
        twill.copy "cast" stage 4 step 3 guarded at 32
        twill.copy "rowsum" stage 5 step 4 guarded at 8
        twill.copy "s" stage 5 step 4 guarded at 31
      }
      twill.warp_specialize %0 to %2 step %3 ii 47 stages 6 channels {
        twill.channel "load" from 0 to [1] in "smem" depth 6
      } roles {
        twill.role "producer" warp 0 regs 24 prologue {
          twill.copy "load" stage 0 step 0 guarded at 0
          twill.copy "load" stage 0 step 1 guarded at 0
          twill.copy "load" stage 0 step 2 guarded at 0
          twill.copy "load" stage 0 step 3 guarded at 0
          twill.copy "load" stage 0 step 4 guarded at 0
        } kernel {
          twill.copy "load" stage 0 step 0 at 0
        } epilogue {
        }
        twill.role "correction" warp 1 regs 240 prologue {
          twill.copy "cast" stage 4 step 4 guarded at 32
        } kernel {
          twill.copy "rowsum" stage 5 step 0 at 8
          twill.copy "s" stage 5 step 0 at 31
          twill.copy "cast" stage 4 step 0 at 32
        } epilogue {
          twill.copy "rowsum" stage 5 step 0 guarded at 8
          twill.copy "s" stage 5 step 0 guarded at 31
          twill.copy "cast" stage 4 step 0 guarded at 32
          twill.copy "rowsum" stage 5 step 1 guarded at 8
          twill.copy "s" stage 5 step 1 guarded at 31
          twill.copy "cast" stage 4 step 1 guarded at 32
          twill.copy "rowsum" stage 5 step 2 guarded at 8
          twill.copy "s" stage 5 step 2 guarded at 31
          twill.copy "cast" stage 4 step 2 guarded at 32
          twill.copy "rowsum" stage 5 step 3 guarded at 8
          twill.copy "s" stage 5 step 3 guarded at 31
          twill.copy "cast" stage 4 step 3 guarded at 32
          twill.copy "rowsum" stage 5 step 4 guarded at 8
          twill.copy "s" stage 5 step 4 guarded at 31
        }
      } outside {
        twill.live_out "s_1" on 1
        twill.post "store" on 1
      }
      twill.memory_plan release "last-use" tmem 0 mma 0 {
      }
      tile.store %s_1, %tw_pass_s[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 2, regs = 0, smem = 256, tmem = 0>} : !tile.tile<64xf32>, !tile.tensor<[TW_PASS_S], f32>
      func.return
    }
  }
  builtin.module attributes {twill.segment = 1 : i64, twill.target = "h100"} {
    func.func @layernorm_loop1(%X: !tile.tensor<[M, D], f16>, %Y: !tile.tensor<[M, D], f16>, %inv_d: f32, %eps: f32, %tw_pass_s: !tile.tensor<[TW_PASS_S], f32>, %tw_pass_v: !tile.tensor<[TW_PASS_V], f32>, %tw_pass_mean: !tile.tensor<[TW_PASS_MEAN], f32>) {
      %0 = arith.constant 2 : index
      %1 = arith.constant 1 : index
      %bid = tile.block_id
      %2 = arith.muli %0, %bid : index
      %s0 = tile.load %tw_pass_s[%2] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 501, regs = 0, smem = 128, tmem = 0, variable_latency>} : !tile.tensor<[TW_PASS_S], f32> -> !tile.tile<32xf32>
      %3 = arith.muli %0, %bid : index
      %4 = arith.addi %3, %1 : index
      %s1 = tile.load %tw_pass_s[%4] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 501, regs = 0, smem = 128, tmem = 0, variable_latency>} : !tile.tensor<[TW_PASS_S], f32> -> !tile.tile<32xf32>
      %mean0 = tile.mul %s0, %inv_d {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<32xf32>, f32 -> !tile.tile<32xf32>
      %mean1 = tile.mul %s1, %inv_d {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<32xf32>, f32 -> !tile.tile<32xf32>
      %5 = arith.constant 0 : index
      %D = tile.size "D"
      %6 = arith.constant 128 : index
      %7 = arith.divui %D, %6 : index
      %8 = arith.constant 1 : index
      %v0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<32xf32>
      %v1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<32xf32>
      %v0_1, %v1_1 = tile.for %5 to %7 step %8 iter_args(%v0, %v1 : !tile.tile<32xf32>, !tile.tile<32xf32>) -> !tile.tile<32xf32>, !tile.tile<32xf32> attributes {twill.cross_warp = 13 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 1.3114749999999999 : f64, proven = 1 : i64, scale_cycles = 691 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 114, length = 358, stages = 4, lower_bound = 114, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=114 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = correction, regs = 240>, #twill.warp<id = 2, role = idle, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 93, ii_cycles = 264, lower_bound = 93, status = optimal, note = "">, #twill.variant<parts = 2, ii = 114, ii_cycles = 263, lower_bound = 114, status = optimal, chosen, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'v' (64) do not divide in 3 parts">, #twill.variant<parts = 4, ii = 132, ii_cycles = 269, lower_bound = 132, status = optimal, note = "">]} {
      ^bb0(%j: index, %v0_2: !tile.tile<32xf32>, %v1_2: !tile.tile<32xf32>):
        %9 = arith.muli %0, %bid : index
        %10 = tile.load %X[%9, %j] {twill.cost = #twill.cost<unit = tma, cycles = 28, latency = 244, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, D], f16> -> !tile.tile<32x128xf16>
        %11 = tile.cast %10 {twill.cost = #twill.cost<unit = alu, cycles = 14, latency = 14, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 236 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 244 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 16 : i32, twill.warp = 1 : i32} : !tile.tile<32x128xf16> -> !tile.tile<32x128xf32>
        %d0 = tile.sub %11, %mean0 {twill.cost = #twill.cost<unit = alu, cycles = 14, latency = 14, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 236 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 258 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 30 : i32, twill.warp = 1 : i32} : !tile.tile<32x128xf32>, !tile.tile<32xf32> -> !tile.tile<32x128xf32>
        %12 = tile.mul %d0, %d0 {twill.cost = #twill.cost<unit = alu, cycles = 14, latency = 14, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 236 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 272 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 44 : i32, twill.warp = 1 : i32} : !tile.tile<32x128xf32>, !tile.tile<32x128xf32> -> !tile.tile<32x128xf32>
        %13 = tile.rowsum %12 {twill.cost = #twill.cost<unit = alu, cycles = 14, latency = 14, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 20 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 286 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 58 : i32, twill.warp = 1 : i32} : !tile.tile<32x128xf32> -> !tile.tile<32xf32>
        %v0_3 = tile.add %v0_2, %13 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cycle = 300 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 72 : i32, twill.warp = 1 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        %14 = arith.muli %0, %bid : index
        %15 = arith.addi %14, %1 : index
        %16 = tile.load %X[%15, %j] {twill.cost = #twill.cost<unit = tma, cycles = 28, latency = 244, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 57 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 57 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, D], f16> -> !tile.tile<32x128xf16>
        %17 = tile.cast %16 {twill.cost = #twill.cost<unit = alu, cycles = 14, latency = 14, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 236 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 301 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 73 : i32, twill.warp = 1 : i32} : !tile.tile<32x128xf16> -> !tile.tile<32x128xf32>
        %d1 = tile.sub %17, %mean1 {twill.cost = #twill.cost<unit = alu, cycles = 14, latency = 14, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 236 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 315 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 87 : i32, twill.warp = 1 : i32} : !tile.tile<32x128xf32>, !tile.tile<32xf32> -> !tile.tile<32x128xf32>
        %18 = tile.mul %d1, %d1 {twill.cost = #twill.cost<unit = alu, cycles = 14, latency = 14, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 236 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 329 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 101 : i32, twill.warp = 1 : i32} : !tile.tile<32x128xf32>, !tile.tile<32x128xf32> -> !tile.tile<32x128xf32>
        %19 = tile.rowsum %18 {twill.cost = #twill.cost<unit = alu, cycles = 14, latency = 14, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 20 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 32, latency = 32, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 343 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 1 : i32, twill.warp = 1 : i32} : !tile.tile<32x128xf32> -> !tile.tile<32xf32>
        %v1_3 = tile.add %v1_2, %19 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cycle = 357 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 15 : i32, twill.warp = 1 : i32} : !tile.tile<32xf32>, !tile.tile<32xf32> -> !tile.tile<32xf32>
        tile.yield %v0_3, %v1_3 : !tile.tile<32xf32>, !tile.tile<32xf32>
      }
      twill.pipeline ii 114 stages 4 buffers {
        twill.buffer "cast" depth 1
        twill.buffer "cast_1" depth 1
        twill.buffer "d0" depth 1
        twill.buffer "d1" depth 1
        twill.buffer "load" depth 3
        twill.buffer "load_1" depth 3
        twill.buffer "mul" depth 1
        twill.buffer "mul_1" depth 1
        twill.buffer "rowsum" depth 1
        twill.buffer "rowsum_1" depth 1
        twill.buffer "v0" depth 2
        twill.buffer "v1" depth 2
      } prologue {
        twill.copy "load" stage 0 step 0 guarded at 0
        twill.copy "load_1" stage 0 step 0 guarded at 57
        twill.copy "load" stage 0 step 1 guarded at 0
        twill.copy "load_1" stage 0 step 1 guarded at 57
        twill.copy "load" stage 0 step 2 guarded at 0
        twill.copy "cast" stage 2 step 2 guarded at 16
        twill.copy "d0" stage 2 step 2 guarded at 30
        twill.copy "mul" stage 2 step 2 guarded at 44
        twill.copy "load_1" stage 0 step 2 guarded at 57
        twill.copy "rowsum" stage 2 step 2 guarded at 58
        twill.copy "v0" stage 2 step 2 guarded at 72
        twill.copy "cast_1" stage 2 step 2 guarded at 73
        twill.copy "d1" stage 2 step 2 guarded at 87
        twill.copy "mul_1" stage 2 step 2 guarded at 101
      } kernel {
        twill.copy "load" stage 0 step 0 at 0
        twill.copy "rowsum_1" stage 3 step 0 at 1
        twill.copy "v1" stage 3 step 0 at 15
        twill.copy "cast" stage 2 step 0 at 16
        twill.copy "d0" stage 2 step 0 at 30
        twill.copy "mul" stage 2 step 0 at 44
        twill.copy "load_1" stage 0 step 0 at 57
        twill.copy "rowsum" stage 2 step 0 at 58
        twill.copy "v0" stage 2 step 0 at 72
        twill.copy "cast_1" stage 2 step 0 at 73
        twill.copy "d1" stage 2 step 0 at 87
        twill.copy "mul_1" stage 2 step 0 at 101
      } epilogue {
        twill.copy "rowsum_1" stage 3 step 0 guarded at 1
        twill.copy "v1" stage 3 step 0 guarded at 15
        twill.copy "cast" stage 2 step 0 guarded at 16
        twill.copy "d0" stage 2 step 0 guarded at 30
        twill.copy "mul" stage 2 step 0 guarded at 44
        twill.copy "rowsum" stage 2 step 0 guarded at 58
        twill.copy "v0" stage 2 step 0 guarded at 72
        twill.copy "cast_1" stage 2 step 0 guarded at 73
        twill.copy "d1" stage 2 step 0 guarded at 87
        twill.copy "mul_1" stage 2 step 0 guarded at 101
        twill.copy "rowsum_1" stage 3 step 1 guarded at 1
        twill.copy "v1" stage 3 step 1 guarded at 15
        twill.copy "cast" stage 2 step 1 guarded at 16
        twill.copy "d0" stage 2 step 1 guarded at 30
        twill.copy "mul" stage 2 step 1 guarded at 44
        twill.copy "rowsum" stage 2 step 1 guarded at 58
        twill.copy "v0" stage 2 step 1 guarded at 72
        twill.copy "cast_1" stage 2 step 1 guarded at 73
        twill.copy "d1" stage 2 step 1 guarded at 87
        twill.copy "mul_1" stage 2 step 1 guarded at 101
        twill.copy "rowsum_1" stage 3 step 2 guarded at 1
        twill.copy "v1" stage 3 step 2 guarded at 15
      }
      twill.warp_specialize %5 to %7 step %8 ii 114 stages 4 channels {
        twill.channel "load" from 0 to [1] in "smem" depth 3
        twill.channel "load_1" from 0 to [1] in "smem" depth 3
      } roles {
        twill.role "producer" warp 0 regs 24 prologue {
          twill.copy "load" stage 0 step 0 guarded at 0
          twill.copy "load_1" stage 0 step 0 guarded at 57
          twill.copy "load" stage 0 step 1 guarded at 0
          twill.copy "load_1" stage 0 step 1 guarded at 57
          twill.copy "load" stage 0 step 2 guarded at 0
          twill.copy "load_1" stage 0 step 2 guarded at 57
        } kernel {
          twill.copy "load" stage 0 step 0 at 0
          twill.copy "load_1" stage 0 step 0 at 57
        } epilogue {
        }
        twill.role "correction" warp 1 regs 240 prologue {
          twill.copy "cast" stage 2 step 2 guarded at 16
          twill.copy "d0" stage 2 step 2 guarded at 30
          twill.copy "mul" stage 2 step 2 guarded at 44
          twill.copy "rowsum" stage 2 step 2 guarded at 58
          twill.copy "v0" stage 2 step 2 guarded at 72
          twill.copy "cast_1" stage 2 step 2 guarded at 73
          twill.copy "d1" stage 2 step 2 guarded at 87
          twill.copy "mul_1" stage 2 step 2 guarded at 101
        } kernel {
          twill.copy "rowsum_1" stage 3 step 0 at 1
          twill.copy "v1" stage 3 step 0 at 15
          twill.copy "cast" stage 2 step 0 at 16
          twill.copy "d0" stage 2 step 0 at 30
          twill.copy "mul" stage 2 step 0 at 44
          twill.copy "rowsum" stage 2 step 0 at 58
          twill.copy "v0" stage 2 step 0 at 72
          twill.copy "cast_1" stage 2 step 0 at 73
          twill.copy "d1" stage 2 step 0 at 87
          twill.copy "mul_1" stage 2 step 0 at 101
        } epilogue {
          twill.copy "rowsum_1" stage 3 step 0 guarded at 1
          twill.copy "v1" stage 3 step 0 guarded at 15
          twill.copy "cast" stage 2 step 0 guarded at 16
          twill.copy "d0" stage 2 step 0 guarded at 30
          twill.copy "mul" stage 2 step 0 guarded at 44
          twill.copy "rowsum" stage 2 step 0 guarded at 58
          twill.copy "v0" stage 2 step 0 guarded at 72
          twill.copy "cast_1" stage 2 step 0 guarded at 73
          twill.copy "d1" stage 2 step 0 guarded at 87
          twill.copy "mul_1" stage 2 step 0 guarded at 101
          twill.copy "rowsum_1" stage 3 step 1 guarded at 1
          twill.copy "v1" stage 3 step 1 guarded at 15
          twill.copy "cast" stage 2 step 1 guarded at 16
          twill.copy "d0" stage 2 step 1 guarded at 30
          twill.copy "mul" stage 2 step 1 guarded at 44
          twill.copy "rowsum" stage 2 step 1 guarded at 58
          twill.copy "v0" stage 2 step 1 guarded at 72
          twill.copy "cast_1" stage 2 step 1 guarded at 73
          twill.copy "d1" stage 2 step 1 guarded at 87
          twill.copy "mul_1" stage 2 step 1 guarded at 101
          twill.copy "rowsum_1" stage 3 step 2 guarded at 1
          twill.copy "v1" stage 3 step 2 guarded at 15
        }
      } outside {
        twill.live_in "mean0" on [1]
        twill.live_in "mean1" on [1]
        twill.live_out "v0_1" on 1
        twill.live_out "v1_1" on 1
        twill.post "store" on 1
        twill.post "store_1" on 1
        twill.post "store_2" on 1
        twill.post "store_3" on 1
      }
      twill.memory_plan release "last-use" tmem 0 mma 0 {
      }
      %20 = arith.muli %0, %bid : index
      tile.store %v0_1, %tw_pass_v[%20] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 1, regs = 0, smem = 128, tmem = 0>} : !tile.tile<32xf32>, !tile.tensor<[TW_PASS_V], f32>
      %21 = arith.muli %0, %bid : index
      tile.store %mean0, %tw_pass_mean[%21] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 1, regs = 0, smem = 128, tmem = 0>} : !tile.tile<32xf32>, !tile.tensor<[TW_PASS_MEAN], f32>
      %22 = arith.muli %0, %bid : index
      %23 = arith.addi %22, %1 : index
      tile.store %v1_1, %tw_pass_v[%23] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 1, regs = 0, smem = 128, tmem = 0>} : !tile.tile<32xf32>, !tile.tensor<[TW_PASS_V], f32>
      %24 = arith.muli %0, %bid : index
      %25 = arith.addi %24, %1 : index
      tile.store %mean1, %tw_pass_mean[%25] {twill.cost = #twill.cost<unit = tma, cycles = 1, latency = 1, regs = 0, smem = 128, tmem = 0>} : !tile.tile<32xf32>, !tile.tensor<[TW_PASS_MEAN], f32>
      func.return
    }
  }
  builtin.module attributes {twill.segment = 2 : i64, twill.target = "h100"} {
    func.func @layernorm_loop2(%X: !tile.tensor<[M, D], f16>, %Y: !tile.tensor<[M, D], f16>, %inv_d: f32, %eps: f32, %tw_pass_v: !tile.tensor<[TW_PASS_V], f32>, %tw_pass_mean: !tile.tensor<[TW_PASS_MEAN], f32>) {
      %bid = tile.block_id
      %v = tile.load %tw_pass_v[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>} : !tile.tensor<[TW_PASS_V], f32> -> !tile.tile<64xf32>
      %0 = tile.mul %v, %inv_d {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>, f32 -> !tile.tile<64xf32>
      %1 = tile.add %0, %eps {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>, f32 -> !tile.tile<64xf32>
      %r = tile.rsqrt %1 {twill.cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
      %2 = arith.constant 0 : index
      %D = tile.size "D"
      %3 = arith.constant 128 : index
      %4 = arith.divui %D, %3 : index
      %5 = arith.constant 1 : index
      %mean = tile.load %tw_pass_mean[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>} : !tile.tensor<[TW_PASS_MEAN], f32> -> !tile.tile<64xf32>
      tile.for %2 to %4 step %5 attributes {twill.cross_warp = 8 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 3.922000e-03 : f64, proven = 1 : i64, scale_cycles = 850 : i64, scale_units = 226 : i64}, twill.schedule = #twill.schedule<ii = 68, length = 272, stages = 4, lower_bound = 68, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=68 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = correction, regs = 240>, #twill.warp<id = 2, role = idle, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 68, ii_cycles = 256, lower_bound = 68, status = optimal, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">, #twill.variant<parts = 4, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">]} {
      ^bb0(%j: index):
        %6 = tile.load %X[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 34, latency = 167, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, D], f16> -> !tile.tile<64x128xf16>
        %x = tile.cast %6 {twill.cost = #twill.cost<unit = alu, cycles = 17, latency = 17, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 145 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 170 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 34 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf16> -> !tile.tile<64x128xf32>
        %7 = tile.sub %x, %mean {twill.cost = #twill.cost<unit = alu, cycles = 17, latency = 17, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 145 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 187 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 51 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
        %8 = tile.mul %7, %r {twill.cost = #twill.cost<unit = alu, cycles = 17, latency = 17, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 145 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 204 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 0 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
        %9 = tile.cast %8 {twill.cost = #twill.cost<unit = alu, cycles = 17, latency = 17, regs = 32, smem = 0, tmem = 0>, twill.cross_warp = 77 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>, twill.raw_cross_warp = 286 : i64, twill.cycle = 221 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 17 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
        tile.store %9, %Y[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 34, latency = 34, regs = 0, smem = 16384, tmem = 0>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>, twill.cycle = 238 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 34 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf16>, !tile.tensor<[M, D], f16>
        tile.yield
      }
      twill.pipeline ii 68 stages 4 buffers {
        twill.buffer "cast" depth 1
        twill.buffer "load" depth 3
        twill.buffer "mul" depth 1
        twill.buffer "store" depth 1
        twill.buffer "sub" depth 1
        twill.buffer "x" depth 1
      } prologue {
        twill.copy "load" stage 0 step 0 guarded at 0
        twill.copy "load" stage 0 step 1 guarded at 0
        twill.copy "load" stage 0 step 2 guarded at 0
        twill.copy "x" stage 2 step 2 guarded at 34
        twill.copy "sub" stage 2 step 2 guarded at 51
      } kernel {
        twill.copy "mul" stage 3 step 0 at 0
        twill.copy "load" stage 0 step 0 at 0
        twill.copy "cast" stage 3 step 0 at 17
        twill.copy "store" stage 3 step 0 at 34
        twill.copy "x" stage 2 step 0 at 34
        twill.copy "sub" stage 2 step 0 at 51
      } epilogue {
        twill.copy "mul" stage 3 step 0 guarded at 0
        twill.copy "cast" stage 3 step 0 guarded at 17
        twill.copy "store" stage 3 step 0 guarded at 34
        twill.copy "x" stage 2 step 0 guarded at 34
        twill.copy "sub" stage 2 step 0 guarded at 51
        twill.copy "mul" stage 3 step 1 guarded at 0
        twill.copy "cast" stage 3 step 1 guarded at 17
        twill.copy "store" stage 3 step 1 guarded at 34
        twill.copy "x" stage 2 step 1 guarded at 34
        twill.copy "sub" stage 2 step 1 guarded at 51
        twill.copy "mul" stage 3 step 2 guarded at 0
        twill.copy "cast" stage 3 step 2 guarded at 17
        twill.copy "store" stage 3 step 2 guarded at 34
      }
      twill.warp_specialize %2 to %4 step %5 ii 68 stages 4 channels {
        twill.channel "load" from 0 to [1] in "smem" depth 3
      } roles {
        twill.role "producer" warp 0 regs 24 prologue {
          twill.copy "load" stage 0 step 0 guarded at 0
          twill.copy "load" stage 0 step 1 guarded at 0
          twill.copy "load" stage 0 step 2 guarded at 0
        } kernel {
          twill.copy "load" stage 0 step 0 at 0
        } epilogue {
        }
        twill.role "correction" warp 1 regs 240 prologue {
          twill.copy "x" stage 2 step 2 guarded at 34
          twill.copy "sub" stage 2 step 2 guarded at 51
        } kernel {
          twill.copy "mul" stage 3 step 0 at 0
          twill.copy "cast" stage 3 step 0 at 17
          twill.copy "store" stage 3 step 0 at 34
          twill.copy "x" stage 2 step 0 at 34
          twill.copy "sub" stage 2 step 0 at 51
        } epilogue {
          twill.copy "mul" stage 3 step 0 guarded at 0
          twill.copy "cast" stage 3 step 0 guarded at 17
          twill.copy "store" stage 3 step 0 guarded at 34
          twill.copy "x" stage 2 step 0 guarded at 34
          twill.copy "sub" stage 2 step 0 guarded at 51
          twill.copy "mul" stage 3 step 1 guarded at 0
          twill.copy "cast" stage 3 step 1 guarded at 17
          twill.copy "store" stage 3 step 1 guarded at 34
          twill.copy "x" stage 2 step 1 guarded at 34
          twill.copy "sub" stage 2 step 1 guarded at 51
          twill.copy "mul" stage 3 step 2 guarded at 0
          twill.copy "cast" stage 3 step 2 guarded at 17
          twill.copy "store" stage 3 step 2 guarded at 34
        }
      } outside {
        twill.live_in "mul" on [1]
        twill.live_in "add" on [1]
        twill.live_in "r" on [1]
      }
      twill.memory_plan release "last-use" tmem 0 mma 0 {
      }
      func.return
    }
  }
}
