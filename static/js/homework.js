// The play page of a homework attempt or a board of the day: the play page itself
// (play.js) with this page's own words. The server owns the attempt's clock and words.

const page = JSON.parse(document.getElementById("homework-data").textContent);
const play = document.getElementById("play");
const results = document.getElementById("results-link");

play.classList.add("homework-play");
// After the bell the way out is to the pupil's result (their place, their class's words),
// from which every word of the board is one link away.
if (results) { results.textContent = page.result_label; }
