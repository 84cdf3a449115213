// The table page: shows the server's state, lets the players enter a turn by taps, and sends it.
// The server decides everything (legality, scores, the end); this script only collects taps.
"use strict";

// The page's words come from the server's catalogue, in the page's language (the JSON in
// index.html): w("key", {values}) and, for an entry with number forms, wn("key", n, {values}).
const PAGE = JSON.parse(document.getElementById("words").textContent);
const LANG = PAGE.lang;

function entry(key) {
  const text = PAGE.words[key];
  return text === undefined ? "[" + key + "]" : text; // a word the page lacks: the tests look for it
}

function filled(text, values) {
  return text.replace(/\{(\w+)\}/g, (all, name) => (values && name in values ? String(values[name]) : all));
}

function w(key, values) {
  return filled(entry(key), values);
}

function pluralForm(n, forms) {
  // As languages.plural_form: Russian 1, 2-4, 5 or more; English and French one, more (French
  // 0 takes the singular); Hungarian one form.
  if (LANG === "RU" && forms.length === 3) {
    if (n % 10 === 1 && n % 100 !== 11) return forms[0];
    if (n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14)) return forms[1];
    return forms[2];
  }
  if (forms.length === 2) return n === 1 || (LANG === "FR" && n === 0) ? forms[0] : forms[1];
  return forms[0];
}

function wn(key, n, values) {
  return filled(pluralForm(n, entry(key).split("|")), { ...values, n });
}

const FACES = ["2", "3", "4", "5", "x", "@"];
const FACE_WORDS = { "2": "2", "3": "3", "4": "4", "5": "5", "x": w("t_face_x"), "@": w("t_face_at") };
const ORIENTATIONS = ["R", "L", "D"];
const POLL_MS = 1500;
const THINKING_POLL_MS = 400; // while the computer thinks, its turn shows up sooner

const token = new URLSearchParams(location.search).get("token");
let S = null;           // the server's state
let pending = [];       // tiles of the turn being entered: {cell: "q,r", o: "R"}
let dice = [null, null];
let chosen = null;      // the chosen die face, "forced" (a removal no die allows), or "pass"
let pick = null;        // the tile chosen to remove or turn
let turnTo = null;      // the orientation a chosen inner tile turns to
let rollFaces = {};     // roll-off: seat -> face
let pickFrom = null;    // the orientation of the chosen inner tile before it turns
let busy = false;
let retry = null;       // what "Try again" does after a failed request
let unsent = null;      // a change sent and not answered: {id, body, words} (outbox.js keeps it)
let focusedVersion = -1; // the version the board was last scrolled to

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else if (key === "text") node.textContent = value;
    else node[key] = value;
  }
  for (const child of children) node.append(child);
  return node;
}

function withToken(url) {
  return token ? url + (url.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token) : url;
}

async function call(method, url, body) {
  const headers = { "Accept": "application/json", "X-Palago-Lang": LANG };
  if (token) headers["X-Palago-Token"] = token;
  const options = { method, headers, cache: "no-store" };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, options);
  } catch (e) {
    return { ok: false, status: 0, data: { error: w("t_no_answer") } };
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = { error: w("t_no_json") }; }
  return { ok: response.ok, status: response.status, data };
}

function offline(text) {
  const box = $("offline");
  box.hidden = !text;
  box.textContent = text || "";
}

// --- What the turn being entered is ---------------------------------------------------------

function placing() {
  // How many tiles the current step places, or 0 when it places none.
  if (!S || S.over || S.computer_to_move) return 0;
  if (S.kind === "Palago" && S.phase === "turn") return S.tiles_this_turn;
  if (S.kind === "Palagonia" && S.phase === "start") return S.rolloff.count;
  if (S.kind === "Palagonia" && S.phase === "turn" && chosen && /^[2-5]$/.test(chosen)) return Number(chosen);
  return 0;
}

function mode() {
  if (placing()) return "place";
  if (S && S.kind === "Palagonia" && S.phase === "turn" && !S.computer_to_move) {
    if (chosen === "x" || chosen === "forced") return "removable";
    if (chosen === "@") return "inner";
  }
  return "none";
}

function tokens() {
  return pending.map((t) => t.cell + t.o);
}

function innerOrientation(cell) {
  if (pick === cell && pickFrom) return pickFrom;
  const hit = document.querySelector(`.hit.pick[data-cell='${cell}']`);
  return hit ? hit.dataset.name.slice(-1) : null;
}

