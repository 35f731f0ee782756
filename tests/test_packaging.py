"""A wheel built from the repository installs one top-level package, `twillc`,
with the data files the compiler reads at run time."""

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    # Build from a copy so the build folder setuptools leaves is not the tree's.
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md", "twillc"):
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(path, src / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", str(src), "-w", str(out)],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("twillc-*.whl")
    return zipfile.ZipFile(wheel).namelist()


def test_wheel_installs_only_twillc(wheel_names: list[str]) -> None:
    tops = {name.split("/")[0] for name in wheel_names if not name.split("/")[0].endswith(".dist-info")}
    assert tops == {"twillc"}


def test_wheel_carries_runtime_data(wheel_names: list[str]) -> None:
    names = set(wheel_names)
    assert "twillc/frontend/tile.lark" in names
    assert "twillc/target/machines/h100.toml" in names
    assert "twillc/target/machines/b200.toml" in names
    assert "twillc/dialects/tile.py" in names
    assert "twillc/lowering/cuda/__init__.py" in names
    headers = {n for n in names if n.startswith("twillc/lowering/cuda/include/") and n.endswith(".cuh")}
    shipped = {f"twillc/lowering/cuda/include/{p.name}" for p in (ROOT / "twillc/lowering/cuda/include").glob("*.cuh")}
    assert headers == shipped and shipped
