// What the pages of Labyrinth, aMAZEing Labyrinth and Enchanted Forest share to be played as games:
// the board with a side panel (whose move it is, the moves made, the legend, how to play and the
// keys), undo/redo over a history of positions, keyboard control (a cursor on the board, Enter or
// Space acts; u/r or Ctrl+Z/Ctrl+Y undo and redo) and push/shift arrows that are buttons of at
// least 24x24 px. The rules stay on the server: the pages only keep the positions it answered.
import { el } from "../svg.js";

// The smallest tap target, CSS pixels.
export const TAP = 24;

const STYLE = `
.pk-wrap { display: flex; flex-wrap: wrap; gap: .8em; align-items: flex-start; justify-content: flex-start; width: 100%; }
.pk-host { flex: 0 1 auto; max-width: 100%; overflow: auto; outline: none; border-radius: 4px; }
.pk-host:focus-visible, .pk-host:focus { box-shadow: 0 0 0 2px #1f6feb55; }
.pk-host svg { max-width: none !important; display: block; }
.pk-host:not(:focus-within) .pk-cursor, .pk-host:not(.pk-kbd) .pk-cursor { display: none; }
.pk-host:not(.pk-kbd) { box-shadow: none !important; }
.pk-host [data-key] { outline: none; }
.pk-host.pk-kbd [data-key]:focus .pk-hit { stroke: #111; stroke-width: 2; stroke-dasharray: 3 2; }
.pk-host .pk-off { cursor: default; }
.pk-side { flex: 1 1 200px; min-width: 200px; font-size: 13px; line-height: 1.35; }
.pk-side h3 { font-size: 1em; margin: .7em 0 .25em; }
.pk-wrap > .pk-status { flex: 1 1 100%; font-size: 14px; }
.pk-status { font-weight: 600; padding: .35em .5em; border-radius: 4px; background: #f1efe8; }
.pk-status.good { background: #e3f4e6; color: #1e7b34; }
.pk-status.bad { background: #fdecea; color: #c0392b; }
.pk-moves { margin: 0; padding-left: 2.2em; max-height: 14em; overflow: auto; font-variant-numeric: tabular-nums; }
.pk-moves li { cursor: pointer; padding: 0 .2em; border-radius: 3px; }
.pk-moves li:hover { background: #eef3fb; }
.pk-moves li.now { background: #dde8fb; font-weight: 600; }
.pk-moves li.undone { color: #999; }
.pk-moves:empty::before { content: "none yet"; color: #888; margin-left: -2.2em; }
.pk-legend { list-style: none; margin: 0; padding: 0; columns: 2 240px; column-gap: 1.2em; }
.pk-legend li { break-inside: avoid; }
.pk-legend li { display: flex; align-items: center; gap: .45em; margin: .1em 0; }
.pk-legend svg { flex: none; }
.pk-side details { margin: .5em 0; }
.pk-side summary { cursor: pointer; font-weight: 600; }
.pk-side p { margin: .3em 0; }
.pk-keys { margin: .2em 0; padding-left: 1.2em; }
.pk-keys kbd { font: 11px ui-monospace, monospace; border: 1px solid #bbb; border-bottom-width: 2px; border-radius: 3px; padding: 0 .25em; background: #fafafa; }
.pk-note { color: #666; font-size: .9em; }
.pk-options { display: flex; flex-wrap: wrap; gap: .25em; }
.pk-options button { padding: .1em .4em; font-size: 12px; }
.pk-options button.best { border-color: #f39c12; background: #fff3df; }
.pk-score { border-collapse: collapse; width: 100%; }
.pk-score th, .pk-score td { text-align: left; padding: .1em .3em; border-bottom: 1px solid #eee; }
.pk-score tr.now { background: #eef3fb; }
`;

// The cursor and the focus rings show while the keyboard is in use, not after a click.
let kbd = false;
function keyboardMode(on) {
  kbd = on;
  for (const host of document.querySelectorAll(".pk-host")) host.classList.toggle("pk-kbd", on);
}

export function injectStyle() {
  if (document.getElementById("playkit-style")) return;
  document.addEventListener("keydown", (e) => { if (e.key !== "Shift" && e.key !== "Control") keyboardMode(true); }, true);
  document.addEventListener("pointerdown", () => keyboardMode(false), true);
  const style = document.createElement("style");
  style.id = "playkit-style";
  style.textContent = STYLE;
  document.head.appendChild(style);
}

