"""game/rules stays pure: the same actions on the same state give the same result, whatever machine runs them.

Checked on the resolved import graph of game/rules (tests/module_graph.py: absolute, relative, function-level,
``importlib.import_module``, ``__import__``, ``from game import net``) and on the capabilities a module could reach
without importing anything new: no window, network, threads, event loops, clocks, unseeded randomness, processes,
environment variables, file writes or opened files, and no switching the garbage collector. Reading a data file that
ships inside the package (``Path.read_text``) is allowed: it is part of the program, like its code.
"""
from __future__ import annotations

import ast
import sys

import module_graph

FORBIDDEN_MODULES = {
    "pygame", "socket", "ssl", "threading", "_thread", "asyncio", "concurrent", "selectors", "zeroconf", "time",
    "datetime", "random", "secrets", "uuid", "subprocess", "multiprocessing", "signal", "sched", "gc", "tempfile",
    "shutil", "msgpack_numpy", "numpy.random", "platformdirs",
}
# reached as attributes (``os.environ``) or imported by name (``from os import getenv``)
FORBIDDEN_NAMES = {
    "os.environ", "os.environb", "os.getenv", "os.getenvb", "os.putenv", "os.unsetenv", "os.urandom", "os.getrandom",
    "os.system", "os.popen", "os.fork", "os.open", "os.remove", "os.unlink", "os.rename", "os.replace", "os.mkdir",
    "os.makedirs", "os.rmdir", "os.path.expanduser", "os.path.expandvars", "io.open", "numpy.random",
    "builtins.open", "open",
}
# methods that write files whatever object they are called on (pathlib.Path and friends)
WRITING_METHODS = {"write_text", "write_bytes", "mkdir", "touch", "unlink", "rmdir", "symlink_to", "hardlink_to",
                   "chmod", "open"}
ALLOWED_THIRD_PARTY = {"pymorphy3", "pymorphy3_dicts_ru", "numpy", "msgpack", "dawg_python", "dawg2", "dawg"}


def _aliases(tree: ast.Module) -> dict[str, str]:
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                names[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return names


def _dotted(node: ast.AST, aliases: dict[str, str]) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([aliases.get(node.id, node.id)] + parts[::-1])


def capabilities(module: module_graph.Module) -> set[str]:
    """What in the module reaches past a pure function of its arguments."""
    found = set()
    for name in module.external:
        if name == module_graph.DYNAMIC:
            found.add(name)
        elif name in FORBIDDEN_MODULES or name.split(".")[0] in FORBIDDEN_MODULES:
            found.add(name)
    aliases = _aliases(module.tree)
    found.update(full for full in aliases.values() if full in FORBIDDEN_NAMES or full in FORBIDDEN_MODULES)
    for node in ast.walk(module.tree):
        if isinstance(node, (ast.Attribute, ast.Name)):
            dotted = _dotted(node, aliases)
            if dotted in FORBIDDEN_NAMES or (dotted or "").startswith("numpy.random."):
                found.add(dotted)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in WRITING_METHODS:
            found.add(f".{node.func.attr}()")
    return found


def rules_modules() -> dict[str, module_graph.Module]:
    return {name: m for name, m in module_graph.load().items() if name.startswith("game.rules")}


def test_rules_reach_no_impure_capability():
    offenders = {name: sorted(found) for name, m in rules_modules().items() if (found := capabilities(m))}
    assert offenders == {}


def test_rules_import_only_rules_stdlib_and_allowed_packages():
    allowed = set(sys.stdlib_module_names) | ALLOWED_THIRD_PARTY | {"__future__"}
    strangers = {}
    for name, module in rules_modules().items():
        outside = {m for m in module.internal if not (m == "game.rules" or m.startswith("game.rules."))}
        outside |= {m for m in module.external if m.split(".")[0] not in allowed and m != module_graph.DYNAMIC}
        if outside:
            strangers[name] = sorted(outside)
    assert strangers == {}


def _module(tmp_path, source: str) -> module_graph.Module:
    package = tmp_path / "game"
    (package / "rules").mkdir(parents=True, exist_ok=True)
    for init in (package / "__init__.py", package / "rules" / "__init__.py", package / "net.py"):
        init.write_text("", encoding="utf-8")
    (package / "rules" / "bad.py").write_text(source, encoding="utf-8")
    return module_graph.load(package, tmp_path)["game.rules.bad"]


def test_the_fence_resolves_every_way_of_importing(tmp_path):
    for source in ("from game import net\n", "from .. import net\n", "import game.net\n",
                   "def later():\n    import importlib\n    importlib.import_module('game.net')\n",
                   "__import__('game.net')\n"):
        assert _module(tmp_path, source).internal == {"game.net"}, source


def test_the_fence_catches_each_capability(tmp_path):
    cases = {
        "import time\n": "time",
        "from pygame import Rect\n": "pygame",
        "import numpy as np\nnp.random.default_rng()\n": "numpy.random",
        "from numpy import random\n": "numpy.random",
        "import os\nos.environ.get('X')\n": "os.environ",
        "from os import getenv\n": "os.getenv",
        "import os\nos.urandom(4)\n": "os.urandom",
        "open('x', 'w')\n": "open",
        "import io\nio.open('x')\n": "io.open",
        "from pathlib import Path\nPath('x').write_text('')\n": ".write_text()",
        "import gc\ngc.disable()\n": "gc",
        "import importlib\nimportlib.import_module(name)\n": module_graph.DYNAMIC,
        "import selectors\n": "selectors",
    }
    assert _module(tmp_path, "import importlib\nTABLE = ['game.net']\nimportlib.import_module(TABLE[0])\n"
                   ).internal == {"game.net"}
    for source, expected in cases.items():
        assert expected in capabilities(_module(tmp_path, source)), source
    assert capabilities(_module(tmp_path, "from pathlib import Path\nPath('x').read_text()\n")) == set()
