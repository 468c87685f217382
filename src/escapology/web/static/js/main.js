// The page: pick a game, load an instance, solve it with live progress, step through the
// certificate, play. Each game's ES module (games/<game>.js) draws its boards and adds its controls.
import * as api from "./api.js";
import { describe as describeSvg, show } from "./svg.js";
import * as link from "./link.js";
import { stepWithKeys } from "./keys.js";
import { busy, busyOn, LiveStatus } from "./busy.js";
import { answerTable, buildGenerateForm, generateOptions } from "./panels.js";

const $ = (id) => document.getElementById(id);
let games = [];
let current = null;
let animation = null;
let restoring = false;  // while a link's position is restored, the link is not rewritten
let linkSerial = 0;
let solveStatus = null;  // the LiveStatus of #solve-status

function errorBox(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(errorBox.timer);
  errorBox.timer = setTimeout(() => { box.hidden = true; }, 12000);
}

// What a button that needs an instance says when none is loaded; thrown (sync or in a promise) it
// is shown as the page's message, never as an error (the handlers at start()).
const NO_INSTANCE = "load an instance first";
class NoInstance extends Error {
  constructor() { super(NO_INSTANCE); this.name = "NoInstance"; }
}

function message(text, kind = "") {
  const m = $("message");
  m.textContent = text || "";
  m.className = `message ${kind}`;
}

// The loaded instance, or NoInstance thrown (the page says "load an instance first").
function requireInstance() {
  if (!current || !current.instance) throw new NoInstance();
  return current.instance;
}

// A request about the loaded instance; refused with NoInstance (a rejected promise) when none is.
function withInstance(url, body) {
  if (!current || !current.instance) {
    message(NO_INSTANCE, "bad");
    return Promise.reject(new NoInstance());
  }
  return api.post(url, { text: current.instance.text, name: current.instance.name, ...body });
}

function showError(e) {
  if (e instanceof NoInstance) message(NO_INSTANCE, "bad");
  else errorBox(e.message || String(e));
}

// What every game's module receives (games/<game>.js: setup(ctx), loaded(ctx, info), draw(ctx,
// state), labels(frames), frameShown(ctx, frame, index), summary(answer), answered(ctx, answer)).
//   instance           the loaded {text, name, loaded}, or null before one is loaded
//   requireInstance()  the loaded instance, or throws NoInstance: the page shows "load an instance
//                      first" (also when nobody catches it), so a handler may just call it first
//   play/check/frames  the API about the loaded instance; before one is loaded they show "load an
//                      instance first" and reject with NoInstance (ctx.error shows it as a message)
//   error(e)           an error in the page's error box (NoInstance: the message)
//   busy(promise, label, into)  the promise, unchanged; while it is out (after 0.3 s) the page
//                      shows `label` with the seconds elapsed ("thinking… 1.2 s"); with `into` (an
//                      element, a game's status line) there instead, at once, in whole seconds.
//                      ctx.play, check and frames do it themselves (labels "thinking…",
//                      "checking…", "working…"; ctx.play(action, args, {label, into}) another one)
//   setPosition(data)  the game's own position changed: `data` (any JSON value, null for none) goes
//                      into the page's link; a module that exports position(ctx) (read whenever the
//                      link is written) calls ctx.setPosition() without data. Opening the link
//                      calls the module's restore(ctx, data) after loading the instance and showing
//                      the answer's step (link.js describes the link).
//   active             whether this visit of the page is the one shown; a page left behind (a late
//                      answer, a timer) gets no more answers from play/check/frames/setInstance,
//                      and its message, error, draw, showFrames and setPosition do nothing
// Before an instance is loaded, a click on a button in ctx.controls says "load an instance first"
// and does not reach the button, unless the button has the attribute data-without-instance.
function context(game) {
  const ctx = {
    game: game.name,
    // how the game names a field (core/coordinates.py's Grid), or null for the games on graphs
    coordinates: game.coordinates,
    board: $("board"),
    controls: $("game-controls"),
    get instance() { return current.instance; },
    get answer() { return current.answer; },
    // whether this visit of the game's page is the one shown (route() makes a context per visit)
    get active() { return !!current && current.ctx === ctx; },
    requireInstance,
    message: (text, kind) => { if (ctx.active) message(text, kind); },
    error: (e) => { if (ctx.active) showError(e); },
    busy,
    play: (action, args, shown = {}) => forPage(ctx, () => busy(withInstance(`/api/games/${game.name}/play/${action}`, { args }),
      shown.label || "thinking…", shown.into)),
    check: (certificate) => forPage(ctx, () => busy(withInstance(`/api/games/${game.name}/check`, { certificate }), "checking…")),
    frames: (certificate) => forPage(ctx, () => busy(withInstance(`/api/games/${game.name}/frames`, { certificate }), "working…")),
    showFrames: (frames, labels) => { if (ctx.active) showFrames(frames, labels); },
    draw: (state) => { if (ctx.active) drawState(state); },
    setInstance: (text, name) => forPage(ctx, () => loadInstance(text, name)),
    setPosition: (...data) => {
      if (!ctx.active) return;
      if (data.length) current.position = data[0];
      writeLink();
    },
  };
  return ctx;
}

