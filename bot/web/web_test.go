package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"tabuleiro/bot"
	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/table"
)

func TestAPersonalLinkWorksOnceWithinFifteenMinutes(t *testing.T) {
	s := newSite(t)
	link := func(member string) string {
		return strings.TrimPrefix(s.invite(t, member, s.people.ID), s.srv.URL)
	}
	used := link("111")
	other := strings.TrimPrefix(s.invite(t, "333", s.vsBot.ID), s.srv.URL)
	late := link("111")
	tests := []struct {
		name string
		path string
		wait time.Duration
		want int
	}{
		{"a fresh link opens the game as its player", used, 0, http.StatusSeeOther},
		{"the same link a second time is refused", used, 0, http.StatusForbidden},
		{"a link to another game does not open this one", s.path(s.people) + "/join/" + other[strings.LastIndex(other, "/")+1:], 0, http.StatusForbidden},
		{"a made-up link is refused", s.path(s.people) + "/join/AAAAAAAAAAAAAAAAAAAAAA", 0, http.StatusForbidden},
		{"a link 15 minutes old is refused", late, LinkTTL, http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.clock.Add(tt.wait)
			c := s.client(t, "en-US")
			res, body := c.do("GET", tt.path, "")
			if res.StatusCode != tt.want {
				t.Fatalf("got %s, want %d: %s", res.Status, tt.want, body)
			}
			if tt.want == http.StatusForbidden && !strings.Contains(body, say.For(say.English).T("web.link-refused", nil)) {
				t.Errorf("the refusal does not say why: %q", body)
			}
			you := c.state(s.people).You
			if want := map[bool]int{true: 0, false: -1}[tt.want == http.StatusSeeOther]; you != want {
				t.Errorf("after the link the page sees the viewer in seat %d, want %d", you, want)
			}
		})
	}
}

// Behind a balancer a link made by one replica is opened on another: it works there once, and its
// session is good on both.
func TestAPersonalLinkMadeOnOneReplicaWorksOnceOnAnother(t *testing.T) {
	a := newSite(t)
	b := a.replica(t)
	link := strings.TrimPrefix(a.invite(t, "111", a.people.ID), a.srv.URL)
	onB := b.client(t, "en-US")
	if res, body := onB.do("GET", link, ""); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("replica B answered A's link with %s: %s", res.Status, body)
	}
	onA := &client{t: t, s: a, http: onB.http, lang: "en-US"} // the same browser, through A
	for name, c := range map[string]*client{"B": onB, "A": onA} {
		if you := c.state(a.people).You; you != 0 {
			t.Errorf("after the link, replica %s sees its player in seat %d, want 0", name, you)
		}
	}
	refused := say.For(say.English).T("web.link-refused", nil)
	for name, c := range map[string]*client{"B": b.client(t, "en-US"), "A": a.client(t, "en-US")} {
		res, body := c.do("GET", link, "")
		if res.StatusCode != http.StatusForbidden || !strings.Contains(body, refused) {
			t.Errorf("the link used a second time, on replica %s: %s %q", name, res.Status, body)
		}
		if you := c.state(a.people).You; you != -1 {
			t.Errorf("the refused link made a player of seat %d on replica %s", you, name)
		}
	}
}

// A link the store cannot take just now is neither refused nor used: the person is told to open
// it again.
func TestALinkTheStoreCannotCheckIsToBeOpenedAgain(t *testing.T) {
	s := newSite(t)
	link := strings.TrimPrefix(s.invite(t, "111", s.people.ID), s.srv.URL)
	s.st.Close()
	res, body := s.client(t, "pt-BR").do("GET", link, "")
	if want := say.For(say.Portuguese).T("web.link-unchecked", nil); res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, want) {
		t.Errorf("a link the store could not take: %s %q", res.Status, body)
	}
}

