package bot

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"tabuleiro/ai/puzzle"
	"tabuleiro/say"
	"tabuleiro/store"
)

// manager is in with Manage Server.
func manager(in *Interaction) *Interaction { in.MemberPerms |= PermManageServer; return in }

// dailySends are the daily puzzles the bot posted since the last take.
func dailySends(e *env) []sent {
	var out []sent
	for _, c := range e.rec.take() {
		if c.op == "send" && strings.Contains(c.content(), "Daily") {
			out = append(out, c)
		}
	}
	return out
}

// The daily puzzle's settings: only for Manage Server, the hour one of the day's, off by default,
// and shown in the settings' list.
func TestTheDailyPuzzleSettings(t *testing.T) {
	e := newEnv(t)
	settings := func(opts ...any) *Interaction { return e.slash("alice", "tabuleiro", "settings", opts...) }
	t.Run("the daily puzzle is off by default", func(t *testing.T) {
		mustPrivate(t, e.do(manager(settings())), "daily puzzle: **off (`puzzle-channel:#channel` turns it on, at 00:00 UTC)**")
	})
	t.Run("a member without Manage Server may not set it", func(t *testing.T) {
		mustRefuse(t, e.do(settings("puzzle-channel", "c9", "puzzle-hour", "14")), "refusal.settings-perm")
	})
	for _, hour := range []string{"24", "-1", "noon"} {
		t.Run("puzzle-hour "+hour+" is refused and changes nothing", func(t *testing.T) {
			mustRefuse(t, e.do(manager(settings("puzzle-channel", "c9", "puzzle-hour", hour))), "puzzle.refuse.hour")
		})
	}
	mustPrivate(t, e.do(manager(settings())), "daily puzzle: **off (`puzzle-channel:#channel` turns it on, at 00:00 UTC)**")
	t.Run("a channel and an hour turn it on", func(t *testing.T) {
		mustPrivate(t, e.do(manager(settings("puzzle-channel", "c9", "puzzle-hour", "7"))), "daily puzzle: **in** #c9 **at 07:00 UTC**")
	})
	t.Run("puzzle-hour off turns it off", func(t *testing.T) {
		mustPrivate(t, e.do(manager(settings("puzzle-hour", "off"))), "daily puzzle: **off (`puzzle-channel:#channel` turns it on, at 07:00 UTC)**")
	})
	t.Run("an hour alone is kept, and said, until a channel turns it on", func(t *testing.T) {
		mustPrivate(t, e.do(manager(settings("puzzle-hour", "9"))), "daily puzzle: **off (`puzzle-channel:#channel` turns it on, at 09:00 UTC)**")
		mustPrivate(t, e.do(manager(settings("puzzle-channel", "c9"))), "daily puzzle: **in** #c9 **at 09:00 UTC**")
	})
}

