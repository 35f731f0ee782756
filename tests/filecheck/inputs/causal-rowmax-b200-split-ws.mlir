// A causal row max on B200 (tests/filecheck/cuda/causal-rowmax-b200-split.test has
// its source), as variant-search{time-limit=5},pipeline-expand,warp-specialize
// schedules it, with what mask-split writes added by hand: twill.split_mask on s,
// twill.unmasked_cycle, the offset 128 bid - 63 before the loop and twill.mask_split:
// block j's 128x64 tile is entirely below the diagonal iff -64 j + 128 bid - 63 >= 0.
builtin.module attributes {twill.target = "b200"} {
  func.func @causal_rowmax(%X: !tile.tensor<[N, N], f16>, %L: !tile.tensor<[N], f32>) {
    %0 = arith.constant 64 : index
    %1 = arith.constant 1 : index
    %2 = arith.constant 2 : index
    %3 = arith.constant 0 : index
    %4 = arith.constant 128 : index
    %bid = tile.block_id
    %5 = tile.iota {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>, dim = 0 : i64} : !tile.tile<128x64xi32>
    %6 = arith.muli %bid, %4 : index
    %7 = arith.index_cast %6 : index to i32
    %rows = tile.add %5, %7 {twill.cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>} : !tile.tile<128x64xi32>, i32 -> !tile.tile<128x64xi32>
    %m = tile.full {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, value = 0xfff0000000000000 : f64} : !tile.tile<128xf32>
    %8 = arith.muli %2, %bid : index
    %9 = arith.addi %8, %2 : index
    %c63 = arith.constant 63 : index
    %bid128 = arith.muli %bid, %4 : index
    %off = arith.subi %bid128, %c63 : index
    %m_1 = tile.for %3 to %9 step %1 iter_args(%m : !tile.tile<128xf32>) -> !tile.tile<128xf32> attributes {twill.cross_warp = 11 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 1.8545450000000001 : f64, proven = 1 : i64, scale_cycles = 851 : i64, scale_units = 300 : i64}, twill.schedule = #twill.schedule<ii = 227, length = 312, stages = 2, lower_bound = 227, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=227 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 40>, #twill.warp<id = 1, role = idle, regs = 40>, #twill.warp<id = 2, role = correction, regs = 176>, #twill.warp<id = 3, role = idle, regs = 176>, #twill.warp<id = 4, role = idle, regs = 80>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 227, ii_cycles = 644, lower_bound = 227, status = optimal, chosen, note = "">, #twill.variant<parts = 2, ii = 282, ii_cycles = 650, lower_bound = 282, status = optimal, note = "">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'm' (128) do not divide in 3 parts">, #twill.variant<parts = 4, ii = 324, ii_cycles = 660, lower_bound = 324, status = optimal, note = "">]} {
    ^bb0(%j: index, %m_2: !tile.tile<128xf32>):
      %x = tile.load %X[%bid, %j] {twill.cost = #twill.cost<unit = tma, cycles = 45, latency = 220, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.unmasked_cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, N], f16> -> !tile.tile<128x64xf16>
      %10 = tile.iota {twill.cost = #twill.cost<unit = alu, cycles = 45, latency = 45, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 192 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 85 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 85 : i32, twill.warp = 2 : i32, dim = 1 : i64} : !tile.tile<128x64xi32>
      %11 = arith.muli %j, %0 : index
      %12 = arith.index_cast %11 : index to i32
      %cols = tile.add %10, %12 {twill.cost = #twill.cost<unit = alu, cycles = 45, latency = 45, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 192 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 130 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 130 : i32, twill.warp = 2 : i32} : !tile.tile<128x64xi32>, i32 -> !tile.tile<128x64xi32>
      %13 = tile.cmp "le", %cols, %rows {twill.cost = #twill.cost<unit = alu, cycles = 45, latency = 45, regs = 2, smem = 0, tmem = 0>, twill.cross_warp = 17 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 2, smem = 0, tmem = 0>, twill.raw_cross_warp = 46 : i64, twill.cycle = 175 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 175 : i32, twill.warp = 2 : i32} : !tile.tile<128x64xi32>, !tile.tile<128x64xi32> -> !tile.tile<128x64xi1>
      %14 = tile.cast %x {twill.cost = #twill.cost<unit = alu, cycles = 23, latency = 23, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 192 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 220 : i32, twill.unmasked_cycle = 220 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 220 : i32, twill.warp = 2 : i32} : !tile.tile<128x64xf16> -> !tile.tile<128x64xf32>
      %15 = arith.constant 0xff800000 : f32
      %s = tile.select %13, %14, %15 {twill.split_mask, twill.cost = #twill.cost<unit = alu, cycles = 45, latency = 45, regs = 64, smem = 0, tmem = 0>, twill.cross_warp = 192 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 128, latency = 128, regs = 64, smem = 0, tmem = 0>, twill.raw_cross_warp = 542 : i64, twill.cycle = 243 : i32, twill.unmasked_cycle = 243 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 16 : i32, twill.warp = 2 : i32} : !tile.tile<128x64xi1>, !tile.tile<128x64xf32>, f32 -> !tile.tile<128x64xf32>
      %16 = tile.rowmax %s {twill.cost = #twill.cost<unit = alu, cycles = 23, latency = 23, regs = 1, smem = 0, tmem = 0>, twill.cross_warp = 14 : i64, twill.raw_cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 1, smem = 0, tmem = 0>, twill.raw_cross_warp = 38 : i64, twill.cycle = 288 : i32, twill.unmasked_cycle = 288 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 61 : i32, twill.warp = 2 : i32} : !tile.tile<128x64xf32> -> !tile.tile<128xf32>
      %m_3 = tile.max %m_2, %16 {twill.cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = alu, cycles = 1, latency = 1, regs = 1, smem = 0, tmem = 0>, twill.cycle = 311 : i32, twill.unmasked_cycle = 311 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 84 : i32, twill.warp = 2 : i32} : !tile.tile<128xf32>, !tile.tile<128xf32> -> !tile.tile<128xf32>
      tile.yield %m_3 : !tile.tile<128xf32>
    }
    twill.mask_split %off alpha [-64] unmasked <ii = 227, length = 312, stages = 2, lower_bound = 227, status = optimal>
    twill.pipeline ii 227 stages 2 buffers {
      twill.buffer "cast" depth 1
      twill.buffer "cmp" depth 1
      twill.buffer "cols" depth 1
      twill.buffer "iota" depth 1
      twill.buffer "m" depth 2
      twill.buffer "rowmax" depth 1
      twill.buffer "s" depth 1
      twill.buffer "x" depth 2
    } prologue {
      twill.copy "x" stage 0 step 0 guarded at 0
      twill.copy "iota" stage 0 step 0 guarded at 85
      twill.copy "cols" stage 0 step 0 guarded at 130
      twill.copy "cmp" stage 0 step 0 guarded at 175
      twill.copy "cast" stage 0 step 0 guarded at 220
    } kernel {
      twill.copy "x" stage 0 step 0 at 0
      twill.copy "s" stage 1 step 0 at 16
      twill.copy "rowmax" stage 1 step 0 at 61
      twill.copy "m" stage 1 step 0 at 84
      twill.copy "iota" stage 0 step 0 at 85
      twill.copy "cols" stage 0 step 0 at 130
      twill.copy "cmp" stage 0 step 0 at 175
      twill.copy "cast" stage 0 step 0 at 220
    } epilogue {
      twill.copy "s" stage 1 step 0 guarded at 16
      twill.copy "rowmax" stage 1 step 0 guarded at 61
      twill.copy "m" stage 1 step 0 guarded at 84
    }
    twill.warp_specialize %3 to %9 step %1 ii 227 stages 2 channels {
      twill.channel "x" from 0 to [2] in "smem" depth 2
    } roles {
      twill.role "producer" warp 0 regs 40 prologue {
        twill.copy "x" stage 0 step 0 guarded at 0
      } kernel {
        twill.copy "x" stage 0 step 0 at 0
      } epilogue {
      }
      twill.role "correction" warp 2 regs 176 prologue {
        twill.copy "iota" stage 0 step 0 guarded at 85
        twill.copy "cols" stage 0 step 0 guarded at 130
        twill.copy "cmp" stage 0 step 0 guarded at 175
        twill.copy "cast" stage 0 step 0 guarded at 220
      } kernel {
        twill.copy "s" stage 1 step 0 at 16
        twill.copy "rowmax" stage 1 step 0 at 61
        twill.copy "m" stage 1 step 0 at 84
        twill.copy "iota" stage 0 step 0 at 85
        twill.copy "cols" stage 0 step 0 at 130
        twill.copy "cmp" stage 0 step 0 at 175
        twill.copy "cast" stage 0 step 0 at 220
      } epilogue {
        twill.copy "s" stage 1 step 0 guarded at 16
        twill.copy "rowmax" stage 1 step 0 guarded at 61
        twill.copy "m" stage 1 step 0 guarded at 84
      }
    } outside {
      twill.live_in "iota" on [2]
      twill.live_in "rows" on [2]
      twill.live_out "m_1" on 2
      twill.post "store" on 2
    }
    tile.store %m_1, %L[%bid] {twill.cost = #twill.cost<unit = tma, cycles = 4, latency = 4, regs = 0, smem = 512, tmem = 0>} : !tile.tile<128xf32>, !tile.tensor<[N], f32>
    func.return
  }
}
