// The Labyrinth as a game: push rows and columns until the avatar can walk to the goal, in as few
// pushes as possible and at most max_steps. The board, the pushes made (undo, redo, go back to any
// of them), the end when the goal is reached or the pushes are used up, every push of the solver's
// plan with the avatar's reachable set, and keys for everything. Each push is the server's
// (escapology.labyrinth's replay, the view's `move`); the page keeps the states it answered.
import { arrow, axisLabels, el, svgRoot } from "../svg.js";
import * as pk from "./playkit.js";
import { plural } from "../wording.js";

const PATH = "#6b4f2a", REACH = "#cfe8ff", AVATAR = "#1f6feb", GOAL = "#c0392b", PUSHED = "#f39c12", FIELD = "#f4f1ea";
const ARROW = "#8a7f6a", AXIS = "#777";
const N = 1, E = 2, S = 4, W = 8;
const DIRECTION = { e: "east", w: "west", n: "north", s: "south" };
const $ = (id) => document.getElementById(id);

const first = () => ({ state: game.base, push: null });  // the game's start: the loaded state
let cursor = { i: 0, j: 0 };  // screen row from the top and column from the left; -1 and n: the arrows

const HOW = `Push a row (east or west) or a column (north or south) by one place: the field pushed out comes
  back in at the other end, and the avatar and the goal ride along with their field. After each push
  the avatar walks as far as the connections let it (the blue fields): reach the goal in as few
  pushes as you can, at most max_steps. A field is (x,y): row x from 1 at the bottom, column y from 1
  at the left.`;

// The page (pk.page): the game's history holds {state, push: [line, direction, step] | null}.
const game = pk.page("lab", {
  move: "push",
  label: "Labyrinth board: arrow keys move the cursor, Enter pushes",
  controls: `<fieldset id="lab-controls"><legend>Play</legend>
    {history}
    <button type="button" id="lab-check" title="the independent checker's verdict on your pushes">check my pushes</button>
    <span id="lab-plan" class="info" data-testid="plan"></span></fieldset>`,
  line: "plan",
  top: `<p id="lab-cursor" class="pk-note"></p>`,
  how: HOW,
  keyRows: [
    ["click", "an arrow beside a row or column pushes it"],
    ["Tab", "to the board, then to each arrow; Enter or Space pushes the focused arrow"],
  ],
  buttons: { check: checkPushes },
  loaded(info) {
    const p = game.base.reach[0] ?? 0, n = game.base.n;
    cursor = { i: n - 1 - Math.floor(p / n), j: p % n };
    game.start(first());
    game.render();
  },
  game: () => (game.history.current ? game.history.current.state : null),
  board,
  status: statusOf,
  labels,
  viewStatus: (state) => [state.step ? `The solver's plan: after push ${state.step}${state.won ? ", the goal is reached" : ""}.`
    : "The solver's plan: the start.", ""],
  frameShown(frame) {
    if (frame.won) game.ctx.message(`goal reached after push ${frame.step}`, "good");
    else game.ctx.message(frame.step ? `${plural(frame.reach.length, "field")} reachable after push ${frame.step}` : "");
  },
  cursor: {
    move: moveCursor, shift: pushAtCursor, act,
    words: { move: "over the board and onto the arrows around it", act: "push the arrow under the cursor",
      shift: [["Shift+←|Shift+→", "push the cursor's row west or east"], ["Shift+↑|Shift+↓", "push the cursor's column north or south"]] },
  },
  adopt: playOnFromHere,
  arrived(what) {
    const h = game.history;
    if (what === "undo") return `took back a push: ${h.index} push${h.index === 1 ? "" : "es"} on the board`;
    if (what === "redo") return `pushed ${pushWords(h.current.push)} again`;
    return undefined;
  },
  fresh: () => { game.start(first()); game.render(); },
  // in the link: each push as its line and direction ("4n"), replayed at once by the server
  moves: {
    start: first,
    encode: (e) => (e.push ? `${e.push[0]}${e.push[1]}` : null),
    decodeAll: replay,
  },
});

