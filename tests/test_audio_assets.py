"""The sound bank, the Audio player (with and without a sound device) and the code-drawn art."""
from __future__ import annotations

import hashlib
import math
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from hypothesis import given, strategies as st

from game import art, audio
from game.audio import Audio, SOUND_DIR, SOUND_NAMES, VOICES, clamp_volume

ROOT = Path(__file__).resolve().parent.parent
SPRITE_DIR = ROOT / "assets" / "sprites"
RUSSIAN_LETTERS = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"


@pytest.fixture
def player():
    made = []

    def make(*args, **kwargs) -> Audio:
        made.append(Audio(*args, **kwargs))
        return made[-1]

    yield make
    for a in made:
        a.close()


# --- the sound files -----------------------------------------------------------------------------------------------

def test_every_expected_sound_is_a_committed_file():
    assert len(SOUND_NAMES) >= 18
    for name in SOUND_NAMES:
        assert (SOUND_DIR / f"{name}.ogg").is_file(), name
    assert (SOUND_DIR / "README.md").is_file()
    assert (ROOT / "tools" / "make_sounds.py").is_file()


def test_sound_folder_stays_small():
    total = sum(p.stat().st_size for p in SOUND_DIR.iterdir() if p.is_file())
    assert total < 1_500_000


def test_every_sound_loads_and_has_a_sensible_length(player):
    a = player()
    assert a.enabled, a.problem
    assert a.problem is None
    for name in SOUND_NAMES:
        length = pygame.mixer.Sound(str(SOUND_DIR / f"{name}.ogg")).get_length()
        assert 0.02 < length < 3.0, (name, length)


def test_every_sound_plays_under_the_dummy_driver(player):
    a = player()
    for name in SOUND_NAMES:
        assert a.play(name), name
    assert a.play("deal", pan=-1.0) and a.play("deal", pan=1.0) and a.play("deal", pan=7.0)


def test_spoken_shouts_are_real_speech(player):
    """espeak-ng really produced a loud voice, not an empty file."""
    assert player().enabled
    for name in VOICES:
        sound = pygame.mixer.Sound(str(SOUND_DIR / f"{name}.ogg"))
        samples = sound.get_raw()
        peak = max(abs(int.from_bytes(samples[i:i + 2], "little", signed=True)) for i in range(0, len(samples), 64))
        assert peak > 8000, name
        assert sound.get_length() > 0.3


# --- the player ----------------------------------------------------------------------------------------------------

def test_mixer_that_cannot_start_means_silence_not_a_crash(monkeypatch, player):
    def broken(*args, **kwargs):
        raise pygame.error("No available audio device")

    if pygame.mixer.get_init():
        pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", broken)
    a = player(master=0.5)
    assert not a.enabled
    assert "Звук выключен" in a.problem
    assert a.names == frozenset(SOUND_NAMES)  # still knows what exists, so typos are still caught
    for name in SOUND_NAMES:
        assert a.play(name) is False
    assert a.toggle_mute() is True
    a.master = 3
    assert a.master == 1.0
    with pytest.raises(KeyError):
        a.play("no_such_sound")
    a.stop_all()


def test_no_audio_device_at_all_runs_silently():
    """A real failure, in a fresh process: SDL has no such audio driver."""
    code = (
        "from game.audio import Audio, SOUND_NAMES\n"
        "a = Audio()\n"
        "assert not a.enabled, 'mixer should not start'\n"
        "assert not any(a.play(n) for n in SOUND_NAMES)\n"
        "print('silent:', a.problem)\n"
    )
    env = {**os.environ, "SDL_AUDIODRIVER": "no_such_driver", "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "silent: Звук выключен" in done.stdout


def test_missing_and_broken_files_are_reported_not_fatal(tmp_path, player):
    (tmp_path / "card_play.ogg").write_bytes(b"this is not an ogg file")
    a = player(tmp_path)
    assert a.enabled
    assert "card_play.ogg" in a.problem
    assert a.play("card_play") is False
    with pytest.raises(KeyError):
        a.play("win")  # no file for it in this folder
    b = player(tmp_path / "nowhere")
    assert "Не найдены звуки" in b.problem


@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10, 10), st.none(), st.text(max_size=3)))
def test_volumes_always_clamp_to_0_1(value):
    v = clamp_volume(value)
    assert 0.0 <= v <= 1.0
    assert not math.isnan(v)


def test_volume_groups_mute_and_settings(player):
    a = player(master=0.5, effects=0.4, voice=0.8)
    assert a.volume_of("card_play") == pytest.approx(0.2)
    assert a.volume_of("uno_shout") == pytest.approx(0.4)
    assert a.volume_of("ne_govori", volume=0.5) == pytest.approx(0.2)
    a.effects = -1
    assert a.effects == 0.0 and a.play("card_play") is False and a.play("uno_shout") is True
    a.voice = float("nan")
    assert a.voice == 0.0
    a.apply_settings(SimpleNamespace(master_volume=2.0, effects_volume=0.25, voice_volume=0.5, muted=False))
    assert (a.master, a.effects, a.voice, a.muted) == (1.0, 0.25, 0.5, False)
    assert a.toggle_mute() is True
    assert a.volume_of("win") == 0.0 and a.play("win") is False
    assert a.toggle_mute() is False
    assert a.play("win") is True


# --- the art -------------------------------------------------------------------------------------------------------