// A page left behind (another game, or the same one opened anew) hears nothing more: its requests
// are not sent, and the answers to those it sent before settle never, so it draws and says nothing
// on the page shown now.
const NEVER = new Promise(() => {});
function forPage(ctx, request) {
  if (!ctx.active) return NEVER;
  const promise = request();
  return new Promise((resolve, reject) => promise.then(
    (value) => { if (ctx.active) resolve(value); },
    (error) => { if (ctx.active) reject(error); }));
}

function drawState(state) {
  if (current.module.draw && state) current.module.draw(current.ctx, state);
  describeBoard();
}

// The board's picture: the first <svg> in #board that is not hidden from assistive technology (a
// game's legend draws its swatches as small SVGs, aria-hidden).
function boardPicture() {
  return $("board").querySelector("svg:not([aria-hidden='true'])");
}

// The board's picture for a screen reader: its <title> and a <desc> naming the game, the instance
// and the step shown (svg.js's describe).
function describeBoard() {
  const svg = boardPicture();
  if (!svg || !current) return;
  const parts = [(current.game.title || current.game.name).split(":")[0]];
  if (current.instance) {
    const { name, loaded } = current.instance;
    parts.push(`instance ${name || "pasted text"} (${loaded.size_unit} ${loaded.size})`);
  }
  if (current.frames && current.frames.length > 1) {
    parts.push(`step ${current.index} of ${current.frames.length - 1}: ${current.labels[current.index]}`);
  }
  describeSvg(svg, `${current.game.name} board`, parts.join("; "));
}

// A certificate's states: the stepper walks through them.
function showFrames(frames, labels) {
  stopAnimation();
  current.frames = frames;
  current.labels = labels || frames.map((f, i) => (i === 0 ? "start" : `step ${i}`));
  current.index = 0;
  $("stepper").hidden = !frames || frames.length < 2;
  goTo(0);
}

function goTo(i) {
  if (!current || !current.frames) return;
  current.index = Math.max(0, Math.min(current.frames.length - 1, i));
  $("step-label").textContent = `${current.labels[current.index]} (${current.index}/${current.frames.length - 1})`;
  drawState(current.frames[current.index]);
  if (current.module.frameShown) current.module.frameShown(current.ctx, current.frames[current.index], current.index);
  writeLink();
}

// The URL's fragment follows what the page shows (link.js): replaced, not pushed, and never while
// a link is being restored; the last of overlapping writes wins.
async function writeLink() {
  if (restoring || !current) return;
  const serial = ++linkSerial;
  const { module, ctx } = current;
  const pos = module.position ? module.position(ctx) : current.position;
  const hash = await link.format({ game: current.game.name, source: current.source, answer: current.answer && current.answer.engine,
    step: current.frames && current.answer ? current.index : 0, pos });
  if (serial === linkSerial && current && location.hash !== hash) history.replaceState(null, "", hash);
}

function stopAnimation() {
  clearInterval(animation);
  animation = null;
  $("animate").textContent = "animate";
}

function animate() {
  if (animation) { stopAnimation(); return; }
  if (!current.frames) return;
  if (current.index >= current.frames.length - 1) goTo(0);
  $("animate").textContent = "stop";
  animation = setInterval(() => {
    if (current.index >= current.frames.length - 1) stopAnimation();
    else goTo(current.index + 1);
  }, 800);
}

