// The play page: rebuilt from every snapshot, kept up to date by the room's events.
// The server owns the board, the clock, every verdict and every score; this module shows them.

import { formatTime, renderBoard, secondsLeft, t, tn } from "./board.js";
import { countTo, fly } from "./motion.js";
import { openRoom } from "./room.js";
import { bindSoundButton, createSounds } from "./sound.js";

const page = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
const els = {
  root: $("play"), board: $("board"), line: $("path-line"), clock: $("clock"), score: $("score"),
  foundCount: $("found-count"), wordsLeft: $("words-left"), settings: $("settings"),
  scoringNote: $("scoring-note"), connection: $("connection"), lobby: $("lobby"), start: $("start"),
  waitingHost: $("waiting-host"), players: $("players"), joinLink: $("join-link"),
  form: $("word-form"), input: $("word-input"), send: $("send"), pathStatus: $("path-status"),
  feedback: $("feedback"), ended: $("ended"), endedTitle: $("ended-title"),
  resultsLink: $("results-link"), againForm: $("again-form"), scoresCard: $("scores-card"),
  scores: $("scores"), finds: $("finds"), findsTitle: $("finds-title"), rules: $("rules"),
  rulesOpen: $("rules-open"), endRound: $("end-round"), countdown: $("countdown"),
  countdownNumber: $("countdown-number"), clockNote: $("clock-note"), language: $("game-language"),
};

// Students' pages start muted; the button remembers the choice in this browser.
const sounds = createSounds({ defaultOn: false, storageKey: "lettergrid-sound-play" });
bindSoundButton($("sound-toggle"), sounds);

const state = {
  snap: null, offset: 0, cells: [], cols: 0, path: [], dragging: false,
  finds: new Map(), rows: new Map(), players: new Map(), timer: null, allFound: false,
  stopped: false, bellTimer: null, revealed: false, lastLeft: null, focusIndex: 0,
};

const room = openRoom(page.socket, {
  snapshot: applySnapshot,
  event: onEvent,
  status: showConnection,
  stopped: () => { state.stopped = true; setStatus(state.snap ? state.snap.round.status : "lobby"); },
});

function send(message) {
  if (room.send(message)) { return true; }
  showFeedback(t("not_sent"), false);
  return false;
}

function onEvent(message) {
  const round = state.snap && state.snap.round;
  const handlers = {
    word_result: onWordResult,
    path_status: onPathStatus,
    error: (m) => showFeedback(m.message, false),
    scores: onScores,
    players: (m) => { if (round && m.round === round.id) { setPlayers(m.players); } },
    round_started: (m) => onClock(m, "running"),  // the 3-2-1 until started_at
    clock: (m) => onClock(m, m.status),
    round_ended: (m) => {
      if (round && m.round === round.id) { round.finished_at = m.finished_at; setStatus("finished"); }
    },
    room: (m) => { if (state.snap) { Object.assign(state.snap.room, { locked: m.locked, top_only: m.top_only }); } },
    new_round: () => room.resync(),
    ruling: () => room.resync(),  // a teacher changed a word: new totals
  };
  (handlers[message.type] || (() => {}))(message);
}

// --- the whole page from a snapshot -------------------------------------------

function applySnapshot(snap) {
  state.snap = snap;
  state.offset = Date.parse(snap.server_time) - Date.now();
  const { round } = snap;
  const size = `${round.size}×${round.size}`;
  els.language.textContent = round.language_name;
  els.settings.textContent = `${round.level_name} · ${size}`;
  els.scoringNote.hidden = round.scoring !== "classic";
  state.lastLeft = null;
  const early = startsIn(round) > 0;  // letters hidden until the 3-2-1 ends
  drawBoard(early ? null : round.board);
  state.revealed = !early && Boolean(round.board);
  state.finds = new Map(snap.finds.map((f) => [f.word, f]));
  state.rows = new Map(snap.scores.map((row) => [row.id, row]));
  state.allFound = false;
  setPlayers(snap.players);
  renderFinds();
  els.resultsLink.href = page.results.replace("/rounds/0/", `/rounds/${round.number}/`);
  els.againForm.hidden = !isHost();
  setStatus(round.status);
}

