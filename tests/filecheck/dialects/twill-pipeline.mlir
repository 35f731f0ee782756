// RUN: twillc %s | filecheck %s
// RUN: twillc %s --print-op-generic | twillc - | filecheck %s
// The expanded-pipeline ops round-trip in both forms.

builtin.module {
  twill.pipeline ii 2 stages 2 buffers {
    twill.buffer "s" depth 2
  } prologue {
    twill.copy "s" stage 0 step 0 guarded at 0
  } kernel {
    twill.copy "s" stage 0 step 0 at 0
    twill.copy "p" stage 1 step 0 at 1
  } epilogue {
    twill.copy "p" stage 1 step 0 guarded at 1
  }
}

// CHECK: twill.pipeline ii 2 stages 2 buffers {
// CHECK-NEXT: twill.buffer "s" depth 2
// CHECK-NEXT: } prologue {
// CHECK-NEXT: twill.copy "s" stage 0 step 0 guarded at 0
// CHECK-NEXT: } kernel {
// CHECK-NEXT: twill.copy "s" stage 0 step 0 at 0
// CHECK-NEXT: twill.copy "p" stage 1 step 0 at 1
// CHECK-NEXT: } epilogue {
// CHECK-NEXT: twill.copy "p" stage 1 step 0 guarded at 1
// CHECK-NEXT: }
