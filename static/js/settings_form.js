// A round's settings form (opening a room, the next round on the projector, homework):
// the dice list offers only the dice of the language and board size chosen. The server
// renders it so for the values it knows (games/forms.py DiceSelect); this keeps it so as
// the teacher picks another language or size, and a set that no longer fits gives way
// to the default.

export function fitDice(form) {
  const language = form.querySelector("select[name=language]");
  const size = form.querySelector("select[name=size]");
  const dice = form.querySelector("select[name=dice]");
  if (!language || !dice) { return; }
  const fit = () => {
    for (const option of dice.querySelectorAll("option[data-language]")) {
      const sizes = (option.dataset.sizes || "").split(" ");
      const other = option.dataset.language !== language.value
        || Boolean(size && option.dataset.sizes && !sizes.includes(size.value));
      option.hidden = other;
      option.disabled = other;
    }
    if (dice.selectedOptions[0]?.disabled) { dice.value = ""; }
  };
  language.addEventListener("change", fit);
  size?.addEventListener("change", fit);
  fit();
}

document.querySelectorAll("form.settings-form").forEach(fitDice);