// The daily puzzle is posted once a day at the server's hour, across a restart, again the next day;
// its Solve button opens it privately, and each solver is counted once on the public message.
func TestTheDailyPuzzleIsPostedOnceADayAndCountsItsSolvers(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.do(manager(e.slash("alice", "tabuleiro", "settings", "puzzle-channel", "c9", "puzzle-hour", "14")))
	e.rec.take()

	e.bot.Sweep(ctx)
	if got := dailySends(e); len(got) != 0 {
		t.Fatalf("posted at 12:00 for 14:00: %q", got[0].content())
	}
	e.clock.Advance(2 * time.Hour)
	e.bot.Sweep(ctx)
	posts := dailySends(e)
	if len(posts) != 1 || posts[0].channel != "c9" {
		t.Fatalf("at 14:00: want one post in c9, got %v", posts)
	}
	post := posts[0]
	for _, want := range []string{"**Daily ", "2025-03-01", "```", "**Your task:**", en("daily.unsolved")} {
		if !strings.Contains(post.content(), want) {
			t.Errorf("the daily post lacks %q: %q", want, post.content())
		}
	}
	e.bot.Sweep(ctx)
	e.bot.Wait()
	e.st.Close()
	e.open()
	e.bot.Sweep(ctx)
	if got := dailySends(e); len(got) != 0 {
		t.Fatalf("posted again the same day after a restart: %q", got[0].content())
	}

	solve := controls(post.msg.Rows)
	if len(solve) != 1 || solve[0].Label != "Solve" {
		t.Fatalf("the daily post's controls: %+v", solve)
	}
	for n, user := range []string{"bob", "carol"} {
		r := e.do(e.click(user, post.message, solve[0].Action))
		if !isPrivate(r) {
			t.Fatalf("Solve is not private: %q", said(r.Message))
		}
		solveShown(t, e, user, said(r.Message))
		edits := channelEdits(e)
		if len(edits) == 0 || edits[len(edits)-1].message != post.message {
			t.Fatalf("%s's solve did not edit the daily post: %v", user, edits)
		}
		want := []string{"Solved by 1 person so far.", "Solved by 2 people so far."}[n]
		if got := edits[len(edits)-1].content(); !strings.Contains(got, want) {
			t.Errorf("after %s's solve the post says %q, want %q", user, got, want)
		}
	}
	for _, c := range e.rec.edits() {
		if c.message == post.message && (c.cleared || len(controls(c.msg.Rows)) != 1) {
			t.Fatalf("the shared daily post lost its Solve: %+v", c)
		}
	}
	t.Run("a second solve by the same person is not counted", func(t *testing.T) {
		r := e.do(e.click("bob", post.message, solve[0].Action))
		solveShown(t, e, "bob", said(r.Message))
		if edits := channelEdits(e); !strings.Contains(edits[len(edits)-1].content(), "Solved by 2 people so far.") {
			t.Errorf("after bob's second solve the post says %q", edits[len(edits)-1].content())
		}
	})
	e.rec.take()

	e.clock.Advance(24 * time.Hour)
	e.bot.Sweep(ctx)
	if got := dailySends(e); len(got) != 1 || !strings.Contains(got[0].content(), "2025-03-02") {
		t.Fatalf("the next day: want one post of 2025-03-02, got %v", got)
	}
}

// solveShown solves the puzzle shown to user by moves the truth keeps, typed as /<game> move.
// channelEdits are the edits made in channels, oldest first: the daily post's. The solver's earlier
// private panels are cleared too, through their interactions.
func channelEdits(e *env) []sent {
	var out []sent
	for _, c := range e.rec.edits() {
		if !c.webhook {
			out = append(out, c)
		}
	}
	return out
}

func solveShown(t *testing.T, e *env, user, shown string) {
	t.Helper()
	id := regexp.MustCompile("`((oolong|ouri|abapa|ordo)-[0-9]+)`").FindStringSubmatch(shown)
	if id == nil {
		t.Fatalf("no puzzle shown: %q", shown)
	}
	ps, err := puzzle.Load(id[2])
	if err != nil {
		t.Fatal(err)
	}
	var a *puzzle.Attempt
	for _, p := range ps {
		if p.ID == id[1] {
			a, err = puzzle.Start(p)
		}
	}
	if a == nil || err != nil {
		t.Fatalf("puzzle %s: %v", id[1], err)
	}
	kind := a.Game.Descriptor().Kind
	truth, _ := puzzle.TruthOf(a.Game.Descriptor())
	var r Reply
	for !a.Over {
		keep, _, err := truth.Keeping(a.Game, a.Puzzle.Plies-len(a.Played))
		if err != nil {
			t.Fatal(err)
		}
		played := a.Game.Format(keep[len(keep)-1])
		if _, err := a.Play(keep[len(keep)-1]); err != nil {
			t.Fatal(err)
		}
		r = e.do(e.slash(user, kind, "move", "play", played))
	}
	mustPrivate(t, r, "**Solved!**")
}

