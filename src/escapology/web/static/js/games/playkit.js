// What the six game pages share to be played as games (Labyrinth, aMAZEing Labyrinth, Enchanted
// Forest, Nemesis, teleport chess, Roma). Not a game's module: main.js never loads it as one.
//
//   frame(ctx, prefix, {label, build, fit})  the board's frame in ctx.board: the status line above
//                        (#<prefix>-status: whose move it is, how the game ended, who is thinking),
//                        a focusable host for the SVG (#<prefix>-host) and a side panel beside it
//                        (#<prefix>-side, below when the board is wide), built once by build(side)
//   sidePanel(side, prefix, parts)  the side panel's usual parts: the solver's line shown instead of
//                        the game (#<prefix>-viewing, #<prefix>-back, #<prefix>-adopt), the moves
//                        (#<prefix>-moves), the legend (#<prefix>-legend), how to play
//                        (#<prefix>-help) and the keys (#<prefix>-keys-box, #<prefix>-keys)
//   render(host, svg)    put the board in the host, the keyboard focus kept where it was
//   setStatus(status, words, kind)  the status line ("good", "bad" or "" for a game going on)
//   think(ctx, status, who, action, args)  a move of the other side: ctx.play with "<who> is
//                        thinking… N s" in the status line meanwhile (ctx.busy's, not the page's
//                        busy line)
//   answerOnStepper(ctx, answer, labels), keepsGame()  the solver's answer on the stepper, the board
//                        kept on the game until a step is chosen
//   History              the positions of a game: undo, redo, go to one; a new move drops the undone
//   keys(ctx, handler)   the one key listener of the game pages: handler(event, command) for the
//                        keys pressed while ctx's game is shown and the focus is not in a text
//                        field; command is "undo" (u, Ctrl+Z), "redo" (r, Ctrl+Y, Ctrl+Shift+Z) or
//                        null; it returns true when it used the key (then preventDefault(): the
//                        shell's Left/Right stepping, keys.js, leaves such a key alone)
//   onBoard(host), arrowStep(key), activates(target)  the keys' helpers
//   onResize(ctx, redraw)  the board drawn again when the window's size changes
//   page(prefix, spec)     the page object: what the six pages share, from a game's description
//                          (below, at its definition)
//   needInstance(ctx)    whether an instance is loaded, else the shell's "load an instance first"
//   legend(list, entries), moveList(list, items, {done, pick}), keyList(list, rows)
//   button(group, key, label, act, active), hitArea(...), cursorBox(...), TAP, boardWidth(ctx, least)
//
// The rules stay on the server: the pages only keep the positions it answered.
import { el, show } from "../svg.js";
import { parse } from "../link.js";

// The smallest tap target, CSS pixels (WCAG 2.2's target size).
export const TAP = 24;


// The cursor and the focus rings show while the keyboard is in use, not after a click.
let kbd = false;
function keyboardMode(on) {
  kbd = on;
  for (const host of document.querySelectorAll(".pk-host")) host.classList.toggle("pk-kbd", on);
}

// The watch on keyboard or pointer use, once (the styles are static/playkit.css).
let watching = false;
function watchInput() {
  if (watching) return;
  watching = true;
  document.addEventListener("keydown", (e) => { if (e.key !== "Shift" && e.key !== "Control") keyboardMode(true); }, true);
  document.addEventListener("pointerdown", () => keyboardMode(false), true);
}

// The board's frame inside ctx.board, made the first time (the page's setup: the status line asks
// for an instance) and again if the shell cleared the board: {wrap, status, host, side}. `label` names the host (an application for assistive
// technology: it takes the arrow keys); `build(side)` fills the side panel once; `fit` lets the
// SVG shrink to the width there is (else it keeps its size and the host scrolls: the pages that
// size their boards to keep 24 px targets).
export function frame(ctx, prefix, { label, build, fit = false }) {
  watchInput();
  let wrap = ctx.board.querySelector(`:scope > .pk-wrap[data-game="${prefix}"]`);
  if (!wrap) {
    wrap = document.createElement("div");
    wrap.className = "pk-wrap";
    wrap.dataset.game = prefix;
    const status = document.createElement("p");
    status.className = "pk-status";
    status.id = `${prefix}-status`;
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    const host = document.createElement("div");
    host.className = `pk-host${fit ? " pk-fit" : ""}${kbd ? " pk-kbd" : ""}`;
    host.tabIndex = 0;
    host.id = `${prefix}-host`;
    host.setAttribute("role", "application");
    host.setAttribute("aria-label", label);
    const side = document.createElement("aside");
    side.className = "pk-side";
    side.id = `${prefix}-side`;
    wrap.append(status, host, side);
    if (ctx.active !== false) ctx.board.replaceChildren(wrap);  // a page left behind draws into nothing
    setStatus(status, "Load an instance to play: an example, a real instance, a file, pasted text or the generator.");
    if (build) build(side);
  }
  return { wrap, status: wrap.querySelector(".pk-status"), host: wrap.querySelector(".pk-host"), side: wrap.querySelector(".pk-side") };
}

