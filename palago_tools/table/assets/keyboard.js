// Playing the board from the keyboard. The board is one tab stop (role application: a screen
// reader passes the keys on); a cursor, drawn over the board while it has the keyboard's focus,
// moves from cell to cell, and a live line under the board says what is on its cell.
//
// The cells are hexagons with a point at the top, so each has neighbours left and right and two
// above and below. Left and Right (or A and D) go to the cell beside; W and E to the upper left
// and upper right, Z and X to the lower left and lower right (the keys around S); Up and Down
// go up and down the board, the upper or lower cell on the side that keeps to the column.
// Enter or Space does what a tap does (lays a tile, turns a new one R → L → D, takes it back
// after D; chooses a tile to remove or turn); R turns the new tile (or the chosen inner tile)
// without taking it back; Delete or Backspace takes it back; Ctrl+Enter confirms the turn;
// Home goes back to the last move.
"use strict";

const SQRT3 = Math.sqrt(3);
const STEPS = {
  ArrowLeft: [-1, 0], a: [-1, 0], ArrowRight: [1, 0], d: [1, 0],
  w: [0, -1], e: [1, -1], z: [-1, 1], x: [0, 1],
};
const UP = [[0, -1], [1, -1]];
const DOWN = [[-1, 1], [0, 1]];

let cursor = null;   // the cell the keyboard is on, "q,r"
let column = null;   // the page x that Up and Down keep to

function boardSvg() {
  return $("board").querySelector("svg");
}

function geometry() {
  // The board's drawing: the size of a cell, where cell 0,0 lies, and the drawing's extent.
  const svg = boardSvg();
  if (!svg || !svg.dataset.origin) return null;
  const [ox, oy] = svg.dataset.origin.split(",").map(Number);
  return { svg, size: Number(svg.dataset.size), ox, oy,
           width: Number(svg.getAttribute("width")), height: Number(svg.getAttribute("height")) };
}

function parseCell(cell) {
  return cell.split(",").map(Number);
}

function centreOf(g, cell) {
  const [q, r] = parseCell(cell);
  return [g.ox + SQRT3 * (q + r / 2) * g.size, g.oy + 1.5 * r * g.size];
}

function cellAt(g, x, y) {
  // The cell under the drawing's point x, y (axial coordinates rounded as cube coordinates).
  const fq = (SQRT3 / 3 * (x - g.ox) - (y - g.oy) / 3) / g.size;
  const fr = (2 / 3 * (y - g.oy)) / g.size;
  const fs = -fq - fr;
  let q = Math.round(fq), r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq), dr = Math.abs(r - fr), ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return (q + 0) + "," + (r + 0);
}

function onBoard(g, cell) {
  const [x, y] = centreOf(g, cell);
  return x >= 0 && y >= 0 && x <= g.width && y <= g.height;
}

function lastMoveCell(g) {
  const [x, y] = (g.svg.dataset.focus || "0,0").split(",").map(Number);
  return cellAt(g, x, y);
}

function tileOn(g, cell) {
  // The tile drawn on ``cell`` ("q,rR"), or null.
  const tiles = (g.svg.dataset.tiles || "").split(" ");
  return tiles.find((t) => t.slice(0, -1) === cell) || null;
}

function describe(cell) {
  // What the cursor's cell holds and what Enter does there.
  const g = geometry();
  if (!g) return "";
  const mine = pending.find((t) => t.cell === cell);
  if (mine) return w("t_kb_new", { cell, tile: cell + mine.o });
  const hit = g.svg.querySelector(`.hit[data-cell='${cell}']`);
  if (hit && hit.classList.contains("target")) return w("t_kb_target", { cell });
  const tile = tileOn(g, cell);
  if (hit && hit.classList.contains("pick")) {
    const removing = mode() === "removable";
    if (pick === cell && !removing) return w("t_kb_chosen_turn", { cell, tile, tip: turnTo });
    if (pick === cell) return w("t_kb_chosen_remove", { cell, tile });
    return w(removing ? "t_kb_to_remove" : "t_kb_to_turn", { cell, tile });
  }
  return tile ? w("t_kb_tile", { cell, tile }) : w("t_kb_empty", { cell });
}

function drawCursor() {
  // The cursor, over everything on the board, while the board has the keyboard's focus.
  const g = geometry();
  const old = document.getElementById("cursor-mark");
  if (old) old.remove();
  const box = $("board");
  if (!g || !cursor || document.activeElement !== box || !box.classList.contains("keyboard")) return;
  const [cx, cy] = centreOf(g, cursor);
  const corners = [];
  for (let k = 0; k < 6; k++) {
    const angle = Math.PI / 180 * (30 + 60 * k);
    // Round the cell's own edge, so a new tile's highlight stays in sight inside it.
    corners.push((cx + 1.16 * g.size * Math.cos(angle)).toFixed(2) + "," + (cy - 1.16 * g.size * Math.sin(angle)).toFixed(2));
  }
  const ns = "http://www.w3.org/2000/svg";
  const mark = document.createElementNS(ns, "g");
  mark.id = "cursor-mark";
  mark.setAttribute("aria-hidden", "true");
  for (const [cls, width] of [["cursor-out", 6], ["cursor-in", 2.5]]) {
    const hexagon = document.createElementNS(ns, "polygon");
    hexagon.setAttribute("points", corners.join(" "));
    hexagon.setAttribute("class", cls);
    hexagon.setAttribute("stroke-width", String(width));
    mark.append(hexagon);
  }
  g.svg.append(mark);
  // Keep the cursor in sight in the board's box.
  const a = box.getBoundingClientRect(), b = mark.getBoundingClientRect();
  if (b.left < a.left) box.scrollLeft -= a.left - b.left + 8;
  else if (b.right > a.right) box.scrollLeft += b.right - a.right + 8;
  if (b.top < a.top) box.scrollTop -= a.top - b.top + 8;
  else if (b.bottom > a.bottom) box.scrollTop += b.bottom - a.bottom + 8;
}

