// Work that shows itself: a solve's status ticking while its job runs, and "thinking… 1.2 s" for
// a request that has not come back after DELAY milliseconds, until it does.

export const DELAY = 300;
const TICK = 200;  // the shown seconds change five times a second

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// The search's own fields as a solve's progress events send them: "labyrinth: nodes 1,234, depth 5".
export function searchFields(search) {
  if (!search) return "";
  const fields = Object.entries(search).filter(([k]) => k !== "search")
    .map(([k, v]) => `${k} ${typeof v === "number" ? v.toLocaleString("en") : v}`).join(", ");
  return fields ? `${search.search}: ${fields}` : "";
}

// A solve's status line: "solving, 3.5 s (labyrinth: nodes 1,234, depth 5)", its seconds counted
// on between the job's events (which come every quarter second while the server keeps up).
export class LiveStatus {
  constructor(element) { this.element = element; this.timer = null; this.last = null; }

  start(phase) {
    this.stop();
    this.last = { phase, elapsed: 0, search: null, at: performance.now() };
    this.timer = setInterval(() => this.render(), TICK);
    this.render();
  }

  // A job's event (name, data with data.elapsed, data.phase and data.search for progress).
  event(name, data) {
    const phase = name === "progress" ? data.phase : name;
    const search = data.search || (name === "progress" ? null : this.last && this.last.search);
    this.last = { phase, elapsed: (data.elapsed || 0) * 1000, search, at: performance.now() };
    this.render();
  }

  render() {
    if (!this.last) return;
    const { phase, elapsed, search, at } = this.last;
    const fields = searchFields(search);
    this.element.textContent = `${phase}, ${seconds(elapsed + performance.now() - at)}${fields ? ` (${fields})` : ""}`;
  }

  stop(text) {
    clearInterval(this.timer);
    this.timer = null;
    this.last = null;
    if (text !== undefined) this.element.textContent = text;
  }
}

// The requests still out after DELAY, shown on `element` (the oldest one's label and seconds).
const pending = new Set();
let element = null;
let timer = null;

export function busyOn(node) { element = node; }

function render() {
  if (!element) return;
  const shown = [...pending].filter((p) => p.shown);
  element.hidden = shown.length === 0;
  if (shown.length === 0) { clearInterval(timer); timer = null; element.textContent = ""; return; }
  const oldest = shown[0];
  element.textContent = `${oldest.label} ${seconds(performance.now() - oldest.at)}${shown.length > 1 ? ` (${shown.length} requests)` : ""}`;
  if (!timer) timer = setInterval(render, TICK / 2);
}

// `promise`, unchanged; while it is out, after DELAY, the page shows `label` with the seconds. With
// `into` (an element: a game's status line, "The Nemesis is thinking… 2 s") the label and the whole
// seconds go there at once instead, until the promise settles or the element says something else
// (the game wrote it anew: a new game, say).
export function busy(promise, label = "thinking…", into = null) {
  if (into) return busyInto(promise, label, into);
  const entry = { label, at: performance.now(), shown: false };
  pending.add(entry);
  const show = setTimeout(() => { entry.shown = true; render(); }, DELAY);
  const done = () => { clearTimeout(show); pending.delete(entry); render(); };
  promise.then(done, done);
  return promise;
}

function busyInto(promise, label, node) {
  const at = performance.now();
  let written = null;
  let timer = null;
  const stop = () => { clearInterval(timer); node.classList.remove("thinking"); };
  const write = () => {
    if (written !== null && node.textContent !== written) { stop(); return; }
    written = `${label} ${Math.floor((performance.now() - at) / 1000)} s`;
    node.textContent = written;
  };
  node.classList.add("thinking");
  write();
  timer = setInterval(write, TICK);
  promise.then(stop, stop);
  return promise;
}
