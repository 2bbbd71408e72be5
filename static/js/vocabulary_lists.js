// The vocabulary lists page: the intro names the language chosen for the list being
// written, as the teacher changes it.

const names = JSON.parse(document.getElementById("language-names").textContent);
const select = document.getElementById("id_language");
const named = document.getElementById("form-language-name");

if (select && named) {
  select.addEventListener("change", () => { named.textContent = names[select.value] || select.value; });
}
