package table

import (
	"errors"
	"fmt"
	"testing"

	"tabuleiro/store"
)

func TestRefusingWordsEveryStoreErrorOnce(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		code Code
		id   string
		args map[string]any
	}{
		{"a refusal stays itself", refuse(Refused, "refusal.bot-turn"), Refused, "refusal.bot-turn", nil},
		{"a race lost, wrapped on its way", fmt.Errorf("deciding: %w", store.ErrMovedOn), Stale, "error.moved-on", nil},
		{"a game not found", store.ErrNotFound, NotFound, "error.not-found", nil},
		{"a tournament not found says it is a tournament", store.ErrNoTournament, NotFound, "refusal.tournament.gone", nil},
		{"a full tournament says how many it takes", fmt.Errorf("joining: %w", &store.FullError{Max: 8}), Refused,
			"refusal.tournament.full", map[string]any{"Max": 8}},
		{"a round paired first", store.ErrPaired, Stale, "refusal.tournament.started", nil},
		{"a puzzle decision that came second", store.ErrAttemptMoved, Stale, "puzzle.refuse.moved", nil},
		{"no puzzle attempt open", store.ErrNoAttempt, Stale, "puzzle.refuse.none", nil},
		{"a busy player", store.ErrBusy, Refused, "error.busy", nil},
		{"a closed challenge", store.ErrClosed, Stale, "error.closed", nil},
		{"an expired challenge", store.ErrExpired, Stale, "error.expired", nil},
		{"a damaged game names its record", &store.CorruptError{Bucket: "games", Key: "12", Err: errors.New("version 9")},
			Internal, "error.corrupt-game", map[string]any{"Key": "12"}},
		{"a damaged challenge is called a challenge", &store.CorruptError{Bucket: "challenges", Key: "3"},
			Internal, "error.corrupt-challenge", map[string]any{"Key": "3"}},
		{"anything else is our fault", errors.New("disk on fire"), Internal, "error.internal", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Refusing(c.err)
			if r.Code != c.code || r.ID != c.id || fmt.Sprint(r.Args) != fmt.Sprint(c.args) {
				t.Errorf("Refusing(%v) = %s %s, want %s %s %v", c.err, r.Code, r.Text, c.code, c.id, c.args)
			}
		})
	}
}
