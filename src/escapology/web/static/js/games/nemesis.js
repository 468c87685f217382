// Nemesis, Blizzard and Cat Herding: a game against the exact solver (the fugitive or the Nemesis,
// the cat or the herder), with whose turn it is, the moves round by round, undo and redo, and its
// end; the graph with a legend, the winning starts shaded, the cat numbers; the solver's line of
// play step by step. Every move can be made with the keyboard: the number keys choose a numbered
// vertex, Tab goes through the vertices and edges that can be chosen and Enter chooses.
import { arrow, el, svgRoot, text } from "../svg.js";
import * as pk from "./playkit.js";
import { plural } from "../wording.js";

// the Python pictures' colours (nemesis.drawing): exits red, the fugitive black, winning starts
// blue, the fugitive's moves orange; here also what you may choose green, deleted edges red
const EXIT = "#d62728", FUGITIVE = "#111", WINNING = "#9cf", VERTEX = "#eee", EDGE = "#555", STRUCK = "#c0392b",
  PATH = "#e67e22", CHOOSE = "#1e9e3e", VALUE = "#6a3d9a", COPIES = "#a00";
const GAMES = { nemesis: "Nemesis", blizzard: "Blizzard", cat: "Cat Herding", "cat-1": "Cat Herding (cat speed 1)" };

let winning = new Set();          // the winning starts shaded, and the game they are for
let winningFor = null;
let values = null;                // Cat Herding: every vertex's value
let focusAfter = false;           // the last move came from the keyboard: focus the board again

const $ = (id) => document.getElementById(id);
const key = (a, b) => [a, b].sort().join("\u0000");
const natural = (a, b) => a.localeCompare(b, "en", { numeric: true });

function options() {
  const variant = $("nem-game") ? $("nem-game").value : "nemesis";
  return { game: variant, side: $("nem-side") ? $("nem-side").value : "fugitive", cat: variant.startsWith("cat") };
}

// Who is who in the game chosen: the person's side and the solver's, in words.
function names(s) {
  if (s.cat) return s.side === "fugitive" ? { you: "the cat", solver: "the herder" } : { you: "the herder", solver: "the cat" };
  return s.side === "fugitive" ? { you: "the fugitive", solver: "the Nemesis" } : { you: "the Nemesis", solver: "the fugitive" };
}

const HOW = `<p>A fugitive stands on a vertex of a graph with exits (red). Each round he moves along one edge
  (reaching an exit wins), then the Nemesis deletes one edge anywhere (in Blizzard only an edge at
  his vertex); he loses once no exit is reachable. In Cat Herding there are no exits: the herder
  deletes an edge, then the cat moves, until the cat is isolated; the cat wants as many deletions
  as possible. Play either side against the exact solver; <b>Solve</b> shows the solver's strategy
  as a line of play.</p>`;

