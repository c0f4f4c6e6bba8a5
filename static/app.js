// Small behaviours on top of htmx; every page works without them.

// A scoreboard asks for changes only while it is on screen: a hidden tab or a
// locked phone sends nothing, and asks once at once when it is shown again.
document.addEventListener("htmx:beforeRequest", (event) => {
  if (document.hidden && event.detail.elt.hasAttribute("data-poll")) event.preventDefault();
});

// Rules help over the hand form: the sheet's section arrives in the dialog, which then opens.
document.addEventListener("htmx:afterSwap", (event) => {
  if (event.detail.target.id !== "help-body") return;
  const dialog = document.getElementById("help");
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0;
});

// The called cards' help asks for the young trumps chosen by now, not those of the form as it loaded.
document.addEventListener("htmx:configRequest", (event) => {
  const young = document.querySelector("#young_trumps-box input:checked");
  if (!young || !event.detail.elt.hasAttribute("data-young")) return;
  const url = new URL(event.detail.path, location.href);
  url.searchParams.set("young", young.value);
  event.detail.path = url.pathname + url.search + url.hash;
});

// A refused Save: the first problem takes the focus (autofocus) and stands mid-screen, clear of the bar below.
document.addEventListener("DOMContentLoaded", () => {
  const first = document.querySelector("[autofocus]");
  if (first) {
    first.focus({ preventScroll: true });
    (first.closest(".field, fieldset") || first).scrollIntoView({ block: "center" });
  }
});

// Print buttons (the browser's own print works without this).
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});
document.addEventListener("htmx:load", (event) => {
  for (const button of event.detail.elt.querySelectorAll("[data-print]")) button.hidden = false;
});

// A group's players as buttons on its session form: a tap fills the first empty seat ("Clear seats" empties them).
document.addEventListener("click", (event) => {
  const pick = event.target.closest("[data-pick]");
  if (!pick) return;
  const seats = [0, 1, 2, 3].map((n) => document.getElementById(`player_${n}`));
  const name = pick.dataset.pick.toLowerCase();
  if (name && seats.some((s) => s.value.trim().toLowerCase() === name)) return; // seated already
  const targets = pick.dataset.pick ? [seats.find((s) => !s.value.trim())].filter(Boolean) : seats;
  for (const seat of targets) {
    seat.value = pick.dataset.pick;
    seat.dispatchEvent(new Event("input", { bubbles: true }));
  }
});
document.addEventListener("htmx:load", (event) => {
  for (const box of event.detail.elt.querySelectorAll("#pick-players")) box.hidden = false;
});

// "Deals first" shows the players' names as they are typed ("Player 2" for one not typed yet, in the reader's
// language: the page's script tag carries the words).
const PLAYER = document.currentScript?.dataset.player || "Player %n";
document.addEventListener("input", (event) => {
  const seat = /^player_(\d)$/.exec(event.target.id || "");
  if (!seat) return;
  const label = document.querySelector(`#first_dealer-box label[data-value="${seat[1]}"] span`);
  if (label) label.textContent = event.target.value.trim() || PLAYER.replace("%n", Number(seat[1]) + 1);
});

// The hand form, one answer after another. Its answers every hand needs are marked data-step, in order; a tap
// on one moves the focus on to the next one still unanswered (on screen, clear of the bar beside Save), and
// the points field gets the keyboard when the last tap before it is made. Only eldest may bid four, so a four
// names eldest declarer when no declarer is chosen yet (still anyone's to change).
const answered = (step) => {
  const choices = step.querySelectorAll("input[type=radio], input[type=checkbox]");
  if (choices.length) return [...choices].some((c) => c.checked);
  const field = step.querySelector("input, select");
  return !field || field.value.trim() !== "";
};

// The box last brought on screen, and the box holding the focus that asked for it (the same, but for a box that
// names another to reveal).
let revealed = null;
let revealedFor = null;

function reveal(box, asked = box) {
  revealed = box;
  revealedFor = asked;
  const bar = document.querySelector("#hand-form .actions");
  const bottom = bar ? bar.getBoundingClientRect().top : window.innerHeight;
  const { top, bottom: end } = box.getBoundingClientRect();
  if (end > bottom - 8) window.scrollBy(0, Math.min(end - bottom + 8, top - 8));
  else if (top < 0) window.scrollBy(0, top - 8);
}

