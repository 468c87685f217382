// Roma: solved by hand as a game with an end (the grid full and every path leading to Rome), the
// moves listed, undo and redo; the checker's marks, hints, the puzzle's puzz.link URL in and out;
// the solver's answer row by row. Every move can be made with the keyboard, as in Simon Tatham's
// puzzles: the arrow keys move a cursor, ^ v < > (or w a s d) set its arrow, . or Backspace
// clears it, Enter or Space turns it.
import { axisLabels, cellName, el, svgRoot, text } from "../svg.js";
import * as pk from "./playkit.js";

const CYCLE = [".", "^", ">", "v", "<"];
const GLYPH = { "^": "↑", ">": "→", "v": "↓", "<": "←", "O": "◯" };
const KEYS = { "^": "^", w: "^", W: "^", v: "v", V: "v", s: "v", S: "v", "<": "<", a: "<", A: "<", ">": ">", d: ">", D: ">",
  ".": ".", Backspace: ".", Delete: "." };
// the Python picture's colours (roma.drawing): given arrows black, the solver's blue; yours here
// blue too (they are the grid's arrows), the checker's violations red, a hint green
const YOURS = "#1f6feb", SOLVED = "#1f6feb", ERROR = "#f8c9c4", HINT = "#c9f0d0", CURSOR = "#e67e22", GOAL = "#c0392b";

let base = null;                  // the loaded puzzle
let history = new pk.History();   // {grid, lines, marks, over} after each move of yours
let viewing = null;               // a frame of the solver's answer shown instead of your grid
let cursor = [0, 0];
let busy = false;
let epoch = 0;
let coords = null;

const $ = (id) => document.getElementById(id);
const name = (r, c) => cellName(coords, r, c, base ? base.rows : 0);

export function setup(ctx) {
  coords = ctx.coordinates;
  ctx.controls.innerHTML = `<fieldset><legend>Solve by hand</legend>
      <button type="button" id="roma-undo" title="u or Ctrl+Z">undo</button>
      <button type="button" id="roma-redo" title="r or Ctrl+Y">redo</button>
      <button type="button" id="roma-check" title="c">check</button>
      <button type="button" id="roma-hint" title="h">hint</button>
      <button type="button" id="roma-clear">clear</button></fieldset>
    <fieldset><legend>puzz.link</legend>
      <label>URL <input type="text" id="roma-url" size="34" spellcheck="false" placeholder="https://puzz.link/p?roma/..."></label>
      <button type="button" id="roma-import" data-without-instance>import</button>
      <button type="button" id="roma-export">export</button></fieldset>`;
  frameOf(ctx);
  $("roma-undo").onclick = () => undoRedo(ctx, "undo");
  $("roma-redo").onclick = () => undoRedo(ctx, "redo");
  $("roma-check").onclick = () => checkGrid(ctx, { said: true });
  $("roma-hint").onclick = () => hint(ctx);
  $("roma-clear").onclick = () => {
    const s = current(ctx);
    if (!s) return;
    if (viewing || busy) { refuse(ctx); return; }
    commit(ctx, base.givens.slice(), "clear: back to the givens");
  };
  $("roma-import").onclick = () => importUrl(ctx);
  $("roma-url").addEventListener("keydown", (e) => { if (e.key === "Enter") importUrl(ctx); });
  $("roma-export").onclick = () => exportUrl(ctx);
  pk.keys(ctx, (event, what) => onKey(ctx, event, what));
  base = null;
  history = new pk.History();
}

const HOW = `<p>Every cell but a Roma cell (◯) gets an arrow; no direction twice in
  a box (the thick borders), and from every cell the arrows lead to a Roma cell: no loop, no arrow off
  the board. The black arrows are given; yours are blue. The puzzle is over when the grid is full and
  the checker finds nothing wrong. Cells are named (row,column) from 0 at the top left.</p>`;

const KEY_ROWS = [
  ["click", "a cell turns its arrow"],
  ["←|→|↑|↓", "move the cursor (while your grid is on the board)"],
  ["^|v|<|>", "set the arrow under the cursor (or w s a d)"],
  [".|Backspace|Delete", "clear it"],
  ["Enter|Space", "turn it as a click does"],
  ["u|Ctrl+Z", "undo"], ["r|Ctrl+Y", "redo"], ["h", "hint"], ["c", "check"],
  ["Esc", "back to your grid from the solver's answer"],
];

function buildSide(ctx, box) {
  pk.sidePanel(box, "roma", {
    viewing: { note: "You are looking at the solver's answer.", back: "back to my grid" },
    moves: "Moves",
    legend: true,
    more: `<div id="roma-exported" hidden><h3>pzprjs file with your arrows (as exported)</h3>
      <textarea id="roma-pzprv3" rows="6" readonly aria-label="pzprjs file with your arrows"></textarea></div>`,
    how: HOW,
    keys: KEY_ROWS,
  });
  box.querySelector("#roma-back").onclick = () => backToGrid(ctx);
}

