// A page of a round that is over follows the teacher to the next round. The server has
// put the pupil in it at the deal (docs/protocol.md: new_round); this page goes to its
// lobby within a second, or, when the pupil is reading (they scrolled, tapped or typed
// in the last READING_MS), shows a banner with the way in and goes when the round
// starts (the countdown), at the latest.

import { t } from "./board.js";

const READING_MS = 20000;
const GO_MS = 300;  // long enough to see why the page changes

// banner: the element to show (holding a link to the room's page); after: this round's
// number (rounds up to it are not "next").
export function followTeacher({ banner, after }) {
  const link = banner.querySelector("a");
  let lastRead = -Infinity;
  let next = null;
  let leaving = false;
  let pupil = false;  // only a pupil's page follows (not the teacher reading the results)
  for (const kind of ["scroll", "pointerdown", "keydown", "wheel", "touchmove"]) {
    window.addEventListener(kind, () => { lastRead = Date.now(); }, { passive: true });
  }

  function go() {
    if (leaving) { return; }
    leaving = true;
    window.location.assign(link.href);
  }

  function dealt(number) {
    if (!pupil || number <= after || next === number) { return; }
    next = number;
    if (Date.now() - lastRead > READING_MS) { setTimeout(go, GO_MS); return; }
    link.textContent = t("go_now");
    let text = banner.querySelector(".follow-text");
    if (!text) {
      text = document.createElement("span");
      text.className = "follow-text";
      banner.prepend(text, " ");
    }
    text.textContent = t("follow_banner", { number });
    banner.classList.add("follow-banner");
    banner.setAttribute("role", "status");
    banner.hidden = false;
  }

  return {
    // A snapshot: a later round waiting in the lobby, or already started.
    snapshot(snap) {
      pupil = Boolean(snap.you && !snap.you.is_host && !snap.you.removed);
      if (!pupil || snap.round.number <= after) { return; }
      if (snap.round.status === "lobby") { dealt(snap.round.number); } else { go(); }
    },
    event(message) {
      if (message.type === "new_round") { dealt(message.number); }
      // The countdown of the next round began: whoever is still here goes now.
      if (message.type === "round_started" && pupil && next !== null) { go(); }
    },
  };
}
