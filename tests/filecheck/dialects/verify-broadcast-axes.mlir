// The verifiers of the broadcast axes: tile.expand_dims takes a rank-1 tile
// and an axis 0 ([1, C]) or 1 ([R, 1]); a column reduction gives DT[C]; a
// [1, C] combines with [R, C], per column; in the IR a bare rank-1 is per
// row only (the front end makes a per-column one [1, C]). Each RUN line
// below breaks this module, which verifies, one way.
// RUN: twillc %s | filecheck %s --check-prefix=OK
// RUN: sed 's/axis = 0 : i64} : !tile.tile<128xf32> -> !tile.tile<1x128xf32>/axis = 2 : i64} : !tile.tile<128xf32> -> !tile.tile<1x128xf32>/' %s | not twillc - 2>&1 | filecheck %s --check-prefix=AXIS
// RUN: sed 's/axis = 0 : i64} : !tile.tile<128xf32>/axis = 1 : i64} : !tile.tile<128xf32>/' %s | not twillc - 2>&1 | filecheck %s --check-prefix=SHAPE
// RUN: sed 's/colsum %x : !tile.tile<64x128xf32> -> !tile.tile<128xf32>/colsum %x : !tile.tile<64x128xf32> -> !tile.tile<64xf32>/' %s | not twillc - 2>&1 | filecheck %s --check-prefix=COLMAX
// RUN: sed 's/tile.add %x, %b : !tile.tile<64x128xf32>, !tile.tile<1x128xf32>/tile.add %x, %c : !tile.tile<64x128xf32>, !tile.tile<128xf32>/' %s | not twillc - 2>&1 | filecheck %s --check-prefix=ROWS
// RUN: sed 's/expand_dims %c {axis = 0 : i64} : !tile.tile<128xf32>/expand_dims %x {axis = 0 : i64} : !tile.tile<64x128xf32>/' %s | not twillc - 2>&1 | filecheck %s --check-prefix=RANK
// OK: %b = tile.expand_dims %c {axis = 0 : i64} : !tile.tile<128xf32> -> !tile.tile<1x128xf32>
// OK: %y = tile.add %x, %b : !tile.tile<64x128xf32>, !tile.tile<1x128xf32> -> !tile.tile<64x128xf32>
// AXIS: error: 'tile.expand_dims' axis must be 0 (a row of one: [1, C]) or 1 (a column of one: [R, 1]), got 2
// SHAPE: error: 'tile.expand_dims' result must be f32[128, 1]
// COLMAX: error: 'tile.colsum' result must be f32[128]
// ROWS: error: 'tile.add' shapes do not broadcast: f32[64, 128] and f32[128]
// RANK: error: 'tile.expand_dims' expects a rank-1 tile, got f32[64, 128]
builtin.module {
  func.func @k() {
    %x = tile.zeros : !tile.tile<64x128xf32>
    %c = tile.colmax %x : !tile.tile<64x128xf32> -> !tile.tile<128xf32>
    %b = tile.expand_dims %c {axis = 0 : i64} : !tile.tile<128xf32> -> !tile.tile<1x128xf32>
    %d = tile.colsum %x : !tile.tile<64x128xf32> -> !tile.tile<128xf32>
    %y = tile.add %x, %b : !tile.tile<64x128xf32>, !tile.tile<1x128xf32> -> !tile.tile<64x128xf32>
    func.return
  }
}
