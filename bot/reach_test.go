package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// playToTheEnd plays random legal moves by /move for user in channel until the game ends.
func (e *env) playToTheEnd(kind, channel, user string, dm bool, seed uint64) store.Game {
	e.t.Helper()
	rng := rand.New(rand.NewPCG(seed, 9))
	for i := 0; i < 3000; i++ {
		rec, err := e.st.LastGame(channel, kind, user)
		if err != nil {
			e.t.Fatal(err)
		}
		rec, g, err := e.st.Game(rec.ID)
		if err != nil {
			e.t.Fatal(err)
		}
		if rec.State == store.Finished {
			return rec
		}
		if rec.Seats[g.ToMove()].Bot {
			e.t.Fatalf("the bot owes a decision at ply %d", g.Ply())
		}
		legal := g.Legal()
		in := e.slash(user, kind, "move", "play", g.Format(legal[rng.IntN(len(legal))]))
		in.Channel = channel
		if dm {
			in = inDM(in, channel)
		}
		mustPublic(e.t, e.do(in))
	}
	e.t.Fatal("the game did not end")
	return store.Game{}
}

// A game of each kind against the bot in a DM, where the bot user may not post: everything goes
// through the interactions, the bot's moves as edits of the boards through their webhooks.
func TestGamesInDMs(t *testing.T) {
	for i, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			e := newEnv(t)
			e.rec.forbid = true
			channel := "dm-" + kind
			mustPublic(t, e.do(inDM(e.slash("alice", kind, "vs-bot", "level", "easy", "first", "bot"), channel)))
			rec := e.playToTheEnd(kind, channel, "alice", true, uint64(i))
			if rec.Guild != "" || rec.Channel != channel {
				t.Errorf("the game is stored in %q/%q", rec.Guild, rec.Channel)
			}
			var webhook, channelCalls int
			for _, c := range e.rec.take() {
				if c.webhook {
					webhook++
				} else {
					channelCalls++
				}
			}
			if webhook == 0 || channelCalls != 0 {
				t.Errorf("%d calls through webhooks and %d through the channel; want the bot's moves through webhooks only", webhook, channelCalls)
			}
		})
	}
	t.Run("two people in a group DM", func(t *testing.T) {
		e := newEnv(t)
		e.rec.forbid = true
		in := inDM(e.slash("alice", "ordo", "challenge", "opponent", "bob", "first", "me"), "group")
		r := e.do(in)
		mustPublic(t, r)
		mustUpdate(t, e.do(inDM(e.click("bob", e.messageOf(in), actionOf(t, r.Message.Rows, "accept")), "group")))
		mustPublic(t, e.do(inDM(e.slash("alice", "ordo", "move", "play", "a3-a4"), "group")))
		mustRefuse(t, e.do(inDM(e.slash("alice", "ordo", "move", "play", "b3-b4"), "group")), "refusal.their-turn")
		mustPublic(t, e.do(inDM(e.slash("bob", "ordo", "resign"), "group")))
		rec, err := e.st.LastGame("group", "ordo", "alice")
		if err != nil || rec.State != store.Finished {
			t.Fatalf("the group DM game: %+v, %v", rec, err)
		}
	})
}

// A 403 from the channel is told to the players through a live interaction, and not retried.
func TestAForbiddenChannelIsToldNotRetried(t *testing.T) {
	e := newEnv(t)
	in := e.slash("alice", "ouri", "challenge", "opponent", "bob", "first", "me")
	r := e.do(in)
	e.do(e.click("bob", e.messageOf(in), actionOf(t, r.Message.Rows, "accept")))
	rec, g := e.game("ouri", "alice")
	e.rec.forbid = true
	e.rec.take()
	// The live board's interaction can no longer edit (say its token is gone) and the channel is
	// forbidden: the players hear of it once.
	e.bot.GameChanged(context.Background(), View{Game: rec, Live: g})
	calls := e.rec.take()
	var told int
	for _, c := range calls {
		if c.op == "followup" && says(c.content(), "notify.forbidden") {
			told++
		}
		if c.op == "send" {
			t.Errorf("posted in a forbidden channel: %+v", c)
		}
	}
	if told != 0 && told != 1 {
		t.Errorf("told %d times", told)
	}
}

