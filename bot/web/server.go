package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/language"

	"tabuleiro/bot"
	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// Config is what a Server serves and how.
type Config struct {
	Bot *bot.Bot
	// Key signs the boards' addresses and the sessions: keep it across restarts (store.PageKey)
	// so that links stay good.
	Key []byte
	// Public is the origin the links start with: PUBLIC_URL, or the console's http://127.0.0.1:8080.
	Public string
	// Watch says whether anyone with its address may watch a game (nil: every game). HTTP mode
	// lets watch only the games of servers with pages on; a player always sees their own game.
	Watch func(rec store.Game) bool
	Now   func() time.Time
	Log   *slog.Logger
	// Context bounds the work a decision starts in the chat (the board message, the bot's move).
	Context context.Context
	// Activity, when set, serves the Discord Activity (activity.go): the application has
	// Activities enabled, and its URL mapping points here.
	Activity *Activity
	// Heartbeat is how often an idle event stream says it is alive; default 25s.
	Heartbeat time.Duration
}

// Server serves the live boards; it is an http.Handler.
type Server struct {
	cfg    Config
	table  *table.Table
	rooms  rooms
	assets http.Handler
	// streams bounds the event streams: cfg.Context, or less when EndStreams ends them first.
	streams    context.Context
	endStreams context.CancelFunc
	// branches limits the lines each viewer tries on finished games, reviews the reviews each
	// viewer starts.
	branches, reviews limiter
	// coaching holds the viewers whose hint or review is being searched: one at a time each.
	coaching coaching
	// reviewed keeps the finished games' reviews, so that a crowd of watchers costs one search.
	reviewed reviewCache
}

//go:embed assets
var assets embed.FS

// New serves the live boards of cfg.Bot's games.
func New(cfg Config) *Server {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Context == nil {
		cfg.Context = context.Background()
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = 25 * time.Second
	}
	cfg.Public = strings.TrimRight(cfg.Public, "/")
	sub, _ := fs.Sub(assets, "assets")
	s := &Server{cfg: cfg, table: cfg.Bot.Table(),
		assets:   http.StripPrefix("/assets/", http.FileServerFS(sub)),
		branches: limiter{burst: BranchBurst, every: BranchEvery},
		reviews:  limiter{burst: 1, every: ReviewEvery}}
	s.streams, s.endStreams = context.WithCancel(cfg.Context)
	return s
}

// EndStreams ends every event stream, as a shutdown must: the pages reconnect, to another
// replica or to this server once it is back. Register it with http.Server.RegisterOnShutdown:
// a shutdown otherwise waits for the streams, which do not end by themselves, and knows nothing
// of those the rooms hold. The streams end too when Config.Context does.
func (s *Server) EndStreams() { s.endStreams() }

// ServeHTTP routes a request (see the package's doc).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
	if s.cfg.Activity != nil {
		activityHeaders(h) // the boards open inside Discord's iframe too
	}
	if s.serveActivity(w, r) {
		return
	}
	path := r.URL.Path
	if strings.HasPrefix(path, "/assets/") && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		h.Set("Cache-Control", "no-cache")
		s.assets.ServeHTTP(w, r)
		return
	}
	rest, ok := strings.CutPrefix(path, Prefix)
	if !ok {
		http.NotFound(w, r)
		return
	}
	name, action, _ := strings.Cut(rest, "/")
	id, ok := s.game(name)
	if !ok {
		http.NotFound(w, r)
		return
	}
	verb, arg, _ := strings.Cut(action, "/")
	switch {
	case verb == "" && arg == "" && r.Method == http.MethodGet:
		s.page(w, r, id)
	case verb == "state" && arg == "" && r.Method == http.MethodGet:
		s.stateOf(w, r, id)
	case verb == "events" && arg == "" && r.Method == http.MethodGet:
		s.events(w, r, id)
	case verb == "join" && arg != "" && r.Method == http.MethodGet:
		s.join(w, r, id, arg)
	case (verb == "decide" || verb == "resign" || verb == "offer") && arg == "" && r.Method == http.MethodPost:
		s.decide(w, r, id, verb)
	case verb == "branch" && arg == "" && r.Method == http.MethodPost:
		s.branch(w, r, id)
	case verb == "hint" && arg == "" && r.Method == http.MethodPost:
		s.hint(w, r, id)
	case verb == "review" && arg == "" && r.Method == http.MethodPost:
		s.review(w, r, id)
	default:
		http.NotFound(w, r)
	}
}

