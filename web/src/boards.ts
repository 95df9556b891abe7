// The three boards, drawn as grids of buttons with the pictures' coordinates, symbols and colours
// (render/picture): every house, square and seat is a named button; those the player may click next
// are marked, the rest say why they do nothing.

import { State, OuriBoard, OrdoBoard, OolongBoard } from "./state";

export interface Marks {
  next: Set<string>; // the marks that carry the pick on
  picked: Set<string>; // the marks picked so far
  last: Set<string>; // the marks of the last decision
  hint: Set<string>; // the marks of the decision the coach suggests
  zoom: string; // Oolong on a narrow screen: the table shown large
  pick(mark: string): void;
  setZoom(table: string): void;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

// cell is one clickable place of the board: a button at (row, col) of its grid.
function cell(st: State, marks: Marks, mark: string, label: string, row: number, col: number, cls: string, ...inner: (Node | string)[]): HTMLButtonElement {
  const w = st.words;
  const can = marks.next.has(mark);
  const parts = [label];
  if (marks.picked.has(mark)) parts.push(w.chosen);
  if (can) parts.push(w["can-choose"]);
  if (marks.last.has(mark)) parts.push(w.last);
  if (marks.hint.has(mark)) parts.push(w["hint-marked"]);
  const b = el("button", {
    type: "button", class: "cell " + cls + (can ? " can" : "") + (marks.picked.has(mark) ? " picked" : "") + (marks.last.has(mark) ? " last" : "") +
      (marks.hint.has(mark) ? " hinted" : ""),
    "data-mark": mark, "data-row": String(row), "data-col": String(col), "aria-label": parts.join(", "), tabindex: "-1",
  }, ...inner);
  if (!can && !marks.picked.has(mark)) b.setAttribute("aria-disabled", "true");
  b.onclick = () => marks.pick(mark);
  return b;
}

// roving gives the board one tab stop: the first mark to click, else the first cell.
function roving(grid: HTMLElement) {
  const first = grid.querySelector<HTMLElement>(".cell.can") || grid.querySelector<HTMLElement>(".cell");
  first?.setAttribute("tabindex", "0");
}

export function drawBoard(st: State, marks: Marks): HTMLElement {
  let grid: HTMLElement;
  switch (st.kind) {
    case "ouri":
      grid = ouri(st, st.board as OuriBoard, marks);
      break;
    case "ordo":
      grid = ordo(st, st.board as OrdoBoard, marks);
      break;
    default:
      grid = oolong(st, st.board as OolongBoard, marks);
  }
  roving(grid);
  return grid;
}

// Ouri: the stores on top, North's row right to left under F–A, South's left to right above A–F,
// each row behind its badge (South blue, North orange); the house sown last ringed in sky blue.
function ouri(st: State, b: OuriBoard, marks: Marks): HTMLElement {
  const w = st.words;
  const grid = el("div", { class: "board ouri", role: "group", "aria-label": w.board });
  const stores = el("div", { class: "stores" });
  for (const s of [0, 1]) {
    stores.append(el("span", { class: "store seat" + s, "aria-label": st.players[s].colour + " " + w.store + ": " + b.stores[s] },
      el("span", { class: "badge seat" + s, "aria-hidden": "true" }, "SN"[s]), String(b.stores[s])));
  }
  const tags = [b.abapa ? "Abapa" : "", b.misere ? "misère" : ""].filter(Boolean).join(" · ");
  if (tags) stores.append(el("span", { class: "tags" }, tags));
  grid.append(stores);
  const letters = (north: boolean) => el("div", { class: "letters", "aria-hidden": "true" },
    el("span"), ...[0, 1, 2, 3, 4, 5].map((i) => el("span", {}, String.fromCharCode(north ? 70 - i : 65 + i))));
  grid.append(letters(true));
  for (const seat of [1, 0]) {
    const row = el("div", { class: "row" }, el("span", { class: "badge seat" + seat, "aria-hidden": "true" }, "SN"[seat]));
    for (let i = 0; i < 6; i++) {
      const house = seat === 1 ? 5 - i : i;
      const mark = "h" + (seat * 6 + house);
      const n = b.houses[seat * 6 + house];
      const letter = String.fromCharCode(97 + house);
      const c = cell(st, marks, mark, st.players[seat].colour + " " + w.house + " " + letter + ": " + n, seat === 1 ? 0 : 1, i,
        "house" + (n === 0 ? " empty" : "") + (b.sown === mark ? " sown" : ""), el("span", { class: "seeds" }, String(n)));
      row.append(c);
    }
    grid.append(row);
  }
  grid.append(letters(false));
  return grid;
}

// Ordo: files A–J, ranks 8 down to 1, White at the bottom; White's pieces white discs ringed in
// black marked O, Black's black discs marked X; the squares of the last move tinted sky blue.
function ordo(st: State, b: OrdoBoard, marks: Marks): HTMLElement {
  const w = st.words;
  const grid = el("div", { class: "board ordo", role: "group", "aria-label": w.board });
  const counts = el("div", { class: "stores" });
  for (const s of [0, 1]) {
    counts.append(el("span", { class: "store" }, el("span", { class: "piece seat" + s, "aria-hidden": "true" }, "OX"[s]),
      st.players[s].colour + ": " + b.counts[s]));
  }
  grid.append(counts);
  // On a narrow screen ten files of 44-pixel squares do not fit: the board turns a quarter, rank 1
  // on the left and file A on top, and keeps its coordinates.
  const narrow = window.innerWidth < 460;
  if (narrow) grid.classList.add("narrow");
  const squares = el("div", { class: "squares" });
  const moved = new Set(b.moved || []);
  const square = (f: number, r: number, row: number, col: number) => {
    const sq = String.fromCharCode(97 + f) + (r + 1);
    const seat = b.pieces[sq];
    const inner: (Node | string)[] = [];
    if (seat !== undefined) inner.push(el("span", { class: "piece seat" + seat, "aria-hidden": "true" }, "OX"[seat]));
    // The coordinates are drawn by the style sheet from data-coord: a square's name says them, and
    // text inside a button that its name does not hold would mislead a voice user (WCAG 2.5.3).
    if (col === 0) inner.push(el("span", { class: "coord rank", "aria-hidden": "true", "data-coord": narrow ? String.fromCharCode(65 + f) : String(r + 1) }));
    if (narrow ? row === 0 : r === 0) inner.push(el("span", { class: "coord file", "aria-hidden": "true", "data-coord": narrow ? String(r + 1) : String.fromCharCode(65 + f) }));
    const what = seat === undefined ? w.empty : st.players[seat].colour;
    squares.append(cell(st, marks, sq, sq + ": " + what, row, col, "square" + (moved.has(sq) ? " moved" : "") + ((f + r) % 2 ? " light" : " dark"), ...inner));
  };
  if (narrow) {
    for (let f = 0; f < b.files; f++) for (let r = 0; r < b.ranks; r++) square(f, r, f, r);
  } else {
    for (let r = b.ranks - 1; r >= 0; r--) for (let f = 0; f < b.files; f++) square(f, r, b.ranks - 1 - r, f);
  }
  grid.append(squares);
  return grid;
}

// Oolong: nine tables as the compass, each its name, marker and claim over its 3×3 seats: an
// empty ring, a dark disc b, a green disc g; the waiter's seat ringed in orange, its letter upper
// case; a table whose special waits outlined in vermilion. On a narrow screen the seats are too
// small to tap: a table is chosen first and shown large.
function oolong(st: State, b: OolongBoard, marks: Marks): HTMLElement {
  const w = st.words;
  const narrow = window.innerWidth < 520;
  const grid = el("div", { class: "board oolong" + (narrow ? " narrow" : ""), role: "group", "aria-label": w.board });
  const supply = el("div", { class: "stores" });
  for (const s of [0, 1]) {
    supply.append(el("span", { class: "store" }, el("span", { class: "tea seat" + s, "aria-hidden": "true" }, "bg"[s]), st.players[s].colour + ": " + b.supply[s]));
  }
  grid.append(supply);
  const pending = b.pending && b.pending.length > 0 ? b.pending[0].table : "";
  const [wt, ws] = b.waiter.split(".");
  const tables = el("div", { class: "tables" });
  // The tables that hold a mark to click next, by name.
  const wanted = new Set<string>();
  for (const m of marks.next) if (m.includes(".")) wanted.add(m.split(".")[0]);
  const zoom = narrow ? (marks.zoom || (wanted.size === 1 ? [...wanted][0] : "")) : "";
  b.tables.forEach((t, ti) => {
    const claimed = t.claim >= 0 ? " claimed" + t.claim : "";
    const label = [t.name, t.marker ? w.marker + " " + t.marker + (t.used ? "*" : "") : "", t.claim >= 0 ? w.claimed + " " + st.players[t.claim].colour : ""].filter(Boolean).join(", ");
    const head = el("div", { class: "table-head" }, el("span", { class: "name" }, t.name), el("span", { class: "marker" + (t.used ? " used" : "") }, t.marker || ""),
      el("span", { class: "claim" }, t.claim >= 0 ? "=" + "bg"[t.claim] : ""));
    const box = el("div", { class: "table" + claimed + (t.name === pending ? " pending" : "") + (t.name === zoom ? " zoomed" : "") });
    const tmark = "t:" + t.name;
    if (marks.next.has(tmark) || marks.picked.has(tmark)) {
      // A special asks for a table: the whole table is the button.
      box.append(cell(st, marks, tmark, w.table + " " + label, Math.floor(ti / 3), ti % 3, "table-button", head));
    } else if (narrow && !zoom && wanted.has(t.name)) {
      // The hint's seat is on this table: the table is marked until it is shown large.
      const hinted = [...marks.hint].some((m) => m.startsWith(t.name + "."));
      const c = cell(st, { ...marks, next: new Set([tmark]), hint: new Set(hinted ? [tmark] : []) }, tmark, w.table + " " + label, Math.floor(ti / 3), ti % 3, "table-button", head);
      c.onclick = () => marks.setZoom(t.name);
      box.append(c);
    } else {
      box.append(el("div", { class: "table-label", "aria-label": label }, head));
    }
    const seats = el("div", { class: "seats" });
    t.seats.forEach((tea, si) => {
      const mark = t.name + "." + DIRS[si];
      const waiter = t.name === wt && DIRS[si] === ws;
      const letter = waiter ? tea.toUpperCase() : tea;
      const what = (tea === "o" ? w.empty : st.players[tea === "b" ? 0 : 1].colour) + (waiter ? ", " + w.waiter : "");
      const inner = el("span", { class: "tea " + (tea === "b" ? "seat0" : tea === "g" ? "seat1" : "none") + (waiter ? " waiter" : ""), "aria-hidden": "true" }, tea === "o" ? "" : letter);
      const row = Math.floor(ti / 3) * 3 + Math.floor(si / 3), col = (ti % 3) * 3 + (si % 3);
      const small = narrow && t.name !== zoom;
      if (small) {
        seats.append(el("span", { class: "seat-dot" + (b.served === mark ? " served" : "") }, inner));
      } else {
        seats.append(cell(st, marks, mark, w.seat + " " + mark + ": " + what, row, col, "seat" + (b.served === mark ? " served" : ""), inner));
      }
    });
    box.append(seats);
    tables.append(box);
  });
  grid.append(tables);
  return grid;
}

const DIRS = ["nw", "n", "ne", "w", "c", "e", "sw", "s", "se"];
