"""The search engine's differential tests (tests/rulings/test_search_exact.py) on a build
with AddressSanitizer and UndefinedBehaviorSanitizer: an out-of-bounds access, a use after
free or undefined behaviour (an overflowing shift, a misaligned load) in the C code stops
the run with the sanitizer's report. The slow lane (about twice the time of the plain run).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "referee" / "rulings" / "search" / "_engine.c"
FLAGS = [
    "-shared", "-fPIC", "-O1", "-g", "-std=c11", "-fno-omit-frame-pointer",
    "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined", "-DENGINE_TEST_HOOKS",
]  # fmt: skip

pytestmark = pytest.mark.slow


def _runtime(compiler: str) -> str | None:
    """The ASan runtime to preload into an uninstrumented Python (None: not installed)."""
    found = subprocess.run(
        [compiler, "-print-file-name=libasan.so"], capture_output=True, text=True
    ).stdout.strip()
    return found if os.path.isabs(found) and os.path.exists(found) else None


@pytest.fixture(scope="module")
def sanitized(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    compiler = shutil.which("gcc")
    runtime = _runtime(compiler) if compiler else None
    if compiler is None or runtime is None:
        pytest.skip("gcc with libasan is needed for the sanitizer build")
    out = tmp_path_factory.mktemp("asan") / f"_engine_hooks{sysconfig.get_config_var('EXT_SUFFIX')}"
    extra = ["-mpopcnt"] if os.uname().machine == "x86_64" else []
    include = sysconfig.get_paths()["include"]
    subprocess.run(
        [compiler, *FLAGS, *extra, f"-I{include}", str(SOURCE), "-o", str(out)], check=True
    )
    return out, runtime


def test_the_sanitized_build_is_instrumented(sanitized: tuple[Path, str]) -> None:
    symbols = subprocess.run(["nm", "-D", str(sanitized[0])], capture_output=True, text=True)
    assert "__asan_report_load" in symbols.stdout
    assert "__ubsan_handle_" in symbols.stdout


def test_differential_checks_pass_under_asan_and_ubsan(sanitized: tuple[Path, str]) -> None:
    module, runtime = sanitized
    env = dict(
        os.environ,
        LD_PRELOAD=runtime,
        ASAN_OPTIONS="detect_leaks=0:abort_on_error=0",  # CPython's own allocations are not ours
        UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1",
        REFEREE_ENGINE_HOOKS_FILE=str(module),
    )
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:schemathesis",
         "-p", "no:cacheprovider", "--lane=slow", "tests/rulings/test_search_exact.py"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )  # fmt: skip
    report = run.stdout[-3000:] + run.stderr[-3000:]
    assert "Sanitizer" not in run.stderr and "runtime error" not in run.stderr, report
    assert run.returncode == 0, report
    assert " passed" in run.stdout and " failed" not in run.stdout, report
