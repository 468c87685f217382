// The Enchanted Forest as a game: reach the target field within the turns you have. With known
// rolls (the instance's, or entered here) each turn takes the next roll and the game is lost when
// they run out; with unknown dice you roll (or enter) two dice each turn for a number of turns
// chosen at the start. Every field the turn can end on is ringed with what it is worth: with
// unknown dice the exact chance to reach the target in the turns left (as a percentage, the
// fraction on hover), with known rolls the fewest turns still needed. The board is drawn from its
// coordinates (the real board's pixel positions). Every answer is the server's (the view's
// `known`, `roll`, `move` and `with_rolls`, the game's own Odds, solve and load).
import { el, svgRoot, text } from "../svg.js";
import * as pk from "./playkit.js";
import { plural } from "../wording.js";

const EDGE = "#b8ad8f", START = "#1e7b34", TARGET = "#c0392b", SPECIAL = "#6a3d9a", SPECIAL_FILL = "#e7d9f7";
const FIELD = "#ffffff", PAWN = "#111", WALK = "#1f6feb", BEST = "#f39c12", END = "#1f6feb", LEADER = "#8aa";
// the real board's colours (its map XML), softened so that the numbers stay readable
const COLOURS = { blue: "#8fb8ea", red: "#f1a29a", orange: "#f7c680", green: "#b9e0b0", white: "#ffffff", violet: "#d3b5e6" };
const $ = (id) => document.getElementById(id);

let offer = null;         // the options of the turn at the history's index: {index, dice, options, best, fewest_here | chance_here}
let dice = null;          // unknown dice: this turn's roll once rolled or entered
let turnsTotal = 10;
let fewestStart = null;   // known rolls: the fewest turns from the start
let cursor = 0;
let asked = 0;            // the latest request for options: older answers are dropped
const colourMemory = new Map();

const known = () => game.base.rolls.length > 0;
const turnsAll = () => (known() ? game.base.rolls.length : turnsTotal);
const label = (v) => game.base.fields[v].label;
const first = () => ({ position: game.base.start, turn: null });

const HOW = `A turn rolls two dice: walk as many steps as one shows, then as many as the other, in either
  order, never stepping straight back along the edge just used (you may turn round between the two
  walks); a double may instead jump to any special field. Only the field where the turn ends counts:
  reach the target within your turns. With known rolls each turn takes the next roll; with unknown
  dice each ringed field shows the exact chance to win from there.`;