// Load an instance; `source` says where it came from, for the link ({example: name}, {shared:
// name}, {solved: hash}; by default its text).
async function loadInstance(text, name, source = null) {
  loading();
  try {
    const loaded = await busy(api.post(`/api/games/${current.game.name}/load`, { text, name }), "loading…");
    current.instance = { text, name, loaded };
    current.source = source || { text, name };
    current.position = null;
    current.answer = null;
    current.frames = null;
    $("examples").value = current.source.example || "";
    $("shared").value = current.source.shared || "";
    $("stepper").hidden = true;
    $("answer").replaceChildren();
    $("answer-json").textContent = "";
    solveStatus.stop("");
    $("paste").value = text;
    $("solve").disabled = false;
    $("instance-info").textContent = `${name || "pasted text"}: ${loaded.size_unit} ${loaded.size}`;
    message("");
    // a game's module draws its loaded instance itself (its loaded()), the others are drawn here
    if (current.module.loaded) current.module.loaded(current.ctx, loaded);
    else if (loaded.svg) { show($("board"), loaded.svg); describeBoard(); } else drawState(loaded.state);
    $("board").dataset.loaded = name || "text";
    writeLink();
    return loaded;
  } catch (e) {
    errorBox(`could not load ${name || "the text"}: ${e.message}`);
    loadingDone();
    throw e;
  }
}

// While an instance is on its way, Solve waits for it (a click meanwhile would solve the instance
// shown before, whose answer the page then drops) and #answer has no data-status (whoever waits
// for an answer waits for the new one); called at once by whatever starts loading. loadingDone():
// the loading failed, the page shows what it showed before.
function loading() {
  $("solve").disabled = true;
  delete $("answer").dataset.status;
}

function loadingDone() {
  $("solve").disabled = !current.instance || !!current.job;
  if (current.answer) $("answer").dataset.status = current.answer.status;
}

async function fillListing(game) {
  const listing = await api.get(`/api/games/${game.name}/instances`);
  for (const [source, select] of [["examples", $("examples")], ["shared", $("shared")]]) {
    select.replaceChildren(new Option("—", ""));
    for (const name of listing[source]) select.appendChild(new Option(name, name));
  }
  $("shared-label").hidden = listing.shared.length === 0;
}

async function pickListed(source, name) {
  if (!name) return;
  loading();
  let found;
  try {
    found = await api.get(`/api/games/${current.game.name}/instances/${source}/${encodeURIComponent(name)}`);
  } catch (e) {
    errorBox(`could not load ${name}: ${e.message}`);
    loadingDone();
    throw e;
  }
  await loadInstance(found.text, found.name, source === "examples" ? { example: name } : { shared: name });
}

async function generate(event) {
  event.preventDefault();
  const options = generateOptions($("generate-form"), current.game.generate);
  $("generate").disabled = true;
  loading();
  let made;
  try {
    made = await busy(api.post(`/api/games/${current.game.name}/generate`, { options }), "generating…");
  } catch (e) {
    errorBox(`could not generate: ${e.message}`);
    loadingDone();
  }
  try {
    if (made) await loadInstance(made.text, made.name, { text: made.text, name: made.name });
  } catch (e) {
    // loadInstance said why
  } finally {
    $("generate").disabled = false;
  }
}

async function fillSolved(game) {
  const list = $("solved");
  list.replaceChildren();
  const rows = await api.get(`/api/games/${game.name}/solved`);
  for (const row of rows) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `${row.name}: ${row.status}${row.verdict ? ` (${row.verdict})` : ""}, ${row.engine}`;
    button.title = `solved ${row.finished_at}`;
    button.addEventListener("click", () => loadSolved(row).catch(showError));
    item.appendChild(button);
    list.appendChild(item);
  }
  $("solved-box").hidden = rows.length === 0;
}

// A stored answer (a row of /solved) as the page shows it, with its instance loaded first.
async function loadSolved(row) {
  loading();
  let found;
  try {
    found = await api.get(`/api/games/${current.game.name}/solved/${row.content_hash}`);
  } catch (e) {
    loadingDone();
    throw e;
  }
  await loadInstance(found.text, found.name, { solved: row.content_hash });
  await showStored(row);
}

function showStored(row) {
  return showAnswer({ ...row.answer, status: row.status, certificate: row.certificate, verdict: row.verdict,
    verdict_detail: row.verdict_detail, engine: row.engine, seconds: row.seconds, error: row.error });
}

