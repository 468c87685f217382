// Nemesis and Blizzard: the graph (exits red, the fugitive black, winning starts shaded), the line
// of play of the solver's strategy step by step, and play against the solver: as the fugitive
// click a neighbour, as the Nemesis click an edge to delete.
import { el, show, svgRoot, text } from "../svg.js";

const EXIT = "#d62728", FUGITIVE = "#111", WINNING = "#9cf", VERTEX = "#eee", EDGE = "#555", STRUCK = "#6a3d9a";
let base = null;     // the loaded state (vertices, edges)
let play = null;     // {position, mult, deleted, winner}
let winning = new Set();
let values = null;   // Cat Herding: every vertex's value
let lastShown = null;

const isCat = () => $("nem-game") && $("nem-game").value.startsWith("cat");

const $ = (id) => document.getElementById(id);

export function setup(ctx) {
  ctx.controls.innerHTML = `<fieldset><legend>Play against the solver</legend>
    <label>game <select id="nem-game"><option>nemesis</option><option>blizzard</option>
      <option value="cat">cat herding</option><option value="cat-1">cat herding, speed 1</option></select></label>
    <label>you are <select id="nem-side"><option value="fugitive">the fugitive</option>
      <option value="nemesis">the Nemesis</option></select></label>
    <button type="button" id="nem-new">new game</button>
    <button type="button" id="nem-starts">shade winning starts</button></fieldset>
    <p id="nem-log" class="info" data-testid="log"></p>`;
  $("nem-new").onclick = () => newGame(ctx);
  $("nem-starts").onclick = () => shadeStarts(ctx);
  $("nem-game").onchange = () => {
    winning = new Set();
    values = null;
    const cat = isCat();
    $("nem-side").options[0].text = cat ? "the cat" : "the fugitive";
    $("nem-side").options[1].text = cat ? "the herder" : "the Nemesis";
    $("nem-starts").textContent = cat ? "show cat numbers" : "shade winning starts";
    newGame(ctx);
  };
  $("nem-side").onchange = () => newGame(ctx);
}

export function loaded(ctx, info) {
  base = info.state;
  winning = new Set();
  values = null;
  play = null;
  $("nem-log").textContent = base.start ? "" : "this instance has no start: add start(V).";
}

async function newGame(ctx) {
  if (!base) return;
  play = { position: base.start, mult: base.mult.slice(), deleted: [], winner: null, targets: null };
  const side = $("nem-side");
  $("nem-log").textContent = `${$("nem-game").value}: you are ${side.options[side.selectedIndex].text}`;
  // the solver opens: the fugitive's first move, or the herder's first deletion
  if ((side.value === "nemesis") !== isCat()) await round(ctx, null);
  else ctx.draw({ ...base, ...play });
}

async function round(ctx, move) {
  try {
    const next = await ctx.play("reply", { game: $("nem-game").value, side: $("nem-side").value,
      position: play.position, mult: play.mult, deleted: play.deleted, move });
    play = next;
    $("nem-log").textContent = next.log.join("; ") + (next.note ? `: ${next.note}` : "");
    ctx.draw({ ...base, ...play });
    if (isCat()) ctx.message(next.winner ? next.note : `${next.value} more deletion(s) with best play`, next.winner ? "good" : "");
    else if (next.winner) ctx.message(`${next.winner === $("nem-side").value ? "you win" : "the solver wins"}: ${next.note}`,
      next.winner === $("nem-side").value ? "good" : "bad");
    else ctx.message("");
  } catch (e) { ctx.error(e); }
}

async function shadeStarts(ctx) {
  if (isCat()) {
    try {
      values = await ctx.play("cat_numbers", { game: $("nem-game").value });
      ctx.message(`the cat number: ${Math.max(...Object.values(values))} (each vertex labelled with its value)`);
      ctx.draw(lastShown || base);
    } catch (e) { ctx.error(e); }
    return;
  }
  try {
    winning = new Set(await ctx.play("starts", { game: $("nem-game").value }));
    ctx.message(`${winning.size} winning start(s) for the fugitive in ${$("nem-game").value}`);
    ctx.draw(lastShown || base);
  } catch (e) { ctx.error(e); }
}

export function labels(frames) {
  return frames.map((f, i) => (i === 0 ? "start" : `round ${i}: to ${f.position}`));
}

