// RUN: twillc %s | filecheck %s
// The twill dialect's attributes print and parse back.
builtin.module attributes {a = #twill.cost<unit = tc, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0, variable_latency>,
    b = #twill.schedule<ii = 2, length = 4, stages = 2, lower_bound = 2, status = optimal>,
    c = #twill.warp<id = 0, role = producer, regs = 24>} {
}
// CHECK: a = #twill.cost<unit = tc, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0, variable_latency>
// CHECK-SAME: b = #twill.schedule<ii = 2, length = 4, stages = 2, lower_bound = 2, status = optimal>
// CHECK-SAME: c = #twill.warp<id = 0, role = producer, regs = 24>
