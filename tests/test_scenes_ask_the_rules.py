"""Tables decide what a player may do from what the rules answer (the legal actions, a refusal's code, the
rules' own keys in the view), never from the house-rule switches in the view's ``options``: a switch read in
a scene is a second copy of a rule, and it drifts (one variant of the board let a refused word go to the vote
in automatic checking only, and the table had to know it)."""
from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
TABLES = sorted({*ROOT.glob("game/scenes/*/table.py"), *ROOT.glob("game/scenes/table/*.py"),
                 ROOT / "game/scenes/phone_table.py"})
PHONE_PAGES = sorted(ROOT.glob("game/web/*.js"))

OPTIONS_IN_PYTHON = re.compile(r"""\[\s*["']options["']\s*\]|\.get\(\s*["']options["']""")
# the page calls a view ``v`` or ``view`` (a lobby's options, the house rules being chosen, are not a view's)
OPTIONS_IN_SCRIPT = re.compile(r"""\b(v|view)(\.options\b|\[\s*["']options["']\s*\])""")


def _reads(paths, pattern) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
            for path in paths for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if pattern.search(line)]


def test_the_fence_sees_the_tables():
    assert ROOT / "game/scenes/board/table.py" in TABLES and len(TABLES) >= 6
    assert PHONE_PAGES
    assert OPTIONS_IN_PYTHON.search('(self.view or {}).get("options", {})')
    assert OPTIONS_IN_PYTHON.search("view['options']")
    assert not OPTIONS_IN_PYTHON.search('v.get("words_options")')
    assert OPTIONS_IN_SCRIPT.search("if (v.options.hints)") and OPTIONS_IN_SCRIPT.search("S.update.view['options']")
    assert not OPTIONS_IN_SCRIPT.search("L.options[rule.id]")


def test_no_table_reads_the_house_rule_switches_from_the_view():
    found = _reads(TABLES, OPTIONS_IN_PYTHON) + _reads(PHONE_PAGES, OPTIONS_IN_SCRIPT)
    assert not found, "столы решают по переключателям правил, а не по ответу правил:\n" + "\n".join(found)
