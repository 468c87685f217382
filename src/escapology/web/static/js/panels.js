// The side panels' pieces that need nothing of the page's state: the generator form made from a
// game's fields (/api/games' `generate`), its options read back, and an answer as a table.

export function buildGenerateForm(form, fields) {
  form.replaceChildren();
  for (const field of fields) {
    const label = document.createElement("label");
    label.textContent = field.label;
    let input;
    if (field.type === "choice") {
      input = document.createElement("select");
      for (const c of field.choices) input.appendChild(new Option(c, c));
      input.value = field.default;
    } else {
      input = document.createElement("input");
      input.type = field.type === "text" ? "text" : "number";
      if (field.type === "float") input.step = "any";
      if (field.min !== undefined) input.min = field.min;
      if (field.max !== undefined) input.max = field.max;
      input.value = field.default ?? "";
    }
    input.name = field.name;
    label.appendChild(input);
    form.appendChild(label);
  }
  const button = document.createElement("button");
  button.type = "submit";
  button.id = "generate";
  button.textContent = "Generate";
  form.appendChild(button);
}

export function generateOptions(form, fields) {
  const options = {};
  for (const field of fields) {
    const value = form.elements[field.name].value;
    if (value !== "") options[field.name] = field.type === "int" ? parseInt(value, 10)
      : field.type === "float" ? parseFloat(value) : value;
  }
  return options;
}

// The answer's status, engine, seconds, the checker's verdict and error, then `extra` ([term, value]
// pairs: the game module's summary(answer)).
export function answerTable(answer, extra = []) {
  const list = document.createElement("dl");
  const add = (term, value, cls) => {
    if (value === undefined || value === null || value === "") return;
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = typeof value === "object" ? JSON.stringify(value) : value;
    if (cls) dd.className = cls;
    list.append(dt, dd);
  };
  add("status", answer.status);
  add("engine", answer.engine);
  add("seconds", answer.seconds);
  add("checker", answer.verdict_detail || answer.verdict, `verdict-${answer.verdict}`);
  add("error", answer.error);
  for (const [term, value] of extra) add(term, value);
  return list;
}
