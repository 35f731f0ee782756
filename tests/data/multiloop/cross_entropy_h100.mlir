builtin.module attributes {twill.target = "h100"} {
  func.func @cross_entropy(%X: !tile.tensor<[M, V], f32>, %T: !tile.tensor<[M, V], f32>, %Loss: !tile.tensor<[M], f32>, %DX: !tile.tensor<[M, V], f32>) attributes {twill.loops = 2 : i64} {
    %bid = tile.block_id
    %0 = arith.constant 1 : index
    %1 = arith.constant 128 : index
    %V = tile.size "V"
    %2 = arith.constant 0 : index
    %m = tile.full {value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
    %l = tile.zeros : !tile.tile<64xf32>
    %tx = tile.zeros : !tile.tile<64xf32>
    %3 = arith.divui %V, %1 : index
    %m_1, %l_1, %tx_1 = tile.for %2 to %3 step %0 iter_args(%m, %l, %tx : !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>) -> !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32> {
    ^bb0(%j: index, %m_2: !tile.tile<64xf32>, %l_2: !tile.tile<64xf32>, %tx_2: !tile.tile<64xf32>):
      %x = tile.load %X[%bid, %j] : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
      %t = tile.load %T[%bid, %j] : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
      %4 = tile.rowmax %x : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %m_new = tile.max %m_2, %4 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %5 = tile.sub %m_2, %m_new : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %6 = tile.exp %5 : !tile.tile<64xf32>
      %7 = tile.mul %l_2, %6 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %8 = tile.sub %x, %m_new : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %9 = tile.exp %8 : !tile.tile<64x128xf32>
      %10 = tile.rowsum %9 : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %l_3 = tile.add %7, %10 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %11 = tile.mul %t, %x : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %12 = tile.rowsum %11 : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
      %tx_3 = tile.add %tx_2, %12 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      tile.yield %m_new, %l_3, %tx_3 : !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>
    }
    %13 = tile.log %l_1 : !tile.tile<64xf32>
    %lse = tile.add %m_1, %13 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
    %14 = tile.sub %lse, %tx_1 : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
    tile.store %14, %Loss[%bid] : !tile.tile<64xf32>, !tile.tensor<[M], f32>
    %15 = arith.divui %V, %1 : index
    tile.for %2 to %15 step %0 {
    ^bb0(%j_1: index):
      %x_1 = tile.load %X[%bid, %j_1] : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
      %t_1 = tile.load %T[%bid, %j_1] : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
      %16 = tile.sub %x_1, %lse : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
      %17 = tile.exp %16 : !tile.tile<64x128xf32>
      %18 = tile.sub %17, %t_1 : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      tile.store %18, %DX[%bid, %j_1] : !tile.tile<64x128xf32>, !tile.tensor<[M, V], f32>
      tile.yield
    }
    func.return
  }
  builtin.module attributes {twill.segment = 0 : i64, twill.target = "h100", twill.reg_reserve = [0 : i32, 120 : i32, 0 : i32], twill.reg_check = "255 registers, 380 B spill stores, 212 B spill loads at first in softmax (warp group 1, setmaxnreg 240, the model counted 136): 240 registers, 380 B spill stores, 212 B spill loads, clean at more than 256; no spill after 1 reschedule(s) with twill.reg_reserve = [0, 120, 0]: II 514 cycles, unchanged"} {
    func.func @cross_entropy_loop0(%X: !tile.tensor<[M, V], f32>, %T: !tile.tensor<[M, V], f32>, %Loss: !tile.tensor<[M], f32>, %DX: !tile.tensor<[M, V], f32>, %tw_pass_lse: !tile.tensor<[TW_PASS_LSE], f32>) {
      %0 = arith.constant 0 : index
      %V = tile.size "V"
      %1 = arith.constant 128 : index
      %2 = arith.divui %V, %1 : index
      %3 = arith.constant 1 : index
      %m = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<64xf32>
      %l = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
      %tx = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
      %bid = tile.block_id
      %m_1, %l_1, %tx_1 = tile.for %0 to %2 step %3 iter_args(%m, %l, %tx : !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>) -> !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32> attributes {twill.cross_warp = 6 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 4.446809 : f64, proven = 1 : i64, scale_cycles = 1623 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 95, length = 273, stages = 3, lower_bound = 95, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=95 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = correction, regs = 240>, #twill.warp<id = 2, role = softmax, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 95, ii_cycles = 514, lower_bound = 95, status = optimal, chosen, note = "">, #twill.variant<parts = 2, ii = 144, ii_cycles = 517, lower_bound = 144, status = optimal, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'm' (64) do not divide in 3 parts">, #twill.variant<parts = 4, ii = 196, ii_cycles = 525, lower_bound = 196, status = optimal, note = "">]} {
      ^bb0(%j: index, %m_2: !tile.tile<64xf32>, %l_2: !tile.tile<64xf32>, %tx_2: !tile.tile<64xf32>):
        %x = tile.load %X[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 47, latency = 139, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
        %t = tile.load %T[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 47, latency = 139, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 47 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 47 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
        %4 = tile.rowmax %x {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 139 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 44 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
        %m_new = tile.max %m_2, %4 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 151 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 56 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
        %5 = tile.sub %m_2, %m_new {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 152 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 57 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
        %6 = tile.exp %5 {twill.cost = #twill.cost<unit = sfu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 165 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 70 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>
        %7 = tile.mul %l_2, %6 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 178 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 83 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
        %8 = tile.sub %x, %m_new {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 153 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 58 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
        %9 = tile.exp %8 {twill.cost = #twill.cost<unit = sfu, cycles = 94, latency = 94, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 166 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 71 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32>
        %10 = tile.rowsum %9 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 260 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 70 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
        %l_3 = tile.add %7, %10 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 272 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 82 : i32, twill.warp = 2 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
        %11 = tile.mul %t, %x {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 101 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 186 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 91 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
        %12 = tile.rowsum %11 {twill.cost = #twill.cost<unit = alu, cycles = 12, latency = 12, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 9 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 198 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 8 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32> -> !tile.tile<64xf32>
        %tx_3 = tile.add %tx_2, %12 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cycle = 210 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 20 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
        tile.yield %m_new, %l_3, %tx_3 : !tile.tile<64xf32>, !tile.tile<64xf32>, !tile.tile<64xf32>
      }
      twill.pipeline ii 95 stages 3 buffers {
        twill.buffer "exp" depth 1
        twill.buffer "exp_1" depth 2
        twill.buffer "l" depth 1
        twill.buffer "m_new" depth 2
        twill.buffer "mul" depth 1
        twill.buffer "mul_1" depth 1
        twill.buffer "rowmax" depth 1
        twill.buffer "rowsum" depth 1
        twill.buffer "rowsum_1" depth 1
        twill.buffer "sub" depth 1
        twill.buffer "sub_1" depth 2
        twill.buffer "t" depth 2
        twill.buffer "tx" depth 2
        twill.buffer "x" depth 3
      } prologue {
        twill.copy "x" stage 0 step 0 guarded at 0
        twill.copy "t" stage 0 step 0 guarded at 47
        twill.copy "x" stage 0 step 1 guarded at 0
        twill.copy "rowmax" stage 1 step 1 guarded at 44
        twill.copy "t" stage 0 step 1 guarded at 47
        twill.copy "m_new" stage 1 step 1 guarded at 56
        twill.copy "sub" stage 1 step 1 guarded at 57
        twill.copy "sub_1" stage 1 step 1 guarded at 58
        twill.copy "exp" stage 1 step 1 guarded at 70
        twill.copy "exp_1" stage 1 step 1 guarded at 71
        twill.copy "mul" stage 1 step 1 guarded at 83
        twill.copy "mul_1" stage 1 step 1 guarded at 91
      } kernel {
        twill.copy "x" stage 0 step 0 at 0
        twill.copy "rowsum_1" stage 2 step 0 at 8
        twill.copy "tx" stage 2 step 0 at 20
        twill.copy "rowmax" stage 1 step 0 at 44
        twill.copy "t" stage 0 step 0 at 47
        twill.copy "m_new" stage 1 step 0 at 56
        twill.copy "sub" stage 1 step 0 at 57
        twill.copy "sub_1" stage 1 step 0 at 58
        twill.copy "rowsum" stage 2 step 0 at 70
        twill.copy "exp" stage 1 step 0 at 70
        twill.copy "exp_1" stage 1 step 0 at 71
        twill.copy "l" stage 2 step 0 at 82
        twill.copy "mul" stage 1 step 0 at 83
        twill.copy "mul_1" stage 1 step 0 at 91
      } epilogue {
        twill.copy "rowsum_1" stage 2 step 0 guarded at 8
        twill.copy "tx" stage 2 step 0 guarded at 20
        twill.copy "rowmax" stage 1 step 0 guarded at 44
        twill.copy "m_new" stage 1 step 0 guarded at 56
        twill.copy "sub" stage 1 step 0 guarded at 57
        twill.copy "sub_1" stage 1 step 0 guarded at 58
        twill.copy "rowsum" stage 2 step 0 guarded at 70
        twill.copy "exp" stage 1 step 0 guarded at 70
        twill.copy "exp_1" stage 1 step 0 guarded at 71
        twill.copy "l" stage 2 step 0 guarded at 82
        twill.copy "mul" stage 1 step 0 guarded at 83
        twill.copy "mul_1" stage 1 step 0 guarded at 91
        twill.copy "rowsum_1" stage 2 step 1 guarded at 8
        twill.copy "tx" stage 2 step 1 guarded at 20
        twill.copy "rowsum" stage 2 step 1 guarded at 70
        twill.copy "l" stage 2 step 1 guarded at 82
      }
      twill.warp_specialize %0 to %2 step %3 ii 95 stages 3 channels {
        twill.channel "t" from 0 to [1] in "smem" depth 2
        twill.channel "x" from 0 to [1, 2] in "smem" depth 3
      } roles {
        twill.role "producer" warp 0 regs 24 prologue {
          twill.copy "x" stage 0 step 0 guarded at 0
          twill.copy "t" stage 0 step 0 guarded at 47
          twill.copy "x" stage 0 step 1 guarded at 0
          twill.copy "t" stage 0 step 1 guarded at 47
        } kernel {
          twill.copy "x" stage 0 step 0 at 0
          twill.copy "t" stage 0 step 0 at 47
        } epilogue {
        }
        twill.role "correction" warp 1 regs 240 prologue {
          twill.copy "mul_1" stage 1 step 1 guarded at 91
        } kernel {
          twill.copy "rowsum_1" stage 2 step 0 at 8
          twill.copy "tx" stage 2 step 0 at 20
          twill.copy "mul_1" stage 1 step 0 at 91
        } epilogue {
          twill.copy "rowsum_1" stage 2 step 0 guarded at 8
          twill.copy "tx" stage 2 step 0 guarded at 20
          twill.copy "mul_1" stage 1 step 0 guarded at 91
          twill.copy "rowsum_1" stage 2 step 1 guarded at 8
          twill.copy "tx" stage 2 step 1 guarded at 20
        }
        twill.role "softmax" warp 2 regs 240 prologue {
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
        twill.live_out "m_1" on 2
        twill.live_out "l_1" on 2
        twill.live_out "tx_1" on 1
        twill.post "log" on 2
        twill.post "lse" on 2
        twill.post "sub" on 2
        twill.post "store" on 2
        twill.post "store_1" on 2
        twill.handoff "tx_1" from 1 to [2] in "smem"
      }
      twill.memory_plan release "last-use" tmem 0 mma 0 {
      }
      %13 = tile.log %l_1 {twill.cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>
      %lse = tile.add %m_1, %13 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      %14 = tile.sub %lse, %tx_1 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>} : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>
      tile.store %14, %Loss[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 2, regs = 0, smem = 256, tmem = 0>} : !tile.tile<64xf32>, !tile.tensor<[M], f32>
      tile.store %lse, %tw_pass_lse[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 2, regs = 0, smem = 256, tmem = 0>} : !tile.tile<64xf32>, !tile.tensor<[TW_PASS_LSE], f32>
      func.return
    }
  }
  builtin.module attributes {twill.segment = 1 : i64, twill.target = "h100", twill.reg_reserve = [0 : i32, 128 : i32, 128 : i32], twill.reg_check = "255 registers, 96 B spill stores, 188 B spill loads at first in softmax (warp group 1, setmaxnreg 240, the model counted 128): 240 registers, 92 B spill stores, 180 B spill loads, clean at more than 256; no spill after 2 reschedule(s) with twill.reg_reserve = [0, 128, 128]: II 770 cycles, unchanged"} {
    func.func @cross_entropy_loop1(%X: !tile.tensor<[M, V], f32>, %T: !tile.tensor<[M, V], f32>, %Loss: !tile.tensor<[M], f32>, %DX: !tile.tensor<[M, V], f32>, %tw_pass_lse: !tile.tensor<[TW_PASS_LSE], f32>) {
      %0 = arith.constant 0 : index
      %V = tile.size "V"
      %1 = arith.constant 128 : index
      %2 = arith.divui %V, %1 : index
      %3 = arith.constant 1 : index
      %bid = tile.block_id
      %lse = tile.load %tw_pass_lse[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>} : !tile.tensor<[TW_PASS_LSE], f32> -> !tile.tile<64xf32>
      tile.for %0 to %2 step %3 attributes {twill.cross_warp = 5 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 3.125000e-02 : f64, proven = 1 : i64, scale_cycles = 1618 : i64, scale_units = 271 : i64}, twill.schedule = #twill.schedule<ii = 129, length = 387, stages = 3, lower_bound = 129, status = optimal>, twill.search = #twill.search<solver = "heuristic", complete, note = "II=129 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = softmax, regs = 240>, #twill.warp<id = 2, role = idle, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 129, ii_cycles = 770, lower_bound = 129, status = optimal, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">, #twill.variant<parts = 4, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">]} {
      ^bb0(%j: index):
        %x = tile.load %X[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 43, latency = 126, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
        %t = tile.load %T[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 43, latency = 126, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 172 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 43 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, V], f32> -> !tile.tile<64x128xf32>
        %4 = tile.sub %x, %lse {twill.cost = #twill.cost<unit = alu, cycles = 11, latency = 11, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 91 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 220 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 91 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64xf32> -> !tile.tile<64x128xf32>
        %5 = tile.exp %4 {twill.cost = #twill.cost<unit = sfu, cycles = 86, latency = 86, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 91 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 236 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 107 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>
        %6 = tile.sub %5, %t {twill.cost = #twill.cost<unit = alu, cycles = 11, latency = 11, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 91 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 327 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 69 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
        tile.store %6, %DX[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 43, latency = 43, regs = 0, smem = 32768, tmem = 0>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>, twill.cycle = 344 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 86 : i32, twill.warp = 1 : i32} : !tile.tile<64x128xf32>, !tile.tensor<[M, V], f32>
        tile.yield
      }
      twill.pipeline ii 129 stages 3 buffers {
        twill.buffer "exp" depth 1
        twill.buffer "store" depth 1
        twill.buffer "sub" depth 1
        twill.buffer "sub_1" depth 1
        twill.buffer "t" depth 2
        twill.buffer "x" depth 2
      } prologue {
        twill.copy "x" stage 0 step 0 guarded at 0
        twill.copy "x" stage 0 step 1 guarded at 0
        twill.copy "t" stage 1 step 1 guarded at 43
        twill.copy "sub" stage 1 step 1 guarded at 91
        twill.copy "exp" stage 1 step 1 guarded at 107
      } kernel {
        twill.copy "x" stage 0 step 0 at 0
        twill.copy "t" stage 1 step 0 at 43
        twill.copy "sub_1" stage 2 step 0 at 69
        twill.copy "store" stage 2 step 0 at 86
        twill.copy "sub" stage 1 step 0 at 91
        twill.copy "exp" stage 1 step 0 at 107
      } epilogue {
        twill.copy "t" stage 1 step 0 guarded at 43
        twill.copy "sub_1" stage 2 step 0 guarded at 69
        twill.copy "store" stage 2 step 0 guarded at 86
        twill.copy "sub" stage 1 step 0 guarded at 91
        twill.copy "exp" stage 1 step 0 guarded at 107
        twill.copy "sub_1" stage 2 step 1 guarded at 69
        twill.copy "store" stage 2 step 1 guarded at 86
      }
      twill.warp_specialize %0 to %2 step %3 ii 129 stages 3 channels {
        twill.channel "t" from 0 to [1] in "smem" depth 2
        twill.channel "x" from 0 to [1] in "smem" depth 2
      } roles {
        twill.role "producer" warp 0 regs 24 prologue {
          twill.copy "x" stage 0 step 0 guarded at 0
          twill.copy "x" stage 0 step 1 guarded at 0
          twill.copy "t" stage 1 step 1 guarded at 43
        } kernel {
          twill.copy "x" stage 0 step 0 at 0
          twill.copy "t" stage 1 step 0 at 43
        } epilogue {
          twill.copy "t" stage 1 step 0 guarded at 43
        }
        twill.role "softmax" warp 1 regs 240 prologue {
          twill.copy "sub" stage 1 step 1 guarded at 91
          twill.copy "exp" stage 1 step 1 guarded at 107
        } kernel {
          twill.copy "sub_1" stage 2 step 0 at 69
          twill.copy "store" stage 2 step 0 at 86
          twill.copy "sub" stage 1 step 0 at 91
          twill.copy "exp" stage 1 step 0 at 107
        } epilogue {
          twill.copy "sub_1" stage 2 step 0 guarded at 69
          twill.copy "store" stage 2 step 0 guarded at 86
          twill.copy "sub" stage 1 step 0 guarded at 91
          twill.copy "exp" stage 1 step 0 guarded at 107
          twill.copy "sub_1" stage 2 step 1 guarded at 69
          twill.copy "store" stage 2 step 1 guarded at 86
        }
      } outside {
      }
      twill.memory_plan release "last-use" tmem 0 mma 0 {
      }
      func.return
    }
  }
}