// A server shutting down ends its event streams, a watcher's and a player's, so that its HTTP
// server's Shutdown does not wait for pages that never close; the pages reconnect by themselves.
func TestEndStreamsEndsEveryEventStream(t *testing.T) {
	s := newSite(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	streams := map[string]<-chan State{
		"a watcher's": s.client(t, "en-US").stream(ctx, s.people),
		"a player's":  s.player(t, "111", s.people).stream(ctx, s.people),
	}
	for _, c := range streams {
		next(t, c)
	}
	s.web.EndStreams()
	for name, c := range streams {
		select {
		case st, open := <-c:
			if open {
				t.Errorf("%s stream sent ply %d after EndStreams", name, st.Ply)
			}
		case <-time.After(time.Second):
			t.Errorf("%s stream is still open a second after EndStreams", name)
		}
	}
	if res, _ := s.client(t, "en-US").do("GET", s.path(s.people)+"/state", ""); res.StatusCode != http.StatusOK {
		t.Errorf("after EndStreams the state is answered %s", res.Status)
	}
}

func TestAWatcherSeesTheGameAndNoControls(t *testing.T) {
	s := newSite(t)
	watcher := s.client(t, "en-US")
	st := watcher.state(s.people)
	if st.You != -1 || len(st.Choices) != 0 || st.May != (May{}) {
		t.Fatalf("a watcher is given controls: you=%d choices=%d may=%+v", st.You, len(st.Choices), st.May)
	}
	if st.Players[0].Name != "Alice (White)" || st.Players[1].Name != "Bob (Black)" {
		t.Errorf("the players are named %q and %q", st.Players[0].Name, st.Players[1].Name)
	}
	if board, ok := st.Board.(map[string]any); !ok || len(board["pieces"].(map[string]any)) != 40 {
		t.Errorf("the Ordo board does not hold its 40 pieces: %v", st.Board)
	}
	// Nothing the page is given names a person by their id.
	_, body := watcher.do("GET", s.path(s.people)+"/state", "")
	for _, id := range []string{"111", "222", "test key"} {
		if strings.Contains(body, id) {
			t.Errorf("the state holds %q: %s", id, body)
		}
	}
	// A server without pages shows its games to nobody but their players.
	if res, _ := watcher.do("GET", s.path(s.closed)+"/state", ""); res.StatusCode != http.StatusNotFound {
		t.Errorf("a game of a server without pages answers a watcher %s", res.Status)
	}
	if st := s.player(t, "444", s.closed).state(s.closed); st.You != 0 {
		t.Errorf("a player of a game of a server without pages sees it from seat %d", st.You)
	}
}

func TestAWatchersMoveIsRefusedInTheirLanguage(t *testing.T) {
	s := newSite(t)
	for _, tt := range []struct{ lang, want string }{
		{"en-US,en;q=0.8", say.For(say.English).T("web.watcher", nil)},
		{"pt-BR,pt;q=0.9,en;q=0.5", say.For(say.Portuguese).T("web.watcher", nil)},
	} {
		t.Run(tt.lang, func(t *testing.T) {
			for _, verb := range []string{"decide", "resign", "offer"} {
				status, a := s.client(t, tt.lang).send(s.people, verb, 0, "a3-a4")
				if status != http.StatusForbidden || a.Error != tt.want {
					t.Errorf("a watcher's %s: %d %q, want 403 %q", verb, status, a.Error, tt.want)
				}
			}
			if _, live, _ := s.st.Game(s.people.ID); live.Ply() != 0 {
				t.Fatal("a watcher's decision was played")
			}
		})
	}
}

func TestThePlayerToDecideSeesTheLegalChoicesOnly(t *testing.T) {
	s := newSite(t)
	alice, bob := s.player(t, "111", s.people), s.player(t, "222", s.people)
	st := alice.state(s.people)
	_, live, _ := s.st.Game(s.people.ID)
	want := games.Names(live, live.Legal())
	var got []string
	for _, c := range st.Choices {
		got = append(got, c.Play)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("alice is offered %v, want the legal moves %v", got, want)
	}
	for _, c := range st.Choices {
		if c.Play == "c2:d2-c3" && !slices.Equal(c.Path, []string{"c2", "d2", "c3"}) {
			t.Errorf("the line c2:d2-c3 is clicked as %v", c.Path)
		}
	}
	if !st.May.Resign || !st.May.Offer || st.May.Accept {
		t.Errorf("alice may %+v", st.May)
	}
	if st := bob.state(s.people); st.You != 1 || len(st.Choices) != 0 {
		t.Errorf("bob, not to move, is offered %d choices from seat %d", len(st.Choices), st.You)
	}
}

func TestTheTableRefusesAWebDecisionAsItWouldAButton(t *testing.T) {
	s := newSite(t)
	bob := s.player(t, "222", s.people)
	bob.lang = "pt-BR"
	// The same refusal the table gives bob's button, in bob's language, a mention by name.
	_, err := s.b.Table().Choose(table.Actor{User: "222", Place: table.Place{Guild: "g1", Channel: "c1"}, Kind: "ordo"},
		s.people.ID, 0, "a6-a5", "")
	msg, _ := bot.Refusal(err, say.For(say.Portuguese))
	want := strings.ReplaceAll(plain(msg, bot.LiveView{Words: say.For(say.Portuguese), Names: map[string]string{"111": "Alice"}}), "`", "")
	status, a := bob.send(s.people, "decide", 0, "a6-a5")
	if status != http.StatusForbidden || a.Error != want {
		t.Fatalf("bob out of turn: %d %q, want 403 %q", status, a.Error, want)
	}
	alice := s.player(t, "111", s.people)
	for _, tt := range []struct {
		name   string
		ply    int
		play   string
		status int
	}{
		{"an illegal move", 0, "a3-a9", http.StatusUnprocessableEntity},
		{"a move on a stale board", 5, "a3-a4", http.StatusConflict},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, a := alice.send(s.people, "decide", tt.ply, tt.play)
			if status != tt.status || a.Error == "" || a.State != nil {
				t.Fatalf("%d %+v, want %d and a reason", status, a, tt.status)
			}
		})
	}
}