// Show the position a link names (link.js): its instance, the stored answer, its step, the
// game's own position (route() keeps the address meanwhile).
async function restore(params) {
  const source = await link.instanceOf(params).catch((e) => { errorBox(`this link's instance is damaged: ${e.message}`); });
  if (!source) return;
  const game = current.game.name;
  try {
    if (source.text !== undefined) await loadInstance(source.text, source.name, source);
    else if (source.solved) {
      const found = await api.get(`/api/games/${game}/solved/${encodeURIComponent(source.solved)}`);
      await loadInstance(found.text, found.name, source);
    } else await pickListed(source.example !== undefined ? "examples" : "shared", source.example ?? source.shared);
    const engine = params.get("answer");
    if (engine) {
      const hash = current.instance.loaded.content_hash;
      const row = await api.get(`/api/games/${game}/solved/${hash}/${encodeURIComponent(engine)}`);
      if (row) {
        if (current.game.engines.includes(engine)) $("engine").value = engine;
        await showStored(row);
        goTo(parseInt(params.get("step") || "0", 10) || 0);
      } else message(`this link's answer (${engine}) is not in this server's store: solve the instance to see it`);
    }
    if (params.has("pos") && current.module.restore) {
      let data;
      try {
        data = JSON.parse(await link.unpack(params.get("pos")));
      } catch (e) {  // not base64url, not deflate-raw or not JSON: the game stays at its start
        message("this link's game position (pos=) is damaged: the game starts from its beginning", "bad");
        return;
      }
      current.position = data;
      await current.module.restore(current.ctx, data);
    }
  } catch (e) {
    showError(e);
  }
}

// The answer's status goes on #answer only once everything it shows is drawn (the stepper too),
// so a reader - or a test - that waits for data-status sees the finished page.
async function showAnswer(answer) {
  current.answer = answer;
  delete $("answer").dataset.status;
  $("answer").replaceChildren(answerTable(answer, current.module.summary ? current.module.summary(answer) : []));
  $("answer-json").textContent = JSON.stringify(answer, null, 1);
  try {
    if (current.module.answered) {
      await current.module.answered(current.ctx, answer);
      return;
    }
    if (answer.certificate === null || answer.certificate === undefined) return;
    const shown = await current.ctx.frames(answer.certificate);
    if (shown.frames) showFrames(shown.frames, current.module.labels ? current.module.labels(shown.frames) : null);
    else if (shown.svg) { show($("board"), shown.svg); describeBoard(); }
  } finally {
    $("answer").dataset.status = answer.status;
    writeLink();
  }
}

async function solve() {
  if (!current.instance) { message(NO_INSTANCE, "bad"); return; }
  const game = current.game.name, instance = current.instance;
  $("solve").disabled = true;
  $("cancel").disabled = false;
  $("progress").hidden = false;
  $("answer").replaceChildren();
  solveStatus.start("queued");
  let started = null;
  try {
    started = await api.post(`/api/games/${game}/solve`, {
      text: current.instance.text, name: current.instance.name,
      engine: $("engine").value, timeout: parseFloat($("timeout").value) || null,
    });
    current.job = started.job;
    const end = await api.follow(started.job, (name, data) => {
      if (name === "warning") errorBox(data.message);
      else if (current.instance === instance) solveStatus.event(name, data);
    });
    if (current.instance !== instance) return;  // another instance (or game) is shown now
    if (end.name === "done") {
      solveStatus.stop(`${end.data.answer.status} in ${end.data.elapsed.toFixed(2)} s`);
      await showAnswer(end.data.answer);
      fillSolved(current.game);
    } else {
      solveStatus.stop(`${end.name}${end.data.reason ? ": " + end.data.reason : ""}`);
    }
  } catch (e) {
    errorBox(`could not solve: ${e.message}`);
    solveStatus.stop("");
  } finally {
    if (current.job === (started ? started.job : null)) {
      current.job = null;
      $("solve").disabled = !current.instance;
      $("cancel").disabled = true;
      $("progress").hidden = true;
    }
  }
}

async function cancel() {
  if (current.job) await api.del(`/api/jobs/${current.job}`);
}

