// The aMAZEing Labyrinth as a game against the bot: each turn insert the spare (turned as you
// like) at a shiftable line, then walk; find your treasures in turn and go home first. A
// scoreboard, the turns played (undo, redo), the end when a player is home, the bot against
// itself, the fewest-turns plan of a solve step by step, and keys for everything. Every turn is
// the server's (the view's `new_game`, `preview`, `turn`, `bot`: escapology.amazeing's game rules
// and bot); the page keeps the positions it answered.
import { arrow, axisLabels, el, svgRoot, text } from "../svg.js";
import * as pk from "./playkit.js";

const N = 1, E = 2, S = 4, W = 8;
// the Python pictures' colours (escapology.amazeing.drawing)
const PALETTE = ["#d62728", "#e6b800", "#2ca02c", "#1f77b4"];
const COLOURS = { red: "#d62728", yellow: "#e6b800", green: "#2ca02c", blue: "#1f77b4" };
const MOVABLE = "#8c6d4f", FIXED = "#5b4636", PASSAGE = "#f3e5c0", TREASURE = "#7a1f1f", SHIFTABLE = "#d98c80";
const SHIFT = "#c0392b", BAND = "#f39c12", WALK = "#1f77b4", REACH = "#1f6feb", AXIS = "#777";
const HOME = "⌂";
const $ = (id) => document.getElementById(id);

let ctxNow = null;
let loadedState = null;   // the loaded position's state (no game yet)
let game = null;          // {hist: pk.History of {position, state, moves, winner}, me: seat | null (bots only), total, board}
let pending = null;       // {shift, state}: the spare inserted, the walk not chosen yet
let rotation = 0;
let watching = null;
let viewing = false;      // the stepper shows the solver's plan
let shown = null;
let cursor = { i: 0, j: 0 };
let busy = false;

const colourOf = (p, i) => COLOURS[p.name] || PALETTE[i % PALETTE.length];

// The keys: undo, redo, t and Escape anywhere on the page; the arrows, Shift+arrows and Enter
// while the board has the focus (else the arrows step through a solve's plan: keys.js).
function onKey(e, command) {
  if (command === "undo") { undo(); return true; }
  if (command === "redo") { redo(); return true; }
  if (e.key === "t" && !e.shiftKey) { turnSpare(); return true; }
  if (e.key === "Escape" && pending) { cancelInsert(); return true; }
  if (!pk.onBoard($("am-host")) || !shown) return false;
  const step = pk.arrowStep(e.key);
  if (step && e.shiftKey) { shiftAtCursor(step); return true; }
  if (step) { moveCursor(step); return true; }
  if (e.key === "Enter" || e.key === " ") { act(); return true; }
  return false;
}

export function setup(ctx) {
  ctxNow = ctx;
  game = null;
  pending = null;
  loadedState = null;
  stopWatching();
  shown = null;  // nothing drawn yet on this visit (a resize draws nothing)
  pk.keys(ctx, onKey);
  pk.onResize(ctx, () => { if (shown) draw(ctxNow, shown); });
  ctx.controls.innerHTML = `<fieldset id="am-controls"><legend>Game against the bot</legend>
    <label>board <select id="am-board">
      <option value="published">a new published board</option>
      <option value="loaded">the loaded position</option></select></label>
    <label>seed <input type="number" id="am-seed" value="1" style="width:4.5em"></label>
    <label>cards <input type="number" id="am-cards" value="2" min="1" max="12" style="width:3.5em"></label>
    <button type="button" id="am-new" class="primary">new game</button>
    <button type="button" id="am-watch">bot against bot</button>
    <span id="am-board-note" class="info"></span></fieldset>
    <fieldset id="am-turn-box"><legend>Your turn</legend>
    <button type="button" id="am-rotate" title="turn the spare a quarter clockwise (t)">turn the spare ↻</button>
    <button type="button" id="am-cancel" title="take the spare out again (Escape)">take back the insertion</button>
    <button type="button" id="am-undo" title="take back your last turn and the bot's reply (u, Ctrl+Z)">undo</button>
    <button type="button" id="am-redo" title="play the turn taken back again (r, Ctrl+Y)">redo</button>
    <label title="the cards are secret in the real game"><input type="checkbox" id="am-all"> show all targets</label></fieldset>`;
  frameOf(ctx);
  $("am-new").onclick = () => newGame(false);
  $("am-watch").onclick = watch;
  $("am-rotate").onclick = turnSpare;
  $("am-cancel").onclick = cancelInsert;
  $("am-undo").onclick = undo;
  $("am-redo").onclick = redo;
  $("am-all").onchange = () => { if (shown) draw(ctxNow, shown); };
  $("am-board").onchange = boardNote;
  boardNote();
}