function isHost() { return Boolean(state.snap.you && state.snap.you.is_host); }
// A team round is one with teams (the round says which): no mode names here.
function teams() { return state.snap.round.teams.length > 0; }
function myKey() {
  const you = state.snap.you;
  if (!you) { return null; }
  return teams() ? you.team : you.id;
}

function setStatus(given) {
  const snap = state.snap;
  const round = snap.round;
  // A round counting down to started_at is running (whatever a server calls that moment):
  // this page shows the 3-2-1 from the times themselves.
  const status = given === "countdown" || given === "starting" ? "running" : given;
  round.status = status;
  const counting = status === "running" && startsIn(round) > 0 && !state.stopped;
  els.root.dataset.state = state.stopped ? "stopped" : counting ? "countdown" : status;
  // Letters hidden during a pause (or once removed) are hidden from screen readers too.
  const asleep = status === "paused" || state.stopped;
  els.board.toggleAttribute("aria-hidden", asleep);
  els.board.inert = asleep;
  const running = status === "running" && !counting && !state.allFound && !state.stopped;
  els.input.disabled = !running;
  els.send.disabled = !running;
  els.lobby.hidden = status !== "lobby" || state.stopped;
  els.ended.hidden = (status !== "finished" && !state.allFound) || state.stopped;
  els.start.hidden = !(status === "lobby" && isHost());
  els.endRound.hidden = !(status === "running" && isHost());
  els.waitingHost.hidden = !(status === "lobby" && !isHost());
  els.joinLink.textContent = `${location.origin}/join/${snap.room.code}`;
  els.findsTitle.textContent = teams() && snap.you && snap.you.team
    ? t("team_words", { team: teamName(snap.you.team) }) : t("your_words");
  clearInterval(state.timer);
  els.countdown.hidden = !counting;
  if (counting) {
    state.timer = setInterval(countdown, 100);
    countdown();
  } else if (status === "running") {
    if (!state.revealed && round.board) { reveal(); }
    state.timer = setInterval(tick, 250);
    tick();
    // Ready to type; a keyboard player on the tiles stays there.
    if (running && !els.board.contains(document.activeElement)) { els.input.focus(); }
  } else if (status === "paused") {
    els.clock.textContent = formatTime(secondsLeft(round, state.offset));
    showFeedback(t("paused"), null);
  } else {
    els.clock.textContent = status === "lobby" ? formatTime(round.duration_seconds) : "0:00";
    showUrgency(null);
  }
  // A message of the last word or of the pause means nothing once play goes on or ends.
  if (status === "finished" || (status !== "paused" && els.feedback.textContent === t("paused"))) {
    showFeedback("", null);
  }
  if (status === "finished") {
    clearTimeout(state.bellTimer);
    // Every word found: that message stays. Ended before the bell (the host, or a solo
    // player, pressed "End"): no "time is up".
    if (!state.allFound) {
      const early = round.finished_at && round.ends_at
        && (Boolean(round.paused_at) || Date.parse(round.finished_at) < Date.parse(round.ends_at) - 2000);
      els.endedTitle.textContent = early ? t("round_over") : t("time_up");
    }
    clearPath();
    if (!state.stopped) { showResultsButton(); }
  }
}

// Milliseconds until the letters show (the server's started_at, on its clock).
function startsIn(round) {
  if (!round.started_at || round.paused_at || round.finished_at) { return 0; }
  return Date.parse(round.started_at) - (Date.now() + state.offset);
}