// The page (pk.page): the game's history holds a state per move of yours (the solver's reply in it).
const game = pk.page("nem", {
  label: "Nemesis graph: number keys or Tab and Enter choose a move",
  fit: true,
  controls: `<fieldset><legend>Play against the solver</legend>
      <label>game <select id="nem-game"><option value="nemesis">Nemesis</option><option value="blizzard">Blizzard</option>
        <option value="cat">Cat Herding</option><option value="cat-1">Cat Herding, cat speed 1</option></select></label>
      <label>you are <select id="nem-side"><option value="fugitive">the fugitive</option>
        <option value="nemesis">the Nemesis</option></select></label>
      <button type="button" id="nem-new" title="n">new game</button>
      {history}
      <button type="button" id="nem-starts">shade winning starts</button></fieldset>`,
  line: "line of play",
  how: HOW,
  keyRows: [
    ["click", "a vertex ringed green moves there; an edge drawn green deletes it"],
    ["1|2|…|9", "move to the vertex with that number"],
    ["Tab", "to a green vertex or edge; Enter or Space chooses it"],
    ["n", "new game"],
  ],
  buttons: { new: newGame, starts: shadeStarts },
  setup() {
    $("nem-game").onchange = () => { relabel(); newGame(); };
    $("nem-side").onchange = newGame;
  },
  loaded(info) {
    winning = new Set();
    winningFor = null;
    values = null;
    newGame();
  },
  game() {
    const s = game.history.current;
    return game.base && s ? { ...game.base, ...s } : game.base;
  },
  board: (state, mine) => board(state, mine ? choices(game.history.current) : null),
  status: statusOf,
  labels,
  frameShown(frame) {
    if (frame.note) game.ctx.message(frame.note, frame.note.includes("escapes") ? "good" : "bad");
    else game.ctx.message(frame.deleted.length ? `deleted: ${frame.deleted.map((e) => e.join("-")).join(", ")}` : "");
  },
  keys: onKey,
  fresh: newGame,
  // in the link: the game and your side (o: g, s), the solver's opening (a) and each of your
  // moves with the solver's reply (m): the vertices moved to (f), the edges deleted (d), and what
  // the solver told (w the winner, n the end's words, v and b the deletions to come after and
  // before, t where your cat may go), so that no reply is asked for again
  moves: {
    options() {
      const o = options();
      return { ...(o.game !== "nemesis" ? { g: o.game } : {}), ...(o.side !== "fugitive" ? { s: o.side } : {}) };
    },
    start(o) {
      const g = o.g ?? "nemesis", side = o.s ?? "fugitive";
      if (!GAMES[g] || !["fugitive", "nemesis"].includes(side)) throw new Error(`the game (${g}) or your side (${side}) is not one of this page's`);
      $("nem-game").value = g;
      $("nem-side").value = side;
      relabel();
      return firstEntry(options());
    },
    encode: (e, before) => (before || e.lines.length ? replyCode(e, before || firstEntry(e)) : null),
    decode: (before, code) => applied(before, replyOf(before, code)),
  },
});

export const { setup, loaded, draw, frameShown, answered, position, restore } = game.hooks();

// The side's words follow the game chosen (the cat or the herder in Cat Herding).
function relabel() {
  values = null;
  winning = new Set();
  winningFor = null;
  const cat = options().cat;
  $("nem-side").options[0].text = cat ? "the cat" : "the fugitive";
  $("nem-side").options[1].text = cat ? "the herder" : "the Nemesis";
  $("nem-starts").textContent = cat ? "show cat numbers" : "shade winning starts";
}

// ---- the game -------------------------------------------------------------------------------

// The game's first state for the options {game, side, cat}, before anyone moved.
function firstEntry(o) {
  const first = { game: o.game, side: o.side, cat: o.cat, position: game.base.start, mult: game.base.mult.slice(), deleted: [], rounds: [],
    trail: [game.base.start], lines: [], winner: null, note: "", value: null, value0: null, targets: null, over: null };
  if (game.base.start && !o.cat && game.base.vertices.find((v) => v.name === game.base.start)?.exit) {
    first.winner = "fugitive";
    first.note = "the fugitive starts on an exit";
    finish(first);
  }
  return first;
}

async function newGame() {
  if (!game.base) return;
  const o = options();
  const first = firstEntry(o);
  game.start(first);
  game.announce();
  // the solver opens: the fugitive's first move, or the herder's first deletion
  if (game.base.start && !first.winner && (o.side === "nemesis") !== o.cat) await play(null, { opening: true });
  else game.render();
}

async function play(move, { opening = false } = {}) {
  const s = game.history.current;
  if (game.busy) return;
  const who = names(s);
  const next = await game.ask(() => pk.think(game.ctx, game.frame.status, who.solver.replace(/^the /, "The "), "reply",
    { game: s.game, side: s.side, position: s.position, mult: s.mult, deleted: s.deleted, move }));
  if (next) {
    const after = applied(s, next);
    if (opening) game.history.reset(after);
    else game.history.push(after);
  }
  game.render();
  game.announce();
}

