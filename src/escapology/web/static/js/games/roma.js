// Roma: solved by hand as a game with an end (the grid full and every path leading to Rome), the
// moves listed, undo and redo; the checker's marks, hints, the puzzle's puzz.link URL in and out;
// the solver's answer row by row. Every move can be made with the keyboard, as in Simon Tatham's
// puzzles: the arrow keys move a cursor, ^ v < > (or w a s d) set its arrow, . or Backspace
// clears it, Enter or Space turns it.
import { axisLabels, cellName, el, svgRoot, text } from "../svg.js";
import * as pk from "./playkit.js";
import { plural } from "../wording.js";

const CYCLE = [".", "^", ">", "v", "<"];
const GLYPH = { "^": "↑", ">": "→", "v": "↓", "<": "←", "O": "◯" };
const KEYS = { "^": "^", w: "^", W: "^", v: "v", V: "v", s: "v", S: "v", "<": "<", a: "<", A: "<", ">": ">", d: ">", D: ">",
  ".": ".", Backspace: ".", Delete: "." };
// the Python picture's colours (roma.drawing): given arrows black, the solver's blue; yours here
// blue too (they are the grid's arrows), the checker's violations red, a hint green
const YOURS = "#1f6feb", SOLVED = "#1f6feb", ERROR = "#f8c9c4", HINT = "#c9f0d0", CURSOR = "#e67e22", GOAL = "#c0392b";

let cursor = [0, 0];
let coords = null;
let exported = null;

const $ = (id) => document.getElementById(id);
// the loaded puzzle (a Roma graph has no grid: null)
const puzzle = () => (game.base && game.base.givens ? game.base : null);
const name = (r, c) => cellName(coords, r, c, puzzle() ? puzzle().rows : 0);
// the game starts from the grid as the file has it filled in (a pzprv3 answer), else the givens
const first = () => ({ grid: (game.base.answer || game.base.givens).slice(), lines: [], marks: {}, over: null, code: null });

const HOW = `<p>Every cell but a Roma cell (◯) gets an arrow; no direction twice in
  a box (the thick borders), and from every cell the arrows lead to a Roma cell: no loop, no arrow off
  the board. The black arrows are given; yours are blue. The puzzle is over when the grid is full and
  the checker finds nothing wrong. Cells are named (row,column) from 0 at the top left.</p>`;

// The page (pk.page): the game's history holds {grid, lines, marks, over, code} after each move of yours.
const game = pk.page("roma", {
  label: "Roma grid: arrow keys move the cursor, ^ v < > set its arrow",
  fit: true,
  controls: `<fieldset><legend>Solve by hand</legend>
      {history}
      <button type="button" id="roma-check" title="c">check</button>
      <button type="button" id="roma-hint" title="h">hint</button>
      <button type="button" id="roma-clear">clear</button></fieldset>
    <fieldset><legend>puzz.link</legend>
      <label>URL <input type="text" id="roma-url" size="34" spellcheck="false" placeholder="https://puzz.link/p?roma/..."></label>
      <button type="button" id="roma-import" data-without-instance>import</button>
      <button type="button" id="roma-export">export</button></fieldset>`,
  line: "answer",
  more: `<div id="roma-exported" hidden><h3>pzprjs file with your arrows (as exported)</h3>
    <textarea id="roma-pzprv3" rows="6" readonly aria-label="pzprjs file with your arrows"></textarea></div>`,
  how: HOW,
  keyRows: [
    ["click", "a cell turns its arrow"],
    ["^|v|<|>", "set the arrow under the cursor (or w s a d)"],
    [".|Backspace|Delete", "clear it"],
    ["h", "hint"], ["c", "check"],
  ],
  buttons: {
    check: () => checkGrid({ said: true }),
    hint,
    clear() {
      if (!current()) return;
      if (game.viewing || game.busy) { refuse(); return; }
      commit(game.base.givens.slice(), "clear: back to the givens", "clear");
    },
    import: importUrl,
    export: exportUrl,
  },
  setup() {
    coords = game.ctx.coordinates;
    $("roma-url").addEventListener("keydown", (e) => { if (e.key === "Enter") importUrl(); });
  },
  loaded(info) {
    exported = null;
    cursor = [0, 0];
    if (!puzzle()) {  // a Roma graph: its picture, no grid to fill
      game.start(null);
      game.render();
      game.setStatus("a Roma graph has no grid to fill: Solve shows its answer");
      return;
    }
    $("roma-url").value = game.base.url || "";
    freshGame();
  },
  game: () => game.base,
  board(state, mine) {
    if (state.svg) { pk.render(game.host, state.svg); return; }
    board(state, mine ? game.history.current : null);
  },
  status: statusOf,
  labels,
  frameShown(frame) {
    game.ctx.message(frame.step ? `the solver's answer, its first ${frame.step} row${frame.step === 1 ? "" : "s"}` : "the givens");
  },
  keys: onKey,
  cursor: {
    always: true,
    ready: () => !!puzzle(),
    move([dr, dc]) {
      cursor = [Math.max(0, Math.min(game.base.rows - 1, cursor[0] + dr)), Math.max(0, Math.min(game.base.cols - 1, cursor[1] + dc))];
      game.render();
    },
    act: () => setArrow(cursor[0], cursor[1], "turn"),
    words: { act: "turn the cursor's arrow as a click does" },
  },
  arrived(what) {
    const s = game.history.current;
    if (what === "restore" && !s.over && full(s.grid)) checkGrid({ said: false });
    return undefined;
  },
  fresh: freshGame,
  // in the link: each move as "r,cX" (X the arrow ^ > v < set, or . cleared), "hr,cX" a hint,
  // "clear"; "!" after the move that solved the puzzle. No request to replay them.
  moves: {
    start: () => first(),
    encode: (e) => (e.code ? `${e.code}${e.over ? "!" : ""}` : null),
    decode: decodeMove,
  },
});

