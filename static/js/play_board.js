// The play page's board: drawing it, the traced path (pointer and keyboard), sending a
// traced word. The server judges every path (path_status) and every word (word_result).

import { renderBoard } from "./board.js";
import { els, playing, send, state } from "./play_page.js";

export function drawBoard(text) {
  const { tiles, cols } = renderBoard(els.board, text, "button", state.snap.round.size);
  state.cells = tiles;
  state.cols = cols;
  // One tab stop for the whole board; the arrow keys move between its tiles.
  const first = Math.max(0, tiles.findIndex((tile) => !tile.disabled));
  state.focusIndex = Math.min(state.focusIndex, tiles.length - 1);
  if (tiles[state.focusIndex] && tiles[state.focusIndex].disabled) { state.focusIndex = first; }
  tiles.forEach((tile, i) => { tile.tabIndex = i === state.focusIndex ? 0 : -1; });
}

const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// The next tile that can take focus in a direction (blank faces are skipped), or null.
function tileFrom(tile, [dr, dc]) {
  let [row, col] = cellOf(tile);
  const rows = state.cells.length / state.cols;
  for (;;) {
    row += dr;
    col += dc;
    if (row < 0 || col < 0 || row >= rows || col >= state.cols) { return null; }
    const next = state.cells[row * state.cols + col];
    if (!next.disabled) { return next; }
  }
}

function focusTile(tile) {
  state.cells.forEach((t) => { t.tabIndex = -1; });
  tile.tabIndex = 0;
  state.focusIndex = state.cells.indexOf(tile);
  tile.focus();
}

function tileAt(x, y) {
  const el = document.elementFromPoint(x, y);
  return el && el.closest ? el.closest(".tile") : null;
}

function cellOf(tile) { return [Number(tile.dataset.row), Number(tile.dataset.col)]; }
function sameCell(a, b) { return a[0] === b[0] && a[1] === b[1]; }
function adjacent(a, b) { return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) === 1; }

function extendPath(cell, fromKeyboard = false) {
  const path = state.path;
  const last = path[path.length - 1];
  if (fromKeyboard && path.length && !adjacent(last, cell) && !path.some((p) => sameCell(p, cell))) {
    path.length = 0;  // a tile that does not touch the path starts a new one
  }
  if (path.length >= 2 && sameCell(path[path.length - 2], cell)) {
    path.pop();  // dragging back undoes the last tile
  } else if (path.some((p) => sameCell(p, cell))) {
    return;
  } else if (path.length && !adjacent(last, cell)) {
    return;
  } else {
    path.push(cell);
  }
  drawPath(null);
  send({ type: "check_path", round: state.snap.round.id, path });
}

export function clearPath() {
  state.path = [];
  drawPath(null);
  els.pathStatus.textContent = "";
  els.pathStatus.className = "path-status";
}

// Sent whatever the hint said: a refused path is answered with its reason.
export function submitPath() {
  if (state.path.length >= 2) {
    send({ type: "submit", round: state.snap.round.id, path: state.path });
    state.lastSent = "path";
  }
  clearPath();
}

export function drawPath(ok, path = state.path, className = "") {
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
  if (state.dragMoved || state.tapSubmit) { submitPath(); }
});

// Keyboard: arrows move, Space or Enter adds the tile (on the last tile: sends the word),
// Backspace takes the last tile off, Escape clears the path.
els.board.addEventListener("keydown", (event) => {
  const tile = event.target.closest(".tile");
  if (!tile || !playing()) { return; }
  if (STEPS[event.key]) {
    event.preventDefault();
    const next = tileFrom(tile, STEPS[event.key]);
    if (next) { focusTile(next); }
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    const cell = cellOf(tile);
    const last = state.path[state.path.length - 1];
    if (last && sameCell(last, cell)) { submitPath(); } else { extendPath(cell, true); }
  } else if (event.key === "Backspace") {
    event.preventDefault();
    state.path.pop();
    if (state.path.length) {
      drawPath(null);
      send({ type: "check_path", round: state.snap.round.id, path: state.path });
    } else {
      clearPath();
    }
  } else if (event.key === "Escape") {
    clearPath();
  }
});
els.board.addEventListener("focusin", (event) => {
  const tile = event.target.closest(".tile");
  if (tile) { state.focusIndex = state.cells.indexOf(tile); }
});
window.addEventListener("resize", () => drawPath(null));
