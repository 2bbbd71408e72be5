// The room socket, for every page that follows a room (play, projector, results).
//
// One place for what docs/protocol.md asks of a client: reconnect with backoff
// and jitter (so a class does not reconnect in the same instant), straight
// away when the network comes back; room events applied once each and in
// sequence order, a snapshot when one is missing; and what each close code
// means for the person in front of the page.

import { t } from "./board.js";

const GAP_WAIT_MS = 800;   // events may arrive slightly out of order; after this, one was lost
const FIRST_DELAY_MS = 400;
// Times 0.5-1.5 (jitter): a reconnect is tried at least every 2 s, so a page is back
// within 2 s of the server or the network.
const MAX_DELAY_MS = 1300;

// Close codes the server uses (docs/protocol.md): stop, or go on retrying.
const CLOSES = {
  4000: { stop: false, text: "", now: true },  // moved to a less busy server process
  4004: { stop: true, text: "room_gone" },
  4010: { stop: true, text: "removed" },
  4029: { stop: false, text: "slow_down_closed" },
  4503: { stop: false, text: "server_unavailable" },
};

// Every snapshot and room event this page applies is also told to the document as a
// "room:message" event (detail: the message), for the small modules a page adds
// beside its own (static/js/renamed.js) without reaching into its script.
function tell(message) {
  document.dispatchEvent(new CustomEvent("room:message", { detail: message }));
}

// openRoom(path, handlers) -> { send(message) -> bool, resync() }
//   handlers.snapshot(snap)  a full snapshot: rebuild the page
//   handlers.event(message)  a room event (in order, once) or a reply to this page
//   handlers.status(text)    "" when connected, else what to tell the person
//   handlers.stopped(code)   the server closed for good (4004, 4010): no reconnecting
export function openRoom(path, handlers) {
  let socket = null;
  let attempts = 0;
  let timer = null;
  let stopped = false;
  let applied = 0;          // the last room event applied (or the snapshot's seq)
  const waiting = new Map(); // events that arrived ahead of a missing one, by seq
  let recent = [];           // events applied lately: a snapshot older than them replays them
  let gapTimer = null;

  function connect() {
    clearTimeout(timer);
    timer = null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const own = new WebSocket(`${scheme}://${location.host}${path}`);
    socket = own;
    // A socket given up on (see "online" below) says nothing more.
    own.addEventListener("open", () => { if (socket === own) { attempts = 0; handlers.status(""); } });
    own.addEventListener("message", (event) => { if (socket === own) { receive(JSON.parse(event.data)); } });
    own.addEventListener("close", (event) => { if (socket === own) { closed(event.code); } });
  }

  function closed(code) {
    const known = CLOSES[code];
    if (known && known.stop) {
      stopped = true;
      handlers.status(t(known.text));
      handlers.stopped(code);
      return;
    }
    if (known && known.now) { attempts = 0; timer = setTimeout(connect, 1000 * Math.random()); return; }
    handlers.status(t(known ? known.text : "reconnecting"));
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempts) * (0.5 + Math.random());
    attempts += 1;
    timer = setTimeout(connect, delay);
  }

  function receive(message) {
    if (message.type === "snapshot") {
      // A snapshot read just before an event we already applied must not undo it.
      const newer = recent.filter((event) => event.seq > message.seq);
      applied = message.seq;
      recent = [];
      waiting.clear();
      clearTimeout(gapTimer);
      handlers.snapshot(message);
      tell(message);
      newer.forEach(apply);
      return;
    }
    if (message.seq === undefined) { handlers.event(message); return; }  // a reply to this page
    if (message.seq <= applied || waiting.has(message.seq)) { return; }   // already applied
    waiting.set(message.seq, message);
    while (waiting.has(applied + 1)) {
      const next = waiting.get(applied + 1);
      waiting.delete(applied + 1);
      apply(next);
    }
    clearTimeout(gapTimer);
    if (waiting.size) { gapTimer = setTimeout(resync, GAP_WAIT_MS); }
  }

  function apply(event) {
    applied = event.seq;
    recent.push(event);
    if (recent.length > 200) { recent = recent.slice(-100); }
    handlers.event(event);
    tell(event);
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  function resync() { send({ type: "resync" }); }

  // Back on the network: no need to wait out the backoff, nor for a socket opened while
  // offline to time out (it may hang for many seconds): start afresh at once.
  window.addEventListener("online", () => {
    if (stopped || (socket && socket.readyState === WebSocket.OPEN)) { return; }
    attempts = 0;
    if (socket && socket.readyState === WebSocket.CONNECTING) {
      const stale = socket;
      socket = null;
      stale.close();
    }
    connect();
  });
  // Offline: the socket may not notice for a long while; say so now, and retry when it's back.
  window.addEventListener("offline", () => {
    if (!stopped && socket && socket.readyState === WebSocket.OPEN) { socket.close(); }
  });

  connect();
  return { send, resync };
}
