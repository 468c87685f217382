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

let teleporting = false;          // the next field chosen is a teleport's
let cursor = null;                // [x, y] of the keyboard's cursor

const $ = (id) => document.getElementById(id);
const same = (f, g) => !!f && !!g && f[0] === g[0] && f[1] === g[1];
const vec = (v) => `(${v[0]}, ${v[1]})`;

const HOW = `<p>An n x n board and n move vectors that both play by. Alice plays one
  turn, then Bob one turn, and the game ends. A turn is 0, 1 or 2 moves by the vectors (one may be
  used twice), never leaving the board, or a teleport to a free field; ending a move on the other's
  field captures. Alice wins if she captures Bob, Bob if he captures her, otherwise it is a draw.
  Fields are named (x, y): x the column from 1 at the left, y the row from 1 at the bottom.</p>`;

// The page (pk.page): the game's history holds a state per action of yours (the solver's turn in it).
const game = pk.page("chess", {
  label: "teleport chess board: arrow keys move the cursor, Enter plays its field",
  fit: true,
  controls: `<fieldset><legend>Play against the solver</legend>
      <label>you are <select id="chess-side"><option value="alice">Alice (she moves first)</option>
        <option value="bob">Bob</option></select></label>
      <button type="button" id="chess-new" title="n">new game</button>
      {history}
      <button type="button" id="chess-teleport" title="t" aria-pressed="false">teleport</button>
      <button type="button" id="chess-end" title="e">end turn</button></fieldset>
    <fieldset><legend>Board</legend>
      <label>a click <select id="chess-mode"><option value="play">plays</option>
        <option value="alice">places Alice</option><option value="bob">places Bob</option></select></label>
      <label><input type="checkbox" id="chess-reach" checked> reach</label>
      <label><input type="checkbox" id="chess-arrows" checked> one-move arrows</label></fieldset>`,
  line: "witness",
  more: `<h3>Move vectors (both players)</h3><p id="chess-vectors"></p><p id="chess-vectors-note" class="info"></p>`,
  how: HOW,
  keyRows: [
    ["click", "a field ringed green moves there; your own field ends the turn"],
    ["t", "teleport (Esc: no teleport)"], ["e", "end the turn"],
    ["n", "new game"],
  ],
  buttons: { new: newGame, teleport: toggleTeleport, end: endTurn },
  setup() {
    $("chess-side").onchange = newGame;
    for (const id of ["chess-mode", "chess-reach", "chess-arrows"]) $(id).onchange = () => game.render();
  },
  loaded(info) {
    boardSide = game.base.n;
    cursor = game.base.drawn ? game.base.alice.slice() : null;
    newGame();
  },
  game() {
    const s = game.history.current;
    return game.base && s ? { ...game.base, ...s } : game.base;
  },
  board(state, mine) {
    chessCoords = game.ctx.coordinates;
    const s = game.history.current;
    const yours = mine && s && !s.over && !game.busy && s.mover === s.side;
    $("chess-teleport").disabled = !yours || !s.teleport;
    $("chess-end").disabled = !yours;
    $("chess-teleport").setAttribute("aria-pressed", String(teleporting));
    $("chess-teleport").textContent = teleporting ? "teleporting…" : "teleport";
    board(state, mine ? s : null);
  },
  status: statusOf,
  labels,
  frameShown(frame) {
    game.ctx.message(frame.note || "", frame.note.includes("captures Bob") || frame.note.includes("draw") ? "good"
      : frame.note ? "bad" : "");
  },
  keys: onKey,
  cursor: {
    always: true,
    ready: () => !!game.base && game.base.drawn,
    move([di, dj]) {
      cursor = cursor || game.base.alice.slice();
      cursor = [Math.min(game.base.n, Math.max(1, cursor[0] + dj)), Math.min(game.base.n, Math.max(1, cursor[1] - di))];
      game.render();
    },
    act: () => act(cursor || game.base.alice.slice()),
    words: { act: "play the field under the cursor (your own field ends the turn)" },
  },
  arrived() { teleporting = false; return undefined; },
  fresh: newGame,
  // in the link: your side (o.s), and each of your actions (y: ["m", x, y] a move, ["t", x, y] a
  // teleport, ["e"] the turn's end) with the solver's turn it brought (s: its moves as ["m" | "t" |
  // "s", x, y]); the solver's opening as Alice (a); replayed by the server's `turn`, the solver's
  // turn checked against the link's
  moves: {
    options: () => ($("chess-side").value === "bob" ? { s: "bob" } : {}),
    start(o) {
      const side = o.s ?? "alice";
      if (!NAME[side]) throw new Error(`your side (${side}) is not alice or bob`);
      $("chess-side").value = side;
      return firstEntry(side);
    },
    encode(e, before) {
      if (!before && !e.events) return null;
      const code = before ? { y: e.act } : {};
      const theirs = e.events.filter((ev) => ev.who !== e.side).map(eventCode);
      if (theirs.length) code.s = theirs;
      return code;
    },
    decode: replayStep,
  },
});

