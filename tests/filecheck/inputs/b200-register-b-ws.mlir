builtin.module attributes {twill.target = "b200"} {
  func.func @w8a16_b(%A: !tile.tensor<[M, K], bf16> loc(unknown), %W: !tile.tensor<[K, N], i8> loc(unknown), %S: !tile.tensor<[N], bf16> loc(unknown), %C: !tile.tensor<[M, N], bf16> loc(unknown)) {
    %0 = arith.constant 1 : index loc("tests/filecheck/cuda/b200-register-b.tile":20:3)
    %1 = arith.constant 64 : index loc("tests/filecheck/cuda/b200-register-b.tile":20:22)
    %K = tile.size "K" loc("tests/filecheck/cuda/b200-register-b.tile":20:18)
    %2 = arith.constant 0 : index loc("tests/filecheck/cuda/b200-register-b.tile":20:13)
    %bid = tile.block_id loc("tests/filecheck/cuda/b200-register-b.tile":18:14)
    %s = tile.load %S[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 2, latency = 502, regs = 0, smem = 256, tmem = 0, variable_latency>} : !tile.tensor<[N], bf16> -> !tile.tile<128xbf16> loc("tests/filecheck/cuda/b200-register-b.tile":18:7)
    %acc = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> loc("tests/filecheck/cuda/b200-register-b.tile":19:9)
    %3 = arith.divui %K, %1 : index loc("tests/filecheck/cuda/b200-register-b.tile":20:20)
    %acc_1 = tile.for %2 to %3 step %0 iter_args(%acc : !tile.tile<128x128xf32>) -> !tile.tile<128x128xf32> attributes {twill.cross_warp = 5 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 3.125000e-02 : f64, proven = 1 : i64, scale_cycles = 1670 : i64, scale_units = 280 : i64}, twill.schedule = #twill.schedule<ii = 43, length = 159, stages = 4, lower_bound = 43, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=43 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = idle, regs = 24>, #twill.warp<id = 2, role = consumer, regs = 184>, #twill.warp<id = 3, role = idle, regs = 184>, #twill.warp<id = 4, role = idle, regs = 96>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 43, ii_cycles = 256, lower_bound = 43, status = optimal, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: 2 parts leave this mma 64 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'acc' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">]} {
    ^bb0(%kk: index loc(unknown), %acc_2: !tile.tile<128x128xf32> loc(unknown)):
      %a = tile.load %A[%bid, %kk] {twill.cost = #twill.cost<unit = tma, cycles = 22, latency = 105, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 11 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 11 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, K], bf16> -> !tile.tile<128x64xbf16> loc("tests/filecheck/cuda/b200-register-b.tile":21:9)
      %w = tile.load %W[%kk, %bid] {twill.cost = #twill.cost<unit = tma, cycles = 11, latency = 94, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[K, N], i8> -> !tile.tile<64x128xi8> loc("tests/filecheck/cuda/b200-register-b.tile":22:9)
      %b = tile.cast %w {twill.cost = #twill.cost<unit = alu, cycles = 11, latency = 11, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 91 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 105 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 19 : i32, twill.warp = 2 : i32} : !tile.tile<64x128xi8> -> !tile.tile<64x128xbf16> loc("tests/filecheck/cuda/b200-register-b.tile":23:9)
      %acc_3 = tile.mma %a, %b, %acc_2 {twill.cost = #twill.cost<unit = tc, cycles = 43, latency = 43, regs = 0, smem = 0, tmem = 65536>, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 0, smem = 0, tmem = 65536>, twill.cycle = 116 : i32, twill.stage = 2 : i32, loop.stage = 2 : i32, loop.cluster = 30 : i32, twill.warp = 2 : i32} : !tile.tile<128x64xbf16>, !tile.tile<64x128xbf16>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32> loc("tests/filecheck/cuda/b200-register-b.tile":24:11)
      tile.yield %acc_3 : !tile.tile<128x128xf32> loc("tests/filecheck/cuda/b200-register-b.tile":20:3)
    } loc("tests/filecheck/cuda/b200-register-b.tile":20:3)
    twill.pipeline ii 43 stages 4 buffers {
      twill.buffer "a" depth 4 loc(unknown)
      twill.buffer "acc" depth 2 loc(unknown)
      twill.buffer "b" depth 2 loc(unknown)
      twill.buffer "w" depth 3 loc(unknown)
    } prologue {
      twill.copy "w" stage 0 step 0 guarded at 0 loc(unknown)
      twill.copy "a" stage 0 step 0 guarded at 11 loc(unknown)
      twill.copy "w" stage 0 step 1 guarded at 0 loc(unknown)
      twill.copy "a" stage 0 step 1 guarded at 11 loc(unknown)
      twill.copy "w" stage 0 step 2 guarded at 0 loc(unknown)
      twill.copy "a" stage 0 step 2 guarded at 11 loc(unknown)
      twill.copy "b" stage 2 step 2 guarded at 19 loc(unknown)
      twill.copy "acc" stage 2 step 2 guarded at 30 loc(unknown)
    } kernel {
      twill.copy "w" stage 0 step 0 at 0 loc(unknown)
      twill.copy "a" stage 0 step 0 at 11 loc(unknown)
      twill.copy "b" stage 2 step 0 at 19 loc(unknown)
      twill.copy "acc" stage 2 step 0 at 30 loc(unknown)
    } epilogue {
      twill.copy "b" stage 2 step 0 guarded at 19 loc(unknown)
      twill.copy "acc" stage 2 step 0 guarded at 30 loc(unknown)
      twill.copy "b" stage 2 step 1 guarded at 19 loc(unknown)
      twill.copy "acc" stage 2 step 1 guarded at 30 loc(unknown)
    } loc(unknown)
    twill.warp_specialize %2 to %3 step %0 ii 43 stages 4 channels {
      twill.channel "a" from 0 to [2] in "smem" depth 4 loc(unknown)
      twill.channel "w" from 0 to [2] in "smem" depth 3 loc(unknown)
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "w" stage 0 step 0 guarded at 0 loc(unknown)
        twill.copy "a" stage 0 step 0 guarded at 11 loc(unknown)
        twill.copy "w" stage 0 step 1 guarded at 0 loc(unknown)
        twill.copy "a" stage 0 step 1 guarded at 11 loc(unknown)
        twill.copy "w" stage 0 step 2 guarded at 0 loc(unknown)
        twill.copy "a" stage 0 step 2 guarded at 11 loc(unknown)
      } kernel {
        twill.copy "w" stage 0 step 0 at 0 loc(unknown)
        twill.copy "a" stage 0 step 0 at 11 loc(unknown)
      } epilogue {
      } loc(unknown)
      twill.role "consumer" warp 2 regs 184 prologue {
        twill.copy "b" stage 2 step 2 guarded at 19 loc(unknown)
        twill.copy "acc" stage 2 step 2 guarded at 30 loc(unknown)
      } kernel {
        twill.copy "b" stage 2 step 0 at 19 loc(unknown)
        twill.copy "acc" stage 2 step 0 at 30 loc(unknown)
      } epilogue {
        twill.copy "b" stage 2 step 0 guarded at 19 loc(unknown)
        twill.copy "acc" stage 2 step 0 guarded at 30 loc(unknown)
        twill.copy "b" stage 2 step 1 guarded at 19 loc(unknown)
        twill.copy "acc" stage 2 step 1 guarded at 30 loc(unknown)
      } loc(unknown)
    } outside {
      twill.live_out "acc_1" on 2 loc(unknown)
      twill.post "expand_dims" on 2 loc(unknown)
      twill.post "cast" on 2 loc(unknown)
      twill.post "mul" on 2 loc(unknown)
      twill.post "cast_1" on 2 loc(unknown)
      twill.post "store" on 2 loc(unknown)
    } loc(unknown)
    twill.memory_plan release "last-use" tmem 128 mma 128 {
      twill.tmem_acc "acc" at 0 loc(unknown)
      twill.staged "acc" operand "b" bytes 32768 loc(unknown)
    } loc(unknown)
    %4 = tile.expand_dims %s {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 0, regs = 0, smem = 0, tmem = 0>, axis = 0 : i64} : !tile.tile<128xbf16> -> !tile.tile<1x128xbf16> loc("tests/filecheck/cuda/b200-register-b.tile":26:50)
    %5 = tile.cast %4 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 128, smem = 0, tmem = 0>} : !tile.tile<1x128xbf16> -> !tile.tile<1x128xf32> loc("tests/filecheck/cuda/b200-register-b.tile":26:40)
    %6 = tile.mul %acc_1, %5 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x128xf32>, !tile.tile<1x128xf32> -> !tile.tile<128x128xf32> loc("tests/filecheck/cuda/b200-register-b.tile":26:38)
    %7 = tile.cast %6 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x128xf32> -> !tile.tile<128x128xbf16> loc("tests/filecheck/cuda/b200-register-b.tile":26:23)
    tile.store %7, %C[%bid, %bid] {twill.cost = #twill.cost<unit = tma, cycles = 256, latency = 256, regs = 0, smem = 32768, tmem = 0>} : !tile.tile<128x128xbf16>, !tile.tensor<[M, N], bf16> loc("tests/filecheck/cuda/b200-register-b.tile":26:3)
    func.return loc("tests/filecheck/cuda/b200-register-b.tile":17:1)
  } loc("tests/filecheck/cuda/b200-register-b.tile":17:1)
} loc(unknown)
