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

// "Deals first" shows the players' names as they are typed.
document.addEventListener("input", (event) => {
  const seat = /^player_(\d)$/.exec(event.target.id || "");
  if (!seat) return;
  const label = document.querySelector(`#first_dealer-box label[data-value="${seat[1]}"] span`);
  if (label) label.textContent = event.target.value.trim() || `Player ${Number(seat[1]) + 1}`;
});
