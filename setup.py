"""Build of the one compiled part: the exact open-hand searches (ISkO 4.3.4, 4.1.5, 5.4.3).

Everything else is in pyproject.toml. ``pip install -e .`` (``make run``/``make test``)
compiles ``referee/rulings/search/_engine.c`` (which includes its parts from
``referee/rulings/search/engine/``) with the machine's C compiler; why a compiled core is
needed is measured in docs/performance.md.
"""

import os
import platform
from glob import glob

from setuptools import Extension, setup

FLAGS = ["-O3", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter"]
if platform.machine() in ("x86_64", "AMD64"):
    FLAGS.append("-mpopcnt")  # every x86-64 made since 2008; else gcc calls a helper per count


def engine(name: str, macros: list[tuple[str, str]]) -> Extension:
    return Extension(
        f"referee.rulings.search.{name}",
        sources=["referee/rulings/search/_engine.c"],
        depends=sorted(glob("referee/rulings/search/engine/*.h")),
        extra_compile_args=FLAGS,
        define_macros=macros,
    )


# The service loads `_engine`. The test build (REFEREE_ENGINE_TEST_BUILD=1, what `make test`
# sets) adds `_engine_hooks`: the same source with the tests' hooks (engine/test_hooks.h).
MODULES = [engine("_engine", [])]
if os.environ.get("REFEREE_ENGINE_TEST_BUILD") == "1":
    MODULES.append(engine("_engine_hooks", [("ENGINE_TEST_HOOKS", "1")]))

setup(ext_modules=MODULES)
