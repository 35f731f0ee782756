"""`-o k.cu` for a persistent GEMM on sm_100a (`for tm, tn in tiles(...)
persistent`, examples/gemm_persistent_b200.tile): the GEMM class's plan
(`kernel_plan.plan_sm90`: TMA loads into one ring slot per iteration, one
MMA with its accumulator carried through the loop and stored after it) as a
Blackwell kernel of three warp groups.

- warp group 0, the producer: one elected thread walks the CTA's tiles
  (grid min(SMs, tiles), grouped order) and issues each iteration's TMA
  loads into the ring (`sm90.producer_loop`), which runs on across tiles;
- warp group 1, the MMA issuer: one elected thread issues tcgen05.mma into
  the tile's tensor-memory accumulator and releases each slot with a
  tcgen05.commit on its `empty` mbarrier; at the tile's end a commit on
  `acc_full` hands the accumulator to the epilogue;
- warp group 2, the epilogue: waits on `acc_full`, reads the accumulator
  with tcgen05.ld, hands it back on `acc_empty`, casts and stages it in
  shared memory (128B-swizzled boxes) and one thread stores C with TMA
  stores (committed, waited only before the buffer is staged again).

With two accumulators (`acc_buffers` in `twill.nest`: nest-schedule's
choice, where two fit in tensor memory) tile t uses accumulator t % 2: the
MMAs of tile t + 1 run while the epilogue drains tile t.

A CTA pair (`twill.cluster`'s `cta_group = 2`, the `cluster` pass's choice
for `cluster 2` on a 256-row tile, `twillc.transforms.cta_pair`): the two
CTAs of a 2 x 1 cluster walk the same tiles; each producer loads its CTA's
128 rows of A and half of B, completing the bytes on the leader's (rank 0)
`full` barrier (the loads' .cta_group::2 form); the leader's MMA thread
issues tcgen05.mma.cta_group::2 (M = 256) for the pair and commits to the
`empty` and `acc_full` barriers of both CTAs (.multicast::cluster); each
CTA's epilogue reads its 128 rows from its own tensor memory, arrives on the
leader's `acc_empty` (mapa) and stores its rows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import ceil

from xdsl.dialects.builtin import ModuleOp

from twillc.lowering.cuda.dtypes import ELTS
from twillc.lowering.cuda.kernel_plan import KernelPlan, TileLoad, Wgmma, plan_sm90
from twillc.lowering.cuda.prelude import DEVICE, DTYPES, DTYPES_HOST, include
from twillc.lowering.cuda.sm90 import CLUSTER, TILE_LOOP, _launcher, _map_name, _params, _tensor_maps, producer_loop
from twillc.lowering.cuda.tcgen05 import DTYPES_TCGEN05, TCGEN05
from twillc.lowering.warp_program import WarpProgram
from twillc.transforms.common import located_error
from twillc.transforms.nest_attr import nest_acc_buffers

THREADS = 384
"""Producer, MMA issuer, epilogue: one warp group each."""
TMEM_COLS = 512
"""Tensor memory's columns (128 lanes x 512 columns x 4 B)."""
CTA_PAIR = include("twillc_cta_pair.cuh")
PAIR_TILE_LOOP = "for (int bid = blockIdx.x / 2; bid < n_tiles; bid += gridDim.x / 2) {"
"""A CTA pair's outer loop: both CTAs of cluster c walk the same tiles c, c + clusters, ..."""


@dataclass(frozen=True)
class Tcgen05Persistent:
    plan: KernelPlan
    mma: Wgmma  # the one MMA: [128, N] f32 in tensor memory
    acc_buffers: int  # accumulators in tensor memory, used on alternate tiles (2: the double buffer)
    pair: bool = False  # a CTA pair: `plan` is one CTA's (its half of each load, its 128 rows stored); mma.m 256

    @property
    def tmem_cols(self) -> int:
        """Columns allocated (in each CTA of a pair): a power of two >= 32 covering the accumulators."""
        need = self.acc_buffers * self.mma.n
        return max(32, 1 << (need - 1).bit_length())


