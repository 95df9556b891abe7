package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"time"

	"tabuleiro/games"
)

// events streams game id's state to one viewer: at once, then after every change, as server-sent
// events ("state"). The browser's EventSource reconnects by itself after a restart. The stream
// sends a state only when what the viewer sees changed, and a comment now and then so that
// proxies keep it open.
func (s *Server) events(w http.ResponseWriter, r *http.Request, id uint64) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, wordsFor(r).T("web.streaming", nil), http.StatusInternalServerError)
		return
	}
	l, _, seat, err := s.viewer(r, id)
	if err != nil {
		s.missing(w, r, id, err)
		return
	}
	// A watcher joins the game's room before reading it, so that no change falls in between;
	// a player's stream reads the game for them alone (their choices are theirs).
	var shared <-chan []byte
	var changed <-chan struct{}
	if seat == games.NoSeat {
		c, leave := s.enter(id, l.Words.Lang())
		defer leave()
		shared = c
	} else {
		c, stop := s.watch(id)
		defer stop()
		changed = c
		// Read again now that the watch is on: a change made meanwhile is not missed.
		if l, _, seat, err = s.viewer(r, id); err != nil {
			return
		}
	}
	send := openStream(w, flusher)
	first, err := json.Marshal(state(l, seat))
	if err != nil || !send(first) {
		return
	}
	beat := time.NewTicker(s.cfg.Heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.cfg.Context.Done():
			return
		case <-s.ending:
			return
		case <-beat.C:
			if _, err := w.Write([]byte(": alive\n\n")); err != nil {
				return
			}
			flusher.Flush()
		case b := <-shared:
			if !send(b) {
				return
			}
		case <-changed:
			l, _, seat, err := s.viewer(r, id)
			if err != nil {
				return
			}
			b, err := json.Marshal(state(l, seat))
			if err != nil || !send(b) {
				return
			}
		}
	}
}

// EndStreams ends every event stream, open now or opened later, so that the HTTP server's
// Shutdown need not wait for pages that never close: each page reconnects by itself, to another
// replica or to this one restarted. Everything else is served as before.
func (s *Server) EndStreams() { s.endOnce.Do(func() { close(s.ending) }) }

// openStream starts a server-sent event stream on w and gives what sends a state on it (a state
// the same as the last one sent is not sent again); false once the page has gone.
func openStream(w http.ResponseWriter, flusher http.Flusher) func(b []byte) bool {
	// A stream outlives the server's write timeout, which is for answers that end.
	http.NewResponseController(w).SetWriteDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	var last []byte
	return func(b []byte) bool {
		if bytes.Equal(b, last) {
			return true
		}
		last = b
		if _, err := w.Write(append(append([]byte("retry: 1000\nevent: state\ndata: "), b...), '\n', '\n')); err != nil {
			return false
		}
		flusher.Flush()
		return true
	}
}

// watch signals when game id changes (table.Watch).
func (s *Server) watch(id uint64) (<-chan struct{}, func()) { return s.table.Watch(id) }
