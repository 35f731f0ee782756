"""Device helpers pasted into a kernel only where it calls them."""

from __future__ import annotations

from twillc.lowering.cuda.prelude import include

EXTRA_HELPERS = {
    "acc_index": "\n" + include("twillc_acc_index.cuh").removesuffix("\n"),
    "smem_at": "\n" + include("twillc_smem_at.cuh").removesuffix("\n"),
    "smem_at_t": "\n" + include("twillc_smem_at_t.cuh").removesuffix("\n"),
    "copy_rows": "\n" + include("twillc_copy_rows.cuh").removesuffix("\n"),
    "smem_at_rows": "\n" + include("twillc_smem_at_rows.cuh").removesuffix("\n"),
    "row_of": "\n" + include("twillc_row_of.cuh").removesuffix("\n"),
    "stage_fp8": "\n" + include("twillc_stage_fp8.cuh").removesuffix("\n"),
    "stage_rows": "\n" + include("twillc_stage_rows.cuh").removesuffix("\n"),
    "smem_row_at": "\n" + include("twillc_smem_row_at.cuh").removesuffix("\n"),
    "smem_row_at_rows": "\n" + include("twillc_smem_row_at_rows.cuh").removesuffix("\n"),
    "smem_row_at_t": "\n" + include("twillc_smem_row_at_t.cuh").removesuffix("\n"),
    "red_add": "\n" + include("twillc_red_add.cuh").removesuffix("\n"),
    "store_add_row": "\n" + include("twillc_store_add_row.cuh").removesuffix("\n"),
    "store_add_acc": "\n" + include("twillc_store_add_acc.cuh").removesuffix("\n"),
    "store_acc8": "\n" + include("twillc_store_acc8.cuh").removesuffix("\n"),
    "store_rows": "\n" + include("twillc_store_rows.cuh").removesuffix("\n"),
    "umma_at": "\n" + include("twillc_umma_at.cuh").removesuffix("\n"),
    "math": "\n" + include("twillc_math.cuh").removesuffix("\n"),
    "col": "\n" + include("twillc_col.cuh").removesuffix("\n"),
    "colreduce": "\n" + include("twillc_colreduce.cuh").removesuffix("\n"),
    "allreduce": "\n" + include("twillc_allreduce.cuh").removesuffix("\n"),
}
"""Device helpers emitted only in the kernels that call them."""


def extra_helper(name: str) -> str:
    """The device helper `name` of EXTRA_HELPERS, `mma_ts_k_<f16|bf16>`
    (twillc_mma_ts_k.cuh with that type's wgmma), or `wgmma_nN`: a wgmma
    m64nNk16 with both operands K-major in shared memory, and the wgmma over
    a [N', K] K-major B whose N' ends in those N columns."""
    if name.startswith("mma_ts_k_"):  # the f16 wgmma of every kernel, or the bf16 one of twillc_dtypes.cuh
        call = {
            "f16": "tw_wgmma_m64n64k16_f32_f16_ss<TRANS_B, 1>",
            "bf16": "tw_wgmma_m64n64_ss<TW_BF16, TRANS_B, 1>",
        }[name[len("mma_ts_k_") :]]
        text = include("twillc_mma_ts_k.cuh").removesuffix("\n")
        return "\n" + text.replace("twillc_mma_ts_k(", f"twillc_mma_ts_k_{name[9:]}(").replace("TW_WGMMA_TS", call)
    if not name.startswith("wgmma_n"):
        return EXTRA_HELPERS[name]
    n = int(name[len("wgmma_n") :])
    regs = ", ".join(f"%{i}" for i in range(n // 2))
    outs = ", ".join(f'"+f"(d[{i}])' for i in range(n // 2))
    return f"""
// wgmma m64n{n}k16, f32 += f16 * f16, A and B K-major in shared memory.
TW_DEV void tw_wgmma_m64n{n}k16_f32_f16_ss_k(float* d, uint64_t desc_a, uint64_t desc_b, int scale_d) {{
#if TW_SM90A
  asm volatile(
      "{{\\n\\t.reg .pred p;\\n\\t"
      "setp.ne.b32 p, %{n // 2 + 2}, 0;\\n\\t"
      "wgmma.mma_async.sync.aligned.m64n{n}k16.f32.f16.f16 "
      "{{{regs}}}, %{n // 2}, %{n // 2 + 1}, p, 1, 1, 0, 0;\\n\\t}}"
      : {outs}
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
#endif
}}
// wgmma over [64, K] A and [N, K] K-major B in boxes of 64 columns (A_BOX /
// B_BOX bytes each): m64n64k16 per 64 rows of B, m64n{n}k16 for the last {n}.
template <int N, int A_BOX, int B_BOX>
TW_DEV void twillc_mma_k16_kmajor(float* acc, const uint8_t* a, const uint8_t* b, int kk, int scale_d) {{
  const uint8_t* ak = a + (kk / 4) * A_BOX + (kk % 4) * 32;
  const uint64_t da = tw_make_smem_desc(ak, 16, 1024, 1);
  const uint8_t* bk = b + (kk / 4) * B_BOX + (kk % 4) * 32;
#pragma unroll
  for (int j = 0; j < N / 64; ++j)
    tw_wgmma_m64n64k16_f32_f16_ss<0>(acc + j * 32, da, tw_make_smem_desc(bk + j * 64 * 128, 16, 1024, 1), scale_d);
  tw_wgmma_m64n{n}k16_f32_f16_ss_k(acc + (N / 64) * 32, da, tw_make_smem_desc(bk + (N / 64) * 64 * 128, 16, 1024, 1),
                               scale_d);
}}"""


SKELETON_HELPERS = "\n" + include("twillc_skeleton.cuh")
