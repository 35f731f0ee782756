"""twillc.runtime on the host (no GPU): `twillc examples/gemm_h100.tile -o
k.so` builds (where nvcc is installed), `twillc.runtime.load` reads the
signature the library exports, and every argument is checked before any
launch: a wrong dtype, a wrong shape, a non-contiguous tensor and a CPU
tensor each get a clear error. The custom op is registered with a fake
implementation (its output shape under FakeTensorMode and under
torch.compile). The grid the runtime derives from the signature agrees with
the reference interpreter's (bench/gpu_ref.py). The launch itself is
checked by the GPU suite (bench/gpu.py) where a device is lent.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from twillc.driver import main  # noqa: E402
from twillc.runtime import ArgumentError, LoadError, grid_of, index_expr, load, signature_of  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))


def compile_to(src: Path, out: Path) -> None:
    err = io.StringIO()
    rc = main([str(src), "-o", str(out), "--no-cache", "--no-ptxas-check"], stderr=err)
    assert rc == 0, err.getvalue()


@pytest.fixture(scope="module")
def gemm_so(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc is not installed")
    so = tmp_path_factory.mktemp("runtime") / "gemm.so"
    compile_to(ROOT / "examples" / "gemm_h100.tile", so)
    return so


def signature_in_cuda(src: Path, tmp_path: Path) -> dict:
    """The signature the generated CUDA exports (no nvcc needed)."""
    cu = tmp_path / "k.cu"
    compile_to(src, cu)
    literal = re.search(r'twillc_signature\(\) \{\n  return "(.*)";', cu.read_text())
    assert literal is not None
    return json.loads(literal.group(1).replace('\\"', '"').replace("\\\\", "\\"))


def f16(*shape: int, device: str = "cpu") -> torch.Tensor:
    return torch.zeros(*shape, dtype=torch.float16, device=device)


# -- the library and its signature ------------------------------------------------------
def test_gemm_builds_and_its_signature_loads(gemm_so: Path) -> None:
    sig = signature_of(gemm_so)  # the standard library alone
    assert sig["kernel"] == "gemm" and sig["target"] == "sm_90a" and sig["launcher"] == "twillc_gemm_launch"
    args = {a["name"]: (a["dtype"], a["shape"], a["role"]) for a in sig["args"]}
    assert args == {"A": ("f16", ["M", "K"], "in"), "B": ("f16", ["K", "N"], "in"), "C": ("f16", ["M", "N"], "out")}
    assert sig["sizes"] == ["M", "K", "N"]
    assert [p[1] for p in sig["params"]] == ["A", "B", "C", "M", "K", "N", "blocks", "stream"]
    kernel = load(gemm_so)
    assert kernel.inputs == ["A", "B"] and kernel.outputs == ["C"]
    assert "gemm(A: f16[M, K], B: f16[K, N]) -> (C: f16[M, N])" in repr(kernel)
    assert load(gemm_so) is kernel  # the same library: the same op, registered once
    assert kernel.grid({"M": 256, "K": 128, "N": 512}) == 4  # (256 / 128) * (512 / 256) CTAs


def test_a_file_that_is_not_a_twillc_kernel(tmp_path: Path) -> None:
    text = tmp_path / "k.so"
    text.write_text("not a shared library")
    with pytest.raises(LoadError, match="cannot load the shared library"):
        load(text)
    with pytest.raises(LoadError, match="no such file"):
        load(tmp_path / "missing.so")


# -- checks before any launch -----------------------------------------------------------
def test_wrong_dtype(gemm_so: Path) -> None:
    with pytest.raises(
        ArgumentError, match=r"gemm: A has dtype torch.float32, expected torch.float16 \(A: f16\[M, K\]\)"
    ):
        load(gemm_so)(torch.zeros(256, 128), f16(128, 512))


def test_wrong_shape(gemm_so: Path) -> None:
    kernel = load(gemm_so)
    with pytest.raises(
        ArgumentError, match=r"B has shape \[64, 512\]: dimension 0 is K, which A's dimension 1 sets to 128"
    ):
        kernel(f16(256, 128), f16(64, 512))
    with pytest.raises(ArgumentError, match=r"A has 1 dimensions \[256\], expected 2"):
        kernel(f16(256), f16(128, 512))
    with pytest.raises(ArgumentError, match=r"C has shape \[256, 256\]: dimension 1 is N, which B's dimension 1 sets"):
        kernel(f16(256, 128), f16(128, 512), C=f16(256, 256))


def test_non_contiguous_tensor(gemm_so: Path) -> None:
    b = f16(512, 128).t()  # [128, 512], column-major
    with pytest.raises(ArgumentError, match=r"B is not contiguous \(strides \[1, 128\]\).*pass B.contiguous\(\)"):
        load(gemm_so)(f16(256, 128), b)


def test_cpu_tensor(gemm_so: Path) -> None:
    with pytest.raises(ArgumentError, match=r"A is on cpu; the kernel runs on a CUDA device .*pass A.cuda\(\)"):
        load(gemm_so)(f16(256, 128), f16(128, 512))


def test_arguments_by_name(gemm_so: Path) -> None:
    kernel = load(gemm_so)
    with pytest.raises(ArgumentError, match=r"missing B \(call as gemm\(A, B, C=None\)\)"):
        kernel(f16(256, 128))
    with pytest.raises(ArgumentError, match="no argument named 'D'"):
        kernel(f16(256, 128), f16(128, 512), D=f16(1))
    with pytest.raises(ArgumentError, match="argument 'A' given twice"):
        kernel(f16(256, 128), A=f16(256, 128), B=f16(128, 512))
    with pytest.raises(ArgumentError, match="takes 2 inputs"):
        kernel(f16(256, 128), f16(128, 512), f16(256, 512))


# -- the custom op ----------------------------------------------------------------------
def test_custom_op_and_its_fake_implementation(gemm_so: Path) -> None:
    from torch._subclasses.fake_tensor import FakeTensorMode

    kernel = load(gemm_so)
    op = getattr(torch.ops.twillc, kernel.op_name)
    assert str(op.default._schema).endswith("(Tensor A, Tensor B) -> Tensor")
    assert str(kernel.op_out.default._schema).endswith("(Tensor A, Tensor B, Tensor(a!) C) -> ()")
    with FakeTensorMode():
        c = kernel(f16(256, 128, device="cuda"), f16(128, 512, device="cuda"))
        assert (tuple(c.shape), c.dtype, c.device.type) == ((256, 512), torch.float16, "cuda")
        given = f16(256, 512, device="cuda")
        assert kernel(f16(256, 128, device="cuda"), f16(128, 512, device="cuda"), C=given) is given


def test_traces_under_torch_compile(gemm_so: Path) -> None:
    """dynamo traces the call with no graph break into one call of the op
    (fake CUDA tensors: torch's CPU build compiles, nothing runs)."""
    from torch._subclasses.fake_tensor import FakeTensorMode

    kernel = load(gemm_so)
    graphs: list = []

    def backend(gm, example_inputs):  # noqa: ANN001, ANN202
        graphs.append(gm)
        return gm.forward

    with FakeTensorMode():
        f = torch.compile(lambda a, b: kernel(a, b) * 2, backend=backend, fullgraph=True)
        out = f(f16(256, 128, device="cuda"), f16(128, 512, device="cuda"))
    assert tuple(out.shape) == (256, 512)
    calls = [n for n in graphs[0].graph.nodes if n.op == "call_function"]
    assert [str(n.target) for n in calls][0] == f"twillc.{kernel.op_name}"


# -- the grid ---------------------------------------------------------------------------
def test_index_expressions_are_c_integer_arithmetic() -> None:
    assert index_expr("(bid - ((bid / (N / 256)) * (N / 256)))")({"bid": 5, "N": 512}) == 1
    assert index_expr("(-7 / 2)")({}) == -3 and index_expr("(-7 % 2)")({}) == -1  # truncating, as in C
    assert index_expr("max(0, ((bid * 128) - 4095)) / 128")({"bid": 40}) == 8
    with pytest.raises(ValueError, match="unsupported"):
        index_expr("__import__('os')")


@pytest.mark.parametrize(
    ("example", "sizes"),
    [
        # Two stores as written: a block runs while both start inside C.
        ("gemm_h100.tile", [(256, 64, 512), (200, 64, 300), (150, 64, 512), (1024, 128, 768)]),
        # One store as written, split in two 64-row parts by the variant search: a
        # block runs while its first part starts inside O (N = 130: two blocks).
        ("attn_fwd_h100_natural.tile", [(1024,), (1000,), (130,), (64,)]),
    ],
)
def test_grid_agrees_with_the_reference(example: str, sizes: list, tmp_path: Path) -> None:
    import gpu
    import gpu_ref

    from twillc.frontend import parse_tile

    sig = signature_in_cuda(ROOT / "examples" / example, tmp_path)
    program = gpu.serialize(parse_tile((ROOT / "examples" / example).read_text(), example))
    for values in sizes:
        s = dict(zip(sig["sizes"], values, strict=True))
        assert grid_of(sig, s) == gpu_ref.grid(program, s)[0], s


def test_grid_of_an_integer_scalar_index(tmp_path: Path) -> None:
    """An integer scalar argument in a store's tile coordinates (with `let`
    and `%`): the signature names it, the runtime evaluates the grid with its
    value beside the sizes, and agrees with the reference interpreter."""
    import gpu
    import gpu_ref

    from twillc.frontend import parse_tile

    src = tmp_path / "k.tile"
    src.write_text(
        "target h100\n"
        "kernel k(X: f16[M, 64], Y: f32[M, 64], first: i32) {\n"
        "  let b = bid + first\n"
        "  acc = zeros() : f32[64, 64]\n"
        "  for j in 0 .. 2 carry (acc) {\n"
        "    acc = acc + cast<f32>(load X[b % (M / 64), 0] : f16[64, 64])\n"
        "  }\n"
        "  store Y[b, 0] = acc\n"
        "}\n"
    )
    sig = signature_in_cuda(src, tmp_path)
    assert sig["args"][2] == {"name": "first", "kind": "scalar", "dtype": "i32"}
    assert sig["grid"]["stores"][0]["index"] == ["(bid + first)", "0"]
    program = gpu.serialize(parse_tile(src.read_text(), str(src)))
    for m, first in [(640, 0), (640, 3), (640, 10), (100, 1)]:
        values = {"M": m, "first": first}
        assert grid_of(sig, values) == gpu_ref.grid(program, values)[0] == max(0, -(-m // 64) - first), values


def test_a_persistent_grid_is_left_to_the_caller(tmp_path: Path) -> None:
    """A kernel whose every store is inside its loop (RMSNorm's 132 CTAs
    striding over row blocks) compiles, and its signature says that the
    grid is not derived (`grid: null`): the runtime refuses to guess it."""
    sig = signature_in_cuda(ROOT / "tests" / "data" / "registers" / "rmsnorm_rows_h100.mlir", tmp_path)
    assert sig["grid"] is None
    assert [a["role"] for a in sig["args"] if a["kind"] == "tensor"] == ["in", "in", "out"]


def test_grid_of_a_grid_along_y(tmp_path: Path) -> None:
    """A kernel reading `bid_y` (`grid y = H`): the signature gives the
    extents along y and z, and the grid along x is the blocks whose stores
    start inside the tensor at every `bid_y` (the launcher launches H along y)."""
    src = tmp_path / "k.tile"
    src.write_text(
        "target h100\n"
        "kernel k(X: f16[M, 64], Y: f32[M, 64], H: i32) {\n"
        "  grid y = H\n"
        "  let per_head = M / 64 / H\n"
        "  acc = zeros() : f32[64, 64]\n"
        "  for j in 0 .. 2 carry (acc) {\n"
        "    acc = acc + cast<f32>(load X[bid_y * per_head + bid, 0] : f16[64, 64])\n"
        "  }\n"
        "  store Y[bid_y * per_head + bid, 0] = acc\n"
        "}\n"
    )
    sig = signature_in_cuda(src, tmp_path)
    assert sig["grid"]["extents"] == ["H", "1"]
    assert sig["grid"]["stores"][0]["index"] == ["((bid_y * ((M / 64) / H)) + bid)", "0"]
    # 10 tiles of 64 rows: 2 heads of 5 blocks; 3 heads of 3 (at bid_y = 2 the 5th block starts at tile 10);
    # no head: nothing to launch
    for m, h, blocks in [(640, 1, 10), (640, 2, 5), (640, 3, 4), (100, 1, 2), (640, 0, 0)]:
        assert grid_of(sig, {"M": m, "H": h}) == blocks, (m, h)