// The side panel's usual parts, each optional, in this order:
//   viewing  {note, back, adopt}: a box shown while the solver's line is on the board instead of
//            the game (#<p>-viewing, hidden at first) with the note, the button back to the game
//            (#<p>-back, its words `back`) and one to play on from there (#<p>-adopt)
//   top      HTML of the page's own (a scoreboard, the turn's choices, ...)
//   moves    the title of the list of moves (#<p>-moves-title, #<p>-moves)
//   legend   true: the legend (#<p>-legend)
//   more     HTML of the page's own, after the legend
//   how      HTML of how to play (#<p>-help, open)
//   keys     the keys (#<p>-keys-box, folded; #<p>-keys): keyList's rows
//   after    HTML of the page's own, at the end
export function sidePanel(side, prefix, { viewing, top, moves, legend: withLegend, more, how, keys: rows, after } = {}) {
  const parts = [];
  if (viewing) {
    parts.push(`<div id="${prefix}-viewing" hidden><p class="pk-note">${viewing.note}</p>
      <button type="button" id="${prefix}-back" title="Esc">${viewing.back}</button>${viewing.adopt
        ? ` <button type="button" id="${prefix}-adopt">${viewing.adopt}</button>` : ""}</div>`);
  }
  if (top) parts.push(top);
  if (moves) parts.push(`<h3 id="${prefix}-moves-title">${moves}</h3><ol id="${prefix}-moves" data-testid="moves"></ol>`);
  if (withLegend) parts.push(`<h3>Legend</h3><ul id="${prefix}-legend" data-testid="legend"></ul>`);
  if (more) parts.push(more);
  if (how) parts.push(`<details id="${prefix}-help" open><summary>How to play</summary>${how}</details>`);
  if (rows) parts.push(`<details id="${prefix}-keys-box"><summary>Keys</summary><ul id="${prefix}-keys"></ul></details>`);
  if (after) parts.push(after);
  side.innerHTML = parts.join("\n");
  if (rows) keyList(side.querySelector(`#${prefix}-keys`), rows);
}

// The width the board may take: beside the side panel when that leaves it `least` pixels, else
// the whole width (the side panel goes below).
export function boardWidth(ctx, least) {
  const style = getComputedStyle(ctx.board);
  const inner = ctx.board.clientWidth - parseFloat(style.paddingLeft || 0) - parseFloat(style.paddingRight || 0);
  const all = Math.max(320, inner || 600);
  return all - 236 >= least ? all - 236 : all;
}

// Put `svg` (an element, or SVG text from the server) in the host, keeping the keyboard focus
// where it was (on the element with the same data-key, else on the host).
export function render(host, svg) {
  const active = document.activeElement;
  const inside = active && host.contains(active);
  const key = inside && active.dataset ? active.dataset.key : null;
  show(host, svg);
  if (!inside) return;
  const again = key ? host.querySelector(`[data-key="${CSS_ESCAPE(key)}"]`) : null;
  (again || host).focus({ preventScroll: true });
}

const CSS_ESCAPE = (s) => (window.CSS && window.CSS.escape ? window.CSS.escape(s) : s);

// The status line: whose move it is or how the game ended (`kind` "good" or "bad"; data-kind says
// "play" while the game goes on).
export function setStatus(status, words, kind = "") {
  if (!status) return;
  status.textContent = words;
  status.className = `pk-status ${kind}`;
  status.dataset.kind = kind || "play";
}

// A move of the other side (the solver, the bot): ctx.play(action, args), the status line saying
// "<who> is thinking… N s" until the answer comes or the page writes the line anew (ctx.busy).
export function think(ctx, status, who, action, args) {
  return ctx.play(action, args, { label: `${who} is thinking…`, into: status });
}

// Whether an instance is loaded; if not, the page says so as the shell does ("load an instance
// first": ctx.requireInstance's refusal), for a button that works without one (data-without-instance)
// but has nothing to do then.
export function needInstance(ctx) {
  try {
    ctx.requireInstance();
    return true;
  } catch (e) {
    ctx.error(e);
    return false;
  }
}

