builtin.module attributes {twill.target = "h100"} {
  func.func @k(%A: !tile.tensor<[M, K], i8> loc(unknown), %B: !tile.tensor<[N, K], i8> loc(unknown), %CS: !tile.tensor<[N], f32> loc(unknown), %C: !tile.tensor<[M, N], f32> loc(unknown)) {
    %bid = tile.block_id loc("tests/data/int_tiles/gemm_int8_h100.tile":7:16)
    %0 = arith.constant 1 : index loc("tests/data/int_tiles/gemm_int8_h100.tile":6:3)
    %1 = arith.constant 128 : index loc("tests/data/int_tiles/gemm_int8_h100.tile":6:22)
    %K = tile.size "K" loc("tests/data/int_tiles/gemm_int8_h100.tile":6:18)
    %2 = arith.constant 0 : index loc("tests/data/int_tiles/gemm_int8_h100.tile":6:13)
    %acc = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xi32> loc("tests/data/int_tiles/gemm_int8_h100.tile":5:9)
    %3 = arith.divui %K, %1 : index loc("tests/data/int_tiles/gemm_int8_h100.tile":6:20)
    %acc_1 = tile.for %2 to %3 step %0 iter_args(%acc : !tile.tile<128x128xi32>) -> !tile.tile<128x128xi32> attributes {twill.cross_warp = 4 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 7.068000e-03 : f64, proven = 1 : i64, scale_cycles = 1298 : i64, scale_units = 173 : i64}, twill.schedule = #twill.schedule<ii = 68, length = 169, stages = 3, lower_bound = 68, status = optimal>, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = mma, regs = 240>, #twill.warp<id = 2, role = idle, regs = 240>], twill.search = #twill.search<solver = "z3", complete, note = "II=68 is the proven modulo lower bound">, twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>} {
    ^bb0(%kk: index loc(unknown), %acc_2: !tile.tile<128x128xi32> loc(unknown)):
      %a = tile.load %A[%bid, %kk] {twill.cost = #twill.cost<unit = tma, cycles = 17, latency = 84, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, K], i8> -> !tile.tile<128x128xi8> loc("tests/data/int_tiles/gemm_int8_h100.tile":7:9)
      %b = tile.load %B[%2, %kk] {twill.cost = #twill.cost<unit = tma, cycles = 17, latency = 84, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 17 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 17 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, K], i8> -> !tile.tile<128x128xi8> loc("tests/data/int_tiles/gemm_int8_h100.tile":8:9)
      %acc_3 = tile.mma %a, %b, %acc_2 {twill.cost = #twill.cost<unit = tc, cycles = 68, latency = 68, regs = 128, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 128, smem = 0, tmem = 0>, twill.cycle = 101 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 33 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<128x128xi8>, !tile.tile<128x128xi8>, !tile.tile<128x128xi32> -> !tile.tile<128x128xi32> loc("tests/data/int_tiles/gemm_int8_h100.tile":9:11)
      tile.yield %acc_3 : !tile.tile<128x128xi32> loc("tests/data/int_tiles/gemm_int8_h100.tile":6:3)
    } loc("tests/data/int_tiles/gemm_int8_h100.tile":6:3)
    twill.pipeline ii 68 stages 3 buffers {
      twill.buffer "a" depth 3 loc(unknown)
      twill.buffer "acc" depth 2 loc(unknown)
      twill.buffer "b" depth 3 loc(unknown)
    } prologue {
      twill.copy "a" stage 0 step 0 guarded at 0 loc(unknown)
      twill.copy "b" stage 0 step 0 guarded at 17 loc(unknown)
      twill.copy "a" stage 0 step 1 guarded at 0 loc(unknown)
      twill.copy "b" stage 0 step 1 guarded at 17 loc(unknown)
      twill.copy "acc" stage 1 step 1 guarded at 33 loc(unknown)
    } kernel {
      twill.copy "a" stage 0 step 0 at 0 loc(unknown)
      twill.copy "b" stage 0 step 0 at 17 loc(unknown)
      twill.copy "acc" stage 1 step 0 at 33 loc(unknown)
    } epilogue {
      twill.copy "acc" stage 1 step 0 guarded at 33 loc(unknown)
    } loc(unknown)
    twill.warp_specialize %2 to %3 step %0 ii 68 stages 3 channels {
      twill.channel "a" from 0 to [1] in "smem" depth 3 loc(unknown)
      twill.channel "b" from 0 to [1] in "smem" depth 3 loc(unknown)
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "a" stage 0 step 0 guarded at 0 loc(unknown)
        twill.copy "b" stage 0 step 0 guarded at 17 loc(unknown)
        twill.copy "a" stage 0 step 1 guarded at 0 loc(unknown)
        twill.copy "b" stage 0 step 1 guarded at 17 loc(unknown)
      } kernel {
        twill.copy "a" stage 0 step 0 at 0 loc(unknown)
        twill.copy "b" stage 0 step 0 at 17 loc(unknown)
      } epilogue {
      } loc(unknown)
      twill.role "mma" warp 1 regs 240 prologue {
        twill.copy "acc" stage 1 step 1 guarded at 33 loc(unknown)
      } kernel {
        twill.copy "acc" stage 1 step 0 at 33 loc(unknown)
      } epilogue {
        twill.copy "acc" stage 1 step 0 guarded at 33 loc(unknown)
      } loc(unknown)
    } outside {
      twill.live_out "acc_1" on 1 loc(unknown)
      twill.post "cast" on 1 loc(unknown)
      twill.post "expand_dims" on 1 loc(unknown)
      twill.post "mul" on 1 loc(unknown)
      twill.post "store" on 1 loc(unknown)
    } loc(unknown)
    twill.memory_plan release "last-use" tmem 0 mma 0 {
    } loc(unknown)
    %cs = tile.load %CS[%2] {twill.cost = #twill.cost<unit = tma, cycles = 4, latency = 504, regs = 0, smem = 512, tmem = 0, variable_latency>} : !tile.tensor<[N], f32> -> !tile.tile<128xf32> loc("tests/data/int_tiles/gemm_int8_h100.tile":11:8)
    %4 = tile.cast %acc_1 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xi32> -> !tile.tile<128x128xf32> loc("tests/data/int_tiles/gemm_int8_h100.tile":12:21)
    %5 = tile.expand_dims %cs {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 0, regs = 0, smem = 0, tmem = 0>, axis = 0 : i64} : !tile.tile<128xf32> -> !tile.tile<1x128xf32> loc("tests/data/int_tiles/gemm_int8_h100.tile":12:38)
    %6 = tile.mul %4, %5 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>, !tile.tile<1x128xf32> -> !tile.tile<128x128xf32> loc("tests/data/int_tiles/gemm_int8_h100.tile":12:36)
    tile.store %6, %C[%bid, %2] {twill.cost = #twill.cost<unit = tma, cycles = 512, latency = 512, regs = 0, smem = 65536, tmem = 0>} : !tile.tile<128x128xf32>, !tile.tensor<[M, N], f32> loc("tests/data/int_tiles/gemm_int8_h100.tile":12:3)
    func.return loc("tests/data/int_tiles/gemm_int8_h100.tile":4:1)
  } loc("tests/data/int_tiles/gemm_int8_h100.tile":4:1)
} loc(unknown)
