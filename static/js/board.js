// Shared by the room's pages: their words (translated), drawing a board, showing a clock.

// The page's words, translated on the server ({% js_strings %} in the template).
// t("key", { name }) fills each {name}; tn picks key_one or key_other for a count.
const strings = JSON.parse(document.getElementById("strings")?.textContent || "{}");
const plurals = new Intl.PluralRules(document.documentElement.lang || "en");
export function t(key, values = {}) {
  return (strings[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}
export function tn(key, count, values = {}) {
  const form = plurals.select(count) === "one" ? "one" : "other";
  return t(`${key}_${form}`, { count, ...values });
}

// Build the tiles of a board written "ABCD/EFGH/..." (a cell: a capital letter, Ñ included, and
// optional small ones, or "." for a blank face). Returns the tiles in cell order.
// A board not yet revealed (the round waits to start) is drawn as face-down tiles.
export function renderBoard(container, text, tag = "button", size = 4) {
  const waiting = !text;
  const board = waiting ? Array(size).fill("A".repeat(size)).join("/") : text;
  const cells = board.split("/").map((row) => row.match(/[A-ZÑ][a-z]*|\./g));
  const cols = cells[0].length;
  container.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
  container.className = `board board-${cols}${waiting ? " board-waiting" : ""}`;
  container.replaceChildren();
  const tiles = [];
  cells.forEach((row, r) => row.forEach((face, c) => {
    const tile = document.createElement(tag);
    if (tag === "button") { tile.type = "button"; }
    tile.className = "tile";
    tile.dataset.row = r;
    tile.dataset.col = c;
    const blank = face === ".";
    if (waiting) {
      // Face down: nothing to read out or press until the round starts.
      tile.setAttribute("aria-hidden", "true");
      if (tag === "button") { tile.disabled = true; }
    } else {
      tile.textContent = blank ? "" : face;
      if (blank) { tile.classList.add("tile-blank"); tile.disabled = true; }
      tile.setAttribute("aria-label", blank ? t("blank_tile") : t("tile", { face, row: r + 1, col: c + 1 }));
    }
    container.appendChild(tile);
    tiles.push(tile);
  }));
  return { tiles, cols };
}

export function formatTime(seconds) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

// Seconds left on a round's clock as the server sees it (offset: server minus local time).
export function secondsLeft(round, offset) {
  if (round.finished_at) { return 0; }
  if (!round.ends_at) { return null; }
  const endsAt = Date.parse(round.ends_at);
  const now = round.paused_at ? Date.parse(round.paused_at) : Date.now() + offset;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}
