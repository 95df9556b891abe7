package web

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabuleiro/ai"
	"tabuleiro/bot/web/webtest"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/render/live"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// hintOf asks for a hint at ply in game rec: the status, the answer, and the refusal's text.
func (c *client) hintOf(rec store.Game, ply int) (int, HintAnswer, string) {
	c.t.Helper()
	res, body := c.do("POST", c.s.path(rec)+"/hint", fmt.Sprintf(`{"ply":%d}`, ply))
	var h HintAnswer
	var a answer
	if res.StatusCode == http.StatusOK {
		if err := json.Unmarshal([]byte(body), &h); err != nil {
			c.t.Fatalf("the hint is not JSON: %v\n%s", err, body)
		}
	} else if err := json.Unmarshal([]byte(body), &a); err != nil {
		c.t.Fatalf("the refusal is not JSON: %v\n%s", err, body)
	}
	return res.StatusCode, h, a.Error
}

// reviewOf asks for the review of game rec: the status, the review, and the refusal's text.
func (c *client) reviewOf(rec store.Game) (int, Review, string) {
	c.t.Helper()
	res, body := c.do("POST", c.s.path(rec)+"/review", "")
	var rv Review
	var a answer
	if res.StatusCode == http.StatusOK {
		if err := json.Unmarshal([]byte(body), &rv); err != nil {
			c.t.Fatalf("the review is not JSON: %v\n%s", err, body)
		}
	} else if err := json.Unmarshal([]byte(body), &a); err != nil {
		c.t.Fatalf("the refusal is not JSON: %v\n%s", err, body)
	}
	return res.StatusCode, rv, a.Error
}

// refusal is a refusal's text as the page shows it.
func refusalText(lang, id string) string {
	return strings.ReplaceAll(say.For(lang).T(id, map[string]any{"Max": table.HintsPerGame, "Kind": "ordo"}), "`", "")
}

// legend is the review's legend as the page shows it.
func legend(lang string) string {
	return strings.ReplaceAll(say.For(lang).T("coach.review.legend", map[string]any{
		"Inaccuracy": ai.InaccuracyLoss, "Mistake": ai.MistakeLoss, "Blunder": ai.BlunderLoss}), "`", "")
}

func TestAHintIsAnsweredCountedAndRefusedAsTheTableWould(t *testing.T) {
	s := newSite(t)
	carol := s.player(t, "333", s.vsBot)
	if st := carol.state(s.vsBot); !st.May.Hint || st.May.Hints != table.HintsPerGame {
		t.Fatalf("before any hint the state says %+v", st.May)
	}
	_, g, _ := s.st.Game(s.vsBot.ID)
	legal := games.Names(g, g.Legal())
	for used := 1; used <= table.HintsPerGame; used++ {
		status, h, text := carol.hintOf(s.vsBot, 0)
		if status != http.StatusOK || !slices.Contains(legal, h.Move) || h.Left != table.HintsPerGame-used || len(h.Marks) == 0 {
			t.Fatalf("hint %d: %d %+v %s", used, status, h, text)
		}
		if !strings.Contains(h.Said, h.Move) || h.State == nil || h.State.May.Hints != h.Left || h.State.May.Hint != (h.Left > 0) {
			t.Errorf("hint %d says %q with the state %+v", used, h.Said, h.State)
		}
	}
	if st := carol.state(s.vsBot); st.May.Hint || st.May.Hints != 0 {
		t.Errorf("after every hint the state says %+v", st.May)
	}
	if status, _, text := carol.hintOf(s.vsBot, 0); status != http.StatusForbidden || text != refusalText("en-US", "coach.refuse.spent") {
		t.Errorf("a fourth hint: %d %q", status, text)
	}
	if _, live, _ := s.st.Game(s.vsBot.ID); live.Ply() != 0 {
		t.Error("a hint made a decision")
	}
}

func TestAHintIsRefusedWhereTheTableRefusesIt(t *testing.T) {
	s := newSite(t)
	g, _ := catalog.New("ordo", nil)
	rated, err := s.st.CreateGame(store.Game{Guild: "g1", Channel: "c5", Kind: "ordo", Rated: true, Encoded: games.Encode(g),
		Seats: [2]store.Player{{UserID: "111"}, {UserID: "222"}}, MessageID: "board"})
	if err != nil {
		t.Fatal(err)
	}
	// A member with a session for the game who is not seated in it (an Activity's watcher).
	outsider := s.client(t, "en-US")
	outsider.http.Jar.SetCookies(mustURL(s.srv.URL+s.path(s.people)), []*http.Cookie{s.web.session("999", s.people.ID)})
	for _, tt := range []struct {
		name   string
		who    *client
		rec    store.Game
		ply    int
		status int
		id     string
		shown  bool // the state offers the hint: the ply sent is the stale one
	}{
		{"in a rated game", s.player(t, "111", rated), rated, 0, http.StatusForbidden, "coach.refuse.rated", false},
		{"to a watcher", s.client(t, "pt-BR"), s.people, 0, http.StatusForbidden, "web.watcher", false},
		{"to a member not seated", outsider, s.people, 0, http.StatusForbidden, "refusal.not-yours", false},
		{"to the player not to decide", s.player(t, "222", s.people), s.people, 0, http.StatusForbidden, "coach.refuse.turn", false},
		{"at a ply the game is not at", s.player(t, "111", s.people), s.people, 3, http.StatusConflict, "coach.refuse.moved", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if st := tt.who.state(tt.rec); st.May.Hint != tt.shown {
				t.Errorf("the state offers a hint (%v): %+v", tt.shown, st.May)
			}
			status, h, text := tt.who.hintOf(tt.rec, tt.ply)
			if status != tt.status || text != refusalText(tt.who.lang, tt.id) || h.Move != "" {
				t.Errorf("%d %q %+v, want %d %q", status, text, h, tt.status, refusalText(tt.who.lang, tt.id))
			}
		})
	}
	if rec, _, _ := s.st.Game(s.people.ID); rec.Hints != [2]int{} {
		t.Errorf("refused hints were counted: %v", rec.Hints)
	}
}