func TestTheDailyPuzzleCountsItsSolversInWords(t *testing.T) {
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{
		{say.English, 0, "daily.unsolved"},
		{say.English, 1, "daily.solvers"},
		{say.English, 2, "daily.solvers"},
		{say.Portuguese, 0, "daily.unsolved"},
		{say.Portuguese, 1, "daily.solvers"},
		{say.Portuguese, 2, "daily.solvers"},
	} {
		t.Run(fmt.Sprintf("%d solvers in %s", c.n, c.lang), func(t *testing.T) {
			w := say.For(c.lang)
			if got, want := solvers(c.n, w).String(), w.Rich(c.want, map[string]any{"Count": c.n}).String(); got != want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// One counted attempt a person and day, across a restart: bob fails his, the bot restarts, and
// Solve pressed again is a retry that says so; solving it says it is not counted, and the post is
// left as it was.
func TestARetryOfTheDailyPuzzleAfterARestartIsNotCounted(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.do(manager(e.slash("alice", "tabuleiro", "settings", "puzzle-channel", "c9", "puzzle-hour", "12")))
	e.rec.take()
	e.bot.Sweep(ctx)
	posts := dailySends(e)
	if len(posts) != 1 {
		t.Fatalf("want one daily post, got %v", posts)
	}
	post := posts[0]
	solve := controls(post.msg.Rows)[0]
	shown := said(e.do(e.click("bob", post.message, solve.Action)).Message)
	id := regexp.MustCompile("`((oolong|ouri|abapa|ordo)-[0-9]+)`").FindStringSubmatch(shown)
	if id == nil {
		t.Fatalf("no puzzle shown: %q", shown)
	}
	ps, _ := puzzle.Load(id[2])
	var a *puzzle.Attempt
	for _, p := range ps {
		if p.ID == id[1] {
			a, _ = puzzle.Start(p)
		}
	}
	truth, _ := puzzle.TruthOf(a.Game.Descriptor())
	_, lose, err := truth.Keeping(a.Game, a.Puzzle.Plies)
	if err != nil || len(lose) == 0 {
		t.Fatalf("the puzzle's losing moves: %v, %v", lose, err)
	}
	kind := a.Game.Descriptor().Kind
	failed := said(e.do(e.slash("bob", kind, "move", "play", a.Game.Format(lose[0]))).Message)
	if !strings.Contains(strings.ReplaceAll(failed, "**", ""), say.For(say.English).T("puzzle.failed", map[string]any{"Kind": kind})) {
		t.Fatalf("the losing move does not fail the puzzle: %q", failed)
	}

	e.bot.Wait()
	e.st.Close()
	e.open()
	e.rec.take()
	retry := said(e.do(e.click("bob", post.message, solve.Action)).Message)
	if !strings.Contains(retry, say.For(say.English).T("daily.retry.failed", nil)) {
		t.Fatalf("the retry does not say so: %q", retry)
	}
	solveShown(t, e, "bob", retry)
	if edits := channelEdits(e); len(edits) != 0 {
		t.Errorf("the retry edited the daily post: %q", edits[len(edits)-1].content())
	}
	if d, err := e.st.Daily("g1", store.Day(e.clock.Now())); err != nil || d.Solvers != 0 {
		t.Errorf("the retry was counted: %+v, %v", d, err)
	}
}

// The daily post shows its position as the server's boards are: with boards:image a picture with
// its alt text beside the notes (no text block), and as text where the bot turns out not to be
// allowed to attach it; a solver's count keeps the picture.
func TestTheDailyPostFollowsTheServersBoards(t *testing.T) {
	for _, tc := range []struct {
		name        string
		forbidFiles bool
		picture     bool
	}{
		{"a picture where the bot may attach files", false, true},
		{"text where it may not", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			e.imageServer()
			e.do(manager(e.slash("alice", "tabuleiro", "settings", "puzzle-channel", "c9", "puzzle-hour", "12")))
			e.rec.take()
			e.rec.forbidFiles = tc.forbidFiles
			e.bot.Sweep(context.Background())
			posts := dailySends(e)
			if len(posts) != 1 {
				t.Fatalf("want one daily post, got %d", len(posts))
			}
			post := posts[0]
			files := post.msg.Files
			if got := len(files) == 1; got != tc.picture {
				t.Fatalf("the daily post has %d files, want a picture: %v", len(files), tc.picture)
			}
			if hasBlock := strings.Contains(post.content(), "```"); hasBlock == tc.picture {
				t.Errorf("the daily post's text block shown: %v, want %v:\n%s", hasBlock, !tc.picture, post.content())
			}
			if !tc.picture {
				return
			}
			if f := files[0]; !strings.HasPrefix(f.Name, "daily-") || !strings.HasSuffix(f.Name, ".png") || f.Description == "" || len(f.Lines) == 0 {
				t.Errorf("the picture is %q with alt text %q and %d lines", f.Name, f.Description, len(f.Lines))
			}
			r := e.do(e.click("bob", post.message, controls(post.msg.Rows)[0].Action))
			solveShown(t, e, "bob", said(r.Message))
			edits := channelEdits(e)
			if len(edits) == 0 || len(edits[len(edits)-1].msg.Files) != 1 {
				t.Errorf("the solver's count dropped the picture: %+v", edits)
			}
		})
	}
}
