"""How responsive the play page stays while a player types fast on a slow computer.

Chromium (Playwright, Debian's binary) opens a solo round on a running server, its CPU
slowed down ``slowdown`` times (the DevTools protocol's Emulation.setCPUThrottlingRate),
and types real words of the board, one every 60/``wpm`` seconds, a key every
``key_delay`` ms, each sent with Enter: every found word then flies into the list, the
score counts up and (with ``sound``) a chime plays. Measured in the page, from each
key's event time:

- key to paint: a key pressed in the word box to the next frame drawn (the letter shown);
- Enter to typeable: Enter to the next frame with the box empty and enabled;
- Enter to listed: Enter to the word in the list (the server's answer included);
- the longest input event (Event Timing: handling plus the next paint), as INP counts it.
"""

from __future__ import annotations

import re
import shutil
import statistics
import time

from games.engine.board import parse_board
from games.engine.lexicon import load_lexicon
from games.engine.solver import solve

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

# Installed before the page's own scripts: listeners that run first and time what follows.
PROBE = """
(() => {
  const bench = window.__bench = { keys: [], enters: [], listed: [], events: [] };
  const afterPaint = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));
  document.addEventListener("keydown", (event) => {
    const box = event.target;
    if (box.id !== "word-input") { return; }
    const began = event.timeStamp;
    if (event.key === "Enter") {
      const found = document.getElementById("finds").children.length;
      afterPaint(() => {
        if (box.value === "" && !box.disabled) { bench.enters.push(performance.now() - began); }
      });
      const watch = new MutationObserver(() => {
        if (document.getElementById("finds").children.length > found) {
          bench.listed.push(performance.now() - began);
          watch.disconnect();
        }
      });
      watch.observe(document.getElementById("finds"), { childList: true });
      setTimeout(() => watch.disconnect(), 5000);
    } else {
      afterPaint(() => bench.keys.push(performance.now() - began));
    }
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (["keydown", "keypress", "keyup", "input"].includes(entry.name)) {
        bench.events.push(entry.duration);
      }
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
})();
"""


def _figures(values: list[float]) -> dict:
    if not values:
        return {"count": 0}
    ordered = sorted(values)
    return {
        "count": len(ordered),
        "median": round(statistics.median(ordered), 1),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
        "max": round(ordered[-1], 1),
    }


def _board_words(page) -> list[str]:
    faces = [t.inner_text().strip() or "." for t in page.locator("#board .tile").all()]
    size = int(len(faces) ** 0.5)
    text = "/".join("".join(faces[r * size : (r + 1) * size]) for r in range(size))
    return list(solve(parse_board(text), load_lexicon("en").root(2)).paths)


def run(
    url: str,
    *,
    words: int = 30,
    wpm: float = 30.0,
    slowdown: float = 4.0,
    key_delay: int = 90,
    sound: bool = True,
) -> dict:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--autoplay-policy=no-user-gesture-required"],
        )
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.add_init_script(PROBE)
        if sound:
            page.add_init_script("localStorage.setItem('lettergrid-sound-play', 'on')")
        page.goto(url.rstrip("/") + "/")
        page.select_option("#id_language", "en")
        page.select_option("#id_level", "2")
        page.click("form[action='/play/solo'] button[type=submit]")
        page.wait_for_url(re.compile(r"/r/[A-Z0-9]{6}/$"))
        page.wait_for_function("() => document.getElementById('play').dataset.state === 'running'")
        # Long words first: the most animation per word, the most keys.
        board = sorted(_board_words(page), key=lambda w: (-len(w), w))[:words]
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        page.focus("#word-input")
        every = 60.0 / wpm
        began = time.monotonic()
        for index, word in enumerate(board):
            page.keyboard.type(word, delay=key_delay)
            page.keyboard.press("Enter")
            pause = began + (index + 1) * every - time.monotonic()
            if pause > 0:
                page.wait_for_timeout(pause * 1000)
        page.wait_for_timeout(1500)  # the last answers and animations
        bench = page.evaluate("() => window.__bench")
        found = int(page.inner_text("#found-count"))
        browser.close()
    return {
        "words_typed": len(board),
        "words_found": found,
        "words_per_minute": wpm,
        "cpu_slowdown": slowdown,
        "sound": sound,
        "key_to_paint_ms": _figures(bench["keys"]),
        "enter_to_typeable_ms": _figures(bench["enters"]),
        "enter_to_listed_ms": _figures(bench["listed"]),
        "longest_input_event_ms": round(max(bench["events"], default=0.0), 1),
        "slow_input_events": len(bench["events"]),
    }
