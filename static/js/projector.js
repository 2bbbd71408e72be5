// The projector: a presentation view of a room, read from the back of the class.
// Lobby (join code, QR code, who has joined), 3-2-1, the round (board, clock,
// leaderboard), then the podium and the next round in one click. The host's
// controls (players, teams, settings) are in panels the teacher opens.

import { formatTime, renderBoard, secondsLeft, t, tn } from "./board.js";
import { askNickname } from "./rename.js";
import { isAway, rerenderWhenAway } from "./presence.js";
import { openRoom } from "./room.js";
import { bindSoundButton, createSounds } from "./sound.js";

const page = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
const els = {
  root: $("projector"), board: $("board"), clock: $("clock"), clockState: $("clock-state"),
  countdown: $("countdown"), leaderboard: $("leaderboard"), title: $("leaderboard-title"),
  players: $("players"), playerCount: $("player-count"), playerCountLabel: $("player-count-label"),
  feedback: $("feedback"), panelFeedback: $("panel-feedback"), connection: $("connection"),
  lock: $("lock"), topOnly: $("top-only"), settings: $("round-settings"),
  lobbySettings: $("lobby-settings"), results: $("results-link"), podium: $("podium"),
  controls: $("controls-panel"), settingsPanel: $("settings-panel"), moderation: $("moderation"),
  moderationCount: $("moderation-count"), teamsSection: $("teams-section"), teamColumns: $("team-columns"),
  awayCount: $("away-count"), joinOpen: $("join-open"), roomLocked: $("room-locked"),
  joinTitle: $("join-title"),
  joinReminder: $("join-reminder"), lockedReminder: $("locked-reminder"),
  removedSection: $("removed-section"), removedPlayers: $("removed-players"),
};
const CLOCK = page.clock;  // {countdown, warn, urgent}: games/clock.py's numbers
const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
const sounds = createSounds({ defaultOn: true, storageKey: "lettergrid-sound-projector" });
bindSoundButton($("sound-toggle"), sounds);

const state = {
  snap: null, offset: 0, rows: new Map(), players: new Map(), timer: null,
  shown: "", lastSecond: null, selected: null, podiumFor: null, seen: null,
};

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
    players: (m) => { if (current(m)) { renderPlayers(m.players); renderRemoved(m.removed); } },
    room: (m) => setRoom(m.locked, m.top_only),
    error: (m) => say(m.message),
    round_started: (m) => { if (current(m)) { room.resync(); } },  // the letters, face down until started_at
    clock: (m) => { if (current(m)) { setClock(m); } },
    round_ended: (m) => {
      if (current(m)) { round.finished_at = m.finished_at; sounds.play("bell"); setStatus("finished"); }
    },
    new_round: () => { closePanels(); room.resync(); },
    ruling: () => room.resync(),
  };
  (handlers[message.type] || (() => {}))(message);
}

function apply(snap) {
  const sameRound = state.snap && state.snap.round.id === snap.round.id;
  state.snap = snap;
  state.offset = Date.parse(snap.server_time) - Date.now();
  if (!sameRound) { state.seen = null; state.selected = null; }
  const { round } = snap;
  els.settings.textContent = els.lobbySettings.textContent = roundFacts(round);
  state.rows = new Map(snap.scores.map((row) => [row.id, row]));
  renderPlayers(snap.players);
  renderRemoved(snap.removed);
  setRoom(snap.room.locked, snap.room.top_only);
  els.results.href = page.results.replace("/rounds/0/", `/rounds/${round.number}/`);
  state.shown = "";
  setStatus(round.status);
}

// The room's truth in one line: what the round is played in, how, how it scores, and
// whether the unit's words are planted on the board.
function roundFacts(round) {
  const mode = round.teams.length ? t("mode_teams", { count: round.teams.length })
    : round.mode === "solo" ? t("mode_solo") : t("mode_versus");
  let planted = "";
  if (round.planted) {
    planted = round.bonus ? tn("planted", round.planted, { bonus: round.bonus })
      : tn("planted_no_bonus", round.planted);
  }
  return [round.language_name, round.level_name, `${round.size}×${round.size}`,
    formatTime(round.duration_seconds), mode,
    round.scoring === "classic" ? t("classic") : t("standard"), planted,
  ].filter(Boolean).join(" · ");
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
  clearInterval(state.timer);
  if (status === "running") { state.timer = setInterval(tick, 200); }
  if (status === "finished") { showPodium(); }
  tick();
}