// The solver's answer on the stepper while the board keeps the game (the Nemesis, chess and Roma
// pages: the board stays on your game until you step): the certificate's frames go to
// ctx.showFrames, which draws the first one at once; meanwhile keepsGame() is true, and the page's
// frameShown(ctx, frame, 0) draws the game instead. Returns the frames' answer (or null without a
// certificate): {frames} or the server's {svg}.
let keeping = false;
export async function answerOnStepper(ctx, answer, labels) {
  if (answer.certificate === null || answer.certificate === undefined) return null;
  const shown = await ctx.frames(answer.certificate);
  if (shown.frames) {
    keeping = true;
    try { ctx.showFrames(shown.frames, labels(shown.frames)); } finally { keeping = false; }
  }
  return shown;
}

export function keepsGame() { return keeping; }

// Make an SVG group a button: focusable with Tab, Enter or Space acts, as does a click; `active`
// false leaves it focusable (the page says why nothing happens) but not clickable-looking.
// act(byKey) learns whether a key or a click did it.
export function button(group, key, label, act, active = true) {
  group.setAttribute("tabindex", "0");
  group.setAttribute("role", "button");
  group.setAttribute("aria-label", label);
  group.setAttribute("aria-disabled", active ? "false" : "true");
  group.dataset.key = key;
  group.classList.add(active ? "clickable" : "pk-off");
  el("title", { text: label }, group);
  group.addEventListener("click", (e) => { e.stopPropagation(); act(false); });
  group.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      act(true);
    }
  });
  return group;
}

// A transparent hit area (at least TAP x TAP) centred on (cx, cy), added to `group`.
export function hitArea(group, cx, cy, w, h) {
  const W = Math.max(TAP, w), H = Math.max(TAP, h);
  return el("rect", { x: cx - W / 2, y: cy - H / 2, width: W, height: H, rx: 3, fill: "transparent", class: "pk-hit" }, group);
}

// The keyboard cursor of a board that takes the arrows while it has the focus: a dashed box, shown
// only then (and while the keyboard is in use).
export function cursorBox(svg, x, y, w, h) {
  const g = el("g", { class: "pk-cursor", "pointer-events": "none" }, svg);
  el("rect", { x: x + 1, y: y + 1, width: w - 2, height: h - 2, fill: "none", stroke: "white", "stroke-width": 4 }, g);
  el("rect", { x: x + 1, y: y + 1, width: w - 2, height: h - 2, fill: "none", stroke: "#111", "stroke-width": 2,
    "stroke-dasharray": "4 3" }, g);
  return g;
}

// The positions of a game: entries[0] the start, entries[index] the one shown. A new move after an
// undo drops the undone ones. new History(start), or new History() and reset(start) later.
// onChange, when set, hears every change (the page object's: the link follows the game).
export class History {
  constructor(...start) { this.entries = []; this.index = -1; this.onChange = null; if (start.length) this.reset(start[0]); }
  changed() { if (this.onChange) this.onChange(); }
  reset(start) { this.entries = [start]; this.index = 0; this.changed(); return start; }
  load(entries, index = entries.length - 1) { this.entries = entries; this.index = index; this.changed(); }
  clear() { this.entries = []; this.index = -1; this.changed(); }
  get current() { return this.entries[this.index] ?? null; }
  get moves() { return this.entries.slice(1); }
  get canUndo() { return this.index > 0; }
  get canRedo() { return this.index >= 0 && this.index < this.entries.length - 1; }
  push(entry) { this.entries.length = this.index + 1; this.entries.push(entry); this.index += 1; this.changed(); return entry; }
  undo() { if (!this.canUndo) return false; this.index -= 1; this.changed(); return true; }
  redo() { if (!this.canRedo) return false; this.index += 1; this.changed(); return true; }
  goTo(i) { this.index = Math.max(0, Math.min(this.entries.length - 1, i)); this.changed(); }
}

const TEXT_INPUTS = new Set(["text", "number", "search", "email", "url", "tel", "password"]);

// Whether a key pressed in `target` is the field's own (typing, choosing in a list).
export function inTextField(target) {
  if (!target || !target.tagName) return false;
  const tag = target.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select" || target.isContentEditable) return true;
  return tag === "input" && TEXT_INPUTS.has((target.type || "text").toLowerCase());
}

// Whether Enter or Space in `target` already does something of its own (a button, a link, ...).
export function activates(target) {
  if (!target || !target.tagName) return false;
  return ["button", "a", "summary", "input", "select", "textarea"].includes(target.tagName.toLowerCase())
    || target.getAttribute("role") === "button";
}