func TestAClickedDecisionIsPlayedShownInTheChatAndStreamedToWatchers(t *testing.T) {
	s := newSite(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	watching := s.client(t, "en-US").stream(ctx, s.vsBot)
	if st := next(t, watching); st.Ply != 0 {
		t.Fatalf("the stream starts at ply %d", st.Ply)
	}
	carol := s.player(t, "333", s.vsBot)
	status, a := carol.send(s.vsBot, "decide", 0, "c")
	if status != http.StatusOK || a.State == nil || a.State.Ply != 1 {
		t.Fatalf("carol's sowing: %d %+v", status, a)
	}
	if st := next(t, watching); st.Ply != 1 || st.Last == nil || st.Last.Play != "c" || st.Last.Said != "Carol (South) played c." {
		t.Fatalf("the watcher was shown %+v after carol's sowing", st.Last)
	}
	// The bot answers, as after a button, and the watcher sees it.
	if st := next(t, watching); st.Ply != 2 || !st.Players[1].Bot || st.Last.Seat != 1 {
		t.Fatalf("the watcher was shown ply %d, want the bot's answer", st.Ply)
	}
	deadline := time.Now().Add(time.Second)
	for s.chat.shown() < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := s.chat.shown(); n < 2 {
		t.Errorf("the chat's board was shown %d times, want after carol's sowing and after the bot's", n)
	}
}

func TestATypedMoveReachesTheBoardWithinASecond(t *testing.T) {
	s := newSite(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	alice := s.player(t, "111", s.people)
	events := alice.stream(ctx, s.people)
	if st := next(t, events); len(st.Choices) == 0 {
		t.Fatal("alice, to move, has no choices")
	}
	if _, _, err := s.b.Table().Move(table.Actor{User: "111", Place: table.Place{Guild: "g1", Channel: "c1"}, Kind: "ordo"}, "a3-a4"); err != nil {
		t.Fatal(err)
	}
	if st := next(t, events); st.Ply != 1 || len(st.Choices) != 0 || st.Last.Play != "a3-a4" {
		t.Fatalf("after /ordo move alice's page shows ply %d with %d choices", st.Ply, len(st.Choices))
	}
}

func TestOffersAndResignation(t *testing.T) {
	s := newSite(t)
	alice, bob := s.player(t, "111", s.people), s.player(t, "222", s.people)
	if status, a := alice.send(s.people, "offer", 0, ""); status != http.StatusOK || a.State.Offer == nil || a.State.May.Offer {
		t.Fatalf("alice's offer: %d %+v", status, a)
	}
	if status, a := alice.send(s.people, "offer", 0, ""); status != http.StatusForbidden || !strings.HasPrefix(a.Error, strings.Split(say.For(say.English).T("refusal.offered", nil), "<no value>")[0]) {
		t.Errorf("alice's second offer: %d %q", status, a.Error)
	}
	st := bob.state(s.people)
	if !st.May.Accept {
		t.Fatalf("bob may not accept: %+v", st.May)
	}
	if status, a := bob.send(s.people, "offer", 0, ""); status != http.StatusOK || !a.State.Over || len(a.State.Plies) != 0 {
		t.Fatalf("bob's acceptance: %d %+v", status, a)
	}
	if status, a := alice.send(s.people, "resign", 0, ""); status != http.StatusConflict || a.Error == "" {
		t.Errorf("resigning a finished game: %d %q", status, a.Error)
	}
	carol := s.player(t, "333", s.vsBot)
	if status, a := carol.send(s.vsBot, "offer", 0, ""); status != http.StatusForbidden || a.Error == "" {
		t.Errorf("an offer to the bot: %d %q", status, a.Error)
	}
	if status, a := carol.send(s.vsBot, "resign", 0, ""); status != http.StatusOK || !a.State.Over {
		t.Fatalf("carol's resignation: %d %+v", status, a)
	}
}

func TestAForgedDecisionIsRefused(t *testing.T) {
	s := newSite(t)
	alice := s.player(t, "111", s.people)
	for _, tt := range []struct {
		name, origin, cookie string
	}{
		{"from another site", "https://evil.example", ""},
		{"with a session for another game", "", "x"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", s.srv.URL+s.path(s.people)+"/decide", strings.NewReader(`{"ply":0,"play":"a3-a4"}`))
			if tt.origin != "" {
				req.Header.Set("Origin", tt.origin)
				for _, c := range alice.http.Jar.Cookies(req.URL) {
					req.AddCookie(c)
				}
			} else {
				c := s.web.session("111", s.vsBot.ID)
				c.Name = cookieName(s.people.ID)
				req.AddCookie(c)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusForbidden {
				t.Fatalf("got %s", res.Status)
			}
		})
	}
	if _, live, _ := s.st.Game(s.people.ID); live.Ply() != 0 {
		t.Fatal("a forged decision was played")
	}
}

func TestUnknownAddressesAreBare404s(t *testing.T) {
	s := newSite(t)
	c := s.client(t, "en-US")
	good := s.path(s.people)
	for _, p := range []string{"/b/", "/b/1", "/b/1-000000000000000000000000", good + "x", good + "/nope", good + "/state/x",
		"/b/0" + good[len("/b/"):], "/elsewhere"} {
		if res, _ := c.do("GET", p, ""); res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %s", p, res.Status)
		}
	}
	if res, _ := c.do("POST", good+"/state", "{}"); res.StatusCode != http.StatusNotFound {
		t.Errorf("POST state: %s", res.Status)
	}
	if res, body := c.do("GET", good, ""); res.StatusCode != http.StatusOK || !strings.Contains(body, `<html lang="en-US">`) {
		t.Errorf("the page: %s %.80s", res.Status, body)
	}
}

func TestAFinishedGameIsSteppedThrough(t *testing.T) {
	s := newSite(t)
	alice := s.player(t, "111", s.people)
	for _, play := range []string{"a3-a4", "a6-a5"} {
		user := map[string]string{"a3-a4": "111", "a6-a5": "222"}[play]
		if _, _, err := s.b.Table().Move(table.Actor{User: user, Place: table.Place{Guild: "g1", Channel: "c1"}, Kind: "ordo"}, play); err != nil {
			t.Fatal(err)
		}
	}
	if res, _ := alice.do("GET", s.path(s.people)+"/state?ply=1", ""); res.StatusCode != http.StatusNotFound {
		t.Errorf("a game being played is stepped back: %s", res.Status)
	}
	if status, _ := alice.send(s.people, "resign", 2, ""); status != http.StatusOK {
		t.Fatalf("resigning: %d", status)
	}
	watcher := s.client(t, "en-US")
	for _, tt := range []struct {
		ply   int
		last  string
		shown string
		piece string // a square that holds a piece then
	}{
		{0, "", say.For(say.English).T("page.start", nil), "a3"},
		{1, "a3-a4", say.For(say.English).T("page.at", map[string]any{"Ply": 1, "Total": 2}), "a4"},
		{2, "a6-a5", say.For(say.English).T("page.at", map[string]any{"Ply": 2, "Total": 2}), "a5"},
	} {
		t.Run(fmt.Sprintf("after %d decisions", tt.ply), func(t *testing.T) {
			res, body := watcher.do("GET", s.path(s.people)+"/state?ply="+strconv.Itoa(tt.ply), "")
			var st State
			if res.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &st) != nil {
				t.Fatalf("%s %s", res.Status, body)
			}
			if st.At == nil || *st.At != tt.ply || st.Shown != tt.shown || st.Ply != 2 || !st.Over {
				t.Errorf("at %v, shown %q, ply %d, over %v", st.At, st.Shown, st.Ply, st.Over)
			}
			if last := ""; st.Last != nil && st.Last.Play != tt.last || st.Last == nil && tt.last != last {
				t.Errorf("the last decision shown is %+v, want %q", st.Last, tt.last)
			}
			if _, ok := st.Board.(map[string]any)["pieces"].(map[string]any)[tt.piece]; !ok {
				t.Errorf("the board holds no piece on %s", tt.piece)
			}
		})
	}
	for _, q := range []string{"3", "-1", "x", "1&ply=2", "0000001"} {
		if res, _ := watcher.do("GET", s.path(s.people)+"/state?ply="+q, ""); res.StatusCode != http.StatusNotFound {
			t.Errorf("?ply=%s: %s", q, res.Status)
		}
	}
}
