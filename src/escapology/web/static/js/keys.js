// The keyboard: Left/Right step back and forward through a certificate's frames, Home/End go to
// its start and its end, unless the focus is in a field that takes those keys itself (a text
// field, a number, a list), a modifier is held (Alt+Left is the browser's Back) or a game's page
// used the key already: a game listens on the document and calls preventDefault() on the keys it
// takes (the arrows move its board's cursor while the board has the focus or its cursor is shown);
// this listener is on the window, so it hears a key after the document's listeners.

const KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

function typing(element) {
  if (!element) return false;
  if (element.isContentEditable) return true;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName);
}

// actions: {prev, next, first, last}, each a function; active() says whether there are frames.
export function stepWithKeys(actions, active) {
  window.addEventListener("keydown", (event) => {
    const action = KEYS[event.key];
    if (!action || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (typing(document.activeElement) || !active()) return;
    event.preventDefault();
    actions[action]();
  });
}