export function loaded(ctx, info) {
  ctxNow = ctx;
  stopWatching();
  loadedState = info.state;
  game = null;
  pending = null;
  rotation = 0;
  viewing = false;
  const players = info.state.players.length;
  const option = $("am-board").querySelector("option[value='loaded']");
  option.disabled = players !== 2;
  $("am-board").value = players === 2 ? "loaded" : "published";
  boardNote();
  cursor = { i: 0, j: 0 };
  draw(ctx, loadedState);
}

// The seed draws a published board only; the cards apply to both boards: say so.
function boardNote() {
  const loadedBoard = $("am-board").value === "loaded";
  $("am-seed").disabled = loadedBoard;
  const players = loadedState ? loadedState.players.length : 0;
  $("am-board-note").textContent = loadedBoard
    ? "the loaded position's board and players; each player's cards are cut to 'cards' (the seed draws a published board only)"
    : players === 2 || !loadedState ? "" : `the loaded position has ${players === 1 ? "one player" : players ? `${players} players` : "no player"}: the page plays games for two`;
}

// ----- the game -------------------------------------------------------------------------------

function entry() { return game ? game.hist.current : null; }
function over() { const e = entry(); return e ? e.state.winner ?? null : null; }
function myTurn() { return !!game && game.me !== null && !watching && over() === null && entry().state.to_move === game.me; }

async function newGame(bots) {
  const ctx = ctxNow;
  stopWatching();
  if (!ctx.instance && $("am-board").value === "loaded") return;
  try {
    const made = await ctx.play("new_game", { seed: parseInt($("am-seed").value, 10) || 1,
      cards: parseInt($("am-cards").value, 10) || 2, board: $("am-board").value });
    const first = { position: made.position, state: made.state, moves: [], winner: null };
    game = { hist: new pk.History(first), me: bots ? null : made.state.to_move,
      total: made.state.players.map((p) => p.left), board: made.board };
    pending = null;
    rotation = 0;
    placeCursor(made.state);
    drawGame();
    if (!bots) ctx.message(`you are ${made.state.players[game.me].name}: ${targetWords(made.state, game.me)}`);
  } catch (e) { ctx.error(e); }
}

function placeCursor(state) {
  const p = state.players[state.to_move];
  if (p) cursor = { i: Math.floor(p.cell / state.cols), j: p.cell % state.cols };
}

function targetWords(state, i) {
  const p = state.players[i];
  if (p.heading_home) return `all your treasures are found: go home (${HOME} at ${cellName(state, p.home)})`;
  return `find ${p.target}`;
}

function cellName(state, cell) {
  return `(${Math.floor(cell / state.cols)},${cell % state.cols})`;
}

function refused() {
  const ctx = ctxNow;
  if (!game) { ctx.message("start a new game first", "bad"); return true; }
  if (viewing) { ctx.message("you are looking at the solver's plan: go back to your game to play", "bad"); return true; }
  const w = over();
  if (w !== null) { ctx.message(`the game is over (${entry().state.players[w].name} is home): undo or start a new game`, "bad"); return true; }
  if (watching || game.me === null) { ctx.message("the bots are playing: stop them, or start a new game", "bad"); return true; }
  if (busy) { ctx.message("the bot is thinking", "bad"); return true; }
  return false;
}

async function insert(shift) {
  const ctx = ctxNow;
  if (refused()) return;
  if (pending && pending.shift !== shift) { ctx.message("the spare is in: walk, or take back the insertion first (Escape)", "bad"); return; }
  if (!entry().state.legal.includes(shift)) {
    ctx.message(`no insertion at ${shift}: its line holds fixed tiles, or it would undo the last shift`, "bad");
    return;
  }
  busy = true;
  const turned = rotation;
  try {
    const shownState = await ctx.play("preview", { position: entry().position, shift, rotation: turned });
    pending = { shift, rotation: turned, state: shownState.state };
    placeCursor(pending.state);
    if ($("am-host").contains(document.activeElement)) $("am-host").focus({ preventScroll: true });  // next: the walk
    draw(ctx, pending.state);
    ctx.message(`the spare went in at ${shift}: walk to a highlighted field (your own to stay)`);
  } catch (e) { ctx.error(e); } finally { busy = false; }
}

