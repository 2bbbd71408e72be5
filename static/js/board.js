// Shared by the play page and the projector: drawing a board and showing a clock.

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

// Build the tiles of a board written "ABCD/EFGH/..." (a cell: a capital letter and
// optional small ones, or "." for a blank face). Returns the tiles in cell order.
// A board not yet revealed (the round waits to start) is drawn as face-down tiles.
export function renderBoard(container, text, tag = "button", size = 4) {
  const waiting = !text;
  const board = waiting ? Array(size).fill("A".repeat(size)).join("/") : text;
  const cells = board.split("/").map((row) => row.match(/[A-Z][a-z]*|\./g));
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
  if (!round.ends_at) { return null; }
  const endsAt = Date.parse(round.ends_at);
  const now = round.paused_at ? Date.parse(round.paused_at) : Date.now() + offset;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

// One socket to a room that reconnects by itself with backoff and jitter, so a
// whole class does not reconnect in the same instant. onClose(code) may return
// false to stop reconnecting.
export function roomSocket(path, onMessage, onStatus, onClose = () => true) {
  let socket = null;
  let attempts = 0;
  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}${path}`);
    socket.addEventListener("open", () => { attempts = 0; onStatus(""); });
    socket.addEventListener("message", (event) => onMessage(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (onClose(event.code) === false) { return; }
      const delay = Math.min(15000, 500 * 2 ** attempts) * (0.5 + Math.random());
      attempts += 1;
      onStatus(t("reconnecting"));
      setTimeout(connect, delay);
    });
  };
  connect();
  return {
    send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify(message));
        return true;
      }
      return false;
    },
  };
}