// wordsFor is the viewer's language: inside the Activity their Discord locale (langCookie), else
// from Accept-Language: Portuguese or English.
func wordsFor(r *http.Request) *say.Words {
	if c, err := r.Cookie(langCookie); err == nil && (c.Value == say.Portuguese || c.Value == say.English) {
		return say.For(c.Value)
	}
	tags, _, _ := language.ParseAcceptLanguage(r.Header.Get("Accept-Language"))
	for _, t := range tags {
		base, _ := t.Base()
		switch base.String() {
		case "pt":
			return say.For(say.Portuguese)
		case "en":
			return say.For(say.English)
		}
	}
	return say.For(say.English)
}

// viewer is who looks at game id: their seat (NoSeat for a watcher), the member ("" for a
// watcher), and the game as they see it; ok false when they may not see it at all.
func (s *Server) viewer(r *http.Request, id uint64) (l bot.LiveView, member string, seat games.Seat, err error) {
	l, err = s.cfg.Bot.Live(id, wordsFor(r))
	if err != nil {
		return l, "", games.NoSeat, err
	}
	member = s.member(r, id)
	seat = games.NoSeat
	if member != "" {
		seat = l.SeatOf(member)
	}
	// A session for the game (a player's, or an Activity's member's in its channel) lets see it.
	if seat == games.NoSeat && member == "" && s.cfg.Watch != nil && !s.cfg.Watch(l.Game) {
		return l, member, seat, table.Refuse(table.NotFound, "refusal.game-gone")
	}
	return l, member, seat, nil
}

// missing answers a game that is not there, or not for this viewer: a bare 404.
func (s *Server) missing(w http.ResponseWriter, r *http.Request, id uint64, err error) {
	if !table.Missing(err) {
		s.cfg.Log.Warn("could not show a live board", "game", id, "err", err)
	}
	http.NotFound(w, r)
}

//go:embed assets/board.html
var pageHTML []byte

// langMark stands in the page for its language.
var langMark = []byte("{{lang}}")

