"""The import graph of the game package, read from the source with ``ast`` (nothing is imported or run).

Every import counts wherever it stands — module level, inside a function, under ``if TYPE_CHECKING`` — and in every
spelling: ``import game.net.host``, ``from game import net``, ``from ..net import host``,
``importlib.import_module("game.net")``, ``__import__("game.net")``. A dynamic import whose target is not a literal
string is taken to reach every module the same file names in a string literal (a registry's table of modules, as in
``game.rules.load``); with no such literal it is recorded as :data:`DYNAMIC`, so a fence can refuse what it cannot
resolve.
"""
from __future__ import annotations

import ast
import pathlib
from dataclasses import dataclass, field

ROOT = pathlib.Path(__file__).resolve().parent.parent
DYNAMIC = "<dynamic import>"


@dataclass
class Module:
    name: str
    path: pathlib.Path
    is_package: bool
    tree: ast.Module
    internal: set[str] = field(default_factory=set)  # modules of the package this one imports
    external: set[str] = field(default_factory=set)  # dotted names outside the package (``os.path``, ``numpy``)

    @property
    def package(self) -> str:
        return self.name if self.is_package else self.name.rpartition(".")[0]


def module_name(path: pathlib.Path, root: pathlib.Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute(target: str, level: int, package: str) -> str:
    if level == 0:
        return target
    base = package.split(".")
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def _literal(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def imports_of(tree: ast.Module, package: str) -> list[tuple[str, tuple[str, ...]]]:
    """(absolute module, names taken from it) for every import in the tree; names are empty for ``import x``."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, ()) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.append((_absolute(node.module or "", node.level, package), tuple(a.name for a in node.names)))
        elif isinstance(node, ast.Call):
            func = node.func
            dotted = (func.id if isinstance(func, ast.Name)
                      else f"{getattr(func.value, 'id', '')}.{func.attr}" if isinstance(func, ast.Attribute) else "")
            if dotted not in ("__import__", "importlib.import_module", "import_module", "importlib.__import__"):
                continue
            target = _literal(node.args[0]) if node.args else None
            if target is None:
                found.append((DYNAMIC, ()))
                continue
            level = len(target) - len(target.lstrip("."))
            anchor = _literal(node.args[1]) if len(node.args) > 1 and "import_module" in dotted else None
            for keyword in node.keywords:
                if keyword.arg == "package":
                    anchor = _literal(keyword.value)
            found.append((_absolute(target.lstrip("."), level, anchor or package) if level else target, ()))
    return found


def load(package_dir: pathlib.Path = ROOT / "game", root: pathlib.Path = ROOT) -> dict[str, Module]:
    """Every module under ``package_dir`` with the modules it imports, resolved."""
    modules: dict[str, Module] = {}
    for path in sorted(package_dir.rglob("*.py")):
        name = module_name(path, root)
        modules[name] = Module(name, path, path.name == "__init__.py", ast.parse(path.read_text(encoding="utf-8")))
    top = module_name(package_dir, root) if package_dir != root else ""

    def known(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    for module in modules.values():
        for target, names in imports_of(module.tree, module.package):
            if target == DYNAMIC:
                named = {node.value for node in ast.walk(module.tree)
                         if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in modules}
                if named:
                    module.internal.update(named - {module.name})
                    continue
            inside = target == top or target.startswith(top + ".")
            if target == DYNAMIC or not inside:
                module.external.add(target)
                continue
            # ``from game import net`` takes the module game.net; ``from game.net.host import HostCore`` the module
            hits = [f"{target}.{n}" for n in names if f"{target}.{n}" in modules]
            if len(hits) < len(names) or not names:
                hits.append(known(target) or target)
            module.internal.update(h for h in hits if h != module.name)
    return modules


def cycles(modules: dict[str, Module]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan), each sorted; every cycle lies in one."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(start: str) -> None:
        # iterative: the graph is deep enough to matter for recursion limits in a bigger package
        work = [(start, iter(sorted(modules[start].internal & modules.keys())))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(modules[nxt].internal & modules.keys()))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))

    for name in sorted(modules):
        if name not in index:
            visit(name)
    return sorted(groups)
