// A round's settings form (opening a room, the next round on the projector): the dice
// list offers only the dice of the language chosen. The server renders it so for the
// language it knows (games/forms.py DiceSelect); this keeps it so as the teacher picks
// another language, and a set of the old language gives way to the default.

export function fitDice(form) {
  const language = form.querySelector("select[name=language]");
  const dice = form.querySelector("select[name=dice]");
  if (!language || !dice) { return; }
  const fit = () => {
    for (const option of dice.querySelectorAll("option[data-language]")) {
      const other = option.dataset.language !== language.value;
      option.hidden = other;
      option.disabled = other;
    }
    if (dice.selectedOptions[0]?.disabled) { dice.value = ""; }
  };
  language.addEventListener("change", fit);
  fit();
}

document.querySelectorAll("form.settings-form").forEach(fitDice);
