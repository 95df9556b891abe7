package web

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabuleiro/ai/ouriai"
	"tabuleiro/bot/web/webtest"
	"tabuleiro/games"
	"tabuleiro/games/ouri"
	"tabuleiro/say"
	"tabuleiro/store"
)

// endgame is a finished Ouri game (rules "ouri" or "abapa") that reaches a position of at most
// testSeeds seeds on the board at decision ply, still being played there; South resigned after it.
func endgame(t *testing.T, s *site, rules string) (rec store.Game, ply int) {
	t.Helper()
	g, err := ouri.New(games.Options{"rules": rules})
	if err != nil {
		t.Fatal(err)
	}
	// The side behind takes what it can, the side ahead takes nothing if it can help it, each
	// sowing its fullest house otherwise: the seeds leave the board and neither reaches 25.
	for {
		p := g.Position()
		if p.SideSeeds(0)+p.SideSeeds(1) <= testSeeds && !g.Outcome().Over() {
			break
		}
		if g.Outcome().Over() || g.Ply() > 400 {
			t.Fatalf("the %s game ended (or ran long) before %d seeds were left: %v", rules, testSeeds, g.Outcome())
		}
		legal := g.Legal()
		best, most := legal[0], -1<<30
		for _, m := range legal {
			_, captured := p.Sow(int(m))
			if p.Stores[p.ToMove] > p.Stores[1-p.ToMove] {
				captured = -captured
			}
			if score := captured*100 + int(p.Houses[int(p.ToMove)*6+int(m)]); score > most {
				best, most = m, score
			}
		}
		if err := g.Play(best); err != nil {
			t.Fatal(err)
		}
	}
	ply = g.Ply()
	if err := g.End(games.Resignation, 0); err != nil {
		t.Fatal(err)
	}
	rec, err = s.st.CreateGame(store.Game{Guild: "g1", Channel: "c8" + rules, Kind: "ouri", Encoded: games.Encode(g),
		Seats: [2]store.Player{{UserID: "111"}, {UserID: "222"}}})
	if err != nil {
		t.Fatal(err)
	}
	return rec, ply
}

// branchOf posts a line tried on game rec from decision ply and gives the status and the state.
func (c *client) branchOf(rec store.Game, ply int, plays ...string) (int, State, string) {
	c.t.Helper()
	body, _ := json.Marshal(branchRequest{Ply: ply, Plays: plays})
	res, text := c.do("POST", c.s.path(rec)+"/branch", string(body))
	var st State
	if res.StatusCode == http.StatusOK {
		if err := json.Unmarshal([]byte(text), &st); err != nil {
			c.t.Fatal(err)
		}
	}
	return res.StatusCode, st, text
}

