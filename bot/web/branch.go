package web

import (
	"context"
	"encoding/json"
	"io"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"tabuleiro/bot"
	"tabuleiro/render/live"
	"tabuleiro/table"
)

// A line tried by the page on a finished game: from its first Ply decisions, the decisions Plays.
type branchRequest struct {
	Ply   int      `json:"ply"`
	Plays []string `json:"plays"`
}

// maxBranchBody bounds a branch's request: a few hundred short decisions.
const maxBranchBody = 16 << 10

// Each viewer may try BranchBurst lines at once, then one every BranchEvery: each is searched by
// hard, as a hint is.
const (
	BranchBurst = 10
	BranchEvery = 2 * time.Second
)

// limiter is a token bucket per viewer: burst tokens, one more every every.
type limiter struct {
	burst   float64
	every   time.Duration
	mu      sync.Mutex
	buckets map[string]bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// allow takes a token from who's bucket at now, if there is one.
func (l *limiter) allow(who string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.buckets == nil || len(l.buckets) > 10000 {
		l.buckets = map[string]bucket{} // a flood forgets everyone: each starts full again
	}
	b, ok := l.buckets[who]
	if !ok {
		b = bucket{tokens: l.burst, at: now}
	}
	b.tokens = math.Min(l.burst, b.tokens+now.Sub(b.at).Seconds()/l.every.Seconds())
	b.at = now
	if b.tokens < 1 {
		l.buckets[who] = b
		return false
	}
	b.tokens--
	l.buckets[who] = b
	return true
}

// origin names the viewer without a session by where they come from: their IPv4 address, or the
// /64 of their IPv6 address (one host is given a whole /64, and could otherwise try lines from as
// many addresses as it likes).
func origin(remote string) string {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	if ip = ip.Unmap(); ip.Is4() {
		return ip.String()
	}
	p, _ := ip.Prefix(64)
	return p.String()
}

// branch answers a line tried on a finished game's board with the position it reaches, its
// choices, hard's estimate and the endgame database's exact value where it decides. Anyone who may
// watch the game may try lines; nothing is stored.
func (s *Server) branch(w http.ResponseWriter, r *http.Request, id uint64) {
	ws := wordsFor(r)
	bare := bot.LiveView{Words: ws}
	if o := r.Header.Get("Origin"); o != "" && o != s.cfg.Public && o != "http://"+r.Host && o != "https://"+r.Host {
		s.refuse(w, r, bare, table.Refuse(table.Refused, "web.foreign-origin"))
		return
	}
	var d branchRequest
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBranchBody+1))
	if err != nil || len(body) > maxBranchBody || json.Unmarshal(body, &d) != nil || d.Ply < 0 {
		s.refuse(w, r, bare, table.Refuse(unreadable, "web.bad-request"))
		return
	}
	l, member, seat, err := s.viewer(r, id)
	if err != nil {
		s.missing(w, r, id, err)
		return
	}
	who := member
	if who == "" {
		who = origin(r.RemoteAddr)
	}
	if !s.branches.allow(who, s.cfg.Now()) {
		w.Header().Set("Retry-After", strconv.Itoa(int(BranchEvery/time.Second)))
		s.refuse(w, r, bare, table.Refuse(tooMany, "web.branch-busy"))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	b, err := s.table.Branch(ctx, l.View, d.Ply, d.Plays)
	if err != nil {
		s.refuse(w, r, l, err)
		return
	}
	st := state(l, seat)
	g := b.Live
	st.At, st.Board, st.Last = &d.Ply, live.Board(g), last(g, st.Players, ws)
	st.Shown = strings.ReplaceAll(ws.T("web.branch-shown", map[string]any{"Ply": d.Ply, "Moves": strings.Join(d.Plays, " ")}), "`", "")
	br := &Branch{Plays: d.Plays}
	if g.Outcome().Over() {
		br.Said = append(br.Said, ws.T("web.branch-over", nil))
	} else {
		st.Choices = choices(g)
		win := math.Round(b.Win)
		br.Win = &win
		key := "web.branch-estimate"
		if b.Proven {
			key = "web.branch-proven"
		}
		br.Said = append(br.Said, ws.T(key, map[string]any{"Who": st.Players[g.ToMove()].Name, "Win": win}))
		if b.Exact {
			br.Final = &b.Final
			br.Said = append(br.Said, ws.T("web.branch-exact", map[string]any{"South": st.Players[0].Name, "Mine": b.Final[0],
				"North": st.Players[1].Name, "Theirs": b.Final[1]}))
		}
	}
	st.Branch = br
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, st)
}
