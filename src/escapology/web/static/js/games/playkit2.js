// What the pages of Nemesis, teleport chess and Roma share to be played as games: the history of
// a game with undo and redo, the keys (never while the focus is in a text field), the
// "thinking… N s" line while the solver computes a reply, the legend under a board and the short
// "how to play" text. Not a game's module (main.js never loads it as one).
import { el } from "../svg.js";

// The states of a game, the one shown at `index`: undo and redo move along it, a new move drops
// the states after the one shown.
export class History {
  constructor() { this.items = []; this.index = -1; }
  reset(first) { this.items = [first]; this.index = 0; return first; }
  push(state) { this.items = this.items.slice(0, this.index + 1); this.items.push(state); this.index += 1; return state; }
  get current() { return this.items[this.index] ?? null; }
  get canUndo() { return this.index > 0; }
  get canRedo() { return this.index >= 0 && this.index < this.items.length - 1; }
  undo() { if (this.canUndo) this.index -= 1; return this.current; }
  redo() { if (this.canRedo) this.index += 1; return this.current; }
}

// Whether a key pressed in `target` is the field's own (typing, choosing in a list).
export function inTextField(target) {
  if (!target || !target.tagName) return false;
  const tag = target.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select" || target.isContentEditable) return true;
  if (tag !== "input") return false;
  return !["button", "checkbox", "radio", "submit", "reset", "file", "range", "color"].includes(target.type);
}

// Whether Enter or Space in `target` already does something of its own (a button, a link, ...).
export function activates(target) {
  if (!target || !target.tagName) return false;
  return ["button", "a", "summary", "input", "select", "textarea"].includes(target.tagName.toLowerCase());
}

const listeners = new Map();

