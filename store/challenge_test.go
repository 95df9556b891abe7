package store

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"tabuleiro/games"
)

func challenge(channel, from, to string, ttl time.Duration, c *clock) Challenge {
	return Challenge{Guild: "g1", Channel: channel, Kind: "ouri", Options: games.Options{"rules": "abapa"},
		First: "me", Challenger: from, Opponent: to, Expires: c.Now().Add(ttl)}
}

func TestChallengeIsStoredOpenAndListedInItsChannel(t *testing.T) {
	s, c, _ := openTest(t)
	made, err := s.CreateChallenge(challenge("c1", "alice", "bob", 10*time.Minute, c))
	if err != nil {
		t.Fatal(err)
	}
	if made.ID == 0 || made.State != ChallengeOpen || !made.Created.Equal(c.Now()) {
		t.Fatalf("created %+v, want an id, state open, created now", made)
	}
	if err := s.SetChallengeMessage(made.ID, "m1"); err != nil {
		t.Fatal(err)
	}
	got, err := s.Challenge(made.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.MessageID != "m1" || got.Options.String() != "rules=abapa" || got.Challenger != "alice" ||
		got.Opponent != "bob" || got.First != "me" || !got.Expires.Equal(made.Expires) || got.Kind != "ouri" {
		t.Fatalf("read back %+v", got)
	}
	open, err := s.OpenChallenges("c1")
	if err != nil || !reflect.DeepEqual(challengeIDs(open), []uint64{made.ID}) {
		t.Fatalf("open challenges in c1: %v %v", challengeIDs(open), err)
	}
	if other, _ := s.OpenChallenges("c"); len(other) != 0 {
		t.Fatalf("channel c (a prefix of c1) lists %v", challengeIDs(other))
	}
	if _, err := s.Challenge(made.ID + 1); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a missing challenge: %v, want ErrNotFound", err)
	}
	if err := s.SetChallengeMessage(made.ID+1, "m"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the message of a missing challenge: %v, want ErrNotFound", err)
	}
}

func TestChallengeTransitions(t *testing.T) {
	accept := func(s *DB, id uint64) error {
		_, err := s.AcceptChallenge(id, Game{Seats: [2]Player{person("alice"), person("bob")},
			Encoded: fresh(t, "ouri", 0)})
		return err
	}
	closeAs := func(state ChallengeState) func(*DB, uint64) error {
		return func(s *DB, id uint64) error { _, err := s.CloseChallenge(id, state); return err }
	}
	tests := []struct {
		name     string
		before   func(*DB, uint64) error // a first step that must succeed
		wait     time.Duration
		do       func(*DB, uint64) error
		want     error
		state    ChallengeState
		stillDue bool
	}{
		{name: "accepting an open challenge creates its game", do: accept, state: ChallengeAccepted},
		{name: "declining an open challenge closes it", do: closeAs(ChallengeDeclined), state: ChallengeDeclined},
		{name: "withdrawing an open challenge closes it", do: closeAs(ChallengeWithdrawn), state: ChallengeWithdrawn},
		{name: "the sweeper expires a challenge past its deadline", wait: 11 * time.Minute,
			do: closeAs(ChallengeExpired), state: ChallengeExpired},
		{name: "accepting twice is refused as closed", before: accept, do: accept, want: ErrClosed,
			state: ChallengeAccepted},
		{name: "declining an accepted challenge is refused as closed", before: accept,
			do: closeAs(ChallengeDeclined), want: ErrClosed, state: ChallengeAccepted},
		{name: "accepting a declined challenge is refused as closed", before: closeAs(ChallengeDeclined),
			do: accept, want: ErrClosed, state: ChallengeDeclined},
		{name: "expiring a withdrawn challenge is refused as closed", before: closeAs(ChallengeWithdrawn),
			do: closeAs(ChallengeExpired), want: ErrClosed, state: ChallengeWithdrawn},
		{name: "accepting past the deadline is refused as expired and left to the sweeper",
			wait: 10 * time.Minute, do: accept, want: ErrExpired, state: ChallengeOpen, stillDue: true},
		{name: "declining past the deadline is refused as expired and left to the sweeper",
			wait: 10 * time.Minute, do: closeAs(ChallengeDeclined), want: ErrExpired, state: ChallengeOpen,
			stillDue: true},
		{name: "accepting an expired challenge is refused as expired", before: closeAs(ChallengeExpired),
			do: accept, want: ErrExpired, state: ChallengeExpired},
		{name: "closing as accepted is refused and changes nothing", do: closeAs(ChallengeAccepted),
			want: errAny, state: ChallengeOpen},
		{name: "closing as open is refused and changes nothing", do: closeAs(ChallengeOpen),
			want: errAny, state: ChallengeOpen},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, c, _ := openTest(t)
			ch, err := s.CreateChallenge(challenge("c1", "alice", "bob", 10*time.Minute, c))
			if err != nil {
				t.Fatal(err)
			}
			if tt.before != nil {
				if err := tt.before(s, ch.ID); err != nil {
					t.Fatal(err)
				}
			}
			c.Add(tt.wait)
			err = tt.do(s, ch.ID)
			switch {
			case tt.want == nil && err != nil, tt.want == errAny && err == nil,
				tt.want != nil && tt.want != errAny && !errors.Is(err, tt.want):
				t.Fatalf("got error %v, want %v", err, tt.want)
			}
			got, err := s.Challenge(ch.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.State != tt.state {
				t.Fatalf("state %s, want %s", got.State, tt.state)
			}
			// The indexes list exactly the open challenges.
			open, _ := s.OpenChallenges("c1")
			if listed := len(open) == 1; listed != (tt.state == ChallengeOpen) {
				t.Fatalf("open challenges in the channel: %v with state %s", challengeIDs(open), tt.state)
			}
			dueNow, _ := s.ChallengesDue(c.Now())
			if listed := len(dueNow) == 1; listed != tt.stillDue {
				t.Fatalf("challenges due: %v, want due %v", challengeIDs(dueNow), tt.stillDue)
			}
			dueEver, _ := s.ChallengesDue(c.Now().Add(time.Hour))
			if listed := len(dueEver) == 1; listed != (tt.state == ChallengeOpen) {
				t.Fatalf("challenges due within the hour: %v with state %s", challengeIDs(dueEver), tt.state)
			}
			if tt.state == ChallengeAccepted {
				if got.GameID == 0 {
					t.Fatal("an accepted challenge names no game")
				}
				rec, g, err := s.Game(got.GameID)
				if err != nil {
					t.Fatal(err)
				}
				if rec.Channel != "c1" || rec.Guild != "g1" || rec.Kind != "ouri" || g.Kind() != "ouri" ||
					rec.State != Active {
					t.Fatalf("the game of the challenge: %+v", rec)
				}
				if a, err := s.ActiveGame("c1", "ouri", "bob"); err != nil || a.ID != got.GameID {
					t.Fatalf("bob's active game: %v %v", a.ID, err)
				}
			}
		})
	}
}

