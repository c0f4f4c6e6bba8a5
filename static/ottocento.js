// Ottocento's hand form, on top of what works without it: each folded player or side says what it holds as its
// combinations are tapped (a quick choice's cards and those ticked one by one, together, as the server takes
// them), and one side's card points fill in the other side's (the rest of the pack's 87) unless the player typed
// that side's too. The preview is htmx's, as in every game.
(() => {
  const PACK_POINTS = 87;
  // Said in the reader's language: the page's script tag carries the word.
  const NOTHING = document.currentScript?.dataset.nothing || "nothing";

  // What so many cards of a kind are worth before any check or doubling: as the form's own summaries say.
  const worth = (kind, count) => {
    if ("run" in kind.dataset) return count >= 3 ? 10 + 5 * (count - 3) : null;
    if (count === 3) return Number(kind.dataset.three);
    return count === 4 ? Number(kind.dataset.four) : null;
  };

  const counted = (kind) => {
    const cards = new Set();
    for (const box of kind.querySelectorAll("input:checked")) {
      const chosen = box.closest("[data-cards]");
      for (const code of chosen ? chosen.dataset.cards.split(" ") : box.type === "checkbox" ? [box.value] : []) {
        cards.add(code);
      }
    }
    const count = cards.size;
    const value = count ? worth(kind, count) : null;
    return count ? (value === null ? `${count}` : `${count} · ${value}`) : "";
  };

  function describe(group) {
    const held = [];
    // The cricche first, as the working and the server's summary list them (the form shows the sequences first).
    const kinds = [...group.querySelectorAll("[data-kind]")];
    for (const kind of [...kinds.filter((k) => !("run" in k.dataset)), ...kinds.filter((k) => "run" in k.dataset)]) {
      const text = counted(kind);
      kind.querySelector("[data-count]").textContent = text;
      if (text) held.push(`${kind.dataset.kind} ${text}`);
    }
    group.querySelector("[data-held]").textContent = held.join(", ") || NOTHING;
  }

  document.addEventListener("change", (event) => {
    const group = event.target.closest("#hand-form [data-group]");
    if (group) describe(group);
  });

  // A value the player typed is never written over: typed on both sides, both are sent, and the server says
  // when they do not add up to 87. Only an empty side, or one this script filled, takes the rest.
  function fillRest(field) {
    const side = /^card_points_([01])$/.exec(field.id || "");
    if (!side) return;
    const other = document.getElementById(`card_points_${1 - Number(side[1])}`);
    const typed = field.value.trim();
    delete field.dataset.worked;
    if (typed) field.dataset.typed = "1";
    else delete field.dataset.typed;
    if (other.dataset.typed) return;
    if (/^\d{1,2}$/.test(typed) && Number(typed) <= PACK_POINTS) {
      other.value = String(PACK_POINTS - Number(typed));
      other.dataset.worked = "1";
    } else if (other.dataset.worked) {
      other.value = "";
    }
  }

  document.addEventListener("input", (event) => fillRest(event.target));

  // After app.js has brought back a hand left mid-way (Back, a reload): the summaries as the boxes stand.
  document.addEventListener("DOMContentLoaded", () => {
    for (const group of document.querySelectorAll("#hand-form [data-group]")) describe(group);
    // A side typed before this script arrived (a slow line) still gives the empty side the rest.
    const sides = [0, 1].map((n) => document.getElementById(`card_points_${n}`));
    if (sides.every(Boolean)) {
      const filled = sides.filter((field) => field.value.trim());
      if (filled.length === 1) fillRest(filled[0]);
    }
  });
})();
