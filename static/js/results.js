// The results page: pointing at, tapping or focusing a word traces its path on the board.
// It follows the room: when the teacher rules on a word of this round the page reloads
// with the new totals, and when the next round is dealt it follows the teacher there.

import { t } from "./board.js";
import { followTeacher } from "./follow.js";
import { openRoom } from "./room.js";

const board = document.getElementById("board");
const line = document.getElementById("path-line");
const status = document.getElementById("trace-status");
const nextRound = document.getElementById("next-round");
const page = JSON.parse(document.getElementById("results-data").textContent);
const tiles = [...board.querySelectorAll(".tile")];
const cols = Number(getComputedStyle(board).gridTemplateColumns.split(" ").length);

function trace(button) {
  const path = button ? JSON.parse(button.dataset.path || "[]") : [];
  tiles.forEach((tile) => { tile.classList.remove("tile-path"); tile.removeAttribute("data-step"); });
  path.forEach(([row, col], i) => {
    const tile = tiles[row * cols + col];
    tile.classList.add("tile-path");
    tile.dataset.step = i + 1;
  });
  const box = board.getBoundingClientRect();
  const points = path.map(([row, col]) => {
    const r = tiles[row * cols + col].getBoundingClientRect();
    return `${r.left - box.left + r.width / 2},${r.top - box.top + r.height / 2}`;
  });
  line.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
  line.innerHTML = points.length > 1 ? `<polyline points="${points.join(" ")}"/>` : "";
  status.textContent = button ? t("trace", { word: button.textContent.trim(), count: path.length }) : "";
}

for (const button of document.querySelectorAll("button.word[data-path]")) {
  button.addEventListener("mouseenter", () => trace(button));
  button.addEventListener("focus", () => trace(button));
  button.addEventListener("click", () => {
    trace(button);
    // On a phone the board is above the list: bring it back, whole, to see the path.
    const box = board.getBoundingClientRect();
    if (box.top < -1 || box.bottom > window.innerHeight + 1) {
      const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
      board.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "nearest" });
    }
  });
}

// The next round: the pupil is in it; this page takes them there (static/js/follow.js).
const follow = followTeacher({ banner: nextRound, after: page.number });

openRoom(page.socket, {
  snapshot: follow.snapshot,
  event: (message) => {
    if (message.type === "ruling" && message.round === page.round) { window.location.reload(); }
    follow.event(message);
  },
  status: () => {},
  stopped: () => {},
});