function ready() {
  if (S && S.computer_roll) return !!(dice[0] && dice[1]);
  const m = mode();
  if (chosen === "pass") return true;
  if (m === "place") return pending.length > 0;
  if (m === "removable") return pick !== null;
  if (m === "inner") return pick !== null && turnTo !== null;
  return false;
}

function resetTurn() {
  pending = [];
  dice = [null, null];
  chosen = null;
  pick = null;
  pickFrom = null;
  turnTo = null;
  rollFaces = {};
  keepDraft();
}

// --- Showing the state ---------------------------------------------------------------------

function say(text, kind, again) {
  const box = $("message");
  box.textContent = text || "";
  box.className = "message" + (kind ? " " + kind : "");
  retry = again || null;
  $("retry").hidden = !retry;
}

function showShare() {
  // Network mode: the QR code of the table's address, for the next device.
  $("share").hidden = !S.share;
  if (S.share && $("share-address").textContent !== S.share) {
    $("qr").src = withToken("qr.svg");
    $("share-address").textContent = S.share;
  }
}

function render() {
  $("loading").hidden = true;
  showShare();
  document.body.dataset.version = String(S.version);
  document.body.dataset.phase = S.phase;
  const setup = S.phase === "setup";
  $("setup").hidden = !setup;
  $("game").hidden = setup;
  $("file").textContent = S.file ? w("t_recording_to", { name: S.file }) : "";
  if (setup) { $("title").textContent = w("t_title"); return; }
  $("title").textContent = w("titled", { kind: w("kind_" + S.kind), what: S.players.map((p) => p.name).join(", ") });
  $("status").textContent = S.status || "";
  $("status").classList.toggle("thinking", !!S.thinking);
  document.body.dataset.thinking = S.thinking ? "1" : "";
  const left = S.kind === "Palago" ? S.supply : S.bag;
  $("left").textContent = left === undefined ? "" : wn(S.kind === "Palago" ? "t_left_supply" : "t_left_bag", left);
  const result = $("result");
  result.hidden = !S.over;
  result.textContent = S.over ? w("t_game_over", { r: S.result }) : "";
  showOutcome();
  showMoves();
  showScores();
  showRolloff();
  showDice();
  showButtons();
  showBoard();
  $("dl-scores-item").hidden = !(S.kind === "Palagonia" && S.players.length >= 3);
  for (const [id, url] of [["dl-record", "export/record"], ["dl-pdf", "export/board.pdf"],
                           ["dl-png", "export/board.png"], ["dl-scores", "export/scores.pdf"],
                           ["open-viewer", "viewer"]]) {
    $(id).href = withToken(url);
  }
}

function showOutcome() {
  const box = $("outcome");
  box.replaceChildren();
  const o = S.outcome || { text: "", creatures: [] };
  if (!o.text && !o.creatures.length) { box.hidden = true; return; }
  box.hidden = false;
  if (o.text) box.append(el("p", { text: o.text }));
  for (const creature of o.creatures) box.append(el("p", { class: "creature", text: w("t_completed", { what: creature }) }));
}

function showMoves() {
  const list = $("moves");
  list.replaceChildren();
  for (const move of S.moves) {
    const item = el("li", { "data-label": move.label });
    item.append(el("span", { class: "num", text: move.label + "." }), " ",
                el("span", { class: "who", text: move.player }), " ");
    if (move.dice) item.append(el("span", { class: "dice", text: move.dice }), " ");
    item.append(el("span", { class: "mv", text: move.move }));
    for (const creature of move.completed) item.append(el("p", { class: "creature small", text: creature }));
    if (move.points.length) {
      item.append(el("p", { class: "points small", text: move.points.map(([n, v]) => n + " +" + v).join(", ") }));
    }
    if (move.note) item.append(el("p", { class: "muted small", text: move.note }));
    list.append(item);
  }
  $("moves-box").scrollTop = $("moves-box").scrollHeight;
}