// The board's frame (pk.frame): made when the page opens, so the status line and the side panel
// are there before an instance is.
function frameOf(ctx) {
  return pk.frame(ctx, "roma", { label: "Roma grid: arrow keys move the cursor, ^ v < > set its arrow",
    build: (box) => buildSide(ctx, box), fit: true });
}

export function loaded(ctx, info) {
  base = info.state.givens ? info.state : null;
  viewing = null;
  exported = null;
  cursor = [0, 0];
  epoch += 1;
  busy = false;
  history = new pk.History();
  if (!base) { turnLine(ctx, "a Roma graph has no grid to fill: Solve shows its answer"); return; }
  history.reset({ grid: base.givens.slice(), lines: [], marks: {}, over: null });
  $("roma-url").value = base.url || "";
  render(ctx);
}

function current(ctx) {
  if (!base) { ctx.message("load a puzzle first"); return null; }
  return history.current;
}

// ---- moves ------------------------------------------------------------------------------------

function refuse(ctx) {
  const s = history.current;
  if (viewing) ctx.message("this is the solver's answer: press Esc or 'back to my grid' to play", "bad");
  else if (s && s.over) ctx.message("the puzzle is solved: undo (u) or clear to change it", "bad");
  else if (busy) ctx.message("wait for the answer");
}

function withCell(grid, r, c, symbol) {
  return grid.map((row, i) => (i === r ? row.slice(0, c) + symbol + row.slice(c + 1) : row));
}

// A new grid after a move of yours (`line` says it in the move list); when it is full, the checker
// says whether the puzzle is solved.
async function commit(ctx, grid, line, marks = {}) {
  const s = history.current;
  history.push({ grid, lines: [...s.lines, line], marks, over: null });
  render(ctx);
  if (!grid.some((row) => row.includes("."))) await checkGrid(ctx, { said: false });
  else ctx.message("");
}

function setArrow(ctx, r, c, symbol) {
  const s = current(ctx);
  if (!s) return;
  if (viewing || s.over || busy) { refuse(ctx); return; }
  if (base.givens[r][c] !== ".") {
    ctx.message(`${name(r, c)} is given (${base.givens[r][c] === "O" ? "a Roma cell" : GLYPH[base.givens[r][c]]}): it cannot change`, "bad");
    return;
  }
  const old = s.grid[r][c];
  const next = symbol === "turn" ? CYCLE[(CYCLE.indexOf(old) + 1) % CYCLE.length] : symbol;
  if (next === old) return;
  commit(ctx, withCell(s.grid, r, c, next), `${name(r, c)} ${next === "." ? "cleared" : GLYPH[next]}`);
}

function undoRedo(ctx, what) {
  if (busy || !history.current) return;
  viewing = null;
  if (what === "undo" ? !history.canUndo : !history.canRedo) { ctx.message(`nothing to ${what}`); return; }
  if (what === "undo") history.undo(); else history.redo();
  render(ctx);
  const s = history.current;
  if (s.over) ctx.message(s.over, "good"); else ctx.message("");
}

async function checkGrid(ctx, { said }) {
  const s = current(ctx);
  if (!s) return;
  if (viewing) { refuse(ctx); return; }
  const mine = epoch, at = history.index;
  try {
    const verdict = await ctx.play("check", { grid: s.grid });
    if (mine !== epoch || history.index !== at) return;  // the grid changed meanwhile
    const marks = {};
    for (const error of verdict.errors) for (const [r, c] of error.cells) marks[`${r},${c}`] = "error";
    s.marks = marks;
    if (verdict.solved) {
      const n = s.lines.length;
      s.over = `solved: every path leads to Rome (${n} move${n === 1 ? "" : "s"})`;
      ctx.message(s.over, "good");
    } else if (verdict.errors.length) {
      ctx.message(verdict.errors[0].message + (verdict.errors.length > 1 ? ` (and ${verdict.errors.length - 1} more)` : ""), "bad");
    } else if (said) ctx.message(`no error so far; ${verdict.empty} cell(s) still empty`);
    render(ctx);
  } catch (e) { ctx.error(e); }
}

