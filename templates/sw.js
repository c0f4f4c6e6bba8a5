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
// A form token is good for the cookie it was asked with alone.
const NEVER_KEPT = ["/phone/token"];

// Kept without the phone's cookie: a page fetched here must never write back a cookie older than the one a page
// the player has open just set (its form's token would then be refused).
self.addEventListener("install", (event) => {
  const requests = PRECACHE.map((url) => new Request(url, { credentials: "omit" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
  );
});

// The phone's own Python (phone.js, in a page's worker) answers for the server:
// - a hand form's live preview, whenever its page has that running (phone.js marks such a request);
// - the pages and forms of a session (/s/…) and a group (/g/…), the start pages and their chips, when the server
//   cannot be reached:
//   any open page whose worker is ready answers (a page being left is still open while its successor is asked
//   for). With no such page, a navigation gets the shell, which starts a worker and asks again.
const PREVIEW = /^\/s\/[^/]+\/hands\/preview$/;
// A session's pages and forms, the start pages and forms (a session can start with no signal), and a group's
// pages ("Same as last time" starts one with no signal; the rest say they need the server).
const PHONE_PAGES = /^\/([sg]\/[^/]+(\/.*)?|new\/[^/]+|sessions)?$/;
// A start form's chips (another number of players), which htmx asks for: with no signal, a page's worker answers.
const START_GAME = /^\/new\/[^/]+$/;
const SHELL = "/phone/shell";
// How long a page is waited for: a preview's worker is ready (else the server answers at once); with no signal,
// a page's worker may still be starting (a few seconds; longer on a busy phone).
const PREVIEW_WAIT_MS = 2000;
const NO_SIGNAL_WAIT_MS = 60000;

function askPage(client, message, wait) {
  return new Promise((done) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => done(null), wait);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      done(event.data);
    };
    client.postMessage(message, [channel.port2]);
  });
}

function asked(request, url, body) {
  const headers = Object.fromEntries(request.headers);
  delete headers["x-phone"];
  return { method: request.method, path: url.pathname, query: url.search.slice(1), headers, body };
}

function answered(answer) {
  const location = answer.headers.find(([name]) => name.toLowerCase() === "location");
  if (answer.status >= 300 && answer.status < 400 && location) {
    return Response.redirect(new URL(location[1], self.location.origin).href, 303);
  }
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

// The first of ``clients`` whose worker is ready, or becomes so within ``wait`` (all asked at once: a page with no
// worker never replies). Only that page is then asked for the answer: a change is made in one phone's copy once.
function readyPage(clients, wait) {
  return new Promise((done) => {
    let left = clients.length;
    if (!left) done(null);
    for (const client of clients) {
      askPage(client, { ping: true }, wait).then((answer) => {
        left -= 1;
        if (answer && answer.ready) done(client);
        else if (!left) done(null);
      });
    }
  });
}

async function answeredBy(clients, request, wait) {
  const client = await readyPage(clients, wait);
  const answer = client && (await askPage(client, { relay: request }, wait));
  return answer && !answer.pass ? answered(answer) : null;
}

async function preview(event, url) {
  const sent = event.request.clone();
  const client = await self.clients.get(event.clientId);
  const body = await event.request.arrayBuffer();
  const found = client && (await answeredBy([client], asked(event.request, url, body), PREVIEW_WAIT_MS));
  return found && found.status !== 503 ? found : fetch(sent); // 503: a session this phone does not keep
}

// A session's page or form: the server's answer, or the phone's when the server cannot be reached. A form's
// body is read once, and sent as read (to the server, or to the phone).
async function noSignal(event, url) {
  const request = event.request;
  const body = request.method === "GET" ? null : await request.arrayBuffer();
  try {
    if (!body) return await fetch(request);
    const init = { method: request.method, headers: request.headers, body, credentials: "include", redirect: "manual" };
    return await fetch(new Request(request.url, init));
  } catch (error) {
    const found = await answeredBy(
      await self.clients.matchAll({ type: "window" }),
      asked(request, url, body),
      NO_SIGNAL_WAIT_MS
    );
    if (found) return found;
    if (request.mode === "navigate" && !body) {
      const shell = await caches.match(SHELL);
      if (shell) return shell;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (event.request.headers.get("X-Phone") === "ready" && PREVIEW.test(url.pathname) && event.clientId) {
    event.respondWith(preview(event, url));
    return;
  }
  // A navigation (a page, or a form sent as one), or a start form's chip: a preview the page's worker cannot
  // answer yet fails with no signal, and the page asks again once its worker is ready.
  if (PHONE_PAGES.test(url.pathname) && (event.request.mode === "navigate" || START_GAME.test(url.pathname))) {
    event.respondWith(noSignal(event, url));
    return;
  }
  if (event.request.method !== "GET") return;
  if (!KEEP.some((prefix) => url.pathname.startsWith(prefix)) || NEVER_KEPT.includes(url.pathname)) return;
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
