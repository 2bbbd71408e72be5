// The play page: rebuilt from every snapshot, kept up to date by the room's events.
// The server owns the board, the clock, every verdict and every score; this module shows them.

import { formatTime, secondsLeft, t } from "./board.js";
import { clearPath, drawBoard } from "./play_board.js";
import {
  els, isHost, page, send, setSender, showFeedback, sounds, state, teamName, teams,
} from "./play_page.js";
import { applyScores, setPlayers } from "./play_scores.js";
import {
  addTeamFind, markShared, onPathStatus, onWordResult, renderFinds,
} from "./play_words.js";
import { openRoom } from "./room.js";

const room = openRoom(page.socket, {
  snapshot: applySnapshot,
  event: onEvent,
  status: showConnection,
  stopped: (code) => {
    state.stopped = true;
    if (code === 4010) { showRemoved("banned"); }  // banned: nothing to come back to
    if (state.snap) { setStatus(state.snap.round.status); }
  },
});

setSender(room.send);

function onEvent(message) {
  const round = state.snap && state.snap.round;
  const handlers = {
    word_result: (m) => onWordResult(m, () => setStatus(state.snap.round.status)),
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
    removed: (m) => {
      if (isMe(m.player) && !m.banned) { showRemoved("removed"); setStatus(state.snap.round.status); }
    },
    readmitted: (m) => { if (isMe(m.player)) { room.resync(); } },  // back in the round
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
  showRemoved(snap.you && snap.you.removed ? "removed" : null);
  setStatus(round.status);
}

// Stopped for good (the room is gone, a ban), or removed for now: nothing to play.
function halted() { return state.stopped || Boolean(state.out); }

function setStatus(given) {
  const snap = state.snap;
  const round = snap.round;
  // A round counting down to started_at is running (whatever a server calls that moment):
  // this page shows the 3-2-1 from the times themselves.
  const status = given === "countdown" || given === "starting" ? "running" : given;
  round.status = status;
  const counting = status === "running" && startsIn(round) > 0 && !halted();
  els.root.dataset.state = halted() ? "stopped" : counting ? "countdown" : status;
  // Letters hidden during a pause (or once removed) are hidden from screen readers too.
  const asleep = status === "paused" || halted();
  els.board.toggleAttribute("aria-hidden", asleep);
  els.board.inert = asleep;
  const running = status === "running" && !counting && !state.allFound && !halted();
  els.input.disabled = !running;
  els.send.disabled = !running;
  els.lobby.hidden = status !== "lobby" || halted();
  els.ended.hidden = (status !== "finished" && !state.allFound) || halted();
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
    if (!halted()) { showResultsButton(); }
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
  if (halted()) { return; }
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

function onScores(message) {
  if (!state.snap || message.round !== state.snap.round.id) { return; }
  applyScores(message.scores);
  addTeamFind(message.find);
  markShared(message.shared);
}

function isMe(playerId) { return Boolean(state.snap && state.snap.you && state.snap.you.id === playerId); }

// Removed by the host: the page says so in words and shows no board, clock or word box
// (nothing that looks playable). "removed": it waits to be let back in; "banned": for good.
function showRemoved(how) {
  const out = Boolean(how);
  state.out = how;
  els.removedCard.hidden = how !== "removed";
  els.bannedCard.hidden = how !== "banned";
  els.playMain.hidden = out;
  els.stats.hidden = out;
  if (out) {
    clearInterval(state.timer);
    clearPath();
    els.input.disabled = els.send.disabled = true;
    els.connection.hidden = true;  // the card says it, once
  }
}

function showConnection(text) {
  els.connection.textContent = text;
  els.connection.hidden = !text;
  // Back: a "not sent" message about the lost connection is out of date.
  if (!text && els.feedback.textContent === t("not_sent")) { showFeedback("", null); }
}

els.start.addEventListener("click", () => send({ type: "start" }));
els.endRound.addEventListener("click", () => {
  const question = state.snap.round.mode === "solo" ? t("confirm_end_solo") : t("confirm_end");
  if (window.confirm(question)) { send({ type: "end" }); }
});
els.rulesOpen.addEventListener("click", () => els.rules.showModal());
