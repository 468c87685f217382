// Teleport chess: a game against the solver (Alice or Bob: one turn each, move by move, with the
// board's coordinates, both pieces' reach and moves, whose turn it is, the moves, undo and redo,
// and the end); a position set up by clicking, the verdict following; the solver's witness step by
// step. Every move can be made with the keyboard: the arrow keys move a cursor, Enter or Space
// plays the field under it, T teleports, E ends the turn.
import { arrow, axisLabels, cellName, el, svgRoot, text } from "../svg.js";
import * as pk from "./playkit.js";

// the Python pictures' colours (chess.drawing)
const ALICE = "#2060d0", BOB = "#c02020", BOB_REACH = "#e05050", SAFE = "#109030", CHOOSE = "#1e9e3e", CURSOR = "#1f6feb";
const NAME = { alice: "Alice", bob: "Bob" };
const OTHER = { alice: "bob", bob: "alice" };

let base = null;                  // the loaded position (state of the server)
let history = new pk.History();   // the game's states, one per action of yours
let viewing = null;               // a frame of the solver's witness shown instead of the game
let busy = false;
let epoch = 0;
let teleporting = false;          // the next field chosen is a teleport's
let cursor = null;                // [x, y] of the keyboard's cursor

const $ = (id) => document.getElementById(id);
const same = (f, g) => !!f && !!g && f[0] === g[0] && f[1] === g[1];
const vec = (v) => `(${v[0]}, ${v[1]})`;

export function setup(ctx) {
  ctx.controls.innerHTML = `<fieldset><legend>Play against the solver</legend>
      <label>you are <select id="chess-side"><option value="alice">Alice (she moves first)</option>
        <option value="bob">Bob</option></select></label>
      <button type="button" id="chess-new" title="n">new game</button>
      <button type="button" id="chess-undo" title="u or Ctrl+Z">undo</button>
      <button type="button" id="chess-redo" title="r or Ctrl+Y">redo</button>
      <button type="button" id="chess-teleport" title="t" aria-pressed="false">teleport</button>
      <button type="button" id="chess-end" title="e">end turn</button></fieldset>
    <fieldset><legend>Board</legend>
      <label>a click <select id="chess-mode"><option value="play">plays</option>
        <option value="alice">places Alice</option><option value="bob">places Bob</option></select></label>
      <label><input type="checkbox" id="chess-reach" checked> reach</label>
      <label><input type="checkbox" id="chess-arrows" checked> one-move arrows</label></fieldset>`;
  frameOf(ctx);
  $("chess-new").onclick = () => newGame(ctx);
  $("chess-undo").onclick = () => undoRedo(ctx, "undo");
  $("chess-redo").onclick = () => undoRedo(ctx, "redo");
  $("chess-teleport").onclick = () => toggleTeleport(ctx);
  $("chess-end").onclick = () => endTurn(ctx);
  $("chess-side").onchange = () => newGame(ctx);
  $("chess-mode").onchange = () => render(ctx);
  $("chess-reach").onchange = () => render(ctx);
  $("chess-arrows").onchange = () => render(ctx);
  pk.keys(ctx, (event, what) => onKey(ctx, event, what));
  base = null;
  history = new pk.History();
}

const HOW = `<p>An n x n board and n move vectors that both play by. Alice plays one
  turn, then Bob one turn, and the game ends. A turn is 0, 1 or 2 moves by the vectors (one may be
  used twice), never leaving the board, or a teleport to a free field; ending a move on the other's
  field captures. Alice wins if she captures Bob, Bob if he captures her, otherwise it is a draw.
  Fields are named (x, y): x the column from 1 at the left, y the row from 1 at the bottom.</p>`;

const KEY_ROWS = [
  ["click", "a field ringed green moves there; your own field ends the turn"],
  ["←|→|↑|↓", "move the cursor (while your game is on the board)"],
  ["Enter|Space", "play the field under the cursor (your own field ends the turn)"],
  ["t", "teleport (Esc: no teleport)"], ["e", "end the turn"],
  ["u|Ctrl+Z", "undo"], ["r|Ctrl+Y", "redo"], ["n", "new game"],
  ["Esc", "back to the game from the solver's witness"],
];

