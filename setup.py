"""Build of the one compiled part: the exact open-hand searches (ISkO 4.3.4, 4.1.5, 5.4.3).

Everything else is in pyproject.toml. ``pip install -e .`` (``make run``/``make test``)
compiles ``referee/rulings/search/_engine.c`` (which includes its parts from
``referee/rulings/search/engine/``) with the machine's C compiler; why a compiled core is
needed is measured in docs/performance.md.
"""

import platform
from glob import glob

from setuptools import Extension, setup

FLAGS = ["-O3", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter"]
if platform.machine() in ("x86_64", "AMD64"):
    FLAGS.append("-mpopcnt")  # every x86-64 made since 2008; else gcc calls a helper per count

setup(
    ext_modules=[
        Extension(
            "referee.rulings.search._engine",
            sources=["referee/rulings/search/_engine.c"],
            depends=sorted(glob("referee/rulings/search/engine/*.h")),
            extra_compile_args=FLAGS,
        )
    ]
)
