// Renaming a player on the teacher's screen: a <dialog> with the nickname to edit,
// in place of the browser's prompt (which a projector's browser may block, and which
// cannot be styled nor read by every screen reader alike).
//
// askNickname(current) -> Promise of the new nickname, or null when cancelled or unchanged.

import { t } from "./board.js";

const MAX_LENGTH = 60; // games/forms.py: a nickname as typed

let dialog = null;

function build() {
  dialog = document.createElement("dialog");
  dialog.className = "rename-dialog";
  dialog.id = "rename-dialog";
  dialog.setAttribute("aria-labelledby", "rename-title");
  dialog.innerHTML = `<form method="dialog">
    <h2 id="rename-title"></h2>
    <label for="rename-input"></label>
    <input id="rename-input" name="nickname" autocomplete="off" spellcheck="false" required maxlength="${MAX_LENGTH}">
    <div class="rename-actions">
      <button type="submit" class="button primary" value="rename"></button>
      <button type="submit" class="button" value="cancel" formnovalidate></button>
    </div>
  </form>`;
  dialog.querySelector("button[value=rename]").textContent = t("rename");
  dialog.querySelector("button[value=cancel]").textContent = t("cancel");
  document.body.append(dialog);
}

export function askNickname(current) {
  if (!dialog) { build(); }
  const input = dialog.querySelector("#rename-input");
  dialog.querySelector("#rename-title").textContent = t("rename_title", { nickname: current });
  dialog.querySelector("label").textContent = t("rename_prompt", { nickname: current });
  input.value = current;
  dialog.returnValue = "";
  dialog.showModal();
  input.select();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      const nickname = input.value.trim();
      resolve(dialog.returnValue === "rename" && nickname && nickname !== current ? nickname : null);
    }, { once: true });
  });
}