function showScores() {
  const section = $("scores");
  section.hidden = S.kind !== "Palagonia";
  if (section.hidden) return;
  const table = $("score-table");
  table.replaceChildren();
  const scores = S.scores;
  const head = el("tr", {}, el("th", { scope: "col", text: w("t_turn") }));
  scores.names.forEach((name, seat) => {
    const th = el("th", { scope: "col", text: scores.labels[seat] });
    th.title = name;
    if (seat === S.seat && !S.over) th.className = "to-play";
    head.append(th);
  });
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const row of scores.rows) {
    const tr = el("tr", { "data-label": row.label }, el("th", { scope: "row", text: row.label }));
    row.points.forEach((points, seat) => {
      const td = el("td", {});
      if (points !== null) {
        const gained = el("span", { class: "gained" + (row.shared[seat] ? " shared" : ""), text: "+" + points });
        if (row.shared[seat]) gained.title = w("t_shared_points");
        td.append(gained, " ");
      }
      td.append(el("span", { class: "total", text: String(row.totals[seat]) }));
      tr.append(td);
    });
    if (row.creatures.length) tr.title = row.creatures.join("; ");
    body.append(tr);
  }
  table.append(body);
  const foot = el("tr", { class: "totals" }, el("th", { scope: "row", text: w("t_total") }));
  for (const total of scores.totals) foot.append(el("td", { text: String(total) }));
  table.append(el("tfoot", {}, foot));
}

function faceButton(face, selected, onClick, disabled) {
  const button = el("button", { type: "button", class: "face" + (selected ? " selected" : ""), text: FACE_WORDS[face] });
  button.setAttribute("data-face", face);
  button.setAttribute("aria-pressed", selected ? "true" : "false");
  button.disabled = !!disabled;
  button.addEventListener("click", onClick);
  return button;
}

function showRolloff() {
  const box = $("rolloff");
  box.hidden = !(S.kind === "Palagonia" && S.phase === "rolloff");
  if (box.hidden) return;
  const rows = $("rolloff-rows");
  rows.replaceChildren();
  for (const seat of S.rolloff.contenders) {
    const row = el("div", { class: "die-row", "data-seat": String(seat) },
                   el("span", { class: "die-name", text: S.players[seat].name }));
    const faces = el("span", { class: "faces" });
    for (const face of FACES) {
      faces.append(faceButton(face, rollFaces[seat] === face, () => { rollFaces[seat] = face; update(); }));
    }
    row.append(faces);
    rows.append(row);
  }
  $("rolloff-send").disabled = S.rolloff.contenders.some((seat) => !rollFaces[seat]);
}

function showDice() {
  // The dice of a turn: the player's, or those rolled for a computer seat (then no "Use": the
  // computer chooses; the page may roll them instead).
  const box = $("dice");
  box.hidden = !(S.kind === "Palagonia" && S.phase === "turn" && (!S.computer_to_move || S.computer_roll));
  if (box.hidden) return;
  for (const row of box.querySelectorAll(".die-row")) {
    const index = Number(row.dataset.die);
    const faces = row.querySelector(".faces");
    faces.replaceChildren();
    for (const face of FACES) {
      faces.append(faceButton(face, dice[index] === face, () => {
        dice[index] = face; chosen = null; pick = null; turnTo = null; pending = [];
        if (S.computer_roll) { say(""); update(); return; }
        if (dice[0] && dice[1] && dice[0] === dice[1] || dice[0] && dice[1] && usable().length === 1) {
          const only = usable();
          if (only.length === 1) chosen = only[0];
        }
        say("");
        update();
      }));
    }
  }
  const choose = $("choose");
  choose.replaceChildren();
  if (S.computer_roll) {
    const roll = el("button", { type: "button", id: "page-roll", text: w("t_roll_page") });
    roll.addEventListener("click", pageRoll);
    roll.disabled = busy;
    choose.append(el("p", { class: "muted", text: w("t_roll_for", { who: S.computer_roll_for }) }, roll));
    return;
  }
  if (!(dice[0] && dice[1])) {
    choose.append(el("p", { class: "muted", text: w("t_enter_two_dice") }));
    return;
  }
  const faces = usable();
  if (faces.length) {
    choose.append(el("span", { class: "die-name", text: w("t_use") }));
    for (const face of [...new Set([dice[0], dice[1]])]) {
      const possible = S.possible[face];
      const button = faceButton(face, chosen === face, () => { chosen = face; pending = []; pick = null; turnTo = null; say(""); update(); }, !possible);
      button.classList.add("choice");
      if (!possible) button.title = w("t_die_cannot");
      choose.append(button);
    }
  } else if (S.possible.x) {
    chosen = "forced";
    choose.append(el("p", { class: "note", text: w("t_forced") }));
  } else {
    chosen = "pass";
    choose.append(el("p", { class: "note", text: w("t_must_pass") }));
  }
}