// The page (pk.page): the game's history holds {position, turn: {roll, walk, jump, from} | null}.
const game = pk.page("forest", {
  move: "turn",
  label: "Enchanted Forest board: arrow keys move the cursor, Enter ends the turn on its field",
  controls: `<fieldset id="forest-controls"><legend>Play</legend>
    {history}
    <span id="forest-dice-box">
      <label title="the turns you have: set before the first turn">turns <input type="number" id="forest-turns" min="1" max="200" value="10" class="digits-3"></label>
      <button type="button" id="forest-roll" title="throw two dice (d)">roll the dice</button>
      <span>or enter</span>
      <label>die 1 <input type="number" id="forest-x" min="1" value="3" class="digits-2"></label>
      <label>die 2 <input type="number" id="forest-y" min="1" value="4" class="digits-2"></label>
      <button type="button" id="forest-show">use these dice</button></span></fieldset>
    <fieldset id="forest-rolls-box"><legend>Known rolls</legend>
      <input type="text" id="forest-rolls" placeholder="e.g. 3 5, 2 2, 6 1" size="26" aria-label="known rolls">
      <button type="button" id="forest-use-rolls">use these rolls</button>
      <span class="info" id="forest-rolls-note">Solve and play use them, one roll a turn; empty: unknown dice.</span></fieldset>`,
  line: "plan",
  top: `<p id="forest-info" class="pk-note" data-testid="odds"></p>
    <div id="forest-options" class="pk-options" aria-label="where the turn can end, best first"></div>
    <p id="forest-cursor" class="pk-note"></p>`,
  how: HOW,
  keyRows: [
    ["click", "a ringed field ends the turn there"],
    ["d", "roll the dice (unknown dice)"],
    ["1|2|…|9", "end the turn on the first, second, … field of the list (the best first)"],
    ["Tab", "to the board, then to each ringed field; Enter or Space ends the turn there"],
  ],
  buttons: {
    roll: rollDice,
    show: () => useDice([parseInt($("forest-x").value, 10), parseInt($("forest-y").value, 10)]),
    "use-rolls": useRolls,
  },
  setup() { $("forest-rolls").addEventListener("keydown", (e) => { if (e.key === "Enter") useRolls(); }); },
  loaded(info) {
    const signature = game.base.fields.map((f) => f.label).join(" ") + "|" + game.base.edges.map((e) => e.join("-")).join(" ");
    if (game.base.fields.some((f) => f.colour)) colourMemory.set(signature, game.base.fields.map((f) => f.colour));
    else if (colourMemory.has(signature)) {  // the same board with rolls entered: its facts have no colours
      const colours = colourMemory.get(signature);
      game.base.fields.forEach((f, i) => { f.colour = colours[i]; });
    }
    fewestStart = null;
    $("forest-rolls").value = game.base.rolls.map(([x, y]) => `${x} ${y}`).join(", ");
    $("forest-x").max = $("forest-y").max = game.base.die;
    freshGame();
  },
  game() {
    const h = game.history, e = h.current;
    if (!e) return null;
    return { ...game.base, position: e.position, walk: e.turn ? e.turn.walk : [], jump: e.turn ? e.turn.jump : false,
      roll: e.turn ? e.turn.roll : null, step: h.index };
  },
  board,
  status: statusOf,
  labels,
  viewStatus: (state) => [state.step ? `The solver's plan: turn ${state.step}, roll ${state.roll.join("+")}, ends on field ${label(state.position)}.`
    : "The solver's plan: the start.", ""],
  frameShown(frame) {
    if (frame.step && frame.position === game.base.target) game.ctx.message(`the target is reached in turn ${frame.step}`, "good");
    else game.ctx.message(frame.step ? `turn ${frame.step} ends on field ${game.base.fields[frame.position].label}` : "");
  },
  keys: onKey,
  cursor: { move: moveCursor, act: () => moveTo(cursor), words: { move: "to the next field that way", act: "end the turn on the cursor's field" } },
  adopt: playOnFromHere,
  arrived(what) {
    if (what === "restore") cursor = game.history.current.position;
    turnAnew();
    const k = game.history.index;
    if (what === "undo") return `took back turn ${k + 1}`;
    if (what === "redo") return `played turn ${k} again`;
    return undefined;
  },
  fresh: freshGame,
  // in the link: unknown dice's turns (o.t), each turn as [die 1, die 2, jumped (0 or 1), the
  // fields walked...] (no request to replay it), the dice rolled for the turn now (x)
  moves: {
    options: () => (game.base && !known() && turnsTotal !== 10 ? { t: turnsTotal } : {}),
    start(o) {
      if (!known()) {
        const t = o.t ?? 10;
        if (!(Number.isInteger(t) && t >= 1 && t <= 200)) throw new Error(`the turns (${JSON.stringify(t)}) are not 1..200`);
        turnsTotal = t;
        $("forest-turns").value = t;
      }
      return first();
    },
    encode: (e) => (e.turn ? [...e.turn.roll, e.turn.jump ? 1 : 0, ...e.turn.walk] : null),
    decodeAll: decodeTurns,
    extra: () => (game.base && !known() && dice ? dice : null),
    resume: (roll) => useDice(roll),
  },
});

export const { setup, loaded, draw, frameShown, answered, position, restore } = game.hooks();

function freshGame() {
  game.start(first());
  cursor = game.base.start;
  newPosition();
}

// The keys of the game anywhere on the page: d rolls the dice, 1-9 end the turn on a field of the list.
function onKey(e) {
  if (!game.base) return false;
  if (e.key === "d" && !e.shiftKey) { rollDice(); return true; }
  if (/^[1-9]$/.test(e.key)) {
    const h = game.history;
    const option = offer && offer.index === h.index ? offer.options[Number(e.key) - 1] : null;
    if (option) moveTo(option.field);
    else if (offer && offer.index === h.index && !over()) game.ctx.message(`there are ${offer.options.length} fields to choose from`, "bad");
    else moveTo(null);  // says why no turn can be made now
    return true;
  }
  return false;
}