// Milliseconds until play begins (the server's started_at, seen through our clock offset).
function untilStart() {
  const round = state.snap.round;
  if (!round.started_at) { return 0; }
  const now = round.paused_at ? Date.parse(round.paused_at) : Date.now() + state.offset;
  return Date.parse(round.started_at) - now;
}

// What the screen shows: lobby, countdown (3-2-1), running, paused or finished.
function view() {
  const { status } = state.snap.round;
  if (status === "running" && untilStart() > 0) { return "countdown"; }
  return status;
}

function tick() {
  const round = state.snap.round;
  const shown = view();
  if (shown !== state.shown) { show(shown, state.shown); }
  if (shown === "countdown") {
    const count = Math.max(1, Math.ceil(untilStart() / 1000));
    if (els.countdown.textContent !== String(count)) {
      els.countdown.textContent = count;
      restartAnimation(els.countdown, "tick");
      sounds.play("tick");
    }
  }
  const left = round.status === "lobby" || shown === "countdown"
    ? round.duration_seconds : secondsLeft(round, state.offset) ?? 0;
  els.clock.textContent = formatTime(round.status === "finished" ? 0 : left);
  const playing = ["running", "paused"].includes(shown);
  els.clock.classList.toggle("clock-warn", playing && left <= CLOCK.warn && left > CLOCK.urgent);
  els.clock.classList.toggle("clock-urgent", playing && left <= CLOCK.urgent && left > 0);
  if (shown === "running" && left <= CLOCK.urgent && left > 0 && left !== state.lastSecond) {
    sounds.play("tick");  // the last ten seconds, one a second
  }
  state.lastSecond = left;
  if (shown === "running" && left === 0) {
    clearInterval(state.timer);
    // The server ends the round at the bell and says so; should that word be lost, ask.
    setTimeout(() => { if (state.snap.round.status === "running") { room.resync(); } }, 3000);
  }
}

function show(shown, before) {
  state.shown = shown;
  els.root.dataset.state = shown;
  const round = state.snap.round;
  // Face down in the lobby and during the 3-2-1 (paused in it too); the letters at the start.
  const up = shown === "running" || shown === "finished" || (shown === "paused" && untilStart() <= 0);
  const letters = up ? round.board : null;
  renderBoard(els.board, letters, "span", round.size);
  els.countdown.hidden = shown !== "countdown";
  if (shown !== "countdown") { els.countdown.textContent = ""; }
  if (shown === "running" && before === "countdown") { sounds.play("start"); }
  $("pause").hidden = shown !== "running";
  $("resume").hidden = shown !== "paused";
  $("extend").hidden = $("end").hidden = !["countdown", "running", "paused"].includes(shown);
  els.clockState.textContent = { paused: t("paused"), finished: t("time_up"), countdown: t("get_ready") }[shown] || "";
  renderTeams();
}

function restartAnimation(element, name) {
  element.classList.remove(name);
  void element.offsetWidth;  // a reflow, so the same animation plays again
  element.classList.add(name);
}

// --- the end: podium, longest word, best word nobody found ---------------------------

async function showPodium() {
  const { number } = state.snap.round;
  state.podiumFor = number;
  try {
    const response = await fetch(page.podium.replace("/rounds/0/", `/rounds/${number}/`), {
      credentials: "same-origin", headers: { Accept: "text/html" },
    });
    if (response.ok && state.podiumFor === number) { els.podium.innerHTML = await response.text(); }
  } catch { /* offline: the results link still works */ }
}

// --- players, scores, teams ------------------------------------------------------------

// A team round is one with teams (the round says which): no mode names here.
function teams() { return state.snap.round.teams.length > 0; }

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
  // FLIP: note where each row was, reorder, then slide each from there to its new place.
  const before = new Map([...els.leaderboard.children].map((li) => [li.dataset.id, li.getBoundingClientRect().top]));
  const existing = new Map([...els.leaderboard.children].map((li) => [li.dataset.id, li]));
  const items = rows.map((row) => {
    const li = existing.get(String(row.id)) || document.createElement("li");
    li.dataset.id = row.id;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = rowName(row);
    const player = teams() ? null : state.players.get(row.id);
    if (player && isAway(player, state.offset)) {  // in the round, no page open
      const tag = document.createElement("span");
      tag.className = "team-tag away-tag";
      tag.textContent = t("away");
      name.append(" ", tag);
    }
    const points = document.createElement("strong");
    points.textContent = row.points;
    li.replaceChildren(name, " ", points);
    return li;
  });
  els.leaderboard.replaceChildren(...items);
  if (reduceMotion.matches || !document.body.animate) { return; }
  for (const li of items) {
    const from = before.get(li.dataset.id);
    const delta = from === undefined ? 0 : from - li.getBoundingClientRect().top;
    if (delta) {
      li.animate([{ transform: `translateY(${delta}px)` }, { transform: "none" }],
        { duration: 450, easing: "cubic-bezier(.2,.7,.3,1)" });
    }
  }
}

