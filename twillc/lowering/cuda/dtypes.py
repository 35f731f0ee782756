"""Element types of generated tiles: their C++ type, size, TMA data type,
and the MMA instruction type that reads them (wgmma on sm_90a, tcgen05.mma on
sm_100a). A TMA box row is 128 bytes (the 128B swizzle): 64 columns of
f16 / bf16, 128 of fp8 / i8, 32 of f32."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Attribute

from twillc.dialects.tile import element_name


@dataclass(frozen=True)
class Elt:
    name: str  # the tile language's name
    cxx: str  # C++ element type
    size: int  # bytes
    tmap: str  # CUtensorMapDataType
    mma: str | None = None  # wgmma / tcgen05 operand type, None: not an MMA operand
    tag: str = ""  # the C++ constant naming the MMA type in twillc_dtypes.cuh

    @property
    def box_cols(self) -> int:
        """Columns of one 128-byte TMA box row."""
        return 128 // self.size

    @property
    def fp8(self) -> bool:
        return self.mma in ("e4m3", "e5m2")

    @property
    def int8(self) -> bool:
        """An 8-bit integer MMA operand (wgmma .s8 / .u8, tcgen05.mma kind::i8: an i32 accumulator)."""
        return self.mma in ("s8", "u8")

    @property
    def k_step(self) -> int:
        """K of one wgmma / tcgen05.mma: 32 bytes of K."""
        return 32 // self.size


ELTS = {
    e.name: e
    for e in (
        Elt("f16", "__half", 2, "CU_TENSOR_MAP_DATA_TYPE_FLOAT16", "f16", "TW_F16"),
        Elt("bf16", "__nv_bfloat16", 2, "CU_TENSOR_MAP_DATA_TYPE_BFLOAT16", "bf16", "TW_BF16"),
        Elt("f8e4m3", "__nv_fp8_e4m3", 1, "CU_TENSOR_MAP_DATA_TYPE_UINT8", "e4m3", "TW_E4M3"),
        Elt("f8e5m2", "__nv_fp8_e5m2", 1, "CU_TENSOR_MAP_DATA_TYPE_UINT8", "e5m2", "TW_E5M2"),
        Elt("i8", "int8_t", 1, "CU_TENSOR_MAP_DATA_TYPE_UINT8", "s8", "TW_S8"),
        Elt("f32", "float", 4, "CU_TENSOR_MAP_DATA_TYPE_FLOAT32"),
        Elt("i32", "int", 4, "CU_TENSOR_MAP_DATA_TYPE_INT32"),
        Elt("i16", "int16_t", 2, "CU_TENSOR_MAP_DATA_TYPE_UINT16"),
        Elt("u32", "unsigned", 4, "CU_TENSOR_MAP_DATA_TYPE_UINT32"),
        Elt("u16", "uint16_t", 2, "CU_TENSOR_MAP_DATA_TYPE_UINT16"),
        Elt("u8", "uint8_t", 1, "CU_TENSOR_MAP_DATA_TYPE_UINT8", "u8", "TW_U8"),
        # a comparison result: never loaded or stored; a thread holds its
        # elements as bits, 32 to a uint32_t (memory_plan.mask_words)
        Elt("i1", "uint32_t", 1, ""),
    )
}


def elt(ty: Attribute) -> Elt:
    """The element type of a tile or tensor type (or an element type)."""
    inner = getattr(ty, "element_type", ty)
    return ELTS[element_name(inner)]


def is_f16(ty: Attribute) -> bool:
    return elt(ty).name == "f16"
