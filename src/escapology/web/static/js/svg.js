// Building SVG in the browser: el("rect", {x: 1, ...}, parent) and friends.

const NS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (key === "text") node.textContent = value;
    else node.setAttribute(key.replace(/_/g, "-"), value);
  }
  if (parent) parent.appendChild(node);
  return node;
}

export function svgRoot(width, height, label) {
  return el("svg", { xmlns: NS, viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": label });
}

export function text(parent, x, y, content, attrs = {}) {
  return el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 11,
    "font-family": "system-ui, sans-serif", text: content, ...attrs }, parent);
}

// An arrow from (x0, y0) to (x1, y1) with a triangular head.
export function arrow(parent, x0, y0, x1, y1, attrs = {}) {
  const group = el("g", attrs, parent);
  const colour = attrs.colour || "#c0392b";
  const width = attrs.width || 2;
  const head = attrs.head || 6;
  const angle = Math.atan2(y1 - y0, x1 - x0);
  const bx = x1 - head * Math.cos(angle), by = y1 - head * Math.sin(angle);
  el("line", { x1: x0, y1: y0, x2: bx, y2: by, stroke: colour, "stroke-width": width }, group);
  const left = [bx + head * 0.6 * Math.sin(angle), by - head * 0.6 * Math.cos(angle)];
  const right = [bx - head * 0.6 * Math.sin(angle), by + head * 0.6 * Math.cos(angle)];
  el("polygon", { points: `${x1},${y1} ${left} ${right}`, fill: colour }, group);
  return group;
}

// Replace the board's content with `node` (an SVG element) or with SVG text from the server.
export function show(board, node) {
  board.replaceChildren();
  if (typeof node === "string") board.innerHTML = node;
  else if (node) board.appendChild(node);
}
