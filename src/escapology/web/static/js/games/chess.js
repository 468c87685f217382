// Teleport chess: set up a position (click a field to put Alice or Bob there), see the verdict
// and step through its witness: Alice's moves, or Bob's capture on each field she can end on.
import { el, show, svgRoot, text } from "../svg.js";

const ALICE = "#1f6feb", BOB = "#c0392b";
const $ = (id) => document.getElementById(id);

export function setup(ctx) {
  ctx.controls.innerHTML = `<fieldset><legend>Set up</legend>
    <label>click the board to place <select id="chess-who"><option value="alice">Alice</option>
      <option value="bob">Bob</option></select></label>
    <span class="info">the verdict follows each placement</span></fieldset>`;
}

async function place(ctx, x, y) {
  try {
    const moved = await ctx.play("place", { who: $("chess-who").value, field: [x, y] });
    await ctx.setInstance(moved.text, ctx.instance.name || "position.txt");
    document.getElementById("solve").click();
  } catch (e) { ctx.error(e); }
}

export function labels(frames) {
  return frames.map((f, i) => (i === 0 ? "position" : f.mover === "bob" ? `Bob's capture ${i}` : `Alice, field ${i}`));
}

export function frameShown(ctx, frame) {
  ctx.message(frame.note || "", frame.note.includes("captures Bob") || frame.note.includes("draw") ? "good"
    : frame.note ? "bad" : "");
}

export function summary(answer) {
  const out = [];
  if (answer.outcome) out.push(["outcome", answer.outcome]);
  const w = answer.certificate && answer.certificate.witness;
  if (w && w.moves) out.push(["witness moves", w.moves.map((m) => `(${m})`).join(" ") || "none"]);
  if (w && w.how) out.push(["how", w.how]);
  if (w && w.reason) out.push(["why", w.reason]);
  return out;
}

export function draw(ctx, state) {
  if (!state.drawn) { ctx.board.textContent = `a ${state.n} x ${state.n} board is too large to draw`; return; }
  const n = state.n;
  const cell = Math.max(10, Math.min(48, 480 / n));
  const pad = 20;
  const svg = svgRoot(n * cell + 2 * pad, n * cell + 2 * pad, `teleport chess ${n}x${n}`);
  svg.dataset.testid = "chess-board";
  el("rect", { x: 0, y: 0, width: n * cell + 2 * pad, height: n * cell + 2 * pad, fill: "white" }, svg);
  const centre = ([x, y]) => [pad + (x - 1) * cell + cell / 2, pad + (n - y) * cell + cell / 2];
  for (let x = 1; x <= n; x++) {
    for (let y = 1; y <= n; y++) {
      const [cx, cy] = centre([x, y]);
      const r = el("rect", { x: cx - cell / 2, y: cy - cell / 2, width: cell, height: cell,
        fill: (x + y) % 2 ? "#f0d9b5" : "#b58863", class: "square clickable", "data-field": `${x},${y}` }, svg);
      r.addEventListener("click", () => place(ctx, x, y));
    }
  }
  const path = state.path || [];
  for (let i = 1; i < path.length; i++) {
    const [x0, y0] = centre(path[i - 1]), [x1, y1] = centre(path[i]);
    el("line", { x1: x0, y1: y0, x2: x1, y2: y1, stroke: state.mover === "bob" ? BOB : ALICE, "stroke-width": 3,
      "stroke-dasharray": i === path.length - 1 ? null : "5 3", class: "witness" }, svg);
  }
  for (const f of path) {
    const [cx, cy] = centre(f);
    el("circle", { cx, cy, r: cell * 0.12, fill: state.mover === "bob" ? BOB : ALICE, class: "visited" }, svg);
  }
  const alice = state.mover === "alice" && path.length ? path[path.length - 1] : state.alice;
  const bob = state.mover === "bob" && path.length ? path[path.length - 1] : state.bob;
  for (const [who, f, colour, letter] of [["alice", alice, ALICE, "A"], ["bob", bob, BOB, "B"]]) {
    const [cx, cy] = centre(f);
    const g = el("g", { class: `piece ${who}` }, svg);
    el("circle", { cx, cy, r: cell * 0.36, fill: colour, stroke: "white", "stroke-width": 2 }, g);
    text(g, cx, cy, letter, { "font-size": cell * 0.4, fill: "white", "font-weight": "bold", "pointer-events": "none" });
    g.style.pointerEvents = "none";
  }
  show(ctx.board, svg);
}
