// The variant table variant-search records on the loop round-trips.
// RUN: twillc %s | filecheck %s
// CHECK: twill.variants = [#twill.variant<parts = 1, status = refused, note = "this mma has 256 rows">, #twill.variant<parts = 2, ii = 158, ii_cycles = 2034, lower_bound = 158, status = optimal, chosen, note = "">]
builtin.module attributes {twill.variants = [#twill.variant<parts = 1, status = refused, note = "this mma has 256 rows">, #twill.variant<parts = 2, ii = 158, ii_cycles = 2034, lower_bound = 158, status = optimal, chosen, note = "">]} {
}