// handler(event, what) for the keys pressed while `game`'s page is shown and the focus is not in a
// text field; `what` is "undo" (u, Ctrl+Z), "redo" (r, Ctrl+Y, Ctrl+Shift+Z) or null. Registered
// once per game (setup runs again at every visit of the page). The handler returns true when it
// used the key (its default action is then prevented).
export function onKeys(game, handler) {
  listeners.set(game, handler);
  if (onKeys.installed) return;
  onKeys.installed = true;
  document.addEventListener("keydown", (event) => {
    // the game shown: the address' fragment up to its parameters ("#chess?example=alice.txt")
    const current = listeners.get(location.hash.slice(1).split("?")[0]);
    if (!current || event.defaultPrevented || inTextField(event.target) || event.altKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    let what = null;
    if (event.ctrlKey) {
      if (key === "z") what = event.shiftKey ? "redo" : "undo";
      else if (key === "y") what = "redo";
      else return;
    } else if (key === "u") what = "undo";
    else if (key === "r") what = "redo";
    if (current(event, what)) event.preventDefault();
  });
}

// Show "<label> thinking… N s" in `node` until the returned function is called.
export function thinking(node, label) {
  const started = performance.now();
  const tick = () => {
    node.textContent = `${label} is thinking… ${Math.floor((performance.now() - started) / 1000)} s`;
  };
  node.classList.add("pk-thinking");
  tick();
  const timer = setInterval(tick, 250);
  return () => { clearInterval(timer); node.classList.remove("pk-thinking"); };
}

// A swatch of the legend: a small SVG of the mark, as the board draws it.
function swatch(kind, colour) {
  const svg = el("svg", { viewBox: "0 0 28 18", width: 28, height: 18, "aria-hidden": "true", class: "pk-swatch" });
  const line = (attrs) => el("line", { x1: 2, y1: 9, x2: 26, y2: 9, stroke: colour, "stroke-width": 3, ...attrs }, svg);
  if (kind === "dot") el("circle", { cx: 14, cy: 9, r: 7, fill: colour, stroke: "#333", "stroke-width": 1 }, svg);
  else if (kind === "ring") el("circle", { cx: 14, cy: 9, r: 6.5, fill: "white", stroke: colour, "stroke-width": 3 }, svg);
  else if (kind === "line") line({});
  else if (kind === "dashed") line({ "stroke-dasharray": "5 3" });
  else if (kind === "struck") {
    line({ "stroke-dasharray": "5 3", "stroke-width": 2 });
    el("line", { x1: 10, y1: 3, x2: 18, y2: 15, stroke: colour, "stroke-width": 2.5 }, svg);
    el("line", { x1: 18, y1: 3, x2: 10, y2: 15, stroke: colour, "stroke-width": 2.5 }, svg);
  } else if (kind === "arrow" || kind === "dashed arrow") {
    line({ x2: 19, "stroke-dasharray": kind === "arrow" ? null : "4 3" });
    el("polygon", { points: "26,9 18,4 18,14", fill: colour }, svg);
  } else if (kind === "square") el("rect", { x: 6, y: 1, width: 16, height: 16, fill: colour, stroke: "#bbb" }, svg);
  else if (kind === "box") el("rect", { x: 7, y: 2, width: 14, height: 14, fill: "none", stroke: colour, "stroke-width": 3 }, svg);
  else if (kind === "cursor") el("rect", { x: 7, y: 2, width: 14, height: 14, fill: "none", stroke: colour, "stroke-width": 2.5, "stroke-dasharray": "3 2" }, svg);
  else if (kind.startsWith("text:")) {
    el("text", { x: 14, y: 10, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 13, "font-weight": "bold",
      fill: colour, "font-family": "system-ui, sans-serif", text: kind.slice(5) }, svg);
  }
  return svg;
}

// The legend of a board: [kind, colour, words] entries, as the Python pictures' legends
// (core.svg.with_legend) list them.
export function legend(entries, id) {
  const list = document.createElement("ul");
  list.className = "pk-legend";
  if (id) list.id = id;
  list.setAttribute("aria-label", "legend");
  for (const [kind, colour, words] of entries) {
    const item = document.createElement("li");
    item.appendChild(swatch(kind, colour));
    item.append(words);
    list.appendChild(item);
  }
  return list;
}

// The board (an SVG) with what goes under it: panels side by side (the moves, the legend), then
// the "how to play" text (one node kept across drawings, so that it stays open or closed).
export function boardWith(svg, panels, help, back = null) {
  const wrap = document.createElement("div");
  wrap.className = "pk-board";
  if (back) wrap.appendChild(back);
  const main = document.createElement("div");
  main.className = "pk-board-main";
  main.appendChild(svg);
  wrap.appendChild(main);
  const below = document.createElement("div");
  below.className = "pk-below";
  for (const [title, node] of panels) {
    const panel = document.createElement("section");
    panel.className = "pk-panel";
    const h = document.createElement("h3");
    h.textContent = title;
    panel.append(h, node);
    below.appendChild(panel);
  }
  wrap.appendChild(below);
  if (help) wrap.appendChild(help);
  return wrap;
}

// The button back from the solver's line to the game (one node kept across drawings, hidden
// while the game is shown; not among the page's controls, which are live before an instance).
export function backButton(id, words, act) {
  const node = document.createElement("button");
  node.type = "button";
  node.id = id;
  node.title = "Esc";
  node.textContent = words;
  node.hidden = true;
  node.className = "pk-back";
  node.addEventListener("click", act);
  return node;
}

// The "how to play" text: `html` (a few sentences, then the keys), open at first.
export function help(id, html) {
  const node = document.createElement("details");
  node.className = "pk-help";
  node.id = id;
  node.open = true;
  node.innerHTML = `<summary>How to play</summary>${html}`;
  return node;
}

// The moves of a game as an ordered list (the latest in view).
export function moveList(node, lines) {
  node.replaceChildren(...lines.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  node.scrollTop = node.scrollHeight;
}

const STYLE = `
.pk-game { width: 100%; display: flex; flex-direction: column; gap: .3em; }
.pk-game fieldset { border: 1px solid var(--line); border-radius: 4px; padding: .2em .6em; display: flex; gap: .5em; align-items: center; flex-wrap: wrap; }
.pk-turn { font-weight: 600; min-height: 1.4em; margin: 0; }
.pk-turn.pk-over-good { color: var(--good); }
.pk-turn.pk-over-bad { color: var(--bad); }
.pk-thinking { color: var(--accent); }
.pk-help { font-size: .92em; color: var(--muted); margin: 0; border-top: 1px solid var(--line); padding-top: .3em; }
.pk-help summary { cursor: pointer; color: var(--ink); }
.pk-help p { margin: .2em 0; }
.pk-help kbd, .pk-panel kbd { border: 1px solid #bbb; border-radius: 3px; padding: 0 .25em; background: #f6f6f6; font-size: .9em; }
.pk-back { align-self: flex-start; }
.pk-board { display: flex; flex-direction: column; gap: .5em; width: 100%; align-self: flex-start; }
.pk-board-main { display: flex; justify-content: center; min-width: 0; }
.pk-board-main svg { max-width: 100%; height: auto; }
.pk-below { display: flex; gap: 1.2em; flex-wrap: wrap; font-size: .9em; border-top: 1px solid var(--line); padding-top: .4em; }
.pk-panel { flex: 1 1 200px; min-width: 0; }
.pk-panel h3 { font-size: 1em; margin: 0 0 .2em; }
.pk-moves { margin: 0; padding-left: 1.6em; max-height: 11em; overflow: auto; font-variant-numeric: tabular-nums; }
.pk-moves:empty::before { content: "no move yet"; color: var(--muted); margin-left: -1.6em; }
.pk-legend { list-style: none; margin: 0; padding: 0; }
.pk-legend li { display: flex; align-items: center; gap: .4em; margin: .1em 0; }
.pk-swatch { flex: none; }
svg .clickable[tabindex]:focus { outline: 2px dashed #1f6feb; outline-offset: 3px; }
`;

// The styles of these pages, once.
export function style() {
  if (document.getElementById("pk-style")) return;
  const node = document.createElement("style");
  node.id = "pk-style";
  node.textContent = STYLE;
  document.head.appendChild(node);
}
