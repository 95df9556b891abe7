package store

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"tabuleiro/games"
)

// version4Zero is how many bytes version 4's fields take when they are zero (no team): two seat
// flags, the empty starter, the zero window and closing time, and no votes.
const version4Zero = 6

// version5Zero is the byte of version 5's field when it is zero: the Rematch not taken.
const version5Zero = 1

// version6Zero is how many bytes version 6's fields take when they are zero: a live pace, no time
// left of a paused clock.
const version6Zero = 2

// A record written by version 1 reads under version 4, its new fields zero.
func TestVersion1RecordsStillRead(t *testing.T) {
	g := Game{ID: 7, Guild: "g", Channel: "c", Kind: "ouri", Seats: [2]Player{person("a"), bot("easy")},
		Encoded: []byte{1, 2}, Offer: Offer{Kind: "end", By: 1}}
	v3 := encodeGame(g)
	// Version 1 ended at the offer: the 13 zero bytes of version 2's fields, the 2 of version 3's
	// and versions 4's and 5's go, and its first byte says 1.
	v1 := append([]byte{1}, v3[1:len(v3)-15-version4Zero-version5Zero-version6Zero]...)
	got, err := decodeGame(7, v1)
	if err != nil {
		t.Fatal(err)
	}
	g.ToMove = 0
	if got.Offer != g.Offer || got.Kind != g.Kind || got.Rated || got.Thread != "" || !got.Ping.Due.IsZero() {
		t.Fatalf("version 1 read as %+v", got)
	}
	c := Challenge{ID: 3, Channel: "c", Kind: "ordo", Options: games.Options{}, Challenger: "a", Opponent: "b", Rated: true}
	v2c := encodeChallenge(c)
	if back, err := decodeChallenge(3, v2c); err != nil || !back.Rated {
		t.Fatalf("challenge round trip: %+v, %v", back, err)
	}
	if back, err := decodeChallenge(3, append([]byte{1}, v2c[1:len(v2c)-2]...)); err != nil || back.Rated {
		t.Fatalf("version 1 challenge: %+v, %v", back, err)
	}
}

// A record written by version 2 reads under version 4: nobody has taken a hint yet.
func TestVersion2RecordsStillRead(t *testing.T) {
	g := Game{ID: 8, Guild: "g", Channel: "c", Kind: "ouri", Seats: [2]Player{person("a"), person("b")},
		Encoded: []byte{1, 2}, Thread: "t", Ping: Ping{Sent: 1, Message: "m"}, Hints: [2]int{2, 3}}
	v3 := encodeGame(g)
	back, err := decodeGame(8, v3)
	if err != nil || back.Hints != g.Hints {
		t.Fatalf("version 3 round trip: hints %v, %v", back.Hints, err)
	}
	// Version 2 ended at the ping's message: the two hint counts and later versions' fields go, and its
	// first byte says 2.
	v2 := append([]byte{2}, v3[1:len(v3)-2-version4Zero-version5Zero-version6Zero]...)
	got, err := decodeGame(8, v2)
	if err != nil {
		t.Fatal(err)
	}
	if got.Hints != [2]int{} || got.Thread != "t" || got.Ping != g.Ping {
		t.Fatalf("version 2 read as %+v", got)
	}
	if _, err := decodeGame(8, append([]byte{2}, v3[1:]...)); err == nil {
		t.Error("a version 2 record with version 3's fields read without complaint")
	}
}

