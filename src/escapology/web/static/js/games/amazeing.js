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

let match = null;         // the game's settings: {me: your seat | null (bots only), total: each player's cards, board, seed, cards}
let pending = null;       // {shift, rotation, state}: the spare inserted, the walk not chosen yet
let rotation = 0;
let watching = null;
let cursor = { i: 0, j: 0 };

const colourOf = (p, i) => COLOURS[p.name] || PALETTE[i % PALETTE.length];
// the glyph of every open-sides mask (N=1, E=2, S=4, W=8), as the moves name the tile inserted
const GLYPHS = "·╵╶└╷│┌├╴┘─┴┐┤┬┼";

const HOW = `Each turn insert the spare tile at an arrow (turned as you like: t), which shifts the row or
  column and pushes the tile at the other end out as the new spare; you may not undo the previous
  shift. Then walk through open passages, or stay. Find your treasures one after the other (your
  target is ringed; the bot's is secret), then go back home: the first player home wins.`;

// The page (pk.page): the game's history holds {position (the game's JSON), state, moves, winner}.
const game = pk.page("am", {
  move: "turn (yours and the bot's reply)",
  label: "aMAZEing Labyrinth board: arrow keys move the cursor, Enter inserts or walks",
  controls: `<fieldset id="am-controls"><legend>Game against the bot</legend>
    <label>board <select id="am-board">
      <option value="published">a new published board</option>
      <option value="loaded">the loaded position</option></select></label>
    <label>seed <input type="number" id="am-seed" value="1" class="digits-4"></label>
    <label>cards <input type="number" id="am-cards" value="2" min="1" max="12" class="digits-2"></label>
    <button type="button" id="am-new" class="primary">new game</button>
    <button type="button" id="am-watch">bot against bot</button>
    <span id="am-board-note" class="info"></span></fieldset>
    <fieldset id="am-turn-box"><legend>Your turn</legend>
    <button type="button" id="am-rotate" title="turn the spare a quarter clockwise (t)">turn the spare ↻</button>
    <button type="button" id="am-cancel" title="take the spare out again (Escape)">take back the insertion</button>
    {history}
    <label title="the cards are secret in the real game"><input type="checkbox" id="am-all"> show all targets</label></fieldset>`,
  line: "plan",
  lineNote: "(the fewest turns for the player to move to reach her target, alone)",
  top: `<table id="am-score" class="pk-score" data-testid="scoreboard"></table>
    <p id="am-cursor" class="pk-note"></p>`,
  how: HOW,
  keyRows: [
    ["click", "an arrow inserts the spare there; then a highlighted field walks there"],
    ["t", "turn the spare a quarter clockwise"],
    ["Tab", "to the board, then to each arrow; Enter or Space inserts the spare there"],
    ["Escape", "take back the insertion"],
  ],
  after: `<details id="am-position-box"><summary>The position (the game's JSON)</summary>
    <p class="pk-note">Paste it to load or solve this position.</p><pre id="am-position"></pre></details>`,
  buttons: { new: () => newGame(false), watch, rotate: turnSpare, cancel: cancelInsert },
  setup() {
    match = null;
    pending = null;
    stopWatching();
    $("am-all").onchange = () => game.render();
    $("am-board").onchange = boardNote;
    boardNote();
  },
  loaded(info) {
    stopWatching();
    const players = info.state.players.length;
    const option = $("am-board").querySelector("option[value='loaded']");
    option.disabled = players !== 2;
    $("am-board").value = players === 2 ? "loaded" : "published";
    boardNote();
    cursor = { i: 0, j: 0 };
    freshGame();
  },
  game: () => (match ? (pending ? pending.state : entry().state) : game.base),
  board,
  status: statusOf,
  labels,
  viewStatus: (state) => [state.step ? `The solver's plan: after turn ${state.step}.` : "The solver's plan: the start.", ""],
  frameShown(frame) {
    const p = frame.players[frame.to_move];
    if (frame.step && p && p.target_cell === p.cell) game.ctx.message(`the target is reached in turn ${frame.step}`, "good");
    else game.ctx.message(frame.step ? `turn ${frame.step}: shift ${frame.last_shift}` : "");
  },
  keys(e) {
    if (e.key === "t" && !e.shiftKey) { turnSpare(); return true; }
    if (e.key === "Escape" && pending) { cancelInsert(); return true; }
    return false;
  },
  cursor: {
    move: moveCursor, shift: shiftAtCursor, act,
    words: { move: "over the board and onto the arrows around it", act: "insert the spare at the arrow under the cursor, or walk to the cursor's field",
      shift: [["Shift+↓|Shift+↑", "insert the spare above or below the cursor's column (the column moves down or up)"],
        ["Shift+→|Shift+←", "insert the spare left or right of the cursor's row (the row moves right or left)"]] },
  },
  undo() {  // the insertion is taken back first
    if (!pending) return false;
    cancelInsert();
    return true;
  },
  canUndo: () => !!pending,
  arrived(what) {
    stopWatching();
    pending = null;
    if (what === "undo") rotation = 0;
    placeCursor(entry().state);
    if (what === "undo") return "took back a turn";
    if (what === "redo") return "played the turn again";
    return undefined;
  },
  fresh: freshGame,
  // in the link: the game's settings (o: board, cards, seed, your seat p, null for bot against
  // bot), each turn's half-turns {y: yours, b: the bot's} as [shift, tile inserted, cell walked
  // to], replayed by the server without the bot (its `turn` with reply false), and the turn in
  // progress (x: {r: the spare's rotation, p: the shift it is inserted at})
  moves: {
    options: () => (match ? { b: match.board, c: match.cards, ...(match.board === "published" ? { s: match.seed } : {}), p: match.me } : {}),
    start: (o) => begin(settingsOf(o), o.p),
    encode(e, before) {
      if (!before) return null;
      const code = {};
      for (const m of e.moves) code[m.by === "you" ? "y" : "b"] = [m.shift, m.tile, m.to];
      return code;
    },
    decode: replayTurn,
    extra: () => (pending ? { r: pending.rotation, p: pending.shift } : rotation ? { r: rotation } : null),
    async resume(x) {
      if (!x || typeof x !== "object" || ![0, 1, 2, 3].includes(x.r ?? 0)) return;
      rotation = x.r ?? 0;
      if (x.p && myTurn()) await insert(String(x.p));
      else game.render();
    },
  },
});

