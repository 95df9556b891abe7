package ai

import (
	"context"
	"strings"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// unregistered is a real game under a descriptor no engine is registered for: a game added to the
// catalogue whose engine was forgotten.
type unregistered struct{ games.Game }

var fourth = &games.Descriptor{Kind: "fourth", Title: "Fourth"}

func (unregistered) Descriptor() *games.Descriptor { return fourth }
func (unregistered) Kind() string                  { return fourth.Kind }

func TestAGameWithoutAnEngineIsRefusedByName(t *testing.T) {
	g, err := ordo.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	p := New(Config{MaxSearches: 1})
	tests := []struct {
		name string
		ask  func(games.Game) error
	}{
		{"medium refuses it", func(g games.Game) error {
			_, err := p.Choose(context.Background(), g, Settings{Level: Medium})
			return err
		}},
		{"hard refuses it", func(g games.Game) error {
			_, err := p.Choose(context.Background(), g, Settings{Level: Hard, MoveTime: time.Millisecond})
			return err
		}},
		{"the coach refuses it", func(g games.Game) error {
			_, err := p.Assess(context.Background(), g, Budget{Depth: 1}, 1)
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.ask(g); err != nil {
				t.Fatalf("the registered game is refused: %v", err)
			}
			err := tt.ask(unregistered{g})
			if err == nil || !strings.Contains(err.Error(), "fourth") {
				t.Fatalf("got %v, want a refusal naming the game", err)
			}
		})
	}
	if _, err := p.Choose(context.Background(), unregistered{g}, Settings{Level: Easy}); err != nil {
		t.Errorf("easy needs no engine: %v", err)
	}
	if Plays(fourth) || !Plays(ordo.Descriptor) {
		t.Errorf("Plays: fourth %v, ordo %v", Plays(fourth), Plays(ordo.Descriptor))
	}
}
