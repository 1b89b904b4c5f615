"""The host's loop never imports a game's rules: the first lobby once did, freezing the loop for half a second."""
import subprocess
import sys

PROGRAM = """
import sys
from game.net.host import HostCore
core = HostCore("uno")
before = set(sys.modules)
core.lobby_message()
print(sorted(name for name in set(sys.modules) - before if name.startswith("game.")))
"""


def test_the_first_lobby_imports_no_rules():
    out = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"