export const { setup, loaded, draw, frameShown, answered, position, restore } = game.hooks();

// No game: the loaded position is shown until a new game.
function freshGame() {
  match = null;
  pending = null;
  rotation = 0;
  game.start(null);
  game.render();
}

// The seed draws a published board only; the cards apply to both boards: say so.
function boardNote() {
  const loadedBoard = $("am-board").value === "loaded";
  $("am-seed").disabled = loadedBoard;
  const players = game.base ? game.base.players.length : 0;
  $("am-board-note").textContent = loadedBoard
    ? "the loaded position's board and players; each player's cards are cut to 'cards' (the seed draws a published board only)"
    : players === 2 || !game.base ? "" : `the loaded position has ${players === 1 ? "one player" : players ? `${players} players` : "no player"}: the page plays games for two`;
}

// ----- the game -------------------------------------------------------------------------------

function entry() { return game.history.current; }
function over() { const e = entry(); return e ? e.state.winner ?? null : null; }
function myTurn() { return !!match && match.me !== null && !watching && over() === null && entry().state.to_move === match.me; }

// A link's settings, checked: {seed, cards, board}.
function settingsOf(o) {
  const board = o.b ?? "published", cards = o.c ?? 2, seed = o.s ?? 1;
  if (!["published", "loaded"].includes(board) || !Number.isInteger(cards) || !Number.isInteger(seed)) {
    throw new Error("the game's settings are not a board (published or loaded), cards and a seed");
  }
  if (!(o.p === null || o.p === 0 || o.p === 1)) throw new Error("your seat (p) is not 0, 1 or null");
  return { seed, cards, board };
}

// A new game's first entry, from the server (its `new_game`); `me` your seat (undefined: the one
// to move first, null: the bots play).
async function begin(settings, me) {
  $("am-board").value = settings.board;
  $("am-seed").value = settings.seed;
  $("am-cards").value = settings.cards;
  boardNote();
  const made = await game.ctx.play("new_game", settings);
  match = { me: me === undefined ? made.state.to_move : me, total: made.state.players.map((p) => p.left), ...settings,
    board: made.board };
  return { position: made.position, state: made.state, moves: [], winner: null };
}

async function newGame(bots) {
  const ctx = game.ctx;
  stopWatching();
  if (!ctx.instance && $("am-board").value === "loaded") return;
  try {
    const first = await begin({ seed: parseInt($("am-seed").value, 10) || 1, cards: parseInt($("am-cards").value, 10) || 2,
      board: $("am-board").value }, bots ? null : undefined);
    game.start(first);
    pending = null;
    rotation = 0;
    placeCursor(first.state);
    game.render();
    if (!bots) ctx.message(`you are ${first.state.players[match.me].name}: ${targetWords(first.state, match.me)}`);
  } catch (e) { ctx.error(e); }
}

