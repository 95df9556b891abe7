// Branches: on a finished game's board, stepped to any decision, a viewer tries another line by
// choosing on the board. Each choice is sent with the whole line from that decision; the server
// plays it (storing nothing) and answers the position, its choices and what hard and the endgame
// database say of it.

import { State } from "./state";

// tryLine asks for the position after plays from decision at of the finished game at base: the
// new state, or the error to show.
export async function tryLine(base: string, at: number, plays: string[]): Promise<{ state?: State; error?: string }> {
  const res = await fetch(base + "/branch", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ ply: at, plays }),
  });
  const answer = await res.json().catch(() => ({}));
  if (res.ok) return { state: answer as State };
  return { error: answer.error || "" };
}

// branching says whether a choice on st's board tries a line rather than decides.
export function branching(st: State): boolean {
  return st.over && st.at !== undefined;
}
