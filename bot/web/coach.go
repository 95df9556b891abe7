package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"tabuleiro/ai"
	"tabuleiro/bot"
	"tabuleiro/games"
	"tabuleiro/render/live"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// The coach on the board: a hint for the player to decide, where the table allows one, and the
// review of a finished game for anyone who may watch it. Both are hard's searches, as `/… hint`
// and `/… review` are.

// HintTimeout bounds a hint's search; ReviewTimeout a whole review's, which searches every
// decision. Each viewer may start one review every ReviewEvery (a review already made is kept
// and answered to anyone without a search).
const (
	HintTimeout   = 30 * time.Second
	ReviewTimeout = 2 * time.Minute
	ReviewEvery   = 30 * time.Second
)

// coaching holds the viewers whose hint or review is being searched: one at a time each, so that
// nobody fills the coach's queue and delays everyone else's.
type coaching struct {
	mu  sync.Mutex
	now map[string]bool
}

// start takes who's turn with the coach, unless they have one already.
func (c *coaching) start(who string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.now[who] {
		return false
	}
	if c.now == nil {
		c.now = map[string]bool{}
	}
	c.now[who] = true
	return true
}

func (c *coaching) done(who string) {
	c.mu.Lock()
	delete(c.now, who)
	c.mu.Unlock()
}

// busy is the refusal of a viewer whose hint or review is still being worked on.
var busy = table.Refuse(tooMany, "coach.refuse.busy")

// HintAnswer is the answer to a hint: the decision suggested, the marks that make it on the board,
// the words `/… hint` answers with, and the game as it stands (the hints left).
type HintAnswer struct {
	Move  string   `json:"move"`
	Marks []string `json:"marks"`
	Said  string   `json:"said"`
	Left  int      `json:"left"`
	State *State   `json:"state,omitempty"`
}

// hint answers the seated player to decide with hard's suggestion, counted against their hints.
// The table refuses it as it would `/… hint`: rated, none left, not their decision, moved on.
func (s *Server) hint(w http.ResponseWriter, r *http.Request, id uint64) {
	bare := bot.LiveView{Words: wordsFor(r)}
	p, ok := s.playerRequest(w, r, id, bare)
	if !ok {
		return
	}
	d, v, a := p.decision, p.game, p.actor
	member := a.User
	rec := v.Game
	var err error
	// The table's hint is for the member's game of its kind in its channel: that must be this one.
	if v.SeatOf(member) == games.NoSeat {
		err = table.Refuse(table.Refused, "refusal.not-yours", "Kind", rec.Kind)
	} else if active, aerr := s.table.ActiveGame(rec.Channel, rec.Kind, member); v.Over() || rec.Ply != d.Ply || aerr != nil || active.ID != id {
		err = table.ErrHintMoved
	} else if _, err = s.table.CanHint(a); err == nil && !s.coaching.start(member) {
		err = busy
	}
	if err != nil {
		s.refuseIn(w, r, id, bare, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), HintTimeout)
	h, err := s.table.Hint(ctx, a)
	cancel()
	s.coaching.done(member)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			err = table.Refuse(tooMany, "coach.busy")
		}
		s.refuseIn(w, r, id, bare, err)
		return
	}
	l, _, seat, err := s.viewer(r, id)
	if err != nil {
		s.missing(w, r, id, err)
		return
	}
	st := state(l, seat)
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, HintAnswer{Move: h.Move, Marks: live.Path(h.View.Live, h.Move), Left: h.Left(),
		Said: flat(bot.HintText(l.Words, h), l), State: &st})
}

// refuseIn refuses a request about game id, naming its players as its board does.
func (s *Server) refuseIn(w http.ResponseWriter, r *http.Request, id uint64, bare bot.LiveView, err error) {
	l, lerr := s.cfg.Bot.Live(id, bare.Words)
	if lerr != nil {
		l = bare
	}
	s.refuse(w, r, l, err)
}

// flat is a text as the page shows it: plain, without the chat's code marks.
func flat(r say.Rich, l bot.LiveView) string { return strings.ReplaceAll(plain(r, l), "`", "") }

// Review is a finished game's review as the page shows it, in the viewer's language.
type Review struct {
	Head      string     `json:"head"`
	Decisions []Reviewed `json:"decisions"` // each decision hard finds clearly better than played
	Accuracy  []string   `json:"accuracy"`  // each player's
	Legend    string     `json:"legend"`
}

// Reviewed is a decision hard finds clearly better than the one played.
type Reviewed struct {
	Ply    int    `json:"ply"`  // from 1
	Mark   string `json:"mark"` // ?! ? ??
	Played string `json:"played"`
	Better string `json:"better"`
	Said   string `json:"said"`
}

