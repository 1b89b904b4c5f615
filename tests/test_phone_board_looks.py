"""The phone's board draws the house variants from their look, as the laptop's board table does: the host sends each
board game's look as data (the lobby's ``games[].look``, ``VariantLook.for_page``) and the page (game/web/app.js)
reads a variant's phase, its status and title, its buttons and the actions they send, its question with its answers,
its pick of tiles off the board, its pause and its tallies from it. The page names no phase, action or event kind that
only a variant defines (the fence, read from the variants' modules as tests/test_board_variant_look.py reads them), so
a variant with a phase, a button and a question changes nothing there; the last test draws such a made-up one."""
from __future__ import annotations

import json
import pathlib
import re

import pytest

from game.rules import GAMES, load
from game.rules.board import LOOK
from game.rules.board.actions import Place
from tests.phone_support import PhoneRoom, click, join, shot, wait
from tests.test_board_variant_look import variant_only_names

ROOT = pathlib.Path(__file__).resolve().parent.parent
APP = ROOT / "game/web/app.js"
BOARD_PART = "// ---------------------------------------------------------------- Эрудит, Скрэббл, Словодел"
KEY = re.compile(r"[{,]\s*([A-Za-z_$][\w$]*)\s*:")


def others_use() -> set[str]:
    """The strings the other games' rules hold (UNO's «challenge» and its «reverse» card, Нет слов's «vote»): the page
    names them for those games."""
    packages = {g.module.split(".")[2] for g in GAMES if g.module.startswith("game.rules.")} - {"board"}
    return {node for package in packages for path in (ROOT / "game/rules" / package).rglob("*.py")
            for node in re.findall(r'"([a-z_]+)"', path.read_text(encoding="utf-8"))}


def read(source: str) -> tuple[list[tuple[int, str]], str]:
    """The string literals of the JS ``source`` as (offset, text), a template's pieces between its ``${…}`` each on
    its own (the code inside read the same way), and the code itself with every literal and comment blanked."""
    found, code, i, n = [], list(source), 0, len(source)
    open_braces: list[int] = []  # for each template expression being read, the braces opened inside it

    def blank(a: int, b: int) -> None:
        code[a:b] = [ch if ch == "\n" else " " for ch in source[a:b]]

    while i < n:
        c = source[i]
        if source.startswith(("//", "/*"), i):
            end = source.find("\n", i) if c + source[i + 1] == "//" else source.index("*/", i) + 2
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif c in "\"'":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            found.append((i + 1, source[i + 1:j]))
            blank(i, j + 1)
            i = j + 1
        elif c == "`" or (c == "}" and open_braces and open_braces[-1] == 0):
            if c == "}":
                open_braces.pop()
            j = i + 1
            while source[j] != "`" and not source.startswith("${", j):
                j += 2 if source[j] == "\\" else 1
            found.append((i + 1, source[i + 1:j]))
            blank(i, j)
            if source[j] == "`":
                blank(j, j + 1)
                i = j + 1
            else:
                open_braces.append(0)
                i = j + 2
        else:
            if open_braces and c in "{}":
                open_braces[-1] += 1 if c == "{" else -1
            i += 1
    return found, "".join(code)


def named_in(source: str, names: set[str]) -> list[tuple[int, str]]:
    """(line, name) of every string literal (a template's pieces too) and object key in the JS ``source`` that is
    one of ``names``; a method such as ``el.remove()`` is the page's own word, not a kind."""
    strings, code = read(source)
    found = [(at, text) for at, text in strings if text in names]
    found += [(m.start(1), m.group(1)) for m in KEY.finditer(code) if m.group(1) in names]
    return sorted({(source.count("\n", 0, at) + 1, name) for at, name in found})


def board_part(source: str) -> str:
    start = source.index(BOARD_PART)
    end = source.index("// ------", start + len(BOARD_PART))
    return source[start:end]


def test_the_fence_sees_what_it_looks_for():
    names = set(variant_only_names())
    assert {"challenge", "vote", "reverse", "paused", "hint", "remove", "pause", "hint_given"} <= names
    assert {"challenge", "accept", "vote", "reverse"} <= others_use() and "hint" not in others_use()
    # lines of the page before the looks
    old = ('if (e.kind === "hint_given" && e.to === S.me) takeHint(e.move, m.view);\n'
           'const LABELS = { draw: "Взять карту", hint: "Подсказка", pause: "Пауза" };\n'
           "const reverse = v.phase === 'reverse';\n"
           "box.append(h(\"div\", {}, `${reverse ? \"Скрэббл наоборот\" : bag}`));\n"
           "d.ghost.remove(); el.classList.remove(\"drop\");\n")
    assert named_in(old, names) == [(1, "hint_given"), (2, "hint"), (2, "pause"), (3, "reverse")]
    source = APP.read_text(encoding="utf-8")
    assert "function drawBoard(" in board_part(source) and "function drawUno(" not in board_part(source)


