// The live board: draws a game from its state (GET …/state, then every change over …/events), and
// lets the seated player to decide choose among their legal decisions by clicking the board. The
// server decides everything: the page only shows what it is given and sends what was clicked.

import { State, Choice, Hint, Review } from "./state";
import { drawBoard, Marks } from "./boards";
import { tryLine, branching } from "./branch";

const base = location.pathname.replace(/\/+$/, "");
const app = document.getElementById("app")!;

let state: State | null = null;
let picked: string[] = []; // the marks clicked so far towards a decision
let zoom = ""; // Oolong on a narrow screen: the table shown large
let confirming = false; // the resignation waits for its confirmation
let error = "";
let live = false;
let sending = false; // a branch is being tried
let sentAt = -1; // the ply a decision was sent at, until its answer: that board takes no clicks
let focusMark = ""; // the mark that had the focus, kept across redraws
let firstShown = false;
let boardKey = ""; // what the board drawn shows, to keep it when that is unchanged
let hint: { ply: number; marks: string[]; said: string } | null = null; // the coach's suggestion, at the ply it was asked
let thinking = false; // a hint is being searched
let review: Review | null = null; // the coach's review of the finished game
let reviewing = false; // it is being made
let focusReview = false; // the review came: the focus goes to it

// el makes an element with attributes and children.
function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

// The parts of the page that stay: the live region is never redrawn, so screen readers hear it.
const header = el("header");
const status = el("div", { class: "status" });
const announce = el("div", { class: "announce", "aria-live": "polite", role: "status" });
const alert = el("div", { class: "alert", role: "alert" });
const boardBox = el("main", { class: "board-box" });
const controls = el("div", { class: "controls" });
const plies = el("section", { class: "plies" });
const reviewBox = el("section", { class: "review" });
app.append(header, status, boardBox, alert, controls, announce, plies, reviewBox);

// candidates are the choices that begin with what was picked.
function candidates(): Choice[] {
  if (!state) return [];
  return (state.choices || []).filter((c) => picked.every((m, i) => c.path[i] === m));
}

// nextMarks are the marks that carry a pick on, each to the choices it leads to.
function nextMarks(): Map<string, Choice[]> {
  const out = new Map<string, Choice[]>();
  for (const c of candidates()) {
    const m = c.path[picked.length];
    if (m === undefined) continue;
    out.set(m, [...(out.get(m) || []), c]);
  }
  return out;
}

// pick takes a click on a mark: a decision complete is sent, else the pick goes on.
function pick(mark: string) {
  // Clicks wait for the answer only while the board is the one the decision was sent from: once
  // the stream has drawn what followed, the next decision may be picked at once.
  if (sending || (state && state.ply === sentAt)) return;
  focusMark = mark;
  if (picked.length > 0 && picked[picked.length - 1] === mark) {
    picked = picked.slice(0, -1); // a second click undoes
    zoom = "";
    render();
    return;
  }
  const next = nextMarks();
  if (!next.has(mark)) {
    // A fresh start from another piece.
    const saved = picked;
    picked = [];
    if (!nextMarks().has(mark)) {
      picked = saved;
      return;
    }
  }
  picked = [...picked, mark];
  zoom = ""; // the next mark may be on another table
  const done = candidates().filter((c) => c.path.length === picked.length);
  if (done.length === 1 && nextMarks().size === 0) {
    send("decide", done[0].play);
    return;
  }
  render();
}

async function send(verb: string, play = "") {
  if (!state) return;
  if (verb === "decide" && branching(state)) return branch(play);
  const at = state.ply;
  sentAt = at;
  error = "";
  try {
    const res = await fetch(base + "/" + verb, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ ply: at, play }),
    });
    const answer = await res.json().catch(() => ({}));
    if (state.ply === at) {
      // What was picked on a newer board stays.
      picked = [];
      confirming = false;
    }
    if (answer.state) {
      show(answer.state);
    } else {
      error = answer.error || (state.words.offline ?? "");
      await refresh();
    }
  } catch {
    error = state.words.offline;
  } finally {
    if (sentAt === at) sentAt = -1;
    render();
  }
}