// A link's turn {y, b} after the entry `before`: each half-turn replayed by the server's `turn`
// without the bot's reply (the bot's move is in the link).
async function replayTurn(before, code) {
  const halves = code && typeof code === "object" && !Array.isArray(code) ? [["y", "you"], ["b", "bot"]].filter(([k]) => code[k]) : [];
  if (!halves.length) throw new Error(`a turn (${JSON.stringify(code)}) is not {y, b}`);
  let at = before, walked = null;
  const moves = [];
  for (const [k, by] of halves) {
    const [shift, tile, to] = Array.isArray(code[k]) ? code[k] : [];
    const turned = [0, 1, 2, 3].find((q) => GLYPHS[rotateMask(at.state.spare, q)] === tile);
    if (typeof shift !== "string" || turned === undefined || !Number.isInteger(to)) {
      throw new Error(`a half-turn (${JSON.stringify(code[k])}) is not [shift, tile (an orientation of the spare), cell]`);
    }
    walked = await game.ctx.play("turn", { position: at.position, shift, rotation: turned, to, reply: false });
    moves.push(...walked.moves.map((m) => ({ ...m, by })));
    at = walked;
  }
  const state = halves.length === 2 ? { ...walked.state, walk: [] } : walked.state;  // after the bot's reply, no walk drawn
  return { position: walked.position, state, moves, winner: walked.winner };
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
  const ctx = game.ctx;
  if (!match) { ctx.message("start a new game first", "bad"); return true; }
  if (game.refused("play")) return true;
  const w = over();
  if (w !== null) { ctx.message(`the game is over (${entry().state.players[w].name} is home): undo or start a new game`, "bad"); return true; }
  if (watching || match.me === null) { ctx.message("the bots are playing: stop them, or start a new game", "bad"); return true; }
  if (game.busy) { ctx.message("the bot is thinking", "bad"); return true; }
  return false;
}

async function insert(shift) {
  const ctx = game.ctx;
  if (refused()) return;
  if (pending && pending.shift !== shift) { ctx.message("the spare is in: walk, or take back the insertion first (Escape)", "bad"); return; }
  if (!entry().state.legal.includes(shift)) {
    ctx.message(`no insertion at ${shift}: its line holds fixed tiles, or it would undo the last shift`, "bad");
    return;
  }
  const turned = rotation;
  const shownState = await game.ask(() => ctx.play("preview", { position: entry().position, shift, rotation: turned }));
  if (!shownState) { game.render(); return; }
  pending = { shift, rotation: turned, state: shownState.state };
  placeCursor(pending.state);
  if (game.host.contains(document.activeElement)) game.host.focus({ preventScroll: true });  // next: the walk
  game.render();
  ctx.setPosition();  // the insertion is in the link
  ctx.message(`the spare went in at ${shift}: walk to a highlighted field (your own to stay)`);
}

function turnSpare() {
  if (!match || game.viewing || game.busy || !myTurn()) { if (match) refused(); return; }
  rotation = (rotation + 1) % 4;
  if (pending) { const s = pending.shift; pending = null; insert(s); } else game.render();
  game.ctx.setPosition();
}

function cancelInsert() {
  if (!pending) return;
  pending = null;
  game.render();
  game.ctx.setPosition();
  game.ctx.message("the spare is out again");
}

async function walkTo(cell) {
  const ctx = game.ctx;
  if (refused()) return;
  if (!pending) { ctx.message("insert the spare first: an arrow beside the board", "bad"); return; }
  if (!pending.state.reach.includes(cell)) {
    ctx.message(`${cellName(pending.state, cell)} cannot be reached: walk to a highlighted field`, "bad");
    return;
  }
  const bot = entry().state.players[(match.me + 1) % entry().state.players.length];
  const played = await game.ask(() => pk.think(ctx, game.frame.status, `The bot (${bot.name})`, "turn",
    { position: entry().position, shift: pending.shift, rotation: pending.rotation, to: cell }));
  if (!played) { game.render(); return; }
  pending = null;
  rotation = 0;
  game.history.push({ position: played.position, state: played.state, moves: played.moves, winner: played.winner });
  placeCursor(played.state);
  game.render();
  const [words, kind] = statusOf(played.state);
  ctx.message(played.winner !== null ? words : played.moves.map(moveWords).join("; "), kind);
}

