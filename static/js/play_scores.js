// The play page's scoreboard: who is in the round, and every player's (or team's) score,
// as the server's absolute rows say (docs/protocol.md: scores, players).

import { t, tn } from "./board.js";
import { countTo } from "./motion.js";
import { els, myKey, state, teamName, teams } from "./play_page.js";
import { isAway, rerenderWhenAway } from "./presence.js";

export function setPlayers(players) {
  state.players = new Map(players.map((p) => [p.id, p]));
  // Someone who just came in has a row at 0 until they score.
  if (!teams()) {
    players.forEach((p) => { if (!state.rows.has(p.id)) { state.rows.set(p.id, { id: p.id, points: 0, words: 0 }); } });
  }
  const you = state.snap.you;
  const me = you && state.players.get(you.id);
  if (me) { you.team = me.team; }
  renderPlayers();
  renderScores();
}

// The lobby's list, as the projector shows it: who is in the round, and who is away.
function renderPlayers() {
  const players = [...state.players.values()];
  els.players.replaceChildren(...players.map((p) => {
    const li = document.createElement("li");
    li.textContent = p.team ? `${p.nickname} (${teamName(p.team)})` : p.nickname;
    if (isAway(p, state.offset)) {
      li.classList.add("away");
      li.append(` (${t("away")})`);
    }
    return li;
  }));
  rerenderWhenAway(players, state.offset, renderPlayers, state);
}

function rowName(row) {
  if (teams()) { return teamName(row.id); }
  const player = state.players.get(row.id);
  return player ? player.nickname : "";
}

// The rows a find changed (absolute totals): applied, then shown counting up.
export function applyScores(rows) {
  for (const row of rows) { state.rows.set(row.id, row); }
  renderScores(true);
}

// animate: a score that changed while the page watched counts up; a snapshot's is just shown.
export function renderScores(animate = false) {
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