// Whether the keyboard's focus is on the board (its host or an element in it).
export function onBoard(host) {
  return !!host && host.contains(document.activeElement);
}

// The arrow keys as a step (di, dj) on the screen: rows down, columns right.
export function arrowStep(key) {
  return { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key] || null;
}

// The game shown: the page's address names it (link.js), while the game's page is shown.
function gameShown() {
  const page = document.getElementById("page");
  return page && !page.hidden ? parse(location.hash).game : null;
}

const handlers = new Map();
let listening = false;

// The handler of `ctx.game`'s keys (setup calls it at every visit of the page: the latest counts).
// One listener on the document for all the pages: it runs before the shell's (keys.js, on the
// window), which steps through a certificate with the arrows unless the game took the key.
export function keys(ctx, handler) {
  handlers.set(ctx.game, handler);
  if (listening) return;
  listening = true;
  document.addEventListener("keydown", (e) => {
    const handle = handlers.get(gameShown());
    if (!handle || e.defaultPrevented || inTextField(e.target)) return;
    const k = e.key;
    let command = null;
    if ((e.ctrlKey || e.metaKey) && !e.altKey) {
      if (k === "z" || k === "Z") command = e.shiftKey ? "redo" : "undo";
      else if (k === "y" || k === "Y") command = "redo";
      else return;  // the browser's
    } else if (e.altKey || e.ctrlKey || e.metaKey) {
      return;
    } else if (k === "u") command = "undo";
    else if (k === "r") command = "redo";
    if (handle(e, command)) e.preventDefault();
  });
}

const redraws = new Map();
let resizeTimer = null;

// redraw() of `ctx.game`'s board when the window's size changes (150 ms after the last change),
// while that game is shown: the pages that size their boards to the width there is. One listener.
export function onResize(ctx, redraw) {
  if (!redraws.size) {
    window.addEventListener("resize", () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => { const again = redraws.get(gameShown()); if (again) again(); }, 150);
    });
  }
  redraws.set(ctx.game, redraw);
}

// A legend: one line per [kind, colour, text]; kinds as the Python pictures' legends (core.svg):
// line, dashed, struck (dashed and crossed), square, dot, ring, box, band, arrow, dashed arrow,
// cursor, text:X.
export function legend(list, entries) {
  list.replaceChildren();
  list.classList.add("pk-legend");
  for (const [kind, colour, words] of entries) {
    const item = document.createElement("li");
    const words_ = document.createElement("span");
    words_.textContent = words;
    item.append(swatch(kind, colour), words_);
    list.appendChild(item);
  }
}

// A swatch of the legend: a small SVG of the mark, as the board draws it.
function swatch(kind, colour) {
  const svg = el("svg", { width: 28, height: 18, viewBox: "0 0 28 18", "aria-hidden": "true" });
  const line = (attrs) => el("line", { x1: 2, y1: 9, x2: 26, y2: 9, stroke: colour, "stroke-width": 3.5, ...attrs }, svg);
  if (kind === "line") line({});
  else if (kind === "dashed") line({ "stroke-dasharray": "5 3" });
  else if (kind === "struck") {
    line({ "stroke-dasharray": "5 3", "stroke-width": 2 });
    el("line", { x1: 10, y1: 3, x2: 18, y2: 15, stroke: colour, "stroke-width": 2.5 }, svg);
    el("line", { x1: 18, y1: 3, x2: 10, y2: 15, stroke: colour, "stroke-width": 2.5 }, svg);
  } else if (kind === "arrow" || kind === "dashed arrow") {
    line({ x2: 19, "stroke-width": 2.5, "stroke-dasharray": kind === "arrow" ? null : "4 3" });
    el("polygon", { points: "26,9 18,4 18,14", fill: colour }, svg);
  } else if (kind === "square") {
    el("rect", { x: 6, y: 1, width: 16, height: 16, fill: colour, stroke: "#999", "stroke-width": 0.6 }, svg);
  } else if (kind === "dot") {
    el("circle", { cx: 14, cy: 9, r: 6.5, fill: colour, stroke: "#555", "stroke-width": 0.8 }, svg);
  } else if (kind === "ring") {
    el("circle", { cx: 14, cy: 9, r: 6.5, fill: "white", stroke: colour, "stroke-width": 2.5 }, svg);
  } else if (kind === "box") {
    el("rect", { x: 7, y: 2, width: 14, height: 14, fill: "none", stroke: colour, "stroke-width": 2.5 }, svg);
  } else if (kind === "band") {
    el("rect", { x: 1, y: 5, width: 26, height: 8, fill: colour, "fill-opacity": 0.45 }, svg);
  } else if (kind === "cursor") {
    el("rect", { x: 7, y: 2, width: 14, height: 14, fill: "none", stroke: colour, "stroke-width": 2, "stroke-dasharray": "3 2" }, svg);
  } else if (kind.startsWith("text:")) {
    el("text", { x: 14, y: 10, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 13, "font-weight": "bold",
      fill: colour, "font-family": "system-ui, sans-serif", text: kind.slice(5) }, svg);
  }
  return svg;
}