// branch carries the line shown on a finished game's board on by play.
async function branch(play: string) {
  const st = state!;
  sending = true;
  error = "";
  try {
    const answer = await tryLine(base, st.at!, [...(st.branch?.plays || []), play]);
    picked = [];
    if (answer.state) show(answer.state);
    else error = answer.error || st.words.offline;
  } catch {
    error = st.words.offline;
  } finally {
    sending = false;
    render();
  }
}

async function refresh() {
  try {
    const res = await fetch(base + "/state", { credentials: "same-origin" });
    if (res.ok) show(await res.json());
  } catch {
    /* the stream says when it is back */
  }
}

// show takes a new state: what changed is announced, a pick on an old position is dropped.
let shown = "";

function show(next: State) {
  // The stream's first state is the one the page fetched: nothing to draw again.
  const json = JSON.stringify(next);
  if (json === shown) return;
  shown = json;
  const before = state;
  // An answer may come after the stream has shown what followed it (the bot's reply): the newer stays.
  if (before && before.game === next.game && next.ply < before.ply) return;
  state = next;
  if (before && before.over && next.over && (before.at !== next.at || JSON.stringify(before.branch) !== JSON.stringify(next.branch))) {
    picked = [];
    announce.textContent = [next.shown, next.last?.said, ...(next.branch?.said || [])].filter(Boolean).join(" ");
  } else if (!before || before.ply !== next.ply || before.over !== next.over) {
    picked = [];
    if (hint && hint.ply !== next.ply) hint = null;
    zoom = "";
    confirming = false;
    if (before) {
      const said = [next.last?.said, ...(next.over ? next.status : [])].filter(Boolean).join(" ");
      let turn = "";
      if (!next.over && next.you >= 0) turn = next.toMove === next.you ? next.words["your-turn"] : "";
      announce.textContent = [said, turn].filter(Boolean).join(" ");
    }
  }
  render();
}