function backToGame(ctx) {
  viewing = null;
  ctx.message("");
  render(ctx);
}

// The board's frame (pk.frame): made when the page opens, so the status line and the side panel
// are there before an instance is.
function frameOf(ctx) {
  return pk.frame(ctx, "chess", { label: "teleport chess board: arrow keys move the cursor, Enter plays its field",
    build: (box) => buildSide(ctx, box), fit: true });
}

function buildSide(ctx, box) {
  pk.sidePanel(box, "chess", {
    viewing: { note: "You are looking at the solver's witness.", back: "back to the game" },
    moves: "Moves",
    legend: true,
    more: `<h3>Move vectors (both players)</h3><p id="chess-vectors"></p><p id="chess-vectors-note" class="info"></p>`,
    how: HOW,
    keys: KEY_ROWS,
  });
  box.querySelector("#chess-back").onclick = () => backToGame(ctx);
}

export function loaded(ctx, info) {
  base = info.state;
  boardSide = base.n;
  viewing = null;
  cursor = base.drawn ? base.alice.slice() : null;
  newGame(ctx);
}

// ---- the game -------------------------------------------------------------------------------

async function newGame(ctx) {
  if (!base) return;
  epoch += 1;
  busy = false;
  viewing = null;
  teleporting = false;
  const side = $("chess-side").value;
  const first = { side, mover: "alice", alice: base.alice, bob: base.bob, moves: [], teleport: true,
    options: base.steps.alice, outcome: null, captured: null, note: "", reach: base.reach, steps: base.steps,
    lines: [], trail: [], over: null };
  history = new pk.History(first);
  ctx.message("");
  if (side === "bob") await step(ctx, { action: "solver" }, { opening: true });  // Alice, the solver, moves first
  else render(ctx);
}

async function step(ctx, args, { opening = false } = {}) {
  const s = history.current;
  if (busy) return;
  const mine = epoch;
  busy = true;
  render(ctx);
  // the solver plays when Alice's turn (yours) ends, or when it opens as Alice: the status line says so
  const solverPlays = args.action === "solver" || (s.side === "alice" && (args.action !== "move" || s.moves.length === 1));
  const turn = { alice: s.alice, bob: s.bob, side: s.side, mover: s.mover, moves: s.moves, ...args };
  let next = null;
  try {
    next = await (solverPlays ? pk.think(ctx, $("chess-status"), s.side === "alice" ? "Bob" : "Alice", "turn", turn)
      : ctx.play("turn", turn));
  } catch (e) {
    if (mine === epoch) ctx.error(e);
  }
  if (mine !== epoch) return;
  busy = false;
  teleporting = false;
  if (next) {
    const after = applied(s, next);
    if (opening) history.reset(after);
    else history.push(after);
  }
  render(ctx);
  announce(ctx);
}

function applied(s, next) {
  const out = { ...s, ...next, lines: s.lines.slice(), trail: s.trail.slice(), over: null };
  for (const ev of next.events) {
    const who = `${NAME[ev.who]} (${ev.who === s.side ? "you" : "the solver"})`;
    if (ev.kind === "move") {
      out.lines.push(`${who}: ${name(ev.from)} → ${name(ev.to)} by ${vec(ev.vector)}${ev.captures ? `, captures ${NAME[OTHER[ev.who]]}` : ""}`);
    } else if (ev.kind === "teleport") out.lines.push(`${who}: teleports ${name(ev.from)} ⇒ ${name(ev.to)}`);
    else out.lines.push(`${who}: stays on ${name(ev.from)}`);
    if (ev.kind !== "stay") out.trail.push(ev);
  }
  if (next.outcome) {
    const good = next.outcome === "draw" ? null : next.outcome === s.side;
    const verdict = good === null ? "a draw" : good ? "you win" : "you lose";
    out.over = { text: `${verdict}: ${next.note}`, good };
  }
  return out;
}

function announce(ctx) {
  const s = history.current;
  if (s && s.over) ctx.message(s.over.text, s.over.good === false ? "bad" : "good");
  else ctx.message("");
}