function usable() {
  return [...new Set([dice[0], dice[1]])].filter((face) => face && S.possible[face]);
}

function showButtons() {
  const m = mode();
  $("confirm").disabled = busy || !ready();
  $("confirm").textContent = S.computer_roll ? w("t_enter_dice") : S.phase === "rolloff" ? w("t_confirm") : chosen === "pass" ? w("t_pass_turn") : w("t_confirm");
  $("clear").disabled = busy || !(pending.length || pick || dice[0] || dice[1]);
  $("undo").disabled = busy || !S.can_undo;
  $("undo").textContent = S.undo_label ? w("t_undo_what", { what: S.undo_label }) : w("t_undo_last");
  $("redo").hidden = !S.can_redo;
  $("redo").disabled = busy;
  $("new").hidden = !S.can_new;
  let hint = "";
  if ($("board").classList.contains("keyboard")) {
    // Played from the keyboard (keyboard.js): the same steps in its keys.
    if (m === "place") hint = w("t_keys_place", { n: pending.length, done: placing() });
    else if (m === "removable") hint = w("t_keys_remove");
    else if (m === "inner") hint = pick ? w("t_keys_inner_chosen") : w("t_keys_inner");
  } else if (m === "place") {
    hint = w("t_hint_place", { n: pending.length, done: placing() });
  } else if (m === "removable") hint = w("t_hint_remove");
  else if (m === "inner") hint = pick ? w("t_hint_inner_again") : w("t_hint_inner");
  if (S.thinking) hint = w("t_hint_thinking");
  if (S.computer_roll) hint = w("t_hint_roll", { who: S.computer_roll_for });
  $("hint").textContent = S.over ? "" : hint;
}

function showBoard() {
  const m = mode();
  if (m === "none" || (m === "place" && !pending.length && !S.over && S.kind === "Palago") ||
      (m === "place" && !pending.length && S.phase === "start")) {
    drawBoard(S.board);
    return;
  }
  refreshBoard();
}

function drawBoard(svg) {
  // The board keeps its natural size (a cell is over 40 CSS px across) and scrolls; after each
  // new turn it is scrolled to the last move, otherwise it stays where the player left it.
  const box = $("board");
  const left = box.scrollLeft, top = box.scrollTop;
  box.innerHTML = svg;
  const board = box.querySelector("svg");
  if (!board) return;
  if (focusedVersion !== S.version || pending.length === 1) {
    focusedVersion = S.version;
    const [x, y] = (board.dataset.focus || "0,0").split(",").map(Number);
    const scale = board.getBoundingClientRect().width / Number(board.getAttribute("width"));
    box.scrollLeft = x * scale - box.clientWidth / 2;
    box.scrollTop = y * scale - box.clientHeight / 2;
  } else {
    box.scrollLeft = left;
    box.scrollTop = top;
  }
  drawCursor(); // keyboard.js
}

let boardRequest = 0;
async function refreshBoard() {
  const body = { mode: mode(), pending: tokens(), selected: pick };
  if (mode() === "inner" && pick && turnTo) { body.rotate = pick + turnTo; body.selected = null; }
  const ticket = ++boardRequest;
  const answer = await call("POST", withToken("api/board"), body);
  if (ticket !== boardRequest) return;
  if (answer.ok) drawBoard(answer.data.board);
  else if (answer.status === 0) say(answer.data.error, "bad", refreshBoard);
  else say(answer.data.error, "bad");
}

function update() {
  keepDraft();
  render();
}

// --- Taps and buttons ------------------------------------------------------------------------

function tap(cell, kind) {
  if (busy || !S || S.over || S.thinking) return;
  const m = mode();
  say("");
  if (m === "place") {
    const index = pending.findIndex((t) => t.cell === cell);
    if (index >= 0) {
      const next = ORIENTATIONS.indexOf(pending[index].o) + 1;
      if (next < ORIENTATIONS.length) pending[index].o = ORIENTATIONS[next];
      else pending.splice(index, 1);
    } else if (kind === "target") {
      if (pending.length >= placing()) { say(wn("t_too_many", placing()), "bad"); return; }
      pending.push({ cell, o: "R" });
    } else return;
  } else if (m === "removable") {
    pick = pick === cell ? null : cell;
  } else if (m === "inner") {
    const current = innerOrientation(cell);
    if (!current) return;
    const others = ORIENTATIONS.filter((o) => o !== current);
    if (pick !== cell) { pick = cell; pickFrom = current; turnTo = others[0]; }
    else if (turnTo === others[0]) turnTo = others[1];
    else { pick = null; pickFrom = null; turnTo = null; }
  } else return;
  update();
}