// A record written by version 3 reads under version 4 as a game without a team; a team game's
// seats, starter, votes and closing time round-trip.
func TestVersion3RecordsStillReadAndTeamsRoundTrip(t *testing.T) {
	g := Game{ID: 9, Guild: "g", Channel: "c", Kind: "ouri", Seats: [2]Player{person("a"), bot("easy")},
		Encoded: []byte{1, 2}, Hints: [2]int{1, 0}}
	v4 := encodeGame(g)
	v3 := append([]byte{3}, v4[1:len(v4)-version4Zero-version5Zero-version6Zero]...)
	got, err := decodeGame(9, v3)
	if err != nil || got.Hints != g.Hints || got.Seats[0].Team || got.Seats[1].Team || len(got.Team.Votes) != 0 {
		t.Fatalf("version 3 read as %+v, %v", got, err)
	}
	team := Game{ID: 10, Guild: "g", Channel: "c", Kind: "ouri", Seats: [2]Player{bot("hard"), {Team: true}},
		Encoded: []byte{1, 2}, Team: Team{Starter: "a", Window: 30 * time.Second, Closes: time.Unix(100, 0),
			Votes: []Vote{{User: "a", Move: "d"}, {User: "b", Move: "c2-c4"}}}}
	back, err := decodeGame(10, encodeGame(team))
	if err != nil || !back.Seats[1].Team || back.Seats[0].Team || back.Team.Starter != "a" || back.Team.Window != team.Team.Window ||
		!back.Team.Closes.Equal(team.Team.Closes) || !slices.Equal(back.Team.Votes, team.Team.Votes) {
		t.Fatalf("a team game read back as %+v, %v", back, err)
	}
	// A vote count beyond what the record holds is damage, not a length to allocate.
	damaged := encodeGame(team)
	cut := damaged[:len(damaged)-len("b")-len("c2-c4")-2]
	if _, err := decodeGame(10, cut); err == nil {
		t.Error("a record cut inside its votes read without complaint")
	}
}

// A record written by version 4 reads under version 5 as a game whose Rematch is still free; a
// taken one round-trips.
func TestVersion4RecordsStillReadAndRematchesRoundTrip(t *testing.T) {
	g := Game{ID: 11, Guild: "g", Channel: "c", Kind: "ordo", Seats: [2]Player{person("a"), person("b")},
		Encoded: []byte{1, 2}, State: Finished, Rematched: true}
	v5 := encodeGame(g)
	back, err := decodeGame(11, v5)
	if err != nil || !back.Rematched {
		t.Fatalf("version 5 round trip: rematched %v, %v", back.Rematched, err)
	}
	v4 := append([]byte{4}, v5[1:len(v5)-version5Zero-version6Zero]...)
	got, err := decodeGame(11, v4)
	if err != nil || got.Rematched || got.Kind != "ordo" {
		t.Fatalf("version 4 read as %+v, %v", got, err)
	}
	if _, err := decodeGame(11, append([]byte{4}, v5[1:len(v5)-version6Zero]...)); err == nil {
		t.Error("a version 4 record with version 5's field read without complaint")
	}
}

// A record written by version 5 reads under version 6 as a live game; a paced game paused by a
// vacation round-trips, and so does a paced challenge, while an older challenge reads as live.
func TestVersion5RecordsStillReadAndPacesRoundTrip(t *testing.T) {
	g := Game{ID: 12, Guild: "g", Channel: "c", Kind: "ordo", Seats: [2]Player{person("a"), person("b")},
		Encoded: []byte{1, 2}, Pace: 3, Left: 41 * time.Hour}
	v6 := encodeGame(g)
	back, err := decodeGame(12, v6)
	if err != nil || back.Pace != 3 || back.Left != g.Left {
		t.Fatalf("version 6 round trip: pace %v, left %v, %v", back.Pace, back.Left, err)
	}
	live := encodeGame(Game{ID: 12, Kind: "ordo", Encoded: []byte{1}, Rematched: true})
	v5 := append([]byte{5}, live[1:len(live)-version6Zero]...)
	got, err := decodeGame(12, v5)
	if err != nil || got.Pace != PaceLive || got.Left != 0 || !got.Rematched {
		t.Fatalf("version 5 read as %+v, %v", got, err)
	}
	c := Challenge{ID: 4, Channel: "c", Kind: "ouri", Options: games.Options{}, Challenger: "a", Pace: 14}
	enc := encodeChallenge(c)
	if back, err := decodeChallenge(4, enc); err != nil || back.Pace != 14 {
		t.Fatalf("a paced challenge read back as %+v, %v", back, err)
	}
	if back, err := decodeChallenge(4, append([]byte{5}, enc[1:len(enc)-1]...)); err != nil || back.Pace != PaceLive {
		t.Fatalf("a version 5 challenge read as %+v, %v", back, err)
	}
}

