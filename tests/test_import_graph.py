"""No import cycles anywhere in game/: every layer can be read, tested and replaced from the bottom up.

The graph comes from the source (tests/module_graph.py): function-level imports and ``if TYPE_CHECKING`` imports count
as much as module-level ones — a cycle hidden inside a function is still two modules that cannot exist apart.
"""
import module_graph


def test_game_has_no_import_cycles():
    assert module_graph.cycles(module_graph.load()) == []


def test_the_check_sees_cycles_through_functions_and_relative_imports(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "sub" / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("def later():\n    from pkg.sub import b\n", encoding="utf-8")
    (package / "sub" / "b.py").write_text("from .. import c\n", encoding="utf-8")
    (package / "c.py").write_text("import importlib\nimportlib.import_module('pkg.a')\n", encoding="utf-8")
    (package / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import e\n",
                                  encoding="utf-8")
    (package / "e.py").write_text("from pkg.d import something\n", encoding="utf-8")
    (package / "f.py").write_text("from pkg import a\n", encoding="utf-8")  # leads into a cycle, is not in one
    found = module_graph.cycles(module_graph.load(package, tmp_path))
    assert found == [["pkg.a", "pkg.c", "pkg.sub.b"], ["pkg.d", "pkg.e"]]
