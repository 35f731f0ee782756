builtin.module attributes {twill.target = "h100"} {
  func.func @softmax(%X: !tile.tensor<[M, V], f32>, %Y: !tile.tensor<[M, V], f32>) attributes {twill.loops = 2 : i64} {
    %bid = tile.block_id
    %0 = arith.constant 1 : index
    %1 = arith.constant 128 : index
    %V = tile.size "V"
    %2 = arith.constant 0 : index
    %m = tile.full {value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %l = tile.zeros : !tile.tile<64xf32>
    %3 = arith.divui %V, %1 : index
    %m_1, %l_1 = tile.for %2 to %3 step %0 iter_args(%m, %l : !tile.tile<64xf32>, !tile.tile<64xf32>) -> !tile.tile<64xf32>, !tile.tile<64xf32> {
    ^bb0(%j: index, %m_2: !tile.tile<64xf32>, %l_2: !tile.tile<64xf32>):
      %x = tile.load %X[%bid, %j] : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
      %4 = tile.rowmax %x : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %m_new = tile.max %m_2, %4 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %5 = tile.sub %m_2, %m_new : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %6 = tile.exp %5 : !tile.tile<64xf32>
      %7 = tile.mul %l_2, %6 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %8 = tile.sub %x, %m_new : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %9 = tile.exp %8 : !tile.tile<64x128xf32>
      %10 = tile.rowsum %9 : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %l_3 = tile.add %7, %10 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      tile.yield %m_new, %l_3 : !tile.tile<64xf32>, !tile.tile<64xf32>
    }
    %11 = arith.divui %V, %1 : index
    tile.for %2 to %11 step %0 {
    ^bb0(%j_1: index):
      %x_1 = tile.load %X[%bid, %j_1] : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
      %12 = tile.sub %x_1, %m_1 : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %13 = tile.exp %12 : !tile.tile<64x128xf32>
      %14 = tile.div %13, %l_1 : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      tile.store %14, %Y[%bid, %j_1] : !tile.tile<64x128xf32>, !tile.tensor<[M, V], f32>
      tile.yield
    }
    func.return
  }
  builtin.module attributes {twill.segment = 0 : i64, twill.target = "h100"} {
    func.func @softmax_loop0(%X: !tile.tensor<[M, V], f32>, %Y: !tile.tensor<[M, V], f32>, %tw_pass_m: !tile.tensor<[TW_PASS_M], f32>, %tw_pass_l: !tile.tensor<[TW_PASS_L], f32>) {
      %0 = arith.constant 0 : index
      %V = tile.size "V"
      %1 = arith.constant 128 : index
      %2 = arith.divui %V, %1 : index
      %3 = arith.constant 1 : index
      %m = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
      %l = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
      %bid = tile.block_id
      %m_1, %l_1 = tile.for %0 to %2 step %3 iter_args(%m, %l : !tile.tile<64xf32>, !tile.tile<64xf32>) -> !tile.tile<64xf32>, !tile.tile<64xf32> attributes {twill.cross_warp = 6 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 4.446809 : f64, proven = 1 : i64, scale_cycles = 1623 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 95, length = 273, stages = 3, lower_bound = 95, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=95 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = softmax, regs = 240>, #twill.warp<id = 2, role = idle, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 95, ii_cycles = 514, lower_bound = 95, status = optimal, chosen, note = "">, #twill.variant<parts = 2, ii = 144, ii_cycles = 517, lower_bound = 144, status = optimal, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'm' (64) do not divide in 3 parts">, #twill.variant<parts = 4, ii = 196, ii_cycles = 525, lower_bound = 196, status = optimal, note = "">]} {
      ^bb0(%j: index, %m_2: !tile.tile<64xf32>, %l_2: !tile.tile<64xf32>):
        %x = tile.load %X[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 47, latency = 139, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
        %4 = tile.rowmax %x {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 139 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 44 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
        %m_new = tile.max %m_2, %4 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 151 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 56 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
        %5 = tile.sub %m_2, %m_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 152 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 57 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
        %6 = tile.exp %5 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 165 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 70 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>
        %7 = tile.mul %l_2, %6 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 178 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 83 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
        %8 = tile.sub %x, %m_new {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 153 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 58 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
        %9 = tile.exp %8 {twill.cost = #twill.cost<unit = sfu, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 166 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 71 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>
        %10 = tile.rowsum %9 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 260 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 70 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
        %l_3 = tile.add %7, %10 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 272 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 82 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
        tile.yield %m_new, %l_3 : !tile.tile<64xf32>, !tile.tile<64xf32>
      }
      twill.pipeline ii 95 stages 3 buffers {
        twill.buffer "exp" depth 1
        twill.buffer "exp_1" depth 2
        twill.buffer "l" depth 1
        twill.buffer "m_new" depth 2
        twill.buffer "mul" depth 1
        twill.buffer "rowmax" depth 1
        twill.buffer "rowsum" depth 1
        twill.buffer "sub" depth 1
        twill.buffer "sub_1" depth 2
        twill.buffer "x" depth 2
      } prologue {
        twill.copy "x" stage 0 step 0 guarded at 0
        twill.copy "x" stage 0 step 1 guarded at 0
        twill.copy "rowmax" stage 1 step 1 guarded at 44
        twill.copy "m_new" stage 1 step 1 guarded at 56
        twill.copy "sub" stage 1 step 1 guarded at 57
        twill.copy "sub_1" stage 1 step 1 guarded at 58
        twill.copy "exp" stage 1 step 1 guarded at 70
        twill.copy "exp_1" stage 1 step 1 guarded at 71
        twill.copy "mul" stage 1 step 1 guarded at 83
      } kernel {
        twill.copy "x" stage 0 step 0 at 0
        twill.copy "rowmax" stage 1 step 0 at 44
        twill.copy "m_new" stage 1 step 0 at 56
        twill.copy "sub" stage 1 step 0 at 57
        twill.copy "sub_1" stage 1 step 0 at 58
        twill.copy "rowsum" stage 2 step 0 at 70
        twill.copy "exp" stage 1 step 0 at 70
        twill.copy "exp_1" stage 1 step 0 at 71
        twill.copy "l" stage 2 step 0 at 82
        twill.copy "mul" stage 1 step 0 at 83
      } epilogue {
        twill.copy "rowmax" stage 1 step 0 guarded at 44
        twill.copy "m_new" stage 1 step 0 guarded at 56
        twill.copy "sub" stage 1 step 0 guarded at 57
        twill.copy "sub_1" stage 1 step 0 guarded at 58
        twill.copy "rowsum" stage 2 step 0 guarded at 70
        twill.copy "exp" stage 1 step 0 guarded at 70
        twill.copy "exp_1" stage 1 step 0 guarded at 71
        twill.copy "l" stage 2 step 0 guarded at 82
        twill.copy "mul" stage 1 step 0 guarded at 83
        twill.copy "rowsum" stage 2 step 1 guarded at 70
        twill.copy "l" stage 2 step 1 guarded at 82
      }
      twill.warp_specialize %0 to %2 step %3 ii 95 stages 3 channels {
        twill.channel "x" from 0 to [1] in "smem" depth 2
      } roles {
        twill.role "producer" warp 0 regs 24 prologue {
          twill.copy "x" stage 0 step 0 guarded at 0
          twill.copy "x" stage 0 step 1 guarded at 0
        } kernel {
          twill.copy "x" stage 0 step 0 at 0
        } epilogue {
        }
        twill.role "softmax" warp 1 regs 240 prologue {
          twill.copy "rowmax" stage 1 step 1 guarded at 44
          twill.copy "m_new" stage 1 step 1 guarded at 56
          twill.copy "sub" stage 1 step 1 guarded at 57
          twill.copy "sub_1" stage 1 step 1 guarded at 58
          twill.copy "exp" stage 1 step 1 guarded at 70
          twill.copy "exp_1" stage 1 step 1 guarded at 71
          twill.copy "mul" stage 1 step 1 guarded at 83
        } kernel {
          twill.copy "rowmax" stage 1 step 0 at 44
          twill.copy "m_new" stage 1 step 0 at 56
          twill.copy "sub" stage 1 step 0 at 57
          twill.copy "sub_1" stage 1 step 0 at 58
          twill.copy "rowsum" stage 2 step 0 at 70
          twill.copy "exp" stage 1 step 0 at 70
          twill.copy "exp_1" stage 1 step 0 at 71
          twill.copy "l" stage 2 step 0 at 82
          twill.copy "mul" stage 1 step 0 at 83
        } epilogue {
          twill.copy "rowmax" stage 1 step 0 guarded at 44
          twill.copy "m_new" stage 1 step 0 guarded at 56
          twill.copy "sub" stage 1 step 0 guarded at 57
          twill.copy "sub_1" stage 1 step 0 guarded at 58
          twill.copy "rowsum" stage 2 step 0 guarded at 70
          twill.copy "exp" stage 1 step 0 guarded at 70
          twill.copy "exp_1" stage 1 step 0 guarded at 71
          twill.copy "l" stage 2 step 0 guarded at 82
          twill.copy "mul" stage 1 step 0 guarded at 83
          twill.copy "rowsum" stage 2 step 1 guarded at 70
          twill.copy "l" stage 2 step 1 guarded at 82
        }
      } outside {
        twill.live_out "m_1" on 1
        twill.live_out "l_1" on 1
        twill.post "store" on 1
        twill.post "store_1" on 1
      }
      twill.memory_plan release "last-use" tmem 0 mma 0 {
      }
      tile.store %m_1, %tw_pass_m[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 2, regs = 0, smem = 256, tmem = 0>} : !tile.tile<64xf32>, !tile.tensor<[TW_PASS_M], f32>
      tile.store %l_1, %tw_pass_l[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 2, regs = 0, smem = 256, tmem = 0>} : !tile.tile<64xf32>, !tile.tensor<[TW_PASS_L], f32>
      func.return
    }
  }
  builtin.module attributes {twill.segment = 1 : i64, twill.target = "h100"} {
    func.func @softmax_loop1(%X: !tile.tensor<[M, V], f32>, %Y: !tile.tensor<[M, V], f32>, %tw_pass_m: !tile.tensor<[TW_PASS_M], f32>, %tw_pass_l: !tile.tensor<[TW_PASS_L], f32>) {
      %0 = arith.constant 0 : index
      %V = tile.size "V"
      %1 = arith.constant 128 : index
      %2 = arith.divui %V, %1 : index
      %3 = arith.constant 1 : index
      %bid = tile.block_id
      %m = tile.load %tw_pass_m[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>} : !tile.tensor<[TW_PASS_M], f32> -> !tile.tile<64xf32>
      %l = tile.load %tw_pass_l[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>} : !tile.tensor<[TW_PASS_L], f32> -> !tile.tile<64xf32>
      tile.for %0 to %2 step %3 attributes {twill.cross_warp = 5 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 3.125000e-02 : f64, proven = 1 : i64, scale_cycles = 1618 : i64, scale_units = 271 : i64}, twill.schedule = #twill.schedule<ii = 86, length = 344, stages = 4, lower_bound = 86, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=86 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = softmax, regs = 240>, #twill.warp<id = 2, role = idle, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 86, ii_cycles = 513, lower_bound = 86, status = optimal, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">, #twill.variant<parts = 4, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">]} {
      ^bb0(%j: index):
        %x = tile.load %X[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 43, latency = 126, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
        %4 = tile.sub %x, %m {twill.cost = #twill.cost<unit = alu, cycles = 11, latency = 11, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 91 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 193 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 21 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
        %5 = tile.exp %4 {twill.cost = #twill.cost<unit = sfu, cycles = 86, latency = 86, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 91 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 204 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 32 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>
        %6 = tile.div %5, %l {twill.cost = #twill.cost<unit = alu, cycles = 11, latency = 11, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 91 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 290 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 32 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
        tile.store %6, %Y[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 43, latency = 43, regs = 0, smem = 32768, tmem = 0>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>, twill.cycle = 301 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 43 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tensor<[M, V], f32>
        tile.yield
      }
      twill.pipeline ii 86 stages 4 buffers {
        twill.buffer "div" depth 1
        twill.buffer "exp" depth 2
        twill.buffer "store" depth 1
        twill.buffer "sub" depth 2
        twill.buffer "x" depth 3
      } prologue {
        twill.copy "x" stage 0 step 0 guarded at 0
        twill.copy "x" stage 0 step 1 guarded at 0
        twill.copy "x" stage 0 step 2 guarded at 0
        twill.copy "sub" stage 2 step 2 guarded at 21
        twill.copy "exp" stage 2 step 2 guarded at 32
      } kernel {
        twill.copy "x" stage 0 step 0 at 0
        twill.copy "sub" stage 2 step 0 at 21
        twill.copy "exp" stage 2 step 0 at 32
        twill.copy "div" stage 3 step 0 at 32
        twill.copy "store" stage 3 step 0 at 43
      } epilogue {
        twill.copy "sub" stage 2 step 0 guarded at 21
        twill.copy "exp" stage 2 step 0 guarded at 32
        twill.copy "div" stage 3 step 0 guarded at 32
        twill.copy "store" stage 3 step 0 guarded at 43
        twill.copy "sub" stage 2 step 1 guarded at 21
        twill.copy "exp" stage 2 step 1 guarded at 32
        twill.copy "div" stage 3 step 1 guarded at 32
        twill.copy "store" stage 3 step 1 guarded at 43
        twill.copy "div" stage 3 step 2 guarded at 32
        twill.copy "store" stage 3 step 2 guarded at 43
      }
      twill.warp_specialize %0 to %2 step %3 ii 86 stages 4 channels {
        twill.channel "x" from 0 to [1] in "smem" depth 3
      } roles {
        twill.role "producer" warp 0 regs 24 prologue {
          twill.copy "x" stage 0 step 0 guarded at 0
          twill.copy "x" stage 0 step 1 guarded at 0
          twill.copy "x" stage 0 step 2 guarded at 0
        } kernel {
          twill.copy "x" stage 0 step 0 at 0
        } epilogue {
        }
        twill.role "softmax" warp 1 regs 240 prologue {
          twill.copy "sub" stage 2 step 2 guarded at 21
          twill.copy "exp" stage 2 step 2 guarded at 32
        } kernel {
          twill.copy "sub" stage 2 step 0 at 21
          twill.copy "exp" stage 2 step 0 at 32
          twill.copy "div" stage 3 step 0 at 32
          twill.copy "store" stage 3 step 0 at 43
        } epilogue {
          twill.copy "sub" stage 2 step 0 guarded at 21
          twill.copy "exp" stage 2 step 0 guarded at 32
          twill.copy "div" stage 3 step 0 guarded at 32
          twill.copy "store" stage 3 step 0 guarded at 43
          twill.copy "sub" stage 2 step 1 guarded at 21
          twill.copy "exp" stage 2 step 1 guarded at 32
          twill.copy "div" stage 3 step 1 guarded at 32
          twill.copy "store" stage 3 step 1 guarded at 43
          twill.copy "div" stage 3 step 2 guarded at 32
          twill.copy "store" stage 3 step 2 guarded at 43
        }
      } outside {
      }
      twill.memory_plan release "last-use" tmem 0 mma 0 {
      }
      func.return
    }
  }
}
