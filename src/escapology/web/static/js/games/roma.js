// Roma: solve by hand (click a cell to turn its arrow), the checker's error marks, hints on
// request, and the solver's answer filled in row by row.
import { axisLabels, cellName, el, show, svgRoot, text } from "../svg.js";

const CYCLE = [".", "^", ">", "v", "<"];
const GLYPH = { "^": "↑", ">": "→", "v": "↓", "<": "←", "O": "◯" };
let base = null;
let grid = null;
let marks = new Map();   // "r,c" -> "error" | "hint"
let handMode = true;

const $ = (id) => document.getElementById(id);

export function setup(ctx) {
  ctx.controls.innerHTML = `<fieldset><legend>Solve by hand</legend>
    <span class="info">click a cell to turn its arrow</span>
    <button type="button" id="roma-check">check</button>
    <button type="button" id="roma-hint">hint</button>
    <button type="button" id="roma-clear">clear</button></fieldset>`;
  $("roma-check").onclick = () => checkGrid(ctx);
  $("roma-hint").onclick = () => hint(ctx);
  $("roma-clear").onclick = () => { grid = base.givens.slice(); marks = new Map(); handMode = true; redraw(ctx); ctx.message(""); };
}

export function loaded(ctx, info) {
  base = info.state;
  grid = base.givens ? base.givens.slice() : null;
  marks = new Map();
  handMode = true;
}

function redraw(ctx) { ctx.draw({ ...base, grid }); }

function setCell(r, c, symbol) {
  grid = grid.map((row, i) => (i === r ? row.slice(0, c) + symbol + row.slice(c + 1) : row));
}

async function checkGrid(ctx) {
  try {
    const verdict = await ctx.play("check", { grid });
    marks = new Map();
    for (const error of verdict.errors) for (const [r, c] of error.cells) marks.set(`${r},${c}`, "error");
    redraw(ctx);
    if (verdict.solved) ctx.message("solved: every path leads to Rome", "good");
    else if (verdict.errors.length) ctx.message(verdict.errors[0].message + (verdict.errors.length > 1 ? ` (and ${verdict.errors.length - 1} more)` : ""), "bad");
    else ctx.message(`no error so far; ${verdict.empty} cell(s) still empty`);
  } catch (e) { ctx.error(e); }
}

async function hint(ctx) {
  try {
    const found = await ctx.play("hint", { grid });
    if (!found.cell) { ctx.message("the grid is the solution already", "good"); return; }
    const [r, c] = found.cell;
    setCell(r, c, found.symbol);
    marks = new Map([[`${r},${c}`, "hint"]]);
    redraw(ctx);
    const what = found.rule === "wrong" ? "is wrong, take it away" : `holds ${GLYPH[found.symbol] || found.symbol}`;
    ctx.message(`hint: cell ${cellName(ctx.coordinates, r, c, base.rows)} ${what} (${found.rule}, level ${found.level}): ${found.because || ""}`);
  } catch (e) { ctx.error(e); }
}

// the solver's answer is shown row by row: frame i (i >= 1) has its first i rows filled (a count,
// not a row's number: rows are numbered from 0, as every message names a cell)
export function labels(frames) {
  return frames.map((f, i) => (i === 0 ? "the givens" : `solution, ${i} row${i === 1 ? "" : "s"}`));
}

export function frameShown(ctx, frame) {
  handMode = false;
  grid = frame.grid ? frame.grid.slice() : grid;
  ctx.message(frame.step ? `the solver's answer, its first ${frame.step} row${frame.step === 1 ? "" : "s"}` : "");
}

export function summary(answer) {
  return answer.unique === undefined ? [] : [["unique", answer.unique === null ? "not settled" : answer.unique ? "yes" : "no"]];
}

export function draw(ctx, state) {
  if (state.svg) { show(ctx.board, state.svg); return; }
  const { rows, cols, boxes, givens } = state;
  const cells = state.grid || givens;
  const size = Math.max(28, Math.min(60, 520 / Math.max(rows, cols)));
  const pad = 30;  // room for the rows' and columns' numbers
  const svg = svgRoot(cols * size + 2 * pad, rows * size + 2 * pad, `Roma puzzle ${rows}x${cols}`);
  svg.dataset.testid = "roma-board";
  el("rect", { x: 0, y: 0, width: cols * size + 2 * pad, height: rows * size + 2 * pad, fill: "white" }, svg);
  if (ctx.coordinates) axisLabels(svg, ctx.coordinates, rows, cols, { left: pad, top: pad, cell: size, gap: 14 });
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = pad + c * size, y = pad + r * size;
      const mark = marks.get(`${r},${c}`);
      const given = givens[r][c] !== ".";
      const g = el("g", { class: `cell${given ? " given" : " clickable"}`, "data-cell": `${r},${c}` }, svg);
      el("rect", { x, y, width: size, height: size, stroke: "#bbb", "stroke-width": 0.5,
        fill: mark === "error" ? "#f8c9c4" : mark === "hint" ? "#c9f0d0" : "white", class: mark || "" }, g);
      const symbol = cells[r][c];
      if (symbol === "O") el("circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.3, fill: "none", stroke: "#c0392b", "stroke-width": 3 }, g);
      else if (symbol !== ".") text(g, x + size / 2, y + size / 2, GLYPH[symbol], { "font-size": size * 0.6,
        fill: given ? "#111" : "#1f6feb", "font-weight": given ? "bold" : "normal", class: "arrow" });
      if (!given) g.addEventListener("click", () => {
        if (!handMode) { handMode = true; }
        setCell(r, c, CYCLE[(CYCLE.indexOf(grid[r][c]) + 1) % CYCLE.length]);
        marks.delete(`${r},${c}`);
        redraw(ctx);
      });
    }
  }
  // box borders: thick where the neighbour is in another box
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = pad + c * size, y = pad + r * size;
      if (c + 1 === cols || boxes[r][c] !== boxes[r][c + 1]) el("line", { x1: x + size, y1: y, x2: x + size, y2: y + size, stroke: "#222", "stroke-width": 2.5 }, svg);
      if (r + 1 === rows || boxes[r][c] !== boxes[r + 1][c]) el("line", { x1: x, y1: y + size, x2: x + size, y2: y + size, stroke: "#222", "stroke-width": 2.5 }, svg);
      if (c === 0) el("line", { x1: x, y1: y, x2: x, y2: y + size, stroke: "#222", "stroke-width": 2.5 }, svg);
      if (r === 0) el("line", { x1: x, y1: y, x2: x + size, y2: y, stroke: "#222", "stroke-width": 2.5 }, svg);
    }
  }
  show(ctx.board, svg);
}