export const { setup, loaded, draw, frameShown, answered, position, restore } = game.hooks();

function freshGame() {
  game.start(first());
  game.render();
}

function current() {
  if (!puzzle()) { game.ctx.message("load a puzzle first"); return null; }
  return game.history.current;
}

function full(grid) { return !grid.some((row) => row.includes(".")); }

function solved(moves) {
  return { text: `solved: every path leads to Rome (${moves} move${moves === 1 ? "" : "s"})`, good: true };
}

// ---- moves ------------------------------------------------------------------------------------

function refuse() {
  const s = game.history.current, ctx = game.ctx;
  if (game.refused("play")) return;
  if (s && s.over) ctx.message("the puzzle is solved: undo (u) or clear to change it", "bad");
  else if (game.busy) ctx.message("wait for the answer");
}

function withCell(grid, r, c, symbol) {
  return grid.map((row, i) => (i === r ? row.slice(0, c) + symbol + row.slice(c + 1) : row));
}

// A new grid after a move of yours (`line` says it in the move list, `code` in the link); when it
// is full, the checker says whether the puzzle is solved.
async function commit(grid, line, code, marks = {}) {
  const s = game.history.current;
  game.history.push({ grid, lines: [...s.lines, line], marks, over: null, code });
  game.render();
  if (full(grid)) await checkGrid({ said: false });
  else game.ctx.message("");
}

function moveWords(r, c, symbol) { return `${name(r, c)} ${symbol === "." ? "cleared" : GLYPH[symbol]}`; }

function setArrow(r, c, symbol) {
  const s = current(), ctx = game.ctx;
  if (!s) return;
  if (game.viewing || s.over || game.busy) { refuse(); return; }
  if (game.base.givens[r][c] !== ".") {
    ctx.message(`${name(r, c)} is given (${game.base.givens[r][c] === "O" ? "a Roma cell" : GLYPH[game.base.givens[r][c]]}): it cannot change`, "bad");
    return;
  }
  const old = s.grid[r][c];
  const next = symbol === "turn" ? CYCLE[(CYCLE.indexOf(old) + 1) % CYCLE.length] : symbol;
  if (next === old) return;
  commit(withCell(s.grid, r, c, next), moveWords(r, c, next), `${r},${c}${next}`);
}

// A link's move after the entry `before` (no request: the grid is the page's).
function decodeMove(before, code) {
  const m = typeof code === "string" ? /^(?:(clear)|(h?)(\d+),(\d+)([.^>v<]))(!?)$/.exec(code) : null;
  if (!m) throw new Error(`a move (${JSON.stringify(code)}) is not "r,cX", "hr,cX" or "clear"`);
  let entry;
  if (m[1]) entry = { grid: game.base.givens.slice(), lines: [...before.lines, "clear: back to the givens"], marks: {}, over: null, code: "clear" };
  else {
    const r = +m[3], c = +m[4], symbol = m[5];
    if (r >= game.base.rows || c >= game.base.cols || game.base.givens[r][c] !== ".") throw new Error(`the move ${code} is not on a free cell of this grid`);
    const words = moveWords(r, c, symbol);
    entry = { grid: withCell(before.grid, r, c, symbol), lines: [...before.lines, m[2] ? `hint: ${words}` : words],
      marks: m[2] ? { [`${r},${c}`]: "hint" } : {}, over: null, code: code.replace(/!$/, "") };
  }
  if (m[6]) Object.assign(entry, { over: solved(entry.lines.length), marks: {} });  // the checker's verdict: nothing wrong
  return entry;
}