function undoRedo(ctx, what) {
  if (busy || !history.current) return;
  viewing = null;
  teleporting = false;
  if (what === "undo" ? !history.canUndo : !history.canRedo) { ctx.message(`nothing to ${what}`); return; }
  if (what === "undo") history.undo(); else history.redo();
  render(ctx);
  announce(ctx);
}

// Whether the person may play now; else the reason, told in the message line.
function refusal(s) {
  if (viewing) return "this is the solver's witness: press Esc or 'back to the game' to play";
  if (!s) return "load a position first";
  if (s.over) return "the game is over: undo (u), or start a new game (n)";
  if (busy) return "wait for the solver's turn";
  if (s.mover !== s.side) return "it is the solver's turn";
  return null;
}

function toggleTeleport(ctx) {
  const s = history.current;
  const no = refusal(s);
  if (no) { ctx.message(no, "bad"); return; }
  if (!s.teleport) { ctx.message("a teleport is a whole turn: it cannot follow a move", "bad"); return; }
  teleporting = !teleporting;
  ctx.message(teleporting ? "teleport: choose a free field" : "");
  render(ctx);
}

function endTurn(ctx) {
  const no = refusal(history.current);
  if (no) { ctx.message(no, "bad"); return; }
  step(ctx, { action: "end" });
}

// A field as the game names it (chess.model.COORDINATES, sent as ctx.coordinates): (x, y).
function name(f) { return cellName(chessCoords, boardSide - f[1], f[0] - 1, boardSide); }
let chessCoords = null;
let boardSide = 0;

// A field chosen (a click, or Enter on the cursor).
function act(ctx, f) {
  const mode = $("chess-mode").value;
  if (mode !== "play") { place(ctx, mode, f); return; }
  const s = history.current;
  const no = refusal(s);
  if (no) { ctx.message(no, "bad"); return; }
  const here = s[s.side];
  if (teleporting) {
    if (same(f, s.alice) || same(f, s.bob)) { ctx.message(`${name(f)} is not free: a teleport goes to a free field`, "bad"); return; }
    step(ctx, { action: "teleport", field: f });
  } else if (same(f, here)) {
    step(ctx, { action: "end" });
  } else if (s.options.some((o) => same(o.field, f))) {
    step(ctx, { action: "move", field: f });
  } else {
    ctx.message(`${name(f)} is not one move from ${name(here)}: choose a field ringed green, teleport (t) or end the turn (e)`, "bad");
  }
}

async function place(ctx, who, f) {
  try {
    const moved = await ctx.play("place", { who, field: f });
    await ctx.setInstance(moved.text, ctx.instance.name || "position.txt");
    document.getElementById("solve").click();
  } catch (e) { ctx.error(e); }
}

function onKey(ctx, event, what) {
  if (what) { undoRedo(ctx, what); return true; }
  if (!base || !base.drawn) return false;
  const k = event.key;
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (moves[k] && !viewing) {  // while the solver's witness is shown, the arrows step through it (keys.js)
    cursor = cursor || base.alice.slice();
    cursor = [Math.min(base.n, Math.max(1, cursor[0] + moves[k][0])), Math.min(base.n, Math.max(1, cursor[1] + moves[k][1]))];
    render(ctx);
    return true;
  }
  if ((k === "Enter" || k === " ") && !pk.activates(event.target)) {
    act(ctx, cursor || base.alice.slice());
    return true;
  }
  if (k === "t") { toggleTeleport(ctx); return true; }
  if (k === "e") { endTurn(ctx); return true; }
  if (k === "n") { newGame(ctx); return true; }
  if (k === "Escape") {
    if (viewing) { backToGame(ctx); return true; }
    if (teleporting) { teleporting = false; ctx.message(""); render(ctx); return true; }
  }
  return false;
}

// ---- the solver's witness (the stepper) ---------------------------------------------------------

export function labels(frames) {
  return frames.map((f, i) => (i === 0 ? "position" : f.mover === "bob" ? `Bob's capture ${i}` : `Alice, field ${i}`));
}

// The solver's answer: its frames go to the stepper, the board stays on the game until one is
// stepped to.
export async function answered(ctx, answer) {
  await pk.answerOnStepper(ctx, answer, labels);
}

