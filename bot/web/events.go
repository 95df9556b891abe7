package web

import (
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"time"

	"tabuleiro/games"
)

// events streams game id's state to one viewer: at once, then after every change, as server-sent
// events ("state"). The browser's EventSource reconnects by itself after a restart. The stream
// sends a state only when what the viewer sees changed, and a comment now and then so that
// proxies keep it open. A watcher's stream is their room's (rooms.go); a player's is their own
// (their choices are theirs).
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
	if seat == games.NoSeat {
		s.watcherEvents(w, flusher, r, id, l.Words.Lang())
		return
	}
	changed, stop := s.watch(id)
	defer stop()
	// Read again now that the watch is on: a change made meanwhile is not missed.
	reread := func() ([]byte, bool) {
		l, _, seat, err := s.viewer(r, id)
		if err != nil {
			return nil, false
		}
		b, err := json.Marshal(state(l, seat))
		return b, err == nil
	}
	first, ok := reread()
	if !ok {
		return
	}
	send := openStream(w, flusher)
	if send(first) {
		s.stream(w, flusher, r, send, nil, changed, reread)
	}
}

// watcherEvents streams game id to a watcher in lang. The watcher joins the game's room before
// reading it, so that no change falls in between; then, where it can, the room takes the
// connection over and this request is done.
func (s *Server) watcherEvents(w http.ResponseWriter, flusher http.Flusher, r *http.Request, id uint64, lang string) {
	sw, leave := s.enter(id, lang)
	l, _, _, err := s.viewer(r, id)
	if err != nil {
		leave()
		return
	}
	first, err := json.Marshal(state(l, games.NoSeat))
	if err != nil {
		leave()
		return
	}
	if conn, taken := takeOver(w, r, first); taken {
		if conn == nil {
			leave()
			return
		}
		s.hold(sw, conn, first, leave)
		return
	}
	defer leave()
	send := openStream(w, flusher)
	if send(first) {
		s.stream(w, flusher, r, send, sw.c, nil, nil)
	}
}

// stream sends the viewer each state that comes on shared, or that reread makes after each
// change, and a heartbeat when idle, until the page or the server goes.
func (s *Server) stream(w http.ResponseWriter, flusher http.Flusher, r *http.Request, send func([]byte) bool,
	shared <-chan []byte, changed <-chan struct{}, reread func() ([]byte, bool)) {
	beat := time.NewTicker(s.cfg.Heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.streams.Done():
			return
		case <-beat.C:
			if _, err := w.Write(alive); err != nil {
				return
			}
			flusher.Flush()
		case b := <-shared:
			if !send(b) {
				return
			}
		case <-changed:
			b, ok := reread()
			if !ok || !send(b) {
				return
			}
		}
	}
}

// streamHeaders are an event stream's own headers.
func streamHeaders(h http.Header) {
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
}

// openStream starts a server-sent event stream on w and gives what sends a state on it (a state
// the same as the last one sent is not sent again); false once the page has gone.
func openStream(w http.ResponseWriter, flusher http.Flusher) func(b []byte) bool {
	// A stream outlives the server's write timeout, which is for answers that end.
	http.NewResponseController(w).SetWriteDeadline(time.Time{})
	streamHeaders(w.Header())
	w.WriteHeader(http.StatusOK)
	var last []byte
	return func(b []byte) bool {
		if bytes.Equal(b, last) {
			return true
		}
		last = b
		if _, err := w.Write(event(b)); err != nil {
			return false
		}
		flusher.Flush()
		return true
	}
}

// takeOver takes a watcher's connection from net/http, where it can, and begins the stream on it
// with the first state: the response's head (the headers set on w so far and the stream's, the
// body running until the connection closes) and the state's event. It cannot over HTTP/2, nor
// from a ResponseWriter that is not itself a Hijacker (a wrapper that changes the body, such as a
// compressor, would be bypassed): taken is false then, and the request streams. conn is nil
// when taken but the page had already gone.
func takeOver(w http.ResponseWriter, r *http.Request, first []byte) (conn net.Conn, taken bool) {
	hj, ok := w.(http.Hijacker)
	if !ok || r.ProtoMajor != 1 || w.Header().Get("Content-Encoding") != "" {
		return nil, false
	}
	h := w.Header().Clone()
	streamHeaders(h)
	h.Set("Connection", "close")
	h.Set("Date", time.Now().UTC().Format(http.TimeFormat))
	conn, _, err := hj.Hijack()
	if err != nil {
		return nil, false
	}
	// The server's read and write timeouts are for requests that end.
	conn.SetDeadline(time.Time{})
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\n")
	h.Write(&head)
	head.WriteString("\r\n")
	head.Write(event(first))
	conn.SetWriteDeadline(time.Now().Add(writeWait))
	if _, err := conn.Write(head.Bytes()); err != nil {
		conn.Close()
		return nil, true
	}
	return conn, true
}

// watch signals when game id changes (table.Watch).
func (s *Server) watch(id uint64) (<-chan struct{}, func()) { return s.table.Watch(id) }