async function send(body, kept) {
  // A change other than a new game gets an id and is kept on this phone (outbox.js) until the
  // server answers; "Try again" sends it again as it was, with its id: the server carries it
  // out once, whether or not it got it the first time (a restart in between too).
  const change = kept || {
    id: body.type === "new" ? null : changeId(),
    body: Object.assign({ version: S.version, instance: S.instance, at: S.at }, body),
    words: changeWords(body),
  };
  if (change.id) { change.body.id = change.id; keepUnsent(change); }
  busy = true;
  showButtons();
  let answer;
  try {
    answer = await call("POST", withToken("api/action"), change.body);
  } finally {
    busy = false;
  }
  if (answer.status === 0) {
    if (change.id) sayUnsent(change, "down");
    else say(answer.data.error, "bad", () => send(body));
    showButtons();
    return false;
  }
  forgetUnsent();
  if (answer.ok) {
    S = answer.data;
    resetTurn();
    say(S.already ? w("t_already", { what: change.words }) : "");
    render();
    return true;
  }
  if (answer.status === 409) {
    await load();
    resetTurn();
    render();
    say(answer.data.error, "bad");
    return false;
  }
  // The rule's name (two-tiles) is English: the English page shows it after the rules' message.
  say(answer.data.error + (answer.data.rule && LANG === "EN" ? " (" + answer.data.rule + ")" : ""), "bad");
  showButtons();
  return false;
}

function sayUnsent(change, how) {
  // The change is kept on this phone: the page says so, and "Try again" sends it (once).
  const then = { down: w("t_unsent_down"), back: w("t_unsent_back") }[how] || w("t_unsent_again");
  say(w("t_unsent", { what: change.words }) + then, "bad", () => send(null, change));
}

function confirmTurn() {
  if (!ready()) return;
  if (S.computer_roll) return send({ type: "roll", roll: [dice[0], dice[1]] });
  if (S.kind === "Palago") return send({ type: "turn", tiles: tokens() });
  if (S.phase === "start") return send({ type: "start", tiles: tokens() });
  const body = { type: "turn", roll: [dice[0], dice[1]], die: chosen === "forced" || chosen === "pass" ? null : chosen };
  const m = mode();
  if (chosen === "pass") body.pass = true;
  else if (m === "place") body.place = tokens();
  else if (m === "removable") body.remove = pick;
  else if (m === "inner") body.rotate = pick + turnTo;
  return send(body);
}

function pageRoll() {
  // The page's dice for a computer seat: two fair dice from the browser's random numbers.
  const values = new Uint32Array(2);
  crypto.getRandomValues(values);
  dice = [FACES[values[0] % 6], FACES[values[1] % 6]];
  return send({ type: "roll", roll: [dice[0], dice[1]] });
}

function sendRoll() {
  const faces = S.rolloff.contenders.map((seat) => rollFaces[seat]);
  if (faces.some((f) => !f)) return;
  send({ type: "rolloff", faces });
}

// --- Setup ---------------------------------------------------------------------------------

function kindChosen() {
  return document.querySelector("input[name=kind]:checked").value;
}

const SEAT_PLAYERS = [["", w("t_a_person")], ["level2", w("t_computer_shares", { name: "level2" })],
                      ["level1", w("t_computer_player", { name: "level1" })],
                      ["greedy", w("t_computer_player", { name: "greedy" })],
                      ["random", w("t_computer_player", { name: "random" })]];

function nameInput(seat, value, player) {
  const kind = kindChosen();
  const label = kind === "Palago" ? w(seat === 0 ? "side_yellow" : "side_blue") : w("seat", { n: seat + 1 });
  const input = el("input", { type: "text", maxLength: 40, autocomplete: "off", value: value || "" });
  input.setAttribute("aria-label", w("t_name_of", { who: label }));
  const item = el("li", {}, el("label", {}, el("span", { class: "role", text: label + " " }), input));
  if (kind === "Palagonia") {
    // Any Palagonia seat may be the computer (its name is then the player's record name).
    const select = el("select", { class: "seat-player" });
    select.setAttribute("aria-label", w("t_played_by", { who: label }));
    for (const [value, words] of SEAT_PLAYERS) select.append(el("option", { value, text: words }));
    select.value = player || "";
    select.addEventListener("change", setupComputer);
    item.append(" ", select);
  }
  return item;
}