// finishedOuri is an Ouri game between alice and bob in channel, each sowing their first house
// with seeds for plies decisions, then alice resigning: a game with slips to review.
func finishedOuri(t *testing.T, s *site, channel string, plies int) store.Game {
	t.Helper()
	g, _ := catalog.New("ouri", nil)
	rec, err := s.st.CreateGame(store.Game{Guild: "g1", Channel: channel, Kind: "ouri", Encoded: games.Encode(g),
		Seats: [2]store.Player{{UserID: "111"}, {UserID: "222"}}, MessageID: "board"})
	if err != nil {
		t.Fatal(err)
	}
	tb := s.b.Table()
	for i := range plies {
		v, err := tb.Game(rec.ID)
		if err != nil || v.Over() {
			break
		}
		user := []string{"111", "222"}[i%2]
		play := games.Names(v.Live, v.Live.Legal())[0]
		if _, _, err := tb.Move(table.Actor{User: user, Place: table.Place{Guild: "g1", Channel: channel}, Kind: "ouri"}, play); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tb.ResignGame(table.Actor{User: "111", Place: table.Place{Guild: "g1", Channel: channel}, Kind: "ouri"}, rec.ID); err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestAFinishedGamesReviewIsTheTables(t *testing.T) {
	s := newSite(t)
	watcher := s.client(t, "pt-BR")
	if status, _, text := watcher.reviewOf(s.people); status != http.StatusConflict || text == "" {
		t.Errorf("a review of a game being played: %d %q", status, text)
	}
	rec := finishedOuri(t, s, "c6", 16)
	status, got, text := watcher.reviewOf(rec)
	if status != http.StatusOK {
		t.Fatalf("the review: %d %s", status, text)
	}
	v, err := s.b.Table().Game(rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	want, err := s.b.Table().Review(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	var marked []Reviewed
	for _, x := range want.Decisions {
		if x.Grade != ai.Good {
			marked = append(marked, Reviewed{Ply: x.Ply, Mark: x.Grade.Mark(), Played: v.Live.Format(x.Played), Better: v.Live.Format(x.Best)})
		}
	}
	if len(marked) == 0 {
		t.Fatal("hard finds no slip in the game: nothing to compare")
	}
	if len(got.Decisions) != len(marked) {
		t.Fatalf("the page's review marks %d decisions, the table's %d", len(got.Decisions), len(marked))
	}
	for i, x := range got.Decisions {
		if m := marked[i]; x.Ply != m.Ply || x.Mark != m.Mark || x.Played != m.Played || x.Better != m.Better || !strings.Contains(x.Said, m.Better) {
			t.Errorf("decision %d: %+v, the table's %+v", i, x, m)
		}
	}
	for s, a := range got.Accuracy {
		if pct := fmt.Sprintf(" %d%%", int(math.Round(want.Accuracy[s]))); !strings.Contains(a, pct) {
			t.Errorf("seat %d's accuracy %q, want %q", s, a, pct)
		}
	}
	if got.Legend != legend("pt-BR") {
		t.Errorf("the legend %q, want %q", got.Legend, legend("pt-BR"))
	}
	t.Logf("%s\n%v", got.Head, got.Accuracy)
}

func TestAReviewIsSearchedOnceAndRateLimited(t *testing.T) {
	s := newSite(t)
	first, second := finishedOuri(t, s, "c6", 6), finishedOuri(t, s, "c7", 6)
	watcher, other := s.client(t, "en-US"), s.client(t, "pt-BR")
	if status, _, text := watcher.reviewOf(first); status != http.StatusOK {
		t.Fatalf("the first review: %d %s", status, text)
	}
	if status, _, text := watcher.reviewOf(second); status != http.StatusTooManyRequests || text != refusalText("en-US", "web.review-busy") {
		t.Errorf("a second review at once: %d %q", status, text)
	}
	// The review made is kept: anyone gets it again at once, in their language, with no search
	// (another from this address would be refused as the one above).
	if status, rv, text := other.reviewOf(first); status != http.StatusOK || rv.Legend != legend("pt-BR") {
		t.Errorf("the first review again, in Portuguese: %d %+v %s", status, rv, text)
	}
	s.clock.Add(ReviewEvery)
	if status, _, text := watcher.reviewOf(second); status != http.StatusOK {
		t.Errorf("a second review after waiting: %d %s", status, text)
	}
}

func TestTheStateOffersTheReviewOnceOver(t *testing.T) {
	s := newSite(t)
	watcher := s.client(t, "en-US")
	if st := watcher.state(s.people); st.May.Review || st.May.Hint {
		t.Errorf("a game being played offers a watcher %+v", st.May)
	}
	rec := finishedOuri(t, s, "c6", 2)
	if st := watcher.state(rec); !st.May.Review || st.May.Hint {
		t.Errorf("a finished game offers a watcher %+v", st.May)
	}
}

// waitFor evaluates expr in the page until it is true, for up to 10 seconds (a search under -race).
func waitFor(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var ok bool
		if webtest.Eval(ctx, expr, &ok) == nil && ok {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the page never showed %s", what)
}

// In the browser at 360 px, the player against the bot clicks Hint and sees the suggested house
// marked and hears it; a watcher of a finished game clicks Review and sees its marks.
func TestTheCoachIsAskedByClickingOnAPhone(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	en := say.For(say.English)
	carol := tab(t, browser, "en-US")
	if err := chromedp.Do(carol, chromedp.EmulateViewport(360, 800), chromedp.Navigate(s.invite(t, "333", s.vsBot.ID)),
		chromedp.WaitVisible(`[data-coach=hint]`)); err != nil {
		t.Fatal(err)
	}
	waitPly(t, carol, s, 0)
	click(t, carol, `[data-coach=hint]`)
	waitFor(t, carol, "the hint", `document.querySelectorAll(".cell.hinted").length > 0`)
	var marks []string
	var said, button string
	if err := webtest.Eval(carol, `[...document.querySelectorAll(".cell.hinted")].map(e => e.dataset.mark)`, &marks); err != nil {
		t.Fatal(err)
	}
	webtest.Eval(carol, `document.querySelector(".announce").textContent`, &said)
	webtest.Eval(carol, `document.querySelector("[data-coach=hint]").textContent`, &button)
	_, g, _ := s.st.Game(s.vsBot.ID)
	move := ""
	for _, play := range games.Names(g, g.Legal()) {
		if slices.Equal(live.Path(g, play), marks) {
			move = play
		}
	}
	if move == "" || !strings.Contains(said, move) || !strings.Contains(said, en.T("coach.hint.left", map[string]any{"Count": 2})) {
		t.Errorf("the page marks %v and says %q", marks, said)
	}
	var focused string
	webtest.Eval(carol, `document.activeElement.dataset.coach || document.activeElement.tagName`, &focused)
	if focused != "hint" {
		t.Errorf("after the hint the focus is on %s, not on the Hint button", focused)
	}
	if button != en.T("web.hint", map[string]any{"Count": 2}) {
		t.Errorf("the hint's button says %q", button)
	}
	if rec, _, _ := s.st.Game(s.vsBot.ID); rec.Hints[0] != 1 {
		t.Errorf("the hints taken: %v", rec.Hints)
	}
	webtest.Screenshot(t, carol, "hint-360", 360)
	webtest.Axe(t, carol, "a hint on a phone")

	rec := finishedOuri(t, s, "c6", 16)
	watcher := tab(t, browser, "pt-BR")
	if err := chromedp.Do(watcher, chromedp.EmulateViewport(360, 800), chromedp.Navigate(s.web.Address(rec.ID)),
		chromedp.WaitVisible(`[data-coach=review]`)); err != nil {
		t.Fatal(err)
	}
	click(t, watcher, `[data-coach=review]`)
	waitFor(t, watcher, "the review", `document.querySelectorAll(".review .accuracy").length === 2`)
	v, _ := s.b.Table().Game(rec.ID)
	want, err := s.b.Table().Review(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	var wanted []string
	for _, x := range want.Decisions {
		if x.Grade != ai.Good {
			wanted = append(wanted, fmt.Sprint(x.Ply, x.Grade.Mark()))
		}
	}
	var shown []string
	var focusedReview bool
	webtest.Eval(watcher, `[...document.querySelectorAll(".plies li")].flatMap((li, i) => li.dataset.mark ? [(i+1) + li.dataset.mark] : [])`, &shown)
	webtest.Eval(watcher, `document.querySelector(".announce").textContent`, &said)
	if len(wanted) == 0 || !slices.Equal(shown, wanted) || said != say.For("pt-BR").T("web.review-ready", nil) {
		t.Errorf("the page marks %v (the table %v) and says %q", shown, wanted, said)
	}
	if webtest.Eval(watcher, `document.activeElement.closest(".review") !== null`, &focusedReview); !focusedReview {
		t.Error("the review came and the focus is not on it")
	}
	webtest.Screenshot(t, watcher, "review-360", 360)
	webtest.Axe(t, watcher, "a review on a phone")
}
