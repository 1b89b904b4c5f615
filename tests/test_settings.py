import json

from game import settings as settings_mod


def test_missing_file_gives_defaults(tmp_path):
    s, warnings = settings_mod.load(tmp_path / "settings.json")
    assert s.player_name == "Игрок" and warnings == []


def test_round_trip_keeps_every_field(tmp_path):
    path = tmp_path / "cfg" / "settings.json"
    s = settings_mod.Settings(player_name="Ёжик", master_volume=0.3, colorblind=True, window_size=(1600, 900))
    s.house_rules["uno"] = {"jump_in": True}
    assert settings_mod.save(s, path) is None
    loaded, warnings = settings_mod.load(path)
    assert warnings == []
    assert loaded == s


def test_broken_json_is_reported_and_set_aside(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{ это не json", encoding="utf-8")
    s, warnings = settings_mod.load(path)
    assert s == settings_mod.Settings()
    assert warnings and "повреждён" in warnings[0]
    assert (tmp_path / "settings.json.broken").exists()


def test_wrong_types_fall_back_per_field(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_name": 5, "master_volume": 7, "muted": "да", "window_size": [1, 2]}), encoding="utf-8")
    s, warnings = settings_mod.load(path)
    assert s.player_name == "Игрок"
    assert s.master_volume == 1.0  # clamped, not refused
    assert s.muted is False and s.window_size == (1280, 720)
    assert len(warnings) == 3 and all("сброшена" in w for w in warnings)


def test_unreadable_bytes_do_not_crash(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    s, warnings = settings_mod.load(path)
    assert s == settings_mod.Settings() and warnings


def test_save_to_an_unwritable_place_returns_a_russian_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    error = settings_mod.save(settings_mod.Settings(), blocker / "sub" / "settings.json")
    assert error and error.startswith("Не удалось сохранить")
