package store

import (
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"tabuleiro/games"
)

func TestNewGameIsActiveAndIndexedForItsPlayersAndChannel(t *testing.T) {
	s, c, _ := openTest(t)
	ids := mustGames(t)
	g := newGame(t, s, "c1", "ouri", person("alice"), person("bob"))
	if g.ID == 0 || g.State != Active || g.Ply != 0 || g.ToMove != 0 || g.Outcome != games.Ongoing ||
		!g.Created.Equal(c.Now()) || g.Kind != "ouri" {
		t.Fatalf("created %+v", g)
	}
	for _, p := range []string{"alice", "bob"} {
		if a, err := s.ActiveGame("c1", "ouri", p); err != nil || a.ID != g.ID {
			t.Fatalf("%s's active ouri game in c1: %d %v", p, a.ID, err)
		}
	}
	for _, q := range []struct{ channel, kind, user string }{
		{"c2", "ouri", "alice"}, {"c1", "ordo", "alice"}, {"c1", "ouri", "carol"}, {"c", "ouri", "alice"},
	} {
		if _, err := s.ActiveGame(q.channel, q.kind, q.user); !errors.Is(err, ErrNotFound) {
			t.Fatalf("active game %v: %v, want ErrNotFound", q, err)
		}
	}
	if got := ids(s.ChannelGames("c1")); !reflect.DeepEqual(got, []uint64{g.ID}) {
		t.Fatalf("games in c1: %v", got)
	}
	if got := ids(s.BotToMove()); len(got) != 0 {
		t.Fatalf("bot to move: %v", got)
	}
	rec, live, err := s.Game(g.ID)
	if err != nil || live.Ply() != 0 || rec.Channel != "c1" || rec.Seats[1].UserID != "bob" {
		t.Fatalf("reading the game back: %+v %v", rec, err)
	}
	if _, _, err := s.Game(g.ID + 1); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a missing game: %v, want ErrNotFound", err)
	}
}

func TestOneActiveGamePerPersonKindAndChannel(t *testing.T) {
	tests := []struct {
		name          string
		channel, kind string
		a, b          Player
		want          error
	}{
		{"the same player, kind and channel is busy", "c1", "ouri", person("alice"), person("carol"), ErrBusy},
		{"the opponent in the same kind and channel is busy", "c1", "ouri", person("carol"), person("bob"), ErrBusy},
		{"another kind in the same channel is fine", "c1", "oolong", person("alice"), person("bob"), nil},
		{"the same kind in another channel is fine", "c2", "ouri", person("alice"), person("bob"), nil},
		{"other players in the same channel are fine", "c1", "ouri", person("carol"), person("dave"), nil},
		{"the bot may play any number of games", "c1", "ouri", person("carol"), bot("easy"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _, _ := openTest(t)
			newGame(t, s, "c1", "ouri", person("alice"), person("bob"))
			newGame(t, s, "c1", "ouri", person("erin"), bot("hard"))
			_, err := s.CreateGame(Game{Guild: "g1", Channel: tt.channel, Kind: tt.kind,
				Seats: [2]Player{tt.a, tt.b}, Encoded: fresh(t, tt.kind, 0)})
			if !errors.Is(err, tt.want) || (tt.want == nil && err != nil) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
		})
	}
}

func TestCreateGameRefusesWhatItCannotStore(t *testing.T) {
	s, _, _ := openTest(t)
	for name, g := range map[string]Game{
		"an encoding that does not decode": {Channel: "c1", Seats: [2]Player{person("a"), person("b")},
			Encoded: []byte{9, 9}},
		"a kind that is not the encoding's": {Channel: "c1", Kind: "ordo",
			Seats: [2]Player{person("a"), person("b")}, Encoded: fresh(t, "ouri", 0)},
		"a seat with neither person nor bot": {Channel: "c1", Seats: [2]Player{person("a"), {}},
			Encoded: fresh(t, "ouri", 0)},
		"an id with a zero byte": {Channel: "c\x001", Seats: [2]Player{person("a"), person("b")},
			Encoded: fresh(t, "ouri", 0)},
	} {
		if _, err := s.CreateGame(g); err == nil {
			t.Errorf("%s was stored", name)
		}
	}
}