// A link's turns, each [die 1, die 2, jumped (0 or 1), the fields walked...], after the start:
// the game's entries, without a request (the walks are in the link).
function decodeTurns(start, codes) {
  if (codes.length > turnsAll()) throw new Error(`${plural(codes.length, "turn")}, more than the ${turnsAll()} of this game`);
  const entries = [start];
  codes.forEach((code, k) => {
    const before = entries[k];
    const field = (v) => v >= 0 && v < game.base.fields.length;
    if (!Array.isArray(code) || code.length < 3 || !code.every(Number.isInteger)) {
      throw new Error(`turn ${k + 1} (${JSON.stringify(code)}) is not [die 1, die 2, jumped, fields walked...]`);
    }
    const [x, y, jump, ...walk] = code;
    if (![x, y].every((d) => d >= 1 && d <= game.base.die) || !walk.every(field)) throw new Error(`turn ${k + 1} does not fit this board`);
    if (known() && (x !== game.base.rolls[k][0] || y !== game.base.rolls[k][1])) throw new Error(`turn ${k + 1} is not the known roll ${game.base.rolls[k].join("+")}`);
    if (before.position === game.base.target) throw new Error(`the target is reached after turn ${k}: the game was over`);
    entries.push({ position: walk.length ? walk[walk.length - 1] : before.position, turn: { roll: [x, y], walk, jump: jump === 1, from: before.position } });
  });
  return entries;
}

// ----- the game -------------------------------------------------------------------------------

function over() {
  const h = game.history;
  if (h.current.position === game.base.target) return "won";
  if (h.index >= turnsAll()) return "lost";
  if (offer && offer.index === h.index && offer.options.length === 0) return "stuck";
  return null;
}


// A chance as a percentage, with two decimals where the chances crowd near 0 or 100 %.
function percent(v) {
  if (v >= 1) return "100%";
  if (v <= 0) return "0%";
  const p = v * 100;
  if (p < 0.01) return "<0.01%";
  if (p > 99.99) return ">99.99%";
  return `${p < 1 || p > 99 ? p.toFixed(2) : p.toFixed(1)}%`;
}

function optionText(o) {
  if (known()) {
    if (o.field === game.base.target) return "target";
    return o.after === null ? "✗" : `${o.after} more`;
  }
  return percent(o.value);
}

function optionTitle(o) {
  if (known()) {
    if (o.field === game.base.target) return `field ${o.label}: the target`;
    return o.after === null ? `field ${o.label}: the target cannot be reached from there with the rolls left`
      : `field ${o.label}: the target in ${plural(o.after, "more turn")} with the rolls left`;
  }
  return `field ${o.label}: chance ${o.fraction} (${(o.value * 100).toFixed(4)}%) to reach the target in the turns after this one`;
}

function statusOf() {
  const h = game.history;
  const k = h.index, all = turnsAll(), here = label(h.current.position);
  const end = over();
  if (end === "won") {
    let fewest = "";
    const a = game.ctx.answer;
    const least = fewestStart !== null ? fewestStart : a && a.status === "solved" && Number.isInteger(a.turns) ? a.turns : null;
    if (known() && least !== null) fewest = k === least ? ": the fewest possible" : ` (the fewest with these rolls is ${least})`;
    return [`Target reached in ${plural(k, "turn")}${known() ? fewest : ` of ${all}`}. The game is over.`, "good"];
  }
  if (end === "lost") {
    return [known() ? `Lost: the ${plural(all, "known roll")} are used up and the pawn is on field ${here}, not on the target.`
      : `Lost: the ${plural(all, "turn")} are played and the pawn is on field ${here}, not on the target.`, "bad"];
  }
  if (end === "stuck") {
    return [`Lost: roll ${offer.dice.join("+")} allows no turn from field ${here} (no stepping straight back, no pass).`, "bad"];
  }
  const roll = known() ? game.base.rolls[k] : dice;
  if (!roll) return [`Turn ${k + 1} of ${all}: roll the dice (or enter them).`, ""];
  return [`Turn ${k + 1} of ${all}: roll ${roll.join("+")}. Pick a ringed field to end the turn on.`, ""];
}

