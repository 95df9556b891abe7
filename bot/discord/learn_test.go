package discord

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tabuleiro/ai/puzzle"
)

// A lesson over the signed endpoint: shown privately with the houses' buttons, a wrong /move
// explained, then answered by a button that updates the lesson's message (type 7) with the next
// lesson; an older button is stale.
func TestALessonOverTheEndpoint(t *testing.T) {
	tb := newTable(t)
	const ch, alice = "c-learn", "301"
	r, token := tb.send(command(alice, ch, "ouri", "learn"))
	if r.Type != 4 || !r.private() {
		t.Fatalf("the lesson: want a private answer, got type %d flags %d: %q", r.Type, r.Data.Flags, r.Data.Content)
	}
	mustSay(t, "the lesson", r.Data.Content, "**Sowing** — lesson 1 of 13", "**Your task:**", "```")
	var d string
	for _, id := range r.customIDs() {
		if strings.HasSuffix(id, "/learn/d") {
			d = id
		}
	}
	if d == "" {
		t.Fatalf("no button for house d: %v", r.customIDs())
	}
	wrong, _ := tb.send(command(alice, ch, "ouri", "move", opt{"play", 3, "a"}))
	if !wrong.private() {
		t.Fatalf("a wrong answer is not private: %q", wrong.Data.Content)
	}
	mustSay(t, "the wrong answer", wrong.Data.Content, "Not that. `a` holds 4 seeds", "**Sowing** — lesson 1 of 13")
	right, _ := tb.send(click(alice, ch, d, "orig-"+token))
	if right.Type != 7 {
		t.Fatalf("the button's answer: want the lesson's message updated (type 7), got %d: %q", right.Type, right.Data.Content)
	}
	mustSay(t, "the right answer", right.Data.Content, "Right: `d`.", "**Lesson done.** Four seeds", "lesson 2 of 13")
	stale, _ := tb.send(click(alice, ch, d, "orig-"+token))
	mustSay(t, "the same button again", stale.Data.Content, en("learn.refuse.moved"))
}

// A puzzle over the signed endpoint: served privately, its right moves (every one the truth keeps,
// the last it lists here) answered by the defence until it is solved, and the rating change shown.
func TestAPuzzleSolvedOverTheEndpoint(t *testing.T) {
	tb := newTable(t)
	const ch, bob = "c-puzzle", "302"
	r, _ := tb.send(command(bob, ch, "ordo", "puzzle"))
	if r.Type != 4 || !r.private() {
		t.Fatalf("the puzzle: want a private answer, got type %d flags %d: %q", r.Type, r.Data.Flags, r.Data.Content)
	}
	id := regexp.MustCompile("`(ordo-[0-9]+)`").FindStringSubmatch(r.Data.Content)
	if id == nil {
		t.Fatalf("no puzzle served: %q", r.Data.Content)
	}
	ps, err := puzzle.Load("ordo")
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(ps, func(p puzzle.Puzzle) bool { return p.ID == id[1] })
	a, err := puzzle.Start(ps[i])
	if err != nil {
		t.Fatal(err)
	}
	truth, _ := puzzle.TruthOf(a.Game.Descriptor())
	for !a.Over {
		keep, _, err := truth.Keeping(a.Game, a.Puzzle.Plies-len(a.Played))
		if err != nil {
			t.Fatal(err)
		}
		m := keep[len(keep)-1]
		played := a.Game.Format(m)
		if _, err := a.Play(m); err != nil {
			t.Fatal(err)
		}
		r, _ = tb.send(command(bob, ch, "ordo", "move", opt{"play", 3, played}))
		if !r.private() {
			t.Fatalf("the answer to %s is not private: %q", played, r.Data.Content)
		}
		mustSay(t, "a right move", r.Data.Content, "Right: `"+played+"`")
	}
	mustSay(t, "the solved puzzle", r.Data.Content, "**Solved!**", "Your puzzle rating: 1500? → ")
	if !regexp.MustCompile(`→ [0-9]+\?? \(\+[0-9]+\)`).MatchString(r.Data.Content) {
		t.Errorf("the rating change is not a rise: %q", r.Data.Content)
	}
	again, _ := tb.send(command(bob, ch, "ordo", "puzzle"))
	if strings.Contains(again.Data.Content, id[1]) {
		t.Errorf("the solved puzzle is served again: %q", again.Data.Content)
	}
}

