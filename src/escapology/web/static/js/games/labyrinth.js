// The Labyrinth: the board drawn from its state, every push of a plan with the avatar's reachable
// set, and pushes by hand (click an arrow beside a row or a column).
import { arrow, axisLabels, el, show, svgRoot } from "../svg.js";

const PATH = "#6b4f2a", REACH = "#cfe8ff", AVATAR = "#1f6feb", GOAL = "#c0392b", PUSHED = "#f39c12", FIELD = "#f4f1ea";
const N = 1, E = 2, S = 4, W = 8;
let plan = [];
let playing = false;

export function setup(ctx) {
  plan = [];
  playing = false;
  ctx.controls.innerHTML = `<fieldset><legend>Play</legend>
    <span id="lab-plan" data-testid="plan">click an arrow beside the board to push</span>
    <button type="button" id="lab-undo">undo</button>
    <button type="button" id="lab-restart">restart</button>
    <button type="button" id="lab-check">check my pushes</button></fieldset>`;
  document.getElementById("lab-undo").onclick = () => replayPlan(ctx, plan.slice(0, -1));
  document.getElementById("lab-restart").onclick = () => replayPlan(ctx, []);
  document.getElementById("lab-check").onclick = async () => {
    try {
      const verdict = await ctx.check(plan);
      ctx.message(verdict.summary, verdict.valid ? "good" : "bad");
    } catch (e) { ctx.error(e); }
  };
}

export function loaded(ctx) {
  plan = [];
  playing = false;
  showPlan();
}

function showPlan() {
  const span = document.getElementById("lab-plan");
  if (span) span.textContent = plan.length ? plan.map(([z, d, s]) => `push(${z},${d},${s}).`).join(" ")
    : "click an arrow beside the board to push";
}

async function replayPlan(ctx, pushes) {
  try {
    const shown = await ctx.frames(pushes);
    plan = pushes;
    playing = true;
    showPlan();
    ctx.draw(shown.frames[shown.frames.length - 1]);
    ctx.message("");
  } catch (e) { ctx.error(e); }
}

async function push(ctx, line, direction) {
  try {
    const moved = await ctx.play("move", { plan, push: [line, direction] });
    plan = moved.plan;
    playing = true;
    showPlan();
    ctx.draw(moved.state);
    if (moved.state.won) ctx.message(`goal reached after ${plan.length} push${plan.length === 1 ? "" : "es"}`, "good");
    else ctx.message(`${plan.length} of at most ${moved.state.max_steps} pushes`);
  } catch (e) { ctx.error(e); }
}

export function labels(frames) {
  return frames.map((f) => (f.push ? `push(${f.push[0]},${f.push[1]},${f.step}).` : "start"));
}

export function summary(answer) {
  const out = [];
  if (answer.pushes) out.push(["pushes", answer.pushes.length]);
  if (answer.optimal !== undefined) out.push(["optimal", answer.optimal ? "yes" : "no"]);
  if (answer.lower_bound !== undefined) out.push(["lower bound", answer.lower_bound]);
  return out;
}

export function frameShown(ctx, frame) {
  if (frame.won) ctx.message(`goal reached after push ${frame.step}`, "good");
  else ctx.message(frame.step ? `${frame.reach.length} field(s) reachable after push ${frame.step}` : "");
}

export function draw(ctx, state) {
  const n = state.n;
  const cell = Math.max(12, Math.min(44, 520 / n));
  const margin = 44;  // the push arrows (20 long) and, beyond them, the rows' and columns' numbers
  const size = n * cell;
  const svg = svgRoot(size + 2 * margin, size + 2 * margin, `Labyrinth board ${n}x${n}, step ${state.step}`);
  svg.dataset.testid = "labyrinth-board";
  el("rect", { x: 0, y: 0, width: size + 2 * margin, height: size + 2 * margin, fill: "white" }, svg);
  if (ctx.coordinates) axisLabels(svg, ctx.coordinates, n, n, { left: margin, top: margin, cell, gap: 36, size: Math.min(11, cell * 0.7) });
  const reach = new Set(state.reach);
  const centre = (p) => {
    const x = Math.floor(p / n), y = p % n;
    return [margin + y * cell + cell / 2, margin + (n - 1 - x) * cell + cell / 2];
  };
  const arm = Math.max(2, cell * 0.21);
  if (state.push) {
    const z = state.push[0] - 1;
    const rowPush = state.push[1] === "e" || state.push[1] === "w";
    const band = rowPush ? { x: margin, y: margin + (n - 1 - z) * cell, width: size, height: cell }
      : { x: margin + z * cell, y: margin, width: cell, height: size };
    el("rect", { ...band, fill: PUSHED, "fill-opacity": 0.35, class: "pushed" }, svg);
  }
  for (let p = 0; p < n * n; p++) {
    const [cx, cy] = centre(p);
    const g = el("g", { class: "field", "data-position": p }, svg);
    el("rect", { x: cx - cell / 2, y: cy - cell / 2, width: cell, height: cell,
      fill: reach.has(p) ? REACH : FIELD, "fill-opacity": state.push ? 0.85 : 1, stroke: "#b9b2a3", "stroke-width": 0.6,
      class: reach.has(p) ? "reach" : "" }, g);
    const mask = state.cells[p];
    for (const [bit, dx, dy] of [[N, 0, -1], [S, 0, 1], [E, 1, 0], [W, -1, 0]]) {
      if (mask & bit) el("line", { x1: cx, y1: cy, x2: cx + dx * cell / 2, y2: cy + dy * cell / 2, stroke: PATH, "stroke-width": arm }, g);
    }
    if (mask) el("circle", { cx, cy, r: arm / 2 + 0.5, fill: PATH }, g);
  }
  const [gx, gy] = centre(state.goal);
  el("circle", { cx: gx, cy: gy, r: cell * 0.3, fill: "none", stroke: GOAL, "stroke-width": Math.max(1.5, cell * 0.1), class: "goal" }, svg);
  for (const p of reach) {
    const [cx, cy] = centre(p);
    el("circle", { cx, cy, r: reach.size === 1 ? cell * 0.21 : cell * 0.14, fill: AVATAR, stroke: "white", "stroke-width": 0.6, class: "avatar" }, svg);
  }
  // push arrows: east on the left of each row, west on the right, north below each column, south above
  for (let z = 1; z <= n; z++) {
    const y = margin + (n - z) * cell + cell / 2;
    const x = margin + (z - 1) * cell + cell / 2;
    const arrows = [
      [margin - 24, y, margin - 4, y, "e"], [margin + size + 24, y, margin + size + 4, y, "w"],
      [x, margin + size + 24, x, margin + size + 4, "n"], [x, margin - 24, x, margin - 4, "s"],
    ];
    for (const [x0, y0, x1, y1, d] of arrows) {
      const active = state.push && state.push[0] === z && state.push[1] === d;
      const a = arrow(svg, x0, y0, x1, y1, { colour: active ? GOAL : "#9a8f7a", width: 2, head: 7,
        class: "push-arrow clickable", "data-push": `${z}${d}` });
      el("rect", { x: Math.min(x0, x1) - 6, y: Math.min(y0, y1) - 6, width: Math.abs(x1 - x0) + 12,
        height: Math.abs(y1 - y0) + 12, fill: "transparent" }, a);
      el("title", { text: `push ${d === "e" || d === "w" ? "row" : "column"} ${z} ${{ e: "east", w: "west", n: "north", s: "south" }[d]}` }, a);
      a.addEventListener("click", () => push(ctx, z, d));
    }
  }
  show(ctx.board, svg);
}
