// The phone's own server: Pyodide running the app's Python (companion/phone.py), as Datasette Lite runs its app.
// A page starts it with `new Worker("/phone/worker.js", { type: "module" })` and sends it requests, each as
//   { method, path, query, headers, body }   (body: an ArrayBuffer, or nothing)
// with a MessagePort to answer on: { status, headers, body } (body: an ArrayBuffer), or { error } when the
// worker could not start. It says { ready: true } (or { ready: false, error }) to its page once started.
// Everything it loads goes through the service worker, which keeps a copy for the phone with no signal.

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
  pyodide.runPython("import sys; sys.path.insert(0, '/phone')");
  const phone = pyodide.pyimport("companion.phone");
  return { pyodide, phone, app: phone.create_phone_app() };
}

const started = start();

started.then(
  () => self.postMessage({ ready: true }),
  (error) => self.postMessage({ ready: false, error: String(error) })
);

async function answer(request) {
  const { pyodide, phone, app } = await started;
  const body = request.body ? new Uint8Array(request.body) : new Uint8Array();
  const headers = pyodide.toPy(request.headers || {});
  const answered = phone.answer(app, request.method, request.path, request.query || "", headers, body);
  try {
    const [status, pairs, data] = answered.toJs({ create_pyproxies: false });
    const bytes = data.slice().buffer; // a copy of Python's bytes, to transfer
    return { status, headers: pairs, body: bytes };
  } finally {
    headers.destroy();
    answered.destroy();
  }
}

self.addEventListener("message", (event) => {
  const [port] = event.ports;
  if (!port) return;
  answer(event.data).then(
    (response) => port.postMessage(response, [response.body]),
    (error) => port.postMessage({ error: String(error) })
  );
});