// 3, 2, 1 over face-down tiles; then the letters.
function countdown() {
  const round = state.snap.round;
  const left = startsIn(round);
  els.clock.textContent = formatTime(round.duration_seconds);
  if (left > 0) {
    const number = String(Math.ceil(left / 1000));
    if (els.countdownNumber.textContent !== number) {
      els.countdownNumber.textContent = number;
      els.countdown.classList.remove("pop");
      void els.countdown.offsetWidth;  // restart the pop for each number
      els.countdown.classList.add("pop");
    }
    return;
  }
  els.countdownNumber.textContent = "";
  if (!round.board) { return; }  // the snapshot with the letters is on its way
  sounds.play("start");
  setStatus("running");
}

function reveal() {
  drawBoard(state.snap.round.board);
  state.revealed = true;
}

// After the bell: the way to the results, on screen (a phone scrolls it into view) and focused.
function showResultsButton() {
  const link = els.resultsLink;
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active.disabled || els.board.contains(active)
        || active === els.input) {
      link.focus({ preventScroll: true });
    }
    const box = link.getBoundingClientRect();
    if (box.bottom > window.innerHeight || box.top < 0) { link.scrollIntoView({ block: "center" }); }
  });
}

// Amber in the last 30 s, red in the last 10 s, each also said in words.
function showUrgency(left) {
  const level = left === null || left === 0 ? "" : left <= 10 ? "low" : left <= 30 ? "warn" : "";
  els.clock.classList.toggle("clock-warn", level === "warn");
  els.clock.classList.toggle("clock-low", level === "low");
  els.clockNote.textContent = level ? t(level === "low" ? "last_ten" : "last_thirty") : "";
  els.clockNote.className = `clock-note ${level}`;
}

function tick() {
  const left = secondsLeft(state.snap.round, state.offset);
  els.clock.textContent = formatTime(left);
  showUrgency(left);
  const before = state.lastLeft;
  state.lastLeft = left;
  // Sounds only for what happens while the page watches (not on a reload mid-round).
  if (before !== null && left < before) {
    if (left > 0 && left <= 10) { sounds.play("tick"); }
    if (left === 0) { sounds.play("bell"); }
  }
  if (left === 0) {
    clearInterval(state.timer);
    els.input.disabled = true;
    els.send.disabled = true;
    // The server ends the round at the bell and says so; should that word be lost, ask.
    state.bellTimer = setTimeout(() => room.resync(), 3000);
  }
}

function onClock(message, status) {
  const round = state.snap && state.snap.round;
  if (!round || message.round !== round.id) { return; }
  Object.assign(round, { started_at: message.started_at, ends_at: message.ends_at,
                         paused_at: message.paused_at || null });
  state.offset = Date.parse(message.server_time) - Date.now();
  if (round.status === "lobby" && status === "running") {
    // The 3-2-1 starts now; the letters come with the snapshot (or with the event itself).
    if (message.board) {
      round.board = message.board;
    } else {
      room.resync();
      if (startsIn(round) <= 0) { return; }  // no 3-2-1: the snapshot starts the page
    }
  }
  setStatus(status);
}

// --- people and scores ----------------------------------------------------------

function setPlayers(players) {
  state.players = new Map(players.map((p) => [p.id, p]));
  // Someone who just came in has a row at 0 until they score.
  if (!teams()) {
    players.forEach((p) => { if (!state.rows.has(p.id)) { state.rows.set(p.id, { id: p.id, points: 0, words: 0 }); } });
  }
  const you = state.snap.you;
  const me = you && state.players.get(you.id);
  if (me) { you.team = me.team; }
  els.players.replaceChildren(...players.map((p) => {
    const li = document.createElement("li");
    li.textContent = p.team ? `${p.nickname} (${teamName(p.team)})` : p.nickname;
    return li;
  }));
  renderScores();
}

function teamName(number) {
  const team = state.snap.round.teams.find((x) => x.number === number);
  return team ? team.name : "";
}

function rowName(row) {
  if (teams()) { return teamName(row.id); }
  const player = state.players.get(row.id);
  return player ? player.nickname : "";
}

