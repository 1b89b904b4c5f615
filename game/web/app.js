// Игротека on a phone: one seat's hand, spoken over the host's WebSocket (docs/PROTOCOL.md §11).
// The page decides nothing: it shows the view, offers what `legal` lists and sends it back.
"use strict";
const $ = (id) => document.getElementById(id);
const h = (tag, attrs, ...kids) => {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "on") el.addEventListener("click", v);
    else if (k === "cls") el.className = v;
    else if (v !== undefined && v !== null && v !== false) el.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) el.append(kid);
  return el;
};
const params = new URLSearchParams(location.search);
const KEY = "igroteka-seat:" + location.host;
const S = { ws: null, welcome: null, lobby: null, update: null, me: null, code: params.get("c") || "",
  samples: [], pingId: 0, pings: {}, sel: null, placed: {}, word: [], reads: {}, picking: null, exch: false, unoArmed: false,
  hadTurn: false, cell: 30, preview: null, gone: false, sent: 0, scroll: { left: 0, top: 0 }, drag: null, dragged: false,
  sentPlace: null, disputable: false,  // the tiles of the move in flight; whether the rules let them go to the vote
  swaps: {}, swapSel: null, sentSwaps: null,  // blank reuse: board blank's cell -> the rack tile given for it
  picked: [], drawFrom: -1, hintNote: "" };  // cells picked off the board (a variant's pick); double bag's draw; the last hint