function infoOf() {
  const h = game.history;
  if (!offer || offer.index !== h.index) return "";
  const here = label(h.current.position);
  if (known()) {
    return offer.fewest_here === null ? `From field ${here} the target cannot be reached with the rolls left.`
      : `From field ${here} the target can be reached in ${plural(offer.fewest_here, "turn")} with the rolls left.`;
  }
  const left = turnsAll() - h.index;
  return `From field ${here} with ${plural(left, "turn")} left: ${percent(offer.chance_here.value)} to reach the target, `
    + `playing the best moves (exactly ${offer.chance_here.fraction}).`;
}

// The turn at a new position (a move, undo, redo, restart): no dice yet, the controls for them,
// its options asked for when the roll is known.
function turnAnew() {
  offer = null;
  dice = null;
  const start = game.history.index === 0;
  $("forest-turns").disabled = known() || !start;
  if (known()) $("forest-turns").value = game.base.rolls.length;
  for (const id of ["forest-roll", "forest-show", "forest-x", "forest-y"]) $(id).disabled = known();
  if (!over() && known()) fetchOptions(game.base.rolls[game.history.index]);
}

function newPosition() {
  turnAnew();
  game.render();
}

async function fetchOptions(roll) {
  const ctx = game.ctx, h = game.history;
  const ticket = ++asked, epoch = game.epoch;  // an answer for another game, instance or position is dropped
  const index = h.index, position = h.current.position;
  try {
    const answer = known() ? await ctx.play("known", { position, step: index })
      : await ctx.play("roll", { position, dice: roll, turns: turnsAll() - index });
    if (ticket !== asked || epoch !== game.epoch || !h.current || h.index !== index || h.current.position !== position) return;
    offer = { ...answer, index, dice: roll };
    if (known() && index === 0) fewestStart = answer.fewest_here;
    game.render();
    const [words, kind] = statusOf();
    if (over() === "stuck") ctx.message(words, kind);
  } catch (e) { ctx.error(e); }
}

function rollDice() {
  if (!game.history.current) return;
  if (known()) { game.ctx.message("the rolls are known: each turn takes the next one", "bad"); return; }
  const d = game.base.die;
  const x = 1 + Math.floor(Math.random() * d), y = 1 + Math.floor(Math.random() * d);
  $("forest-x").value = x;
  $("forest-y").value = y;
  useDice([x, y]);
}

function useDice(roll) {
  const ctx = game.ctx;
  if (!game.history.current) return;
  if (known()) { ctx.message("the rolls are known: each turn takes the next one", "bad"); return; }
  if (refused()) return;
  if (!Array.isArray(roll) || roll.length !== 2 || !roll.every((x) => Number.isInteger(x) && x >= 1 && x <= game.base.die)) {
    ctx.message(`each die shows 1..${game.base.die}`, "bad");
    return;
  }
  if (game.history.index === 0) {
    const t = parseInt($("forest-turns").value, 10);
    if (!(t >= 1 && t <= 200)) { ctx.message("turns is 1..200", "bad"); return; }
    turnsTotal = t;
  }
  dice = roll;
  offer = null;
  game.render();
  game.ctx.setPosition();  // the dice are in the link
  fetchOptions(roll);
}

// Refuse a move (and say why) while the plan is shown or after the end.
function refused() {
  if (game.refused("move")) return true;
  const end = over();
  if (end) {
    game.ctx.message(`the game is over (${end === "won" ? "the target is reached" : "lost"}): undo or start a new game`, "bad");
    return true;
  }
  return false;
}

async function moveTo(field) {
  const ctx = game.ctx, h = game.history;
  if (!h.current || game.busy || refused()) return;
  if (!offer || offer.index !== h.index) {
    ctx.message(known() ? "the turn's fields are on their way" : "roll the dice first (d)", "bad");
    return;
  }
  if (!offer.options.some((o) => o.field === field)) {
    ctx.message(`the turn cannot end on field ${label(field)}: pick a ringed field`, "bad");
    return;
  }
  const from = h.current.position;
  // step and turns: the server refuses a move after the end of the game as the page does
  const moved = await game.ask(() => ctx.play("move", { position: from, dice: offer.dice, to: field,
    step: h.index, turns: turnsAll() }));
  if (!moved) { game.render(); return; }
  h.push({ position: moved.field, turn: { roll: moved.roll, walk: moved.walk, jump: moved.jump, from } });
  cursor = moved.field;
  newPosition();
  const [words, kind] = statusOf();
  const how = moved.field === from ? `back on field ${label(from)}`
    : `${moved.jump ? "jumped" : "walked"} from field ${label(from)} to field ${label(moved.field)}`;
  ctx.message(over() ? words : `turn ${h.index}: roll ${moved.roll.join("+")}, ${how}`, kind);
}