def test_the_page_names_no_variant():
    source = APP.read_text(encoding="utf-8")
    names = variant_only_names()
    anywhere = [f"app.js:{line}: «{name}» ({names[name]})"
                for line, name in named_in(source, set(names) - others_use())]
    board = board_part(source)
    first = source.count("\n", 0, source.index(board))
    in_board = [f"app.js:{first + line}: «{name}» ({names[name]})" for line, name in named_in(board, set(names))]
    assert not anywhere + in_board, "страница называет вариант вместо его вида (look):\n" + "\n".join(anywhere + in_board)


def test_the_look_goes_to_pages_as_plain_data_with_every_phase_button_and_answer():
    data = LOOK.for_page()
    assert json.loads(json.dumps(data)) == data
    assert [p["phase"] for p in data["phases"]] == [str(p) for p in LOOK.phases]
    rules = load("erudit")
    for phase, shown in zip(LOOK.phases.values(), data["phases"]):
        assert [b["action"] for b in shown["buttons"]] == [b.action for b in phase.buttons]
        if phase.question is not None:
            answers = [rules.actions.decode(a["action"]) for a in shown["question"]["answers"]]
            assert answers == [a.action for a in phase.question.answers]
    assert data["pausing"] == list(LOOK.pause) and [b["label"] for b in data["turn_buttons"]] == ["Подсказка"]


# ------------------------------------------------------------------ the page drawing them
def board_room(driver, options: dict) -> tuple[PhoneRoom, int, int]:
    """The phone seated against a bot in Эрудит, the bot set aside; (room, the phone's seat, the bot's)."""
    room = PhoneRoom("erudit", bots=1, options=options, speed=4.0)
    if driver.current_url.startswith("http"):
        driver.execute_script("localStorage.clear()")
    join(driver, room.url, "Петя")

    def go() -> tuple[int, int]:
        room.core.start()
        me = next(i for i, s in enumerate(room.core.seats) if not s.is_bot)
        room.core.session.set_bot(1 - me, None)
        return me, 1 - me

    me, other = room.call(go)
    wait(driver, lambda s: s["update"] is not None, what="the deal")
    return room, me, other


def made_up_move(room: PhoneRoom, seat: int) -> Place:
    """Two of ``seat``'s tiles (no blank) across the centre that the dictionary does not take as a word, the seat put
    on turn with an empty board."""
    state = room.core.session.state
    rules = room.core.rules
    source = rules.source(state.options)
    state.turn = seat
    rack = [t for t in state.racks[seat] if state.faces[t] != "?"]
    a, b = next((a, b) for a in rack for b in rack
                if a != b and not rules.verdict(source, state.faces[a] + state.faces[b])[0])
    return Place(tiles=((7, 7, rules.tid(a), state.faces[a]), (7, 8, rules.tid(b), state.faces[b])), dispute=True)


def test_a_word_put_to_the_vote_is_asked_on_the_phone_in_the_looks_words(driver):
    room, me, other = board_room(driver, {"vote": True})
    try:
        def put_to_the_vote():
            session = room.core.session
            move = made_up_move(room, other)
            session._broadcast([])
            assert session.submit(other, move, room.core.now()).accepted
            room.host._reschedule()

        room.call(put_to_the_vote)
        got = wait(driver, lambda s: s["update"]["view"]["phase"] == "vote" and s["update"]["legal"], what="the vote")
        look = next(g["look"] for g in got["lobby"]["games"] if g["id"] == "erudit")
        question = next(p["question"] for p in look["phases"] if p["phase"] == "vote")
        text = driver.execute_script("return document.getElementById('question').innerText")
        bot = got["lobby"]["seats"][other]["name"]
        assert question["title"] in text and f"{bot} предлагает слово, которого нет в словаре" in text
        assert " + ".join(got["update"]["view"]["pending"]["words"]) in text
        answers = driver.execute_script("return [...document.querySelectorAll('#question button')].map(b => b.textContent)")
        assert answers == ["Принять слово", "Не принимать"]
        assert "голосование" in driver.find_element("id", "table").text
        shot(driver, "board_vote_question")
        assert click(driver, "#question button:last-child")
        closed = wait(driver, lambda s: s["update"]["view"]["phase"] == "play", what="the vote's verdict")
        closing = next(e for e in closed["update"]["events"] if e["kind"] == "vote_closed")
        assert closing["no"] == 1 and not closing["allowed"]
    finally:
        room.close()