function onScores(message) {
  if (!state.snap || message.round !== state.snap.round.id) { return; }
  for (const row of message.scores) { state.rows.set(row.id, row); }
  renderScores(true);
  const find = message.find;
  if (find && !state.finds.has(find.word)) {
    state.finds.set(find.word, { word: find.word, display: find.display, path: find.path,
                                 points: find.points, by: find.nickname });
    renderFinds(find.word);
    if (state.snap.you && find.player !== state.snap.you.id) {
      showFeedback(t("found_by", { nickname: find.nickname, word: shown(find) }), true);
    }
  }
}

// animate: a score that changed while the page watched counts up; a snapshot's is just shown.
function renderScores(animate = false) {
  const mine = state.rows.get(myKey());
  const points = mine ? mine.points : 0;
  els.score.dataset.value = points;
  countTo(els.score, points, animate);
  els.scoresCard.hidden = state.snap.round.mode === "solo";
  // A removed player's row stays in the round's record, not on the screen.
  const rows = [...state.rows.values()].filter(rowName)
    .sort((a, b) => b.points - a.points || rowName(a).localeCompare(rowName(b)));
  els.scores.replaceChildren(...rows.map((row) => {
    const li = document.createElement("li");
    li.textContent = tn("score", row.words, { name: rowName(row), points: row.points });
    if (row.id === myKey()) { li.classList.add("me"); }
    return li;
  }));
}

// --- the board --------------------------------------------------------------

function drawBoard(text) {
  const { tiles, cols } = renderBoard(els.board, text, "button", state.snap.round.size);
  state.cells = tiles;
  state.cols = cols;
  // One tab stop for the whole board; the arrow keys move between its tiles.
  const first = Math.max(0, tiles.findIndex((tile) => !tile.disabled));
  state.focusIndex = Math.min(state.focusIndex, tiles.length - 1);
  if (tiles[state.focusIndex] && tiles[state.focusIndex].disabled) { state.focusIndex = first; }
  tiles.forEach((tile, i) => { tile.tabIndex = i === state.focusIndex ? 0 : -1; });
}

const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// The next tile that can take focus in a direction (blank faces are skipped), or null.
function tileFrom(tile, [dr, dc]) {
  let [row, col] = cellOf(tile);
  const rows = state.cells.length / state.cols;
  for (;;) {
    row += dr;
    col += dc;
    if (row < 0 || col < 0 || row >= rows || col >= state.cols) { return null; }
    const next = state.cells[row * state.cols + col];
    if (!next.disabled) { return next; }
  }
}

function focusTile(tile) {
  state.cells.forEach((t) => { t.tabIndex = -1; });
  tile.tabIndex = 0;
  state.focusIndex = state.cells.indexOf(tile);
  tile.focus();
}

function tileAt(x, y) {
  const el = document.elementFromPoint(x, y);
  return el && el.closest ? el.closest(".tile") : null;
}

function cellOf(tile) { return [Number(tile.dataset.row), Number(tile.dataset.col)]; }
function sameCell(a, b) { return a[0] === b[0] && a[1] === b[1]; }
function adjacent(a, b) { return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) === 1; }
function playing() { return !els.input.disabled; }

function extendPath(cell, fromKeyboard = false) {
  const path = state.path;
  const last = path[path.length - 1];
  if (fromKeyboard && path.length && !adjacent(last, cell) && !path.some((p) => sameCell(p, cell))) {
    path.length = 0;  // a tile that does not touch the path starts a new one
  }
  if (path.length >= 2 && sameCell(path[path.length - 2], cell)) {
    path.pop();  // dragging back undoes the last tile
  } else if (path.some((p) => sameCell(p, cell))) {
    return;
  } else if (path.length && !adjacent(last, cell)) {
    return;
  } else {
    path.push(cell);
  }
  drawPath(null);
  send({ type: "check_path", round: state.snap.round.id, path });
}

function clearPath() {
  state.path = [];
  drawPath(null);
  els.pathStatus.textContent = "";
  els.pathStatus.className = "path-status";
}

