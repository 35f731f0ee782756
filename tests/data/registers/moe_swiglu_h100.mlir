builtin.module attributes {twill.target = "h100", twill.reg_reserve = [0 : i32, 64 : i32, 0 : i32], twill.reg_check = "168 registers, 624 B spill stores, 536 B spill loads at first in mma0 (warp group 1, setmaxnreg 240, the model counted 192): 240 registers, 620 B spill stores, 528 B spill loads, clean at more than 256; no spill after 1 reschedule(s) with twill.reg_reserve = []: II 1026 cycles, unchanged"} {
  func.func @moe_swiglu(%X: !tile.tensor<[T, D], f16>, %Wg: !tile.tensor<[I, D], f16>, %Wu: !tile.tensor<[I, D], f16>, %H: !tile.tensor<[T, I], f16>) {
    %0 = arith.constant 2 : index
    %1 = arith.constant 1 : index
    %bid = tile.block_id
    %2 = arith.constant 1 : index
    %3 = arith.constant 64 : index
    %D = tile.size "D"
    %4 = arith.constant 0 : index
    %g0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %g1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %u0 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %u1 = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %5 = arith.divui %D, %3 : index
    %g0_1, %u0_1, %g1_1, %u1_1 = tile.for %4 to %5 step %2 iter_args(%g0, %u0, %g1, %u1 : !tile.tile<64x128xf32>, !tile.tile<64x128xf32>, !tile.tile<64x128xf32>, !tile.tile<64x128xf32>) -> !tile.tile<64x128xf32>, !tile.tile<64x128xf32>, !tile.tile<64x128xf32>, !tile.tile<64x128xf32> attributes {twill.cross_warp = 5 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 3.125000e-02 : f64, proven = 1 : i64, scale_cycles = 1670 : i64, scale_units = 280 : i64}, twill.schedule = #twill.schedule<ii = 172, length = 288, stages = 2, lower_bound = 172, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=172 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 24>, #twill.warp<id = 1, role = mma0, regs = 240>, #twill.warp<id = 2, role = mma1, regs = 240>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 136, ii_cycles = 1020, lower_bound = 136, status = optimal, note = "">, #twill.variant<parts = 2, ii = 172, ii_cycles = 1026, lower_bound = 172, status = optimal, chosen, note = "within one unit of 1020 cycles, whose loop results would cross warp groups after the loop (65536 bytes)">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'g' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'h100' (sm_90a) take multiples of 64 rows">]} {
    ^bb0(%k: index, %g0_2: !tile.tile<64x128xf32>, %u0_2: !tile.tile<64x128xf32>, %g1_2: !tile.tile<64x128xf32>, %u1_2: !tile.tile<64x128xf32>):
      %6 = arith.muli %0, %bid : index
      %x0 = tile.load %X[%6, %k] {twill.cost = #twill.cost<unit = tma, cycles = 11, latency = 94, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 108 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 108 : i32, twill.warp = 0 : i32} : !tile.tensor<[T, D], f16> -> !tile.tile<64x64xf16>
      %7 = arith.muli %0, %bid : index
      %8 = arith.addi %7, %1 : index
      %x1 = tile.load %X[%8, %k] {twill.cost = #twill.cost<unit = tma, cycles = 11, latency = 94, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 64, latency = 564, regs = 0, smem = 8192, tmem = 0, variable_latency>, twill.cycle = 22 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 22 : i32, twill.warp = 0 : i32} : !tile.tensor<[T, D], f16> -> !tile.tile<64x64xf16>
      %wg = tile.load %Wg[%4, %k] {twill.cost = #twill.cost<unit = tma, cycles = 22, latency = 105, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[I, D], f16> -> !tile.tile<128x64xf16>
      %wu = tile.load %Wu[%4, %k] {twill.cost = #twill.cost<unit = tma, cycles = 22, latency = 105, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 54 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 54 : i32, twill.warp = 0 : i32} : !tile.tensor<[I, D], f16> -> !tile.tile<128x64xf16>
      %g0_3 = tile.mma %x0, %wg, %g0_2 {twill.cost = #twill.cost<unit = tc, cycles = 43, latency = 43, regs = 64, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.cycle = 202 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 30 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<128x64xf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %u0_3 = tile.mma %x0, %wu, %u0_2 {twill.cost = #twill.cost<unit = tc, cycles = 43, latency = 43, regs = 64, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.cycle = 245 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 73 : i32, twill.warp = 2 : i32, transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<128x64xf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %g1_3 = tile.mma %x1, %wg, %g1_2 {twill.cost = #twill.cost<unit = tc, cycles = 43, latency = 43, regs = 64, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.cycle = 116 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 116 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<128x64xf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      %u1_3 = tile.mma %x1, %wu, %u1_2 {twill.cost = #twill.cost<unit = tc, cycles = 43, latency = 43, regs = 64, smem = 0, tmem = 0>, twill.raw_cost = #twill.cost<unit = tc, cycles = 256, latency = 256, regs = 64, smem = 0, tmem = 0>, twill.cycle = 159 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 159 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<64x64xf16>, !tile.tile<128x64xf16>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
      tile.yield %g0_3, %u0_3, %g1_3, %u1_3 : !tile.tile<64x128xf32>, !tile.tile<64x128xf32>, !tile.tile<64x128xf32>, !tile.tile<64x128xf32>
    }
    twill.pipeline ii 172 stages 2 buffers {
      twill.buffer "g0" depth 2
      twill.buffer "g1" depth 2
      twill.buffer "u0" depth 2
      twill.buffer "u1" depth 2
      twill.buffer "wg" depth 2
      twill.buffer "wu" depth 2
      twill.buffer "x0" depth 2
      twill.buffer "x1" depth 2
    } prologue {
      twill.copy "wg" stage 0 step 0 guarded at 0
      twill.copy "x1" stage 0 step 0 guarded at 22
      twill.copy "wu" stage 0 step 0 guarded at 54
      twill.copy "x0" stage 0 step 0 guarded at 108
      twill.copy "g1" stage 0 step 0 guarded at 116
      twill.copy "u1" stage 0 step 0 guarded at 159
    } kernel {
      twill.copy "wg" stage 0 step 0 at 0
      twill.copy "x1" stage 0 step 0 at 22
      twill.copy "g0" stage 1 step 0 at 30
      twill.copy "wu" stage 0 step 0 at 54
      twill.copy "u0" stage 1 step 0 at 73
      twill.copy "x0" stage 0 step 0 at 108
      twill.copy "g1" stage 0 step 0 at 116
      twill.copy "u1" stage 0 step 0 at 159
    } epilogue {
      twill.copy "g0" stage 1 step 0 guarded at 30
      twill.copy "u0" stage 1 step 0 guarded at 73
    }
    twill.warp_specialize %4 to %5 step %2 ii 172 stages 2 channels {
      twill.channel "wg" from 0 to [1, 2] in "smem" depth 2
      twill.channel "wu" from 0 to [1, 2] in "smem" depth 2
      twill.channel "x0" from 0 to [2] in "smem" depth 2
      twill.channel "x1" from 0 to [1] in "smem" depth 2
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {
        twill.copy "wg" stage 0 step 0 guarded at 0
        twill.copy "x1" stage 0 step 0 guarded at 22
        twill.copy "wu" stage 0 step 0 guarded at 54
        twill.copy "x0" stage 0 step 0 guarded at 108
      } kernel {
        twill.copy "wg" stage 0 step 0 at 0
        twill.copy "x1" stage 0 step 0 at 22
        twill.copy "wu" stage 0 step 0 at 54
        twill.copy "x0" stage 0 step 0 at 108
      } epilogue {
      }
      twill.role "mma0" warp 1 regs 240 prologue {
        twill.copy "g1" stage 0 step 0 guarded at 116
        twill.copy "u1" stage 0 step 0 guarded at 159
      } kernel {
        twill.copy "g1" stage 0 step 0 at 116
        twill.copy "u1" stage 0 step 0 at 159
      } epilogue {
      }
      twill.role "mma1" warp 2 regs 240 prologue {
      } kernel {
        twill.copy "g0" stage 1 step 0 at 30
        twill.copy "u0" stage 1 step 0 at 73
      } epilogue {
        twill.copy "g0" stage 1 step 0 guarded at 30
        twill.copy "u0" stage 1 step 0 guarded at 73
      }
    } outside {
      twill.live_out "g0_1" on 2
      twill.live_out "u0_1" on 2
      twill.live_out "g1_1" on 1
      twill.live_out "u1_1" on 1
      twill.post "neg" on 2
      twill.post "exp" on 2
      twill.post "neg_1" on 1
      twill.post "exp_1" on 1
      twill.post "add" on 2
      twill.post "div" on 2
      twill.post "mul" on 2
      twill.post "cast" on 2
      twill.post "store" on 2
      twill.post "add_1" on 1
      twill.post "div_1" on 1
      twill.post "mul_1" on 1
      twill.post "cast_1" on 1
      twill.post "store_1" on 1
    }
    %9 = tile.neg %g0_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %10 = tile.exp %9 {twill.cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %11 = tile.neg %g1_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %12 = tile.exp %11 {twill.cost = #twill.cost<unit = sfu, cycles = 512, latency = 512, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>
    %13 = arith.constant 1.000000e+00 : f32
    %14 = tile.add %13, %10 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : f32, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
    %15 = tile.div %g0_1, %14 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
    %16 = tile.mul %15, %u0_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
    %17 = tile.cast %16 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
    %18 = arith.muli %0, %bid : index
    tile.store %17, %H[%18, %4] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<64x128xf16>, !tile.tensor<[T, I], f16>
    %19 = tile.add %13, %12 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : f32, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
    %20 = tile.div %g1_1, %19 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
    %21 = tile.mul %20, %u1_1 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 64, smem = 0, tmem = 0>} : !tile.tile<64x128xf32>, !tile.tile<64x128xf32> -> !tile.tile<64x128xf32>
    %22 = tile.cast %21 {twill.cost = #twill.cost<unit = alu, cycles = 64, latency = 64, regs = 32, smem = 0, tmem = 0>} : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
    %23 = arith.muli %0, %bid : index
    %24 = arith.addi %23, %1 : index
    tile.store %22, %H[%24, %4] {twill.cost = #twill.cost<unit = tma, cycles = 128, latency = 128, regs = 0, smem = 16384, tmem = 0>} : !tile.tile<64x128xf16>, !tile.tensor<[T, I], f16>
    func.return
  }
}
