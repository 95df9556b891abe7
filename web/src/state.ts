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
  words: Record<string, string>;
}