function eldestDeclares(choice) {
  const box = document.getElementById("declarer-box");
  if (choice.name !== "bid" || choice.value !== "4" || !box || !box.dataset.eldest) return;
  if (box.querySelector("input:checked")) return;
  const eldest = box.querySelector(`input[value="${box.dataset.eldest}"]`);
  eldest.checked = true;
  eldest.dispatchEvent(new Event("change", { bubbles: true })); // previewed, and kept with the hand
}

// Only a tap moves on: arrow keys go on choosing within the group.
let tapped = false;
document.addEventListener("pointerdown", () => { tapped = true; }, true);
document.addEventListener("keydown", () => { tapped = false; }, true);

document.addEventListener("change", (event) => {
  const choice = event.target;
  if (!event.isTrusted || choice.type !== "radio" || choice.form?.id !== "hand-form") return;
  eldestDeclares(choice);
  if (!tapped) return;
  const steps = [...choice.form.querySelectorAll("[data-step]")].filter((s) => s.getClientRects().length);
  const here = steps.findIndex((s) => s.contains(choice));
  const next = here < 0 ? null : steps.slice(here + 1).find((s) => !answered(s));
  // A tap in a box marked data-reveal brings the whole box on screen (Early French Tarot: a player's block), or the
  // box it names (Ottocento: the last trick tapped, the combinations come up).
  const block = choice.closest("[data-reveal]");
  if (next) {
    next.querySelector("input, select").focus({ preventScroll: true });
    reveal(next);
  } else if (here < 0 && block) {
    reveal(document.getElementById(block.dataset.reveal) || block, block);
  } else {
    // An optional choice, or the last answer: the focus stays, and the page where the thumb left it, unless the
    // preview's answer grows the bar over the chip just tapped.
    revealed = revealedFor = choice.closest("label") || choice;
  }
});

// Answers the form fills in while they are left blank (Early French Tarot: the last player's tricks, what remains of
// the total once the others' are in, and a trump no one else holds) show in their chips, marked "rest", as the
// table taps: as the server marks them when it makes the page.
function markRest(form) {
  for (const chip of form.querySelectorAll("[data-rest-blank]")) {
    const { name } = chip.querySelector("input");
    chip.classList.toggle("rest", !form.querySelector(`input[name="${name}"]:checked`));
  }
  for (const box of form.querySelectorAll("[data-rest-total]")) {
    const others = box.dataset.restFrom.trim().split(" ").map((n) => form.querySelector(`input[name="${n}"]:checked`));
    const known = !box.querySelector("input:checked") && others.every(Boolean);
    const rest = known ? Number(box.dataset.restTotal) - others.reduce((sum, c) => sum + Number(c.value), 0) : null;
    for (const chip of box.querySelectorAll("label[data-value]")) chip.classList.toggle("rest", chip.dataset.value === String(rest));
  }
}
document.addEventListener("change", (event) => {
  if (event.target.form?.id === "hand-form") markRest(event.target.form);
});

// A folded section opened by a tap shows as much of itself as fits above the bar; one of a set opened one at a
// time (data-sections: Ottocento's groups) shows the set from its top, so that the others stay a tap away.
document.addEventListener("click", (event) => {
  const summary = event.target.closest("#hand-form details.section > summary");
  const section = summary && summary.parentElement;
  if (section && !section.open) requestAnimationFrame(() => reveal(section.closest("[data-sections]") || section));
});

// The preview's answer changes the bar's height: the answer just brought on screen stays clear of it.
document.addEventListener("htmx:afterSettle", (event) => {
  if (event.detail.target.id === "preview" && revealed && revealedFor.contains(document.activeElement)) {
    reveal(revealed, revealedFor);
  }
});

// The hand as entered is kept with the page's history entry, so Back (after Rules, say) or a reload brings it
// back as it was left, points included, and asks for its preview. A Save drops it: Back then shows the next
// deal's empty form, never the saved hand's choices (the form's autocomplete="off" stops the browser's own).
const NOT_KEPT = new Set(["csrf_token", "action"]);

function keepHand(form) {
  const fields = [...new FormData(form)].filter(([name]) => !NOT_KEPT.has(name));
  const open = [...form.querySelectorAll("details")].map((d) => d.open);
  const dealer = document.querySelector("h1 small");
  history.replaceState({ hand: { fields, open, dealer: dealer && dealer.textContent } }, "");
}