// The list of moves: `items` the moves' texts; `done` how many of them are on the board (the rest
// can be redone: greyed), all by default; with `pick(k)`, clicking a move goes back (or forward)
// to the position after it. The move shown last is scrolled into view.
export function moveList(list, items, { done = items.length, pick = null } = {}) {
  list.replaceChildren();
  list.classList.add("pk-moves");
  list.classList.toggle("pk-pick", !!pick);
  items.forEach((words, i) => {
    const item = document.createElement("li");
    item.textContent = words;
    if (i === done - 1 && pick) item.className = "now";
    else if (i >= done) item.className = "undone";
    if (pick) {
      item.title = i < done ? "go back to the position after this move" : "redo up to this move";
      item.addEventListener("click", () => pick(i + 1));
    }
    list.appendChild(item);
  });
  const last = list.children[done - 1];  // into the list's view (the page itself does not scroll)
  if (!last) return;
  const box = list.getBoundingClientRect(), item = last.getBoundingClientRect();
  if (item.bottom > box.bottom) list.scrollTop += item.bottom - box.bottom;
  else if (item.top < box.top) list.scrollTop -= box.top - item.top;
}

// The keys, as list items: [[keys, what], ...], keys written "u|Ctrl+Z".
export function keyList(list, rows) {
  list.replaceChildren();
  list.classList.add("pk-keys");
  for (const [keys_, what] of rows) {
    const item = document.createElement("li");
    keys_.split("|").forEach((k, i) => {
      if (i) item.append(" or ");
      const kbd_ = document.createElement("kbd");
      kbd_.textContent = k;
      item.appendChild(kbd_);
    });
    item.append(`: ${what}`);
    list.appendChild(item);
  }
}

// ----- the page object ---------------------------------------------------------------------------
//
// What every game's page repeats, written once: page(prefix, spec) makes it from the game's
// description, and the game's module exports its hooks for main.js:
//   const game = pk.page("lab", {...});
//   export const { setup, loaded, draw, frameShown, answered, position, restore } = game.hooks();
// The page object owns the frame (pk.frame, pk.sidePanel), the buttons undo, redo and restart,
// the keys (pk.keys: undo, redo, Esc, the board's cursor), the redraw on resize, the switch
// between the game and a state of the solver's line shown by the stepper (`viewing`: a solve's
// answer goes on the stepper and the board stays on the game until a step is chosen; back()
// returns), the game's history (`history`; undo, redo, goTo, a new game: start), the requests of a
// move (`ask`: busy meanwhile, the answer to an earlier game dropped), the status line and the
// buttons at every render(), the game's position in the page's link (position/restore), and the
// loaded instance's state (`base`, null before one).
// The game's module keeps what is its own:
//   prefix                 (page's first argument) the frame's ids: #<prefix>-status, -host, ...
//   label, fit             the board's name for assistive technology, whether it shrinks
//   controls, buttons      the controls' HTML, where "{history}" stands for the page's buttons
//                          undo, redo and restart (back to the start; #<prefix>-undo, -redo,
//                          -restart; their titles name a move `move`, "move" by default), and the
//                          handlers of its other buttons by name ({new: f} for #<prefix>-new),
//                          wired at every visit
//   top, more, how, after, keyRows  the side panel's parts (pk.sidePanel: how to play, as text
//                          or HTML); the box of the solver's line, the moves and the legend are
//                          always there, and keyRows, the game's own keys, are followed by the
//                          cursor's and the page's (undo, redo, Esc)
//   line, lineNote         what the solver's answer is on this page's stepper ("plan", "witness",
//                          ...): the box shown while a step of it is on the board says so (with
//                          lineNote), and so do the status line (viewStatus's default), the
//                          refusal of a move meanwhile (refused) and the Esc key's row
//   setup()                its own controls wired, at every visit of the page
//   loaded(info)           an instance is loaded: its game's start (page.start(entry) or none)
//   game()                 the state of the game to draw (null: nothing to draw)
//   board(state, mine)     draw `state` into page.host with its side panel; `mine`: it is the
//                          game's (else a state of the solver's line)
//   status(state), viewStatus(state)  the status line for the game's state and for one of the
//                          solver's line: [words, kind], or null to leave it as it is
//   labels(frames)         the stepper's names of the solver's line (the module's labels)
//   frameShown(frame, index)  a step of the solver's line is shown (its message)
//   keys(event)            its own keys (letters, numbers): true when it took the key
//   cursor                 the board's cursor: {move(step), shift(step), act(), always, ready(),
//                          words}; the arrows move it (with Shift: shift(step)) and Enter or Space
//                          acts, while the board has the focus, or (always) while the game is
//                          shown; its keys are listed from words: {move: where it goes, act: what
//                          Enter does, shift: [[keys, words], ...]}
//   adopt()                "play on from this step" (#<prefix>-adopt), when the game can
//   arrived(what)          the history went elsewhere ("undo", "redo", "goto", "restore"): the
//                          turn's own state anew; the message to show, or undefined: the end's
//   undo(), canUndo()      a step back of its own before the history's (true: it was taken)
//   fresh()                the game anew from its start (after a link's position that does not fit)
//   moves                  its moves in the link (below)
//
// The position in the link (main.js writes position() into pos= and calls restore(data) when a
// link is opened): {o, a, m, i, x}, each part left out when empty
//   o  the game's options (moves.options(): the side played, the variant, the dice, ...)
//   a  the opening's code: the other side's first move, made before yours (a Nemesis or chess game)
//   m  each move's code (moves.encode(entry, before)), both sides' moves, in order
//   i  the position shown, when moves were undone (the ones after it can be redone)
//   x  the turn in progress (moves.extra(): the dice rolled, the spare inserted)
// restore(data) rebuilds the history from the start (moves.start(o)) move by move
// (moves.decode(before, code), or moves.decodeAll(start, codes) at once) and shows the position;
// a position that does not fit the game says why and leaves the game at its start.
export function page(prefix, spec) {
  return new Page(prefix, spec);
}