// The event stream: EventSource reconnects by itself; after a refusal (a restart mid-way) it is
// opened again.
function connect() {
  const es = new EventSource(base + "/events");
  es.addEventListener("state", (e) => {
    const was = live;
    live = true;
    error = "";
    show(JSON.parse((e as MessageEvent).data));
    if (!was) render(); // the same state as fetched draws nothing new, but the page is live now
  });
  es.onerror = () => {
    live = false;
    render();
    if (es.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
  };
}

function render() {
  if (!state) return;
  const st = state;
  const w = st.words;
  // Tests (and styles) read where the game is from the body.
  document.body.dataset.ply = String(st.ply);
  document.body.dataset.over = String(st.over);
  document.body.dataset.at = String(st.at ?? st.ply);
  app.className = "kind-" + st.kind;
  document.title = st.title + " · " + st.players[0].name + " / " + st.players[1].name;
  header.replaceChildren(
    el("h1", {}, st.title),
    el("ul", { class: "players" }, ...st.players.map((p, i) =>
      el("li", { class: "player seat" + i + (st.toMove === i ? " to-move" : "") }, el("span", { class: "chip", "aria-hidden": "true" }), p.name +
        (st.you === i ? " · " + w["you-play"] : ""))))
  );
  const lines = [...st.status];
  if (st.branch) lines.push(...st.branch.said);
  else if (branching(st) && (st.choices || []).length > 0) lines.push(w["branch-hint"]);
  const hinted = hint && hint.ply === st.ply && st.at === undefined ? hint : null;
  if (hinted) lines.push(hinted.said);
  if (st.you < 0) lines.push(w.watching);
  else if (!st.over) lines.push(st.toMove === st.you ? w["your-turn"] : w["their-turn"]);
  lines.push(live ? w.connected : w.reconnecting);
  status.replaceChildren(...lines.map((l) => el("p", {}, l)));
  alert.textContent = error;

  const next = nextMarks();
  const marks: Marks = {
    next: new Set(next.keys()),
    picked: new Set(picked),
    last: new Set(st.last?.marks || []),
    hint: new Set(hinted?.marks || []),
    zoom,
    pick: (m) => pick(m),
    setZoom: (t) => { zoom = t; focusMark = ""; render(); },
  };
  // A board that would be drawn the same is kept: a new state that changes only the words around
  // it (a status, a clock) must not replace the cell under a press, which would lose the click.
  const key = JSON.stringify([st.kind, st.board, st.players, st.words, [...marks.next], picked, [...marks.last], [...marks.hint], zoom]);
  if (key !== boardKey || !boardBox.firstElementChild) {
    boardKey = key;
    const board = drawBoard(st, marks);
    boardBox.replaceChildren(board);
    if (!firstShown) {
      // The benchmark of the first render reads when the first board was painted.
      firstShown = true;
      requestAnimationFrame(() => performance.mark("board-shown"));
    }
    board.addEventListener("keydown", arrows);
    if (focusMark) {
      const f = board.querySelector<HTMLElement>(`[data-mark="${CSS.escape(focusMark)}"]`);
      f?.focus();
    }
  }

  // Buttons: the choices that are not on the board (Oolong's rotate, skip), resignation, offers.
  const buttons: HTMLElement[] = [];
  for (const [m, cs] of next) {
    if (m.startsWith("!")) {
      const b = el("button", { type: "button", class: "choice" + (hinted?.marks.includes(m) ? " hinted" : "") }, m.slice(1));
      b.onclick = () => send("decide", cs[0].play);
      buttons.push(b);
    }
  }
  if (st.branch) {
    const b = el("button", { type: "button", "data-step": "back-to-game" }, w["branch-back"]);
    b.onclick = () => step(st.at!);
    buttons.push(b);
  }
  if (picked.length > 0) {
    const b = el("button", { type: "button" }, w.cancel);
    b.onclick = () => { picked = []; render(); };
    buttons.push(b);
  }
  if (st.may.hint && st.at === undefined) {
    const b = el("button", { type: "button", "data-coach": "hint" }, thinking ? w["hint-thinking"] : st.may.hintSaid || "");
    // Disabled while hard searches, but still focused: a keyboard's place is kept.
    if (thinking) b.setAttribute("aria-disabled", "true");
    b.onclick = askHint;
    buttons.push(b);
  }
  if (st.may.review && !review) {
    const b = el("button", { type: "button", "data-coach": "review" }, reviewing ? w["review-working"] : w.review);
    if (reviewing) b.setAttribute("aria-disabled", "true");
    b.onclick = askReview;
    buttons.push(b);
  }
  if (st.may.offer || st.may.accept) {
    const kind = st.kind === "ouri" ? "end" : "draw";
    const b = el("button", { type: "button" }, st.may.accept ? w["accept-" + kind] : w["offer-" + kind]);
    b.onclick = () => send("offer");
    buttons.push(b);
  }
  if (st.may.resign) {
    if (confirming) {
      buttons.push(el("span", { class: "confirm" }, w["resign-confirm"]));
      const yes = el("button", { type: "button", class: "danger" }, w.resign);
      yes.onclick = () => send("resign");
      const no = el("button", { type: "button" }, w.cancel);
      no.onclick = () => { confirming = false; render(); };
      buttons.push(yes, no);
    } else {
      const b = el("button", { type: "button", class: "danger" }, w.resign);
      b.onclick = () => { confirming = true; render(); };
      buttons.push(b);
    }
  }
  // The coach's buttons keep the focus across redraws (the page draws its controls anew).
  const coachFocus = (document.activeElement as HTMLElement | null)?.dataset?.coach;
  controls.replaceChildren(...buttons);
  if (coachFocus) controls.querySelector<HTMLElement>(`[data-coach="${coachFocus}"]`)?.focus();
  if (st.plies && st.plies.length > 0) {
    const marked = new Map((review?.decisions || []).map((d) => [d.ply, d]));
    plies.replaceChildren(el("h2", {}, w.moves), stepper(st), el("ol", {}, ...st.plies.map((p, i) => {
      const d = marked.get(i + 1);
      const b = el("button", { type: "button", class: "ply" }, p.replace(/^\d+\.\s*/, "") + (d ? " " + d.mark : ""));
      if ((st.at ?? st.ply) === i + 1) b.setAttribute("aria-current", "step");
      b.onclick = () => step(i + 1);
      const li = el("li", {}, b);
      if (d) {
        li.dataset.mark = d.mark;
        li.append(el("span", { class: "better" }, w["review-better"] + " " + d.better));
      }
      return li;
    })));
  } else {
    plies.replaceChildren();
  }
  reviewBox.replaceChildren(...(review && st.over ? [el("h2", { tabindex: "-1" }, review.head),
    el("ul", {}, ...review.decisions.map((d) => el("li", {}, d.said))),
    ...review.accuracy.map((a) => el("p", { class: "accuracy" }, a)),
    el("p", { class: "legend" }, review.legend)] : []));
}

// askHint asks the coach for a hint on the board shown: it searches for a second or more.
async function askHint() {
  const st = state;
  if (!st || thinking) return;
  const at = st.ply;
  thinking = true;
  error = "";
  render();
  try {
    const res = await fetch(base + "/hint", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ ply: at }),
    });
    const answer = await res.json().catch(() => ({}));
    if (res.ok) {
      const h = answer as Hint;
      hint = { ply: at, marks: h.marks, said: h.said };
      if (h.state) show(h.state);
      if (state?.ply === at) announce.textContent = h.said;
    } else {
      error = answer.error || st.words.offline;
    }
  } catch {
    error = st.words.offline;
  } finally {
    thinking = false;
    render();
  }
}

