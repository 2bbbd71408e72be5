// The unit's words beside the board, when the teacher dealt the round to show them
// (templates/games/_vocabulary_panel.html): each word with its translation, ticked once
// the player (their team) has found it. The server says which (vocabulary.json); the
// page asks again when its board or its list of words changes, so this module needs
// nothing from play.js.

import { t } from "./board.js";

const panel = document.getElementById("vocabulary-shown");
const list = document.getElementById("vocabulary-words");
const bonus = document.getElementById("vocabulary-bonus");

function show(shown) {
  panel.hidden = !shown.shown;
  bonus.textContent = shown.shown && shown.bonus ? t("vocabulary_bonus", { bonus: shown.bonus }) : "";
  list.replaceChildren(...shown.words.map((word) => {
    const item = document.createElement("li");
    item.className = word.found ? "found" : "";
    const name = document.createElement("strong");
    name.textContent = word.display;
    item.append(name);
    if (word.translation) { item.append(` = ${word.translation}`); }
    if (word.found) {
      const tick = document.createElement("span");
      tick.className = "tick";
      tick.setAttribute("aria-hidden", "true");
      tick.textContent = " ✓";
      const said = document.createElement("span");
      said.className = "visually-hidden";
      said.textContent = ` (${t("vocabulary_found")})`;
      item.append(tick, said);
    }
    return item;
  }));
}

let asking = null;
let again = false;
async function refresh() {
  if (asking) { again = true; return; }
  asking = fetch(panel.dataset.url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
  try {
    const response = await asking;
    if (response.ok) { show(await response.json()); }
  } catch {
    // Offline: the list stays as it was; the next change asks again.
  } finally {
    asking = null;
    if (again) { again = false; refresh(); }
  }
}

let timer = 0;
function soon() { clearTimeout(timer); timer = setTimeout(refresh, 250); }

if (panel) {
  const watch = new MutationObserver(soon);
  for (const id of ["finds", "board"]) {
    const node = document.getElementById(id);
    if (node) { watch.observe(node, { childList: true }); }
  }
  const play = document.getElementById("play");
  if (play) { watch.observe(play, { attributes: true, attributeFilter: ["data-state"] }); }
  refresh();
}
