"""Building the index: progress reports, identical output, atomic replacement under concurrent writers."""
from __future__ import annotations

import threading

from game import lexicon_build as build
from game import lexicon_store


def test_build_reports_progress_and_matches_the_shared_index(tmp_path):
    lexicon_store.prepare()
    key = build.cache_key()
    reports: list[tuple[float, str]] = []
    paths = build.build(tmp_path, progress=lambda fraction, message: reports.append((fraction, message)), key=key)
    fractions = [fraction for fraction, _ in reports]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0 and len(reports) > 5
    assert all(message and message[0].isupper() for _, message in reports)
    shared = lexicon_store.cache_dir()
    assert paths[0].read_bytes() == build.nouns_path(shared, key).read_bytes()
    assert paths[1].read_bytes() == build.toggled_path(shared, key).read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in paths)  # no temporary files left
    nouns = paths[0].read_text(encoding="utf-8").splitlines()
    assert 60_000 < len(nouns) < 90_000


def test_concurrent_writers_leave_one_whole_file(tmp_path):
    target = tmp_path / "nouns.tsv"
    payloads = [(str(index) * 200_000).encode() for index in range(6)]
    threads = [threading.Thread(target=build._write_atomically, args=(target, lambda handle, p=p: handle.write(p)))
               for p in payloads]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert target.read_bytes() in payloads
    assert [path.name for path in tmp_path.iterdir()] == ["nouns.tsv"]


def test_cache_key_follows_dictionary_and_blocklist():
    key = build.cache_key()
    assert build.dictionary_version() in key
    assert key.startswith(f"v{build.FORMAT_VERSION}-")


def test_changing_any_build_code_file_invalidates_the_cache(tmp_path, monkeypatch):
    """A stale index must not survive a change to the code that builds or reads it (the builder, the store, the
    format flags): each of those files is part of the key."""
    from pathlib import Path

    import game.lexicon_store
    import game.rules.lexicon.index_format

    originals = {Path(build.__file__).name, Path(game.lexicon_store.__file__).name,
                 Path(game.rules.lexicon.index_format.__file__).name}
    assert originals <= {Path(path).name for path in build.BUILD_CODE}
    copies = []
    for path in build.BUILD_CODE:
        copy = tmp_path / Path(path).name
        copy.write_bytes(Path(path).read_bytes())
        copies.append(copy)
    monkeypatch.setattr(build, "BUILD_CODE", tuple(copies))
    seen = {build.cache_key()}
    stale_paths = lexicon_store.index_paths(tmp_path)
    for copy in copies:
        copy.write_bytes(copy.read_bytes() + b"\n# changed\n")
        seen.add(build.cache_key())
        assert lexicon_store.index_paths(tmp_path)[0] != stale_paths[0]
    assert len(seen) == len(copies) + 1
