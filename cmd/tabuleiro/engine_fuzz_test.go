package main

import (
	"bytes"
	"context"
	"encoding/json"
	"sort"
	"strings"
	"testing"
	"time"

	"tabuleiro/ai"
)

// fuzzAI keeps the Ouri endgame databases small, as the other tests do.
var fuzzAI = ai.New(ai.Config{EndgameSeeds: 8})

// FuzzEngine: any sequence of lines gets one JSON reply per line, never a panic; a refusal says
// why, and a state lists its legal moves in byte order, none once the game is over.
func FuzzEngine(f *testing.F) {
	for _, s := range []string{
		`{"cmd":"new","game":"ouri","options":{"rules":"abapa"},"moves":["d","c"]}` + "\n" + `{"cmd":"play","move":"e"}` + "\n" + `{"cmd":"render"}`,
		`{"cmd":"new","game":"ordo"}` + "\n" + `{"cmd":"perft","depth":1}` + "\n" + `{"cmd":"play","move":"a2-a3"}`,
		`{"cmd":"new","game":"oolong"}` + "\n" + `{"cmd":"go","level":"easy"}` + "\n" + `{"cmd":"render"}`,
		`{"cmd":"play","move":"a"}` + "\n" + `not json` + "\n" + `{"cmd":"fly"}` + "\n" + `{}`,
		`{"cmd":"new","game":"ouri","moves":["a","a"]}` + "\n" + `{"cmd":"perft","depth":-1}` + "\n" + `{"cmd":"go","level":"nope"}`,
		`{"cmd":"new","game":"ordo","options":{"rules":"x"}}` + "\n" + `{"cmd":"new","game":"chess"}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		s := engineSession{player: fuzzAI}
		for _, line := range strings.Split(input, "\n") {
			if line == "" {
				continue
			}
			var req request
			if json.Unmarshal([]byte(line), &req) == nil {
				// The costs the protocol leaves to its caller: a deep perft, a long think.
				if req.Cmd == "perft" && req.Depth != nil && *req.Depth > 2 || req.Cmd == "go" && hardLevel(req.Level) {
					continue
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			r := s.handle(ctx, []byte(line))
			cancel()
			var buf bytes.Buffer
			if err := json.NewEncoder(&buf).Encode(r); err != nil {
				t.Fatalf("%q: reply does not encode: %v", line, err)
			}
			switch r := r.(type) {
			case reply:
				if !r.OK && r.Error == "" {
					t.Fatalf("%q: refused without a reason", line)
				}
			case stateReply:
				if !sort.StringsAreSorted(r.Legal) || r.Legal == nil {
					t.Fatalf("%q: legal moves %v not in byte order", line, r.Legal)
				}
				if r.Over != (len(r.Legal) == 0) {
					t.Fatalf("%q: over=%v with %d legal moves", line, r.Over, len(r.Legal))
				}
			default:
				t.Fatalf("%q: reply of type %T", line, r)
			}
		}
	})
}

func hardLevel(s string) bool {
	l, err := ai.ParseLevel(s)
	return s == "" || err == nil && l == ai.Hard
}
