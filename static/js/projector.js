// The projector screen: the host's view of a room, large enough for the back of the class.

import { formatTime, renderBoard, roomSocket, secondsLeft, t } from "./board.js";

const page = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
const els = {
  root: $("projector"), board: $("board"), clock: $("clock"), clockState: $("clock-state"),
  joinPanel: $("join-panel"), leaderboard: $("leaderboard"), title: $("leaderboard-title"),
  players: $("players"), playerCount: $("player-count"), feedback: $("feedback"),
  connection: $("connection"), lock: $("lock"), topOnly: $("top-only"),
  results: $("results-link"), start: $("start"), pause: $("pause"), resume: $("resume"),
  extend: $("extend"), end: $("end"),
};
const state = { snap: null, offset: 0, scores: new Map(), timer: null, seq: 0 };

const socket = roomSocket(page.socket, handle, (text) => {
  els.connection.textContent = text;
  els.connection.hidden = !text;
});

function handle(message) {
  if (message.type === "snapshot") { apply(message); return; }
  if (message.seq !== undefined && state.snap && message.seq <= state.snap.seq) { return; }
  if (message.type === "find") { onFind(message); }
  else if (message.type === "players") { renderPlayers(message.players); }
  else if (message.type === "room") { setRoom(message.locked, message.top_only); }
  else if (message.type === "error") { say(message.message); }
  else if (["round_started", "round_ended", "clock", "new_round", "ruling"].includes(message.type)) {
    socket.send({ type: "resync" });
  }
}

function apply(snap) {
  state.snap = snap;
  state.offset = Date.parse(snap.server_time) - Date.now();
  renderBoard(els.board, snap.round.board, "span", snap.room.size);
  state.scores = new Map(snap.scores.map((row) => [row.name, row]));
  renderScores();
  renderPlayers(snap.players);
  setRoom(snap.room.locked, snap.room.top_only);
  const status = snap.round.status;
  els.root.dataset.state = status;
  // While a round runs the code stays, small, for latecomers; the QR code is for the lobby.
  els.joinPanel.classList.toggle("compact", status !== "lobby");
  els.start.hidden = status !== "lobby";
  els.pause.hidden = status !== "running";
  els.resume.hidden = status !== "paused";
  els.extend.hidden = els.end.hidden = !["running", "paused"].includes(status);
  els.results.hidden = status !== "finished";
  els.results.href = page.results.replace("/rounds/0/", `/rounds/${snap.round.number}/`);
  els.clockState.textContent = { lobby: t("waiting"), paused: t("paused"), finished: t("time_up") }[status] || "";
  document.getElementById("next-card").open = status === "finished";
  clearInterval(state.timer);
  if (status === "running") { state.timer = setInterval(tick, 250); }
  tick();
}

function tick() {
  const round = state.snap.round;
  const left = round.status === "lobby" ? state.snap.room.duration_seconds : secondsLeft(round, state.offset) ?? 0;
  els.clock.textContent = formatTime(round.status === "finished" ? 0 : left);
  els.clock.classList.toggle("clock-low", round.status === "running" && left <= 10);
  if (round.status === "running" && left === 0) {
    clearInterval(state.timer);
    setTimeout(() => socket.send({ type: "resync" }), 1500);
  }
}

function onFind(event) {
  const key = state.snap.room.mode === "teams" ? event.team_name : event.nickname;
  const row = state.scores.get(key) || { name: key, points: 0, words: 0 };
  row.points += event.points;
  row.words += 1;
  state.scores.set(key, row);
  renderScores();
}

function renderScores() {
  let rows = [...state.scores.values()].sort((a, b) => b.points - a.points || a.name.localeCompare(b.name));
  const topOnly = state.snap.room.top_only;
  if (topOnly) { rows = rows.slice(0, 5); }
  els.title.textContent = topOnly ? t("top_five") : t("leaderboard");
  els.leaderboard.replaceChildren(...rows.map((row) => {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = row.name;
    const points = document.createElement("strong");
    points.textContent = row.points;
    li.append(name, " ", points);
    return li;
  }));
}

function renderPlayers(players) {
  els.playerCount.textContent = players.length;
  const teams = state.snap ? state.snap.room.mode === "teams" : false;
  els.players.replaceChildren(...players.map((player) => {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.textContent = player.team ? `${player.nickname} (${player.team})` : player.nickname;
    const rename = button(t("rename"), () => {
      const nickname = window.prompt(t("rename_prompt", { nickname: player.nickname }), player.nickname);
      if (nickname) { socket.send({ type: "rename", player: player.id, nickname }); }
    });
    const remove = button(t("remove"), () => {
      if (window.confirm(t("remove_confirm", { nickname: player.nickname }))) {
        socket.send({ type: "remove", player: player.id });
      }
    });
    li.append(name, " ", rename, " ", remove);
    if (teams) {
      const move = button(t("next_team"), () => {
        const count = state.snap.scores.length;
        const current = state.snap.scores.findIndex((row) => row.name === player.team);
        socket.send({ type: "move", player: player.id, team: ((current + 1) % count) + 1 });
      });
      li.append(" ", move);
    }
    return li;
  }));
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
    socket.send(action === "extend" ? { type: "extend", seconds: 30 } : { type: action });
  });
}
els.lock.addEventListener("change", () => socket.send({ type: "lock", on: els.lock.checked }));
els.topOnly.addEventListener("change", () => socket.send({ type: "top_only", on: els.topOnly.checked }));
