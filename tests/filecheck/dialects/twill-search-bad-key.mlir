// RUN: not twillc %s 2>&1 | filecheck %s
// A key the typed attribute does not have is a parse error, not ignored text.
builtin.module attributes {s = #twill.warp_options<vl_warp = 0, spill = 2>} {
}
// CHECK: unexpected key 'spill' in twill.warp_options
