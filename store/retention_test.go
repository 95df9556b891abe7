package store

import (
	"errors"
	"slices"
	"testing"
	"time"

	"tabuleiro/games"
)

func TestDeleteFinishedRemovesOnlyOldFinishedGames(t *testing.T) {
	defer func(scan, batch int) { retentionScan, retentionBatch = scan, batch }(retentionScan, retentionBatch)
	retentionScan, retentionBatch = 7, 3 // several batches
	s, c, _ := openTest(t)
	resign := func(rec *Game, g games.Game) error { return g.End(games.Resignation, 0) }
	var old, recent, active []uint64
	for i := range 10 {
		g := newGame(t, s, "c1", "ouri", person("p"+itoa(uint64(i))), person("q"))
		if _, _, err := s.Update(g.ID, 0, resign); err != nil {
			t.Fatal(err)
		}
		old = append(old, g.ID)
	}
	c.Add(48 * time.Hour)
	cutoff := c.Now()
	for i := range 4 {
		g := newGame(t, s, "c1", "ouri", person("r"+itoa(uint64(i))), person("q"))
		c.Add(time.Minute)
		if _, _, err := s.Update(g.ID, 0, resign); err != nil {
			t.Fatal(err)
		}
		recent = append(recent, g.ID)
	}
	for i := range 3 {
		active = append(active, newGame(t, s, "c1", "ouri", person("a"+itoa(uint64(i))), bot("easy")).ID)
	}
	n, err := s.DeleteFinished(cutoff)
	if err != nil || n != len(old) {
		t.Fatalf("DeleteFinished: %d %v, want %d", n, err, len(old))
	}
	for _, id := range old {
		if _, _, err := s.Game(id); !errors.Is(err, ErrNotFound) {
			t.Fatalf("old game %d: %v, want ErrNotFound", id, err)
		}
	}
	for _, id := range slices.Concat(recent, active) {
		if _, _, err := s.Game(id); err != nil {
			t.Fatalf("game %d: %v", id, err)
		}
	}
	if got := mustGames(t)(s.FinishedGames("g1", "q", 0)); len(got) != len(recent) {
		t.Fatalf("q's finished games: %v, want the %d recent ones", got, len(recent))
	}
	if n, err := s.DeleteFinished(cutoff); n != 0 || err != nil {
		t.Fatalf("deleting again: %d %v", n, err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}
