// The aMAZEing Labyrinth: the board, the fewest-turns plan step by step, and a game against the
// bot: click an arrow to insert the spare there (turn it first with "rotate"), then click where
// to walk; or watch the bot play itself.
import { arrow, axisLabels, el, show, svgRoot, text } from "../svg.js";

const N = 1, E = 2, S = 4, W = 8;
const COLOURS = { red: "#d62728", yellow: "#e6b800", green: "#2ca02c", blue: "#1f6feb" };
const PALETTE = ["#d62728", "#e6b800", "#2ca02c", "#1f6feb"];
let game = null;      // {position, state}
let pending = null;   // {shift, state}: the spare inserted, the destination not chosen yet
let rotation = 0;
let watching = null;
const $ = (id) => document.getElementById(id);

export function setup(ctx) {
  ctx.controls.innerHTML = `<fieldset><legend>Play against the bot</legend>
    <label>seed <input type="number" id="am-seed" value="1" style="width:4em"></label>
    <label>cards <input type="number" id="am-cards" value="2" min="1" max="12" style="width:3.5em"></label>
    <button type="button" id="am-new">new game</button>
    <button type="button" id="am-rotate">rotate the spare</button>
    <button type="button" id="am-watch">bot against bot</button></fieldset>
    <p id="am-log" class="info" data-testid="log"></p>`;
  $("am-new").onclick = () => newGame(ctx);
  $("am-rotate").onclick = () => { rotation = (rotation + 1) % 4; if (pending) insert(ctx, pending.shift); else redraw(ctx); };
  $("am-watch").onclick = () => watch(ctx);
}

export function loaded() { game = null; pending = null; rotation = 0; stopWatching(); }

function redraw(ctx) { if (game) ctx.draw(game.state); }

function log(ctx, lines) {
  const box = $("am-log");
  box.textContent = lines.join("; ");
}

async function newGame(ctx) {
  stopWatching();
  try {
    game = await ctx.play("new_game", { seed: parseInt($("am-seed").value, 10) || 1,
      cards: parseInt($("am-cards").value, 10) || 2 });
    pending = null;
    rotation = 0;
    redraw(ctx);
    const me = game.state.players[game.state.to_move];
    ctx.message(`you are ${me.name}: find ${me.target}; click an arrow to insert the spare`);
  } catch (e) { ctx.error(e); }
}

async function insert(ctx, shift) {
  try {
    const shown = await ctx.play("preview", { position: game.position, shift, rotation });
    pending = { shift, state: shown.state };
    ctx.draw(shown.state);
    ctx.message(`inserted at ${shift}: click a highlighted field to walk there`);
  } catch (e) { ctx.error(e); }
}

async function walkTo(ctx, cell) {
  try {
    ctx.message("the bot is thinking…");
    game = await ctx.play("turn", { position: game.position, shift: pending.shift, rotation, to: cell });
    pending = null;
    rotation = 0;
    redraw(ctx);
    log(ctx, game.events);
    if (game.winner !== null) ctx.message(`${game.state.players[game.winner].name} is home and wins`, game.winner === 0 ? "good" : "bad");
    else ctx.message(`your target: ${game.state.players[game.state.to_move].target}`);
  } catch (e) { ctx.error(e); }
}

function stopWatching() {
  watching = null;
  const button = $("am-watch");
  if (button) button.textContent = "bot against bot";
}