async function route() {
  const { game: name, params } = link.parse(location.hash);
  // the address of the game shown, naming nothing more (its link in the header): the page stays
  // as it is, and so does its address
  if (current && current.game.name === name && [...params.keys()].length === 0) {
    writeLink();
    return;
  }
  stopAnimation();
  solveStatus.stop();
  const game = games.find((g) => g.name === name);
  for (const a of document.querySelectorAll("#games a")) {
    a.classList.toggle("active", a.dataset.game === name);
    if (a.dataset.game === name) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  $("page").hidden = !game;
  $("home").hidden = !!game;
  if (!game) { document.title = "escapology"; return; }
  const module = await import(`./games/${game.view ? game.name : "generic"}.js`);
  current = { game, module, instance: null, source: null, position: null, frames: null, index: 0, job: null, answer: null };
  current.ctx = context(game);
  document.title = `escapology: ${game.name}`;
  $("board").replaceChildren();
  delete $("board").dataset.loaded;
  $("game-controls").replaceChildren();
  $("answer").replaceChildren();
  $("answer-json").textContent = "";
  $("solve-status").textContent = "";
  $("instance-info").textContent = "";
  $("stepper").hidden = true;
  $("solve").disabled = true;
  $("cancel").disabled = true;
  $("progress").hidden = true;
  message("");
  $("engine").replaceChildren(...game.engines.map((e) => new Option(e, e)));
  $("generate-box").hidden = game.generate.length === 0;
  buildGenerateForm($("generate-form"), game.generate);
  restoring = true;  // the address keeps what it names until that is shown
  try {
    if (module.setup) module.setup(current.ctx);
    await Promise.all([fillListing(game), fillSolved(game)]);
    await restore(params);
  } finally {
    restoring = false;
    writeLink();
  }
}

async function start() {
  solveStatus = new LiveStatus($("solve-status"));
  busyOn($("busy"));
  // whoever draws the board (a game's handler too, anywhere inside #board), its picture is described;
  // describing adds only <title> and <desc>, which do not call for it again
  const drawn = (node) => node.nodeName === "svg" || (node.querySelector && node.querySelector("svg"));
  new MutationObserver((records) => {
    if (records.some((r) => [...r.addedNodes].some(drawn))) describeBoard();
  }).observe($("board"), { childList: true, subtree: true });
  games = await api.get("/api/games");
  for (const game of games) {
    const link = document.createElement("a");
    link.href = `#${game.name}`;
    link.textContent = game.name;
    link.dataset.game = game.name;
    $("games").appendChild(link);
    const item = document.createElement("li");
    item.innerHTML = `<a href="#${game.name}"></a>: `;
    item.firstChild.textContent = game.name;
    item.append(game.title);
    $("game-list").appendChild(item);
  }
  $("examples").addEventListener("change", (e) => pickListed("examples", e.target.value).catch(() => {}));
  $("shared").addEventListener("change", (e) => pickListed("shared", e.target.value).catch(() => {}));
  $("upload").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) loading();
    if (file) await loadInstance(await file.text(), file.name).catch(() => {});
  });
  $("paste-load").addEventListener("click", () => loadInstance($("paste").value, "pasted.txt").catch(() => {}));
  $("generate-form").addEventListener("submit", generate);
  $("solve").addEventListener("click", solve);
  $("cancel").addEventListener("click", cancel);
  const steps = {
    first: () => { stopAnimation(); goTo(0); },
    prev: () => { stopAnimation(); goTo(current.index - 1); },
    next: () => { stopAnimation(); goTo(current.index + 1); },
    last: () => { stopAnimation(); goTo(Infinity); },
  };
  for (const [id, step] of Object.entries(steps)) $(id).addEventListener("click", step);
  stepWithKeys(steps, () => !!(current && current.frames && !$("page").hidden && !$("stepper").hidden));
  $("animate").addEventListener("click", animate);
  // a game's button pressed before an instance is loaded: the message, not the game's handler
  $("game-controls").addEventListener("click", (event) => {
    const button = event.target.closest("button, input[type=submit]");
    if (!button || current.instance || button.hasAttribute("data-without-instance")) return;
    event.preventDefault();
    event.stopPropagation();
    message(NO_INSTANCE, "bad");
  }, true);
  // NoInstance thrown anywhere (requireInstance, a refused ctx.play nobody caught): the message
  window.addEventListener("error", (event) => {
    if (event.error instanceof NoInstance) { event.preventDefault(); message(NO_INSTANCE, "bad"); }
  });
  window.addEventListener("unhandledrejection", (event) => {
    if (event.reason instanceof NoInstance) { event.preventDefault(); message(NO_INSTANCE, "bad"); }
  });
  window.addEventListener("hashchange", route);
  await route();
  document.body.dataset.ready = "1";
}

start().catch((e) => errorBox(`the page could not start: ${e.message}`));