// Sent whatever the hint said: a refused path is answered with its reason.
function submitPath() {
  if (state.path.length >= 2) {
    send({ type: "submit", round: state.snap.round.id, path: state.path });
    state.lastSent = "path";
  }
  clearPath();
}

function drawPath(ok, path = state.path, className = "") {
  for (const tile of state.cells) {
    tile.classList.remove("tile-path", "tile-good", "tile-bad", "tile-flash");
    tile.removeAttribute("data-step");
  }
  path.forEach((cell, i) => {
    const tile = state.cells[cell[0] * state.cols + cell[1]];
    tile.classList.add(className || "tile-path");
    if (ok !== null && i === path.length - 1) { tile.classList.add(ok ? "tile-good" : "tile-bad"); }
    tile.dataset.step = i + 1;
  });
  const box = els.board.getBoundingClientRect();
  const points = path.map((cell) => {
    const r = state.cells[cell[0] * state.cols + cell[1]].getBoundingClientRect();
    return `${r.left - box.left + r.width / 2},${r.top - box.top + r.height / 2}`;
  });
  els.line.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
  els.line.innerHTML = points.length > 1 ? `<polyline points="${points.join(" ")}"/>` : "";
}

els.board.addEventListener("pointerdown", (event) => {
  const tile = tileAt(event.clientX, event.clientY);
  if (!tile || tile.disabled || !playing()) { return; }
  event.preventDefault();
  state.dragging = true;
  state.dragMoved = false;
  const cell = cellOf(tile);
  const last = state.path[state.path.length - 1];
  if (last && sameCell(last, cell)) { state.tapSubmit = true; return; }
  state.tapSubmit = false;
  if (state.path.length && !adjacent(last, cell)) { clearPath(); }
  extendPath(cell);
});

els.board.addEventListener("pointermove", (event) => {
  if (!state.dragging) { return; }
  const tile = tileAt(event.clientX, event.clientY);
  if (!tile || tile.disabled) { return; }
  // Only count a tile once the pointer is well inside it, so diagonals are easy.
  const r = tile.getBoundingClientRect();
  const inset = r.width * 0.2;
  if (event.clientX < r.left + inset || event.clientX > r.right - inset
      || event.clientY < r.top + inset || event.clientY > r.bottom - inset) { return; }
  const cell = cellOf(tile);
  const last = state.path[state.path.length - 1];
  if (last && sameCell(last, cell)) { return; }
  state.dragMoved = true;
  extendPath(cell);
});

window.addEventListener("pointerup", () => {
  if (!state.dragging) { return; }
  state.dragging = false;
  // A drag over several tiles submits on release; taps build a path, the last tile tapped twice sends.
  if (state.dragMoved || state.tapSubmit) { submitPath(); }
});

// Keyboard: arrows move, Space or Enter adds the tile (on the last tile: sends the word),
// Backspace takes the last tile off, Escape clears the path.
els.board.addEventListener("keydown", (event) => {
  const tile = event.target.closest(".tile");
  if (!tile || !playing()) { return; }
  if (STEPS[event.key]) {
    event.preventDefault();
    const next = tileFrom(tile, STEPS[event.key]);
    if (next) { focusTile(next); }
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    const cell = cellOf(tile);
    const last = state.path[state.path.length - 1];
    if (last && sameCell(last, cell)) { submitPath(); } else { extendPath(cell, true); }
  } else if (event.key === "Backspace") {
    event.preventDefault();
    state.path.pop();
    if (state.path.length) {
      drawPath(null);
      send({ type: "check_path", round: state.snap.round.id, path: state.path });
    } else {
      clearPath();
    }
  } else if (event.key === "Escape") {
    clearPath();
  }
});
els.board.addEventListener("focusin", (event) => {
  const tile = event.target.closest(".tile");
  if (tile) { state.focusIndex = state.cells.indexOf(tile); }
});

// --- words ------------------------------------------------------------------

