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
  may: { resign: boolean; offer: boolean; accept: boolean };
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
