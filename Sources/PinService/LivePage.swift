import Foundation
import PinRenderCore
import PinPlatform

/// `GET /`: the live page. One static HTML file, its style and script inline (no build step,
/// no external URL), the script allowed by its hash, so that no other script can run in the
/// page, whatever a pin's text holds: pick a content, page, device and zoom; see the server's
/// render with its pins and the thread list; click the render to add a pin (a small form),
/// reply, resolve; a pin a new revision flagged (`carry` `changed` or `gone`) is marked, and
/// accepted (`carry: null`) or moved by a click (each an edit, with its event).
/// It follows the content's events WebSocket (reconnecting with its cursor) and reloads the
/// render at each change, so every open page shows a change within a second.
///
/// A token comes from `?token=` or the page's field and is sent as a bearer header; the
/// WebSocket, which a browser cannot give headers, sends it as `access_token`. The device
/// presets' names are written into the page; where a device render puts the page, the page
/// asks the server (`viewport`, with the render's own query: ``Viewport`` with the zoom,
/// offset, focus and safe area), and maps a click on the render back to normalized
/// coordinates with that answer alone.
enum LivePage {
    /// The page, with the device presets in it.
    static let html = template.replacingOccurrences(of: "[/*DEVICES*/]", with: devicesJSON)

    /// The page may load nothing from elsewhere, run no script but its own, and talk only
    /// to this server.
    static let headers = [
        ("Content-Security-Policy", "default-src 'none'; script-src \(scriptHash); style-src 'unsafe-inline'; "
            + "img-src 'self' blob: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-cache"),
    ]

    /// The page's script: the text between its `<script>` tags.
    static var script: Substring {
        let start = html.range(of: "<script>")!.upperBound
        return html[start..<html.range(of: "</script>", range: start..<html.endIndex)!.lowerBound]
    }

    /// The policy's source for ``script``: `'sha256-BASE64'` of its bytes.
    private static var scriptHash: String {
        "'sha256-\(Data(SHA256.digest(of: Array(script.utf8))).base64EncodedString())'"
    }

    /// What the page knows of a device preset: its name and what the menu shows.
    private struct Device: Encodable {
        var name: String
        var label: String
    }

    private static var devicesJSON: String {
        let devices = DevicePreset.all.map { Device(name: $0.name, label: $0.displayName) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(devices)) ?? Data("[]".utf8), as: UTF8.self)
    }

    private static let template = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pinrender live</title>
<link rel="icon" href="data:,">
<style>
:root { --ink: #1d2939; --muted: #667085; --line: #d0d5dd; --soft: #f2f4f7; --bg: #f9fafb;
        --red: #e5483b; --grey: #98a2b3; --green: #12a150; --blue: #2e6bd9; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif;
       color: var(--ink); background: var(--bg); }
header { display: flex; align-items: center; gap: 12px; padding: 10px 16px; background: #fff;
         border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 5; }
h1 { font-size: 17px; margin: 0; font-weight: 650; letter-spacing: -0.01em; }
h1 span { color: var(--red); }
#status { margin-left: auto; font-size: 13px; color: var(--muted); display: flex; align-items: center; gap: 6px; }
#status::before { content: ""; width: 9px; height: 9px; border-radius: 50%; background: var(--grey); }
#status.live::before { background: var(--green); }
#status.down::before { background: #f79009; }
.controls { display: flex; flex-wrap: wrap; gap: 10px 14px; padding: 10px 16px; background: #fff;
            border-bottom: 1px solid var(--line); align-items: end; }