// A finished Ouri or Abapa endgame, branched from a decision where few seeds are left, shows the
// endgame database's exact value: the same as the database's own, built here apart.
func TestABranchOfAFinishedEndgameShowsTheDatabasesExactValue(t *testing.T) {
	s := newSite(t)
	for _, rules := range []string{"ouri", "abapa"} {
		t.Run(rules, func(t *testing.T) {
			rec, ply := endgame(t, s, rules)
			_, game, err := s.st.Game(rec.ID)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			testAI.Prepare(ctx, game) // the database is built once, before the first branch
			watcher := s.client(t, "en-US")
			at := watcher.state(rec)
			if !at.Over {
				t.Fatal("the game is not over")
			}
			// Stepped back, the board offers its choices to anyone.
			res, body := watcher.do("GET", s.path(rec)+"/state?ply="+strconv.Itoa(ply), "")
			var stepped State
			if res.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &stepped) != nil || len(stepped.Choices) == 0 {
				t.Fatalf("stepped to %d: %s, %d choices", ply, res.Status, len(stepped.Choices))
			}
			db := ouriai.Build(game.(*ouri.Game).Rules(), testSeeds, 1)
			decided := 0
			for _, c := range stepped.Choices {
				status, st, text := watcher.branchOf(rec, ply, c.Play)
				if status != http.StatusOK {
					t.Fatalf("branch %s: %d %s", c.Play, status, text)
				}
				// The position the branch reaches, played here.
				g, _ := ouri.New(games.Options{"rules": rules})
				for _, m := range game.Log()[:ply] {
					g.Play(m)
				}
				m, _ := g.Parse(c.Play)
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
				if *st.At != ply || st.Branch == nil || !slices.Equal(st.Branch.Plays, []string{c.Play}) || st.Last == nil || st.Last.Play != c.Play {
					t.Fatalf("branch %s answered %+v", c.Play, st)
				}
				if g.Outcome().Over() {
					continue
				}
				p := g.Position()
				gain, ok := db.Probe(&p)
				if !ok {
					if st.Branch.Final != nil {
						t.Errorf("branch %s: the database does not decide, yet the page shows %v", c.Play, *st.Branch.Final)
					}
					continue
				}
				decided++
				n := p.SideSeeds(0) + p.SideSeeds(1)
				var want [2]int
				want[p.ToMove] = int(p.Stores[p.ToMove]) + (n+gain)/2
				want[1-p.ToMove] = int(p.Stores[1-p.ToMove]) + (n-gain)/2
				if st.Branch.Final == nil || *st.Branch.Final != want {
					t.Errorf("branch %s: the page shows %v, the database %v", c.Play, st.Branch.Final, want)
				}
				said := say.For("en-US").T("web.branch-exact", map[string]any{"South": st.Players[0].Name, "Mine": want[0],
					"North": st.Players[1].Name, "Theirs": want[1]})
				if !strings.Contains(strings.Join(st.Branch.Said, "\n"), said) {
					t.Errorf("branch %s says %q, want %q", c.Play, st.Branch.Said, said)
				}
			}
			if decided == 0 {
				t.Error("the database decided none of the branches: nothing was compared")
			}
		})
	}
}

// A line is refused as a decision would be: on a game being played, with a decision that is not
// legal there; and a viewer who tries too many at once waits.
func TestABranchIsRefusedAndRateLimited(t *testing.T) {
	s := newSite(t)
	watcher := s.client(t, "pt-BR")
	if status, _, text := watcher.branchOf(s.people, 0, "a3-a4"); status != http.StatusConflict || !strings.Contains(text, "ainda está em andamento") {
		t.Errorf("a branch of a game being played: %d %s", status, text)
	}
	alice := s.player(t, "111", s.people)
	if status, _ := alice.send(s.people, "resign", 0, ""); status != http.StatusOK {
		t.Fatalf("resigning: %d", status)
	}
	for _, tt := range []struct {
		name  string
		ply   int
		plays []string
		want  int
	}{
		{"an illegal decision", 0, []string{"a3-a6"}, http.StatusUnprocessableEntity},
		{"no decision at all", 0, []string{"zz"}, http.StatusUnprocessableEntity},
		{"a ply past the end", 5, nil, http.StatusUnprocessableEntity},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, _, text := watcher.branchOf(s.people, tt.ply, tt.plays...)
			if status != tt.want || !strings.Contains(text, `"error"`) {
				t.Errorf("%d %s, want %d", status, text, tt.want)
			}
		})
	}
	// The burst is spent (four tries above), then one try every BranchEvery.
	for i := 4; i < BranchBurst; i++ {
		if status, _, text := watcher.branchOf(s.people, 0, "a3-a4"); status != http.StatusOK {
			t.Fatalf("try %d: %d %s", i+1, status, text)
		}
	}
	if status, _, text := watcher.branchOf(s.people, 0, "a3-a4"); status != http.StatusTooManyRequests || !strings.Contains(text, say.For("pt-BR").T("web.branch-busy", nil)) {
		t.Errorf("a try past the burst: %d %s", status, text)
	}
	s.clock.Add(BranchEvery)
	if status, st, text := watcher.branchOf(s.people, 0, "a3-a4", "a6-a5"); status != http.StatusOK || st.Last.Play != "a6-a5" || len(st.Choices) == 0 || st.Branch.Win == nil {
		t.Errorf("a try after waiting: %d %s", status, text)
	}
}