function bringBack(form) {
  const hand = history.state && history.state.hand;
  if (!hand) return;
  const values = (name) => hand.fields.filter(([n]) => n === name).map(([, v]) => v);
  for (const control of form.elements) {
    if (!control.name || NOT_KEPT.has(control.name) || control.type === "submit") continue;
    if (control.type === "radio" || control.type === "checkbox") control.checked = values(control.name).includes(control.value);
    else control.value = values(control.name)[0] ?? "";
  }
  form.querySelectorAll("details").forEach((d, i) => { d.open = Boolean(hand.open[i]); });
  // Another phone saved its deal meanwhile: the page names the hand's own deal, so Save finds that out.
  for (const deal of document.querySelectorAll("[data-deal]")) deal.textContent = form.elements.deal.value;
  const dealer = document.querySelector("h1 small");
  if (dealer && hand.dealer) dealer.textContent = hand.dealer;
  const anyChoice = form.querySelector("input[type=radio]");
  if (anyChoice) anyChoice.dispatchEvent(new Event("change", { bubbles: true })); // the preview and the bar
}

// Taps made before the scripts arrived (a slow line) are in the form but were never previewed.
function touched(form) {
  return [...form.elements].some((control) => {
    if (NOT_KEPT.has(control.name)) return false;
    if (control.type === "radio" || control.type === "checkbox") return control.checked !== control.defaultChecked;
    if (control.options) return [...control.options].some((option) => option.selected !== option.defaultSelected);
    return "defaultValue" in control && control.value !== control.defaultValue;
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("hand-form");
  if (!form) return;
  if (history.state && history.state.hand) bringBack(form);
  else if (touched(form)) form.querySelector("input[type=radio]")?.dispatchEvent(new Event("change", { bubbles: true }));
  const keep = () => keepHand(form);
  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
  form.addEventListener("toggle", keep, true);
  form.addEventListener("submit", (event) => {
    if (form.dataset.sent) {
      event.preventDefault(); // a second tap on Save while the first is on its way
    } else if (event.submitter && event.submitter.value === "save") {
      form.dataset.sent = "1";
      history.replaceState(null, "");
    }
  });
});

// A phone that keeps pages in memory (Safari does) shows the saved form again on Back: load the next deal's instead.
window.addEventListener("pageshow", (event) => {
  const form = document.getElementById("hand-form");
  if (event.persisted && form && form.dataset.sent) location.reload();
});

// The screen stays on while a scoreboard or a hand form is open and shown: a table glances at it between hands
// (the Screen Wake Lock API). A browser lets the lock go whenever the page is hidden, so it is asked for again
// each time the page is shown. Where the API is missing, or the browser refuses (low battery, say), the phone
// sleeps as its own settings say, and nothing else changes.
let awake = null; // the lock held, or the promise of one being asked for

async function keepAwake() {
  if (awake || document.hidden || !("wakeLock" in navigator)) return;
  if (!document.querySelector("#board, #hand-form")) return;
  try {
    awake = navigator.wakeLock.request("screen");
    const lock = await awake;
    awake = lock;
    lock.addEventListener("release", () => { if (awake === lock) awake = null; });
  } catch {
    awake = null;
  }
}
document.addEventListener("DOMContentLoaded", keepAwake);
document.addEventListener("visibilitychange", keepAwake);

// A session's page that this phone may score loads the phone's own Python after the load event (phone.js): a
// first visit's first paint waits for none of it. Any page does while something done with no signal has not all
// reached the server (phone.js keeps its own address under "phone-waiting" until then).
const phoneKeep = document.querySelector('meta[name="phone-keep"]');
const phoneScript = phoneKeep ? phoneKeep.dataset.script : localStorage.getItem("phone-waiting");
window.addEventListener("load", () => {
  if (!phoneScript) return;
  document.head.append(Object.assign(document.createElement("script"), { src: phoneScript }));
});

// The service worker, with no signal, asks the open pages which can answer for the server (phone.js, on a
// session's pages): a page without it says at once that it cannot, so none is waited for.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("message", (event) => {
    const [port] = event.ports;
    if (!port || !event.data || !event.data.ping || document.documentElement.hasAttribute("data-shell")) return;
    if (!phoneScript) port.postMessage({ ready: false });
    else if (!window.phoneAnswers) (window.phonePings ||= []).push(port); // phone.js answers once loaded
  });
  navigator.serviceWorker.startMessages();
}