// reviewCache keeps the reviews of finished games (a finished game never changes), each searched
// once however many ask: those who ask while it is searched wait for it.
type reviewCache struct {
	mu sync.Mutex
	m  map[uint64]*reviewing
}

// reviewing is one game's review, done once ready is closed.
type reviewing struct {
	ready  chan struct{}
	review ai.Review
	err    error
}

// maxReviews bounds the reviews kept: past it, the finished ones are forgotten.
const maxReviews = 256

// of is game id's review, searched or being searched, if any.
func (c *reviewCache) of(id uint64) *reviewing {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[id]
}

// start is game id's review, begun by search unless it is there already (begun false).
func (c *reviewCache) start(id uint64, search func() (ai.Review, error)) (rv *reviewing, begun bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if rv := c.m[id]; rv != nil {
		return rv, false
	}
	if c.m == nil || len(c.m) >= maxReviews {
		c.m = map[uint64]*reviewing{}
	}
	rv = &reviewing{ready: make(chan struct{})}
	c.m[id] = rv
	go func() {
		rv.review, rv.err = search()
		if rv.err != nil {
			c.forget(id, rv) // the next to ask tries again
		}
		close(rv.ready)
	}()
	return rv, true
}

func (c *reviewCache) forget(id uint64, rv *reviewing) {
	c.mu.Lock()
	if c.m[id] == rv {
		delete(c.m, id)
	}
	c.mu.Unlock()
}

// review answers a finished game's review to anyone who may watch it: searched once a game, a
// viewer starting at most one every ReviewEvery, and one hint or review at a time.
func (s *Server) review(w http.ResponseWriter, r *http.Request, id uint64) {
	bare := bot.LiveView{Words: wordsFor(r)}
	if s.foreign(r) {
		s.refuse(w, r, bare, table.Refuse(table.Refused, "web.foreign-origin"))
		return
	}
	l, member, _, err := s.viewer(r, id)
	if err != nil {
		s.missing(w, r, id, err)
		return
	}
	if !l.Over() {
		_, err := s.table.Review(r.Context(), l.View) // refused at once: the game is not over
		s.refuse(w, r, l, err)
		return
	}
	rv := s.reviewed.of(id)
	if rv == nil {
		who := member
		if who == "" {
			who = origin(r.RemoteAddr)
		}
		if !s.coaching.start(who) {
			s.refuse(w, r, l, busy)
			return
		}
		if !s.reviews.allow(who, s.cfg.Now()) {
			s.coaching.done(who)
			w.Header().Set("Retry-After", strconv.Itoa(int(ReviewEvery/time.Second)))
			s.refuse(w, r, l, table.Refuse(tooMany, "web.review-busy"))
			return
		}
		view := l.View
		var begun bool
		rv, begun = s.reviewed.start(id, func() (ai.Review, error) {
			defer s.coaching.done(who)
			// Not the request's context: those who wait for the same review keep it going.
			ctx, cancel := context.WithTimeout(s.cfg.Context, ReviewTimeout)
			defer cancel()
			start := time.Now()
			review, err := s.table.Review(ctx, view)
			s.cfg.Log.Info("web review", "game", id, "decisions", len(review.Decisions), "took", time.Since(start).Round(time.Millisecond), "err", err)
			return review, err
		})
		if !begun {
			s.coaching.done(who) // another viewer began it meanwhile
		}
	}
	select {
	case <-rv.ready:
	case <-r.Context().Done():
		return
	}
	if err := rv.err; err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			err = table.Refuse(tooMany, "coach.busy")
		}
		s.refuse(w, r, l, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, reviewOf(l, rv.review))
}

// reviewOf words review for l's viewer.
func reviewOf(l bot.LiveView, review ai.Review) Review {
	wr := bot.ReviewFor(l.View, review, l.Words)
	out := Review{Head: flat(wr.Head, l), Legend: flat(wr.Legend, l), Decisions: []Reviewed{}}
	for _, x := range wr.Decisions {
		out.Decisions = append(out.Decisions, Reviewed{Ply: x.Ply, Mark: x.Mark, Played: x.Played, Better: x.Better, Said: flat(x.Said, l)})
	}
	for _, a := range wr.Accuracy {
		out.Accuracy = append(out.Accuracy, flat(a, l))
	}
	return out
}

// hintsOf is what state says of the viewer in seat you and hints: whether they may ask for one
// now, and how many are left (as the table's CanHint: a team's seat is nobody's to ask for).
func hintsOf(rec store.Game, g games.Game, you games.Seat) (may bool, left int) {
	if rec.Rated || rec.Seats[you].Team {
		return false, 0
	}
	left = max(0, table.HintsPerGame-rec.Hints[you])
	return !g.Outcome().Over() && g.ToMove() == you && left > 0, left
}