// The state after a reply of the server: its events (moves and deletions, in order) make the
// rounds of the move list, the fugitive's trail and the round of each deletion.
function applied(s, next) {
  const out = { ...s, position: next.position, mult: next.mult, deleted: next.deleted, winner: next.winner,
    note: next.note, value: next.value ?? null, targets: next.targets ?? null, trail: s.trail.slice(),
    rounds: s.rounds.slice(), lines: s.lines.map((l) => l.slice()), over: null };
  if (s.value0 === null && next.value_before !== undefined) out.value0 = next.value_before;
  const who = names(s);
  for (const ev of next.events || []) {
    const actor = ev.who === "you" ? "you" : who.solver;
    // a round starts with the fugitive's move (Nemesis, Blizzard) or the herder's deletion (Cat Herding)
    if ((s.cat ? ev.delete : ev.move) || out.lines.length === 0) out.lines.push([]);
    const line = out.lines[out.lines.length - 1];
    if (ev.move) {
      out.trail.push(ev.move);
      line.push(`${actor}: ${ev.from} → ${ev.move}`);
    } else if (ev.delete) {
      out.rounds.push(s.cat ? out.rounds.length + 1 : out.trail.length - 1);
      line.push(`${actor} ${ev.who === "you" ? "delete" : "deletes"} ${ev.delete.join("-")}`);
    }
  }
  if (out.winner) finish(out);
  return out;
}

// A reply in the link: what changed from `before` to `s` (the vertices moved to, the edges
// deleted) and what the solver told besides.
function replyCode(s, before) {
  const code = {};
  const moved = s.trail.slice(before.trail.length), deleted = s.deleted.slice(before.deleted.length);
  if (moved.length) code.f = moved;
  if (deleted.length) code.d = deleted;
  if (s.winner) code.w = s.winner;
  if (s.note && s.note !== before.note) code.n = s.note;
  if (s.value !== null) code.v = s.value;
  if (before.value0 === null && s.value0 !== null) code.b = s.value0;
  if (s.targets !== null) code.t = s.targets;
  return code;
}

// The server's reply a link's code stands for, after `before`: your move first, then the solver's
// (who did what follows from your side: the fugitive or the cat moves, the other deletes).
function replyOf(before, code) {
  const names_ = new Set(game.base.vertices.map((v) => v.name));
  const ok = code && typeof code === "object" && !Array.isArray(code)
    && (code.f ?? []).every((v) => names_.has(v)) && (code.d ?? []).every((e) => Array.isArray(e) && e.length === 2);
  if (!ok) throw new Error(`a move (${JSON.stringify(code)}) is not {f: vertices, d: edges} of this graph`);
  const mult = before.mult.slice();
  let at = before.position;
  const moves = (code.f ?? []).map((v) => { const ev = { move: v, from: at }; at = v; return ev; });
  const deletions = (code.d ?? []).map(([a, b]) => {
    const edge = game.base.edges.find((e) => mult[e.id] > 0 && key(e.a, e.b) === key(a, b));
    if (!edge) throw new Error(`the edge ${a}-${b} is not left to delete`);
    mult[edge.id] -= 1;
    return { delete: [a, b] };
  });
  const [yours, theirs] = before.side === "fugitive" ? [moves, deletions] : [deletions, moves];
  const events = [...yours.map((ev) => ({ who: "you", ...ev })), ...theirs.map((ev) => ({ who: "solver", ...ev }))];
  const next = { position: at, mult, deleted: [...before.deleted, ...(code.d ?? [])], winner: code.w ?? null, note: code.n ?? "",
    value: code.v ?? null, targets: code.t ?? null, events };
  if (code.b !== undefined) next.value_before = code.b;
  return next;
}

// The end of a game, in words, and whether the person won.
function finish(s) {
  if (s.cat) {
    const k = s.deleted.length, best = s.value0;
    const good = best === null ? null : s.side === "nemesis" ? k <= best : k >= best;
    const verdict = good === null ? "game over" : good ? "you win" : "you lose";
    const par = best === null ? "" : s.side === "nemesis"
      ? (good ? `: ${best} is the fewest the herder can force` : `; best play isolates it within ${best}`)
      : (good ? `: ${best} is the most the cat can force` : `; best play survives ${best}`);
    s.over = { text: `${verdict}: the cat is isolated after ${k} deletion${k === 1 ? "" : "s"}${par}`, good };
    return;
  }
  const good = s.winner === s.side;
  const rounds = s.trail.length - 1;
  s.over = { text: `${good ? "you win" : "you lose"}: ${s.note}${rounds ? ` (after ${rounds} round${rounds === 1 ? "" : "s"})` : ""}`, good };
}

