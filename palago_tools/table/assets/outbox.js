// What this phone keeps of the game until the server has it, in the page's localStorage under
// the table's record file: the turn being entered (the tiles tapped, the dice) while the game
// is the one it was entered on (the server's "at"), and a change sent but not yet answered, with
// the id the server knows it by (table.js sends it again with "Try again"). A reload, a lost
// connection or a restarted server loses neither. Storage that is off keeps nothing.
"use strict";

function storeKey(what) {
  return S && S.file ? "palago-table:" + what + ":" + S.file : null;
}

function stored(what) {
  const key = storeKey(what);
  if (!key) return null;
  try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
}

function store(what, value) {
  const key = storeKey(what);
  if (!key) return;
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch (e) { /* storage off or full: nothing is kept */ }
}

function keepDraft() {
  const empty = !pending.length && !dice[0] && !dice[1] && !pick && !Object.keys(rollFaces).length;
  store("draft", empty || !S ? null : { at: S.at, pending, dice, chosen, pick, pickFrom, turnTo, rollFaces });
}

function restoreDraft() {
  // The turn being entered on this phone, when the game is still the one it was entered on.
  const draft = stored("draft");
  if (!draft || draft.at !== S.at || !Array.isArray(draft.pending)) return false;
  pending = draft.pending.filter((t) => t && typeof t.cell === "string" && ORIENTATIONS.includes(t.o));
  dice = Array.isArray(draft.dice) && draft.dice.length === 2 ? draft.dice : [null, null];
  chosen = draft.chosen || null;
  pick = draft.pick || null;
  pickFrom = draft.pickFrom || null;
  turnTo = draft.turnTo || null;
  rollFaces = draft.rollFaces && typeof draft.rollFaces === "object" ? draft.rollFaces : {};
  return true;
}

function changeId() {
  // Random, from crypto.getRandomValues (a phone on the Wi-Fi is no secure context, so
  // crypto.randomUUID may be missing).
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return "c" + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function changeWords(body) {
  // The change in words, for the message while it is not sent.
  if (body.type === "undo") return w("t_change_undo");
  if (body.type === "redo") return w("t_change_redo");
  if (body.type === "rolloff") return w("t_change_rolloff");
  const tiles = body.tiles || body.place || [];
  if (tiles.length) return w("t_change_tiles", { list: tiles.join(" ") });
  if (body.remove) return w("t_change_remove", { cell: body.remove });
  if (body.rotate) return w("t_change_rotate", { cell: body.rotate });
  return w("t_change_turn");
}

function keepUnsent(change) {
  unsent = change;
  store("unsent", change);
}

function readUnsent() {
  const change = stored("unsent");
  return change && typeof change.id === "string" && change.body && typeof change.words === "string" ? change : null;
}

function forgetUnsent() {
  unsent = null;
  store("unsent", null);
}