async function hint(ctx) {
  const s = current(ctx);
  if (!s) return;
  if (viewing || s.over || busy) { refuse(ctx); return; }
  const mine = epoch;
  busy = true;
  render(ctx);
  let found = null;
  try { found = await ctx.play("hint", { grid: s.grid }); } catch (e) { if (mine === epoch) ctx.error(e); }
  if (mine !== epoch) return;
  busy = false;
  if (!found) { render(ctx); return; }
  if (!found.cell) { render(ctx); ctx.message("the grid is the solution already", "good"); return; }
  const [r, c] = found.cell;
  const what = found.rule === "wrong" ? "is wrong, taken away" : `holds ${GLYPH[found.symbol] || found.symbol}`;
  cursor = [r, c];
  await commit(ctx, withCell(s.grid, r, c, found.symbol), `hint: ${name(r, c)} ${found.symbol === "." ? "cleared" : GLYPH[found.symbol]}`,
    { [`${r},${c}`]: "hint" });
  if (!history.current.over) ctx.message(`hint: cell ${name(r, c)} ${what} (${found.rule}, level ${found.level}): ${found.because || ""}`);
}

function backToGrid(ctx) {
  viewing = null;
  ctx.message("");
  render(ctx);
}

async function importUrl(ctx) {
  const url = $("roma-url").value.trim();
  if (!url) {  // nothing to import; before an instance, the shell's word for it
    if (pk.needInstance(ctx)) ctx.message("paste a puzz.link URL first", "bad");
    return;
  }
  try {
    await ctx.setInstance(url, "puzz.link.txt");
    ctx.message(`imported ${url}`);
  } catch (e) { /* the shell shows why */ }
}

async function exportUrl(ctx) {
  const s = current(ctx);
  if (!s) return;
  try {
    const out = await ctx.play("export", { grid: s.grid });
    $("roma-url").value = out.url;
    $("roma-url").select();
    exported = out;
    ctx.message(`the puzzle's URL is in the box above (a puzz.link URL holds the givens, not your arrows; the pzprjs file with them is under the board)`);
    render(ctx);
  } catch (e) { ctx.error(e); }
}
let exported = null;

function onKey(ctx, event, what) {
  if (what) { undoRedo(ctx, what); return true; }
  if (!base) return false;
  const k = event.key;
  const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[k];
  if (step && !viewing) {  // while the solver's answer is shown, the arrows step through it (keys.js)
    cursor = [Math.max(0, Math.min(base.rows - 1, cursor[0] + step[0])), Math.max(0, Math.min(base.cols - 1, cursor[1] + step[1]))];
    render(ctx);
    return true;
  }
  if (k === "Escape" && viewing) { backToGrid(ctx); return true; }
  if (KEYS[k] && !event.ctrlKey) { setArrow(ctx, cursor[0], cursor[1], KEYS[k]); return true; }
  if ((k === "Enter" || k === " ") && !pk.activates(event.target)) { setArrow(ctx, cursor[0], cursor[1], "turn"); return true; }
  if (k === "h") { hint(ctx); return true; }
  if (k === "c") { checkGrid(ctx, { said: true }); return true; }
  return false;
}

// ---- the solver's answer (the stepper) ----------------------------------------------------------

// the solver's answer is shown row by row: frame i (i >= 1) has its first i rows filled (a count,
// not a row's number: rows are numbered from 0, as every message names a cell)
export function labels(frames) {
  return frames.map((f, i) => (i === 0 ? "the givens" : `solution, ${i} row${i === 1 ? "" : "s"}`));
}

export async function answered(ctx, answer) {
  const shown = await pk.answerOnStepper(ctx, answer, labels);
  if (shown && shown.svg) pk.render(frameOf(ctx).host, shown.svg);
}

export function frameShown(ctx, frame, index) {
  if (pk.keepsGame() && index === 0) { viewing = null; render(ctx); return; }
  ctx.message(frame.step ? `the solver's answer, its first ${frame.step} row${frame.step === 1 ? "" : "s"}` : "the givens");
}

export function summary(answer) {
  return answer.unique === undefined ? [] : [["unique", answer.unique === null ? "not settled" : answer.unique ? "yes" : "no"]];
}

export function draw(ctx, state) {
  coords = ctx.coordinates;
  if (state.svg) { pk.render(frameOf(ctx).host, state.svg); return; }
  if (!base || state !== base) viewing = state;
  if (!base) { board(ctx, state, null); return; }
  render(ctx);
}

// ---- drawing ----------------------------------------------------------------------------------

function turnLine(ctx, words, kind = "") {
  pk.setStatus(frameOf(ctx).status, words, kind);
}

function render(ctx) {
  if (!base) return;
  const s = history.current;
  pk.undoRedoState("roma", history, busy);
  if (viewing) {
    board(ctx, viewing, null);
    turnLine(ctx, "the solver's answer (the stepper below); Esc or 'back to my grid' returns to yours");
    return;
  }
  board(ctx, base, s);
  if (busy) return;
  const empty = s.grid.reduce((n, row) => n + [...row].filter((ch) => ch === ".").length, 0);
  if (s.over) turnLine(ctx, `Puzzle over: ${s.over}`, "good");
  else if (empty) turnLine(ctx, `Your move: ${empty} cell${empty === 1 ? "" : "s"} to fill; the cursor is on ${name(cursor[0], cursor[1])}`);
  else turnLine(ctx, "The grid is full but not right yet: the red cells break a rule");
}