async function playOnFromHere() {
  const ctx = game.ctx;
  const a = ctx.answer;
  if (!game.viewing || !a || !Array.isArray(a.certificate) || !known()) return;
  try {
    const shownFrames = await ctx.frames(a.certificate.slice(0, game.viewing.step));
    const entries = [first()];
    for (const f of shownFrames.frames.slice(1)) {
      const from = entries[entries.length - 1].position;
      entries.push({ position: f.position, turn: { roll: f.roll, walk: f.walk, jump: f.jump, from } });
    }
    game.start(entries[0]);
    game.history.load(entries);
    cursor = entries[entries.length - 1].position;
    game.viewing = null;
    newPosition();
    ctx.message("");
  } catch (e) { ctx.error(e); }
}

async function useRolls() {
  const ctx = game.ctx;
  if (!ctx.instance) return;
  try {
    const made = await ctx.play("with_rolls", { rolls: $("forest-rolls").value });
    const stem = (ctx.instance.name || "forest").replace(/\.[^.]*$/, "").replace(/-rolls$/, "");
    await ctx.setInstance(made.text, `${stem}-rolls.lp`);
    ctx.message(made.rolls.length ? `${plural(made.rolls.length, "known roll")}: solve and play use them`
      : "no known rolls: play with unknown dice");
  } catch (e) { ctx.error(e); }
}

function moveCursor([di, dj]) {
  game.host.focus({ preventScroll: true });  // Enter acts on the cursor now, not on a focused arrow
  const from = game.base.fields[cursor];
  let best = null, score = Infinity;
  for (const f of game.base.fields) {
    if (f.id === cursor) continue;
    const dx = f.x - from.x, dy = f.y - from.y;
    const along = dj ? dx * dj : dy * di, across = Math.abs(dj ? dy : dx);
    if (along <= 0 || across > along * 1.5) continue;
    const s = along + 2 * across;
    if (s < score) { score = s; best = f.id; }
  }
  if (best === null) return;
  cursor = best;
  game.render();
}

// ----- the answer of a solve and its plan ------------------------------------------------------

export function labels(frames) {
  return frames.map((f, i) => (i === 0 ? "start" : `turn ${i}: roll ${f.roll ? f.roll.join("+") : ""}`));
}

export function summary(answer) {
  const out = [];
  if (answer.turns !== undefined) out.push(["turns", answer.turns]);
  if (answer.method) out.push(["method", answer.method]);
  return out;
}

// ----- drawing --------------------------------------------------------------------------------

function side(state, mine) {
  const h = game.history;
  $("forest-adopt").hidden = !known() || !game.ctx.answer;
  $("forest-info").textContent = mine ? infoOf() : "";
  const box = $("forest-options");
  box.replaceChildren();
  const choosing = mine && offer && offer.index === h.index && !over();
  if (choosing) {
    offer.options.forEach((o, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = `${i < 9 ? `${i + 1}. ` : ""}field ${o.label}: ${optionText(o)}`;
      b.title = optionTitle(o);
      if (i === 0) b.className = "best";
      b.onclick = () => moveTo(o.field);
      box.appendChild(b);
    });
  }
  $("forest-cursor").textContent = `cursor on field ${label(cursor)}${choosing && offer.options.some((o) => o.field === cursor) ? " (Enter ends the turn there)" : ""}`;
  pk.moveList($("forest-moves"), h.moves.map((e, i) => `turn ${i + 1}: roll ${e.turn.roll.join("+")}, ${e.turn.jump ? "jump" : "walk"} ${label(e.turn.from)} → ${label(e.position)}`),
    { done: h.index, pick: (k) => game.goTo(k) });
  const entries = [["box", START, "start"], ["ring", TARGET, "target"]];
  if (game.base.fields.some((f) => f.special && f.id !== game.base.target)) entries.push(["dot", SPECIAL_FILL, "special field: a double may jump there (purple rim)"]);
  const colours = [...new Set(game.base.fields.map((f) => (f.colour || "").toLowerCase()).filter((c) => c && COLOURS[c]))];
  if (colours.length) entries.push(...colours.map((c) => ["dot", COLOURS[c], `${c} on the real board`]));
  else entries.push(["dot", FIELD, "field (its number inside)"]);
  entries.push(["line", EDGE, "path"], ["dot", PAWN, mine ? "your pawn" : "the pawn"]);
  if (state.walk && state.walk.length > 1) entries.push(["line", WALK, "the walks of the last turn"]);
  if (state.jump) entries.push(["dashed", WALK, "a jump (a double)"]);
  if (choosing) {
    entries.push(["ring", END, known() ? "the turn can end here: the fewest turns after it with the rolls left (✗: none)"
      : "the turn can end here: the chance to reach the target after it, playing the best moves (hover: the exact fraction)"]);
    entries.push(["ring", BEST, "the best of them"]);
  }
  entries.push(["cursor", "#111", "keyboard cursor (while the board has the focus)"]);
  pk.legend($("forest-legend"), entries);
}

