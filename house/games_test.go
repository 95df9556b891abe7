package house

import (
	"context"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/ai/puzzle"
	"tabuleiro/games/catalog"
	"tabuleiro/learn"
	"tabuleiro/render"
	"tabuleiro/render/describe"
	"tabuleiro/render/picture"
	"tabuleiro/say"
)

// TestEveryGameHasEveryCapability walks catalog.All(), the one list of games, and plays and draws
// each game's start, and finds its puzzles and their truth: a capability missing for any game
// fails here.
func TestEveryGameHasEveryCapability(t *testing.T) {
	p := ai.New(ai.Config{MaxSearches: 1, EndgameSeeds: 4})
	en := say.For(say.English)
	for _, d := range catalog.All() {
		t.Run(d.Title, func(t *testing.T) {
			if d.New == nil || d.Rated == nil {
				t.Fatalf("the descriptor lacks how to start a game (New) or its rating policy (Rated)")
			}
			g, err := d.New(nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			d.Rated(g.Options()) // answers for any options, the game's own included

			if !ai.Plays(d) {
				t.Errorf("ai has no engine for %s (register one in ai/%s.go)", d.Title, d.Kind)
			}
			ctx := context.Background()
			for _, level := range ai.Levels {
				m, err := p.Choose(ctx, g, ai.Settings{Level: level, MoveTime: 5 * time.Millisecond, Seed: 1})
				if err == nil {
					err = g.Clone().Play(m)
				}
				if err != nil {
					t.Errorf("the bot cannot play %s at %s: %v", d.Title, level, err)
				}
			}
			if v, err := p.Assess(ctx, g, ai.Budget{Depth: 1}, 1); err != nil || v.Win < 0 || v.Win > 100 {
				t.Errorf("the coach cannot judge %s: %+v, %v", d.Title, v, err)
			}

			if !render.Draws(d) {
				t.Errorf("render has no drawing for %s (register one in render/%s.go)", d.Title, d.Kind)
			}
			if n := len(learn.Of(d)); n < 5 {
				t.Errorf("%s has %d lessons, want 5 or more (register them in learn/%s.go)", d.Title, n, d.Kind)
			}

			b := render.BlockOf(g, en)
			if len(b.Lines) == 0 || b.Status.Text.ID == "" || b.Status.Kind != d.Kind {
				t.Errorf("%s's start draws no board or no status: %+v", d.Title, b)
			}
			if !picture.Draws(d) {
				t.Errorf("render/picture has no drawing for %s (register one in render/picture/%s.go)", d.Title, d.Kind)
			}
			if !describe.Describes(d) {
				t.Errorf("render/describe cannot tell %s in words (register it in render/describe/%s.go)", d.Title, d.Kind)
			}

			if _, ok := puzzle.TruthOf(d); !ok {
				t.Errorf("no truth judges %s's puzzles (register one in ai/puzzle's truths)", d.Title)
			}
			sets := puzzle.SetsOf(d)
			if len(sets) == 0 {
				t.Errorf("%s ships no puzzle set (add one to ai/puzzle's shipped)", d.Title)
			}
			for _, name := range sets {
				if ps, err := puzzle.Load(name); err != nil || len(ps) == 0 {
					t.Errorf("%s's puzzle set %s is empty (make it with `tabuleiro puzzles --set %s`): %v", d.Title, name, name, err)
				}
			}
		})
	}
}