export const { setup, loaded, draw, frameShown, answered, position, restore } = game.hooks();

// ---- the game -------------------------------------------------------------------------------

function firstEntry(side) {
  return { side, mover: "alice", alice: game.base.alice, bob: game.base.bob, moves: [], teleport: true,
    options: game.base.steps.alice, outcome: null, captured: null, note: "", reach: game.base.reach, steps: game.base.steps,
    lines: [], trail: [], over: null };
}

async function newGame() {
  if (!game.base) return;
  teleporting = false;
  const first = firstEntry($("chess-side").value);
  game.start(first);
  game.ctx.message("");
  if (first.side === "bob") await step({ action: "solver" }, { opening: true });  // Alice, the solver, moves first
  else game.render();
}

// The server's answer to an action of the game at `s`: the solver plays when Alice's turn (yours)
// ends, or when it opens as Alice (the status line says so).
function turnOf(s, args) {
  const solverPlays = args.action === "solver" || (s.side === "alice" && (args.action !== "move" || s.moves.length === 1));
  const turn = { alice: s.alice, bob: s.bob, side: s.side, mover: s.mover, moves: s.moves, ...args };
  return solverPlays ? pk.think(game.ctx, game.frame.status, s.side === "alice" ? "Bob" : "Alice", "turn", turn)
    : game.ctx.play("turn", turn);
}

async function step(args, { opening = false } = {}) {
  const s = game.history.current;
  if (game.busy) return;
  const next = await game.ask(() => turnOf(s, args));
  teleporting = false;
  if (next) {
    const after = applied(s, next, args);
    if (opening) game.history.reset(after);
    else game.history.push(after);
  }
  game.render();
  game.announce();
}