def plan_tcgen05_persistent(program: WarpProgram, module: ModuleOp) -> Tcgen05Persistent:
    """The GEMM class's plan, checked for what this emitter generates: one
    tcgen05.mma of 128 rows and N <= 256 columns (a multiple of 64, the
    staged boxes' width), an f32 accumulator, a 16-bit C."""
    from twillc.dialects import tile
    from twillc.lowering.cuda.preconditions import launched_warps

    persistent = next(op for op in module.walk() if isinstance(op, tile.PersistentOp))
    producer, *consumers = launched_warps(program)
    if len(consumers) != 1:
        raise located_error(
            persistent,
            "CUDA emission: a persistent kernel on sm_100a is generated for one MMA issuer role "
            f"(the schedule has {len(consumers)} consumer warp groups)",
        )
    plan = plan_sm90(program, module)
    if len(plan.mmas) != 1 or len(plan.stores) != 1:
        raise located_error(
            persistent,
            "CUDA emission: a persistent kernel on sm_100a is generated for one MMA and one store of its "
            f"accumulator (this one has {len(plan.mmas)} MMAs, {len(plan.stores)} stores)",
        )
    mma = plan.mmas[0]
    assert plan.persistent is not None
    cluster = plan.persistent.cluster
    pair = cluster is not None and cluster.cta_group == 2
    if cluster is not None and not pair:
        raise located_error(
            persistent,
            "CUDA emission: a cluster on sm_100a is a CTA pair ('twill.cluster' with cta_group = 2: run the cluster "
            "pass); multicast clusters of 128-row tiles are generated for sm_90a",
        )
    rows = 256 if pair else 128
    if mma.m != rows or mma.n % (128 if pair else 64) or mma.n > 256:
        raise located_error(
            persistent,
            f"CUDA emission: a persistent kernel on sm_100a accumulates {rows} rows "
            + ("(a CTA pair: 128 in each CTA's tensor memory), N a multiple of 128" if pair else "in tensor memory, N")
            + f" up to 256; '{mma.name}' is {mma.m}x{mma.n} (not generated)",
        )
    buffers = nest_acc_buffers(persistent.attributes.get("twill.nest"))
    if buffers * mma.n > TMEM_COLS:
        from twillc.diagnostics import InternalError

        raise InternalError(f"twill.nest gives {buffers} accumulators of {mma.n} columns: more than tensor memory")
    if pair:
        plan, mma = _cta_plan(plan, mma)
    return Tcgen05Persistent(plan, mma, buffers, pair)


