// The state the server sends (bot/web/state.go): the game as this viewer may see it.

export interface Choice {
  play: string;
  path: string[];
}

export interface Player {
  name: string;
  colour: string;
  bot: boolean;
}

export interface OuriBoard {
  houses: number[];
  stores: number[];
  abapa: boolean;
  misere: boolean;
  sown?: string;
}

export interface OrdoBoard {
  files: number;
  ranks: number;
  pieces: Record<string, number>;
  counts: number[];
  moved?: string[];
}

export interface OolongTable {
  name: string;
  marker?: string;
  used?: boolean;
  claim: number;
  seats: string[];
}

export interface OolongBoard {
  tables: OolongTable[];
  waiter: string;
  pending?: { marker: string; table: string; actor: number }[];
  owner: boolean;
  supply: number[];
  served?: string;
}

export interface State {
  game: number;
  kind: "ouri" | "ordo" | "oolong";
  title: string;
  ply: number;
  over: boolean;
  toMove: number;
  you: number;
  players: Player[];
  status: string[];
  board: OuriBoard | OrdoBoard | OolongBoard;
  choices: Choice[]; // absent (null) unless the viewer is to decide
  last?: { play: string; seat: number; said: string; marks: string[] };
  offer?: { kind: string; by: number };
  // hint: a hint may be asked now (hints of them left, hintSaid the button); review: the game is
  // over, so the coach's review may be asked.
  may: { resign: boolean; offer: boolean; accept: boolean; hint: boolean; hints: number; hintSaid?: string; review: boolean };
  plies?: string[];
  at?: number; // a finished game stepped back: shown after this many decisions
  shown?: string; // that, in words
  branch?: Branch; // a line tried from decision `at` of a finished game (not stored)
  words: Record<string, string>;
}

// Branch is a line tried on a finished game's board: what the server knows of where it leads.
export interface Branch {
  plays: string[];
  win?: number; // hard's chance for the side to move, in percent
  final?: [number, number]; // the endgame database's exact final stores (Ouri, Abapa)
  said: string[]; // all of it in words
}

// Hint is the coach's suggestion to the player to decide (POST …/hint).
export interface Hint {
  move: string;
  marks: string[]; // the marks that make it on the board
  said: string;
  left: number;
  state?: State;
}

// Review is the coach's review of a finished game (POST …/review).
export interface Review {
  head: string;
  decisions: { ply: number; mark: string; played: string; better: string; said: string }[];
  accuracy: string[];
  legend: string;
}