export function frameShown(ctx, frame, index) {
  if (pk.keepsGame() && index === 0) { viewing = null; render(ctx); return; }
  ctx.message(frame.note || "", frame.note.includes("captures Bob") || frame.note.includes("draw") ? "good"
    : frame.note ? "bad" : "");
}

export function summary(answer) {
  const out = [];
  if (answer.outcome) out.push(["outcome", answer.outcome]);
  const w = answer.certificate && answer.certificate.witness;
  if (w && w.moves) out.push(["witness moves", w.moves.map((m) => `(${m.join(", ")})`).join(" ") || "none"]);
  if (w && w.how) out.push(["how", w.how]);
  if (w && w.reason) out.push(["why", w.reason]);
  return out;
}

export function draw(ctx, state) {
  chessCoords = ctx.coordinates;
  if (!base || state !== base) viewing = state;
  if (!base) { board(ctx, state, null); return; }
  render(ctx);
}

// ---- drawing ----------------------------------------------------------------------------------

function turnLine(words, kind = "") {
  pk.setStatus($("chess-status"), words, kind);
}

function render(ctx) {
  chessCoords = ctx.coordinates;
  if (!base) return;
  const s = history.current;
  pk.undoRedoState("chess", history, busy);
  const yours = s && !s.over && !busy && !viewing && s.mover === s.side;
  $("chess-teleport").disabled = !yours || !s.teleport;
  $("chess-end").disabled = !yours;
  $("chess-teleport").setAttribute("aria-pressed", String(teleporting));
  $("chess-teleport").textContent = teleporting ? "teleporting…" : "teleport";
  if (viewing) {
    board(ctx, viewing, null);
    turnLine("the solver's witness (the stepper below); Esc or 'back to the game' returns to your game");
    return;
  }
  board(ctx, { ...base, ...s }, s);
  if (!base.drawn) return;
  if (s.over) turnLine(`Game over: ${s.over.text}`, s.over.good === false ? "bad" : "good");
  else if (busy) { /* the status line says who is thinking (pk.think) */ }
  else if (s.mover === s.side) {
    const me = NAME[s.side], at = name(s[s.side]);
    if (teleporting) turnLine(`Your turn, ${me} on ${at}: teleport to any free field (Esc: no teleport)`);
    else if (s.moves.length === 0) {
      turnLine(`Your turn, ${me} on ${at}: move to a field ringed green (up to two moves), teleport (t), or end the turn (e) to stay`);
    } else turnLine(`Your second move, ${me} on ${at}: a field ringed green, or end the turn (e)`);
  } else turnLine(`${NAME[s.mover]}'s turn (the solver)`);
}

