// The play page: one socket to the room, rebuilt from every snapshot the server sends.
// The server owns the board, the clock and every verdict; this module only shows them.

import { formatTime, renderBoard, roomSocket, secondsLeft, t, tn } from "./board.js";

const page = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
const els = {
  root: $("play"), board: $("board"), line: $("path-line"), clock: $("clock"), score: $("score"),
  foundCount: $("found-count"), wordsLeft: $("words-left"), settings: $("settings"),
  connection: $("connection"), lobby: $("lobby"), start: $("start"), waitingHost: $("waiting-host"),
  players: $("players"), joinLink: $("join-link"), form: $("word-form"), input: $("word-input"),
  send: $("send"), pathStatus: $("path-status"), feedback: $("feedback"), ended: $("ended"),
  endedTitle: $("ended-title"), resultsLink: $("results-link"), againForm: $("again-form"),
  scoresCard: $("scores-card"), scores: $("scores"), finds: $("finds"), findsTitle: $("finds-title"),
  rules: $("rules"), rulesOpen: $("rules-open"), endRound: $("end-round"),
};

const state = {
  socket: null, attempts: 0, seq: 0, offset: 0, snapshot: null, cells: [], cols: 0,
  path: [], dragging: false, finds: new Map(), scores: new Map(), timer: null, done: false,
  base: 0, seen: new Set(), gapTimer: null,
};

// --- the socket -------------------------------------------------------------

function connect() {
  state.socket = roomSocket(page.socket, handle, showConnection, (code) => {
    if (code === 4004) { showConnection(t("room_gone")); return false; }
    if (code === 4010) { showConnection(t("removed")); return false; }
    return true;
  });
}

function send(message) {
  if (state.socket && state.socket.send(message)) { return true; }
  showFeedback(t("not_sent"), false);
  return false;
}

// Events can arrive slightly out of order (several server workers send them);
// a number still missing after a moment was lost, and a snapshot repairs it.
function noteSeq(seq) {
  state.seen.add(seq);
  state.seq = Math.max(state.seq, seq);
  clearTimeout(state.gapTimer);
  for (let n = state.base + 1; n <= state.seq; n += 1) {
    if (!state.seen.has(n)) {
      state.gapTimer = setTimeout(() => send({ type: "resync" }), 800);
      return;
    }
  }
}

function handle(message) {
  if (message.seq !== undefined && message.type !== "snapshot") {
    // Already part of the last snapshot, or a repeat: applying it would count it twice.
    if (message.seq <= state.base || state.seen.has(message.seq)) { return; }
    noteSeq(message.seq);
  }
  const handlers = {
    snapshot: applySnapshot, word_result: onWordResult, find: onFind, path_status: onPathStatus,
    players: (m) => renderPlayers(m.players), error: (m) => showFeedback(m.message, false),
    round_started: () => send({ type: "resync" }), new_round: () => send({ type: "resync" }),
    round_ended: () => send({ type: "resync" }), clock: () => send({ type: "resync" }),
    ruling: () => send({ type: "resync" }),  // a teacher changed a word: new totals
  };
  (handlers[message.type] || (() => {}))(message);
}

// --- snapshot: the page rebuilt from the server's state ---------------------

function applySnapshot(snap) {
  state.snapshot = snap;
  state.seq = snap.seq;
  state.base = snap.seq;
  state.seen = new Set();
  clearTimeout(state.gapTimer);
  state.offset = Date.parse(snap.server_time) - Date.now();
  const { room, round } = snap;
  els.settings.textContent = `${room.language_name} · ${room.level_name} · ${room.size}×${room.size}`;
  drawBoard(round.board);
  state.finds = new Map(snap.finds.map((f) => [f.word, f]));
  renderFinds();
  state.scores = new Map(snap.scores.map((s) => [s.name, s]));
  renderScores();
  els.findsTitle.textContent = room.mode === "teams" && snap.you && snap.you.team
    ? t("team_words", { team: snap.you.team }) : t("your_words");
  els.resultsLink.href = page.results.replace("/rounds/0/", `/rounds/${round.number}/`);
  els.againForm.hidden = !(snap.you && snap.you.is_host) && !isHost(snap);
  setStatus(round.status);
}

function isHost(snap) { return Boolean(snap.you && snap.you.is_host); }

