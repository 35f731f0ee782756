// RUN: twillc %s | filecheck %s
// RUN: twillc %s --print-op-generic | twillc - | filecheck %s
// The warp-specialization ops round-trip in both forms.

builtin.module {
  twill.warp_specialize channels {
    twill.channel "k" from 0 to [1, 2] in "smem" depth 2
  } roles {
    twill.role "producer" warp 0 regs 24 {
      twill.copy "k" stage 0 step 0
    }
    twill.role "consumer" warp 1 regs 240 {
      twill.copy "s" stage 0 step 0
    }
  }
}

// CHECK: twill.warp_specialize channels {
// CHECK-NEXT: twill.channel "k" from 0 to [1, 2] in "smem" depth 2
// CHECK-NEXT: } roles {
// CHECK-NEXT: twill.role "producer" warp 0 regs 24 {
// CHECK-NEXT: twill.copy "k" stage 0 step 0
// CHECK-NEXT: }
// CHECK-NEXT: twill.role "consumer" warp 1 regs 240 {
// CHECK-NEXT: twill.copy "s" stage 0 step 0
// CHECK-NEXT: }
// CHECK-NEXT: }
