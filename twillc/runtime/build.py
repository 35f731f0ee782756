"""nvcc a generated kernel into a shared library, and read its host
launcher: the one build of `twillc k.tile -o k.so`, `bench/gpu.py` and
`bench/cuda_run.py`. Standard library only, so that the benches import it on
a device machine where only torch is installed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

LAUNCHER = re.compile(r'extern "C" int (\w+)\(([^)]*)\)')
"""The generated host launcher: `extern "C" int <ns>_launch(void* A, ..., int blocks, cudaStream_t stream)`."""

SHARED_FLAGS = ("-O3", "-shared", "-Xcompiler", "-fPIC", "-Xlinker", "-s", "-Xptxas", "-v")
"""nvcc's flags for a shared library after the target's `-gencode`: optimized, position
independent, stripped, with ptxas's register report (-Xptxas -v) on stderr."""


class NvccError(Exception):
    """nvcc is missing, failed on the kernel or did not finish."""


def nvcc_path() -> str | None:
    return shutil.which("nvcc")


def launcher_params(cu_text: str) -> tuple[str, list[tuple[str, str]]]:
    """The host launcher's name and its parameters as (C type, name), read
    from the generated source; ValueError when it has none."""
    found = LAUNCHER.search(cu_text)
    if found is None:
        raise ValueError('the generated CUDA has no extern "C" launcher')
    name, params = found.groups()
    kinds = [tuple(p.strip().rsplit(" ", 1)) for p in params.split(",") if p.strip()]
    return name, [(kind.strip(), pname.strip("*& ")) for kind, pname in kinds]


def param_role(ctype: str, pname: str) -> str:
    """How a launcher parameter is passed: 'stream', 'pointer', 'float' or 'int'."""
    if pname == "stream" or "Stream" in ctype:
        return "stream"
    if ctype.endswith("*"):
        return "pointer"
    if ctype in ("float", "double"):
        return "float"
    return "int"


def build_shared(cu: Path, so: Path, arch_flags: Sequence[str], timeout: float = 600.0) -> str:
    """nvcc `cu` into the shared library `so` with the target's flags
    (`Target.nvcc_flags`) and `SHARED_FLAGS`; returns the ptxas report.
    NvccError (with nvcc's error lines) when nvcc is missing, fails or runs
    past `timeout` seconds; `so` is then not written."""
    nvcc = nvcc_path()
    if nvcc is None:
        raise NvccError("nvcc is not on PATH (install the CUDA toolkit)")
    cmd = [nvcc, *arch_flags, *SHARED_FLAGS, str(cu), "-o", str(so)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise NvccError(f"nvcc ran past {timeout:g} s") from None
    except OSError as e:
        raise NvccError(f"cannot run nvcc: {e.strerror or e}") from None
    if proc.returncode != 0:
        lines = [ln for ln in (proc.stderr + proc.stdout).strip().splitlines() if ln.strip()]
        errors = [ln for ln in lines if "error" in ln] or lines[-5:] or [f"exit status {proc.returncode}"]
        raise NvccError("nvcc failed on the generated kernel:\n" + "\n".join(errors))
    return proc.stderr


def spill_bytes(ptxas_report: str) -> int:
    """The most spill-store bytes of any function in a ptxas -v report."""
    found = [int(x) for x in re.findall(r"(\d+) bytes spill stores", ptxas_report)]
    return max(found, default=0)
