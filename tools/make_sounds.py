"""Make every sound in assets/sounds from scratch: numpy synthesis plus espeak-ng for the spoken shouts.

    python tools/make_sounds.py              # writes assets/sounds/*.ogg
    python tools/make_sounds.py --wav DIR    # also keeps the raw WAV files in DIR (for listening or debugging)
    python tools/make_sounds.py --only cough # makes only the sounds named (the other files stay as they are)

Needs numpy and the Debian packages espeak-ng and sox (`apt-get install espeak-ng sox`).
Deterministic: the noise comes from fixed seeds and sox runs with -R (repeatable mode), so running the script twice
gives byte-identical files on the same versions of numpy, espeak-ng and sox.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

import numpy as np

RATE = 44100
ROOT = Path(__file__).resolve().parent.parent
SOUND_DIR = ROOT / "assets" / "sounds"
OGG_QUALITY = "3"  # sox -C for vorbis: 3 keeps clicks crisp at a fraction of the WAV size


def seconds(duration: float) -> np.ndarray:
    return np.arange(int(RATE * duration)) / RATE


def noise(duration: float, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-1.0, 1.0, int(RATE * duration))


def decay(duration: float, rate: float) -> np.ndarray:
    """Exponential fall; `rate` is how many e-foldings per second."""
    return np.exp(-rate * seconds(duration))


def attack(signal: np.ndarray, ms: float = 3.0) -> np.ndarray:
    """Soften the first milliseconds so that no sound starts with a pop."""
    n = min(len(signal), int(RATE * ms / 1000))
    signal = signal.copy()
    signal[:n] *= np.linspace(0.0, 1.0, n)
    return signal


def release(signal: np.ndarray, ms: float = 15.0) -> np.ndarray:
    n = min(len(signal), int(RATE * ms / 1000))
    signal = signal.copy()
    signal[len(signal) - n:] *= np.linspace(1.0, 0.0, n)
    return signal


def lowpass(signal: np.ndarray, cutoff_hz: float) -> np.ndarray:
    """One-pole low-pass (cheap and smooth enough for shaping noise)."""
    alpha = 1.0 - np.exp(-2 * np.pi * cutoff_hz / RATE)
    out = np.empty_like(signal)
    acc = 0.0
    for i, x in enumerate(signal):
        acc += alpha * (x - acc)
        out[i] = acc
    return out


def highpass(signal: np.ndarray, cutoff_hz: float) -> np.ndarray:
    return signal - lowpass(signal, cutoff_hz)


def bandpass(signal: np.ndarray, low_hz: float, high_hz: float) -> np.ndarray:
    return highpass(lowpass(signal, high_hz), low_hz)


def sweep(f0: float, f1: float, duration: float) -> np.ndarray:
    """Sine gliding exponentially from f0 to f1."""
    t = seconds(duration)
    freq = f0 * (f1 / f0) ** (t / duration)
    return np.sin(2 * np.pi * np.cumsum(freq) / RATE)


def tone(freq: float, duration: float, harmonics: tuple[float, ...] = (1.0,)) -> np.ndarray:
    t = seconds(duration)
    return sum(amp * np.sin(2 * np.pi * freq * (k + 1) * t) for k, amp in enumerate(harmonics))


def place(canvas: np.ndarray, signal: np.ndarray, at: float) -> None:
    start = int(RATE * at)
    end = min(len(canvas), start + len(signal))
    canvas[start:end] += signal[: end - start]


def normalise(signal: np.ndarray, peak: float = 0.85) -> np.ndarray:
    top = float(np.max(np.abs(signal)))
    return signal * (peak / top) if top > 0 else signal


# --- the effects ---------------------------------------------------------------------------------------------------

def card_snap(seed: int, body_hz: float = 180.0) -> np.ndarray:
    """A card landing on felt: a bright paper snap over a short soft thump."""
    snap = bandpass(noise(0.09, seed), 1500, 7000) * decay(0.09, 70)
    thump = np.sin(2 * np.pi * body_hz * seconds(0.09)) * decay(0.09, 45) * 0.5
    return attack(snap + thump, 1.0)


def card_play() -> np.ndarray:
    swish = bandpass(noise(0.07, 11), 2000, 6000) * np.linspace(0.0, 0.35, int(RATE * 0.07))
    canvas = np.zeros(int(RATE * 0.18))
    place(canvas, swish, 0.0)
    place(canvas, card_snap(12), 0.06)
    return canvas


def card_draw() -> np.ndarray:
    duration = 0.2
    slide = bandpass(noise(duration, 21), 800, 5000)
    envelope = np.sin(np.pi * seconds(duration) / duration) ** 2
    return slide * envelope * 0.8


def shuffle() -> np.ndarray:
    """A riffle: clicks that speed up and then settle, over a soft paper rustle."""
    duration = 0.8
    canvas = bandpass(noise(duration, 31), 1200, 6000) * 0.12 * np.sin(np.pi * seconds(duration) / duration)
    rng = np.random.default_rng(32)
    at = 0.03
    while at < duration - 0.05:
        click = bandpass(noise(0.012, int(rng.integers(1 << 30))), 2000, 8000) * decay(0.012, 350)
        place(canvas, click * rng.uniform(0.4, 1.0), at)
        progress = at / duration
        at += 0.028 - 0.018 * np.sin(np.pi * progress)
    place(canvas, card_snap(33, 140) * 0.9, duration - 0.09)
    return canvas


def deal() -> np.ndarray:
    whoosh = bandpass(noise(0.08, 41), 1500, 6000) * np.linspace(0.0, 0.5, int(RATE * 0.08))
    canvas = np.zeros(int(RATE * 0.15))
    place(canvas, whoosh, 0.0)
    place(canvas, card_snap(42, 220) * 0.7, 0.07)
    return canvas


def wood_knock(freqs: tuple[float, ...], duration: float, seed: int, damping: float) -> np.ndarray:
    """Damped modes of a small wooden block plus the click of contact."""
    t = seconds(duration)
    body = sum(np.sin(2 * np.pi * f * t) * np.exp(-damping * (1 + k * 0.6) * t) / (1 + k) for k, f in enumerate(freqs))
    click = bandpass(noise(duration, seed), 2500, 9000) * decay(duration, 250) * 0.6
    return attack(body + click, 0.5)


def tile_place() -> np.ndarray:
    return wood_knock((520.0, 1310.0, 2390.0), 0.16, 51, 38)


def tile_return() -> np.ndarray:
    slide = bandpass(noise(0.12, 61), 600, 3000) * np.sin(np.pi * seconds(0.12) / 0.12) * 0.25
    canvas = np.zeros(int(RATE * 0.24))
    place(canvas, slide, 0.0)
    place(canvas, wood_knock((380.0, 960.0, 1800.0), 0.13, 62, 45) * 0.7, 0.1)
    return canvas


def score_tick() -> np.ndarray:
    return attack(tone(1760.0, 0.05, (1.0, 0.3)) * decay(0.05, 80), 1.0)


def invalid() -> np.ndarray:
    """Two low buzzes, the second lower: unmistakably 'no'."""
    def buzz(freq: float, duration: float) -> np.ndarray:
        square = np.sign(np.sin(2 * np.pi * freq * seconds(duration)))
        return release(attack(lowpass(square, 1200) * 0.6, 4), 25)
    canvas = np.zeros(int(RATE * 0.34))
    place(canvas, buzz(220.0, 0.13), 0.0)
    place(canvas, buzz(165.0, 0.17), 0.16)
    return canvas


def bell(freq: float, duration: float, damping: float = 6.0) -> np.ndarray:
    t = seconds(duration)
    partials = ((1.0, 1.0), (2.0, 0.4), (3.01, 0.2), (4.2, 0.08))
    return attack(sum(a * np.sin(2 * np.pi * freq * m * t) * np.exp(-damping * m * t) for m, a in partials), 2)


def turn_start() -> np.ndarray:
    canvas = np.zeros(int(RATE * 0.6))
    place(canvas, bell(659.25, 0.5) * 0.7, 0.0)   # E5
    place(canvas, bell(880.0, 0.5), 0.1)          # A5
    return canvas


def timer_warning() -> np.ndarray:
    canvas = np.zeros(int(RATE * 0.42))
    for i in range(3):
        beep = release(attack(tone(1320.0, 0.07, (1.0, 0.5, 0.2)), 2), 10) * 0.7
        place(canvas, beep, i * 0.14)
    return canvas


def catch() -> np.ndarray:
    """'Caught you': a rising whoosh into a bright double ding."""
    whoosh = sweep(300.0, 1400.0, 0.16) * np.linspace(0.1, 0.6, int(RATE * 0.16))
    canvas = np.zeros(int(RATE * 0.55))
    place(canvas, release(whoosh, 10), 0.0)
    place(canvas, bell(1568.0, 0.4, 8) * 0.8, 0.15)   # G6
    place(canvas, bell(2093.0, 0.35, 9) * 0.6, 0.22)  # C7
    return canvas


def slap() -> np.ndarray:
    """A palm on the table: a broadband crack and a heavy low body."""
    crack = lowpass(noise(0.2, 71), 5000) * decay(0.2, 40)
    body = np.sin(2 * np.pi * 95.0 * seconds(0.2)) * decay(0.2, 22) * 0.9
    return attack(crack + body, 0.5)


def arpeggio(freqs: tuple[float, ...], step: float, tail: float, damping: float) -> np.ndarray:
    canvas = np.zeros(int(RATE * (step * len(freqs) + tail)))
    for i, f in enumerate(freqs):
        place(canvas, bell(f, tail, damping), i * step)
    return canvas


def win() -> np.ndarray:
    """Rising major fanfare ending on a held chord."""
    c5, e5, g5, c6, e6 = 523.25, 659.25, 783.99, 1046.5, 1318.5
    canvas = arpeggio((c5, e5, g5, c6), 0.11, 0.5, 5)
    chord = np.zeros(int(RATE * 1.0))
    for f in (c5, e5, g5, c6, e6):
        chord += release(tone(f, 1.0, (1.0, 0.35, 0.12)) * decay(1.0, 2.8), 60)
    result = np.zeros(len(canvas) + int(RATE * 0.6))
    place(result, canvas, 0.0)
    place(result, attack(chord, 8) * 0.5, 0.44)
    return result


def lose() -> np.ndarray:
    """The classic sad trombone: three falling steps and a wobbling last note."""
    notes = (392.0, 369.99, 349.23)
    result = np.zeros(int(RATE * 1.5))
    for i, f in enumerate(notes):
        note = tone(f, 0.3, (1.0, 0.5, 0.3, 0.15))
        place(result, release(attack(lowpass(note, 1800), 15), 40) * 0.6, i * 0.3)
    t = seconds(0.6)
    wobble = 329.63 * (1 + 0.02 * np.sin(2 * np.pi * 6 * t)) * np.linspace(1.0, 0.97, len(t))
    phase = 2 * np.pi * np.cumsum(wobble) / RATE
    last = sum(a * np.sin(k * phase) for k, a in ((1, 1.0), (2, 0.5), (3, 0.3), (4, 0.15)))
    place(result, release(attack(lowpass(last, 1800), 15), 150) * 0.6, 0.9)
    return result


def menu_move() -> np.ndarray:
    return attack(tone(1175.0, 0.035) * decay(0.035, 90), 1.0) * 0.6


def menu_confirm() -> np.ndarray:
    canvas = np.zeros(int(RATE * 0.16))
    place(canvas, release(attack(tone(880.0, 0.06, (1.0, 0.3)), 2), 10) * 0.6, 0.0)
    place(canvas, release(attack(tone(1318.5, 0.09, (1.0, 0.3)), 2), 30) * 0.6, 0.06)
    return canvas


def cough() -> np.ndarray:
    """A short double cough («кхе-кхе»): each a sudden burst of breath through the throat's resonances over a low
    voiced rasp, trailing off; the second one softer and lower."""
    def burst(seed: int, duration: float, rasp_hz: float) -> np.ndarray:
        t = seconds(duration)
        breath = lowpass(bandpass(noise(duration, seed), 300, 1800), 1800)  # two poles: a throat, not a hiss
        rasp = lowpass(lowpass(np.sign(np.sin(2 * np.pi * rasp_hz * t)) * noise(duration, seed + 1) ** 2, 700), 700)
        envelope = (1.0 - np.exp(-t * 300)) * np.exp(-t * 16)
        return release(attack((breath + 0.6 * rasp) * envelope, 2), 30)
    canvas = np.zeros(int(RATE * 0.6))
    place(canvas, burst(81, 0.24, 150.0), 0.0)
    place(canvas, burst(83, 0.28, 128.0) * 0.7, 0.27)
    return canvas


SYNTHESISED = {
    "card_play": card_play,
    "card_draw": card_draw,
    "shuffle": shuffle,
    "deal": deal,
    "tile_place": tile_place,
    "tile_return": tile_return,
    "score_tick": score_tick,
    "invalid": invalid,
    "turn_start": turn_start,
    "timer_warning": timer_warning,
    "catch": catch,
    "slap": slap,
    "win": win,
    "lose": lose,
    "menu_move": menu_move,
    "menu_confirm": menu_confirm,
    "cough": cough,
}

# name -> (text, espeak-ng voice, speed wpm, pitch 0-99): shouted, so fast and high, then made louder by sox
SPOKEN = {
    "uno_shout": ("УНО!", "ru", 150, 70),
    "ne_govori": ("Не говори!", "ru", 175, 65),
}

# sox effects that turn the flat espeak voice into a shout in a room
SHOUT_EFFECTS = ["highpass", "120", "overdrive", "6", "gain", "-4", "reverb", "25", "50", "40", "norm", "-1.5"]


# peak level per effect: small interface sounds sit well below the table noises and the fanfares
LEVELS = {"cough": 0.6, "menu_move": 0.45, "score_tick": 0.5, "menu_confirm": 0.6, "deal": 0.65, "card_draw": 0.7, "timer_warning": 0.7,
          "shuffle": 0.75, "tile_return": 0.75, "invalid": 0.7, "lose": 0.65, "win": 0.8}


def write_wav(path: Path, signal: np.ndarray, peak: float = 0.85) -> None:
    pcm = (np.clip(normalise(signal, peak), -1.0, 1.0) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


def run(command: list[str]) -> None:
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def speak(text: str, voice: str, speed: int, pitch: int, wav_path: Path, work: Path) -> None:
    raw = work / (wav_path.stem + ".raw.wav")
    run(["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "-a", "200", "-w", str(raw), text])
    run(["sox", "-R", str(raw), "-r", str(RATE), "-c", "1", str(wav_path), *SHOUT_EFFECTS, "pad", "0", "0.1"])


def encode_ogg(wav_path: Path, ogg_path: Path) -> None:
    run(["sox", "-R", str(wav_path), "-C", OGG_QUALITY, str(ogg_path)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SOUND_DIR, help="where the .ogg files go")
    parser.add_argument("--wav", type=Path, help="also keep the WAV files here")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="make only these sounds (the other files stay)")
    args = parser.parse_args(argv)
    names = args.only or [*SYNTHESISED, *SPOKEN]
    unknown = [name for name in names if name not in SYNTHESISED and name not in SPOKEN]
    if unknown:
        print(f"Таких звуков нет: {', '.join(unknown)}. Есть: {', '.join([*SYNTHESISED, *SPOKEN])}", file=sys.stderr)
        return 1
    tools = ("espeak-ng", "sox") if any(name in SPOKEN for name in names) else ("sox",)
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        print(f"Не найдены программы: {', '.join(missing)}. Установите их: apt-get install {' '.join(missing)}",
              file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        wav_dir = args.wav or work
        wav_dir.mkdir(parents=True, exist_ok=True)
        for name, make in SYNTHESISED.items():
            if name in names:
                write_wav(wav_dir / f"{name}.wav", make(), LEVELS.get(name, 0.85))
        for name, (text, voice, speed, pitch) in SPOKEN.items():
            if name in names:
                speak(text, voice, speed, pitch, wav_dir / f"{name}.wav", work)
        for name in names:
            encode_ogg(wav_dir / f"{name}.wav", args.out / f"{name}.ogg")
            print(f"{name}.ogg  {(args.out / f'{name}.ogg').stat().st_size} байт")
    return 0


if __name__ == "__main__":
    sys.exit(main())