// In the browser, a watcher of a finished Ouri endgame steps to a decision, tries another sowing
// by clicking the board, reads and hears the endgame database's exact value, and goes back.
func TestABranchIsTriedByClickingAFinishedGamesBoard(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	rec, ply := endgame(t, s, "ouri")
	_, game, _ := s.st.Game(rec.ID)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	testAI.Prepare(ctx, game)
	watcher := tab(t, browser, "en-US")
	if err := chromedp.Do(watcher, chromedp.Navigate(s.web.Address(rec.ID)), chromedp.WaitVisible(`.plies button.ply`)); err != nil {
		t.Fatal(err)
	}
	click(t, watcher, `.plies li:nth-child(`+strconv.Itoa(ply)+`) button`)
	deadline := time.Now().Add(5 * time.Second)
	for len(offered(t, watcher)) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("stepped to decision %d, the board offers nothing", ply)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The first house offered, tried: the page shows what the server says of the line.
	mark := offered(t, watcher)[0]
	want := exactSaid(t, s, rec, ply, mark)
	click(t, watcher, `[data-mark="`+mark+`"]`)
	for {
		said, _ := chromedp.Run(watcher, chromedp.Text(`[role=status]`))
		status, _ := chromedp.Run(watcher, chromedp.Text(`.status`))
		if strings.Contains(said, want) && strings.Contains(status, want) {
			break
		}
		if time.Now().After(deadline.Add(5 * time.Second)) {
			t.Fatalf("the page says %q and announces %q, want %q", status, said, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
	click(t, watcher, `[data-step="back-to-game"]`)
	if err := chromedp.Do(watcher, chromedp.WaitNotPresent(`[data-step="back-to-game"]`)); err != nil {
		t.Fatal(err)
	}
}

// watcher0 is what the page should say of the line that sows house mark ("h0"…"h11") from decision
// ply of rec: the server's own answer, checked against the database.
func exactSaid(t *testing.T, s *site, rec store.Game, ply int, mark string) string {
	t.Helper()
	c := s.client(t, "en-US")
	v, err := s.b.Table().Game(rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	at, err := v.At(ply)
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range choices(at) {
		if ch.Path[0] != mark {
			continue
		}
		status, st, text := c.branchOf(rec, ply, ch.Play)
		if status != http.StatusOK || st.Branch == nil || len(st.Branch.Said) == 0 {
			t.Fatalf("branch %s: %d %s", ch.Play, status, text)
		}
		if st.Branch.Final == nil {
			t.Skipf("the database does not decide after %s", ch.Play)
		}
		return st.Branch.Said[len(st.Branch.Said)-1]
	}
	t.Fatalf("no choice is made by clicking %s", mark)
	return ""
}

// axe-core finds no violation on a finished game's board while a line is tried on it.
func TestAxeFindsNoViolationOnABranch(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	rec, ply := endgame(t, s, "abapa")
	for _, dark := range []bool{false, true} {
		page := tab(t, browser, "pt-BR")
		if err := chromedp.Do(page, webtest.Dark(dark), chromedp.EmulateViewport(360, 800), chromedp.Navigate(s.web.Address(rec.ID)),
			chromedp.WaitVisible(`.plies button.ply`)); err != nil {
			t.Fatal(err)
		}
		click(t, page, `.plies li:nth-child(`+strconv.Itoa(ply)+`) button`)
		if err := chromedp.Do(page, chromedp.WaitVisible(`.cell.can`)); err != nil {
			t.Fatal(err)
		}
		click(t, page, `.cell.can`)
		if err := chromedp.Do(page, chromedp.WaitVisible(`[data-step="back-to-game"]`)); err != nil {
			t.Fatal(err)
		}
		webtest.Axe(t, page, "a line tried on a finished game")
	}
}

// A viewer without a session is counted by their IPv4 address or their IPv6 /64: one host cannot
// try more lines by taking more addresses of its own network.
func TestBranchesAreCountedByAddressOrIPv6Network(t *testing.T) {
	for _, c := range []struct{ remote, want string }{
		{"203.0.113.7:5123", "203.0.113.7"},
		{"[2001:db8:1:2:aaaa::1]:443", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:ffff:ffff:ffff:fffe]:80", "2001:db8:1:2::/64"},
		{"[2001:db8:1:3::1]:80", "2001:db8:1:3::/64"},
		{"[::ffff:203.0.113.7]:80", "203.0.113.7"},
		{"not an address", "not an address"},
	} {
		if got := origin(c.remote); got != c.want {
			t.Errorf("origin(%q) = %q, want %q", c.remote, got, c.want)
		}
	}
}