function applied(s, next, args) {
  const out = { ...s, ...next, lines: s.lines.slice(), trail: s.trail.slice(), over: null, act: actCode(args) };
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

// An action in the link: ["m", x, y], ["t", x, y], ["e"] (the solver's: null); a move of the
// solver's turn: ["m" | "t" | "s", x, y].
function actCode(args) {
  if (args.action === "move" || args.action === "teleport") return [args.action[0], ...args.field];
  return args.action === "end" ? ["e"] : null;
}

function eventCode(ev) { return [ev.kind[0], ...ev.to]; }

// A link's action after `before`, replayed by the server; the solver's turn it brings must be the
// link's.
async function replayStep(before, code) {
  const bad = () => new Error(`an action (${JSON.stringify(code)}) is not {y: ["m" | "t", x, y] or ["e"], s: the solver's moves}`);
  if (!code || typeof code !== "object" || Array.isArray(code)) throw bad();
  let args;
  if (code.y === undefined) {
    if (before.lines.length || before.mover === before.side) throw bad();
    args = { action: "solver" };
  } else {
    const [kind, x, y] = Array.isArray(code.y) ? code.y : [];
    const field = [x, y].every((v) => Number.isInteger(v) && v >= 1 && v <= game.base.n);
    if (kind === "e" && code.y.length === 1) args = { action: "end" };
    else if ((kind === "m" || kind === "t") && field) args = { action: kind === "m" ? "move" : "teleport", field: [x, y] };
    else throw bad();
  }
  const next = await turnOf(before, args);
  const theirs = next.events.filter((ev) => ev.who !== before.side).map(eventCode);
  if (JSON.stringify(theirs) !== JSON.stringify(code.s ?? [])) throw new Error("the solver's turn is not the link's");
  return applied(before, next, args);
}

// Whether the person may not play now (the page says why).
function refused(s) {
  if (game.refused("play")) return true;
  const no = !s ? "load a position first" : s.over ? "the game is over: undo (u), or start a new game (n)"
    : game.busy ? "wait for the solver's turn" : s.mover !== s.side ? "it is the solver's turn" : null;
  if (no) game.ctx.message(no, "bad");
  return !!no;
}

function toggleTeleport() {
  const s = game.history.current, ctx = game.ctx;
  if (refused(s)) return;
  if (!s.teleport) { ctx.message("a teleport is a whole turn: it cannot follow a move", "bad"); return; }
  teleporting = !teleporting;
  ctx.message(teleporting ? "teleport: choose a free field" : "");
  game.render();
}

function endTurn() {
  if (!refused(game.history.current)) step({ action: "end" });
}

// A field as the game names it (chess.model.COORDINATES, sent as ctx.coordinates): (x, y).
function name(f) { return cellName(chessCoords, boardSide - f[1], f[0] - 1, boardSide); }
let chessCoords = null;
let boardSide = 0;

// A field chosen (a click, or Enter on the cursor).
function act(f) {
  const ctx = game.ctx;
  const mode = $("chess-mode").value;
  if (mode !== "play") { place(mode, f); return; }
  const s = game.history.current;
  if (refused(s)) return;
  const here = s[s.side];
  if (teleporting) {
    if (same(f, s.alice) || same(f, s.bob)) { ctx.message(`${name(f)} is not free: a teleport goes to a free field`, "bad"); return; }
    step({ action: "teleport", field: f });
  } else if (same(f, here)) {
    step({ action: "end" });
  } else if (s.options.some((o) => same(o.field, f))) {
    step({ action: "move", field: f });
  } else {
    ctx.message(`${name(f)} is not one move from ${name(here)}: choose a field ringed green, teleport (t) or end the turn (e)`, "bad");
  }
}

async function place(who, f) {
  const ctx = game.ctx;
  try {
    const moved = await ctx.play("place", { who, field: f });
    await ctx.setInstance(moved.text, ctx.instance.name || "position.txt");
    document.getElementById("solve").click();
  } catch (e) { ctx.error(e); }
}

// The game's keys: t teleport (Esc: none), e the turn's end, n a new game.
function onKey(event) {
  if (!game.base || !game.base.drawn) return false;
  const k = event.key;
  if (k === "t") { toggleTeleport(); return true; }
  if (k === "e") { endTurn(); return true; }
  if (k === "n") { newGame(); return true; }
  if (k === "Escape" && teleporting) { teleporting = false; game.ctx.message(""); game.render(); return true; }
  return false;
}

// ---- the solver's witness (the stepper) ---------------------------------------------------------

export function labels(frames) {
  return frames.map((f, i) => (i === 0 ? "position" : f.mover === "bob" ? `Bob's capture ${i}` : `Alice, field ${i}`));
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

// ---- drawing ----------------------------------------------------------------------------------

// The status line of the game (null: who is thinking, as pk.think says; nothing on a board too large).
function statusOf() {
  const s = game.history.current;
  if (!s || !game.base.drawn || (game.busy && !s.over)) return null;
  if (s.over) return [`Game over: ${s.over.text}`, s.over.good === false ? "bad" : "good"];
  if (s.mover !== s.side) return [`${NAME[s.mover]}'s turn (the solver)`, ""];
  const me = NAME[s.side], at = name(s[s.side]);
  if (teleporting) return [`Your turn, ${me} on ${at}: teleport to any free field (Esc: no teleport)`, ""];
  if (s.moves.length === 0) return [`Your turn, ${me} on ${at}: move to a field ringed green (up to two moves), teleport (t), or end the turn (e) to stay`, ""];
  return [`Your second move, ${me} on ${at}: a field ringed green, or end the turn (e)`, ""];
}

// The board: `state` the position (and a witness's path, for the stepper's frames); `s` the game.
function board(state, s) {
  const ctx = game.ctx, viewing = game.viewing;
  if (!state.drawn) {
    game.host.textContent = `a ${state.n} x ${state.n} board is too large to draw (solving works; up to 40 x 40 is drawn)`;
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
  if (ctx.coordinates) axisLabels(svg, ctx.coordinates, n, n, { left: pad, top: pad, cell, gap: pad / 2, size: Math.min(16, Math.max(8, cell * 0.3)) });  // 16: legible when the board is fitted to a phone
  const showReach = $("chess-reach") ? $("chess-reach").checked : true;
  const showArrows = $("chess-arrows") ? $("chess-arrows").checked : true;
  const seen = {};
  const bobReach = new Set(showReach ? (state.reach?.bob || []).map((f) => f.join(",")) : []);
  const aliceReach = new Set(showReach ? (state.reach?.alice || []).map((f) => f.join(",")) : []);
  const mode = $("chess-mode") ? $("chess-mode").value : "play";
  const playing = s && !s.over && !game.busy && !viewing && s.mover === s.side && mode === "play";
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
      g.addEventListener("click", () => { cursor = [x, y]; act([x, y]); });
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
  pk.render(game.host, svg);
}