// errAny stands for "some error" in tables.
var errAny = errors.New("any error")

func TestAcceptingWhileBusyLeavesTheChallengeOpen(t *testing.T) {
	s, c, _ := openTest(t)
	newGame(t, s, "c1", "ouri", person("bob"), person("carol"))
	ch, _ := s.CreateChallenge(challenge("c1", "alice", "bob", 10*time.Minute, c))
	_, err := s.AcceptChallenge(ch.ID, Game{Seats: [2]Player{person("alice"), person("bob")},
		Encoded: fresh(t, "ouri", 0)})
	if !errors.Is(err, ErrBusy) {
		t.Fatalf("accepting while bob plays ouri in c1: %v, want ErrBusy", err)
	}
	if got, _ := s.Challenge(ch.ID); got.State != ChallengeOpen || got.GameID != 0 {
		t.Fatalf("the challenge after a busy accept: %+v", got)
	}
	if gs, _ := s.ChannelGames("c1"); len(gs) != 1 {
		t.Fatalf("games in c1 after a busy accept: %v", gameIDs(gs))
	}
}

func TestAcceptingRefusesAGameForAnotherChannelOrKind(t *testing.T) {
	s, c, _ := openTest(t)
	ch, _ := s.CreateChallenge(challenge("c1", "alice", "bob", 10*time.Minute, c))
	for _, g := range []Game{
		{Channel: "c2", Seats: [2]Player{person("alice"), person("bob")}, Encoded: fresh(t, "ouri", 0)},
		{Seats: [2]Player{person("alice"), person("bob")}, Encoded: fresh(t, "oolong", 0)},
	} {
		if _, err := s.AcceptChallenge(ch.ID, g); err == nil {
			t.Fatalf("accepted with a %s game in channel %q", g.Kind, g.Channel)
		}
	}
	if got, _ := s.Challenge(ch.ID); got.State != ChallengeOpen {
		t.Fatalf("state %s, want open", got.State)
	}
}

func TestChallengesDueAreListedInDeadlineOrder(t *testing.T) {
	s, c, _ := openTest(t)
	ttls := []time.Duration{7, 3, 9, 1, 5, 3, 8} // minutes
	ids := map[time.Duration][]uint64{}
	for i, ttl := range ttls {
		ch, err := s.CreateChallenge(challenge("c1", "alice", string(rune('a'+i)), ttl*time.Minute, c))
		if err != nil {
			t.Fatal(err)
		}
		ids[ttl] = append(ids[ttl], ch.ID)
	}
	due, err := s.ChallengesDue(c.Now().Add(5 * time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	want := append(append(append([]uint64{}, ids[1]...), ids[3]...), ids[5]...)
	if got := challengeIDs(due); !reflect.DeepEqual(got, want) {
		t.Fatalf("due within 5 minutes: %v, want %v", got, want)
	}
	all, _ := s.ChallengesDue(c.Now().Add(time.Hour))
	for i := 1; i < len(all); i++ {
		if all[i].Expires.Before(all[i-1].Expires) {
			t.Fatalf("deadline order broken at %d: %v", i, challengeIDs(all))
		}
	}
	if len(all) != len(ttls) {
		t.Fatalf("due within the hour: %d, want %d", len(all), len(ttls))
	}
	if none, _ := s.ChallengesDue(c.Now()); len(none) != 0 {
		t.Fatalf("due now: %v, want none", challengeIDs(none))
	}
}
