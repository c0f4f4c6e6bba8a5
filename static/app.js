// Small behaviours on top of htmx; every page works without them.

// A scoreboard asks for changes only while it is on screen: a hidden tab or a
// locked phone sends nothing, and asks once at once when it is shown again.
document.addEventListener("htmx:beforeRequest", (event) => {
  if (document.hidden && event.detail.elt.hasAttribute("data-poll")) event.preventDefault();
});