.controls label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); gap: 3px; }
.controls label.check { flex-direction: row; align-items: center; gap: 6px; font-size: 14px; color: var(--ink); padding-bottom: 7px; }
select, input, textarea, button { font: inherit; color: inherit; }
select, input[type=text], input[type=password], textarea { border: 1px solid var(--line); border-radius: 8px;
    padding: 6px 9px; background: #fff; min-height: 36px; }
select:disabled { color: var(--grey); background: var(--soft); }
details.you { margin-left: auto; font-size: 14px; }
details.you summary { cursor: pointer; color: var(--muted); padding: 8px 0; }
details.you[open] { flex-basis: 100%; margin-left: 0; }
details.you div { display: flex; flex-wrap: wrap; gap: 10px 14px; }
button { border: 1px solid var(--line); background: #fff; border-radius: 8px; padding: 5px 12px; min-height: 34px; cursor: pointer; }
button:hover { background: var(--soft); }
button.primary { background: var(--ink); border-color: var(--ink); color: #fff; }
button.primary:hover { background: #344054; }
main { display: grid; grid-template-columns: minmax(0, 1fr) 360px; gap: 16px; padding: 16px; align-items: start; }
.stage { min-width: 0; text-align: center; }
#canvas { position: relative; display: inline-block; max-width: 100%; }
#frame { position: relative; line-height: 0; background: #fff;
         border: 1px solid var(--line); border-radius: 10px; overflow: hidden; box-shadow: 0 1px 3px rgba(16,24,40,.08); }
#frame.device { border-radius: 22px; border: 6px solid #101828; }
#render { max-width: 100%; max-height: calc(100vh - 190px); cursor: crosshair; display: block; }
#render:not([src]) { width: 480px; height: 320px; }
.hint { color: var(--muted); font-size: 13px; margin: 8px 2px 0; }
.ghost { position: absolute; width: 16px; height: 16px; margin: -8px 0 0 -8px; border-radius: 50%;
         background: var(--red); border: 2px solid #fff; box-shadow: 0 0 0 3px rgba(229,72,59,.3); pointer-events: none; }
#new-pin { position: absolute; z-index: 3; width: 260px; line-height: 1.45; background: #fff; border: 1px solid var(--line);
           border-radius: 10px; padding: 10px; box-shadow: 0 8px 24px rgba(16,24,40,.18); }
#new-pin textarea { width: 100%; min-height: 64px; resize: vertical; }
#new-pin .row { display: flex; justify-content: flex-end; gap: 8px; margin-top: 8px; }
aside h2 { font-size: 15px; margin: 0 0 8px; display: flex; align-items: baseline; gap: 8px; }
aside h2 small { color: var(--muted); font-weight: 400; }
#threads { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
.thread { background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 10px 12px; }
.thread.selected { border-color: var(--blue); box-shadow: 0 0 0 2px rgba(46,107,217,.2); }
.thread.resolved > .text { color: var(--muted); }
.head { display: flex; align-items: center; gap: 8px; font-size: 13px; color: var(--muted); flex-wrap: wrap; }
.head .author { color: var(--ink); font-weight: 600; }
.num { min-width: 26px; height: 26px; border-radius: 13px; background: var(--red); color: #fff; border: 0; padding: 0 7px;
       font-weight: 700; font-size: 13px; display: inline-flex; align-items: center; justify-content: center; }
.num:hover { background: #c93a2e; }
.resolved .num { background: var(--grey); }
.tag { font-size: 12px; border-radius: 10px; padding: 1px 8px; background: #e7f6ed; color: #0b7a3a; }
.tag.page { background: var(--soft); color: var(--muted); }
.tag.carry { background: var(--soft); color: var(--muted); }
.tag.flag { background: #fdecea; color: #b42318; font-weight: 600; }
.thread.flagged { border-color: #f04438; box-shadow: 0 0 0 2px rgba(240,68,56,.15); }
#render.moving { cursor: crosshair; }
.text { margin: 6px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.replies { list-style: none; margin: 8px 0 0; padding: 0 0 0 12px; border-left: 2px solid var(--soft); }
.replies li { margin-top: 6px; overflow-wrap: anywhere; }
.replies .author { font-weight: 600; font-size: 13px; }
.actions { display: flex; gap: 8px; margin-top: 8px; }
.reply-form { display: flex; gap: 8px; margin-top: 8px; }
.reply-form input { flex: 1; min-width: 0; }
.empty { color: var(--muted); font-size: 14px; }
#notice { position: fixed; left: 50%; bottom: 16px; transform: translateX(-50%); max-width: min(560px, calc(100% - 32px));
          background: var(--ink); color: #fff; border-radius: 10px; padding: 10px 14px; font-size: 14px; z-index: 9;
          box-shadow: 0 8px 24px rgba(16,24,40,.25); }
@media (max-width: 820px) {
  main { grid-template-columns: 1fr; padding: 10px; }
  #render { max-height: none; }
  .controls { padding: 8px 10px; }
  .controls label { flex: 1 1 40%; }
  header { padding: 8px 10px; }
}
</style>
</head>
<body>
<header><h1>pinrender <span>live</span></h1><span id="status">connecting…</span></header>
<section class="controls">
  <label>Content <select id="content"></select></label>
  <label>Page <select id="page"></select></label>
  <label>Device <select id="device"><option value="">Whole page</option></select></label>
  <label>Zoom <select id="zoom"><option>1</option><option>1.5</option><option>2</option><option>3</option><option>4</option></select></label>
  <label class="check"><input type="checkbox" id="landscape"> Landscape</label>
  <label class="check"><input type="checkbox" id="safe-area"> Safe area</label>
  <label class="check"><input type="checkbox" id="show-resolved" checked> Resolved pins</label>
  <details class="you"><summary>You</summary><div>
    <label>Your name <input type="text" id="name" autocomplete="name" placeholder="Guest"></label>
    <label>Access token <input type="password" id="token" autocomplete="off" placeholder="none"></label>
  </div></details>
</section>
<main>
  <div class="stage">
    <div id="canvas"><div id="frame"><img id="render" alt="The page with its pins"></div>
      <form id="new-pin" hidden><textarea id="new-text" dir="auto" placeholder="Comment" required></textarea>
        <div class="row"><button type="button" id="new-cancel">Cancel</button><button class="primary" id="new-add">Add pin</button></div></form>
    </div>
    <p class="hint">Click the page to add a pin. Click a thread's number to center it on a device.</p>
  </div>
  <aside><h2>Threads <small id="count"></small></h2><ol id="threads"></ol></aside>
</main>
<div id="notice" hidden></div>
<script>
"use strict";
const DEVICES = [/*DEVICES*/];
const $ = id => document.getElementById(id);
const enc = encodeURIComponent;
const params = new URLSearchParams(location.search);

// Who: the token from ?token= (then taken out of the address bar) or the field, kept for the tab.
if (params.has("token")) { sessionStorage.setItem("pinrender.token", params.get("token")); params.delete("token"); }
const me = { id: localStorage.getItem("pinrender.author") || "web-" + randomId().slice(0, 8),
             name: localStorage.getItem("pinrender.name") || "" };
localStorage.setItem("pinrender.author", me.id);
$("name").value = me.name;
$("token").value = sessionStorage.getItem("pinrender.token") || "";

const state = {
  contents: [], content: null, pins: new Map(), cursor: 0,
  socket: null, generation: 0, lastMessage: 0, retries: 0,
  selected: params.get("focus") || null, shown: null, rendering: false, renderAgain: false,
};

function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, b => b.toString(16).padStart(2, "0")).join("");
}

function token() { return $("token").value.trim(); }

async function api(path, options = {}) {
  const headers = Object.assign({}, options.headers || {});
  if (token()) headers.Authorization = "Bearer " + token();
  if (options.json !== undefined) { headers["Content-Type"] = "application/json"; options.body = JSON.stringify(options.json); }
  return fetch(path, Object.assign({}, options, { headers }));
}

async function failure(response) {
  try { const body = await response.json(); return body; } catch (e) { return { status: response.status, error: response.statusText }; }
}

let noticeTimer = 0;
function notice(text) {
  const box = $("notice");
  box.textContent = text; box.hidden = false;
  clearTimeout(noticeTimer); noticeTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

function setStatus(kind, text) { const s = $("status"); s.className = kind; s.textContent = text; }

// ---- Contents and controls ----

async function loadContents() {
  let response;
  try { response = await api("/v1/contents"); } catch (e) {
    setStatus("down", "server unreachable, retrying…");
    setTimeout(loadContents, 2000);
    return;
  }
  if (!response.ok) {
    const body = await failure(response);
    setStatus("down", response.status === 401 ? "token needed" : "no access");
    notice(body.error || "cannot list contents");
    document.querySelector("details.you").open = true;
    return;
  }
  state.contents = (await response.json()).contents;
  const select = $("content");
  select.replaceChildren(...state.contents.map(c => new Option(c.id, c.id)));
  if (!state.contents.length) { setStatus("", "no contents: upload one with PUT /v1/contents/{id}"); return; }
  const wanted = params.get("content");
  select.value = state.contents.some(c => c.id === wanted) ? wanted : state.contents[0].id;
  await openContent(select.value, Number(params.get("page")) || 1);
}

for (const d of DEVICES) $("device").append(new Option(d.label, d.name));
$("device").value = DEVICES.some(d => d.name === params.get("device")) ? params.get("device") : "";
$("zoom").value = ["1", "1.5", "2", "3", "4"].includes(params.get("zoom")) ? params.get("zoom") : "1";
$("landscape").checked = params.get("landscape") === "1";
$("safe-area").checked = params.get("safeArea") === "1";
$("show-resolved").checked = params.get("resolved") !== "0";

function remember() {
  const p = new URLSearchParams();
  if (state.content) p.set("content", state.content.id);
  if (page() !== 1) p.set("page", page());
  if (device()) { p.set("device", device().name); if (zoom() !== 1) p.set("zoom", zoom()); }
  if (device() && $("landscape").checked) p.set("landscape", "1");
  if (device() && $("safe-area").checked) p.set("safeArea", "1");
  if (!$("show-resolved").checked) p.set("resolved", "0");
  history.replaceState(null, "", location.pathname + (p.toString() ? "?" + p : ""));
}

function page() { return Number($("page").value) || 1; }
function device() { return DEVICES.find(d => d.name === $("device").value) || null; }
function zoom() { return device() ? Number($("zoom").value) : 1; }

function syncControls() {
  $("zoom").disabled = !device();
  $("landscape").disabled = !device();
  $("safe-area").disabled = !device();
  $("frame").classList.toggle("device", !!device());
}

async function openContent(id, pageNumber) {
  state.generation++;
  if (state.socket) state.socket.close();
  state.socket = null;
  state.content = state.contents.find(c => c.id === id);
  state.pins = new Map(); state.cursor = 0; state.shown = null;
  cards.clear(); $("threads").replaceChildren();
  $("render").removeAttribute("src");
  const pages = $("page");
  pages.replaceChildren(...state.content.pages.map(p => new Option(String(p.page), String(p.page))));
  pages.value = String(Math.min(Math.max(pageNumber, 1), state.content.pageCount));
  pages.disabled = state.content.pageCount < 2;
  syncControls(); remember(); closeForm();
  await resync();
}

/// Reads all the pins again (at start and after the server closed the socket for resync),
/// then follows the events from the list's cursor.
async function resync() {
  const generation = state.generation, id = state.content.id;
  setStatus("", "loading…");
  let response;
  try { response = await api(`/v1/contents/${enc(id)}/pins`); } catch (e) {
    setStatus("down", "server unreachable, retrying…");
    setTimeout(() => { if (generation === state.generation) resync(); }, 2000);
    return;
  }
  if (generation !== state.generation) return;
  if (!response.ok) { const body = await failure(response); setStatus("down", "no access"); notice(body.error); return; }
  const list = await response.json();
  state.pins = new Map(list.pins.map(p => [p.id, p]));
  state.cursor = list.cursor;
  changed();
  connect();
}

$("content").onchange = () => openContent($("content").value, 1);
$("page").onchange = () => { remember(); closeForm(); loadRender(); renderThreads(); };
for (const id of ["device", "zoom", "landscape", "safe-area", "show-resolved"]) {
  $(id).onchange = () => { syncControls(); remember(); closeForm(); loadRender(); };
}
$("name").onchange = () => { me.name = $("name").value.trim(); localStorage.setItem("pinrender.name", me.name); };
$("token").onchange = () => { sessionStorage.setItem("pinrender.token", token()); loadContents(); };

// ---- Events ----

function connect() {
  const generation = state.generation, id = state.content.id;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  let url = `${scheme}://${location.host}/v1/contents/${enc(id)}/events?since=${state.cursor}`;
  if (token()) url += "&access_token=" + enc(token());
  const socket = new WebSocket(url);
  state.socket = socket;
  state.lastMessage = Date.now();
  socket.onmessage = message => {
    if (generation !== state.generation) return;
    state.lastMessage = Date.now();
    const event = JSON.parse(message.data);
    if (event.type === "ready") { state.retries = 0; setStatus("live", "live"); }
    if (event.pin && apply(event.pin)) changed();
  };
  socket.onclose = close => {
    if (generation !== state.generation || state.socket !== socket) return;
    state.socket = null;
    if (close.code === 4000) { resync(); return; }  // the server dropped us for falling behind
    const wait = Math.min(5000, 250 * 2 ** state.retries++);
    setStatus("down", "reconnecting…");
    setTimeout(() => { if (generation === state.generation && !state.socket) connect(); }, wait);
  };
}

// Heartbeats come every 15 s: a socket silent for 40 s is dead, even if the browser has not noticed.
setInterval(() => {
  if (state.socket && state.socket.readyState === WebSocket.OPEN && Date.now() - state.lastMessage > 40000) state.socket.close();
}, 5000);

/// Takes a pin's newer state (from an answer or an event); false when it was seen already.
function apply(pin) {
  const current = state.pins.get(pin.id);
  if (current && current.seq >= pin.seq) return false;
  state.pins.set(pin.id, pin);
  state.cursor = Math.max(state.cursor, pin.seq);
  return true;
}

let pending = 0;
function changed() {
  if (pending) return;
  pending = requestAnimationFrame(() => { pending = 0; renderThreads(); loadRender(); });
}

// ---- Threads, numbered as pinrender numbers them ----

function chronological(a, b) {
  const t = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return t !== 0 ? t : (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function threads() {
  const live = [...state.pins.values()].filter(p => !p.deleted);
  const roots = live.filter(p => !p.parentId).sort(chronological);
  const taken = new Set(roots.filter(r => r.number != null).map(r => r.number));
  let next = 1;
  const list = roots.map(root => {
    let number = root.number;
    if (number == null) { while (taken.has(next)) next++; number = next; taken.add(number); }
    return { root, number, replies: live.filter(p => p.parentId === root.id).sort(chronological) };
  });
  return list.sort((a, b) => a.number - b.number || chronological(a.root, b.root));
}

function when(text) {
  const date = new Date(text);
  return date.toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

const cards = new Map();

function renderThreads() {
  const list = $("threads"), all = threads();
  $("count").textContent = all.length ? `${all.filter(t => !t.root.resolved).length} open · ${all.length} in all` : "";
  if (!all.length) { list.replaceChildren(Object.assign(document.createElement("li"), { className: "empty", textContent: "No pins yet: click the page to add one." })); cards.clear(); return; }
  list.querySelector(".empty")?.remove();
  const seen = new Set();
  all.forEach((thread, index) => {
    let card = cards.get(thread.root.id);
    if (!card) { card = makeCard(thread.root.id); cards.set(thread.root.id, card); }
    fillCard(card, thread);
    seen.add(thread.root.id);
    if (list.children[index] !== card) list.insertBefore(card, list.children[index] || null);
  });
  for (const [id, card] of cards) if (!seen.has(id)) { card.remove(); cards.delete(id); }
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function makeCard(id) {
  const card = element("li", "thread");
  card.dataset.id = id;
  const head = element("div", "head"), text = element("p", "text"), replies = element("ol", "replies");
  text.dir = "auto";
  const actions = element("div", "actions");
  const reply = element("button", "reply", "Reply"), resolve = element("button", "resolve");
  // A pin a new revision flagged: accepted where the carry put it, or moved by a click on the render.
  const accept = element("button", "accept", "Accept"), move = element("button", "move", "Move");
  reply.type = resolve.type = accept.type = move.type = "button";
  actions.append(reply, resolve, accept, move);
  const form = element("form", "reply-form");
  form.hidden = true;
  const input = element("input");
  input.type = "text"; input.dir = "auto"; input.placeholder = "Reply"; input.required = true;
  form.append(input, Object.assign(element("button", "primary", "Send"), { type: "submit" }));
  reply.onclick = () => { form.hidden = !form.hidden; if (!form.hidden) input.focus(); };
  resolve.onclick = () => setResolved(id, !state.pins.get(id).resolved);
  accept.onclick = () => edit(id, { carry: null });
  move.onclick = () => {
    moving = moving === id ? null : id;
    $("render").classList.toggle("moving", moving !== null);
    if (moving) notice("Click the page where this pin belongs.");
  };
  form.onsubmit = async event => {
    event.preventDefault();
    if (await addPin({ parentId: id, text: input.value.trim() })) { input.value = ""; form.hidden = true; }
  };
  card.append(head, text, replies, actions, form);
  return card;
}

function fillCard(card, thread) {
  const root = thread.root;
  card.classList.toggle("resolved", root.resolved);
  card.classList.toggle("selected", state.selected === root.id);
  const number = element("button", "num", String(thread.number));
  number.type = "button";
  number.title = "Show this pin";
  number.onclick = () => select(root);
  const head = card.querySelector(".head");
  head.replaceChildren(number, element("span", "author", root.authorName || root.authorId), element("span", "", when(root.createdAt)));
  if (root.page !== page()) head.append(element("span", "tag page", "page " + root.page));
  if (root.resolved) head.append(element("span", "tag", "Resolved"));
  // The verdict of the last revision's carry: `changed` and `gone` ask a person to look.
  const verdict = root.carry ? root.carry.verdict : null, flagged = verdict === "changed" || verdict === "gone";
  if (verdict) head.append(element("span", flagged ? "tag flag" : "tag carry", verdict === "moved" ? "Moved with the drawing"
                                   : verdict === "changed" ? "Changed: check it" : verdict === "gone" ? "Gone: check it" : verdict));
  card.classList.toggle("flagged", flagged);
  card.querySelector(".accept").hidden = card.querySelector(".move").hidden = !flagged;
  card.querySelector(".text").textContent = root.text;
  card.querySelector(".replies").replaceChildren(...thread.replies.map(reply => {
    const item = element("li");
    const text = element("span", "", reply.text);
    text.dir = "auto";
    item.append(element("span", "author", (reply.authorName || reply.authorId) + ": "), text);
    return item;
  }));
  card.querySelector(".resolve").textContent = root.resolved ? "Reopen" : "Resolve";
}

/// A thread's number: its page, and on a device its pin centered.
function select(root) {
  state.selected = state.selected === root.id ? null : root.id;
  if (state.selected && root.page !== page()) { $("page").value = String(root.page); remember(); }
  renderThreads(); loadRender();
}

// ---- Changes ----

async function addPin(fields) {
  const body = Object.assign({ id: "web-" + randomId(), authorId: me.id }, fields);
  if (me.name) body.authorName = me.name;
  const response = await api(`/v1/contents/${enc(state.content.id)}/pins`, { method: "POST", json: body });
  if (!response.ok) { notice((await failure(response)).error); return false; }
  if (apply(await response.json())) changed();
  return true;
}

async function setResolved(id, resolved) { await edit(id, { resolved }); }

/// Edits a pin at the version shown (`fields`: what PATCH takes); a conflict shows the pin as it is.
async function edit(id, fields) {
  const pin = state.pins.get(id);
  const response = await api(`/v1/contents/${enc(state.content.id)}/pins/${enc(id)}`,
                             { method: "PATCH", json: Object.assign({ version: pin.version }, fields) });
  const body = await (response.ok ? response.json() : failure(response));
  if (response.ok) { if (apply(body)) changed(); return; }
  if (body.current && apply(body.current)) changed();  // someone changed it first: show theirs
  notice(body.error);
}

// ---- The render, and where a click lands on the page ----

function renderRequest() {
  const query = new URLSearchParams({ page: page() });
  if (!$("show-resolved").checked) query.set("include", "open");
  const dev = device();
  if (!dev) {
    // Wide enough for the screen's pixels, in steps of 320 so that pages share renders.
    const want = Math.max(320, Math.min(2560, (document.querySelector(".stage").clientWidth || 800) * (devicePixelRatio || 1)));
    query.set("width", String(Math.min(2560, Math.ceil(want / 320) * 320)));
    return { query: query.toString(), device: false };
  }
  const landscape = $("landscape").checked;
  query.set("device", dev.name + (landscape ? "@landscape" : ""));
  if (zoom() !== 1) query.set("zoom", zoom());
  if ($("safe-area").checked) query.set("safeArea", "true");
  const focus = state.selected && state.pins.get(state.selected);
  const useFocus = focus && !focus.deleted && focus.page === page() && (!focus.resolved || $("show-resolved").checked);
  if (useFocus) query.set("focus", focus.id);
  return { query: query.toString(), device: true };
}

/// Fetches the render with the bearer header and shows it once decoded; one at a time, the
/// last one asked for winning.
async function loadRender() {
  if (!state.content) return;
  if (state.rendering) { state.renderAgain = true; return; }
  state.rendering = true;
  try {
    do {
      state.renderAgain = false;
      const generation = state.generation, request = renderRequest(), cursor = state.cursor;
      const base = `/v1/contents/${enc(state.content.id)}`;
      // On a device, the server says where the render puts the page (Viewport's math).
      const [response, placed] = await Promise.all([api(`${base}/render.png?${request.query}`),
                                                    request.device ? api(`${base}/viewport?${request.query}`) : null]);
      if (response.status === 503) { setTimeout(loadRender, 1000); break; }
      if (!response.ok) { notice((await failure(response)).error); break; }
      if (placed && !placed.ok) { notice((await failure(placed)).error); break; }
      request.viewport = placed ? await placed.json() : null;
      const url = URL.createObjectURL(await response.blob());
      const probe = new Image();
      probe.src = url;
      try { await probe.decode(); } catch (e) { URL.revokeObjectURL(url); break; }
      if (generation !== state.generation) { URL.revokeObjectURL(url); continue; }
      const img = $("render"), old = img.getAttribute("src");
      img.src = url;
      img.dataset.query = request.query;
      img.dataset.etag = response.headers.get("ETag") || "";
      img.dataset.cursor = String(cursor);
      state.shown = request;
      if (old) URL.revokeObjectURL(old);
      document.querySelectorAll(".ghost").forEach(g => { if (Number(g.dataset.cursor) <= cursor) g.remove(); });
    } while (state.renderAgain);
  } catch (e) {
    notice("the render cannot be loaded: " + e.message);
  } finally {
    state.rendering = false;
  }
}

let resizeTimer = 0;
addEventListener("resize", () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => { if (!device()) loadRender(); }, 300); });

/// The normalized point under a click on the shown render, or null off the page.
function pointAt(event) {
  const img = $("render"), shown = state.shown;
  if (!shown || !img.naturalWidth) return null;
  const box = img.getBoundingClientRect();
  const fx = (event.clientX - box.left) / box.width, fy = (event.clientY - box.top) / box.height;
  let x = fx, y = fy;
  if (shown.viewport) {
    // The screen's point under the click, in the page as the server placed it.
    const v = shown.viewport;
    x = (fx * v.width - v.content.x) / v.content.width;
    y = (fy * v.height - v.content.y) / v.content.height;
  }
  return x >= 0 && x <= 1 && y >= 0 && y <= 1 ? { x, y, fx, fy } : null;
}

let draft = null, moving = null;
$("render").onclick = event => {
  const point = pointAt(event);
  if (moving) {
    // Moving a flagged pin: the click is its new point (an edit like any other, with its event).
    const id = moving, round = v => Math.round(v * 1e6) / 1e6;
    moving = null;
    $("render").classList.remove("moving");
    if (point) edit(id, { relativeX: round(point.x), relativeY: round(point.y), page: page() });
    return;
  }
  if (!point) { closeForm(); return; }
  closeForm();
  draft = { point, page: page() };
  const form = $("new-pin"), ghost = element("div", "ghost");
  ghost.style.left = (point.fx * 100) + "%"; ghost.style.top = (point.fy * 100) + "%";
  ghost.dataset.draft = "1";
  $("frame").append(ghost);
  // The form goes below the point, or above it in the lower half when there is room: never over it.
  form.hidden = false;
  const outer = $("canvas").getBoundingClientRect(), box = $("render").getBoundingClientRect();
  const px = box.left - outer.left + point.fx * box.width, py = box.top - outer.top + point.fy * box.height;
  const above = py - form.offsetHeight - 14;
  form.style.left = Math.max(0, Math.min(px - form.offsetWidth / 2, outer.width - form.offsetWidth)) + "px";
  form.style.top = (point.fy > 0.5 && above >= 0 ? above : py + 14) + "px";
  $("new-text").focus({ preventScroll: true });
  form.scrollIntoView({ block: "nearest" });
};

function closeForm() {
  draft = null;
  $("new-pin").hidden = true;
  $("new-text").value = "";
  document.querySelectorAll(".ghost[data-draft]").forEach(g => g.remove());
}

$("new-cancel").onclick = closeForm;
$("new-text").onkeydown = event => {
  if (event.key === "Escape") closeForm();
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) $("new-pin").requestSubmit();
};
$("new-pin").onsubmit = async event => {
  event.preventDefault();
  const text = $("new-text").value.trim();
  if (!draft || !text) return;
  const { point, page: pageNumber } = draft;
  const ghost = document.querySelector(".ghost[data-draft]");
  const round = v => Math.round(v * 1e6) / 1e6;
  $("new-add").disabled = true;
  const added = await addPin({ relativeX: round(point.x), relativeY: round(point.y), page: pageNumber, text });
  $("new-add").disabled = false;
  if (!added) return;
  // The marker stays until a render with the new pin is shown.
  if (ghost) { delete ghost.dataset.draft; ghost.dataset.cursor = String(state.cursor); }
  draft = null;
  $("new-pin").hidden = true;
  $("new-text").value = "";
};

loadContents();
</script>
</body>
</html>
"""#
}