function setupNames() {
  const list = $("names");
  const old = [...list.querySelectorAll("input")].map((i) => i.value);
  const players = [...list.querySelectorAll("select.seat-player")].map((s) => s.value);
  const wanted = list.dataset.players ? JSON.parse(list.dataset.players) : null;
  if (wanted) { Object.entries(wanted).forEach(([seat, player]) => { players[Number(seat)] = player; }); list.dataset.players = ""; }
  const kind = kindChosen();
  let count = kind === "Palago" ? 2 : Math.max(3, Math.min(10, old.length || 3));
  if (kind === "Palagonia" && list.dataset.count) count = Number(list.dataset.count);
  list.replaceChildren();
  for (let seat = 0; seat < count; seat++) list.append(nameInput(seat, old[seat], players[seat]));
  list.dataset.count = String(count);
  $("name-buttons").hidden = kind === "Palago";
  for (const node of document.querySelectorAll(".palago-only")) node.hidden = kind !== "Palago";
  setupComputer();
}

function setupComputer() {
  // Against the computer: its colour's name is the engine's at the level chosen (the name the
  // record gives it, and the page everywhere), and the level shows.
  const colour = kindChosen() === "Palago" ? $("computer").value : "";
  $("level-label").hidden = !colour;
  const inputs = [...$("names").querySelectorAll("input")];
  inputs.forEach((input, seat) => {
    const select = input.closest("li").querySelector("select.seat-player");
    const player = select ? select.value : "";
    const its = colour && seat === (colour === "yellow" ? 0 : 1);
    input.disabled = !!(its || player);
    input.placeholder = its ? "palago-tools engine level " + $("level").value : player ? "palago-tools palagonia " + player : "";
    if (its || player) input.value = "";
  });
}

function setupDefaults() {
  // The computer palago serve --engine (or --computer-seats) named, preselected for the next game.
  const seats = S && S.computer_seats_default;
  if (seats && Object.keys(seats).length) {
    document.querySelector("input[name=kind][value=Palagonia]").checked = true;
    const list = $("names");
    list.dataset.count = String(Math.max(3, ...Object.keys(seats).map((s) => Number(s) + 1)));
    list.dataset.players = JSON.stringify(seats);
    return;
  }
  const computer = S && S.computer_default;
  if (!computer) return;
  document.querySelector("input[name=kind][value=Palago]").checked = true;
  $("computer").value = computer.colour;
  $("level").value = String(computer.level);
}

function changePlayers(delta) {
  const list = $("names");
  const count = Math.max(1, Math.min(10, Number(list.dataset.count || 3) + delta));
  list.dataset.count = String(count);
  setupNames();
}

async function startGame(event) {
  event.preventDefault();
  const kind = kindChosen();
  const names = [...$("names").querySelectorAll("input")].map((i) => i.value.trim());
  const body = { type: "new", kind, names, tiles: Number($("supply").value) || 48 };
  if (kind === "Palago") { body.variant = $("variant").value; body.first = $("first").value; }
  const players = [...$("names").querySelectorAll("select.seat-player")].map((s) => s.value || null);
  if (kind === "Palagonia" && players.some((p) => p)) body.computers = players;
  if (kind === "Palago" && $("computer").value) {
    body.computer = $("computer").value;
    body.level = Number($("level").value);
    names[body.computer === "yellow" ? 0 : 1] = "";
  }
  const ok = await send(body);
  if (!ok) {
    $("setup").hidden = false;
    $("game").hidden = true;
    let box = $("setup-message");
    if (!box) { box = el("p", { class: "message bad", role: "alert" }); box.id = "setup-message"; $("setup-form").append(box); }
    box.textContent = $("message").textContent;
  }
}

// --- Keeping up with other devices ---------------------------------------------------------

async function load() {
  const answer = await call("GET", withToken("api/state"));
  if (!answer.ok) {
    $("loading").textContent = answer.data.error;
    if (answer.status === 0) offline(answer.data.error + w("t_trying_again"));
    return false;
  }
  offline("");
  S = answer.data;
  return true;
}