class Page {
  constructor(prefix, spec) {
    this.spec = spec;
    this.prefix = prefix;
    this.ctx = null;
    this.base = null;     // the loaded instance's state
    this.history = new History();
    this.history.onChange = () => { if (this.ctx) this.ctx.setPosition(); };
    this.viewing = null;  // the state of the solver's line shown instead of the game
    this.busy = false;    // a move's request is out: no other move, undo or redo meanwhile
    this.epoch = 0;       // the game's number: an answer to an earlier game is dropped
    this.shown = null;    // the state drawn last
  }

  // What main.js calls (the game's module exports them).
  hooks() {
    return {
      setup: (ctx) => this.setup(ctx),
      loaded: (ctx, info) => this.loaded(ctx, info),
      draw: (ctx, state) => this.draw(ctx, state),
      frameShown: (ctx, frame, index) => { if (!keepsGame() && this.spec.frameShown) this.spec.frameShown(frame, index); },
      answered: (ctx, answer) => this.answered(ctx, answer),
      position: () => this.position(),
      restore: (ctx, data) => this.restore(ctx, data),
    };
  }

  el(name) { return document.getElementById(`${this.prefix}-${name}`); }
  get frame() {
    const { label, fit } = this.spec;
    return frame(this.ctx, this.prefix, { label, fit, build: (side) => this.buildSide(side) });
  }
  get host() { return this.frame.host; }

  buildSide(side) {
    const { line, lineNote, adopt, top, more, how = "", after, keyRows = [] } = this.spec;
    const viewing = { note: `You are looking at the solver's ${line}${lineNote ? ` ${lineNote}` : ""}.`, back: "back to the game",
      adopt: adopt ? "play on from this step" : null };
    // the keys every game's page takes (Page.key), after the game's own and its cursor's
    const keys = [...keyRows, ...this.cursorRows(), ["u|Ctrl+Z", "undo"], ["r|Ctrl+Y", "redo"], ["Esc", `back to the game from the solver's ${line}`]];
    sidePanel(side, this.prefix, { viewing, top, moves: "Moves", legend: true, more, how: how.startsWith("<") ? how : `<p>${how}</p>`, keys, after });
    side.querySelector(`#${this.prefix}-back`).onclick = () => this.back();
    if (adopt) side.querySelector(`#${this.prefix}-adopt`).onclick = adopt;
  }

  // The cursor's keys, in the words of the game (spec.cursor.words).
  cursorRows() {
    const c = this.spec.cursor;
    if (!c) return [];
    const where = c.always ? "while your game is on the board" : "while the board has the focus";
    return [["←|→|↑|↓", `move the cursor${c.words.move ? ` ${c.words.move}` : ""} (${where})`], ["Enter|Space", c.words.act], ...(c.words.shift || [])];
  }