export const { setup, loaded, draw, frameShown, answered, position, restore } = game.hooks();

function plan() {
  const h = game.history;
  return h.entries.slice(1, h.index + 1).map((e) => e.push);
}

function pushWords([z, d]) {
  return `${d === "e" || d === "w" ? "row" : "column"} ${z} ${DIRECTION[d]}`;
}

function over(state) {
  if (state.won) return "won";
  if (state.step >= state.max_steps) return "lost";
  return null;
}

function fewestWords(k) {
  const a = game.ctx.answer;
  if (!a) return "; solve the instance to learn the fewest";
  if (a.status === "solved" && Array.isArray(a.pushes)) {
    const m = a.pushes.length;
    if (a.optimal) return k === m ? ": the fewest possible" : ` (the fewest is ${m})`;
    return ` (a plan of ${m} is known, the fewest is at least ${a.lower_bound})`;
  }
  return "";
}

function statusOf(state) {
  const end = over(state);
  const k = state.step;
  if (end === "won") return [`Goal reached in ${k} push${k === 1 ? "" : "es"}${fewestWords(k)}. The game is over.`, "good"];
  if (end === "lost") {
    return [`Lost: all ${state.max_steps} pushes are used and the avatar cannot reach the goal. Undo or restart.`, "bad"];
  }
  return [`Your move: push ${k + 1} of at most ${state.max_steps}. The goal is not reachable yet.`, ""];
}

async function checkPushes() {
  try {
    const verdict = await game.ctx.check(plan());
    game.ctx.message(verdict.summary, verdict.valid ? "good" : "bad");
  } catch (e) { game.ctx.error(e); }
}

async function push(z, d) {
  const ctx = game.ctx, h = game.history;
  if (!h.current || game.busy) return;
  if (game.refused("push")) return;
  const end = over(h.current.state);
  if (end) {
    ctx.message(`the game is over (${end === "won" ? "the goal is reached" : "no pushes left"}): undo or restart to push again`, "bad");
    return;
  }
  const moved = await game.ask(() => ctx.play("move", { plan: plan(), push: [z, d] }));
  if (moved) h.push({ state: moved.state, push: moved.plan[moved.plan.length - 1] });
  game.render();
  if (!moved) return;
  const [words, kind] = statusOf(moved.state);
  ctx.message(over(moved.state) ? words : `pushed ${pushWords([z, d])}: ${moved.state.step} of at most ${moved.state.max_steps} pushes`, kind);
}

// A link's pushes ("4n", ...) as the game's entries: the server replays them at once (the
// certificate's frames), as it does a solver's plan.
async function replay(start, codes) {
  const n = game.base.n;
  const pushes = codes.map((code, k) => {
    const m = typeof code === "string" ? /^(\d+)([nesw])$/.exec(code) : null;
    if (!m || +m[1] < 1 || +m[1] > n) throw new Error(`push ${k + 1} (${JSON.stringify(code)}) is not a line 1..${n} with n, e, s or w`);
    return [+m[1], m[2], k + 1];
  });
  if (pushes.length > game.base.max_steps) throw new Error(`${pushes.length} pushes, but max_steps is ${game.base.max_steps}`);
  if (!pushes.length) return [start];
  const { frames } = await game.ctx.frames(pushes);
  const won = frames.slice(1, -1).find((f) => f.won);
  if (won) throw new Error(`the goal is reached after push ${won.step}: the game was over`);
  return [start, ...frames.slice(1).map((state, k) => ({ state, push: pushes[k] }))];
}

// The solver's plan up to the step shown becomes the game: play on from there.
async function playOnFromHere() {
  const a = game.ctx.answer;
  if (!game.viewing || !a || !Array.isArray(a.certificate)) return;
  try {
    const entries = await replay(first(), a.certificate.slice(0, game.viewing.step).map(([z, d]) => `${z}${d}`));
    game.start(entries[0]);
    game.history.load(entries);
    game.back();
  } catch (e) { game.ctx.error(e); }
}

