package bot

import (
	"context"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"tabuleiro/say"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// noFollowup stands for an interaction's webhook: it keeps what was edited in.
type noFollowup struct {
	mu     sync.Mutex
	edited []string
}

func (f *noFollowup) Original(ctx context.Context) (string, error) { return "m", nil }
func (f *noFollowup) EditOriginal(ctx context.Context, m Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.edited = append(f.edited, m.Content.String())
	return nil
}
func (f *noFollowup) ClearOriginal(ctx context.Context) error { return nil }
func (f *noFollowup) FollowUp(ctx context.Context, m Message) (string, error) {
	return "f", nil
}

func TestOneCoachJobAtATimePerPerson(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	st, err := store.Open(t.TempDir()+"/coach.db", store.Options{Decode: catalog.Decode, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	b := New(st, nil, Config{Now: clock, Seed: 1, Log: slog.New(slog.DiscardHandler), AI: ai.New(ai.Config{EndgameSeeds: 8}), CoachDepth: 2})
	n := 0
	slash := func(user, sub string) Reply {
		n++
		return b.Handle(context.Background(), &Interaction{Type: Command, ID: "i" + string(rune('a'+n)), User: user,
			Guild: "g1", Channel: "c1", Command: CommandData{Name: "ordo", Sub: sub, Options: map[string]Value{
				"level": {Str: "easy"}, "first": {Str: "me"}}, Bots: map[string]bool{}}})
	}
	if r := slash("alice", "vs-bot"); r.Message.Private {
		t.Fatalf("vs-bot refused: %s", r.Message.Content)
	}
	if r := slash("alice", "resign"); r.Message.Private {
		t.Fatalf("resign refused: %s", r.Message.Content)
	}

	first := slash("alice", "review")
	if first.Type != Deferred || first.After == nil {
		t.Fatalf("a review: %+v", first)
	}
	if r := slash("alice", "review"); r.Type != Post || !says(said(r.Message), "coach.refuse.busy") {
		t.Errorf("a second review while the first runs: %+v", r)
	}
	if r := slash("bob", "review"); r.Type != Deferred {
		t.Errorf("someone else's review is refused: %+v", r)
	}
	f := &noFollowup{}
	first.After(context.Background(), f)
	if len(f.edited) != 1 || !strings.Contains(f.edited[0], "Review of") {
		t.Fatalf("the review edited in: %q", f.edited)
	}
	lost := slash("alice", "review")
	if lost.Type != Deferred {
		t.Fatalf("a review once the first is done: %+v", lost)
	}
	// Its After never runs (the interaction was lost): the turn frees itself in time.
	mu.Lock()
	now = now.Add(coachTimeout + time.Minute)
	mu.Unlock()
	if r := slash("alice", "review"); r.Type != Deferred {
		t.Errorf("a review after a lost one timed out: %+v", r)
	}
}

// newCoachEnv is the bot whose coach searches to a fixed depth: the same hints and reviews on any
// machine.
func newCoachEnv(t *testing.T) *env {
	return newEnvWith(t, slog.New(slog.DiscardHandler), func(c *Config) { c.CoachDepth = 8 })
}

// ouriGame has south challenge north to an Ouri game in channel, south first, rated or not, and
// north accept it.
func (e *env) ouriGame(channel, south, north string, rated bool) {
	e.t.Helper()
	in := e.slash(south, "ouri", "challenge", "opponent", north, "first", "me", "rated", rated)
	in.Channel = channel
	r := e.do(in)
	mustPublic(e.t, r)
	accept := e.click(north, e.messageOf(in), actionOf(e.t, r.Message.Rows, "accept"))
	accept.Channel = channel
	mustUpdate(e.t, e.do(accept))
}

// play has user play move with /ouri move in channel.
func (e *env) play(channel, user, move string) {
	e.t.Helper()
	in := e.slash(user, "ouri", "move", "play", move)
	in.Channel = channel
	mustPublic(e.t, e.do(in))
}

// in is the command user gave in channel.
func (e *env) in(channel, user, sub string, opts ...any) *Interaction {
	in := e.slash(user, "ouri", sub, opts...)
	in.Channel = channel
	return in
}

// deferred answers a command that must be answered later: privately deferred at once, then the
// text edited into the reply through the interaction's follow-ups, once.
func (e *env) deferred(in *Interaction) string {
	e.t.Helper()
	e.rec.take()
	r := e.do(in)
	if r.Type != Deferred || !r.Message.Private {
		e.t.Fatalf("want a private deferred answer, got %+v", r)
	}
	var edits []string
	for _, c := range e.rec.take() {
		if c.op == "edit" && c.webhook && c.message == e.messageOf(in) {
			edits = append(edits, c.content())
		}
	}
	if len(edits) != 1 {
		e.t.Fatalf("want one edit of the deferred answer, got %d: %q", len(edits), edits)
	}
	return edits[0]
}

func mustSay(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("%s does not say %q:\n%s", what, want, text)
		}
	}
}

func TestHint(t *testing.T) {
	e := newCoachEnv(t)
	const ch = "c-hint"
	e.ouriGame(ch, "alice", "bob", false)

	t.Run("not on the opponent's turn: refused at once, privately", func(t *testing.T) {
		r := e.do(e.in(ch, "bob", "hint"))
		mustRefuse(t, r, "coach.refuse.turn")
	})
	t.Run("three hints, counted, each a legal move", func(t *testing.T) {
		for i, want := range []string{"Hint 1 of 3: play **", "Hint 2 of 3", "Hint 3 of 3"} {
			text := e.deferred(e.in(ch, "alice", "hint"))
			left := []string{en("coach.hint.left", "Count", 2), en("coach.hint.left", "Count", 1), en("coach.hint.last")}[i]
			mustSay(t, "the hint", text, want, left)
			if !says(text, "coach.outlook.chance") {
				t.Errorf("the hint gives no chance to win: %s", text)
			}
			move := strings.SplitN(strings.SplitN(text, "play **`", 2)[1], "`**", 2)[0]
			if !strings.Contains("abcdef", move) || len(move) != 1 {
				t.Errorf("the hint names %q, not a house", move)
			}
		}
	})
	t.Run("a fourth is refused at once", func(t *testing.T) {
		r := e.do(e.in(ch, "alice", "hint"))
		mustRefuse(t, r, "coach.refuse.spent")
		mustSay(t, "the refusal", said(r.Message), "You have used all 3 hints of this game.")
	})
	t.Run("the opponent has hints of their own, in their language", func(t *testing.T) {
		e.play(ch, "alice", "f")
		in := e.in(ch, "bob", "hint")
		in.Locale = "pt-BR"
		mustSay(t, "the hint", e.deferred(in), "Dica 1 de 3: jogue **", "Restam 2 dicas nesta partida.")
	})
	t.Run("refused in a rated game", func(t *testing.T) {
		const ch = "c-rated"
		e.ouriGame(ch, "carol", "dave", true)
		r := e.do(e.in(ch, "carol", "hint"))
		mustRefuse(t, r, "coach.refuse.rated")
	})
}

func TestReview(t *testing.T) {
	e := newCoachEnv(t)
	const ch = "c-review"
	t.Run("with no finished game here: refused at once", func(t *testing.T) {
		r := e.do(e.in(ch, "bob", "review"))
		mustRefuse(t, r, "refusal.replay-none")
		mustSay(t, "the refusal", said(r.Message), "No Ouri game has finished in this channel yet")
	})
	t.Run("a game with a known blunder: deferred, then the blunder and the better move", func(t *testing.T) {
		e.ouriGame(ch, "alice", "bob", false)
		// South's d at ply 11 leaves six seeds to North's f; c was better.
		for i, m := range []string{"e", "c", "c", "f", "b", "d", "f", "f", "a", "e", "d", "f"} {
			e.play(ch, []string{"alice", "bob"}[i%2], m)
		}
		mustPublic(t, e.do(e.in(ch, "alice", "resign")))
		text := e.deferred(e.in(ch, "bob", "review", "player", "alice"))
		mustSay(t, "the review", text, "— 12 decisions:", "11. South **`d`??** — better **`c`**",
			"Accuracy of "+mention("alice")+" (South)")
		// Bob made no mistake: no decision of his is marked, and he kept at least 90 % accuracy.
		if !regexp.MustCompile(`Accuracy of ` + regexp.QuoteMeta(mention("bob")) + ` \(North\): (9\d|100)% over 6 decisions`).MatchString(text) {
			t.Errorf("bob's accuracy is not 90 %% or more over 6 decisions:\n%s", text)
		}
		if n := strings.Count(text, "— better"); n != 1 {
			t.Errorf("the review lists %d decisions, want the blunder alone:\n%s", n, text)
		}
	})
}

// A player who made no decision with a choice has no accuracy to show: the review says so instead
// of an accuracy "over 0 decisions".
func TestReviewOfAPlayerWithNoDecisionToGrade(t *testing.T) {
	e := newCoachEnv(t)
	const ch = "c-review-none"
	e.ouriGame(ch, "alice", "bob", false)
	e.play(ch, "alice", "e")
	mustPublic(t, e.do(e.in(ch, "bob", "resign")))
	text := e.deferred(e.in(ch, "carol", "review"))
	w := say.For(say.English)
	none := w.T("coach.review.accuracy-none", map[string]any{"Who": mention("bob") + " (North)"})
	if !strings.Contains(text, none) || strings.Contains(text, "over 0 decisions") {
		t.Errorf("the review of a game bob resigned before deciding does not say %q:\n%s", none, text)
	}
}