  // The controls' HTML with the page's buttons undo, redo and restart in the place of "{history}".
  controls() {
    const p = this.prefix, move = this.spec.move || "move";
    return this.spec.controls.replace("{history}", `<button type="button" id="${p}-undo" title="take back the last ${move} (u, Ctrl+Z)">undo</button>
      <button type="button" id="${p}-redo" title="redo the ${move} taken back (r, Ctrl+Y)">redo</button>
      <button type="button" id="${p}-restart" title="back to the start (redo goes forward again)">restart</button>`);
  }

  setup(ctx) {
    this.ctx = ctx;
    this.base = null;
    this.history.clear();
    this.viewing = null;
    this.busy = false;
    this.shown = null;  // nothing drawn yet on this visit (a resize draws nothing)
    this.epoch += 1;
    ctx.controls.innerHTML = this.controls();
    this.frame;  // the status line and the side panel are there before an instance is
    const buttons = { ...this.spec.buttons, undo: () => this.undo(), redo: () => this.redo(), restart: () => this.goTo(0) };
    for (const [name, act] of Object.entries(buttons)) this.el(name).onclick = act;
    keys(ctx, (event, command) => this.key(event, command));
    onResize(ctx, () => { if (this.shown) this.render(); });
    if (this.spec.setup) this.spec.setup();
  }

  loaded(ctx, info) {
    this.ctx = ctx;
    this.base = info.state;
    this.viewing = null;
    this.busy = false;
    this.epoch += 1;
    this.spec.loaded(info);
  }

  // The shell shows a state: one of the solver's line (a step of the stepper), or the loaded
  // instance's before loaded(); while keepsGame() the game stays.
  draw(ctx, state) {
    this.ctx = ctx;
    this.viewing = keepsGame() ? null : state;
    this.render();
  }

  async answered(ctx, answer) {
    const shown = await answerOnStepper(ctx, answer, this.spec.labels);
    if (shown && shown.svg) render(this.host, shown.svg);
  }

  // The board, the status line and the undo and redo buttons, of the game or of the state viewed.
  render() {
    if (!this.ctx || !this.ctx.active) return;  // a page left behind draws nothing
    const mine = !this.viewing;
    const state = this.viewing || this.spec.game();
    if (!state) return;
    this.shown = state;
    const { status } = this.frame;
    const box = this.el("viewing");
    if (box) box.hidden = mine;
    this.spec.board(state, mine);
    const said = mine ? this.spec.status(state) : this.viewStatus(state);
    if (said) setStatus(status, said[0], said[1]);
    const h = this.history;
    this.el("undo").disabled = this.busy || !(this.viewing || h.canUndo || (this.spec.canUndo && this.spec.canUndo()));
    this.el("redo").disabled = this.busy || !!this.viewing || !h.canRedo;
    this.el("restart").disabled = this.busy || !h.canUndo;
  }

  setStatus(words, kind) { setStatus(this.frame.status, words, kind); }

  viewStatus(state) {
    if (this.spec.viewStatus) return this.spec.viewStatus(state);
    return [`the solver's ${this.spec.line} (the stepper below); Esc or 'back to the game' returns to your game`, ""];
  }

  // Whether a move is refused because a step of the solver's line is on the board (then it says so).
  refused(what) {
    if (!this.viewing) return false;
    const adopt = this.spec.adopt ? ", or play on from this step" : "";
    this.ctx.message(`you are looking at the solver's ${this.spec.line}: go back to your game (Esc${adopt}) to ${what}`, "bad");
    return true;
  }

  // The game's end (the history's entry's `over`: {text, good}) in the message line, or nothing.
  announce() {
    const s = this.history.current;
    if (s && s.over) this.ctx.message(s.over.text, s.over.good === false ? "bad" : "good");
    else this.ctx.message("");
  }

  back() {
    this.viewing = null;
    this.ctx.message("");
    this.render();
  }

  // A new game from `entry` (null: no game): the answers still on their way to the game before
  // are dropped.
  start(entry) {
    this.epoch += 1;
    this.busy = false;
    this.viewing = null;
    if (entry === null) this.history.clear(); else this.history.reset(entry);
  }

