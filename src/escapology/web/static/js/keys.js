// The keyboard: Left/Right step back and forward through a certificate's frames, Home/End go to
// its start and its end, unless the focus is in a field that takes those keys itself (a text
// field, a number, a list) or a modifier is held (Alt+Left is the browser's Back).

const KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

function typing(element) {
  if (!element) return false;
  if (element.isContentEditable) return true;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName);
}

// actions: {prev, next, first, last}, each a function; active() says whether there are frames.
export function stepWithKeys(actions, active) {
  document.addEventListener("keydown", (event) => {
    const action = KEYS[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (typing(document.activeElement) || !active()) return;
    event.preventDefault();
    actions[action]();
  });
}