// What the person may choose now: vertices (numbered) or edges; null when it is not their turn.
function choices(s) {
  if (!s || game.viewing || game.busy || s.winner || !s.position || !game.base.drawn) return null;
  if (s.side === "fugitive") {
    let targets;
    if (s.cat) targets = s.targets || [];
    else {
      const near = new Set();
      for (const edge of game.base.edges) {
        if (!s.mult[edge.id]) continue;
        if (edge.a === s.position) near.add(edge.b);
        if (edge.b === s.position) near.add(edge.a);
      }
      targets = [...near];
    }
    return { vertices: targets.slice().sort(natural), edges: [] };
  }
  const edges = game.base.edges.filter((e) => s.mult[e.id] && (s.game !== "blizzard" || e.a === s.position || e.b === s.position));
  return { vertices: [], edges: edges.map((e) => e.id) };
}

function refuse(why) {
  const s = game.history.current, ctx = game.ctx;
  if (game.refused("play")) return;
  if (s && s.over) ctx.message("the game is over: undo (u), or start a new game (n)", "bad");
  else if (game.busy) ctx.message("wait for the solver's reply");
  else if (why) ctx.message(why, "bad");
}

// The game's keys: n a new game, 1-9 a move to the vertex with that number.
function onKey(event) {
  const k = event.key;
  if (k === "n") { newGame(); return true; }
  if (/^[1-9]$/.test(k)) {
    const c = choices(game.history.current);
    const v = c && c.vertices[Number(k) - 1];
    if (!v) {
      refuse(c && c.vertices.length ? `no vertex numbered ${k}` : c ? "choose an edge to delete (Tab, then Enter)" : null);
      return true;
    }
    focusAfter = true;
    play(v);
    return true;
  }
  return false;
}

// ---- the winning starts, the cat numbers ------------------------------------------------------

async function shadeStarts() {
  const o = options(), ctx = game.ctx;
  if (game.busy) { refuse(); return; }
  try {
    if (o.cat) {
      values = await ctx.play("cat_numbers", { game: o.game });
      ctx.message(`the cat number: ${Math.max(...Object.values(values))} (each vertex labelled with its value)`);
    } else {
      winning = new Set(await ctx.play("starts", { game: o.game }));
      winningFor = o.game;
      ctx.message(`${plural(winning.size, "winning start")} for the fugitive in ${GAMES[o.game]}`);
    }
  } catch (e) { ctx.error(e); }
  game.render();
}

// ---- the solver's line of play (the stepper) --------------------------------------------------

export function labels(frames) {
  return frames.map((f, i) => (i === 0 ? "start" : `round ${i}: to ${f.position}`));
}

export function summary(answer) {
  const out = [];
  if (answer.winner) out.push(["winner", answer.winner]);
  if (answer.game) out.push(["game", answer.game]);
  if (answer.nodes !== undefined) out.push(["search nodes", answer.nodes]);
  return out;
}

// ---- drawing ----------------------------------------------------------------------------------

// The status line of the game: whose move it is and what to do, or how it ended (null: who is
// thinking, as pk.think says).
function statusOf() {
  const s = game.history.current;
  if (!s) return null;
  const c = choices(s);
  const who = names(s);
  const left = s.cat && s.value !== null ? ` (${s.value} deletion${s.value === 1 ? "" : "s"} to come with best play)` : "";
  if (s.over) return [`Game over: ${s.over.text}`, s.over.good === false ? "bad" : "good"];
  if (game.busy) return null;
  if (!s.position) return ["this instance has no start: add start(V). to play", ""];
  if (c && c.vertices.length) {
    const where = s.cat && s.game === "cat" ? "any vertex of its component" : `a neighbour of ${s.position}`;
    return [`Your move, ${who.you} at ${s.position}: go to ${where}, ringed green (click, its number key, or Tab and Enter)${left}`, ""];
  }
  if (c && c.edges.length) {
    const where = s.game === "blizzard" ? `an edge at ${s.position}` : "any edge";
    return [`Your move, ${who.you}: delete ${where}, drawn green (click, or Tab and Enter); the ${s.cat ? "cat" : "fugitive"} is at ${s.position}${left}`, ""];
  }
  return ["no move left", ""];
}