// Labels beside their fields without overlapping one another: for each (the most important
// first) the nearest free place around its field, covering as few fields as it can.
function placeLabels(items, circles, r, width, height) {
  const placed = [];
  const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  for (const it of items) {
    const w = it.text.length * 6.3 + 8, h = 15;
    let found = null, cost = Infinity;
    for (const dist of [r + 10, r + 22, r + 36, r + 54, r + 76, r + 100]) {
      for (const [k, angle] of [-90, -40, -140, 0, 180, 40, 140, 90].entries()) {
        const cx = it.x + Math.cos(angle * Math.PI / 180) * (dist + w / 2 * Math.abs(Math.cos(angle * Math.PI / 180)));
        const cy = it.y + Math.sin(angle * Math.PI / 180) * dist;
        const box = { x: cx - w / 2, y: cy - h / 2, w, h };
        if (box.x < 1 || box.y < 1 || box.x + w > width - 1 || box.y + h > height - 1) continue;
        if (placed.some((b) => overlaps(b, box))) continue;
        let c = dist + k * 0.5;
        for (const [x, y, rr] of circles) if (overlaps(box, { x: x - rr, y: y - rr, w: 2 * rr, h: 2 * rr })) c += x === it.x && y === it.y ? 1000 : 30;
        if (c < cost) { cost = c; found = box; }
      }
      if (found && cost < dist + 30) break;
    }
    it.box = found || { x: it.x - w / 2, y: it.y - r - 6 - h, w, h };
    placed.push(it.box);
  }
}

