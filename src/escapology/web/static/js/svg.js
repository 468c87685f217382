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

// A board's <svg>: an image for assistive technology named `label`, with that <title> and the
// <desc> `description` (the page replaces the description with what the board shows: describe()).
export function svgRoot(width, height, label, description = null) {
  const root = el("svg", { xmlns: NS, viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": label });
  el("title", { text: label }, root);
  if (description) el("desc", { text: description }, root);
  return root;
}

// Give the board's <svg> (drawn here or sent by the server) its name and description: a <title>
// (kept when there is one, else `label`) and a <desc> of `description`, the first two children.
export function describe(svg, label, description) {
  if (!svg) return;
  if (!svg.getAttribute("role")) svg.setAttribute("role", "img");
  let title = [...svg.children].find((c) => c.tagName === "title");
  if (!title) {
    title = el("title", { text: svg.getAttribute("aria-label") || label });
    svg.prepend(title);
  }
  if (!svg.getAttribute("aria-label")) svg.setAttribute("aria-label", title.textContent);
  let desc = [...svg.children].find((c) => c.tagName === "desc");
  if (!desc) desc = el("desc");
  desc.textContent = description;
  title.after(desc);
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

// A field as the game's messages name it: `coords` is the game's Grid (core/coordinates.py, sent by
// /api/games), (i, j) the drawn row from the top and column from the left, from 0.
export function cellName(coords, i, j, rows) {
  const row = (coords.rows_up ? rows - 1 - i : i) + coords.base, col = j + coords.base;
  const [a, b] = coords.column_first ? [col, row] : [row, col];
  return `(${a}${coords.separator}${b})`;
}

// The rows' numbers left of a board and the columns' numbers above it (the Python pictures'
// core.svg.axis_labels): the board's top-left corner at (left, top), fields `cell` wide.
export function axisLabels(parent, coords, rows, cols, { left, top, cell, gap, size = 11 }) {
  for (let i = 0; i < rows; i++) {
    text(parent, left - gap, top + (i + 0.5) * cell, String((coords.rows_up ? rows - 1 - i : i) + coords.base),
      { "font-size": size, fill: "#777", class: "axis-label" });
  }
  for (let j = 0; j < cols; j++) {
    text(parent, left + (j + 0.5) * cell, top - gap, String(j + coords.base),
      { "font-size": size, fill: "#777", class: "axis-label" });
  }
}