function renderPlayers(players) {
  state.players = new Map(players.map((p) => [p.id, p]));
  // Someone who just came in has a row at 0 until they score.
  if (!teams()) {
    players.forEach((p) => { if (!state.rows.has(p.id)) { state.rows.set(p.id, { id: p.id, points: 0, words: 0 }); } });
  }
  els.playerCount.textContent = players.length;
  els.playerCountLabel.textContent = tn("players", players.length);
  els.moderationCount.textContent = players.length;
  els.players.replaceChildren(...players.map((player) => {
    const li = document.createElement("li");
    li.dataset.player = player.id;
    li.textContent = player.nickname;
    if (player.team) {
      const tag = document.createElement("span");
      tag.className = "team-tag";
      tag.textContent = teamName(player.team);
      li.append(tag);
    }
    // Whoever joins after the list was first shown arrives with a little bounce.
    if (state.seen && !state.seen.has(player.id) && !reduceMotion.matches) { li.className = "arrived"; }
    return li;
  }));
  state.seen = new Set([...(state.seen || []), ...players.map((p) => p.id)]);
  renderPresence();  // the away marks, and the players panel
  renderTeams();
  renderScores();
}

// Who is away (no page open for a few seconds): still in the round, marked on the list.
function renderPresence() {
  const players = [...state.players.values()];
  let away = 0;
  for (const li of els.players.children) {
    const player = state.players.get(Number(li.dataset.player));
    const gone = Boolean(player) && isAway(player, state.offset);
    away += gone ? 1 : 0;
    li.classList.toggle("away", gone);
    let tag = li.querySelector(".away-tag");
    if (gone && !tag) {
      tag = document.createElement("span");
      tag.className = "team-tag away-tag";
      tag.textContent = t("away");
      li.append(tag);
    } else if (!gone && tag) { tag.remove(); }
  }
  els.awayCount.textContent = away ? tn("away_count", away) : "";
  renderModeration(players);
  if (state.snap) { renderScores(); }  // the leaderboard marks them too, during play
  rerenderWhenAway(players, state.offset, renderPresence, state);
}

function renderModeration(players) {
  els.moderation.replaceChildren(...players.map((player) => {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = player.team ? `${player.nickname} (${teamName(player.team)})` : player.nickname;
    if (isAway(player, state.offset)) { name.textContent += ` (${t("away")})`; }
    const rename = button(t("rename"), async () => {
      const nickname = await askNickname(player.nickname);
      if (nickname) { room.send({ type: "rename", player: player.id, nickname }); }
    });
    const remove = button(t("remove"), () => {
      if (window.confirm(t("remove_confirm", { nickname: player.nickname }))) {
        room.send({ type: "remove", player: player.id });
      }
    });
    const ban = button(t("ban"), () => {
      if (window.confirm(t("ban_confirm", { nickname: player.nickname }))) {
        room.send({ type: "ban", player: player.id });
      }
    });
    li.append(name, rename, remove, ban);
    return li;
  }));
}

// Whom the host removed: let back in (or ban); a ban is undone here too.
function renderRemoved(removed) {
  els.removedSection.hidden = !removed.length;
  els.removedPlayers.replaceChildren(...removed.map((player) => {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = player.banned ? t("banned_name", { nickname: player.nickname }) : player.nickname;
    li.append(name);
    if (player.banned) {
      li.append(button(t("unban"), () => room.send({ type: "unban", player: player.id })));
    } else {
      li.append(button(t("readmit"), () => room.send({ type: "readmit", player: player.id })));
      li.append(button(t("ban"), () => room.send({ type: "ban", player: player.id })));
    }
    return li;
  }));
}