// page serves the client: the same page for every game; it reads its game from its address.
func (s *Server) page(w http.ResponseWriter, r *http.Request, id uint64) {
	if _, _, _, err := s.viewer(r, id); err != nil {
		s.missing(w, r, id, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	// The page says which language it speaks, for screen readers: the one its texts come in.
	w.Write(bytes.Replace(pageHTML, langMark, []byte(wordsFor(r).Lang()), 1))
}

func (s *Server) stateOf(w http.ResponseWriter, r *http.Request, id uint64) {
	l, _, seat, err := s.viewer(r, id)
	if err != nil {
		s.missing(w, r, id, err)
		return
	}
	st := state(l, seat)
	// A finished game is stepped through: ?ply=N shows it after N decisions.
	if q := r.URL.Query()["ply"]; len(q) > 0 {
		n, err := strconv.Atoi(q[0])
		if len(q) != 1 || err != nil || len(q[0]) > 6 || !st.Over || n < 0 || n > st.Ply {
			http.NotFound(w, r)
			return
		}
		if st, err = stepped(st, l, n); err != nil {
			s.missing(w, r, id, err)
			return
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, st)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// join uses a personal link: it sets the member's session for the game and leads to the board.
func (s *Server) join(w http.ResponseWriter, r *http.Request, id uint64, token string) {
	member, err := s.redeem(token, id)
	if err != nil || member == "" {
		ws := wordsFor(r)
		status, msg := http.StatusForbidden, ws.T("web.link-refused", nil)
		if err != nil {
			s.cfg.Log.Error("could not take a personal link", "game", id, "err", err)
			status, msg = http.StatusServiceUnavailable, ws.T("web.link-unchecked", nil)
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(status)
		io.WriteString(w, msg+"\n")
		return
	}
	http.SetCookie(w, s.session(member, id))
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, Prefix+s.name(id), http.StatusSeeOther)
}

// foreign reports whether r comes from a page of another site than ours (or Discord's).
func (s *Server) foreign(r *http.Request) bool {
	o := r.Header.Get("Origin")
	return o != "" && o != s.cfg.Public && o != "http://"+r.Host && o != "https://"+r.Host && !s.inDiscord(o)
}

// readDecision reads what the page sent to decide (or to ask for a hint) from our own origin; it
// refuses what it cannot take, in bare's language.
func (s *Server) readDecision(w http.ResponseWriter, r *http.Request, bare bot.LiveView) (decision, bool) {
	if s.foreign(r) {
		s.refuse(w, r, bare, table.Refuse(table.Refused, "web.foreign-origin"))
		return decision{}, false
	}
	var d decision
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil || len(body) > maxBody || json.Unmarshal(body, &d) != nil || d.Ply < 0 || len(d.Play) > 200 {
		s.refuse(w, r, bare, table.Refuse(unreadable, "web.bad-request"))
		return decision{}, false
	}
	return d, true
}

// playerRequest is a player's request about a game: what it sent, the game as it stands and the
// member its session names, acting in it.
type playerRequest struct {
	decision decision
	game     table.View
	actor    table.Actor
}

// playerRequest reads a player's request about game id (a decision, an offer, a hint); false once
// it was refused: another site's, unreadable, without a player's session, or no such game.
func (s *Server) playerRequest(w http.ResponseWriter, r *http.Request, id uint64, bare bot.LiveView) (playerRequest, bool) {
	d, ok := s.readDecision(w, r, bare)
	if !ok {
		return playerRequest{}, false
	}
	member := s.member(r, id)
	if member == "" {
		s.refuse(w, r, bare, table.Refuse(table.Refused, "web.watcher"))
		return playerRequest{}, false
	}
	v, err := s.table.Game(id)
	if err != nil {
		s.missing(w, r, id, err)
		return playerRequest{}, false
	}
	rec := v.Game
	a := table.Actor{User: member, Place: table.Place{Guild: rec.Guild, Channel: rec.Channel}, Kind: rec.Kind, Log: s.cfg.Log}
	return playerRequest{decision: d, game: v, actor: a}, true
}

// A decision sent by the page.
type decision struct {
	Ply  int    `json:"ply"`
	Play string `json:"play"`
}

// maxBody bounds what the page may send: a decision is a few bytes.
const maxBody = 1 << 10

// answer is the reply to a decision: the new state, or why nothing changed.
type answer struct {
	Error string `json:"error,omitempty"`
	State *State `json:"state,omitempty"`
}

// decide takes a decision, a resignation or an offer from the page, through the same table calls
// as a button's, refused as they would be.
func (s *Server) decide(w http.ResponseWriter, r *http.Request, id uint64, verb string) {
	bare := bot.LiveView{Words: wordsFor(r)}
	p, ok := s.playerRequest(w, r, id, bare)
	if !ok {
		return
	}
	d, a := p.decision, p.actor
	a.Salt = "web-" + strconv.FormatUint(id, 10) + "-" + strconv.Itoa(d.Ply)
	var v table.View
	var err error
	switch verb {
	case "decide":
		v, err = s.table.Choose(a, id, d.Ply, d.Play, "")
	case "resign":
		v, err = s.table.ResignGame(a, id)
	case "offer":
		v, err = s.offer(a, id, d.Ply)
	}
	if err != nil {
		s.refuseIn(w, r, id, bare, err)
		return
	}
	// The answer is the game as this decision left it; what follows (the bot's reply) comes by
	// the stream.
	l, _, seat, lerr := s.viewer(r, id)
	go s.cfg.Bot.Decided(s.cfg.Context, v)
	if lerr != nil {
		writeJSON(w, http.StatusOK, answer{})
		return
	}
	st := state(l, seat)
	writeJSON(w, http.StatusOK, answer{State: &st})
}

// offer makes or accepts an offer in game id, at ply. The table's offer acts on the member's game
// of its kind in its channel: that must be this one.
func (s *Server) offer(a table.Actor, id uint64, ply int) (table.View, error) {
	v, err := s.table.Game(id)
	if err != nil {
		return table.View{}, err
	}
	rec := v.Game
	switch {
	case v.Over():
		return table.View{}, table.Refuse(table.Stale, "refusal.already-over")
	case v.SeatOf(a.User) == games.NoSeat:
		return table.View{}, table.Refuse(table.Refused, "refusal.not-yours", "Kind", rec.Kind)
	case rec.Ply != ply:
		return table.View{}, table.Refuse(table.Stale, table.StaleBoard)
	}
	if active, err := s.table.ActiveGame(rec.Channel, rec.Kind, a.User); err != nil || active.ID != id {
		return table.View{}, table.Refuse(table.Stale, table.StaleBoard)
	}
	o, err := s.table.Offer(a)
	if err != nil {
		return table.View{}, err
	}
	return o.View, nil
}
