"""sm_100a device code for the skeleton: tensor memory (alloc, tcgen05.ld /
st), tcgen05.mma issued by one thread with its completion on an mbarrier,
and tile math in the tensor-memory row layout (thread t of a warp group
holds row t of a 128-row tile)."""

from twillc.lowering.cuda.prelude import include

TCGEN05 = "\n" + include("twillc_tcgen05.cuh")
DTYPES_TCGEN05 = include("twillc_dtypes_tcgen05.cuh")
