"""CUDA for a kernel with several loops: its segments (`twillc.transforms.loop_segments`)
run one after another in one kernel.

Each segment is an ordinary single-loop kernel, scheduled, warp-specialized
and planned on its own; the general emitter prints each (`emit_pieces`), and
here they become device functions `<ns>_run` called in loop order from one
`__global__` kernel:

- the kernel launches the most warp groups any loop uses; a loop using fewer
  leaves the others idle (at the launch register count, which must fit beside
  its roles' budgets), and every `setmaxnreg` is taken from that launch count;
- the loops' shared storage overlaps (one dynamic allocation, the largest
  loop's); each loop initializes its own mbarriers and invalidates them when
  it is done;
- between two loops, a full barrier: every warp group takes its registers
  back to the launch count, the loop's global stores are fenced for the
  async proxy (`fence.proxy.async.global`: the next loop's TMA loads read
  the values passed to it), `__syncthreads()`, the mbarriers invalidated,
  `__syncthreads()` again. Nothing of one loop overlaps the next: the next
  loop's first loads issue after the previous loop's last store;
- the values a later loop reads (`tw_pass_*` tensors, one tile per CTA) live
  in global scratch the launcher allocates (`cudaMallocAsync`) and frees
  after the launch, stream-ordered.
"""

from __future__ import annotations

import re

from xdsl.dialects.builtin import ModuleOp

from twillc.dialects import tile
from twillc.lowering.cuda.dtypes import elt
from twillc.lowering.cuda.index_expr import block_index_decls, grid_extents
from twillc.lowering.cuda.prelude import DTYPES_HOST, HOST, grid_dims, grid_guard, make_tmap
from twillc.lowering.cuda.tiles import c_elt
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import find_loop
from twillc.transforms.loop_segments import PASS_PREFIX, kernel_func

INVAL = """// mbarrier.inval: a loop's barriers, before the next loop reuses their shared memory.
TW_DEV void tw_mbar_inval(uint64_t* bar) {
  asm volatile("mbarrier.inval.shared::cta.b64 [%0];\\n" :: "r"(tw_smem_u32(bar)) : "memory");
}
"""


def _ordered_union(lists: list[list[str]]) -> list[str]:
    """Each block once, in the order the loops paste them (earliest position first)."""
    pos: dict[str, tuple[int, int]] = {}
    for k, blocks in enumerate(lists):
        for i, b in enumerate(blocks):
            pos.setdefault(b, (i, k))
    return sorted(pos, key=lambda b: pos[b])


def _barriers(smem: list[str]) -> list[tuple[str, int]]:
    """The mbarriers of a loop's shared storage: (field, count; 0 for a single one)."""
    out = []
    for line in smem:
        m = re.search(r"uint64_t ([^;]*);", line)
        if not m:
            continue
        for field in m.group(1).split(","):
            f = field.strip()
            arr = re.fullmatch(r"(\w+)\[(\d+)\]", f)
            out.append((arr.group(1), int(arr.group(2))) if arr else (f, 0))
    return out


def _between(inval: list[str]) -> list[str]:
    """The full barrier after a loop that another follows (every warp group's
    registers are back at the launch count by then)."""
    return [
        "  // this loop is done: its stores fenced for the next loop's TMA loads, its barriers freed",
        '  asm volatile("fence.proxy.async.global;\\n" ::: "memory");',
        "  __syncthreads();",
        "  if (threadIdx.x == 0) {",
        *inval,
        "  }",
        "  __syncthreads();",
    ]


_ROLE = re.compile(r"^  if \(wg == (\d+)\) \{")


def _split_body(body: list[str]) -> tuple[list[str], dict[int, list[str]], list[str]]:
    """A loop's kernel body: what runs before its roles (barrier set-up),
    each role's code (the inside of its `if (wg == g)` block) by warp group,
    and what runs after them."""
    head: list[str] = []
    roles: dict[int, list[str]] = {}
    tail: list[str] = []
    current: list[str] | None = None
    for line in body:
        m = _ROLE.match(line)
        if current is None and m:
            current = roles.setdefault(int(m.group(1)), [])
            continue
        if current is not None:
            if line == "  }":
                current = None
                continue
            current.append(line)
            continue
        if roles and line.strip():
            tail.append(line)
        elif not roles:
            head.append(line)
    return head, roles, tail


