// The hand form's live preview sends only the fields that hold something:
// the server reads an empty field as one not sent, and a phone on a weak
// signal (and the server, which parses every field) is spared the rest.
document.addEventListener("htmx:configRequest", (event) => {
  if (event.detail.elt.id !== "preview") return;
  const data = event.detail.formData;
  for (const [name, value] of Array.from(data.entries())) {
    if (value === "") data.delete(name);
  }
});
