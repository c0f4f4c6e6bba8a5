// Service worker: the reference sheets and their assets work without a network
// once visited. Pages are fetched fresh when online (network first) and fall
// back to the copy kept here; session pages are never cached (they change).
const CACHE = "tarot-reference-{{ version }}";
const PRECACHE = [
{#- pages: the rules index, and every registered game's page and sheets; files: the static files and htmx
    (companion/app.py) #}
{%- for url in pages + files %}
  "{{ url }}",
{%- endfor %}
  "/manifest.webmanifest",
];
const KEEP = ["/reference", "/static/", "/vendor/", "/phone/", "/manifest.webmanifest"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  if (!KEEP.some((prefix) => url.pathname.startsWith(prefix))) return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(event.request, copy));
        }
        return response;
      })
      .catch(() =>
        caches.match(event.request).then((hit) => hit || caches.match(url.pathname, { ignoreSearch: true }))
      )
  );
});