def _cta_plan(plan: KernelPlan, mma: Wgmma) -> tuple[KernelPlan, Wgmma]:
    """One CTA's part of a CTA pair's plan: rows 128 r .. of A's tile, half of
    B's (its columns of a [K, N] B, its rows of an [N, K] one) and rows
    128 r .. of C's, r the CTA's rank (`cta_rank`), each slot's tiles one
    after another; the MMA keeps the pair's M = 256 and N."""
    half: dict[str, TileLoad] = {}
    offset = 0
    for t in plan.loads:
        if t is mma.lhs:
            new = replace(t, rows=t.rows // 2, row0=f"{t.row0} + cta_rank * {t.rows // 2}")
        elif t is mma.rhs and mma.rhs_transposed:  # [N, K]: its rows
            new = replace(t, rows=t.rows // 2, row0=f"{t.row0} + cta_rank * {t.rows // 2}")
        elif t is mma.rhs:  # [K, N]: its columns
            new = replace(t, cols=t.cols // 2, col0=f"{t.col0} + cta_rank * {t.cols // 2}")
        else:
            new = t
        new = replace(new, slot_offset=offset)
        offset += ceil(new.rows * new.cols * ELTS[new.dtype].size / 1024) * 1024
        half[t.name] = new
    stores = tuple(replace(s, row0=f"{s.row0} + cta_rank * 128") for s in plan.stores)
    cta_mma = replace(mma, lhs=half[mma.lhs.name], rhs=half[mma.rhs.name])
    cta = replace(
        plan, loads=tuple(half[t.name] for t in plan.loads), mmas=(cta_mma,), stores=stores, slot_bytes=offset
    )
    return cta, cta_mma


def emit_tcgen05_persistent(p: Tcgen05Persistent, source: str) -> str:
    plan = p.plan
    assert plan.persistent is not None
    lines = [
        f"// Generated by twillc from {source}: kernel '{plan.kernel}', target sm_100a.",
        f"// Schedule: II {plan.ii}, {plan.stages} stages; ring of {plan.depth} slots x {plan.slot_bytes} B;",
        "// warp groups: producer (TMA), mma (tcgen05.mma issuer), epilogue (tcgen05.ld, TMA store)",
        f"// Persistent: {plan.persistent.tiles} output tiles, grid min(SMs, tiles), grouped by "
        f"{plan.persistent.group} rows of tiles;",
        f"// accumulators: {p.acc_buffers} x {128 if p.pair else p.mma.m}x{p.mma.n} f32 in tensor memory"
        + (" (each CTA's)" if p.pair else "")
        + (", tile t in t % 2 (the epilogue of tile t under the MMAs of tile t + 1)" if p.acc_buffers == 2 else ""),
        f"// nest: {plan.persistent.nest}",
        *(
            [
                f"// CTA pair: 2 x 1 clusters, each computing a {p.mma.m}x{p.mma.n} tile with tcgen05.mma.cta_group::2 "
                "issued by the leader (rank 0);",
                "// each CTA loads its 128 rows of A and half of B, holds and stores its 128 rows of the accumulator; "
                f"saving {plan.persistent.cluster.saving} B of L2 reads per CTA per iteration",
            ]
            if p.pair and plan.persistent.cluster
            else []
        ),
        "// Compile: nvcc -gencode arch=compute_100a,code=sm_100a -c <this file>",
        DEVICE,
        TCGEN05,
        *([CLUSTER, CTA_PAIR] if p.pair else []),
        DTYPES,
        DTYPES_TCGEN05,
        _constants(p),
        _kernel_pair(p) if p.pair else _kernel(p),
        DTYPES_HOST,
        _launcher(plan, f16_only=False),
    ]
    return "\n".join(lines) + "\n"


def _ident(plan: KernelPlan) -> str:
    return f"twillc_{plan.kernel}"


def _constants(p: Tcgen05Persistent) -> str:
    plan = p.plan
    assert plan.persistent is not None
    out = [
        f"namespace {_ident(plan)} {{",
        f"constexpr int STAGES = {plan.depth};  // ring slots",
        f"constexpr int THREADS = {THREADS};  // producer, mma, epilogue",
        f"constexpr uint32_t SLOT_BYTES = {plan.slot_bytes};",
        f"constexpr uint32_t TX_BYTES = {sum(t.nbytes for t in plan.loads)};  // bytes TMA writes per slot",
        f"constexpr uint32_t EPI_BYTES = {plan.persistent.epi_bytes};  // the staged C tile",
        f"constexpr int ACC_BUFS = {p.acc_buffers};  // tensor-memory accumulators, on alternate tiles",
        f"constexpr uint32_t ACC_COLS = {p.mma.n};  // one accumulator's columns",
        f"constexpr uint32_t TMEM_COLS = {p.tmem_cols};  // allocated",
        "struct SharedStorage {",
        "  alignas(1024) uint8_t ring[STAGES][SLOT_BYTES];",
        "  alignas(1024) uint8_t epi[EPI_BYTES];  // C through shared memory: the TMA stores' source",
        "  alignas(8) uint64_t full[STAGES];        // producer -> mma: count 1 + tx bytes",
        "  alignas(8) uint64_t empty[STAGES];       // mma -> producer: tcgen05.commit once the slot's MMAs ran",
        "  alignas(8) uint64_t acc_full[ACC_BUFS];  // mma -> epilogue: the tile's MMAs complete (tcgen05.commit)",
        "  alignas(8) uint64_t acc_empty[ACC_BUFS]; // epilogue -> mma: every epilogue thread read its row"
        + (" (the leader's: both CTAs')" if p.pair else ""),
        "  uint32_t tmem_base;",
        "};",
        f"}}  // namespace {_ident(plan)}",
        "",
        "",
    ]
    return "\n".join(out)


def _umma(m: Wgmma, pair: str = "") -> str:
    """The MMA's `twillc_umma_ss_t` instance (`pair`: the CTA pair's extra arguments, cta_group 2)."""
    lhs, rhs = m.lhs, m.rhs
    return (
        f"twillc_umma_ss_t<{ELTS[m.dtype].tag}, {m.m}, {m.n}, {m.k}, {lhs.rows * 128}, {rhs.rows * 128}, "
        f"{0 if m.rhs_transposed else 1}{pair}>"
    )


def _kernel_head(ns: str, params: str) -> list[str]:
    """The kernel's signature line and its first statements: the namespace,
    the sm_100a guard, the 1024-aligned shared storage and the warp group."""
    return [
        f"{ns}_kernel(\n    {params}) {{",
        f"  using namespace {ns};",
        "  tw_require_sm100a();",
        "  extern __shared__ __align__(1024) uint8_t smem_raw[];",
        "  SharedStorage& sm = *reinterpret_cast<SharedStorage*>(",
        "      (reinterpret_cast<uintptr_t>(smem_raw) + 1023) & ~uintptr_t(1023));",
        "  const int wg = tw_warpgroup_idx();",
    ]


def _kernel(p: Tcgen05Persistent) -> str:
    plan, m = p.plan, p.mma
    assert plan.persistent is not None
    ns = _ident(plan)
    params = ",\n    ".join(_params(plan))
    lhs, rhs = m.lhs, m.rhs
    umma = _umma(m)
    out = [
        f"__global__ void __launch_bounds__({ns}::THREADS, 1)",
        *_kernel_head(ns, params),
        f"  const int n_tiles = {plan.persistent.tiles};  // the outer loop's output tiles",
        f"  const int k_tiles = {plan.trip_count};",
        "  if (threadIdx.x == 0) {",
        "    for (int s = 0; s < STAGES; ++s) {",
        "      tw_mbar_init(&sm.full[s], 1);",
        "      tw_mbar_init(&sm.empty[s], 1);",
        "    }",
        "    for (int b = 0; b < ACC_BUFS; ++b) {",
        "      tw_mbar_init(&sm.acc_full[b], 1);",
        "      tw_mbar_init(&sm.acc_empty[b], 128);",
        "    }",
        "    tw_fence_mbar_init();",
        "  }",
        "  if (threadIdx.x < 32) tw_tmem_alloc(&sm.tmem_base, TMEM_COLS);  // warp 0, for the CTA",
        "  tw_tcgen05_fence_before();",
        "  __syncthreads();",
        "  tw_tcgen05_fence_after();",
        "  const uint32_t tmem = sm.tmem_base;",
        "",
        "  if (wg == 0) {  // producer",
        "    // every TMA load of an iteration into one slot, by one thread",
        "    if (tw_warp_in_warpgroup() == 0 && tw_elect_one()) {",
        *[f"      tw_tma_prefetch_desc(&tmap_{name});" for name in _tensor_maps(plan)],
        "      TwPipeState<STAGES> w{0, 1u};",
        f"      {TILE_LOOP}  // the ring runs on across tiles: no drain between them",
        *["  " + line for line in producer_loop(plan)],
        "      }",
        "    }",
        "  }",
        "  if (wg == 1) {  // mma",
        "    // one thread issues tcgen05.mma into the tile's accumulator",
        "    if (tw_warp_in_warpgroup() == 0 && tw_elect_one()) {",
        "      TwPipeState<STAGES> r{0, 0u};",
        "      TwPipeState<ACC_BUFS> acc{0, 1u};  // the accumulators start empty",
        f"      {TILE_LOOP}  // tile t accumulates in accumulator t % ACC_BUFS",
        "        tw_mbar_wait(&sm.acc_empty[acc.index], acc.phase);  // its last tile read by the epilogue",
        "        tw_tcgen05_fence_after();",
        "        const uint32_t d = tmem + acc.index * ACC_COLS;",
        "        for (int kt = 0; kt < k_tiles; ++kt) {",
        "          tw_mbar_wait(&sm.full[r.index], r.phase);",
        "          tw_tcgen05_fence_after();",
        "          const uint8_t* slot = sm.ring[r.index];",
        f"          // {m.name} += {lhs.name} * {rhs.name}{'^T' if m.rhs_transposed else ''} (D in tensor memory)",
        f"          {umma}(d, slot + {lhs.slot_offset}, slot + {rhs.slot_offset}, kt > 0);",
        "          tw_umma_commit(&sm.empty[r.index]);  // the slot is free once these MMAs ran",
        "          r.advance();",
        "        }",
        "        tw_umma_commit(&sm.acc_full[acc.index]);  // the tile's MMAs complete: to the epilogue",
        "        acc.advance();",
        "      }",
        "    }",
        "  }",
        "  if (wg == 2) {  // epilogue",
        "    // tcgen05.ld, cast, staged in shared memory, TMA store",
        *_epilogue(p),
        "  }",
        "  tw_tcgen05_fence_before();",
        "  __syncthreads();",
        "  if (threadIdx.x < 32) { tw_tcgen05_fence_after(); tw_tmem_dealloc(tmem, TMEM_COLS); }",
        "}",
        "",
    ]
    return "\n".join(out)


def _epilogue(p: Tcgen05Persistent) -> list[str]:
    """The epilogue warp group: per tile, wait for its accumulator, wait
    until the previous tile's TMA store has read the buffer, read the
    accumulator into the buffer (cast, 128B-swizzled), hand it back to the
    MMA issuer, and store the tile's 64 x 64 boxes by TMA (committed, not
    waited: the store runs while the next tile is read)."""
    plan, m = p.plan, p.mma
    assert plan.persistent is not None
    s, base = plan.stores[0], plan.persistent.epi_offsets[0]
    rows = 128 if p.pair else m.m  # a CTA pair's CTA: its 128 rows
    issue = []
    for i in range(rows // 64):
        for j in range(m.n // 64):
            col = s.col0 if j == 0 else f"{s.col0} + {j * 64}"
            row = s.row0 if i == 0 else f"{s.row0} + {i * 64}"
            off = base + (i * (m.n // 64) + j) * 8192
            issue.append(f"        tw_tma_store_2d(&tmap_{s.tensor}_store, sm.epi + {off}, {col}, {row});")
    release = (
        "      tw_mbar_arrive_cluster(tw_mapa(&sm.acc_empty[acc.index], 0));  // read (the leader's barrier: both "
        "CTAs' rows): a later tile's MMAs may write it"
        if p.pair
        else "      tw_mbar_arrive(&sm.acc_empty[acc.index]);  // read: the MMAs of a later tile may write it"
    )
    return [
        "    TwPipeState<ACC_BUFS> acc{0, 0u};",
        f"    {PAIR_TILE_LOOP if p.pair else TILE_LOOP}",
        "      tw_mbar_wait(&sm.acc_full[acc.index], acc.phase);",
        "      tw_tcgen05_fence_after();",
        "      if (threadIdx.x % 128 == 0) tw_tma_store_wait_read<0>();  // the last tile's store has read the buffer",
        "      tw_named_bar_sync(1, 128);",
        f"      twillc_tmem_to_smem<ACC_COLS, {ELTS[s.dtype].cxx}>(tmem + acc.index * ACC_COLS, sm.epi + {base}, "
        "k_tiles == 0);  // no MMA: zeros",
        "      tw_tcgen05_fence_before();",
        release,
        "      acc.advance();",
        "      tw_fence_proxy_async_smem();  // st.shared visible to the TMA store",
        "      tw_named_bar_sync(1, 128);",
        "      if (threadIdx.x % 128 == 0) {",
        *issue,
        "        tw_tma_store_commit();",
        "      }",
        "    }",
        "    if (threadIdx.x % 128 == 0) tw_tma_store_wait<0>();  // the last tile's stores complete",
    ]


def _kernel_pair(p: Tcgen05Persistent) -> str:
    """The CTA pair's kernel (module docstring): __cluster_dims__(2, 1, 1),
    both CTAs' barriers initialized and tensor memory allocated together
    (cta_group::2) before a cluster barrier; the leader's MMA thread the only
    issuer; a cluster barrier before the pair frees its tensor memory."""
    plan, m = p.plan, p.mma
    assert plan.persistent is not None
    ns = _ident(plan)
    params = ",\n    ".join(_params(plan))
    lhs, rhs = m.lhs, m.rhs
    umma = _umma(m, ", 0, 2")
    loads = []
    for t in plan.loads:
        loads.append(
            f"          // {t.name}: this CTA's {t.tensor} tile {t.rows}x{t.cols} in {t.boxes} box(es) of "
            f"{t.box_cols} columns"
        )
        for j in range(t.boxes):
            col = t.col0 if j == 0 else f"{t.col0} + {j * t.box_cols}"
            dst = f"slot + {t.slot_offset + j * t.rows * 128}"
            loads.append(f"          tw_tma_load_2d_pair({dst}, &tmap_{_map_name(t)}, full, {col}, {t.row0});")
    out = [
        f"__global__ void __cluster_dims__(2, 1, 1) __launch_bounds__({ns}::THREADS, 1)",
        *_kernel_head(ns, params),
        "  const uint32_t cta_rank = tw_cluster_ctarank();  // 0: the leader, issuing the pair's MMAs",
        f"  const int n_tiles = {plan.persistent.tiles};  // the outer loop's output tiles, one per CTA pair",
        f"  const int k_tiles = {plan.trip_count};",
        "  if (threadIdx.x == 0) {",
        "    for (int s = 0; s < STAGES; ++s) {",
        "      tw_mbar_init(&sm.full[s], 1);   // the leader's: its producer's arrive, both CTAs' bytes",
        "      tw_mbar_init(&sm.empty[s], 1);  // each CTA's: the leader's commit, multicast",
        "    }",
        "    for (int b = 0; b < ACC_BUFS; ++b) {",
        "      tw_mbar_init(&sm.acc_full[b], 1);",
        "      tw_mbar_init(&sm.acc_empty[b], 2 * 128);  // the leader's: both CTAs' epilogue threads",
        "    }",
        "    tw_fence_mbar_init();",
        "  }",
        "  if (threadIdx.x < 32) tw_tmem_alloc_pair(&sm.tmem_base, TMEM_COLS);  // warp 0 of each CTA, together",
        "  tw_tcgen05_fence_before();",
        "  tw_cluster_sync();  // both CTAs' barriers and tensor memory ready before any remote arrive or MMA",
        "  tw_tcgen05_fence_after();",
        "  const uint32_t tmem = sm.tmem_base;  // the same address in both CTAs",
        "",
        "  if (wg == 0) {  // producer",
        "    // this CTA's half of each iteration's tiles into one slot, completing on the leader's full barrier",
        "    if (tw_warp_in_warpgroup() == 0 && tw_elect_one()) {",
        *[f"      tw_tma_prefetch_desc(&tmap_{name});" for name in _tensor_maps(plan)],
        "      TwPipeState<STAGES> w{0, 1u};",
        f"      {PAIR_TILE_LOOP}  // the ring runs on across tiles",
        "        for (int kt = 0; kt < k_tiles; ++kt) {",
        "          tw_mbar_wait(&sm.empty[w.index], w.phase);  // the pair's MMAs read this CTA's slot",
        "          if (cta_rank == 0) tw_mbar_arrive_expect_tx(&sm.full[w.index], 2 * TX_BYTES);  // both CTAs' bytes",
        "          const uint32_t full = tw_mapa(&sm.full[w.index], 0);  // the leader's",
        "          uint8_t* slot = sm.ring[w.index];",
        *loads,
        "          w.advance();",
        "        }",
        "      }",
        "      for (int s = 0; s < STAGES; ++s) {  // every commit on this CTA's slots landed before it exits",
        "        tw_mbar_wait(&sm.empty[w.index], w.phase);",
        "        w.advance();",
        "      }",
        "    }",
        "  }",
        "  if (wg == 1) {  // mma",
        "    // the leader's thread issues tcgen05.mma.cta_group::2 for the pair",
        "    if (cta_rank == 0 && tw_warp_in_warpgroup() == 0 && tw_elect_one()) {",
        "      TwPipeState<STAGES> r{0, 0u};",
        "      TwPipeState<ACC_BUFS> acc{0, 1u};  // the accumulators start empty",
        f"      {PAIR_TILE_LOOP}  // tile t accumulates in accumulator t % ACC_BUFS of both CTAs",
        "        tw_mbar_wait(&sm.acc_empty[acc.index], acc.phase);  // its last tile read by both epilogues",
        "        tw_tcgen05_fence_after();",
        "        const uint32_t d = tmem + acc.index * ACC_COLS;",
        "        for (int kt = 0; kt < k_tiles; ++kt) {",
        "          tw_mbar_wait(&sm.full[r.index], r.phase);  // both CTAs' halves landed",
        "          tw_tcgen05_fence_after();",
        "          const uint8_t* slot = sm.ring[r.index];",
        f"          // {m.name} += {lhs.name} * {rhs.name}{'^T' if m.rhs_transposed else ''}: M = {m.m} over the pair "
        "(A and B at these offsets in both CTAs, D 128 rows in each)",
        f"          {umma}(d, slot + {lhs.slot_offset}, slot + {rhs.slot_offset}, kt > 0);",
        "          tw_umma_commit_pair(&sm.empty[r.index], 0x3);  // both CTAs' slots free once these MMAs ran",
        "          r.advance();",
        "        }",
        "        tw_umma_commit_pair(&sm.acc_full[acc.index], 0x3);  // the tile complete: to both epilogues",
        "        acc.advance();",
        "      }",
        "    }",
        "  }",
        "  if (wg == 2) {  // epilogue",
        "    // this CTA's 128 rows: tcgen05.ld, cast, staged in shared memory, TMA store",
        *_epilogue(p),
        "  }",
        "  tw_tcgen05_fence_before();",
        "  tw_cluster_sync();  // the pair's MMAs, commits and remote arrives done before either frees or exits",
        "  if (threadIdx.x < 32) { tw_tcgen05_fence_after(); tw_tmem_dealloc_pair(tmem, TMEM_COLS); }",
        "}",
        "",
    ]
    return "\n".join(out)