function setStatus(status) {
  const snap = state.snapshot;
  els.root.dataset.state = status;
  // Letters hidden during a pause are hidden from screen readers too.
  els.board.toggleAttribute("aria-hidden", status === "paused");
  els.board.inert = status === "paused";
  const running = status === "running" && !state.done;
  els.input.disabled = !running;
  els.send.disabled = !running;
  els.lobby.hidden = status !== "lobby";
  els.ended.hidden = status !== "finished" && !state.done;
  els.start.hidden = !(status === "lobby" && isHost(snap));
  els.endRound.hidden = !(status === "running" && isHost(snap));
  els.waitingHost.hidden = !(status === "lobby" && !isHost(snap));
  els.joinLink.textContent = `${location.origin}/join/${snap.room.code}`;
  if (status === "lobby") { renderPlayers(snap.players || []); }
  clearInterval(state.timer);
  if (status === "running") {
    state.timer = setInterval(tick, 250);
    tick();
    if (running) { els.input.focus(); }
  } else if (status === "paused") {
    els.clock.textContent = formatTime(secondsLeft(snap.round, state.offset));
    showFeedback(t("paused"), null);
  } else {
    els.clock.textContent = status === "lobby" ? formatTime(snap.room.duration_seconds) : "0:00";
  }
  // A message of the last word or of the pause means nothing once play goes on or ends.
  if (status === "finished" || (status !== "paused" && els.feedback.textContent === t("paused"))) {
    showFeedback("", null);
  }
  if (status === "finished") {
    // Ended before the bell (the host, or a solo player, pressed "End"): no "time is up".
    const { ends_at: endsAt, finished_at: finishedAt, paused_at: pausedAt } = snap.round;
    const early = finishedAt && endsAt
      ? Boolean(pausedAt) || Date.parse(finishedAt) < Date.parse(endsAt) - 2000
      : (secondsLeft(snap.round, state.offset) || 0) > 2;
    els.endedTitle.textContent = early ? t("round_over") : t("time_up");
    clearPath();
  }
}

function tick() {
  const left = secondsLeft(state.snapshot.round, state.offset);
  els.clock.textContent = formatTime(left);
  els.clock.classList.toggle("clock-low", left <= 10);
  if (left === 0) {
    clearInterval(state.timer);
    els.input.disabled = true;
    els.send.disabled = true;
    // The server ends the round; ask for the new state shortly after the bell.
    setTimeout(() => send({ type: "resync" }), 1500);
  }
}

// --- the board --------------------------------------------------------------

function drawBoard(text) {
  const { tiles, cols } = renderBoard(els.board, text, "button", state.snapshot.room.size);
  state.cells = tiles;
  state.cols = cols;
}

function tileAt(x, y) {
  const el = document.elementFromPoint(x, y);
  return el && el.closest ? el.closest(".tile") : null;
}

function cellOf(tile) { return [Number(tile.dataset.row), Number(tile.dataset.col)]; }
function sameCell(a, b) { return a[0] === b[0] && a[1] === b[1]; }
function adjacent(a, b) { return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) === 1; }
function playing() { return !els.input.disabled; }

function extendPath(cell) {
  const path = state.path;
  const last = path[path.length - 1];
  if (path.length >= 2 && sameCell(path[path.length - 2], cell)) {
    path.pop();  // dragging back undoes the last tile
    state.deadPath = false;
  } else if (path.some((p) => sameCell(p, cell))) {
    return;
  } else if (path.length && !adjacent(last, cell)) {
    return;
  } else {
    path.push(cell);
  }
  drawPath(null);
  send({ type: "check_path", round: state.snapshot.round.id, path });
}

function clearPath() {
  state.path = [];
  state.deadPath = false;
  drawPath(null);
  els.pathStatus.textContent = "";
  els.pathStatus.className = "path-status";
}

function submitPath() {
  if (state.path.length >= 2) {
    send({ type: "submit", round: state.snapshot.round.id, path: state.path });
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
  // A path already known to start no word is not sent: it would only be refused.
  if (state.deadPath) { clearPath(); return; }
  if (state.dragMoved || state.tapSubmit) { submitPath(); }
});

els.board.addEventListener("keydown", (event) => {
  const tile = event.target.closest(".tile");
  if (!tile || !playing()) { return; }
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    const cell = cellOf(tile);
    const last = state.path[state.path.length - 1];
    if (last && sameCell(last, cell)) { submitPath(); } else { extendPath(cell); }
  } else if (event.key === "Escape") {
    clearPath();
  }
});

// --- words ------------------------------------------------------------------

