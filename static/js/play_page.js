// What the play page's modules share: its data, its elements, its state, and the way to
// send a message to the room (play.js opens the socket and hands it over).

import { t } from "./board.js";
import { bindSoundButton, createSounds } from "./sound.js";

export const page = JSON.parse(document.getElementById("page-data").textContent);
export const $ = (id) => document.getElementById(id);
export const els = {
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
  removedCard: $("removed-card"), bannedCard: $("banned-card"), playMain: $("play-main"),
  stats: $("play-stats"),
};

export const state = {
  snap: null, offset: 0, cells: [], cols: 0, path: [], dragging: false,
  finds: new Map(), rows: new Map(), players: new Map(), timer: null, allFound: false,
  stopped: false, bellTimer: null, revealed: false, lastLeft: null, focusIndex: 0,
};

// Students' pages start muted; the button remembers the choice in this browser.
export const sounds = createSounds({ defaultOn: false, storageKey: "lettergrid-sound-play" });
bindSoundButton($("sound-toggle"), sounds);

let sender = () => false;
export function setSender(send) { sender = send; }

// A message to the room; when the socket is down the player is told their word went nowhere.
export function send(message) {
  if (sender(message)) { return true; }
  showFeedback(t("not_sent"), false);
  return false;
}

// good: true (green, ✓), false (red, ✗) or null (neutral news, like a pause).
export function showFeedback(text, good) {
  els.feedback.textContent = text;
  els.feedback.className = `feedback ${good === null ? "neutral" : good ? "good" : "bad"}`;
}

export function isHost() { return Boolean(state.snap.you && state.snap.you.is_host); }
// A team round is one with teams (the round says which): no mode names here.
export function teams() { return state.snap.round.teams.length > 0; }
export function myKey() {
  const you = state.snap.you;
  if (!you) { return null; }
  return teams() ? you.team : you.id;
}
export function teamName(number) {
  const team = state.snap.round.teams.find((x) => x.number === number);
  return team ? team.name : "";
}
// Words as the language writes them (accents, and German nouns' capitals, included): the
// server sends "display"; the results page shows them the same way.
export function shown(find) { return find.display || find.word; }
export function playing() { return !els.input.disabled; }