func TestNewFieldsRoundTripAndPingsComeDue(t *testing.T) {
	s, clock, _ := openTest(t)
	a := newGame(t, s, "c1", "ouri", person("a"), person("b"))
	b := newGame(t, s, "c2", "ouri", person("c"), person("d"))
	now := clock.Now()
	for i, rec := range []Game{a, b} {
		_, _, err := s.Update(rec.ID, -1, func(r *Game, g games.Game) error {
			r.Rated, r.Thread = true, fmt.Sprint("th", i)
			r.Change[1] = RatingChange{Before: 1500, After: 1462, AfterProvisional: true}
			r.Ping = Ping{Due: now.Add(time.Duration(2-i) * time.Minute), Sent: 1, Message: "p1"}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	got, _, err := s.Game(a.ID)
	if err != nil || !got.Rated || got.Thread != "th0" || got.Change[1] != (RatingChange{Before: 1500, After: 1462, AfterProvisional: true}) || got.Ping.Message != "p1" || got.Ping.Sent != 1 {
		t.Fatalf("round trip: %+v, %v", got, err)
	}
	due, err := s.PingsDue(now.Add(90 * time.Second))
	if err != nil || !slices.Equal(gameIDs(due), []uint64{b.ID}) {
		t.Fatalf("due after 90 s: %v, %v", gameIDs(due), err)
	}
	due, _ = s.PingsDue(now.Add(3 * time.Minute))
	if !slices.Equal(gameIDs(due), []uint64{b.ID, a.ID}) {
		t.Fatalf("due after 3 min: %v", gameIDs(due))
	}
	// A finished game has no ping due.
	if _, _, err := s.Update(a.ID, -1, func(r *Game, g games.Game) error { return g.End(games.Resignation, 0) }); err != nil {
		t.Fatal(err)
	}
	due, _ = s.PingsDue(now.Add(3 * time.Minute))
	if !slices.Equal(gameIDs(due), []uint64{b.ID}) {
		t.Fatalf("a finished game's ping is still due: %v", gameIDs(due))
	}
}

func TestSettings(t *testing.T) {
	s, _, path := openTest(t)
	if got, err := s.ServerSettings("g1"); err != nil || got != (ServerSettings{}) {
		t.Fatalf("defaults: %+v, %v", got, err)
	}
	_, err := s.ChangeServerSettings("g1", func(c *ServerSettings) {
		c.Threads, c.Language, c.IdleTimeout, c.NoPings = true, "pt-BR", 24*time.Hour, true
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChangeMemberSettings("u1", func(m *MemberSettings) { m.NoPings = true }); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s2, err := Open(path, s.opt)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	got, err := s2.ServerSettings("g1")
	want := ServerSettings{Threads: true, Language: "pt-BR", IdleTimeout: 24 * time.Hour, NoPings: true}
	if err != nil || got != want {
		t.Fatalf("after reopening: %+v, %v", got, err)
	}
	if m, err := s2.MemberSettings("u1"); err != nil || !m.NoPings {
		t.Fatalf("member: %+v, %v", m, err)
	}
	if m, _ := s2.MemberSettings("u2"); m.NoPings {
		t.Fatal("another member's defaults changed")
	}
	if err := s2.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestThreadGame(t *testing.T) {
	s, _, _ := openTest(t)
	g := newGame(t, s, "c1", "ordo", person("a"), person("b"))
	if _, err := s.ThreadGame("th1"); err != ErrNotFound {
		t.Fatalf("no thread yet: %v", err)
	}
	if _, _, err := s.Update(g.ID, -1, func(r *Game, _ games.Game) error { r.Thread = "th1"; return nil }); err != nil {
		t.Fatal(err)
	}
	got, err := s.ThreadGame("th1")
	if err != nil || got.ID != g.ID || got.Channel != "c1" {
		t.Fatalf("%+v, %v", got, err)
	}
	// Finished, the game still owns its thread.
	if _, _, err := s.Update(g.ID, -1, func(r *Game, gg games.Game) error { return gg.End(games.Resignation, 1) }); err != nil {
		t.Fatal(err)
	}
	if got, err := s.ThreadGame("th1"); err != nil || got.ID != g.ID {
		t.Fatalf("finished: %+v, %v", got, err)
	}
}

// A server's settings written before the game pages read with pages off, and pages round-trip.
func TestSettingsBeforePagesStillRead(t *testing.T) {
	c := ServerSettings{Threads: true, Language: "pt-BR", PuzzleChannel: "c9", PuzzleHour: 7, Pages: true}
	b := encodeServerSettings(c)
	if got, err := decodeServerSettings(b); err != nil || got != c {
		t.Fatalf("round trip: %+v, %v", got, err)
	}
	old := b[:len(b)-2] // the pages' byte, then the boards' empty string (one byte of length), are the last
	got, err := decodeServerSettings(old)
	c.Pages = false
	if err != nil || got != c {
		t.Fatalf("a record without pages read as %+v, %v", got, err)
	}
}

// How boards are shown is kept for a server and for a person, and records written before the
// setting existed read as the default (text, and for a person the server's choice).
func TestBoardsSettingRoundTripsAndOlderRecordsRead(t *testing.T) {
	server := ServerSettings{Threads: true, Language: "pt-BR", Locale: "pt-BR", PuzzleChannel: "c9", PuzzleHour: 7, Boards: BoardsImage}
	person := MemberSettings{NoPings: true, Boards: BoardsText}
	t.Run("a server's boards setting survives encoding", func(t *testing.T) {
		got, err := decodeServerSettings(encodeServerSettings(server))
		if err != nil || got != server {
			t.Fatalf("%+v, %v", got, err)
		}
	})
	t.Run("a person's boards setting survives encoding", func(t *testing.T) {
		got, err := decodeMemberSettings(encodeMemberSettings(person))
		if err != nil || got != person {
			t.Fatalf("%+v, %v", got, err)
		}
	})
	t.Run("a server record from before board images reads as text boards", func(t *testing.T) {
		old := server
		old.Boards = ""
		b := encodeServerSettings(old)
		b = b[:len(b)-1] // the empty string's length byte is all the new field adds
		got, err := decodeServerSettings(b)
		if err != nil || got != old {
			t.Fatalf("%+v, %v", got, err)
		}
	})
	t.Run("a person's record from before board images follows the server", func(t *testing.T) {
		got, err := decodeMemberSettings([]byte{recordVersion, 1})
		if err != nil || got != (MemberSettings{NoPings: true}) {
			t.Fatalf("%+v, %v", got, err)
		}
	})
	t.Run("a person's record with bytes after the setting is damaged", func(t *testing.T) {
		if _, err := decodeMemberSettings(append(encodeMemberSettings(person), 0)); err == nil {
			t.Fatal("read without complaint")
		}
	})
	t.Run("both are stored durably and read back after reopening", func(t *testing.T) {
		s, _, path := openTest(t)
		if _, err := s.ChangeServerSettings("g1", func(c *ServerSettings) { c.Boards = BoardsImage }); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ChangeMemberSettings("u1", func(m *MemberSettings) { m.Boards = BoardsImage }); err != nil {
			t.Fatal(err)
		}
		s.Close()
		s2, err := Open(path, s.opt)
		if err != nil {
			t.Fatal(err)
		}
		defer s2.Close()
		if got, err := s2.ServerSettings("g1"); err != nil || got.Boards != BoardsImage {
			t.Fatalf("server: %+v, %v", got, err)
		}
		if got, err := s2.MemberSettings("u1"); err != nil || got.Boards != BoardsImage || got.NoPings {
			t.Fatalf("member: %+v, %v", got, err)
		}
	})
}