async function checkGrid({ said }) {
  const s = current(), ctx = game.ctx;
  if (!s) return;
  if (game.viewing) { refuse(); return; }
  const mine = game.epoch, at = game.history.index;
  try {
    const verdict = await ctx.play("check", { grid: s.grid });
    if (mine !== game.epoch || game.history.index !== at) return;  // the grid changed meanwhile
    const marks = {};
    for (const error of verdict.errors) for (const [r, c] of error.cells) marks[`${r},${c}`] = "error";
    s.marks = marks;
    if (verdict.solved) {
      s.over = solved(s.lines.length);
      ctx.setPosition();  // the end is in the link
      ctx.message(s.over.text, "good");
    } else if (verdict.errors.length) {
      ctx.message(verdict.errors[0].message + (verdict.errors.length > 1 ? ` (and ${verdict.errors.length - 1} more)` : ""), "bad");
    } else if (said) ctx.message(`no error so far; ${plural(verdict.empty, "cell")} still empty`);
    game.render();
  } catch (e) { ctx.error(e); }
}

async function hint() {
  const s = current(), ctx = game.ctx;
  if (!s) return;
  if (game.viewing || s.over || game.busy) { refuse(); return; }
  const found = await game.ask(() => ctx.play("hint", { grid: s.grid }));
  if (!found) { game.render(); return; }
  if (!found.cell) { game.render(); ctx.message("the grid is the solution already", "good"); return; }
  const [r, c] = found.cell;
  const what = found.rule === "wrong" ? "is wrong, taken away" : `holds ${GLYPH[found.symbol] || found.symbol}`;
  cursor = [r, c];
  await commit(withCell(s.grid, r, c, found.symbol), `hint: ${moveWords(r, c, found.symbol)}`, `h${r},${c}${found.symbol}`,
    { [`${r},${c}`]: "hint" });
  if (!game.history.current.over) ctx.message(`hint: cell ${name(r, c)} ${what} (${found.rule}, level ${found.level}): ${found.because || ""}`);
}

async function importUrl() {
  const ctx = game.ctx;
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

async function exportUrl() {
  const s = current(), ctx = game.ctx;
  if (!s) return;
  try {
    const out = await ctx.play("export", { grid: s.grid });
    $("roma-url").value = out.url;
    $("roma-url").select();
    exported = out;
    ctx.message(`the puzzle's URL is in the box above (a puzz.link URL holds the givens, not your arrows; the pzprjs file with them is under the board)`);
    game.render();
  } catch (e) { ctx.error(e); }
}

// The game's keys: ^ v < > (w s a d) set the cursor's arrow, . Backspace Delete clear it, h a
// hint, c the checker.
function onKey(event) {
  if (!puzzle()) return false;
  const k = event.key;
  if (KEYS[k]) { setArrow(cursor[0], cursor[1], KEYS[k]); return true; }
  if (k === "h") { hint(); return true; }
  if (k === "c") { checkGrid({ said: true }); return true; }
  return false;
}

// ---- the solver's answer (the stepper) ----------------------------------------------------------

// the solver's answer is shown row by row: frame i (i >= 1) has its first i rows filled (a count,
// not a row's number: rows are numbered from 0, as every message names a cell)
export function labels(frames) {
  return frames.map((f, i) => (i === 0 ? "the givens" : `solution, ${i} row${i === 1 ? "" : "s"}`));
}

export function summary(answer) {
  return answer.unique === undefined ? [] : [["unique", answer.unique === null ? "not settled" : answer.unique ? "yes" : "no"]];
}

// ---- drawing ----------------------------------------------------------------------------------

// The status line of your grid (null while a hint is asked for).
function statusOf() {
  const s = game.history.current;
  if (!s || game.busy) return null;
  const empty = s.grid.reduce((n, row) => n + [...row].filter((ch) => ch === ".").length, 0);
  if (s.over) return [`Puzzle over: ${s.over.text}`, "good"];
  if (empty) return [`Your move: ${empty} cell${empty === 1 ? "" : "s"} to fill; the cursor is on ${name(cursor[0], cursor[1])}`, ""];
  return ["The grid is full but not right yet: the red cells break a rule", ""];
}

// The grid: `state` the puzzle (a frame's grid for the stepper); `s` your game, or null.
function board(state, s) {
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
        if (!s) { refuse(); game.render(); return; }
        setArrow(r, c, "turn");
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
  pk.render(game.host, svg);
}
