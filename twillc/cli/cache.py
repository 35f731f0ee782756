"""The schedule cache: a search paid once, whatever output is asked next.

What is cached is the scheduled IR module (the default scheduling pipeline's
result), printed as MLIR with its locations, never an output: a second run
asking for another output kind reads it back, and the driver re-checks it
with verify-schedule before any emitter sees it (a schedule read from disk
is never trusted). An entry that does not parse is ignored and replaced.

The key is a SHA-256 of everything the scheduled module depends on: the
input's bytes and the name it was given (locations print it), the target
(and its machine file's bytes when it is a path), the pass pipeline, the
versions of twillc, xDSL and the solvers, and the bytes of the sources that
build and schedule the module: twillc's front end, IR plumbing, targets,
passes and scheduling core, and the dialects (so a changed compiler never
reads an older compiler's schedules, even at the same version number). The
command line itself (twillc/cli, twillc/driver.py) is left out: it runs the
passes a key names, and its options are in the key.

Where: `--cache-dir DIR`, else `$TWILLC_CACHE_DIR`, else
`$XDG_CACHE_HOME/twillc`, else `~/.cache/twillc`. Off with `--no-cache` or
`TWILLC_NO_CACHE=1`. Entries are written atomically (a temporary file
renamed), so concurrent runs never read half an entry.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import lru_cache
from pathlib import Path

FORMAT = "twillc-schedule-cache-1"


def cache_dir(explicit: str | None) -> Path:
    if explicit:
        return Path(explicit)
    if os.environ.get("TWILLC_CACHE_DIR"):
        return Path(os.environ["TWILLC_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "twillc"


def cache_disabled(flag: bool) -> bool:
    return flag or os.environ.get("TWILLC_NO_CACHE", "") not in ("", "0")


@lru_cache(maxsize=1)
def _compiler_fingerprint() -> str:
    """Versions of twillc and of what decides a schedule, and the bytes of
    the sources that build and solve it (twillc less its command line and lowering)."""
    from importlib import metadata

    import twillc

    h = hashlib.sha256(FORMAT.encode())
    for dist in ("twillc", "xdsl", "ortools", "z3-solver"):
        try:
            version = metadata.version(dist)
        except metadata.PackageNotFoundError:
            version = "-"
        h.update(f"{dist}={version}\n".encode())
    # What builds and solves a schedule: not the command line, nor lowering,
    # which reads a schedule and never decides one.
    root = Path(twillc.__file__).parent
    for path in sorted(root.rglob("*")):
        if path.relative_to(root).parts[0] in ("cli", "driver.py", "lowering"):
            continue
        if path.suffix in (".py", ".toml", ".lark") and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(root.parent)).encode() + b"\0")
            h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def cache_key(input_bytes: bytes, input_name: str, target: str | None, pipeline: str) -> str:
    h = hashlib.sha256()
    h.update(_compiler_fingerprint().encode() + b"\0")
    h.update(input_name.encode() + b"\0")
    h.update(hashlib.sha256(input_bytes).hexdigest().encode() + b"\0")
    h.update((target or "").encode() + b"\0")
    if target and Path(target).is_file():  # a machine file: its bytes, not its name
        h.update(Path(target).read_bytes() + b"\0")
    h.update(pipeline.encode() + b"\0")
    return h.hexdigest()


def read_entry(directory: Path, key: str) -> str | None:
    try:
        return (directory / f"{key}.mlir").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def write_entry(directory: Path, key: str, text: str) -> None:
    """Best effort: a cache that cannot be written only costs time."""
    tmp: str | None = None
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{key}.")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, directory / f"{key}.mlir")
        tmp = None
    except OSError:
        pass
    finally:
        if tmp is not None and os.path.exists(tmp):
            os.unlink(tmp)