// The graph: `state` the vertices and edges with the edges left (mult), the fugitive's position,
// trail and deletions; `c` what the person may choose (null: nothing).
function board(state, c) {
  if (state.drawn === false) {
    game.host.textContent = `a graph of ${state.vertices.length} vertices is too large to draw (solving works)`;
    return;
  }
  const vs = state.vertices;
  const xs = vs.map((v) => v.x), ys = vs.map((v) => v.y);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const maxW = 620, maxH = 480, pad = 34;
  const sx = maxX - minX || 1, sy = maxY - minY || 1;
  const scale = Math.min((maxW - 2 * pad) / sx, (maxH - 2 * pad) / sy, 140);
  const width = Math.max(260, sx * scale + 2 * pad), height = Math.max(160, sy * scale + 2 * pad);
  const ox = (width - sx * scale) / 2, oy = (height - sy * scale) / 2;
  const at = {};
  for (const v of vs) at[v.name] = [ox + (v.x - minX) * scale, oy + (v.y - minY) * scale];
  // the radius: under half the distance between the two closest vertices
  let closest = Infinity;
  if (vs.length <= 400) {
    for (let i = 0; i < vs.length; i++) {
      for (let j = i + 1; j < vs.length; j++) {
        const [x1, y1] = at[vs[i].name], [x2, y2] = at[vs[j].name];
        closest = Math.min(closest, Math.hypot(x2 - x1, y2 - y1));
      }
    }
  } else closest = scale * 0.8;
  const r = Math.max(4, Math.min(16, closest * 0.36));
  const svg = svgRoot(width, height, "Nemesis graph");
  svg.dataset.testid = "nemesis-board";
  el("rect", { x: 0, y: 0, width, height, fill: "white" }, svg);
  const mult = state.mult || state.edges.map((e) => e.mult);
  const clickEdges = new Set(c ? c.edges : []);
  const clickVertices = c ? c.vertices : [];
  const number = new Map(clickVertices.slice(0, 9).map((v, i) => [v, i + 1]));
  const roundsOf = new Map();
  (state.deleted || []).forEach(([a, b], i) => {
    const k = key(a, b);
    if (!roundsOf.has(k)) roundsOf.set(k, []);
    if (state.rounds && state.rounds[i] !== undefined) roundsOf.get(k).push(state.rounds[i]);
  });
  const seen = { multi: false, struck: false, path: false, choose: false, winning: false, values: false };
  const edgeLayer = el("g", {}, svg), markLayer = el("g", { "pointer-events": "none" }, svg), vertexLayer = el("g", {}, svg);

  for (const edge of state.edges) {
    const [x1, y1] = at[edge.a], [x2, y2] = at[edge.b];
    const left = mult[edge.id];
    const chosen = clickEdges.has(edge.id);
    const g = el("g", { class: `edge${chosen ? " clickable" : ""}${left ? "" : " deleted"}`, "data-edge": `${edge.a}-${edge.b}` }, edgeLayer);
    if (left) {
      el("line", { x1, y1, x2, y2, stroke: chosen ? CHOOSE : EDGE, "stroke-width": chosen ? 3 : 2, class: "edge-line" }, g);
    } else {
      el("line", { x1, y1, x2, y2, stroke: STRUCK, "stroke-width": 2, "stroke-dasharray": "6 4", class: "edge-line struck" }, g);
      seen.struck = true;
    }
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, d = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / d, uy = (y2 - y1) / d;
    const rounds = roundsOf.get(key(edge.a, edge.b)) || [];
    if (rounds.length && !left) {  // struck through: a cross, and the rounds it was deleted in
      const cr = 6;
      for (const sgn of [1, -1]) {
        el("line", { x1: mx - cr * ux - sgn * cr * uy, y1: my - cr * uy + sgn * cr * ux, x2: mx + cr * ux + sgn * cr * uy,
          y2: my + cr * uy - sgn * cr * ux, stroke: STRUCK, "stroke-width": 2.5, class: "cross" }, markLayer);
      }
    }
    if (rounds.length) {
      const label = rounds.join(",");
      const bx = mx - uy * 17, by = my + ux * 17, w = 8 + 3.5 * (label.length - 1);
      el("rect", { x: bx - w, y: by - 8, width: 2 * w, height: 16, rx: 8, fill: "white", stroke: STRUCK, "stroke-width": 1.5 }, markLayer);
      text(markLayer, bx, by, label, { "font-size": 11, fill: STRUCK, "font-weight": "bold", class: "deletion-round" });
      seen.struck = true;
    } else if (!left) {
      const cr = 6;
      for (const sgn of [1, -1]) {
        el("line", { x1: mx - cr * ux - sgn * cr * uy, y1: my - cr * uy + sgn * cr * ux, x2: mx + cr * ux + sgn * cr * uy,
          y2: my + cr * uy - sgn * cr * ux, stroke: STRUCK, "stroke-width": 2.5, class: "cross" }, markLayer);
      }
    }
    if (edge.mult > 1) {
      seen.multi = true;
      text(markLayer, mx + uy * 10, my - ux * 10, `${left}/${edge.mult}`, { "font-size": 10, fill: COPIES, "font-weight": "bold",
        stroke: "white", "stroke-width": 3, "paint-order": "stroke", class: "copies" });
    }
    if (chosen) {
      seen.choose = true;
      el("line", { x1, y1, x2, y2, stroke: "transparent", "stroke-width": 14 }, g);  // easier to hit
      pk.button(g, `edge-${edge.a}-${edge.b}`, `delete the edge ${edge.a}-${edge.b}`,
        (byKey) => { focusAfter = byKey; play([edge.a, edge.b]); });
    } else {
      g.addEventListener("click", () => refuse(c && c.vertices.length ? "move the fugitive: choose a vertex ringed green" : null));
    }
  }

  // the fugitive's (or cat's) moves so far, numbered by round
  const variant = state.game ?? options().game;
  const jumps = variant === "cat";  // the cat of unbounded speed runs along any path of its component
  const trail = (state.trail || []).filter((v) => at[v]);
  for (let i = 1; i < trail.length; i++) {
    const [x1, y1] = at[trail[i - 1]], [x2, y2] = at[trail[i]];
    const d = Math.hypot(x2 - x1, y2 - y1) || 1, ux = (x2 - x1) / d, uy = (y2 - y1) / d;
    arrow(markLayer, x1 + ux * (r + 2), y1 + uy * (r + 2), x2 - ux * (r + 3), y2 - uy * (r + 3),
      { colour: PATH, width: 3.5, head: 10, class: "move", opacity: 0.9, "stroke-dasharray": jumps ? "6 4" : null });
    // the round beside the arrow's middle, on the other side of the edge than a deletion's round
    const edge = state.edges.find((e) => key(e.a, e.b) === key(trail[i - 1], trail[i]));
    const flip = edge && edge.a === trail[i] ? -1 : 1;
    const mx = (x1 + x2) / 2 + flip * uy * 13, my = (y1 + y2) / 2 - flip * ux * 13;
    el("circle", { cx: mx, cy: my, r: 8, fill: PATH, stroke: "white", "stroke-width": 1 }, markLayer);
    text(markLayer, mx, my, String(i), { "font-size": 11, fill: "black", "font-weight": "bold", class: "move-round" });
    seen.path = true;
  }

  const shaded = winningFor && !options().cat ? winning : new Set();
  for (const v of vs) {
    const [x, y] = at[v.name];
    const here = v.name === state.position;
    const n = number.get(v.name);
    const chosen = clickVertices.includes(v.name);
    const fill = here ? FUGITIVE : v.exit ? EXIT : shaded.has(v.name) ? WINNING : VERTEX;
    if (!here && !v.exit && shaded.has(v.name)) seen.winning = true;
    const g = el("g", { class: `vertex${chosen ? " clickable" : ""}`, "data-vertex": v.name }, vertexLayer);
    if (chosen) {
      el("circle", { cx: x, cy: y, r: r + 4, fill: "none", stroke: CHOOSE, "stroke-width": 3, class: "choice" }, g);
      seen.choose = true;
    }
    el("circle", { cx: x, cy: y, r, fill, stroke: "#333", "stroke-width": 1,
      class: here ? "fugitive" : v.exit ? "exit" : shaded.has(v.name) ? "winning" : "" }, g);
    const len = [...v.name].length;
    const fit = Math.min(12, r * 0.95, (1.8 * r) / (0.62 * len));
    const ink = here || v.exit ? "white" : "#222";
    if (fit >= 7) text(g, x, y, v.name, { "font-size": fit.toFixed(1), fill: ink, class: "vertex-name" });
    else {  // beside the circle, on a white halo (to its left where the right side has no room)
      const room = x + r * 0.7 + 1 + 0.6 * 10.5 * len <= width - 2;
      text(g, room ? x + r * 0.7 + 1 : x - r * 0.7 - 1, y + r + 7, v.name, { "font-size": 10.5, fill: "#222",
        "text-anchor": room ? "start" : "end", stroke: "white", "stroke-width": 3, "paint-order": "stroke",
        class: "vertex-name beside" });
    }
    if (!chosen) el("title", { text: v.name }, g);
    if (n) {
      const bx = x + r * 0.85 + 3, by = y - r * 0.85 - 3;
      el("circle", { cx: bx, cy: by, r: 7, fill: CHOOSE, stroke: "white", "stroke-width": 1 }, g);
      text(g, bx, by, String(n), { "font-size": 10, fill: "white", "font-weight": "bold", class: "choice-number" });
    }
    if (values && values[v.name] !== undefined) {
      seen.values = true;
      text(g, x - r - 4, y - r - 2, String(values[v.name]), { "font-size": 11, fill: VALUE, "font-weight": "bold",
        stroke: "white", "stroke-width": 3, "paint-order": "stroke", class: "cat-value" });
    }
    if (chosen) {
      pk.button(g, `vertex-${v.name}`, `move to ${v.name}${n ? ` (key ${n})` : ""}`,
        (byKey) => { focusAfter = byKey; play(v.name); });
    } else {
      g.addEventListener("click", () => refuse(c && c.edges.length ? "delete an edge: click one drawn green"
        : c ? `${v.name} cannot be reached in one move: choose a vertex ringed green` : null));
    }
  }

  const cat = state.cat ?? options().cat;
  const who = cat ? "cat" : "fugitive";
  const entries = [];
  if (vs.some((v) => v.exit)) entries.push(["dot", EXIT, "exit"]);
  if (state.position) entries.push(["dot", FUGITIVE, `the ${who} (the start, then where ${cat ? "it" : "he"} stands)`]);
  if (seen.winning) entries.push(["dot", WINNING, "the fugitive wins from here"]);
  entries.push(["dot", VERTEX, "vertex"]);
  entries.push(["line", EDGE, "edge"]);
  if (seen.multi) entries.push(["text:2/3", COPIES, "copies of an edge left / in all"]);
  if (seen.path) entries.push(jumps ? ["dashed arrow", PATH, "the cat's moves (along any path of its component), numbered by round"]
    : ["arrow", PATH, `the ${who}'s moves, numbered by round`]);
  if (seen.struck) entries.push(["struck", STRUCK, "deleted edge, numbered by the round it is deleted in"]);
  if (c && c.vertices.length) entries.push(["ring", CHOOSE, "you may move here (click, its number key, or Tab and Enter)"]);
  if (c && c.edges.length) entries.push(["line", CHOOSE, "you may delete this edge (click, or Tab and Enter)"]);
  if (seen.values) entries.push(["text:7", VALUE, "the cat number from this vertex (deletions the herder needs)"]);

  const s = game.history.current;
  $("nem-moves-title").textContent = s ? `Moves (${GAMES[s.game]}, you are ${names(s).you})` : "Moves";
  pk.moveList($("nem-moves"), s ? s.lines.map((parts) => parts.join("; ")) : []);
  pk.legend($("nem-legend"), entries);
  pk.render(game.host, svg);
  if (focusAfter && c) {
    focusAfter = false;
    const first = svg.querySelector("[tabindex='0']");
    if (first) first.focus();
  }
}
