// The page's position as its URL fragment, so that reloading or sharing the URL shows it again:
//   #<game>?<instance>[&answer=<engine>][&step=<n>][&pos=<packed>]
// where <instance> is one of
//   example=<name>   a shipped example, by its listed name (instance=<name> is read as example)
//   shared=<name>    a shared real instance, by its listed name
//   solved=<hash>    an instance of the results store (Solved before), by its content hash
//   text=<packed>&name=<file name>   the instance's own text
// answer=<engine> is the store's latest answer of that engine to the instance, step the step of
// its certificate shown, pos the game module's own position (its position()/restore() hooks).
// <packed> is the text (or the JSON) compressed with the browser's CompressionStream
// ("deflate-raw") and written in base64url.

const SOURCES = ["example", "shared", "solved", "text"];

function toBase64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function through(stream, bytes) {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

// Text -> compressed base64url, and back.
export async function pack(text) {
  return toBase64url(await through(new CompressionStream("deflate-raw"), new TextEncoder().encode(text)));
}

export async function unpack(packed) {
  return new TextDecoder().decode(await through(new DecompressionStream("deflate-raw"), fromBase64url(packed)));
}

// "#labyrinth?example=small.lp&step=2" -> {game: "labyrinth", params: URLSearchParams}
export function parse(hash) {
  const body = hash.replace(/^#/, "");
  const cut = body.indexOf("?");
  return cut < 0 ? { game: body, params: new URLSearchParams() }
    : { game: body.slice(0, cut), params: new URLSearchParams(body.slice(cut + 1)) };
}

// The instance a link names: {example: name} | {shared: name} | {solved: hash} | {text, name} | null.
export async function instanceOf(params) {
  if (params.has("instance") && !params.has("example")) params.set("example", params.get("instance"));
  const source = SOURCES.find((s) => params.has(s));
  if (!source) return null;
  if (source === "text") return { text: await unpack(params.get("text")), name: params.get("name") || null };
  return { [source]: params.get(source) };
}

// The fragment of a position: game, source (as instanceOf gives it, the text source as {text, name}),
// answer (an engine's name), step, pos (any JSON value, packed).
export async function format({ game, source, answer, step, pos }) {
  const params = new URLSearchParams();
  if (source) {
    if (source.text !== undefined) {
      params.set("text", await pack(source.text));
      if (source.name) params.set("name", source.name);
    } else {
      for (const key of SOURCES) if (source[key] !== undefined) params.set(key, source[key]);
    }
  }
  if (source && answer) params.set("answer", answer);
  if (source && answer && step) params.set("step", String(step));
  if (source && pos !== undefined && pos !== null) params.set("pos", await pack(JSON.stringify(pos)));
  const query = params.toString();
  return `#${game}${query ? `?${query}` : ""}`;
}
