// RUN: twillc %s | filecheck %s
// RUN: twillc %s --print-op-generic | twillc - | filecheck %s
// The warp-specialization ops round-trip in both forms; an empty phase
// prints as a region with no block.

builtin.module {
  %lb = arith.constant 0 : index
  %ub = arith.constant 8 : index
  %step = arith.constant 1 : index
  twill.warp_specialize %lb to %ub step %step ii 2 stages 2 channels {
    twill.channel "k" from 0 to [1, 2] in "smem" depth 2
  } roles {
    twill.role "producer" warp 0 regs 24 prologue {
      twill.copy "k" stage 0 step 0 guarded at 0
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
    } epilogue {
    }
    twill.role "consumer" warp 1 regs 240 prologue {
    } kernel {
      twill.copy "s" stage 1 step 0 at 1
    } epilogue {
      twill.copy "s" stage 1 step 0 guarded at 1
    }
    twill.role "other" warp 2 regs 240 prologue {
    } kernel {
      twill.copy "t" stage 1 step 0 at 0
    } epilogue {
      twill.copy "t" stage 1 step 0 guarded at 0
    }
  } outside {
    twill.live_in "q" on [1, 2]
    twill.live_out "o" on 1
    twill.post "div" on 1
    twill.post "store" on 2
    twill.handoff "div" from 1 to [2] in "smem"
  }
}

// CHECK: twill.warp_specialize %lb to %ub step %step ii 2 stages 2 channels {
// CHECK-NEXT: twill.channel "k" from 0 to [1, 2] in "smem" depth 2
// CHECK-NEXT: } roles {
// CHECK-NEXT: twill.role "producer" warp 0 regs 24 prologue {
// CHECK-NEXT: twill.copy "k" stage 0 step 0 guarded at 0
// CHECK-NEXT: } kernel {
// CHECK-NEXT: twill.copy "k" stage 0 step 0 at 0
// CHECK-NEXT: } epilogue {
// CHECK-NEXT: }
// CHECK-NEXT: twill.role "consumer" warp 1 regs 240 prologue {
// CHECK-NEXT: } kernel {
// CHECK-NEXT: twill.copy "s" stage 1 step 0 at 1
// CHECK-NEXT: } epilogue {
// CHECK-NEXT: twill.copy "s" stage 1 step 0 guarded at 1
// CHECK-NEXT: }
// CHECK: } outside {
// CHECK-NEXT: twill.live_in "q" on [1, 2]
// CHECK-NEXT: twill.live_out "o" on 1
// CHECK-NEXT: twill.post "div" on 1
// CHECK-NEXT: twill.post "store" on 2
// CHECK-NEXT: twill.handoff "div" from 1 to [2] in "smem"
// CHECK-NEXT: }
