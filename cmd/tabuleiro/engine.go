package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"time"

	"tabuleiro/ai"
	"tabuleiro/ai/auale"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/render"
	"tabuleiro/say"
)

// request is one line of the engine protocol; each command uses some of the fields.
type request struct {
	Cmd        string            `json:"cmd"`
	Game       string            `json:"game"`
	Options    map[string]string `json:"options"`
	Moves      []string          `json:"moves"`
	Move       string            `json:"move"`
	Depth      *int              `json:"depth"`
	Level      string            `json:"level"`
	MoveTimeMS int               `json:"movetime_ms"`
	Seed       uint64            `json:"seed"`
}

type reply struct {
	OK    bool    `json:"ok"`
	Error string  `json:"error,omitempty"`
	Nodes *uint64 `json:"nodes,omitempty"`
	Move  string  `json:"move,omitempty"`
	Text  string  `json:"text,omitempty"`
}

// stateReply is the protocol's state: every field is always present.
type stateReply struct {
	OK     bool     `json:"ok"`
	ToMove int      `json:"to_move"`
	Legal  []string `json:"legal"`
	Over   bool     `json:"over"`
	Result string   `json:"result"`
	Ply    int      `json:"ply"`
	Stores []int    `json:"stores,omitempty"`
}

// engine serves the JSON-lines protocol until stdin ends; a bad line never stops it. A session
// that opens with "uci" speaks Aualé's dialect instead, until quit or the end of stdin.
func engine(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	// The AI keeps its endgame databases beside the bot's store, so the engine reuses them.
	cfg, err := storeConfig()
	if err != nil {
		fmt.Fprintf(stderr, "tabuleiro engine: %v\n", err)
		return 1
	}
	s := engineSession{player: ai.New(ai.Config{CacheDir: filepath.Dir(cfg.DBPath), EndgameSeeds: cfg.EndgameSeeds})}
	// A first line "uci" asks for Aualé's dialect instead (ai/auale) for the rest of the session.
	var uci *auale.Session
	defer func() {
		if uci != nil {
			uci.Wait() // the end of stdin is no stop: a search asked for still answers
		}
	}()
	for first := true; sc.Scan(); {
		line := sc.Bytes()
		if len(line) == 0 {
			continue
		}
		if first && auale.IsUCI(line) {
			uci = auale.NewSession(s.player, stdout)
		}
		first = false
		if uci != nil {
			if !uci.Handle(ctx, string(line)) {
				return 0
			}
			continue
		}
		if err := enc.Encode(s.handle(ctx, line)); err != nil {
			return 1
		}
	}
	return 0
}

type engineSession struct {
	game   games.Game
	player *ai.Player
}

func fail(format string, a ...any) reply { return reply{Error: fmt.Sprintf(format, a...)} }

func (s *engineSession) handle(ctx context.Context, line []byte) any {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return fail("malformed JSON: %v", err)
	}
	if req.Cmd == "new" {
		g, err := newGameAt(req.Game, games.Options(req.Options), req.Moves)
		if err != nil {
			return fail("%v", err)
		}
		s.game = g
		return state(g)
	}
	if s.game == nil {
		switch req.Cmd {
		case "play", "perft", "go", "render":
			return fail("no game yet: send {\"cmd\":\"new\",\"game\":%q} first", catalog.Names[0])
		}
	}
	switch req.Cmd {
	case "play":
		m, err := s.game.Parse(req.Move)
		if err != nil {
			return fail("illegal move %q: %v", req.Move, err)
		}
		if err := s.game.Play(m); err != nil {
			return fail("illegal move %q: %v", req.Move, err)
		}
		return state(s.game)
	case "perft":
		if req.Depth == nil || *req.Depth < 0 {
			return fail("perft needs \"depth\": a whole number ≥ 0")
		}
		n := s.game.Perft(*req.Depth)
		return reply{OK: true, Nodes: &n}
	case "go":
		level := ai.Hard
		if req.Level != "" {
			l, err := ai.ParseLevel(req.Level)
			if err != nil {
				return fail("%v", err)
			}
			level = l
		}
		budget := ai.DefaultMoveTime
		if req.MoveTimeMS > 0 {
			budget = time.Duration(req.MoveTimeMS) * time.Millisecond
		}
		m, err := s.player.Choose(ctx, s.game, ai.Settings{Level: level, MoveTime: budget, Seed: req.Seed})
		if err != nil {
			return fail("%v", err)
		}
		return reply{OK: true, Move: s.game.Format(m)}
	case "render":
		return reply{OK: true, Text: render.Board(s.game, say.For(say.English))}
	case "":
		return fail("missing \"cmd\": use new, play, perft, go or render")
	}
	return fail("unknown command %q: use new, play, perft, go or render", req.Cmd)
}

// storing is a game whose players keep stores of what they captured (Ouri): its state reply gives them.
type storing interface{ Stores() [2]int }

// state is the protocol's state reply for a game.
func state(g games.Game) stateReply {
	o := g.Outcome()
	legal := games.Names(g, g.Legal())
	sort.Strings(legal)
	if legal == nil {
		legal = []string{}
	}
	r := stateReply{OK: true, Legal: legal, Over: o.Over(), Result: o.Result(), Ply: g.Ply()}
	if !o.Over() {
		r.ToMove = int(g.ToMove())
	}
	if sg, ok := g.(storing); ok {
		st := sg.Stores()
		r.Stores = []int{st[0], st[1]}
	}
	return r
}
