// RUN: twillc %s -p "" | filecheck %s --check-prefix=OK
// An MMA of 8-bit integer tiles (i8 or u8 on both sides) accumulates in i32.
builtin.module {
  func.func @k() {
    %a = tile.zeros : !tile.tile<128x64xi8>
    %b = tile.zeros : !tile.tile<64x64xui8>
    %c = tile.zeros : !tile.tile<128x64xi32>
    %s = tile.mma %a, %b, %c : !tile.tile<128x64xi8>, !tile.tile<64x64xui8>, !tile.tile<128x64xi32> -> !tile.tile<128x64xi32>
    func.return
  }
}
// OK: tile.mma %{{.*}}, %{{.*}}, %{{.*}} : !tile.tile<128x64xi8>, !tile.tile<64x64xui8>, !tile.tile<128x64xi32> -> !tile.tile<128x64xi32>
