// The game's sounds, made in the browser with Web Audio: no audio file, no request.
//
//   const sounds = createSounds({ defaultOn: false, storageKey: "lettergrid-sound-play" });
//   sounds.play("found");      // "start", "found", "refused", "tick", "bell"
//   sounds.enabled             // true or false
//   sounds.toggle()            // -> the new value, remembered in this browser (localStorage)
//   sounds.onchange = (on) => { ... }   // optional: a toggle happened (here or in another tab)
//
// Students' pages start muted (defaultOn: false), the projector with sound (defaultOn: true);
// whatever a person chooses is remembered per browser under storageKey. Browsers only let
// a page make sound after a click or a key press: the first one unlocks the audio, and a
// sound asked for before that is skipped, never queued (a late "found" would mislead).

// Each sound: a few notes, [frequency Hz, start s, length s, wave, volume 0-1].
const SOUNDS = {
  start: [[523, 0, 0.12, "triangle", 0.5], [659, 0.12, 0.12, "triangle", 0.5], [784, 0.24, 0.25, "triangle", 0.55]],
  found: [[880, 0, 0.07, "sine", 0.45], [1319, 0.07, 0.12, "sine", 0.4]],
  refused: [[196, 0, 0.16, "square", 0.18], [147, 0.12, 0.2, "square", 0.16]],
  tick: [[1200, 0, 0.035, "square", 0.12]],
  bell: [[988, 0, 1.4, "sine", 0.5], [1976, 0, 0.9, "sine", 0.18], [1482, 0.02, 1.1, "sine", 0.15]],
};

export const SOUND_NAMES = Object.keys(SOUNDS);

function readChoice(storageKey) {
  try {
    const value = window.localStorage.getItem(storageKey);
    return value === "on" ? true : value === "off" ? false : null;
  } catch {
    return null;  // storage blocked (private mode, policy): use the default
  }
}

export function createSounds({ defaultOn = false, storageKey = "lettergrid-sound" } = {}) {
  const Context = window.AudioContext || window.webkitAudioContext;
  let context = null;
  let enabled = readChoice(storageKey) ?? defaultOn;

  // Created on a person's gesture (browsers' autoplay rule), and only if sound is wanted.
  function unlock() {
    if (!enabled || !Context) { return; }
    if (!context) {
      try { context = new Context(); } catch { return; }
    }
    if (context.state === "suspended") { context.resume().catch(() => {}); }
  }
  for (const kind of ["pointerdown", "keydown", "touchend"]) {
    window.addEventListener(kind, unlock, { capture: true, passive: true });
  }

  function play(name) {
    const notes = SOUNDS[name];
    if (!enabled || !notes || !context || context.state !== "running") { return false; }
    const now = context.currentTime + 0.01;
    for (const [frequency, start, length, wave, volume] of notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = wave;
      oscillator.frequency.value = frequency;
      // A quick rise and an exponential fall: no click at either end.
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(volume * 0.4, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + length + 0.02);
    }
    return true;
  }

  const sounds = {
    play,
    onchange: null,
    get enabled() { return enabled; },
    get available() { return Boolean(Context); },
    set(on) {
      enabled = Boolean(on);
      try { window.localStorage.setItem(storageKey, enabled ? "on" : "off"); } catch { /* not kept */ }
      if (enabled) { unlock(); }  // a toggle is itself a gesture
      if (sounds.onchange) { sounds.onchange(enabled); }
      return enabled;
    },
    toggle() { return sounds.set(!enabled); },
  };
  // Muted in another tab of this browser: follow.
  window.addEventListener("storage", (event) => {
    if (event.key !== storageKey) { return; }
    const choice = readChoice(storageKey);
    if (choice !== null && choice !== enabled) {
      enabled = choice;
      if (sounds.onchange) { sounds.onchange(enabled); }
    }
  });
  return sounds;
}

// A page's mute button: <button type="button" aria-pressed="false">Sound</button>, its label
// translated in the template. The label stays; aria-pressed (and the icon CSS draws from it)
// says whether sound is on.
export function bindSoundButton(button, sounds) {
  if (!button) { return; }
  const show = (on) => button.setAttribute("aria-pressed", String(on));
  button.hidden = !sounds.available;
  button.addEventListener("click", () => sounds.toggle());
  const previous = sounds.onchange;
  sounds.onchange = (on) => { show(on); if (previous) { previous(on); } };
  show(sounds.enabled);
}
