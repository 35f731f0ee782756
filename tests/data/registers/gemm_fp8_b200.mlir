builtin.module attributes {twill.target = "b200"} {
  func.func @gemm_fp8(%A: !tile.tensor<[M, K], f8E4M3FN>, %B: !tile.tensor<[N, K], f8E4M3FN>, %C: !tile.tensor<[M, N], bf16>) {
    %0 = arith.constant 256 : index
    %N = tile.size "N"
    %bid = tile.block_id
    %1 = arith.constant 1 : index
    %2 = arith.constant 128 : index
    %K = tile.size "K"
    %3 = arith.constant 0 : index
    %acc = tile.zeros {twill.cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 256, smem = 0, tmem = 0>} : !tile.tile<128x256xf32>
    %4 = arith.divui %K, %2 : index
    %acc_1 = tile.for %3 to %4 step %1 iter_args(%acc : !tile.tile<128x256xf32>) -> !tile.tile<128x256xf32> attributes {twill.cross_warp = 3 : i64, twill.normalization = {budget = 300 : i64, max_ratio_error = 1.538500e-02 : f64, proven = 1 : i64, scale_cycles = 2310 : i64, scale_units = 233 : i64}, twill.schedule = #twill.schedule<ii = 52, length = 141, stages = 3, lower_bound = 52, status = optimal>, twill.search = #twill.search<solver = "z3", complete, note = "II=52 is the proven modulo lower bound">, twill.warps = [#twill.warp<id = 0, role = producer, regs = 40>, #twill.warp<id = 1, role = mma, regs = 40>, #twill.warp<id = 2, role = idle, regs = 176>, #twill.warp<id = 3, role = idle, regs = 176>, #twill.warp<id = 4, role = idle, regs = 80>], twill.warp_options = #twill.warp_options<vl_warp = 0, cross_warp>, twill.variants = [#twill.variant<parts = 1, ii = 52, ii_cycles = 516, lower_bound = 52, status = optimal, chosen, note = "">, #twill.variant<parts = 2, status = refused, note = "sub-tile: 2 parts leave this mma 64 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">, #twill.variant<parts = 3, status = refused, note = "sub-tile: the rows of 'acc' (128) do not divide in 3 parts">, #twill.variant<parts = 4, status = refused, note = "sub-tile: 4 parts leave this mma 32 rows; the MMA instructions of 'b200' (sm_100a) take exactly 128 rows">]} {
    ^bb0(%kk: index, %acc_2: !tile.tile<128x256xf32>):
      %5 = arith.divui %N, %0 : index
      %6 = arith.divui %bid, %5 : index
      %a = tile.load %A[%6, %kk] {twill.cost = #twill.cost<unit = tma, cycles = 13, latency = 63, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 128, latency = 628, regs = 0, smem = 16384, tmem = 0, variable_latency>, twill.cycle = 26 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 26 : i32, twill.warp = 0 : i32} : !tile.tensor<[M, K], f8E4M3FN> -> !tile.tile<128x128xf8E4M3FN>
      %7 = arith.divui %N, %0 : index
      %8 = arith.divui %bid, %7 : index
      %9 = arith.divui %N, %0 : index
      %10 = arith.muli %8, %9 : index
      %11 = arith.subi %bid, %10 : index
      %b = tile.load %B[%11, %kk] {twill.cost = #twill.cost<unit = tma, cycles = 26, latency = 76, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.raw_cost = #twill.cost<unit = tma, cycles = 256, latency = 756, regs = 0, smem = 32768, tmem = 0, variable_latency>, twill.cycle = 0 : i32, twill.stage = 0 : i32, loop.stage = 0 : i32, loop.cluster = 0 : i32, twill.warp = 0 : i32} : !tile.tensor<[N, K], f8E4M3FN> -> !tile.tile<256x128xf8E4M3FN>
      %acc_3 = tile.mma %a, %b, %acc_2 {twill.cost = #twill.cost<unit = tc, cycles = 52, latency = 52, regs = 0, smem = 0, tmem = 131072>, twill.raw_cost = #twill.cost<unit = tc, cycles = 512, latency = 512, regs = 0, smem = 0, tmem = 131072>, twill.cycle = 89 : i32, twill.stage = 1 : i32, loop.stage = 1 : i32, loop.cluster = 37 : i32, twill.warp = 1 : i32, transpose_rhs} : !tile.tile<128x128xf8E4M3FN>, !tile.tile<256x128xf8E4M3FN>, !tile.tile<128x256xf32> -> !tile.tile<128x256xf32>
      tile.yield %acc_3 : !tile.tile<128x256xf32>
    }
    twill.pipeline ii 52 stages 3 buffers {
      twill.buffer "a" depth 3
      twill.buffer "acc" depth 2
      twill.buffer "b" depth 3
    } prologue {
      twill.copy "b" stage 0 step 0 guarded at 0
      twill.copy "a" stage 0 step 0 guarded at 26
      twill.copy "b" stage 0 step 1 guarded at 0
      twill.copy "a" stage 0 step 1 guarded at 26
      twill.copy "acc" stage 1 step 1 guarded at 37
    } kernel {
      twill.copy "b" stage 0 step 0 at 0
      twill.copy "a" stage 0 step 0 at 26
      twill.copy "acc" stage 1 step 0 at 37
    } epilogue {
      twill.copy "acc" stage 1 step 0 guarded at 37
    }
    twill.warp_specialize %3 to %4 step %1 ii 52 stages 3 channels {
      twill.channel "a" from 0 to [1] in "smem" depth 3
      twill.channel "b" from 0 to [1] in "smem" depth 3
    } roles {
      twill.role "producer" warp 0 regs 40 prologue {
        twill.copy "b" stage 0 step 0 guarded at 0
        twill.copy "a" stage 0 step 0 guarded at 26
        twill.copy "b" stage 0 step 1 guarded at 0
        twill.copy "a" stage 0 step 1 guarded at 26
      } kernel {
        twill.copy "b" stage 0 step 0 at 0
        twill.copy "a" stage 0 step 0 at 26
      } epilogue {
      }
      twill.role "mma" warp 1 regs 40 prologue {
        twill.copy "acc" stage 1 step 1 guarded at 37
      } kernel {
        twill.copy "acc" stage 1 step 0 at 37
      } epilogue {
        twill.copy "acc" stage 1 step 0 guarded at 37
      }
    } outside {
      twill.live_out "acc_1" on 1
      twill.post "cast" on 1
      twill.post "store" on 1
    }
    %12 = arith.divui %N, %0 : index
    %13 = arith.divui %bid, %12 : index
    %14 = arith.divui %N, %0 : index
    %15 = arith.divui %bid, %14 : index
    %16 = arith.divui %N, %0 : index
    %17 = arith.muli %15, %16 : index
    %18 = arith.subi %bid, %17 : index
    %19 = tile.cast %acc_1 {twill.cost = #twill.cost<unit = alu, cycles = 256, latency = 256, regs = 128, smem = 0, tmem = 0>} : !tile.tile<128x256xf32> -> !tile.tile<128x256xbf16>
    tile.store %19, %C[%13, %18] {twill.cost = #twill.cost<unit = tma, cycles = 512, latency = 512, regs = 0, smem = 65536, tmem = 0>} : !tile.tile<128x256xbf16>, !tile.tensor<[M, N], bf16>
    func.return
  }
}