async function poll() {
  if (busy) return;
  if (!S) { if (await load()) render(); return; }
  const answer = await call("GET", withToken("api/version"));
  if (!answer.ok) {
    if (answer.status === 0) offline(w("t_server_away"));
    return;
  }
  offline("");
  if (answer.data.version !== S.version || answer.data.instance !== S.instance) {
    // The tiles tapped here stay while the game is the one they were tapped on (a restarted
    // server, the computer's word); a change kept unsent stays until it is sent.
    const restarted = answer.data.instance !== S.instance;
    const had = pending.length || dice[0] || dice[1] || pick;
    const at = S.at;
    if (!(await load())) return;
    const same = S.at === at;
    if (!same) resetTurn();
    render();
    if (unsent) sayUnsent(unsent, restarted ? "back" : "");
    else if (restarted) say(w(had && same ? "t_restarted_kept" : "t_restarted_now"), "bad");
    else if (had && !same) say(w("t_changed_elsewhere"), "bad");
  }
}

function askUndo() {
  // The safe answer has the focus: Enter keeps the turn; Escape closes the question too.
  $("undo-question").textContent = w("t_take_back", { what: S.undo_label || w("t_the_last_turn") });
  $("undo-ask").hidden = false;
  $("undo-no").focus();
}

function closeUndo() {
  $("undo-ask").hidden = true;
  $("undo").focus();
}

function chooseLang(code) {
  // This device's language: kept in localStorage and in a cookie (the server reads it when the
  // page is opened again), then the page is loaded again in it.
  try { localStorage.setItem("palago-table:lang", code); } catch (e) { /* storage off */ }
  document.cookie = "palago_lang=" + code + "; path=/; max-age=31536000; SameSite=Strict";
  location.reload();
}

function rememberedLang() {
  // The language chosen on this device before, when the page came in another one (its cookie
  // lost): chosen again, once.
  let code = null;
  try { code = localStorage.getItem("palago-table:lang"); } catch (e) { return; }
  if (!code || code === LANG || !["EN", "RU", "FR", "HU"].includes(code)) return;
  if (document.cookie.includes("palago_lang=" + code)) return;
  chooseLang(code);
}

function toggleTheme() {
  const root = document.documentElement;
  const dark = root.dataset.theme ? root.dataset.theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  root.dataset.theme = dark ? "light" : "dark";
}

document.addEventListener("DOMContentLoaded", async () => {
  rememberedLang();
  $("board").addEventListener("click", (event) => {
    const hit = event.target.closest(".hit");
    if (!hit) return;
    const kind = hit.classList.contains("target") ? "target" : hit.classList.contains("pending") ? "pending" : "pick";
    tap(hit.dataset.cell, kind);
  });
  $("confirm").addEventListener("click", confirmTurn);
  $("clear").addEventListener("click", () => { resetTurn(); say(""); render(); });
  $("undo").addEventListener("click", askUndo);
  $("undo-no").addEventListener("click", closeUndo);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("undo-ask").hidden) { event.preventDefault(); closeUndo(); }
  });
  $("undo-yes").addEventListener("click", () => { $("undo-ask").hidden = true; send({ type: "undo" }); });
  $("redo").addEventListener("click", () => send({ type: "redo" }));
  $("retry").addEventListener("click", () => { const again = retry; say(""); if (again) again(); });

  $("new").addEventListener("click", () => { S.phase = "setup"; S.kind = null; render(); setupDefaults(); setupNames(); });
  $("computer").addEventListener("change", setupComputer);
  $("level").addEventListener("change", setupComputer);
  $("rolloff-send").addEventListener("click", sendRoll);
  $("theme").addEventListener("click", toggleTheme);
  $("lang").addEventListener("change", () => chooseLang($("lang").value));
  for (const radio of document.querySelectorAll("input[name=kind]")) radio.addEventListener("change", () => { $("names").dataset.count = ""; setupNames(); });
  $("add-player").addEventListener("click", () => changePlayers(1));
  $("drop-player").addEventListener("click", () => changePlayers(-1));
  $("setup-form").addEventListener("submit", startGame);
  const loaded = await load();
  if (loaded) setupDefaults();
  setupNames();
  if (loaded) {
    restoreDraft();
    render();
    unsent = readUnsent();
    if (unsent) sayUnsent(unsent, "");
  }
  const again = async () => {
    try { await poll(); } finally { setTimeout(again, S && S.thinking ? THINKING_POLL_MS : POLL_MS); }
  };
  setTimeout(again, POLL_MS);
});
