builtin.module attributes {twill.target = "h100", twill.reg_reserve = [0 : i32, 0 : i32, 64 : i32]} {
  func.func @rmsnorm_rows(%X: !tile.tensor<[M, 256], f16>, %WB: !tile.tensor<[64, 256], f16>, %Y: !tile.tensor<[M, 256], f16>) {
    %bid = tile.block_id
    %0 = arith.constant 132 : index
    %1 = arith.constant 1 : index
    %2 = arith.constant 8448 : index
    %M = tile.size "M"
    %3 = arith.constant 0 : index
    %wh = tile.load %WB[%3, %3] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>} : !tile.tensor<[64, 256], f16> -> !tile.tile<64x256xf16>
    %w = tile.cast %wh {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<64x256xf16> -> !tile.tile<64x256xf32>
    %4 = arith.divui %M, %2 : index
    tile.for %3 to %4 step %1 attributes {twill.cross_warp = 8 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 2.9581149999999998 : f64, proven = 1 : i64, scale_cycles = 1175 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 440, length = 762, stages = 2, lower_bound = 200, status = feasible>, twill.search = #twill.search<solver = "cp-sat", note = "II=200 open: II 200..439 not settled (time limit)">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = softmax, regs = 240>, #twill.warp<id = 2, role = correction, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 440, ii_cycles = 1723, lower_bound = 200, status = feasible, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">, #twill.variant<parts = 4, status = refused, note = "sub-tile: the kernel has no MMA and no carried tile whose rows could split">]} {
    ^bb0(%i: index):
      %5 = arith.muli %i, %0 : index
      %6 = arith.addi %5, %bid : index
      %xh = tile.load %X[%6, %3] {twill.cost = #twill.cost<unit = tma, cycles = 65, latency = 191, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, 256], f16> -> !tile.tile<64x256xf16>
      %x = tile.cast %xh {twill.cost = #twill.cost<unit = alu, cycles = 33, latency = 33, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 270 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 191 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 191 : i32, twill.warp = 2 : i32} : !tile.tile<64x256xf16> -> !tile.tile<64x256xf32>
      %7 = tile.mul %x, %x {twill.cost = #twill.cost<unit = alu, cycles = 33, latency = 33, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 270 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 494 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 54 : i32, twill.warp = 1 : i32} : !tile.tile<64x256xf32>, !tile.tile<64x256xf32> -> !tile.tile<64x256xf32>
      %8 = tile.rowsum %7 {twill.cost = #twill.cost<unit = alu, cycles = 33, latency = 33, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 12 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 527 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 87 : i32, twill.warp = 1 : i32} : !tile.tile<64x256xf32> -> !tile.tile<64xf32>
      %9 = arith.constant 3.906250e-03 : f32
      %10 = tile.mul %8, %9 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 12 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 560 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 120 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, f32 -> !tile.tile<64xf32>
      %11 = arith.constant 1.000000e-06 : f32
      %12 = tile.add %10, %11 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 12 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 561 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 121 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>, f32 -> !tile.tile<64xf32>
      %r = tile.rsqrt %12 {twill.cost = #twill.cost<unit = sfu, cycles = 2, latency = 2, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 12 : i64, twill.raw_cost = #twill.cost<unit = sfu, cycles = 4, latency = 4, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 562 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 122 : i32, twill.warp = 1 : i32} : !tile.tile<64xf32>
      %13 = arith.muli %i, %0 : index
      %14 = arith.addi %13, %bid : index
      %15 = tile.mul %x, %r {twill.cost = #twill.cost<unit = alu, cycles = 33, latency = 33, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 270 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 564 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 124 : i32, twill.warp = 1 : i32} : !tile.tile<64x256xf32>, !tile.tile<64xf32> -> !tile.tile<64x256xf32>
      %16 = tile.mul %15, %w {twill.cost = #twill.cost<unit = alu, cycles = 33, latency = 33, regs = 128, smem = 0, tmem = 0>, twill.cross_warp = 270 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>, twill.raw_cross_warp = 1054 : i64, twill.cycle = 598 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 158 : i32, twill.warp = 1 : i32} : !tile.tile<64x256xf32>, !tile.tile<64x256xf32> -> !tile.tile<64x256xf32>
      %17 = tile.cast %16 {twill.cost = #twill.cost<unit = alu, cycles = 33, latency = 33, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 139 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 664 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 224 : i32, twill.warp = 1 : i32} : !tile.tile<64x256xf32> -> !tile.tile<64x256xf16>
      tile.store %17, %Y[%14, %3] {twill.cost = #twill.cost<unit = tma, cycles = 65, latency = 65, regs = 0, smem = 32768, tmem = 0>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>, twill.cycle = 697 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 257 : i32, twill.warp = 1 : i32} : !tile.tile<64x256xf16>, !tile.tensor<[M, 256], f16>
      tile.yield
    }
    twill.pipeline ii 440 stages 2 buffers {
      twill.buffer "add" depth 1
      twill.buffer "cast" depth 1
      twill.buffer "mul" depth 1
      twill.buffer "mul_1" depth 1
      twill.buffer "mul_2" depth 1
      twill.buffer "mul_3" depth 1
      twill.buffer "r" depth 1
      twill.buffer "rowsum" depth 1
      twill.buffer "store" depth 1
      twill.buffer "x" depth 1
      twill.buffer "xh" depth 1
    } prologue {
      twill.copy "xh" stage 0 step 0 guarded at 0
      twill.copy "x" stage 0 step 0 guarded at 191
    } kernel {
      twill.copy "xh" stage 0 step 0 at 0
      twill.copy "mul" stage 1 step 0 at 54
      twill.copy "rowsum" stage 1 step 0 at 87
      twill.copy "mul_1" stage 1 step 0 at 120
      twill.copy "add" stage 1 step 0 at 121
      twill.copy "r" stage 1 step 0 at 122
      twill.copy "mul_2" stage 1 step 0 at 124
      twill.copy "mul_3" stage 1 step 0 at 158
      twill.copy "x" stage 0 step 0 at 191
      twill.copy "cast" stage 1 step 0 at 224
      twill.copy "store" stage 1 step 0 at 257
    } epilogue {
      twill.copy "mul" stage 1 step 0 guarded at 54
      twill.copy "rowsum" stage 1 step 0 guarded at 87
      twill.copy "mul_1" stage 1 step 0 guarded at 120
      twill.copy "add" stage 1 step 0 guarded at 121
      twill.copy "r" stage 1 step 0 guarded at 122
      twill.copy "mul_2" stage 1 step 0 guarded at 124
      twill.copy "mul_3" stage 1 step 0 guarded at 158
      twill.copy "cast" stage 1 step 0 guarded at 224
      twill.copy "store" stage 1 step 0 guarded at 257
    }
    twill.warp_specialize %3 to %4 step %1 ii 440 stages 2 channels {
      twill.channel "x" from 2 to [1] in "smem" depth 1
      twill.channel "xh" from 0 to [2] in "smem" depth 1
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "xh" stage 0 step 0 guarded at 0
      } kernel {
        twill.copy "xh" stage 0 step 0 at 0
      } epilogue {
      }
      twill.role "softmax" warp 1 regs 240 prologue {
      } kernel {
        twill.copy "mul" stage 1 step 0 at 54
        twill.copy "rowsum" stage 1 step 0 at 87
        twill.copy "mul_1" stage 1 step 0 at 120
        twill.copy "add" stage 1 step 0 at 121
        twill.copy "r" stage 1 step 0 at 122
        twill.copy "mul_2" stage 1 step 0 at 124
        twill.copy "mul_3" stage 1 step 0 at 158
        twill.copy "cast" stage 1 step 0 at 224
        twill.copy "store" stage 1 step 0 at 257
      } epilogue {
        twill.copy "mul" stage 1 step 0 guarded at 54
        twill.copy "rowsum" stage 1 step 0 guarded at 87
        twill.copy "mul_1" stage 1 step 0 guarded at 120
        twill.copy "add" stage 1 step 0 guarded at 121
        twill.copy "r" stage 1 step 0 guarded at 122
        twill.copy "mul_2" stage 1 step 0 guarded at 124
        twill.copy "mul_3" stage 1 step 0 guarded at 158
        twill.copy "cast" stage 1 step 0 guarded at 224
        twill.copy "store" stage 1 step 0 guarded at 257
      }
      twill.role "correction" warp 2 regs 240 prologue {
        twill.copy "x" stage 0 step 0 guarded at 191
      } kernel {
        twill.copy "x" stage 0 step 0 at 191
      } epilogue {
      }
    } outside {
      twill.live_in "w" on [1] at_use
    }
    func.return
  }
}
