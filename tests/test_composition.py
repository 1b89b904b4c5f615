"""The dictionary is wired where a process is put together, never by an import: importing the host, the session or
the launcher leaves the rules without a way to the index, and ``game.__main__`` gives them one for every command."""
import subprocess
import sys

IMPORTS_ONLY = """
import game.launch, game.net.session, game.net.host, game.net.local
from game.rules import lexicon
try:
    lexicon.get("erudit")
except LookupError as refusal:
    print("REFUSED", refusal)
else:
    print("LOADED")
"""


def test_importing_the_hosts_installs_no_dictionary():
    out = subprocess.run([sys.executable, "-c", IMPORTS_ONLY], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.startswith("REFUSED"), out.stdout + out.stderr
    assert "lexicon_store.install()" in out.stdout


def test_every_command_finds_the_dictionary():
    # a game of bots judges every word through the lexicon, and the command loads nothing itself ahead
    out = subprocess.run([sys.executable, "-m", "game", "simulate", "hardsign", "--games", "1", "--players", "2",
                          "--origin", "0", "--levels", "novice,novice"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "сыграно 1 из 1" in out.stdout and "нарушений 0" in out.stdout, out.stdout