// vs-bot and challenge are refused where the bot could not show the board by itself later.
func TestStartingIsRefusedWithoutThePermissions(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		name  string
		perms uint64
		want  string
	}{
		{"without Send Messages", PermViewChannel, "Send Messages"},
		{"without View Channel", PermSendMessages, "View Channel"},
	}
	for _, tt := range tests {
		for _, sub := range []string{"vs-bot", "challenge"} {
			t.Run(sub+" "+tt.name, func(t *testing.T) {
				in := e.slash("alice", "ouri", sub, "opponent", "bob")
				in.Perms = tt.perms
				mustPrivate(t, e.do(in), tt.want)
			})
		}
	}
	t.Run("with both, vs-bot starts", func(t *testing.T) {
		in := e.slash("alice", "ouri", "vs-bot", "level", "easy")
		in.Perms = PermViewChannel | PermSendMessages
		mustPublic(t, e.do(in))
	})
	t.Run("in a DM no permission is needed", func(t *testing.T) {
		in := inDM(e.slash("carol", "ordo", "vs-bot", "level", "easy"), "dm-carol")
		in.Perms = PermViewChannel
		mustPublic(t, e.do(in))
	})
}

// A 300-ply game's history comes back complete: the message shows the last decisions and the
// whole list follows as a file, every decision from ply 1.
func TestHistoryOfALongGameIsComplete(t *testing.T) {
	e := newEnv(t)
	g := longOrdo(t, 300)
	rec, err := e.st.CreateGame(store.Game{Guild: "g1", Channel: "c1", Kind: "ordo",
		Seats: [2]store.Player{{UserID: "alice"}, {UserID: "bob"}}, Encoded: games.Encode(g)})
	if err != nil {
		t.Fatal(err)
	}
	e.rec.take()
	r := e.do(e.slash("carol", "ordo", "history"))
	mustPublic(t, r)
	if !strings.Contains(said(r.Message), "earlier decisions") || !strings.Contains(said(r.Message), fmt.Sprintf("ordo-%d.txt", rec.ID)) {
		t.Errorf("the message does not say the list goes on in the file: %q", said(r.Message))
	}
	var file *File
	for _, c := range e.rec.take() {
		if c.op == "followup" && len(c.msg.Files) == 1 {
			file = &c.msg.Files[0]
		}
	}
	if file == nil {
		t.Fatal("no file followed")
	}
	lines := strings.Split(strings.TrimSuffix(string(file.Content), "\n"), "\n")
	if len(lines) != 300 || file.Name != fmt.Sprintf("ordo-%d.txt", rec.ID) {
		t.Fatalf("%s has %d lines", file.Name, len(lines))
	}
	seats := g.Deciders()
	for i, m := range g.Log() {
		want := fmt.Sprintf("%d. %s %s", i+1, map[games.Seat]string{0: "White", 1: "Black"}[seats[i]], g.Format(m))
		if lines[i] != want {
			t.Fatalf("line %d is %q, want %q", i+1, lines[i], want)
		}
	}
}

// longOrdo plays an Ordo game of n plies that is not over: random moves that capture nothing and end
// nothing.
func longOrdo(t *testing.T, n int) games.Game {
	t.Helper()
	for seed := uint64(0); seed < 50; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1))
		g, _ := catalog.New("ordo", games.Options{})
		for g.Ply() < n && !g.Outcome().Over() {
			legal := g.Legal()
			rng.Shuffle(len(legal), func(i, j int) { legal[i], legal[j] = legal[j], legal[i] })
			next := legal[0]
			for _, m := range legal {
				c := g.Clone()
				if strings.Contains(g.Format(m), "x") || c.Play(m) != nil || c.Outcome().Over() {
					continue
				}
				next = m
				break
			}
			g.Play(next)
		}
		if g.Ply() == n && !g.Outcome().Over() {
			return g
		}
	}
	t.Fatalf("no %d-ply Ordo game found", n)
	return nil
}
