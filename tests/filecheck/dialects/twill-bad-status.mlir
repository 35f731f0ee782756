// RUN: not twillc %s 2>&1 | filecheck %s
builtin.module attributes {b = #twill.schedule<ii = 2, length = 4, stages = 2, lower_bound = 2, status = best>} {
}
// CHECK: error: twill.schedule status must be one of optimal, feasible, infeasible
