// Who is away: a player none of whose pages has been open for more than AWAY_MS (a reload
// is not an absence). The server says since when (players[].away_since, docs/protocol.md).

export const AWAY_MS = 5000;

// offset: the server's clock minus this browser's.
export function isAway(player, offset) {
  if (!player.away_since) { return false; }
  return Date.now() + offset - Date.parse(player.away_since) >= AWAY_MS;
}

// Calls render() again when the next of these players turns away (one timer per list).
export function rerenderWhenAway(players, offset, render, timers) {
  clearTimeout(timers.away);
  const waits = players.filter((p) => p.away_since && !isAway(p, offset))
    .map((p) => Date.parse(p.away_since) + AWAY_MS - (Date.now() + offset));
  if (waits.length) { timers.away = setTimeout(render, Math.max(0, Math.min(...waits)) + 50); }
}
