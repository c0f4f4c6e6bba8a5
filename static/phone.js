// The phone's own Python, on every page of a session this phone may score (its scoreboard and hand pages; a page
// the phone rendered itself too) and on a start page the phone drew itself (keeping no session there), loaded by
// app.js after the load event. A worker starts Pyodide with the app's own code (phone-worker.js, companion/phone.py) over the
// sessions the phone keeps. Then:
// - with a signal, what was done with no signal is sent to the server (every session's outbox, each in order; the
//   server counts each form once), and this page's session is fetched and kept (/s/<id>/phone.json);
// - the service worker (sw.js) relays to this page's worker the live previews (always: no round trip), and, when
//   the server cannot be reached, the pages and forms of the sessions kept: the table scores on with no signal;
// - the scoreboard says whether this phone is ready to score with no signal.
// Until it is ready, or where it cannot start, everything goes to the server as before.
(() => {
  const keeping = document.querySelector('meta[name="phone-keep"]');
  const keepFrom = keeping && keeping.content;
  const shell = document.documentElement.hasAttribute("data-shell");
  // Set while something done with no signal may not have reached the server, to this script's address: any
  // page of the app then loads it (app.js), so that a session started with no signal, whose pages were left,
  // reaches the server from whatever page is opened next with a signal (the server's start page, a group's).
  const WAITING = "phone-waiting";
  const leftWaiting = !keeping && !shell && localStorage.getItem(WAITING) !== null;
  if ((!keeping && !shell && !leftWaiting) || !("serviceWorker" in navigator) || !window.Worker) return;
  if (window.phoneAnswers) return; // loaded twice (the shell's own, and app.js's while changes wait): once is enough
  const script = document.currentScript && document.currentScript.src;
  const root = document.documentElement;
  root.dataset.phone = "waiting"; // app.js leaves the service worker's questions to this page's script
  const SYNC_EVERY_MS = 5000;
  // The session no longer this phone's to score: deleted (410), or its edit rights taken back (403), when what
  // it changed here is kept, unsent, until the server hands the session over again (the new edit link opened).
  const GONE = [403, 410];
  const dropped = (publicId, status) => (status === 410 ? { forget: publicId } : { refuse: publicId });
  let worker = null;
  let sending = false;
  let stopped = false; // a refused line is on its way to the screen: nothing more is sent from this page
  let kept = false;
  let started = null; // settles when the worker is ready (true) or cannot be (false)
  const settled = new Promise((done) => { started = done; });

  // One message to the worker (on a channel of its own), and its answer.
  function ask(message, transfer = []) {
    return new Promise((done, failed) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => (event.data.error ? failed(new Error(event.data.error)) : done(event.data));
      worker.postMessage(message, [channel.port2, ...transfer]);
    });
  }

  function say(state) {
    root.dataset.phone = state;
    const line = document.getElementById("offline-state");
    if (line && line.dataset[state]) {
      line.textContent = line.dataset[state];
      line.hidden = false;
    }
  }

  // What was done here with no signal, sent in order. A line leaves the outbox once the server took it (its
  // answer a redirect) or showed why not (its page, shown by posting the form for real: the usual choice, after
  // which nothing more is sent from this page); a server that is busy or away keeps it for the next round. A
  // deleted session (410) is forgotten whole: none of it can go in; one whose edit rights were taken back (403)
  // keeps its lines, unsent, until this phone may score it again.
  async function send(publicId, token) {
    const { lines } = await ask({ outbox: publicId });
    for (const line of lines) {
      const form = new URLSearchParams(line.form);
      form.set("csrf_token", token);
      const answer = await fetch(line.path, { method: "POST", body: form, redirect: "manual", credentials: "same-origin" });
      if (answer.type !== "opaqueredirect" && ![200, 403, 410, 422].includes(answer.status)) return false;
      await ask(GONE.includes(answer.status) ? dropped(publicId, answer.status) : { sent: publicId, count: 1 });
      if (answer.type !== "opaqueredirect") {
        stopped = true;
        const post = document.createElement("form");
        post.method = "post";
        post.action = line.path;
        for (const [name, value] of form) post.append(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
        document.body.append(post);
        post.submit();
        return false;
      }
    }
    return true;
  }

  // What was done with no signal is sent first, from whichever page of the app is open with a ready worker (a
  // session started with no signal has no page on the server until its first line is sent): every session's
  // changes, each session's in order, one page at a time (two pages sending the same lines would each count
  // them off). Then this page's session is fetched and kept: once a page, and again after something was sent.
  async function keepAndSend() {
    if (sending || stopped || !navigator.onLine) return;
    sending = true;
    try {
      await (navigator.locks ? navigator.locks.request("outbox", sendAndKeep) : sendAndKeep());
    } catch {
      // No signal after all, or the server not answering: tried again shortly.
    } finally {
      sending = false;
    }
  }

  async function sendAndKeep() {
    const { waiting } = await ask({ waiting: true });
    if (waiting.length) {
      const token = await fetch("/phone/token", { cache: "no-store", headers: { "X-Phone": "keep" } });
      if (!token.ok) return;
      const { csrf } = await token.json();
      for (const publicId of waiting) if (!(await send(publicId, csrf))) return;
    }
    // All of it went in, unless a change was made meanwhile (the page being left answers with no signal).
    const { waiting: left } = await ask({ waiting: true });
    if (!left.length) localStorage.removeItem(WAITING);
    const publicId = keepFrom && keepFrom.split("/")[2];
    if (publicId && (!kept || waiting.length)) {
      const answer = await fetch(keepFrom, { cache: "no-store", headers: { "X-Phone": "keep" } });
      if (GONE.includes(answer.status)) await ask(dropped(publicId, answer.status)); // the server's pages say why
      if (!answer.ok) return;
      await ask({ keep: await answer.text() });
      kept = true;
    }
    // A page the phone drew, or this session's, gives way to the server's, now whole (not a form being filled).
    const drawnHere = document.getElementById("on-phone") || waiting.includes(publicId) || leftWaiting;
    if (waiting.length && drawnHere && !document.querySelector("#hand-form") && !filledIn()) location.reload();
  }

  // Whether the player has changed a form on this page (a name typed): a reload would lose it.
  function filledIn() {
    return [...document.querySelectorAll("input:not([type=hidden]), textarea")].some((input) =>
      ["radio", "checkbox"].includes(input.type) ? input.checked !== input.defaultChecked : input.value !== input.defaultValue
    );
  }

  // Typing waits for a pause before it asks for a preview, so as not to send the server a request a keystroke;
  // the phone's own Python answers in a few tens of milliseconds, so the pause can be short.
  function quicken() {
    const preview = document.getElementById("preview");
    const trigger = preview && preview.getAttribute("hx-trigger");
    if (!trigger || !window.htmx) return;
    preview.setAttribute("hx-trigger", trigger.replace(/delay:\d+ms/, "delay:30ms"));
    window.htmx.process(preview);
    // Processed again, the preview forgets a request it had queued (taps made while the worker started): the
    // form as it stands now is previewed instead.
    const anyChoice = document.querySelector("#hand-form input[type=radio]");
    if (anyChoice) anyChoice.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // The service worker holds everything the worker needs once it is installed; a page is answered by it once
  // it controls the page (the first page it was registered on, once it has taken over).
  async function controlled() {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((done) => navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }));
  }

  async function ready() {
    await controlled();
    if (navigator.onLine) await keepAndSend();
    say("ready");
    started(true);
    performance.mark("phone-ready"); // make bench: how long after the load event
    quicken();
    if (shell) reloadOnce();
    setInterval(() => { if (!document.hidden) keepAndSend(); }, SYNC_EVERY_MS);
    window.addEventListener("online", keepAndSend);
  }

  // The shell asks for the page again once its worker is ready (the service worker then has a page to answer
  // it); once only: a page the phone cannot make either says so instead of asking for ever.
  function reloadOnce() {
    if (sessionStorage.getItem("shell-asked") === location.href) {
      sessionStorage.removeItem("shell-asked");
      say("failed");
      return;
    }
    sessionStorage.setItem("shell-asked", location.href);
    location.reload();
  }

  function start() {
    if (!shell) sessionStorage.removeItem("shell-asked");
    say("starting");
    // The service worker's questions are answered either way: a page that cannot answer is not waited for.
    const failed = (why) => {
      console.warn("The phone's own copy of the app did not start:", why);
      say("failed");
      started(false);
    };
    try {
      worker = new Worker("/phone/worker.js", { type: "module" });
    } catch (error) {
      failed(error);
      return;
    }
    worker.addEventListener("error", (event) => failed(event.message), { once: true });
    worker.addEventListener("message", (event) => (event.data.ready ? ready() : failed(event.data.error)), { once: true });
  }

  // Only a request that says so is relayed while there is a signal: the service worker never waits on a page
  // that cannot answer.
  document.addEventListener("htmx:configRequest", (event) => {
    if (root.dataset.phone === "ready") event.detail.headers["X-Phone"] = "ready";
  });

  navigator.serviceWorker.addEventListener("message", (event) => {
    const [port] = event.ports;
    if (!port || !event.data) return;
    if (event.data.ping) { // is this page's worker ready (once started: it starts after the load event)?
      settled.then((ok) => port.postMessage({ ready: ok }));
      return;
    }
    const request = event.data.relay;
    if (!request) return;
    if (request.method !== "GET" && !request.path.endsWith("/hands/preview") && script) localStorage.setItem(WAITING, script);
    // The page's language (the server chose it from the phone's cookie or its browser): the phone speaks it.
    request.headers["accept-language"] = root.lang.split("-")[0];
    // A worker still starting answers once it has (the service worker waits a while for it).
    settled
      .then((ok) => (ok ? ask(request, request.body ? [request.body] : []) : { pass: true }))
      .then((answer) => port.postMessage(answer, answer.body ? [answer.body] : []), () => port.postMessage({ pass: true }));
  });
  navigator.serviceWorker.startMessages();
  window.phoneAnswers = true;
  for (const port of window.phonePings || []) settled.then((ok) => port.postMessage({ ready: ok })); // asked before
  navigator.serviceWorker.register("/sw.js").catch(() => {});

  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
})();
