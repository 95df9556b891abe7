package console

import (
	"bytes"
	"context"
	"log/slog"
	"regexp"
	"strings"
	"testing"
	"time"

	"tabuleiro/bot"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
	"tabuleiro/store"
)

// coachSession plays lines at a console whose coach searches to a fixed depth, and returns the
// transcript of each line.
func coachSession(t *testing.T, lines ...string) []string {
	t.Helper()
	clock := &clock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
	st, err := store.Open(t.TempDir()+"/console.db", store.Options{Decode: catalog.Decode, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var out bytes.Buffer
	c := New(&out, clock.Now)
	c.elideBoards = true
	b := bot.New(st, c, bot.Config{Now: clock.Now, Seed: 11, Log: slog.New(slog.DiscardHandler), AI: testAI, CoachDepth: 8})
	c.Attach(b)
	var got []string
	for _, line := range lines {
		out.Reset()
		c.Line(context.Background(), line)
		got = append(got, out.String())
	}
	b.Wait()
	return got
}

func TestConsoleHintCountsAndIsRefusedInRatedGames(t *testing.T) {
	out := coachSession(t,
		"@alice /ouri challenge opponent:@bob first:me rated:false",
		"@bob click Accept",
		"@bob /ouri hint",
		"@alice /ouri hint",
		"@alice /ouri hint",
		"@alice /ouri hint",
		"@alice /ouri hint",
		"@carol /ouri challenge opponent:@dave first:me rated:true",
		"@dave click Accept",
		"@carol /ouri hint",
	)
	for _, c := range []struct {
		line int
		want string
	}{
		{2, en("coach.refuse.turn")},
		{3, "Hint 1 of 3: play "},
		{3, en("coach.hint.left", "Count", 2)},
		{4, "Hint 2 of 3"},
		{4, en("coach.hint.left", "Count", 1)},
		{5, "Hint 3 of 3"},
		{5, en("coach.hint.last")},
		{6, en("coach.refuse.spent", "Max", 3)},
		{9, en("coach.refuse.rated")},
	} {
		if !strings.Contains(out[c.line], c.want) {
			t.Errorf("line %d does not say %q:\n%s", c.line, c.want, out[c.line])
		}
	}
	// The thinking placeholder is replaced by the hint itself.
	if !strings.Contains(out[3], en("coach.thinking")) || !strings.Contains(out[3], "edited message") {
		t.Errorf("the hint is not edited into its deferred answer:\n%s", out[3])
	}
}

func TestConsoleReviewFindsTheBlunder(t *testing.T) {
	// South's d at ply 11 leaves six seeds to North's f; c was better.
	lines := []string{"@alice /ouri challenge opponent:@bob first:me rated:false", "@bob click Accept"}
	for i, m := range []string{"e", "c", "c", "f", "b", "d", "f", "f", "a", "e", "d", "f"} {
		who := "@alice"
		if i%2 == 1 {
			who = "@bob"
		}
		lines = append(lines, who+" /ouri move play:"+m)
	}
	lines = append(lines, "@alice /ouri resign", "@bob /ouri review")
	out := coachSession(t, lines...)
	review := out[len(out)-1]
	for _, want := range []string{
		en("coach.reviewing"),
		"11. South `d`?? — better `c`",
		"Accuracy of @alice (South)",
		"`??` blunder (30+)",
	} {
		if !strings.Contains(review, want) {
			t.Errorf("the review does not say %q:\n%s", want, review)
		}
	}
	// Bob made no mistake: no decision of his is marked, and he kept at least 90 % accuracy.
	if !regexp.MustCompile(`Accuracy of @bob \(North\): (9\d|100)% over`).MatchString(review) {
		t.Errorf("bob's accuracy is not 90 %% or more:\n%s", review)
	}
	if n := strings.Count(review, "— better"); n != 1 {
		t.Errorf("the review lists %d decisions, want the blunder alone:\n%s", n, review)
	}
}

// A bystander's review grades the channel's last game between people, not the team's that ended
// after it; with only a team's game finished, that one.
func TestABystandersReviewPicksTheLastGameBetweenPeople(t *testing.T) {
	bothLanguages(t, func(t *testing.T, lang string, w *say.Words) {
		out := session(t, lang, "@alice /ouri challenge opponent:@bob first:me", "@bob click "+w.T("button.accept", nil), "@alice /ouri move play:c",
			"@bob /ouri resign", "@dave /ouri vs-bot team:true level:easy", "@dave /ouri resign", "@carol /ouri review")
		review := out[len(out)-1]
		team, _, _ := strings.Cut(w.T("status.team", map[string]any{"Colour": "-"}), "(") // the team, in either seat
		if !strings.Contains(review, "@alice") || !strings.Contains(review, "@bob") || strings.Contains(review, team) {
			t.Errorf("carol's review is not of alice and bob's game:\n%s", review)
		}
		out = session(t, lang, "@dave /ouri vs-bot team:true level:easy", "@dave /ouri move play:c", "@dave /ouri resign", "@carol /ouri review")
		if review := out[len(out)-1]; !strings.Contains(review, team) {
			t.Errorf("with only the team's game finished, carol's review is not of it:\n%s", review)
		}
		out = session(t, lang, "@dave /ouri vs-bot team:true level:easy first:me", "@dave /ouri resign", "@carol /ouri review")
		none, _, _ := strings.Cut(w.T("coach.review.head-none", map[string]any{"Players": "-"}), "-")
		if review := out[len(out)-1]; !strings.Contains(review, none) || !strings.Contains(review, w.T("coach.review.accuracy-none", map[string]any{"Who": ""})[:8]) {
			t.Errorf("a game of no decision is not reviewed as one:\n%s", review)
		}
	})
}