  // A move's request (`request()` a promise): busy while it is out; its answer, or null when it
  // failed (the error shown) or when it belongs to a game before (a new game, another instance).
  async ask(request) {
    const mine = this.epoch;
    this.busy = true;
    this.render();
    try {
      const answer = await request();
      return mine === this.epoch ? answer : null;
    } catch (e) {
      if (mine === this.epoch) this.ctx.error(e);
      return null;
    } finally {
      if (mine === this.epoch) this.busy = false;
    }
  }

  undo() {
    if (!this.history.current) return;
    if (this.viewing) { this.back(); return; }
    if (this.spec.undo && this.spec.undo()) return;
    if (this.busy) return;
    if (this.history.undo()) this.arrive("undo");
    else this.ctx.message("nothing to undo");
  }

  redo() {
    if (!this.history.current || this.viewing || this.busy) return;
    if (this.history.redo()) this.arrive("redo");
    else this.ctx.message("nothing to redo");
  }

  goTo(k) {
    if (!this.history.current || this.busy) return;
    this.history.goTo(k);
    this.arrive("goto");
  }

  // The history went elsewhere: the game's own state of the turn anew, drawn, and said.
  arrive(what) {
    this.viewing = null;
    const said = this.spec.arrived ? this.spec.arrived(what) : undefined;
    this.render();
    if (said === undefined) this.announce();
    else this.ctx.message(said);
  }

  key(event, command) {
    if (command === "undo") { this.undo(); return true; }
    if (command === "redo") { this.redo(); return true; }
    if (event.key === "Escape" && this.viewing) { this.back(); return true; }
    if (this.spec.keys && this.spec.keys(event)) return true;
    const c = this.spec.cursor;
    if (!c || !this.shown || (c.ready && !c.ready())) return false;
    const here = c.always ? !this.viewing : onBoard(this.host);
    const step = arrowStep(event.key);
    if (step && here) {
      if (event.shiftKey && c.shift) c.shift(step); else c.move(step);
      return true;
    }
    if ((event.key === "Enter" || event.key === " ") && (c.always || here) && !activates(event.target)) { c.act(); return true; }
    return false;
  }

  // ---- the position in the link

  position() {
    const m = this.spec.moves, h = this.history;
    if (!m || !h.current) return null;
    const out = {};
    const o = m.options ? m.options() : null;
    if (o && Object.keys(o).length) out.o = o;
    const opening = m.encode(h.entries[0], null);
    if (opening !== null && opening !== undefined) out.a = opening;
    if (h.entries.length > 1) out.m = h.entries.slice(1).map((e, k) => m.encode(e, h.entries[k]));
    if (h.index < h.entries.length - 1) out.i = h.index;
    const x = m.extra ? m.extra() : null;
    if (x !== null && x !== undefined) out.x = x;
    return Object.keys(out).length ? out : null;
  }

  async restore(ctx, data) {
    this.ctx = ctx;
    const m = this.spec.moves;
    const mine = ++this.epoch;  // what the start of the game asked is dropped
    this.busy = true;
    try {
      const d = checkedPosition(data);
      let entry = await m.start(d.o || {});
      if (d.a !== undefined) entry = await m.decode(entry, d.a);
      const codes = d.m || [];
      let entries = [entry];
      if (m.decodeAll) entries = await m.decodeAll(entry, codes);
      else for (const code of codes) entries.push(await m.decode(entries[entries.length - 1], code));
      if (mine !== this.epoch) return;
      this.busy = false;
      this.history.load(entries, d.i ?? entries.length - 1);
      this.arrive("restore");
      if (d.x !== undefined && m.resume) await m.resume(d.x);
    } catch (e) {
      if (mine !== this.epoch) return;
      this.busy = false;
      this.viewing = null;
      this.spec.fresh();
      ctx.message(`this link's game position does not fit (${e.message}): the game starts from its beginning`, "bad");
    }
  }
}

// A link's position as page.restore reads it ({o, a, m, i, x}), or an error saying what is wrong.
function checkedPosition(data) {
  const object = (v) => !!v && typeof v === "object" && !Array.isArray(v);
  if (!object(data)) throw new Error("it is not an object");
  const unknown = Object.keys(data).filter((k) => !"oamix".includes(k) || k.length !== 1);
  if (unknown.length) throw new Error(`it has unknown parts: ${unknown.join(", ")}`);
  if (data.o !== undefined && !object(data.o)) throw new Error("its options (o) are not an object");
  if (data.m !== undefined && !Array.isArray(data.m)) throw new Error("its moves (m) are not a list");
  const n = (data.m || []).length;
  if (data.i !== undefined && !(Number.isInteger(data.i) && data.i >= 0 && data.i <= n)) {
    throw new Error(`the position shown (i) is not one of 0..${n}`);
  }
  return data;
}