function announce(text) {
  $("cursor-said").textContent = text;
}

function showCursor() {
  drawCursor();
  if (cursor && $("board").classList.contains("keyboard")) announce(describe(cursor));
}

function moveTo(g, cell) {
  if (!onBoard(g, cell)) { announce(w("t_kb_edge") + describe(cursor)); return; }
  cursor = cell;
  showCursor();
}

function step(g, offsets, vertical) {
  const [q, r] = parseCell(cursor);
  if (!vertical) {
    column = null;
    moveTo(g, (q + offsets[0]) + "," + (r + offsets[1]));
    return;
  }
  if (column === null) column = centreOf(g, cursor)[0];
  // Of the two cells above (or below), the one nearer the column; a tie goes right.
  const options = offsets.map(([dq, dr]) => (q + dq) + "," + (r + dr));
  const distance = (cell) => Math.abs(centreOf(g, cell)[0] - column);
  const best = distance(options[0]) < distance(options[1]) - 0.01 ? options[0] : options[1];
  moveTo(g, best);
}

function act(kind) {
  // Enter, R or Delete on the cursor's cell.
  const g = geometry();
  if (!g || !cursor) return;
  if (!S || S.over || S.thinking) { announce(w(S && S.over ? "t_kb_over" : "t_kb_wait")); return; }
  const hit = g.svg.querySelector(`.hit[data-cell='${cursor}']`);
  const mine = pending.findIndex((t) => t.cell === cursor);
  if (kind === "rotate" && mine >= 0) {
    pending[mine].o = ORIENTATIONS[(ORIENTATIONS.indexOf(pending[mine].o) + 1) % ORIENTATIONS.length];
    say("");
    update();
  } else if (kind === "remove" && mine >= 0) {
    pending.splice(mine, 1);
    say("");
    update();
  } else if (kind === "remove" && pick === cursor) {
    pick = null; pickFrom = null; turnTo = null;
    update();
  } else if (kind === "rotate" && mode() === "inner" && pick === cursor) {
    const others = ORIENTATIONS.filter((o) => o !== pickFrom);
    turnTo = turnTo === others[0] ? others[1] : others[0];
    update();
  } else if (hit && (kind === "tap" || (kind === "rotate" && hit.classList.contains("pick")))) {
    tap(cursor, hit.classList.contains("target") ? "target" : hit.classList.contains("pending") ? "pending" : "pick");
  } else {
    announce(w("t_kb_nothing") + describe(cursor));
    return;
  }
  announce(describe(cursor));
}

function keyboardPlay(on) {
  // Whether the board is played from the keyboard now: the cursor shows, the hint says keys.
  const box = $("board");
  if (box.classList.contains("keyboard") === on) return;
  box.classList.toggle("keyboard", on);
  if (S && S.phase !== "setup") showButtons();
}

function boardKey(event) {
  const box = $("board");
  if (event.target !== box || event.altKey) return;
  const g = geometry();
  if (!g) return;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    if (ready() && !busy) confirmTurn();
    else announce($("hint").textContent || w("t_kb_no_turn"));
    return;
  }
  if (event.ctrlKey || event.metaKey) return;
  keyboardPlay(true);
  if (!cursor || !onBoard(g, cursor)) cursor = lastMoveCell(g);
  if (key in STEPS) step(g, STEPS[key], false);
  else if (key === "ArrowUp") step(g, UP, true);
  else if (key === "ArrowDown") step(g, DOWN, true);
  else if (key === "Home") { cursor = lastMoveCell(g); column = null; showCursor(); }
  else if (key === "Enter" || key === " ") act("tap");
  else if (key === "r") act("rotate");
  else if (key === "Delete" || key === "Backspace") act("remove");
  else return;
  event.preventDefault();
}

document.addEventListener("DOMContentLoaded", () => {
  const box = $("board");
  box.addEventListener("keydown", boardKey);
  box.addEventListener("focus", () => {
    if (box.matches(":focus-visible")) keyboardPlay(true);
    const g = geometry();
    if (g && (!cursor || !onBoard(g, cursor))) cursor = lastMoveCell(g);
    showCursor();
  });
  box.addEventListener("blur", () => { drawCursor(); announce(""); });
  box.addEventListener("pointerdown", () => keyboardPlay(false));
  box.addEventListener("click", (event) => {
    const hit = event.target.closest(".hit");
    if (hit) cursor = hit.dataset.cell;
  });
});