// The teams side by side: tap a player, then a team (or drag the player onto it).
function renderTeams() {
  const open = teams() && state.snap.round.status !== "finished";
  els.teamsSection.hidden = !open;
  if (!open) { els.teamColumns.replaceChildren(); return; }
  const players = [...state.players.values()];
  if (state.selected !== null && !state.players.has(state.selected)) { state.selected = null; }
  const selected = state.players.get(state.selected);
  els.teamColumns.replaceChildren(...state.snap.round.teams.map((team) => {
    const column = document.createElement("section");
    column.className = "team-column";
    column.dataset.team = team.number;
    const members = players.filter((p) => p.team === team.number);
    const heading = document.createElement("h4");
    heading.textContent = t("team_size", { team: team.name, count: members.length });
    const move = button(t("move_here"), () => moveSelected(team.number));
    move.classList.add("team-move");
    move.hidden = !selected || selected.team === team.number;
    if (selected) { move.setAttribute("aria-label", t("move_to", { nickname: selected.nickname, team: team.name })); }
    const list = document.createElement("ul");
    list.append(...members.map((player) => {
      const li = document.createElement("li");
      const chip = button(player.nickname, () => {
        state.selected = state.selected === player.id ? null : player.id;
        renderTeams();
        const again = els.teamColumns.querySelector(`[data-player="${player.id}"]`);
        if (again) { again.focus(); }
      });
      chip.classList.add("team-player");
      chip.dataset.player = player.id;
      chip.setAttribute("aria-pressed", String(state.selected === player.id));
      chip.draggable = true;
      chip.addEventListener("dragstart", (event) => {
        event.dataTransfer.setData("text/plain", String(player.id));
        event.dataTransfer.effectAllowed = "move";
      });
      li.append(chip);
      return li;
    }));
    column.addEventListener("dragover", (event) => { event.preventDefault(); column.classList.add("drop-target"); });
    column.addEventListener("dragleave", () => column.classList.remove("drop-target"));
    column.addEventListener("drop", (event) => {
      event.preventDefault();
      column.classList.remove("drop-target");
      const id = Number(event.dataTransfer.getData("text/plain"));
      if (id) { state.selected = id; moveSelected(team.number); }
    });
    column.append(heading, move, list);
    return column;
  }));
}

function moveSelected(teamNumber) {
  const player = state.players.get(state.selected);
  state.selected = null;
  if (player && player.team !== teamNumber) {
    room.send({ type: "move", player: player.id, team: teamNumber });
  }
  renderTeams();
}

function button(label, onClick) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "button small";
  element.textContent = label;
  element.addEventListener("click", onClick);
  return element;
}

// The lobby's heading says how to join, or, locked, that nobody new can.
const joinHow = els.joinTitle.innerHTML;  // the server's markup, as rendered

function setRoom(locked, topOnly) {
  els.lock.checked = locked;
  els.topOnly.checked = topOnly;
  // Locked: nobody new can join, so the code and QR code give way to saying so.
  els.joinOpen.hidden = els.joinReminder.hidden = locked;
  els.roomLocked.hidden = els.lockedReminder.hidden = !locked;
  if (locked) { els.joinTitle.textContent = t("locked_title"); } else { els.joinTitle.innerHTML = joinHow; }
  if (state.snap) { state.snap.room.locked = locked; state.snap.room.top_only = topOnly; renderScores(); }
}

function say(text) { els.feedback.textContent = els.panelFeedback.textContent = text; }

// --- the teacher's panels and buttons ----------------------------------------------------

function closePanels() {
  for (const dialog of [els.controls, els.settingsPanel]) { if (dialog.open) { dialog.close(); } }
}

$("open-controls").addEventListener("click", () => els.controls.showModal());
for (const id of ["open-settings", "change-settings"]) {
  $(id).addEventListener("click", () => els.settingsPanel.showModal());
}
for (const close of document.querySelectorAll("[data-close]")) {
  close.addEventListener("click", () => close.closest("dialog").close());
}
for (const control of document.querySelectorAll("[data-action]")) {
  control.addEventListener("click", () => {
    const action = control.dataset.action;
    if (action === "end" && !window.confirm(t("confirm_end"))) { return; }
    say("");
    room.send(action === "extend" ? { type: "extend", seconds: 30 } : { type: action });
  });
}
$("shuffle-teams").addEventListener("click", () => room.send({ type: "shuffle_teams" }));
$("balance-teams").addEventListener("click", () => room.send({ type: "balance_teams" }));
els.lock.addEventListener("change", () => room.send({ type: "lock", on: els.lock.checked }));
els.topOnly.addEventListener("change", () => room.send({ type: "top_only", on: els.topOnly.checked }));
// A settings form sent back with an error opens again, so the teacher sees why.
if (document.querySelector("#next-form .error, #next-form .form-errors")) { els.settingsPanel.showModal(); }