function stopWatching() {
  watching = null;
  const button = $("am-watch");
  if (button) button.textContent = "bot against bot";
}

// The bots play on from the game's position; a finished game (or none) starts a new one first.
async function watch() {
  const ctx = game.ctx;
  if (watching) { stopWatching(); game.render(); return; }
  if (!match || over() !== null) await newGame(true);
  if (!match) return;
  pending = null;
  match.me = null;
  watching = {};
  const token = watching;
  $("am-watch").textContent = "stop the bots";
  game.render();
  game.ctx.setPosition();
  for (let turn = 0; turn < 400 && watching === token; turn++) {
    let played;
    try {
      played = await ctx.play("bot", { position: entry().position });
    } catch (e) { ctx.error(e); break; }
    if (watching !== token) break;
    game.history.push({ position: played.position, state: played.state, moves: played.moves, winner: played.winner });
    game.render();
    if (played.winner !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  if (watching === token) { stopWatching(); game.render(); }
}

function moveWords(m) {
  const who = `${m.name} (${m.by === "you" ? "you" : "bot"})`;
  const found = m.event === "home" ? ", home!" : m.event ? `, ${m.event}` : "";
  return `${who}: ${m.shift} ${m.tile} → ${m.to_name}${found}`;
}

function statusOf(state) {
  if (!match) return ["Start a new game against the bot (new game), or watch the bot play itself (bot against bot).", ""];
  const w = state.winner;
  if (w !== null && w !== undefined) {
    const name = state.players[w].name;
    if (match.me === null) return [`${name} is home first and wins. The game is over.`, "good"];
    return w === match.me ? [`You (${name}) are home first: you win! The game is over.`, "good"]
      : [`The bot (${name}) is home first: you lose. The game is over.`, "bad"];
  }
  const mover = state.players[state.to_move];
  if (watching || match.me === null) return [`Bot against bot: ${mover.name} to move.`, ""];
  if (pending) return ["Walk: click a highlighted field (your own to stay), or take back the insertion.", ""];
  if (state.to_move !== match.me) return [`The bot (${mover.name}) is to move.`, ""];
  return [`Your move (${mover.name}): insert the spare at an arrow, then walk; ${targetWords(state, match.me)}.`, ""];
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
  game.host.focus({ preventScroll: true });  // Enter acts on the cursor now, not on a focused arrow
  const { rows, cols } = game.shown;
  const i = Math.max(-1, Math.min(rows, cursor.i + di)), j = Math.max(-1, Math.min(cols, cursor.j + dj));
  const ringI = (v) => v === -1 || v === rows, ringJ = (v) => v === -1 || v === cols;
  if (ringI(i) && ringJ(j)) return;
  if ((ringI(i) && ringJ(cursor.j)) || (ringJ(j) && ringI(cursor.i))) return;
  cursor = { i, j };
  game.render();
}

function act() {
  const { rows, cols } = game.shown;
  const shift = shiftAt(cursor.i, cursor.j, rows, cols);
  if (shift) insert(shift);
  else walkTo(cursor.i * cols + cursor.j);
}

function shiftAtCursor([di, dj]) {
  const { rows, cols } = game.shown;
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

export function summary(answer) {
  const out = [];
  if (answer.turns !== undefined && answer.turns !== null) out.push(["turns", answer.turns]);
  if (answer.nodes !== undefined) out.push(["search nodes", answer.nodes]);
  return out;
}

// ----- drawing --------------------------------------------------------------------------------

// The side panel: the scoreboard, the cursor, the turns, the legend, the game's JSON.
function side(state, mine) {
  const inGame = !!match && mine;
  const score = $("am-score");
  score.replaceChildren();
  const shownState = inGame ? state : null;
  if (shownState) {
    const head = score.insertRow();
    for (const h of ["player", "found", "target", ""]) { const th = document.createElement("th"); th.textContent = h; head.appendChild(th); }
    shownState.players.forEach((p, i) => {
      const row = score.insertRow();
      if (i === shownState.to_move && shownState.winner === null) row.className = "now";
      const who = match.me === null ? "bot" : i === match.me ? "you" : "bot";
      const all = $("am-all").checked;
      const target = p.heading_home ? `home ${HOME}` : i === match.me || all ? p.target : "hidden";
      const cells = [`● ${p.name} (${who})`, `${match.total[i] - p.left} of ${match.total[i]}`, target,
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
  pk.moveList($("am-moves"), game.history.moves.map((e) => e.moves.map(moveWords).join("; ")), { done: Math.max(0, game.history.index),
    pick: (k) => game.goTo(k) });
  $("am-position").textContent = match ? entry().position : "";
  const legend = [["square", MOVABLE, "movable tile"]];
  if (state.fixed.some(Boolean)) legend.push(["square", FIXED, "fixed tile"]);
  legend.push(["square", PASSAGE, "passage"]);
  if (Object.keys(state.treasures).some((t) => !t.startsWith(HOME))) legend.push(["text:A", TREASURE, "treasure"]);
  state.players.forEach((p, i) => {
    const whose = inGame ? (match.me === null ? " (bot)" : i === match.me ? ": you" : ": the bot") : "";
    legend.push(["dot", colourOf(p, i), `player ${i + 1} (${p.name})${whose}`]);
  });
  for (const i of ringed(state, mine)) legend.push(["ring", colourOf(state.players[i], i), `target of player ${i + 1}`]);
  if (inGame) legend.push(["text:⌂", "#555", "home of a player, in her colour"]);
  legend.push(["arrow", SHIFT, "shiftable line: insert the spare there"]);
  if (state.last_shift) legend.push(["band", BAND, `line shifted last (the spare went in at ${state.last_shift})`]);
  if (pending && state === pending.state) legend.push(["square", "#a9c4f5", "fields you can walk to"]);
  if (state.walk && state.walk.length > 1) legend.push(["line", WALK, "walk"]);
  legend.push(["square", MOVABLE, "spare tile, beside the board (t turns it)"]);
  legend.push(["cursor", "#111", "keyboard cursor (while the board has the focus)"]);
  legend.push(["text:0", AXIS, "rows and columns numbered from 0 at the top left: (row,column)"]);
  pk.legend($("am-legend"), legend);
  $("am-rotate").disabled = !myTurn() || !mine;
  $("am-cancel").disabled = !pending;
}

// The players whose targets are ringed: in a game your own (all with "show all targets"); on a
// position or a plan, the player to move's.
function ringed(state, mine) {
  const out = [];
  state.players.forEach((p, i) => {
    if (p.target_cell === null || p.target_cell === undefined || p.target_cell < 0) return;
    if (match && mine) {
      if (i === match.me || $("am-all").checked || p.heading_home) out.push(i);
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

// The board: `state` the game's (mine: the game, its spare inserted, or the loaded position) or a
// turn of the solver's plan.
function board(state, mine) {
  const ctx = game.ctx, viewing = !mine;
  const { rows, cols } = state;
  const pad = 58;  // the shift arrows (28 long) and, beyond them, the rows' and columns' numbers
  // beside the side panel when the tiles keep 30 pixels there, else the whole width (the panel below)
  const width = pk.boardWidth(ctx, 2 * pad + (cols + 1.7) * 30);
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
      if (!match || viewing) continue;
      const i = state.players.findIndex((p) => HOME + p.name === name);
      if (i >= 0) text(svg, x + size * 0.17, y + size * 0.83, HOME, { "font-size": size * 0.3, fill: colourOf(state.players[i], i), "font-weight": "bold", class: "home", "pointer-events": "none" });
      continue;
    }
    text(svg, x + size / 2, y + size / 2, name, { "font-size": size * 0.3, fill: TREASURE, "font-weight": "bold", "pointer-events": "none" });
  }
  const rings = new Set(ringed(state, mine));
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
  const playable = !viewing && myTurn() && !pending && !game.busy;
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
  const spareMask = match && !pending && !viewing ? rotateMask(state.spare, rotation) : state.spare;
  tile(svg, sx, sy, size, spareMask, false, { class: "spare" });
  text(svg, sx + size / 2, sy + size + 11, "spare", { "font-size": 11, fill: "#555" });
  if (match && !pending && !viewing && myTurn()) text(svg, sx + size / 2, sy + size + 25, "t turns it", { "font-size": 10, fill: "#888" });
  const ring = (v, n) => (v === -1 ? [pad - 36, 34] : v === n ? [pad + n * size + 2, 34] : [pad + v * size, size]);
  const [cx, cw] = ring(cursor.j, cols), [cy, ch] = ring(cursor.i, rows);
  pk.cursorBox(svg, cx, cy, cw, ch);
  pk.render(game.host, svg);
  side(state, mine);
}
