// The board of the day: an anonymous player's streak, kept in this browser only.
// The server says which day it is (the school's date) and whether this browser has played
// today's board for a place; the days played are remembered here, never sent anywhere.

const KEY = "lettergrid-daily-days";
const streak = document.getElementById("streak");

function remembered() {
  try {
    const days = JSON.parse(localStorage.getItem(KEY) || "[]");
    return new Set(Array.isArray(days) ? days.filter((d) => typeof d === "string") : []);
  } catch {
    return new Set();  // storage refused (private mode) or garbled: no streak, no error
  }
}

function keep(days) {
  try {
    // A year is plenty for a streak; older days are dropped.
    localStorage.setItem(KEY, JSON.stringify([...days].sort().slice(-400)));
  } catch { /* storage refused: the streak is just not kept */ }
}

// "2026-11-26" one day earlier, in UTC arithmetic on the date alone (no time zone, no DST).
function dayBefore(day) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

// Days in a row ending today, or yesterday while today's board is not played yet.
function count(days, today) {
  let day = days.has(today) ? today : dayBefore(today);
  let run = 0;
  while (days.has(day)) { run += 1; day = dayBefore(day); }
  return run;
}

if (streak && streak.dataset.today) {
  const today = streak.dataset.today;
  const days = remembered();
  if (streak.dataset.played === "1" && !days.has(today)) {
    days.add(today);
    keep(days);
  }
  const run = count(days, today);
  if (run === 1) {
    streak.textContent = streak.dataset.one;
  } else if (run > 1) {
    streak.textContent = streak.dataset.other.replace("{count}", String(run));
  } else {
    streak.textContent = streak.dataset.none;
  }
}