// The board's frame inside ctx.board: the status line above (#<id>-status), a focusable host for
// the SVG and a side panel beside it (below when the board is too wide). `build(side)` fills the
// side panel the first time.
export function frame(ctx, id, label, build) {
  injectStyle();
  let wrap = ctx.board.querySelector(`:scope > .pk-wrap[data-game="${id}"]`);
  if (!wrap) {
    wrap = document.createElement("div");
    wrap.className = "pk-wrap";
    wrap.dataset.game = id;
    const host = document.createElement("div");
    host.className = kbd ? "pk-host pk-kbd" : "pk-host";
    host.tabIndex = 0;
    host.id = `${id}-host`;
    host.setAttribute("role", "application");
    host.setAttribute("aria-label", label);
    const side = document.createElement("aside");
    side.className = "pk-side";
    side.id = `${id}-side`;
    const status = document.createElement("div");  // whose move it is, or how the game ended
    status.className = "pk-status";
    status.id = `${id}-status`;
    status.setAttribute("role", "status");
    status.dataset.testid = "status";
    wrap.append(status, host, side);
    ctx.board.replaceChildren(wrap);
    build(side);
  }
  return { wrap, host: wrap.querySelector(".pk-host"), side: wrap.querySelector(".pk-side") };
}

// The width the board may take: beside the side panel when that leaves it `least` pixels, else
// the whole width (the side panel goes below).
export function boardWidth(ctx, least) {
  const style = getComputedStyle(ctx.board);
  const inner = ctx.board.clientWidth - parseFloat(style.paddingLeft || 0) - parseFloat(style.paddingRight || 0);
  const all = Math.max(320, inner || 600);
  return all - 236 >= least ? all - 236 : all;
}

// Put `svg` in the host, keeping the keyboard focus where it was (on the element with the same
// data-key, else on the host).
export function render(host, svg) {
  const active = document.activeElement;
  const inside = active && host.contains(active);
  const key = inside && active.dataset ? active.dataset.key : null;
  host.replaceChildren(svg);
  if (!inside) return;
  const again = key ? host.querySelector(`[data-key="${CSS_ESCAPE(key)}"]`) : null;
  (again || host).focus({ preventScroll: true });
}

const CSS_ESCAPE = (s) => (window.CSS && window.CSS.escape ? window.CSS.escape(s) : s);

// Make an SVG group a button: focusable with Tab, Enter or Space acts, as does a click; `active`
// false leaves it focusable (the side panel says why nothing happens) but not clickable-looking.
export function button(group, key, label, act, active = true) {
  group.setAttribute("tabindex", "0");
  group.setAttribute("role", "button");
  group.setAttribute("aria-label", label);
  group.setAttribute("aria-disabled", active ? "false" : "true");
  group.dataset.key = key;
  group.classList.add(active ? "clickable" : "pk-off");
  el("title", { text: label }, group);
  group.addEventListener("click", (e) => { e.stopPropagation(); act(); });
  group.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      act();
    }
  });
  return group;
}

// A transparent hit area (at least TAP x TAP) centred on (cx, cy), added to `group`.
export function hitArea(group, cx, cy, w, h) {
  const W = Math.max(TAP, w), H = Math.max(TAP, h);
  return el("rect", { x: cx - W / 2, y: cy - H / 2, width: W, height: H, rx: 3, fill: "transparent", class: "pk-hit" }, group);
}

// The keyboard cursor: a dashed box, shown only while the board has the focus.
export function cursorBox(svg, x, y, w, h) {
  const g = el("g", { class: "pk-cursor", "pointer-events": "none" }, svg);
  el("rect", { x: x + 1, y: y + 1, width: w - 2, height: h - 2, fill: "none", stroke: "white", "stroke-width": 4 }, g);
  el("rect", { x: x + 1, y: y + 1, width: w - 2, height: h - 2, fill: "none", stroke: "#111", "stroke-width": 2,
    "stroke-dasharray": "4 3" }, g);
  return g;
}

// Undo and redo over positions: entries[0] is the start, entries[index] the position shown.
export class History {
  constructor(start) { this.entries = [start]; this.index = 0; }
  get current() { return this.entries[this.index]; }
  get moves() { return this.entries.slice(1); }
  get canUndo() { return this.index > 0; }
  get canRedo() { return this.index < this.entries.length - 1; }
  push(entry) { this.entries.length = this.index + 1; this.entries.push(entry); this.index += 1; return entry; }
  undo() { if (!this.canUndo) return false; this.index -= 1; return true; }
  redo() { if (!this.canRedo) return false; this.index += 1; return true; }
  goTo(i) { this.index = Math.max(0, Math.min(this.entries.length - 1, i)); }
}

const TEXT_INPUTS = new Set(["text", "number", "search", "email", "url", "tel", "password"]);

function inTextField(target) {
  if (!target || !target.tagName) return false;
  const tag = target.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select" || target.isContentEditable) return true;
  return tag === "input" && TEXT_INPUTS.has((target.type || "text").toLowerCase());
}

