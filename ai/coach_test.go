package ai

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
	"tabuleiro/games/ouri"
)

// blunderGame is an Ouri game whose eleventh decision, South's d, leaves six seeds to North's f
// (c was better): hard's own first ten decisions, then the blunder and the capture.
var blunderGame = []string{"e", "c", "c", "f", "b", "d", "f", "f", "a", "e", "d", "f"}

func play(t *testing.T, g games.Game, moves []string) []games.Move {
	t.Helper()
	var log []games.Move
	for _, s := range moves {
		m, err := g.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		log = append(log, m)
	}
	return log
}

func TestReviewFindsTheBlunder(t *testing.T) {
	p := New(Config{EndgameSeeds: testSeeds})
	start, err := ouri.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	log := play(t, start.Clone(), blunderGame)
	r, err := p.ReviewGame(context.Background(), start, log, Budget{Depth: 8}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Decisions) != len(log) {
		t.Fatalf("%d decisions judged, want %d", len(r.Decisions), len(log))
	}
	for _, d := range r.Decisions {
		want := Good
		if d.Ply == 11 {
			want = Blunder
			if got := start.Format(d.Best); got != "c" {
				t.Errorf("the better decision at ply 11 is %s, want c", got)
			}
		}
		if d.Grade != want {
			t.Errorf("ply %d (%s): graded %q after losing %.1f points, want %q", d.Ply, start.Format(d.Played), d.Grade.Mark(), d.Loss, want.Mark())
		}
		if d.Loss < 0 || d.After > d.Before+1e-9 && d.Loss != 0 {
			t.Errorf("ply %d: loss %.1f from %.1f to %.1f", d.Ply, d.Loss, d.Before, d.After)
		}
	}
	if r.Accuracy[0] >= r.Accuracy[1] || r.Accuracy[0] > 90 {
		t.Errorf("accuracy South %.1f, North %.1f: South blundered", r.Accuracy[0], r.Accuracy[1])
	}
}

func TestReviewGradesByTheLossOfWinChance(t *testing.T) {
	for _, c := range []struct {
		name string
		loss float64
		want Grade
	}{
		{"the best decision is good", 0, Good},
		{"a loss under ten points is good", 9.9, Good},
		{"ten points is an inaccuracy", 10, Inaccuracy},
		{"twenty points is a mistake", 20, Mistake},
		{"thirty points is a blunder", 30, Blunder},
		{"a lost win is a blunder", 100, Blunder},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := GradeOf(c.loss); got != c.want {
				t.Errorf("GradeOf(%v) = %q, want %q", c.loss, got.Mark(), c.want.Mark())
			}
		})
	}
	for _, c := range []struct{ loss, want float64 }{{0, 100}, {10, 63.6}, {20, 40.0}, {30, 24.8}, {100, 0}} {
		if got := Accuracy(c.loss); math.Abs(got-c.want) > 0.1 {
			t.Errorf("Accuracy(%v) = %.2f, want %.1f", c.loss, got, c.want)
		}
	}
}

func TestAssessEstimatesAnOpenGameAndRefusesAFinishedOne(t *testing.T) {
	g, err := ordo.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	p := New(Config{EndgameSeeds: testSeeds})
	v, err := p.Assess(context.Background(), g, Budget{Depth: 3}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if v.Win <= 0 || v.Win >= 100 || v.Proven {
		t.Errorf("the start is worth %.1f (proven %v), want an open estimate", v.Win, v.Proven)
	}
	if err := g.End(games.Resignation, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Assess(context.Background(), g, Budget{Depth: 3}, 1); !errors.Is(err, ErrGameOver) {
		t.Errorf("a finished game: %v, want ErrGameOver", err)
	}
}

func TestCoachNeverTakesTheBotsLastTurn(t *testing.T) {
	p := New(Config{EndgameSeeds: testSeeds, MaxSearches: 2})
	g := midgame(t)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	done := make(chan error, 2)
	for range 2 {
		go func() {
			_, err := p.Assess(ctx, g.Clone(), Budget{Time: time.Hour}, 1)
			done <- err
		}()
	}
	// One review searches; the other waits for the coach's only turn.
	for p.Searching() != 1 || waiting(p.coach) != 1 {
		time.Sleep(time.Millisecond)
	}
	// Were both turns the coach's, the bot's move would wait for as long as they search.
	bot, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	m, err := p.Choose(bot, g.Clone(), Settings{Level: Hard, MoveTime: 10 * time.Millisecond})
	if err != nil {
		t.Fatalf("the bot's move: %v", err)
	}
	if err := g.Clone().Play(m); err != nil {
		t.Fatalf("the bot's move %v: %v", m, err)
	}
	stop()
	for range 2 {
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("a cancelled assessment returned %v", err)
		}
	}
}

func waiting(q *queue) int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.waiting)
}