function moveCursor([di, dj]) {
  game.host.focus({ preventScroll: true });  // Enter acts on the cursor now, not on a focused arrow
  const n = game.shown.n;
  const i = Math.max(-1, Math.min(n, cursor.i + di)), j = Math.max(-1, Math.min(n, cursor.j + dj));
  const ring = (v) => v === -1 || v === n;
  if (ring(i) && ring(j)) return;  // a corner: no arrow there
  if (ring(i) && ring(cursor.j) || ring(j) && ring(cursor.i)) return;  // along the outside: stay on the arrows' side
  cursor = { i, j };
  game.render();
}

// The push under the cursor, when it is on an arrow: [line, direction].
function pushAt(i, j, n) {
  if (j === -1 && i >= 0 && i < n) return [n - i, "e"];
  if (j === n && i >= 0 && i < n) return [n - i, "w"];
  if (i === -1 && j >= 0 && j < n) return [j + 1, "s"];
  if (i === n && j >= 0 && j < n) return [j + 1, "n"];
  return null;
}

function act() {
  const p = pushAt(cursor.i, cursor.j, game.shown.n);
  if (p) push(...p);
  else game.ctx.message("Enter pushes when the cursor is on an arrow beside the board; Shift+arrow pushes the cursor's row or column");
}

function pushAtCursor([di, dj]) {
  const n = game.shown.n;
  const i = Math.max(0, Math.min(n - 1, cursor.i)), j = Math.max(0, Math.min(n - 1, cursor.j));
  if (dj) push(n - i, dj > 0 ? "e" : "w");
  else push(j + 1, di < 0 ? "n" : "s");
}

