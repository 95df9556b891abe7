// The Discord Activity: the live board inside Discord's iframe. Discord's Embedded App SDK
// authorizes the app, the server exchanges the code for an access token (POST /api/token), the SDK
// authenticates with it, and the server says which games of the instance's channel this member
// sees (POST /api/activity), setting a session for each. Then the board's own client
// (board.js, main.ts) takes over at the chosen game's address. The server checks everything
// through Discord's API: this page only passes on what Discord gave it.

import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";

interface Game {
  board: string;
  title: string;
  player: boolean;
}

interface Instance {
  games: Game[];
  choose: string;
  playing: string;
  none: string;
}

const root = document.getElementById("app")!;
const page = document.documentElement.dataset;

// show puts a line of text where the board will be.
function show(text: string, role = "status") {
  const p = document.createElement("p");
  p.className = "status";
  p.setAttribute("role", role);
  p.textContent = text;
  root.replaceChildren(p);
}

// post sends JSON to the server and gives its answer, or throws the refusal it says.
async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(answer.error || page.refused || res.statusText);
  return answer as T;
}

// open hands the page to the board's client at game's address.
function open(board: string) {
  root.replaceChildren();
  history.replaceState(null, "", board);
  const s = document.createElement("script");
  s.src = "/assets/board.js";
  document.body.append(s);
}

// choose lists the channel's games, the member's own first.
function choose(a: Instance) {
  const list = document.createElement("nav");
  list.className = "controls";
  const h = document.createElement("h1");
  h.textContent = a.choose;
  for (const g of [...a.games].sort((x, y) => Number(y.player) - Number(x.player))) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = g.player ? `${g.title} (${a.playing})` : g.title;
    b.addEventListener("click", () => open(g.board));
    list.append(b);
  }
  root.replaceChildren(h, list);
}

async function start() {
  const app = page.app || "";
  // The SDK's own mock stands in for Discord where the server says so (its tests: the server
  // still checks whatever the page sends against Discord's API).
  const sdk = page.mock === "on" ? new DiscordSDKMock(app, null, null, null) : new DiscordSDK(app);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: app,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const { access_token } = await post<{ access_token: string }>("/api/token", { code });
  await sdk.commands.authenticate({ access_token });
  const a = await post<Instance>("/api/activity", { access_token, instance_id: sdk.instanceId });
  if (a.games.length === 0) show(a.none);
  else if (a.games.length === 1) open(a.games[0].board);
  else choose(a);
}

start().catch((e: Error) => show(e.message || page.refused || "", "alert"));