def digest(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


def test_uno_deck_has_108_cards_and_every_face_draws_at_any_size():
    deck = art.uno_deck()
    assert len(deck) == 108
    assert sum(1 for c, f in deck if f == "0") == 4 and sum(1 for c, f in deck if f == "wild4") == 4
    for color, face in deck:
        assert art.uno_card(color, face).get_size() == art.UNO_CARD_SIZE
        assert art.uno_card(color, face, (60, 90), colorblind=True).get_size() == (60, 90)
    assert art.uno_back().get_size() == art.UNO_CARD_SIZE
    assert art.uno_back((33, 50)).get_size() == (33, 50)


def test_every_uno_face_looks_different():
    faces = sorted(set(art.uno_deck()), key=str)
    faces += [(c, "draw1") for c in art.UNO_COLORS] + [(None, "wild2"), (None, "draw10")]
    digests = {digest(art.uno_card(c, f)) for c, f in faces}
    assert len(digests) == len(faces)
    assert digest(art.uno_card("red", "5", colorblind=True)) != digest(art.uno_card("red", "5"))


def test_uno_colours_show_on_the_card():
    width, height = art.UNO_CARD_SIZE
    for color, rgb in art.UNO_COLORS.items():
        card = art.uno_card(color, "3")
        near = sum(1 for x in range(0, width, 3) for y in range(0, height, 3)
                   if sum(abs(a - b) for a, b in zip(card.get_at((x, y))[:3], rgb)) < 30)
        assert near > 0.25 * (width // 3) * (height // 3), color


def test_wrong_uno_cards_are_refused():
    with pytest.raises(ValueError):
        art.uno_card("purple", "5")
    with pytest.raises(ValueError):
        art.uno_card("red", "wild")
    with pytest.raises(ValueError):
        art.uno_card(None, "7")
    with pytest.raises(ValueError):
        art.uno_card("red", "11")


def test_every_letter_draws_as_tile_and_cards():
    tiles = set()
    for letter in RUSSIAN_LETTERS:
        tile = art.letter_tile(letter, 10)
        assert tile.get_size() == (art.TILE_SIZE, art.TILE_SIZE)
        assert art.letter_tile(letter, 1, 40, from_blank=True).get_size() == (40, 40)
        assert art.nowords_card(letter).get_size() == art.LETTER_CARD_SIZE
        assert art.nowords_card(letter, red=True, size=(45, 63)).get_size() == (45, 63)
        assert art.hardsign_card(letter, 7).get_size() == art.LETTER_CARD_SIZE
        tiles.add(digest(tile))
    assert len(tiles) == len(RUSSIAN_LETTERS)
    assert art.letter_tile("", 0).get_size() == (art.TILE_SIZE, art.TILE_SIZE)
    for stars in range(1, 11):
        assert art.hardsign_card("Ъ", stars).get_size() == art.LETTER_CARD_SIZE
    for label in ("*", "π", "æ", "ъ", "любая согласная"):
        assert art.hardsign_card(label, None, special=True).get_size() == art.LETTER_CARD_SIZE
    assert digest(art.hardsign_card("ъ", None, special=True)) != digest(art.hardsign_card("Ъ", None, special=True))
    assert digest(art.nowords_card("А", red=True)) != digest(art.nowords_card("А"))


def test_table_backs_and_avatars():
    felt = art.felt((128, 96))
    assert felt.get_size() == (128, 96)
    assert digest(art.felt((128, 96), seed=2)) != digest(felt)
    for kind in art.CARD_BACKS:
        assert art.card_back(kind).get_size() == art.LETTER_CARD_SIZE
    assert art.hardsign_bonus("Животное", 3).get_size() == art.LETTER_CARD_SIZE
    avatars = {digest(art.avatar_for_seat(seat)) for seat in range(len(art.AVATAR_KINDS))}
    assert len(avatars) == len(art.AVATAR_KINDS)
    assert art.avatar("owl", (10, 20, 30), 40).get_size() == (40, 40)
    with pytest.raises(ValueError):
        art.avatar("dragon", (0, 0, 0))


def test_felt_tiles_without_a_seam():
    """Opposite edges of the texture continue each other about as smoothly as neighbouring columns inside it."""
    texture = art.felt((128, 128), seed=5)
    def column_gap(x0: int, x1: int) -> float:
        return sum(abs(a - b) for y in range(128)
                   for a, b in zip(texture.get_at((x0, y))[:3], texture.get_at((x1, y))[:3])) / 128
    inside = sum(column_gap(x, x + 1) for x in range(10, 60, 5)) / 10
    assert column_gap(127, 0) < inside * 1.6 + 1


def test_sprite_previews_are_committed_and_small():
    assert len(list((SPRITE_DIR / "uno").glob("*.png"))) == 4 * 14 + 4 + 2
    assert len(list((SPRITE_DIR / "tiles").glob("[0-9][0-9].png"))) == len(RUSSIAN_LETTERS)
    assert (SPRITE_DIR / "README.md").is_file() and (SPRITE_DIR / "table" / "felt.png").is_file()
    total = sum(p.stat().st_size for p in SPRITE_DIR.rglob("*") if p.is_file())
    assert total < 3_000_000
    preview = pygame.image.load(str(SPRITE_DIR / "uno" / "red_skip.png"))
    assert preview.get_size() == art.UNO_CARD_SIZE


def test_audio_module_stays_free_of_game_rules():
    """Audio is a leaf: the lead wires events to sounds; this module must not grow game knowledge."""
    source = Path(audio.__file__).read_text(encoding="utf-8")
    assert "game.rules" not in source
