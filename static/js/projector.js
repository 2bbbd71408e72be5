// The projector screen: the host's view of a room, large enough for the back of the class.

import { formatTime, renderBoard, secondsLeft, t } from "./board.js";
import { openRoom } from "./room.js";

const page = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
const els = {
  root: $("projector"), board: $("board"), clock: $("clock"), clockState: $("clock-state"),
  joinPanel: $("join-panel"), leaderboard: $("leaderboard"), title: $("leaderboard-title"),
  players: $("players"), playerCount: $("player-count"), feedback: $("feedback"),
  connection: $("connection"), lock: $("lock"), topOnly: $("top-only"), settings: $("round-settings"),
  results: $("results-link"), start: $("start"), pause: $("pause"), resume: $("resume"),
  extend: $("extend"), end: $("end"), nextCard: $("next-card"),
};
const state = { snap: null, offset: 0, rows: new Map(), players: new Map(), timer: null };

const room = openRoom(page.socket, {
  snapshot: apply,
  event: onEvent,
  status: (text) => { els.connection.textContent = text; els.connection.hidden = !text; },
  stopped: () => { els.root.dataset.state = "stopped"; clearInterval(state.timer); },
});

function onEvent(message) {
  const round = state.snap && state.snap.round;
  const current = (m) => round && m.round === round.id;
  const handlers = {
    scores: (m) => { if (current(m)) { m.scores.forEach((row) => state.rows.set(row.id, row)); renderScores(); } },
    players: (m) => { if (current(m)) { renderPlayers(m.players); } },
    room: (m) => setRoom(m.locked, m.top_only),
    error: (m) => say(m.message),
    round_started: (m) => { if (current(m)) { room.resync(); } },  // the letters appear
    clock: (m) => { if (current(m)) { setClock(m); } },
    round_ended: (m) => { if (current(m)) { round.finished_at = m.finished_at; setStatus("finished"); } },
    new_round: () => room.resync(),
    ruling: () => room.resync(),
  };
  (handlers[message.type] || (() => {}))(message);
}

function apply(snap) {
  state.snap = snap;
  state.offset = Date.parse(snap.server_time) - Date.now();
  const { round } = snap;
  renderBoard(els.board, round.board, "span", round.size);
  els.settings.textContent = [
    round.language_name, round.level_name, `${round.size}×${round.size}`,
    round.scoring === "classic" ? t("classic") : "",
  ].filter(Boolean).join(" · ");
  state.rows = new Map(snap.scores.map((row) => [row.id, row]));
  renderPlayers(snap.players);
  setRoom(snap.room.locked, snap.room.top_only);
  els.results.href = page.results.replace("/rounds/0/", `/rounds/${round.number}/`);
  setStatus(round.status);
}

function setClock(message) {
  Object.assign(state.snap.round, {
    started_at: message.started_at, ends_at: message.ends_at, paused_at: message.paused_at,
  });
  state.offset = Date.parse(message.server_time) - Date.now();
  setStatus(message.status);
}

function setStatus(status) {
  state.snap.round.status = status;
  els.root.dataset.state = status;
  // While a round runs the code stays, small, for latecomers; the QR code is for the lobby.
  els.joinPanel.classList.toggle("compact", status !== "lobby");
  els.start.hidden = status !== "lobby";
  els.pause.hidden = status !== "running";
  els.resume.hidden = status !== "paused";
  els.extend.hidden = els.end.hidden = !["running", "paused"].includes(status);
  els.results.hidden = status !== "finished";
  els.clockState.textContent = { lobby: t("waiting"), paused: t("paused"), finished: t("time_up") }[status] || "";
  els.nextCard.open = status === "finished";
  clearInterval(state.timer);
  if (status === "running") { state.timer = setInterval(tick, 250); }
  tick();
}

function tick() {
  const round = state.snap.round;
  const left = round.status === "lobby" ? round.duration_seconds : secondsLeft(round, state.offset) ?? 0;
  els.clock.textContent = formatTime(round.status === "finished" ? 0 : left);
  els.clock.classList.toggle("clock-low", round.status === "running" && left <= 10);
  if (round.status === "running" && left === 0) {
    clearInterval(state.timer);
    // The server ends the round at the bell and says so; should that word be lost, ask.
    setTimeout(() => { if (state.snap.round.status === "running") { room.resync(); } }, 3000);
  }
}

function teams() { return state.snap.round.mode === "teams"; }

function teamName(number) {
  const team = state.snap.round.teams.find((x) => x.number === number);
  return team ? team.name : "";
}

function rowName(row) {
  if (teams()) { return teamName(row.id); }
  const player = state.players.get(row.id);
  return player ? player.nickname : "";
}

function renderScores() {
  // A removed player's row stays in the round's record, not on the screen.
  let rows = [...state.rows.values()].filter(rowName)
    .sort((a, b) => b.points - a.points || rowName(a).localeCompare(rowName(b)));
  const topOnly = state.snap.room.top_only;
  if (topOnly) { rows = rows.slice(0, 5); }
  els.title.textContent = topOnly ? t("top_five") : t("leaderboard");
  els.leaderboard.replaceChildren(...rows.map((row) => {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = rowName(row);
    const points = document.createElement("strong");
    points.textContent = row.points;
    li.append(name, " ", points);
    return li;
  }));
}

function renderPlayers(players) {
  state.players = new Map(players.map((p) => [p.id, p]));
  els.playerCount.textContent = players.length;
  els.players.replaceChildren(...players.map((player) => {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.textContent = player.team ? `${player.nickname} (${teamName(player.team)})` : player.nickname;
    const rename = button(t("rename"), () => {
      const nickname = window.prompt(t("rename_prompt", { nickname: player.nickname }), player.nickname);
      if (nickname) { room.send({ type: "rename", player: player.id, nickname }); }
    });
    const remove = button(t("remove"), () => {
      if (window.confirm(t("remove_confirm", { nickname: player.nickname }))) {
        room.send({ type: "remove", player: player.id });
      }
    });
    li.append(name, " ", rename, " ", remove);
    if (teams() && player.team) {
      const count = state.snap.round.teams.length;
      const move = button(t("next_team"), () => {
        room.send({ type: "move", player: player.id, team: (player.team % count) + 1 });
      });
      li.append(" ", move);
    }
    return li;
  }));
  renderScores();
}

function button(label, onClick) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "button small";
  element.textContent = label;
  element.addEventListener("click", onClick);
  return element;
}

function setRoom(locked, topOnly) {
  els.lock.checked = locked;
  els.topOnly.checked = topOnly;
  if (state.snap) { state.snap.room.locked = locked; state.snap.room.top_only = topOnly; renderScores(); }
}

function say(text) { els.feedback.textContent = text; }

for (const control of document.querySelectorAll("[data-action]")) {
  control.addEventListener("click", () => {
    const action = control.dataset.action;
    if (action === "end" && !window.confirm(t("confirm_end"))) { return; }
    room.send(action === "extend" ? { type: "extend", seconds: 30 } : { type: action });
  });
}
els.lock.addEventListener("change", () => room.send({ type: "lock", on: els.lock.checked }));
els.topOnly.addEventListener("change", () => room.send({ type: "top_only", on: els.topOnly.checked }));
