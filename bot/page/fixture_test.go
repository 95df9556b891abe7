package page

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/bot"
	"tabuleiro/bot/discord"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// site is a bot with games in three servers and a DM, its pages served by the HTTP endpoint as
// the program mounts them, on a real listening server.
type site struct {
	st     *store.DB
	pages  *Pages
	srv    *httptest.Server
	played games.Game // the finished game, with every decision
	// The games: finished and being played in g1 (pages on, English), finished in g2 (pages on,
	// Portuguese), in g3 (pages off) and in a DM, against the bot in g1, and g1's team's against
	// the bot.
	finished, active, portuguese, off, dm, vsBot, team store.Game

	mu     sync.Mutex
	served []served // every request, in order
}

// served is a request the site answered: its method and address, the status and the body's size.
type served struct {
	request string
	status  int
	size    int
}

// recorded is a response whose status and size the site notes.
type recorded struct {
	http.ResponseWriter
	status, n int
}

func (r *recorded) WriteHeader(status int) { r.status = status; r.ResponseWriter.WriteHeader(status) }
func (r *recorded) Write(b []byte) (int, error) {
	n, err := r.ResponseWriter.Write(b)
	r.n += n
	return n, err
}

// take gives the requests served since the last take.
func (s *site) take() []served {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.served
	s.served = nil
	return out
}

// plies is how many decisions the finished games have before the resignation.
const plies = 4

func newSite(t testing.TB) *site {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "tabuleiro.db"), store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	log := slog.New(slog.NewTextHandler(testWriter{t}, nil))
	b := bot.New(st, nil, bot.Config{Log: log, Now: time.Now})
	key, err := st.PageKey()
	if err != nil {
		t.Fatal(err)
	}
	s := &site{st: st}
	var endpoint http.Handler
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rw := &recorded{ResponseWriter: w, status: http.StatusOK}
		endpoint.ServeHTTP(rw, r)
		s.mu.Lock()
		s.served = append(s.served, served{r.Method + " " + r.URL.RequestURI(), rw.status, rw.n})
		s.mu.Unlock()
	}))
	t.Cleanup(s.srv.Close)
	s.pages = New(b, key, s.srv.URL+"/", log)
	b.LinkPages(s.pages.Link)
	endpoint = discord.NewEndpoint(nil, nil, nil, discord.EndpointOptions{Log: log, Pages: s.pages})

	for guild, set := range map[string]store.ServerSettings{"g1": {Pages: true}, "g2": {Pages: true, Language: "pt-BR"}, "g3": {}} {
		if _, err := st.ChangeServerSettings(guild, func(s *store.ServerSettings) { *s = set }); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.NoteNames(map[string]string{"alice": "Alice <3", "bob": "Bob & Co"}); err != nil {
		t.Fatal(err)
	}
	s.played = game(t, plies, true)
	people := [2]store.Player{{UserID: "alice"}, {UserID: "bob"}}
	create := func(guild, channel string, seats [2]store.Player, g games.Game) store.Game {
		rec, err := st.CreateGame(store.Game{Guild: guild, Channel: channel, Kind: g.Descriptor().Kind, Seats: seats, Encoded: games.Encode(g)})
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	s.finished = create("g1", "c1", people, s.played)
	s.active = create("g1", "c2", people, game(t, 3, false))
	s.portuguese = create("g2", "c3", people, s.played)
	s.off = create("g3", "c4", people, s.played)
	s.dm = create("", "dm1", people, s.played)
	s.vsBot = create("g1", "c5", [2]store.Player{{UserID: "alice"}, {Bot: true, Level: "easy"}}, game(t, 1, false))
	s.team = create("g1", "c6", [2]store.Player{{Team: true}, {Bot: true, Level: "easy"}}, game(t, 1, false))
	return s
}

// game is an Ordo game after n decisions (the first legal move each time), resigned by the side
// to move when resign says so.
func game(t testing.TB, n int, resign bool) games.Game {
	t.Helper()
	g, err := catalog.New("ordo", nil)
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		if err := g.Play(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if resign {
		if err := g.End(games.Resignation, g.ToMove()); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// at is the played game after n decisions.
func (s *site) at(t *testing.T, n int) games.Game {
	t.Helper()
	g, err := catalog.New("ordo", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range s.played.Log()[:n] {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// get asks the site for path with method, and gives the answer and its body.
func (s *site) get(t *testing.T, method, path string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, s.srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The path as given, not as Go would tidy it.
	req.URL.Opaque, req.URL.RawQuery, _ = strings.Cut(path, "?")
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(body)
}

// path is the path of a game's page.
func (s *site) path(rec store.Game) string { return Prefix + s.pages.name(rec.ID) }

// testWriter writes a test's log.
type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}