async function watch(ctx) {
  if (watching) { stopWatching(); return; }
  if (!game) await newGame(ctx);
  watching = {};
  const token = watching;
  $("am-watch").textContent = "stop";
  for (let turn = 0; turn < 200 && watching === token; turn++) {
    try {
      game = await ctx.play("bot", { position: game.position });
    } catch (e) { ctx.error(e); break; }
    if (watching !== token) break;
    redraw(ctx);
    log(ctx, game.events);
    if (game.winner !== null) { ctx.message(`${game.state.players[game.winner].name} is home and wins`, "good"); break; }
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  if (watching === token) stopWatching();
}

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

function tile(parent, x, y, size, mask, fixed, attrs = {}) {
  const g = el("g", attrs, parent);
  el("rect", { x, y, width: size, height: size, fill: fixed ? "#5a4330" : "#8a6a45", stroke: "#3b2b1d", "stroke-width": 0.8 }, g);
  const cx = x + size / 2, cy = y + size / 2, w = size * 0.34;
  el("rect", { x: cx - w / 2, y: cy - w / 2, width: w, height: w, fill: "#f3e6c4" }, g);
  for (const [bit, dx, dy] of [[N, 0, -1], [S, 0, 1], [E, 1, 0], [W, -1, 0]]) {
    if (!(mask & bit)) continue;
    const x0 = dx ? (dx > 0 ? cx : x) : cx - w / 2, y0 = dy ? (dy > 0 ? cy : y) : cy - w / 2;
    el("rect", { x: x0, y: y0, width: dx ? size / 2 : w, height: dy ? size / 2 : w, fill: "#f3e6c4" }, g);
  }
  return g;
}

function rotateMask(mask, k) {
  let m = mask;
  for (let i = 0; i < k; i++) m = ((m << 1) | (m >> 3)) & 15;
  return m;
}

export function draw(ctx, state) {
  const { rows, cols } = state;
  const size = Math.max(24, Math.min(58, 460 / Math.max(rows, cols)));
  const pad = 44;  // the shift arrows (20 wide) and, beyond them, the rows' and columns' numbers
  const width = cols * size + 2 * pad + size * 1.8, height = rows * size + 2 * pad;
  const svg = svgRoot(width, height, "aMAZEing Labyrinth board");
  svg.dataset.testid = "amazeing-board";
  el("rect", { x: 0, y: 0, width, height, fill: "white" }, svg);
  if (ctx.coordinates) axisLabels(svg, ctx.coordinates, rows, cols, { left: pad, top: pad, cell: size, gap: 34 });
  const reach = new Set(pending || (game && state === game.state) ? state.reach : []);
  const choosing = !!pending && state === pending.state;
  const at = (cell) => [pad + (cell % cols) * size, pad + Math.floor(cell / cols) * size];
  for (let cell = 0; cell < rows * cols; cell++) {
    const [x, y] = at(cell);
    const g = tile(svg, x, y, size, state.tiles[cell], state.fixed[cell], { class: `tile${choosing && reach.has(cell) ? " clickable reach" : ""}`, "data-cell": cell });
    if (choosing && reach.has(cell)) {
      el("rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, fill: "#1f6feb", "fill-opacity": 0.25, stroke: "#1f6feb", "stroke-width": 2 }, g);
      g.addEventListener("click", () => walkTo(ctx, cell));
    }
  }
  if (state.walk && state.walk.length > 1) {
    el("polyline", { points: state.walk.map((c) => { const [x, y] = at(c); return `${x + size / 2},${y + size / 2}`; }).join(" "),
      fill: "none", stroke: "#1f6feb", "stroke-width": 3, class: "walk" }, svg);
  }
  for (const [name, cell] of Object.entries(state.treasures)) {
    if (cell < 0 || name.startsWith("⌂")) continue;
    const [x, y] = at(cell);
    text(svg, x + size / 2, y + size / 2, name, { "font-size": size * 0.3, fill: "#7a1f1f", "font-weight": "bold", "pointer-events": "none" });
  }
  state.players.forEach((p, i) => {
    const colour = COLOURS[p.name] || PALETTE[i % PALETTE.length];
    if (p.target_cell !== null && p.target_cell !== undefined && p.target_cell >= 0 && i === state.to_move) {
      const [x, y] = at(p.target_cell);
      el("circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.36, fill: "none", stroke: colour, "stroke-width": 3, class: "target", "pointer-events": "none" }, svg);
    }
    const [x, y] = at(p.cell);
    const off = (i - (state.players.length - 1) / 2) * size * 0.16;
    el("circle", { cx: x + size / 2 + off, cy: y + size / 2 + off, r: size * 0.16, fill: colour, stroke: "white", "stroke-width": 1.5, class: "player", "pointer-events": "none" }, svg);
  });
  // the legal shifts: an arrow at each end of a shiftable line, clickable during a game
  const playing = game && !pending && state === game.state && game.winner === null && !watching;
  for (const shift of state.legal) {
    const side = shift[0], i = parseInt(shift.slice(1), 10);
    let x0, y0, x1, y1;
    if (side === "N") { x0 = x1 = pad + i * size + size / 2; y0 = pad - 24; y1 = pad - 4; }
    if (side === "S") { x0 = x1 = pad + i * size + size / 2; y0 = height - pad + 24; y1 = height - pad + 4; }
    if (side === "W") { y0 = y1 = pad + i * size + size / 2; x0 = pad - 24; x1 = pad - 4; }
    if (side === "E") { y0 = y1 = pad + i * size + size / 2; x0 = pad + cols * size + 24; x1 = pad + cols * size + 4; }
    const a = arrow(svg, x0, y0, x1, y1, { colour: playing ? "#c0392b" : "#d9a9a3", width: 2.5, head: 8,
      class: `shift${playing ? " clickable" : ""}`, "data-shift": shift });
    el("rect", { x: Math.min(x0, x1) - 8, y: Math.min(y0, y1) - 8, width: Math.abs(x1 - x0) + 16, height: Math.abs(y1 - y0) + 16, fill: "transparent" }, a);
    if (playing) a.addEventListener("click", () => insert(ctx, shift));
  }
  const sx = pad + cols * size + pad + size * 0.3;
  tile(svg, sx, pad, size, game && !pending ? rotateMask(state.spare, rotation) : state.spare, false, { class: "spare" });
  text(svg, sx + size / 2, pad + size + 10, "spare", { "font-size": 10, fill: "#555" });
  show(ctx.board, svg);
}
