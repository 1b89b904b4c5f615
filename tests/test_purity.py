"""game/rules stays pure: no pygame, sockets, threads, event loops or clocks."""
import ast
import pathlib

FORBIDDEN = {"pygame", "socket", "threading", "asyncio", "zeroconf", "time", "datetime", "random", "msgpack_numpy"}
ALLOWED_THIRD_PARTY = {"pymorphy3", "pymorphy3_dicts_ru", "numpy", "msgpack", "dawg_python", "dawg2", "dawg"}
RULES = pathlib.Path(__file__).resolve().parent.parent / "game" / "rules"


def imported_roots(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
            roots.add("__dynamic__")
    return roots


def test_rules_import_nothing_impure():
    offenders = {}
    for path in RULES.rglob("*.py"):
        bad = imported_roots(path) & (FORBIDDEN | {"__dynamic__"})
        if bad:
            offenders[str(path.relative_to(RULES))] = sorted(bad)
    assert offenders == {}


def test_rules_reach_only_stdlib_and_allowed_packages():
    import sys

    stdlib = set(sys.stdlib_module_names)
    strangers = {}
    for path in RULES.rglob("*.py"):
        roots = imported_roots(path) - stdlib - ALLOWED_THIRD_PARTY - {"game", "__future__"}
        if roots:
            strangers[str(path.relative_to(RULES))] = sorted(roots)
    assert strangers == {}


def test_game_imports_of_rules_stay_in_rules():
    offenders = {}
    for path in RULES.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.") \
                    and not node.module.startswith("game.rules"):
                offenders.setdefault(str(path.relative_to(RULES)), []).append(node.module)
    assert offenders == {}


def test_the_check_itself_catches_an_impure_file(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import time\nfrom pygame import Rect\n", encoding="utf-8")
    assert imported_roots(bad) & FORBIDDEN == {"time", "pygame"}
