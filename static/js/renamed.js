// A player the host renamed is told so, on whichever page of the room they have open:
// a notice over the top of the screen (it moves nothing under a finger) until they
// close it. It hears the room through room.js's "room:message" events.

import { t } from "./board.js";

let me = null; // { id, nickname } as the last snapshot or players event said
let notice = null;

function tell(nickname) {
  if (!notice) {
    notice = document.createElement("div");
    notice.className = "renamed-notice";
    notice.setAttribute("role", "status");
    const text = document.createElement("span");
    const close = document.createElement("button");
    close.type = "button";
    close.className = "button small";
    close.textContent = t("ok");
    close.addEventListener("click", () => { notice.hidden = true; });
    notice.append(text, " ", close);
    document.body.append(notice);
  }
  notice.firstChild.textContent = t("renamed", { nickname });
  notice.hidden = false;
}

function heard(nickname) {
  if (me.nickname !== nickname) {
    me.nickname = nickname;
    tell(nickname);
  }
}

document.addEventListener("room:message", ({ detail: message }) => {
  if (message.type === "snapshot") {
    const you = message.you;
    if (!you) { return; }
    if (me && me.id === you.id) { heard(you.nickname); } else { me = { id: you.id, nickname: you.nickname }; }
    return;
  }
  if (message.type === "players" && me) {
    const mine = message.players.find((player) => player.id === me.id);
    if (mine) { heard(mine.nickname); }
  }
});