function turnSpare() {
  if (!game || viewing || busy || !myTurn()) { if (game) refused(); return; }
  rotation = (rotation + 1) % 4;
  if (pending) { const s = pending.shift; pending = null; insert(s); } else drawGame();
}

function cancelInsert() {
  if (!pending) return;
  pending = null;
  drawGame();
  ctxNow.message("the spare is out again");
}

async function walkTo(cell) {
  const ctx = ctxNow;
  if (refused()) return;
  if (!pending) { ctx.message("insert the spare first: an arrow beside the board", "bad"); return; }
  if (!pending.state.reach.includes(cell)) {
    ctx.message(`${cellName(pending.state, cell)} cannot be reached: walk to a highlighted field`, "bad");
    return;
  }
  busy = true;
  const bot = entry().state.players[(game.me + 1) % entry().state.players.length];
  try {
    const played = await pk.think(ctx, $("am-status"), `The bot (${bot.name})`, "turn",
      { position: entry().position, shift: pending.shift, rotation: pending.rotation, to: cell });
    game.hist.push({ position: played.position, state: played.state, moves: played.moves, winner: played.winner });
    pending = null;
    rotation = 0;
    placeCursor(played.state);
    busy = false;
    drawGame();
    const [words, kind] = statusOf(played.state);
    ctx.message(played.winner !== null ? words : played.moves.map(moveWords).join("; "), kind);
  } catch (e) { ctx.error(e); } finally { busy = false; }
}

function undo() {
  if (!game) return;
  if (viewing) { backToGame(); return; }
  if (pending) { cancelInsert(); return; }
  if (watching) stopWatching();
  if (busy) return;
  if (game.hist.undo()) { rotation = 0; placeCursor(entry().state); drawGame(); ctxNow.message("took back a turn"); }
  else ctxNow.message("nothing to undo");
}

function redo() {
  if (!game || viewing || busy || watching) return;
  if (pending) cancelInsert();
  if (game.hist.redo()) { placeCursor(entry().state); drawGame(); ctxNow.message("played the turn again"); }
  else ctxNow.message("nothing to redo");
}

function stopWatching() {
  watching = null;
  const button = $("am-watch");
  if (button) button.textContent = "bot against bot";
}