// One keydown listener for the page while `isActive()`: `handle(event, command)` gets "undo" for
// u / Ctrl+Z, "redo" for r / Ctrl+Y / Ctrl+Shift+Z, else null; it returns true when it used the
// key. Keys typed into a text field are left alone.
export function listenKeys(isActive, handle) {
  document.addEventListener("keydown", (e) => {
    if (!isActive() || inTextField(e.target) || e.defaultPrevented) return;
    const k = e.key;
    let command = null;
    if ((e.ctrlKey || e.metaKey) && !e.altKey) {
      if (k === "z" || k === "Z") command = e.shiftKey ? "redo" : "undo";
      else if (k === "y" || k === "Y") command = "redo";
      else return;
    } else if (e.altKey || e.ctrlKey || e.metaKey) {
      return;
    } else if (k === "u") command = "undo";
    else if (k === "r") command = "redo";
    if (handle(e, command)) e.preventDefault();
  });
}

// The arrow keys as a step (di, dj) on the screen: rows down, columns right.
export function arrowStep(key) {
  return { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key] || null;
}

// A legend: one line per [kind, colour, text]; kinds as the Python pictures' legends (core.svg):
// line, dashed, square, dot, ring, box, band, arrow, cursor, text:X.
export function legend(list, entries) {
  list.replaceChildren();
  list.classList.add("pk-legend");
  for (const [kind, colour, words] of entries) {
    const item = document.createElement("li");
    const svg = el("svg", { width: 22, height: 16, viewBox: "0 0 22 16", "aria-hidden": "true" });
    if (kind === "line" || kind === "dashed") {
      el("line", { x1: 2, y1: 8, x2: 20, y2: 8, stroke: colour, "stroke-width": 3.5,
        "stroke-dasharray": kind === "dashed" ? "4 3" : null }, svg);
    } else if (kind === "square") {
      el("rect", { x: 3, y: 1, width: 14, height: 14, fill: colour, stroke: "#999", "stroke-width": 0.6 }, svg);
    } else if (kind === "dot") {
      el("circle", { cx: 11, cy: 8, r: 5.5, fill: colour, stroke: "#555", "stroke-width": 0.6 }, svg);
    } else if (kind === "ring") {
      el("circle", { cx: 11, cy: 8, r: 5.5, fill: "none", stroke: colour, "stroke-width": 2.5 }, svg);
    } else if (kind === "box") {
      el("rect", { x: 4, y: 1.5, width: 13, height: 13, fill: "none", stroke: colour, "stroke-width": 2 }, svg);
    } else if (kind === "band") {
      el("rect", { x: 1, y: 4, width: 20, height: 8, fill: colour, "fill-opacity": 0.45 }, svg);
    } else if (kind === "arrow") {
      el("line", { x1: 2, y1: 8, x2: 14, y2: 8, stroke: colour, "stroke-width": 2 }, svg);
      el("polygon", { points: "20,8 13,4 13,12", fill: colour }, svg);
    } else if (kind === "cursor") {
      el("rect", { x: 3, y: 1, width: 15, height: 14, fill: "none", stroke: "#111", "stroke-width": 1.6, "stroke-dasharray": "3 2" }, svg);
    } else if (kind.startsWith("text:")) {
      el("text", { x: 11, y: 12.5, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: colour,
        "font-family": "system-ui, sans-serif", text: kind.slice(5) }, svg);
    }
    const words_ = document.createElement("span");
    words_.textContent = words;
    item.append(svg, words_);
    list.appendChild(item);
  }
}

// The list of moves: `items` the moves' texts, `done` how many of them are on the board (the rest
// can be redone); clicking a move goes back (or forward) to the position after it.
export function moveList(list, items, done, pick) {
  list.replaceChildren();
  list.classList.add("pk-moves");
  items.forEach((words, i) => {
    const item = document.createElement("li");
    item.textContent = words;
    if (i === done - 1) item.className = "now";
    else if (i >= done) item.className = "undone";
    item.title = i < done ? "go back to the position after this move" : "redo up to this move";
    item.addEventListener("click", () => pick(i + 1));
    list.appendChild(item);
  });
  const now = list.querySelector(".now");
  if (now && now.scrollIntoView) now.scrollIntoView({ block: "nearest" });
}

export function setStatus(box, words, kind = "") {
  box.textContent = words;
  box.className = `pk-status ${kind}`;
  box.dataset.kind = kind || "play";
}

// The keys, as list items: [[keys, what], ...], keys written "u|Ctrl+Z".
export function keyList(list, rows) {
  list.replaceChildren();
  list.classList.add("pk-keys");
  for (const [keys, what] of rows) {
    const item = document.createElement("li");
    keys.split("|").forEach((k, i) => {
      if (i) item.append(" or ");
      const kbd = document.createElement("kbd");
      kbd.textContent = k;
      item.appendChild(kbd);
    });
    item.append(`: ${what}`);
    list.appendChild(item);
  }
}
