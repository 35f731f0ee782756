"""The kernel's signature, embedded in the generated CUDA: an exported
`extern "C" const char* twillc_signature()` returning JSON, so that any
shared library built from the `.cu` (`twillc k.tile -o k.so`, or nvcc by
hand) tells `twillc.runtime.load` how to call its launcher.

The JSON (`"schema": "twillc-signature/1"`, docs/runtime.md):

- `kernel`, `target`, `launcher`: the kernel's name, its architecture, the
  host launcher's symbol; `params`: the launcher's parameters in order as
  `[C type, name]` (tensors, sizes, scalars, `blocks`, `stream`).
- `args`: the kernel's arguments in order. A tensor has its `dtype`, its
  `shape` (each dimension an integer or a size's name) and a `role`: `in`
  (only loaded), `out` (only stored with `store T[...] = ...`: the caller
  may leave it to the runtime to allocate) or `inout` (stored with `+=`, or
  loaded and stored: the caller passes it). A scalar has its `dtype`.
- `sizes`: the size names, in order of first appearance in the shapes.
- `grid`: the stores outside the loop, each its tensor, tile shape, tile
  coordinates as integer expressions of `bid` and the sizes (C syntax:
  `+ - * / %`, `max`, `min`; `/` truncates) and `group`: the parts
  `sub-tile` split one store as written into share a group (they keep its
  source location). The grid is the blocks before the first one with a
  store as written that starts past its tensor (none of its group's parts
  starts inside it), out of at most `max_blocks` (the most tiles a store's
  tensor has): the rule of the reference interpreter (bench/gpu_ref.py) on
  the kernel as written. The generated stores clip at the tensor's edge.
  A kernel reading `bid_y` / `bid_z` has `extents`: the grid's extents
  along y and z (index expressions of the sizes and integer scalar
  arguments, "1" along an axis it does not read), which its launcher
  launches itself; a block along x is then in the grid where its stores
  start inside their tensors at every `bid_y` and `bid_z`.

Read from the module as lowered (its function's arguments and stores); it
decides nothing.
"""

from __future__ import annotations

import json

from xdsl.dialects.builtin import FileLineColLoc, ModuleOp
from xdsl.ir import Operation

from twillc.dialects import tile
from twillc.dialects.tile_types import element_name
from twillc.lowering.cuda.index_expr import c_index, grid_extents
from twillc.runtime.build import launcher_params

SCHEMA = "twillc-signature/1"


def _in_loop(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, tile.ForOp):
            return True
        parent = parent.parent_op()
    return False


def kernel_signature(module: ModuleOp, code: str, arch: str) -> dict[str, object]:
    """The signature of the kernel `code` was emitted from (`module`, lowered)."""
    func = next(op for op in module.walk() if op.name == "func.func")
    block = func.regions[0].block
    launcher, params = launcher_params(code)
    names = {a: a.name_hint for a in block.args}
    loaded = {names[op.tensor] for op in func.walk() if isinstance(op, tile.LoadOp)}
    stored = {names[op.tensor] for op in func.walk() if isinstance(op, tile.StoreOp)}
    added = {names[op.tensor] for op in func.walk() if isinstance(op, tile.StoreAddOp)}
    args: list[dict[str, object]] = []
    sizes: list[str] = []
    for a in block.args:
        name = names[a]
        if isinstance(a.type, tile.TensorType):
            dims = list(a.type.get_dims())
            sizes += [d for d in dims if isinstance(d, str) and d not in sizes]
            role = (
                "inout" if name in added or (name in stored and name in loaded) else "out" if name in stored else "in"
            )
            dtype = element_name(a.type.element_type)
            args.append({"name": name, "kind": "tensor", "dtype": dtype, "shape": dims, "role": role})
        else:
            args.append({"name": name, "kind": "scalar", "dtype": element_name(a.type)})
    head: dict[str, object] = {
        "schema": SCHEMA,
        "kernel": func.sym_name.data,
        "target": arch,
        "launcher": launcher,
        "params": [list(p) for p in params],
        "args": args,
        "sizes": sizes,
    }
    stores: list[dict[str, object]] = []
    groups: dict[object, int] = {}
    for op in func.walk():
        if isinstance(op, tile.StoreOp | tile.StoreAddOp) and not _in_loop(op):
            # The parts of one store as written (sub-tile keeps its location) form one group.
            key = str(op.location) if isinstance(op.location, FileLineColLoc) else id(op)
            stores.append(
                {
                    "tensor": names[op.tensor],
                    "tile": list(op.value.type.get_shape()),
                    "index": [c_index(i, None) for i in op.indices],
                    "group": groups.setdefault(key, len(groups)),
                }
            )
    if not stores:  # every store in the loop (a persistent grid striding over tiles)
        return {**head, "grid": None}
    shapes = {a["name"]: a["shape"] for a in args if a["kind"] == "tensor"}
    max_blocks = sorted(
        {
            " * ".join(
                f"(({d} + {t - 1}) / {t})" if isinstance(d, str) else str(-(-d // t))
                for d, t in zip(shapes[s["tensor"]], s["tile"], strict=True)  # type: ignore[call-overload]
            )
            for s in stores
        }
    )
    extents = grid_extents(func)
    grid: dict[str, object] = {"stores": stores, "max_blocks": max_blocks}
    if extents != ("1", "1"):
        grid["extents"] = list(extents)
    return {**head, "grid": grid}


def signature_source(signature: dict[str, object]) -> str:
    """The exported C function returning `signature` as JSON (one line)."""
    text = json.dumps(signature, separators=(",", ":"), sort_keys=False)
    literal = text.replace("\\", "\\\\").replace('"', '\\"')
    return (
        "\n// The kernel's signature for twillc.runtime.load (docs/runtime.md): arguments, shapes, grid.\n"
        f'extern "C" const char* twillc_signature() {{\n  return "{literal}";\n}}\n'
    )