def test_a_move_in_the_challenge_window_is_challenged_by_the_looks_button(driver):
    room, me, other = board_room(driver, {"checking": "challenge"})
    try:
        def made():
            session = room.core.session
            move = made_up_move(room, other)
            session._broadcast([])
            assert session.submit(other, Place(tiles=move.tiles), room.core.now()).accepted
            room.host._reschedule()

        room.call(made)
        wait(driver, lambda s: s["update"]["view"]["phase"] == "challenge" and s["update"]["legal"], what="the window")
        call = driver.execute_script("return document.getElementById('phase-call').innerText")
        assert "Проверка слова" in call
        buttons = driver.execute_script("return [...document.querySelectorAll('#phase-call button')].map(b => b.textContent)")
        assert buttons == ["Оспорить", "Принять"]  # the board's own words (UNO's «Оспорить +4» before)
        shot(driver, "board_challenge_window")
        assert click(driver, '#phase-call button:first-child')
        done = wait(driver, lambda s: s["update"]["view"]["phase"] == "play", what="the challenge")
        assert not any(any(row) for row in done["update"]["view"]["board"])  # the made-up word was taken back
    finally:
        room.close()


def test_a_variant_the_page_has_never_seen_is_drawn_from_its_look(driver):
    """A made-up variant's look (a phase with a title, a button and a question, a turn button, a tally) handed to the
    page as the lobby would: its phase's status, its question and its button, sending the actions the look says."""
    room, me, other = board_room(driver, {})
    try:
        drawn = driver.execute_script("""
            const sent = []; S.ws.send = (text) => sent.push(JSON.parse(text).action);
            const entry = S.lobby.games.find((g) => g.id === S.update.view.game);
            entry.look = { pausing: [], tallies: [{ label: "звёзд", view_key: "stars", phases: ["stargazing"] }],
              turn_buttons: [{ action: "wish", label: "Загадать", shown_by: "" }],
              phases: [{ phase: "stargazing", kind: "window", status: "смотрим на звёзды", title: "Звездопад",
                goes_on: "", buttons: [{ action: "gaze", label: "Смотреть", shown_by: "" }], pick: null,
                question: { title: "Звезда упала?", verb: "видит", rest: "падающую звезду.",
                  answers: [{ label: "Да", action: { kind: "gaze", fell: true } },
                            { label: "Нет", action: { kind: "gaze", fell: false } }] } }] };
            const u = S.update, v = u.view;
            S.update = Object.assign({}, u, { view: Object.assign({}, v, { phase: "stargazing", stars: [3, 4],
              pending: { seat: arguments[0], words: ["КОМЕТА"], score: 9 } }),
              legal: [{ kind: "gaze", fell: true }, { kind: "gaze", fell: false }] });
            drawTable();
            const q = document.getElementById("question");
            const text = [document.getElementById("table").innerText, q ? q.innerText : ""];
            document.querySelector('#question [data-kind="gaze"]').click();
            S.update = Object.assign({}, u, { view: Object.assign({}, v, { stars: [3, 4] }), legal: [{ kind: "wish" }] });
            drawTable();
            document.querySelector('[data-kind="wish"]').click();
            return { text, sent };
        """, other)
        table, question = drawn["text"]
        assert "смотрим на звёзды" in table and "звёзд 3" in table
        assert "Звезда упала?" in question and "видит падающую звезду." in question and "КОМЕТА · 9 очков" in question
        assert drawn["sent"] == [{"kind": "gaze", "fell": True}, {"kind": "wish"}]
    finally:
        room.close()


def test_points_on_the_page_agree_with_their_number(driver):
    """«6 очков», «1 очко», «3 очка», «11 очков», «21 очко»: the page cut the word to «очк.» after any number."""
    room, _me, _other = board_room(driver, {})
    try:
        said = driver.execute_script("return [1, 3, 6, 11, 21, 104].map(points)")
        assert said == ["1 очко", "3 очка", "6 очков", "11 очков", "21 очко", "104 очка"]
    finally:
        room.close()