def _declaration(line: str) -> bool:
    """A declaration before the roles that they read (tensor memory's base, the mask split's predicate)."""
    return line.startswith(("  const ", "  auto ")) and line.rstrip().endswith(";")


def _param_name(param: str) -> str:
    return param.split()[-1].strip("*&")


def emit_segments(module: ModuleOp, parts: list[ModuleOp], source: str, holes: str) -> str:
    """The kernel running each segment's loop in order, and its launcher."""
    from twillc.lowering.cuda.preconditions import check_emittable, launched_warps
    from twillc.lowering.cuda.skeleton import emit_pieces
    from twillc.lowering.warp_program import read_warp_program

    programs = []
    for part in parts:
        program = read_warp_program(part)
        if program.plan is None:
            raise located_error(program.ws, "code generation reads the memory plan: run plan-memory first")
        check_emittable(program, part, holes)
        programs.append(program)
    groups = max(len(launched_warps(p)) for p in programs)
    ems = [emit_pieces(p, part, source, holes, groups) for p, part in zip(programs, parts, strict=True)]
    for em, part in zip(ems, parts, strict=True):
        if em.hole_defs:
            raise located_error(
                find_loop(part), "a kernel with several loops is generated whole: this loop leaves holes"
            )
    machine = module_machine(module)
    arch = machine.arch
    fn = kernel_func(module)
    assert fn is not None
    name = fn.sym_name.data
    ns = f"twillc_{name}"
    entry = min(255, machine.target.register_file // (128 * groups)) // 8 * 8
    total = machine.target.register_file // 128
    # what a warp group holds at launch, as setmaxnreg counts it (the register file over the threads, in
    # steps of 8, at most 256): the count each group returns to between loops (an `inc` to less would cap
    # ptxas's count for the whole kernel below what its loops use)
    launch = min(256, total // groups) // 8 * 8
    for em, part in zip(ems, parts, strict=True):
        used = sum(em.regs) + (groups - len(em.groups)) * entry
        if used > total:
            raise located_error(
                find_loop(part),
                f"CUDA emission: this loop's budgets ({', '.join(map(str, em.regs))}) and the "
                f"{groups - len(em.groups)} idle warp groups another loop launches ({entry} registers each) "
                "exceed the register file",
            )
    other = any(em.other_types for em in ems)
    helpers = _ordered_union([em.pieces.helpers for em in ems]) + [INVAL]
    host = _ordered_union([em.pieces.host for em in ems])
    if other:
        host = [DTYPES_HOST if b == HOST else b for b in host]
        host = list(dict.fromkeys(host))
    # the kernel's parameters: the tensors (each loop's tensor maps before the pointer), sizes, scalars
    scratch: dict[str, tuple[tile.TensorType, int]] = {}
    for part in parts:
        seg_fn = kernel_func(part)
        assert seg_fn is not None
        for arg in seg_fn.body.block.args:
            if (arg.name_hint or "").startswith(PASS_PREFIX):
                kinds = tile.LoadOp | tile.StoreOp | tile.LoadScalarOp | tile.StoreScalarOp
                use = next(u.operation for u in arg.uses if isinstance(u.operation, kinds))
                if isinstance(use, tile.LoadScalarOp | tile.StoreScalarOp):  # a number: one per CTA
                    scratch[arg.name_hint] = (arg.type, 1)
                    continue
                t = use.result.type if isinstance(use, tile.LoadOp) else use.value.type
                scratch[arg.name_hint] = (arg.type, t.get_shape()[0])  # type: ignore[index,union-attr]
    user_args = fn.body.block.args
    extents = grid_extents(fn)
    ctas = "gridDim.x" if extents == ("1", "1") else "gridDim.x * gridDim.y * gridDim.z"
    tensors = [(a.name_hint, a.type) for a in user_args if isinstance(a.type, tile.TensorType)]
    tensors += [(n, t) for n, (t, _) in scratch.items()]
    scalars = [(a.name_hint, elt(a.type).cxx) for a in user_args if not isinstance(a.type, tile.TensorType)]
    user_sizes = list(
        dict.fromkeys(d for n, t in tensors if n not in scratch for d in t.get_dims() if isinstance(d, str))
    )
    scratch_sizes = {str(t.get_dims()[0]): rows for _, (t, rows) in scratch.items()}
    # each loop's tensor maps; loops loading a tensor in the same boxes share one (`tmap_X`), else `tmap_lK_X`
    per_loop = [(k, m) for k, em in enumerate(ems) for m in em.tensor_maps(em.pieces.tensors)]
    boxes: dict[str, set] = {}
    for _, m in per_loop:
        boxes.setdefault(m.tensor, set()).add(m)
    map_of = {
        (k, m.tensor): f"tmap_{m.tensor}" if len(boxes[m.tensor]) == 1 else f"tmap_l{k}_{m.tensor}" for k, m in per_loop
    }
    maps = list({map_of[(k, m.tensor)]: m for k, m in per_loop}.items())  # (name, map), each name once
    params = []
    for tname, t in tensors:
        params += [f"const __grid_constant__ CUtensorMap {n}" for n, m in maps if m.tensor == tname]
        params.append(f"{c_elt(t)}* __restrict__ {tname}")
    params += [f"int {s}" for s in user_sizes]
    params += [f"{cxx} {n}" for n, cxx in scalars]
    lines = [
        f"// Generated by twillc from {source}: kernel '{name}', target {arch} (complete), "
        f"{len(parts)} loops run one after another.",
    ]
    for k, (em, p) in enumerate(zip(ems, programs, strict=True)):
        lines.append(f"// Loop {k}: II {p.ii}, {p.stages} stages; warp groups: {em.groups_text()}")
    lines += [
        f"// Between loops: a full barrier ({groups} warp groups launched, each back to {launch} registers).",
        f"// Compile: nvcc -gencode arch=compute_{arch[3:]},code={arch} -c <this file>",
        *helpers,
    ]
    for em in ems:
        pc = em.pieces
        lines += [f"namespace {pc.ns} {{", *pc.smem, f"}}  // namespace {pc.ns}"]
    lines += [f"namespace {ns} {{", f"constexpr int THREADS = {128 * groups};", f"}}  // namespace {ns}", ""]
    split = [_split_body(em.pieces.body) for em in ems]
    for k, (em, (head, roles, tail)) in enumerate(zip(ems, split, strict=True)):
        pc = em.pieces
        last = k == len(ems) - 1
        fparams = [f"const CUtensorMap& {_param_name(x)}" if "CUtensorMap" in x else x for x in pc.params] + [
            "uint8_t* smem_raw"
        ]
        decls = [f"  [[maybe_unused]] {line.strip()}" for line in head if _declaration(line)]
        head = [line for line in head if not _declaration(line)]
        inval = []
        for field, count in _barriers(pc.smem):
            if count:
                inval.append(f"    for (int s = 0; s < {count}; ++s) tw_mbar_inval(&sm.{field}[s]);")
            else:
                inval.append(f"    tw_mbar_inval(&sm.{field});")
        opening = [
            f"  using namespace {pc.ns};",
            "  SharedStorage& sm = *reinterpret_cast<SharedStorage*>(",
            "      smem_raw + ((1024u - static_cast<uint32_t>(__cvta_generic_to_shared(smem_raw))) & 1023u));",
            *block_index_decls("\n".join(pc.body), "[[maybe_unused]] "),
            f"  [[maybe_unused]] const int trips = {pc.trips};",
        ]
        bodies = [("enter", head, False), *((f"role{g}", code, True) for g, code in roles.items())]
        bodies.append(("leave", tail + ([] if last else _between(inval)), True))
        for what, code, declared in bodies:
            lines += [
                f"static __device__ __forceinline__ void {pc.ns}_{what}(\n    " + ",\n    ".join(fparams) + ") {",
                *opening,
                *(decls if declared else []),
                *code,
                "}",
                "",
            ]
    lines += [
        f"__global__ void __launch_bounds__({ns}::THREADS, 1)",
        f"{ns}_kernel(\n    " + ",\n    ".join(params) + ") {",
        f"  tw_require_{arch.replace('_', '')}();",
        "  extern __shared__ __align__(1024) uint8_t smem_raw[];",
        *[f"  const int {s} = {ctas} * {rows};  // one tile per CTA" for s, rows in scratch_sizes.items()],
    ]
    calls = []
    for k, em in enumerate(ems):
        args = []
        for x in em.pieces.params:
            n = _param_name(x)
            args.append(map_of[(k, n[len("tmap_") :])] if "CUtensorMap" in x else n)
        calls.append(", ".join([*args, "smem_raw"]))
    # one branch per warp group: its role in each loop in turn (what it computes stays in its branch)
    lines.append("  const int wg = tw_warpgroup_idx();")
    for g in range(groups):
        lines.append(f"  {'if' if g == 0 else '} else if'} (wg == {g}) {{")
        for k, (em, (_, roles, _)) in enumerate(zip(ems, split, strict=True)):
            ns_k, last = em.pieces.ns, k == len(ems) - 1
            lines.append(f"    {ns_k}_enter({calls[k]});")
            if g in roles:
                lines.append(f"    {ns_k}_role{g}({calls[k]});")
                r = em.regs[g]
                if not last and r not in (launch, entry):  # back to the launch count (a role at `entry` kept it)
                    lines.append(f"    tw_setmaxnreg_{'inc' if r < launch else 'dec'}<{launch}>();")
            lines.append(f"    {ns_k}_leave({calls[k]});")
    lines.append("  }")
    lines += ["}", *host]
    # the launcher
    lparams = [f"void* {n}" for n, _ in tensors if n not in scratch] + [f"int {s}" for s in user_sizes]
    lparams += [f"{cxx} {n}" for n, cxx in scalars]
    out = [
        "// Host launcher: scratch for the values passed between loops, tensor maps, then `blocks` CTAs.",
        f'extern "C" int {ns}_launch({", ".join([*lparams, "int blocks", "cudaStream_t stream"])}) {{',
        *grid_guard(extents),
    ]
    frees = []
    per_x = "".join(f"({e}) * " for e in extents if e != "1")  # the CTAs along y and z per block along x
    for sname, (t, rows) in scratch.items():
        size = str(t.get_dims()[0])
        cols = t.get_dims()[1] if len(t.get_dims()) == 2 else 1
        out += [
            f"  const int {size} = blocks * {per_x}{rows};",
            f"  void* {sname} = nullptr;",
            f"  if (cudaMallocAsync(&{sname}, (size_t){size} * {cols} * sizeof({c_elt(t)}), stream) != cudaSuccess)",
            f"    {{ {' '.join([*frees, 'return -4;'])} }}",
        ]
        frees.append(f"cudaFreeAsync({sname}, stream);")
    for n, m in maps:
        make = make_tmap(m.dtype, m.tensor, n[len("tmap_") :], m.rows, m.cols, m.box_rows, not other, m.box_cols)
        fail = " ".join([*frees, "return e;"])
        out += [f"  CUtensorMap {n};", f"  if (int e = {make})", f"    {{ {fail} }}"]
    call = []
    for tname, t in tensors:
        call += [n for n, m in maps if m.tensor == tname]
        call.append(f"static_cast<{c_elt(t)}*>({tname})")
    call += user_sizes + [n for n, _ in scalars]
    smem_expr = f"sizeof({ems[0].pieces.ns}::SharedStorage)"
    for em in ems[1:]:
        smem_expr = f"std::max<size_t>({smem_expr}, sizeof({em.pieces.ns}::SharedStorage))"
    out += [
        f"  const size_t smem = {smem_expr} + 1024;",
        f"  cudaFuncSetAttribute({ns}_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);",
        f"  {ns}_kernel<<<{grid_dims(extents)}, {ns}::THREADS, smem, stream>>>({', '.join(call)});",
        "  const int launched = cudaGetLastError() == cudaSuccess ? 0 : -3;",
        *[f"  {f}" for f in frees],
        "  return launched;",
        "}",
    ]
    return "\n".join(lines + out) + "\n"
