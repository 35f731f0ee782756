"""A fuzzer over the whole pipeline (issue 21 item 4).

Two sources of kernels, both seeded and deterministic:

- `generate(seed)`: a valid random `.tile` kernel: a random DAG of the
  language's ops with consistent shapes (loads of f16 / bf16 / f32 tiles of
  64 or 128 rows and columns, `mma` with and without an accumulator and
  with either operand transposed, element-wise arithmetic with numbers,
  row vectors and scalar arguments, `max` / `min`, `exp` / `exp2`,
  `rowmax` / `rowsum`, casts, masks from `iota_rows` / `iota_cols` offset
  by `bid` and the loop index, comparisons, `&` / `|`, `where`), carried
  values (accumulators, running maxima and sums), stores and `store +=`
  inside and after the loop, causal loop bounds; h100 and b200.
- `mutate(seed)`: an example of `examples/` with one to three edits: a tile
  size, a dtype, a statement deleted or duplicated, operands swapped, a
  name renamed, a garbage token inserted. Some stay valid, most do not.

Each kernel runs in its own process with a hard timeout through

    twillc k.tile --passes 'variant-search{time-limit=T},pipeline-expand,
        warp-specialize,simulate{trips=1,2,5 interleavings=3}' -o k.json -o k.cu

(variant-search checks every schedule with verify-schedule; simulate runs
the warp-specialized program against the reference interpreter), then
`nvcc -c` on the `.cu` (every `--nvcc-every`-th one; nvcc where installed).

Classes: `ok`, `located` (exit 1 with `file:line:col: error:`) and the
failures: `internal` (exit 3), `traceback`, `unlocated` (exit 1 with no
location, or another exit code), `slow` (beyond the limit + 2 s), `hang`
(killed at the hard timeout), `checker` (verify-schedule rejected a
schedule), `simulate` (the simulator found a difference), `nvcc` (a `.cu`
that does not compile), `no-output` (exit 0 without both files). Failing
inputs are written to `--out` (default bench/results/fuzz-failures/) with
their stderr. Prints a summary table (`--markdown` for docs/benchmarks.md).

Usage: python bench/fuzz.py [--generated 2000] [--mutated 1000] [--jobs 2]
       [--time-limit 2] [--limit 8] [--nvcc-every 1] [--seed 0]
       python bench/fuzz.py --replay bench/results/fuzz-failures --jobs 1
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.tile"))
LOCATED = re.compile(r"^\S+:\d+:\d+: error: ", re.MULTILINE)
NVCC = shutil.which("nvcc")
ARCH = {"h100": "sm_90a", "b200": "sm_100a"}
FAILURES = ("internal", "traceback", "unlocated", "slow", "hang", "checker", "simulate", "nvcc", "no-output")


# --------------------------------------------------------------------------- generator


@dataclass(frozen=True)
class Val:
    name: str
    dtype: str
    shape: tuple[int, ...]
    loaded: bool = False  # a loaded tile (an mma operand from shared memory)


class Gen:
    """Builds one kernel: an environment of typed values and the statements
    that define them; every op is chosen among the ones whose operand types
    combine, so the kernel is valid by construction."""

    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.n = 0
        self.params: list[str] = []
        self.scalars: list[str] = []

    def fresh(self, base: str) -> str:
        self.n += 1
        return f"{base}{self.n}"

    def param(self, dtype: str, dims: str) -> str:
        name = f"T{len(self.params)}"
        self.params.append(f"{name}: {dtype}[{dims}]")
        return name

    def scalar(self) -> str:
        if not self.scalars or self.r.random() < 0.3:
            name = f"s{len(self.scalars)}"
            self.scalars.append(name)
        return self.r.choice(self.scalars)

    # a float operand of `shape` (f32), possibly broadcast from a row vector or a number
    def f32_of(self, env: list[Val], shape: tuple[int, ...]) -> str:
        same = [v for v in env if v.dtype == "f32" and v.shape == shape]
        rows = [v for v in env if v.dtype == "f32" and len(shape) == 2 and v.shape == shape[:1]]
        pick = self.r.random()
        if same and pick < 0.6:
            return self.r.choice(same).name
        if rows and pick < 0.8:
            return self.r.choice(rows).name
        if pick < 0.9:
            return self.scalar()
        return self.r.choice(["0.5", "2.0", "1.0", "0.125"])

    def expr(self, env: list[Val], shape: tuple[int, ...]) -> str:
        """A random f32 expression of `shape` over env (depth 1 or 2)."""
        same = [v for v in env if v.dtype == "f32" and v.shape == shape]
        base = self.r.choice(same).name if same else None
        if base is None:
            return f"cast<f32>({self.r.choice([v for v in env if v.shape == shape]).name})"
        k = self.r.randrange(7)
        other = self.f32_of(env, shape)
        if k == 0:
            return f"{base} {self.r.choice('+-*')} {other}"
        if k == 1:
            return f"{self.r.choice(['max', 'min'])}({base}, {other})"
        if k == 2:
            return f"exp2({base} - {other})"
        if k == 3:
            return f"{self.r.choice(['exp', 'exp2'])}({base} * 0.125)"
        if k == 4:
            return f"{base} * {other} + {self.f32_of(env, shape)}"
        if k == 5:
            return f"-{base}"
        return f"{base} / (1 + exp(-{base}))"

    def kernel(self) -> str:
        r = self.r
        target = r.choice(["h100", "b200"])
        mdt = r.choice(["f16", "f16", "bf16"])
        BM = 128 if target == "b200" else r.choice([64, 128])
        BN = r.choice([64, 128])
        D = r.choice([64, 128])
        kind = r.choice(["attn", "attn", "gemm", "ew"])
        pre: list[str] = []
        body: list[str] = []
        post: list[str] = []
        env: list[Val] = []  # before the loop
        carried: list[Val] = []
        masked = kind == "attn" and r.random() < 0.5
        causal = masked and r.random() < 0.5

        if kind == "attn":
            Q = self.param(mdt, f"N, {D}")
            pre.append(f"q = load {Q}[bid, 0] : {mdt}[{BM}, {D}]")
            env.append(Val("q", mdt, (BM, D), True))
            K = self.param(mdt, f"N, {D}")
            V = self.param(mdt, f"N, {D}") if r.random() < 0.8 else K
            if masked:
                pre.append(f"rows = iota_rows({BM}, {BN}) + bid * {BM}")
            carried = [Val("o", "f32", (BM, D)), Val("m", "f32", (BM,)), Val("l", "f32", (BM,))]
            r.shuffle(carried)
            carried = carried[: r.randint(1, 3)]
            inits = {"o": f"zeros() : f32[{BM}, {D}]", "m": f"full(-inf) : f32[{BM}]", "l": f"zeros() : f32[{BM}]"}
            for c in carried:
                pre.append(f"{c.name} = {inits[c.name]}")
            ub = f"(bid + 1) * {BM} / {BN}" if causal else f"N / {BN}"
            loop = f"for j in 0 .. {ub} carry ({', '.join(c.name for c in carried)}) {{"
            benv = env + carried
            body.append(f"k = load {K}[j, 0] : {mdt}[{BN}, {D}]")
            benv.append(Val("k", mdt, (BN, D), True))
            if V != K or r.random() < 0.5:
                body.append(f"v = load {V}[j, 0] : {mdt}[{BN}, {D}]")
                benv.append(Val("v", mdt, (BN, D), True))
            s = "mma(q, k.T)"
            if r.random() < 0.4:
                s += f" * {self.scalar()}"
            if masked:
                body.append(f"cols = iota_cols({BM}, {BN}) + j * {BN}")
                cond = r.choice(
                    ["cols <= rows", "cols < N", "cols <= rows & cols > rows - 256", "cols <= rows | rows == 0"]
                )
                s = f"where({cond}, {s}, {r.choice(['-inf', '0.0'])})"
            body.append(f"s = {s}")
            benv.append(Val("s", "f32", (BM, BN)))
            for _ in range(r.randint(0, 3)):
                name = self.fresh("t")
                shape = r.choice([(BM, BN), (BM, BN), (BM,)])
                if shape == (BM,):
                    src = r.choice([v for v in benv if v.dtype == "f32" and v.shape == (BM, BN)])
                    body.append(f"{name} = {r.choice(['rowmax', 'rowsum'])}({src.name})")
                else:
                    body.append(f"{name} = {self.expr(benv, shape)}")
                benv.append(Val(name, "f32", shape))
            by = {c.name: c for c in carried}
            if "m" in by:
                body.append("m_new = max(m, rowmax(s))")
                body.append("p = exp2(s - m_new)")
                alpha = "exp2(m - m_new)"
            else:
                body.append(f"p = exp2(s - {r.choice(['rowmax(s)', '1.0'])})")
                alpha = None
            benv.append(Val("p", "f32", (BM, BN)))
            if alpha:
                body.append(f"alpha = {alpha}")
                benv.append(Val("alpha", "f32", (BM,)))
            if "l" in by:
                body.append("l = l * alpha + rowsum(p)" if alpha else "l = l + rowsum(p)")
            if "o" in by:
                vv = "v" if any(v.name == "v" for v in benv) else "k"
                acc = r.choice(["o * alpha" if alpha else "o", "o"]) if alpha else "o"
                if r.random() < 0.15:
                    body.append(f"o = {acc} + mma(cast<{mdt}>(p), {vv})")
                else:
                    body.append(f"o = mma(cast<{mdt}>(p), {vv}, {acc})")
            if "m" in by:
                body.append("m = m_new")
            if r.random() < 0.2:
                P = self.param("f32", "N, N")
                op = r.choice(["=", "+="])
                body.append(f"store {P}[bid, j] {op} p")
            # after the loop
            if "o" in by:
                out_t = self.param(r.choice([mdt, "f32"]), f"N, {D}")
                val = "o / l" if "l" in by else r.choice(["o", f"o * {self.scalar()}", "cast<f32>(q) + o"])
                post.append(f"store {out_t}[bid, 0] {r.choice(['=', '=', '+='])} {val}")
            for rv in ("m", "l"):
                if rv in by:
                    L = self.param("f32", "N")
                    post.append(f"store {L}[bid] = {rv}{r.choice(['', ' * 0.5', ' + 1.0'])}")
        elif kind == "gemm":
            BK = 64
            tA = r.random() < 0.3
            tB = r.random() < 0.3
            A = self.param(mdt, "K, M" if tA else "M, K")
            B = self.param(mdt, "N, K" if tB else "K, N")
            halves = target == "h100" and BM == 128 and r.random() < 0.3
            HM = BM // 2 if halves else BM
            n_acc = 2 if halves else 1
            accs = [Val(f"acc{i}", "f32", (HM, BN)) for i in range(n_acc)]
            for a in accs:
                pre.append(f"{a.name} = zeros() : f32[{HM}, {BN}]")
            carried = list(accs)
            loop = f"for kk in 0 .. K / {BK} carry ({', '.join(a.name for a in accs)}) {{"
            for i in range(n_acc):
                row = f"{n_acc} * bid + {i}" if halves else "bid"
                if tA:
                    body.append(f"a{i} = load {A}[kk, {row}] : {mdt}[{BK}, {HM}]")
                else:
                    body.append(f"a{i} = load {A}[{row}, kk] : {mdt}[{HM}, {BK}]")
            if tB:
                body.append(f"b = load {B}[bid, kk] : {mdt}[{BN}, {BK}]")
            else:
                body.append(f"b = load {B}[kk, bid] : {mdt}[{BK}, {BN}]")
            for i, a in enumerate(accs):
                x = f"a{i}.T" if tA else f"a{i}"
                y = "b.T" if tB else "b"
                if r.random() < 0.1:
                    body.append(f"{a.name} = {a.name} + mma({x}, {y})")
                else:
                    body.append(f"{a.name} = mma({x}, {y}, {a.name})")
            cdt = r.choice(["f32", mdt])
            C = self.param(cdt, "M, N")
            for i, a in enumerate(accs):
                row = f"{n_acc} * bid + {i}" if halves else "bid"
                val = r.choice([a.name, f"{a.name} * {self.scalar()}", f"{a.name} * 0.5 + 1.0", f"max({a.name}, 0.0)"])
                if r.random() < 0.2:
                    bias = self.param("f32", "M")
                    post.append(f"bias{i} = load {bias}[{row}] : f32[{HM}]")
                    val = f"{a.name} + bias{i}"
                op = "+=" if cdt == "f32" and r.random() < 0.3 else "="
                post.append(f"store {C}[{row}, bid] {op} {val}")
        else:  # element-wise: loaded tiles accumulated with math
            ldt = r.choice(["f16", "bf16", "f32"])
            X = self.param(ldt, f"N, {D}")
            acc = Val("acc", "f32", (BM, D))
            pre.append(f"acc = zeros() : f32[{BM}, {D}]")
            carried = [acc]
            extra = r.random() < 0.5
            if extra:
                pre.append(f"mx = full(-inf) : f32[{BM}]")
                carried.append(Val("mx", "f32", (BM,)))
            loop = f"for j in 0 .. N / {BM} carry ({', '.join(c.name for c in carried)}) {{"
            body.append(f"x = load {X}[j, 0] : {ldt}[{BM}, {D}]")
            xf = "x" if ldt == "f32" else "cast<f32>(x)"
            body.append(f"y = {xf}")
            benv = [Val("y", "f32", (BM, D)), acc]
            for _ in range(r.randint(0, 3)):
                name = self.fresh("t")
                body.append(f"{name} = {self.expr(benv, (BM, D))}")
                benv.append(Val(name, "f32", (BM, D)))
            last = benv[-1].name
            body.append(f"acc = acc + {last}")
            if extra:
                body.append(f"mx = max(mx, rowmax({last}))")
            if r.random() < 0.3:
                P = self.param(ldt, f"N, {D}")
                body.append(f"store {P}[j, 0] = x")
            out_t = self.param(r.choice(["f32", "f16", "bf16"]), f"N, {D}")
            post.append(f"store {out_t}[bid, 0] = acc{r.choice(['', ' * 0.5', ' - 1.0'])}")
            if extra:
                L = self.param("f32", "N")
                post.append(f"store {L}[bid] = mx")
        params = self.params + [f"{s}: f32" for s in self.scalars]
        lines = [f"// fuzz: generated kernel (kind {kind})", f"target {target}", ""]
        lines.append(f"kernel k({', '.join(params)}) {{")
        lines += [f"  {x}" for x in pre]
        lines.append(f"  {loop}")
        lines += [f"    {x}" for x in body]
        lines.append("  }")
        lines += [f"  {x}" for x in post]
        lines.append("}")
        return "\n".join(lines) + "\n"


def generate(seed: int) -> str:
    return Gen(seed).kernel()


# --------------------------------------------------------------------------- mutations

GARBAGE = ["(", ")", "[", "]", "{", "}", ",", ":", "=", "+=", "..", ".T", "mma", "load", "carry", "@", "$", "'", "1e9"]
SIZES = ["16", "32", "48", "64", "80", "96", "128", "192", "256", "512", "0", "1", "7"]
DTYPES = ["f16", "bf16", "f32", "f8e4m3", "f8e5m2", "i32", "i8"]


def mutate(seed: int) -> tuple[str, str]:
    """An example with 1 to 3 edits; returns (example stem, text)."""
    r = random.Random(seed)
    ex = r.choice(EXAMPLES)
    lines = ex.read_text().split("\n")
    for _ in range(r.randint(1, 3)):
        stmts = [i for i, x in enumerate(lines) if x.strip() and not x.strip().startswith("//")]
        i = r.choice(stmts)
        k = r.randrange(7)
        if k == 0:  # a tile size
            nums = list(re.finditer(r"\b\d+\b", lines[i]))
            if nums:
                m = r.choice(nums)
                lines[i] = lines[i][: m.start()] + r.choice(SIZES) + lines[i][m.end() :]
        elif k == 1:  # a dtype
            dts = list(re.finditer(r"\b(f16|bf16|f32)\b", lines[i]))
            if dts:
                m = r.choice(dts)
                lines[i] = lines[i][: m.start()] + r.choice(DTYPES) + lines[i][m.end() :]
        elif k == 2:
            del lines[i]
        elif k == 3:
            lines.insert(i, lines[i])
        elif k == 4:  # swap two operands of a call
            m = re.search(r"\(([^(),]+), ([^(),]+)", lines[i])
            if m:
                lines[i] = lines[i][: m.start(1)] + m.group(2) + ", " + m.group(1) + lines[i][m.end(2) :]
        elif k == 5:  # rename an identifier occurrence
            ids = list(re.finditer(r"\b[A-Za-z_]\w*\b", lines[i]))
            if ids:
                m = r.choice(ids)
                lines[i] = (
                    lines[i][: m.start()]
                    + r.choice(["q", "k", "v", "x", "bid", "j", "N", "o", "m", "s"])
                    + lines[i][m.end() :]
                )
        else:  # a garbage token
            p = r.randint(0, len(lines[i]))
            lines[i] = lines[i][:p] + f" {r.choice(GARBAGE)} " + lines[i][p:]
    return ex.stem, "\n".join(lines)


# --------------------------------------------------------------------------- running


@dataclass
class Result:
    name: str
    cls: str
    wall: float
    detail: str = ""
    compiled: bool = False


def passes(time_limit: float) -> str:
    return (
        f"variant-search{{time-limit={time_limit:g}}},pipeline-expand,warp-specialize,"
        "simulate{trips=1,2,5 interleavings=3}"
    )


def classify(code: int | None, stderr: str, wall: float, limit: float, outs: list[Path]) -> tuple[str, str]:
    first = next((x for x in stderr.splitlines() if x.strip()), "")
    if code is None:
        return "hang", f"killed after {wall:.1f} s"
    if "Traceback" in stderr:
        return "traceback", stderr.strip().splitlines()[-1]
    if code == 3:
        if "verify-schedule" in stderr or "schedule check" in stderr:
            return "checker", first
        if "simulate:" in stderr:
            return "simulate", first
        return "internal", first
    if wall > limit + 2:
        return "slow", f"{wall:.1f} s"
    if code == 1:
        return ("located", first) if LOCATED.search(stderr) else ("unlocated", first)
    if code == 0:
        return ("ok", "") if all(p.exists() for p in outs) else ("no-output", "")
    return "unlocated", f"exit {code}: {first}"


def run_one(name: str, text: str, args: argparse.Namespace, nvcc: bool) -> Result:
    with tempfile.TemporaryDirectory() as tmp:
        tile = Path(tmp) / f"{name}.tile"
        tile.write_text(text)
        js, cu = Path(tmp) / "k.json", Path(tmp) / "k.cu"
        cmd = [sys.executable, "-m", "twillc.driver", str(tile), "--no-cache"]
        cmd += ["--passes", passes(args.time_limit), "-o", str(js), "-o", str(cu)]
        env = dict(os.environ, PYTHONPATH=str(ROOT), TWILLC_NO_CACHE="1")
        t0 = time.monotonic()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.hard_timeout, env=env, cwd=tmp)
            code, stderr = proc.returncode, proc.stderr
        except subprocess.TimeoutExpired:
            code, stderr = None, ""
        wall = time.monotonic() - t0
        cls, detail = classify(code, stderr, wall, args.limit, [js, cu])
        compiled = False
        if cls == "ok" and nvcc and NVCC:
            arch = "sm_100a" if "target sm_100a" in cu.read_text()[:400] else "sm_90a"
            gen = f"arch=compute_{arch[3:]},code={arch}"
            nv = subprocess.run(
                [NVCC, "-gencode", gen, "-std=c++17", "-c", str(cu), "-o", str(Path(tmp) / "k.o")],
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
            compiled = True
            if nv.returncode != 0:
                cls = "nvcc"
                detail = next((x for x in nv.stderr.splitlines() if "error" in x), nv.stderr[:200])
                stderr = nv.stderr
        if cls in FAILURES and args.out:
            out = Path(args.out)
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{name}.tile").write_text(text)
            (out / f"{name}.{cls}.txt").write_text(stderr)
        return Result(name, cls, wall, detail, compiled)


def cases(args: argparse.Namespace) -> list[tuple[str, str]]:
    if args.replay:  # the failing inputs a run wrote, again
        return [(p.stem, p.read_text()) for p in sorted(Path(args.replay).glob("*.tile"))]
    out = [(f"gen{args.seed + i:05d}", generate(args.seed + i)) for i in range(args.generated)]
    for i in range(args.mutated):
        stem, text = mutate(args.seed + i)
        out.append((f"mut{args.seed + i:05d}_{stem}", text))
    return out


def run_all(args: argparse.Namespace) -> list[Result]:
    todo = cases(args)
    results: list[Result] = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = [
            pool.submit(run_one, name, text, args, args.nvcc_every > 0 and i % args.nvcc_every == 0)
            for i, (name, text) in enumerate(todo)
        ]
        for f in futs:
            res = f.result()
            results.append(res)
            if args.verbose or res.cls in FAILURES:
                print(f"{res.name}: {res.cls} {res.wall:.1f}s {res.detail}", file=sys.stderr, flush=True)
    return results


def table(results: list[Result], markdown: bool) -> str:
    classes = ["ok", "located", *FAILURES]
    rows = []
    for src in ("gen", "mut"):
        rs = [x for x in results if x.name.startswith(src)]
        c = Counter(x.cls for x in rs)
        walls = [x.wall for x in rs]
        rows.append(
            [
                "generated" if src == "gen" else "mutated",
                str(len(rs)),
                *[str(c.get(k, 0)) for k in classes],
                str(sum(x.compiled for x in rs)),
                f"{max(walls):.1f}" if walls else "-",
            ]
        )
    head = ["kernels", "runs", *classes, "nvcc'd", "max s"]
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    w = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    return "\n".join("  ".join(x.rjust(w[i]) for i, x in enumerate(r)) for r in [head, *rows])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--generated", type=int, default=2000)
    ap.add_argument("--mutated", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=2.0, help="variant-search's time limit (s)")
    ap.add_argument("--limit", type=float, default=8.0, help="a run's time limit (s); beyond it + 2 s is 'slow'")
    ap.add_argument("--hard-timeout", type=float, default=60.0, help="a run killed after this is a 'hang'")
    ap.add_argument("--nvcc-every", type=int, default=1, help="nvcc every N-th kernel (0: never)")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "fuzz-failures"))
    ap.add_argument("--replay", metavar="DIR", help="run the .tile files of DIR (a run's failures) instead")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--print", type=int, metavar="SEED", help="print generated kernel SEED and exit")
    args = ap.parse_args(argv)
    if args.print is not None:
        print(generate(args.print), end="")
        return 0
    t0 = time.monotonic()
    results = run_all(args)
    print(table(results, args.markdown))
    print(f"{len(results)} kernels in {time.monotonic() - t0:.0f} s, nvcc: {NVCC or 'not installed'}")
    return 1 if any(x.cls in FAILURES for x in results) else 0


if __name__ == "__main__":
    sys.exit(main())
