"""Bugs the whole-pipeline fuzzer (`bench/fuzz.py`) found, each kept fixed:
the generated CUDA of these warp-specialized modules (from generated
kernels, the default pipeline's schedule saved in `tests/data/fuzz/`)
compiles with nvcc (where installed; the text is checked everywhere)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from twillc.driver import main

DATA = Path(__file__).resolve().parent / "data" / "fuzz"
NVCC = shutil.which("nvcc")


def emit(module: str, tmp_path: Path) -> str:
    """The module's CUDA, compiled. Its forms sm_100a does not generate are
    holes, asked for (`--cuda-holes=trap`; by default a located error): these
    regressions are about how a kernel with holes is printed."""
    cu = tmp_path / f"{module}.cu"
    assert main([str(DATA / f"{module}.mlir"), "--cuda-holes=trap", "-o", str(cu)]) == 0
    return compiled(cu, tmp_path)


def compiled(cu: Path, tmp_path: Path) -> str:
    """The text of `cu`, once nvcc compiled it (where nvcc is installed)."""
    if NVCC:
        arch = "sm_100a" if "target sm_100a" in cu.read_text()[:400] else "sm_90a"
        gen = f"arch=compute_{arch[3:]},code={arch}"
        nv = subprocess.run(
            [NVCC, "-gencode", gen, "-std=c++17", "-c", str(cu), "-o", str(tmp_path / "k.o")],
            capture_output=True,
            text=True,
            check=False,
        )
        assert nv.returncode == 0, nv.stderr
    return cu.read_text()


def test_sub_tiled_value_does_not_shadow_a_scalar_argument(tmp_path: Path) -> None:
    """A scalar argument `s0` beside scores `s` that variant-search cut in
    halves (`s0`, `s1`): the halves' arrays take other names, so `o * s0`
    after the loop multiplies by the argument, not by an array."""
    text = emit("scalar-name-sub-tiled-ws", tmp_path)
    assert "float s0) {" in text
    assert not re.search(r"\bs0\[", text)
    assert re.search(r"= o\d?\[i\] \* s0;", text)


def test_b200_hole_after_the_loop_reads_a_loaded_tile_in_shared_memory(tmp_path: Path) -> None:
    """sm_100a: `acc + bias` after the loop, with the MMA a hole (A
    MN-major) so the accumulator is in registers and the add a hole too: the
    hole reads `bias` (loaded after the loop) in its shared-memory buffer,
    as the generated math does, not an undeclared array. Since an MN-major A
    is read in place by sm_100a's MN-major path, neither is a hole: the kernel
    is complete, its `acc + bias` reading `bias` in shared memory, and compiles."""
    text = emit("b200-hole-post-loaded-ws", tmp_path)
    assert "kernel 'k', target sm_100a (complete)" in text
    assert not hole_calls(text, "add") and not hole_calls(text, "mma")
    assert "sm.bias" in text


def test_carried_value_yielded_as_another_carried_value(tmp_path: Path) -> None:
    """`t = x; x = y; y = t + cast<f32>(a)` with `carry (x, y)` (a swap):
    x takes y's previous value, copied before y takes its next one, and
    after the loop the store of x reads x's carried array (was: `x_1`,
    never declared: nvcc 'identifier "x_1" is undefined', and no copy)."""
    text = emit("carried-swap-ws", tmp_path)
    store = re.search(r"twillc_store_acc<64, 1>\((\w+), C,", text)
    assert store and re.search(rf"float {store[1]}\[32\];", text)
    lines = [line.strip() for line in text.splitlines()]
    handoffs = [k for k, line in enumerate(lines) if re.fullmatch(rf"for .*\) {store[1]}\[i\] = \w+\[i\];", line)]
    assert handoffs
    for k in handoffs:  # y's previous value into x, then y's next value into y
        prev = re.search(r"= (\w+)\[i\];$", lines[k])[1]  # type: ignore[index]
        assert re.fullmatch(rf"for .*\) {prev}\[i\] = \w+\[i\];", lines[k + 1])
    assert re.search(rf"twillc_store_acc<64, 1>\({prev}, D,", text)
    if shutil.which("g++"):
        _run_swap_on_the_host(text, tmp_path)


HOST = """#include <cstdint>
#include <cstdio>
#include <initializer_list>
struct __half {};
template <int R> void tw_setmaxnreg_dec() {}
void tw_mbar_wait(uint64_t*, int) {}
void tw_mbar_arrive(uint64_t*) {}
struct { uint8_t a[10][1]; uint64_t a_full[10], a_empty[10]; } sm;
static int loaded = 0;  // the role reads each iteration's tile once, in order: a[kt][i] = 100 kt + i + 1
template <int N, typename S, typename T> void twillc_load_acc(T* out, const uint8_t*) {
  for (int i = 0; i < 32; ++i) out[i] = T(100 * loaded + i + 1);
  ++loaded;
}
template <int R, int U> void twillc_store_acc(const float* acc, float* out, int, int, int, int, int) {
  for (int i = 0; i < 32; ++i) out[i] = acc[i];
}
int main() {
  for (int trips : {0, 1, 2, 3, 9, 10, 11, 24}) {
    float C[32], D[32];
    const int wg = 1, bid = 0, N = 64 * trips;
    loaded = 0;
ROLE
    for (int i = 0; i < 32; ++i) printf("%d %d %.9g %.9g\\n", trips, i, C[i], D[i]);
  }
}
"""


def _run_role_on_the_host(text: str, tmp_path: Path, host: str) -> list[str]:
    """Role 1's code (`if (wg == 1) { ... }`) compiled into `host` at ROLE
    with g++ and run: its lines, trips x 32 threads."""
    role = re.search(r"\n(  if \(wg == 1\) \{.*?\n  \}\n)", text, re.S)
    assert role
    src = tmp_path / "host.cpp"
    src.write_text(host.replace("ROLE", role[1]))
    exe = tmp_path / "host"
    subprocess.run(["g++", "-std=c++17", "-o", str(exe), str(src)], check=True, capture_output=True)
    got = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.splitlines()
    assert len(got) == 8 * 32
    return got


def _run_swap_on_the_host(text: str, tmp_path: Path) -> None:
    """The consumer role's code of the swap, on the host (waits and arrives
    as no-ops, iteration kt's tile a[i] = 100 kt + i + 1): x and y after
    the loop are the loop's for 0 to 24 trips, those under the pipeline's
    10 stages (its prologue and epilogue alone) included."""
    for line in _run_role_on_the_host(text, tmp_path, HOST):
        trips, i, c, d = line.split()
        x, y = 0.0, 1.0
        for kt in range(int(trips)):
            x, y = y, x + 100 * kt + int(i) + 1
        assert (float(c), float(d)) == (x, y), line


def role_blocks(text: str) -> dict[str, list[str]]:
    """The kernel's warp roles (`if (wg == g) {  // role` to its closing
    `  }`), each as its lines."""
    roles: dict[str, list[str]] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("  if (wg == "):
            end = lines.index("  }", i)
            roles[line.split("//")[-1].strip()] = lines[i : end + 1]
    return roles


def undeclared_hole_arrays(text: str) -> set[str]:
    """The arrays a role passes to a hole (its outputs, its register inputs)
    that the role does not declare; a tensor-memory address (`tmem + c`) or
    a shared-memory buffer (`sm.x[...]`) is not an array of the role."""
    missing = set()
    for lines in role_blocks(text).values():
        declared = {m.group(1) for line in lines if (m := re.match(r"\s+[\w:]+ (\w+)\[\d+\];", line))}
        for line in lines:
            call = re.search(r"twillc_hole_\d+\((.*)\);  // TWILLC-HOLE", line)
            if call:
                args = [a.strip() for a in call.group(1).split(",") if a.strip()]
                missing |= {a for a in args if re.fullmatch(r"\w+", a) and a not in declared}
    return missing


def hole_calls(text: str, what: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.endswith(f"// TWILLC-HOLE: {what}")]


def test_b200_mma_hole_feeding_a_tmem_accumulator_update_declares_its_result(tmp_path: Path) -> None:
    """sm_100a, `acc = acc + mma(a.T, b)` (fuzz gen00218): the MMA (A
    MN-major) is a hole on the MMA role writing a register tile that the
    role stores to its tensor-memory channel slot, where the correction
    role's chunked `acc + v` reads it: the MMA role declares that array
    (was: skipped as a value never held whole, nvcc '"v2" is undefined').
    Since an MN-major A is generated on sm_100a, the MMA is no hole: the
    kernel is complete, declares every array it passes, and compiles."""
    text = emit("b200-acc-plus-mma-ws", tmp_path)
    assert "kernel 'k', target sm_100a (complete)" in text
    assert not hole_calls(text, "mma") and not undeclared_hole_arrays(text)
    assert "mma" in role_blocks(text)


def test_b200_schedule_overwriting_p_with_the_next_s_is_rejected(tmp_path: Path) -> None:
    """sm_100a, `o = o + mma(cast<f16>(p), v)` (fuzz gen00130), at the
    schedule it had before P was written over S: there the next iteration's
    S was computed while the MMA reading P had not completed. P now takes
    S's columns (`memory_plan.tmem_alias`) and the dependence graph makes
    that MMA a reader of S, so the independent checker counts S live until
    it completes and rejects this schedule (tensor memory over its 512
    columns); a schedule searched again keeps S until then."""
    import io

    err = io.StringIO()
    assert main([str(DATA / "b200-o-plus-mma-ws.mlir"), "-o", str(tmp_path / "k.cu")], stderr=err) != 0
    assert "fails the independent checker" in err.getvalue() and "memory tmem holds" in err.getvalue()


def test_b200_carried_tmem_accumulator_received_by_another_role(tmp_path: Path) -> None:
    """sm_100a, `t2 = acc + s0; acc = acc + t2` (fuzz gen00098): its fixed
    schedule kept `acc` in tensor memory on the role updating it and sent it
    to the role computing t2, whose ring got no columns (a hole; the
    regression was undeclared hole arrays: nvcc '"acc_1" / "t2" / "acc" is
    undefined'). The joint search now counts the columns the emitter
    allocates, and the checker rejects that schedule for them (640 of 512),
    before any output: a search no longer returns it."""
    import io

    cu, err = tmp_path / "k.cu", io.StringIO()
    assert main([str(DATA / "b200-acc-plus-acc-ws.mlir"), "--cuda-holes=trap", "-o", str(cu)], stderr=err) != 0
    assert "tensor memory: the schedule needs 640 columns > 512 (accumulators 128, rings 512)" in err.getvalue()
    assert not cu.exists()


def test_value_received_after_the_loop_into_its_carried_array(tmp_path: Path) -> None:
    """A role that receives `l` of the previous iteration in the loop (its
    array `l_1`) and the loop's result `l` after it (also `l_1`): the
    result goes into the loop's array, now free, not a second `l_1`."""
    text = emit("post-receive-into-carried-array-ws", tmp_path)
    role = role_blocks(text)["consumer1"]
    assert sum(1 for line in role if re.match(r"\s*float l_1\[", line)) == 1
    assert any(re.match(r"\s*twillc_recv\(l_1, sm.post\d", line) for line in role)


@pytest.mark.parametrize("module", ["carried-unassigned-stored-ws", "b200-carried-unassigned-stored-ws"])
def test_carried_value_the_loop_never_assigns_read_after_it(module: str, tmp_path: Path) -> None:
    """`carry (m, n, s)` with no `m = ...` or `n = ...` in the body (m read in
    the loop, n not), `store C = m` and `store D = n + s` after it: the
    loop's results for m and n are their initial values, values from before
    the loop that the role running those ops computes (`twill.live_in`)
    (was: no role held them, and the stores read `m_1` and `n`, never
    declared: nvcc 'identifier "m_1" is undefined')."""
    text = emit(module, tmp_path)
    m = re.search(r"twillc_store_(?:acc|row)<64, 1>\((\w+), C,", text)
    assert m and re.search(rf"float {m[1]}\[(32|64)\];", text)
    assert re.search(rf"for .*\) {m[1]}\[i\] = 1\.0f;", text)
    n = re.search(r"for .*\) (\w+)\[i\] = 2\.0f;", text)
    assert n and re.search(rf"float {n[1]}\[(32|64)\];", text)
    add = re.search(rf"(\w+)\[i\] = {n[1]}\[i\] \+ \w+\[i\];", text)
    assert add and re.search(rf"twillc_store_(?:acc|row)<64, 1>\({add[1]}, D,", text)
    if module.startswith("carried") and shutil.which("g++"):
        _run_unassigned_on_the_host(text, tmp_path)


def _run_unassigned_on_the_host(text: str, tmp_path: Path) -> None:
    """The consumer role's code on the host, as the swap's: C is m's initial
    value and D n's plus the loop's s = sum of m * a, for 0 to 24 trips."""
    host = HOST.replace("float C[32], D[32];", "float C[32], D[32], E[32];")
    for line in _run_role_on_the_host(text, tmp_path, host):
        trips, i, c, d = line.split()
        s = sum(100 * kt + int(i) + 1 for kt in range(int(trips)))
        assert (float(c), float(d)) == (1.0, 2.0 + s), line


def test_b200_mma_result_read_on_a_third_role_is_not_written_in_place(tmp_path: Path) -> None:
    """FA4's in-place O: the PV MMA writes o in the slot of its accumulator
    `o * alpha`, which the correction role rescales. Here a softmax role
    also reads o (`o / (1 + exp(-o))`, the next iteration): o in that one
    slot would be rescaled under that reader, and its ring (the
    accumulator's one slot) is shallower than o's lifetime, a stall the
    simulator reported (`o_empty[0]` completing at cycle 521, the refill at
    478). So o gets a ring of its own, as deep as its lifetime."""
    scheduled = DATA / "b200-mma-result-read-on-a-third-role-scheduled.mlir"
    ws, cu = tmp_path / "k.mlir", tmp_path / "k.cu"
    passes = "pipeline-expand,warp-specialize,simulate{trips=1,2,5,37 interleavings=20}"
    assert main([str(scheduled), "--passes", passes, "--cuda-holes=trap", "-o", str(ws), "-o", str(cu)]) == 0
    channels = dict(re.findall(r'twill.channel "(\w+)" from .* depth (\d+)', ws.read_text()))
    assert int(channels["o"]) >= 2 and channels["mul_1"] == "1"
    compiled(cu, tmp_path)


@pytest.mark.parametrize(
    "module",
    [
        "scalar-name-sub-tiled-ws",
        "post-receive-into-carried-array-ws",
        "b200-hole-post-loaded-ws",
        "b200-acc-plus-mma-ws",
        "b200-o-plus-mma-ws",
        "b200-acc-plus-acc-ws",
        "carried-swap-ws",
        "carried-unassigned-stored-ws",
        "b200-carried-unassigned-stored-ws",
    ],
)
def test_reads_back(module: str, tmp_path: Path) -> None:
    assert main([str(DATA / f"{module}.mlir"), "-o", str(tmp_path / "k.mlir")]) == 0


def run_tile(source: str, tmp_path: Path, *outputs: str) -> int:
    tile_path = tmp_path / "k.tile"
    tile_path.write_text(source)
    passes = "variant-search{time-limit=2},pipeline-expand,warp-specialize,simulate{trips=0,1,2,3,5 interleavings=4}"
    argv = [str(tile_path), "--passes", passes]
    for o in outputs:
        argv += ["-o", str(tmp_path / o)]
    return main(argv)


UNCHANGED = """target h100

kernel k(A: f16[N, 64], C: f32[N, 64], D: f32[N, 64]) {
  acc = full(0.5) : f32[64, 64]
  s = zeros() : f32[64, 64]
  for j in 0 .. N / 64 carry (acc, s) {
    a = load A[j, 0] : f16[64, 64]
    s = s + cast<f32>(a) * acc
  }
  store C[bid, 0] = acc
  store D[bid, 0] = s
}
"""

SWAP = """target h100

kernel k(A: f16[N, 64], C: f32[N, 64], D: f32[N, 64]) {
  x = zeros() : f32[64, 64]
  y = full(1.0) : f32[64, 64]
  for j in 0 .. N / 64 carry (x, y) {
    a = load A[j, 0] : f16[64, 64]
    t = x
    x = y
    y = t + cast<f32>(a)
  }
  store C[bid, 0] = x
  store D[bid, 0] = y
}
"""


def test_simulates_a_carried_value_the_loop_never_assigns(tmp_path: Path) -> None:
    """`carry (acc)` with no assignment to `acc` in the body: the loop yields
    it unchanged, and the simulator reads its initial value in every
    iteration and after the loop (was: KeyError, exit 3)."""
    assert run_tile(UNCHANGED, tmp_path, "k.mlir") == 0


def test_simulates_carried_values_yielded_as_each_other(tmp_path: Path) -> None:
    """`x = y` of two carried values (a swap): x entering iteration i is y
    entering iteration i - 1, two iterations after the op that computed it."""
    assert run_tile(SWAP, tmp_path, "k.mlir") == 0


def test_generates_a_carried_value_the_loop_never_assigns(tmp_path: Path) -> None:
    """The causal example with `m = m_new` deleted (`m` carried unchanged):
    simulated and generated (was: KeyError in the carried hand-off), and
    the CUDA compiles."""
    source = (DATA / "attn-causal-m-unchanged.tile").read_text()
    assert run_tile(source, tmp_path, "k.cu") == 0
    if NVCC:
        gen = "arch=compute_90a,code=sm_90a"
        nv = subprocess.run(
            [NVCC, "-gencode", gen, "-std=c++17", "-c", str(tmp_path / "k.cu"), "-o", str(tmp_path / "k.o")],
            capture_output=True,
            text=True,
            check=False,
        )
        assert nv.returncode == 0, nv.stderr


TAKES_UNASSIGNED = """target h100

kernel k(A: f16[N, 64], C: f32[N, 64], D: f32[N, 64]) {
  m = full(1.0) : f32[64, 64]
  x = zeros() : f32[64, 64]
  s = zeros() : f32[64, 64]
  for j in 0 .. N / 64 carry (m, x, s) {
    a = load A[j, 0] : f16[64, 64]
    s = s + cast<f32>(a)
    x = m
  }
  store C[bid, 0] = x
  store D[bid, 0] = s
}
"""


def test_refuses_a_carried_value_taking_an_unassigned_ones_after_the_loop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`x = m` with m never assigned, x read only after the loop: x's result is
    x's initial value after no trip and m's after any, which no role holds;
    simulated, and its CUDA a located 'not generated' (was: `x` never
    declared, nvcc 'identifier "x" is undefined')."""
    assert run_tile(TAKES_UNASSIGNED, tmp_path, "k.cu") == 1
    err = capsys.readouterr().err
    assert "k.tile:12:" in err and "carried 'x' read after the loop" in err and "not generated" in err


@pytest.mark.parametrize("module", ["h100-operand-read-twice-ws", "b200-operand-read-twice-ws"])
def test_simulator_counts_an_operand_read_twice_as_one_read(module: str, tmp_path: Path) -> None:
    """`x * x` of a loaded tile that another op of the role reads after it:
    one read of the slot, which the role keeps until that later op (was: the
    slot released after `x * x`, then an 'overwrite' reported, exit 3)."""
    # printed before warp-specialize wrote the memory plan: plan-memory first
    argv = [str(DATA / f"{module}.mlir"), "--passes", "plan-memory,simulate{trips=0,1,2,5,37 interleavings=20}"]
    assert main([*argv, "-o", str(tmp_path / "k.mlir")]) == 0


def test_register_cast_to_fp8_includes_its_type(tmp_path: Path) -> None:
    """attn_fwd_b200_natural with `cast<f8e5m2>(p)` (fuzz mut00434): every
    tensor is f16, the fp8 value only a register cast; the dtype helpers
    (`cuda_fp8.h`, twillc_dtypes.cuh) are included (was: nvcc
    '__nv_fp8_e5m2 is undefined')."""
    text = emit("b200-register-cast-fp8-ws", tmp_path)
    assert "__nv_fp8_e5m2" in text
    assert "twillc_dtypes.cuh" in text or "cuda_fp8.h" in text


def test_carried_value_yielded_as_another_is_two_iterations_back() -> None:
    """`t = x; x = y; y = t + ...`: y reads the y of two iterations back;
    the dependence graph the scheduler and the checkers read has that edge
    (distance 2), so y's value is kept live across two iterations."""
    from twillc.cli.compile import parse_module
    from twillc.transforms.common import module_machine
    from twillc.transforms.ir_graph import find_loop, graph_from_loop

    path = DATA / "carried-swap-ws.mlir"
    module = parse_module(path.read_text(), str(path), ".mlir")
    graph, _ = graph_from_loop(find_loop(module), module_machine(module))
    assert [(e.src, e.dst, e.distance) for e in graph.edges if e.distance] == [("y", "y", 2)]