function cursorWords(n) {
  const p = pushAt(cursor.i, cursor.j, n);
  if (p) return `cursor on the arrow: push ${pushWords(p)} (Enter)`;
  return `cursor on field (${n - cursor.i},${cursor.j + 1})`;
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

// The side panel beside the board: the cursor, the pushes, the legend, the plan in words.
function side(state, mine) {
  const h = game.history;
  $("lab-cursor").textContent = cursorWords(state.n);
  pk.moveList($("lab-moves"), h.moves.map((e) => `${pushWords(e.push)} – push(${e.push.join(",")}).`),
    { done: h.index, pick: (k) => game.goTo(k) });
  const entries = [["line", PATH, "connection"], ["square", FIELD, "field"]];
  if (state.step > 0) entries.push(["square", REACH, "fields the avatar can reach"]);
  entries.push(["dot", AVATAR, state.reach.length > 1 ? "avatar (a dot on each field it can reach)" : "avatar"]);
  entries.push(["ring", GOAL, "goal"]);
  if (state.push) entries.push(["band", PUSHED, "pushed line"], ["arrow", GOAL, "push direction"]);
  entries.push(["arrow", ARROW, mine && !over(state) ? "push arrow: click it, or Tab to it and press Enter" : "push arrow (no push now)"]);
  entries.push(["cursor", "#111", "keyboard cursor (while the board has the focus)"]);
  entries.push(["text:1", AXIS, "row numbers x from the bottom, column numbers y from the left"]);
  pk.legend($("lab-legend"), entries);
  const p = plan();
  $("lab-plan").textContent = p.length ? p.map(([z, d, s]) => `push(${z},${d},${s}).`).join(" ") : "";
}

// The board: `state` the game's (mine) or a step of the solver's plan.
function board(state, mine) {
  const ctx = game.ctx;
  const playable = mine && !over(state);
  const n = state.n;
  const margin = 56;  // the push arrows (28 long) and, beyond them, the rows' and columns' numbers
  const width = pk.boardWidth(ctx, 2 * margin + 24 * n);
  const cell = Math.max(pk.TAP, Math.min(44, (width - 2 * margin) / n));
  const size = n * cell;
  const svg = svgRoot(size + 2 * margin, size + 2 * margin, `Labyrinth board ${n}x${n}, step ${state.step}`);
  svg.dataset.testid = "labyrinth-board";
  el("rect", { x: 0, y: 0, width: size + 2 * margin, height: size + 2 * margin, fill: "white" }, svg);
  if (ctx.coordinates) axisLabels(svg, ctx.coordinates, n, n, { left: margin, top: margin, cell, gap: 44, size: Math.min(12, cell * 0.5) });
  const reach = new Set(state.reach);
  const centre = (p) => {
    const x = Math.floor(p / n), y = p % n;
    return [margin + y * cell + cell / 2, margin + (n - 1 - x) * cell + cell / 2];
  };
  const arm = Math.max(2, cell * 0.21);
  for (let p = 0; p < n * n; p++) {
    const [cx, cy] = centre(p);
    const g = el("g", { class: "field", "data-position": p }, svg);
    el("rect", { x: cx - cell / 2, y: cy - cell / 2, width: cell, height: cell,
      fill: reach.has(p) && state.step > 0 ? REACH : FIELD, stroke: "#b9b2a3", "stroke-width": 0.6,
      class: reach.has(p) ? "reach" : "" }, g);
    const mask = state.cells[p];
    for (const [bit, dx, dy] of [[N, 0, -1], [S, 0, 1], [E, 1, 0], [W, -1, 0]]) {
      if (mask & bit) el("line", { x1: cx, y1: cy, x2: cx + dx * cell / 2, y2: cy + dy * cell / 2, stroke: PATH, "stroke-width": arm }, g);
    }
    if (mask) el("circle", { cx, cy, r: arm / 2 + 0.5, fill: PATH }, g);
  }
  if (state.push) {  // over the fields, so that it shows on any field colour
    const z = state.push[0] - 1;
    const rowPush = state.push[1] === "e" || state.push[1] === "w";
    const band = rowPush ? { x: margin, y: margin + (n - 1 - z) * cell, width: size, height: cell }
      : { x: margin + z * cell, y: margin, width: cell, height: size };
    el("rect", { ...band, fill: PUSHED, "fill-opacity": 0.3, stroke: PUSHED, "stroke-width": 2, class: "pushed", "pointer-events": "none" }, svg);
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
      [margin - 32, y, margin - 4, y, "e"], [margin + size + 32, y, margin + size + 4, y, "w"],
      [x, margin + size + 32, x, margin + size + 4, "n"], [x, margin - 32, x, margin - 4, "s"],
    ];
    for (const [x0, y0, x1, y1, d] of arrows) {
      const last = state.push && state.push[0] === z && state.push[1] === d;
      const a = arrow(svg, x0, y0, x1, y1, { colour: last ? GOAL : playable ? ARROW : "#cfc8b8", width: 2.5, head: 8,
        class: "push-arrow", "data-push": `${z}${d}` });
      const along = Math.abs(x1 - x0) > Math.abs(y1 - y0);
      pk.hitArea(a, (x0 + x1) / 2, (y0 + y1) / 2, along ? 34 : Math.max(pk.TAP, cell - 2), along ? Math.max(pk.TAP, cell - 2) : 34);
      pk.button(a, `push-${z}${d}`, `push ${pushWords([z, d])}`, () => push(z, d), playable);
    }
  }
  // the keyboard cursor: a field, or an arrow's place beside the board
  const span = (k) => (k === -1 ? [margin - 35, 32] : k === n ? [margin + size + 3, 32] : [margin + k * cell, cell]);
  const [cxs, cw] = span(cursor.j), [cys, ch] = span(cursor.i);
  pk.cursorBox(svg, cxs, cys, cw, ch);
  pk.render(game.host, svg);
  side(state, mine);
}
