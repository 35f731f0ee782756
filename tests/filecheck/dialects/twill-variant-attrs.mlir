// The variant table variant-search records on the loop round-trips (`loop`:
// the loop's steps split in that many iterations, left out when 1).
// RUN: twillc %s | filecheck %s
// CHECK: twill.variants = [#twill.variant<parts = 1, status = refused, note = "this mma has 256 rows">, #twill.variant<parts = 2, ii = 158, ii_cycles = 2034, lower_bound = 158, status = optimal, chosen, note = "">, #twill.variant<parts = 1, loop = 2, ii = 360, ii_cycles = 2546, lower_bound = 360, status = optimal, note = "">]
builtin.module attributes {twill.variants = [#twill.variant<parts = 1, status = refused, note = "this mma has 256 rows">, #twill.variant<parts = 2, ii = 158, ii_cycles = 2034, lower_bound = 158, status = optimal, chosen, note = "">, #twill.variant<parts = 1, loop = 2, ii = 360, ii_cycles = 2546, lower_bound = 360, status = optimal, note = "">]} {
}
