// RUN: twillc %s | filecheck %s
// RUN: twillc %s --print-op-generic | twillc - | filecheck %s
// RUN: not twillc %s --passes verify-schedule 2>&1 | filecheck %s --check-prefix=NOLOOP
// The typed attributes the scheduling passes write on a loop: how the schedule
// was found (`twill.search`, free text as escaped strings) and the joint
// schedule's options (`twill.warp_options`); both parse back as they print.
builtin.module attributes {s = #twill.search<solver = "cp-sat", complete, note = "II proven minimal; \"quoted\"">,
    t = #twill.search<solver = "", note = "">,
    w = #twill.warp_options<vl_warp = 1, cross_warp>,
    x = #twill.warp_options<vl_warp = 0>} {
}
// CHECK: s = #twill.search<solver = "cp-sat", complete, note = "II proven minimal; \22quoted\22">
// CHECK-SAME: t = #twill.search<solver = "", note = "">
// CHECK-SAME: w = #twill.warp_options<vl_warp = 1, cross_warp>
// CHECK-SAME: x = #twill.warp_options<vl_warp = 0>
// NOLOOP: error