// The grid: `state` the puzzle (a frame's grid for the stepper); `s` your game, or null.
function board(ctx, state, s) {
  const frame = frameOf(ctx);
  $("roma-viewing").hidden = !viewing;
  const { rows, cols, boxes, givens } = state;
  const cells = s ? s.grid : state.grid || givens;
  const marks = s ? s.marks : {};
  const size = Math.max(28, Math.min(60, 520 / Math.max(rows, cols)));
  const pad = 30;  // room for the rows' and columns' numbers
  const svg = svgRoot(cols * size + 2 * pad, rows * size + 2 * pad, `Roma puzzle ${rows}x${cols}`);
  svg.dataset.testid = "roma-board";
  el("rect", { x: 0, y: 0, width: cols * size + 2 * pad, height: rows * size + 2 * pad, fill: "white" }, svg);
  if (coords) axisLabels(svg, coords, rows, cols, { left: pad, top: pad, cell: size, gap: 14 });
  const seen = {};
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = pad + c * size, y = pad + r * size;
      const mark = marks[`${r},${c}`];
      const given = givens[r][c] !== ".";
      const g = el("g", { class: `cell${given ? " given" : " clickable"}`, "data-cell": `${r},${c}` }, svg);
      el("rect", { x, y, width: size, height: size, stroke: "#bbb", "stroke-width": 0.5,
        fill: mark === "error" ? ERROR : mark === "hint" ? HINT : "white", class: mark || "" }, g);
      if (mark) seen[mark] = true;
      const symbol = cells[r][c];
      if (symbol === "O") {
        el("circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.3, fill: "none", stroke: GOAL, "stroke-width": 3 }, g);
        seen.goal = true;
      } else if (symbol !== ".") {
        text(g, x + size / 2, y + size / 2, GLYPH[symbol], { "font-size": size * 0.6,
          fill: given ? "#111" : s ? YOURS : SOLVED, "font-weight": given ? "bold" : "normal", class: "arrow" });
        seen[given ? "given" : s ? "yours" : "solved"] = true;
      }
      el("title", { text: name(r, c) }, g);
      g.addEventListener("click", () => {
        cursor = [r, c];
        if (!s) { refuse(ctx); render(ctx); return; }
        setArrow(ctx, r, c, "turn");
      });
    }
  }
  // box borders: thick where the neighbour is in another box
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = pad + c * size, y = pad + r * size;
      const wall = (x1, y1, x2, y2) => el("line", { x1, y1, x2, y2, stroke: "#222", "stroke-width": 2.5, "pointer-events": "none" }, svg);
      if (c + 1 === cols || boxes[r][c] !== boxes[r][c + 1]) wall(x + size, y, x + size, y + size);
      if (r + 1 === rows || boxes[r][c] !== boxes[r + 1][c]) wall(x, y + size, x + size, y + size);
      if (c === 0) wall(x, y, x, y + size);
      if (r === 0) wall(x, y, x + size, y);
    }
  }
  if (s) {
    const [r, c] = cursor;
    el("rect", { x: pad + c * size + 3, y: pad + r * size + 3, width: size - 6, height: size - 6, fill: "none", stroke: CURSOR,
      "stroke-width": 2.5, "stroke-dasharray": "4 3", "pointer-events": "none", class: "cursor" }, svg);
  }

  const entries = [["line", "#222", "box border"], ["line", "#bbb", "cell border"]];
  if (seen.goal) entries.push(["ring", GOAL, "Roma (every arrow path ends here)"]);
  entries.push(["text:→", "#111", "given arrow"]);
  if (s) entries.push(["text:→", YOURS, "your arrow"]);
  else if (seen.solved) entries.push(["text:→", SOLVED, "arrow of the solution"]);
  if (seen.error) entries.push(["square", ERROR, "breaks a rule (the checker's violation)"]);
  if (seen.hint) entries.push(["square", HINT, "the hint's cell"]);
  if (s) entries.push(["cursor", CURSOR, "the cursor (arrow keys; ^ v < > or w s a d set its arrow)"]);
  if (s) pk.moveList($("roma-moves"), s.lines);
  pk.legend($("roma-legend"), entries);
  $("roma-exported").hidden = !(exported && s);
  if (exported && s) $("roma-pzprv3").value = exported.pzprv3;
  pk.render(frame.host, svg);
}
