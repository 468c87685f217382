// Counted words in the pages' messages, as the command line writes them (escapology.core.wording):
// plural(1, "field") is "1 field", plural(2, "field") "2 fields", plural(3, "vertex") "3 vertices".
// Every page counts with it, so that no message says "field(s)".

const IRREGULAR = { vertex: "vertices", matrix: "matrices", leaf: "leaves" };

// The plural of `word` (of its last word: "more turn" -> "more turns").
export function pluralOf(word) {
  const cut = word.lastIndexOf(" ");
  const head = word.slice(0, cut + 1), last = word.slice(cut + 1);
  let many;
  if (last in IRREGULAR) many = IRREGULAR[last];
  else if (/(s|sh|ch|x|z)$/.test(last)) many = `${last}es`;
  else if (/[^aeiou]y$/.test(last)) many = `${last.slice(0, -1)}ies`;
  else many = `${last}s`;
  return head + many;
}

// `k` and `word`, singular for one and plural otherwise (`many`, else pluralOf(word)).
export function plural(k, word, many = null) {
  return `${k} ${k === 1 ? word : many || pluralOf(word)}`;
}
