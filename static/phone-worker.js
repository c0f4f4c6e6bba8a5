// The phone's own server: Pyodide running the app's Python (companion/phone.py), as Datasette Lite runs its app.
// A page starts it with `new Worker("/phone/worker.js", { type: "module" })`; it says { ready: true } (or
// { ready: false, error }) once started. Each message comes with a MessagePort to answer on:
//   { method, path, query, headers, body }  a request (body: an ArrayBuffer, or nothing), answered
//                                            { status, headers, body } (body: an ArrayBuffer)
//   { keep: JSON }                           a session (or a group) as the server hands it over (/s/<id>/phone.json)
//   { outbox: public id }                    the changes made here not yet sent: { lines }
//   { sent: public id, count }               the first `count` of them reached the server
//   { forget: public id }                    the session is gone (deleted): dropped
//   { refuse: public id }                    the server refused this phone's changes (edit rights taken back):
//                                            kept, unsent, until the session is handed over again
//   { waiting: true }                        the sessions with changes not yet sent: { waiting: [public id] }
// or { error } when something failed. The sessions the phone keeps live in /kept, a folder kept in the browser's
// IndexedDB (Pyodide's IDBFS): read when the worker starts, written back before a change is answered, so a
// change the page was told of survives a reload, the browser closing, the phone locking.
// Everything it loads goes through the service worker, which keeps a copy for the phone with no signal.

const KEPT = "/kept";

function syncfs(pyodide, populate) {
  return new Promise((done, failed) => pyodide.FS.syncfs(populate, (error) => (error ? failed(error) : done())));
}

async function start() {
  const manifest = await (await fetch("/phone/manifest.json")).json();
  const { loadPyodide } = await import(`${manifest.pyodide}pyodide.mjs`);
  const [pyodide, bundle] = await Promise.all([
    loadPyodide({ indexURL: manifest.pyodide }),
    fetch(manifest.bundle).then((response) => {
      if (!response.ok) throw new Error(`the bundle answered ${response.status}`);
      return response.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(bundle, "zip", { extractDir: "/phone" });
  pyodide.FS.mkdirTree(KEPT);
  pyodide.FS.mount(pyodide.FS.filesystems.IDBFS, {}, KEPT);
  await syncfs(pyodide, true);
  pyodide.runPython("import sys; sys.path.insert(0, '/phone')");
  const phone = pyodide.pyimport("companion.phone");
  const pathlib = pyodide.pyimport("pathlib");
  const app = phone.create_phone_app.callKwargs({ folder: pathlib.Path(KEPT) });
  await syncfs(pyodide, false); // the phone's own key, made on its first start
  return { pyodide, phone, app, journal: phone.journal_of(app) };
}

const started = start();

started.then(
  () => self.postMessage({ ready: true }),
  (error) => self.postMessage({ ready: false, error: String(error) })
);

// One page's worker at a time reads and changes the kept sessions (each page of a session runs its own worker):
// it reads them again from the phone's storage first, and writes its change back before the next begins.
let queue = Promise.resolve();
function inTurn(work) {
  const done = queue.then(work);
  queue = done.catch(() => {});
  return done;
}

function locked(work) {
  return navigator.locks ? navigator.locks.request("kept-sessions", work) : inTurn(work);
}

async function fresh() {
  const { pyodide, journal } = await started;
  await syncfs(pyodide, true);
  journal.reload();
}

const PREVIEW = /\/hands\/preview$/;

async function answer(request) {
  const { pyodide, phone, app } = await started;
  const body = request.body ? new Uint8Array(request.body) : new Uint8Array();
  const headers = pyodide.toPy(request.headers || {});
  const answered = phone.answer(app, request.method, request.path, request.query || "", headers, body);
  try {
    const [status, pairs, data] = answered.toJs({ create_pyproxies: false });
    if (request.method !== "GET") await syncfs(pyodide, false);
    const bytes = data.slice().buffer; // a copy of Python's bytes, to transfer
    return { status, headers: pairs, body: bytes };
  } finally {
    headers.destroy();
    answered.destroy();
  }
}

async function keep(text) {
  const { pyodide, journal } = await started;
  const kept = journal.keep(text);
  await syncfs(pyodide, false);
  return { kept };
}

async function outbox(publicId) {
  const { journal } = await started;
  return { lines: JSON.parse(journal.outbox_json(publicId)) };
}

async function waiting() {
  const { journal } = await started;
  const found = journal.waiting();
  try {
    return { waiting: found.toJs() };
  } finally {
    found.destroy();
  }
}

async function forget(publicId) {
  const { pyodide, journal } = await started;
  journal.forget(publicId);
  await syncfs(pyodide, false);
  return { forgotten: publicId };
}

async function refuse(publicId) {
  const { pyodide, journal } = await started;
  journal.refuse(publicId);
  await syncfs(pyodide, false);
  return { refused: publicId };
}

async function sent(publicId, count) {
  const { pyodide, journal } = await started;
  journal.sent(publicId, count);
  await syncfs(pyodide, false);
  return { sent: count };
}

function work(data) {
  if ("keep" in data) return locked(() => fresh().then(() => keep(data.keep)));
  if ("outbox" in data) return locked(() => fresh().then(() => outbox(data.outbox)));
  if ("sent" in data) return locked(() => fresh().then(() => sent(data.sent, data.count)));
  if ("forget" in data) return locked(() => fresh().then(() => forget(data.forget)));
  if ("refuse" in data) return locked(() => fresh().then(() => refuse(data.refuse)));
  if ("waiting" in data) return locked(() => fresh().then(waiting));
  if (PREVIEW.test(data.path)) return answer(data); // reads only the session's players and options
  return locked(() => fresh().then(() => answer(data)));
}

self.addEventListener("message", (event) => {
  const [port] = event.ports;
  if (!port) return;
  work(event.data).then(
    (response) => port.postMessage(response, response.body ? [response.body] : []),
    (error) => port.postMessage({ error: String(error) })
  );
});