function show(id) {
  for (const s of ["join", "lobby", "table", "gone"]) $(s).hidden = s !== id;
  if (id !== "table") fitDock(null);
}
// the turn's buttons stand in a bar fixed to the bottom of the screen (the reflex clock does not wait for a scroll);
// the page keeps the bar's height free below what it scrolls, and the toast rises above the bar
function fitDock(dock) {
  const height = dock && !dock.hidden ? dock.getBoundingClientRect().height : 0;
  document.documentElement.style.setProperty("--dock", `${Math.ceil(height)}px`);
}
const dockWatch = typeof ResizeObserver === "function" ? new ResizeObserver(() => fitDock($("dock"))) : null;
function toast(text, ms) {
  const t = $("toast"); t.textContent = text; t.hidden = false;
  clearTimeout(toast.timer); toast.timer = setTimeout(() => (t.hidden = true), ms || 2500);
}
// «1 очко», «3 очка», «7 очков»: a number agrees with the noun after it, as the laptop's tables say it
function points(n) {
  const last = Math.abs(n) % 10, tens = Math.abs(n) % 100;
  const noun = tens >= 11 && tens <= 14 ? "очков" : last === 1 ? "очко" : last >= 2 && last <= 4 ? "очка" : "очков";
  return `${n} ${noun}`;
}
function buzz(ms) { if (navigator.vibrate) navigator.vibrate(ms); }
function saved() { try { return JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { return null; } }

// ---------------------------------------------------------------- connection and clock
function connect(hello) {
  const ws = new WebSocket(`ws://${location.host}/ws?code=${encodeURIComponent(S.code)}`);
  S.ws = ws;
  ws.onopen = () => {
    ws.send(JSON.stringify(Object.assign({ type: "hello", version: 1 }, hello)));
    for (let i = 0; i < 4; i++) setTimeout(ping, i * 120);
    S.pinger = setInterval(ping, 2000);
  };
  ws.onmessage = (e) => handle(JSON.parse(e.data));
  ws.onclose = () => {
    clearInterval(S.pinger);
    if (!S.gone) goneScreen("Связь прервана", "Телефон уснул или сеть пропала. Место за вами сохранено.");
  };
}
function send(msg) { if (S.ws && S.ws.readyState === 1) S.ws.send(JSON.stringify(msg)); }
function best() { return S.samples.reduce((b, s) => (!b || s.rtt < b.rtt ? s : b), null); }
function ping() {
  const msg = { type: "ping", id: ++S.pingId, t: performance.now() };
  const b = best();
  if (b) { msg.offset = b.offset; msg.rtt = b.rtt; }
  send(msg);
}
function onPong(m) {
  const now = performance.now(), rtt = now - m.t;
  if (rtt < 0) return;
  S.samples.push({ rtt, offset: m.host - (m.t + now) / 2 });
  if (S.samples.length > 8) S.samples.shift();
}
function hostNow() { const b = best(); return b ? performance.now() + b.offset : 0; }

function act(action) {
  const u = S.update; if (!u) return;
  const reflex = (u.reflex_kinds || []).includes(action.kind);
  const msg = { type: "action", action, state_id: u.state_id };
  if (reflex) msg.pressed = performance.now();  // mapped to host time by the offset the pings measured
  send(msg); S.sent++;
}

function handle(m) {
  switch (m.type) {
    case "welcome":
      S.welcome = m; S.me = m.role === "player" ? m.seat : null;
      if (m.token) localStorage.setItem(KEY, JSON.stringify({ token: m.token, seat: m.seat, room_id: m.room_id }));
      if (m.role === "player") S.seatReturned = null;
      $("room").textContent = m.room;
      $("status").textContent = m.role === "player" ? "вы за столом" : "вы зритель";
      if (m.notice) toast(m.notice, 4000);
      break;
    case "lobby": onLobby(m); break;
    case "update": onUpdate(m); break;
    case "seat_key": sitDown(m); break;
    case "pong": onPong(m); break;
    case "preview": S.preview = m; drawPreview(); break;
    case "error":
      S.lastError = m; toast(m.reason, 3000);
      if (m.ref === "action") { buzz(40); placeRefused(m); wordRefused(m); }
      if (m.ref === "take_bot_seat") { S.seatAsked = false; if (S.update) drawTable(); }
      break;
    case "bye":
      if (m.code === "seat_returned") { watchAfterLateKey(m); break; }
      S.gone = true;
      if (["token", "kicked", "replaced"].includes(m.code)) localStorage.removeItem(KEY);
      goneScreen("Соединение закрыто", m.reason);
      break;
  }
}
function onLobby(m) {
  const prev = S.lobby; S.lobby = m;
  if (!m.started || !S.update) { drawLobby(); return; }
  // everyone at the table sees who sat down in a bot's seat (the seat's name is now the person's)
  if (prev && prev.started) for (const s of m.seats) {
    const was = prev.seats[s.seat];
    if (was && was.bot && !s.bot && s.seat !== m.you) toast(`${s.name} садится за стол вместо бота «${was.name}»`, 3500);
  }
  drawTable();  // names, and whether a spectator may still sit down
}
// the seat's key is kept as the page keeps its own seat's, and the page comes to the seat as after a reload
function sitDown(m) {
  localStorage.setItem(KEY, JSON.stringify({ token: m.token, seat: m.seat, room_id: S.welcome.room_id }));
  const old = S.ws; old.onclose = null; old.onmessage = null; clearInterval(S.pinger); old.close();
  S.update = null; S.seatAsked = false;
  toast("Вы садитесь за стол вместо бота.", 2500);
  connect({ name: "", token: m.token, seat: m.seat });
}
// the seat went back to its bot before this key came (a slow phone): the key is dead, so the page forgets it and
// watches the table again, the host's reason above the offer to sit down once more
function watchAfterLateKey(m) {
  localStorage.removeItem(KEY);
  const old = S.ws; old.onclose = null; old.onmessage = null; clearInterval(S.pinger); old.close();
  S.update = null; S.seatAsked = false; S.seatReturned = m.reason;
  show("lobby");
  connect({ name: localStorage.getItem("igroteka-name") || "", role: "spectator" });
}
function goneScreen(title, reason) { $("gone-title").textContent = title; $("gone-reason").textContent = reason; show("gone"); }

// ---------------------------------------------------------------- join and lobby
function start() {
  const seat = saved();
  if (seat) { connect({ name: "", token: seat.token, seat: seat.seat }); show("lobby"); return; }
  $("code").value = S.code; $("code").hidden = !!S.code;
  $("join-note").textContent = S.code ? "Как вас зовут?" : "Как вас зовут? Код комнаты — на большом экране.";
  $("name").value = localStorage.getItem("igroteka-name") || "";
  show("join");
  $("join-form").onsubmit = (e) => {
    e.preventDefault();
    S.code = $("code").value.trim();
    localStorage.setItem("igroteka-name", $("name").value);
    connect({ name: $("name").value, role: "player" }); show("lobby");
  };
  // a watcher's name is the one the seat takes if they sit down in a bot's seat later
  $("watch").onclick = () => { connect({ name: $("name").value, role: "spectator" }); show("lobby"); };
}

// «готов» or «готова», as the host read the seat's name
const ready = (seat) => (seat.feminine ? "готова" : "готов");

function drawLobby() {
  const L = S.lobby, box = $("lobby"); box.innerHTML = "";
  if (!L) return;
  show("lobby");
  box.append(h("h1", {}, L.title));
  box.append(h("div", { cls: "seats" }, L.seats.map((s) => h("div", { cls: s.seat === L.you ? "me" : "" },
    `${s.name}${s.bot ? " (бот)" : ""} — ${s.ready ? "" : "не "}${ready(s)}`))));
  if (L.you === null || L.you === undefined) { box.append(h("p", { cls: "info" }, "Вы смотрите. Игра начнётся на большом экране.")); return; }
  const mine = L.seats[L.you];
  box.append(h("button", { cls: "big", id: "ready", on: () => send({ type: "ready", ready: !mine.ready }) },
    mine.ready ? `Я не ${ready(mine)}` : `Я ${ready(mine)}`));
  if (L.owner === L.you) {
    box.append(h("p", { cls: "info" }, "Вы хозяин комнаты: начните, когда все сядут. Свободные места займут боты."));
    box.append(h("button", { cls: "big", id: "start", on: startWithBots }, "Начать игру"));
  } else box.append(h("p", { cls: "info" }, "Игру начнёт хозяин комнаты."));
}
function startWithBots() {
  const L = S.lobby, want = Math.max(L.players[0], Math.min(L.players[1], 4));
  for (let n = L.seats.length; n < want; n++) send({ type: "add_bot", level: "player" });
  send({ type: "start" });
}

// ---------------------------------------------------------------- the table
const LABELS = { draw: "Взять карту", pass: "Пас", accept: "Принять", challenge: "Оспорить +4", ready: "Готов",
  continue: "Дальше", keep_cards: "Не меняться", call_vote: "На голосование", drop_claim: "Согласен",
  accept_word: "Беру буквы", withdraw: "Забрать слово", ask_letter: "Ещё букву", bribe: "Подкуп", emote: null };
function legal() { return (S.update && S.update.legal) || []; }
function can(kind) { return legal().find((a) => a.kind === kind); }
function myTurn() { return legal().some((a) => !(S.update.reflex_kinds || []).includes(a.kind) && a.kind !== "emote"); }

function onUpdate(m) {
  const prev = S.update; S.update = m;
  if (typeof m.t === "number") S.hostLead = m.t - performance.now();  // the host's time when it sent this update
  if (!prev || prev.view.game !== m.view.game) { S.placed = {}; S.swaps = {}; S.word = []; }
  if (prev && prev.state_id !== m.state_id) {
    S.placed = keepPlaced(m.view); S.word = keptWord(prev.view, m.view);
    S.sentPlace = null; S.disputable = false; S.hintNote = ""; S.swapSel = null;
    S.picked = pickOf(m.view) ? S.picked.filter((k) => tileAt(m.view, k)) : [];
  }
  const turn = myTurn();
  if (turn && !S.hadTurn) buzz(120);
  S.hadTurn = turn;
  for (const e of m.events || []) {
    if (e.kind === "uno_caught" && (e.seat === S.me || e.by === S.me)) buzz([60, 40, 60]);
    if (e.kind === "false_reflex" && e.seat === S.me) toast("Рано! Кнопка заблокирована ненадолго.", 1800);
    const answer = BOARD_EVENTS[`ev_${e.kind}`];
    if (answer) answer(e, m.view);
  }
  drawTable();
}

// a game as the host's lobby lists it: which of this page's tables draws it (the registry's phone page), its look
function gameEntry(game) { return ((S.lobby && S.lobby.games) || []).find((x) => x.id === game); }
function pageOf(game) { const g = gameEntry(game); return g ? g.page : game; }
function drawTable() {
  const u = S.update, v = u.view, box = $("table");
  // every update redraws the table: what a player is typing (a claim, Бинго's words) and its focus outlive it
  const typed = [...box.querySelectorAll("input[id]")].map((el) => [el.id, el.value, el.selectionStart, el.selectionEnd]);
  const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : null;
  box.innerHTML = "";
  show("table");
  const game = v.game;  // every game's view names it
  const page = pageOf(game);
  box.dataset.game = page;
  if (u.over) box.append(h("h2", { id: "over" }, "Игра окончена"));
  const offer = seatOffer(u);
  if (offer) box.append(offer);
  const draw = { uno: drawUno, board: drawBoard, nowords: drawNowords, hardsign: drawHardsign, bingo: drawBingo }[page];
  const dock = h("div", { cls: "dock", id: "dock" });
  box.append(dock);  // in the page while the game draws into it (its preview is looked up by id), last when done
  const handled = draw ? draw(box, v, dock) : new Set();
  const rest = legal().filter((a) => !handled.has(a.kind) && LABELS[a.kind] !== null);
  // the rules' other actions join the game's own row of buttons when it has one (one row less of the bar)
  if (rest.length) (dock.querySelector(".buttons") || dock).append(h("div", { cls: "row", id: "actions" }, rest.map((a) =>
    h("button", { cls: "act", "data-kind": a.kind, on: () => act(a) }, label(a)))));
  if (u.over && u.result) box.append(h("p", { cls: "info" }, "Победители: " + (u.result.winners || []).map(seatName).join(", ")));
  dock.hidden = !dock.childElementCount;
  box.append(dock);
  fitDock(dock);
  if (dockWatch) { dockWatch.disconnect(); dockWatch.observe(dock); }
  for (const [id, value, start, end] of typed) {
    const el = $(id);
    if (!el) continue;
    el.value = value;
    if (id === focused) { el.focus(); try { el.setSelectionRange(start, end); } catch (e) { /* not a text field */ } }
  }
}
// a spectator may sit down in a seat a lobby bot plays; a person's seat a bot covers while they are away
// («substituted», its `bot` nil) stays theirs and is not offered
function seatOffer(u) {
  const L = S.lobby;
  if (u.over || !L || !L.started || !S.welcome || S.welcome.role !== "spectator") return null;
  const bot = L.seats.find((s) => s.bot);
  const returned = S.seatReturned ? h("p", { cls: "info", id: "seat-returned" }, S.seatReturned) : null;
  if (!bot) return h("div", { id: "seat-offer" }, returned,
    h("p", { cls: "info" }, "Все места за столом заняты людьми — вы смотрите."));
  return h("div", { id: "seat-offer" }, returned,
    h("p", { cls: "info" }, `За «${bot.name}» играет бот. Сядьте вместо него: его карты и очки станут вашими.`),
    h("button", { cls: "big", id: "take-seat", disabled: !!S.seatAsked, on: () => {
      S.seatAsked = true; send({ type: "take_bot_seat" }); drawTable();
    } }, "Сесть вместо бота"));
}
function label(a) {
  if (a.kind === "vote") return a.accept ? "За" : "Против";  // Нет слов (a board variant's vote is its question)
  if (a.kind === "choose_next" || a.kind === "swap_with") return seatName(a.seat);
  return LABELS[a.kind] || a.kind;
}
function turnName(i) { return i === S.me ? "ваш" : seatName(i); }
function seatName(i) { const s = S.lobby && S.lobby.seats[i]; return s ? s.name : `место ${i + 1}`; }
function counts(list, fmt) {
  return h("div", { cls: "info" }, list.map((n, i) => `${seatName(i)}${i === S.me ? " (вы)" : ""}: ${fmt(n, i)}`).join(" · "));
}

// ---------------------------------------------------------------- UNO
const FACE = { skip: "⊘", reverse: "⇄", draw2: "+2", wild: "★", wild4: "+4" };
function unoCard(c, extra) {
  return h("div", { cls: `card ${c.named || c.colour} ${extra || ""}`, "data-id": c.id }, FACE[c.value] ?? String(c.value));
}
function drawUno(box, v, dock) {
  const handled = new Set(["play", "choose_colour", "shout", "catch", "slap", "jump_in", "emote"]);
  const me = v.players[S.me] || {};
  box.append(h("div", { cls: "info" }, `${v.phase_label || "Ход"}: ${v.turn === S.me ? "вы" : seatName(v.turn)} · цвет: ${({ red: "красный", yellow: "жёлтый", green: "зелёный", blue: "синий" })[v.colour] || "—"}`));
  box.append(counts(v.players.map((p) => p.cards), (n, i) => `${n}${v.players[i].uno ? " УНО" : ""}`));
  if (v.top) box.append(h("div", { cls: "row" }, unoCard(v.top, "small"), h("span", { cls: "info" }, ` в колоде ${v.deck_count}`)));
  const plays = new Map(legal().filter((a) => a.kind === "play" || a.kind === "jump_in").map((a) => [a.card, a]));
  const hand = h("div", { cls: "hand", id: "hand" });
  for (const c of v.hand) {
    const a = plays.get(c.id);
    const el = unoCard(c, a ? "playable" : "dim");
    if (a) el.addEventListener("click", () => {
      const sayUno = S.unoArmed || v.hand.length === 2 && S.unoArmed;
      act(Object.assign({}, a, { uno: !!sayUno })); S.unoArmed = false;
    });
    hand.append(el);
  }
  box.append(hand);
  // the reactions the rules let this seat send now (the view's list: «кашель» and «смех» keep a silence)
  if ((v.emotes || []).length) box.append(h("div", { cls: "row emotes", id: "emotes" }, v.emotes.map((e) =>
    h("button", { cls: "emote", "data-emote": e, on: () => act({ kind: "emote", emote: e }) }, e))));
  const colours = legal().filter((a) => a.kind === "choose_colour");
  if (colours.length) dock.append(h("div", { cls: "row colours", id: "colours" }, colours.map((a) =>
    h("button", { cls: a.colour, "data-colour": a.colour, on: () => act(a) }, ({ red: "Красный", yellow: "Жёлтый", green: "Зелёный", blue: "Синий" })[a.colour]))));
  // the laptop's gates: a button exists only while its window is open, works only while the rules list
  // it and the seat is not locked out after a false press, and moves for every new window (no tapping blind)
  const locked = (me.locked || 0) > 0, watch = v.uno_watch, slap = v.slap;
  const unoBtn = h("button", { cls: "warn", id: "uno", on: () => {
    if (can("shout")) act(can("shout")); else { S.unoArmed = !S.unoArmed; drawTable(); }
  } }, S.unoArmed ? "УНО! ✓" : "УНО!");
  unoBtn.disabled = locked || !(can("shout") || v.hand.length === 2 && plays.size);
  const buttons = [unoBtn];
  if (watch && watch.seat !== S.me && S.me !== null) {
    const b = h("button", { cls: "warn", id: "catch", on: () => act(can("catch")) }, "Поймать");
    b.disabled = locked || !can("catch");
    buttons.push(b);
  }
  if (slap && (slap.expected || []).includes(S.me) && !(slap.slapped || []).includes(S.me)) {
    const b = h("button", { cls: "warn", id: "slap", on: () => act(can("slap")) }, "Хлопнуть");
    b.disabled = locked || !can("slap");
    buttons.push(b);
  }
  const window = `${watch ? watch.opened_ms : ""}:${slap ? slap.opened_ms : ""}`;
  let spin = 0; for (const ch of window) spin = (spin * 31 + ch.charCodeAt(0)) >>> 0;
  for (let i = 0; i < spin % buttons.length; i++) buttons.push(buttons.shift());
  dock.append(h("div", { cls: "reflex" }, buttons));
  return handled;
}

// ---------------------------------------------------------------- Эрудит, Скрэббл, Словодел
// The house variants are drawn from their look, which the lobby gives with each board game (the rules' own words and
// the actions they send, docs/PROTOCOL.md §10.2): a variant's phase (its status, title, buttons, question, pick of tiles
// off the board), its buttons of a turn, its pause and its tallies. No variant is named here: one with a phase, a
// button and a question changes nothing on this page.
const NO_LOOK = { phases: [], turn_buttons: [], pausing: [], tallies: [] };
function boardLook(v) { const g = gameEntry(v.game); return (g && g.look) || NO_LOOK; }
function phaseLook(v) { return boardLook(v).phases.find((p) => p.phase === v.phase) || null; }
function pickOf(v) { const p = phaseLook(v); return p && p.pick; }
// every action a look has a control for here (the rest of `legal` goes to the table's common row)
function lookActions(look) {
  return [...look.turn_buttons.map((b) => b.action), ...look.pausing, ...look.phases.flatMap((p) => [
    ...p.buttons.map((b) => b.action), ...(p.question ? p.question.answers.map((a) => a.action.kind) : []),
    ...(p.pick ? [p.pick.action] : [])])];
}
// the page's own words for the look's pause, the two actions the laptop's pause menu sends as it opens and closes
const PAUSE_WORDS = ["Пауза", "Продолжить"];
function pauseButtons(look) {
  return look.pausing.map((kind, i) => can(kind) ? h("button", { cls: "act", "data-kind": kind, on: () => act(can(kind)) }, PAUSE_WORDS[i]) : null);
}
function lookButton(b, cls) {
  return h("button", { cls, "data-kind": b.action, disabled: !can(b.action), on: () => act(can(b.action)) }, b.label);
}
// what the line over the board says: whose turn and the phase's status; in a hold, who goes on (the one the rules
// wait for), as at the laptop
function boardStatus(v, phase, bag) {
  if (!phase) return `ход: ${turnName(v.turn)} · ${bag}`;
  if (phase.kind === "hold") {
    const by = (S.update.to_act || [])[0];
    return phase.status + (by !== undefined && by !== S.me ? ` — ${phase.goes_on} ${seatName(by)}` : "");
  }
  return `ход: ${turnName(v.turn)} · ${phase.status}`;
}
// a move waiting in a variant's phase, for a seat the rules let answer it: the phase's question with its answers,
// or, without one, its title and buttons; the move's words and points above them
function waitingMove(phase, v) {
  const q = phase.question, p = v.pending || {};
  const move = h("div", { cls: "word", id: "pending" }, `${(p.words || []).join(" + ")} · ${points(p.score || 0)}`);
  if (q) return !can(q.answers[0].action.kind) ? null : h("div", { id: "question" }, h("h2", {}, q.title),
    h("p", { cls: "info" }, `${seatName(p.seat)} ${q.verb} ${q.rest}`), move,
    h("div", { cls: "row" }, q.answers.map((a) => h("button", { cls: "act", "data-kind": a.action.kind, on: () => act(a.action) }, a.label))));
  if (!phase.buttons.some((b) => can(b.action))) return null;
  return h("div", { id: "phase-call" }, h("h2", {}, phase.title), move, h("div", { cls: "row" }, phase.buttons.map((b) => lookButton(b, "act"))));
}
// a variant's event the page answers, found by its kind as the laptop's table finds its `ev_<kind>`
const BOARD_EVENTS = {
  ev_hint_given(e, v) { if (e.to === S.me) takeHint(e.move, v); },
};
function tileAt(v, key) { const [r, c] = key.split(",").map(Number); return (v.board[r] || [])[c] || null; }
function keepPlaced(v) {
  if (!v.rack) return {};
  const rack = new Set(v.rack.map((t) => t.id)), offered = new Set((v.blank_swaps || []).map((rc) => rc.join(",")));
  const kept = {};
  for (const [k, id] of Object.entries(S.swaps)) if (offered.has(k) && rack.has(id)) kept[k] = id;
  S.swaps = kept;
  if (pickOf(v)) return {};  // a turn of picking tiles off the board lays none
  const ids = new Set(rackShown(v).map((t) => t.id)), out = {};
  for (const [k, p] of Object.entries(S.placed)) {
    const [r, c] = k.split(",").map(Number);
    if (ids.has(p.id) && !(v.board[r] || [])[c]) out[k] = p;
  }
  return out;
}
function cardIds(v) { return new Set([...(v.hand || []), ...(v.table || [])].map((c) => c.id)); }
// the rack as the player holds it this turn: a tile given for a board blank is gone, the blank is in its place
function rackShown(v) {
  const given = new Set(Object.values(S.swaps));
  return v.rack.filter((t) => !given.has(t.id)).concat(Object.keys(S.swaps).map((k) => {
    const b = tileAt(v, k); return { id: b.id, letter: "?", points: b.points };
  }));
}
// Double bag: the move's ``vowels`` and its label, as at the laptop (-1: the table's own mix, 7: all new tiles
// from the vowel bag, 0: all from the consonants)
const DRAW_CHOICES = [[-1, "Добор: любые"], [7, "Добор: гласные"], [0, "Добор: согласн."]];
function doubleBag() { const b = S.update.view.bag_vowels; return b !== null && b !== undefined; }
function vowels() { return doubleBag() ? S.drawFrom : -1; }
const PREMIUMS = { d: "×2 буква", t: "×3 буква", D: "×2 слово", T: "×3 слово", "*": "центр" };
function drawBoard(box, v, dock) {
  const look = boardLook(v), phase = phaseLook(v), pick = phase && phase.pick;
  const handled = new Set(["place", "exchange", ...lookActions(look)]);
  const bag = `в мешке ${v.bag}` + (doubleBag() ? ` (гласных ${v.bag_vowels})` : "");
  box.append(h("div", { cls: "info" }, boardStatus(v, phase, bag)));
  const tallies = look.tallies.filter((t) => (t.phases.includes(v.phase) || v.phase === "over") && v[t.view_key]);
  box.append(counts(v.scores, (n, i) => `${n}` + tallies.map((t) => ` / ${t.label} ${v[t.view_key][i]}`).join("")));
  if (v.clock) box.append(h("div", { cls: "info clock", id: "clock" }));
  const wrap = h("div", { cls: "boardwrap", id: "boardwrap" });
  const grid = h("div", { cls: "board", id: "board", style: `--cell:${S.cell}px` });
  pinchable(wrap, grid);
  const offered = new Set((v.blank_swaps || []).map((rc) => rc.join(",")));
  const given = new Map(v.rack.map((t) => [t.id, t]));
  for (let r = 0; r < 15; r++) for (let c = 0; c < 15; c++) {
    const tile = v.board[r][c], key = `${r},${c}`, p = S.placed[key], prem = v.premiums[r][c];
    const swapped = S.swaps[key] && given.get(S.swaps[key]);  // the real tile now stands where the blank was
    let cls = tile ? "tl" + (swapped ? " sw" : tile.blank ? " bl" : "") : p ? "new" + (p.blank ? " bl" : "") : prem === "*" ? "s" : prem === "." ? "" : prem;
    if (offered.has(key) && !swapped) cls += " can-sw";
    if (S.picked.includes(key)) cls += " rm";
    const cell = h("div", { cls: cls + (S.sel === key || S.swapSel === key ? " cur" : ""), "data-cell": key },
      tile ? tile.letter : p ? p.letter.toUpperCase() : "");
    cell.addEventListener("click", () => tapCell(key, tile));
    grid.append(cell);
  }
  wrap.append(grid); box.append(wrap);
  // every redraw builds the board anew: the finger's pan stays where it was
  wrap.scrollLeft = S.scroll.left; wrap.scrollTop = S.scroll.top;
  wrap.addEventListener("scroll", () => { S.scroll = { left: wrap.scrollLeft, top: wrap.scrollTop }; });
  const present = new Set(v.premiums.flatMap((row) => [...row]));
  box.append(h("div", { cls: "legend", id: "legend" }, Object.entries(PREMIUMS).filter(([k]) => present.has(k)).map(([k, text]) =>
    h("span", {}, h("i", { cls: k === "*" ? "s" : k }), text))));
  box.append(h("div", { cls: "row" },
    h("button", { on: () => { S.cell = Math.min(56, S.cell + 6); drawTable(); } }, "＋"),
    h("button", { on: () => { S.cell = Math.max(16, S.cell - 6); drawTable(); } }, "－")));
  if (pick) {
    box.append(h("p", { cls: "info", id: "pick-note" }, pick.invitation));
    dock.append(h("div", { cls: "row buttons" }, h("button", { cls: "act", "data-kind": pick.action, disabled: !can(pick.action) || !S.picked.length,
      on: () => act({ kind: pick.action, cells: S.picked.map((k) => k.split(",").map(Number)) }) }, pick.verb), pauseButtons(look)));
    return handled;
  }
  const waiting = phase && waitingMove(phase, v);
  if (waiting) dock.append(waiting);
  const used = new Set(Object.values(S.placed).map((p) => p.id));
  const rack = h("div", { cls: "row", id: "rack" });
  for (const t of rackShown(v)) {
    const el = h("button", { cls: "tile" + (used.has(t.id) ? " used" : "") + (S.exch && S.exchSel.has(t.id) ? " sel" : ""), "data-id": t.id },
      t.letter, h("sub", {}, String(t.points)));
    el.addEventListener("click", () => { if (!S.dragged) tapTile(t); S.dragged = false; });
    el.addEventListener("pointerdown", (e) => startDrag(e, t));
    rack.append(el);
  }
  // the rack rides in the bar with the move's buttons: a cell on the board, then a tile, then «Ход», all in sight
  dock.append(rack, h("div", { cls: "info", id: "preview" }, ""));
  if (S.hintNote) box.append(h("p", { cls: "info", id: "hint-note" }, S.hintNote));
  const turn = myTurn() && v.phase === "play", laid = Object.keys(S.placed).length;
  dock.append(h("div", { cls: "row buttons" },
    h("button", { cls: "act", id: "send-place", disabled: !turn || !laid, on: () => sendPlace(false) }, "Ход"),
    S.disputable && turn && laid ? h("button", { cls: "act", id: "dispute", on: () => sendPlace(true) }, "На голосование") : null,
    h("button", { id: "take-back", on: () => {
      S.placed = {}; S.swaps = {}; S.swapSel = null; S.preview = null; S.disputable = false; drawTable();
    } }, "Вернуть"),
    h("button", { id: "exchange", disabled: !turn, on: exchange }, S.exch ? "Обменять выбранные" : "Обмен"),
    // a variant's buttons of a turn stand while the view has their variant on (its `shown_by` key not null)
    look.turn_buttons.filter((b) => !b.shown_by || (v[b.shown_by] !== null && v[b.shown_by] !== undefined)).map((b) => lookButton(b, "")),
    doubleBag() ? h("button", { id: "draw-from", on: () => {
      const i = DRAW_CHOICES.findIndex(([n]) => n === S.drawFrom);
      S.drawFrom = DRAW_CHOICES[(i + 1) % DRAW_CHOICES.length][0]; drawTable();
    } }, DRAW_CHOICES.find(([n]) => n === S.drawFrom)[1]) : null, pauseButtons(look)));
  drawPreview();
  tickClock();
  return handled;
}
// «Часы»: the player's own clock and the one that runs, counted down on the host's time between updates (the view
// gives each seat's time left as of `at`, the host's time of the last change)
function hostTime() { return best() ? hostNow() : performance.now() + (S.hostLead || 0); }
function clockFace(ms) {
  const s = ms > 0 ? Math.ceil(ms / 1000) : Math.floor(-ms / 1000);
  return `${ms > 0 ? "" : "-"}${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
function clockLeft(c, seat) {
  return c.runs === seat && !S.update.over ? c.left_ms[seat] - Math.max(0, hostTime() - c.at) : c.left_ms[seat];
}
function tickClock() {
  const el = $("clock"), v = S.update && S.update.view, c = v && v.clock;
  if (!el || !c) return;
  const seats = [S.me, c.runs].filter((s, i, all) => s !== null && s !== undefined && s >= 0 && all.indexOf(s) === i);
  el.replaceChildren(seats.length ? "Часы: " : "Часы стоят", ...seats.map((seat, i) => {
    const left = clockLeft(c, seat), who = seat === S.me ? "вы" : seatName(seat);
    return h("span", { cls: left < 30000 ? "low" : "", "data-seat": seat },
      `${i ? " · " : ""}${who} ${clockFace(left)}${c.runs === seat ? " ▸" : ""}`);
  }));
}
setInterval(tickClock, 250);
// the hinted move goes onto the board as tentative tiles from the rack, as at the laptop: «Ход» plays it
function takeHint(move, v) {
  if (!move || !move.tiles) { S.hintNote = "Подсказка: хода нет — попробуйте обмен или пас."; return; }
  S.placed = {}; S.swaps = {}; S.sel = null;
  const free = v.rack.slice();
  for (const [r, c, letter, blank] of move.tiles) {
    const i = free.findIndex((t) => t.letter === (blank ? "?" : letter.toUpperCase()));
    if (i < 0) continue;
    S.placed[`${r},${c}`] = { id: free[i].id, letter: letter.toLowerCase(), blank: !!blank };
    free.splice(i, 1);
  }
  const worth = move.equity !== undefined ? ` (с оставленными фишками ${move.equity})` : "";
  S.hintNote = `Подсказка: «${move.word}» — ${points(move.score)}.${worth} «Ход» — сыграть.`;
  askPreview();
}
function tapCell(key, tile) {
  const v = S.update.view;
  const pick = pickOf(v);
  if (pick) {
    if (!tile) return;
    const i = S.picked.indexOf(key);
    if (i >= 0) S.picked.splice(i, 1);
    else if (S.picked.length < pick.most) S.picked.push(key);
    else toast(`Больше ${pick.most} не выбрать.`, 2000);
    drawTable(); return;
  }
  if (S.placed[key]) { delete S.placed[key]; S.disputable = false; askPreview(); drawTable(); return; }
  if (S.swaps[key]) {  // the swap undone: the blank leaves the rack (and the board spot it was laid on)
    const blank = tile.id;
    for (const [k, p] of Object.entries(S.placed)) if (p.id === blank) delete S.placed[k];
    delete S.swaps[key]; askPreview(); drawTable(); return;
  }
  if (tile && (v.blank_swaps || []).some((rc) => rc.join(",") === key)) {
    S.swapSel = S.swapSel === key ? null : key; S.sel = null;
    if (S.swapSel) toast(`Пустышка здесь — «${tile.letter}». Коснитесь фишки «${tile.letter}» на подставке, чтобы забрать пустышку.`, 3000);
    drawTable(); return;
  }
  if (tile) return;
  S.sel = key; S.swapSel = null; drawTable();
}
function tapTile(t) {
  if (S.exch) { S.exchSel.has(t.id) ? S.exchSel.delete(t.id) : S.exchSel.add(t.id); drawTable(); return; }
  if (S.swapSel) {
    const key = S.swapSel, blank = tileAt(S.update.view, key);
    S.swapSel = null;
    if (t.letter !== blank.letter) { toast(`За эту пустышку отдают фишку «${blank.letter}».`, 2500); drawTable(); return; }
    for (const [k, p] of Object.entries(S.placed)) if (p.id === t.id) delete S.placed[k];
    S.swaps[key] = t.id;
    toast("Пустышка у вас на подставке — её нужно сыграть в этот ход.", 2500);
    askPreview(); drawTable(); return;
  }
  if (S.sel) layTile(t, S.sel);
}
function layTile(t, key) {
  if (Object.values(S.placed).some((p) => p.id === t.id)) return;
  const [r, c] = key.split(",").map(Number);
  const put = (letter) => {
    if (S.placed[key] || (S.update.view.board[r] || [])[c]) return;
    S.placed[key] = { id: t.id, letter, blank: t.letter === "?" }; S.disputable = false;
    S.sel = c < 14 && !(S.update.view.board[r] || [])[c + 1] ? `${r},${c + 1}` : null;  // the next cell along, as one lays a word
    askPreview(); drawTable();
  };
  if (t.letter !== "?") return put(t.letter.toLowerCase());
  const points = S.update.view.tile_points || {};
  chooseLetter("Какую букву заменяет пустышка?", Object.keys(points).filter((l) => l !== "?").sort((a, b) => a.localeCompare(b, "ru")), put);
}

// a tile dragged from the rack onto a cell: the finger carries a copy, the cell under it takes the tile
function startDrag(e, t) {
  if (S.exch || e.button > 0) return;
  S.drag = { t, x: e.clientX, y: e.clientY, ghost: null, id: e.pointerId };
  S.dragged = false;
}
addEventListener("pointermove", (e) => {
  const d = S.drag; if (!d || e.pointerId !== d.id) return;
  if (!d.ghost && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 8) return;
  if (!d.ghost) { d.ghost = h("div", { cls: "tile ghost", id: "ghost" }, d.t.letter); document.body.append(d.ghost); }
  d.ghost.style.left = `${e.clientX - 21}px`; d.ghost.style.top = `${e.clientY - 60}px`;  // above the finger, seen
  for (const el of document.querySelectorAll(".board .drop")) el.classList.remove("drop");
  const cell = cellAt(e.clientX, e.clientY - 36); if (cell) cell.classList.add("drop");
});
addEventListener("pointerup", (e) => {
  const d = S.drag; if (!d || e.pointerId !== d.id) return;
  S.drag = null;
  if (!d.ghost) return;
  d.ghost.remove(); S.dragged = true;
  const cell = cellAt(e.clientX, e.clientY - 36);
  if (cell) layTile(d.t, cell.dataset.cell); else drawTable();
});
addEventListener("pointercancel", () => { if (S.drag && S.drag.ghost) S.drag.ghost.remove(); S.drag = null; });
function cellAt(x, y) {
  const el = document.elementFromPoint(x, y), cell = el && el.closest("[data-cell]");
  return cell && cell.closest(".board") && !cell.classList.contains("tl") && !cell.classList.contains("new") ? cell : null;
}

// two fingers on the board zoom it about the point between them (one finger pans: the browser's scroll)
function pinchable(wrap, grid) {
  let pinch = null;
  const spread = (ts) => Math.hypot(ts[0].clientX - ts[1].clientX, ts[0].clientY - ts[1].clientY);
  const middle = (ts) => ({ x: (ts[0].clientX + ts[1].clientX) / 2, y: (ts[0].clientY + ts[1].clientY) / 2 });
  wrap.addEventListener("touchstart", (e) => {
    if (e.touches.length !== 2) return;
    const m = middle(e.touches), box = wrap.getBoundingClientRect();
    // the board point under the fingers, in cells, stays under them
    pinch = { d: spread(e.touches), cell: S.cell, cx: (wrap.scrollLeft + m.x - box.left) / S.cell, cy: (wrap.scrollTop + m.y - box.top) / S.cell };
  }, { passive: true });
  wrap.addEventListener("touchmove", (e) => {
    if (!pinch || e.touches.length !== 2) return;
    e.preventDefault();
    S.cell = Math.round(Math.min(56, Math.max(16, pinch.cell * spread(e.touches) / pinch.d)));
    grid.style.setProperty("--cell", `${S.cell}px`);
    const m = middle(e.touches), box = wrap.getBoundingClientRect();
    wrap.scrollLeft = pinch.cx * S.cell - (m.x - box.left); wrap.scrollTop = pinch.cy * S.cell - (m.y - box.top);
  }, { passive: false });
  wrap.addEventListener("touchend", (e) => { if (e.touches.length < 2) pinch = null; });
}

// which letter a blank or a joker stands for: a sheet of letters over the page (a tap picks, «Отмена» leaves it)
function chooseLetter(title, letters, done) {
  closeChooser();
  const sheet = h("div", { cls: "chooser", id: "chooser" }, h("h2", {}, title),
    h("div", { cls: "letters" }, letters.map((l) => h("button", { cls: "tile", "data-letter": l.toLowerCase(),
      on: () => { closeChooser(); done(l.toLowerCase()); } }, l.toUpperCase()))),
    h("button", { id: "chooser-cancel", on: closeChooser }, "Отмена"));
  document.body.append(sheet);
}
function closeChooser() { const old = $("chooser"); if (old) old.remove(); }
function placedTiles() {
  return Object.entries(S.placed).map(([k, p]) => { const [r, c] = k.split(",").map(Number); return [r, c, p.id, p.letter]; });
}
function askPreview() {
  S.preview = null;
  const tiles = Object.entries(S.placed).map(([k, p]) => { const [r, c] = k.split(",").map(Number); return [r, c, p.letter, p.blank]; });
  const swaps = Object.keys(S.swaps).map((k) => k.split(",").map(Number));
  if (tiles.length) send({ type: "preview", tiles, swaps });
}
function drawPreview() {
  const el = $("preview"); if (!el) return;
  const p = S.preview;
  el.textContent = !Object.keys(S.placed).length ? "коснитесь клетки, затем фишки" : !p ? "…" : p.error ? p.error : `${p.words.join(", ")}: ${points(p.score)}`;
}
function sendPlace(dispute) {
  const swaps = Object.entries(S.swaps).map(([k, id]) => [...k.split(",").map(Number), id]);
  act({ kind: "place", tiles: placedTiles(), swaps, dispute, vowels: vowels() });
  S.sentPlace = S.placed; S.sentSwaps = S.swaps; S.placed = {}; S.swaps = {}; S.disputable = false;
}
// a refused move keeps its tiles where they were, as at the big table; the refusal's code (not its wording, not
// the house rules) says whether the same tiles may go to the table's vote
function placeRefused(m) {
  if (!m.action || m.action.kind !== "place" || !S.sentPlace) return;
  S.placed = S.sentPlace; S.swaps = S.sentSwaps || {}; S.sentPlace = null;
  S.disputable = m.code === "word_disputable";
  drawTable();
}
function exchange() {
  if (!S.exch) { S.exch = true; S.exchSel = new Set(); drawTable(); return; }
  if (S.exchSel.size) act({ kind: "exchange", tiles: [...S.exchSel], vowels: vowels() });
  S.exch = false; drawTable();
}

// ---------------------------------------------------------------- Нет слов
function letterCard(c, extra) {
  return h("button", { cls: "tile" + (c.red ? " redc" : "") + (extra || ""), "data-id": c.id }, c.letter.toUpperCase());
}
function drawNowords(box, v, dock) {
  const handled = new Set(["lay", "claim"]);
  box.append(h("div", { cls: "info" }, `ход: ${turnName(v.turn)} · в колоде ${v.deck}`));
  box.append(counts(v.scores, (n) => `${n}`));
  box.append(h("h2", {}, "На столе"), h("div", { cls: "word", id: "conversation" }, v.conversation.map((c) => c.letter.toUpperCase()).join("")));
  const lays = new Map(legal().filter((a) => a.kind === "lay").map((a) => [a.card, a]));
  const row = (title, cards, id) => {
    const r = h("div", { cls: "row", id });
    for (const c of cards) { const el = letterCard(c, lays.has(c.id) ? " sel" : ""); el.addEventListener("click", () => lays.has(c.id) && act(lays.get(c.id))); r.append(el); }
    box.append(h("h2", {}, title), r);
  };
  if (v.showcase_open !== false) row("Витрина", v.showcase, "showcase");
  row("Ваши буквы", v.hand, "hand");
  const input = h("input", { id: "claim-word", placeholder: "Слово на столе", autocomplete: "off" });
  dock.append(input, h("button", { cls: "warn", id: "claim", disabled: !v.can_claim && !can("claim"),
    on: () => act({ kind: "claim", word: input.value.trim() }) }, "Не говори СЛОВО!"));
  // the word argued about, with the dictionary's verdict, beside what the rules let this seat do about it
  const d = v.dispute;
  if (d) dock.append(h("p", { cls: "info", id: "dispute" }, d.ok
    ? `${seatName(d.seat)}: «Не говори ${d.word.toUpperCase()}!» — словарь: такое слово есть`
    : `${seatName(d.seat)}: «${d.word.toUpperCase()}» — словарь: ${d.reason || "нет в словаре"}`));
  const take = can("accept_word");
  if (take) {  // a word named against me: «Если игрок, завершивший ход, сомневается… можете начать голосование»
    handled.add("accept_word").add("call_vote");
    dock.append(h("div", { cls: "row buttons", id: "doubt" },
      h("button", { cls: "act", id: "accept-word", on: () => act(take) }, label(take)),
      h("button", { cls: "act", id: "doubt-word", on: () => act(can("call_vote")) }, "Оспорить")));
  }
  return handled;
}

// ---------------------------------------------------------------- Твёрдый знак
// The word being built is its cards' ids (S.word) and what each reads (S.reads, by id), as the window's row is.
// A card's readings are the view's (the rules' own table): one that may be read more than one way offers them in
// the bar as it goes into the word, a joker's letter is asked for until it is named, and a tap on the word's
// letter asks again. Bad input loses nothing: a word sent stays built until the host lays it, and a refused one
// stays as it was, its cards and readings, with the host's reason under it while it is unchanged.
function drawHardsign(box, v, dock) {
  const handled = new Set(["submit"]);
  box.append(h("div", { cls: "info" }, `раунд ${v.round} · ${({ race: "собираем слова", reveal: "открываем слова", over: "игра окончена" })[v.phase] || v.phase}`));
  box.append(counts(v.scores, (n) => `${n}`));
  const all = [...v.table.map((c) => Object.assign({ table: true }, c)), ...v.hand];
  const byId = new Map(all.map((c) => [c.id, c]));
  const reads = S.word.map((id) => S.reads[id] || "?");
  dock.append(h("div", { cls: "word", id: "word" }, S.word.length ? S.word.map((id, i) => readLetter(byId.get(id), reads[i])) : "…"));
  if (S.wordRefusal && S.wordRefusal.word === wordKey()) dock.append(h("p", { cls: "info", id: "word-refusal" }, S.wordRefusal.reason));
  const picking = byId.get(S.picking && S.word.includes(S.picking) ? S.picking : S.word[reads.indexOf("?")]);
  if (picking) dock.append(readingPicker(picking));
  const row = (title, cards, id) => {
    const r = h("div", { cls: "row", id });
    for (const c of cards) {
      // the face as the rules give it: letters come upper-case, and upper-casing the specials made the final ъ a Ъ
      const el = h("button", { cls: "tile hs" + (S.word.includes(c.id) ? " used" : ""), "data-id": c.id }, c.face, starRows(c.stars || 0));
      el.addEventListener("click", () => { tapLetter(c); });
      r.append(el);
    }
    box.append(h("h2", {}, title), r);
  };
  row("Стол", v.table, "table-cards"); row("Ваши карты", v.hand, "hand");
  const racing = v.phase === "race" && can("pass");
  dock.append(h("div", { cls: "row buttons" },
    h("button", { cls: "act", id: "submit", disabled: !racing || !S.word.length || reads.includes("?") || !!S.sentWord, on: () => {
      act({ kind: "submit", cards: S.word.slice(), word: reads.join("") }); S.sentWord = wordKey(); S.picking = null; drawTable();
    } }, "Выложить слово"),
    h("button", { id: "erase", on: () => { if (S.word.pop() === S.picking) S.picking = null; drawTable(); } }, "⌫")));
  return handled;
}
function wordKey() { return S.word.map((id) => `${id}=${S.reads[id]}`).join(" "); }
// the word is cleared once the host laid the one sent (or the deal moved on: its cards' ids may come back later)
function keptWord(was, v) {
  if (was.round !== v.round || (S.sentWord && ((v.status || [])[S.me] === "laid" || v.phase !== "race"))) {
    S.sentWord = null; S.wordRefusal = null; return [];
  }
  return S.word.filter((id) => cardIds(v).has(id));
}
function wordRefused(m) {
  if (!S.sentWord || (m.action && m.action.kind !== "submit")) return;
  S.wordRefusal = { word: S.sentWord, reason: m.reason }; S.sentWord = null;
  drawTable();
}
function readLetter(c, reading) {
  const text = reading.toUpperCase();
  if (!c || c.readings.length < 2) return h("span", {}, text);
  return h("button", { cls: "reads", "data-card": c.id, on: () => { S.picking = c.id; drawTable(); } }, text);
}
function readingPicker(c) {
  return h("div", { cls: "readings", id: "readings" }, h("span", { cls: "info" }, `«${c.face}» читается как`),
    h("div", { cls: "letters" }, c.readings.map((r) => h("button", { cls: "tile" + (S.reads[c.id] === r ? " sel" : ""),
      "data-reading": r, on: () => { S.reads[c.id] = r; S.picking = null; drawTable(); } }, r.toUpperCase()))));
}
// ---------------------------------------------------------------- Скрэббл Бинго
function drawBingo(box, v, dock) {
  const handled = new Set(["choose_words", "cross", "call_bingo"]);
  if (v.phase === "words") {
    const mine = v.ready[S.me];
    box.append(h("h2", {}, mine ? "Ваши слова записаны — ждём остальных" : "Два слова по семь букв"));
    if (!mine) {
      const [a, b] = v.suggested || ["", ""];
      const first = h("input", { id: "word1", value: a, maxlength: 7 }), second = h("input", { id: "word2", value: b, maxlength: 7 });
      box.append(first, second);
      dock.append(h("button", { cls: "big", id: "choose", on: () =>
        act({ kind: "choose_words", first: first.value.trim().toLowerCase(), second: second.value.trim().toLowerCase() }) }, "Эти слова"));
    }
    return handled;
  }
  box.append(h("div", { cls: "info" }, `в мешке ${v.bag} · зачёркнуто: ` + v.progress.map((n, i) => `${seatName(i)} ${n}`).join(", ")));
  box.append(h("div", { cls: "word", id: "last-call" }, v.last_call ? `Вытянута: ${v.last_call.toUpperCase()}` : "Ждём первую букву…"));
  const letters = (v.words || []).join("");
  const crossable = new Set(v.crossable || []);
  for (const w of [0, 1]) {
    const row = h("div", { cls: "row", id: `sheet${w}` });
    for (let i = 0; i < 7; i++) {
      const cell = w * 7 + i, crossed = v.crossed[cell];
      const el = h("button", { cls: "tile" + (crossed ? " used" : crossable.has(cell) ? " sel" : ""), "data-cell": cell },
        (letters[cell] || "").toUpperCase());
      el.addEventListener("click", () => { if (!crossed) act({ kind: "cross", cell }); });
      row.append(el);
    }
    box.append(row);
  }
  dock.append(h("div", { cls: "reflex" }, h("button", { cls: "warn", id: "bingo", on: () => act({ kind: "call_bingo" }) }, "Бинго!")));
  return handled;
}

// a card's value in stars, five a row as the big table's cards have them (up to ten), so they fit a phone's tile
function starRows(stars) {
  const rows = h("span", { cls: "stars" });
  for (let left = stars; left > 0; left -= 5) rows.append(h("span", {}, "★".repeat(Math.min(5, left))));
  return rows;
}
function tapLetter(c) {
  if (S.word.includes(c.id)) return;
  S.word.push(c.id); S.reads[c.id] = c.reading;
  S.picking = c.readings.length > 1 ? c.id : null;
  drawTable();
}

// a page put away (closed, navigated off) lets its seat go at once, instead of when the socket times out
addEventListener("pagehide", () => { S.gone = true; if (S.ws) S.ws.close(); });
start();