els.form.addEventListener("submit", (event) => {
  event.preventDefault();
  if (state.path.length >= 2 && !els.input.value.trim()) { submitPath(); return; }
  const word = els.input.value.trim();
  if (!word) { return; }
  if (send({ type: "submit", round: state.snapshot.round.id, word })) { els.input.value = ""; }
});

els.start.addEventListener("click", () => send({ type: "start" }));
els.endRound.addEventListener("click", () => {
  const question = state.snapshot.room.mode === "solo" ? t("confirm_end_solo") : t("confirm_end");
  if (window.confirm(question)) { send({ type: "end" }); }
});

function onPathStatus(message) {
  if (JSON.stringify(message.path) !== JSON.stringify(state.path)) { return; }  // stale answer
  const good = message.ok;
  state.deadPath = !good;
  drawPath(good);
  const letters = message.letters.toUpperCase();
  const status = good ? (message.is_word ? "path_word" : "path_more") : "path_dead";
  els.pathStatus.textContent = t(status, { letters });
  els.pathStatus.className = `path-status ${good ? "good" : "bad"}`;
}

function onWordResult(message) {
  state.allFound = state.allFound || Boolean(message.all_found);
  if (message.accepted) {
    showFeedback(t("word_points", { word: shown(message), points: message.points }), true);
    drawPath(null, message.path, "tile-flash");
    setTimeout(() => drawPath(null), 700);
  } else {
    const word = message.word ? shown(message) : "";
    showFeedback(word ? t("word_refused", { word, message: message.message }) : message.message, false);
  }
}

function onFind(message) {
  const snap = state.snapshot;
  if (!snap || message.round !== snap.round.id) { return; }
  const key = snap.room.mode === "teams" ? message.team_name : message.nickname;
  const row = state.scores.get(key) || { name: key, points: 0, words: 0 };
  row.points += message.points;
  row.words += 1;
  state.scores.set(key, row);
  renderScores();
  const mine = snap.you && (message.player === snap.you.id
    || (snap.room.mode === "teams" && message.team_name === snap.you.team));
  if (mine && !state.finds.has(message.word)) {
    state.finds.set(message.word, { word: message.word, display: message.display, path: message.path,
                                     points: message.points, by: message.nickname });
    renderFinds(message.word);
    if (message.player !== snap.you.id) {
      showFeedback(t("found_by", { nickname: message.nickname, word: shown(message) }), true);
    }
  }
}

// Words as the language writes them (accents included): the server sends "display".
function shown(find) { return (find.display || find.word).toUpperCase(); }

function renderFinds(fresh) {
  const items = [...state.finds.values()].reverse().map((find) => {
    const li = document.createElement("li");
    li.textContent = `${shown(find)} `;
    const pts = document.createElement("span");
    pts.className = "points";
    pts.textContent = `+${find.points}`;
    li.append(pts);
    if (find.by && state.snapshot.room.mode === "teams") {
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
  const total = state.snapshot.round.word_count;
  els.foundCount.textContent = state.finds.size;
  els.wordsLeft.textContent = Math.max(0, total - state.finds.size);
  const points = [...state.finds.values()].reduce((sum, f) => sum + f.points, 0);
  els.score.textContent = points;
  if (total > 0 && (state.finds.size >= total || state.allFound) && !state.done) {
    state.done = true;  // every word found: this player's round is over
    els.endedTitle.textContent = t("all_found");
    setStatus(state.snapshot.round.status);
  }
}

function renderScores() {
  const rows = [...state.scores.values()].sort((a, b) => b.points - a.points || a.name.localeCompare(b.name));
  els.scoresCard.hidden = state.snapshot.room.mode === "solo";
  els.scores.replaceChildren(...rows.map((row) => {
    const li = document.createElement("li");
    li.textContent = tn("score", row.words, { name: row.name, points: row.points });
    return li;
  }));
}

function renderPlayers(players) {
  els.players.replaceChildren(...players.map((p) => {
    const li = document.createElement("li");
    li.textContent = p.team ? `${p.nickname} (${p.team})` : p.nickname;
    return li;
  }));
}

// good: true (green, ✓), false (red, ✗) or null (neutral news, like a pause).
function showFeedback(text, good) {
  els.feedback.textContent = text;
  els.feedback.className = `feedback ${good === null ? "neutral" : good ? "good" : "bad"}`;
}

function showConnection(text) {
  els.connection.textContent = text;
  els.connection.hidden = !text;
}

els.rulesOpen.addEventListener("click", () => els.rules.showModal());
window.addEventListener("resize", () => drawPath(null));
connect();
