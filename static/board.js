// The scoreboard and the reference sheets: small behaviours on top of htmx; every page works without them.

// Following live. The scoreboard asks whether it changed since the revision it shows (its hx-get, when it
// loads, when the page is shown again, and on "ask"). The production server holds the question until a
// hand changes, and the new board swaps in and asks again itself; or, after about 25 s with no change, it
// answers 204 and the board asks again at once. A server that answers at once is asked every 3 s, never
// more often. A hidden page or a locked phone asks nothing: its open question is dropped here, app.js
// sends no new one until the page is shown again, and it then asks at once.
const ASK_EVERY = 3000;
let askedAt = 0;
let nextAsk = null;

document.addEventListener("htmx:beforeSend", (event) => {
  if (event.detail.elt.hasAttribute("data-poll")) askedAt = Date.now();
});

document.addEventListener("htmx:afterRequest", (event) => {
  const board = event.detail.elt;
  // Still on the page after the answer: nothing swapped in (a 204, an error, no answer at all).
  if (!board.hasAttribute("data-poll") || !board.isConnected || document.hidden) return;
  clearTimeout(nextAsk);
  nextAsk = setTimeout(() => htmx.trigger(board, "ask"), Math.max(0, askedAt + ASK_EVERY - Date.now()));
});

document.addEventListener("visibilitychange", () => {
  if (!document.hidden) return;
  clearTimeout(nextAsk);
  for (const board of document.querySelectorAll("[data-poll]")) htmx.trigger(board, "htmx:abort");
});

// The scoreboard swaps itself for a fresh copy when a hand is saved, edited or deleted on any phone.
// What this phone had open stays open, what it was reading stays where it was on the screen, and the
// focus stays on the same control.
const FOCUSABLE = "a[href], button, summary, input, select, textarea, [tabindex]";
let kept = null;

// Where an element inside the board is: its nearest ancestor with an id, and its place among that
// ancestor's elements of the same kind (the copy that arrives has the same ids).
function place(element, selector) {
  const owner = element.parentElement.closest("[id]");
  return { owner: owner.id, selector, index: [...owner.querySelectorAll(selector)].indexOf(element) };
}

function find(board, where) {
  const owner = where.owner === board.id ? board : board.querySelector(`#${CSS.escape(where.owner)}`);
  return owner ? owner.querySelectorAll(where.selector)[where.index] || null : null;
}

// What is being read, to keep in its place: an open hand on screen, else the first element with an id
// that starts on screen (else the one the screen is inside).
function onScreen(board) {
  const seen = (element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
  };
  const open = [...board.querySelectorAll("details[open]")].map((d) => d.closest("[id]")).find(seen);
  if (open) return open;
  const shown = [...board.querySelectorAll("[id]")].filter(seen);
  return shown.find((element) => element.getBoundingClientRect().top >= 0) || shown[0] || null;
}

document.addEventListener("htmx:beforeSwap", (event) => {
  const board = event.detail.target;
  if (board.id !== "board" || !event.detail.shouldSwap) return;
  const anchor = window.scrollY > 0 ? onScreen(board) : null; // at the very top: the new status shows as it is
  const focused = board.contains(document.activeElement) ? document.activeElement : null;
  kept = {
    open: [...board.querySelectorAll("details[open]")].map((d) => place(d, "details")),
    anchor: anchor && { id: anchor.id, top: anchor.getBoundingClientRect().top },
    focus: focused && !focused.id ? place(focused, FOCUSABLE) : null, // htmx itself keeps an id'd control's focus
  };
});

document.addEventListener("htmx:afterSwap", (event) => {
  const board = event.detail.elt;
  if (board.id !== "board" || !kept) return;
  const { open, anchor, focus } = kept;
  kept = null;
  for (const where of open) {
    const details = find(board, where);
    if (details) details.open = true;
  }
  if (anchor) {
    const again = document.getElementById(anchor.id);
    if (again) window.scrollBy(0, again.getBoundingClientRect().top - anchor.top);
  }
  if (focus) find(board, focus)?.focus({ preventScroll: true });
});

// A table wider than the phone scrolls sideways in its box: a line above it says so, in words (the
// shadow at its edge, from the style sheet, also shows without this). Checked again when the width
// changes, as when the phone turns.
// The words come from the page (its script tag), in the reader's language.
const HINT = document.currentScript?.dataset.scrollHint || "Scroll → for the rest of the table";
const wide = new ResizeObserver((entries) => {
  for (const { target } of entries) {
    const overflows = target.scrollWidth > target.clientWidth + 1;
    target.previousElementSibling.hidden = !overflows;
  }
});

function hintWideTables(root) {
  for (const box of root.querySelectorAll(".scroll")) {
    if (box.previousElementSibling?.classList.contains("scroll-hint")) continue;
    const hint = document.createElement("p");
    hint.className = "scroll-hint";
    hint.textContent = HINT;
    hint.hidden = true;
    box.before(hint);
    wide.observe(box);
  }
}

document.addEventListener("DOMContentLoaded", () => hintWideTables(document));
document.addEventListener("htmx:load", (event) => hintWideTables(event.detail.elt));
