// RUN: not twillc %s 2>&1 | filecheck %s
builtin.module {
  %a = tile.zeros : !tile.tile<0x32xf32>
}
// CHECK: parse-error.mlir:{{[0-9]+}}:{{[0-9]+}}: error: tile dimensions must be positive