// An Ouri puzzle answered by its houses' buttons: a right one updates the puzzle's message, the
// same button again is stale, and a button of a settled puzzle starts no new one.
func TestAPuzzleAnsweredByButtonsOverTheEndpoint(t *testing.T) {
	tb := newTable(t)
	const ch, carol = "c-puzzle-buttons", "303"
	r, token := tb.send(command(carol, ch, "ouri", "puzzle"))
	id := regexp.MustCompile("`((ouri|abapa)-[0-9]+)`").FindStringSubmatch(r.Data.Content)
	if id == nil || !r.private() {
		t.Fatalf("no puzzle served privately: %q", r.Data.Content)
	}
	ps, err := puzzle.Load(id[2])
	if err != nil {
		t.Fatal(err)
	}
	a, err := puzzle.Start(ps[slices.IndexFunc(ps, func(p puzzle.Puzzle) bool { return p.ID == id[1] })])
	if err != nil {
		t.Fatal(err)
	}
	truth, _ := puzzle.TruthOf(a.Game.Descriptor())
	for first := true; !a.Over; first = false {
		keep, _, err := truth.Keeping(a.Game, 0)
		if err != nil {
			t.Fatal(err)
		}
		played := a.Game.Format(keep[len(keep)-1])
		button := ""
		for _, c := range r.customIDs() {
			if strings.HasSuffix(c, "/puzzle/"+played) {
				button = c
			}
		}
		if button == "" {
			t.Fatalf("no button for %s: %v", played, r.customIDs())
		}
		if _, err := a.Play(keep[len(keep)-1]); err != nil {
			t.Fatal(err)
		}
		r, _ = tb.send(click(carol, ch, button, "orig-"+token))
		if r.Type != 7 {
			t.Fatalf("the button's answer: want the puzzle's message updated (type 7), got %d: %q", r.Type, r.Data.Content)
		}
		mustSay(t, "a right button", r.Data.Content, "Right: `"+played+"`")
		if first {
			stale, _ := tb.send(click(carol, ch, button, "orig-"+token))
			want := en("puzzle.refuse.moved")
			if a.Over {
				want = en("puzzle.refuse.none")
			}
			mustSay(t, "the same button again", stale.Data.Content, want)
		}
	}
	mustSay(t, "the solved puzzle", r.Data.Content, "**Solved!**", "Your puzzle rating: 1500? → ")
	if len(r.customIDs()) != 0 {
		t.Errorf("a solved puzzle keeps buttons: %v", r.customIDs())
	}
}

// The daily puzzle over the endpoint: set by /tabuleiro settings with a channel option, posted once
// to that channel by REST at the hour however often the loop sweeps, and its Solve button opens
// the puzzle privately for whoever presses it.
func TestTheDailyPuzzleOverTheEndpoint(t *testing.T) {
	tb := newTable(t)
	const ch, dave = "c-settings", "304"
	set := command(dave, ch, "tabuleiro", "settings", opt{"puzzle-channel", 7, "c-daily"}, opt{"puzzle-hour", 3, "12"})
	set["member"].(map[string]any)["permissions"] = "32"
	r, _ := tb.send(set)
	mustSay(t, "the settings", r.Data.Content, "daily puzzle: **in** <#c-daily> **at 12:00 UTC**")
	tb.bot.Sweep(context.Background())
	tb.bot.Sweep(context.Background())
	const posts = "/api/v10/channels/c-daily/messages"
	if n := tb.f.count("POST", posts); n != 1 {
		t.Fatalf("the daily puzzle was posted %d times, want once", n)
	}
	var body struct {
		Content    string
		Components []struct {
			Components []struct {
				CustomID string `json:"custom_id"`
			}
		}
	}
	for _, c := range tb.f.recorded() {
		if c.Method == "POST" && c.Path == posts {
			if err := json.Unmarshal([]byte(c.Body), &body); err != nil {
				t.Fatal(err)
			}
		}
	}
	mustSay(t, "the daily post", body.Content, "**Daily ", en("daily.unsolved"))
	if len(body.Components) != 1 || len(body.Components[0].Components) != 1 {
		t.Fatalf("the daily post's controls: %+v", body.Components)
	}
	solved, _ := tb.send(click(dave, "c-daily", body.Components[0].Components[0].CustomID, "1"))
	if !solved.private() {
		t.Fatalf("Solve: want a private answer, got %q", solved.Data.Content)
	}
	mustSay(t, "the puzzle Solve opens", solved.Data.Content, "puzzle** `", "**Your task:**")
}