// The board: `state` the game's (mine) or a turn of the solver's plan.
function board(state, mine) {
  const ctx = game.ctx, h = game.history;
  const fields = state.fields;
  const xs = fields.map((f) => f.x), ys = fields.map((f) => f.y);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const width = Math.min(700, pk.boardWidth(ctx, 360)), pad = 26;  // beside the side panel from 360 pixels on
  const scale = (width - 2 * pad) / ((maxX - minX) || 1);
  const height = Math.max(220, Math.min(640, (maxY - minY) * scale + 2 * pad));
  const sy = Math.min(scale, (height - 2 * pad) / ((maxY - minY) || 1));
  const at = (f) => [pad + (f.x - minX) * scale, pad + (f.y - minY) * sy];
  const lengths = state.edges.map(([u, v]) => { const [a, b] = at(fields[u]), [c, d] = at(fields[v]); return Math.hypot(a - c, b - d); }).sort((a, b) => a - b);
  const typical = lengths.length ? lengths[Math.floor(lengths.length / 2)] : 40;
  const r = Math.max(6, Math.min(16, typical * 0.3));
  const svg = svgRoot(width, height, "Enchanted Forest board");
  svg.dataset.testid = "forest-board";
  el("rect", { x: 0, y: 0, width, height, fill: "#f6f3e8" }, svg);
  for (const [u, v] of state.edges) {
    const [x1, y1] = at(fields[u]), [x2, y2] = at(fields[v]);
    el("line", { x1, y1, x2, y2, stroke: EDGE, "stroke-width": 1.5 }, svg);
  }
  if (state.walk && state.walk.length > 1) {
    el("polyline", { points: state.walk.map((v) => at(fields[v]).join(",")).join(" "), fill: "none",
      stroke: WALK, "stroke-width": 3, "stroke-linejoin": "round", "stroke-opacity": 0.8, class: "walk",
      "stroke-dasharray": state.jump ? "6 4" : null }, svg);
  }
  const choosing = mine && offer && offer.index === h.index && !over();
  const choice = new Map(choosing ? offer.options.map((o, i) => [o.field, { ...o, best: i === 0, rank: i }]) : []);
  const circles = fields.map((f) => [...at(f), r]);
  for (const f of fields) {
    const [x, y] = at(f);
    const option = choice.get(f.id);
    const g = el("g", { class: `field${option ? " option" : ""}`, "data-field": f.id }, svg);
    const fill = f.colour && COLOURS[f.colour.toLowerCase()] ? COLOURS[f.colour.toLowerCase()] : f.special ? SPECIAL_FILL : FIELD;
    el("circle", { cx: x, cy: y, r, fill, stroke: f.special ? SPECIAL : "#777", "stroke-width": f.special ? 2.5 : 1 }, g);
    if (f.id === state.target) el("circle", { cx: x, cy: y, r: r + 4, fill: "none", stroke: TARGET, "stroke-width": 2.5, class: "target" }, g);
    if (f.id === state.start) el("rect", { x: x - r - 3, y: y - r - 3, width: 2 * r + 6, height: 2 * r + 6, fill: "none", stroke: START, "stroke-width": 2 }, g);
    if (r >= 7 && f.label.length <= 3) {
      text(g, x, y, f.label, { "font-size": Math.min(11, r * (f.label.length === 3 ? 0.75 : 0.95)), fill: "#333", "pointer-events": "none" });
    }
    if (option) {
      el("circle", { cx: x, cy: y, r: r + 2.5, fill: "none", stroke: option.best ? BEST : END, "stroke-width": option.best ? 4 : 2.5,
        class: option.best ? "best" : "end" }, g);
      el("circle", { cx: x, cy: y, r: Math.max(r + 4, pk.TAP / 2), fill: "transparent", class: "pk-hit" }, g);
      pk.button(g, `field-${f.id}`, `end the turn on field ${f.label}: ${optionTitle(option)}`, () => moveTo(f.id));
    } else {
      el("title", { text: `field ${f.label}${f.special ? " (special)" : ""}${f.id === state.start ? ", the start" : ""}${f.id === state.target ? ", the target" : ""}` }, g);
    }
  }
  const [px, py] = at(fields[state.position]);
  el("circle", { cx: px, cy: py, r: Math.max(4, r * 0.45), fill: PAWN, stroke: "white", "stroke-width": 1.5, class: "pawn", "pointer-events": "none" }, svg);
  if (choosing) {  // what each ringed field is worth, the labels apart
    const items = offer.options.map((o) => { const [x, y] = at(fields[o.field]); return { x, y, text: optionText(o), option: o, best: o === offer.options[0] }; });
    placeLabels(items, circles, r, width, height);
    for (const it of items) {
      const { x, y, w, h } = it.box;
      const g = el("g", { class: `chance-label clickable${it.best ? " best" : ""}`, "data-field": it.option.field }, svg);
      g.addEventListener("click", () => moveTo(it.option.field));
      const cx = x + w / 2, cy = y + h / 2;
      if (Math.hypot(cx - it.x, cy - it.y) > r + 14) el("line", { x1: it.x, y1: it.y, x2: cx, y2: cy, stroke: LEADER, "stroke-width": 1, "pointer-events": "none" }, g);
      el("rect", { x, y, width: w, height: h, rx: 3, fill: "white", "fill-opacity": 0.92, stroke: it.best ? BEST : END, "stroke-width": 1 }, g);
      text(g, cx, cy + 0.5, it.text, { "font-size": 11, fill: it.best ? "#a05000" : "#1f4f9b", "font-weight": it.best ? "bold" : "normal" });
      el("title", { text: optionTitle(it.option) }, g);
    }
  }
  const [cx, cy] = at(fields[cursor] || fields[0]);
  pk.cursorBox(svg, cx - r - 6, cy - r - 6, 2 * r + 12, 2 * r + 12);
  pk.render(game.host, svg);
  side(state, mine);
}