func TestUpdate(t *testing.T) {
	s, c, _ := openTest(t)
	g := newGame(t, s, "c1", "ouri", person("alice"), person("bob"))

	t.Run("a decision at the current ply lands", func(t *testing.T) {
		c.Add(time.Minute)
		deadline := c.Now().Add(72 * time.Hour)
		rec, live, err := s.Update(g.ID, 0, func(rec *Game, g games.Game) error {
			rec.Deadline = deadline
			return playFirst(rec, g)
		})
		if err != nil {
			t.Fatal(err)
		}
		if rec.Ply != 1 || live.Ply() != 1 || !rec.LastMove.Equal(c.Now()) || !rec.Deadline.Equal(deadline) ||
			rec.ToMove != live.ToMove() {
			t.Fatalf("after the decision: %+v", rec)
		}
		again, _, _ := s.Game(g.ID)
		if again.Ply != 1 || !slices.Equal(again.Encoded, games.Encode(live)) {
			t.Fatalf("stored ply %d", again.Ply)
		}
	})
	t.Run("a decision at an old ply is refused as moved on", func(t *testing.T) {
		_, _, err := s.Update(g.ID, 0, playFirst)
		if !errors.Is(err, ErrMovedOn) {
			t.Fatalf("got %v, want ErrMovedOn", err)
		}
		if rec, _, _ := s.Game(g.ID); rec.Ply != 1 {
			t.Fatalf("ply %d after a refused decision", rec.Ply)
		}
	})
	t.Run("an error from the function changes nothing", func(t *testing.T) {
		refused := errors.New("illegal")
		_, _, err := s.Update(g.ID, 1, func(rec *Game, g games.Game) error {
			rec.MessageID = "changed"
			_ = playFirst(rec, g)
			return refused
		})
		if err != refused {
			t.Fatalf("got %v, want the function's error", err)
		}
		if rec, _, _ := s.Game(g.ID); rec.Ply != 1 || rec.MessageID != "" {
			t.Fatalf("after a refused update: %+v", rec)
		}
	})
	t.Run("the seats, channel and kind cannot be changed", func(t *testing.T) {
		rec, _, err := s.Update(g.ID, -1, func(rec *Game, g games.Game) error {
			rec.Seats[0] = person("mallory")
			rec.Channel, rec.Kind, rec.ID = "c9", "ordo", 99
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if rec.Seats[0].UserID != "alice" || rec.Channel != "c1" || rec.Kind != "ouri" || rec.ID != g.ID {
			t.Fatalf("after trying to move the game: %+v", rec)
		}
		if _, err := s.ActiveGame("c9", "ordo", "mallory"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("mallory's game: %v", err)
		}
	})
	t.Run("an update without a decision keeps the last decision's time", func(t *testing.T) {
		before, _, _ := s.Game(g.ID)
		c.Add(time.Minute)
		rec, _, err := s.Update(g.ID, -1, func(rec *Game, g games.Game) error {
			rec.Offer = Offer{Kind: "end", By: 0}
			return nil
		})
		if err != nil || !rec.LastMove.Equal(before.LastMove) || rec.Offer != (Offer{"end", 0}) {
			t.Fatalf("after an offer: %+v %v", rec, err)
		}
	})
	t.Run("setting the message keeps everything else", func(t *testing.T) {
		if err := s.SetMessage(g.ID, "board-2"); err != nil {
			t.Fatal(err)
		}
		rec, _, _ := s.Game(g.ID)
		if rec.MessageID != "board-2" || rec.Ply != 1 || rec.Offer.Kind != "end" {
			t.Fatalf("after SetMessage: %+v", rec)
		}
	})
	t.Run("a missing game is not found", func(t *testing.T) {
		if _, _, err := s.Update(g.ID+100, -1, playFirst); !errors.Is(err, ErrNotFound) {
			t.Fatalf("got %v", err)
		}
		if err := s.SetMessage(g.ID+100, "m"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("got %v", err)
		}
	})
}

func TestGamesAgainstTheBotAreListedWhileTheBotIsToMove(t *testing.T) {
	s, _, _ := openTest(t)
	ids := mustGames(t)
	first := newGame(t, s, "c1", "ouri", bot("hard"), person("alice"))
	second := newGame(t, s, "c1", "oolong", person("alice"), bot("easy"))
	if got := ids(s.BotToMove()); !reflect.DeepEqual(got, []uint64{first.ID}) {
		t.Fatalf("bot to move at the start: %v, want [%d]", got, first.ID)
	}
	// Play until the seats have swapped turns in both games; the index must follow every decision.
	for i := 0; i < 6; i++ {
		for _, id := range []uint64{first.ID, second.ID} {
			rec, _, err := s.Update(id, -1, playFirst)
			if err != nil {
				t.Fatal(err)
			}
			listed := slices.Contains(ids(s.BotToMove()), id)
			if want := rec.State == Active && rec.Seats[rec.ToMove].Bot; listed != want {
				t.Fatalf("game %d at ply %d, %s to move: listed %v, want %v", id, rec.Ply, rec.ToMove, listed, want)
			}
		}
	}
	if _, _, err := s.Update(first.ID, -1, func(rec *Game, g games.Game) error {
		return g.End(games.Resignation, 1)
	}); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(ids(s.BotToMove()), first.ID) {
		t.Fatal("a finished game is still waiting for the bot")
	}
}

func TestFinishingAGameMovesItFromTheActiveToTheFinishedIndexes(t *testing.T) {
	endings := []struct {
		name   string
		end    func(rec *Game, g games.Game) error
		winner games.Seat
		method games.Method
	}{
		{"resigning", func(rec *Game, g games.Game) error { return g.End(games.Resignation, 0) }, 1, games.Resignation},
		{"running out of time", func(rec *Game, g games.Game) error { return g.End(games.Time, 1) }, 0, games.Time},
		{"agreeing to end", func(rec *Game, g games.Game) error { return g.End(games.Agreement, 0) }, games.NoSeat, games.Agreement},
		{"playing to the end", func(rec *Game, g games.Game) error {
			for !g.Outcome().Over() {
				if err := g.Play(g.Legal()[0]); err != nil {
					return err
				}
			}
			return nil
		}, -2, 0},
	}
	for _, tt := range endings {
		t.Run(tt.name, func(t *testing.T) {
			s, c, _ := openTest(t)
			ids := mustGames(t)
			g := newGame(t, s, "c1", "ouri", person("alice"), person("bob"))
			other := newGame(t, s, "c1", "ouri", person("carol"), person("dave"))
			for _, id := range []uint64{g.ID, other.ID} {
				if _, _, err := s.Update(id, -1, func(rec *Game, g games.Game) error {
					rec.Deadline = c.Now().Add(time.Hour)
					rec.Offer = Offer{Kind: "end", By: 1}
					return playFirst(rec, g)
				}); err != nil {
					t.Fatal(err)
				}
			}
			c.Add(time.Minute)
			rec, live, err := s.Update(g.ID, -1, tt.end)
			if err != nil {
				t.Fatal(err)
			}
			if rec.State != Finished || !live.Outcome().Over() || rec.Outcome != live.Outcome() ||
				rec.ToMove != games.NoSeat || rec.Offer != (Offer{}) || !rec.LastMove.Equal(c.Now()) {
				t.Fatalf("after the end: %+v", rec)
			}
			if tt.winner != -2 && (rec.Outcome.Method != tt.method || rec.Outcome.Winner != tt.winner) {
				t.Fatalf("outcome %v, want %v by %v", rec.Outcome, tt.winner, tt.method)
			}
			if _, err := s.ActiveGame("c1", "ouri", "alice"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("alice's active game after the end: %v", err)
			}
			if got := ids(s.ChannelGames("c1")); !reflect.DeepEqual(got, []uint64{other.ID}) {
				t.Fatalf("games in c1: %v, want only %d", got, other.ID)
			}
			if got := ids(s.GamesDue(c.Now().Add(2 * time.Hour))); !reflect.DeepEqual(got, []uint64{other.ID}) {
				t.Fatalf("games due: %v, want only %d", got, other.ID)
			}
			for _, p := range []string{"alice", "bob"} {
				if got := ids(s.FinishedGames("g1", p, 10)); !reflect.DeepEqual(got, []uint64{g.ID}) {
					t.Fatalf("%s's finished games: %v", p, got)
				}
				if last, err := s.LastGame("c1", "ouri", p); err != nil || last.ID != g.ID {
					t.Fatalf("%s's last game: %d %v", p, last.ID, err)
				}
			}
			if got := ids(s.FinishedGames("g1", "carol", 10)); len(got) != 0 {
				t.Fatalf("carol's finished games: %v", got)
			}
			if got := ids(s.FinishedGames("g2", "alice", 10)); len(got) != 0 {
				t.Fatalf("alice's finished games in another guild: %v", got)
			}
			// The seat is free again, and the new game is the last one.
			again := newGame(t, s, "c1", "ouri", person("bob"), person("alice"))
			if last, _ := s.LastGame("c1", "ouri", "alice"); last.ID != again.ID {
				t.Fatalf("alice's last game: %d, want the new %d", last.ID, again.ID)
			}
			// A finished game refuses another ending but may still have its message set.
			if _, _, err := s.Update(g.ID, -1, func(rec *Game, g games.Game) error {
				return g.End(games.Resignation, 1)
			}); err == nil {
				t.Fatal("ended a finished game")
			}
			if err := s.SetMessage(g.ID, "final"); err != nil {
				t.Fatal(err)
			}
			if got := ids(s.FinishedGames("g1", "alice", 10)); !reflect.DeepEqual(got, []uint64{g.ID}) {
				t.Fatalf("alice's finished games after SetMessage: %v", got)
			}
		})
	}
}

func TestFinishedGamesAreListedNewestFirst(t *testing.T) {
	s, c, _ := openTest(t)
	ids := mustGames(t)
	var finished []uint64
	channels := []string{"c1", "c2", "c3", "c4", "c5"}
	for _, ch := range channels {
		g := newGame(t, s, ch, "ouri", person("alice"), bot("easy"))
		// Finish them out of creation order: later games first, the earliest game last.
		finished = append(finished, g.ID)
	}
	order := []int{3, 1, 4, 0, 2}
	var want []uint64
	for _, i := range order {
		c.Add(time.Minute)
		if _, _, err := s.Update(finished[i], -1, func(rec *Game, g games.Game) error {
			return g.End(games.Resignation, 0)
		}); err != nil {
			t.Fatal(err)
		}
		want = append([]uint64{finished[i]}, want...)
	}
	if got := ids(s.FinishedGames("g1", "alice", 0)); !reflect.DeepEqual(got, want) {
		t.Fatalf("alice's finished games: %v, want %v", got, want)
	}
	if got := ids(s.FinishedGames("g1", "alice", 2)); !reflect.DeepEqual(got, want[:2]) {
		t.Fatalf("alice's last two games: %v, want %v", got, want[:2])
	}
	if last, err := s.LastGame("c1", "ouri", "alice"); err != nil || last.ID != finished[0] {
		t.Fatalf("alice's last game in c1: %d %v, want %d", last.ID, err, finished[0])
	}
	c.Add(time.Minute)
	next := newGame(t, s, "c1", "ouri", bot("hard"), person("alice"))
	if _, _, err := s.Update(next.ID, -1, func(rec *Game, g games.Game) error {
		return g.End(games.Agreement, 0)
	}); err != nil {
		t.Fatal(err)
	}
	if last, err := s.LastGame("c1", "ouri", "alice"); err != nil || last.ID != next.ID {
		t.Fatalf("alice's last game in c1 after another: %d %v, want %d", last.ID, err, next.ID)
	}
	if _, err := s.LastGame("c1", "oolong", "alice"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("alice's last oolong game: %v, want ErrNotFound", err)
	}
	if last, err := s.LastGame("c1", "ouri", ""); err != nil || last.ID != next.ID {
		t.Fatalf("the channel's last ouri game: %d %v, want %d", last.ID, err, next.ID)
	}
	if _, err := s.LastGame("nowhere", "ouri", ""); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the last ouri game of an empty channel: %v, want ErrNotFound", err)
	}
}

func TestGamesDueAreListedInDeadlineOrder(t *testing.T) {
	s, c, _ := openTest(t)
	ids := mustGames(t)
	start := c.Now()
	hours := []int{5, 2, 7, 1, 3, 2}
	byHour := map[int][]uint64{}
	for i, h := range hours {
		g := newGame(t, s, "c1", "ouri", person(string(rune('a'+i))), bot("easy"))
		if _, _, err := s.Update(g.ID, 0, func(rec *Game, g games.Game) error {
			rec.Deadline = start.Add(time.Duration(h) * time.Hour)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		byHour[h] = append(byHour[h], g.ID)
	}
	want := slices.Concat(byHour[1], byHour[2], byHour[3])
	if got := ids(s.GamesDue(start.Add(3 * time.Hour))); !reflect.DeepEqual(got, want) {
		t.Fatalf("due within 3 hours: %v, want %v", got, want)
	}
	// Moving a deadline moves the game in the index.
	moved := byHour[1][0]
	if _, _, err := s.Update(moved, -1, func(rec *Game, g games.Game) error {
		rec.Deadline = start.Add(6 * time.Hour)
		return playFirst(rec, g)
	}); err != nil {
		t.Fatal(err)
	}
	want = slices.Concat(byHour[2], byHour[3], byHour[5], []uint64{moved}, byHour[7])
	if got := ids(s.GamesDue(start.Add(24 * time.Hour))); !reflect.DeepEqual(got, want) {
		t.Fatalf("due within a day: %v, want %v", got, want)
	}
	// Clearing a deadline drops the game from the index.
	if _, _, err := s.Update(moved, -1, func(rec *Game, g games.Game) error {
		rec.Deadline = time.Time{}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := ids(s.GamesDue(start.Add(24 * time.Hour))); slices.Contains(got, moved) {
		t.Fatalf("a game without deadline is due: %v", got)
	}
	if got := ids(s.GamesDue(start)); len(got) != 0 {
		t.Fatalf("due at the start: %v", got)
	}
}

func TestEverythingSurvivesAReopen(t *testing.T) {
	s, c, path := openTest(t)
	g := newGame(t, s, "c1", "ouri", person("alice"), bot("medium"))
	rec, live, err := s.Update(g.ID, 0, func(rec *Game, g games.Game) error {
		rec.Deadline = c.Now().Add(time.Hour)
		rec.MessageID = "m1"
		return playFirst(rec, g)
	})
	if err != nil {
		t.Fatal(err)
	}
	ch, _ := s.CreateChallenge(challenge("c1", "bob", "carol", time.Minute, c))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := Open(path, Options{Decode: s.opt.Decode, Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	got, live2, err := s2.Game(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(normal(got), normal(rec)) || !slices.Equal(live2.Log(), live.Log()) {
		t.Fatalf("after reopening:\n got %+v\nwant %+v", got, rec)
	}
	if gotCh, err := s2.Challenge(ch.ID); err != nil || gotCh.Opponent != "carol" {
		t.Fatalf("challenge after reopening: %+v %v", gotCh, err)
	}
	if due, _ := s2.GamesDue(c.Now().Add(time.Hour)); len(due) != 1 {
		t.Fatalf("games due after reopening: %v", gameIDs(due))
	}
}

// normal puts times in one location so records compare with DeepEqual.
func normal(g Game) Game {
	for _, t := range []*time.Time{&g.Created, &g.LastMove, &g.Deadline} {
		if !t.IsZero() {
			*t = t.UTC()
		}
	}
	return g
}
