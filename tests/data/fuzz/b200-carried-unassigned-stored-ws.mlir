builtin.module attributes {twill.target = "b200"} {
  func.func @k(%A: !tile.tensor<[N, 64], f16>, %C: !tile.tensor<[N, 64], f32>, %D: !tile.tensor<[N, 64], f32>, %E: !tile.tensor<[N, 64], f32>) {
    %bid = tile.block_id
    %0 = arith.constant 1 : index
    %1 = arith.constant 128 : index
    %N = tile.size "N"
    %2 = arith.constant 0 : index
    %m = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, value = 1.000000e+00 : f64} : !tile.tile<128x64xf32>
    %n = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, value = 2.000000e+00 : f64} : !tile.tile<128x64xf32>
    %s = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x64xf32>
    %3 = arith.divui %N, %1 : index
    %m_1, %n_1, %s_1 = tile.for %2 to %3 step %0 iter_args(%m, %n, %s : !tile.tile<128x64xf32>, !tile.tile<128x64xf32>, !tile.tile<128x64xf32>) -> !tile.tile<128x64xf32>, !tile.tile<128x64xf32>, !tile.tile<128x64xf32> attributes {twill.cross_warp = 8 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 3.922000e-03 : f64, proven = 1 : i64, scale_cycles = 850 : i64, scale_units = 226 : i64}, twill.schedule = #twill.schedule<ii = 51, length = 218, stages = 5, lower_bound = 51, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=51 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 40>, #twill.warp<id = 1, role = idle, regs = 40>, #twill.warp<id = 2, role = correction, regs = 176>, #twill.warp<id = 3, role = idle, regs = 176>, #twill.warp<id = 4, role = idle, regs = 80>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 51, ii_cycles = 192, lower_bound = 51, status = optimal, chosen, note = "">]} {
    ^bb0(%j: index, %m_2: !tile.tile<128x64xf32>, %n_2: !tile.tile<128x64xf32>, %s_2: !tile.tile<128x64xf32>):
      %a = tile.load %A[%j, %2] {twill.cost = #twill.cost<unit = tma, cycles = 34, latency = 167, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, 64], f16> -> !tile.tile<128x64xf16>
      %4 = tile.cast %a {twill.cost = #twill.cost<unit = alu, cycles = 17, latency = 17, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 145 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 167 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 14 : i32, twill.warp = 2 : i32} : !tile.tile<128x64xf16> -> !tile.tile<128x64xf32>
      %5 = tile.mul %m_2, %4 {twill.cost = #twill.cost<unit = alu, cycles = 17, latency = 17, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 145 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 184 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 31 : i32, twill.warp = 2 : i32} : !tile.tile<128x64xf32>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
      %s_3 = tile.add %s_2, %5 {twill.cost = #twill.cost<unit = alu, cycles = 17, latency = 17, regs = 64, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.cycle = 201 : i32, twill.stage = 3 : i32, loop.stage = 3 : i32, loop.cluster = 48 : i32, twill.warp = 2 : i32} : !tile.tile<128x64xf32>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
      tile.yield %m_2, %n_2, %s_3 : !tile.tile<128x64xf32>, !tile.tile<128x64xf32>, !tile.tile<128x64xf32>
    }
    twill.pipeline ii 51 stages 5 buffers {
      twill.buffer "a" depth 4
      twill.buffer "cast" depth 1
      twill.buffer "mul" depth 1
      twill.buffer "s" depth 2
    } prologue {
      twill.copy "a" stage 0 step 0 guarded at 0
      twill.copy "a" stage 0 step 1 guarded at 0
      twill.copy "a" stage 0 step 2 guarded at 0
      twill.copy "a" stage 0 step 3 guarded at 0
      twill.copy "cast" stage 3 step 3 guarded at 14
      twill.copy "mul" stage 3 step 3 guarded at 31
      twill.copy "s" stage 3 step 3 guarded at 48
    } kernel {
      twill.copy "a" stage 0 step 0 at 0
      twill.copy "cast" stage 3 step 0 at 14
      twill.copy "mul" stage 3 step 0 at 31
      twill.copy "s" stage 3 step 0 at 48
    } epilogue {
      twill.copy "cast" stage 3 step 0 guarded at 14
      twill.copy "mul" stage 3 step 0 guarded at 31
      twill.copy "s" stage 3 step 0 guarded at 48
      twill.copy "cast" stage 3 step 1 guarded at 14
      twill.copy "mul" stage 3 step 1 guarded at 31
      twill.copy "s" stage 3 step 1 guarded at 48
      twill.copy "cast" stage 3 step 2 guarded at 14
      twill.copy "mul" stage 3 step 2 guarded at 31
      twill.copy "s" stage 3 step 2 guarded at 48
    }
    twill.warp_specialize %2 to %3 step %0 ii 51 stages 5 channels {
      twill.channel "a" from 0 to [2] in "smem" depth 4
    } roles {
      twill.role "producer" warp 0 regs 40 prologue {
        twill.copy "a" stage 0 step 0 guarded at 0
        twill.copy "a" stage 0 step 1 guarded at 0
        twill.copy "a" stage 0 step 2 guarded at 0
        twill.copy "a" stage 0 step 3 guarded at 0
      } kernel {
        twill.copy "a" stage 0 step 0 at 0
      } epilogue {
      }
      twill.role "correction" warp 2 regs 176 prologue {
        twill.copy "cast" stage 3 step 3 guarded at 14
        twill.copy "mul" stage 3 step 3 guarded at 31
        twill.copy "s" stage 3 step 3 guarded at 48
      } kernel {
        twill.copy "cast" stage 3 step 0 at 14
        twill.copy "mul" stage 3 step 0 at 31
        twill.copy "s" stage 3 step 0 at 48
      } epilogue {
        twill.copy "cast" stage 3 step 0 guarded at 14
        twill.copy "mul" stage 3 step 0 guarded at 31
        twill.copy "s" stage 3 step 0 guarded at 48
        twill.copy "cast" stage 3 step 1 guarded at 14
        twill.copy "mul" stage 3 step 1 guarded at 31
        twill.copy "s" stage 3 step 1 guarded at 48
        twill.copy "cast" stage 3 step 2 guarded at 14
        twill.copy "mul" stage 3 step 2 guarded at 31
        twill.copy "s" stage 3 step 2 guarded at 48
      }
    } outside {
      twill.live_in "m" on [2]
      twill.live_in "n" on [2]
      twill.live_out "s_1" on 2
      twill.post "store" on 2
      twill.post "add" on 2
      twill.post "store_1" on 2
      twill.post "store_2" on 2
    }
    tile.store %m_1, %C[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x64xf32>, !tile.tensor<[N, 64], f32>
    %6 = tile.add %n_1, %s_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x64xf32>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
    tile.store %6, %D[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x64xf32>, !tile.tensor<[N, 64], f32>
    tile.store %s_1, %E[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x64xf32>, !tile.tensor<[N, 64], f32>
    func.return
  }
}
