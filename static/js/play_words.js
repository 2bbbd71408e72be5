// The play page's words: typing one, the verdicts on words and traced paths, and the
// list of the player's (or their team's) words.

import { t } from "./board.js";
import { fly } from "./motion.js";
import { drawPath, submitPath } from "./play_board.js";
import { els, send, shown, showFeedback, sounds, state, teams } from "./play_page.js";

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

export function onPathStatus(message) {
  if (JSON.stringify(message.path) !== JSON.stringify(state.path)) { return; }  // stale answer
  const good = message.ok;
  drawPath(good);
  const letters = message.letters.toUpperCase();
  if (!message.letters) { els.pathStatus.textContent = ""; return; }
  const status = good ? (message.is_word ? "path_word" : "path_more") : "path_dead";
  els.pathStatus.textContent = t(status, { letters });
  els.pathStatus.className = `path-status ${good ? "good" : "bad"}`;
}

// onAllFound: every word found, this player's round is over (the page shows its end).
export function onWordResult(message, onAllFound) {
  if (message.accepted) {
    // Classic scoring: a word someone else found first is at 0 from the start, and says why.
    if (message.shared) {
      showFeedback(t("word_shared", { word: shown(message) }), null);
    } else {
      showFeedback(t("word_points", { word: shown(message), points: message.points }), true);
    }
    sounds.play("found");
    if (!state.finds.has(message.word)) {
      const by = state.snap.you ? state.snap.you.nickname : "";
      state.finds.set(message.word, { word: message.word, display: message.display,
                                      path: message.path, points: message.points,
                                      shared: message.shared, by });
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
    state.allFound = true;
    els.endedTitle.textContent = t("all_found");
    onAllFound();
  }
}

// A teammate's word (team rounds: the scores event brings it to the team's pages).
export function addTeamFind(find) {
  if (!find || state.finds.has(find.word)) { return; }
  state.finds.set(find.word, { word: find.word, display: find.display, path: find.path,
                               points: find.points, shared: find.shared, by: find.nickname });
  renderFinds(find.word);
  if (state.snap.you && find.player !== state.snap.you.id) {
    showFeedback(t("found_by", { nickname: find.nickname, word: shown(find) }), true);
  }
}

// Classic scoring: one of this page's words was found by someone else too. It shows at 0
// from now on, and the player is told why their score dropped.
export function markShared(shared) {
  const find = shared && state.finds.get(shared.word);
  if (!find || find.shared) { return; }
  find.shared = true;
  find.points = 0;
  renderFinds();
  showFeedback(t("now_shared", { word: shown(shared) }), null);
}

export function renderFinds(fresh) {
  const items = [...state.finds.values()].reverse().map((find) => {
    const li = document.createElement("li");
    li.textContent = `${shown(find)} `;
    const pts = document.createElement("span");
    pts.className = find.shared ? "points shared" : "points";
    pts.textContent = find.shared ? t("shared_zero") : `+${find.points}`;
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
