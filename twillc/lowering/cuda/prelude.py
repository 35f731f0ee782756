"""Device and host helpers every generated kernel starts with: the verified
sm_90a idioms (docs/codegen.md: mbarrier, TMA,
setmaxnreg, named barriers, wgmma, ring state, tensor maps built through the
driver entry point so no -lcuda is needed), with the wgmma helper taking
B's major-ness as a template argument. The C++ lives in `include/*.cuh`
(package data); the emitters paste it into each generated file, which stays
self-contained for plain nvcc."""

from dataclasses import dataclass
from importlib.resources import files


def include(name: str) -> str:
    """The text of the device/host helper file `include/<name>`."""
    return files("twillc.lowering.cuda").joinpath("include", name).read_text(encoding="utf-8")


DEVICE = include("twillc_sm90.cuh")
HOST = include("twillc_host.cuh")
DTYPES = include("twillc_dtypes.cuh")
DTYPES_HOST = include("twillc_dtypes_host.cuh")
HOST_ROWS = include("twillc_host_rows.cuh")  # after DTYPES_HOST, where a tile has rows narrower than a box


def make_tmap(
    dtype: str, tensor: str, name: str, rows: object, cols: object, box_rows: int, f16_only: bool, box_cols: int = 0
) -> str:
    """The host call building tensor map `tmap_<name>` of a row-major
    [rows, cols] tensor of `dtype` with boxes of `box_rows` rows of 128 B:
    HOST's f16 form in kernels of f16 tiles only, else DTYPES_HOST's; with
    `box_cols`, one unswizzled box of rows that many columns wide."""
    from twillc.lowering.cuda.dtypes import ELTS

    e = ELTS[dtype]
    if box_cols:
        args = f"{tensor}, {rows}, {cols}, {box_rows}, {box_cols}, {e.tmap}, {e.size}"
        return f"tw_make_tmap_2d_rows(&tmap_{name}, {args})"
    if f16_only:
        return f"tw_make_tmap_2d_f16(&tmap_{name}, {tensor}, {rows}, {cols}, {box_rows}, {e.box_cols})"
    return f"tw_make_tmap_2d(&tmap_{name}, {tensor}, {rows}, {cols}, {box_rows}, {e.box_cols}, {e.tmap}, {e.size})"


@dataclass(frozen=True)
class TensorMap:
    """A host-built TMA tensor map `tmap_<name>` of a row-major [rows, cols]
    tensor with boxes of `box_rows` rows of 128 bytes."""

    name: str
    tensor: str
    dtype: str
    rows: object
    cols: object
    box_rows: int
    box_cols: int = 0  # narrower rows than a 128-byte box: one unswizzled box this wide


def host_launcher(
    ns: str,
    comment: list[str],
    params: list[str],
    maps: list[TensorMap],
    call: list[str],
    f16_only: bool,
    extents: tuple[str, str] = ("1", "1"),
    persistent: bool = False,
    cluster: int = 1,
) -> str:
    """The `extern "C"` launcher of both emitters: build the tensor maps
    (returning the driver's error), size the dynamic shared memory, launch
    `blocks` CTAs of the kernel with `call` as its arguments (times the grid's
    `extents` along y and z, `grid_dims`; a persistent kernel: at most one
    CTA per SM, each walking its tiles)."""
    out = [
        *comment,
        f'extern "C" int {ns}_launch({", ".join([*params, "int blocks", "cudaStream_t stream"])}) {{',
        f"  using namespace {ns};",
        *grid_guard(extents),
    ]
    for m in maps:
        make = make_tmap(m.dtype, m.tensor, m.name, m.rows, m.cols, m.box_rows, f16_only, m.box_cols)
        out += [f"  CUtensorMap tmap_{m.name};", f"  if (int e = {make})", "    return e;"]
    if persistent:
        out += [
            "  int dev = 0, sms = 0;  // persistent: one CTA per SM at most, each walks its tiles",
            "  if (cudaGetDevice(&dev) == cudaSuccess &&",
            "      cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) == cudaSuccess && sms > 0 &&",
            "      blocks > sms)",
            "    blocks = sms;",
        ]
    if cluster > 1:  # __cluster_dims__: the grid a whole number of clusters
        out += [f"  blocks = (blocks + {cluster - 1}) / {cluster} * {cluster};  // whole {cluster} x 1 clusters"]
    out += [
        "  const size_t smem = sizeof(SharedStorage) + 1024;",
        f"  cudaFuncSetAttribute({ns}_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);",
    ]
    if cluster > 1 and persistent:  # no more clusters than can be resident at once: the others would wait
        out += [
            "  {",
            "    cudaLaunchConfig_t cfg = {};",
            "    cfg.gridDim = dim3(blocks);",
            "    cfg.blockDim = dim3(THREADS);",
            "    cfg.dynamicSmemBytes = smem;",
            "    int clusters = 0;",
            f"    if (cudaOccupancyMaxActiveClusters(&clusters, (void*){ns}_kernel, &cfg) == cudaSuccess &&",
            f"        clusters > 0 && blocks > {cluster} * clusters)",
            f"      blocks = {cluster} * clusters;",
            "  }",
        ]
    out += [
        f"  {ns}_kernel<<<{grid_dims(extents)}, THREADS, smem, stream>>>({', '.join(call)});",
        "  return cudaGetLastError() == cudaSuccess ? 0 : -3;",
        "}",
    ]
    return "\n".join(out)


def grid_dims(extents: tuple[str, str]) -> str:
    """The launch's grid: `blocks` along x, or `dim3(blocks, Y, Z)` where
    the kernel reads `bid_y` / `bid_z` (`extents`, C expressions of the
    launcher's parameters, `index_expr.grid_extents`)."""
    if extents == ("1", "1"):
        return "blocks"
    return f"dim3(blocks, {extents[0]}, {extents[1]})"


def grid_guard(extents: tuple[str, str]) -> list[str]:
    """The launcher's early return where a grid extent along y or z is not
    positive: no block to launch (as `blocks == 0` launches none)."""
    bad = [f"({e}) <= 0" for e in extents if e != "1"]
    return [f"  if ({' || '.join(bad)})", "    return 0;"] if bad else []


def setmaxnreg(regs: int, groups: int) -> str:
    """The statement taking a warp group from the launch register count (the
    register file over `groups` warp groups, in setmaxnreg's step of 8, as
    `__launch_bounds__(threads, 1)` lets ptxas allot) to its budget `regs`."""
    entry = min(255, 65536 // (128 * groups)) // 8 * 8
    if regs == entry:
        return f"// keeps the launch count of {regs} registers"
    return f"tw_setmaxnreg_{'inc' if regs > entry else 'dec'}<{regs}>();"