// The board: `state` the position (and a witness's path, for the stepper's frames); `s` the game.
function board(ctx, state, s) {
  const frame = frameOf(ctx);
  $("chess-viewing").hidden = !viewing;
  if (!state.drawn) {
    frame.host.textContent = `a ${state.n} x ${state.n} board is too large to draw (solving works; up to 40 x 40 is drawn)`;
    return;
  }
  const n = state.n;
  boardSide = n;
  const cell = Math.max(12, Math.min(72, 500 / n));
  const pad = 26;
  const size = n * cell + 2 * pad;
  const svg = svgRoot(size, size, `teleport chess ${n}x${n}`);
  svg.dataset.testid = "chess-board";
  el("rect", { x: 0, y: 0, width: size, height: size, fill: "white" }, svg);
  const corner = ([x, y]) => [pad + (x - 1) * cell, pad + (n - y) * cell];
  const centre = (f) => { const [cx, cy] = corner(f); return [cx + cell / 2, cy + cell / 2]; };
  if (ctx.coordinates) axisLabels(svg, ctx.coordinates, n, n, { left: pad, top: pad, cell, gap: pad / 2, size: Math.min(12, Math.max(8, cell * 0.3)) });
  const showReach = $("chess-reach") ? $("chess-reach").checked : true;
  const showArrows = $("chess-arrows") ? $("chess-arrows").checked : true;
  const seen = {};
  const bobReach = new Set(showReach ? (state.reach?.bob || []).map((f) => f.join(",")) : []);
  const aliceReach = new Set(showReach ? (state.reach?.alice || []).map((f) => f.join(",")) : []);
  const mode = $("chess-mode") ? $("chess-mode").value : "play";
  const playing = s && !s.over && !busy && !viewing && s.mover === s.side && mode === "play";
  const options = new Set(playing && !teleporting ? s.options.map((o) => o.field.join(",")) : []);
  for (let x = 1; x <= n; x++) {
    for (let y = 1; y <= n; y++) {
      const [cx, cy] = corner([x, y]);
      const g = el("g", { class: `square${options.has(`${x},${y}`) ? " option" : ""}`, "data-field": `${x},${y}` }, svg);
      el("rect", { x: cx, y: cy, width: cell, height: cell, fill: (x + y) % 2 ? "#f0d9b5" : "#fbf1e1", stroke: "#ccc", "stroke-width": 0.5 }, g);
      if (bobReach.has(`${x},${y}`)) {
        el("rect", { x: cx, y: cy, width: cell, height: cell, fill: BOB_REACH, "fill-opacity": 0.45, class: "bob-reach" }, g);
        seen.bobReach = true;
      }
      if (aliceReach.has(`${x},${y}`)) {
        el("circle", { cx: cx + cell / 2, cy: cy + cell / 2, r: cell * 0.1, fill: ALICE, class: "alice-reach" }, g);
        seen.aliceReach = true;
      }
      if (options.has(`${x},${y}`)) {
        el("rect", { x: cx + 2.5, y: cy + 2.5, width: cell - 5, height: cell - 5, rx: cell * 0.2, fill: "none", stroke: CHOOSE,
          "stroke-width": Math.max(2, cell * 0.08), class: "option-ring" }, g);
        seen.options = true;
      }
      el("title", { text: name([x, y]) }, g);
      g.addEventListener("click", () => { cursor = [x, y]; act(ctx, [x, y]); });
      g.classList.add("clickable");
    }
  }
  // the witness's safe field (a frame of a draw)
  if (state.path && state.path.length && state.note && state.note.includes("draw")) {
    const [cx, cy] = corner(state.path[state.path.length - 1]);
    el("rect", { x: cx + 1.5, y: cy + 1.5, width: cell - 3, height: cell - 3, fill: "none", stroke: SAFE, "stroke-width": Math.max(2, cell * 0.1),
      "pointer-events": "none", class: "safe" }, svg);
    seen.safe = true;
  }
  const marks = el("g", { "pointer-events": "none" }, svg);
  const shaft = Math.max(1.5, cell * 0.07), head = Math.max(6, cell * 0.28);
  const line = (from, to, colour, dashed, cls, opacity = 1, w = shaft, h = head) => {
    const [x1, y1] = centre(from), [x2, y2] = centre(to);
    const d = Math.hypot(x2 - x1, y2 - y1) || 1, ux = (x2 - x1) / d, uy = (y2 - y1) / d, cut = cell * 0.3;
    arrow(marks, x1 + ux * cut, y1 + uy * cut, x2 - ux * cut, y2 - uy * cut, { colour, width: w, head: h, opacity,
      "stroke-dasharray": dashed ? "6 4" : null, class: cls });
  };
  // each piece's one-move fields: its moves by the n vectors
  if (showArrows && state.steps && (!s || !s.over)) {
    for (const who of ["alice", "bob"]) {
      for (const o of state.steps[who] || []) line(state[who], o.field, who === "alice" ? ALICE : BOB, false, `step-arrow ${who}`, 0.5, 1.6, 7);
      if ((state.steps[who] || []).length) seen[`${who}Steps`] = true;
    }
  }
  // the game's moves so far, or the witness's path
  if (s) {
    for (const ev of s.trail || []) {
      line(ev.from, ev.to, ev.who === "alice" ? ALICE : BOB, ev.kind === "teleport", "game-move");
      seen[ev.kind === "teleport" ? "teleport" : `${ev.who}Moves`] = true;
    }
  } else if (state.path && state.path.length > 1) {
    const bob = state.mover === "bob";
    const drawWin = state.note && state.note.includes("draw");
    const teleport = drawWin && state.note.includes("teleport");
    const colour = bob ? BOB : drawWin ? SAFE : ALICE;
    for (let i = 1; i < state.path.length; i++) line(state.path[i - 1], state.path[i], colour, teleport, "witness");
    seen.witness = bob ? "bob" : teleport ? "teleport-safe" : drawWin ? "safe" : "alice";
  }
  // the pieces (after a capture, the one taken under the other, crossed)
  const alice = state.mover === "alice" && !s && state.path && state.path.length ? state.path[state.path.length - 1] : state.alice;
  const bob = state.mover === "bob" && !s && state.path && state.path.length ? state.path[state.path.length - 1] : state.bob;
  for (const [who, f, colour, letter] of [["alice", alice, ALICE, "A"], ["bob", bob, BOB, "B"]]) {
    if (s && s.captured === who) continue;
    const [cx, cy] = centre(f);
    const g = el("g", { class: `piece ${who}`, "pointer-events": "none" }, svg);
    el("circle", { cx, cy, r: cell * 0.36, fill: colour, stroke: "black", "stroke-width": 1 }, g);
    if (cell >= 14) text(g, cx, cy, letter, { "font-size": cell * 0.42, fill: "white", "font-weight": "bold" });
    if (s && s.captured) {
      el("circle", { cx, cy, r: cell * 0.44, fill: "none", stroke: s.captured === "alice" ? ALICE : BOB, "stroke-width": 3, "stroke-dasharray": "3 2" }, g);
      seen.captured = true;
    }
  }
  if (cursor && !viewing) {
    const [cx, cy] = corner(cursor);
    el("rect", { x: cx + 1, y: cy + 1, width: cell - 2, height: cell - 2, fill: "none", stroke: CURSOR, "stroke-width": 2.5,
      "stroke-dasharray": "4 3", "pointer-events": "none", class: "cursor" }, svg);
    seen.cursor = true;
  }

  // the legend, in the Python picture's words where it has them
  const entries = [["text:A", ALICE, "Alice"], ["text:B", BOB, "Bob"]];
  if (seen.bobReach) entries.push(["square", "#eb9a8a", "Bob ends his turn here (0-2 moves)"]);
  if (seen.aliceReach) entries.push(["dot", ALICE, "Alice ends her turn here (1-2 moves)"]);
  if (seen.aliceSteps || seen.bobSteps) entries.push(["arrow", "#8aa4d8", "one move by a vector, from Alice (blue) or Bob (red)"]);
  if (seen.options) entries.push(["box", CHOOSE, "you may move here (click, or the cursor and Enter)"]);
  if (seen.aliceMoves) entries.push(["arrow", ALICE, "Alice's moves in this game"]);
  if (seen.bobMoves) entries.push(["arrow", BOB, "Bob's moves in this game"]);
  if (seen.teleport) entries.push(["dashed arrow", "#555", "a teleport"]);
  if (seen.captured) entries.push(["ring", "#555", "captured here (dashed ring in the colour of the piece taken)"]);
  if (seen.safe) entries.push(["box", SAFE, "safe field: Bob cannot reach it"]);
  if (seen.witness === "alice") entries.push(["arrow", ALICE, "Alice's capturing moves"]);
  if (seen.witness === "safe") entries.push(["arrow", SAFE, "Alice's moves to the safe field"]);
  if (seen.witness === "teleport-safe") entries.push(["dashed arrow", SAFE, "Alice's teleport to the safe field"]);
  if (seen.witness === "bob") entries.push(["arrow", BOB, "Bob's capture, for each field Alice can end on"]);
  if (seen.cursor) entries.push(["cursor", CURSOR, "the cursor (arrow keys; Enter plays its field)"]);

  if (s) $("chess-moves-title").textContent = `Moves (you are ${NAME[s.side]})`;
  if (s) pk.moveList($("chess-moves"), s.lines);
  pk.legend($("chess-legend"), entries);
  const vectors = $("chess-vectors");
  vectors.replaceChildren();
  for (const v of state.vectors || []) {
    const item = document.createElement("span");
    item.className = "vector";
    item.textContent = vec(v);
    vectors.append(item, " ");
  }
  const usable = (state.usable || []).length;
  $("chess-vectors-note").textContent = `Alice and Bob both move by these ${state.vectors.length} vectors (dx, dy)${usable < state.vectors.length ? `; ${usable} distinct ones fit on the board` : ""}.`;
  pk.render(frame.host, svg);
}