// The bots play on from the game's position; a finished game (or none) starts a new one first.
async function watch() {
  const ctx = ctxNow;
  if (watching) { stopWatching(); drawGame(); return; }
  if (!game || over() !== null) await newGame(true);
  if (!game) return;
  pending = null;
  game.me = null;
  watching = {};
  const token = watching;
  $("am-watch").textContent = "stop the bots";
  drawGame();
  for (let turn = 0; turn < 400 && watching === token; turn++) {
    let played;
    try {
      played = await ctx.play("bot", { position: entry().position });
    } catch (e) { ctx.error(e); break; }
    if (watching !== token) break;
    game.hist.push({ position: played.position, state: played.state, moves: played.moves, winner: played.winner });
    drawGame();
    if (played.winner !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  if (watching === token) { stopWatching(); drawGame(); }
}

function moveWords(m) {
  const who = `${m.name} (${m.by === "you" ? "you" : "bot"})`;
  const found = m.event === "home" ? ", home!" : m.event ? `, ${m.event}` : "";
  return `${who}: ${m.shift} ${m.tile} → ${m.to_name}${found}`;
}

function statusOf(state) {
  if (!game) return ["Start a new game against the bot (new game), or watch the bot play itself (bot against bot).", ""];
  const w = state.winner;
  if (w !== null && w !== undefined) {
    const name = state.players[w].name;
    if (game.me === null) return [`${name} is home first and wins. The game is over.`, "good"];
    return w === game.me ? [`You (${name}) are home first: you win! The game is over.`, "good"]
      : [`The bot (${name}) is home first: you lose. The game is over.`, "bad"];
  }
  const mover = state.players[state.to_move];
  if (watching || game.me === null) return [`Bot against bot: ${mover.name} to move.`, ""];
  if (pending) return ["Walk: click a highlighted field (your own to stay), or take back the insertion.", ""];
  if (state.to_move !== game.me) return [`The bot (${mover.name}) is to move.`, ""];
  return [`Your move (${mover.name}): insert the spare at an arrow, then walk; ${targetWords(state, game.me)}.`, ""];
}

// ----- keys -----------------------------------------------------------------------------------

function shiftAt(i, j, rows, cols) {
  if (i === -1 && j >= 0 && j < cols) return `N${j}`;
  if (i === rows && j >= 0 && j < cols) return `S${j}`;
  if (j === -1 && i >= 0 && i < rows) return `W${i}`;
  if (j === cols && i >= 0 && i < rows) return `E${i}`;
  return null;
}

function moveCursor([di, dj]) {
  $("am-host").focus({ preventScroll: true });  // Enter acts on the cursor now, not on a focused arrow
  const { rows, cols } = shown;
  const i = Math.max(-1, Math.min(rows, cursor.i + di)), j = Math.max(-1, Math.min(cols, cursor.j + dj));
  const ringI = (v) => v === -1 || v === rows, ringJ = (v) => v === -1 || v === cols;
  if (ringI(i) && ringJ(j)) return;
  if ((ringI(i) && ringJ(cursor.j)) || (ringJ(j) && ringI(cursor.i))) return;
  cursor = { i, j };
  draw(ctxNow, shown);
}

function act() {
  const { rows, cols } = shown;
  const shift = shiftAt(cursor.i, cursor.j, rows, cols);
  if (shift) insert(shift);
  else walkTo(cursor.i * cols + cursor.j);
}

function shiftAtCursor([di, dj]) {
  const { rows, cols } = shown;
  const i = Math.max(0, Math.min(rows - 1, cursor.i)), j = Math.max(0, Math.min(cols - 1, cursor.j));
  if (dj) insert(dj > 0 ? `W${i}` : `E${i}`);
  else insert(di > 0 ? `N${j}` : `S${j}`);
}

function cursorWords(state) {
  const shift = shiftAt(cursor.i, cursor.j, state.rows, state.cols);
  if (shift) return `cursor on the end ${shift}${state.legal.includes(shift) ? ": Enter inserts the spare there" : " (no insertion there)"}`;
  return `cursor on ${cellName(state, cursor.i * state.cols + cursor.j)}`;
}

// ----- the answer of a solve ------------------------------------------------------------------

export function labels(frames) {
  return frames.map((f, i) => (i === 0 ? "start" : `turn ${i}`));
}

export function frameShown(ctx, frame) {
  const p = frame.players[frame.to_move];
  if (frame.step && p && p.target_cell === p.cell) ctx.message(`the target is reached in turn ${frame.step}`, "good");
  else ctx.message(frame.step ? `turn ${frame.step}: shift ${frame.last_shift}` : "");
}

export function summary(answer) {
  const out = [];
  if (answer.turns !== undefined && answer.turns !== null) out.push(["turns", answer.turns]);
  if (answer.nodes !== undefined) out.push(["search nodes", answer.nodes]);
  return out;
}

function backToGame() {
  viewing = false;
  if (game) drawGame();
  else if (loadedState) draw(ctxNow, loadedState);
  ctxNow.message("");
}

// ----- drawing --------------------------------------------------------------------------------

function drawGame() {
  if (!game) return;
  viewing = false;
  draw(ctxNow, pending ? pending.state : entry().state);
}

const HOW = `Each turn insert the spare tile at an arrow (turned as you like: t), which shifts the row or
  column and pushes the tile at the other end out as the new spare; you may not undo the previous
  shift. Then walk through open passages, or stay. Find your treasures one after the other (your
  target is ringed; the bot's is secret), then go back home: the first player home wins.`;

// The board's frame (pk.frame): made when the page opens, so the status line and the side panel
// are there before an instance is.
function frameOf(ctx) {
  return pk.frame(ctx, "am", { label: "aMAZEing Labyrinth board: arrow keys move the cursor, Enter inserts or walks",
    build: buildSide });
}

function buildSide(box) {
  pk.sidePanel(box, "am", {
    viewing: { note: "You are looking at the solver's plan (the fewest turns for the player to move to reach her target, alone).",
      back: "back to the game" },
    top: `<table id="am-score" class="pk-score" data-testid="scoreboard"></table>
      <p id="am-cursor" class="pk-note"></p>`,
    moves: "Turns",
    legend: true,
    how: `<p>${HOW}</p>`,
    keys: [
      ["click", "an arrow inserts the spare there; then a highlighted field walks there"],
      ["t", "turn the spare a quarter clockwise"],
      ["Tab", "to the board, then to each arrow; Enter or Space inserts the spare there"],
      ["←|→|↑|↓", "move the cursor over the board and onto the arrows around it (while the board has the focus)"],
      ["Enter|Space", "insert the spare at the arrow under the cursor, or walk to the cursor's field"],
      ["Shift+↓|Shift+↑", "insert the spare above or below the cursor's column (the column moves down or up)"],
      ["Shift+→|Shift+←", "insert the spare left or right of the cursor's row (the row moves right or left)"],
      ["Escape", "take back the insertion"], ["u|Ctrl+Z", "undo a turn (yours and the bot's reply)"], ["r|Ctrl+Y", "redo"],
    ],
    after: `<details id="am-position-box"><summary>The position (the game's JSON)</summary>
      <p class="pk-note">Paste it to load or solve this position.</p><pre id="am-position"></pre></details>`,
  });
  box.querySelector("#am-back").onclick = backToGame;
}

function side(state) {
  if (!$("am-side")) return;
  const inGame = !!game && !viewing;
  $("am-viewing").hidden = !viewing || !game;
  if (viewing) pk.setStatus($("am-status"), state.step ? `The solver's plan: after turn ${state.step}.` : "The solver's plan: the start.", "");
  else {
    const [words, kind] = statusOf(state);
    pk.setStatus($("am-status"), words, kind);
  }
  const score = $("am-score");
  score.replaceChildren();
  const shownState = inGame ? state : null;
  if (shownState) {
    const head = score.insertRow();
    for (const h of ["player", "found", "target", ""]) { const th = document.createElement("th"); th.textContent = h; head.appendChild(th); }
    shownState.players.forEach((p, i) => {
      const row = score.insertRow();
      if (i === shownState.to_move && shownState.winner === null) row.className = "now";
      const who = game.me === null ? "bot" : i === game.me ? "you" : "bot";
      const all = $("am-all").checked;
      const target = p.heading_home ? `home ${HOME}` : i === game.me || all ? p.target : "hidden";
      const cells = [`● ${p.name} (${who})`, `${game.total[i] - p.left} of ${game.total[i]}`, target,
        shownState.winner === i ? "home: wins" : p.heading_home ? "heading home" : i === shownState.to_move ? "to move" : ""];
      cells.forEach((c, k) => {
        const td = row.insertCell();
        td.textContent = c;
        if (k === 0) td.style.color = colourOf(p, i);
      });
      row.dataset.player = i;
    });
  }
  $("am-cursor").textContent = cursorWords(state);
  const entries = game ? game.hist.moves : [];
  pk.moveList($("am-moves"), entries.map((e) => e.moves.map(moveWords).join("; ")), { done: game ? game.hist.index : 0,
    pick: (k) => { if (watching) stopWatching(); pending = null; game.hist.goTo(k); drawGame(); } });
  $("am-position").textContent = game ? entry().position : "";
  const legend = [["square", MOVABLE, "movable tile"]];
  if (state.fixed.some(Boolean)) legend.push(["square", FIXED, "fixed tile"]);
  legend.push(["square", PASSAGE, "passage"]);
  if (Object.keys(state.treasures).some((t) => !t.startsWith(HOME))) legend.push(["text:A", TREASURE, "treasure"]);
  state.players.forEach((p, i) => {
    const whose = game && !viewing ? (game.me === null ? " (bot)" : i === game.me ? ": you" : ": the bot") : "";
    legend.push(["dot", colourOf(p, i), `player ${i + 1} (${p.name})${whose}`]);
  });
  for (const i of ringed(state)) legend.push(["ring", colourOf(state.players[i], i), `target of player ${i + 1}`]);
  if (game && !viewing) legend.push(["text:⌂", "#555", "home of a player, in her colour"]);
  legend.push(["arrow", SHIFT, "shiftable line: insert the spare there"]);
  if (state.last_shift) legend.push(["band", BAND, `line shifted last (the spare went in at ${state.last_shift})`]);
  if (pending && state === pending.state) legend.push(["square", "#a9c4f5", "fields you can walk to"]);
  if (state.walk && state.walk.length > 1) legend.push(["line", WALK, "walk"]);
  legend.push(["square", MOVABLE, "spare tile, beside the board (t turns it)"]);
  legend.push(["cursor", "#111", "keyboard cursor (while the board has the focus)"]);
  legend.push(["text:0", AXIS, "rows and columns numbered from 0 at the top left: (row,column)"]);
  pk.legend($("am-legend"), legend);
  $("am-undo").disabled = !game || (!game.hist.canUndo && !pending && !viewing);
  $("am-redo").disabled = !game || !game.hist.canRedo || viewing;
  $("am-rotate").disabled = !myTurn() || viewing;
  $("am-cancel").disabled = !pending;
}

// The players whose targets are ringed: in a game your own (all with "show all targets"); on a
// position or a plan, the player to move's.
function ringed(state) {
  const out = [];
  state.players.forEach((p, i) => {
    if (p.target_cell === null || p.target_cell === undefined || p.target_cell < 0) return;
    if (game && !viewing) {
      if (i === game.me || $("am-all").checked || p.heading_home) out.push(i);
    } else if (i === state.to_move) out.push(i);
  });
  return out;
}

function tile(parent, x, y, size, mask, fixed, attrs = {}) {
  const g = el("g", attrs, parent);
  el("rect", { x, y, width: size, height: size, fill: fixed ? FIXED : MOVABLE, stroke: "#3b2b1d", "stroke-width": 0.8 }, g);
  const cx = x + size / 2, cy = y + size / 2, w = size * 0.34;
  el("rect", { x: cx - w / 2, y: cy - w / 2, width: w, height: w, fill: PASSAGE }, g);
  for (const [bit, dx, dy] of [[N, 0, -1], [S, 0, 1], [E, 1, 0], [W, -1, 0]]) {
    if (!(mask & bit)) continue;
    const x0 = dx ? (dx > 0 ? cx : x) : cx - w / 2, y0 = dy ? (dy > 0 ? cy : y) : cy - w / 2;
    el("rect", { x: x0, y: y0, width: dx ? size / 2 : w, height: dy ? size / 2 : w, fill: PASSAGE }, g);
  }
  return g;
}

function rotateMask(mask, k) {
  let m = mask;
  for (let i = 0; i < k; i++) m = ((m << 1) | (m >> 3)) & 15;
  return m;
}

export function draw(ctx, state) {
  ctxNow = ctx;
  shown = state;
  const mine = (game && (state === entry().state || (pending && state === pending.state))) || (!game && state === loadedState);
  viewing = !mine;
  const { rows, cols } = state;
  const frame = frameOf(ctx);
  const pad = 58;  // the shift arrows (28 long) and, beyond them, the rows' and columns' numbers
  const width = pk.boardWidth(ctx, Infinity);
  const size = Math.max(pk.TAP + 2, Math.min(58, (width - 2 * pad) / (cols + 1.7)));
  const boardW = cols * size, boardH = rows * size;
  const svgW = boardW + 2 * pad + size * 1.7, svgH = Math.max(boardH + 2 * pad, size * 2 + 2 * pad);
  const svg = svgRoot(svgW, svgH, "aMAZEing Labyrinth board");
  svg.dataset.testid = "amazeing-board";
  el("rect", { x: 0, y: 0, width: svgW, height: svgH, fill: "white" }, svg);
  if (ctx.coordinates) axisLabels(svg, ctx.coordinates, rows, cols, { left: pad, top: pad, cell: size, gap: 46, size: 12 });
  const choosing = !!pending && state === pending.state && !viewing;
  const reach = new Set(choosing ? state.reach : []);
  const at = (cell) => [pad + (cell % cols) * size, pad + Math.floor(cell / cols) * size];
  for (let cell = 0; cell < rows * cols; cell++) {
    const [x, y] = at(cell);
    const can = choosing && reach.has(cell);
    const g = tile(svg, x, y, size, state.tiles[cell], state.fixed[cell], { class: `tile${can ? " clickable reach" : ""}`, "data-cell": cell });
    if (can) {
      el("rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, fill: REACH, "fill-opacity": 0.28, stroke: REACH, "stroke-width": 2 }, g);
      g.addEventListener("click", () => walkTo(cell));
    }
  }
  if (state.last_shift) {  // the line shifted last
    const side = state.last_shift[0], k = parseInt(state.last_shift.slice(1), 10);
    const band = side === "N" || side === "S" ? { x: pad + k * size, y: pad, width: size, height: boardH }
      : { x: pad, y: pad + k * size, width: boardW, height: size };
    el("rect", { ...band, fill: BAND, "fill-opacity": 0.22, stroke: BAND, "stroke-width": 2, class: "shifted", "pointer-events": "none" }, svg);
  }
  if (state.walk && state.walk.length > 1) {
    el("polyline", { points: state.walk.map((c) => { const [x, y] = at(c); return `${x + size / 2},${y + size / 2}`; }).join(" "),
      fill: "none", stroke: WALK, "stroke-width": 3, class: "walk", "pointer-events": "none" }, svg);
  }
  for (const [name, cell] of Object.entries(state.treasures)) {
    if (cell < 0) continue;
    const [x, y] = at(cell);
    if (name.startsWith(HOME)) {
      if (!game || viewing) continue;
      const i = state.players.findIndex((p) => HOME + p.name === name);
      if (i >= 0) text(svg, x + size * 0.17, y + size * 0.83, HOME, { "font-size": size * 0.3, fill: colourOf(state.players[i], i), "font-weight": "bold", class: "home", "pointer-events": "none" });
      continue;
    }
    text(svg, x + size / 2, y + size / 2, name, { "font-size": size * 0.3, fill: TREASURE, "font-weight": "bold", "pointer-events": "none" });
  }
  const rings = new Set(ringed(state));
  state.players.forEach((p, i) => {
    const colour = colourOf(p, i);
    if (rings.has(i)) {
      const [x, y] = at(p.target_cell);
      el("circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.38, fill: "none", stroke: colour, "stroke-width": 3, class: "target", "pointer-events": "none" }, svg);
    }
    const [x, y] = at(p.cell);
    const off = (i - (state.players.length - 1) / 2) * size * 0.16;
    el("circle", { cx: x + size / 2 + off, cy: y + size / 2 + off, r: size * 0.16, fill: colour, stroke: "white", "stroke-width": 1.5, class: "player", "pointer-events": "none" }, svg);
  });
  // the legal shifts: an arrow at each end of a shiftable line, buttons on your turn
  const playable = !viewing && myTurn() && !pending && !busy;
  for (const shift of state.legal) {
    const side = shift[0], k = parseInt(shift.slice(1), 10);
    let x0, y0, x1, y1;
    if (side === "N") { x0 = x1 = pad + k * size + size / 2; y0 = pad - 32; y1 = pad - 4; }
    if (side === "S") { x0 = x1 = pad + k * size + size / 2; y0 = pad + boardH + 32; y1 = pad + boardH + 4; }
    if (side === "W") { y0 = y1 = pad + k * size + size / 2; x0 = pad - 32; x1 = pad - 4; }
    if (side === "E") { y0 = y1 = pad + k * size + size / 2; x0 = pad + boardW + 32; x1 = pad + boardW + 4; }
    const a = arrow(svg, x0, y0, x1, y1, { colour: playable ? SHIFT : SHIFTABLE, width: 2.5, head: 9, class: "shift", "data-shift": shift });
    const along = side === "W" || side === "E";
    pk.hitArea(a, (x0 + x1) / 2, (y0 + y1) / 2, along ? 34 : size - 2, along ? size - 2 : 34);
    pk.button(a, `shift-${shift}`, `insert the spare at ${shift}`, () => insert(shift), playable);
  }
  const sx = pad + boardW + pad * 0.9, sy = pad;
  const spareMask = game && !pending && !viewing ? rotateMask(state.spare, rotation) : state.spare;
  tile(svg, sx, sy, size, spareMask, false, { class: "spare" });
  text(svg, sx + size / 2, sy + size + 11, "spare", { "font-size": 11, fill: "#555" });
  if (game && !pending && !viewing && myTurn()) text(svg, sx + size / 2, sy + size + 25, "t turns it", { "font-size": 10, fill: "#888" });
  const ring = (v, n) => (v === -1 ? [pad - 36, 34] : v === n ? [pad + n * size + 2, 34] : [pad + v * size, size]);
  const [cx, cw] = ring(cursor.j, cols), [cy, ch] = ring(cursor.i, rows);
  pk.cursorBox(svg, cx, cy, cw, ch);
  pk.render(frame.host, svg);
  side(state);
}