export function frameShown(ctx, frame) {
  if (frame.note) ctx.message(frame.note, frame.note.includes("escapes") ? "good" : "bad");
  else ctx.message(frame.deleted.length ? `deleted: ${frame.deleted.map((e) => e.join("-")).join(", ")}` : "");
}

export function summary(answer) {
  const out = [];
  if (answer.winner) out.push(["winner", answer.winner]);
  if (answer.game) out.push(["game", answer.game]);
  if (answer.nodes !== undefined) out.push(["search nodes", answer.nodes]);
  return out;
}

export function draw(ctx, state) {
  lastShown = state;
  const xs = state.vertices.map((v) => v.x), ys = state.vertices.map((v) => v.y);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const width = 620, height = 460, pad = 30;
  const sx = (maxX - minX) || 1, sy = (maxY - minY) || 1;
  const scale = Math.min((width - 2 * pad) / sx, (height - 2 * pad) / sy);
  const at = {};
  for (const v of state.vertices) at[v.name] = [pad + (v.x - minX) * scale, pad + (maxY - v.y) * scale];
  const r = Math.max(7, Math.min(16, 240 / Math.sqrt(state.vertices.length + 1)));
  const svg = svgRoot(width, height, "Nemesis graph");
  svg.dataset.testid = "nemesis-board";
  el("rect", { x: 0, y: 0, width, height, fill: "white" }, svg);
  const mult = state.mult || state.edges.map((e) => e.mult);
  const fugitiveTurn = play && !play.winner && $("nem-side")?.value === "fugitive";
  const nemesisTurn = play && !play.winner && $("nem-side")?.value === "nemesis";
  for (const edge of state.edges) {
    const [x1, y1] = at[edge.a], [x2, y2] = at[edge.b];
    const left = mult[edge.id];
    const g = el("g", { class: `edge${nemesisTurn && left ? " clickable" : ""}`, "data-edge": `${edge.a}-${edge.b}` }, svg);
    el("line", { x1, y1, x2, y2, stroke: left ? EDGE : STRUCK, "stroke-width": left ? 2 : 1.5,
      "stroke-dasharray": left ? null : "4 3" }, g);
    el("line", { x1, y1, x2, y2, stroke: "transparent", "stroke-width": 12 }, g);
    if (edge.mult > 1) text(g, (x1 + x2) / 2, (y1 + y2) / 2 - 6, `${left}/${edge.mult}`, { "font-size": 9, fill: "#333" });
    if (nemesisTurn && left) g.addEventListener("click", () => round(ctx, [edge.a, edge.b]));
  }
  const neighbours = new Set();
  if (fugitiveTurn && isCat()) {
    for (const v of play.targets || []) neighbours.add(v);
  } else if (fugitiveTurn) {
    for (const edge of state.edges) {
      if (!mult[edge.id]) continue;
      if (edge.a === state.position) neighbours.add(edge.b);
      if (edge.b === state.position) neighbours.add(edge.a);
    }
  }
  for (const v of state.vertices) {
    const [x, y] = at[v.name];
    const here = v.name === state.position;
    const g = el("g", { class: `vertex${neighbours.has(v.name) ? " clickable" : ""}`, "data-vertex": v.name }, svg);
    el("circle", { cx: x, cy: y, r, fill: here ? FUGITIVE : v.exit ? EXIT : winning.has(v.name) ? WINNING : VERTEX,
      stroke: neighbours.has(v.name) ? "#1f6feb" : "#333", "stroke-width": neighbours.has(v.name) ? 3 : 1,
      class: here ? "fugitive" : v.exit ? "exit" : winning.has(v.name) ? "winning" : "" }, g);
    if (r >= 9) text(g, x, y, v.name, { "font-size": Math.min(11, r), fill: here || v.exit ? "white" : "#222" });
    else el("title", { text: v.name }, g);
    if (values && values[v.name] !== undefined) {
      text(g, x + r + 5, y - r, String(values[v.name]), { "font-size": 10, fill: "#6a3d9a", "font-weight": "bold", class: "cat-value" });
    }
    if (neighbours.has(v.name)) g.addEventListener("click", () => round(ctx, v.name));
  }
  show(ctx.board, svg);
}
