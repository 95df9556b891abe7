package store

import (
	"encoding/hex"
	"fmt"
	"math"
	"testing"
	"time"

	"tabuleiro/games"
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

// A tournament written by the build before the round took its pairings from package tournament
// (main at 15715a3, version 2) reads field for field, and writes back as the current version.
func TestATournamentWrittenBeforeTheOneShapeIsRead(t *testing.T) {
	const stored = "0201670163027468046f72646f0003616e61026d3100038080f89492a52701018080bda4c68df0e33100090303616e61808080808080dccb4000036269618080808080c0aacb4000046361696f808080808080f8ca400102008080bda4c68df0e3318080b5b9d8b297e43102723101000203616e6103626961010b00046361696f00000000018080b5b9d8b297e4318080adceead7bee43100008080fac49e8499e4310203626961046361696f01000103616e6100000000"
	b, err := hex.DecodeString(stored)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	want := Tournament{ID: 5, Guild: "g", Channel: "c", Thread: "th", Kind: "ordo", Format: tournament.SwissFormat, Rounds: 3,
		RoundTime: 24 * time.Hour, Rated: true, Creator: "ana", MessageID: "m1", State: TournamentRunning, Created: at, Revision: 9,
		Players: []Entrant{{User: "ana", Rating: 1500}, {User: "bia", Rating: 1450.5}, {User: "caio", Rating: 1400, Withdrawn: true}},
		Played: []TournamentRound{
			{Round: tournament.Round{Pairings: []tournament.Pairing{{First: "ana", Second: "bia", Result: tournament.FirstWins, Game: 11}, {First: "caio"}}},
				Started: at, Deadline: at.Add(24 * time.Hour), MessageID: "r1", Boards: true},
			{Round: tournament.Round{Relaxed: true, Pairings: []tournament.Pairing{{First: "bia", Second: "caio", Result: tournament.FirstWins, Forfeit: true}, {First: "ana"}}},
				Started: at.Add(24 * time.Hour), Deadline: at.Add(48 * time.Hour), Claimed: at.Add(25 * time.Hour)},
		}}
	got, err := decodeTournament(5, b)
	if err != nil {
		t.Fatal(err)
	}
	got.Options = want.Options
	// Compared as printed: a decoded time and a literal one differ in their location pointers.
	if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
		t.Fatalf("read\n%+v\nwant\n%+v", got, want)
	}
	// Written back as version 3: the same bytes after the version, and each round not reminded.
	again := encodeTournament(got)
	if again[0] != 3 || got.Played[0].Reminded || got.Played[1].Reminded {
		t.Fatalf("written back as version %d, reminded %v", again[0], got.Played[1].Reminded)
	}
	read, err := decodeTournament(5, again)
	if err != nil || fmt.Sprintf("%+v", read) != fmt.Sprintf("%+v", got) {
		t.Fatalf("written back and read: %+v, %v", read, err)
	}
}

// A tournament game whose record cannot be read is retired with its pairing drawn, in one
// transaction: the round goes on (it is due at once, being over) instead of waiting forever.
func TestARetiredTournamentGameIsDrawnAndItsRoundGoesOn(t *testing.T) {
	s, c, _ := openTest(t)
	tr, err := s.CreateTournament(Tournament{Guild: "g", Channel: "c1", Kind: "ouri", Format: tournament.SwissFormat,
		RoundTime: time.Hour, Creator: "a"})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"a", "b"} {
		if tr, err = s.JoinTournament(tr.ID, u, 1500); err != nil {
			t.Fatal(err)
		}
	}
	tr.Rounds = 1
	round := TournamentRound{Round: tournament.Round{Pairings: []tournament.Pairing{{First: "a", Second: "b"}}},
		Started: c.Now(), Deadline: c.Now().Add(time.Hour)}
	if tr, err = s.PairRound(tr, round); err != nil {
		t.Fatal(err)
	}
	g, err := s.StartPairingGame(tr.ID, 1, 0, Game{Guild: "g", Channel: "c1", Kind: "ouri",
		Seats: [2]Player{person("a"), person("b")}, Encoded: fresh(t, "ouri", 0)})
	if err != nil {
		t.Fatal(err)
	}
	poke(t, s, bGames, g.ID, func(old []byte) []byte {
		rec, _ := decodeGame(0, old)
		rec.Encoded = games.Record{Kind: "ouri", Options: games.Options{}, Log: []games.Move{77}, Loser: games.NoSeat}.Encode()
		return encodeGame(rec)
	})
	if err := s.Retire(g.ID); err != nil {
		t.Fatal(err)
	}
	tr, err = s.Tournament(tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if p := tr.Current().Pairings[0]; p.Result != tournament.Drawn || !tr.Current().Over() {
		t.Fatalf("the retired game's pairing: %+v, want drawn and the round over", p)
	}
	if due, err := s.TournamentsDue(c.Now()); err != nil || len(due) != 1 {
		t.Fatalf("the tournament is not due at once: %v, %v", due, err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}
