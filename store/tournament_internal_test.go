package store

import (
	"math"
	"testing"
	"time"

	"tabuleiro/tournament"
)

// A tournament stored by the first version (before Ended, Boards and Claimed) reads as one whose
// rounds were shown, ended at the zero time, and writes back as the current version.
func TestAVersionOneTournamentIsRead(t *testing.T) {
	created := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	w := writer{}
	w.b = append(w.b, 1)
	for _, s := range []string{"g", "c", "", "ordo", "", "ana", "m1"} {
		w.str(s)
	}
	w.uint(uint64(tournament.SwissFormat))
	w.uint(2)
	w.int(int64(time.Hour))
	w.bool(true)
	w.uint(uint64(TournamentFinished))
	w.time(created)
	w.uint(7)
	w.uint(2)
	for _, u := range []string{"ana", "bia"} {
		w.str(u)
		w.uint(math.Float64bits(1500))
		w.bool(false)
	}
	w.uint(1)
	w.bool(false)
	w.time(created)
	w.time(created.Add(time.Hour))
	w.str("r1")
	w.uint(1)
	w.str("ana")
	w.str("bia")
	w.uint(uint64(tournament.FirstWins))
	w.uint(3)
	w.bool(false)

	tr, err := decodeTournament(4, w.b)
	if err != nil {
		t.Fatal(err)
	}
	r := tr.Current()
	switch {
	case tr.State != TournamentFinished || tr.Revision != 7 || len(tr.Players) != 2 || !tr.Ended.IsZero():
		t.Fatalf("read %+v", tr)
	case r == nil || r.MessageID != "r1" || !r.Boards || !r.Claimed.IsZero() || !r.Shown() || r.Pairings[0].Game != 3:
		t.Fatalf("its round read %+v", r)
	}
	again, err := decodeTournament(4, encodeTournament(tr))
	if err != nil || again.Current().MessageID != "r1" || !again.Current().Boards {
		t.Fatalf("written back and read: %+v %v", again, err)
	}
	if b := encodeTournament(tr); b[0] != tournamentVersion {
		t.Fatalf("written as version %d", b[0])
	}
}
