// Small pieces of motion for the room's pages. Each one is fire-and-forget: nothing
// waits for an animation to end (the next word is typeable at once), and with
// prefers-reduced-motion the end state is shown straight away.

const reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
export function reducedMotion() { return Boolean(reduce && reduce.matches); }

// A copy of `text` flies from the `from` element's centre to the `to` element's place
// (a found word into the list). Decorative: hidden from assistive technology.
export function fly(text, from, to) {
  if (reducedMotion() || !from || !to || !document.body.animate) { return; }
  const start = from.getBoundingClientRect();
  const end = to.getBoundingClientRect();
  if (!end.width || !start.width) { return; }
  const ghost = document.createElement("span");
  ghost.className = "flying-word";
  ghost.setAttribute("aria-hidden", "true");
  ghost.textContent = text;
  document.body.append(ghost);
  const own = ghost.getBoundingClientRect();
  const x0 = start.left + start.width / 2 - own.width / 2;
  const y0 = start.top + start.height / 2 - own.height / 2;
  const animation = ghost.animate([
    { transform: `translate(${x0}px, ${y0}px) scale(1.6)`, opacity: 1 },
    { transform: `translate(${end.left}px, ${end.top}px) scale(1)`, opacity: 0.35 },
  ], { duration: 550, easing: "cubic-bezier(.2,.7,.3,1)" });
  animation.onfinish = () => ghost.remove();
  animation.oncancel = () => ghost.remove();
}

// The number in `el` counts up (or down) to `to`; a newer call takes over from an older one.
// animate false: straight to `to` (a page rebuilt from a snapshot has nothing to celebrate).
const counting = new WeakMap();
export function countTo(el, to, animate = true) {
  const from = Number(el.textContent) || 0;
  cancelAnimationFrame(counting.get(el));
  if (!animate || reducedMotion() || from === to || !Number.isFinite(from)) {
    el.textContent = to;
    return;
  }
  const began = performance.now();
  const duration = Math.min(700, 120 + 60 * Math.abs(to - from));
  const step = (now) => {
    const done = Math.min(1, (now - began) / duration);
    el.textContent = Math.round(from + (to - from) * (1 - (1 - done) ** 3));
    if (done < 1) { counting.set(el, requestAnimationFrame(step)); }
  };
  el.classList.remove("bump");
  void el.offsetWidth;  // restart the bump
  el.classList.add("bump");
  counting.set(el, requestAnimationFrame(step));
}