els.form.addEventListener("submit", (event) => {
  event.preventDefault();
  if (state.path.length >= 2 && !els.input.value.trim()) { submitPath(); return; }
  const word = els.input.value.trim();
  if (!word) { return; }
  if (send({ type: "submit", round: state.snap.round.id, word })) {
    els.input.value = "";
    state.lastSent = "word";
  }
});

els.start.addEventListener("click", () => send({ type: "start" }));
els.endRound.addEventListener("click", () => {
  const question = state.snap.round.mode === "solo" ? t("confirm_end_solo") : t("confirm_end");
  if (window.confirm(question)) { send({ type: "end" }); }
});

function onPathStatus(message) {
  if (JSON.stringify(message.path) !== JSON.stringify(state.path)) { return; }  // stale answer
  const good = message.ok;
  drawPath(good);
  const letters = message.letters.toUpperCase();
  if (!message.letters) { els.pathStatus.textContent = ""; return; }
  const status = good ? (message.is_word ? "path_word" : "path_more") : "path_dead";
  els.pathStatus.textContent = t(status, { letters });
  els.pathStatus.className = `path-status ${good ? "good" : "bad"}`;
}

function onWordResult(message) {
  if (message.accepted) {
    showFeedback(t("word_points", { word: shown(message), points: message.points }), true);
    sounds.play("found");
    if (!state.finds.has(message.word)) {
      const by = state.snap.you ? state.snap.you.nickname : "";
      state.finds.set(message.word, { word: message.word, display: message.display,
                                      path: message.path, points: message.points, by });
      renderFinds(message.word);
      // Into the list, from where it was traced (or typed). Never waited for.
      const from = state.lastSent === "path" ? els.board : els.input;
      fly(shown(message), from, els.finds.firstElementChild);
    }
    drawPath(null, message.path, "tile-flash");
    setTimeout(() => { if (!state.path.length) { drawPath(null); } }, 700);
  } else {
    sounds.play("refused");
    const word = message.word ? shown(message) : "";
    showFeedback(word ? t("word_refused", { word, message: message.message }) : message.message, false);
  }
  if (message.all_found && !state.allFound) {
    state.allFound = true;  // every word found: this player's round is over
    els.endedTitle.textContent = t("all_found");
    setStatus(state.snap.round.status);
  }
}

// Words as the language writes them (accents, and German nouns' capitals, included): the
// server sends "display"; the results page shows them the same way.
function shown(find) { return find.display || find.word; }

function renderFinds(fresh) {
  const items = [...state.finds.values()].reverse().map((find) => {
    const li = document.createElement("li");
    li.textContent = `${shown(find)} `;
    const pts = document.createElement("span");
    pts.className = "points";
    pts.textContent = `+${find.points}`;
    li.append(pts);
    if (find.by && teams()) {
      const by = document.createElement("span");
      by.className = "by";
      by.textContent = ` ${find.by}`;
      li.append(by);
    }
    if (find.word === fresh) { li.classList.add("fresh"); }
    li.addEventListener("mouseenter", () => drawPath(null, find.path, "tile-flash"));
    li.addEventListener("mouseleave", () => drawPath(null));
    return li;
  });
  els.finds.replaceChildren(...items);
  const total = state.snap.round.word_count;
  els.foundCount.textContent = state.finds.size;
  els.wordsLeft.textContent = Math.max(0, total - state.finds.size);
}

// good: true (green, ✓), false (red, ✗) or null (neutral news, like a pause).
function showFeedback(text, good) {
  els.feedback.textContent = text;
  els.feedback.className = `feedback ${good === null ? "neutral" : good ? "good" : "bad"}`;
}

function showConnection(text) {
  els.connection.textContent = text;
  els.connection.hidden = !text;
  // Back: a "not sent" message about the lost connection is out of date.
  if (!text && els.feedback.textContent === t("not_sent")) { showFeedback("", null); }
}

els.rulesOpen.addEventListener("click", () => els.rules.showModal());
window.addEventListener("resize", () => drawPath(null));