// askReview asks the coach for the finished game's review: hard judges every decision.
async function askReview() {
  const st = state;
  if (!st || reviewing) return;
  reviewing = true;
  error = "";
  render();
  try {
    const res = await fetch(base + "/review", { method: "POST", credentials: "same-origin" });
    const answer = await res.json().catch(() => ({}));
    if (res.ok) {
      review = answer as Review;
      announce.textContent = st.words["review-ready"];
      focusReview = true; // its button is gone: the keyboard goes on from the review
    } else {
      error = answer.error || st.words.offline;
    }
  } catch {
    error = st.words.offline;
  } finally {
    reviewing = false;
    render();
    if (focusReview) reviewBox.querySelector<HTMLElement>("h2")?.focus();
    focusReview = false;
  }
}

// stepper walks a finished game: to the start, back, on, to the end, as its page does.
function stepper(st: State): HTMLElement {
  const at = st.at ?? st.ply;
  const w = st.words;
  const nav = el("div", { class: "controls stepper" });
  const button = (name: string, to: number) => {
    const b = el("button", { type: "button", "data-step": name }, w["step-" + name]);
    if (to < 0 || to > st.ply || to === at) b.disabled = true;
    b.onclick = () => step(to);
    nav.append(b);
  };
  button("first", 0);
  button("back", at - 1);
  button("next", at + 1);
  button("last", st.ply);
  if (st.shown) nav.append(el("span", {}, st.shown));
  return nav;
}

async function step(ply: number) {
  try {
    const res = await fetch(base + "/state?ply=" + ply, { credentials: "same-origin" });
    if (res.ok) show(await res.json());
  } catch {
    error = state?.words.offline ?? "";
    render();
  }
}

// arrows moves the focus across the board's grid: each mark's button knows its row and column.
function arrows(e: KeyboardEvent) {
  const d: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const step = d[e.key];
  const at = (e.target as HTMLElement).closest<HTMLElement>("[data-row]");
  if (!step || !at) return;
  e.preventDefault();
  const grid = e.currentTarget as HTMLElement;
  let r = Number(at.dataset.row), c = Number(at.dataset.col);
  for (let i = 0; i < 20; i++) {
    r += step[0];
    c += step[1];
    const t = grid.querySelector<HTMLElement>(`[data-row="${r}"][data-col="${c}"]`);
    if (t) {
      focusMark = t.dataset.mark || "";
      t.focus();
      return;
    }
  }
}

// The board's layout follows the window's width (Ordo turns, Oolong zooms on a narrow screen).
let resized = 0;
window.addEventListener("resize", () => {
  clearTimeout(resized);
  resized = window.setTimeout(render, 100);
});

refresh().then(connect);
