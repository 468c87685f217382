// The Enchanted Forest: the board from its coordinates, the plan of the known rolls turn by turn,
// and play with unknown dice: roll (or enter) the dice, see where the turn can end with each
// field's exact chance of reaching the target, the best ringed; click a field to move there.
import { el, show, svgRoot, text } from "../svg.js";

let base = null;
let position = null;
let options = null;
let turnsLeft = 10;
const $ = (id) => document.getElementById(id);

export function setup(ctx) {
  ctx.controls.innerHTML = `<fieldset><legend>Play with unknown dice</legend>
    <label>dice <input type="number" id="forest-x" min="1" value="3" style="width:3.5em">
      <input type="number" id="forest-y" min="1" value="4" style="width:3.5em"></label>
    <button type="button" id="forest-roll">roll</button>
    <button type="button" id="forest-show">show the moves</button>
    <label>turns left <input type="number" id="forest-turns" min="1" max="200" value="10" style="width:4em"></label>
    <button type="button" id="forest-restart">restart</button></fieldset>
    <p id="forest-info" class="info" data-testid="odds"></p>`;
  $("forest-roll").onclick = () => {
    const d = base ? base.die : 6;
    $("forest-x").value = 1 + Math.floor(Math.random() * d);
    $("forest-y").value = 1 + Math.floor(Math.random() * d);
    showMoves(ctx);
  };
  $("forest-show").onclick = () => showMoves(ctx);
  $("forest-restart").onclick = () => { position = base.start; options = null; $("forest-turns").value = 10; redraw(ctx); ctx.message(""); };
}

export function loaded(ctx, info) {
  base = info.state;
  position = base.start;
  options = null;
}

function redraw(ctx) { ctx.draw({ ...base, position, walk: [] }); }

async function showMoves(ctx) {
  try {
    turnsLeft = parseInt($("forest-turns").value, 10) || 10;
    const odds = await ctx.play("roll", { position, dice: [parseInt($("forest-x").value, 10), parseInt($("forest-y").value, 10)],
      turns: turnsLeft });
    options = odds.options;
    redraw(ctx);
    $("forest-info").textContent = `from field ${base.fields[position].label} with ${odds.turns} turn(s) left the chance to reach the target is ${odds.chance_here}`;
    if (odds.best) ctx.message(`best move: field ${odds.best.label}, chance ${odds.best.chance} with ${odds.turns - 1} turn(s) after it`);
    else ctx.message("no legal turn with these dice", "bad");
  } catch (e) { ctx.error(e); }
}

function moveTo(ctx, field) {
  position = field;
  options = null;
  const left = Math.max(1, turnsLeft - 1);
  $("forest-turns").value = left;
  redraw(ctx);
  if (field === base.target) ctx.message("the target is reached", "good");
  else ctx.message(`moved to field ${base.fields[field].label}; roll again`);
}

export function labels(frames) {
  return frames.map((f, i) => (i === 0 ? "start" : `turn ${i}: roll ${f.roll ? f.roll.join("+") : ""}`));
}

export function frameShown(ctx, frame) {
  options = null;
  if (frame.step && frame.position === base.target) ctx.message(`the target is reached in turn ${frame.step}`, "good");
  else ctx.message(frame.step ? `turn ${frame.step} ends on field ${base.fields[frame.position].label}` : "");
}

export function summary(answer) {
  const out = [];
  if (answer.turns !== undefined) out.push(["turns", answer.turns]);
  if (answer.method) out.push(["method", answer.method]);
  return out;
}

export function draw(ctx, state) {
  const xs = state.fields.map((f) => f.x), ys = state.fields.map((f) => f.y);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const width = 640, pad = 22;
  const scale = (width - 2 * pad) / ((maxX - minX) || 1);
  const height = Math.max(200, Math.min(620, (maxY - minY) * scale + 2 * pad));
  const sy = Math.min(scale, (height - 2 * pad) / ((maxY - minY) || 1));
  const at = (f) => [pad + (f.x - minX) * scale, pad + (f.y - minY) * sy];
  const svg = svgRoot(width, height, "Enchanted Forest board");
  svg.dataset.testid = "forest-board";
  el("rect", { x: 0, y: 0, width, height, fill: "#f6f3e8" }, svg);
  for (const [u, v] of state.edges) {
    const [x1, y1] = at(state.fields[u]), [x2, y2] = at(state.fields[v]);
    el("line", { x1, y1, x2, y2, stroke: "#b8ad8f", "stroke-width": 1.5 }, svg);
  }
  if (state.walk && state.walk.length > 1) {
    el("polyline", { points: state.walk.map((v) => at(state.fields[v]).join(",")).join(" "), fill: "none",
      stroke: "#1f6feb", "stroke-width": 3, "stroke-linejoin": "round", class: "walk",
      "stroke-dasharray": state.jump ? "6 4" : null }, svg);
  }
  const r = Math.max(5, Math.min(12, 260 / Math.sqrt(state.fields.length)));
  const choice = new Map((options || []).map((o, i) => [o.field, { ...o, best: i === 0 }]));
  for (const f of state.fields) {
    const [x, y] = at(f);
    const option = choice.get(f.id);
    const g = el("g", { class: `field${option ? " option clickable" : ""}`, "data-field": f.id }, svg);
    el("circle", { cx: x, cy: y, r, fill: f.colour ? f.colour.toLowerCase() : f.special ? "#e7d9f7" : "white",
      stroke: f.special ? "#6a3d9a" : "#777", "stroke-width": f.special ? 2.5 : 1 }, g);
    if (f.id === state.target) el("circle", { cx: x, cy: y, r: r + 4, fill: "none", stroke: "#c0392b", "stroke-width": 2.5, class: "target" }, g);
    if (f.id === state.start) el("rect", { x: x - r - 3, y: y - r - 3, width: 2 * r + 6, height: 2 * r + 6, fill: "none", stroke: "#1e7b34", "stroke-width": 2 }, g);
    if (option) {
      el("circle", { cx: x, cy: y, r: r + 2, fill: "none", stroke: option.best ? "#f39c12" : "#1f6feb", "stroke-width": option.best ? 4 : 2,
        class: option.best ? "best" : "end" }, g);
      text(g, x, y - r - 9, option.chance, { "font-size": 9, fill: option.best ? "#b35c00" : "#1f4f9b" });
      g.addEventListener("click", () => moveTo(ctx, f.id));
    }
    el("title", { text: `field ${f.label}${f.special ? " (special)" : ""}` }, g);
  }
  const [px, py] = at(state.fields[state.position]);
  el("circle", { cx: px, cy: py, r: r * 0.6, fill: "#111", stroke: "white", "stroke-width": 1.5, class: "pawn" }, svg);
  show(ctx.board, svg);
}
