// Registers the service worker that keeps the rules readable offline (reference sheets only:
// its first install fetches every sheet, which a phone scoring a hand should not wait behind).
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}
